"""Every Saga spirit and nexus of the corpus that coverage calls executed (every ability executed), put
through the plays where its abilities have their timing: summoned (placed) from the hand, attacking with
B blocking or not, blocking an attack of B's, destroyed in battle and by an effect of B's, its 【Flash】
effects used, its Swift summon, its constant effects on the field (a BP query), the end of each turn.
Each play of each card is one run (decisions answered `any`, probe_board.drive); per play it counts runs
clean / not modelled or not read / a decision left open / refused / crash, and, separately, each ability
that should have triggered in the play (a self timing with no condition: When Summoned, When Attacks,
When Blocks, When Destroyed, … at a level it has) but never resolves in the trace.

Run from the project root with a card database holding the corpus (JUDGE_DB, `judge cards import`):
    python bench/bench_probe_saga.py [spirit|nexus] [--only NUMBER] [--trace]
Reasons are printed grouped with card numbers, for the training sets only: the validation sets
(bench/validation.toml) are tallied, never read. Keep the output to your terminal.
"""
from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from probe_board import VALIDATION, Outcome, drive, load_corpus

from judge.engine.bs.events.happened import activation_condition

#: B's attacker (and A's Swift window opener): big enough to win any battle, level 1 on one core
WALL = {"name": "Probe Wall", "type": "spirit", "colors": ["white"], "cost": 1, "symbols": ["white"],
        "levels": {1: {"cores": 1, "bp": 90000}}}
#: A's spirit an 【Ascend】 empties: costly enough for any of them
GIANT = {"name": "Probe Giant", "type": "spirit", "colors": ["red"], "cost": 10, "symbols": ["red"],
         "levels": {1: {"cores": 1, "bp": 1000}}}
#: B's removal: a main-step magic in the project's own words
SMASH = {"name": "Probe Smash", "type": "magic", "colors": ["purple"], "cost": 0,
         "text": "[Main] Select one of your opponent's spirits and destroy it."}

SUMMON = frozenset({"when_summoned", "when_summoned_or_attacks", "when_summoned_or_destroyed"})
ATTACK = frozenset({"when_attacks", "when_attacks_or_blocks", "when_summoned_or_attacks"})
BLOCK = frozenset({"when_blocks", "when_attacks_or_blocks"})
DESTROYED = frozenset({"when_destroyed", "when_destroyed_by_opponent", "when_opponent_destroys_this_spirit",
                       "when_summoned_or_destroyed"})
#: keywords that trigger as their spirit attacks (their step's timing is the keyword)
ATTACK_KEYWORDS = frozenset({"Crush", "Raid"})


def _board(turn: str, step: str, a_field: list[dict], hand: list[Any] = (), b_hand: list[Any] = ()) -> dict:
    v = CORPUS.vanilla
    return {"game": "bss", "title": "probe", "cards": {"wall": WALL, "smash": SMASH, "giant": GIANT},
            "turn": {"number": 4, "player": turn, "step": step},
            "players": {"A": {"life": 5, "reserve": 20, "deck": [v[i % len(v)] for i in range(10)], "hand": list(hand), "trash": [v[0]],
                              "field": [*a_field, {"id": "a1", "card": v[0], "cores": 3},
                                        {"id": "a2", "card": v[1 % len(v)], "cores": 2},
                                        {"id": "g", "card": "giant", "cores": 1}]},
                        "B": {"life": 5, "reserve": 6, "deck": [v[i % len(v)] for i in range(10)], "hand": list(b_hand), "trash": [v[0]],
                              "field": [{"id": "b1", "card": v[0], "cores": 3}, {"id": "b2", "card": v[1 % len(v)], "cores": 3},
                                        {"id": "w", "card": "wall", "cores": 1}]}},
            "actions": []}


def _on_field(c: Any, lv: int) -> dict:
    return {"id": "p", "card": c.number, "cores": max(c.levels[lv][0], 0) if lv in c.levels else 1}


def _a(player: str, **verb: Any) -> dict:
    return {"player": player, **verb}


def play_summon(c: Any, lv: int) -> dict:
    d = _board("A", "main", [], hand=[{"id": "p", "card": c.number}])
    verb = "place" if c.type == "nexus" else "summon"
    extra = {"ascend": "g"} if any(a.keyword and a.keyword.name == "Ascend" for a in ABILITIES[c.number]) else {}
    d["actions"] = [_a("A", **{verb: "p", "cores": max(c.levels.get(lv, (1, 0))[0], 0 if c.type == "nexus" else 1)},
                       **extra)]
    return d


def play_attack(blocked: bool) -> Callable[[Any, int], dict]:
    def play(c: Any, lv: int) -> dict:
        d = _board("A", "attack", [_on_field(c, lv)])
        who = "a1" if c.type == "nexus" else "p"
        d["actions"] = [_a("A", attack=who), _a("B", block="b2") if blocked else _a("B", no_block=True)]
        return d
    return play


def play_blocks(blocked: bool) -> Callable[[Any, int], dict]:
    def play(c: Any, lv: int) -> dict:
        d = _board("B", "attack", [_on_field(c, lv)])
        who = "a1" if c.type == "nexus" else "p"
        d["actions"] = [_a("B", attack="w"), _a("A", block=who) if blocked else _a("A", no_block=True)]
        return d
    return play


def play_destroyed_by_effect(c: Any, lv: int) -> dict:
    d = _board("B", "main", [_on_field(c, lv)], b_hand=[{"id": "s", "card": "smash"}])
    d["actions"] = [_a("B", magic="s", targets=["a1" if c.type == "nexus" else "p"])]
    return d


def play_flash(index: int, keyword: str | None) -> Callable[[Any, int], dict]:
    def play(c: Any, lv: int) -> dict:
        if keyword == "Swift":     # summoned in a flash window: B's attack, A's flash timing (7-3)
            d = _board("B", "attack", [], hand=[{"id": "p", "card": c.number}])
            d["actions"] = [_a("B", attack="w"), _a("A", summon="p", cores=max(c.levels.get(lv, (1, 0))[0], 1))]
            return d
        d = _board("A", "main", [_on_field(c, lv)])
        extra = {"cores_from": {"a1": 2}} if keyword == "Awaken" else {}
        d["actions"] = [_a("A", activate="p", ability=index, **extra)]
        return d
    return play


def play_field(c: Any, lv: int) -> dict:
    d = _board("A", "main", [_on_field(c, lv)])
    d["actions"] = [_a("A", end_step=True)]
    d["expect"] = [{"card": "p", "bp": -1}, {"card": "a1", "bp": -1}, {"card": "b1", "bp": -1}]
    return d


def play_turn_end(player: str) -> Callable[[Any, int], dict]:
    def play(c: Any, lv: int) -> dict:
        d = _board(player, "main", [_on_field(c, lv)])
        d["actions"] = [_a(player, end_step=True), _a(player, end_step=True)]
        return d
    return play


PLAYS: dict[str, Callable[[Any, int], dict]] = {
    "summon": play_summon, "attack, not blocked": play_attack(False), "attack, blocked": play_attack(True),
    "block (destroyed in battle)": play_blocks(True), "opponent attacks, no block": play_blocks(False),
    "destroyed by effect": play_destroyed_by_effect, "field (BP query)": play_field,
    "your end of turn": play_turn_end("A"), "opponent's end of turn": play_turn_end("B"),
}
#: each play's self timings that must trigger in it (at a level the ability has, with no condition)
EXPECTED: dict[str, frozenset[str]] = {
    "summon": SUMMON | {"when_placed"}, "attack, not blocked": ATTACK, "attack, blocked": ATTACK,
    "block (destroyed in battle)": BLOCK | DESTROYED,
}


def plays_for(ab: Any) -> list[str]:
    """The plays in which an ability has its timing."""
    t = ab.timing or ""
    kw = ab.keyword.name if ab.keyword else None
    if ab.kind.value in ("magic", "activated") or kw in ("Awaken", "Swift"):
        return [f"flash {kw or ab.kind.value} #{ab_index(ab)}"]
    out: set[str] = set()
    if t in SUMMON or t == "when_placed" or t.startswith("while_paying") or "main_step" in t:
        out.add("summon")
    if t in ATTACK or ("attack" in t and "opponents" not in t):
        out |= {"attack, not blocked", "attack, blocked"}
    if t in BLOCK or ("attack" in t and "your_attack" not in t) or "opponents" in t:
        out |= {"block (destroyed in battle)", "opponent attacks, no block"}
    if t in DESTROYED:
        out |= {"block (destroyed in battle)", "destroyed by effect"}
    if "end_step" in t or "end_of" in t:
        out |= {"your end of turn", "opponent's end of turn"}
    if not t or t in ("during_your_turn", "event", "while_linked") or "start_step" in t or "draw_step" in t \
            or "core_step" in t:
        out |= {"field (BP query)", "attack, blocked", "block (destroyed in battle)", "destroyed by effect"}
    return sorted(out) or ["field (BP query)"]


_INDEX: dict[int, int] = {}
ABILITIES: dict[str, tuple[Any, ...]] = {}


def ab_index(ab: Any) -> int:
    return _INDEX[id(ab)]


def missing(c: Any, abilities: tuple[Any, ...], play: str, lv: int, out: Outcome) -> list[str]:
    """The abilities that should have resolved in this play and did not."""
    res = out.result
    if res is None or out.verdict != "clean":
        return []
    fired = Counter((t.step.fired, t.step.timing) for t in res.steps if t.step.fired is not None)
    who = "p"
    want = EXPECTED.get(play, frozenset())
    gone: list[str] = []
    for i, ab in enumerate(abilities):
        if ab.levels and lv not in ab.levels:
            continue
        kw = ab.keyword.name if ab.keyword else None
        if ab.kind.value == "triggered" and ab.timing in want and ab.condition is None and \
                activation_condition(ab) is None:       # "When Summoned: if … from the trash, …" may not activate
            if ab.timing in DESTROYED - SUMMON and play.startswith("block") and \
                    res.state.field_card("p") is not None:
                continue              # it won its battle: nothing destroyed it
            if ab.timing in BLOCK and c.type == "nexus":
                continue
            if not fired[(who, ab.timing)]:
                gone.append(f"#{i} {ab.timing}")
        elif kw in ATTACK_KEYWORDS and play.startswith("attack") and c.type == "spirit" and \
                not any(f == who for (f, _t) in fired):
            gone.append(f"#{i} {kw}")
    return gone


def main(argv: list[str]) -> None:
    kinds = [a for a in argv if a in ("spirit", "nexus")] or ["spirit", "nexus"]
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    counts: dict[str, Counter] = defaultdict(Counter)
    reasons: dict[tuple[str, str], set[str]] = defaultdict(set)
    not_seen: dict[str, set[str]] = defaultdict(set)
    cards = 0
    train: Counter = Counter()
    held: Counter = Counter()
    for kind in kinds:
        for c, abilities in CORPUS.executed(kind):
            if only and c.number != only:
                continue
            cards += 1
            ABILITIES[c.number] = abilities
            plays: dict[str, set[int]] = defaultdict(set)
            for i, ab in enumerate(abilities):
                _INDEX[id(ab)] = i
                lv = min(ab.levels) if ab.levels else min(c.levels or {1: 0})
                for p in plays_for(ab):
                    plays[p].add(lv)
            for p, lvs in sorted(plays.items()):
                for lv in sorted(lvs):
                    make = PLAYS.get(p)
                    if make is None:
                        kw, idx = p.split()[1], int(p.split("#")[1])
                        make = play_flash(idx, kw if kw in ("Awaken", "Swift") else None)
                    out = drive(make(c, lv))
                    group = p.split(" #")[0]
                    held_out = c.set in VALIDATION       # measured, never read (bench/validation.toml)
                    counts[group][out.verdict] += 1
                    (held if held_out else train)[out.verdict] += 1
                    if held_out:
                        held["never triggered"] += len(missing(c, abilities, p, lv, out))
                        continue
                    if out.verdict != "clean":
                        for w in out.why or [out.crash or "?"]:
                            reasons[(out.verdict, _shape(w))].add(c.number)
                    for g in missing(c, abilities, p, lv, out):
                        counts[group]["never triggered"] += 1
                        not_seen[f"{group}: {g.split(' ', 1)[1]}"].add(c.number)
                    if "--trace" in argv:
                        print(f"== {c.number} {p} LV{lv}: {out.verdict}")
                        for t in out.result.steps if out.result else ():
                            print("  ", t.action, t.step.fired, t.step.timing, t.step.text[:150])
                        print("  why:", out.why, out.crash)
    print(f"probed {cards} cards")
    cols = ["clean", "not modelled", "open", "refused", "crash", "never triggered"]
    print(f"{'play':32}" + "".join(f"{k:>16}" for k in cols))
    for g in sorted(counts):
        print(f"{g:32}" + "".join(f"{counts[g][k]:>16}" for k in cols))
    print("all plays, training sets: " + ", ".join(f"{k} {train[k]}" for k in cols))
    print(f"all plays, validation sets {'/'.join(VALIDATION)} (tally only): " + ", ".join(f"{k} {held[k]}" for k in cols))
    print("reasons (training sets only):")
    for (verdict, shape), nums in sorted(reasons.items(), key=lambda x: -len(x[1])):
        print(f"[{verdict}] {len(nums)} {shape[:220]} :: {' '.join(sorted(nums)[:12])}")
    for what, nums in sorted(not_seen.items(), key=lambda x: -len(x[1])):
        print(f"[never triggered] {len(nums)} {what} :: {' '.join(sorted(nums)[:12])}")


def _shape(why: str) -> str:
    """A reason with its card-specific parts cut short, so that like reasons group."""
    import re
    why = re.sub(r"actions\[\d+\]", "actions[n]", why)
    why = re.sub(r"\((?:[^()]|\([^()]*\))*\)", "(…)", why)
    return why[:240]


CORPUS = load_corpus()
if __name__ == "__main__":
    main(sys.argv[1:])
