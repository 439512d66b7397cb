"""Where the effect sentences of one FFTCG ability are, in the grammar's view of it.

The parse pipeline (judge.text.parse) reads a line that fails whole sentence by sentence, keeping
the sentences it reads and marking the rest `unread`; it must know where the header ends: the
labels printed before an ability (EX BURST 11.10, "Damage N --" 15.2.6), a special ability's
name (11.7.2) and the cost an action or special ability is used for, up to its colon (11.6.2).
What follows is split at sentence ends (11.11.5: an ability's sentences resolve in order).
"""

from __future__ import annotations

import re

#: the labels before an ability, as the grammar's (lower-cased) view prints them
_LABELS = re.compile(r"\s*(?:(?:\[\[ex\]\]\s*)?ex\s+burst(?:\s*\[\[/\]\])?|(?:\[\[i\]\]\s*)?damage\s+\d+\s*--"
                     r"(?:\s*\[\[/\]\])?)\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_OUTSIDE_QUOTES = re.compile(r'"[^"]*"')


def header_end(view: str) -> int:
    """Where the sentences of an ability start: after its labels and, when a colon comes before
    the first sentence ends (outside quotes), after the cost it closes (11.6.2)."""
    pos = 0
    while (m := _LABELS.match(view, pos)) and m.end() > pos:
        pos = m.end()
    flat = _OUTSIDE_QUOTES.sub(lambda q: " " * len(q.group()), view)
    colon, stop = flat.find(":", pos), flat.find(".", pos)
    if colon >= 0 and (stop < 0 or colon < stop):
        pos = colon + 1
    elif view.startswith("《", pos):      # icons not closed by a colon: a cost the grammar must read first
        pos = len(view) if stop < 0 else stop + 1
    while pos < len(view) and view[pos].isspace():
        pos += 1
    return pos


#: the head of a modal ability ("select 1 of the 3 following actions", 11.6.6), its options quoted after it
_MODAL_HEAD = re.compile(r"\bfollowing\s+actions?\b")


def sentence_spans(view: str) -> list[tuple[int, int]]:
    """The (start, end) of each effect sentence of one ability (its header left out). In a modal
    ability (11.6.6) the sentences are those inside each quoted option, read by the same sentence
    grammar as any other; the head that announces the options is the ability's frame, not one of them."""
    start = header_end(view)
    if '"' in view[start:] and _MODAL_HEAD.search(view, start):
        return [(a, b) for a, b in _split(view, start)
                if not _MODAL_HEAD.search(view, a, b) and view[a:b].strip('" .')]
    return _split(view, start)


def _split(view: str, start: int) -> list[tuple[int, int]]:
    """Sentence ends, and in a modal ability the quotation marks around its options too."""
    modal = '"' in view[start:] and _MODAL_HEAD.search(view, start)
    ends = _QUOTE_OR_END if modal else _SENTENCE_END
    spans, pos = [], start
    for m in ends.finditer(view, start):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(view.rstrip()):
        spans.append((pos, len(view.rstrip())))
    return spans


#: where a modal ability's sentences part: a sentence end, or a quotation mark (with its blanks)
#: (the grammar's view prints a closing quote before its full stop: `damage".`)
_QUOTE_OR_END = re.compile(r'\s*"\.?\s*|(?<=[.!?])\s+')


__all__ = ["header_end", "sentence_spans"]
