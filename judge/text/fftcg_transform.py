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
    AlternativeCost,
    Cancel,
    Choose,
    Condition,
    Conditional,
    Cost,
    CostChange,
    Counters,
    Damage,
    Declare,
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
from judge.text.fftcg_assemble import (
    DelayedPart,
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
    zoned,
)
from judge.text.fftcg_select import SelectorRules
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
           "added_from_break": "added_to_hand_from_break_zone", "priming": "priming", "broken": "is_broken",
           "opp_discards": "opponent_discards", "counter_removed": "counter_removed",
           "counter_placed": "counter_placed"}


#: words of a use limit ("You can only use this ability …", 11.6) → Ability.restrictions value
_USE_LIMITS = (("twice", "twice_per_turn"), ("once", "once_per_turn"), ("opponent's turn", "opponent_turn_only"),
               ("main phase", "main_phase_only"), ("attack phase", "attack_phase_only"),
               ("while", "while_state"), ("in your hand", "from_hand"), ("break zone", "from_break_zone"),
               ("your turn", "your_turn_only"))

#: grammar rules whose words only qualify their parent (read there from the text slice)
_WORDS_ONLY = frozenset({"damage_recipient", "due_to", "field_of", "phase_name", "phase_time", "rest_cards",
                         "search_dest", "source", "source_list", "without_paying"})


class FFTCGTransformer(SelectorRules):
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
            if not isinstance(e, (Destroy, Discard, SetState, Move, Damage, Reveal, Counters)):
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
        events = [e for e in c if isinstance(e, _Event)]
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
        return Trigger(f"{edge}_of_{phase or 'turn'}", self._printed(meta), self._span(meta))

    def __default__(self, data, children, meta):
        if data.startswith("ev_"):
            return _Event(TIMINGS.get(data[3:], data[3:]), first_of(children, Selector))
        if data in _WORDS_ONLY:
            return Tree(data, children, meta)
        raise ValueError(f"no AST rule for grammar rule {data!r}")  # a grammar rule left unmapped

    def rest_to_deck(self, meta, c):
        dest = "deck_top" if self._has(meta, "top") else "deck_bottom"
        return Move(target=Selector(count=None, ref="rest", zone="revealed"), dest=dest, span=self._span(meta))

    def rest_to_break(self, meta, c):
        return Move(target=Selector(count=None, ref="rest", zone="revealed"), dest="break", span=self._span(meta))

    def dull_freeze(self, meta, c):
        return [SetState(state="dull", target=c[0], span=self._span(meta)),
                SetState(state="frozen", target=c[0], span=self._span(meta))]

    def reveal_hand(self, meta, c):
        return Reveal(count=None, zone="opponent_hand" if c[0] is Player.OPPONENT else "hand", span=self._span(meta))

    def power_of(self, meta, c):
        s = self._slice(meta)
        return ("half_" if "half" in s else "") + ("power_of_self" if c else "power_of_target")

    def deal_equal(self, meta, c):
        return Damage(amount=0, target=c[0], amount_from=c[1], span=self._span(meta))

    def st_deals_player(self, meta, c):
        return Damage(amount=number_in(c), player=c[1], span=self._span(meta))

    def per_counter(self, meta, c):
        name = str(next(t for t in c if isinstance(t, Token) and t.type == "COUNTER_NAME")).rsplit(" ", 1)[0]
        return ("per", replace(first_of(c, Selector), zone=f"counters:{name.title()}"))

    def per_damage(self, meta, c):
        return ("per", Selector(count=None, zone="damage", owner=Player.YOU))

    def per_zone_card(self, meta, c):
        zone = "hand" if self._has(meta, "hand") else "break"
        return ("per", Selector(count=None, zone=zone, owner=Player.YOU, card_types=("card",)))

    def st_damage_becomes(self, meta, c):
        return ModifyStat(stat="damage_received_becomes", amount=number_in(c), target=first_of(c, Selector)
                          or Selector(ref="it"), duration=Duration.TURN, span=self._span(meta))

    def reduce_damage(self, meta, c):
        sign = 1 if self._has(meta, "increase") else -1
        return ModifyStat(stat="damage_received", amount=sign * number_in(c), target=Selector(ref="it"),
                          duration=Duration.TURN, span=self._span(meta))

    def n_pair(self, meta, c):
        return [("type", t.rstrip("s")) for t in str(c[0]).split() if t != "and"]

    def lose_kw(self, meta, c):
        return (first_of(c, KeywordSet).keywords, first_of(c, Duration) or Duration.PERMANENT)

    def st_lose_kw(self, meta, c):
        kws, dur = c[1]
        return [Restriction(mode="lose", action=k.name.lower().replace(" ", "_"), target=c[0], duration=dur,
                            span=self._span(meta)) for k in kws if isinstance(k, Keyword)]

    def st_party_with(self, meta, c):
        return Restriction(mode="can", action="form_party_with", target=c[0], duration=Duration.PERMANENT,
                           span=self._span(meta))

    def st_no_activate(self, meta, c):
        return Restriction(mode="cannot", action="activate_in_active_phase", target=c[0],
                           duration=Duration.NEXT_TURN_END if self._has(meta, "next") else Duration.PERMANENT,
                           span=self._span(meta))

    def st_any_cp(self, meta, c):
        return Restriction(mode="can", action="pay_with_any_element", target=c[0], duration=Duration.PERMANENT,
                           span=self._span(meta))

    def st_pay_backups(self, meta, c):
        return Restriction(mode="must", action="pay_with_cp_from_backups", target=first_of(c[1:], Selector),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def return_field(self, meta, c):
        return Deploy(verb="return", target=c[0], span=self._span(meta))

    def player_adds(self, meta, c):
        return Move(target=replace(c[1], owner=c[0]), dest="hand", span=self._span(meta))

    def double_damage(self, meta, c):
        return ModifyStat(stat="damage_multiplier", amount=2, target=Selector(ref="it"), duration=Duration.TURN,
                          span=self._span(meta))

    def st_power_becomes(self, meta, c):
        own = any(isinstance(t, Token) and t.type == "SELF" for t in c)
        target = Selector(self_ref=True) if own else Selector(ref="it")
        return ModifyStat(stat="power_set", amount=number_in(c), target=target,
                          duration=first_of(c, Duration) or Duration.PERMANENT, span=self._span(meta))

    def gain_control(self, meta, c):
        return Deploy(verb="gain_control", target=replace(c[1], owner=None), span=self._span(meta))

    def st_produce(self, meta, c):
        element = next((str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"), "any")
        return Restriction(mode="can", action=f"produce_{element}_cp", target=c[0], duration=Duration.PERMANENT,
                           span=self._span(meta))

    def either(self, meta, c):
        options = tuple((e,) if isinstance(e, Effect) else tuple(flatten([e])) for e in c)
        return Modal(count=1, options=options, span=self._span(meta))

    def instead_of_cp(self, meta, c):
        return ("instead_of_cp",)

    def st_alt_cost(self, meta, c):
        effects = flatten([x for x in c if isinstance(x, list)])
        base = next((e.cost for e in effects if isinstance(e, Pay)), Cost())
        extra = tuple(e for e in effects if not isinstance(e, Pay))
        target = [x for x in c if isinstance(x, Selector)][-1]
        return AlternativeCost(target=target, cost=replace(base, effects=extra), span=self._span(meta))

    def st_must_choose(self, meta, c):
        return Restriction(mode="must", action="be_chosen", target=first_of(c, Selector),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def st_unreducible(self, meta, c):
        return Restriction(mode="cannot", action="be_reduced", duration=Duration.PERMANENT, span=self._span(meta))

    def lasting(self, meta, c):
        return [UseLimit(("lasting",), None)]

    def q_all_other(self, meta, c):
        return [("count", None, False, "all"), ("other", True)]

    def cost_floor(self, meta, c):
        return ("floor", 1)

    # ------------------------------------------------------------------ players and amounts
    def pl_you(self, meta, c):
        return Player.YOU

    def pl_opp(self, meta, c):
        return Player.OPPONENT

    def pl_each(self, meta, c):
        return Player.EACH

    def for_each(self, meta, c):
        return ("per", first_of(c, Selector))

    def amount(self, meta, c):
        return number_in(c)

    # ------------------------------------------------------------------ directives (15.1.1)
    def choose(self, meta, c):
        target = replace(c[0], choose="choose", also=tuple(replace(a, choose="choose") for a in c[0].also))
        return Choose(target=target, span=self._span(meta))

    def select(self, meta, c):
        return Choose(target=replace(c[0], choose="select"), span=self._span(meta))

    def player_selects(self, meta, c):
        return Choose(target=replace(c[1], owner=c[0]), span=self._span(meta))

    def break_(self, meta, c):
        return Destroy(target=c[0], span=self._span(meta))

    def deal(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Damage(amount=c[1], target=c[0], per=per, span=self._span(meta))

    def deal_to(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        target = [x for x in c if isinstance(x, Selector)][-1]
        return Damage(amount=c[0], target=target, per=per, span=self._span(meta))

    def deal_more(self, meta, c):
        more = int(next(t for t in c if isinstance(t, Token) and t.type == "NUMBER"))
        per = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "per")
        return [Damage(amount=c[1], target=c[0], span=self._span(meta)),
                Damage(amount=more, target=c[0], per=per, span=self._span(meta))]

    def dull(self, meta, c):
        return SetState(state="dull", target=c[0], span=self._span(meta))

    def activate(self, meta, c):
        return SetState(state="active", target=c[0], span=self._span(meta))

    def freeze(self, meta, c):
        return SetState(state="frozen", target=c[0], span=self._span(meta))

    def draw(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Draw(count=number_in(c), per=per, span=self._span(meta))

    def player_draws(self, meta, c):
        return Draw(count=number_in(c), player=c[0], span=self._span(meta))

    def discard(self, meta, c):
        return Discard(count=number_in(c), span=self._span(meta))

    def discard_sel(self, meta, c):
        sel = c[0]
        return Discard(count=sel.count or 1, target=sel, span=self._span(meta))

    def player_discards(self, meta, c):
        return Discard(count=number_in(c), player=c[0], span=self._span(meta))

    def return_hand(self, meta, c):
        return Move(target=c[0], dest="hand", span=self._span(meta))

    def remove(self, meta, c):
        return Move(target=c[0], dest="removed", span=self._span(meta))

    def put_break(self, meta, c):
        return Move(target=c[0], dest="break", span=self._span(meta))

    def put_deck(self, meta, c):
        dest = "deck_top" if self._has(meta, "top") else "deck_bottom"
        dest = "deck_top_or_bottom" if self._has(meta, "top") and self._has(meta, "bottom") else dest
        return Move(target=first_of(c, Selector), dest=dest, span=self._span(meta))

    def play(self, meta, c):
        deploy = Deploy(verb="play", target=zoned(c), span=self._span(meta))
        if any(isinstance(x, tuple) and x and x[0] == "at_end" for x in c):
            return Delayed(timing="end_of_turn", timing_text="at the end of the turn", effects=(deploy,),
                           span=self._span(meta))
        return deploy

    def at_end_of_turn(self, meta, c):
        return ("at_end",)

    def negate_damage(self, meta, c):
        return ModifyStat(stat="damage_received_becomes", amount=0, target=c[0], duration=Duration.TURN,
                          span=self._span(meta))

    def cast_free(self, meta, c):
        return Deploy(verb="cast", target=zoned(c), free=True, span=self._span(meta))

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

    def reveal_cards(self, meta, c):
        shown = replace(c[0], choose="select")
        return [Reveal(count=shown.count, zone=shown.zone or "hand", span=self._span(meta)), Choose(target=shown)]

    def reveal_until(self, meta, c):
        found = replace(c[0], zone="revealed")
        return [Reveal(count=None, zone="deck_until_found", span=self._span(meta)), Choose(target=found)]

    def look(self, meta, c):
        return Reveal(count=c[0], zone="deck_look", span=self._span(meta))

    def mill(self, meta, c):
        return Move(target=Selector(count=c[0], zone="deck"), dest="break", span=self._span(meta))

    def remove_top(self, meta, c):
        return Move(target=Selector(count=c[0], zone="deck"), dest="removed", span=self._span(meta))

    def cancel(self, meta, c):
        return Cancel(target=Selector(ref="it"), span=self._span(meta))

    def shuffle(self, meta, c):
        zone = "revealed_shuffle" if self._has(meta, "other", "rest", "remaining") else "deck_shuffle"
        return Reveal(count=None, zone=zone, span=self._span(meta))

    def take_damage(self, meta, c):
        return Damage(amount=number_in(c), player=Player.YOU, span=self._span(meta))

    def player_damage(self, meta, c):
        return Damage(amount=number_in(c), player=c[0], span=self._span(meta))

    def pay(self, meta, c):
        return Pay(cost=c[0], span=self._span(meta))

    # ------------------------------------------------------------------ statements (11.9)
    def duration(self, meta, c):
        if self._has(meta, "opponent's"):
            return Duration.NEXT_TURN_END
        return Duration.PERMANENT if self._has(meta, "long") else Duration.TURN

    def power_change_amount(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return (number_in(c), per)

    def power_change(self, meta, c):
        if isinstance(c[0], tuple) and c[0][0] != "per":
            return c[0]
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return (-number_in(c), per)

    def gains_kw(self, meta, c):
        dur = first_of(c, Duration) or Duration.PERMANENT
        return ("kw", first_of(c, KeywordSet).keywords, dur)

    def st_gain(self, meta, c):
        target, (_, granted, dur) = c[0], c[1]
        return [_gain(target, g, dur, self._span(meta)) for g in granted]

    def st_power(self, meta, c):
        amount, per = c[1]
        dur = first_of(c[2:], Duration) or Duration.PERMANENT
        return ModifyStat(stat="power", amount=amount, target=c[0], duration=dur, per=per, span=self._span(meta))

    def st_power_kw(self, meta, c):
        amount, per = c[1]
        dur = first_of(c[2:], Duration) or Duration.PERMANENT
        out: list[Effect] = [ModifyStat(stat="power", amount=amount, target=c[0], duration=dur, per=per,
                                        span=self._span(meta))]
        out += [_gain(c[0], g, dur, self._span(meta)) for g in first_of(c, KeywordSet).keywords]
        return out

    def restricted_action(self, meta, c):
        words = " ".join(self._slice(meta).split())
        words = re.sub(r" by .*", "", words)
        return words.replace(" ", "_")

    def st_cannot(self, meta, c):
        dur = first_of(c, Duration) or Duration.PERMANENT
        acts = [a for a in c[1:] if isinstance(a, str)]
        return [Restriction(mode="cannot", action=a, target=c[0], duration=dur, span=self._span(meta)) for a in acts]

    def st_must(self, meta, c):
        dur = first_of(c, Duration) or Duration.PERMANENT
        return Restriction(mode="must", action=c[1], target=c[0], duration=dur, span=self._span(meta))

    def st_attack_twice(self, meta, c):
        return Restriction(mode="can", action="attack_twice", target=c[0], duration=Duration.PERMANENT,
                           span=self._span(meta))

    def st_cost_change(self, meta, c):
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        sign = -1 if self._has(meta, "reduced") else 1
        return CostChange(target=c[0], amount=sign * number_in(c), per=per, span=self._span(meta))

    def extra_cost_reduce(self, meta, c):
        # "you can pay … to reduce the cost …": an optional payment whose result is the reduction
        effects = flatten([x for x in c if isinstance(x, list)])
        change = CostChange(target=c[0], amount=-number_in(c), span=self._span(meta))
        return [Optional(effects=(*effects, change), span=self._span(meta))]

    def name_kind(self, meta, c):
        return ("kind", "_".join(self._slice(meta).split()))

    def declare(self, meta, c):
        return Declare(things=tuple(x[1] for x in c if isinstance(x, tuple) and x[0] == "kind"),
                       span=self._span(meta))

    def divide_damage(self, meta, c):
        return Damage(amount=number_in(c), target=first_of(c, Selector), amount_from="divided",
                      span=self._span(meta))

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
        extra = first_of(c, KeywordSet)
        granted = extra.keywords if extra else ()
        becomes = Gain(target=c[0], keyword=Keyword("Becomes Forward", (str(number_in(c)),)),
                       ability=next((g for g in granted if isinstance(g, Ability)), None),
                       duration=Duration.TURN, span=self._span(meta))
        keywords = [_gain(c[0], g, Duration.TURN, self._span(meta)) for g in granted if isinstance(g, Keyword)]
        return [becomes, *keywords]

    # ------------------------------------------------------------------ conditions (11.8.13)
    def condition(self, meta, c):
        return c[0]

    def _cond(self, kind: str, meta: Any, c: list[Any], stat: str | None = None) -> Condition:
        sel = first_of(c, Selector) or next((e.subject for e in c if isinstance(e, _Event)), None)
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
        "cond_paid_element": None, "cond_opp_not_pay": None, "cond_event": None,
        "cond_damaged_this_turn": None, "cond_power": "power", "cond_state": None, "cond_in_zone": None, "cond_have_crystal": None, "cond_cast_this_turn": None, "cond_counters": "counters", "cond_ex_burst": None, "cond_drawn": "drawn", "cond_elements": "elements", "cond_entered": None, "cond_discarded": None, "cond_not_control": None,
        "cond_opp_not_control": None,
    }.items():
        locals()[_name] = (lambda n, st: lambda self, meta, c: self._cond(n[5:], meta, c, st))(_name, _stat)

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
        limits = tuple("trigger_" + x[0] for x in c if x[0] != "if")
        cond = next((x[1] for x in c if x[0] == "if"), None)
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
                          span=self._span(meta))

    def st_lose_all(self, meta, c):
        dur = first_of(c, Duration) or Duration.PERMANENT
        return Restriction(mode="lose", action="all_abilities", target=c[0], duration=dur, span=self._span(meta))


    def player_mill(self, meta, c):
        return Move(target=Selector(count=c[1], zone="deck", owner=c[0]), dest="break", span=self._span(meta))

    def place_counters(self, meta, c):
        name = str(next(t for t in c if isinstance(t, Token) and t.type == "COUNTER_NAME")).rsplit(" ", 1)[0]
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Counters(name=name.title(), count=number_in(c), target=first_of(c, Selector), per=per,
                        span=self._span(meta))

    def remove_counters(self, meta, c):
        name = str(next(t for t in c if isinstance(t, Token) and t.type == "COUNTER_NAME")).rsplit(" ", 1)[0]
        count = number_in(c) if any(isinstance(t, Token) and t.type == "NUMBER" for t in c) else 0  # 0: all
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Counters(name=name.title(), count=count, target=first_of(c, Selector), remove=True, per=per,
                        span=self._span(meta))

    def effects(self, meta, c):
        return flatten(c)

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






def _gain(target: Selector, granted: Keyword | Ability, duration: Duration, span: Span | None) -> Gain:
    """A keyword or a quoted ability given to the target (15.2 keywords, 11.5 abilities)."""
    if isinstance(granted, Keyword):
        return Gain(target=target, keyword=granted, duration=duration, span=span)
    return Gain(target=target, ability=granted, duration=duration, span=span)


#: friendly "expected" labels by example (Lark's match_examples), written in the grammar's view
EXAMPLES: dict[str, list[str]] = {
    "an effect after the trigger (11.8.2), e.g. \"draw 1 card\"": [
        "when \x01 enters the field, juggle", "when \x01 attacks, sing 2 songs"],
    "a selector such as \"1 Forward\" or \"up to 2 Backups opponent controls\" (11.6.5)": [
        "choose 1 potato.", "break all the clouds."],
    "a cost before the colon (11.6.2), e.g. \"《火》《ダル》:\"": ["《火》《ダル》 draw 1 card.", "《1》 《ダル》 break it"],
    "a number of cards or an amount (4.1)": ["draw some cards.", "deal it lots of damage."],
}


class _Event:
    """A trigger event (11.8.2): its timing name and whose event it is."""

    def __init__(self, timing: str, subject: Selector | None) -> None:
        self.timing, self.subject = timing, subject


# ---------------------------------------------------------------------- parse pipeline hooks
# judge.text.parse calls split(text) once, then prepare(segment) and build(tree, prepared, offset)
# for each ability. The grammar reads the prepared view; the AST keeps the printed words, so the
# printed segment is remembered under its view (bounded: views repeat across calls).
_PRINTED: dict[str, str] = {}
_NAME: list[tuple[str, str | None]] = []


def split(text: str) -> list[tuple[int, int]]:
    """Where the abilities of a card's text are (11.5.3), markup line breaks included."""
    from judge.text.fftcg_source import infer_name, split_abilities

    name = infer_name(text)
    _NAME[:] = [(text, name)]
    return [(s.start, s.end) for s in split_abilities(text, name)]


def prepare(segment: str) -> str:
    """The grammar's view of one ability (same length): see `judge.text.fftcg_source.mask`."""
    from judge.text.fftcg_source import infer_name, mask

    name = _NAME[0][1] if _NAME and segment in _NAME[0][0] else infer_name(segment)
    view = re.sub(r"\[\[br\]\]|\n", lambda m: " " * len(m.group()), mask(segment, name))
    if len(_PRINTED) > 4096:
        _PRINTED.clear()
    _PRINTED[view] = segment
    return view


def build(tree: Tree, text: str, offset: int = 0) -> Ability:
    """The Ability of one parsed line; `text` is the printed line or its prepared view."""
    return FFTCGTransformer(_PRINTED.get(text, text), offset, view=text).transform(tree)
