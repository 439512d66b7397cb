"""The TUI's small memory: the last game and language a judge looked at.

Kept apart from Textual so the CLI can read it without paying for the UI import. A missing or
unreadable settings file is not an error: the TUI starts on its defaults and writes a fresh one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from judge.paths import config_path

DEFAULT_GAME = "bss"


def load_last(path: Path | None = None) -> tuple[str | None, str | None]:
    """The (game, lang) remembered from the last session, or (None, None)."""
    path = path or config_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None, None
    if not isinstance(data, dict):
        return None, None
    game, lang = data.get("game"), data.get("lang")
    return (game if isinstance(game, str) else None, lang if isinstance(lang, str) else None)


def save_last(game: str, lang: str | None, path: Path | None = None) -> None:
    """Remember (game, lang) atomically; failure to write is ignored (it is only a preference)."""
    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data: dict = {}
        if path.exists():
            try:
                loaded = json.loads(path.read_text(encoding="utf-8"))
                data = loaded if isinstance(loaded, dict) else {}
            except ValueError:
                data = {}
        data.update({"game": game, "lang": lang})
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
        os.replace(tmp, path)
    except OSError:
        return


def resolve_start(game: str | None, lang: str | None) -> tuple[str, str | None]:
    """What the TUI opens on: the options given, else the remembered choice, else the default.

    A language remembered for another game is not carried over to the game asked for.
    """
    last_game, last_lang = load_last()
    if game:
        return game, lang if lang else (last_lang if last_game == game else None)
    if last_game:
        return last_game, lang or last_lang
    return DEFAULT_GAME, lang
