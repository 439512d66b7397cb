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
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.text.lexicon import Lexicon

SELF_CHAR = "\x01"
_BREAK = re.compile(r"\[\[br\]\]|\r?\n")
_REF = re.compile(r"\[\[i\]\].*?\[\[/\]\]|\[\[s\]\].*?\[\[/\]\]|\[[A-Za-z ]+\([^)\]]*\)\]", re.S)
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")
_NOISE = re.compile(r"</?p>")
_SPLIT_RUN = re.compile(r"(\[\[i\]\]\s*(?:job|card name|category))\s*\[\[/\]\]\s*\[\[i\]\]", re.I)
_ITALIC_RUN = re.compile(r"\[\[i\]\]((?:(?!\[\[).)*?)\[\[/\]\]", re.S)
_LABEL = re.compile(r"\s*(job|card name|category|damage\s+\d|limit break|warp\s+\d|priming\s)", re.I)
#: a label italicised without its name ("[[i]]Card Name[[/]] Gippal"): read as plain text
_BARE_LABEL = re.compile(r"\s*(?:job|card name|category)\s*", re.I)
_OTHER_RUN = re.compile(r"\[\[(?:s|ex)\]\](?:(?!\[\[).)*?\[\[/\]\]", re.S)
_NAMED_BEFORE = re.compile(r"\bcard name\s+$", re.I)
_STRAY_EX = re.compile(r"\[\[ex\]\](?!\s*ex\s*burst)", re.I)
_TAG = re.compile(r"\[\[i\]\]|\[\[/\]\]|\[\[b\]\]|<br\s*/?>")
_QUOTES = str.maketrans("“”‘’", "\"\"''")
_FULLWIDTH_CHARS = re.compile("[０-９]")
_QUOTE_CHARS = re.compile("[“”‘’]")
_QUOTE_END = re.compile(r'\."(?=\s+[A-Z"\[(]|\s*\[\[br\]\]|\s*\n|\s*$)')


def _words(block: str) -> list[str]:
    return block.split()


#: capitalised words of the templating itself, never (the start or end of) a card's own name
_VOCAB = frozenset(_words("""
a all an and at before break brave card cast category character characters choose crystal cp damage
deal discard draw dull during each element ex burst first for forward forwards freeze from gain gains
haste if it its job limit monster monsters name of or phase play put remove return reveal search
select strike summon summons the then this until when whenever you your zone back attack main backup
backups activate add after as once they their he she his her cards target fire ice wind earth
lightning water light dark lb warp priming cannot can may only in on to with zone elements
multi-element counter counters units damage abilities ability opponent opponent's cancel place look
shuffle double divide reduce pay receive turn active use x x000
"""))
#: words that start a sentence or a phrase of the templating, never a card's own name
_NEVER_FIRST = frozenset(_words("""
a all an and at before break choose deal discard draw dull during each for freeze gain gains if it its
once or play put remove return reveal search select then this until when whenever you your they add
cast activate after as their of de la no he she his her target name place divide cancel look shuffle
double reduce pay receive turn deal active use
"""))
_PHRASE = re.compile(r"[A-Z0-9][\w'’&!-]*(?:\s\([A-Z0-9][\w'’ -]*\))?"
                     r"(?:(?:,(?= (?:the\b|[A-Z][\w'’-]* of\b)))? (?:(?:of|the|de|la|no|a)\b|l['’][\w'’-]+|"
                     r"[A-Z0-9][\w'’&!-]*(?:\s\([A-Z0-9][\w'’ -]*\))?))*")
_ELEMENT_WORDS = frozenset(("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark"))
_NAME_ENDINGS = frozenset(_words("""
light dark lightning fire ice wind earth water name class 1 2 3 4 5 6 7 8 9 10 11 12 13 24 128
"""))


@dataclass(frozen=True)
class Segment:
    """One ability of a card's text: where it is, its printed text and the grammar's view of it."""

    start: int
    end: int
    text: str
    masked: str


def infer_name(text: str) -> str | None:
    """The card's own name as its text uses it ("When Cyan enters the field"), when not given.

    The longest capitalised phrase that is not the templating's own vocabulary, counted over the
    text outside markup; the most repeated wins (a card names itself more than anything else).
    """
    from judge.text.icons import normalise

    plain = _REF.sub(" ", normalise(text, "fftcg").replace("[[br]]", " . "))
    plain = re.sub(r"\[\[/?\w+\]\]|《[^》]*》|\b(?:Card Name|Job|Category) [\w'’-]+", " . ", plain)
    found: Counter[str] = Counter()  # name → times used (floats: weaker guesses)
    for m in _PHRASE.finditer(plain):
        words = re.sub(r"['’]s$", "", m.group().rstrip(".,:!")).split(" ")
        if words and words[-1].lower() in ("counter", "counters"):
            continue                                   # "Place 1 Charge Counter": a counter's name (6.7.2)
        full = list(words)
        while words and (words[-1].lower().strip(",") in _VOCAB or words[-1].isdigit()):
            words.pop()
        endings = {len(words)}
        if (len(full) > max(len(words), 1) and full[-1].lower() in _NAME_ENDINGS
                and full[-2].lower() not in (_VOCAB - {"of", "the"}) | {"phase", "use", "cp"}
                and not (full[-1].isdigit() and full[-2].lower() == "of")):
            endings.add(len(full))                       # "Warrior of Light", "Black Waltz 2"
        if full and full[-1].lower() in _ELEMENT_WORDS and (len(full) == 1 or full[-2].lower() in _NEVER_FIRST):
            verb_next = re.match(r"\s*[a-z]", plain[m.end():])  # "When Lightning enters", not "a Fire Job X"
            found[full[-1]] += 0.9 if verb_next else 0.0  # a card named after an Element: loses ties
        for end in endings:
            for i in range(end):
                cand = full[i:end]
                if not _candidate(cand):
                    continue
                found[" ".join(cand).rstrip(",")] += 1
    if not found:
        return None
    best = max(found.items(), key=lambda kv: (kv[1], len(kv[0])))
    return best[0] if best[1] >= 0.9 else None


def _candidate(words: list[str]) -> bool:
    """Could these words be a card's name (not a sentence's opening, not only templating words)?"""
    first = words[0]
    if first.lower().strip(",") in _NEVER_FIRST or (not first[:1].isupper() and not first[:1].isdigit()):
        return False
    if first[:1].isdigit() or first.startswith("("):
        return False
    if any(w.lower().strip(",") in _NEVER_FIRST and w.lower() not in ("of", "de", "la", "no") for w in words[1:]):
        return False
    return not all(w.lower().strip(",") in _VOCAB for w in words)


def _lower(text: str) -> str:
    """Lower-case letter by letter, never changing the length (offsets stay valid)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def mask(text: str, name: str | None, lexicon: Lexicon | None = None) -> str:
    """The grammar's view of `text` (same length): own name masked, lower case, noise blanked, icons
    in their canonical form (judge/text/icons.py), plain Job / Card Name / Category references to
    names of `lexicon` joined (judge/text/fftcg/names.py; with no lexicon, no name is known).
    A plain reference to a known name is never the card's own name ("Card Name Flan")."""
    from judge.text.fftcg.names import join_plain_refs, join_printed_refs, plain_ref_spans
    from judge.text.icons import normalise

    out = _translate(text, _FULLWIDTH, _FULLWIDTH_CHARS)
    # A quoted ability that ends a sentence carries the sentence's period inside the quotes:
    # `gains "…attacks, draw 1 card." You can…` is read as `… card". You…` (same length).
    out = _QUOTE_END.sub('".', _translate(_single_quotes(out), _QUOTES, _QUOTE_CHARS))
    out = _doubled_quotes(out)
    out = _NOISE.sub(lambda m: " " * len(m.group()), out)
    out = _tidy_markup(out)
    if name and name.strip():
        protected = [(m.start(), m.end()) for m in _REF.finditer(out)]
        if lexicon is not None:                          # "Card Name Feral Chaos", "Job Dancer": not this card
            protected += plain_ref_spans(_lower(out), lexicon)
        pattern = _name_pattern(_translate(name.strip(), _QUOTES, _QUOTE_CHARS))
        pieces: list[str] = []
        last = 0
        for m in pattern.finditer(out):
            if any(a <= m.start() < b for a, b in protected) or _NAMED_BEFORE.search(out, 0, m.start()):
                continue                                 # "Card Name Flan" names a card, not this one
            pieces.append(out[last:m.start()])
            pieces.append(SELF_CHAR * (m.end() - m.start()))
            last = m.end()
        pieces.append(out[last:])
        out = "".join(pieces)
    view = _lower(normalise(out, "fftcg"))
    view = join_plain_refs(view, lexicon) if lexicon is not None else view
    return join_printed_refs(out, view) if len(out) == len(view) else view


#: a quotation mark doubled at an option's edge (`""Draw 1 card.""`, as some card-browser records print a modal
#: ability's options, 11.6.6): one mark, the other blanked (same length)
_DOUBLED_OPEN = re.compile(r'(?<!\S)""(?=\S)')
_DOUBLED_CLOSE = re.compile(r'(?<=\S)""(?!\S)')


def _doubled_quotes(text: str) -> str:
    if '""' not in text:
        return text
    return _DOUBLED_CLOSE.sub('" ', _DOUBLED_OPEN.sub(' "', text))


def _translate(text: str, table: dict[int, str], chars: re.Pattern[str]) -> str:
    """`text.translate(table)`, skipped when none of the table's characters is there (translating
    text that holds non-ASCII characters is slow, and most text holds none of these)."""
    return text.translate(table) if chars.search(text) else text


def _single_quotes(text: str) -> str:
    """‘…’ around a granted ability are quotation marks; a lone ’ is an apostrophe (same length)."""
    if "‘" not in text:
        return text
    return re.sub(r"‘([^‘’]*(?:’\w[^‘’]*)*)’(?!\w)", lambda m: '"' + m.group(1) + '"', text)


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> re.Pattern[str]:
    # not before a card type: "Lightning Summon" is an Element, even on a card named Lightning
    return re.compile(r"(?<![\w'])" + re.escape(name)
                      + r"(?![\w])(?!\s+(?:Forwards?|Backups?|Summons?|Characters?|Monsters?|cards?|CP)\b)")


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group())


def _tidy_markup(text: str) -> str:
    """Italic markup kept only where it delimits a name or a label the grammar reads.

    The card browser's records split one italic run in two (`[[i]]Job[[/]] [[i]]Dream Stooge[[/]]`)
    or leave tags unpaired; the runs are joined and stray tags blanked (same length). Italics around
    anything else (`[[i]]Haste[[/]]`) carry no meaning, so their tags are blanked too.
    """
    text = _STRAY_EX.sub(_blank, text)
    text = _SPLIT_RUN.sub(lambda m: m.group(1) + " " * (len(m.group()) - len(m.group(1))), text)
    keep: list[tuple[int, int]] = []
    for m in _ITALIC_RUN.finditer(text):
        if _LABEL.match(m.group(1)) and not _BARE_LABEL.fullmatch(m.group(1)):
            keep += [(m.start(), m.start() + 5), (m.end() - 5, m.end())]
    keep += [(m.end() - 5, m.end()) for m in _OTHER_RUN.finditer(text)]
    out = list(text)
    for m in _TAG.finditer(text):
        if (m.start(), m.end()) not in keep:
            out[m.start():m.end()] = " " * (m.end() - m.start())
    return "".join(out)


#: what may close a paragraph that is a whole ability: a sentence's end, a cost icon (Warp,
#: Priming), a closing bracket or quotation mark
_CLOSED_END = re.compile(r"[.:!)\"”》]$")
_HTML = re.compile(r"</?p>|<br\s*/?>")
_OPEN_TAG_END = re.compile(r"\[\[(?:i|s|ex|b)\]\]$")
_LAST_RUN = re.compile(r"\[\[(?:i|s|ex)\]\]((?:(?!\[\[).)*?)\[\[/\]\]$", re.S)
_RUN_LABEL = re.compile(r"\s*(?:limit break|damage\s+\d|warp\s+\d|priming\s|ex burst|\(card elements)", re.I)
_KEYWORD_LINE = re.compile(r"(?:\s*(?:haste|brave|first strike|back attack))+\s*", re.I)
#: a Limit Break label on a line of its own, as the project's own card convention writes it (15.2.8.2)
_LIMIT_BREAK_LINE = re.compile(r"\s*limit\s+break\s*[-–—]+\s*\d+\s*", re.I)


def _ends_open(paragraph: str) -> bool:
    """Does this paragraph stop in the middle of a sentence (the card browser broke the line)?

    A whole ability ends with a sentence's end, a cost icon or a closing bracket (11.5.3), or is a
    line of keyword abilities (15.2) or a label (Limit Break -- N, 15.2.8); a paragraph ending on a
    plain word or on a Job / Card Name / Category reference is a sentence still going on.
    """
    s = _HTML.sub("", paragraph).strip()
    if not s or _CLOSED_END.search(s) or _OPEN_TAG_END.search(s) or _KEYWORD_LINE.fullmatch(s) \
            or _LIMIT_BREAK_LINE.fullmatch(s):
        return False
    run = _LAST_RUN.search(s)
    return not (run and _RUN_LABEL.match(run.group(1)))


def _continues(previous: str, paragraph: str) -> bool:
    """Is `paragraph` the rest of the sentence `previous` left open (one ability, 11.5.3)?"""
    if paragraph.startswith('"'):
        return True                                  # an option of a modal ability (11.6.6)
    if _ends_open(previous):
        return True
    return paragraph[:1].islower() and not re.search(r"[.:]\W*$", previous)


def split_abilities(text: str, name: str | None = None, lexicon: Lexicon | None = None) -> list[Segment]:
    """The abilities of a card's text (11.5.3: each paragraph is one ability), in order, each with
    the grammar's view of it (`ability_spans` says where they are)."""
    if name is None:
        name = infer_name(text)
    masked = mask(text, name, lexicon)
    out = []
    for start, end in ability_spans(text):
        view = _BREAK.sub(lambda m: " " * len(m.group()), masked[start:end])
        out.append(Segment(start, end, text[start:end], view))
    return out


#: the head of a modal ability (11.6.6) ending a paragraph: "… select 1 of the 3 following actions." The options may
#: follow it unquoted, one paragraph each (as some card records print them); then that many paragraphs belong to it
_MODAL_HEAD = re.compile(r"selects?\s+(?:up\s+to\s+)?\d+\s+of\s+the\s+(\d+)\s+following\s+actions?\s*\.\s*$", re.I)
#: a paragraph break after such a head, before an unquoted option (the grammar's view marks it, see `option_breaks`)
_OPTION_BREAK = re.compile(r"(?:\[\[br\]\]|\n)(?=\s*[^\s\"])")
#: the mark an unquoted option opens with in the grammar's view (grammar/fftcg.lark OPTION_LINE)
OPTION_MARK = "\x03"


def _owed_options(paragraph: str) -> int:
    """How many unquoted option paragraphs a modal head ending `paragraph` is owed (11.6.6): M of "N of the M"."""
    m = _MODAL_HEAD.search(paragraph)
    return int(m.group(1)) if m else 0


def option_breaks(view: str) -> str:
    """The grammar's view with each paragraph break after a modal head that opens an unquoted option marked
    (`OPTION_MARK`, same length): where an option starts is said by the break alone (11.6.6)."""
    head = _MODAL_HEAD.search(view[:_OPTION_BREAK.search(view).start()] if _OPTION_BREAK.search(view) else "")
    if head is None:
        return view
    return _OPTION_BREAK.sub(lambda m: OPTION_MARK + " " * (len(m.group()) - 1), view)


def ability_spans(text: str) -> list[tuple[int, int]]:
    """Where the abilities of a card's text are (11.5.3: each paragraph is one ability), in order.

    A paragraph that starts with a quotation mark is an option of the modal ability before it
    (11.6.6), so it stays part of that ability. A paragraph that continues a sentence the one
    before it left open (the card browser breaks long lines mid-sentence) joins it too. Only the
    printed text decides (the parse pipeline masks each ability once, when it prepares it).
    """
    spans: list[list[int]] = []
    pos = 0
    owed = 0                                         # unquoted options still owed to a modal head (11.6.6)
    for m in [*_BREAK.finditer(text), None]:
        end = m.start() if m else len(text)
        chunk = text[pos:end]
        stripped = chunk.strip()
        if stripped:
            lead = pos + (len(chunk) - len(chunk.lstrip()))
            tail = lead + len(stripped)
            if spans and owed and not stripped.startswith('"'):
                spans[-1][1] = tail
                owed -= 1
            elif spans and _continues(text[spans[-1][0]:spans[-1][1]], stripped):
                spans[-1][1] = tail
                owed = 0
            else:
                spans.append([lead, tail])
                owed = _owed_options(stripped)
        if m:
            pos = m.end()
    return [(start, end) for start, end in spans]
