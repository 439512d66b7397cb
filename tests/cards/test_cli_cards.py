"""The card commands as a person or a script uses them: output, JSON contract, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

FIX = Path(__file__).parent / "fixtures"


def test_parse_json_contract(run) -> None:
    code, out, _ = run("parse", "[LV1] When Summoned: Select one of your opponent's spirits and destroy it.",
                       "--game", "bss", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"abilities", "unparsed"} and data["unparsed"] == []
    ability = data["abilities"][0]
    assert ability["kind"] == "triggered" and "8-1-5-1" in ability["cites"]
    destroy = ability["effects"][0]
    assert destroy["kind"] == "destroy" and "10-14-1" in destroy["cites"]


def test_parse_unparsable_text_exits_1_and_says_what(run) -> None:
    code, out, err = run("parse", "Frobnicate the spirit.", "--game", "bss")
    assert code == 1 and "unparsed 0-22" in out and "could not be parsed" in err


def test_parse_of_a_sentence_not_read_exits_1_with_the_words_in_the_tree_and_the_json(run) -> None:
    """Issue 20.4: what is read keeps its nodes, the rest is an `unread` node with exactly its words."""
    text = "[LV1] When Summoned: Frobnicate the moon. Draw 1 card."
    code, out, err = run("parse", text, "--game", "bss")
    assert code == 1 and "could not be parsed" in err
    assert "not read: Frobnicate the moon." in out and "unread words=Frobnicate the moon." in out
    assert "read as: [LV1] When Summoned: ⟨not read⟩. Draw one card." in out
    code, out, _ = run("parse", text, "--game", "bss", "--json")
    data = json.loads(out)
    assert code == 1 and set(data) == {"abilities", "unparsed"}
    unread = data["abilities"][0]["effects"][0]
    assert unread["kind"] == "unread" and unread["words"] == "Frobnicate the moon."
    assert [u["text"] for u in data["unparsed"]] == ["Frobnicate the moon."]


def test_parse_of_an_unknown_icon_exits_1_at_its_position(run) -> None:
    code, out, _ = run("parse", "《Q》: Draw 1 card.", "--game", "fftcg", "--json")
    data = json.loads(out)
    assert code == 1 and data["abilities"] == [] and data["unparsed"][0]["text"] == "《Q》"


def test_card_lookup_shows_text_and_clauses(run) -> None:
    code, out, _ = run("card", "blaze drake")
    assert code == 0 and "JDS01-001" in out and "destroy" in out and "5-10-1" in out


def test_card_unknown_is_one_line_and_exit_1(run) -> None:
    code, _, err = run("card", "Nonexistent Overlord Zyx")
    assert code == 1 and err.startswith("judge: no card") and "Traceback" not in err


def test_coverage_json_keys(run) -> None:
    code, out, _ = run("cards", "coverage", str(FIX / "saga-records.json"), "--game", "bss", "--json")
    data = json.loads(out)
    assert code == 0
    # contract: today's keys, plus the fully-typed counts beside them (issue 11)
    assert {"cards", "cards_fully_parsed", "abilities", "abilities_fully_parsed", "seconds",
            "top_unparsed", "cards_fully_typed", "abilities_fully_typed"} <= set(data)
    assert (data["cards"], data["cards_fully_parsed"]) == (2, 2)
    assert data["cards_fully_typed"] <= data["cards_fully_parsed"]


def test_import_bad_file_is_refused_cleanly(run) -> None:
    code, _, err = run("cards", "import", str(FIX / "bad-cost.yaml"))
    assert code == 1 and "record 2" in err and "'cost'" in err


def test_import_and_search(run) -> None:
    code, out, _ = run("cards", "import", str(FIX / "saga-records.json"), "--game", "bss")
    assert code == 0 and "imported 2 card(s)" in out
    code, out, _ = run("cards", "search", "Flamecub")
    assert code == 0 and "TST01-001" in out


def test_deck_check_cites_and_exit_code(run) -> None:
    code, out, _ = run("deck", "check", str(FIX / "deck-bss-ok.txt"), "--game", "bss")
    assert code == 0 and "5-1-1-1" in out and "deck is legal" in out
    code, out, _ = run("deck", "check", str(FIX / "deck-bs-bad.txt"), "--game", "bs")
    assert code == 1 and "NOT legal" in out and "line 4" in out
