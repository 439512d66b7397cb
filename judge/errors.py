"""Every error judge raises on purpose: the CLI prints them as one line, the TUI as notifications.

Each carries a message that names what was wrong and where, and optionally `hints` (the nearest
existing numbers, terms or card names) so a judge can correct the input at once.
"""

from __future__ import annotations


class JudgeError(Exception):
    """Base of all expected errors: shown to the user as a clean message, never a traceback."""

    exit_code = 1
    #: how the TUI titles the notification: words, never the class name
    title = "Something went wrong"

    def __init__(self, message: str, *, hints: tuple[str, ...] | list[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.hints = tuple(hints)

    def __str__(self) -> str:
        if self.hints:
            return f"{self.message} (nearest: {', '.join(self.hints)})"
        return self.message


def nearest(word: str, choices: tuple[str, ...] | list[str] | set[str], limit: int = 3) -> list[str]:
    """The choices spelt nearest to what was typed (`atack` → attack), nearest first: the hints
    of an error about a misspelt field, verb or name."""
    from rapidfuzz import fuzz, process

    got = process.extract(str(word).lower(), sorted(choices), scorer=fuzz.ratio, limit=limit, score_cutoff=60)
    return [c for c, _, _ in got]


class UnknownGame(JudgeError):
    """The game id (or its language or version) is not one of the stored documents."""

    title = "No such game or document"


class UnknownRule(JudgeError):
    """The clause number does not exist in the document asked for."""

    title = "No such clause"


class UnknownTerm(JudgeError):
    """No keyword or defined term matches the word."""

    title = "No such keyword or term"


class UnknownCard(JudgeError):
    """No card matches the number or name; `hints` are the nearest real ones."""

    title = "No such card"

    def __str__(self) -> str:
        return f"{self.message}; did you mean {', '.join(self.hints)}?" if self.hints else self.message


class SeveralCards(UnknownCard):
    """What was typed names several cards (a partial name, a name printed on many cards): `hints`
    lists them (number, name, game), best first; the judge picks one by its number."""

    title = "Several cards match"

    def __init__(self, message: str, *, hints: tuple[str, ...] | list[str] = (),
                 cards: tuple[tuple[str, str, str], ...] | list[tuple[str, str, str]] = ()) -> None:
        super().__init__(message, hints=hints)
        #: (game, number, name) of every card that matches, best first
        self.cards = tuple(cards)

    def __str__(self) -> str:
        shown = ", ".join(self.hints[:5]) + (", …" if len(self.hints) > 5 else "")
        return f"{self.message}: {shown}" if self.hints else self.message


class BadInput(JudgeError):
    """Input a user typed (a number, a query, an option) is malformed."""

    title = "Check what you typed"


class ManifestError(JudgeError):
    """The rules manifest is missing, malformed, or disagrees with the files beside it."""

    title = "The rules sources are inconsistent"


class IngestError(JudgeError):
    """A rules document could not be ingested (import of a new release failed)."""

    title = "The rules document could not be read"


class StoreError(JudgeError):
    """The database could not be built, opened or swapped in."""

    title = "The database could not be used"


class DamagedDatabase(StoreError):
    """A query met a damaged database (malformed pages, a missing table or column, a failed check).

    The CLI answers it by rebuilding the database from the sources and the stored imports and
    running the command once more, saying so in one line."""

    title = "The database was damaged"

    def __init__(self, message: str, *, path: str = "", hints: tuple[str, ...] | list[str] = ()) -> None:
        super().__init__(message, hints=hints)
        self.path = path


class CardFileError(JudgeError):
    """A card file is malformed: names the record and field that failed and why."""

    title = "The card file could not be read"


class DeckError(JudgeError):
    """A decklist file is malformed (a line that is not `COUNT CARD`)."""

    title = "The decklist could not be read"


class GrammarError(JudgeError):
    """A grammar file failed to load: a bug in the project, reported plainly."""

    title = "The card grammar failed to load"


class ScenarioError(JudgeError):
    """A scenario file is malformed or describes a board the rules do not allow."""

    title = "The board or scenario is not valid"


class RulingMismatch(JudgeError):
    """A saved ruling cites clauses whose text changed since (reported by --recheck)."""

    title = "The ruling cites changed rules"


class LimitExceeded(BadInput):
    """An input is over one of judge's bounds (`judge.limits`): a file's size or kind, nesting,
    YAML aliases, a query's length, a number's digits. The message names the limit."""

    title = "Over one of judge's limits"


class FileRefused(JudgeError):
    """This session may not use that file: `judge web` serves with files off, or confined to one
    folder (`judge.access`)."""

    title = "Not allowed in this session"
