"""FFTCG statements, notes, use limits and modal abilities → AST nodes (11.4.4, 11.12.5, 11.6, 11.6.6).

A mixin of the FFTCG Transformer: sentences whose subject is not a card or a player (the cost of
casting, the damage about to be dealt, a power set to a value), the notes printed in parentheses,
"You can only use this ability …" (11.6), "This effect will trigger only …" (11.8) and "Select N of
the M following actions" (11.6.6).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import (
    CONDITIONS,
    AllOf,
    AlternativeCost,
    ChangeTarget,
    Condition,
    Conditional,
    Controls,
    Cost,
    CostChange,
    Discard,
    Duration,
    Effect,
    Event,
    Gain,
    Keyword,
    Modal,
    ModifyStat,
    Optional,
    Player,
    RedirectDamage,
    Restriction,
    Selector,
    Window,
    replace,
)
from judge.text.fftcg.assemble import UseLimit, flatten, resolve_pronouns
from judge.text.fftcg.events import EvPred, legacy_qualifiers
from judge.text.fftcg.select import pairs_of
from judge.text.fftcg.verbs_values import Instead, _dur, _num, _per, _sel, _sels


class StatementRules:
    """Rules for statements, notes, limits and modal abilities; helpers come from the Transformer."""

    _span: Any
    _printed: Any

    # ------------------------------------------------------------------ the cost of casting (11.4.4)
    def cost_change(self, meta, c):
        """Each thing said of the cost, in order: a change by a number (11.4.4), a permission to pay
        it with CP of any Element."""
        kind, target = next(x for x in c if isinstance(x, tuple) and x and x[0] in ("cast", "priming"))
        out: list[Effect] = []
        for x in c:
            if isinstance(x, tuple) and x and x[0] == "delta":
                out.append(CostChange(target=target, amount=x[1], per=x[2], floor=x[3], span=self._span(meta)))
            elif x == "any_cp":
                action = "pay_with_any_element" if kind == "cast" else "pay_priming_with_any_element"
                out.append(Restriction(mode="can", action=action, target=target, duration=Duration.PERMANENT,
                                       span=self._span(meta)))
        return out[0] if len(out) == 1 else out

    def cost_to_cast(self, meta, c):
        return ("cast", _sel(c))

    def priming_cost(self, meta, c):
        return ("priming", _sel(c))

    def ce_delta(self, meta, c):
        sign = next(x for x in c if x in (-1, 1))
        floor = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "floor"), None)
        return ("delta", sign * _num(c), _per(c), floor)

    def ce_any_cp(self, meta, c):
        return "any_cp"

    def delta_down(self, meta, c):
        return -1

    def delta_up(self, meta, c):
        return 1

    def cost_for(self, meta, c):
        return None

    def cost_floor(self, meta, c):
        """"(it cannot become 0)": at least 1; "(it cannot become 1 or less)": at least 2 (11.4.4)."""
        n = _num(c)
        return ("floor", n + 1)

    def cv_cast(self, meta, c):
        return "cast"

    def cv_play(self, meta, c):
        return "play"

    def pay_only(self, meta, c):
        elems = next(x for x in c if isinstance(x, tuple) and x and x[0] == "cp")
        purpose = next(x for x in c if isinstance(x, tuple) and x and x[0] == "purpose")
        if elems[1] == "produced_by":
            return Restriction(mode="must", action="pay_with_cp_from_backups", target=purpose[1], by=elems[2],
                               duration=Duration.PERMANENT, span=self._span(meta))
        return Restriction(mode="must", action=f"pay_with_{'_'.join(elems[1])}_cp", target=purpose[1],
                           duration=Duration.PERMANENT, span=self._span(meta))

    def cp_kinds(self, meta, c):
        return ("cp", tuple(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"))

    def cp_from_np(self, meta, c):
        return ("cp", "produced_by", _sel(c))

    def pp_cast(self, meta, c):
        return ("purpose", _sel(c) or Selector(self_ref=True, span=self._span(meta)))

    def pp_use(self, meta, c):
        return ("purpose", Selector(self_ref=True, card_types=("ability",), span=self._span(meta)))

    def pay_x_only(self, meta, c):
        elem = next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        return Restriction(mode="must", action=f"pay_x_with_{elem}_cp", target=Selector(self_ref=True),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def alt_cost(self, meta, c):
        act = c[1]
        effects = flatten([act.make(None)])
        purpose = next(x for x in c if isinstance(x, tuple) and x and x[0] == "purpose")
        base = next((e.cost for e in effects if type(e).__name__ == "Pay"), Cost())
        extra = tuple(e for e in effects if type(e).__name__ != "Pay")
        return [AlternativeCost(target=purpose[1], cost=replace(base, effects=extra), span=self._span(meta))]

    def instead_of_cp(self, meta, c):
        return None

    def must_control(self, meta, c):
        needed = _sel(c)
        purpose = next(x for x in c if isinstance(x, tuple) and x and x[0] == "purpose")
        cond = Controls(player=Player.YOU, selector=replace(needed, owner=Player.YOU), text=self._printed(meta),
                        span=self._span(meta))
        return Conditional(condition=cond, span=self._span(meta), effects=(
            Restriction(mode="can", action="cast", target=purpose[1], duration=Duration.PERMANENT),))

    def cast_limited(self, meta, c):
        """"Once per turn / During this game, you can cast X …" (11.3): a permission, as often as its limit says
        (the limits of 11.6 use); a limit the engine does not count for casts is not modelled."""
        limit = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "limit"), None)
        if limit not in ("once_per_turn", "this_game"):
            raise ValueError(f"a permission to cast limited to {limit or 'that window'} is not modelled")
        leave = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "leave"]
        action = "_".join(["cast", *(v for v in leave if v in ("as_owner", "any_time"))])
        action += "_once_per_turn" if limit == "once_per_turn" else ""
        return Restriction(mode="can", action=action, target=_sel(c), player=Player.YOU,
                           duration=Duration.TURN if "this_turn" in leave else Duration.PERMANENT,
                           span=self._span(meta))

    def alt_special_cost(self, meta, c):
        instead = _sels(c)[0]
        paid = Discard(count=instead.count or 1, target=replace(instead, zone="hand"), span=self._span(meta))
        return AlternativeCost(target=Selector(self_ref=True, card_types=("special_ability",)),
                               cost=Cost(special=True, effects=(paid,)), span=self._span(meta))

    def extra_cost_reduce(self, meta, c):
        effects = flatten([x for x in c if isinstance(x, list)])
        change = CostChange(target=_sel(c), amount=-[int(str(t)) for t in c if isinstance(t, Token)
                                                       and t.type == "NUMBER"][-1], span=self._span(meta))
        return [Optional(effects=(*effects, change), span=self._span(meta))]

    # ------------------------------------------------------------------ damage about to be dealt (11.12.5)
    def damage_stmt(self, meta, c):
        target, by, quals = self._scope(c)
        how = next(x for x in c if isinstance(x, tuple) and x and x[0] == "dmg")
        nxt = any(isinstance(x, str) and x == "next" for x in c)
        stat = "damage_received_becomes" if how[1] == "becomes" else "damage_received"
        amount = how[2] if how[1] != "down" else -how[2]
        out = ModifyStat(stat=stat, amount=amount, target=target or Selector(ref="it"), next_only=nxt,
                         duration=Duration.PERMANENT, span=self._span(meta))
        kinds = tuple(q for q in quals if q != "to_you")
        if by is not None or kinds:      # "the damage dealt to X by a Summon is reduced by 1000": which damage (6.5)
            ev = Event(kind="is_dealt_damage", subject=target, by=by, qualifiers=kinds, span=self._span(meta))
            cond = Condition(kind="event", text=self._printed(meta), selector=target, event=ev.kind, occurs=ev,
                             qualifiers=legacy_qualifiers(ev), span=self._span(meta))
            return [Conditional(condition=cond, effects=(out,), instead=True, span=self._span(meta))]
        return [out, Instead()] if "instead" in c else [out]

    def instead_w(self, meta, c):
        return "instead"

    def _scope(self, c: list[Any]) -> tuple[Selector | None, Selector | None, tuple[str, ...]]:
        scope = next((x for x in c if isinstance(x, tuple) and x and x[0] == "scope"), None)
        return (scope[1], scope[2], scope[3]) if scope else (None, None, ())

    def damage_scope(self, meta, c):
        to = _sel(c)
        by = next((p[1] for p in pairs_of(c) if p[0] == "by"), None)
        quals = tuple(p[1] for p in pairs_of(c) if p[0] == "qual")
        if "you" in c:                                     # "the next damage dealt to you"
            return ("scope", None, by, ("to_you", *quals))
        return ("scope", to, by, quals)

    def you_w(self, meta, c):
        return "you"

    def dmg_down(self, meta, c):
        return ("dmg", "down", _num(c))

    def dmg_up(self, meta, c):
        return ("dmg", "up", _num(c))

    def dmg_becomes(self, meta, c):
        return ("dmg", "becomes", _num(c))

    def next_(self, meta, c):
        return "next"

    def damage_redirect(self, meta, c):
        target, _, quals = self._scope(c)
        to = _sels(c)[-1]
        to_you = "to_you" in quals
        nxt = any(isinstance(x, str) and x == "next" for x in c)
        return [RedirectDamage(target=None if to_you else (target or Selector(ref="it")), to=to,
                               player=Player.YOU if to_you else None, next_only=nxt, span=self._span(meta)), Instead()]

    def damage_dealt_becomes(self, meta, c):
        dealer = _sels(c)[0]
        return [ModifyStat(stat="damage_dealt_becomes", amount=_num(c), target=dealer, duration=Duration.TURN,
                           span=self._span(meta)), Instead()]

    def unreducible(self, meta, c):
        """"This damage cannot be reduced"; "the damage dealt by X to Y cannot be reduced" (11.12.5)."""
        sels = _sels(c)
        by, to = (sels[0], sels[1]) if len(sels) >= 2 else (None, None)
        return Restriction(mode="cannot", action="be_reduced", target=to, by=by, duration=Duration.PERMANENT,
                           span=self._span(meta))

    # ------------------------------------------------------------------ power set (11.12.4.2)
    def element_becomes(self, meta, c):
        """"X's Element becomes Dark" (5.2.1.1): X becomes that Element."""
        return self.become_element(meta, c).make(next(x for x in c if isinstance(x, Selector)))

    def power_becomes(self, meta, c):
        """"its power becomes 1000", "X's power becomes 8000", "the power of the Forwards you control becomes
        5000" (5.2.6): the power set, of whom `stat_ref` says."""
        return ModifyStat(stat="power_set", amount=_num(c), target=_whose_power(_stat_refs(c)[0]),
                          duration=_dur(c) or Duration.PERMANENT, span=self._span(meta))

    def power_becomes_as(self, meta, c):
        """"its power becomes the same as X's power" (5.2.6)."""
        mine, theirs = _stat_refs(c)[:2]
        own = _whose_power(mine).self_ref
        if theirs[1] not in ("power_of_self", "power_of_source") or theirs[2] is None:
            raise ValueError(f"a power the same as {theirs[1]} is not modelled")
        same_as = theirs[2]
        return ModifyStat(stat="power_set", amount=0, target=Selector(self_ref=True) if own else Selector(ref="it"),
                          same_as=same_as, duration=_dur(c) or Duration.PERMANENT, span=self._span(meta))

    def power_locked(self, meta, c):
        """"X's power cannot be increased (by …)", "its power cannot be reduced" (5.2.6): reduced is decreased."""
        pred = next(x for x in c if isinstance(x, EvPred))
        cause = pred.fields.get("cause") or ("decreased" if pred.stem == "reduced" else "increased")
        return Restriction(mode="cannot", action=f"power_{cause}",
                           target=_whose_power(_stat_refs(c)[0]),
                           by=pred.fields.get("by"), duration=_dur(c) or Duration.PERMANENT, span=self._span(meta))

    # ------------------------------------------------------------------ other statements
    def must_choose(self, meta, c):
        return Restriction(mode="must", action="be_chosen", target=_sel(c), duration=Duration.PERMANENT,
                           by=Selector(count=None, card_types=("summon", "ability"), owner=Player.OPPONENT),
                           span=self._span(meta))

    def no_ex_burst(self, meta, c):
        return Restriction(mode="cannot", action="use_ex_burst", target=_sel(c) or Selector(ref="it"),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def no_trigger(self, meta, c):
        of = _sel(c)
        return Restriction(mode="cannot", action="trigger_auto_abilities",
                           target=Selector(self_ref=True) if of is not None and of.self_ref else Selector(ref="it"),
                           duration=_dur(c) or Duration.PERMANENT, span=self._span(meta))

    def change_target(self, meta, c):
        kinds = tuple(k for k in ("summon", "ability")
                      if any(isinstance(t, Token) and t.type == "KIND_SUMMON_ABILITY" and k in str(t) for t in c))
        possible = "if_possible" in c
        return ChangeTarget(target=Selector(ref="it", card_types=kinds), to=_sel(c), if_possible=possible,
                            span=self._span(meta))


    # ------------------------------------------------------------------ notes in parentheses
    def lasting(self, meta, c):
        return [UseLimit(("lasting",), None), *(x for x in c if isinstance(x, UseLimit))]

    def lasting_words(self, meta, c):
        return None

    def trigger_unless(self, meta, c):
        return UseLimit(("not_trigger_if",), next(x for x in c if isinstance(x, CONDITIONS)))

    def damage_note(self, meta, c):
        return [UseLimit((), next(x for x in c if isinstance(x, CONDITIONS)))]

    def lb_note(self, meta, c):
        return Restriction(mode="cannot", action="be_in_main_deck", target=Selector(count=None, with_keyword="LB"),
                           duration=Duration.PERMANENT, span=self._span(meta))

    def elements_note(self, meta, c):
        elems = tuple(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        return Gain(target=Selector(self_ref=True), keyword=Keyword("Card Elements", elems),
                    duration=Duration.PERMANENT, span=self._span(meta))

    # ------------------------------------------------------------------ use limits (11.6) and trigger limits (11.8)
    def use_limit(self, meta, c):
        return [self._limits(meta, c, "")]

    def trigger_limit(self, meta, c):
        return [self._limits(meta, c, "trigger_")]

    def _limits(self, meta: Any, c: list[Any], prefix: str) -> UseLimit:
        items = [y for x in c for y in (x if isinstance(x, list) else [x])]
        limits = tuple(prefix + x[1] for x in items if isinstance(x, tuple) and x and x[0] == "limit")
        conds = [x[1] for x in items if isinstance(x, tuple) and x and x[0] == "cond"]
        if len(conds) > 1:
            cond = AllOf(parts=tuple(conds), text=self._printed(meta), span=self._span(meta))
        else:
            cond = conds[0] if conds else None
        return UseLimit(limits, cond)

    def l_once(self, meta, c):
        return ("limit", "once_per_turn")

    def l_twice(self, meta, c):
        return ("limit", "twice_per_turn")

    def l_game(self, meta, c):
        return ("limit", "this_game")

    def l_window(self, meta, c):
        """"only during your turn", "only during your Main Phase" (11.6): the window it may be used in."""
        w = next(x for x in c if isinstance(x, Window))
        if w.phase is not None:
            return ("limit", f"{w.phase}_phase_only")
        if w.whose is Player.ANY:
            return None
        return ("limit", "opponent_turn_only" if w.whose is Player.OPPONENT else "your_turn_only")

    def l_turn(self, meta, c):
        whose = next((x.player for x in c if hasattr(x, "player")), Player.YOU)
        return ("limit", "opponent_turn_only" if whose is Player.OPPONENT else "your_turn_only")

    def l_phase(self, meta, c):
        phase = next(x for x in c if isinstance(x, tuple) and x and x[0] == "phase")
        return ("limit", f"{phase[1]}_phase_only")

    def l_if(self, meta, c):
        return ("cond", next(x for x in c if isinstance(x, CONDITIONS)))

    def if_possible(self, meta, c):
        return "if_possible"

    def on_field(self, meta, c):
        return "on_field"

    def l_while(self, meta, c):
        if "on_field" in c:
            return self.l_while_on_field(meta, c)
        state = next(p[1] for p in pairs_of(c) if p[0] == "state")
        sel = replace(_sel(c), state=state)
        return [("limit", "while_state"),
                ("cond", Condition(kind="state", text=self._printed(meta), selector=sel, span=self._span(meta)))]

    def l_while_on_field(self, meta, c):
        return ("cond", Condition(kind="on_field", text=self._printed(meta), selector=_sel(c), span=self._span(meta)))

    def limit_join(self, meta, c):
        return None

    def limit_tail(self, meta, c):
        return next((x for x in c if isinstance(x, (tuple, list))), None)

    def l_and_if(self, meta, c):
        return ("cond", next(x for x in c if isinstance(x, CONDITIONS)))

    # ------------------------------------------------------------------ modal abilities (11.6.6)
    def up_to(self, meta, c):
        return "up_to"

    def modal_head(self, meta, c):
        nums = [int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"]
        up = "up_to" in c
        who = next((x for x in c if isinstance(x, Player) and x is not Player.YOU), None)   # "your opponent selects"
        return ("head", nums[0], up, who)

    def modal_more(self, meta, c):
        return ("more", c[0], c[1])

    def quoted(self, meta, c):
        return ("option", tuple(resolve_pronouns(_lasting(flatten(c)))))

    def modal(self, meta, c):
        head = next(x for x in c if isinstance(x, tuple) and x[0] == "head")
        options = tuple(x[1] for x in c if isinstance(x, tuple) and x[0] == "option")
        base = Modal(count=head[1], up_to=head[2], options=options, player=head[3], span=self._span(meta))
        more = next((x for x in c if isinstance(x, tuple) and x[0] == "more"), None)
        if more is None:
            return [base]
        _, cond, (_, n, up, _who) = more
        return [Conditional(condition=cond, effects=(replace(base, count=n, up_to=up),), otherwise=(base,),
                            instead=True, span=self._span(meta))]


def _lasting(effects: list[Any]) -> list[Any]:
    from judge.text.fftcg.assemble import apply_lasting

    return apply_lasting(effects)


__all__ = ["Effect", "StatementRules", "Window"]


def _stat_refs(c: list) -> list[tuple]:
    """The `stat_ref` values among a rule's children: ("stat", kind, selector[, unit])."""
    return [x for x in c if isinstance(x, tuple) and x and x[0] == "stat"]


def _whose_power(ref: tuple) -> Selector:
    """The card(s) whose power a `stat_ref` names (5.2.6): the card itself, a card named, or the one the
    sentence is about ("its power"); half of a power is no power one can set."""
    kind, of = ref[1], ref[2]
    if kind == "power_of_self":
        return Selector(self_ref=True)
    if kind == "power_of_source" and of is not None:
        return of if of.ref is None else Selector(ref="it")
    if kind == "power_of_target":
        return Selector(ref="it")
    raise ValueError(f"a power set from {kind} is not modelled")
