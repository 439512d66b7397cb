"""What differs between the games on the Board screen: zones, numbers, turn structure, card lines.

A profile reads two documented shapes only: the scenario mapping a board is written in
(docs/scenarios.md, the contract) and the engine's `state_json` (what `judge step --json` prints).
The Board screen and its session never ask which game they are showing; they ask the profile.
No Textual here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

PLAYERS = ("A", "B")

#: card reference → (name, type), for lines that show names instead of references
Names = Callable[[str], tuple[str, str]]


@dataclass(frozen=True)
class Zone:
    """A player's zone of cards other than the field (`many`: a list; else at most one card)."""

    key: str
    label: str
    many: bool = True


@dataclass(frozen=True)
class Row:
    """One line of the board: its id (what keys act on), its text, the card references it shows."""

    id: str
    label: str
    refs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Number:
    """A number a player has (life, reserve, Crystals …), with its scenario key."""

    key: str
    label: str
    default: int = 0


FIELD = Zone("field", "field")
DECK_TOP = Zone("deck", "deck (top)")


class BoardProfile:
    """The base: what every game's board shares. Subclasses set the data and the few readings."""

    game = ""
    title = ""
    numbers: tuple[Number, ...] = ()
    zones: tuple[Zone, ...] = ()
    turn_key = "step"                    # the scenario key under turn: for the step / phase
    priority_key = ""                    # the key under turn: for who has priority first (if settable)
    counted: tuple[str, ...] = ("deck",)  # zones whose unknown cards are a number a player has
    soul_core = False                    # Battle Spirits: a player's soul core has a place
    steps: tuple[str, ...] = ()
    field_states: tuple[str, ...] = ()
    field_counter = ("cores", "core")    # what + / - change on a field card
    adhoc_example = ""

    # -- the scenario mapping -----------------------------------------------------------------
    def blank(self) -> dict[str, Any]:
        raise NotImplementedError

    def card_zones(self) -> tuple[Zone, ...]:
        """Every zone a card can be put in when setting up: the field first, the deck's top last."""
        return (FIELD, *self.zones, DECK_TOP)

    def deck_top(self, deck: Any) -> tuple[list[Any], int]:
        """(known cards on top, count of unknown cards below) of a scenario deck value."""
        if isinstance(deck, int):
            return [], deck
        if isinstance(deck, Mapping):
            return list(deck.get("top") or []), int(deck.get("count") or 0)
        if isinstance(deck, list):
            top = [d for d in deck if not isinstance(d, int)]
            return top, sum(d for d in deck if isinstance(d, int))
        return [], 0

    def deck_value(self, top: list[Any], count: int) -> Any:
        return {"top": top, "count": count} if top else count

    def field_entry(self, card_id: str, ref: str, options: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def turn_text(self, turn: Mapping[str, Any]) -> str:
        return f"Turn {turn.get('number', '?')} · player {turn.get('player', '?')} · {turn.get(self.turn_key, '?')}"

    # -- the engine's state_json ----------------------------------------------------------------
    def rows(self, view: Mapping[str, Any], names: Names) -> list[Row]:
        raise NotImplementedError

    def turn_player(self, view: Mapping[str, Any]) -> str:
        raise NotImplementedError


def _count(value: Any) -> Any:
    return len(value) if isinstance(value, list | tuple) else value


def _card_names(ids: Any, names: Names) -> str:
    shown = []
    for cid in ids or ():
        ref = cid[0] if isinstance(cid, list | tuple) else cid
        name, _type = names(str(ref))
        shown.append(name)
    return ", ".join(shown)


def _zone_rows(player: str, zones: tuple[Zone, ...], p: Mapping[str, Any], names: Names,
               always: tuple[str, ...] = ("hand",)) -> list[Row]:
    out = []
    for zone in zones:
        value = p.get(zone.key)
        items = [value] if (not zone.many and value) else list(value or ()) if zone.many else []
        if not items and zone.key not in always:
            continue
        listed = _card_names(items, names)
        refs = tuple(str(i[0] if isinstance(i, list | tuple) else i) for i in items)
        out.append(Row(f"zone|{player}|{zone.key}", f"  {zone.label} {len(items)}" + (f": {listed}" if listed else ""),
                       refs))
    return out


class BattleSpiritsProfile(BoardProfile):
    """Battle Spirits Saga and Standard: life, reserve and the soul core; the steps of a turn."""

    numbers = (Number("life", "life", 5), Number("reserve", "reserve", 3), Number("trash_cores", "trash cores"),
               Number("deck", "deck", 30))
    zones = (Zone("hand", "hand"), Zone("trash", "trash"), Zone("burst", "burst", many=False),
             Zone("removed", "removed"))
    field_states = ("refreshed", "exhausted")
    soul_core = True
    adhoc_example = ("{name: Sample Guard, type: spirit, colors: [blue], cost: 3, reduction: [blue], "
                     "symbols: [blue], levels: {1: {cores: 1, bp: 4000}}, text: ''}")

    def __init__(self, game: str, title: str, steps: tuple[str, ...], states: tuple[str, ...]) -> None:
        self.game, self.title, self.steps, self.field_states = game, title, steps, states

    def blank(self) -> dict[str, Any]:
        return {"game": self.game, "title": "Untitled board", "cards": {},
                "turn": {"number": 3, "player": "A", "step": "main"},
                "players": {p: {"life": 5, "reserve": 3, "soul_core": "reserve", "trash_cores": 0, "deck": 30,
                                "hand": [], "trash": [], "field": []} for p in PLAYERS}}

    def field_entry(self, card_id: str, ref: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"id": card_id, "card": ref, "cores": int(options.get("cores", 1)),
                "state": str(options.get("state") or "refreshed")}

    def turn_player(self, view: Mapping[str, Any]) -> str:
        return str((view.get("turn") or {}).get("player") or "A")

    def rows(self, view: Mapping[str, Any], names: Names) -> list[Row]:
        turn = view.get("turn") or {}
        out = [Row("turn", f"Turn {turn.get('number', '?')} · {turn.get('player', '?')}'s turn · "
                        f"{str(turn.get('step', '?')).replace('_', ' ')} step")]
        battle = view.get("battle")
        if battle:
            window = {"flash_pre": "flash window before blocking", "block": "block declaration",
                      "flash_post": "flash window after blocking"}.get(battle.get("window"), battle.get("window"))
            who = f" · {battle['priority']} to act" if battle.get("window") in ("flash_pre", "flash_post") else ""
            out.append(Row("battle", f"Battle: {battle.get('attacker')} attacks"
                                  + (f", blocked by {battle['blocker']}" if battle.get("blocker") else "")
                                  + f" · {window}{who}"))
        if view.get("waiting"):
            out.append(Row("waiting", "Waiting to resolve: " + "; ".join(map(str, view["waiting"]))))
        for player in PLAYERS:
            p = (view.get("players") or {}).get(player) or {}
            out.append(Row(f"player|{player}", self.player_line(player, p)))
            out += _zone_rows(player, self.zones, p, names)
            out += [Row(f"card|{e['id']}", self.card_line(e), (str(e.get("card")),))
                    for e in p.get("field") or () if e.get("id")]
        return out

    def player_line(self, player: str, p: Mapping[str, Any]) -> str:
        """`A  life 5 · reserve 3 · soul core reserve · trash cores 0 · deck 30`."""
        parts = [f"life {p.get('life')}", f"reserve {p.get('reserve')}", f"soul core {p.get('soul_core')}",
                 f"trash cores {p.get('trash_cores')}", f"deck {_count(p.get('deck'))}"]
        return f"{player}  " + " · ".join(parts)

    def card_line(self, card: Mapping[str, Any]) -> str:
        """`  a1 Sample Raider  LV1 6000 BP · 1 core · exhausted · 【Armor: Red/Purple】`."""
        parts = []
        if card.get("level") is not None:
            parts.append(f"LV{card['level']}" + (f" {card['bp']} BP" if card.get("bp") is not None else ""))
        if card.get("cores") is not None:
            parts.append(f"{card['cores']} core{'s' if card['cores'] != 1 else ''}"
                         + (" + soul core" if card.get("soul_core") else ""))
        if card.get("state"):
            parts.append(str(card["state"]).replace("_", " "))
        keywords = card.get("keyword_labels") or card.get("keywords")
        if keywords:
            parts.append("".join(f"【{_keyword(k)}】" for k in keywords))
        return f"  {card.get('id', '?')} {card.get('name', '')}  " + " · ".join(parts)


def _keyword(label: str) -> str:
    """`Armor: red/purple` → `Armor: Red/Purple` (colours as printed; numbers stay)."""
    name, _sep, params = str(label).partition(": ")
    return f"{name}: {'/'.join(p[:1].upper() + p[1:] for p in params.split('/'))}" if params else name


class FFTCGProfile(BoardProfile):
    """FINAL FANTASY TCG: Damage Zone, Break Zone, Backups and Forwards; phases, priority, the stack."""

    game = "fftcg"
    title = "FINAL FANTASY TCG"
    numbers = (Number("deck", "deck", 20), Number("damage", "damage"), Number("crystals", "Crystals"))
    zones = (Zone("hand", "hand"), Zone("damage", "Damage Zone"), Zone("break", "Break Zone"),
             Zone("removed", "removed"), Zone("lb_deck", "LB deck"))
    turn_key = "phase"
    priority_key = "priority"
    counted = ("deck", "damage")
    steps = ("active", "draw", "main1", "attack", "main2", "end")
    field_states = ("active", "dull")
    field_counter = ("damage", "damage")
    adhoc_example = ("{name: Sample Knight, type: forward, element: [fire], cost: 3, power: 7000, "
                     "job: Knight, text: ''}")

    def blank(self) -> dict[str, Any]:
        return {"game": "fftcg", "title": "Untitled board", "cards": {},
                "turn": {"number": 3, "player": "A", "phase": "main1"},
                "players": {p: {"deck": 20, "hand": [], "damage": [], "break": [], "field": []} for p in PLAYERS}}

    def deck_value(self, top: list[Any], count: int) -> Any:
        return [*top, count] if top else count

    def field_entry(self, card_id: str, ref: str, options: Mapping[str, Any]) -> dict[str, Any]:
        entry = {"id": card_id, "card": ref, "state": str(options.get("state") or "active")}
        if options.get("damage"):
            entry["damage"] = int(options["damage"])
        return entry

    def turn_player(self, view: Mapping[str, Any]) -> str:
        return str(view.get("turn_player") or "A")

    def rows(self, view: Mapping[str, Any], names: Names) -> list[Row]:
        step = f" · {view['step']} step" if view.get("step") else ""
        prio = f" · {view['priority']} has priority" if view.get("priority") else ""
        out = [Row("turn", f"Turn {view.get('turn', '?')} · {view.get('turn_player', '?')}'s turn · "
                        f"{_PHASES.get(view.get('phase'), view.get('phase'))}{step}{prio}")]
        battle = view.get("battle")
        if battle:
            out.append(Row("battle", f"Attack: {', '.join(battle.get('attackers') or ())}"
                                  + (f", blocked by {battle['blocker']}" if battle.get("blocker") else "")))
        for i, item in enumerate(reversed(view.get("stack") or ())):
            out.append(Row(f"stack|{item.get('id')}", f"Stack {'top' if i == 0 else i + 1}: {item.get('label')}"
                                                   f" ({item.get('controller')})"))
        if view.get("awaiting"):
            out.append(Row("waiting", f"{view['awaiting'].get('player')} must decide: {view['awaiting'].get('choice')}"))
        field = sorted(view.get("field") or (), key=lambda c: _TYPE_ORDER.get(str(c.get("type")), 3))
        for player in PLAYERS:
            p = (view.get("players") or {}).get(player) or {}
            out.append(Row(f"player|{player}", self.player_line(player, p, view)))
            out += _zone_rows(player, self.zones, p, names)
            out += [Row(f"card|{c['id']}", self.card_line(c), (str(c.get("ref") or c["id"]),))
                    for c in field if c.get("controller") == player]
        return out

    def player_line(self, player: str, p: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        """`A  damage 2 · deck 20 · Crystals 0 · CP paid: 2 fire`."""
        crystals = (view.get("crystals") or {}).get(player, 0)
        parts = [f"damage {_count(p.get('damage'))}", f"deck {_count(p.get('deck'))}", f"Crystals {crystals}"]
        return f"{player}  " + " · ".join(parts)

    def card_line(self, card: Mapping[str, Any]) -> str:
        """`  a1 Pell  Forward 8000 power · active · 3000 damage · Haste`."""
        kind = str(card.get("type") or "").title()
        parts = [f"{kind} {card['power']} power" if card.get("power") is not None else kind]
        parts.append(str(card.get("state", "")))
        if card.get("damage"):
            parts.append(f"{card['damage']} damage")
        if card.get("frozen"):
            parts.append("frozen")
        if card.get("keywords"):
            parts.append(", ".join(str(k).title() for k in card["keywords"]))
        return f"  {card.get('id', '?')} {card.get('card') or ''}  " + " · ".join(p for p in parts if p)


_TYPE_ORDER = {"forward": 0, "backup": 1, "monster": 2}
_PHASES = {"active": "Active Phase", "draw": "Draw Phase", "main1": "Main Phase 1", "attack": "Attack Phase",
           "main2": "Main Phase 2", "end": "End Phase"}

PROFILES: dict[str, BoardProfile] = {
    "bss": BattleSpiritsProfile("bss", "Battle Spirits Saga",
                                ("start", "core", "draw", "refresh", "main", "attack", "end"),
                                ("refreshed", "exhausted")),
    "bs": BattleSpiritsProfile("bs", "Battle Spirits Standard",
                               ("start", "core", "draw", "refresh", "main", "attack", "second_main", "end"),
                               ("refreshed", "exhausted", "heavy_exhausted")),
    "fftcg": FFTCGProfile(),
}


def profile(game: str) -> BoardProfile:
    """The profile of a game (ScenarioError naming the games there are, for any other)."""
    from judge.errors import ScenarioError

    try:
        return PROFILES[game]
    except KeyError:
        raise ScenarioError(f"game: no board for {game!r}", hints=tuple(PROFILES)) from None


__all__ = ["DECK_TOP", "FIELD", "PLAYERS", "PROFILES", "BattleSpiritsProfile", "BoardProfile", "FFTCGProfile",
           "Number", "Row", "Zone", "profile"]
