"""Card files → `Card` values: format detection and one reader per format.

Formats:
- `yaml`  the project's own card files (`cards/*.yaml`, documented in cards/README.md);
- `bssdb` bssdb-style Battle Spirits Saga records (a JSON list; per-effect `levels`, `condition`,
  `keywords`, `steps`, `details`), rendered into the project's text convention;
- `fftcg` the official FFTCG card-browser records (reader in `judge.cards.fftcg_import`).

Reading is all-or-nothing: the first bad record raises CardFileError naming the file, the record
(index and number) and the field, and nothing is returned, so an import can never be partial.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from judge.cards.model import GAMES, Card
from judge.errors import BadInput, CardFileError

FORMATS = ("yaml", "bssdb", "fftcg")


class _Bad(Exception):
    """A field of one record is wrong (turned into CardFileError with the record's identity)."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"field {field!r}: {why}")


def _load(path: Path) -> Any:
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CardFileError(f"{path}: cannot read it ({exc})") from exc
    if path.suffix.lower() == ".json" or raw.lstrip().startswith(("[", "{")):
        try:
            return json.loads(raw)
        except json.JSONDecodeError as exc:
            raise CardFileError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    import yaml

    try:
        return yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise CardFileError(f"{path}: not valid YAML{where}: {getattr(exc, 'problem', exc)}") from exc


def detect_format(data: Any) -> str:
    """Which format loaded data is in (by the shape of its records)."""
    if isinstance(data, dict) and "cards" in data:
        return "yaml"
    records = data if isinstance(data, list) else (data or {}).get("cards") if isinstance(data, dict) else None
    first = records[0] if isinstance(records, list) and records and isinstance(records[0], dict) else {}
    if "effects" in first and "ID" in first:
        return "bssdb"
    if "element" in first or ("text" in first and "id" in first and "power" in first):
        return "fftcg"
    if "number" in first and "name" in first:
        return "yaml"
    raise CardFileError("cannot tell the file's format from its records; name it with --format "
                        f"({', '.join(FORMATS)})")


def read_cards(path: Path | str, game: str | None = None, fmt: str | None = None,
               progress: Callable[[int, int | None], None] | None = None) -> list[Card]:
    """Every card of a file, or CardFileError (naming record and field) and nothing at all.

    `progress(done, total)` is called as records are converted, so a UI can show a real bar.
    """
    path = Path(path)
    if fmt is not None and fmt not in FORMATS:
        raise BadInput(f"unknown card file format {fmt!r}", hints=FORMATS)
    if game is not None and game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)
    data = _load(path)
    fmt = fmt or detect_format(data)
    if fmt == "yaml":
        records, game = _yaml_records(path, data, game)
        convert: Callable[[dict, str], Card] = _yaml_card
    elif fmt == "bssdb":
        records, game = _list(path, data), game or "bss"
        convert = _bssdb_card
    else:
        records, game = _list(path, data), game or "fftcg"
        convert = importlib.import_module("judge.cards.fftcg_import").card_from_record
    cards = []
    for i, rec in enumerate(records, 1):
        ident = rec.get("number") or rec.get("ID") or rec.get("id") or rec.get("Code") if isinstance(rec, dict) else None
        where = f"{path.name}: record {i}" + (f" ({ident})" if ident else "")
        if not isinstance(rec, dict):
            raise CardFileError(f"{where}: a record must be a mapping of fields, not {type(rec).__name__}")
        try:
            card = convert(rec, game)
        except _Bad as exc:
            raise CardFileError(f"{where}: {exc}") from None
        except CardFileError as exc:
            raise CardFileError(f"{where}: {exc.message}") from None
        except (ValueError, TypeError, KeyError) as exc:
            raise CardFileError(f"{where}: {exc}") from None
        cards.append(replace_source(card, f"{path.name} ({fmt})"))
        if progress is not None and (i % 100 == 0 or i == len(records)):
            progress(i, len(records))
    return cards


def replace_source(card: Card, source: str) -> Card:
    from dataclasses import replace

    return replace(card, source=source)


def _list(path: Path, data: Any) -> list:
    if isinstance(data, dict):
        data = data.get("cards", data.get("data"))
    if not isinstance(data, list):
        raise CardFileError(f"{path}: expected a list of card records")
    return data


# ── the project's own format ─────────────────────────────────────────────────────────────────
def guess_game(path: Path | str) -> str | None:
    """The game a card file is for, read from its format or `game:` field; None if it can't tell.

    Used to preselect the game when a judge imports a file from the TUI.
    """
    try:
        data = _load(Path(path))
        fmt = detect_format(data)
    except CardFileError:
        return None
    if fmt == "bssdb":
        return "bss"
    if fmt == "fftcg":
        return "fftcg"
    game = data.get("game") if isinstance(data, dict) else None
    return game if game in GAMES else None


def _yaml_records(path: Path, data: Any, game: str | None) -> tuple[list, str]:
    if isinstance(data, list):
        records, file_game = data, None
    elif isinstance(data, dict) and isinstance(data.get("cards"), list):
        records, file_game = data["cards"], data.get("game")
    else:
        raise CardFileError(f"{path}: expected `cards:` with a list of cards (see cards/README.md)")
    if file_game is not None and file_game not in GAMES:
        raise CardFileError(f"{path}: field 'game': {file_game!r} is not one of {', '.join(GAMES)}")
    game = game or file_game
    if game is None:
        raise CardFileError(f"{path}: no game given (set `game:` in the file or pass --game)")
    return records, game


def _int(rec: dict, field: str, default: Any = None) -> int | None:
    value = rec.get(field, default)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise _Bad(field, f"must be a whole number, not {value!r}")
    try:
        return int(str(value).strip())
    except ValueError:
        raise _Bad(field, f"must be a whole number, not {value!r}") from None


def _strs(rec: dict, field: str, lower: bool = False) -> tuple[str, ...]:
    value = rec.get(field) or ()
    if isinstance(value, str):
        value = [v for v in value.replace("/", ",").split(",")]
    if not isinstance(value, list | tuple):
        raise _Bad(field, f"must be a list of names, not {type(value).__name__}")
    out = tuple(str(v).strip() for v in value if str(v).strip())
    return tuple(v.lower() for v in out) if lower else out


def _req(rec: dict, field: str) -> str:
    value = rec.get(field)
    if value is None or not str(value).strip():
        raise _Bad(field, "is missing")
    return str(value).strip()


def _yaml_levels(rec: dict) -> dict[int, tuple[int, int | None]]:
    levels = rec.get("levels") or {}
    if not isinstance(levels, dict):
        raise _Bad("levels", "must map a level to [cores, bp], e.g. {1: [1, 3000]}")
    out = {}
    for lv, value in levels.items():
        try:
            cores, bp = value
            out[int(lv)] = (int(cores), None if bp is None else int(bp))
        except (TypeError, ValueError):
            raise _Bad("levels", f"level {lv!r} must be [cores, bp], not {value!r}") from None
    return out


def _yaml_card(rec: dict, game: str) -> Card:
    text = rec.get("text") or ""
    if not isinstance(text, str):
        raise _Bad("text", "must be text (one ability per line)")
    return Card(game=str(rec.get("game") or game), number=_req(rec, "number"), name=_req(rec, "name"),
                type=_req(rec, "type").lower(), colors=_strs(rec, "colors", True), cost=_int(rec, "cost"),
                reduction=_strs(rec, "reduction", True), symbols=_strs(rec, "symbols", True),
                levels=_yaml_levels(rec), families=_strs(rec, "families"), job=_strs(rec, "job"),
                category=_strs(rec, "category"), power=_int(rec, "power"), rarity=str(rec.get("rarity") or ""),
                set=str(rec.get("set") or ""), block=str(rec.get("block") or ""),
                flags=_strs(rec, "flags", True), text=text.strip())


# ── bssdb-style Saga records ─────────────────────────────────────────────────────────────────
def _kw_text(kw: dict) -> str:
    """A bssdb keyword entry as printed: 【Armor: Red/Purple】, 【Crush: +1】, 【Confront】."""
    if not isinstance(kw, dict):
        raise _Bad("effects.keywords", f"a keyword must be a mapping, not {kw!r}")
    name = kw.get("keyword_name", kw.get("keyword"))
    if not name or not isinstance(name, str):
        raise _Bad("effects.keywords", "a keyword has no name")
    mod = kw.get("keyword_modifier", kw.get("value"))
    if mod is None or mod == "No effects listed" or mod == []:
        return f"【{name}】"
    if isinstance(mod, list):
        mod = "/".join(str(m) for m in mod)
    elif isinstance(mod, int) and name.lower() == "crush":
        mod = f"+{mod}"
    return f"【{name}: {mod}】"


def bssdb_text(effects: list) -> str:
    """The project's text convention for a bssdb `effects` list (one ability per line)."""
    if not isinstance(effects, list):
        raise _Bad("effects", "must be a list")
    lines = []
    for e in effects:
        if not isinstance(e, dict):
            raise _Bad("effects", f"an effect must be a mapping, not {e!r}")
        levels = e.get("levels") or []
        if not isinstance(levels, list) or not all(isinstance(n, int) for n in levels):
            raise _Bad("effects.levels", f"must be a list of level numbers, not {levels!r}")
        lv = "".join(f"[LV{n}]" for n in levels)
        steps = "".join(f"[{s}]" for s in (e.get("steps") or []))
        cond = e.get("condition") if e.get("condition") not in (None, "", "N/A") else None
        details = e.get("details") if e.get("details") not in (None, "", "N/A") else None
        kws = e.get("keywords") or []
        names = [(k.get("keyword_name") or k.get("keyword") or "") if isinstance(k, dict) else "" for k in kws]
        head = " ".join(p for p in (lv, steps) if p)
        if "Burst" in names and details:
            lines.append(f"{head} [Burst] {cond + ': ' if cond else ''}{details}".strip())
            continue
        for kw, name in zip(kws, names, strict=True):
            if name == "Chain" and details and "Chain" in details:
                continue                       # written inline in the details ("Chain Red: …")
            lines.append(f"{head} {cond + ': ' if cond else ''}{_kw_text(kw)}".strip())
        if details:
            lines.append(f"{head} {cond + ': ' if cond else ''}{details}".strip())
    return "\n".join(lines)


def _bssdb_card(rec: dict, game: str) -> Card:
    levels = {}
    for req in rec.get("core_requirements") or []:
        try:
            levels[int(req["level"])] = (int(req["cores"]), int(req["battlePoints"]))
        except (KeyError, TypeError, ValueError):
            raise _Bad("core_requirements", f"needs level, cores and battlePoints: {req!r}") from None
    return Card(game=game, number=_req(rec, "ID"), name=_req(rec, "name"), type=_req(rec, "cardType").lower(),
                colors=_strs(rec, "color", True), cost=_int(rec, "cost"), reduction=_strs(rec, "reduction", True),
                symbols=_strs(rec, "symbols", True), levels=levels, families=_strs(rec, "subType"),
                rarity=str(rec.get("rarity") or ""), set=str(rec.get("set") or ""),
                text=bssdb_text(rec.get("effects") or []))


__all__ = ["FORMATS", "bssdb_text", "detect_format", "guess_game", "read_cards"]
