"""What applies on a Battle Spirits board now (`judge explain`): the step's rules and who may act,
each card's level and BP, active keywords and what they mean here, effects with durations, effects
waiting to resolve, and gameplay management that is due.
"""

from __future__ import annotations

from judge.engine.bs import derive
from judge.engine.bs.clauses import cites
from judge.engine.bs.keywords import registry as keywords
from judge.engine.bs.profile import profile
from judge.engine.bs.state import Orientation, State, Step
from judge.engine.core import Applies

STEP_TEXT = {
    Step.MAIN: ("turn.main", "{p} may summon, place, use magic, move cores, set a burst, activate [Main] "
                "effects, or end the main step"),
    Step.SECOND_MAIN: ("turn.second_main", "{p} may act as in the main step"),
    Step.ATTACK: ("turn.attack", "{p} may attack with a refreshed spirit or end the attack step"),
    Step.END: ("turn.end_expire", "effects lasting this turn end"),
}


def _kw_text(state: State, cid: str, kw, game: str) -> tuple[str, tuple[str, ...]]:
    rule = keywords.rule(kw.name)
    params = ", ".join(kw.params)
    label = f"【{kw.name}{': ' + params if params else ''}】"
    if rule is None:
        return f"{cid} has {label}", cites(game, "kw.generic")
    me = state.controller(cid) or ""
    opp = state.opponent(me) if me else "the opponent"
    n = derive.norm_kw(kw.name)
    if n == "armor":
        text = f"{cid}'s {label}: {opp}'s {'/'.join(kw.params) or '(listed)'} spirits, nexuses and magic cannot select it"
    elif n == "atfield":
        on = "has" if derive.has_soul(state, cid) else "does not have"
        text = f"{cid}'s {label}: it {on} a soul core, so destruction effects of {opp}'s spirits " \
               f"{'cannot' if on == 'has' else 'can'} destroy it"
    elif n == "astral":
        active = keywords.astral_active(state, cid)
        text = f"{cid}'s {label} is {'active' if active else 'not active now'}: " + rule.meaning
    else:
        text = f"{cid}'s {label}: {rule.meaning}"
    concepts = [rule.concept]
    if not rule.in_game(profile(game)) and not cites(game, rule.concept):
        concepts = ["kw.generic"]
        text += " (not defined in this game's rules: the card's own text governs)"
    return text, cites(game, *concepts)


def _blockers(state: State, attacker: str) -> Applies:
    """Who may block this attacker, and why the others may not (7-1-3-1, Astral, Confront)."""
    g = state.game
    defender = state.opponent(state.turn_player)
    able, unable, concepts = [], [], ["battle.block"]
    for fc in state.players[defender].field:
        if state.defs[fc.card].type != "spirit":
            continue
        ok, reason, concept = keywords.can_block(state, fc.id, attacker)
        if ok:
            able.append(fc.id)
        else:
            unable.append(reason)
            concepts.append(concept)
    text = f"{defender} may block {attacker} with: {', '.join(able) or 'none'}"
    if unable:
        text += " (" + "; ".join(unable) + ")"
    if able and derive.keyword(state, attacker, "Confront"):
        text += f"; 【Confront】: {defender} must block"
        concepts.append("kw.confront")
    return Applies(text, cites(g, *concepts), (attacker, *able))


def explain(state: State) -> tuple[Applies, ...]:
    g = state.game
    prof = profile(g)
    out: list[Applies] = []
    if state.winner is not None:
        out.append(Applies(f"The game is over: {state.winner} won", cites(g, "win.establish")))
        return tuple(out)
    concept, text = STEP_TEXT.get(state.step, ("turn.steps", "the step runs by itself"))
    if not prof.burst_area:
        text = text.replace("set a burst, ", "")
    out.append(Applies(f"Turn {state.turn}, {state.turn_player}'s {state.step.value.replace('_', ' ')} step: "
                       + text.format(p=state.turn_player), cites(g, concept)))
    b = state.battle
    if b is not None:
        if b.window in ("flash_pre", "flash_post"):
            out.append(Applies(f"Flash window {'before' if b.window == 'flash_pre' else 'after'} blocking: "
                               f"{b.priority} may use a flash effect or pass; two passes in a row end it",
                               cites(g, "battle.flash_pre" if b.window == "flash_pre" else "battle.flash_post"),
                               (b.attacker,)))
        elif b.window == "block":
            out.append(_blockers(state, b.attacker))
    elif state.step == Step.ATTACK:
        ready = [fc.id for fc in state.players[state.turn_player].field
                 if state.defs[fc.card].type == "spirit" and fc.orientation == Orientation.REFRESHED]
        out.append(Applies(f"{state.turn_player} may attack with: {', '.join(ready) or 'no refreshed spirit'}",
                           cites(g, "battle.declare"), tuple(ready)))
    for name, p in state.players.items():
        for fc in p.field:
            d = state.defs[fc.card]
            lv = derive.level(state, fc.id)
            if d.type == "spirit":
                bp = derive.bp(state, fc.id)
                out.append(Applies(f"{fc.id} ({d.name}) is LV{lv} with {derive.cores_on(state, fc)} core(s): "
                                   f"{bp.value} BP ({', '.join(bp.parts)}), {len(derive.symbols(state, fc.id))} "
                                   "symbol(s)", cites(g, "card.level") + bp.cites, (fc.id,)))
            if prof.common_effects and d.super_unleash and lv >= 2 and derive.has_soul(state, fc.id):
                out.append(Applies(f"{fc.id} is in the Super Unleash state (LV2 by its soul core)",
                                   cites(g, "kw.super_unleash"), (fc.id,)))
            if fc.orientation == Orientation.HEAVY_EXHAUSTED:
                out.append(Applies(f"{fc.id} is heavy exhausted: its next refresh only makes it exhausted",
                                   cites(g, "do.refresh_heavy"), (fc.id,)))
            for kw in derive.keywords(state, fc.id):
                text, cs = _kw_text(state, fc.id, kw, g)
                out.append(Applies(text, cs, (fc.id,)))
            if d.levels and derive.printed_level(state, fc) == 0:
                out.append(Applies(f"{fc.id} has fewer cores than its LV1 cost: it will be destroyed at the next "
                                   "checkpoint", cites(g, "manage.insufficient"), (fc.id,)))
            elif prof.bp_zero_destroys and d.type == "spirit" and derive.bp(state, fc.id).value <= 0:
                out.append(Applies(f"{fc.id} has 0 BP or less: it will be destroyed", cites(g, "manage.bp_zero"),
                                   (fc.id,)))
        for cid in p.hand:
            for kw in derive.keywords(state, cid):
                if derive.norm_kw(kw.name) in ("swift", "agile", "ascend", "soulmagic", "succession"):
                    text, cs = _kw_text(state, cid, kw, g)
                    out.append(Applies(f"In {name}'s hand: " + text, cs, (cid,)))
        for cid in p.trash:
            for kw in derive.keyword(state, cid, "Immortal"):
                text, cs = _kw_text(state, cid, kw, g)
                out.append(Applies(f"In {name}'s trash: " + text, cs, (cid,)))
        if p.life <= 0:
            out.append(Applies(f"{name}'s life is zero: {state.opponent(name)} wins", cites(g, "win.life_zero")))
    for m in state.mods:
        out.append(Applies(f"{m.target}: {m.kind.replace('_', ' ')} {m.value} until "
                           f"{'the end of the battle' if m.duration.value == 'battle' else 'the end of the turn'}"
                           if m.duration.value in ("battle", "turn") else
                           f"{m.target}: {m.kind.replace('_', ' ')} {m.value} ({m.duration.value})",
                           cites(g, "effect.duration"), (m.target,)))
    for batch in state.work:
        for w in batch:
            out.append(Applies(f"Waiting to be resolved: {w.label}", cites(g, "effect.order"), (w.source,)))
    return tuple(out)


__all__ = ["explain"]
