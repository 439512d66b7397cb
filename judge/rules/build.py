"""Turn the manifest, its source documents and any imported releases into database rows.

The content hash covers the manifest, every source file and the schema, so the knowledge base
rebuilds itself when any of them changes and never otherwise. Imported releases are stored
imports listed in the database itself (`judge.dbfiles`): an import rebuilds the file with them,
and every later rebuild replays them.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from judge.errors import IngestError, ManifestError
from judge.rules import links, search_index, terms
from judge.rules.ingest import Parsed, parse_numbered
from judge.rules.sources import source_hash

__all__ = ["detect_numbering", "load_imports", "load_manifest", "payload", "source_hash"]


def load_manifest(rules_dir: Path) -> list[dict]:
    """The [[document]] entries of rules/manifest.toml, checked against their pinned sha256."""
    import tomllib

    path = rules_dir / "manifest.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(f"{path}: {exc}") from exc
    docs = data.get("document") or []
    for i, d in enumerate(docs, 1):
        for key in ("file", "game", "lang", "version", "title", "numbering"):
            if not d.get(key):
                raise ManifestError(f"{path}: document {i} has no {key!r}")
        src = rules_dir / d["file"]
        if not src.is_file():
            raise ManifestError(f"{path}: document {i} names {d['file']}, which is missing")
        pin = d.get("sha256")
        if pin and hashlib.sha256(src.read_bytes()).hexdigest() != pin:
            raise ManifestError(f"{src} no longer matches its sha256 pin in the manifest")
        d["path"] = str(src)
    return docs


def load_imports(db_path: Path) -> list[dict]:
    """Releases added with `judge rules import`, in the order they were added: the stored imports
    of kind "rules" the database lists (or, when it cannot be read, the envelopes beside it).
    A damaged one names itself (`judge.dbfiles.notify`) and is skipped."""
    from judge.dbfiles import stored_payloads

    out = []
    for st in stored_payloads(db_path, "rules"):
        out.append({**st.meta, "text": st.payload, "source_name": st.meta.get("name") or st.file,
                    "imported": True})
    return out


def detect_numbering(text: str) -> str:
    """"dot" if clauses look like 10.1.4., "dash" if 7-1-5, else "unnumbered"."""
    dash = len(re.findall(r"(?m)^[\s\-#*·•]*\d+(?:-\d+)+\s", text))
    dot = len(re.findall(r"(?m)^[\s\-#*·•]*\d+(?:\.\d+)+\.?\s", text))
    if max(dash, dot) < 5:
        return "unnumbered"
    return "dot" if dot > dash else "dash"


def parse_document(d: dict, parsed: dict[str, Parsed]) -> Parsed:
    """Parse one manifest entry; an unnumbered text is aligned to the version it relates to."""
    text = d["text"] if "text" in d else Path(d["path"]).read_text(encoding="utf-8")
    if d["numbering"] != "unnumbered":
        return parse_numbered(text, d["numbering"], d["lang"])
    from judge.rules.align import align

    rel = next((r for r in d.get("relations", []) if r.get("kind") == "older_version_of"), None)
    target = f"{rel['game']}/{rel['lang']}/{rel['version']}" if rel else None
    if target not in parsed:
        raise ManifestError(f"{d['file']} is unnumbered but names no numbered version to align to")
    return align(text, parsed[target].clauses)


CURATED: dict[str, dict] = {}


def load_curated(rules_dir: Path) -> dict[str, dict]:
    """rules/terms.toml: terms a document names differently or defines without a heading."""
    import tomllib

    path = rules_dir / "terms.toml"
    if not path.is_file():
        return {}
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(f"{path}: {exc}") from exc


def payload(rules_dir: Path, db_path: Path, extra: list[dict] | None = None,
            imported: list[dict] | None = None) -> dict[str, list[dict]]:
    """All rows of the rules database: documents, clauses, search index, terms, anomalies, changes.

    `imported` are the stored rules imports (read from the database when not given)."""
    CURATED.clear()
    CURATED.update(load_curated(rules_dir))
    stored = load_imports(db_path) if imported is None else imported
    docs = load_manifest(rules_dir) + [dict(d) for d in stored] + list(extra or [])
    _settle_current(docs)
    docs.sort(key=lambda d: d["numbering"] == "unnumbered")     # align after what they align to
    parsed: dict[str, Parsed] = {}
    tables: dict[str, list[dict]] = {k: [] for k in
                                     ("documents", "clauses", "search_postings", "search_clauses", "terms", "anomalies",
                                      "changes")}
    for d in docs:
        key = f"{d['game']}/{d['lang']}/{d['version']}"
        if key in parsed:
            raise IngestError(f"{key} is stored twice (manifest and an import?)")
        p = parse_document(d, parsed)
        if not p.clauses:
            raise IngestError(f"{d['file']}: no numbered clauses found")
        parsed[key] = p
        _document_rows(tables, d, key, p)
    _translation_report(tables, docs, parsed)
    return tables


def _settle_current(docs: list[dict]) -> None:
    """An imported release of a (game, lang) is newer than what the manifest ships: it is current."""
    for d in docs:
        if d.get("imported"):
            for other in docs:
                if other is not d and (other["game"], other["lang"]) == (d["game"], d["lang"]):
                    other["current"] = False
                    d["order"] = max(d.get("order", 0), other.get("order", 0) + 1)


def _document_rows(tables: dict, d: dict, key: str, p: Parsed) -> None:
    numbering = "dash" if d["numbering"] == "unnumbered" else d["numbering"]
    refs, cited = links.link([(c.id, c.number, c.text) for c in p.clauses], numbering)
    tables["documents"].append({
        "key": key, "game": d["game"], "lang": d["lang"], "version": str(d["version"]),
        "title": d["title"], "short": d.get("short") or d["title"], "date": str(d.get("date") or ""),
        "numbering": d["numbering"], "ord": int(d.get("order", 0)), "current": int(bool(d.get("current"))),
        "authoritative": int(bool(d.get("authoritative"))), "imported": int(bool(d.get("imported"))),
        "source": d.get("source_name") or Path(d["path"]).name, "clauses": len(p.clauses),
        "relations": json.dumps(d.get("relations", [])), "toc": json.dumps(p.toc, ensure_ascii=False)})
    rows = []
    for seq, c in enumerate(p.clauses):
        rows.append({"doc": key, "seq": seq, "id": c.id, "number": c.number, "parent": c.parent,
                     "title": c.title, "text": c.text, "line": c.line, "confidence": c.confidence,
                     "children": json.dumps(c.children), "refs": json.dumps(refs.get(c.id, [])),
                     "cited_by": json.dumps(cited.get(c.number, []) if c.id == c.number else [])})
    _precompute(rows)
    tables["clauses"].extend(rows)
    postings, indexed = search_index.index_document(key, d["lang"], rows)   # the search index
    tables["search_postings"].extend(postings)
    tables["search_clauses"].extend(indexed)
    derived = terms.derive(rows_for_terms(rows), numbering)
    derived += terms.curated(CURATED.get(d["game"], {}), derived, {r["number"] for r in rows})
    for t in derived:
        tables["terms"].append({**t, "game": d["game"], "lang": d["lang"], "doc": key})
    for a in [*p.anomalies, *_manifest_check(d, p)]:
        tables["anomalies"].append({"doc": key, **a})
    for ch in p.changes:
        tables["changes"].append({"doc": key, **ch})


def _precompute(rows: list[dict]) -> None:
    """Breadcrumbs stored with each clause, so a lookup is one indexed read."""
    by_id = {r["id"]: r for r in rows}
    for r in rows:
        trail, parent = [], r["parent"]
        while parent and parent in by_id and len(trail) < 20:
            p = by_id[parent]
            label = p["title"] or " ".join(p["text"].split())
            trail.append([p["number"], label if len(label) <= 60 else label[:59] + "…"])
            parent = p["parent"]
        r["crumbs"] = json.dumps(trail[::-1], ensure_ascii=False)


def _manifest_check(d: dict, p: Parsed) -> list[dict]:
    """The document's own header (Version 1.7.0, 最終更新日：2026/04/10) must agree with the manifest."""
    out = []
    head = " ".join(p.header)
    m = re.search(r"\bVer(?:sion)?\.?\s*(\d+(?:\.\d+)*)", head, re.I)
    if m and m.group(1) != str(d["version"]):
        out.append({"kind": "manifest", "number": "", "line": 0, "likely": m.group(1),
                    "message": f"the document says version {m.group(1)}, the manifest {d['version']}"})
    from judge.rules.ingest import header_date

    printed = header_date(head)
    if printed and d.get("date") and printed != str(d["date"]):
        out.append({"kind": "manifest", "number": "", "line": 0, "likely": printed,
                    "message": f"the document says it was updated {printed}, the manifest {d['date']}"})
    return out


def rows_for_terms(rows: list[dict]) -> list[dict]:
    return [{**r, "children": json.loads(r["children"])} for r in rows]


def _translation_report(tables: dict, docs: list[dict], parsed: dict[str, Parsed]) -> None:
    """bs ja/en share numbers: report numbers present in one language only."""
    by = {}
    for d in docs:
        by.setdefault((d["game"], str(d["version"])), {})[d["lang"]] = f"{d['game']}/{d['lang']}/{d['version']}"
    for langs in by.values():
        if len(langs) < 2 or "ja" not in langs or "en" not in langs:
            continue
        ja, en = langs["ja"], langs["en"]
        nja = {c.number for c in parsed[ja].clauses}
        nen = {c.number for c in parsed[en].clauses}
        kids = {k: {c.number: len(c.children) for c in parsed[k].clauses} for k in (ja, en)}
        for n in sorted(nja & nen, key=lambda x: tuple(int(p) for p in x.split("-") if p.isdigit())):
            if kids[ja][n] != kids[en][n]:
                line = next(c.line for c in parsed[ja].clauses if c.number == n)
                tables["anomalies"].append({"doc": ja, "kind": "translation", "number": n, "line": line,
                                            "likely": "", "message": f"{n} has {kids[ja][n]} sub-clauses in "
                                            f"{ja} but {kids[en][n]} in {en}"})
        for only, have, miss in ((nja - nen, ja, en), (nen - nja, en, ja)):
            for n in sorted(only):
                line = next(c.line for c in parsed[have].clauses if c.number == n)
                tables["anomalies"].append({"doc": have, "kind": "translation", "number": n, "line": line,
                                            "likely": "", "message": f"{n} is in {have} but not in {miss}"})
