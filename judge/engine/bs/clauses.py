"""The one table of clause numbers the Battle Spirits engine cites, keyed by concept.

Numbers are read from the documents in `rules/` (Saga CR 1.7.0 for `bss`; Standard Ver.1.0 for
`bs`, whose Japanese and English texts share numbers). Logic never types a clause number: it asks
`cite("battle.bp_compare", game)`. A test checks every number here exists in the knowledge base.
A concept a document does not have maps to () for that game (e.g. the burst area in `bs`).
"""

from __future__ import annotations

from judge.errors import UnknownRule

CLAUSES: dict[str, dict[str, tuple[str, ...]]] = {
    # fundamentals
    "rules.impossible": {"bss": ("1-3-2",), "bs": ("1-4-2",)},
    "rules.already": {"bss": ("1-3-2-1",), "bs": ("1-4-2-1",)},
    "rules.cannot_wins": {"bss": ("1-3-3",), "bs": ("1-4-3",)},
    "rules.simultaneous_choice": {"bss": ("1-3-4",), "bs": ("1-4-4",)},
    "rules.negative_zero": {"bss": ("1-3-6",), "bs": ("1-4-6",)},
    "rules.text_order": {"bss": ("1-3-7",), "bs": ("1-4-7",)},
    "rules.concede": {"bss": ("1-2-4",), "bs": ("1-3-4",)},
    "win.life_zero": {"bss": ("9-2-3",), "bs": ("10-2-1-1", "1-3-7")},
    "win.deck_out": {"bss": ("9-2-4", "6-2-2"), "bs": ("10-2-1-2", "1-3-8", "7-2-2")},
    "win.both": {"bss": ("1-2-3",), "bs": ("1-3-3",)},
    "win.establish": {"bss": ("9-2-1", "1-2-2"), "bs": ("10-2-1", "1-3-1")},
    # areas
    "area.new_card": {"bss": ("3-1-4",), "bs": ("4-1-4",)},
    "area.refreshed_on_entry": {"bss": ("3-5-3",), "bs": ("4-5-3",)},
    "area.cores_to_reserve": {"bss": ("3-5-5",), "bs": ("4-5-4",)},
    "area.burst_one": {"bss": ("3-8-3",), "bs": ()},
    "area.burst_only": {"bss": ("3-8-4",), "bs": ()},
    "area.list": {"bss": ("3-1-1",), "bs": ("4-1-1",)},
    "area.life_unlimited": {"bss": ("3-7-3",), "bs": ("4-7-3",)},
    "area.owner": {"bss": ("4-2-4",), "bs": ("5-3-6",)},
    "core.soul_restricted": {"bss": ("4-11-3",), "bs": ("5-7-3",)},
    "core.soul_void": {"bss": ("4-11-4",), "bs": ("5-7-3",)},
    "core.which": {"bss": ("8-5-6",), "bs": ("5-7-3",)},
    # card information
    "card.level": {"bss": ("2-10-3",), "bs": ("2-8-3",)},
    "card.level_effects": {"bss": ("2-10-2",), "bs": ("2-8-2",)},
    "card.symbols": {"bss": ("2-8-1",), "bs": ("2-10-1",)},
    "card.dual_symbol": {"bss": ("2-8-2-2",), "bs": ("2-10-2",)},
    "card.reduction": {"bss": ("2-7-3",), "bs": ("2-3-3",)},
    "card.only_spirits_attack": {"bss": ("6-7-1",), "bs": ("3-2-3",)},
    "card.nexus_lv1": {"bss": ("9-3-2",), "bs": ("3-3-3-3",)},
    # turn
    "turn.steps": {"bss": ("6-1-1",), "bs": ("7-1-1",)},
    "turn.start": {"bss": ("6-2-1",), "bs": ("7-2-1",)},
    "turn.core": {"bss": ("6-3-2",), "bs": ("7-3-2",)},
    "turn.core_skip": {"bss": ("6-3-3",), "bs": ("7-3-3",)},
    "turn.draw": {"bss": ("6-4-2",), "bs": ("7-4-2",)},
    "turn.refresh": {"bss": ("6-5-2",), "bs": ("7-5-2",)},
    "turn.main": {"bss": ("6-6-1-2-1",), "bs": ("7-6-1-2-1",)},
    "turn.main_end": {"bss": ("6-6-1-2-5",), "bs": ("7-6-1-2-4",)},
    "turn.burst_per_turn": {"bss": ("6-6-1-2-2",), "bs": ()},
    "turn.move_cores": {"bss": ("6-6-1-2-3",), "bs": ("7-6-1-2-2",)},
    "turn.attack": {"bss": ("6-7-3-2",), "bs": ("7-7-3-2",)},
    "turn.attack_skip": {"bss": ("6-7-2",), "bs": ("7-7-2",)},
    "turn.second_main": {"bss": (), "bs": ("7-8-1",)},
    "turn.second_main_skip": {"bss": (), "bs": ("7-8-2",)},
    "turn.end_expire": {"bss": ("6-8-1-2",), "bs": ("7-9-1-1",)},
    "turn.next": {"bss": ("6-8-1-3",), "bs": ("7-9-1-3",)},
    # battle
    "battle.order": {"bss": ("7-1",), "bs": ("8-1",)},
    "battle.declare": {"bss": ("7-1-1-1",), "bs": ("8-1-1-1",)},
    "battle.when_attacks": {"bss": ("7-1-1-2", "10-11-1"), "bs": ("8-1-1-2", "12-2-1-7-1")},
    "battle.flash_pre": {"bss": ("7-1-2-1",), "bs": ("8-1-2-1",)},
    "battle.block": {"bss": ("7-1-3-1",), "bs": ("8-1-3-1",)},
    "battle.when_blocks": {"bss": ("7-1-3-2", "10-11-1"), "bs": ("8-1-3-2", "12-2-1-9-1")},
    "battle.flash_post": {"bss": ("7-1-4-1",), "bs": ("8-1-4-1",)},
    "battle.resolution": {"bss": ("7-1-5-1",), "bs": ("8-1-5-1",)},
    "battle.bp_compare": {"bss": ("7-1-5-2-1",), "bs": ("8-1-5-2-1", "8-1-6-1")},
    "battle.gone": {"bss": ("7-1-5-2-1",), "bs": ("8-1-5-2-1",)},
    "battle.damage": {"bss": ("7-1-5-3-1",), "bs": ("8-1-5-1",)},
    "battle.damage_gone": {"bss": ("7-1-5-3-1",), "bs": ("8-1-5-1",)},
    "battle.end": {"bss": ("7-1-6-1", "7-1-6-2"), "bs": ("8-1-7-1", "8-1-7-2")},
    "battle.next": {"bss": ("7-1-6-3",), "bs": ("8-1-7-3",)},
    "battle.attack_spirit": {"bss": ("10-10-1",), "bs": ("8-1-3-1",)},
    # effects
    "effect.activated": {"bss": ("8-1-3", "8-1-3-1"), "bs": ("9-1-6-1",)},
    "effect.magic_timing": {"bss": ("8-1-6-1",), "bs": ("9-1-7-1", "12-2-1-4-1", "12-2-1-5-1")},
    "effect.triggered": {"bss": ("8-1-5", "8-6-2"), "bs": ("9-1-5-2",)},
    "effect.trigger_once": {"bss": ("8-6-3",), "bs": ("9-1-5-4",)},
    "effect.order": {"bss": ("8-5-2-4",), "bs": ("9-1-5-7", "9-1-5-8")},
    "effect.constant": {"bss": ("8-1-4",), "bs": ("9-1-4-1",)},
    "effect.may": {"bss": ("8-1-8",), "bs": ("9-1-2",)},
    "effect.select": {"bss": ("8-5-3",), "bs": ("9-3-2",)},
    "effect.select_count": {"bss": ("8-5-3-1",), "bs": ("9-3-2-1",)},
    "effect.select_up_to": {"bss": ("8-5-3-2",), "bs": ("9-3-2-1",)},
    "effect.select_none": {"bss": ("8-5-3-4",), "bs": ("9-3-2",)},
    "effect.duration": {"bss": ("8-2-2-2",), "bs": ("9-1-5-6",)},
    "effect.substitution": {"bss": ("8-9-1", "8-9-1-1"), "bs": ("9-1-8-1",)},
    "effect.substitution_one": {"bss": ("8-9-3",), "bs": ("9-1-8-1-2",)},
    "effect.last_state": {"bss": ("8-10-1",), "bs": ("10-2-2-2",)},
    "effect.cost": {"bss": ("8-4-2-3", "8-4-2-4"), "bs": ("9-1-6-2",)},
    "effect.then": {"bss": ("1-3-7",), "bs": ("5-19-1",)},
    "effect.if": {"bss": ("1-3-7",), "bs": ("5-19-2",)},
    "bp.order": {"bss": ("8-8-1-3-1",), "bs": ("2-8-2",)},
    "bp.level": {"bss": ("8-8-1-3-2",), "bs": ("2-8-2",)},
    "bp.redefine": {"bss": ("8-8-1-3-3",), "bs": ("2-8-4",)},
    "bp.set": {"bss": ("8-8-1-3-4",), "bs": ("1-4-6",)},
    "bp.add": {"bss": ("8-8-1-3-5",), "bs": ("1-4-6",)},
    # deploying cards
    "summon.steps": {"bss": ("10-6-2",), "bs": ("11-1-1",)},
    "summon.reduction": {"bss": ("10-6-5",), "bs": ("11-1-1-4-1",)},
    "summon.pay": {"bss": ("10-6-6",), "bs": ("11-1-1-5",)},
    "summon.cores": {"bss": ("10-6-7",), "bs": ("11-1-1-6",)},
    "place.steps": {"bss": ("10-7-2",), "bs": ("11-2-1",)},
    "place.reduction": {"bss": ("10-7-5",), "bs": ("11-2-1-4-1",)},
    "place.pay": {"bss": ("10-7-6",), "bs": ("11-2-1-5",)},
    "place.cores": {"bss": ("10-7-7",), "bs": ("11-2-1-6",)},
    "magic.steps": {"bss": ("10-8-2",), "bs": ("11-3-1",)},
    "magic.reduction": {"bss": ("10-8-5",), "bs": ("11-3-1-4-1",)},
    "magic.pay": {"bss": ("10-8-6",), "bs": ("11-3-1-5",)},
    "magic.resolve": {"bss": ("10-8-7", "10-8-8"), "bs": ("11-3-1-6", "4-4-1")},
    "burst.set": {"bss": ("6-6-1-2-2", "3-8-1"), "bs": ()},
    "burst.activate": {"bss": ("10-9-2", "10-9-4"), "bs": ()},
    # effect vocabulary
    "do.draw": {"bss": ("4-5-2", "4-5-3"), "bs": ("5-6-2", "5-6-3")},
    "do.discard": {"bss": ("10-2-1",), "bs": ("5-13-1",)},
    "do.refresh": {"bss": ("10-3-1",), "bs": ("5-14-1",)},
    "do.refresh_heavy": {"bss": (), "bs": ("5-14-2",)},
    "do.exhaust": {"bss": ("10-4-1",), "bs": ("5-15-1",)},
    "do.heavy_exhaust": {"bss": (), "bs": ("5-16-1",)},
    "do.destroy": {"bss": ("10-1-1", "10-1-3-4"), "bs": ("5-10-1", "10-2-2-5")},
    "do.destroy_triggers": {"bss": ("10-1-3-3",), "bs": ("10-2-2-5",)},
    "do.destroy_substitute": {"bss": ("10-1-3-2",), "bs": ("9-1-8-1",)},
    "do.return": {"bss": ("4-2-4", "3-5-5"), "bs": ("10-2-2-1", "10-2-2-7")},
    "do.destruction_effect": {"bss": ("10-14-1",), "bs": ("5-10-1",)},
    "do.when_destroyed": {"bss": ("10-15-1",), "bs": ("12-2-1-12",)},
    "do.when_destroyed_by_opponent": {"bss": ("10-15-1",), "bs": ("12-2-1-12-1",)},
    "do.when_summoned": {"bss": ("8-1-5-1",), "bs": ("12-2-1-6-1",)},
    "do.when_deployed": {"bss": ("8-1-5-1",), "bs": ("12-2-1-11-1",)},
    "do.with_keyword": {"bss": ("10-13-1",), "bs": ("12-1-3",)},
    # gameplay management / rule processing
    "manage.checkpoint": {"bss": ("4-7-2", "9-1-2-2"), "bs": ("10-1-2",)},
    "manage.insufficient": {"bss": ("9-3-2",), "bs": ("3-2-5-4", "5-11-1", "10-2-2-1")},
    "manage.self_destroy": {"bss": ("9-3-2", "10-1-1-1"), "bs": ("10-2-2-10",)},
    "manage.by_effect": {"bss": ("9-3-2-1",), "bs": ("10-2-2-8",)},
    "manage.bp_zero": {"bss": ("9-4-2",), "bs": ()},
    "manage.bp_zero_effect": {"bss": ("9-4-2-1",), "bs": ()},
    "manage.depletion": {"bss": (), "bs": ("5-11-1", "5-11-2")},
    "manage.pending": {"bss": (), "bs": ("10-2-2-1", "10-2-2-5")},
    "manage.pending_level": {"bss": (), "bs": ("10-2-2-3",)},
    # keywords (Saga section 11; Standard common / restriction effects, section 12)
    "kw.awaken": {"bss": ("11-1-1",), "bs": ()},
    "kw.confront": {"bss": ("11-2-1",), "bs": ()},
    "kw.confront_armor": {"bss": ("11-2-2",), "bs": ()},
    "kw.curse": {"bss": ("11-3-1",), "bs": ()},
    "kw.curse_once": {"bss": ("11-3-2",), "bs": ()},
    "kw.immortal": {"bss": ("11-4-1",), "bs": ()},
    "kw.armor": {"bss": ("11-5-1",), "bs": ()},
    "kw.luster": {"bss": ("11-6-1",), "bs": ()},
    "kw.luster_gone": {"bss": ("11-6-2",), "bs": ()},
    "kw.blessed": {"bss": ("11-7-1",), "bs": ()},
    "kw.blessed_once": {"bss": ("11-7-2",), "bs": ()},
    "kw.ascend": {"bss": ("11-8-1",), "bs": ()},
    "kw.swift": {"bss": ("11-9-1",), "bs": ()},
    "kw.gale": {"bss": ("11-10-1",), "bs": ()},
    "kw.gale_largest": {"bss": ("11-10-3",), "bs": ()},
    "kw.crush": {"bss": ("11-11-1", "11-11-3"), "bs": ()},
    "kw.crush_largest": {"bss": ("11-11-4",), "bs": ()},
    "kw.raid": {"bss": ("11-12-1",), "bs": ()},
    "kw.raid_largest": {"bss": ("11-12-3",), "bs": ()},
    "kw.at_field": {"bss": ("11-13-1",), "bs": ()},
    "kw.astral": {"bss": ("11-14-1",), "bs": ()},
    "kw.astral_timing": {"bss": ("11-14-2", "11-14-4"), "bs": ()},
    "kw.chain": {"bss": ("11-15-1", "11-15-3"), "bs": ()},
    "kw.agile": {"bss": ("11-16-1",), "bs": ()},
    "kw.feast": {"bss": ("11-17-1",), "bs": ()},
    "kw.link": {"bss": ("11-18-1",), "bs": ()},
    "kw.link_once": {"bss": ("11-18-3",), "bs": ()},
    "kw.link_leaves": {"bss": ("11-18-4",), "bs": ()},
    "kw.token_leaves": {"bss": ("4-12-3",), "bs": ("4-1-4",)},
    "kw.generic": {"bss": ("10-13-1",), "bs": ("12-1-1", "12-1-2")},
    "kw.super_unleash": {"bss": (), "bs": ("12-2-1-1-2", "3-2-5-5")},
    "kw.soul_magic": {"bss": (), "bs": ("12-2-1-2-1",)},
    "kw.succession": {"bss": (), "bs": ("12-2-1-3-1", "12-2-1-3-2")},
    "summon.succession": {"bss": (), "bs": ("11-1-1-4",)},
    "place.succession": {"bss": (), "bs": ("11-2-1-4",)},
    "magic.succession": {"bss": (), "bs": ("12-2-1-3-2",)},  # ja prints 11-3-1-4 as a second 11-2-1-4
    "kw.succession_limit": {"bss": (), "bs": ("12-2-1-3-2-1",)},
    "kw.once_per_turn": {"bss": (), "bs": ("12-3-1-1", "12-3-1-2")},
    "kw.unstackable": {"bss": (), "bs": ("12-3-2-1", "12-3-2-2")},
}


def cite(concept: str, game: str) -> tuple[str, ...]:
    """The clause numbers for a concept in a game's document (() if that document has none)."""
    try:
        table = CLAUSES[concept]
    except KeyError:
        raise UnknownRule(f"engine concept {concept!r} has no clause entry") from None
    return table.get(game, ())


def cites(game: str, *concepts: str) -> tuple[str, ...]:
    """The clauses of several concepts, in order, without repeats."""
    seen: dict[str, None] = {}
    for c in concepts:
        for n in cite(c, game):
            seen.setdefault(n, None)
    return tuple(seen)


def all_numbers(game: str) -> tuple[str, ...]:
    """Every clause number the engine can cite for a game (what the KB test checks)."""
    return tuple(sorted({n for table in CLAUSES.values() for n in table.get(game, ())}))


__all__ = ["CLAUSES", "all_numbers", "cite", "cites"]
