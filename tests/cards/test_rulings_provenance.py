"""Official rulings, imported as a judge relies on them (issue 22.1, 22.2): the FFTCG FAQ format,
where every ruling came from and which rules version it was checked against, imports that are all
or nothing and that change nothing when repeated. Invented rulings in the publishers' shapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge import dbfiles, store
from judge.cards.rulings import card_rulings, import_rulings, search_rulings
from judge.errors import CardFileError

FIX = Path(__file__).parent / "fixtures"


def _state(db: Path) -> tuple[int, list[str], list[str]]:
    """(rulings stored, stored-import files listed, stored files on disk)."""
    conn = store.connect(db)
    try:
        count = store.ruling_count(conn)
    finally:
        conn.close()
    listed = sorted(e["file"] for e in store.stored_imports(db) or [])
    on_disk = sorted(p.name for p in dbfiles.stored_dir(db).glob("*")) if dbfiles.stored_dir(db).is_dir() else []
    return count, listed, on_disk


def test_the_fftcg_faq_format_is_detected_and_its_rulings_sit_beside_their_card(db: Path) -> None:
    got = import_rulings(FIX / "faq-fftcg.json", db_path=db)       # no --game: the format says fftcg
    assert (got.format, got.game, got.count, got.truncated) == ("fftcg-faq", "fftcg", 3, 1)
    first, cut = card_rulings("fftcg", "JDG-001", db_path=db)
    assert first.question == "" and first.answer.startswith("Invented ruling: the damage")
    assert cut.truncated and not first.truncated


def test_a_ruling_whose_card_is_not_in_the_pool_is_kept_and_listed(db: Path) -> None:
    got = import_rulings(FIX / "faq-fftcg.json", db_path=db)
    assert got.unknown_cards == ("JDG-999",)
    (kept,) = card_rulings("fftcg", "JDG-999", db_path=db)
    assert not kept.card_known and kept.answer.startswith("Invented ruling about a card")
    from judge.cards.db import card_sources

    assert card_sources(db)["rulings_unknown_cards"] == ["fftcg JDG-999"]


def test_judge_card_on_a_number_the_pool_lacks_shows_the_rulings_kept_about_it(run, db: Path) -> None:
    run("rulings", "import", str(FIX / "faq-fftcg.json"))
    code, out, _ = run("card", "JDG-999")
    assert code == 0 and "JDG-999 is not in the card database" in out and "Ruling: Invented ruling about" in out
    code, out, _ = run("cards")
    assert "1 about cards not in the database (fftcg JDG-999: judge card NUMBER shows them)" in out
    code, _, err = run("card", "JDG-998")
    assert code == 1 and "no card" in err


def test_every_ruling_carries_its_source_date_or_set_and_the_rules_version_checked_against(db: Path) -> None:
    from judge.rules.kb import KB

    import_rulings(FIX / "faq-fftcg.json", db_path=db)
    import_rulings(FIX / "qa-cards.json", db_path=db, title="Invented Saga Q&A", date="2024-12-01")
    kb = KB(db)
    try:
        newest = {g: max((d for d in kb.documents() if d.game == g and d.lang == "en"), key=lambda d: d.order).version
                  for g in ("bss", "fftcg")}
    finally:
        kb.conn.close()
    (ff, _), (saga, _) = card_rulings("fftcg", "JDG-001", db_path=db), card_rulings("bss", "JDG01-002", db_path=db)
    assert (ff.source_title, ff.source_url, ff.set_name, ff.set_from) == (
        "Invented FAQ - Judge Samples", "https://example.invalid/faq/judge-samples", "Opus XXX", "file")
    assert ff.rules_version == newest["fftcg"] and ff.lang == "en"
    assert (saga.source_title, saga.published, saga.set_name, saga.set_from) == (
        "Invented Saga Q&A", "2024-12-01", "JDG01", "card number")
    assert saga.rules_version == newest["bss"] == "1.7.0"
    assert saga.to_json()["provenance"]["rules_version"] == "1.7.0"


def test_importing_the_same_file_again_changes_nothing_and_succeeds(run, db: Path) -> None:
    code, out, _ = run("rulings", "import", str(FIX / "faq-fftcg.json"))
    assert code == 0 and "imported 3 fftcg ruling(s)" in out
    before = _state(db)
    code, out, _ = run("rulings", "import", str(FIX / "faq-fftcg.json"))
    assert code == 0 and "is already imported (import" in out and "nothing changed" in out
    assert _state(db) == before


def test_the_same_rulings_from_another_file_are_not_stored_twice(db: Path, tmp_path: Path) -> None:
    import_rulings(FIX / "qa-cards.json", db_path=db)
    before = _state(db)
    again = tmp_path / "reformatted.json"        # other bytes, same rulings (spacing differs)
    records = json.loads((FIX / "qa-cards.json").read_text(encoding="utf-8"))
    again.write_text(json.dumps([{**r, "Answer": "  " + r["Answer"].replace(" ", "  ")} for r in records]),
                     encoding="utf-8")
    got = import_rulings(again, db_path=db)
    assert (got.count, got.present) == (0, 3) and _state(db) == before


def test_a_ruling_repeated_word_for_word_in_one_file_is_kept_once(db: Path, tmp_path: Path) -> None:
    records = json.loads((FIX / "qa-cards.json").read_text(encoding="utf-8"))
    f = tmp_path / "repeats.json"
    f.write_text(json.dumps([*records, records[0]]), encoding="utf-8")
    got = import_rulings(f, db_path=db)
    assert (got.count, got.repeats) == (3, 1)
    assert len(card_rulings("bss", "JDG01-002", db_path=db)) == 2


def test_a_bad_record_anywhere_imports_nothing(db: Path, tmp_path: Path) -> None:
    records = json.loads((FIX / "faq-fftcg.json").read_text(encoding="utf-8"))
    f = tmp_path / "bad.json"
    f.write_text(json.dumps([*records, {**records[0], "truncated": "maybe"}]), encoding="utf-8")
    before = _state(db)
    with pytest.raises(CardFileError) as err:
        import_rulings(f, db_path=db)
    assert "record 4 (JDG-001)" in str(err.value) and "field 'truncated'" in str(err.value)
    assert _state(db) == before


def test_a_failure_while_storing_leaves_no_trace(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _state(db)
    real = store.put_rulings

    def half_then_fail(conn, rows):
        real(conn, rows[:1])                      # one ruling written inside the transaction ...
        raise OSError("disk full (simulated)")    # ... then the import dies

    monkeypatch.setattr(store, "put_rulings", half_then_fail)
    with pytest.raises(OSError):
        import_rulings(FIX / "faq-fftcg.json", db_path=db)
    monkeypatch.setattr(store, "put_rulings", real)
    assert _state(db) == before
    assert card_rulings("fftcg", "JDG-001", db_path=db) == []


def test_an_fftcg_faq_file_cannot_be_imported_as_another_game(db: Path) -> None:
    with pytest.raises(CardFileError, match="holds fftcg rulings, not bss ones"):
        import_rulings(FIX / "faq-fftcg.json", "bss", db_path=db)


def test_cli_card_shows_the_ruling_words_its_source_and_truncation(run, db: Path) -> None:
    run("rulings", "import", str(FIX / "faq-fftcg.json"))
    code, out, _ = run("card", "JDG-001")
    assert code == 0 and "Official rulings (2):" in out
    assert "Ruling: Invented ruling: the damage is dealt" in out
    assert "source: Invented FAQ - Judge Samples, Opus XXX, https://example.invalid/faq/judge-samples" in out
    assert "(truncated: the stored copy ends mid-sentence" in out
    code, out, _ = run("rulings", "search", "chosen Forward leaves")
    assert code == 0 and "[truncated]" in out and "— Invented FAQ - Judge Samples" in out
    assert [h["ruling"].card_number for h in search_rulings("nobody pool holds", db_path=db)] == ["JDG-999"]


def test_the_same_file_imported_twice_at_once_lands_once(db: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "JUDGE_DB": str(db)}
    cmd = [sys.executable, "-m", "judge", "rulings", "import", str(FIX / "faq-fftcg.json")]
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert sum("imported 3 fftcg ruling(s)" in out for out, _ in outs) == 1
    count, listed, _ = _state(db)
    assert count == 3 and len(listed) == 1


def test_a_card_imported_after_its_rulings_links_them_by_its_abilities(db: Path, tmp_path: Path) -> None:
    from judge.cards import db as cards_db
    from judge.cards.db import load_card_file
    from judge.engine.ruling_links import ensure_card_links

    qa = tmp_path / "qa.json"
    qa.write_text(json.dumps([{"Card No.": "ZZZ77-001", "Card Name": "Invented Lamplighter",
                               "Question": "Invented: when this spirit is destroyed, does its owner draw?",
                               "Answer": "Yes, the invented answer says the draw happens."}]), encoding="utf-8")
    import_rulings(qa, db_path=db)
    (before,) = card_rulings("bss", "ZZZ77-001", db_path=db)
    assert not before.card_known and not [n for n, how in before.clause_links if how == "card"]
    cards = tmp_path / "cards.yaml"
    cards.write_text("game: bss\ncards:\n  - number: ZZZ77-001\n    name: Invented Lamplighter\n    type: spirit\n"
                     "    colors: [red]\n    cost: 2\n    levels: {1: [1, 2000]}\n"
                     "    text: |\n      When Destroyed: Draw one card.\n", encoding="utf-8")
    load_card_file(cards, "bss", db_path=db)
    ensure_card_links(db)                                    # as judge cards import does after importing
    (after,) = card_rulings("bss", "ZZZ77-001", db_path=db)
    from_card = {n for n, how in after.clause_links if how == "card"}
    assert after.card_known and from_card                  # the When Destroyed / draw clauses of its ability
    cards_db._rebuild_records(db)                            # and a rebuild links them the same way
    ensure_card_links(db)
    (rebuilt,) = card_rulings("bss", "ZZZ77-001", db_path=db)
    assert {n for n, how in rebuilt.clause_links if how == "card"} == from_card
