"""The round trip of FINAL FANTASY TCG card text (issue 11.4): `render(ast)` writes the templating's
canonical English, and parsing it gives the same AST.

The sentences here are invented in the official templating (none is a printed card's sentence); each
is a fixed point: parse, render, parse again gives the same AST, and the rendering is the sentence.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

import pytest

from judge.text.ast import Span
from judge.text.fftcg.render import normalised, render
from judge.text.parse import parse_text

NAME = "Zorn"


def _bare(node: Any) -> Any:
    """The node without what the printed words decide but the meaning does not (spans, texts)."""
    if isinstance(node, tuple | list):
        return tuple(_bare(x) for x in node)
    if is_dataclass(node) and not isinstance(node, type) and not isinstance(node, Span):
        changes = {}
        for f in fields(node):
            value = getattr(node, f.name)
            if f.name in ("span", "timing_text") or (f.name == "text" and isinstance(value, str)):
                changes[f.name] = None if f.name != "text" else ""
            elif isinstance(value, tuple | list) or is_dataclass(value):
                changes[f.name] = _bare(value)
        return replace(node, **changes)
    return node


def _one(text: str) -> Any:
    result = parse_text(text, "fftcg", name=NAME)
    assert not result.unparsed and len(result.abilities) == 1, (text, result.unparsed)
    return result.abilities[0]


CANONICAL = [
    "Choose 1 Forward of cost 4 or less opponent controls. Break it.",
    "When Zorn enters the field, draw 2 cards. Then, discard 1 card.",
    "《2》《Fire》《Dull》: Choose 1 Forward. Deal it 6000 damage.",
    "When Zorn attacks, choose 1 dull Forward opponent controls. It cannot block until the end of the turn.",
    "If you control 3 or more Backups, Zorn gains +2000 power.",
    "Choose up to 2 Backups opponent controls. Dull them and Freeze them.",
    "When a Forward you control is put from the field into the Break Zone, you may pay 《1》. If you do so, "
    "draw 1 card.",
    "Your opponent selects 1 Forward they control. Put it into the Break Zone.",
    "Choose 1 Forward. It loses 3000 power until the end of the turn.",
    # 5.2.3: a Backup that also becomes a Forward, for a time, with what it gains (three phrasings)
    "Choose 1 Backup you control. It also becomes a Forward with 7000 power until the end of the turn.",
    "When Zorn enters the field, choose 1 Backup you control. It also becomes a Forward with 8000 power and "
    "Brave until the end of the turn.",
    "Zorn also becomes a Forward with 9000 power and Haste until the end of the turn.",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_is_a_fixed_point(text: str) -> None:
    ability = _one(text)
    rendered = render(ability, NAME)
    assert _bare(_one(rendered)) == _bare(ability), rendered
    assert normalised(rendered, NAME) == normalised(text, NAME)


@pytest.mark.parametrize("text", [
    "Choose 1 dull Backup. Until the end of the turn, it also becomes a Forward with 5000 power and gains Haste.",
    "Choose 1 Backup opponent controls. It also becomes a Forward with 3000 power and Haste until the end of the turn.",
    "Until the end of the turn, Zorn also becomes a Forward with 4000 power.",
])
def test_5_2_3_becoming_a_forward_lasts_as_long_as_it_says(text: str) -> None:
    ability = _one(text)
    becomes = [e for e in ability.effects if getattr(getattr(e, "keyword", None), "name", "") == "Becomes Forward"]
    assert becomes and becomes[0].duration.name == "TURN"
    assert _bare(_one(render(ability, NAME))) == _bare(ability)


def test_the_renderer_says_a_sentence_after_a_lead_in_lower_case() -> None:
    rendered = render(_one("When Zorn attacks, draw 1 card. Then, discard 1 card."), NAME)
    assert rendered == "When Zorn attacks, draw 1 card. Then, discard 1 card."
