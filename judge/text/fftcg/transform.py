"""FFTCG parse trees → effect AST (judge.text.ast), one ability at a time.

The grammar (grammar/fftcg.lark) reads the text through `fftcg_source.mask` (same length, lower
case, own name masked), so every position in a tree is a position in the printed text. Where a
rule's alternatives differ only in a literal word ("reduced" / "increased", "or more" / "or less")
the Transformer reads that word from the text slice the rule covered: the grammar has already
checked the shape, the slice only says which alternative it was.

Pronouns: "Choose 1 Forward. Deal it 7000 damage." gives one Damage whose target is the chosen
selector (its `choose` is "choose"); an "it" with nothing chosen before keeps `ref="it"`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token, Tree

from judge.text.ast import (
    Ability,
    Choose,
    Condition,
    Conditional,
    Cost,
    CostChange,
    Counters,
    Damage,
    Destroy,
    Discard,
    Duration,
    Effect,
    Keyword,
    Modal,
    ModifyStat,
    Move,
    Optional,
    Player,
    Restriction,
    Reveal,
    Selector,
    Sequence,
    SetState,
    Span,
)
from judge.text.fftcg.assemble import (
    DelayedPart,
    Event,
    KeywordSet,
    Trigger,
    UseLimit,
    apply_lasting,
    assemble,
    first_of,
    flatten,
    number_in,
    number_text,
    ref_name,
    resolve_pronouns,
    with_duration,
)
from judge.text.fftcg.conditions import ConditionRules, apply_units
from judge.text.fftcg.effects import EffectRules
from judge.text.fftcg.source import mask
from judge.text.fftcg.xvalues import VAR as X_VAR
from judge.text.fftcg.xvalues import XValueRules
from judge.text.fftcg.xvalues import lift as lift_x
from judge.text.fftcg.xvalues import mark as mark_x

ELEMENT_ICONS = {"火": "fire", "氷": "ice", "風": "wind", "土": "earth", "雷": "lightning", "水": "water",
                 "光": "light", "闇": "dark"}
#: trigger events (grammar aliases ev_*) → Ability.timing values
TIMINGS = {"enters": "enters_field", "attacks": "attacks", "blocks": "blocks", "blocked": "is_blocked",
           "party": "forms_party", "to_break": "put_into_break_zone", "leaves": "leaves_field",
           "chosen": "is_chosen", "deals_damage": "deals_damage", "dealt_damage": "is_dealt_damage", "dealt_damage_vs_power": "is_dealt_damage", "opp_uses": "opponent_uses_ability", "uses": "uses_ability", "milled": "put_from_deck_into_break_zone",
           "returned": "returned_to_hand", "you_cast": "you_cast", "opp_casts": "opponent_casts",
           "you_damaged": "you_receive_damage", "you_draw": "you_draw", "discarded": "discarded",
           "activated": "activated", "dulled": "dulled", "removed": "removed_from_game",
           "added_from_break": "added_to_hand_from_break_zone", "priming": "priming", "broken": "is_broken",
           "opp_discards": "opponent_discards", "counter_removed": "counter_removed",
           "counter_placed": "counter_placed", "to_damage_zone": "put_into_damage_zone"}


#: words of a use limit ("You can only use this ability …", 11.6) → Ability.restrictions value
_USE_LIMITS = (("twice", "twice_per_turn"), ("once", "once_per_turn"), ("opponent's turn", "opponent_turn_only"),
               ("main phase", "main_phase_only"), ("attack phase", "attack_phase_only"),
               ("while", "while_state"), ("in your hand", "from_hand"), ("break zone", "from_break_zone"),
               ("your turn", "your_turn_only"))

#: grammar rules whose words only qualify their parent (read there from the text slice)
_WORDS_ONLY = frozenset({"damage_recipient", "due_to", "field_of", "phase_name", "phase_time", "rest_cards",
                         "search_dest", "source", "source_list", "without_paying"})


class FFTCGTransformer(XValueRules, ConditionRules, EffectRules):
    """Builds AST nodes; `text` is the printed text of the ability, `offset` its position."""

    def __init__(self, text: str, offset: int = 0, view: str | None = None) -> None:
        super().__init__()
        self.text, self.offset = text, offset
        self.view = view if view is not None and len(view) == len(text) else mask(text, None)

    # ------------------------------------------------------------------ helpers
    def _span(self, meta: Any) -> Span | None:
        if getattr(meta, "empty", True):
            return None
        return Span(self.offset + meta.start_pos, self.offset + meta.end_pos)

    def _slice(self, meta: Any) -> str:
        return "" if getattr(meta, "empty", True) else self.view[meta.start_pos:meta.end_pos]

    def _printed(self, meta: Any) -> str:
        return "" if getattr(meta, "empty", True) else self.text[meta.start_pos:meta.end_pos]

    def _has(self, meta: Any, *words: str) -> bool:
        s = f" {' '.join(self._slice(meta).split())} "
        return any(f" {w} " in s or f" {w}." in s or f" {w}," in s for w in words)

    def _tokname(self, tok: Token) -> str:
        return ref_name(str(tok), self.text[tok.start_pos:tok.end_pos])

    # ------------------------------------------------------------------ keywords (15.2)
    def kw_haste(self, meta, c):
        return Keyword("Haste", span=self._span(meta))

    def kw_brave(self, meta, c):
        return Keyword("Brave", span=self._span(meta))

    def kw_first_strike(self, meta, c):
        return Keyword("First Strike", span=self._span(meta))

    def kw_back_attack(self, meta, c):
        return Keyword("Back Attack", span=self._span(meta))

    def keywords(self, meta, c):
        return KeywordSet(tuple(c))

    def kw_item(self, meta, c):
        return first_of(c, Ability)

    def keyword_list(self, meta, c):
        return KeywordSet(tuple(k for k in c if isinstance(k, (Keyword, Ability))))

    def damage_label(self, meta, c):
        return ("damage", number_text(str(c[0])))

    def limit_break(self, meta, c):
        return Keyword("Limit Break", (str(number_text(str(c[0]))),), span=self._span(meta))

    def warp(self, meta, c):
        return (Keyword("Warp", (str(number_text(str(c[0]))),), span=self._span(meta)), c[1])

    def priming(self, meta, c):
        name = re.search(r'"([^"]+)"', self._printed(meta))
        return (Keyword("Priming", (name.group(1) if name else "",), span=self._span(meta)), c[1])

    # ------------------------------------------------------------------ costs (11.6.2, 11.7.2)
    def icons(self, meta, c):
        cp: list[str] = []
        dull = special = x = False
        crystal = 0
        for tok in c:
            inner = str(tok)[1:-1]
            if inner == "ダル":
                dull = True
            elif inner == "s":
                special = True
            elif inner == "c":
                crystal += 1
            elif inner == "x":
                x = True
            elif inner in ELEMENT_ICONS:
                cp.append(ELEMENT_ICONS[inner])
            elif inner.isdigit():
                cp.append(inner)
            else:
                cp.append(inner)
        return Cost(cp=tuple(cp), dull_self=dull, special=special, crystal=crystal, x=x, span=self._span(meta))

    def cost(self, meta, c):
        base = first_of(c, Cost) or Cost()
        extra: list[Effect] = []
        for item in c:
            if isinstance(item, list):
                extra.extend(item)
        for e in extra:
            revealed = isinstance(e, Choose) and e.target.choose == "select"  # "reveal 1 X in your hand" (7.11)
            if not (revealed or isinstance(e, (Destroy, Discard, SetState, Move, Damage, Reveal, Counters))):
                raise ValueError(f"not a cost: {type(e).__name__}")
        return replace(base, effects=tuple(extra), span=self._span(meta))

    def special(self, meta, c):
        name = str(c[0])
        printed = self.text[c[0].start_pos:c[0].end_pos]
        name = printed.replace("[[s]]", "").replace("[[/]]", "").strip()
        return ("special", name, c[1], c[2])

    def action(self, meta, c):
        return ("action", c[0], c[1])

    # ------------------------------------------------------------------ triggers (11.8)
    def when_trigger(self, meta, c):
        events = [e for e in c if isinstance(e, Event)]
        timing = "|".join(e.timing for e in events)
        if any(isinstance(t, Token) and t.type == "BEGIN_END" for t in c):
            timing += "|at_phase"
        subject = next((e.subject for e in events if e.subject is not None), None)
        return Trigger(timing, self._printed(meta), self._span(meta), subject)

    def when_cast_nth(self, meta, c):
        nth = next(str(t) for t in c if isinstance(t, Token) and t.type == "ORDINAL")
        pairs = [p for x in c if isinstance(x, list | tuple) for p in (x if isinstance(x, list) else [x])]
        what = next((p[1] for p in pairs if isinstance(p, tuple) and p[0] == "type"), "card")
        return Trigger(f"you_cast_{nth}_{what}", self._printed(meta), self._span(meta))

    def when_do_so(self, meta, c):
        return Trigger("when_do_so", self._printed(meta), self._span(meta))

    def at_trigger(self, meta, c):
        edge = "beginning" if self._has(meta, "beginning") else "end"
        phase = "_".join(w for w in ("attack", "main", "end", "draw", "active") if self._has(meta, w, w + "_"))
        phase = re.sub(r"\bend\b", "", phase).strip("_") if edge == "end" and self._slice(meta).count("end") == 1 else phase
        words = " ".join(self._slice(meta).lower().split())
        turn = (Player.OPPONENT if "opponent's" in words else Player.ANY if "each player's" in words
                or "each turn" in words else Player.YOU if "your" in words else None)
        number = 2 if "main phase 2" in words else 1 if "main phase 1" in words else None
        return Trigger(f"{edge}_of_{phase or 'turn'}", self._printed(meta), self._span(meta), turn=turn,
                       next_turn="your next" in words, phase_number=number)

    def __default__(self, data, children, meta):
        if data.startswith("ev_"):
            return Event(TIMINGS.get(data[3:], data[3:]), first_of(children, Selector),
                         self._damage_qualifiers(data, children, meta))
        if data in _WORDS_ONLY:
            return Tree(data, children, meta)
        raise ValueError(f"no AST rule for grammar rule {data!r}")  # a grammar rule left unmapped

    def _damage_qualifiers(self, data: str, children: list[Any], meta: Any) -> tuple[str, ...]:
        """What kind of damage a damage event is about (6.5): "other than battle damage", "by your
        opponent's Summons or abilities", "less than its power", "for the first time in that turn"."""
        if data == "ev_dealt_damage_vs_power":
            return ("less_than_power" if self._has(meta, "less") else "more_than_power",)
        out: list[str] = []
        for t in children:
            if not (isinstance(t, Tree) and t.data == "dmg_qual"):
                continue
            words = self._printed(t.meta).lower()
            if "other than battle" in words:
                out.append("not_battle")
            elif "first time" in words:
                out.append("first_in_turn")
            elif words.startswith("while "):
                out.append("while_" + words.split()[-1])
            elif "summon" in words or "abilit" in words:
                out.append("by_opponent" if "opponent" in words else "by_effect")
            elif words != "this turn":
                out.append("by_card")
        return tuple(out)

    # ------------------------------------------------------------------ sentences (11.11.5)
    def clause_list(self, meta, c):
        return flatten(c)

    def then_seq(self, meta, c):
        first = flatten(c[:1])
        rest = flatten(c[2:])
        return [Sequence(connector="then", effects=(*first, *rest), span=self._span(meta))]

    def then_start(self, meta, c):
        return [Sequence(connector="then", effects=tuple(flatten(c)), span=self._span(meta))]

    def may(self, meta, c):
        return [Optional(effects=tuple(flatten(c)), span=self._span(meta))]

    def if_clause(self, meta, c):
        return [Conditional(condition=c[0], effects=tuple(flatten(c[1:])), span=self._span(meta))]

    def all_conditions(self, meta, c):
        parts = [x for x in c if isinstance(x, Condition)]
        return Condition(kind="all", text=self._printed(meta), selector=parts[0].selector,
                         threshold=parts[0].threshold, span=self._span(meta)) if parts else None

    def if_not(self, meta, c):
        return [Conditional(condition=Condition(kind="not_done", text="If not"), effects=tuple(flatten(c)),
                            span=self._span(meta))]

    def if_possible(self, meta, c):
        return flatten(c)

    def if_instead(self, meta, c):
        return [Conditional(condition=c[0], effects=tuple(flatten(c[1:])), instead=True, span=self._span(meta))]

    def _during(self, meta, c, dur: Duration, kind: str | None = None):
        out = [with_duration(e, dur) for e in flatten(c)]
        if kind:
            return [Conditional(condition=Condition(kind="turn", text=kind), effects=tuple(out), span=self._span(meta))]
        return out

    def until_eot(self, meta, c):
        return self._during(meta, c, Duration.TURN)

    def during_turn(self, meta, c):
        return self._during(meta, c, Duration.TURN)

    def during_your_turn(self, meta, c):
        return self._during(meta, c, Duration.PERMANENT, "your_turn")

    def during_opp_turn(self, meta, c):
        return self._during(meta, c, Duration.PERMANENT, "opponent_turn")

    def delayed(self, meta, c):
        trig = c[0]
        return [DelayedPart(trig, flatten(c[1:]))]

    def trigger_once(self, meta, c):
        items = [x for x in c if isinstance(x, tuple)] + [("if", x) for x in c if isinstance(x, Condition)]
        limits = tuple("trigger_" + x[0] for x in items if x[0] != "if")
        conds = [x[1] for x in items if x[0] == "if"]   # "… only if X and if Y" (AND_IF): both must hold
        cond = conds[0] if len(conds) == 1 else (
            Condition(kind="all", text=" and ".join(x.text for x in conds), selector=conds[0].selector,
                      span=self._span(meta)) if conds else None)
        return [UseLimit(limits, cond)]

    def use_limit(self, meta, c):
        cond = first_of(c, Condition)
        if cond is not None:
            return ("if", cond)
        s = " ".join(self._slice(meta).split())
        for words, limit in _USE_LIMITS:
            if words in s:
                return (limit, None)
        return ("your_turn_only", None)

    def once_per_turn(self, meta, c):
        items = [("if", x) if isinstance(x, Condition) else x for x in c if isinstance(x, tuple | Condition)]
        limits = tuple(x[0] for x in items if x[0] != "if")
        conds = [x[1] for x in items if x[0] == "if"]
        cond = conds[0] if len(conds) == 1 else (
            Condition(kind="all", text=" and ".join(x.text for x in conds), span=self._span(meta)) if conds else None)
        return [UseLimit(limits, cond)]

    def quoted(self, meta, c):
        return tuple(resolve_pronouns(apply_lasting(flatten(c))))

    def modal_head(self, meta, c):
        return ("head", number_in(c), self._has(meta, "up"))

    def modal_more(self, meta, c):
        return ("more", c[0], c[1])

    def modal(self, meta, c):
        head = c[0]
        options = tuple(o for o in c[1:] if isinstance(o, tuple) and o and o[0] not in ("head", "more"))
        base = Modal(count=head[1], up_to=head[2], options=options, span=self._span(meta))
        more = next((x for x in c if isinstance(x, tuple) and x and x[0] == "more"), None)
        if more is None:
            return [base]
        _, cond, (_, n, up) = more
        return [Conditional(condition=cond, effects=(replace(base, count=n, up_to=up),), otherwise=(base,),
                            instead=True, span=self._span(meta))]

    def per_stmt(self, meta, c):
        per = c[0][1]
        return [replace(e, per=per) if isinstance(e, (ModifyStat, Damage, CostChange)) else e for e in flatten(c[1:])]

    def st_damage_change(self, meta, c):
        sign = -1 if self._has(meta, "reduced", "decreases") else 1
        return ModifyStat(stat="damage_received", amount=sign * number_in(c),
                          target=first_of(c, Selector) or Selector(ref="it"), duration=Duration.TURN,
                          span=self._span(meta), next_only=self._has(meta, "next"))

    def st_lose_all(self, meta, c):
        dur = first_of(c, Duration) or Duration.PERMANENT
        return Restriction(mode="lose", action="all_abilities", target=c[0], duration=dur, span=self._span(meta))


    def player_mill(self, meta, c):
        c, var = lift_x(c)  # "the top X cards" (4.5)
        return mark_x(Move(target=Selector(count=c[1], zone="deck", owner=c[0]), dest="break", span=self._span(meta)),
                      var)

    def place_counters(self, meta, c):
        name = str(next(t for t in c if isinstance(t, Token) and t.type == "COUNTER_NAME")).rsplit(" ", 1)[0]
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Counters(name=name.title(), count=number_in(c), target=first_of(c, Selector), per=per,
                        span=self._span(meta))

    def remove_counters(self, meta, c):
        name = str(next(t for t in c if isinstance(t, Token) and t.type == "COUNTER_NAME")).rsplit(" ", 1)[0]
        count = number_in(c) if any(isinstance(t, Token) and t.type == "NUMBER" for t in c) else 0  # 0: all
        var = X_VAR if self._slice(meta).split()[1:2] == [X_VAR] else None  # "remove X … Counters" (4.5)
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Counters(name=name.title(), count=1 if var else count, target=first_of(c, Selector), remove=True,
                        per=per, span=self._span(meta), amount_var=var)

    def effects(self, meta, c):
        return apply_units(c)

    def inner_ability(self, meta, c):
        return assemble(c[0], self._printed(meta), self._span(meta), ex_burst=False, damage=None)

    def gains_quoted(self, meta, c):
        return c

    # ------------------------------------------------------------------ abilities (11.5)
    def ability(self, meta, c):
        ex = any(isinstance(t, Token) and t.type == "EX_BURST" for t in c)
        damage = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "damage"), None)
        body = [x for x in c if not (isinstance(x, Token) or (isinstance(x, tuple) and x and x[0] == "damage"))]
        return assemble(body[0], self._printed(meta), self._span(meta), ex_burst=ex, damage=damage)

    def line(self, meta, c):
        return c[0]






# ---------------------------------------------------------------------- parse pipeline hooks
# judge.text.parse calls split(text) once, then prepare(segment) and build(tree, prepared, offset)
# for each ability. The grammar reads the prepared view; the AST keeps the printed words, so the
# printed segment is remembered under its view (bounded: views repeat across calls).
_PRINTED: dict[str, str] = {}
_NAME: list[tuple[str, str | None]] = []


def split(text: str, name: str | None = None) -> list[tuple[int, int]]:
    """Where the abilities of a card's text are (11.5.3), markup line breaks included. `name` is
    the card's own name when known (a text that never uses it names no card of its own); without it
    the name is guessed from the text."""
    from judge.text.fftcg.source import infer_name, split_abilities

    if not name:
        name = infer_name(text)
    _NAME[:] = [(text, name)]
    return [(s.start, s.end) for s in split_abilities(text, name)]


def prepare(segment: str) -> str:
    """The grammar's view of one ability (same length): see `judge.text.fftcg.source.mask`."""
    from judge.text.fftcg.source import infer_name, mask

    name = _NAME[0][1] if _NAME and segment in _NAME[0][0] else infer_name(segment)
    view = re.sub(r"\[\[br\]\]|\n", lambda m: " " * len(m.group()), mask(segment, name))
    if len(_PRINTED) > 4096:
        _PRINTED.clear()
    _PRINTED[view] = segment
    return view


def build(tree: Tree, text: str, offset: int = 0) -> Ability:
    """The Ability of one parsed line; `text` is the printed line or its prepared view."""
    return FFTCGTransformer(_PRINTED.get(text, text), offset, view=text).transform(tree)
