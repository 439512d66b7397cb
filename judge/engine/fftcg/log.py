"""FFTCG on the engine kernel: the log is the kernel's `Context`, refusals and decisions are the kernel's.

Operations take an immutable State and a `Log` and return a new State. The `Log` is the kernel's
one context (`judge.engine.kernel.Context`): it gathers the cited steps (`add`, the kernel's `log`)
and what this engine cannot do (`not_modelled`, a step citing nothing). `Refused` is the kernel's
`Refuse` (14.1: the caller keeps the old state, so the game is rewound); `NeedChoice` is the
kernel's `Need`, carrying a `Decision` (who decides, what kind, the options, the clause) that the
State keeps as its pending decision until a `choose` answers it. Answers supplied in advance wait
in `State.answers` and are taken in order; each decision a `choose` answers is kept in `State.asked`
and told as a step of the ruling. The FFTCG engine passes the State beside the log (its functions return
new States), so the context's own `state` is not used.
"""

from __future__ import annotations

from typing import Any

from judge.engine.core import Refusal, Step
from judge.engine.core import not_modelled as unmodelled_step
from judge.engine.fftcg.clauses import TABLE
from judge.engine.fftcg.state import Decision, State
from judge.engine.kernel import Context, Need, Refuse
from judge.engine.kernel.values import NO, YES, as_list, is_any, yes_no
from judge.engine.kernel.values import evolve as replace

#: what every not-modelled step starts with
NOT_MODELLED = "not modelled: "

#: FFTCG decisions → the kernel's kinds of decision (what a scenario names with `decision: KIND`)
KINDS = {"target": "target", "select": "cards", "backups": "cards", "discard": "discard", "order": "order",
         "deck_order": "order", "may": "may", "ex_burst": "may", "mode": "mode", "search": "search",
         "prime": "search", "pay": "payment", "lb": "payment", "special": "payment", "block": "answer",
         "party_damage": "answer", "divide": "answer", "deck_end": "answer", "declare": "answer"}


class Log(Context):
    """The steps of one ruling, as the kernel's context (`add` logs a cited step)."""

    def __init__(self) -> None:
        super().__init__(None, TABLE)

    def add(self, text: str, *keys: str, changes: tuple[str, ...] = (), fired: str | None = None,
            card: str | None = None, timing: str | None = None) -> Step:
        return self.log(text, *keys, changes=changes, fired=fired, card=card, timing=timing)

    def here(self) -> int:
        """How many steps are logged (a point `undo` rolls the log back to)."""
        return len(self.steps)

    def undo(self, here: int) -> None:
        del self.steps[here:]

    def extend(self, other: Log) -> None:
        self.steps.extend(other.steps)

    def __iter__(self):
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, i: int) -> Step:
        return self.steps[i]


def not_modelled(log: Log, what: str, *keys: str) -> None:
    """Say in the ruling what this engine cannot do here (the run is then not ok): the judge resolves it.

    Such a step cites nothing (`judge.engine.core.not_modelled`); `keys` name, for the reader of this
    code, the rule the engine stops short of."""
    step = unmodelled_step(what)
    if not any(n.text == step.text for n in log):
        log.steps.append(step)


class Refused(Refuse):
    """An illegal action or payment (the kernel's refusal): the reason and its clauses; `timing` when it is
    only early (the windows nobody acts in are passed and it is tried again)."""

    def __init__(self, reason: str, *keys: str, timing: bool = False) -> None:
        cites = TABLE.cites(keys)
        super().__init__(Refusal(reason, cites))
        self.reason = reason
        self.cites = cites
        self.timing = timing

    def as_refusal(self) -> Refusal:
        """The refusal as it stands (its reason or clauses may have been completed since it was raised)."""
        return Refusal(self.reason, tuple(dict.fromkeys(self.cites)))


NeedChoice = Need       # the kernel's: a decision is missing


def decision(player: str, detail: str, prompt: str, options: tuple[str, ...], *keys: str) -> Decision:
    """A decision of the rules, in the kernel's terms (its kind) with FFTCG's own name for it (`detail`)."""
    return Decision(prompt, TABLE.cites(keys), player=player, options=tuple(options), kind=KINDS[detail],
                    detail=detail)


def take_answer(state: State, player: str, kind: str, prompt: str, options: tuple[str, ...],
                *keys: str) -> tuple[State, Any]:
    """The next supplied answer (and the state without it), or NeedChoice naming the decision (the State
    keeps it as pending; the `choose` that answers it is recorded with it, `actions.choose`)."""
    d = decision(player, kind, prompt, options, *keys)
    if not state.answers:
        raise NeedChoice(d)
    answer = state.answers[0]
    if is_any(answer):                 # issue 21.7: the scenario leaves this decision open
        if not options:
            raise Refused(Refusal(f"'any' answers a decision with listed options; this one has none "
                                  f"({prompt}): answer it"))
        # an order of cards (put back "in any order") is legal only with every card in it: `any` keeps them
        # in the order listed, the first legal order
        answer = list(options) if kind == "deck_order" else options[0]
    return replace(state, answers=state.answers[1:]), answer


def take_cards(state: State, player: str, kind: str, prompt: str, options: tuple[str, ...], n: int,
               *keys: str) -> tuple[State, list[str]]:
    """The cards answered for a decision of exactly `n` of `options` (the caller checks them); `any` (issue 21.7)
    takes the first `n` listed, the first legal answer."""
    left_open = bool(state.answers) and is_any(state.answers[0])
    state, answer = take_answer(state, player, kind, prompt, options, *keys)
    if left_open:
        return state, list(options[:n])
    return state, [str(u) for u in as_list(getattr(answer, "answer", answer))]


def pick(state: State, player: str, kind: str, prompt: str, options: tuple[str, ...], *keys: str, log: Log,
         low: int, high: int) -> tuple[State, list[str]]:
    """`player` picks between `low` and `high` of the cards `options` (a decision of the rules, asked as data).

    When the rules leave no choice (every option must be taken, or none can be) the step says so and
    nothing is asked. An answer may name a card by its id or by its card number (the first such option
    not yet named); a wrong answer is refused, naming the options."""
    high = min(high, len(options))
    if high == 0:
        return state, []
    if low >= len(options):
        log.add(f"{prompt}: the only choice is {', '.join(options)}", *keys)
        return state, list(options)
    if state.answers and is_any(state.answers[0]):     # issue 21.7: any legal pick will do
        state, _ = take_answer(state, player, kind, prompt, options, *keys)
        return state, list(options[:max(low, 1)])
    state, answer = take_answer(state, player, kind, prompt, options, *keys)
    picked: list[str] = []
    for value in as_list(getattr(answer, "answer", answer)):
        ref = str(value)
        if ref.lower() in ("none", "no"):
            continue
        hit = ref if ref in options and ref not in picked else next(
            (u for u in options if u not in picked and state.objs[u].defn == ref), None)
        if hit is None:
            raise Refused(f"{prompt}: {ref} is not one of the options ({', '.join(options)})", *keys)
        picked.append(hit)
    if not low <= len(picked) <= high:
        many = f"{low}" if low == high else f"{low} to {high}"
        raise Refused(f"{prompt}: pick {many} of {', '.join(options)}", *keys)
    return state, picked


__all__ = ["KINDS", "NO", "NOT_MODELLED", "YES", "Log", "NeedChoice", "Refused", "as_list", "decision", "not_modelled",
           "pick", "take_answer", "take_cards", "yes_no"]
