"""Where cards and cores are and what moving them costs: payment with cores, card costs and reductions, life."""

# Every module of the package, so what each registers (its node kinds, conditions, keywords,
# events) is in the registries whenever the engine is imported.
from judge.engine.bs.zones import (  # noqa: F401
    common,
    cost,
    costs,
    life,
    payment,
    piles,
)
