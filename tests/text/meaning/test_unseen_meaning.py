"""The unseen meaning tables (issue 11.3: "the same is measured on unseen cards") are a measure, never a
gate: these tests only check that the tables are written in the fact language and name the very
validation-split abilities the selection rule of unseen.py picks. Whether their facts hold is reported
by bench/bench_meaning.py, and no test reads it."""

from __future__ import annotations

import pytest

from .bss_unseen_facts import UNSEEN as BSS_UNSEEN
from .facts import parse_fact
from .fftcg_unseen_facts import UNSEEN as FFTCG_UNSEEN
from .reading import bss_cards, card_set, corpus_file, fftcg_cards, validation_sets
from .unseen import bss_selection, fftcg_selection

TABLES = {"bss": BSS_UNSEEN, "fftcg": FFTCG_UNSEEN}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_an_unseen_table_states_facts_of_at_least_sixty_abilities_in_the_fact_language(game: str) -> None:
    table = TABLES[game]
    assert len({(n, i) for n, i, _ in table}) == len(table) >= 60
    for _, _, facts in table:
        assert facts
        for fact in facts:
            parse_fact(fact)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_an_unseen_table_names_validation_cards_chosen_by_the_rule(game: str) -> None:
    if not corpus_file(game).is_file():
        pytest.skip(f"the real card corpus is absent ({corpus_file(game)})")
    table = TABLES[game]
    sets = set(validation_sets(game))
    assert all(card_set(game, n) in sets for n, _, _ in table), "an unseen table names validation cards only"
    chosen = (bss_selection(bss_cards()[0].values(), sets) if game == "bss"
              else fftcg_selection(fftcg_cards().values(), sets))
    assert [(n, i) for n, i, _ in table] == chosen
