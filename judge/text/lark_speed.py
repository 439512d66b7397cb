"""Lark's LALR parser driven faster; and, where a line fails, what it could have read, computed cheaply.

`FastParser` runs a Lark LALR parser (contextual lexer) from plain tables made from it
(`tables_of`: its parse table, each rule's tree shape, each state's lexer) with a tighter loop, a
lexer that tries only the terminals that can start with the character at hand
(`judge.text.lark_scan`), and Lark's tree builder done in one step per reduction: a line that
parses gives the very tree Lark gives, with the same positions (`meta`, container positions
included). The tables are kept between processes (judge.text.grammar.load_fast), so a process whose
lines all parse never loads Lark's parser. Whenever the driver meets anything it does not
reproduce exactly (a syntax error first of all) it raises `Fallback` and the caller asks Lark
itself, so failures are reported exactly as Lark reports them. tests/text/test_parse_speed.py
checks the trees against Lark's on every shipped sample card and, when present, every corpus line.

(Applying the transformer during the parse instead of building the tree was tried: every corpus
line gave the same AST, but the whole pipeline was no faster, bss 1,273 against 1,263 abilities/s,
fftcg 1,964 against 1,987, since the transformers' own work dominates; tried again with the FFTCG
transformer's rules called at each reduction (positions as the tree would give them, any rule that
raises redone the tree's way): 1.574 against 1.568 CPU s over the corpus; so the tree stays.)

`accepts` (Lark's `UnexpectedToken.accepts` copies the whole interactive parser once per candidate
terminal) replays only the LALR state stack, and gives up (None: the caller asks Lark) whenever the
parser is not in the shape it expects."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree
from lark.parsers.lalr_analysis import Shift
from lark.tree import Meta


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



class Fallback(Exception):
    """The fast path stops here (a syntax error, or a case it does not reproduce): ask Lark."""


#: Bump when the tables' layout changes (they are kept between processes: judge.text.grammar).
TABLES_FORMAT = 1


class FastParser:
    """A Lark LALR parser (contextual lexer) run from plain tables (`tables_of`): the parse table
    ({state: {symbol: (shift?, state or rule)}}), per rule (its symbol, length and tree shape), and
    per state its lexer as data. Built from a Lark parser, or from tables kept between processes,
    so a process whose lines all parse never loads Lark's own parser."""

    def __init__(self, tables: dict) -> None:
        self._states, self._starts, self._ends = tables["states"], tables["starts"], tables["ends"]
        self._lexer_of, self._specs = tables["lexer_of"], tables["lexers"]
        # a rule's symbol as a plain str: Lark names rules with its Token (a str subclass whose
        # Python-level __eq__ ran on every goto lookup, one per reduction)
        # and whether the reduction is a chain (`?rule: other`, one child, nothing filtered): the
        # child stays as it is (its position is already its container), only the state changes
        self._rules = [(str(origin), size, name, single, include, size == 1 and single and include is None)
                       for origin, size, name, single, include in tables["rules"]]
        self._by_state: dict[int, Any] = {}
        self._scanners: dict[int, Any] = {}

    @classmethod
    def from_lark(cls, lark: Any) -> FastParser:
        """The driver of a Lark parser (ValueError when it is not of the shape driven here)."""
        return cls(tables_of(lark))

    def _scanner(self, state: int) -> Any:
        from judge.text.lark_scan import StateScanner

        index = self._lexer_of[state]
        found = self._scanners.get(index)
        if found is None:
            found = self._scanners[index] = StateScanner(self._specs[index])
        self._by_state[state] = found
        return found

    def parse(self, text: str, start: str) -> Any:
        """The tree Lark gives for `text` from rule `start` (Lark's BasicLexer.next_token and
        `feed_token` loop in one: lex in the state the parser is in, then shift, or reduce as
        often as the table says); Fallback where Lark must answer. Beside each value on the stack
        its position (a token's own, a node's container; None for none) is kept, so a reduction
        propagates positions without looking into its children."""
        try:
            stack, end_state = [self._starts[start]], self._ends[start]
        except KeyError:
            raise Fallback from None
        values: list[Any] = []
        where: list[tuple | None] = []
        states, rules, by_state, make = self._states, self._rules, self._by_state, Token._future_new
        pos, end, line, line_start = 0, len(text), 1, 0
        while pos < end:
            scanner = by_state.get(stack[-1]) or self._scanner(stack[-1])
            ch = text[pos]
            for expression in scanner.by_char.get(ch) or scanner.expressions(ch):
                m = expression.match(text, pos)
                if m is not None:
                    break
            else:
                raise Fallback
            kind, new = m.lastgroup, m.end()
            if kind in scanner.skip:             # ignored, no callback: not even a token
                if kind in scanner.newline:
                    value = text[pos:new]
                    if "\n" in value:
                        line += value.count("\n")
                        line_start = pos + value.rindex("\n") + 1
                pos = new
                continue
            value, first_line, column = text[pos:new], line, pos - line_start + 1
            if kind in scanner.newline and "\n" in value:
                line += value.count("\n")
                line_start = pos + value.rindex("\n") + 1
            token = make(kind, value, pos, first_line, column, line, new - line_start + 1, new)
            at = (first_line, column, pos, line, new - line_start + 1, new)
            pos = new
            if kind in scanner.callback:
                token = scanner.callback[kind](token)
            if kind in scanner.ignore:
                continue
            kind = token.type
            while True:
                entry = states[stack[-1]].get(kind)
                if entry is None:
                    raise Fallback
                shift, arg = entry
                if shift:
                    if arg == end_state:
                        raise Fallback       # Lark asserts here: let it say so itself
                    stack.append(arg)
                    values.append(token)
                    where.append(at)
                    break
                rule = rules[arg]
                if rule[5]:
                    del stack[-1]
                    stack.append(states[stack[-1]][rule[0]][1])
                else:
                    _reduce(rule, stack, values, where, states)
        while True:
            entry = states[stack[-1]].get("$END")
            if entry is None or entry[0]:
                raise Fallback
            _reduce(rules[entry[1]], stack, values, where, states)
            if stack[-1] == end_state:
                return values[-1]


def _reduce(rule: tuple, stack: list, values: list, where: list, states: dict) -> None:
    """One reduction by Lark's tree builder (ExpandSingleChild, ChildFilter, PropagatePositions),
    done in one step: the same Tree with the same meta, pushed with its position."""
    origin, size, name, single, include, _chain = rule
    if size:
        children, spans = values[-size:], where[-size:]
        del stack[-size:], values[-size:], where[-size:]
    else:
        children, spans = [], []
    first = last = None
    for first in spans:
        if first is not None:
            break
    if first is not None:
        for last in reversed(spans):
            if last is not None:
                break
        at = (first[0], first[1], first[2], last[3], last[4], last[5])
    else:
        at = None
    if include is None:
        kept = children
    else:
        kept = []
        for i, expand in include:
            if expand:
                kept.extend(children[i].children)
            else:
                kept.append(children[i])
    if single and len(kept) == 1:
        node = kept[0]
        if node.__class__ is Tree:          # a node inlined by `?rule`: its container widens
            if at is not None:
                _widen(node._meta.__dict__, at)
        else:                               # a token stands for itself
            at = (node.line, node.column, node.start_pos, node.end_line, node.end_column, node.end_pos)
    else:
        meta = Meta.__new__(Meta)
        if at is None:
            meta.empty = True
        else:
            line, column, start, end_line, end_column, end = at
            meta.__dict__ = {"empty": False, "line": line, "column": column, "start_pos": start,
                             "end_line": end_line, "end_column": end_column, "end_pos": end,
                             "container_line": line, "container_column": column, "container_start_pos": start,
                             "container_end_line": end_line, "container_end_column": end_column,
                             "container_end_pos": end}
        node = Tree(name, kept, meta)
    values.append(node)
    where.append(at)
    stack.append(states[stack[-1]][origin][1])


def _widen(own: dict, at: tuple) -> None:
    """Lark's PropagatePositions on a node already placed: its own start and end stay (set when it
    was built), its container becomes `at`."""
    line, column, start, end_line, end_column, end = at
    if "line" not in own:
        own["line"], own["column"], own["start_pos"], own["empty"] = line, column, start, False
    own["container_line"], own["container_column"], own["container_start_pos"] = line, column, start
    if "end_line" not in own:
        own["end_line"], own["end_column"], own["end_pos"], own["empty"] = end_line, end_column, end, False
    own["container_end_line"], own["container_end_column"], own["container_end_pos"] = end_line, end_column, end


def tables_of(lark: Any) -> dict:
    """A Lark LALR parser as the plain tables `FastParser` runs (ValueError when the parser is not
    a plain LALR parser with the contextual lexer, positions propagated, no placeholders)."""
    from functools import partial

    from lark.lexer import ContextualLexer
    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild, PropagatePositions

    from judge.text.lark_scan import lexer_spec

    front, options = lark.parser, lark.options
    lexer = getattr(front, "lexer", None)
    if (options.parser != "lalr" or type(lexer) is not ContextualLexer or options.postlex is not None
            or options.transformer is not None or options.lexer_callbacks or options.tree_class not in (None, Tree)):
        raise ValueError("only a plain LALR parser with the contextual lexer is driven here")
    inner = front.parser.parser
    if any(isinstance(k, str) for k in inner.callbacks):
        raise ValueError("terminal callbacks are not supported here")
    rules: list[tuple] = []
    index: dict[Any, int] = {}
    for rule, chain in lark._parse_tree_builder.rule_builders:
        single, include, positions = False, None, False
        for wrap in chain:
            if wrap is ExpandSingleChild:
                single = True
            elif wrap is PropagatePositions:
                positions = True
            elif isinstance(wrap, partial) and wrap.func is ChildFilterLALR_NoPlaceholders:
                include = tuple(tuple(x) for x in wrap.args[0])
            else:
                raise ValueError(f"rule {rule} is built in a way not reproduced here")
        if not positions:
            raise ValueError("positions must be propagated")
        index[rule] = len(rules)
        rules.append((str(rule.origin.name), len(rule.expansion),
                      str(rule.alias or rule.options.template_source or rule.origin.name), single, include))
    table = inner.parse_table
    states = {s: {str(k): (True, a) if action is Shift else (False, index[a]) for k, (action, a) in row.items()}
              for s, row in table.states.items()}
    specs: list[tuple] = []
    seen: dict[int, int] = {}
    lexer_of: dict[int, int] = {}
    compiled: dict = {}
    for state, basic in lexer.lexers.items():
        if id(basic) not in seen:
            seen[id(basic)] = len(specs)
            specs.append(lexer_spec(basic, compiled))
        lexer_of[state] = seen[id(basic)]
    return {"format": TABLES_FORMAT, "states": states, "starts": dict(table.start_states),
            "ends": dict(table.end_states), "rules": rules, "lexer_of": lexer_of, "lexers": specs}


__all__ = ["TABLES_FORMAT", "Fallback", "FastParser", "accepts", "tables_of"]
