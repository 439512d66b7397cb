"""The AST's abilities: one ability of a card (its kind, when it applies, what it costs and does)
and the costs paid for it. Part of `judge.text.ast`, which re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: the node modules refer to each other's classes
    from judge.text.ast import AbilityKind, Condition, Effect, Keyword, Player, Selector, Span, Trigger


@dataclass(frozen=True, kw_only=True)
class Cost:
    """What must be paid: FFTCG CP / dull / special; BS "you may send … to …" costs."""

    cp: tuple[str, ...] = ()     # elements and generic numbers, e.g. ("fire", "1")
    dull_self: bool = False      # 《ダル》
    special: bool = False        # 《S》: discard a card of the same name
    crystal: int = 0             # 《C》
    x: bool = False              # 《X》
    effects: tuple[Effect, ...] = ()   # non-CP costs: "put 1 Backup into the Break Zone", BS core costs
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Ability:
    """One ability of a card: its kind, when it applies, what it costs and does."""

    kind: AbilityKind
    levels: tuple[int, ...] = ()          # BS level bands [LV1][LV2]; () = all levels
    timing: str | None = None             # when_summoned | when_attacks | while_attacks | flash | main |
                                          # when_destroyed | enters_field | beginning_of_phase | ...
    timing_text: str | None = None        # the label as printed
    keyword: Keyword | None = None        # for KEYWORD abilities
    name: str | None = None               # FFTCG special ability name
    cost: Cost | None = None
    condition: Condition | None = None
    effects: tuple[Effect, ...] = ()
    restrictions: tuple[str, ...] = ()    # once_per_turn | unstackable | ex_burst | ...
    trigger_on: Selector | None = None    # FFTCG auto-ability: whose event it is ("When X attacks")
    trigger: Trigger | None = None        # FFTCG auto-ability: its events / moment, typed (11.8.2)
    turn: Player | None = None            # FFTCG phase trigger: whose turn ("of each of your turns" YOU, "your
    #                                       opponent's" OPPONENT, "each player's" ANY); None = the controller's
    phase_number: int | None = None       # FFTCG "Main Phase 2": 2 (9.3.1.1); None = Main Phase 1 / not a Main Phase
    text: str = ""
    span: Span | None = None


__all__ = ["Ability", "Cost"]
