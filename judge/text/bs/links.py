"""Which rule clauses each AST node invokes: one data table per game, validated by tests.

A table maps KEYS to clause numbers (as printed in that game's current document). The keys a node
has are derived from its class and fields, so the table stays data and never needs code per kind:

- `destroy`                     the node kind (snake_case class name, as in the JSON form);
- `selector.up_to`              a boolean field that is true;
- `set_state.state=exhausted`   a string / enum field with that value;
- `ability.restrictions=once_per_turn`  each string in a tuple field;
- `keyword.name=Armor`          a keyword by its canonical name;
- `ability.levels`              a tuple field that is not empty.

`cites(node, game)` unions the clauses of every key a node has (its own fields only, not its
children: each child carries its own cites in the JSON form). The Battle Spirits tables are here;
the FFTCG table lives in `judge.text.fftcg.links` (TABLE, UNSUPPORTED) beside the FFTCG grammar.
"""

from __future__ import annotations

import importlib
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any

from judge.text.ast import kind_of

# ── Battle Spirits Saga (rules/000_*, BSS CR 1.7.0) ──────────────────────────────────────────
BSS: dict[str, tuple[str, ...]] = {
    # abilities (8-1 effect types; 2-10 levels)
    "ability.levels": ("2-10-2", "2-10-3"),
    "ability.kind=triggered": ("8-1-5", "8-1-5-1"),
    "ability.kind=constant": ("8-1-4", "8-1-4-1"),
    "ability.kind=activated": ("8-1-3", "8-1-3-1"),
    "ability.kind=magic": ("8-1-6", "8-1-6-1", "10-8-1"),
    "ability.kind=burst": ("10-9-1", "10-9-2", "10-9-3"),
    "ability.kind=keyword": ("4-1-1",),
    "ability.timing=when_summoned": ("8-1-5-1", "10-6-1"),
    "ability.timing=when_placed": ("8-1-5-1", "10-7-1"),
    "ability.timing=when_deployed": ("8-1-5-1", "10-7-1"),
    "ability.timing=when_attacks": ("7-1-1-2", "10-11-1"),
    "ability.timing=when_blocks": ("7-1-3-2", "10-11-1"),
    "ability.timing=when_attacks_or_blocks": ("10-11-1", "10-11-2"),
    "ability.timing=while_attacks": ("7-1-1-2", "10-12-1", "7-1-6-2"),
    "ability.timing=while_blocks": ("7-1-3-2", "10-12-1", "7-1-6-2"),
    "ability.timing=while_attacks_or_blocks": ("10-12-1", "7-1-6-2"),
    "ability.timing=when_destroyed": ("10-15-1", "10-1-3-3"),
    "ability.timing=when_destroyed_by_opponent": ("10-15-1", "10-1-3-3"),
    "ability.timing=during_your_attack_step": ("6-7-1", "8-1-4-1"),
    "ability.timing=during_opponents_attack_step": ("6-7-1", "8-1-4-1"),
    "ability.timing=during_either_attack_step": ("6-7-1", "8-1-4-1"),
    "ability.timing=during_your_main_step": ("6-6-1", "8-1-4-1"),
    "ability.timing=during_either_main_step": ("6-6-1", "8-1-4-1"),
    "ability.timing=main": ("8-1-3-1", "6-6-1-2-1"),
    "ability.timing=flash": ("8-1-3-1", "7-1-2-1", "7-1-4-1"),
    "ability.timing=event": ("8-1-5-1", "8-6-2"),
    "ability.timing=while_paying_cost": ("2-7-3", "10-6-5"),
    "set_stat": ("8-8-1-3-4",),
    "modal": ("8-1-8",),
    "ability.timing=burst_when_you_lose_life": ("10-9-1", "10-9-3"),
    "ability.timing=burst_when_opponent_destroys_your_spirit": ("10-9-1", "10-15-1"),
    "ability.timing=burst_when_opponent_resolves_a_spirits_when_summoned_effect": ("10-9-1", "10-9-3"),
    # costs, choices and sequencing (8-4 effect costs; 8-1-8 "may"; 1-3-7 written order)
    "cost": ("8-4-1", "8-4-2", "8-4-2-3", "8-4-2-4"),
    "optional": ("8-1-8",),
    "conditional": ("8-1-4-1", "8-3-3"),
    "conditional.instead": ("8-9-1", "8-9-1-1"),
    "sequence": ("1-3-7",),
    "sequence.connector=then": ("1-3-7",),
    "sequence.connector=after_resolves": ("1-3-7", "8-5-2-4"),
    "sequence.connector=to": ("8-4-1", "8-4-2-3"),
    "gain.family": ("2-5-2", "2-5-3"),
    "restriction.mode=must": ("1-3-3",),
    # directives (10 effect rules in detail)
    "destroy": ("10-1-1", "10-1-3-1", "10-14-1"),
    "draw": ("4-5-2", "4-5-3"),
    "discard": ("10-2-1", "10-2-2"),
    "set_state.state=exhausted": ("10-4-1", "4-4-1-2"),
    "set_state.state=refreshed": ("10-3-1", "4-4-1-1"),
    "move_cores": ("8-5-5", "8-5-6", "4-11-3"),
    "move_cores.source=void": ("3-9-1",),
    "move_cores.dest=void": ("3-9-1", "4-11-4"),
    "move_cores.source=reserve": ("3-6-1",),
    "move_cores.dest=reserve": ("3-6-1", "3-5-5"),
    "move_cores.source=life": ("3-7-1",),
    "move_cores.dest=life": ("3-7-1",),
    "move_cores.source=trash": ("3-4-1",),
    "move_cores.dest=trash": ("3-4-1",),
    "modify_stat.stat=bp": ("2-11-2", "8-8-1-3-5", "9-4-2-1"),
    "modify_stat.duration=turn": ("6-8-1-2", "8-2-2-2"),
    "modify_stat.duration=battle": ("7-1-6-2", "8-2-2-2"),
    "deploy.verb=summon": ("10-6-1", "10-6-2"),
    "deploy.verb=place": ("10-7-1", "10-7-2"),
    "move.dest=hand": ("4-2-4", "3-1-6", "3-3-1"),
    "move.dest=deck_top": ("4-2-4", "3-2-3-1"),
    "move.dest=deck_bottom": ("4-2-4", "3-2-3-1"),
    "move.dest=trash": ("3-4-1",),
    "move.dest=field": ("10-5-1",),
    "attack": ("10-10-1",),
    "reveal": ("12-2-1", "12-2-2", "12-3-1"),
    "search": ("12-2-1", "12-3-3"),
    "gain": ("8-2-2-2",),
    "gain.duration=turn": ("6-8-1-2",),
    "gain.duration=battle": ("7-1-6-2",),
    "restriction": ("1-3-3",),
    "restriction.action=be_selected": ("1-3-3", "8-5-3"),
    "restriction.duration=turn": ("6-8-1-2",),
    "activate": ("8-5-2",),
    "set_level": ("8-8-1-3-2", "8-8-1-3-1"),
    "condition.kind=chain": ("11-15-1", "11-15-2", "11-15-3"),
    "draw.until": ("4-5-3",),
    "deploy.verb=use": ("10-8-1", "10-8-2"),
    "move.dest=revealed": ("12-2-1",),
    "selector.zone=revealed": ("12-2-1", "12-3-1"),
    "ability.timing=main_flash": ("8-1-3-1", "8-1-6-1"),
    "ability.timing=during_your_turn": ("8-1-4-1",),
    "ability.timing=during_opponents_turn": ("8-1-4-1",),
    "activate.step=main": ("10-9-2", "10-8-1"),
    "activate.step=flash": ("10-9-2", "10-8-1"),
    # selection (8-5-3 targets; "up to" 8-5-3-2 and 1-3-5-1; on the field unless stated 8-5-4)
    "selector": ("8-5-3", "8-5-4"),
    "selector.up_to": ("8-5-3-2", "1-3-5-1"),
    "selector.with_keyword": ("10-13-1", "10-13-2"),
    "selector.owner=opponent": ("4-3-2",),
    "threshold": ("1-3-6",),
    # keyword effects (11)
    "keyword.name=Awaken": ("11-1-1",),
    "keyword.name=Confront": ("11-2-1", "11-2-2"),
    "keyword.name=Curse": ("11-3-1", "11-3-2"),
    "keyword.name=Immortal": ("11-4-1", "11-4-2"),
    "keyword.name=Armor": ("11-5-1", "11-5-2"),
    "keyword.name=Luster": ("11-6-1", "11-6-2"),
    "keyword.name=Blessed": ("11-7-1", "11-7-2"),
    "keyword.name=Ascend": ("11-8-1", "11-8-2"),
    "keyword.name=Swift": ("11-9-1",),
    "keyword.name=Gale": ("11-10-1", "11-10-2", "11-10-3"),
    "keyword.name=Crush": ("11-11-1", "11-11-2", "11-11-3"),
    "keyword.name=Raid": ("11-12-1", "11-12-2"),
    "keyword.name=A.T. Field": ("11-13-1",),
    "keyword.name=Astral": ("11-14-1", "11-14-2"),
    "keyword.name=Chain": ("11-15-1", "11-15-3"),
    "keyword.name=Agile": ("11-16-1",),
    "keyword.name=Feast": ("11-17-1",),
    "keyword.name=Link": ("11-18-1", "11-18-2"),
    "keyword.name=Burst": ("10-9-1", "10-9-2"),
    # Saga constructs: soul cores (4-11), lost effects (8-2-2-2, 8-8-1-2), cost reduction (2-7-3, 10-6-5)
    "move_cores.core_type=soul": ("4-11-1", "4-11-3", "4-11-4"),
    "move_cores.core_type=core": ("4-11-1", "8-5-6"),
    "lose_effects": ("8-2-2-2", "8-8-1-2"),
    "lose_effects.levels": ("2-10-2",),
    "cost_reduction": ("2-7-3", "10-6-5"),
    "activate.effect=when_summoned": ("8-1-7", "10-6-1"),
    "sequence.connector=additional_cost": ("8-4-2-2", "8-5-2-2"),
    "ability.timing=when_this_spirit_is_linked": ("8-1-5-1", "11-18-1"),
    "ability.timing=when_this_spirit_links": ("8-1-5-1", "11-18-1"),
    "ability.timing=while_this_spirit_is_linked": ("8-1-4-1", "11-18-1"),
    "link_to": ("11-18-1", "11-18-2"),
    "ability.timing=when_this_spirit_is_summoned_or_attacks": ("8-1-5-1", "10-6-1", "10-11-1"),
    "ability.timing=when_summoned_or_destroyed": ("8-1-5-1", "10-6-1", "10-15-1"),
    "ability.timing=when_opponent_destroys_this_spirit": ("8-1-5-1", "10-15-1"),
    "ability.timing=during_your_start_step": ("6-2-1", "8-1-4-1"),
    "ability.timing=during_your_core_step": ("6-3-1", "8-1-4-1"),
    "ability.timing=during_opponents_main_step": ("6-6-1", "8-1-4-1"),
    "ability.timing=during_your_end_step": ("6-8-1", "8-1-4-1"),
    "ability.timing=during_opponents_end_step": ("6-8-1", "8-1-4-1"),
    "ability.timing=end_of_your_turn": ("6-8-1-1",),
    "ability.timing=end_of_opponents_turn": ("6-8-1-1",),
    "condition.kind=distinct_names": ("2-1-1",),
}

# ── Battle Spirits Standard (rules/003_* English, numbers shared with the Japanese 002_*) ──────
BS: dict[str, tuple[str, ...]] = {
    "ability.levels": ("2-8",),
    "ability.kind=triggered": ("9-1-5-1", "9-1-5-2"),
    "ability.kind=constant": ("9-1-4-1", "9-1-4-3"),
    "ability.kind=activated": ("9-1-6-1",),
    "ability.kind=magic": ("9-1-7-1", "11-3-1"),
    "ability.kind=keyword": ("12-1-1", "12-1-2"),
    "ability.restrictions=once_per_turn": ("12-3-1-1", "9-1-5-2-1"),
    "ability.restrictions=unstackable": ("12-3-2-1",),
    "ability.timing=when_summoned": ("12-2-1-6-1",),
    "ability.timing=when_attacks": ("12-2-1-7-1",),
    "ability.timing=while_attacks": ("12-2-1-8-1", "12-2-1-8-2"),
    "ability.timing=when_blocks": ("12-2-1-9-1",),
    "ability.timing=while_blocks": ("12-2-1-10-1", "12-2-1-10-2"),
    "ability.timing=when_placed": ("12-2-1-11-1",),
    "ability.timing=when_deployed": ("12-2-1-11-1",),
    "ability.timing=when_destroyed": ("12-2-1-12",),
    "ability.timing=when_destroyed_by_opponent": ("12-2-1-12-1",),
    "ability.timing=main": ("12-2-1-4-1", "9-1-7-1-1"),
    "ability.timing=flash": ("12-2-1-5-1", "9-1-7-1-2"),
    "ability.timing=event": ("9-1-5-2", "9-1-5-4"),
    "ability.kind=burst": ("9-1-5-2",),
    "set_level": ("9-1-4-1",),
    "cost": ("9-1-6-2",),
    "optional": ("9-1-2",),
    "conditional": ("5-19-2",),
    "conditional.instead": ("9-1-8-1", "9-1-8-1-1"),
    "sequence.connector=then": ("5-19-1",),
    "sequence.connector=after_resolves": ("5-19-3", "5-19-4"),
    "destroy": ("5-10-1", "10-2-2-1", "10-2-2-5"),
    "draw": ("5-6-2", "5-6-3"),
    "discard": ("5-13-1",),
    "set_state.state=exhausted": ("5-15-1", "5-5-1-2"),
    "set_state.state=refreshed": ("5-14-1", "5-5-1-1"),
    "set_state.state=heavy_exhausted": ("5-16-1", "5-5-1-3"),
    "move.dest=removed": ("4-9",),
    "move_cores": ("5-7-3",),
    "move_cores.source=void": ("4-8",),
    "move_cores.dest=void": ("4-8",),
    "move_cores.source=reserve": ("4-6",),
    "move_cores.dest=reserve": ("4-6",),
    "move_cores.source=life": ("4-7",),
    "move_cores.dest=life": ("4-7",),
    "move_cores.source=trash": ("4-4",),
    "move_cores.dest=trash": ("4-4",),
    "modify_stat.stat=bp": ("2-9",),
    "modify_stat.duration=turn": ("9-1-5-6",),
    "modify_stat.duration=battle": ("9-1-5-6",),
    "deploy.verb=summon": ("5-8-1", "11-1-1"),
    "deploy.verb=place": ("5-9-1", "11-2-1"),
    "move.dest=hand": ("5-3-6",),
    "move.dest=deck_top": ("5-3-6",),
    "move.dest=deck_bottom": ("5-3-6",),
    "gain.duration=turn": ("9-1-5-6", "9-1-5-6-1"),
    "restriction": ("9-1-2-1", "9-1-2-2", "9-2-3"),
    "selector": ("9-2-2", "9-3-2"),
    "selector.up_to": ("9-3-2", "9-3-2-1"),
    "selector.self_ref": ("9-3-2-3",),
    "keyword": ("12-1-1", "12-1-2", "12-1-3"),
    "activate": ("9-1-6-1",),
    "move_cores.core_type=soul": ("5-7-1", "5-7-3"),
    "move_cores.core_type=core": ("5-7-1",),
    "cost_reduction": ("2-3-3", "11-1-1-3"),
}

# Keywords the Battle Spirits grammar does not read, with the reason (tests check the KB's terms).
UNSUPPORTED_BS: dict[str, str] = {
    "Clash": "a Standard keyword the Standard rules only name as an example (5-2-2, 12-1-1) "
             "without defining what it does, so there is nothing to link it to yet",
    "Super Unleash": "a level-cost marking printed in the Lv2 cost box (12-2-1-1), not effect text",
    "Soul Magic": "a cost-payment marking (12-2-1-2) outside the effect text",
    "Succession": "a cost-reduction marking (12-2-1-3) outside the effect text",
    "Keyword Effects": "the heading of a class of effects (12-1), not a keyword printed on cards",
    "Common Effects": "the heading of a class of effects (12-2), not a keyword printed on cards",
    "Restriction Effects": "the heading of a class of effects (12-3), not a keyword printed on cards",
}

# For every keyword the grammar reads: one line of card text in the project's convention that
# uses it (tests parse each and check the keyword, label or tag reaches the AST).
KEYWORD_EXAMPLES_BS: dict[str, str] = {
    "Awaken": "[LV1][LV2] 【Awaken】", "Confront": "[LV2] While This Spirit Attacks: 【Confront】",
    "Curse": "[LV1] While This Spirit Attacks: 【Curse】", "Immortal": "【Immortal: 4/5】",
    "Armor": "【Armor: Red/Purple】", "Luster": "[LV2] While This Spirit Attacks: 【Luster】",
    "Blessed": "[LV2] 【Blessed】", "Ascend": "【Ascend: 6】", "Swift": "【Swift】", "Gale": "【Gale: 2】",
    "Crush": "When This Spirit Attacks: 【Crush: +1】", "Raid": "When This Spirit Attacks: 【Raid: 1】",
    "A.T. Field": "【A.T. Field】", "Astral": "During Opponent's Turn: 【Astral】",
    "Chain": "When Summoned: Draw a card. Chain Red: Draw a card.", "Agile": "【Agile】",
    "Feast": "When Summoned: Activate Feast.", "Link": "【Link: 4】",
    "Burst": "[Burst] When You Lose Life: Draw a card.",
    "Main": "[Main] Draw a card.", "Flash": "[Flash] Draw a card.",
    "When Summoned": "When Summoned: Draw a card.",
    "When Attacking": "When Attacking: Draw a card.",
    "When Blocking": "When Blocking: Draw a card.",
    "When Deployed": "When Deployed: Draw a card.",
    "During Attack": "During Attack: This spirit gains 1000 BP.",
    "During Block": "During Block: This spirit gains 1000 BP.",
    "Once per turn": "[Once per turn] When Summoned: Draw a card.",
    "Unstackable": "[Unstackable] When Summoned: Draw a card.",
    "Unstackable, Once per turn": "[Unstackable, Once per turn] When Summoned: Draw a card.",
}

_BS_FAMILY = {"bss": (BSS, UNSUPPORTED_BS), "bs": (BS, UNSUPPORTED_BS)}


@cache
def table(game: str) -> dict[str, tuple[str, ...]]:
    """The link table of a game (FFTCG's from its own module; empty until that module exists)."""
    if game in _BS_FAMILY:
        return _BS_FAMILY[game][0]
    if game == "fftcg":
        try:
            return dict(importlib.import_module("judge.text.fftcg.links").TABLE)
        except ModuleNotFoundError:
            return {}
    from judge.errors import UnknownGame

    raise UnknownGame(f"no link table for game {game!r}", hints=("bss", "bs", "fftcg"))


def unsupported(game: str) -> dict[str, str]:
    """Keyword → reason, for keywords of a game's rules the grammar deliberately does not read."""
    if game in _BS_FAMILY:
        return dict(_BS_FAMILY[game][1])
    try:
        return dict(importlib.import_module("judge.text.fftcg.links").UNSUPPORTED)
    except (ModuleNotFoundError, AttributeError):
        return {}


def keys_of(node: Any) -> list[str]:
    """The table keys a node has (its kind, true flags, field values, tuple members)."""
    if not is_dataclass(node) or isinstance(node, type):
        return []
    kind = kind_of(node)
    keys = [kind]
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, bool):
            if value:
                keys.append(f"{kind}.{f.name}")
        elif isinstance(value, Enum):
            keys.append(f"{kind}.{f.name}={value.value}")
        elif isinstance(value, str):
            keys.append(f"{kind}.{f.name}={value}")
        elif isinstance(value, tuple) and value:
            keys.append(f"{kind}.{f.name}")
            keys.extend(f"{kind}.{f.name}={v}" for v in value if isinstance(v, str))
    return keys


def cites(node: Any, game: str) -> tuple[str, ...]:
    """The clause numbers (in the game's current document) that govern this node, in table order."""
    tab = table(game)
    out: list[str] = []
    for key in keys_of(node):
        for number in tab.get(key, ()):
            if number not in out:
                out.append(number)
    return tuple(out)


__all__ = ["BS", "BSS", "KEYWORD_EXAMPLES_BS", "UNSUPPORTED_BS", "cites", "keys_of", "table", "unsupported"]
