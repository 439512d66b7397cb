"""The AST's quick paths (judge.text.ast.replace, the node classes' __init__) give the very same nodes."""

from __future__ import annotations

import dataclasses

import pytest

from judge.text.ast import Damage, Player, Selector, Span, Threshold, replace
from judge.text.pronouns import Ref


def test_a_replaced_selector_equals_the_dataclasses_one_and_leaves_the_original_alone() -> None:
    sel = Selector(count=2, owner=Player.OPPONENT, card_types=("forward",), thresholds=(Threshold("cost", "<=", 3),))
    got = replace(sel, count=None, up_to=True)
    assert got == dataclasses.replace(sel, count=None, up_to=True)
    assert type(got) is Selector and hash(got) == hash(dataclasses.replace(sel, count=None, up_to=True))
    assert sel.count == 2 and not sel.up_to


def test_a_subclass_keeps_its_class_and_its_own_fields() -> None:
    ref = Ref(count=1, all_picks=True)
    got = replace(ref, count=2)
    assert type(got) is Ref and got.all_picks and got == dataclasses.replace(ref, count=2)


def test_nodes_that_check_their_fields_still_check_them() -> None:
    with pytest.raises(ValueError):                  # Span.__post_init__: an end before its start
        replace(Span(3, 5), end=1)
    with pytest.raises(ValueError):                  # Threshold.__post_init__: an unknown comparison
        replace(Threshold("bp", ">=", 3000), op="=>")


def test_an_unknown_field_is_refused_as_dataclasses_refuses_it() -> None:
    with pytest.raises(TypeError):
        replace(Damage(amount=1000), colour="red")
    with pytest.raises(TypeError):
        replace(Selector(), no_such_field=1)


def _node_classes() -> list[type]:
    import judge.text.ast as ast

    return [v for v in vars(ast).values() if isinstance(v, type) and dataclasses.is_dataclass(v)
            and v.__module__ == ast.__name__]


def _as_dataclass_wrote_it(cls: type) -> type:
    """The same fields in a class `dataclass` makes afresh (its own __init__)."""
    spec = [(f.name, f.type, dataclasses.field(default=f.default, kw_only=f.kw_only)) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, spec, frozen=True)


@pytest.mark.parametrize("cls", _node_classes(), ids=lambda c: c.__name__)
def test_every_node_class_takes_the_arguments_dataclass_would_take(cls: type) -> None:
    import inspect

    def shape(c: type) -> list[tuple]:
        return [(p.name, p.kind, p.default) for p in inspect.signature(c).parameters.values()]
    assert shape(cls) == shape(_as_dataclass_wrote_it(cls))


def test_a_node_holds_the_fields_dataclass_would_set_in_their_order() -> None:
    made = Selector(count=3, owner=Player.YOU, colors=("red",))
    fresh = _as_dataclass_wrote_it(Selector)(count=3, owner=Player.YOU, colors=("red",))
    assert list(vars(made).items()) == list(vars(fresh).items())
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.count = 4                                  # still frozen
    with pytest.raises(TypeError):
        Selector(3)                                     # keyword-only stays keyword-only
    with pytest.raises(TypeError):
        Span(1)                                         # a required field stays required
    with pytest.raises(ValueError):
        Span(4, 2)                                      # and __post_init__ still checks
