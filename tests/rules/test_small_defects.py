"""Small defects a judge met at the table (issue 23.6), each as the judge saw it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.errors import ScenarioError, UnknownTerm, nearest


def _scenario(tmp_path: Path, body: dict) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(body), encoding="utf-8")
    return path


def test_an_unknown_game_names_the_games_once(tmp_path: Path) -> None:
    from judge.engine.scenario import load_scenario

    with pytest.raises(ScenarioError) as err:
        load_scenario(_scenario(tmp_path, {"game": "mtg", "players": {"A": {}, "B": {}}}))
    assert str(err.value).count("fftcg") == 1


@pytest.mark.parametrize("game", ["bss", "fftcg"])
def test_a_misspelt_action_suggests_the_verb_meant(tmp_path: Path, game: str) -> None:
    from judge.engine.scenario import load_scenario

    body = {"game": game, "players": {"A": {}, "B": {}}, "actions": [{"player": "A", "atack": "x"}]}
    with pytest.raises(ScenarioError) as err:
        load_scenario(_scenario(tmp_path, body))
    assert "did you mean 'attack'" in str(err.value)


def test_nearest_spellings_only_when_near() -> None:
    assert nearest("atack", ("summon", "attack", "block"))[0] == "attack"
    assert nearest("煌臨", ("Slash", "Areas")) == []


def test_a_japanese_word_that_is_no_term_gets_no_english_suggestion(kb) -> None:
    with pytest.raises(UnknownTerm) as err:
        kb.term("煌臨", game="bs")
    assert not any("Slash" in h for h in err.value.hints)


def test_a_term_of_another_game_is_said(kb) -> None:
    with pytest.raises(UnknownTerm) as err:
        kb.term("Confront", game="fftcg")
    assert "bss defines it" in err.value.message
