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

The rules live in two modules: this one (counts, qualifiers and nouns, parts and lists,
references) and `select_posts` (post-modifiers); `select_values` holds the word tables and the
folding and joining of parts.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import Player, Selector, replace
from judge.text.fftcg.select_posts import PostModifierRules
from judge.text.fftcg.select_values import (
    COUNTS,
    LIST_FIELDS,
    WORDS,
    Part,
    Posts,
    RefAdj,
    _count,
    _num,
    _word,
    fold,
    join,
    pairs_of,
)

#: the ordinals after "first" (grammar ORDINAL), in order: "second" is the 2nd
_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh")


class SelectorRules(PostModifierRules):
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
    def q_num(self, meta, c):
        """"2", "a total of 2", "1 more", "2 of …", "2 other": exactly that many ("other": not this one)."""
        return [("count", _num(c), False, "=="), *pairs_of(c)]

    def q_up_to(self, meta, c):
        return [("count", _num(c), True, "<="), *pairs_of(c)]

    def other_w(self, meta, c):
        return [("other", True)]

    def total_of(self, meta, c):
        return None

    def q_all(self, meta, c):
        return [("count", None, False, "all"), *pairs_of(c)]

    def q_all_other(self, meta, c):
        return [("count", None, False, "all"), ("other", True)]

    def q_one(self, meta, c):
        return [("count", 1, False, "==")]

    def q_any(self, meta, c):
        """"any Forwards", "any other Forwards" ("other": not this one)."""
        return [("count", 1, False, "any"), *pairs_of(c)]

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

    def a_extreme(self, meta, c):
        """"the highest cost", "with the lowest power" (5.2.1 / 5.2.6): a state naming the extreme and the stat."""
        most = next(str(t) for t in c if isinstance(t, Token) and t.type == "EXTREME")
        stat = next(x for x in c if x in ("cost", "power") and not isinstance(x, Token))
        return [("state", f"{most}_{stat}")]

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


    def z_of(self, meta, c):
        """A zone and whose it is ("your Break Zone", "each player's Break Zone", "the hand": yours, 7.11)."""
        pairs = pairs_of(c)
        if ("zone", "hand") in pairs and not any(p[0] == "owner" for p in pairs):
            pairs.append(("owner", Player.YOU))
        return pairs

    def from_zone(self, meta, c):
        """"from" a zone (7): the zone and its owner, as "in" the same zone says them."""
        return pairs_of(c)

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

    def plural_gen(self, meta, c):
        """"all the Forwards'" (6.6): a selector like any other, said in the genitive."""
        return join([(self.part(meta, [x for x in c if not isinstance(x, Token)]), None)], self._span(meta))

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
        """"this Forward" in a granted ability: its holder (5.2.4.1); "this card": the card just selected
        ("Select 1 card from their hand. Your opponent discards this card."), the card itself when none
        was (`assemble.resolve_pronouns`: ref "this")."""
        pairs = {p for x in c if isinstance(x, tuple | list) for p in x if isinstance(p, tuple)}
        if ("type", "card") in pairs:
            return Selector(ref="this", span=self._span(meta))
        return Selector(self_ref=True, span=self._span(meta))

    def ref_self_active(self, meta, c):
        return Selector(self_ref=True, state="active", span=self._span(meta))

    def ref_chosen(self, meta, c):
        """"the chosen Forward": the cards the last choice before it took (`assemble._resolve`), even after other
        cards were spoken of; "the removed card(s)": those an earlier part removed from the game
        (`assemble._removed_ref`); "the selected / revealed … X": the cards just spoken of."""
        adj = next((x for x in c if isinstance(x, RefAdj)), RefAdj("other"))
        ref = {"removed": "the_removed", "chosen": "the_chosen", "added": "the_added"}.get(adj.word, "them")
        return Selector(count=None, ref=ref, span=self._span(meta))

    def ra_chosen(self, meta, c):
        return RefAdj("chosen")

    def ra_removed(self, meta, c):
        return RefAdj("removed")

    def ra_added(self, meta, c):
        return RefAdj("added")

    def ra_other(self, meta, c):
        return RefAdj("other")

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
        """"the former", "the first Forward"; "the second Forward", "the third one": that one of the cards
        chosen before, in their order (ref "nth" with Selector.nth from the second on)."""
        word = next((str(t) for t in c if isinstance(t, Token) and t.type == "ORDINAL"), None)
        if word is None:
            return Selector(ref="former", span=self._span(meta))
        kinds = tuple(p[1] for p in pairs_of(c) if p[0] == "type")
        return Selector(ref="nth", nth=_ORDINALS.index(word) + 2, card_types=kinds, span=self._span(meta))

    def ref_either(self, meta, c):
        """"either Character": one of the cards the sentence just named (a reference, like "one of them")."""
        kinds = tuple(p[1] for p in pairs_of(c) if p[0] == "type")
        return Selector(ref="them", count=1, card_types=kinds, span=self._span(meta))

    def ref_latter(self, meta, c):
        return Selector(ref="latter", span=self._span(meta))

    def ref_one_of(self, meta, c):
        """"one of them", "1 of the chosen Forwards": that many of the cards referred to."""
        inner = next(x for x in c if isinstance(x, Selector))
        if any(isinstance(t, Token) and t.type == "EACH_OF" for t in c):   # "each / all / both of them": all of them
            return replace(inner, span=self._span(meta))
        n = next((int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"), 1)
        return replace(inner, count=n, span=self._span(meta))

    def np_with_self(self, meta, c):
        """"it and {Name}", "them and all the Forwards opponent controls" (6.6): the cards referred to, and
        the card itself or a selection more."""
        sels = [x for x in c if isinstance(x, Selector)]
        it = sels[0]
        other = sels[1] if len(sels) > 1 else Selector(self_ref=True, span=self._span(meta))
        return replace(it, also=(*it.also, other), span=self._span(meta))

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
