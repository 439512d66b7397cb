"""Battle Spirits: the actions a player may take now, for menus (Saga 6-7 / Standard 6-8 turn order).

Candidates follow the turn's structure: in a main step the turn player's main-step actions; in
the attack step with no battle, an attack with each spirit or the end of the step; in a flash
window only the player holding priority (a flash effect or a pass); at the block declaration the
defender's blocks. While a decision is pending, its answers. Every candidate is then put to the
engine's own `resolve`, and only those it accepts are offered (judge.engine.legal).
"""

from __future__ import annotations

from typing import Any

from judge.engine import legal as L
from judge.engine.bs import derive
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
    elif b is not None and b.window == "block":
        cands = _block(state)
    elif b is not None:
        cands = []
    elif state.step in MAIN_STEPS:
        cands = _main_step(state)
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
    out += _core_moves(state, me)
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


def _core_moves(state: State, player: str) -> list[LegalAction]:
    """One core at a time between the reserve and field cards, or between two field cards (6-6-1-2-3)."""
    p = state.players[player]
    have = {"reserve": p.reserve, **{fc.id: fc.cores for fc in p.field}}
    out = []
    for src, n in have.items():
        for dest in have:
            if src != dest and n > 0:
                out.append(_act({"player": player, "move_cores": 1, "from": src, "to": dest},
                                f"{player} moves 1 core from {_place(state, src)} to {_place(state, dest)}",
                                "move_cores"))
    return out


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
