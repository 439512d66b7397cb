"""Hypothesis strategies that build a hostile command line for any `judge` command.

The commands are found by walking the click group, so a command added later is fuzzed too. Each
parameter draws from a pool chosen by its click type: files that attack a reader (a FIFO,
/dev/urandom, an alias bomb, deep nesting, 5,000-digit numbers, 20 MB, a symlink loop, bytes that
are not UTF-8), strings (empty, 20,000 words, control characters, unpaired surrogates, FTS syntax,
clause-number look-alikes), numbers (negative, 10**23, 5,000 digits, nan) and choices (valid or not).

What must never be touched: the internet (URLs point at a local server, and `cards update` is
always given one), files outside the test's folder (outputs and `--db` only ever name paths in
it), and a server that keeps serving (`web` and `serve` always carry a value they refuse). A case
records whether it holds a value every command must refuse (`sure`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import click
from hypothesis import strategies as st
from robust_support import Hostile

LONG = " ".join(f"word{i}" for i in range(20_000))               # over any argument's length
STRINGS = ("", " ", "-", "--", "\t\n", "x" * 9_999, "\x1b[31mred\x1b[0m", "\udcff\udcfe", "🂡" * 50,
           "7-1-5-2", "7.1.5.2.", "§7-1-5-2-1#2", "9" * 5000, "-1000000000000000000", "1e309", "nan",
           '"unbalanced', "NEAR(a b", "a OR", "AND", "*", "'; DROP TABLE clauses; --", ".*(", "[" * 300,
           "{x: &a [*a]}", "../../../../etc/passwd", "%s%n%x", "BSS01-001", "Blaze Drake", "【Armor: Red】",
           "ｱｰﾏｰ", "置換効果", "armor " * 40)
SURE_STRINGS = (LONG, "y" * 10_001, "caf\udce9", "\udcff")     # bytes that are not UTF-8 (0xe9, 0xff): refused
INTS = ("-1", "0", "1", "65536", "99999999999999999999999", "9" * 5000, "1e9", "nan", "", "0x10", " 5", "٣")
SURE_INTS = ("99999999999999999999999", "9" * 5000, "-99999999999999999999", "nan", "")
FLOATS = ("nan", "inf", "-1", "0", "1e309", "9" * 5000, "", "0.5")
READ_FILES = Hostile.NAMES
SURE_READ_FILES = ("fifo", "urandom", "zero", "missing", "bomb.yaml", "deep.yaml", "deep.json")
WRITE_FILES = ("out/folder", "out/fifo", "out/missing", "out/newdir/out.db", "out/junk.bin")
DB_FILES = ("folder", "fifo", "junk.bin", "new/x.db")
URL_PATHS = ("/junk", "/deep.json", "/digits.json", "/empty", "/html", "/error", "/missing")
BAD_URLS = ("", "http://", "http://[::1", "ftp://127.0.0.1/x", "file:///etc/passwd", "javascript:alert(1)",
            "not a url")


@dataclass
class Case:
    """A command line, and whether it holds a value every command must refuse."""

    argv: list[str]
    sure: bool = False
    why: list[str] = field(default_factory=list)


def commands(group: click.Group) -> list[tuple[str, ...]]:
    """The path of every command under `group` (the group itself first: `judge` with no command)."""
    out: list[tuple[str, ...]] = [()]

    def walk(g: click.Group, path: tuple[str, ...]) -> None:
        for name, cmd in sorted(g.commands.items()):
            if isinstance(cmd, click.Group):
                if cmd.invoke_without_command:
                    out.append((*path, name))
                walk(cmd, (*path, name))
            else:
                out.append((*path, name))

    walk(group, ())
    return out


def resolve(group: click.Group, path: tuple[str, ...]) -> click.Command:
    cmd: click.Command = group
    for name in path:
        assert isinstance(cmd, click.Group)
        cmd = cmd.commands[name]
    return cmd


def _kind(param: click.Parameter) -> str:
    t = param.type
    name = type(t).__name__
    if isinstance(param, click.Option) and param.is_flag:
        return "flag"
    if isinstance(t, click.Choice):
        return "choice"
    if isinstance(t, click.types.IntParamType) or name == "Count":
        return "int"
    if isinstance(t, click.types.FloatParamType):
        return "float"
    if isinstance(t, click.Path | click.File) or name in ("InputFile", "DataSource") or \
            param.name in ("file", "source", "snapshot", "banlist", "card_files", "allow_files"):
        return "path"
    if param.name and "url" in param.name:
        return "url"
    return "string"


_OUTPUTS = {("snapshot", "file")}


@st.composite
def value(draw: st.DrawFn, param: click.Parameter, path: tuple[str, ...], hostile: Hostile, server: str,
          case: Case) -> str:
    """One hostile value for `param` of the command at `path`; marks `case` sure when it must fail."""
    kind = _kind(param)
    if kind == "choice":
        choices = [str(c) for c in param.type.choices]     # type: ignore[attr-defined]
        got = draw(st.sampled_from([*choices, "BSS", "fftcg ", "", "9" * 50]))
        if got not in choices:
            case.sure, case.why = True, [*case.why, f"{param.name}: not a choice"]
        return got
    if kind == "int":
        got = draw(st.sampled_from(INTS))
        if got in SURE_INTS:
            case.sure, case.why = True, [*case.why, f"{param.name}: not a number in range"]
        return got
    if kind == "float":
        return draw(st.sampled_from(FLOATS))
    if kind == "path":
        if (*path[-1:], param.name) in _OUTPUTS:
            return str(hostile.root / draw(st.sampled_from(WRITE_FILES)))
        if param.name == "source" and draw(st.booleans()):       # a card source may be a URL
            return server + draw(st.sampled_from(URL_PATHS))
        name = draw(st.sampled_from(READ_FILES))
        if name in SURE_READ_FILES and param.name not in ("allow_files",):
            case.sure, case.why = True, [*case.why, f"{param.name}: {name}"]
        if param.name == "allow_files" and name != "folder":
            case.sure, case.why = True, [*case.why, "allow_files: not a folder"]
        return hostile[name]
    if kind == "url":
        return draw(st.one_of(st.sampled_from([server + p for p in URL_PATHS]), st.sampled_from(BAD_URLS)))
    got = draw(st.one_of(st.sampled_from(STRINGS), st.sampled_from(SURE_STRINGS),
                         st.text(max_size=40).filter(lambda s: "://" not in s and "\x00" not in s)))
    if got in SURE_STRINGS:
        case.sure, case.why = True, [*case.why, f"{param.name}: {len(got)} characters"]
    return got


def _forced(path: tuple[str, ...], hostile: Hostile) -> st.SearchStrategy[list[str]]:
    """Arguments a command always gets: a refusal for the servers, a local URL for the fetcher."""
    if path == ("web",):
        return st.sampled_from([["--port", "70000"], ["--port", "9" * 5000], ["--max-sessions", "0"],
                                ["--allow-files", hostile["urandom"]], ["--allow-files", hostile["missing"]],
                                ["--public-url", "javascript:alert(1)"], ["--host", "1.2.3.4", "--port", "0"],
                                ["--read-only", "--allow-files", hostile["folder"]]])
    if path == ("serve",):
        return st.sampled_from([["--port", "70000"], ["--port", "0"], ["--snapshot", hostile["missing"]],
                                ["--snapshot", hostile["folder"]]])
    return st.just([])


@st.composite
def case(draw: st.DrawFn, group: click.Group, hostile: Hostile, server: str) -> Case:
    """A hostile command line for one of the commands under `group`."""
    path = draw(st.sampled_from(commands(group)))
    cmd = resolve(group, path)
    c = Case(argv=[])
    root: list[str] = []
    if draw(st.booleans()) and path:                      # the database option, before the command
        root = ["--db", str(hostile.root / "db" / draw(st.sampled_from(DB_FILES)))]
    if not path:                                          # `judge` alone starts the TUI (stubbed)
        root += ["--game", draw(st.sampled_from(["bss", "nope", "", "9" * 5000])),
                 "--lang", draw(st.sampled_from(["en", "xx", ""]))]
        c.argv = root
        return c
    args: list[str] = []
    for param in cmd.params:
        if param.name == "help" or (isinstance(param, click.Option) and not param.required
                                    and not draw(st.booleans())):
            continue
        if isinstance(param, click.Option) and param.is_flag:
            args.append(param.opts[0])
            continue
        count = draw(st.integers(1, 2)) if getattr(param, "multiple", False) or param.nargs == -1 else 1
        for _ in range(count):
            v = draw(value(param, path, hostile, server, c))
            args += [param.opts[0], v] if isinstance(param, click.Option) else [v]
    forced = draw(_forced(path, hostile))
    if path == ("cards", "update"):                       # last --url wins: never the real endpoint
        forced = [*forced, "--url", server + draw(st.sampled_from(URL_PATHS))]
    if path in (("web",), ("serve",)):
        c.sure, c.why = True, [*c.why, f"forced: {forced}"]
    c.argv = [*root, *path, *args, *forced]
    return c


__all__ = ["Case", "case", "commands", "resolve"]
