"""Where a card line fails, what the grammar could have read there: computed cheaply.

Lark's `UnexpectedToken.accepts` copies the whole interactive parser once per candidate terminal;
on a line that fails, that dominated the time spent reporting it. `accepts` below replays only the
LALR state stack, which is all that decides acceptance, and gives up (None: the caller asks Lark)
whenever the parser is not in the shape it expects. tests/text/test_parse_speed.py checks it gives
Lark's own answer on every shipped sample card and on invented failing lines.

(An earlier version also replaced Lark's position-propagating callback chain by hand-built
equivalents; it saved about 2% of parse time and depended on Lark's private classes, so it went.)
"""

from __future__ import annotations

from typing import Any

from lark.parsers.lalr_analysis import Shift


def accepts(exc: Any) -> set[str] | None:
    """The terminals that would advance the parser where `exc` (an UnexpectedToken) stopped: the
    set `exc.accepts` gives, computed on the state stack alone. None when it cannot be done here
    (the caller then asks Lark)."""
    interactive = getattr(exc, "interactive_parser", None)
    state = getattr(interactive, "parser_state", None)
    if state is None:
        return None
    conf = state.parse_conf
    states, end_state = conf.states, conf.end_state
    found: set[str] = set()
    for term in states[state.position]:
        if not term.isupper():           # a rule name, not a terminal
            continue
        is_end = term == "$END"
        stack = list(state.state_stack)
        while True:                      # LALR's feed_token, on the state stack only
            entry = states[stack[-1]].get(term)
            if entry is None:            # Lark: UnexpectedToken, so not accepted
                break
            action, arg = entry
            if arg == end_state or (action is Shift and is_end):
                return None              # Lark asserts here: let it say so itself
            if action is Shift:
                found.add(term)
                break
            size = len(arg.expansion)
            if size:
                del stack[-size:]
            goto = states[stack[-1]].get(arg.origin.name)
            if goto is None or goto[0] is not Shift:
                return None
            stack.append(goto[1])
            if is_end and stack[-1] == end_state:
                found.add(term)
                break
    return found


__all__ = ["accepts"]
