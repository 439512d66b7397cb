"""The engine kernel: one context and log, one decision and refusal mechanism, one yes/no reader, one
clause-table shape, registries; and the Battle Spirits engine built on it without game-id branches
or reading card text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from judge.engine.kernel import ClauseTable, Context, Need, Refuse, Registry, evolve, yes_no
from judge.errors import UnknownRule

TABLE = ClauseTable("demo", {"battle.compare": ("7-1-5-2-1",), "burst.area": ()})
BS = Path(__file__).resolve().parents[2] / "judge" / "engine" / "bs"


@dataclass(frozen=True)
class Demo:
    answers: tuple = ()
    n: int = 0


def test_a_concept_the_document_lacks_cites_nothing_and_says_so() -> None:
    assert TABLE.cite("battle.compare") == ("7-1-5-2-1",)
    assert TABLE.cite("burst.area") == () and TABLE.lacks("burst.area")
    with pytest.raises(UnknownRule):
        TABLE.cite("battle.no_such_thing")


def test_a_decision_is_data_answered_in_order_and_logged() -> None:
    ctx = Context(Demo(answers=("b2",)), TABLE)
    assert ctx.ask("A selects one", "battle.compare", player="A", options=("b1", "b2"), kind="target") == "b2"
    step = ctx.steps[-1]
    assert step.decision is not None and step.decision.options == ("b1", "b2") and step.answer == "b2"
    with pytest.raises(Need) as need:
        ctx.ask("A selects another", player="A", options=("b1",), kind="target")
    assert need.value.decision.player == "A" and need.value.decision.kind == "target"


def test_the_one_yes_no_reader() -> None:
    assert yes_no("Yes") is True and yes_no(["no"]) is False and yes_no(False) is False
    assert yes_no("maybe") is None
    ctx = Context(Demo(answers=("perhaps",)), TABLE)
    with pytest.raises(Refuse):
        ctx.ask_yes_no("use it?", player="A")


def test_evolve_changes_only_the_named_fields() -> None:
    a = Demo(n=1)
    b = evolve(a, n=2)
    assert (a.n, b.n, b.answers) == (1, 2, ())


def test_a_registry_entry_says_what_it_does_and_what_triggers_it() -> None:
    reg: Registry[str] = Registry("demo")

    @reg.register("gale", concepts=("kw.gale",), event="blocked", meaning="exhaust their spirits")
    def gale() -> str:
        return "done"

    assert reg.get("gale").handler() == "done" and reg.by_event("blocked")[0].concepts == ("kw.gale",)
    with pytest.raises(ValueError):
        reg.register("gale")(gale)


def test_saga_and_standard_differ_through_the_profile_only() -> None:
    from judge.engine.bs.profile import SAGA, STANDARD

    assert SAGA.burst_area and not STANDARD.burst_area and STANDARD.pending_state
    branches = [f"{p.name}:{n}" for p in BS.glob("*.py") for n, line in enumerate(p.read_text().splitlines(), 1)
                if re.search(r"game\s*[!=]=\s*[\"']", line)]
    assert not branches, branches


def test_the_engine_never_reads_card_text() -> None:
    reads = [f"{p.name}:{n}" for p in BS.glob("*.py") for n, line in enumerate(p.read_text().splitlines(), 1)
             if re.search(r"\b(cond|condition|ab|ability)\.(text|timing_text)\b", line)]
    assert not reads, reads
