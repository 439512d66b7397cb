"""Player actions as values, and carrying one out: cast, attack, block, use an ability, pass, choose.

`apply(state, action, log)` returns the new State or raises `Refused` (the caller keeps the old
state: 14.1 rewinds an illegal action, its payments included, 14.2). A refusal marked `timing`
only means "not yet"; the engine then lets the windows nobody acts in pass and tries again.
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg.cardlimits import cast_limits, label_of, use_limits
from judge.engine.fftcg.cardlimits import special_card as pick_special
from judge.engine.fftcg.effects.divide import divide
from judge.engine.fftcg.effects.run import (
    assign_targets,
    declared,
    option_count,
    select_modes,
    summon_effects,
)
from judge.engine.fftcg.events.triggers import chosen as chosen_event
from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.flow import attack
from judge.engine.fftcg.flow import turn as flow
from judge.engine.fftcg.flow.acts import (
    NO_PAYMENT,
    Act,
    Attack,
    Block,
    Cast,
    Choose,
    Concede,
    EndPhase,
    Pass,
    Prime,
    Use,
    Warp,
)
from judge.engine.fftcg.keywords import warp_priming as keywords
from judge.engine.fftcg.log import Log, Refused
from judge.engine.fftcg.query import abilities, damage_gate, has, is_type, keyword_ability, names, printed
from judge.engine.fftcg.restrictions import light_dark_allowed
from judge.engine.fftcg.state import AttackStep, Mod, Phase, StackItem, State, other, where
from judge.engine.fftcg.zones import extracost
from judge.engine.fftcg.zones.cost import (
    ability_cost,
    apply_payment,
    backups_only,
    cast_req,
    check_payment,
    lb_flip,
    use_cost_changes,
)
from judge.engine.fftcg.zones.moves import discard, enter_field
from judge.engine.fftcg.zones.xvalue import bind_x, x_cost
from judge.engine.kernel.values import evolve as replace
from judge.engine.kernel.values import is_any
from judge.text.ast import Ability, AbilityKind, Effect


def _fs_window(s: State) -> bool:
    b = s.battle
    return b is not None and b.first_strike_done and not b.damage_done


def _may_play(s: State, player: str, what: str, key: str) -> None:
    """Summons and abilities: with priority, in a Main or Attack Phase (9.3.1.6-9.3.1.7, 15.2.3.3)."""
    if s.phase not in (Phase.MAIN1, Phase.MAIN2, Phase.ATTACK):
        raise Refused(f"{what} only in the Main Phases and the Attack Phase", key,
                      *(("end_phase_triggers",) if s.phase == Phase.END else ()), timing=True)
    if s.priority != player:
        raise Refused(f"{player} does not have priority", "priority", key, timing=True)
    if _fs_window(s):
        raise Refused(f"no {what} in the priority window after First Strike damage", "first_strike_window",
                      timing=True)


def cast(s: State, a: Cast, log: Log) -> State:
    """Cast a Summon (11.3) or a Character (11.4), from the hand or the LB deck (15.2.8.3)."""
    p, uid = a.player, a.card
    if uid not in s.objs or s.card(uid) is None:
        raise Refused(f"{uid} is not a known card", "kw_cast")
    d = s.card(uid)
    z = s.zones[p]
    lb = any(u == uid and not up for u, up in z.lb_deck)
    if a.from_zone in ("removed", "break"):
        s = _from_elsewhere(s, a, log)
    elif not lb and uid not in z.hand:
        raise Refused(f"{s.name_of(uid)} is not in {p}'s hand" + (" or LB deck" if d.lb_cost else ""), "kw_cast")
    if lb and d.lb_cost is None:
        raise Refused(f"{s.name_of(uid)} has no Limit Break", "lb_cast")
    if d.lb_cost is not None and not lb:
        raise Refused(f"{s.name_of(uid)} is a Limit Break card: it is cast from the LB deck", "lb_cast")
    cast_limits(s, p, uid, log)
    fixed = "summon_cost_fixed" if d.type == "summon" else "character_cost_fixed"
    if d.x_cost and a.x is None:
        raise Refused(f"{s.name_of(uid)}'s cost is X: {p} sets X as it is cast (x: N)", "variable_x", fixed)
    if d.x_cost:
        log.add(f"{p} sets X = {a.x} for {s.name_of(uid)}'s cost", "variable_x", fixed)
    elif a.x is not None:
        raise Refused(f"{s.name_of(uid)}'s cost is not X: there is no X to set", "variable_x")
    extracost.extra_costs(s, uid, p, log)          # what the card's own optional extra costs allow (11.3.5 / 11.4.4)
    req = cast_req(s, uid, p, log, x=a.x)
    backups_only(s, uid, p, a.pay, log)
    s = use_cost_changes(s, uid, p, log)
    s, req = extracost.alternative(s, uid, p, req, log, fixed)
    s, req, extra = extracost.declare(s, uid, p, req, log, fixed)
    if d.type == "summon":
        s = _cast_summon(s, a, req, lb, log)
        if extra is not None:
            s = extracost.mark(extracost.pay_cards(s, uid, extra, log), uid)
        s = emit(s.record("cast", uid, p), "cast", uid, log, player=p)
        return replace(emit(s, "opp_cast", uid, log, player=other(p)), priority=None, passes=0, pc=("priority", p))
    s = _cast_character(s, a, req, lb, log)
    if extra is not None:
        s = extracost.mark(extracost.pay_cards(s, uid, extra, log), uid)
    s = emit(s.record("cast", uid, p), "cast", uid, log, player=p)
    return replace(emit(s, "opp_cast", uid, log, player=other(p)), priority=None, passes=0,
                   pc=("priority", s.turn_player))


def _from_elsewhere(s: State, a: Cast, log: Log) -> State:
    """A card cast from the zone an effect lets it be cast from ("you can cast it as though you owned it",
    11.12.4.1): the permission must be the player's and the card still there; it leaves that zone as it is cast."""
    p, uid = a.player, a.card
    zone, whose = where(s, uid)
    if zone != a.from_zone or not s.may_cast_card(p, uid):
        raise Refused(f"nothing lets {p} cast {s.name_of(uid)} from {whose or p}'s {a.from_zone} zone", "kw_cast",
                      "card_text_precedence", timing=bool(s.stack))     # what is on the stack may still allow it
    log.add(f"{p} may cast {s.name_of(uid)} from {whose}'s {zone} zone, an effect allowing it", "card_text_precedence",
            "ongoing_effect")
    return s


def _cost_keys(d) -> tuple[str, str, str]:
    return ("character_cost", "multi_element_cost" if d.multi_element else "character_exact_cp",
            "light_dark_cost" if d.light_dark else "cost_element")


def _cast_summon(s: State, a: Cast, req, lb: bool, log: Log) -> State:
    """A Summon goes on the stack with its options and targets declared and its cost paid (11.3.2-11.3.8)."""
    p, uid = a.player, a.card
    d = s.card(uid)
    _may_play(s, p, "Summons are cast", "summon_timing")
    effects = option_count(s, summon_effects(s, uid), p, uid, "summon_modes_count", log)
    effects, modes = select_modes(effects, a.mode, d.name, "summon_modes")
    if d.x_cost:
        effects = bind_x(effects, a.x or 0)        # "X" in its text is the value set for its cost (4.5)
    if modes:
        said, keys = declared(modes, "summon_modes")
        log.add(f"{p} declares {said} of {d.name}", *keys)
    chosen = assign_targets(s, effects, p, uid, a.targets, ("summon_choose",), d.name)
    produced = check_payment(s, p, a.pay, req, casting=uid,
                             keys=("pay_cp", "summon_pay_all", *_cost_keys(d)[1:2][:int(d.multi_element)]))
    if lb:
        s = lb_flip(s, p, uid, a.pay, d.lb_cost, log)
    s = apply_payment(s, p, a.pay, produced, log, keys=("summon_pay_all", "pay_cp"))
    s = s.with_zones(p, hand=tuple(u for u in s.zones[p].hand if u != uid),
                     lb_deck=tuple(e for e in s.zones[p].lb_deck if e[0] != uid))
    owner = s.objs[uid].owner              # cast from a removed / Break Zone an effect allows (11.12.4.1)
    s = s.with_zones(owner, removed=tuple(e for e in s.zones[owner].removed if e[0] != uid),
                     break_zone=tuple(u for u in s.zones[owner].break_zone if u != uid))
    s, divided = divide(s, effects, chosen, p, "summon", d.name, log)
    s, sid = s.next_id("s")
    targets = "; ".join(", ".join(v) for v in chosen.values())
    item = StackItem(uid=sid, kind="summon", controller=p, source=uid, card=uid, effects=effects, divided=divided,
                     label=f"{s.name_of(uid)} (Summon)", targets=tuple(chosen.items()), paid=s.cp_paid,
                     paid_from=s.cp_sources)
    s = replace(s, stack=(*s.stack, item))
    log.add(f"{p} casts {s.name_of(uid)}" + (f", choosing {targets}" if targets else "") +
            "; it goes on top of the stack", "cast_summon", "summon_to_stack", "stack_order",
            *(("summon_choose",) if chosen else ()), changes=(f"{uid}: hand -> stack",))
    log.add(f"{p} keeps priority after casting", "summon_cast")
    return chosen_event(s, item, log)


def _cast_character(s: State, a: Cast, req, lb: bool, log: Log) -> State:
    """A Character enters the field at once, without the stack (11.4), in its own timing or by Back Attack."""
    p, uid = a.player, a.card
    d = s.card(uid)
    normal = p == s.turn_player and s.phase in (Phase.MAIN1, Phase.MAIN2) and not s.stack
    back_attack = has_printed(s, uid, "back attack")
    if not normal:
        if back_attack and s.phase in (Phase.MAIN1, Phase.MAIN2, Phase.ATTACK) and s.priority == p \
                and not _fs_window(s):
            log.add(f"{s.name_of(uid)} has Back Attack: {p} may cast it now, as a response, without the stack",
                    "back_attack", "back_attack_response", "back_attack_no_stack")
        else:
            why = ("cast_character_timing", "cast_character") + (("back_attack",) if back_attack else ())
            raise Refused(f"{s.name_of(uid)} is a Character: it is cast by the turn player with priority in a Main "
                          f"Phase with the stack empty", *why, timing=True)
    elif s.priority != p:
        raise Refused(f"{p} does not have priority", "priority", timing=True)
    _field_limits(s, p, uid, log)
    produced = check_payment(s, p, a.pay, req, casting=uid, keys=("pay_cp", _cost_keys(d)[1]))
    if lb:
        s = lb_flip(s, p, uid, a.pay, d.lb_cost, log)
    s = apply_payment(s, p, a.pay, produced, log, keys=("character_pay_all", *_cost_keys(d)))
    log.add(f"{p} casts {s.name_of(uid)} (a special action: it does not use the stack)", "cast_character")
    paid, sources = s.cp_paid, s.cp_sources
    s = enter_field(s, uid, p, log, why=("character_enters", "controller_field"))
    return s.with_char(uid, paid=paid, paid_from=sources) if s.char(uid) is not None else s


def has_printed(s: State, uid: str, kw: str) -> bool:
    return keyword_ability(s, uid, kw) is not None


def _field_limits(s: State, p: str, uid: str, log: Log) -> None:
    """Casting may not break the field limits: same name (7.7.3), Light/Dark (7.7.5), five Backups (7.7.4)."""
    d = s.card(uid)
    if d.generic and any(d.name in names(s, c.uid) for c in s.controlled(p)):
        log.add(f"{d.name} is generic: any number of Characters with its name may be on the field",
                "generic", "same_name_limit")
    if not d.generic:
        for c in s.controlled(p):
            cd = s.card(c.uid)
            if cd is not None and not cd.generic and d.name in names(s, c.uid):
                raise Refused(f"{p} already controls {s.name_of(c.uid)}; a non-generic Character with the same name "
                              f"cannot be cast", "same_name_limit", "generic")
    held = [cd for cd in (s.card(c.uid) for c in s.controlled(p)) if cd is not None and cd.light_dark]
    src = None
    if d.light_dark and held:
        src = light_dark_allowed(s, p, [d, *held], incoming=d)
        if src is not None:
            log.add(f"{p} may have {d.name} with another Light/Dark Character: {s.name_of(src)}'s field ability "
                    f"lets them (card text over the rules)", "card_text_precedence", "light_dark_limit")
    if d.light_dark and held and src is None:
        for c in s.controlled(p):
            cd = s.card(c.uid)
            if cd is not None and cd.light_dark:
                raise Refused(f"{p} already controls a Light/Dark Character ({s.name_of(c.uid)})",
                              "light_dark_limit")
    if d.type == "backup" and len(s.controlled(p, ("backup",))) >= 5:
        raise Refused(f"{p} already has five Backups", "five_backups")


def activatable(s: State, uid: str) -> list[Ability]:
    """A card's action and special abilities, in text order (`ability: N` counts these)."""
    return [ab for ab in abilities(s, uid) if ab.kind in (AbilityKind.ACTION, AbilityKind.SPECIAL)]


def _ability_to_use(s: State, a: Use, log: Log) -> tuple[Ability, str, int | None]:
    """The action or special ability named, checked usable now (9.3.1.7, its own limits), with the key
    counting its uses this turn and how many it may have."""
    p, uid = a.player, a.source
    c = s.char(uid)
    if c is None or c.controller != p:
        raise Refused(f"{uid} is not a Character {p} controls", "action_to_stack")
    _may_play(s, p, "abilities are used", "ability_timing")
    abs_ = activatable(s, uid)
    if not 0 <= a.ability < len(abs_):
        gated = [damage_gate(ab) for ab in printed(s, uid) if damage_gate(ab) is not None]
        if gated:
            raise Refused(f"{s.name_of(uid)} has its Damage {gated[0]} ability only once {p} has received "
                          f"{gated[0]} damage ({len(s.zones[p].damage)} so far)", "damage_keyword", "action_ability")
        raise Refused(f"{s.name_of(uid)} has no action or special ability number {a.ability} "
                      f"(it has {len(abs_)})", "action_ability")
    ab = abs_[a.ability]
    gate = damage_gate(ab)
    if gate is not None:        # "Damage N --": the Character has the ability while N damage is received (15.2.6)
        log.add(f"{p} has received {len(s.zones[p].damage)} damage: {s.name_of(uid)} has its Damage {gate} ability, "
                f"beside its others", "damage_field_ability", "damage_keyword")
    use_key = str(printed(s, uid).index(ab))
    use_limits(s, p, ab, label_of(s, uid, ab), log, uid)
    limit = 1 if "once_per_turn" in ab.restrictions else 2 if "twice_per_turn" in ab.restrictions else None
    if limit is not None and sum(1 for m in c.mods if m.kind == "used" and m.value == use_key) >= limit:
        raise Refused(f"{s.name_of(uid)}'s ability can be used only {'once' if limit == 1 else 'twice'} per turn "
                      f"(its own text)", "card_text_precedence", "action_ability")
    return ab, use_key, limit


def _use_keys(special: bool) -> dict[str, str]:
    return {"stack": "special_to_stack" if special else "action_to_stack",
            "dull": "special_dull_icon" if special else "dull_icon",
            "choose": "special_choose" if special else "action_choose",
            "done": "special_activated" if special else "action_activated"}


def _check_dull_icon(s: State, a: Use, ab: Ability, k: dict[str, str]) -> None:
    """The Dull icon: the Character must be active and, unless it has Haste or is a Monster, controlled
    since the start of the turn (11.6.2.2, 11.7.2.2, 15.2.2.3)."""
    c = s.char(a.source)
    if ab.cost is None or not ab.cost.dull_self:
        return
    if c.dull:
        raise Refused(f"{s.name_of(a.source)} is already dull and cannot pay the Dull icon", k["dull"], "kw_dull")
    if not c.since_turn_start and not has(s, a.source, "haste") and not is_type(s, a.source, "monster"):
        raise Refused(f"{s.name_of(a.source)} has not been under {a.player}'s control since the start of their turn "
                      f"and has no Haste: it cannot use a Dull-icon ability", k["dull"], "haste_dull_icon")


def _declared(s: State, a: Use, ab: Ability, label: str, log: Log) -> tuple[Effect, ...]:
    """The ability's effects with its declared options (11.6.6) and the value of X (4.5, 11.6.7)."""
    cost = ab.cost
    effects = option_count(s, ab.effects, a.player, a.source, "action_modes_count", log)
    effects, modes = select_modes(effects, a.mode, label, "action_modes")
    if modes:
        said, keys = declared(modes, "action_modes")
        log.add(f"{a.player} declares {said}", *keys)
    if (cost is None or not cost.x) and a.x is not None:
        raise Refused(f"the cost of {label} has no 《X》, so no value is chosen for X", "variable_x")
    if cost is not None and cost.x:
        if a.x is None:
            raise Refused(f"the cost of {label} has 《X》: {a.player} chooses the value of X (x: N) as it is used",
                          "variable_x", "action_cost")
        effects = bind_x(effects, a.x)
        log.add(f"{a.player} chooses X = {a.x} for {label}: 《X》 is {a.x} CP and every X in the ability is {a.x}",
                "variable_x", "action_cost")
    return effects


def _pay_use(s: State, a: Use, ab: Ability, label: str, k: dict[str, str], log: Log) -> State:
    """Pay the whole cost at once (11.6.10): Dull icon, the special ability's card, CP, Crystals, the rest."""
    p, uid, cost = a.player, a.source, ab.cost
    req = ability_cost(x_cost(cost.cp, a.x) if cost else (), f"the cost of {label}")
    special_card = None
    if ab.kind == AbilityKind.SPECIAL:
        wanted = s.card(uid).name
        special_card = a.pay.special or pick_special(s, p, wanted, log)
        if special_card is None or special_card not in s.zones[p].hand or s.card(special_card).name != wanted:
            raise Refused(f"a special ability needs a card named {wanted} discarded from {p}'s hand", "special_ability")
    if special_card and any(u == special_card for u, _ in a.pay.discard):
        raise Refused(f"{special_card} is discarded for the special ability; it cannot also produce CP",
                      "special_ability")
    produced = check_payment(s, p, a.pay, req, casting=special_card, keys=("action_cost", "pay_cp"))
    crystal = cost.crystal if cost else 0
    if crystal > s.crystals_of(p):
        raise Refused(f"the cost needs {crystal} Crystal(s) and {p} has {s.crystals_of(p)}", "crystals", "action_cost")
    if cost is not None and cost.dull_self:
        s = s.with_char(uid, dull=True)
        log.add(f"{p} dulls {s.name_of(uid)} to pay the Dull icon", k["dull"], "kw_dull", changes=(f"{uid}: dull",))
    if special_card:
        s = discard(s, special_card, log, why=("special_ability",))
    s = apply_payment(s, p, a.pay, produced, log, keys=("action_cost",))
    if crystal:
        s = s.with_crystals(p, s.crystals_of(p) - crystal)
        log.add(f"{p} spends {crystal} Crystal(s) ({s.crystals_of(p)} left)", "crystals", "action_cost")
    if cost is not None and cost.effects:
        from judge.engine.fftcg.zones.costs import pay_costs

        s = pay_costs(s, p, uid, cost.effects, label, log)
    return s


def use(s: State, a: Use, log: Log) -> State:
    """Use an action ability (11.6) or a special ability (11.7): declare, choose, pay, put it on the stack."""
    p, uid = a.player, a.source
    ab, use_key, limit = _ability_to_use(s, a, log)
    special = ab.kind == AbilityKind.SPECIAL
    k = _use_keys(special)
    _check_dull_icon(s, a, ab, k)
    label = f"{s.name_of(uid)}: {ab.name or ab.text or 'ability'}"
    effects = _declared(s, a, ab, label, log)
    chosen = assign_targets(s, effects, p, uid, a.targets, (k["choose"],), label)
    s = _pay_use(s, a, ab, label, k, log)
    if limit is not None and s.char(uid) is not None:
        s = s.with_char(uid, mods=(*s.char(uid).mods, Mod(kind="used", value=use_key, until="turn")))
    s, divided = divide(s, effects, chosen, p, "special" if special else "action", label, log)
    s, sid = s.next_id("s")
    item = StackItem(uid=sid, kind="special" if special else "action", controller=p, source=uid,
                     effects=effects, label=label, targets=tuple(chosen.items()), divided=divided)
    s = replace(s, stack=(*s.stack, item))
    targets = "; ".join(", ".join(v) for v in chosen.values())
    log.add(f"{p} uses {label}" + (f", choosing {targets}" if targets else "") + "; it goes on the stack",
            k["stack"], "stack_order", *((k["choose"],) if chosen else ()))
    log.add(f"{p} keeps priority after using it", k["done"])
    s = emit(s, "uses", uid, log, to="special" if special else "action", cause=item)   # "when X uses an … ability" (11.8.3)
    return replace(chosen_event(s, item, log), priority=None, passes=0, pc=("priority", p))


def choose(s: State, a: Choose, log: Log) -> State:
    """Supply the decision the rules are waiting for."""
    d = s.awaiting
    if d is None:
        raise Refused("there is no decision to make yet", "priority", timing=True)
    if d.player != a.player:
        raise _pending(d, f"the pending decision is {d.player}'s: {d.choice}")
    value: Any = a.values[0] if len(a.values) == 1 else list(a.values)
    if d.detail in ("target", "select", "discard", "backups", "ex_burst", "order", "mode", "deck_order", "search",
                  "lb", "special", "prime") and not (len(a.values) == 1 and is_any(a.values[0])):
        value = list(a.values)
    if a.pay is not None or a.x is not None:
        from judge.engine.fftcg.zones.payments import PayAnswer

        value = PayAnswer(value, a.pay or NO_PAYMENT, a.x)
    from judge.engine.fftcg.flow.loops import answered, check_answer

    check_answer(s, d, value)
    s = answered(s, d)
    return replace(s, awaiting=None, answers=(*s.answers, value), asked=(*s.asked, (d, value)))


def _pending(d, text: str) -> Refused:
    """A refusal because a decision of the rules comes first (it cites that decision's clauses)."""
    r = Refused(text)
    r.cites = d.cites
    return r


def block(s: State, a: Block, log: Log) -> State:
    d = s.awaiting
    if d is not None and d.detail == "block" and d.player == a.player:
        answer: Any = a.blocker or "none"
        if a.pay is not None:
            from judge.engine.fftcg.zones.payments import PayAnswer

            answer = PayAnswer(answer, a.pay)
        return replace(s, awaiting=None, answers=(*s.answers, answer), asked=(*s.asked, (d, answer)))
    if a.player == s.turn_player:
        raise Refused("only the non-turn player blocks", "block_declaration")
    b = s.battle
    if a.blocker is None and b is not None and b.block_declared and b.blocker is None and d is None:
        log.add(f"{a.player} does not block", "block_declaration")
        return s
    if a.blocker is not None and b is not None and b.block_declared and d is None:
        raise attack.block_refusal(s, a.blocker, a.player)     # the blockers were weighed: this one could not
    if d is not None:
        raise _pending(d, f"a decision is pending first: {d.choice}")
    raise Refused("blocks are declared at the start of the Block Declaration Step", "block_declaration", timing=True)


def end_phase(s: State, a: EndPhase, log: Log) -> State:
    """Pass every window until the phase (or, with turn: true, the turn) ends. In the Attack Phase it ends the
    Preparation Step; from the Declaration Step, or during an attack, it ends the phase: the attack going on
    is finished and no further attack is declared (10.1.2.1, 10.1.4.6)."""
    whole = s.phase == Phase.ATTACK and s.step is not None and s.step != AttackStep.PREPARATION
    start = (s.turn, s.phase) if whole else (s.turn, s.phase, s.step)
    seen: dict = {}
    for _ in range(400):
        s = flow.loop_check(s, seen, log)
        if s.winner is not None or s.awaiting is not None:
            return s
        if s.pc is not None:
            s = flow.advance(s, log)
            continue
        if a.turn and s.turn != start[0] and s.phase == Phase.MAIN1:
            return s
        if not a.turn and ((s.turn, s.phase) if whole else (s.turn, s.phase, s.step)) != start:
            return s
        s = flow.pass_priority(s, s.priority, log)
    return s


def apply(s: State, a: Act, log: Log) -> State:
    """Carry out one action; Refused if it is illegal now."""
    if s.winner is not None:
        raise Refused("the game is over", "lose")
    if isinstance(a, Concede):
        log.add(f"{a.player} concedes; {other(a.player)} wins", "card_text_precedence")
        return replace(s, winner=other(a.player), priority=None, pc=None)
    if isinstance(a, Choose):
        return choose(s, a, log)
    if isinstance(a, Block):
        return block(s, a, log)
    from judge.engine.fftcg.flow import loops

    if isinstance(a, loops.DeclareLoop):
        return loops.declare(s, a, log)
    if s.awaiting is not None:
        raise _pending(s.awaiting, f"a decision is pending first: {s.awaiting.choice}")
    if isinstance(a, Pass):
        return flow.pass_priority(s, a.player, log)
    if isinstance(a, EndPhase):
        if s.priority != a.player and a.player != s.turn_player:
            raise Refused(f"{a.player} does not have priority", "priority", timing=True)
        return end_phase(s, a, log)
    if isinstance(a, Cast):
        return cast(s, a, log)
    if isinstance(a, Attack):
        return attack.declare(s, a.player, a.attackers, log, a.pay)
    if isinstance(a, Use):
        return use(s, a, log)
    if isinstance(a, Warp):
        return keywords.warp(s, a.player, a.card, a.pay, log)
    if isinstance(a, Prime):
        return keywords.prime(s, a.player, a.character, a.pay, log)
    raise Refused(f"unknown action {a!r}", "priority")


__all__ = ["Act", "Attack", "Block", "Cast", "Choose", "Concede", "EndPhase", "Pass", "Prime", "Use", "Warp",
           "activatable", "apply"]
