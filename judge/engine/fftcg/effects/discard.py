"""Discard (15.1.1.4): cards go from a player's hand to their Break Zone, chosen by that player — or, "at
random", by chance.

The player who discards picks which cards of the kind named (15.1.1.4.1, 6.2.3); a discard "at random" is
no one's choice: the engine cannot draw the lot, so it asks which card the random pick gave (a decision as
data the judge answers with what happened at the table), and says so. Then "When your opponent discards …"
watchers hear of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.log import Log, Refused, take_cards
from judge.engine.fftcg.state import State
from judge.engine.fftcg.zones.moves import move
from judge.engine.kernel.values import evolve as replace
from judge.text import ast

#: the mark of a selector whose card is picked by chance ("discards 1 card at random")
RANDOM = "random"


def candidates_in_hand(s: State, uid: str, sel: ast.Selector, player: str, source: str | None) -> bool:
    """Whether a card in `player`'s hand is of the kind a discard names ("discard 1 Summon")."""
    from judge.engine.fftcg.query import _any_card, matches

    bare = replace(sel, zone=None, count=1, state=None if sel.state == RANDOM else sel.state)
    return _any_card(bare) or matches(s, uid, bare, player, source)


def _picked(s: State, p: str, e: ast.Discard, hand: tuple[str, ...], random: bool) -> tuple[State, list[str]]:
    """The cards `p` discards when more are possible: their choice, or what the random pick gave."""
    prompt = (f"{p} discards {e.count} card(s) at random: which the random pick gave (chance, not a choice)"
              if random else f"{p} discards {e.count} card(s)")
    s, chosen = take_cards(s, p, "discard", prompt, tuple(hand), e.count or 0, "kw_discard")
    if len(chosen) != e.count or any(u not in hand for u in chosen):
        raise Refused(f"{p} must discard exactly {e.count} card(s) from their hand", "kw_discard")
    return s, chosen


def _fixed(s: State, e: ast.Discard, ctx: Any, p: str, hand: tuple[str, ...], log: Log) -> tuple[State, list[str]] | None:
    """The cards a discard names that another selection fixes (11.11.5): "… discards it" (the cards just
    selected), "… discards this card" of those revealed, or a card of `p`'s hand the effect's controller
    selects ("Select 1 card from their hand. Your opponent discards this card."). None: `p` picks."""
    t = e.target
    if t is None:
        return None
    if t.ref in ("it", "them"):
        return s, [u for u in ctx.picked if u in hand]
    if t.zone != "revealed" and not (t.chooser is ast.Player.YOU and p != ctx.controller):
        return None
    kind = replace(t, owner=None, zone="hand", count=1, chooser=None)
    pool = tuple(u for u in hand if (t.zone != "revealed" or u in ctx.revealed)
                 and candidates_in_hand(s, u, kind, p, ctx.source))
    n = min(e.count or 1, len(pool))
    if len(pool) <= n:
        return s, list(pool)
    s, chosen = take_cards(s, ctx.controller, "select", f"{ctx.controller} selects {n} card(s) of {p}'s hand for "
                           f"{p} to discard ({ctx.label})", pool, n, "resolution_choice")
    if len(chosen) != n or any(u not in pool for u in chosen):
        raise Refused(f"{ctx.controller} must select {n} of {', '.join(pool)}", "resolution_choice")
    log.add(f"{ctx.controller} selects {', '.join(s.name_of(u) for u in chosen)} for {p} to discard",
            "resolution_choice", "kw_discard")
    return s, chosen


def discard(s: State, e: ast.Discard, ctx: Any, log: Log, players_of: Callable[..., list[str]]) -> State:
    """Discard (15.1.1.4): the player picks which (of the kind named); "discard your hand": all of it; a card
    another selection fixed (`_fixed`) is that card."""
    random = e.target is not None and e.target.state == RANDOM
    for p in players_of(e.player, ctx):
        hand = s.zones[p].hand
        fixed = _fixed(s, e, ctx, p, hand, log)
        if fixed is not None:
            s, chosen = fixed
            s = _discarded(s, p, chosen, ctx, log)
            continue
        if e.target is not None:
            kind = replace(e.target, owner=None, zone="hand", count=e.count or None)
            hand = tuple(u for u in hand if candidates_in_hand(s, u, kind, p, ctx.source))
        if not hand:
            log.add(f"{p} has no card in hand to discard: that part of the effect does nothing", "impossible_text")
            continue
        if e.count == 0 or len(hand) <= e.count:
            chosen = list(hand)
            log.add(f"{p} has {len(hand)} card(s) in hand: the only choice is to discard all of them", "kw_discard")
        else:
            s, chosen = _picked(s, p, e, hand, random)
            if random:
                log.add(f"{p} discards {', '.join(s.name_of(u) for u in chosen)} at random (the result given for the "
                        f"random pick)", "kw_discard")
        s = _discarded(s, p, chosen, ctx, log)
    return s


def _discarded(s: State, p: str, chosen: list[str], ctx: Any, log: Log) -> State:
    for u in chosen:
        s = move(s, u, "break", log, why=("kw_discard",))
    if chosen and p != ctx.controller:       # "When your opponent discards … due to your Summons or abilities"
        s = emit(s.record("opp_discarded", None, ctx.controller), "opp_discards", None, log, player=ctx.controller)
    return s


__all__ = ["RANDOM", "candidates_in_hand", "discard"]
