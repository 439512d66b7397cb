"""The official FFTCG card-browser record format → `Card`.

A record (as the card browser's API serves it): `id` (or `cardNumber`), `name`, `element`
("fire", or "fire/ice" for a Multi-Element card), `type` (forward | backup | summon | monster |
crystal), `cost`, `power` (0 when the card has none), `job` and `category` ("/" between several),
`rarity`, `set`, `text` with the browser's markup.

The text becomes the project's convention, one ability per line: `[[br]]` turns into a line break
(11.5.3: one paragraph, one ability), while the markup that delimits names and labels
(`[[i]]Job Warrior[[/]]`, `[[s]]Special[[/]]`, `[[ex]]EX BURST[[/]]`) and the cost icons are kept
as printed, because the grammar reads them. Nothing else is rewritten: the text stays verbatim.
"""

from __future__ import annotations

import html
import re
from typing import Any

from judge.cards.model import Card
from judge.errors import CardFileError

ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark")
TYPES = ("forward", "backup", "summon", "monster", "crystal")
_BREAK = re.compile(r"\s*\[\[br\]\]\s*")


def _field(rec: dict[str, Any], *names: str, required: bool = True) -> Any:
    for name in names:
        if name in rec and rec[name] not in (None, ""):
            return rec[name]
    if required:
        raise CardFileError(f"field {names[0]!r}: missing")
    return None


def _int(rec: dict[str, Any], name: str) -> int | None:
    value = rec.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise CardFileError(f"field {name!r}: {value!r} is not a number")
    try:
        number = int(str(value).strip())
    except ValueError:
        raise CardFileError(f"field {name!r}: {value!r} is not a number") from None
    if number < 0:
        raise CardFileError(f"field {name!r}: {number} is negative")
    return number


def _names(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(str(v).strip() for v in value if str(v).strip())
    return tuple(part.strip() for part in str(value).split("/") if part.strip())


def convert_text(text: str) -> str:
    """The browser's text in the project's convention: one ability per line, markup kept."""
    text = html.unescape(text.replace("\r\n", "\n"))
    lines = [line.strip() for line in _BREAK.sub("\n", text).split("\n")]
    return "\n".join(line for line in lines if line)


def card_from_record(rec: dict[str, Any], game: str = "fftcg") -> Card:
    """One card-browser record as a Card; CardFileError names the field that is wrong."""
    if game != "fftcg":
        raise CardFileError(f"field 'game': the FFTCG card-browser format holds fftcg cards, not {game!r}")
    number = str(_field(rec, "id", "cardNumber", "code")).strip()
    kind = str(_field(rec, "type")).strip().lower()
    if kind not in TYPES:
        raise CardFileError(f"field 'type': {kind!r} is not one of {', '.join(TYPES)}")
    # Crystal tokens are served without a name; they are called "Crystal" on the table (6.8).
    name = html.unescape(str(_field(rec, "name", required=kind != "crystal") or "Crystal").strip())
    elements = tuple(e.lower() for e in _names(_field(rec, "element", required=False)))
    bad = [e for e in elements if e not in ELEMENTS and e != "unknown"]
    if bad:
        raise CardFileError(f"field 'element': {bad[0]!r} is not one of {', '.join(ELEMENTS)}")
    elements = tuple(e for e in elements if e != "unknown")
    raw_text = rec.get("text") or ""
    if not isinstance(raw_text, str):
        raise CardFileError("field 'text': must be text")
    power = _int(rec, "power")
    flags = []
    if "[[ex]]" in raw_text.lower():
        flags.append("ex_burst")
    if re.search(r"limit break\s*(--|–|—)\s*\d", raw_text, re.I):
        flags.append("limit_break")
    flags += [e for e in elements if e in ("light", "dark")]
    if len(elements) > 1:
        flags.append("multi_element")
    return Card(game="fftcg", number=number, name=name, type=kind, colors=elements, cost=_int(rec, "cost"),
                job=_names(rec.get("job")), category=_names(rec.get("category")),
                power=power if power else None, rarity=str(rec.get("rarity") or ""),
                set=str(rec.get("set") or ""), flags=tuple(flags), text=convert_text(raw_text))


__all__ = ["ELEMENTS", "TYPES", "card_from_record", "convert_text"]
