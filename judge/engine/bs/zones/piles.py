"""Cards outside the field: the piles (hand, deck, trash, removed), moving a card between them, and
drawing (4-5-3). What moves them (an effect, the draw step, a destruction) is said by the caller.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import State, with_player

PILES = ("hand", "trash", "deck", "removed")


DESTS = {"hand": "hand", "trash": "trash", "deck_top": "deck", "deck_bottom": "deck", "removed": "removed"}


def pile_of(state: State, cid: str) -> tuple[str, str] | None:
    """(player, area) of a card in a hand, deck, trash or other pile (None: not in one)."""
    return _pile_of(state, cid)


def _pile_of(state: State, cid: str) -> tuple[str, str] | None:
    for name, p in state.players.items():
        for zone in PILES:
            if cid in getattr(p, zone):
                return name, zone
    return None


def place(ctx: Ctx, cid: str, dest: str) -> None:
    """Move a card that is not on the field to its owner's hand / trash / deck top / deck bottom / removed."""
    where = _pile_of(ctx.state, cid)
    if where is None or dest not in DESTS:
        return
    who, zone = where
    p = ctx.state.players[who]
    p = replace(p, **{zone: tuple(c for c in getattr(p, zone) if c != cid)})
    ctx.state = with_player(ctx.state, p)
    owner = ctx.state.owners.get(cid, who)
    o = ctx.state.players[owner]
    pile = getattr(o, DESTS[dest])
    pile = (cid, *pile) if dest == "deck_top" else (*pile, cid)
    ctx.state = with_player(ctx.state, replace(o, **{DESTS[dest]: pile}))
    added = zone == "deck" and dest == "hand"       # put into the hand, not drawn: draw watchers do not see it
    ctx.log(f"{name_of(ctx.state, cid)} goes from {who}'s {zone} to {owner}'s {dest.replace('_', ' ')}"
            f"{' (added, not drawn)' if added else ''}", "area.owner", *(("do.not_draw",) if added else ()))


def draw(ctx: Ctx, who: str, n: int, *concepts: str) -> None:
    """Draw n cards one at a time (4-5-3); an empty deck stops the drawing (1-3-2)."""
    p = ctx.state.players[who]
    k = min(n, len(p.deck))
    ctx.state = with_player(ctx.state, replace(p, hand=p.hand + p.deck[:k], deck=p.deck[k:]))
    extra = "" if k == n else f" (only {k}: the deck is empty)"
    ctx.log(f"{who} draws {k} card(s){extra}", *(concepts or ("do.draw",)),
            *(() if k == n else ("rules.impossible",)))

__all__ = ["DESTS", "PILES", "draw", "pile_of", "place"]
