"""The held-out part of the rulings suites keeps running but never says why it falls short
(issue 21.6): what engine work could read would tune it to those rulings."""

from __future__ import annotations

from pathlib import Path

from rulings import ledger

SUITES = sorted(p for p in Path(__file__).resolve().parent.iterdir() if p.is_dir() and list(p.glob("*.yaml")))


def test_a_held_out_entry_of_every_ledger_says_only_that_it_fails() -> None:
    for folder in SUITES:
        for stem, entry in ledger.read(folder).items():
            if ledger.held_out(stem):
                assert entry == {"outcome": ledger.HELD_OUT_OUTCOME, "why": ledger.HELD_OUT_WHY}, (folder.name, stem)


def test_writing_a_ledger_drops_the_reason_of_a_held_out_scenario(tmp_path: Path) -> None:
    held = next(f"x{n}" for n in range(1000) if ledger.held_out(f"x{n}"))
    tuned = next(f"x{n}" for n in range(1000) if not ledger.held_out(f"x{n}"))
    ledger.write(tmp_path, {held: {"outcome": "not modelled", "why": "the secret reason"},
                            tuned: {"outcome": "failing", "why": "an open reason"}})
    written = (tmp_path / "ledger.toml").read_text(encoding="utf-8")
    assert "the secret reason" not in written and "not modelled" not in written
    assert "an open reason" in written
    assert ledger.read(tmp_path)[held]["why"] == ledger.HELD_OUT_WHY


def test_the_held_out_rule_is_the_benchs_rule() -> None:
    """One rule, in one place: the bench tallies the held-out part with the ledger's `held_out`."""
    bench = (ledger.REPO / "bench" / "bench_rulings.py").read_text(encoding="utf-8")
    assert "ledger.held_out(" in bench and "def held_out" not in bench


def test_no_ledger_quotes_a_cards_words() -> None:
    """A "not read" reason quotes the words not read; the ledger (committed) leaves them out."""
    for folder in SUITES:
        text = (folder / "ledger.toml").read_text(encoding="utf-8") if (folder / "ledger.toml").is_file() else ""
        for line in text.splitlines():
            if line.startswith("why = "):
                assert "“…”" in line or "“" not in line, (folder.name, line)
    assert ledger.without_card_text('not read: c1: A: “Deal 1 damage.”') == "not read: c1: A: “…”"
