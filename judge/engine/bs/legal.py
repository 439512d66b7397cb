"""Battle Spirits: the actions a player may take now, for menus (Saga 6-7 / Standard 6-8 turn order).

Candidates follow the turn's structure: in a main step the turn player's main-step actions; in
the attack step with no battle, an attack with each spirit or the end of the step; in a flash
window only the player holding priority (a flash effect or a pass); at the block declaration the
defender's blocks. While a decision is pending, its answers. Every candidate is then put to the
engine's own `resolve`, and only those it accepts are offered (judge.engine.legal).
"""

from __future__ import annotations

from dataclasses import replace
from math import prod
from typing import Any

from judge.engine import legal as L
from judge.engine.bs import derive
from judge.engine.bs.profile import profile as bs_profile
from judge.engine.bs.state import Orientation, State, Step
from judge.engine.core import LegalAction, Param, Rules
from judge.text.ast import AbilityKind

WINDOW_WORDS = {"flash_pre": "the flash window before blocking", "flash_post": "the flash window after blocking"}
MAIN_STEPS = (Step.MAIN, Step.SECOND_MAIN)


def names(state: State) -> dict[str, str]:
    """Card instance id → card name, for labels."""
    return {cid: state.defs[key].name for cid, key in state.cards.items() if key in state.defs}


def _name(state: State, cid: str) -> str:
    d = state.card_def(cid)
    return f"{d.name} ({cid})" if d is not None and d.name != cid else cid


def legal_actions(rules: Rules, state: State) -> tuple[LegalAction, ...]:
    """What the rules allow now (see the module docstring)."""
    if state.winner is not None:
        return ()
    if state.pending is not None:
        return L.answers(rules, state, state.pending, names(state), _core_answers(state, state.pending))
    b = state.battle
    if b is not None and b.window in WINDOW_WORDS:
        cands = _flash_window(state, b.priority, WINDOW_WORDS[b.window])
        return (*L.keep_allowed(rules, state, cands), *_awakenings(rules, state, b.priority))
    elif b is not None and b.window == "block":
        cands = _block(state)
    elif b is not None:
        cands = []
    elif state.step in MAIN_STEPS:            # core moves are put to the engine one by one as they are built
        cands = _main_step(state)
        return (*L.keep_allowed(rules, state, cands[:-1]), *_awakenings(rules, state, state.turn_player),
                *_core_moves(rules, state, state.turn_player), *L.keep_allowed(rules, state, cands[-1:]))
    elif state.step == Step.ATTACK:
        cands = _attack_step(state)
    else:
        cands = [_end_step(state)]
    return L.keep_allowed(rules, state, cands)


# -- candidates, by moment of the turn ------------------------------------------------------------
def _act(raw: dict[str, Any], label: str, verb: str, params: tuple[Param, ...] = ()) -> LegalAction:
    return LegalAction(raw, label, str(raw["player"]), verb, params)


def _end_step(state: State) -> LegalAction:
    me = state.turn_player
    return _act({"player": me, "end_step": True},
                f"{me} ends the {state.step.value.replace('_', ' ')} step", "end_step")


def _main_step(state: State) -> list[LegalAction]:
    me = state.turn_player
    p = state.players[me]
    out: list[LegalAction] = []
    for cid in dict.fromkeys(p.hand):
        d = state.card_def(cid)
        if d is None:
            continue
        if d.type in ("spirit", "nexus"):
            out.append(_summon(state, me, cid, "summon" if d.type == "spirit" else "place"))
        elif d.type == "magic":
            out += _magic(state, me, cid, ("main", "flash"))
    out += _activations(state, me, flash_only=False)
    for cid in dict.fromkeys(p.hand):
        d = state.card_def(cid)
        if d is not None and any(ab.kind == AbilityKind.BURST for ab in d.abilities):
            out.append(_act({"player": me, "set_burst": cid}, f"{me} sets {_name(state, cid)} as the burst",
                            "set_burst"))
    out.append(_end_step(state))
    return out


def _attack_step(state: State) -> list[LegalAction]:
    me = state.turn_player
    out = [_act({"player": me, "attack": fc.id}, f"{me} attacks with {_name(state, fc.id)}", "attack")
           for fc in state.players[me].field
           if state.defs[fc.card].type == "spirit" and fc.orientation == Orientation.REFRESHED]
    out.append(_end_step(state))
    return out


def _flash_window(state: State, who: str, window: str) -> list[LegalAction]:
    out = [_act({"player": who, "pass": True}, f"{who} passes ({window})", "pass")]
    for cid in dict.fromkeys(state.players[who].hand):
        d = state.card_def(cid)
        if d is None:
            continue
        if d.type == "magic":
            out += _magic(state, who, cid, ("flash",))
        elif d.type == "spirit" and derive.keyword(state, cid, "Swift"):
            out.append(_summon(state, who, cid, "summon"))
    out += _activations(state, who, flash_only=True)
    return out


def _block(state: State) -> list[LegalAction]:
    me = state.opponent(state.turn_player)
    out = [_act({"player": me, "block": fc.id}, f"{me} blocks with {_name(state, fc.id)}", "block")
           for fc in state.players[me].field if state.defs[fc.card].type == "spirit"]
    out.append(_act({"player": me, "no_block": True}, f"{me} does not block", "no_block"))
    return out


# -- the parameters of an action ------------------------------------------------------------------
def _payments(state: State, player: str, cost: int) -> tuple[Param, ...]:
    """Which cores pay a cost: the reserve first, then field cards (a card left short of LV1 by its
    own payment is destroyed, 9-3-2), when there is more than one way."""
    p = state.players[player]
    sources = [("reserve", p.reserve), *((fc.id, fc.cores) for fc in p.field if fc.cores)]
    plans = L.core_payments(cost, sources)
    if len(plans) < 2:
        return ()
    choices = [(plan, "pay " + ", ".join(f"{n} from {'the reserve' if k == 'reserve' else _name(state, k)}"
                                        for k, n in plan.items()) if plan else "pay nothing")
               for plan in plans]
    return L.param("pay_from", "Which cores pay the cost?", choices)


def _summon(state: State, player: str, cid: str, verb: str) -> LegalAction:
    d = state.card_def(cid)
    assert d is not None
    cost, _red = derive.cost_after_reduction(state, player, d)
    lv1 = derive.lv1_cost(d)
    spare = state.players[player].reserve - cost
    cores = L.param("cores", f"How many cores go on {d.name}?",
                    [(n, f"{n} core{'s' if n != 1 else ''}" + (f" (LV{lvl})" if (lvl := _level_for(d, n)) else ""))
                     for n in range(lv1, max(lv1, spare) + 1)][:6]) if d.levels else ()
    words = "summons" if verb == "summon" else "places"
    return _act({"player": player, verb: cid, "from": "hand"},
                f"{player} {words} {_name(state, cid)} (cost {cost})", verb, (*cores, *_payments(state, player, cost)))


def _level_for(d: Any, cores: int) -> int:
    return max((lv for lv, c, _bp in d.levels if cores >= c), default=0)


def _magic(state: State, player: str, cid: str, timings: tuple[str, ...]) -> list[LegalAction]:
    d = state.card_def(cid)
    assert d is not None
    cost, _red = derive.cost_after_reduction(state, player, d)
    out = []
    for timing in timings:
        if any(ab.kind == AbilityKind.MAGIC and (ab.timing or "").lower().startswith(timing) for ab in d.abilities):
            out.append(_act({"player": player, "magic": cid, "effect": timing},
                            f"{player} uses {_name(state, cid)}: its [{timing.title()}] effect (cost {cost})",
                            "magic", _payments(state, player, cost)))
    return out


def _activations(state: State, player: str, *, flash_only: bool) -> list[LegalAction]:
    out = []
    for fc in state.players[player].field:
        for i, ab in derive.active_abilities(state, fc.id):
            timing = (ab.timing or "").lower()
            if ab.kind != AbilityKind.ACTIVATED or (flash_only and "flash" not in timing):
                continue
            label = derive.timing_label(ab.timing)
            out.append(_act({"player": player, "activate": fc.id, "ability": i},
                            f"{player} activates {_name(state, fc.id)}'s {label} effect", "activate"))
    return out


def _core_moves(rules: Rules, state: State, player: str) -> list[LegalAction]:
    """Every core move the main step allows (Saga 6-6-1-2-3 / Standard 7-6-1-2-2): from the reserve or
    a field card, to the reserve or another of the player's field cards, any number of the cores
    there, the soul core among them or not. One complete action per move, each put to the engine (only
    those it accepts are offered), reached step by step: from where, which cores (ordinary ones, or
    the soul core with as many ordinary ones as the judge likes), to where, how many. A move that
    leaves a card short of its LV1 cost is legal; its label says what follows."""
    p = state.players[player]
    places = ("reserve", *(fc.id for fc in p.field))
    out: list[LegalAction] = []
    for src in places:
        plain = p.reserve if src == "reserve" else p.card(src).cores
        kinds = [(n, False) for n in range(1, plain + 1)] + \
            ([(n, True) for n in range(1, plain + 2)] if p.soul_core == src else [])
        for dest in (d for d in places if d != src):
            for n, soul in kinds:
                raw: dict[str, Any] = {"player": player, "move_cores": n, "from": src, "to": dest}
                if soul:
                    raw["soul_core"] = True
                ruling = L.ruling_for(rules, state, raw)
                if ruling is not None and ruling.refused is None:
                    out.append(_core_move(state, ruling.state, raw))
    return out


def _core_move(state: State, after: State, raw: dict[str, Any]) -> LegalAction:
    """One core move in words, as a label and as its menu path, with what it does to both cards."""
    player, src, dest, n = raw["player"], raw["from"], raw["to"], raw["move_cores"]
    soul = bool(raw.get("soul_core"))
    what = _cores(n - 1 if soul else n, soul)
    effects = "; ".join(filter(None, (_after_move(state, after, cid, n if cid == src else 0)
                                      for cid in (src, dest) if cid != "reserve")))
    tail = f" — {effects}" if effects else ""
    path = (("Move cores from where?", _holding(state, player, src)),
            ("Which cores?", "the soul core" if soul else "ordinary cores"),
            ("To where?", _holding(state, player, dest)),
            ("How many?", f"{what}{tail}"))
    return L.StepwiseAction(raw, f"{player} moves {what} from {_place(state, src)} to {_place(state, dest)}{tail}",
                            player, "move_cores", path=path)


def _awakenings(rules: Rules, state: State, player: str) -> list[LegalAction]:
    """【Awaken】 (Saga 11-1-1): at flash timing, cores move onto the spirit from the player's other
    field cards, as many as the player likes. One complete action per way (every way, up to
    `L.MAX_WAYS` a spirit, fewest cores first), each put to the engine, reached step by step: which
    spirit, how many cores, how many from each card, then the whole move with what it does. Grouped in
    menus as "awaken" (the scenario action is `activate` with `cores_from`)."""
    p = state.players[player]
    out: list[LegalAction] = []
    for fc in p.field:
        for i, ab in derive.active_abilities(state, fc.id):
            if ab.kind != AbilityKind.KEYWORD or ab.keyword is None or derive.norm_kw(ab.keyword.name) != "awaken":
                continue
            sources = [(o.id, o.cores) for o in p.field if o.id != fc.id and o.cores]
            plans = [plan for n in range(1, sum(c for _o, c in sources) + 1)
                     for plan in L.core_payments(n, sources, limit=L.MAX_WAYS)][:L.MAX_WAYS]
            ways = prod(c + 1 for _o, c in sources) - 1
            batch: list[LegalAction] = []
            for plan in plans:
                raw = {"player": player, "activate": fc.id, "ability": i, "cores_from": plan}
                ruling = L.ruling_for(rules, state, raw)
                if ruling is not None and ruling.refused is None and ruling.request is None:
                    batch.append(_awakening(state, ruling.state, raw, [o for o, _c in sources]))
            if batch and ways > len(plans):
                batch[0] = replace(batch[0], unlisted=ways - len(plans))
            out += batch
    return out


def _awakening(state: State, after: State, raw: dict[str, Any], sources: list[str]) -> LegalAction:
    plan: dict[str, int] = raw["cores_from"]
    target, total, player = raw["activate"], sum(plan.values()), raw["player"]
    effects = "; ".join(filter(None, (_after_move(state, after, cid, plan.get(cid, 0)) for cid in (*plan, target))))
    tail = f" — {effects}" if effects else ""
    whence = ", ".join(f"{n} core{'s' if n != 1 else ''} from {_name(state, cid)}" for cid, n in plan.items())
    path = (("Which spirit awakens?", _holding(state, player, target)),
            ("How many cores move onto it?", _cores(total, False)),
            *((f"How many from {_holding(state, player, cid)}?", _cores(plan.get(cid, 0), False)) for cid in sources),
            ("From which cards?", f"{whence}{tail}"))
    return L.StepwiseAction(raw, f"{player} awakens {_name(state, target)}: {whence}{tail}", player, "awaken",
                            path=path)


def _cores(plain: int, soul: bool) -> str:
    """`2 cores`, `the soul core`, `the soul core and 1 core`."""
    said = f"{plain} core{'s' if plain != 1 else ''}"
    return ("the soul core" + (f" and {said}" if plain else "")) if soul else said


def _holding(state: State, player: str, where: str) -> str:
    """`the reserve: 3 cores + the soul core`, `Raider (a1): LV1, 2 cores`."""
    p = state.players[player]
    plain = p.reserve if where == "reserve" else p.card(where).cores
    cores = f"{plain} core{'s' if plain != 1 else ''}" + (" + the soul core" if p.soul_core == where else "")
    if where == "reserve":
        return f"the reserve: {cores}"
    return f"{_name(state, where)}: LV{derive.level(state, where)}, {cores}"


def _after_move(state: State, after: State, cid: str, taken: int) -> str:
    """What the move does to a card: its new level, or why it leaves the field (short of LV1:
    Saga's self-destruction 9-3-2, Standard's Depletion 5-11)."""
    before = derive.level(state, cid)
    if after.field_card(cid) is not None:
        now = derive.level(after, cid)
        return f"{_name(state, cid)} goes to LV{now}" if now != before else ""
    fc = state.field_card(cid)
    d = state.card_def(cid)
    if fc is None or d is None or not d.levels or derive.cores_on(state, fc) - taken >= derive.lv1_cost(d):
        return f"{_name(state, cid)} leaves the field (see the trace)"
    prof = bs_profile(state.game)
    concept = "manage.depletion" if prof.depletion else "manage.insufficient"
    cites = ", ".join(prof.clauses.cite(concept))
    fate = "it is Depleted" if prof.depletion else "it is destroyed"
    return f"{_name(state, cid)} is left under its LV1 cost: {fate}" + (f" (§{cites})" if cites else "")


def _place(state: State, where: str) -> str:
    return "the reserve" if where == "reserve" else _name(state, where)


def _core_answers(state: State, decision: Any) -> list[dict[str, int]]:
    """For a decision about which cores pay: the ways the player's reserve and field cards can."""
    if decision.kind != "cores" or decision.player not in state.players:
        return []
    p = state.players[decision.player]
    sources = [(o, p.reserve if o == "reserve" else (p.card(o).cores if p.card(o) else 0))
               for o in decision.options]
    total = sum(n for _o, n in sources)
    return [plan for need in range(1, total + 1) for plan in L.core_payments(need, sources, limit=6)][:L.MAX_ANSWERS]


__all__ = ["legal_actions", "names"]
