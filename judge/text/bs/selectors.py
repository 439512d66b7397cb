"""Battle Spirits transformer, selector half: what effects act on (BSS 8-5-3 targets)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from judge.text.ast import (
    Player,
    Selector,
    Threshold,
)
from judge.text.bs.nodes import _OPS, _merge, _noun_types, _num, _Pick, _player, _Ref  # noqa: F401


class SelectorMixin:
    """Selector rules of grammar/bs.lark → Selector parts and Selector nodes."""

    # ── selectors ──
    def q_count(self, c: list) -> dict:
        return {"count": c[0]}

    def q_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True}

    def q_all(self, c: list) -> dict:
        return {"count": None}

    def q_any(self, c: list) -> dict:
        return {"count": None, "up_to": True}

    def sel_owner(self, c: list) -> dict:
        return {"owner": _player(c[0])}

    def adj_color(self, c: list) -> dict:
        return {"colors": (str(c[0]).lower(),)}

    def adj_state(self, c: list) -> dict:
        return {"state": str(c[0]).lower()}

    def adj_token(self, c: list) -> dict:
        return {"families": ("Token",)}

    def adj_attacking(self, c: list) -> dict:
        return {"state": "attacking"}

    def adj_blocking(self, c: list) -> dict:
        return {"state": "blocking"}

    def adj_other(self, c: list) -> dict:
        return {"other": True}

    def adj_family(self, c: list) -> dict:
        return {"families": (str(c[0]),), "_family_word": str(c[0])}

    def adj_not_family(self, c: list) -> dict:
        return {"_not_families": (str(c[0])[4:],)}

    def adj_group(self, c: list) -> dict:
        # consecutive capitalised words name ONE family ("Lyric Bird", "Star Dragon")
        merged: list = []
        for d in c:
            if "_family_word" in d and merged and "_family_word" in merged[-1]:
                words = merged[-1]["_family_word"] + " " + d["_family_word"]
                merged[-1] = {"_family_word": words, "families": (words,)}
            else:
                merged.append(d)
        return _merge([{k: v for k, v in d.items() if k != "_family_word"} for d in merged])

    def adjs(self, c: list) -> dict:
        return _merge(c)

    def q_cmp(self, c: list) -> dict:
        return {"count": None, "thresholds": (Threshold("count", _OPS[str(c[1]).lower()], c[0]),)}

    def q_another(self, c: list) -> dict:
        return {"count": 1, "other": True}

    def post_cost_either(self, c: list) -> dict:
        return {"thresholds": (Threshold("cost", "==", _num(c[-2])), Threshold("cost", "==", _num(c[-1])))}

    def post_no_soul_core(self, c: list) -> dict:
        return {"_no_soul_core": True}

    def post_symbols_cmp(self, c: list) -> dict:
        return self._threshold("symbols", c[0], c[1])

    def post_colors(self, c: list) -> dict:
        return self._threshold("colors", c[0], c[1])

    def post_one_color(self, c: list) -> dict:
        return {"thresholds": (Threshold("colors", "==", 1),)}

    def post_state(self, c: list) -> dict:
        return {"state": str(c[-1]).lower()}

    def post_revealed(self, c: list) -> dict:
        return {"zone": "revealed"}

    def post_level(self, c: list) -> dict:
        if isinstance(c[-1], Token) and c[-1].type == "MORE_FEWER":
            return self._threshold("level", c[-2], c[-1])
        return {"thresholds": (Threshold("level", "==", _num(c[-1])),)}

    def _rel(self, stat: str, c: list, meta: Any) -> dict:
        words = self._slice(meta).lower()
        ref = next(x for x in c if isinstance(x, Selector))
        words = words[: words.rfind(" than ")] if " than " in words else words.rsplit(" as ", 1)[0]
        if "same" in words:
            op = "<=" if ("less" in words or "fewer" in words) else ">=" if "more" in words else "=="
        elif "equal" in words:
            op = "<=" if ("fewer" in words or "less" in words) else ">="
        else:
            op = "<" if ("fewer" in words or "less" in words or "lower" in words) else ">"
        return {"thresholds": (Threshold(stat, op, 0, ref=ref),)}

    def adj_level(self, c: list) -> dict:
        return {"thresholds": (Threshold("level", "==", _num(str(c[0])[2:].strip())),)}

    def post_bp_same(self, c: list) -> dict:
        ref = Selector(self_ref=True) if "this" in str(c[-1]).lower() else _Ref()
        return {"thresholds": (Threshold("bp", "==", 0, ref=ref),)}

    @v_args(meta=True)
    def post_cost_rel(self, meta: Any, c: list) -> dict:
        return self._rel("cost", c, meta)

    @v_args(meta=True)
    def post_bp_rel(self, meta: Any, c: list) -> dict:
        return self._rel("bp", c, meta)

    def post_cost_life(self, c: list) -> dict:
        # "that cost the same as your life total" (BSS 2-6 compared with 3-7 life)
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        return {"thresholds": (Threshold("cost", "==", 0, ref=Selector(count=None, owner=owner, zone="life")),)}

    def family_rel(self, c: list) -> Threshold:
        # BSS 2-5-3: "with (one or more of) the same spirit type as X": spirit types shared with X
        ref = next(x for x in c if isinstance(x, Selector))
        n = next((x for x in c if isinstance(x, int)), 1)
        return Threshold("shared_families", _OPS.get(next((str(t).lower() for t in c if isinstance(t, Token)
                                                            and t.type == "MORE_FEWER"), "more"), ">="), n, ref=ref)

    def post_family_rel(self, c: list) -> dict:
        return {"thresholds": (c[0],)}

    def adj_extreme(self, c: list) -> dict:
        # "your opponent's highest BP spirit": at least (most) as high as every other one (BSS 2-11)
        word, stat = str(c[0]).lower().split()
        op = "<=" if word == "lowest" else ">="
        return {"thresholds": (Threshold(stat, op, 0, ref=Selector(count=None, other=True)),)}

    def post_vanilla(self, c: list) -> dict:
        return {"_vanilla": True}

    def post_not_color(self, c: list) -> dict:
        return {"_not_colors": (str(c[-1]).lower(),)}

    def family_name(self, c: list) -> str:
        return " ".join(str(t) for t in c)

    def families(self, c: list) -> dict:
        return {"families": tuple(c)}

    def post_are(self, c: list) -> dict:
        return c[-1]

    @v_args(meta=True)
    def any_revealed(self, meta: Any, c: list) -> Selector:
        return Selector(count=None, up_to=True, zone="revealed", span=self._span(meta))

    def post_has_cores(self, c: list) -> dict:
        return {"thresholds": (Threshold("cores", ">=", 1),)}

    def post_other_name(self, c: list) -> dict:
        return {"_not_name": str(c[-1]).strip('"“”')}

    def post_extreme(self, c: list) -> dict:
        op = "<=" if str(c[-1]).lower() == "least" else ">="
        return {"thresholds": (Threshold("cost", op, 0, ref=Selector(count=None, other=True)),)}

    def adj_set(self, c: list) -> dict:
        return {"zone": "burst"}

    def post_extreme_bp(self, c: list) -> dict:
        op = "<=" if str(c[-1]).lower() == "lowest" else ">="
        return {"thresholds": (Threshold("bp", op, 0, ref=Selector(count=None, other=True)),)}

    def post_being_blocked(self, c: list) -> dict:
        return {"state": "blocked"}

    @v_args(meta=True)
    def first_attacker(self, meta: Any, c: list) -> Selector:
        return Selector(count=1, state="first_attacker_this_turn", card_types=("spirit",), span=self._span(meta))

    def post_random(self, c: list) -> dict:
        return {"choose": "random"}

    @v_args(meta=True)
    def some_of_them(self, meta: Any, c: list) -> Selector:
        return _Ref(count=c[0], span=self._span(meta))

    @v_args(meta=True)
    def any_of_them(self, meta: Any, c: list) -> Selector:
        return _Ref(count=None, up_to=True, span=self._span(meta))

    def post_has_timing(self, c: list) -> dict:
        return {"_has_effect": str(c[-1])}

    def adj_name(self, c: list) -> dict:
        return {"name": str(c[0]).strip('"“”')}

    def noun(self, c: list) -> dict:
        text = str(c[0])
        types, plural, card = _noun_types(text)
        if "burst" in text.lower():
            return {"card_types": (), "zone": "burst", "_plural": plural}
        if "token" in text.lower():
            return {"card_types": ("spirit",), "families": ("Token",), "_plural": plural}
        return {"card_types": types, "_plural": plural, "_card": card}

    def _threshold(self, stat: str, value: Any, word: Any) -> dict:
        return {"thresholds": (Threshold(stat, _OPS[str(word).lower()], _num(value)),)}

    def post_bp(self, c: list) -> dict:
        value = next(t for t in c if isinstance(t, int) or (isinstance(t, Token) and t.type.endswith("INT")))
        word = next(t for t in c if isinstance(t, Token) and t.type == "MORE_FEWER")
        return self._threshold("bp", value, word)

    def post_cost(self, c: list) -> dict:
        return self._threshold("cost", c[-2], c[-1])

    def post_cost_with(self, c: list) -> dict:
        value = next(t for t in c if isinstance(t, Token) and t.type.endswith("INT"))
        if isinstance(c[-1], Token) and c[-1].type == "MORE_FEWER":
            return self._threshold("cost", value, c[-1])
        return {"thresholds": (Threshold("cost", "==", _num(value)),)}

    def post_cost_eq(self, c: list) -> dict:
        return {"thresholds": (Threshold("cost", "==", _num(c[-1])),)}

    def post_keyword(self, c: list) -> dict:
        return {"with_keyword": c[0].name}

    def post_no_keyword(self, c: list) -> dict:
        return {"_without": c[-1].name}

    def post_cores(self, c: list) -> dict:
        return self._threshold("cores", c[0], c[1])

    def post_cores_eq(self, c: list) -> dict:
        n = [x for x in c if isinstance(x, int)]
        return {"thresholds": (Threshold("cores", "==", n[0]),)}

    def post_soul_core(self, c: list) -> dict:
        return {"_soul_core": True}

    def post_symbols(self, c: list) -> dict:
        return {"thresholds": (Threshold("symbols", "==", c[0]),)}

    def post_zone(self, c: list) -> dict:
        return {"zone": str(c[-1]).lower(), "owner": _player(c[0])}

    def post_field(self, c: list) -> dict:
        return {"owner": _player(c[0])}

    def post_other(self, c: list) -> dict:
        return {"other": True}

    def post_name_has(self, c: list) -> dict:
        return {"name": str(c[0]).strip('"“”')}

    def post_total(self, c: list) -> dict:
        value = next(t for t in c if isinstance(t, Token) and t.type.endswith("INT"))
        return {"thresholds": (Threshold("total_" + str(c[-1]).lower(), _OPS[str(c[-2]).lower()],
                                         _num(value)),)}

    @v_args(meta=True)
    def selector(self, meta: Any, c: list) -> Selector:
        parts = _merge(c)
        plural, card = parts.pop("_plural", False), parts.pop("_card", False)
        for k in [k for k in parts if k.startswith("_")]:
            parts.pop(k)
        if "count" not in parts:
            parts["count"] = None if plural else 1
        if card and "zone" not in parts:
            parts["zone"] = "any"
        return Selector(span=self._span(meta), **parts)

    @v_args(meta=True)
    def pronoun(self, meta: Any, c: list) -> Selector:
        return _Ref(span=self._span(meta))

    @v_args(meta=True)
    def self_ref(self, meta: Any, c: list) -> Selector:
        types, _, _ = _noun_types(str(c[0]))
        return Selector(self_ref=True, card_types=types, span=self._span(meta))

    @v_args(meta=True)
    def remaining(self, meta: Any, c: list) -> Selector:
        return Selector(count=None, zone="revealed", span=self._span(meta))

    @v_args(meta=True)
    def the_attacking(self, meta: Any, c: list) -> Selector:
        state = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "ATT_BLK")
        return Selector(count=1, state=state, card_types=("spirit",), span=self._span(meta))

    def subject(self, c: list) -> Selector:
        return c[0]

