"""Card text as a judge reads it: the FFTCG card browser's markup turned into plain words.

The stored text keeps the browser's markup (`[[s]]Meteorain[[/]]`, `[[i]]Job[[/]] …`,
`[[ex]]EX BURST[[/]]`) because the grammar reads it (a special ability's name, a marked name). On a
screen it is noise: this shows the words the printed card shows. Cost icons (《S》《1》《ダル》) stay:
they are what the card prints.
"""

from __future__ import annotations

import html
import re

_BREAK = re.compile(r"\[\[br\]\]", re.I)
_TAGS = re.compile(r"\[\[(?:s|i|b|ex|/)\]\]|</?p>|<br\s*/?>", re.I)


def readable(text: str) -> str:
    """The text without markup tags (their words kept), entities decoded, one ability per line."""
    text = _BREAK.sub("\n", text or "")
    return html.unescape(_TAGS.sub("", text))
