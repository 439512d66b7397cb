"""The rulings suites: official rulings on real cards, set up as scenarios (docs/scenarios.md).

Scenarios name real cards by number; the cards are read at test time from the corpus beside the
project (`../shared/corpus`), never from the repository. Without it every case is skipped and
says why. A case passes only when its run is ok: every expectation holds, no step is "not
modelled" and no decision is left unanswered.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.support import corpus_file


@pytest.fixture(scope="session")
def bss_cards() -> Path:
    """The Battle Spirits Saga card corpus (skipped, with the reason, where it is absent)."""
    return corpus_file("bss-cards.json")
