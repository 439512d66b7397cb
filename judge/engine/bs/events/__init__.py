"""What happened: the record of events and the effects and conditions that read it ("when …", "this turn", "if … was")."""

# Every module of the package, so what each registers (its node kinds, conditions, keywords,
# events) is in the registries whenever the engine is imported.
from judge.engine.bs.events import (  # noqa: F401
    core_events,
    cores,
    delayed,
    delayed_end,
    delayed_when,
    destroyed_how,
    discard_cap,
    draws,
    effect_events,
    facts,
    first_attack,
    happened,
    management,
    no_trigger,
    summon,
    targets,
    triggers,
    watch,
)
