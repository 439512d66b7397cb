"""FFTCG parse trees → effect AST (judge.text.ast), one ability at a time.

The grammar (grammar/fftcg.lark) reads the text through `source.mask` (same length, lower case, own
name masked, icons normalised), so every position in a tree is a position in the printed text. The
Transformer reads the structure from rule and alias names and the values from tokens: a number, an
Element, a Job's name (as printed, so "Madam Edel" keeps its case). It never re-reads the words a
rule matched to decide what they meant.

The rules are split by construct: noun phrases (select.py), events, moments and durations
(events.py), conditions (conditions.py), verb phrases and clauses (verbs.py), statements, notes and
modal abilities (statements.py); this module has abilities, costs and sentences, and the hooks the
parse pipeline (judge/text/parse.py) calls.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from judge.text.ast import (
    CONDITIONS,
    Ability,
    AbilityKind,
    Choose,
    Condition,
    Conditional,
    Cost,
    CostChange,
    Counters,
    Damage,
    Destroy,
    Discard,
    Draw,
    Duration,
    DuringTurn,
    Keyword,
    ModifyStat,
    Move,
    Player,
    Reveal,
    Selector,
    Sequence,
    SetState,
    Span,
    Trigger,
    Window,
    replace,
)
from judge.text.fftcg.assemble import (
    DelayedPart,
    KeywordSet,
    assemble,
    flatten,
    with_duration,
)
from judge.text.fftcg.conditions import ConditionRules
from judge.text.fftcg.events import EventRules
from judge.text.fftcg.expect import PHRASES, TERMINAL_WORDS
from judge.text.fftcg.select import SelectorRules, pairs_of
from judge.text.fftcg.sentences import sentence_spans
from judge.text.fftcg.statements import StatementRules
from judge.text.fftcg.verbs import Instead, VerbRules
from judge.text.icons import FFTCG_CODES

if TYPE_CHECKING:
    from judge.text.lexicon import Lexicon
    from judge.text.parse import Prepared

#: what a keyword's reminder text must say (the act of its rule, 15.2): keyword → restriction actions
REMINDERS: dict[str, set[str]] = {
    "Haste": {"attack"},                              # 15.2.2.2 it can attack the turn it enters
    "First Strike": {"deal_damage_first"},            # 15.2.3.2 it deals damage first
    "Back Attack": {"be_played"},                     # 15.2.5.1 played in either Attack or Main Phase
    "Brave": {"attack"},                              # 15.2.1.2 attacking does not dull it
}

_REF_NAME = re.compile(r"(?is)^\[\[i\]\]\s*(?:job|card name|category)\s+(.*?)\s*\[\[/\]\]$|"
                       r"^\[(?:job|card name|category) \((.*)\)\]$|^(?:job|card name|category)[\s\x02]+(.*)$")
_COUNTER = re.compile(r"(?i)([a-z'-]+)\s+counters?$")


class FFTCGTransformer(StatementRules, VerbRules, ConditionRules, EventRules, SelectorRules):
    """Builds AST nodes; `text` is the printed text of the ability, `offset` its position."""

    def __init__(self, text: str, offset: int = 0) -> None:
        self.text, self.offset = text, offset

    # ------------------------------------------------------------------ helpers
    def _span(self, meta: Any) -> Span | None:
        if getattr(meta, "empty", True):
            return None
        return Span(self.offset + meta.start_pos, self.offset + meta.end_pos)

    def _printed(self, meta: Any) -> str:
        return "" if getattr(meta, "empty", True) else self.text[meta.start_pos:meta.end_pos]

    def _name(self, tok: Token) -> str:
        """The name inside a Job / Card Name / Category reference, as printed."""
        printed = self.text[tok.start_pos:tok.end_pos].replace("\x02", " ")
        if not printed.lstrip().startswith("[[i]]"):           # a label italicised apart from its name
            printed = re.sub(r"\[\[/?\w*\]\]", " ", printed)
        printed = " ".join(printed.split())
        m = _REF_NAME.match(printed)
        if not m:
            return printed
        return next(g for g in m.groups() if g is not None).strip().strip(",")

    def _counter(self, c: list[Any]) -> str:
        tok = next(t for t in c if isinstance(t, Token) and t.type == "COUNTER")
        m = _COUNTER.match(self.text[tok.start_pos:tok.end_pos])
        return m.group(1).title() if m else str(tok)

    # ------------------------------------------------------------------ keywords (15.2)
    def kw_haste(self, meta, c):
        return Keyword("Haste", span=self._span(meta))

    def kw_brave(self, meta, c):
        return Keyword("Brave", span=self._span(meta))

    def kw_first_strike(self, meta, c):
        return Keyword("First Strike", span=self._span(meta))

    def kw_back_attack(self, meta, c):
        return Keyword("Back Attack", span=self._span(meta))

    def keyword(self, meta, c):
        return c[0]

    def keyword_line(self, meta, c):
        """Keywords, and a reminder text read as a sentence: it must restate the keyword's own rule (15.2),
        and then says nothing the keyword does not."""
        keywords = tuple(k for k in c if isinstance(k, Keyword))
        reminder = [x for x in c if isinstance(x, list)]
        if reminder:
            said = {getattr(e, "action", None) for e in ast_walk(reminder)}
            for k in keywords:
                if not said & REMINDERS.get(k.name, set()):
                    raise ValueError(f"the text in parentheses is not the reminder of {k.name}")
        return KeywordSet(keywords)

    def granted_list(self, meta, c):
        return KeywordSet(tuple(k for k in c if isinstance(k, (Keyword, Ability))))

    def quoted_ability(self, meta, c):
        return next(x for x in c if isinstance(x, Ability))

    def inner_ability(self, meta, c):
        return c[0]

    def damage_label(self, meta, c):
        return ("damage", int(re.search(r"\d+", str(c[0])).group()))

    def ex_burst(self, meta, c):
        return ("ex_burst",)

    def limit_break(self, meta, c):
        n = re.search(r"\d+", str(c[0])).group()
        return Keyword("Limit Break", (n,), span=self._span(meta))

    def warp(self, meta, c):
        n = re.search(r"\d+", str(c[0])).group()
        return (Keyword("Warp", (n,), span=self._span(meta)), c[1])

    def priming(self, meta, c):
        name = re.search(r'"([^"]+)"', self.text[c[0].start_pos:c[0].end_pos])
        return (Keyword("Priming", (name.group(1) if name else "",), span=self._span(meta)), c[1])

    # ------------------------------------------------------------------ costs (11.2, 11.6.2)
    def icons(self, meta, c):
        cp: list[str] = []
        dull = special = x = False
        crystal = 0
        for tok in c:
            code = FFTCG_CODES[str(tok)[1:-1]]
            if code == "dull":
                dull = True
            elif code == "special":
                special = True
            elif code == "crystal":
                crystal += 1
            elif code == "x":
                x = True
            elif code in ("lb", "generic"):
                cp.append(code)
            else:
                cp.append(code)
        return Cost(cp=tuple(cp), dull_self=dull, special=special, crystal=crystal, x=x, span=self._span(meta))

    def cost(self, meta, c):
        base = next((x for x in c if isinstance(x, Cost)), Cost())
        extra = flatten([x for x in c if isinstance(x, list)])
        for e in extra:
            revealed = isinstance(e, Choose) and e.target.choose == "select"  # "reveal 1 X in your hand" (7.11)
            if not (revealed or isinstance(e, (Destroy, Discard, SetState, Move, Damage, Reveal, Counters))):
                raise ValueError(f"not a cost: {type(e).__name__}")
        return replace(base, effects=tuple(extra), span=self._span(meta))

    def special(self, meta, c):
        printed = self.text[c[0].start_pos:c[0].end_pos]
        name = printed.replace("[[s]]", "").replace("[[/]]", "").strip()
        return ("special", name, c[1], c[2])

    def action(self, meta, c):
        return ("action", c[0], c[1])

    # ------------------------------------------------------------------ sentences (11.11.5)
    def effects(self, meta, c):
        out: list[Any] = []
        for x in c:
            if isinstance(x, Token) and x.type == "UNITS_NOTE":   # every division before it (6.5)
                unit = int("".join(ch for ch in str(x) if ch.isdigit()))
                out = [_with_unit(e, unit) for e in out]
            elif isinstance(x, list):
                out.extend(flatten(x))
            elif x is not None and not isinstance(x, Token):
                out.extend(flatten([x]))
        return out

    def clause_list(self, meta, c):
        return [y for x in c if isinstance(x, list) for y in x] + [x for x in c if not isinstance(x, list)
                                                                  and x is not None and not isinstance(x, (Token, str))]

    def then_seq(self, meta, c):
        first, rest = flatten([c[0]]), [x for x in c[1:] if not isinstance(x, Token)]
        return [Sequence(connector="then", effects=(*first, *flatten(rest)), then_at=len(first), span=self._span(meta))]

    def then_led(self, meta, c):
        parts = [x for x in c if not isinstance(x, Token)]
        first, lead, body = parts[0], parts[1], parts[2:]
        led = self._led(meta, lead, flatten(body) + [i for i in _insteads(body)])
        before = flatten([first])
        return [Sequence(connector="then", effects=(*before, *flatten([led])), then_at=len(before), span=self._span(meta))]

    def led(self, meta, c):
        return self._led(meta, c[0], [y for x in c[1:] for y in (x if isinstance(x, list) else [x])])

    def _led(self, meta: Any, lead: tuple[str, Any], body: list[Any]) -> list[Any]:
        kind, value = lead
        instead = any(isinstance(x, Instead) for x in body)
        effects = flatten(body)
        span = self._span(meta)
        if kind == "trigger":
            trigger, printed = value
            return [DelayedPart(trigger, effects, printed)]
        if kind in ("if", "as_long"):           # "As long as X, …" lasts while X holds (11.12.4.4)
            return [Conditional(condition=value, effects=tuple(effects), instead=instead, lasting=kind == "as_long",
                                span=span)]
        if kind == "paying":
            cond = Condition(kind="while_paying_cost", text=self._printed(meta), selector=value, span=span)
            return [Conditional(condition=cond, effects=tuple(effects), span=span)]
        if kind == "duration":
            return [with_duration(e, value) for e in effects]
        if kind == "window":
            return self._window(meta, value, effects)
        if kind == "then":
            return [Sequence(connector="then", effects=tuple(effects), then_at=0, span=span)]
        if kind == "per":                     # "For each X, Y gains +1000 power" (4)
            return [replace(e, per=value) if isinstance(e, (ModifyStat, Damage, Draw, CostChange)) else e
                    for e in effects]
        return effects

    def _window(self, meta: Any, window: Window, effects: list[Any]) -> list[Any]:
        """"During your turn, X gains …": the effects apply only in that player's turns (11.12.4.4); "During each
        Attack Phase, …" only in that phase (of any player's turn): a window with a phase is kept, never dropped."""
        if window.phase is None and (window.whose is None or window.whose.value == "any"):
            return effects                                       # "during each turn": always
        word = "phase" if window.phase is not None else "your_turn" if window.whose.value == "you" else "opponent_turn"
        cond = DuringTurn(window=window, text=word, span=self._span(meta))
        inner = [with_duration(e, Duration.PERMANENT) for e in effects]
        return [Conditional(condition=cond, effects=tuple(inner), span=self._span(meta))]

    def lead_trigger(self, meta, c):
        trigger = next(x for x in c if isinstance(x, Trigger))
        return ("trigger", (trigger, self._printed(meta).rstrip(" ,")))

    def lead_if(self, meta, c):
        """"If X, …"; "When its cost is 2 or less, …" inside an effect: a condition on a state (11.8.13)."""
        cond = next((x for x in c if isinstance(x, CONDITIONS)), None)
        if cond is None and any(isinstance(x, Player) for x in c):       # "When you control X, …"
            cond = self.c_subject(meta, [x for x in c if not isinstance(x, Token)])
        return ("if", cond if cond is not None else self.c_stat(meta, [x for x in c if not isinstance(x, Token)]))

    def lead_as_long(self, meta, c):
        return ("as_long", next(x for x in c if isinstance(x, CONDITIONS)))

    def lead_paying(self, meta, c):
        return ("paying", next(x for x in c if isinstance(x, Selector)))

    def lead_duration(self, meta, c):
        return ("duration", next(x for x in c if isinstance(x, Duration)))

    def lead_window(self, meta, c):
        return ("window", next(x for x in c if isinstance(x, Window)))

    def lead_then(self, meta, c):
        return ("then", None)

    def lead_also(self, meta, c):
        return ("also", None)

    def lead_like(self, meta, c):
        return ("also", None)

    def lead_per(self, meta, c):
        return ("per", next(x for x in c if isinstance(x, tuple) and x[0] == "per")[1])

    def with_note(self, meta, c):
        return [*flatten([c[0]]), *flatten([c[1]])]

    def and_if(self, meta, c):
        first = flatten([c[0]])
        cond = next(x for x in c if isinstance(x, CONDITIONS))
        body = [x for x in c[2:] if isinstance(x, list)]
        instead = any(isinstance(x, Instead) for b in body for x in b)
        return [*first, Conditional(condition=cond, effects=tuple(flatten(body)), instead=instead,
                                    span=self._span(meta))]

    # ------------------------------------------------------------------ abilities (11.5)
    def ability(self, meta, c):
        ex = any(isinstance(x, tuple) and x == ("ex_burst",) for x in c)
        damage = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "damage"), None)
        body = [x for x in c if not (isinstance(x, tuple) and x and x[0] in ("ex_burst", "damage")
                                     and not isinstance(x[0], Keyword))]
        return assemble(body[0], self._printed(meta), self._span(meta), ex_burst=ex, damage=damage)

    def line(self, meta, c):
        return c[0]

    # ------------------------------------------------------------------ players (6.1)
    def pl_you(self, meta, c):
        return Player.YOU

    def pl_opp(self, meta, c):
        return Player.OPPONENT

    def pl_each(self, meta, c):
        return Player.EACH

    def pl_any(self, meta, c):
        return Player.ANY

    def pl_that(self, meta, c):
        return Player.ANY

    def pl_controller(self, meta, c):
        from judge.text.fftcg.verbs_values import ControllerOf

        return ControllerOf(next((x for x in c if isinstance(x, Selector)), Selector(ref="it")))

    def player(self, meta, c):
        return c[0]

    def damage_to(self, meta, c):
        return c[0]

    # ------------------------------------------------------------------ small words
    def stmt_end(self, meta, c):
        return c[0] if c else None

    def h_you(self, meta, c):
        return "h_you"

    def h_that(self, meta, c):
        return "h_that"

    def owners_word(self, meta, c):
        return None

    def card_word(self, meta, c):
        return None

    def point_word(self, meta, c):
        return None

    def state_word(self, meta, c):
        return c[0]

    def window(self, meta, c):
        return c[0]

    # ------------------------------------------------------------------ amounts per card counted (4)
    def per(self, meta, c):
        return ("per", next(x for x in c if isinstance(x, Selector)))

    def per_counter(self, meta, c):
        return ("per", replace(next(x for x in c if isinstance(x, Selector)), zone=f"counters:{self._counter(c)}"))

    def per_damage(self, meta, c):
        """"for each point of damage you / your opponent have received" (7.8.2): the cards in that Damage Zone."""
        whose = next((x for x in c if isinstance(x, Player)), Player.YOU)
        return ("per", Selector(count=None, zone="damage", owner=whose))

    def per_zone_card(self, meta, c):
        zone = dict(p for p in pairs_of(c))
        return ("per", Selector(count=None, zone=zone.get("zone"), owner=zone.get("owner", Player.YOU),
                                card_types=("card",)))

    def per_every(self, meta, c):
        n = int(next(str(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"))
        return ("per", replace(next(x for x in c if isinstance(x, Selector)), count=None, every=n))


    def cd_cast(self, meta, c):
        return "cast"

    def cd_drawn(self, meta, c):
        return "drawn"

    def per_element(self, meta, c):
        return ("per", replace(next(x for x in c if isinstance(x, Selector)), zone="elements_among"))

    def per_cp_x(self, meta, c):
        return ("per", Selector(count=None, zone="cp_paid_for_x", owner=Player.YOU))

    def per_crystal(self, meta, c):
        return ("per", Selector(count=None, zone="crystals", owner=Player.YOU))

    def per_cp(self, meta, c):
        return ("per", replace(next(x for x in c if isinstance(x, Selector)), zone="cp_required"))

    def per_paid_elements(self, meta, c):
        return ("per", Selector(count=None, zone="paid_elements", owner=Player.YOU))



def _with_unit(node: Any, unit: int) -> Any:
    """A division of damage ("Divide N damage …") given the unit it is divided in, inside conditions too."""
    if isinstance(node, Damage) and node.amount_from == "divided" and node.unit is None:
        return replace(node, unit=unit)
    if isinstance(node, (Conditional, Sequence)):
        changes = {k: tuple(_with_unit(e, unit) for e in getattr(node, k))
                   for k in ("effects", "otherwise") if hasattr(node, k)}
        return replace(node, **changes)
    return node


def ast_walk(items: list[Any]) -> list[Any]:
    from judge.text.ast import walk

    return [n for x in flatten(items) for n in walk(x)]


def _insteads(items: list[Any]) -> list[Instead]:
    return [x for b in items if isinstance(b, list) for x in b if isinstance(x, Instead)]


# ---------------------------------------------------------------------- parse pipeline hooks
# judge.text.parse calls split(text, name) once, then prepare(segment, name, lexicon) and
# build(tree, prepared, offset) for each ability. The grammar reads the prepared view; the AST
# keeps the printed words, which the Prepared carries (same length: each character for itself).


def split(text: str, name: str | None = None, lexicon: Lexicon | None = None) -> list[tuple[int, int]]:
    """Where the abilities of a card's text are (11.5.3), markup line breaks included. Only the
    printed text decides (judge.text.fftcg.source.ability_spans): `name` and `lexicon` are what
    `prepare` masks each ability with, accepted here for the pipeline's one calling convention."""
    from judge.text.fftcg.source import ability_spans

    return ability_spans(text)


def prepare(segment: str, name: str | None = None, lexicon: Lexicon | None = None) -> Prepared:
    """The grammar's view of one ability (same length, see `judge.text.fftcg.source.mask`) with the
    printed segment. `lexicon`: the Jobs, Categories and card names plain text may use (the card
    database's, judge.text.lexicon.default_lexicon, when none is given)."""
    from judge.text import lexicon as lexicons
    from judge.text.fftcg.source import infer_name, mask, option_breaks
    from judge.text.parse import Prepared

    lex = lexicon if lexicon is not None else lexicons.default_lexicon()
    view = option_breaks(mask(segment, name or infer_name(segment), lex))
    view = re.sub(r"\[\[br\]\]|\n", lambda m: " " * len(m.group()), view)
    return Prepared.in_place(view, segment)


#: A sentence the grammar reads as one effect node, put where a sentence of a line it cannot read
#: stood so that the rest of the line is read in place (judge.text.parse; the node is then
#: replaced by the `unread` words, never kept).
PLACEHOLDER = "draw 1 card."


def unread_kind(ability: Ability) -> AbilityKind:
    """The kind of an ability read in part (judge.text.partial), its placeholder aside: a line with no
    label, trigger or cost is a Summon's effect when a part read is a one-shot (11.3) and a field
    ability when it is all statements (11.9); with only statements read, the part not read decides,
    so what sort of ability it is was not read (`unread`)."""
    from judge.text.ast import Unread
    from judge.text.fftcg.assemble import imperative

    if ability.kind is not AbilityKind.SUMMON:
        return ability.kind
    read = [e for e in ability.effects if not isinstance(e, Unread)]
    return AbilityKind.SUMMON if any(imperative(e) for e in read) else AbilityKind.UNREAD


def not_understood(segment: str) -> list[tuple[int, int, str]]:
    """Parts of one ability the grammar must not guess at: icons it does not know (judge/text/icons.py)."""
    from judge.text.icons import unknown_icons

    return unknown_icons(segment, "fftcg")


def build(tree: Tree, text: str | Prepared, offset: int = 0) -> Ability:
    """The Ability of one parsed line; `text` is the printed line or its Prepared view."""
    return FFTCGTransformer(getattr(text, "source", text), offset).transform(tree)


__all__ = ["PHRASES", "PLACEHOLDER", "TERMINAL_WORDS", "FFTCGTransformer", "build", "not_understood", "prepare",
           "sentence_spans", "split", "unread_kind"]
