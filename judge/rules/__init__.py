"""Ingest and query the rule documents (no Textual, no Lark here)."""

#: The language a game's rules are shown in when none is asked for (bs: Japanese is authoritative).
DEFAULT_LANG = {"bss": "en", "bs": "ja", "fftcg": "en"}
