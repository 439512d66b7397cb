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

from judge.engine.fftcg import ongoing, replacement, stackref
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.model import Mod, State
from judge.engine.fftcg.model import evolve as replace
from judge.engine.fftcg.query import abilities, field_effects, matches, names
from judge.text.ast import Deploy, Duration, Effect, Gain, ModifyStat, Restriction, Selector

Targets = Callable[..., tuple[State, list[str]]]


def _until(d: Duration) -> str:
    return {Duration.TURN: "turn", Duration.BATTLE: "battle"}.get(d, "permanent")


def _while(d: Duration) -> str:
    return " until the end of the turn" if d == Duration.TURN else ""


def _mod(s: State, uid: str, kind: str, value, duration: Duration, source: str) -> State:
    c = s.char(uid)
    s, _ = s.next_id("ts")
    return s.with_char(uid, mods=(*c.mods, Mod(kind=kind, value=value, until=_until(duration), ts=s.seq,
                                                source=source)))


def one(s: State, e: Effect, ctx, log: Log, targets: Targets) -> State | None:
    """Carry out `e` if it is one of this module's effects; None when it is not."""
    if (isinstance(e, ModifyStat) and e.stat in replacement.DAMAGE_STATS) or \
            (type(e).__name__ == "RedirectDamage" and e.target is not None):    # "the next damage … instead"
        return replacement.shield(s, e, ctx, log, targets)
    if isinstance(e, ModifyStat) and e.stat == "power_set":
        s, uids = targets(s, e, e.target, ctx, log)
        for u in uids:
            if s.char(u) is not None:
                s = _mod(s, u, "set_power", e.amount, e.duration, ctx.source)
                log.add(f"{s.name_of(u)}'s power becomes {e.amount}{_while(e.duration)}: that is its new base "
                        f"power, and every other power change still adds to it", "set_power", "summon_set_power",
                        "ongoing_order", "timestamp_resolved", changes=(f"{u}: base power -> {e.amount}",))
        return s
    if isinstance(e, Gain) and e.family is None:
        s, uids = targets(s, e, e.target, ctx, log)
        what = e.keyword.name if e.keyword is not None else f'"{e.ability.text}"' if e.ability else None
        if what is None:
            return s
        for u in uids:
            if s.char(u) is not None:
                kind, value = ("keyword", e.keyword.name) if e.keyword is not None else ("ability", e.ability)
                s = _mod(s, u, kind, value, e.duration, ctx.source)
                log.add(f"{s.name_of(u)} gains {what}{_while(e.duration)}", "ongoing_effect", "timestamp_resolved",
                        "ongoing_existing_cards", changes=(f"{u}: gains {what}",))
        return s
    if isinstance(e, Restriction) and e.target is not None and (e.mode == "lose" or e.action == "be_chosen"):
        s, uids = targets(s, e, e.target, ctx, log)
        for u in uids:
            if s.char(u) is None:
                continue
            if e.action == "be_chosen":
                s = _mod(s, u, "cannot_be_chosen", e.by, e.duration, ctx.source)
                log.add(f"{s.name_of(u)} cannot be chosen by {source_words(e.by)}"
                        f"{_while(e.duration)}", "ongoing_effect", "timestamp_resolved")
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
    if isinstance(e, Deploy) and e.verb == "gain_control":
        s, uids = targets(s, e, e.target, ctx, log)
        for u in uids:
            s = gain_control(s, u, ctx.controller, getattr(e, "duration", Duration.PERMANENT), ctx.source, log)
        return s
    if type(e).__name__ == "Cancel":
        return cancel(s, e, ctx, log)
    return None


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

_ABILITY_KINDS = frozenset({"ability", "action_ability", "special_ability", "auto_ability"})


def source_words(by) -> str:
    """The sources a "cannot be chosen by …" names, in words (from the typed selector, 6.4)."""
    if by is None:
        return "Summons or abilities"
    kinds = [("Summons" if k == "summon" else "EX Bursts" if k == "ex_burst" else "abilities")
             for k in by.card_types if k == "summon" or k == "ex_burst" or k in _ABILITY_KINDS]
    whose = "your opponent's " if by.owner is not None and by.owner.value == "opponent" else ""
    return whose + (" or ".join(dict.fromkeys(kinds)) or "Summons or abilities")


def _barred(by, protected_by: str, chooser: str, summon: bool) -> bool:
    """Whether "cannot be chosen by <by>" bars `chooser`'s Summon (or ability) from choosing the card.

    The source selector names whose (your opponent's) and what (Summons, abilities, or both); the card's
    controller is "you" (7.2.1).
    """
    if by is None:
        return True
    if by.owner is not None and by.owner.value == "opponent" and chooser == protected_by:
        return False
    kinds = set(by.card_types)
    says_summon, says_ability = "summon" in kinds, bool(kinds & _ABILITY_KINDS)
    if not says_summon and not says_ability:
        return True
    return says_summon if summon else says_ability


def unchoosable(s: State, uid: str, chooser: str, summon: bool) -> str | None:
    """The printed reason a card cannot be chosen by `chooser`'s Summon/ability now (2.2), or None."""
    c = s.char(uid)
    if c is None:
        return None
    texts = [m.value for m in c.mods if m.kind == "cannot_be_chosen"]
    for ab in abilities(s, uid):
        for e in ab.effects:
            if isinstance(e, Restriction) and e.action == "be_chosen" and e.mode == "cannot" and \
                    (e.target is None or e.target.self_ref) and ab.cost is None and ab.timing is None:
                texts.append(e.by)
    for src, e in field_effects(s):
        if isinstance(e, Restriction) and e.action == "be_chosen" and e.mode == "cannot" and e.target is not None \
                and not e.target.self_ref and matches(s, uid, e.target, src.controller, src.uid):
            texts.append(e.by)
    for by in texts:
        if _barred(by, c.controller, chooser, summon):
            return f"{s.name_of(uid)} cannot be chosen by {source_words(by)}"
    return None


def choosable(s: State, legal: list[str], chooser: str, source: str | None) -> list[str]:
    """The legal targets minus those that cannot be chosen by this Summon/ability."""
    summon = is_summon(s, source)
    return [u for u in legal if unchoosable(s, u, chooser, summon) is None]


def is_summon(s: State, source: str | None) -> bool:
    return source is not None and source in s.objs and s.card(source) is not None and s.card(source).type == "summon"


# ---- Cancel -------------------------------------------------------------------------------------------

def cancel(s: State, e: Effect, ctx, log: Log) -> State:
    """Cancel the chosen Summon(s) or ability(ies): they leave the stack without resolving."""
    sel: Selector | None = getattr(e, "target", None)
    chosen = [u for k, uids in ctx.targets.items() if sel is not None and k == replace(sel, span=None)
              for u in uids]
    for ref in chosen:
        it = stackref.item(s, ref)
        if it is None:
            continue
        if it.card is not None:
            from judge.engine.fftcg.zones import move

            log.add(f"{it.label} is cancelled: it leaves the stack without resolving", "card_text_precedence",
                    "stack_zone", "break_zone")
            s = move(s, it.card, "break", log, why=("break_zone", "owner_zone"))
        else:
            s = replace(s, stack=tuple(i for i in s.stack if i.uid != it.uid))
            log.add(f"{it.label} is cancelled: it leaves the stack without resolving and ceases to exist",
                    "card_text_precedence", "stack_zone", "ability_stays_on_stack")
    return s


__all__ = ["choosable", "end_of_turn", "gain_control", "is_summon", "one", "unchoosable"]
