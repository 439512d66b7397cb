"""Rule processes (12): checked whenever a player would gain priority, performed simultaneously.

Defeat (12.4.1-12.4.3 with 3.1-3.3), power zero or less (12.4.4), damage at least power
(12.4.5: broken), same-name non-generic Characters (12.4.6), more than one Light/Dark Character
(12.4.7) and more than five Backups (12.4.8), repeated until nothing new happens (11.1.3).
"""

from __future__ import annotations

from collections import defaultdict

from judge.engine.fftcg.log import Log, Refused, as_list, not_modelled, take_answer
from judge.engine.fftcg.query import (
    conditional_field,
    field_conditions,
    field_effects,
    is_forward,
    names,
    per_unknown,
    power,
)
from judge.engine.fftcg.restrictions import light_dark_allowed, restricted
from judge.engine.fftcg.state import PLAYERS, State, other
from judge.engine.fftcg.zones.moves import move
from judge.engine.kernel.values import evolve as replace
from judge.text.ast import Possible


def _defeat(s: State, log: Log) -> State:
    limit = 6 if s.limited else 7
    losers: dict[str, tuple[str, ...]] = {}
    for p in PLAYERS:
        if len(s.zones[p].damage) >= limit:
            losers[p] = ("rp_seven_damage", "lose_seven_damage")
            log.add(f"{p} has {len(s.zones[p].damage)} cards in the Damage Zone and loses the game", *losers[p])
        elif p in s.failed_draw:
            losers[p] = ("rp_empty_draw", "lose_cannot_draw")
            log.add(f"{p} tried to draw from an empty main deck and loses the game", *losers[p])
        elif p in s.damage_beyond_deck:
            losers[p] = ("rp_damage_beyond_deck", "lose_damage_empty_deck")
            log.add(f"{p} took more damage than the cards left in the main deck and loses the game", *losers[p])
    if not losers:
        return s
    if len(losers) == 2:
        log.add("Both players lose at the same time: the game is a draw", "both_lose_draw")
        return replace(s, winner="draw", priority=None, pc=None)
    loser = next(iter(losers))
    log.add(f"{other(loser)} wins the game", "lose")
    return replace(s, winner=other(loser), priority=None, pc=None)


def crowded(s: State, p: str) -> tuple[dict[str, list[str]], list[str]]:
    """What player `p` controls that the rules do not leave as it is: non-generic Characters by
    name (12.4.6: two or more of one name all go) and the Light or Dark Characters (12.4.7: two
    or more all go). The rule process reads it; the board editor warns from it (judge.tui.board_checks)."""
    by_name: dict[str, list[str]] = defaultdict(list)
    light_dark: list[str] = []
    for c in s.controlled(p):
        d = s.card(c.uid)
        if d is None:
            continue
        if not d.generic:
            for n in names(s, c.uid):
                by_name[n].append(c.uid)
        if d.light_dark:
            light_dark.append(c.uid)
    return dict(by_name), light_dark


def _light_dark_kept(s: State, p: str, uids: list[str], log: Log) -> bool:
    """Whether a field ability lets `p` keep these Light/Dark Characters together (2.1 over 12.4.7), said so."""
    src = light_dark_allowed(s, p, [s.card(u) for u in uids])
    if src is not None:
        log.add(f"{p} controls {len(uids)} Light/Dark Characters and keeps them: {s.name_of(src)}'s field ability "
                f"lets them (card text over the rules)", "card_text_precedence", "rp_light_dark", "field_ability")
    return src is not None


_CLEAN: list = []      # the last (field, zones) found to need no card rule process (values are immutable)


def _card_processes(s: State, log: Log, choose: bool = True) -> tuple[State, list[tuple[str, str, bool]]]:
    """Every Character a rule process puts into the Break Zone now: (card, reason key, broken?); `choose`
    False leaves out the one process that asks a player (12.4.8)."""
    damage = tuple(len(z.damage) for z in s.zones.values())     # Damage N abilities change power
    if _CLEAN and _CLEAN[0] is s.field and _CLEAN[1] == damage and _CLEAN[2] is s.defs:
        return s, []          # (never kept for a board with an "If …, …" field ability: see below)
    out: dict[str, tuple[str, bool]] = {}
    fx = list(field_effects(s))
    for c in s.field:
        if not is_forward(s, c.uid):
            continue
        pw = power(s, c.uid, fx)
        if pw <= 0:
            out[c.uid] = ("rp_zero_power", False)
        elif pw >= 1000 and c.damage >= pw and not restricted(s, c.uid, "be_broken"):
            out[c.uid] = ("rp_damage_power", True)
    for p in PLAYERS:
        by_name, light_dark = crowded(s, p)
        for uids in by_name.values():
            if len(uids) > 1:
                for u in uids:
                    out.setdefault(u, ("rp_same_name", False))
        if len(light_dark) > 1 and not _light_dark_kept(s, p, light_dark, log):
            for u in light_dark:
                out.setdefault(u, ("rp_light_dark", False))
        backups = [c.uid for c in s.controlled(p, ("backup",)) if c.uid not in out]
        if len(backups) > 5 and choose:
            extra = len(backups) - 5
            s, answer = take_answer(s, p, "backups",
                                    f"{p} controls {len(backups)} Backups and puts {extra} into the Break Zone",
                                    tuple(backups), "rp_six_backups")
            chosen = [str(u) for u in as_list(answer)]
            if len(chosen) != extra or any(u not in backups for u in chosen):
                raise Refused(f"{p} must choose exactly {extra} of their Backups ({', '.join(backups)})",
                              "rp_six_backups")
            for u in chosen:
                out[u] = ("rp_six_backups", False)
    if not out and not conditional_field(s):
        _CLEAN[:] = [s.field, damage, s.defs]
    return s, [(u, key, broken) for u, (key, broken) in out.items()]


_WHY = {"rp_zero_power": "its power is 0 or less", "rp_damage_power": "its damage is at least its power",
        "rp_same_name": "its controller controls two or more non-generic Characters with the same name",
        "rp_light_dark": "its controller controls two or more Light/Dark Characters",
        "rp_six_backups": "its controller had more than five Backups"}


def rule_processes(s: State, log: Log) -> State:
    """Perform every rule process that applies, simultaneously, until none applies (11.1.3, 12.3)."""
    s = field_conditions_checked(s, log)
    _undone_on_field(s, log)
    s = _same_timestamps(s, log)
    for _ in range(50):
        s = _defeat(s, log)
        # 12.3: every process that applies is performed as one event, a player's defeat included — the
        # Characters this same check puts into the Break Zone go there too (no choice is asked once the game
        # is over: which extra Backups go, 12.4.8, is then left undecided).
        s, found = _card_processes(s, log, choose=s.winner is None)
        if not found:
            return s
        extra = ("rp_same_name", "same_name_limit") if any(k == "rp_same_name" for _, k, _ in found) else ()
        log.add("Rule processes: " + "; ".join(f"{s.name_of(u)}: {_WHY[k]}" for u, k, _ in found),
                "rule_processes", *dict.fromkeys(k for _, k, _ in found), *extra)
        for u, key, broken in found:
            if s.char(u) is not None:
                s = move(s, u, "break", log, why=(key, "kw_break" if broken else "kw_put_into_break"), broken=broken)
        if s.winner is not None:
            return s
    return s



def _undone_on_field(s: State, log: Log) -> None:
    """Abilities of the Characters on the field this engine would leave undone (a field ability it does not
    apply, a trigger it does not watch): said as "not modelled", so a ruling that may depend on them is
    never taken as complete."""
    from judge.engine.fftcg.effects.not_read import on_field
    from judge.engine.fftcg.query import abilities
    from judge.engine.fftcg.support import on_field_gaps

    for c in s.field:
        for ab in abilities(s, c.uid):
            gaps = on_field_gaps(ab)
            if gaps:
                not_modelled(log, f'{s.name_of(c.uid)}: "{ab.text}" ({", ".join(gaps)})')
            on_field(s, c.uid, ab, log)      # a field ability (11.9.1) with words not read: said so


def field_conditions_checked(s: State, log: Log) -> State:
    """Say which "If …, …" field abilities start or stop applying (11.9.1, 11.12.4.4), and which cannot be read.

    The effects themselves are read from the board on every look (`query.live`); this only records
    the changes in the ruling, remembering what held at the last check in `State.cond_on`.
    """
    for u, e in per_unknown(s):
        not_modelled(log, f"what the \"for each …\" of {s.name_of(u)}'s field ability counts ({e.per.zone}) is "
                          f"not kept by this engine, so the effect counts 0 here")
    if not s.cond_on and not conditional_field(s):
        return s
    found = [(u, cond, ok) for u, cond, ok in field_conditions(s) if not isinstance(cond, Possible)]  # "If possible":
    now = tuple((u, cond.text) for u, cond, ok in found if ok)                  # an obligation, not a state
    if now == s.cond_on and not any(ok is None for _, _, ok in found):
        return s
    for u, cond, ok in found:
        key = (u, cond.text)
        if ok and key not in s.cond_on:
            log.add(f'{s.name_of(u)}: "{cond.text}" now holds, so its field ability applies', "field_ability",
                    "field_ongoing")
        elif ok is None:
            text = (f'{s.name_of(u)}: the condition "{cond.text}" of its field ability is not evaluated by this '
                    f'engine, so its effect is not applied here; a judge must check it by hand')
            if not any(n.text == text for n in log):
                log.add(text, "field_ability", "field_ongoing")
            not_modelled(log, f'whether "{cond.text}" holds for the field ability of {s.name_of(u)}')
    for u, text in s.cond_on:
        if (u, text) not in now and s.char(u) is not None:
            log.add(f'{s.name_of(u)}: "{text}" no longer holds, so its field ability stops applying',
                    "field_ability", "field_ongoing")
    return replace(s, cond_on=now) if now != s.cond_on else s


def _same_timestamps(s: State, log: Log) -> State:
    """Equal timestamps whose order changes the result (11.12.4.11): the turn player chooses the order."""
    from judge.engine.fftcg import ongoing
    from judge.engine.fftcg.query import gated

    if not s.field or ongoing.text_layer(s, gated) is None:
        return s
    for a, b in ongoing.ties(s, gated):
        if a.source in s.ts_first and b.source in s.ts_first:
            continue
        options = (a.source, b.source)
        s, answer = take_answer(s, s.turn_player, "order", f"{s.name_of(a.source)} and {s.name_of(b.source)} have "
                                f"the same timestamp and the order of their effects changes the result: "
                                f"{s.turn_player} chooses which applies first", options, "same_timestamp",
                                "ongoing_order")
        first = [str(x) for x in as_list(answer)][:1]
        if not first or first[0] not in options:
            raise Refused(f"say which of {', '.join(options)} applies first", "same_timestamp")
        rest = [u for u in options if u != first[0]]
        s = replace(s, ts_first=(*s.ts_first, first[0], *rest))
        log.add(f"{s.turn_player} applies {s.name_of(first[0])}'s effect first, then {s.name_of(rest[0])}'s",
                "same_timestamp", "ongoing_order")
    return s
