"""The Attack Phase (10): declaring an attack or a party, blocking, and damage with First Strike.

Attack declaration is an action of the turn player; the block is a decision of the non-turn
player at the start of the Block Declaration Step; damage is dealt by the game (10.1.4), First
Strike damage first with its own priority window in which its triggers wait (15.2.3.3).
"""

from __future__ import annotations

from typing import Any

from judge.engine.fftcg.clauses import cite
from judge.engine.fftcg.effects.run import damage_forward, damage_player
from judge.engine.fftcg.events.triggers import emit
from judge.engine.fftcg.log import Log, Refused, as_list, take_answer, yes_no
from judge.engine.fftcg.query import (
    damage_gate,
    field_boosts,
    has,
    is_forward,
    power,
    printed,
)
from judge.engine.fftcg.restrictions import attacks_allowed, cannot_be_blocked_by, must_block, restricted
from judge.engine.fftcg.state import AttackStep, Battle, Phase, State, other
from judge.engine.fftcg.zones.cost import Payment
from judge.engine.fftcg.zones.payments import pay_attack, pay_block
from judge.engine.kernel.values import evolve as replace


def can_attack(s: State, uid: str, player: str) -> Refused | None:
    """Why a Forward cannot be declared as an attacker now (10.1.2.1), or None if it can."""
    c = s.char(uid)
    if c is None or c.controller != player:
        return Refused(f"{uid} is not a Forward {player} controls on the field", "attack_declaration")
    if not is_forward(s, uid):
        return Refused(f"{s.name_of(uid)} is not a Forward; only Forwards attack", "forward_attacks_blocks",
                       "attack_declaration")
    if c.dull:
        return Refused(f"{s.name_of(uid)} is dull; an attacking Forward must be active", "attacker_active_haste")
    if not c.since_turn_start and not has(s, uid, "haste"):
        gated = [n for ab in printed(s, uid) if (n := damage_gate(ab)) is not None]
        extra = (f" (its Damage {gated[0]} ability applies only at {gated[0]} damage)",
                 "damage_keyword") if gated else ("",)
        return Refused(f"{s.name_of(uid)} has not been under {player}'s control since the start of the turn "
                       f"and does not have Haste{extra[0]}", "attacker_active_haste", "haste", *extra[1:])
    if c.attacked and sum(1 for u, _ in s.happened("attacked") if u == uid) >= attacks_allowed(s, uid):
        why = ("attacker_legal", "brave") if has(s, uid, "brave") else ("attacker_legal",)
        return Refused(f"{s.name_of(uid)} has already attacked this turn", *why)
    if restricted(s, uid, "attack"):
        return Refused(f"an effect says {s.name_of(uid)} cannot attack", "attacker_legal")
    return None


def declare(s: State, player: str, attackers: tuple[str, ...], log: Log, pay: Payment | None = None) -> State:
    """Declare an attack by one Forward or a party (10.1.2.1-10.1.2.6, 15.1.1.9)."""
    if s.phase != Phase.ATTACK or s.step != AttackStep.DECLARATION or s.battle is not None or s.stack:
        raise Refused("attacks are declared in the Attack Declaration Step with the stack empty",
                      "attack_declaration", timing=True)
    if player != s.turn_player:
        raise Refused(f"only the turn player attacks; {player} is not the turn player", "attack_phase")
    if s.priority != player:
        raise Refused(f"{player} does not have priority", "priority", timing=True)
    if len(set(attackers)) != len(attackers) or not attackers:
        raise Refused("name each attacking Forward once", "attack_declaration")
    for uid in attackers:
        why = can_attack(s, uid, player)
        if why is not None:
            if len(attackers) > 1:
                why.reason += " (every Forward in a party must be able to attack)"
                why.cites = (*why.cites, *cite("party_legal"))
            raise why
    if len(attackers) > 1:
        wild = [u for u in attackers if party_with_any(s, u)]
        rest = [u for u in attackers if u not in wild]
        common = set(s.card(rest[0]).elements) if rest else set()
        for uid in rest[1:]:
            common &= set(s.card(uid).elements)
        if len(rest) > 1 and not common:
            raise Refused("a party is formed only by Forwards that share an Element", "party_element",
                          "attack_declaration")
        if wild:
            log.add(f"{', '.join(s.name_of(u) for u in wild)} may form a party with Forwards of any Element "
                    f"(card text takes precedence over the shared-Element rule)", "card_text_precedence",
                    "party_element")
    s = pay_attack(s, player, attackers, pay, log)          # 10.1.2.3: checked, locked in and paid
    s = replace(s, battle=Battle(attackers=attackers), priority=None, passes=0)
    for uid in attackers:
        if not s.char(uid).since_turn_start:
            log.add(f"{s.name_of(uid)} has Haste: it may attack although it entered the field this turn",
                    "haste", "attacker_active_haste")
        if has(s, uid, "brave"):
            s = s.with_char(uid, attacked=True)
            log.add(f"{s.name_of(uid)} has Brave: it attacks without dulling", "brave", "attacker_dulls")
        else:
            s = s.with_char(uid, attacked=True, dull=True)
            log.add(f"{s.name_of(uid)} is dulled to attack", "attacker_dulls", changes=(f"{uid}: dull",))
    if len(attackers) > 1:
        log.add(f"{player} attacks with a party of {', '.join(s.name_of(u) for u in attackers)}",
                "party", "party_element", "attacking_forward")
    else:
        log.add(f"{s.name_of(attackers[0])} attacks", "attack_declaration", "attacking_forward")
    for uid in attackers:
        d = s.card(uid)
        if d is not None and d.type != "forward":
            log.add(f"{s.name_of(uid)} is a {d.type.title()} that is also a Forward now, with {power(s, uid)} power "
                    f"(a type change applies before other changes)", "ongoing_order", "power")
        s = s.record("attacked", uid, player)
        s = emit(s, "attacks", uid, log)
        if len(attackers) > 1:                  # "When X forms a party and attacks" (15.1.1.9)
            s = emit(s.record("party", uid, player), "party_attacks", uid, log)
    return replace(s, pc=("priority", player))


def party_with_any(s: State, uid: str) -> bool:
    """Whether an effect lets this Forward form a party with Forwards of any Element (2.1 over 15.1.1.9.2)."""
    from judge.engine.fftcg.query import abilities, field_effects, matches, own_effects
    from judge.text.ast import Restriction

    def grants(e, src: str, ctrl: str) -> bool:
        return isinstance(e, Restriction) and e.mode == "can" and e.action == "form_party_with" and \
            e.target is not None and ((e.target.self_ref and src == uid) or (not e.target.self_ref
                                      and matches(s, uid, e.target, ctrl, src)))
    c = s.char(uid)
    return c is not None and (any(grants(e, uid, c.controller) for ab in abilities(s, uid)
                                  for e in own_effects(s, uid, ab))
                              or any(grants(e, src.uid, src.controller) for src, e in field_effects(s)))


def next_step(s: State, log: Log) -> State:
    """The attack step ends: preparation → declaration → block → damage → next attack (10.1)."""
    tp = s.turn_player
    if s.step == AttackStep.PREPARATION:
        log.add("Attack Declaration Step", "attack_declaration")
        return replace(s, step=AttackStep.DECLARATION, pc=("priority", tp))
    if s.step == AttackStep.DECLARATION:
        if s.battle is None:
            log.add("No attack is declared: the Attack Phase ends", "no_attack")
            return replace(s, pc=("begin", Phase.MAIN2.value))
        log.add("Block Declaration Step", "block_declaration")
        return replace(s, step=AttackStep.BLOCK, pc=("block",))
    if s.step == AttackStep.BLOCK:
        log.add("Damage Resolution Step", "unblocked_damage", "battle_damage")
        return replace(s, step=AttackStep.DAMAGE, pc=("damage",))
    b = s.battle
    if b is not None and b.first_strike_done and not b.damage_done:
        return replace(s, pc=("damage_rest",))
    if b is not None and len(b.attackers) > 1:
        log.add("The party is disbanded", "party_disbanded", "party_disband")
    log.add(f"{tp} may declare another attack (back to the Attack Declaration Step)", "next_attack")
    return replace(s, battle=None, step=AttackStep.DECLARATION, pc=("priority", tp))


def blockers(s: State, player: str) -> list[str]:
    """Forwards `player` could declare as the blocker now (10.1.3.1), less those an attacker's
    "cannot be blocked (by …)" keeps out (11.12.4)."""
    attackers = [u for u in (s.battle.attackers if s.battle is not None else ()) if s.char(u) is not None]
    return [c.uid for c in s.controlled(player, ("forward",)) if not c.dull and not restricted(s, c.uid, "block")
            and not _shut_out(s, attackers, c.uid)]


def _shut_out(s: State, attackers: list[str], blocker: str) -> bool:
    """A blocker is kept out when it may legally block none of the attackers (15.1.1.9.6), or when a member
    says the party it forms cannot be blocked."""
    if len(attackers) > 1 and any(party_unblockable(s, a) for a in attackers):
        return True
    return bool(attackers) and all(cannot_be_blocked_by(s, a, blocker) for a in attackers)


def party_unblockable(s: State, uid: str) -> bool:
    """"If X forms a party, that party cannot be blocked": X's field ability, while X attacks in a party."""
    from judge.engine.fftcg.query import abilities
    from judge.text.ast import Conditional, Restriction

    for ab in abilities(s, uid):
        for e in ab.effects:
            if isinstance(e, Conditional) and e.condition.event == "forms_party" and \
                    (e.condition.selector is None or e.condition.selector.self_ref) and \
                    any(isinstance(x, Restriction) and x.mode == "cannot" and x.action == "be_blocked"
                        for x in e.effects):
                return True
    return False


def block_refusal(s: State, uid: str, player: str) -> Refused:
    """Why `uid` cannot be declared as `player`'s blocker (10.1.3.1): not their Forward, dull, or barred."""
    c = s.char(uid)
    if c is None or c.controller != player or not is_forward(s, uid):
        return Refused(f"{uid} is not a Forward {player} controls", "block_declaration", "forward_attacks_blocks")
    if c.dull:
        return Refused(f"{s.name_of(uid)} is dull; a blocking Forward must be active", "blocker_active")
    attackers = [a for a in (s.battle.attackers if s.battle is not None else ()) if s.char(a) is not None]
    if _shut_out(s, attackers, uid):
        return Refused(f"{s.name_of(attackers[0])} cannot be blocked by {s.name_of(uid)}", "blocker_limits",
                       *(("party_block",) if len(attackers) > 1 else ()))
    return Refused(f"an effect says {s.name_of(uid)} cannot block", "blocker_limits")


def declare_block(s: State, log: Log) -> State:
    """The non-turn player blocks with one Forward or does not (10.1.3.1-10.1.3.6)."""
    tp = s.turn_player
    ntp = other(tp)
    b = s.battle
    assert b is not None
    alive = [u for u in b.attackers if s.char(u) is not None]
    blocker = None
    if not alive:
        log.add("No attacking Forward is left on the field", "removed_from_battle")
    else:
        options = blockers(s, ntp)
        if not options:
            log.add(f"{ntp} has no active Forward able to block", "block_declaration", "blocker_active")
        else:
            forced = [u for u in options if must_block(s, u)]
            s, answer = take_answer(s, ntp, "block", f"{ntp} declares a blocker" + (
                f" (one of {', '.join(forced)} must block)" if forced else " or no block"),
                (*(forced or options), *(() if forced else ("none",))), "block_declaration",
                *(("block_must",) if forced else ()))
            offered = getattr(answer, "pay", None)                  # block: b1 with pay: {...} (10.1.3.1.3)
            answer = getattr(answer, "answer", answer)
            value = as_list(answer)[0] if as_list(answer) else "none"
            declined = yes_no(value) is False or value in (None, "none")
            if forced and (declined or str(value) not in forced):
                raise Refused(f"an effect says {', '.join(s.name_of(u) for u in forced)} must block if possible: "
                              f"{ntp} blocks with " + ("it" if len(forced) == 1 else "one of them"), "block_must")
            if declined:
                log.add(f"{ntp} does not block", "block_declaration")
            elif str(value) in options:
                blocker = str(value)
                s = pay_block(s, ntp, blocker, offered, log)       # checked, locked in and paid
            else:
                raise block_refusal(s, str(value), ntp)
    if blocker is not None:
        what = "the party" if len(b.attackers) > 1 else s.name_of(alive[0])
        keys = ("blocking_forward", "in_battle") + (("party_blocked_as_one", "party_block") if len(b.attackers) > 1
                                                    else ())
        log.add(f"{s.name_of(blocker)} blocks {what}", *keys)
        s = replace(s, battle=replace(b, blocker=blocker, block_declared=True))
        s = emit(s, "blocks", blocker, log)
        for uid in alive:
            s = emit(s, "blocked", uid, log)
    else:
        s = replace(s, battle=replace(b, block_declared=True))
    log.add(f"{tp} gains priority in the Block Declaration Step; either player may cast Summons or use abilities",
            "block_priority")
    return replace(s, pc=("priority", tp))


def _split(s: State, blocker: str, alive: list[str], amount: int, log: Log) -> tuple[State, dict[str, int]]:
    """How a blocker's damage is spread over a party (10.1.4.2.1): the blocking player's choice."""
    if len(alive) == 1:
        return s, {alive[0]: amount}
    ntp = other(s.turn_player)
    s, answer = take_answer(s, ntp, "party_damage",
                            f"{ntp} assigns {amount} damage among {', '.join(alive)} in multiples of 1000",
                            tuple(alive), "party_damage_assignment")
    split: dict[str, int] = {}
    items: Any = answer
    if isinstance(answer, list) and len(answer) == 1 and isinstance(answer[0], dict):
        items = answer[0]
    if isinstance(items, dict):
        split = {str(k): int(v) for k, v in items.items()}
    else:
        for entry in as_list(items):
            uid, _, n = str(entry).partition(":")
            split[uid] = split.get(uid, 0) + (int(n) if n else amount)
    if (any(u not in alive for u in split) or sum(split.values()) != amount
            or any(v < 1000 or v % 1000 for v in split.values())):
        raise Refused(f"assign all {amount} damage among {', '.join(alive)}, at least 1000 each and in "
                      f"multiples of 1000", "party_damage_assignment")
    log.add(f"{ntp} assigns the blocker's {amount} damage: " + ", ".join(f"{n} to {u}" for u, n in split.items()),
            "party_damage_assignment")
    return s, split


def _battle_damage(s: State, dealers: list[str], blocker: str, to_blocker: bool, from_blocker: bool,
                   log: Log, why: tuple[str, ...]) -> State:
    """Simultaneous battle damage between attackers and the blocker (10.1.4.2)."""
    alive = [u for u in dealers if s.char(u) is not None]
    if s.char(blocker) is None or not alive:
        gone = s.name_of(blocker) if s.char(blocker) is None else "the attacking Forward"
        log.add(f"{gone} has left the field, so it is no longer in battle: no battle damage is dealt to or by it",
                "in_battle", "removed_from_battle")
        return s
    for u in (*alive, blocker):
        boosts = field_boosts(s, u)
        if boosts:
            log.add(f"{s.name_of(u)} has {power(s, u)} power, including "
                    + ", ".join(f"{n:+d} from {s.name_of(src)}'s field ability" for src, n in boosts),
                    "field_ability", "field_no_stack", "ongoing_order")
    atk_power = sum(max(0, power(s, u)) for u in alive)
    blk_power = max(0, power(s, blocker))
    split: dict[str, int] = {}
    if from_blocker and blk_power > 0:
        s, split = _split(s, blocker, alive, blk_power, log)
    if to_blocker and atk_power > 0:
        if len(alive) == 1:
            s = damage_forward(s, blocker, atk_power, log, alive[0], why=(*why, "battle_damage"))
        else:
            log.add(f"The party deals its combined {atk_power} damage to {s.name_of(blocker)}", "battle_damage",
                    "party")
            s = damage_forward(s, blocker, atk_power, Log(), None, why=(*why, "battle_damage"))  # still battle damage (6.5)
            for u in alive:                     # each member of the party dealt damage to it (15.1.1.9.8)
                s = emit(s, "deals_damage_forward", u, log, to=blocker)
    for uid, n in split.items():
        s = damage_forward(s, uid, n, log, blocker, why=(*why, "battle_damage"))
    return s


def damage(s: State, log: Log) -> State:
    """Damage Resolution Step (10.1.4): unblocked damage to the player, or battle damage."""
    b = s.battle
    assert b is not None
    tp, ntp = s.turn_player, other(s.turn_player)
    alive = [u for u in b.attackers if s.char(u) is not None]
    if not alive:
        log.add("No attacking Forward is left: no damage is dealt", "in_battle", "removed_from_battle")
        return replace(s, battle=replace(b, damage_done=True), pc=("priority", tp))
    if b.blocker is None:
        log.add(f"{'The party is' if len(b.attackers) > 1 else s.name_of(alive[0]) + ' is'} not blocked: "
                f"1 point of damage to {ntp}", "unblocked_damage")
        s = damage_player(s, ntp, 1, log, alive[0])
        for uid in alive:
            s = emit(s, "deals_damage_player", uid, log, to=ntp)
        s = replace(s, battle=replace(s.battle, damage_done=True))
        return replace(s, pc=("priority", tp), awaiting=None)
    blocker = b.blocker
    fs_atk = all(has(s, u, "first strike") for u in alive)
    fs_blk = s.char(blocker) is not None and has(s, blocker, "first strike")
    if (fs_atk or fs_blk) and not b.first_strike_done:
        keys = ("first_strike",) + (("party_first_strike", "first_strike_party") if len(alive) > 1 else ())
        first = (alive if fs_atk else []) + ([blocker] if fs_blk else [])
        log.add("First Strike: " + ", ".join(s.name_of(u) for u in first)
                + (" deals" if len(first) == 1 else " deal") + " damage first", *keys)
        s = _battle_damage(s, alive, blocker, fs_atk, fs_blk, log, keys)
        s = replace(s, battle=replace(s.battle, first_strike_done=True))
        log.add("After First Strike damage the turn player gains priority (no Summons or abilities may be used; "
                "abilities triggered by it wait)", "first_strike_window")
        return replace(s, pc=("priority", tp))
    if len(alive) > 1 and any(has(s, u, "first strike") for u in alive):
        log.add("Not every Forward in the party has First Strike, so the party deals its damage normally",
                "party_first_strike", "first_strike_party")
    s = _battle_damage(s, alive, blocker, True, True, log, ())
    s = replace(s, battle=replace(s.battle, damage_done=True))
    return replace(s, pc=("priority", tp))


def damage_rest(s: State, log: Log) -> State:
    """Non-First-Strike damage after the First Strike window (15.2.3.2)."""
    b = s.battle
    assert b is not None
    alive = [u for u in b.attackers if s.char(u) is not None]
    fs_atk = all(has(s, u, "first strike") for u in alive) if alive else True
    fs_blk = s.char(b.blocker) is not None and has(s, b.blocker, "first strike") if b.blocker else True
    log.add("The Forwards without First Strike deal their damage now", "first_strike")
    s = _battle_damage(s, alive, b.blocker, not fs_atk, not fs_blk, log, ("first_strike",))
    s = replace(s, battle=replace(s.battle, damage_done=True))
    return replace(s, pc=("priority", s.turn_player))


def step(s: State, pc: tuple[str, ...], log: Log) -> State:
    """Run an attack-phase procedure named by the State's pc."""
    if pc[0] == "block":
        return declare_block(s, log)
    if pc[0] == "damage":
        return damage(s, log)
    if pc[0] == "damage_rest":
        return damage_rest(s, log)
    raise AssertionError(f"unknown procedure {pc!r}")
