"""The AST's conditions, events, moments and windows: what a trigger waits for, when an effect
applies, what must hold (FFTCG Event / Phase / Window / Trigger; one Condition shape for both
games), with the closed sets of Battle Spirits condition kinds, events, steps and qualifiers. Part of `judge.text.ast`, which re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: the node modules refer to each other's classes
    from judge.text.ast import Cost, Player, Selector, Span, Threshold


# ---------------------------------------------------------------- FFTCG: events, moments, windows (11.8)
@dataclass(frozen=True, kw_only=True)
class Event:
    """FFTCG: something that happens, as an auto-ability's trigger (11.8.2) or a condition on it
    (11.8.13): "When a Forward opponent controls is put from the field into the Break Zone by your
    Summon", "If {Name} is dealt damage by a Forward, …". `kind` is an `Ability.timing` name."""

    kind: str                            # enters_field | attacks | is_broken | is_dealt_damage | you_cast | …
    subject: Selector | None = None      # the card(s) it happens to (None: the card itself, or a player's act)
    player: Player | None = None         # whose act ("you cast …", "your opponent discards …")
    by: Selector | None = None           # 6.4 its source ("by your opponent's Summons", "due to an ability")
    cause: str | None = None             # how, in a closed word: cast | warp (11.8.16.2.1 entering "due to …")
    place: str | None = None             # where: your_field | opponent_field | hand | break | deck (from / into)
    to: tuple[Selector, ...] = ()        # 6.5 the card(s) damage is dealt to …
    to_player: Player | None = None      # … or the player it is dealt to / whose Damage Zone it is put into
    what: Selector | None = None         # what is cast / used / primed into / placed
    qualifiers: tuple[str, ...] = ()     # closed words: battle | not_battle | first_in_turn | while_<state> |
    #                                      this_turn | less_than_power | more_than_power | not_by_own
    amount: Threshold | None = None      # "dealt 4000 damage or more"; "a fifth point of damage" (nth, "==")
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Phase:
    """FFTCG: a moment of a turn (9): "the beginning of your Main Phase 1", "the end of each turn"."""

    edge: str                            # beginning | end
    phase: str                           # turn | active | draw | main | attack | end
    number: int | None = None            # Main Phase 1 / 2 (9.3, 9.5)
    whose: Player | None = None          # YOU (default), OPPONENT, ANY (each player's turn)
    next_only: bool = False              # "your next turn": that one turn only (11.8.17)
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Window:
    """FFTCG: when something applies or listens (11.12.4.4): "during your turn", "during each turn"."""

    whose: Player | None = None          # YOU, OPPONENT, ANY (each turn)
    phase: str | None = None             # "during each Attack Phase": that phase only
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Trigger:
    """FFTCG: what an auto-ability waits for (11.8.2): any one of its events, or a moment of the turn,
    listened for only inside its window ("During each turn, when …")."""

    events: tuple[Event, ...] = ()
    at: Phase | None = None
    window: Window | None = None
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Condition:
    """A condition or an event, structured: its `kind` says which fields carry its meaning
    (`CONDITION_KINDS` for Battle Spirits); `text` is the printed words, kept for display only.

    Events (a trigger "When …", a replacement "would …", a past "has been … this turn") share one
    shape: `event` (an id of `EVENTS`), `selector` (who or what it happens to or who acts),
    `object` (what the act is aimed at), `by` (the cause: an effect, an attack, a player), `zone`
    (from / to where), `player` (the player who acts or loses), `qualifiers` (closed flags)."""

    kind: str                    # see CONDITION_KINDS (BS) · FFTCG: count | compare | control | all | turn | ...
    text: str
    selector: Selector | None = None
    threshold: Threshold | None = None
    span: Span | None = None
    event: str | None = None     # FFTCG "If X is dealt damage, … instead": the event (an Ability.timing value);
    #                              BS: an id of EVENTS (events, histories) or of STEPS (kind "during")
    checked: str | None = None   # FFTCG "(before paying the cost for X)": when it is checked (11.4)
    qualifiers: tuple[str, ...] = ()  # FFTCG damage event words (6.5): not_battle | by_opponent | by_effect |
    #                                   less_than_power | more_than_power | first_in_turn | while_<state> | by_card
    #                                   BS: see EVENT_QUALIFIERS
    player: Player | None = None      # whose life / hand / field / turn; the player who acts in an event;
    #                                   FFTCG: "your opponent doesn't pay …", "you control …"
    object: Selector | None = None    # BS kind "is": what the subject must be; events: what the act is aimed at
    by: Selector | None = None        # BS events: the cause ("by your opponent's effects", "with an attack from X")
    zone: str | None = None           # BS events: from / to which area ("returned to their hand": hand)
    window: str | None = None         # BS kind "happened": when it happened (this_turn | this_effect | cost)
    negated: bool = False             # "not", "no", "unless", FFTCG "if you don't …": holds when this does not
    conditions: tuple[Condition, ...] = ()   # BS kinds "all" / "any": the conditions joined
    cost: Cost | None = None          # FFTCG "If your opponent doesn't pay 《2》": the cost named (11.2, 11.11.5.1)
    occurs: Event | None = None       # FFTCG "If X is dealt damage by …": the event, typed (11.8.13, 11.12.5)
    parts: tuple[Condition, ...] = () # FFTCG kind "all": every one of these holds (11.8.13)
    during: Window | None = None      # FFTCG kind "turn": "during your turn" (11.12.4.4)


#: Battle Spirits condition kinds and the fields each must fill to mean something (judge.text.typed
#: checks them): a kind outside this table is reported as not typed.
CONDITION_KINDS: dict[str, tuple[str, ...]] = {
    "count": ("threshold",),                # "you have 3 or fewer life", "you control a Shinji nexus": player
    #                                         and/or selector (what is counted) against threshold
    "only": ("selector",),                  # "if you only have Angel spirits on the field": all of player's match
    "is": ("selector", "object"),           # "if it is a spirit card", "if this spirit has 10,000 or more BP"
    "compare": ("threshold",),              # "if you have less life than your opponent": threshold.ref the other side
    "turn": ("player",),                    # "if it is your opponent's turn"
    "during": ("event",),                   # "if used during your main step": event a STEPS id, player whose
    "event": ("event",),                    # a trigger: "when one of your spirits is destroyed"
    "would": ("event",),                    # a replacement's trigger: "when this spirit would be destroyed"
    "happened": ("event", "window"),        # "if one of your spirits has been destroyed this turn"
    "paying": ("event", "selector"),        # "when summoning this spirit from your hand": while its cost is paid
    "chain": ("selector",),                 # 【Chain: Red】 (BSS 11-15): a symbol of those colours on your field
    "for_each": ("selector",),              # the sentence is repeated for each of these
    "all": ("conditions",),                 # every one of `conditions`
    "any": ("conditions",),                 # at least one of `conditions`
    # self-contained: the kind alone says everything
    "did": (), "did_not": (), "possible": (), "after_resolves": (), "substitution": (),
    "unpaid": ("cost", "player"),           # "… unless they pay one core": holds when that player does not pay
}

#: BS event ids (Condition.event): what happens, named by its verb.
EVENTS: frozenset[str] = frozenset({
    "destroyed", "summoned", "placed", "deployed", "attacks", "blocks", "blocked", "attacks_or_blocks",
    "summoned_or_attacks", "summoned_or_destroyed", "exhausted", "refreshed", "returned", "discarded",
    "selected", "linked", "added_to_hand", "core_placed", "cores_removed", "life_reduced", "loses_life",
    "draws", "uses", "spends", "battle_ends", "attack_step_ends", "turn_end", "step_start", "battle_end",
    "ascends", "resolves", "destroys", "exhausts", "summons", "compares_bp", "reduced_to_zero_bp",
    "moved", "reveals", "discards", "refreshes", "selects", "blocks_or_attacks", "summoned_or_placed",
    "links", "places", "returns",   # the acts of placing a nexus (BSS 10-7) and returning a card (4-2-4)
})


def known_event(event: str | None) -> bool:
    """Whether a BS event id is of the closed set: one of `EVENTS`, or several joined by "_or_"
    ("when this spirit blocks or is destroyed": either event, BSS 8-1-5-1), each one of them."""
    if not event:
        return False
    return event in EVENTS or all(part in EVENTS for part in event.split("_or_"))

#: BS step ids (Condition.event of kind "during").
STEPS: frozenset[str] = frozenset({"start_step", "core_step", "draw_step", "refresh_step", "main_step",
                                   "attack_step", "end_step", "turn"})

#: BS event qualifiers (Condition.qualifiers).
EVENT_QUALIFIERS: frozenset[str] = frozenset({
    "via_battle",            # "via comparing BP", "in battle", "as the result of battle" (BSS 7-1-5-2)
    "via_zero_cores",        # "via reducing its cores to zero" (BSS 9-3-2)
    "first_each_turn",       # "the first time … each turn"
    "outside_draw_step",     # "draws outside of their draw step" (BSS 4-5)
    "with_this_effect",      # "… with this effect"
    "still_on_field",        # "ends with your spirit still on the field"
    "only",                  # "when only your opponent's spirit is destroyed"
    "from_hand",             # the card came from the hand
    "via_zero_bp",           # "via reducing its BP to 0" (BSS 9-4)
    "this_turn",             # "if it attacks or blocks during this turn": any time within the duration
    "next_only",             # "the next time …": once, then the trigger ends (BSS 8-9)
    "draw_step",             # "after your draw": the draw of the draw step (BSS 6-4)
    "this_battle",           # "during this battle, when …": any time within the battle
})


__all__ = ["CONDITION_KINDS", "EVENTS", "EVENT_QUALIFIERS", "STEPS", "Condition", "Event", "Phase", "Trigger", "Window", "known_event"]
