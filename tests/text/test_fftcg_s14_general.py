"""FFTCG constructs written once where the grammar had one alternative per printed combination (issue 20, second
round): each general construct replaces alternatives that only one training card used (or none), gives the same
typed AST for the cards that used them (tests/text/round_trip_fftcg_known.json unchanged), and reads combinations no
card printed yet. Every phrasing here is our own (the invented card name "Quillon"; recombinations of known parts);
each test asserts the typed node and its fields and is named after the FFTCG Comprehensive Rules clause it checks."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import Condition, Deploy, Optional, Pay, Player, Restriction, walk
from judge.text.parse import parse_text


def _of(ability, kind) -> list:
    return [n for n in walk(ability) if isinstance(n, kind)]


# ---------------------------------------------------------------- 7 the zone a card leaves, said with "from"
# "from" before any zone a selector can say (whose: yours, your opponent's, either player's, theirs; which: hand,
# Break Zone, Damage Zone, deck, LB deck) is one construct, the same zone words as "in …": every owner with every zone.
@pytest.mark.parametrize(("text", "verb", "owner", "zone"), [
    ("Play 1 Forward from your opponent's Break Zone onto the field.", "play", Player.OPPONENT, "break"),
    ("Play 1 Backup of cost 2 or less from your Damage Zone onto the field dull.", "play", Player.YOU, "damage"),
    ("Cast 1 Summon from either player's Break Zone without paying the cost.", "cast", Player.ANY, "break"),
])
def test_7_a_zone_a_card_is_played_or_cast_from(text: str, verb: str, owner: Player, zone: str) -> None:
    deploy = _of(one(text, name="Quillon"), Deploy)[0]
    assert deploy.verb == verb
    assert deploy.target.owner is owner and deploy.target.zone == zone


# ---------------------------------------------------------------- 11.2 a payment, an extra cost included
# "pay (an extra) 《…》": an extra cost is paid the same way as any CP (11.2), whoever pays it.
@pytest.mark.parametrize(("text", "cp", "player"), [
    ("When Quillon enters the field, you may pay an extra 《1》. If you paid the extra cost, draw 1 card.",
     ("1",), None),
    ("Your opponent may pay an extra 《火》《火》. If he/she does so, break Quillon.", ("fire", "fire"), Player.OPPONENT),
    ("When Quillon attacks, your opponent may pay 《2》. If he/she doesn't, draw 1 card.", ("2",), Player.OPPONENT),
])
def test_11_2_an_extra_cost_is_paid_as_any_cost(text: str, cp: tuple, player) -> None:
    ability = one(text, name="Quillon")
    pay = _of(ability, Pay)[0]
    assert pay.cost.cp == cp
    assert _of(ability, Optional)[0].player is player


# ---------------------------------------------------------------- 11.3 a permission to cast, limited as a use is (11.6)
# "Once per turn, / During this game, you can cast X …": the counted limits of 11.6 uses, said before the permission.
@pytest.mark.parametrize(("text", "action", "zone"), [
    ("Once per turn, you can cast 1 Summon from your Break Zone.", "cast_once_per_turn", "break"),
    ("Only once per turn, you can cast 1 Summon from your Break Zone as though you owned it.",
     "cast_as_owner_once_per_turn", "break"),
    ("During this game, you can cast Quillon from your Break Zone.", "cast", "break"),
])
def test_11_3_a_permission_to_cast_limited_once(text: str, action: str, zone: str) -> None:
    r = _of(one(text, name="Quillon"), Restriction)[0]
    assert (r.mode, r.action, r.player) == ("can", action, Player.YOU)
    assert r.target.zone == zone


def test_11_3_a_permission_to_cast_twice_per_turn_is_said_not_modelled() -> None:
    """The limit reads, but no engine counts a second cast: the line is left unread, never passed."""
    result = parse_text("Twice per turn, you can cast 1 Summon from your Break Zone.", "fftcg", name="Quillon")
    assert not result.ok
    assert any("not modelled" in why for u in result.unparsed for why in u.expected)


# ---------------------------------------------------------------- 11.11.5 / 1.2.4 cards an action of this effect used
# "If N or more X are <participle> by this effect": at least N (the count's own "or more", 1.2.4); "If N X are …":
# exactly N. "removed by this effect" is "removed from the game by this effect" (15.1.1.5: the only removal).
@pytest.mark.parametrize(("text", "kind", "card_type", "op", "value"), [
    ("Remove up to 3 Forwards from the game. If 2 or more Forwards are removed by this effect, draw 1 card.",
     "removed_by_this_effect", "forward", ">=", 2),
    ("Break all the Forwards of cost 3 or less. If 3 or more Characters are broken by this effect, draw 2 cards.",
     "is_broken_by_this_effect", "character", ">=", 3),
    ("Return all the Backups to their owners' hands. If 2 Backups are returned to their owners' hands by this "
     "effect, draw 1 card.", "returned_to_hand_by_this_effect", "backup", "==", 2),
])
def test_11_11_5_or_more_by_this_effect_is_at_least(text: str, kind: str, card_type: str, op: str, value: int) -> None:
    cond = _of(one(text, name="Quillon"), Condition)[0]
    assert cond.kind == kind
    assert cond.selector.card_types == (card_type,)
    assert (cond.threshold.op, cond.threshold.value) == (op, value)


# ---------------------------------------------------------------- 4 a count given by another count
# "the same number of X as Y", "as many X as Y", "as many X as the number of Y": one construct for any verb that
# counts what it acts on — choosing (11.6.5: up to that many targets) and drawing (9.2: one card for each Y).
@pytest.mark.parametrize(("text", "card_type", "per_type", "per_owner"), [
    ("Draw as many cards as the number of Forwards you control.", None, "forward", Player.YOU),
    ("Your opponent draws the same number of cards as the Backups you control.", None, "backup", Player.YOU),
    ("Choose as many Forwards opponent controls as the number of Monsters you control. Dull them.", "forward",
     "monster", Player.YOU),
])
def test_4_a_count_given_by_another_count(text: str, card_type, per_type: str, per_owner: Player) -> None:
    from judge.text.ast import Draw, SetState

    ability = one(text, name="Quillon")
    if card_type is None:
        draw = _of(ability, Draw)[0]
        assert draw.count == 1 and draw.per.card_types == (per_type,) and draw.per.owner is per_owner
        return
    target = _of(ability, SetState)[0].target               # the chosen Forwards, dulled
    assert target.card_types == (card_type,) and target.owner is Player.OPPONENT and target.up_to
    bound = next(t for t in target.thresholds if t.stat == "count")
    assert bound.op == "<=" and bound.ref.card_types == (per_type,) and bound.ref.owner is per_owner


# ---------------------------------------------------------------- 11.6.6 a modal ability's options, one paragraph each
# "Select N of the M following actions." followed by M paragraphs, unquoted: each paragraph is one option (the break
# says where it starts, as the quotation marks do); a paragraph after the M options is an ability of its own.
@pytest.mark.parametrize(("text", "count", "options", "abilities"), [
    ("Select 1 of the 2 following actions.[[br]]   Choose 1 Forward of cost 3 or less. Break it.[[br]]   "
     "Draw 2 cards.", 1, (("Destroy",), ("Draw",)), 1),
    ("When Quillon enters the field, select up to 2 of the 3 following actions.[[br]]Draw 1 card.[[br]]"
     "Choose 1 Backup. Dull it.[[br]]Choose 1 Forward. It gains +1000 power until the end of the turn.",
     2, (("Draw",), ("SetState",), ("ModifyStat",)), 1),
    ("Your opponent selects 1 of the 2 following actions.[[br]] Discard 1 card.[[br]] Draw 1 card.[[br]] "
     "When Quillon attacks, draw 1 card.", 1, (("Discard",), ("Draw",)), 2),
])
def test_11_6_6_options_on_paragraphs_of_their_own(text: str, count: int, options: tuple, abilities: int) -> None:
    from judge.text.ast import Modal

    result = parse_text(text, "fftcg", name="Quillon")
    assert result.ok, result.unparsed
    assert len(result.abilities) == abilities
    modal = _of(result.abilities[0], Modal)[0]
    assert modal.count == count
    assert tuple(tuple(type(e).__name__ for e in o if type(e).__name__ != "Choose") for o in modal.options) == options


# ---------------------------------------------------------------- 11.12.4 "if (it is) possible"
# "If it is possible, …" is "if possible": the effect is done as far as it can be, in any sentence, a quoted granted
# ability's included; "if it is dull" keeps "it" as the subject it is.
@pytest.mark.parametrize(("text", "inner"), [
    ("If it is possible, choose 1 Forward opponent controls. Dull it.", False),
    ('Quillon gains "When Quillon attacks, choose 1 Forward opponent controls. If it is possible, it must block '
     'Quillon this turn."', True),
    ('Until the end of the turn, Quillon gains "If it is possible, Quillon must attack once per turn."', True),
])
def test_11_12_4_if_it_is_possible(text: str, inner: bool) -> None:
    from judge.text.ast import Ability, Possible

    ability = one(text, name="Quillon")
    assert _of(ability, Possible)
    granted = [a for a in walk(ability) if isinstance(a, Ability) and a is not ability]
    assert bool(granted and _of(granted[0], Possible)) is inner


def test_11_12_4_if_it_is_dull_keeps_its_subject() -> None:
    cond = _of(one("If it is dull, draw 1 card.", name="Quillon"), Condition)[0]
    assert (cond.kind, cond.selector.state) == ("state", "dull")


# ---------------------------------------------------------------- 5.2.6 / 11.12.5 "double" what follows it
# "double(s)" before what is doubled: the damage about to be dealt (11.12.5), or a power (5.2.6: its power added to
# itself for the duration said), whoever's power the stat says. The engine does not double a power: not executed.
@pytest.mark.parametrize(("text", "self_ref", "ref"), [
    ("When Quillon attacks, Quillon doubles its power until the end of the turn.", True, None),
    ("Choose 1 Forward. Double its power until the end of the turn.", False, None),
    ("Until the end of the turn, double the power of all the Backups you control.", False, None),
])
def test_5_2_6_a_power_doubled(text: str, self_ref: bool, ref) -> None:
    from judge.engine.support import unexecuted
    from judge.text.ast import Duration, ModifyStat

    ability = one(text, name="Quillon")
    mod = _of(ability, ModifyStat)[0]
    assert (mod.stat, mod.amount, mod.duration) == ("power_double", 2, Duration.TURN)
    assert mod.target.self_ref is self_ref and mod.target.ref == ref
    assert "modify_stat stat power_double" in unexecuted("fftcg", ability)


# ---------------------------------------------------------------- 5.2.5 / 11.12.4.2 losing Jobs
# "lose(s) its / their Job(s)" is losing all of what a card has of one kind, as "loses all its abilities" is.
@pytest.mark.parametrize(("text", "owner", "kind"), [
    ("When Quillon attacks, all Characters opponent controls lose their Jobs until the end of the turn.",
     Player.OPPONENT, "character"),
    ("Choose 1 Forward. It loses its Job until the end of the turn.", None, "forward"),
    ("The Backups you control lose their Jobs.", Player.YOU, "backup"),
])
def test_5_2_5_a_card_loses_its_jobs(text: str, owner, kind: str) -> None:
    from judge.engine.support import unexecuted

    ability = one(text, name="Quillon")
    r = _of(ability, Restriction)[0]
    assert (r.mode, r.action) == ("lose", "all_jobs")
    assert r.target.owner is owner and r.target.card_types == (kind,)
    assert any("lose all_jobs" in gap for gap in unexecuted("fftcg", ability))


# ---------------------------------------------------------------- 11.11 one subject, two verbs
# "X <verb phrase> and gains / loses / deals / draws …": a verb in the third person after "and" goes on with the same
# subject (an imperative clause never opens with one), with a modal before the first verb or not.
@pytest.mark.parametrize(("text", "kind", "player", "self_ref"), [
    ("When Quillon attacks, Quillon loses 1000 power and gains Brave until the end of the turn.", "Gain", None, True),
    ("Quillon cannot be chosen by Summons this turn and gains Haste until the end of the turn.", "Gain", None, True),
    ("Your opponent discards 1 card and draws 1 card.", "Draw", Player.OPPONENT, None),
])
def test_11_11_the_subject_said_once_for_two_verbs(text: str, kind: str, player, self_ref) -> None:
    second = next(e for e in one(text, name="Quillon").effects if type(e).__name__ == kind)
    if kind == "Draw":
        assert second.player is player
    else:
        assert second.target.self_ref is self_ref and second.target.ref is None


# ---------------------------------------------------------------- 7.11 added to a hand, from any zone
# "is added to your hand (from <zone>)": one participle with the zone left said by the same "from" construct as
# everywhere. The engine watches none of these events: each trigger is reported not executed.
@pytest.mark.parametrize(("text", "kind", "place"), [
    ("When a card is added to your hand from the Break Zone, draw 1 card.", "added_to_hand_from_break_zone", "break"),
    ("When a Forward is added to your hand from your deck, Quillon gains +1000 power until the end of the turn.",
     "added_from_deck", "deck"),
    ("When a Backup is added to your hand, draw 1 card.", "added_to_hand", None),
])
def test_7_11_a_card_added_to_a_hand_from_a_zone(text: str, kind: str, place) -> None:
    from judge.engine.support import unexecuted

    ability = one(text, name="Quillon")
    event = ability.trigger.events[0]
    assert (event.kind, event.place) == (kind, place)
    assert f"trigger {kind}" in unexecuted("fftcg", ability)


# ---------------------------------------------------------------- 9.2 / 11.3 what a player has drawn or cast so far
# "X has drawn / cast <selector> (this turn)": one predicate, the cards counted by the selector's own count (1.2.4).
@pytest.mark.parametrize(("text", "kind", "stat", "op", "value", "player"), [
    ("If you have drawn 2 or more cards this turn, draw 1 card.", "drawn", "drawn", ">=", 2, Player.YOU),
    ("If your opponent has drawn 3 or more cards, Quillon gains +1000 power.", "opp_drawn", "drawn", ">=", 3,
     Player.OPPONENT),
    ("If you have cast 2 or more cards this turn, draw 1 card.", "cast", "cast", ">=", 2, Player.YOU),
])
def test_9_2_drawn_or_cast_so_far_counted(text: str, kind: str, stat: str, op: str, value: int, player) -> None:
    cond = _of(one(text, name="Quillon"), Condition)[0]
    assert (cond.kind, cond.player) == (kind, player)
    assert (cond.threshold.stat, cond.threshold.op, cond.threshold.value) == (stat, op, value)


def test_9_2_the_kind_of_cards_drawn_is_said_not_modelled() -> None:
    result = parse_text("If you have drawn a Forward this turn, draw 1 card.", "fftcg", name="Quillon")
    assert not result.ok
    assert any("not modelled" in why for u in result.unparsed for why in u.expected)


# ---------------------------------------------------------------- 1.2.4 / 6.6 one card, however the count says it
# "a", "an", "another", "one of": one count word before any selector, exactly one card.
@pytest.mark.parametrize(("text", "kind", "owner"), [
    ("Choose one of your Forwards. Dull it.", "forward", Player.YOU),
    ("Choose one of your opponent's Backups. Dull it.", "backup", Player.OPPONENT),
    ("Choose a Monster opponent controls. Break it.", "monster", Player.OPPONENT),
])
def test_1_2_4_one_card_said_by_its_count_word(text: str, kind: str, owner: Player) -> None:
    target = one(text, name="Quillon").effects[0].target
    assert (target.count, target.up_to, target.card_types, target.owner) == (1, False, (kind,), owner)


# ---------------------------------------------------------------- 4.1 a count compared
# "the number of X is N (or more / less)" or "… is greater / less than the number of Y": one condition, the count
# of X compared with a number (then it is "you control N or more X") or with the count of Y.
@pytest.mark.parametrize(("text", "op", "value", "ref_type"), [
    ("If the number of Forwards you control is 3 or more, draw 1 card.", ">=", 3, None),
    ("If the number of Forwards opponent controls is 2 or less, draw 1 card.", "<=", 2, None),
    ("If the number of Backups you control are less than the number of Backups opponent controls, draw 1 card.",
     "<", 0, "backup"),
])
def test_4_1_a_count_compared_with_a_number_or_a_count(text: str, op: str, value: int, ref_type) -> None:
    cond = one(text, name="Quillon").effects[0].condition
    if ref_type is None:
        count = next(t for t in cond.selector.thresholds if t.stat == "count")
        assert (type(cond).__name__, count.op, count.value) == ("Controls", op, value)
        return
    assert (cond.kind, cond.threshold.op, cond.threshold.value) == ("count_compare", op, value)
    assert cond.threshold.ref.card_types == (ref_type,) and cond.threshold.ref.owner is Player.OPPONENT


# ---------------------------------------------------------------- 4 / 5.2 counted once per different value
# "with different X" and "of a different X" (each one of another name, Element, cost): one qualifier, wherever a
# selector stands — a "for each" included. The engine does not count by distinct values: reported not executed.
@pytest.mark.parametrize(("text", "distinct", "gap"), [
    ("The cost required to cast Quillon is reduced by 1 for each Backup of a different name you control.", ("name",),
     "field cost_change for each … of a different name"),
    ("Quillon gains +1000 power for each Forward of a different Element you control.", ("element",),
     "field modify_stat for each … of a different element"),
    ("Draw 1 card for each Backup of a different cost you control.", ("cost",), "draw (per.distinct)"),
])
def test_4_for_each_card_of_a_different_value(text: str, distinct: tuple, gap: str) -> None:
    from judge.engine.support import unexecuted

    ability = one(text, name="Quillon")
    assert ability.effects[0].per.distinct == distinct
    assert gap in unexecuted("fftcg", ability)
