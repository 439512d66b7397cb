"""Icons as judges type them (one normalisation, judge/text/icons.py) and parse failures said in words.

Every sentence is invented for these tests.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from text_helpers import fftcg_one as one

from judge.cli import _register, cli
from judge.errors import BadInput
from judge.text.icons import normalise, unknown_icons
from judge.text.parse import parse_text

ACTION = "{icons}: Choose 1 Forward opponent controls. Dull it."


@pytest.mark.parametrize("icons", [
    "《火》《1》《ダル》", "《Fire》《1》《Dull》", "[Fire](1)[Dull]", "(fire) [1] 《dull》", "《FIRE》《１》《ダル》",
])
def test_fftcg_11_2_the_same_cost_however_its_icons_are_typed(icons: str) -> None:
    cost = one(ACTION.format(icons=icons)).cost
    assert cost.cp == ("fire", "1") and cost.dull_self


@pytest.mark.parametrize(("typed", "code"), [
    ("《Ice》", "ice"), ("[Wind]", "wind"), ("《土》", "earth"), ("(Lightning)", "lightning"), ("《水》", "water"),
    ("[Light]", "light"), ("《Dark》", "dark"), ("(2)", "2"),
])
def test_fftcg_11_2_each_element_and_number_in_any_bracket(typed: str, code: str) -> None:
    assert one(f"{typed}: Draw 1 card.").cost.cp == (code,)


@pytest.mark.parametrize("typed", ["《S》", "[S]", "《Special》"])
def test_fftcg_11_7_the_special_icon_typed_three_ways(typed: str) -> None:
    ab = one(f"[[s]]Gale Cut[[/]] {typed}《風》: Choose 1 Forward. Break it.")
    assert ab.cost.special and ab.cost.cp == ("wind",)


def test_fftcg_normalising_keeps_every_position() -> None:
    for text in ("《Fire》《1》: x", "[Dull]: y", "pay (3).", "《Crystal》"):
        assert len(normalise(text, "fftcg")) == len(text)


def test_fftcg_a_name_in_parentheses_is_not_an_icon() -> None:
    assert normalise("Mog (X) gains +1000 power.", "fftcg") == "Mog (X) gains +1000 power."
    assert normalise("[Card Name (Fire)]", "fftcg") == "[Card Name (Fire)]"


@pytest.mark.parametrize("text", ["《D》: Choose 1 Forward. Break it.", "《Q》《1》: Draw 1 card.",
                                  "When Zed enters the field, you may pay 《Zap》. When you do so, draw 1 card."])
def test_fftcg_an_unknown_icon_is_reported_at_its_position_never_read_as_a_cost(text: str) -> None:
    result = parse_text(text, "fftcg")
    assert not result.abilities                   # the ability is not guessed at
    (u,) = result.unparsed
    assert text[u.start:u.end].startswith("《") and text[u.start:u.end].endswith("》")
    assert "icon" in u.expected[0]
    assert unknown_icons(text, "fftcg")


def test_fftcg_judge_parse_exits_non_zero_on_an_unknown_icon() -> None:
    _register()
    out = CliRunner().invoke(cli, ["parse", "《D》: Choose 1 Forward. Break it.", "--game", "fftcg"])
    assert out.exit_code != 0 and "《D》" in out.output


def test_fftcg_judge_parse_refuses_empty_text_with_a_clear_message() -> None:
    _register()
    out = CliRunner().invoke(cli, ["parse", "  ", "--game", "fftcg"])
    assert out.exit_code != 0 and isinstance(out.exception, BadInput)   # the CLI prints it as one line
    assert "nothing to parse" in str(out.exception)


_REGEX_BITS = re.compile(r"\\[sbdw]|\(\?|\[\^|\{\d|x01")


@pytest.mark.parametrize(("text", "where", "kind"), [
    ("When Zed enters the field, choose 1 potato. Break it.", "potato", "a card or cards"),
    ("Choose 1 Forward. Deal it lots of damage.", "lots", "a number"),
    ("《火》《ダル》 draw 1 card.", "draw", "a comma"),
    ("When Zed enters the field, gobble 1 Forward.", "gobble", "an effect"),
    ("Choose 1 Forward opponent controls. It loses the power.", "the", "a number"),
])
def test_fftcg_a_parse_failure_says_where_it_stopped_and_what_kind_of_phrase(text: str, where: str, kind: str) -> None:
    (u,) = parse_text(text, "fftcg").unparsed
    said = " ".join(u.expected)
    assert f"stopped at {where!r}" in said and kind in said
    assert not _REGEX_BITS.search(said), said
