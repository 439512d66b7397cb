"""How a clause is printed on the command line: shared by `judge rule` and its quick path.

Only the standard library's light modules: the quick path (`judge.cli.quick`) prints through here
without importing click, so both paths print exactly the same lines.
"""

from __future__ import annotations

import textwrap

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any


def doc_line(doc: Any) -> str:
    """`Battle Spirits Saga Comprehensive Rules — version 1.7.0, 2024-11-14 [bss/en]`."""
    return f"{doc.title} — version {doc.version}, {doc.date or 'undated'} [{doc.game}/{doc.lang}]"


def wrap(text: str, width: int = 96) -> str:
    """Each paragraph filled to `width` (a paragraph without spaces, e.g. Japanese, as it is)."""
    return "\n".join(textwrap.fill(p, width) if len(p) > width and " " in p else p for p in text.split("\n"))


def clause_lines(c: Any, top: Any) -> list[str]:
    """A clause indented under `top`, its label, its wrapped text and where it refers to."""
    depth = len(c.number.replace(".", "-").split("-")) - len(top.number.replace(".", "-").split("-"))
    pad = "  " * depth
    label = c.id if c.id != c.number else c.number
    body = c.text if not c.title or c.title != c.text else f"[{c.title}]"
    if c.confidence < 1:
        label += f" (aligned, {c.confidence:.0%})"
    lines = wrap(body, 96 - len(pad)).split("\n")
    out = [f"{pad}{label}  {lines[0]}"]
    out += [f"{pad}{' ' * (len(label) + 2)}{extra}" for extra in lines[1:]]
    if c.refs and c is not top:
        out.append(f"{pad}{' ' * (len(label) + 2)}→ see {', '.join(c.refs)}")
    return out


#: how a ruling is linked to a clause, as shown (judge.cards.ruling_links.HOW_SHOWN; kept here for the quick path)
HOW_SHOWN = {"scenario": "scenario cite", "words": "words", "card": "card ability"}


def ruling_lines(rulings: Iterable[Any], numbers: Sequence[str]) -> list[str]:
    """The official rulings linked to the clauses shown, one line each, with how each is linked
    (rows of `store.clause_rulings`, current ones first; the full ruling is `judge rulings show N`)."""
    out = []
    for r in rulings:
        hows: dict[str, list[str]] = {}
        for item in (r["links"] or "").split(chr(31)):
            kind, _, rest = item.partition(":")
            how, _, ref = rest.partition(":")
            if kind == "clause" and ref in numbers:
                hows.setdefault(ref, []).append(HOW_SHOWN.get(how, how))
        refs = ", ".join(f"§{n} ({', '.join(h)})" for n, h in hows.items())
        about = f"{r['card_number']} {r['card_name']}".strip() if r["kind"] == "card" else f"keyword {r['topic']}"
        q = " ".join((r["question"] or r["answer"]).split())
        flag = " [replaced]" if r["replaced_kind"] else ""
        out.append(f"  ruling {r['id']} ({about}){flag}: {q if len(q) <= 70 else q[:69] + '…'}")
        out.append(f"      {refs}")
    return ["", "Official rulings about these clauses (judge rulings show N):", *out] if out else []


def rule_lines(doc: Any, clauses: Sequence[Any], changes: Iterable[Any], rulings: Iterable[Any] = ()) -> list[str]:
    """The whole of `judge rule GAME NUMBER`: document, breadcrumbs, clauses, change notes, links,
    and the official rulings that mention the clauses shown."""
    top = clauses[0]
    out = [doc_line(doc)]
    if top.breadcrumbs:
        out.append(" › ".join(f"{n} {t}" for n, t in top.breadcrumbs))
    for c in clauses:
        out += clause_lines(c, top)
    for ch in changes:
        when = f"change log {ch.date}: {ch.action} {ch.number}" if ch.action != "updated" else \
            f"marked in this document's \"Updated\" list: {ch.number}"
        out.append(f"\nNote: {when}")
    if top.refs:
        out.append(f"\nRefers to: {', '.join(top.refs)}")
    if top.cited_by:
        out.append(f"Cited by: {', '.join(top.cited_by)}")
    return out + ruling_lines(rulings, [c.number for c in clauses])
