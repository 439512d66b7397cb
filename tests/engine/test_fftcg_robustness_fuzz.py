"""FFTCG: random sequences of this session's constructs (X payments, block and attack costs, a "you may …
instead" replacement during a cost, reveals from hand and until found, loops of payments) — right or
wrong — give a ruling, a refusal or a JudgeError, never another exception, and no card is in two zones."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.scenario import load_scenario, run_scenario
from judge.errors import JudgeError

CARDS = {
 "sage": {"name": "Sample Sage", "type": "backup", "element": ["wind"], "cost": 3, "job": "Sage", "category": "SAMPLE",
          "text": "《X》《ダル》, put Sample Sage into the Break Zone: Choose 1 Forward of cost X or less. Break it."},
 "oracle": {"name": "Sample Oracle", "type": "forward", "element": ["wind"], "cost": 2, "power": 5000, "job": "Seer", "category": "SAMPLE",
            "text": "When Sample Oracle enters the field, you may pay 《X》. When you do so, choose 1 Forward of cost X or less. Break it."},
 "sent": {"name": "Sample Sentinel", "type": "forward", "element": ["wind"], "cost": 2, "power": 9000, "job": "G", "category": "SAMPLE",
          "text": "Sample Sentinel cannot block unless you pay 《2》."},
 "drudge": {"name": "Sample Drudge", "type": "forward", "element": ["wind"], "cost": 2, "power": 7000, "job": "G", "category": "SAMPLE",
          "text": "Sample Drudge cannot attack unless you pay 《1》."},
 "warden": {"name": "Sample Gravekeeper", "type": "backup", "element": ["wind"], "cost": 3, "job": "K", "category": "SAMPLE",
          "text": "If a Character is put from the field into the Break Zone, you may remove that Character from the game instead."},
 "moth": {"name": "Sample Moth", "type": "backup", "element": ["wind"], "cost": 2, "job": "M", "category": "SAMPLE", "text": "Put Sample Moth into the Break Zone: Draw 1 card."},
 "omen": {"name": "Sample Omen", "type": "summon", "element": ["wind"], "cost": 2, "text": "Reveal 2 Forwards from your hand. If you do so, draw 2 cards."},
 "seer": {"name": "Sample Seer", "type": "forward", "element": ["wind"], "cost": 2, "power": 5000, "job": "Seer", "category": "SAMPLE",
        "text": "When Sample Seer enters the field, turn over one card at a time from the top of your deck until a Wind card is revealed. Add it to your hand. Then, shuffle the other cards and put them at the bottom of your deck."},
 "spin": {"name": "Sample Spinner", "type": "forward", "element": ["wind"], "cost": 3, "power": 5000, "job": "D", "category": "SAMPLE",
         "text": "When Sample Spinner is dulled, you may pay 《1》. When you do so, activate Sample Spinner.\nWhen Sample Spinner is activated, dull Sample Spinner."},
 "trip": {"name": "Sample Trip", "type": "summon", "element": ["wind"], "cost": 2, "text": "Choose 1 Forward. Dull it."},
 "clerk": {"name": "Sample Clerk", "type": "backup", "element": ["wind"], "cost": 2, "job": "C", "category": "SAMPLE", "text": "", "generic": True},
}
IDS = ["a1","a2","a3","w1","m1","s1","c1","c2","b1","b2","b3","bc1","bc2","oracle","omen","seer","trip","t2","zz"]
def rnd_pay(r: random.Random) -> dict:
    return {"dull": r.sample(["c1","c2","bc1","bc2","w1"], r.randint(0,3)), "discard": r.sample(["omen","trip","t2","seer"], r.randint(0,1))}
KINDS = (
    lambda r: {"cast": r.choice(["oracle", "omen", "seer", "trip", "t2"]), "pay": rnd_pay(r),
               "targets": r.sample(IDS, r.randint(0, 1))},
    lambda r: {"use": r.choice(IDS), "pay": rnd_pay(r), "targets": r.sample(IDS, r.randint(0, 1))},
    lambda r: {"use": "s1", "x": r.randint(0, 4), "pay": rnd_pay(r), "targets": r.sample(IDS, 1)},
    lambda r: {"attack": r.choice(IDS)},
    lambda r: {"attack": r.choice(IDS), "pay": rnd_pay(r)},
    lambda r: {"block": r.choice(IDS), "pay": rnd_pay(r)},
    lambda r: {"no_block": True},
    lambda r: {"choose": r.choice(["yes", "no", IDS[r.randint(0, 10)], [r.choice(IDS), r.choice(IDS)]]),
               "x": r.randint(0, 3), "pay": rnd_pay(r)},
    lambda r: {"loop": r.randint(0, 3), "pay": [rnd_pay(r) for _ in range(r.randint(0, 3))]},
    lambda r: {"pass": True},
    lambda r: {"end_phase": True},
    lambda r: {"use": r.choice(["m1", "w1"]), "answers": r.sample(["yes", "no"], r.randint(0, 2))},
)


def rnd_action(r: random.Random) -> dict:
    player = r.choice("AB")
    return {"player": player, **r.choice(KINDS)(r)}


def board(r: random.Random, actions: list) -> dict:
    return {"game":"fftcg","title":"f","cards":CARDS,"turn":{"number":3,"player":"A","phase":r.choice(["main1","attack"])},
      "players":{"A":{"deck":[{"id":f"d{i}","card":r.choice(["trip","clerk","sent"])} for i in range(4)],
          "hand":["oracle","omen","seer","trip",{"id":"t2","card":"trip"}],
          "field":[{"id":"a1","card":"drudge"},{"id":"a2","card":"spin"},{"id":"a3","card":"sent"},{"id":"w1","card":"warden"},
                   {"id":"m1","card":"moth"},{"id":"s1","card":"sage"},{"id":"c1","card":"clerk"},{"id":"c2","card":"clerk"}]},
       "B":{"deck":5,"field":[{"id":"b1","card":"sent"},{"id":"b2","card":"drudge"},{"id":"b3","card":"spin"},{"id":"bc1","card":"clerk"},{"id":"bc2","card":"clerk"}]}},
      "actions":actions,"expect":[]}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_fftcg_random_sequences_of_costs_reveals_and_loops_never_crash(r: random.Random) -> None:
    actions = [rnd_action(r) for _ in range(r.randint(1, 7))]
    try:
        result = run_scenario(load_scenario("fuzz.yaml", board(r, actions)))
    except JudgeError:
        return
    s = result.state
    seen = [c.uid for c in s.field] + [u for c in s.field for u in c.primed_under]
    for z in s.zones.values():
        seen += [*z.hand, *z.deck, *z.break_zone, *z.damage, *(u for u, _ in z.removed)]
    seen += [i.card for i in s.stack if getattr(i, "card", None)]
    assert len(seen) == len(set(seen))
