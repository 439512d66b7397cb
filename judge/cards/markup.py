"""Card text as a judge reads it: the FFTCG card browser's markup turned into plain words.

The stored text keeps the browser's markup (`[[s]]Meteorain[[/]]`, `[[i]]Job[[/]] …`,
`[[ex]]EX BURST[[/]]`) because the grammar reads it (a special ability's name, a marked name). On a
screen it is noise: this shows the words the printed card shows. Cost icons (《S》《1》《ダル》) stay:
they are what the card prints.
"""

from __future__ import annotations

import html
import re

#: the browser's markup tags: group 1 names an opening tag (i, s, b, ex, br); a closing [[/]] has none.
#: The TUI styles the runs between them (judge.tui.card_view); plain output drops them.
MARKUP = re.compile(r"\[\[(i|s|b|ex|br)\]\]|\[\[/\]\]")
_HTML = re.compile(r"</?p>|<br\s*/?>", re.I)


def readable(text: str) -> str:
    """The text without markup tags (their words kept), entities decoded, one ability per line."""
    text = MARKUP.sub(lambda m: "\n" if m.group(1) == "br" else "", text or "")
    return html.unescape(_HTML.sub("", text))
