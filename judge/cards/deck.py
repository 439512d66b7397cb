"""Decklist checks against each game's deck-construction clauses.

The limits are data (`DECK_RULES`), each with the clause numbers that set it; the report cites
those numbers and quotes the clause text from the knowledge base, so what a judge reads is the
rule as stored, never a paraphrase typed beside the check.

Decklist format: one entry per line as players register them — `4 BSS01-001`, `3x 16-015H`,
`3 x Blaze Drake`, `Blaze Drake x3`, or a number with the name printed on the card
(`4 BSS02-016 Some Printed Name`): the number decides which card it is, and a printed name that is
not the card's name is taken as an additional name (Saga 2-1-2), never a different card;
`#` starts a comment; a line `LB:` (or `LB deck`) starts an
FFTCG Limit Break deck section. A card the database does not know is an error, and no limit is
reported as met while one is unknown. Limited and banned lists are data (`cards/banlists/`,
`judge.cards.banlists`): the list in force on the event's date applies.
"""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from judge.cards.banlists import check_limits
from judge.cards.findings import Finding
from judge.cards.model import CARD_NUMBER, Card
from judge.errors import DeckError, JudgeError

#: Per game: deck sizes, copy limits (and whether copies count by name or number), with clauses.
DECK_RULES: dict[str, dict] = {
    "bss": {"min": 50, "max": 60, "copies": 4, "by": "name", "number_is_card": True,
            "cite_size": ("5-1-1-1",), "cite_copies": ("5-1-1-1", "5-1-1-1#2", "2-1-2"),
            "cite_token": ("4-12-1", "5-1-1-1"), "cite_alias": ("2-1-2",)},
    "bs": {"min": 40, "max": None, "copies": 3, "by": "name", "standard": True,
           "cite_size": ("6-1-1",), "cite_copies": ("6-1-1-2", "6-1-1-2-1"),
           "cite_standard": ("1-1-1", "2-13-1-2-1"), "cite_banlist": ("6-1-1-2-2",)},
    "fftcg": {"min": 50, "max": 50, "copies": 3, "by": "number", "lb_max": 8,
              "cite_size": ("8.1.1.1",), "cite_copies": ("8.1.1.2", "5.2.5.1"),
              "cite_lb": ("8.1.1.1", "8.1.3")},
}

_LINE = re.compile(r"^\s*(\d{1,3})\s*[xX×]?\s+(.+?)\s*$")
_LINE_AFTER = re.compile(r"^\s*(.+?)\s+[xX×]\s*(\d{1,3})\s*$")
MAX_LINES = 2000
_NUMBER_THEN_NAME = re.compile(r"^(\S+)\s+(\S.*)$")
_LB_HEADER = re.compile(r"^\s*(\[?lb( deck)?\]?:?|limit break( deck)?:?)\s*$", re.I)


@dataclass
class DeckReport:
    """Every finding of a deck check, with the clause texts they cite."""

    game: str
    cards: int = 0
    lb_cards: int = 0
    findings: list[Finding] = field(default_factory=list)
    clauses: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(f.level == "error" for f in self.findings)

    def to_dict(self) -> dict:
        return {"game": self.game, "ok": self.ok, "cards": self.cards, "lb_cards": self.lb_cards,
                "findings": [{"level": f.level, "message": f.message, "cites": list(f.cites), "line": f.line}
                             for f in self.findings], "clauses": self.clauses}

    def lines(self) -> list[str]:
        out = [f"{self.game} deck: {self.cards} card(s)" + (f", LB deck {self.lb_cards}" if self.lb_cards else "")]
        for f in self.findings:
            where = f"line {f.line}: " if f.line else ""
            out.append(f"{f.level.upper():<7} {where}{f.message}" + (f"  [{', '.join(f.cites)}]" if f.cites else ""))
        for number, text in self.clauses.items():
            out.append(f"  §{number}: {text}")
        out.append("deck is legal" if self.ok else "deck is NOT legal")
        return out


def read_decklist(path: Path) -> list[tuple[int, int, str, bool]]:
    """(line number, count, card reference, in LB deck) for each entry; DeckError on a bad line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{path}: cannot read the decklist ({exc})") from exc
    entries, lb = [], False
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"{path}: {len(lines)} lines; a decklist has at most {MAX_LINES}")
    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if _LB_HEADER.match(line):
            lb = True
            continue
        m = _LINE.match(line)
        count, ref = (int(m.group(1)), m.group(2)) if m else (0, "")
        if not m:
            after = _LINE_AFTER.match(line)
            count, ref = (int(after.group(2)), after.group(1)) if after else (0, "")
        if count <= 0 or not ref:
            raise DeckError(f"{path}, line {n}: expected `COUNT CARD` (e.g. `4 BSS01-001`, `3x 1-001H`, "
                            f"`Blaze Drake x3`), got {raw.strip()[:80]!r}")
        entries.append((n, count, ref[:200], lb))
    if not entries:
        raise DeckError(f"{path}: the decklist has no cards")
    return entries


def _standard_legal(card: Card) -> bool | None:
    """BS 2-13-1-2-1: letters in the block icon are Standard-legal; numbers or none are not."""
    if not card.block:
        return None
    return card.block.strip().isalpha()


def check_deck(path: Path | str, game: str, db_path: Path | None = None, *, on: str | None = None,
               banlist: Path | None = None) -> DeckReport:
    """Check a decklist against `game`'s deck-construction rules (citing them) and the limited /
    banned list in force on `on` (YYYY-MM-DD, default today)."""
    rules = DECK_RULES[game]
    report = DeckReport(game)
    main: list[tuple[int, int, Card]] = []
    lb: list[tuple[int, int, Card]] = []
    unknown = 0
    printed: dict[str, set[str]] = {}           # card number → other names printed beside it
    for n, count, ref, in_lb in read_decklist(Path(path)):
        try:
            card, other_name = _lookup(ref, game, db_path)
        except JudgeError as exc:
            report.findings.append(Finding("error", f"unknown card {ref!r}: {exc}", (), n))
            unknown += count
            continue
        if other_name and "cite_alias" in rules:
            printed.setdefault(card.number, set()).add(other_name)
            report.findings.append(Finding(
                "warning", f"{card.number} is listed as {other_name!r}, not its card name {card.name!r}: counted as "
                "that card (its number decides; another printed name is an additional name, not part of the card "
                "name); that printing is not verified", rules["cite_alias"], n))
        (lb if in_lb else main).append((n, count, card))
    _check_tokens(report, main + lb, rules)
    report.cards = sum(c for _, c, _ in main) + unknown
    report.lb_cards = sum(c for _, c, _ in lb)
    lo, hi = rules["min"], rules["max"]
    size_ok = report.cards >= lo and (hi is None or report.cards <= hi)
    want = f"exactly {lo}" if lo == hi else f"{lo} to {hi}" if hi else f"at least {lo}"
    report.findings.append(Finding("ok" if size_ok else "error",
                                   f"deck has {report.cards} card(s); the rules require {want}", rules["cite_size"]))
    _check_copies(report, main + lb, unknown, printed, rules)
    report.findings += check_limits(game, [(n, c, card) for n, c, card in main + lb], rules["by"], on, banlist,
                                    unknown, rules.get("cite_banlist", ()))
    if rules.get("standard"):
        _check_standard(report, main, rules)
    if "lb_max" in rules:
        _check_lb(report, main, lb, rules)
    report.clauses = _clause_texts(game, [c for f in report.findings for c in f.cites], db_path)
    return report


def _check_copies(report: DeckReport, entries: list[tuple[int, int, Card]], unknown: int,
                  printed: dict[str, set[str]], rules: dict) -> None:
    """The copy limit, over the copies of one card (same name, or number where the rules say so)."""
    key = _copy_key(entries, rules)
    same = rules["by"] + (" or number" if rules.get("number_is_card") else "")
    copies: Counter[str] = Counter()
    first: dict[str, tuple[int, Card]] = {}
    for n, count, card in entries:
        copies[key(card)] += count
        first.setdefault(key(card), (n, card))
    over = [(k, v) for k, v in copies.items() if v > rules["copies"]]
    for k, v in over:
        n, card = first[k]
        also = sorted({o for _, _, c in entries if key(c) == k for o in printed.get(c.number, ())})
        seen = f", also listed as {', '.join(map(repr, also))}" if also else ""
        report.findings.append(Finding("error", f"{v} copies of {card.name} ({card.number}{seen}); at most "
                                       f"{rules['copies']} with the same {same}", rules["cite_copies"], n))
    if unknown:
        report.findings.append(Finding("error", f"copy limits not verified: {unknown} card(s) are unknown",
                                       rules["cite_copies"]))
    elif not over:
        report.findings.append(Finding("ok", f"no card over {rules['copies']} copies (same {same})",
                                       rules["cite_copies"]))


def _lookup(ref: str, game: str, db_path: Path | None) -> tuple[Card, str | None]:
    """The card an entry names, and the name printed beside its number when that is not its card name
    (`4 BSS02-016 Some Name`: the number decides, 2-1-2); a reference that does not start with a known
    number is looked up whole (a name, or a name that merely begins like a number)."""
    from judge.cards.db import find_card

    m = _NUMBER_THEN_NAME.match(ref)
    if m and CARD_NUMBER.match(m.group(1).upper()):
        try:
            card = find_card(m.group(1), game, db_path)
        except JudgeError:
            card = None
        if card is not None and card.number.upper() == m.group(1).upper():
            name = " ".join(m.group(2).split())
            return card, None if name.casefold() == card.name.casefold() else name
    return find_card(ref, game, db_path), None


def _copy_key(entries: list[tuple[int, int, Card]], rules: dict):
    """What makes two entries copies of one card: the same name (or number, by the game's rules); in
    Saga also the same number whatever the name (2-1-2, 5-1-1-1#2), so names joined by a number are
    one group."""
    if rules["by"] != "name":
        return lambda c: c.number.upper()
    if not rules.get("number_is_card"):
        return lambda c: c.name.casefold()
    group: dict[str, str] = {}

    def root(x: str) -> str:
        while group.setdefault(x, x) != x:
            x = group[x]
        return x

    for _, _, card in entries:
        a, b = root("name:" + card.name.casefold()), root("number:" + card.number.upper())
        if a != b:
            group[b] = a
    return lambda c: root("name:" + c.name.casefold())


def _is_token(card: Card) -> bool:
    """A token (Saga 4-12-1: put on the field by effects): flagged `token`, or of a token card type."""
    return "token" in card.flags or "token" in card.type.casefold().split()


def _check_tokens(report: DeckReport, entries: list, rules: dict) -> bool:
    """Tokens are made by effects and kept outside the deck (4-12-1): none may be part of one."""
    if "cite_token" not in rules:
        return False
    bad = [(n, card) for n, _, card in entries if _is_token(card)]
    for n, card in bad:
        report.findings.append(Finding("error", f"{card.number} {card.name} is a token: tokens are put on the "
                                       "field by effects and cannot be part of a deck", rules["cite_token"], n))
    return bool(bad)


def _check_standard(report: DeckReport, main: list, rules: dict) -> None:
    bad = [(n, c) for n, _, c in main if _standard_legal(c) is False]
    unknown = [(n, c) for n, _, c in main if _standard_legal(c) is None]
    for n, card in bad:
        report.findings.append(Finding("error", f"{card.number} {card.name} has block icon {card.block}: "
                                       "not legal in Standard", rules["cite_standard"], n))
    for n, card in unknown:
        report.findings.append(Finding("warning", f"{card.number} {card.name}: block icon unknown, "
                                       "Standard legality not verified", rules["cite_standard"], n))
    if not bad and not unknown:
        report.findings.append(Finding("ok", "every card has a lettered block icon (Standard)", rules["cite_standard"]))


def _check_lb(report: DeckReport, main: list, lb: list, rules: dict) -> None:
    if report.lb_cards > rules["lb_max"]:
        report.findings.append(Finding("error", f"LB deck has {report.lb_cards} cards; at most {rules['lb_max']}",
                                       rules["cite_lb"]))
    for n, _, card in lb:
        if "limit_break" not in card.flags:
            report.findings.append(Finding("error", f"{card.number} {card.name} has no Limit Break: "
                                           "not allowed in the LB deck", rules["cite_lb"], n))
    for n, _, card in main:
        if "limit_break" in card.flags:
            report.findings.append(Finding("error", f"{card.number} {card.name} has Limit Break: "
                                           "it belongs in the LB deck, not the main deck", rules["cite_lb"], n))


def _clause_texts(game: str, numbers: list[str], db_path: Path | None) -> dict[str, str]:
    """The text of each cited clause, from the knowledge base (empty if it cannot be opened)."""
    try:
        from judge.rules.kb import open_kb

        kb = open_kb(db_path)
    except Exception:
        return {}
    out = {}
    for number in dict.fromkeys(numbers):
        try:
            text = " ".join(kb.clause(game, number).text.split())[:200]
            if game == "bs":           # Japanese is authoritative; the English translation beside it
                with contextlib.suppress(JudgeError):
                    text += " / en: " + " ".join(kb.clause(game, number, lang="en").text.split())[:200]
            out[number] = text
        except JudgeError:
            continue
    return out


__all__ = ["DECK_RULES", "DeckReport", "Finding", "check_deck", "read_decklist"]
