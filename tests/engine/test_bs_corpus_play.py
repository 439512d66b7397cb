"""Random boards of real Battle Spirits Saga cards (from ../shared/corpus, training sets only) and
random legal play: every outcome is a new state or a clean refusal, cores are conserved, every card
is in exactly one place, and a refusal leaves the state as it was."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from bs_helpers import field_candidates
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.bs.state import State, placements, total_cores
from judge.engine.scenario import scenario_from_data

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "bss-cards.json"
VALIDATION = ("BSS05", "BSS06")     # the held-out split: not used here either


@cache
def _cards() -> dict[str, list]:
    from judge.cards.importers import read_cards

    out: dict[str, list] = {"spirit": [], "nexus": [], "magic": []}
    for c in read_cards(CORPUS):
        if c.set not in VALIDATION and c.type in out:
            out[c.type].append(c)
    return out


def _field_entry(draw, card, pid: str) -> dict:
    lv1 = min((cores for cores, _ in card.levels.values()), default=0)
    return {"id": pid, "card": card.number, "cores": lv1 + draw(st.integers(0, 3)),
            "state": draw(st.sampled_from(["refreshed", "refreshed", "exhausted"]))}


@st.composite
def boards(draw) -> dict:
    cards = _cards()
    players = {}
    for p in ("A", "B"):
        field = [_field_entry(draw, draw(st.sampled_from(cards["spirit"])), f"{p.lower()}{i}")
                 for i in range(draw(st.integers(0, 3)))]
        field += [_field_entry(draw, draw(st.sampled_from(cards["nexus"])), f"{p.lower()}n{i}")
                  for i in range(draw(st.integers(0, 1)))]
        hand = [draw(st.sampled_from(cards["spirit"] + cards["magic"])).number for _ in range(draw(st.integers(0, 3)))]
        top = [draw(st.sampled_from(cards["spirit"])).number for _ in range(draw(st.integers(0, 2)))]
        trash = [draw(st.sampled_from(cards["spirit"])).number for _ in range(draw(st.integers(0, 2)))]
        players[p] = {"life": draw(st.integers(1, 5)), "reserve": draw(st.integers(0, 6)),
                      "trash_cores": draw(st.integers(0, 2)), "deck": {"top": top, "count": 10}, "hand": hand,
                      "trash": trash, "field": field}
    step = draw(st.sampled_from(["main", "attack"]))
    return {"game": "bss", "title": "random board", "turn": {"number": 4, "player": "A", "step": step},
            "players": players, "expect": [{"winner": None}]}


def _candidates(state: State) -> list[dict]:
    """Actions a player could sensibly try now (the engine decides which are legal)."""
    if state.winner is not None:
        return []
    if state.pending is not None:
        d = state.pending
        who = d.player or state.turn_player
        opts = list(d.options)
        out = [{"player": who, "choose": [o]} for o in opts] + [{"player": who, "choose": o} for o in opts]
        out += [{"player": who, "choose": opts}, {"player": who, "choose": []}]
        out += [{"player": who, "choose": {"reserve": n}} for n in range(3)]
        return out
    tp, opp = state.turn_player, state.opponent(state.turn_player)
    out: list[dict] = [{"player": tp, "end_step": True}]
    if state.battle is not None:
        out += [{"player": opp, "no_block": True}, {"player": opp, "pass": True}, {"player": tp, "pass": True}]
        out += [{"player": opp, "block": fc.id} for fc in state.players[opp].field]
        for who in (tp, opp):
            out += [{"player": who, "magic": c} for c in state.players[who].hand]
        return out
    for c in state.players[tp].hand:
        kind = state.card_def(c).type
        out.append({"player": tp, {"magic": "magic", "nexus": "place"}.get(kind, "summon"): c})
    return out + field_candidates(state, tp)


def _sound(state: State, cores: int) -> None:
    assert total_cores(state) == cores, "cores were created or lost"
    doubled = {cid: where for cid, where in placements(state).items() if len(where) != 1}
    assert not doubled, f"cards in more than one place: {doubled}"


@pytest.mark.skipif(not CORPUS.is_file(), reason=f"real cards not available: {CORPUS} is absent")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(board=boards(), data=st.data())
def test_random_play_on_real_cards_keeps_the_board_sound(board: dict, data) -> None:
    scenario = scenario_from_data(board, "random board", cards=[CORPUS])
    rules, state = scenario.rules, scenario.state
    cores = total_cores(state)
    _sound(state, cores)
    for _ in range(12):
        options = _candidates(state)
        if not options:
            break
        raw = data.draw(st.sampled_from(options))
        ruling = rules.resolve(state, rules.parse_action(state, raw, "random play"))
        if ruling.refused is not None:
            assert ruling.state is state, f"a refusal changed the state: {raw}"
            continue
        state = ruling.state
        _sound(state, cores)
