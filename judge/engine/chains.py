"""The chain of steps that produced a change (issue 21.5): what a `cites:` beside a card's or a
player's expected values is checked against.

`{card: b2, zone: trash, cites: ["9-4-2"]}` holds only when 9-4-2 is cited by a step of the chain
that made b2's zone the trash: the first step of the action (or rule process) that started it,
then, walking back from the change itself, every step of that action that changed b2 or changed
nothing a player can see (the rule process deciding it), up to the last change of something else. A clause cited only for another card, or for an earlier or later change of b2, does not
count. Where the expected values came true more than once, the last time counts.

Which steps changed b2 is read from the board, never from a step's words: an engine whose context
keeps the board (`Step.after`, set by the kernel's `Context.log`) gives the board when each step
was logged, and b2's view (`Rules.card_view`) and what the players see (`Rules.state_json`) are
compared between consecutive boards; a change counts for the step logged just before it and the
step logged just after it (engines log a change either before or after making it). An engine that does not keep the board on its steps gives only the boards
before and after each action: there the same walk reads the steps' structured facts instead (a
step names the card in `card`, `fired` or a `changes` entry "ref: …"; a step with changes that name
only other things is a change of something else), and the chain is the whole action when no step
names the card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from judge.engine.trace import Segment, TracedStep

View = Callable[[Any], Any]


def chain(view: View, holds: Callable[[Any], bool], steps: Sequence[TracedStep],
          segments: Sequence[Segment], ref: str | None = None, seen: View | None = None) -> list[int] | None:
    """Positions (into `steps`) of the chain of the last change after which `holds(view(board))`
    became true; None when no action made it true (it held from the start, or never).

    `seen(board)` is what the players can see of a board (`Rules.state_json(board)["players"]`):
    walking back from the change, the chain goes on through steps that changed the card (or
    player) or changed nothing anyone sees — the rule process deciding it — and stops at a change
    of something else."""
    last: tuple[Segment, int, list[Any]] | None = None
    for seg in segments:
        boards = _boards(seg, steps)
        views = [view(board) for board in boards]
        for k in range(1, len(views)):
            if holds(views[k]) and not holds(views[k - 1]):
                last = (seg, k, views)
    if last is None:
        return None
    seg, k, views = last
    positions = list(range(seg.start, seg.end))
    if not positions:
        return []
    if not any(steps[i].step.after is not None for i in positions):
        return _by_facts(positions, steps, ref)
    boards = _boards(seg, steps)
    shown = [seen(board) for board in boards] if seen is not None else [None] * len(boards)

    def step_at(j: int) -> list[int]:          # board j (1..n) is the board when positions[j-1] was logged
        return [positions[j - 1]] if 1 <= j <= len(positions) else []

    found = step_at(k) + step_at(k - 1)        # the change, logged after it or before it
    j = k - 1
    while j >= 1:
        other = views[j - 1] == views[j] and shown[j - 1] != shown[j]
        if other:
            break
        found += step_at(j - 1)
        j -= 1
    return sorted(set(found))


def _boards(seg: Segment, steps: Sequence[TracedStep]) -> list[Any]:
    """The board before the action, when each of its steps was logged (the last known board where a
    step does not keep one), and after the action."""
    out = [seg.before]
    for i in range(seg.start, seg.end):
        after = steps[i].step.after
        out.append(after if after is not None else out[-1])
    out.append(seg.after)
    return out


def _by_facts(positions: list[int], steps: Sequence[TracedStep], ref: str | None) -> list[int]:
    """The chain in an action whose steps do not keep the board: walking back from the last step whose
    structured facts name the card, through steps that name it or change nothing they say, up to a
    step whose changes are all of other things; the whole action when no step names the card."""
    named = [i for i in positions if ref is not None and _names(steps[i].step, ref)]
    if not named:
        return list(positions)
    found = []
    for i in reversed([p for p in positions if p <= named[-1]]):
        step = steps[i].step
        if i not in named and step.changes:
            break
        found.append(i)
    return sorted(found)


def _names(step: Any, ref: str) -> bool:
    """Whether a step's structured facts name the card `ref` (its changes are written "ref: …")."""
    if ref in (step.card, step.fired) or (step.fired or "").split("#")[0] == ref:
        return True
    return any(str(c).split(":", 1)[0].strip() == ref for c in step.changes)


def cited_in(positions: Sequence[int], steps: Sequence[TracedStep]) -> list[str]:
    """The clauses the steps at `positions` cite, in order, without repeats."""
    seen: dict[str, None] = {}
    for i in positions:
        for c in steps[i].step.cites:
            seen.setdefault(c, None)
    return list(seen)


def fields_hold(expected: Mapping[str, Any], skip: frozenset[str], same: Callable[[Any, Any], bool]) -> \
        Callable[[Any], bool]:
    """A test of a view against the expected values (the keys in `skip` are not values)."""
    wanted = {k: v for k, v in expected.items() if k not in skip}

    def holds(view: Any) -> bool:
        return view is not None and all(same(v, view.get(k)) for k, v in wanted.items())
    return holds


__all__ = ["chain", "cited_in", "fields_hold"]
