"""Official rulings (invented ones in the official Q&A shape): stored per card and per keyword,
linked to the clauses and keywords they mention, shown by judge card / term / rule, searched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge import store
from judge.cards.rulings import card_rulings, import_rulings, search_rulings, term_rulings, topic_of
from judge.errors import CardFileError

FIX = Path(__file__).parent / "fixtures"


@pytest.fixture
def with_rulings(db: Path) -> Path:
    import_rulings(FIX / "qa-cards.json", "bss", db_path=db)
    import_rulings(FIX / "qa-keywords.json", "bss", db_path=db)
    return db


def test_card_rulings_are_stored_per_card_with_their_source(with_rulings: Path) -> None:
    got = card_rulings("bss", "jdg01-002", db_path=with_rulings)
    assert [r.card_name for r in got] == ["Cinderhorn Drake", "Cinderhorn Drake"]
    assert got[0].source.endswith("qa-cards.json") and got[0].kind == "card"
    assert [r.ordinal for r in got] == [1, 2]             # Q&A #1 and #2 of that card


def test_a_ruling_links_the_clauses_and_keywords_it_mentions(with_rulings: Path) -> None:
    first, second = card_rulings("bss", "JDG01-002", db_path=with_rulings)
    words = [n for n, how in first.clause_links if how == "words"]
    assert words == ["7-1-5-2"]                           # a number the document has, named in its words
    assert "armor" in second.terms                        # 【Armor: Red】 is the keyword Armor
    assert ("11-5-1", "words") in second.clause_links     # ... whose defining clause is 11-5-1


def test_a_card_ability_link_needs_the_ruling_to_name_what_the_ability_does(with_rulings: Path) -> None:
    # Cinderhorn Drake's shipped text destroys; the first ruling speaks of destruction, the second does not
    from judge.engine.ruling_links import ensure_card_links

    assert ensure_card_links(with_rulings)             # made above the card layer, which cannot parse text
    first, second = card_rulings("bss", "JDG01-002", db_path=with_rulings)
    from_card = {n for n, how in first.clause_links if how == "card"}
    assert "10-1-1" in from_card
    assert not {n for n, how in second.clause_links if how == "card"} & {"10-1-1"}
    assert "7-1-1-2" not in from_card                     # "attack step" is not the When Attacks timing
    assert not ensure_card_links(with_rulings)         # once per state of the tables


def test_keyword_rulings_are_stored_per_keyword_and_found_by_term(with_rulings: Path) -> None:
    assert topic_of('Card Effects "Immortal"') == "Immortal"
    assert topic_of("Card Effects Attacking a Spirit") == "Attacking a Spirit"
    got = term_rulings("bss", ["confront"], db_path=with_rulings)
    assert [r.kind for r in got] == ["keyword"] and got[0].topic == "Confront"


def test_a_ruling_whose_card_is_unknown_is_kept_and_reported(db: Path) -> None:
    got = import_rulings(FIX / "qa-cards.json", "bss", db_path=db)
    assert got.count == 3 and got.unknown_cards == ("ZZZ99-001",)
    kept = card_rulings("bss", "ZZZ99-001", db_path=db)
    assert len(kept) == 1 and not kept[0].card_known


def test_full_text_search_over_rulings(with_rulings: Path) -> None:
    hits = search_rulings("glimmerwisp stack", db_path=with_rulings)
    assert [h["ruling"].card_number for h in hits] == ["ZZZ99-001"] and "«" in hits[0]["snippet"]


@pytest.mark.parametrize(("record", "message"), [
    ({"Card No.": ["JDG01-002"], "Card Name": "X", "Question": "Q?", "Answer": "A."}, "field 'Card No.'"),
    ({"Card No.": "JDG01-002", "Card Name": {"x": 1}, "Question": "Q?", "Answer": "A."}, "field 'Card Name'"),
    ({"Card No.": "JDG01-002", "Card Name": "X", "Question": "", "Answer": "A."}, "field 'Question'"),
    ({"Card No.": "JDG01-002", "Card Name": "X", "Question": "Q?", "Answer": 3}, "field 'Answer'"),
])
def test_a_bad_ruling_record_names_record_and_field_and_imports_nothing(db: Path, tmp_path: Path, record: dict,
                                                                        message: str) -> None:
    good = json.loads((FIX / "qa-cards.json").read_text(encoding="utf-8"))
    f = tmp_path / "qa.json"
    f.write_text(json.dumps([good[0], record]), encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        import_rulings(f, "bss", db_path=db)
    assert "record 2" in str(err.value) and message in str(err.value)
    assert store.stored_imports(db) == []


def test_cli_card_shows_rulings_and_json_carries_them(run, with_rulings: Path) -> None:
    code, out, _ = run("card", "JDG01-002")
    assert code == 0 and "Official rulings (2):" in out and "clauses: §7-1-5-2 (words)" in out
    assert "source: official card Q&A (per card), file qa-cards.json, card set JDG01" in out
    code, out, _ = run("card", "JDG01-002", "--json")
    data = json.loads(out)
    assert code == 0 and [r["card_number"] for r in data["rulings"]] == ["JDG01-002", "JDG01-002"]
    assert {"question", "answer", "source", "clauses", "terms", "card_known", "key", "provenance", "clause_links",
            "truncated", "current", "replaced"} <= set(data["rulings"][0])
    code, out, _ = run("card", "Blaze Drake", "--json")
    assert json.loads(out)["rulings"] == []               # the key is always there (contract)


def test_cli_term_shows_keyword_rulings(run, with_rulings: Path) -> None:
    code, out, _ = run("term", "Confront", "--game", "bss")
    assert code == 0 and "Official rulings about Confront (bss, 1):" in out and "invented Confront" in out
    code, out, _ = run("term", "Confront", "--game", "bss", "--json")
    assert json.loads(out)[0]["rulings"][0]["topic"] == "Confront"


def test_cli_rule_lists_the_rulings_that_mention_a_clause_on_both_paths(run, with_rulings: Path, capsys) -> None:
    from judge.cli.quick import quick_rule

    code, out, _ = run("rule", "bss", "7-1-5-2")
    assert code == 0 and "Official rulings about these clauses" in out
    assert "ruling 1 (JDG01-002 Cinderhorn Drake): When Cinderhorn Drake" in out
    assert "§7-1-5-2 (words)" in out
    assert "keyword Attacking a Spirit" in out
    assert quick_rule(["bss", "7-1-5-2"]) == 0           # the quick path prints the very same
    assert capsys.readouterr().out == out


def test_cli_rulings_import_search_and_show(run, db: Path) -> None:
    code, out, _ = run("rulings", "import", str(FIX / "qa-cards.json"))
    assert code == 0 and "found official card Q&A (per card)" in out and "imported 3 bss ruling(s)" in out
    assert "checked against rules 1.7.0" in out
    assert "ZZZ99-001" in out
    code, out, _ = run("rulings", "search", "glimmerwisp")
    assert code == 0 and "ruling 3 (ZZZ99-001" in out and "— official card Q&A (per card), file qa-cards.json" in out
    code, out, _ = run("rulings", "show", "1", "--json")
    shown = json.loads(out)
    assert code == 0 and {"number": "7-1-5-2", "how": "words"} in shown["clause_links"]
    code, out, _ = run("rulings", "show", shown["key"])          # by key, as the links table names it
    assert code == 0 and f"key: {shown['key']}" in out and "Q: When Cinderhorn Drake" in out
    code, _, err = run("rulings", "search", "nothingmatcheszzq")
    assert code == 1 and err.startswith("judge: no ruling")


def test_the_tui_card_view_shows_the_card_rulings(with_rulings: Path) -> None:
    from judge.cards.db import find_card
    from judge.tui.card_view import load_card_view, rulings_text

    view = load_card_view(find_card("JDG01-002", db_path=with_rulings))
    assert [r.card_number for r in view.rulings] == ["JDG01-002", "JDG01-002"]
    shown = rulings_text(view.rulings).plain
    assert "Official rulings (2)" in shown and "about §7-1-5-2 (words)" in shown and "A: No, the invented" in shown
    assert "source: official card Q&A (per card), file qa-cards.json" in shown
