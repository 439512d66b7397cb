"""FINAL FANTASY TCG: the actions a player may take now, for menus (priority, 11.1; the phases, 9-10).

Only the player holding priority acts: cast a card from the hand (or the LB deck), use an action
or special ability, declare an attack (one Forward or a party) in the Attack Declaration Step,
pass priority, or let the phase end. A pending decision (a block, a target, "you may") is a menu
of its answers for the player who decides. Targets, options of a modal effect and the CP payment
are parameters, each listed with the values the rules allow now (11.2: an exact payment).

"Now" matters here: the engine's `resolve` passes windows nobody acts in until an action becomes
legal, as a judge narrates a scenario; a menu must not offer a Character in the Attack Phase
because it could be cast two passes later. So each candidate is carried out on this very moment
(`actions.apply` after the automatic procedure), and only those the engine carries out are offered.
"""

from __future__ import annotations

from itertools import combinations, islice, product
from typing import Any

from judge.engine import legal as L
from judge.engine.core import LegalAction, Param, Rules
from judge.engine.fftcg import board
from judge.engine.fftcg.effects import changes
from judge.engine.fftcg.effects.run import choose_slots, select_modes, summon_effects
from judge.engine.fftcg.flow import actions as A
from judge.engine.fftcg.flow import attack
from judge.engine.fftcg.flow import turn as flow
from judge.engine.fftcg.log import Log, NeedChoice, Refused
from judge.engine.fftcg.query import candidates
from judge.engine.fftcg.state import AttackStep, Phase, State
from judge.engine.fftcg.zones.cost import Payment, ability_cost, cast_req
from judge.engine.fftcg.zones.exact import exact_payments
from judge.errors import ScenarioError

MAX_PAYMENTS = 8
MAX_TARGETS = 12
MAX_PARTY = 3


def names(state: State) -> dict[str, str]:
    """Card id → card name, for labels."""
    return {uid: d.name for uid in state.objs if (d := state.card(uid)) is not None}


def legal_actions(rules: Rules, state: State) -> tuple[LegalAction, ...]:
    """What the rules allow now (see the module docstring)."""
    if state.winner is not None:
        return ()
    try:
        s = flow.advance(state, Log()) if state.pc is not None else state
    except (Refused, NeedChoice):
        return ()
    if s.awaiting is not None:
        return L.answers(rules, state, _decision(s), names(state), _block_answers(s))
    p = s.priority
    if p is None:
        return ()
    cands = [*_passes(s, p), *_casts(s, p), *_uses(s, p), *_attacks(s, p)]
    return tuple(c for c in cands if now(s, c.raw))


def now(s: State, raw: dict[str, Any]) -> bool:
    """True when the action is legal at this very moment (carried out without passing any window)."""
    from judge.engine.fftcg.flow.bind import _bind, _preload  # the engine's own binding of card refs

    try:
        action = board.parse_action(raw, "legal action")
        A.apply(_preload(s, action), _bind(s, action), Log())
    except (Refused, NeedChoice, ScenarioError):
        return False
    return True


def _decision(s: State) -> Any:
    from judge.engine.fftcg.flow.bind import _request  # the engine's own view of its pending decision

    return _request(s)


def _block_answers(s: State) -> list[Any]:
    d = s.awaiting
    return ["none"] if d is not None and d.kind == "block" else []


def _act(raw: dict[str, Any], label: str, verb: str, params: tuple[Param, ...] = ()) -> LegalAction:
    return LegalAction(raw, label, str(raw["player"]), verb, params)


# -- candidates -------------------------------------------------------------------------------------
def _passes(s: State, p: str) -> list[LegalAction]:
    where = f"{s.phase.value}" + (f", {s.step.value} step" if s.step else "")
    label = f"{p} passes priority ({where})"
    if s.step == AttackStep.DECLARATION and s.battle is None and not s.stack and p == s.turn_player:
        label = f"{p} passes priority: declares no attack (on to Main Phase 2)"
    out = [_act({"player": p, "pass": True}, label, "pass")]
    if not s.stack and s.battle is None:
        out.append(_act({"player": p, "end_phase": True}, f"{p} lets the phase end (both players pass)", "end_phase"))
    return out


def _casts(s: State, p: str) -> list[LegalAction]:
    z = s.zones[p]
    pool = [(u, "hand") for u in dict.fromkeys(z.hand)] + [(u, "lb") for u, up in z.lb_deck if not up]
    out: list[LegalAction] = []
    for uid, zone in pool:
        d = s.card(uid)
        if d is None or d.x_cost:
            continue                                     # a cost printed as X: typed with x: N (4.5)
        try:
            cost = cast_req(s, uid, p, Log())
        except Refused:
            continue
        base = {"player": p, "cast": uid, **({"from": "lb"} if zone == "lb" else {})}
        if d.type == "summon":
            for mode, effects in _modes(summon_effects(s, uid)):
                label = f"{p} casts {d.name} ({uid})" + (f", option {'+'.join(mode)}" if mode else "")
                out += _with_params(s, p, base | ({"mode": list(mode)} if mode else {}), label, "cast", effects,
                                    uid, cost, casting=uid)
        else:
            out += _with_params(s, p, base, f"{p} casts {d.name} ({uid}), a {d.type}", "cast", (), uid, cost,
                                casting=uid)
    return out


def _uses(s: State, p: str) -> list[LegalAction]:
    out: list[LegalAction] = []
    for c in s.controlled(p):
        for i, ab in enumerate(A.activatable(s, c.uid)):
            if ab.cost is not None and ab.cost.x:
                continue                                 # X is a number the player names: typed with x: N
            req = ability_cost(ab.cost.cp if ab.cost else (), f"the cost of {s.name_of(c.uid)}'s ability")
            for mode, effects in _modes(ab.effects):
                name = ab.name or (ab.text[:40] + "…" if len(ab.text or "") > 40 else ab.text) or f"ability {i}"
                label = f"{p} uses {s.name_of(c.uid)}: {name}" + (f", option {'+'.join(mode)}" if mode else "")
                base = {"player": p, "use": c.uid, "ability": i} | ({"mode": list(mode)} if mode else {})
                dulled = c.uid if ab.cost is not None and ab.cost.dull_self else None
                out += _with_params(s, p, base, label, "use", effects, c.uid, req, casting=None, dulled=dulled)
    return out


def _attacks(s: State, p: str) -> list[LegalAction]:
    if s.phase != Phase.ATTACK or s.step != AttackStep.DECLARATION or s.battle is not None or s.stack:
        return []
    able = [c.uid for c in s.controlled(p, ("forward",)) if attack.can_attack(s, c.uid, p) is None]
    out = [_act({"player": p, "attack": u}, f"{p} attacks with {s.name_of(u)}", "attack") for u in able]
    for size in range(2, min(MAX_PARTY, len(able)) + 1):
        for party in combinations(able, size):
            out.append(_act({"player": p, "attack": list(party)},
                            f"{p} attacks with a party: {', '.join(s.name_of(u) for u in party)}", "attack"))
    return out


# -- parameters -------------------------------------------------------------------------------------
def _modes(effects: tuple) -> list[tuple[tuple[str, ...], tuple]]:
    """(declared options, the effects they leave) for a modal effect; else one entry with no options."""
    modal = next((e for e in effects if type(e).__name__ == "Modal"), None)
    if modal is None:
        return [((), effects)]
    n = len(modal.options)
    sizes = range(1, modal.count + 1) if modal.up_to else (modal.count,)
    out = []
    for size in sizes:
        for pick in combinations(range(1, n + 1), size):
            mode = tuple(map(str, pick))
            try:
                out.append((mode, select_modes(effects, mode, "", "")[0]))
            except Refused:
                continue
    return out


def _with_params(s: State, p: str, base: dict[str, Any], label: str, verb: str, effects: tuple,
                 source: str | None, req: Any, *, casting: str | None,
                 dulled: str | None = None) -> list[LegalAction]:
    """One legal action with its target and payment parameters (none when nothing can be chosen or paid)."""
    targets = _targets(s, p, effects, source)
    if targets is None:
        return []
    pays = _payments(s, p, req, casting, dulled)
    if not pays:
        return []
    raw = dict(base)
    if targets:
        raw["targets"] = targets[0][0]
    if pays[0][0]:
        raw["pay"] = pays[0][0]
    params = (*L.param("targets", "Which target(s)?", targets), *L.param("pay", "Which payment?", pays))
    return [_act(raw, label, verb, params)]


def _targets(s: State, p: str, effects: tuple, source: str | None) -> list[tuple[list[str], str]] | None:
    """The legal target lists (one entry per way to fill every choose-slot); [] when there is nothing to
    choose; None when a slot has no legal target (the card cannot be cast or used now)."""
    per_slot: list[list[tuple[str, ...]]] = []
    for sel in choose_slots(effects):
        legal = [u for u in candidates(s, sel, p, source) if u != source or sel.zone]
        allowed = changes.choosable(s, legal, p, source)
        n = sel.count if sel.count is not None else len(allowed)
        if not allowed:
            return None
        if len(allowed) <= n and not sel.up_to:
            per_slot.append([tuple(allowed)])
            continue
        sizes = range(n, 0, -1) if sel.up_to else (n,)
        per_slot.append([c for k in sizes for c in combinations(allowed, k)][:MAX_TARGETS])
    if not per_slot:
        return []
    out = []
    for pick in list(product(*per_slot))[:MAX_TARGETS]:
        ids = [u for group in pick for u in group]
        out.append((ids, "choose " + ", ".join(s.name_of(u) for u in ids)))
    return out


def _payments(s: State, p: str, req: Any, casting: str | None,
              dulled: str | None = None) -> list[tuple[dict[str, Any] | None, str]]:
    """Exact payments of the CP cost (11.2), in the order of zones.exact (the first is what `any` pays)."""
    if req.total == 0:
        return [(None, "no CP to pay")]
    pays = islice(exact_payments(s, p, req, casting, dulled), MAX_PAYMENTS)
    return [(_pay_raw(pay), _pay_label(s, pay)) for pay in pays]


def _pay_raw(pay: Payment) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if pay.dull:
        out["dull"] = list(pay.dull)
    if pay.discard:
        out["discard"] = [u for u, _e in pay.discard]
    return out


def _pay_label(s: State, pay: Payment) -> str:
    parts = [f"dull {s.name_of(u)}" for u in pay.dull] + [f"discard {s.name_of(u)}" for u, _e in pay.discard]
    return ", ".join(parts)


__all__ = ["legal_actions", "names", "now"]
