"""Every Saga magic card of the corpus that coverage calls executed, used on a plain board (two spirits a
side, enough cores, decisions answered `any`): how many runs say something was not modelled or not read,
leave a decision open, or crash. "Executed" should mean the engine runs it; this checks that claim.
(The spirits and nexuses, by the timing of each ability: bench_probe_saga.py; shared code: probe_board.py.)

Run from the project root with a card database holding the corpus (JUDGE_DB, `judge cards import`):
    python bench/bench_probe_magic.py [magic]
"""
import sys
from collections import Counter

from probe_board import VALIDATION, drive, load_corpus

corpus = load_corpus()
kind = sys.argv[1] if len(sys.argv) > 1 else "magic"
v = corpus.vanilla
crashes: list[tuple[str, str]] = []
bad: list[tuple[str, list[str]]] = []
n = 0
held_out: Counter = Counter()
for c, _abilities in corpus.executed(kind):
    n += 1
    data = {"game": "bss", "title": "probe", "turn": {"number": 4, "player": "A", "step": "main"},
            "players": {"A": {"life": 5, "reserve": 12, "deck": 10, "hand": [c.number],
                              "field": [{"id": "a1", "card": v[0], "cores": 3}, {"id": "a2", "card": v[1 % len(v)], "cores": 1}],
                              "trash": [v[0]]},
                        "B": {"life": 5, "reserve": 3, "deck": 10, "hand": [v[0]],
                              "field": [{"id": "b1", "card": v[0], "cores": 3}, {"id": "b2", "card": v[1 % len(v)], "cores": 1, "state": "exhausted"}]}},
            "actions": [{"player": "A", kind: c.number}], "expect": [{"winner": None}]}
    out = drive(data)
    if c.set in VALIDATION:        # measured, never read (bench/validation.toml)
        held_out[out.verdict] += 1
        continue
    if out.crash is not None:
        crashes.append((c.number, out.crash))
    elif out.why:
        bad.append((c.number, out.why))
print("probed", n, "with issues", len(bad), "crashes", len(crashes), "(training sets; validation sets, tally only:",
      dict(held_out), ")")
for b in bad:
    print(b[0], " | ".join(b[1])[:300])
for cr in crashes:
    print("CRASH", cr)
