"""What the Board screen shows for the selected card: its text, how far the engine carries out each
of its abilities (executed / parsed, not executed / not parsed), and its official rulings.

The support status is the engine's own (`judge.engine.support.card_status`, each game's
`Rules.unexecuted` hook); rulings come from the card database when it stores them. Prepared on
the library thread; no Textual here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group
from rich.text import Text

from judge.cards.model import Card
from judge.errors import JudgeError, UnknownCard
from judge.tui.card_view import marked_text, rulings_text

STATUS_STYLE = {"executed": "green", "not executed": "yellow", "not parsed": "red"}


@dataclass(frozen=True)
class CardDetail:
    """One card as the card pane shows it."""

    title: str
    facts: str = ""
    text: str = ""
    status: tuple[Any, ...] = ()
    rulings: tuple[Any, ...] | None = None     # None: not a card that has official rulings (ad-hoc)
    notes: tuple[str, ...] = field(default_factory=tuple)


def _facts(card: Any) -> str:
    parts = [str(card.type)]
    if getattr(card, "colors", ()):
        parts.append("/".join(card.colors))
    if getattr(card, "cost", None) is not None:
        parts.append(f"cost {card.cost}")
    if getattr(card, "power", None):
        parts.append(f"power {card.power}")
    levels = getattr(card, "levels", None) or {}
    if levels:
        parts.append("  ".join(f"LV{lv} {c[0]}c {c[1]} BP" for lv, c in sorted(levels.items())))
    return " · ".join(parts)


def _rulings(game: str, number: str) -> tuple[Any, ...]:
    from judge.cards.rulings import card_rulings

    try:
        return tuple(card_rulings(game, number))
    except JudgeError:           # a database without rulings yet: the card is shown all the same
        return ()


def find_printed(text: str, printings: Sequence[str]) -> Card:
    """A real card of a board's printings (the engine's profile value, in order): the first with
    exactly that number, else the first found by name; UnknownCard (or BadInput) when none is."""
    from judge.cards.db import find_card

    found: list[Card] = []
    error: JudgeError | None = None
    for game in printings:
        try:
            card = find_card(text, game=game)
        except JudgeError as exc:
            error = error or exc
            continue
        if card.number.upper() == text.strip().upper():
            return card
        found.append(card)
    if found:
        return found[0]
    raise error or UnknownCard(f"no card {text!r}")


def card_detail(game: str, ref: str, local: Mapping[str, Any] | None,
                printings: Sequence[str] | None = None) -> CardDetail:
    """The detail of a card reference: an ad-hoc card of the board (`local`), else a real card of
    the board's `printings` (a Standard board reads its own, then Saga's)."""
    from judge.engine.support import card_status

    base = str(ref).split("#", 1)[0]
    if isinstance(local, Mapping) and local.get("name"):
        text = str(local.get("text") or "")
        status = tuple(card_status(text, game, name=str(local["name"]))) if text.strip() else ()
        return CardDetail(f"{local['name']}  (ad-hoc card '{base}')", str(local.get("type") or ""), text, status,
                          None, ("an ad-hoc card of this board: no official rulings",))
    number = str(local) if isinstance(local, str) else str((local or {}).get("number") or base)
    try:
        card = find_printed(number, printings or (game,))
    except JudgeError:
        return CardDetail(f"{base}", notes=("not a card of the database (an unknown card)",))
    if card.number.upper() != number.upper():
        return CardDetail(f"{base}", notes=("not a card of the database (an unknown card)",))
    status = tuple(card_status(card.text, game, name=card.name)) if card.text.strip() else ()
    return CardDetail(f"{card.number} {card.name}", _facts(card), card.text, status,
                      _rulings(card.game, card.number))


def detail_renderable(d: CardDetail) -> Group:
    """The card pane: title, facts, each ability line with its support status, then rulings."""
    parts: list[Any] = [Text(d.title, style="bold")]
    if d.facts:
        parts.append(Text(d.facts, style="dim"))
    if d.status:
        parts.append(Text("Abilities — what the engine does with each:", style="bold"))
        for s in d.status:
            line = Text("  • ")
            line.append_text(marked_text(s.line, None))
            line.append(f"\n    {s.label}", style=STATUS_STYLE.get(s.state, ""))
            parts.append(line)
    elif d.text:
        parts.append(marked_text(d.text, None))
    elif not d.notes:
        parts.append(Text("No card text (no abilities).", style="dim"))
    if d.rulings is not None and not d.rulings:
        parts.append(Text("Official rulings: none stored for this card (judge rulings import adds them).",
                          style="dim"))
    elif d.rulings:
        parts.append(rulings_text(d.rulings))
    parts += [Text(n, style="dim") for n in d.notes]
    return Group(*parts)


__all__ = ["CardDetail", "card_detail", "detail_renderable"]
