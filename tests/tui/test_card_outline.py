"""The Cards screen's AST tree reads each node as `judge card` prints it: one reading for both."""

from __future__ import annotations

import pytest

from judge.text.links import cites
from judge.text.parse import parse_text
from judge.text.render import node_lines
from judge.tui.card_view import outline

SENTENCES = [
    ("bss", "When Summoned: Destroy all of your opponent's spirits with 3000 or less BP."),
    ("bss", "When This Spirit Attacks: Draw one card."),
    ("fftcg", "When Mira Knight enters the field, choose 1 Forward. Deal it 5000 damage."),
]


def _labels(node) -> list[str]:
    out = [node.label]
    for child in node.children:
        out.extend(_labels(child))
    return out


@pytest.mark.parametrize(("game", "text"), SENTENCES)
def test_the_tree_and_the_cli_read_a_node_alike(game: str, text: str) -> None:
    """A count of None reads "all" in both (BSS01-013's ruling turns on it: "all" selects nothing)."""
    ability = parse_text(text, game, name="Mira Knight").abilities[0]
    printed = [line.strip().split("  [")[0] for line in node_lines(ability, game)]
    tree = [label for label in _labels(outline(ability, game, cites))]
    assert [p.split(": ", 1)[-1] for p in printed] == [t.split(": ", 1)[-1] for t in tree]
    if "all of" in text:
        assert any("count=all" in label for label in tree)
