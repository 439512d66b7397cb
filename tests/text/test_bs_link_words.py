"""What Saga card text says about a link (11-18-1, 11-18-4), read as the rules mean it. Every phrasing
is invented (known parts recombined), three per construct; each test asserts the typed meaning."""

from __future__ import annotations

import pytest
from text_helpers import bs_one

from judge.text.ast import Conditional, Player, Selector, walk
from judge.text.bs.render import render_ability


def _targets(text: str) -> list[Selector]:
    return [n.target for n in walk(bs_one(text)) if isinstance(getattr(n, "target", None), Selector)]


# ── 11-18-1: "the linked spirit" said by one spirit of a link is the other one, fixed by the link ──
@pytest.mark.parametrize("text", [
    "While This Spirit is Linked: The linked spirit gains Confront.",
    "When This Spirit Links: Refresh the linked spirit.",
    "When This Spirit Links: Select one of your opponent's spirits and exhaust it. Then, the linked spirit "
    "gains 3000 BP during this turn.",
])
def test_bss_11_18_1_the_linked_spirit_is_the_other_spirit_of_the_link(text: str) -> None:
    linked = _targets(text)[-1]
    assert linked.state == "linked_with_this" and not linked.self_ref and linked.selects is False
    assert linked.owner is None                    # not the opponent's spirit selected before it
    assert "the spirit linked with this one" in render_ability(bs_one(text)).lower()


@pytest.mark.parametrize("text", [
    "When one of your spirits is linked, place a core from the void onto the linked spirit.",
    "During Your Attack Step: When one of your Warrior spirits is linked, the linked spirit gains 2000 BP "
    "during this turn.",
    "When one of your spirits is linked, refresh the linked spirit.",
])
def test_bss_11_18_1_after_a_spirit_is_linked_the_linked_spirit_is_that_spirit(text: str) -> None:
    linked = _targets(text)[-1] if "place" not in text else next(
        n.dest_target for n in walk(bs_one(text)) if getattr(n, "dest_target", None) is not None)
    assert linked.owner is Player.YOU and linked.state != "linked_with_this"


# ── 11-18-1, 11-18-4: "is linked" is a state that lasts while the link does ──
@pytest.mark.parametrize("text", [
    "If this spirit is linked, draw a card.",
    "Select one of your spirits. It gains 2000 BP during this turn. If that spirit is linked, it gains Gale: 1.",
    "While This Spirit Attacks: If this spirit is linked, it gains Astral.",
])
def test_bss_11_18_1_if_a_spirit_is_linked_is_its_state_now(text: str) -> None:
    cond = next(n for n in walk(bs_one(text)) if isinstance(n, Conditional)).condition
    assert cond.kind == "is" and cond.object is not None and cond.object.state == "linked"


@pytest.mark.parametrize("timing,label", [("While This Spirit is Linked", "While This Spirit is Linked"),
                                          ("When This Spirit Links", "When This Spirit Links"),
                                          ("While This Spirit Attacks", "While This Spirit Attacks")])
def test_bss_11_18_1_link_timings_are_said_as_printed(timing: str, label: str) -> None:
    assert render_ability(bs_one(f"{timing}: Draw a card.")).startswith(label + ":")


# ── 11-18-1, 11-18-3: who may be linked, when, and who may link ──
@pytest.mark.parametrize("text,state", [
    ("Your spirits can be linked with a spirit with Link when blocking.", "blocking"),
    ("Your spirits can be linked with a spirit with Link when attacking.", "attacking"),
    ("Your spirits can be linked with a spirit with Link.", None),
])
def test_bss_11_18_1_can_be_linked_keeps_when(text: str, state: str | None) -> None:
    r = bs_one(text).effects[0]
    assert (r.mode, r.action) == ("can", "be_linked") and r.target.state == state
    assert render_ability(bs_one(text)).endswith(f" when {state}." if state else "【Link】.")


@pytest.mark.parametrize("text,action", [
    ("One spirit may link with this spirit regardless of its link conditions.", "link_ignoring_conditions"),
    ("One of your spirits may link with this spirit regardless of its link conditions.", "link_ignoring_conditions"),
    ("One spirit may link with this spirit.", "link"),
])
def test_bss_11_18_3_a_spirit_may_link_is_the_link_spirits_act(text: str, action: str) -> None:
    r = bs_one(text).effects[0]
    assert (r.mode, r.action) == ("can", action) and r.object.self_ref and not r.target.self_ref
