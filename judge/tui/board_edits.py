"""Edits of a board's scenario data: plain changes to the mapping; the engine validates the result.

Every function takes the scenario mapping (a copy the session made) and changes it in place; a
change the engine then refuses is thrown away by the session (`BoardSession.edit` is atomic).
Zones are named by their scenario keys (docs/scenarios.md), so these work for every game; where
games write a zone differently (a deck with known cards on top) the profile says how.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.errors import ScenarioError
from judge.tui.board_profiles import PLAYERS, BoardProfile


def _player(data: dict[str, Any], player: str) -> dict[str, Any]:
    if player not in PLAYERS:
        raise ScenarioError(f"player must be A or B, not {player!r}")
    return data.setdefault("players", {}).setdefault(player, {})


def _find_field(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    for player in PLAYERS:
        for entry in _player(data, player).get("field") or ():
            if entry.get("id") == card_id:
                return entry
    raise ScenarioError(f"{card_id} is not on the starting board (undo the actions that brought it in, "
                        "or edit the board as YAML)")


def new_card_id(data: dict[str, Any], player: str) -> str:
    """a1, a2, … / b1, b2, …: the next free id on that player's side."""
    taken = {e.get("id") for p in PLAYERS for e in _player(data, p).get("field") or ()}
    n = 1
    while f"{player.lower()}{n}" in taken:
        n += 1
    return f"{player.lower()}{n}"


def card_ref(data: dict[str, Any], card: str | Mapping[str, Any]) -> str:
    """A reference for a card: a real card's number as it is, an ad-hoc card stored under `cards:`."""
    if not isinstance(card, Mapping):
        return str(card)
    name = str(card.get("name") or "card")
    key = "".join(ch for ch in name.lower() if ch.isalnum()) or "card"
    cards = data.setdefault("cards", {})
    base, n = key, 2
    while key in cards and cards[key] != dict(card):
        key, n = f"{base}{n}", n + 1
    cards[key] = dict(card)
    return key


def add_card(data: dict[str, Any], prof: BoardProfile, player: str, card: str | Mapping[str, Any],
             options: Mapping[str, Any] | None = None) -> str:
    """Put a card on a player's field (a card number, or an ad-hoc definition); its new id."""
    ref = card_ref(data, card)
    card_id = new_card_id(data, player)
    _player(data, player).setdefault("field", []).append(prof.field_entry(card_id, ref, options or {}))
    return card_id


def add_to_zone(data: dict[str, Any], prof: BoardProfile, player: str, zone: str,
                card: str | Mapping[str, Any], options: Mapping[str, Any] | None = None) -> str:
    """Put a card in any zone of a player: the field, the deck's top, or a zone of cards."""
    if zone == "field":
        return add_card(data, prof, player, card, options)
    ref = card_ref(data, card)
    p = _player(data, player)
    if zone == "deck":
        top, count = prof.deck_top(p.get("deck", 0))
        p["deck"] = prof.deck_value([ref, *top], count)
        return ref
    known = {z.key: z for z in prof.zones}
    if zone not in known:
        raise ScenarioError(f"{prof.title} has no zone {zone!r}", hints=tuple(known))
    if not known[zone].many:
        p[zone] = ref
        return ref
    value = p.get(zone)
    if isinstance(value, list):
        items = list(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        items = [value]          # a count of unknown cards stays (FFTCG), the new card after it
    else:
        items = []
    items.append(ref)
    p[zone] = items
    return ref


def zone_items(data: Mapping[str, Any], prof: BoardProfile, player: str, zone: str) -> list[Any]:
    """The cards written in one zone of the starting board (the deck: its known top cards)."""
    p = (data.get("players") or {}).get(player) or {}
    if zone == "deck":
        return prof.deck_top(p.get("deck", 0))[0]
    value = p.get(zone)
    if value is None:
        return []
    if not isinstance(value, list):
        return [value] if not isinstance(value, int) else []
    return [v for v in value if not isinstance(v, int)]


def remove_from_zone(data: dict[str, Any], prof: BoardProfile, player: str, zone: str, index: int) -> None:
    """Take the index-th card written in a zone out of the starting board."""
    p = _player(data, player)
    if zone == "deck":
        top, count = prof.deck_top(p.get("deck", 0))
        del top[index]
        p["deck"] = prof.deck_value(top, count)
        return
    value = p.get(zone)
    if not isinstance(value, list):
        p.pop(zone, None)
        return
    cards = [i for i, v in enumerate(value) if not isinstance(v, int)]
    del value[cards[index]]


def add_counter(data: dict[str, Any], prof: BoardProfile, card_id: str, delta: int) -> None:
    """One more / one less of what a field card carries: cores (Battle Spirits), damage (FFTCG)."""
    key, _unit = prof.field_counter
    entry = _find_field(data, card_id)
    step = 1000 if key == "damage" else 1
    entry[key] = max(0, int(entry.get(key, 0)) + delta * step)


def toggle_state(data: dict[str, Any], prof: BoardProfile, card_id: str) -> None:
    """The next of the field states of the game (refreshed → exhausted → …; active ↔ dull)."""
    entry = _find_field(data, card_id)
    states = prof.field_states
    now = str(entry.get("state") or states[0])
    entry["state"] = states[(states.index(now) + 1) % len(states)] if now in states else states[0]


def remove_card(data: dict[str, Any], card_id: str) -> None:
    for player in PLAYERS:
        p = _player(data, player)
        fld = p.get("field") or []
        if any(e.get("id") == card_id for e in fld):
            p["field"] = [e for e in fld if e.get("id") != card_id]
            if p.get("soul_core") == card_id:
                p["soul_core"] = "reserve"
            return
    raise ScenarioError(f"{card_id} is not on the starting board")


def set_soul_core(data: dict[str, Any], card_id: str) -> None:
    for player in PLAYERS:
        if any(e.get("id") == card_id for e in _player(data, player).get("field") or ()):
            _player(data, player)["soul_core"] = card_id
            return
    raise ScenarioError(f"{card_id} is not on the starting board")


def set_number(data: dict[str, Any], prof: BoardProfile, player: str, key: str, value: Any) -> None:
    """A player's number or choice (life, reserve, Crystals, the soul core's place …); the deck's
    number is its unknown cards, below the known ones on top."""
    p = _player(data, player)
    if key in prof.counted:
        top, _count = prof.deck_top(p.get(key, 0))
        p[key] = prof.deck_value(top, int(value))
        return
    p[key] = value


def player_values(data: Mapping[str, Any], prof: BoardProfile, player: str) -> dict[str, Any]:
    """A player's numbers and choices as written on the starting board (the counted zones: their
    unknown cards)."""
    p = dict((data.get("players") or {}).get(player) or {})
    out = {n.key: p.get(n.key, n.default) for n in prof.numbers}
    for key in prof.counted:
        if key in p:
            out[key] = prof.deck_top(p[key])[1]
    out["soul_core"] = p.get("soul_core", "reserve")
    return out


def set_turn(data: dict[str, Any], prof: BoardProfile, number: int, player: str, step: str,
             priority: str | None = None) -> None:
    if player not in PLAYERS:
        raise ScenarioError(f"turn player must be A or B, not {player!r}")
    if step not in prof.steps:
        raise ScenarioError(f"{prof.title} has no {prof.turn_key} {step!r}", hints=prof.steps)
    data["turn"] = {"number": int(number), "player": player, prof.turn_key: step}
    if prof.priority_key and priority and priority != player:
        data["turn"][prof.priority_key] = priority


__all__ = ["add_card", "add_counter", "add_to_zone", "card_ref", "new_card_id", "player_values", "remove_card",
           "remove_from_zone", "set_number", "set_soul_core", "set_turn", "toggle_state", "zone_items"]
