"""`judge rules import`: add a newer release of a rules document, atomically.

The new file is parsed and the whole database rebuilt into a temporary file first; only when that
succeeds are the copy under <db dir>/imports/, its list and the database swapped in. Imported
releases are replayed at every later rebuild, so they survive changes to the shipped sources.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from judge import store
from judge.errors import BadInput, IngestError, JudgeError
from judge.rules.build import IMPORTS, detect_numbering, imports_dir, load_imports, payload, source_hash
from judge.rules.model import Document


def import_document(file: Path, *, game: str, version: str, lang: str, title: str | None = None,
                    date: str = "", db_path: Path | None = None) -> Document:
    """Ingest `file` as `game`/`lang`/`version`; returns the stored Document."""
    from judge.paths import default_db_path, rules_dir
    from judge.rules.kb import KB, open_kb

    path = Path(db_path) if db_path else default_db_path()
    kb = open_kb(path)
    game, lang = game.strip().lower(), lang.strip().lower()
    known = kb.document(game)          # UnknownGame with hints for a typo
    if lang not in ("en", "ja"):
        raise BadInput(f"--lang must be en or ja (got {lang!r})")
    if not re.fullmatch(r"[\w.\-]{1,32}", version):
        raise BadInput(f"--version {version!r}: use letters, digits, dots and dashes")
    if date and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise BadInput(f"--date {date!r}: use YYYY-MM-DD")
    if any(d.game == game and d.lang == lang and d.version == version for d in kb.documents()):
        raise IngestError(f"{game}/{lang}/{version} is already stored")
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise IngestError(f"cannot read {file}: {exc}") from exc
    numbering = detect_numbering(text)
    if numbering == "unnumbered":
        raise IngestError(f"{file}: no numbered clauses found (expected lines like 7-1-5-2 or 10.1.4.2.)")
    imp = imports_dir(path)
    imp.mkdir(parents=True, exist_ok=True)
    name = f"{game}-{lang}-{version}.txt"
    fd, staged = tempfile.mkstemp(prefix=".staged-", suffix=".txt", dir=str(imp))
    os.close(fd)
    shutil.copyfile(file, staged)
    entry = {"file": name, "game": game, "lang": lang, "version": version, "numbering": numbering,
             "title": title or known.title, "short": title if title else known.short, "date": date,
             "current": True, "relations": [{"kind": "newer_version_of", "game": game, "lang": lang,
                                             "version": known.version}]}
    listing = imp / IMPORTS
    old_listing = listing.read_bytes() if listing.is_file() else None
    try:
        tables = payload(rules_dir(), path, [{**entry, "path": staged, "imported": True}])
        os.replace(staged, imp / name)
        entries = [{k: v for k, v in e.items() if k not in ("path", "imported")} for e in load_imports(path)]
        _write_atomic(listing, json.dumps([*entries, entry], indent=2).encode())
        store.write_rules_db(path, tables, {"hash": source_hash(rules_dir(), path)})
    except JudgeError:
        _rollback(staged, imp / name, listing, old_listing)
        raise
    except Exception as exc:
        _rollback(staged, imp / name, listing, old_listing)
        raise IngestError(f"importing {file} failed: {exc}") from exc
    return KB(path).document(game, lang, version)


def _write_atomic(target: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=str(target.parent))
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, target)


def _rollback(staged: str, placed: Path, listing: Path, old: bytes | None) -> None:
    with contextlib.suppress(OSError):
        os.unlink(staged)
    with contextlib.suppress(OSError):
        placed.unlink()
    with contextlib.suppress(OSError):
        if old is None:
            listing.unlink()
        else:
            _write_atomic(listing, old)
