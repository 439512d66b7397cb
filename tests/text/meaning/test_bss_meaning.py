"""What the abilities of real Battle Spirits Saga cards mean, checked on their AST (issue 11.3).

For abilities of real cards of the training split (loaded from ../shared/corpus at test time; the
test is skipped, saying so, when the corpus is absent), the table states in its own words the
facts any correct reading must show: the effect and its numbers, whose cards, the trigger's event,
the condition and its scope. The facts are checked on the AST alone (tests/text/meaning/
facts.py describes their small language); the printed text is never compared. Weighted
to the sets of the official rulings (BSS01, BSS02, ST01–ST05), whose cards the rulings suite plays.
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path

import pytest

from judge.text.typed import untyped_parts

from .bss_facts import MEANING
from .facts import check

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared" / "corpus" / "bss-cards.json"


@cache
def _corpus() -> tuple[dict, object]:
    from judge.cards.importers import read_cards
    from judge.text.lexicon import Lexicon

    cards = read_cards(CORPUS, "bss")
    return {c.number: c for c in cards}, Lexicon.from_cards(cards)


def _validation_sets() -> set[str]:
    conf = tomllib.loads((ROOT / "bench" / "validation.toml").read_text(encoding="utf-8"))
    return set(conf["bss"]["sets"])


def _ability(number: str, line: int):
    from judge.text.parse import parse_text

    cards, lexicon = _corpus()
    card = cards[number]
    result = parse_text(card.text, "bss", name=card.name, lexicon=lexicon)
    start = sum(len(x) + 1 for x in card.text.split("\n")[:line])
    found = [a for a in result.abilities if a.span.start == start]
    missing = [u for u in result.unparsed if start <= u.start < start + len(card.text.split("\n")[line])]
    return found[0] if found else None, missing


def test_the_table_covers_a_hundred_abilities_mostly_of_the_ruling_sets() -> None:
    assert len(MEANING) >= 100
    ruled = [n for n, *_ in MEANING if n.startswith(("BSS01", "BSS02", "ST0"))]
    assert len(ruled) >= 0.8 * len(MEANING)
    assert len({(n, i) for n, i, *_ in MEANING}) == len(MEANING)


@pytest.mark.skipif(not CORPUS.is_file(), reason=f"the real card corpus is absent ({CORPUS})")
@pytest.mark.parametrize(("number", "line", "said", "facts"), MEANING, ids=[f"{n}#{i}" for n, i, *_ in MEANING])
def test_the_reading_keeps_what_the_ability_says(number: str, line: int, said: str, facts: list[str]) -> None:
    cards, _ = _corpus()
    assert cards[number].set not in _validation_sets(), "the meaning table reads training cards only"
    ability, missing = _ability(number, line)
    assert ability is not None and not missing, f"{number} line {line} is not read: {missing}"
    assert untyped_parts(ability, "bss") == [], said
    failed = [f for f in facts if not check(ability, f)]
    assert not failed, f"{said}: not shown by the AST: {failed}\n{json.dumps(_shown(ability), indent=1)[:3000]}"


def _shown(ability) -> dict:
    from judge.text.ast import to_json

    return to_json(ability)
