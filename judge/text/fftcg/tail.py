"""FFTCG Transformer rules for the less common constructs (a mixin of `EffectRules`).

Each method is a grammar rule or alias of grammar/fftcg.lark (comments there name the clause):
damage equal to power dealt between two Forwards (6.5), the Light/Dark limit lifted (7.7.5),
counts "for each …" of cards cast, Elements, Crystals and CP (4, 6.8, 11.2), power locks and
comparisons (5.2.6), empty hands (7.11), optional extra costs (11.2) and CP payment limits.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from judge.text.ast import (
    Choose,
    Condition,
    Cost,
    Damage,
    Discard,
    Duration,
    Optional,
    Player,
    Restriction,
    Selector,
    Threshold,
)
from judge.text.fftcg.assemble import first_of, flatten, number_in
from judge.text.fftcg.replace import ReplaceRules


class TailRules(ReplaceRules):
    """Rules for constructs seen on few cards; `self._cond` and friends come from the subclass."""

    _cond: Any

    def st_deal_equal(self, meta, c):
        """"X deals damage equal to its power to Y" (6.5): X is the source, its power the amount;
        "their respective power to the other": each of X deals its own power to the other one."""
        subject, target = c[0], c[-1]
        return Damage(amount=0, target=target, source=subject, amount_from="power_of_source",
                      span=self._span(meta))

    def other_one(self, meta, c):
        return Selector(ref="other", span=self._span(meta))

    def st_light_dark_limit(self, meta, c):
        """"You can play 2 or more Light Characters onto the field" lifts 7.7.5 for that Element."""
        elem = next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        kind = next((v for x in c if isinstance(x, list) for k, v in x if k == "type"), "character")
        target = Selector(count=number_in(c), colors=(elem,), card_types=(kind,))
        return Restriction(mode="can", action="exceed_light_dark_limit", target=target,
                           player=Player.YOU, duration=Duration.PERMANENT, span=self._span(meta))

    def cond_opp_hand_empty(self, meta, c):
        return Condition(kind="hand", text=self._printed(meta), threshold=Threshold("hand", "<=", 0),
                         selector=Selector(count=None, zone="hand", owner=Player.OPPONENT), span=self._span(meta))

    def cond_hand_empty(self, meta, c):
        return Condition(kind="hand", text=self._printed(meta), threshold=Threshold("hand", "<=", 0),
                         selector=Selector(count=None, zone="hand", owner=Player.YOU), span=self._span(meta))

    def per_opp_zone_card(self, meta, c):
        zone = "hand" if self._has(meta, "hand") else "break"
        return ("per", Selector(count=None, zone=zone, owner=Player.OPPONENT, card_types=("card",)))

    def st_power_locked(self, meta, c):
        """"The power of X cannot be increased": power changes in that direction are prohibited."""
        way = "increased" if self._has(meta, "increased") else "decreased"
        return Restriction(mode="cannot", action=f"power_{way}", target=first_of(c, Selector),
                           duration=first_of(c, Duration) or Duration.PERMANENT, span=self._span(meta))

    def cond_power_vs_self(self, meta, c):
        op = ("<" if self._has(meta, "less") else ">") + ("=" if self._has(meta, "equal") else "")
        th = Threshold("power", op, 0, ref=Selector(self_ref=True))
        return Condition(kind="power", text=self._printed(meta), selector=Selector(ref="it"), threshold=th,
                         span=self._span(meta))

    def ability_used(self, meta, c):
        return None

    def per_cp(self, meta, c):
        return ("per", replace(first_of(c, Selector), zone="cp_required"))

    def may_extra_cost(self, meta, c):
        """"You may remove … as an extra cost": an optional payment made on casting (11.2); what it
        buys is said by a later "If you paid the extra cost, …"."""
        paid = tuple(flatten(c))
        return [Optional(effects=(), cost=Cost(effects=paid, span=self._span(meta)), span=self._span(meta))]

    def per_cast(self, meta, c):
        zone = "drawn_this_turn" if self._has(meta, "drawn") else "cast_this_turn"
        return ("per", Selector(count=None, zone=zone, owner=Player.YOU, card_types=("card",)))

    def per_element(self, meta, c):
        return ("per", replace(first_of(c, Selector), zone="elements_among"))

    def per_crystal(self, meta, c):
        return ("per", Selector(count=None, zone="crystals", owner=Player.YOU))

    def cond_break_count_of(self, meta, c):
        """"there are 15 or more Wind cards in your Break Zone": a count of the cards that match."""
        cond = self._cond("break_count", meta, c, "break_zone")
        pairs = [p for x in c for p in (x if isinstance(x, list) else [x])
                 if isinstance(p, tuple) and len(p) == 2]
        sel = Selector(count=None, zone="break", owner=Player.YOU, card_types=("card",),
                       colors=tuple(v for k, v in pairs if k == "color"),
                       families=tuple(v for k, v in pairs if k == "job"),
                       categories=tuple(v for k, v in pairs if k == "category"))
        return replace(cond, selector=sel)

    def st_cannot_play_by_effect(self, meta, c):
        return Restriction(mode="cannot", action="play_by_effects", target=first_of(c, Selector), player=Player.YOU,
                           duration=Duration.PERMANENT, span=self._span(meta))

    def st_pay_only_elements(self, meta, c):
        elems = "_".join(str(t) for t in c if getattr(t, "type", "") == "ELEMENT")
        return Restriction(mode="must", action=f"pay_with_{elems}_cp", target=first_of(c, Selector),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def pay_purpose(self, meta, c):
        return first_of(c, Selector) or Selector(self_ref=True, span=self._span(meta))

    def cond_paid_by(self, meta, c):
        """"If the CP paid to cast X was only produced by Backups" (11.2.1): the payers, as a selector."""
        payers = [x for x in c if isinstance(x, Selector)][-1]
        return Condition(kind="paid_by", text=self._printed(meta), selector=payers, span=self._span(meta))

    def cond_different_elements(self, meta, c):
        return Condition(kind="different_elements", text=self._printed(meta), selector=first_of(c, Selector),
                         span=self._span(meta))

    def cond_of_element(self, meta, c):
        elem = next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        sel = first_of(c, Selector)
        return Condition(kind="all_of_element", text=self._printed(meta),
                         selector=replace(sel, colors=(*sel.colors, elem)) if sel else None, span=self._span(meta))

    def cond_same_kind(self, meta, c):
        kind = "same_element" if self._has(meta, "element") else "same_card_type"
        return Condition(kind=kind, text=self._printed(meta), selector=Selector(ref="them", count=2),
                         span=self._span(meta))

    def choose_as_many(self, meta, c):
        """"choose up to the same number of X as Y": up to as many X as there are Y (11.6.5)."""
        what, per = [x for x in c if isinstance(x, Selector)][:2]
        target = replace(what, count=None, up_to=True, choose="choose",
                         thresholds=(*what.thresholds, Threshold("count", "<=", 0, ref=per)))
        return Choose(target=target, span=self._span(meta))

    def controller_discards(self, meta, c):
        return Discard(count=number_in(c), player=Player.ANY, controller_of=Selector(ref="it"),
                       span=self._span(meta))

    def deal_same(self, meta, c):
        return Damage(amount=0, target=first_of(c, Selector), amount_from="same_amount", span=self._span(meta))

    def as_many_as_possible(self, meta, c):
        return "as_many_as_possible"

    def deal_power_of(self, meta, c):
        target, source = [x for x in c if isinstance(x, Selector)][:2]
        return Damage(amount=0, target=target, source=source, amount_from="power_of_source", span=self._span(meta))

    def may_opponent(self, meta, c):
        return [Optional(effects=tuple(flatten(c)), player=Player.OPPONENT, span=self._span(meta))]


__all__ = ["TailRules"]
