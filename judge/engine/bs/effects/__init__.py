"""Effect AST node families carried out on the board: each module registers the node kinds it performs."""

# Every module of the package, so what each registers (its node kinds, conditions, keywords,
# events) is in the registries whenever the engine is imported.
from judge.engine.bs.effects import (  # noqa: F401
    acts,
    cards,
    modify,
    move_cores,
    not_read,
    replace,
    resolve,
    selections,
    unless_paid,
)
