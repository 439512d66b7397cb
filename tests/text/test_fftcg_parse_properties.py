"""Properties of FFTCG parsing: no text crashes it, every position stays inside the text, and the
grammar's view of a text never changes its length (so positions are those of the printed text)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.text.ast import Span, walk
from judge.text.fftcg.source import mask, split_abilities
from judge.text.parse import parse_text

PIECES = ["When", "Orla", "enters the field", ",", ".", "choose", "1", "up to 2", "Forward", "Forwards",
          "opponent controls", "Deal it", "7000", "damage", "Break it", "[[br]]", "[[i]]Job Ranger[[/]]",
          "[[i]]", "[[/]]", "[[s]]Big Hit[[/]]", "《S》", "《火》", "《ダル》", "《C》", "《１》", ":", "\"", "Haste",
          "[[ex]]EX BURST[[/]]", "[[i]]Damage 3 --[[/]]", "If you control", "Then,", "instead", "\n",
          "Select 1 of the 2 following actions", "“", "”", "<p>", "until the end of the turn", "gains", "+1000 power"]


def _check(text: str) -> None:
    result = parse_text(text, "fftcg")
    for u in result.unparsed:
        assert 0 <= u.start <= u.end <= len(text) and text[u.start:u.end] == u.text
    for span in (n for n in walk(result.abilities) if isinstance(n, Span)):
        assert 0 <= span.start <= span.end <= len(text)
    for ability in result.abilities:
        assert text[ability.span.start:ability.span.end].strip()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_fftcg_no_text_crashes_the_parser(text: str) -> None:
    _check(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=30).map(" ".join))
def test_fftcg_card_like_salad_keeps_positions_inside_the_text(text: str) -> None:
    _check(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120), st.one_of(st.none(), st.text(min_size=1, max_size=12)))
def test_fftcg_the_grammars_view_keeps_every_offset(text: str, name: str | None) -> None:
    assert len(mask(text, name)) == len(text)
    for seg in split_abilities(text, name):
        assert text[seg.start:seg.end] == seg.text and len(seg.masked) == len(seg.text)
