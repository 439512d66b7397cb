"""Which files this session may open, save, export or import: every path a user types goes here.

In a terminal (`judge`) every path is allowed: the user owns the machine. Under `judge web` the
browser on the other end may be anyone who has the address, so the server tells each app process
(through the environment variable `JUDGE_FILES`) either that files are off (`none`) or the one
folder they are confined to (an absolute path). `checked_path` applies that: a path outside the
folder — through `..`, an absolute path, `~` or a symbolic link — is refused with a message in
words, and a file to read must also pass `judge.limits` (a regular file within its size).

The TUI calls `checked_path(text, purpose)` where it turns typed text into a path, inside the work
that shows errors as notifications (a `FileRefused` is a `JudgeError`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from judge.errors import FileRefused

#: the environment variable the web server sets for each app process it starts
ENV = "JUDGE_FILES"
#: its value when files are off
OFF = "none"


class Purpose(Enum):
    """What the path is for: the verb of the message, and whether the file is read."""

    OPEN = ("open", True)
    SAVE = ("save", False)
    EXPORT = ("export", False)
    IMPORT = ("import", True)

    @property
    def verb(self) -> str:
        return self.value[0]

    @property
    def reads(self) -> bool:
        return self.value[1]


@dataclass(frozen=True)
class Policy:
    """Files allowed anywhere (`folder` None, `off` False), off, or only inside `folder`."""

    off: bool = False
    folder: Path | None = None

    @property
    def spec(self) -> str:
        """The value of JUDGE_FILES that says this policy ('' when files are allowed anywhere)."""
        return OFF if self.off else str(self.folder) if self.folder else ""

    def describe(self) -> str:
        if self.off:
            return "files off (opening, saving, exporting and importing refused)"
        if self.folder:
            return f"files only inside {self.folder}"
        return "files anywhere"


def current() -> Policy:
    """The policy of this process, from JUDGE_FILES (a value that is not an absolute path: off)."""
    raw = os.environ.get(ENV, "")
    if not raw:
        return Policy()
    if raw == OFF or not os.path.isabs(raw):
        return Policy(off=True)
    return Policy(folder=Path(os.path.realpath(raw)))


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def checked_path(text: str, purpose: Purpose | str) -> Path:
    """The path `text` names, if this session may use it for `purpose`; FileRefused otherwise.

    Under a confined policy a relative path is taken inside the folder, and the path is resolved
    (symbolic links, `..`) before it is compared. A file to read that exists must be a regular
    file within its size (`judge.limits`); one that does not exist is left to the reader to say so."""
    purpose = purpose if isinstance(purpose, Purpose) else Purpose[str(purpose).upper()]
    policy = current()
    raw = str(text).strip()
    if policy.off:
        raise FileRefused(f"files are off in this web session, so judge cannot {purpose.verb} {raw or 'a file'}; "
                          "whoever runs judge web can allow one folder with --allow-files DIR")
    if policy.folder is None:
        path = Path(raw).expanduser()
    else:
        folder = str(policy.folder)
        given = os.path.expanduser(raw)
        resolved = os.path.realpath(given if os.path.isabs(given) else os.path.join(folder, given))
        if not _inside(resolved, folder):
            raise FileRefused(f"{raw} is outside {folder}, the only folder this web session may {purpose.verb} "
                              "files in; give a name inside it")
        path = Path(resolved)
    if purpose.reads:
        _check_readable(path, purpose)
    return path


def _check_readable(path: Path, purpose: Purpose) -> None:
    from judge import limits

    if purpose is Purpose.IMPORT and path.is_dir():
        return                     # a folder of card files: the importer checks each file
    try:
        limits.check_file(path, limits.CARD_FILE if purpose is Purpose.IMPORT else limits.SCENARIO)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise FileRefused(f"cannot {purpose.verb} {path}: {exc.strerror or exc}") from exc


__all__ = ["ENV", "OFF", "Policy", "Purpose", "checked_path", "current"]
