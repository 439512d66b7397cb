"""What the FFTCG verb rules pass between them (`Act`, `Instead`, `ControllerOf`), the actions a
restriction names (`BARRED`), and the small readers of a rule's children they share. Part of
`judge.text.fftcg.verbs`, which re-exports them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lark import Token

from judge.text.ast import (
    Cost,
    Duration,
    Effect,
    Player,
    Selector,
    replace,
)
from judge.text.fftcg.select import pairs_of


@dataclass(frozen=True)
class AsMany:
    """"as many X as Y" (4): what is counted (X) and the cards whose number it is (Y), for the verb to use."""

    counts: tuple[Selector, Selector]


#: a participle's stem → the action a restriction names ("cannot be broken" → be_broken)
BARRED: dict[str, str] = {
    "broken": "be_broken", "chosen": "be_chosen", "blocked": "be_blocked",
    "field_to_break": "be_put_into_the_break_zone", "to_break": "be_put_into_the_break_zone",
    "returned": "be_returned_to_owners_hand", "removed": "be_removed_from_the_game",
    "reduced": "be_reduced", "dulled": "become_dull", "activated": "be_activated",
    "revealed": "be_revealed", "selected": "be_selected", "dealt_damage": "be_dealt_damage", "played": "be_played",
    "frozen": "be_frozen",
}
_REST = Selector(count=None, ref="rest", zone="revealed")


@dataclass(frozen=True)
class Act:
    """A verb phrase before its subject is known (see the module docstring)."""

    make: Callable[[Any], list[Effect]]
    action: str | None = None            # the act a modal restricts ("attack", "be_chosen", "cast")
    by: Selector | None = None           # "cannot be chosen by X": whose act is barred
    target: Selector | None = None       # "you cannot cast X": what the player may not act on
    duration: Duration | None = None
    cost: Cost | None = None             # "cannot attack unless you pay 《1》" (10.1.2.3)
    mode: str | None = None              # a fixed mode ("unless_paid", "can")
    window: bool = False                 # "you can only cast X during your turn": the cast's window
    extra: tuple[Effect, ...] = ()       # "cannot attack or block": the second restriction
    object: Selector | None = None       # "cannot block X": what the act is aimed at (10.1.3)


class Instead:
    """Marks a clause printed with "instead" (11.12.5): the condition around it replaces an effect."""


def _sel(c: list[Any]) -> Selector | None:
    return next((x for x in c if isinstance(x, Selector)), None)


def _sels(c: list[Any]) -> list[Selector]:
    return [x for x in c if isinstance(x, Selector)]


def _num(c: list[Any]) -> int:
    return int(next(str(t) for t in c if isinstance(t, Token) and t.type in ("NUMBER", "PLUS_N")).lstrip("+"))


def _per(c: list[Any]) -> Selector | None:
    return next((p[1] for p in pairs_of(c) if p[0] == "per"), None)


#: whose field a card enters, as field_word says it (6.2.4)
FIELD_OWNER = {"your_field": Player.YOU, "opponent_field": Player.OPPONENT}


def _dur(c: list[Any]) -> Duration | None:
    return next((x for x in c if isinstance(x, Duration)), None)


def _target(subject: Any) -> Selector:
    return subject if isinstance(subject, Selector) else Selector(ref="it")


def _player(subject: Any) -> Player:
    if isinstance(subject, ControllerOf):
        return Player.ANY
    return subject if isinstance(subject, Player) else Player.YOU


@dataclass(frozen=True)
class ControllerOf:
    """"That Forward's controller" (6.2): the player who controls a card named before."""

    of: Selector


def _zoned(sel: Selector, c: list[Any]) -> Selector:
    zone = dict(p for p in pairs_of(c) if p[0] in ("zone",)).get("zone")
    return replace(sel, zone=zone) if zone and not sel.zone else sel


__all__ = ["BARRED", "FIELD_OWNER", "Act", "AsMany", "ControllerOf", "Instead"]
