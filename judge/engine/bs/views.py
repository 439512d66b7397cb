"""What an outside reader sees of a Battle Spirits board: card and player views for expectations,
the JSON state, and short board lines for rulings.
"""

from __future__ import annotations

from typing import Any

from judge.engine.bs import derive
from judge.engine.bs.state import State


def find(state: State, ref: str) -> str | None:
    """A card instance id from an id or a card ref (the first instance of that card)."""
    if ref in state.cards:
        return ref
    for cid, key in state.cards.items():
        if key == ref and state.zone_of(cid) is not None:
            return cid
    for cid, key in state.cards.items():
        if key == ref:
            return cid
    return None


def card_view(state: State, ref: str) -> dict[str, Any] | None:
    cid = find(state, ref)
    if cid is None:
        return None
    zone = state.zone_of(cid)
    out: dict[str, Any] = {"id": cid, "zone": zone}
    fc = state.field_card(cid)
    if fc is not None:
        d = state.defs[fc.card]
        out.update(level=derive.level(state, cid), state=fc.orientation.value, cores=derive.cores_on(state, fc),
                   soul_core=derive.has_soul(state, cid), symbols=len(derive.symbols(state, cid)),
                   controller=state.controller(cid), linked=fc.linked_to,
                   keywords=sorted({k.name for k in derive.keywords(state, cid)}))
        if d.type == "spirit":
            out["bp"] = derive.bp(state, cid).value
    return out


def player_view(state: State, player: str) -> dict[str, Any]:
    p = state.players[player]
    return {"life": p.life, "reserve": p.reserve, "trash_cores": p.trash_cores, "hand": len(p.hand),
            "deck": len(p.deck), "trash": len(p.trash), "soul_core": p.soul_core, "burst": p.burst,
            "removed": len(p.removed), "field": len(p.field)}


def _field_json(state: State, player: str) -> list[dict[str, Any]]:
    out = []
    for fc in state.players[player].field:
        d = state.defs[fc.card]
        entry: dict[str, Any] = {"id": fc.id, "card": fc.card, "name": d.name, "type": d.type,
                                 "cores": fc.cores, "soul_core": derive.has_soul(state, fc.id),
                                 "state": fc.orientation.value, "level": derive.level(state, fc.id),
                                 "symbols": list(derive.symbols(state, fc.id)),
                                 "keywords": sorted({k.name for k in derive.keywords(state, fc.id)}),
                                 "keyword_labels": sorted({k.name + (": " + "/".join(k.params) if k.params else "")
                                                           for k in derive.keywords(state, fc.id)})}
        if d.type == "spirit":
            entry["bp"] = derive.bp(state, fc.id).value
        if fc.linked_to:
            entry["linked_to"] = fc.linked_to
        out.append(entry)
    return out


def state_json(state: State) -> dict[str, Any]:
    players = {}
    for name, p in state.players.items():
        players[name] = {"life": p.life, "reserve": p.reserve, "soul_core": p.soul_core,
                         "trash_cores": p.trash_cores, "deck": len(p.deck), "hand": list(p.hand),
                         "trash": list(p.trash), "burst": p.burst, "removed": list(p.removed),
                         "field": _field_json(state, name)}
    b = state.battle
    return {
        "game": state.game,
        "turn": {"number": state.turn, "player": state.turn_player, "step": state.step.value},
        "players": players,
        "battle": None if b is None else {"attacker": b.attacker, "blocker": b.blocker, "window": b.window,
                                          "priority": b.priority, "passes": b.passes},
        "effects": [{"target": m.target, "kind": m.kind, "value": str(m.value), "duration": m.duration.value,
                     "source": m.source} for m in state.mods],
        "waiting": [w.label for batch in state.work for w in batch],
        "winner": state.winner,
    }


def board_lines(state: State) -> list[str]:
    lines = [f"Turn {state.turn}, {state.turn_player}'s {state.step.value.replace('_', ' ')} step"]
    for name, p in state.players.items():
        lines.append(f"{name}: life {p.life}, reserve {p.reserve}, soul core in {p.soul_core}, trash cores "
                     f"{p.trash_cores}, hand {len(p.hand)}, deck {len(p.deck)}, trash {len(p.trash)}")
        for fc in p.field:
            d = state.defs[fc.card]
            bp = f", {derive.bp(state, fc.id).value} BP" if d.type == "spirit" else ""
            kws = sorted({k.name + (": " + "/".join(k.params) if k.params else "")
                          for k in derive.keywords(state, fc.id)})
            kw = f", 【{'】【'.join(kws)}】" if kws else ""
            soul = " + soul core" if derive.has_soul(state, fc.id) else ""
            lines.append(f"  {fc.id}: {d.name} ({d.type}), LV{derive.level(state, fc.id)}{bp}, {fc.cores} "
                         f"core(s){soul}, {fc.orientation.value}{kw}")
    if state.battle is not None:
        b = state.battle
        lines.append(f"Battle: {b.attacker} attacking" + (f", blocked by {b.blocker}" if b.blocker else "")
                     + f" ({b.window})")
    return lines


__all__ = ["board_lines", "card_view", "find", "player_view", "state_json"]
