"""A failure is said the same way in every game (issue 11.6): "stopped at X", then "expected" a kind
of phrase in words, from the game's own table of phrase kinds read by one function
(judge.text.expect); never a regex fragment. Three invented phrasings per kind and game."""

from __future__ import annotations

import re

import pytest
from text_helpers import bs_lexicon

from judge.text.parse import parse_text, transform_module

_REGEX_BITS = re.compile(r"\(\?|\\[sbdw]|\[\^|\{\d|\||\\x0|[\x00-\x08\ue000-\ue005]")


def _said(text: str, game: str) -> tuple[str, ...]:
    result = parse_text(text, game, lexicon=bs_lexicon() if game == "bss" else None)
    assert result.unparsed, f"{text!r} parsed"
    return result.unparsed[0].expected


CASES = [
    # Battle Spirits: what a directive acts on is missing (BSS 8-5-3)
    ("bss", "[Flash] Exhaust, then draw one card.", ",", "a selector"),
    ("bss", "[LV2] When Summoned: Destroy with 4000 or less BP.", "with", "a selector"),
    ("bss", "[Main] Refresh or exhaust one of your spirits.", "or", "a selector"),
    # Battle Spirits: a count is missing
    ("bss", "[Flash] Draw fewer cards.", "fewer", "a number"),
    ("bss", "[LV1] When This Spirit Attacks: Draw more cards.", "more", "a number"),
    ("bss", "[Main] Each player draws.", ".", "a number"),
    # Battle Spirits: a condition after "if" (BS 5-19-2)
    ("bss", "[Main] Draw two cards if, then refresh this spirit.", ",", "a condition"),
    ("bss", "[LV2] When Attacked: Exhaust this spirit if.", ".", "a condition"),
    ("bss", "[Flash] If: draw one card.", ":", "a condition"),
    # FFTCG: a card or cards after a count (8.2)
    ("fftcg", "Choose 1 teapot. Dull it.", "teapot", "a card or cards"),
    ("fftcg", "When Orla enters the field, break 1 lantern opponent controls.", "lantern", "a card or cards"),
    ("fftcg", "Select up to 2 pebbles. Freeze them.", "pebbles", "a card or cards"),
    # FFTCG: a number of damage or cards
    ("fftcg", "Choose 1 Forward. Deal it plenty of damage.", "plenty", "a number"),
    ("fftcg", "Draw several cards.", "several", "a number"),
    ("fftcg", "Choose 1 Forward. Deal it heaps of damage.", "heaps", "a number"),
    # FFTCG: an effect after a trigger (11.8.2)
    ("fftcg", "When Orla enters the field, juggle 1 Forward.", "juggle", "an effect"),
    ("fftcg", "When Orla attacks, whistle 1 Backup.", "whistle", "an effect"),
    ("fftcg", "When Orla leaves the field, dance.", "dance", "an effect"),
]


@pytest.mark.parametrize(("game", "text", "where", "kind"), CASES)
def test_a_failure_says_where_it_stopped_and_the_kind_of_phrase_expected(game: str, text: str, where: str,
                                                                          kind: str) -> None:
    said = _said(text, game)
    assert len(said) == 2, said
    assert said[0] == f"stopped at {where!r}", said
    assert said[1].startswith("expected ") and kind in said[1], said
    assert not _REGEX_BITS.search(" ".join(said)), said


@pytest.mark.parametrize("game", ["bss", "fftcg"])
def test_every_game_says_it_through_one_table_of_phrase_kinds(game: str) -> None:
    from judge.text.expect import PhraseKind

    module = transform_module(game)
    assert module.PHRASES and all(isinstance(k, PhraseKind) for k in module.PHRASES)
    assert not hasattr(module, "describe_expected")       # no game-specific hook beside the table


@pytest.mark.parametrize(("game", "text"), [("bss", "[Main] Draw one card and"),
                                            ("fftcg", "Choose 1 Forward. Break it and")])
def test_a_text_that_stops_short_says_so(game: str, text: str) -> None:
    said = _said(text, game)
    assert said[0] == "stopped at the end of the text" and "an effect such as" in said[1], said


def test_a_kind_is_named_only_when_enough_of_its_openers_were_possible() -> None:
    from judge.text.expect import PhraseKind

    kind = PhraseKind("a spell", opens=frozenset({"A", "B", "C"}), enough=2)
    assert kind.fits(None, frozenset({"A"})) == frozenset()
    assert kind.fits(None, frozenset({"A", "C", "X"})) == frozenset({"A", "C"})
    every = PhraseKind("a chant", opens=frozenset({"A", "B"}))          # enough=None: all of them
    assert every.fits(None, frozenset({"A"})) == frozenset() and every.fits(None, frozenset({"A", "B"}))
