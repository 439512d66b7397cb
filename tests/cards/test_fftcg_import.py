"""The official FFTCG card-browser record format, on small records of our own, and the shipped FFTCG
samples: detected, converted field by field, all-or-nothing on a bad record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.cards.fftcg_import import card_from_record, convert_text
from judge.cards.importers import detect_format, read_cards
from judge.errors import CardFileError
from judge.paths import cards_dir
from judge.text.ast import to_json
from judge.text.fftcg.links import KEYWORD_EXAMPLES, TABLE
from judge.text.parse import parse_text

FIXTURES = Path(__file__).parent / "fixtures"
RECORDS = FIXTURES / "fftcg-records.json"


def test_fftcg_records_are_detected_by_their_shape() -> None:
    assert detect_format(json.loads(RECORDS.read_text(encoding="utf-8"))) == "fftcg"


def test_fftcg_record_fields_become_card_fields() -> None:
    vask, amsel, mossback, crystal = read_cards(RECORDS)
    assert (vask.game, vask.number, vask.name, vask.type) == ("fftcg", "JX-101R", "Emberline Vask", "forward")
    assert vask.colors == ("fire",) and vask.cost == 4 and vask.power == 8000
    assert vask.job == ("Ranger", "Sky Knight") and vask.category == ("JDG",)
    assert "ex_burst" in vask.flags
    assert amsel.colors == ("wind", "lightning") and "multi_element" in amsel.flags
    assert "limit_break" in amsel.flags and amsel.power is None
    assert mossback.name == "Mossback & Pip"              # the browser's HTML entities are decoded
    assert crystal.name == "Crystal" and crystal.colors == ()


def test_fftcg_11_5_3_text_markup_becomes_one_ability_per_line() -> None:
    vask = read_cards(RECORDS)[0]
    assert vask.text.splitlines() == [
        "Haste",
        "[[ex]]EX BURST[[/]] When Emberline Vask enters the field, choose 1 Forward opponent controls. "
        "Deal it 5000 damage.",
        "[[s]]Cinder Arc[[/]] 《S》《火》《ダル》: Choose 1 Forward. Break it.",
    ]
    assert convert_text("A[[br]] [[br]]B") == "A\nB"


def test_fftcg_fixture_cards_parse_fully_with_their_kinds() -> None:
    vask, amsel, _, _ = read_cards(RECORDS)
    kinds = [a.kind.value for a in parse_text(vask.text, "fftcg").abilities]
    assert kinds == ["keyword", "auto", "special"]
    result = parse_text(amsel.text, "fftcg")
    assert result.ok and [a.kind.value for a in result.abilities] == ["keyword", "summon"]


@pytest.mark.parametrize(("field", "value", "message"), [
    ("cost", "three", "field 'cost'"),
    ("type", "spell", "field 'type'"),
    ("element", "fire/plasma", "field 'element'"),
    ("name", "", "field 'name'"),
])
def test_fftcg_a_bad_record_names_record_and_field_and_imports_nothing(tmp_path: Path, field: str, value: str,
                                                                       message: str) -> None:
    records = json.loads(RECORDS.read_text(encoding="utf-8"))
    records[1][field] = value
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        read_cards(path, "fftcg")
    assert "record 2 (JX-102H)" in str(err.value) and message in str(err.value)


def test_fftcg_record_for_another_game_is_refused() -> None:
    with pytest.raises(CardFileError, match="fftcg"):
        card_from_record({"id": "JX-1", "name": "A", "type": "forward"}, "bss")


def _samples():
    return [c for f in sorted(cards_dir().glob("*.yaml")) for c in read_cards(f) if c.game == "fftcg"]


def test_fftcg_shipped_samples_are_at_least_40_cards_and_all_parse() -> None:
    cards = _samples()
    assert len(cards) >= 40
    for card in cards:
        result = parse_text(card.text, "fftcg")
        assert result.ok, (card.number, result.unparsed)


def test_fftcg_samples_cover_every_keyword_and_node_kind_of_the_grammar() -> None:
    blob = json.dumps([to_json(list(parse_text(c.text, "fftcg").abilities)) for c in _samples()])
    # `ability` is each ability itself (its JSON kind is its AbilityKind); a bare `choose` stands alone
    # only when no later sentence refers back to the chosen card, which good templating avoids.
    kinds = {k for k in TABLE if "." not in k} - {"ability", "choose"}
    missing = sorted(k for k in kinds if f'"kind": "{k}"' not in blob)
    assert not missing, f"no sample card uses {missing}"
    for keyword in ("Haste", "Brave", "First Strike", "Back Attack", "Warp", "Limit Break", "Priming"):
        assert f'"name": "{keyword}"' in blob, keyword
    text = "\n".join(c.text for c in _samples())
    for marker in ("[[ex]]EX BURST[[/]]", "[[i]]Damage", "[[s]]", "《S》", "《C》", "《ダル》"):
        assert marker in text, marker
    assert set(KEYWORD_EXAMPLES) >= {"Haste", "Warp", "Priming"}


@pytest.mark.parametrize("written", ["JDG &middot; XVI", "JDG · XVI", "JDG/XVI"])
def test_fftcg_two_categories_are_two_names_however_the_browser_separates_them(written: str) -> None:
    rec = {"id": "JX-900C", "name": "Tallow Reeve", "type": "Forward", "element": "Ice", "cost": 2,
           "power": 5000, "category": written, "text": ""}
    assert card_from_record(rec).category == ("JDG", "XVI")


@pytest.mark.parametrize(("stored", "shown"), [
    ("[[s]]Frostbind[[/]] 《S》《2》: Choose 1 Forward. Dull it.", "Frostbind [S] (2): Choose 1 Forward. Dull it."),
    ("《水》《ダル》: Choose 1 Forward. Dull it.", "[Water] [Dull]: Choose 1 Forward. Dull it."),
    ("[[ex]]EX BURST[[/]] When Tallow enters the field, draw 1 card.",
     "EX BURST When Tallow enters the field, draw 1 card."),
    ("Haste[[br]][[i]]Card Name[[/]] Tallow gains +1000 power &amp; Brave.",
     "Haste\nCard Name Tallow gains +1000 power & Brave."),
])
def test_fftcg_card_text_is_shown_without_the_browsers_markup(stored: str, shown: str) -> None:
    from judge.cards.markup import readable

    assert readable(stored) == shown
