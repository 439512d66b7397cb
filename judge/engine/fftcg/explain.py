"""What applies on an FFTCG board now: the phase's rules, who may act, keywords in play, pending things.

Each entry is an `Applies(text, cites, cards)` with clause numbers from the engine's clause table,
so `judge explain` can read them out beside the clause text.
"""

from __future__ import annotations

from judge.engine.core import Applies
from judge.engine.fftcg.clauses import cite
from judge.engine.fftcg.keywords.warp_priming import KEYWORDS
from judge.engine.fftcg.query import is_forward, keywords, power
from judge.engine.fftcg.state import AttackStep, Phase, State

_PHASE = {
    Phase.ACTIVE: ("Active Phase: the turn player activates their Characters; nobody has priority",
                   ("active_phase", "active_phase_no_priority")),
    Phase.DRAW: ("Draw Phase: the turn player draws two cards (one on the first player's first turn)",
                 ("draw_phase", "first_turn_draw")),
    Phase.MAIN1: ("Main Phase: the turn player may cast Characters with the stack empty; both players may cast "
                  "Summons and use abilities when they have priority", ("cast_character_timing", "summon_timing",
                                                                        "ability_timing")),
    Phase.MAIN2: ("Main Phase 2: as Main Phase 1", ("main_phases", "cast_character_timing")),
    Phase.END: ("End Phase: no Summons or abilities; hand down to five; damage removed", ("end_phase_triggers",
                                                                                        "hand_size",
                                                                                        "end_damage_removed")),
}
_STEP = {
    AttackStep.PREPARATION: ("Attack Preparation Step: Summons and abilities may be used", ("attack_preparation",)),
    AttackStep.DECLARATION: ("Attack Declaration Step: the turn player may attack with an active Forward (Haste, "
                             "or controlled since the turn began) or a party sharing an Element",
                             ("attack_declaration", "attacker_active_haste", "party_element")),
    AttackStep.BLOCK: ("Block Declaration Step: the non-turn player may block with an active Forward",
                       ("block_declaration", "blocker_active")),
    AttackStep.DAMAGE: ("Damage Resolution Step: unblocked → 1 damage to the player; blocked → battle damage",
                        ("unblocked_damage", "battle_damage")),
}


_WHEN = {"end_of_turn": "the end of the turn", "phase_begin:end": "the beginning of the End Phase",
         "phase_begin:main1": "the beginning of Main Phase 1", "phase_begin:main2": "the beginning of Main Phase 2",
         "phase_begin:attack": "the beginning of the Attack Phase"}


def _waiting(s: State) -> list[Applies]:
    """Delayed auto-abilities waiting for their moment, costs to attack, a loop being performed."""
    from judge.engine.fftcg.zones.payments import attack_costs, cost_text

    out = [Applies(f"A delayed auto-ability waits for {_WHEN.get(ev, ev)}: {t.label} (it triggers once)",
                   cite("delayed_generated", "delayed_once"), (t.source,)) for ev, t in s.delayed]
    forwards = tuple(c.uid for c in s.controlled(s.turn_player, ("forward",)))
    for uid, src, cost in attack_costs(s, forwards):
        by = "its own text" if src == uid else s.name_of(src)
        out.append(Applies(f"{s.name_of(uid)} can attack only if {cost_text(cost)} is paid when the attack is "
                           f"declared (required by {by})", cite("attack_cost"), tuple(dict.fromkeys((uid, src)))))
    for p, _, left in s.loop_plan:
        out.append(Applies(f"{p} declared how many times a loop is performed: {left} more time(s), then it stops",
                           cite("loop_one_player", "loop_both_players")))
    return out


def explain(s: State) -> tuple[Applies, ...]:
    """Every rule and keyword in force on this board, each with its clauses."""
    out: list[Applies] = []
    text, keys = _STEP[s.step] if s.phase == Phase.ATTACK and s.step else _PHASE.get(s.phase, ("", ()))
    if text:
        out.append(Applies(text, cite(*keys)))
    holder = s.priority or (s.pc[1] if s.pc and s.pc[0] == "priority" else None)
    if holder:
        out.append(Applies(f"{holder} has priority: they may cast, use an ability or pass; two passes in a "
                           f"row resolve the top of the stack or end the step", cite("priority", "both_pass")))
    if s.stack:
        out.append(Applies("Stack (top first): " + "; ".join(i.label for i in reversed(s.stack)),
                           cite("stack_order", "resolve_top"), tuple(i.source for i in s.stack)))
    for c in s.field:
        for kw in sorted(keywords(s, c.uid)):
            meaning, kkeys = KEYWORDS.get(kw, (None, ()))
            if meaning:
                out.append(Applies(f"{s.name_of(c.uid)} has {kw.title()}: it {meaning}", cite(*kkeys), (c.uid,)))
        if c.frozen:
            out.append(Applies(f"{s.name_of(c.uid)} is Frozen: it does not activate in {c.controller}'s next "
                               f"Active Phase", cite("frozen"), (c.uid,)))
        if not c.since_turn_start and c.controller == s.turn_player and is_forward(s, c.uid) \
                and "haste" not in keywords(s, c.uid):
            out.append(Applies(f"{s.name_of(c.uid)} entered the field this turn: it cannot attack (no Haste)",
                               cite("attacker_active_haste"), (c.uid,)))
        if is_forward(s, c.uid) and c.damage and c.damage >= power(s, c.uid) >= 1000:
            out.append(Applies(f"{s.name_of(c.uid)} has damage at least its power: broken at the next rule process",
                               cite("rp_damage_power"), (c.uid,)))
    for p, z in s.zones.items():
        if len(z.damage) >= 5:
            out.append(Applies(f"{p} has {len(z.damage)} damage; at 7 they lose", cite("rp_seven_damage")))
        for uid, n in z.removed:
            if n:
                out.append(Applies(f"{s.name_of(uid)} has {n} Warp counter(s): one is removed at the start of "
                                   f"{p}'s Main Phase 1", cite("warp_counter", "warp_enter"), (uid,)))
    out.extend(_waiting(s))
    from judge.engine.fftcg.explain_ongoing import lines

    out.extend(lines(s))                         # text changes in order, control, replacements (11.12.4-5)
    if s.awaiting:
        out.append(Applies(f"Waiting for {s.awaiting.player}: {s.awaiting.choice}", s.awaiting.cites))
    if s.winner:
        out.append(Applies(f"The game is over: {s.winner}" + (" wins" if s.winner != "draw" else ""), cite("lose")))
    return tuple(out)
