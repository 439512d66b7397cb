"""What the FFTCG condition rules share: a predicate (`CPred`), a reference to a card's stat
(`StatRef`), the past-event kinds (`HAPPENED`) and small readers of a rule's children. Imported
through `judge.text.fftcg.conditions`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token

from judge.text.ast import (
    AllOf,
    CardIs,
    Controls,
    DamageCount,
    DoSo,
    DuringTurn,
    HandCount,
    Player,
    Possible,
    Selector,
)

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


_CONTROLS = {"control": (Player.YOU, False), "opp_control": (Player.OPPONENT, False),
             "not_control": (Player.YOU, True), "opp_not_control": (Player.OPPONENT, True),
             "control_none": (Player.ANY, True)}


def family_node(kind: str, text: str, span: Any, f: dict[str, Any]) -> Any:
    """The node of the FFTCG condition family (judge.text.ast.conditions_fftcg) a condition of the rules
    is, from what its rule read; None for the concepts still kept as a `Condition`."""
    if kind in _CONTROLS and f.get("selector") is not None:
        player, none = _CONTROLS[kind]
        if kind == "control" and f.get("player") in (Player.ANY, Player.EACH):   # "either player controls …"
            player = f["player"]
        return Controls(player=player, selector=f["selector"], threshold=f.get("threshold"), none=none,
                        text=text, span=span)
    if kind in ("damage", "opp_damage") and f.get("threshold") is not None and f.get("selector") is None:
        player = Player.OPPONENT if kind == "opp_damage" else f.get("player") or Player.YOU
        return DamageCount(player=player, threshold=f["threshold"], text=text, span=span)
    if kind in ("hand", "opp_hand") and f.get("threshold") is not None:
        sel = f.get("selector")
        player = Player.OPPONENT if kind == "opp_hand" else f.get("player") or (sel.owner if sel else None) \
            or Player.YOU
        return HandCount(player=player, threshold=f["threshold"], text=text, span=span)
    if kind in ("it_is", "it_is_not") and f.get("selector") is not None:
        return CardIs(selector=f["selector"], negated=kind == "it_is_not", text=text, span=span)
    if kind in ("do_so", "not_done"):
        return DoSo(negated=kind == "not_done", text=text, span=span)
    if kind == "possible":
        return Possible(text=text, span=span)
    if kind == "turn" and f.get("during") is not None:
        return DuringTurn(window=f["during"], text=text, span=span)
    if kind == "all" and f.get("parts"):
        return AllOf(parts=tuple(f["parts"]), text=text, span=span)
    return None


def _nums(c: list[Any]) -> list[int]:
    return [int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"]


def _op(c: list[Any], default: str = "==") -> str:
    return next((x for x in c if isinstance(x, str) and not isinstance(x, Token) and x in _OPS), default)


def _sel(c: list[Any]) -> Selector | None:
    return next((x for x in c if isinstance(x, Selector)), None)


def _player_kind(base: str, player: Player | None) -> str:
    return ("opp_" + base) if player is Player.OPPONENT else base


__all__ = ["HAPPENED", "CPred", "StatRef", "family_node"]
