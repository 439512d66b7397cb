"""Nothing imported is lost when the database or the files beside it are damaged (issue 24.1).

Four stored imports (two card files, two rulings files, all the project's own test records) are
made once; each test damages one piece — rows of a table, the stored-imports list, the imports
folder, one stored copy, the journal — then runs `judge doctor` as the first command (it must
exit non-zero and name what it repaired or lost) or an ordinary command (which must keep every
card and ruling). Every imported card and ruling survives, or its loss is named.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from judge import dbfiles, store

FIX = Path(__file__).parent / "fixtures"
IMPORTS = (("cards", "import", str(FIX / "saga-records.json"), "--game", "bss"),
           ("cards", "import", str(FIX / "fftcg-records.json"), "--game", "fftcg"),
           ("rulings", "import", str(FIX / "qa-cards.json")),
           ("rulings", "import", str(FIX / "qa-keywords.json")))


def _judge(db: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "JUDGE_DB": str(db)}
    return subprocess.run([sys.executable, "-m", "judge", *args], env=env, capture_output=True, text=True,
                          timeout=300)


def _records(db: Path) -> tuple[set, set]:
    """(imported cards as (game, number, name, text), rulings as (game, card, question)) in the file."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        cards = set(conn.execute("select game, number, name, text from cards where seq > 0"))
        rulings = set(conn.execute("select game, card_number, question from rulings"))
        return cards, rulings
    finally:
        conn.close()


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, built_db: Path) -> tuple[Path, tuple[set, set]]:
    """A database with the four imports, and what they hold."""
    db = tmp_path_factory.mktemp("no-loss") / "judge.db"
    shutil.copyfile(built_db, db)
    for args in IMPORTS:
        done = _judge(db, *args)
        assert done.returncode == 0, done.stderr
    held = _records(db)
    assert len(held[0]) >= 4 and len(held[1]) >= 4 and len(store.stored_imports(db)) == 4
    return db, held


@pytest.fixture
def damaged(made, tmp_path: Path) -> Path:
    """A fresh copy of the made database and its stored copies, to damage."""
    src, _ = made
    db = tmp_path / "judge.db"
    shutil.copyfile(src, db)
    shutil.copytree(dbfiles.stored_dir(src), dbfiles.stored_dir(db))
    return db


def _sql(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    for s in statements:
        conn.execute(s)
    conn.commit()
    conn.close()


def _copies(db: Path) -> list[Path]:
    return sorted(p for p in dbfiles.stored_dir(db).iterdir() if dbfiles.is_final(p.name))


def _garbage(p: Path) -> None:
    p.write_bytes(random.Random(3).randbytes(p.stat().st_size))


def _hot_journal(db: Path, scramble: int | None = None) -> None:
    """A writer killed in the middle of a transaction (its journal hot), the journal's body
    optionally overwritten with random bytes from byte `scramble` on."""
    code = ("import os, signal, sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('pragma cache_size=10')\nc.execute('begin immediate')\n"
            "c.execute(\"update cards set text = text || 'x'\")\nc.execute(\"update clauses set text = text || 'x'\")\n"
            "os.kill(os.getpid(), signal.SIGKILL)\n")
    done = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True)
    assert done.returncode == -signal.SIGKILL
    journal = Path(f"{db}-journal")
    assert journal.stat().st_size > 0
    if scramble is not None:
        data = bytearray(journal.read_bytes())
        data[scramble:] = random.Random(5).randbytes(len(data) - scramble)
        journal.write_bytes(bytes(data))


DAMAGE = {
    "list: one row deleted": lambda db: _sql(db, "delete from stored_imports where seq = 2"),
    "list: every row deleted": lambda db: _sql(db, "delete from stored_imports"),
    "list: a checksum garbled": lambda db: _sql(db, "update stored_imports set sha256 = 'garbage' where seq = 3"),
    "list: the table dropped": lambda db: _sql(db, "drop table stored_imports"),
    "cards: imported rows deleted": lambda db: _sql(db, "delete from cards where seq > 0"),
    "cards_fts: rows deleted": lambda db: _sql(db, "delete from cards_fts where rowid % 2 = 0"),
    "rulings: rows deleted": lambda db: _sql(db, "delete from rulings where id % 2 = 0"),
    "ruling_links: rows deleted": lambda db: _sql(db, "delete from ruling_links"),
    "rulings_fts: rows deleted": lambda db: _sql(db, "delete from rulings_fts"),
    "cards_meta: rows deleted": lambda db: _sql(db, "delete from cards_meta"),
    "meta: rows deleted": lambda db: _sql(db, "delete from meta"),
    "documents: rows deleted": lambda db: _sql(db, "delete from documents where game = 'bss'"),
    "clauses: rows deleted": lambda db: _sql(db, "delete from clauses where rowid % 5 = 0"),
    "terms: rows deleted": lambda db: _sql(db, "delete from terms"),
    "search_postings: rows deleted": lambda db: _sql(db, "delete from search_postings where rowid % 3 = 0"),
    "folder: deleted": lambda db: shutil.rmtree(dbfiles.stored_dir(db)),
    "folder: every copy emptied": lambda db: [p.write_bytes(b"") for p in _copies(db)],
    "copy: the first deleted": lambda db: _copies(db)[0].unlink(),
    "copy: the second garbage": lambda db: _garbage(_copies(db)[1]),
    "copy: the third truncated": lambda db: _copies(db)[2].write_bytes(_copies(db)[2].read_bytes()[:100]),
    "copy and its row: both gone": lambda db: (_copies(db)[1].unlink(),
                                               _sql(db, "delete from stored_imports where seq = 2")),
    "journal: zeroed": lambda db: Path(f"{db}-journal").write_bytes(bytes(4096)),
    "journal: garbage": lambda db: Path(f"{db}-journal").write_bytes(random.Random(1).randbytes(8192)),
    "journal: a killed writer's": lambda db: _hot_journal(db),
    "journal: a killed writer's, body garbage": lambda db: _hot_journal(db, scramble=512),
    "journal: a killed writer's, all garbage": lambda db: _hot_journal(db, scramble=0),
}


def _kept_or_named(db: Path, held: tuple[set, set], said: str) -> None:
    cards, rulings = _records(db)
    lost_cards, lost_rulings = held[0] - cards, held[1] - rulings
    if lost_cards or lost_rulings:                # only where the damage destroyed every holder
        assert "lost" in said, (sorted(lost_cards)[:3], sorted(lost_rulings)[:3], said)
    assert not any(p.name.startswith((".staged-", ".retired-")) for p in dbfiles.stored_dir(db).iterdir())
    assert not Path(f"{db}-journal").exists()


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damage_is_found_said_and_repaired_by_doctor_keeping_every_import(made, damaged: Path, damage: str) -> None:
    DAMAGE[damage](damaged)
    done = _judge(damaged, "doctor")
    said = done.stdout + done.stderr
    assert done.returncode in (1, 2), said                 # never "ok" after damage
    assert "repaired" in said or "LOST" in said, said
    _kept_or_named(damaged, made[1], said)
    assert _records(damaged) == made[1], said              # here every piece had another holder
    again = _judge(damaged, "doctor")
    assert again.returncode == 0 and again.stdout.rstrip().endswith("ok"), again.stdout + again.stderr
    assert len(store.stored_imports(damaged)) == 4


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damage_met_by_an_ordinary_command_keeps_every_card_and_ruling(made, damaged: Path, damage: str) -> None:
    DAMAGE[damage](damaged)
    done = _judge(damaged, "cards")
    assert done.returncode == 0, done.stderr
    _kept_or_named(damaged, made[1], done.stdout + done.stderr)
    assert _records(damaged) == made[1], done.stderr
    shown = _judge(damaged, "card", "TST01-001")
    assert shown.returncode == 0 and "Test Flamecub" in shown.stdout


def test_a_copy_nothing_else_holds_is_named_as_lost_never_silently_dropped(made, damaged: Path) -> None:
    """The folder deleted AND the database's pages destroyed: the imports are gone, and said so."""
    shutil.rmtree(dbfiles.stored_dir(damaged))
    data = bytearray(damaged.read_bytes())
    data[4096:] = random.Random(7).randbytes(len(data) - 4096)
    damaged.write_bytes(bytes(data))
    done = _judge(damaged, "doctor")
    assert done.returncode == 1, done.stdout + done.stderr
    said = done.stdout + done.stderr
    assert "NOT ok" in said
    assert ("LOST" in said and "saga-records.json" in said) or "could not be read" in said, said


def test_a_repair_message_counts_the_imports_it_kept(made, damaged: Path) -> None:
    _hot_journal(damaged, scramble=0)
    done = _judge(damaged, "card", "TST01-001")
    assert done.returncode == 0, done.stderr
    for line in done.stderr.splitlines():
        if "rebuilt it from the sources and" in line:
            assert "and 4 stored import(s)" in line, line
