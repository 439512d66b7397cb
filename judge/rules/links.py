"""Find the clauses a clause mentions ("see 2-13", "(8-1-7)", "as noted in 12.4.6 and 12.4.7").

Only numbers that exist in the same document become references, so card numbers (`BSS02-016`),
values and dates never do; the reverse map gives "cited by".
"""

from __future__ import annotations

import re

_DASH = re.compile(r"(?<![\w\-])(\d+(?:-\d+)+)(?![\w\-]*\w)")
_DOT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)\.?(?!\d)")


def mentions(text: str, numbering: str) -> list[str]:
    """Every clause-number-shaped mention in `text`, in order, without repeats."""
    pat = _DOT if numbering == "dot" else _DASH
    out: list[str] = []
    for m in pat.finditer(text):
        n = m.group(1)
        if n not in out:
            out.append(n)
    return out


def link(clauses: list[tuple[str, str, str]], numbering: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(id, number, text) rows -> (refs by id, cited_by by number): only existing numbers count."""
    existing = {number for _, number, _ in clauses}
    refs: dict[str, list[str]] = {}
    cited: dict[str, list[str]] = {}
    for cid, number, text in clauses:
        found = [n for n in mentions(text, numbering) if n in existing and n != number]
        refs[cid] = found
        for n in found:
            cited.setdefault(n, [])
            if number not in cited[n]:
                cited[n].append(number)
    return refs, cited
