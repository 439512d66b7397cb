"""Ingest and query the rule documents (no Textual, no Lark here)."""
