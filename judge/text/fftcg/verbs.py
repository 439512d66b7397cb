"""FFTCG verb phrases and clauses → effect nodes (15.1.1 keyword actions, 11.9 statements, 11.12.4).

A mixin of the FFTCG Transformer. A verb phrase does not know its subject when it is built, so each
`vp` method returns an `Act`: a function from the subject to the effects, plus what the verb names
when it is prohibited, required or allowed ("cannot be chosen by …" → action `be_chosen`, by = the
source). A clause joins the subject, the modal and the `Act`:

- no subject: the effect's controller does it ("Draw 1 card");
- a subject: that card or player does it, or is changed by it ("X gains +1000 power");
- a modal: "may" an optional act (11.8.14); "cannot" / "must" a prohibition / obligation (11.12.4);
  "can" a permission (what the verb allows, with the subject as target).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lark import Token

from judge.text.ast import (
    Ability,
    Cancel,
    Choose,
    Conditional,
    Cost,
    Counters,
    Damage,
    Declare,
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
    replace,
)
from judge.text.fftcg.assemble import KeywordSet, flatten, gain_of
from judge.text.fftcg.events import EvPred
from judge.text.fftcg.select import pairs_of

#: a participle's stem → the action a restriction names ("cannot be broken" → be_broken)
BARRED: dict[str, str] = {
    "broken": "be_broken", "chosen": "be_chosen", "blocked": "be_blocked",
    "field_to_break": "be_put_into_the_break_zone", "to_break": "be_put_into_the_break_zone",
    "returned": "be_returned_to_its_owner's_hand", "removed": "be_removed_from_the_game",
    "reduced": "be_reduced", "dulled": "become_dull", "activated": "be_activated",
    "revealed": "be_revealed", "selected": "be_selected", "dealt_damage": "be_dealt_damage", "played": "be_played",
}
_REST = Selector(count=None, ref="rest", zone="revealed")


@dataclass(frozen=True)
class Act:
    """A verb phrase before its subject is known (see the module docstring)."""

    make: Callable[[Any], list[Effect]]
    action: str | None = None            # the act a modal restricts ("attack", "be_chosen", "cast")
    by: Selector | None = None           # "cannot be chosen by X": whose act is barred
    target: Selector | None = None       # "you cannot cast X": what the player may not act on
    duration: Duration | None = None
    cost: Cost | None = None             # "cannot attack unless you pay 《1》" (10.1.2.3)
    mode: str | None = None              # a fixed mode ("unless_paid", "can")
    window: bool = False                 # "you can only cast X during your turn": the cast's window
    extra: tuple[Effect, ...] = ()       # "cannot attack or block": the second restriction


class Instead:
    """Marks a clause printed with "instead" (11.12.5): the condition around it replaces an effect."""


def _sel(c: list[Any]) -> Selector | None:
    return next((x for x in c if isinstance(x, Selector)), None)


def _sels(c: list[Any]) -> list[Selector]:
    return [x for x in c if isinstance(x, Selector)]


def _num(c: list[Any]) -> int:
    return int(next(str(t) for t in c if isinstance(t, Token) and t.type in ("NUMBER", "PLUS_N")).lstrip("+"))


def _per(c: list[Any]) -> Selector | None:
    return next((p[1] for p in pairs_of(c) if p[0] == "per"), None)


#: whose field a card enters, as field_word says it (6.2.4)
FIELD_OWNER = {"your_field": Player.YOU, "opponent_field": Player.OPPONENT}


def _dur(c: list[Any]) -> Duration | None:
    return next((x for x in c if isinstance(x, Duration)), None)


def _target(subject: Any) -> Selector:
    return subject if isinstance(subject, Selector) else Selector(ref="it")


def _player(subject: Any) -> Player:
    if isinstance(subject, ControllerOf):
        return Player.ANY
    return subject if isinstance(subject, Player) else Player.YOU


@dataclass(frozen=True)
class ControllerOf:
    """"That Forward's controller" (6.2): the player who controls a card named before."""

    of: Selector


def _zoned(sel: Selector, c: list[Any]) -> Selector:
    zone = dict(p for p in pairs_of(c) if p[0] in ("zone",)).get("zone")
    return replace(sel, zone=zone) if zone and not sel.zone else sel


class VerbRules:
    """Rules for verb phrases and clauses; `_span` and friends come from the Transformer."""

    _span: Any
    _counter: Any

    # ------------------------------------------------------------------ clauses
    def imperative(self, meta, c):
        return c[0].make(None)

    def subject_does(self, meta, c):
        subject, act = c[0], c[-1]
        return act.make(subject)

    def subject_modal(self, meta, c):
        subject, aux, act = c[0], c[1], c[2]
        return self._modal(meta, aux, act, subject, _dur(c[3:]))

    def you_modal(self, meta, c):
        aux, act = c[0], c[1]
        return self._modal(meta, aux, act, Player.YOU, _dur(c[2:]))

    def _modal(self, meta: Any, aux: str, act: Act, subject: Any, dur: Duration | None) -> list[Effect]:
        span = self._span(meta)
        if aux == "may":
            effects = tuple(flatten([act.make(None if subject is Player.YOU else subject)]))
            who = subject if isinstance(subject, Player) and subject is not Player.YOU else None
            return [Optional(effects=effects, player=who, span=span)]
        if act.action is None:
            raise ValueError(f"'{aux}' before a verb that names no act to restrict")
        mode = act.mode or {"cannot": "cannot", "must": "must", "can": "can", "can_only": "can_only"}[aux]
        if aux == "can_only":
            mode = "can_only"
            if act.action == "cast" and act.duration is None and act.target is not None and act.window:
                return [Restriction(mode="cannot", action="cast_outside_your_turn", target=act.target,
                                    duration=Duration.PERMANENT, span=span)]
        target = subject if isinstance(subject, Selector) else act.target
        player = subject if isinstance(subject, Player) else None
        duration = dur or act.duration or Duration.PERMANENT
        out = [Restriction(mode=mode, action=act.action, target=target, player=player, by=act.by,
                           duration=duration, cost=act.cost, span=span)]
        for extra in act.extra:
            out.append(replace(extra, mode=mode, target=target, player=player, duration=duration, span=span))
        return out

    def m_may(self, meta, c):
        return "may"

    def m_cannot(self, meta, c):
        return "cannot"

    def m_must(self, meta, c):
        return "must"

    def m_can(self, meta, c):
        return "can"

    def m_can_only(self, meta, c):
        return "can_only"

    def instead(self, meta, c):
        return [*flatten(c), Instead()]

    def either(self, meta, c):
        options = tuple(tuple(flatten([x])) for x in c if isinstance(x, list))
        return [Modal(count=1, options=options, span=self._span(meta))]

    def cond_suffix(self, meta, c):
        from judge.text.ast import Condition

        cond = next(x for x in c if isinstance(x, Condition))
        effects = tuple(flatten([x for x in c if isinstance(x, list)]))
        if cond.kind == "possible":          # "must block if possible": an obligation is only ever so (11.12.4)
            return list(effects)
        return [Conditional(condition=cond, effects=effects, span=self._span(meta))]

    def vp_clause(self, meta, c):
        return c[0]

    # ------------------------------------------------------------------ choosing (11.6.5)
    def choose(self, meta, c):
        np = _sel(c)
        target = replace(np, choose="choose", also=tuple(replace(a, choose="choose") for a in np.also))
        return Act(lambda s: [Choose(target=target if not isinstance(s, Player) else replace(target, owner=target.owner),
                                     span=self._span(meta))])

    def choose_as_many(self, meta, c):
        from judge.text.ast import Threshold

        what, per = _sels(c)[:2]
        target = replace(what, count=None, up_to=True, choose="choose",
                         thresholds=(*what.thresholds, Threshold("count", "<=", 0, ref=per)))
        return Act(lambda s: [Choose(target=target, span=self._span(meta))])

    def select(self, meta, c):
        np = replace(_sel(c), choose="select")
        if any(isinstance(x, str) and x == "as_many_as_possible" for x in c):
            np = replace(np, up_to=False)

        def make(subject: Any) -> list[Effect]:
            if isinstance(subject, Player) and subject is not Player.YOU:
                return [Choose(target=replace(np, owner=np.owner or subject, chooser=subject), span=self._span(meta))]
            return [Choose(target=np, span=self._span(meta))]
        return Act(make)

    def select_note(self, meta, c):
        return "as_many_as_possible"

    def declare(self, meta, c):
        kinds = tuple({"color": "element", "type": "card_type", "name": "card_name"}.get(x, x)
                      for x in c if isinstance(x, str) and not isinstance(x, Token))
        other = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "other_than"), ())
        return Act(lambda s: [Declare(things=kinds, other_than=other, span=self._span(meta))])

    def name_other(self, meta, c):
        return ("other_than", tuple(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"))

    def declare_np(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Declare(things=tuple(np.card_types) or ("card",), span=self._span(meta))])

    # ------------------------------------------------------------------ 15.1.1 keyword actions
    def break_(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Destroy(target=np, span=self._span(meta))], action="break")

    def deal(self, meta, c):
        np, amount, per = _sel(c), self._amount(c), _per(c)
        return Act(lambda s: [self._damage(meta, amount, np, per, s)])

    def deal_to(self, meta, c):
        np, amount, per = _sels(c)[-1], self._amount(c), _per(c)
        return Act(lambda s: [self._damage(meta, amount, np, per, s)])

    def deal_several(self, meta, c):
        """"Deal 1000 damage to X and 2000 damage to Y" (6.5): each amount to its own cards."""
        amounts = [x for x in c if isinstance(x, tuple) and x and x[0] == "amount"]
        targets = _sels(c)
        return Act(lambda s: [self._damage(meta, a[1:], t, None, s) for a, t in zip(amounts, targets, strict=True)])

    def deal_more(self, meta, c):
        np, amount, per = _sel(c), self._amount(c), _per(c)
        more = [int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"][-1]
        return Act(lambda s: [self._damage(meta, amount, np, None, s), self._damage(meta, (more, None), np, per, s)])

    def _amount(self, c: list[Any]) -> tuple[int, str | None]:
        return next(x for x in c if isinstance(x, tuple) and x and x[0] == "amount")[1:]

    def _damage(self, meta: Any, amount: tuple[int, str | None], np: Selector | None, per: Selector | None,
                subject: Any, player: Player | None = None) -> Damage:
        value, var = amount
        source = subject if isinstance(subject, Selector) else None
        return Damage(amount=value, target=np, per=per, player=player, source=source, amount_var=var,
                      span=self._span(meta))

    def amount(self, meta, c):
        return ("amount", int(str(c[0])), None)

    def amount_x(self, meta, c):
        thousands = any(isinstance(t, Token) and t.type == "X_THOUSANDS" for t in c)
        return ("amount", 1000 if thousands else 1, "x")

    def deal_equal(self, meta, c):
        np, how = _sel(c), next(x for x in c if isinstance(x, tuple) and x[0] == "stat")
        unit = how[3] if len(how) > 3 else None
        less = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "minus"), 0)
        # the amount is the stat named, plus `amount` (negative: "its power minus 1000")
        return Act(lambda s: [Damage(amount=-less, target=np, amount_from=how[1], source=how[2], unit=unit,
                                     span=self._span(meta))])

    def minus_n(self, meta, c):
        return ("minus", _num(c))

    def deal_equal_to(self, meta, c):
        return self.deal_equal(meta, c)

    def deal_same(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Damage(amount=0, target=np, amount_from="same_amount", span=self._span(meta))])

    def deal_points(self, meta, c):
        n = _num(c)
        to = next((x for x in c if isinstance(x, Player)), Player.OPPONENT)
        return Act(lambda s: [Damage(amount=n, player=to, source=s if isinstance(s, Selector) else None,
                                     span=self._span(meta))])

    deal_points_to = deal_points

    def deal_own_power(self, meta, c):
        np = _sel(c) or Selector(ref="other")
        return Act(lambda s: [Damage(amount=0, target=np, source=_target(s), amount_from="power_of_source",
                                     span=self._span(meta))])

    def sr_its_power(self, meta, c):
        return ("stat", "power_of_target", None)

    def sr_power_of(self, meta, c):
        of = _sel(c)
        if of is not None and of.self_ref:
            return ("stat", "power_of_self", None)
        return ("stat", "power_of_source", of)

    def sr_half(self, meta, c):
        of = _sel(c)
        own = of is not None and of.self_ref
        unit = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "unit"), None)
        return ("stat", "half_power_of_self" if own else "half_power_of_target", None, unit)

    def round_up(self, meta, c):
        """"(round up to the nearest 1000)": a half is rounded up to this unit (4.2)."""
        return ("unit", _num(c))

    def dull(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [SetState(state="dull", target=np, span=self._span(meta))])

    def dull_freeze(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [SetState(state="dull", target=np, span=self._span(meta)),
                              SetState(state="frozen", target=np, span=self._span(meta))])

    def activate(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [SetState(state="active", target=np, span=self._span(meta))])

    def freeze(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [SetState(state="frozen", target=np, span=self._span(meta))])

    def draw(self, meta, c):
        value, var = self._amount(c)
        per = _per(c)

        def make(subject: Any) -> list[Effect]:
            return [Draw(count=value, per=per, amount_var=var, player=_player(subject), span=self._span(meta))]
        return Act(make)

    def discard_np(self, meta, c):
        np = _sel(c)
        plain = set(np.card_types) <= {"card"} and not np.self_ref and np.ref is None and \
            not (np.colors or np.families or np.categories or np.name
                                                        or np.thresholds or np.distinct or np.zone not in (None, "hand"))

        def make(subject: Any) -> list[Effect]:
            count = np.count if np.count is not None else 1
            target = None if plain else replace(np, zone=np.zone or "hand")
            whose = subject.of if isinstance(subject, ControllerOf) else None
            return [Discard(count=count, player=_player(subject), target=target, controller_of=whose,
                            span=self._span(meta))]
        return Act(make)

    def discard_random(self, meta, c):
        """"Your opponent randomly discards 1 card" (15.1.1.4): which card is not chosen."""
        act = self.discard_np(meta, c)
        return Act(lambda s: [replace(e, target=replace(e.target or Selector(count=e.count, zone="hand"),
                                                         state="random")) for e in act.make(s)])

    def discard_hand(self, meta, c):
        return Act(lambda s: [Discard(count=0, target=Selector(count=None, zone="hand", owner=Player.YOU),
                                      player=_player(s), span=self._span(meta))])

    def return_hand(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Move(target=np, dest="hand", span=self._span(meta))], action="return")

    def to_deck(self, meta, c):
        np = _sel(c) or _REST
        _, dest, any_order, under = next(x for x in c if isinstance(x, tuple) and x and x[0] == "deck_place")

        def make(subject: Any) -> list[Effect]:
            who = subject if isinstance(subject, Player) and subject is not Player.YOU else None
            return [Move(target=np, dest=dest, any_order=any_order, player=who, under=under,
                         span=self._span(meta))]
        return Act(make)

    def deck_place(self, meta, c):
        dest = next(x for x in c if isinstance(x, str) and x.startswith("deck_"))
        return ("deck_place", dest, "any_order" in c, None)

    def deck_under(self, meta, c):
        """ "under the top N cards of the deck": N cards stay above it (7.9)."""
        n = next((int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"), 1)
        return ("deck_place", "deck_under_top", False, n)

    def any_order(self, meta, c):
        return "any_order"

    def e_top(self, meta, c):
        return "deck_top"

    def e_bottom(self, meta, c):
        return "deck_bottom"

    def e_either(self, meta, c):
        return "deck_top_or_bottom"

    def return_field(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Deploy(verb="return", target=np, span=self._span(meta))])

    def remove(self, meta, c):
        np = _sel(c)
        after = any(isinstance(x, str) and x == "after_use" for x in c)
        dur = _dur(c) or Duration.PERMANENT
        return Act(lambda s: [Move(target=np, dest="removed", after_use=after, duration=dur, span=self._span(meta))],
                   action="remove")

    def after_use(self, meta, c):
        return "after_use"

    def remove_top(self, meta, c):
        n = self._top(c)
        sel = Selector(count=n[0], zone="deck", amount_var=n[1], owner=n[2] if n[2] is not Player.YOU else None)
        return Act(lambda s: [Move(target=sel, dest="removed", span=self._span(meta))])

    def top_cards(self, meta, c):          # the top cards of a deck: a Selector of zone "deck" (7.9)
        nums = [int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        var = "x" if "x" in c else None
        owner = next((x for x in c if isinstance(x, Player)), Player.YOU)
        return ("top", nums[0] if nums else 1, var, owner)

    def _top(self, c: list[Any]) -> tuple[int, str | None, Player]:
        return next(x for x in c if isinstance(x, tuple) and x and x[0] == "top")[1:]

    def deck_you(self, meta, c):
        return Player.YOU

    def deck_that(self, meta, c):
        return Player.ANY

    def deck_opp(self, meta, c):
        return Player.OPPONENT

    def remove_counters(self, meta, c):
        return self._counters(meta, c, remove=True)

    def place_counters(self, meta, c):
        return self._counters(meta, c, remove=False)

    def _counters(self, meta: Any, c: list[Any], remove: bool) -> Act:
        name, np, per = self._counter(c), _sel(c), _per(c)
        how = next(x for x in c if isinstance(x, tuple) and x and x[0] == "count_word")
        count, var = how[1], how[2]
        return Act(lambda s: [Counters(name=name, count=count, target=np, remove=remove, per=per, amount_var=var,
                                       span=self._span(meta))])

    def count_word(self, meta, c):
        return ("count_word", int(str(c[0])), None)

    def count_all(self, meta, c):
        return ("count_word", 0, None)

    def put_break(self, meta, c):
        np = _sel(c)

        def make(subject: Any) -> list[Effect]:
            target = replace(np, owner=np.owner or subject, choose="select") if isinstance(subject, Player) else np
            return [Move(target=target, dest="break", span=self._span(meta))]
        return Act(make)

    def mill(self, meta, c):
        n, var, owner = self._top(c)

        def make(subject: Any) -> list[Effect]:
            who = subject if isinstance(subject, Player) else owner
            sel = Selector(count=n, zone="deck", owner=who if who is not Player.YOU else None, amount_var=var)
            return [Move(target=sel, dest="break", span=self._span(meta))]   # whoever puts them, the same cards
        return Act(make)

    def put_damage(self, meta, c):
        np = _sel(c)
        note = any(isinstance(x, str) and x == "no_ex_burst" for x in c)
        return Act(lambda s: [Move(target=np, dest="damage", no_ex_burst=note, span=self._span(meta))])

    def no_exb_note(self, meta, c):
        return "no_ex_burst"

    def play(self, meta, c):
        np = _zoned(_sel(c), c)
        dull = any(p == ("state", "dull") for p in pairs_of(c))
        at_end = any(isinstance(x, str) and x == "at_end" for x in c)
        onto = FIELD_OWNER.get(dict(p for p in pairs_of(c) if p[0] == "place").get("place"))

        def make(subject: Any) -> list[Effect]:
            from judge.text.ast import Delayed

            deploy = Deploy(verb="play", target=np, dull=dull, onto=onto, span=self._span(meta))
            if at_end:
                return [Delayed(timing="end_of_turn", timing_text="at the end of the turn", effects=(deploy,),
                                span=self._span(meta))]
            return [deploy]
        return Act(make, action="play", target=np)

    def at_end(self, meta, c):
        return "at_end"

    def cast(self, meta, c):
        np = _zoned(_sel(c), c)
        free = any(isinstance(x, str) and x == "free" for x in c)
        leave = [x for x in c if isinstance(x, tuple) and x and x[0] == "leave"]
        action = "_".join(["cast", *(v for _, v in leave if v in ("as_owner", "any_time"))])
        dur = Duration.TURN if any(v == "this_turn" for _, v in leave) else None
        return Act(lambda s: [Deploy(verb="cast", target=np, free=free, span=self._span(meta))],
                   action=action, target=np, duration=dur, window=any(v == "window" for _, v in leave))

    def without_paying(self, meta, c):
        return "free"

    def cl_as_owner(self, meta, c):
        return ("leave", "as_owner")

    def cl_any_time(self, meta, c):
        return ("leave", "any_time")

    def cl_this_turn(self, meta, c):
        return ("leave", "this_turn")

    def cl_window(self, meta, c):
        return ("leave", "window")

    def search(self, meta, c):
        np = _sel(c)
        then = next(x for x in c if (isinstance(x, str) and x.startswith("st:")) or isinstance(x, tuple))
        dest, under = (then[1], then[3]) if isinstance(then, tuple) else (then[3:], None)
        return Act(lambda s: [Search(target=np, dest=dest, under=under, span=self._span(meta))])

    def st_hand(self, meta, c):
        return "st:hand"

    def st_break(self, meta, c):
        return "st:break"

    def st_deck(self, meta, c):
        return next(x for x in c if isinstance(x, tuple) and x and x[0] == "deck_place")

    def st_field(self, meta, c):
        return "st:field"

    def st_cast(self, meta, c):
        return "st:cast"

    def st_removed(self, meta, c):
        return "st:removed"

    def add_hand(self, meta, c):
        np = _sel(c)

        def make(subject: Any) -> list[Effect]:
            target = replace(np, owner=subject) if isinstance(subject, Player) and subject is not Player.YOU else np
            return [Move(target=target, dest="hand", span=self._span(meta))]
        return Act(make)

    # ------------------------------------------------------------------ gaining and losing (5.2.6, 15.2)
    def power_amount(self, meta, c):
        return ("power", _num(c))

    def _power(self, c: list[Any]) -> int:
        return next(x[1] for x in c if isinstance(x, tuple) and x and x[0] == "power")

    def gain_things(self, meta, c):
        """Power, keywords and abilities gained together, in the order said (5.2.6, 15.2, 11.5)."""
        per, dur = _per(c), _dur(c)
        said = [x for x in c if isinstance(x, KeywordSet) or (isinstance(x, tuple) and x and x[0] == "power")]

        def make(subject: Any) -> list[Effect]:
            d, out = dur or Duration.PERMANENT, []
            for x in said:
                if isinstance(x, KeywordSet):
                    out.extend(gain_of(_target(subject), g, d, self._span(meta)) for g in x.keywords)
                else:
                    out.append(ModifyStat(stat="power", amount=x[1], target=_target(subject), per=per, duration=d,
                                          span=self._span(meta)))
            return out
        keywords = said[0].keywords if len(said) == 1 and isinstance(said[0], KeywordSet) else ()
        action = "gain_" + "_".join(g.name.lower().replace(" ", "_") for g in keywords if isinstance(g, Keyword))
        return Act(make, action=action) if keywords else Act(make)

    def gain_crystal(self, meta, c):
        cost, per = next(x for x in c if isinstance(x, Cost)), _per(c)
        return Act(lambda s: [GainCrystal(count=max(1, cost.crystal), per=per, span=self._span(meta))])

    def gain_control(self, meta, c):
        np, dur = _sel(c), _dur(c)
        return Act(lambda s: [Deploy(verb="gain_control", target=replace(np, owner=None),
                                     player=s if isinstance(s, Player) and s is not Player.YOU else None,
                                     duration=dur or Duration.PERMANENT, span=self._span(meta))])

    def gain_elements(self, meta, c):
        elems = tuple(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        dur = _dur(c) or Duration.PERMANENT
        return Act(lambda s: [Gain(target=_target(s), keyword=Keyword("Card Elements", elems),
                                   duration=dur, span=self._span(meta))])

    def lose_things(self, meta, c):
        """Power, keywords or all abilities lost, in the order said (5.2.6, 15.2, 11.12.4.2)."""
        per, dur = _per(c), _dur(c)
        said = [x for x in c if isinstance(x, KeywordSet) or x in ("all_abilities",)
                or (isinstance(x, tuple) and x and x[0] in ("power_lost", "becomes_forward"))]

        def make(subject: Any) -> list[Effect]:
            d, out = dur or Duration.PERMANENT, []
            for x in said:
                if isinstance(x, KeywordSet):
                    out.extend(Restriction(mode="lose", action=k.name.lower().replace(" ", "_"), target=_target(subject),
                                           duration=d, span=self._span(meta)) for k in x.keywords if isinstance(k, Keyword))
                elif x == "all_abilities":
                    out.append(Restriction(mode="lose", action="all_abilities", target=_target(subject), duration=d,
                                           span=self._span(meta)))
                elif x[0] == "becomes_forward":
                    out.append(Gain(target=_target(subject), keyword=Keyword("Becomes Forward", (str(x[1]),)),
                                    duration=d, span=self._span(meta)))
                else:
                    out.append(ModifyStat(stat="power", amount=-x[1], target=_target(subject), per=per, duration=d,
                                          span=self._span(meta)))
            return out
        return Act(make)

    def power_lost(self, meta, c):
        return ("power_lost", _num(c))

    def all_abilities(self, meta, c):
        return "all_abilities"

    def becomes_forward(self, meta, c):
        return ("becomes_forward", _num(c))

    # ------------------------------------------------------------------ revealing and looking (7.9, 7.11)
    def reveal_top(self, meta, c):
        n, var, owner = self._top(c)

        def make(subject: Any) -> list[Effect]:
            who = subject if isinstance(subject, Player) else owner
            zone = "opponent_deck" if who is Player.OPPONENT else "deck"
            return [Reveal(count=n, zone=zone, amount_var=var, span=self._span(meta))]
        return Act(make)

    def reveal_np(self, meta, c):
        np = replace(_sel(c), choose="select")
        return Act(lambda s: [Reveal(count=np.count, zone=np.zone or "hand", span=self._span(meta)),
                              Choose(target=np)])

    def reveal_hand(self, meta, c):
        theirs = any(isinstance(x, str) and x == "h_that" for x in c)

        def make(subject: Any) -> list[Effect]:
            opp = (theirs and subject is Player.OPPONENT) or subject is Player.OPPONENT
            return [Reveal(count=None, zone="opponent_hand" if opp else "hand", span=self._span(meta))]
        return Act(make)

    def reveal_random(self, meta, c):
        n = _num(c)

        def make(subject: Any) -> list[Effect]:
            zone = ("opponent_hand" if subject is Player.OPPONENT else "hand") + "_random"
            return [Reveal(count=n, zone=zone, span=self._span(meta))]
        return Act(make)

    def look(self, meta, c):
        n, var, _ = self._top(c)
        return Act(lambda s: [Reveal(count=n, zone="deck_look", amount_var=var, span=self._span(meta))])

    def shuffle_deck(self, meta, c):
        return Act(lambda s: [Reveal(count=None, zone="deck_shuffle", span=self._span(meta))])

    def shuffle_rest(self, meta, c):
        place = next((x for x in c if isinstance(x, tuple) and x and x[0] == "deck_place"), None)

        def make(subject: Any) -> list[Effect]:
            out: list[Effect] = [Reveal(count=None, zone="revealed_shuffle", span=self._span(meta))]
            if place:
                out.append(Move(target=_REST, dest=place[1], any_order=place[2], span=self._span(meta)))
            return out
        return Act(make)

    def rest_cards(self, meta, c):
        return None

    def reveal_until(self, meta, c):
        found = replace(_sel(c), zone="revealed")
        return Act(lambda s: [Reveal(count=None, zone="deck_until_found", span=self._span(meta)),
                              Choose(target=found)])

    # ------------------------------------------------------------------ the stack, costs, damage (11.11, 11.2, 11.12.5)
    def cancel(self, meta, c):
        return Act(lambda s: [Cancel(target=Selector(ref="it"), span=self._span(meta))])

    def cancel_choosing(self, meta, c):
        chosen = _sel(c)
        return Act(lambda s: [Cancel(target=Selector(count=None, card_types=("summon", "ability"), about=chosen),
                                     span=self._span(meta))])

    def pay(self, meta, c):
        cost = next(x for x in c if isinstance(x, Cost))
        return Act(lambda s: [Pay(cost=cost, span=self._span(meta))])

    def pay_extra(self, meta, c):
        """"you may pay an extra 《2》" (11.2): an optional extra cost paid on casting."""
        cost = next(x for x in c if isinstance(x, Cost))
        return Act(lambda s: [Pay(cost=cost, span=self._span(meta))])

    def extra_cost(self, meta, c):
        """"You may remove … as an extra cost": an optional payment made on casting (11.2); what it buys
        is said by a later "If you paid the extra cost, …"."""
        paid = flatten(c)
        opt = next((e for e in paid if isinstance(e, Optional)), None)
        effects = opt.effects if opt is not None else tuple(paid)
        return [Optional(effects=(), cost=Cost(effects=effects, span=self._span(meta)), span=self._span(meta))]

    def receive_points(self, meta, c):
        n = _num(c)
        return Act(lambda s: [Damage(amount=n, player=_player(s), span=self._span(meta))])

    def negate_damage(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [ModifyStat(stat="damage_received_becomes", amount=0, target=np,
                                         duration=Duration.TURN, span=self._span(meta))])

    def change_damage(self, meta, c):
        n = _num(c)
        sign = -1 if "decreased" in c else 1
        return Act(lambda s: [ModifyStat(stat="damage_received", amount=sign * n, target=Selector(ref="it"),
                                         duration=Duration.PERMANENT, span=self._span(meta))])

    def double_damage(self, meta, c):
        return Act(lambda s: [ModifyStat(stat="damage_multiplier", amount=2, target=Selector(ref="it"),
                                         duration=Duration.PERMANENT, span=self._span(meta))])

    def divide_damage(self, meta, c):
        n, np = _num(c), _sel(c)
        return Act(lambda s: [Damage(amount=n, target=np, amount_from="divided", span=self._span(meta))])

    def use_again(self, meta, c):
        kind = "special_ability" if "special" in str(next(t for t in c if isinstance(t, Token))) else "action_ability"
        return Act(lambda s: [Deploy(verb="use", target=Selector(self_ref=True, card_types=(kind,)), free=True,
                                     span=self._span(meta))])

    def use_np(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Deploy(verb="use", target=np, span=self._span(meta))], action="use", target=np)

    def use_ex_burst(self, meta, c):
        return Act(lambda s: [Deploy(verb="use_ex_burst", target=Selector(ref="it"), span=self._span(meta))])

    # ------------------------------------------------------------------ what a modal restricts (11.12.4)
    def _barred(self, action: str, **kw: Any) -> Act:
        """A verb a modal restricts; said plainly ("this Forward deals damage first") it states what the
        subject does under the rules (a reminder's sentence, 15.2)."""
        def make(subject: Any) -> list[Effect]:
            return [Restriction(mode="does", action=action, target=subject if isinstance(subject, Selector) else None,
                                player=subject if isinstance(subject, Player) else None,
                                duration=Duration.PERMANENT)]
        return Act(make, action=action, **kw)

    def r_damage_first(self, meta, c):
        return self._barred("deal_damage_first")

    def play_bare(self, meta, c):
        np = _zoned(_sel(c), c)
        return Act(lambda s: [Deploy(verb="play", target=np, span=self._span(meta))], action="play", target=np)

    def r_use_abilities(self, meta, c):
        kinds = [x for x in c if x in ("special", "action")]
        return self._barred("use_" + "_or_".join(kinds) + "_abilities")

    def r_use_ex_burst(self, meta, c):
        return self._barred("use_ex_burst")

    def r_attack_or_use_icon(self, meta, c):
        cost = next(x for x in c if isinstance(x, Cost))
        extra = Restriction(mode="can", action="use_abilities_with_dull_icon" if cost.dull_self else "use_abilities")
        return self._barred("attack", extra=(extra,))

    def count_x(self, meta, c):
        return ("count_word", 1, "x")

    def x_word(self, meta, c):
        return "x"

    def r_search(self, meta, c):
        return self._barred("search")

    def play_by(self, meta, c):
        np = _zoned(_sel(c), c)
        return self._barred("play", target=np, by=next((p[1] for p in pairs_of(c) if p[0] == "by"), None))

    def r_attack(self, meta, c):
        return self._barred("attack")

    def r_attack_twice(self, meta, c):
        """ "attack twice / once more / N times in the same turn" (10.1.2): N attacks a turn."""
        n = next((int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"), 2)
        return self._barred("attack_twice" if n == 2 else f"attack_{n}_times")

    def r_attack_once(self, meta, c):
        return self._barred("attack_once_per_turn")

    def r_attack_at_least_once(self, meta, c):
        return self._barred("attack_at_least_once_per_turn")

    def r_attack_block(self, meta, c):
        extra = Restriction(mode="cannot", action="block")
        return self._barred("attack", extra=(extra,))

    def r_attack_unless(self, meta, c):
        return self._barred("attack", cost=next(x for x in c if isinstance(x, Cost)), mode="unless_paid")

    def r_block(self, meta, c):
        return self._barred("block")

    def r_block_unless(self, meta, c):
        return self._barred("block", cost=next(x for x in c if isinstance(x, Cost)), mode="unless_paid")

    def r_block_np(self, meta, c):
        return self._barred("block", by=_sel(c))

    def paying(self, meta, c):
        return None

    def r_form_party(self, meta, c):
        with_ = _sel(c)
        return self._barred("form_party_with" if with_ is not None else "form_party", by=with_)

    def r_produce(self, meta, c):
        elem = next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        return self._barred(f"produce_{elem}_cp")

    def r_produce_any(self, meta, c):
        return self._barred("produce_any_cp")

    def r_leave(self, meta, c):
        return self._barred("leave_the_field", by=next((p[1] for p in pairs_of(c) if p[0] == "by"), None))

    def be_pp(self, meta, c):
        pred: EvPred = next(x for x in c if isinstance(x, EvPred))
        if pred.stem == "power_changed":
            return self._barred(f"power_{pred.fields.get('cause')}", by=pred.fields.get("by"))
        action = BARRED.get(pred.stem, "be_" + pred.stem)
        return self._barred(action, by=pred.fields.get("by"))

    def become_state(self, meta, c):
        state = next(p[1] for p in pairs_of(c) if p[0] == "state")
        return self._barred(f"become_{state}", by=next((p[1] for p in pairs_of(c) if p[0] == "by"), None))

    def enters_dull(self, meta, c):
        return Act(lambda s: [SetState(state="dull", target=_target(s), span=self._span(meta))])

    def become_forward(self, meta, c):
        n = _num(c)
        granted = next((x for x in c if isinstance(x, KeywordSet)), None)
        lasts = _dur(c) or Duration.PERMANENT

        def make(subject: Any) -> list[Effect]:
            target = _target(subject)
            extra = granted.keywords if granted else ()
            becomes = Gain(target=target, keyword=Keyword("Becomes Forward", (str(n),)),
                           ability=next((g for g in extra if isinstance(g, Ability)), None),
                           duration=lasts, span=self._span(meta))
            return [becomes, *(gain_of(target, g, lasts, self._span(meta))
                               for g in extra if isinstance(g, Keyword))]
        return Act(make)

    def become_element(self, meta, c):
        elem = next((str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"), "named")
        dur = _dur(c) or Duration.PERMANENT
        return Act(lambda s: [Gain(target=_target(s), keyword=Keyword("Element", (elem,)),
                                   duration=dur, span=self._span(meta))])

    def is_also(self, meta, c):
        """ "X is also Card Name Y / a Monster in all situations" (5.2.4): (what kind, which) in params."""
        other = _sel(c)
        kind, what = (("card_name", other.name) if other.name else ("job", ",".join(other.families))
                      if other.families else ("card_type", ",".join(other.card_types)))
        return Act(lambda s: [Gain(target=_target(s), keyword=Keyword("Also", (what, kind)),
                                   duration=Duration.PERMANENT, span=self._span(meta))])

    def no_activate(self, meta, c):
        nxt = "next" in c
        return Act(lambda s: [Restriction(mode="cannot", action="activate_in_active_phase", target=_target(s),
                                          duration=Duration.NEXT_TURN_END if nxt else Duration.PERMANENT,
                                          span=self._span(meta))])


__all__ = ["BARRED", "Act", "Instead", "VerbRules"]
