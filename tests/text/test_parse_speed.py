"""The faster expected-terminal replay (judge.text.lark_speed) changes speed only, never a result.

Every shipped sample card, and invented sentences that fail, are read twice: with the replay and
with failures reported exactly as Lark computes them (`use_fast(False)`). ASTs, unparsed spans and
the "expected" hints must be the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from lark.exceptions import UnexpectedToken

from judge.cards.importers import read_cards
from judge.paths import cards_dir
from judge.text.grammar import fast_enabled, load_parser, use_fast
from judge.text.lark_speed import accepts
from judge.text.parse import line_spans, parse_text, transform_module

SAMPLES = {"bss": "bs-samples.yaml", "fftcg": "fftcg-samples.yaml"}

#: invented lines that do not parse (typos, unknown words, a missing period)
BROKEN = {
    "bss": ["When Summoned: Draw a crad.", "[LV1] When Summoned: Destroy one opposing spirit and",
            "Flash: Refresh your life.", "[LV2] 【Gale: one】"],
    "fftcg": ["When Orla enters the field, draw 1 crad.", "Choose 1 Forward. Deal it 4000 damage and",
              "《火》《ダル》: Choose 1 Backup. Dull it", "EX BURST Break all the Forwards"],
}


@pytest.fixture(autouse=True)
def _restore_fast() -> Iterator[None]:
    previous = fast_enabled()
    yield
    use_fast(previous)


def _cards(game: str) -> list:
    return read_cards(cards_dir() / SAMPLES[game], game)


def _lines(game: str) -> list[str]:
    """The ability lines of the game's sample cards, as its grammar reads them."""
    module = transform_module(game)
    split = getattr(module, "split", None) or line_spans
    prepare = getattr(module, "prepare", None)
    out = []
    for card in _cards(game):
        for a, b in split(card.text):
            line = card.text[a:b]
            view = prepare(line) if prepare else line
            view = getattr(view, "view", view)          # a Prepared view (judge.text.parse.Prepared)
            out.append(view if len(view) == len(line) or prepare is not None else line)
    return out


def _shown(result: object) -> str:
    """A result as text; an object compared by identity shows its type, not its address."""
    return re.sub(r" object at 0x[0-9a-f]+", " object", repr(result))


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_sample_card_parses_to_the_same_abilities_and_unparsed_spans(game: str) -> None:
    cards = _cards(game)
    use_fast(False)
    reference = [parse_text(c.text, game, name=c.name) for c in cards]
    reference += [parse_text(line, game) for line in BROKEN[game]]
    use_fast(True)
    fast = [parse_text(c.text, game, name=c.name) for c in cards]
    fast += [parse_text(line, game) for line in BROKEN[game]]
    assert [_shown(r) for r in fast] == [_shown(r) for r in reference]
    assert any(r.unparsed for r in fast)        # the failing path was compared too


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_expected_terminals_are_those_lark_computes(game: str) -> None:
    use_fast(False)
    parser = load_parser(game)
    checked = 0
    for line in BROKEN[game] + [line + " extra words" for line in _lines(game)[:20]]:
        try:
            parser.parse(line, start="line")
        except UnexpectedToken as exc:
            assert accepts(exc) == exc.accepts
            checked += 1
        except Exception:
            continue
    assert checked
