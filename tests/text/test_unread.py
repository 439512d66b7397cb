"""Read what it can (issue 20.4): an ability the grammar cannot read whole keeps the structure it
reads (levels, tags, timing, trigger, cost, the sentences it reads) with an `unread` node holding
exactly the words it could not read, in their place. An `unread` node never counts as parsed or
typed: the result is not ok and its words are an unparsed span. A header it cannot read makes the
whole line one `unread`; an icon the game does not know is an error at its position, never an
`unread` cost. The phrasings are invented ("frobnicate" is no word of either templating).
"""

from __future__ import annotations

import json

import pytest

from judge.text.ast import AbilityKind, Unread, to_json
from judge.text.ast_json import decode, encode
from judge.text.links import cites
from judge.text.parse import parse_text
from judge.text.typed import UNREAD, fully_typed, unread_nodes, untyped_parts

BAD = "Frobnicate the moon with zeal."


def _kinds(ability) -> list[str]:
    """The effect nodes of an ability in written order ("Then, …" and "if …" looked through)."""
    from judge.text.ast import Conditional, Sequence

    out: list[str] = []
    for e in ability.effects:
        out += _kinds(e) if isinstance(e, Sequence | Conditional) else [type(e).__name__]
    return out


def _only(text: str, game: str, name: str | None = None):
    result = parse_text(text, game, name=name)
    assert not result.ok, "a part not read never counts as parsed"
    (ability,) = result.abilities
    # the unparsed spans are exactly the unread words, at their printed positions
    assert [(u.start, u.end, u.text) for u in result.unparsed] == \
        [(n.span.start, n.span.end, n.words) for n in unread_nodes(ability)]
    for n in unread_nodes(ability):
        assert text[n.span.start:n.span.end] == n.words
    return ability


# ── Saga (BSS 8-1-5-1: a triggered effect's label; 2-10-2: its levels) ──
@pytest.mark.parametrize(("text", "shape"), [
    (f"[LV1][LV2] When Summoned: {BAD} Draw 1 card.", ["Unread", "Draw"]),
    (f"[LV2] When This Spirit Attacks: {BAD} Then, draw 2 cards.", ["Unread", "Draw"]),
    (f"When Destroyed: {BAD} Draw 1 card. Discard 1 card.", ["Unread", "Draw", "Discard"]),
])
def test_bss_8_1_5_1_an_unreadable_first_sentence_keeps_the_label_and_the_rest(text: str, shape: list) -> None:
    ability = _only(text, "bss")
    assert ability.kind is AbilityKind.TRIGGERED and ability.timing is not None
    assert _kinds(ability) == shape and unread_nodes(ability)[0].words == BAD


@pytest.mark.parametrize("text", [
    f"[LV1][LV2] When Summoned: Draw 1 card. {BAD} Discard 1 card.",
    f"[LV1] When Summoned: Draw 2 cards. {BAD} Draw 1 card.",
    f"[Main] Draw 1 card. {BAD} Discard 1 card.",
])
def test_bss_an_unreadable_middle_sentence_stays_between_the_sentences_read(text: str) -> None:
    ability = _only(text, "bss")
    assert _kinds(ability)[1] == "Unread" and len(ability.effects) == 3
    assert ability.kind in (AbilityKind.TRIGGERED, AbilityKind.MAGIC)


@pytest.mark.parametrize(("text", "levels"), [
    (f"[LV1][LV2] When Summoned: Draw 1 card. {BAD}", (1, 2)),
    (f"[LV3] When This Spirit Attacks: Discard 1 card. {BAD}", (3,)),
    (f"[LV1] During Your Attack Step: Draw 1 card. {BAD}", (1,)),
])
def test_bss_2_10_2_an_unreadable_last_sentence_keeps_the_levels(text: str, levels: tuple) -> None:
    ability = _only(text, "bss")
    assert ability.levels == levels and _kinds(ability)[-1] == "Unread"
    assert ability.effects[-1].words == BAD


@pytest.mark.parametrize("text", [
    "[LV1] Whenever Frobbed: Draw 1 card.",
    "[LV1][LV2] Upon Frobnication: Discard 1 card.",
    "Frobnicated Thrice: Draw 2 cards.",
])
def test_bss_an_unreadable_label_makes_the_whole_line_one_unread(text: str) -> None:
    ability = _only(text, "bss")
    assert ability.kind is AbilityKind.UNREAD and not ability.levels and ability.timing is None
    (node,) = ability.effects
    assert node.words == text


# ── FFTCG (11.8.2 an auto-ability's trigger; 11.6.2 an action ability's cost) ──
@pytest.mark.parametrize(("text", "kind"), [
    ("When Zorn enters the field, frobnicate the moon. Draw 1 card.", AbilityKind.AUTO),
    ("《1》《Fire》《Dull》: Frobnicate the moon. Draw 1 card.", AbilityKind.ACTION),
    ("Frobnicate the moon. Choose 1 Forward. Break it.", AbilityKind.SUMMON),   # 11.3: no label, a Summon's text
])
def test_fftcg_an_unreadable_first_sentence_keeps_the_trigger_or_cost(text: str, kind: AbilityKind) -> None:
    ability = _only(text, "fftcg", "Zorn")
    assert ability.kind is kind and _kinds(ability)[0] == "Unread"
    assert ability.effects[0].words.lower() == "frobnicate the moon."
    # the same kind the line has with that sentence left out: the header is read as it always is
    (alone,) = parse_text(text.replace("frobnicate the moon. ", "").replace("Frobnicate the moon. ", ""),
                          "fftcg", name="Zorn").abilities
    assert alone.kind is ability.kind and alone.cost == ability.cost


@pytest.mark.parametrize("text", [
    "When Zorn enters the field, draw 1 card. Frobnicate the moon. Discard 1 card.",
    "《2》: Draw 1 card. Frobnicate the moon. Discard 1 card.",
    "When Zorn attacks, draw 1 card. Frobnicate the moon thrice. Draw 1 card.",
])
def test_fftcg_an_unreadable_middle_sentence_stays_in_its_place(text: str) -> None:
    ability = _only(text, "fftcg", "Zorn")
    assert _kinds(ability)[1] == "Unread" and len(ability.effects) == 3


@pytest.mark.parametrize(("text", "cp"), [
    ("《Fire》《Dull》: Draw 1 card. Frobnicate the moon.", ("fire",)),
    ("《3》《Water》: Choose 1 Forward. Break it. Frobnicate the moon.", ("3", "water")),
    ("《Ice》: Discard 1 card. Frobnicate the moon with zeal.", ("ice",)),
])
def test_fftcg_11_6_2_an_unreadable_last_sentence_keeps_the_cost(text: str, cp: tuple) -> None:
    ability = _only(text, "fftcg", "Zorn")
    assert ability.kind is AbilityKind.ACTION and ability.cost is not None and ability.cost.cp == cp
    assert _kinds(ability)[-1] == "Unread"


@pytest.mark.parametrize("text", [
    "When Zorn enters the field, frobnicate the moon with zeal.",
    "When Zorn attacks, frobnicate 1 Forward opponent controls.",
    "At the beginning of your Main Phase 1, frobnicate the moon.",
])
def test_fftcg_11_8_2_a_trigger_read_keeps_its_ability_an_auto_ability(text: str) -> None:
    """The sentence fails after its trigger: the trigger is kept, what follows it is `unread`."""
    ability = _only(text, "fftcg", "Zorn")
    assert ability.kind is AbilityKind.AUTO and (ability.trigger is not None or ability.timing is not None)
    (node,) = ability.effects
    assert node.words.lower().startswith("frobnicate")


@pytest.mark.parametrize("text", [
    "Frobnicate Zorn from the game: Draw 1 card.",
    "《1》《Fire》 frobnicate: Draw 1 card.",
    "《Fire》《Dull》 draw 1 card.",
])
def test_fftcg_an_unreadable_cost_makes_the_whole_line_one_unread(text: str) -> None:
    ability = _only(text, "fftcg", "Zorn")
    assert ability.kind is AbilityKind.UNREAD and ability.cost is None
    (node,) = ability.effects
    assert node.words == text


@pytest.mark.parametrize(("text", "icon"), [
    ("《Q》: Draw 1 card.", "《Q》"),
    ("《1》《Moon》: Choose 1 Forward. Break it.", "《Moon》"),
    ("When Zorn enters the field, you may pay 《Zz》. If you do so, draw 1 card.", "《Zz》"),
])
def test_fftcg_11_2_an_unknown_icon_is_an_error_at_its_position_never_unread(text: str, icon: str) -> None:
    result = parse_text(text, "fftcg", name="Zorn")
    assert not result.ok and not result.abilities
    (u,) = result.unparsed
    assert u.text == icon and text[u.start:u.end] == icon


# ── never parsed, never typed; the JSON contract ──
def test_an_unread_node_is_never_typed() -> None:
    ability = _only(f"[LV1] When Summoned: {BAD}", "bss")
    assert not fully_typed(ability, "bss") and UNREAD in untyped_parts(ability, "bss")


def test_unread_json_is_kind_unread_with_its_words_and_span() -> None:
    ability = _only(f"[LV1] When Summoned: Draw 1 card. {BAD}", "bss")
    data = to_json(ability, lambda n: cites(n, "bss"))
    node = data["effects"][1]
    assert node["kind"] == "unread" and node["words"] == BAD
    assert node["span"]["start"] < node["span"]["end"] and node["cites"] == []
    assert json.loads(json.dumps(data)) == data


def test_unread_survives_the_stored_form_exactly() -> None:
    result = parse_text(f"[LV1] When Summoned: {BAD} Draw 1 card.\nWhenever Frobbed: Draw 1 card.", "bss")
    again = decode(encode(result))
    assert again == result and type(again.abilities[0].effects[0]) is Unread
    assert again.abilities[1].kind is AbilityKind.UNREAD
