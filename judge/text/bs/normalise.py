"""Battle Spirits text as the grammar reads it: ONE documented normalisation step (issue 11.1).

The grammar reads the templating language; the printed text reaches it through this step, which
1. repairs the slips the sources are known to carry (`SLIPS`, each with why): a dropped
   apostrophe, a dropped soul-core icon, two words run together, a timing label without its colon;
2. marks the words of the closed lists of the card database (`judge.text.lexicon`): spirit types
   (families), card names and keywords the rules do not define, each wrapped in a pair of marker
   characters (`MARKS`), so a grammar terminal matches a marked span and never guesses which
   capitalised words are a family.
Nothing else is rewritten. The grammar's view differs in length from the printed text, so the
result carries a map back to printed positions (`Prepared.to_source`): spans in the AST and in
unparsed reports always point into the printed text.

The same list of normalisations is what the round trip (`judge.text.render`) allows between a
rendering and the printed text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from judge.text.lexicon import Lexicon, default_lexicon, words_regex
from judge.text.parse import Prepared

#: Marker characters (private use) around a word of the lexicon: (open, close) per kind.
MARKS: dict[str, tuple[str, str]] = {
    "family": ("\ue000", "\ue001"),
    "name": ("\ue002", "\ue003"),
    "keyword": ("\ue004", "\ue005"),
}

#: Keywords the rules define (BSS 11, BS 11); the grammar names these itself (KW_NAME), so the
#: lexicon step does not mark them.
RULE_KEYWORDS: frozenset[str] = frozenset({
    "awaken", "confront", "curse", "immortal", "armor", "luster", "blessed", "ascend", "swift", "gale",
    "crush", "raid", "a.t. field", "astral", "chain", "agile", "feast", "link", "burst", "clash"})


@dataclass(frozen=True)
class Slip:
    """A known slip of a source: where it is (a regex) and what the printed card says there."""

    name: str
    pattern: re.Pattern
    replace: str | Callable[[re.Match], str]
    why: str
    needs: tuple[str, ...] = ()    # lower case; the text holds one wherever the pattern matches (a quick test first)


#: The slips, in the order they are repaired. Add a slip here, never a grammar rule for it.
SLIPS: tuple[Slip, ...] = (
    Slip("missing_apostrophe", re.compile(r"\b(opponent|owner)s(?=\s+(spirits?|nexus(es)?|cards?|effects?|"
                                          r"life|hand|deck|trash|reserve|field)\b)"),
         r"\1's", "a possessive printed without its apostrophe (\"your opponents spirits\")",
         ("opponents", "owners")),
    Slip("dropped_soul_core_icon", re.compile(r"\b(pay|has|have|with) a(?= (on|to)\b)"),
         r"\1 a {CORE}", "the soul-core icon dropped after its article (\"pay a to …\", \"has a on it\")",
         (" a on", " a to")),
    Slip("run_together", re.compile(r"\b(Tokens?|spirits?|cards?)(?=(exhausted|refreshed)\b)"),
         r"\1 ", "two words printed without the space between them (\"Tokensexhausted\")",
         ("exhausted", "refreshed")),
    Slip("dropped_core_word", re.compile(r"\b(place|remove) (one|two|three|a)(?= from\b)", re.I),
         r"\1 \2 core", "the word \"core\" dropped after a count (\"Place one from it …\")", (" from",)),
    Slip("space_before_punctuation", re.compile(r"(?<=\w) +(?=[,:](\s|$))"),
         "", "a space printed before a comma or a colon (\"with Ascend , draw\")", (" ,", " :")),
)

# A timing label printed without its colon: the run of Title Case words from the line's start (after
# the tags) up to the first word followed by a lower-case word, when no colon follows the label.
_TAGS = re.compile(r"^(\s*\[[^\]]*\]\s*)*")
_LABEL_START = re.compile(r"(When|While|During|End)\s")
#: the small words a label's Title Case words may have between them ("Destroyed by an Opponent's Effect")
_JOINERS = ("a", "an", "the", "of", "or", "is", "in", "by", "to", "from", "with", "on", "for", "and")
_TITLE_WORD = re.compile(r"[A-Z][\w'’-]*|[“\"][^\"”]*[”\"]|/|" + "|".join(_JOINERS))


_GAINED_EFFECT = re.compile(r"the\s+following\s+effects?\s*:\s*", re.I)


def _label_without_colon(text: str, start: int | None = None) -> int | None:
    """Where a colon is missing after a timing label, or None (BSS 8-1-5-1 labels end in a colon):
    at the line's start, or after "… gain the following effect:"."""
    if start is None:
        start = _TAGS.match(text).end()
    if not _LABEL_START.match(text, start):
        return None
    words = [(m.start(), m.end(), m.group()) for m in re.finditer(r"[“\"][^\"”]*[”\"]|\S+", text[start:])]
    run: list[tuple[int, int, str]] = []
    for i, (a, b, w) in enumerate(words):
        if w.endswith(":") or w.endswith(","):
            return None                           # the label has its colon, or is an inline "When …,"
        if not _TITLE_WORD.fullmatch(w.rstrip(".")):
            break
        if (w.islower() or w == "/") and not _joins(words, i):
            break                                 # "a", "of", "by an", "/" join Title Case words only
        run.append((a, b, w))
    if len(run) < 2 or len(run) == len(words):
        return None
    # the last Title Case word of the run starts the sentence ("When Summoned Select one …")
    return start + run[-2][1]


def _joins(words: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the small word at i joins Title Case words: a Title Case word follows it, after any
    further small words ("Destroyed by an Opponent's Effect", "During Your Turn / During …")."""
    for _a, _b, w in words[i + 1:]:
        if w in _JOINERS or w == "/":
            continue
        return w.lstrip('"“')[:1].isupper()
    return False


@dataclass(frozen=True)
class _Edit:
    """Replace view characters start:end by `text` (start == end: an insertion)."""

    start: int
    end: int
    text: str


def apply_edits(prepared: Prepared, edits: Iterable[_Edit]) -> Prepared:
    """`prepared` with non-overlapping edits (positions in its view) applied, the map kept: a
    replaced region's new characters stand for the whole region; an insertion for nothing."""
    view, starts, ends = prepared.view, prepared.starts, prepared.ends
    out: list[str] = []
    new_starts: list[int] = []
    new_ends: list[int] = []
    last = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.start < last:
            continue
        out.append(view[last:e.start])
        new_starts.extend(starts[last:e.start])
        new_ends.extend(ends[last:e.start])
        if e.end > e.start:
            a, b = starts[e.start], ends[e.end - 1]
        else:
            a = starts[e.start] if e.start < len(starts) else len(prepared.source)
            b = ends[e.start - 1] if e.start > 0 else 0
        out.append(e.text)
        new_starts.extend([a] * len(e.text))
        new_ends.extend([b] * len(e.text))
        last = e.end
    out.append(view[last:])
    new_starts.extend(starts[last:])
    new_ends.extend(ends[last:])
    return Prepared("".join(out), prepared.source, tuple(new_starts), tuple(new_ends))


def repair_slips(prepared: Prepared) -> Prepared:
    """The known slips of the sources repaired (`SLIPS`), then a missing label colon."""
    low = prepared.view.lower()
    for slip in SLIPS:
        if slip.needs and not any(word in low for word in slip.needs):
            continue                      # not there: the pattern cannot match (most lines)
        edits = [_Edit(m.start(), m.end(), m.expand(slip.replace) if isinstance(slip.replace, str)
                       else slip.replace(m)) for m in slip.pattern.finditer(prepared.view)]
        if edits:
            prepared = apply_edits(prepared, edits)
            low = prepared.view.lower()
    at = _label_without_colon(prepared.view)
    if at is not None:
        prepared = apply_edits(prepared, [_Edit(at, at, ":")])
    gained = _GAINED_EFFECT.search(prepared.view)
    if gained is not None:
        at = _label_without_colon(prepared.view, gained.end())
        if at is not None:
            prepared = apply_edits(prepared, [_Edit(at, at, ":")])
    return prepared


def _capitalised(word: str) -> str:
    """"(TENTATIVE)" → "(Tentative)", "DRAGON" → "Dragon": the first letter kept a capital."""
    low = word.lower()
    i = next((k for k, ch in enumerate(low) if ch.isalpha()), 0)
    return low[:i] + low[i:i + 1].upper() + low[i + 1:]


def _spellings(word: str, kind: str) -> set[str]:
    """How a word of the lexicon is printed in text: families are listed in capitals by some
    sources ("STAR DRAGON") and printed in Title Case ("Star Dragon"); names as listed."""
    if kind == "name":
        return {word}
    words = word.split()
    title = " ".join(w if any(ch.isdigit() for ch in w) else _capitalised(w) for w in words)
    return {word, title, word.title()}


@lru_cache(maxsize=16)
def _lexicon_pattern(lexicon: Lexicon) -> tuple[re.Pattern | None, dict[str, str]]:
    """One regex for every spelling of every word of a lexicon (longest first) and its kind."""
    kinds: dict[str, str] = {}
    for kind, words in (("name", lexicon.names), ("keyword", lexicon.keywords), ("family", lexicon.families)):
        for w in words:
            if kind == "keyword" and w.lower() in RULE_KEYWORDS:
                continue
            for spelled in _spellings(w.strip(), kind):
                if spelled[:1].isupper() or spelled[:1].isdigit():
                    kinds[spelled] = kind         # a family wins over a name of the same words
    return _compile(kinds), kinds


def _compile(words: dict[str, str]) -> re.Pattern | None:
    if not words:
        return None
    body = words_regex(words)           # a trie: one pass over the text, longest word first
    # a word of the lexicon stands alone: not inside another word, never inside quotes (checked apart)
    return re.compile(rf"(?:(?<=non-)|(?<![\w\-.'’\ue000-\ue005]))(?:{body})(?![\w'’\ue000-\ue005]|-\w)")


@lru_cache(maxsize=256)
def _own_name_pattern(name: str) -> re.Pattern | None:
    return _compile({name.strip(): "name"}) if name.strip() else None


_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”")


def mark_lexicon(prepared: Prepared, lexicon: Lexicon, own_name: str | None = None) -> Prepared:
    """The families, card names and keywords of `lexicon` (and the card's own name) wrapped in their
    markers (`MARKS`); the longest word wins where two overlap."""
    pattern, kinds = _lexicon_pattern(lexicon)
    view = prepared.view
    found: list[tuple[int, int, str]] = []
    if pattern is not None:
        found.extend((m.start(), m.end(), kinds[m.group()]) for m in pattern.finditer(view))
    own = _own_name_pattern(own_name) if own_name and own_name not in lexicon.names else None
    if own is not None:
        found.extend((m.start(), m.end(), "name") for m in own.finditer(view))
    if not found:
        return prepared
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(view)]
    edits: list[_Edit] = []
    taken = -1
    for a, b, kind in sorted(found, key=lambda f: (f[0], -(f[1] - f[0]))):
        if a < taken or any(qa <= a < qb for qa, qb in quoted):
            continue
        opener, closer = MARKS[kind]
        edits += [_Edit(a, a, opener), _Edit(b, b, closer)]
        taken = b
    return apply_edits(prepared, edits) if edits else prepared


def prepare(segment: str, lexicon: Lexicon | None = None, name: str | None = None) -> Prepared:
    """The grammar's view of one printed line: slips repaired, lexicon words marked."""
    lex = lexicon if lexicon is not None else default_lexicon()
    prepared = repair_slips(Prepared.of(segment))
    return mark_lexicon(prepared, lex, name)


__all__ = ["MARKS", "RULE_KEYWORDS", "SLIPS", "Slip", "apply_edits", "mark_lexicon", "prepare", "repair_slips"]
