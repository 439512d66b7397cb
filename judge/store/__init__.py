"""The one place that touches the database (SQLite; sqlite-utils for building, sqlite3 for queries).

Reads go through the stdlib `sqlite3` so `judge rule …` starts fast; sqlite-utils is imported
only when a database is built. A build writes a temporary file beside the target and swaps it in
with `os.replace`, so a failed or killed build never leaves a half-written database; the `meta`
table is written last, so a database without its `complete` row is known to be unfinished.

Split by job, every name importable from `judge.store` as before:
`schema` (versions, tables, expected columns), `connection` (opening, the `.ok` stamp, the read
query and the write transaction), `files` (whether a file is current and sound, checks,
snapshots), `rules` (building the rules database and querying it), `records` (stored imports,
cards, rulings), `ast_cache` (parsed card text).
"""

from __future__ import annotations

from judge.store.ast_cache import (
    ast_cache_clear,
    ast_cache_get,
    ast_cache_put,
)
from judge.store.connection import (
    _read_stamp,
    _stamp,
    _write_stamp,
    connect,
    is_damage,
    query_failed,
    quick_check,
    read_only,
    rows,
    writing,
)
from judge.store.files import (
    built_hash,
    full_check,
    is_snapshot,
    meta_value,
    open_current,
    record_counts,
    set_meta_value,
    snapshot,
    structure_problems,
)
from judge.store.records import (
    add_stored_import,
    card_counts,
    card_data,
    card_names,
    card_rows,
    card_rulings,
    card_search,
    cards_hash,
    clause_link_counts,
    clause_rulings,
    drop_stored_imports,
    game_rulings,
    has_table,
    linked_rulings,
    next_seq,
    put_cards,
    put_replacements,
    put_rulings,
    records_hash,
    records_meta,
    replaced_rulings,
    reset_records,
    ruling_by_key,
    ruling_count,
    ruling_ids,
    ruling_keys,
    ruling_rows,
    ruling_search,
    rulings_about_cards,
    set_links,
    set_records_meta,
    stored_imports,
    stored_list,
    unknown_card_rulings,
)
from judge.store.rules import (
    all_clauses,
    anomalies,
    changes,
    clause_by_id,
    clauses_by_ids,
    clauses_by_number,
    clauses_under,
    documents,
    meta,
    numbers,
    search_clauses,
    search_literal,
    search_postings,
    search_texts,
    stems,
    term_at,
    term_keys,
    term_names,
    term_numbers,
    terms,
    write_rules_db,
)
from judge.store.schema import (
    CARDS_SCHEMA,
    EXPECTED_COLUMNS,
    RECORDS_SCHEMA,
    SCHEMA,
)

__all__ = [
    "CARDS_SCHEMA", "EXPECTED_COLUMNS", "RECORDS_SCHEMA", "SCHEMA", "_read_stamp", "_stamp", "_write_stamp",
    "add_stored_import", "all_clauses", "anomalies", "ast_cache_clear", "ast_cache_get", "ast_cache_put",
    "built_hash", "card_counts", "card_data", "card_names", "card_rows", "card_rulings", "card_search",
    "cards_hash", "changes", "clause_by_id", "clause_link_counts", "clause_rulings", "clauses_by_ids",
    "clauses_by_number", "clauses_under", "connect", "documents", "drop_stored_imports", "full_check",
    "game_rulings", "has_table", "is_damage", "is_snapshot", "linked_rulings", "meta", "meta_value",
    "next_seq", "numbers", "open_current", "put_cards", "put_replacements", "put_rulings", "query_failed",
    "quick_check", "read_only", "record_counts", "records_hash", "records_meta", "replaced_rulings", "reset_records", "rows",
    "ruling_by_key", "ruling_count", "ruling_ids", "ruling_keys", "ruling_rows", "ruling_search", "rulings_about_cards",
    "search_clauses", "search_literal", "search_postings", "search_texts", "set_links", "set_meta_value",
    "set_records_meta", "snapshot", "stems", "stored_imports", "stored_list", "structure_problems", "term_at",
    "term_keys", "term_names", "term_numbers", "terms", "unknown_card_rulings", "write_rules_db", "writing",
]
