"""Random legal play never crashes, never creates or loses cores, never puts a card in two places."""

from __future__ import annotations

from bs_helpers import act, field_candidates, magic, make, spirit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.bs.rules import rules_for_game
from judge.engine.bs.state import State, placements, total_cores
from judge.text.ast import Ability, AbilityKind, Destroy, Draw, Keyword, Player, Selector


def _board(game: str) -> State:
    lv = {1: {"cores": 1, "bp": 3000}, 2: {"cores": 3, "bp": 6000}}
    cards = {"s": spirit("Small", 2000, cost=2), "m": spirit("Mid", levels=lv, cost=3, color="blue"),
             "g": spirit("Gale", 4000, cost=4, color="green"), "h": magic("Hex", cost=2)}
    players = {p: {"life": 3, "reserve": 4, "deck": 12, "hand": ["s", "m", "g", "h"],
                   "field": [{"id": f"{p.lower()}1", "card": "m", "cores": 2}]} for p in ("A", "B")}
    return make(game, cards, players, number=3, abilities={
        "g": (Ability(kind=AbilityKind.KEYWORD, keyword=Keyword("Gale", ("1",))),),
        "s": (Ability(kind=AbilityKind.TRIGGERED, timing="when_destroyed", effects=(Draw(count=1),)),),
        "h": (Ability(kind=AbilityKind.MAGIC, timing="flash", effects=(Destroy(target=Selector(
            count=1, owner=Player.OPPONENT, card_types=("spirit",))),)),)})


def _candidates(state: State, request=None) -> list[dict]:
    """Actions a player could sensibly try now (the engine decides which are legal)."""
    if state.winner is not None:
        return []
    if state.work or state.suspended is not None:
        who = (request.player if request is not None else None) or state.turn_player
        opts = list(request.options) if request is not None else []
        out = [{"player": who, "choose": [o]} for o in opts] + [{"player": who, "choose": opts}]
        out += [{"player": who, "choose": v} for v in ("yes", "no")]
        out += [{"player": who, "choose": {"reserve": n}} for n in range(4)]
        return out
    tp, opp = state.turn_player, state.opponent(state.turn_player)
    out: list[dict] = [{"player": tp, "end_step": True}]
    if state.battle is not None:
        out += [{"player": opp, "no_block": True}, {"player": opp, "pass": True}, {"player": tp, "pass": True}]
        out += [{"player": opp, "block": fc.id} for fc in state.players[opp].field]
        out += [{"player": who, "magic": "h"} for who in (tp, opp) if any(
            state.cards[c] == "h" for c in state.players[who].hand)]
        return out
    hand = state.players[tp].hand
    for key in ("s", "m", "g", "h"):
        if any(state.cards.get(c) == key for c in hand):
            out.append({"player": tp, ("magic" if key == "h" else "summon"): key})
    return out + field_candidates(state, tp)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["bss", "bs"]), picks=st.lists(st.integers(min_value=0, max_value=10_000),
                                                           min_size=1, max_size=40))
def test_random_play_conserves_cores_and_cards(game: str, picks: list[int]) -> None:
    state = _board(game)
    cores = total_cores(state)
    ids = set(placements(state))
    rules = rules_for_game(game)
    request = None
    for n in picks:
        options = _candidates(state, request)
        if not options:
            break
        ruling = act(state, options[n % len(options)])
        if ruling.refused is not None:
            assert ruling.state is state
            continue
        state, request = ruling.state, ruling.request
        assert total_cores(state) == cores, ruling.steps
        where = placements(state)
        assert all(len(v) == 1 for v in where.values()), where
        assert ids <= set(where) | {c for c in ids if state.defs[state.cards[c]].token}
    settled = rules.settle(state).state
    assert total_cores(settled) == cores
