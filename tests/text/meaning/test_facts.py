"""The fact language of the meaning tables (facts.py): what each test form says, that a fact can fail,
and that every table of both games is written in it."""

from __future__ import annotations

import pytest

from judge.text.ast import Ability, AbilityKind, Destroy, Draw, Player, Selector, Threshold

from .bss_facts import MEANING
from .facts import FactError, check, missing, parse_fact
from .fftcg_facts import ENTRIES

# An invented ability: break up to two of the opponent's Forwards of cost 3 or less; draw a card.
_ABILITY = Ability(
    kind=AbilityKind.AUTO, restrictions=("once_per_turn",), timing="enters_field",
    effects=(Destroy(target=Selector(count=2, up_to=True, owner=Player.OPPONENT, card_types=("forward",),
                                     families=("Sky Pirate",), thresholds=(Threshold("cost", "<=", 3),))),
             Draw(count=1)),
)


@pytest.mark.parametrize("fact", [
    "ability: kind=auto timing=enters_field", "ability: restrictions~once_per_turn",
    "destroy: target.owner=opponent target.count=2 target.up_to=yes target.cost<=3",
    "destroy: target.families=Sky_Pirate target.name=none", "threshold: stat=cost op=<= value=3",
    "draw: count=1 player=you per=none", "draw:", "no discard",
])
def test_a_fact_the_reading_shows_holds(fact: str) -> None:
    assert check(_ABILITY, fact)


@pytest.mark.parametrize("fact", [
    "ability: kind=field", "ability: restrictions~ex_burst", "destroy: target.owner=you",
    "destroy: target.cost<=4", "destroy: target.cost>=3", "destroy: target.bp<=3",
    "draw: count=2", "discard:", "no draw", "destroy: target.no_such_field=1",
])
def test_a_fact_the_reading_does_not_show_fails(fact: str) -> None:
    assert not check(_ABILITY, fact)
    assert missing(_ABILITY, [fact, "draw:"]) == [fact]


@pytest.mark.parametrize("fact", ["ability: text=x", "ability: timing_text=When", "restriction: by_text=y",
                                  "destroy: target.span=none", "Destroy: target.count=2", "no draw: count=1",
                                  "destroy target.count=2", "destroy: target.count"])
def test_a_fact_about_the_words_or_malformed_is_refused(fact: str) -> None:
    with pytest.raises(FactError):
        check(_ABILITY, fact)


def test_every_training_table_of_both_games_is_written_in_the_fact_language() -> None:
    facts = [f for *_, fs in MEANING for f in fs] + [f for *_, fs in ENTRIES for f in fs]
    assert len(facts) > 400
    for fact in facts:
        parse_fact(fact)
