"""The files beside the database: its writer lock, the stored imports, and leftovers to clean.

No SQL here (that is `judge.store`); this module is about making a change to the database
all-or-nothing with ONE commit point and serialising every writer:

- `locked(db)` is a per-database writer lock (`<db>.lock`, an advisory `flock`). Every import,
  update, build and repair holds it, so two of them never interleave and a build's swap of the
  whole file never lands in the middle of someone else's transaction. Readers never take it.
- A stored import is the copy of an imported file kept so rebuilds can replay it. It is one
  self-describing *envelope* file in `<db>.imports/` whose name and checksum are listed in the
  database's `stored_imports` table. The envelope is staged as `.staged-*` (fsynced) before the
  database transaction that lists it, and given its final name only after that commit: the
  commit alone makes an import exist. A kill before it leaves a staged copy nothing lists (the
  next start deletes it); a kill after it leaves a listed import whose copy is still staged (the
  next start finishes the rename). So a final-named envelope nothing lists is never a leftover:
  it is damage to the list, and `judge.salvage` lists it again. An envelope an official update
  replaces is renamed `.retired-*` before that transaction and deleted after it.
- Leftovers of a killed build (`.judge-build-<db>-*.db`) are removed at the next start, under the
  lock, so a live writer's files are never touched.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from judge.errors import StoreError
from judge.store.files import BUILD_PREFIX, build_prefix

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: prefix of a build's temporary database (the database's file name follows it)
STAGED_PREFIX = ".staged-"
#: an envelope an official update replaces, renamed so until the transaction that drops it commits
RETIRED_PREFIX = ".retired-"
#: a file in the imports folder that is not a readable judge import, kept for a human to look at
DAMAGED_SUFFIX = ".damaged"
#: the format of a stored copy rewritten from the database's own rows (its original was lost)
ROWS_FORMAT = "judge-db-rows"
ENVELOPE_VERSION = 1
LOCK_TIMEOUT = 120.0

_THREAD_LOCKS: dict[str, threading.RLock] = {}
_DEPTH: dict[str, int] = {}
_FDS: dict[str, int] = {}
_GUARD = threading.Lock()


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def stored_dir(db: Path) -> Path:
    """Where the envelopes of stored imports live: beside the database, named after it."""
    return db.with_name(db.name + ".imports")


def _flock(fd: int, timeout: float, db: Path) -> None:
    try:
        import fcntl
    except ImportError:          # no advisory locks on this platform: in-process serialisation only
        return
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise StoreError(f"the database {db} is busy: another judge command has been writing it "
                                 f"for over {timeout:.0f} s") from None
            time.sleep(0.02)


@contextlib.contextmanager
def locked(db: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the database's writer lock (re-entrant within a process; threads wait their turn)."""
    key = os.path.abspath(db)
    with _GUARD:
        rlock = _THREAD_LOCKS.setdefault(key, threading.RLock())
    with rlock:
        if _DEPTH.get(key, 0) == 0:
            try:
                Path(key).parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(key + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise StoreError(f"cannot lock the database {db} for writing: {exc.strerror or exc}") from exc
            try:
                _flock(fd, timeout, db)
            except BaseException:
                os.close(fd)
                raise
            _FDS[key] = fd
        _DEPTH[key] = _DEPTH.get(key, 0) + 1
        try:
            yield
        finally:
            _DEPTH[key] -= 1
            if _DEPTH[key] == 0:
                fd = _FDS.pop(key)
                os.close(fd)          # closing releases the flock


def holds_lock(db: Path) -> bool:
    return _DEPTH.get(os.path.abspath(db), 0) > 0


# --- stored imports ------------------------------------------------------------------------
@dataclass(frozen=True)
class Stored:
    """One stored import: what it is (kind cards / rulings / rules), where it came from, its payload."""

    seq: int
    kind: str
    file: str
    sha256: str
    meta: dict[str, Any]
    payload: str = ""

    def entry(self) -> dict[str, Any]:
        """The row of the `stored_imports` table."""
        m = self.meta
        return {"seq": self.seq, "kind": self.kind, "file": self.file, "sha256": self.sha256,
                "name": str(m.get("name", "")), "game": str(m.get("game") or ""),
                "format": str(m.get("format") or ""), "source": str(m.get("source") or ""),
                "fetched": str(m.get("fetched") or ""), "records": int(m.get("records") or 0),
                "meta": json.dumps(m, ensure_ascii=False, sort_keys=True)}


class DamagedImport(Exception):
    """A stored import whose envelope is missing, unreadable or not what the database lists."""


def digest(payload: str) -> str:
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def envelope_name(seq: int, kind: str, sha: str) -> str:
    return f"{seq:05d}-{kind}-{sha[:16]}.json"


def stage(db: Path, seq: int, kind: str, meta: dict[str, Any], payload: str) -> tuple[Path, Stored]:
    """Write an envelope as `.staged-*` (fsynced); `place` moves it to its name inside the lock."""
    sha = digest(payload)
    folder = stored_dir(db)
    folder.mkdir(parents=True, exist_ok=True)
    body = json.dumps({"judge_import": ENVELOPE_VERSION, "seq": seq, "kind": kind, "sha256": sha,
                       "meta": meta, "payload": payload}, ensure_ascii=False)
    import tempfile  # only where a file is written: a lookup that merely checks the lock never loads it

    fd, tmp = tempfile.mkstemp(prefix=STAGED_PREFIX, suffix=".json", dir=str(folder))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(body)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp), Stored(seq, kind, envelope_name(seq, kind, sha), sha, meta, payload)


def place(db: Path, staged: Path, stored: Stored) -> None:
    """Give a staged envelope its final name (the caller holds the lock; the commit follows)."""
    os.replace(staged, stored_dir(db) / stored.file)


def read_envelope(path: Path, expect_sha: str | None = None) -> Stored:
    """An envelope's content, checked against its own checksum and the one the database lists."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DamagedImport(f"stored import {path.name} is missing") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise DamagedImport(f"stored import {path.name} is unreadable ({type(exc).__name__})") from None
    if not isinstance(data, dict) or data.get("judge_import") != ENVELOPE_VERSION:
        raise DamagedImport(f"stored import {path.name} is not a judge import")
    payload, sha = data.get("payload"), data.get("sha256")
    kind, seq, meta = data.get("kind"), data.get("seq"), data.get("meta")
    if not isinstance(payload, str) or not isinstance(meta, dict) or not isinstance(seq, int) \
            or kind not in ("cards", "rulings", "rules"):
        raise DamagedImport(f"stored import {path.name} lacks its fields")
    if digest(payload) != sha or (expect_sha is not None and sha != expect_sha):
        raise DamagedImport(f"stored import {path.name} does not match its checksum")
    return Stored(seq, kind, path.name, sha, meta, payload)


def envelopes_on_disk(db: Path) -> list[Path]:
    """Final-named envelopes in the folder (used when the database's own list cannot be read)."""
    folder = stored_dir(db)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("."))


_NOTICES: list[str] = []
_COMMITS: list[str] = []


def committed(what: str) -> None:
    """An import of this process has committed (the CLI then never runs the command a second time)."""
    _COMMITS.append(what)


def commits() -> list[str]:
    return list(_COMMITS)


def notify(message: str) -> None:
    """Something the user should hear about that is not an error (a damaged stored import skipped,
    a repair made); the CLI prints these on stderr, the TUI as notifications."""
    if message not in _NOTICES:
        _NOTICES.append(message)


def take_notices() -> list[str]:
    out = list(_NOTICES)
    _NOTICES.clear()
    return out


def stored_rows(db: Path) -> list[dict]:
    """The stored-imports list: the database's own, or (when it cannot be read) rebuilt from the
    envelopes beside it, each checked; the list a rebuild carries into the new file."""
    from judge import store

    listed = store.stored_imports(db) if db.is_file() else None
    if listed is not None:
        return listed
    out = []
    for path in envelopes_on_disk(db):
        try:
            out.append(read_envelope(path).entry())
        except DamagedImport as exc:
            notify(f"{exc}; skipped")
    return sorted(out, key=lambda e: e["seq"])


def stored_payloads(db: Path, kind: str, rows: list[dict] | None = None) -> list[Stored]:
    """Every stored import of one kind, payload read and checked; a damaged one is named and skipped."""
    out = []
    for entry in (stored_rows(db) if rows is None else rows):
        if entry["kind"] != kind:
            continue
        try:
            out.append(read_envelope(stored_dir(db) / entry["file"], entry["sha256"]))
        except DamagedImport as exc:
            notify(f"{exc}; skipped")
    return out


# --- leftovers -----------------------------------------------------------------------------
def build_leftovers(db: Path) -> list[Path]:
    """Temporary databases of killed builds (always safe to delete under the lock)."""
    with contextlib.suppress(OSError):
        prefix = build_prefix(db)
        return [db.parent / n for n in os.listdir(db.parent) if n.startswith(prefix)]
    return []


def folder_names(db: Path) -> list[str]:
    """Every name in the imports folder ([] when there is none)."""
    with contextlib.suppress(OSError):
        return sorted(os.listdir(stored_dir(db)))
    return []


def is_final(name: str) -> bool:
    """A final-named envelope (not staged, retired or set aside as damaged)."""
    return name.endswith(".json") and not name.startswith(".")


def leftovers(db: Path, listed: set[str] | None) -> list[Path]:
    """What is not in its final state beside the database: temp databases of killed builds, staged
    and retired envelopes, and (when the database's list is known) envelopes the list lacks or
    names that have no file. Empty when everything is settled (the next start settles it)."""
    out = build_leftovers(db)
    names = folder_names(db)
    folder = stored_dir(db)
    for name in names:
        if name.startswith((STAGED_PREFIX, RETIRED_PREFIX)) or (listed is not None and is_final(name)
                                                                 and name not in listed):
            out.append(folder / name)
    if listed is not None:
        out += [folder / n for n in sorted(listed - set(names))]
    return out


def remove(paths: list[Path]) -> int:
    n = 0
    for p in paths:
        with contextlib.suppress(OSError):
            p.unlink()
            n += 1
    return n


def retire(db: Path, names: list[str]) -> list[tuple[Path, Path]]:
    """Rename envelopes an update replaces to `.retired-*` (before the transaction that drops them);
    the (retired, original) pairs, for `unretire` when that transaction fails."""
    out = []
    for name in names:
        src = stored_dir(db) / name
        dst = stored_dir(db) / (RETIRED_PREFIX + name)
        if src.exists():
            os.replace(src, dst)
            out.append((dst, src))
    return out


def unretire(pairs: list[tuple[Path, Path]]) -> None:
    for retired, original in pairs:
        with contextlib.suppress(OSError):
            os.replace(retired, original)


def write_envelope(db: Path, seq: int, kind: str, meta: dict[str, Any], payload: str) -> Stored:
    """Write a complete envelope under its final name (a copy rewritten by a repair, which lists
    it in the same step; the caller holds the lock)."""
    staged, stored = stage(db, seq, kind, meta, payload)
    place(db, staged, stored)
    return stored


def write_atomic(target: Path, data: bytes) -> None:
    """Replace a small file whole (temp file in the same folder, then rename)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=STAGED_PREFIX, dir=str(target.parent))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


__all__ = ["BUILD_PREFIX", "DAMAGED_SUFFIX", "RETIRED_PREFIX", "ROWS_FORMAT", "STAGED_PREFIX", "DamagedImport",
           "Stored", "build_leftovers", "build_prefix", "envelopes_on_disk", "folder_names", "holds_lock", "is_final",
           "leftovers", "lock_path", "locked", "place", "read_envelope", "remove", "retire", "stage", "stored_dir",
           "unretire", "write_atomic", "write_envelope"]
