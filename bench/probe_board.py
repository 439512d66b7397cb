"""What the Saga probes share (bench_probe_magic.py, bench_probe_saga.py): the corpus read as the
coverage reads it, the cards every ability of which the coverage calls executed, a run that answers
every decision `any` (the decision is asked where the action that needed it stood), and the verdict
of a run: clean, not modelled / not read, a decision left open, refused, or a crash.

The point is to check the coverage's claim by running it, so nothing here knows any card: a board is
built from the card's type and levels, and the verdict from the trace's structured facts.
"""
from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from probe_run import run_answering

from judge.cards.importers import read_cards
from judge.engine.scenario import Result
from judge.engine.support import unexecuted
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "bss-cards.json"
#: the Saga sets held out for validation (issue 11.5): tallied, their failures never printed
VALIDATION: tuple[str, ...] = tuple(tomllib.loads((Path(__file__).resolve().parent / "validation.toml")
                                                  .read_text(encoding="utf-8"))["bss"]["sets"])
#: decisions answered `any` per run before the run is called stuck
MAX_ANSWERS = 12


@dataclass(frozen=True)
class Corpus:
    """Every Saga card of the corpus, the lexicon the coverage parses with, and a few vanilla spirits."""

    cards: tuple[Any, ...]
    lexicon: Lexicon
    vanilla: tuple[str, ...]

    def executed(self, kind: str) -> Iterator[tuple[Any, tuple[Any, ...]]]:
        """The cards of that type every ability of which the coverage counts executed, with them."""
        for c in self.cards:
            if c.type != kind:
                continue
            r = parse_text(c.text, "bss", name=c.name, lexicon=self.lexicon)
            if r.unparsed or not r.abilities or any(unexecuted("bss", a) for a in r.abilities):
                continue
            yield c, tuple(r.abilities)


def load_corpus() -> Corpus:
    """The corpus beside the project (../shared/corpus), as the coverage reads it."""
    every = tuple(read_cards(str(CORPUS), "bss", None))
    vanilla = tuple(c.number for c in every if c.type == "spirit" and not c.text.strip())[:4] or ("BSS01-001",)
    return Corpus(every, Lexicon.from_cards(list(every)), vanilla)


@dataclass
class Outcome:
    """One run: the result (None after a crash), the verdict's reasons, and the crash if any."""

    result: Result | None
    why: list[str] = field(default_factory=list)
    crash: str | None = None
    open: bool = False

    @property
    def verdict(self) -> str:
        """crash | not modelled | open | refused | clean (the first that applies)."""
        if self.crash is not None:
            return "crash"
        if any(w.startswith(("not modelled", "not read")) for w in self.why):
            return "not modelled"
        if self.open:
            return "open"
        if any(w.startswith("refused") for w in self.why):
            return "refused"
        return "clean"


def drive(data: dict[str, Any]) -> Outcome:
    """Run a board, answering each decision `any` where it was asked (before the action it held up),
    until nothing is asked or MAX_ANSWERS answers were given (the loop of probe_run, shared with FFTCG)."""
    data = copy.deepcopy(data)
    data.setdefault("expect", [{"winner": None}])
    try:
        res = run_answering(data, rounds=MAX_ANSWERS)
    except Exception as e:      # a crash is what the probes report, card by card
        return Outcome(None, crash=repr(e)[:200])
    why = [w for w in res.why if "expectations" not in w]
    if res.refusals:
        why.append("refused: " + "; ".join(str(getattr(x, "reason", x))[:160] for x in res.refusals.values()))
    return Outcome(res, why, open=res.request is not None)


__all__ = ["CORPUS", "VALIDATION", "Corpus", "Outcome", "drive", "load_corpus"]
