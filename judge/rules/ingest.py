"""Read one numbered rules document (dash or dot numbering) into a clause tree.

The sources are text pulled out of PDFs and a web page: bullets, markdown, wrapped lines, a table of
contents, change logs, FFTCG's "Updated" list, repeated and out-of-sequence numbers and clauses run
together on one line. Everything odd is kept and reported as an anomaly, never silently "fixed".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.rules.numbers import join, parts, predecessor, successors

_BULLET = re.compile(r"^(?:[-·•*#>]+\s*|\*\*)+")
_DASH = re.compile(r"^(\d+(?:-\d+)*)(?::\s*|\s+|(?=[^\d\s\-.:,)]))(.*)$")
_DOT = re.compile(r"^(\d+(?:\.\d+)*)\.?(?:\s+|$)(.*)$")
_TOC_HEAD = re.compile(r"^(?:contents|table of contents|目次)$", re.I)
_UPDATED_HEAD = re.compile(r"^(?:updated|更新)$", re.I)
_TOC_PAGE = re.compile(r"(?:\.{2,}|\t)\s*\d*\s*$|\s+\d+$")
_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
_DATE_EN = re.compile(r"^({})\s+(\d{{1,2}}),\s*(\d{{4}})$".format("|".join(_MONTHS)), re.I)
_DATE_NUM = re.compile(r"^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$")
_CHANGE = re.compile(r"^(changed|added|deleted|removed|modified|revised|updated)\s+(.+?)\.?$", re.I)
_SENT_END = tuple(".。:：!?！？」』)）”\"'’")
_HEADER = re.compile(r"^(?:version\b|ver\.|最終更新日|last updated)", re.I)


@dataclass
class Raw:
    """A clause as read, before it is stored."""

    number: str
    id: str
    text: str
    line: int
    title: str = ""
    heading: bool = False
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    confidence: float = 1.0


@dataclass
class Parsed:
    """Everything read from one document."""

    clauses: list[Raw] = field(default_factory=list)
    anomalies: list[dict] = field(default_factory=list)   # kind, number, line, message, likely
    changes: list[dict] = field(default_factory=list)     # date, action, number, line
    toc: list[str] = field(default_factory=list)
    header: list[str] = field(default_factory=list)


def clean(line: str) -> tuple[str, bool]:
    """Strip bullets, markdown heading marks and bold; returns (text, was_heading)."""
    s = line.strip()
    heading = s.startswith("#")
    s = _BULLET.sub("", s).strip()
    s = s.replace("**", "").strip()
    return s, heading


def _iso(m: re.Match, english: bool) -> str:
    if english:
        month = _MONTHS.index(m.group(1).lower()) + 1
        return f"{int(m.group(3)):04d}-{month:02d}-{int(m.group(2)):02d}"
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}"


def _is_cjk(ch: str) -> bool:
    return ord(ch) > 0x2E7F


def _join(prev: str, nxt: str, new_paragraph: bool) -> str:
    """Rejoin a wrapped line; keep real paragraphs (examples, second sentences) on their own line."""
    if not prev:
        return nxt
    if re.match(r"^(?:\(?\d{1,2}\)|[①-⑳])\s", nxt):
        return prev + "\n" + nxt        # an item of a numbered list inside the clause
    if "\u3040" <= nxt[0] <= "\u309f" or nxt[0].islower():
        # a line starting with a particle (に分類されます) or a lowercase word continues a sentence
        return prev + ("" if _is_cjk(prev[-1]) or _is_cjk(nxt[0]) else " ") + nxt
    if "\n" not in prev and len(prev) <= 40 and not prev.endswith(_SENT_END) and nxt.endswith(_SENT_END) \
            and len(nxt) > 2 * len(prev):
        return prev + "\n" + nxt      # a heading line followed by its first sentence
    if prev.endswith(_SENT_END) and (new_paragraph or nxt[:1].isupper() or nxt[:1] in "例(（「"):
        return prev + "\n" + nxt
    if _is_cjk(prev[-1]) or _is_cjk(nxt[0]):
        return prev + nxt
    return prev + " " + nxt


class _Reader:
    """One pass over the lines; `numbering` is "dash" or "dot"."""

    def __init__(self, text: str, numbering: str, lang: str) -> None:
        self.lines = text.splitlines()
        self.numbering = numbering
        self.lang = lang
        self.pat = _DOT if numbering == "dot" else _DASH
        self.out = Parsed()
        self.seen: dict[str, int] = {}
        self.line_numbers = self._prescan()

    def _prescan(self) -> set[str]:
        """Numbers printed at a line start anywhere (so a run-together split never steals one)."""
        found = set()
        for raw in self.lines:
            s, _ = clean(raw)
            m = self.pat.match(s)
            if m and m.group(2).strip() and len(parts(m.group(1))) > 1:
                found.add(join(parts(m.group(1)), self.numbering))
        return found

    # -- numbering -------------------------------------------------------------------------
    def _number(self, s: str) -> tuple[str, str] | None:
        m = self.pat.match(s)
        if not m:
            return None
        p, rest = parts(m.group(1)), m.group(2).strip()
        if not p or not rest:
            return None
        if len(p) == 1:
            # a top-level heading only if it continues the sequence (else a wrapped "2 cards …")
            tops = [parts(c.number)[0] for c in self.out.clauses] or [0]
            if self.numbering == "dot" and not re.match(r"^\d+\.", s):
                return None
            if p[0] != max(tops) + 1 or len(rest) > 80:
                return None
        return join(p, self.numbering), rest

    def _add(self, number: str, text: str, line: int, heading: bool) -> Raw:
        k = self.seen.get(number, 0) + 1
        self.seen[number] = k
        cid = number if k == 1 else f"{number}#{k}"
        raw = Raw(number=number, id=cid, text=text, line=line, heading=heading)
        self.out.clauses.append(raw)
        return raw

    def _split(self, raw: Raw) -> list[Raw]:
        """Split `…progress. 5-3-3 The 'non-turn player'…` into two clauses."""
        made = [raw]
        sep = r"\." if self.numbering == "dot" else "-"
        pat = re.compile(rf"(?<=[.。!?」』)）”’'\"])\s*(\d+(?:{sep}\d+)+)(?::|\.)?\s*(?=\S)")
        while True:
            cur = made[-1]
            allowed = {join(q, self.numbering) for q in successors(parts(cur.number))}
            for m in pat.finditer(cur.text):
                num = join(parts(m.group(1)), self.numbering)
                if num in allowed and num not in self.line_numbers and num not in self.seen:
                    rest = cur.text[m.end():].strip()
                    cur.text = cur.text[: m.start()].strip()
                    self.out.anomalies.append({
                        "kind": "split", "number": num, "line": cur.line,
                        "message": f"{num} was run together with {cur.number} on one line; split",
                        "likely": ""})
                    made.append(self._add(num, rest, cur.line, False))
                    break
            else:
                return made

    # -- the pass --------------------------------------------------------------------------
    def run(self) -> Parsed:
        mode = "header"
        cur: Raw | None = None
        blank = False
        change_date = ""
        date_line, logged = (0, ""), 0
        toc_seen: set[str] = set()
        for i, raw_line in enumerate(self.lines, 1):
            s, heading = clean(raw_line)
            if not s:
                blank = True
                continue
            if mode in ("header", "toc", "updated"):
                if _TOC_HEAD.match(s):
                    mode = "toc"
                    continue
                if _UPDATED_HEAD.match(s):
                    mode = "updated"
                    continue
                if mode == "updated":
                    m = self.pat.match(s)
                    if m and not m.group(2).strip():
                        self.out.changes.append({"date": "", "action": "updated", "line": i,
                                                 "number": join(parts(m.group(1)), self.numbering)})
                        continue
                    mode = "header"
                if mode == "toc":
                    entry = _TOC_PAGE.sub("", s).strip()
                    m = self.pat.match(entry)
                    if m and m.group(1) not in toc_seen and len(parts(m.group(1))) == 1:
                        toc_seen.add(m.group(1))
                        self.out.toc.append(entry)
                        continue
                    mode = "header"
            date = _DATE_EN.match(s) or _DATE_NUM.match(s)
            if date and cur is not None:
                mode, change_date = "changelog", _iso(date, bool(_DATE_EN.match(s)))
                date_line, logged = (i, s), len(self.out.changes)
                continue
            if mode == "changelog":
                ch = _CHANGE.match(s)
                if ch:
                    for num in re.findall(r"\d+(?:[-.]\d+)+", ch.group(2)):
                        self.out.changes.append({"date": change_date, "action": ch.group(1).lower(),
                                                 "number": num, "line": i})
                    continue
                if self._number(s) is None:
                    self._unattached(i, s)
                    continue
                mode = "body"          # a date line inside the rules, not a change log after them
                if len(self.out.changes) == logged:
                    self._unattached(*date_line)
            got = self._number(s)
            if got is not None:
                mode = "body"
                number, rest = got
                cur = self._add(number, rest, i, heading)
                cur = self._split(cur)[-1]
                blank = False
                continue
            if cur is None:
                if mode == "header" and (not self.out.header or _HEADER.match(s)):
                    self.out.header.append(s)
                else:
                    self._unattached(i, s)
            else:
                cur.text = _join(cur.text, s, blank)
                cur = self._split(cur)[-1]     # a clause may be run into a wrapped line too
            blank = False
        self._tree()
        return self.out

    def _unattached(self, line: int, s: str) -> None:
        self.out.anomalies.append({"kind": "unattached", "number": "", "line": line,
                                   "message": f"line belongs to no clause: {s[:80]}", "likely": ""})

    # -- after the pass --------------------------------------------------------------------
    def _tree(self) -> None:
        """Parents, children, titles, and the sequence anomalies (repeats, gaps, disorder)."""
        last_by_number: dict[str, Raw] = {}
        clauses = self.out.clauses
        numbers = {c.number for c in clauses}
        effective: dict[str, str] = {}   # id -> the number the sequence suggests, for repeats
        for idx, c in enumerate(clauses):
            if idx:
                prev = clauses[idx - 1]
                likely = self._sequence(effective.get(prev.id, prev.number), c,
                                        clauses[idx + 1] if idx + 1 < len(clauses) else None, numbers)
                if likely:
                    effective[c.id] = likely
        for c in clauses:
            # a repeated clause hangs where the sequence says it belongs (1-2-1-1#2 under 1-2-1-1)
            eff = effective.get(c.id, c.number)
            anc = parts(eff)[:-1]
            while anc and join(anc, self.numbering) not in last_by_number:
                anc = anc[:-1]
            if anc:
                parent = last_by_number[join(anc, self.numbering)]
                c.parent = parent.id
                parent.children.append(c.id)
            last_by_number[eff] = c
        for c in clauses:
            first = c.text.split("\n")[0]
            width = sum(2 if _is_cjk(ch) else 1 for ch in first)
            looks_heading = width <= 60 and not first.endswith(("。", ".", "．", ":", "："))
            if c.heading or (looks_heading and (c.children or "\n" in c.text or len(parts(c.number)) == 1)):
                c.title = first

    def _sequence(self, prev_number: str, cur: Raw, nxt: Raw | None, numbers: set[str]) -> str:
        """Record an anomaly if `cur` cannot follow `prev_number`; returns the likely number."""
        pp, cp = parts(prev_number), parts(cur.number)
        if cp in successors(pp) and cur.id == cur.number:
            return ""
        if cur.id != cur.number:
            kind = "repeated"
        elif cp < pp:
            kind = "out_of_sequence"
        else:
            before = predecessor(cp)
            missing = join(before, self.numbering) if before else join(cp[:-1], self.numbering)
            self.out.anomalies.append({
                "kind": "gap", "number": cur.number, "line": cur.line, "likely": "",
                "message": f"{cur.number} follows {prev_number}; {missing} is not in the document"})
            return ""
        likely = self._likely(pp, cp, nxt, numbers)
        what = "repeats an earlier number" if kind == "repeated" else "is out of sequence"
        self.out.anomalies.append({
            "kind": kind, "number": cur.id, "line": cur.line, "likely": likely,
            "message": f"{cur.number} (after {prev_number}) {what}; likely meant {likely}"
            if likely else f"{cur.number} (after {prev_number}) {what}"})
        return likely

    def _likely(self, pp: tuple, cp: tuple, nxt: Raw | None, numbers: set[str]) -> str:
        """The number the surrounding sequence suggests: follows the previous clause, is followed
        by the next one, is not used elsewhere, and keeps the printed last component."""
        best, best_score = "", 0
        np_ = parts(nxt.number) if nxt else None
        for cand in successors(pp):
            name = join(cand, self.numbering)
            score = (2 if np_ and np_ in successors(cand) else 0) + (1 if cand[-1] == cp[-1] else 0)
            score += 1 if name not in numbers else -3
            if score > best_score:
                best, best_score = name, score
        return best


def header_date(text: str) -> str:
    """An ISO date printed in a header line ("Last Updated: April 1, 2026", "最終更新日：2026/04/10")."""
    m = re.search(_DATE_EN.pattern.strip("^$"), text, re.I)
    if m:
        return _iso(m, True)
    m = re.search(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", text)
    return _iso(m, False) if m else ""


def parse_numbered(text: str, numbering: str, lang: str) -> Parsed:
    """Read a dash- or dot-numbered document into clauses, anomalies, changes and its TOC."""
    return _Reader(text, numbering, lang).run()
