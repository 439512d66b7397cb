"""Constructs of the Battle Spirits templating language, each read in at least three invented
phrasings (issue 11.1): counts ("both"), additional draws, a barred act aimed at some cards, life
protected from weak attacks, a stat compared with its value at the start of the turn, keywords
granted to a group, who makes a selection, a card in either battle state, a cost paid while
summoning or placing, colours added "as well", a trigger waiting through a duration, pronouns
that name their kind, and the source slips repaired by the one normalisation step."""

from __future__ import annotations

import pytest
from text_helpers import bs_effect, bs_one

from judge.text.ast import (
    Conditional,
    Draw,
    Duration,
    Gain,
    Modal,
    ModifyStat,
    Move,
    Player,
    Restriction,
    SetStat,
    SetState,
    walk,
)


def _all(ability, kind):
    return [n for n in walk(ability) if isinstance(n, kind)]


# ── "both": every selection made so far (BSS 8-5-3) ──
@pytest.mark.parametrize("text", [
    "[Main] Select one of your spirits and one of your opponent's spirits. Exhaust both spirits.",
    "[Flash] Select one of your opponent's spirits with 6000 or fewer BP. Then, select one of your exhausted spirits. Exhaust both of them.",
    "[LV2] When Summoned: Select one of your nexuses and one of your opponent's nexuses. Exhaust both nexuses.",
])
def test_bss_8_5_3_both_acts_on_each_selection(text: str) -> None:
    exhausted = _all(bs_one(text), SetState)
    assert len(exhausted) == 2
    assert {e.target.owner for e in exhausted} == {Player.YOU, Player.OPPONENT}


# ── additional draws (BSS 4-5-1) ──
@pytest.mark.parametrize(("text", "count", "player"), [
    ("[LV1] During Your Draw Step: Draw one additional card.", 1, Player.YOU),
    ("[LV2] During Your Draw Step: Draw two additional cards.", 2, Player.YOU),
    ("[Main] Your opponent draws one additional card.", 1, Player.OPPONENT),
])
def test_bss_4_5_1_additional_draw(text: str, count: int, player: Player) -> None:
    draw = _all(bs_one(text), Draw)[0]
    assert (draw.count, draw.player, draw.additional) == (count, player, True)


# ── a barred act aimed at some cards (BSS 1-3-3) ──
@pytest.mark.parametrize(("text", "action", "check"), [
    ("[LV1] This spirit cannot block spirits with 5000 or more BP.", "block",
     lambda o: o.thresholds[0].stat == "bp" and o.thresholds[0].op == ">="),
    ("[LV2] Your opponent's spirits cannot block red spirits during this turn.", "block",
     lambda o: o.colors == ("red",)),
    ("[LV1] This spirit cannot attack spirits with cost 3 or fewer.", "attack",
     lambda o: o.thresholds[0].stat == "cost" and o.thresholds[0].op == "<="),
])
def test_bss_1_3_3_cannot_act_on_an_object(text: str, action: str, check) -> None:
    r = _all(bs_one(text), Restriction)[0]
    assert r.mode == "cannot" and r.action == action and r.object is not None and check(r.object)


# ── life protected from attacks of weak spirits (BSS 3-7, 7-1-5-3) ──
@pytest.mark.parametrize(("text", "whose"), [
    ("[LV1] Neither player's life can be reduced by an attack from a spirit with 3000 or fewer BP.", Player.EACH),
    ("[LV2] Your life cannot be reduced by an attack from a spirit with 4000 or fewer BP during this turn.",
     Player.YOU),
    ("[LV1] Your opponent's life cannot be reduced by an attack from a spirit with 2000 or fewer BP.",
     Player.OPPONENT),
])
def test_bss_7_1_5_3_life_not_reduced_by_weak_attacks(text: str, whose: Player) -> None:
    r = _all(bs_one(text), Restriction)[0]
    assert r.action == "reduce_life" and r.player is whose
    assert r.by.unit == "attack" and r.by.about.thresholds[0].stat == "bp" and r.by.about.thresholds[0].op == "<="


# ── a stat compared with its value at the start of the turn (BSS 2-11) ──
@pytest.mark.parametrize(("text", "stat", "op"), [
    ("[LV2] When This Spirit Attacks: If its BP is the same or higher than at the start of the turn, draw one card.",
     "bp", ">="),
    ("[LV1] When This Spirit Blocks: If its BP is the same or lower than at the start of the turn, refresh it.",
     "bp", "<="),
    ("[LV3] When This Spirit Attacks: If this spirit's cost is the same or higher than at the start of the turn, "
     "exhaust one of your opponent's spirits.", "cost", ">="),
])
def test_bss_2_11_compared_with_the_start_of_the_turn(text: str, stat: str, op: str) -> None:
    cond = _all(bs_one(text), Conditional)[0].condition
    t = cond.object.thresholds[0]
    assert (cond.kind, t.stat, t.op, t.when) == ("is", stat, op, "turn_start")


# ── keywords granted to a group (BSS 10-13) ──
@pytest.mark.parametrize(("text", "names"), [
    ("[LV2] All of your Dragon spirits gain 【Armor: Red】 during this turn.", {"Armor"}),
    ("[LV1] Your spirits with cost 3 or fewer gain 【Swift】 and 【Gale: 1】.", {"Swift", "Gale"}),
    ("[Main] All of your exhausted spirits gain 【Crush: 2】 during this turn.", {"Crush"}),
])
def test_bss_10_13_keywords_granted_to_a_group(text: str, names: set) -> None:
    gains = _all(bs_one(text), Gain)
    assert {g.keyword.name for g in gains} == names
    assert all(g.target.count is None and g.target.owner is Player.YOU for g in gains)


def test_bss_10_13_one_of_two_keywords_is_a_choice() -> None:
    for text in ("[Main] One of your spirits gains 【Swift】 or 【Crush: 1】 during this turn.",
                 "[LV2] This spirit gains 【Gale: 1】 or 【Swift】.",
                 "[Flash] All of your spirits gain 【Armor: Blue】 or 【Swift】 during this turn."):
        menu = _all(bs_one(text), Modal)[0]
        assert len(menu.options) == 2 and all(isinstance(o[0], Gain) for o in menu.options)


# ── who makes a selection (BSS 8-5-3) ──
@pytest.mark.parametrize("text", [
    "[Main] Your opponent selects one of their exhausted spirits. Destroy it.",
    "[LV1] When Summoned: Your opponent selects three of their refreshed spirits. Exhaust them.",
    "[Flash] Discard one card to make your opponent select one of their nexuses and return it to their hand.",
])
def test_bss_8_5_3_the_opponent_selects(text: str) -> None:
    acted = [n for n in walk(bs_one(text)) if isinstance(n, Move | SetState) or type(n).__name__ == "Destroy"]
    assert acted and acted[-1].target.chooser is Player.OPPONENT and acted[-1].target.owner is Player.OPPONENT


# ── a card in either battle state (BSS 7-1-1, 7-1-3) ──
@pytest.mark.parametrize("text", [
    "[Flash] Select one of your attacking or blocking Dragon spirits. It gains 4500 BP during this turn.",
    "[Flash] Refresh one of your blocking or attacking spirits.",
    "[Flash] Destroy one of your opponent's attacking or blocking spirits with 5000 or fewer BP.",
])
def test_bss_7_1_attacking_or_blocking(text: str) -> None:
    target = next(n.target for n in walk(bs_one(text)) if hasattr(n, "target") and n.target is not None)
    assert {target.state, *(x.state for x in target.either)} == {"attacking", "blocking"}


# ── paid while summoning or placing (BSS 10-6-5) ──
@pytest.mark.parametrize("text", [
    "[LV1] While summoning or placing a Dragon card, treat this spirit's color and symbol color as red.",
    "[LV2] While summoning or placing a Golem card, treat its color and symbol color as blue and red.",
    "[LV1] While summoning or placing a Serpent card, treat this spirit's symbols as two red symbols.",
])
def test_bss_10_6_5_while_summoning_or_placing(text: str) -> None:
    assert bs_one(text).condition.event == "summoned_or_placed"


@pytest.mark.parametrize(("text", "also"), [
    ("[LV1] During Your Main Step: Treat this spirit's color and symbol color as blue as well.", True),
    ("[LV1] During Your Main Step: Treat its color and symbol color as red and purple as well.", True),
    ("[LV1] During Your Main Step: Treat its color and symbol color as green.", False),
])
def test_bss_2_4_colours_added_as_well(text: str, also: bool) -> None:
    assert _all(bs_one(text), SetStat)[0].also is also


# ── a trigger waiting through a duration ──
@pytest.mark.parametrize(("text", "within"), [
    ("[Main] During this turn, when one of your spirits is destroyed, draw one card.", "this_turn"),
    ("[Flash] During this battle, when this spirit is blocked, refresh it.", "this_battle"),
    ("[Main] During this turn, when one of your Dragon spirits attacks, it gains 1000 BP.", "this_turn"),
])
def test_a_trigger_within_a_duration(text: str, within: str) -> None:
    cond = _all(bs_one(text), Conditional)[0].condition
    assert cond.kind == "event" and within in cond.qualifiers


# ── pronouns: a directive's target, and "that spirit" for the latest spirits ──
@pytest.mark.parametrize("text", [
    "[Main] Exhaust one of your opponent's spirits and reduce its BP by 3000 during this turn.",
    "[Flash] Refresh one of your spirits and it gains 2000 BP during this turn.",
    "[Main] Return one of your opponent's spirits to their hand and draw one card for each symbol on it.",
])
def test_a_directive_target_is_what_it_stands_for(text: str) -> None:
    nodes = [n for n in walk(bs_one(text)) if hasattr(n, "target") or hasattr(n, "per")]
    first = next(n.target for n in nodes if getattr(n, "target", None) is not None)
    later = [getattr(n, "target", None) or getattr(getattr(n, "per", None), "about", None) for n in nodes[1:]]
    assert any(x is not None and x.owner == first.owner and x.card_types == first.card_types for x in later)
    assert not any(x is not None and x.self_ref for x in later)


@pytest.mark.parametrize("text", [
    "[Main] Select one of your opponent's spirits with cost 4 or more. Discard one card from your hand and return that spirit to "
    "their hand.",
    "[Main] Select one of your opponent's refreshed Golem spirits. Discard one card and destroy that spirit.",
    "[Flash] Select one of your opponent's LV2 spirits. Discard two cards and exhaust that spirit.",
])
def test_that_spirit_is_the_latest_selection_of_spirits(text: str) -> None:
    acted = [n for n in walk(bs_one(text)) if isinstance(n, Move | SetState) or type(n).__name__ == "Destroy"]
    assert acted[-1].target.owner is Player.OPPONENT and acted[-1].target.card_types == ("spirit",)


# ── the source slips, repaired in one step (judge.text.bs.normalise.SLIPS) ──
@pytest.mark.parametrize("text", [
    "[Main] Destroy one of your opponents spirits with 3000 or fewer BP.",
    "[Main] Place two cores from one of your opponents spirits into their reserve.",
    "[Main] Reduce the BP of all of your opponents spirits by 1000 during this turn.",
])
def test_a_missing_apostrophe_is_repaired(text: str) -> None:
    targets = [getattr(n, "target", None) or getattr(n, "source_target", None) for n in walk(bs_one(text))]
    assert any(t is not None and t.owner is Player.OPPONENT for t in targets)


def test_durations_named_once_apply_to_each_continuous_effect() -> None:
    effect = bs_effect("[Main] During this turn, all of your spirits gain 1000 BP.")
    assert isinstance(effect, ModifyStat) and effect.duration is Duration.TURN
