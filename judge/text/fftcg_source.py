"""FFTCG card text as the grammar sees it: split into abilities, with offsets kept exact.

The official card browser serves text with markup (`[[br]]` between abilities, `[[i]]…[[/]]`
around Job / Card Name / Category names and keyword labels, `[[s]]…[[/]]` around special ability
names, `[[ex]]EX BURST[[/]]`, cost icons such as `《火》《ダル》`). Plain text with one ability per line
is accepted as well. Every transformation here keeps the length of the text, so a position the
parser reports is a position in the text the user gave (no offset maps to get wrong):

- the card's own name (5.2.4.1: a card naming itself means itself) is masked as `\\x01` characters;
- letters are lower-cased one by one (the grammar's words are lower case);
- full-width digits in icons become ASCII digits; stray `<p>` tags and the line breaks inside one
  ability (a modal ability's quoted options) become blanks.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

SELF_CHAR = "\x01"
_BREAK = re.compile(r"\[\[br\]\]|\r?\n")
_REF = re.compile(r"\[\[i\]\].*?\[\[/\]\]|\[\[s\]\].*?\[\[/\]\]|\[[A-Za-z ]+\([^)\]]*\)\]|\"[^\"]*\"")
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")
_NOISE = re.compile(r"</?p>")
_NAME_SHAPES = (
    re.compile(r"\bWhen ([A-Z][^,.:]*?) (?:enters the field|attacks|blocks|is put from|is chosen|deals|is dealt|leaves)"),
    re.compile(r"(?:^|\]\]|\. )\s*([A-Z][^,.:]*?) (?:gains|loses|cannot|can |must|is also|deals|enters the field dull)"),
    re.compile(r"\bput ([A-Z][^,.:]*?) into the Break Zone"),
    re.compile(r"\bto cast ([A-Z][^,.:]*?) (?:is|was)\b"),
)
_NOT_NAMES = {"It", "This Forward", "This Backup", "This Monster", "This Character", "The", "Your", "All"}


@dataclass(frozen=True)
class Segment:
    """One ability of a card's text: where it is, its printed text and the grammar's view of it."""

    start: int
    end: int
    text: str
    masked: str


def infer_name(text: str) -> str | None:
    """The card's own name as its text uses it ("When Cyan enters the field"), when not given."""
    found: Counter[str] = Counter()
    for shape in _NAME_SHAPES:
        for match in shape.finditer(text):
            name = match.group(1).strip()
            words = name.split()
            if name in _NOT_NAMES or not words or words[0] in ("The", "A", "An", "If", "Your", "All", "Each"):
                continue
            if any(w[:1].islower() and w not in ("of", "the", "de", "la", "l'Cie") for w in words):
                continue
            found[name] += 1
    return found.most_common(1)[0][0] if found else None


def _lower(text: str) -> str:
    """Lower-case letter by letter, never changing the length (offsets stay valid)."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def mask(text: str, name: str | None) -> str:
    """The grammar's view of `text` (same length): own name masked, lower case, noise blanked."""
    out = text.translate(_FULLWIDTH)
    out = _NOISE.sub(lambda m: " " * len(m.group()), out)
    if name and name.strip():
        protected = [(m.start(), m.end()) for m in _REF.finditer(out)]
        pattern = re.compile(r"(?<![\w'])" + re.escape(name.strip()) + r"(?![\w])")
        pieces: list[str] = []
        last = 0
        for m in pattern.finditer(out):
            if any(a <= m.start() < b for a, b in protected):
                continue
            pieces.append(out[last:m.start()])
            pieces.append(SELF_CHAR * (m.end() - m.start()))
            last = m.end()
        pieces.append(out[last:])
        out = "".join(pieces)
    return _lower(out)


def split_abilities(text: str, name: str | None = None) -> list[Segment]:
    """The abilities of a card's text (11.5.3: each paragraph is one ability), in order.

    A paragraph that starts with a quotation mark is an option of the modal ability before it
    (11.6.6), so it stays part of that ability.
    """
    if name is None:
        name = infer_name(text)
    masked = mask(text, name)
    spans: list[list[int]] = []
    pos = 0
    for m in [*_BREAK.finditer(text), None]:
        end = m.start() if m else len(text)
        chunk = text[pos:end]
        stripped = chunk.strip()
        if stripped:
            lead = pos + (len(chunk) - len(chunk.lstrip()))
            tail = lead + len(stripped)
            if stripped.startswith('"') and spans:
                spans[-1][1] = tail
            else:
                spans.append([lead, tail])
        if m:
            pos = m.end()
    out = []
    for start, end in spans:
        view = _BREAK.sub(lambda m: " " * len(m.group()), masked[start:end])
        out.append(Segment(start, end, text[start:end], view))
    return out
