"""Nothing imported is lost: the stored-imports list and the stored copies beside the database
reconciled, each from the other and from the database's own rows, every repair said in words.

An import lives in three places: its entry in the database's `stored_imports` list, its stored
copy (an envelope in `<db>.imports/`, `judge.dbfiles`) and the card or ruling rows it wrote. Any
one of them can be damaged or deleted; as long as another still holds the import it comes back:

- a listed import whose copy is still staged (a kill after the commit) gets its final name;
- a listed import whose copy is missing or damaged is rewritten from the rows it left in the
  database (format `judge-db-rows`); a damaged copy is kept aside as `*.damaged`, never deleted;
- a copy the list lacks (rows deleted from `stored_imports`, a list entry that no longer matches)
  is listed again from the copy itself, which describes itself;
- rows of an import that neither the list nor the folder has are stored as a new copy;
- an import nothing holds any more is named as lost, with where it came from.

`reconcile` runs under the writer lock before every rebuild of the card tables or of the whole
file (so a rebuild never drops what only the old file held) and at start when the folder and the
list disagree; `judge doctor` runs it and reports it.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from judge import dbfiles, store
from judge.store import salvage as rows_of

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_WHAT = {"cards": "card", "rulings": "ruling", "rules": "rules document"}


@dataclass
class Reconciled:
    """What `reconcile` found: the list as it now stands, what it repaired, what is lost."""

    entries: list[dict]
    repairs: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    listed_readable: bool = True

    @property
    def sound(self) -> bool:
        return not self.repairs and not self.lost


def _say(out: Reconciled, message: str, lost: bool = False) -> None:
    (out.lost if lost else out.repairs).append(message)
    dbfiles.notify(message)


def _meta(entry: dict) -> dict[str, Any]:
    try:
        meta = json.loads(entry.get("meta") or "{}")
    except (TypeError, ValueError):
        meta = {}
    return meta if isinstance(meta, dict) else {}


def _rows_payload(kind: str, rows: list[dict], marks: list[dict]) -> str:
    """A stored copy rewritten from database rows: the cards' own data, or every field of the rulings
    (whatever columns the file had) with their links and the replacement marks the import made."""
    if kind == "cards":
        keep = [{"game": r["game"], "number": r["number"], "rank": r.get("rank", 1), "data": r["data"]}
                for r in rows]
    else:
        keep = [{k: v for k, v in r.items() if k != "id"} for r in rows]
    return json.dumps({"judge_rows": 1, "kind": kind, "rows": keep, "marks": marks}, ensure_ascii=False)


def _rewrite(db: Path, entry: dict, rows: list[dict]) -> dict:
    """Write a copy of `entry`'s import from its rows; the new list entry."""
    old = _meta(entry)
    was = old.get("original_format") if old.get("format") == dbfiles.ROWS_FORMAT else old.get("format")
    meta = {**old, "format": dbfiles.ROWS_FORMAT, "records": len(rows), "original_format": was or
            entry.get("format") or "", "rewritten_from": "the database's own rows", "original_file": entry["file"],
            "original_sha256": entry["sha256"]}
    for k in ("name", "game", "source", "fetched"):
        meta.setdefault(k, entry.get(k) or "")
    marks = rows_of.import_marks(db, entry["seq"]) if entry["kind"] == "rulings" else []
    payload = _rows_payload(entry["kind"], rows, marks)
    return dbfiles.write_envelope(db, entry["seq"], entry["kind"], meta, payload).entry()


def _set_aside(path: Path) -> str:
    """Keep a damaged file under another name (never delete a stored copy); the name it has now."""
    target = path.with_name(path.name + dbfiles.DAMAGED_SUFFIX)
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}{dbfiles.DAMAGED_SUFFIX}{n}")
    with contextlib.suppress(OSError):
        os.replace(path, target)
        return target.name
    return path.name


def _staged(db: Path) -> dict[tuple[int, str], Path]:
    """Staged envelopes by (seq, sha256); unreadable ones are a killed write's and go."""
    out = {}
    folder = dbfiles.stored_dir(db)
    for name in dbfiles.folder_names(db):
        if name.startswith(dbfiles.STAGED_PREFIX):
            try:
                st = dbfiles.read_envelope(folder / name)
                out[(st.seq, st.sha256)] = folder / name
            except dbfiles.DamagedImport:
                dbfiles.remove([folder / name])
    return out


def _settle_retired(db: Path, listed: set[str]) -> None:
    """A retired copy still listed: its update never committed (put it back); else delete it."""
    folder = dbfiles.stored_dir(db)
    for name in dbfiles.folder_names(db):
        if name.startswith(dbfiles.RETIRED_PREFIX):
            original = name[len(dbfiles.RETIRED_PREFIX):]
            if original in listed and not (folder / original).exists():
                os.replace(folder / name, folder / original)
            else:
                dbfiles.remove([folder / name])


def _check(db: Path, entry: dict, verify: bool) -> str | None:
    """Why the copy of a listed import cannot be used (None: it can)."""
    path = dbfiles.stored_dir(db) / entry["file"]
    if not path.exists():
        return "is missing"
    if not verify:
        return None
    try:
        dbfiles.read_envelope(path, entry["sha256"])
    except dbfiles.DamagedImport as exc:
        return str(exc).removeprefix(f"stored import {entry['file']} ")
    return None


def _own_copy(db: Path, entry: dict) -> dict | None:
    """The copy at the listed name, sound in itself, of the same import (the list entry is wrong)."""
    try:
        st = dbfiles.read_envelope(dbfiles.stored_dir(db) / entry["file"])
    except dbfiles.DamagedImport:
        return None
    return st.entry() if (st.seq, st.kind) == (entry["seq"], entry["kind"]) else None


def _mend(db: Path, entry: dict, why: str, staged: dict, out: Reconciled) -> dict:
    """A listed import whose copy cannot be used, mended from whatever still holds it."""
    folder = dbfiles.stored_dir(db)
    key = (entry["seq"], entry["sha256"])
    if why == "is missing" and key in staged:          # killed after its commit: finish the rename
        os.replace(staged.pop(key), folder / entry["file"])
        return entry
    own = _own_copy(db, entry) if why != "is missing" else None
    if own is not None:
        _say(out, f"the database's list entry for stored import {entry['file']} did not match the copy; "
                  "listed it again from the copy")
        return own
    what = _WHAT.get(entry["kind"], entry["kind"])
    rows = rows_of.import_records(db, entry["kind"], entry["seq"]) if entry["kind"] != "rules" else None
    kept = ""
    if why != "is missing":
        kept = f"; kept the damaged file as {_set_aside(folder / entry['file'])}"
    if rows or (entry["kind"] == "rulings" and rows is not None and rows_of.import_marks(db, entry["seq"])):
        new = _rewrite(db, entry, rows)
        _say(out, f"stored import {entry['file']} ({entry.get('name') or entry['kind']}) {why}{kept}; "
                  f"rewrote it as {new['file']} from the database's own {len(rows)} {what} row(s)")
        return new
    source = entry.get("source") or entry.get("name") or "its source"
    _say(out, f"stored import {entry['file']} ({entry.get('name') or entry['kind']}) {why}{kept}, and the "
              f"database holds none of its {what} rows: they are lost until you import {source} again", lost=True)
    return entry


def _adopt(db: Path, name: str, taken: dict[int, dict], out: Reconciled) -> dict | None:
    """A copy the list lacks: listed again (under a new number if its own is taken)."""
    path = dbfiles.stored_dir(db) / name
    try:
        st = dbfiles.read_envelope(path)
    except dbfiles.DamagedImport as exc:
        kept = _set_aside(path)
        _say(out, f"{name} in the imports folder is not a usable judge import ({exc}); kept it as {kept}")
        return None
    entry = st.entry()
    if entry["file"] != name:                     # a copy renamed by hand: keep it under its own name
        entry = dbfiles.write_envelope(db, st.seq, st.kind, st.meta, st.payload).entry()
        dbfiles.remove([path])
    if entry["seq"] in taken:
        seq = max(taken) + 1
        entry = dbfiles.write_envelope(db, seq, st.kind, st.meta, st.payload).entry()
        dbfiles.remove([dbfiles.stored_dir(db) / name])
    what = _WHAT.get(entry["kind"], entry["kind"])
    _say(out, f"stored import {name} ({entry['name'] or entry['kind']}, {entry['records']} {what} record(s)) "
              "was missing from the database's list; listed it again")
    return entry


def _orphans(db: Path, entries: list[dict], out: Reconciled) -> list[dict]:
    """Rows of imports that neither the list nor the folder has: stored as new copies."""
    seqs = rows_of.record_seqs(db) or {}
    have = {(e["kind"], e["seq"]) for e in entries}
    new = []
    for (kind, seq), n in sorted(seqs.items(), key=lambda kv: kv[0][1]):
        if (kind, seq) in have or any(e["seq"] == seq for e in entries):
            continue
        rows = rows_of.import_records(db, kind, seq) or []
        if not rows:
            continue
        name = str(rows[0].get("source") or f"import {seq}")
        origin = "official" if kind == "cards" and max(int(r.get("rank") or 0) for r in rows) >= 2 else "import"
        stub = {"seq": seq, "kind": kind, "file": f"(none: import {seq})", "sha256": "", "name": name,
                "game": str(rows[0].get("game") or ""), "source": name, "fetched": "",
                "meta": json.dumps({"name": name, "game": rows[0].get("game") or "", "origin": origin})}
        entry = _rewrite(db, stub, rows)
        _say(out, f"the database holds {n} {_WHAT[kind]} row(s) of import {seq} ({name}), which neither its "
                  f"list nor the imports folder had; stored them as {entry['file']}")
        new.append(entry)
    return new


def reconcile(db: Path, verify: bool = True, pending: list[dict] | tuple = ()) -> Reconciled:
    """Make the list and the copies agree, losing nothing (the caller holds the writer lock).

    `verify` reads and checks every copy and looks for rows no import accounts for (before a
    rebuild, and in `judge doctor`); without it only what the folder's names show is settled.
    `pending`: entries of the caller's own import, whose staged copy is not a leftover."""
    listed = store.stored_imports(db) if db.is_file() else None
    if listed is None:                    # the list is unreadable: the copies describe themselves
        out = Reconciled(dbfiles.stored_rows(db), listed_readable=False)
        if db.is_file() and out.entries:
            _say(out, f"the database's list of stored imports could not be read; took it from the "
                      f"{len(out.entries)} stored cop(ies) beside it")
        elif db.is_file():
            _say(out, f"the database's list of stored imports could not be read and no stored copies are in "
                      f"{dbfiles.stored_dir(db)}: whatever it had imported is lost; import those files again",
                 lost=True)
        return out
    out = Reconciled([])
    _settle_retired(db, {e["file"] for e in listed})
    staged = _staged(db)
    for entry in pending:
        staged.pop((entry["seq"], entry["sha256"]), None)
    for entry in listed:
        why = _check(db, entry, verify)
        out.entries.append(entry if why is None else _mend(db, entry, why, staged, out))
    dbfiles.remove(list(staged.values()))        # staged copies no commit lists: killed imports
    files = {e["file"] for e in out.entries}
    taken = {e["seq"]: e for e in out.entries}
    for name in dbfiles.folder_names(db):
        if dbfiles.is_final(name) and name not in files:
            entry = _adopt(db, name, taken, out)
            if entry is not None:
                out.entries.append(entry)
                taken[entry["seq"]] = entry
    if verify:
        out.entries += _orphans(db, out.entries, out)
    out.entries.sort(key=lambda e: e["seq"])
    if out.entries != listed:
        rows_of.write_listed(db, out.entries)   # a file that cannot be written: the rebuild carries it
    return out


def unsettled(db: Path) -> bool:
    """Whether the folder's names and the list disagree (cheap: a listing and one query)."""
    if not dbfiles.stored_dir(db).is_dir() and not db.is_file():
        return False
    listed = store.stored_imports(db) if db.is_file() else None
    names = {e["file"] for e in listed} if listed is not None else None
    return bool([p for p in dbfiles.leftovers(db, names) if not p.name.startswith(dbfiles.BUILD_PREFIX)])


__all__ = ["Reconciled", "reconcile", "unsettled"]
