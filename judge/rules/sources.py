"""What the database is built from, and its content hash (cheap: checked on every start)."""

from __future__ import annotations

import hashlib
from pathlib import Path

CODE_VERSION = "kb-19"   # bump when ingestion changes, so stored databases rebuild
IMPORTS = "imports.json"


def imports_dir(db_path: Path) -> Path:
    """Imported releases live next to the database, so rebuilds replay them."""
    return db_path.parent / "imports"


def source_hash(rules_dir: Path, db_path: Path) -> str:
    """Hash of everything the database is built from (bytes, not timestamps)."""
    h = hashlib.sha256(CODE_VERSION.encode())
    man = rules_dir / "manifest.toml"
    h.update(man.read_bytes() if man.is_file() else b"")
    curated = rules_dir / "terms.toml"
    h.update(curated.read_bytes() if curated.is_file() else b"")
    for f in sorted(rules_dir.glob("*.txt")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    imp = imports_dir(db_path)
    if (imp / IMPORTS).is_file():
        h.update((imp / IMPORTS).read_bytes())
        for f in sorted(imp.glob("*.txt")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()
