"""Replacement effects (11.12.5): "If X is dealt damage, … instead", "If X is put from the field into the
Break Zone, remove it from the game instead".

A replacement comes from a field ability of a Character on the field (active while it is there,
11.12.4.4), or from a Summon or ability that resolved and created it for a card (a `Mod` of kind
`replace`, active before the event it waits for, 11.12.5.3). When the event is about to happen, every
replacement that applies to it is applied once (11.12.5.5); when several apply, the controller of the
card the event happens to chooses their order (11.12.5.7). A replaced event did not happen (11.12.5.4):
damage that becomes 0 is not dealt, and a card removed instead is not put into the Break Zone (so
"when … is put into the Break Zone" does not trigger). Self-replacement inside one Summon or ability
("deal it 9000 damage instead") is `effects.run`'s job (11.12.5.6).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

from judge.engine.fftcg.conditions import waits_for
from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.log import Log, Refused, as_list, not_modelled, take_answer, yes_no
from judge.engine.fftcg.ongoing import flat
from judge.engine.fftcg.query import abilities, field_effects, matches
from judge.engine.fftcg.state import Mod, State
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import (
    Ability,
    AbilityKind,
    Conditional,
    Effect,
    ModifyStat,
    Move,
    Optional,
    Player,
    RedirectDamage,
    Restriction,
    Selector,
)

DAMAGE = "is_dealt_damage"
DEALS = "deals_damage"
TO_BREAK = "put_into_break_zone"
LEAVES = "leaves_field"
EVENTS = frozenset({DAMAGE, DEALS, TO_BREAK, LEAVES})


@dataclass(frozen=True, kw_only=True)
class Replacement:
    """One replacement effect waiting for its event."""

    source: str                    # the card whose ability or effect it is
    controller: str
    event: str                     # is_dealt_damage | put_into_break_zone
    subject: Selector | None       # whom the event must happen to (a field ability) …
    card: str | None               # … or the one card a resolved effect named
    effects: tuple[Effect, ...]
    label: str
    once: int | None = None        # "the next damage …": the timestamp of the Mod used up after one event
    qualifiers: tuple[str, ...] = ()   # what kind of damage it waits for (6.5): see `_kind_matches`
    to: tuple[Selector, ...] = ()      # "If X deals damage to a Forward of cost 4 or more": whom the damage is dealt to


DAMAGE_STATS = frozenset({"damage_received", "damage_received_becomes", "damage_multiplier"})
for _stat in sorted(DAMAGE_STATS):
    field_read(ModifyStat, "", _stat, concepts=("replacement",), reader=__name__,
               meaning="the damage it is dealt is changed (a replacement effect, 11.12.5)")
field_read(RedirectDamage, concepts=("replacement",), reader=__name__,
           meaning="the damage is dealt to another Forward instead (a replacement effect, 11.12.5)")
field_read(Restriction, "cannot", "be_reduced", concepts=("prevention_precedence",), reader=__name__,
           meaning="damage dealt to the cards it names (by what its 'by …' names) cannot be reduced")


def _damage_kind(e: Effect) -> bool:
    return isinstance(e, RedirectDamage) or (isinstance(e, ModifyStat) and e.stat in DAMAGE_STATS)


def _is_replacing(ab: Ability) -> bool:
    """A Character's ability that is only "If <event>, … instead" is a field ability of replacement (11.12.5.2)."""
    return ab.timing is None and ab.cost is None and ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT,
                                                                 AbilityKind.SUMMON)


def active(s: State) -> list[Replacement]:
    """Every replacement effect on the board now."""
    out: list[Replacement] = []
    for c in s.field:
        d = s.card(c.uid)
        if d is None:
            continue
        for ab in abilities(s, c.uid):
            if not _is_replacing(ab):
                continue
            for e in flat(ab.effects):
                if isinstance(e, Conditional) and waits_for(e.condition) in EVENTS:
                    out.append(Replacement(source=c.uid, controller=c.controller, event=e.condition.event,
                                           subject=e.condition.selector, card=None, effects=e.effects,
                                           label=f'{s.name_of(c.uid)}: "{ab.text}"',
                                           qualifiers=e.condition.qualifiers, to=_to(e)))
                elif isinstance(e, ModifyStat | RedirectDamage) and _damage_kind(e) and e.target is not None \
                        and e.target.ref is None:
                    out.append(Replacement(source=c.uid, controller=c.controller, event=DAMAGE,   # "The damage
                                           subject=e.target, card=None, effects=(e,),             # dealt to X is …"
                                           label=f'{s.name_of(c.uid)}: "{ab.text}"'))
        for m in c.mods:
            if m.kind == "replace":
                event, effects, label, controller, once, *kind = m.value
                qualifiers, to = kind if kind else ((), ())
                out.append(Replacement(source=m.source, controller=controller, event=event, subject=None,
                                       card=c.uid, effects=effects, label=label, once=m.ts if once else None,
                                       qualifiers=qualifiers, to=to))
    return out


def _to(e: Conditional) -> tuple[Selector, ...]:
    occurs = e.condition.occurs
    return tuple(occurs.to) if occurs is not None else ()


def dealer_readable(c) -> bool:
    """Whether the engine applies a "If X deals damage to …, … instead" of this condition: damage to Forwards only
    (damage to a player is points of damage, 6.5.2, not changed here), of a kind it checks."""
    occurs = c.occurs
    return occurs is not None and bool(occurs.to) and occurs.to_player is None and \
        set(c.qualifiers) <= _CHECKED | {"battle", "this_turn"}


def _applies(s: State, r: Replacement, uid: str, dealer: str | None = None) -> bool:
    """Whether a replacement waits for this damage: dealt to `uid`, or (for "If X deals damage to …") dealt by
    X to a card its `to` names."""
    if r.event == DEALS:
        if dealer is None or not _applies(s, replace(r, event=DAMAGE), dealer):
            return False
        return any(matches(s, uid, t, r.controller, r.source) for t in r.to)
    if r.card is not None:
        return r.card == uid
    if r.subject is None or r.subject.self_ref:
        return uid == r.source
    return matches(s, uid, r.subject, r.controller, r.source)


def _ordered(s: State, uid: str, rs: list[Replacement], outcome: Callable, log: Log) -> tuple[State, list]:
    """Several replacements apply: the controller of the card chooses the order (11.12.5.7) when it matters."""
    if len(rs) < 2:
        return s, rs
    results = {outcome(list(p)) for p in permutations(rs)}
    if len(results) == 1:
        log.add(f"{len(rs)} replacement effects apply to the same event; their order does not change the result",
                "replacement_order", "replacement_once")
        return s, rs
    who = s.char(uid).controller if s.char(uid) else s.objs[uid].owner
    options = tuple(f"{i + 1}: {r.label}" for i, r in enumerate(rs))
    s, answer = take_answer(s, who, "order", f"{who} chooses the order of the replacement effects on "
                            f"{s.name_of(uid)} (first listed applies first): " + "; ".join(options), options,
                            "replacement_order")
    picked: list[Replacement] = []
    for a in as_list(answer):
        key = str(a).split(":")[0].strip()
        hit = [r for i, r in enumerate(rs) if key in (str(i + 1), r.source)]
        if len(hit) != 1 or hit[0] in picked:
            raise Refused(f"order the {len(rs)} replacement effects by number (1-{len(rs)}), each once",
                          "replacement_order")
        picked.append(hit[0])
    if len(picked) != len(rs):
        raise Refused(f"order all {len(rs)} replacement effects", "replacement_order")
    log.add(f"{who}, who controls {s.name_of(uid)}, chooses the order of the replacement effects",
            "replacement_order")
    return s, picked


# ---- damage ---------------------------------------------------------------------------------------

def _damage_after(r: Replacement, amount: int) -> int:
    for e in flat(r.effects):
        if isinstance(e, ModifyStat) and e.stat == "damage_received":
            amount = max(0, amount + e.amount)
        elif isinstance(e, ModifyStat) and e.stat == "damage_received_becomes":
            amount = max(0, e.amount)
        elif isinstance(e, ModifyStat) and e.stat == "damage_multiplier":
            amount = amount * e.amount
    return amount


def _changes_damage(r: Replacement) -> bool:
    return any((isinstance(e, ModifyStat) and e.stat in DAMAGE_STATS) or isinstance(e, RedirectDamage)
               for e in flat(r.effects))


def _redirect(s: State, r: Replacement) -> str | None:
    """The Forward a "… is dealt to X instead" replacement sends the damage to (None: it cannot apply)."""
    e = next((x for x in flat(r.effects) if isinstance(x, RedirectDamage)), None)
    if e is None:
        return None
    if e.to.self_ref:
        to = r.source
    else:
        from judge.engine.fftcg.query import candidates

        found = candidates(s, e.to, r.controller, r.source)
        to = found[0] if len(found) == 1 else None
    return to if to is not None and s.char(to) is not None else None


#: damage-kind words the engine checks; any other (e.g. "for the first time in that turn") is reported
_CHECKED = frozenset({"not_battle", "by_effect", "by_opponent", "less_than_power", "more_than_power", "battle",
                      "this_turn", "first_in_turn"})


def _kind_matches(s: State, r: Replacement, uid: str, amount: int, battle: bool, dealer: str | None,
                  log: Log) -> bool:
    """Whether this damage is the kind the replacement waits for (6.5): battle or not, whose Summon or
    ability dealt it, compared with the Forward's power. Words it cannot check: not applied, and said."""
    from judge.engine.fftcg.query import power

    q = r.qualifiers
    unknown = [x for x in q if x not in _CHECKED]
    if unknown:
        not_modelled(log, f"{r.label}: which damage it waits for ({', '.join(unknown)})", "replacement")
        return False
    if "first_in_turn" in q and any(u == uid for u, _ in s.happened(_first(r))):
        return False                            # "for the first time in that turn": it has already applied
    if battle and any(x in q for x in ("not_battle", "by_effect", "by_opponent")):
        return False
    if "battle" in q and not battle:
        return False
    if "by_opponent" in q:
        who = None
        if dealer is not None:
            c = s.char(dealer)
            who = c.controller if c is not None else s.objs[dealer].owner if dealer in s.objs else None
        if who is None or who == r.controller:
            return False
    if "less_than_power" in q and not amount < power(s, uid):
        return False
    return not ("more_than_power" in q and not amount > power(s, uid))


def _first(r: Replacement) -> str:
    """The turn record of a "for the first time in that turn" replacement having applied."""
    return f"replaced_first:{r.source}:{r.label}"


def damage(s: State, uid: str, amount: int, log: Log, used: frozenset[str] = frozenset(), *,
           battle: bool = False, dealer: str | None = None, unreduced: bool = False
           ) -> tuple[State, int, str, frozenset[str]]:
    """The damage actually dealt and to which Forward, after the replacement effects waiting for it.

    A redirect ("the damage is dealt to X instead") makes a new event for X; replacements already
    applied (`used`, by label) do not apply to it again (11.12.5.5). A replacement that waits for one
    kind of damage ("other than battle damage", "by your opponent's Summons or abilities", "less than
    its power") applies only to that kind (6.5, 11.12.5.1)."""
    rs = [r for r in active(s) if r.event in (DAMAGE, DEALS) and _changes_damage(r) and _applies(s, r, uid, dealer)
          and r.label not in used and (_redirect(s, r) != uid)]
    for r in [r for r in rs if r.qualifiers]:
        if not _kind_matches(s, r, uid, amount, battle, dealer, log):
            rs.remove(r)
            log.add(f"{r.label}: the {amount} {'battle ' if battle else ''}damage to {s.name_of(uid)} is not the "
                    f"kind of damage it waits for, so it does not apply", "replacement")
    keeper = None if unreduced else unreducible(s, uid, dealer, battle)
    if keeper is not None:
        log.add(f"{s.name_of(keeper)}: damage dealt to {s.name_of(uid)} cannot be reduced (a field ability)",
                "prevention_precedence", "field_ability")
    if unreduced or keeper is not None:            # "This damage cannot be reduced" (2.2)
        kept = [r for r in rs if _redirect(s, r) is not None or _damage_after(r, amount) >= amount]
        for r in rs:
            if r not in kept:
                log.add(f"{r.label} would reduce the damage to {s.name_of(uid)}, which cannot be reduced: it does "
                        f"not apply", "prevention_precedence", "replacement")
        rs = kept
    if not rs:
        return s, amount, uid, used

    def outcome(order: list[Replacement]) -> tuple[int, str]:
        n = amount
        for r in order:
            to = _redirect(s, r)
            if to is not None:
                return n, to
            n = _damage_after(r, n)
        return n, uid

    s, rs = _ordered(s, uid, rs, outcome, log)
    for r in rs:                                 # each applies once to this event (11.12.5.5)
        if "first_in_turn" in r.qualifiers:      # the first damage of that kind this turn is this one
            s = s.record(_first(r), uid, r.controller)
        used = used | {r.label}
        to = _redirect(s, r)
        if to is not None:
            log.add(f"{r.label}: the {amount} damage to {s.name_of(uid)} is dealt to {s.name_of(to)} instead",
                    "replacement", "replacement_instead", "replaced_not_happened", "replacement_once")
            s = _use_up(s, uid, r, log)
            return damage(s, to, amount, log, used, battle=battle, dealer=dealer)
        new = _damage_after(r, amount)
        log.add(f"{r.label}: the {amount} damage to {s.name_of(uid)} becomes {new} instead", "replacement",
                "replacement_instead", *(("replacement_once",) if len(rs) > 1 or r.once is not None else ()))
        amount = new
        s = _use_up(s, uid, r, log)
    if amount <= 0:
        log.add(f"No damage is dealt to {s.name_of(uid)}: the replaced event is considered not to have happened, "
                f"so nothing that waits for it being dealt damage triggers", "replaced_not_happened",
                "replaced_no_trigger")
    return s, amount, uid, used


#: "by …" card types that name Summons, and those that name abilities (2.2: whose effect deals the damage)
_BY_SUMMONS = frozenset({"summon", "summons"})
_BY_ABILITIES = frozenset({"ability", "abilities", "action_ability", "auto_ability", "special_ability"})


def _dealt_by(s: State, by: Selector | None, ctrl: str, dealer: str | None, battle: bool, src: str) -> bool:
    """Whether damage from `dealer` is the damage a "by …" names, seen from the field ability's controller:
    whose (your / your opponent's), and what (Summons, abilities, or cards it names, battle damage included)."""
    if by is None:
        return True
    if dealer is None:
        return False
    c = s.char(dealer)
    who = c.controller if c is not None else s.objs[dealer].owner if dealer in s.objs else None
    if (by.owner == Player.YOU and who != ctrl) or (by.owner == Player.OPPONENT and who == ctrl):
        return False
    types = set(by.card_types)
    d = s.card(dealer)
    summon = d is not None and d.type == "summon"
    if types and types <= _BY_SUMMONS | _BY_ABILITIES:
        return not battle and bool(types & (_BY_SUMMONS if summon else _BY_ABILITIES))
    return c is not None and matches(s, dealer, replace(by, owner=None), ctrl, src)


def unreducible(s: State, uid: str, dealer: str | None, battle: bool) -> str | None:
    """The card whose field ability says damage dealt to this Forward (by what its "by …" names) cannot be
    reduced (2.2: a "cannot" wins over the reductions, 11.9.1: while that card is on the field), or None."""
    for src, e in field_effects(s):
        if isinstance(e, Restriction) and e.mode == "cannot" and e.action == "be_reduced" and e.target is not None \
                and matches(s, uid, e.target, src.controller, src.uid) and \
                _dealt_by(s, e.by, src.controller, dealer, battle, src.uid):
            return src.uid
    return None


def _use_up(s: State, uid: str, r: Replacement, log: Log) -> State:
    """"The next damage …": the replacement ends once it has applied (11.12.5.5)."""
    if r.once is None:
        return s
    c = s.char(uid)
    s = s.with_char(uid, mods=tuple(m for m in c.mods if not (m.kind == "replace" and m.ts == r.once)))
    log.add(f"That was the next damage dealt to {s.name_of(uid)}: the replacement effect ends", "replacement_once")
    return s


# ---- zone changes ---------------------------------------------------------------------------------

def _removal(r: Replacement) -> tuple[bool, bool] | None:
    """(optional?, …) when the replacement removes the card from the game instead; None otherwise."""
    for e in flat(r.effects):
        if isinstance(e, Move) and e.dest == "removed":
            return False, True
        if isinstance(e, Optional) and any(isinstance(x, Move) and x.dest == "removed" for x in flat(e.effects)):
            return True, True
    return None


def to_break(s: State, uid: str, log: Log) -> tuple[State, str]:
    """Where a Character about to be put from the field into the Break Zone goes: "break" or "removed"."""
    rs = [r for r in active(s) if r.event == TO_BREAK and _removal(r) is not None and _applies(s, r, uid)]
    if not rs:
        return s, "break"
    s, rs = _ordered(s, uid, rs, lambda order: "removed", log)
    for r in rs:
        optional, _ = _removal(r)
        if optional:
            s, answer = take_answer(s, r.controller, "may", f"{r.controller} may remove {s.name_of(uid)} from the "
                                    f"game instead ({r.label})", ("yes", "no"), "replacement", "auto_may")
            if not yes_no(as_list(answer)[0] if as_list(answer) else None):
                log.add(f"{r.controller} chooses not to apply {r.label}", "replacement")
                continue
        log.add(f"{r.label}: {s.name_of(uid)} is removed from the game instead of being put into the Break Zone; "
                f"it was never put into the Break Zone, so nothing waiting for that triggers", "replacement",
                "replacement_instead", "replaced_not_happened", "replaced_no_trigger")
        return s, "removed"                       # the event changed: the others no longer apply
    return s, "break"


def leaving(s: State, uid: str, dest: str, log: Log) -> tuple[State, str]:
    """Where a Character about to leave the field for `dest` goes when "If it leaves the field for any reason,
    remove it from the game instead" waits on it (11.12.5.1): the removed zone, and the event it replaced did not
    happen (11.12.5.4)."""
    rs = [r for r in active(s) if r.event == LEAVES and _removal(r) == (False, True) and _applies(s, r, uid)]
    if not rs or dest == "removed":
        return s, dest
    r = rs[0]
    log.add(f"{r.label}: {s.name_of(uid)} is removed from the game instead of going to {dest.replace('_', ' ')}; "
            f"that move never happens", "replacement", "replacement_instead", "replaced_not_happened")
    return s, "removed"


# ---- replacements created by a resolving Summon or ability ----------------------------------------

def register(s: State, e: Conditional, ctx, log: Log, targets: Callable) -> State:
    """"If it is put from the field into the Break Zone this turn, remove it from the game instead":
    the replacement waits on the card(s) it names until the end of the turn (11.12.5.3)."""
    sel = getattr(e.condition, "selector", None)
    if sel is None or waits_for(e.condition) not in EVENTS:
        return s
    s, uids = targets(s, e, sel, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is None:
            continue
        s, _ = s.next_id("ts")
        label = f'{ctx.label} ("{e.condition.text}")'
        lasts = "permanent" if e.condition.event == LEAVES else "turn"     # "for any reason": while it stays
        mod = Mod(kind="replace", value=(e.condition.event, e.effects, label, ctx.controller, False,
                                         e.condition.qualifiers, _to(e)), until=lasts, ts=s.seq, source=ctx.source)
        s = s.with_char(u, mods=(*c.mods, mod))
        log.add(f'A replacement effect now waits on {s.name_of(u)}: "{e.condition.text}" — it must exist before '
                f"the event to replace it", "replacement", "replacement_before_event")
    return s


def shield(s: State, e: ModifyStat | RedirectDamage, ctx, log: Log, targets: Callable) -> State:
    """"During this turn, the next damage dealt to it is reduced by 1000 / becomes 0 instead": a replacement
    on the chosen card(s), until the end of the turn or, for "the next damage", one event (11.12.5)."""
    s, uids = targets(s, e, e.target, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is None:
            continue
        s, _ = s.next_id("ts")
        once = bool(getattr(e, "next_only", False))
        mod = Mod(kind="replace", value=(DAMAGE, (e,), ctx.label, ctx.controller, once), until="turn", ts=s.seq,
                  source=ctx.source)
        s = s.with_char(u, mods=(*c.mods, mod))
        what = "the next damage dealt to it" if once else "damage dealt to it this turn"
        log.add(f"A replacement effect now waits on {s.name_of(u)}: {what} is changed ({ctx.label})",
                "replacement", "replacement_before_event")
    return s


__all__ = ["DAMAGE", "DAMAGE_STATS", "EVENTS", "LEAVES", "TO_BREAK", "Replacement", "active", "damage", "leaving",
           "register", "shield", "to_break"]
