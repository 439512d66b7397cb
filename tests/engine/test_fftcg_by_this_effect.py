"""FFTCG "… for each Forward you put into the Break Zone by this effect" (11.11.5, 11.12.4.3) and "the first / the
second / the other" of cards chosen together (11.3.3, 11.11.2): what the engine counts and which card it names.

The cards are the project's own (inline), each a Summon whose text is one phrasing of the construct."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario


def fwd(name: str, power: int = 9000) -> dict:
    return {"name": name, "type": "forward", "element": ["fire"], "cost": 3, "power": power, "job": "Knight",
            "category": "SAMPLE", "text": ""}


FILLER = {"name": "Sample Filler", "type": "backup", "element": ["ice"], "cost": 2, "text": ""}


def run(text: str, actions: list[dict], *, b_hand: int = 3):
    spell = {"name": "Sample Decree", "type": "summon", "element": ["ice"], "cost": 2, "text": text}
    data = {"game": "fftcg", "title": "inline",
            "cards": {"spell": spell, "filler": FILLER, **{f"m{i}": fwd(f"Sample Squire {i}") for i in (1, 2, 3)},
                      **{f"t{i}": fwd(f"Sample Guard {i}") for i in (1, 2, 3)}},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["spell", "filler", "filler"],
                              "field": [{"id": f"a{i}", "card": f"m{i}"} for i in (1, 2, 3)],
                              "deck": ["filler"] * 6},
                        "B": {"hand": [{"id": f"h{i}", "card": "filler"} for i in range(b_hand)], "deck": ["filler"] * 6,
                              "field": [{"id": f"b{i}", "card": f"t{i}"} for i in (1, 2, 3)]}},
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["filler"]}, **actions[0]},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}, *actions[1:]],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


PUT = "Put any number of Forwards you control into the Break Zone. "


def test_fftcg_11_12_4_3_draw_for_each_card_put_by_this_effect() -> None:
    result = run(PUT + "Draw 1 card for each Forward you put into the Break Zone by this effect.",
                 [{}, {"player": "A", "choose": ["a1", "a2"]}])
    assert not result.refusals and result.request is None
    z = result.state.zones["A"]
    assert {"a1", "a2"} <= set(z.break_zone) and len(z.hand) == 3          # the filler not discarded, 2 drawn


def test_fftcg_11_12_4_3_opponent_discards_for_each_card_put_by_this_effect() -> None:
    result = run(PUT + "Your opponent discards 1 card for each Forward you put into the Break Zone by this effect.",
                 [{}, {"player": "A", "choose": ["a3"]}, {"player": "B", "choose": ["h0"]}])
    assert not result.refusals
    assert len(result.state.zones["B"].hand) == 2 and "a3" in result.state.zones["A"].break_zone


def test_fftcg_11_12_4_3_opponent_selects_one_for_each_card_put_by_this_effect() -> None:
    result = run(PUT + "Your opponent selects 1 Forward they control for each Forward you put into the Break Zone "
                       "by this effect. Put them into the Break Zone.",
                 [{}, {"player": "A", "choose": ["a1", "a2"]}, {"player": "B", "choose": ["b1", "b3"]}])
    assert not result.refusals and result.request is None
    assert {c.uid for c in result.state.field} == {"a3", "b2"}


def test_fftcg_any_number_of_none_puts_nothing_and_counts_nothing() -> None:
    result = run(PUT + "Your opponent discards 1 card for each Forward you put into the Break Zone by this effect.",
                 [{}, {"player": "A", "choose": []}])
    assert not result.refusals and len(result.state.zones["B"].hand) == 3
    assert {c.uid for c in result.state.field} >= {"a1", "a2", "a3"}


@pytest.mark.parametrize(("text", "targets", "damaged", "dulled"), [
    ("Choose 2 Forwards. Deal 8000 damage to the first Forward and dull the other.", ["b2", "b1"], "b2", "b1"),
    ("Choose 2 Forwards opponent controls. Dull the former and deal the latter 5000 damage.", ["b3", "b1"], "b1",
     "b3"),
    ("Choose 3 Forwards. Deal 3000 damage to the second Forward.", ["b1", "b3", "b2"], "b3", None),
])
def test_fftcg_11_3_3_position_words_name_the_cards_in_the_order_chosen(text: str, targets: list[str], damaged: str,
                                                                        dulled: str | None) -> None:
    result = run(text, [{"targets": targets}])
    assert not result.refusals and result.request is None
    hurt = {c.uid for c in result.state.field if c.damage}
    assert hurt == {damaged}
    assert {c.uid for c in result.state.field if c.dull} == ({dulled} if dulled else set())


def test_fftcg_11_3_3_a_position_word_with_nothing_chosen_together_is_said_not_modelled() -> None:
    result = run("Choose 1 Forward. Deal 3000 damage to the second Forward.", [{"targets": ["b1"]}])
    assert not any(c.damage for c in result.state.field)
    assert any(t.step.not_modelled for t in result.steps)


DULL = "You may dull any number of active Backups you control. When you do so, "


@pytest.mark.parametrize("text,what", [
    (DULL + "choose 1 Forward. Deal it 3000 damage for each Backup you dulled due to this ability.", "damage"),
    (DULL + "draw 1 card for each Backup you dulled due to this ability.", "draw"),
    (DULL + "your opponent discards 1 card for each Backup you dulled due to this ability.", "discard"),
])
def test_fftcg_11_12_4_3_for_each_backup_you_dulled_due_to_this_ability(text: str, what: str) -> None:
    result = run_backups(text, dull=["k1", "k2"], b_picks=what == "discard")
    assert not result.refusals, result.refusals
    s = result.state
    if what == "damage":
        assert s.char("b1") is not None and s.char("b1").damage == 6000
    elif what == "draw":
        assert len(s.zones["A"].hand) == 2 + 2             # two fillers left, two drawn
    else:
        assert len(s.zones["B"].hand) == 1                 # three cards, two discarded (chosen by B or forced)


def run_backups(text: str, *, dull: list[str], b_picks: bool):
    spell = {"name": "Sample Decree", "type": "summon", "element": ["ice"], "cost": 2, "text": text}
    data = {"game": "fftcg", "title": "inline",
            "cards": {"spell": spell, "filler": FILLER, "t1": fwd("Sample Guard 1", 9000),
                      **{f"bk{i}": {**FILLER, "name": f"Sample Steward {i}"} for i in (1, 2, 3)}},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["spell", "filler", "filler", "filler"], "deck": ["filler"] * 6,
                              "field": [{"id": f"k{i}", "card": f"bk{i}", "state": "active"} for i in (1, 2, 3)]},
                        "B": {"hand": [{"id": f"h{i}", "card": "filler"} for i in range(3)], "deck": ["filler"] * 6,
                              "field": [{"id": "b1", "card": "t1"}]}},
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["filler"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True},
                        {"player": "A", "choose": "yes"}, {"player": "A", "choose": dull},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True},
                        *([{"player": "B", "choose": ["h0", "h1"]}] if b_picks else [])],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))
