"""The methods `dataclasses` writes for every class, compiled once and kept, not in every process.

Python's `dataclasses` writes the source of `__init__`, `__repr__`, `__eq__`, `__hash__` and, for a
frozen class, `__setattr__`/`__delattr__` of each class, and compiles it with `exec` when the class
is defined: about a millisecond per class, every time a module is imported. The engine and the
typed AST define some 130 classes, so that compiling was 40% of a warm `judge step` (issue 23.5),
and it never depends on the query: the same class gives the same source text every time.

`install()` (called by the `judge` command line, not by the library) shadows `exec` inside the
`dataclasses` module only, with `_exec`: a source text already compiled by this Python is taken
from the cache, anything else is compiled as `exec` compiles it (`compile(text, "<string>",
"exec")`, no inherited `__future__` flags: dataclasses has none) and run the same way. The cache
is one file per module that defines dataclasses, in the user cache folder under a name carrying the
Python build and the marshal format (`marshal` code objects are only valid for that), keyed by the
exact source text, so a class whose fields change simply gets a new entry. A module's file is
rewritten (written aside and renamed into place) at exit only when one of its texts was compiled,
and then holds exactly the texts this process used: entries of classes that changed go. A file that
does not check (size, CRC-32, types) is not trusted: it is ignored and rewritten.

`JUDGE_CODE_CACHE=0` turns it off; `JUDGE_CODE_CACHE=/some/folder` puts the files there.
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import CodeType
    from typing import Any

_ENV = "JUDGE_CODE_CACHE"
#: the Python build whose code objects the files hold (bytecode and marshal format change with it,
#: and -O compiles otherwise)
TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:x}-m{marshal.version}-O{sys.flags.optimize}"
_MAGIC = b"JDCC1\n"

_state: dict[str, Any] = {"folder": None}
_read: dict[str, dict[str, CodeType]] = {}       # module -> {source text: code}, as its file held them
_used: dict[str, dict[str, CodeType]] = {}       # module -> the texts this process ran
_compiled: set[str] = set()                      # modules with a text that was not in their file
_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")


def folder() -> str | None:
    """Where the files are (None: turned off, or no place for them)."""
    env = os.environ.get(_ENV, "").strip()
    if env.lower() in ("0", "off", "no", "false"):
        return None
    if env:
        return os.path.join(os.path.expanduser(env), TAG)
    if sys.platform.startswith("linux"):   # platformdirs' user_cache_dir on Linux (XDG), without importing it
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
    else:
        from platformdirs import user_cache_dir

        base = user_cache_dir(appauthor=False)
    return os.path.join(base, "judge", "dataclasses", TAG)


def install() -> bool:
    """Compile dataclass methods through the cache from now on (once per process); False when off."""
    if _state["folder"] is not None:
        return True
    place = folder()
    if place is None:
        return False
    import atexit
    import dataclasses

    if "exec" in vars(dataclasses):          # shadowed already (by someone else): leave it be
        return False
    _state["folder"] = place
    dataclasses.exec = _exec                  # type: ignore[attr-defined]
    atexit.register(save)
    return True


def uninstall() -> None:
    """Back to the plain `exec` (tests), keeping nothing that is not yet written."""
    dataclasses = sys.modules.get("dataclasses")
    if dataclasses is not None and vars(dataclasses).get("exec") is _exec:
        del dataclasses.exec                  # type: ignore[attr-defined]
    _state["folder"] = None
    _read.clear()
    _used.clear()
    _compiled.clear()


def _exec(source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> None:
    """`exec(source, globals, locals)` with the compiled code of a known source text from the cache."""
    if type(source) is not str or not isinstance(globals, dict) or kwargs:
        return builtins.exec(source, globals, locals, **kwargs)
    module = str(globals.get("__name__") or "__unknown__")
    known = _read.get(module)
    if known is None:
        known = _read[module] = _load(module)
    code = known.get(source)
    if code is None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _compiled.add(module)
    _used.setdefault(module, {})[source] = code
    return builtins.exec(code, globals, locals)


def _path(module: str) -> str | None:
    place = _state["folder"]
    if place is None:
        return None
    if set(module) <= _SAFE and not module.startswith("."):
        name = module
    else:
        import zlib

        name = f"_{zlib.crc32(module.encode('utf-8', 'surrogatepass')):08x}"
    return os.path.join(place, name + ".code")


def _load(module: str) -> dict[str, CodeType]:
    """The texts kept for a module; {} when there is no file or it does not check (it is then rewritten)."""
    path = _path(module)
    if path is None:
        return {}
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return {}
    got = _decode(data)
    if got is None:
        _compiled.add(module)                 # damaged: written again at exit
        return {}
    return got


def _decode(data: bytes) -> dict[str, CodeType] | None:
    """The entries of a file's bytes, or None when they are not exactly what `_encode` wrote."""
    import zlib

    head = len(_MAGIC) + 12
    if len(data) < head or not data.startswith(_MAGIC):
        return None
    size = int.from_bytes(data[len(_MAGIC):len(_MAGIC) + 8], "little")
    crc = int.from_bytes(data[len(_MAGIC) + 8:head], "little")
    body = data[head:]
    if len(body) != size or zlib.crc32(body) != crc:
        return None
    try:
        entries = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None
    code_type = type(_decode.__code__)
    if not isinstance(entries, dict) or not all(type(k) is str and type(v) is code_type for k, v in entries.items()):
        return None
    return entries


def _encode(entries: dict[str, CodeType]) -> bytes:
    import zlib

    body = marshal.dumps(entries)
    return _MAGIC + len(body).to_bytes(8, "little") + zlib.crc32(body).to_bytes(4, "little") + body


def save() -> None:
    """Write the file of every module that compiled a text this process (best effort, atomic)."""
    for module in sorted(_compiled):
        path = _path(module)
        entries = _used.get(module)
        if path is None or not entries:
            continue
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(tmp, "wb") as fh:
                fh.write(_encode(entries))
            os.replace(tmp, path)
        except OSError:
            import contextlib

            with contextlib.suppress(OSError):
                os.unlink(tmp)
        _read[module] = dict(entries)
    _compiled.clear()


__all__ = ["TAG", "folder", "install", "save", "uninstall"]
