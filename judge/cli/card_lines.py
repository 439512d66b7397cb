"""What `judge card` prints about a card's abilities (their trees, the engine's support of each),
kept in the database's parsed-text store so a card already shown loads neither the grammar nor
the rules engine (issue 23.5: the card lookup must not import the engine).

The lines depend on the card's text and name, the lists the grammar reads against, the grammar
and text layer (`judge.text.cache.grammar_version`) and the engine's code; the key holds the first
two and the version the rest (the engine's files by name, size and time: the support status
moves to the engine's registries, stored with the card, in a later change; this is the shell's
own cache until then). A cache, not a record: any failure to read or write it recomputes.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache

# typing is not imported at run time: this module is on the quick lookup path
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: the parsed-text store's "game" under which a card's printed lines are kept
KIND = "card-lines:"


@cache
def engine_version() -> str:
    """The engine's code by file name, size and modification time (no file is read); with the
    printing code of these lines (this module, the markup reader), so a change to how they are
    written is never hidden behind lines kept from before it."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    root = os.path.join(package, "engine")
    digest = hashlib.sha256()
    for own in (os.path.abspath(__file__), os.path.join(package, "cards", "markup.py")):
        st = os.stat(own)
        digest.update(f"{os.path.basename(own)}:{st.st_size}:{st.st_mtime_ns}|".encode())
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".py"):
                st = os.stat(os.path.join(folder, f))
                digest.update(f"{os.path.relpath(os.path.join(folder, f), root)}:{st.st_size}:{st.st_mtime_ns}|"
                              .encode())
    return digest.hexdigest()[:16]


def parse_lines(result: Any, game: str, name: str | None = None) -> list[str]:
    """Each ability of a parse result: its print, what the project read it as (a misreading shows),
    the words it did not read, its tree; then what could not be parsed."""
    from judge.cards.markup import readable
    from judge.text.render import node_lines, reading

    out = []
    for i, ability in enumerate(result.abilities, 1):
        read = reading(ability, game, name)
        out.append(f"ability {i}: {readable(ability.text)}")
        out.append(f"  read as: {readable(read.rendered)}" if read.rendered is not None
                   else f"  read as: (no canonical wording: {read.why})")
        out += [f"  not read: {readable(words)}" for words in read.unread]
        out += node_lines(ability, game, 1)
    for u in result.unparsed:
        out.append(f"unparsed {u.start}-{u.end}: {u.text}")
        if u.expected and u.expected[0].startswith("stopped at"):
            out.append(f"  {'; '.join(u.expected)}")      # already in words: where it stopped, what it expected
        elif u.expected:
            out.append(f"  expected: {', '.join(u.expected)}")
    return out


def card_support(card: Any) -> list:
    """The engine's support status of each ability (judge.engine.support): the engine is imported
    only here, once the card is found and printed up to it."""
    from judge.engine.support import card_status

    return card_status(card.text, card.game, card.name)


def _compute(card: Any) -> tuple[list[str], list[str]]:
    from judge.cards.markup import readable
    from judge.text.cache import parse_card

    lines = parse_lines(parse_card(card), card.game, card.name)
    support = [f"  {s.label}: {readable(s.line)}" for s in card_support(card)]
    return lines, support


def card_lines(card: Any) -> tuple[list[str], list[str]]:
    """(the abilities' tree lines, the engine support lines) of a card, stored after the first time."""
    from judge import store
    from judge.text.cache import _db_path, enabled, grammar_version, text_key

    path = _db_path(None) if enabled() else None
    if path is None:
        return _compute(card)
    key = text_key(card.text, card.game, card.name, None)
    version = f"{grammar_version()}:{engine_version()}"
    got = store.ast_cache_get(path, KIND + card.game, [key], version).get(key)
    if got is not None:
        try:
            data = json.loads(got)
            return list(data["tree"]), list(data["support"])
        except (ValueError, KeyError, TypeError):
            pass
    lines, support = _compute(card)
    store.ast_cache_put(path, KIND + card.game, [(key, json.dumps({"tree": lines, "support": support},
                                                                  ensure_ascii=False))], version, prune=True)
    return lines, support


__all__ = ["card_lines", "card_support", "engine_version", "parse_lines"]
