"""FFTCG card text split into abilities (11.5.3: one paragraph, one ability) and its markup.

The card browser sometimes breaks a line in the middle of a sentence; such a paragraph continues
the ability before it. Every card here is invented for these tests.
"""

from __future__ import annotations

import pytest

from judge.text.fftcg.source import split_abilities
from judge.text.parse import parse_text


def texts(text: str, name: str | None = None) -> list[str]:
    return [seg.text for seg in split_abilities(text, name)]


def test_fftcg_11_5_3_a_line_broken_mid_sentence_is_one_ability() -> None:
    text = ("Brave\n[[ex]]EX BURST[[/]] When Gorbo is put from the field into the Break\n"
            "Zone, choose 1 [[i]]Job Baker[[/]] other than [[i]]Card Name\nGorbo[[/]] in your Break Zone. "
            "Add it to your hand.")
    assert texts(text, "Gorbo") == ["Brave", text[len("Brave\n"):]]
    result = parse_text(text, "fftcg", name="Gorbo")
    assert result.ok, result.unparsed
    assert len(result.abilities) == 2
    choose = result.abilities[1].effects[0]
    assert choose.target.families == ("Baker",) and choose.target.zone == "break"


@pytest.mark.parametrize("text", [
    "When Gorbo enters the field, if you control 2 or more [[i]]Job Baker[[/]]\nand/or[[i]] Card Name Baker[[/]], draw 1 card.",
    "《ダル》, put Gorbo into the Break Zone: Choose 1 [[i]]Card Name Zed[[/]]\nof cost 4 or less in your Break Zone. Add it to your hand.",
    "When Gorbo forms a party and attacks, activate\nGorbo.",
])
def test_fftcg_11_5_3_a_paragraph_continuing_the_sentence_joins_it(text: str) -> None:
    assert texts(text, "Gorbo") == [text]
    assert parse_text(text, "fftcg", name="Gorbo").ok


@pytest.mark.parametrize("text", [
    "Haste\nWhen Gorbo attacks, draw 1 card.",
    "[[i]]Limit Break -- 2[[/]]\nBrave\nWhen Gorbo enters the field, draw 1 card.",
    "[[i]]Warp 2 --[[/]] 《火》《1》\nHaste First Strike\n《ダル》: Draw 1 card.",
    "<p>Back Attack<br />\nWhen Gorbo enters the field, draw 1 card.</p>",
    "Choose 1 Forward. Break it.[[i]]\nDamage 3 --[[/]] Gorbo gains Brave.",
    "Limit Break -- 1\nChoose 1 Forward opponent controls. Break it.",
])
def test_fftcg_11_5_3_a_whole_ability_stays_its_own_paragraph(text: str) -> None:
    n = text.count("\n") + 1
    assert len(texts(text, "Gorbo")) == n


def test_fftcg_5_2_2_1_card_name_followed_by_the_own_name_names_a_card() -> None:
    result = parse_text("《ダル》: Search for 1 Card Name Gorbo and add it to your hand.", "fftcg", name="Gorbo")
    assert result.ok, result.unparsed
    assert result.abilities[0].effects[0].target.name == "Gorbo"


def test_fftcg_5_2_2_1_a_bare_italic_label_before_the_name() -> None:
    result = parse_text("When Gorbo enters the field, you may search for 1 [[i]]Card Name[[/]] Zed and add it to "
                        "your hand.", "fftcg", name="Gorbo")
    assert result.ok, result.unparsed


@pytest.mark.parametrize(("text", "job"), [
    ("Choose 1 Forward. Deal it 1000 damage for each Job Royal Pastry Chef Forward you control.", "Royal Pastry Chef"),
    ("Dull 2 active Job Sky Baker: Choose 1 Forward. Dull it.", "Sky Baker"),
])
def test_fftcg_6_6_2_a_plain_job_name_of_several_words(text: str, job: str) -> None:
    from judge.text.ast import walk

    result = parse_text(text, "fftcg", name="Gorbo")
    assert result.ok, result.unparsed
    assert any(job in getattr(n, "families", ()) for n in walk(result.abilities[0]))


def test_fftcg_6_6_2_bracketed_card_name_and_job_in_one_count() -> None:
    result = parse_text("For each [Card Name (Baker)] and [Job (Baker)] other than Gorbo you control, Gorbo gains "
                        "+1000 power.", "fftcg", name="Gorbo")
    assert result.ok, result.unparsed
    per = result.abilities[0].effects[0].per       # each card of either kind counts
    assert per.name == "Baker" and not per.families
    assert [s.families for s in per.either] == [("Baker",)] and per.other and per.either[0].other


def test_fftcg_expected_words_name_the_masked_card_name_readably() -> None:
    """A failure's hints never show the mask character that stands for the card's own name."""
    from judge.text.expect import expected
    from judge.text.grammar import load_parser
    from judge.text.parse import transform_module

    said = expected(load_parser("fftcg"), transform_module("fftcg"), {"SELF"}, None)
    assert "the card's own name" in said[1]
    result = parse_text("Choose 1 Forward. Deal it lots of damage.", "fftcg", name="Gorbo")
    assert all(x.isprintable() for u in result.unparsed for x in u.expected)


@pytest.mark.parametrize("text", [
    "Choose 1 Forward. If it is dull, break it.",
    "Choose 1 Forward opponent controls. If it is dull, deal it 4000 damage.",
    "Choose 1 Monster. If it is dull, return it to its owner's hand.",
])
def test_fftcg_11_6_5_if_it_is_dull_keeps_the_state_on_the_chosen_card(text: str) -> None:
    cond = parse_text(text, "fftcg").abilities[0].effects[0].condition
    assert cond.kind == "state" and cond.selector.state == "dull" and cond.selector.choose == "choose"


@pytest.mark.parametrize(("text", "stat"), [
    ("Choose 1 Forward. Deal it 5000 damage. If it is a Forward of cost 3 or less, draw 1 card.", "cost"),
    ("Choose 1 Character. Dull it. If it is a Forward with 7000 power or more, draw 1 card.", "power"),
    ("Choose 1 Forward. Return it to its owner's hand. If it is a Forward of cost 4 or more, draw 1 card.", "cost"),
])
def test_fftcg_11_6_5_if_it_is_a_class_keeps_the_class_about_the_chosen_card(text: str, stat: str) -> None:
    cond = parse_text(text, "fftcg").abilities[0].effects[-1].condition
    assert cond.kind == "card_is" and cond.selector.ref == "it"
    assert cond.selector.thresholds[0].stat == stat and cond.selector.about.choose == "choose"
