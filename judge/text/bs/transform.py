"""Battle Spirits parse trees (grammar/bs.lark) → AST nodes (judge.text.ast).

Card text selects first and acts on "it" / "them" after ("Select one of your opponent's spirits
and destroy it"): the transformer leaves a `_Ref` where a pronoun stands and a `_Pick` where a
selection is made, and `build` resolves each reference to the latest selection in reading order
(BSS 8-5-3: targets are selected at resolution, in the order written, 1-3-7). An unresolved "it"
means the card itself (BS 9-3-2-3).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token, Transformer, Tree, v_args

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Cost,
    Duration,
    Gain,
    Keyword,
    Optional,
    Selector,
    Sequence,
    Span,
)
from judge.text.bs.directives import DirectiveMixin
from judge.text.bs.hand import HandMixin
from judge.text.bs.nodes import (  # noqa: F401  (re-exported for bs_assemble and tests)
    _KEYWORDS,
    _OPS,
    _WORDS,
    EXAMPLES,
    _merge,
    _noun_types,
    _num,
    _Pick,
    _player,
    _Ref,
    _Stmt,
    timing_name,
)
from judge.text.bs.restrictions import RestrictionMixin
from judge.text.bs.saga import SagaMixin
from judge.text.bs.selectors import SelectorMixin

#: The event a BS event condition describes, as the timing name of an ability triggered by it
#: ("one of your spirits is destroyed" → when_destroyed): read by the engine instead of the words.
_EVENT_TOKENS = frozenset({"EVENT_PASSIVE", "EVENT_ACTIVE", "STATE", "USE_VERB", "DEPLOY_VERB"})
_EVENT_KINDS = frozenset({"event", "would", "happened_this_turn"})
_EVENT_NAMES = {"use": "uses", "summon": "summons", "discard": "discards", "deploy": "deploys"}


def _event_of(children: list) -> str | None:
    """`when_<verb>` from the first event word among a condition's tokens (None when there is none)."""
    tok = next((t for t in children if isinstance(t, Token) and t.type in _EVENT_TOKENS), None)
    if tok is None:
        return None
    word = str(tok).lower()
    return "when_" + _EVENT_NAMES.get(word, word)


class BSTransformer(SagaMixin, SelectorMixin, RestrictionMixin, HandMixin, DirectiveMixin, Transformer):
    """Bottom-up: tokens → values, rules → AST nodes (spans shifted into the original text)."""

    def __init__(self, text: str, offset: int) -> None:
        super().__init__()
        self.text, self.offset = text, offset

    # ── helpers ──
    def _span(self, meta: Any) -> Span | None:
        if meta is None or getattr(meta, "empty", True):
            return None
        return Span(self.offset + meta.start_pos, self.offset + meta.end_pos)

    def _slice(self, meta: Any) -> str:
        if meta is None or getattr(meta, "empty", True):
            return ""
        return self.text[meta.start_pos:meta.end_pos]

    def __default__(self, data: str, children: list, meta: Any) -> Any:
        return Tree(data, children, meta)

    def __default_token__(self, token: Token) -> Any:
        return token

    # ── numbers, durations ──
    def count(self, c: list) -> int:
        return _num(c[0])

    def duration(self, c: list) -> Duration:
        t = str(c[0]).lower()
        if "next" in t:
            return Duration.NEXT_TURN_END
        return Duration.BATTLE if "battle" in t else Duration.TURN

    # ── keywords ──
    def keyword_name(self, c: list) -> str:
        raw = re.sub(r"\s+", "", str(c[0])).lower()
        return _KEYWORDS.get(raw, str(c[0]).title())

    def kwp_color(self, c: list) -> str:
        return str(c[0]).lower()

    def kwp_int(self, c: list) -> str:
        return str(_num(c[0]))

    def kwp_plus(self, c: list) -> str:
        return f"+{_num(c[0])}"

    def kwp_name(self, c: list) -> str:
        return " ".join(str(t).strip('"“”') for t in c)

    def kw_params(self, c: list) -> tuple[str, ...]:
        return tuple(c)

    @v_args(meta=True)
    def keyword(self, meta: Any, c: list) -> Keyword:
        params = c[1] if len(c) > 1 else ()
        return Keyword(c[0], tuple(params), span=self._span(meta))

    @v_args(meta=True)
    def keyword_bare(self, meta: Any, c: list) -> Keyword:
        # a keyword printed without 【】 ("Curse" after a label; BSS 11)
        return Keyword(self.keyword_name(c[:1]), tuple(c[1]) if len(c) > 1 else (), span=self._span(meta))

    keyword_tail = keyword_bare

    def kwp_cost(self, c: list) -> str:
        # BSS 11-8-2 [Ascend: condition]: "Costs 4 or More" → "cost>=4"
        return f"cost{_OPS[str(c[-1]).lower()]}{_num(c[1])}"

    def keyword_ref(self, c: list) -> Keyword:
        if isinstance(c[0], Token) and c[0].type == "QUOTED_KW":     # "Link": the name inside the quotes
            return Keyword(self.keyword_name([str(c[0]).strip('"')]))
        return c[0] if isinstance(c[0], Keyword) else Keyword(c[0])

    def colors(self, c: list) -> tuple[str, ...]:
        return tuple(str(t).lower() for t in c)

    # ── statements & sentences ──
    def directives(self, c: list) -> list:
        out: list = []
        for x in c:
            out.extend(x if isinstance(x, list) else [x])
        return out

    @v_args(meta=True)
    def optional_(self, meta: Any, c: list) -> list:
        return [Optional(effects=tuple(c[-1]), span=self._span(meta))]

    @v_args(meta=True)
    def required_cost(self, meta: Any, c: list) -> list:
        # "Discard three cards to place a core …": the first part is paid to do the rest
        return [Sequence(connector="to", effects=(*c[0], *c[1]), span=self._span(meta))]

    @v_args(meta=True)
    def cost_clause(self, meta: Any, c: list) -> list:
        cost = Cost(effects=tuple(c[-2]))
        return [Optional(effects=tuple(c[-1]), cost=cost, span=self._span(meta))]

    @v_args(meta=True)
    def condition(self, meta: Any, c: list) -> Condition:
        return Condition(kind="text", text=self._slice(meta), span=self._span(meta))

    def _cond(kind: str, event: str | None = None):
        @v_args(meta=True)
        def make(self, meta: Any, c: list) -> Condition:
            sel = next((x for x in c if isinstance(x, Selector)), None)
            return Condition(kind=kind, text=self._slice(meta), selector=sel, span=self._span(meta),
                             event=event or (_event_of(c) if kind in _EVENT_KINDS else None))
        return make

    cond_control = _cond("control")
    cond_life = _cond("life")
    cond_have = _cond("count")
    cond_soul_core = _cond("soul_core")
    cond_is = _cond("is")
    cond_has_keyword = _cond("has_keyword")
    cond_costs = _cond("compare")
    cond_event = _cond("event")
    cond_spend = _cond("soul_core_spent")
    cond_none = _cond("none")
    ev_life = _cond("event", "when_life_reduced")
    ev_core = _cond("event", "when_cores_placed")
    ev_battle_end = _cond("battle_end")
    ev_passive = _cond("event")
    cond_pay = _cond("pay")
    cond_used_main = _cond("used_during_main_step")
    cond_burst_set = _cond("burst_set")
    ev_spend = _cond("soul_core_spent")
    cond_among = _cond("among_revealed")
    cond_history = _cond("happened_this_turn")
    ev_draw = _cond("event", "when_draws")
    ev_effect = _cond("event")
    ev_would = _cond("would")
    ev_effect_to = _cond("event")
    cond_compare = _cond("compare")
    cond_symbols = _cond("symbols")
    cond_bp = _cond("compare")
    cond_control_none = _cond("control_none")
    cond_turn = _cond("turn")
    cond_level = _cond("level")
    cond_empty = _cond("empty_zone")
    ev_active = _cond("event")
    ev_use = _cond("event")

    @v_args(meta=True)
    def statement(self, meta: Any, c: list) -> list:
        effects = c[0] if isinstance(c[0], list) else [c[0]]
        instead = getattr(self, "_instead", False)     # "… instead and …" inside the statement
        self._instead = False
        for item in c[1:]:
            if item is None:             # a keyword reminder (its printed timing): nothing to do
                continue
            kind, cond = item
            if kind == "instead":
                instead = True
                continue
            if kind == "per":
                applied = [replace(e, per=cond) if getattr(e, "per", False) is None else e for e in effects]
                if applied == effects:   # no amount to multiply: the whole sentence repeats per item
                    applied = [Conditional(condition=Condition(kind="for_each", text="for each", selector=cond),
                                           effects=tuple(effects), span=self._span(meta))]
                effects = applied
                continue
            effects = [Conditional(condition=cond, effects=tuple(effects), span=self._span(meta))]
        out = _Stmt(effects)
        out.instead = instead
        out.restriction = getattr(c[0], "restriction", None)
        return out

    @v_args(meta=True)
    def grant(self, meta: Any, c: list) -> list:
        # "… gain the following effect: When This Spirit Attacks <effect>" (BSS 8-1-5-1, 8-2-2-2);
        # bs_assemble moves the line's later sentences into the gained ability too.
        label = next(str(t) for t in c if isinstance(t, Token) and t.type == "TIMING")
        kind = AbilityKind.TRIGGERED if label.lower().startswith("when") else AbilityKind.CONSTANT
        inner = c[-1]
        gained = Ability(kind=kind, timing=timing_name(label), timing_text=label, effects=tuple(inner),
                         restrictions=(inner.restriction,) if inner.restriction else (),
                         text=self._slice(meta), span=self._span(meta))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        target = next(x for x in c if isinstance(x, Selector))
        return [Gain(target=target, ability=gained, duration=dur, span=self._span(meta))]

    def directive_instead(self, c: list) -> Any:
        # "keep it on the field exhausted instead and discard …": the statement is a substitution (BSS 8-9-1)
        self._instead = True
        return c[0]

    def tr_unless(self, c: list) -> tuple:
        return ("if", replace(c[0], kind="unless", text="unless " + c[0].text))

    def tr_per(self, c: list) -> tuple:
        return c[0]

    def tr_if(self, c: list) -> tuple:
        return ("if", c[0])

    def tr_when(self, c: list) -> tuple:
        return ("when", c[0])

    def tr_start(self, c: list) -> tuple:
        return ("when", Condition(kind="timing", text=str(c[0])))

    @v_args(meta=True)
    def while_paying(self, meta: Any, c: list) -> tuple:
        return ("when", Condition(kind="while_paying_cost", text=self._slice(meta).rstrip(", "),
                                  selector=next((x for x in c if isinstance(x, Selector)), None)))

    @v_args(meta=True)
    def after_directive(self, meta: Any, c: list) -> list:
        first = c[0] if isinstance(c[0], list) else [c[0]]
        cond = Condition(kind="after_resolves", text=str(c[1]))
        return [Conditional(condition=cond, effects=tuple(first), span=self._span(meta))]

    def no_duplicate(self, c: list) -> list:
        out = _Stmt()
        out.restriction = "unstackable"
        return out

    def tr_this_effect(self, c: list) -> None:
        return None              # "with this effect": the effect's own directive, nothing to add

    def tr_instead(self, c: list) -> tuple:
        return ("instead", None)

    @v_args(meta=True)
    def tr_after(self, meta: Any, c: list) -> tuple:
        return ("after", Condition(kind="after_resolves", text=self._slice(meta)))

    def ev_tail(self, c: list) -> None:
        return None

    # leads: (kind, payload)
    def then(self, c: list) -> tuple:
        return ("then", None)

    def after_resolves(self, c: list) -> tuple:
        return ("after_resolves", None)

    def if_you_do(self, c: list) -> tuple:
        return ("if", Condition(kind="did", text="If you do"))

    def if_you_dont(self, c: list) -> tuple:
        return ("if", Condition(kind="did_not", text="If you do not"))

    def otherwise(self, c: list) -> tuple:
        return ("otherwise", None)

    def if_possible(self, c: list) -> tuple:
        return ("if", Condition(kind="possible", text="If possible"))

    @v_args(meta=True)
    def when_first(self, meta: Any, c: list) -> tuple:
        ev = c[0]
        return ("when", replace(ev, kind="first_each_turn", text=self._slice(meta).rstrip(", ")))

    def if_cond(self, c: list) -> tuple:
        return ("if", c[0])

    def when_event(self, c: list) -> tuple:
        return ("when", c[0])

    def once_per_turn(self, c: list) -> tuple:
        return ("restrict", "once_per_turn")

    def lead_duration(self, c: list) -> tuple:
        return ("duration", c[0])

    def start_of_step(self, c: list) -> tuple:
        return ("when", Condition(kind="timing", text="At the start of the step"))

    def end_of_battle(self, c: list) -> tuple:
        return ("when", Condition(kind="timing", text=str(c[0])))

    def lead_per_symbol(self, c: list) -> tuple:
        target = next(x for x in c if isinstance(x, Selector))
        return ("per", Selector(count=None, name="symbol", owner=target.owner))

    def lead_per(self, c: list) -> tuple:
        sel = next(x for x in c if isinstance(x, Selector))
        state = next((str(t).lower() for t in c if isinstance(t, Token) and t.type in ("EVENT_PASSIVE", "STATE")), None)
        return ("per", replace(sel, state=state) if state else sel)

    @v_args(meta=True)
    def sentence_(self, meta: Any, c: list) -> tuple:
        leads = [x for x in c if isinstance(x, tuple)]
        effects = next(x for x in c if isinstance(x, list))
        return (leads, effects, self._span(meta))

    def chain_head(self, c: list) -> tuple:
        return c[0]

    @v_args(meta=True)
    def chain_part(self, meta: Any, c: list) -> tuple:
        return ("chain", c[0], c[1:], self._span(meta))

    def effect_text(self, c: list) -> dict:
        label = next((str(x.children[0]) for x in c if isinstance(x, Tree) and x.data == "timing_inline"), None)
        return {"sentences": [x for x in c if isinstance(x, tuple) and len(x) == 3],
                "chains": [x for x in c if isinstance(x, tuple) and len(x) == 4],
                "keyword": next((x for x in c if isinstance(x, Keyword)), None),
                "inline": label}

    def timing_inline(self, c: list) -> Tree:
        return Tree("timing_inline", c)

    def timing(self, c: list) -> str:
        return " / ".join(str(t) for t in c)


from judge.text.bs import assemble as bs_assemble  # noqa: E402  (the sentence → ability assembly half)

build = bs_assemble.build
sentence_spans = bs_assemble.sentence_spans

__all__ = ["EXAMPLES", "BSTransformer", "build", "sentence_spans", "timing_name"]
