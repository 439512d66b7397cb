"""Rulings linked to the rules (issue 22.2, 22.3): the links table the package ships (from the
clauses each ruling's scenario cites), links from a ruling's words and its card's abilities, each
labelled by how it was made; `judge rule N` lists them, `judge diff` and `judge step --recheck`
name the rulings whose clauses changed. Real rulings are loaded from ../shared/corpus at test time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from judge.cards.ruling_formats import KEY
from judge.cards.ruling_links import links_path, shipped_links
from judge.cards.rulings import card_rulings, import_rulings

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"
FIX = Path(__file__).parent / "fixtures"


def corpus(name: str) -> Path:
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"real rulings not available: {path} is absent (the corpus lives beside the project)")
    return path


def test_the_shipped_links_name_rulings_by_key_and_clauses_by_number_only() -> None:
    data = json.loads(links_path().read_text(encoding="utf-8"))
    assert data["rulings"], "the package ships the scenario links"
    for key, entry in data["rulings"].items():
        assert KEY.match(key), key
        assert set(entry) == {"about", "clauses", "scenarios"}
        assert len(entry["about"]) <= 40 and all(len(n) <= 20 for n in entry["clauses"])


def test_every_shipped_link_is_a_clause_of_the_games_current_document() -> None:
    from judge.rules.kb import open_kb

    kb = open_kb()
    games = {"bss": set(), "bs": set(), "fftcg": set()}
    for g in games:
        games[g] = {c.number for c in kb.dump(g)}
    for key, clauses in shipped_links().items():
        assert set(clauses) <= games[key.split("-")[0]], (key, set(clauses) - games[key.split("-")[0]])


def test_the_shipped_links_are_built_from_the_scenarios_as_they_are_now() -> None:
    corpus("bss-qa-cards.json")
    got = subprocess.run([sys.executable, str(REPO / "bench" / "build_ruling_links.py"), "--check"],
                         capture_output=True, text=True, cwd=REPO)
    assert got.returncode == 0, got.stdout + got.stderr


def test_the_shipped_links_carry_no_words_of_any_ruling() -> None:
    text = links_path().read_text(encoding="utf-8").lower()
    qa = json.loads(corpus("bss-qa-cards.json").read_text(encoding="utf-8"))
    faq = json.loads(corpus("fftcg-faq.json").read_text(encoding="utf-8"))
    for words in [r["Answer"] for r in qa] + [r["Question"] for r in qa] + [r["ruling"] for r in faq]:
        pieces = [" ".join(words.lower().split())[i:i + 40] for i in range(0, max(1, len(words) - 40), 40)]
        assert not any(p in text for p in pieces if len(p) == 40)


@pytest.fixture
def saga_rulings(db: Path) -> Path:
    import_rulings(corpus("bss-qa-cards.json"), db_path=db)
    import_rulings(corpus("bss-qa-keywords.json"), db_path=db)
    return db


def test_rule_11_5_1_lists_the_armor_rulings_with_how_each_is_linked(run, saga_rulings: Path) -> None:
    from judge.cards.rulings import search_rulings

    code, out, _ = run("rule", "bss", "11-5-1")
    assert code == 0 and "Official rulings about these clauses" in out
    by_scenario = {k for k, clauses in shipped_links().items() if "11-5-1" in clauses}
    assert len(by_scenario) >= 5
    listed = out.split("Official rulings about these clauses")[1]
    assert listed.count("§11-5-1 (scenario cite") == len(by_scenario)
    armor = {h["ruling"].id for h in search_rulings("armor", game="bss", limit=100, db_path=saga_rulings)
             if "armor" in h["ruling"].terms}
    assert armor and all(f"ruling {rid} (" in listed for rid in armor)   # every ruling naming Armor


def test_the_saga_q_and_a_imports_once_and_carries_its_provenance(run, saga_rulings: Path) -> None:
    code, out, _ = run("rulings", "import", str(corpus("bss-qa-cards.json")))
    assert code == 0 and "already imported" in out
    ruling = card_rulings("bss", "BSS02-127", db_path=saga_rulings)[0]
    assert ruling.source_title == "official card Q&A (per card), file bss-qa-cards.json"
    assert (ruling.set_name, ruling.rules_version) == ("BSS02", "1.7.0")


def test_the_fftcg_faq_imports_every_ruling_and_keeps_the_one_whose_card_is_not_in_the_pool(run, db: Path) -> None:
    run("cards", "import", str(corpus("fftcg-cards.json")))
    code, out, _ = run("rulings", "import", str(corpus("fftcg-faq.json")))
    faq = json.loads(corpus("fftcg-faq.json").read_text(encoding="utf-8"))
    absent = sorted({r["code"] for r in faq if r.get("in_corpus") is None})
    assert code == 0 and f"imported {len(faq)} fftcg ruling(s)" in out
    assert f"kept {len(absent)} card number(s) the card database does not know yet: {', '.join(absent)}" in out
    cut = sum(1 for r in faq if r.get("truncated"))
    assert f"{cut} ruling(s) are marked truncated" in out
    first = faq[0]
    code, out, _ = run("card", first["code"], "--game", "fftcg")
    flat = " ".join(out.split())                 # the plain output wraps at 96 columns
    assert code == 0 and f"Ruling: {' '.join(first['ruling'].split())}" in flat
    assert f"source: {first['source_title']}, Opus {first['opus']}, {first['source_url']}" in flat
    code, out, _ = run("rulings", "import", str(corpus("fftcg-faq.json")))
    assert code == 0 and "nothing changed" in out


def _invented(tmp_path: Path, clause: str) -> Path:
    f = tmp_path / "qa.json"
    f.write_text(json.dumps([{"Card No.": "JDG01-002", "Card Name": "Cinderhorn Drake",
                              "Question": f"Invented: does clause {clause} decide this?",
                              "Answer": "Yes, in this invented answer."}]), encoding="utf-8")
    return f


def test_judge_diff_names_the_rulings_whose_clauses_changed_between_two_versions(run, db: Path,
                                                                                tmp_path: Path) -> None:
    from judge.rules.kb import KB

    kb = KB(db)
    try:
        changed = kb.diff("bss", "bssdb", "1.7.0")["changed"][0]["number"]
    finally:
        kb.conn.close()
    import_rulings(_invented(tmp_path, changed), db_path=db)
    code, out, _ = run("diff", "bss", "bssdb", "1.7.0")
    assert code == 0 and "Official rulings linked to clauses that changed (1): recheck them" in out
    assert f"ruling 1 (JDG01-002 Cinderhorn Drake), checked against 1.7.0: §{changed} (words)" in out
    code, out, _ = run("rules", "diff", "bss", "bssdb", "1.7.0", "--json")
    assert [r["changed_clauses"] for r in json.loads(out)["rulings"]] == [[changed]]


def test_step_recheck_names_the_rulings_whose_cited_clauses_changed(run, db: Path, tmp_path: Path) -> None:
    scenario = REPO / "tests" / "scenarios" / "bss" / "confront_forces_block.yaml"
    code, out, _ = run("step", str(scenario), "--json")
    saved = json.loads(out)
    assert "11-2-1" in saved["clauses"]
    saved["clauses"]["11-2-1"] = "0" * 64          # as if 11-2-1 read otherwise when the ruling was made
    f = tmp_path / "ruling.json"
    f.write_text(json.dumps(saved), encoding="utf-8")
    import_rulings(_invented(tmp_path, "11-2-1"), db_path=db)
    code, out, _ = run("step", str(f), "--recheck")
    assert code == 1 and "changed since the ruling: §11-2-1" in out
    assert "ruling 1 (JDG01-002 Cinderhorn Drake), checked against 1.7.0: §11-2-1 (words)" in out
