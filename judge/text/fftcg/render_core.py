"""The FFTCG renderer's registry: node class → the function writing it, and the context a rendering
carries. Its own module, below the renderer modules that fill it (`render_effects`,
`render_effects_more`) and the facade that uses it (`judge.text.fftcg.render`), so that no module
imports another that imports it back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.text import ast
from judge.text.ast import Selector

Render = Callable[[Any, "Ctx"], str]
RENDER: dict[type, Render] = {}


def renders(cls: type) -> Callable[[Render], Render]:
    def add(fn: Render) -> Render:
        RENDER[cls] = fn
        return fn
    return add


class Ctx:
    """What a rendering knows as it goes: the card's name, the selectors already chosen ("it")."""

    def __init__(self, name: str | None) -> None:
        self.name = name or "{name}"
        self.chosen: list[Selector] = []
        self.pending: list[str] = []      # "Choose …" sentences to say before the clause being rendered
        self.aliases: list[Selector] = []  # selectors said before and now called "it" ("until a Forward is revealed")

    def node(self, node: Any) -> str:
        fn = RENDER.get(type(node))
        if fn is None:
            return f"<{ast.kind_of(node)}>"
        return fn(node, self)


__all__ = ["RENDER", "Ctx", "Render", "renders"]
