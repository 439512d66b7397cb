"""What the Cards screen draws, prepared on the library thread: card data, marked text, AST outline.

No Textual here and no rules logic: the outline is the parser's AST walked field by field, each
node labelled with its kind and the clauses `judge.text.links.cites` gives it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from typing import Any

from rich.text import Text

from judge.cards.markup import pieces

UNPARSED_STYLE = "bold red underline"
SELECTED_STYLE = "reverse"


@dataclass(frozen=True)
class OutlineNode:
    """One AST node as the tree shows it: a label, its clauses, its source span, its children."""

    label: str
    cites: tuple[str, ...] = ()
    span: tuple[int, int] | None = None
    children: tuple[OutlineNode, ...] = ()
    unparsed: bool = False
    detail: str = ""


def _scalar(value: Any) -> str | None:
    """A card field's value short enough for a line, or None when it is empty / a node."""
    if value is None or value == () or value == "" or value is False:
        return None
    if isinstance(value, Enum):
        return str(value.value)
    if value is True:
        return "yes"
    if isinstance(value, tuple) and all(not is_dataclass(v) for v in value):
        return "/".join(str(v.value if isinstance(v, Enum) else v) for v in value)
    if is_dataclass(value) or (isinstance(value, tuple) and value):
        return None
    return str(value)


def outline(node: Any, game: str, cites_of: Any, name: str = "") -> OutlineNode:
    """Walk one AST node as `judge card` prints it (`judge.text.render.node_view`: one reading of a
    node for the CLI and the TUI): its head and attributes label it, its child nodes become branches."""
    from judge.text.render import node_view

    view = node_view(node)
    children = tuple(outline(child, game, cites_of, field_name) for field_name, child in view.children
                     if is_dataclass(child) and type(child).__name__ != "Span")
    span = getattr(node, "span", None)
    label = (f"{name}: " if name and name not in ("effects",) else "") + view.head
    if view.attrs:
        label += " " + " ".join(view.attrs)
    return OutlineNode(label, tuple(cites_of(node, game)), (span.start, span.end) if span else None, children,
                       detail=getattr(node, "text", "") or "")


def card_outline(result: Any, game: str, cites_of: Any) -> list[OutlineNode]:
    """Every ability of a parse result, and every unparsed span, in text order."""
    nodes = [outline(ability, game, cites_of) for ability in result.abilities]
    for part in result.unparsed:
        expected = f" (expected {', '.join(part.expected[:4])})" if part.expected else ""
        nodes.append(OutlineNode(f"⚠ unparsed: {part.text!r}{expected}", (), (part.start, part.end),
                                 unparsed=True))
    return sorted(nodes, key=lambda n: n.span[0] if n.span else 10**9)


#: the FFTCG card browser's markup: [[i]]…[[/]] names and labels, [[s]] special names, [[ex]] EX BURST,
#: [[b]] bold, [[br]] a line break
_MARKUP_STYLE = {"i": "italic", "s": "bold italic", "b": "bold", "ex": "bold red"}


def marked_text(text: str, result: Any, selected: tuple[int, int] | None = None) -> Text:
    """The printed text with unparsed spans marked, and the selected node's span highlighted.

    Spans are offsets into the raw text, so styles go on first; the card browser's markup is then
    shown as what it means (italics, bold, line breaks) instead of as [[i]] tags, and its icons as
    the words `judge.cards.markup` gives them ([S], (1), [Dull]), the one reading for every shell.
    """
    out = Text(text)
    for part in getattr(result, "unparsed", ()) or ():
        out.stylize(UNPARSED_STYLE, part.start, part.end)
    if selected:
        out.stylize(SELECTED_STYLE, *selected)
    shown = Text()
    for p in pieces(text):
        if p.shown is None:
            piece = out[p.start:p.end]
        else:                         # an icon as a word ([S], (1), [Dull]), a line break, a dropped tag
            piece = Text(p.shown, style=" ".join(str(sp.style) for sp in out.spans
                                                 if sp.start <= p.start < sp.end))
        if p.tag in _MARKUP_STYLE:
            piece.stylize(_MARKUP_STYLE[p.tag])
        shown.append_text(piece)
    return shown


def card_facts(card: Any) -> Text:
    """The card's data fields that are set, as `field value` pairs on a few wrapped lines."""
    out = Text()
    for f in fields(card):
        if f.name in ("text", "name", "abilities", "raw", "game", "number", "source"):
            continue
        value = getattr(card, f.name)
        if f.name == "levels" and isinstance(value, dict) and value:
            shown = "  ".join(f"LV{lv} {c[0]} core{'s' if c[0] != 1 else ''} {c[1]} BP"
                              if isinstance(c, tuple | list) else f"LV{lv} {c}" for lv, c in value.items())
        elif isinstance(value, dict):
            shown = ", ".join(f"{k}={v}" for k, v in value.items()) if value else None
        else:
            shown = _scalar(value)
        if shown:
            if out:
                out.append(" · ", style="dim")
            out.append(f"{f.name} ", style="dim")
            out.append(shown)
    return out


def rulings_text(rulings: Any) -> Text:
    """The official rulings about the card: question, answer and what each mentions."""
    out = Text()
    if not rulings:
        return out
    out.append(f"\nOfficial rulings ({len(rulings)})\n", style="bold")
    for r in rulings:
        out.append(f"{r.label()}\n", style="dim")
        out.append("Q: ", style="bold")
        out.append(f"{r.question}\n")
        out.append("A: ", style="bold")
        out.append(f"{r.answer}\n")
        mentions = [f"§{c}" for c in r.clauses] + list(r.terms)
        if mentions:
            out.append(f"mentions {', '.join(mentions)}\n", style="cyan")
    return out


@dataclass(frozen=True)
class CardView:
    """Everything the Cards screen shows for one card."""

    card: Any
    result: Any
    nodes: list[OutlineNode] = field(default_factory=list)
    rulings: tuple[Any, ...] = ()


def load_card_view(card: Any, game: str | None = None) -> CardView:
    """Parse the card's printed text, outline its AST and read its rulings (on the library thread)."""
    from judge.cards.db import card_lexicon
    from judge.cards.rulings import card_rulings
    from judge.errors import JudgeError
    from judge.text.cache import parse_cached
    from judge.text.links import cites

    game = game or card.game
    result = parse_cached(card.text or "", game, name=card.name, lexicon=card_lexicon(game))
    try:
        rulings = tuple(card_rulings(card.game, card.number))
    except JudgeError:           # a database without rulings yet: the card is shown all the same
        rulings = ()
    return CardView(card, result, card_outline(result, game, cites), rulings)
