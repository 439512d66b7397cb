"""More constructs of the Battle Spirits templating language, each read in three invented phrasings
(issue 11.1): a selection made by another player ("you select it instead"), a "next time" trigger
bounded by a duration, ..."""

from __future__ import annotations

import pytest
from text_helpers import bs_one

from judge.text.ast import Conditional, Player, Restriction, walk
from judge.text.render import round_trip


def _all(ability, kind):
    return [n for n in walk(ability) if isinstance(n, kind)]


# ── a selection made by the player named (BSS 8-5-3), in a "next time … would select" window (BSS 8-9) ──
@pytest.mark.parametrize(("text", "chooser", "within"), [
    ("[Flash] The next time your opponent would select one of your spirits during this turn, you select it instead.",
     Player.YOU, "this_turn"),
    ("[LV2] Once per turn, the next time your opponent would select a nexus while using a magic card, "
     "you select it instead.", Player.YOU, None),
    ("[Main] The next time you would select a spirit during this battle, your opponent selects it instead.",
     Player.OPPONENT, "this_battle"),
])
def test_bss_8_5_3_the_selection_passes_to_another_player(text: str, chooser: Player, within: str | None) -> None:
    ability = bs_one(text)
    passes = _all(ability, Restriction)[0]
    assert (passes.mode, passes.action, passes.player) == ("can", "choose_targets", chooser)
    trigger = ability.condition or _all(ability, Conditional)[0].condition
    assert trigger.kind == "would" and trigger.event == "selects" and "next_only" in trigger.qualifiers
    assert (within in trigger.qualifiers) if within else not {"this_turn", "this_battle"} & set(trigger.qualifiers)
    assert any(c.instead for c in _all(ability, Conditional))
    assert round_trip(ability, "bss").same_ast


# ── which selections a restriction on selecting governs (BSS 8-5-3) ──
@pytest.mark.parametrize(("text", "effect_owner", "selected_owner", "used"), [
    ("[LV2] Your opponent can only select your exhausted spirits when using one of their effects to select "
     "one of your spirits.", Player.OPPONENT, Player.YOU, None),
    ("[LV1] Your opponent can only select a spirit with 5000 or more BP when using an effect to select one of "
     "your spirits during this turn.", None, Player.YOU, None),
    ("[LV1] Your opponent can only select a nexus while using a magic card.", None, None, "magic"),
])
def test_bss_8_5_3_only_select_governs_some_selections(text: str, effect_owner: Player | None,
                                                       selected_owner: Player | None, used: str | None) -> None:
    ability = bs_one(text)
    r = _all(ability, Restriction)[0]
    assert (r.mode, r.action, r.player) == ("only", "select", Player.OPPONENT)
    assert r.by is not None and r.by.unit == "effect" and r.by.owner is effect_owner
    if selected_owner is not None:
        assert r.target.owner is selected_owner and r.target.card_types == ("spirit",)
    else:
        assert r.target is None and used in r.by.about.card_types
    assert round_trip(ability, "bss").same_ast


# ── a condition checked as an event happens: "If <condition> when <event>, …" (BSS 8-1-5-1) ──
@pytest.mark.parametrize(("text", "event", "condition"), [
    ("[LV1] If this spirit has 10000 or more BP when it compares BP during battle resolution, draw a card.",
     "compares_bp", "is"),
    ("[LV2] If you have 3 or fewer life when one of your spirits is destroyed, place a core from the void into "
     "your reserve.", "destroyed", "count"),
    ("[LV1] During Opponent's Turn: If you control a red nexus when this spirit blocks, draw a card.",
     "blocks", "count"),
])
def test_bss_8_1_5_1_condition_checked_when_the_event_happens(text: str, event: str, condition: str) -> None:
    ability = bs_one(text)
    trigger = ability.condition
    assert trigger.kind == "all"
    happens, holds = trigger.conditions
    assert (happens.kind, happens.event) == ("event", event) and holds.kind == condition
    assert round_trip(ability, "bss").same_ast


# ── the card's own symbols and colours, named as printed (BSS 2-4, 2-8) ──
@pytest.mark.parametrize(("text", "kind"), [
    ("[LV1] While This Spirit Attacks: Treat this spirit's symbol as two blue symbols.", ("spirit",)),
    ("[LV2] Treat this nexus's color and symbol color as green as well.", ("nexus",)),
    ("[LV1] During Your Attack Step: Count this spirit's symbols as three yellow symbols during this turn.",
     ("spirit",)),
])
def test_bss_2_8_own_symbols_keep_the_card_type(text: str, kind: tuple[str, ...]) -> None:
    from judge.text.ast import SetStat

    ability = bs_one(text)
    s = _all(ability, SetStat)[0]
    assert s.target.self_ref and s.target.card_types == kind
    trip = round_trip(ability, "bss")
    assert trip.same_ast and not trip.dropped and not trip.mistyped


# ── an effect used to do something, having happened this turn (BSS 8-1-5-1): its count kept ──
@pytest.mark.parametrize(("text", "player", "count"), [
    ("[LV1] If you used an effect you control to draw a card this turn, draw a card.", Player.YOU, 1),
    ("[LV2] When This Spirit Attacks: If your opponent used an effect they control to draw two cards this turn, "
     "destroy one of your opponent's spirits.", Player.OPPONENT, 2),
    ("[LV1] If you used an effect you control to draw three cards this turn, this spirit gains 3000 BP.",
     Player.YOU, 3),
])
def test_bss_8_1_5_1_an_effect_used_to_draw_this_turn(text: str, player: Player, count: int) -> None:
    ability = bs_one(text)
    cond = _all(ability, Conditional)[0].condition
    assert (cond.kind, cond.event, cond.window, cond.player) == ("happened", "draws", "this_turn", player)
    assert cond.object.count == count and cond.by.unit == "effect" and cond.by.owner is player
    trip = round_trip(ability, "bss")
    assert trip.same_ast and not trip.dropped and not trip.mistyped


# ── the top cards of a deck, one noun phrase for every verb (BSS 3-2, 10-2-1, 12-2) ──
@pytest.mark.parametrize(("text", "count", "owner"), [
    ("[Main] Discard two cards from the top of your opponent's deck.", 2, Player.OPPONENT),
    ("[LV1] When Summoned: Reveal the top four cards of your deck.", 4, Player.YOU),
    ("[Flash] Discard the top three cards of your deck.", 3, Player.YOU),
])
def test_bss_3_2_top_cards_of_a_deck(text: str, count: int, owner: Player) -> None:
    from judge.text.ast import Discard, Reveal

    ability = bs_one(text)
    node = (_all(ability, Discard) or _all(ability, Reveal))[0]
    assert node.count == count
    if isinstance(node, Discard):
        assert node.target.zone == "deck_top" and node.target.owner is owner
    else:
        assert node.zone == ("deck" if owner is Player.YOU else "opponent_deck")
    assert round_trip(ability, "bss").same_ast


# ── the end of a battle, with whom and what is still on the field (BSS 7-1-6-1) ──
@pytest.mark.parametrize(("text", "with_card", "still"), [
    ("[LV1] When the battle ends, draw a card.", False, False),
    ("[LV2] During Your Attack Step: When a battle with one of your red spirits ends, draw a card.", True, False),
    ("[LV2] During Your Attack Step: When a battle with one of your blue spirits ends with that spirit still on "
     "the field, draw a card.", True, True),
])
def test_bss_7_1_6_1_the_battle_ends(text: str, with_card: bool, still: bool) -> None:
    ability = bs_one(text)
    ev = ability.condition
    assert ev.event == "battle_ends" and (ev.selector is not None) == with_card
    assert ("still_on_field" in ev.qualifiers) == still
    assert round_trip(ability, "bss").same_ast


# ── cores placed in one of two places, as a directive or as what an effect did (BSS 3-9, 8-1-8) ──
@pytest.mark.parametrize(("text", "dests"), [
    ("[Main] Place a core from the void onto one of your spirits or into your reserve.", {"spirit", "reserve"}),
    ("[LV1] When Summoned: Place two cores from your reserve onto this spirit or into your life.",
     {"spirit", "life"}),
    ("[LV1] During Either Attack Step: When your opponent uses one of their effects to place a core from the void "
     "onto a spirit or into their reserve, draw a card.", {"spirit", "opponent_reserve"}),
])
def test_bss_3_9_cores_placed_in_either_place(text: str, dests: set[str]) -> None:
    from judge.text.ast import Modal

    ability = bs_one(text)
    if ability.condition is not None and ability.condition.event == "core_placed":
        ev = ability.condition
        assert set(ev.zone.split("_or_")) == dests and ev.object.zone == "void" and ev.player is Player.OPPONENT
    else:
        choice = _all(ability, Modal)[0]
        assert {o[0].dest for o in choice.options} == dests and len({o[0].source for o in choice.options}) == 1
    trip = round_trip(ability, "bss")
    assert trip.same_ast and not trip.dropped


# ── what "it" stands for after an event or a count (BSS 8-1-5-1; the pronoun pass) ──
@pytest.mark.parametrize(("text", "expect"), [
    # a "when" inside the effect: "it" is the card the event happened to
    ("[Flash] During this turn, when one of your red spirits blocks, refresh it.", "event"),
    ("[Main] During this turn, when one of your blue spirits is blocked, it gains 2000 BP.", "event"),
    # several cards counted: "it" is not them, but the card the trigger happened to (here, itself)
    ("[LV2] If you control three or more spirits, when this spirit would be destroyed, you may place a core from "
     "the void onto it to keep it on the field exhausted instead.", "self"),
])
def test_bss_8_1_5_1_it_stands_for_the_event_card(text: str, expect: str) -> None:
    from judge.text.ast import ModifyStat, MoveCores, SetState

    ability = bs_one(text)
    acted = next(n for n in walk(ability) if isinstance(n, SetState | ModifyStat | MoveCores))
    target = acted.dest_target if isinstance(acted, MoveCores) else acted.target
    if expect == "self":
        assert target.self_ref
    else:
        assert not target.self_ref and target.owner is Player.YOU and target.colors
    assert round_trip(ability, "bss").same_ast


@pytest.mark.parametrize("text", [
    "[LV2] When Summoned: If none of your opponent's spirits are exhausted, select one of them and exhaust it.",
    "[LV1] When Summoned: If your opponent controls three or more spirits, select one of them and destroy it.",
    "[Main] If none of your opponent's spirits are refreshed, select two of them and refresh them.",
])
def test_them_after_a_count_stands_for_the_cards_counted(text: str) -> None:
    from judge.text.ast import Destroy, SetState

    acted = next(n for n in walk(bs_one(text)) if isinstance(n, SetState | Destroy))
    assert acted.target.owner is Player.OPPONENT and not acted.target.self_ref


# ── a restriction scoped to the effect it is written in: "… with this effect" (BSS 1-3-3) ──
@pytest.mark.parametrize(("text", "action", "player"), [
    ('[LV1] When Summoned: Place two cores from your trash onto this spirit. You cannot place a "Soul Core" '
     'onto this spirit with this effect.', "place_cores", Player.YOU),
    ("[Main] Your opponent cannot summon spirits with this effect during this turn.", "summon", Player.OPPONENT),
    ("[LV2] When This Spirit Attacks: Draw two cards. You cannot place a core onto this spirit with this effect.",
     "place_cores", Player.YOU),
])
def test_bss_1_3_3_a_restriction_with_this_effect_is_scoped_to_it(text: str, action: str, player: Player) -> None:
    ability = bs_one(text)
    r = _all(ability, Restriction)[0]
    assert (r.mode, r.action, r.player) == ("cannot", action, player)
    assert r.by is not None and (r.by.unit, r.by.effect) == ("effect", "this")
    assert round_trip(ability, "bss").same_ast


def test_bss_1_3_3_a_restriction_without_the_scope_keeps_no_effect() -> None:
    r = _all(bs_one("[LV1] Your opponent cannot summon spirits during this turn."), Restriction)[0]
    assert r.action == "summon" and r.by is None


# ── effects of one timing that also activate on a further event (BSS 8-1-5-1, 10-11-1) ──
@pytest.mark.parametrize(("text", "timing", "event", "self_ref"), [
    ('[LV2] During Your Attack Step: Your spirits\' "When This Spirit Blocks" effects also activate when attacking.',
     "when_blocks", "attacks", False),
    ('[LV3] Your white spirits\' "When This Spirit Attacks" effects also activate when blocking.',
     "when_attacks", "blocks", False),
    ('[LV1][LV2] This spirit\'s "When Summoned" effects also trigger when attacking.',
     "when_summoned", "attacks", True),
])
def test_bss_10_11_1_effects_also_activate_on_another_event(text: str, timing: str, event: str,
                                                           self_ref: bool) -> None:
    from judge.text.ast import AlsoActivates

    ability = bs_one(text)
    also = _all(ability, AlsoActivates)[0]
    assert (also.timing, also.event, also.target.self_ref) == (timing, event, self_ref)
    if not self_ref:
        assert also.target.owner is Player.YOU and also.target.card_types == ("spirit",)
    assert round_trip(ability, "bss").same_ast


# ── a selection made apart from the directive that acts on it (BSS 8-5-3) ──
@pytest.mark.parametrize(("text", "between"), [
    ("[Main] Select one of your opponent's spirits. Then, draw two cards and destroy that spirit.", "Draw"),
    ("[LV1] When Summoned: Select one of your opponent's spirits. Discard one card, and exhaust that spirit.",
     "Discard"),
    ("[Flash] Select one of your spirits. Then, draw one card and that spirit gains 3000 BP during this turn.",
     "Draw"),
])
def test_bss_8_5_3_a_selection_written_before_another_directive_is_a_step(text: str, between: str) -> None:
    from judge.text.ast import Select, Sequence

    ability = bs_one(text)
    steps = [e for x in ability.effects for e in (x.effects if isinstance(x, Sequence) else (x,))]
    assert isinstance(steps[0], Select) and type(steps[1]).__name__ == between
    acted = [getattr(steps[2], "target", None)]
    assert steps[0].target in acted                  # the later directive names the same selection
    assert round_trip(ability, "bss").same_ast


def test_bss_8_5_3_a_selection_acted_on_at_once_stays_folded() -> None:
    from judge.text.ast import Select

    ability = bs_one("[Main] Select one of your opponent's spirits and destroy it.")
    assert not _all(ability, Select)


# ── "During this turn, when X, …" after a trigger label: a trigger waiting through a duration (BSS 8-1-5-1) ──
@pytest.mark.parametrize(("text", "event", "within"), [
    ("[LV1] When Summoned: During this turn, when one of your spirits is exhausted, draw one card.",
     "exhausted", "this_turn"),
    ("[LV2] When This Spirit Attacks: During this battle, when one of your spirits blocks, refresh this spirit.",
     "blocks", "this_battle"),
    ("[LV1][LV2] When Destroyed: During this turn, when your opponent summons a spirit, destroy it.",
     "summons", "this_turn"),
])
def test_bss_8_1_5_1_a_trigger_bounded_by_a_duration_is_not_the_lines_trigger(text: str, event: str,
                                                                             within: str) -> None:
    ability = bs_one(text)
    assert ability.condition is None                     # the label alone triggers the ability
    waits = _all(ability, Conditional)[0]
    assert waits.condition.kind == "event" and waits.condition.event == event
    assert within in waits.condition.qualifiers
    assert round_trip(ability, "bss").same_ast


# ── "for every N …": an amount counted in groups of N (BSS 4-6) ──
@pytest.mark.parametrize(("text", "every"), [
    ("[LV3] This spirit gains one red symbol for every four spirit cards in your trash.", 4),
    ("[LV2] This spirit gains 1000 BP for every two spirits you control.", 2),
    ("[LV1] Draw one card for every three cards in your hand.", 3),
])
def test_bss_4_6_for_every_n_keeps_the_group_size(text: str, every: int) -> None:
    ability = bs_one(text)
    per = next(n.per for n in walk(ability) if getattr(n, "per", None) is not None)
    assert per.every == every and per.count is None
    assert round_trip(ability, "bss").same_ast


def test_bss_4_6_for_every_one_is_for_each() -> None:
    ability = bs_one("[LV1] This spirit gains 2000 BP for every spirit you control.")
    per = next(n.per for n in walk(ability) if getattr(n, "per", None) is not None)
    assert per.every is None


# ── the cause of a destruction by cores reduced to zero (BSS 9-3-2-1) ──
@pytest.mark.parametrize(("text", "owner"), [
    ("When one of your spirits has its cores reduced to zero by your opponent's effects, draw one card.",
     Player.OPPONENT),
    ("[LV2] During Your Attack Step: When one of your opponent's spirits has its cores reduced to zero by your "
     "effects, refresh this spirit.", Player.YOU),
    ("[LV1] When this spirit has its cores reduced to zero by your opponent's effect, draw two cards.",
     Player.OPPONENT),
])
def test_bss_9_3_2_1_cores_reduced_to_zero_keeps_its_cause(text: str, owner: Player) -> None:
    ability = bs_one(text)
    cond = ability.condition or _all(ability, Conditional)[0].condition
    assert cond.event == "destroyed" and "via_zero_cores" in cond.qualifiers
    assert cond.by is not None and (cond.by.unit, cond.by.owner) == ("effect", owner)
    assert round_trip(ability, "bss").same_ast


# ── "by …" qualifiers kept: what an event or a bar on "When Destroyed" effects was caused by (BSS 1-3-3, 10-15-1) ──
@pytest.mark.parametrize(("text", "unit", "owner"), [
    ('[LV1] "When Destroyed" effects on your spirits are not triggered by your opponent\'s effects.',
     "effect", Player.OPPONENT),
    ('[LV2] Your opponent\'s "When Destroyed" effects are not triggered by your effects.', "effect", Player.YOU),
    ("[LV1] If this spirit has been destroyed by your opponent's effects this turn, draw one card.",
     "effect", Player.OPPONENT),
    ("[LV2] If one of your spirits has been destroyed by your opponent this turn, draw one card.",
     "player", Player.OPPONENT),
])
def test_bss_10_15_1_the_cause_named_by_by_is_kept(text: str, unit: str, owner: Player) -> None:
    from judge.text.ast import Condition

    ability = bs_one(text)
    node = next(n for n in walk(ability) if isinstance(n, Restriction | Condition) and n.by is not None)
    assert (node.by.unit, node.by.owner) == (unit, owner)
    assert round_trip(ability, "bss").same_ast


# ── whose resolution "after … effect resolves" waits for (BS 5-19-3) ──
@pytest.mark.parametrize(("text", "window"), [
    ("[LV2] While This Spirit Attacks: When you use a magic card, draw one card after that card's effect resolves.",
     "trigger"),
    ("[LV1] When your opponent uses a magic card, refresh this spirit after its effect resolves.", "trigger"),
    ("[LV3] When Summoned: Exhaust one of your opponent's spirits after this effect resolves.", "this_effect"),
])
def test_bs_5_19_3_after_which_effect_resolves(text: str, window: str) -> None:
    ability = bs_one(text)
    after = next(c for c in _all(ability, Conditional) if c.condition.kind == "after_resolves")
    assert after.condition.window == window
    assert round_trip(ability, "bss").same_ast


# ── drawing and discarding, by you or by the player named (BSS 4-5, 10-2; one construct each) ──
@pytest.mark.parametrize(("text", "kind", "count", "player"), [
    ("[LV1] When Summoned: Your opponent draws two cards.", "Draw", 2, Player.OPPONENT),
    ("When Destroyed: Your opponent discards one card.", "Discard", 1, Player.OPPONENT),
    ("[LV2] When This Spirit Attacks: Discard two cards from your hand.", "Discard", 2, Player.YOU),
    ("[Main] Discard any number of cards. Draw one card for each card discarded.", "Discard", 0, Player.YOU),
])
def test_bss_10_2_draws_and_discards_name_their_player(text: str, kind: str, count: int, player: Player) -> None:
    ability = bs_one(text)
    node = next(n for n in walk(ability) if type(n).__name__ == kind)
    assert (node.count, node.player) == (count, player)
    if count == 0:                                   # "any number of cards": from the hand (BSS 10-2-2)
        assert node.target.zone == "hand" and node.target.up_to
    assert round_trip(ability, "bss").same_ast


# ── a card a cost selected, named again by the effect it pays for (BSS 8-4-2, 8-5-3) ──
@pytest.mark.parametrize(("text", "card_type"), [
    ("[LV2] When This Spirit Attacks: You may exhaust one of your nexuses to place one core from the void onto "
     "the nexus you exhausted.", "nexus"),
    ("[LV1] When Summoned: You may exhaust one of your spirits to place two cores from the void onto it.", "spirit"),
    ("[LV3] When This Spirit Blocks: You may exhaust one of your other spirits to refresh it.", "spirit"),
])
def test_bss_8_4_2_it_after_a_cost_is_the_card_the_cost_selected(text: str, card_type: str) -> None:
    from judge.text.ast import Optional

    choice = _all(bs_one(text), Optional)[0]
    paid = choice.cost.effects[0].target
    acted = next(getattr(e, "dest_target", None) or getattr(e, "target", None) for e in choice.effects)
    assert not acted.self_ref and acted == paid and card_type in acted.card_types


# ── an effect done "unless <player> pays <cores>" (BSS 8-4) ──
@pytest.mark.parametrize(("text", "kind", "count"), [
    ("[LV2] When one of your opponent's spirits attacks, discard the top two cards of their deck unless they pay "
     "one core.", "Discard", 1),
    ("[LV1] When Summoned: Destroy one of your opponent's spirits with 3000 or fewer BP unless they pay two cores.",
     "Destroy", 2),
    ("[LV2] During Your Attack Step: When one of your spirits attacks, exhaust one of your opponent's spirits unless "
     "they pay one core.", "SetState", 1),
])
def test_bss_8_4_an_effect_unless_a_player_pays(text: str, kind: str, count: int) -> None:
    ability = bs_one(text)
    cond = next(c for c in _all(ability, Conditional) if c.condition.kind == "unpaid")
    assert cond.condition.player is Player.OPPONENT and cond.condition.cost.effects[0].count == count
    assert type(cond.effects[0]).__name__ == kind
    assert round_trip(ability, "bss").same_ast


def test_bss_8_4_a_restriction_unless_paid_keeps_its_cost() -> None:
    r = _all(bs_one("[LV1] Your opponent's spirits cannot block unless they pay one core."), Restriction)[0]
    assert r.cost is not None and not any(c.condition.kind == "unpaid" for c in _all(bs_one(
        "[LV1] Your opponent's spirits cannot block unless they pay one core."), Conditional))
