"""What each kind of effect node does when a Summon or ability resolves: one registry entry per node kind.

`EFFECTS` (the kernel's `Registry`) maps an AST node class to its entry: the function that carries it
out on a board, the concept keys of the clauses that govern it (`clauses.py`), the fields it reads and the shapes
it refuses (`shapes.py`). `effects.one` looks the node up here; a node kind with no entry, or one the entry
refuses, is "not modelled" in the ruling, never guessed, and `judge card` / coverage ask the same entry.

Entries take the board, the node, the resolving context (who controls it, its source, its chosen
targets) and the log, and return the new board; they read only typed fields of the node.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.fftcg import replacement
from judge.engine.fftcg.cardlimits import playable_by_effect
from judge.engine.fftcg.effects import (
    castperm,
    changes,
    cpcost,
    deckend,
    declare,
    discard,
    freecast,
    reveal,
    shapes,
)
from judge.engine.fftcg.effects.conditional import conditional_gaps
from judge.engine.fftcg.effects.discard import candidates_in_hand
from judge.engine.fftcg.effects.registry import EFFECTS, effect
from judge.engine.fftcg.effects.search import shapes_refused as search_shapes
from judge.engine.fftcg.events import acted, delayed
from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.log import Log, not_modelled
from judge.engine.fftcg.query import is_forward, matches, power
from judge.engine.fftcg.restrictions import kept_in_place
from judge.engine.fftcg.state import Mod, State, where
from judge.engine.fftcg.zones.moves import draw, enter_field, move, put_under
from judge.engine.fftcg.zones.warp import WarpEnter, WarpTick, remove_warp_counters
from judge.engine.kernel.values import evolve as replace
from judge.text import ast
from judge.text.ast import Duration, Player

Handler = Callable[[State, Any, Any, Log], State]


def _times(s: State, e: Any, ctx: Any, log: Log) -> int | None:
    """How many times the amount applies: 1, or what "for each …" counts now (11.12.4.3: fixed as it resolves)."""
    if getattr(e, "per", None) is None:
        return 1
    n = cpcost.times(s, e, ctx, log) if cpcost.counts(e.per) else acted.counted(s, e.per, ctx)          # "… you put into the Break Zone by this effect" included
    if n is None:
        not_modelled(log, f"what \"for each …\" counts for {ctx.label} ({e.per.zone})")
    return n


def _fx():
    from judge.engine.fftcg.effects import run as effects

    return effects


# ---- single effects (11.12.3) --------------------------------------------------------------------

def _damage(s: State, e: ast.Damage, ctx: Any, log: Log) -> State:
    fx = _fx()
    each = cpcost.each_target(e, ctx)             # each target its own count (cpcost.py)
    n = 1 if each else _times(s, e, ctx, log)
    if n is None:
        return s
    if e.target is None:
        for p in fx.players_of(e.player or Player.OPPONENT, ctx):
            s = fx.damage_player(s, p, e.amount * n, log, ctx.source)
        return s
    if e.target.ref == "other":
        return _each_other(s, e, ctx, log)
    if e.amount_from == "divided":                   # assigned as it went on the stack (11.3.6 …)
        for u, amount in getattr(ctx, "divided", ()):
            if s.char(u) is not None and is_forward(s, u) and matches(s, u, e.target, ctx.controller, ctx.source):
                s = fx.damage_forward(s, u, amount, log, ctx.source, unreduced=getattr(ctx, "unreduced", False))
        return s
    dealer = ctx.source
    if e.source is not None:             # "X deals damage equal to its power to Y": X is the dealer
        s, dealers = fx.targets(s, e, e.source, ctx, log)
        if len(dealers) != 1:
            log.add(f"{ctx.label}: the Forward that would deal the damage is no longer there, so no damage is "
                    f"dealt", "impossible_text")
            return s
        dealer = dealers[0]
    s, uids = fx.targets(s, e, e.target, ctx, log)
    for u in uids:
        if is_forward(s, u):
            times = cpcost.each_cost(s, u, log) if each else n
            s = fx.damage_forward(s, u, _amount(s, e, u, dealer) * times, log, dealer,
                                  unreduced=getattr(ctx, "unreduced", False))
    return s


def _each_other(s: State, e: ast.Damage, ctx: Any, log: Log) -> State:
    """"X and the chosen Forward deal damage equal to their respective power to the other" / "Each Forward deals
    damage equal to its power to the other": two Forwards, each the dealer of damage equal to its own power (read
    before either is dealt, 6.4.2) to the other one (5.2.6.1)."""
    fx = _fx()
    chosen = [u for uids in ctx.targets.values() for u in uids]
    src = e.source
    dealers = ([ctx.source] if src is not None and src.self_ref else []) + \
        [u for u in chosen if u != ctx.source and s.char(u) is not None and
         (src is None or src.self_ref or src.ref in ("it", "them") or matches(s, u, src, ctx.controller, ctx.source))]
    dealers = [u for u in dict.fromkeys(dealers) if s.char(u) is not None and is_forward(s, u)]
    if len(dealers) != 2 or e.amount_from not in ("power_of_source", "power_of_self"):
        log.add(f"{ctx.label}: there are not two Forwards left to deal damage to each other, so no damage is dealt",
                "some_targets_valid", "impossible_text")
        return s
    a, b = dealers
    amounts = {a: max(0, power(s, a)), b: max(0, power(s, b))}
    log.add(f"{s.name_of(a)} and {s.name_of(b)} deal damage equal to their power to each other ({amounts[a]} and "
            f"{amounts[b]}), the powers read before either damage is dealt", "power")
    s = fx.damage_forward(s, b, amounts[a], log, a)
    return fx.damage_forward(s, a, amounts[b], log, b)


def _cost_change(s: State, e: ast.CostChange, ctx: Any, log: Log) -> State:
    """"During this turn, the cost required to cast your next Summon is reduced by 1 (it cannot become 0)": a
    change to its controller's casting costs until the end of the turn, used up by the next card that fits when
    it names one (11.12.4.1, 11.12.4.3: a "for each" is counted now)."""
    n = _times(s, e, ctx, log)
    if n is None:
        return s
    amount = e.amount * n
    s = replace(s, cost_changes=(*s.cost_changes, (ctx.controller, e, ctx.source, amount)))
    which = "the next card" if e.target.state == "next" else "the cards"
    log.add(f"Until the end of the turn, the cost for {ctx.controller} to cast {which} it names changes by {amount:+d}"
            + (f" (not below {e.floor})" if e.floor else ""), "ongoing_effect",
            *(("ongoing_variables",) if e.per is not None else ()))
    return s


def _choose(s: State, e: ast.Choose, ctx: Any, log: Log) -> State:
    """"Choose 1 Forward." standing alone: the target was chosen as the Summon or ability went on the stack
    (11.3.3, 11.6.5, 11.8.9) and the effects that follow name it; nothing more happens here. "Select 1
    Forward." / "Your opponent selects …": the selection is made now, as the effect resolves (11.11.5), and
    the sentences after it ("it", "all the other Forwards") act on the cards selected."""
    if e.target.choose == "choose":
        return s
    s, _ = _fx().targets(s, e, e.target, ctx, log)
    return s


def _amount(s: State, e: ast.Damage, target: str, dealer: str) -> int:
    """The damage dealt: as printed, or equal to a power read now (the target's, or the dealer's, 6.4.2), plus
    `amount` ("its power minus 2000": -2000, 4)."""
    if e.amount_from == "power_of_target":
        return max(0, power(s, target) + e.amount)
    if e.amount_from == "half_power_of_target":      # "half of its power (round up to the nearest 1000)"
        unit = e.unit or 1000
        return -(-max(0, power(s, target)) // (2 * unit)) * unit
    if e.amount_from in ("power_of_self", "power_of_source"):
        return max(0, power(s, dealer) + e.amount)
    return e.amount


def _break(s: State, e: ast.Destroy, ctx: Any, log: Log) -> State:
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in kept_in_place(s, uids, "break", ctx.controller, ctx.kind == "summon", ctx.label, log):
        if s.char(u) is not None:
            s = move(s, u, "break", log, why=("kw_break",), broken=True)
    return s


def _draw(s: State, e: ast.Draw, ctx: Any, log: Log) -> State:
    n = _times(s, e, ctx, log)
    if n is None:
        return s
    for p in _fx().players_of(e.player, ctx):
        s = draw(s, p, e.count * n, log, why=("single_effect",))
    return s


def _discard(s: State, e: ast.Discard, ctx: Any, log: Log) -> State:
    """Discard N, or N for each card "for each …" counts now (11.12.4.3): none counted, nothing discarded."""
    n = _times(s, e, ctx, log)
    if n is None:
        return s
    if e.per is not None:
        log.add(f"{ctx.label}: \"for each …\" counts {n} now, so {e.count * n} card(s) are discarded",
                "ongoing_variables")
        if n == 0:
            return s
        e = replace(e, count=e.count * n, per=None)
    if e.controller_of is not None:            # "That Forward's controller discards 1 card" (7.2.1, 11.11.4)
        from judge.engine.fftcg.effects.nodes import _key

        whose = list(ctx.targets.get(_key(e.controller_of), ())) or list(ctx.picked)   # broken since, perhaps
        known = [s.char_known(u) for u in whose]
        players = sorted({c.controller if c is not None else s.objs[u].owner for u, c in zip(whose, known, strict=True)})
        if not players:
            log.add(f"{ctx.label}: no such card is left to say whose controller discards", "impossible_text")
            return s
        e = replace(e, controller_of=None)
        return discard.discard(s, e, ctx, log, lambda _p, _ctx: players)
    return discard.discard(s, e, ctx, log, _fx().players_of)


def _set_state(s: State, e: ast.SetState, ctx: Any, log: Log) -> State:
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        if s.char(u) is None:
            continue
        if e.state in ("dull", "exhausted"):
            why = changes.undullable(s, u, ctx.controller, ctx.kind == "summon" or changes.is_summon(s, ctx.source))
            if why is not None:
                log.add(f"{why}: it is not dulled", "prevention_precedence")
                continue
        s = _STATES[e.state](s, u, log)
    return s


def _dull(s: State, u: str, log: Log) -> State:
    s = s.with_char(u, dull=True).record("dulled", u, s.char(u).controller)   # "… you dulled due to this ability"
    log.add(f"{s.name_of(u)} is dulled", "kw_dull", changes=(f"{u}: dull",))
    return emit(s, "dulled", u, log)


def _activate(s: State, u: str, log: Log) -> State:
    s = s.with_char(u, dull=False)
    log.add(f"{s.name_of(u)} is activated", "kw_activate", changes=(f"{u}: active",))
    return emit(s, "activated", u, log)


def _freeze(s: State, u: str, log: Log) -> State:
    s = s.with_char(u, frozen=True)
    log.add(f"{s.name_of(u)} is Frozen: it will not activate in its controller's next Active Phase",
            "freeze", "frozen", changes=(f"{u}: frozen",))
    return s


_STATES: dict[str, Callable[[State, str, Log], State]] = {
    "dull": _dull, "exhausted": _dull, "active": _activate, "refreshed": _activate, "frozen": _freeze}


def _modify(s: State, e: ast.ModifyStat, ctx: Any, log: Log) -> State:
    """Power changes (11.12.4); "power becomes N" (11.5.6); damage replacements (11.12.5)."""
    if e.stat in replacement.DAMAGE_STATS:
        return replacement.shield(s, e, ctx, log, _fx().targets)
    if e.stat == "power_set":
        return changes.set_power(s, e, ctx, log, _fx().targets)
    each = cpcost.each_target(e, ctx)             # each target its own count (cpcost.py)
    n = 1 if each else _times(s, e, ctx, log)
    if n is None:
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is None:
            continue
        amount = e.amount * (cpcost.each_cost(s, u, log) if each else n)
        s, _ = s.next_id("ts")
        s = s.with_char(u, mods=(*c.mods, Mod(kind="power", value=amount, until=changes.until_of(e.duration), ts=s.seq,
                                              source=ctx.source)))
        sign = "+" if amount >= 0 else ""
        log.add(f"{s.name_of(u)} gets {sign}{amount} power"
                f"{' until the end of the turn' if e.duration == Duration.TURN else ''}",
                "ongoing_effect", "timestamp_resolved", *(("ongoing_variables",) if e.per is not None else ()),
                *(("ongoing_existing_cards",) if e.target.count is None else ()),
                changes=(f"{u}: power {sign}{amount}",))
    return s


def _restrict(s: State, e: ast.Restriction, ctx: Any, log: Log) -> State:
    """"It cannot attack / block this turn", "loses …", "cannot be chosen by …"."""
    if castperm.is_permission(e) and not castperm.permission_gaps(e):     # "you can cast it …" (11.12.4.1)
        return castperm.permit(s, e, ctx, log, _fx().targets)
    if e.mode == "lose" or e.action == "be_chosen":
        return changes.restrict(s, e, ctx, log, _fx().targets)
    if e.by is not None and e.action == "become_dull" and e.mode == "cannot":
        s, uids = _fx().targets(s, e, e.target, ctx, log)
        for u in uids:
            c = s.char(u)
            if c is not None:
                s = s.with_char(u, mods=(*c.mods, Mod(kind="cannot_dull_by", value=e.by, until=changes.until_of(e.duration),
                                                      source=ctx.source)))
                log.add(f"{s.name_of(u)} cannot become dull by {changes._by_words(e.by)}"
                        f"{' until the end of the turn' if e.duration == Duration.TURN else ''}", "ongoing_effect")
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is not None:                  # "cannot be blocked by …": the Forwards it names (kept on the mod)
            kind, value = ("blocked_by", e.by) if e.by is not None else (e.mode, e.action)
            s = s.with_char(u, mods=(*c.mods, Mod(kind=kind, value=value, until=changes.until_of(e.duration),
                                                  source=ctx.source)))
            log.add(f"{s.name_of(u)} {e.mode} {e.action.replace('_', ' ')}"
                    f"{' until the end of the turn' if e.duration == Duration.TURN else ''}", "ongoing_effect")
    return s


def _move(s: State, e: ast.Move, ctx: Any, log: Log) -> State:
    if e.after_use:                              # where a Summon goes once it has resolved (11.11.10, 11.12.5)
        return castperm.after_use(s, e, ctx, log, _fx().targets)
    if reveal.handles(e, ctx):
        return reveal.apply(s, e, ctx, log)
    if deckend.handles(e):                       # an end or an order left to a player (7.9.2, 2.1)
        return deckend.apply(s, e, ctx, log, _fx().targets, _fx().players_of)
    dest = {"trash": "break", "deck": "deck_top"}.get(e.dest, e.dest)
    if dest == "deck_under_top" and e.under is not None:
        s, uids = _fx().targets(s, e, e.target, ctx, log)
        for u in uids:
            s = put_under(s, u, e.under, log)
        return s
    lasting = e.duration == ast.Duration.WHILE_ON_FIELD          # "… for as long as X is on the field"
    if lasting and ctx.source is None:
        not_modelled(log, f"putting a card into {e.dest.replace('_', ' ')} for as long as a card stays")
        return s
    if lasting and s.char(ctx.source) is None:     # the duration is over before it began (11.12.4.1)
        log.add(f"{s.name_of(ctx.source)} is no longer on the field, so the time its effect would last is already "
                f"over: nothing is removed", "ongoing_effect", "source_info_after_move")
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in kept_in_place(s, uids, dest, ctx.controller, ctx.kind == "summon", ctx.label, log):
        s = move(s, u, dest, log, why=("kw_remove",) if dest == "removed" else ("new_object",))
        if lasting and where(s, u)[0] == "removed":
            s = replace(s, held_away=(*s.held_away, (u, ctx.source)))
            log.add(f"{s.name_of(u)} stays out of the game for as long as {s.name_of(ctx.source)} is on the field",
                    "ongoing_effect")
    return s


def _deploy(s: State, e: ast.Deploy, ctx: Any, log: Log) -> State:
    if reveal.handles(e, ctx):
        return reveal.apply(s, e, ctx, log)
    if e.verb == "gain_control":
        return changes.take_control(s, e, ctx, log, _fx().targets)
    if e.verb == "cast" and freecast.readable(e):
        return freecast.cast_free(s, e, ctx, log, _fx().targets)
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    entering = [u for u in uids if s.card(u) is not None and s.card(u).is_character and playable_by_effect(s, ctx.controller, u, ctx.label, log)]
    ts = None
    if len(entering) > 1:                        # they enter at the same time: one timestamp (11.12.4.10)
        s, _ = s.next_id("t")
        ts = s.seq
        log.add(f"{', '.join(s.name_of(u) for u in entering)} enter the field at the same time, so they have the "
                f"same timestamp", "card_timestamp")
    for u in entering:
        s = enter_field(s, u, changes.field_of(s, e, u, ctx), log, why=changes.onto_why(e), dull=True if e.dull else None, ts=ts)
    return s


def _declare(s: State, e: ast.Declare, ctx: Any, log: Log) -> State:
    """A declaration nothing after it reads (the interpreter binds what follows one, `effects.run.run`)."""
    return declare.declare(s, e, ctx.controller, ctx.label, (), log)[0]


def _gain_crystal(s: State, e: ast.GainCrystal, ctx: Any, log: Log) -> State:
    n = s.crystals_of(ctx.controller) + e.count
    log.add(f"{ctx.controller} gains {e.count} Crystal(s) ({n} in all)", "crystals")
    return s.with_crystals(ctx.controller, n)


def _counters(s: State, e: ast.Counters, ctx: Any, log: Log) -> State:
    """6.7: named markers on a card; 15.1.1.10 removing them."""
    times = _times(s, e, ctx, log)
    if times is None:
        return s
    e = replace(e, count=e.count * times) if e.count else e
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is None:
            if e.remove and e.name.lower() == "warp" and where(s, u)[0] == "removed":
                s = remove_warp_counters(s, u, e.count, log)     # a Warp card waiting out of play (15.2.7)
            continue
        have = dict(c.counters)
        key = next((k for k in have if k.casefold() == e.name.casefold()), e.name)   # one name, any case (6.7.2)
        n = have.get(key, 0)
        new = max(0, n - (e.count or n)) if e.remove else n + e.count
        have[key] = new
        s = s.with_char(u, counters=tuple((k, v) for k, v in have.items() if v))
        verb = "removed from" if e.remove else "placed on"
        log.add(f"{abs(new - n)} {e.name} Counter(s) {verb} {s.name_of(u)} ({new} now)",
                "remove_counter" if e.remove else "counters", "counters_named",
                changes=(f"{u}: {e.name} counters {n} -> {new}",))
        if e.remove and new < n:
            s = emit(s, "counter_removed", u, log, to=key)
    return s


def _search(s: State, e: ast.Search, ctx: Any, log: Log) -> State:
    """Search (15.1.1.8): the controller finds the cards they pick among those that fit, or none (15.1.1.8.2);
    "search for 1 card" must find one (15.1.1.8.3); then the deck is shuffled."""
    from judge.engine.fftcg.effects.search import search

    return search(s, e, ctx, log)


def _delayed(s: State, e: ast.Delayed, ctx: Any, log: Log) -> State:
    return delayed.create(s, e, ctx, log)


def _engine_effect(s: State, e: Any, ctx: Any, log: Log) -> State:
    """The engine's own effects (Warp's two auto-abilities, a delayed ability bound to a card) carry their action."""
    return e.apply(s, ctx, log)


def _gain(s: State, e: ast.Gain, ctx: Any, log: Log) -> State:
    return changes.gain(s, e, ctx, log, _fx().targets)


def _cancel(s: State, e: ast.Cancel, ctx: Any, log: Log) -> State:
    return changes.cancel(s, e, ctx, log)


def _redirect(s: State, e: ast.RedirectDamage, ctx: Any, log: Log) -> State:
    return replacement.shield(s, e, ctx, log, _fx().targets)


def _sequence(s: State, e: ast.Sequence, ctx: Any, log: Log) -> State:
    return _fx().run(s, e.effects, ctx, log)


def _optional(s: State, e: ast.Optional, ctx: Any, log: Log) -> State:
    return _fx().optional(s, e, ctx, log)[0]


def _conditional(s: State, e: ast.Conditional, ctx: Any, log: Log) -> State:
    return _fx().conditional(s, e, ctx, log)


effect(ast.Sequence, concepts=("resolve_as_written",), meaning="its parts in order", reads=("effects",),
       layout=("connector", "then_at"))(_sequence)   # "Then, …": FFTCG's one connector, resolved in order (11.11.5)
effect(ast.Optional, concepts=("auto_may",), meaning="the controller may apply it", reads=("effects", "player"))(
    _optional)
effect(ast.Conditional, concepts=("single_effect", "replacement"), meaning="if …, … (or a replacement)",
       reads=("condition", "effects", "otherwise", "instead", "lasting"), layout=("selects",),   # where said
       check=conditional_gaps)(_conditional)
effect(ast.Damage, concepts=("power", "damage_to_player"), meaning="deal damage",
       reads=("amount", "target", "player", "per", "amount_from", "source", "unit"), check=shapes.damage,
       per_cost=True)(_damage)
effect(ast.Destroy, concepts=("kw_break",), meaning="break", reads=("target",))(_break)
effect(ast.Draw, concepts=("single_effect",), meaning="draw", reads=("count", "player", "per"))(_draw)
effect(ast.Discard, concepts=("kw_discard",), meaning="discard",
       reads=("count", "player", "target", "per", "controller_of"))(_discard)
effect(ast.SetState, concepts=("kw_dull", "kw_activate", "freeze"), meaning="dull / activate / Freeze",
       reads=("state", "target"), values={"state": _STATES})(_set_state)
effect(ast.ModifyStat, concepts=("ongoing_effect", "set_power", "replacement"), meaning="change power or damage",
       reads=("stat", "amount", "target", "duration", "per", "next_only"),
       values={"stat": ("power", "power_set", *replacement.DAMAGE_STATS)}, per_cost=True)(_modify)
effect(ast.Restriction, concepts=("ongoing_effect",), meaning="cannot / must / lose",
       reads=("mode", "action", "target", "duration", "by", "by_text", "player"), check=shapes.restriction)(_restrict)
effect(ast.Gain, concepts=("ongoing_effect", "timestamp_resolved"), meaning="gain a keyword or an ability",
       reads=("target", "keyword", "ability", "duration", "family"), check=shapes.gain)(_gain)
effect(ast.Move, concepts=("new_object", "kw_remove"), meaning="put a card into a zone",
       reads=("target", "dest", "any_order", "under", "duration", "player", "after_use"), check=shapes.move)(_move)
effect(ast.Deploy, concepts=("controller_field", "control_change"), meaning="play onto the field, gain control",
       reads=("verb", "target", "duration", "free", "dull", "onto", "player"), check=shapes.deploy)(_deploy)
effect(ast.Declare, concepts=("resolve_as_written", "ongoing_variables"), meaning="a player names a value",
       reads=("things", "other_than"), check=lambda e: [f"declare {t}" for t in declare.unread_things(e)])(_declare)
effect(ast.Cancel, concepts=("stack_zone",), meaning="cancel", reads=("target",))(_cancel)
effect(ast.CostChange, concepts=("ongoing_effect",), meaning="change casting costs this turn",
       reads=("target", "amount", "per", "floor"), check=shapes.cost_change)(_cost_change)
effect(ast.Choose, concepts=("summon_choose",), meaning="a target chosen as it went on the stack", reads=("target",),
       check=shapes.choose)(_choose)
effect(ast.RedirectDamage, concepts=("replacement",), meaning="the damage is dealt to another instead",
       reads=("target", "to", "player", "next_only", "duration"))(_redirect)
effect(ast.Delayed, concepts=("delayed_generated",), meaning="a delayed auto-ability",
       reads=("timing", "timing_text", "effects", "turn", "next_turn", "phase_number", "trigger"),
       check=shapes.delayed)(_delayed)
effect(ast.GainCrystal, concepts=("crystals",), meaning="gain a Crystal", reads=("count",))(_gain_crystal)
effect(ast.Counters, concepts=("counters", "remove_counter"), meaning="place or remove counters",
       reads=("name", "count", "target", "remove", "per"))(_counters)
effect(ast.Search, concepts=("kw_search",), meaning="search the deck", reads=("target", "dest", "under", "dull"),
       target_reads=("distinct",), check=search_shapes)(_search)
effect(WarpTick, concepts=("warp_counter",), meaning="remove a Warp counter", reads=("card",))(_engine_effect)
effect(WarpEnter, concepts=("warp_enter",), meaning="a Warp card enters the field", reads=("card",))(_engine_effect)


def _bound(s: State, e: delayed.Bound, ctx: Any, log: Log) -> State:
    """A delayed auto-ability's effects about the card it was created for (11.8.17.3)."""
    if not e.still_there(s):
        log.add(f"{s.name_of(e.card)} has left the {e.zone.replace('_', ' ')} since the delayed auto-ability was "
                f"created: it no longer affects that card", "delayed_zone_left", "new_object")
        return s
    return _fx().run(s, e.effects, replace(ctx, subject=e.card), log)


effect(delayed.Bound, concepts=("delayed_zone_left",), meaning="a delayed ability about one card",
       reads=("effects", "card", "zone", "ts"))(_bound)


__all__ = ["EFFECTS", "candidates_in_hand"]
