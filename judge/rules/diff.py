"""Compare two versions of a game's document, and trace one clause through every version.

Clauses are paired by number; what is left over on both sides is paired by text to find
renumbered clauses. Changes are shown word by word (character by character for Japanese).
"""

from __future__ import annotations

import re

from judge.errors import BadInput
from judge.rules.numbers import sort_key

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from judge.rules.model import ClauseStore

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "【": "[", "】": "]"})
RENUMBERED = 0.9


def _norm(text: str) -> str:
    return " ".join(text.translate(_QUOTES).split())


def _tokens(text: str) -> tuple[list[str], str]:
    """Words (characters for Japanese) and the separator to join them with."""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return list(text), ""
    return text.split(), " "


def word_diff(old: str, new: str) -> str:
    """`the [-old words-] {+new words+} here`: the change marked inline, for a terminal or chat."""
    import difflib  # only when texts are compared word by word (not on the lookup paths)

    a, sep = _tokens(_norm(old))
    b, _ = _tokens(_norm(new))
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(sep.join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append("[-" + sep.join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + sep.join(b[j1:j2]) + "+}")
    return sep.join(out)


def _same(a: str, b: str) -> bool:
    """Equal but for spacing and quote style (PDF extraction drops and adds spaces)."""
    return re.sub(r"\s+", "", _norm(a)) == re.sub(r"\s+", "", _norm(b))


def diff(kb: ClauseStore, game: str, from_version: str, to_version: str, lang: str | None = None) -> dict:
    """changed / added / removed / renumbered clauses between two stored versions."""
    import difflib  # only when texts are compared word by word (not on the lookup paths)

    if str(from_version) == str(to_version):
        raise BadInput(f"diff needs two different versions (got {from_version} twice)")
    da, db = kb.document(game, lang, from_version), kb.document(game, lang, to_version)
    a = {c.id: c for c in kb.dump(game, da.lang, da.version) if c.number}
    b = {c.id: c for c in kb.dump(game, db.lang, db.version) if c.number}
    changed, added, removed, renumbered = [], [], [], []
    for cid in sorted(set(a) & set(b), key=sort_key):
        ta, tb = a[cid].text, b[cid].text
        if not _same(ta, tb):
            sim = difflib.SequenceMatcher(None, _norm(ta), _norm(tb), autojunk=False).ratio()
            changed.append({"number": cid, "from_text": ta, "to_text": tb, "diff": word_diff(ta, tb),
                            "similarity": round(sim, 3)})
    only_a = [a[i] for i in a if i not in b]
    only_b = [b[i] for i in b if i not in a]
    used: set[str] = set()
    for ca in only_a:
        best, best_sim = None, RENUMBERED
        for cb in only_b:
            if cb.id in used:
                continue
            sim = difflib.SequenceMatcher(None, _norm(ca.text), _norm(cb.text), autojunk=False).ratio()
            if sim >= best_sim:
                best, best_sim = cb, sim
        if best is not None:
            used.add(best.id)
            renumbered.append({"from": ca.id, "to": best.id, "similarity": round(best_sim, 3),
                               "diff": word_diff(ca.text, best.text) if best_sim < 1 else ""})
        else:
            removed.append({"number": ca.id, "text": ca.text})
    added = [{"number": cb.id, "text": cb.text, "heading": bool(cb.title) and cb.title == cb.text}
             for cb in only_b if cb.id not in used]
    added.sort(key=lambda x: sort_key(x["number"]))
    for r in removed:
        r["heading"] = bool(a[r["number"]].title) and a[r["number"]].title == r["text"]
    return {"game": da.game, "lang": da.lang,
            "from": {"version": da.version, "date": da.date, "title": da.short},
            "to": {"version": db.version, "date": db.date, "title": db.short},
            "changed": changed, "added": added, "removed": removed, "renumbered": renumbered,
            "summary": {"changed": len(changed), "added": len(added), "removed": len(removed),
                        "renumbered": len(renumbered),
                        "headings_added": sum(1 for x in added if x["heading"]),
                        "headings_removed": sum(1 for x in removed if x["heading"])}}


def history(kb: ClauseStore, game: str, number: str, lang: str | None = None) -> list[dict]:
    """The clause in every stored version of the document, oldest first, with change-log entries."""
    cur = kb.document(game, lang)
    kb.clause(game, number, cur.lang)   # raises UnknownRule (with hints) for a number never printed
    wanted = kb.clause(game, number, cur.lang).number
    docs = sorted((d for d in kb.documents() if d.game == cur.game and d.lang == cur.lang), key=lambda d: d.order)
    log = [c for c in kb.changes(game) if wanted == c.number or wanted.startswith(c.number + "-")
           or wanted.startswith(c.number + ".")]
    out: list[dict] = []
    prev: str | None = None
    for d in docs:
        entry = {"version": d.version, "date": d.date, "title": d.short, "present": False, "text": "",
                 "status": "absent", "confidence": None, "diff": ""}
        if kb.exists_in(d, wanted):
            c = kb.clause(game, wanted, d.lang, d.version)
            entry.update(present=True, text=c.text, confidence=c.confidence)
            if prev is None:
                entry["status"] = "added" if out else "first"
            elif not _same(prev, c.text):
                entry.update(status="changed", diff=word_diff(prev, c.text))
            else:
                entry["status"] = "same"
            prev = c.text
        elif prev is not None:
            entry["status"] = "removed"
            prev = None
        entry["changelog"] = [ch.to_json() for ch in log if ch.doc == f"{d.game}/{d.lang}/{d.version}"]
        out.append(entry)
    return out
