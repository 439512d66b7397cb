"""The clause numbers the Battle Spirits engine cites: one concept → clause table per document.

`SAGA` is read from Battle Spirits Saga CR 1.7.0 (`bss`); `STANDARD` from Standard Ver.1.0 (`bs`),
whose Japanese and English texts share numbers. Both tables have the same concepts; a concept a
document does not have maps to () (it cites nothing, and `explain` says the document lacks it):
Standard has no burst area, no ordering of BP changes, no tokens; Saga has no "Then," / "If"
clause. Logic never types a number: it names a concept through the game's profile. A test checks
every number exists in the knowledge base and both tables list the same concepts.
"""

from __future__ import annotations

from judge.engine.kernel.clauses import ClauseTable

SAGA: dict[str, tuple[str, ...]] = {
    # rules
    "rules.impossible": ("1-3-2",),
    "rules.already": ("1-3-2-1",),
    "rules.cannot_wins": ("1-3-3",),
    "rules.simultaneous_choice": ("1-3-4",),
    "rules.negative_zero": ("1-3-6",),
    "rules.text_order": ("1-3-7",),
    "rules.concede": ("1-2-4",),
    # win
    "win.life_zero": ("9-2-3",),
    "win.deck_out": ("9-2-4", "6-2-2"),
    "win.both": ("1-2-3",),
    "win.establish": ("9-2-1", "1-2-2"),
    # area
    "area.new_card": ("3-1-4",),
    "area.refreshed_on_entry": ("3-5-3",),
    "area.cores_to_reserve": ("3-5-5",),
    "area.burst_one": ("3-8-3",),
    "area.burst_only": ("3-8-4",),
    "area.list": ("3-1-1",),
    "area.life_unlimited": ("3-7-3",),
    "area.owner": ("4-2-4",),
    # core
    "core.soul_restricted": ("4-11-3",),
    "core.soul_void": ("4-11-4",),
    "core.which": ("8-5-6",),
    # card
    "card.level": ("2-10-3",),
    "card.level_effects": ("2-10-2",),
    "card.symbols": ("2-8-1",),
    "card.dual_symbol": ("2-8-2-2",),
    "card.reduction": ("2-7-3",),
    "card.only_spirits_attack": ("6-7-1",),
    "card.nexus_lv1": ("9-3-2",),
    # turn
    "turn.steps": ("6-1-1",),
    "turn.start": ("6-2-1",),
    "turn.core": ("6-3-2",),
    "turn.core_skip": ("6-3-3",),
    "turn.draw": ("6-4-2",),
    "turn.refresh": ("6-5-2",),
    "turn.extra_step": (),      # a step performed once more: neither CR says how (cites nothing)
    "turn.main": ("6-6-1-2-1",),
    "turn.main_end": ("6-6-1-2-5",),
    "turn.attack_end": ("6-7-3-2",),       # "declare an end to their attack step"
    "turn.second_main_end": (),            # Saga has no second main step
    "turn.burst_per_turn": ("6-6-1-2-2",),
    "turn.move_cores": ("6-6-1-2-3",),
    "turn.attack": ("6-7-3-2",),
    "turn.attack_start": ("6-7-3-1",),
    "turn.main_start": ("6-6-1-1",),
    "turn.attack_skip": ("6-7-2",),
    "turn.second_main": (),
    "turn.second_main_skip": (),
    "turn.end_effects": ("6-8-1-1",),
    "turn.core_start": ("6-3-1",),
    "turn.draw_start": ("6-4-1",),
    "turn.refresh_start": ("6-5-1",),
    "turn.end_expire": ("6-8-1-2",),
    "turn.next": ("6-8-1-3",),
    # battle
    "battle.order": ("7-1",),
    "battle.declare": ("7-1-1-1",),
    "battle.attack_first": (),            # "must attack first": the CR has no such clause (cites nothing)
    "battle.when_attacks": ("7-1-1-2", "10-11-1"),
    "battle.when_attacks_or_blocks": ("10-11-2",),
    "battle.flash_pre": ("7-1-2-1",),
    "battle.block": ("7-1-3-1",),
    "battle.when_blocks": ("7-1-3-2", "10-11-1"),
    "battle.flash_post": ("7-1-4-1",),
    "battle.resolution": ("7-1-5-1",),
    "battle.bp_compare": ("7-1-5-2-1",),
    "battle.gone": ("7-1-5-2-1",),
    "battle.damage": ("7-1-5-3-1",),
    "battle.damage_gone": ("7-1-5-3-1",),
    "battle.end": ("7-1-6-1", "7-1-6-2"),
    "battle.next": ("7-1-6-3",),
    "battle.attack_spirit": ("10-10-1",),
    # effect
    "effect.activated": ("8-1-3", "8-1-3-1"),
    "effect.magic_timing": ("8-1-6-1",),
    "effect.triggered": ("8-1-5", "8-6-2"),
    "effect.trigger_once": ("8-6-3",),
    "effect.waiting": ("8-5-2-3",),
    "effect.order": ("8-5-2-4",),
    "effect.constant": ("8-1-4",),
    "effect.may": ("8-1-8",),
    "effect.select": ("8-5-3",),
    "effect.select_count": ("8-5-3-1",),
    "effect.select_up_to": ("8-5-3-2",),
    "effect.select_none": ("8-5-3-4",),
    "effect.select_private": ("8-5-3-5",),
    "effect.duration": ("8-2-2-2",),
    "effect.substitution": ("8-9-1", "8-9-1-1"),
    "effect.substitution_one": ("8-9-3",),
    "effect.substitution_choice": ("8-9-2", "8-9-2-2"),
    "effect.substitution_affected": ("8-9-2", "8-9-2-1"),
    "effect.last_state": ("8-10-1",),
    "effect.cost": ("8-4-2-3", "8-4-2-4"),
    "effect.pay": ("8-4-2",),
    "effect.additional_cost": ("8-4-2-2",),
    "effect.then": (),
    "effect.if": (),
    "effect.area_info": ("8-8-1-5",),
    "effect.fixed_at_resolution": ("8-8-1-4",),
    # bp
    "bp.order": ("8-8-1-3-1",),
    "bp.level": ("8-8-1-3-2",),
    "bp.redefine": ("8-8-1-3-3",),
    "bp.set": ("8-8-1-3-4",),
    "cost.set": ("8-8-1-3",),       # a value a continuous effect gives a card's cost ("it costs N if …")
    "bp.add": ("8-8-1-3-5",),
    # summon
    "summon.steps": ("10-6-2",),
    "summon.cost": ("10-6-4",),
    "summon.reduction": ("10-6-5",),
    "summon.pay": ("10-6-6",),
    "summon.cores": ("10-6-7",),
    # place
    "place.steps": ("10-7-2",),
    "place.cost": ("10-7-4",),
    "place.reduction": ("10-7-5",),
    "place.pay": ("10-7-6",),
    "place.cores": ("10-7-7",),
    # magic
    "magic.steps": ("10-8-2",),
    "magic.cost": ("10-8-4",),
    "magic.reduction": ("10-8-5",),
    "magic.pay": ("10-8-6",),
    "magic.resolve": ("10-8-7", "10-8-8"),
    # burst
    "burst.set": ("6-6-1-2-2", "3-8-1"),
    "burst.activate": ("10-9-2", "10-9-4"),
    "burst.condition": ("10-9-1",),
    # do
    "do.draw": ("4-5-2", "4-5-3"),
    "do.not_draw": ("4-5-1",),      # a card put from the deck into the hand otherwise than by drawing
    "do.discard": ("10-2-1",),
    "do.refresh": ("10-3-1",),
    "do.refresh_heavy": (),
    "do.exhaust": ("10-4-1",),
    "do.heavy_exhaust": (),
    "do.destroy": ("10-1-1", "10-1-3-4"),
    "do.destroy_triggers": ("10-1-3-3",),
    "do.destroy_substitute": ("10-1-3-2",),
    "do.destroy_interrupted": ("10-5-1",),
    "do.return": ("4-2-4", "3-5-5"),
    "do.destruction_effect": ("10-14-1",),
    "do.when_destroyed": ("10-15-1",),
    "do.when_destroyed_by_opponent": ("10-15-1",),
    "do.when_summoned": ("8-1-5-1",),
    "do.when_deployed": ("8-1-5-1",),
    "do.with_keyword": ("10-13-1",),
    "effect.with_effect": ("10-13-1",),
    "do.with_keyword_elsewhere": ("10-13-2",),
    # manage
    "manage.checkpoint": ("4-7-2", "9-1-2-2"),
    "manage.insufficient": ("9-3-2",),
    "manage.self_destroy": ("9-3-2", "10-1-1-1"),
    "manage.by_effect": ("9-3-2-1",),
    "manage.bp_zero": ("9-4-2",),
    "manage.bp_zero_effect": ("9-4-2-1",),
    "manage.bp_zero_self": ("9-4-2-3",),
    "manage.depletion": (),
    "manage.pending": (),
    "manage.pending_level": (),
    # kw
    "kw.awaken": ("11-1-1",),
    "kw.confront": ("11-2-1",),
    "kw.confront_armor": ("11-2-2",),
    "kw.curse": ("11-3-1",),
    "kw.curse_once": ("11-3-2",),
    "kw.bloodcurse": (),
    "kw.immortal": ("11-4-1",),
    "kw.armor": ("11-5-1",),
    "kw.luster": ("11-6-1",),
    "kw.luster_gone": ("11-6-2",),
    "kw.blessed": ("11-7-1",),
    "kw.blessed_once": ("11-7-2",),
    "kw.ascend": ("11-8-1",),
    "kw.swift": ("11-9-1",),
    "kw.gale": ("11-10-1",),
    "kw.gale_largest": ("11-10-3",),
    "kw.crush": ("11-11-1", "11-11-3"),
    "kw.crush_largest": ("11-11-4",),
    "kw.raid": ("11-12-1",),
    "kw.raid_largest": ("11-12-3",),
    "kw.at_field": ("11-13-1",),
    "kw.astral": ("11-14-1",),
    "kw.astral_timing": ("11-14-2", "11-14-4"),
    "kw.chain": ("11-15-1", "11-15-3"),
    "kw.agile": ("11-16-1",),
    "kw.feast": ("11-17-1",),
    "kw.link": ("11-18-1",),
    "kw.link_once": ("11-18-3",),
    "kw.link_leaves": ("11-18-4",),
    "kw.token_leaves": ("4-12-3",),
    "kw.token_made": ("4-12-1", "4-12-2"),
    "kw.generic": ("10-13-1",),
    "kw.super_unleash": (),
    "kw.soul_magic": (),
    "kw.succession": (),
    # summon
    "summon.succession": (),
    # place
    "place.succession": (),
    # magic
    "magic.succession": (),
    # kw
    "kw.succession_limit": (),
    "kw.once_per_turn": (),
    "kw.unstackable": (),}

STANDARD: dict[str, tuple[str, ...]] = {
    # rules
    "rules.impossible": ("1-4-2",),
    "rules.already": ("1-4-2-1",),
    "rules.cannot_wins": ("1-4-3",),
    "rules.simultaneous_choice": ("1-4-4",),
    "rules.negative_zero": ("1-4-6",),
    "rules.text_order": ("1-4-7",),
    "rules.concede": ("1-3-4",),
    # win
    "win.life_zero": ("10-2-1-1", "1-3-7"),
    "win.deck_out": ("10-2-1-2", "1-3-8", "7-2-2"),
    "win.both": ("1-3-3",),
    "win.establish": ("10-2-1", "1-3-1"),
    # area
    "area.new_card": ("4-1-4",),
    "area.refreshed_on_entry": ("4-5-3",),
    "area.cores_to_reserve": ("4-5-4",),
    "area.burst_one": (),
    "area.burst_only": (),
    "area.list": ("4-1-1",),
    "area.life_unlimited": ("4-7-3",),
    "area.owner": ("5-3-6",),
    # core
    "core.soul_restricted": ("5-7-3",),
    "core.soul_void": ("5-7-3",),
    "core.which": ("5-7-3",),
    # card
    "card.level": ("2-8-3",),
    "card.level_effects": ("2-8-2",),
    "card.symbols": ("2-10-1",),
    "card.dual_symbol": ("2-10-2",),
    "card.reduction": ("2-3-3",),
    "card.only_spirits_attack": ("3-2-3",),
    "card.nexus_lv1": ("3-3-3-3",),
    # turn
    "turn.steps": ("7-1-1",),
    "turn.start": ("7-2-1",),
    "turn.core": ("7-3-2",),
    "turn.core_skip": ("7-3-3",),
    "turn.draw": ("7-4-2",),
    "turn.refresh": ("7-5-2",),
    "turn.extra_step": (),      # a step performed once more: neither CR says how (cites nothing)
    "turn.main": ("7-6-1-2-1",),
    "turn.main_end": ("7-6-1-2-4",),
    "turn.attack_end": ("7-7-3-2",),       # "declare 'End of Attack Step'"
    "turn.second_main_end": ("7-8-1", "7-6-1-2-4"),   # the main step's actions, its end among them
    "turn.burst_per_turn": (),
    "turn.move_cores": ("7-6-1-2-2",),
    "turn.attack": ("7-7-3-2",),
    "turn.attack_start": ("7-7-3-1",),
    "turn.main_start": ("7-6-1-1",),
    "turn.attack_skip": ("7-7-2",),
    "turn.second_main": ("7-8-1",),
    "turn.second_main_skip": ("7-8-2",),
    "turn.end_effects": ("7-9-1-1",),
    "turn.core_start": ("7-3-1",),
    "turn.draw_start": ("7-4-1",),
    "turn.refresh_start": ("7-5-1",),
    "turn.end_expire": ("7-9-1-1",),
    "turn.next": ("7-9-1-3",),
    # battle
    "battle.order": ("8-1",),
    "battle.declare": ("8-1-1-1",),
    "battle.attack_first": (),
    "battle.when_attacks": ("8-1-1-2", "12-2-1-7-1"),
    "battle.when_attacks_or_blocks": (),   # Standard states no "attacks or blocks" comparison
    "battle.flash_pre": ("8-1-2-1",),
    "battle.block": ("8-1-3-1",),
    "battle.when_blocks": ("8-1-3-2", "12-2-1-9-1"),
    "battle.flash_post": ("8-1-4-1",),
    "battle.resolution": ("8-1-5-1",),
    "battle.bp_compare": ("8-1-5-2-1", "8-1-6-1"),
    "battle.gone": ("8-1-5-2-1",),
    "battle.damage": ("8-1-5-1",),
    "battle.damage_gone": ("8-1-5-1",),
    "battle.end": ("8-1-7-1", "8-1-7-2"),
    "battle.next": ("8-1-7-3",),
    "battle.attack_spirit": (),
    # effect
    "effect.activated": ("9-1-6-1",),
    "effect.magic_timing": ("9-1-7-1", "12-2-1-4-1", "12-2-1-5-1"),
    "effect.triggered": ("9-1-5-2",),
    "effect.trigger_once": ("9-1-5-4",),
    "effect.waiting": (),   # Standard names no "waiting to be resolved" state in a clause of its own
    "effect.order": ("9-1-5-7", "9-1-5-8"),
    "effect.constant": ("9-1-4-1",),
    "effect.may": ("9-1-2",),
    "effect.select": ("9-3-2",),
    "effect.select_count": ("9-3-2-1",),
    "effect.select_up_to": ("9-3-2-1",),
    "effect.select_none": ("9-3-2",),
    "effect.select_private": ("9-3-2-2",),
    "effect.duration": ("9-1-5-6",),
    "effect.substitution": ("9-1-8-1",),
    "effect.substitution_one": ("9-1-8-1-2", "9-1-8-1-3"),
    "effect.substitution_choice": ("9-1-8-1-3",),
    "effect.substitution_affected": (),
    "effect.last_state": ("10-2-2-2",),
    "effect.cost": ("9-1-6-2",),
    "effect.pay": ("9-1-6-2",),
    "effect.additional_cost": (),       # the Standard CR has no additional costs: cites nothing
    "effect.then": ("5-19-1",),
    "effect.if": ("5-19-2",),
    "effect.area_info": (),
    "effect.fixed_at_resolution": (),
    # bp
    "bp.order": (),
    "bp.level": (),
    "bp.redefine": (),
    "bp.set": (),
    "cost.set": (),
    "bp.add": (),
    # summon
    "summon.steps": ("11-1-1",),
    "summon.cost": ("11-1-1-2", "11-1-1-2-1"),
    "summon.reduction": ("11-1-1-4-1",),
    "summon.pay": ("11-1-1-5",),
    "summon.cores": ("11-1-1-6",),
    # place
    "place.steps": ("11-2-1",),
    "place.cost": ("11-2-1-2",),
    "place.reduction": ("11-2-1-4-1",),
    "place.pay": ("11-2-1-5",),
    "place.cores": ("11-2-1-6",),
    # magic
    "magic.steps": ("11-3-1",),
    "magic.cost": ("11-3-1-2",),
    "magic.reduction": ("11-3-1-4-1",),
    "magic.pay": ("11-3-1-5",),
    "magic.resolve": ("11-3-1-6", "4-4-1"),
    # burst
    "burst.set": (),
    "burst.activate": (),
    "burst.condition": (),
    # do
    "do.draw": ("5-6-2", "5-6-3"),
    "do.not_draw": ("5-6-1",),
    "do.discard": ("5-13-1",),
    "do.refresh": ("5-14-1",),
    "do.refresh_heavy": ("5-14-2",),
    "do.exhaust": ("5-15-1",),
    "do.heavy_exhaust": ("5-16-1",),
    "do.destroy": ("5-10-1", "10-2-2-5"),
    "do.destroy_triggers": ("10-2-2-5",),
    "do.destroy_substitute": ("9-1-8-1",),
    "do.destroy_interrupted": (),
    "do.return": ("10-2-2-1", "10-2-2-7"),
    "do.destruction_effect": ("5-10-1",),
    "do.when_destroyed": ("12-2-1-12",),
    "do.when_destroyed_by_opponent": ("12-2-1-12-1",),
    "do.when_summoned": ("12-2-1-6-1",),
    "do.when_deployed": ("12-2-1-11-1",),
    "do.with_keyword": ("12-1-3",),
    "effect.with_effect": (),   # Standard has no clause on "with a … effect" and levels
    "do.with_keyword_elsewhere": (),     # Standard has no clause on keywords of cards off the field
    # manage
    "manage.checkpoint": ("10-1-2",),
    "manage.insufficient": ("3-2-5-4", "5-11-1", "10-2-2-1"),
    "manage.self_destroy": ("10-2-2-10",),
    "manage.by_effect": ("10-2-2-8",),
    "manage.bp_zero": (),
    "manage.bp_zero_effect": (),
    "manage.bp_zero_self": (),
    "manage.depletion": ("5-11-1", "5-11-2"),
    "manage.pending": ("10-2-2-1", "10-2-2-5"),
    "manage.pending_level": ("10-2-2-3",),
    # kw
    "kw.awaken": (),
    "kw.confront": (),
    "kw.confront_armor": (),
    "kw.curse": (),
    "kw.curse_once": (),
    "kw.bloodcurse": (),
    "kw.immortal": (),
    "kw.armor": (),
    "kw.luster": (),
    "kw.luster_gone": (),
    "kw.blessed": (),
    "kw.blessed_once": (),
    "kw.ascend": (),
    "kw.swift": (),
    "kw.gale": (),
    "kw.gale_largest": (),
    "kw.crush": (),
    "kw.crush_largest": (),
    "kw.raid": (),
    "kw.raid_largest": (),
    "kw.at_field": (),
    "kw.astral": (),
    "kw.astral_timing": (),
    "kw.chain": (),
    "kw.agile": (),
    "kw.feast": (),
    "kw.link": (),
    "kw.link_once": (),
    "kw.link_leaves": (),
    "kw.token_leaves": (),
    "kw.token_made": (),            # Standard has no tokens: cites nothing
    "kw.generic": ("12-1-1", "12-1-2"),
    "kw.super_unleash": ("12-2-1-1-2", "3-2-5-5"),
    "kw.soul_magic": ("12-2-1-2-1",),
    "kw.succession": ("12-2-1-3-1", "12-2-1-3-2"),
    # summon
    "summon.succession": ("11-1-1-4",),
    # place
    "place.succession": ("11-2-1-4",),
    # magic
    "magic.succession": ("12-2-1-3-2",),
    # kw
    "kw.succession_limit": ("12-2-1-3-2-1",),
    "kw.once_per_turn": ("12-3-1-1", "12-3-1-2"),
    "kw.unstackable": ("12-3-2-1", "12-3-2-2"),}

TABLES: dict[str, ClauseTable] = {"bss": ClauseTable("bss", SAGA), "bs": ClauseTable("bs", STANDARD)}


def cite(concept: str, game: str) -> tuple[str, ...]:
    """The clause numbers for a concept in a game's document (() if that document has none)."""
    return TABLES[game].cite(concept)


def cites(game: str, *concepts: str) -> tuple[str, ...]:
    """The clauses of several concepts, in order, without repeats."""
    return TABLES[game].cites(concepts)


def all_numbers(game: str) -> tuple[str, ...]:
    """Every clause number the engine can cite for a game (what the KB test checks)."""
    return TABLES[game].numbers()


__all__ = ["SAGA", "STANDARD", "TABLES", "all_numbers", "cite", "cites"]
