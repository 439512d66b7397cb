"""FFTCG field abilities applied from their typed AST by node family (11.9.1, 11.12.4), and what the support
registry reports of them: the readers that apply a field ability declare it where they read it
(`judge.engine.fftcg.fieldreads`), so "executed" is what the board reads.

Sample cards are the project's own words; real cards are named by number and read from ../shared/corpus at
test time (skipped, saying why, when it is absent)."""

from __future__ import annotations

import importlib
import inspect
import json
from pathlib import Path

import pytest

from judge.engine.fftcg import fieldreads, replacement
from judge.engine.fftcg import support as _support  # noqa: F401  (every reader registers)
from judge.engine.fftcg.flow.process import rule_processes
from judge.engine.fftcg.log import Log
from judge.engine.fftcg.restrictions import light_dark_allowed
from judge.engine.fftcg.state import CardDef, CardObj, Character, State, Zones
from judge.engine.support import unexecuted
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "fftcg-cards.json"


def _def(key: str, text: str = "", *, type: str = "forward", elements: tuple[str, ...] = ("fire",),
         power: int | None = 7000) -> CardDef:
    name = f"Sample {key.title()}"
    lexicon = Lexicon.from_cards([{"name": name, "job": "Knight"}])
    abilities = parse_text(text, "fftcg", name=name, lexicon=lexicon).abilities if text else ()
    return CardDef(key=key, name=name, type=type, elements=elements, cost=3,
                   power=power if type == "forward" else None, job="Knight", abilities=abilities, text=text)


def _board(chars: list[tuple[str, str, CardDef]]) -> State:
    defs = {uid: d for uid, _, d in chars}
    objs = {uid: CardObj(uid, uid, who) for uid, who, _ in chars}
    field = tuple(Character(uid=uid, controller=who, ts=i) for i, (uid, who, _) in enumerate(chars))
    return State(defs=defs, objs=objs, zones={"A": Zones(), "B": Zones()}, field=field)


def _field_gaps(text: str, name: str = "Sample Card") -> tuple[str, ...]:
    ab = parse_text(text, "fftcg", name=name).abilities[0]
    return unexecuted("fftcg", ab)


def _corpus_card(number: str) -> CardDef:
    if not CORPUS.is_file():
        pytest.skip(f"{CORPUS} is absent: the real card {number} cannot be read")
    raw = next((c for c in json.loads(CORPUS.read_text(encoding="utf-8")) if c.get("cardNumber") == number), None)
    if raw is None:
        pytest.skip(f"{number} is not in {CORPUS}")
    lexicon = Lexicon.from_cards([{"name": raw["name"], "job": raw.get("job") or ""}])
    abilities = parse_text(raw["text"], "fftcg", name=raw["name"], lexicon=lexicon).abilities
    elements = tuple(e.lower() for e in (raw["element"] if isinstance(raw["element"], list) else [raw["element"]]))
    return CardDef(key=number, name=raw["name"], type=raw["type"].lower(), elements=elements,
                   cost=int(raw["cost"]), power=int(raw["power"]) if raw.get("power") else None,
                   abilities=abilities, text=raw["text"])


# ---- the registry is what runs (issue 21.4) -------------------------------------------------------------

def test_fftcg_11_9_1_every_field_reader_names_what_it_reads_in_its_own_code() -> None:
    """Each registered reader is a real module whose code reads the action (or stat) it declares: the registry
    cannot name a reading nobody does."""
    assert len(fieldreads.FIELD.entries()) >= 20
    for entry in fieldreads.FIELD.entries():
        family, _, action = entry.key
        source = inspect.getsource(importlib.import_module(entry.extra["reader"]))
        # a Restriction is read either directly or through `restrictions.restricted` (the flow asks it)
        assert family in source or (family == "Restriction" and "restricted(" in source), entry.key
        if action:
            assert f'"{action}"' in source, f"{entry.extra['reader']} does not read {action!r}"
        assert entry.concepts, entry.key


def test_fftcg_11_9_1_a_field_restriction_nobody_reads_is_not_modelled() -> None:
    assert _field_gaps("Sample Card cannot attack.") == ()
    assert any("field restriction" in g for g in _field_gaps("Forwards opponent controls cannot gain Haste."))


def test_fftcg_11_9_1_a_read_action_counts_only_in_the_shape_its_reader_reads() -> None:
    """"You can play 2 or more Light Characters" is read (7.7.5's exception); another "can play" is not."""
    assert _field_gaps("You can play 2 or more Light Characters onto the field.") == ()
    assert _field_gaps("You can play 2 or more Dark Characters onto the field.") == ()
    assert _field_gaps("You can play 2 or more Fire Characters onto the field.") == ("field restriction can play",)
    assert _field_gaps("You can play Sample Card from your Break Zone.", "Sample Card") == \
        ("field restriction can play",)


# ---- 2.2: "The damage dealt … cannot be reduced" as a field ability -------------------------------------

KEEPER = "The damage dealt by your abilities to Forwards opponent controls cannot be reduced."
GUARD = "If Sample Guard is dealt damage, reduce the damage by 2000 instead."


def test_fftcg_2_2_field_ability_keeps_ability_damage_from_being_reduced() -> None:
    s = _board([("k1", "A", _def("keeper", KEEPER)), ("g1", "B", _def("guard", GUARD))])
    log = Log()
    _, amount, to, _ = replacement.damage(s, "g1", 5000, log, dealer="k1")
    assert (amount, to) == (5000, "g1")
    assert any("cannot be reduced" in step.text for step in log.steps)


def test_fftcg_2_2_field_ability_leaves_battle_damage_reduced() -> None:
    """"by your abilities": battle damage is not what it names, so the reduction applies."""
    s = _board([("k1", "A", _def("keeper", KEEPER)), ("g1", "B", _def("guard", GUARD))])
    _, amount, _, _ = replacement.damage(s, "g1", 5000, Log(), dealer="k1", battle=True)
    assert amount == 3000


def test_fftcg_2_2_field_ability_leaves_the_opponents_ability_damage_reduced() -> None:
    """"your abilities" is read from the field ability's controller (its "by …" owner)."""
    s = _board([("k1", "A", _def("keeper", KEEPER)), ("g1", "B", _def("guard", GUARD)),
                ("o1", "B", _def("other"))])
    _, amount, _, _ = replacement.damage(s, "g1", 5000, Log(), dealer="o1")
    assert amount == 3000


def test_fftcg_2_2_real_card_17_001H_keeps_its_controllers_ability_damage_whole() -> None:
    keeper = _corpus_card("17-001H")
    s = _board([("k1", "A", keeper), ("g1", "B", _def("guard", GUARD))])
    _, amount, _, _ = replacement.damage(s, "g1", 6000, Log(), dealer="k1")
    assert amount == 6000


# ---- 7.7.5 / 12.4.7 with 2.1: "You can play 2 or more Light Characters onto the field" -------------------

LIGHTS = "You can play 2 or more Light Characters onto the field."


def test_fftcg_12_4_7_two_light_characters_go_to_the_break_zone_without_the_exception() -> None:
    s = _board([("l1", "A", _def("lumen", elements=("light",))), ("l2", "A", _def("lux", elements=("light",)))])
    out = rule_processes(s, Log())
    assert not out.field


def test_fftcg_2_1_over_12_4_7_the_exception_keeps_two_light_characters() -> None:
    s = _board([("l1", "A", _def("lumen", LIGHTS, elements=("light",))),
                ("l2", "A", _def("lux", elements=("light",)))])
    log = Log()
    out = rule_processes(s, log)
    assert {c.uid for c in out.field} == {"l1", "l2"}
    assert any("keeps them" in step.text and "12.4.7" in step.cites for step in log.steps)


def test_fftcg_2_1_over_7_7_5_the_exception_names_only_its_element() -> None:
    """A Light exception does not let a Dark Character join a Light one (both still go, 12.4.7)."""
    s = _board([("l1", "A", _def("lumen", LIGHTS, elements=("light",))),
                ("d1", "A", _def("umbra", elements=("dark",)))])
    assert not rule_processes(s, Log()).field


def test_fftcg_2_1_over_7_7_5_the_opponents_exception_does_not_apply() -> None:
    s = _board([("l1", "B", _def("lumen", LIGHTS, elements=("light",))),
                ("l2", "A", _def("lux", elements=("light",))), ("l3", "A", _def("lucis", elements=("light",)))])
    assert light_dark_allowed(s, "A", [s.card("l2"), s.card("l3")]) is None


def test_fftcg_2_1_over_7_7_5_real_card_13_103L_lets_a_second_light_character_be_cast() -> None:
    card = _corpus_card("13-103L")
    other = _def("lux", elements=("light",))
    s = _board([("x1", "A", other)])
    assert light_dark_allowed(s, "A", [card, other], incoming=card) == card.key


# ---- 15.1.1.7.1 with 2.1: what a card's own text says about playing it (cast, or put onto the field) --------

def _run(cards: dict, hand: list, field: list, actions: list, expect: list, *, a_damage: int = 0) -> object:
    from judge.engine.scenario import run_scenario, scenario_from_data

    data = {"game": "fftcg", "title": "t", "cards": cards, "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": hand, "field": field, "damage": a_damage}, "B": {}},
            "actions": actions, "expect": expect}
    return run_scenario(scenario_from_data(data, "test"))


SUMMONER = {"name": "Sample Summoner", "type": "summon", "element": ["fire"], "cost": 1, "text":
            "Choose 1 Forward of cost 3 or less in your hand. Play it onto the field."}
SPARK = {"name": "Sample Spark", "type": "backup", "element": ["fire"], "cost": 2, "text": ""}


def _forward(name: str, text: str) -> dict:
    return {"name": name, "type": "forward", "element": ["fire"], "cost": 2, "power": 5000, "job": "Knight",
            "text": text}


def test_fftcg_2_1_a_summon_cannot_play_a_card_whose_text_forbids_it_from_the_hand() -> None:
    edge = _forward("Sample Edge", "You cannot play Sample Edge from your hand due to Summons or abilities.")
    result = _run({"sm": SUMMONER, "ed": edge, "sp": SPARK}, ["sm", "ed", "sp"], [],
                  [{"player": "A", "cast": "sm", "pay": {"discard": ["sp"]}}], [{"card": "ed", "zone": "hand"}])
    assert not result.why, result.why
    assert any("cannot be played from the hand" in t.step.text for t in result.steps)


def test_fftcg_15_1_1_7_1_casting_is_not_what_the_hand_restriction_forbids() -> None:
    """Casting plays the card by paying its cost (15.1.1.7.1): "due to Summons or abilities" leaves it allowed."""
    edge = _forward("Sample Edge", "You cannot play Sample Edge from your hand due to Summons or abilities.")
    result = _run({"ed": edge, "sp": SPARK}, ["ed", "sp"], [],
                  [{"player": "A", "cast": "ed", "pay": {"discard": ["sp"]}}], [{"card": "ed", "zone": "field"}])
    assert not result.why, result.why


ONLY_IF = "You can only play Sample Seph if either player has received 4 points of damage or more."


def test_fftcg_2_1_can_only_play_bars_a_summon_playing_it_while_the_condition_fails() -> None:
    seph = _forward("Sample Seph", ONLY_IF)
    result = _run({"sm": SUMMONER, "se": seph, "sp": SPARK}, ["sm", "se", "sp"], [],
                  [{"player": "A", "cast": "sm", "pay": {"discard": ["sp"]}}], [{"card": "se", "zone": "hand"}])
    assert not result.why, result.why
    assert any("can only be played if" in t.step.text for t in result.steps)


def test_fftcg_2_1_can_only_play_lets_a_summon_play_it_once_the_condition_holds() -> None:
    seph = _forward("Sample Seph", ONLY_IF)
    result = _run({"sm": SUMMONER, "se": seph, "sp": SPARK}, ["sm", "se", "sp"], [],
                  [{"player": "A", "cast": "sm", "pay": {"discard": ["sp"]}}], [{"card": "se", "zone": "field"}],
                  a_damage=4)
    assert not result.why, result.why


def test_fftcg_2_1_can_only_play_bars_casting_it_while_the_condition_fails() -> None:
    seph = _forward("Sample Seph", ONLY_IF)
    result = _run({"se": seph, "sp": SPARK}, ["se", "sp"], [],
                  [{"player": "A", "cast": "se", "pay": {"discard": ["sp"]}}], [{"refused": 0}])
    assert not result.why, result.why


@pytest.mark.parametrize("number", ["3-046H", "9-018R", "9-045H", "7-116L", "11-130L", "15-130H", "20-021R"])
def test_fftcg_2_1_real_cards_play_limits_are_executed(number: str) -> None:
    card = _corpus_card(number)
    for ab in card.abilities:
        if ab.kind.value == "field":
            assert not any("play" in g for g in unexecuted("fftcg", ab)), (number, unexecuted("fftcg", ab))


# ---- 7.3 / 7.9.2 with 2.1: an effect puts cards at an end of a deck; the player who puts them decides --------

def _deck_run(text: str, answers: list, *, deck: int = 3) -> object:
    from judge.engine.scenario import run_scenario, scenario_from_data

    summon = {"name": "Sample Tide", "type": "summon", "element": ["water"], "cost": 1, "text": text}
    data = {"game": "fftcg", "title": "t", "cards": {"st": summon, "sp": {**SPARK, "element": ["water"]},
                                                     "fw": _forward("Sample Foe", "")},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["st", "sp"]},
                        "B": {"field": [{"id": "f1", "card": "fw"}], "deck": deck}},
            "actions": [{"player": "A", "cast": "st", "targets": ["f1"], "pay": {"discard": ["sp"]}},
                        *({"player": p, "choose": a} for p, a in answers)],
            "expect": [{"card": "f1", "zone": "deck"}]}
    return run_scenario(scenario_from_data(data, "test"))


def test_fftcg_2_1_the_opponent_who_puts_it_chooses_the_bottom_of_the_deck() -> None:
    result = _deck_run("Choose 1 Forward opponent controls. Your opponent puts it at the top or bottom of its "
                       "owner's deck.", [("B", ["bottom"])])
    assert not result.why, result.why
    deck = result.state.zones["B"].deck
    assert deck[-1] == "f1" and len(deck) == 4


def test_fftcg_2_1_the_opponent_who_puts_it_chooses_the_top_of_the_deck() -> None:
    result = _deck_run("Choose 1 Forward opponent controls. Your opponent puts it at the top or bottom of its "
                       "owner's deck.", [("B", ["top"])])
    assert not result.why, result.why
    assert result.state.zones["B"].deck[0] == "f1"


def test_fftcg_6_2_3_without_a_named_player_the_controller_chooses_the_end() -> None:
    result = _deck_run("Choose 1 Forward opponent controls. Put it at the top or bottom of its owner's deck.", [])
    assert result.request is not None and result.request.player == "A"


def test_fftcg_7_9_2_real_card_17_110C_moves_are_executed() -> None:
    card = _corpus_card("17-110C")
    action = next(ab for ab in card.abilities if ab.kind.value == "action")
    assert unexecuted("fftcg", action) == ()


# ---- 11.12.4.3 / 11.11.5: a value named as the effect resolves, read by the sentences after it ----------------

def _declare_run(text: str, answer: str, field: list) -> object:
    from judge.engine.scenario import run_scenario, scenario_from_data

    summon = {"name": "Sample Oracle", "type": "summon", "element": ["fire"], "cost": 1, "text": text}
    cards = {"so": summon, "sp": SPARK, **{k: v for k, v, _ in field}}
    data = {"game": "fftcg", "title": "t", "cards": cards, "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["so", "sp"]},
                        "B": {"field": [{"id": uid, "card": k} for k, _, uid in field]}},
            "actions": [{"player": "A", "cast": "so", "pay": {"discard": ["sp"]}},
                        {"player": "A", "choose": [answer], "decision": "answer"}],
            "expect": [{"card": field[0][2], "zone": "break"}]}
    return run_scenario(scenario_from_data(data, "test"))


def _fw(name: str, cost: int, element: str = "fire", job: str = "Knight") -> dict:
    return {"name": name, "type": "forward", "element": [element], "cost": cost, "power": 5000, "job": job,
            "text": ""}


def test_fftcg_11_12_4_3_the_number_selected_is_the_cost_that_follows() -> None:
    result = _declare_run("Select 1 number. Break all the Forwards of that cost.", "3",
                          [("c3", _fw("Sample Three", 3), "t3"), ("c2", _fw("Sample Two", 2), "t2")])
    assert not result.why, result.why
    assert {c.uid for c in result.state.field} == {"t2"}


def test_fftcg_11_12_4_3_the_element_named_is_the_element_that_follows() -> None:
    result = _declare_run("Name 1 Element. Break all the Forwards of the named Element.", "water",
                          [("cw", _fw("Sample Wave", 2, "water"), "tw"), ("cf", _fw("Sample Flame", 2), "tf")])
    assert not result.why, result.why
    assert {c.uid for c in result.state.field} == {"tf"}


def test_fftcg_11_12_4_3_the_job_named_is_the_job_that_follows() -> None:
    result = _declare_run("Name 1 Job. Break all the Forwards with named Job.", "Dragoon",
                          [("cd", _fw("Sample Lance", 2, job="Dragoon"), "td"), ("ck", _fw("Sample Blade", 2), "tk")])
    assert not result.why, result.why
    assert {c.uid for c in result.state.field} == {"tk"}


def test_fftcg_11_12_4_3_an_element_that_is_not_one_is_refused() -> None:
    result = _declare_run("Name 1 Element. Break all the Forwards of the named Element.", "purple",
                          [("cw", _fw("Sample Wave", 2, "water"), "tw")])
    assert "the Element named is one of" in result.refusals[1].reason


def test_fftcg_11_12_4_6_becoming_the_named_element_is_not_modelled() -> None:
    """"X becomes that Element" changes a characteristic (kind 4), which this engine does not apply: said so."""
    gaps = _field_gaps("When Sample Card enters the field, name 1 Element. Sample Card becomes that Element.",
                       "Sample Card")
    assert any("element" in g for g in gaps)


def test_fftcg_11_12_4_3_real_card_5_038C_is_executed() -> None:
    card = _corpus_card("5-038C")
    assert all(unexecuted("fftcg", ab) == () for ab in card.abilities)


# ---- 2.2: "cannot be removed from the game / returned to its owner's hand / leave the field by …" ------------

def _protect_run(protector: str, summon_text: str, *, protector_side: str = "B", target: str = "p1") -> object:
    from judge.engine.scenario import run_scenario, scenario_from_data

    summon = {"name": "Sample Gust", "type": "summon", "element": ["wind"], "cost": 1, "text": summon_text}
    data = {"game": "fftcg", "title": "t",
            "cards": {"sg": summon, "sp": {**SPARK, "element": ["wind"]}, "pr": _forward("Sample Warden", protector)},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["sg", "sp"], **({"field": [{"id": "p1", "card": "pr"}]}
                                                        if protector_side == "A" else {})},
                        "B": {**({"field": [{"id": "p1", "card": "pr"}]} if protector_side == "B" else {})}},
            "actions": [{"player": "A", "cast": "sg", "targets": [target], "pay": {"discard": ["sp"]}}],
            "expect": [{"card": target, "zone": "field"}]}
    return run_scenario(scenario_from_data(data, "test"))


RETURN = "Choose 1 Forward. Return it to its owner's hand."
GUARDED = "Sample Warden cannot be returned to its owner's hand by your opponent's Summons or abilities."


def test_fftcg_2_2_the_opponents_summon_cannot_return_it_to_the_hand() -> None:
    result = _protect_run(GUARDED, RETURN)
    assert not result.why, result.why
    assert any("stays where it is" in t.step.text and "2.2" in t.step.cites for t in result.steps)


def test_fftcg_2_2_its_controllers_own_summon_can_return_it() -> None:
    """"your opponent's": the protection does not bar its controller's own Summon (7.2.1)."""
    result = _protect_run(GUARDED, RETURN, protector_side="A")
    assert result.checks[0].actual == {"zone": "hand"}


def test_fftcg_2_2_cannot_leave_the_field_keeps_it_from_being_broken_by_the_opponent() -> None:
    result = _protect_run("Sample Warden cannot leave the field due to your opponent's Summons or abilities.",
                          "Choose 1 Forward. Break it.")
    assert not result.why, result.why
    assert any("cannot leave the field" in t.step.text for t in result.steps)


def test_fftcg_2_2_a_return_protection_does_not_stop_a_break() -> None:
    result = _protect_run(GUARDED, "Choose 1 Forward. Break it.")
    assert result.checks[0].actual == {"zone": "break"}


@pytest.mark.parametrize("number", ["22-073L", "18-100L", "23-011L", "1-207S", "B-001"])
def test_fftcg_2_2_real_cards_move_protections_are_executed(number: str) -> None:
    card = _corpus_card(number)
    for ab in card.abilities:
        if ab.kind.value == "field":
            assert not [g for g in unexecuted("fftcg", ab) if "field restriction" in g], (number, ab.text)


def test_fftcg_2_2_cards_in_the_break_zone_it_names_cannot_be_removed_by_the_opponent() -> None:
    from judge.engine.scenario import run_scenario, scenario_from_data

    summon = {"name": "Sample Void", "type": "summon", "element": ["water"], "cost": 1,
              "text": "Choose 1 card in your opponent's Break Zone. Remove it from the game."}
    warden = _forward("Sample Keeper", "All cards in your Break Zone cannot be removed from the game by your "
                                       "opponent's Summons or abilities.")
    data = {"game": "fftcg", "title": "t",
            "cards": {"sv": summon, "sp": {**SPARK, "element": ["water"]}, "kp": warden,
                      "fw": _forward("Sample Foe", "")},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["sv", "sp"]}, "B": {"field": [{"id": "k1", "card": "kp"}], "break": ["fw"]}},
            "actions": [{"player": "A", "cast": "sv", "targets": ["fw"], "pay": {"discard": ["sp"]}}],
            "expect": [{"card": "fw", "zone": "break"}]}
    result = run_scenario(scenario_from_data(data, "test"))
    assert not result.why, result.why
    assert any("cannot be removed from the game" in t.step.text for t in result.steps)


# ---- 5.2.3.1.1.3 with 2.1: "X can produce Water CP" ------------------------------------------------------------

def _moogle_run(text: str) -> object:
    from judge.engine.scenario import run_scenario, scenario_from_data

    moogle = {"name": "Sample Moogle", "type": "backup", "element": ["fire"], "cost": 2, "text": text}
    wave = {"name": "Sample Wave", "type": "forward", "element": ["water"], "cost": 1, "power": 5000, "text": ""}
    data = {"game": "fftcg", "title": "t", "cards": {"mo": moogle, "wv": wave},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["wv"], "field": [{"id": "m1", "card": "mo"}]}, "B": {}},
            "actions": [{"player": "A", "cast": "wv", "pay": {"dull": ["m1"]}}],
            "expect": [{"card": "wv", "zone": "field"}]}
    return run_scenario(scenario_from_data(data, "test"))


def test_fftcg_2_1_a_backup_that_can_produce_another_element_pays_that_element() -> None:
    result = _moogle_run("If Sample Moogle is on the field, Sample Moogle can produce Water CP.")
    assert not result.why, result.why


def test_fftcg_5_2_3_1_1_3_a_backup_produces_its_own_element_only() -> None:
    result = _moogle_run("")
    assert 0 in result.refusals


# ---- 15.1.1.4: a discard at random is chance, not a choice: the judge gives the result ------------------------

def _random_run(answers: list) -> object:
    from judge.engine.scenario import run_scenario, scenario_from_data

    summon = {"name": "Sample Thief", "type": "summon", "element": ["fire"], "cost": 1,
              "text": "Your opponent randomly discards 1 card."}
    data = {"game": "fftcg", "title": "t",
            "cards": {"th": summon, "sp": SPARK, "c1": _forward("Sample One", ""), "c2": _forward("Sample Two", "")},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"hand": ["th", "sp"]}, "B": {"hand": ["c1", "c2"]}},
            "actions": [{"player": "A", "cast": "th", "pay": {"discard": ["sp"]}},
                        *({"player": "B", "choose": a} for a in answers)],
            "expect": [{"card": "c2", "zone": "break"}, {"card": "c1", "zone": "hand"}]}
    return run_scenario(scenario_from_data(data, "test"))


def test_fftcg_15_1_1_4_the_card_the_random_pick_gave_is_discarded() -> None:
    result = _random_run([["c2"]])
    assert not result.why, result.why
    assert any("at random" in t.step.text for t in result.steps)


def test_fftcg_15_1_1_4_a_random_discard_waits_for_its_result() -> None:
    result = _random_run([])
    assert result.request is not None and "at random" in result.request.choice


def test_fftcg_11_9_1_explain_lists_what_each_field_ability_does_from_its_reader() -> None:
    from judge.engine.fftcg.explain_ongoing import lines

    s = _board([("k1", "A", _def("keeper", KEEPER)), ("w1", "A", _def("wall", "Sample Wall cannot attack.")),
                ("h1", "B", _def("hex", "Forwards opponent controls cannot gain Haste."))])
    said = {a.text: a for a in lines(s)}
    keeper = next(a for t, a in said.items() if "Sample Keeper" in t)
    assert "cannot be reduced" in keeper.text and "2.2" in keeper.cites
    assert any("Sample Hex" in t and "not modelled" in t for t in said)
