"""FFTCG constructs generalised in session 14 (issue 20): each is defined once in grammar/fftcg.lark and read in
every slot the templating language puts it, so that combinations nobody here has read parse and type. Every
phrasing is our own (the invented card name "Quillon"; recombinations of known parts); each test asserts the
typed meaning and is named after the FFTCG Comprehensive Rules clause that gives it."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import Move, Player, walk


def _of(ability, kind) -> list:
    return [n for n in walk(ability) if isinstance(n, kind)]


# ---------------------------------------------------------------- 15.1.1.5 remove from the game, the object said last
# "Remove from the game X" is "Remove X from the game": the same verb, its object after the destination; any selector.
@pytest.mark.parametrize(("text", "kind", "owner", "colors", "zone"), [
    ("Remove from the game all the Forwards opponent controls.", "forward", Player.OPPONENT, (), None),
    ("Remove from the game all the Backups on the field other than Fire.", "backup", None, ("not_fire",), "field"),
    ("Choose 1 Summon in your opponent's Break Zone. Remove from the game it and all the cards in your Break Zone.",
     None, None, (), None),
])
def test_15_1_1_5_remove_from_the_game_with_the_object_said_last(text: str, kind, owner, colors, zone) -> None:
    move = _of(one(text, name="Quillon"), Move)[-1]
    assert move.dest == "removed"
    t = move.target
    if kind is None:                                           # "it and all the cards …": the chosen Summon, and more
        assert t.card_types == ("summon",) and t.count == 1 and t.also and t.also[0].zone == "break"
        return
    assert t.card_types == (kind,) and t.count is None and t.owner == owner
    assert t.colors == colors and t.zone == zone


# ---------------------------------------------------------------- 7.7 / 6.2 the field a selector names
# "on the field" after any card selector names the zone; "on your opponent's field" is the cards they control, and
# "from his / their field" those of the player who acts, filled from the verb's subject (as "he/she controls").
@pytest.mark.parametrize(("text", "owner", "zone"), [
    ("Break all the Monsters on the field.", None, "field"),
    ("Choose 1 Backup on your opponent's field. Dull it.", Player.OPPONENT, None),
    ("Your opponent puts 1 Forward from their field into the Break Zone.", Player.OPPONENT, None),
])
def test_7_7_a_selector_names_the_field_it_is_on(text: str, owner, zone) -> None:
    sel = next(n for n in walk(one(text, name="Quillon")) if getattr(n, "card_types", None) in
               (("monster",), ("backup",), ("forward",)))
    assert sel.owner == owner and sel.zone == zone


# ---------------------------------------------------------------- 11.11.5 what the player did earlier in this effect
# "If / When you removed 2 or more cards", "If you added a Forward to your hand", "When you reveal no Summons": the
# cards one earlier action of the same effect used, counted (any selector, any count, past or present tense) — the
# same condition as "… are removed by this effect". The engine keeps no record of these actions: not executed.
@pytest.mark.parametrize(("text", "kind", "card_type", "op", "value"), [
    ("Remove up to 3 cards in your Break Zone from the game. When you removed 2 or more cards, draw 1 card.",
     "removed_by_this_effect", "card", ">=", 2),
    ("Reveal the top 3 cards of your deck. Add 1 card among them to your hand. If you added a Backup to your hand, "
     "draw 1 card.", "added_to_hand_by_this_effect", "backup", ">=", 1),
    ("You may reveal any number of Monsters from your hand. When you reveal no Monsters, draw 1 card.",
     "revealed_by_this_effect", "monster", "==", 0),
])
def test_11_11_5_a_condition_counts_what_an_earlier_action_of_the_effect_used(
        text: str, kind: str, card_type: str, op: str, value: int) -> None:
    from judge.engine.support import unexecuted
    from judge.text.ast import Condition

    ability = one(text, name="Quillon")
    cond = _of(ability, Condition)[0]
    assert cond.kind == kind and cond.player == Player.YOU
    assert cond.selector.card_types == (card_type,) and cond.selector.count is None
    assert (cond.threshold.stat, cond.threshold.op, cond.threshold.value) == ("count", op, value)
    assert f"condition {kind}" in list(unexecuted("fftcg", ability))    # said, never claimed as run


# ---------------------------------------------------------------- 11.6.5 / 7.11 "the chosen X", "the added X"
# "the chosen Forward" is what the last choice took, even after other cards were spoken of since (the rest of a
# reveal); "the added card" what the last "add … to your hand" took; with nothing in between, the cards just named.
@pytest.mark.parametrize(("text", "target_type", "source_zone"), [
    ("Choose 1 Forward. Reveal the top 2 cards of your deck. Add 1 card among them to your hand and return the "
     "other cards to the bottom of your deck in any order. Deal the chosen Forward damage equal to the power of the "
     "added card.", "forward", "revealed"),
    ("Choose 1 Monster. Reveal the top 4 cards of your deck. Add 1 Forward among them to your hand and put the other "
     "cards into the Break Zone. Deal the chosen Monster damage equal to the power of the added Forward.",
     "monster", "revealed"),
    ("Choose 1 Forward opponent controls. Deal the chosen Forward damage equal to Quillon's power.", "forward", None),
])
def test_11_6_5_the_chosen_card_is_what_the_last_choice_took(text: str, target_type: str, source_zone) -> None:
    from judge.text.ast import Damage

    dmg = _of(one(text, name="Quillon"), Damage)[0]
    assert dmg.target.card_types == (target_type,) and dmg.target.choose == "choose" and dmg.target.ref is None
    if source_zone is None:
        assert dmg.source is None or dmg.source.self_ref
    else:                                                      # the card added to the hand, not the rest
        assert dmg.source.zone == source_zone and dmg.source.ref is None and dmg.source.count == 1


# ---------------------------------------------------------------- 11.12.4.2 / 5.2.6 a power set, whose said in the genitive
# "all the Forwards' power becomes N": the plural genitive is a selector like any other (count, owner, status, type)
# wherever a power is named (`stat_ref`): set, here, as "X's power" and "the power of X" are.
@pytest.mark.parametrize(("text", "kind", "owner", "state", "amount"), [
    ("Choose 1 Forward. Its power becomes 3000 until the end of the turn. If you control 3 or more Backups, all the "
     "Forwards' power become 3000 until the end of the turn instead.", "forward", None, None, 3000),
    ("Your opponent's dull Backups' power becomes 1000 until the end of the turn.", "backup", Player.OPPONENT, "dull",
     1000),
    ("When Quillon attacks, all the active Monsters’ power becomes 7000 until the end of the turn.", "monster", None,
     "active", 7000),
])
def test_11_12_4_2_a_plural_genitive_names_whose_power_is_set(text: str, kind, owner, state, amount: int) -> None:
    from judge.text.ast import ModifyStat

    m = _of(one(text, name="Quillon"), ModifyStat)[-1]
    assert m.stat == "power_set" and m.amount == amount
    assert m.target.card_types == (kind,) and m.target.count is None and m.target.owner == owner
    assert m.target.state == state
