"""The chain of steps that produced a change (issue 21.5): what a `cites:` beside a card's or a
player's expected values is checked against.

`{card: b2, zone: trash, cites: ["9-4-2"]}` holds only when 9-4-2 is cited by a step of the chain
that made b2's zone the trash: the first step of the action (or rule process) that started it,
then, walking back from the change itself, every step of that action that changed b2 or changed
nothing a player can see (the rule process deciding it), up to the last change of something else
(changes of other things logged right before the change itself are passed over: two spirits
destroyed together go to the trash one step each, and the first move ends no chain);
and where an effect that resolves in it started. A clause cited only for another card, or for an earlier or later change of b2, does not
count. Where the expected values came true more than once, the last time counts.

Which steps changed b2 is read from the board, never from a step's words: an engine whose context
keeps the board (`Step.after`, set by the kernel's `Context.log`) gives the board when each step
was logged, and b2's view (`Rules.card_view`) and what the players see (`Rules.state_json`) are
compared between consecutive boards; a change counts for the step logged just before it and the
step logged just after it (engines log a change either before or after making it). An engine that does not keep the board on its steps gives only the boards
before and after each action: there the steps' structured facts are read instead (a step names
the card in `card`, `fired` or a `changes` entry "ref: …"): the chain is the action's steps up to
the last one naming the card, less those whose changes are all of other things, and the whole
action when no step names the card.

Either way, an effect resolving in the chain (a step with `fired`) brings in where it started: in
the last earlier action whose steps name its source (cast, activated, triggered), the steps up to
that one, less those that changed other things.
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
    of something else. An effect resolving in the chain (a step with `fired`) brings in where it
    started: the steps that put it there (naming its source) and the decisions before them."""
    last: tuple[Segment, int, list[Any]] | None = None
    for seg in segments:
        views = [view(board) for board in _boards(seg, steps)]
        for k in range(1, len(views)):
            if holds(views[k]) and not holds(views[k - 1]):
                last = (seg, k, views)
    if last is None:
        return None
    seg, k, views = last
    positions = list(range(seg.start, seg.end))
    if not positions:
        return []
    if any(steps[i].step.after is not None for i in positions):
        found = _by_boards(seg, k, views, positions, steps, seen)
    else:
        found = _by_facts(positions, steps, ref)
    return sorted(set(found) | set(_started(found, steps, segments, seen)))


def _by_boards(seg: Segment, k: int, views: list[Any], positions: list[int], steps: Sequence[TracedStep],
               seen: View | None) -> list[int]:
    """The walk back from the change at board `k` of `seg`, on the boards the steps kept."""
    boards = _boards(seg, steps)
    shown = [seen(board) for board in boards] if seen is not None else [None] * len(boards)

    def step_at(j: int) -> list[int]:          # board j (1..n) is the board when positions[j-1] was logged
        return [positions[j - 1]] if 1 <= j <= len(positions) else []

    def other(j: int) -> bool:                 # board j shows a change of something else only
        return views[j - 1] == views[j] and shown[j - 1] != shown[j]

    found = step_at(k) + step_at(k - 1)        # the change, logged after it or before it
    j = k - 1
    while j >= 1 and other(j):                 # the same move made just before for other cards (a1 and
        j -= 1                                 # b1 destroyed together go to the trash one step each)
    if j < k - 1:
        found += step_at(j)
    while j >= 1:
        if other(j):
            break                              # something else changed: an earlier, other chain
        found += step_at(j - 1)
        j -= 1
    return found


def _started(found: list[int], steps: Sequence[TracedStep], segments: Sequence[Segment],
             seen: View | None) -> list[int]:
    """Where the effects resolving in a chain started: for each source whose effect resolves there
    (`fired`), the last earlier segment whose steps name that source, from its start up to that
    step, leaving out the steps that changed only other things."""
    first = min(found, default=0)
    out: list[int] = []
    for source in {steps[i].step.fired.split("#")[0] for i in found if steps[i].step.fired}:
        for seg in reversed([s for s in segments if s.start < first]):
            naming = [i for i in range(seg.start, min(seg.end, first)) if _names(steps[i].step, source)]
            if naming:
                upto = list(range(seg.start, naming[-1] + 1))
                out += [i for i in upto if i in naming or not _changes_other(i, seg, steps, seen)]
                break
    return out


def _changes_other(i: int, seg: Segment, steps: Sequence[TracedStep], seen: View | None) -> bool:
    """Whether step `i` changed something (it did not name the source it is examined for)."""
    if steps[i].step.changes:
        return True
    if seen is None or steps[i].step.after is None:
        return False
    before = steps[i - 1].step.after if i > seg.start and steps[i - 1].step.after is not None else seg.before
    return seen(before) != seen(steps[i].step.after)


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
    """The chain in an action whose steps do not keep the board, read from their structured facts:
    up to the last step naming the card, the steps that name it or say no change, leaving out those
    whose changes are all of other things (changes are told on few steps, so one is no boundary);
    the whole action when no step names the card."""
    named = [i for i in positions if ref is not None and _names(steps[i].step, ref)]
    if not named:
        return list(positions)
    return [i for i in positions if i <= named[-1] and (i in named or not steps[i].step.changes)]


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
