"""The card database: shipped cards + imported files, stored beside the rules, found by number,
fuzzy name or full-text search.

Sources are the project's `cards/*.yaml` (loaded by default, so a fresh install shows cards) and
every file imported with `judge cards import`, whose copy is kept in `card-imports/` next to the
database and replayed whenever the card tables must be rebuilt (a rules rebuild swaps in a new
database file without them). The tables carry the hash of their sources, so they are rebuilt
exactly when a source changes. Imports are atomic: the file is fully read and validated first,
and the database write is one transaction.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from judge import store
from judge.cards.importers import read_cards
from judge.cards.model import GAMES, Card
from judge.errors import BadInput, CardFileError, UnknownCard

IMPORTS_DIR = "card-imports"
MANIFEST = "imports.json"


def _db_path(db_path: Path | None = None) -> Path:
    from judge.paths import default_db_path

    return Path(db_path) if db_path else default_db_path()


def imports_dir(db_path: Path) -> Path:
    """Where copies of imported card files live: beside the database and named after it (so two
    databases in one folder never share imports), so rebuilds replay them."""
    return db_path.parent / f"{db_path.stem}.{IMPORTS_DIR}"


def _imports(db_path: Path) -> list[dict]:
    f = imports_dir(db_path) / MANIFEST
    if not f.is_file():
        return []
    try:
        entries = json.loads(f.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return []
    return [e for e in entries if (imports_dir(db_path) / e.get("file", "")).is_file()]


def sources(db_path: Path) -> list[tuple[Path, str | None, str | None]]:
    """(file, game, format) of every card source, shipped first, imports in the order added."""
    from judge.paths import cards_dir

    shipped = [(p, None, "yaml") for p in sorted(cards_dir().glob("*.yaml"))]
    imported = [(imports_dir(db_path) / e["file"], e.get("game"), e.get("format")) for e in _imports(db_path)]
    return shipped + imported


def _hash(srcs: list[tuple[Path, str | None, str | None]]) -> str:
    h = hashlib.sha256(store.CARDS_SCHEMA.encode())
    for path, game, fmt in srcs:
        h.update(f"{path.name}|{game}|{fmt}|".encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _row(card: Card) -> dict:
    extra = " ".join((*card.families, *card.job, *card.category, card.type, *card.colors))
    return {"game": card.game, "number": card.number, "name": card.name, "type": card.type, "text": card.text,
            "data": json.dumps(card.to_dict(), ensure_ascii=False), "source": card.source, "extra": extra}


def _ensure_db(path: Path) -> None:
    """Build the rules knowledge base first, so its rebuild never drops fresh card tables."""
    try:
        from judge.paths import rules_dir
        from judge.rules.kb import ensure_built
    except ImportError:
        return
    ensure_built(path, rules_dir())


def ensure_cards(db_path: Path | None = None) -> Path:
    """Make the card tables match their sources (rebuilding them from every source if not)."""
    path = _db_path(db_path)
    _ensure_db(path)
    srcs = sources(path)
    want = _hash(srcs)
    if path.is_file():
        conn = store.connect(path)
        try:
            if store.cards_hash(conn) == want:
                return path
        finally:
            conn.close()
    rows: dict[tuple[str, str], dict] = {}
    for file, game, fmt in srcs:
        for card in read_cards(file, game, fmt):
            rows[(card.game, card.number)] = _row(card)
    store.write_cards(path, list(rows.values()), want, replace=True)
    return path


def fftcg_cards_if_built(db_path: Path | None = None) -> list[dict]:
    """The FFTCG cards of the card database as {name, job, category}, when the database already exists
    (never built for this: the card grammar asks for the names a plain reference may use)."""
    path = _db_path(db_path)
    if not path.is_file():
        return []
    conn = store.connect(path)
    try:
        out = []
        for row in store.card_data(conn, "fftcg"):
            data = json.loads(row["data"] or "{}")
            out.append({"name": row["name"], "job": data.get("job") or (), "category": data.get("category") or ()})
        return out
    except Exception:
        return []
    finally:
        conn.close()


def load_card_file(path: Path | str, game: str | None = None, format: str | None = None,
                   db_path: Path | None = None,
                   progress: Callable[[int, int | None], None] | None = None) -> list[Card]:
    """Import a card file: validate every record, keep a copy for rebuilds, store in one go.

    `progress(done, total)` reports records converted; the write is one transaction after that.
    """
    path = Path(path)
    cards = read_cards(path, game, format, progress)  # raises CardFileError naming record + field
    if not cards:
        raise CardFileError(f"{path}: no cards in the file")
    db = ensure_cards(db_path)
    folder = imports_dir(db)
    folder.mkdir(parents=True, exist_ok=True)
    entries = _imports(db)
    stem = re.sub(r"[^\w.-]+", "_", path.stem)[:60] or "cards"
    name = f"{len(entries) + 1:03d}-{stem}{path.suffix or '.txt'}"
    copy = folder / name
    shutil.copyfile(path, copy)
    used_format = format or cards[0].source.rsplit("(", 1)[-1].rstrip(")")
    new_entries = [*entries, {"file": name, "game": game or cards[0].game, "format": used_format,
                              "original": str(path)}]
    manifest = folder / MANIFEST
    old_manifest = manifest.read_bytes() if manifest.is_file() else None
    _write_atomic(manifest, json.dumps(new_entries, indent=2).encode())
    try:
        want = _hash(sources(db))
        store.write_cards(db, [_row(c) for c in cards], want, replace=False)
    except BaseException:
        copy.unlink(missing_ok=True)
        if old_manifest is None:
            manifest.unlink(missing_ok=True)
        else:
            _write_atomic(manifest, old_manifest)
        raise
    return cards


def _write_atomic(target: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=str(target.parent), prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, target)


def _card(row) -> Card:
    return Card.from_dict(json.loads(row["data"]))


def _check_game(game: str | None) -> None:
    if game is not None and game not in GAMES:
        raise BadInput(f"unknown game {game!r}", hints=GAMES)


def find_card(query: str, game: str | None = None, db_path: Path | None = None) -> Card:
    """A card by number (BSS01-001, any case) or by name, exact first, then fuzzy (rapidfuzz)."""
    _check_game(game)
    q = " ".join(str(query).split())
    if not q:
        raise BadInput("give a card number or name")
    conn = store.connect(ensure_cards(db_path))
    try:
        hit = store.card_rows(conn, q, game)
        if hit:
            return _card(hit[0])
        names = store.card_names(conn, game)
        exact = [r for r in names if r["name"].casefold() == q.casefold()]
        if exact:
            return _card(store.card_rows(conn, exact[0]["number"], exact[0]["game"])[0])
        from rapidfuzz import fuzz, process, utils

        choices = {i: f"{r['name']}" for i, r in enumerate(names)}
        best = process.extract(q, choices, scorer=fuzz.WRatio, processor=utils.default_process, limit=5)
        tied = len(best) > 1 and best[1][1] == best[0][1] and choices[best[1][2]] != choices[best[0][2]]
        if best and best[0][1] >= 86 and not tied:
            r = names[best[0][2]]
            return _card(store.card_rows(conn, r["number"], r["game"])[0])
        # every word typed appears in exactly one name ("supernova siegwurm"): that card
        subset = process.extract(q, choices, scorer=fuzz.token_set_ratio, processor=utils.default_process,
                                 limit=2, score_cutoff=95)
        if len(subset) == 1 or (len(subset) == 2 and names[subset[0][2]]["name"] == names[subset[1][2]]["name"]):
            r = names[subset[0][2]]
            return _card(store.card_rows(conn, r["number"], r["game"])[0])
        hints = [f"{names[b[2]]['number']} {names[b[2]]['name']}" for b in best[:3] if b[1] >= 50]
        where = f" in {game}" if game else ""
        raise UnknownCard(f"no card{where} with number or name {q!r}", hints=hints)
    finally:
        conn.close()


def _match_query(query: str) -> str:
    words = re.findall(r"[\w'’.-]+", query)
    if not words:
        raise BadInput("give some words to search for")
    return " ".join('"' + w.replace('"', '""') + '"' + ("*" if len(w) > 2 else "") for w in words)


def search_cards(query: str, game: str | None = None, limit: int = 20,
                 db_path: Path | None = None) -> list[Card]:
    """Cards whose name or text matches every word of the query (full text), best first."""
    _check_game(game)
    conn = store.connect(ensure_cards(db_path))
    try:
        return [_card(r) for r in store.card_search(conn, _match_query(query), game, limit)]
    finally:
        conn.close()


__all__ = ["ensure_cards", "find_card", "imports_dir", "load_card_file", "search_cards", "sources"]
