"""Card text the grammar did not read (an `unread` node, judge.text.partial), reached as the Summon
or ability holding it resolves: the ruling says "not read: <words> — resolve by hand", citing the
clause of that kind of ability (11.3.1 Summon, 11.6.1 action, 11.7.1 special, 11.8.1 auto, 11.10.2
EX Burst), and the run is never ok. The rest of the effect goes on in written order (11.11.5).
"""

from __future__ import annotations

from typing import Any

from judge.engine.core import not_read
from judge.engine.fftcg.effects.registry import effect
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.state import State
from judge.text import ast

#: what is resolving (`effects.Ctx.kind`) → the concept of the clause for that kind of ability
KIND_CONCEPT = {"summon": "cast_summon", "action": "action_ability", "special": "special_ability",
                "auto": "auto_ability", "ex_burst": "ex_burst", "field": "field_ability"}


def _unread(s: State, e: ast.Unread, ctx: Any, log: Log) -> State:
    cites = log.cites(KIND_CONCEPT.get(ctx.kind, "auto_ability"))
    log.steps.append(not_read(f"{ctx.label}: \u201c{e.words}\u201d", cites))
    return s


effect(ast.Unread, concepts=tuple(KIND_CONCEPT.values()),
       meaning="words the card grammar did not read: a judge resolves them", reads=("words",))(_unread)

def on_field(s: State, uid: str, ab: ast.Ability, log: Log) -> None:
    """A field ability (11.9.1: it applies while its card is on the field) with words not read, or a
    line none of which was read (what sort of ability it is unknown: it may apply), of a Character on
    the field: "not read" once per ruling, since the ruling may depend on it."""
    from judge.text.typed import unread_nodes

    if ab.kind not in (ast.AbilityKind.FIELD, ast.AbilityKind.CONSTANT, ast.AbilityKind.UNREAD) or ab.cost:
        return
    for n in unread_nodes(ab):
        what = f"{s.name_of(uid)} (field ability): \u201c{n.words}\u201d"
        if not any(step.not_read == what for step in log.steps):
            log.steps.append(not_read(what, log.cites("field_ability")))


__all__ = ["KIND_CONCEPT", "on_field"]
