"""Battle Spirits transformer, the predicates of a card (BSS 2-1 .. 2-11, 4-11, 10-13): what a card has
(`having`), is (`being`) and costs (`costing`) — one phrase each, read after a noun ("with …", "that is …",
"that cost …") and in conditions ("if it has / is / costs …"), and their negation ("without …", "that does
not have …", "that is not …"). Each becomes a dict of Selector fields, merged by the noun phrase or made
the `object` of a condition (`described`)."""

from __future__ import annotations

from lark import Token

from judge.text.ast import Selector, Threshold
from judge.text.bs.nodes import _OPS, _STRICT, _merge, first, has_tok, tok


def cmp_threshold(stat: str, value: tuple[int, str]) -> Threshold:
    """A `cmp` ("3 or fewer") as a Threshold of `stat`."""
    n, op = value
    return Threshold(stat, op, n)


#: a comparison and the one that holds where it does not
_NOT_OP = {">=": "<", "<=": ">", "<": ">=", ">": "<="}
#: a Selector field of a qualifier and the field saying it does not hold ("without …", "that is not …")
_NOT_FIELD = {"with_keyword": "without", "_any_keyword": "without", "has_effect": "lacks_effect",
              "colors": "not_colors", "families": "not_families", "state": "not_state", "name": "not_names"}


def negated(parts: dict) -> dict:
    """The qualifier that holds where `parts` does not: "without a Soul Core on it", "that does not
    have Ascend", "that is not red", "that are not exhausted" (one construct for every `having` and
    `being`). A part with no opposite field is refused (not modelled), never dropped."""
    out: dict = {}
    for key, value in parts.items():
        if key == "thresholds":
            out["thresholds"] = tuple(_not_threshold(t) for t in value)
        elif key in _NOT_FIELD:
            field = _NOT_FIELD[key]
            out[field] = value if isinstance(value, tuple) or field == "not_state" else (value,)
        else:
            raise ValueError(f"'not' of a qualifier on {key} is not modelled")
    return out


def described(parts: dict) -> Selector:
    """A description ("a red spirit card", "exhausted", "Swift or Curse") as the Selector a card
    must match (Condition kind "is": its `object`)."""
    from dataclasses import replace

    parts = dict(parts)
    any_kw = parts.pop("_any_keyword", None)
    sel = Selector(count=None, **parts)
    if any_kw:
        sel = replace(sel, with_keyword=any_kw[0], either=tuple(replace(sel, with_keyword=k) for k in any_kw[1:]))
    return sel


def _not_threshold(t: Threshold) -> Threshold:
    """"not N or more" → "fewer than N"; "not at least one" → "none" (soul cores, cores, BSS 4-11)."""
    from dataclasses import replace

    if t.op == ">=" and t.value == 1 and t.ref is None:
        return replace(t, op="==", value=0)
    if t.op not in _NOT_OP:
        raise ValueError(f"'not' of an exact {t.stat} is not modelled")
    return replace(t, op=_NOT_OP[t.op])


class PredicateMixin:
    """The `having`, `being` and `costing` rules of grammar/bs.lark → dicts of Selector fields."""

    # ── what a card has (`having`): one phrase after "with", "without", "that has", "has" ──
    def hv_measure(self, c: list) -> dict:
        # "3000 or fewer BP", "4000 BP or less", "only one core on it" (BSS 2-11, 4-3)
        n = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), None)
        stat = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        if has_tok(c, "NO_W"):                     # "with no cores on it": none
            return {"thresholds": (Threshold(stat, "==", 0),)}
        if n is None:                              # "with cores on it": at least one
            return {"thresholds": (Threshold("cores", ">=", 1),)}
        word = next((t for t in c if isinstance(t, Token) and t.type.endswith("MORE_FEWER_OR")), None)
        op = _OPS[str(word).split()[-1].lower()] if word is not None else "=="
        return {"thresholds": (Threshold(stat, op, n),)}

    def hv_stat(self, c: list) -> dict:
        # "cost 3", "a cost of 4 or more"
        stat = str(tok(c, "STAT")).lower()
        return {"thresholds": (cmp_threshold(stat, first(c, tuple)),)}

    def hv_soul_core(self, c: list) -> dict:
        return {"thresholds": (Threshold("soul_cores", ">=", 1),)}

    def on_it(self, c: list) -> None:
        return None

    def hv_keyword(self, c: list) -> dict:
        names = [k.name for k in c if hasattr(k, "name") and not isinstance(k, Token)]
        if len(names) == 1:
            return {"with_keyword": names[0]}
        if any(str(t).strip(" ,").lower() == "and" for t in c if isinstance(t, Token)):
            raise ValueError("a card with several keywords at once is not modelled")
        return {"_any_keyword": tuple(names)}       # "with Curse or Bloodcurse": either (see selector)

    def hv_timing(self, c: list) -> dict:
        from judge.text.bs.nodes import timing_of_quoted

        return {"has_effect": (timing_of_quoted(str(tok(c, "QUOTED_EFFECT")).rsplit(" ", 1)[0]),)}

    def hv_vanilla(self, c: list) -> dict:
        # "with no effects listed" (BSS 2-1): a card printed without effect text
        return {"lacks_effect": ("any",)}

    def hv_rel(self, c: list) -> dict:
        return {"thresholds": (c[0],)}

    hv_family_rel = hv_rel

    def hv_extreme(self, c: list) -> dict:
        word = str(tok(c, "HIGH_LOW")).lower()
        stat = str(tok(c, "STAT")).lower()
        return {"thresholds": (Threshold(stat, "<=" if word == "lowest" else ">=", 0,
                                         ref=Selector(count=None, other=True)),)}

    def hv_distinct_names(self, c: list) -> dict:
        return {"distinct": ("card_name",)}

    def hv_name_part(self, c: list) -> dict:
        return {"name": str(tok(c, "QUOTED")).strip('"“”')}

    def hv_total(self, c: list) -> dict:
        # "a combined total of 5000 or fewer BP", "a total of 5000 BP or fewer": the comparison either side
        stat = str(tok(c, "STAT")).lower()
        n, op = first(c, tuple)
        after = tok(c, "MORE_FEWER_OR")               # "… of 5000 BP or fewer"
        amount = self.cmp([n, after]) if after is not None and op == "==" else (n, op)
        return {"thresholds": (cmp_threshold("total_" + stat, amount),)}

    # ── what a card is (`being`), after "that is" and in "if it is" ──
    def desc_selector(self, c: list) -> dict:
        parts = _merge(c)
        states = parts.pop("_states", ())
        if states:
            parts["state"] = states[0]
        _plural, card = parts.pop("_plural", False), parts.pop("_card", False)
        if card and "zone" not in parts:
            parts["zone"] = "any"
        return {k: v for k, v in parts.items() if not k.startswith("_")}

    def desc_state(self, c: list) -> dict:
        target = first(c, Selector)
        state = str(tok(c, "ATT_BLK", "STATE")).lower()
        return {"state": state, **({"about": target} if target is not None else {})}

    def desc_on_field(self, c: list) -> dict:
        # "(still) on the field" (BSS 8-5-4): where the card is, checked now
        return {"zone": "field"}

    def desc_being(self, c: list) -> dict:
        return {"state": "blocked", "about": first(c, Selector)}

    def desc_level(self, c: list) -> dict:
        return {"thresholds": (cmp_threshold("level", first(c, tuple)),)}

    def desc_color(self, c: list) -> dict:
        # "that is red", "that are red or purple": any of the colours (as adjectives before a noun, BSS 2-4)
        return {"colors": tuple(str(t).lower() for t in c if isinstance(t, Token) and t.type == "COLOR")}

    def desc_families(self, c: list) -> dict:
        return c[-1]

    # ── what a card costs (`costing`), after "that cost(s)" and in "if it costs" (BSS 2-6) ──
    def cost_cmp(self, c: list) -> dict:
        return {"thresholds": (cmp_threshold("cost", c[0]),)}

    def cost_either(self, c: list) -> dict:
        a, b = [x for x in c if isinstance(x, int)]
        return {"costs": (a, b)}

    def cost_more(self, c: list) -> dict:
        return {"thresholds": (Threshold("cost", _STRICT[str(tok(c, "MORE_FEWER")).lower()], 0, ref=first(c, Selector)),)}

    def cost_same(self, c: list) -> dict:
        if all(isinstance(x, Token) for x in c):      # "the same amount": no card named to compare with
            return self.cost_same_amount(c)
        word = tok(c, "MORE_FEWER")
        return {"thresholds": (Threshold("cost", _OPS[str(word).lower()] if word is not None else "==", 0,
                                         ref=first(c, Selector)),)}

    def cost_same_amount(self, c: list) -> dict:
        # "if all the spirits on your field cost the same amount": one cost among them
        return {"thresholds": (Threshold("distinct_costs", "==", 1),)}

    def cost_extreme(self, c: list) -> dict:
        word = str(tok(c, "LEAST_MOST")).lower()
        return {"thresholds": (Threshold("cost", "<=" if word == "least" else ">=", 0,
                                         ref=Selector(count=None, other=True)),)}


__all__ = ["PredicateMixin", "cmp_threshold", "described", "negated"]
