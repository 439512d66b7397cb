"""The closed word lists card text is read against: spirit types (families), card names, keywords,
and FINAL FANTASY TCG's Jobs and Categories.

A grammar must not guess which capitalised words are a family or a card name (issue 11.1): those
words come from the card database (every known card's families, names and bracketed keywords),
and the parse pipeline marks them in the text before the grammar reads it (the Battle Spirits
normalisation step, `judge.text.bs.normalise`; for FFTCG, a plain "Job X" / "Card Name X",
`judge.text.fftcg.names`). Whatever is not in the lists is not a family, Job or name. Every game
takes its lists as this one argument of `parse_text`: no module keeps names between calls.

A spirit type is also listed where a card's text names it in a spirit type's place and no card
carries it (a type a set names before the cards that have it: "each of your <Type> spirits"):
`named_families` reads it from the words before "spirit(s)" / "nexus(es)" after a quantity or a
possessive, Title Case words that are none of the templating language's own (BSS 2-5).

`Lexicon.from_cards(cards)` builds the lists from Card records (the card file being measured, the
scenario's cards); `default_lexicon()` holds the words of the project's shipped sample cards and of
the card database in use when it exists (read once per process), used when a caller passes none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

#: A bracketed keyword as printed in a card's text: 【Name】 or 【Name: parameters】.
_BRACKETED = re.compile(r"【([^【】:]+?)\s*(?::[^【】]*)?】")


@dataclass(frozen=True, eq=False)
class Lexicon:
    """Families, card names, keyword names, Jobs and Categories known to the card database
    (identity-hashed, so a parser can cache what it derives from one lexicon)."""

    families: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    jobs: frozenset[str] = frozenset()
    categories: frozenset[str] = frozenset()

    @classmethod
    def from_cards(cls, cards: Iterable[Any]) -> Lexicon:
        """The lists of some Card records or mappings (`families`, `name`, bracketed keywords of
        `text`, `job`, `category`: a tuple, or one string with "/" between several)."""
        families: set[str] = set()
        names: set[str] = set()
        keywords: set[str] = set()
        jobs: set[str] = set()
        categories: set[str] = set()
        texts: list[str] = []
        for card in cards:
            get = _getter(card)
            texts.append(str(get("text") or ""))
            families.update(f for f in get("families") or () if _word(f))
            name = get("name") or ""
            if _word(name):
                names.add(str(name).strip())
            keywords.update(m.group(1).strip() for m in _BRACKETED.finditer(get("text") or ""))
            jobs.update(_listed(get("job")))
            categories.update(_listed(get("category")))
        known = {w.lower() for w in families | names}
        families.update(f for text in texts for f in named_families(text) if f.lower() not in known)
        return cls(frozenset(families), frozenset(names), frozenset(k for k in keywords if _word(k)),
                   frozenset(jobs), frozenset(categories))

    def with_words(self, *, families: Iterable[str] = (), names: Iterable[str] = (),
                   keywords: Iterable[str] = (), jobs: Iterable[str] = (),
                   categories: Iterable[str] = ()) -> Lexicon:
        """This lexicon with more words (e.g. a card's own name, a test's invented families)."""
        return Lexicon(self.families | {f for f in families if _word(f)},
                       self.names | {n for n in names if _word(n)},
                       self.keywords | {k for k in keywords if _word(k)},
                       self.jobs | {j.strip() for j in jobs if _word(j)},
                       self.categories | {c.strip() for c in categories if _word(c)})

    def merged(self, other: Lexicon | None) -> Lexicon:
        """Both lexicons' words."""
        if other is None:
            return self
        return self.with_words(families=other.families, names=other.names, keywords=other.keywords,
                               jobs=other.jobs, categories=other.categories)


def _getter(card: Any) -> Any:
    return card.get if isinstance(card, Mapping) else (lambda key, c=card: getattr(c, key, None))


# BSS 2-5: a spirit type's place in a noun phrase: after a quantity, an article or a possessive ("one of
# your", "each", "the", "non-"; "gains …", "is also …"), one or more types joined by "or" / "and" / commas,
# before "spirit(s)" / "nexus(es)" ("spirit type" too: "gains Otherlander spirit type").
_CAP = r"[A-Z][A-Za-z0-9'’.\-]*"
_TYPE = rf"{_CAP}(?:\s+{_CAP}){{0,2}}"
_JOIN = r"(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)"
_TYPE_PLACE = re.compile(
    rf"(?<![\w'’-])(?i:your|their|opponent['’]s|of|each|every|a|an|one|two|three|four|five|all|any|other|no|the|"
    rf"also|gains?|non-)\s*(?P<types>{_TYPE}(?:{_JOIN}{_TYPE})*)\s+(?=(?:spirits?|nexus(?:es)?)(?![\w'’]))")
#: Capitalised words of the templating language itself, never a spirit type (demonstratives, colours,
#: states, card types and kinds of card, the soul core, levels).
_NOT_TYPE = frozenset({
    "this", "that", "these", "those", "the", "a", "an", "one", "your", "their", "opponent", "opponent's",
    "red", "purple", "white", "yellow", "green", "blue", "exhausted", "refreshed", "attacking", "blocking",
    "linked", "destroyed", "selected", "other", "token", "tokens", "soul", "core", "burst", "magic", "spirit",
    "spirits", "nexus", "ultimate", "ultimates", "brave", "braves"})


def named_families(text: str) -> set[str]:
    """The spirit types a card's text names in a spirit type's place (see the module's note)."""
    out: set[str] = set()
    for m in _TYPE_PLACE.finditer(text):
        for item in re.split(_JOIN, m.group("types")):
            words = item.split()
            if not any(w.lower().replace("’", "'") in _NOT_TYPE or re.match(r"LV\d", w) for w in words):
                out.add(item)
    return out


def _listed(value: Any) -> list[str]:
    """A Job or Category field as its entries ("Warrior/Knight", ("Warrior", "Knight"), None)."""
    if not value:
        return []
    items = re.split(r"\s*/\s*", value) if isinstance(value, str) else [str(v) for v in value]
    return [v.strip() for v in items if _word(v)]


def _word(s: Any) -> bool:
    """Whether a list entry is a usable word (the sources carry placeholders such as "-")."""
    return isinstance(s, str) and any(ch.isalpha() for ch in s)


@cache
def default_lexicon() -> Lexicon:
    """The lexicon of the project's shipped sample cards (`cards/*.yaml`) and of the cards of the card
    database in use, if one has been built (never built from here).

    The text layer reads card words through two plain interfaces, never through `judge.cards`
    (which sits beside it and knows nothing of text): the sample files' documented YAML records
    (cards/README.md; only the fields the lists are made of are read) and the card records the
    store keeps (`judge.store.card_data`)."""
    return Lexicon.from_cards([*sample_records(), *stored_records()])


def sample_records() -> list[Mapping[str, Any]]:
    """The records of the shipped sample card files, as mappings (a broken file is skipped: it
    must not stop text parsing; the card importer reports it where cards are imported)."""
    import yaml

    from judge.paths import cards_dir

    out: list[Mapping[str, Any]] = []
    for path in sorted(cards_dir().glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        records = data.get("cards") if isinstance(data, dict) else data
        out.extend(r for r in records or () if isinstance(r, Mapping))
    return out


def stored_records(game: str | None = None, db_path: Any = None) -> list[Mapping[str, Any]]:
    """The card records of the card database (`db_path`, default the one in use), of one game or
    all, as mappings; none when there is no database yet or it cannot be read."""
    import json

    from judge import store
    from judge.paths import default_db_path

    try:
        path = db_path if db_path is not None else default_db_path()
        if not path.is_file():
            return []
        conn = store.connect(path)
        try:
            return [json.loads(r["data"]) for r in store.card_data(conn, game)]
        finally:
            conn.close()
    except Exception:  # no database, or an unreadable one: the samples' words only
        return []


def stored_lexicon(game: str, db_path: Any = None) -> Lexicon:
    """The closed word lists of every stored card of a game (Battle Spirits Saga and Standard share
    their templating, so "bs" and "bss" read each other's words); cached per database and records
    hash, so a card screen that parses card after card reads the database once."""
    from judge import store
    from judge.paths import default_db_path

    path = db_path if db_path is not None else default_db_path()
    try:
        conn = store.connect(path)
        try:
            key = (str(path), store.cards_hash(conn), game)
        finally:
            conn.close()
    except Exception:  # unreadable: nothing to read the words from
        return Lexicon()
    if key not in _STORED:
        games = ("bss", "bs") if game in ("bss", "bs") else (game,)
        _STORED.clear()
        _STORED[key] = Lexicon.from_cards([r for g in games for r in stored_records(g, path)])
    return _STORED[key]


_STORED: dict[tuple[str, str | None, str], Lexicon] = {}


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


__all__ = ["Lexicon", "default_lexicon", "sample_records", "stored_lexicon", "stored_records", "words_regex"]
