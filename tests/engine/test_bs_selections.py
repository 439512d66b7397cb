"""Selections as steps of an effect (BSS 8-5-3) and selections passed to another player by a
substitution (BSS 8-9-1), on boards whose abilities are built as AST nodes (invented cards)."""

from __future__ import annotations

from bs_helpers import act, magic, make, spirit

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Destroy,
    Draw,
    Duration,
    Player,
    Restriction,
    Select,
    Selector,
    Span,
)

OPP_SPIRIT = Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",), span=Span(7, 30))


def _board(effects: tuple, *, mirror: bool = False, timing: str = "main", step: str = "main") -> object:
    cards = {"hex": magic("Hex"), "p": spirit("P"), "mirror": magic("Mirror", color="yellow")}
    abilities = {"hex": (Ability(kind=AbilityKind.MAGIC, timing=timing, effects=effects),)}
    if mirror:
        passes = Conditional(instead=True, condition=Condition(
            kind="would", text="", event="selects", player=Player.OPPONENT, qualifiers=("next_only", "this_turn"),
            object=Selector(count=1, card_types=("spirit", "nexus")),
            by=Selector(count=None, unit="effect", about=Selector(count=1, card_types=("magic",), zone="any"))),
            effects=(Restriction(mode="can", action="choose_targets", player=Player.YOU,
                                 duration=Duration.PERMANENT),))
        abilities["mirror"] = (Ability(kind=AbilityKind.MAGIC, timing="flash", effects=(passes,)),)
    return make("bss", cards, {
        "A": {"reserve": 3, "deck": 5, "hand": ["hex"], "field": [{"id": "a1", "card": "p", "cores": 1}]},
        "B": {"reserve": 3, "deck": 5, "hand": ["mirror"] if mirror else [],
              "field": [{"id": "b1", "card": "p", "cores": 1}, {"id": "b2", "card": "p", "cores": 2}]}},   # told apart
        step=step, abilities=abilities)


def test_bss_8_5_3_a_selection_written_first_is_made_first_and_acted_on_later() -> None:
    r = act(_board((Select(target=OPP_SPIRIT), Draw(count=1), Destroy(target=OPP_SPIRIT))),
            {"player": "A", "magic": "hex"})
    assert r.request is not None and r.request.player == "A"    # asked before anything is drawn
    done = act(r.state, {"player": "A", "choose": ["b2"]})
    assert done.ok and done.state.zone_of("b2") == "trash" and done.state.zone_of("b1") == "field"
    assert len(done.state.players["A"].hand) == 1           # drawn between the selection and the destruction
    assert any("selected before" in s.text and "8-5-3" in s.cites for s in done.steps)


def test_bss_8_9_1_a_selection_passes_to_the_player_a_substitution_names() -> None:
    state = _board((Destroy(target=OPP_SPIRIT),), mirror=True, timing="flash", step="attack")
    attack = act(state, {"player": "A", "attack": "a1"})
    used = act(attack.state, {"player": "B", "magic": "mirror"})
    assert used.ok
    r = act(used.state, {"player": "A", "magic": "hex"})
    assert r.request is not None and r.request.player == "B"
    done = act(r.state, {"player": "B", "choose": ["b1"]})
    assert done.ok and done.state.zone_of("b1") == "trash"
    assert any("8-9-1" in s.cites and "B selects instead" in s.text for s in done.steps)
    assert not any(m.kind == "selection_passes" for m in done.state.mods)    # the next time only
