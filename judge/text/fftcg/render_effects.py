"""Renderers of FFTCG abilities and effects (registered in render.RENDER).

Sentences are said the printed way: what an effect chooses is said first ("Choose 1 Forward.") and
referred to after ("Deal it 7000 damage."), also across a condition ("Choose 1 Forward. If …, break
it."): the pending "Choose …" sentences go out before the clause that first uses them.

The renderers of single directives (break, damage, draw, move, restrictions, …) are in
`render_effects_more`, imported at the end of this module so that they are registered with it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judge.text import ast
from judge.text.ast import AbilityKind, Duration, Player, Selector
from judge.text.fftcg.render_conditions import condition, event_tail, trigger, window
from judge.text.fftcg.render_core import Ctx, renders
from judge.text.fftcg.render_words import NOUN, cap, cost, icons, np, player, plural, tail, third

# ---------------------------------------------------------------------- targets and "Choose …"


def _per_of(sel: Selector, ctx: Ctx) -> str:
    """" for each …" of a selection made as the effect resolves (Selector.count_per), said after its noun."""
    return "" if sel.count_per is None else _per(sel.count_per, ctx)


def target(sel: Selector | None, ctx: Ctx, *, subject: bool = False, source_zone: bool = False) -> str:
    """A target: "it" / "them" for what was chosen before; the choice said first when it was not."""
    if sel is None:
        return "it"
    if any(same(sel, a) for a in ctx.aliases):
        return "it"
    if sel.chooser is Player.OPPONENT and sel.ref is None:      # "Your opponent selects 1 Forward they control."
        if not any(same(sel, c) for c in ctx.chosen):
            ctx.chosen.append(sel)
            words = np(replace(sel, chooser=None, count_per=None), ctx.name).replace("opponent controls", "they control")
            ctx.pending.append(f"your opponent selects {words}{_per_of(sel, ctx)}")
        return ("they" if subject else "them") if plural(sel) or sel.count_per is not None else "it"
    if sel.chooser is Player.EACH and sel.ref is None:         # "Each player selects 1 Forward they control." (11.11.5.1)
        if not any(same(sel, c) for c in ctx.chosen):
            ctx.chosen.append(sel)
            words = np(replace(sel, chooser=None, count_per=None), ctx.name)
            for said, theirs in (("each player's", "their"), ("either player controls", "they control")):
                words = words.replace(said, theirs)
            ctx.pending.append(f"each player selects {words}{_per_of(sel, ctx)}")
        return ("they" if subject else "them") if plural(sel) or sel.count_per is not None else "it"
    if sel.chooser is Player.YOU and sel.ref is None:          # "Select up to 2 Backups. Activate them." (11.6.5)
        if not any(same(sel, c) for c in ctx.chosen):
            ctx.chosen.append(sel)
            ctx.pending.append(f"select {_as_many(sel, ctx) or np(replace(sel, chooser=None, count_per=None), ctx.name)}"
                               f"{_per_of(sel, ctx)}")
        return ("they" if subject else "them") if plural(sel) or sel.count_per is not None else "it"
    if sel.choose == "choose" and not sel.self_ref and sel.ref is None:
        chosen = replace(sel, also=()) if sel.also and all(a.self_ref or (a.count is None and a.ref is None)
                                                            for a in sel.also) else sel   # "deal it and {Name} / all the X …"
        if not any(same(chosen, c) or same(sel, c) for c in ctx.chosen):
            ctx.chosen.append(chosen)
            ctx.pending.append(f"choose {_as_many(chosen, ctx) or np(chosen, ctx.name)}")
        said = ("they" if subject else "them") if plural(chosen) else "it"
        return said + "".join(" and " + np(a, ctx.name) for a in sel.also if chosen is not sel)
    return np(sel, ctx.name, subject=subject, source=source_zone, article=subject)


def same(a: Selector | None, b: Selector | None) -> bool:
    if a is None or b is None:
        return a is b
    return replace(a, span=None) == replace(b, span=None)


def sentences(effects: tuple[Any, ...] | list[Any], ctx: Ctx, *, flush: bool = True, lead: bool = False,
              scoped: bool = False) -> str:
    """Effects as sentences ("Choose 1 Forward. Deal it 7000 damage."), joined the printed way.

    `flush=False` leaves the "Choose …" sentences pending for the caller to say first; `lead=True`:
    the first sentence follows a lead ("If X, …") and starts in lower case; `scoped=True`: what the
    lead governs is one sentence ("If X, A and B."), as an "if" scopes its sentence only (11.8.13)."""
    out: list[str] = []
    items = list(effects)
    i = 0
    while i < len(items):
        clause, used = joined(items, i, ctx)
        i += used
        if flush:
            out.extend(ctx.pending)
            ctx.pending.clear()
        out.append(clause)
    if scoped and len(out) > 1 and all(_one_clause(s) for s in out):
        out = [" and ".join(s.rstrip(".") for s in out)]
    said = [s.rstrip(".") + "." for s in out if s]
    return " ".join(s if lead and i == 0 else cap(s) for i, s in enumerate(said))


def _one_clause(said: str) -> bool:
    """A rendering that is one clause (no sentence, lead or quotation of its own inside)."""
    return bool(said) and ". " not in said and '"' not in said and not said.startswith(("if ", "when ", "until "))


def joined(items: list[Any], i: int, ctx: Ctx) -> tuple[str, int]:
    """Effects printed as one clause ("dull it and Freeze it", "gains +1000 power and Haste", "cannot
    attack or block")."""
    e = items[i]
    nxt = items[i + 1] if i + 1 < len(items) else None
    if isinstance(e, ast.SetState) and isinstance(nxt, ast.SetState) and same(e.target, nxt.target):
        who = target(e.target, ctx)
        return f"{_STATE_VERB.get(e.state, e.state)} {who} and {_STATE_VERB.get(nxt.state, nxt.state)} {who}", 2
    if isinstance(e, ast.Reveal) and e.zone == "deck_until_found":
        found = _revealed_target(nxt)
        if found is not None:
            ctx.aliases.append(found)
            return ("turn over one card at a time from the top of your deck until "
                    f"{np(replace(found, zone=None), ctx.name, article=True)} is revealed"), 1
    if isinstance(e, ast.Reveal) and e.zone in ("hand", "opponent_hand") and e.count is not None \
            and isinstance(nxt, ast.Choose) and nxt.target.zone == "hand" and nxt.target.choose == "select":
        ctx.chosen.append(nxt.target)               # "reveal 2 Forwards from your hand" (7.11): the kind revealed
        what = np(replace(nxt.target, zone=None, owner=None, chooser=None), ctx.name)
        if e.zone == "opponent_hand":
            return f"your opponent reveals {what} from their hand", 2
        return f"reveal {what} from your hand", 2
    if isinstance(e, ast.Reveal) and e.zone == "revealed_shuffle" and isinstance(nxt, ast.Move) \
            and nxt.target.ref == "rest" and nxt.dest.startswith("deck_"):
        where = nxt.dest[5:].replace("_or_", " or ")
        return f"shuffle the other cards revealed and return them to the {where} of your deck", 2
    if isinstance(e, ast.Modal) and isinstance(nxt, ast.Conditional) and nxt.instead and len(nxt.effects) == 1 \
            and isinstance(nxt.effects[0], ast.Modal) and nxt.effects[0].options == e.options:
        more = nxt.effects[0]                          # "Select 1 of …. If X, select up to 2 of … instead. "…""
        head = ctx.node(e).partition(". ")[0]
        more_head = f"select {'up to ' if more.up_to else ''}{more.count} of the {len(more.options)} following actions"
        options = ctx.node(e).partition(". ")[2]
        return f"{head}. If {condition(nxt.condition, ctx.name)}, {more_head} instead. {options}", 2
    if isinstance(e, ast.CostChange) and isinstance(nxt, ast.Restriction) and same(e.target, nxt.target) \
            and (nxt.mode, nxt.action) == ("can", "pay_with_any_element"):      # one cost, two things said of it
        return f"{ctx.node(e)} and can be paid with CP of any Element", 2
    if isinstance(e, ast.Damage) and isinstance(nxt, ast.Damage) and e.per is None and nxt.per is not None \
            and not e.amount_from and not nxt.amount_from and same(e.target, nxt.target) and e.source == nxt.source:
        return f"{ctx.node(e)} and {nxt.amount} more damage{_per(nxt.per, ctx)}", 2     # "… and 1000 more damage for each X"
    gains = _gain_run(items, i)
    if len(gains) > 1:
        return _gains(gains, ctx), len(gains)
    if isinstance(e, ast.Restriction) and e.mode == "cannot" and isinstance(nxt, ast.Gain) and e.target is not None \
            and e.target.self_ref and same(e.target, nxt.target) and not _changes_characteristics(nxt):
        run = _gain_run(items, i + 1)                  # "X cannot be chosen … and gains First Strike" (one subject)
        gained = _gains(run, ctx)
        return f"{ctx.node(e)} and {gained.removeprefix(target(nxt.target, ctx, subject=True) + ' ')}", 1 + len(run)
    if isinstance(e, ast.Restriction) and isinstance(nxt, ast.Restriction) and same(e.target, nxt.target) \
            and e.mode == nxt.mode and e.duration == nxt.duration and e.player == nxt.player and e.by == nxt.by:
        first = ctx.node(e)
        return first.replace(_barred(e), _barred(e) + " or " + _barred(nxt), 1), 2
    if isinstance(e, ast.Damage) and e.amount_from == "power_of_source" and e.target is not None \
            and e.target.ref == "other" and e.source is not None and e.source.self_ref and isinstance(nxt, ast.Choose) \
            and [a.ref for a in e.source.also] == ["them"]:    # "X and the chosen Forward deal damage … to the other"
        noun = NOUN.get(nxt.target.card_types[0], ("card",))[0] if len(nxt.target.card_types) == 1 else "card"
        return (f"{ctx.node(nxt)}. {ctx.name} and the chosen {noun} deal damage equal to their respective power to "
                "the other"), 2
    if isinstance(e, (ast.Move, ast.Deploy)) and isinstance(nxt, ast.Move) and nxt.target.ref in ("rest", "other"):
        return f"{ctx.node(e)} and {ctx.node(nxt)}", 2
    return ctx.node(e), 1


def _revealed_target(e: Any) -> Selector | None:
    """The card an effect after "turn over … until X is revealed" acts on (X, among the revealed)."""
    if isinstance(e, ast.Sequence) and e.effects:
        e = e.effects[0]
    sel = getattr(e, "target", None)
    return sel if isinstance(sel, Selector) and sel.zone == "revealed" and sel.ref is None else None


def _gain_run(items: list[Any], i: int) -> list[Any]:
    """The power changes and keywords one card gains together, for the same time."""
    first = items[i]
    if not isinstance(first, (ast.Gain, ast.ModifyStat)) or (isinstance(first, ast.ModifyStat)
                                                             and (first.stat not in ("power", "power_double")
                                                                  or first.per is not None)):
        return [first]
    run = [first]
    becomes = _becomes_forward(first)
    for e in items[i + 1:]:
        if isinstance(e, ast.Gain) and not _becomes_forward(e) and (not becomes or e.keyword is not None) \
                and not _changes_characteristics(e) and same(e.target, first.target) and e.duration == first.duration:
            run.append(e)
        else:
            break
    return run


def _changes_characteristics(e: Any) -> bool:
    """A Gain said as its own sentence: an Element, a name or a type taken on (5.2), not a keyword gained."""
    return isinstance(e, ast.Gain) and e.keyword is not None and e.keyword.name in ("Element", "Card Elements", "Also")


def _becomes_forward(e: Any) -> bool:
    return isinstance(e, ast.Gain) and e.keyword is not None and e.keyword.name == "Becomes Forward"


def _gains(run: list[Any], ctx: Ctx) -> str:
    first = run[0]
    who = target(first.target, ctx, subject=True)
    if _becomes_forward(first):                 # 5.2.3: "also becomes a Forward with N power and Brave"
        extra = f' and "{Ctx(ctx.name).node(first.ability)}"' if first.ability is not None else ""
        extra += "".join(f" and {e.keyword.name}" for e in run[1:])
        return f"{who} also becomes a Forward with {first.keyword.params[0]} power{extra}{tail(first.duration)}"
    words = []
    if isinstance(first, ast.ModifyStat) and first.stat == "power_double":     # "X doubles its power and gains …"
        doubled = f"{who} {third('double', first.target)} its power"
        if len(run) == 1:
            return doubled + tail(first.duration)
        lead = f"{tail(first.duration).strip()}, " if first.duration is not Duration.PERMANENT else ""   # said once, first
        gained = _gains([replace(e, duration=Duration.PERMANENT) for e in run[1:]], ctx)
        return f"{lead}{doubled} and {gained.removeprefix(target(run[1].target, ctx, subject=True) + ' ')}"
    for e in run:
        if isinstance(e, ast.ModifyStat):
            words.append(f"+{e.amount} power" if e.amount >= 0 else f"{e.amount} power")
        elif e.keyword is not None:
            words.append(e.keyword.name)
        elif e.ability is not None:            # the card that has it is "this Character" unless it is this one
            inner = ctx.name if first.target.self_ref else "this Character"
            words.append(f'"{Ctx(inner).node(e.ability)}"')
    return f"{who} {third('gain', first.target)} {_and(words)}{tail(first.duration)}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# ---------------------------------------------------------------------- abilities (11.5)
@renders(ast.Ability)
def _ability(ab: ast.Ability, ctx: Ctx) -> str:
    ctx.pending = []
    head = "EX BURST " if "ex_burst" in ab.restrictions else ""
    if isinstance(ab.condition, ast.DamageCount):
        head = f"Damage {ab.condition.threshold.value} -- " + head
    if ab.kind is AbilityKind.KEYWORD and ab.keyword is not None:
        return _keyword(ab, ctx)
    note = ab.effects[0] if len(ab.effects) == 1 and not head and ab.trigger is None and ab.cost is None else None
    if isinstance(note, ast.Gain) and note.keyword is not None and note.keyword.name == "Card Elements" \
            and note.target.self_ref and note.duration is Duration.PERMANENT:     # the card's own Elements (5.2.1.1)
        return f"(Card Elements: {'/'.join(x.title() for x in note.keyword.params)})"
    auto = ab.kind is AbilityKind.AUTO and ab.trigger is not None
    body = sentences(ab.effects, ctx, lead=auto)
    if auto:
        body = f"{trigger(ab.trigger, ctx.name)}, {body}"
    if ab.cost is not None:
        body = f"{cost(ab.cost, ctx)}: {body}"
    if ab.kind is AbilityKind.SPECIAL and ab.name:
        body = f"[[s]]{ab.name}[[/]] {body}"
    return (head + body + limits(ab, ctx)).strip()


def _keyword(ab: ast.Ability, ctx: Ctx) -> str:
    k = ab.keyword
    if k.name == "Limit Break":
        return f"Limit Break -- {k.params[0]}"
    if k.name in ("Warp", "Priming") and ab.cost is not None:
        label = f'Priming "{k.params[0]}"' if k.name == "Priming" else f"Warp {k.params[0]}"
        return f"[[i]]{label} --[[/]] {icons(ab.cost)}"                  # 15.2.7.2 / 15.2.9.2 a marked label
    names = [g.keyword.name for g in ab.effects if isinstance(g, ast.Gain) and g.keyword is not None] or [k.name]
    head = f"Damage {ab.condition.threshold.value} -- " if ab.condition is not None and ab.condition.threshold else ""
    if head:
        return head + f"{ctx.name} gains " + _and(names) + "."
    return " ".join(names)


LIMIT_WORDS = {"once_per_turn": "once per turn", "twice_per_turn": "twice per turn",
               "your_turn_only": "during your turn", "opponent_turn_only": "during your opponent's turn",
               "main_phase_only": "during your Main Phase", "attack_phase_only": "during your Attack Phase"}


def limits(ab: ast.Ability, ctx: Ctx) -> str:
    use = [LIMIT_WORDS[r] for r in ab.restrictions if r in LIMIT_WORDS]
    trig = [LIMIT_WORDS[r[8:]] for r in ab.restrictions if r.startswith("trigger_") and r[8:] in LIMIT_WORDS]
    out = ""
    cond = ab.condition if ab.condition is not None and not isinstance(ab.condition, ast.DamageCount) else None
    if cond is not None and not use and ab.kind is AbilityKind.AUTO and "while_state" not in ab.restrictions:
        trig, cond = [f"if {condition(cond, ctx.name)}", *trig], None    # an auto-ability triggers only if (11.8)
    if use or (cond is not None and not trig):
        how = "while" if "while_state" in ab.restrictions else "if"
        said = [f"{how} {condition(cond, ctx.name)}"] if cond is not None else []
        first = "while_state" in ab.restrictions and ab.restrictions.index("while_state") == 0
        words = said + use if first else use + said        # the order printed (kept by the AST)
        out += " You can only use this ability " + " and only ".join(words) + "."
    if trig:
        out += " This effect will trigger only " + " and only ".join(trig) + "."
    return out


# ---------------------------------------------------------------------- effects with effects inside
@renders(ast.Conditional)
def _conditional(e: ast.Conditional, ctx: Ctx) -> str:
    # the selection said under the "if" when it is made under it (`selects`), else before it (11.6.5)
    body = sentences(e.effects, ctx, flush=e.selects, lead=True, scoped=not e.selects).rstrip(".")
    if len(e.effects) == 1 and isinstance(e.effects[0], ast.Restriction) and e.effects[0].mode == "can_only":
        r = e.effects[0]                                # "You can only play X if …" (a permission, 11.12.4)
        who = target(r.target, ctx) if r.target is not None else "it"
        return f"you can only {_barred(r)} {who} if {condition(e.condition, ctx.name)}"
    if isinstance(e.condition, ast.DuringTurn):
        return f"{window(e.condition.window)}, {body}"
    if e.instead and len(e.effects) == 1 and isinstance(e.effects[0], ast.Modal):
        head, _, options = body.partition(". ")            # "select up to 2 of … instead. "…" "…""
        base = e.otherwise[0] if len(e.otherwise) == 1 and isinstance(e.otherwise[0], ast.Modal) else None
        said = ctx.node(base).partition(". ")[0] + ". If" if base is not None else "if"   # 11.6.6.1
        return f"{said} {condition(e.condition, ctx.name)}, {head} instead. {options}"
    if _for_this_turn(e):                                  # "During this turn, if …, … instead" (11.12.4.1)
        inner = replace(e, effects=tuple(replace(x, duration=Duration.PERMANENT) for x in e.effects))
        return "during this turn, " + _conditional(inner, ctx)
    if _next_damage_by(e):                                 # "the next damage dealt to X by …" (6.5, 11.12.5)
        ms = e.effects[0]
        head = f"the next damage dealt to {target(ms.target, ctx, subject=True)}"
        return ctx.node(ms).replace(head, head + event_tail(e.condition.occurs, ctx.name), 1)
    out = f"{'as long as' if e.lasting else 'if'} {condition(e.condition, ctx.name)}, {body}" \
        + (" instead" if e.instead else "")
    if e.otherwise:
        out += ". Otherwise, " + sentences(e.otherwise, ctx, flush=False, lead=True).rstrip(".")
    return out


def _damage_replacement(x: Any) -> bool:
    return isinstance(x, ast.RedirectDamage) or (isinstance(x, ast.ModifyStat) and x.stat.startswith("damage"))


def _for_this_turn(e: ast.Conditional) -> bool:
    """A replacement of damage that lasts this turn only: its duration is said before the "if"."""
    return e.instead and bool(e.effects) and all(_damage_replacement(x) and x.duration is Duration.TURN
                                                 for x in e.effects)


def _next_damage_by(e: ast.Conditional) -> bool:
    """"The next damage dealt to X by Summons …": the event says which damage (damage_stmt)."""
    ms = e.effects[0] if len(e.effects) == 1 else None
    occurs = getattr(e.condition, "occurs", None)
    return (e.instead and isinstance(ms, ast.ModifyStat) and ms.next_only and occurs is not None
            and occurs.kind == "is_dealt_damage" and not occurs.amount)


@renders(ast.Optional)
def _optional(e: ast.Optional, ctx: Ctx) -> str:
    if len(e.effects) == 2 and isinstance(e.effects[0], ast.Pay) and isinstance(e.effects[1], ast.CostChange):
        change = e.effects[1]                      # 11.4.4: an extra cost paid before the cost to cast
        what = name_of_cast(change.target, ctx)
        return (f"before paying the cost to cast {what}, you can pay {icons(e.effects[0].cost)} to reduce the "
                f"cost required to cast {what} by {abs(change.amount)}")
    inner = sentences(e.effects, ctx, flush=False, lead=True).rstrip(".")
    who = "your opponent may" if e.player is Player.OPPONENT else "you may"
    if e.cost is not None and not e.effects and not icons(e.cost):   # "you may remove … as an extra cost" (11.2)
        return f"{who} {paid(e.cost, ctx)} as an extra cost"
    if e.cost is not None:
        return f"{who} pay {icons(e.cost)}. If you do so, {inner}"
    return f"{who} {inner}"


@renders(ast.Sequence)
def _sequence(e: ast.Sequence, ctx: Ctx) -> str:
    at = e.then_at if e.then_at is not None else max(len(e.effects) - 1, 0)
    before = sentences(e.effects[:at], ctx, lead=True).rstrip(".")
    after = sentences(e.effects[at:], ctx, lead=True).rstrip(".")
    return (before + ". " if before else "") + f"Then, {after}"


DELAYED_WORDS = {"end_of_turn": "at the end of the turn", "when_do_so": "when you do so"}


@renders(ast.Delayed)
def _delayed(e: ast.Delayed, ctx: Ctx) -> str:
    inner = sentences(e.effects, ctx, lead=True).rstrip(".")
    if e.trigger is not None:
        return f"{trigger(e.trigger, ctx.name)}, {inner}"
    if e.timing == "when_do_so":
        return f"When you do so, {inner}"
    if e.timing == "end_of_turn":
        return f"{inner} at the end of the turn"
    return f"<delayed {e.timing}>, {inner}"


@renders(ast.Modal)
def _modal(e: ast.Modal, ctx: Ctx) -> str:
    head = f"select {'up to ' if e.up_to else ''}{e.count} of the {len(e.options)} following actions."
    if e.player is not None:                         # "your opponent selects 1 of …" (11.6.6)
        head = f"{player(e.player)} selects {head[len('select '):]}"
    options = " ".join('"' + sentences(o, Ctx(ctx.name)).rstrip(".") + '"' for o in e.options)
    return f"{head} {options}"


# ---------------------------------------------------------------------- phrasing helpers the effect renderers share
def _as_many(sel: Selector, ctx: Ctx | None = None) -> str:
    """ "up to the same number of X as Y" (4.1): a count given by other cards ("" when it is not one)."""
    per = next((t for t in sel.thresholds if t.stat == "count" and t.ref is not None), None)
    if per is None or ctx is None:
        return "yes" if per is not None else ""
    what = replace(sel, thresholds=tuple(t for t in sel.thresholds if t is not per), up_to=False)
    counted = np(per.ref, ctx.name).replace("all the ", "the ", 1).removeprefix("1 ")
    return f"up to the same number of {np(what, ctx.name).removeprefix('all the ')} as {counted}"


def _per(per: Selector | None, ctx: Ctx) -> str:
    if per is None:
        return ""
    zone = per.zone or ""
    bare = replace(per, count=1, every=None)
    if zone == "damage":
        return " for each point of damage you have received"
    if zone.startswith("counters:"):
        return f" for each {zone[9:]} Counter placed on {np(replace(per, zone=None, count=1), ctx.name)}"
    if zone == "cp_required" and per.ref == "removed":     # the cards this effect removed from the game
        return " for each CP required to cast the removed card"
    if zone == "cp_required":
        chosen = per.choose == "choose" and per.ref is None and not per.self_ref   # the card chosen before (11.6.5)
        what = target(replace(per, zone=None), ctx) if chosen else np(replace(per, zone=None), ctx.name)
        return f" for each CP required to cast {what}"
    if zone == "elements_among":
        return f" for each Element among {np(replace(per, zone=None, count=None), ctx.name).removeprefix('all the ')}"
    if zone in ("cast_this_turn", "drawn_this_turn"):
        return f" for each card you have {zone.split('_')[0]} this turn"
    if per.every:
        return f" for every {per.every} {np(replace(bare, count=None), ctx.name).replace('all the ', '')}"
    words = np(bare, ctx.name)
    return " for each " + (words[2:] if words.startswith("1 ") else words)


_STATE_VERB = {"dull": "dull", "active": "activate", "frozen": "Freeze"}


BARRED_WORDS = {"attack": "attack", "block": "block", "be_blocked": "be blocked", "be_chosen": "be chosen",
                "be_broken": "be broken", "attack_twice": "attack twice in the same turn",
                "become_dull": "become dull", "leave_field": "leave the field", "be_returned": "be returned",
                "cast": "cast", "play": "play", "use_abilities": "use abilities",
                "attack_once_per_turn": "attack once per turn", "form_party_with": "form a party with",
                "be_reduced": "be reduced", "use_ex_burst": "use EX Burst", "be_removed_from_the_game":
                "be removed from the game", "be_returned_to_owners_hand": "be returned to its owner's hand",
                "leave_the_field": "leave the field", "form_party": "form a party",
                "attack_at_least_once_per_turn": "attack at least once per turn", "gain_haste": "gain Haste",
                "gain_brave": "gain Brave", "search": "search", "use": "use"}


def _barred(e: ast.Restriction) -> str:
    times = re.fullmatch(r"attack_(\d+)_times", e.action)
    if times:                                            # 10.1.2 N attacks in a turn
        return f"attack {times[1]} times in the same turn"
    return BARRED_WORDS.get(e.action, e.action.replace("_", " "))


def name_of_cast(sel: Selector, ctx: Ctx) -> str:
    if sel.self_ref:
        return ctx.name
    if plural(sel):                                    # "your Category IV Forwards": every one of them
        words = np(replace(sel, owner=None), ctx.name).removeprefix("all the ")
    else:
        words = np(replace(sel, owner=None, count=1), ctx.name)
        words = words[2:] if words.startswith("1 ") else words
    return ("your " if sel.owner is Player.YOU else "") + ("next " if sel.state == "next" else "") + words


def paid(c: ast.Cost, ctx: Ctx) -> str:
    """A cost said as what the player does (11.2): "pay 《2》", "dull 2 active Forwards you control", or
    both joined by "and"."""
    said = [f"pay {icons(c)}"] if icons(c) else []
    said += [ctx.node(e) for e in c.effects]
    return " and ".join(said)


__all__ = ["cost", "joined", "same", "sentences", "target"]

