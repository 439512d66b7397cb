"""The file formats of official rulings, told apart by their fields, read into plain records.

- `qa-cards` — the Battle Spirits Saga card Q&A: `Card No.`, `Card Name`, `Question`, `Answer`;
- `qa-keywords` — the Saga keyword Q&A: `Card Effects`, `Question`, `Answer` (`Card Effects
  "Immortal"` is about the keyword Immortal);
- `fftcg-faq` — the FINAL FANTASY TCG FAQ, one record per ruling: `code`, `card_name`, `ruling`,
  `source_url`, `source_title`, `opus`, optional `truncated`, `lang`, `in_corpus`, `code_as_printed`;
- `replacements` — marks earlier rulings replaced: `replaces` (a ruling key), `by` (`ruling:KEY`,
  `erratum:WHAT` or `rules:VERSION`), optional `date`, `note` (docs/rulings.md).

Any ruling record may also carry its provenance where the publisher's file gives it — `date`,
`source_title`, `source_url`, `set` — and `replaces` (the key of a ruling it replaces). A ruling is
named in every database by its *key* (`ruling_key`): the game and a hash of what it is about and its
words, so the same ruling imported twice, or from two files, is one ruling, and the links table the
package ships can name it without carrying its words.
"""

from __future__ import annotations

import re

from judge.cards import fields
from judge.errors import CardFileError

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CARD_FIELDS = ("Card No.", "Card Name", "Question", "Answer")
KEYWORD_FIELDS = ("Card Effects", "Question", "Answer")
FAQ_FIELDS = ("code", "ruling")
REPLACEMENT_FIELDS = ("replaces", "by")
FORMAT_NAMES = {"qa-cards": "official card Q&A (per card)", "qa-keywords": "official keyword Q&A (per keyword)",
                "fftcg-faq": "official FFTCG FAQ (one ruling per record)",
                "replacements": "ruling replacements (which rulings a later word replaced)"}
#: the game a format is about when the command does not say
FORMAT_GAME = {"qa-cards": "bss", "qa-keywords": "bss", "fftcg-faq": "fftcg"}
REPLACED_BY = ("ruling", "erratum", "rules")
KEY = re.compile(r"^(bss|bs|fftcg)-[0-9a-f]{12}$")
_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


def _norm(text: str) -> str:
    return " ".join(str(text).split())


def ruling_key(game: str, kind: str, about: str, question: str, answer: str) -> str:
    """`bss-1a2b3c4d5e6f`: the game and 12 hex digits of a hash of what the ruling is about (card
    number or topic, case-folded) and its words (spacing folded)."""
    parts = (game, kind, _norm(about).casefold(), _norm(question), _norm(answer))
    import hashlib  # only when rulings are imported: the lookups read keys already made

    return f"{game}-{hashlib.sha256(chr(31).join(parts).encode()).hexdigest()[:12]}"


def detect(data: Any, name: str) -> str:
    """The format of a rulings file, from its first record's fields."""
    first = data[0] if isinstance(data, list) and data and isinstance(data[0], dict) else None
    if first is None:
        raise CardFileError(f"{name}: expected a JSON list of ruling records")
    if "Card No." in first:
        return "qa-cards"
    if "Card Effects" in first:
        return "qa-keywords"
    if "code" in first and "ruling" in first:
        return "fftcg-faq"
    if "replaces" in first and "by" in first:
        return "replacements"
    raise CardFileError(f"{name}: record 1: not an official ruling record (expected the fields "
                        f"{', '.join(CARD_FIELDS)}; or {', '.join(KEYWORD_FIELDS)}; or {', '.join(FAQ_FIELDS)}; "
                        f"or {', '.join(REPLACEMENT_FIELDS)})")


def topic_of(label: str) -> str:
    """`Card Effects "Immortal"` -> `Immortal`; `Card Effects Attacking a Spirit` -> `Attacking a Spirit`."""
    quoted = re.search(r"[\"“]([^\"”]{1,60})[\"”]", label)
    if quoted:
        return quoted.group(1).strip()
    return re.sub(r"^card effects?\s*[:\-–]?\s*", "", label.strip(), flags=re.I) or label.strip()


def _date(rec: dict, field: str = "date") -> str:
    value = fields.text(rec, field)
    if value and not _DATE.match(value):
        raise fields.BadField(field, f"a date is written YYYY-MM-DD (or YYYY-MM, YYYY), not {value!r}")
    return value


def _flag(rec: dict, field: str) -> bool:
    value = rec.get(field)
    if value in (None, False):
        return False
    if value is True:
        return True
    raise fields.BadField(field, f"true or false, not {value!r}")


def _replaces(rec: dict) -> tuple[str, ...]:
    got = rec.get("replaces")
    keys = (got,) if isinstance(got, str) else tuple(got) if isinstance(got, list) else () if got is None else None
    if keys is None or any(not isinstance(k, str) or not KEY.match(k.strip()) for k in keys):
        raise fields.BadField("replaces", "a ruling key such as bss-1a2b3c4d5e6f (judge rulings show N), "
                                          f"or a list of them, not {got!r}")
    return tuple(k.strip() for k in keys)


def _set(rec: dict) -> str:
    """The set a ruling was published with: `set`, or the FFTCG FAQ's `opus` (XIX → Opus XIX)."""
    opus = fields.text(rec, "opus")
    return f"Opus {opus}" if opus and not opus.lower().startswith("opus") else opus or fields.text(rec, "set")


def _provenance(rec: dict) -> dict:
    """What a ruling record says of where and when it was published (empty where it does not)."""
    return {"source_title": fields.text(rec, "source_title", numbers_ok=False),
            "source_url": fields.text(rec, "source_url", numbers_ok=False),
            "published": _date(rec), "set_name": _set(rec),
            "lang": fields.text(rec, "lang"), "truncated": _flag(rec, "truncated"), "replaces": _replaces(rec)}


def _one(fmt: str, rec: dict) -> dict:
    """One ruling record of a ruling format, typed (raises fields.BadField naming the field)."""
    if fmt == "fftcg-faq":
        number = fields.text(rec, "code", required=True)
        words = fields.text(rec, "ruling", required=True, numbers_ok=False)
        return {"kind": "card", "card_number": number, "topic": "", "question": "", "answer": words,
                "card_name": fields.text(rec, "card_name", numbers_ok=False), **_provenance(rec)}
    q = fields.text(rec, "Question", required=True, numbers_ok=False)
    a = fields.text(rec, "Answer", required=True, numbers_ok=False)
    if fmt == "qa-cards":
        return {"kind": "card", "card_number": fields.text(rec, "Card No.", required=True), "topic": "",
                "card_name": fields.text(rec, "Card Name", numbers_ok=False), "question": q, "answer": a,
                **_provenance(rec)}
    label = fields.text(rec, "Card Effects", required=True, numbers_ok=False)
    return {"kind": "keyword", "card_number": "", "card_name": "", "topic": topic_of(label), "question": q,
            "answer": a, **_provenance(rec)}


def _replacement(rec: dict) -> dict:
    """One record of a replacements file: which ruling, replaced by what, when, why."""
    (old,) = _replaces(rec) or ("",)
    by = fields.text(rec, "by", required=True)
    kind, _, ref = by.partition(":")
    if kind not in REPLACED_BY or not ref.strip():
        raise fields.BadField("by", f"ruling:KEY, erratum:WHAT or rules:VERSION, not {by!r}")
    if kind == "ruling" and not KEY.match(ref.strip()):
        raise fields.BadField("by", f"ruling:KEY names a ruling key such as bss-1a2b3c4d5e6f, not {ref!r}")
    return {"replaces": old, "by_kind": kind, "by_ref": ref.strip(), "date": _date(rec),
            "note": fields.text(rec, "note", numbers_ok=False)}


def record_key(fmt: str, game: str, rec: dict) -> str:
    """The key of one ruling record of a ruling format (bench/build_ruling_links.py names the
    ruling a scenario sets up by it)."""
    item = _one(fmt, rec)
    return ruling_key(game, item["kind"], item["card_number"] or item["topic"], item["question"], item["answer"])


def records(data: Any, name: str, game: str | None) -> tuple[str, str, list[dict]]:
    """(format, game, validated records): field by field, typed; or CardFileError naming record and
    field. Exact repeats of a ruling in one file are kept once (`repeats` on the first counts them)."""
    fmt = detect(data, name)
    game = game or FORMAT_GAME.get(fmt) or "bss"
    if fmt == "fftcg-faq" and game != "fftcg":
        raise CardFileError(f"{name}: an FFTCG FAQ file holds fftcg rulings, not {game} ones (drop --game)")
    out: list[dict] = []
    seen: dict[str, dict] = {}
    ordinals: dict[str, int] = {}
    for i, rec in enumerate(data, 1):
        where = f"{name}: record {i}"
        if not isinstance(rec, dict):
            raise CardFileError(f"{where}: a record must be a mapping of fields, not {type(rec).__name__}")
        try:
            if fmt == "replacements":
                out.append({**_replacement(rec), "game": game, "record": i})
                continue
            item = _one(fmt, rec)
        except fields.BadField as exc:
            about = rec.get("Card No.") or rec.get("code")
            raise CardFileError(f"{where}{f' ({about})' if isinstance(about, str) else ''}: {exc}") from None
        about = item["card_number"] or item["topic"]
        key = ruling_key(game, item["kind"], about, item["question"], item["answer"])
        if key in seen:
            seen[key]["repeats"] += 1
            continue
        ordinals[about.casefold()] = ordinals.get(about.casefold(), 0) + 1
        item.update(game=game, key=key, record=i, repeats=0, ordinal=ordinals[about.casefold()])
        seen[key] = item
        out.append(item)
    if not out:
        raise CardFileError(f"{name}: no rulings in it; nothing was imported")
    return fmt, game, out


__all__ = ["FORMAT_GAME", "FORMAT_NAMES", "KEY", "REPLACED_BY", "detect", "record_key", "records", "ruling_key",
           "topic_of"]
