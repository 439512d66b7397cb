"""Card text as a judge reads it: the FFTCG card browser's markup and icons turned into words.

The stored text keeps the browser's markup (`[[s]]Meteorain[[/]]`, `[[i]]Job[[/]] …`,
`[[ex]]EX BURST[[/]]`) and its icons (`《S》《1》《ダル》`, `《火》`) because the grammar reads them (a
special ability's name, a marked name, a cost). On a screen they are noise: a judge reads
EX BURST, [S], (1), [Dull], [Fire]. This is the ONE place that turns them into what a judge reads:
`judge card`, `judge cards search`, the TUI's Cards and Board screens (and so the web page, which
serves the TUI) and the HTTP API's plain text all show `readable(text)`; the TUI styles the same
`pieces` (italics for [[i]], bold for [[s]], …) instead of dropping them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

#: the browser's markup tags: group 1 names an opening tag (i, s, b, ex, br); a closing [[/]] has none.
MARKUP = re.compile(r"\[\[(i|s|b|ex|br)\]\]|\[\[/\]\]")
_HTML = re.compile(r"</?p>|<br\s*/?>", re.I)

#: an icon as the card browser writes it (11.2 CP and Elements, 11.6.2.2 dull, 11.7 special, 6.8
#: Crystal, 4.5 X, 15.2.8 Limit Break) and as a judge reads it on the printed card
ICON_WORDS = {"火": "[Fire]", "氷": "[Ice]", "風": "[Wind]", "土": "[Earth]", "雷": "[Lightning]",
              "水": "[Water]", "光": "[Light]", "闇": "[Dark]", "ダル": "[Dull]", "s": "[S]", "c": "[Crystal]",
              "x": "(X)", "lb": "[LB]", "一般": "[Generic]"}
_FULLWIDTH = str.maketrans("０１２３４５６７８９ＳＣＸ", "0123456789scx")
_TOKEN = re.compile(r"\[\[(i|s|b|ex|br)\]\]|\[\[/\]\]|《([^《》\n]{1,6})》")


@dataclass(frozen=True)
class Piece:
    """A run of the stored text [start, end): `shown` is what a judge reads in its place (None: the
    text itself); `tag` the browser's markup in force over it (i, s, b, ex; None outside)."""

    start: int
    end: int
    shown: str | None
    tag: str | None


def icon_word(inner: str) -> str | None:
    """What a judge reads for an icon's inner text (火 → [Fire], 1 → (1)); None when unknown."""
    key = inner.strip().lower().translate(_FULLWIDTH)
    if key in ICON_WORDS:
        return ICON_WORDS[key]
    return f"({key})" if key.isdigit() and len(key) <= 2 else None


def pieces(text: str) -> Iterator[Piece]:
    """The stored text cut into runs to copy, tags to drop (shown "") or break ("\\n"), and icons to
    show as words, each with the markup in force."""
    last, tag = 0, None
    for m in _TOKEN.finditer(text or ""):
        if m.start() > last:
            yield Piece(last, m.start(), None, tag)
        if m.group(2) is not None:
            word = icon_word(m.group(2))                     # an unknown icon stays as printed (None)
            if word is not None and text.startswith("《", m.end()):
                word += " "                                  # 《S》《1》《ダル》 → [S] (1) [Dull]
            yield Piece(m.start(), m.end(), word, tag)
        elif m.group(1) == "br":
            yield Piece(m.start(), m.end(), "\n", tag)
        else:
            tag = m.group(1)                                 # [[i]] opens, [[/]] (no group) closes
            yield Piece(m.start(), m.end(), "", tag)
        last = m.end()
    if last < len(text or ""):
        yield Piece(last, len(text), None, tag)


def readable(text: str) -> str:
    """The text as a judge reads it: no markup tags (their words kept), icons as words ([S], (1),
    [Dull], [Fire]), entities decoded, one ability per line."""
    text = text or ""
    out = "".join(text[p.start:p.end] if p.shown is None else p.shown for p in pieces(text))
    out = _HTML.sub("", out)
    if "&" not in out:              # no entity (html.unescape returns such a text as it is): html not loaded
        return out
    import html

    return html.unescape(out)


__all__ = ["ICON_WORDS", "MARKUP", "Piece", "icon_word", "pieces", "readable"]
