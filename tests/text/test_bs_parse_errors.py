"""A text the grammar cannot read gets a report in words (issue 11.6): where the parse stopped and
what kind of phrase the templating language expected there, never a regex fragment; an empty text
is a clear error with a non-zero exit."""

from __future__ import annotations

import re

import pytest
from text_helpers import bs_lexicon

from judge.text.parse import parse_text

_REGEX_BITS = re.compile(r"\(\?|\\[sbdw]|\[\^|\{\d|\|")


def _report(text: str) -> str:
    result = parse_text(text, "bss", lexicon=bs_lexicon())
    assert result.unparsed, f"{text!r} parsed"
    return "; ".join(result.unparsed[0].expected)


@pytest.mark.parametrize(("text", "kind"), [
    # a selector is missing after the verb (BSS 8-5-3)
    ("[Main] Exhaust.", "a selector"),
    ("[LV1] When Summoned: Return to your hand.", "a selector"),
    ("[Flash] Refresh and draw one card.", "a selector"),
    # a noun is missing after whose it is
    ("[Main] Destroy one of your opponent's with 3000 or fewer BP.", "a noun"),
    ("[Main] Refresh all of your exhausted.", "a noun"),
    ("[Main] Return up to two of your opponent's to their hand.", "a noun"),
    # a number is missing
    ("[Main] Your opponent draws additional cards.", "a number"),   # ("draws cards equal to the number of …" reads)
    ("[Flash] Draw additional cards.", "a number"),
    ("[LV2] When This Spirit Attacks: Draw.", "a number"),
    # a condition after "if" (BS 5-19-2)
    ("[Main] If, exhaust one of your opponent's spirits.", "a condition"),
    ("[LV1] When Summoned: Draw one card if.", "a condition"),
    ("[Flash] Refresh this spirit if.", "a condition"),
    # an event after "when" (BSS 8-1-5-1)
    ("[LV1] Draw one card when.", "an event"),
    ("[Main] When, destroy one of your opponent's spirits.", "an event"),
    ("[LV2] Refresh this spirit when.", "an event"),
    # an effect after "and"
    ("[Main] Draw one card and.", "an effect"),
    ("[Flash] Exhaust one of your opponent's spirits and.", "an effect"),
    ("[LV1] When Summoned: Discard one card and.", "an effect"),
])
def test_a_failure_names_the_phrase_expected(text: str, kind: str) -> None:
    report = _report(text)
    assert report.startswith("stopped at "), report
    assert f"expected {kind}" in report, report
    assert not _REGEX_BITS.search(report), report


def test_the_report_shows_the_word_where_the_parse_stopped() -> None:
    report = _report("[Main] Destroy one of your opponent's with 3000 or fewer BP.")
    assert report.startswith("stopped at 'with'")


def test_an_empty_text_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    from judge.cli.group import run

    for empty in ("", "   "):
        with pytest.raises(SystemExit) as stop:
            run(["parse", empty, "--game", "bss"])
        assert stop.value.code != 0
        err = capsys.readouterr().err
        assert "nothing to parse" in err and "Traceback" not in err
