"""`judge rule GAME NUMBER` answered without click, the builder or the knowledge-base classes.

A judge at a table runs this lookup more than anything else, so it must start about as fast as
Python itself. This path handles the plain forms (`--lang`, `--version`, `--cite`, `--only`) on a
database already known to be current (`store.open_current`: built completely, unchanged since
verified, from sources with today's stamp) and prints through `judge.cli.clause_text`, exactly as
`judge rule` does. Anything else — another option, a number it cannot find, an unknown game, a
stale or damaged database — returns None before printing a line, and `judge.cli.main` takes the
long way, which rebuilds, repairs and explains errors.
"""

from __future__ import annotations

import json
import os
import sys
from types import SimpleNamespace

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FLAGS = {"--cite": "cite", "--only": "only"}
VALUED = {"--lang": "lang", "--version": "version"}


def quick_rule(args: list[str]) -> int | None:
    """Print the clause and return 0, or None to let the click command answer instead."""
    opts = _options(args)
    if opts is None:
        return None
    path = _db_path()
    if path is None or _leftovers(path):
        return None
    from judge import store
    from judge.rules.sources import source_stamp

    rules = _rules_dir()
    if rules is None:
        return None
    try:
        conn = store.open_current(path, source_stamp(rules, path))
    except OSError:
        return None
    if conn is None:
        return None
    try:
        lines = _lines(conn, opts)
    except Exception:   # any surprise: the long way explains it properly
        return None
    finally:
        conn.close()
    if lines is None:
        return None
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _options(args: list[str]) -> dict[str, Any] | None:
    """GAME NUMBER and the options this path handles; None for anything else."""
    opts: dict[str, Any] = {"lang": None, "version": None, "cite": False, "only": False}
    pos: list[str] = []
    it = iter(args)
    for a in it:
        if a in FLAGS:
            opts[FLAGS[a]] = True
        elif a in VALUED:
            value = next(it, None)
            if value is None or value.startswith("-"):
                return None
            opts[VALUED[a]] = value
        elif a.startswith("-") and not a[1:2].isdigit():
            return None
        else:
            pos.append(a)
    if len(pos) != 2 or (opts["lang"] or "").lower() == "both":
        return None
    opts["game"], opts["number"] = pos[0].strip().lower(), pos[1]
    return opts


def _db_path() -> str | None:
    env = os.environ.get("JUDGE_DB")
    if env:
        return os.path.expanduser(env)
    if not sys.platform.startswith("linux"):
        return None
    # platformdirs' user_data_dir on Linux (the XDG base directory spec); a test keeps them equal
    base = os.environ.get("XDG_DATA_HOME", "").strip() or os.path.expanduser("~/.local/share")
    return os.path.join(base, "judge", "judge.db")


def _leftovers(path: str) -> bool:
    """Whether a killed build or import left files beside the database (the long way cleans them)."""
    folder, name = os.path.split(os.path.abspath(path))
    try:
        if any(n.startswith(f".judge-build-{name}~") for n in os.listdir(folder)):
            return True
        return any(n.startswith(".staged-") for n in os.listdir(os.path.join(folder, name + ".imports")))
    except OSError:
        return False


def _rules_dir() -> str | None:
    from judge.paths import data_dir_str

    try:
        return data_dir_str("rules")
    except FileNotFoundError:
        return None


def _document(conn: Any, game: str, lang: str | None, version: str | None) -> Any | None:
    from judge import store
    from judge.rules import DEFAULT_LANG

    docs = sorted((SimpleNamespace(**dict(r)) for r in store.documents(conn) if r["game"] == game),
                  key=lambda d: d.ord)
    if lang:
        docs = [d for d in docs if d.lang == lang.lower()]
    else:
        docs = [d for d in docs if d.lang == DEFAULT_LANG.get(game, d.lang)] or docs
    if version:
        docs = [d for d in docs if d.version == str(version)]
        return docs[0] if docs else None
    current = [d for d in docs if d.current]
    return (current or docs or [None])[-1]


def _clause(doc: Any, row: Any, crumbs: bool) -> Any:
    return SimpleNamespace(number=row["number"], id=row["id"], title=row["title"] or "", text=row["text"] or "",
                           confidence=row["confidence"], refs=json.loads(row["refs"]),
                           cited_by=json.loads(row["cited_by"]), children=json.loads(row["children"]),
                           breadcrumbs=[tuple(x) for x in json.loads(row["crumbs"])] if crumbs else [])


def _lines(conn: Any, opts: dict[str, Any]) -> list[str] | None:
    from judge import store
    from judge.cli.clause_text import rule_lines
    from judge.rules.numbers import normalize

    doc = _document(conn, opts["game"], opts["lang"], opts["version"])
    if doc is None:
        return None
    numbering = "dot" if doc.numbering == "dot" else "dash"      # an unnumbered text is aligned to dashes
    raw, _, repeat = str(opts["number"]).partition("#")
    number = normalize(raw, numbering)
    if number and repeat and repeat != "1":
        number = f"{number}#{repeat}"
    row = number and store.clause_by_id(conn, doc.key, number)
    if not row:
        return None
    top = _clause(doc, row, crumbs=True)
    if opts["cite"]:
        body = " ".join((top.text or top.title).split())
        return [f"{doc.short} {doc.version} §{top.number}: {body}"]
    clauses = [top]
    stack = [] if opts["only"] else list(reversed(top.children))
    while stack:
        r = store.clause_by_id(conn, doc.key, stack.pop())
        if r is not None:
            clauses.append(_clause(doc, r, crumbs=False))
            stack.extend(reversed(json.loads(r["children"])))
    sep = "." if numbering == "dot" else "-"
    changes = [SimpleNamespace(**dict(r)) for r in store.changes(conn, [doc.key])
               if top.number == r["number"] or top.number.startswith(r["number"] + sep)]
    return rule_lines(doc, clauses, changes, store.clause_rulings(conn, doc.game, [c.number for c in clauses]))
