"""FFTCG: whatever a scenario asks, the engine answers with a ruling, a refusal or a clean error.

A decision due in the middle of an action (a "you may … instead" replacement applied while a cost
is paid, 11.12.5.1) cannot pause the action: it comes with the action as `answers:`, or the action
is refused and changes nothing (14.1). Answers nobody asked for, and constructs the engine cannot
carry out, are ScenarioErrors naming the action — never a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.scenario import load_scenario, run_scenario
from judge.errors import JudgeError, ScenarioError

WARDEN = {"name": "Sample Gravekeeper", "type": "backup", "element": ["dark"], "cost": 3, "job": "Keeper",
          "category": "SAMPLE",
          "text": "If a Character is put from the field into the Break Zone, you may remove that Character from the game instead."}
MOTH = {"name": "Sample Moth", "type": "backup", "element": ["wind"], "cost": 2, "job": "Moth",
        "category": "SAMPLE", "text": "Put Sample Moth into the Break Zone: Draw 1 card."}
GUST = {"name": "Sample Gust", "type": "summon", "element": ["wind"], "cost": 2, "text": "Draw 1 card."}


def board(actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"game": "fftcg", "title": "inline", "cards": {"warden": WARDEN, "moth": MOTH, "gust": GUST},
            "turn": {"number": 3, "player": "A", "phase": "main1"},
            "players": {"A": {"deck": 5, "hand": ["gust"],
                              "field": [{"id": "c1", "card": "warden"}, {"id": "m1", "card": "moth"}]},
                        "B": {"deck": 5}},
            "actions": actions, "expect": []}


def run(actions: list[dict[str, Any]]):
    return run_scenario(load_scenario("inline.yaml", board(actions)))


def test_fftcg_11_12_5_1_replacement_during_a_cost_without_answers_is_refused_unchanged() -> None:
    result = run([{"player": "A", "use": "m1"}])
    refusal = result.refusals[0]
    assert "answers:" in refusal.reason and "11.12.5.1" in refusal.cites and "14.1" in refusal.cites
    assert result.state.char("m1") is not None


@pytest.mark.parametrize(("answer", "zone"), [("yes", "removed"), ("no", "break")])
def test_fftcg_11_12_5_1_replacement_during_a_cost_decided_with_the_action(answer: str, zone: str) -> None:
    result = run([{"player": "A", "use": "m1", "answers": [answer]}])
    assert not result.refusals
    assert "m1" in (result.state.zones["A"].break_zone if zone == "break" else
                    tuple(u for u, _ in result.state.zones["A"].removed))


def test_fftcg_answers_nobody_asked_for_are_set_aside_with_a_note() -> None:
    """docs/scenarios.md: an answer to something nobody was asked is ignored with a note, never an error."""
    result = run([{"player": "A", "cast": "gust", "pay": {"dull": ["m1", "c1"]}, "answers": ["yes"]}])
    assert not result.refusals
    assert any("were not needed" in t.step.text for t in result.steps)


def test_fftcg_answers_only_go_with_an_action_that_is_carried_out() -> None:
    with pytest.raises(ScenarioError, match=r"actions\[0\]\.answers: answers: are decisions"):
        run([{"player": "A", "choose": "yes", "answers": ["no"]}])


ACTIONS = st.one_of(
    st.builds(lambda a: {"player": "A", "use": "m1", **({"answers": a} if a is not None else {})},
              st.none() | st.lists(st.sampled_from(["yes", "no", "maybe", 3, "m1"]), max_size=3)),
    st.builds(lambda p, v: {"player": p, "choose": v}, st.sampled_from("AB"),
              st.sampled_from(["yes", "no", "m1", "c1", 0, 9])),
    st.builds(lambda p: {"player": p, "pass": True}, st.sampled_from("AB")),
    st.builds(lambda d: {"player": "A", "cast": "gust", "pay": {"dull": d}},
              st.lists(st.sampled_from(["m1", "c1", "zz"]), max_size=3)),
    st.just({"player": "A", "end_phase": True}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTIONS, min_size=1, max_size=5))
def test_fftcg_any_action_sequence_gives_a_ruling_or_a_judge_error(actions: list[dict[str, Any]]) -> None:
    """Random actions (right or wrong answers, decisions mid-cost) never raise anything but JudgeError."""
    try:
        result = run(actions)
    except JudgeError:
        return
    seen = [u for z in result.state.zones.values() for u in (*z.hand, *z.break_zone, *(x for x, _ in z.removed))]
    seen += [c.uid for c in result.state.field]
    assert len(seen) == len(set(seen))


BROKEN = {
    "unknown card on the field": ('players: {A: {field: [{id: m1, card: nope}]}}\nactions: []\n', "nope"),
}
HEAD = ("game: fftcg\ntitle: broken\ncards:\n  gust: {name: Sample Gust, type: summon, element: [wind], cost: 2, "
        "text: \"Draw 1 card.\"}\n  gust2: {name: Sample Gale, type: summon, element: [wind], cost: 2, "
        "text: \"Draw 1 card.\"}\nturn: {number: 3, player: A, phase: main1}\nexpect: []\n")


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_fftcg_judge_step_on_a_broken_scenario_prints_one_clean_line(tmp_path, case: str) -> None:
    body, named = BROKEN[case]
    path = tmp_path / "broken.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "judge", "step", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("judge: ") and named in lines[0]
    assert "Traceback" not in out.stderr + out.stdout
