"""Honest support status: for each ability of a card, whether the rules engine carries it out.

Three states per ability (one line of card text): **executed** (parsed, fully typed, and the
game's engine runs every node), **parsed, not executed** (with the node kinds the engine does not
run or the untyped parts it cannot decide), **not parsed** (with the sentence the grammar left).
Each game's engine answers through the hook `Rules.unexecuted(ability) -> tuple[str, ...]` (empty:
executed); a game whose engine does not declare it reports every ability "not executed".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

NOT_DECLARED = "engine support not declared"


@dataclass(frozen=True)
class AbilityStatus:
    """One ability's line of text and how far the project carries it out."""

    line: str
    state: str                     # executed | not executed | not parsed
    missing: tuple[str, ...] = ()  # node kinds not run / untyped parts (not executed), the sentence (not parsed)

    @property
    def label(self) -> str:
        if self.state == "executed":
            return "executed"
        if self.state == "not parsed":
            return f"not parsed ({'; '.join(self.missing)})"
        return f"parsed, not executed ({', '.join(self.missing)})"

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "status": self.state, "missing": list(self.missing)}


def unexecuted(game: str, ability: Any) -> tuple[str, ...]:
    """What the game's engine does not carry out in a parsed ability (empty: all of it)."""
    from judge.engine.core import rules_for
    from judge.errors import UnknownGame
    from judge.text.typed import untyped_parts

    untyped = tuple(dict.fromkeys(untyped_parts(ability, game)))
    try:
        rules = rules_for(game)
    except UnknownGame:
        return (*untyped, NOT_DECLARED)
    hook = getattr(rules, "unexecuted", None)
    if hook is None:
        return (*untyped, NOT_DECLARED)
    return tuple(dict.fromkeys((*untyped, *hook(ability))))


def card_status(text: str, game: str, name: str | None = None) -> list[AbilityStatus]:
    """The status of every ability line of a card text."""
    from judge.text.cache import parse_cached

    result = parse_cached(text, game, name=name)
    spans = list(result.segments)
    out: list[AbilityStatus] = []
    for a, b in spans:
        line = text[a:b].strip()
        bad = [u.text for u in result.unparsed if a <= u.start < b or u.start <= a < u.end]
        if bad:
            out.append(AbilityStatus(line, "not parsed", tuple(bad)))
            continue
        mine = [ab for ab in result.abilities if ab.span is not None and a <= ab.span.start < b]
        missing: list[str] = []
        for ab in mine:
            missing += unexecuted(game, ab)
        if not mine:
            missing.append("no ability read from this line")
        out.append(AbilityStatus(line, "not executed" if missing else "executed", tuple(dict.fromkeys(missing))))
    return out


__all__ = ["NOT_DECLARED", "AbilityStatus", "card_status", "unexecuted"]
