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

import pytest

from judge.text.typed import untyped_parts

from .bss_facts import MEANING
from .facts import check
from .reading import card_set, corpus_file, read_bss, validation_sets

CORPUS = corpus_file("bss")


def test_the_table_covers_a_hundred_abilities_mostly_of_the_ruling_sets() -> None:
    assert len(MEANING) >= 100
    ruled = [n for n, *_ in MEANING if n.startswith(("BSS01", "BSS02", "ST0"))]
    assert len(ruled) >= 0.8 * len(MEANING)
    assert len({(n, i) for n, i, *_ in MEANING}) == len(MEANING)


@pytest.mark.skipif(not CORPUS.is_file(), reason=f"the real card corpus is absent ({CORPUS})")
@pytest.mark.parametrize(("number", "line", "said", "facts"), MEANING, ids=[f"{n}#{i}" for n, i, *_ in MEANING])
def test_the_reading_keeps_what_the_ability_says(number: str, line: int, said: str, facts: list[str]) -> None:
    assert card_set("bss", number) not in validation_sets("bss"), "the meaning table reads training cards only"
    reading = read_bss(number, line)
    ability = reading.ability
    assert reading.parsed, f"{number} line {line} is not read: {reading.unread}"
    assert untyped_parts(ability, "bss") == [], said
    failed = [f for f in facts if not check(ability, f)]
    assert not failed, f"{said}: not shown by the AST: {failed}\n{json.dumps(_shown(ability), indent=1)[:3000]}"


def _shown(ability) -> dict:
    from judge.text.ast import to_json

    return to_json(ability)
