"""The rules knowledge base: the API the CLI, the TUI, the grammar links and the engines use.

`open_kb()` makes sure the database is built from the current sources (rebuilding when their
content hash changed or the file is damaged), then answers lookups with plain SQL.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

from judge import store
from judge.errors import BadInput, JudgeError, UnknownGame, UnknownRule
from judge.rules import DEFAULT_LANG
from judge.rules.model import Anomaly, Change, Clause, Document, Hit, TermHit
from judge.rules.numbers import normalize, parts

_CJK = r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]"   # compiled when a text is not ASCII (issue 23.5)


def open_kb(db_path: Path | None = None) -> KB:
    """The knowledge base at `db_path` (default: JUDGE_DB or the user data dir), built if needed."""
    from judge.paths import default_db_path, rules_dir

    path = Path(db_path) if db_path else default_db_path()
    ensure_built(path, rules_dir())
    return KB(path)


def ensure_built(path: Path, rules: Path, force: bool = False) -> None:
    """Build (or rebuild) the database when it is missing, damaged or its sources changed.

    The stored stamp (sizes and times of the sources) spares hashing them on every start; when it
    differs, the content hash decides, and an unchanged hash only refreshes the stamp. A build
    happens under the writer lock, rechecking first (another process may have just built it), and
    carries the stored imports into the new file. A snapshot is never rebuilt."""
    from judge import dbfiles
    from judge.rules.sources import source_hash, source_stamp

    stamp = source_stamp(rules, path)
    _settle_journal(path)
    have = None if force else store.built_hash(path)
    if have is not None and (store.meta_value(path, "stamp") == stamp or store.is_snapshot(path)):
        tidy(path)
        return
    _refuse_stale_snapshot(path)
    with dbfiles.locked(path):
        have = None if force else store.built_hash(path)
        if have is not None and store.meta_value(path, "stamp") == stamp:
            return
        want = source_hash(rules, path)
        if have == want:
            store.set_meta_value(path, "stamp", stamp)
            return
        # of this schema (or unreadable), yet it failed its check: damage, said in one line below
        made_by = store.meta_value(path, "schema") if path.is_file() else None
        damaged = have is None and not force and path.is_file() and made_by in (store.SCHEMA, None)
        upgraded = path.is_file() and made_by not in (store.SCHEMA, None)
        _refuse_read_only(path)
        carried = rebuild(path, rules, want, stamp)
        if damaged:          # complete and of this schema, yet it failed its check: say what happened
            dbfiles.notify(f"the database {path} failed its check; rebuilt it from the sources and "
                           f"{len(carried)} stored import(s)")
        elif upgraded:       # made by another release: rebuilt in this layout, every import carried
            dbfiles.notify(f"the database {path} was made with schema {made_by}; rebuilt it as {store.SCHEMA} "
                           f"from the sources and {len(carried)} stored import(s)")
    tidy(path)


def _settle_journal(path: Path) -> None:
    """A journal left beside the database (a killed writer's, or a zeroed or garbage one) is
    played back or removed before any check reads the file (under the writer lock)."""
    from judge import dbfiles

    if not store.journal_paths(path):
        return
    with dbfiles.locked(path):
        store.settle_journal(path)


def _refuse_read_only(path: Path) -> None:
    """A database without write permission is never rebuilt in place (root could: the bits say no)."""
    if path.is_file() and store.read_only(path):
        from judge.errors import StoreError

        raise StoreError(f"{path} is read-only (no write permission) and out of date or damaged, so it "
                         "cannot be rebuilt; make it writable (chmod u+w) or use another --db")


def rebuild(path: Path, rules: Path, want: str | None = None, stamp: str | None = None,
            extra: list[dict] | None = None, new_stored: list[dict] | None = None,
            before_swap: Callable[[], None] | None = None) -> list[dict]:
    """Build the whole file from the sources and the stored imports and swap it in (caller holds
    the lock); the stored-imports list it carried. `extra` / `new_stored`: a rules import's new
    document and its list entry, which become real with the swap and only with it.

    The list and the copies are reconciled first (`judge.salvage`): a copy only the old file's
    rows still hold is rewritten from them before the swap replaces that file."""
    from judge import dbfiles, salvage
    from judge.progress import working
    from judge.rules.build import payload
    from judge.rules.sources import source_hash, source_stamp

    working(f"building the rules database {path}")
    stored = salvage.reconcile(path, pending=new_stored or ()).entries
    imported = [{**st.meta, "text": st.payload, "source_name": st.meta.get("name") or st.file, "imported": True}
                for st in dbfiles.stored_payloads(path, "rules", stored)]
    tables = payload(rules, path, extra, imported=imported)
    meta = {"hash": want or source_hash(rules, path), "stamp": stamp or source_stamp(rules, path),
            **_synonym_meta(rules)}
    tables["stems"] = _stem_rows()
    carried = [*stored, *(new_stored or [])]
    store.write_rules_db(path, tables, meta, stored=carried, before_swap=before_swap)
    return carried


def _synonym_meta(rules: Path) -> dict[str, str]:
    """Each game's search synonym table, tokenised and stemmed once here (judge.rules.search_query)."""
    from judge.rules.search_query import SYNONYMS_KEY, synonym_rows

    games = sorted(p.stem for p in (rules / "synonyms").glob("*.toml"))
    return {SYNONYMS_KEY + g: synonym_rows(g) for g in games}


def _stem_rows() -> list[dict]:
    """Every English word the build stemmed (the documents', the synonyms', the query word lists),
    with its stem: a search then stems a query's words by reading them (judge.rules.search)."""
    from judge.rules import search_query, search_text

    search_query._en_lists()
    for word in search_text.query_words(""):        # the fixed forms' targets, asked by every search
        search_text.stem(word)
    return [{"word": w, "stem": s} for w, s in sorted(search_text.stems_seen().items())]


def _refuse_stale_snapshot(path: Path) -> None:
    """A snapshot made by another version of judge cannot be rebuilt in place: say so."""
    if path.is_file() and store.is_snapshot(path):
        from judge.errors import StoreError

        made_by = store.meta_value(path, "schema")
        if made_by == store.SCHEMA:           # this version's layout, yet it failed its check
            raise StoreError(f"{path} is a damaged snapshot; make it again with `judge snapshot` "
                             "from a sound database")
        raise StoreError(f"{path} is a snapshot made by another version of judge (schema "
                         f"{made_by}, this one reads {store.SCHEMA}); make it again with `judge snapshot`")


def tidy(path: Path) -> None:
    """Settle what killed builds and imports, or damage, left beside the database (under the lock,
    so a live writer's files are never touched): temp databases of builds go; the stored-imports
    list and the copies are reconciled when their names disagree (`judge.salvage`). Cheap when
    there is nothing: two directory listings and one query."""
    from judge import dbfiles, salvage

    if dbfiles.holds_lock(path):
        return
    if not dbfiles.build_leftovers(path) and not salvage.unsettled(path):
        return
    if path.is_file() and store.read_only(path):
        return                              # never written: read as it is
    try:
        with dbfiles.locked(path, timeout=2):
            dbfiles.remove(dbfiles.build_leftovers(path))
            if salvage.unsettled(path):
                salvage.reconcile(path, verify=False)
    except JudgeError:
        return   # busy or read-only: the next start settles it


class KB:
    """Read-only access to the stored documents (cheap to create; one SQLite connection)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.conn: sqlite3.Connection = store.connect(self.path)
        self._docs: list[Document] | None = None

    # -- documents ---------------------------------------------------------------------------
    def documents(self) -> list[Document]:
        """Every stored document, grouped by game and ordered oldest version first."""
        if self._docs is None:
            self._docs = [Document(game=r["game"], lang=r["lang"], version=r["version"], title=r["title"],
                                   short=r["short"], date=r["date"], clauses=r["clauses"],
                                   current=bool(r["current"]), numbering=r["numbering"], order=r["ord"],
                                   authoritative=bool(r["authoritative"]), imported=bool(r["imported"]),
                                   source=r["source"]) for r in store.documents(self.conn)]
        return self._docs

    def games(self) -> list[str]:
        return sorted({d.game for d in self.documents()})

    def document(self, game: str, lang: str | None = None, version: str | None = None) -> Document:
        """The document asked for; by default the current version in the game's default language."""
        game = (game or "").strip().lower()
        docs = [d for d in self.documents() if d.game == game]
        if not docs:
            from rapidfuzz import process

            near = [m[0] for m in process.extract(game, self.games(), limit=3)] if game else self.games()
            raise UnknownGame(f"unknown game {game!r}", hints=near)
        if lang:
            langs = sorted({d.lang for d in docs})
            docs = [d for d in docs if d.lang == lang.lower()]
            if not docs:
                raise UnknownGame(f"{game} has no {lang!r} document", hints=langs)
        else:
            pref = [d for d in docs if d.lang == DEFAULT_LANG.get(game, d.lang)]
            docs = pref or docs
        if version:
            found = [d for d in docs if d.version == str(version)]
            if not found:
                raise UnknownGame(f"{game} has no version {version!r}", hints=sorted({d.version for d in docs}))
            return found[0]
        cur = [d for d in docs if d.current]
        return (cur or sorted(docs, key=lambda d: d.order))[-1]

    # -- clauses -----------------------------------------------------------------------------
    def clause(self, game: str, number: str, lang: str | None = None, version: str | None = None) -> Clause:
        """One clause by its number (7.1.5.2, §7-1-5-2 and a trailing dot are fine; #2 picks a repeat)."""
        doc = self.document(game, lang, version)
        row = self._row(doc, number)
        return self._clause(doc, row)

    def _row(self, doc: Document, number: str) -> sqlite3.Row:
        raw = str(number or "")
        rep = ""
        if "#" in raw:
            raw, rep = raw.split("#", 1)
        norm = normalize(raw, doc.numbering if doc.numbering != "unnumbered" else "dash")
        if norm is None:
            raise BadInput(f"{number!r} is not a clause number (like 7-1-5-2 or 10.1.4.2)",
                           hints=self._nearest(doc, raw))
        cid = f"{norm}#{rep}" if rep and rep != "1" else norm
        row = store.clause_by_id(self.conn, doc.key, cid)
        if row is None:
            meant = store.rows(self.conn, "select number from anomalies where doc = ? and likely = ?",
                               (doc.key, norm))
            if meant:   # a misprinted number: 11-3-1-4 is printed as a second 11-2-1-4 in bs/ja
                raise UnknownRule(f"{doc.game} {doc.lang} {doc.version} prints no clause {norm}; the clause "
                                  f"the sequence puts there is printed as {meant[0][0]}",
                                  hints=[meant[0][0], *self._nearest(doc, norm)[:2]])
            raise UnknownRule(f"{doc.game} {doc.lang} {doc.version} has no clause {norm}{'#' + rep if rep else ''}",
                              hints=self._nearest(doc, norm))
        return row

    def _nearest(self, doc: Document, number: str) -> list[str]:
        """The closest existing numbers: same prefix first, then numerically adjacent."""
        want = parts(normalize(number, "dash") or "") if number else ()
        nums = store.numbers(self.conn, doc.key)
        if not want:
            return nums[:3]
        def dist(n: str) -> tuple:
            p = parts(n)
            common = 0
            for a, b in zip(p, want, strict=False):
                if a != b:
                    break
                common += 1
            return (-common, abs(len(p) - len(want)), abs((p[common] if common < len(p) else 0)
                                                            - (want[common] if common < len(want) else 0)))
        return sorted({n for n in nums if n}, key=dist)[:3]

    def _clause(self, doc: Document, row: sqlite3.Row, crumbs: bool = True) -> Clause:
        trail = [tuple(x) for x in json.loads(row["crumbs"])] if crumbs else []
        # parent and children are ids: the printed number, plus #2 for a repeat, so that a tree
        # walked through kb.clause() never confuses 1-2-1-1 with the second 1-2-1-1 below it
        return Clause(game=doc.game, lang=doc.lang, version=doc.version, number=row["number"], id=row["id"],
                      title=row["title"] or "", text=row["text"] or "", parent=row["parent"],
                      children=json.loads(row["children"]), refs=json.loads(row["refs"]),
                      cited_by=json.loads(row["cited_by"]), breadcrumbs=trail, line=row["line"],
                      confidence=row["confidence"])

    def subtree(self, game: str, number: str, lang: str | None = None, version: str | None = None) -> list[Clause]:
        """A clause followed by all its descendants, in document order."""
        doc = self.document(game, lang, version)
        top = self._row(doc, number)
        out = [self._clause(doc, top)]
        stack = list(reversed(json.loads(top["children"])))
        while stack:
            cid = stack.pop()
            r = store.clause_by_id(self.conn, doc.key, cid)
            if r is None:
                continue
            out.append(self._clause(doc, r, crumbs=False))
            stack.extend(reversed(json.loads(r["children"])))
        return out

    def dump(self, game: str, lang: str | None = None, version: str | None = None) -> list[Clause]:
        """Every clause of a document in order (no breadcrumbs: cheap)."""
        doc = self.document(game, lang, version)
        return [self._clause(doc, r, crumbs=False) for r in store.all_clauses(self.conn, doc.key)]

    def exists(self, game: str, number: str, lang: str | None = None) -> bool:
        """Whether the current document of `game` has clause `number` (never raises for bad input)."""
        try:
            doc = self.document(game, lang)
        except UnknownGame:
            return False
        try:
            self._row(doc, str(number))
        except (UnknownRule, BadInput):
            return False
        return True

    def exists_in(self, doc: Document, number: str) -> bool:
        """Whether that exact document has clause `number`."""
        norm = normalize(str(number), doc.numbering if doc.numbering != "unnumbered" else "dash")
        return bool(norm and store.clauses_by_number(self.conn, doc.key, norm))

    def citation(self, game: str, number: str, lang: str | None = None, version: str | None = None) -> str:
        """One pasteable line: `Battle Spirits Saga CR 1.7.0 §7-1-5-2-1: The result of …`."""
        doc = self.document(game, lang, version)
        c = self._clause(doc, self._row(doc, number), crumbs=False)
        body = " ".join((c.text or c.title).split())
        return f"{doc.short} {doc.version} §{c.number}: {body}"

    def sections(self, game: str, lang: str | None = None, version: str | None = None) -> list[dict]:
        """The top-level tree: [{number, title, children: [{number, title, children: []}, …]}, …]."""
        doc = self.document(game, lang, version)
        rows = store.all_clauses(self.conn, doc.key)
        by_id = {r["id"]: r for r in rows}

        def node(r: sqlite3.Row, depth: int) -> dict:
            kids = [by_id[c] for c in json.loads(r["children"]) if c in by_id]
            return {"number": r["number"], "id": r["id"], "title": r["title"] or _short(r["text"]),
                    "children": [node(k, depth + 1) for k in kids if k["title"]] if depth < 1 else []}

        return [node(r, 0) for r in rows if not r["parent"]]

    # -- search and terms --------------------------------------------------------------------
    def search(self, query: str, game: str | None = None, lang: str | None = None, limit: int = 20) -> list[Hit]:
        from judge.rules.search import search

        return search(self, query, game=game, lang=lang, limit=limit)

    def term(self, word: str, game: str | None = None) -> list[TermHit]:
        from judge.rules.lookup import term

        return term(self, word, game=game)

    # -- versions and reports ----------------------------------------------------------------
    def diff(self, game: str, from_version: str, to_version: str, lang: str | None = None) -> dict:
        from judge.rules.diff import diff

        return diff(self, game, from_version, to_version, lang)

    def history(self, game: str, number: str, lang: str | None = None) -> list[dict]:
        from judge.rules.diff import history

        return history(self, game, number, lang)

    def check(self, game: str | None = None) -> list[Anomaly]:
        """Every anomaly recorded while ingesting (duplicates, gaps, splits, unattached lines, …)."""
        if game:
            self.document(game)
        docs = [d.key for d in self.documents() if not game or d.game == game]
        return [Anomaly(kind=r["kind"], doc=r["doc"], number=r["number"] or "", line=r["line"] or 0,
                        message=r["message"], likely=r["likely"] or "") for r in store.anomalies(self.conn, docs)]

    def changes(self, game: str | None = None) -> list[Change]:
        """Change-log entries and "Updated" markers of the stored documents."""
        docs = [d.key for d in self.documents() if not game or d.game == game]
        return [Change(doc=r["doc"], date=r["date"] or "", action=r["action"], number=r["number"],
                       line=r["line"] or 0) for r in store.changes(self.conn, docs)]

    def changes_for(self, game: str, number: str, lang: str | None = None,
                    version: str | None = None) -> list[Change]:
        """Change-log entries and "Updated" markers that name this clause or a section holding it."""
        doc = self.document(game, lang, version)
        c = self.clause(game, number, doc.lang, doc.version)
        sep = "." if doc.numbering == "dot" else "-"
        return [ch for ch in self.changes(game) if ch.doc == doc.key
                and (c.number == ch.number or c.number.startswith(ch.number + sep))]

    def is_cjk(self, text: str) -> bool:
        text = text or ""
        return not text.isascii() and bool(re.search(_CJK, text))


def _short(text: str, n: int = 60) -> str:
    t = " ".join((text or "").split())
    return t if len(t) <= n else t[: n - 1] + "…"
