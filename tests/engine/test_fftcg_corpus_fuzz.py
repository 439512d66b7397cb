"""FFTCG on random boards of real cards: whatever legal-looking actions are played, every outcome is a new
board or a clean refusal (14.1: the board as it was), and every card is in exactly one zone.

Boards are built from real cards of the corpus (training sets only, those the grammar reads fully),
named by number; the cards are read from `../shared/corpus` at test time and the test is skipped,
saying why, where it is absent. Hypothesis draws the board and a sequence of actions (casts with
payments, abilities with targets, attacks, blocks, passes, answers to pending decisions); the number
of examples is bounded so the test stays a few seconds.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.fftcg.flow import actions as A
from judge.engine.fftcg.rules import resolve, settle
from judge.engine.fftcg.state import all_locations
from judge.engine.fftcg.zones.cost import Payment
from judge.errors import JudgeError

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "fftcg-cards.json"
VALIDATION = {"Opus XXVI", "Tears of the Planet"}          # bench/validation.toml: never used here
_POOL: list[dict] = []


def _cards() -> list[dict]:
    """Training-set cards whose text the grammar reads fully (read once)."""
    if _POOL:
        return _POOL
    from judge.cards.fftcg_import import convert_text
    from judge.engine.cards import parse_abilities

    for rec in json.loads(CORPUS.read_text(encoding="utf-8")):
        if rec.get("set") in VALIDATION or rec.get("type") not in ("forward", "backup", "monster", "summon"):
            continue
        if "/" in rec["id"] or rec.get("element") not in ("fire", "ice", "wind", "earth", "lightning", "water",
                                                           "light", "dark"):
            continue
        if not parse_abilities(convert_text(rec.get("text") or ""), "fftcg", rec["name"])[1]:
            _POOL.append(rec)
    return _POOL


@pytest.fixture(scope="module")
def pool():
    if not CORPUS.is_file():
        pytest.skip(f"real cards not available: {CORPUS} is absent (the corpus lives beside the project)")
    from judge.engine.cards import load_pool, using

    with using(load_pool([CORPUS])):
        yield _cards()


def _board(r: random.Random, cards: list[dict]) -> dict:
    chars = [c for c in cards if c["type"] != "summon"]

    def side(p: str) -> dict:
        field, names, backups, light_dark = [], set(), 0, False
        for i in range(r.randint(1, 6)):
            c = r.choice(chars)
            ld = c["element"] in ("light", "dark")
            if c["name"] in names or (c["type"] == "backup" and backups >= 5) or (ld and light_dark):
                continue
            names.add(c["name"])
            backups += c["type"] == "backup"
            light_dark = light_dark or ld
            field.append({"id": f"{p.lower()}{i}", "card": c["id"],
                          "state": r.choice(["active", "active", "dull"])})
        hand = [r.choice(cards)["id"] for _ in range(r.randint(0, 5))]
        deck = [r.choice(cards)["id"] for _ in range(r.randint(0, 4))] + [r.randint(0, 15)]
        return {"field": field, "hand": hand, "deck": deck, "damage": r.randint(0, 5)}
    return {"turn": {"number": 3, "player": "A", "phase": r.choice(["main1", "main1", "attack", "main2"])},
            "players": {"A": side("A"), "B": side("B")}}


def _action(r: random.Random, s) -> A.Act:
    """A plausible action on this board (often illegal: refusals are part of what is tested)."""
    p = s.priority or s.turn_player
    if s.awaiting is not None and r.random() < 0.8:
        d = s.awaiting
        opts = [o for o in d.options] or ["yes", "no"]
        return A.Choose(player=d.player, values=tuple(r.sample(opts, r.randint(0, min(2, len(opts))))) or ("no",))
    mine = [c.uid for c in s.field if c.controller == p]
    hand = list(s.zones[p].hand)
    every = [c.uid for c in s.field]
    pay = Payment(discard=tuple((u, None) for u in r.sample(hand, min(len(hand), r.randint(0, 2)))),
                  dull=tuple(r.sample(mine, min(len(mine), r.randint(0, 2)))))
    kinds = [
        lambda: A.Cast(player=p, card=r.choice(hand), pay=pay, targets=tuple(r.sample(every, min(1, len(every)))))
        if hand else A.Pass(player=p),
        lambda: A.Use(player=p, source=r.choice(mine), ability=r.randint(0, 1), pay=pay,
                      targets=tuple(r.sample(every, min(1, len(every))))) if mine else A.Pass(player=p),
        lambda: A.Attack(player=s.turn_player, attackers=tuple(r.sample(mine, min(len(mine), r.randint(1, 2)))))
        if mine else A.Pass(player=p),
        lambda: A.Block(player=r.choice("AB"), blocker=r.choice([*every, None])),
        lambda: A.Pass(player=p),
        lambda: A.EndPhase(player=p),
    ]
    return r.choice(kinds)()


def _one_zone_each(s) -> None:
    places = Counter(u for u, _ in all_locations(s))
    assert not [u for u, n in places.items() if n > 1], f"cards in two zones: {places.most_common(3)}"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_fftcg_random_real_boards_give_a_board_or_a_clean_refusal(pool, r: random.Random) -> None:
    from judge.engine.fftcg.board import load

    try:
        s = load(_board(r, pool), "fuzz")
    except JudgeError:                   # a board the loader refuses, with a message naming what (e.g. a limit)
        return
    _one_zone_each(s)
    for _ in range(r.randint(1, 12)):
        if s.winner is not None:
            break
        action = _action(r, s)
        try:
            ruling = resolve(s, action)
        except JudgeError:                 # a scenario mistake named as such (e.g. answers not asked for)
            continue
        if ruling.refused is not None:
            assert ruling.state is s, "a refusal must leave the board as it was (14.1)"
            continue
        s = ruling.state
        _one_zone_each(s)
    ruling = settle(s)
    if ruling.refused is None:
        _one_zone_each(ruling.state)
