"""FFTCG ASTs back into canonical English (issue 11.4): `render(ability, name)`.

The rendering is the templating's canonical wording of what the AST says: parsing it gives the same
AST, and it reads as the printed text up to the normalisations in `NORMALISATIONS` (the only ones;
`normalised(text, name)` applies them to printed text and rendering alike). A word the parser
dropped or mistyped therefore shows as a difference between the two.

Renderers are a registry keyed by node class (`RENDER`); `judge.text.render` (the plain-text node
listing) is a different view of the same nodes.
"""

from __future__ import annotations

import re
from typing import Any

from judge.text.ast import NOT_READ, Ability, AbilityKind, Duration, Player, Unread, replace
from judge.text.fftcg import render_effects as _effects  # noqa: F401  (registers the effect renderers)
from judge.text.fftcg import render_effects_more as _more  # noqa: F401  (registers the rest)
from judge.text.fftcg.render_core import RENDER, Ctx, Render, renders

# ---------------------------------------------------------------------- normalisations (the only ones)
#: (what, pattern, replacement) applied in order to printed text and to renderings before comparing
NORMALISATIONS: tuple[tuple[str, str, str], ...] = (
    ("card-browser paragraph tags", r"</?p>", " "),
    ("line breaks inside an ability", r"\[\[br\]\]|\n", " "),
    ("EX BURST markup", r"\[\[ex\]\]\s*ex burst\s*\[\[/\]\]", "ex burst "),
    ("italic and bold markup (the words stay)", r"\[\[/?[ib]?\]\]", " "),
    ("special ability name markup (the name stays)", r"\[\[/?s\]\]", " "),
    ("bracketed references: [Job (X)] is Job X", r"\[(job|card name|category) \(([^)\]]*)\)\]", r"\1 \2"),
    ("blanks between icons (《2》 《Fire》 is 《2》《Fire》)", r"》\s+《", "》《"),
    ("runs of blanks (left by markup)", r"\s+", " "),
    ("typographic quotes", r"[“”]", '"'),
    ("typographic apostrophes", r"[‘’]", "'"),
    ("'his/her' is 'their'", r"\bhis/her\b", "their"),
    ("a quoted ability's period inside or outside the quotes", r'\.\s*"', '"'),
    ("a space before punctuation", r"\s+([.,:)])", r"\1"),
    ("the dash of a label", r"\s*(--|–|—)\s*", " -- "),
    ("letter case", r"", ""),
    ("'opposing' is 'your opponent's'", r"\bopposing\b", "your opponent's"),
    ("'the cost to cast' / 'the cost for playing' is 'the cost required to cast' / '… to play'",
     r"(?<!paying )\bthe cost (?:for|to) (play|cast)(?:ing)?\b", r"the cost required to \1"),
    ("'an Element Forward or another Element Forward' is 'an Element or another Element Forward'",
     r"\b(fire|ice|wind|earth|lightning|water|light|dark) (forwards?|backups?|monsters?|characters?|cards?) or "
     r"(fire|ice|wind|earth|lightning|water|light|dark) \2\b", r"\1 or \3 \2"),
    ("'becomes that Element' (the one just named) is 'becomes the named Element'", r"\b(becomes?) that element\b",
     r"\1 the named element"),
    ("'choose as many X as Y' is 'choose up to the same number of X as Y' (4.1)", r"\bchoose as many (.+?) as\b",
     r"choose up to the same number of \1 as"),
    ("'you gain control' is 'gain control' (the player of the ability, 6.2.6)", r"\byou (gain control)\b", r"\1"),
    ("a card chosen 'from' a Break Zone is one 'in' it", r"\b(choose [^.\"]*?) from (your|the) break zone\b",
     r"\1 in \2 break zone"),
    ("the count 'a' / 'an' is 1", r"\b(a|an)\b", "1"),
    ("one card of a Job, Card Name or Category needs no count (the bracketed references print none)",
     r"\b1 (?=(?:card name|job|category) )", ""),
    ("'all' / 'all the' is 'the' (a plural without a count is all of them)", r"\ball (the )?(?=\w)", "the "),
    ("'each time' / 'whenever' is 'when' (every trigger triggers each time, 11.8)", r"\b(each time|whenever)\b",
     "when"),
    ("'due to' is 'by' (the source of an event, 6.4)", r"\bdue to\b", "by"),
    ("'on / to the top of' a deck is 'at the top of'", r"\b(?:on|to|at) (?:the )?(top|bottom)\b",
     r"at the \1"),
    ("'these' put somewhere (the cards just named) is 'them'", r"\bthese\b(?= (?:to|at|into)\b)", "them"),
    ("'the other cards revealed' is 'the other cards'", r"\bthe other cards revealed\b", "the other cards"),
    ("'of power N' is 'with N power'", r"\bof power (\d+)", r"with \1 power"),
    ("'a total of N' is 'N'", r"\b1 total of (?=\d)", ""),
    ("the slip 'their owners' hand' is 'their owners' hands'", r"\btheir owners' hand\b", "their owners' hands"),
    ("'receives damage' is 'is dealt damage'", r"\breceives? damage\b", "is dealt damage"),
    ("'a Forward you controlled' (on the field before) is 'a Forward you control'", r"\byou controlled\b",
     "you control"),
    ("'during this turn' is 'until the end of the turn'", r"\bduring this turn\b", "until the end of the turn"),
    ("a duration at the end of a sentence: 'this turn' is 'until the end of the turn'", r"\bthis turn(?=[.\"])",
     "until the end of the turn"),
    ("a duration said first is the same said last ('Until the end of the turn, X.' is 'X until the end of the "
     "turn.')", r"(^|[.:\"] )(until the (?:end|beginning) of [^,.]*?turn), ([^.\"]*)", r"\1\3 \2"),
    ("', then X' is '. Then, X' (11.11.5)", r",? then,? ", ". then, "),
    ("'reduce the damage by N' is 'the damage is reduced by N'", r"\breduce the damage by\b",
     "the damage is reduced by"),
    ("'and if' joining conditions is 'and'", r"\band if\b", "and"),
    ("'and only if' / 'and only during' joining use limits is 'and …'", r"\band only (?=if|during|once)\b", "and "),
    ("'also' before a verb (an effect added to those before: the AST keeps their order)",
     r"\balso (?=(?:gains?|loses?|becomes?|deals?|draws?|can|cannot)\b)", ""),
    ("'a Summon or an ability' (any one of them) is 'Summons or abilities'",
     r"\b1 summon or 1 ability\b", "summons or abilities"),
    ("'by / due to an ability' is 'by abilities'", r"\bby 1 ability\b", "by abilities"),
    ("'by / due to a Summon' is 'by Summons'", r"\bby 1 summon\b", "by summons"),
    ("'must X if possible' is 'must X' (an obligation is always as far as possible, 11.12.4)",
     r"(\bmust\b[^.\"]*?) if possible", r"\1"),
    ("'or a X' repeating the count of a choice is 'or X'", r"\bor 1\s+(?=[a-z])", "or "),
    ("a list of names 'A, B or C' is 'A or B or C' (a comma before a Job / Card Name / Category)",
     r",(?: or)? (?=(?:card name|job|category) )", " or "),
    ("'N more' (an additional N, said after the first) is 'N'", r"\b(\d+) more (?=(?:cards?|damage)\b)", r"\1 "),
    ("'the rest of the cards' / 'the remaining cards' is 'the other cards'",
     r"\bthe (?:rest of the|remaining) cards\b", "the other cards"),
    ("', also X' is ', X' (an effect added to the one before)", r", also\b", ","),
    ("a discard is from the hand ('discard 1 card from your hand' is 'discard 1 card')",
     r"\b(discards? (?:\d+|x) cards?) from (?:your|their|his/her) hand\b", r"\1"),
    ("'and/or' joining kinds of cards is 'or' (either kind counts)", r"\band/or\b", "or"),
    ("'that Forward' (what was chosen) is 'it'", r"\bthat (forward|backup|monster|character|summon)\b", "it"),
    ("'this Forward' in a granted ability is 'this Character' (the card that has it)",
     r"\bthis (forward|backup|monster|character)\b", "this character"),
    ("the cost 'to play X onto the field' is the cost 'to cast X' (a Character's, 11.3)",
     r"\b((?:cost|cp) (?:required |paid )?to) play (.+?) onto the field\b", r"\1 cast \2"),
    ("'that is choosing' / 'targeting' (what a Summon or an ability chose) is 'choosing' (11.6.5)",
     r"\b(?:that (?:is|are) )?(?:choosing|targeting)\b", "choosing"),
    ("paying 'to play X (from a zone) onto the field' is paying 'to cast X' (a Character's, 11.3)",
     r"\b(pay with .{0,60}? to) play (.+?) onto the field\b", r"\1 cast \2"),
    ("the cost 'paid to play X' is the cost 'paid to cast X' (11.3)", r"\b((?:cost|cp) (?:required |paid )?to) play\b",
     r"\1 cast"),
    ("'return X to the top / bottom of a deck' is 'put X at …'", r"\breturns? (.{0,60}?) at the (top|bottom)",
     r"put \1 at the \2"),
    ("'For each X, Y.' is 'Y for each X.'", r"(^|[.:\"] )for each ([^,.]*), ([^.\"]*)", r"\1\3 for each \2"),
    ("a phase of any player's turn: 'during either player's / the X Phase' is 'during each X Phase' (11.12.4.4)",
     r"\bduring (?:either player's|the) (?=(?:active|draw|main|attack|end) phase\b)", "during each "),
    ("runs of blanks", r"\s+", " "),
)


def normalised(text: str, name: str | None = None) -> str:
    """`text` with NORMALISATIONS applied (and the card's own name written {name}, icons canonical)."""
    from judge.text.icons import normalise

    out = normalise(text, "fftcg")
    for what, pattern, repl in NORMALISATIONS:
        if what == "letter case":
            out = out.lower()
        elif what == "bracketed references: [Job (X)] is Job X" or pattern:
            out = re.sub(pattern, repl, out, flags=re.I)
    if name:
        out = re.sub(r"(?<![\w'])" + re.escape(name.lower()) + r"(?![\w])", "{name}", out)
    return out.strip(" .") + "."


def render(ability: Ability, name: str | None = None) -> str:
    """The canonical English of one ability (the card's own name as `name`)."""
    if ability.kind is AbilityKind.UNREAD:       # what sort of ability it is was not read (judge.text.partial)
        if all(isinstance(e, Unread) for e in ability.effects):
            return NOT_READ
        ability = replace(ability, kind=AbilityKind.FIELD)     # its sentences said as they were read
    ctx = Ctx(name)
    return ctx.node(ability).replace("{self}", ctx.name)


def round_trip(ability: Ability, name: str | None = None, lexicon: Any = None) -> Any:
    """Render one parsed ability, parse the rendering, and compare (`judge.text.compare.RoundTrip`):
    the same AST back (spans and printed words aside), and the words of the printed text and of the
    rendering after NORMALISATIONS — a printed word missing from the rendering is dropped, a
    rendered word the print does not say is mistyped. `lexicon`: the names the parse may read
    plainly (judge.text.lexicon; default: the card database's)."""
    from judge.text.compare import compared
    from judge.text.parse import parse_text

    rendered = render(ability, name)
    return compared(ability, rendered, parse_text(rendered, "fftcg", name=name, lexicon=lexicon),
                    _words(ability.text, name), _words(rendered, name))


def _words(text: str, name: str | None) -> list[str]:
    """The words of a normalised text (punctuation apart: it is compared word by word)."""
    return re.findall(r"\{name\}|[^\s.,:;\"()]+", normalised(text, name))



__all__ = ["NORMALISATIONS", "RENDER", "Ctx", "Render", "normalised", "render", "renders", "round_trip"]

# re-exported helpers for the renderer modules
__all__ += ["AbilityKind", "Duration", "Player"]
