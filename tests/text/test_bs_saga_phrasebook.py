"""The Saga phrasebook (tests/text/saga_phrasebook.txt): ability sentences of the Battle Spirits Saga
templating language in the team's own words, to measure the grammar beyond the cards seen (issue 20).

A ratchet: every line read fully typed today stays so, and the lines known not to read
(tests/text/saga_phrasebook_known.json) may only leave the list (a line read now must be taken off it,
so the figure written down is always the true one)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from text_helpers import bs_lexicon

from judge.text.parse import parse_text
from judge.text.typed import unread_nodes, untyped_parts

HERE = Path(__file__).resolve().parent
BOOK = HERE / "saga_phrasebook.txt"
KNOWN = HERE / "saga_phrasebook_known.json"


def phrasebook() -> list[str]:
    """The phrasebook's lines (comments and blank lines left out)."""
    lines = (ln.strip() for ln in BOOK.read_text(encoding="utf-8").splitlines())
    return [ln for ln in lines if ln and not ln.startswith("#")]


@cache
def _lexicon():
    return bs_lexicon()


def reads(line: str) -> bool:
    """True when the line parses whole into one ability with nothing untyped or unread."""
    result = parse_text(line, "bss", lexicon=_lexicon())
    if result.unparsed or len(result.abilities) != 1:
        return False
    (ability,) = result.abilities
    return not untyped_parts(ability, "bss") and not unread_nodes(ability)


def test_the_phrasebook_is_broad_and_has_no_repeated_line() -> None:
    lines = phrasebook()
    assert len(lines) >= 200
    assert len(set(lines)) == len(lines)


def test_every_line_read_stays_read_and_the_known_list_only_shrinks() -> None:
    known = set(json.loads(KNOWN.read_text(encoding="utf-8")))
    lines = phrasebook()
    assert known <= set(lines), sorted(known - set(lines))
    status = {ln: reads(ln) for ln in lines}
    lost = [ln for ln in lines if ln not in known and not status[ln]]
    fixed = [ln for ln in known if status[ln]]
    assert not lost, f"no longer read: {lost}"
    assert not fixed, f"read now, take them off {KNOWN.name}: {fixed}"
