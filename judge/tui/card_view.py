"""What the Cards screen draws, prepared on the library thread: card data, marked text, AST outline.

No Textual here and no rules logic: the outline is the parser's AST walked field by field, each
node labelled with its kind and the clauses `judge.text.links.cites` gives it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
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
    reading: bool = False        # the ability's reading (printed / read as / not read): `detail` says it


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


def _with_reading(node: OutlineNode, ability: Any, game: str, name: str | None) -> OutlineNode:
    """An ability's outline with, first, what a judge checks it by: the project's rendering of what it
    read beside the printed words (`detail`, shown in full when selected), and each part not read."""
    from judge.cards.markup import readable
    from judge.text.render import reading
    from judge.text.typed import unread_nodes

    read = reading(ability, game, name)       # both sides as a judge reads them: [S] (1) [Dull], no tags
    said = readable(read.rendered) if read.rendered is not None else f"(no canonical wording: {read.why})"
    detail = (f"Printed:  {readable(read.printed)}\nRead as:  {said}"
              + "".join(f"\nNot read: {readable(w)}" for w in read.unread))
    first = [OutlineNode(f"read as: {said}", (), node.span, detail=detail, reading=True)]
    first += [OutlineNode(f"not read: {n.words}", (), (n.span.start, n.span.end), unparsed=True, detail=detail)
              for n in unread_nodes(ability)]
    return replace(node, children=(*first, *node.children))


def card_outline(result: Any, game: str, cites_of: Any, name: str | None = None) -> list[OutlineNode]:
    """Every ability of a parse result (its reading first), and every unparsed span, in text order."""
    nodes = [_with_reading(outline(ability, game, cites_of), ability, game, name) for ability in result.abilities]
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


def rulings_text(rulings: Any, changed: dict | None = None) -> Text:
    """The official rulings about the card, current ones first: the words, where they came from,
    whether cut short or replaced, and the clauses each is linked to (and how)."""
    out = Text()
    if not rulings:
        return out
    from judge.cards.ruling_links import HOW_SHOWN

    old = sum(1 for r in rulings if r.replaced)
    out.append(f"\nOfficial rulings ({len(rulings)}" + (f": {len(rulings) - old} current, {old} replaced" if old else "")
               + ")\n", style="bold")
    for r in rulings:
        out.append(f"{r.label()}", style="dim")
        if r.replaced:
            out.append(f"  REPLACED: {r.replaced.label()}", style="bold yellow")
        out.append("\n")
        if r.question:
            out.append("Q: ", style="bold")
            out.append(f"{r.question}\n")
            out.append("A: ", style="bold")
            out.append(f"{r.answer}\n")
        else:
            out.append("Ruling: ", style="bold")
            out.append(f"{r.answer}{' …' if r.truncated else ''}\n")
        if r.truncated:
            out.append("(truncated: the stored copy ends mid-sentence; the full ruling is at its source)\n",
                       style="yellow")
        out.append(f"source: {r.provenance()}\n", style="dim")
        hows: dict[str, list[str]] = {}
        for number, how in r.clause_links:
            hows.setdefault(number, []).append(HOW_SHOWN.get(how, how))
        mentions = [f"§{n} ({', '.join(h)})" for n, h in hows.items()] + list(r.terms)
        if mentions:
            out.append(f"about {', '.join(mentions)}\n", style="cyan")
        if changed and r.id in changed:
            newest, numbers = changed[r.id]
            out.append(f"recheck: {', '.join(f'§{n}' for n in numbers)} changed since rules {r.rules_version} "
                       f"(now {newest})\n", style="bold yellow")
    return out


@dataclass(frozen=True)
class CardView:
    """Everything the Cards screen shows for one card."""

    card: Any
    result: Any
    nodes: list[OutlineNode] = field(default_factory=list)
    rulings: tuple[Any, ...] = ()
    changed: dict = field(default_factory=dict)     # ruling id → (newest version, clauses changed since checked)


def load_card_view(card: Any, game: str | None = None) -> CardView:
    """Parse the card's printed text, outline its AST and read its rulings (on the library thread)."""
    from judge.cards.rulings import card_rulings
    from judge.errors import JudgeError
    from judge.text.cache import parse_cached
    from judge.text.lexicon import stored_lexicon
    from judge.text.links import cites

    game = game or card.game
    result = parse_cached(card.text or "", game, name=card.name, lexicon=stored_lexicon(game))
    from judge.cards.ruling_checks import changed_since_checked
    from judge.engine.ruling_links import ensure_card_links

    try:
        ensure_card_links()
        rulings = tuple(card_rulings(card.game, card.number))
        changed = changed_since_checked(list(rulings))
    except JudgeError:           # a database without rulings yet: the card is shown all the same
        rulings, changed = (), {}
    return CardView(card, result, card_outline(result, game, cites, card.name), rulings, changed)
