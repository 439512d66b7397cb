"""FFTCG engine benchmark: a 40-action scenario resolves in well under 50 ms (issue 6).

Run: python bench/bench_fftcg.py
Builds a five-turn game of 40+ actions (casting with CP payment, Summons on the stack, auto-
abilities, attacks, blocks, First Strike, EX Burst choices, turn changes), loads it once (card text
parsing is reported separately: it happens once per scenario file), then resolves it repeatedly
with the scenario runner and reports the median and p95 times and their ratio to the 50 ms budget.
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


if __name__ == "__main__":
    main()
