"""What "by this effect" names: the cards an earlier action of the same resolution used (11.11.5).

"Your opponent selects 1 Forward for each Character you put into the Break Zone by this effect", "draw 1
card for each Forward you put into the Break Zone by this effect": the text layer gives the counted cards
as a selector whose `zone` is the action's participle ("put_into_break"). They are not the cards of a
zone now (others may be there) but those the resolution moved, so they are read from the one record of
this turn (`State.turn_log`): the records made since the resolution began (`since`), and, for a "When you
do so" auto-ability the resolution created (11.8.17), the records it carries from it (`acted`).

Only actions the record keeps are counted here (put into the Break Zone, dulled); any other participle
("discarded", …) is reported as not modelled by the callers (`countable` is False), never guessed.
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg.conditions import per_count
from judge.engine.fftcg.query import matches
from judge.engine.kernel.values import evolve as replace

#: the action participle of a "… by this effect" selector → the turn record that action makes
ACTED_EVENTS = {"put_into_break": "to_break_from_field", "dulled": "dulled"}
#: where the cards an action names are afterwards, to read their other words against (None: the field)
_NOW_IN = {"put_into_break": "break", "dulled": None}

Record = tuple[str, str | None, str]


def is_acted(sel: Any) -> bool:
    """Whether a selector names the cards an earlier action of this resolution used (see the docstring)."""
    return getattr(sel, "zone", None) in ACTED_EVENTS


def records(s: Any, ctx: Any) -> tuple[Record, ...]:
    """The turn records this resolution made, with those a "When you do so" carries from its creator (what a
    "When you do so" created now carries in turn, 11.8.17)."""
    since = getattr(ctx, "since", None)
    own = s.turn_log[since:] if since is not None else ()
    return (*getattr(ctx, "acted", ()), *own)


def acted_cards(s: Any, sel: Any, ctx: Any) -> list[str]:
    """The cards the action `sel` names did to them in this resolution that fit its other words ("each
    Character you put …": the card types; "you": those the resolving player controlled as they moved, so the
    opponent's Forwards an opponent's selection put there later in the same resolution are not counted —
    the official ruling on Bhunivelze, 24-033L)."""
    event = ACTED_EVENTS[sel.zone]
    bare = replace(sel, zone=_NOW_IN[sel.zone], owner=None, count=None, choose="select")
    out: list[str] = []
    for kind, uid, player in records(s, ctx):
        if kind != event or uid is None or uid in out or uid not in s.objs:
            continue
        if sel.owner is not None and player != ctx.controller:
            continue
        if matches(s, uid, bare, ctx.controller, ctx.source):
            out.append(uid)
    return out


def mark_removed(s: Any, ctx: Any) -> Any:
    """After an ability of `ctx.source` resolved: the cards it removed from the game are "removed by" that card's
    ability (`State.removed_by`) while they stay in the removed zone (the turn records of this resolution)."""
    if ctx.source is None or getattr(ctx, "since", None) is None:
        return s
    out = [u for kind, u, _ in s.turn_log[ctx.since:] if kind == "removed" and u is not None]
    if not out:
        return s
    kept = tuple(x for x in s.removed_by if x[0] not in out)
    return replace(s, removed_by=(*kept, *((u, ctx.source) for u in dict.fromkeys(out))))


def counted(s: Any, per: Any, ctx: Any) -> int | None:
    """What a "for each …" counts as the effect resolves (11.12.4.3): the cards this resolution's action used
    when it names one, else the board's count (`conditions.per_count`; None: not kept by this engine)."""
    if is_acted(per):
        return len(acted_cards(s, per, ctx))
    return per_count(s, per, ctx.controller, ctx.source)


__all__ = ["ACTED_EVENTS", "acted_cards", "counted", "is_acted", "mark_removed", "records"]
