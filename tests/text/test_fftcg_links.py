"""The FFTCG link table: every cited clause exists, every key names a node field, and every keyword of
the FFTCG rules' term list is read by the grammar (its example cites the keyword's clause) or is listed
as unsupported with a reason."""

from __future__ import annotations

from dataclasses import fields, is_dataclass

import pytest

from judge import store
from judge.rules.kb import KB, open_kb
from judge.text import ast
from judge.text.ast import kind_of, to_json
from judge.text.fftcg.links import KEYWORD_EXAMPLES, TABLE, UNSUPPORTED
from judge.text.links import cites
from judge.text.parse import parse_text


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> KB:
    return open_kb(tmp_path_factory.mktemp("fftcg-links") / "judge.db")


def _classes() -> dict[str, type]:
    return {kind_of(cls.__new__(cls)): cls for cls in vars(ast).values() if isinstance(cls, type) and is_dataclass(cls)}


def test_fftcg_every_cited_clause_exists(kb: KB) -> None:
    missing = sorted({n for numbers in TABLE.values() for n in numbers if not kb.exists("fftcg", n)})
    assert not missing


def test_fftcg_every_key_names_a_node_kind_and_field() -> None:
    classes = _classes()
    for key in TABLE:
        kind, _, rest = key.partition(".")
        assert kind in classes, key
        if rest:
            assert rest.split("=")[0] in {f.name for f in fields(classes[kind])}, key


def _all_cites(node: object) -> set[str]:
    out: set[str] = set()

    def walk(n: object) -> None:
        if isinstance(n, dict):
            out.update(n.get("cites", ()))
            for v in n.values():
                walk(v)
        elif isinstance(n, list):
            for v in n:
                walk(v)

    walk(to_json(node, lambda x: cites(x, "fftcg")))
    return out


def _term_clauses(kb: KB) -> dict[str, str]:
    rows = store.rows(kb.conn, "select distinct term, number from terms where game = 'fftcg' and kind = 'keyword' "
                               "and lang = 'en'", ())
    return {r["term"]: r["number"] for r in rows}


def test_fftcg_every_keyword_term_is_parsed_and_cited_or_unsupported(kb: KB) -> None:
    terms = _term_clauses(kb)
    assert terms, "the KB has no FFTCG keyword terms"
    for term, number in sorted(terms.items()):
        if term in UNSUPPORTED:
            assert len(UNSUPPORTED[term]) > 20, term
            continue
        assert term in KEYWORD_EXAMPLES, f"keyword {term!r} neither parsed nor listed as unsupported"
        result = parse_text(KEYWORD_EXAMPLES[term], "fftcg")
        assert result.ok, (term, result.unparsed)
        section = number.rsplit(".", 1)[0]       # 15.2.2.1 → the keyword's own clause 15.2.2
        cited = _all_cites(list(result.abilities))
        assert any(c == section or c.startswith(section + ".") for c in cited), (term, section, sorted(cited))


def test_fftcg_15_2_2_haste_cites_its_keyword_clauses() -> None:
    ability = parse_text("Haste", "fftcg").abilities[0]
    assert cites(ability.keyword, "fftcg") == ("15.2.2.1", "15.2.2.2", "15.2.2.3")


def test_fftcg_15_1_1_3_break_cites_the_break_clause() -> None:
    destroy = parse_text("Choose 1 Forward. Break it.", "fftcg").abilities[0].effects[0]
    assert "15.1.1.3.1" in cites(destroy, "fftcg")


def test_fftcg_11_6_5_choose_is_not_select_in_the_citations() -> None:
    chosen = parse_text("Choose 1 Forward. Break it.", "fftcg").abilities[0].effects[0].target
    selected = parse_text("Your opponent selects 1 Forward they control. Break it.", "fftcg").abilities[0]
    assert "11.11.2" in cites(chosen, "fftcg")
    assert "11.11.2" not in cites(selected.effects[0].target, "fftcg")
