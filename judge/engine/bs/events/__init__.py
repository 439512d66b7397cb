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
    during,
    effect_events,
    facts,
    first_attack,
    happened,
    history,
    management,
    no_trigger,
    soul_paid,
    spends_event,
    summon,
    summoned_by,
    targets,
    triggers,
    watch,
)
