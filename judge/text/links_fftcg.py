"""FFTCG link table: AST keys → clause numbers of the FFTCG Comprehensive Rules (rules/004_*).

Keys follow `judge.text.links.keys_of` (`kind`, `kind.flag`, `kind.field=value`). Tests check that
every number exists in the knowledge base, that every key names a real node field, and that every
keyword of the rules' term list is read by the grammar (KEYWORD_EXAMPLES) or listed in UNSUPPORTED
with the reason.
"""

from __future__ import annotations

TABLE: dict[str, tuple[str, ...]] = {
    # abilities (11.5 the four kinds; 11.3 Summons; 15.2 keyword abilities; 11.10 EX Burst)
    "ability": ("11.5.1", "11.5.3"),
    "ability.kind=auto": ("11.8.1", "11.8.2", "11.8.3"),
    "ability.kind=action": ("11.6.1", "11.6.2", "11.6.2.1"),
    "ability.kind=special": ("11.7.1", "11.7.2"),
    "ability.kind=field": ("11.9.1", "11.9.3"),
    "ability.kind=summon": ("11.3.1", "11.12.1"),
    "ability.kind=keyword": ("15.2",),
    "ability.restrictions=ex_burst": ("11.10.1", "11.10.2", "11.10.3"),
    "ability.timing=enters_field": ("11.8.16", "11.8.16.2.1"),
    "ability.timing=attacks": ("10.1.2", "10.1.2.1"),
    "ability.timing=blocks": ("10.1.3", "10.1.3.1"),
    "ability.timing=is_blocked": ("10.1.3", "10.1.3.1"),
    "ability.timing=put_into_break_zone": ("11.8.16", "7.10.1"),
    "ability.timing=leaves_field": ("11.8.16",),
    "ability.timing=forms_party": ("15.1.1.9.1",),
    "ability.timing=is_chosen": ("11.8.9",),
    "ability.timing=deals_damage": ("6.5.1", "5.2.6.1"),
    "ability.timing=is_dealt_damage": ("5.2.6.1",),
    "ability.timing=you_receive_damage": ("6.5.2",),
    "ability.timing=uses_ability": ("11.6.1",),
    "ability.timing=opponent_uses_ability": ("11.6.1", "11.10.1"),
    "ability.timing=put_from_deck_into_break_zone": ("7.9.1", "7.10.1"),
    "ability.timing=when_do_so": ("11.8.17", "11.8.17.1"),
    "ability.timing=priming": ("15.2.9.3",),
    "ability.timing=beginning_of_attack": ("9.4", "11.8.2"),
    "ability.timing=beginning_of_main": ("9.3", "11.8.2"),
    "ability.timing=end_of_turn": ("9.5", "11.8.2"),
    # costs (11.2 CP; 11.6.2 / 11.7.2 cost before the colon; 15.2.2.3 dull icon and Haste)
    "cost": ("11.2.1", "11.6.2.1", "11.6.10"),
    "cost.dull_self": ("11.6.2.2", "15.2.2.3"),
    "cost.special": ("11.7.1",),
    "cost.x": ("11.8.11",),
    "cost.effects": ("11.6.2.3", "11.6.2.4"),
    "pay": ("11.2.1",),
    # choosing and selecting (11.6.5: "select" is not "choose"); owners and controllers (6.2)
    "choose": ("11.6.5", "11.8.9"),
    "selector.choose=choose": ("11.6.5", "11.11.2"),
    "selector.choose=select": ("11.6.5",),
    "selector.self_ref": ("5.2.4.1",),
    "selector.owner=opponent": ("6.2.5", "7.2.1"),
    "selector.owner=you": ("6.2.5", "7.2.1"),
    "selector.state=dull": ("6.3.1",),
    "selector.state=active": ("6.3.1",),
    "selector.state=in_party": ("15.1.1.9.1",),
    "selector.zone=break": ("7.10.1",),
    "selector.zone=hand": ("7.11.1",),
    "selector.families": ("6.6.2", "6.6.3"),
    "selector.categories": ("5.2.2.2",),
    "selector.colors": ("5.2.1.1",),
    "threshold": ("4.1",),
    # directives (15.1.1 keyword actions)
    "destroy": ("15.1.1.3.1", "15.1.1.3.2"),
    "damage": ("6.5", "5.2.6.1"),
    "damage.player=you": ("6.5.1", "6.5.2"),
    "damage.player=opponent": ("6.5.1", "6.5.2"),
    "set_state.state=dull": ("15.1.1.2.1", "15.1.1.2.2"),
    "set_state.state=active": ("15.1.1.1.1", "15.1.1.1.2"),
    "set_state.state=frozen": ("15.2.4.1", "15.2.4.2"),
    "draw": ("9.2.1", "7.11.1"),
    "discard": ("15.1.1.4.1",),
    "move.dest=removed": ("15.1.1.5.1", "7.13.1"),
    "move.dest=break": ("7.10.1",),
    "move.dest=hand": ("7.11.1",),
    "move.dest=deck_top": ("7.9.1",),
    "move.dest=deck_bottom": ("7.9.1",),
    "deploy.verb=play": ("6.2.4", "6.2.5"),
    "deploy.verb=cast": ("15.1.1.7.1", "11.3.11"),
    "search": ("15.1.1.8.1", "15.1.1.8.2", "15.1.1.8.3"),
    "reveal": ("7.9.2",),
    "reveal.zone=deck_shuffle": ("15.1.1.6.1",),
    "gain_crystal": ("6.8.1",),
    "counters": ("6.7.1", "6.7.2"),
    "counters.remove": ("15.1.1.10.1",),
    "cancel": ("11.11.2",),
    "cost_change": ("11.4.4", "11.4.6"),
    # effects and their order (11.11.5; 11.12 effects; 11.8.13 conditional; 11.12.5 replacement)
    "modal": ("11.6.6", "11.7.6", "11.8.10"),
    "delayed": ("11.8.17", "11.8.17.1", "11.8.17.2"),
    "conditional": ("11.8.13", "11.11.3"),
    "conditional.instead": ("11.12.5.1", "11.12.5.2"),
    "optional": ("11.8.14",),
    "sequence": ("11.11.5",),
    "modify_stat.stat=power": ("5.2.6.1", "11.12.4.2"),
    "modify_stat.stat=damage_received": ("11.12.5.1", "11.12.5.6"),
    "modify_stat.stat=damage_dealt_becomes": ("11.12.5.1", "11.12.5.2"),
    "redirect_damage": ("11.12.5.1", "11.12.5.2", "11.12.5.4", "6.5"),
    "modify_stat.duration=turn": ("11.12.4.1",),
    "gain": ("11.12.4.2",),
    "gain.duration=turn": ("11.12.4.1",),
    "restriction": ("11.12.4", "11.12.4.1"),
    "condition.kind=damage": ("15.2.6.1", "15.2.6.2"),
    "ability.restrictions=not_trigger_if": ("11.8.13",),
    "damage.amount_from=divided": ("6.5", "4.1"),
    # keyword abilities (15.2)
    "keyword.name=Brave": ("15.2.1.1", "15.2.1.2"),
    "keyword.name=Haste": ("15.2.2.1", "15.2.2.2", "15.2.2.3"),
    "keyword.name=First Strike": ("15.2.3.1", "15.2.3.2"),
    "keyword.name=Back Attack": ("15.2.5.1", "15.2.5.2"),
    "keyword.name=Warp": ("15.2.7.1", "15.2.7.2"),
    "keyword.name=Limit Break": ("15.2.8.1", "15.2.8.2"),
    "keyword.name=Priming": ("15.2.9.1", "15.2.9.2"),
}

#: one sentence of the project's own per keyword term of the rules, read by the grammar
KEYWORD_EXAMPLES: dict[str, str] = {
    "Activate": "《ダル》: Choose 1 Backup. Activate it.",
    "Back Attack": "Back Attack",
    "Brave": "Brave",
    "Break": "Choose 1 Forward of cost 2 or less. Break it.",
    "Cast": "《ダル》: Cast 1 Summon of cost 3 or less from your hand without paying the cost.",
    "Damage": "[[i]]Damage 4 --[[/]] Zed gains +2000 power.",
    "Discard": "When Zed enters the field, discard 1 card.",
    "Dull": "When Zed attacks, choose 1 Forward opponent controls. Dull it.",
    "First Strike": "First Strike",
    "Form a Party": "When Zed forms a party and attacks, draw 1 card.",
    "Party": "The Forwards forming a party you control gain +1000 power.",
    "Freeze": "《氷》《ダル》: Choose 1 Character. Freeze it.",
    "Haste": "Haste",
    "Limit Break": "[[i]]Limit Break -- 2[[/]]",
    "Priming": '[[i]]Priming "Zed, Reborn" --[[/]] 《火》《1》',
    "Remove a Card from the Game": "Put Zed into the Break Zone: Choose 1 card in your opponent's Break Zone. Remove it from the game.",
    "Remove a Counter": "《ダル》: Remove 1 Charge Counter from Zed. Draw 1 card.",
    "Search": "When Zed enters the field, you may search for 1 Forward of cost 2 and add it to your hand.",
    "Shuffle": "When Zed enters the field, shuffle your deck.",
    "Warp": "[[i]]Warp 2 --[[/]] 《水》《1》",
}

#: keyword terms of the rules the grammar does not read, and why
UNSUPPORTED: dict[str, str] = {
    "Groups": "splitting cards into groups (15.1.1.11) is printed on too few cards to template reliably; "
              "its sentences are reported as unparsed",
    "Keyword Abilities": "the heading of section 15.2, not a word printed on cards",
    "Keyword Actions": "the heading of section 15.1.1, not a word printed on cards",
}

__all__ = ["KEYWORD_EXAMPLES", "TABLE", "UNSUPPORTED"]
