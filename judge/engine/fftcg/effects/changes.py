"""Effects that change Characters for a while, control changes, "cannot be chosen", and Cancel.

Resolved effects become `Mod`s on the Characters present when they resolve (11.12.4.2), with the
timestamp of their resolution (11.12.4.9): "its power becomes N" (a new base power, 11.5.6, to which
every other change still adds), gained keywords and quoted abilities, "loses all abilities" / "loses
Haste" (applied in timestamp order by `ongoing`), "cannot be chosen by …" and gaining control
(6.2.6: the owner does not change, the card does not enter the field again, 6.2.6.1, and it has not
been controlled since the start of the turn, 10.1.2.1.1). Cancel removes a Summon or an ability from
the stack without resolving it; a cancelled Summon goes to its owner's Break Zone (7.10.1).
"""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.fftcg import ongoing, stackref
from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.log import Log, not_modelled
from judge.engine.fftcg.ongoing import is_type_change
from judge.engine.fftcg.query import abilities, field_effects, matches, names, norm_kw
from judge.engine.fftcg.state import CHARACTER_TYPES, Mod, State, other
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import (
    AbilityKind,
    Deploy,
    Duration,
    Effect,
    Gain,
    ModifyStat,
    Player,
    Restriction,
    Selector,
)

field_read(Restriction, "cannot", "be_chosen", concepts=("prevention_precedence",), reader=__name__,
           meaning="Summons or abilities (of the kind its 'by …' names) cannot choose it")
field_read(Restriction, "must", "be_chosen", concepts=("card_text_precedence",), reader=__name__,
           meaning="the opponent's Summons and abilities must choose it if able")
field_read(Restriction, "cannot", "become_dull", concepts=("prevention_precedence",), reader=__name__,
           meaning="Summons or abilities (of the kind its 'by …' names) cannot dull it")

Targets = Callable[..., tuple[State, list[str]]]


#: how long a Mod lasts, by the duration its effect states (11.12.4.1): "while_source" ends when the card whose
#: ability made it leaves the field ("As long as X is on the field, …"; zones.moves drops it then)
UNTIL = {Duration.TURN: "turn", Duration.BATTLE: "battle", Duration.WHILE_ON_FIELD: "while_source"}


def until_of(d: Duration) -> str:
    """A Mod's `until` for the duration an effect states (UNTIL; no duration stated: permanent)."""
    return UNTIL.get(d, "permanent")


def _while(d: Duration) -> str:
    return " until the end of the turn" if d == Duration.TURN else ""


def _mod(s: State, uid: str, kind: str, value, duration: Duration, source: str) -> State:
    c = s.char(uid)
    s, _ = s.next_id("ts")
    return s.with_char(uid, mods=(*c.mods, Mod(kind=kind, value=value, until=until_of(duration), ts=s.seq,
                                                source=source)))


def set_power(s: State, e: ModifyStat, ctx, log: Log, targets: Targets) -> State:
    """"Its power becomes N": a new base power to which every other change adds (11.3.10, 11.5.6)."""
    s, uids = targets(s, e, e.target, ctx, log)
    for u in uids:
        if s.char(u) is not None:
            s = _mod(s, u, "set_power", e.amount, e.duration, ctx.source)
            log.add(f"{s.name_of(u)}'s power becomes {e.amount}{_while(e.duration)}: that is its new base "
                    f"power, and every other power change still adds to it", "set_power", "summon_set_power",
                    "ongoing_order", "timestamp_resolved", changes=(f"{u}: base power -> {e.amount}",))
    return s


def type_words(name: str, params: tuple[str, ...]) -> str:
    """How a card-type or name change reads in a ruling."""
    if norm_kw(name) == "becomes forward":
        return f"also becomes a Forward with {params[0] if params else '?'} power"
    what = params[0] if params else "?"
    return f"is also a {what.title()}" if what in CHARACTER_TYPES else f"is also named {what}"


def gain(s: State, e: Gain, ctx, log: Log, targets: Targets) -> State:
    """A Character gains a keyword or a quoted ability for a while (11.12.4.2: the cards present now)."""
    if e.family is not None or (e.keyword is None and e.ability is None):
        not_modelled(log, "gaining something other than a keyword or an ability")
        return s
    s, uids = targets(s, e, e.target, ctx, log)
    if is_type_change(e):
        for u in uids:
            if s.char(u) is not None:
                s = _mod(s, u, "type", (e.keyword.name, e.keyword.params), e.duration, ctx.source)
                log.add(f"{s.name_of(u)} {type_words(e.keyword.name, e.keyword.params)}{_while(e.duration)}",
                        "ongoing_effect", "ongoing_order", "timestamp_resolved",
                        changes=(f"{u}: {type_words(e.keyword.name, e.keyword.params)}",))
        return s
    what = e.keyword.name if e.keyword is not None else f'"{e.ability.text}"'
    for u in uids:
        if s.char(u) is not None:
            kind, value = ("keyword", e.keyword.name) if e.keyword is not None else ("ability", e.ability)
            s = _mod(s, u, kind, value, e.duration, ctx.source)
            log.add(f"{s.name_of(u)} gains {what}{_while(e.duration)}", "ongoing_effect", "timestamp_resolved",
                    "ongoing_existing_cards", changes=(f"{u}: gains {what}",))
    return s


def restrict(s: State, e: Restriction, ctx, log: Log, targets: Targets) -> State:
    """"… cannot be chosen by …", "loses all its abilities", "loses Haste" (11.12.4.6, kind 2)."""
    s, uids = targets(s, e, e.target, ctx, log)
    for u in uids:
        if s.char(u) is None:
            continue
        if e.action == "be_chosen":
            s = _mod(s, u, "cannot_be_chosen", e.by, e.duration, ctx.source)
            log.add(f"{s.name_of(u)} cannot be chosen by {_by_words(e.by)}{_while(e.duration)}", "ongoing_effect",
                    "timestamp_resolved")
        elif e.action in ("all_abilities", "abilities"):
            before = abilities(s, u)
            s = _mod(s, u, "lose_all", "", e.duration, ctx.source)
            log.add(f"{s.name_of(u)} loses all its abilities{_while(e.duration)} (effects that gave it "
                    f"abilities earlier are overridden; later ones still apply)", "ongoing_effect",
                    "timestamp_resolved", "ongoing_order", changes=(f"{u}: loses all abilities",))
            _lost_field_abilities(s, u, before, log)
        else:
            kw = e.action.replace("_", " ")
            s = _mod(s, u, "lose_kw", kw, e.duration, ctx.source)
            log.add(f"{s.name_of(u)} loses {kw.title()}{_while(e.duration)}", "ongoing_effect",
                    "timestamp_resolved", changes=(f"{u}: loses {kw}",))
    return s


def take_control(s: State, e: Deploy, ctx, log: Log, targets: Targets) -> State:
    """"Gain control of it": the resolving player becomes its controller (6.2.6); "your opponent gains control
    of it": the other player does (`Deploy.player`)."""
    s, uids = targets(s, e, e.target, ctx, log)
    taker = other(ctx.controller) if e.player == Player.OPPONENT else ctx.controller
    for u in uids:
        s = gain_control(s, u, taker, getattr(e, "duration", Duration.PERMANENT), ctx.source, log)
    return s


def field_of(s: State, e: Deploy, uid: str, ctx) -> str:
    """Whose field a played card enters: its owner's unless the effect names a field ("onto your opponent's
    field"), 6.2.4; its controller is then that field's player (6.2.5)."""
    if e.onto == Player.YOU:
        return ctx.controller
    if e.onto == Player.OPPONENT:
        return other(ctx.controller)
    return s.objs[uid].owner


def onto_why(e: Deploy) -> tuple[str, ...]:
    """The clauses a card entering the field cites: 6.2.4 where the effect says whose field it is."""
    return ("controller_field", "deployed_owner") if e.onto is not None else ("controller_field",)


def _lost_field_abilities(s: State, uid: str, before: tuple, log: Log) -> None:
    """Say which field abilities stop applying because their source lost them (11.12.4.12-13, 11.12.4.6)."""
    now = abilities(s, uid)
    for ab in before:
        if not ongoing.is_field(ab) or any(ab is x for x in now):
            continue
        effects = list(ongoing.flat(ab.effects))
        keys = ["field_ability", "field_ongoing"]
        why = "its source lost it"
        if any(isinstance(e, Gain | Restriction) and e.target is not None and not e.target.self_ref for e in effects):
            keys += ["depends_on", "dependency"]
            why += "; what it grants to other cards depends on that loss, so the loss applies first"
        if any(isinstance(e, ModifyStat) for e in effects):
            keys += ["ongoing_order"]
            why += "; power changes apply only after text changes"
        log.add(f'The field ability "{ab.text}" of {s.name_of(uid)} no longer applies: {why}', *keys)


# ---- control (6.2.6) ------------------------------------------------------------------------------

def gain_control(s: State, uid: str, player: str, duration: Duration, source: str, log: Log) -> State:
    """`player` gains control of a Character on the field (6.2.6); `until: turn` gives it back at the end."""
    c = s.char(uid)
    if c is None:
        return s
    if c.controller == player:
        log.add(f"{player} already controls {s.name_of(uid)}: nothing changes", "control_change")
        return s
    owner = s.objs[uid].owner
    s = _mod(s, uid, "control", c.controller, duration, source)
    s = s.with_char(uid, controller=player, since_turn_start=False)
    log.add(f"{player} gains control of {s.name_of(uid)}{_while(duration)}. Its owner is still {owner}; it keeps "
            f"its status and damage and does not enter the field again, so no enters-the-field ability triggers; "
            f"it has not been under {player}'s control since the start of the turn", "control_change",
            "control_change_not_enter", "attacker_active_haste", changes=(f"{uid}: controller {c.controller} -> "
                                                                          f"{player}",))
    d = s.card(uid)
    clash = [x.uid for x in s.controlled(player) if x.uid != uid and d is not None and not d.generic
             and names(s, uid) & names(s, x.uid) and not s.card(x.uid).generic]
    if clash:
        log.add(f"{player} may gain control even though they control {', '.join(s.name_of(u) for u in clash)} with "
                f"the same name; the rule process then puts both into their owners' Break Zones", "control_change_limits",
                "rp_same_name", "owner_zone")
    return s


def end_of_turn(s: State, log: Log) -> State:
    """Control taken "until the end of the turn" returns to the player who had it (9.5.1.3.2, 6.2.6)."""
    for c in s.field:
        back = [m for m in c.mods if m.kind == "control" and m.until in ("turn", "battle")]
        if not back:
            continue
        first = min(back, key=lambda m: m.ts).value
        if first != c.controller:
            s = s.with_char(c.uid, controller=first, since_turn_start=False)
            log.add(f"The turn ends: control of {s.name_of(c.uid)} returns to {first}", "end_turn_effects",
                    "control_change", changes=(f"{c.uid}: controller {c.controller} -> {first}",))
    return s


# ---- "cannot be chosen by …" ----------------------------------------------------------------------

#: "by" card types naming Summons, and naming abilities (of Characters, on the stack)
_SUMMON_TYPES = frozenset({"summon", "summons"})
_ABILITY_TYPES = frozenset({"ability", "abilities", "action_ability", "auto_ability", "special_ability"})
UNTYPED = object()          # a protection whose "by …" the grammar kept as words only


def _barred(by: Selector | None, protected_by: str, chooser: str, summon: bool) -> bool | None:
    """Whether "cannot be chosen by <by>" bars `chooser`'s Summon (or ability) from choosing the card.

    `by` names whose (its owner, seen from the protected card's controller, 7.2.1) and what (Summons,
    abilities, or both); no `by` bars every Summon and ability. None: a kind this engine does not know."""
    if by is None:
        return True
    if by.owner == Player.OPPONENT and chooser == protected_by:
        return False
    if by.owner == Player.YOU and chooser != protected_by:
        return False
    types = set(by.card_types)
    if not types:
        return True
    if types - _SUMMON_TYPES - _ABILITY_TYPES:
        return None
    return bool(types & (_SUMMON_TYPES if summon else _ABILITY_TYPES))


def undullable(s: State, uid: str, dealer: str, summon: bool) -> str | None:
    """The reason a Character cannot become dull by `dealer`'s Summon or ability (2.2), or None: its own field
    ability, another card's field ability naming it, or a resolved effect ("cannot become dull by your
    opponent's Summons or abilities")."""
    from judge.engine.fftcg.query import own_effects

    c = s.char(uid)
    if c is None:
        return None
    found = [m.value for m in c.mods if m.kind == "cannot_dull_by"]
    for ab in abilities(s, uid):
        if ab.kind in (AbilityKind.FIELD, AbilityKind.CONSTANT) and ab.cost is None:
            found += [e.by for e in own_effects(s, uid, ab) if isinstance(e, Restriction) and e.mode == "cannot"
                      and e.action == "become_dull" and (e.target is None or e.target.self_ref)]
    found += [e.by for src, e in field_effects(s) if isinstance(e, Restriction) and e.mode == "cannot"
              and e.action == "become_dull" and e.target is not None and not e.target.self_ref
              and matches(s, uid, e.target, src.controller, src.uid)]
    for by in found:
        if _barred(by, c.controller, dealer, summon):
            return f"{s.name_of(uid)} cannot become dull by {_by_words(by)}"
    return None


def _protections(s: State, uid: str) -> list:
    """The "cannot be chosen by …" that protect a Character now: each its `by` selector (or UNTYPED)."""
    c = s.char(uid)
    found: list = [m.value for m in c.mods if m.kind == "cannot_be_chosen"]
    for ab in abilities(s, uid):
        for e in ab.effects:
            if isinstance(e, Restriction) and e.action == "be_chosen" and e.mode == "cannot" and \
                    (e.target is None or e.target.self_ref) and ab.cost is None and ab.timing is None:
                found.append(_by(e))
    for src, e in field_effects(s):
        if isinstance(e, Restriction) and e.action == "be_chosen" and e.mode == "cannot" and e.target is not None \
                and not e.target.self_ref and matches(s, uid, e.target, src.controller, src.uid):
            found.append(_by(e))
    return found


def _by(e: Restriction):
    return UNTYPED if e.by is None and e.by_text else e.by


def _by_words(by) -> str:
    if by is None:
        return "Summons or abilities"
    if by is UNTYPED:
        return "what its text names"
    whose = {Player.OPPONENT: "the opponent's ", Player.YOU: "its controller's "}.get(by.owner, "")
    return whose + (" or ".join(by.card_types) or "Summons or abilities")


def unchoosable(s: State, uid: str, chooser: str, summon: bool) -> str | None:
    """The reason a card cannot be chosen by `chooser`'s Summon/ability now (2.2), or None.

    A protection whose kind this engine cannot read does not bar the choice here: `protection_unread`
    names it, and the ruling says it is not modelled."""
    c = s.char(uid)
    if c is None:
        return None
    for by in _protections(s, uid):
        if by is not UNTYPED and _barred(by, c.controller, chooser, summon):
            return f"{s.name_of(uid)} cannot be chosen by {_by_words(by)}"
    return None


def protection_unread(s: State, uid: str, chooser: str, summon: bool) -> bool:
    """Whether a protection of this card could bar the choice but its kind is not typed (not modelled)."""
    c = s.char(uid)
    return c is not None and any(by is UNTYPED or _barred(by, c.controller, chooser, summon) is None
                                 for by in _protections(s, uid))


def choosable(s: State, legal: list[str], chooser: str, source: str | None, log: Log | None = None) -> list[str]:
    """The legal targets minus those that cannot be chosen by this Summon/ability."""
    summon = is_summon(s, source)
    out = [u for u in legal if unchoosable(s, u, chooser, summon) is None]
    if log is not None:
        for u in out:
            if protection_unread(s, u, chooser, summon):
                not_modelled(log, f"whether {s.name_of(u)} may be chosen (its protection's 'by …' is not typed)",
                             "prevention_precedence")
    return out


def must_choose(s: State, legal: list[str], chooser: str, source: str | None) -> list[str]:
    """The legal targets this Summon/ability must choose ("… of your opponent must choose X if possible", 2.1)."""
    summon = is_summon(s, source)
    out = []
    for u in legal:
        c = s.char(u)
        if c is None:
            continue
        for ab in abilities(s, u):
            for e in ab.effects:
                if isinstance(e, Restriction) and e.action == "be_chosen" and e.mode == "must" and \
                        (e.target is None or e.target.self_ref) and ab.cost is None and ab.timing is None and \
                        e.by is not None and _barred(e.by, c.controller, chooser, summon) and u not in out:
                    out.append(u)
    return out


def is_summon(s: State, source: str | None) -> bool:
    return source is not None and source in s.objs and s.card(source) is not None and s.card(source).type == "summon"


# ---- Cancel -------------------------------------------------------------------------------------------

def cancel(s: State, e: Effect, ctx, log: Log) -> State:
    """Cancel the chosen Summon(s) or ability(ies): they leave the stack without resolving."""
    sel: Selector | None = getattr(e, "target", None)
    chosen = [u for k, uids in ctx.targets.items() if sel is not None and k == replace(sel, span=None)
              for u in uids]
    about = getattr(ctx, "about", None)
    if not chosen and sel is not None and sel.ref in ("it", "them") and about is not None:
        chosen = [about]                 # "When X is chosen by …, cancel its effect": the Summon or ability that chose
        if stackref.item(s, about) is None:
            log.add(f"The Summon or ability that chose {s.name_of(ctx.subject) if ctx.subject else 'it'} is no longer "
                    f"on the stack: there is nothing to cancel", "card_text_precedence", "stack_zone")
    for ref in chosen:
        it = stackref.item(s, ref)
        if it is None:
            continue
        if it.card is not None:
            from judge.engine.fftcg.zones.moves import move

            log.add(f"{it.label} is cancelled: it leaves the stack without resolving", "card_text_precedence",
                    "stack_zone", "break_zone")
            s = move(s, it.card, "break", log, why=("break_zone", "owner_zone"))
        else:
            s = replace(s, stack=tuple(i for i in s.stack if i.uid != it.uid))
            log.add(f"{it.label} is cancelled: it leaves the stack without resolving and ceases to exist",
                    "card_text_precedence", "stack_zone", "ability_stays_on_stack")
    return s


__all__ = [
    "UNTIL",
    "cancel",
    "choosable",
    "end_of_turn",
    "field_of",
    "gain",
    "gain_control",
    "is_summon",
    "must_choose",
    "onto_why",
    "protection_unread",
    "restrict",
    "set_power",
    "take_control",
    "unchoosable",
    "until_of",
]
