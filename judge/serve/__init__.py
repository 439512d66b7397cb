"""`judge serve`: the knowledge base over HTTP, read-only, for bots and many judges at once.

Datasette serves a snapshot (`judge snapshot`) opened immutable, so any number of identical
servers can serve copies of it behind a balancer. Five canned queries answer what a judge asks —
`rule`, `term`, `search`, `card`, `card_rulings` — described in the metadata. `search`, `term`
and `card` go through the project's own code (a small plugin, `judge.serve.plugin`, registers
SQL functions that call `judge search`'s, `judge term`'s and `judge card`'s library functions on
the same snapshot), so HTTP gives the CLI's answers, ranking and fuzzy matching included.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: the SQL of each canned query (parameters are Datasette's :named ones)
QUERIES: dict[str, dict[str, Any]] = {
    "rule": {
        "title": "A clause by number",
        "description": "The clause NUMBER of GAME's current document (bs: Japanese; add lang=en), with its "
                       "title, text, sub-clause ids, references and breadcrumbs.",
        "sql": "select d.game, d.lang, d.version, c.number, c.id, c.title, c.text, c.children, c.refs, "
               "c.cited_by, c.crumbs from clauses c join documents d on d.key = c.doc "
               "where d.game = lower(:game) and d.current = 1 and c.number = judge_clause_number(:game, :number) "
               "and d.lang = coalesce(nullif(lower(:lang), ''), case lower(:game) when 'bs' then 'ja' else 'en' end) "
               "order by c.seq",
        "params": ["game", "number", "lang"],
    },
    "term": {
        "title": "A keyword or defined term",
        "description": "What `judge term WORD` prints: the defining clause and the clauses that say what it "
                       "does, per game that defines it (q: the word, like search and card; word= is the same; "
                       "game may be empty for every game).",
        "sql": "select value ->> '$.term' as term, value ->> '$.game' as game, value ->> '$.lang' as lang, "
               "value ->> '$.number' as number, value ->> '$.kind' as kind, value ->> '$.text' as text, "
               "value -> '$.clauses' as clauses from json_each(judge_term(coalesce(nullif(:q, ''), :word), :game))",
        "params": ["q", "word", "game"],
    },
    "search": {
        "title": "Full-text search of the rules",
        "description": "What `judge search QUERY` answers, best first (English stemmed, Japanese trigram); "
                       "game and lang may be empty.",
        "sql": "select value ->> '$.game' as game, value ->> '$.lang' as lang, value ->> '$.version' as version, "
               "value ->> '$.number' as number, value ->> '$.snippet' as snippet from "
               "json_each(judge_search(:q, :game, :lang, 20))",
        "params": ["q", "game", "lang"],
    },
    "card": {
        "title": "A card by number or (fuzzy) name",
        "description": "What `judge card QUERY` finds: the card's data, its verbatim text, and that text as a "
                       "judge reads it (`plain`: EX BURST, [S], (1), [Dull], [Fire]) (game may be empty).",
        "sql": "select c.game, c.number, c.name, c.type, c.text, judge_plain(c.text) as plain, c.data, c.source "
               "from cards c "
               "join json_each(judge_card(:q, :game)) j on c.game = j.value ->> '$.game' "
               "and c.number = j.value ->> '$.number'",
        "params": ["q", "game"],
    },
    "card_rulings": {
        "title": "The official rulings about a card",
        "description": "Every imported official ruling about the card with this number, current ones first: its "
                       "words (question and answer; FFTCG rulings have only an answer), whether the stored copy is "
                       "truncated, its source (file, title, URL, date, set), the rules version it was checked "
                       "against, what replaced it if anything, and the clauses it is linked to as "
                       "clause:how:number (how: scenario, words or card).",
        "sql": "select r.id, r.key, r.game, r.card_number, r.card_name, r.question, r.answer, r.truncated, r.source, "
               "r.source_title, r.source_url, r.published, r.set_name, r.rules_version, "
               "x.by_kind as replaced_by_kind, x.by_ref as replaced_by, x.date as replaced_on, "
               "(select group_concat(l.kind || ':' || l.how || ':' || l.ref, ' ') from ruling_links l "
               "where l.ruling = r.id) as links "
               "from rulings r left join ruling_replacements x on x.ruling = r.id "
               "where r.card_number = :number collate nocase "
               "and (:game = '' or r.game = lower(:game)) order by x.ruling is not null, r.id",
        "params": ["number", "game"],
    },
}


def metadata(db_name: str) -> dict[str, Any]:
    """Datasette metadata: the title, and the canned queries of the snapshot's database."""
    return {
        "title": "judge — rules, cards and rulings",
        "description": "Read-only knowledge base of Battle Spirits (Saga, Standard) and FINAL FANTASY TCG "
                       "rules, cards and official rulings, from a judge snapshot.",
        "databases": {db_name: {"queries": {name: {k: v for k, v in q.items() if k != "params"}
                                            for name, q in QUERIES.items()}}},
    }


#: Datasette's own bounds: rows per answer, time per query, SQL threads; no facets, no CSV streams
#: of whole tables, no download of the file (the snapshot travels by `judge snapshot`, not HTTP)
SETTINGS: dict[str, Any] = {"sql_time_limit_ms": 2000, "max_returned_rows": 1000, "num_sql_threads": 4,
                            "default_page_size": 50, "allow_facet": False, "suggest_facets": False,
                            "allow_csv_stream": False, "max_csv_mb": 5, "allow_download": False,
                            "default_allow_sql": False}


def make_app(snapshot: Path, allow_sql: bool = False) -> Any:
    """The Datasette ASGI app over `snapshot`, immutable, with the judge plugin registered.

    Arbitrary SQL (`?sql=`) is off unless `allow_sql`: the canned queries answer what a judge asks.
    Every answer is bounded (judge.serve.plugin: value size, columns, answer bytes; Datasette: rows
    and time) and every address's work too (judge.serve.gate)."""
    from datasette.app import Datasette
    from datasette.plugins import pm

    from judge.serve import plugin

    plugin.SNAPSHOT = Path(snapshot)
    plugin.QUERY_NAMES = tuple(QUERIES)
    if not pm.is_registered(plugin):
        pm.register(plugin, name="judge")
    ds = Datasette(immutables=[str(snapshot)], metadata=metadata(Path(snapshot).stem),
                   settings={**SETTINGS, "default_allow_sql": allow_sql})
    return ds


__all__ = ["QUERIES", "SETTINGS", "make_app", "metadata"]
