"""What the FFTCG condition rules share: a predicate (`CPred`), a reference to a card's stat
(`StatRef`), the past-event kinds (`HAPPENED`) and small readers of a rule's children. Imported
through `judge.text.fftcg.conditions`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token

from judge.text.ast import Player, Selector

_OPS = (">=", "<=", "==", ">", "<")
#: an event earlier this turn (a fact of the turn so far, not an event to wait for) → its condition kind
HAPPENED = {"forms_party": "formed_party_this_turn", "leaves_field": "left_field_this_turn",
            "put_into_break_zone": "put_into_break_zone_this_turn", "returned_to_hand": "returned_to_hand_this_turn",
            "enters_field": "entered_this_turn"}


@dataclass(frozen=True)
class CPred:
    """A condition's predicate before its subject is known."""

    kind: str
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StatRef:
    """"its cost", "X's power": a statistic of a card (5.2.1, 5.2.6)."""

    stat: str
    of: Selector


def _nums(c: list[Any]) -> list[int]:
    return [int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"]


def _op(c: list[Any], default: str = "==") -> str:
    return next((x for x in c if isinstance(x, str) and not isinstance(x, Token) and x in _OPS), default)


def _sel(c: list[Any]) -> Selector | None:
    return next((x for x in c if isinstance(x, Selector)), None)


def _player_kind(base: str, player: Player | None) -> str:
    return ("opp_" + base) if player is Player.OPPONENT else base


__all__ = ["HAPPENED", "CPred", "StatRef"]
