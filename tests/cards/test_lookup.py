"""The card a judge means by what they typed (issue 23.1): a number, a whole or partial name, a
name with typos, in any game; several matches listed, none answered with the nearest real numbers
and names of the same set and game first; never a card of another game without saying so.

The unit tests use made-up names; the corpus tests name real cards by number only and take their
names from ../shared/corpus at test time (skipped, with the reason, when it is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cards.db import import_cards, lookup_card
from judge.cards.lookup import Row, distinct_cards, resolve
from judge.errors import SeveralCards, UnknownCard

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
needs_corpus = pytest.mark.skipif(not (CORPUS / "bss-cards.json").is_file()
                                  or not (CORPUS / "fftcg-cards.json").is_file(),
                                  reason="../shared/corpus is absent")

ROWS = [
    Row("bss", "XX01-013", "Stormhorn Emperor Thunder Wolf"),
    Row("bss", "XX01-012", "Pentahorn"),
    Row("bss", "XX01-016", "Gorer Hornbear"),
    Row("bss", "XX01-122", "Grim Balance"),
    Row("bss", "XX04-120", "Doubly Grim"),
    Row("fftcg", "1-060H", "Wolf"),
    Row("fftcg", "12-113C", "Wolf"),
    Row("fftcg", "1-182L", "Mist"),
    Row("fftcg", "20-063C/1-182L", "Mist"),
    Row("fftcg", "1-158H", "Mist of Darkness"),
]


def test_a_number_in_any_case_finds_its_card() -> None:
    got = resolve("xx01-013", ROWS)
    assert got.how == "number" and [r.number for r in got.rows] == ["XX01-013"]


def test_a_printed_number_beats_the_reprints_that_carry_it_and_a_reprint_is_found_by_either() -> None:
    assert [r.number for r in resolve("1-182L", ROWS).rows] == ["1-182L"]
    assert [r.number for r in resolve("20-063c", ROWS).rows] == ["20-063C/1-182L"]


def test_an_fftcg_number_without_its_rarity_letter_finds_the_card() -> None:
    assert [r.number for r in resolve("1-060", ROWS).rows] == ["1-060H"]


def test_a_misspelt_end_of_a_long_name_finds_it_not_a_shorter_name_of_another_game() -> None:
    """The words typed, one misspelt, are the end of one card's name; another game's card is named
    only one of them: the long name is meant."""
    got = resolve("Thunder Wolff", ROWS)
    assert got.how == "nearest name" and [r.number for r in got.rows] == ["XX01-013"]


def test_a_word_that_begins_several_names_lists_them_all() -> None:
    got = resolve("grim", ROWS)
    assert got.how == "partial name" and {r.number for r in got.rows} == {"XX01-122", "XX04-120"}


def test_a_name_printed_on_several_cards_lists_every_printing() -> None:
    got = resolve("mist", ROWS)             # the whole name first: "Mist of Darkness" is another card
    assert got.how == "name" and {r.number for r in got.rows} == {"1-182L", "20-063C/1-182L"}
    assert distinct_cards(got) == 2


def test_an_unknown_number_suggests_the_same_set_first() -> None:
    got = resolve("XX01-014", ROWS)
    assert not got.rows and got.hints[0].startswith("XX01-013 ")
    assert all(h.split()[0].startswith("XX01-") for h in got.hints[:3])


def test_an_unknown_number_of_an_unknown_set_suggests_only_numbers_of_its_letters() -> None:
    got = resolve("XX99-999", ROWS)
    assert got.hints and all(h.startswith("XX") for h in got.hints)


def test_words_that_name_nothing_get_the_nearest_names() -> None:
    got = resolve("Pentahron", ROWS)
    assert got.rows and got.rows[0].number == "XX01-012"          # one letter swapped: a typo of it
    got = resolve("Zebra Pentagon Wombat", ROWS)
    assert not got.rows


@needs_corpus
def test_real_cards_from_what_a_judge_types(db: Path) -> None:
    """Both games imported: a misspelt tail of BSS01-013's name finds it (not FFTCG's shorter name),
    a word of two Saga names lists both, an FFTCG name on many printings lists them."""
    import_cards(CORPUS / "bss-cards.json", db_path=db)
    import_cards(CORPUS / "fftcg-cards.json", db_path=db)
    leon = lookup_card("BSS01-013", db_path=db).card
    tail = " ".join(leon.name.split()[-2:]) + leon.name[-1]            # "… Xyz" typed "… Xyzz"
    found = lookup_card(tail, db_path=db)
    assert found.card.number == "BSS01-013" and found.how == "nearest name"
    assert "Battle Spirits Saga" in found.note(None)
    first = lookup_card("BSS01-122", db_path=db).card.name.split()[0]
    with pytest.raises(SeveralCards) as several:
        lookup_card(first.lower(), db_path=db)
    assert {"BSS01-122", "BSS04-120"} <= {n for _, n, _ in several.value.cards}
    cloud = lookup_card("1-182L", db_path=db).card
    with pytest.raises(SeveralCards) as several:
        lookup_card(cloud.name.lower(), db_path=db)
    assert len(several.value.cards) >= 5 and {g for g, _, _ in several.value.cards} == {"fftcg"}


@needs_corpus
def test_real_numbers_not_printed_suggest_the_same_set_and_game(db: Path) -> None:
    import_cards(CORPUS / "bss-cards.json", db_path=db)
    import_cards(CORPUS / "fftcg-cards.json", db_path=db)
    with pytest.raises(UnknownCard) as err:
        lookup_card("BSS01-014", db_path=db)
    assert err.value.hints and all(h.startswith("BSS01-") for h in err.value.hints)
    with pytest.raises(UnknownCard) as err:
        lookup_card("BSS99-999", db_path=db)
    assert err.value.hints and all(h.startswith("BSS") and h.endswith("(bss)") for h in err.value.hints)


@needs_corpus
def test_asked_in_one_game_a_card_of_another_is_said(db: Path) -> None:
    import_cards(CORPUS / "bss-cards.json", db_path=db)
    name = lookup_card("BSS01-013", db_path=db).card.name
    with pytest.raises(UnknownCard) as err:
        lookup_card(name, "fftcg", db_path=db)
    assert "bss has it" in err.value.message and err.value.hints[0].startswith("BSS01-013 ")


def test_judge_card_lists_several_and_exits_1_with_a_one_line_hint(run, db: Path) -> None:
    path = db.parent / "twins.yaml"
    path.write_text("game: bss\ncards:\n" + "".join(
        f"  - {{number: TLK01-00{i}, name: Lookup Twin {i}, type: spirit, cost: 1, text: ''}}\n" for i in (1, 2)),
        encoding="utf-8")
    code, out, err = run("cards", "import", str(path))
    assert code == 0, err
    code, out, err = run("card", "lookup twin")
    assert code == 1
    assert "TLK01-001" in out and "TLK01-002" in out and "bss" in out
    assert len(err.strip().splitlines()) == 1 and "judge card TLK01-001" in err
    code, out, _ = run("card", "lookup twinn 2")
    assert code == 0 and out.startswith("TLK01-002")
