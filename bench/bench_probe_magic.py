"""Every Saga magic card of the corpus that coverage calls executed, used on a plain board (two spirits a
side, enough cores, decisions answered `any`): how many runs say something was not modelled or not read,
leave a decision open, or crash. "Executed" should mean the engine runs it; this checks that claim.

Run from the project root with a card database holding the corpus (JUDGE_DB, `judge cards import`):
    python bench/bench_probe_magic.py [magic]
"""
import sys
from pathlib import Path

from probe_run import run_answering

from judge.cards.importers import read_cards
from judge.engine.support import unexecuted
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "bss-cards.json"
every = read_cards(str(CORPUS), "bss", None)
lex = Lexicon.from_cards(every)
by_num = {c.number: c for c in every}
kind = sys.argv[1] if len(sys.argv) > 1 else "magic"
vanilla = [c for c in every if c.type == "spirit" and not c.text.strip()][:4]
v = [c.number for c in vanilla] or ["BSS01-001"]
crashes: list[tuple[str, str]] = []
bad: list[tuple[str, list[str]]] = []
n = 0
for c in every:
    if c.type != kind:
        continue
    r = parse_text(c.text, "bss", name=c.name, lexicon=lex)
    if r.unparsed or any(unexecuted("bss", a) for a in r.abilities):
        continue
    n += 1
    step = "main"
    data = {"game": "bss", "title": "probe", "turn": {"number": 4, "player": "A", "step": step},
            "players": {"A": {"life": 5, "reserve": 12, "deck": 10, "hand": [c.number],
                              "field": [{"id": "a1", "card": v[0], "cores": 3}, {"id": "a2", "card": v[1 % len(v)], "cores": 1}],
                              "trash": [v[0]]},
                        "B": {"life": 5, "reserve": 3, "deck": 10, "hand": [v[0]],
                              "field": [{"id": "b1", "card": v[0], "cores": 3}, {"id": "b2", "card": v[1 % len(v)], "cores": 1, "state": "exhausted"}]}},
            "actions": [{"player": "A", kind: c.number}], "expect": [{"winner": None}]}
    try:
        res = run_answering(data, rounds=7)
        why = [w for w in res.why if "expectations" not in w]
        ref = res.refusals
        if ref:
            why.append("refused: " + "; ".join(str(getattr(x, 'reason', x))[:120] for x in ref.values()))
        if why:
            bad.append((c.number, why))
    except Exception as e:      # a crash is what this bench reports, card by card
        crashes.append((c.number, repr(e)[:200]))
print("probed", n, "with issues", len(bad), "crashes", len(crashes))
for b in bad:
    print(b[0], " | ".join(b[1])[:300])
for cr in crashes:
    print("CRASH", cr)
