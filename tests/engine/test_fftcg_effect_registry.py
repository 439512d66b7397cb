"""FFTCG support status comes from the registry the engine dispatches on (issue 21.4): an effect node is
executed when its kind has a handler, every field it carries is one the handler reads, and no shape the
handler declares it cannot run (`registry.refused`). These tests fail when the registry and the handlers
drift: a declared field no handler reads, a field a handler reads undeclared, a node `effects.run.one`
refuses that coverage counts (or the reverse). Nodes here are built directly, never from corpus text."""

from __future__ import annotations

import ast as pyast
import importlib
import inspect
import sys
import textwrap
from dataclasses import MISSING, fields, replace
from pathlib import Path

import pytest

import judge.engine.fftcg.rules  # noqa: F401  (every module registers its entries)
from judge.engine.fftcg import support
from judge.engine.fftcg.effects import registry, run
from judge.engine.fftcg.log import Log
from judge.text import ast

ENTRIES = registry.EFFECTS.entries()


def _imported(module) -> list:
    """The FFTCG engine modules a module imports, at its top or inside a function (a handler's helpers)."""
    out = []
    for n in pyast.walk(pyast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))):
        if isinstance(n, pyast.ImportFrom) and n.module and n.module.startswith("judge.engine.fftcg"):
            out.append(importlib.import_module(n.module))
            for a in n.names:
                sub = f"{n.module}.{a.name}"
                if importlib.util.find_spec(sub) if sub.count(".") and _is_package(n.module) else False:
                    out.append(importlib.import_module(sub))
    return out


def _is_package(name: str) -> bool:
    return hasattr(importlib.import_module(name), "__path__")


def _names_read(module) -> set[str]:
    """Every attribute name read in a handler's module and the engine modules it imports."""
    read: set[str] = set()
    for m in dict.fromkeys([module, *_imported(module)]):
        tree = pyast.parse(Path(inspect.getfile(m)).read_text(encoding="utf-8"))
        read |= {n.attr for n in pyast.walk(tree) if isinstance(n, pyast.Attribute)}
        read |= {n.args[1].value for n in pyast.walk(tree) if isinstance(n, pyast.Call) and isinstance(
            n.func, pyast.Name) and n.func.id == "getattr" and len(n.args) > 1 and isinstance(n.args[1], pyast.Constant)}
    return read


def _handler_reads(fn) -> set[str]:
    """The attributes a handler reads of its effect node (its second parameter), in its own body."""
    tree = pyast.parse(textwrap.dedent(inspect.getsource(fn)))
    func = next(n for n in pyast.walk(tree) if isinstance(n, pyast.FunctionDef))
    param = func.args.args[1].arg
    return {n.attr for n in pyast.walk(func) if isinstance(n, pyast.Attribute)
            and isinstance(n.value, pyast.Name) and n.value.id == param}


def _name(e) -> str:
    return e.key.__name__


@pytest.mark.parametrize("entry", ENTRIES, ids=_name)
def test_every_declared_field_is_read_by_its_handlers_module(entry) -> None:
    read = _names_read(sys.modules[entry.handler.__module__])
    unread = set(entry.extra["reads"]) - read
    assert not unread, f"{_name(entry)}: declared read, never read: {sorted(unread)}"


@pytest.mark.parametrize("entry", ENTRIES, ids=_name)
def test_every_field_a_handler_reads_is_declared(entry) -> None:
    names = {f.name for f in fields(entry.key)} - registry.UNREAD_FIELDS
    undeclared = (_handler_reads(entry.handler) & names) - set(entry.extra["reads"])
    assert not undeclared, f"{_name(entry)}: read, not declared: {sorted(undeclared)}"


@pytest.mark.parametrize("entry", ENTRIES, ids=_name)
def test_a_layout_field_is_never_read_by_its_handler(entry) -> None:
    assert not _handler_reads(entry.handler) & entry.extra["layout"]


@pytest.mark.parametrize("entry", ENTRIES, ids=_name)
def test_a_field_without_a_default_is_always_read(entry) -> None:
    required = {f.name for f in fields(entry.key) if f.default is MISSING and f.default_factory is MISSING}
    assert required - registry.UNREAD_FIELDS <= set(entry.extra["reads"]) | entry.extra["layout"]


def _refused_by_apply(node: ast.Effect) -> bool:
    """Whether `effects.run.one` says "not modelled" without running the handler."""
    entry = registry.EFFECTS.get(type(node))
    ran: list[bool] = []
    real = entry.handler
    object.__setattr__(entry, "handler", lambda s, *a: ran.append(True) or s)
    log = Log()
    try:
        run.one(object(), node, run.Ctx(controller="p1", source="c1", label="the effect"), log)
    finally:
        object.__setattr__(entry, "handler", real)
    return any(step.not_modelled for step in log.steps) and not ran


SEL = ast.Selector(count=1, owner=ast.Player.OPPONENT, card_types=("forward",), choose="choose")


def _ability(node) -> ast.Ability:
    return ast.Ability(kind=ast.AbilityKind.SUMMON, effects=(node,))


@pytest.mark.parametrize(("node", "field", "value"), [
    (ast.Discard(count=1, player=ast.Player.OPPONENT), "equal_to", ast.Threshold("cost", "==", 0)),   # BS only
    (ast.Move(target=SEL, dest="hand"), "dest", "deck_under_all"),
    (ast.Move(target=SEL, dest="break"), "any_order", True),   # an order asked only at a deck's end (deckend)
    (ast.Move(target=SEL, dest="hand"), "player", ast.Player.OPPONENT),   # who performs it selects too: not read
    (ast.Move(target=SEL, dest="hand"), "after_use", True),
    (ast.SetState(state="dull", target=SEL), "state", "sleeping"),
    (ast.Restriction(mode="cannot", action="attack", target=SEL), "player", ast.Player.YOU),
    (ast.Restriction(mode="cannot", action="attack", target=SEL), "action", "be_returned"),
    (ast.Damage(amount=1000, target=SEL), "amount_from", "cost_of_target"),
    (ast.Damage(amount=1), "amount_from", "power_of_self"),      # to a player: as printed only (6.5.2)
])
def test_what_apply_refuses_coverage_reports_and_the_reverse(node, field, value) -> None:
    assert not registry.refused(node) and not _refused_by_apply(node) and not support.unexecuted(_ability(node))
    carried = replace(node, **{field: value})
    assert registry.refused(carried) and _refused_by_apply(carried)
    assert support.unexecuted(_ability(carried)), "coverage must not count what apply refuses"


def test_a_node_kind_with_no_handler_is_reported() -> None:
    node = ast.ChangeTarget(target=SEL, to=SEL)
    assert ast.ChangeTarget not in registry.EFFECTS
    assert registry.refused(node) == ("change_target",)


def test_a_declaration_of_a_thing_nothing_reads_is_reported() -> None:
    assert registry.refused(ast.Declare(things=("card_name",))) == ("declare card_name",)
    assert registry.refused(ast.Declare(things=("number",))) == ()


def test_support_keeps_no_table_of_effect_values() -> None:
    src = inspect.getsource(support)
    for table in ("RESOLVED_RESTRICTIONS", "REVEAL_ZONES", "PER_ZONES", "RUN_CONDITIONS", "_value_gaps", "_AMOUNTS",
                  "_STATES"):
        assert table not in src
