"""`judge cards import PATH|URL`: each supported format detected and named, all or nothing, every
field checked for its type; and the real corpus found by number and fuzzy name once imported."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from judge import store
from judge.cards.db import find_card, import_cards
from judge.errors import CardFileError, UnknownCard

FIX = Path(__file__).parent / "fixtures"
CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
SAGA = json.loads((FIX / "saga-records.json").read_text(encoding="utf-8"))


def _per_card(folder: Path) -> Path:
    folder.mkdir()
    for rec in SAGA:
        (folder / f"{rec['ID']}.json").write_text(json.dumps(rec), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("make", "fmt"), [
    (lambda t: FIX / "saga-records.json", "bssdb"),
    (lambda t: _per_card(t / "per-card"), "bssdb"),
    (lambda t: _zip(_per_card(t / "per-card"), t / "cards.zip"), "bssdb"),
    (lambda t: FIX / "fftcg-records.json", "fftcg"),
    (lambda t: FIX / "fftcg-official-answer.json", "fftcg-official"),
    (lambda t: FIX / "bad-cost.yaml", None),
])
def test_each_format_is_detected_and_named(tmp_path: Path, db: Path, make, fmt: str | None) -> None:
    src = make(tmp_path)
    if fmt is None:                               # the project's YAML: detected, then refused for its bad record
        with pytest.raises(CardFileError, match="record 2"):
            import_cards(src, db_path=db)
        return
    got = import_cards(src, db_path=db)
    assert got.format == fmt and got.format_name and got.cards


def _zip(folder: Path, target: Path) -> Path:
    with zipfile.ZipFile(target, "w") as zf:
        for f in sorted(folder.iterdir()):
            zf.write(f, f"set/{f.name}")
    return target


def test_a_folder_of_per_card_files_imports_every_card_and_survives_a_rebuild(tmp_path: Path, db: Path) -> None:
    import_cards(_per_card(tmp_path / "per-card"), db_path=db)
    assert find_card("TST01-002", db_path=db).name == "Test Reversal"
    db.unlink()                                   # the whole file gone: rebuilt from the envelopes beside it
    assert find_card("TST01-001", db_path=db).name == "Test Flamecub"


@pytest.mark.parametrize(("field", "value"), [("number", [1, 2]), ("name", {"x": 1}), ("cost", [3]),
                                               ("colors", {"red": 1}), ("text", 5), ("rarity", True),
                                               ("levels", {1: ["one", 2000]}), ("cost", 2.5)])
def test_a_record_with_a_field_of_the_wrong_type_is_refused_naming_it(tmp_path: Path, db: Path, field: str,
                                                                      value) -> None:
    import yaml

    cards = [{"number": "TYP01-001", "name": "Typed Whelp", "type": "spirit", "cost": 1, "text": ""},
             {"number": "TYP01-002", "name": "Typed Wyrm", "type": "spirit", "cost": 2, "text": ""}]
    cards[1][field] = value
    f = tmp_path / "typed.yaml"
    f.write_text(yaml.safe_dump({"game": "bss", "cards": cards}), encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        import_cards(f, db_path=db)
    assert "record 2" in str(err.value) and f"field {field!r}" in str(err.value)
    assert store.stored_imports(db) == []


def test_import_from_a_url(httpserver, db: Path) -> None:
    httpserver.expect_request("/pool/saga.json").respond_with_data(
        (FIX / "saga-records.json").read_text(encoding="utf-8"), content_type="application/json")
    url = httpserver.url_for("/pool/saga.json")
    got = import_cards(url, db_path=db)
    assert got.format == "bssdb" and got.source == url
    assert find_card("TST01-001", db_path=db).game == "bss"


def test_cli_import_names_what_it_found(run, tmp_path: Path) -> None:
    code, out, _ = run("cards", "import", str(_per_card(tmp_path / "d")))
    assert code == 0 and "found community Battle Spirits Saga JSON (bssdb)" in out
    code, out, _ = run("cards", "import", str(FIX / "fftcg-official-answer.json"))
    assert code == 0 and "found official FFTCG card-browser records (fftcg-official)" in out


def test_cli_import_of_something_that_is_not_a_card_file(run, tmp_path: Path) -> None:
    for bad in (tmp_path / "missing.json", tmp_path):
        code, _, err = run("cards", "import", str(bad))
        assert code == 1 and err.startswith("judge: ") and "Traceback" not in err


@pytest.mark.skipif(not (CORPUS / "fftcg-cards.json").is_file(), reason="../shared/corpus is absent")
@pytest.mark.parametrize("name", ["bss-cards.json", "fftcg-cards.json"])
def test_every_corpus_card_is_found_by_number_and_fuzzy_name_after_import(db: Path, name: str) -> None:
    from judge.cards.db import _find
    from judge.cards.importers import read_cards

    cards = read_cards(CORPUS / name)
    got = import_cards(CORPUS / name, db_path=db)
    assert len(got.cards) == len(cards)
    conn = store.connect(db)
    misses = []
    try:
        for card in cards:
            if _find(conn, card.number.lower(), card.game).number != card.number:
                misses.append(card.number)
            typed = re.sub(r"[^\w ]+", " ", card.name).lower()          # as a judge types it: no capitals or marks
            try:
                if _find(conn, typed, card.game).name != card.name:
                    misses.append(f"{card.number} {typed!r}")
            except UnknownCard as exc:       # two names that differ only by a mark: both offered, never a guess
                if not any(h.startswith(card.number + " ") for h in exc.hints):
                    misses.append(f"{card.number} {typed!r}: {exc}")
    finally:
        conn.close()
    assert not misses


@pytest.mark.skipif(not (CORPUS / "bss-cards.json").is_file(), reason="../shared/corpus is absent")
def test_a_part_of_a_name_held_by_one_name_only_finds_that_card(db: Path) -> None:
    """A judge types the end of a long name ("thunder leon" for BSS01-013): the words typed need only
    appear in the name, and a shorter name holding some of them (fftcg's "Leon") is no rival."""
    from rapidfuzz.utils import default_process

    from judge.cards.db import _find

    import_cards(CORPUS / "bss-cards.json", db_path=db)
    import_cards(CORPUS / "fftcg-cards.json", db_path=db)
    conn = store.connect(db)
    try:
        names = store.card_names(conn, None)
        words = [(r["number"], r["name"], default_process(r["name"]).split()[-2:]) for r in names
                 if r["game"] == "bss" and len(default_process(r["name"]).split()) >= 3]
        misses, tried = [], 0
        for number, name, tail in words:
            holders = {r["name"] for r in names if set(tail) <= set(default_process(r["name"]).split())}
            if holders != {name}:
                continue
            tried += 1
            if _find(conn, " ".join(tail), None).name != name:
                misses.append(number)
    finally:
        conn.close()
    assert tried > 50 and not misses
