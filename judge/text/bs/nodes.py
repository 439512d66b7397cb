"""Battle Spirits transform helpers: number words, players, timing names, and the private
marker nodes (`_Ref` for pronouns, `_Pick` for selections) that `bs_assemble` resolves."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge.text.ast import (
    Effect,
    Player,
    Selector,
)

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_KEYWORDS = {k.lower().replace(" ", ""): k for k in (
    "Awaken", "Confront", "Curse", "Immortal", "Armor", "Luster", "Blessed", "Ascend", "Swift",
    "Gale", "Crush", "Raid", "A.T. Field", "Astral", "Chain", "Agile", "Feast", "Link", "Burst",
    "Clash")}
_OPS = {"more": ">=", "higher": ">=", "fewer": "<=", "less": "<=", "lower": "<="}

# Friendly "expected" messages by example (Lark match_examples), keyed by what a judge should fix.
EXAMPLES: dict[str, list[str]] = {
    "a timing label before ':' (When Summoned, While This Spirit Attacks, During Your Attack Step…)":
        ["When Attacked: Draw a card.", "When Summon: Draw a card."],
    "a keyword effect in 【…】 (Gale, Armor, Crush, Raid…)": ["【Flying】", "【Gale 2】"],
}


@dataclass(frozen=True, kw_only=True)
class _Ref(Selector):
    """A pronoun ("it", "them", "that spirit") waiting for the selection it refers to."""


class _Stmt(list):
    """A statement's effects, flagged when it ends in "instead" (a substitution, BSS 8-9)."""

    instead = False
    restriction: str | None = None     # "This effect does not duplicate." (BS 12-3-2)


@dataclass(frozen=True, kw_only=True)
class _Pick(Effect):
    """A selection ("Select one of your spirits") that later directives act on; a tuple target
    selects each (`and`) or, with `either`, one of them (`or`)."""

    target: Selector
    either: bool = False


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


def _num(tok: Any) -> int:
    s = str(tok).strip().lower()
    return _WORDS[s] if s in _WORDS else int(s.replace(",", ""))


def _player(text: str) -> Player:
    t = re.sub(r"\s+", " ", str(text).lower()).replace("’", "'")
    if "opponent" in t or t.startswith("their"):
        return Player.OPPONENT
    if t.startswith("its owner") or t.startswith("their owner"):
        return Player.ANY
    return Player.YOU


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower().replace("'", "").replace("’", "")).strip("_")


_TIMINGS = {
    "when summoned": "when_summoned", "when placed": "when_placed", "when deployed": "when_deployed",
    "when this spirit attacks": "when_attacks", "when attacking": "when_attacks",
    "when this spirit blocks": "when_blocks", "when blocking": "when_blocks",
    "when this spirit attacks or blocks": "when_attacks_or_blocks",
    "while this spirit attacks": "while_attacks", "during attack": "while_attacks",
    "while this spirit blocks": "while_blocks", "during block": "while_blocks",
    "while this spirit attacks or blocks": "while_attacks_or_blocks",
    "when destroyed": "when_destroyed", "when destroyed by opponent": "when_destroyed_by_opponent",
}


def timing_name(label: str) -> str:
    """Canonical timing id of a printed label ("When This Spirit Attacks" → when_attacks)."""
    norm = re.sub(r"\s+", " ", label.strip()).lower().replace("’", "'")
    return _TIMINGS.get(norm) or _slug(norm)


def _noun_types(text: str) -> tuple[tuple[str, ...], bool, bool]:
    """(card types, plural, card-in-a-zone) of a noun phrase such as "spirit cards"."""
    t = text.lower()
    types = tuple(dict.fromkeys(k for k in ("spirit", "nexus", "magic") if k in t))
    plural = bool(re.search(r"(spirits|nexuses|cards|magics)\b", t)) or " and " in t
    return types, plural, "card" in t


