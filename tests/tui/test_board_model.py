"""The Board screen's plain-Python parts: profiles per game, edits of the scenario data, YAML
problems located at their line and column, and the session on every scenario's board."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.tui import board_model as bm
from judge.tui.board_profiles import PROFILES, profile
from judge.tui.board_yaml import locate, read_mapping


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_a_new_board_is_of_the_game_asked_and_the_engine_accepts_it(game: str) -> None:
    session = bm.BoardSession()
    session.new(game)
    assert session.game == game and session.rules.game == game
    snap = bm.snapshot(session, None)
    assert snap.rows[0].id == "turn" and [r.id for r in snap.rows if r.id.startswith("player|")] == [
        "player|A", "player|B"]
    assert snap.legal, "a fresh board in a main step / phase offers actions"
    assert not session.unsaved()


def test_every_zone_of_every_game_takes_a_card_and_gives_it_back() -> None:
    for game, prof in PROFILES.items():
        session = bm.BoardSession()
        session.new(game)
        adhoc = {"bss": {"name": "Zone Probe", "type": "spirit", "colors": ["red"], "cost": 1,
                         "levels": {1: {"cores": 1, "bp": 1000}}, "text": ""},
                 "fftcg": {"name": "Zone Probe", "type": "forward", "element": ["fire"], "cost": 1,
                           "power": 1000, "text": ""}}["fftcg" if game == "fftcg" else "bss"]
        for zone in prof.card_zones():
            session.edit(lambda d, z=zone.key, p=prof, c=adhoc: bm.add_to_zone(d, p, "B", z, c, {"cores": 1}))
            assert bm.zone_items(session.data, prof, "B", zone.key) or zone.key == "field", (game, zone.key)
            if zone.key != "field":
                session.edit(lambda d, z=zone.key, p=prof: bm.remove_from_zone(d, p, "B", z, 0))
                assert not bm.zone_items(session.data, prof, "B", zone.key), (game, zone.key)


def test_the_deck_keeps_its_unknown_cards_below_the_known_top() -> None:
    for game in ("bss", "fftcg"):
        prof = profile(game)
        data = prof.blank()
        bm.add_to_zone(data, prof, "A", "deck", "zz", {})
        assert prof.deck_top(data["players"]["A"]["deck"]) == (["zz"], data["players"]["A"]["deck"]["count"]
                                                               if game == "bss" else 20)
        bm.set_number(data, prof, "A", "deck", 7)
        assert prof.deck_top(data["players"]["A"]["deck"]) == (["zz"], 7)


def test_fftcg_turn_priority_is_the_opponents_only_when_set() -> None:
    prof = profile("fftcg")
    session = bm.BoardSession()
    session.new("fftcg")
    session.edit(lambda d: bm.set_turn(d, prof, 4, "A", "main1", "B"))
    assert session.data["turn"] == {"number": 4, "player": "A", "phase": "main1", "priority": "B"}
    assert all(a.player == "B" for a in session.legal() if a.player)
    session.edit(lambda d: bm.set_turn(d, prof, 4, "A", "main1", "A"))
    assert "priority" not in session.data["turn"]


def test_a_step_a_game_does_not_have_is_refused() -> None:
    from judge.errors import ScenarioError

    with pytest.raises(ScenarioError, match="second_main"):
        bm.set_turn(profile("bss").blank(), profile("bss"), 3, "A", "second_main")


def test_armor_keeps_its_colours_on_the_card_line() -> None:
    line = profile("bss").card_line({"id": "b1", "name": "Plated", "level": 1, "bp": 4000, "cores": 1,
                                      "state": "refreshed", "keywords": ["Armor"],
                                      "keyword_labels": ["Armor: red/purple"]})
    assert "【Armor: Red/Purple】" in line


def test_an_engine_error_is_located_at_the_line_and_column_of_its_field() -> None:
    text = "game: bss\nplayers:\n  B:\n    hand: [JDG01-001, NOPE-999]\n"
    problem = locate(text, "board: players.B.hand[1]: no bss card numbered 'NOPE-999'")
    assert (problem.line, problem.column) == (4, 23)
    assert str(problem).startswith("line 4, column 23: board: players.B.hand[1]")
    inside = locate("{number: 3, player: C}", "board: turn.player: must be A or B", root="turn")
    assert (inside.line, inside.column) == (1, 21)
    nowhere = locate("a: 1\n", "something went wrong")
    assert nowhere.line == 0 and str(nowhere) == "something went wrong"


def test_a_yaml_syntax_error_carries_its_own_position() -> None:
    value, problem = read_mapping("players:\n  A: [1, 2\n  B: 3\n", "the board")
    assert value is None and problem is not None and problem.line == 3 and "not valid YAML" in problem.message
    value, problem = read_mapping("- a\n- b\n", "the action")
    assert value is None and problem is not None and "mapping" in problem.message


def test_a_file_that_does_not_load_leaves_the_board_as_it_was(tmp_path: Path) -> None:
    from judge.errors import JudgeError

    session = bm.BoardSession()
    session.load(Path(__file__).parent / "fixtures" / "tui_battle.yaml")
    before = (session.game, list(session.played), dict(session.data))
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: fftcg\nturn: {number: 3, player: A, phase: nowhere}\nplayers: {A: {}, B: {}}\n")
    with pytest.raises(JudgeError):
        session.load(bad)
    assert (session.game, list(session.played), dict(session.data)) == before


def test_an_fftcg_board_saved_and_opened_again_gives_the_same_trace(tmp_path: Path) -> None:
    session = bm.BoardSession()
    session.new("fftcg")
    prof = session.profile
    forward = {"name": "Save Probe", "type": "forward", "element": ["fire"], "cost": 2, "power": 7000,
               "text": "Haste"}
    session.edit(lambda d: bm.add_to_zone(d, prof, "A", "field", forward, {}))
    session.edit(lambda d: bm.add_to_zone(d, prof, "B", "field", dict(forward, name="Save Target"), {}))
    session.edit(lambda d: bm.set_turn(d, prof, 3, "A", "attack"))
    for raw in ({"player": "A", "attack": "a1"}, {"player": "A", "pass": True}, {"player": "B", "pass": True}):
        assert session.play(raw).status != "refused", raw
    assert session.pending() is not None and session.pending().player == "B"
    answer = next(a for a in session.legal() if a.raw.get("choose") == "none")
    session.play(dict(answer.raw), answer.label)
    target = tmp_path / "fftcg_board.yaml"
    session.save(target)
    again = bm.BoardSession()
    again.load(target)
    assert [s.text for _i, s in again.trace()] == [s.text for _i, s in session.trace()]
    assert again.scenario_data()["actions"][-1] == dict(answer.raw)
    for board in (session, again):          # the scenario runner lets the windows pass after the last action
        board.settle()
        assert board.rules.player_view(board.state, "B")["damage"] == 1
