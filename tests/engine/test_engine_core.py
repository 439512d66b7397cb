"""The game-agnostic core: rulings are values with citations; engines are found by game id."""

from __future__ import annotations

import pytest

from judge.engine.core import Applies, ChoiceNeeded, Refusal, Rules, Ruling, Step, rules_for
from judge.errors import UnknownGame


def test_step_keeps_clause_numbers_as_a_tuple() -> None:
    s = Step("b1 is destroyed", ["10-1-1"], ["b1: field -> trash"])
    assert s.cites == ("10-1-1",) and s.changes == ("b1: field -> trash",)


def test_step_needs_text() -> None:
    with pytest.raises(ValueError):
        Step("", ())


def test_ruling_is_refused_or_waiting_not_both() -> None:
    with pytest.raises(ValueError):
        Ruling(state=None, refused=Refusal("no", ("1",)), request=ChoiceNeeded("which", ("2",)))


def test_ruling_cites_collects_steps_and_refusal_in_order() -> None:
    r = Ruling(state=None, steps=(Step("a", ("7-1",)), Step("b", ("7-1", "8-1"))), refused=Refusal("x", ("9-1",)))
    assert r.cites == ("7-1", "8-1", "9-1")
    assert not r.ok


def test_applies_json_shape() -> None:
    assert Applies("t", ("11-5-1",), ("b1",)).to_json() == {"text": "t", "cites": ["11-5-1"], "cards": ["b1"]}


@pytest.mark.parametrize("game", ["bss", "bs"])
def test_battle_spirits_rules_satisfy_the_protocol(game: str) -> None:
    rules = rules_for(game)
    assert isinstance(rules, Rules)
    assert rules.game == game


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as exc:
        rules_for("mtg")
    assert "bss" in exc.value.hints
