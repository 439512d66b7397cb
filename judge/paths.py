"""Where the project's data folders and the database live.

Data folders (`rules/`, `grammar/`, `cards/`) sit at the top of the repository; a wheel carries
them inside the package as `judge/_data/…`. Both layouts are found here, so code never guesses.
"""

from __future__ import annotations

import os

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


_PACKAGE = os.path.dirname(os.path.realpath(__file__))


def data_dir_str(name: str) -> str:
    """`data_dir` as a plain string (the quick `judge rule` path keeps pathlib out of start-up)."""
    for candidate in (os.path.join(_PACKAGE, "_data", name), os.path.join(os.path.dirname(_PACKAGE), name)):
        if os.path.isdir(candidate):
            return candidate
    raise FileNotFoundError(f"data folder {name!r} is missing from this installation")


def data_dir(name: str) -> Path:
    """The folder `name` (rules, grammar or cards), wherever this installation keeps it."""
    from pathlib import Path

    return Path(data_dir_str(name))


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
    from pathlib import Path

    env = os.environ.get("JUDGE_DB")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("judge", appauthor=False)) / "judge.db"


def config_path() -> Path:
    """Where small user preferences (last game and language in the TUI) are remembered."""
    from pathlib import Path

    from platformdirs import user_config_dir

    return Path(user_config_dir("judge", appauthor=False)) / "settings.json"
