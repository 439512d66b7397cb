"""FFTCG engine benchmark: a 40-action scenario, and how the time grows with the size of the board.

Run: python bench/bench_fftcg.py [--sizes 10,20,40,80]
Part 1 builds a five-turn game of 40+ actions (casting with CP payment, Summons on the stack, auto-
abilities, attacks, blocks, First Strike, EX Burst choices, turn changes), loads it once (card text
parsing is reported separately: it happens once per scenario file), then resolves it repeatedly
with the scenario runner and reports the median and p95 times and their ratio to the 50 ms budget.

Part 2 (issue 10.8) plays the same 50 actions on boards of 10, 20, 40 and 80 Characters a side,
among them Backups whose field abilities boost every Fire Forward (so every power read walks the
field abilities), and prints the time per 50 actions and its ratio to the smallest board: a
linear engine grows about as the board does (x8 from 10 to 80), a quadratic one about as its square.
Ratios come from one run on a shared machine; nothing here is asserted.
"""

from __future__ import annotations

import statistics
import time

BUDGET_MS = 50.0

CARDS = {
    "lancer": {"name": "Bench Lancer", "type": "forward", "element": ["fire"], "cost": 2, "power": 7000,
               "text": "First Strike"},
    "scout": {"name": "Bench Scout", "type": "forward", "element": ["fire"], "cost": 2, "power": 5000,
              "text": "Haste", "generic": True},
    "archer": {"name": "Bench Archer", "type": "forward", "element": ["ice"], "cost": 2, "power": 4000,
               "generic": True, "text": "When Bench Archer enters the field, draw 1 card."},
    "knight": {"name": "Bench Knight", "type": "forward", "element": ["ice"], "cost": 2, "power": 9000,
               "generic": True, "text": ""},
    "clerk": {"name": "Bench Clerk", "type": "backup", "element": ["fire"], "cost": 2, "generic": True, "text": ""},
    "icer": {"name": "Bench Icer", "type": "backup", "element": ["ice"], "cost": 2, "generic": True, "text": ""},
    "bolt": {"name": "Bench Bolt", "type": "summon", "element": ["fire"], "cost": 2,
             "text": "Choose 1 Forward. Deal it 2000 damage."},
    "shell": {"name": "Bench Shell", "type": "summon", "element": ["ice"], "cost": 2,
              "text": "Choose 1 Forward you control. It gains +3000 power until the end of the turn."},
}


def scenario() -> dict:
    """Five turns of ten actions each; every action is legal, so none is refused."""
    actions: list[dict] = []
    for turn in range(5):
        me, them = ("A", "B") if turn % 2 == 0 else ("B", "A")
        x = me.lower()
        fwd, spell, attacker = ("scout", "bolt", "scout") if me == "A" else ("archer", "shell", "b_big")
        actions += [
            {"player": me, "cast": fwd, "pay": {"dull": [f"{x}1", f"{x}2"]}},
            {"player": me, "cast": spell, "pay": {"dull": [f"{x}3", f"{x}4"]}, "targets": ["b_big"]},
            {"player": me, "pass": True},
            {"player": them, "pass": True},
            {"player": me, "end_phase": True},
            {"player": me, "end_phase": True},
            {"player": me, "attack": attacker},
            {"player": them, "no_block": True} if turn % 3 else {"player": them, "block": f"{them.lower()}_big"},
            {"player": me, "pass": True},
            {"player": me, "end_turn": True},
        ]
    def side(p: str, backup: str, big: str, fwd: str, spell: str) -> dict:
        x = p.lower()
        return {"deck": [fwd, spell] * 6 + [20], "hand": [fwd, spell],
                "field": [{"id": f"{x}{i}", "card": backup} for i in range(1, 5)] + [{"id": f"{x}_big", "card": big}]}
    return {
        "game": "fftcg",
        "title": "Benchmark: five turns of casting, Summons, triggers and attacks",
        "cards": CARDS,
        "turn": {"number": 3, "player": "A", "phase": "main1"},
        "players": {"A": side("A", "clerk", "lancer", "scout", "bolt"),
                    "B": side("B", "icer", "knight", "archer", "shell")},
        "actions": actions,
        "expect": [{"winner": None}],
    }


def main() -> None:
    from judge.engine.scenario import run_scenario, scenario_from_data

    data = scenario()
    t = time.perf_counter()
    sc = scenario_from_data(data, "bench")
    load_ms = (time.perf_counter() - t) * 1000
    first = run_scenario(sc)
    refused = sorted(first.refusals)
    times, cpu = [], []
    for _ in range(30):
        t, c = time.perf_counter(), time.process_time()
        run_scenario(sc)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    med = statistics.median(times)
    p95 = sorted(times)[int(0.95 * (len(times) - 1))]
    print(f"actions: {len(sc.actions)}  trace steps: {len(first.steps)}  refused: {refused or 'none'}  "
          f"final turn: {first.state.turn}")
    print(f"load (card text parsed once): {load_ms:.1f} ms")
    print(f"resolve all actions: median {med:.2f} ms, p95 {p95:.2f} ms  "
          f"(ratio to the {BUDGET_MS:.0f} ms budget: {med / BUDGET_MS:.2f}); CPU time median "
          f"{statistics.median(cpu):.2f} ms ({statistics.median(cpu) / BUDGET_MS:.2f} of the budget)")


SCALE_CARDS = {
    "brute": {"name": "Scale Brute", "type": "forward", "element": ["fire"], "cost": 2, "power": 8000,
              "generic": True, "text": ""},
    "guard": {"name": "Scale Guard", "type": "forward", "element": ["ice"], "cost": 2, "power": 7000,
              "generic": True, "text": ""},
    "herald": {"name": "Scale Herald", "type": "backup", "element": ["fire"], "cost": 2, "generic": True,
               "text": "The Fire Forwards you control gain +1000 power."},
    "warden": {"name": "Scale Warden", "type": "backup", "element": ["ice"], "cost": 2, "generic": True,
               "text": "The Ice Forwards you control gain +1000 power."},
    "spark": {"name": "Scale Spark", "type": "summon", "element": ["fire"], "cost": 1,
              "text": "Choose 1 Forward. Deal it 1000 damage."},
    "ember": {"name": "Scale Ember", "type": "summon", "element": ["fire"], "cost": 1,
              "text": "Choose 1 Forward. Deal it 1000 damage."},
}


def scale_scenario(n: int) -> dict:
    """n Characters a side (five Backups with field abilities, the rest Forwards); 50 actions."""
    def side(p: str, fwd: str, backup: str) -> dict:
        x = p.lower()
        field = [{"id": f"{x}b{i}", "card": backup} for i in range(5)]
        field += [{"id": f"{x}f{i}", "card": fwd} for i in range(n - 5)]
        return {"deck": ["spark", "ember"] * 12 + [10], "hand": ["spark", "ember"], "field": field}
    actions: list[dict] = []
    for turn in range(5):
        me, them = ("A", "B") if turn % 2 == 0 else ("B", "A")
        x, y = me.lower(), them.lower()
        block = {"block": f"{y}f{3 + turn // 2}"} if me == "A" and turn < 4 else {"no_block": True}
        actions += [
            {"player": me, "cast": "spark", "pay": {"discard": ["ember"]}, "targets": [f"{y}f0"]},
            {"player": me, "pass": True},
            {"player": them, "pass": True},
            {"player": me, "end_phase": True},
            {"player": me, "attack": f"{x}f1"},
            {"player": them, **block},
            {"player": me, "attack": f"{x}f2"},
            {"player": them, "no_block": True},
            {"player": me, "end_phase": True},
            {"player": me, "end_turn": True},
        ]
    return {"game": "fftcg", "title": f"Benchmark: {n} Characters a side", "cards": SCALE_CARDS,
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": side("A", "brute", "herald"), "B": side("B", "guard", "warden")},
            "actions": actions, "expect": [{"winner": None}]}


def scaling(sizes: tuple[int, ...] = (10, 20, 40, 80), runs: int = 5) -> None:
    """Time 50 actions on boards of each size; print ms and the ratio to the smallest board."""
    from judge.engine.scenario import run_scenario, scenario_from_data

    base = None
    print("Characters a side | ms per 50 actions (CPU, median) | ratio to the smallest")
    for n in sizes:
        sc = scenario_from_data(scale_scenario(n), f"bench-{n}")
        first = run_scenario(sc)
        assert not first.refusals, f"size {n}: refused {dict(first.refusals)}"
        cpu = []
        for _ in range(runs):
            c = time.process_time()
            run_scenario(sc)
            cpu.append((time.process_time() - c) * 1000)
        med = statistics.median(cpu)
        base = base or med
        print(f"{n:>17} | {med:>31.1f} | {med / base:>5.2f}")


if __name__ == "__main__":
    import sys

    main()
    sizes = (10, 20, 40, 80)
    if "--sizes" in sys.argv:
        sizes = tuple(int(x) for x in sys.argv[sys.argv.index("--sizes") + 1].split(","))
    scaling(sizes)
