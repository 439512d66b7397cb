"""Parsed card text kept in the database (judge.text.cache): what comes back is exactly what was
parsed, a changed grammar is never answered from the store, and a store that cannot be read or
written never breaks the command (it parses instead)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge import store
from judge.cards.importers import read_cards
from judge.paths import cards_dir
from judge.text import ast_json, cache
from judge.text.ast import Ability, AbilityKind, Player, Selector
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
SAMPLES = {"bss": "bs-samples.yaml", "fftcg": "fftcg-samples.yaml"}


@pytest.fixture(autouse=True)
def _fresh_memory() -> Iterator[None]:
    cache.forget()
    yield
    cache.forget()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """An empty database file (the cache writes only into a database that exists)."""
    path = tmp_path / "judge.db"
    sqlite3.connect(path).close()
    return path


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts actually parsed (not answered from memory or the store)."""
    seen: list[str] = []
    real = cache._parse

    def counting(text, game, name, lexicon):
        seen.append(text)
        return real(text, game, name, lexicon)

    monkeypatch.setattr(cache, "_parse", counting)
    return seen


def _cards(game: str) -> list:
    return read_cards(cards_dir() / SAMPLES[game], game)


def _stored(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("select game, grammar from ast_cache").fetchall()


# --- the stored form ---------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "file"), [("bss", "bss-cards.json"), ("fftcg", "fftcg-cards.json")])
def test_every_parsed_corpus_text_comes_back_from_json_as_the_same_dataclasses(game: str, file: str) -> None:
    path = CORPUS / file
    if not path.is_file():
        pytest.skip(f"real cards not available: {path} is absent (the corpus lives beside the project)")
    cards = read_cards(path, game)
    lexicon = Lexicon.from_cards(cards) if game != "fftcg" else None
    checked = 0
    for card in cards:
        result = parse_text(card.text, game, name=card.name, lexicon=lexicon)
        try:
            stored = ast_json.encode(result)
        except ast_json.NotStorable:
            continue                      # never stored: parsed again every time (see the next tests)
        back = ast_json.decode(stored)
        assert back == result, card.number
        assert repr(back) == repr(result), card.number      # the same types too: no 0 for False, no lists
        checked += len(result.abilities)
    assert checked > len(cards) // 2


def test_enums_booleans_nested_tuples_and_defaults_come_back_with_their_types() -> None:
    from judge.text.ast import Draw, Modal

    node = Ability(kind=AbilityKind.TRIGGERED, levels=(1, 2), effects=(
        Modal(count=1, options=((Draw(count=1),), (Draw(count=2, player=Player.OPPONENT),))),))
    back = ast_json.decode(ast_json.encode(node))
    assert back == node and repr(back) == repr(node)
    assert type(back.effects[0].options[1]) is tuple
    assert back.effects[0].options[1][0].player is Player.OPPONENT
    assert ast_json.decode(ast_json.encode(Selector(count=0, up_to=False))).count == 0


def test_a_result_holding_anything_but_ast_values_is_refused_not_stored_wrongly() -> None:
    for leaked in (["a list"], {"a": 1}, object()):
        with pytest.raises(ast_json.NotStorable):
            ast_json.encode(Selector(name=leaked))  # type: ignore[arg-type]


def test_stored_json_that_is_not_an_ast_is_refused() -> None:
    for bad in ('{"@": "NoSuchNode"}', '{"$": "NoSuchEnum", "v": 1}', '{"x": 1}'):
        with pytest.raises(ValueError):
            ast_json.decode(bad)


# --- hits, misses, versions --------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_a_text_parsed_once_is_read_from_the_store_by_the_next_process(game: str, db: Path,
                                                                       parses: list[str]) -> None:
    cards = [c for c in _cards(game) if c.text.strip()][:6]
    first = [cache.parse_cached(c.text, game, name=c.name, db_path=db) for c in cards]
    assert len(parses) == len(cards)
    cache.forget()                                         # a new process: nothing in memory
    again = [cache.parse_cached(c.text, game, name=c.name, db_path=db) for c in cards]
    assert len(parses) == len(cards)                       # nothing parsed again
    assert again == first == [parse_text(c.text, game, name=c.name) for c in cards]


def test_the_same_words_with_another_name_or_lexicon_are_another_entry(db: Path, parses: list[str]) -> None:
    text = "[LV1][LV2] When Summoned: Draw a card."
    cache.parse_cached(text, "bss", db_path=db)
    cache.parse_cached(text, "bss", name="Some Other Spirit", db_path=db)
    cache.parse_cached(text, "bss", lexicon=Lexicon(families=frozenset({"Wyvern"})), db_path=db)
    cache.parse_cached(text, "bs", db_path=db)
    assert len(parses) == 4
    keys = {cache.text_key(text, "bss"), cache.text_key(text, "bss", "Some Other Spirit"),
            cache.text_key(text, "bss", None, Lexicon(families=frozenset({"Wyvern"}))), cache.text_key(text, "bs")}
    assert len(keys) == 4


def test_a_changed_grammar_version_is_never_answered_from_the_store(db: Path, parses: list[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    card = next(c for c in _cards("fftcg") if c.text.strip())
    monkeypatch.setattr(cache, "grammar_version", lambda: "version-one")
    cache.parse_cached(card.text, "fftcg", name=card.name, db_path=db)
    cache.forget()
    cache.parse_cached(card.text, "fftcg", name=card.name, db_path=db)
    assert len(parses) == 1
    monkeypatch.setattr(cache, "grammar_version", lambda: "version-two")
    cache.forget()
    cache.parse_cached(card.text, "fftcg", name=card.name, db_path=db)
    assert len(parses) == 2                                 # parsed again under the new grammar
    assert _stored(db) == [("fftcg", "version-two")]        # and the old version's row is gone


def test_the_grammar_version_changes_with_a_grammar_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    import judge.paths
    from judge.paths import grammar_dir

    copy = tmp_path / "grammar"
    shutil.copytree(grammar_dir(), copy)
    monkeypatch.setattr(judge.paths, "grammar_dir", lambda: copy)
    cache.forget()
    before = cache.grammar_version()
    lark_file = sorted(copy.glob("*.lark"))[0]
    lark_file.write_text(lark_file.read_text(encoding="utf-8") + "\n// one more line\n", encoding="utf-8")
    cache.forget()
    assert cache.grammar_version() != before


def test_the_grammar_version_covers_the_transformers_the_ast_and_lark(tmp_path: Path) -> None:
    files = {p.resolve() for p in cache.version_files()}
    text_dir = Path(cache.__file__).resolve().parent
    for module in ("bs/transform.py", "fftcg/transform.py", "ast/__init__.py", "ast/effects.py", "parse.py", "ast_json.py"):
        assert text_dir / module in files
    assert any(p.name == "__init__.py" and p.parent.name == "lark" for p in files)
    one, two = tmp_path / "a.py", tmp_path / "b.lark"
    one.write_text("x = 1\n")
    two.write_text("start: 'a'\n")
    before = cache.digest_files([one, two])
    one.write_text("x = 2\n")
    assert cache.digest_files([one, two]) != before


# --- a store that cannot be used ---------------------------------------------------------------
def test_a_busy_database_costs_a_parse_never_an_error(db: Path, parses: list[str]) -> None:
    card = next(c for c in _cards("bss") if c.text.strip())
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("create table other (x)")
    holder.execute("begin immediate")                       # another process is writing
    try:
        result = cache.parse_cached(card.text, "bss", name=card.name, db_path=db)
    finally:
        holder.execute("rollback")
        holder.close()
    assert result == parse_text(card.text, "bss", name=card.name)
    cache.forget()
    cache.parse_cached(card.text, "bss", name=card.name, db_path=db)
    assert len(parses) == 2                                 # nothing had been stored


def test_a_read_only_or_missing_database_costs_a_parse_never_an_error(tmp_path: Path, db: Path) -> None:
    card = next(c for c in _cards("fftcg") if c.text.strip())
    db.chmod(0o444)
    try:
        assert cache.parse_cached(card.text, "fftcg", name=card.name, db_path=db) == parse_text(
            card.text, "fftcg", name=card.name)
    finally:
        db.chmod(0o644)
    missing = tmp_path / "nowhere" / "judge.db"
    assert cache.parse_cached(card.text, "fftcg", name=card.name, db_path=missing).abilities
    assert not missing.exists()                             # the cache never creates a database


def test_a_damaged_stored_row_is_parsed_again(db: Path, parses: list[str]) -> None:
    card = next(c for c in _cards("bss") if c.text.strip())
    good = cache.parse_cached(card.text, "bss", name=card.name, db_path=db)
    with sqlite3.connect(db) as conn:
        conn.execute("update ast_cache set result = '{\"@\": \"Ability\", \"kind\": {\"$\": \"Nope\"'")
    cache.forget()
    assert cache.parse_cached(card.text, "bss", name=card.name, db_path=db) == good
    assert len(parses) == 2


def test_the_switch_turns_the_store_off(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_AST_CACHE", "0")
    card = next(c for c in _cards("bss") if c.text.strip())
    cache.parse_cached(card.text, "bss", name=card.name, db_path=db)
    with sqlite3.connect(db) as conn:
        assert not conn.execute("select 1 from sqlite_master where name = 'ast_cache'").fetchone()


def test_a_write_keeps_a_verified_database_verified(db: Path) -> None:
    store._write_stamp(db)
    assert store._read_stamp(db) == store._stamp(db)
    card = next(c for c in _cards("bss") if c.text.strip())
    cache.parse_cached(card.text, "bss", name=card.name, db_path=db)
    assert _stored(db)
    assert store._read_stamp(db) == store._stamp(db)        # no re-verification on the next start


def test_names_a_game_reads_besides_the_text_are_part_of_the_key() -> None:
    """FFTCG reads plain Job / Card Name references against the lexicon it is given (judge.text.
    fftcg.names): a board whose cards add names must not be answered with a parse made without them."""
    text = "Choose 1 Forward. Break it."
    before = cache.text_key(text, "fftcg")
    assert cache.text_key(text, "fftcg") == before
    bare = Lexicon(names=frozenset({"Invented Cardname Zyx"}))
    more = bare.with_words(jobs=["Invented Jobholder"])
    assert len({before, cache.text_key(text, "fftcg", lexicon=bare), cache.text_key(text, "fftcg", lexicon=more),
                cache.text_key(text, "fftcg", lexicon=bare.with_words(categories=["XXIV"]))}) == 4
