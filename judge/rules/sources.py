"""What the database is built from: its content hash, and a cheap stamp checked on every start.

The hash (bytes, not timestamps) decides whether the database must be rebuilt. Hashing every
source file costs more than a whole `judge rule` lookup, so each build also records a *stamp* —
names, sizes and modification times of the same files — and a start whose stamp matches the
stored one trusts the stored hash without reading the files. A stamp that differs (a touched
file, a new import) falls back to the hash, which alone decides.
"""

from __future__ import annotations

import os

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


CODE_VERSION = "kb-23"   # bump when ingestion changes, so stored databases rebuild
CURATED = "terms.toml"


def _sources(rules_dir: str, db_path: str) -> list[str]:
    """Every file the database is built from, in a fixed order. Imported releases are not among
    them: they are stored imports listed inside the database, which changes only with them."""
    out = [os.path.join(rules_dir, "manifest.toml"), os.path.join(rules_dir, CURATED)]
    out += sorted(os.path.join(rules_dir, f) for f in os.listdir(rules_dir) if f.endswith(".txt"))
    synonyms = os.path.join(rules_dir, "synonyms")        # stemmed into the database at build
    if os.path.isdir(synonyms):
        out += sorted(os.path.join(synonyms, f) for f in os.listdir(synonyms) if f.endswith(".toml"))
    return out


def source_stamp(rules_dir: str | os.PathLike, db_path: str | os.PathLike) -> str:
    """Names, sizes and modification times of the sources (no file is read)."""
    parts = [CODE_VERSION]
    for f in _sources(os.fspath(rules_dir), os.fspath(db_path)):
        try:
            st = os.stat(f)
        except OSError:
            parts.append(f"{os.path.basename(f)}:-")
            continue
        parts.append(f"{os.path.basename(f)}:{st.st_size}:{st.st_mtime_ns}")
    return "|".join(parts)


def source_hash(rules_dir: Path, db_path: Path) -> str:
    """Hash of everything the database is built from (bytes, not timestamps)."""
    import hashlib

    h = hashlib.sha256(CODE_VERSION.encode())
    for f in _sources(os.fspath(rules_dir), os.fspath(db_path)):
        h.update(os.path.basename(f).encode())
        try:
            with open(f, "rb") as fh:
                h.update(fh.read())
        except OSError:
            h.update(b"")
    return h.hexdigest()
