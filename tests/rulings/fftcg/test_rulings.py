"""The FFTCG rulings suite: situations a judge is called for, on real cards named by number.

FFTCG has no machine-readable official rulings, so each file here is a contested interaction set up
with real cards of `../shared/corpus/fftcg-cards.json` (training sets only), its outcome taken from
the Comprehensive Rules with the deciding clause in `cites:`. The cards are loaded from the corpus
at test time; without it the suite reports itself skipped, with the reason.

A situation passes only when its run is ok: every expectation holds, no step is "not modelled",
and no decision is left unanswered (unless a `request:` expectation waits for it). What the engine
cannot do yet is listed in KNOWN with its reason; such a case is an expected failure (strict, so
that it is noticed when it starts passing), and README.md lists them by concept. The suite as a
whole must pass at 90% or more.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[2].parent / "shared" / "corpus" / "fftcg-cards.json"
SITUATIONS = sorted(HERE.glob("*.yaml"))
BAR = 0.90

#: situation → why the engine does not resolve it yet (the README groups them by concept)
KNOWN: dict[str, str] = {}


@dataclass(frozen=True)
class Outcome:
    """How one situation ran: passing, not modelled (the engine said what it cannot do), or failing."""

    status: str
    why: tuple[str, ...] = ()


def _expects_request(result) -> bool:
    return any("request" in c.expect for c in result.checks)


def run_situation(path: Path) -> Outcome:
    """Run one situation file and classify it (a ScenarioError is a failure naming its message)."""
    from judge.engine.scenario import load_scenario, run_scenario
    from judge.errors import JudgeError

    try:
        result = run_scenario(load_scenario(path))
    except JudgeError as exc:
        return Outcome("failing", (f"error: {exc}",))
    not_modelled = tuple(t.step.text for t in result.steps if "not modelled" in t.step.text)
    unmet = tuple(f"unmet: {dict(c.expect)} got {c.actual}" for c in result.checks if not c.met)
    pending = () if result.request is None or _expects_request(result) else \
        (f"decision left unanswered: {result.request.choice}",)
    if not result.checks:
        return Outcome("failing", ("no expectations",))
    if not_modelled:
        return Outcome("not modelled", not_modelled + unmet)
    if unmet or pending:
        return Outcome("failing", unmet + pending)
    return Outcome("passing")


@pytest.fixture(scope="module", autouse=True)
def corpus_cards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The real cards, imported into a database of this test run only (never the user's)."""
    if not CORPUS.is_file():
        pytest.skip(f"the FFTCG rulings need the card corpus at {CORPUS}, which is absent")
    from judge.cards.db import load_card_file

    mp = pytest.MonkeyPatch()
    db = tmp_path_factory.mktemp("fftcg-rulings") / "judge.db"
    mp.setenv("JUDGE_DB", str(db))
    load_card_file(CORPUS, game="fftcg")
    yield
    mp.undo()


def test_the_suite_holds_at_least_sixty_situations() -> None:
    assert len(SITUATIONS) >= 60


def test_situations_use_training_cards_only() -> None:
    """No card of the validation split (Opus XXVI = 26-…, Tears of the Planet = 25-…) appears."""
    import re

    for path in SITUATIONS:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?<![\w-])2[56]-\d{3}", text), f"{path.name} names a validation-split card"


@pytest.mark.parametrize("path", SITUATIONS, ids=[p.stem for p in SITUATIONS])
def test_situation_is_resolved(path: Path) -> None:
    if path.stem in KNOWN:
        pytest.xfail(KNOWN[path.stem])
    outcome = run_situation(path)
    assert outcome.status == "passing", f"{path.name}: {outcome.status}: " + "; ".join(outcome.why)


def test_at_least_ninety_percent_of_the_suite_passes() -> None:
    outcomes = {p.stem: run_situation(p) for p in SITUATIONS}
    passing = sum(1 for o in outcomes.values() if o.status == "passing")
    assert passing / len(outcomes) >= BAR, f"{passing}/{len(outcomes)} situations pass"
