"""Battle Spirits parse trees (grammar/bs.lark) → AST nodes (judge.text.ast).

One transformer style: each rule (or alias) has a method turning its children — tokens, already
transformed values — into a value; nothing re-reads the matched text for meaning (the printed
words are only kept for display: `Condition.text`, `Ability.text`). Pronouns are left as `Ref`
and selections as `Pick`; `judge.text.pronouns.resolve` links them after the whole line is read.
The grammar reads the normalised view of a line (`judge.text.bs.normalise`); spans are mapped back
to the printed text through `Prepared`.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, Tree, v_args

from judge.text.ast import (
    Ability,
    Activate,
    Condition,
    Conditional,
    Cost,
    Duration,
    Gain,
    Keyword,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Selector,
    Sequence,
    Span,
    replace,
)
from judge.text.bs.conditions import ConditionMixin
from judge.text.bs.cores import CoreMixin
from judge.text.bs.directives import DirectiveMixin
from judge.text.bs.events import EventMixin
from judge.text.bs.nodes import _KEYWORDS, EXAMPLES, PHRASES, Ref, _num, _player, first, has_tok, tok, unmark
from judge.text.bs.objects import ObjectMixin, choose_objects
from judge.text.bs.restrictions import RestrictionMixin
from judge.text.bs.saga import SagaMixin
from judge.text.bs.selectors import SelectorMixin
from judge.text.dispatch import Resolved
from judge.text.parse import Prepared


class _Stmt(list):
    """A statement's effects, flagged when it ends in "instead" (a substitution, BSS 8-9) or says
    "This effect does not duplicate." (BS 12-3-2)."""

    instead = False
    restriction: str | None = None


def _with_reminder(effect: Any, reminder: list) -> Any:
    """`effect` with the printed timing of each gained keyword (a reminder, BSS 11-14-2) set, wherever
    the Gain sits (inside an "if …" too)."""
    timings = {name: timing for timing, name in reminder}
    if isinstance(effect, Gain) and effect.keyword is not None and effect.timing is None:
        return replace(effect, timing=timings.get(effect.keyword.name))
    if isinstance(effect, Conditional | Optional | Sequence):
        return replace(effect, effects=tuple(_with_reminder(e, reminder) for e in effect.effects))
    return effect


class BSTransformer(ConditionMixin, EventMixin, SagaMixin, SelectorMixin, RestrictionMixin, DirectiveMixin, CoreMixin,
                    ObjectMixin, Resolved):
    """Bottom-up: tokens → values, rules → AST nodes (spans mapped into the printed text)."""

    __visit_tokens__ = False      # tokens stay tokens (no per-token callback: a tenth of the transform time)

    def __init__(self, prepared: Prepared, offset: int) -> None:
        super().__init__(visit_tokens=False)   # Lark's __init__ sets the instance's flag: the class's alone is overridden
        self.prepared, self.offset = prepared, offset

    # ── positions ──
    def _span(self, meta: Any) -> Span | None:
        if meta is None or getattr(meta, "empty", True):
            return None
        p = self.prepared
        return Span(self.offset + p.to_source(meta.start_pos), self.offset + p.to_source_end(meta.end_pos))

    def _printed(self, meta: Any) -> str:
        """The printed words a node was read from (for display only)."""
        if meta is None or getattr(meta, "empty", True):
            return ""
        p = self.prepared
        return p.source[p.to_source(meta.start_pos):p.to_source_end(meta.end_pos)].strip()

    def __default__(self, data: str, children: list, meta: Any) -> Any:
        return Tree(data, children, meta)

    # ── words of closed sets, as tokens of one type each ──
    def stat(self, c: list) -> Token:
        return Token("STAT", str(c[0]).lower())

    def zone(self, c: list) -> Token:
        word = str(c[0]).lower()
        return Token("ZONE", "hand" if word.startswith("hand") else word)

    def done(self, c: list) -> Token:
        return c[0]

    def revealed_cards(self, c: list) -> Token:
        return Token("REVEALED", "revealed")

    # ── durations ──
    def duration(self, c: list) -> Duration:
        t = str(c[0]).lower()
        if t.startswith("during") and "next" in t:   # "during your opponent's / their / your next turn": that turn only
            return Duration.YOUR_NEXT_TURN if t.split()[1] == "your" and "opponent" not in t else Duration.OPPONENT_NEXT_TURN
        if "next" in t:
            return Duration.NEXT_TURN_END
        return Duration.BATTLE if "battle" in t else Duration.TURN

    # ── keywords (BSS 11) ──
    def keyword_name(self, c: list) -> str:
        word = unmark(c[0])
        return _KEYWORDS.get(re.sub(r"\s+", "", word).lower(), word)

    def kw_name(self, c: list) -> str:
        return c[0] if isinstance(c[0], str) and not isinstance(c[0], Token) else \
            _KEYWORDS.get(re.sub(r"\s+", "", str(c[0])).lower(), str(c[0]).strip())

    def kwp_color(self, c: list) -> str:
        return str(c[0]).lower()

    def kwp_int(self, c: list) -> str:
        return str(_num(c[0]))

    def kwp_plus(self, c: list) -> str:
        return f"+{_num(c[0])}"

    def kwp_name(self, c: list) -> str:
        return unmark(str(c[0]).strip('"“”'))

    def kwp_cost(self, c: list) -> str:
        # BSS 11-8-2 [Ascend: condition]: "Costs 4 or More" → "cost>=4"
        n, op = first(c, tuple)
        return f"cost{op if op != '==' else '>='}{n}"

    def kw_params(self, c: list) -> tuple[str, ...]:
        return tuple(c)

    @v_args(meta=True)
    def keyword(self, meta: Any, c: list) -> Keyword:
        name = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        params = first(c, tuple) or ()
        return Keyword(name, tuple(params), span=self._span(meta))

    @v_args(meta=True)
    def keyword_bare(self, meta: Any, c: list) -> Keyword:
        # a keyword printed without 【】 ("Curse" after a label; BSS 11)
        return Keyword(self.keyword_name(c[:1]), first(c, tuple) or (), span=self._span(meta))

    keyword_tail = keyword_bare

    def keyword_ref(self, c: list) -> Keyword:
        if isinstance(c[0], Token) and c[0].type == "QUOTED_KW":     # "Link": the name inside the quotes
            return Keyword(self.keyword_name([str(c[0]).strip('"')]))
        return c[0] if isinstance(c[0], Keyword) else Keyword(c[0])

    def keyword_line(self, c: list) -> dict:
        reminder = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "reminder"), [])
        return {"keywords": [k for k in c if isinstance(k, Keyword)], "reminder": reminder,
                "either": any(str(t).strip(" ,").lower() == "or" for t in c
                              if isinstance(t, Token) and t.type == "AND_KW")}

    # ── statements ──
    def directives(self, c: list) -> list:
        out: list = []
        after = None
        for x in c:
            if isinstance(x, tuple) and x and x[0] == "after":       # "… after its effect resolves and …"
                after, window = x[2], x[3]
                x = x[1]
            out.extend(x if isinstance(x, list) else [x])
        out = choose_objects(out)                 # "destroy X or Y": one of them (BSS 8-1-8)
        if after is not None:
            return [Conditional(condition=Condition(kind="after_resolves", text="", window=window), effects=tuple(out),
                                span=after)]
        return out

    @v_args(meta=True)
    def optional_(self, meta: Any, c: list) -> list:
        # "You may X" (BSS 8-1-8); "You may X to Y": X an effect cost paid to do Y (BSS 8-4-1)
        lists = [x for x in c if isinstance(x, list)]
        who = first(c, Player)                  # "your opponent may …": theirs the choice and the acts
        if who is not None:
            lists = [[replace(e, player=who) if getattr(e, "player", Player.YOU) in (None, Player.YOU) and hasattr(e, "player")
                      else e for e in x] for x in lists]
        if len(lists) > 1:
            out = self._cost_clause(meta, lists)
        else:
            out = [Optional(effects=tuple(lists[0]), span=self._span(meta))]
        return [replace(o, player=who) for o in out] if who is not None else out

    @v_args(meta=True)
    def required_cost(self, meta: Any, c: list) -> list:
        # "Discard three cards to place a core …": the first part is paid to do the rest (BSS 8-4-1)
        return [Sequence(connector="to", effects=(*c[0], *c[1]), span=self._span(meta))]

    def _cost_clause(self, meta: Any, lists: list) -> list:
        cost, effects = lists[0], lists[-1]
        if len(cost) == 1 and len(effects) == 1 and isinstance(effects[0], Activate) and effects[0].step \
                and isinstance(cost[0], MoveCores) and cost[0].equal_to is not None and cost[0].equal_to.stat == "cost":
            # "pay this card's cost to activate its flash effect" (BSS 10-9-2): activated, its cost paid
            return [Optional(effects=(replace(effects[0], pay_cost=True),), span=self._span(meta))]
        return [Optional(effects=tuple(effects), cost=Cost(effects=tuple(cost)), span=self._span(meta))]

    @v_args(meta=True)
    def must_do(self, meta: Any, c: list) -> list:
        # "they must discard a card (as an additional cost)" (BS 5-19-5; BSS 8-4-2-2)
        effects = next(x for x in c if isinstance(x, list))
        who = first(c, Player)
        if who is None and isinstance(c[0], Ref):
            who = Player.OPPONENT           # "they must discard a card": a pronoun for a player is the opponent
        if who is not None:
            effects = [replace(e, player=who) if hasattr(e, "player") and e.player in (None, Player.YOU)
                       else e for e in effects]
        connector = "additional_cost" if tok(c, "ADDITIONAL_COST") is not None else "must"
        return [Sequence(connector=connector, effects=tuple(effects), span=self._span(meta))]

    @v_args(meta=True)
    def choice(self, meta: Any, c: list) -> list:
        from judge.text.ast import Modal

        options = tuple(tuple(choose_objects(x if isinstance(x, list) else [x])) for x in c if not isinstance(x, Token))
        return [Modal(count=1, options=options, span=self._span(meta))]

    @v_args(meta=True)
    def then_seq(self, meta: Any, c: list) -> list:
        lists = [x for x in c if isinstance(x, list)]
        return [Sequence(connector="then", effects=(*lists[0], *lists[1]), span=self._span(meta))]

    @v_args(meta=True)
    def statement(self, meta: Any, c: list) -> list:
        head = c[0]
        effects = head if isinstance(head, list) else [head]
        instead = getattr(self, "_instead", False)     # "… instead and …" inside the statement
        self._instead = False
        restriction = getattr(head, "restriction", None)
        for item in c[1:]:
            if not isinstance(item, tuple):
                continue
            kind, payload = item
            if kind == "instead":
                instead = True
            elif kind == "unless_pay":
                effects = [replace(e, cost=Cost(effects=(payload,))) if isinstance(e, Restriction) else e
                           for e in effects]
                rest = [e for e in effects if not isinstance(e, Restriction)]
                if rest:      # "discard … unless they pay one core": done unless that player pays (BSS 8-4)
                    effects = [e for e in effects if isinstance(e, Restriction)] + [Conditional(
                        condition=Condition(kind="unpaid", text="", player=payload.player,
                                            cost=Cost(effects=(payload,))),
                        effects=tuple(rest), span=self._span(meta))]
            elif kind == "per":
                # "… and place one core … for each card you discarded": the last amount is multiplied
                last = max((i for i, e in enumerate(effects) if getattr(e, "per", False) is None), default=None)
                applied = [replace(e, per=payload) if i == last else e for i, e in enumerate(effects)]
                if last is None:         # no amount to multiply: the whole sentence repeats per item
                    applied = [Conditional(condition=Condition(kind="for_each", text="", selector=payload),
                                           effects=tuple(effects), span=self._span(meta))]
                effects = applied
            elif kind == "restrict":
                restriction = payload
            elif kind == "reminder":         # the gained keywords' printed timing (BSS 11-14-2)
                effects = [_with_reminder(e, payload) for e in effects]
            else:
                effects = [Conditional(condition=payload, effects=tuple(effects), span=self._span(meta))]
        out = _Stmt(effects)
        out.instead = instead
        out.restriction = restriction
        return out

    @v_args(meta=True)
    def grant(self, meta: Any, c: list) -> list:
        # "… gain the following effect: When This Spirit Attacks <effect>" (BSS 8-1-5-1, 8-2-2-2);
        # the assembly moves the line's later sentences into the gained ability too.
        from judge.text.bs.assemble import ability_kind
        from judge.text.bs.labels import label_timing

        parts = first(c, list)
        inner = c[-1]
        timing, trigger = label_timing(parts)
        gained = Ability(kind=ability_kind(timing, trigger), timing=timing, condition=trigger,
                         effects=tuple(inner), restrictions=(inner.restriction,) if inner.restriction else (),
                         text=self._printed(meta), span=self._span(meta))
        return [Gain(target=first(c, Selector), ability=gained, duration=first(c, Duration) or Duration.PERMANENT,
                     span=self._span(meta))]

    def directive_instead(self, c: list) -> Any:
        # "keep it on the field exhausted instead and discard …": the statement is a substitution (BSS 8-9-1)
        self._instead = True
        return c[0]

    def effect_limit(self, c: list) -> list:
        # "this effect does not duplicate" (unstackable), "… may only be used once per turn"
        out = _Stmt()
        out.restriction = "unstackable" if has_tok(c, "DOES") else "once_per_turn"
        return out

    @v_args(meta=True)
    def after_directive(self, meta: Any, c: list) -> tuple:
        # BS 5-19-3: the directives it is joined to happen after that effect resolves (see `directives`)
        return ("after", c[0] if isinstance(c[0], list) else [c[0]], self._span(meta), _after_window(c[-1]))

    # adjuncts, before a comma or at the end: (kind, payload)
    def adj_if(self, c: list) -> tuple:
        # "If one of your spirits attacks, …": an event in the present is waited for, as "when" (BSS 8-1-5-1)
        cond = c[0]
        if cond.kind == "event" and "this_turn" not in cond.qualifiers:
            return ("when", cond)
        return ("if", cond)

    def adj_unless(self, c: list) -> tuple:
        return ("if", replace(c[0], negated=not c[0].negated, text="unless " + c[0].text))

    def adj_during(self, c: list) -> tuple:
        # "during your turn", "during your opponent's attack step": whose turn or step it is (BSS 6, 8-1-4-1)
        whose, step = c[0]
        player = {"your": Player.YOU, "opponents": Player.OPPONENT}.get(whose)
        return ("if", Condition(kind="during", text="", event=step, player=player))

    def adj_when(self, c: list) -> tuple:
        return ("when", c[0])

    adj_at = adj_paying = adj_when

    def adj_per(self, c: list) -> tuple:
        return c[0]

    def adj_once(self, c: list) -> tuple:
        return ("restrict", "once_per_turn")

    def lead_adjunct(self, c: list) -> tuple:
        return c[0]

    tr_adjunct = lead_adjunct

    # trailers: (kind, payload)

    @v_args(meta=True)
    def tr_unless_pay(self, meta: Any, c: list) -> tuple:
        # "cannot attack unless they pay one core": the cost that lifts the restriction (BSS 8-4)
        who = first(c, Player) or Player.OPPONENT
        return ("unless_pay", MoveCores(count=next(x for x in c if isinstance(x, int) and not isinstance(x, bool)),
                                        source="field_or_reserve", dest="trash", player=who, span=self._span(meta)))

    def tr_instead(self, c: list) -> tuple:
        return ("instead", None)

    def instead_of(self, c: list) -> None:
        return None

    def tr_this_effect(self, c: list) -> None:
        return None              # "with this effect": the effect's own directive, nothing to add

    def tr_after(self, c: list) -> tuple:
        return ("if", Condition(kind="after_resolves", text="", window=_after_window(c[0])))

    def tr_reminder(self, c: list) -> tuple:
        return c[0]

    # leads: (kind, payload)
    def then(self, c: list) -> tuple:
        return ("then", None)

    def after_resolves(self, c: list) -> tuple:
        return ("after_resolves", None)

    def if_you_do(self, c: list) -> tuple:
        negated = any(isinstance(t, Token) and t.type in ("NEG", "DONT", "CANNOT") for t in c)   # "if you cannot": not done
        return ("if", Condition(kind="did_not" if negated else "did", text="If you do" + (" not" if negated else "")))

    def otherwise(self, c: list) -> tuple:
        return ("otherwise", None)

    def if_possible(self, c: list) -> tuple:
        return ("if", Condition(kind="possible", text="If possible"))

    def or_else(self, c: list) -> tuple:
        return ("or", None)

    def bullet(self, c: list) -> tuple:
        return ("bullet", None)

    @v_args(meta=True)
    def when_state_event(self, meta: Any, c: list) -> tuple:
        # "When you have 3 or fewer life and you reduce your opponent's life, …": both must be true
        state = self.cond_have([x for x in c if not isinstance(x, Condition)])
        event = first(c, Condition)
        return ("when", Condition(kind="all", text=self._printed(meta).rstrip(", "), conditions=(state, event),
                                  span=self._span(meta)))

    @v_args(meta=True)
    def if_when_event(self, meta: Any, c: list) -> tuple:
        # "If one of your spirits has higher BP than X when it compares BP, …": the event triggers, the
        # condition is checked as it happens (event first, then the condition)
        cond, event = c[0], c[-1]
        return ("when", Condition(kind="all", text=self._printed(meta).rstrip(", "), conditions=(event, cond),
                                  span=self._span(meta)))

    def when_time(self, c: list) -> tuple:
        # "the first time … each turn" (BS 12-3-1); "the next time … (during this turn)": once, and only
        # within the duration (BSS 8-9)
        ev = first(c, Condition)
        if "first" in c:
            return ("when", replace(ev, qualifiers=(*ev.qualifiers, "first_each_turn")))
        within = {Duration.TURN: ("this_turn",), Duration.BATTLE: ("this_battle",)}.get(first(c, Duration), ())
        return ("when", replace(ev, qualifiers=(*ev.qualifiers, "next_only", *within)))

    def first_time(self, c: list) -> str:
        return "first"

    def next_time(self, c: list) -> str:
        return "next"

    def after_draw(self, c: list) -> tuple:
        # "After your draw, …": after the draw of the draw step (BSS 6-4)
        return ("when", Condition(kind="event", text="", event="draws", player=_player(tok(c, "POSS")),
                                  qualifiers=("draw_step",)))

    def each_turn(self, c: list) -> tuple:
        # "Each turn, the first spirit that attacks …": "first" is counted per turn already (the selector's
        # state first_attacker_this_turn); the lead adds no condition of its own
        return ("each_turn", None)

    def lead_duration(self, c: list) -> tuple:
        return ("duration", c[0])

    @v_args(meta=True)
    def sentence_(self, meta: Any, c: list) -> tuple:
        leads = [x for x in c if isinstance(x, tuple)]
        effects = next(x for x in c if isinstance(x, list))
        return (leads, effects, self._span(meta))

    def chain_head(self, c: list) -> tuple:
        return c[0]

    @v_args(meta=True)
    def chain_part(self, meta: Any, c: list) -> tuple:
        return ("chain", c[0], [x for x in c[1:] if isinstance(x, tuple)], self._span(meta))

    def text(self, c: list) -> dict:
        return {"sentences": [x for x in c if isinstance(x, tuple) and len(x) == 3],
                "chains": [x for x in c if isinstance(x, tuple) and len(x) == 4],
                "keyword": first(c, Keyword)}

    # ── the line ──
    def body_keyword(self, c: list) -> dict:
        return {"label": first(c, list), **first(c, dict)}

    def body_text(self, c: list) -> dict:
        return {"label": first(c, list), **first(c, dict)}

    def body_label(self, c: list) -> dict:
        return {"label": c[0]}

    def tag(self, c: list) -> tuple:
        t = c[0]
        word = str(t).strip("[] ").lower()
        if t.type == "STEP_TAG":
            return ("step", word)
        if t.type == "BURST_TAG":
            return ("burst", word)
        return ("limit", tuple("once_per_turn" if "once" in p else "unstackable" for p in word.split(",")))

    def tags(self, c: list) -> list:
        return list(c)

    def levels(self, c: list) -> tuple:
        return ("levels", tuple(int(re.sub(r"\D", "", str(t))) for t in c))

    def line(self, c: list) -> list:
        return list(c)


from judge.text.bs import assemble as bs_assemble  # noqa: E402  (the sentence → ability assembly half)
from judge.text.bs.normalise import prepare  # noqa: E402  (the pipeline's normalisation hook)

sentence_spans = bs_assemble.sentence_spans


def build(tree: Any, prepared: Any, offset: int) -> Any:
    """One parsed `line` → an Ability (judge.text.parse's hook): the assembly, with this Transformer."""
    return bs_assemble.build(tree, prepared, offset, BSTransformer)


def _read_label(words: str, tree: Any) -> Any:
    """A quoted label's tree → its parts (judge.text.bs.labels reads quoted labels with it)."""
    from judge.text.prepared import Prepared

    return BSTransformer(Prepared.of(words), 0).transform(tree)


from judge.text.bs import labels as _labels  # noqa: E402  (the quoted-label reader is registered there)

_labels.LABEL_READER[:] = [_read_label]

#: A sentence the grammar reads as one effect node, put where a sentence of a line it cannot read
#: stood so that the rest of the line is read in place (judge.text.parse; the node is then
#: replaced by the `unread` words, never kept).
PLACEHOLDER = "draw 1 card."


def _after_window(word: object) -> str:
    """Whose resolution "after … effect resolves" waits for (BS 5-19-3): this effect ("after this
    effect resolves") or the effect of the card the trigger names ("after that card's effect resolves",
    "after its effect resolves")."""
    return "this_effect" if str(word).lower().split()[1] == "this" else "trigger"

__all__ = ["EXAMPLES", "PHRASES", "PLACEHOLDER", "BSTransformer", "Ref", "_player", "build", "prepare",
           "sentence_spans"]
