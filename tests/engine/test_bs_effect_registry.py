"""Support status comes from the registry the engine dispatches on (issue 21.4): an effect node is
executed when its kind has a handler, every field it carries is one the handler reads, and no shape
the handler declares it cannot run. These tests fail when the registry and the handlers drift: a
declared field no handler reads, a field a handler reads undeclared, a node `apply` would refuse
that coverage counts (or the reverse). Nodes here are built directly, never from corpus text."""

from __future__ import annotations

import ast as pyast
import inspect
import sys
from dataclasses import MISSING, fields, replace
from pathlib import Path

import pytest

import judge.engine.bs.rules  # noqa: F401  (every module registers its entries)
from judge.engine.bs import dispatch
from judge.engine.bs.support import unexecuted
from judge.text import ast

ENTRIES = dispatch.EFFECTS.entries()


def _names_read(source: str) -> set[str]:
    """Every attribute name read in a piece of Python source (`x.name`, `getattr(x, "name", …)`)."""
    tree = pyast.parse(source)
    return {n.attr for n in pyast.walk(tree) if isinstance(n, pyast.Attribute)} | {
        n.args[1].value for n in pyast.walk(tree) if isinstance(n, pyast.Call) and isinstance(n.func, pyast.Name)
        and n.func.id == "getattr" and len(n.args) > 1 and isinstance(n.args[1], pyast.Constant)}


def _engine_sources(module) -> str:
    """A handler's module and the engine modules it imports (the helpers a handler passes its node to)."""
    mods = [module, *(m for m in vars(module).values() if inspect.ismodule(m) and m.__name__.startswith(
        "judge.engine.bs")), *(sys.modules[v.__module__] for v in vars(module).values()
                               if inspect.isfunction(v) and v.__module__.startswith("judge.engine.bs"))]
    return "\n".join(dict.fromkeys(Path(inspect.getfile(m)).read_text(encoding="utf-8") for m in mods))


def _handler_reads(fn) -> set[str]:
    """The attributes a handler reads of its effect node (its second parameter), in its own body."""
    tree = pyast.parse(inspect.getsource(fn).lstrip() if not inspect.getsource(fn).startswith(" ") else
                       "if 1:\n" + inspect.getsource(fn))
    func = next(n for n in pyast.walk(tree) if isinstance(n, pyast.FunctionDef))
    param = func.args.args[1].arg
    return {n.attr for n in pyast.walk(func) if isinstance(n, pyast.Attribute)
            and isinstance(n.value, pyast.Name) and n.value.id == param}


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.key.__name__)
def test_every_declared_field_is_read_by_its_handlers_module(entry) -> None:
    module = sys.modules[entry.handler.__module__]
    read = _names_read(_engine_sources(module))
    unread = set(entry.extra["reads"]) - read
    assert not unread, f"{entry.key.__name__}: declared read, never read: {sorted(unread)}"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.key.__name__)
def test_every_field_a_handler_reads_is_declared(entry) -> None:
    names = {f.name for f in fields(entry.key)} - dispatch.UNREAD_FIELDS
    undeclared = (_handler_reads(entry.handler) & names) - set(entry.extra["reads"])
    assert not undeclared, f"{entry.key.__name__}: read, not declared: {sorted(undeclared)}"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.key.__name__)
def test_a_field_without_a_default_is_always_read(entry) -> None:
    required = {f.name for f in fields(entry.key) if f.default is MISSING and f.default_factory is MISSING}
    assert required - dispatch.UNREAD_FIELDS <= set(entry.extra["reads"])


class _Ctx:
    """Only what `dispatch.apply` touches before a handler runs: what it says is not modelled."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def unmodelled(self, what: str) -> None:
        self.said.append(what)


class _Item:
    label = "the effect"


def _refused_by_apply(node: ast.Effect) -> bool:
    ctx = _Ctx()
    entry = dispatch.EFFECTS.get(type(node))
    ran: list[bool] = []
    real = entry.handler
    object.__setattr__(entry, "handler", lambda *a: ran.append(True))
    try:
        dispatch.apply(ctx, node, _Item())
    finally:
        object.__setattr__(entry, "handler", real)
    return bool(ctx.said) and not ran


SEL = ast.Selector(count=1, owner=ast.Player.OPPONENT, card_types=("spirit",))


@pytest.mark.parametrize(("node", "field", "value"), [
    (ast.Damage(amount=1), "target", SEL),                  # damage to a card (FFTCG's; BS reduces life)
    (ast.Draw(count=1), "amount_var", "X"),
    (ast.Attack(target=SEL), "attacker", SEL),
    (ast.Optional(effects=(ast.Draw(count=1),)), "player", ast.Player.EACH),   # "each player may": not one chooser
    (ast.SetStat(stat="bp", value=1000, target=SEL), "also", True),
])
def test_a_field_the_handler_does_not_read_is_refused_and_reported(node, field, value) -> None:
    assert not dispatch.gaps(node) and not _refused_by_apply(node)
    carried = replace(node, **{field: value})
    assert dispatch.gaps(carried) and _refused_by_apply(carried)
    ab = ast.Ability(kind=ast.AbilityKind.MAGIC, timing="main", effects=(carried,))
    assert unexecuted(ab), "coverage must not count what apply refuses"


def test_a_shape_the_handler_declares_it_cannot_run_is_refused_and_reported() -> None:
    ok = ast.Move(target=SEL, dest="hand")
    bad = ast.Move(target=SEL, dest="field")                # no procedure moves a field card to the field
    assert not dispatch.gaps(ok) and not _refused_by_apply(ok)
    assert dispatch.gaps(bad) == ("move dest field",) and _refused_by_apply(bad)


def test_a_node_kind_with_no_handler_is_reported() -> None:
    node = ast.Declare(things=("card_name",))
    assert ast.Declare not in dispatch.EFFECTS
    assert dispatch.gaps(node) == ("declare",)


def test_coverage_reads_no_table_of_node_kinds_of_its_own() -> None:
    from judge.engine.bs import support

    src = inspect.getsource(support)
    assert "_CHECKS" not in src and "RESTRICTIONS" not in src and "MOVE_DESTS" not in src
