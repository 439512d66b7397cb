"""FFTCG selections made as an effect resolves (11.11.5, 11.11.5.1): "Select 1 …" / "Your opponent selects …"
is made when the effect reaches it, by the player it names, and the sentences after it act on the cards
selected — "it", "this card", "all the other Forwards" (those it did not take). Each construct in three
phrasings; the cards are the project's own (inline), each a Summon whose text is one phrasing."""

from __future__ import annotations

import pytest

from judge.engine.scenario import load_scenario, run_scenario


def fwd(name: str, power: int) -> dict:
    return {"name": name, "type": "forward", "element": ["fire"], "cost": 3, "power": power, "job": "Knight",
            "category": "SAMPLE", "text": ""}


FILLER = {"name": "Sample Filler", "type": "backup", "element": ["ice"], "cost": 2, "text": ""}


def cast(text: str, players: dict, answers: list[dict], cards: dict | None = None):
    """A casts the Summon `text` (paying with a discarded filler), both pass, then `answers` are given."""
    spell = {"name": "Sample Decree", "type": "summon", "element": ["ice"], "cost": 2, "text": text}
    data = {"game": "fftcg", "title": "inline", "cards": {"spell": spell, "filler": FILLER, **(cards or {})},
            "turn": {"number": 3, "player": "A", "phase": "main1"}, "players": players,
            "actions": [{"player": "A", "cast": "spell", "pay": {"discard": ["filler"]}},
                        {"player": "A", "pass": True}, {"player": "B", "pass": True}, *answers],
            "expect": []}
    return run_scenario(load_scenario("inline.yaml", data))


def run(text: str, answers: list[dict]):
    return cast(text, {"A": {"hand": ["spell", "filler", "filler"], "field": [{"id": "a1", "card": "mine"}],
                             "deck": ["filler"] * 6},
                       "B": {"hand": [{"id": f"h{i}", "card": "filler"} for i in range(3)], "deck": ["filler"] * 6,
                             "field": [{"id": f"b{i}", "card": f"t{i}"} for i in (1, 2, 3)]}},
                answers, {"mine": fwd("Sample Squire", 9000), **{f"t{i}": fwd(f"Sample Guard {i}", 3000) for i in (1, 2, 3)}})


@pytest.mark.parametrize("text,gone", [
    ("Your opponent selects 1 Forward they control. Deal 4000 damage to all the other Forwards opponent controls.",
     True),
    ("Your opponent selects 1 Forward they control. Put all the other Forwards opponent controls into the Break Zone.",
     True),
    ("Your opponent selects 1 Forward they control. Dull all the other Forwards opponent controls.", False),
])
def test_fftcg_11_11_5_1_all_the_other_forwards_are_those_not_selected(text: str, gone: bool) -> None:
    result = run(text, [{"player": "B", "choose": ["b2"]}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    s = result.state
    assert s.char("b2") is not None and not s.char("b2").dull
    for u in ("b1", "b3"):
        assert (s.char(u) is None) if gone else s.char(u).dull
    assert s.char("a1") is not None and not s.char("a1").dull         # the caster's own Forward is not theirs


@pytest.mark.parametrize("text", [
    "Your opponent reveals their hand. Select 1 card from their hand. Your opponent discards this card.",
    "Select 1 card in your opponent's hand. Your opponent discards it.",
    "You may select 1 card in your opponent's hand. If you do so, your opponent discards it.",
])
def test_fftcg_11_11_5_the_card_you_select_is_the_one_discarded(text: str) -> None:
    answers = [{"player": "A", "choose": "yes"}] if text.startswith("You may") else []
    result = run(text, [*answers, {"player": "A", "choose": ["h1"]}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    z = result.state.zones["B"]
    assert "h1" in z.break_zone and {"h0", "h2"} <= set(z.hand)


@pytest.mark.parametrize("text", [
    "Your opponent reveals 2 cards from their hand. Select 1 card among them. Your opponent discards this card.",
    "Your opponent reveals 2 cards from their hand. Select 1 card among them. Your opponent discards it.",
    "Your opponent reveals 2 Backups from their hand. Select 1 card among them. Your opponent discards this card.",
])
def test_fftcg_7_11_the_revealer_chooses_what_to_reveal_you_select_among_them(text: str) -> None:
    result = run(text, [{"player": "B", "choose": ["h0", "h2"]}, {"player": "A", "choose": ["h2"]}])
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    z = result.state.zones["B"]
    assert "h2" in z.break_zone and {"h0", "h1"} <= set(z.hand)


@pytest.mark.parametrize("text", [
    "Each player selects 1 Forward they control. Then, put all the Forwards other than the selected Forwards into "
    "the Break Zone.",
    "Each player selects 1 Forward they control. Put all the Forwards other than the selected Forwards into the "
    "Break Zone.",
    "Each player selects 1 Forward they control. Then, dull all the Forwards other than the selected Forwards.",
])
def test_fftcg_6_1_4_each_player_selects_the_turn_player_first(text: str) -> None:
    result = run(text, [{"player": "B", "choose": ["b3"]}])          # A's one Forward is the only choice
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    s = result.state
    assert s.char("a1") is not None and not s.char("a1").dull
    assert s.char("b3") is not None and not s.char("b3").dull
    for u in ("b1", "b2"):
        assert s.char(u) is None or s.char(u).dull
    assert "6.1.4" in result.cites


WARPER = {"name": "Sample Warper", "type": "forward", "element": ["fire"], "cost": 3, "power": 5000, "job": "Knight",
          "category": "SAMPLE", "text": "Warp 2 -- 《火》"}


@pytest.mark.parametrize("text", [
    "Choose 1 card with Warp in your Break Zone. Add it to your hand.",
    "Select 1 card with Warp in your Break Zone. Add it to your hand.",
    "Choose 1 Forward with Warp in your Break Zone. Add it to your hand.",
])
def test_fftcg_15_2_7_a_card_with_warp_is_read_from_its_printed_text(text: str) -> None:
    result = cast(text, {"A": {"hand": ["spell", "filler"], "deck": ["filler"] * 4,
                               "break": [{"id": "w1", "card": "warper"}, {"id": "p1", "card": "plain"}]},
                         "B": {"deck": ["filler"] * 4}},
                  [], {"warper": WARPER, "plain": fwd("Sample Plain", 5000)})
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    z = result.state.zones["A"]
    assert "w1" in z.hand and "p1" in z.break_zone


@pytest.mark.parametrize("text", [
    "Each player selects 1 Backup from their Break Zone and adds it to their hand.",
    "Each player selects 1 Backup in their Break Zone and adds it to their hand.",
    "Each player selects 1 card from their Break Zone and adds it to their hand.",
])
def test_fftcg_6_1_4_each_player_takes_a_card_of_their_own_break_zone(text: str) -> None:
    result = cast(text, {"A": {"hand": ["spell", "filler"], "break": [{"id": "ab1", "card": "filler"}],
                               "deck": ["filler"] * 4},
                         "B": {"break": [{"id": "bb1", "card": "filler"}], "deck": ["filler"] * 4}},
                  [{"player": "A", "choose": ["ab1"]}])        # B's one card is the only choice
    assert not result.refusals and result.request is None, (result.refusals, result.request)
    assert "ab1" in result.state.zones["A"].hand and "bb1" in result.state.zones["B"].hand
