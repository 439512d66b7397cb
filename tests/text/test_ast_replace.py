"""judge.text.ast.replace: the transformers' fast `dataclasses.replace` gives the very same nodes."""

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
