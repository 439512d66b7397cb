"""Constant effects (8-1-4 / 9-1-4-1): what the active constant abilities on the field apply now.

A constant ability applies while its card is on the field at a level it is written for and its
typed timing holds (10-12-1); a condition written in it ("if you only have two spirits") is decided
from the board each time. Its effects become the same modifications resolved effects leave in
`state.mods` (BP, level, symbols, keywords, "cannot …"), computed from the board, never stored:
`mods(state)` is both, and every derived value reads it. A constant effect of the form "when X,
do Y" is a trigger, not a modification: `triggers.watch` handles those.

The computation reads levels and abilities without constant effects (a constant effect that
changes levels does not feed back into which constant effects apply), which keeps it finite.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from judge.engine.bs import select
from judge.engine.bs.dispatch import carried
from judge.engine.bs.mods import (
    COMPOUND,
    CONSTANTS,
    PLAYER_RESTRICTIONS,
    WHILE_PAYING,
    computing,
    mods,
    mods_on,
    while_paying,
)
from judge.engine.bs.state import Mod, State, Work
from judge.engine.kernel.registry import Registry
from judge.text import ast
from judge.text.ast import AbilityKind, Duration


def cannot(state: State, cid: str, action: str, *, actor: str | None = None, player: str | None = None,
           against: str | None = None, by_effect: bool = True, destruction_effect: bool | None = None,
           last: dict | None = None) -> bool:
    """Whether an effect forbids `cid` to do (or undergo) `action` ("attack", "block", "be_selected" …).

    `actor` is the card whose act it would be (the blocker, the source of an effect) and `player`
    its controller: a restriction "by <selector>" binds only acts of cards meeting it ("by … effects":
    only acts of effects, not a battle: `by_effect` False; `last`: the actor's last-known facts when it has
    left the field, 8-10-1). `against`: the
    card the act is aimed at (the attacker a blocker would block): a restriction aimed at some cards
    only ("cannot block spirits with 5000 BP or more") binds only acts against a card meeting it."""
    for m in mods_on(state, cid):
        if m.kind != "cannot" or (m.value != action and action not in COMPOUND.get(m.value, ())):
            continue
        if not _aimed_at(state, m, against):
            continue
        effects_only = m.extra is not None and m.extra.unit == "effect"
        if effects_only and not _effect_of(state, m, actor, destruction_effect, last):
            continue
        if m.extra is None or (select.by_matches(state, m, actor, player, last) and (by_effect or not effects_only)):
            return True
        if action == "be_destroyed_in_battle" and m.value != action:
            return True    # "… by your opponent's effects or in battle": the "by" binds the effects only
    return False


def _effect_of(state: State, m: Mod, actor: str | None, destruction_effect: bool | None,
               last: dict | None = None) -> bool:
    """Whether a restriction "by <kind> effects of <cards>" covers this act: "cannot be destroyed by
    destruction effects on your opponent's spirits" binds destruction effects only (not a BP or a core
    loss, 10-14-2), and only those of the cards it names (a spirit's, not a magic's: select.by_matches)."""
    by: ast.Selector = m.extra
    if by.effect == "destruction" and destruction_effect is False:
        return False
    return actor is None or by.about is None or select.by_matches(state, m, actor, None, last)


def _aimed_at(state: State, m: Mod, against: str | None) -> bool:
    if m.against is None:
        return True
    return against is not None and select.matches(state, against, m.against, m.source) and \
        state.controller(against) in select.whose(m.controller, m.against.owner, state)


def allowed(state: State, cid: str, action: str, *, against: str | None = None) -> bool:
    """Whether an effect lets `cid` do something the rules otherwise forbid ("block while exhausted"),
    against `against` where the permission names the cards it is for ("… spirits with 2 or fewer cores")."""
    return any(m.kind == "can" and m.value == action and _aimed_at(state, m, against) for m in mods_on(state, cid))


class _View:
    """What condition entries read while constant effects are computed (no resolution under way)."""

    def __init__(self, state: State) -> None:
        from judge.engine.bs.profile import profile

        self.state = state
        self.did = None
        self.revealed: list[str] = []
        self.destroyed: dict[str, dict] = {}
        self.discarded: list[str] = []
        self.core_moves: list[tuple[str, str, int, bool]] = []
        self.profile = profile(state.game)


_HAS: dict[int, tuple[Any, bool]] = {}


def _has_constants(d: Any) -> bool:
    """Whether a card definition has any constant ability (cached: most have none), or gained ones."""
    hit = _HAS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    flag = any(ab.kind == AbilityKind.CONSTANT for ab in d.abilities)
    _HAS[id(d)] = (d, flag)
    return flag


def _static(state: State) -> Iterator[Mod]:
    """The modifications the active constant abilities on the field apply now."""
    from judge.engine.bs import derive

    gained = {m.target for m in state.mods if m.kind == "ability"}
    for name, p in state.players.items():
        for fc in p.field:
            if fc.id not in gained and not _has_constants(state.defs[fc.card]):
                continue
            for idx, ab in derive.active_abilities(state, fc.id):
                if ab.kind != AbilityKind.CONSTANT or not derive.constant_active(state, fc.id, ab):
                    continue
                if while_paying(ab):          # it changes a cost being calculated, nothing else (symbols.py)
                    continue
                item = Work(kind="effects", source=fc.id, controller=name, label=fc.id)
                for eff in ab.effects:
                    yield from _apply(state, eff, item, stamp=-1000 + idx)






def _apply(state: State, eff: Any, item: Work, stamp: int) -> Iterator[Mod]:
    if isinstance(eff, ast.Conditional):
        cond = eff.condition
        if cond.kind in ("event", "would", "substitution", "first_each_turn") or \
                (eff.instead and not eff.otherwise):
            return                      # a trigger or a substitution, not a modification
        # an effect's own "instead" arrives read in place (judge.text.bs.meaning): the replacement
        # while its condition holds, else the original (8-9-1)
        from judge.engine.bs import conditions

        holds = conditions.holds(_View(state), cond, item)   # type: ignore[arg-type]
        for e in (eff.effects if holds else eff.otherwise if holds is False else ()):
            yield from _apply(state, e, item, stamp)
        return
    if isinstance(eff, ast.Restriction) and eff.target is None:
        make = PLAYER_RESTRICTIONS.get(eff.action)
        if make is not None:                      # a restriction on players' life (zones/life.py)
            yield from make(eff, item.controller, state, source=item.source, stamp=stamp)
        return
    if isinstance(eff, ast.ModifyStat) and eff.per is not None:     # "gains 1000 BP for each …": counted now
        from dataclasses import replace

        from judge.engine.bs import conditions

        n = conditions.count(_View(state), eff.per, item) if conditions.countable_per(eff.per) else -1  # type: ignore[arg-type]
        if n < 0:
            return
        eff = replace(eff, amount=eff.amount * n, per=None)
    entry = CONSTANT_EFFECTS.get(type(eff))
    if entry is None or constant_gaps(eff):
        return                      # not run: coverage says so (constant_gaps), never applied in part
    made = entry.handler(eff)
    if made is None:
        return
    kind, value, extra = made
    for cid in _targets(state, _shielded_side(eff), item):
        if not _while(state, eff, cid):
            continue
        yield Mod(target=cid, kind=kind, value=value, duration=Duration.PERMANENT, source=item.source,
                  controller=item.controller, stamp=stamp, extra=extra,
                  against=eff.object if isinstance(eff, ast.Restriction) else None)


def _shielded_side(eff: Any) -> ast.Selector | None:
    """The cards a constant effect applies to. A shield against the opponent's effects ("your opponent's
    effects cannot remove cores from any spirit with a soul core") guards its controller's cards only,
    not the opponent's own, though the words name no owner (1-3-3; the official Q&A on this, bss-qa-cards
    BSS01-073)."""
    sel = getattr(eff, "target", None)
    by = getattr(eff, "by", None)
    if isinstance(eff, ast.Restriction) and eff.mode == "cannot" and sel is not None and not sel.self_ref \
            and sel.owner is None and by is not None and by.unit == "effect" and by.owner == ast.Player.OPPONENT:
        return ast.replace(sel, owner=ast.Player.YOU)
    return sel


def _while(state: State, eff: Any, cid: str) -> bool:
    """A keyword gained "While This Spirit Attacks" (8-1-4-1): held only while that holds for the card
    that gains it (Curse, Luster and Confront bite on an attack only, so this changes nothing for them)."""
    timing = getattr(eff, "timing", None) if isinstance(eff, ast.Gain) else None
    if timing is None or _own(eff):
        return True
    from judge.engine.bs.derive import CONSTANT_TIMINGS

    return bool(CONSTANT_TIMINGS[timing](state, cid, state.turn_player == state.controller(cid), state.step.value))


def _targets(state: State, sel: ast.Selector | None, item: Work) -> list[str]:
    from judge.engine.bs import select

    if sel is None or sel.self_ref:
        return [item.source]
    out = []
    for p in select.whose(item.controller, sel.owner, state):
        for fc in state.players[p].field:
            if not sel.card_types and state.defs[fc.card].type != "spirit":
                continue
            if select.matches(state, fc.id, sel, item.source):
                out.append(fc.id)
    return out


#: The constant effects applied as modifications: node class → its maker, (kind, value, extra) of the
#: Mod or None for a shape it has no modification for, with the fields it reads (`reads`) and the
#: shapes it refuses (`check`), as the effect registry declares its handlers (dispatch.effect): a
#: constant effect carrying a field its maker does not read is not applied, and coverage says so.
CONSTANT_EFFECTS: Registry[type] = Registry("Battle Spirits constant effects")


def constant(kind: type, *, reads: Iterable[str], concepts: tuple[str, ...] = (),
             check: Callable[[Any], Iterable[str]] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the maker of a constant effect node kind (what it leaves in the board's mods)."""
    return CONSTANT_EFFECTS.register(kind, concepts=concepts, reads=frozenset(reads), check=check)


_GAPS: dict[int, tuple[Any, tuple[str, ...]]] = {}

#: Shapes of a constant effect a module above reads from the field where the rule bites, not as a
#: modification (events/no_trigger.py: "'When Destroyed' effects … are not triggered"): each entry
#: says whether a node is one it reads.
READ_WHERE_THEY_BITE: list[Callable[[Any], bool]] = []


def constant_gaps(eff: Any) -> tuple[str, ...]:
    """What of a constant ability's effect node the engine does not apply, in words (empty: all of it).
    A condition ("if …: <effects>") is decided each time and its parts asked one by one."""
    if isinstance(eff, ast.Conditional) or any(reads(eff) for reads in READ_WHERE_THEY_BITE):
        return ()
    hit = _GAPS.get(id(eff))
    if hit is not None and hit[0] is eff:
        return hit[1]
    kind = ast.kind_of(eff)
    entry = CONSTANT_EFFECTS.get(type(eff))
    if entry is None:
        out = [f"constant {kind}"]
    else:
        out = [f"constant {kind} {name}" for name in carried(eff) if name not in entry.extra["reads"]]
        if not out and entry.extra["check"] is not None:
            out += entry.extra["check"](eff)
        if not out and entry.handler(eff) is None:
            out.append(f"constant {kind}")
    gaps = tuple(dict.fromkeys(out))
    _GAPS[id(eff)] = (eff, gaps)
    return gaps


@constant(ast.ModifyStat, reads=("stat", "amount", "target", "duration", "per", "colors"), concepts=("bp.add",))
def _modify(e: ast.ModifyStat) -> tuple[str, Any, Any] | None:
    if e.stat == "bp" and not e.colors:
        return "bp_add", e.amount, None
    if e.stat.startswith("symbols"):          # "gains a green symbol": the colour in the stat or in `colors`
        colour = e.stat.split(":", 1)[1] if ":" in e.stat else (e.colors[0] if len(e.colors) == 1 else None)
        return ("symbol_add", (colour,) * e.amount, None) if colour else None
    return None


@constant(ast.SetStat, reads=("stat", "value", "target", "duration", "level", "colors"), concepts=("bp.set",))
def _set_stat(e: ast.SetStat) -> tuple[str, Any, Any] | None:
    if e.stat == "bp":     # "treat the LV1 BP as 4000" redefines a level's BP (8-8-1-3-3), else sets it (8-8-1-3-4)
        return ("bp_base", {e.level: e.value}, None) if e.level is not None else ("bp_set", e.value, None)
    colour = symbol_colour(e)
    if colour is not None:
        return "symbol_set", (colour,) * e.value, None
    if e.stat == "cost" and e.level is None and isinstance(e.value, int) and \
            (e.target is None or e.target.zone in (None, "field")):
        return "cost_set", e.value, None     # "treat this spirit as though it costs 5" (8-8-1-3-4; zones/cost)
    return None


def symbol_colour(e: Any) -> str | None:
    """The colour a "count its symbol as N <colour> symbols" node names ("" when it names none)."""
    if e.stat.startswith("symbols:"):
        return e.stat.split(":", 1)[1]
    if e.stat == "symbols":
        colours = getattr(e, "colors", ()) or ()
        return colours[0] if colours else ""
    return None


#: The acts whose "cannot / must / can" the engine asks of `cannot` / `allowed` where they happen (an
#: attack or block declaration, a selection, a destruction, a core removal, an effect exhausting a card
#: or returning it to a hand or deck: flow/battle, select, events/management, events/cores,
#: effects/acts), of the refresh step (flow/steps) and of the first attack of a
#: step (events/first_attack): a restriction on a card for any other act is not run.
ENFORCED = {"cannot": frozenset({"attack", "block", "be_selected", "be_blocked", "attack_or_block", "be_destroyed",
                                 "be_destroyed_in_battle", "be_destroyed_or_in_battle",
                                 "have_cores_removed", "refresh_in_refresh_step", "be_exhausted",
                                 "be_returned_to_hand_or_deck"}),
            "must": frozenset({"attack_first"}),
            "can": frozenset({"block_while_exhausted", "be_linked"})}


#: The acts whose restriction may be aimed at some cards only, with where that card is known: the
#: attacker a spirit would block (keyword_registry.can_block asks `cannot` / `allowed` with it); the 【Link】
#: spirits a spirit may be linked with, and how many (keywords/triggered._links_allowed).
AIMED = frozenset({"block", "block_while_exhausted", "be_linked"})


#: The acts an effect may make cost cores instead of forbidding them ("… cannot attack unless they pay
#: one core"): paid as the act is declared (zones/costs.pay_tolls).
TOLLED = frozenset({"attack", "block"})


def toll_of(e: ast.Restriction) -> int | None:
    """The cores "cannot <attack / block> unless they pay N core(s)" asks for the act (None: the
    restriction carries no such cost, or one the engine does not pay)."""
    if e.cost is None or e.mode != "cannot" or e.action not in TOLLED or len(e.cost.effects) != 1:
        return None
    pay = e.cost.effects[0]
    ok = isinstance(pay, ast.MoveCores) and isinstance(pay.count, int) and pay.dest == "trash" and \
        pay.source in ("field_or_reserve", "reserve") and pay.core_type is None
    return pay.count if ok else None


def _restriction_gaps(e: ast.Restriction) -> list[str]:
    if e.cost is not None and (e.target is None or toll_of(e) is None or e.object is not None):
        return [f"constant restriction {e.mode} {e.action} unless paid"]
    if e.action == "be_linked" and (e.object is None or e.target is None or e.target.state not in (None, "blocking")):
        # a link at another moment than the attack or block 【Link】 watches is not run
        return [f"constant restriction {e.mode} {e.action}" + (f" when {e.target.state}" if e.target else "")]
    if e.target is None:             # a restriction on players (zones/life.py registers the ones it applies)
        return [] if e.action in PLAYER_RESTRICTIONS and e.object is None else \
            [f"constant restriction {e.mode} {e.action}" + (" aimed at some cards only" if e.object else "")]
    if e.action not in ENFORCED.get(e.mode, ()):
        return [f"constant restriction {e.mode} {e.action}"]
    return [f"constant restriction {e.mode} {e.action} aimed at some cards only"] \
        if e.object is not None and e.action not in AIMED else []


@constant(ast.Restriction, reads=("mode", "action", "target", "player", "duration", "by", "object", "cost"),
          concepts=("rules.cannot_wins",), check=_restriction_gaps)
def _restriction(e: ast.Restriction) -> tuple[str, Any, Any] | None:
    if e.target is None:             # applied per player by `_apply` (PLAYER_RESTRICTIONS)
        return "player", e.action, e.by
    if e.cost is not None:           # the act is allowed once its cost is paid (a modification `toll`)
        return "toll", (e.action, toll_of(e)), e.by
    if e.action == "be_linked" and e.target is not None and e.target.state == "blocking":
        return e.mode, "be_linked_blocking", e.by      # 【Link】 watches the block too (keywords/triggered)
    return e.mode, e.action, e.by


#: Whether a printed timing is a keyword's own (keyword_registry.own_timing, registered from above):
#: (keyword name, timing) → bool. A keyword gained at its own timing runs as printed.
OWN_TIMING: list[Callable[[str, str], bool]] = []


def _own(e: ast.Gain) -> bool:
    return e.keyword is not None and e.timing is not None and any(own(e.keyword.name, e.timing) for own in OWN_TIMING)


def _gain_gaps(e: ast.Gain) -> list[str]:
    from judge.engine.bs.derive import CONSTANT_TIMINGS

    ok = e.timing is None or e.timing in CONSTANT_TIMINGS or _own(e)
    return [] if ok else [f"constant gain timing {e.timing}"]


@constant(ast.Gain, reads=("target", "keyword", "ability", "duration", "family", "timing"), concepts=("kw.generic",),
          check=_gain_gaps)
def _gain(e: ast.Gain) -> tuple[str, Any, Any] | None:
    if e.keyword is not None:
        return "keyword", e.keyword, None
    if e.ability is None and e.family:      # "gain Otherlander spirit type", "has all spirit types" (2-5)
        return "family", e.family, None
    return ("ability", e.ability, None) if e.ability is not None else None


constant(ast.SetLevel, reads=("target", "level", "duration"), concepts=("bp.level",))(
    lambda e: ("level_set", e.level, None))
# "… and cannot regain them": while the constant effect is active the listed effects stay lost, and
# nothing in the engine gives lost effects back (the lose_effects mod is read first, derive.py)
constant(ast.LoseEffects, reads=("target", "levels", "duration", "no_regain"))(
    lambda e: ("lose_effects", e.levels, None))


def applies(eff: Any) -> bool:
    """Whether a constant ability's effect node is one the engine applies (coverage asks this)."""
    return not constant_gaps(eff)


CONSTANTS.append(_static)

__all__ = ["AIMED", "COMPOUND", "CONSTANT_EFFECTS", "ENFORCED", "OWN_TIMING", "PLAYER_RESTRICTIONS", "READ_WHERE_THEY_BITE", "WHILE_PAYING", "allowed", "applies", "cannot", "computing", "constant", "constant_gaps", "mods", "mods_on", "while_paying"]
