"""Every family of hostile input the attacker's report names, refused at the edge with one line that
names the limit and a non-zero exit — never a hang, never "internal error" (exit 70).

Files come from the `hostile` fixture (a FIFO, /dev/urandom, a YAML alias bomb, nesting 5,000 and
100,000 deep, 5,000-digit numbers, a 200,000-line decklist); see conftest.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from robust_support import alias_bomb, run_judge

SCENARIOS = Path(__file__).parents[1] / "scenarios"
WORDS_20K = " ".join(f"word{i}" for i in range(20_000))
DIGITS_5K = "9" * 5000


def refused(argv: list[str], *phrases: str) -> str:
    run = run_judge(argv)
    assert run.code not in (0, 70), (argv[:3], run)
    message = run.err.strip()
    assert message.startswith("judge: ") and "\n" not in message, message
    assert "internal error" not in message and "Traceback" not in run.err + run.out
    for phrase in phrases:
        assert phrase in message, (phrase, message)
    return message


def test_the_alias_bomb_is_small_and_would_be_huge() -> None:
    text = alias_bomb()
    assert len(text.encode()) < 1700 and 9 ** 9 > 10 ** 8


def test_a_yaml_alias_bomb_is_refused_by_the_alias_expansion_limit(hostile) -> None:
    for argv in (["step", hostile["bomb.yaml"]], ["step", hostile["bomb.yaml"], "--json"],
                 ["explain", hostile["bomb.yaml"]]):
        refused(argv, "alias-expansion limit", "10,000 nodes")


def test_a_search_of_twenty_thousand_words_is_refused(hostile) -> None:
    for command in (["search"], ["cards", "search"], ["rulings", "search"]):
        refused([*command, WORDS_20K], "characters; the limit is 10,000")
    refused(["search", " ".join(["armor"] * 40)], "40 words; the limit is 32")
    refused(["search", "armor " * 70], "characters; the limit is 300")


def test_a_decklist_of_two_hundred_thousand_lines_is_refused(hostile, tmp_path: Path) -> None:
    refused(["deck", "check", hostile["deck200k.txt"], "--game", "bss"], "decklist size limit of 64 KB")
    short = tmp_path / "short-lines.txt"
    short.write_text("1 a\n" * 5000, encoding="utf-8")
    refused(["deck", "check", str(short), "--game", "bss"], "5,000 lines; the limit is 1,000")


def test_deep_nesting_is_refused_by_the_nesting_limit(hostile, tmp_path: Path) -> None:
    ruling = tmp_path / "ruling.json"
    ruling.write_text('{"scenario": ' + "[" * 3000 + "]" * 3000 + "}", encoding="utf-8")
    card = str(SCENARIOS / "bss" / "confront_forces_block.yaml")
    for argv in (["step", hostile["deep.yaml"]], ["explain", hostile["deep.yaml"]],
                 ["cards", "import", hostile["deep.json"]], ["rulings", "import", hostile["deep.json"]],
                 ["cards", "coverage", hostile["deep.json"], "--game", "fftcg"],
                 ["step", card, "--cards", hostile["deep.json"]], ["step", str(ruling), "--recheck"],
                 ["deck", "check", card, "--game", "bss", "--banlist", hostile["toml.toml"]]):
        refused(argv, "nested deeper than 64 levels (the nesting limit)")


def test_a_five_thousand_digit_number_is_refused(hostile, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{DIGITS_5K} BSS01-001\n", encoding="utf-8")
    for argv in (["rule", "bss", DIGITS_5K], ["rule", "fftcg", "1." + DIGITS_5K], ["step", hostile["digits.yaml"]],
                 ["cards", "import", hostile["digits.json"]], ["deck", "check", str(deck), "--game", "bss"],
                 ["parse", f"Draw {DIGITS_5K} cards.", "--game", "fftcg"]):
        refused(argv, "5,000 digits", "at most 18 digits")
    for argv in (["search", "armor", "--limit", DIGITS_5K], ["cards", "search", "x", "--limit", DIGITS_5K],
                 ["web", "--port", DIGITS_5K], ["web", "--max-sessions", DIGITS_5K]):
        refused(argv, "a number of 5,000 digits")


def test_an_overflowing_limit_is_refused_naming_the_range() -> None:
    for argv in (["search", "armor", "--limit", str(10 ** 23)], ["cards", "search", "x", "--limit", str(2 ** 63)],
                 ["search", "armor", "--limit", "-1"], ["cards", "coverage", "cards", "--game", "bs", "--top",
                                                         str(10 ** 12)]):
        refused(argv, "from ", " to 1000")


FILE_COMMANDS = (["step", "{}"], ["explain", "{}"], ["step", "{}", "--recheck"], ["cards", "import", "{}"],
                 ["rules", "import", "{}", "--game", "bss", "--version", "9.9", "--lang", "en"],
                 ["rulings", "import", "{}"], ["deck", "check", "{}", "--game", "bss"],
                 ["cards", "coverage", "{}", "--game", "bss"],
                 ["step", str(SCENARIOS / "bss" / "confront_forces_block.yaml"), "--cards", "{}"])


@pytest.mark.parametrize("name", ["fifo", "urandom", "zero"])
def test_a_file_that_is_not_a_regular_file_is_refused_at_once(hostile, name: str) -> None:
    for template in FILE_COMMANDS:
        argv = [hostile[name] if a == "{}" else a for a in template]
        message = refused(argv)
        assert any(w in message for w in ("named pipe", "character device", "not a regular file",
                                          "not a file")), message


def test_a_file_over_its_size_limit_is_refused(hostile) -> None:
    refused(["step", hostile["big.txt"]], "over the scenario size limit of 1 MB")
    refused(["rules", "import", hostile["big.txt"], "--game", "bss", "--version", "9", "--lang", "en"],
            "over the rules document size limit of 16 MB")


# -- scenario values, checked where they enter ------------------------------------------------------

def mutated(tmp_path: Path, source: str, old: str, new: str) -> str:
    text = (SCENARIOS / source).read_text(encoding="utf-8")
    assert old in text, old
    out = tmp_path / Path(source).name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(out)


@pytest.mark.parametrize(("source", "old"), [("bss/confront_forces_block.yaml", "number: 4"),
                                             ("bs/select_choice_requested.yaml", "number: 3"),
                                             ("fftcg/11_10_2_ex_burst_breaks_the_attacker.yaml", "number: 3")])
def test_a_turn_number_of_minus_ten_to_the_eighteen_is_refused(tmp_path: Path, source: str, old: str) -> None:
    refused(["step", mutated(tmp_path, source, old, "number: -1000000000000000000")], "19 digits")
    refused(["step", mutated(tmp_path, source, old, "number: -100000000000000000")], "turn.number",
            "beyond the limit of ±1,000,000")
    refused(["step", mutated(tmp_path, source, old, "number: -3")], "turn.number", "0 or more")


@pytest.mark.parametrize("source", ["bss/confront_forces_block.yaml",
                                    "fftcg/11_10_2_ex_burst_breaks_the_attacker.yaml"])
def test_an_attack_naming_no_card_is_refused_on_load(tmp_path: Path, source: str) -> None:
    refused(["step", mutated(tmp_path, source, "attack: a1}", "attack: null}")], "actions[0].attack")


def test_a_zone_of_a_million_unknown_cards_is_refused(tmp_path: Path) -> None:
    refused(["step", mutated(tmp_path, "fftcg/11_10_2_ex_burst_breaks_the_attacker.yaml", "deck: [storm, 9]",
                             "deck: [storm, 1000000]")], "over the limit of 1,000")
    refused(["step", mutated(tmp_path, "bss/confront_forces_block.yaml", "deck: 20", "deck: 99999999999")],
            "beyond the limit of ±1,000,000")


def test_three_choices_where_one_is_asked_are_refused_with_the_clause(tmp_path: Path) -> None:
    path = mutated(tmp_path, "bs/select_choice_requested.yaml", "choose: [b2]", "choose: [b1, b2, b3]")
    run = run_judge(["step", path, "--json"])
    assert run.code == 1
    result = json.loads(run.out)
    assert result["ok"] is False
    refusal = next(s for s in result["steps"] if "3 were chosen" in s["text"])
    assert refusal["text"].startswith("Refused") and refusal["cites"] == ["9-3-2-1"]


def test_a_scenario_without_expectations_says_no_expectations(tmp_path: Path) -> None:
    text = (SCENARIOS / "bss" / "confront_forces_block.yaml").read_text(encoding="utf-8")
    cut = tmp_path / "truncated.yaml"
    cut.write_text(text.split("\nexpect:")[0] + "\n", encoding="utf-8")
    run = run_judge(["step", str(cut)])
    assert run.code == 1 and "NOT OK: no expectations" in run.out
    run = run_judge(["step", str(cut), "--json"])
    assert run.code == 1 and json.loads(run.out)["ok"] is False and "no expectations" in run.out


def test_parsing_empty_text_is_an_error() -> None:
    for text in ("", "   ", "\n"):
        refused(["parse", text, "--game", "bss"], "nothing to parse")
