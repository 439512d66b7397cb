"""Battle Spirits transform helpers: number words, players, marked words, and the pronoun markers
(`Ref` for pronouns, `Pick` for selections) that `judge.text.pronouns` resolves."""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from judge.text.ast import Player
from judge.text.expect import PhraseKind
from judge.text.pronouns import Pick, Ref

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
          "fifteen": 15, "twenty": 20}
_KEYWORDS = {k.lower().replace(" ", ""): k for k in (
    "Awaken", "Confront", "Curse", "Immortal", "Armor", "Luster", "Blessed", "Ascend", "Swift",
    "Gale", "Crush", "Raid", "A.T. Field", "Astral", "Chain", "Agile", "Feast", "Link", "Burst",
    "Clash")}
#: "or more" / "or fewer" and friends → the comparison they make (BSS 1-3-5).
_OPS = {"more": ">=", "higher": ">=", "greater": ">=", "fewer": "<=", "less": "<=", "lower": "<="}
#: "more X than" / "fewer X than" → a strict comparison.
_STRICT = {"more": ">", "higher": ">", "greater": ">", "fewer": "<", "less": "<", "lower": "<"}

# Friendly "expected" messages by example (Lark match_examples), keyed by what a judge should fix.
EXAMPLES: dict[str, list[str]] = {
    "a timing label before ':' (When Summoned, While This Spirit Attacks, During Your Attack Step…)":
        ["When Attacked: Draw a card.", "When Summon: Draw a card."],
    "a keyword effect in 【…】 (Gale, Armor, Crush, Raid…)": ["【Flying", "【Gale 2】"],
}

#: The kinds of phrase of the templating language, for a failure report in words
#: (judge.text.expect): each opened by the terminals that can begin its grammar rule.
PHRASES: tuple[PhraseKind, ...] = (
    PhraseKind("a number such as 'two' or '3'", rule="count"),
    PhraseKind("a duration such as 'during this turn'", rule="duration"),
    PhraseKind("a keyword such as 【Gale: 1】", rule="keyword"),
    PhraseKind("what is gained, such as '3000 BP', 【Armor: Red】 or 'one red symbol'", rule="gained"),
    PhraseKind("a noun such as 'spirit', 'nexus' or 'card'", rule="noun"),
    PhraseKind("a selector such as 'one of your opponent's spirits'", rule="selector"),
    PhraseKind("a selector such as 'one of your opponent's spirits' or a pronoun such as 'it'", rule="target"),
    PhraseKind("a condition such as 'you control a red spirit' or 'this spirit has 5000 or more BP'",
               rule="condition"),
    PhraseKind("an event such as 'one of your spirits is destroyed'", rule="event"),
    PhraseKind("an effect such as 'draw a card' or 'destroy it'", rule="directive"),
    PhraseKind("a timing label such as 'When Summoned'", rule="label"),
)


def _num(tok: Any) -> int:
    s = str(tok).strip().lower()
    return _WORDS[s] if s in _WORDS else int(s.replace(",", ""))


def _player(text: Any) -> Player:
    """Whose, from a possessive or a player word ("your opponent's", "their", "you", "both players")."""
    t = re.sub(r"\s+", " ", str(text).lower()).replace("’", "'")
    if t.startswith(("both", "each player", "either player", "neither")):
        return Player.EACH
    if t.startswith("its owner") or t.startswith("their owner"):
        return Player.ANY
    if "opponent" in t or t.startswith("their") or t == "they":
        return Player.OPPONENT
    return Player.YOU


def unmark(tok: Any) -> str:
    """A marked word of the lexicon (judge.text.bs.normalise) without its marker characters."""
    return re.sub(r"[\ue000-\ue005]", "", str(tok)).strip()


def first(c: list, kind: type | tuple) -> Any:
    """The first child of a kind (None if there is none)."""
    return next((x for x in c if isinstance(x, kind)), None)


def tok(c: list, *types: str) -> Token | None:
    """The first token child of one of these terminal types."""
    return next((x for x in c if isinstance(x, Token) and x.type in types), None)


def toks(c: list, *types: str) -> list[Token]:
    """Every token child of one of these terminal types."""
    return [x for x in c if isinstance(x, Token) and x.type in types]


def has_tok(c: list, *types: str) -> bool:
    return tok(c, *types) is not None


def ints(c: list) -> list[int]:
    """The numbers among the children (counts already transformed, INT tokens)."""
    out = []
    for x in c:
        if isinstance(x, bool):
            continue
        if isinstance(x, int):
            out.append(x)
        elif isinstance(x, Token) and x.type.endswith("INT"):
            out.append(_num(x))
    return out


def _merge(dicts: list) -> dict:
    """Merge selector parts; tuple-valued parts (colours, families, thresholds) accumulate."""
    parts: dict[str, Any] = {}
    for d in dicts:
        if not isinstance(d, dict):
            continue
        for k, v in d.items():
            if isinstance(v, tuple) and k in parts:
                parts[k] = tuple(parts[k]) + v
            else:
                parts[k] = v
    return parts


def _noun_types(text: str) -> tuple[tuple[str, ...], bool, bool]:
    """(card types, plural, card-in-a-zone) of a noun phrase such as "spirit cards"."""
    t = text.lower()
    types = tuple(dict.fromkeys(k for k in ("spirit", "nexus", "magic") if k in t))
    plural = bool(re.search(r"(spirits|nexuses|cards|magics|tokens)\b", t)) or " and " in t
    return types, plural, "card" in t


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower().replace("'", "").replace("’", "")).strip("_")


def timing_of_quoted(label: str) -> str:
    """The timing id of a quoted effect label ("When Summoned" effect → when_summoned)."""
    from judge.text.bs.labels import label_timing_of_words

    return label_timing_of_words(label.strip('"“” '))


__all__ = ["EXAMPLES", "PHRASES", "Pick", "Ref", "first", "has_tok", "ints", "tok", "toks", "unmark"]
