"""FFTCG directives, statements and conditions → AST nodes (15.1.1 actions, 11.9 field abilities, 11.8.13).

The middle layer of the FFTCG Transformer: SelectorRules (what an effect acts on) ← EffectRules
(what it does, what holds, when it applies) ← FFTCGTransformer (abilities, costs, triggers). Each
method is a grammar rule or alias of grammar/fftcg.lark, called with (meta, children).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from judge.text.ast import (
    Ability,
    AlternativeCost,
    Cancel,
    Choose,
    Condition,
    Conditional,
    Cost,
    CostChange,
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
    SetState,
    Threshold,
)
from judge.text.fftcg.assemble import (
    Event,
    KeywordSet,
    UseLimit,
    first_of,
    flatten,
    gain_of,
    number_in,
    zoned,
)
from judge.text.fftcg.tail import TailRules


@dataclass(frozen=True)
class _Barred:
    """A restricted action while the statement around it is being built (never leaves this module)."""

    action: str
    by: Selector | None = None
    by_text: str | None = None

def _sources(words: str) -> Selector | None:
    """The Summons and abilities a "cannot be chosen by …" names (6.4): what, and whose (7.2.1)."""
    lower = words.lower()
    kinds = tuple(k for k, stem in (("summon", "summon"), ("ability", "abilit")) if stem in lower)
    if "ex burst" in lower or not kinds:
        return None
    whose = Player.OPPONENT if "opponent" in lower or "opposing" in lower else None
    return Selector(count=None, card_types=kinds, owner=whose)


class EffectRules(TailRules):
    """Transformer methods for directives, statements and conditions (needs `_span`, `_slice`…)."""

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
        own = bool(c) or s.lstrip().startswith("this")     # "{Name}'s power", "this Forward's power"
        return ("half_" if "half" in s else "") + ("power_of_self" if own else "power_of_target")

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
                          or Selector(ref="it"), duration=Duration.TURN, span=self._span(meta),
                          next_only=self._has(meta, "next"))

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
        return Deploy(verb="gain_control", target=replace(c[1], owner=None), span=self._span(meta),
                      duration=first_of(c, Duration) or Duration.PERMANENT)

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
        # the grammar allows only "Summons and/or abilities of your opponent" as those that must choose
        by = Selector(count=None, card_types=("summon", "ability"), owner=Player.OPPONENT)
        return Restriction(mode="must", action="be_chosen", target=first_of(c, Selector), by=by,
                           duration=Duration.PERMANENT, span=self._span(meta))

    def st_cast_if(self, meta, c):
        return Conditional(condition=first_of(c, Condition), span=self._span(meta), effects=(
            Restriction(mode="can", action="cast", target=c[0], duration=Duration.PERMANENT),))

    def st_player_cannot(self, meta, c):
        return Restriction(mode="cannot", action="cast", target=c[1], player=c[0],
                           duration=first_of(c, Duration) or Duration.PERMANENT, span=self._span(meta))

    def lb_deck_note(self, meta, c):
        return Restriction(mode="cannot", action="be_in_main_deck", target=Selector(count=None, with_keyword="LB"),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def st_unreducible(self, meta, c):
        return Restriction(mode="cannot", action="be_reduced", duration=Duration.PERMANENT, span=self._span(meta))

    def lasting(self, meta, c):
        return [UseLimit(("lasting",), None), *(x for x in c if isinstance(x, UseLimit))]  # + trigger_unless

    def q_all_other(self, meta, c):
        return [("count", None, False, "all"), ("other", True)]

    def cost_floor(self, meta, c):
        n = number_in(c)
        return ("floor", n + 1 if self._has(meta, "less") else max(n, 1))

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
        target = replace(c[1], owner=c[0], chooser=c[0])
        if "as_many_as_possible" in c:   # "up to N (select as many as possible)": N, or all there are (11.6.5)
            target = replace(target, up_to=False)
        return Choose(target=target, span=self._span(meta))

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

    def discard_hand(self, meta, c):
        return Discard(count=0, target=Selector(count=None, zone="hand", owner=Player.YOU), span=self._span(meta))

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
        if c and isinstance(c[0], Duration):  # turn_scope: "during your (opponent's) turn" (11.12.4.4)
            return c[0]
        if self._has(meta, "opponent's") or self._has(meta, "next"):
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
        return [gain_of(target, g, dur, self._span(meta)) for g in granted]

    def st_power(self, meta, c):
        amount, per = c[1]
        dur = first_of(c[2:], Duration) or Duration.PERMANENT
        return ModifyStat(stat="power", amount=amount, target=c[0], duration=dur, per=per, span=self._span(meta))

    def st_power_kw(self, meta, c):
        amount, per = c[1]
        dur = first_of(c[2:], Duration) or Duration.PERMANENT
        out: list[Effect] = [ModifyStat(stat="power", amount=amount, target=c[0], duration=dur, per=per,
                                        span=self._span(meta))]
        out += [gain_of(c[0], g, dur, self._span(meta)) for g in first_of(c, KeywordSet).keywords]
        return out

    def restricted_action(self, meta, c):
        # "be blocked by a Forward of cost 3 or more": the action, and who may not do it to the target
        words = " ".join(self._slice(meta).split())
        action, _, by_words = words.partition(" by ")
        by = first_of(c, Selector)
        if by is None and by_words and action == "be chosen":
            by = _sources(by_words)
        return _Barred(action.replace(" ", "_"), by, by_words or None)

    def st_cannot(self, meta, c):
        dur = first_of(c, Duration) or Duration.PERMANENT
        return [Restriction(mode="cannot", action=a.action, by=a.by, by_text=a.by_text, target=c[0], duration=dur,
                            span=self._span(meta)) for a in c[1:] if isinstance(a, _Barred)]

    def st_attack_cost(self, meta, c):
        # 10.1.2.3: attacking is allowed once its cost is paid; the cost is kept on the restriction
        return Restriction(mode="unless_paid", action="attack", target=c[0], duration=Duration.PERMANENT,
                           cost=first_of(c, Cost), span=self._span(meta))

    def st_block_cost(self, meta, c):
        # 10.1.3.1.3: blocking is allowed once its cost is paid; the cost is kept on the restriction
        return Restriction(mode="unless_paid", action="block", target=c[0], duration=Duration.PERMANENT,
                           cost=first_of(c, Cost), span=self._span(meta))

    def st_must(self, meta, c):
        dur = first_of(c, Duration) or Duration.PERMANENT
        a = c[1]
        return Restriction(mode="must", action=a.action, by=a.by, by_text=a.by_text, target=c[0], duration=dur,
                           span=self._span(meta))

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
        keywords = [gain_of(c[0], g, Duration.TURN, self._span(meta)) for g in granted if isinstance(g, Keyword)]
        return [becomes, *keywords]

    # ------------------------------------------------------------------ conditions (11.8.13)
    def condition(self, meta, c):
        return c[0]

    def _cond(self, kind: str, meta: Any, c: list[Any], stat: str | None = None) -> Condition:
        sel = first_of(c, Selector) or next((e.subject for e in c if isinstance(e, Event)), None)
        th = None
        nums = [int(t) for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        if stat and nums:
            op = ">=" if self._has(meta, "more") else "<="
            th = Threshold(stat, op, nums[0])
        ev = next((e for e in c if isinstance(e, Event)), None)
        return Condition(kind=kind, text=self._printed(meta), selector=sel, threshold=th, span=self._span(meta),
                         event=ev.timing if ev else None, qualifiers=getattr(ev, "qualifiers", ()),
                         cost=first_of(c, Cost))

    for _name, _stat in {
        "cond_control": None, "cond_opp_control": None, "cond_do_so": None, "cond_damage": "damage",
        "cond_opp_damage": "damage", "cond_hand": "hand", "cond_opp_hand": "hand", "cond_it_is": None,
        "cond_its_cost": "cost", "cond_on_field": None, "cond_break_count": "break_zone", "cond_have": None,
        "cond_cast_count": "cast", "cond_cost_vs_count": None, "cond_paid_elements": "elements",
        "cond_paid_element": None, "cond_opp_not_pay": None, "cond_event": None,
        "cond_damaged_this_turn": None, "cond_power": "power", "cond_state": None, "cond_in_zone": None, "cond_have_crystal": None, "cond_cast_this_turn": None, "cond_counters": "counters", "cond_ex_burst": None, "cond_drawn": "drawn", "cond_elements": "elements", "cond_entered": None, "cond_discarded": None, "cond_not_control": None,
        "cond_opp_not_control": None, "cond_paid_extra": None, "cond_not_pay": None, "cond_players_damage": "damage", "cond_removed_count": "removed",
    }.items():
        locals()[_name] = (lambda n, st: lambda self, meta, c: self._cond(n[5:], meta, c, st))(_name, _stat)

    def cond_state(self, meta, c):
        """"If X is dull / active / attacking / blocking / frozen / damaged" (6.3): the state named kept on X."""
        cond = self._cond("state", meta, c)
        last = self._printed(meta).rstrip(" ,.").rsplit(" ", 1)[-1].lower()      # the word after "is"
        word = last if last in ("active", "dull", "frozen", "damaged", "attacking", "blocking") else None
        return replace(cond, selector=replace(cond.selector, state=word)) if cond.selector and word else cond

    def cond_it_is(self, meta, c):
        # "If it is a Forward" / "If it is not a Summon": the compared selector, carrying the "it" it is about
        sels = [x for x in c if isinstance(x, Selector)]
        sel = replace(sels[-1], ref=sels[0].ref or "it") if len(sels) > 1 else (sels[0] if sels else None)
        kind = "it_is_not" if self._has(meta, "not") else "it_is"
        return Condition(kind=kind, text=self._printed(meta), selector=sel, span=self._span(meta))

