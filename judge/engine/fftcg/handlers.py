"""What each kind of effect node does when a Summon or ability resolves: one registry entry per node kind.

`EFFECTS` maps an AST node class to its `EffectRule`: the function that carries it out on a board
and the concept keys of the clauses that govern it (`clauses.py`). `effects.one` looks the node up
here; a node kind with no entry is "not modelled" in the ruling, never guessed. The same table says
which node kinds this engine executes (`executed_kinds`, for `judge card` and coverage).

Entries take the board, the node, the resolving context (who controls it, its source, its chosen
targets) and the log, and return the new board; they read only typed fields of the node.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge.engine.fftcg import changes, delayed, replacement, reveal
from judge.engine.fftcg.keywords import WarpEnter, WarpTick
from judge.engine.fftcg.log import Log, Refused, as_list, not_modelled, take_answer
from judge.engine.fftcg.model import Mod, State
from judge.engine.fftcg.query import is_forward
from judge.engine.fftcg.triggers import emit
from judge.engine.fftcg.zones import draw, enter_field, move
from judge.text import ast
from judge.text.ast import Duration, Player

Handler = Callable[[State, Any, Any, Log], State]


@dataclass(frozen=True)
class EffectRule:
    """One kind of effect: what it does on the board and the clauses (concept keys) that govern it."""

    run: Handler
    keys: tuple[str, ...]
    what: str


def _fx():
    from judge.engine.fftcg import effects

    return effects


def _until(d: Duration) -> str:
    return {Duration.TURN: "turn", Duration.BATTLE: "battle"}.get(d, "permanent")


# ---- single effects (11.12.3) --------------------------------------------------------------------

def _damage(s: State, e: ast.Damage, ctx: Any, log: Log) -> State:
    fx = _fx()
    if e.target is None:
        for p in fx.players_of(e.player or Player.OPPONENT, ctx):
            s = fx.damage_player(s, p, e.amount, log, ctx.source)
        return s
    s, uids = fx.targets(s, e, e.target, ctx, log)
    for u in uids:
        if is_forward(s, u):
            s = fx.damage_forward(s, u, e.amount, log, ctx.source)
    return s


def _break(s: State, e: ast.Destroy, ctx: Any, log: Log) -> State:
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        if s.char(u) is not None:
            s = move(s, u, "break", log, why=("kw_break",), broken=True)
    return s


def _draw(s: State, e: ast.Draw, ctx: Any, log: Log) -> State:
    for p in _fx().players_of(e.player, ctx):
        s = draw(s, p, e.count, log, why=("single_effect",))
    return s


def _discard(s: State, e: ast.Discard, ctx: Any, log: Log) -> State:
    for p in _fx().players_of(e.player, ctx):
        hand = s.zones[p].hand
        if not hand:
            log.add(f"{p} has no card in hand to discard: that part of the effect does nothing", "impossible_text")
            continue
        if len(hand) <= e.count:
            chosen = list(hand)
            log.add(f"{p} has {len(hand)} card(s) in hand: the only choice is to discard all of them", "kw_discard")
        else:
            s, answer = take_answer(s, p, "discard", f"{p} discards {e.count} card(s)", tuple(hand), "kw_discard")
            chosen = [str(u) for u in as_list(answer)]
            if len(chosen) != e.count or any(u not in hand for u in chosen):
                raise Refused(f"{p} must discard exactly {e.count} card(s) from their hand", "kw_discard")
        for u in chosen:
            s = move(s, u, "break", log, why=("kw_discard",))
    return s


def _set_state(s: State, e: ast.SetState, ctx: Any, log: Log) -> State:
    if e.state not in _STATES:
        not_modelled(log, f"putting a Character into the state {e.state!r}")
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        if s.char(u) is not None:
            s = _STATES[e.state](s, u, log)
    return s


def _dull(s: State, u: str, log: Log) -> State:
    s = s.with_char(u, dull=True)
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
    if e.stat != "power":
        not_modelled(log, f"a change of {e.stat.replace('_', ' ')}")
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is None:
            continue
        s, _ = s.next_id("ts")
        s = s.with_char(u, mods=(*c.mods, Mod(kind="power", value=e.amount, until=_until(e.duration), ts=s.seq,
                                              source=ctx.source)))
        sign = "+" if e.amount >= 0 else ""
        log.add(f"{s.name_of(u)} gets {sign}{e.amount} power"
                f"{' until the end of the turn' if e.duration == Duration.TURN else ''}",
                "ongoing_effect", "timestamp_resolved", changes=(f"{u}: power {sign}{e.amount}",))
    return s


def _restrict(s: State, e: ast.Restriction, ctx: Any, log: Log) -> State:
    """"It cannot attack / block this turn", "loses …", "cannot be chosen by …"."""
    if e.target is not None and (e.mode == "lose" or e.action == "be_chosen"):
        return changes.restrict(s, e, ctx, log, _fx().targets)
    if e.target is None or e.mode not in ("cannot", "must"):
        not_modelled(log, f"the restriction '{e.mode} {e.action.replace('_', ' ')}'" +
                     ("" if e.target is not None else " on a player"))
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is not None:
            s = s.with_char(u, mods=(*c.mods, Mod(kind=e.mode, value=e.action, until=_until(e.duration),
                                                  source=ctx.source)))
            log.add(f"{s.name_of(u)} {'cannot' if e.mode == 'cannot' else 'must'} {e.action.replace('_', ' ')}",
                    "ongoing_effect")
    return s


def _move(s: State, e: ast.Move, ctx: Any, log: Log) -> State:
    if reveal.handles(e, ctx):
        return reveal.apply(s, e, ctx, log)
    dest = {"trash": "break", "deck": "deck_top"}.get(e.dest, e.dest)
    if dest not in ("hand", "deck_top", "deck_bottom", "break", "removed", "damage"):
        not_modelled(log, f"putting a card into {e.dest.replace('_', ' ')}")
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        s = move(s, u, dest, log, why=("kw_remove",) if dest == "removed" else ("new_object",))
    return s


def _deploy(s: State, e: ast.Deploy, ctx: Any, log: Log) -> State:
    if reveal.handles(e, ctx):
        return reveal.apply(s, e, ctx, log)
    if e.verb == "gain_control":
        return changes.take_control(s, e, ctx, log, _fx().targets)
    if e.verb not in ("play", "place", "summon"):
        not_modelled(log, f"the effect '{e.verb.replace('_', ' ')}' of a card")
        return s
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        d = s.card(u)
        if d is not None and d.is_character:
            s = enter_field(s, u, s.objs[u].owner, log, why=("controller_field",))
    return s


def _gain_crystal(s: State, e: ast.GainCrystal, ctx: Any, log: Log) -> State:
    n = s.crystals_of(ctx.controller) + e.count
    log.add(f"{ctx.controller} gains {e.count} Crystal(s) ({n} in all)", "crystals")
    return s.with_crystals(ctx.controller, n)


def _counters(s: State, e: ast.Counters, ctx: Any, log: Log) -> State:
    """6.7: named markers on a card; 15.1.1.10 removing them."""
    s, uids = _fx().targets(s, e, e.target, ctx, log)
    for u in uids:
        c = s.char(u)
        if c is None:
            continue
        have = dict(c.counters)
        n = have.get(e.name, 0)
        new = max(0, n - (e.count or n)) if e.remove else n + e.count
        have[e.name] = new
        s = s.with_char(u, counters=tuple((k, v) for k, v in have.items() if v))
        verb = "removed from" if e.remove else "placed on"
        log.add(f"{abs(new - n)} {e.name} Counter(s) {verb} {s.name_of(u)} ({new} now)",
                "remove_counter" if e.remove else "counters", "counters_named",
                changes=(f"{u}: {e.name} counters {n} -> {new}",))
    return s


def _search(s: State, e: ast.Search, ctx: Any, log: Log) -> State:
    """Search (15.1.1.8): the controller finds the cards they pick among those that fit, or none (15.1.1.8.2);
    "search for 1 card" must find one (15.1.1.8.3); then the deck is shuffled."""
    from judge.engine.fftcg.search import search

    return search(s, e, ctx, log)


def _delayed(s: State, e: ast.Delayed, ctx: Any, log: Log) -> State:
    return delayed.create(s, e, ctx, log)


def _engine_effect(s: State, e: Any, ctx: Any, log: Log) -> State:
    """The engine's own effects (Warp's two auto-abilities, a delayed ability bound to a card) carry their action."""
    return e.apply(s, ctx, log)


def _sequence(s: State, e: ast.Sequence, ctx: Any, log: Log) -> State:
    return _fx().run(s, e.effects, ctx, log)


def _optional(s: State, e: ast.Optional, ctx: Any, log: Log) -> State:
    return _fx().optional(s, e, ctx, log)[0]


def _conditional(s: State, e: ast.Conditional, ctx: Any, log: Log) -> State:
    return _fx().conditional(s, e, ctx, log)


EFFECTS: dict[type, EffectRule] = {
    ast.Sequence: EffectRule(_sequence, ("resolve_as_written",), "its parts in order"),
    ast.Optional: EffectRule(_optional, ("auto_may",), "the controller may apply it"),
    ast.Conditional: EffectRule(_conditional, ("single_effect", "replacement"), "if …, … (or a replacement)"),
    ast.Damage: EffectRule(_damage, ("power", "damage_to_player"), "deal damage"),
    ast.Destroy: EffectRule(_break, ("kw_break",), "break"),
    ast.Draw: EffectRule(_draw, ("single_effect",), "draw"),
    ast.Discard: EffectRule(_discard, ("kw_discard",), "discard"),
    ast.SetState: EffectRule(_set_state, ("kw_dull", "kw_activate", "freeze"), "dull / activate / Freeze"),
    ast.ModifyStat: EffectRule(_modify, ("ongoing_effect", "set_power", "replacement"), "change power or damage"),
    ast.Restriction: EffectRule(_restrict, ("ongoing_effect",), "cannot / must / lose"),
    ast.Gain: EffectRule(lambda s, e, ctx, log: changes.gain(s, e, ctx, log, _fx().targets),
                         ("ongoing_effect", "timestamp_resolved"), "gain a keyword or an ability"),
    ast.Move: EffectRule(_move, ("new_object", "kw_remove"), "put a card into a zone"),
    ast.Deploy: EffectRule(_deploy, ("controller_field", "control_change"), "play onto the field, gain control"),
    ast.Cancel: EffectRule(lambda s, e, ctx, log: changes.cancel(s, e, ctx, log), ("stack_zone",), "cancel"),
    ast.RedirectDamage: EffectRule(lambda s, e, ctx, log: replacement.shield(s, e, ctx, log, _fx().targets),
                                   ("replacement",), "the damage is dealt to another instead"),
    ast.Delayed: EffectRule(_delayed, ("delayed_generated",), "a delayed auto-ability"),
    ast.GainCrystal: EffectRule(_gain_crystal, ("crystals",), "gain a Crystal"),
    ast.Counters: EffectRule(_counters, ("counters", "remove_counter"), "place or remove counters"),
    ast.Search: EffectRule(_search, ("kw_search",), "search the deck"),
    WarpTick: EffectRule(_engine_effect, ("warp_counter",), "remove a Warp counter"),
    WarpEnter: EffectRule(_engine_effect, ("warp_enter",), "a Warp card enters the field"),
    delayed.Bound: EffectRule(_engine_effect, ("delayed_zone_left",), "a delayed ability about one card"),
}

#: node kinds `effects.run` carries out itself, as part of the effect list around them
SEQUENCED: frozenset[type] = frozenset({ast.Reveal, ast.Pay})


def executed_kinds() -> frozenset[str]:
    """The snake_case node kinds this engine carries out (the rest are "not modelled")."""
    return frozenset(ast.kind_of(cls.__new__(cls)) for cls in (*EFFECTS, *SEQUENCED)
                     if cls.__module__ == ast.__name__)


__all__ = ["EFFECTS", "SEQUENCED", "EffectRule", "executed_kinds"]
