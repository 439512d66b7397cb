"""The round trip is one call for every game (`judge.text.render.round_trip`, a registry of the games'
round trips), and the ratchet the corpus tests share (`bench.bench_round_trip.ratchet`) tells new,
grown and fixed failures apart. Invented sentences only."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from text_helpers import bs_one

from judge.errors import UnknownGame
from judge.text.parse import parse_text
from judge.text.render import ROUND_TRIPS, RoundTrip, round_trip

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.bench_round_trip import KNOWN, known_of, ratchet


def _trip(same_ast: bool = True, dropped: tuple = (), mistyped: tuple = ()) -> RoundTrip:
    return RoundTrip("printed", "rendered", same_ast, dropped, mistyped)


def test_each_game_with_a_ratchet_list_has_a_round_trip() -> None:
    assert set(KNOWN) <= set(ROUND_TRIPS)


def test_the_fftcg_round_trip_is_reached_through_the_one_call() -> None:
    from judge.text.fftcg.render import round_trip as fftcg_round_trip

    text = "When Zorn attacks, choose 1 Forward opponent controls. Dull it."
    ability = parse_text(text, "fftcg", name="Zorn").abilities[0]
    assert round_trip(ability, "fftcg", name="Zorn") == fftcg_round_trip(ability, "Zorn")
    assert round_trip(ability, "fftcg", name="Zorn").ok


def test_a_game_without_a_round_trip_is_an_error() -> None:
    with pytest.raises(UnknownGame):
        round_trip(bs_one("[Main] Draw one card."), "no-such-game")


def test_a_failure_not_on_the_list_is_new_and_a_renderer_fault_too() -> None:
    found = ratchet([("1#0", _trip(dropped=("dull",))), ("2#0", ValueError("no renderer")), ("3#0", _trip())], {})
    assert [n.split(":")[0] for n in found.new] == ["1#0", "2#0"]
    assert found.grown == () and found.fixed == ()


def test_a_known_failure_that_grows_or_loses_its_ast_is_seen_and_a_fixed_one_must_leave() -> None:
    known = {"1#0": {"dropped": ["dull"], "mistyped": []},
             "2#0": {"same_ast": True, "dropped": [], "mistyped": ["of"]},
             "3#0": {"dropped": ["cost"], "mistyped": []},
             "4#0": {"same_ast": False, "dropped": [], "mistyped": []}}
    found = ratchet([("1#0", _trip(dropped=("dull", "dull"))), ("2#0", _trip(same_ast=False, mistyped=("of",))),
                     ("3#0", _trip()), ("4#0", _trip(same_ast=False))], known)
    assert [g.split(":")[0] for g in found.grown] == ["1#0", "2#0"]
    assert found.fixed == ("3#0",) and found.new == ()


def test_the_known_lists_keep_their_formats() -> None:
    results = [("1#0", _trip(same_ast=False, dropped=("dull",)))]
    assert known_of(results, "bss") == {"1#0": {"dropped": ["dull"], "mistyped": []}}
    assert known_of(results, "fftcg") == {"1#0": {"same_ast": False, "dropped": ["dull"], "mistyped": []}}
