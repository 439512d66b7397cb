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

from judge.cards import fields
from judge.cards.model import Card
from judge.errors import CardFileError

ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark")
TYPES = ("forward", "backup", "summon", "monster", "crystal")
_BREAK = re.compile(r"\s*\[\[br\]\]\s*")


def _field(rec: dict[str, Any], *names: str, required: bool = True) -> Any:
    for name in names:
        if name in rec and rec[name] not in (None, ""):
            return fields.text(rec, name)
    if required:
        raise CardFileError(f"field {names[0]!r}: missing")
    return None


def _int(rec: dict[str, Any], name: str) -> int | None:
    try:
        return fields.whole(rec, name)
    except fields.BadField as exc:
        raise CardFileError(str(exc)) from None


def _names(rec: dict[str, Any], name: str) -> tuple[str, ...]:
    """Names in one field; the browser writes several categories as "DFF &middot; VII" (HTML
    entity and middle dot), the community form sometimes with "/": all three separate names."""
    value = rec.get(name)
    if isinstance(value, str):
        rec = {**rec, name: html.unescape(value)}
    try:
        return fields.names(rec, name, seps="/·")
    except fields.BadField as exc:
        raise CardFileError(str(exc)) from None


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
    elements = tuple(e.lower() for e in _names(rec, "element"))
    bad = [e for e in elements if e not in ELEMENTS and e != "unknown"]
    if bad:
        raise CardFileError(f"field 'element': {bad[0]!r} is not one of {', '.join(ELEMENTS)}")
    elements = tuple(e for e in elements if e != "unknown")
    raw_text = rec.get("text") or ""
    if not isinstance(raw_text, str):
        raise CardFileError("field 'text': must be text")
    power = _int(rec, "power")
    rarity, card_set = _field(rec, "rarity", required=False) or "", _field(rec, "set", required=False) or ""
    flags = []
    if "[[ex]]" in raw_text.lower():
        flags.append("ex_burst")
    if re.search(r"limit break\s*(--|–|—)\s*\d", raw_text, re.I):
        flags.append("limit_break")
    flags += [e for e in elements if e in ("light", "dark")]
    if len(elements) > 1:
        flags.append("multi_element")
    return Card(game="fftcg", number=number, name=name, type=kind, colors=elements, cost=_int(rec, "cost"),
                job=_names(rec, "job"), category=_names(rec, "category"),
                power=power if power else None, rarity=rarity,
                set=card_set, flags=tuple(flags), text=convert_text(raw_text))


# ── the card browser's own records (what its API answers) ──────────────────────────────────────
#: the browser's element glyphs (the same as in cost icons) and their names
GLYPHS = {"火": "fire", "氷": "ice", "風": "wind", "土": "earth", "雷": "lightning", "水": "water", "光": "light",
          "闇": "dark"}
_NO_POWER = {"", "-", "―", "－", "ー", "—", "–"}
_WIDE = str.maketrans("０１２３４５６７８９", "0123456789")
#: raw field (lower-cased) -> the community-normalised field it becomes
RAW_FIELDS = {"code": "id", "name_en": "name", "type_en": "type", "cost": "cost", "power": "power",
              "job_en": "job", "rarity": "rarity", "set": "set", "text_en": "text"}


def is_official(rec: Any) -> bool:
    """Whether a record is in the card browser's raw shape (`Code`, `Name_EN`, …; any case)."""
    return isinstance(rec, dict) and {"code", "name_en"} <= {str(k).lower() for k in rec}


def official_record(rec: dict[str, Any]) -> dict[str, Any]:
    """A raw card-browser record as the normalised record `card_from_record` reads.

    Fields are looked up whatever their case (the API has served both `Name_EN` and `name_en`);
    a wrong type is named by its raw field name."""
    raw = {str(k).lower(): (k, v) for k, v in rec.items()}
    out: dict[str, Any] = {}
    for low, norm in RAW_FIELDS.items():
        if low in raw:
            key, value = raw[low]
            if isinstance(value, list) and low == "set":
                value = value[0] if value else ""
            if isinstance(value, str) and low in ("cost", "power"):
                value = value.strip().translate(_WIDE)
                value = "" if value in _NO_POWER else value
            if (value is not None and not isinstance(value, str | int)) or isinstance(value, bool):
                raise CardFileError(f"field {key!r}: must be text, not {type(value).__name__}")
            out[norm] = value
    out["id"] = _official_code(out.get("id"), raw["code"][0])
    out["element"] = _official_elements(raw.get("element"))
    cats = [raw[k] for k in ("category_1", "category_2") if k in raw]
    for key, value in cats:
        if value is not None and not isinstance(value, str):
            raise CardFileError(f"field {key!r}: must be text, not {type(value).__name__}")
    out["category"] = "/".join(html.unescape(v).replace("·", "/") for _, v in cats if v)
    if "type" in out and isinstance(out["type"], str):
        out["type"] = out["type"].strip().lower()
    return out


def _official_code(code: Any, key: str) -> str:
    """`1-001H`; a reprint listed as `PR-001/1-001H` is filed under its set number."""
    if not isinstance(code, str) or not code.strip():
        raise CardFileError(f"field {key!r}: missing")
    parts = [c.strip() for c in code.split("/") if c.strip()]
    return next((c for c in parts if not c.upper().startswith("PR-")), parts[0])


def _official_elements(item: tuple[str, Any] | None) -> str:
    if item is None or item[1] in (None, ""):
        return ""
    key, value = item
    values = value if isinstance(value, list) else str(value).split("/") if isinstance(value, str) else None
    if values is None or not all(isinstance(v, str) for v in values):
        raise CardFileError(f"field {key!r}: must be element names, not {type(value).__name__}")
    out = []
    for v in values:
        v = v.strip()
        name = GLYPHS.get(v, v.lower())
        if name == "darkness":
            name = "dark"
        out.append(name)
    return "/".join(out)


def official_card(rec: dict[str, Any], game: str = "fftcg") -> Card:
    """One raw card-browser record as a Card (its EX Burst / Multicard marks are in the text too)."""
    return card_from_record(official_record(rec), game)


__all__ = ["ELEMENTS", "GLYPHS", "TYPES", "card_from_record", "convert_text", "is_official", "official_card",
           "official_record"]
