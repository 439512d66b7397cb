"""The project's shape: data found from an install, the core free of the UI, every command documented."""

from __future__ import annotations

import subprocess
import sys

import pytest

from judge import paths


@pytest.mark.parametrize("name", ["rules", "grammar", "cards"])
def test_data_folders_are_found(name: str) -> None:
    assert paths.data_dir(name).is_dir()


@pytest.mark.parametrize("module", ["judge.engine", "judge.rules", "judge.cli"])
def test_core_does_not_load_ui_or_grammar(module: str) -> None:
    code = f"import sys, {module}; bad = [m for m in ('textual', 'lark') if m in sys.modules]; print(bad)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _commands(group, prefix=""):
    import click

    for name, cmd in group.commands.items():
        yield f"{prefix}{name}", cmd
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, f"{prefix}{name} ")


def test_every_cli_command_has_an_example() -> None:
    from judge.cli import _register, cli

    _register()
    missing = [name for name, cmd in _commands(cli) if "Example:" not in (cmd.help or "")]
    assert not missing, f"commands without an Example: in their help: {missing}"


def test_test_modules_have_unique_names() -> None:
    """pytest's default import mode needs unique basenames across test folders (no __init__.py)."""
    from collections import Counter
    from pathlib import Path

    names = Counter(p.name for p in Path(__file__).parent.rglob("test_*.py"))
    assert not [n for n, c in names.items() if c > 1]
