"""Selecting the cards an effect acts on as it resolves (11.11.5): itself, the cards chosen as it went on the
stack still legal (11.11.2), the cards a pronoun or a position word names ("it", "the first Forward": ordinal.py),
the cards "… by this effect" names (events/acted.py) and a selection made now, "1 Forward for each …" included
(11.12.4.3). Split from `effects.run`, which carries the effects out and imports these."""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg.effects import ordinal
from judge.engine.fftcg.effects.nodes import _key
from judge.engine.fftcg.events import acted
from judge.engine.fftcg.log import Log, not_modelled, pick
from judge.engine.fftcg.query import candidates, matches
from judge.engine.fftcg.state import State, other, where
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Effect, Player, Selector

Ctx = Any   # effects.run.Ctx: who resolves, from which card, with which chosen targets


def _describe(sel: Selector, controller: str | None = None) -> str:
    n = ("any number of" if sel.up_to else "all") if sel.count is None else \
        f"{'up to ' if sel.up_to else ''}{sel.count}"
    kinds = "/".join(sel.card_types) or "card"
    if controller is None:
        whose = {Player.YOU: " you control", Player.OPPONENT: " your opponent controls"}.get(sel.owner, "")
    else:
        whose = {Player.YOU: f" {controller} controls", Player.OPPONENT: f" {other(controller)} controls"
                 }.get(sel.owner, "")
    extra = f" ({', '.join(sel.colors)})" if sel.colors else ""
    return f"{n} {kinds}{extra}{whose}"


def same_name(s: State, sel: Selector, ctx: Ctx) -> Selector | None:
    """"… with the same name" (name `same_as_it`): the selector with the name of the card the effect chose (or the
    event happened to), or None when there is not exactly one such card."""
    if sel.name != "same_as_it":
        return sel
    chosen = [u for uids in ctx.targets.values() for u in uids]
    ref = chosen[0] if len(chosen) == 1 else ctx.subject if not chosen else None
    d = s.card(ref) if ref is not None and ref in s.objs else None
    return replace(sel, name=d.name) if d is not None else None


def targets(s: State, e: Effect, sel: Selector, ctx: Ctx, log: Log) -> tuple[State, list[str]]:
    """The cards an effect acts on now: self, the chosen targets still legal, or the selected ones."""
    if sel.name == "same_as_it":
        named = same_name(s, sel, ctx)
        if named is None:
            log.add(f"{ctx.label}: there is no one card whose name to match, so nothing is selected",
                    "impossible_text")
            return s, []
        sel = named
    if sel.also:        # "Chocobo and all the Forwards forming a party with it"; "Choose 1 Forward and 1 Backup"
        s, out = targets(s, e, replace(sel, also=()), ctx, log)
        for part in sel.also:
            s, more = targets(s, e, part, ctx, log)
            out += [u for u in more if u not in out]
        return s, out
    if sel.self_ref:
        return s, [ctx.source] if s.char(ctx.source) is not None or sel.zone else []
    if sel.ref in ("it", "them") and _key(sel) not in ctx.targets and ctx.picked:
        return s, [u for u in ctx.picked if u in s.objs]        # the cards just selected (11.11.5)
    if sel.ref in ("it", "them") and _key(sel) not in ctx.targets and ctx.subject is not None:
        return s, [ctx.subject] if s.char(ctx.subject) is not None or sel.zone else []   # the trigger's subject
    if sel.ref in ordinal.ORDINAL_REFS and sel.choose != "choose":     # "the first Forward", "the other"
        picked = ordinal.named(sel, ctx)
        if picked is not None:
            log.add(f"{ctx.label}: \"the {sel.ref if sel.ref != 'nth' else f'#{sel.nth}'}\" is read against the cards "
                    f"chosen, in the order chosen, that are still legal targets: "
                    f"{', '.join(s.name_of(u) for u in picked) or 'none is left'}", "resolve_as_written",
                    "some_targets_valid")
            return s, [u for u in picked if u in s.objs]
        if sel.ref != "other":                 # "the second Forward" with no cards chosen together to count in
            not_modelled(log, f"which card \"the {sel.ref}\" names for {ctx.label} (no cards were chosen together)")
            return s, []
    if sel.choose == "choose" and _key(sel) in ctx.targets:
        return s, [u for u in ctx.targets[_key(sel)] if matches(s, u, sel, ctx.controller, ctx.source)
                   and (s.char(u) is not None if sel.zone in (None, "field") else where(s, u)[0] == sel.zone)]
    if sel.count_per is not None:              # "select 1 Forward for each …": as many as it counts now
        s, sel = _per_selected(s, sel, ctx, log)
        if sel is None:
            return s, []
    if each_selects(sel):
        return _each_selects(s, e, sel, ctx, log)
    left_out = _just_taken(sel, ctx)
    if left_out is not None:                   # "all the other Forwards": those the selection did not take
        sel = replace(sel, excluding=None)
    if top_of_deck(sel):                       # "the top 2 cards of your deck": no one picks them (7.9.2)
        return _deck_top(s, sel, ctx, log)
    legal = [u for u in candidates(s, sel, ctx.controller, ctx.source) if left_out is None or u not in left_out]
    if sel.count is None and not sel.up_to:    # "all …": every card that fits
        return s, legal
    who = other(ctx.controller) if sel.chooser == Player.OPPONENT else ctx.controller
    high = len(legal) if sel.count is None else sel.count    # "any number of …": from none to all of them
    s, picked = pick(s, who, "select", f"{who} selects {_describe(sel, ctx.controller)} for {ctx.label}",
                     tuple(legal), "resolution_choice", SELECT_IS_NOT_CHOOSE.get(ctx.kind, "auto_choose"), log=log,
                     low=0 if sel.up_to else min(high, len(legal)), high=high)
    ctx.picked[:] = picked
    return s, picked


def top_of_deck(sel: Selector) -> bool:
    """"The top N cards of your (opponent's) deck" as the text layer gives them: a selector of the deck zone
    asking for no property of the cards, only how many (`verbs_actions.top_cards`)."""
    if sel.zone != "deck" or sel.count is None or sel.up_to or sel.choose == "choose" or sel.ref is not None:
        return False
    bare = replace(sel, count=None, owner=None, zone=None, span=None, amount_var=None, card_types=())
    return set(sel.card_types) <= {"card"} and bare == Selector(count=None, choose=sel.choose)


def _deck_top(s: State, sel: Selector, ctx: Ctx, log: Log) -> tuple[State, list[str]]:
    """The top cards of a deck, in its order: a main deck is hidden and its order cannot be changed (7.9.2), so
    the cards an effect takes "from the top" are those, not ones a player selects (fewer when the deck has
    fewer: as many as there are, 2.3)."""
    whose = other(ctx.controller) if sel.owner == Player.OPPONENT else ctx.controller
    deck = s.zones[whose].deck
    top = [u if isinstance(u, str) else u[0] for u in deck[:sel.count]]
    log.add(f"{ctx.label}: the top {sel.count} card{'s' if sel.count != 1 else ''} of {whose}'s deck, as they lie "
            f"({len(top)} there)", "deck_hidden", *(("impossible_text",) if len(top) < sel.count else ()))
    ctx.picked[:] = top
    return s, top


def each_selects(sel: Selector) -> bool:
    """"Each player selects 1 Forward they control": a selection each player makes of their own cards."""
    return sel.chooser is Player.EACH and sel.owner is Player.EACH and sel.count is not None


def _each_selects(s: State, e: Effect, sel: Selector, ctx: Ctx, log: Log) -> tuple[State, list[str]]:
    """"Each player selects 1 Forward they control": the turn player selects first, then the other player
    (6.1.4), each among their own cards; what follows acts on all the cards selected (11.11.5.1)."""
    out: list[str] = []
    for p in (s.turn_player, other(s.turn_player)):
        whose = Player.YOU if p == ctx.controller else Player.OPPONENT
        log.add(f"{ctx.label}: {p} selects among their own cards", "turn_player_first", "resolution_choice")
        s, got = targets(s, e, replace(sel, owner=whose, chooser=whose), ctx, log)
        out += [u for u in got if u not in out]
    ctx.picked[:] = out
    return s, out


def _just_taken(sel: Selector, ctx: Ctx) -> set[str] | None:
    """The cards "other than the selected Forwards" leaves out: those just selected, and those chosen as the
    effect went on the stack (11.6.5); None when the selector leaves out no such cards."""
    ex = sel.excluding
    if ex is None or ex.ref not in ("it", "them"):
        return None
    return {*ctx.picked, *(u for uids in ctx.targets.values() for u in uids)}


def _per_selected(s: State, sel: Selector, ctx: Ctx, log: Log) -> tuple[State, Selector | None]:
    """"1 Forward for each Character you put into the Break Zone by this effect": the number selected is the
    count times what "for each" counts as the effect resolves (11.12.4.3); "select as many as possible":
    fewer are selected when fewer fit (the selection's `low` in `targets`). None: nothing to select."""
    per = sel.count_per
    n = acted.counted(s, per, ctx)
    if n is None:
        not_modelled(log, f"what \"for each …\" counts for {ctx.label} ({per.zone})")
        return s, None
    total = (sel.count or 1) * n
    log.add(f"{ctx.label}: \"for each …\" counts {n} now, so {total} card(s) are selected", "ongoing_variables")
    return s, (replace(sel, count=total, count_per=None) if total else None)


#: the clause that says, for each kind of Summon or ability, that selecting is not choosing (no target rules)
SELECT_IS_NOT_CHOOSE = {"summon": "summon_choose", "action": "action_choose", "special": "special_choose",
                        "auto": "auto_choose", "ex_burst": "auto_choose"}
