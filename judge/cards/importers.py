"""Card files → `Card` values: format detection and one reader per format.

Formats (each named when detected, so a judge sees what was found):
- `yaml`           the project's own card files (`cards/*.yaml`, documented in cards/README.md);
- `bssdb`          the community Battle Spirits Saga JSON (bssdb-style records: per-effect `levels`,
                   `condition`, `keywords`, `steps`, `details`) as one file, a folder of per-card
                   files or a zip of them, rendered into the project's text convention;
- `fftcg`          FFTCG records as a community simulator normalises the card browser's answer
                   (`id`, `name`, `element`, … lower case; reader in `judge.cards.fftcg_import`);
- `fftcg-official` the official FFTCG card browser's own records (`Code`, `Name_EN`, `Text_EN`, …),
                   alone or as its `{"count", "cards"}` answer.

Reading is all-or-nothing: the first bad record raises CardFileError naming the file, the record
(index and number) and the field, and nothing is returned, so an import can never be partial.
Every field is checked for its type (`judge.cards.fields`).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from judge.cards import fields
from judge.cards.model import GAMES, Card
from judge.errors import BadInput, CardFileError
from judge.limits import load_json, load_yaml

FORMATS = ("yaml", "bssdb", "fftcg", "fftcg-official")
FORMAT_NAMES = {
    "yaml": "the project's card YAML",
    "bssdb": "community Battle Spirits Saga JSON",
    "fftcg": "community-normalised FFTCG card-browser records",
    "fftcg-official": "official FFTCG card-browser records",
}
#: a file, folder or zip bigger than this is refused before it is read
MAX_BYTES = 256 * 1024 * 1024
MAX_FILES = 50_000

_Bad = fields.BadField


def _parse(raw: str, name: str, as_json: bool) -> Any:
    if as_json or raw.lstrip().startswith(("[", "{")):
        try:
            return load_json(raw, name)       # nesting and digits bounded (judge.limits)
        except json.JSONDecodeError as exc:
            raise CardFileError(f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    import yaml

    try:
        return load_yaml(raw, name)           # aliases, nesting and digits bounded (judge.limits)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise CardFileError(f"{name}: not valid YAML{where}: {getattr(exc, 'problem', exc)}") from exc


def _read_text(path: Path) -> str:
    try:
        if not path.is_file():
            raise CardFileError(f"{path}: no such file" if not path.exists() else f"{path}: not a regular file")
        if path.stat().st_size > MAX_BYTES:
            raise CardFileError(f"{path}: larger than the {MAX_BYTES // 2**20} MB a card file may be")
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CardFileError(f"{path}: cannot read it ({exc})") from exc


def _combine(parts: list[tuple[str, str]], where: str) -> list:
    """Per-card JSON files (a folder or a zip) as one list of records, in name order."""
    if not parts:
        raise CardFileError(f"{where}: no .json card files in it")
    records: list = []
    for name, raw in sorted(parts):
        data = _parse(raw, f"{where}/{name}", True)
        records += data if isinstance(data, list) else [data]
    return records


def _read_folder(path: Path) -> list:
    files = sorted(p for p in path.rglob("*.json") if p.is_file())
    if len(files) > MAX_FILES:
        raise CardFileError(f"{path}: more than {MAX_FILES} files")
    return _combine([(str(p.relative_to(path)), _read_text(p)) for p in files], str(path))


def _read_zip(path: Path) -> list:
    import zipfile

    try:
        with zipfile.ZipFile(path) as zf:
            members = [m for m in zf.infolist() if m.filename.endswith(".json") and not m.is_dir()]
            if len(members) > MAX_FILES or sum(m.file_size for m in members) > MAX_BYTES:
                raise CardFileError(f"{path}: the zip holds more than a card pool ({len(members)} files)")
            return _combine([(m.filename, zf.read(m).decode("utf-8")) for m in members], str(path))
    except (zipfile.BadZipFile, OSError, UnicodeDecodeError, RuntimeError) as exc:
        raise CardFileError(f"{path}: cannot read the zip ({exc})") from exc


def load_source(path: Path) -> tuple[Any, str]:
    """A card source's data and the text to store for replays: a file as it is; a folder or zip of
    per-card files as one JSON list (what a rebuild reads back)."""
    if path.is_dir():
        data = _read_folder(path)
        return data, json.dumps(data, ensure_ascii=False)
    if path.suffix.lower() == ".zip":
        data = _read_zip(path)
        return data, json.dumps(data, ensure_ascii=False)
    raw = _read_text(path)
    return _parse(raw, str(path), path.suffix.lower() == ".json"), raw


def _load(path: Path) -> Any:
    return load_source(path)[0]


def detect_format(data: Any) -> str:
    """Which format loaded data is in (by the shape of its records)."""
    from judge.cards.fftcg_import import is_official

    if isinstance(data, dict) and "cards" in data and "count" in data:
        return "fftcg-official"
    if isinstance(data, dict) and "cards" in data:
        return "yaml"
    records = data if isinstance(data, list) else (data or {}).get("cards") if isinstance(data, dict) else None
    first = records[0] if isinstance(records, list) and records and isinstance(records[0], dict) else {}
    if is_official(first):
        return "fftcg-official"
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
    """Every card of a file (or folder, or zip), or CardFileError (naming record and field) and
    nothing at all. `progress(done, total)` is called as records are converted."""
    path = Path(path)
    return cards_from_data(_load(path), path.name, game, fmt, progress)


def cards_from_data(data: Any, name: str, game: str | None = None, fmt: str | None = None,
                    progress: Callable[[int, int | None], None] | None = None) -> list[Card]:
    """`read_cards` on data already loaded (`name` is how errors and sources call it)."""
    if fmt is not None and fmt not in FORMATS:
        raise BadInput(f"unknown card file format {fmt!r}", hints=FORMATS)
    if game is not None and game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)
    fmt = fmt or detect_format(data)
    if fmt == "yaml":
        records, game = _yaml_records(Path(name), data, game)
        convert: Callable[[dict, str], Card] = _yaml_card
    elif fmt == "bssdb":
        records, game = _list(Path(name), data), game or "bss"
        convert = _bssdb_card
    elif fmt == "fftcg-official":
        records, game = _list(Path(name), data), game or "fftcg"
        convert = importlib.import_module("judge.cards.fftcg_import").official_card
    else:
        records, game = _list(Path(name), data), game or "fftcg"
        convert = importlib.import_module("judge.cards.fftcg_import").card_from_record
    from judge.limits import MAX_CARDS, check_count

    check_count(len(records), name, "records in one card file", MAX_CARDS)
    cards = []
    for i, rec in enumerate(records, 1):
        where = f"{name}: record {i}" + (f" ({_ident(rec)})" if _ident(rec) else "")
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
        cards.append(replace_source(card, f"{name} ({fmt})"))
        if progress is not None and (i % 100 == 0 or i == len(records)):
            progress(i, len(records))
    return cards


def _ident(rec: Any) -> str:
    if not isinstance(rec, dict):
        return ""
    for key in ("number", "ID", "id", "Code", "code"):
        value = rec.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()[:40]
    return ""


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
    if fmt in ("fftcg", "fftcg-official"):
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
    value = fields.whole(rec, field)
    return default if value is None else value


def _strs(rec: dict, field: str, lower: bool = False) -> tuple[str, ...]:
    return fields.names(rec, field, lower=lower)


def _req(rec: dict, field: str) -> str:
    return fields.text(rec, field, required=True)


def _yaml_levels(rec: dict) -> dict[int, tuple[int, int | None]]:
    levels = rec.get("levels") or {}
    if not isinstance(levels, dict):
        raise _Bad("levels", "must map a level to [cores, bp], e.g. {1: [1, 3000]}")
    out = {}
    for lv, value in levels.items():
        ok = isinstance(value, list | tuple) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (value[0], value[1] or 0))
        if not ok or not str(lv).isdigit():
            raise _Bad("levels", f"level {lv!r} must be [cores, bp] (whole numbers), not {value!r}")
        out[int(lv)] = (value[0], value[1])
    return out


def _yaml_card(rec: dict, game: str) -> Card:
    text = rec.get("text") or ""
    if not isinstance(text, str):
        raise _Bad("text", "must be text (one ability per line)")
    card_game = fields.text(rec, "game", default=game, numbers_ok=False)
    if card_game not in GAMES:
        raise _Bad("game", f"{card_game!r} is not one of {', '.join(GAMES)}")
    return Card(game=card_game, number=_req(rec, "number"), name=_req(rec, "name"),
                type=_req(rec, "type").lower(), colors=_strs(rec, "colors", True), cost=_int(rec, "cost"),
                reduction=_strs(rec, "reduction", True), symbols=_strs(rec, "symbols", True),
                levels=_yaml_levels(rec), families=_strs(rec, "families"), job=_strs(rec, "job"),
                category=_strs(rec, "category"), power=_int(rec, "power"), rarity=fields.text(rec, "rarity"),
                set=fields.text(rec, "set"), block=fields.text(rec, "block"),
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
        steps = "".join(f"[{s}]" for s in fields.names(e, "steps", seps=""))
        cond = fields.text(e, "condition", numbers_ok=False) or None
        details = fields.text(e, "details", numbers_ok=False) or None
        cond = None if cond == "N/A" else cond
        details = None if details == "N/A" else details
        kws = fields.listing(e, "keywords")
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
    for req in fields.listing(rec, "core_requirements"):
        if not isinstance(req, dict):
            raise _Bad("core_requirements", f"each entry needs level, cores and battlePoints: {req!r}")
        try:
            lv, cores = fields.whole(req, "level"), fields.whole(req, "cores")
            bp = fields.whole(req, "battlePoints")
        except _Bad as exc:
            raise _Bad(f"core_requirements.{exc.field}", exc.why) from None
        if lv is None or cores is None:
            raise _Bad("core_requirements", f"needs level, cores and battlePoints: {req!r}")
        levels[lv] = (cores, bp)
    return Card(game=game, number=_req(rec, "ID"), name=_req(rec, "name"), type=_req(rec, "cardType").lower(),
                colors=_strs(rec, "color", True), cost=_int(rec, "cost"), reduction=_strs(rec, "reduction", True),
                symbols=_strs(rec, "symbols", True), levels=levels, families=_strs(rec, "subType"),
                rarity=fields.text(rec, "rarity"), set=fields.text(rec, "set"),
                text=bssdb_text(fields.listing(rec, "effects")))


__all__ = ["FORMATS", "FORMAT_NAMES", "bssdb_text", "cards_from_data", "detect_format", "guess_game",
           "load_source", "read_cards"]
