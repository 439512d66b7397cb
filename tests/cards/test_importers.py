"""Card file readers: the project's YAML, bssdb-style Saga records; atomic, naming record and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cards.importers import bssdb_text, detect_format, guess_game, read_cards
from judge.errors import CardFileError
from judge.paths import cards_dir
from judge.text.parse import parse_text

FIX = Path(__file__).parent / "fixtures"


def test_bssdb_records_are_detected_and_rendered_in_the_text_convention() -> None:
    cards = read_cards(FIX / "saga-records.json")
    assert [c.number for c in cards] == ["TST01-001", "TST01-002"]
    cub = cards[0]
    assert (cub.game, cub.type, cub.cost, cub.colors, cub.families) == ("bss", "spirit", 3, ("red",), ("Dragonoid",))
    assert cub.levels == {1: (1, 3000), 2: (3, 5000)}
    assert cub.text.splitlines() == [
        "[LV1][LV2] When Summoned: Draw a card.",
        "[LV2] 【Armor: Purple/White】",
        "[LV1][LV2] When This Spirit Attacks: 【Crush: +1】",
        "[LV2] 【A.T. Field】",
    ]
    assert parse_text(cub.text, "bss").ok


def test_bssdb_burst_and_steps() -> None:
    magic = read_cards(FIX / "saga-records.json")[1]
    assert magic.text.splitlines() == [
        "[Main][Flash] Select one of your opponent's spirits and return it to their hand.",
        "[Burst] When You Lose Life: Draw a card.",
    ]
    kinds = [a.kind.value for a in parse_text(magic.text, "bss").abilities]
    assert kinds == ["magic", "burst"]


def test_a_bad_field_names_the_file_record_and_field_and_returns_nothing() -> None:
    with pytest.raises(CardFileError) as err:
        read_cards(FIX / "bad-cost.yaml")
    msg = str(err.value)
    assert "bad-cost.yaml" in msg and "record 2" in msg and "TST02-002" in msg and "'cost'" in msg


def test_missing_required_field() -> None:
    with pytest.raises(CardFileError, match=r"record 1.*'number': is missing"):
        read_cards_text("game: bs\ncards:\n  - name: X\n    type: spirit\n")


def read_cards_text(text: str, tmp: Path = Path("/tmp")):
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, encoding="utf-8") as f:
        f.write(text)
    return read_cards(f.name)


def test_malformed_yaml_and_json_are_clear_errors(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("cards: [\n  - {", encoding="utf-8")
    with pytest.raises(CardFileError, match="not valid YAML"):
        read_cards(bad)
    bad = tmp_path / "broken.json"
    bad.write_text("[{", encoding="utf-8")
    with pytest.raises(CardFileError, match="not valid JSON"):
        read_cards(bad)


def test_unknown_shape_asks_for_format() -> None:
    with pytest.raises(CardFileError, match="--format"):
        detect_format([{"foo": 1}])


def test_bssdb_keyword_shapes() -> None:
    text = bssdb_text([{"levels": [1], "condition": "N/A", "steps": [], "details": "N/A",
                        "keywords": [{"keyword_name": "Immortal", "keyword_modifier": [4, 5]},
                                     {"keyword_name": "Link", "keyword_modifier": "No effects listed"}]}])
    assert text.splitlines() == ["[LV1] 【Immortal: 4/5】", "[LV1] 【Link】"]


def test_shipped_samples_are_at_least_40_bs_family_cards_and_all_parse() -> None:
    cards = [c for f in sorted(cards_dir().glob("*.yaml")) for c in read_cards(f) if c.game in ("bss", "bs")]
    assert len(cards) >= 40
    for card in cards:
        result = parse_text(card.text, card.game)
        assert result.ok, (card.number, result.unparsed)


def test_samples_cover_every_supported_keyword() -> None:
    from judge.text.bs.links import KEYWORD_EXAMPLES_BS

    cards = [c for f in sorted(cards_dir().glob("*.yaml")) for c in read_cards(f) if c.game in ("bss", "bs")]
    blob = "\n".join(c.text for c in cards).lower()
    for name in KEYWORD_EXAMPLES_BS:
        if name in ("Main", "Flash", "Burst", "Once per turn", "Unstackable"):
            needle = f"[{name.lower()}"
        elif name == "Unstackable, Once per turn":
            continue                     # its two parts are each covered
        elif name == "Chain":
            needle = "chain "
        elif name == "Feast":
            needle = "activate feast"
        elif name.startswith(("When", "During")):
            needle = name.lower() + ":"
        else:
            needle = "【" + name.lower()
        assert needle in blob, f"no sample card uses {name}"


@pytest.mark.parametrize(("name", "game"), [
    ("fixtures/saga-records.json", "bss"),
    ("fixtures/fftcg-records.json", "fftcg"),
    ("fixtures/deck-bss-ok.txt", None),
])
def test_guess_game_reads_the_format_or_says_it_cannot(name: str, game: str | None) -> None:
    assert guess_game(Path(__file__).parent / name) == game


def test_guess_game_of_shipped_yaml_is_its_game_field() -> None:
    assert guess_game(cards_dir() / "fftcg-samples.yaml") == "fftcg"
    assert guess_game(cards_dir() / "no-such-file.yaml") is None
