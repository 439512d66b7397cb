"""Battle Spirits transformer, noun phrases: what effects act on (BSS 8-5-3 targets; BS 9-2-2).

Each part of a noun phrase (quantity, owner, adjectives, head noun, qualifiers) becomes a dict of
Selector fields; `selector` merges them. Every qualifier lands in a typed field: nothing the
phrase says is dropped."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from judge.text.ast import Player, Selector, Threshold
from judge.text.bs.nodes import (
    _OPS,
    _STRICT,
    Ref,
    _merge,
    _noun_types,
    _num,
    _player,
    first,
    has_tok,
    tok,
    unmark,
)
from judge.text.bs.predicates import PredicateMixin, cmp_threshold, described, negated


class SelectorMixin(PredicateMixin):
    """Selector rules of grammar/bs.lark → Selector parts and Selector nodes."""

    # ── numbers ──
    def count(self, c: list) -> int:
        return _num(c[0])

    def cmp(self, c: list) -> tuple[int, str]:
        # "3 or fewer" → (3, "<="); a bare number is exact (BSS 1-3-5)
        op = "=="
        if len(c) > 1:
            op = _OPS[str(c[1]).split()[-1].lower()]
        return (c[0], op)

    # ── quantity, owner ──
    def q_count(self, c: list) -> dict:
        n, op = c[0]
        if op == "==":
            return {"count": n}
        return {"count": None, "thresholds": (Threshold("count", op, n),)}

    def q_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True}

    def q_all(self, c: list) -> dict:
        return {"count": None}

    def q_any(self, c: list) -> dict:
        return {"count": None, "up_to": True}

    def q_none(self, c: list) -> dict:
        # "you control no Dragon spirits": a count of none (as "two or more" is a count threshold)
        return {"count": None, "thresholds": (Threshold("count", "==", 0),)}

    def q_another(self, c: list) -> dict:
        return {"count": 1, "other": True}

    def sel_owner(self, c: list) -> dict:
        return {"owner": _player(c[0])}

    # ── adjectives ──
    def adj_color(self, c: list) -> dict:
        return {"colors": (str(c[0]).lower(),)}

    def adj_state(self, c: list) -> dict:
        # "attacking or blocking spirits": either state (see `selector`)
        return {"_states": (str(c[0]).lower(),)}

    def adj_revealed(self, c: list) -> dict:
        # "any number of revealed spirit cards": those of the cards an effect revealed (BSS 12-2-1)
        return {"zone": "revealed"}

    def adj_token(self, c: list) -> dict:
        return {"families": ("Token",)}

    def adj_other(self, c: list) -> dict:
        return {"other": True}

    def adj_family(self, c: list) -> dict:
        return {"not_families" if has_tok(c, "NON_W") else "families": (unmark(c[-1]),)}

    def adj_name(self, c: list) -> dict:
        return {"name": unmark(str(c[0]).strip('"“”'))}

    def adj_level(self, c: list) -> dict:
        return {"thresholds": (Threshold("level", "==", _num(str(c[0])[2:].strip())),)}

    def adj_level_cmp(self, c: list) -> dict:
        # "LV2 or higher spirits" (BSS 2-10)
        words = str(c[0]).split()
        return {"thresholds": (Threshold("level", _OPS[words[-1].lower()], _num(words[0][2:] or words[1])),)}

    def adj_extreme(self, c: list) -> dict:
        # "your opponent's highest BP spirit": at least (most) as high as every other one (BSS 2-11)
        word, stat = str(c[0]).lower().split()
        return {"thresholds": (Threshold(stat, "<=" if word == "lowest" else ">=", 0,
                                         ref=Selector(count=None, other=True)),)}

    def adj_group(self, c: list) -> dict:
        # adjectives side by side all hold ("exhausted red spirits"); two states side by side
        # ("exhausted linked spirits") would both hold, which one `state` cannot say: not read
        states = [s for x in c if isinstance(x, dict) for s in x.get("_states", ())]
        if len(set(states)) > 1:
            raise ValueError(f"not modelled: a card both {' and '.join(states)}")
        return _merge(c)

    def adjs(self, c: list) -> dict:
        return _merge(c)

    # ── head nouns ──
    def noun(self, c: list) -> dict:
        text = str(c[0])
        types, plural, card = _noun_types(text)
        if "burst" in text.lower():
            return {"card_types": (), "zone": "burst", "_plural": plural}
        if "token" in text.lower():
            return {"card_types": ("spirit",), "families": ("Token",), "_plural": plural}
        return {"card_types": types, "_plural": plural, "_card": card}

    def head(self, c: list) -> dict:
        t = c[0]
        if t.type == "TOKEN_NAME":          # "Antman Tokens": a token named by its words (BSS 4-12)
            words = str(t).split()
            return {"card_types": ("spirit",), "families": ("Token",), "name": " ".join(words[:-1]) + " Token",
                    "_plural": words[-1].endswith("s")}
        if t.type == "TOKENS_W":            # "your Golem Tokens"
            return {"card_types": ("spirit",), "families": ("Token",), "_plural": str(t).endswith("s")}
        return self.noun(c)

    def _selector_part(self, x: Any) -> Any:
        if isinstance(x, Token):
            if x.type == "POSS":
                return {"owner": _player(x)}
            if x.type in ("NOUN_WORD", "CARDS", "TOKEN_NAME", "TOKENS_W"):
                return self.head([x])
        return x

    def head_named(self, c: list) -> dict:
        # "one Ruby Sanctuary", "your Emerald Sanctuary nexuses": a card by its name (BSS 2-1)
        parts = {"name": unmark(c[0])}
        if len(c) > 1:
            parts.update(c[1])
        return parts

    # ── qualifiers after the noun ──
    def m_bp(self, c: list) -> str:
        return "bp"

    def m_cores(self, c: list) -> str:
        return "cores"

    def m_symbols(self, c: list) -> str:
        return "symbols"

    def m_colors(self, c: list) -> str:
        return "colors"

    # ── qualifiers after the noun ──
    def post_with(self, c: list) -> dict:
        return first(c, dict)

    def post_without(self, c: list) -> dict:
        return negated(first(c, dict))

    def post_being(self, c: list) -> dict:
        parts = first(c, dict)
        return negated(parts) if has_tok(c, "NEG") else parts

    def post_costing(self, c: list) -> dict:
        return first(c, dict)

    def post_zone(self, c: list) -> dict:
        zones = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "ZONE"]
        out = {"zone": "/".join(zones), "owner": _player(tok(c, "POSS"))}
        return out

    def post_revealed(self, c: list) -> dict:
        return {"zone": "revealed"}

    def post_selected_color(self, c: list) -> dict:
        # "of the selected color" (a colour named earlier, BSS 2-4); "of the colors red, purple or white": any
        named = tuple(str(t).lower() for t in c if isinstance(t, Token) and t.type == "COLOR")
        return {"colors": named or ("selected",)}

    def post_random(self, c: list) -> dict:
        return {"choose": "random"}

    def post_deployed_this(self, c: list) -> dict:
        # "spirits summoned with this effect" (BSS 10-6-1): the cards this effect put onto the field
        return {"state": str(c[0]).split()[0].lower() + "_by_this_effect"}

    def post_other(self, c: list) -> dict:
        # "other than this spirit" (another card), "other than "X"" / a card named (another name),
        # "other than Dragon spirits" (those left out, as "except")
        name = tok(c, "QUOTED_ALONE")
        if name is not None:
            return {"not_names": (unmark(str(name).strip('"“”')),)}
        sel = first(c, Selector)
        if sel.self_ref and not isinstance(sel, Ref):
            return {"other": True}
        if sel.name is not None and sel == Selector(name=sel.name, span=sel.span, selects=sel.selects, count=sel.count):
            return {"not_names": (sel.name,)}
        return {"excluding": sel}

    def post_share_symbol_color(self, c: list) -> dict:
        # "magic cards that do not share a color with any of the symbols on their field" (BSS 2-4, 2-8)
        negated = has_tok(c, "NEG")
        ref = Selector(count=None, unit="symbol", owner=_player(tok(c, "POSS")))
        return {"thresholds": (Threshold("shared_colors", "==" if negated else ">=", 0 if negated else 1, ref=ref),)}

    def post_field(self, c: list) -> dict:
        owner = tok(c, "POSS")
        return {"owner": _player(owner)} if owner is not None else {}

    def rel_ref(self, c: list) -> Selector:
        return first(c, Selector)

    def rel_stat_of(self, c: list) -> Selector:
        # "… than this spirit's BP", "… than the BP of this spirit": compared with that card (the stat is
        # the phrase's own)
        return c[0][1] if isinstance(c[0], tuple) else first(c, Selector)

    def rel_life(self, c: list) -> Selector:
        return Selector(count=None, unit="life", owner=_player(c[0]))

    def rel_any(self, c: list) -> Selector:
        return c[0]

    def rel_equal(self, c: list) -> Threshold:
        # "with BP equal to or fewer than this one"
        stat = str(tok(c, "STAT")).lower()
        word = tok(c, "MORE_FEWER")
        op = _OPS[str(word).lower()] if word is not None else "=="
        return Threshold(stat, op, 0, ref=first(c, Selector))

    def rel_more(self, c: list) -> Threshold:
        stat = str(tok(c, "STAT")).lower()
        return Threshold(stat, _STRICT[str(tok(c, "MORE_FEWER")).lower()], 0, ref=first(c, Selector))

    def rel_same(self, c: list) -> Threshold:
        return Threshold(str(tok(c, "STAT")).lower(), "==", 0, ref=first(c, Selector))

    def stat_of(self, c: list) -> tuple[str, Selector]:
        # "its cost", "that spirit's BP", "the destroyed spirit's level": a stat of a card
        words = str(c[0]).lower().replace("’", "'").split()
        ref = Selector(self_ref=True) if words[0] == "this" else Ref()
        return (words[-1], ref)

    def family_rel(self, c: list) -> Threshold:
        # BSS 2-5-3: "with (one or more of) the same spirit type as X": spirit types shared with X
        n, op = first(c, tuple) or (1, ">=")
        return Threshold("shared_families", op if op != "==" else ">=", n, ref=first(c, Selector))

    def family_name(self, c: list) -> str:
        return unmark(c[0])

    def families(self, c: list) -> dict:
        return {"families": tuple(c)}

    # ── the phrase ──
    @v_args(meta=True)
    def selector(self, meta: Any, c: list) -> Selector:
        # whose (a possessive) and the head noun arrive as tokens (inlined rules: no tree nodes)
        c = [self._selector_part(x) for x in c]
        parts = _merge(c)
        plural, card = parts.pop("_plural", False), parts.pop("_card", False)
        any_kw = parts.pop("_any_keyword", None)
        if "count" not in parts:
            parts["count"] = None if plural else 1
        if card and "zone" not in parts:
            parts["zone"] = "any"
        if "not_state" in parts:
            parts["excluding"] = Selector(count=None, state=parts.pop("not_state"))
        states = parts.pop("_states", ())
        if states and "state" not in parts:
            parts["state"] = states[0]
        sel = Selector(span=self._span(meta), selects=_selects(parts), **parts)
        if len(states) > 1:
            # "one of your attacking or blocking spirits": a spirit in either state
            from dataclasses import replace

            sel = replace(sel, either=tuple(replace(sel, state=x) for x in states[1:]))
        if any_kw:
            # "spirits with Curse or Bloodcurse": one selector that either keyword satisfies
            from dataclasses import replace

            sel = replace(sel, with_keyword=any_kw[0], either=tuple(replace(sel, with_keyword=k) for k in any_kw[1:]))
        return sel

    # ── pronouns ──
    def select_chooser(self, sel: Selector, who: Any) -> Selector:
        """"Your opponent selects one of their spirits": the selection and who makes it (BSS 8-5-3)."""
        from dataclasses import replace

        return replace(sel, chooser=who) if who is not None and who is not Player.YOU else sel

    @v_args(meta=True)
    def pronoun(self, meta: Any, c: list) -> Selector:
        # "that spirit", "those nexuses": a pronoun that says what kind of card it stands for
        noun = next((t for t in c if isinstance(t, Token) and t.type == "THAT_NOUN"), None)
        if noun is not None:
            types, _, card = _noun_types(str(noun))
            return Ref(card_types=types, zone="any" if card else None, span=self._span(meta))
        it = next((t for t in c if isinstance(t, Token) and t.type == "PRONOUN"), None)
        bare = it is not None and len(c) == 1
        return Ref(span=self._span(meta), singular=bare and str(it).lower() == "it", bare=bare)

    @v_args(meta=True)
    def the_done(self, meta: Any, c: list) -> Selector:
        # "the destroyed spirit", "the exhausted nexus": the card that event happened to
        word = str(tok(c, "EVENT_PASSIVE")).lower()
        return Ref(participle=None if word == "selected" else word, span=self._span(meta))

    @v_args(meta=True)
    def self_ref(self, meta: Any, c: list) -> Selector:
        types, _, _ = _noun_types(str(c[0]))
        return Selector(self_ref=True, card_types=types, span=self._span(meta))

    @v_args(meta=True)
    def some_of_them(self, meta: Any, c: list) -> Selector:
        # a quantity of the cards a pronoun stands for, as a noun phrase's ("two of", "up to two of", "all of")
        quantity = dict(c[0])
        if quantity.pop("other", False):
            raise ValueError("not modelled: 'another of them' (another than which)")
        return Ref(**quantity, span=self._span(meta))

    @v_args(meta=True)
    def both_of_them(self, meta: Any, c: list) -> Selector:
        # "both spirits": the two chosen before (a count of two, BSS 8-5-3)
        return Ref(count=None, all_picks=True, span=self._span(meta))

    @v_args(meta=True)
    def any_revealed(self, meta: Any, c: list) -> Selector:
        return Selector(count=None, up_to=True, zone="revealed", span=self._span(meta))

    @v_args(meta=True)
    def remaining(self, meta: Any, c: list) -> Selector:
        # "the revealed cards", "the remaining cards", "the revealed red spirit cards": those of them (BSS 12-2-1)
        parts = _merge([x for x in c if isinstance(x, dict)])
        parts = {k: v for k, v in parts.items() if not k.startswith("_")}
        noun = tok(c, "NOUN_WORD")
        if noun is not None:
            parts.update({k: v for k, v in self.noun([noun]).items() if not k.startswith("_")})
        parts["zone"] = "revealed"
        return Selector(count=None, span=self._span(meta), **parts)

    @v_args(meta=True)
    def the_attacking(self, meta: Any, c: list) -> Selector:
        state = str(tok(c, "ATT_BLK")).lower()
        return Selector(count=1, state=state, card_types=("spirit",), span=self._span(meta), selects=False)

    @v_args(meta=True)
    def first_attacker(self, meta: Any, c: list) -> Selector:
        # "the first spirit (your opponent controls) that attacks each turn": whose, when said
        return Selector(count=1, state="first_attacker_this_turn", card_types=("spirit",), owner=first(c, Player),
                        span=self._span(meta))

    @v_args(meta=True)
    def next_deployed(self, meta: Any, c: list) -> Selector:
        # "the next red spirit card with Ascend you summon this turn"
        from dataclasses import replace

        return replace(first(c, Selector), count=1, state="next_summoned_this_turn", span=self._span(meta))

    @v_args(meta=True)
    def first_used(self, meta: Any, c: list) -> Selector:
        # "the first magic card you use each turn"
        parts = self.noun([tok(c, "NOUN_WORD")])
        return Selector(count=1, card_types=parts["card_types"], state="first_used_each_turn", span=self._span(meta))

    @v_args(meta=True)
    def the_extreme(self, meta: Any, c: list) -> Selector:
        op = "<=" if str(tok(c, "HIGH_LOW")).lower() == "lowest" else ">="
        return Selector(count=1, card_types=("spirit",), span=self._span(meta),
                        thresholds=(Threshold("cost", op, 0, ref=Selector(count=None, other=True)),))

    def subject(self, c: list) -> Selector:
        return c[0]

    def subject_either(self, c: list) -> Selector:
        # "this spirit or one of your spirits with Swift": any one of them
        from dataclasses import replace

        sels = [x for x in c if isinstance(x, Selector)]
        return replace(sels[0], either=tuple(sels[1:]))

    def subject_both(self, c: list) -> tuple:
        # "that spirit and all of your spirits …": one directive for each subject
        return tuple(x for x in c if isinstance(x, Selector))

    def player(self, c: list) -> Player:
        return _player(c[0]) if c else Player.OPPONENT

    def player_subj(self, c: list) -> Player:
        return _player(c[0])

    def colors(self, c: list) -> tuple[str, ...]:
        return tuple(str(t).lower() for t in c)


def _selects(parts: dict) -> bool | None:
    """False where the noun phrase itself fixes the card, so its effect makes no selection (BSS 8-5-3):
    a battle role ("your opponent's attacking spirit": a player attacks with one spirit and blocks with
    one, 7-1-1-1 / 7-1-3-1). None elsewhere: a count selects, "all"/"each" does not (the engine reads it)."""
    return False if parts.get("state") in ("attacking", "blocking") else None


__all__ = ["SelectorMixin", "cmp_threshold", "described", "negated"]
