"""Revealing and looking at the top cards of a deck, and what the rest of the effect does with them.

A main deck is a hidden zone: nobody sees its cards and their order does not change (7.9.2), and it
stays a hidden zone even while cards of it are revealed (7.6.1). "Reveal the top N cards" shows them
to both players; "look at the top N cards" shows them to the effect's controller only; in both cases
the cards stay where they are until the effect moves them ("add it to your hand", "return them to the
top of your deck in any order", "put the rest at the bottom"). The card text overrides the deck's
rule only as far as it says (2.1); a part of the text that cannot be carried out is ignored (2.3).
The later sentences refer to these cards as "it", "them", "among them" or "the other cards".
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg.log import Log, Refused, as_list, take_answer, take_cards
from judge.engine.fftcg.query import matches
from judge.engine.fftcg.state import State, where
from judge.engine.fftcg.zones.moves import enter_field, move, put_under
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import CardIs, Condition, Deploy, Effect, Move, Reveal, Selector, Sequence
from judge.text.ast import Choose as ChooseNode

REFS = ("it", "them", "rest")
#: Condition kinds about the revealed card ("If it is a Forward" / "If it is not a Summon")
IT_KINDS = ("card_is",)          # the condition kinds "if it is a Forward" reads (CardIs, 5.2)
#: the zones `reveal` shows cards of (`effects.run` refuses another as "not modelled"; `judge card` asks the same)
ZONES = frozenset({"deck", "deck_look", "hand", "opponent_hand", "deck_until_found", "deck_shuffle",
                   "revealed_shuffle"})


def reveal(s: State, e: Reveal, ctx: Any, log: Log, after: tuple[Effect, ...] = ()) -> tuple[State, Any]:
    """Reveal (or look at) the top cards of the controller's deck; the rest of the effect may use them."""
    p = ctx.controller
    if e.zone in ("hand", "opponent_hand") and e.count is None:
        return _reveal_hand(s, e, ctx, log)
    if e.zone in ("hand", "opponent_hand"):
        return _reveal_from_hand(s, e, ctx, log, after)
    if e.zone == "deck_until_found":
        return _reveal_until(s, ctx, log, after)
    if e.zone in ("deck_shuffle", "revealed_shuffle"):
        what = "their deck" if e.zone == "deck_shuffle" else "the other revealed cards"
        log.add(f"{p} shuffles {what}: their order becomes random and unknown to both players (the engine keeps "
                f"the listed order)", "deck_hidden")
        return s, (replace(ctx, shuffled=True) if e.zone == "revealed_shuffle" else ctx)
    if e.zone not in ("deck", "deck_look"):
        from judge.errors import ScenarioError

        raise ScenarioError(f"the FFTCG engine cannot reveal cards this way yet ({e.zone}, {ctx.label})")
    deck = s.zones[p].deck
    n = len(deck) if e.count is None else e.count
    top = deck[:n]
    look = e.zone == "deck_look"
    if not top:
        log.add(f"{p}'s deck is empty: there is nothing to {'look at' if look else 'reveal'}", "impossible_text")
    elif look:
        log.add(f"{p} looks at the top {len(top)} card(s) of their deck: {', '.join(s.name_of(u) for u in top)} "
                f"(only {p} sees them; they stay on the deck, which is still a hidden zone)",
                "card_text_precedence", "deck_hidden")
    else:
        log.add(f"{p} reveals the top {len(top)} card(s) of their deck to both players: "
                f"{', '.join(s.name_of(u) for u in top)} (they stay on the deck, still a hidden zone)",
                "hidden_zones", "deck_hidden")
    if len(top) < n and top:
        log.add(f"{p}'s deck has only {len(top)} card(s), so only those are used", "impossible_text")
    return s, replace(ctx, revealed=tuple(top), subject=top[0] if len(top) == 1 else ctx.subject)


def _reveal_hand(s: State, e: Reveal, ctx: Any, log: Log) -> tuple[State, Any]:
    """"Reveal your hand" / "your opponent reveals their hand": shown to both players, the hand stays hidden."""
    p = ctx.controller if e.zone == "hand" else ("B" if ctx.controller == "A" else "A")
    hand = s.zones[p].hand
    shown = ", ".join(s.name_of(u) for u in hand) or "no cards"
    log.add(f"{p} reveals their hand to both players: {shown} (the hand is still a hidden zone)", "hidden_zones")
    return s, replace(ctx, revealed=tuple(hand))


def _reveal_from_hand(s: State, e: Reveal, ctx: Any, log: Log, after: tuple[Effect, ...]) -> tuple[State, Any]:
    """"Reveal 2 Forwards from your hand": the controller selects that many such cards of their hand and shows
    them to both players; they stay in the hand, a hidden zone (4.1). The kind of card is the selection the
    grammar keeps beside the Reveal; with fewer such cards, as many as possible are revealed (2.3)."""
    p = ctx.controller if e.zone == "hand" else ("B" if ctx.controller == "A" else "A")   # who reveals, and chooses
    sel = next((x.target for x in after if isinstance(x, ChooseNode) and x.target.zone == "hand"
                and x.target.choose == "select"), None)
    hand = s.zones[p].hand
    legal = [u for u in hand if s.card(u) is not None and (sel is None or matches(s, u, _free(sel), p, ctx.source))]
    n = e.count or 0
    kind = "/".join(sel.card_types) if sel is not None and sel.card_types else "card"
    if len(legal) <= n:
        picked = legal
        if len(legal) < n:
            log.add(f"{p} has {len(legal)} {kind}(s) in hand, fewer than {n}: they reveal what they can",
                    "impossible_text")
    else:
        s, picked = take_cards(s, p, "select", f"{p} selects {n} {kind}(s) in their hand to reveal for {ctx.label}",
                               tuple(legal), n, "resolution_choice")
        if len(picked) != n or len(set(picked)) != n or any(u not in legal for u in picked):
            raise Refused(f"reveal exactly {n} {kind}(s) among {', '.join(legal)}", "resolution_choice")
    if picked:
        log.add(f"{p} reveals {', '.join(s.name_of(u) for u in picked)} from their hand to both players (the cards "
                f"stay in the hand, a hidden zone)", "hidden_zones", "resolution_choice")
    return s, replace(ctx, revealed=tuple(picked), subject=picked[0] if len(picked) == 1 else ctx.subject)


def _sought(after: tuple[Effect, ...]) -> Selector | None:
    """The kind of card "until a Wind or Water card is revealed" looks for: the grammar keeps it on the next
    move of a revealed card ("Add it to your hand")."""
    for x in after:
        if isinstance(x, Sequence):
            found = _sought(tuple(x.effects))
            if found is not None:
                return found
        sel = getattr(x, "target", None)
        if isinstance(x, Move | Deploy) and isinstance(sel, Selector) and sel.zone == "revealed" and sel.ref is None:
            return sel
    return None


def _reveal_until(s: State, ctx: Any, log: Log, after: tuple[Effect, ...]) -> tuple[State, Any]:
    """"Turn over one card at a time from the top of your deck until a (kind) card is revealed": cards are
    revealed one by one and the first that fits stops it (they stay on the deck, a hidden zone, until the
    effect moves them, 7.6.1); with no such card the whole deck is revealed and nothing is found (2.3)."""
    p = ctx.controller
    sel = _sought(after)
    if sel is None:
        from judge.errors import ScenarioError

        raise ScenarioError(f"the FFTCG engine cannot tell which card ends the reveal ({ctx.label})")
    shown: list[str] = []
    found = None
    for u in s.zones[p].deck:
        shown.append(u)
        if s.card(u) is not None and matches(s, u, _free(sel), p, ctx.source):
            found = u
            break
    names = ", ".join(s.name_of(u) for u in shown) or "nothing (the deck is empty)"
    if found is None:
        log.add(f"{p} turns over their deck one card at a time: {names}; none is the card sought, so that part "
                f"of the effect does nothing", "hidden_zones", "deck_hidden", "impossible_text")
    else:
        log.add(f"{p} turns over cards one at a time from the top of their deck until {s.name_of(found)} fits: "
                f"{names} (revealed to both players; they stay on the deck, still a hidden zone)",
                "hidden_zones", "deck_hidden")
    return s, replace(ctx, revealed=tuple(shown), subject=found if found is not None else ctx.subject)


def told(e: Effect, before: tuple[Effect, ...]) -> bool:
    """Whether `e` is the selection of a "Reveal N … from your hand" before it (used there, not a target)."""
    return isinstance(e, ChooseNode) and e.target.zone == "hand" and e.target.choose == "select" and \
        any(isinstance(x, Reveal) and x.zone in ("hand", "opponent_hand") and x.count is not None for x in before)


def _unmoved(s: State, ctx: Any) -> list[str]:
    """The revealed cards still on top of the deck (not yet moved by a later part of the effect)."""
    deck = s.zones[ctx.controller].deck
    return [u for u in ctx.revealed if u in deck]


def handles(e: Effect, ctx: Any) -> bool:
    """Whether an effect acts on the cards an earlier "reveal / look at" showed."""
    sel = getattr(e, "target", None)
    return bool(getattr(ctx, "revealed", ())) and isinstance(sel, Selector) and isinstance(e, Move | Deploy) \
        and (sel.ref in REFS or sel.zone == "revealed")


def _free(sel: Selector) -> Selector:
    """The selector as a test on one revealed card ("1 card among them": any card; "a Forward": its type)."""
    types = tuple(t for t in sel.card_types if t != "card")
    return replace(sel, ref=None, zone=None, owner=None, count=1, up_to=False, choose="select", card_types=types)


def holds(s: State, cond: Condition, ctx: Any) -> bool | None:
    """"If it is a Forward": compare the revealed card with the selector; with nothing revealed, the card "it"
    names (`it_is`). None: there is no one such card to read."""
    if not isinstance(cond, CardIs):
        return None
    if not getattr(ctx, "revealed", ()):
        return it_is(s, cond, ctx)
    subject = ctx.subject if ctx.subject in ctx.revealed else None
    if subject is None:
        return False
    ok = s.card(subject) is not None and matches(s, subject, _free(cond.selector), ctx.controller, ctx.source)
    return ok != cond.negated


def it_is(s: State, cond: CardIs, ctx: Any) -> bool | None:
    """"Choose 1 Forward. … If it is a Category VI Forward, …": "it" is the card the effect chose (the selector the
    condition is about), read as the effect resolves (11.11.5). None when no one card was chosen (what a delayed
    auto-ability is about is not read here: the grammar folds its own choices and its creator's alike)."""
    about = cond.selector.about
    named = tuple(ctx.targets.get(replace(about, span=None), ())) if isinstance(about, Selector) else ()
    if len(named) != 1 or named[0] not in s.objs or s.card(named[0]) is None:
        return None
    ok = matches(s, named[0], _free(replace(cond.selector, about=None)), ctx.controller, ctx.source)
    return ok != cond.negated


def reads_it(cond: Condition) -> bool:
    """Whether `it_is` reads this "if it is …" (about a card the effect chose)."""
    return isinstance(cond, CardIs) and isinstance(cond.selector.about, Selector)


def _cards(s: State, sel: Selector, ctx: Any, log: Log) -> tuple[State, list[str]]:
    left = _unmoved(s, ctx)
    if sel.ref == "it":
        return s, [u for u in left if u == ctx.subject]
    if sel.ref == "rest" or (sel.ref == "them" and not sel.card_types):
        return s, left
    legal = [u for u in left if s.card(u) is not None and matches(s, u, _free(sel), ctx.controller, ctx.source)]
    n = len(legal) if sel.count is None else sel.count
    if not legal:
        log.add(f"None of the cards revealed is {(sel.card_types and '/'.join(sel.card_types)) or 'such a card'}: "
                f"that part of the effect does nothing", "impossible_text")
        return s, []
    if len(legal) <= n and not sel.up_to:
        return s, legal
    s, answer = take_answer(s, ctx.controller, "select", f"{ctx.controller} selects {n} among the revealed cards "
                            f"for {ctx.label}", tuple(legal), "resolution_choice")
    picked = [str(u) for u in as_list(answer)]
    if len(picked) > n or any(u not in legal for u in picked) or (not sel.up_to and len(picked) != n):
        raise Refused(f"select {n} among {', '.join(legal)}", "resolution_choice")
    log.add(f"{ctx.controller} selects {', '.join(s.name_of(u) for u in picked)} among the revealed cards",
            "resolution_choice")
    return s, picked


def _put_back(s: State, cards: list[str], dest: str, ctx: Any, log: Log) -> State:
    """Return cards to the top and/or bottom of the deck in the order the controller chooses."""
    p = ctx.controller
    if len(cards) > 1 and not getattr(ctx, "shuffled", False):       # shuffled: no order to choose
        s, answer = take_answer(s, p, "deck_order", f"{p} puts {', '.join(cards)} back in any order "
                                f"(list them top first" + ("; add :bottom to send one to the bottom"
                                                            if dest == "deck_top_or_bottom" else "") + ")",
                                tuple(cards), "card_text_precedence")
        picked = [str(a) for a in as_list(answer)]
    else:
        picked = list(cards)
    order = [x.split(":")[0].strip() for x in picked]
    if sorted(order) != sorted(cards):
        raise Refused(f"put back each of {', '.join(cards)} exactly once", "card_text_precedence")
    default = "bottom" if dest == "deck_bottom" else "top"
    side = {x.split(":")[0].strip(): (x.split(":")[1].strip() if ":" in x else default) for x in picked}
    if dest != "deck_top_or_bottom" and any(v != default for v in side.values()):
        raise Refused(f"the effect puts these cards on the {default} of the deck", "card_text_precedence")
    deck = [u for u in s.zones[p].deck if u not in cards]
    top = [u for u in order if side[u] == "top"]
    bottom = [u for u in order if side[u] == "bottom"]
    s = s.with_zones(p, deck=(*top, *deck, *bottom))
    where_ = "; ".join(f"{', '.join(x)} on the {w}" for x, w in ((top, "top"), (bottom, "bottom")) if x)
    how = "shuffled" if getattr(ctx, "shuffled", False) and len(cards) > 1 else "in the order they chose"
    log.add(f"{p} puts {len(cards)} card(s) back: {where_} of the deck, {how}",
            "card_text_precedence", "deck_hidden",
            changes=tuple(f"{u}: deck -> deck_{side[u]}" for u in order))
    return s


def apply(s: State, e: Effect, ctx: Any, log: Log) -> State:
    """Carry out a move of revealed cards: to the hand, the field, the Break Zone, or back to the deck."""
    s, cards = _cards(s, e.target, ctx, log)
    if not cards:
        return s
    if isinstance(e, Deploy):
        from judge.engine.fftcg.effects.changes import field_of, onto_why

        for u in cards:
            d = s.card(u)
            if d is not None and d.is_character:
                s = enter_field(s, u, field_of(s, e, u, ctx), log, why=onto_why(e))
        return s
    dest = {"trash": "break", "deck": "deck_top"}.get(e.dest, e.dest)
    if dest in ("deck_top", "deck_bottom", "deck_top_or_bottom"):
        return _put_back(s, cards, dest, ctx, log)
    for u in cards:
        if where(s, u)[0] != "deck":
            continue
        if dest == "deck_under_top" and getattr(e, "under", None) is not None:
            s = put_under(s, u, e.under, log)
        elif dest == "hand":
            s = move(s, u, dest, log, quiet=True)
            log.add(f"{s.name_of(u)} is added to {s.objs[u].owner}'s hand from the deck", "new_object",
                    changes=(f"{u}: deck -> hand",))
        else:
            s = move(s, u, dest, log, why=("kw_remove",) if dest == "removed" else ("new_object",))
    return s


__all__ = ["IT_KINDS", "apply", "handles", "holds", "it_is", "reads_it", "reveal", "told"]
