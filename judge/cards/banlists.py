"""Limited and banned lists: data files with effective dates, applied to a deck check.

`cards/banlists/<game>.toml` (or a file given with `--banlist`) holds the publisher's lists, each
with the date it takes effect; the list in force on the event's date is the latest one whose date
has come. Entries name a card by number (FFTCG counts copies by number) or by name (Battle Spirits
counts copies by name) with the copies a deck may hold: 0 is banned, 1 limited to one, and so on.

```toml
game = "fftcg"
[[list]]
effective = "2025-01-01"
source = "where the list was published"
limits = { "1-001H" = 0, "2-034C" = 1 }
```

An unknown card never passes a limit check: the check says the limits are not verified.
"""

from __future__ import annotations

import datetime
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.cards.findings import Finding
from judge.errors import DeckError


@dataclass(frozen=True)
class Banlist:
    """One list: from when it applies, where it was published, and the copies allowed per card."""

    game: str
    effective: datetime.date
    source: str
    limits: dict[str, int]
    file: str


def default_file(game: str) -> Path | None:
    from judge.paths import cards_dir

    path = cards_dir() / "banlists" / f"{game}.toml"
    return path if path.is_file() else None


def load(path: Path, game: str) -> list[Banlist]:
    """Every list in a file, oldest first; DeckError naming the file and entry when malformed."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DeckError(f"{path}: cannot read the limited/banned list ({exc})") from exc
    if data.get("game", game) != game:
        raise DeckError(f"{path}: a list for {data.get('game')!r}, not {game}")
    out = []
    entries = data.get("list", [])
    if not isinstance(entries, list):
        raise DeckError(f"{path}: `list` must be an array of tables ([[list]])")
    for i, entry in enumerate(entries, 1):
        out.append(_entry(path, game, i, entry))
    return sorted(out, key=lambda b: b.effective)


def _entry(path: Path, game: str, i: int, entry: Any) -> Banlist:
    where = f"{path}: list {i}"
    if not isinstance(entry, dict):
        raise DeckError(f"{where}: must be a table")
    eff = entry.get("effective")
    if isinstance(eff, str):
        try:
            eff = datetime.date.fromisoformat(eff)
        except ValueError:
            raise DeckError(f"{where}: field 'effective': {eff!r} is not a date (YYYY-MM-DD)") from None
    if not isinstance(eff, datetime.date):
        raise DeckError(f"{where}: field 'effective': a date (YYYY-MM-DD) is required")
    limits = entry.get("limits", {})
    if not isinstance(limits, dict) or not all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                                               and 0 <= v <= 99 for k, v in limits.items()):
        raise DeckError(f"{where}: field 'limits': must map each card to the copies allowed (0 = banned)")
    source = entry.get("source", "")
    return Banlist(game, eff, source if isinstance(source, str) else "", dict(limits), path.name)


def in_force(lists: list[Banlist], on: datetime.date) -> Banlist | None:
    applicable = [b for b in lists if b.effective <= on]
    return applicable[-1] if applicable else None


def check_limits(game: str, entries: list[tuple[int, int, Any]], by: str, on: str | None,
                 file: Path | None, unknown: int, cites: tuple[str, ...] = ()) -> list:
    """Findings of the limited / banned check for the deck's known cards. `cites`: the clause that
    makes such lists binding, where the game's document has one (Battle Spirits Standard does);
    a document without one cites nothing."""
    try:
        day = datetime.date.fromisoformat(on) if on else datetime.date.today()
    except ValueError:
        raise DeckError(f"--date {on!r}: use YYYY-MM-DD") from None
    path = file or default_file(game)
    lists = load(path, game) if path else []
    current = in_force(lists, day)
    if current is None:
        return [Finding("warning", f"no limited/banned list for {game} in force on {day.isoformat()} "
                                   f"({'none recorded' if not lists else 'the first takes effect ' + lists[0].effective.isoformat()}); "
                                   "not checked", cites)]
    key = (lambda c: c.name.casefold()) if by == "name" else (lambda c: c.number.upper())
    limits = {(k.casefold() if by == "name" else k.upper()): v for k, v in current.limits.items()}
    copies: Counter[str] = Counter()
    first: dict[str, tuple[int, Any]] = {}
    for n, count, card in entries:
        copies[key(card)] += count
        first.setdefault(key(card), (n, card))
    label = f"the list in force from {current.effective.isoformat()} ({current.file})"
    out = []
    for k, have in copies.items():
        if k in limits and have > limits[k]:
            n, card = first[k]
            what = "banned" if limits[k] == 0 else f"limited to {limits[k]}"
            out.append(Finding("error", f"{card.number} {card.name} is {what} by {label}; the deck has {have}",
                               cites, n))
    if unknown:
        out.append(Finding("error", f"limited/banned list not verified: {unknown} card(s) are unknown", cites))
    elif not out:
        out.append(Finding("ok", f"no card over its limit in {label}", cites))
    return out


__all__ = ["Banlist", "check_limits", "default_file", "in_force", "load"]
