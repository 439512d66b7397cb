"""Loops a player can stop (13.2, 13.3): the player says how many times, the loop runs that often, then stops.

A loop that nobody can stop ends the game in a draw (13.1, `flow.loop_check`). When the repeating
procedure contains a choice of a player ("you may …"), that player can stop it: instead of answering the
same question again and again, they declare how many times the loop is performed (13.2; a scenario
writes `{player: A, loop: 5}` when the question is asked). The engine then answers that player's
recurring question "yes" that many times and "no" after. If both players can stop it, the turn player
declares first, then the non-turn player, and the loop runs the smaller number of times (13.3): each
player's declared count is kept and the first to run out stops the loop. When the choice that repeats is
"you may pay 《1》", the declaration names each repetition's payment (`pay: [{...}, …]`). The player who
stopped a loop (with 13.3, the one who chose the higher number) cannot restart it at once: a "yes" to the
same choice while every card is where it was when the loop stopped is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.fftcg.clauses import cite
from judge.engine.fftcg.flow.actions import Act
from judge.engine.fftcg.log import Log, Refused
from judge.engine.fftcg.state import Decision, State, other
from judge.engine.fftcg.zones.cost import Payment
from judge.engine.fftcg.zones.payments import PayAnswer
from judge.engine.kernel.values import evolve as replace

#: decisions that can stop a loop (a yes / no choice of one player; "you may pay 《1》" each time)
STOPPABLE = ("may", "pay")


@dataclass(frozen=True, kw_only=True)
class DeclareLoop(Act):
    """A player who can stop a loop declares how many times it is performed (13.2, 13.3); when the choice
    that repeats is a payment, `pays` names the CP sources of each repetition, in order."""

    times: int
    pays: tuple[Payment, ...] = ()


def declare(s: State, a: DeclareLoop, log: Log) -> State:
    """Answer the pending optional choice for this and the next `times - 1` repetitions, then stop."""
    d = s.awaiting
    if d is None:
        raise Refused("a loop is declared when the player is asked the optional choice that repeats",
                      "loop_one_player", timing=True)
    if d.player != a.player or d.detail not in STOPPABLE:
        raise Refused(f"the pending decision is {d.player}'s ({d.choice}); {a.player} cannot stop a loop with it",
                      "loop_one_player")
    if a.times < 0:
        raise Refused("the number of times a loop is performed cannot be negative", "loop_one_player")
    if a.times > 0:
        no_restart(s, a.player, d)
    if d.detail == "pay" and len(a.pays) != a.times:
        raise Refused(f"the choice that repeats is a payment: give one payment per repetition, "
                      f"pay: [{{...}}, …] ({a.times} in all, {len(a.pays)} given)", "loop_one_player", "pay_cp")
    theirs = next((n for p, _, n in s.loop_plan if p == other(a.player)), None)
    if theirs is not None:
        log.add(f"Both players can stop the loop: {other(a.player)} declared {theirs + 1} time(s), {a.player} "
                f"declares {a.times}; it is performed the smaller number of times, "
                f"{min(a.times, theirs + 1)}, then stops", "loop_both_players")
    else:
        log.add(f"{a.player} can stop the loop: {a.player} declares it is performed {a.times} time(s), "
                f"then brings it to an end", "loop_one_player", "loop_draw")
    plan = tuple(e for e in s.loop_plan if e[0] != a.player)
    if a.times > 0:
        plan = (*plan, (a.player, d.choice, a.times - 1))
    answer: Any = "yes" if a.times > 0 else "no"
    pays = tuple(e for e in s.loop_pays if e[0] != a.player)
    if d.detail == "pay" and a.times > 0:
        answer = PayAnswer("yes", a.pays[0])
        pays = (*pays, (a.player, a.pays[1:]))
    return replace(s, awaiting=None, answers=(*s.answers, answer), loop_plan=plan, loop_pays=pays)


def auto_answer(s: State, d: Decision, log: Log) -> State | None:
    """The answer a declared loop gives to its recurring choice (None: no plan covers this decision)."""
    for i, (p, prompt, left) in enumerate(s.loop_plan):
        if p != d.player or prompt != d.choice:
            continue
        rest = s.loop_plan[:i] + s.loop_plan[i + 1:]
        both = any(q == other(p) for q, _, _ in s.loop_plan)
        keys = ("loop_both_players",) if both else ("loop_one_player",)
        if left > 0:
            answer: Any = "yes"
            if d.detail == "pay":                      # the next of the payments declared with the loop
                queue = next((q for who, q in s.loop_pays if who == p), ())
                if not queue:
                    return None
                answer = PayAnswer("yes", queue[0])
                s = replace(s, loop_pays=tuple((w, q[1:] if w == p else q) for w, q in s.loop_pays))
            log.add(f"The loop goes on as {p} declared: {p} will answer yes again ({left - 1} more time(s) "
                    f"after this one)", *keys)
            return replace(s, answers=(*s.answers, answer), loop_plan=(*rest, (p, prompt, left - 1)))
        log.add(f"{p} has performed the loop the number of times declared and now stops it: {p} will "
                f"answer no", *keys)
        higher = other(p) if any(q == other(p) for q, _, _ in rest) else p     # 13.3: the higher number
        return replace(s, answers=(*s.answers, "no"), loop_plan=tuple(e for e in rest if e[0] != other(p)),
                       loop_pays=(), loop_stopped=(*s.loop_stopped, (higher, prompt, zones(s))))
    return None


def zones(s: State) -> tuple:
    """Where every card is: the situation a stopped loop may not be restarted in (13.3)."""
    return (tuple(sorted(c.uid for c in s.field)),
            tuple((p, z.hand, z.deck, z.break_zone, z.damage, z.removed) for p, z in sorted(s.zones.items())))


def no_restart(s: State, player: str, d: Decision) -> None:
    """Refuse restarting a loop the player brought to an end, while every card is where it was (13.2, 13.3)."""
    if any(p == player and prompt == d.choice and sig == zones(s) for p, prompt, sig in s.loop_stopped):
        raise Refused(f"{player} brought this loop to an end and cannot restart it at once, in the same "
                      f"situation (unless an auto-ability forces it): {d.choice}", "loop_one_player",
                      "loop_both_players")


def check_answer(s: State, d: Decision, value: Any) -> None:
    """A "yes" that would restart a loop its player stopped is refused (13.2, 13.3)."""
    from judge.engine.fftcg.log import as_list, yes_no

    first = as_list(getattr(value, "answer", value))
    if d.detail in STOPPABLE and first and yes_no(first[0]):
        no_restart(s, d.player, d)


def hint(s: State, d: Decision) -> Decision:
    """A recurring optional choice is a loop its player can stop: say so, and how to declare it (13.2)."""
    if d.detail not in STOPPABLE or d.choice not in s.loop_asked:
        return d
    return replace(d, choice=f"{d.choice} (this choice repeats: a loop {d.player} can stop; answer it, or "
                             f"declare how many times it is performed with loop: N)",
                   cites=(*d.cites, *cite("loop_one_player", "loop_both_players")))


def answered(s: State, d: Decision) -> State:
    """Remember an optional choice that was answered, to recognise it when it comes back."""
    if d.detail not in STOPPABLE or d.choice in s.loop_asked:
        return s
    return replace(s, loop_asked=(*s.loop_asked, d.choice))


__all__ = ["DeclareLoop", "answered", "auto_answer", "check_answer", "declare", "hint", "no_restart", "zones"]
