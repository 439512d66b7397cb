"""Cost icons as judges type them, normalised in one place (any game may register its icons).

Printed FFTCG text writes its icons as 《火》《1》《ダル》《S》…; a judge typing an ability writes
《Fire》, [Fire], (1), 《Dull》, 《ダル》, [S] as often. `normalise` rewrites every icon it knows into
the game's canonical form, keeping the text's LENGTH (the canonical form is never longer than any
typed form; the rest is blanked), so every position the parser reports is one in the text the user
typed. `unknown_icons` finds the icons it does not know (《D》), so the pipeline reports each as not
understood at its position instead of guessing what it costs.

Normalisations (the only ones): the icon's name in English or as printed, any letter case, written
inside 《》, [] or (); a generic CP icon is its number (full-width digits too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class IconSet:
    """A game's icons: canonical inner text → code, and the typed names of each."""

    canonical: dict[str, str]          # printed inner text (lower case) → code
    names: dict[str, str]              # a typed name (lower case) → printed inner text
    digits: bool = True                # a number inside an icon is a generic CP icon

    def code(self, inner: str) -> str | None:
        """The code of an icon's inner text, typed any way this game accepts; None when unknown."""
        key = inner.strip().lower().translate(_FULLWIDTH)
        if key in self.canonical:
            return self.canonical[key]
        if key in self.names:
            return self.canonical[self.names[key]]
        if self.digits and key.isdigit() and len(key) <= 2:
            return key
        return None

    def printed(self, inner: str) -> str | None:
        """The canonical inner text of an icon (as the card browser prints it), or None."""
        key = inner.strip().lower().translate(_FULLWIDTH)
        if key in self.canonical:
            return key
        if key in self.names:
            return self.names[key]
        if self.digits and key.isdigit() and len(key) <= 2:
            return key
        return None


_FULLWIDTH = str.maketrans("０１２３４５６７８９ＳＣＸ", "0123456789scx")

#: FFTCG (11.2 CP and Elements, 11.6.2.2 the dull icon, 11.7 《S》, 6.8 Crystals, 4.5 X, 15.2.8 LB)
FFTCG = IconSet(
    canonical={"火": "fire", "氷": "ice", "風": "wind", "土": "earth", "雷": "lightning", "水": "water",
               "光": "light", "闇": "dark", "ダル": "dull", "s": "special", "c": "crystal", "x": "x",
               "lb": "lb", "一般": "generic"},
    names={"fire": "火", "ice": "氷", "wind": "風", "earth": "土", "lightning": "雷", "thunder": "雷",
           "water": "水", "light": "光", "dark": "闇", "dull": "ダル", "special": "s", "crystal": "c",
           "generic": "一般"},
)

#: icon sets by game; a game with none keeps its text as typed
ICON_SETS: dict[str, IconSet] = {"fftcg": FFTCG}

#: canonical FFTCG inner text (lower case) and digits → code: what the grammar's ICON token holds
FFTCG_CODES: dict[str, str] = {**FFTCG.canonical, **{str(n): str(n) for n in range(100)}}

_ANGLE = re.compile(r"《([^《》\n]{1,12})》")
# one icon written any way: 《…》, or one word in single brackets / parentheses (never [[i]] markup)
_ANY = re.compile(r"《([^《》\n]{1,12})》|(?<!\[)\[([^\[\]\s]{1,10})\](?!\])|\(([^()\s]{1,10})\)")
# where a run of bracketed icons is a cost: before ":" or ",", or after "pay", "gain", "--"
_COST_AFTER = re.compile(r"\s*[:,]")
_COST_BEFORE = re.compile(r"(?:\bpays?|\bgains?|--|–|—|\buse)\s*$", re.I)


@cache
def _set(game: str) -> IconSet | None:
    return ICON_SETS.get(game)


def normalise(text: str, game: str) -> str:
    """`text` with every icon it knows written in the game's canonical form (same length).

    An icon in 《》 is always one; one in [] or () is one when it stands in a run of icons that has an
    icon in 《》, or that is a cost (before ":" or ",", after "pay", "gain", "--"): "Mog (X)" stays a name."""
    icons = _set(game)
    if icons is None or not ("《" in text or "[" in text or "(" in text):
        return text
    out = list(text)
    for run in _runs(text, icons):
        angled = any(text[a] == "《" for a, _, _ in run)
        start, end = run[0][0], run[-1][1]
        if not (angled or _COST_AFTER.match(text, end) or _COST_BEFORE.search(text, 0, start)):
            continue
        for a, b, inner in run:
            out[a:b] = _fit(f"《{inner}》", b - a)
    return "".join(out)


def _runs(text: str, icons: IconSet) -> list[list[tuple[int, int, str]]]:
    """Runs of known icons written one after another (blanks between them allowed)."""
    runs: list[list[tuple[int, int, str]]] = []
    last = -1
    for m in _ANY.finditer(text):
        inner = icons.printed(next(g for g in m.groups() if g is not None))
        if inner is None:
            last = -1
            continue
        if runs and last >= 0 and not text[last:m.start()].strip():
            runs[-1].append((m.start(), m.end(), inner))
        else:
            runs.append([(m.start(), m.end(), inner)])
        last = m.end()
    return runs


def _fit(canonical: str, width: int) -> str:
    """The canonical icon, padded with blanks to the typed width (never longer than it)."""
    return canonical + " " * (width - len(canonical)) if len(canonical) <= width else canonical[:width]


def unknown_icons(text: str, game: str) -> list[tuple[int, int, str]]:
    """(start, end, what was expected) of every 《…》 icon the game does not know."""
    icons = _set(game)
    if icons is None or "《" not in text:
        return []
    out = []
    for m in _ANGLE.finditer(text):
        if icons.code(m.group(1)) is None:
            out.append((m.start(), m.end(), f"an icon this game has, not {m.group()}: " + known(game)))
    return out


def known(game: str) -> str:
    """The icons of a game, in words, for messages."""
    if game == "fftcg":
        return ("an Element 《火》《氷》《風》《土》《雷》《水》《光》《闇》 (or 《Fire》, [Ice] …), a number 《1》 (or (1)), "
                "《ダル》 (or 《Dull》), 《S》, 《C》, 《X》")
    return "none"


__all__ = ["FFTCG", "FFTCG_CODES", "ICON_SETS", "IconSet", "known", "normalise", "unknown_icons"]
