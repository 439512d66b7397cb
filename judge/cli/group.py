"""The click command group: every command, and the one place errors become one-line messages.

Command modules register themselves on `cli`; each imports its library layer inside the command
body, so `judge rule …` never pays for Textual or Lark. Every command's help has an `Example:`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from judge.errors import JudgeError


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", "db", type=click.Path(dir_okay=False, path_type=Path), envvar="JUDGE_DB",
              help="Database file (default: the user data directory; env JUDGE_DB).")
@click.option("--game", default=None, help="With no command: open the TUI on this game's rules.")
@click.option("--lang", default=None, help="With no command: open the TUI in this language.")
@click.version_option(package_name="judge", prog_name="judge")
@click.pass_context
def cli(ctx: click.Context, db: Path | None, game: str | None, lang: str | None) -> None:
    """A rules-judge assistant for Battle Spirits (Saga, Standard) and FINAL FANTASY TCG.

    With no command, starts the judge's terminal (TUI).

    Example: judge rule bss 7-1-5-2
    """
    if db is not None:
        os.environ["JUDGE_DB"] = str(db)
    ctx.ensure_object(dict)
    ctx.obj["db"] = db
    if ctx.invoked_subcommand is None:
        from judge.cli.launch import run_tui

        run_tui(game=game, lang=lang)


def _register() -> None:
    """Attach the command modules (cheap imports: each defers its library imports)."""
    import importlib

    for name in ("rules", "cards", "engine", "app", "rulings", "store_cmds", "serve"):
        try:
            importlib.import_module(f"judge.cli.{name}")
        except ModuleNotFoundError as exc:  # a layer not built yet must not break the others
            if exc.name != f"judge.cli.{name}":
                raise


def _notices() -> None:
    from judge.dbfiles import take_notices

    for line in take_notices():
        click.echo(f"judge: {line}", err=True)


def _main_repairing(argv: list[str] | None) -> object:
    """The command; if it meets a damaged database, repair it (rebuild from the sources and the
    stored imports), say so in one line, and run the command once more."""
    from judge.errors import DamagedDatabase

    try:
        return cli.main(args=argv, prog_name="judge", standalone_mode=False)
    except DamagedDatabase as exc:
        from judge.doctor import repair

        replayed = repair(Path(exc.path) if exc.path else None)
        click.echo(f"judge: {exc.message}; rebuilt it from the sources and {replayed} stored import(s) "
                   "and ran the command again", err=True)
        return cli.main(args=argv, prog_name="judge", standalone_mode=False)


def run(argv: list[str] | None = None) -> None:
    """Run the click CLI and turn every expected error into one line and an exit code."""
    _register()
    try:
        from judge.limits import check_arg

        for i, arg in enumerate(sys.argv[1:] if argv is None else argv):
            check_arg(arg, f"argument {i + 1} of the command line")
        rv = _main_repairing(argv)
        _notices()
    except JudgeError as exc:
        _notices()
        click.echo(f"judge: {exc}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("judge: aborted", err=True)
        sys.exit(130)
    except click.UsageError as exc:  # malformed input: one line, like every other error
        where = f" (see {exc.ctx.command_path} --help)" if exc.ctx is not None else ""
        message = " ".join(exc.format_message().split())    # click lists a Choice's values on lines of their own
        click.echo(f"judge: {message}{where}", err=True)
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # a bug in judge: still one line for the user; the traceback on request
        if os.environ.get("JUDGE_DEBUG"):
            raise
        click.echo(f"judge: internal error ({type(exc).__name__}: {exc}); "
                   "set JUDGE_DEBUG=1 for the traceback and please report it", err=True)
        sys.exit(70)
    sys.exit(rv if isinstance(rv, int) else 0)
