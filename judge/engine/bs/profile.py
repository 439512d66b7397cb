"""Saga and Standard as profiles: the one place the two Battle Spirits documents differ.

The engine asks the profile (`ctx.profile.burst_area`, `…pending_state`) instead of testing the
game id, so a rule the two documents share is written once and a difference is a field here.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.bs.clauses import TABLES
from judge.engine.kernel.clauses import ClauseTable


@dataclass(frozen=True)
class Profile:
    """What one Battle Spirits rules document says differently from the other."""

    game: str
    title: str
    clauses: ClauseTable
    burst_area: bool            # Saga 3-8: a burst can be set and activated
    second_main_step: bool      # Standard 7-8: a main step after the attack step
    heavy_exhaust: bool         # Standard 5-16: the heavy exhausted state
    pending_state: bool         # Standard 10-2-2: cards leaving the field pass through the pending state
    depletion: bool             # Standard 5-11: short of LV1 is Depletion, not destruction
    bp_zero_destroys: bool      # Saga 9-4-2: a spirit with 0 BP or less is destroyed
    common_effects: bool        # Standard 12-2: 《Super Unleash》《Soul Magic》《Succession》 and restrictions
    saga_keywords: bool         # Saga 11: the keyword effects (Armor, Gale, Crush, …)
    end_effects_first: bool     # Saga 6-8-1-1: end-step effects before 'this turn' ends; Standard 7-9-1-1 after
    #: whose printed cards a board names by number, looked up in this order: Standard has its own
    #: printings and plays Saga's beside them (the corpus holds Saga cards only)
    printings: tuple[str, ...]
    #: Standard 9-1-5-7: a player orders their own simultaneous effects (the turn player only orders a
    #: batch of both players', 9-1-5-8); Saga 8-5-2-4: the turn player orders every batch
    own_effects_ordered_by_controller: bool = False
    #: Saga 8-9-2-1: of several substitutions for one card's event, the player controlling that card
    #: chooses; Standard 9-1-8-1-3: the turn player does
    substitution_chosen_by_affected: bool = False


SAGA = Profile(game="bss", title="Battle Spirits Saga", clauses=TABLES["bss"], burst_area=True,
               second_main_step=False, heavy_exhaust=False, pending_state=False, depletion=False,
               bp_zero_destroys=True, common_effects=False, saga_keywords=True, end_effects_first=True,
               printings=("bss",), substitution_chosen_by_affected=True)
STANDARD = Profile(game="bs", title="Battle Spirits Standard", clauses=TABLES["bs"], burst_area=False,
                   second_main_step=True, heavy_exhaust=True, pending_state=True, depletion=True,
                   bp_zero_destroys=False, common_effects=True, saga_keywords=False, end_effects_first=False,
                   printings=("bs", "bss"), own_effects_ordered_by_controller=True)
PROFILES: dict[str, Profile] = {"bss": SAGA, "bs": STANDARD}


def profile(game: str) -> Profile:
    """The profile of a Battle Spirits game id (bss or bs)."""
    return PROFILES[game]


__all__ = ["PROFILES", "SAGA", "STANDARD", "Profile", "profile"]
