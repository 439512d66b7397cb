"""The dataclass methods kept between processes (judge.codecache, issue 23.5): a class defined
through the cache behaves exactly as one defined without it; a changed class gets new methods; a
damaged file is rebuilt, never trusted; the cache can be turned off."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge import codecache

MODULE = '''
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: tuple = field(default=())


@dataclass(order=True)
class Plain:
    a: str
    b: list = field(default_factory=list)
'''

PROBE = '''
import dataclasses, json, sys
sys.path.insert(0, sys.argv[1])
from judge import codecache
installed = codecache.install()
compiled = []
real = compile
def counting(*a, **k):
    compiled.append(1)
    return real(*a, **k)
codecache.compile = counting
import cachedmod as m
p = m.Point(1, tags=("a",))
try:
    p.x = 3
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
q = m.Plain("z", [1])
print(json.dumps({"installed": installed, "compiled": len(compiled), "repr": [repr(p), repr(q)],
                  "eq": p == m.Point(1, 0, ("a",)), "hash": hash(p) == hash(m.Point(1, 0, ("a",))),
                  "frozen": frozen, "order": m.Plain("a") < m.Plain("b"),
                  "fields": [f.name for f in dataclasses.fields(m.Point)]}))
'''


def _run(tmp_path: Path, cache: Path | str, source: str = MODULE) -> dict:
    (tmp_path / "mod").mkdir(exist_ok=True)
    (tmp_path / "mod" / "cachedmod.py").write_text(source, encoding="utf-8")
    env = {**os.environ, "JUDGE_CODE_CACHE": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "mod")], capture_output=True, text=True,
                         env=env, check=True)
    return json.loads(out.stdout)


def _file(cache: Path) -> Path:
    return cache / codecache.TAG / "cachedmod.code"


def test_a_second_process_compiles_nothing_and_its_classes_behave_the_same(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = _run(tmp_path, cache)
    assert first["installed"] and first["compiled"] > 0
    assert _file(cache).is_file()
    second = _run(tmp_path, cache)
    assert second["compiled"] == 0
    plain = _run(tmp_path, "0")                     # no cache at all: what Python itself gives
    assert plain["installed"] is False and plain["compiled"] == 0
    for got in (first, second):
        assert {k: v for k, v in got.items() if k not in ("installed", "compiled")} == \
               {k: v for k, v in plain.items() if k not in ("installed", "compiled")}
    assert second["repr"][0] == "Point(x=1, y=0, tags=('a',))" and second["frozen"] and second["eq"]


def test_a_changed_class_gets_its_new_methods_and_the_old_entries_go(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _run(tmp_path, cache)
    before = set(codecache._decode(_file(cache).read_bytes()))
    changed = MODULE.replace("    y: int = 0\n", "    y: int = 0\n    z: int = 5\n")
    got = _run(tmp_path, cache, changed)
    assert got["compiled"] > 0
    assert got["repr"][0] == "Point(x=1, y=0, z=5, tags=('a',))"
    assert got["fields"] == ["x", "y", "z", "tags"]
    again = _run(tmp_path, cache, changed)
    assert again["compiled"] == 0 and again["fields"] == ["x", "y", "z", "tags"]
    back = _run(tmp_path, cache)                    # the first source again: its entries were dropped
    assert back["compiled"] > 0 and back["fields"] == ["x", "y", "tags"]
    assert set(codecache._decode(_file(cache).read_bytes())) == before


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty"])
def test_a_damaged_file_is_rebuilt_not_trusted(tmp_path: Path, damage: str) -> None:
    cache = tmp_path / "cache"
    good = _run(tmp_path, cache)
    path = _file(cache)
    data = bytearray(path.read_bytes())
    if damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "flip":
        data[len(data) - 40] ^= 0x55                # a byte inside the code objects
    elif damage == "garbage":
        data = bytearray(b"not a cache file at all" * 10)
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    got = _run(tmp_path, cache)
    assert got["compiled"] > 0                      # not one entry of the damaged file was used
    assert got["repr"] == good["repr"] and got["frozen"] and got["eq"]
    assert _run(tmp_path, cache)["compiled"] == 0   # and it was written again, whole


def test_decode_refuses_anything_but_what_encode_wrote() -> None:
    code = compile("x = 1", "<string>", "exec", dont_inherit=True)
    data = codecache._encode({"x = 1": code})
    assert codecache._decode(data) == {"x = 1": code}
    assert codecache._decode(data[:-1]) is None
    assert codecache._decode(b"JDCC0\n" + data[6:]) is None
    import marshal
    import zlib

    body = marshal.dumps({"x = 1": "not code"})
    forged = codecache._MAGIC + len(body).to_bytes(8, "little") + zlib.crc32(body).to_bytes(4, "little") + body
    assert codecache._decode(forged) is None


def test_the_folder_is_per_python_build_and_can_be_turned_off(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JUDGE_CODE_CACHE", str(tmp_path))
    assert codecache.folder() == str(tmp_path / codecache.TAG)
    assert sys.implementation.cache_tag in codecache.TAG
    for off in ("0", "off", "no", "false"):
        monkeypatch.setenv("JUDGE_CODE_CACHE", off)
        assert codecache.folder() is None
    monkeypatch.delenv("JUDGE_CODE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        from platformdirs import user_cache_dir

        assert codecache.folder() == os.path.join(user_cache_dir("judge", appauthor=False), "dataclasses",
                                                  codecache.TAG)


def test_an_unwritable_cache_folder_changes_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder would go")
    got = _run(tmp_path, blocker)
    assert got["installed"] and got["compiled"] > 0 and got["frozen"]
