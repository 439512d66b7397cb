"""Official rulings linked to the clauses their card's abilities invoke ("card ability" links).

The card layer links each ruling to the clauses its scenario cites and its words name
(`judge.cards.ruling_links`); it knows nothing of the text layer, so the third kind of link is
made here, above both: for every card ruling that no scenario settles and whose card is in the
database, the card's text is parsed (`judge.text.cache`, so mostly read from the store), each AST
node's link-table keys give clauses (`judge.text.links`), and a clause is linked when the ruling's
words name what the ability does (`judge.cards.ruling_links.card_links`).

`ensure_card_links` does this once per state of the record tables (cards_meta `card_links` holds
the records hash it was done for): the shells call it before they show rulings, and after an import.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from pathlib import Path

from judge import dbfiles, store
from judge.cards.model import GAMES

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

META_KEY = "card_links"


def ability_keys(result: Any, game: str) -> list[tuple[str, tuple[str, ...]]]:
    """(link-table key, clauses) of every AST node of a parse result's abilities."""
    from judge.text.links import keys_of, table

    links = table(game)
    out: list[tuple[str, tuple[str, ...]]] = []
    stack: list[Any] = list(result.abilities)
    while stack:
        node = stack.pop()
        if not is_dataclass(node) or isinstance(node, type):
            continue
        out += [(k, tuple(links[k])) for k in keys_of(node) if k in links]
        for f in fields(node):
            value = getattr(node, f.name)
            stack.extend(value if isinstance(value, tuple) else (value,))
    return out


def _card_links(conn: Any, path: Path, game: str, rows: list[Any]) -> dict[int, list[tuple[str, str]]]:
    """ruling id → its card-ability links, for the rulings of one game no scenario settles."""
    import json

    from judge.cards.model import Card
    from judge.cards.ruling_links import card_links, shipped_links
    from judge.text.cache import parse_card
    from judge.text.lexicon import stored_lexicon

    shipped = shipped_links()
    todo = [r for r in rows if r["kind"] == "card" and r["card_known"] and not shipped.get(r["key"])]
    if not todo:
        return {}
    lexicon = stored_lexicon(game, path)
    keys: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    out: dict[int, list[tuple[str, str]]] = {}
    for r in todo:
        number = r["card_number"].upper()
        if number not in keys:
            hit = store.card_rows(conn, r["card_number"], game)
            card = Card.from_dict(json.loads(hit[0]["data"])) if hit else None
            keys[number] = ability_keys(parse_card(card, lexicon), game) if card else []
        out[r["id"]] = card_links(keys[number], f"{r['question']}\n{r['answer']}")
    return out


def ensure_card_links(db_path: Path | None = None) -> bool:
    """Make the card-ability links current (one transaction, under the writer lock); True when
    they were (re)computed. A snapshot is read as it was made."""
    from judge.cards.db import ensure_cards

    path = ensure_cards(db_path)
    if store.is_snapshot(path) or _current(path):
        return False
    with dbfiles.locked(path):
        if _current(path):
            return False
        conn = store.connect(path)
        try:
            found = {g: _card_links(conn, path, g, store.game_rulings(conn, g)) for g in GAMES}
            want = store.records_hash(conn)
        finally:
            conn.close()
        with store.writing(path) as conn:
            if store.records_hash(conn) != want:
                return False            # the tables were rebuilt meanwhile: the next call links them
            for game, links in found.items():
                for rid, got in links.items():
                    store.set_links(conn, rid, game, "card", got)
            # the links' row count is part of what a check compares (judge.store.files.structure_problems)
            store.set_records_meta(conn, {META_KEY: want or "", **store.record_counts(conn)})
    return True


def _current(path: Path) -> bool:
    conn = store.connect(path)
    try:
        have = store.records_hash(conn)
        return have is not None and store.records_meta(conn, META_KEY) == have
    finally:
        conn.close()


__all__ = ["ability_keys", "ensure_card_links"]
