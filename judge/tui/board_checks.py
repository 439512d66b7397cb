"""A board the rules would not leave as it is, said when it is made (issue 23.2): two FFTCG
Characters of one name on a field (12.4.6), two Light or Dark Characters (12.4.7), six or more
Backups (12.4.8), a second card in a zone that holds one (a Saga burst, 3-8-3).

The board is allowed (a judge sets up what a player did, mistakes included), so these are
warnings, each citing the clause that decides what happens next; the engine carries the rule
out at its next rule process. Read from the engine's starting state, never from card text.
"""

from __future__ import annotations

from typing import Any

#: a zone holding at most one card, per game: (zone key) → the clause that says so
ONE_CARD_ZONES: dict[str, dict[str, tuple[str, ...]]] = {"bss": {"burst": ("3-8-3",)}, "bs": {}, "fftcg": {}}


def _fftcg(state: Any) -> list[tuple[str, tuple[str, ...]]]:
    from judge.engine.fftcg.clauses import cite
    from judge.engine.fftcg.flow.process import crowded

    out: list[tuple[str, tuple[str, ...]]] = []
    for p in ("A", "B"):
        by_name, light_dark = crowded(state, p)       # what the rule process reads (12.4.6, 12.4.7)
        for name, uids in sorted(by_name.items()):
            if len(uids) > 1:
                out.append((f"{p} controls {len(uids)} Characters named {name} ({', '.join(uids)}): the rules put "
                            f"them all into the Break Zone at the next rule process", cite("rp_same_name")))
        if len(light_dark) > 1:
            out.append((f"{p} controls {len(light_dark)} Light or Dark Characters ({', '.join(light_dark)}): "
                        f"the rules put them into the Break Zone", cite("rp_light_dark")))
        backups = state.controlled(p, ("backup",))
        if len(backups) > 5:
            out.append((f"{p} controls {len(backups)} Backups: they choose {len(backups) - 5} to put into the "
                        f"Break Zone at the next rule process", cite("rp_six_backups")))
    return out


def board_warnings(game: str, state: Any) -> list[tuple[str, tuple[str, ...]]]:
    """What the rules will not leave as it is on this starting board: (words, clauses)."""
    if game == "fftcg" and state is not None:
        return _fftcg(state)
    return []


def replaced_warning(game: str, data: dict[str, Any], player: str, zone: str) -> tuple[str, tuple[str, ...]] | None:
    """Putting a card in a zone that holds one and already has one: the first card is replaced."""
    cites = ONE_CARD_ZONES.get(game, {}).get(zone)
    held = ((data.get("players") or {}).get(player) or {}).get(zone)
    if cites is None or held in (None, "", [], 0):
        return None
    return (f"{player}'s {zone} holds one card: {held} is replaced by the new one", cites)


__all__ = ["ONE_CARD_ZONES", "board_warnings", "replaced_warning"]
