"""Binding an action to the board: the card refs a scenario writes (an id, or a card number meaning the first such
card there) to the cards they mean now, the answers given with it queued for the decisions it raises, and the
decision the board is waiting for. The rules facade and the menus of legal actions share them."""

from __future__ import annotations

from judge.engine.core import ChoiceNeeded
from judge.engine.fftcg.flow import actions as A
from judge.engine.fftcg.state import State, where
from judge.engine.fftcg.zones.cost import Payment
from judge.engine.kernel.values import evolve as replace


def _request(s: State) -> ChoiceNeeded | None:
    return s.awaiting


def _ref(s: State, ref: str, player: str, zones: tuple[str, ...]) -> str:
    """A card ref as written (an id, or a card key meaning the first such card there) → its id."""
    if ref in s.objs and where(s, ref)[0] in zones:
        return ref
    z = s.zones[player]
    pool = [*z.hand, *(u for u, _ in z.lb_deck)] if "lb_deck" in zones else list(z.hand)
    for uid in pool:
        if s.objs[uid].defn == ref:
            return uid
    return ref


def _on_field(s: State, ref: str, player: str | None = None) -> str:
    """A field ref as written (an id, or a card key meaning such a Character, the player's first) → its id."""
    if s.char(ref) is not None:
        return ref
    mine = [c.uid for c in s.field if s.objs[c.uid].defn == ref and (player is None or c.controller == player)]
    ready = [u for u in mine if not s.char(u).dull and not s.char(u).attacked]
    return (ready or mine or [ref])[0]


def _target(s: State, ref: str) -> str:
    """A target ref: a card id anywhere stays itself; a card key means such a Character on the field."""
    return ref if ref in s.objs else _on_field(s, ref)


def _bind(s: State, a: A.Act) -> A.Act:
    """Bind card refs of an action to the cards they mean now."""
    def pay(p: Payment) -> Payment:
        return replace(p, discard=tuple((_ref(s, u, a.player, ("hand",)), e) for u, e in p.discard),
                       special=_ref(s, p.special, a.player, ("hand",)) if p.special else None)
    if isinstance(a, A.Cast):
        return replace(a, card=_ref(s, a.card, a.player, ("hand", "lb_deck")), pay=pay(a.pay),
                       targets=tuple(_target(s, t) for t in a.targets))
    if isinstance(a, A.Warp):
        return replace(a, card=_ref(s, a.card, a.player, ("hand",)), pay=pay(a.pay))
    if isinstance(a, A.Use):
        return replace(a, source=_on_field(s, a.source, a.player), pay=pay(a.pay),
                       targets=tuple(_target(s, t) for t in a.targets))
    if isinstance(a, A.Prime):
        return replace(a, character=_on_field(s, a.character, a.player), pay=pay(a.pay))
    if isinstance(a, A.Attack):
        return replace(a, attackers=tuple(_on_field(s, u, a.player) for u in a.attackers))
    if isinstance(a, A.Block) and a.blocker:
        return replace(a, blocker=_on_field(s, a.blocker, a.player))
    return a


def _preload(s: State, action: A.Act) -> State:
    """The state with the action's `answers:` queued for the decisions taken while it is carried out."""
    answers = getattr(action, "answers", ())
    s = replace(s, answers=(*s.answers, *answers)) if answers else s
    if action.order:                    # `order:` waits for this player's next simultaneous auto-abilities
        s = replace(s, order_plan=(action.player, action.order))
    return s
