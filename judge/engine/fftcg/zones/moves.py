"""Moving cards between zones (7): entering and leaving the field, drawing, breaking, discarding.

A card that moves is a new card in its new zone (7.4): damage, counters (6.7.3), effects and
status are left behind. Limit Break cards that leave the field or the stack go to the LB deck
face up (15.2.8.4); a Primed Character moves as both cards, then the top one is removed from the
game (15.2.9.4.2). Zone movements raise their events for auto-abilities (11.8.16).
"""

from __future__ import annotations

from judge.engine.fftcg import replacement
from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.log import Log, Refused
from judge.engine.fftcg.state import Character, State, where
from judge.engine.kernel.values import evolve as replace

DESTS = ("hand", "deck_top", "deck_bottom", "break", "removed", "damage", "lb_deck")
_ZONE_ATTR = {"hand": "hand", "deck": "deck", "break": "break_zone", "damage": "damage"}


def _take(s: State, uid: str) -> tuple[State, str, Character | None]:
    """Remove a card from wherever it is; returns the zone it was in and its Character if on the field."""
    zone, who = where(s, uid)
    if zone == "field":
        char = s.char(uid)
        if char is None:        # a card under a Primed stack: taken with its stack, never alone (15.2.9.4.2)
            raise Refused(f"{s.name_of(uid)} is under a Primed Character: it leaves only with the Character on top",
                          "primed_leaves", "primed_top_only")
        return replace(s, field=tuple(c for c in s.field if c.uid != uid)), zone, char
    if zone == "stack":
        return replace(s, stack=tuple(i for i in s.stack if i.card != uid)), zone, None
    if zone == "out" or who is None:
        return s, zone, None
    z = s.zones[who]
    if zone in _ZONE_ATTR:
        attr = _ZONE_ATTR[zone]
        return s.with_zones(who, **{attr: tuple(u for u in getattr(z, attr) if u != uid)}), zone, None
    if zone == "lb_deck":
        return s.with_zones(who, lb_deck=tuple(e for e in z.lb_deck if e[0] != uid)), zone, None
    return s.with_zones(who, removed=tuple(e for e in z.removed if e[0] != uid)), zone, None


def _put(s: State, uid: str, dest: str, player: str, counters: int = 0) -> State:
    z = s.zones[player]
    if dest == "hand":
        return s.with_zones(player, hand=(*z.hand, uid))
    if dest == "deck_top":
        return s.with_zones(player, deck=(uid, *z.deck))
    if dest == "deck_bottom":
        return s.with_zones(player, deck=(*z.deck, uid))
    if dest == "break":
        return s.with_zones(player, break_zone=(*z.break_zone, uid))
    if dest == "damage":
        return s.with_zones(player, damage=(*z.damage, uid))
    if dest == "removed":
        return s.with_zones(player, removed=(*z.removed, (uid, counters)))
    if dest == "lb_deck":
        return s.with_zones(player, lb_deck=(*z.lb_deck, (uid, True)))
    raise ValueError(f"unknown destination {dest!r}")


def _label(dest: str) -> str:
    return {"hand": "its owner's hand", "deck_top": "the top of its owner's deck",
            "deck_bottom": "the bottom of its owner's deck", "break": "its owner's Break Zone",
            "removed": "its owner's removed-from-play zone", "damage": "the Damage Zone",
            "lb_deck": "its owner's LB deck, face up"}[dest]


def move(s: State, uid: str, dest: str, log: Log, *, why: tuple[str, ...] = ("new_object",),
         broken: bool = False, counters: int = 0, quiet: bool = False) -> State:
    """Move one card (with its Primed stack) to its owner's `dest` zone (7.3), raising zone events."""
    owner = s.objs[uid].owner
    if broken and s.char(uid) is not None and _unbreakable(s, uid):
        log.add(f"{s.name_of(uid)} cannot be broken: it stays on the field", "prevention_precedence",
                "card_text_precedence")
        return s
    if dest == "break" and s.char(uid) is not None:       # "… remove it from the game instead" (11.12.5)
        s, dest = replacement.to_break(s, uid, log)
        broken = broken and dest == "break"
    if s.char(uid) is not None:                           # "If it leaves the field for any reason, …" (11.12.5)
        s, dest = replacement.leaving(s, uid, dest, log)
        broken = broken and dest == "break"
    s, came_from, char = _take(s, uid)
    if came_from == "removed" and any(x[0] == uid for x in s.removed_by):     # a new card elsewhere (7.4)
        s = replace(s, removed_by=tuple(x for x in s.removed_by if x[0] != uid))
    group = (uid, *(char.primed_under if char else ()))
    for u in group:
        s = _put(s, u, dest, s.objs[u].owner, counters if u == uid else 0)
    if dest == "removed":                                 # what "the removed card" reads (effects.cpcost)
        s = s.record("removed", uid, owner)
    if not quiet:
        verb = "is broken and put into" if broken else "is put into" if dest != "hand" else "returns to"
        if char is not None and char.controller != owner:      # 7.3: the owner's zone, not the controller's
            why = (*why, "owner_zone")
            verb = f"(controlled by {char.controller}, owned by {owner}) {verb}"
        log.add(f"{s.name_of(uid)} {verb} {_label(dest)}", *why, changes=(f"{uid}: {came_from} -> {dest}",))
    if char is not None and char.primed_under:
        s, _, _ = _take(s, uid)
        s = _put(s, uid, "removed", owner)
        log.add(f"{s.name_of(uid)} was the top card of a Primed stack: it is removed from the game",
                "primed_leaves", changes=(f"{uid}: {dest} -> removed",))
    for u in group:
        d = s.card(u)
        if d is not None and d.lb_cost is not None and came_from in ("field", "stack") and dest != "lb_deck" \
                and where(s, u)[0] != "removed":
            s, _, _ = _take(s, u)
            s = _put(s, u, "lb_deck", s.objs[u].owner)
            hidden = ("lb_hidden_zone",) if dest in ("hand", "deck") else ()    # even a hidden Zone (15.2.8.4.4)
            log.add(f"{s.name_of(u)} is a Limit Break card: it goes to its owner's LB deck face up"
                    + (" (even from a hidden Zone)" if hidden else ""),
                    "lb_return" if came_from == "field" else "lb_summon_return", *hidden, "lb_face_up_no_stack",
                    changes=(f"{u}: {dest} -> lb_deck",))
    if dest == "damage" and where(s, uid)[0] == "damage":      # "when a card is put into your Damage Zone" (7.8)
        s = emit(s, "to_damage", uid, log, to=where(s, uid)[1])
    if came_from == "field":
        s = replace(s, last_known=(*(k for k in s.last_known if k[0] != uid), (uid, char))[-64:])
        _field_abilities_end(s, uid, log)
        s = s.record("left_field", uid, char.controller)
        if dest in ("break", "hand"):
            s = s.record("to_break_from_field" if dest == "break" else "returned", uid, char.controller)
        s = emit(s, "leaves", uid, log)
        s = _release(s, uid, log)
        s = _lasting_end(s, uid, log)
        extra = {"break": "to_break", "hand": "returned", "removed": "removed"}.get(dest)
        if extra:
            s = emit(s, extra, uid, log)
        if broken:
            s = emit(s, "broken", uid, log)
    return s


def _lasting_end(s: State, source: str, log: Log) -> State:
    """`source` has left the field: what its abilities did "as long as" it stayed on the field ends
    (11.12.4.1)."""
    for c in s.field:
        kept = tuple(m for m in c.mods if not (m.until == "while_source" and m.source == source))
        if len(kept) != len(c.mods):
            s = s.with_char(c.uid, mods=kept)
            log.add(f"{s.name_of(source)} has left the field: its effect on {s.name_of(c.uid)} \"as long as\" it "
                    "stayed there ends", "ongoing_effect")
    return s


def _release(s: State, holder: str, log: Log) -> State:
    """`holder` has left the field: what it kept out of the game "for as long as" it stayed comes back onto its
    owner's field, the effect's duration over (11.12.4.1; a new object, 7.3)."""
    back = [u for u, h in s.held_away if h == holder]
    if not back:
        return s
    s = replace(s, held_away=tuple(e for e in s.held_away if e[1] != holder))
    for u in back:
        if where(s, u)[0] != "removed":
            continue
        log.add(f"{s.name_of(holder)} has left the field: the effect keeping {s.name_of(u)} out of the game ends",
                "ongoing_effect")
        s = enter_field(s, u, s.objs[u].owner, log, why=("character_enters", "controller_field"))
    return s


def put_under(s: State, uid: str, n: int, log: Log, *, why: tuple[str, ...] = ("new_object",)) -> State:
    """"Put it under the top N cards of your deck": its owner's main deck (7.3, 7.9.3), N cards from the top as the
    card's text says (2.1); a deck of N cards or fewer takes it at the bottom. The deck is not shuffled."""
    s = move(s, uid, "deck_top", log, why=why, quiet=True)
    owner = s.objs[uid].owner
    rest = s.zones[owner].deck[1:]
    s = s.with_zones(owner, deck=(*rest[:n], uid, *rest[n:]))
    where_ = f"under the top {n} card(s)" if len(rest) >= n else f"at the bottom ({len(rest)} card(s) above it)"
    log.add(f"{s.name_of(uid)} is put into {owner}'s deck {where_}", "card_text_precedence", "deck_main", *why,
            changes=(f"{uid}: -> deck under {min(n, len(rest))}",))
    return s


def _enters_dull(d) -> bool:
    """"X enters the field dull": the card's own text says how it enters (2.1)."""
    from judge.text.ast import AbilityKind, SetState

    return any(ab.kind == AbilityKind.SUMMON and len(ab.effects) == 1 and isinstance(ab.effects[0], SetState)
               and ab.effects[0].state == "dull" and ab.effects[0].target.self_ref for ab in d.abilities)


def _unbreakable(s: State, uid: str) -> bool:
    from judge.engine.fftcg.restrictions import restricted

    return restricted(s, uid, "be_broken")


def enter_field(s: State, uid: str, controller: str, log: Log, *, why: tuple[str, ...], dull: bool | None = None,
                triggers: bool = True, ts: int | None = None) -> State:
    """Put a Character onto the field under `controller` (6.2.5); Backups enter dull (5.2.3.1.1.3).

    Its timestamp is the moment it entered (11.12.4.10); cards that enter together share one (`ts`)."""
    d = s.card(uid)
    s, came_from, _ = _take(s, uid)
    if dull is None:
        dull = d is not None and (d.type == "backup" or _enters_dull(d))
    if ts is None:
        s, _ = s.next_id("t")
    char = Character(uid=uid, controller=controller, dull=dull, since_turn_start=False,
                     ts=s.seq if ts is None else ts)
    s = replace(s, field=(*s.field, char)).record("entered", uid, controller)
    state_word = "dull" if dull else "active"
    keys = (*why, "backup_cp") if dull and d is not None and d.type == "backup" else why
    log.add(f"{s.name_of(uid)} enters the field {state_word} under {controller}'s control", *keys,
            changes=(f"{uid}: {came_from} -> field",))
    _field_abilities_reach(s, uid, log)
    if triggers:
        s = emit(s, "enters", uid, log)
    return s


def _field_abilities_end(s: State, uid: str, log: Log) -> None:
    """A card that leaves the field takes its field abilities with it (11.12.4.4): say so when it had any."""
    d = s.card(uid)
    from judge.text.ast import AbilityKind

    if d is not None and any(ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and ab.cost is None
                             for ab in d.abilities):
        log.add(f"{s.name_of(uid)}'s field abilities stop applying as it leaves the field", "field_ongoing")


#: restrictions that only concern casting a card, never a card on the field
CASTING_ONLY = frozenset({"pay_with_any_element", "cast", "cast_outside_your_turn", "be_in_main_deck"})


def _field_abilities_reach(s: State, uid: str, log: Log) -> None:
    """Field abilities already on the field apply to a card as it enters (11.9.2, 11.12.4.5): say which."""
    from judge.engine.fftcg.query import field_effects, matches
    from judge.text.ast import Gain, ModifyStat, Restriction

    sources = sorted({src.uid for src, e in field_effects(s) if src.uid != uid
                      and isinstance(e, Gain | ModifyStat | Restriction) and getattr(e, "target", None) is not None
                      and not (isinstance(e, Restriction) and e.action in CASTING_ONLY)
                      and not e.target.self_ref and matches(s, uid, e.target, src.controller, src.uid)})
    if sources:
        log.add(f"{', '.join(s.name_of(u) for u in sources)}'s field ability applies to {s.name_of(uid)} from the "
                f"moment it enters: a field ability also reaches cards that were not there when it started",
                "field_characteristics", "field_new_cards")


def draw(s: State, player: str, n: int, log: Log, *, why: tuple[str, ...] = ("draw_phase",)) -> State:
    """`player` draws n cards; trying to draw from an empty deck loses at the next rule process (12.4.2)."""
    drawn = []
    for _ in range(n):
        deck = s.zones[player].deck
        if not deck:
            log.add(f"{player} must draw but the main deck is empty", *why, "rp_empty_draw", "lose_cannot_draw")
            return replace(s, failed_draw=s.failed_draw | {player})
        top = deck[0]
        s = s.with_zones(player, deck=deck[1:], hand=(*s.zones[player].hand, top)).record("drawn", top, player)
        drawn.append(top)
    if drawn:
        log.add(f"{player} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}", *why,
                changes=tuple(f"{u}: deck -> hand" for u in drawn))
    return s


def discard(s: State, uid: str, log: Log, *, why: tuple[str, ...] = ("kw_discard",)) -> State:
    """Move a card from its owner's hand to their Break Zone (15.1.1.4.1)."""
    return move(s, uid, "break", log, why=why)
