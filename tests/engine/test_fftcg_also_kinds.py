"""FFTCG "X is also …" (the Keyword "Also" with params (what, kind)): a card that is also a name, a Job or a card
type has it as well as its printed one (5.2.4, 11.12.4.6): each kind is read as itself, never one for another."""

from __future__ import annotations

import pytest

from judge.engine.fftcg.cardtypes import also_values, types_of
from judge.engine.fftcg.query import matches, names
from judge.engine.fftcg.state import Mod
from judge.engine.scenario import load_scenario
from judge.text.ast import Selector

ROGUE = {"name": "Sample Rogue", "type": "forward", "element": ["wind"], "cost": 2, "power": 5000, "job": "Thief",
         "category": "SAMPLE", "text": ""}


def board_with(params: tuple[str, ...]):
    data = {"game": "fftcg", "title": "inline", "cards": {"rogue": ROGUE},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"field": [{"id": "a1", "card": "rogue"}]}}, "actions": [], "expect": []}
    s = load_scenario("inline.yaml", data).state
    c = s.char("a1")
    return s.with_char("a1", mods=(*c.mods, Mod(kind="type", value=("Also", params), until="permanent")))


@pytest.mark.parametrize(("params", "kind", "want"), [
    (("knight", "job"), "job", ("knight",)),
    (("knight", "job"), "card_name", ()),
    (("Sample Hero", "card_name"), "card_name", ("Sample Hero",)),
    (("monster", "card_type"), "card_type", ("monster",)),
    (("knight,warrior", "job"), "job", ("knight", "warrior")),
    (("monster",), "card_type", ("monster",)),             # a change recorded with its value alone
])
def test_fftcg_5_2_4_also_reads_each_kind_as_itself(params, kind, want) -> None:
    assert also_values(params, kind) == want


def test_fftcg_5_2_4_also_a_job_is_a_job_not_a_name() -> None:
    s = board_with(("Knight", "job"))
    assert matches(s, "a1", Selector(count=None, families=("Knight",), card_types=("forward",)), "A", None)
    assert matches(s, "a1", Selector(count=None, families=("Thief",)), "A", None)
    assert "Knight" not in names(s, "a1")


def test_fftcg_5_2_4_also_a_name_and_also_a_card_type() -> None:
    s = board_with(("Sample Hero", "card_name"))
    assert names(s, "a1") == {"Sample Rogue", "Sample Hero"}
    assert not matches(s, "a1", Selector(count=None, families=("Sample Hero",)), "A", None)
    s = board_with(("monster", "card_type"))
    assert types_of(s, "a1") == {"forward", "monster"}
