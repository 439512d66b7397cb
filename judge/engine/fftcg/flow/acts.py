"""Player actions as values (the scenario's verbs, docs/scenarios.md): what a player does, with the choices given
beside it. Carrying one out is `flow.actions.apply`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.fftcg.zones.cost import Payment

NO_PAYMENT = Payment()


@dataclass(frozen=True, kw_only=True)
class Act:
    """An action by a player; `answers` are decisions that come up while it is carried out (a replacement
    the player may apply while a cost is paid, 11.12.5.1), supplied in advance since an action is not
    paused midway."""

    player: str
    answers: tuple[Any, ...] = ()
    order: tuple[str, ...] = ()     # effect references: the order of this player's simultaneous auto-abilities


@dataclass(frozen=True, kw_only=True)
class Cast(Act):
    card: str
    pay: Payment = NO_PAYMENT
    targets: tuple[str, ...] = ()
    from_zone: str = "hand"
    mode: tuple[str, ...] = ()
    x: int | None = None            # the value set for a cost printed as X (4.5, 11.3.5)


@dataclass(frozen=True, kw_only=True)
class Attack(Act):
    attackers: tuple[str, ...]
    pay: Payment | None = None      # the cost to attack, when an effect requires one (10.1.2.3)


@dataclass(frozen=True, kw_only=True)
class Block(Act):
    blocker: str | None
    pay: Payment | None = None      # the cost to block, when an effect requires one (10.1.3.1.3)


@dataclass(frozen=True, kw_only=True)
class Use(Act):
    source: str
    ability: int = 0
    pay: Payment = NO_PAYMENT
    targets: tuple[str, ...] = ()
    mode: tuple[str, ...] = ()
    x: int | None = None            # the value chosen for 《X》 in the cost (4.5)


@dataclass(frozen=True, kw_only=True)
class Pass(Act):
    pass


@dataclass(frozen=True, kw_only=True)
class Choose(Act):
    values: tuple[Any, ...]
    pay: Payment | None = None      # with `choose: yes`: the CP sources for a payment asked on resolution
    x: int | None = None            # with it: the value chosen for 《X》 (4.5)


@dataclass(frozen=True, kw_only=True)
class EndPhase(Act):
    turn: bool = False


@dataclass(frozen=True, kw_only=True)
class Warp(Act):
    card: str
    pay: Payment = NO_PAYMENT


@dataclass(frozen=True, kw_only=True)
class Prime(Act):
    character: str
    pay: Payment = NO_PAYMENT


@dataclass(frozen=True, kw_only=True)
class Concede(Act):
    pass


__all__ = ["NO_PAYMENT", "Act", "Attack", "Block", "Cast", "Choose", "Concede", "EndPhase", "Pass", "Prime", "Use",
           "Warp"]
