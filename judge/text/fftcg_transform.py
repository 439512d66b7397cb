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

from lark import Token, Transformer, Tree, v_args

from judge.text.ast import (
    Ability,
    AbilityKind,
    Cancel,
    Choose,
    Condition,
    Conditional,
    Cost,
    CostChange,
    Damage,
    Delayed,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    Effect,
    Gain,
    GainCrystal,
    Keyword,
    Modal,
    ModifyStat,
    Move,
    Optional,
    Pay,
    Player,
    Restriction,
    Reveal,
    Search,
    Selector,
    Sequence,
    SetState,
    Span,
    Threshold,
)
from judge.text.fftcg_source import mask

ELEMENT_ICONS = {"火": "fire", "氷": "ice", "風": "wind", "土": "earth", "雷": "lightning", "水": "water",
                 "光": "light", "闇": "dark"}
#: trigger events (grammar aliases ev_*) → Ability.timing values
TIMINGS = {"enters": "enters_field", "attacks": "attacks", "blocks": "blocks", "blocked": "is_blocked",
           "party": "forms_party", "to_break": "put_into_break_zone", "leaves": "leaves_field",
           "chosen": "is_chosen", "deals_damage": "deals_damage", "dealt_damage": "is_dealt_damage",
           "returned": "returned_to_hand", "you_cast": "you_cast", "opp_casts": "opponent_casts",
           "you_damaged": "you_receive_damage", "you_draw": "you_draw", "discarded": "discarded",
           "activated": "activated", "dulled": "dulled", "removed": "removed_from_game",
           "added_from_break": "added_to_hand_from_break_zone", "priming": "priming"}
_NUM = re.compile(r"\d+")
_REF_NAME = re.compile(r"^\[\[i\]\]\s*(?:job|card name|category)\s+(.*?)\s*\[\[/\]\]$|^\[\w+(?: name)? \((.*)\)\]$")


class _Trigger:
    """An auto-ability trigger before it is attached to the effects it starts (11.8.2)."""

    def __init__(self, timing: str, text: str, span: Span | None) -> None:
        self.timing, self.text, self.span = timing, text, span


class _Use:
    """"You can only use this ability …" (11.6): restrictions and an optional condition."""

    def __init__(self, limits: tuple[str, ...], condition: Condition | None) -> None:
        self.limits, self.condition = limits, condition


class _Kw:
    """Keywords granted together ("gains +1000 power, Haste and Brave")."""

    def __init__(self, keywords: tuple[Keyword, ...]) -> None:
        self.keywords = keywords


def _first(children: list[Any], kind: type) -> Any:
    return next((c for c in children if isinstance(c, kind)), None)


def _num(children: list[Any]) -> int:
    tok = next(c for c in children if isinstance(c, Token) and c.type in ("NUMBER", "PLUS_N"))
    return int(str(tok).lstrip("+"))


def ref_name(tok: str, original: str) -> str:
    """The name inside a Job / Card Name / Category reference, as printed."""
    m = _REF_NAME.match(original.strip().lower())
    if not m:
        return original.strip()
    a, b = (m.span(1) if m.group(1) is not None else m.span(2))
    return original.strip()[a:b].strip().strip(",")


@v_args(meta=True)
class FFTCGTransformer(Transformer):
    """Builds AST nodes; `text` is the printed text of the ability, `offset` its position."""

    def __init__(self, text: str, offset: int = 0) -> None:
        super().__init__()
        self.text, self.offset = text, offset
        self.view = mask(text, None)

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
        return _Kw(tuple(c))

    def keyword_list(self, meta, c):
        return _Kw(tuple(k for k in c if isinstance(k, Keyword)))

    def damage_label(self, meta, c):
        return ("damage", _num_text(str(c[0])))

    def limit_break(self, meta, c):
        return Keyword("Limit Break", (str(_num_text(str(c[0]))),), span=self._span(meta))

    def warp(self, meta, c):
        return (Keyword("Warp", (str(_num_text(str(c[0]))),), span=self._span(meta)), c[1])

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
        base = _first(c, Cost) or Cost()
        extra: list[Effect] = []
        for item in c:
            if isinstance(item, list):
                extra.extend(item)
        for e in extra:
            if not isinstance(e, (Destroy, Discard, SetState, Move, Damage, Reveal)):
                raise ValueError(f"not a cost: {kind_name(e)}")
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
        timings = [t for t in c if isinstance(t, str)]
        return _Trigger("|".join(timings), self._printed(meta), self._span(meta))

    def when_do_so(self, meta, c):
        return _Trigger("when_do_so", self._printed(meta), self._span(meta))

    def at_trigger(self, meta, c):
        edge = "beginning" if self._has(meta, "beginning") else "end"
        phase = "_".join(w for w in ("attack", "main", "end", "draw", "active") if self._has(meta, w, w + "_"))
        phase = re.sub(r"\bend\b", "", phase).strip("_") if edge == "end" and self._slice(meta).count("end") == 1 else phase
        return _Trigger(f"{edge}_of_{phase or 'turn'}", self._printed(meta), self._span(meta))

    def __default__(self, data, children, meta):
        if isinstance(data, str) and data.startswith("ev_"):
            return TIMINGS.get(data[3:], data[3:])
        return Tree(data, children, meta)

    # ------------------------------------------------------------------ selectors (6.6, 5.2)
    def ref_self(self, meta, c):
        return Selector(self_ref=True, span=self._span(meta))

    def ref_it(self, meta, c):
        return Selector(ref="it", span=self._span(meta))

    def ref_them(self, meta, c):
        return Selector(count=None, ref="them", span=self._span(meta))

    def subject(self, meta, c):
        return c[0]

    def q_num(self, meta, c):
        return ("count", _num(c), False, "==")

    def q_up_to(self, meta, c):
        return ("count", _num(c), True, "<=")

    def q_or_more(self, meta, c):
        return ("count", _num(c), False, ">=")

    def q_or_less(self, meta, c):
        return ("count", _num(c), False, "<=")

    def q_all(self, meta, c):
        return ("count", None, False, "all")

    def q_one(self, meta, c):
        return ("count", 1, False, "==")

    def q_any(self, meta, c):
        return ("count", 1, False, "any")

    def d_you(self, meta, c):
        return ("owner", Player.YOU)

    def d_opp(self, meta, c):
        return ("owner", Player.OPPONENT)

    def st_active(self, meta, c):
        return ("state", "active")

    def st_dull(self, meta, c):
        return ("state", "dull")

    def st_damaged(self, meta, c):
        return ("state", "damaged")

    def st_frozen(self, meta, c):
        return ("state", "frozen")

    def q_element(self, meta, c):
        return ("color", str(c[0]))

    def q_multi(self, meta, c):
        return ("color", "multi")

    def q_job(self, meta, c):
        return ("job", self._tokname(c[0]))

    def q_category(self, meta, c):
        return ("category", self._tokname(c[0]))

    def q_name(self, meta, c):
        return ("name", self._tokname(c[0]))

    n_job, n_category, n_name = q_job, q_category, q_name

    def n_forward(self, meta, c):
        return ("type", "forward")

    def n_backup(self, meta, c):
        return ("type", "backup")

    def n_monster(self, meta, c):
        return ("type", "monster")

    def n_character(self, meta, c):
        return ("type", "character")

    def n_summon(self, meta, c):
        return ("type", "summon")

    def n_card(self, meta, c):
        return ("type", "card")

    def n_forward_monster(self, meta, c):
        return [("type", "forward"), ("type", "monster")]

    def n_forward_backup(self, meta, c):
        return [("type", "forward"), ("type", "backup")]

    def nbar(self, meta, c):
        out = []
        for item in c:
            out.extend(item if isinstance(item, list) else [item])
        return out

    def p_cost_le(self, meta, c):
        return ("th", Threshold("cost", "<=", _num(c)))

    def p_cost_ge(self, meta, c):
        return ("th", Threshold("cost", ">=", _num(c)))

    def p_cost_eq(self, meta, c):
        return ("th", Threshold("cost", "==", _num(c)))

    def p_power_le(self, meta, c):
        return ("th", Threshold("power", "<=", _num(c)))

    def p_power_ge(self, meta, c):
        return ("th", Threshold("power", ">=", _num(c)))

    def p_opp(self, meta, c):
        return ("owner", Player.OPPONENT)

    def p_you(self, meta, c):
        return ("owner", Player.YOU)

    def p_other(self, meta, c):
        return ("other", True)

    def p_other_name(self, meta, c):
        return ("other", True)

    def p_zone_break(self, meta, c):
        return ("zone", "break")

    def p_zone_opp_break(self, meta, c):
        return [("zone", "break"), ("owner", Player.OPPONENT)]

    def p_zone_hand(self, meta, c):
        return ("zone", "hand")

    def p_same_element(self, meta, c):
        return ("color", "same")

    def sel_noun_phrase(self, meta, c):
        fields: dict[str, Any] = {"count": 1, "up_to": False}
        types: list[str] = []
        colors: list[str] = []
        jobs: list[str] = []
        cats: list[str] = []
        ths: list[Threshold] = []
        flat: list[Any] = []
        for item in c:
            flat.extend(item if isinstance(item, list) else [item])
        for item in flat:
            key = item[0]
            if key == "count":
                _, n, up, op = item
                fields["count"], fields["up_to"] = n, up
                if op in (">=", "<=") and not up:
                    ths.append(Threshold("count", op, n))
            elif key == "type":
                types.append(item[1])
            elif key == "color":
                colors.append(item[1])
            elif key == "job":
                jobs.append(item[1])
            elif key == "category":
                cats.append(item[1])
            elif key == "th":
                ths.append(item[1])
            elif key == "name":
                fields["name"] = item[1]
            else:
                fields[key] = item[1]
        return Selector(card_types=tuple(types), colors=tuple(colors), families=tuple(jobs),
                        categories=tuple(cats), thresholds=tuple(ths), span=self._span(meta), **fields)

    def pl_you(self, meta, c):
        return Player.YOU

    def pl_opp(self, meta, c):
        return Player.OPPONENT

    def pl_each(self, meta, c):
        return Player.EACH

    def for_each(self, meta, c):
        sel = _first(c, Selector)
        return ("per", sel)

    def amount(self, meta, c):
        return _num(c)

    # ------------------------------------------------------------------ directives (15.1.1)
    def choose(self, meta, c):
        return Choose(target=replace(c[0], choose="choose"), span=self._span(meta))

    def player_selects(self, meta, c):
        return Choose(target=replace(c[1], owner=c[0]), span=self._span(meta))

    def break_(self, meta, c):
        return Destroy(target=c[0], span=self._span(meta))

    def deal(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Damage(amount=c[1], target=c[0], per=per, span=self._span(meta))

    def deal_to(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Damage(amount=c[0], target=c[1], per=per, span=self._span(meta))

    def dull(self, meta, c):
        return SetState(state="dull", target=c[0], span=self._span(meta))

    def activate(self, meta, c):
        return SetState(state="active", target=c[0], span=self._span(meta))

    def freeze(self, meta, c):
        return SetState(state="frozen", target=c[0], span=self._span(meta))

    def draw(self, meta, c):
        return Draw(count=_num(c), span=self._span(meta))

    def player_draws(self, meta, c):
        return Draw(count=_num(c), player=c[0], span=self._span(meta))

    def discard(self, meta, c):
        return Discard(count=_num(c), span=self._span(meta))

    def discard_sel(self, meta, c):
        sel = c[0]
        return Discard(count=sel.count or 1, target=sel, span=self._span(meta))

    def player_discards(self, meta, c):
        return Discard(count=_num(c), player=c[0], span=self._span(meta))

    def return_hand(self, meta, c):
        return Move(target=c[0], dest="hand", span=self._span(meta))

    def remove(self, meta, c):
        return Move(target=c[0], dest="removed", span=self._span(meta))

    def put_break(self, meta, c):
        return Move(target=c[0], dest="break", span=self._span(meta))

    def put_deck(self, meta, c):
        dest = "deck_top" if self._has(meta, "top") else "deck_bottom"
        return Move(target=c[0], dest=dest, span=self._span(meta))

    def play(self, meta, c):
        return Deploy(verb="play", target=_zoned(c), span=self._span(meta))

    def cast_free(self, meta, c):
        return Deploy(verb="cast", target=_zoned(c), free=True, span=self._span(meta))

    def from_zone(self, meta, c):
        s = self._slice(meta)
        return ("zone", "hand" if "hand" in s else "break" if "break" in s else "deck")

    def search(self, meta, c):
        dest = "field" if self._has(meta, "play") else "hand"
        return Search(target=c[0], dest=dest, span=self._span(meta))

    def add_hand(self, meta, c):
        return Move(target=c[0], dest="hand", span=self._span(meta))

    def gain_crystal(self, meta, c):
        return GainCrystal(count=max(1, c[0].crystal), span=self._span(meta))

    def top_cards(self, meta, c):
        nums = [t for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        return int(nums[0]) if nums else 1

    def reveal(self, meta, c):
        return Reveal(count=c[0], span=self._span(meta))

    def look(self, meta, c):
        return Reveal(count=c[0], zone="deck_look", span=self._span(meta))

    def mill(self, meta, c):
        return Move(target=Selector(count=c[0], zone="deck"), dest="break", span=self._span(meta))

    def remove_top(self, meta, c):
        return Move(target=Selector(count=c[0], zone="deck"), dest="removed", span=self._span(meta))

    def cancel(self, meta, c):
        return Cancel(target=Selector(ref="it"), span=self._span(meta))

    def shuffle(self, meta, c):
        return Reveal(count=None, zone="deck_shuffle", span=self._span(meta))

    def take_damage(self, meta, c):
        return Damage(amount=_num(c), player=Player.YOU, span=self._span(meta))

    def player_damage(self, meta, c):
        return Damage(amount=_num(c), player=c[0], span=self._span(meta))

    def pay(self, meta, c):
        return Pay(cost=c[0], span=self._span(meta))

    # ------------------------------------------------------------------ statements (11.9)
    def duration(self, meta, c):
        return Duration.TURN

    def power_change_amount(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return (_num(c), per)

    def power_change(self, meta, c):
        if isinstance(c[0], tuple):
            return c[0]
        return (-_num(c), None)

    def gains_kw(self, meta, c):
        dur = _first(c, Duration) or Duration.PERMANENT
        kws = _first(c, _Kw)
        if kws is not None:
            return ("kw", kws.keywords, dur)
        return ("ability", _first(c, Ability), dur)

    def st_gain(self, meta, c):
        target, (what, payload, dur) = c[0], c[1]
        if what == "kw":
            return [Gain(target=target, keyword=k, duration=dur, span=self._span(meta)) for k in payload]
        return Gain(target=target, ability=payload, duration=dur, span=self._span(meta))

    def st_power(self, meta, c):
        amount, per = c[1]
        dur = _first(c[2:], Duration) or Duration.PERMANENT
        return ModifyStat(stat="power", amount=amount, target=c[0], duration=dur, per=per, span=self._span(meta))

    def st_power_kw(self, meta, c):
        amount, per = c[1]
        dur = _first(c[2:], Duration) or Duration.PERMANENT
        out: list[Effect] = [ModifyStat(stat="power", amount=amount, target=c[0], duration=dur, per=per,
                                        span=self._span(meta))]
        out += [Gain(target=c[0], keyword=k, duration=dur, span=self._span(meta)) for k in c[2].keywords]
        return out

    def restricted_action(self, meta, c):
        words = " ".join(self._slice(meta).split())
        words = re.sub(r" by .*", "", words)
        return words.replace(" ", "_")

    def st_cannot(self, meta, c):
        dur = _first(c, Duration) or Duration.PERMANENT
        acts = [a for a in c[1:] if isinstance(a, str)]
        return [Restriction(mode="cannot", action=a, target=c[0], duration=dur, span=self._span(meta)) for a in acts]

    def st_must(self, meta, c):
        dur = _first(c, Duration) or Duration.PERMANENT
        return Restriction(mode="must", action=c[1], target=c[0], duration=dur, span=self._span(meta))

    def st_attack_twice(self, meta, c):
        return Restriction(mode="can", action="attack_twice", target=c[0], duration=Duration.PERMANENT,
                           span=self._span(meta))

    def st_cost_change(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        sign = -1 if self._has(meta, "reduced") else 1
        return CostChange(target=c[0], amount=sign * _num(c), per=per, span=self._span(meta))

    def extra_cost_reduce(self, meta, c):
        return CostChange(target=c[0], amount=-_num(c), span=self._span(meta))

    def st_pay_only(self, meta, c):
        return Restriction(mode="must", action=f"pay_with_{c[0]}_cp", target=c[1], duration=Duration.PERMANENT,
                           span=self._span(meta))

    def st_cast_timing(self, meta, c):
        return Restriction(mode="cannot", action="cast_outside_your_turn", target=c[0],
                           duration=Duration.PERMANENT, span=self._span(meta))

    def st_enters_dull(self, meta, c):
        return SetState(state="dull", target=c[0], span=self._span(meta))

    def st_also(self, meta, c):
        sel = c[1]
        return Gain(target=c[0], keyword=Keyword("Also", (sel.name or ",".join(sel.families or sel.card_types),)),
                    duration=Duration.PERMANENT, span=self._span(meta))

    def st_becomes_forward(self, meta, c):
        granted = _first(c, Ability)
        return Gain(target=c[0], keyword=Keyword("Becomes Forward", (str(_num(c)),)), ability=granted,
                    duration=Duration.TURN, span=self._span(meta))

    # ------------------------------------------------------------------ conditions (11.8.13)
    def condition(self, meta, c):
        return c[0]

    def _cond(self, kind: str, meta: Any, c: list[Any], stat: str | None = None) -> Condition:
        sel = _first(c, Selector)
        th = None
        nums = [int(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        if stat and nums:
            op = ">=" if self._has(meta, "more") else "<="
            th = Threshold(stat, op, nums[0])
        return Condition(kind=kind, text=self._printed(meta), selector=sel, threshold=th, span=self._span(meta))

    for _name, _stat in {
        "cond_control": None, "cond_opp_control": None, "cond_do_so": None, "cond_damage": "damage",
        "cond_opp_damage": "damage", "cond_hand": "hand", "cond_opp_hand": "hand", "cond_it_is": None,
        "cond_its_cost": "cost", "cond_on_field": None, "cond_break_count": "break_zone", "cond_have": None,
        "cond_cast_count": "cast", "cond_cost_vs_count": None, "cond_paid_elements": "elements",
        "cond_paid_element": None, "cond_opp_not_pay": None, "cond_dealt": None,
    }.items():
        locals()[_name] = (lambda n, st: lambda self, meta, c: self._cond(n[5:], meta, c, st))(_name, _stat)

    # ------------------------------------------------------------------ sentences (11.11.5)
    def clause_seq(self, meta, c):
        return _flat(c)

    def then_seq(self, meta, c):
        first = _flat(c[:1])
        rest = _flat(c[2:])
        return [Sequence(connector="then", effects=(*first, *rest), span=self._span(meta))]

    def then_start(self, meta, c):
        return [Sequence(connector="then", effects=tuple(_flat(c)), span=self._span(meta))]

    def may(self, meta, c):
        return [Optional(effects=tuple(_flat(c)), span=self._span(meta))]

    def if_clause(self, meta, c):
        return [Conditional(condition=c[0], effects=tuple(_flat(c[1:])), span=self._span(meta))]

    def if_instead(self, meta, c):
        return [Conditional(condition=c[0], effects=tuple(_flat(c[1:])), instead=True, span=self._span(meta))]

    def _during(self, meta, c, dur: Duration, kind: str | None = None):
        out = [_with_duration(e, dur) for e in _flat(c)]
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
        return [_Delayed(trig, _flat(c[1:]))]

    def trigger_once(self, meta, c):
        return [_Use(("trigger_once_per_turn",), None)]

    def use_limit(self, meta, c):
        cond = _first(c, Condition)
        if cond is not None:
            return ("if", cond)
        s = self._slice(meta)
        return ("twice_per_turn" if "twice" in s else "once_per_turn" if "once" in s else "your_turn_only", None)

    def once_per_turn(self, meta, c):
        limits = tuple(x[0] for x in c if x[0] != "if")
        cond = next((x[1] for x in c if x[0] == "if"), None)
        return [_Use(limits, cond)]

    def quoted(self, meta, c):
        return tuple(_resolve(_flat(c)))

    def modal(self, meta, c):
        nums = [int(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        options = tuple(o for o in c if isinstance(o, tuple))
        return [Modal(count=nums[0], up_to=self._has(meta, "up"), options=options, span=self._span(meta))]

    def effects(self, meta, c):
        return _flat(c)

    def inner_ability(self, meta, c):
        return _assemble(c[0], self._printed(meta), self._span(meta), ex_burst=False, damage=None)

    def gains_quoted(self, meta, c):
        return c

    # ------------------------------------------------------------------ abilities (11.5)
    def ability(self, meta, c):
        ex = any(isinstance(t, Token) and t.type == "EX_BURST" for t in c)
        damage = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "damage"), None)
        body = [x for x in c if not (isinstance(x, Token) or (isinstance(x, tuple) and x and x[0] == "damage"))]
        return _assemble(body[0], self._printed(meta), self._span(meta), ex_burst=ex, damage=damage)

    def line(self, meta, c):
        return c[0]

    def sentence(self, meta, c):
        return c[0]


class _Delayed:
    def __init__(self, trigger: _Trigger, effects: list[Any]) -> None:
        self.trigger, self.effects = trigger, effects


def kind_name(node: object) -> str:
    return type(node).__name__


def _num_text(s: str) -> int:
    m = _NUM.search(s)
    return int(m.group()) if m else 0


def _flat(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for x in items:
        if isinstance(x, list):
            out.extend(_flat(x))
        elif isinstance(x, (Effect, _Use, _Delayed)):
            out.append(x)
    return out


def _zoned(c: list[Any]) -> Selector:
    sel = c[0]
    zone = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "zone"), None)
    return replace(sel, zone=zone) if zone else sel


def _with_duration(e: Any, dur: Duration) -> Any:
    if isinstance(e, (ModifyStat, Gain, Restriction)):
        return replace(e, duration=dur)
    return e


def _resolve(effects: list[Any]) -> list[Any]:
    """Fold "it"/"them" into the selector chosen before them; pay 《X》 into an Optional cost."""
    out: list[Any] = []
    chosen: Selector | None = None
    used = False
    for e in effects:
        if isinstance(e, Choose):
            if chosen is not None and not used:
                out.append(Choose(target=chosen))
            chosen, used = e.target, False
            continue
        if chosen is not None:
            e2 = _subst(e, chosen)
            if e2 is not e:
                used = True
            e = e2
        out.append(e)
    if chosen is not None and not used:
        out.append(Choose(target=chosen))
    return out


def _subst(node: Any, chosen: Selector) -> Any:
    """The node with every pronoun selector replaced by `chosen` (kept as is when none)."""
    if isinstance(node, Selector):
        return replace(chosen, span=node.span) if node.ref in ("it", "them") else node
    if isinstance(node, (Effect, Condition)):
        changes = {}
        for name, value in vars(node).items():
            if isinstance(value, (Selector, Effect, Condition)):
                new = _subst(value, chosen)
                if new is not value:
                    changes[name] = new
            elif isinstance(value, tuple) and value and isinstance(value[0], (Effect, tuple)):
                new_t = tuple(_subst(v, chosen) if not isinstance(v, tuple) else v for v in value)
                if any(a is not b for a, b in zip(new_t, value, strict=True)):
                    changes[name] = new_t
        return replace(node, **changes) if changes else node
    return node


def _assemble(body: Any, text: str, span: Span | None, *, ex_burst: bool, damage: int | None) -> Ability:
    """One Ability from a body: keywords, a costed ability, or effects led by a trigger."""
    restrictions: list[str] = ["ex_burst"] if ex_burst else []
    condition = None
    if damage is not None:
        condition = Condition(kind="damage", text=f"Damage {damage}", threshold=Threshold("damage", ">=", damage))
    if isinstance(body, _Kw):
        kws = body.keywords
        effects = tuple(Gain(target=Selector(self_ref=True), keyword=k, duration=Duration.PERMANENT)
                        for k in kws) if len(kws) > 1 or damage is not None else ()
        return Ability(kind=AbilityKind.KEYWORD, keyword=kws[0], effects=effects, condition=condition,
                       restrictions=tuple(restrictions), text=text, span=span)
    if isinstance(body, Keyword):
        return Ability(kind=AbilityKind.KEYWORD, keyword=body, text=text, span=span)
    if isinstance(body, tuple) and isinstance(body[0], Keyword):
        return Ability(kind=AbilityKind.KEYWORD, keyword=body[0], cost=body[1], text=text, span=span)
    kind = AbilityKind.FIELD
    name = cost = None
    timing = timing_text = None
    if isinstance(body, tuple) and body[0] == "special":
        kind, name, cost, items = AbilityKind.SPECIAL, body[1], body[2], body[3]
    elif isinstance(body, tuple) and body[0] == "action":
        kind, cost, items = AbilityKind.ACTION, body[1], body[2]
    else:
        items = body
    items = list(items)
    if kind is AbilityKind.FIELD and items and isinstance(items[0], _Delayed):
        first = items.pop(0)
        kind, timing, timing_text = AbilityKind.AUTO, first.trigger.timing, first.trigger.text
        items = first.effects + items
    effects: list[Any] = []
    for e in items:
        if isinstance(e, _Use):
            restrictions.extend(e.limits)
            condition = e.condition or condition
        elif isinstance(e, _Delayed):
            effects.append(Delayed(timing=e.trigger.timing, timing_text=e.trigger.text,
                                   effects=tuple(_resolve(e.effects)), span=e.trigger.span))
        else:
            effects.append(e)
    effects = _resolve(effects)
    if kind is AbilityKind.FIELD and any(_imperative(e) for e in effects):
        kind = AbilityKind.SUMMON
    return Ability(kind=kind, timing=timing, timing_text=timing_text, name=name, cost=cost,
                   condition=condition, effects=tuple(effects), restrictions=tuple(restrictions),
                   text=text, span=span)


def _imperative(e: Effect) -> bool:
    """A one-shot effect (a Summon's or an ability's), as opposed to a field ability's statement."""
    if isinstance(e, Conditional):
        return any(_imperative(x) for x in e.effects)
    return not isinstance(e, (ModifyStat, Gain, Restriction, CostChange)) or getattr(e, "duration", None) is Duration.TURN


def build(tree: Tree, text: str, offset: int = 0) -> Ability:
    """The Ability of one parsed line (`text` = the printed line, `offset` = where it starts)."""
    return FFTCGTransformer(text, offset).transform(tree)


__all__ = ["ELEMENT_ICONS", "FFTCGTransformer", "build", "ref_name"]
