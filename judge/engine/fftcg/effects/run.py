"""Card effects interpreted from their AST (never from text): damage, break, draw, dull, freeze, power…

"Choose" targets are fixed when a Summon or ability is put on the stack (11.3.3, 11.6.5, 11.8.9)
and checked again on resolution (11.11.2: all gone → cancelled; 11.11.2.1: some left → those);
"select" is decided on resolution (11.11.5.1). Identical choose-selectors in one ability are one
target ("Choose 1 Forward. Dull it and Freeze it."). Damage to a player follows 6.5.2 with EX Burst.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.fftcg import conditions, replacement, stackref
from judge.engine.fftcg.effects import castperm, changes, declare, exburst, reveal
from judge.engine.fftcg.effects.exburst import ex_burst_abilities  # noqa: F401  (read here by others)
from judge.engine.fftcg.effects.modes import (  # noqa: F401
    OptionSelector,
    declare_modes,
    declared,
    option_count,
    select_modes,
)
from judge.engine.fftcg.effects.nodes import _key, _walk
from judge.engine.fftcg.effects.selecting import SELECT_IS_NOT_CHOOSE, _describe, same_name, targets  # noqa: F401
from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.log import Log, Refused, as_list, not_modelled, take_answer, yes_no
from judge.engine.fftcg.query import candidates, condition_holds
from judge.engine.fftcg.state import State, other
from judge.engine.fftcg.zones import payments
from judge.engine.fftcg.zones.cost import cost_option
from judge.engine.fftcg.zones.xvalue import bind_x
from judge.engine.kernel.values import evolve as replace
from judge.engine.kernel.values import is_any
from judge.text.ast import (
    AbilityKind,
    Conditional,
    Declare,
    DoSo,
    Effect,
    Optional,
    Pay,
    Player,
    Reveal,
    Selector,
    kind_of,
)


@dataclass(frozen=True, kw_only=True)
class Ctx:
    """Who resolves an effect, from which card, with which chosen targets."""

    controller: str
    source: str
    label: str
    targets: dict[Selector, tuple[str, ...]] = field(default_factory=dict)
    subject: str | None = None
    revealed: tuple[str, ...] = ()      # cards an earlier "reveal / look at" showed (reveal.py)
    shuffled: bool = False              # "shuffle the other cards": they go back in random order (reveal.py)
    kind: str = "auto"                  # summon | action | special | auto | ex_burst: what is resolving
    ex_burst: bool = False              # it resolves as an EX Burst (11.10): "if X results from an EX Burst"
    unreduced: bool = False             # "This damage cannot be reduced": the damage being dealt now (2.2)
    extra_paid: bool = False            # the Summon resolving was cast with its extra cost paid (11.3.5)
    divided: tuple[tuple[str, int], ...] = ()  # "Divide N damage among them": what each chosen card is dealt
    about: str | None = None            # "When X is chosen by …": the Summon or ability that chose ("its effect")
    #: the cards the last selection of this resolution picked ("play 1 Forward … If it leaves …": "it")
    picked: list[str] = field(default_factory=list)
    #: where this resolution's records begin in `State.turn_log`, and the records a "When you do so" carries
    #: from the resolution that created it: what "… by this effect" counts (events/acted.py, 11.11.5)
    since: int | None = None
    acted: tuple[tuple[str, str | None, str], ...] = ()


def _selector(e: Effect) -> Selector | None:
    return getattr(e, "target", None) if isinstance(getattr(e, "target", None), Selector) else None


def choose_slots(effects: tuple[Effect, ...]) -> list[Selector]:
    """The distinct "choose" selectors of an effect list, in order (each is one target slot)."""
    out: list[Selector] = []
    for e in _walk(effects):
        sel = _selector(e)
        if sel is None or sel.choose != "choose" or sel.self_ref:
            continue
        for part in _parts(sel):          # "Choose 1 Forward and 1 Backup": one slot each (11.3.3)
            if part.choose == "choose" and not part.self_ref and part.ref is None and _key(part) not in out:
                out.append(_key(part))
    return out


def _parts(sel: Selector) -> tuple[Selector, ...]:
    """A selector and its second selections ("1 Forward you control and 1 Forward opponent controls")."""
    return (replace(sel, also=()), *sel.also) if sel.also else (sel,)


def assign_targets(s: State, effects: tuple[Effect, ...], controller: str, source: str | None,
                   given: tuple[str, ...], keys: tuple[str, ...], what: str) -> dict[Selector, tuple[str, ...]]:
    """Match the targets a player named to the choose-slots, checking each is legal now."""
    slots = choose_slots(effects)
    out: dict[Selector, tuple[str, ...]] = {}
    rest = list(given)
    for sel in slots:
        legal = [u for u in candidates(s, sel, controller, source) if u != source or sel.zone]
        allowed = changes.choosable(s, legal, controller, source)
        barred = [u for u in legal if u not in allowed]
        if not allowed:
            why = f" ({changes.unchoosable(s, barred[0], controller, changes.is_summon(s, source))})" if barred else ""
            raise Refused(f"{what} must choose {_describe(sel)} and there is none to choose{why}", *keys,
                          *(("prevention_precedence",) if barred else ()))
        for u in rest:
            if u in barred:
                raise Refused(f"{changes.unchoosable(s, u, controller, changes.is_summon(s, source))}: {what} "
                              f"cannot choose it", *keys, "prevention_precedence", "card_text_precedence")
        legal = allowed
        forced = changes.must_choose(s, legal, controller, source)
        n_slot = sel.count if sel.count is not None else len(legal)
        picks = rest[:n_slot]
        if forced and picks and not set(forced[:n_slot]) <= set(picks):
            raise Refused(f"{what} must choose {', '.join(s.name_of(u) for u in forced[:n_slot])} if possible "
                          f"(its text says so)", *keys, "card_text_precedence")
        n = sel.count if sel.count is not None else len(legal)
        if not rest and len(legal) <= n and not sel.up_to:
            out[sel] = tuple(legal)
            continue
        picked = tuple(rest[:n])
        rest = rest[n:]
        if stackref.is_stack_selector(sel):       # an ability on the stack may be named by its source card
            picked = tuple(stackref.canonical(s, u) for u in picked)
        if not picked and not sel.up_to:
            raise Refused(f"{what} must choose {_describe(sel)}: name the target(s) among {', '.join(legal)}", *keys)
        for u in picked:
            if u not in legal:
                raise Refused(f"{u} cannot be chosen by {what}: it is not {_describe(sel)}", *keys)
        if len(picked) < n and not sel.up_to:
            raise Refused(f"{what} must choose {n} target(s) for {_describe(sel)}", *keys)
        out[sel] = picked
    if rest:
        raise Refused(f"{what} has no target to choose for {', '.join(rest)}", *keys)
    return out


def summon_effects(s: State, uid: str) -> tuple[Effect, ...]:
    """Every effect a Summon card applies when it resolves (11.3), in text order; its field abilities
    (what it costs, when it may be cast) are not part of what it does (11.9)."""
    d = s.card(uid)
    out: list[Effect] = []
    for ab in d.abilities if d else ():
        if ab.keyword is None and ab.kind not in (AbilityKind.FIELD, AbilityKind.CONSTANT) and not cost_option(ab):
            out.extend(ab.effects)
    return tuple(out)


# ---- damage to players and Forwards --------------------------------------------------------------

def damage_player(s: State, player: str, amount: int, log: Log, source: str | None) -> State:
    """Resolve damage to a player (6.5.2): one card from the deck to the Damage Zone per point, then EX Bursts."""
    bursts: list[tuple[str, int]] = []     # EX Burst cards and the Damage Zone count as each was placed
    placed: list[str] = []
    per_point = Log()                       # what each point triggered, told after the damage itself
    for _ in range(amount):
        deck = s.zones[player].deck
        if not deck:
            log.add(f"{player} takes damage with an empty main deck", "rp_damage_beyond_deck",
                    "lose_damage_empty_deck")
            s = replace(s, damage_beyond_deck=s.damage_beyond_deck | {player})
            break
        top = deck[0]
        s = s.with_zones(player, deck=deck[1:], damage=(*s.zones[player].damage, top)).record("damaged", top, player)
        placed.append(top)
        # 11.8.6 once per point, 15.2.6.2 with the damage count of that point (a Damage N trigger needs it then)
        exburst.gates_met(s, player, len(s.zones[player].damage), per_point)
        s = emit(s, "you_damaged", None, per_point, player=player)
        s = emit(s, "to_damage", top, per_point, to=player)       # the card is put into that Damage Zone (7.8)
        d = s.card(top)
        if d is not None and d.ex_burst and not exburst.barred(s, top, source, per_point):
            bursts.append((top, len(s.zones[player].damage)))
    if placed:
        src = f" from {s.name_of(source)}" if source else ""
        log.add(f"{player} takes {len(placed)} damage{src}: {', '.join(s.name_of(u) for u in placed)} "
                f"go{'es' if len(placed) == 1 else ''} from the deck to the Damage Zone "
                f"({len(s.zones[player].damage)} in all)", "damage_to_player", "damage_zone",
                changes=tuple(f"{u}: deck -> damage" for u in placed))
    log.extend(per_point)
    for uid, count in bursts:
        s = _ex_burst(s, player, uid, log, count, multi=len(placed) > 1)
    return s


def _ex_burst(s: State, player: str, uid: str, log: Log, count: int | None = None, multi: bool = False) -> State:
    keys = ("ex_burst", "ex_burst_after_all_damage")
    abilities = exburst.usable(s, uid, count, log, multi)
    if abilities is None:                       # 15.2.6.3: its Damage N was not met when it was placed
        return s
    s, answer = take_answer(s, player, "ex_burst", f"{player} may use the EX Burst of {s.name_of(uid)}",
                            ("yes", "no"), *keys)
    items = as_list(answer)
    use = yes_no(items[0]) if items else None
    targets = tuple(str(t) for t in (items[1:] if use is not None else items))
    if use is False:
        log.add(f"{player} declines the EX Burst of {s.name_of(uid)}", *keys)
        return s
    effects = tuple(e for ab in abilities for e in ab.effects)
    log.add(f"{player} uses the EX Burst of {s.name_of(uid)}: it applies at once and cannot be responded to",
            *keys, "ex_burst_effects", fired=uid, card=s.objs[uid].defn, timing="ex_burst")
    s, effects = declare_modes(s, effects, player, uid, f"the EX Burst of {s.name_of(uid)}",       # modes.py
                               ("ex_burst", "resolution_choice"), log)
    slots = [(sel, changes.choosable(s, [u for u in candidates(s, sel, player, uid) if u != uid], player, uid))
             for sel in choose_slots(effects)]
    if any(not legal for _, legal in slots):
        log.add("The EX Burst must choose a target and there is none, so it does nothing", "ex_burst",
                "summon_targets_gone")
        return s
    if not targets and any(len(legal) > (sel.count or len(legal)) or sel.up_to for sel, legal in slots):
        options = tuple(dict.fromkeys(u for _, legal in slots for u in legal))
        left_open = bool(s.answers) and is_any(s.answers[0])
        s, answer = take_answer(s, player, "target", f"{player} chooses the target(s) of the EX Burst of "
                                f"{s.name_of(uid)}", options, "ex_burst", "summon_choose")
        targets = tuple(str(t) for t in as_list(answer))
        if left_open:       # `any`: each slot's first legal targets, as many as it takes (1 for "up to")
            targets = tuple(dict.fromkeys(u for sel, legal in slots
                                          for u in legal[:1 if sel.up_to else (sel.count or len(legal))]))
    chosen = assign_targets(s, effects, player, uid, targets, ("ex_burst", "summon_choose"), "the EX Burst")
    if any(chosen.values()) and _chosen_watchers(s):
        not_modelled(log, "whether a card an EX Burst chose triggers its \"When … is chosen\" auto-ability (the EX "
                          "Burst does not use the stack)")
    kind = "ex_burst" if s.card(uid).type != "summon" else "summon"
    from judge.engine.fftcg.effects.divide import divide

    s, divided = divide(s, effects, chosen, player, kind, "the EX Burst", log)
    return run(s, effects, Ctx(controller=player, source=uid, label="EX Burst", targets=chosen, ex_burst=True,
                               kind=kind, divided=divided, since=len(s.turn_log)), log)


def damage_forward(s: State, uid: str, amount: int, log: Log, source: str | None,
                   why: tuple[str, ...] = ("power",), *, unreduced: bool = False) -> State:
    """Mark damage on a Forward; it is broken by the rule process if damage ≥ power (12.4.5)."""
    c = s.char(uid)
    if c is None or amount <= 0:
        return s
    s, amount, uid, _ = replacement.damage(s, uid, amount, log, battle="battle_damage" in why,   # "… instead"
                                           unreduced=unreduced,
                                           dealer=source)                                       # (11.12.5)
    c = s.char(uid)
    if amount <= 0 or c is None:
        return s
    s = s.with_char(uid, damage=c.damage + amount)
    src = f"{s.name_of(source)} deals" if source else "It takes"
    log.add(f"{src} {amount} damage to {s.name_of(uid)} ({c.damage + amount} damage marked)", *why,
            changes=(f"{uid}: damage {c.damage} -> {c.damage + amount}",))
    s = emit(s, "dealt_damage", uid, log)
    return emit(s, "deals_damage_forward", source, log, to=uid) if source is not None else s


def _chosen_watchers(s: State) -> bool:
    """Whether a Character on the field has a "When … is chosen by …" auto-ability."""
    defs = [d for d in (s.card(c.uid) for c in s.field) if d is not None]
    return any("is_chosen" in (ab.timing or "").split("|") for d in defs for ab in d.abilities)


# ---- the interpreter -------------------------------------------------------------------------------

def players_of(p: Player | None, ctx: Ctx) -> list[str]:
    """The players an effect names, from its controller's point of view (7.2.1)."""
    if p in (None, Player.YOU):
        return [ctx.controller]
    if p == Player.OPPONENT:
        return [other(ctx.controller)]
    return [ctx.controller, other(ctx.controller)]


def condition(s: State, cond, ctx: Ctx, log: Log) -> bool | None:
    """Whether a condition holds now, read from the board; None (and "not modelled") when it cannot be read."""
    holds = condition_holds(s, cond, ctx.controller, ctx.source, ctx)
    if holds is None:
        not_modelled(log, f'whether "{cond.text}" holds ({ctx.label})', "resolve_as_written")
    return holds


def holds_now(s: State, cond, ctx: Ctx, log: Log) -> bool | None:
    """A condition read as the effect resolves: "if it is …" of a revealed or chosen card (reveal.py), else the
    board (`condition`)."""
    held = reveal.holds(s, cond, ctx)
    return condition(s, cond, ctx, log) if held is None else held


def optional(s: State, e: Optional, ctx: Ctx, log: Log) -> tuple[State, bool]:
    """"You may …": the controller decides on resolution (11.8.14)."""
    if e.effects and isinstance(e.effects[0], Pay):      # "you may pay 《1》": payments.py
        return payments.optional_payment(s, e, ctx.controller, f"{s.name_of(ctx.source)}'s ability", log,
                                         lambda s2, rest: run(s2, rest, ctx, log))
    short = _deck_short(s, e.effects, ctx.controller)
    if short is not None:       # "you may remove the top 10 cards of your deck": impossible with fewer (2.3)
        log.add(f"{ctx.controller} cannot do what {ctx.label} offers ({short}), so it is not done and what depends "
                f"on doing it does not happen", "impossible_text", "auto_may")
        return s, False
    s, answer = take_answer(s, ctx.controller, "may", f"{ctx.controller} may: {ctx.label}", ("yes", "no"),
                            "auto_may")
    if yes_no(as_list(answer)[0] if as_list(answer) else None):
        log.add(f"{ctx.controller} chooses to apply the optional effect", "auto_may")
        return run(s, e.effects, ctx, log), True
    log.add(f"{ctx.controller} chooses not to apply the optional effect", "auto_may")
    return s, False


def _deck_short(s: State, effects: tuple[Effect, ...], controller: str) -> str | None:
    """What makes an offered effect impossible to carry out in full: N cards taken from the top of a deck that
    holds fewer (None: it can be done)."""
    for e in effects:
        sel = getattr(e, "target", None)
        if type(e).__name__ == "Move" and isinstance(sel, Selector) and sel.zone == "deck" and sel.count \
                and not sel.up_to and sel.owner in (None, Player.YOU):
            have = len(s.zones[controller].deck)
            if have < sel.count:
                return f"{sel.count} cards from a deck of {have}"
    return None


def is_unreduced(e: Effect) -> bool:
    """"This damage cannot be reduced." after a Damage (a restriction on that damage, not on a card)."""
    return type(e).__name__ == "Restriction" and e.mode == "cannot" and e.action == "be_reduced" and e.target is None


def run(s: State, effects: tuple[Effect, ...], ctx: Ctx, log: Log) -> State:
    """Carry out effects in order (11.11.5); "… instead" replaces the effect before it (11.12.5.6)."""
    done = True
    for i, e in enumerate(effects):
        if isinstance(e, Optional):
            s, done = optional(s, e, ctx, log)
            if done and s.x_paid is not None:           # "you may pay 《X》": what follows reads X (4.5)
                x, s = s.x_paid, replace(s, x_paid=None)
                return run(s, bind_x(effects[i + 1:], x), ctx, log)
            continue
        if reveal.told(e, effects[:i]):            # the kind of card "Reveal N … from your hand" selected
            continue
        if isinstance(e, Reveal) and e.zone not in reveal.ZONES:
            not_modelled(log, f"revealing cards this way ({e.zone.replace('_', ' ')}, {ctx.label})")
            continue
        if isinstance(e, Reveal):                  # later sentences use the cards shown (reveal.py)
            s, ctx = reveal.reveal(s, e, ctx, log, effects[i + 1:])
            if e.zone == "hand" and e.count:       # "Reveal 2 … from your hand. If you do so, …" (11.11.5)
                done = len(ctx.revealed) == e.count
            continue
        if is_unreduced(e):                        # said with the damage it follows (2.2)
            continue
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        if type(e).__name__ == "Damage" and nxt is not None and is_unreduced(nxt):
            log.add(f"{ctx.label}: this damage cannot be reduced, so effects that would reduce it do not apply",
                    "prevention_precedence")
            s = one(s, e, replace(ctx, unreduced=True), log)
            continue
        if type(e).__name__ == "Delayed" and e.timing == "when_do_so" and not done:
            log.add(f'"{e.timing_text}": it was not done, so nothing triggers', "delayed_auto")
            continue
        if isinstance(e, Conditional) and isinstance(e.condition, DoSo):   # "If you do so" / "If not" (11.8.17)
            holds = done != e.condition.negated
            said = e.condition.text if e.condition.text.lower().startswith("if") else f"If {e.condition.text}"
            log.add(f'"{said}": the optional part was {"" if done else "not "}done, so what follows '
                    f'{"applies" if holds else "does not apply"}', "resolve_as_written", "auto_may")
            s = run(s, e.effects if holds else e.otherwise, ctx, log)
            continue
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        if isinstance(nxt, Conditional) and nxt.instead and conditions.waits_for(nxt.condition) is None \
                and holds_now(s, nxt.condition, ctx, log):
            log.add(f"{ctx.label}: \"{nxt.condition.text}\" holds, so the next effect replaces this one",
                    "self_replacement", "replacement")
            continue
        if isinstance(e, Declare) and not declare.unread_things(e):   # "Select 1 number. … of that cost"
            s, rest = declare.declare(s, e, ctx.controller, ctx.label, effects[i + 1:], log)
            return run(s, rest, ctx, log)
        s = one(s, e, ctx, log)
        if s.winner is not None:
            break
    return s


def one(s: State, e: Effect, ctx: Ctx, log: Log) -> State:
    """Carry out one effect node: its registry entry (`registry.EFFECTS`), or "not modelled" for exactly what the
    entry refuses (`registry.refused`: what `judge card` and coverage report as not executed)."""
    from judge.engine.fftcg.effects.registry import EFFECTS, refused

    rule = EFFECTS.get(type(e))
    if rule is None:
        not_modelled(log, f"the effect '{kind_of(e).replace('_', ' ')}' of {ctx.label}")
        return s
    missing = refused(e)
    if missing:
        not_modelled(log, f"the {kind_of(e).replace('_', ' ')} of {ctx.label}: "
                          f"{'; '.join(m.replace('_', ' ') for m in missing)}")
        return s
    return rule.handler(s, e, ctx, log)


def conditional(s: State, e: Conditional, ctx: Ctx, log: Log) -> State:
    """"If …, …" inside an effect (11.11.5), a replacement waiting for an event (11.12.5), "if X doesn't pay",
    "as long as {Name} is on the field, …" (`lasting`)."""
    if e.lasting:
        return _lasting(s, e, ctx, log)
    event = conditions.waits_for(e.condition)
    if event is not None and conditions.past_event(e.condition) is None:
        if event in replacement.EVENTS:                     # waits for an event (11.12.5)
            return replacement.register(s, e, ctx, log, targets)
        if castperm.reads_cast(e.condition):                # "If you cast it, … after use instead"
            return _if_cast(s, e, ctx, log)
        not_modelled(log, f"a replacement effect waiting for '{event.replace('_', ' ')}'",
                     "replacement")
        return s
    if e.condition.kind in payments.UNPAID_KINDS:
        s, holds = payments.not_paid(s, e.condition, ctx.controller, f"{s.name_of(ctx.source)}'s ability", log,
                                     ctx.source)
    else:
        holds = holds_now(s, e.condition, ctx, log)
    if holds is None:
        return s
    if not e.instead:
        log.add(f'{ctx.label}: "{e.condition.text}" ' + ("holds" if holds else "does not hold"),
                "conditional_recheck" if ctx.label.endswith('"') else "single_effect")
    return run(s, e.effects if holds else e.otherwise, ctx, log)


def _if_cast(s: State, e: Conditional, ctx: Ctx, log: Log) -> State:
    """"If you cast it, …": true when the card chosen was cast by this effect, or may still be cast under the
    permission it gave (what follows then waits for that cast, 11.12.5.3); otherwise what follows is not done."""
    holds, why = castperm.cast_or_castable(s, ctx)
    log.add(f'{ctx.label}: "{e.condition.text}": {why}', "single_effect", *(("replacement",) if holds else ()))
    return run(s, e.effects if holds else e.otherwise, ctx, log)


def _lasting(s: State, e: Conditional, ctx: Ctx, log: Log) -> State:
    from judge.engine.fftcg.effects.conditional import lasting_effects

    effects = lasting_effects(e)
    if effects is None:
        not_modelled(log, f"{ctx.label}: an effect lasting while \"{e.condition.text}\"")
        return s
    if ctx.source is None or s.char(ctx.source) is None:
        log.add(f"{ctx.label}: {s.name_of(ctx.source) if ctx.source else 'the card'} is no longer on the field, so "
                "what lasts \"as long as\" it is does nothing", "ongoing_effect")
        return s
    return run(s, effects, ctx, log)
