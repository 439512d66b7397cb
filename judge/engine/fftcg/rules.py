"""The FFTCG engine behind the game-agnostic `Rules` interface (judge.engine.core).

`resolve` carries out one action. When an action is only early (the player lacks priority, the
step has not come yet), the windows nobody acts in are passed automatically until it is legal,
as a judge would narrate; an illegal action is refused with its clauses and changes nothing
(14.1). `settle` finishes what the last action set going: the stack and the current attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.core import Applies, ChoiceNeeded, LegalAction, Refusal, Ruling, Step
from judge.engine.fftcg import board
from judge.engine.fftcg.clauses import cite
from judge.engine.fftcg.flow import actions as A
from judge.engine.fftcg.flow import turn as flow
from judge.engine.fftcg.log import Log, NeedChoice, Refused
from judge.engine.fftcg.query import is_forward, keywords, power
from judge.engine.fftcg.state import AttackStep, Decision, State, where
from judge.engine.fftcg.zones.cost import Payment
from judge.engine.kernel.values import any_note, is_any
from judge.engine.kernel.values import evolve as replace

MAX_PASSES = 60


def _answer_text(answer: Any, options: tuple[str, ...] = ()) -> str:
    value = getattr(answer, "answer", answer)
    if is_any(value) and options:
        return any_note(options)
    return ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def _steps(log: Log, asked: tuple = ()) -> tuple[Step, ...]:
    """The log's steps; a run of passes is told as one step ("A and B pass in succession: …"); each
    decision answered meanwhile (`asked`) is a step of its own, carrying the decision and the answer."""
    notes = list(log.steps)
    out: list[Step] = [Step(f"{d.player} decides: {d.choice} — {_answer_text(a, d.options)}", d.cites, decision=d,
                            answer=getattr(a, "answer", a)) for d, a in asked]
    i = 0
    while i < len(notes):
        n = notes[i]
        nxt = notes[i + 1] if i + 1 < len(notes) else None
        after = notes[i + 2] if i + 2 < len(notes) else None
        if (n.text.endswith(" passes priority") and nxt is not None and nxt.text.endswith(" passes priority")
                and after is not None and after.text.startswith("Both players passed")):
            who = f"{n.text.split()[0]} and {nxt.text.split()[0]}"
            rest = after.text.split(":", 1)[1].strip() if ":" in after.text else after.text
            out.append(Step(f"{who} pass priority in succession: {rest}",
                            tuple(dict.fromkeys((*n.cites, *after.cites))), fired=after.fired, card=after.card,
                            timing=after.timing))
            i += 3
            continue
        out.append(n)
        i += 1
    return tuple(out)


def _request(s: State) -> ChoiceNeeded | None:
    return s.awaiting


def _new(before: State, after: State) -> tuple:
    """The decisions answered between two states of one line of play."""
    n = len(before.asked)
    return after.asked[n:] if after.asked[:n] == before.asked else after.asked


def _ref(s: State, ref: str, player: str, zones: tuple[str, ...]) -> str:
    """A card ref as written (an id, or a card key meaning the first such card there) → its id."""
    if ref in s.objs and where(s, ref)[0] in zones:
        return ref
    z = s.zones[player]
    pool = [*z.hand, *(u for u, _ in z.lb_deck)] if "lb_deck" in zones else list(z.hand)
    for uid in pool:
        if s.objs[uid].defn == ref:
            return uid
    return ref


def _on_field(s: State, ref: str, player: str | None = None) -> str:
    """A field ref as written (an id, or a card key meaning such a Character, the player's first) → its id."""
    if s.char(ref) is not None:
        return ref
    mine = [c.uid for c in s.field if s.objs[c.uid].defn == ref and (player is None or c.controller == player)]
    ready = [u for u in mine if not s.char(u).dull and not s.char(u).attacked]
    return (ready or mine or [ref])[0]


def _target(s: State, ref: str) -> str:
    """A target ref: a card id anywhere stays itself; a card key means such a Character on the field."""
    return ref if ref in s.objs else _on_field(s, ref)


def _bind(s: State, a: A.Act) -> A.Act:
    """Bind card refs of an action to the cards they mean now."""
    def pay(p: Payment) -> Payment:
        return replace(p, discard=tuple((_ref(s, u, a.player, ("hand",)), e) for u, e in p.discard),
                       special=_ref(s, p.special, a.player, ("hand",)) if p.special else None)
    if isinstance(a, A.Cast):
        return replace(a, card=_ref(s, a.card, a.player, ("hand", "lb_deck")), pay=pay(a.pay),
                       targets=tuple(_target(s, t) for t in a.targets))
    if isinstance(a, A.Warp):
        return replace(a, card=_ref(s, a.card, a.player, ("hand",)), pay=pay(a.pay))
    if isinstance(a, A.Use):
        return replace(a, source=_on_field(s, a.source, a.player), pay=pay(a.pay),
                       targets=tuple(_target(s, t) for t in a.targets))
    if isinstance(a, A.Prime):
        return replace(a, character=_on_field(s, a.character, a.player), pay=pay(a.pay))
    if isinstance(a, A.Attack):
        return replace(a, attackers=tuple(_on_field(s, u, a.player) for u in a.attackers))
    if isinstance(a, A.Block) and a.blocker:
        return replace(a, blocker=_on_field(s, a.blocker, a.player))
    return a


def _refusal(r: Refused, action: A.Act) -> Refusal:
    """An illegal action is rewound (14.1), payments included (14.2); the reason's own clauses first."""
    paid = isinstance(action, A.Cast | A.Use | A.Warp | A.Prime)
    rewind = cite("illegal_rewind", "illegal_payments_undone") if paid else cite("illegal_rewind")
    return Refusal(r.reason, tuple(dict.fromkeys((*r.cites, *rewind))))


def _preload(s: State, action: A.Act) -> State:
    """The state with the action's `answers:` queued for the decisions taken while it is carried out."""
    answers = getattr(action, "answers", ())
    s = replace(s, answers=(*s.answers, *answers)) if answers else s
    if action.order:                    # `order:` waits for this player's next simultaneous auto-abilities
        s = replace(s, order_plan=(action.player, action.order))
    return s


def _check_used(before: State, after: State, action: A.Act, log: Log) -> State:
    """Answers supplied with an action that no decision asked for (the engine decided that from the board,
    or the rules gave no choice) are set aside with a note, never used for a later decision (docs/scenarios.md)."""
    left = len(after.answers) - len(before.answers)
    if getattr(action, "answers", ()) and left > 0:
        unused = after.answers[len(after.answers) - left:]
        log.add(f"The answer(s) given with this action ({', '.join(map(str, unused))}) were not needed: nothing "
                f"was left for {action.player} to decide there, so they are set aside")
        return replace(after, answers=after.answers[:len(after.answers) - left])
    return after


def _midway(d: Decision) -> Refusal:
    """A decision due while an action is carried out (a replacement applied as a cost is paid, 11.12.5.1):
    actions are not paused midway, so the action is refused unchanged (14.1) until it comes with `answers:`."""
    return Refusal(f"{d.player} must decide while this action is carried out: {d.choice}; give the decision "
                   f"with the action as answers: [...] (options: {', '.join(d.options) or 'free'})",
                   tuple(dict.fromkeys((*d.cites, *cite("illegal_rewind")))))


def resolve(state: State, action: A.Act) -> Ruling:
    """Carry out one action, passing the windows before it that nobody acts in."""
    log = Log()
    try:
        s = flow.advance(state, log) if state.pc is not None else state
    except Refused as r:
        return Ruling(state=state, refused=_refusal(r, action))
    first: Refused | None = None
    seen: dict = {}
    for _ in range(MAX_PASSES):
        mark = log.here()
        try:
            s2 = A.apply(_preload(s, action), _bind(s, action), log)
            s2 = _check_used(s, s2, action, log)
            s2 = flow.advance(s2, log)
            return Ruling(state=s2, steps=_steps(log, _new(state, s2)), request=_request(s2))
        except NeedChoice as need:              # an action is never paused midway (see _midway)
            return Ruling(state=state, refused=_midway(need.decision))
        except Refused as r:
            log.undo(mark)
            if not r.timing:
                return Ruling(state=state, refused=_refusal(r, action))
            first = first or r
        if s.winner is not None or s.awaiting is not None or s.priority is None or s.turn != state.turn:
            break
        try:
            s = flow.advance(flow.pass_priority(s, s.priority, log), log)
        except Refused as r:
            return Ruling(state=state, refused=_refusal(r, action))
        s = flow.loop_check(s, seen, log)
        if s.winner is not None:
            return Ruling(state=s, steps=_steps(log, _new(state, s)))
        if s.turn != state.turn:
            break
    assert first is not None
    if s.awaiting is not None and not isinstance(action, A.Choose | A.Block):
        return Ruling(state=s, steps=_steps(log, _new(state, s)), request=_request(s))
    if isinstance(action, A.Choose) and state.awaiting is None:   # nothing to answer: set aside (docs/scenarios.md)
        return Ruling(state=state, steps=(Step(f"{action.player}'s answer ({', '.join(map(str, action.values))}) "
                                               f"is not needed: no decision was left to {action.player} here (the "
                                               f"rules or the board decide it), so it is set aside"),))
    return Ruling(state=state, refused=_refusal(first, action))


def _unsettled(s: State) -> bool:
    return bool(s.stack) or (s.battle is not None and s.step in (AttackStep.DECLARATION, AttackStep.BLOCK,
                                                                   AttackStep.DAMAGE)) or s.pc is not None


def settle(state: State) -> Ruling:
    """After the last action: resolve the stack and finish the current attack (passing for everyone)."""
    log = Log()
    s = state
    seen: dict = {}
    try:
        for _ in range(MAX_PASSES * 4):
            s = flow.loop_check(flow.advance(s, log), seen, log)
            if s.winner is not None or s.awaiting is not None or not _unsettled(s):
                break
            s = flow.pass_priority(s, s.priority, log)
    except Refused as r:
        return Ruling(state=state, steps=_steps(log), refused=Refusal(r.reason, r.cites))
    except NeedChoice as need:
        return Ruling(state=state, steps=_steps(log), refused=_midway(need.decision))
    if s.order_plan is not None and s.awaiting is None:
        p, refs = s.order_plan
        log.add(f"The order given by {p} ({', '.join(refs)}) was not needed: no two of {p}'s auto-abilities waited "
                f"to go on the stack together, so it is set aside")
        s = replace(s, order_plan=None)
    return Ruling(state=s, steps=_steps(log, _new(state, s)), request=_request(s))


# ---- views for expectations, JSON and boards --------------------------------------------------------

def card_view(s: State, ref: str) -> Mapping[str, Any] | None:
    uid = ref if ref in s.objs else next((u for u, o in s.objs.items() if o.defn == ref), None)
    if uid is None:
        return None
    zone, who = where(s, uid)
    view: dict[str, Any] = {"zone": zone, "controller": who, "owner": s.objs[uid].owner}
    c = s.char(uid)
    if c is None:
        top = next((x for x in s.field if uid in x.primed_under), None)
        c = top
    if c is not None:
        view.update(state="dull" if c.dull else "active", damage=c.damage, power=power(s, c.uid),
                    keywords=sorted(keywords(s, c.uid)), frozen=c.frozen, counters=dict(c.counters))
    if zone == "removed":
        view["warp"] = next(n for u, n in s.zones[who].removed if u == uid)
    if zone == "lb_deck":
        view["face_up"] = next(up for u, up in s.zones[who].lb_deck if u == uid)
    return view


def player_view(s: State, p: str) -> Mapping[str, Any]:
    z = s.zones[p]
    return {"damage": len(z.damage), "deck": len(z.deck), "hand": len(z.hand), "break": len(z.break_zone),
            "removed": len(z.removed), "field": len(s.controlled(p)), "lb_deck": len(z.lb_deck),
            "priority": s.priority == p, "crystals": s.crystals_of(p)}


def state_json(s: State) -> dict[str, Any]:
    def char(c):
        d = s.card(c.uid)
        return {"id": c.uid, "card": d.name if d else None, "ref": s.objs[c.uid].defn, "type": d.type if d else None,
                "controller": c.controller,
                "owner": s.objs[c.uid].owner, "state": "dull" if c.dull else "active", "damage": c.damage,
                "power": power(s, c.uid) if d and is_forward(s, c.uid) else None,
                "keywords": sorted(keywords(s, c.uid)), "frozen": c.frozen, "primed_under": list(c.primed_under),
                "counters": dict(c.counters)}
    return {
        "game": "fftcg", "turn": s.turn, "turn_player": s.turn_player, "phase": s.phase.value,
        "step": s.step.value if s.step else None, "priority": s.priority, "winner": s.winner,
        "battle": None if s.battle is None else {"attackers": list(s.battle.attackers), "blocker": s.battle.blocker},
        "stack": [{"id": i.uid, "kind": i.kind, "label": i.label, "controller": i.controller} for i in s.stack],
        "field": [char(c) for c in s.field],
        "players": {p: {"deck": len(z.deck), "hand": list(z.hand), "break": list(z.break_zone),
                        "damage": list(z.damage), "lb_deck": [[u, up] for u, up in z.lb_deck],
                        "removed": [[u, n] for u, n in z.removed]} for p, z in s.zones.items()},
        "cp_paid": dict(s.cp_paid), "crystals": dict(s.crystals),
        "awaiting": None if s.awaiting is None else {"player": s.awaiting.player, "choice": s.awaiting.choice,
                                                     "options": list(s.awaiting.options)},
    }


def board_lines(s: State) -> list[str]:
    step = f" ({s.step.value} step)" if s.step else ""
    lines = [f"Turn {s.turn}, {s.turn_player}'s turn, {s.phase.value}{step}"
             + (f"; {s.priority} has priority" if s.priority else "")]
    for p, z in s.zones.items():
        chars = []
        for c in s.controlled(p):
            d = s.card(c.uid)
            bits = ["dull" if c.dull else "active"]
            if d and is_forward(s, c.uid):
                bits.append(f"{power(s, c.uid)} power")
            if c.damage:
                bits.append(f"{c.damage} damage")
            if c.frozen:
                bits.append("frozen")
            kws = sorted(keywords(s, c.uid))
            if kws:
                bits.append(", ".join(kws))
            chars.append(f"{s.name_of(c.uid)} [{d.type if d else '?'}; {'; '.join(bits)}]")
        lines.append(f"{p}: {len(z.damage)} damage, deck {len(z.deck)}, hand {len(z.hand)}, "
                     f"break {len(z.break_zone)}; field: {', '.join(chars) or 'empty'}")
    if s.stack:
        lines.append("Stack (top first): " + "; ".join(i.label for i in reversed(s.stack)))
    if s.winner:
        lines.append(f"Winner: {s.winner}")
    return lines


class FFTCGRules:
    """The FINAL FANTASY TCG rules (comprehensive rules, rules/004) for the scenario runner and the TUI."""

    game = "fftcg"
    printings = board.PRINTINGS

    def load_board(self, data: Mapping[str, Any], where: str) -> State:
        return board.load(data, where)

    def parse_action(self, state: State, raw: Mapping[str, Any], where: str) -> A.Act:
        return board.parse_action(raw, where)

    def resolve(self, state: State, action: A.Act) -> Ruling:
        return resolve(state, action)

    def settle(self, state: State) -> Ruling:
        return settle(state)

    def explain(self, state: State) -> tuple[Applies, ...]:
        from judge.engine.fftcg.explain import explain

        return explain(state)

    def card_view(self, state: State, ref: str) -> Mapping[str, Any] | None:
        return card_view(state, ref)

    def player_view(self, state: State, player: str) -> Mapping[str, Any]:
        return player_view(state, player)

    def winner(self, state: State) -> str | None:
        return state.winner

    def state_json(self, state: State) -> dict[str, Any]:
        return state_json(state)

    def board_lines(self, state: State) -> list[str]:
        return board_lines(state)

    def legal_actions(self, state: State) -> tuple[LegalAction, ...]:
        """What the rules allow now, for menus (judge.engine.fftcg.legal)."""
        from judge.engine.fftcg.legal import legal_actions

        return legal_actions(self, state)

    def unexecuted(self, ability: Any) -> tuple[str, ...]:
        """What of a parsed ability this engine does not carry out (empty: all of it), for `judge card`."""
        from judge.engine.fftcg.support import unexecuted

        return unexecuted(ability)
