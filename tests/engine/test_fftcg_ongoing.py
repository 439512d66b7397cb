"""FFTCG ongoing effects: the order text-changing effects apply in (11.12.4.6-11.12.4.13), as rulings."""

from __future__ import annotations

from judge.engine.fftcg import ongoing
from judge.engine.fftcg.query import abilities, gated, keywords, power
from judge.engine.fftcg.state import CardDef, CardObj, Character, Mod, State, Zones
from judge.text.ast import Ability, AbilityKind, Gain, Keyword, ModifyStat, Player, Selector

MINE = Selector(count=None, owner=Player.YOU, card_types=("forward",))


def _field_ability(*effects) -> Ability:
    return Ability(kind=AbilityKind.FIELD, effects=effects, text="field ability")


def _board(*chars: Character, defs: dict[str, CardDef]) -> State:
    objs = {c.uid: CardObj(c.uid, c.uid, "A") for c in chars}
    return State(defs=defs, objs=objs, zones={"A": Zones(), "B": Zones()}, field=chars)


HERALD = CardDef(key="c1", name="Sample Herald", type="backup", elements=("wind",), cost=3,
                 abilities=(_field_ability(Gain(target=MINE, keyword=Keyword(name="Haste"))),))
BANNER = CardDef(key="c1", name="Sample Banner", type="backup", elements=("fire",), cost=3,
                 abilities=(_field_ability(ModifyStat(stat="power", amount=1000, target=MINE)),))
SCOUT = CardDef(key="a1", name="Sample Scout", type="forward", elements=("wind",), cost=2, power=5000)


def test_fftcg_11_12_4_13_a_grant_waits_for_the_loss_of_its_sources_abilities() -> None:
    lose = Mod(kind="lose_all", value="", ts=9, source="x")
    s = _board(Character(uid="c1", controller="A", ts=1, mods=(lose,)), Character(uid="a1", controller="A", ts=2),
               defs={"c1": HERALD, "a1": SCOUT})
    applied = ongoing.trace(s, gated)
    assert [fx.kind for fx, _ in applied] == ["lose_all", "keyword"]     # the loss first, despite its timestamp
    assert applied[1][1] == ()                                            # the grant then applies to nothing
    assert keywords(s, "a1") == frozenset()


def test_fftcg_11_12_4_9_a_keyword_gained_after_losing_all_abilities_is_kept() -> None:
    mods = (Mod(kind="lose_all", value="", ts=3), Mod(kind="keyword", value="Haste", ts=4))
    s = _board(Character(uid="a1", controller="A", mods=mods), defs={"a1": SCOUT})
    assert keywords(s, "a1") == frozenset({"haste"})
    later = (Mod(kind="keyword", value="Haste", ts=3), Mod(kind="lose_all", value="", ts=4))
    s2 = _board(Character(uid="a1", controller="A", mods=later), defs={"a1": SCOUT})
    assert keywords(s2, "a1") == frozenset()


def test_fftcg_11_12_4_6_power_changes_apply_after_the_text_changes() -> None:
    s = _board(Character(uid="c1", controller="A", ts=1), Character(uid="a1", controller="A", ts=2),
               defs={"c1": BANNER, "a1": SCOUT})
    assert power(s, "a1") == 6000
    lost = Mod(kind="lose_all", value="", ts=5)
    s2 = _board(Character(uid="c1", controller="A", ts=1, mods=(lost,)), Character(uid="a1", controller="A", ts=2),
                defs={"c1": BANNER, "a1": SCOUT})
    assert abilities(s2, "c1") == () and power(s2, "a1") == 5000


def test_fftcg_11_5_6_power_becomes_n_is_a_new_base_for_every_change() -> None:
    mods = (Mod(kind="power", value=2000, ts=1), Mod(kind="set_power", value=3000, ts=2),
            Mod(kind="power", value=1000, ts=3))
    s = _board(Character(uid="a1", controller="A", mods=mods), defs={"a1": SCOUT})
    assert power(s, "a1") == 6000


def test_fftcg_11_12_4_no_text_change_keeps_the_plain_reading() -> None:
    s = _board(Character(uid="c1", controller="A", ts=1), Character(uid="a1", controller="A", ts=2),
               defs={"c1": HERALD, "a1": SCOUT})
    assert ongoing.text_layer(s, gated) is None
    assert keywords(s, "a1") == frozenset({"haste"})


def test_fftcg_6_2_6_explain_names_the_owner_of_a_controlled_card() -> None:
    from judge.engine.fftcg.explain import explain

    s = _board(Character(uid="a1", controller="B"), defs={"a1": SCOUT})
    text = [a.text for a in explain(s) if "6.2.6" in a.cites]
    assert text and "controlled by B but owned by A" in text[0]


def test_fftcg_11_12_4_13_explain_lists_text_changes_in_the_order_applied() -> None:
    from judge.engine.fftcg.explain import explain

    lose = Mod(kind="lose_all", value="", ts=9, source="x")
    s = _board(Character(uid="c1", controller="A", ts=1, mods=(lose,)), Character(uid="a1", controller="A", ts=2),
               defs={"c1": HERALD, "a1": SCOUT})
    text = [a.text for a in explain(s) if a.text.startswith("Text change")]
    assert len(text) == 2 and "loses all abilities" in text[0] and "applies to nothing" in text[1]
