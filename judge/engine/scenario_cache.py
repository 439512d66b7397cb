"""A scenario file's YAML read once: its data kept in the database, so a second `judge step` on the
same file does not load PyYAML (about a sixth of a warm step, issue 23.5).

The data a file reads as depends only on its bytes, the YAML loader (the PyYAML release) and
`judge.limits.load_yaml` (its bounds), so it is kept in the parsed-text store (judge.store's
`ast_cache`, kind `scenario-yaml`) under a hash of the text, with a version made of the PyYAML
package's and `judge/limits.py`'s sizes and modification times: a new release or a changed bound
makes every entry unreachable, and the first write after it drops the old ones. Only data that JSON
gives back exactly is kept (strings, numbers, booleans, null, lists, mappings with string keys): a
date, a set or a number key is read from the YAML every time. A file that fails to read is never
kept: its error is worded by the YAML reader, every time. A cache, not a record: any failure to read
or write it reads the YAML (`JUDGE_AST_CACHE=0` turns it off with the card text cache).
"""

from __future__ import annotations

import json
import os
from functools import cache

# typing is not imported at run time: this module is on the quick `judge step` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

KIND = "scenario-yaml"
_MISSING = object()


@cache
def version() -> str:
    """The PyYAML package and judge's YAML bounds, by file name, size and modification time."""
    import importlib.util

    parts = ["scenario-yaml-1"]
    spec = importlib.util.find_spec("yaml")
    files = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "limits.py")]
    if spec is not None and spec.origin:
        folder = os.path.dirname(spec.origin)
        files += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith((".py", ".so")))
    for f in files:
        try:
            st = os.stat(f)
            parts.append(f"{os.path.basename(f)}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{os.path.basename(f)}:-")
    import hashlib

    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


def _place() -> Any:
    from judge.text.cache import _db_path, enabled

    return _db_path(None) if enabled() else None


def _key(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def get(text: str) -> Any:
    """The data kept for this text, or `MISSING` (read the YAML then)."""
    from judge import store

    path = _place()
    if path is None:
        return _MISSING
    key = _key(text)
    try:
        got = store.ast_cache_get(path, KIND, [key], version()).get(key)
        return _MISSING if got is None else json.loads(got)
    except (OSError, ValueError):
        return _MISSING


def put(text: str, data: Any) -> None:
    """Keep the data this text read as, when JSON gives it back exactly (best effort)."""
    from judge import store

    path = _place()
    if path is None or not os.path.isfile(path):
        return
    try:
        dumped = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):          # a date, a set, bytes, NaN: read from the YAML each time
        return
    if not _same(json.loads(dumped), data):
        return                               # a number key or the like: JSON would not give it back
    try:
        store.ast_cache_put(path, KIND, [(_key(text), dumped)], version(), prune=True)
    except OSError:
        return


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (1, 1.0 and True are equal in Python, not here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


MISSING = _MISSING

__all__ = ["KIND", "MISSING", "get", "put", "version"]
