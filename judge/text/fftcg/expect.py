"""What an FFTCG line that does not parse needed next, said in words (issue 11.6: never regex fragments).

When the parser stops, it knows which words it could have read there. Those words are grouped by the
kind of phrase they start (a card, an effect, an event, a cost, a comparison, a duration, …), and the
message names the kinds with an example each: "expected a card or cards such as '1 Forward opponent
controls' or 'it', or the end of the sentence". A kind is named only when enough of its opening words
are possible, so a lone word that happens to start one does not make the message lie.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class PhraseKind:
    """A kind of phrase, the words that can open it, and how many of them must be possible to name it."""

    label: str
    opens: frozenset[str]
    enough: int = 2


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


#: in the order a message names them (the most specific first)
KINDS: tuple[PhraseKind, ...] = (
    PhraseKind("a cost such as 《火》《1》《ダル》 before the colon", _set("ICON"), 1),
    PhraseKind("a keyword such as Haste, Brave or First Strike", _set("HASTE BRAVE FIRST BACK"), 2),
    PhraseKind("an effect such as 'draw 1 card', 'choose 1 Forward' or 'break it'",
               _set("CHOOSE BREAK DEAL DRAW DULL FREEZE ACTIVATE DISCARD RETURN REMOVE PUT PLAY CAST SEARCH ADD "
                    "GAIN REVEAL LOOK SHUFFLE CANCEL SELECT PLACE"), 3),
    PhraseKind("what happens, such as 'enters the field', 'attacks' or 'is put from the field into the Break Zone'",
               _set("ENTERS ATTACKS BLOCKS FORMS LEAVES"), 3),
    PhraseKind("what it does, such as 'gains +1000 power', 'cannot attack' or 'deals you 1 point of damage'",
               _set("GAINS LOSES CANNOT MUST"), 3),
    PhraseKind("a card or cards, such as '1 Forward opponent controls', 'up to 2 Backups' or 'it'",
               _set("NUMBER UP ALL A AN ANOTHER IT THEM SELF FORWARD FORWARDS BACKUP BACKUPS CHARACTER CHARACTERS "
                    "SUMMON SUMMONS MONSTER MONSTERS CARD CARDS JOB_REF CARD_NAME_REF CATEGORY_REF ELEMENT"), 4),
    PhraseKind("a number", _set("NUMBER"), 1),
    PhraseKind("a comparison such as 'or more' or 'or less'", _set("OR_MORE OR_LESS"), 1),
    PhraseKind("how long, such as 'until the end of the turn'", _set("UNTIL DURING"), 2),
    PhraseKind("a comma", _set("COMMA"), 1),
    PhraseKind("the end of the sentence ('.')", _set("DOT $END"), 1),
)

#: terminal name → how a word-terminal reads in a message (for the rest, their own word)
WORDS: dict[str, str] = {
    "SELF": "the card's own name", "ICON": "an icon such as 《火》", "NUMBER": "a number",
    "ELEMENT": "an Element", "JOB_REF": "a Job", "CARD_NAME_REF": "a Card Name", "CATEGORY_REF": "a Category",
    "COUNTER": "a Counter's name", "PLUS_N": "a power bonus such as +1000", "$END": "the end of the text",
    "OR_MORE": "'or more'", "OR_LESS": "'or less'", "DOT": "'.'", "COMMA": "','", "COLON": "':'",
}


def expected(names: Iterable[str], literal: dict[str, str], found: str | None) -> tuple[str, ...]:
    """Where it stopped and what kind of phrase could have followed, in words.

    `names` are the terminals the parser could read there; `literal` maps a terminal to its word when it is
    one (from the grammar); `found` is the word it found instead (None: the end of the text)."""
    names = set(names)
    head = [f"stopped at {found!r}" if found else "stopped at the end of the text"]
    kinds = [k.label for k in KINDS if len(names & k.opens) >= min(k.enough, len(k.opens))]
    if kinds:
        return (*head, "expected " + _either(kinds[:3]))
    words = sorted({WORDS.get(n) or repr(literal[n]) for n in names if n in WORDS or n in literal})
    if not words:
        return (*head, "expected nothing more here: the sentence reads as complete before this word")
    return (*head, "expected " + _either(words[:8]))


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


__all__ = ["KINDS", "PhraseKind", "expected"]
