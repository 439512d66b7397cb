"""Effect AST nodes (`judge.text.ast`) carried out on the board: a registry keyed by node class.

`EFFECTS` has one entry per node kind the engine performs (its handler and the concepts it cites);
a node with no entry, or one whose typed fields do not say enough, is logged as "not modelled:
… — resolve by hand" and never guessed. The engine reads typed fields only, never card text.

This module holds the registry and how an effect's parts run (written order, "if", "choose one",
"then", "you may"); the entries live by job: acts.py (what happens at once: destroy, draw, discard,
exhaust, move cards and cores), modifiers.py (what changes for a duration: BP, levels, keywords,
restrictions), zones.py (cards in the hand, trash and revealed), cores.py, costs.py, draws.py.
"""

from __future__ import annotations

from judge.engine.bs import conditions, select
from judge.engine.bs.ctx import Ctx, sandbox
from judge.engine.bs.dispatch import apply, effect, form, use
from judge.engine.bs.events import management, targets
from judge.engine.bs.events.watch import is_event
from judge.engine.bs.state import Work, outcome
from judge.engine.core import Step
from judge.text import ast


@form("effects_in_order")
def run(ctx: Ctx, item: Work) -> None:
    """Resolve the effects of one waiting item in written order (1-3-7). The text layer has already
    read an effect's own "instead", its "with this effect" bars and what a summon pays
    (judge.text.bs.meaning): the engine acts on that meaning and never rewrites it."""
    ctx.item = item
    apply_all(ctx, item.effects, item)


def apply_all(ctx: Ctx, effects: tuple[ast.Effect, ...], item: Work) -> None:
    """Effects in written order; a cost written alone ("pay X to select Y.") pays for the next one
    (8-4); destructions over several selections of one directive happen together (10-1-3)."""
    i = 0
    while i < len(effects):
        if i and management.game_over(ctx):
            return                  # a winner interrupts: the rest is not carried out (9-1-2-1)
        eff = effects[i]
        if isinstance(eff, ast.Sequence) and eff.connector == "to" and len(eff.effects) == 1 and i + 1 < len(effects):
            from judge.engine.bs.zones.costs import pay_to

            pay_to(ctx, eff.effects, effects[i + 1:i + 2], item)
            i += 2
            continue
        n = _one_destruction(effects, i)
        if n > 1:
            _destroy_together(ctx, effects[i:i + n], item)
        else:
            apply(ctx, eff, item)
        i += max(n, 1)


def _one_destruction(effs: tuple, i: int) -> int:
    """How many Destroy nodes from `i` are one directive over several selections ("select X. Then,
    select Y. Destroy both."): the grammar gives each selection its node, all from the same words."""
    first = effs[i]
    if not isinstance(first, ast.Destroy) or first.span is None:
        return 1
    n = 1
    while i + n < len(effs) and isinstance(effs[i + n], ast.Destroy) and effs[i + n].span == first.span:
        n += 1
    return n


def _destroy_together(ctx: Ctx, group: tuple, item: Work) -> None:
    """Every selection is made first, then the cards are destroyed at the same time (10-1-3)."""
    from judge.engine.bs.events import no_trigger

    ids = [cid for eff in group for cid in
           targets.targets(ctx, eff.target, item)]
    if ids:
        ctx.log(f"{item.label}: {', '.join(ids)} are destroyed at the same time", "do.destroy")
        with no_trigger.by_this_effect(ctx, item):
            management.destroy(ctx, ids, cause="effect", by=item.controller, effect=True, source=item.source)


def _conditional_gaps(e: ast.Conditional) -> list[str]:
    """The conditions `_conditional` decides: its own "instead" read in place; a selection passed to
    another player; "at the end of this battle" / "for each …"; any kind with a condition entry."""
    c = e.condition
    folded = e.instead and bool(e.otherwise) and c.kind not in ("substitution", "would")
    if not folded and (e.instead or c.kind in ("substitution", "would")):
        return [] if use("passes_selection", e) else ["substitution outside its event"]
    from judge.engine.bs.events import delayed, delayed_when, discard_cap

    if not folded and (c.kind == "for_each" or is_event(c, "battle_end") or (is_event(c, "turn_end") and e.effects)
                       or delayed.applies(c) or discard_cap.turn_cap(e) is not None or delayed_when.applies(e)):
        return []                        # waited for, repeated or armed by `_conditional` itself
    return [] if conditions.decidable(c) else [f"condition {c.kind}"]


@effect(ast.Conditional, concepts=("effect.if",), reads=("condition", "effects", "otherwise", "instead"),
        check=_conditional_gaps)
def _conditional(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """"If …": decided from the board (never asked); "for each …" repeats; a substitution ("instead")
    is applied where the event it replaces happens, not here."""
    cond = eff.condition
    if eff.instead and eff.otherwise and cond.kind not in ("substitution", "would"):
        _instead(ctx, eff, item)
        return
    if eff.instead or cond.kind in ("substitution", "would"):
        from judge.engine.bs.dispatch import use

        if use("passed_selection", ctx, eff, item):   # "… would select …, you select it instead" (8-9-1)
            return
        ctx.unmodelled(f"{item.label}: a substitution effect outside the event it replaces")
        return

    if is_event(cond, "battle_end"):
        _at_battle_end(ctx, eff, item)
        return
    if is_event(cond, "turn_end") and eff.effects and not eff.instead:
        from judge.engine.bs.events.delayed_end import defer

        defer(ctx, eff, item)
        return
    if cond.kind == "for_each":
        sel = cond.selector
        # "for each card discarded / destroyed (by this effect)": what this effect did; else the board now
        done = sel is not None and sel.state in ("discarded", "discarded_by_this_effect", "destroyed",
                                                 "destroyed_by_this_effect")
        n = -1 if sel is None else targets.per_count(ctx, sel, item) if done else conditions.count(ctx, sel, item)
        if n < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return
        ctx.log(f"{item.label}: for each of {n}, the effect is performed", "rules.text_order")
        for _ in range(n):
            for e in eff.effects:
                apply(ctx, e, item)
        return
    from judge.engine.bs.events import delayed

    if delayed.applies(cond):          # "if it attacks or blocks during this turn, …": it waits for that
        delayed.watch_this_turn(ctx, eff, item)
        return
    from judge.engine.bs.events import delayed_when, discard_cap

    if discard_cap.arm(ctx, eff, item):    # "during this turn, … no more than N cards are discarded"
        return
    if delayed_when.applies(eff):      # "during this turn, when <event>, …": a trigger left waiting
        delayed_when.arm(ctx, eff, item)
        return
    holds = conditions.holds(ctx, cond, item)
    if holds is None:
        ctx.unmodelled(f"{item.label}: deciding a {cond.kind.replace('_', ' ')} condition")
        return
    concept = "kw.chain" if cond.kind == "chain" else "effect.if"
    ctx.log(f"{item.label}: the condition ({conditions.describe(cond)}) {'holds' if holds else 'does not hold'}",
            concept)
    for e in (eff.effects if holds else eff.otherwise):
        apply(ctx, e, item)


def _select_first(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """"Select one of your opponent's spirits and exhaust it. If it has Astral, return it … instead": the
    condition is about the card the replaced directive selects, so that selection is made first (8-5-3),
    and both the condition and whichever directive is performed read it."""
    sel = eff.condition.selector
    if sel is None or sel in ctx.selections or sel.self_ref or sel.count is None:
        return
    if any(getattr(e, "target", None) == sel for e in eff.otherwise):
        targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label)


def _instead(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """An effect's own "instead", read by the text layer at the directive it replaces (8-9-1): when
    its condition holds as that directive would be performed, the replacement is performed and the
    original never is (8-9-1-1); otherwise the original is."""
    _select_first(ctx, eff, item)
    holds = conditions.holds(ctx, eff.condition, item)
    if holds is None:
        ctx.unmodelled(f"{item.label}: deciding a {eff.condition.kind.replace('_', ' ')} condition")
        return
    ctx.log(f"{item.label}: its \"instead\" replaces the directive written before it when its condition "
            f"({conditions.describe(eff.condition)}) holds as that directive is performed: it "
            f"{'holds, so the replacement is performed' if holds else 'does not hold, so the original is performed'}",
            "effect.substitution", "effect.if")
    for e in (eff.effects if holds else eff.otherwise):
        apply(ctx, e, item)


def _at_battle_end(ctx: Ctx, eff: ast.Conditional, item: Work) -> None:
    """"At the end of this battle, …" written in a resolving effect: it waits for the battle's end
    (7-1-6-1) and then activates; with no battle it never does."""
    if ctx.state.battle is None:
        ctx.log(f"{item.label}: no battle is under way, so the part for its end never happens", "rules.impossible")
        return
    from judge.engine.bs.events.delayed_end import select_now

    made = select_now(ctx, eff, item)        # "Select X. Destroy it when the battle ends." (8-5-3)
    management.add_mod(ctx, target=item.source, kind="delayed", value=(eff.effects, item.label, made),
                       duration=ast.Duration.BATTLE, source=item.source, controller=item.controller)
    ctx.log(f"{item.label}: the rest waits for the end of this battle", "battle.end")


@effect(ast.Modal, concepts=("rules.text_order",), reads=("count", "up_to", "options"))
def _modal(ctx: Ctx, eff: ast.Modal, item: Work) -> None:
    """"Choose one of the following" (N of M): the effect's controller picks which, by number (1 = first)."""
    n = len(eff.options)
    numbers = [str(i) for i in range(1, n + 1)]
    if eff.count >= n and not eff.up_to:
        picked = numbers
    else:
        answer = ctx.ask(f"{item.controller} chooses {'up to ' if eff.up_to else ''}{eff.count} of the {n} options of "
                         f"{item.label} (by number: {', '.join(numbers)})", "rules.text_order",
                         player=item.controller, options=numbers, kind="mode")
        picked = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
        if any(p not in numbers for p in picked) or len(set(picked)) != len(picked) or len(picked) > eff.count \
                or (not eff.up_to and len(picked) < eff.count):
            raise ctx.refuse(f"{answer!r} is not {eff.count} of the options {', '.join(numbers)}", "rules.text_order")
    for p in sorted(picked, key=int):
        ctx.log(f"{item.label}: option {p} is carried out", "rules.text_order")
        for e in eff.options[int(p) - 1]:
            apply(ctx, e, item)


@effect(ast.Sequence, concepts=("rules.text_order", "effect.then"), reads=("connector", "effects"))
def _sequence(ctx: Ctx, eff: ast.Sequence, item: Work) -> None:
    """Effects in written order; after "Then," the rest happens even if the first part could not;
    "X to Y": X is a cost paying for Y (8-4, costs.py)."""
    if eff.connector == "to":
        from judge.engine.bs.zones.costs import pay_to

        pay_to(ctx, eff.effects[:1], eff.effects[1:], item)
        return
    for i, e in enumerate(eff.effects):
        if i and management.game_over(ctx):
            return                  # a winner interrupts: the rest is not carried out (9-1-2-1)
        if i and eff.connector == "then":
            management.checkpoint(ctx)      # what the first part did is settled before "then" (4-7-2)
            ctx.log(f"{item.label}: then, the next part resolves", "effect.then")
        apply(ctx, e, item)


def _chooser(ctx: Ctx, eff: ast.Optional, item: Work) -> str:
    """Who decides a "may" (8-1-8): the player the sentence names ("your opponent may …"), else the
    effect's controller."""
    return ctx.state.opponent(item.controller) if eff.player is ast.Player.OPPONENT else item.controller


def _may(ctx: Ctx, item: Work, who: str) -> bool:
    """The "you may" decision, asked of `who`. An answer that is not yes / no but the choice the
    optional part asks first (its targets, an amount) means yes and is kept for that choice; an empty
    list means no."""
    from judge.engine.kernel.values import yes_no

    if ctx.has_answer("may"):
        nxt = ctx.peek_answer("may")
        if yes_no(nxt) is None:
            declined = isinstance(nxt, list | tuple) and not nxt
            if declined:
                ctx.take_answer("may")
            ctx.log(f"{who} {'declines' if declined else 'uses'} the optional part of {item.label} "
                    f"(answered by {'no selection' if declined else 'its first choice'})", "effect.may")
            return not declined
    return ctx.ask_yes_no(f"{who}: use the optional part of {item.label}?", "effect.may", player=who)


def _changes_nothing(ctx: Ctx, eff: ast.Optional, item: Work) -> bool:
    """Whether performing a "you may" part leaves the board as it is (8-1-8: a may whose only effect is
    nothing is no choice): tried on the board and put back; a part that needs a decision of its own,
    or that the engine cannot run, is a choice."""
    before = outcome(ctx.state)

    def perform() -> None:
        for e in eff.effects:
            apply(ctx, e, item)

    return sandbox(ctx, perform) == before


@effect(ast.Optional, concepts=("effect.may",), reads=("effects", "cost", "player"),
        values={"player": (None, ast.Player.YOU, ast.Player.OPPONENT)})
def _optional(ctx: Ctx, eff: ast.Optional, item: Work) -> None:
    """"You may …" / "your opponent may …": the player the sentence names decides, else the effect's
    controller (8-1-8); a cost written in it is paid first."""
    who = _chooser(ctx, eff, item)
    if eff.cost is None and eff.effects and all(select.nothing_to_select(ctx, e, item) for e in eff.effects):
        ctx.log(f"{item.label}: nothing can be selected, so the optional part cannot be performed and no "
                "choice is offered", "effect.select_none", "effect.may")
        ctx.did = False
        return
    if eff.cost is None and not ctx.has_answer("may") and _changes_nothing(ctx, eff, item):
        decision = ctx.decision(f"{who}: use the optional part of {item.label}?", "effect.may",
                                player=who, options=("yes", "no"), kind="may")
        ctx.steps.append(Step(f"{who} may use the optional part of {item.label}, but doing it changes "
                              "nothing on the board: it is not performed and no choice is asked", decision.cites,
                              decision=decision, answer="no", after=ctx.state))
        ctx.set(free_choice=("may", ("yes", "no")))
        ctx.did = False
        return
    yes = _may(ctx, item, who)
    if not yes:
        ctx.log(f"{who} chooses not to: that part is not performed", "effect.may")
        ctx.did = False
        return
    ctx.log(f"{who} chooses to perform it", "effect.may")
    if eff.cost is not None:
        ctx.log(f"{item.controller} pays the cost written in {item.label}, resolving what it says", "effect.pay")
    for e in (eff.cost.effects if eff.cost is not None else ()):
        apply(ctx, e, item)
    for e in eff.effects:          # "pay its cost and summon it" is paid once, by the summon (10-6-6)
        apply(ctx, e, item)
    ctx.did = True
