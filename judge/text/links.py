"""Which rule clauses each AST node invokes: the per-game link tables behind one lookup.

Each game's table is data beside its grammar (`judge.text.bs.links` for Saga and Standard,
`judge.text.fftcg.links` for FFTCG). A table maps KEYS to clause numbers (as printed in that
game's current document). The keys a node has are derived from its class and fields, so a table
stays data and never needs code per kind:

- `destroy`                     the node kind (snake_case class name, as in the JSON form);
- `selector.up_to`              a boolean field that is true;
- `set_state.state=exhausted`   a string / enum field with that value;
- `ability.restrictions=once_per_turn`  each string in a tuple field;
- `keyword.name=Armor`          a keyword by its canonical name;
- `ability.levels`              a tuple field that is not empty.

`cites(node, game)` unions the clauses of every key a node has (its own fields only, not its
children: each child carries its own cites in the JSON form).
"""

from __future__ import annotations

import importlib
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any

from judge.text.ast import kind_of

#: game → (module, table attribute, unsupported-keywords attribute)
TABLES: dict[str, tuple[str, str, str]] = {
    "bss": ("judge.text.bs.links", "BSS", "UNSUPPORTED_BS"),
    "bs": ("judge.text.bs.links", "BS", "UNSUPPORTED_BS"),
    "fftcg": ("judge.text.fftcg.links", "TABLE", "UNSUPPORTED"),
}


def _entry(game: str) -> tuple[Any, str, str]:
    try:
        module, tab, unsup = TABLES[game]
    except KeyError:
        from judge.errors import UnknownGame

        raise UnknownGame(f"no link table for game {game!r}", hints=tuple(TABLES)) from None
    return importlib.import_module(module), tab, unsup


@cache
def table(game: str) -> dict[str, tuple[str, ...]]:
    """The link table of a game."""
    module, tab, _ = _entry(game)
    return dict(getattr(module, tab))


def unsupported(game: str) -> dict[str, str]:
    """Keyword → reason, for keywords of a game's rules the grammar deliberately does not read."""
    module, _, unsup = _entry(game)
    return dict(getattr(module, unsup, {}))


def keys_of(node: Any) -> list[str]:
    """The table keys a node has (its kind, true flags, field values, tuple members)."""
    if not is_dataclass(node) or isinstance(node, type):
        return []
    kind = kind_of(node)
    keys = [kind]
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, bool):
            if value:
                keys.append(f"{kind}.{f.name}")
        elif isinstance(value, Enum):
            keys.append(f"{kind}.{f.name}={value.value}")
        elif isinstance(value, str):
            keys.append(f"{kind}.{f.name}={value}")
        elif isinstance(value, tuple) and value:
            keys.append(f"{kind}.{f.name}")
            keys.extend(f"{kind}.{f.name}={v}" for v in value if isinstance(v, str))
    return keys


def cites(node: Any, game: str) -> tuple[str, ...]:
    """The clause numbers (in the game's current document) that govern this node, in table order."""
    tab = table(game)
    out: list[str] = []
    for key in keys_of(node):
        for number in tab.get(key, ()):
            if number not in out:
                out.append(number)
    return tuple(out)


__all__ = ["TABLES", "cites", "keys_of", "table", "unsupported"]
