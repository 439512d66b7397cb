"""The refresh step refreshes cards (BSS 6-5-2): a card it refreshes is refreshed, so an effect
watching "when … is refreshed" activates for it as for a refresh by an effect; a card that was
already refreshed is not refreshed by it. Spirits the step refreshes together fulfil the condition together: the effect
activates once (8-6-3)."""

from __future__ import annotations

from bs_helpers import make, play, spirit

#: the project's own card: it grows whenever one of its controller's spirits is refreshed
WATCHER = {**spirit("Watcher", 3000), "text": "When one of your spirits is refreshed, this spirit gains 2000 BP "
                                             "during this turn."}


def _board(*field: dict):
    cards = {"w": WATCHER, "x": spirit("Plain", 1000)}
    return make("bss", cards, {"A": {"reserve": 0, "deck": 5, "field": list(field)}, "B": {"deck": 5}},
                step="attack", player="B", number=5)


def _bp(final, cid: str) -> int:
    from judge.engine.bs import derive

    return derive.bp(final, cid).value


def test_bss_6_5_2_a_spirit_the_refresh_step_refreshes_is_refreshed() -> None:
    final, rulings = play(_board({"id": "w1", "card": "w", "cores": 1, "state": "exhausted"}),
                          {"player": "B", "end_step": True})
    assert _bp(final, "w1") == 5000
    assert any("6-5-2" in s.cites for r in rulings for s in r.steps)


def test_bss_8_6_3_spirits_the_step_refreshes_together_activate_it_once() -> None:
    final, _ = play(_board({"id": "w1", "card": "w", "cores": 1}, {"id": "x1", "card": "x", "cores": 1,
                                                                     "state": "exhausted"},
                           {"id": "x2", "card": "x", "cores": 1, "state": "exhausted"}),
                    {"player": "B", "end_step": True})
    assert _bp(final, "w1") == 5000


def test_bss_6_5_2_a_spirit_already_refreshed_is_not_refreshed_again() -> None:
    final, _ = play(_board({"id": "w1", "card": "w", "cores": 1}, {"id": "x1", "card": "x", "cores": 1}),
                    {"player": "B", "end_step": True})
    assert _bp(final, "w1") == 3000
