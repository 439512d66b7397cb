"""The shapes of effect nodes the handlers of `handlers.py` have no procedure for: each function is the
`check` of one registration there (`registry.effect`), so `effects.run.one` refuses exactly these nodes as
"not modelled" and `judge card` / coverage report them as not executed, from the same answer (issue 21.4).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from judge.engine.fftcg.effects import castperm, freecast, reveal
from judge.engine.fftcg.effects.selecting import each_selects
from judge.engine.fftcg.events.delayed import entering_subject, phase_event
from judge.text import ast
from judge.text.ast import Duration, Player

#: how a damage amount is read: as printed, or equal to the power of the target or of the dealer (now)
AMOUNTS = (None, "power_of_target", "power_of_self", "power_of_source", "divided", "half_power_of_target")
#: the (mode, action) of a resolved restriction the board asks of a Character (`restrictions.restricted`,
#: the attack and block steps, `changes.undullable`), kept on it as a `Mod`
RESOLVED = frozenset({("cannot", "attack"), ("cannot", "block"), ("must", "attack"), ("must", "block"),
                      ("must", "attack_once_per_turn"), ("cannot", "be_broken"), ("cannot", "be_blocked"),
                      ("can", "attack_twice")})
#: where `_move` puts a card (after "trash" → break, "deck" → deck top), besides under the top N
MOVE_DESTS = frozenset({"hand", "deck", "deck_top", "deck_bottom", "break", "trash", "removed", "damage"})
DEPLOY_VERBS = frozenset({"play", "place", "summon", "gain_control"})


def damage(e: ast.Damage) -> Iterator[str]:
    if e.target is None:
        if e.amount_from is not None:          # dealt to a player: as printed only (6.5.2)
            yield f"damage to a player of {e.amount_from}"
        return
    if e.amount_from not in AMOUNTS:
        yield f"damage {e.amount_from}"
    elif e.target.ref == "other" and e.amount_from not in ("power_of_source", "power_of_self"):
        yield f"damage to each other {e.amount_from}"
    if e.target.zone not in (None, "field"):
        yield "damage to cards outside the field"


def choose(e: ast.Choose) -> Iterator[str]:
    """A selection made as the effect resolves (11.11.5) by you, your opponent or each player among their own
    cards (11.11.5.1, 6.1.4; `selecting._each_selects`)."""
    t = e.target
    if t.choose != "choose" and t.chooser not in (None, Player.YOU, Player.OPPONENT) and not each_selects(t):
        yield "a card selected on resolution by a player the engine cannot tell"


def attack_times(e: ast.Restriction) -> bool:
    """"Can attack N times" (`restrictions.attacks_allowed` reads it)."""
    return e.mode == "can" and re.fullmatch(r"attack_\d+_times", e.action) is not None


def restriction(e: ast.Restriction) -> Iterator[str]:
    """A resolved restriction: one on a Character the board reads back (a `Mod`), "loses …" / "cannot be
    chosen" (changes.restrict), a lasting permission to cast a card, or "this damage cannot be reduced"
    (said with the Damage before it, `run.is_unreduced`)."""
    what = f"restriction {e.mode} {e.action}"
    if castperm.is_permission(e):                  # a permission to cast a card (castperm.py)
        yield from castperm.permission_gaps(e)
        return
    if e.mode == "cannot" and e.action == "be_reduced" and e.target is None:
        return
    if e.player is not None or e.target is None:
        yield f"{what} on a player"
    elif e.mode == "lose" or e.action == "be_chosen":
        return
    elif e.mode == "cannot" and e.action == "become_dull":
        if e.duration not in (Duration.TURN, Duration.PERMANENT):
            yield f"{what} ({e.duration.value})"
    elif e.by is not None and e.action != "be_blocked":
        yield f"{what} limited to what its 'by …' names"
    elif e.mode == "cannot" and e.action == "activate_in_active_phase":
        if e.duration not in (Duration.NEXT_TURN_END, Duration.WHILE_ON_FIELD):
            yield f"{what} ({e.duration.value})"
    elif (e.mode, e.action) not in RESOLVED and not attack_times(e):
        yield what


def _revealed(sel: ast.Selector) -> bool:
    return sel.zone == "revealed" or sel.ref in reveal.REFS


def move(e: ast.Move) -> Iterator[str]:
    if e.dest == "deck_under_top" and e.under is not None:
        return
    if e.after_use:                                # a resolved Summon's destination replaced (castperm.py)
        if e.dest != "removed" or e.duration != Duration.PERMANENT:
            yield f"move after use to {e.dest}"
        return
    deck_end = e.dest in ("deck", "deck_top", "deck_bottom", "deck_top_or_bottom")   # effects.deckend asks
    if e.dest not in MOVE_DESTS and not deck_end:
        yield f"move to {e.dest}"
    elif e.duration == Duration.WHILE_ON_FIELD and e.dest != "removed":
        yield f"move to {e.dest} for as long as a card stays"
    elif e.any_order and not deck_end and not _revealed(e.target):
        yield "move in any order of cards not to a deck (the order is not asked)"
    elif e.player is not None and not deck_end:
        yield "move performed by a player who also selects what moves (player)"


def deploy(e: ast.Deploy) -> Iterator[str]:
    if e.verb not in DEPLOY_VERBS and not (e.verb == "cast" and freecast.readable(e)):
        yield f"deploy {e.verb}"


#: "X becomes that Element / gains named Job": characteristics, not keywords (11.12.4.6 kind 4): not applied
_CHARACTERISTICS = frozenset({"element", "job"})


def gain(e: ast.Gain) -> Iterator[str]:
    if e.family is not None or (e.keyword is None and e.ability is None):
        yield "gain something other than a keyword or an ability"
    elif e.keyword is not None and e.keyword.name.strip().lower() in _CHARACTERISTICS:
        yield f"gain an {e.keyword.name.strip().lower()} (a change of characteristics)"


def delayed(e: ast.Delayed) -> Iterator[str]:
    if e.timing != "when_do_so" and phase_event(e.timing, e.phase_number) is None and entering_subject(e) is None:
        yield f"delayed {e.timing}"


def cost_change(e: ast.CostChange) -> Iterator[str]:
    if e.target.self_ref or e.target.ref is not None or e.target.zone:
        yield "cost change of a card named by the effect"


__all__ = ["AMOUNTS", "DEPLOY_VERBS", "MOVE_DESTS", "RESOLVED", "attack_times", "choose", "cost_change", "damage",
           "delayed", "deploy", "gain", "move", "restriction"]
