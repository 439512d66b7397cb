"""Battle Spirits Saga rules about who selects, what counts as destroyed and what a destruction
sets off, each on a board whose abilities are built as AST nodes (invented cards)."""

from __future__ import annotations

from dataclasses import replace

from bs_helpers import act, magic, make, spirit

from judge.text.ast import Ability, AbilityKind, Destroy, Player, Selector

OPP_SPIRIT = Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))


def _hex_board(effects: tuple) -> object:
    return make("bss", {"hex": magic("Hex"), "p": spirit("P")},
                {"A": {"reserve": 3, "hand": ["hex"]},
                 "B": {"field": [{"id": "b1", "card": "p", "cores": 1}, {"id": "b2", "card": "p", "cores": 1}]}},
                abilities={"hex": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=effects),)})


def test_bss_8_5_3_the_opponent_selects_when_the_effect_says_so() -> None:
    """"Your opponent selects one of their spirits": the pending decision is the opponent's."""
    state = _hex_board((Destroy(target=replace(OPP_SPIRIT, chooser=Player.OPPONENT)),))
    r = act(state, {"player": "A", "magic": "hex"})
    assert r.request is not None and r.request.player == "B" and set(r.request.options) == {"b1", "b2"}
    done = act(r.state, {"player": "B", "choose": ["b1"]})
    assert done.ok and done.state.zone_of("b1") == "trash" and done.state.zone_of("b2") == "field"


def test_bss_8_5_3_without_a_chooser_the_effects_controller_selects() -> None:
    r = act(_hex_board((Destroy(target=OPP_SPIRIT),)), {"player": "A", "magic": "hex"})
    assert r.request is not None and r.request.player == "A"
