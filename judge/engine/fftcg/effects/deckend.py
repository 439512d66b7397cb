"""Cards an effect puts at an end of a deck: which end and in which order, decided by the player who puts them.

A card moved to the deck goes to its owner's deck (7.3) as a new object (7.4), face down in a hidden zone
(7.9.2). "Put it at the top or bottom of its owner's deck" leaves the end to a choice, and "… in any order"
the order: the effect says who performs it ("Your opponent puts them …", the `Move`'s `player`), otherwise its
controller does (6.2.3), and that player makes the choices the effect leaves open (2.1: the card's words over
the default of the top). Both are decisions asked as data (`take_answer`); a scenario answers "top"/"bottom"
per card and, for the order, the cards from the top down.
"""

from __future__ import annotations

from judge.engine.fftcg.log import Log, Refused, as_list, take_answer
from judge.engine.fftcg.state import State
from judge.engine.fftcg.zones.moves import move

#: the destinations this module decides (the others are a fixed end: `zones.moves`)
ENDS = ("deck_top", "deck_bottom")
EITHER = "deck_top_or_bottom"


def _side(s: State, uid: str, who: str, label: str) -> tuple[State, str]:
    """The end of the deck `who` puts this card at ("top" or "bottom")."""
    owner = s.objs[uid].owner
    s, answer = take_answer(s, who, "deck_end", f"{who} puts {s.name_of(uid)} ({uid}) at the top or the bottom of "
                            f"{owner}'s deck ({label})", ("top", "bottom"), "deck_hidden", "owner_zone")
    side = str(as_list(answer)[0]).strip().lower()
    if side not in ("top", "bottom"):
        raise Refused(f"the answer for {s.name_of(uid)} is top or bottom, not {side!r}", "deck_hidden")
    return s, side


def _order(s: State, uids: list[str], who: str, end: str, label: str) -> tuple[State, list[str]]:
    """The order `who` puts several cards at one end of one deck in, from the top down."""
    if len(uids) < 2:
        return s, uids
    s, answer = take_answer(s, who, "deck_order", f"{who} orders the cards put at the {end} of the deck, from the "
                            f"top down ({label})", tuple(uids), "deck_hidden")
    order = [str(a).split(":")[0].strip() for a in as_list(answer)]
    if sorted(order) != sorted(uids):
        raise Refused(f"the order names each of {', '.join(uids)} once", "deck_hidden")
    return s, order


def put_at_ends(s: State, uids: list[str], dest: str, who: str, label: str, log: Log, *,
                any_order: bool = False) -> State:
    """Put `uids` at the `dest` end ("deck_top", "deck_bottom" or either) of their owners' decks, `who` deciding
    the end of each card (either) and the order of several at one end (`any_order`; else the text's order)."""
    sides: dict[str, str] = {}
    for u in uids:
        if dest == EITHER:
            s, sides[u] = _side(s, u, who, label)
        else:
            sides[u] = "top" if dest == "deck_top" else "bottom"
    for owner in dict.fromkeys(s.objs[u].owner for u in uids):
        for end in ("top", "bottom"):
            group = [u for u in uids if sides[u] == end and s.objs[u].owner == owner]
            if any_order:
                s, group = _order(s, group, who, end, label)
            # from the top down: a card put on top goes above the last one, so the top group goes in reverse
            for u in (reversed(group) if end == "top" else group):
                s = move(s, u, f"deck_{end}", log, why=("new_object", "owner_zone"))
    return s


def handles(e: object) -> bool:
    """Whether a `Move` leaves a choice of end or order to a player, or names who performs it (this module)."""
    dest = getattr(e, "dest", None)
    return dest == EITHER or (dest in (*ENDS, "deck") and (bool(getattr(e, "any_order", False))
                                                         or getattr(e, "player", None) is not None))


def apply(s: State, e: object, ctx: object, log: Log, targets: object, players_of: object) -> State:
    """Carry out such a `Move`: its targets (`targets`, the interpreter's), who performs it (`players_of`)."""
    s, uids = targets(s, e, e.target, ctx, log)
    who = players_of(e.player, ctx)[0]
    dest = "deck_top" if e.dest == "deck" else e.dest
    return put_at_ends(s, list(uids), dest, who, ctx.label, log, any_order=e.any_order)


__all__ = ["EITHER", "ENDS", "apply", "handles", "put_at_ends"]
