"""The AST's plain values: where a node came from (Span), the closed sets every node draws on
(ability kinds, durations, players) and keywords. Part of `judge.text.ast`, which re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class Span:
    """Where a node came from in the source text (character offsets, end exclusive)."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"bad span {self.start}..{self.end}")


class AbilityKind(str, Enum):  # noqa: UP042 - str() must stay "AbilityKind.X" for existing callers
    """What sort of ability a line of card text is (BS: 8-x; FFTCG: 11.x)."""

    TRIGGERED = "triggered"      # BS "When Summoned:" etc.; FFTCG auto-ability "When X enters…"
    ACTIVATED = "activated"      # BS [Main]/[Flash] effects of spirits and nexuses
    CONSTANT = "constant"        # BS constant effects; e.g. "While this spirit attacks"
    MAGIC = "magic"              # BS magic card effects ([Main] / [Flash])
    KEYWORD = "keyword"          # a keyword effect line (【Gale: 2】, Haste, Warp 2 -- 《火》)
    AUTO = "auto"                # FFTCG auto-ability
    FIELD = "field"              # FFTCG field ability
    ACTION = "action"            # FFTCG action ability (cost: effect)
    SPECIAL = "special"          # FFTCG special ability ([[s]]Name[[/]] 《S》…)
    SUMMON = "summon"            # FFTCG Summon card effect
    BURST = "burst"              # BS burst effect
    UNREAD = "unread"            # a line whose header the grammar could not read: its words are one `Unread`


class Duration(str, Enum):  # noqa: UP042
    """How long a modification lasts."""

    TURN = "turn"                # "during this turn" / "until end of turn"
    BATTLE = "battle"            # "during this battle"
    NEXT_TURN_END = "next_turn_end"  # "until the end of your opponent's next turn" and the like
    PERMANENT = "permanent"      # no duration stated (constant / continuous)
    YOUR_TURNS = "your_turns"    # FFTCG "… during your turn": applies only while it is your turn (11.12.4.4)
    OPPONENT_TURNS = "opponent_turns"  # FFTCG "… during your opponent's turn"
    NEXT_TURN_BEGIN = "next_turn_begin"  # FFTCG "until the beginning of your next turn" (11.12.4.1)
    OPPONENT_TURN_END = "opponent_turn_end"  # FFTCG "until the end of your opponent's (next) turn"
    WHILE_ON_FIELD = "while_on_field"  # FFTCG "for as long as X is on the field" (11.9.1)
    YOUR_NEXT_TURN_END = "your_next_turn_end"  # FFTCG "until the end of your next turn" (not the next turn)
    OPPONENT_NEXT_TURN = "opponent_next_turn"  # BS "during your opponent's next turn": that turn only (BSS 6-8-1-2)
    YOUR_NEXT_TURN = "your_next_turn"  # BS "during your next turn": that turn only


class Player(str, Enum):  # noqa: UP042
    """Whose card, deck, hand or life: relative to the controller of the effect."""

    YOU = "you"
    OPPONENT = "opponent"
    ANY = "any"
    EACH = "each"


@dataclass(frozen=True)
class Keyword:
    """A keyword effect with its parameters: 【Armor: Red/Purple】 → Keyword("Armor", ("red", "purple"))."""

    name: str                    # canonical name, Title Case: "Armor", "Gale", "Haste", "Warp"
    params: tuple[str, ...] = ()
    span: Span | None = None


__all__ = ["AbilityKind", "Duration", "Keyword", "Player", "Span"]
