"""What the FFTCG event rules build and share: the event kinds by subject (`CARD_KINDS`,
`PLAYER_KINDS`), the typed predicate of an event (`EvPred`), whose turn and which period
(`TurnOwner`, `Period`), and `event_of` joining a subject to its predicate. Imported through
`judge.text.fftcg.events`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token

from judge.text.ast import Event, Player, Selector

#: an event predicate's stem → its kind when a card is the subject (the `Ability.timing` names)
CARD_KINDS: dict[str, str] = {
    "enters": "enters_field", "attacks": "attacks", "blocks": "blocks", "party": "forms_party",
    "leaves": "leaves_field", "leaves_break": "leaves_break", "returns": "returned_to_hand",
    "deals_damage": "deals_damage", "receives_damage": "is_dealt_damage", "uses": "uses_ability",
    "triggers": "ability_triggers", "becomes_dull": "dulled", "primes_into": "primes_into",
    "searches": "searches", "casts": "you_cast", "discards": "discarded",
    "broken": "is_broken", "chosen": "is_chosen", "blocked": "is_blocked",
    "field_to_break": "put_into_break_zone", "to_break": "put_into_break_zone",
    "deck_to_break": "put_from_deck_into_break_zone", "to_damage": "put_into_damage_zone",
    "to_hand": "put_into_hand",
    "returned": "returned_to_hand", "removed": "removed_from_game", "dealt_damage": "is_dealt_damage",
    "discarded": "discarded", "dulled": "dulled", "activated": "activated", "priming": "priming",
    "added_from_break": "added_to_hand_from_break_zone", "revealed": "revealed", "selected": "selected",
    "reduced": "reduced", "power_changed": "power_changed", "placed_on": "counter_placed",
    "removed_from": "counter_removed", "draws": "you_draw", "plays": "plays",
}
#: stems whose kind differs when a player is the subject: stem → {player: kind}
PLAYER_KINDS: dict[str, dict[Player, str]] = {
    "casts": {Player.YOU: "you_cast", Player.OPPONENT: "opponent_casts"},
    "receives_damage": {Player.YOU: "you_receive_damage", Player.OPPONENT: "opp_damaged",
                        Player.ANY: "you_receive_damage", Player.EACH: "you_receive_damage"},
    "dealt_damage": {Player.OPPONENT: "opp_damaged", Player.YOU: "you_receive_damage"},
    "discards": {Player.OPPONENT: "opponent_discards", Player.YOU: "you_discard"},
    "uses": {Player.OPPONENT: "opponent_uses_ability", Player.YOU: "you_use_ability"},
    "draws": {Player.YOU: "you_draw", Player.OPPONENT: "opponent_draws"},
    "plays": {Player.OPPONENT: "opponent_plays", Player.YOU: "you_play"},
    "searches": {Player.OPPONENT: "searches", Player.YOU: "searches"},
}
#: phase aliases → (phase, number)
PHASES = {"ph_attack": "attack", "ph_main": "main", "ph_end": "end", "ph_draw": "draw", "ph_active": "active"}
_OWNERS = {"t_you": Player.YOU, "t_opp": Player.OPPONENT, "t_any": Player.ANY, "t_controller": Player.YOU}


@dataclass(frozen=True)
class EvPred:
    """An event's verb phrase before its subject is known (see the module docstring)."""

    stem: str
    fields: dict[str, Any] = field(default_factory=dict)
    qualifiers: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnOwner:
    """Whose turn a period or duration names (9)."""

    player: Player


@dataclass(frozen=True)
class Period:
    """What the "of" of "at the beginning of …" names (9): a phase or the turn, whose, which one."""

    phase: str
    number: int | None = None
    whose: Player | None = None
    next_only: bool = False


def _kinds(c: list[Any]) -> list[str]:
    """The kinds of sources among a rule's children ("Summons and abilities" is both)."""
    return [k for x in c if isinstance(x, str) and not isinstance(x, Token)
            for k in (("summon", "ability") if x == "summon_and_ability" else (x,))]


def event_of(subject: Any, pred: EvPred, span: Any = None) -> Event:
    """The Event of a subject (a Selector, a Player or None) and what happens to it."""
    player = subject if isinstance(subject, Player) else None
    sel = subject if isinstance(subject, Selector) else None
    kind = CARD_KINDS.get(pred.stem, pred.stem)
    if player is not None and pred.stem in PLAYER_KINDS:
        kind = PLAYER_KINDS[pred.stem].get(player, kind)
    extra = dict(pred.fields)
    if pred.stem == "casts_nth":
        # whose casts are counted: "you cast your second card", "your opponent casts their third Summon"
        who = "opponent_casts" if player is Player.OPPONENT else "you_cast"
        kind = f"{who}_{extra.pop('nth')}_{extra.pop('nth_type')}"
    if pred.stem == "receives_nth":
        kind = f"you_receive_{extra.pop('nth')}_damage"
    return Event(kind=kind, subject=sel, player=player, qualifiers=pred.qualifiers, span=span, **extra)


def legacy_qualifiers(ev: Event) -> tuple[str, ...]:
    """The damage-kind words the engine's replacement effects read (6.5): derived from the typed event."""
    out: list[str] = []
    for q in ev.qualifiers:
        if q in ("not_battle", "battle", "first_in_turn", "less_than_power", "more_than_power") or q.startswith("while_"):
            out.append(q)
    if ev.by is not None:
        if set(ev.by.card_types) & {"summon", "ability", "ex_burst", "action_ability", "special_ability"}:
            out.append("by_opponent" if ev.by.owner is Player.OPPONENT else "by_effect")
        else:
            out.append("by_card")
    return tuple(out)


def _dq(kind: str, **fields: Any) -> tuple[str, Any]:
    return ("dq", (kind, fields))


__all__ = ["CARD_KINDS", "PHASES", "PLAYER_KINDS", "EvPred", "Period", "TurnOwner", "event_of", "legacy_qualifiers"]
