"""The grammar-size measure (bench/bench_grammar_size.py, issue 11.1) reads rules and alternatives
as written and measures each alternative apart: every alternative carries its own alias in the
instrumented copy, which accepts the same language as the grammar it copies."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_grammar_size.py"

GRAMMAR = """
// an invented grammar: a count and a verb, or a named phrase
start: verb count "cards"i          -> act   // comment with | bar and "quote"
     | "draw"i (count | "all"i)
     | _say
_say: "say"i WORD
verb: VERB
count: /\\d+/ | "a"i
VERB: /(draw|discard)/i
WORD: /hello|goodbye/
%ignore " "
"""


@pytest.fixture(scope="module")
def size():
    spec = importlib.util.spec_from_file_location("bench_grammar_size", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rules_and_alternatives_are_read_as_written(size):
    g = size.read_grammar(GRAMMAR)
    assert list(g["rules"]) == ["start", "_say", "verb", "count"]
    assert [alias for _, alias in g["rules"]["start"]] == ["act", None, None]
    assert len(g["rules"]["count"]) == 2           # a `|` inside a regex or a group is not a branch
    assert set(g["terminals"]) == {"VERB", "WORD"}


def test_each_alternative_is_told_apart_in_the_instrumented_copy(size):
    from lark import Lark

    lark = Lark(size.instrumented(GRAMMAR), parser="lalr")
    used = {t.data for t in lark.parse("discard 3 cards").iter_subtrees()}
    assert {"start__a0", "count__a0"} <= used
    used = {t.data for t in lark.parse("draw all").iter_subtrees()}
    assert "start__a1" in used and not any(u.startswith("count") for u in used)
    used = {t.data for t in lark.parse("say hello").iter_subtrees()}
    assert "u_say__a0" in used                     # an inlined `_rule` is measured too
    assert size._origin("u_say__a0") == ("_say", 0)


def test_a_terminal_accepting_an_invented_word_is_named(size):
    from lark import Lark

    lark = Lark(GRAMMAR + 'ANY: /[A-Z][a-z]+/\nstart2: ANY\n', parser="lalr", start=["start", "start2"])
    assert size._accepts_nonce(lark, "ANY")
    assert not size._accepts_nonce(lark, "VERB")
    assert not size._accepts_nonce(lark, "WORD")


def test_shift_reduce_conflicts_are_counted_not_printed(size, capsys):
    from lark import Lark

    with size._conflicts() as found:
        Lark('start: e\ne: e "+" e | /[0-9]/\n', parser="lalr")
    assert found and all(term == "PLUS" for term, _ in found)
    with size._conflicts() as none:
        Lark('start: e\ne: /[0-9]/ ("+" /[0-9]/)*\n', parser="lalr")
    assert none == []
    assert "Shift/Reduce" not in capsys.readouterr().err


def test_the_measure_sees_the_lines_the_pipeline_reads(size):
    """The bench hooks the parse pipeline; if the pipeline's internals move, it must not report every
    rule unused (it then measures nothing)."""
    import sys

    sys.path.insert(0, str(BENCH.parent))
    from bench_coverage import split_of

    if not split_of("bss")[0].is_file():
        pytest.skip("the real corpus is absent (../shared/corpus/bss-cards.json)")
    m = size.measure("bss")
    assert m["rules"] > 100 and len(m["rules_used_by_0"]) < m["rules"] // 4
