"""FFTCG constructs made compositional in session 13: each construct is defined once in grammar/fftcg.lark
and read in every slot the templating language puts it, so that combinations nobody here has read parse
and type. Every phrasing is our own (invented card names "Quillon", "Varda"; recombinations of known parts),
at least one per construct printed on no card; each test asserts the typed meaning."""

from __future__ import annotations

import pytest
from text_helpers import fftcg_one as one

from judge.text.ast import Event, Restriction, walk


def _of(ability, kind) -> list:
    return [n for n in walk(ability) if isinstance(n, kind)]


# ---------------------------------------------------------------- 6.4 a card as the source of an act
# "by a Forward of cost 3 or less" after every participle (broken, dulled, chosen, removed, put …), not only
# after "dealt damage": the acting card is a selector like any other, with its qualifiers.
@pytest.mark.parametrize(("text", "action", "kind", "cost"), [
    ("Quillon cannot be broken by Forwards of cost 3 or less.", "be_broken", "forward", 3),
    ("Quillon cannot be chosen by a Backup opponent controls.", "be_chosen", "backup", None),
    ("Quillon cannot be returned to its owner's hand by Characters of cost 2 or less.",
     "be_returned_to_owners_hand", "character", 2),
])
def test_6_4_a_card_is_the_source_of_a_restricted_act(text: str, action: str, kind: str, cost) -> None:
    r = next(r for r in _of(one(text, name="Quillon"), Restriction) if r.action == action)
    assert r.mode == "cannot" and r.by is not None and r.by.card_types == (kind,)
    assert r.by.count is None                                  # which cards act, not how many
    if cost is not None:
        assert (r.by.thresholds[0].stat, r.by.thresholds[0].value) == ("cost", cost)


@pytest.mark.parametrize(("text", "kind", "by"), [
    ("When Quillon is broken by a Forward, draw 1 card.", "is_broken", "forward"),
    ("When Quillon is dulled by a Monster opponent controls, draw 1 card.", "dulled", "monster"),
    ("When Quillon is removed from the game by a Backup, draw 1 card.", "removed_from_game", "backup"),
    ("When Quillon is put from the field into the Break Zone by a Forward, draw 1 card.", None, "forward"),
])
def test_6_4_a_card_is_the_source_of_an_event(text: str, kind, by: str) -> None:
    ev = _of(one(text, name="Quillon"), Event)[0]
    assert kind is None or ev.kind == kind
    assert ev.by is not None and ev.by.card_types == (by,) and ev.by.count is None


def test_6_4_a_backups_ability_stays_an_ability() -> None:
    ev = _of(one("When Quillon is chosen by a Backup's ability, draw 1 card.", name="Quillon"), Event)[0]
    assert ev.by is not None and ev.by.card_types == ("ability",)


# ---------------------------------------------------------------- 6.4 / 11.12.4 participles joined by "or" / ","
# "cannot be broken or returned to its owner's hand by X", "is dulled or frozen by X": one act per participle,
# the source said after the last holding for each participle before it (never for one after it).
@pytest.mark.parametrize(("text", "actions"), [
    ("Quillon cannot be broken or returned to its owner's hand by your opponent's Summons or abilities.",
     ["be_broken", "be_returned_to_owners_hand"]),
    ("Quillon cannot be dulled or frozen by your opponent's abilities.", ["become_dull", "be_frozen"]),
    ("The Forwards you control cannot be broken, returned to their owners' hands or removed from the game "
     "by your opponent's Summons.", ["be_broken", "be_returned_to_owners_hand", "be_removed_from_the_game"]),
])
def test_participles_joined_share_the_source_said_last(text: str, actions: list) -> None:
    rs = [r for r in _of(one(text, name="Quillon"), Restriction) if r.mode == "cannot"]
    assert [r.action for r in rs] == actions
    assert all(r.by is not None and r.by.owner is not None for r in rs)


def test_a_source_said_before_a_participle_is_not_its_source() -> None:
    rs = _of(one("Quillon cannot be chosen by Summons or broken.", name="Quillon"), Restriction)
    assert [(r.action, r.by is not None) for r in rs] == [("be_chosen", True), ("be_broken", False)]


@pytest.mark.parametrize(("text", "kinds"), [
    ("When Quillon is broken or removed from the game, draw 1 card.", ["is_broken", "removed_from_game"]),
    ("When Quillon is dulled or frozen by your opponent's Summons, draw 1 card.", ["dulled", "frozen"]),
    ("When a Forward you control is chosen or dealt damage by a Summon, draw 1 card.", None),
])
def test_11_8_2_an_event_of_participles_joined(text: str, kinds) -> None:
    evs = _of(one(text, name="Quillon"), Event)
    assert len(evs) == 2 and (kinds is None or [e.kind for e in evs] == kinds)
    if "by" in text:
        assert all(e.by is not None for e in evs)


def test_a_frozen_state_stays_a_state() -> None:
    ability = one("If Quillon is frozen, draw 1 card.", name="Quillon")
    assert not _of(ability, Restriction)


# ---------------------------------------------------------------- 6.4 a Summon or an ability with its qualifiers
# the Elements ("Light or Dark Summons"), the cost ("Summons or abilities of cost 3 or less", said after the last
# source it holds for each) and a plural card type in the genitive ("Monsters' abilities") on any source.
@pytest.mark.parametrize(("text", "types", "colors", "cost"), [
    ("Quillon cannot be chosen by Light or Dark Summons.", ("summon",), ("light", "dark"), None),
    ("Quillon cannot be chosen by your opponent's Summons or abilities of cost 3 or less.",
     ("summon", "ability"), (), 3),
    ("When Quillon is chosen by a Summon of cost 2 or less, draw 1 card.", ("summon",), (), 2),
])
def test_6_4_a_source_takes_elements_and_a_cost(text: str, types: tuple, colors: tuple, cost) -> None:
    node = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, (Event, Restriction)) and n.by)
    assert node.by.card_types == types and node.by.colors == colors
    assert [t.value for t in node.by.thresholds if t.stat == "cost"] == ([cost] if cost else [])


@pytest.mark.parametrize(("text", "about"), [
    ("Quillon cannot be chosen by Summons or Monsters' abilities.", "monster"),
    ("Quillon cannot be chosen by your opponent's Forwards' abilities.", "forward"),
    ("When Quillon is chosen by Backups' abilities, draw 1 card.", "backup"),
])
def test_6_4_the_abilities_of_a_plural_card_type(text: str, about: str) -> None:
    node = next(n for n in walk(one(text, name="Quillon")) if isinstance(n, (Event, Restriction)) and n.by)
    assert "ability" in node.by.card_types and node.by.about.card_types == (about,)


def test_6_4_sources_of_different_costs_are_not_merged() -> None:
    from judge.text.parse import parse_text

    assert not parse_text("Quillon cannot be chosen by Summons of cost 3 or less or abilities.", "fftcg",
                          name="Quillon").ok


# ---------------------------------------------------------------- 4 / 7.8.2 "for each" after points of damage
# the amount per card counted, after every amount verb: points of damage dealt to or received by a player too
@pytest.mark.parametrize(("text", "player", "per"), [
    ("Quillon deals your opponent 1 point of damage for each Forward you control.", "opponent", "forward"),
    ("Deal 1 point of damage to your opponent for each Backup you control.", "opponent", "backup"),
    ("You receive 1 point of damage for each Monster opponent controls.", "you", "monster"),
])
def test_4_points_of_damage_for_each(text: str, player: str, per: str) -> None:
    from judge.text.ast import Damage

    d = _of(one(text, name="Quillon"), Damage)[0]
    assert d.target is None and d.player.value == player and d.per.card_types == (per,)


# ---------------------------------------------------------------- 11.6.5 choosing the new target
# "choose X to become the new target (The newly chosen X must be a valid choice)": the Summon or ability
# chosen before is now choosing X, X any selector ("another Forward you control", "another target").
@pytest.mark.parametrize(("text", "kind", "valid"), [
    ("Choose 1 Summon that is choosing only Quillon. You may choose another Forward you control to become the "
     "new target (The newly chosen Forward must be a valid choice).", ("forward",), True),
    ("Choose 1 ability that is choosing 1 Backup. You may choose another Backup opponent controls to become "
     "the new target.", ("backup",), False),
    ("Choose 1 Summon that is choosing only Quillon. You may choose another target to become the new target "
     "(The newly chosen target must be a valid choice).", (), True),
])
def test_11_6_5_choose_the_new_target(text: str, kind: tuple, valid: bool) -> None:
    from judge.text.ast import ChangeTarget
    from judge.text.fftcg.render import round_trip

    ability = one(text, name="Quillon")
    ct = _of(ability, ChangeTarget)[0]
    assert ct.chosen and ct.to.card_types == kind and ct.if_possible is valid
    assert round_trip(ability, "Quillon").same_ast


# ---------------------------------------------------------------- 11.12.4.4 windows: whose turn and which phase
# "during each of your turns" is your turn; "during the Attack Phase" / "during each Attack Phase" is that phase
# of any player's turn; a window with a phase is kept as the effect's condition, never dropped.
@pytest.mark.parametrize(("text", "whose", "phase"), [
    ("During each of your turns, Quillon gains Haste.", "you", None),
    ("During the Main Phase or Attack Phase, Quillon cannot be chosen by Summons.", "any", "main|attack"),
    ("During your opponent's Attack Phase, Quillon gains +1000 power.", "opponent", "attack"),
])
def test_11_12_4_4_a_window_keeps_whose_turn_and_its_phase(text: str, whose: str, phase) -> None:
    from judge.text.ast import Conditional, DuringTurn

    cond = _of(one(text, name="Quillon"), Conditional)[0].condition
    assert isinstance(cond, DuringTurn)
    assert cond.window.whose.value == whose and cond.window.phase == phase


def test_11_12_4_4_a_phase_window_holds_only_in_that_phase() -> None:
    from judge.engine.fftcg.conditions import _during
    from judge.engine.fftcg.state import Phase

    class _S:
        turn_player = "p1"

        def __init__(self, phase):
            self.phase = phase

    class _Q:
        def __init__(self, cond, phase):
            self.cond, self.s, self.me = cond, _S(phase), "p1"

    from judge.text.ast import Conditional
    cond = _of(one("During each Attack Phase, Quillon gains Haste.", name="Quillon"), Conditional)[0].condition
    assert _during(_Q(cond, Phase.ATTACK)) is True
    assert _during(_Q(cond, Phase.MAIN2)) is False
