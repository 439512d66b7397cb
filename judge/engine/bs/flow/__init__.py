"""How a Battle Spirits turn runs: the steps, attacks and battles, the queue of waiting effects and gameplay management."""

# Every module of the package, so what each registers (its node kinds, conditions, keywords,
# events) is in the registries whenever the engine is imported.
from judge.engine.bs.flow import (  # noqa: F401
    battle,
    core_step,
    durations,
    order,
    priority,
    step_effects,
    steps,
    summon,
    timing,
    turn,
)
