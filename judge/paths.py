"""Where the project's data folders and the database live.

Data folders (`rules/`, `grammar/`, `cards/`) sit at the top of the repository; a wheel carries
them inside the package as `judge/_data/…`. Both layouts are found here, so code never guesses.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder `name` (rules, grammar or cards), wherever this installation keeps it."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"data folder {name!r} is missing from this installation")


def rules_dir() -> Path:
    """The source rule documents and their manifest."""
    return data_dir("rules")


def grammar_dir() -> Path:
    """The Lark grammar files."""
    return data_dir("grammar")


def cards_dir() -> Path:
    """The card files the project ships."""
    return data_dir("cards")


def default_db_path() -> Path:
    """`JUDGE_DB` if set, else `judge.db` in the user data directory (platformdirs)."""
    env = os.environ.get("JUDGE_DB")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("judge", appauthor=False)) / "judge.db"


def config_path() -> Path:
    """Where small user preferences (last game and language in the TUI) are remembered."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("judge", appauthor=False)) / "settings.json"
