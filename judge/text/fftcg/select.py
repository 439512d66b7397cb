"""FFTCG selectors: "Choose up to 2 Forwards of cost 3 or less opponent controls" → Selector.

A mixin of the FFTCG Transformer (it needs `_span` and `_tokname` from it). Words that only mark a
value (a card type, a status, an owner) map to (field, value) pairs through one table, so adding
one to the grammar means adding one line here; `sel_noun_phrase` folds the pairs into a Selector.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token, Tree

from judge.text.ast import Player, Selector, Threshold
from judge.text.fftcg.assemble import number_in

#: grammar alias → the (field, value) pairs it stands for (5.2.3 card types, 6.3 status, 6.2 owner)
WORDS: dict[str, tuple[tuple[str, Any], ...]] = {
    "n_forward": (("type", "forward"),), "n_backup": (("type", "backup"),),
    "n_monster": (("type", "monster"),), "n_character": (("type", "character"),),
    "n_summon": (("type", "summon"),), "n_card": (("type", "card"),), "n_party": (("type", "party"),),
    "p_any_controller": (("owner", Player.ANY),),
    "n_forward_monster": (("type", "forward"), ("type", "monster")),
    "n_forward_backup": (("type", "forward"), ("type", "backup")),
    "st_active": (("state", "active"),), "st_dull": (("state", "dull"),),
    "st_damaged": (("state", "damaged"),), "st_frozen": (("state", "frozen"),),
    "st_attacking": (("state", "attacking"),), "st_blocking": (("state", "blocking"),),
    "q_multi": (("color", "multi"),), "p_same_element": (("color", "same"),),
    "d_you": (("owner", Player.YOU),), "d_opp": (("owner", Player.OPPONENT),),
    "p_you": (("owner", Player.YOU),), "p_opp": (("owner", Player.OPPONENT),),
    "p_other": (("other", True),), "p_other_name": (("other", True),),
    "p_zone_break": (("zone", "break"),), "p_zone_hand": (("zone", "hand"),),
    "p_zone_opp_break": (("zone", "break"), ("owner", Player.OPPONENT)),
    "p_among": (("zone", "revealed"),), "p_zone_damage": (("zone", "damage"),), "p_everywhere": (("zone", "any"),),
    "p_zone_any_break": (("zone", "break"), ("owner", Player.ANY)), "p_any_element": (("color", "any"),),
    "p_in_party": (("state", "in_party"),),
}

#: grammar alias → (statistic, comparison) of a threshold written after the noun (4, 5.2.1, 5.2.6)
THRESHOLDS: dict[str, tuple[str, str]] = {
    "p_cost_le": ("cost", "<="), "p_cost_ge": ("cost", ">="), "p_cost_eq": ("cost", "=="),
    "p_power_le": ("power", "<="), "p_power_ge": ("power", ">="),
}

#: grammar alias → (up_to, comparison) of a count before the noun (11.6.5 choosing N, "up to N")
COUNTS: dict[str, tuple[bool, str]] = {
    "q_num": (False, "=="), "q_up_to": (True, "<="), "q_or_more": (False, ">="), "q_or_less": (False, "<="),
}


def _word(pairs: tuple[tuple[str, Any], ...]):
    return lambda self, meta, c: list(pairs)


def _threshold(stat: str, op: str):
    return lambda self, meta, c: ("th", Threshold(stat, op, number_in(c)))


def _count(up_to: bool, op: str):
    return lambda self, meta, c: ("count", number_in(c), up_to, op)


class SelectorRules:
    """Bottom-up tree transformer, with the methods for selectors; FFTCGTransformer extends it.

    Each rule (or alias) name is a method `(meta, children) -> value`, called after its children
    are transformed; `__default__(data, children, meta)` handles the rest. (Lark's own Transformer
    with `v_args(meta=True)` builds a wrapper per call, which costs a third of the parse time here.)
    """

    def transform(self, tree: Tree) -> Any:
        """The value of `tree`, built bottom-up (recursion depth = the tree's depth)."""
        children = [self.transform(c) if isinstance(c, Tree) else c for c in tree.children]
        method = getattr(self, tree.data, None)
        if method is None:
            return self.__default__(tree.data, children, tree.meta)
        return method(tree.meta, children)

    def __default__(self, data: str, children: list[Any], meta: Any) -> Any:
        return Tree(data, children, meta)

    for _alias, _pairs in WORDS.items():
        locals()[_alias] = _word(_pairs)
    for _alias, (_stat, _op) in THRESHOLDS.items():
        locals()[_alias] = _threshold(_stat, _op)
    for _alias, (_up, _op) in COUNTS.items():
        locals()[_alias] = _count(_up, _op)

    def ref_self(self, meta, c):
        return Selector(self_ref=True, span=self._span(meta))

    def ref_self_zone(self, meta, c):
        zone = "hand" if "hand" in self._slice(meta) else "break"
        return Selector(self_ref=True, zone=zone, span=self._span(meta))

    def ref_former(self, meta, c):
        return Selector(ref="former", span=self._span(meta))

    def ref_latter(self, meta, c):
        return Selector(ref="latter", span=self._span(meta))

    def ref_it(self, meta, c):
        return Selector(ref="it", span=self._span(meta))

    def ref_them(self, meta, c):
        return Selector(count=None, ref="them", span=self._span(meta))

    def subject(self, meta, c):
        parts = [x if isinstance(x, Selector) else Selector(self_ref=True, span=self._span(meta))
                 for x in c if isinstance(x, Selector) or getattr(x, "type", "") == "SELF"]
        if len(parts) == 1:
            return parts[0]
        joined = " ".join(self._slice(meta).split())
        field = "either" if " or " in joined and " and " not in joined else "also"
        return replace(parts[0], span=self._span(meta), **{field: tuple(parts[1:])})

    def q_all(self, meta, c):
        return ("count", None, False, "all")

    def q_one(self, meta, c):
        return ("count", 1, False, "==")

    def q_num_yours(self, meta, c):
        return [("count", number_in(c), False, "=="), ("owner", Player.YOU)]

    def p_with_keyword(self, meta, c):
        kws = [k.name for k in c if hasattr(k, "name")]
        words = " ".join(self._slice(meta).split()[1:])
        return ("with_keyword", " or ".join(kws) if kws else words.title().replace("Ex ", "EX "))

    def p_named(self, meta, c):
        s = self._slice(meta)
        key = "color" if "element" in s else "job" if "job" in s else "type"
        return (key, "named")

    def p_count_op(self, meta, c):
        return ("count_op", ">=" if "more" in self._slice(meta) else "<=")

    def p_not_element(self, meta, c):
        return [("color", "not_" + str(t)) for t in c]

    def q_up_to_other(self, meta, c):
        return [("count", number_in(c), True, "<="), ("other", True)]

    def p_cost_in(self, meta, c):
        return [("costs", tuple(int(n) for t in c for n in re.findall(r"\d+", str(t))))]

    def p_damaged_by(self, meta, c):
        return [("state", "damaged_by_it")]

    def p_put_break(self, meta, c):
        return [("zone", "put_into_break")]

    def n_auto_ability(self, meta, c):
        return [("type", "auto_ability")]

    def n_ability(self, meta, c):
        return [("type", "ability")]

    def p_choosing(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def p_triggered_from(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def p_zone_removed(self, meta, c):
        return [("zone", "removed")]

    def p_entered(self, meta, c):
        return [("state", "entered_this_turn")]

    def p_same_name(self, meta, c):
        return [("name", "same_as_it")]

    def p_same_cost(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=next(x for x in c if isinstance(x, Selector))))]

    def p_icon(self, meta, c):
        icon = str(c[-1]).strip("《》")
        name = "generic" if icon == "一般" else icon
        return [("with_keyword", name if self._slice(meta).startswith("with ") else f"not_{name}")]

    def p_not_type(self, meta, c):
        return [("type", "not_" + v) for x in c if isinstance(x, list) for k, v in x if k == "type"]

    def p_not_multi(self, meta, c):
        return [("color", "not_multi")]

    def p_acted_on(self, meta, c):
        verb = next(w for w in ("revealed", "discarded", "dulled") if w in self._slice(meta))
        return [("zone", verb)]

    def p_removed_by(self, meta, c):
        return [("zone", "removed")]

    def q_num_other(self, meta, c):
        return [("count", number_in(c), False, "=="), ("other", True)]

    def q_any_number(self, meta, c):
        return ("count", None, True, "any")

    def q_next(self, meta, c):
        return [("count", 1, False, "=="), ("owner", Player.YOU), ("state", "next")]

    def q_any(self, meta, c):
        return ("count", 1, False, "any")

    def q_element(self, meta, c):
        return ("color", str(c[0]))

    def q_job(self, meta, c):
        return ("job", self._tokname(c[0]))

    def q_category(self, meta, c):
        return ("category", self._tokname(c[0]))

    def q_name(self, meta, c):
        return ("name", self._tokname(c[0]))

    n_job, n_category, n_name = q_job, q_category, q_name

    def p_cost_x(self, meta, c):
        return ("th", Threshold("cost", "<=" if "less" in self._slice(meta) else "==", -1))

    def q_elements(self, meta, c):
        return [("color", str(t)) for t in c if getattr(t, "type", "") == "ELEMENT"]

    def sel_both(self, meta, c):
        parts = [x if isinstance(x, Selector) else Selector(self_ref=True, span=self._span(meta))
                 for x in c if isinstance(x, Selector) or getattr(x, "type", "") == "SELF"]
        return replace(parts[0], also=tuple(parts[1:]), span=self._span(meta))

    def nbar(self, meta, c):
        return _flat_pairs(c)

    def sel_noun_phrase(self, meta, c):
        fields: dict[str, Any] = {"count": 1, "up_to": False}
        lists: dict[str, list[Any]] = {"type": [], "color": [], "job": [], "category": [], "th": []}
        for item in _flat_pairs(c):
            if isinstance(item, Token):  # a list separator (REF_SEP)
                continue
            key = item[0]
            if key == "count":
                _, n, up, op = item
                fields["count"], fields["up_to"] = n, up
                if op in (">=", "<=") and not up:
                    lists["th"].append(Threshold("count", op, n))
            elif key == "count_op":
                lists["th"].append(Threshold("count", item[1], fields["count"] or 0))
            elif key in lists:
                lists[key].append(item[1])
            else:
                fields[key] = item[1]
        return Selector(card_types=tuple(lists["type"]), colors=tuple(lists["color"]),
                        families=tuple(lists["job"]), categories=tuple(lists["category"]),
                        thresholds=tuple(lists["th"]), span=self._span(meta), **fields)


def _flat_pairs(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in items:
        out.extend(item if isinstance(item, list) else [item])
    return out


__all__ = ["COUNTS", "THRESHOLDS", "WORDS", "SelectorRules"]
