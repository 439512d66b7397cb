"""Keywords and defined terms, derived from the documents themselves.

Sources of terms, strongest first: headings inside a keyword section (`11 Keyword Effects`,
`15. Keywords`, `12 キーワード効果…`), definitions in clause text ("are called self-destructions",
"'Pending State' is…", 「X」とは), and section headings anywhere. Bracket variants (【Armor】,
[Armor], (Armor), **[Armor]**, 《Super Unleash》) all normalise to one key. Japanese and English
`bs` terms meet through their shared clause numbers; a tiny alias table covers common names the
documents do not print.
"""

from __future__ import annotations

import re
from functools import cache

KIND_RANK = {"keyword": 0, "defined": 1, "section": 2, "example": 3}
ALIASES = {"枯渇": "depletion", "depleted": "depletion", "deplete": "depletion", "at field": "a.t. field",
           "self destruction": "self-destruction", "opt": "once per turn", "ターン1回": "once per turn"}
_BRACKETS = "【】[]()（）《》『』〈〉<>「」‘’'\"“”*"
@cache
def _patterns() -> tuple[re.Pattern, list[re.Pattern], re.Pattern, list[re.Pattern]]:
    """What `derive` finds terms by (keyword sections, English and Japanese definitions, examples):
    compiled when a document is built, not by every lookup that imports `norm` (issue 23.5)."""
    keyword_section = re.compile(r"keyword|キーワード", re.I)
    defs_en = [
        re.compile(r"(?:is|are) (?:called|referred to as|known as) (?:an? |the )?[\"'‘“]?"
                   r"([A-Za-z][A-Za-z .\-]{1,40}?)[\"'’”]?(?=[.,;:)]|$| in | and | or | when )"),
        re.compile(r"^(?:The )?[\"'‘“]([^\"'’”]{2,40})[\"'’”] (?:refers to|means|is|are)\b"),
        re.compile(r"^([A-Z][A-Za-z\-]+(?: [A-Za-z\-]+){0,3}) (?:refers to|means)\b"),
    ]
    # a keyword named only as an example of its kind: "effects, such as [Clash], …", 「【激突】など」
    example = re.compile(r"such as ([\[【《『][^\]】》』]{1,30}[\]】》』])|([【《『][^】》』]{1,20}[】》』])など")
    defs_ja = [
        re.compile(r"^「?([^、。「」\s]{1,20}?)」?とは[、，]"),
        re.compile(r"[をは]「([^」]{1,20})」と(?:呼|い|言)"),
    ]
    return keyword_section, defs_en, example, defs_ja


def norm(word: str) -> str:
    """One key for every spelling: brackets, bold and case dropped, spaces collapsed."""
    s = word.strip().replace("**", "")
    s = re.sub(r"[\"“”]", "", s)                       # '"When Destroyed" Effects': quotes are not words
    s = s.strip(_BRACKETS + " ").lower()
    s = re.sub(r"[【】\[\]《》『』〈〉「」]", "", s)
    s = re.sub(r"\s+", " ", s).strip(" :：")
    s = re.sub(r":.*$", "", s).strip() if not re.match(r"^\d", s) else s
    return ALIASES.get(s, s)


def _stem_word(w: str) -> str:
    """Plural and past forms folded together (abilities -> ability, exhausted -> exhaust)."""
    if len(w) <= 3 or not w.isascii():
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "xes", "ches", "shes", "uses")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    if w.endswith("ed") and len(w) > 6 and w[-3] not in "aeiou":
        return w[:-2]
    return w


def stem(key: str) -> str:
    """The lookup key of a normalised term: each word folded by `_stem_word`."""
    return " ".join(_stem_word(w) for w in key.split(" "))


def variants(key: str) -> list[str]:
    """Keys to look a query up under (the stored key is always `stem(norm(term))`)."""
    return list(dict.fromkeys([stem(key), key]))


def derive(rows: list[dict], numbering: str) -> list[dict]:
    """rows: clauses of one document (id, number, title, text, parent, children) in order ->
    term rows (term, norm, kind, number, section)."""
    keyword_section, defs_en, example, defs_ja = _patterns()
    by_id = {r["id"]: r for r in rows}
    out: list[dict] = []
    seen: set[tuple[str, str]] = set()

    def add(term: str, kind: str, number: str, section: str, strict: bool = False) -> None:
        term = re.sub(r"^(?:to|the) (.+?)(?: (?:a|an) (?:card|character))?$", r"\1", term.strip(),
                      flags=re.I)
        key = stem(norm(term))
        if strict and re.match(r"^(?:when|if|for|in|this|that|it)\b", key):   # "When card text refers to"
            return
        if not key or len(key) > 48 or (key, number) in seen or re.fullmatch(r"[\d\-. ]+", key):
            return
        seen.add((key, number))
        shown = term.strip().replace("**", "").strip(_BRACKETS + " ")
        out.append({"term": shown or term.strip(), "norm": key, "kind": kind,
                    "number": number, "section": section})

    def in_keyword_section(r: dict) -> bool:
        p = r
        while p.get("parent"):
            p = by_id.get(p["parent"], {})
        return bool(keyword_section.search(p.get("title", "") or ""))

    for r in rows:
        if r["title"]:
            kind = "keyword" if in_keyword_section(r) and r.get("parent") else "section"
            first = by_id.get(r["children"][0]) if r["children"] else None
            number = first["number"] if first else r["number"]
            add(r["title"], kind, number, r["number"])
            if kind == "keyword":
                # "Form a Party" also answers to "party"; "[Armor: colours]" to "armor"
                add(re.sub(r"^(?:form an?|the) ", "", r["title"], flags=re.I), kind, number, r["number"])
        text = r["text"] or ""
        for m in example.finditer(text):
            add(m.group(1) or m.group(2), "example", r["number"], r["number"])
        for pat in defs_ja if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text[:10]) else defs_en:
            for m in pat.finditer(text.split("\n")[0]):
                add(m.group(1), "defined", r["number"], r["number"], strict=pat is defs_en[-1])
    return out


def curated(entries: dict, derived: list[dict], numbers: set[str]) -> list[dict]:
    """Term rows from rules/terms.toml for one document: an `alias` repeats the rows of the term the
    document uses under the judge's word; `clauses` defines a term by those clauses (kind "defined").
    Clauses the document lacks are skipped (a Japanese and an English document share numbers)."""
    out: list[dict] = []
    for word, spec in entries.items():
        key = stem(norm(word))
        if "alias" in spec:
            target = stem(norm(spec["alias"]))
            out += [{**t, "norm": key} for t in derived if t["norm"] == target]
        for number in spec.get("clauses", ()):
            if number in numbers:
                out.append({"term": word.title() if word.isascii() else word, "norm": key, "kind": "defined",
                            "number": number, "section": number})
    return out
