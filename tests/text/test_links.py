"""The link tables: every cited clause exists in the knowledge base, every key names a real node
field, and every keyword of the rules' term list is read by the grammar or listed as unsupported."""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass

import pytest

from judge import store
from judge.rules.kb import KB, open_kb
from judge.text import ast
from judge.text.ast import kind_of, to_json
from judge.text.bs.links import KEYWORD_EXAMPLES_BS
from judge.text.links import cites, table, unsupported
from judge.text.parse import parse_text


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> KB:
    return open_kb(tmp_path_factory.mktemp("links") / "judge.db")


@pytest.mark.parametrize("game", ["bss", "bs", "fftcg"])
def test_every_cited_clause_exists_in_the_knowledge_base(kb: KB, game: str) -> None:
    missing = sorted({n for numbers in table(game).values() for n in numbers if not kb.exists(game, n)})
    assert not missing, f"{game}: cited clauses missing from the KB: {missing}"


def _node_classes() -> dict[str, type]:
    return {kind_of(cls.__new__(cls)): cls for cls in vars(ast).values()
            if isinstance(cls, type) and is_dataclass(cls)}


@pytest.mark.parametrize("game", ["bss", "bs"])
def test_every_key_names_a_node_kind_and_field(game: str) -> None:
    classes = _node_classes()
    for key in table(game):
        kind, _, rest = key.partition(".")
        assert kind in classes, f"{key}: no node kind {kind!r}"
        if rest:
            field = rest.split("=")[0]
            assert field in {f.name for f in fields(classes[kind])}, f"{key}: {kind} has no field {field!r}"


@pytest.mark.parametrize("game", ["bss", "bs"])
def test_every_keyword_term_is_parsed_or_listed_unsupported(kb: KB, game: str) -> None:
    terms = {r["term"] for r in store.rows(kb.conn, "select distinct term from terms where game = ? and "
                                            "kind = 'keyword' and lang = 'en'", (game,))}
    assert terms, "the KB has no keyword terms for " + game
    skipped = unsupported(game)
    for term in sorted(terms):
        if term in skipped:
            assert len(skipped[term]) > 20, f"{term}: give a real reason"
            continue
        assert term in KEYWORD_EXAMPLES_BS, f"{game}: keyword {term!r} neither parsed nor listed as unsupported"
        result = parse_text(KEYWORD_EXAMPLES_BS[term], game)
        assert result.ok and result.abilities, f"{term}: example does not parse: {result.unparsed}"
        blob = json.dumps([to_json(a) for a in result.abilities]).lower()
        assert term.split(",")[0].lower().replace(" ", "") in blob.replace(" ", "").replace("_", ""), term


def test_bss_11_5_armor_keyword_cites_its_keyword_clause() -> None:
    ability = parse_text("【Armor: Red】", "bss").abilities[0]
    assert cites(ability.keyword, "bss") == ("11-5-1", "11-5-2")


def test_bss_10_14_1_destroy_cites_destruction_effects() -> None:
    e = parse_text("Select one of your opponent's spirits and destroy it.", "bss").abilities[0].effects[0]
    assert "10-14-1" in cites(e, "bss")
    assert "5-10-1" in cites(e, "bs")
