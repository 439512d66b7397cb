"""The `judge` command line: a thin shell over the library (parse arguments, call, print).

`main()` is the entry point. The commonest lookup, `judge rule GAME NUMBER`, is answered by
`judge.cli.quick` straight from a database known to be current, without importing click or the
knowledge-base classes (a judge at a table runs it dozens of times), and `judge term`, `judge
search`, `judge card` and a plain `judge step FILE` by `judge.cli.fast`, without click, through the same printing code. Everything else — and that
lookup too whenever the quick path is unsure (stale or damaged database, an option it does not
handle, an unusual number) — goes through the click group in `judge.cli.group`, which prints the
same output. `cli` and `_register` are re-exported from there for the command modules and tests.
"""

from __future__ import annotations

import sys

# typing is not imported at run time: this module is on the quick `judge rule` path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def main(argv: list[str] | None = None) -> None:
    """Entry point: the quick rule lookup when it applies, else the click command line."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["rule"]:
        from judge.cli.quick import quick_rule

        code = quick_rule(args[1:])
        if code is not None:
            sys.exit(code)
    from judge import codecache

    codecache.install()     # every other command defines dataclasses: their methods compiled once, kept
    if args[:1] and args[0] in ("term", "search", "card", "step"):
        from judge.cli.fast import fast

        code = fast(args)
        if code is not None:
            sys.exit(code)
    from judge.cli.group import run

    run(args)


def __getattr__(name: str) -> Any:
    if name in ("cli", "_register"):
        from judge.cli import group

        return getattr(group, name)
    raise AttributeError(name)
