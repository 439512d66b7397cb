"""Nothing lost, nothing let in: imports killed at many moments show wholly or not at all, right
away and for good; concurrent imports and builds all land; damage is found and repaired."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from judge import dbfiles, store

FIX = Path(__file__).parent / "fixtures"
KILLER = Path(__file__).parent / "killer.py"
MAX_KILLS = 28


def _judge(db: Path, *args: str, kill_at: int = 0, events: Path | None = None,
           wait: bool = True) -> subprocess.CompletedProcess | subprocess.Popen:
    env = {**os.environ, "JUDGE_DB": str(db)}
    if events is not None:
        env["KILLER_EVENTS"] = str(events)
    cmd = [sys.executable, str(KILLER), str(kill_at), str(db.parent), *args]
    if not wait:
        return subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)


def _cards_state(db: Path) -> tuple[int, int]:
    """(imported cards present, stored-import entries) read straight from the file."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        cards = conn.execute("select count(*) from cards where number like 'TST01-%'").fetchone()[0]
        listed = conn.execute("select count(*) from stored_imports").fetchone()[0]
        return cards, listed
    finally:
        conn.close()


def _leftovers(db: Path) -> list[str]:
    listed = {e["file"] for e in store.stored_imports(db) or []}
    return [p.name for p in dbfiles.leftovers(db, listed)]


def _moments(events: list[str]) -> list[int]:
    """Event numbers to kill at: the first write beside the database, every rename and commit and
    the event after each, then evenly spread ones, at most MAX_KILLS."""
    key = [i for i, e in enumerate(events, 1)
           if e.startswith(("write", "os.")) or e in ("sql commit", "sql begin immediate")]
    first_write = next(i for i, e in enumerate(events, 1) if e.startswith("write"))
    picked = {first_write, first_write + 1, len(events)}      # … and the end: after everything it did
    for i in key:
        picked |= {i, i + 1}
    step = max(1, len(events) // 8)
    picked |= set(range(1, len(events) + 1, step))
    picked = sorted(i for i in picked if 1 <= i <= len(events))
    if len(picked) > MAX_KILLS:
        keep = {first_write, first_write + 1, len(events)}
        rest = [i for i in picked if i not in keep]
        picked = sorted(keep | set(rest[:: max(1, len(rest) // (MAX_KILLS - 2))]))
    return picked[:MAX_KILLS]


def test_a_card_import_killed_at_any_moment_shows_wholly_or_not_at_all_for_good(db: Path, tmp_path: Path) -> None:
    src = FIX / "saga-records.json"
    dry = tmp_path / "dry" / "judge.db"
    dry.parent.mkdir()
    shutil.copyfile(db, dry)
    events_file = tmp_path / "events.txt"
    done = _judge(dry, "cards", "import", str(src), "--game", "bss", events=events_file)
    assert done.returncode == 0, done.stderr
    events = events_file.read_text(encoding="utf-8").splitlines()
    moments = _moments(events)
    assert any(events[i - 1].startswith("write") for i in moments)
    outcomes = {}
    for n in moments:
        run = tmp_path / f"k{n}" / "judge.db"
        run.parent.mkdir()
        shutil.copyfile(db, run)
        killed = _judge(run, "cards", "import", str(src), "--game", "bss", kill_at=n)
        assert killed.returncode == -9, (n, events[n - 1], killed.stderr)
        now = _cards_state(run)                                   # right away, before any judge command
        assert now in ((0, 0), (2, 1)), (n, events[n - 1], now)
        later = _judge(run, "card", "JDS01-001")                  # an unrelated command
        assert later.returncode == 0, later.stderr
        assert _cards_state(run) == now, (n, events[n - 1])      # it applies nothing late
        assert _leftovers(run) == [], (n, events[n - 1])          # and cleans what the kill left
        outcomes[events[n - 1]] = now
    assert {(0, 0), (2, 1)} <= set(outcomes.values())            # killed both before and after the commit


def _release(tmp_path: Path, version: str) -> Path:
    from judge.paths import rules_dir

    src = next(rules_dir().glob("000_*.txt")).read_text(encoding="utf-8")
    src = src.replace("## \n", f"# 12-4 Test Clause\n\n12-4-1 A clause added by release {version}.\n\n## \n")
    f = tmp_path / f"cr-{version}.txt"
    f.write_text(src, encoding="utf-8")
    return f


def _versions(db: Path) -> set[str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {r[0] for r in conn.execute("select version from documents where game = 'bss'")}
    finally:
        conn.close()


def test_a_rules_import_killed_at_any_moment_shows_wholly_or_not_at_all_for_good(db: Path, tmp_path: Path) -> None:
    new = _release(tmp_path, "1.8.0")
    args = ("rules", "import", str(new), "--game", "bss", "--version", "1.8.0", "--lang", "en")
    dry = tmp_path / "dry" / "judge.db"
    dry.parent.mkdir()
    shutil.copyfile(db, dry)
    events_file = tmp_path / "events.txt"
    assert _judge(dry, *args, events=events_file).returncode == 0
    events = events_file.read_text(encoding="utf-8").splitlines()
    moments = [i for i in _moments(events) if not events[i - 1].startswith("sql select")]
    moments = sorted(set(moments[:11]) | {len(events)})
    seen = set()
    for n in moments:
        run = tmp_path / f"r{n}" / "judge.db"
        run.parent.mkdir()
        shutil.copyfile(db, run)
        assert _judge(run, *args, kill_at=n).returncode == -9
        now = "1.8.0" in _versions(run), len(store.stored_imports(run) or [])
        assert now in ((False, 0), (True, 1)), (n, events[n - 1], now)
        assert _judge(run, "search", "armor", "--game", "bss").returncode == 0      # an unrelated command
        assert ("1.8.0" in _versions(run), len(store.stored_imports(run) or [])) == now, (n, events[n - 1])
        assert _leftovers(run) == [], (n, events[n - 1])
        seen.add(now)
    assert seen == {(False, 0), (True, 1)}


def test_two_card_imports_at_once_both_land(db: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text("game: bss\ncards:\n  - {number: CON01-001, name: Racing Whelp, type: spirit, cost: 1}\n",
                     encoding="utf-8")
    a = _judge(db, "cards", "import", str(FIX / "saga-records.json"), "--game", "bss", wait=False)
    b = _judge(db, "cards", "import", str(other), wait=False)
    assert a.wait(300) == 0 and b.wait(300) == 0, (a.stderr.read(), b.stderr.read())
    assert _cards_state(db) == (2, 2)
    conn = store.connect(db)
    try:
        assert store.card_rows(conn, "CON01-001", "bss")
    finally:
        conn.close()


def test_two_rules_imports_and_a_card_import_at_once_all_land(db: Path, tmp_path: Path) -> None:
    runs = [_judge(db, "rules", "import", str(_release(tmp_path, v)), "--game", "bss", "--version", v, "--lang", "en",
                   wait=False) for v in ("1.8.0", "1.9.0")]
    runs.append(_judge(db, "cards", "import", str(FIX / "saga-records.json"), "--game", "bss", wait=False))
    for r in runs:
        assert r.wait(300) == 0, r.stderr.read()
    assert {"1.8.0", "1.9.0"} <= _versions(db)
    assert len(store.stored_imports(db)) == 3
    done = _judge(db, "card", "TST01-001")
    assert done.returncode == 0 and "Test Flamecub" in done.stdout


# --- damage --------------------------------------------------------------------------------
def _scribble(db: Path) -> None:
    """Random bytes over the middle of the file, its size and modification time kept."""
    import random

    st = db.stat()
    data = bytearray(db.read_bytes())
    rnd = random.Random(7)
    for i in range(4096, len(data)):            # every page but the first (the schema): any query meets it
        data[i] = rnd.randrange(256)
    db.write_bytes(bytes(data))
    os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert db.stat().st_size == st.st_size


@pytest.fixture
def imported(db: Path) -> Path:
    from judge.cards.db import import_cards

    import_cards(FIX / "saga-records.json", "bss", db_path=db)
    return db


@pytest.mark.parametrize("args", [("search", "armor", "--game", "bss"), ("rule", "bss", "7-1-5-2"),
                                  ("term", "armor", "--game", "bss")])
def test_random_bytes_keeping_size_and_time_are_met_by_a_query_and_repaired(imported: Path, args) -> None:
    before = _judge(imported, *args)
    assert before.returncode == 0                                          # verified and stamped
    _scribble(imported)
    done = _judge(imported, *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout == before.stdout                                    # never a wrong answer
    notes = [x for x in done.stderr.splitlines() if "rebuilt" in x]
    if not notes:        # `judge rule` reads a handful of pages: the damage may lie elsewhere; the
        done = _judge(imported, "search", "armor", "--game", "bss")       # next query that meets it repairs
        notes = [x for x in done.stderr.splitlines() if "rebuilt" in x]
    assert len(notes) == 1 and notes[0].startswith("judge: ")
    assert store.full_check(imported) == []
    assert "Test Flamecub" in _judge(imported, "card", "TST01-001").stdout       # the import replayed


@pytest.mark.parametrize("damage", [
    "drop table search_postings", "drop table search_clauses", "delete from clauses where rowid % 7 = 0",
    "drop table cards_fts",
    "delete from cards where number = 'TST01-002'", "alter table clauses drop column crumbs",
])
def test_a_dropped_table_or_deleted_rows_are_found_and_repaired(imported: Path, damage: str) -> None:
    conn = sqlite3.connect(imported)
    conn.execute(damage)
    conn.commit()
    conn.close()
    done = _judge(imported, "card", "TST01-002")
    assert done.returncode == 0 and "Test Reversal" in done.stdout, done.stderr
    assert store.full_check(imported) == []
    assert _judge(imported, "search", "armor", "--game", "bss").returncode == 0


def test_garbage_in_the_stored_imports_list_is_mended_from_the_copy_and_keeps_every_import(imported: Path,
                                                                                             tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text("game: bss\ncards:\n  - {number: GBG01-001, name: Kept Whelp, type: spirit, cost: 1}\n",
                     encoding="utf-8")
    assert _judge(imported, "cards", "import", str(other)).returncode == 0
    conn = sqlite3.connect(imported)
    conn.execute("update stored_imports set sha256 = 'garbage' where seq = 1")
    conn.commit()
    conn.close()
    done = _judge(imported, "card", "GBG01-001")
    assert done.returncode == 0 and "Kept Whelp" in done.stdout
    assert "stored import 00001-cards-" in done.stderr and "listed it again from the copy" in done.stderr
    assert _judge(imported, "card", "TST01-001").returncode == 0             # that import is kept (24.1)


def test_a_damaged_stored_copy_names_itself_and_never_blocks_the_rest(imported: Path) -> None:
    envelope = next(dbfiles.stored_dir(imported).glob("*.json"))
    envelope.write_text("{ not json", encoding="utf-8")
    conn = sqlite3.connect(imported)
    conn.execute("drop table cards")                       # make the card tables be replayed
    conn.commit()
    conn.close()
    done = _judge(imported, "card", "Blaze Drake")
    assert done.returncode == 0, done.stderr
    said = done.stderr
    assert f"stored import {envelope.name} (saga-records.json) is unreadable" in said
    assert f"kept the damaged file as {envelope.name}.damaged" in said and "lost" in said    # never deleted
    assert envelope.with_name(envelope.name + ".damaged").exists()
    shown = _judge(imported, "cards")
    assert f"stored import {envelope.name} is damaged" in shown.stdout


def test_doctor_finds_damage_and_repairs_it(imported: Path) -> None:
    ok = _judge(imported, "doctor")
    assert ok.returncode == 0 and ok.stdout.rstrip().endswith("ok")
    _scribble(imported)
    fixed = _judge(imported, "doctor")
    assert fixed.returncode == 2, fixed.stdout + fixed.stderr              # repaired: said, and not "0"
    assert "problem:" in fixed.stdout and "repaired: rebuilt from the sources and 1 stored import(s)" in fixed.stdout
    assert store.full_check(imported) == []


def test_leftovers_of_a_killed_build_are_cleaned_at_the_next_start(db: Path) -> None:
    stale = db.parent / f"{dbfiles.build_prefix(db)}abc.db"
    stale.write_bytes(b"half a database")
    staged = dbfiles.stored_dir(db) / ".staged-xyz.json"
    staged.parent.mkdir(exist_ok=True)
    staged.write_text("{}", encoding="utf-8")
    unlisted = dbfiles.stored_dir(db) / "00009-cards-0123456789abcdef.json"
    unlisted.write_text("{}", encoding="utf-8")
    done = _judge(db, "card", "Blaze Drake")
    assert done.returncode == 0
    assert not stale.exists() and not staged.exists() and not unlisted.exists()
    # a final-named file nothing lists is never deleted: not a judge import, it is kept aside, said
    assert unlisted.with_name(unlisted.name + ".damaged").exists()
    assert "not a usable judge import" in done.stderr
