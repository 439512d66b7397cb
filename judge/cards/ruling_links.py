"""Which clauses each official ruling is about, and how that is known.

Three kinds of link, each labelled in the `ruling_links` table (`how`) and wherever it is shown:

- `scenario` — the ruling was set up as a scenario (tests/rulings/**) whose expectations cite
  these clauses: the deciding clauses, chosen by a person reading the ruling. tests/ is not
  installed, so `bench/build_ruling_links.py` gathers them into `cards/ruling-links.json`, which
  the package ships; it names rulings by key and clauses by number, never a ruling's words.
- `words` — the ruling's own words name the clause (a number the game's current document has) or a
  term the rules define (【Armor】, Immortal): the term's defining clause.
- `card` — an ability of the ruling's card invokes the clause (the AST link tables,
  `judge.text.links`) and the ruling's words name what that ability does (its kind, keyword or
  timing), so a ruling about Ifrit's cost reduction links the cost-reduction clause. Only for
  rulings no scenario settles: a scenario's cites say more than any guess. Cards know nothing of
  the text layer, so these are made above both (`judge.engine.ruling_links.ensure_card_links`,
  which the shells call) with `card_links` here matching the words.

Terms are also kept as links of kind `term` (found by `judge term`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from judge import store
from judge.errors import JudgeError

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

LINKS_FILE = "ruling-links.json"
HOW = ("scenario", "words", "card")
HOW_SHOWN = {"scenario": "scenario cite", "words": "words", "card": "card ability"}

#: parts of a link-table key that name no concept a ruling's words would name
_GENERIC = frozenset((
    "ability", "kind", "timing", "name", "keyword", "selector", "condition", "restriction", "sequence",
    "connector", "state", "dest", "source", "stat", "mode", "action", "duration", "verb", "zone", "owner",
    "owned", "by", "amount", "var", "from", "when", "while", "during", "your", "you", "opponent",
    "opponents", "of", "to", "the", "a", "is", "this", "turn", "turns", "step", "main", "effect",
    "effects", "field", "deck", "set", "modify", "also", "no", "not", "if", "any", "checked", "before",
    "paying", "change",
))


def links_path() -> Path:
    """The shipped links table (in the project's `cards/` data folder)."""
    from judge.paths import cards_dir

    return cards_dir() / LINKS_FILE


def shipped_links(path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """ruling key → the clauses its scenarios cite (empty when the file is absent or unreadable)."""
    try:
        data = json.loads((path or links_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    got = data.get("rulings") if isinstance(data, dict) else None
    if not isinstance(got, dict):
        return {}
    return {k: tuple(str(n) for n in v.get("clauses", ())) for k, v in got.items() if isinstance(v, dict)}


def _stems(text: str) -> set[str]:
    from judge.rules.terms import _stem_word

    return {_stem_word(w) for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2}


def _says(stems: set[str], word: str) -> bool:
    """Whether the ruling's words name `word` (same stem, or the same first five letters)."""
    from judge.rules.terms import _stem_word

    s = _stem_word(word)
    return s in stems or (len(s) >= 5 and any(len(t) >= 5 and t[:5] == s[:5] for t in stems))


def key_words(key: str) -> list[str]:
    """The words of a link-table key that name its concept: `ability.timing=when_summoned` →
    [summoned]; `cost_reduction` → [cost, reduction]; `keyword.name=Armor` → [armor]."""
    return [w for w in re.split(r"[._=\s]+", key.lower()) if w and w not in _GENERIC and not w.isdigit()]


def timing_phrase(value: str) -> re.Pattern:
    """`when_attacks` → a pattern for "When Attacks", "when it attacks"; `enters_field` → "enters the
    field": each word by its first five letters, up to two words between."""
    parts = [re.escape(w[:5]) + r"\w*" for w in value.lower().split("_") if w]
    return re.compile(r"\b" + r"\W+(?:\w+\W+){0,2}?".join(parts) + r"\b", re.I)


class Linker:
    """The knowledge base's clause numbers and terms, and the cards, to find what a ruling is about."""

    _BRACKET = re.compile(r"[【\[《「『]([^】\]》」』\n]{1,40})[】\]》」』]")

    def __init__(self, db_path: Path, shipped: dict[str, tuple[str, ...]] | None = None) -> None:
        self.db_path = db_path
        self.shipped = shipped_links() if shipped is None else shipped
        self._games: dict[str, Any] = {}

    # --- the rules: numbers, terms, versions ------------------------------------------------
    def _game(self, game: str) -> tuple[str, set[str], dict[str, str], dict[str, str], re.Pattern | None, str]:
        if game not in self._games:
            from judge.rules.kb import KB
            from judge.rules.terms import norm, stem

            kb = KB(self.db_path)
            try:
                doc = kb.document(game)
                numbering = "dash" if doc.numbering == "unnumbered" else doc.numbering
                numbers = set(store.numbers(kb.conn, doc.key))
                keys: dict[str, str] = {}
                plain: list[str] = []
                for r in store.term_names(kb.conn, game):
                    keys[r["norm"]] = r["norm"]
                    shown = str(r["term"] or "").strip()
                    if r["kind"] == "keyword" and re.fullmatch(r"[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,3}", shown):
                        plain.append(shown)
                        keys.setdefault(stem(norm(shown)), r["norm"])
                where = {r["norm"]: r["number"] for r in store.term_numbers(kb.conn, doc.key)
                         if r["number"] in numbers}
                newest = max((d for d in kb.documents() if d.game == game and d.lang == doc.lang),
                             key=lambda d: d.order, default=doc)
            finally:
                kb.conn.close()
            pat = re.compile(r"\b(" + "|".join(re.escape(t) for t in sorted(set(plain), key=len, reverse=True))
                             + r")\b") if plain else None
            self._games[game] = (numbering, numbers, keys, where, pat, newest.version)
        return self._games[game]

    def rules_version(self, game: str) -> str:
        """The newest version of the game's rules document (what a ruling is checked against now)."""
        try:
            return self._game(game)[5]
        except JudgeError:
            return ""

    # --- the ruling's words -----------------------------------------------------------------
    def word_links(self, game: str, text: str, topic: str = "") -> list[tuple[str, str, str]]:
        """[(kind, ref, "words")]: clauses the words name, terms they name and those terms' clauses."""
        from judge.rules.links import mentions
        from judge.rules.terms import norm, stem

        try:
            numbering, numbers, keys, where, pat, _ = self._game(game)
        except JudgeError:           # a game without a rules document: nothing to link to
            return []
        out: list[tuple[str, str, str]] = [("clause", n, "words") for n in mentions(text, numbering) if n in numbers]
        found = [m.group(1) for m in self._BRACKET.finditer(text)]
        if pat is not None:
            found += [m.group(1) for m in pat.finditer(text)]
        if topic:
            found.insert(0, topic)
        for word in found:
            key = keys.get(stem(norm(word)))
            if key:
                out.append(("term", key, "words"))
                if where.get(key):
                    out.append(("clause", where[key], "words"))
        return list(dict.fromkeys(out))

    # --- everything a ruling links to -------------------------------------------------------
    def links(self, rec: dict) -> list[tuple[str, str, str]]:
        """[(kind, ref, how)] of one ruling record: scenario cites and its words. Its card's
        abilities are read by the text layer, above this one: `judge.engine.ruling_links` adds
        those links (`card_links` below matches them)."""
        text = f"{rec['question']}\n{rec['answer']}"
        out = [("clause", n, "scenario") for n in self.shipped.get(rec["key"], ())]
        out += self.word_links(rec["game"], text, rec["topic"])
        return list(dict.fromkeys(out))


def card_links(keys: list[tuple[str, tuple[str, ...]]], text: str) -> list[tuple[str, str]]:
    """[("clause", number)]: of a card's (link-table key, clauses), those whose concept the ruling's
    words name (a timing only as a phrase: "When Attacks" names `when_attacks`, "the attack step"
    does not)."""
    stems = _stems(text)
    out: list[tuple[str, str]] = []
    for key, clauses in keys:
        if ".timing=" in key:
            named = bool(timing_phrase(key.split("=", 1)[1]).search(text))
        else:
            words = key_words(key)
            named = bool(words) and all(_says(stems, w) for w in words)
        if named:
            out += [("clause", c) for c in clauses]
    return list(dict.fromkeys(out))


__all__ = ["HOW", "HOW_SHOWN", "LINKS_FILE", "Linker", "card_links", "key_words", "links_path", "shipped_links",
           "timing_phrase"]
