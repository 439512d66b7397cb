"""Constructs of the Battle Spirits templating language that compose (issue 20.2): each is defined
once in grammar/bs.lark and read wherever the language puts it. Every phrasing here is invented (a
recombination of known parts no card prints), and each test asserts the typed meaning read."""

from __future__ import annotations

import pytest
from text_helpers import bs_effect, bs_one

from judge.text.ast import Condition, Conditional, Player, Selector, Threshold, walk
from judge.text.render import round_trip


def _all(node, kind):
    return [n for n in walk(node) if isinstance(n, kind)]


def _target(text: str) -> Selector:
    effect = bs_effect(text)
    return effect.target


def _condition(text: str) -> Condition:
    return _all(bs_one(text), Conditional)[0].condition


# ── what a card has (BSS 2-11 BP, 4-11 soul cores, 10-13 keywords, 2-6 cost): the same phrase after
# "with", "that has", and negated after "without" / "that does not have" ──
@pytest.mark.parametrize(("text", "field", "value"), [
    ('Destroy one of your opponent\'s spirits that does not have a "Soul Core" on it.',
     "thresholds", (Threshold("soul_cores", "==", 0),)),
    ("Return one of your opponent's spirits without 5000 or more BP to its owner's hand.",
     "thresholds", (Threshold("bp", "<", 5000),)),
    ("Exhaust one of your opponent's spirits that does not have cost 4 or less.",
     "thresholds", (Threshold("cost", ">", 4),)),
])
def test_bss_2_11_a_negated_having_is_its_opposite(text: str, field: str, value: tuple) -> None:
    target = _target(text)
    assert target.owner is Player.OPPONENT and getattr(target, field) == value


@pytest.mark.parametrize(("text", "keyword", "negated"), [
    ("Destroy one of your opponent's spirits that has 【Swift】.", "Swift", False),
    ("Destroy one of your opponent's spirits that does not have 【Curse】.", "Curse", True),
    ("Destroy one of your opponent's spirits without 【Gale】.", "Gale", True),
])
def test_bss_10_13_a_keyword_had_or_not(text: str, keyword: str, negated: bool) -> None:
    target = _target(text)
    assert (target.without == (keyword,)) if negated else (target.with_keyword == keyword)


# ── the same predicates in a condition: "if it has …", "if it costs …", "if it is …" (BSS 8-1-4-1) ──
@pytest.mark.parametrize(("text", "threshold"), [
    ("If this spirit has cost 3 or more, draw a card.", Threshold("cost", ">=", 3)),
    ("If this spirit has a cost of 5 or less, draw a card.", Threshold("cost", "<=", 5)),
    ("If this spirit has the highest BP, draw a card.", None),
])
def test_bss_2_6_a_condition_reads_what_the_card_has(text: str, threshold: Threshold | None) -> None:
    cond = _condition(text)
    assert cond.kind == "is" and cond.selector.self_ref
    got = cond.object.thresholds[0]
    if threshold is None:       # the highest: at least every other one's
        assert (got.stat, got.op) == ("bp", ">=") and got.ref is not None and got.ref.other
    else:
        assert got == threshold


@pytest.mark.parametrize(("text", "cost"), [
    ("If that spirit costs the same as this spirit, draw a card.", ("==", True)),
    ("If it costs more than this spirit, draw a card.", (">", True)),
    ("If it costs 2 or 3, draw a card.", None),
])
def test_bss_2_6_costing_is_one_phrase_after_a_noun_or_in_a_condition(text: str, cost: tuple | None) -> None:
    cond = _condition(text)
    assert cond.kind == "is" and not cond.negated
    if cost is None:
        assert cond.object.costs == (2, 3)
    else:
        t = cond.object.thresholds[0]
        assert (t.stat, t.op, t.ref.self_ref) == ("cost", *cost)


@pytest.mark.parametrize(("text", "field", "value"), [
    ("Destroy one of your opponent's spirits that is not exhausted.", "excluding", Selector(count=None, state="exhausted")),
    ("Destroy one of your opponent's spirits that is not red.", "not_colors", ("red",)),
    ("Destroy one of your opponent's spirits that is LV2 or higher.", "thresholds", (Threshold("level", ">=", 2),)),
])
def test_bss_2_10_being_after_a_noun_and_its_negation(text: str, field: str, value: object) -> None:
    assert getattr(_target(text), field) == value


@pytest.mark.parametrize(("text", "field", "value"), [
    ("If it is not red, draw a card.", "colors", ("red",)),
    ("If it is LV3, draw a card.", "thresholds", (Threshold("level", "==", 3),)),
    ("If this spirit is exhausted, draw a card.", "state", "exhausted"),
])
def test_bss_2_4_a_condition_reads_what_the_card_is(text: str, field: str, value: object) -> None:
    cond = _condition(text)
    assert cond.kind == "is" and getattr(cond.object, field) == value
    assert cond.negated is (" not " in text)


def test_the_predicates_round_trip() -> None:
    for text in ("Destroy one of your opponent's spirits that has 【Swift】.",
                 "If this spirit has cost 3 or more, draw a card.",
                 "Destroy one of your opponent's spirits that is LV2 or higher."):
        assert round_trip(bs_one(text), "bss").same_ast, text


# ── a number of cores (BSS 3-9, 4-11, 8-5-3-2): how many, whose, which kind — one phrase wherever
# cores are moved, removed or placed; a core move by whom, from where, to where (either of two) ──
@pytest.mark.parametrize(("text", "count", "up_to", "source", "core_type"), [
    ("Move up to two of its cores into your reserve.", 2, True, "spirit", None),
    ("Place all but one of this spirit's cores into your trash.", None, False, "spirit", None),
    ('Send its "Soul Core" to your reserve.', 1, False, "spirit", "soul"),
])
def test_bss_3_9_a_number_of_cores_composes(text: str, count: int | None, up_to: bool, source: str,
                                              core_type: str | None) -> None:
    from judge.text.ast import MoveCores

    move = bs_effect(text)
    assert isinstance(move, MoveCores)
    assert (move.count, move.up_to, move.source, move.core_type) == (count, up_to, source, core_type)


def test_bss_8_5_6_a_core_move_by_the_opponent_to_either_place() -> None:
    from judge.text.ast import Modal, MoveCores

    modal = bs_effect("Your opponent sends two cores from their reserve onto one of their spirits or into their trash.")
    assert isinstance(modal, Modal) and len(modal.options) == 2
    moves = [o[0] for o in modal.options]
    assert all(isinstance(m, MoveCores) and m.player is Player.OPPONENT and m.count == 2 for m in moves)
    assert [m.dest for m in moves] == ["spirit", "opponent_trash"]
    assert {m.source for m in moves} == {"opponent_reserve"}


@pytest.mark.parametrize(("text", "source", "dest"), [
    ("Remove two of its cores and place them into your opponent's reserve.", "spirit", "opponent_reserve"),
    ("Remove all but one core from each of your opponent's spirits.", "spirit", "owners_reserve"),
    ("Remove up to three cores and place them in the void.", "spirit", "void"),
])
def test_bss_3_5_5_removing_cores_one_construct(text: str, source: str, dest: str) -> None:
    move = bs_effect(text)
    assert (move.source, move.dest) == (source, dest)


# ── what may open a sentence or close it, the same words either way (BS 5-19-2; BSS 8-1-4-1) ──
@pytest.mark.parametrize("text", [
    "Unless you control a Golem spirit, draw a card.",
    "Draw a card unless you control a Golem spirit.",
    "As long as you do not control a Golem spirit, draw a card.",
])
def test_bs_5_19_2_a_condition_before_or_after_the_effect(text: str) -> None:
    cond = _condition(text)
    assert cond.kind == "count" and cond.player is Player.YOU and cond.selector.families == ("Golem",)
    held_when_none = cond.threshold == Threshold("count", "==", 0)
    assert held_when_none != cond.negated          # "unless you control" == "if you do not control"


@pytest.mark.parametrize(("text", "event", "object_owner"), [
    ("If one of your spirits with 【Swift】 attacks, draw a card.", "attacks", None),
    ("If one of your opponent's spirits that costs 3 or more blocks, draw a card.", "blocks", None),
    ("If one of your spirits destroys one of your opponent's spirits, draw a card.", "destroys", Player.OPPONENT),
])
def test_bss_8_1_5_1_if_an_event_happens_is_waited_for(text: str, event: str, object_owner: Player | None) -> None:
    ability = bs_one(text)
    trigger = ability.condition
    assert trigger is not None and (trigger.kind, trigger.event) == ("event", event)
    assert ability.kind.value == "triggered"
    assert (trigger.object.owner if trigger.object else None) is object_owner


@pytest.mark.parametrize("text", [
    "Once per turn, when one of your spirits is destroyed, draw a card.",
    "When one of your spirits is destroyed, draw a card once per turn.",
    "Draw a card when one of your spirits is destroyed, once per turn.",
])
def test_bs_12_3_1_once_per_turn_opens_or_closes(text: str) -> None:
    ability = bs_one(text)
    assert "once_per_turn" in ability.restrictions
    assert ability.condition is not None and ability.condition.event == "destroyed"


# ── the cards an effect revealed, with any adjectives and noun (BSS 12-2-1); a noun "burst card" is
# not the keyword Burst (BSS 10-9) ──
@pytest.mark.parametrize(("text", "types", "colors", "zone"), [
    ("Add the revealed red spirit cards to your hand.", ("spirit",), ("red",), "revealed"),
    ("Return the revealed nexus cards to the bottom of your deck.", ("nexus",), (), "revealed"),
    ("Return the revealed purple magic card to your hand.", ("magic",), ("purple",), "revealed"),
])
def test_bss_12_2_1_the_revealed_cards_keep_their_description(text: str, types: tuple, colors: tuple,
                                                             zone: str) -> None:
    target = bs_effect(text).target
    assert (target.card_types, target.colors, target.zone, target.count) == (types, colors, zone, None)


@pytest.mark.parametrize(("text", "participle"), [
    ("Destroy the selected red spirit.", None),
    ("Return the destroyed token spirit to your hand.", "destroyed"),
    ("Return the blocked blue spirit to its owner's hand.", "blocked"),
])
def test_bss_8_5_3_the_card_an_event_happened_to_with_adjectives(text: str, participle: str | None) -> None:
    from judge.text.pronouns import Ref

    effect = bs_effect(text)
    target = effect.target
    assert isinstance(target, Ref) or target.ref is not None or target.count == 1
    if isinstance(target, Ref):
        assert target.participle == participle


@pytest.mark.parametrize("text", [
    "Return the revealed burst card to your burst area.",
    "Return one burst card from your trash to your hand.",
    "Place the revealed burst card on the top of your deck.",
])
def test_bss_10_9_a_burst_card_is_a_noun(text: str) -> None:
    ability = bs_one(text)
    assert ability.keyword is None and ability.effects


# ── an act (BSS 8-1-5-1): a card, a player or an effect acts on something; one construct for them all ──
@pytest.mark.parametrize(("text", "event", "player", "by_effect", "object_owner"), [
    ("When your opponent exhausts one of your spirits, draw a card.", "exhausts", Player.OPPONENT, False, Player.YOU),
    ("When you exhaust one of your opponent's spirits, draw a card.", "exhausts", Player.YOU, False, Player.OPPONENT),
    ("When one of your opponent's effects destroys one of your nexuses, draw a card.", "destroys", None, True,
     Player.YOU),
])
def test_bss_8_1_5_1_an_act_by_a_player_or_an_effect(text: str, event: str, player: Player | None,
                                                    by_effect: bool, object_owner: Player) -> None:
    trigger = bs_one(text).condition
    assert (trigger.kind, trigger.event, trigger.player) == ("event", event, player)
    assert (trigger.by is not None and trigger.by.unit == "effect") is by_effect
    assert trigger.object.owner is object_owner


# ── effects named as a cause or an actor (BSS 1-3-3, 8-1-5-1): whose, which kind, on or of which cards,
# controlled by whom — one phrase after "by" / "with" and as the one who acts ──
@pytest.mark.parametrize(("text", "kind", "owner", "keyword", "about_owner"), [
    ("This spirit cannot be destroyed by the destruction effects of your opponent's spirits.",
     "destruction", None, None, Player.OPPONENT),
    ("This spirit cannot be exhausted by your opponent's Armor effects.", "keyword", Player.OPPONENT, "Armor", None),
    ("This spirit cannot be returned to your hand by an effect on one of your opponent's nexuses.",
     None, None, None, Player.OPPONENT),
])
def test_bss_1_3_3_a_restriction_barring_some_effects(text: str, kind: str | None, owner: Player | None,
                                                      keyword: str | None, about_owner: Player | None) -> None:
    from judge.text.ast import Restriction

    r = next(n for n in walk(bs_one(text)) if isinstance(n, Restriction))
    assert r.mode == "cannot" and r.by is not None and r.by.unit == "effect"
    assert (r.by.effect, r.by.owner, r.by.with_keyword) == (kind, owner, keyword)
    assert (r.by.about.owner if r.by.about is not None else None) is about_owner


@pytest.mark.parametrize(("text", "owner"), [
    ("When an effect your opponent controls destroys one of your spirits, draw a card.", Player.OPPONENT),
    ("When an effect you control destroys one of your opponent's spirits, draw a card.", Player.YOU),
    ("When one of your opponent's effects exhausts one of your spirits, draw a card.", Player.OPPONENT),
])
def test_bss_8_1_5_1_an_effect_acts(text: str, owner: Player) -> None:
    trigger = bs_one(text).condition
    assert trigger.kind == "event" and trigger.by.unit == "effect" and trigger.by.owner is owner


# ── a restriction (BSS 1-3-3): a card, a player or attacks barred from any act of the one list ──
@pytest.mark.parametrize(("text", "action", "whose_life", "by_unit"), [
    ("This spirit cannot reduce your opponent's life to 0 during this turn.", "reduce_life_to_0", Player.OPPONENT, None),
    ("Your opponent cannot reduce your life during this turn.", "reduce_life", Player.YOU, "player"),
    ("Blocks from your opponent's spirits cannot reduce your life.", "reduce_life", Player.YOU, "attack"),
])
def test_bss_7_1_5_3_whatever_is_barred_from_reducing_life(text: str, action: str, whose_life: Player,
                                                           by_unit: str | None) -> None:
    from judge.text.ast import Restriction

    r = next(n for n in walk(bs_one(text)) if isinstance(n, Restriction))
    assert (r.mode, r.action, r.player) == ("cannot", action, whose_life)
    assert r.by is not None and r.by.unit == by_unit
    assert r.target is None and r.object is None


@pytest.mark.parametrize(("text", "action", "player"), [
    ("Your opponent cannot summon spirit cards during this turn.", "summon", Player.OPPONENT),
    ("You cannot use magic cards during this turn.", "use", Player.YOU),
    ("Your opponent cannot be returned to your deck by your effects.", "be_returned_to_deck", Player.OPPONENT),
])
def test_bss_1_3_3_a_player_barred_from_the_acts_a_card_is(text: str, action: str, player: Player) -> None:
    from judge.text.ast import Restriction

    r = next(n for n in walk(bs_one(text)) if isinstance(n, Restriction))
    assert (r.mode, r.action, r.player, r.target) == ("cannot", action, player, None)


@pytest.mark.parametrize(("text", "action"), [
    ("Your exhausted spirits cannot be returned to your hand by your opponent's effects.", "be_returned_to_hand"),
    ("This spirit cannot be discarded from your deck during this turn.", "be_discarded_from_deck"),
    ("Your red spirits cannot be returned to your hand or deck by magic effects.", "be_returned_to_hand_or_deck"),
])
def test_bss_1_3_3_being_acted_on_from_or_to_an_area(text: str, action: str) -> None:
    from judge.text.ast import Restriction

    r = next(n for n in walk(bs_one(text)) if isinstance(n, Restriction))
    assert r.action == action and r.target is not None


# ── "the first X (whose) that attacks (each turn)" (BS 12-3-1), with "Each turn," before it ──
@pytest.mark.parametrize(("text", "owner"), [
    ("Each turn, the first spirit you control that attacks gains 1000 BP during this turn.", Player.YOU),
    ("Each turn, the first spirit your opponent controls that attacks gains 【Swift】 during this turn.",
     Player.OPPONENT),
    ("The first spirit that attacks each turn gains 3000 BP during this turn.", None),
])
def test_bs_12_3_1_the_first_attacker_of_a_turn_and_whose(text: str, owner: Player | None) -> None:
    from judge.text.ast import Gain

    gain = next(n for n in walk(bs_one(text)) if isinstance(n, (Gain,)) or type(n).__name__ == "ModifyStat")
    target = gain.target
    assert (target.state, target.owner) == ("first_attacker_this_turn", owner)


# ── what a player has or controls, and "none": one count construct (BSS 3-1, 8-1-4-1) ──
@pytest.mark.parametrize(("text", "player", "field", "value"), [
    ("If you do not control any Golem spirits, draw a card.", Player.YOU, "families", ("Golem",)),
    ("If your opponent has no spirits with 【Swift】, draw a card.", Player.OPPONENT, "with_keyword", "Swift"),
    ("If you have no magic cards in your trash, draw a card.", Player.YOU, "zone", "trash"),
])
def test_bss_8_1_4_1_none_of_a_kind(text: str, player: Player, field: str, value: object) -> None:
    cond = _condition(text)
    assert (cond.kind, cond.player, cond.threshold) == ("count", player, Threshold("count", "==", 0))
    assert getattr(cond.selector, field) == value and cond.selector.count is None


# ── "for each …" (BSS 4-6): what is counted and which of them, in any combination ──
def test_bss_4_6_for_each_counts_any_selector_with_any_which() -> None:
    from judge.text.ast import Draw

    among = bs_effect("Draw a card for each Golem spirit among the revealed cards.")
    assert isinstance(among, Draw) and among.per.families == ("Golem",) and among.per.zone == "revealed"
    every = bs_effect("Draw a card for every two cards you discarded this way.")
    assert every.per.every == 2 and every.per.state == "discarded_by_this_effect"
    symbols = bs_effect("Draw a card for each symbol on this spirit.")
    assert symbols.per.unit == "symbol" and symbols.per.about.self_ref


# ── something happening to a card: "is …", "would be …" (BSS 8-9), "only … is …", with the same tails ──
@pytest.mark.parametrize(("text", "kind", "event", "qualifier"), [
    ("When one of your spirits would be exhausted by your opponent's effects, draw a card.", "would", "exhausted", None),
    ("When only one of your opponent's spirits is exhausted, draw a card.", "event", "exhausted", "only"),
    ("When this spirit would be returned to your hand, draw a card.", "would", "returned", None),
])
def test_bss_8_9_what_happens_or_would_happen_to_a_card(text: str, kind: str, event: str, qualifier: str | None) -> None:
    trigger = bs_one(text).condition
    assert (trigger.kind, trigger.event) == (kind, event)
    assert (qualifier in trigger.qualifiers) if qualifier else "only" not in trigger.qualifiers


# ── "the first / next time <event> (each turn / during …)," (BS 12-3-1; BSS 8-9): one lead ──
@pytest.mark.parametrize(("text", "event", "qualifiers"), [
    ("The first time one of your spirits is destroyed each turn, draw a card.", "destroyed", {"first_each_turn"}),
    ("The next time one of your spirits is destroyed during this battle, draw a card.", "destroyed",
     {"next_only", "this_battle"}),
    ("The first time your opponent summons a spirit this turn, draw a card.", "summons", {"first_each_turn"}),
])
def test_bs_12_3_1_the_first_or_next_time(text: str, event: str, qualifiers: set) -> None:
    trigger = bs_one(text).condition
    assert trigger.event == event and qualifiers <= set(trigger.qualifiers)


# ── "no … is …" / "none of … are …": no card matching a description (BSS 8-1-4-1, 12-2) ──
@pytest.mark.parametrize(("text", "field", "value"), [
    ("If none of your spirits are exhausted, draw a card.", "state", "exhausted"),
    ("If no red card is among the revealed cards, draw a card.", "zone", "revealed"),
    ("If none of your opponent's spirits are LV2 or higher, draw a card.", "thresholds", (Threshold("level", ">=", 2),)),
])
def test_bss_8_1_4_1_no_card_is_so(text: str, field: str, value: object) -> None:
    cond = _condition(text)
    assert (cond.kind, cond.threshold) == ("count", Threshold("count", "==", 0))
    assert getattr(cond.selector, field) == value


# ── "You may X (to Y)": an optional effect, its cost when "to" follows (BSS 8-1-8, 8-4-1) ──
@pytest.mark.parametrize(("text", "cost_kind", "effect_kind"), [
    ("You may discard a card to draw two cards.", "discard", "draw"),
    ("You may also exhaust one of your spirits to destroy one of your opponent's spirits.", "set_state", "destroy"),
    ("You may exhaust one of your nexuses for it to gain 3000 BP during this turn.", "set_state", None),
])
def test_bss_8_4_1_an_optional_effect_and_its_cost(text: str, cost_kind: str, effect_kind: str | None) -> None:
    from judge.text.ast import Optional
    from judge.text.ast.walk import to_json

    opt = bs_effect(text)
    assert isinstance(opt, Optional) and opt.cost is not None
    assert to_json(opt.cost.effects[0])["kind"] == cost_kind
    if effect_kind is not None:
        assert to_json(opt.effects[0])["kind"] == effect_kind
