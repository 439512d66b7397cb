"""The printed AST tree (`judge parse`, `judge card`, the Cards screen) shows every field a node
holds: a judge reading it must never conclude the grammar lost a duration, a condition or a scope
it did read (issue 23.3). A field's default that means something (`duration=turn`) is shown too."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest

import judge.text
from judge.text.parse import parse_text
from judge.text.render import node_lines, node_view

# "until the end of the turn" on a restriction, three phrasings (FFTCG 11.12.4: the effect's end)
UNTIL_END = [
    "Choose 1 Forward opponent controls. It cannot block until the end of the turn.",
    "Choose 1 Forward. It cannot attack until the end of the turn.",
    "Choose 1 Forward opponent controls. It cannot attack or block until the end of the turn.",
]


@pytest.mark.parametrize("text", UNTIL_END)
def test_a_restriction_until_the_end_of_the_turn_shows_its_duration(text: str) -> None:
    ability = parse_text(text, "fftcg").abilities[0]
    lines = node_lines(ability, "fftcg")
    assert any("restriction" in line and "duration=turn" in line for line in lines), lines


def _ast_classes() -> list[type]:
    out = []
    for info in pkgutil.walk_packages(judge.text.__path__, "judge.text."):
        if "ast" not in info.name.rsplit(".", 1)[-1]:
            continue
        mod = importlib.import_module(info.name)
        out += [c for c in vars(mod).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
                and c.__module__ == mod.__name__]
    return out


def test_every_node_field_with_a_meaningful_default_is_shown() -> None:
    """Every node kind, built with its defaults (required fields left empty): each non-empty default
    (a duration, a player, a zone, a count) appears as `field=value`."""
    checked = 0
    for cls in _ast_classes():
        fs = dataclasses.fields(cls)
        required = {f.name: None for f in fs if f.init and f.default is dataclasses.MISSING
                    and f.default_factory is dataclasses.MISSING}
        try:
            node = cls(**required)
        except (TypeError, ValueError):       # a node that validates its fields: not built empty
            continue
        view = node_view(node)
        for f in fs:
            value = getattr(node, f.name)
            if f.name == "span" or value in (None, (), False, "", 0) or dataclasses.is_dataclass(value):
                continue
            checked += 1
            assert any(a.startswith(f"{f.name}=") for a in view.attrs), (cls.__name__, f.name, view.attrs)
    assert checked >= 10
