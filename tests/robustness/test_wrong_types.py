"""Any value type in any field of any file format (issue 24.4): every field of a valid scenario card
(both games), of the scenario itself, of a card record (each import format), of a rulings record
and of the stored card file's own format is replaced by each wrong kind of value in turn; the
command that reads the file answers — or refuses in words — and never ends in an internal error
(exit 70) or a traceback. The files are the project's own fixtures and samples (no corpus text)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[2]
FIX = ROOT / "tests" / "cards" / "fixtures"
WRONG = (5, 999999, -1, 10**17, 2.5, True, None, "", "zz", [], [1, [2]], {"a": 1}, "\udcff")
_WRONG = [w for w in WRONG if not (isinstance(w, str) and "\udc00" <= w[:1] <= "\udfff")]   # YAML/JSON hold no surrogates


def _scenario(game: str) -> dict:
    name = {"fftcg": "10_1_1_1_opponents_attack_phase_trigger.yaml", "bss": "confront_forces_block.yaml"}[game]
    return yaml.safe_load((ROOT / "tests" / "scenarios" / game / name).read_text(encoding="utf-8"))


def _check(code: int, out: str, err: str, what: str) -> None:
    assert code != 70 and "internal error" not in err, (what, err[-400:])
    assert "Traceback" not in out + err, (what, err[-400:])
    if code != 0:
        assert err.strip() or out.strip(), what


def _cases(data: dict, path: tuple) -> list[tuple[tuple, object]]:
    """(field path, wrong value) for every field under `path`."""
    node = data
    for p in path:
        node = node[p]
    return [((*path, k), w) for k in node for w in _WRONG]


def _with(data: dict, where: tuple, value: object) -> dict:
    out = copy.deepcopy(data)
    node = out
    for p in where[:-1]:
        node = node[p]
    node[where[-1]] = value
    return out


def _scenario_cases() -> list:
    out = []
    for game in ("fftcg", "bss"):
        data = _scenario(game)
        card = next(iter(data["cards"]))
        out += [(game, w, v) for w, v in _cases(data, ("cards", card))]
        out += [(game, w, v) for w, v in _cases(data, ()) if w[0] not in ("cards",)]
        out += [(game, ("players", "A", k), v) for k in data["players"]["A"] for v in _WRONG[:6]]
        out += [(game, ("actions", 0, k), v) for k in data["actions"][0] for v in _WRONG[:6]]
    return out


@pytest.mark.parametrize(("game", "where", "value"), _scenario_cases(),
                         ids=lambda x: repr(x)[:30] if not isinstance(x, str) else x)
def test_a_scenario_field_of_any_type_never_ends_in_an_internal_error(invoke, tmp_path: Path, game, where,
                                                                      value) -> None:
    f = tmp_path / "board.yaml"
    f.write_text(yaml.safe_dump(_with(_scenario(game), where, value), allow_unicode=True), encoding="utf-8")
    _check(*invoke("step", str(f), "--json"), f"{game} {where} = {value!r}")


def _record_cases() -> list:
    out = []
    for name, game, fmt in (("saga-records.json", "bss", "bssdb"), ("fftcg-records.json", "fftcg", "fftcg")):
        records = json.loads((FIX / name).read_text(encoding="utf-8"))
        out += [(name, game, fmt, k, v) for k in records[0] for v in _WRONG]
    return out


@pytest.mark.parametrize(("name", "game", "fmt", "field", "value"), _record_cases(),
                         ids=lambda x: repr(x)[:24] if not isinstance(x, str) else x)
def test_a_card_record_field_of_any_type_never_ends_in_an_internal_error(invoke, tmp_path: Path, name, game, fmt,
                                                                         field, value) -> None:
    records = json.loads((FIX / name).read_text(encoding="utf-8"))
    records[0][field] = value
    f = tmp_path / name
    f.write_text(json.dumps(records), encoding="utf-8")
    _check(*invoke("cards", "coverage", str(f), "--game", game, "--format", fmt), f"{name} {field} = {value!r}")


def test_a_field_of_the_projects_own_card_format_of_any_type_never_ends_in_an_internal_error(invoke,
                                                                                             tmp_path: Path) -> None:
    data = yaml.safe_load((ROOT / "cards" / "bs-samples.yaml").read_text(encoding="utf-8"))
    first = data["cards"][0]
    for field in first:
        for value in _WRONG:
            f = tmp_path / "own.yaml"
            f.write_text(yaml.safe_dump({"game": "bss", "cards": [{**first, field: value}]}, allow_unicode=True),
                         encoding="utf-8")
            _check(*invoke("cards", "coverage", str(f), "--game", "bss"), f"cards.{field} = {value!r}")


def test_a_rulings_record_field_of_any_type_never_ends_in_an_internal_error(invoke, tmp_path: Path) -> None:
    records = json.loads((FIX / "qa-cards.json").read_text(encoding="utf-8"))
    for field in records[0]:
        for value in _WRONG:
            f = tmp_path / "qa.json"
            f.write_text(json.dumps([{**records[0], field: value}]), encoding="utf-8")
            _check(*invoke("rulings", "import", str(f)), f"rulings {field} = {value!r}")
