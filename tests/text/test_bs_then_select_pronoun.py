""""<directive>. Then, select X. <directive on it>." (BSS 8-5-3, 1-3-7): "it" names the card selected
after the first directive, not what that directive acted on (a selection read in order stays the
current one once the sequence is read)."""

from __future__ import annotations

import pytest

from judge.text import ast
from judge.text.parse import parse_text


@pytest.mark.parametrize(("text", "kind", "zone"), [
    ("[LV1] When Summoned: Discard the top three cards of your deck. Then, select a spirit card from your trash. "
     "You may summon it without paying its cost.", ast.Deploy, "trash"),
    ("[LV1] When Summoned: Discard the top two cards of your deck. Then, select a magic card from your trash. "
     "Add it to your hand.", ast.Move, "trash"),
    ("[LV1] When Summoned: Destroy one of your opponent's spirits with 3000 or less BP. Then, select one of your "
     "opponent's nexuses. Destroy it.", ast.Destroy, None),
])
def test_bss_8_5_3_it_is_the_card_selected_last(text: str, kind: type, zone: str | None) -> None:
    result = parse_text(text, "bss")
    assert not result.unparsed, result.unparsed
    last = [n for n in ast.walk(result.abilities[0].effects) if isinstance(n, kind)][-1]
    assert last.target.zone == zone
    assert last.target.count == 1
