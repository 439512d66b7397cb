"""The closed word lists card text is read against: spirit types (families), card names, keywords.

A grammar must not guess which capitalised words are a family or a card name (issue 11.1): those
words come from the card database (every known card's families, names and bracketed keywords),
and the parse pipeline marks them in the text before the grammar reads it (the Battle Spirits
normalisation step, `judge.text.bs.normalise`). Whatever is not in the lists is not a family.

`Lexicon.from_cards(cards)` builds the lists from Card records (the card file being measured, the
scenario's cards); `default_lexicon()` holds the words of the project's shipped sample cards and of
the card database in use when it exists (read once per process), used when a caller passes none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

#: A bracketed keyword as printed in a card's text: 【Name】 or 【Name: parameters】.
_BRACKETED = re.compile(r"【([^【】:]+?)\s*(?::[^【】]*)?】")


@dataclass(frozen=True, eq=False)
class Lexicon:
    """Families, card names and keyword names known to the card database (identity-hashed, so a
    parser can cache what it derives from one lexicon)."""

    families: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()

    @classmethod
    def from_cards(cls, cards: Iterable[Any]) -> Lexicon:
        """The lists of some Card records (`families`, `name`, bracketed keywords of `text`)."""
        families: set[str] = set()
        names: set[str] = set()
        keywords: set[str] = set()
        for card in cards:
            families.update(f for f in getattr(card, "families", ()) or () if _word(f))
            name = getattr(card, "name", "") or ""
            if _word(name):
                names.add(name.strip())
            keywords.update(m.group(1).strip() for m in _BRACKETED.finditer(getattr(card, "text", "") or ""))
        return cls(frozenset(families), frozenset(names), frozenset(k for k in keywords if _word(k)))

    def with_words(self, *, families: Iterable[str] = (), names: Iterable[str] = (),
                   keywords: Iterable[str] = ()) -> Lexicon:
        """This lexicon with more words (e.g. a card's own name, a test's invented families)."""
        return Lexicon(self.families | {f for f in families if _word(f)},
                       self.names | {n for n in names if _word(n)},
                       self.keywords | {k for k in keywords if _word(k)})

    def merged(self, other: Lexicon | None) -> Lexicon:
        """Both lexicons' words."""
        if other is None:
            return self
        return self.with_words(families=other.families, names=other.names, keywords=other.keywords)


def _word(s: Any) -> bool:
    """Whether a list entry is a usable word (the sources carry placeholders such as "-")."""
    return isinstance(s, str) and any(ch.isalpha() for ch in s)


@cache
def default_lexicon() -> Lexicon:
    """The lexicon of the project's shipped sample cards (`cards/*.yaml`) and of the cards of the card
    database in use, if one has been built (`judge.cards.db.stored_cards`; never built from here)."""
    from judge.cards.importers import read_cards
    from judge.paths import cards_dir

    cards: list[Any] = []
    for path in sorted(cards_dir().glob("*.yaml")):
        try:
            cards.extend(read_cards(path))
        except Exception:  # a broken sample file must not stop text parsing
            continue
    try:
        from judge.cards.db import stored_cards

        cards.extend(stored_cards())
    except Exception:  # no database, or an unreadable one: the samples' words only
        pass
    return Lexicon.from_cards(cards)


def words_regex(words: Iterable[str]) -> str:
    """A regex body matching any of `words` (case as given), the longest first where several start
    alike: the words as a trie ("Dragon", "Dragonoid" → "Dragon(?:oid)?"), so a text is scanned in
    one pass whatever the number of words. Python's `re` tries an alternation of literals one by
    one at every position; a card database has thousands of names. Same matches as the
    alternation sorted longest first, lookarounds around it included (tests/text/test_parse_speed.py)."""
    trie: dict = {}
    for word in set(words):
        if not word:
            continue
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _trie_regex(trie) if trie else "(?!)"


def _trie_regex(node: dict) -> str:
    ends = "" in node
    branches = [re.escape(ch) + _trie_regex(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:                          # a word ends here: longer words first, then this one
        return body + "?" if len(branches) == 1 and len(body) == 1 + (body[0] == "\\") else f"(?:{body})?"
    return body


__all__ = ["Lexicon", "default_lexicon", "words_regex"]
