"""FFTCG constructs generalised from the phrasebook (issue 20, tests/text/fftcg_phrasebook.txt): each is
defined once in grammar/fftcg.lark and read wherever the templating language puts it, so lines nobody here has
read parse and type. Every phrasing is our own (the invented card name "Quillon"; new combinations of known
parts); each test asserts the typed meaning and is named after the FFTCG Comprehensive Rules clause."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.engine.support import unexecuted
from judge.text.ast import GainCrystal, Player, Selector, walk
from judge.text.parse import parse_text


def _of(ability, kind) -> list:
    return [n for n in walk(ability) if isinstance(n, kind)]


# ---------------------------------------------------------------- 11.8.2 the window a trigger listens in, said last
# "When X attacks during your opponent's turn" is "During your opponent's turn, when X attacks": one window for
# the whole trigger, after any events the trigger joins; the engine listens only inside it.
@pytest.mark.parametrize(("text", "kinds", "whose"), [
    ("When Quillon blocks during your opponent's turn, draw 1 card.", ("blocks",), Player.OPPONENT),
    ("When a Forward opponent controls is broken during your turn, gain 《C》.", ("is_broken",), Player.YOU),
    ("When Quillon attacks or is chosen by your opponent's abilities during your turn, Quillon gains +1000 power "
     "until the end of the turn.", ("attacks", "is_chosen"), Player.YOU),
])
def test_11_8_2_a_trigger_window_said_after_its_events(text: str, kinds: tuple, whose: Player) -> None:
    ability = one(text, name="Quillon")
    trigger = ability.trigger
    assert tuple(e.kind for e in trigger.events) == kinds
    assert trigger.window is not None and trigger.window.whose is whose and trigger.window.phase is None
    assert not [g for g in unexecuted("fftcg", ability) if "window" in g]


# ---------------------------------------------------------------- 6.8 only Crystals are gained
# "Gain 《C》《C》" gains as many Crystals as it shows; a player never gains CP of an Element, so "gain 《火》" is
# not read (it was once typed as one Crystal).
@pytest.mark.parametrize(("text", "count"), [
    ("When Quillon blocks, gain 《C》《C》《C》.", 3),
    ("《ダル》, discard 1 card: Gain 《C》.", 1),
    ("When Quillon leaves the field, gain 《C》《C》.", 2),
])
def test_6_8_gain_counts_the_crystals_shown(text: str, count: int) -> None:
    (gain,) = _of(one(text, name="Quillon"), GainCrystal)
    assert gain.count == count


@pytest.mark.parametrize("text", ["When Quillon blocks, gain 《火》.", "《ダル》: Gain 《水》《1》."])
def test_6_8_no_element_cp_is_gained(text: str) -> None:
    result = parse_text(text, "fftcg", name="Quillon")
    assert not result.ok and not any(_of(a, GainCrystal) for a in result.abilities)




# ---------------------------------------------------------------- 5.2.1 / 5.2.6 the highest or lowest cost or power
# "the lowest power Forward", "the Backup with the highest cost": one state for the extreme and the stat, said before
# the noun or after it with "with the"; the engine takes it among the field's cards that fit the rest.
@pytest.mark.parametrize(("text", "state", "types", "owner"), [
    ("Choose 1 lowest power Forward opponent controls. Deal it 3000 damage.", "lowest_power", ("forward",),
     Player.OPPONENT),
    ("When Quillon attacks, choose up to 1 Backup with the highest cost opponent controls. Dull it.", "highest_cost",
     ("backup",), Player.OPPONENT),
    ("《ダル》: Choose 1 Character with the lowest cost you control. Activate it.", "lowest_cost", ("character",),
     Player.YOU),
])
def test_5_2_1_a_selector_names_the_extreme_of_a_stat(text: str, state: str, types: tuple, owner: Player) -> None:
    ability = one(text, name="Quillon")
    sel = next(s for s in _of(ability, Selector) if s.state is not None)
    assert (sel.state, sel.card_types, sel.owner) == (state, types, owner)
    assert not unexecuted("fftcg", ability)


def _two_forwards():
    from judge.engine.scenario import load_scenario

    def card(name: str, cost: int, power: int) -> dict:
        return {"name": name, "type": "forward", "element": ["fire"], "cost": cost, "power": power, "job": "Soldier",
                "category": "SAMPLE", "text": ""}
    data = {"game": "fftcg", "title": "inline", "cards": {"big": card("Big", 5, 9000), "small": card("Small", 2, 4000)},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"B": {"field": [{"id": "b1", "card": "big"}, {"id": "b2", "card": "small"}]}},
            "actions": [], "expect": []}
    return load_scenario("inline.yaml", data).state


@pytest.mark.parametrize(("state", "fits"), [("highest_cost", "b1"), ("lowest_power", "b2"), ("lowest_cost", "b2")])
def test_5_2_1_the_engine_takes_the_extreme_among_the_cards_the_selector_names(state: str, fits: str) -> None:
    from judge.engine.fftcg.query import matches

    s = _two_forwards()
    sel = Selector(count=1, owner=Player.OPPONENT, card_types=("forward",), state=state)
    assert [u for u in ("b1", "b2") if matches(s, u, sel, "A", None)] == [fits]


# ---------------------------------------------------------------- 6.6 "any other X": other than this card
# "any" takes "other" as "all the" and "up to N" do: "if you don't control any other Forwards" is about the
# Forwards besides this card, in every condition, effect or restriction a selector stands in.
@pytest.mark.parametrize(("text", "kind", "player", "none"), [
    ("When Quillon enters the field, if you don't control any other Forwards, draw 2 cards.", "forward",
     Player.YOU, True),
    ("If you control any other Backups, Quillon cannot be chosen by your opponent's abilities.", "backup",
     Player.YOU, False),
    ("When Quillon attacks, if your opponent doesn't control any other Monsters, Quillon gains +1000 power until "
     "the end of the turn.", "monster", Player.OPPONENT, True),
])
def test_6_6_any_other_leaves_this_card_out(text: str, kind: str, player: Player, none: bool) -> None:
    from judge.text.ast import Controls

    (cond,) = _of(one(text, name="Quillon"), Controls)
    assert cond.selector.card_types == (kind,) and cond.selector.other is True
    assert (cond.player, cond.none) == (player, none)


# ---------------------------------------------------------------- 9 "each turn": every player's turn
# "At the end of each turn" is "at the end of each player's turn": the moment comes in both players' turns.
@pytest.mark.parametrize(("text", "edge"), [
    ("At the end of each turn, remove 1 Doom Counter from Quillon.", "end"),
    ("At the beginning of each turn, choose 1 Forward opponent controls. Dull it.", "beginning"),
    ("At the end of each turn, if Quillon is dull, activate Quillon.", "end"),
])
def test_9_each_turn_is_every_players_turn(text: str, edge: str) -> None:
    at = one(text, name="Quillon").trigger.at
    assert (at.edge, at.phase, at.whose) == (edge, "turn", Player.ANY)


# ---------------------------------------------------------------- 11.12.4.4 "as long as", said after the effect
# "X gains Brave as long as Y" is "As long as Y, X gains Brave": the effects hold only while Y holds (lasting),
# the same node either way; the engine runs the one as it runs the other.
@pytest.mark.parametrize(("suffix", "lead", "cond_kind"), [
    ("Quillon gains First Strike as long as you have received 5 points of damage or more.",
     "As long as you have received 5 points of damage or more, Quillon gains First Strike.", "DamageCount"),
    ("The Forwards you control gain +1000 power as long as you control 3 or more Backups.",
     "As long as you control 3 or more Backups, the Forwards you control gain +1000 power.", "Controls"),
    ("Quillon cannot be chosen by your opponent's Summons as long as your opponent has 2 or fewer cards in hand.",
     "As long as your opponent has 2 or fewer cards in hand, Quillon cannot be chosen by your opponent's Summons.",
     "HandCount"),
])
def test_11_12_4_4_as_long_as_said_after_the_effect(suffix: str, lead: str, cond_kind: str) -> None:
    from judge.text.ast import Conditional

    said_after, said_first = one(suffix, name="Quillon"), one(lead, name="Quillon")
    (after,), (first,) = _of(said_after, Conditional), _of(said_first, Conditional)
    assert after.lasting and type(after.condition).__name__ == cond_kind
    assert _unspanned(after) == _unspanned(first)
    assert unexecuted("fftcg", said_after) == unexecuted("fftcg", said_first)


def _unspanned(node):
    """A node's meaning: every span and printed text left out (the two phrasings differ only in where words are)."""
    from dataclasses import fields, is_dataclass, replace

    if isinstance(node, tuple):
        return tuple(_unspanned(x) for x in node)
    if not is_dataclass(node):
        return node
    keep = {f.name: _unspanned(getattr(node, f.name)) for f in fields(node) if f.init}
    for k in ("span", "text"):
        if k in keep:
            keep[k] = None
    return replace(node, **keep)


# ---------------------------------------------------------------- 6.2.4 "onto the field under X's control"
# "onto the field under your control" is "onto your field"; "under its owner's control" is what "onto the field"
# says by itself (6.2.4: unless said otherwise, under its owner's control); in every verb that names a field.
@pytest.mark.parametrize(("text", "onto", "dull"), [
    ("When Quillon enters the field, choose 1 Forward in your opponent's Break Zone. Play it onto the field under "
     "your control.", Player.YOU, False),
    ("Choose 1 Monster removed from the game. At the end of the turn, play it onto the field under its owner's "
     "control dull.", None, True),
    ("When Quillon leaves the field, choose 1 Backup in your Break Zone. Play it onto the field under your "
     "opponent's control.", Player.OPPONENT, False),
])
def test_6_2_4_the_field_under_a_players_control(text: str, onto, dull: bool) -> None:
    from judge.text.ast import Deploy

    (deploy,) = _of(one(text, name="Quillon"), Deploy)
    assert (deploy.verb, deploy.onto, deploy.dull) == ("play", onto, dull)


# ---------------------------------------------------------------- 5.2.1 / 5.2.6 "the cost of X", "the power of X"
# A cost or power compared with another card's, that card's stat said by name ("less than the power of X") as it
# is said by "that of X" or "X's": the same threshold, any comparison; a cost against a power is not read.
@pytest.mark.parametrize(("text", "same_as", "stat", "op"), [
    ("When Quillon enters the field, choose 1 Forward with a cost equal to or less than the cost of Quillon. "
     "Break it.", "When Quillon enters the field, choose 1 Forward with a cost equal to or less than Quillon's. "
     "Break it.", "cost", "<="),
    ("《ダル》: Choose 1 Forward with a power less than the power of Quillon. Dull it.",
     "《ダル》: Choose 1 Forward with a power less than that of Quillon. Dull it.", "power", "<"),
    ("When Quillon attacks, choose 1 Backup of cost greater than the cost of Quillon. Dull it.",
     "When Quillon attacks, choose 1 Backup of cost greater than that of Quillon. Dull it.", "cost", ">"),
])
def test_5_2_1_a_stat_against_the_stat_of_another_card(text: str, same_as: str, stat: str, op: str) -> None:
    from judge.text.ast import Threshold

    ability = one(text, name="Quillon")
    (th,) = [t for t in _of(ability, Threshold) if t.ref is not None]
    assert (th.stat, th.op) == (stat, op)
    assert _unspanned(ability.effects) == _unspanned(one(same_as, name="Quillon").effects)


def test_5_2_1_a_cost_against_a_power_is_not_read() -> None:
    assert not parse_text("Choose 1 Forward with a cost equal to the power of Quillon. Break it.", "fftcg",
                          name="Quillon").ok


# ---------------------------------------------------------------- 5.2.3 a card type before "card(s)"
# "2 Summon cards", "a Forward card", "all the Backup cards": the card type said before "card" / "cards" is the
# card type alone (the plural with "cards"), in costs, choices and every other selector.
@pytest.mark.parametrize(("text", "same_as", "kind"), [
    ("Remove 2 Character cards in your Break Zone from the game: Quillon gains +2000 power until the end of the "
     "turn.", "Remove 2 Characters in your Break Zone from the game: Quillon gains +2000 power until the end of "
     "the turn.", "character"),
    ("When Quillon enters the field, add all the Backup cards in your Break Zone to your hand.",
     "When Quillon enters the field, add all the Backups in your Break Zone to your hand.", "backup"),
    ("《ダル》: Choose 1 Summon card in your Break Zone. Remove it from the game.",
     "《ダル》: Choose 1 Summon in your Break Zone. Remove it from the game.", "summon"),
])
def test_5_2_3_a_card_type_said_before_cards(text: str, same_as: str, kind: str) -> None:
    ability, plain = one(text, name="Quillon"), one(same_as, name="Quillon")
    assert any(s.card_types == (kind,) for s in _of(ability, Selector))
    assert _unspanned(ability) == _unspanned(plain)
    assert unexecuted("fftcg", ability) == unexecuted("fftcg", plain)


# ---------------------------------------------------------------- 9.5.1.3.1 "that has received damage this turn"
# A Forward that has received (been dealt) damage this turn is a damaged Forward: the damage it took stays on it
# until the End Phase removes it, so the relative clause is the state "damaged", after any other post-modifier.
@pytest.mark.parametrize(("text", "count", "owner"), [
    ("《1》《ダル》: Choose 1 Forward that has received damage this turn. Break it.", 1, None),
    ("At the end of each of your turns, break all the Forwards that have been dealt damage this turn.", None, None),
    ("When Quillon attacks, choose 1 Forward opponent controls that has received damage this turn. Dull it.", 1,
     Player.OPPONENT),
])
def test_9_5_1_3_1_a_forward_that_has_received_damage_this_turn(text: str, count, owner) -> None:
    ability = one(text, name="Quillon")
    sel = next(s for s in _of(ability, Selector) if s.state == "damaged")
    assert (sel.count, sel.owner, sel.card_types) == (count, owner, ("forward",))
    assert not unexecuted("fftcg", ability)


# ---------------------------------------------------------------- 15.1.1.8 who searches
# "Your opponent searches for X and adds it to their hand": the player the sentence names searches their own deck
# (it was read as you searching yours); "you" stays the default. An opponent's search is not executed (the engine
# searches the controller's deck), and says so.
@pytest.mark.parametrize(("text", "player"), [
    ("Your opponent searches for 1 Forward and adds it to their hand.", Player.OPPONENT),
    ("When Quillon leaves the field, your opponent may search for 1 Backup of cost 2 or less and add it to their "
     "hand.", Player.OPPONENT),
    ("When Quillon enters the field, you may search for 1 Monster and add it to your hand.", None),
])
def test_15_1_1_8_the_player_who_searches(text: str, player) -> None:
    from judge.text.ast import Search

    ability = one(text, name="Quillon")
    (search,) = _of(ability, Search)
    assert (search.player, search.dest) == (player, "hand")
    assert ("search (player)" in unexecuted("fftcg", ability)) is (player is not None)
