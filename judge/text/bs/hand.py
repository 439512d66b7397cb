"""Battle Spirits transformer, hand half: drawing and discarding cards (BSS 4-5, 10-2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, v_args

from judge.text.ast import (
    Discard,
    Draw,
    Player,
    Selector,
)
from judge.text.bs.nodes import _Ref


class HandMixin:
    """Draw and discard rules of grammar/bs.lark → Draw / Discard nodes."""

    @v_args(meta=True)
    def draw_until_same(self, meta: Any, c: list) -> Draw:
        # draw until your hand has as many cards as the opponent's: count 0, per their hand size
        return Draw(count=0, until=True, per=Selector(count=None, owner=Player.OPPONENT, zone="hand"),
                    span=self._span(meta))

    @v_args(meta=True)
    def draw_until(self, meta: Any, c: list) -> Draw:
        n = next(x for x in c if isinstance(x, int))
        return Draw(count=n, until=True, span=self._span(meta))

    @v_args(meta=True)
    def discard_target(self, meta: Any, c: list) -> Discard:
        target = c[0]
        n = target.count if isinstance(target, Selector) and target.count else 1
        if target.count is None and target.up_to:      # "discard any number of them"
            n = 0
        return Discard(count=n, target=target, span=self._span(meta))

    @v_args(meta=True)
    def discard_any(self, meta: Any, c: list) -> Discard:
        target = _Ref() if isinstance(c[-1], Token) and c[-1].type == "PRONOUN" else Selector(count=None, zone="hand")
        return Discard(count=0, target=replace(target, up_to=True), span=self._span(meta))

    @v_args(meta=True)
    def discard_hand(self, meta: Any, c: list) -> Discard:
        return Discard(count=0, target=Selector(count=None, zone="hand"), span=self._span(meta))

    @v_args(meta=True)
    def discard_both(self, meta: Any, c: list) -> Discard:
        return Discard(count=c[1], player=Player.EACH, span=self._span(meta))

    @v_args(meta=True)
    def discard_opp(self, meta: Any, c: list) -> Discard:
        n = next(x for x in c if isinstance(x, int))
        return Discard(count=n, player=Player.OPPONENT, span=self._span(meta))
