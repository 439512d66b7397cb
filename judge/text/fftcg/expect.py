"""The kinds of phrase of FFTCG's templating language, for a failure report in words (issue 11.6).

judge.text.expect reads this table as it reads every game's: a kind (a card, an effect, an event, a
cost, a comparison, a duration, …) is named with an example when enough of the words that open it
were possible where the parse stopped, so a lone word that happens to start one does not make the
message lie; `TERMINAL_WORDS` says how the word-like terminals read when no kind fits.
"""

from __future__ import annotations

from judge.text.expect import PhraseKind


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


#: in the order a report prefers them between kinds as broad
PHRASES: tuple[PhraseKind, ...] = (
    PhraseKind("a cost such as 《火》《1》《ダル》 before the colon", opens=_set("ICON"), enough=1),
    PhraseKind("a keyword such as Haste, Brave or First Strike", opens=_set("HASTE BRAVE FIRST BACK"), enough=2),
    PhraseKind("an effect such as 'draw 1 card', 'choose 1 Forward' or 'break it'",
               opens=_set("CHOOSE BREAK DEAL DRAW DULL FREEZE ACTIVATE DISCARD RETURN REMOVE PUT PLAY CAST SEARCH ADD "
                          "GAIN REVEAL LOOK SHUFFLE CANCEL SELECT PLACE"), enough=3),
    PhraseKind("what happens, such as 'enters the field', 'attacks' or 'is put from the field into the Break Zone'",
               opens=_set("ENTERS ATTACKS BLOCKS FORMS LEAVES"), enough=3),
    PhraseKind("what it does, such as 'gains +1000 power', 'cannot attack' or 'deals you 1 point of damage'",
               opens=_set("GAINS LOSES CANNOT MUST"), enough=3),
    PhraseKind("a card or cards, such as '1 Forward opponent controls', 'up to 2 Backups' or 'it'",
               opens=_set("NUMBER UP ALL A AN ANOTHER IT THEM SELF FORWARD FORWARDS BACKUP BACKUPS CHARACTER CHARACTERS "
                          "SUMMON SUMMONS MONSTER MONSTERS CARD CARDS JOB_REF CARD_NAME_REF CATEGORY_REF ELEMENT"), enough=4),
    PhraseKind("a number", opens=_set("NUMBER"), enough=1),
    PhraseKind("a comparison such as 'or more' or 'or less'", opens=_set("OR_MORE OR_LESS"), enough=1),
    PhraseKind("how long, such as 'until the end of the turn'", opens=_set("UNTIL DURING"), enough=2),
    PhraseKind("a comma", opens=_set("COMMA"), enough=1),
    PhraseKind("the end of the sentence ('.')", opens=_set("DOT $END"), enough=1),
)

#: terminal name → how a word-terminal reads in a message (for the rest, their own word)
TERMINAL_WORDS: dict[str, str] = {
    "SELF": "the card's own name", "ICON": "an icon such as 《火》", "NUMBER": "a number",
    "ELEMENT": "an Element", "JOB_REF": "a Job", "CARD_NAME_REF": "a Card Name", "CATEGORY_REF": "a Category",
    "COUNTER": "a Counter's name", "PLUS_N": "a power bonus such as +1000", "$END": "the end of the text",
    "OR_MORE": "'or more'", "OR_LESS": "'or less'", "DOT": "'.'", "COMMA": "','", "COLON": "':'",
}


__all__ = ["PHRASES", "TERMINAL_WORDS"]
