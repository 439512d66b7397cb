"""The CLI contract: exit codes, one-line errors, stable JSON shapes."""

from __future__ import annotations

import json

import pytest

CLAUSE_KEYS = {"game", "lang", "version", "number", "id", "title", "text", "parent", "children", "refs",
               "cited_by"}


def test_rule_bss_7_1_5_2_json_shape(run) -> None:
    code, out, _ = run("rule", "bss", "7-1-5-2", "--json")
    assert code == 0
    obj = json.loads(out)
    assert set(obj) >= CLAUSE_KEYS
    assert obj["children"] == ["7-1-5-2-1"]
    assert obj["subclauses"][0]["number"] == "7-1-5-2-1"


def test_rule_text_names_version_and_date(run) -> None:
    code, out, _ = run("rule", "bss", "7-1-5-2-1")
    assert code == 0
    assert "1.7.0" in out.splitlines()[0] and "2024-11-14" in out.splitlines()[0]


def test_rule_only_shows_the_clause_alone(run) -> None:
    _, out, _ = run("rule", "bss", "7-1-5", "--only")
    assert "7-1-5-2-1" not in out


def test_rule_cite_is_one_line(run) -> None:
    code, out, _ = run("rule", "bss", "7.1.5.2.1", "--cite")
    assert code == 0 and out.count("\n") == 1
    assert out.startswith("Battle Spirits Saga CR 1.7.0 §7-1-5-2-1: ")


def test_rule_lang_both_side_by_side(run) -> None:
    code, out, _ = run("rule", "bs", "5-17", "--lang", "both")
    assert code == 0
    assert "待機状態" in out and "Pending State" in out and "│" in out


@pytest.mark.parametrize("args", [
    ("rule", "bss", "99-9"), ("rule", "nope", "1-1"), ("rule", "bss", "abc"), ("term", "Zzzzq"),
    ("search", ""), ("search", "core", "--game", "nope"), ("diff", "bss", "1.7.0", "9.9"),
    ("rules", "dump", "nope", "--json"), ("rule", "bss", "1-1", "--lang", "de"),
])
def test_bad_input_one_line_on_stderr_exit_1(run, args) -> None:
    code, _out, err = run(*args)
    assert code == 1
    assert err.startswith("judge: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_unknown_number_names_nearest(run) -> None:
    _, _, err = run("rule", "bss", "7-1-5-9")
    assert "nearest:" in err and "7-1-5-" in err


def test_games_json(run) -> None:
    code, out, _ = run("games", "--json")
    docs = json.loads(out)
    assert code == 0
    assert {(d["game"], d["lang"], d["version"]) for d in docs} >= {("bss", "en", "1.7.0"), ("bs", "ja", "1.0"),
                                                                   ("bs", "en", "1.0"), ("fftcg", "en", "current")}
    assert all({"game", "lang", "version", "title", "clauses"} <= set(d) for d in docs)


def test_rules_dump_json_array(run) -> None:
    code, out, _ = run("rules", "dump", "fftcg", "--json")
    arr = json.loads(out)
    assert code == 0 and len(arr) > 400 and set(arr[0]) >= CLAUSE_KEYS


def test_search_json_shape(run) -> None:
    code, out, _ = run("search", "equal BP", "--game", "bss", "--json", "--limit", "3")
    hits = json.loads(out)
    assert code == 0 and len(hits) <= 3
    assert {"game", "lang", "number", "snippet", "score"} <= set(hits[0])


def test_term_json_shape(run) -> None:
    code, out, _ = run("term", "Confront", "--json")
    hits = json.loads(out)
    assert code == 0 and hits[0]["number"] == "11-2-1"


def test_rules_check_json(run) -> None:
    code, out, _ = run("rules", "check", "bss", "--json")
    rep = json.loads(out)
    assert code == 0 and rep["integrity"] == "ok"
    assert {a["kind"] for a in rep["anomalies"]} >= {"repeated", "gap", "unattached", "alignment"}


def test_diff_json(run) -> None:
    code, out, _ = run("diff", "bss", "bssdb", "1.7.0", "--json")
    d = json.loads(out)
    assert code == 0 and set(d) >= {"changed", "added", "removed", "renumbered"}


def test_rule_history_json(run) -> None:
    code, out, _ = run("rule", "bss", "11-6-1", "--history", "--json")
    assert code == 0 and json.loads(out)["versions"][1]["status"] == "changed"


@pytest.mark.parametrize("args", [("rule", "bss"), ("search", "x", "--limit", "abc"), ("rule", "bss", "1-1", "--nope"),
                                  ("cards", "coverage", __file__)])
def test_usage_errors_are_one_line_too(run, args) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert err.startswith("judge: ") and err.count("\n") == 1
    if "coverage" in args:                                  # a missing Choice option lists its values
        assert "bss, bs, fftcg" in err


def test_rule_fftcg_15_2_2_2_notes_the_updated_marker(run) -> None:
    code, out, _ = run("rule", "fftcg", "15.2.2.2")
    assert code == 0 and '"Updated" list' in out


def test_rule_bss_11_11_1_json_names_the_change_log_entry_of_its_section(run) -> None:
    code, out, _ = run("rule", "bss", "11-11-1", "--json")
    assert code == 0
    assert json.loads(out)["changes"] == [{"doc": "bss/en/1.7.0", "date": "2023-11-21", "action": "added",
                                           "number": "11-11", "line": 760}]


def test_term_takes_the_game_first_as_rule_does(run) -> None:
    """`judge term bss Armor` is `judge term Armor --game bss` (the order of `judge rule bss N`)."""
    code, first, _ = run("term", "bss", "Armor", "--json")
    assert code == 0
    _, option, _ = run("term", "Armor", "--game", "bss", "--json")
    assert json.loads(first) == json.loads(option)
    assert {hit["game"] for hit in json.loads(first)} == {"bss"}


def test_search_takes_the_game_first_and_unquoted_words(run) -> None:
    code, out, _ = run("search", "bss", "equal", "BP", "--json", "--limit", "3")
    assert code == 0
    _, quoted, _ = run("search", "equal BP", "--game", "bss", "--json", "--limit", "3")
    assert json.loads(out) == json.loads(quoted)


def test_a_lone_game_word_is_the_term_itself(run) -> None:
    """Only a first word followed by more words is taken as the game: `judge term bss` looks up "bss"."""
    code, _, err = run("term", "bss")
    assert code == 1 and "'bss'" in err and err.count("\n") == 1
