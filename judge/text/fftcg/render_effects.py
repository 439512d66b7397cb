"""Renderers of FFTCG abilities and effects (registered in render.RENDER).

Sentences are said the printed way: what an effect chooses is said first ("Choose 1 Forward.") and
referred to after ("Deal it 7000 damage."), also across a condition ("Choose 1 Forward. If …, break
it."): the pending "Choose …" sentences go out before the clause that first uses them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judge.text import ast
from judge.text.ast import AbilityKind, Duration, Player, Selector
from judge.text.fftcg.render import Ctx, renders
from judge.text.fftcg.render_conditions import condition, event_tail, source, trigger, window
from judge.text.fftcg.render_words import NOUN, cap, duration, icons, np, player, plural, tail, third

# ---------------------------------------------------------------------- targets and "Choose …"


def target(sel: Selector | None, ctx: Ctx, *, subject: bool = False, source_zone: bool = False) -> str:
    """A target: "it" / "them" for what was chosen before; the choice said first when it was not."""
    if sel is None:
        return "it"
    if any(same(sel, a) for a in ctx.aliases):
        return "it"
    if sel.chooser is Player.OPPONENT and sel.ref is None:      # "Your opponent selects 1 Forward they control."
        if not any(same(sel, c) for c in ctx.chosen):
            ctx.chosen.append(sel)
            words = np(replace(sel, chooser=None), ctx.name).replace("opponent controls", "they control")
            ctx.pending.append(f"your opponent selects {words}")
        return ("they" if subject else "them") if plural(sel) else "it"
    if sel.choose == "choose" and not sel.self_ref and sel.ref is None:
        chosen = replace(sel, also=()) if sel.also and all(a.self_ref for a in sel.also) else sel   # "deal it and {Name} …"
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
                                                             and (first.stat != "power" or first.per is not None)):
        return [first]
    run = [first]
    becomes = _becomes_forward(first)
    for e in items[i + 1:]:
        if isinstance(e, ast.Gain) and not _becomes_forward(e) and (not becomes or e.keyword is not None) \
                and same(e.target, first.target) and e.duration == first.duration:
            run.append(e)
        else:
            break
    return run


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
    if ab.condition is not None and ab.condition.kind == "damage" and ab.condition.threshold is not None:
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


def cost(c: ast.Cost, ctx: Ctx) -> str:
    parts = [icons(c)] if icons(c) else []
    parts += [cap(ctx.node(e)) if not parts else ctx.node(e) for e in c.effects]
    return ", ".join(p for p in parts if p)


LIMIT_WORDS = {"once_per_turn": "once per turn", "twice_per_turn": "twice per turn",
               "your_turn_only": "during your turn", "opponent_turn_only": "during your opponent's turn",
               "main_phase_only": "during your Main Phase", "attack_phase_only": "during your Attack Phase"}


def limits(ab: ast.Ability, ctx: Ctx) -> str:
    use = [LIMIT_WORDS[r] for r in ab.restrictions if r in LIMIT_WORDS]
    trig = [LIMIT_WORDS[r[8:]] for r in ab.restrictions if r.startswith("trigger_") and r[8:] in LIMIT_WORDS]
    out = ""
    cond = ab.condition if ab.condition is not None and ab.condition.kind != "damage" else None
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
    body = sentences(e.effects, ctx, flush=False, lead=True, scoped=True).rstrip(".")
    if len(e.effects) == 1 and isinstance(e.effects[0], ast.Restriction) and e.effects[0].mode == "can_only":
        r = e.effects[0]                                # "You can only play X if …" (a permission, 11.12.4)
        who = target(r.target, ctx) if r.target is not None else "it"
        return f"you can only {_barred(r)} {who} if {condition(e.condition, ctx.name)}"
    if e.condition.kind == "turn" and (e.condition.during or e.condition.window) is not None:
        return f"{window(e.condition.during or e.condition.window)}, {body}"
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
    out = f"if {condition(e.condition, ctx.name)}, {body}" + (" instead" if e.instead else "")
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
    occurs = e.condition.occurs
    return (e.instead and isinstance(ms, ast.ModifyStat) and ms.next_only and occurs is not None
            and occurs.kind == "is_dealt_damage" and not occurs.amount)


@renders(ast.Optional)
def _optional(e: ast.Optional, ctx: Ctx) -> str:
    if len(e.effects) == 2 and isinstance(e.effects[0], ast.Pay) and isinstance(e.effects[1], ast.CostChange):
        change = e.effects[1]                      # 11.4.4: an extra cost paid before the cost to cast
        what = name_of_cast(change.target, ctx)
        return (f"before paying the cost to cast {what}, you can pay {icons(e.effects[0].cost)} to reduce the "
                f"cost required to cast {what} by {abs(change.amount)}")
    inner = sentences(e.effects, ctx, lead=True).rstrip(".")
    who = "your opponent may" if e.player is Player.OPPONENT else "you may"
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
    options = " ".join('"' + sentences(o, Ctx(ctx.name)).rstrip(".") + '"' for o in e.options)
    return f"{head} {options}"


# ---------------------------------------------------------------------- effects (15.1.1, 11.9)
def _as_many(sel: Selector, ctx: Ctx | None = None) -> str:
    """ "up to the same number of X as Y" (4.1): a count given by other cards ("" when it is not one)."""
    per = next((t for t in sel.thresholds if t.stat == "count" and t.ref is not None), None)
    if per is None or ctx is None:
        return "yes" if per is not None else ""
    what = replace(sel, thresholds=tuple(t for t in sel.thresholds if t is not per), up_to=False)
    counted = np(per.ref, ctx.name).replace("all the ", "the ", 1).removeprefix("1 ")
    return f"up to the same number of {np(what, ctx.name).removeprefix('all the ')} as {counted}"


@renders(ast.Choose)
def _choose(e: ast.Choose, ctx: Ctx) -> str:
    ctx.chosen.append(e.target)
    verb = "select" if e.target.choose == "select" else "choose"
    if _as_many(e.target):
        return f"{verb} {_as_many(e.target, ctx)}"
    if e.target.chooser is Player.OPPONENT:            # "your opponent selects 1 Forward they control" (11.11.5.1)
        words = np(replace(e.target, chooser=None), ctx.name).replace("opponent controls", "they control")
        return f"your opponent selects {words}"
    return f"{verb} {np(e.target, ctx.name)}"


@renders(ast.Destroy)
def _destroy(e: ast.Destroy, ctx: Ctx) -> str:
    return f"break {target(e.target, ctx)}"


def _per(per: Selector | None, ctx: Ctx) -> str:
    if per is None:
        return ""
    zone = per.zone or ""
    bare = replace(per, count=1, every=None)
    if zone == "damage":
        return " for each point of damage you have received"
    if zone.startswith("counters:"):
        return f" for each {zone[9:]} Counter placed on {np(replace(per, zone=None, count=1), ctx.name)}"
    if zone == "cp_required":
        return f" for each CP required to cast {np(replace(per, zone=None), ctx.name)}"
    if zone == "elements_among":
        return f" for each Element among {np(replace(per, zone=None, count=None), ctx.name).removeprefix('all the ')}"
    if zone in ("cast_this_turn", "drawn_this_turn"):
        return f" for each card you have {zone.split('_')[0]} this turn"
    if per.every:
        return f" for every {per.every} {np(replace(bare, count=None), ctx.name).replace('all the ', '')}"
    words = np(bare, ctx.name)
    return " for each " + (words[2:] if words.startswith("1 ") else words)


@renders(ast.Damage)
def _damage(e: ast.Damage, ctx: Ctx) -> str:
    amount = f"{e.amount}" if not e.amount_var else "X000" if e.amount == 1000 else "X"
    per = _per(e.per, ctx)
    if e.player is not None and e.target is None:
        who = "you" if e.player is Player.YOU else "your opponent"
        points = "point" if e.amount == 1 else "points"
        if e.source is not None:
            return f"{np(e.source, ctx.name, subject=True)} deals {who} {amount} {points} of damage{per}"
        if e.player is Player.YOU:                       # damage the controller takes on themselves (11.10)
            return f"receive {amount} {points} of damage{per}"
        return f"deal {who} {amount} {points} of damage{per}"
    if e.amount_from == "divided":
        return f"divide {amount} damage among {target(e.target, ctx)}"
    if e.amount_from:
        return _damage_equal(e, ctx)
    dealer = f"{np(e.source, ctx.name, subject=True)} deals" if e.source is not None else "deal"
    if e.target is not None and e.target.choose != "choose" and e.target.ref is None and not e.target.self_ref:
        return f"{dealer} {amount} damage to {np(e.target, ctx.name)}{per}"
    return f"{dealer} {target(e.target, ctx)} {amount} damage{per}"


def _damage_equal(e: ast.Damage, ctx: Ctx) -> str:
    """"deal it damage equal to X's power (minus 1000)" (5.2.6): the amount is a card's statistic."""
    how = e.amount_from or ""
    less = f" minus {-e.amount}" if e.amount < 0 else ""
    if how == "same_amount":
        return f"deal {target(e.target, ctx)} the same amount of damage"
    if how == "power_of_source" and e.source is not None and e.source.ref is None and not e.source.self_ref:
        of = f"{np(e.source, ctx.name)}'s power"
    elif how == "power_of_self" or (e.source is not None and e.source.self_ref):
        of = f"{ctx.name}'s power"
    elif how.startswith("half_power"):
        of = ("half of " + (f"{ctx.name}'s" if how.endswith("self") else "its") + " power" +
              (f" (round down to the nearest {e.unit})" if e.unit else ""))
    else:
        of = "its power"
    if how == "power_of_source" and e.source is not None and e.target is not None and e.target.ref == "other":
        return f"{np(e.source, ctx.name, subject=True)} deals damage equal to its power to {np(e.target, ctx.name)}"
    return f"deal {target(e.target, ctx)} damage equal to {of}{less}"


_STATE_VERB = {"dull": "dull", "active": "activate", "frozen": "Freeze"}


@renders(ast.SetState)
def _set_state(e: ast.SetState, ctx: Ctx) -> str:
    return f"{_STATE_VERB.get(e.state, e.state)} {target(e.target, ctx)}"


@renders(ast.Draw)
def _draw(e: ast.Draw, ctx: Ctx) -> str:
    cards = "card" if e.count == 1 else "cards"
    per = _per(getattr(e, "per", None), ctx)
    if e.player not in (None, Player.YOU):
        return f"{player(e.player)} {third('draw', e.player)} {e.count} {cards}{per}"
    return f"draw {e.count} {cards}{per}"


@renders(ast.Discard)
def _discard(e: ast.Discard, ctx: Ctx) -> str:
    whose = "your" if e.player in (None, Player.YOU) else "their"
    if e.target is not None and e.target.zone == "hand" and not (e.target.card_types or e.target.families
                                                                  or e.target.name):
        what = f"{e.target.count} card" + ("s" if e.target.count != 1 else "")
    elif e.target is not None:
        what = np(replace(e.target, zone=None), ctx.name)
    else:
        what = f"{e.count} card" + ("s" if e.count != 1 else "")
    if e.count == 0:
        what = f"{whose} hand"
    if e.target is not None and e.target.self_ref:
        what = ctx.name
    randomly = "randomly " if e.target is not None and e.target.state == "random" else ""
    what = what.replace("randomly selected ", "")
    if e.player not in (None, Player.YOU):
        return f"{player(e.player)} {randomly}discards {what}"
    return f"{randomly}discard {what}"


@renders(ast.Move)
def _move(e: ast.Move, ctx: Ctx) -> str:
    sel = e.target
    who = target(sel, ctx)
    yours = sel.ref in ("rest", "them", "other") or sel.zone in ("revealed", "hand", "deck") or sel.owner is Player.YOU
    deck = "your deck" if yours else "its owner's deck"
    if e.dest == "hand":
        if sel.zone in ("break", "revealed", "deck", "removed") or sel.ref == "rest":
            return f"add {who} to your hand"
        hand = "their owners' hands" if plural(sel) else "its owner's hand"
        return f"return {who} to {hand}"
    if e.dest == "removed":
        return f"remove {who} from the game" + tail(e.duration)
    if e.dest == "break" and e.player is not None and sel.zone == "deck" and sel.owner is e.player:
        mine = who.replace("your opponent's deck", "their deck")     # "your opponent puts the top card of their deck"
        return f"{player(e.player)} {third('put', e.player)} {mine} into the Break Zone"
    if e.dest == "break":
        return f"put {who} into the Break Zone"
    if e.dest == "damage":
        return f"put {who} into the Damage Zone" + (" (its EX Burst effect will not trigger)" if e.no_ex_burst
                                                    else "")
    order = " in any order" if e.any_order else ""
    verb = f"{player(e.player)} puts" if e.player not in (None, Player.YOU) else "put"
    if e.dest in ("deck_top", "deck_bottom"):
        return f"{verb} {who} at the {e.dest[5:]} of {deck}{order}"
    if e.dest == "deck_top_or_bottom":
        return f"{verb} {who} at the top or bottom of {deck}{order}"
    if e.dest == "deck_under_top":
        return f"{verb} {who} {_under(e.under)} of {deck}"
    return f"<move {e.dest}>"


def _under(n: int | None) -> str:
    """ "under the top N cards" (7.9)."""
    return "under the top card" if n in (None, 1) else f"under the top {n} cards"


@renders(ast.Deploy)
def _deploy(e: ast.Deploy, ctx: Ctx) -> str:
    who = target(e.target, ctx, source_zone=True)
    if e.verb == "play":
        field = {Player.YOU: "your field", Player.OPPONENT: "your opponent's field"}.get(e.onto, "the field")
        return f"play {who} onto {field}" + (" dull" if e.dull else "")
    if e.verb == "cast":
        return f"cast {who}" + (" without paying the cost" if e.free else "")
    if e.verb == "gain_control":
        actor = "" if e.player is None else player(e.player) + " "
        return f"{actor}{third('gain', e.player) if e.player else 'gain'} control of {who}" + tail(e.duration)
    if e.verb == "use":
        return "use this special ability again without paying the cost"
    if e.verb == "return":
        return f"return {who} to the field" + (" dull" if e.dull else "")
    return f"<deploy {e.verb}>"


@renders(ast.Search)
def _search(e: ast.Search, ctx: Ctx) -> str:
    then = {"hand": "add it to your hand", "field": "play it onto the field", "break": "put it into the Break Zone",
            "deck_top": "put it at the top of your deck", "removed": "remove it from the game",
            "cast": "cast it without paying the cost",
            "deck_under_top": f"put it {_under(e.under)} of your deck"}.get(e.dest, e.dest)
    if plural(e.target):
        then = then.replace(" it ", " them ")
    return f"search for {np(e.target, ctx.name)} and {then}"


@renders(ast.ModifyStat)
def _modify(e: ast.ModifyStat, ctx: Ctx) -> str:
    who = target(e.target, ctx, subject=True)
    per = _per(e.per, ctx)
    if e.stat == "power":
        if e.amount >= 0:
            return f"{who} {third('gain', e.target)} +{e.amount} power{per}{tail(e.duration)}"
        return f"{who} {third('lose', e.target)} {-e.amount} power{per}{tail(e.duration)}"
    # a damage replacement: said of "the damage" inside "If X is dealt damage, …"; alone, of the next damage
    when = "during this turn, " if e.next_only and e.duration is Duration.TURN else ""
    dealt = f"the next damage dealt to {who}" if e.next_only else "the damage"
    instead = " instead" if e.next_only else ""
    if e.stat == "damage_received_becomes" and e.amount == 0 and not e.next_only and e.target is not None \
            and e.target.ref != "it" and not e.target.self_ref:
        return f"negate all damage dealt to {target(e.target, ctx)}"
    if e.stat == "damage_received_becomes":
        return f"{when}{dealt} becomes {e.amount}{instead}"
    if e.stat == "damage_received":
        way = "increases" if e.amount > 0 else "is reduced"
        return f"{when}{dealt} {way} by {abs(e.amount)}{instead}"
    if e.stat == "damage_multiplier":
        return "double the damage"
    if e.stat == "power_set":
        return f"{who}'s power becomes {e.amount}{tail(e.duration)}".replace("it's power", "its power")
    return f"<modify {e.stat}>"


@renders(ast.Gain)
def _gain(e: ast.Gain, ctx: Ctx) -> str:
    if e.keyword is not None and e.keyword.name == "Also" and len(e.keyword.params) == 2:   # 5.2.4
        what, kind = e.keyword.params
        thing = {"card_name": f"[[i]]Card Name {what}[[/]]", "job": f"[[i]]Job {what}[[/]]"}.get(
            kind, "a " + NOUN.get(what, (what,))[0])
        return f"{target(e.target, ctx, subject=True)} is also {thing} in all situations"
    if e.keyword is not None and e.keyword.name == "Element" and e.keyword.params:    # 5.2.1.1 becomes an Element
        what = "the named Element" if e.keyword.params[0] == "named" else e.keyword.params[0].title()
        return f"{target(e.target, ctx, subject=True)} {third('become', e.target)} {what}{tail(e.duration)}"
    if e.keyword is not None and e.keyword.name == "Card Elements" and e.keyword.params:    # 5.2.1.1
        elements = [x.title() for x in e.keyword.params]
        listed = ", ".join(elements[:-1]) + " and " + elements[-1] if len(elements) > 1 else elements[0]
        return f"{target(e.target, ctx, subject=True)} {third('gain', e.target)} Elements of {listed}{tail(e.duration)}"
    return _gains([e], ctx)


BARRED_WORDS = {"attack": "attack", "block": "block", "be_blocked": "be blocked", "be_chosen": "be chosen",
                "be_broken": "be broken", "attack_twice": "attack twice in the same turn",
                "become_dull": "become dull", "leave_field": "leave the field", "be_returned": "be returned",
                "cast": "cast", "play": "play", "use_abilities": "use abilities",
                "attack_once_per_turn": "attack once per turn", "form_party_with": "form a party with",
                "be_reduced": "be reduced", "use_ex_burst": "use EX Burst", "be_removed_from_the_game":
                "be removed from the game", "be_returned_to_its_owner's_hand": "be returned to its owner's hand",
                "leave_the_field": "leave the field", "form_party": "form a party",
                "attack_at_least_once_per_turn": "attack at least once per turn", "gain_haste": "gain Haste",
                "gain_brave": "gain Brave", "search": "search", "use": "use"}
#: whole clauses of a few restrictions and permissions ({who}: the card; {name}: this card)
CLAUSES = {
    ("can", "produce_any_cp"): "{who} can produce CP of any Element",
    ("can", "pay_priming_with_any_element"): "the priming cost of {who} can be paid with CP of any Element",
    ("cannot", "cast_outside_your_turn"): "you can only cast {who} during your turn",
    ("cannot", "be_in_main_deck"): "(Cards with 《LB》 cannot be included in your main deck.)",
    ("can", "cast_any_time"): "you can cast {who} at any time you could use an action ability",
    ("lose", "all_abilities"): "{who} loses all its abilities",
    ("cannot", "power_decreased"): "the power of {who} cannot be decreased",
    ("cannot", "power_increased"): "the power of {who} cannot be increased",
    ("cannot", "trigger_auto_abilities"): "{who} cannot trigger auto-abilities",
}


def _paid_with(e: ast.Restriction, ctx: Ctx) -> str:
    """The CP a cost may only be paid with: of some Elements, or produced by some cards (11.2)."""
    if e.action == "pay_with_cp_from_backups":
        return "CP produced by " + (np(e.by, ctx.name).removeprefix("all the ") if e.by is not None else "Backups")
    return " or ".join(x.title() for x in e.action[9:-3].split("_")) + " CP"


def _pay_purpose(sel: Selector | None, ctx: Ctx) -> str:
    if sel is not None and sel.self_ref and sel.card_types == ("ability",):
        return "use this ability"
    return "cast " + (target(sel, ctx, source_zone=True) if sel is not None else ctx.name)


def _barred(e: ast.Restriction) -> str:
    times = re.fullmatch(r"attack_(\d+)_times", e.action)
    if times:                                            # 10.1.2 N attacks in a turn
        return f"attack {times[1]} times in the same turn"
    return BARRED_WORDS.get(e.action, e.action.replace("_", " "))


@renders(ast.Restriction)
def _restriction(e: ast.Restriction, ctx: Ctx) -> str:
    if e.action == "be_reduced" and e.player is None:     # the damage just dealt, or "the damage dealt by X to Y"
        if e.target is None:
            return "this damage cannot be reduced"
        by = " by " + source(e.by, ctx.name) if e.by is not None else ""
        return f"the damage dealt{by} to {target(e.target, ctx).removeprefix('all the ')} cannot be reduced"
    who = target(e.target, ctx, subject=True) if e.target is not None else player(e.player)
    clause = CLAUSES.get((e.mode, e.action))
    if clause is not None:
        by = " by " + source(e.by, ctx.name) if e.by is not None else ""
        return clause.format(who=who, name=ctx.name) + by + tail(e.duration)
    if e.mode == "lose":
        return f"{who} {third('lose', e.target)} {e.action.replace('_', ' ').title()}{tail(e.duration)}"
    if e.action == "pay_with_cp_from_backups" or (e.action.startswith("pay_with_") and e.action.endswith("_cp")):
        return f"you can only pay with {_paid_with(e, ctx)} to {_pay_purpose(e.target, ctx)}"   # 11.2
    if e.action.startswith("produce_") and e.action.endswith("_cp"):
        return f"{who} can produce {e.action[8:-3].title()} CP"
    action = _barred(e)
    if e.action == "form_party_with" and e.by is not None:    # 15.1.1.9 whom it may form a party with
        action += " " + np(e.by, ctx.name).removeprefix("all the ")
    elif e.by is not None:
        action += " by " + source(e.by, ctx.name)
    if e.action == "pay_with_any_element":
        return f"the cost required to cast {name_of_cast(e.target, ctx)} can be paid with CP of any Element"
    if e.action == "activate_in_active_phase":
        nxt = "next " if e.duration is not Duration.PERMANENT else ""
        return f"{who} will not activate during your {nxt}Active Phase"
    mode = {"cannot": "cannot", "must": "must", "can": "can", "can_only": "can only"}.get(e.mode, e.mode)
    if e.cost is not None:
        action += f" unless you pay {icons(e.cost)}"
    return f"{who} {mode} {action}{tail(e.duration)}"


@renders(ast.GainCrystal)
def _crystal(e: ast.GainCrystal, ctx: Ctx) -> str:
    return "gain " + "《C》" * e.count + _per(e.per, ctx)


@renders(ast.Cancel)
def _cancel(e: ast.Cancel, ctx: Ctx) -> str:
    if e.target is not None and e.target.choose == "choose" and e.target.ref is None:
        target(e.target, ctx)                                # "Choose 1 Summon." said first
    return "cancel its effect"


@renders(ast.Pay)
def _pay(e: ast.Pay, ctx: Ctx) -> str:
    return "pay " + icons(e.cost)


@renders(ast.CostChange)
def _cost_change(e: ast.CostChange, ctx: Ctx) -> str:
    way = "reduced" if e.amount < 0 else "increased"
    what = name_of_cast(e.target, ctx)
    floor = " (it cannot become 0)" if e.floor else ""
    when = "during this turn, " if e.target.state == "next" else ""  # a resolved change lasts the turn (11.12.4.1)
    return f"{when}the cost required to cast {what} is {way} by {abs(e.amount)}{_per(e.per, ctx)}{floor}"


def name_of_cast(sel: Selector, ctx: Ctx) -> str:
    if sel.self_ref:
        return ctx.name
    if plural(sel):                                    # "your Category IV Forwards": every one of them
        words = np(replace(sel, owner=None), ctx.name).removeprefix("all the ")
    else:
        words = np(replace(sel, owner=None, count=1), ctx.name)
        words = words[2:] if words.startswith("1 ") else words
    return ("your " if sel.owner is Player.YOU else "") + ("next " if sel.state == "next" else "") + words


@renders(ast.Reveal)
def _reveal(e: ast.Reveal, ctx: Ctx) -> str:
    n = "X" if e.amount_var else e.count
    cards = "card" if e.count == 1 else f"{n} cards"
    if e.zone == "deck_look":
        return f"look at the top {cards} of your deck"
    if e.zone == "deck":
        return f"reveal the top {cards} of your deck"
    if e.zone == "revealed_shuffle":
        return "shuffle the other cards revealed"
    if e.zone == "deck_shuffle":
        return "shuffle your deck"
    if e.zone == "opponent_hand":
        return "your opponent reveals their hand"
    if e.zone == "hand":
        return "reveal any number of cards from your hand"
    if e.zone == "hand_random":
        return f"randomly reveal {e.count} card from your hand"
    if e.zone == "opponent_deck":
        return f"reveal the top {cards} of your opponent's deck"
    if e.zone == "deck_until_found":
        return "turn over one card at a time from the top of your deck until " + (
            np(e.then[0].target, ctx.name, article=True) if e.then and hasattr(e.then[0], "target") else "a card"
        ) + " is revealed"
    return f"<reveal {e.zone}>"


@renders(ast.Counters)
def _counters(e: ast.Counters, ctx: Ctx) -> str:
    n = "all" if e.count == 0 else "X" if e.amount_var else str(e.count)
    counters = f"{e.name} Counter" + ("s" if n != "1" else "")
    if e.remove:
        return f"remove {n} {counters} from {target(e.target, ctx)}"
    return f"place {n} {counters} on {target(e.target, ctx)}"


__all__ = ["cost", "joined", "same", "sentences", "target"]

_unused = (duration, window)


@renders(ast.AlternativeCost)
def _alternative(e: ast.AlternativeCost, ctx: Ctx) -> str:
    return f"you can pay {icons(e.cost)} (instead of paying the CP cost) to cast {name_of_cast(e.target, ctx)}"


@renders(ast.Declare)
def _declare(e: ast.Declare, ctx: Ctx) -> str:
    words = {"element": "Element", "job": "Job", "card_name": "Card Name", "card_type": "card type",
             "category": "Category", "cost": "number"}
    named = " and ".join(f"1 {words.get(t, t)}" for t in e.things)
    other = f" other than {' or '.join(x.title() for x in e.other_than)}" if e.other_than else ""
    verb = "select" if e.things == ("cost",) else "name"
    return f"{verb} {named}{other}"


@renders(ast.ChangeTarget)
def _change_target(e: ast.ChangeTarget, ctx: Ctx) -> str:
    target(e.target, ctx)
    return f"the Summon or ability is now choosing {np(e.to, ctx.name)} instead" + (
        ", if possible" if e.if_possible else "")


@renders(ast.RedirectDamage)
def _redirect(e: ast.RedirectDamage, ctx: Ctx) -> str:
    who = target(e.target, ctx) if e.target is not None else player(e.player)
    nxt = "the next damage" if e.next_only else "the damage"
    when = "during this turn, " if e.duration is Duration.TURN else ""
    return f"{when}{nxt} dealt to {who} is dealt to {np(e.to, ctx.name)} instead"
