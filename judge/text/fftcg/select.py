"""FFTCG noun phrases → Selector: "up to 2 dull Fire Forwards of cost 3 or less opponent controls".

A mixin of the FFTCG Transformer. Every word of a noun phrase maps to (field, value) pairs: a count
(`quant`), an owner (`det`), qualifiers (`adj`), a card type or a name (`noun`), post-modifiers
(`post`). One table per kind of word, so a new word is one line here; `part` folds the pairs of one
noun phrase into a Selector and `np_list` joins several ("a Job X or a Card Name X Forward").

How parts join (6.6, 11.6.5): parts without their own count share the first part's count and the
last part's post-modifiers ("Forwards and Monsters opponent controls"); when they differ in one
list field only (card types, Elements, Jobs, …) they are one selector with that field's values
(any one of them matches); otherwise the later parts are alternatives (`either`). A part with its
own count joined by "and" is a second selection made together (`also`), and so is a part after "a X
and": "you control a Card Name X and Card Name Y" needs both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token

from judge.text.ast import Player, Selector, Threshold, replace

#: the list fields of a Selector whose values are alternatives (any one matches, 6.6 / 5.2)
LIST_FIELDS = ("card_types", "colors", "families", "categories")
#: pair key → Selector field for the list fields
_LIST_KEYS = {"type": "card_types", "color": "colors", "job": "families", "category": "categories"}

#: one-word qualifiers and nouns: alias → pairs (5.2.3 card types, 6.3 status, 5.2.1.1 Elements)
WORDS: dict[str, tuple[tuple[str, Any], ...]] = {
    "n_forward": (("type", "forward"),), "n_backup": (("type", "backup"),),
    "n_monster": (("type", "monster"),), "n_character": (("type", "character"),),
    "n_summon": (("type", "summon"),), "n_card": (("type", "card"),), "n_party": (("type", "party"),),
    "n_cards": (("type", "card"), ("plural", True)), "n_forwards": (("type", "forward"), ("plural", True)),
    "n_backups": (("type", "backup"), ("plural", True)), "n_monsters": (("type", "monster"), ("plural", True)),
    "n_characters": (("type", "character"), ("plural", True)), "n_summons": (("type", "summon"), ("plural", True)),
    "n_parties": (("type", "party"), ("plural", True)), "n_abilities": (("type", "ability"), ("plural", True)),
    "n_auto_ability": (("type", "auto_ability"),), "n_ability": (("type", "ability"),),
    "n_element": (("type", "element"),),
    "s_active": (("state", "active"),), "s_dull": (("state", "dull"),), "s_damaged": (("state", "damaged"),),
    "s_frozen": (("state", "frozen"),), "s_attacking": (("state", "attacking"),),
    "s_blocking": (("state", "blocking"),),
    "a_attacking_or_blocking": (("state", "attacking_or_blocking"),), "a_multi": (("color", "multi"),),
    "a_highest_cost": (("state", "highest_cost"),), "a_face_down": (("state", "face_down"),),
    "a_face_up": (("state", "face_up"),),
    "d_you": (("owner", Player.YOU),), "d_opp": (("owner", Player.OPPONENT),), "d_any": (("owner", Player.ANY),),
    "cp_you": (("owner", Player.YOU),), "cp_opp": (("owner", Player.OPPONENT),), "cp_any": (("owner", Player.ANY),),
    "cp_own": (("owned_by", Player.YOU),),             # "cards you own" (6.2): the owner, wherever they are
    "cp_that": (),                                     # "… they control": the player the sentence names
    "p_not_multi": (("color", "not_multi"),), "p_any_element": (("color", "any"),),
    "p_same_name": (("name", "same_as_it"),), "p_among": (("zone", "revealed"),),
    "p_any_break": (("zone", "break"), ("owner", Player.ANY)), "p_everywhere": (("zone", "any"),),
    "p_entered": (("state", "entered_this_turn"),), "p_damaged_by": (("state", "damaged_by_it"),),
    "p_no_shared_element": (("distinct", ("element",)),),
    "z_your_break": (("zone", "break"), ("owner", Player.YOU)), "z_opp_break": (("zone", "break"), ("owner", Player.OPPONENT)),
    "z_break": (("zone", "break"),), "z_any_break": (("zone", "break"), ("owner", Player.ANY)),
    "z_your_hand": (("zone", "hand"), ("owner", Player.YOU)), "z_opp_hand": (("zone", "hand"), ("owner", Player.OPPONENT)),
    "z_damage": (("zone", "damage"),), "z_their_hands": (("zone", "hand"),), "z_lb_deck": (("zone", "lb_deck"),), "z_any": (("zone", "any"),),
    "z_deck": (("zone", "deck"),),
}

#: counts before the noun: alias → (count, up_to, comparison) — None count is "all" (11.6.5)
COUNTS: dict[str, tuple[bool, str]] = {
    "q_num": (False, "=="), "q_up_to": (True, "<="), "q_or_more": (False, ">="), "q_or_less": (False, "<="),
}


@dataclass
class Posts:
    """The post-modifiers of one part ("of cost 3 or less opponent controls")."""

    pairs: list[tuple[Any, ...]]


@dataclass
class Part:
    """One noun phrase part while it is folded: its pairs and which kinds of word it had."""

    pairs: list[tuple[Any, ...]] = field(default_factory=list)
    post_pairs: list[tuple[Any, ...]] = field(default_factory=list)   # the post-modifiers' pairs alone
    counted: bool = False          # it had its own count ("1 Forward")
    owned: bool = False            # its own determiner ("your")
    posted: bool = False           # its own post-modifiers
    selector: Selector | None = None   # a part that is already a selector ("{Name}", "it")


def _word(pairs: tuple[tuple[str, Any], ...]):
    return lambda self, meta, c: list(pairs)


def _count(up_to: bool, op: str):
    return lambda self, meta, c: [("count", _num(c), up_to, op)]


def _num(children: list[Any]) -> int:
    return int(next(str(t) for t in children if isinstance(t, Token) and t.type == "NUMBER"))


def pairs_of(items: list[Any]) -> list[Any]:
    """Pairs from children: lists flattened, tuples kept, everything else dropped."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, list):
            out.extend(pairs_of(item))
        elif isinstance(item, tuple):
            out.append(item)
    return out


def fold(pairs: list[tuple[Any, ...]], span: Any = None, base: Selector | None = None) -> Selector:
    """The Selector a list of pairs describes (on top of `base` when the part is already one)."""
    fields: dict[str, Any] = {} if base is not None else {"count": 1, "up_to": False}
    lists: dict[str, list[Any]] = {k: list(getattr(base, k)) if base is not None else [] for k in LIST_FIELDS}
    thresholds = list(base.thresholds) if base is not None else []
    if base is None and any(p == ("plural", True) for p in pairs) and not any(p[0] == "count" for p in pairs):
        fields["count"] = None            # "Forwards you control gain …": a plural without a count is all of them
    for item in pairs:
        key = item[0]
        if key == "count":
            _, n, up, op = item
            fields["count"], fields["up_to"] = n, up
            if op in (">=", "<=") and not up and n is not None:
                thresholds.append(Threshold("count", op, n))
        elif key == "count_op":
            thresholds.append(Threshold("count", item[1], fields.get("count") or 0))
        elif key == "th":
            thresholds.append(item[1])
        elif key in _LIST_KEYS:
            lists[_LIST_KEYS[key]].append(item[1])
        elif key == "job_list":
            lists["families"].extend(item[1])
        elif key == "plural":
            continue
        else:
            fields[key] = item[1]
    if base is not None:
        return replace(base, thresholds=tuple(thresholds), span=span or base.span, **fields,
                       **{k: tuple(v) for k, v in lists.items()})
    return Selector(thresholds=tuple(thresholds), span=span, **fields, **{k: tuple(v) for k, v in lists.items()})


def _differs_in_one_list(a: Selector, b: Selector) -> str | None:
    """The one list field two selectors differ in (their union is one selector), or None."""
    diff = [f for f in Selector.__dataclass_fields__ if f != "span" and getattr(a, f) != getattr(b, f)]
    if len(diff) == 1 and diff[0] in LIST_FIELDS:
        return diff[0]
    return None


def join(parts: list[tuple[Part, str | None]], span: Any) -> Selector:
    """Parts of a noun phrase joined by "or" / "and" (see the module docstring)."""
    first = parts[0][0]
    head_pairs = [p for p in first.pairs if p[0] in ("count", "owner")] if not first.selector else []
    posts = [p for p in parts[-1][0].post_pairs if p[0] not in ("count",)]
    built: list[tuple[Selector, str | None]] = []
    for i, (part, how) in enumerate(parts):
        if part.selector is not None:
            built.append((fold(part.pairs, part.selector.span, base=part.selector) if part.pairs else part.selector, how))
            continue
        pairs = list(part.pairs)
        if not part.counted and i:
            pairs = [p for p in head_pairs if p[0] == "count"] + pairs
        if not part.owned and i:
            pairs = [p for p in head_pairs if p[0] == "owner"] + pairs
        if not part.posted and i < len(parts) - 1 and posts:
            pairs = pairs + posts
        built.append((fold(pairs, span), how))
    out = built[0][0]
    for sel, how in built[1:]:
        both = first.counted and out.count == 1 and not out.up_to     # "a Card Name X and Card Name Y": both
        if how == "and" and (both or sel.count != out.count or any(p.counted for p, _ in parts[1:])):
            out = replace(out, also=(*out.also, sel))
            continue
        one = _differs_in_one_list(replace(out, either=(), also=()), sel)
        if one is not None and not out.either:
            out = replace(out, **{one: tuple(dict.fromkeys((*getattr(out, one), *getattr(sel, one))))})
        else:
            out = replace(out, either=(*out.either, sel))
    return replace(out, span=span)


class SelectorRules:
    """Bottom-up tree transformer with the noun-phrase rules; FFTCGTransformer extends it.

    Each rule (or alias) is a method `(meta, children) -> value`, called after its children are
    transformed. (Lark's own Transformer with `v_args(meta=True)` builds a wrapper per call, which
    cost a third of the parse time here.)
    """

    _span: Any
    _name: Any

    def transform(self, tree: Any) -> Any:
        children = [self.transform(c) if hasattr(c, "data") else c for c in tree.children]
        method = getattr(self, tree.data, None)
        if method is None:
            return self.__default__(tree.data, children, tree.meta)
        return method(tree.meta, children)

    def __default__(self, data: str, children: list[Any], meta: Any) -> Any:
        raise ValueError(f"no AST rule for grammar rule {data!r}")   # a grammar rule left unmapped

    for _alias, _pairs in WORDS.items():
        locals()[_alias] = _word(_pairs)
    for _alias, (_up, _op) in COUNTS.items():
        locals()[_alias] = _count(_up, _op)
    del _alias, _pairs, _up, _op

    # ------------------------------------------------------------------ counts (11.6.5, 4)
    def q_all(self, meta, c):
        return [("count", None, False, "all")]

    def q_all_other(self, meta, c):
        return [("count", None, False, "all"), ("other", True)]

    def q_one(self, meta, c):
        return [("count", 1, False, "==")]

    def q_any(self, meta, c):
        return [("count", 1, False, "any")]

    def q_any_number(self, meta, c):
        return [("count", None, True, "any")]

    def q_both(self, meta, c):
        return [("count", 2, False, "==")]

    def q_num_other(self, meta, c):
        return [("count", _num(c), False, "=="), ("other", True)]

    def q_up_to_other(self, meta, c):
        return [("count", _num(c), True, "<="), ("other", True)]

    def q_num_of(self, meta, c):
        return [("count", _num(c), False, "==")]

    def q_next(self, meta, c):
        return [("count", 1, False, "=="), ("owner", Player.YOU), ("state", "next")]

    def q_x(self, meta, c):
        """"Choose X dull Forwards": X cards, the number chosen (4.5)."""
        return [("count", 1, False, "=="), ("amount_var", "x")]

    # ------------------------------------------------------------------ qualifiers and nouns
    def det(self, meta, c):
        return pairs_of(c)

    def adjs(self, meta, c):
        return pairs_of(c)

    def a_state(self, meta, c):
        return pairs_of(c)

    def a_element(self, meta, c):
        return [("color", str(c[0]))]

    def n_named(self, meta, c):
        return pairs_of(c)

    def r_job(self, meta, c):
        return [("job", self._name(c[0]))]

    def r_name(self, meta, c):
        return [("name", self._name(c[0]))]

    def r_category(self, meta, c):
        return [("category", self._name(c[0]))]

    def n_pair(self, meta, c):
        return [("type", w.rstrip("s")) for w in str(c[0]).split() if w != "and"]

    def n_kind_ability(self, meta, c):
        return [("type", "special_ability" if str(c[0]).startswith("special") else "action_ability")]

    # ------------------------------------------------------------------ post-modifiers
    def p_cost(self, meta, c):
        """"of cost 3 or less", "with a cost of 4 or more", "of cost 2" (5.2.1)."""
        op = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "==")
        return [("th", Threshold("cost", op, _num(c)))]

    def p_power(self, meta, c):
        op = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return [("th", Threshold("power", op, _num(c)))]

    def p_cost_in(self, meta, c):
        import re

        return [("costs", tuple(int(n) for t in c for n in re.findall(r"\d+", str(t))))]

    def p_cost_x(self, meta, c):
        """"of cost X or less" (4.5): compared with the X paid (the threshold marked -1)."""
        op = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "==")
        return [("th", Threshold("cost", op, -1))]

    def p_cost_vs_count(self, meta, c):
        op = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        counted = next(x for x in c if isinstance(x, Selector))
        return [("th", Threshold("cost_vs_count", op, 0, ref=replace(counted, count=None)))]

    def p_same_cost(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=next(x for x in c if isinstance(x, Selector))))]

    def p_cost_vs_card(self, meta, c):
        op = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return [("th", Threshold("cost", op, 0, ref=next(x for x in c if isinstance(x, Selector))))]

    def p_that_cost(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=Selector(ref="declared_number")))]

    def p_with(self, meta, c):
        return [("with_keyword", c[0])]

    def ww_keyword(self, meta, c):
        return " or ".join(k.name for k in c)

    def ww_warp(self, meta, c):
        return "Warp"

    def ww_priming(self, meta, c):
        return "Priming"

    def ww_ex_burst(self, meta, c):
        return "EX Burst"

    def ww_icon(self, meta, c):
        return "generic"

    def p_without_icon(self, meta, c):
        return [("with_keyword", "not_generic")]

    def p_not_element(self, meta, c):
        return [("color", "not_" + str(t)) for t in c if isinstance(t, Token) and t.type == "ELEMENT"]

    def p_not_type(self, meta, c):
        return [("type", "not_" + p[1]) for p in pairs_of(c) if p[0] == "type"]

    def p_other(self, meta, c):
        return [("other", True)]

    def p_other_name(self, meta, c):          # "other than Card Name X": no card of that name (6.2.5)
        return [("excluding", Selector(count=None, name=self._name(c[-1]), span=self._span(meta)))]

    def p_named(self, meta, c):
        return [(c[0], "named")]

    def nk_element(self, meta, c):
        return "color"

    def nk_job(self, meta, c):
        return "job"

    def nk_card_type(self, meta, c):
        return "type"

    def nk_card_name(self, meta, c):
        return "name"

    def nk_category(self, meta, c):
        return "category"

    def nk_cost(self, meta, c):
        return "cost"

    def nk_number(self, meta, c):
        return "number"

    def p_same_element(self, meta, c):
        about = next((x for x in c if isinstance(x, Selector)), None)
        return [("color", "same")] + ([("about", about)] if about is not None else [])

    def p_in_party(self, meta, c):
        """ "forming a party (with X)" (15.1.1.9): X, when said, is whom it forms the party with."""
        with_ = next((x for x in c if isinstance(x, Selector)), None)
        return [("state", "in_party")] + ([("about", with_)] if with_ is not None else [])

    def p_controller(self, meta, c):
        return pairs_of(c)

    def p_owned_by(self, meta, c):
        return [("owned_by", c[0])]

    def p_zone(self, meta, c):
        return pairs_of(c)

    def p_removed(self, meta, c):
        return [("zone", "removed"), *pairs_of(c)]

    def rb_self(self, meta, c):
        return [("about", Selector(self_ref=True, card_types=("ability",)))]

    def rb_effect(self, meta, c):
        return [("about", Selector(ref="this_effect", card_types=("ability",)))]

    def rb_cost(self, meta, c):
        return [("about", Selector(ref="this_cost", card_types=("ability",)))]

    def dt_np(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def dt_this(self, meta, c):
        return [("about", Selector(ref="this_effect"))]

    def p_put_into(self, meta, c):
        """"put into the Break Zone (from the field) (this turn)" (7.10, 11.8.16): cards just put there."""
        zone = dict(p for p in pairs_of(c) if p[0] == "zone").get("zone", "break")
        from_field = "from_field" in c
        when = "_this_turn" if "this_turn" in c else ""
        about = [p for p in pairs_of(c) if p[0] == "about"]
        if zone == "damage":               # the cards of the Damage Zone (7.8), put there by …
            return [("zone", "damage"), *about]
        return [("zone", f"put_into_{zone}" + ("_from_field" if from_field else "") + when), *about]

    def from_field(self, meta, c):
        return "from_field"

    def put_when(self, meta, c):
        return "this_turn"

    def p_acted_on(self, meta, c):
        return [("zone", next(x for x in c if isinstance(x, str) and not isinstance(x, Token)))]

    def av_revealed(self, meta, c):
        return "revealed"

    def av_discarded(self, meta, c):
        return "discarded"

    def av_dulled(self, meta, c):
        return "dulled"

    def acted_how(self, meta, c):
        return None



    def p_choosing(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def p_triggered_from(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector))), ("state", "triggered_from")]

    def p_also_type(self, meta, c):
        return [("state", "also_" + next(p[1] for p in pairs_of(c) if p[0] == "type"))]

    def p_blocking(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector))), ("state", "in_battle_with")]

    def p_with_counter(self, meta, c):
        """"with a Doom Counter on it" / "with 2 or more EXP Counters on them" (6.7)."""
        nums = [int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        return [("th", Threshold(f"counters:{self._counter(c)}", ">=", nums[0] if nums else 1))]

    def p_placed_on(self, meta, c):
        return [("about", next(x for x in c if isinstance(x, Selector)))]

    def p_distinct(self, meta, c):
        kinds = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        kinds = kinds or [k for x in c if isinstance(x, tuple) for k in x]
        return [("distinct", tuple(kinds))]

    def distinct_list(self, meta, c):
        return tuple(c)

    def dk_element(self, meta, c):
        return "element"

    def dk_card_type(self, meta, c):
        return "card_type"

    def dk_cost(self, meta, c):
        return "cost"

    def dk_name(self, meta, c):
        return "name"

    def p_without_kw(self, meta, c):
        return [("with_keyword", "not_" + next(k.name for k in c if hasattr(k, "name")))]

    def p_same_cost_it(self, meta, c):
        return [("th", Threshold("cost", "==", 0, ref=Selector(ref="it")))]

    def p_deck_top(self, meta, c):
        owner = next((x for x in c if not isinstance(x, (Token, str)) and x is not None), None)
        return [("zone", "deck")] + ([("owner", owner)] if owner is not None and owner.value != "you" else [])

    def p_job(self, meta, c):
        return [("job", self._name(c[0]))]

    def p_count_ge(self, meta, c):
        return [("count_op", ">=")]

    def p_count_le(self, meta, c):
        return [("count_op", "<=")]

    # ------------------------------------------------------------------ parts and lists
    def posts(self, meta, c):
        return Posts(pairs_of(c))

    def part(self, meta, c):
        out = Part()
        for x in c:
            if isinstance(x, Posts):
                out.pairs.extend(x.pairs)
                out.post_pairs.extend(x.pairs)
                out.posted = True
            else:
                got = pairs_of([x])
                out.pairs.extend(got)
                out.counted = out.counted or any(p[0] == "count" for p in got)
                out.owned = out.owned or any(p[0] == "owner" for p in got)
        return out

    def part_self(self, meta, c):
        posts = next((x for x in c if isinstance(x, Posts)), None)
        return Part(pairs=posts.pairs if posts else [], post_pairs=posts.pairs if posts else [],
                    posted=posts is not None, selector=Selector(self_ref=True, span=self._span(meta)))

    def part_copies(self, meta, c):
        inner = next(x for x in c if isinstance(x, Selector))
        return Part(selector=Selector(count=None, about=inner, ref="copies", span=self._span(meta)))

    def np_list(self, meta, c):
        parts: list[tuple[Part, str | None]] = []
        how: str | None = None
        for x in c:
            if isinstance(x, Part):
                parts.append((x, how))
            elif x in ("or", "and"):
                how = x
        return join(parts, self._span(meta))

    def j_or(self, meta, c):
        return "or"

    def j_and(self, meta, c):
        return "and"

    # ------------------------------------------------------------------ references (pronouns)
    def ref_it(self, meta, c):
        return Selector(ref="it", span=self._span(meta))

    def ref_them(self, meta, c):
        return Selector(count=None, ref="them", span=self._span(meta))

    def ref_self(self, meta, c):
        return Selector(self_ref=True, span=self._span(meta))

    def ref_self_active(self, meta, c):
        return Selector(self_ref=True, state="active", span=self._span(meta))

    def ref_chosen(self, meta, c):
        """"the chosen Forward", "the removed cards": the cards an earlier part of the text picked."""
        return Selector(count=None, ref="them", span=self._span(meta))

    def ref_adj(self, meta, c):
        return None

    def ref_that(self, meta, c):
        return Selector(ref="it", span=self._span(meta))

    def ref_other(self, meta, c):
        """"the other Forward" (of two chosen); "the other cards (revealed)": the revealed cards left."""
        pairs = pairs_of(c)
        if ("plural", True) in pairs:
            return self.ref_rest(meta, c)
        kinds = tuple(p[1] for p in pairs if p[0] == "type")
        return Selector(ref="other", card_types=kinds, span=self._span(meta))

    def ref_rest(self, meta, c):
        return Selector(count=None, ref="rest", zone="revealed", span=self._span(meta))

    def ref_former(self, meta, c):
        return Selector(ref="former", span=self._span(meta))

    def ref_latter(self, meta, c):
        return Selector(ref="latter", span=self._span(meta))

    def ref_one_of(self, meta, c):
        """"one of them", "1 of the chosen Forwards": that many of the cards referred to."""
        inner = next(x for x in c if isinstance(x, Selector))
        n = next((int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"), 1)
        return replace(inner, count=n, span=self._span(meta))

    def np_with_self(self, meta, c):
        it = next(x for x in c if isinstance(x, Selector))
        return replace(it, also=(*it.also, Selector(self_ref=True, span=self._span(meta))), span=self._span(meta))

    def np_self_and(self, meta, c):
        other = next(x for x in c if isinstance(x, Selector))
        return Selector(self_ref=True, also=(other,), span=self._span(meta))

    def np_gen(self, meta, c):
        """"that Forward's", "{Name}'s", "its": whose statistic or controller is meant."""
        sel = next((x for x in c if isinstance(x, Selector)), None)
        if sel is not None:
            return sel
        kinds = tuple(p[1] for p in pairs_of(c) if p[0] == "type")
        if kinds:                                                  # "that Forward's"
            return Selector(ref="it", card_types=kinds, span=self._span(meta))
        return Selector(self_ref=True, span=self._span(meta))

    def possessive(self, meta, c):
        return Selector(ref="it", span=self._span(meta))


__all__ = ["COUNTS", "LIST_FIELDS", "WORDS", "Part", "SelectorRules", "fold", "join", "pairs_of"]
