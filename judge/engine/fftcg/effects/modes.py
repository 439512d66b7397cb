"""The options of "Select N of the M following actions": how many are offered, which are declared, and when.

A Summon's options are declared as it is cast (11.3.4), an action ability's as it is used (11.6.6), an
auto-ability's as it goes on the stack (11.8.10); when a condition changes how many, the number is fixed at
that point (11.3.4.1, 11.6.6.1, 11.8.10.1). An EX Burst does not use the stack (11.10.2): its options are
declared as it is applied, by the player who applies it (11.11.5.1), a decision listing the options. The
options selected resolve in the order printed (11.11.5).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from judge.engine.fftcg.log import Log, Refused, as_list, take_answer
from judge.engine.fftcg.query import condition_holds
from judge.engine.fftcg.state import State
from judge.engine.kernel.values import evolve as replace
from judge.engine.kernel.values import is_any
from judge.text.ast import Conditional, Effect, Modal, Selector


def option_count(s: State, effects: tuple[Effect, ...], controller: str, source: str | None, key: str,
                 log: Log) -> tuple[Effect, ...]:
    """"Select 1 of the following actions. If X, select up to 2 … instead": the number of options is fixed
    as they are declared (11.3.4.1, 11.6.6.1, 11.8.10.1), so the condition is read now and the options
    offered are those of the branch that applies; it does not change until the effect resolves."""
    out: list[Effect] = []
    for e in effects:
        branches = (getattr(e, "effects", ()), getattr(e, "otherwise", ())) if isinstance(e, Conditional) else ()
        if not (branches and all(len(b) == 1 and type(b[0]).__name__ == "Modal" for b in branches)):
            out.append(e)
            continue
        held = condition_holds(s, e.condition, controller, source)
        if held is None:
            out.append(e)                       # not read: the modal stays unselected and is reported there
            continue
        modal = branches[0][0] if held else branches[1][0]
        log.add(f"{'' if held else 'not '}{e.condition.text or 'the condition'}: {controller} selects "
                f"{'up to ' if modal.up_to else ''}{modal.count} of the options, fixed now", key)
        out.append(modal)
    return tuple(out)


def declared(modes: str, key: str) -> tuple[str, tuple[str, ...]]:
    """How a declaration of options is told: several resolve top first, as printed (11.11.5)."""
    if "," in modes:
        return f"option(s) {modes} (they resolve in the order printed)", (key, "resolve_as_written")
    return f"option(s) {modes}", (key,)


def select_modes(effects: tuple[Effect, ...], picked: tuple[str, ...], what: str,
                 key: str) -> tuple[tuple[Effect, ...], str | None]:
    """Replace a "Select N of the M following actions" by the options declared (11.3.4, 11.6.6, 11.8.10)."""
    modal = next((e for e in effects if type(e).__name__ == "Modal"), None)
    if modal is None:
        if picked:
            raise Refused(f"{what} has no options to select", key)
        return effects, None
    n = len(modal.options)
    try:
        numbers = [int(str(p).strip()) for p in picked]
    except ValueError:
        raise Refused(f"select options of {what} by number (1-{n})", key) from None
    if (len(numbers) != modal.count and not (modal.up_to and 0 < len(numbers) <= modal.count)) \
            or len(set(numbers)) != len(numbers) or any(not 1 <= x <= n for x in numbers):
        raise Refused(f"{what}: declare {'up to ' if modal.up_to else ''}{modal.count} of its {n} options "
                      f"by number (mode: [1..{n}])", key)
    # the options selected resolve as the card's text is written, top first (11.11.5), whatever order
    # they were declared in
    numbers = sorted(numbers)
    chosen = tuple(e for x in numbers for e in _scoped(modal.options[x - 1], x))
    out: list[Effect] = []
    for e in effects:
        out.extend(chosen if e is modal else (e,))
    return tuple(out), ", ".join(map(str, numbers))


@dataclass(frozen=True, kw_only=True)
class OptionSelector(Selector):
    """A selector of one option of "Select N of the following actions": the same words in two options
    ("Choose 1 Forward. Dull it." / "Choose 1 Forward. Deal it 5000 damage.") are two choices, not one."""

    option: int = 0


def _scoped(node: Any, option: int) -> Any:
    """The option's effects with each of its selectors marked as that option's (references inside the
    option stay equal to the selector they refer to)."""
    if type(node) is Selector:
        return OptionSelector(option=option, **{f.name: getattr(node, f.name) for f in fields(Selector)})
    if isinstance(node, tuple):
        return tuple(_scoped(x, option) for x in node)
    if isinstance(node, Effect) and is_dataclass(node):
        new = {f.name: _scoped(getattr(node, f.name), option) for f in fields(node)
               if isinstance(getattr(node, f.name), Selector | tuple | Effect)}
        return replace(node, **new) if new else node
    return node


def declare_modes(s: State, effects: tuple[Effect, ...], player: str, source: str | None, label: str,
                  keys: tuple[str, ...], log: Log) -> tuple[State, tuple[Effect, ...]]:
    """Ask `player` which options of the effects' "Select N of the following" they apply (a decision listing the
    options by number), and put those options in its place; effects without options are returned as they are."""
    effects = option_count(s, effects, player, source, keys[-1], log)
    modal = next((e for e in effects if isinstance(e, Modal)), None)
    if modal is None:
        return s, effects
    n = len(modal.options)
    left_open = bool(s.answers) and is_any(s.answers[0])
    s, answer = take_answer(s, player, "mode", f"{player} selects {'up to ' if modal.up_to else ''}{modal.count} "
                            f"of the {n} options of {label}", tuple(str(i + 1) for i in range(n)), *keys)
    picked = tuple(str(x) for x in as_list(answer))
    if left_open:           # `any`: the fewest options allowed, the first ones printed
        picked = tuple(str(i + 1) for i in range(1 if modal.up_to else min(modal.count, n)))
    effects, modes = select_modes(effects, picked, label, keys[-1])
    said, more = declared(modes or "", keys[-1])
    log.add(f"{player} selects {said} of {label}", *keys, *more)
    return s, effects


__all__ = ["OptionSelector", "declare_modes", "declared", "option_count", "select_modes"]
