"""Cards for a scenario, game-independent: where a card reference leads, and the one card model.

A scenario names a card either by a key of its `cards:` mapping (an ad-hoc card written inline)
or by a real card number as printed (`BSS01-112`, `1-001H`). A real number is looked up, in this
order, in the card files given for the run (`judge step FILE --cards CARDFILE`, loaded for that run
only, never imported) and then in the card database in use (`--db` / `JUDGE_DB`). Either way the
engine receives one `judge.cards.model.Card`; each game turns it into its own card definition in
one adapter (`judge.engine.bs.board.card_def_from`, FFTCG's `_known_card`).

Which printed cards a board names is the game's own profile value (`Rules.printings`: Saga reads
`bss`, Standard `bs` then `bss`, FFTCG `fftcg`); `resolve_card` takes it and tries each in turn.
The files of a run are carried by a `CardPool`; `using(pool)` makes it the pool that
`resolve_card` reads while a board is loaded, so a game's board loader needs no extra argument.
An unknown number is a ScenarioError naming it and the nearest numbers.
"""

from __future__ import annotations

import contextlib
import contextvars
import difflib
import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.cards.model import CARD_NUMBER, Card
from judge.errors import JudgeError, ScenarioError

#: the kinds of value a field of an inline scenario card may hold (`check_card_fields`)
TEXT, WHOLE, FLAG, TEXTS, LEVELS, COST = "text", "a whole number", "true or false", "a text or a list of texts", \
    "a mapping of levels", "a whole number or X"


def _fits(value: Any, kind: str) -> bool:
    whole = isinstance(value, int) and not isinstance(value, bool)
    return value is None or {
        TEXT: isinstance(value, str) or whole,          # a name such as 1000 is written without quotes
        WHOLE: whole,
        FLAG: isinstance(value, bool),
        TEXTS: isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)),
        LEVELS: isinstance(value, Mapping),
        COST: whole or (isinstance(value, str) and value.strip().upper() == "X"),
    }[kind]


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    return {int: "a number", float: "a decimal number", list: "a list", dict: "a mapping",
            str: "a text"}.get(type(value), type(value).__name__)


def check_card_fields(raw: Mapping[str, Any], kinds: Mapping[str, str], where: str, *,
                      strict_text: tuple[str, ...] = ("text",)) -> None:
    """Every field of an inline card holds the kind of value it is read as, else a ScenarioError
    naming the field, the kind it must be and what it was (`text: 5`, `job: 999999`, `name: [a]`)
    — before anything reads the card (its words for the lexicon, its text for the grammar).
    `strict_text`: text fields a bare number is not (card text, Jobs, Categories)."""
    for name, value in raw.items():
        kind = kinds.get(str(name))
        if kind is None:
            continue
        ok = _fits(value, kind)
        if ok and name in strict_text and value is not None and not isinstance(value, str | list):
            ok = False
        if not ok:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
            raise ScenarioError(f"{where}.{name}: must be {kind}, not {_kind_of(value)} ({shown})")


def is_card_number(ref: Any) -> bool:
    """Whether a reference has the shape of a printed card number (BSS01-112, 1-001H, 26-045L)."""
    return isinstance(ref, str) and bool(CARD_NUMBER.match(ref.strip().upper())) and any(
        ch.isdigit() for ch in ref)


@dataclass(frozen=True)
class CardPool:
    """The card files given for one run, read once: (game, NUMBER) → Card."""

    files: tuple[str, ...] = ()
    cards: Mapping[tuple[str, str], Card] = field(default_factory=dict)

    def get(self, game: str, number: str) -> Card | None:
        return self.cards.get((game, number.strip().upper()))

    def numbers(self, game: str) -> list[str]:
        return [n for g, n in self.cards if g == game]


@functools.lru_cache(maxsize=16)
def _read(path: str, mtime: float) -> tuple[Card, ...]:
    from judge.cards.importers import read_cards

    return tuple(read_cards(path))


def load_pool(paths: Iterable[str | Path]) -> CardPool:
    """A pool from card files (any format `judge cards import` reads); CardFileError if one is bad."""
    cards: dict[tuple[str, str], Card] = {}
    files = []
    for p in paths:
        path = Path(p)
        try:
            mtime = path.stat().st_mtime
        except OSError as exc:
            raise ScenarioError(f"--cards {path}: no such card file") from exc
        for card in _read(str(path), mtime):
            cards.setdefault((card.game, card.number.upper()), card)
        files.append(str(path))
    return CardPool(files=tuple(files), cards=cards)


_POOL: contextvars.ContextVar[CardPool | None] = contextvars.ContextVar("judge_card_pool", default=None)
_EMPTY = CardPool()


@contextlib.contextmanager
def using(pool: CardPool | None) -> Iterator[None]:
    """Make `pool` the one `resolve_card` reads (while a scenario's board is loaded)."""
    token = _POOL.set(pool or CardPool())
    try:
        yield
    finally:
        _POOL.reset(token)


def current_pool() -> CardPool:
    """The pool of the run being loaded (no files: the database alone)."""
    return _POOL.get() or _EMPTY


def _nearest(number: str, game: str, pool: CardPool) -> list[str]:
    known = set(pool.numbers(game))
    try:
        from judge import store
        from judge.cards.db import ensure_cards

        conn = store.connect(ensure_cards())
        try:
            known |= {r["number"] for r in store.card_names(conn, game)}
        finally:
            conn.close()
    except (JudgeError, OSError, ImportError):
        pass
    return difflib.get_close_matches(number.upper(), sorted(known), n=3, cutoff=0.5)


def _printed(number: str, card_game: str, pool: CardPool) -> Card | None:
    """The card of one game with exactly that number: the run's files, then the database."""
    hit = pool.get(card_game, number)
    if hit is not None:
        return hit
    from judge.cards.db import find_card
    from judge.errors import UnknownCard

    try:
        card = find_card(number, game=card_game)
    except UnknownCard:
        return None
    return card if card.number.upper() == number.upper() else None


def resolve_card(number: str, printings: Sequence[str], where: str) -> Card:
    """The real card with that number among a game's printings (its profile's `printings`, in order)."""
    number = str(number).strip()
    pool = current_pool()
    for card_game in printings:
        card = _printed(number, card_game, pool)
        if card is not None:
            return card
    files = f" nor in {', '.join(pool.files)}" if pool.files else ""
    which = " or ".join(printings)
    raise ScenarioError(f"{where}: no {which} card numbered {number!r} in the card database{files}",
                        hints=[n for g in printings for n in _nearest(number, g, pool)][:3])


@functools.lru_cache(maxsize=4096)
def parse_abilities(text: str, game: str, name: str = "", lexicon: Any = None) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """(abilities, sentences not parsed) of a card text, read once per process (the grammar is slow)
    and kept in the database for the next (judge.text.cache: a card read before loads no grammar).
    `lexicon`: the closed word lists the text is read against (judge.text.lexicon; None: the default)."""
    if not text.strip():
        return (), ()
    from judge.text.cache import parse_cached

    if lexicon is None:              # the pool's words (a scenario's card files beside the database's)
        lexicon = pool_lexicon()
    result = parse_cached(text, game, name=name or None, lexicon=lexicon)
    return tuple(result.abilities), tuple(u.text for u in result.unparsed)


def unread_words(abilities: tuple[Any, ...]) -> frozenset[str]:
    """The words of every `unread` node of some abilities: the parts of a card text the grammar
    could not read, kept in place (an engine says "not read" when it reaches one), as opposed to an
    error in the text (an icon the game does not know), which is an unparsed span with no node."""
    from judge.text.ast import Unread, walk

    return frozenset(n.words for ab in abilities for n in walk(ab) if type(n) is Unread)


def pool_lexicon() -> Any:
    """The pool's words (`_pool_lexicon` of the current pool's files; None: the database's alone)."""
    return _pool_lexicon(current_pool().files)


@functools.lru_cache(maxsize=8)
def _pool_lexicon(files: tuple[str, ...]) -> Any:
    """The words card text is read against (issue 11.1): the database's and, for a run given card
    files, those files' families, names, Jobs and Categories too, so a scenario reads its cards alike whether or not
    the corpus was imported into the database (None: the database's alone)."""
    if not files:
        return None
    from judge.text.lexicon import Lexicon, default_lexicon

    return default_lexicon().merged(Lexicon.from_cards(current_pool().cards.values()))


__all__ = [
    "CardPool",
    "current_pool",
    "is_card_number",
    "load_pool",
    "parse_abilities",
    "pool_lexicon",
    "resolve_card",
    "unread_words",
    "using",
]
