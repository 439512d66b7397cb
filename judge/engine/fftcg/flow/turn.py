"""The turn's machinery: priority, the stack, passing, and the phases that follow each other.

`advance` runs the game's automatic procedure (the State's `pc`) until a player holds priority,
a decision is awaited, or the game is over. Each procedure is atomic: if it needs a decision the
scenario has not given, it is rolled back and the decision is awaited (then re-run with it).
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg import stackref
from judge.engine.fftcg.effects import castperm, changes
from judge.engine.fftcg.effects.divide import divide
from judge.engine.fftcg.effects.run import Ctx, choose_slots, declared, option_count, run, select_modes
from judge.engine.fftcg.events import acted
from judge.engine.fftcg.events.triggers import chosen as chosen_event
from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.flow import attack
from judge.engine.fftcg.flow.process import rule_processes
from judge.engine.fftcg.log import Log, NeedChoice, Refused, as_list, take_answer
from judge.engine.fftcg.query import candidates, matches
from judge.engine.fftcg.restrictions import must_attack
from judge.engine.fftcg.state import AttackStep, Phase, StackItem, State, Trigger, other, where
from judge.engine.fftcg.zones.moves import draw, move
from judge.engine.kernel.values import evolve as replace

MAX_AUTO = 400


# ---- triggers to the stack, priority ------------------------------------------------------------

def _trigger_to_stack(s: State, t: Trigger, log: Log) -> State:
    effects = option_count(s, t.ability.effects, t.controller, t.source, "auto_modes_count", log)
    modal = next((e for e in effects if type(e).__name__ == "Modal"), None)
    if modal is not None:                       # 11.8.10: the options are declared as it goes on the stack
        n = len(modal.options)
        s, answer = take_answer(s, t.controller, "mode", f"{t.controller} selects {modal.count} of the {n} options "
                                f"of {t.label}", tuple(str(i + 1) for i in range(n)), "auto_modes")
        effects, modes = select_modes(effects, tuple(str(x) for x in as_list(answer)), t.label, "auto_modes")
        said, keys = declared(modes, "auto_modes")
        log.add(f"{t.controller} declares {said} of {t.label}", *keys)
    slots = choose_slots(effects)
    chosen: dict = {}
    for sel in slots:
        found = [u for u in candidates(s, sel, t.controller, t.source) if u != t.source]
        legal = changes.choosable(s, found, t.controller, t.source)
        if not legal:
            barred = "; ".join(changes.unchoosable(s, u, t.controller, False) or u for u in found)
            log.add(f"{t.label}: it must choose a target and there is none" + (f" ({barred})" if barred else "") +
                    ", so it is removed from the stack", "auto_no_target",
                    *(("prevention_precedence",) if found else ()))
            return s
        n = sel.count if sel.count is not None else len(legal)
        forced = changes.must_choose(s, legal, t.controller, t.source)
        if forced and len(forced) <= n and not sel.up_to and n == 1:
            legal = forced                      # "… must choose X if possible" (2.1)
        if len(legal) <= n and not sel.up_to:
            chosen[sel] = tuple(legal)
            if sel.count is not None:
                log.add(f"{t.label}: {', '.join(s.name_of(u) for u in legal)} "
                        f"{'is the only legal choice' if len(legal) == 1 else 'are the only legal choices'}",
                        "auto_choose")
            continue
        s, answer = take_answer(s, t.controller, "target", f"{t.controller} chooses the target(s) of {t.label}",
                                tuple(legal), "auto_choose")
        picked = tuple(str(u) for u in as_list(answer))
        if not picked or len(picked) > n or any(u not in legal for u in picked):
            raise Refused(f"choose {n} target(s) for {t.label} among {', '.join(legal)}", "auto_choose")
        chosen[sel] = picked
    s, divided = divide(s, effects, chosen, t.controller, "auto", t.label, log)
    s, uid = s.next_id("s")
    item = StackItem(uid=uid, kind="auto", controller=t.controller, source=t.source, divided=divided,
                     effects=effects, label=t.label, targets=tuple(chosen.items()), condition=t.ability.condition,
                     subject=t.subject, timing=t.ability.timing, about=t.about, acted=t.acted)
    names = "; ".join(f"{', '.join(v)}" for v in chosen.values())
    log.add(f"{t.label} goes on the stack" + (f", choosing {names}" if names else ""),
            "auto_order", "stack_order", "auto_controller")
    return chosen_event(replace(s, stack=(*s.stack, item)), item, log)


def _printed_no(s: State, t: Trigger) -> int | None:
    """The trigger's ability as `judge card` numbers it on its card (from 1), None for a gained one."""
    d = s.card(t.source)
    abilities = d.abilities if d else ()
    for i, ab in enumerate(abilities):
        if ab is t.ability:
            return i + 1
    return next((i + 1 for i, ab in enumerate(abilities) if ab == t.ability), None)


def effect_ref(s: State, t: Trigger, mine: list[Trigger]) -> str:
    """How an answer names a waiting effect: its card id, or `id:N` when that card has several waiting."""
    if sum(1 for o in mine if o.source == t.source) < 2:
        return t.source
    n = _printed_no(s, t)
    return f"{t.source}:{n}" if n is not None else t.source


def _hits(s: State, ref: str, mine: list[Trigger]) -> list[Trigger]:
    """The waiting effects an order reference names: `1` (its place in the list asked), `a1` (that card's
    effects), `a1:2` (its 2nd printed ability), `a1:haste` (a keyword's effect) — docs/scenarios.md."""
    ref = str(ref).strip()
    card, _, part = ref.partition(":")
    card, part = card.strip(), part.strip()
    if card.isdigit() and card not in s.objs and not any(t.source == card for t in mine):
        i = int(card) - 1                       # a number, or an option as the decision spelled it
        return [mine[i]] if 0 <= i < len(mine) else []
    if s.objs.get(card) is None:                # a card key: the waiting effects of such cards
        of = [t for t in mine if s.objs[t.source].defn == card]
    else:
        of = [t for t in mine if t.source == card]
    if not part:
        return of
    if part.isdigit():
        return [t for t in of if _printed_no(s, t) == int(part)]
    kw = part.lower().replace("_", " ")
    return [t for t in of if t.ability.keyword is not None and t.ability.keyword.name.lower() == kw]


def _follow(s: State, p: str, answer: Any, mine: list[Trigger], *, partial: bool) -> list[Trigger]:
    """The order an answer gives (first on the stack first); with `partial`, the effects it leaves out follow in
    the order they activated. An effect not waiting, or named twice, is refused."""
    picked: list[Trigger] = []
    for a in as_list(answer):
        hit = [t for t in _hits(s, a, mine) if t not in picked]
        if not hit:
            raise Refused(f"{a} names no auto-ability of {p}'s waiting to go on the stack (or one already "
                          f"ordered): name each by card id, id:N (its Nth printed ability) or number", "auto_order")
        picked.append(hit[0])
    if len(picked) != len(mine):
        if not partial:
            raise Refused(f"order all {len(mine)} of {p}'s auto-abilities", "auto_order")
        picked += [t for t in mine if t not in picked]
    return picked


def _ordered(s: State, p: str, mine: list[Trigger], log: Log) -> tuple[State, list[Trigger]]:
    """The order in which `p` puts their own simultaneous auto-abilities on the stack (11.8.7): their choice
    when the abilities differ — given beforehand with an action's `order:`, or asked (a `choose` naming them by
    reference or number, first on the stack first)."""
    plan = s.order_plan if s.order_plan is not None and s.order_plan[0] == p else None
    if len({t.label for t in mine}) < 2:
        return s, mine
    if plan is not None:
        picked = _follow(s, p, plan[1], mine, partial=True)
        log.add(f"{p} puts their auto-abilities on the stack in the order given ({', '.join(plan[1])})",
                "auto_order")
        return replace(s, order_plan=None), picked
    options = tuple(effect_ref(s, t, mine) for t in mine)
    s, answer = take_answer(s, p, "order", f"{p} orders their {len(mine)} auto-abilities on the stack "
                            f"(first listed goes on first, resolves last): " +
                            "; ".join(f"{o} = {t.label}" for o, t in zip(options, mine, strict=True)),
                            options, "auto_order")
    picked = _follow(s, p, answer, mine, partial=True)
    log.add(f"{p} puts their auto-abilities on the stack in the order they chose", "auto_order")
    return s, picked


def put_triggers(s: State, log: Log) -> State:
    """The turn player's triggered auto-abilities go on the stack, then the other player's (11.8.7)."""
    pending = s.pending
    s = replace(s, pending=())
    order: list[Trigger] = []
    for p in (s.turn_player, other(s.turn_player)):
        s, mine = _ordered(s, p, [t for t in pending if t.controller == p], log)
        order.extend(mine)
    before = len(s.stack)
    for t in order:
        s = _trigger_to_stack(s, t, log)
    if len(s.stack) != before:
        s = replace(s, passes=0)
    return s


def gain_priority(s: State, player: str, log: Log) -> State:
    """Rule processes, then triggered auto-abilities, repeated; then `player` has priority (11.1.3-11.1.4)."""
    hold = s.battle is not None and s.battle.first_strike_done and not s.battle.damage_done
    for _ in range(50):
        s = rule_processes(s, log)
        if s.winner is not None or not s.pending or hold:
            break
        s = put_triggers(s, log)
    if s.winner is not None:
        return s
    return replace(s, priority=player, pc=None)


def pass_priority(s: State, player: str, log: Log) -> State:
    """`player` forfeits priority (11.1.6); two passes in a row resolve the top of the stack or end the step."""
    if s.priority != player:
        raise Refused(f"{player} does not have priority", "priority", timing=True)
    log.add(f"{player} passes priority", "forfeit_priority")
    if (s.phase == Phase.ATTACK and s.step == AttackStep.DECLARATION and s.battle is None and not s.stack
            and player == s.turn_player):
        must = [c.uid for c in s.controlled(player, ("forward",)) if must_attack(s, c.uid)
                and attack.can_attack(s, c.uid, player) is None]
        if must:
            raise Refused(f"the Attack Phase cannot end before {', '.join(s.name_of(u) for u in must)} attacks "
                          f"(an effect says it must attack)", "attack_must")
        log.add(f"{player} declares no (further) attack: the Attack Phase goes on to Main Phase 2",
                "no_attack", "next_attack")
        return replace(s, priority=None, passes=0, pc=("begin", Phase.MAIN2.value))
    passes = s.passes + 1
    if passes >= 2:
        if s.stack:
            return replace(s, priority=None, passes=0, pc=("resolve",))
        log.add("Both players passed in succession with the stack empty: the step ends", "both_pass")
        return replace(s, priority=None, passes=0, pc=("end_step",))
    return replace(s, priority=None, passes=passes, pc=("priority", other(player)))


# ---- resolving the top of the stack ---------------------------------------------------------------

def resolve_top(s: State, log: Log) -> State:
    """Both players passed: the top Summon or ability resolves (11.1.7, 11.11)."""
    item = s.stack[-1]
    log.add(f"Both players passed in succession: {item.label} resolves", "both_pass", "resolve_top",
            fired=item.source, card=s.objs[item.source].defn if item.source in s.objs else None, timing=item.timing)
    targets = dict(item.targets)
    if targets:
        still = {sel: tuple(u for u in uids if _in_place(s, u, sel) and
                            matches(s, u, sel, item.controller, item.source)) for sel, uids in targets.items()}
        if not any(still.values()) and any(targets.values()):
            gone = {"summon": "summon_targets_gone", "action": "action_targets_gone",
                    "special": "special_targets_gone"}.get(item.kind, "auto_targets_gone")
            log.add(f"{item.label}: every chosen target is no longer legal, so all its effects are cancelled",
                    "targets_invalid", gone)
            return _finish(s, item, log)
        dropped = [u for sel, uids in targets.items() for u in uids if u not in still[sel]]
        if dropped:
            log.add(f"{', '.join(dropped)} is no longer a legal target; the effect applies to the rest",
                    "some_targets_valid")
        targets = still
    if item.card is None and item.source in s.objs and s.char(item.source) is None and \
            where(s, item.source)[0] != "removed":
        log.add(f"{s.name_of(item.source)} is no longer on the field; its ability is on the stack on its own and "
                f"still resolves, reading its source as it was just before it left", "ability_stays_on_stack",
                "ability_independent_of_source", "source_info_after_move")
    ctx = Ctx(controller=item.controller, source=item.source, label=item.label, targets=targets, kind=item.kind,
              subject=item.subject, about=item.about, extra_paid=item.extra_paid, divided=item.divided,
              since=len(s.turn_log), acted=item.acted)
    s = run(s, item.effects, ctx, log)
    if item.kind != "summon":                  # "the cards removed by X's ability" (events.acted)
        s = acted.mark_removed(s, ctx)
    return _finish(s, item, log)


def _in_place(s: State, uid: str, sel) -> bool:
    """A chosen card is still a legal target only where it was chosen (7.4: a moved card is a new card)."""
    if stackref.is_stack_selector(sel):          # a Summon or ability chosen on the stack: still there?
        return stackref.item(s, uid) is not None
    if sel.zone in (None, "field"):
        return s.char(uid) is not None
    return where(s, uid)[0] == sel.zone


def _finish(s: State, item: StackItem, log: Log) -> State:
    """A resolved Summon goes to its owner's Break Zone (11.11.10); an ability simply ceases to exist."""
    if item.card and any(i.card == item.card for i in s.stack):
        s, instead = castperm.destination(s, item.card)
        if instead is None:
            s = move(s, item.card, "break", log, why=("summon_to_break",))
        else:                                    # a replacement waited on it (11.12.5.1, castperm.py)
            log.add(f"{s.name_of(item.card)} has resolved: it goes to the {instead.replace('_', ' ')} zone instead "
                    f"of its owner's Break Zone", "replacement_instead", "summon_to_break")
            s = move(s, item.card, instead, log, why=("replacement", "replacement_instead"))
    s = replace(s, stack=tuple(i for i in s.stack if i.uid != item.uid))
    return replace(s, pc=("priority", s.turn_player))


# ---- phases -----------------------------------------------------------------------------------------

def _next_active(m) -> bool:
    """A resolved "X will not activate during your next Active Phase": used up by that Active Phase (one made
    "as long as" a card stays on the field lasts as long as that, 11.12.4.1)."""
    return m.kind == "cannot" and m.value == "activate_in_active_phase" and m.until != "while_source"


def _stays_dull(s: State, c, log: Log) -> bool:
    """A Character an effect keeps from activating in its controller's Active Phase (2.1 over 9.1.1.1)."""
    from judge.engine.fftcg.restrictions import restricted

    if not restricted(s, c.uid, "activate_in_active_phase"):
        return False
    if c.dull:
        log.add(f"{s.name_of(c.uid)} does not activate during this Active Phase (an effect says so)",
                "card_text_precedence", "active_phase")
    return True


def begin(s: State, phase: Phase, log: Log) -> State:
    """Start a phase: its special actions and triggers, then priority where the phase has it (9)."""
    s = replace(s, phase=phase, step=None, priority=None, passes=0)
    tp = s.turn_player
    if phase == Phase.ACTIVE:
        s = replace(s, turn_log=())                # "this turn" starts afresh
        log.add(f"Turn {s.turn}: {tp} is the turn player. Active Phase", "new_turn")
        from judge.engine.fftcg.events.delayed import new_turn

        s = new_turn(s, log)                # delayed abilities waiting for this player's turn (11.8.17)
        field = []
        for c in s.field:
            if c.controller == tp:
                if _stays_dull(s, c, log):
                    c = replace(c, since_turn_start=True, frozen=False,
                                mods=tuple(m for m in c.mods if not _next_active(m)))
                elif c.frozen:
                    log.add(f"{s.name_of(c.uid)} is Frozen and does not activate", "frozen")
                    c = replace(c, frozen=False, since_turn_start=True)
                else:
                    c = replace(c, dull=False, since_turn_start=True)
            field.append(c)
        s = replace(s, field=tuple(field), cost_changes=())
        log.add(f"{tp} activates their dull Characters (a special action; no priority in this phase)",
                "active_phase", "active_phase_no_priority")
        return replace(s, pc=("begin", Phase.DRAW.value))
    if phase == Phase.DRAW:
        n = 1 if s.turn == 1 and tp == s.first_player else 2
        s = draw(s, tp, n, log, why=("draw_phase", "first_turn_draw") if n == 1 else ("draw_phase",))
        return replace(s, pc=("begin", Phase.MAIN1.value))
    if phase in (Phase.MAIN1, Phase.MAIN2):
        log.add(f"{'Main Phase 1' if phase == Phase.MAIN1 else 'Main Phase 2'} begins", "main_phases",
                "main_phase_triggers")
        s = emit(s, f"phase_begin:{phase.value}", None, log)
        if phase == Phase.MAIN1:
            from judge.engine.fftcg.zones.warp import warp_triggers

            s = warp_triggers(s, log)
        return replace(s, pc=("priority", tp))
    if phase == Phase.ATTACK:
        log.add("Attack Phase: Attack Preparation Step", "attack_phase", "attack_preparation_triggers")
        s = emit(s, "phase_begin:attack", None, log)
        return replace(s, step=AttackStep.PREPARATION, pc=("priority", tp))
    log.add("End Phase begins", "end_phase_triggers")
    s = emit(s, "phase_begin:end", None, log)
    s = emit(s, "end_of_turn", None, log)
    return replace(s, pc=("priority", tp))


def end_step(s: State, log: Log) -> State:
    """The current phase or step ends (9.3.1.2, 11.1.7); what comes next."""
    if s.phase == Phase.MAIN1:
        return replace(s, pc=("begin", Phase.ATTACK.value))
    if s.phase == Phase.ATTACK:
        return attack.next_step(s, log)
    if s.phase == Phase.MAIN2:
        return replace(s, pc=("begin", Phase.END.value))
    if s.phase == Phase.END:
        return replace(s, pc=("end_cleanup",))
    raise AssertionError(f"no priority in {s.phase}")


def end_cleanup(s: State, log: Log) -> State:
    """9.5.1.2-9.5.1.5: hand size, damage removed, end-of-turn effects end; repeat or start the next turn."""
    tp = s.turn_player
    hand = s.zones[tp].hand
    if len(hand) > 5:
        extra = len(hand) - 5
        s, answer = take_answer(s, tp, "discard", f"{tp} has {len(hand)} cards and discards {extra}", hand,
                                "hand_size")
        chosen = [str(u) for u in as_list(answer)]
        if len(chosen) != extra or any(u not in hand for u in chosen):
            raise Refused(f"{tp} must discard exactly {extra} card(s) down to five", "hand_size")
        for u in chosen:
            s = move(s, u, "break", log, why=("hand_size", "kw_discard"))
    s = changes.end_of_turn(s, log)           # control taken until the end of the turn goes back first
    s = castperm.end_of_turn(s)               # "you can cast it … this turn" ends
    field = []
    for c in s.field:
        field.append(replace(c, damage=0, mods=tuple(m for m in c.mods if m.until not in ("turn", "battle"))))
    s = replace(s, field=tuple(field))
    log.add("Damage on Characters is removed and \"until the end of the turn\" effects end",
            "end_damage_removed", "end_turn_effects")
    mark = log.here()
    s2 = rule_processes(s, log)
    if s2.winner is not None:
        return s2
    if s2.pending or log.here() != mark:
        log.add("Something happened at the end of the turn: the turn player gains priority again",
                "end_phase_recheck")
        return replace(s2, pc=("priority", tp))
    log.add(f"The turn ends; {other(tp)} becomes the turn player", "new_turn")
    return replace(s2, turn=s.turn + 1, turn_player=other(tp), pc=("begin", Phase.ACTIVE.value),
                   field=tuple(replace(c, attacked=False) for c in s2.field))


# ---- the driver -------------------------------------------------------------------------------------

def step_pc(s: State, log: Log) -> State:
    pc = s.pc
    assert pc is not None
    kind = pc[0]
    if kind == "priority":
        return gain_priority(s, pc[1], log)
    if kind == "resolve":
        return resolve_top(s, log)
    if kind == "end_step":
        return end_step(s, log)
    if kind == "begin":
        return begin(s, Phase(pc[1]), log)
    if kind == "end_cleanup":
        return end_cleanup(s, log)
    return attack.step(s, pc, log)


def signature(s: State) -> tuple:
    """What a board looks like, ignoring ids and timestamps: a repeat means a loop (13.1)."""
    return (s.turn, s.phase, s.step, s.priority, s.passes, s.pc,
            tuple((c.uid, c.dull, c.damage, c.frozen) for c in s.field),
            tuple((i.label, i.targets) for i in s.stack), tuple((p, len(z.deck), len(z.hand), len(z.damage),
                                                                  len(z.break_zone)) for p, z in s.zones.items()))


def loop_check(s: State, seen: dict, log: Log) -> State:
    """End the game in a draw when the same situation keeps coming back with nobody acting (13.1)."""
    if not s.stack or s.loop_plan:               # a loop a player declared runs its count (13.2, loops.py)
        return s
    sig = signature(s)
    seen[sig] = seen.get(sig, 0) + 1
    if seen[sig] < 3:
        return s
    log.add("The same situation keeps repeating: an infinite loop. As no player takes an action that stops it, "
            "the game ends in a draw (a player able to stop it would instead say how many times it repeats)",
            "loop_draw", "loop_one_player", "loop_both_players")
    return replace(s, winner="draw", priority=None, pc=None)


def advance(s: State, log: Log) -> State:
    """Run automatic procedure until someone has priority, a decision is awaited, or the game ends."""
    for _ in range(MAX_AUTO):
        if s.winner is not None or s.awaiting is not None or s.pc is None:
            return s
        mark = log.here()
        try:
            s = step_pc(s, log)
        except NeedChoice as need:
            log.undo(mark)
            from judge.engine.fftcg.flow import loops

            planned = loops.auto_answer(s, need.decision, log)      # a declared loop answers for itself (13.2)
            if planned is not None:
                s = planned
                continue
            return replace(s, awaiting=loops.hint(s, need.decision))
    raise Refused("the game does not come to rest: an infinite loop", "loop_draw")
