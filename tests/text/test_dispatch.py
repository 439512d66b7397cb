"""The Saga transformer's per-class dispatch (judge.text.dispatch.Resolved) reads every card as
Lark's own Transformer dispatch would: the same abilities, the same unread parts, the same errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lark import Token, Transformer, Tree, v_args
from lark.exceptions import VisitError

import judge.text.bs.transform as bs_transform
from judge.cards.importers import read_cards
from judge.paths import cards_dir
from judge.text.dispatch import Resolved
from judge.text.lexicon import Lexicon
from judge.text.parse import parse_text

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "bss-cards.json"
SAMPLES = cards_dir() / "bs-samples.yaml"


class _LarkDispatch(bs_transform.BSTransformer):
    """The same callbacks, found the way Lark's Transformer finds them."""

    _call_userfunc = Transformer._call_userfunc
    _transform_tree = Transformer._transform_tree
    transform = Transformer.transform


def _read(cards: list, monkeypatch: pytest.MonkeyPatch, lark_way: bool) -> list[str]:
    lexicon = Lexicon.from_cards(cards)
    with monkeypatch.context() as m:
        if lark_way:
            m.setattr(bs_transform, "BSTransformer", _LarkDispatch)
        out = [repr(parse_text(c.text, "bss", name=c.name, lexicon=lexicon)) for c in cards]
    return [re.sub(r" object at 0x[0-9a-f]+", " object", r) for r in out]


def test_every_sample_card_reads_the_same_as_with_larks_dispatch(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = read_cards(SAMPLES, "bss")
    assert cards
    assert _read(cards, monkeypatch, lark_way=False) == _read(cards, monkeypatch, lark_way=True)


def test_every_corpus_card_reads_the_same_as_with_larks_dispatch(monkeypatch: pytest.MonkeyPatch) -> None:
    if not CORPUS.is_file():
        pytest.skip(f"real cards not available: {CORPUS} is absent (the corpus lives beside the project)")
    cards = read_cards(CORPUS, "bss")
    assert _read(cards, monkeypatch, lark_way=False) == _read(cards, monkeypatch, lark_way=True)


class _Toy(Resolved):
    """Each calling convention Resolved handles, and the ones it leaves to Lark."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)

    def plain(self, c: list) -> tuple:
        return ("plain", *c)

    @v_args(meta=True)
    def with_meta(self, meta, c: list) -> tuple:
        return ("meta", meta.empty, *c)

    @v_args(inline=True)
    def inline(self, a, b) -> tuple:
        return ("inline", a, b)

    @staticmethod
    def static(c: list) -> tuple:
        return ("static", *c)

    def broken(self, c: list) -> None:
        raise KeyError("no such thing")

    def __default__(self, data: str, children: list, meta) -> tuple:
        return ("default", data, *children)


def test_each_calling_convention_gets_what_lark_gives_it() -> None:
    tree = Tree("plain", [Tree("with_meta", [Token("W", "x")]), Tree("inline", [1, 2]),
                          Tree("static", [3]), Tree("unknown", [4])])
    assert _Toy().transform(tree) == ("plain", ("meta", True, Token("W", "x")), ("inline", 1, 2),
                                      ("static", 3), ("default", "unknown", 4))


def test_a_callbacks_error_reaches_the_caller_as_larks_visit_error() -> None:
    with pytest.raises(VisitError) as err:
        _Toy().transform(Tree("plain", [Tree("broken", [])]))
    assert err.value.rule == "broken" and isinstance(err.value.orig_exc, KeyError)
