"""Click parameter types that apply `judge.limits` where arguments enter the command line.

`InputFile(kind)`: a path judge will read — a regular file within `kind`'s size (a FIFO or
`/dev/urandom` is refused at once instead of hanging the command). `Count(lo, hi)`: a whole
number in a range, refused by its digits before Python converts it (a 5,000-digit `--limit`
otherwise ends in an overflow deep in SQLite). `Text(what, check)`: a string through one of the
limits' checks. Each refusal is a click usage error: one line naming the option and the limit.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from judge import limits
from judge.errors import LimitExceeded


class InputFile(click.ParamType):
    """A file judge reads: it must exist, be a regular file and be within the size of `kind` (its
    contents are bounded by the reader, through `judge.limits.load_json` / `load_yaml`)."""

    name = "file"

    def __init__(self, kind: limits.FileKind = limits.ANY_FILE) -> None:
        self.kind = kind

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        if isinstance(value, Path):
            value = str(value)
        try:
            limits.check_arg(value, "the path")
            return limits.check_file(os.path.expanduser(value), self.kind)
        except LimitExceeded as exc:
            self.fail(exc.message, param, ctx)
        except FileNotFoundError:
            self.fail(f"no such file: {value}", param, ctx)
        except OSError as exc:
            self.fail(f"cannot read {value}: {exc.strerror or exc}", param, ctx)


class DataSource(click.ParamType):
    """Where cards come from: an http(s) URL or a folder (their reader checks each file), or a
    file or zip, which must be a regular file within `kind`'s size."""

    name = "source"

    def __init__(self, kind: limits.FileKind) -> None:
        self.kind = kind

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        value = str(value)
        try:
            limits.check_arg(value, "the source")
            path = os.path.expanduser(value)
            if "://" in value or os.path.isdir(path) or not os.path.lexists(path):
                return value
            limits.check_file(path, self.kind)
        except LimitExceeded as exc:
            self.fail(exc.message, param, ctx)
        except OSError as exc:
            self.fail(f"cannot read {value}: {exc.strerror or exc}", param, ctx)
        return value


class Count(click.ParamType):
    """A whole number from `lo` to `hi`, its digits checked before it is converted."""

    name = "integer"

    def __init__(self, lo: int = 1, hi: int = limits.MAX_RESULTS) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = len(text.lstrip("+-"))
            if digits > limits.MAX_DIGITS:
                self.fail(f"a number of {digits:,} digits; it must be from {self.lo} to {self.hi}", param, ctx)
            try:
                number = int(text)
            except ValueError:
                self.fail(f"{click.utils.make_str(value)[:40]!r} is not a whole number (from {self.lo} to "
                          f"{self.hi})", param, ctx)
        if not self.lo <= number <= self.hi:
            self.fail(f"{number} is outside the limit: from {self.lo} to {self.hi}", param, ctx)
        return number


class Text(click.ParamType):
    """A string passed through a `judge.limits` check (`check(value, what)`)."""

    name = "text"

    def __init__(self, what: str, check: Callable[[str, str], str] = limits.check_arg) -> None:
        self.what, self.check = what, check

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return self.check(str(value), self.what)
        except LimitExceeded as exc:
            self.fail(exc.message, param, ctx)


#: `--limit` / `--top`: how many results a command lists
RESULTS = Count(1, limits.MAX_RESULTS)
QUERY = Text("the search query", limits.check_query)
CARD_TEXT = Text("the card text", limits.check_text)

__all__ = ["CARD_TEXT", "QUERY", "RESULTS", "Count", "DataSource", "InputFile", "Text"]
