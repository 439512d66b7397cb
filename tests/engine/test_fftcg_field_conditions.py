"""FFTCG conditional field abilities (11.9.1, 11.12.4.4): applied only while their condition holds, as rulings."""

from __future__ import annotations

import pytest

from judge.engine.fftcg import conditions
from judge.engine.fftcg.flow.process import rule_processes
from judge.engine.fftcg.log import Log, NeedChoice
from judge.engine.fftcg.query import keywords, power, unevaluated
from judge.engine.fftcg.restrictions import restricted
from judge.engine.fftcg.state import CardDef, CardObj, Character, Mod, State, Zones
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Duration,
    ModifyStat,
    Selector,
)
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text


def _def(key: str, text: str = "", *, type: str = "forward", power: int | None = 5000, job: str = "Knight",
         elements: tuple[str, ...] = ("fire",)) -> CardDef:
    lexicon = Lexicon.from_cards([{"name": f"Sample {key.title()}", "job": job}])   # the card database these texts name
    abilities = parse_text(text, "fftcg", lexicon=lexicon).abilities if text else ()
    return CardDef(key=key, name=f"Sample {key.title()}", type=type, elements=elements, cost=3,
                   power=power if type == "forward" else None, job=job, abilities=abilities, text=text,
                   generic=True)


def _board(chars: list[tuple[str, str, CardDef]], *, hand: int = 0, breaks: int = 0, damage: int = 0,
           opp_damage: int = 0) -> State:
    defs = {uid: d for uid, _, d in chars}
    objs = {uid: CardObj(uid, uid, who) for uid, who, _ in chars}
    extra = {f"h{i}": CardObj(f"h{i}", None, "A") for i in range(hand + breaks + damage + opp_damage)}
    ids = list(extra)
    zones = {"A": Zones(hand=tuple(ids[:hand]), break_zone=tuple(ids[hand:hand + breaks]),
                        damage=tuple(ids[hand + breaks:hand + breaks + damage])),
             "B": Zones(damage=tuple(ids[hand + breaks + damage:]))}
    field = tuple(Character(uid=uid, controller=who, ts=i) for i, (uid, who, _) in enumerate(chars))
    return State(defs=defs, objs={**objs, **extra}, zones=zones, field=field)


PALADIN = "If you control 3 or more Job Knight Forwards, Sample Paladin gains Haste."
KNIGHT = _def("knight")


def test_fftcg_11_9_1_conditional_haste_needs_three_knights() -> None:
    paladin = _def("paladin", PALADIN)
    two = _board([("p1", "A", paladin), ("k1", "A", KNIGHT)])
    assert "haste" not in keywords(two, "p1")
    three = _board([("p1", "A", paladin), ("k1", "A", KNIGHT), ("k2", "A", KNIGHT)])
    assert "haste" in keywords(three, "p1")


def test_fftcg_11_9_1_opponents_knights_do_not_count_for_you_control() -> None:
    paladin = _def("paladin", PALADIN)
    s = _board([("p1", "A", paladin), ("k1", "A", KNIGHT), ("k2", "B", KNIGHT)])
    assert "haste" not in keywords(s, "p1")


@pytest.mark.parametrize(("damage", "expected"), [(4, 5000), (5, 6000), (6, 6000)])
def test_fftcg_11_9_1_damage_received_condition_turns_the_boost_on(damage: int, expected: int) -> None:
    banner = _def("banner", "If you have received 5 points of damage or more, the Forwards you control gain "
                  "+1000 power.", type="backup")
    s = _board([("c1", "A", banner), ("a1", "A", KNIGHT)], damage=damage)
    assert power(s, "a1") == expected


@pytest.mark.parametrize(("text", "board", "holds"), [
    ("If you have 5 or more cards in your hand, Sample Mage gains +1000 power.", {"hand": 5}, True),
    ("If you have 5 or more cards in your hand, Sample Mage gains +1000 power.", {"hand": 4}, False),
    ("If there are 5 or more cards in your Break Zone, Sample Mage gains +1000 power.", {"breaks": 5}, True),
    ("If there are 5 or more cards in your Break Zone, Sample Mage gains +1000 power.", {"breaks": 2}, False),
    ("If you have no cards in your hand, Sample Mage gains +1000 power.", {"hand": 0}, True),
    ("If your opponent has received 5 points of damage or more, Sample Mage gains +1000 power.",
     {"opp_damage": 5}, True),
    ("If you have received more points of damage than your opponent, Sample Mage gains +1000 power.",
     {"damage": 2, "opp_damage": 2}, False),
])
def test_fftcg_11_9_1_zone_and_damage_conditions(text: str, board: dict, holds: bool) -> None:
    mage = _def("mage", text)
    s = _board([("m1", "A", mage)], **board)
    assert power(s, "m1") == (6000 if holds else 5000)


def test_fftcg_11_9_1_opponent_control_and_not_control() -> None:
    warden = _def("warden", "If your opponent doesn't control any Backups, Sample Warden gains +2000 power.")
    clerk = _def("clerk", type="backup", job="Clerk")
    assert power(_board([("w1", "A", warden)]), "w1") == 7000
    assert power(_board([("w1", "A", warden), ("c1", "B", clerk)]), "w1") == 5000
    assert power(_board([("w1", "A", warden), ("c1", "A", clerk)]), "w1") == 7000


def test_fftcg_11_9_1_only_one_forward_is_exactly_one() -> None:
    lone = _def("lone", "If you control only 1 Forward, Sample Lone gains +3000 power.")
    assert power(_board([("l1", "A", lone)]), "l1") == 8000
    assert power(_board([("l1", "A", lone), ("k1", "A", KNIGHT)]), "l1") == 5000


def test_fftcg_6_3_state_condition_reads_dull() -> None:
    guard = _def("guard", "If Sample Guard is dull, Sample Guard gains +1000 power.")
    s = _board([("g1", "A", guard)])
    assert power(s, "g1") == 5000
    assert power(s.with_char("g1", dull=True), "g1") == 6000


def test_fftcg_11_9_1_conditional_restriction_applies_only_while_it_holds() -> None:
    runner = _def("runner", "If you control 2 or more Job Knight Forwards, Sample Runner cannot be blocked.")
    from judge.engine.fftcg.restrictions import cannot_be_blocked_by

    alone = _board([("r1", "A", runner), ("x1", "B", KNIGHT)])
    assert not cannot_be_blocked_by(alone, "r1", "x1")
    paired = _board([("r1", "A", runner), ("k1", "A", KNIGHT), ("x1", "B", KNIGHT)])
    assert cannot_be_blocked_by(paired, "r1", "x1")
    assert not restricted(paired, "r1", "attack")


def test_fftcg_11_12_4_6_conditional_loss_goes_through_the_text_layer() -> None:
    jammer = _def("jammer", "If you control 2 or more Backups, the Forwards your opponent controls lose Haste.",
                  type="backup", job="Clerk")
    clerk = _def("clerk", type="backup", job="Clerk")
    racer = _def("racer", "Haste")
    one = _board([("j1", "A", jammer), ("r1", "B", racer)])
    assert "haste" in keywords(one, "r1")
    two = _board([("j1", "A", jammer), ("c1", "A", clerk), ("r1", "B", racer)])
    assert "haste" not in keywords(two, "r1")
    # the same board read again after the condition stops holding: nothing stale is kept
    assert "haste" in keywords(one, "r1")


def test_fftcg_11_9_1_unsupported_condition_is_not_applied_and_is_reported() -> None:
    captain = _def("captain")                 # a condition kind this engine has no reader for (built by hand)
    odd = Condition(kind="cost_odd", text="an odd cost", selector=Selector(self_ref=True))
    boost = ModifyStat(stat="power", amount=2000, target=Selector(self_ref=True), duration=Duration.PERMANENT)
    captain = replace(captain, abilities=(Ability(kind=AbilityKind.FIELD, effects=(
        Conditional(condition=odd, effects=(boost,)),), text="(an odd cost)"),))
    s = _board([("a1", "A", captain)])
    cond = captain.abilities[0].effects[0].condition
    assert conditions.holds(s, cond, "A", "a1") is None
    assert power(s, "a1") == 5000
    assert [u for u, _ in unevaluated(s)] == ["a1"]
    log = Log()
    rule_processes(s, log)
    said = [n for n in log if "not evaluated" in n.text]
    assert len(said) == 1 and "11.9.1" in said[0].cites


def test_fftcg_12_4_4_boost_lost_with_the_condition_puts_a_zero_power_forward_away() -> None:
    # a Forward at 0 printed power kept alive only while its controller has 5 damage or more
    wisp = CardDef(key="wisp", name="Sample Wisp", type="forward", elements=("dark",), cost=1, power=1000,
                   abilities=parse_text("If you have received 5 points of damage or more, Sample Wisp gains "
                                        "+1000 power.", "fftcg").abilities)
    s = _board([("w1", "A", wisp)], damage=5)
    s = s.with_char("w1", mods=(Mod(kind="power", value=-1000, ts=5),))
    assert power(s, "w1") == 1000
    assert rule_processes(s, Log()).char("w1") is not None
    fewer = _board([("w1", "A", wisp)], damage=4).with_char("w1", mods=(Mod(kind="power", value=-1000, ts=5),))
    assert rule_processes(fewer, Log()).char("w1") is None


def test_fftcg_11_12_4_7_a_field_set_power_applies_before_another_cards_set() -> None:
    golem = _def("golem", "If you control 3 or more Backups, Sample Golem's power becomes 9000.", power=3000)
    clerk = _def("clerk", type="backup", job="Clerk")
    s = _board([("g1", "A", golem), ("c1", "A", clerk), ("c2", "A", clerk), ("c3", "A", clerk)])
    assert power(s, "g1") == 9000
    # a Summon from another card set it to 2000 earlier in the game: the card's own set still applies first
    shrunk = s.with_char("g1", mods=(Mod(kind="set_power", value=2000, ts=0, source="s9"),
                                     Mod(kind="power", value=1000, ts=0, source="s9")))
    assert power(shrunk, "g1") == 3000
    two = _board([("g1", "A", golem), ("c1", "A", clerk), ("c2", "A", clerk)])
    assert power(two, "g1") == 3000                  # the condition does not hold: printed power


def test_fftcg_11_12_4_11_equal_timestamps_whose_order_matters_are_named() -> None:
    from judge.engine.fftcg import ongoing
    from judge.engine.fftcg.query import gated

    jammer = _def("jammer", "The Forwards your opponent controls lose Haste.", type="backup", job="Clerk")
    herald = _def("herald", "Forwards you control gain Haste.", type="backup", job="Herald")
    scout = _def("scout")
    s = _board([("j1", "A", jammer), ("h1", "B", herald), ("r1", "B", scout)])
    tied = s.__class__(**{**s.__dict__, "field": tuple(c.__class__(**{**c.__dict__, "ts": 0}) for c in s.field)})
    pairs = ongoing.ties(tied, gated)
    assert [(a.source, b.source) for a, b in pairs] == [("j1", "h1")]
    with pytest.raises(NeedChoice) as asked:               # the turn player (A) is asked the order
        rule_processes(tied, Log())
    d = asked.value.decision
    assert d.player == "A" and set(d.options) == {"j1", "h1"} and "11.12.4.11" in d.cites
    grant_last = rule_processes(replace(tied, answers=(["j1"],)), Log())
    assert grant_last.ts_first == ("j1", "h1") and "haste" in keywords(grant_last, "r1")
    loss_last = rule_processes(replace(tied, answers=(["h1"],)), Log())
    assert "haste" not in keywords(loss_last, "r1")
    assert ongoing.ties(s, gated) == []                    # different timestamps: no choice to make
