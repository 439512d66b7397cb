"""The shape of the database: schema versions, table definitions and the columns every finished
database must have (judge/store/__init__.py says how the database is built and read)."""

from __future__ import annotations

#: the layout of the file: bump when the rules tables or the search index change (judge/rules/
#: search_text.py words too). The file records it twice: `pragma user_version` (SCHEMA_VERSION) and
#: meta 'schema' (SCHEMA, which also carries a hash of every table definition below, so a column or
#: table added here makes an older file be rebuilt in the new layout without anyone bumping anything)
SCHEMA_VERSION = 7

# The rules search index (judge/rules/search_index.py makes the rows, judge/rules/search.py ranks):
# postings per term and clause with the term's BM25F weight there, and per clause the field lengths,
# whether it is a heading and its ancestors. Plain tables rather than FTS5, because the ranking
# weighs each query word on its own (synonyms, common words, the character-bigram fallback).
_SEARCH_TABLES = {
    "search_postings": ("create table search_postings (doc text not null, term text not null, id text not null, "
                        "weight real not null)",
                        "create index search_postings_term on search_postings (term, doc)"),
    "search_clauses": ("create table search_clauses (doc text not null, id text not null, seq integer not null, "
                       "len_title integer not null, len_text integer not null, len_context integer not null, "
                       "heading integer not null, ancestors text not null, primary key (doc, id))",),
}


# The stored-imports list lives in the database: an import's records, its list entry and (through
# `judge.dbfiles`) its stored copy become real in ONE transaction. A rules build carries the list
# into the file it swaps in. Card and ruling tables are derived: they carry the hash of what they
# were made from and are rebuilt from the shipped cards and the stored imports when it differs.

_IMPORT_COLUMNS = ("seq", "kind", "file", "sha256", "name", "game", "format", "source", "fetched", "records",
                   "meta")
_IMPORT_COLS = ", ".join(_IMPORT_COLUMNS)
_IMPORT_MARKS = ", ".join("?" * len(_IMPORT_COLUMNS))
_IMPORTS_DDL = ("create table if not exists stored_imports (seq integer primary key, kind text not null, "
                "file text not null, sha256 text not null, name text, game text, format text, source text, "
                "fetched text, records integer, meta text)")

_RECORD_TABLES = {
    "cards": "create table cards (game text not null, number text not null, name text not null, type text, "
             "text text, data text not null, source text, rank integer not null default 0, "
             "seq integer not null default 0, primary key (game, number))",
    "cards_fts": "create virtual table cards_fts using fts5(game unindexed, number unindexed, name, text, extra, "
                 "tokenize = 'porter unicode61 remove_diacritics 2')",
    # `key` names a ruling whatever database it is in (judge.cards.ruling_formats.ruling_key): the
    # shipped links and the replacements refer to it. Provenance: where it was published (title,
    # url, date, set), the rules version it was checked against at import, whether the stored copy
    # is cut short.
    "rulings": "create table rulings (id integer primary key, key text not null unique, game text not null, "
               "kind text not null, card_number text, card_name text, topic text, question text not null, "
               "answer text not null, source text, seq integer not null, ordinal integer not null default 1, "
               "source_title text, source_url text, published text, set_name text, set_from text, "
               "rules_version text, truncated integer not null default 0, lang text)",
    "rulings_fts": "create virtual table rulings_fts using fts5(topic, card_name, question, answer, "
                   "tokenize = 'porter unicode61 remove_diacritics 2')",
    # how: scenario (a scenario of the ruling cites the clause: the shipped links table), words (the
    # ruling names the clause or a term it defines), card (an ability of the ruling's card invokes it)
    "ruling_links": "create table ruling_links (ruling integer not null, game text not null, kind text not null, "
                    "ref text not null, how text not null default 'words')",
    # a ruling replaced by a later ruling, an erratum or a rules version: kept, marked, dated
    "ruling_replacements": "create table ruling_replacements (ruling integer not null primary key, "
                           "by_kind text not null, by_ref text not null, date text, note text, seq integer)",
    "cards_meta": "create table cards_meta (key text primary key, value text)",
}
_RECORD_INDEXES = ("create index cards_name on cards(name collate nocase)",
                   "create index rulings_card on rulings(game, card_number collate nocase)",
                   "create index ruling_links_ref on ruling_links(game, kind, ref)")
#: columns every finished database must have (checked when the file changed since verified)
EXPECTED_COLUMNS = {
    "documents": {"key", "game", "lang", "version", "clauses", "current", "numbering"},
    "clauses": {"doc", "seq", "id", "number", "parent", "title", "text", "refs", "cited_by", "crumbs"},
    "terms": {"norm", "term", "game", "lang", "doc", "number", "kind"},
    "meta": {"key", "value"},
    "stored_imports": set(_IMPORT_COLUMNS),
    "search_postings": {"doc", "term", "id", "weight"},
    "search_clauses": {"doc", "id", "seq", "heading", "ancestors"},
}


# One row per card text already parsed: keyed by game, a hash of the text and of everything else
# the parse read (judge.text.cache.text_key), and the grammar version (a hash of the grammar files
# and the code that reads them), so a grammar change never serves an old AST. A cache, not a
# record: nothing else refers to it, a rules rebuild drops it, and every failure to read or write it
# is answered by parsing again. Writes never wait long for another writer and never raise.
_AST_DDL = ("create table if not exists ast_cache (game text not null, text_hash text not null, "
            "grammar text not null, result text not null, primary key (game, text_hash, grammar)) without rowid")


def _ddl_hash(*ddl: str) -> str:
    """A short fingerprint of table definitions: it only has to change when they do, so a CRC
    serves (hashlib costs the quick `judge rule` path a few milliseconds at import)."""
    import zlib

    return f"{zlib.crc32(chr(10).join(ddl).encode()):08x}"


#: what meta 'schema' says of a file this release builds (the version and its table definitions)
SCHEMA = f"rules-{SCHEMA_VERSION}.{_ddl_hash(_IMPORTS_DDL, *(d for t in _SEARCH_TABLES.values() for d in t))}"
#: what cards_meta 'schema' says: the card and ruling tables are derived, rebuilt from the stored
#: imports whenever their definitions change (a provenance column added to `rulings`, say)
#: records-3: ruling provenance, link kinds, replacements (issue 22); then the definitions' hash
RECORDS_SCHEMA = f"records-3.{_ddl_hash(*_RECORD_TABLES.values(), *_RECORD_INDEXES)}"
CARDS_SCHEMA = RECORDS_SCHEMA
