"""FFTCG Transformer rules for casting permissions, re-targeting and search variants (a mixin).

Each method is a grammar rule or alias of grammar/fftcg.lark (comments there name the clause):
"you can cast it as though you owned it / at any time you could normally cast it" (11.3, 11.4, 6.2),
"the Summon or ability is now choosing X instead" (11.6.5), copies of a card (5.2.2.1), owners as
opposed to controllers (6.2), and selections whose cards must all differ ("each of a different
Element", "with different names": 15.1.1.8).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from judge.text.ast import (
    AlternativeCost,
    Cancel,
    ChangeTarget,
    Condition,
    Cost,
    CostChange,
    Damage,
    Declare,
    Deploy,
    Discard,
    Duration,
    Move,
    Player,
    Restriction,
    Reveal,
    Search,
    Selector,
    Threshold,
)
from judge.text.fftcg.assemble import number_in, zoned
from judge.text.fftcg.select import SelectorRules

#: printed words of "each of a different …" → the card data compared (5.2)
_DISTINCT = (("card type", "card_type"), ("element", "element"), ("cost", "cost"), ("name", "name"),
             ("share", "element"))


class PermissionRules(SelectorRules):
    """Rules for casting permissions and choice changes; helpers come from the subclass."""

    _span: Any
    _has: Any
    _slice: Any
    _during: Any
    _printed: Any

    def discard_distinct(self, meta, c):
        """"discard 3 cards, each of a different card type" (15.1.1.4): which cards is the player's choice."""
        n = number_in(c)
        kinds = tuple(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return Discard(count=n, target=Selector(count=n, card_types=("card",), zone="hand", distinct=kinds),
                       span=self._span(meta))

    def cast_paid(self, meta, c):
        """"Cast a Summon from your hand" (15.1.1.7): cast now, paying its cost."""
        return Deploy(verb="cast", target=zoned(c), span=self._span(meta))

    def deal_points(self, meta, c):
        """"deal 1 point of damage to your opponent" (7.8.2): damage to a player, counted in points."""
        player = Player.OPPONENT if self._has(meta, "opponent") else Player.YOU
        return Damage(amount=number_in(c), player=player, span=self._span(meta))

    def player_reveal_top(self, meta, c):
        """"Your opponent reveals the top card of their deck" (7.9)."""
        n = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), 1)
        zone = "opponent_deck" if c[0] is Player.OPPONENT else "deck"
        return Reveal(count=n, zone=zone, span=self._span(meta))

    def reveal_from_hand(self, meta, c):
        """"Your opponent randomly reveals 2 cards from their hand" (7.11): who picks is in `zone`."""
        player = next((x for x in c if isinstance(x, Player)), Player.YOU)
        zone = ("opponent_hand" if player is Player.OPPONENT else "hand") + ("_random" if self._has(meta, "randomly") else "")
        return Reveal(count=number_in(c), zone=zone, span=self._span(meta))

    def player_puts_break(self, meta, c):
        """"Your opponent puts 1 attacking Forward they control into the Break Zone" (7.10)."""
        sel = next(x for x in c if isinstance(x, Selector))
        return Move(target=replace(sel, owner=sel.owner or c[0], choose="select"), dest="break", span=self._span(meta))

    def player_removes(self, meta, c):
        sel = next(x for x in c if isinstance(x, Selector))
        return Move(target=sel, dest="removed", span=self._span(meta))

    def after_use(self, meta, c):
        """"remove that Summon from the game after use instead of putting it in the Break Zone": where
        the Summon goes once it has resolved (11.11.10), replaced (11.12.5.1)."""
        dest = "removed" if self._has(meta, "game") else "hand"
        return Move(target=next(x for x in c if isinstance(x, Selector)), dest=dest, after_use=True,
                    span=self._span(meta))

    def search_to(self, meta, c):
        dest = "removed" if self._has(meta, "game") else "deck_under_top"
        return Search(target=next(x for x in c if isinstance(x, Selector)), dest=dest, span=self._span(meta))

    def ref_other(self, meta, c):
        kind = self._slice(meta).split()[-1]
        return Selector(ref="other", card_types=(kind,), span=self._span(meta))

    def st_cannot_search(self, meta, c):
        return Restriction(mode="cannot", action="search", player=c[0], duration=Duration.PERMANENT,
                           span=self._span(meta))

    def p_they_control(self, meta, c):
        """"… he/she controls": the controller is the player the sentence names (read by its directive)."""
        return []

    def use_again(self, meta, c):
        """"use this special ability again without paying the cost" (11.7): once more, for free."""
        kind = "special_ability" if "special" in self._slice(meta) else "action_ability"
        return Deploy(verb="use", target=Selector(self_ref=True, card_types=(kind,)), free=True, span=self._span(meta))

    def declare_number(self, meta, c):
        return Declare(things=("number",), span=self._span(meta))

    def p_that_cost(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=Selector(ref="declared_number")))]

    def st_alt_special_cost(self, meta, c):
        """"You may use X's special ability by discarding a Summon instead of discarding a Card Name X as
        part of the cost" (11.7.1): another card may be discarded for 《S》."""
        instead, _ = [x for x in c if isinstance(x, Selector)][:2]
        paid = Discard(count=instead.count or 1, target=replace(instead, zone="hand"), span=self._span(meta))
        return AlternativeCost(target=Selector(self_ref=True, card_types=("special_ability",)),
                               cost=Cost(special=True, effects=(paid,)), span=self._span(meta))

    def st_any_cp_priming(self, meta, c):
        """"The Priming cost of the Characters you control can be paid with CP of any Element" (15.2.9.2)."""
        return Restriction(mode="can", action="pay_priming_with_any_element", target=next(x for x in c if isinstance(x, Selector)),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def st_cost_change_any_cp(self, meta, c):
        """"… is reduced by 1 and can be paid with CP of any Element" (11.4.4, 11.4.6): two changes at once."""
        target = next(x for x in c if isinstance(x, Selector))
        return [CostChange(target=target, amount=-number_in(c), span=self._span(meta)),
                Restriction(mode="can", action="pay_with_any_element", target=target, duration=Duration.PERMANENT,
                            span=self._span(meta))]

    def st_pay_x_only(self, meta, c):
        """"You can only use Ice CP to pay 《X》" (11.2, 11.8.11): the Element X must be paid with."""
        elem = next(str(t) for t in c if getattr(t, "type", "") == "ELEMENT")
        return Restriction(mode="must", action=f"pay_x_with_{elem}_cp", target=Selector(self_ref=True),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def cancel_choosing(self, meta, c):
        """"cancel all effects choosing {Name}" (11.11.2): every Summon or ability choosing it."""
        chosen = next(x for x in c if isinstance(x, Selector))
        return Cancel(target=Selector(count=None, card_types=("summon", "ability"), about=chosen), span=self._span(meta))

    def n_kind_ability(self, meta, c):
        kind = "special_ability" if "special" in self._slice(meta) else "action_ability"
        return [("type", kind)]

    def cond_not_cast(self, meta, c):
        """"If you do not cast it, …" (11.3): the card was left uncast."""
        return Condition(kind="not_cast", text=self._printed(meta), selector=next(x for x in c if isinstance(x, Selector)),
                         span=self._span(meta))

    def search_cast(self, meta, c):
        """"search for 1 Summon … and cast it without paying the cost" (15.1.1.8, 15.1.1.7)."""
        return Search(target=next(x for x in c if isinstance(x, Selector)), dest="cast", span=self._span(meta))

    def cast_limit(self, meta, c):
        return "once_per_turn" if self._has(meta, "once") else "this_game"

    def cast_leave(self, meta, c):
        if self._has(meta, "owned"):
            return "as_owner"
        return "any_time" if self._has(meta, "normally") else "this_turn"

    def st_cast_permission(self, meta, c):
        """"You can cast it as though you owned it at any time you could normally cast it this turn":
        a permission to cast (11.3, 11.4) a card you do not own (6.2) or outside its usual timing."""
        words = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        action = "_".join(["cast", *(w for w in ("as_owner", "any_time") if w in words)])
        if "once_per_turn" in words:
            action += "_once_per_turn"
        duration = Duration.TURN if "this_turn" in words else Duration.PERMANENT
        return Restriction(mode="can", action=action, target=next(x for x in c if isinstance(x, Selector)),
                           player=Player.YOU, duration=duration, span=self._span(meta))

    def st_change_target(self, meta, c):
        """"The Summon or ability is now choosing X instead, if possible" (11.6.5)."""
        kinds = tuple(k for k in ("summon", "ability") if self._has(meta, k))
        return ChangeTarget(target=Selector(ref="it", card_types=kinds), to=next(x for x in c if isinstance(x, Selector)),
                            if_possible=self._has(meta, "possible"), span=self._span(meta))

    def ref_copies(self, meta, c):
        """"any copies of it" (5.2.2.1): every card with the same name as the one referred to."""
        inner = next(x for x in c if isinstance(x, Selector))
        return Selector(count=None, about=inner, ref="copies", span=self._span(meta))

    def until_next_turn(self, meta, c):
        return self._during(meta, c, Duration.NEXT_TURN_END)

    def st_attacking_or_blocking(self, meta, c):
        return [("state", "attacking_or_blocking")]

    def p_owned_by(self, meta, c):
        return [("owned_by", Player.OPPONENT if self._has(meta, "opponent") else Player.YOU)]

    def distinct_kind(self, meta, c):
        s = " ".join(self._slice(meta).split())
        return next(v for k, v in _DISTINCT if k in s)

    def p_distinct(self, meta, c):
        """"each of a different Element (and cost)", "with different names", "that don't share Elements"."""
        kinds = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        if not kinds:
            s = " ".join(self._slice(meta).split())
            kinds = [next(v for k, v in _DISTINCT if k in s)]
        return [("distinct", tuple(kinds))]


__all__ = ["PermissionRules"]
