"""Searching the main deck (15.1.1.8): the searching player picks the cards found, or none.

The player looks through their deck for the cards the effect names, picks which to find (a decision
of theirs, never the engine's), reveals them and puts them aside, shuffles the deck and then follows
the rest of the instruction (add to the hand, play onto the field). A card whose next action cannot
be carried out cannot be searched for (a Backup to play when five Backups are out, 15.1.1.8.1); the
player may find nothing even when cards fit (15.1.1.8.2), except for "search for 1 card", which
must find one (15.1.1.8.3). The deck's new order is unknown: the engine keeps the listed order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from judge.engine.fftcg.log import Log, Refused, pick
from judge.engine.fftcg.query import candidates, distinct, names
from judge.engine.fftcg.state import State
from judge.engine.fftcg.zones.moves import enter_field, move, put_under
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Search, Selector


def _any_card(sel: Selector) -> bool:
    """"Search for 1 card": no property narrows it (15.1.1.8.3)."""
    return set(sel.card_types) <= {"card"} and not (sel.colors or sel.families or sel.categories or sel.name
                                                   or sel.thresholds or sel.costs or sel.with_keyword or sel.either)


def _can_enter(s: State, uid: str, player: str) -> bool:
    """Whether the card could be played onto `player`'s field now (the field limits, 7.7.3-7.7.5)."""
    d = s.card(uid)
    if d is None or not d.is_character:
        return False
    mine = s.controlled(player)
    if d.type == "backup" and len(s.controlled(player, ("backup",))) >= 5:
        return False
    if d.light_dark and any(s.card(c.uid) is not None and s.card(c.uid).light_dark for c in mine):
        return False
    return d.generic or not any(d.name in names(s, c.uid) and not s.card(c.uid).generic for c in mine)


#: what "with different …" / "each of a different …" compares (Selector.distinct): the values of one card
DISTINCT = {"name": lambda s, u: names(s, u), "element": lambda s, u: set(s.card(u).elements),
            "card_type": lambda s, u: {s.card(u).type}, "cost": lambda s, u: {s.card(u).cost}}


def _clash(s: State, found: list[str], kinds: tuple[str, ...]) -> tuple[str, str, str] | None:
    """Two cards found that share a value the text says must differ (2.1), or None."""
    for kind in kinds:
        for i, a in enumerate(found):
            for b in found[i + 1:]:
                if DISTINCT[kind](s, a) & DISTINCT[kind](s, b):
                    return a, b, kind
    return None


#: where a found card can be put besides the field or under the top N: the zone `move` takes
MOVES = {"hand": "hand", "break": "break", "trash": "break", "removed": "removed", "deck_top": "deck_top"}


def shapes_refused(e: Search) -> Iterator[str]:
    """The searches `search` has no procedure for (the effect registry's `check`): cards that differ across
    several selectors, or by a property `DISTINCT` does not compare; a place other than the field, under the
    top N, or one of `MOVES`."""
    if e.target.distinct and (e.target.also or not set(e.target.distinct) <= set(DISTINCT)):
        yield "search for cards that differ, across several selectors"
    elif e.dest not in (*MOVES, "field") and not (e.dest == "deck_under_top" and e.under is not None):
        yield f"search to {e.dest}"


def search(s: State, e: Search, ctx: Any, log: Log) -> State:
    """Carry out "search for N … and add it to your hand / play it onto the field" (15.1.1.8)."""
    p = ctx.controller
    from judge.engine.fftcg.effects.run import same_name

    named = same_name(s, e.target, ctx)
    if named is None:
        log.add(f"{ctx.label}: there is no one card whose name to match, so the search finds nothing", "kw_search")
        return s
    sel = replace(named, zone="deck")
    fits = candidates(s, sel, p, ctx.source)
    if e.dest == "field":
        barred = [u for u in fits if not _can_enter(s, u, p)]
        fits = [u for u in fits if u not in barred]
        if barred:
            log.add(f"{', '.join(s.name_of(u) for u in barred)} could not be played onto the field, so "
                    f"{'it is' if len(barred) == 1 else 'they are'} not searched for", "kw_search")
    fits = distinct(s, fits)
    n = e.target.count or 1
    must = _any_card(e.target) and not e.target.up_to
    keys = ("kw_search", "search_none") if not must else ("kw_search", "search_any_card")
    s, found = pick(s, p, "search", f"{p} searches their deck for {n} card(s) ({ctx.label})", tuple(fits), *keys,
                    log=log, low=min(n, len(fits)) if must else 0, high=n)
    clash = _clash(s, found, e.target.distinct)
    if clash:
        raise Refused(f"{s.name_of(clash[0])} and {s.name_of(clash[1])} share a {clash[2].replace('_', ' ')}: the "
                      f"cards found must each have a different one ({ctx.label})", "kw_search",
                      "card_text_precedence")
    if not found:
        log.add(f"{p} finds nothing and shuffles their deck" + (" (cards that fit may be left unfound)"
                                                               if fits else ""), *keys)
        return s
    log.add(f"{p} searches the deck, finds {', '.join(s.name_of(u) for u in found)}, reveals "
            f"{'it' if len(found) == 1 else 'them'} and shuffles the deck (its new order is unknown; the engine "
            f"keeps the listed order)", "kw_search", "deck_hidden")
    for u in found:
        if e.dest == "field":
            s = enter_field(s, u, p, log, why=("kw_search",), dull=True if e.dull else None)   # "… dull" (6.3)
        elif e.dest == "deck_under_top" and e.under is not None:
            s = put_under(s, u, e.under, log, why=("kw_search",))
        else:
            s = move(s, u, MOVES[e.dest], log, why=("kw_search",))
    return s


__all__ = ["DISTINCT", "MOVES", "distinct", "search", "shapes_refused"]
