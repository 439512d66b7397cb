"""`judge rules import`: add a newer release of a rules document, all or nothing.

Under the database's writer lock, the new file is parsed and the whole database rebuilt into a
temporary file with the release's stored-import entry in it; its envelope is moved into place and
the new database swapped in. The swap is the one commit point: a kill before it leaves the old
database (and an unlisted envelope the next start deletes), a kill after it the new one. Two
imports at once take turns, and the second rebuilds on top of the first, so both land.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from judge import dbfiles, store
from judge.errors import BadInput, IngestError, JudgeError
from judge.rules.build import detect_numbering
from judge.rules.model import Document


def import_document(file: Path, *, game: str, version: str, lang: str, title: str | None = None,
                    date: str = "", db_path: Path | None = None) -> Document:
    """Ingest `file` as `game`/`lang`/`version`; returns the stored Document."""
    from judge.paths import default_db_path, rules_dir
    from judge.rules.kb import KB, open_kb, rebuild

    path = Path(db_path) if db_path else default_db_path()
    game, lang = game.strip().lower(), lang.strip().lower()
    if lang not in ("en", "ja"):
        raise BadInput(f"--lang must be en or ja (got {lang!r})")
    if not re.fullmatch(r"[\w.\-]{1,32}", version):
        raise BadInput(f"--version {version!r}: use letters, digits, dots and dashes")
    if date and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise BadInput(f"--date {date!r}: use YYYY-MM-DD")
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise IngestError(f"cannot read {file}: {exc}") from exc
    numbering = detect_numbering(text)
    if numbering == "unnumbered":
        raise IngestError(f"{file}: no numbered clauses found (expected lines like 7-1-5-2 or 10.1.4.2.)")
    open_kb(path)
    with dbfiles.locked(path):
        kb = KB(path)                  # read under the lock: a concurrent import has landed by now
        known = kb.document(game)      # UnknownGame with hints for a typo
        if any(d.game == game and d.lang == lang and d.version == version for d in kb.documents()):
            raise IngestError(f"{game}/{lang}/{version} is already stored")
        kb.conn.close()
        meta = {"name": f"{game}-{lang}-{version}.txt", "game": game, "lang": lang, "version": version,
                "numbering": numbering, "title": title or known.title, "short": title if title else known.short,
                "date": date, "current": True, "format": "rules-text", "source": str(file),
                "fetched": datetime.date.today().isoformat(), "file": f"{game}-{lang}-{version}.txt",
                "relations": [{"kind": "newer_version_of", "game": game, "lang": lang, "version": known.version}]}
        conn = store.connect(path)
        try:
            seq = store.next_seq(conn)
        finally:
            conn.close()
        try:
            staged, stored = dbfiles.stage(path, seq, "rules", meta, text)
        except OSError as exc:
            raise IngestError(f"cannot keep a copy of {file} in {dbfiles.stored_dir(path)}: "
                              f"{exc.strerror or exc}; nothing was imported") from None
        doc = {**meta, "text": text, "source_name": meta["name"], "imported": True}
        try:
            rebuild(path, rules_dir(), extra=[doc], new_stored=[stored.entry()])
        except BaseException as exc:
            dbfiles.remove([staged])             # the swap never happened: nothing lists it
            if isinstance(exc, JudgeError) or not isinstance(exc, Exception):
                raise
            raise IngestError(f"importing {file} failed: {exc}") from exc
        # swapped in: the copy gets its final name (a kill before this is finished by the next start)
        dbfiles.committed(f"rules import {seq} ({meta['name']})")
        dbfiles.place(path, staged, stored)
    return KB(path).document(game, lang, version)
