"""Rendering effect ASTs: an outline for judges (`node_lines`), and canonical English (`render`) that
the game's grammar reads back to the same AST — the round trip (issue 11.4).

- `node_lines(node, game)`: one node a line, indented by depth, each with its clause citations, so a
  judge can read it at a glance (`judge parse`, `judge card`);
- `render(ability, game)`: the ability as canonical card text, written by the game's renderer
  (`RENDERERS`: Battle Spirits in `judge.text.bs.render`; FFTCG adds its own beside it);
- `round_trip(ability, game)`: render, parse the rendering again: whether the ASTs are the same
  (spans and printed words aside), and which words of the printed text the rendering dropped or
  changed, after the game's normalisations (`ROUND_TRIPS`: Battle Spirits' here, after
  `NORMALISATIONS`; FFTCG's in `judge.text.fftcg.render`, after its own list).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any

from judge.text.ast import Span, kind_of
from judge.text.compare import RoundTrip, comparable, compared
from judge.text.links import cites

_SKIP = {"span", "text", "kind"}

#: game → the module rendering its abilities as card text (`render_ability(ability) -> str`).
RENDERERS: dict[str, str] = {"bss": "judge.text.bs.render", "bs": "judge.text.bs.render"}

#: What a rendering may say differently from the printed text, in one place (each: why). Words are
#: compared after these: a printed word missing from the rendering is dropped, a rendered word missing
#: from the print is mistyped.
NORMALISATIONS: dict[str, str] = {
    "case and punctuation": "words are compared lower-cased, without punctuation, brackets or quotes",
    "function words": "articles, prepositions, conjunctions and pronouns carry no meaning of their own "
                      "(the AST keeps what they link: a pronoun is resolved to what it stands for)",
    "select": "a selection is how an effect names its cards (BSS 8-5-3): 'Select X and destroy it' is "
              "'Destroy X'",
    "number words": "'a', 'an', 'one' … 'twenty' and digits are the same numbers",
    "whose": "possessives of a player ('your', 'their', 'its', 'your opponent's', 'its owner's') say whose card "
             "or area it is, which the AST types (owner, player, the area's id): they are compared as function "
             "words",
    "contractions": "'doesn't', 'don't', 'can't' are 'does not', 'do not', 'cannot'",
    "same words": "words the templates use interchangeably for one meaning: 'view' and 'reveal', 'treated' and "
                  "'treat', 'count' and 'treat' (a symbol as), 'even if' and 'while' (exhausted), 'in battle' and "
                  "'via comparing BP'",
    "plurals": "a noun and its plural are one word (spirit / spirits, nexus / nexuses)",
    "comparison words": "'fewer' and 'less', 'more' and 'higher', 'costs' and 'cost' are the same",
    "repaired slips": "the slips the normalisation step repairs (judge.text.bs.normalise.SLIPS) are "
                      "compared repaired",
    "reminders": "a gained keyword's printed reminder is rendered once, as its timing",
    "phrases": "phrases of one meaning (`_PHRASES`): 'X's summoning cost' is 'X's cost' (BSS 10-6-6), 'this "
               "effect can only be used once per turn' is the tag '[Once per turn]' (BS 12-3-1), 'control' "
               "and 'have' count the cards on a field alike",
}

#: Phrases compared as one another (NORMALISATIONS "phrases"): pattern → replacement.
_PHRASES: tuple[tuple[str, str], ...] = (
    (r"\bsummoning cost\b", "cost"),
    (r"\bthis effect (?:may|can) only be used once per turn\b", "once per turn"),
    (r"\bcontrols?\b", "have"),
)

_FUNCTION_WORDS = frozenset(["a", "an", "the", "of", "to", "from", "into", "onto", "on", "in", "at", "by", "with", "for", "and", "or", "then", "that", "this", "these", "those", "it", "its", "them", "their", "they", "it's", "is", "are", "be", "been", "was", "were", "do", "does", "did", "has", "have", "having", "as", "if", "when", "while", "which", "who", "each", "any", "all", "up", "may", "can", "must", "will", "would", "also", "instead", "other", "than", "there", "here", "own", "one's", "select", "selects", "selected", "chooses", "choose"])
_NUMBERS = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
            "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
            "thirteen": "13", "fifteen": "15", "twenty": "20"}
_CONTRACTIONS = {"doesn't": "does not", "don't": "do not", "didn't": "did not", "can't": "cannot",
                 "isn't": "is not", "aren't": "are not"}
_WHOSE = ("opponent's", "owner's", "owners'", "player's", "opponent’s", "owner’s", "player’s")
_SAME = {"less": "fewer", "lower": "fewer", "higher": "more", "greater": "more", "costs": "cost",
         "gains": "gain", "loses": "lose", "draws": "draw", "destroys": "destroy", "exhausts": "exhaust",
         "view": "reveal", "viewed": "revealed", "treated": "treat", "even": "while", "count": "treat",
         "discards": "discard", "reduces": "reduce", "returns": "return", "places": "place", "uses": "use",
         "summons": "summon", "attacks": "attack", "blocks": "block", "controls": "control"}


def _scalar(value: Any) -> str | None:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else None
    if isinstance(value, str | int | float):
        return str(value)
    if isinstance(value, tuple) and value and all(isinstance(v, str | int | float | Enum) for v in value):
        return "/".join(str(v.value if isinstance(v, Enum) else v) for v in value)
    return None


def _is_default(node: Any, name: str, value: Any) -> bool:
    """Empty: nothing to show. A field's non-empty default is meaning (a restriction lasts `turn`, a
    draw is `you`), so it is shown like any other value: a reader of the tree must never conclude
    the grammar lost what it did read."""
    return value is None or value == () or value is False or value == "" or (
        isinstance(value, int) and not isinstance(value, bool) and value == 0 and name != "count")


@dataclass(frozen=True)
class NodeView:
    """One AST node as a judge reads it, in the CLI and in the TUI alike: its head (the kind; an
    ability's own kind, "triggered"), its `key=value` attributes (every field that holds something,
    a default that means something included: `duration=turn`; a count of None is "all") and its
    child nodes with the field that holds each."""

    head: str
    attrs: tuple[str, ...]
    children: tuple[tuple[str, Any], ...]


def node_view(node: Any) -> NodeView:
    """The `NodeView` of one dataclass node (not a Span)."""
    kind = getattr(node, "kind", None)
    head = kind.value if isinstance(kind, Enum) and kind_of(node) == "ability" else kind_of(node)
    attrs: list[str] = []
    children: list[tuple[str, Any]] = []
    for f in fields(node):
        if f.name == "span" or (f.name in _SKIP and kind_of(node) == "ability"):
            continue
        value = getattr(node, f.name)
        if _is_default(node, f.name, value) and f.name != "count":
            continue
        s = _scalar(value)
        if s is not None:
            attrs.append(f"{f.name}={s}")
        elif value is None:
            attrs.append(f"{f.name}=all") if f.name == "count" else None
        elif is_dataclass(value):
            children.append((f.name, value))
        elif isinstance(value, tuple):
            children.extend((f.name, v) for v in value)
        else:                               # any other value is shown as it is, never dropped
            attrs.append(f"{f.name}={value}")
    return NodeView(head, tuple(attrs), tuple(children))


def node_lines(node: Any, game: str, depth: int = 0, label: str = "") -> list[str]:
    """The node and its children as indented lines: `kind key=value … [clauses]`."""
    pad = "  " * depth
    if not is_dataclass(node) or isinstance(node, Span):
        return [f"{pad}{label}{node}"]
    view = node_view(node)
    refs = cites(node, game)
    out = [f"{pad}{label}{view.head}" + (" " + " ".join(view.attrs) if view.attrs else "")
           + (f"  [{', '.join(refs)}]" if refs else "")]
    for name, child in view.children:
        out.extend(node_lines(child, game, depth + 1, f"{name}: "))
    return out


from judge.text.ast.effects import NOT_READ  # noqa: E402  (what a rendering says for an `unread` node)


def render(ability: Any, game: str) -> str:
    """The ability as canonical card text of its game (the grammar reads it back to the same AST)."""
    try:
        module = RENDERERS[game]
    except KeyError:
        from judge.errors import UnknownGame

        raise UnknownGame(f"no card-text renderer for game {game!r}", hints=sorted(RENDERERS)) from None
    if getattr(getattr(ability, "kind", None), "value", None) == "unread" and \
            all(kind_of(e) == "unread" for e in ability.effects):
        return NOT_READ                   # not even its header was read (judge.text.partial)
    return importlib.import_module(module).render_ability(ability)


def words(text: str) -> list[str]:
    """The content words of a text, after `NORMALISATIONS`."""
    out = []
    text = text.lower().replace(",", "").replace("’", "'")
    for short, full in _CONTRACTIONS.items():
        text = text.replace(short, full)
    for pattern, same in _PHRASES:
        text = re.sub(pattern, same, text)
    for w in re.findall(r"[a-z0-9][a-z0-9.'\-]*", text):
        if w.rstrip(".") in _WHOSE or w == "your":
            continue                                 # whose (NORMALISATIONS "whose")
        w = w.strip(".'-").removesuffix("'s").removesuffix("s'")
        w = _NUMBERS.get(w, w)
        if w in _FUNCTION_WORDS or not w:
            continue
        w = _SAME.get(w, w)
        if len(w) > 3 and w.endswith("es") and w[:-2].endswith(("x", "s")):
            w = w[:-2]                               # nexuses → nexus
        elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]                               # spirits → spirit, cores → core
        out.append(w)
    return out


def _repaired(text: str) -> str:
    """The printed text with the source slips Battle Spirits' normalisation step repairs
    (NORMALISATIONS "repaired slips")."""
    from judge.text.bs.normalise import repair_slips
    from judge.text.parse import Prepared

    return repair_slips(Prepared.of(text)).view


def _bs_round_trip(ability: Any, game: str, name: str | None, lexicon: Any) -> RoundTrip:
    """Battle Spirits: words compared after `NORMALISATIONS`, the print with its slips repaired."""
    from judge.text.parse import parse_text

    rendered = render(ability, game)
    return compared(ability, rendered, parse_text(rendered, game, lexicon=lexicon),
                    words(_repaired(ability.text)), words(rendered))


def _fftcg_round_trip(ability: Any, game: str, name: str | None, lexicon: Any) -> RoundTrip:
    """FINAL FANTASY TCG: its renderer writes the card's own name, and compares words after its own
    normalisations (`judge.text.fftcg.render.NORMALISATIONS`)."""
    from judge.text.fftcg.render import round_trip as fftcg_round_trip

    return fftcg_round_trip(ability, name, lexicon)


#: game → how one of its abilities goes through the round trip: (ability, game, card name, lexicon).
ROUND_TRIPS: dict[str, Callable[[Any, str, str | None, Any], RoundTrip]] = {
    "bss": _bs_round_trip, "bs": _bs_round_trip, "fftcg": _fftcg_round_trip}


def round_trip(ability: Any, game: str, lexicon: Any = None, name: str | None = None) -> RoundTrip:
    """Render one parsed ability of `game`, parse the rendering (against `lexicon`, the names it may
    read plainly; `name`, the card's own name), and compare (AST and words)."""
    try:
        trip = ROUND_TRIPS[game]
    except KeyError:
        from judge.errors import UnknownGame

        raise UnknownGame(f"no round trip for game {game!r}", hints=sorted(ROUND_TRIPS)) from None
    return trip(ability, game, name, lexicon)


@dataclass(frozen=True)
class Reading:
    """One ability as a judge checks it: the printed words, the project's own rendering of what it
    read (canonical card text; `unread` parts said as NOT_READ), and the words it did not read. A
    misreading shows as a rendering that does not say what the print says."""

    printed: str
    rendered: str | None           # None: the reading has no canonical phrase (`why` says which part)
    unread: tuple[str, ...] = ()
    why: str = ""


def reading(ability: Any, game: str, name: str | None = None) -> Reading:
    """The `Reading` of one parsed ability of `game` (`name`: the card's own name)."""
    from judge.text.typed import unread_nodes

    words = tuple(n.words for n in unread_nodes(ability))
    try:
        if game == "fftcg":
            from judge.text.fftcg.render import render as render_fftcg

            said = render_fftcg(ability, name)
        else:
            said = render(ability, game)
    except Exception as exc:     # a node with no canonical phrase yet: said so, never a traceback
        return Reading(ability.text, None, words, str(exc) or type(exc).__name__)
    return Reading(ability.text, said, words)


__all__ = [
    "NORMALISATIONS",
    "NOT_READ",
    "RENDERERS",
    "ROUND_TRIPS",
    "Reading",
    "RoundTrip",
    "comparable",
    "compared",
    "node_lines",
    "reading",
    "render",
    "round_trip",
    "words",
]
