"""FFTCG verb phrases of the 15.1.1 keyword actions (break, deal damage, dull, activate, put, play,
discard, draw, search…) → `Act`s. A mixin of `judge.text.fftcg.verbs.VerbRules`; `_span` and friends
come from the Transformer."""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import (
    Counters,
    Damage,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    Effect,
    Move,
    Player,
    Search,
    Selector,
    SetState,
    replace,
)
from judge.text.fftcg.select import pairs_of
from judge.text.fftcg.verbs_values import (
    _REST,
    FIELD_OWNER,
    Act,
    AsMany,
    ControllerOf,
    _dur,
    _num,
    _per,
    _player,
    _sel,
    _sels,
    _target,
    _zoned,
)


class KeywordActionRules:
    """The rules this module's docstring names: a mixin of `judge.text.fftcg.verbs.VerbRules`."""

    _span: Any
    _counter: Any

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

    def deal_same(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Damage(amount=0, target=np, amount_from="same_amount", span=self._span(meta))])

    def deal_points(self, meta, c):
        n = _num(c)
        to = next((x for x in c if isinstance(x, Player)), Player.OPPONENT)
        per = _per(c)
        return Act(lambda s: [Damage(amount=n, player=to, source=s if isinstance(s, Selector) else None, per=per,
                                     span=self._span(meta))])

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

    def draw_as_many(self, meta, c):
        """"draw as many cards as Y", "draw the same number of cards as Y" (9.2, 4): a card for each Y."""
        what, per = next(x for x in c if isinstance(x, AsMany)).counts
        if set(what.card_types) - {"card"} or what.colors or what.families or what.categories:
            raise ValueError("drawing as many cards of a kind is not modelled")

        def make(subject: Any) -> list[Effect]:
            return [Draw(count=1, per=replace(per, count=None, up_to=False), player=_player(subject),
                         span=self._span(meta))]
        return Act(make)

    def discard_np(self, meta, c):
        np = _sel(c)
        if np is None:                                   # "discard your hand": every card of it
            return self.discard_hand(meta, c)
        plain = set(np.card_types) <= {"card"} and not np.self_ref and np.ref is None and \
            not (np.colors or np.families or np.categories or np.name
                                                        or np.thresholds or np.distinct or np.zone not in (None, "hand"))

        def make(subject: Any) -> list[Effect]:
            count = np.count if np.count is not None else 1
            target = None if plain else replace(np, zone=np.zone or "hand")
            whose = subject.of if isinstance(subject, ControllerOf) else None
            return [Discard(count=count, player=_player(subject), target=target, controller_of=whose,
                            per=per, span=self._span(meta))]
        per = next((x[1] for x in c if isinstance(x, tuple) and len(x) == 2 and x[0] == "per"), None)   # 4
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
        counted = next((x for x in c if isinstance(x, tuple) and x and x[0] == "count_word"), ("count_word", 1, None))
        if counted[1] == 0 and counted[2] is None:
            raise ValueError('"the top all cards" is no count of cards')
        owner = next((x for x in c if isinstance(x, Player)), Player.YOU)
        return ("top", counted[1], counted[2], owner)

    def _top(self, c: list[Any]) -> tuple[int, str | None, Player]:
        return next(x for x in c if isinstance(x, tuple) and x and x[0] == "top")[1:]

    def deck_whose(self, meta, c):
        """"your deck", "your opponent's deck", "their deck" (the player just named: any)."""
        owner = next((p[1] for p in pairs_of(c) if p[0] == "owner"), None)
        return owner if owner in (Player.YOU, Player.OPPONENT) else Player.ANY

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
        """"search for X and add it to your hand" (15.1.1.8); the verb alone ("cannot search") names the act barred."""
        np = _sel(c)
        if np is None:
            return self._barred("search")
        then = next(x for x in c if (isinstance(x, str) and x.startswith("st:")) or isinstance(x, tuple))
        dest, under = (then[1], then[3]) if isinstance(then, tuple) else (then[3:], None)
        dull = dest == "field_dull"
        dest = "field" if dull else dest
        return Act(lambda s: [Search(target=np, dest=dest, under=under, dull=dull, span=self._span(meta),
                                     player=s if isinstance(s, Player) and s is not Player.YOU else None)])

    def st_hand(self, meta, c):
        return "st:hand"

    def st_break(self, meta, c):
        return "st:break"

    def st_deck(self, meta, c):
        return next(x for x in c if isinstance(x, tuple) and x and x[0] == "deck_place")

    def st_field(self, meta, c):
        """"play it onto the field (dull)" (6.3): dull when said."""
        return "st:field_dull" if ("state", "dull") in pairs_of(c) else "st:field"

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


__all__ = ["KeywordActionRules"]
