"""Rulings over time (issue 22.6): a ruling that a later ruling, an erratum or a new rules version
replaces is kept, marked replaced with what replaced it and when, and listed after the current
ones. Invented rulings in the publishers' shapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.cards.rulings import card_rulings, import_rulings, replace_ruling
from judge.errors import CardFileError, JudgeError

FIX = Path(__file__).parent / "fixtures"


def _later(tmp_path: Path, replaces: str) -> Path:
    """A later FAQ whose ruling about Orla replaces an earlier one."""
    f = tmp_path / "faq-later.json"
    f.write_text(json.dumps([{"code": "JDG-001", "card_name": "Orla", "date": "2025-03-01",
                              "ruling": "Invented later ruling: the damage is not dealt once Haste is lost.",
                              "source_title": "Invented FAQ - Judge Samples, revised", "replaces": replaces}]),
                 encoding="utf-8")
    return f


def test_a_ruling_replaced_by_a_later_ruling_is_kept_and_listed_after_the_current_one(db: Path,
                                                                                      tmp_path: Path) -> None:
    import_rulings(FIX / "faq-fftcg.json", db_path=db)
    old = card_rulings("fftcg", "JDG-001", db_path=db)[0]
    got = import_rulings(_later(tmp_path, old.key), db_path=db)
    assert (got.count, got.marked) == (1, 1)
    listed = card_rulings("fftcg", "JDG-001", db_path=db)
    assert [r.current for r in listed] == [True, True, False]            # current ones first
    later = listed[1]                                                   # current ones in publication order
    assert listed[-1].id == old.id and later.answer.startswith("Invented later ruling")
    mark = listed[-1].replaced
    assert (mark.kind, mark.ref, mark.date, mark.by_id) == ("ruling", later.key, "2025-03-01", later.id)


def test_a_ruling_replaced_by_a_rules_version_or_an_erratum_says_so(run, db: Path) -> None:
    run("rulings", "import", str(FIX / "qa-cards.json"))
    code, out, _ = run("rulings", "replace", "1", "--by", "rules:1.7.0", "--date", "2024-11-14",
                       "--note", "the new text settles it")
    assert code == 0 and "marked replaced" in out
    code, out, _ = run("rulings", "replace", "1", "--by", "rules:1.7.0", "--date", "2024-11-14")
    assert code == 0 and "already marked replaced" in out                # the same word twice changes nothing
    code, out, _ = run("card", "JDG01-002")
    assert "Official rulings (2: 1 current, 1 replaced):" in out
    current, rest = out.split("replaced (kept for the record):")
    assert "ruling 2 (JDG01-002" in current and "ruling 1 (JDG01-002" in rest
    assert "REPLACED: replaced by rules version 1.7.0 on 2024-11-14 (the new text settles it)" in rest
    code, out, _ = run("rulings", "replace", "2", "--by", "erratum:JDG01-002 text updated")
    assert code == 0
    data = json.loads(run("card", "JDG01-002", "--json")[1])
    assert [r["replaced"]["by"] for r in data["rulings"]] == ["rules", "erratum"]   # both replaced: by id


def test_a_replacement_naming_no_stored_ruling_or_version_is_refused(run, db: Path, tmp_path: Path) -> None:
    import_rulings(FIX / "qa-cards.json", db_path=db)
    with pytest.raises(CardFileError, match="no stored ruling has the key bss-000000000000"):
        import_rulings(_later(tmp_path, "bss-000000000000"), "fftcg", db_path=db)
    with pytest.raises(JudgeError):
        replace_ruling("1", "rules:9.9.9", db_path=db)
    code, _, err = run("rulings", "replace", "1", "--by", "memo:x")
    assert code != 0 and "ruling:N, erratum:WHAT or rules:VERSION" in err


def test_replacement_marks_survive_a_rebuild_of_the_ruling_tables(db: Path, tmp_path: Path) -> None:
    from judge.cards import db as cards_db

    import_rulings(FIX / "faq-fftcg.json", db_path=db)
    old = card_rulings("fftcg", "JDG-001", db_path=db)[0]
    import_rulings(_later(tmp_path, old.key), db_path=db)
    cards_db._rebuild_records(db)                  # as after a rules rebuild or a new schema
    listed = card_rulings("fftcg", "JDG-001", db_path=db)
    assert [(r.key, r.current) for r in listed][-1] == (old.key, False)


def test_a_new_rules_version_that_rewords_a_rulings_clause_asks_for_a_recheck(run, db: Path, tmp_path: Path) -> None:
    from judge.paths import rules_dir

    import_rulings(FIX / "qa-cards.json", db_path=db)          # ruling 2 is about Armor: 11-5-1
    text = (rules_dir() / "000_76a30b00c3225dc3.txt").read_text(encoding="utf-8")
    assert "- 11-5-1 【Armor】 is a constant effect." in text
    newer = tmp_path / "cr-1.8.0.txt"
    newer.write_text(text.replace("- 11-5-1 【Armor】 is a constant effect.",
                                  "- 11-5-1 【Armor】 is a constant effect of the invented release."), encoding="utf-8")
    code, _, err = run("rules", "import", str(newer), "--game", "bss", "--version", "1.8.0", "--lang", "en")
    assert code == 0, err
    code, out, _ = run("card", "JDG01-002")
    first, second = out.split("ruling 2 (JDG01-002")
    assert "recheck: §11-5-1 changed since rules 1.7.0 (now 1.8.0)" in second
    assert "recheck:" not in first                      # ruling 1's clauses read the same in 1.8.0
    code, out, _ = run("diff", "bss", "1.7.0", "1.8.0")
    assert "ruling 2 (JDG01-002 Cinderhorn Drake), checked against 1.7.0: §11-5-1 (words)" in out
