"""Bounds on everything judge reads from outside, in one place, each refusal naming its limit.

A judge's laptop at an event runs whatever file or text it is handed: a scenario a player wrote,
a decklist from a chat, a card file from a site. None of them may hang the program, eat the
memory or end in "internal error". So every input edge calls this module before doing any work:

- files: only regular files (a FIFO would block forever, `/dev/urandom` never ends), at most a
  size per kind of file, read without blocking and never past that size (`read_bytes`,
  `check_file`);
- YAML: aliases may add at most `MAX_ALIAS_NODES` nodes (a 1.6 KB "billion laughs" file would
  otherwise grow to gigabytes when walked), nesting at most `MAX_DEPTH` levels, integers at most
  `MAX_DIGITS` digits (`load_yaml`); JSON the same (`load_json`);
- already-parsed data: depth, size and numbers (`check_tree`);
- typed arguments: any argument, search queries, card text, decklists, counts (`check_arg`,
  `check_query`, `check_text`, `check_lines`, `check_count`).

Every refusal is a `LimitExceeded` (a `JudgeError`: one line, non-zero exit, a notification in the
TUI) whose message says which limit and its value. Nothing here imports more than the standard
library at module level: the quick `judge rule` path and the TUI may import it freely.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from judge.errors import LimitExceeded

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

KIB = 1024
MIB = 1024 * KIB


@dataclass(frozen=True)
class FileKind:
    """What a file is read as, and the largest such file judge accepts."""

    name: str
    max_bytes: int


SCENARIO = FileKind("scenario", 1 * MIB)
RULING = FileKind("saved ruling", 8 * MIB)
DECKLIST = FileKind("decklist", 64 * KIB)
#: a whole official card pool is 1–3 MB (FFTCG's 2,285 cards: 1.5 MB); 32 MB is ten times any pool and
#: reads in seconds, where 100 MB took 70 s and 1.2 GB of memory
CARD_FILE = FileKind("card file", 32 * MIB)
RULINGS_FILE = FileKind("rulings file", 32 * MIB)
RULES_DOCUMENT = FileKind("rules document", 16 * MIB)
BANLIST = FileKind("limited/banned list", 1 * MIB)
ANY_FILE = FileKind("input file", 64 * MIB)

#: nesting of lists and mappings in any YAML or JSON judge reads (scenarios use about 6)
MAX_DEPTH = 64
#: nodes that YAML aliases may add to a document when expanded (a card reused a few times: ~100)
MAX_ALIAS_NODES = 10_000
#: characters of text that YAML aliases may add when expanded (a 754 KB scenario aliasing one long
#: string 1,000 times stood for 751 MB of output)
MAX_ALIAS_CHARS = 1 * MIB
#: nodes in one parsed scenario or saved ruling, counted as walked (aliases expanded)
MAX_NODES = 200_000
#: digits of any integer in a YAML or JSON file or a number argument
MAX_DIGITS = 18
#: the magnitude of any number in a scenario (BP and power are in the tens of thousands)
MAX_SCENARIO_NUMBER = 1_000_000
#: cards one scenario zone may hold (a deck is 40–60; a count of unknown cards is built one by one)
MAX_ZONE_CARDS = 1_000
#: characters of any one command-line argument
MAX_ARG_CHARS = 10_000
#: a search query: characters and words (each word is looked up and scored)
MAX_QUERY_CHARS = 300
MAX_QUERY_WORDS = 32
#: card text given to `judge parse`: lines (abilities)
MAX_TEXT_LINES = 100
#: lines of a decklist (a deck is 40–60 cards, a line per distinct card)
MAX_DECK_LINES = 1_000
#: cards in one card file (every printing of a game so far is under 20,000)
MAX_CARDS = 50_000
#: results any command lists (`--limit`, `--top`)
MAX_RESULTS = 1_000


def _size(n: int) -> str:
    if n >= MIB and n % MIB == 0:
        return f"{n // MIB} MB"
    if n >= KIB and n % KIB == 0:
        return f"{n // KIB} KB"
    return f"{n:,} bytes"


def _what(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _check_stat(path: str | os.PathLike[str], st: os.stat_result, kind: FileKind) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise LimitExceeded(f"{path}: is {_what(st.st_mode)}; judge reads a {kind.name} only from a regular file")
    if st.st_size > kind.max_bytes:
        raise LimitExceeded(f"{path}: {_size(st.st_size)} is over the {kind.name} size limit of "
                            f"{_size(kind.max_bytes)}")


def _no_nul(path: str | os.PathLike[str], kind: FileKind) -> None:
    """No file name holds a NUL: the file refusal, never os's ValueError."""
    name = os.fsdecode(os.fspath(path)) if isinstance(path, str | bytes | os.PathLike) else str(path)
    if "\x00" in name:
        from judge.errors import FileRefused

        shown = name.replace("\x00", "\\0")
        raise FileRefused(f"{shown!r}: not a file name (it holds a NUL character); judge cannot read a "
                          f"{kind.name} from it")


def check_file(path: str | os.PathLike[str], kind: FileKind = ANY_FILE) -> Path:
    """Refuse, without opening it, a path that is not a regular file or is over `kind`'s size.

    For edges where another module opens the file afterwards. FileNotFoundError and other
    OSErrors pass through unchanged: each caller already words them."""
    _no_nul(path, kind)
    _check_stat(path, os.stat(path), kind)
    return Path(path)


def read_bytes(path: str | os.PathLike[str], kind: FileKind = ANY_FILE) -> bytes:
    """The whole file, refused if not a regular file or over `kind`'s size; never blocks.

    Opened without blocking (a FIFO opens at once instead of waiting for a writer), checked on
    the open descriptor (no race with a rename), and never read past the limit (a file growing
    while read, or one whose size the kernel reports as 0, such as those under /proc)."""
    _no_nul(path, kind)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        _check_stat(path, os.fstat(fd), kind)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 * MIB, kind.max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > kind.max_bytes:
                raise LimitExceeded(f"{path}: over the {kind.name} size limit of {_size(kind.max_bytes)}")
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], kind: FileKind = ANY_FILE, encoding: str = "utf-8") -> str:
    """`read_bytes` decoded (UnicodeDecodeError passes through: the caller names the file)."""
    return read_bytes(path, kind).decode(encoding)


# -- YAML and JSON -------------------------------------------------------------------------------

def _mark(event: Any) -> str:
    """' (line L, column C)' of a YAML event or mark, when it has one."""
    mark = event if hasattr(event, "line") else getattr(event, "start_mark", None)
    return f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""


_YAML_INT = re.compile(r"[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*(?::[0-5]?[0-9])*)")
_INT_TAG = "tag:yaml.org,2002:int"


def _loaders() -> tuple[type, type]:
    """(the loader to parse with, the loader to build with): libyaml's when PyYAML has it."""
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    return (fast, fast) if fast is not None else (yaml.SafeLoader, yaml.SafeLoader)


def check_yaml(text: str, where: str) -> None:
    """Walk the YAML events once (no objects built): refuse nesting past MAX_DEPTH, aliases that
    add more than MAX_ALIAS_NODES nodes or name the collection they are in, and integers of more
    than MAX_DIGITS digits. yaml.YAMLError passes through."""
    import yaml

    parse_with, _ = _loaders()
    sizes: dict[str, tuple[int, int]] = {}       # anchor → (nodes, characters) it stands for, expanded
    frames: list[list[Any]] = []                 # open collections: [anchor, nodes, characters so far]
    added = [0, 0]                               # nodes and characters aliases added so far
    try:
        for event in yaml.parse(text, Loader=parse_with):
            _account(event, where, sizes, frames, added)
    except yaml.scanner.ScannerError as exc:       # libyaml's own bound on [ { nesting (about 1,000)
        if "nesting depth" not in str(exc.problem):
            raise
        raise LimitExceeded(f"{where}{_mark(exc.problem_mark)}: nested deeper than {MAX_DEPTH} levels "
                            "(the nesting limit)") from None


def _account(event: Any, where: str, sizes: dict[str, tuple[int, int]], frames: list[list[Any]],
             added: list[int]) -> None:
    """One event of `check_yaml`; `added` holds the nodes and characters aliases added so far."""
    from yaml import events as ev

    if isinstance(event, ev.AliasEvent):
        if event.anchor not in sizes:
            if any(f[0] == event.anchor for f in frames):
                raise LimitExceeded(f"{where}{_mark(event)}: a YAML alias refers to the collection it is part "
                                    "of (a cycle, which has no end when expanded)")
            return                               # an undefined alias: the loader words that error
        n, chars = sizes[event.anchor]
        added[0] += n
        added[1] += chars
        if added[0] > MAX_ALIAS_NODES:
            raise LimitExceeded(f"{where}{_mark(event)}: YAML aliases expand to more than "
                                f"{MAX_ALIAS_NODES:,} nodes (the alias-expansion limit)")
        if added[1] > MAX_ALIAS_CHARS:
            raise LimitExceeded(f"{where}{_mark(event)}: YAML aliases expand to more than "
                                f"{_size(MAX_ALIAS_CHARS)} of text (the alias-expansion limit)")
    elif isinstance(event, ev.ScalarEvent):
        is_int = event.tag == _INT_TAG or (not event.style and event.implicit[0]
                                           and _YAML_INT.fullmatch(event.value) is not None)
        digits = sum(ch.isalnum() for ch in event.value) if is_int else 0
        if digits > MAX_DIGITS:
            raise LimitExceeded(f"{where}{_mark(event)}: a number of {digits:,} digits; numbers are at most "
                                f"{MAX_DIGITS} digits")
        n, chars = 1, len(event.value)
        if event.anchor:
            sizes[event.anchor] = (1, chars)
    elif isinstance(event, ev.SequenceStartEvent | ev.MappingStartEvent):
        if len(frames) >= MAX_DEPTH:
            raise LimitExceeded(f"{where}{_mark(event)}: nested deeper than {MAX_DEPTH} levels (the nesting limit)")
        frames.append([event.anchor, 1, 0])
        return
    elif isinstance(event, ev.SequenceEndEvent | ev.MappingEndEvent):
        anchor, n, chars = frames.pop()
        if anchor:
            sizes[anchor] = (n, chars)
    else:
        return
    if isinstance(event, ev.AliasEvent):
        n, chars = sizes[event.anchor]
    if frames:
        frames[-1][1] += n
        frames[-1][2] += chars


def load_yaml(text: str, where: str) -> Any:
    """`yaml.safe_load` after `check_yaml`: aliases, nesting and integers bounded; `where` names the
    source. yaml.YAMLError passes through for the caller to word (it knows what the file holds)."""
    import yaml

    check_yaml(text, where)
    _, build_with = _loaders()
    return yaml.load(text, Loader=build_with)      # a SafeLoader (libyaml's when PyYAML has it)


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """The deepest nesting of brackets in a JSON (or TOML) text, strings skipped, without parsing."""
    depth = deepest = 0
    for ch in _BRACKET.findall(_JSON_STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def load_json(text: str, where: str) -> Any:
    """`json.loads` with nesting and integers bounded (json.JSONDecodeError passes through)."""
    import json

    depth = json_depth(text)
    if depth > MAX_DEPTH:
        raise LimitExceeded(f"{where}: nested deeper than {MAX_DEPTH} levels (the nesting limit)")

    def bounded_int(s: str) -> int:
        if len(s.lstrip("-")) > MAX_DIGITS:
            raise LimitExceeded(f"{where}: a number of {len(s.lstrip('-')):,} digits; numbers are at most "
                                f"{MAX_DIGITS} digits")
        return int(s)

    return json.loads(text, parse_int=bounded_int)


def check_tree(data: Any, where: str, max_number: int = MAX_SCENARIO_NUMBER) -> None:
    """Refuse parsed data too deep, too large (aliases expanded) or holding a number beyond
    ±`max_number`; the message names the field path and the limit."""
    seen = 0
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            raise LimitExceeded(f"{where}: more than {MAX_NODES:,} values (the size limit)")
        if depth > MAX_DEPTH:
            raise LimitExceeded(f"{where}: {path or 'the top'} is nested deeper than {MAX_DEPTH} levels "
                                "(the nesting limit)")
        if isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        if isinstance(value, int | float):
            if not -max_number <= value <= max_number:
                shown = f"a number of {len(str(abs(value)))} digits" if isinstance(value, int) and \
                    abs(value) > 10 ** MAX_DIGITS else repr(value)
                raise LimitExceeded(f"{where}: {path or 'the value'}: {shown} is beyond the limit of "
                                    f"±{max_number:,} for numbers in a scenario")
            continue
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list | tuple):
            stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))


def check_count(n: int, where: str, what: str = "cards in a zone", limit: int = MAX_ZONE_CARDS) -> int:
    """A count the program builds one by one (unknown cards in a zone): at most `limit`."""
    if n > limit:
        raise LimitExceeded(f"{where}: {n:,} {what} is over the limit of {limit:,}")
    return n


def check_nesting(text: str, where: str) -> str:
    """Brackets in a JSON or TOML text nested at most MAX_DEPTH deep (strings skipped)."""
    if json_depth(text) > MAX_DEPTH:
        raise LimitExceeded(f"{where}: nested deeper than {MAX_DEPTH} levels (the nesting limit)")
    return text


# -- arguments and typed text -------------------------------------------------------------------

def _shown(value: str, width: int = 40) -> str:
    return repr(value if len(value) <= width else value[:width] + "…")


_SURROGATE = re.compile("[\ud800-\udfff]")


def check_arg(value: str, what: str = "an argument", limit: int = MAX_ARG_CHARS) -> str:
    """Any argument: at most `limit` characters, and text (bytes that are not UTF-8 reach Python as
    lone surrogates, which no file, query or terminal can take) without a NUL."""
    bad = _SURROGATE.search(value)
    if bad:
        byte = ord(bad.group()) - 0xDC00
        shown = f"the byte 0x{byte:02x}" if 0 <= byte < 256 else "a lone surrogate"
        raise LimitExceeded(f"{what} is not valid UTF-8 text ({shown} at character {bad.start() + 1}); "
                            "judge reads arguments as UTF-8")
    if "\x00" in value:
        raise LimitExceeded(f"{what} holds a NUL character, which no name, number or path can hold")
    if len(value) > limit:
        raise LimitExceeded(f"{what} has {len(value):,} characters; the limit is {limit:,} ({_shown(value)})")
    return value


def check_query(query: str, what: str = "the search query") -> str:
    """A search query: at most MAX_QUERY_CHARS characters and MAX_QUERY_WORDS words."""
    check_arg(query, what, MAX_QUERY_CHARS)
    words = len(query.split())
    if words > MAX_QUERY_WORDS:
        raise LimitExceeded(f"{what} has {words:,} words; the limit is {MAX_QUERY_WORDS} ({_shown(query)})")
    return query


def check_text(text: str, what: str = "the card text") -> str:
    """Card text to parse: at most MAX_ARG_CHARS characters, MAX_TEXT_LINES lines, no number
    longer than MAX_DIGITS digits."""
    check_arg(text, what)
    check_lines(text, what, MAX_TEXT_LINES)
    check_digits(text, what)
    return text


def check_lines(text: str, what: str, limit: int) -> str:
    """At most `limit` lines."""
    lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    if lines > limit:
        raise LimitExceeded(f"{what} has {lines:,} lines; the limit is {limit:,}")
    return text


_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def check_digits(text: str, what: str) -> str:
    """No run of digits longer than MAX_DIGITS (a count, a clause number, a card number)."""
    m = _LONG_NUMBER.search(text)
    if m:
        line = text.count("\n", 0, m.start()) + 1
        at = f", line {line}" if "\n" in text else ""
        raise LimitExceeded(f"{what}{at}: a number of {len(m.group()):,} digits; numbers are at most {MAX_DIGITS} "
                            "digits")
    return text


def check_decklist(text: str, where: str) -> str:
    """A decklist's text: at most MAX_DECK_LINES lines, every number at most MAX_DIGITS digits."""
    check_lines(text, f"{where}: the decklist", MAX_DECK_LINES)
    return check_digits(text, f"{where}: the decklist")


__all__ = [
    "ANY_FILE",
    "BANLIST",
    "CARD_FILE",
    "DECKLIST",
    "MAX_ALIAS_CHARS",
    "MAX_ALIAS_NODES",
    "MAX_ARG_CHARS",
    "MAX_CARDS",
    "MAX_DECK_LINES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_NODES",
    "MAX_QUERY_CHARS",
    "MAX_QUERY_WORDS",
    "MAX_RESULTS",
    "MAX_SCENARIO_NUMBER",
    "MAX_TEXT_LINES",
    "MAX_ZONE_CARDS",
    "RULES_DOCUMENT",
    "RULING",
    "RULINGS_FILE",
    "SCENARIO",
    "FileKind",
    "check_arg",
    "check_count",
    "check_decklist",
    "check_digits",
    "check_file",
    "check_lines",
    "check_nesting",
    "check_query",
    "check_text",
    "check_tree",
    "check_yaml",
    "json_depth",
    "load_json",
    "load_yaml",
    "read_bytes",
    "read_text",
]
