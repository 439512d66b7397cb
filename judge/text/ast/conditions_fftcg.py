"""FFTCG conditions as a family of node types (issue 20.3): one frozen dataclass per concept of the
rules, each with the fields that concept has, instead of one `Condition` with a string `kind` and
optional fields. Part of `judge.text.ast`, which re-exports every name.

The JSON form is the contract's: `{"kind": snake_case_class_name, fields…, "cites": […]}`. Values
keep the rules' words (players `you` / `opponent` / `any`, comparisons `>=`), amounts stay signed.
`text` is the printed condition, kept for display and logs only (never read to decide anything).

The family so far (the rest of the FFTCG conditions still use `judge.text.ast.conditions.Condition`, which stays
until both games have moved off it; see docs/ast-conditions.md):

| kind          | concept (clause)                                   | fields                                   |
|---------------|----------------------------------------------------|------------------------------------------|
| `controls`    | a player controls cards (6.2)                      | player, selector, threshold, none        |
| `damage_count`| the points of damage a player has received (7.8.2) | player, threshold                        |
| `hand_count`  | the cards in a player's hand (7.11)                | player, threshold                        |
| `card_is`     | the card referred to is of a kind (5.2)            | selector, negated                        |
| `do_so`       | the optional part before was done (11.8.17)        | negated ("if not")                       |
| `possible`    | "if possible": an obligation met when it can be    | —                                        |
| `during_turn` | whose turn it is now (11.12.4.4)                   | window                                   |
| `all_of`      | every one of several conditions holds (11.8.13)    | parts                                    |
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: through the package, never module to module (judge.text.ast)
    from judge.text.ast import Player, Selector, Span, Threshold, Window


@dataclass(frozen=True, kw_only=True)
class FFTCGCondition:
    """What every FFTCG condition node has: its printed words (display only) and where they are.
    `kind` is the node's type as the JSON contract names it (read-only, never a free string)."""

    text: str = ""
    span: Span | None = None

    @property
    def kind(self) -> str:
        return re.sub(r"(?<!^)(?=[A-Z])", "_", type(self).__name__).lower()


@dataclass(frozen=True, kw_only=True)
class Controls(FFTCGCondition):
    """6.2 "you control 3 or more Job Knight Forwards", "your opponent controls a Backup", "you don't
    control a Forward", "neither player controls X" (player ANY, none)."""

    player: Player                       # who controls: you | opponent | any (either / neither player)
    selector: Selector                   # what is controlled: its count (a threshold in `thresholds`) and qualifiers
    threshold: Threshold | None = None   # "only 1 Forward": the exact count, when the selector's count is not it
    none: bool = False                   # "controls no …", "doesn't control …", "neither player controls …"


@dataclass(frozen=True, kw_only=True)
class DamageCount(FFTCGCondition):
    """7.8.2 "you have received 5 points of damage or more", "your opponent has received 3 …"; the
    label "Damage N --" (15.2.6) is this condition too."""

    player: Player                       # whose Damage Zone: you | opponent
    threshold: Threshold                 # stat "damage": the number of cards in it


@dataclass(frozen=True, kw_only=True)
class HandCount(FFTCGCondition):
    """7.11 "you have 2 cards or less in your hand", "your opponent has no cards in their hand", "each
    player has …" (every player), "either player has …" (any)."""

    player: Player                       # whose hand: you | opponent | each | any
    threshold: Threshold                 # stat "hand": the number of cards in it


@dataclass(frozen=True, kw_only=True)
class CardIs(FFTCGCondition):
    """5.2 "if it is a Forward", "if the revealed card is a Job X", "if it's not a Backup": the card
    the text refers to is (not) of that kind."""

    selector: Selector                   # what it must be; `ref` says which card ("it")
    negated: bool = False


@dataclass(frozen=True, kw_only=True)
class DoSo(FFTCGCondition):
    """11.8.17 "If you do so, …" (negated: "If not, …"): whether the optional part before was done."""

    negated: bool = False


@dataclass(frozen=True, kw_only=True)
class Possible(FFTCGCondition):
    """"If possible": an obligation met whenever it can be (10.1.2.1.3, 10.1.3.1.3)."""


@dataclass(frozen=True, kw_only=True)
class DuringTurn(FFTCGCondition):
    """11.12.4.4 "If it is your turn", "during your opponent's turn": whose turn it is now."""

    window: Window


@dataclass(frozen=True, kw_only=True)
class AllOf(FFTCGCondition):
    """11.8.13 "If A and if B, …": every one of `parts` holds."""

    parts: tuple[Any, ...]               # conditions (family nodes or Condition)


#: the family's node classes (the engine's and renderers' registries are keyed by them)
FAMILY: tuple[type, ...] = (Controls, DamageCount, HandCount, CardIs, DoSo, Possible, DuringTurn, AllOf)

__all__ = ["FAMILY", "AllOf", "CardIs", "Controls", "DamageCount", "DoSo", "DuringTurn", "FFTCGCondition",
           "HandCount", "Possible"]
