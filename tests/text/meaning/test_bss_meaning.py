"""What the abilities of real Battle Spirits Saga cards mean, checked on their AST (issue 11.3).

For abilities of real cards of the training split (loaded from ../shared/corpus at test time; the
test is skipped, saying so, when the corpus is absent), the table states in its own words the
facts any correct reading must show: the effect and its numbers, whose cards, the trigger's event,
the condition and its scope. The facts are checked on the AST alone (tests/text/meaning/
meaning_check.py describes their small language); the printed text is never compared. Weighted
to the sets of the official rulings (BSS01, BSS02, ST01–ST05), whose cards the rulings suite plays.
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path

import pytest

from judge.text.typed import untyped_parts

from .meaning_check import check

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared" / "corpus" / "bss-cards.json"


# (card number, line of its text, what it says in our words, facts)
MEANING: list[tuple[str, int, str, list[str]]] = [
    # ── BSS01 ──
    ("BSS01-001", 3, "on attack, destroy any number of the opponent's spirits totalling at most 10000 BP",
     ["ability: kind=triggered timing=when_attacks levels=2,3",
      "destroy: target.owner=opponent target.up_to=yes target.count=none target.total_bp<=10000"]),
    ("BSS01-002", 0, "no player's life is reduced by attacks of spirits of 2000 BP or less",
     ["restriction: mode=cannot action=reduce_life player=each by.unit=attack by.about.bp<=2000"]),
    ("BSS01-002", 1, "on attack, destroy one opposing spirit of 2000 BP or less",
     ["ability: timing=when_attacks", "destroy: target.owner=opponent target.count=1 target.bp<=2000"]),
    ("BSS01-003", 1, "while attacking, when the battle ends, once a turn, may refresh all own spirits with Awaken",
     ["ability: timing=while_attacks restrictions=once_per_turn", "condition: kind=event event=battle_ends",
      "optional:", "set_state: state=refreshed target.owner=you target.with_keyword=Awaken target.count=none"]),
    ("BSS01-004", 1, "when destroyed, destroy an opposing spirit whose BP is at most this one's",
     ["ability: timing=when_destroyed levels=3",
      "destroy: target.owner=opponent", "threshold: stat=bp op=<= ref.self_ref=yes"]),
    ("BSS01-006", 0, "while attacking, its symbol counts as two red symbols if it carries a soul core",
     ["ability: timing=while_attacks", "condition: kind=is selector.self_ref=yes object.soul_cores>=1",
      "set_stat: stat=symbols value=2 colors=red target.self_ref=yes"]),
    ("BSS01-007", 0, "while it is summoned from hand, symbols of own Terrasaur/Emperor Beast spirits count double",
     ["ability: timing=while_paying_cost", "condition: kind=paying event=summoned selector.self_ref=yes",
      "set_stat: stat=symbols value=2 purpose=cost_reduction target.families=Terrasaur,Emperor_Beast",
      "optional:"]),
    ("BSS01-007", 1, "counts as level 3 while your spirits are all Terrasaur or Emperor Beast",
     ["condition: kind=only player=you selector.families=Terrasaur,Emperor_Beast",
      "set_level: level=3 target.self_ref=yes"]),
    ("BSS01-007", 3, "on attack, all own spirits +3000 BP this turn",
     ["modify_stat: stat=bp amount=3000 duration=turn target.owner=you target.count=none"]),
    ("BSS01-013", 0, "when summoned, destroy every opposing spirit of 2000 BP or less; their When Destroyed "
     "effects do not activate",
     ["destroy: target.owner=opponent target.count=none target.bp<=2000",
      "restriction: mode=cannot action=activate player=opponent object.effect=when_destroyed by.effect=this"]),
    ("BSS01-017", 0, "while attacking, draw when its attack reduces the opponent's life",
     ["ability: kind=triggered timing=while_attacks",
      "condition: kind=event event=life_reduced player=opponent by.unit=attack by.about.self_ref=yes",
      "draw: count=1 player=you"]),
    ("BSS01-022", 0, "level 3 while you have at most two spirits",
     ["condition: kind=count player=you threshold.count<=2 selector.owner=you", "set_level: level=3"]),
    ("BSS01-023", 0, "on attack, two cores from your trash onto one of your spirits",
     ["move_cores: count=2 source=trash dest=spirit dest_target.owner=you"]),
    ("BSS01-025", 0, "when summoned, own Terrasaur spirits +1000 BP this turn",
     ["modify_stat: amount=1000 duration=turn target.families=Terrasaur target.owner=you"]),
    ("BSS01-026", 0, "life taken by own Curse or Bloodcurse spirits goes to the void instead",
     ["ability: kind=triggered",
      "condition: kind=event event=life_reduced player=opponent by.with_keyword=Curse",
      "conditional: instead=yes", "move_cores: source=lost_life dest=void"]),
    ("BSS01-026", 2, "during your attack step, own Curse spirits gain Bloodcurse",
     ["ability: timing=during_your_attack_step",
      "gain: keyword.name=Bloodcurse target.with_keyword=Curse target.owner=you"]),
    ("BSS01-027", 0, "when summoned, a Curse or Bloodcurse spirit from your trash to your hand",
     ["move: dest=hand target.zone=trash target.with_keyword=Curse"]),
    ("BSS01-027", 1, "on attack, destroy an opposing spirit carrying exactly one core",
     ["destroy: target.owner=opponent target.cores==1"]),
    ("BSS01-028", 1, "when destroyed, three cores of a refreshed opposing spirit to their reserve",
     ["move_cores: count=3 source=spirit dest=opponent_reserve source_target.state=refreshed "
      "source_target.owner=opponent"]),
    ("BSS01-028", 2, "when destroyed, each player discards five cards",
     ["discard: count=5 player=each"]),
    ("BSS01-029", 0, "on attack, draw if it carries a soul core",
     ["condition: kind=is selector.self_ref=yes object.soul_cores>=1", "draw: count=1"]),
    ("BSS01-034", 1, "on attack, all but one core of an opposing spirit to their reserve",
     ["move_cores: source=spirit dest=opponent_reserve source_target.owner=opponent",
      "threshold: stat=cores op=== value=-1"]),
    ("BSS01-038", 0, "on attack, may destroy one of your spirits to choose: two cores off an opposing spirit, "
     "or draw two",
     ["optional:", "cost:", "destroy: target.owner=you", "modal: count=1",
      "move_cores: count=2 up_to=yes dest=opponent_reserve", "draw: count=2"]),
    ("BSS01-038", 1, "when destroyed, the opponent chooses one of their spirits and it is destroyed",
     ["destroy: target.owner=opponent target.count=1"]),
    ("BSS01-039", 1, "when summoned, destroy an exhausted opposing spirit costing 4 or less (label colon missing)",
     ["ability: timing=when_summoned", "destroy: target.state=exhausted target.cost<=4 target.owner=opponent"]),
    ("BSS01-042", 0, "gains Curse, active while attacking, if it carries a soul core",
     ["condition: kind=is object.soul_cores>=1", "gain: keyword.name=Curse timing=while_attacks"]),
    ("BSS01-043", 0, "during the opponent's attack step, refresh when one of your purple spirits is destroyed",
     ["ability: kind=triggered timing=during_opponents_attack_step",
      "condition: kind=event event=destroyed selector.colors=purple selector.owner=you",
      "set_state: state=refreshed target.self_ref=yes"]),
    ("BSS01-047", 1, "own Curse spirits cannot be blocked by the opponent's level-1 spirits",
     ["restriction: action=be_blocked target.with_keyword=Curse by.owner=opponent by.level==1"]),
    ("BSS01-048", 0, "in your attack step, when an own Shadow spirit hits the opponent's life, a core off an "
     "opposing spirit",
     ["condition: kind=event event=life_reduced by.families=Shadow",
      "move_cores: count=1 source=spirit dest=opponent_reserve source_target.owner=opponent"]),
    ("BSS01-051", 0, "on attack, pay its soul core; per nexus on the field, one white spirit of yours is unblockable",
     ["move_cores: core_type=soul source_target.self_ref=yes",
      "restriction: action=be_blocked duration=turn target.colors=white",
      "threshold: stat=count_per ref.card_types=nexus ref.owner=each"]),
    ("BSS01-051", 1, "when it would be destroyed by the opponent's effect, may pay a core to stay refreshed",
     ["condition: kind=would event=destroyed selector.self_ref=yes by.owner=opponent by.unit=effect",
      "optional:", "move: dest=field target.state=refreshed"]),
    ("BSS01-052", 0, "in the opponent's attack step, with a white nexus, refresh at the step's start",
     ["condition: kind=count selector.colors=white selector.card_types=nexus",
      "condition: kind=event event=step_start", "set_state: state=refreshed"]),
    ("BSS01-052", 1, "on attack or block, may bounce an opposing spirit costing 3 or less",
     ["ability: timing=when_attacks_or_blocks", "move: dest=hand target.owner=opponent target.cost<=3"]),
    ("BSS01-057", 0, "own Mecha spirits about to be destroyed by opposing destruction effects stay exhausted",
     ["condition: kind=would event=destroyed selector.families=Mecha by.effect=destruction",
      "conditional: instead=yes", "move: dest=field target.families=Mecha target.state=exhausted"]),
    ("BSS01-059", 1, "at the start of the opponent's attack step, may choose an opposing spirit that must "
     "attack first",
     ["condition: kind=event event=step_start", "optional:", "condition: kind=possible",
      "restriction: mode=must action=attack_first target.owner=opponent"]),
    ("BSS01-059", 2, "on attack, bounce an opposing spirit without Ascend",
     ["move: dest=hand target.without=Ascend target.owner=opponent"]),
    ("BSS01-060", 1, "with a soul core, can block spirits with at most two cores although exhausted",
     ["restriction: mode=can action=block_while_exhausted object.cores<=2 object.owner=opponent",
      "condition: kind=is object.soul_cores>=1"]),
    ("BSS01-061", 1, "a second refresh step after your attack step, once a turn",
     ["extra_step: step=refresh_step after=attack_step", "ability: restrictions=once_per_turn"]),
    ("BSS01-067", 2, "own spirits gain Armor against red, purple and white",
     ["gain: keyword.name=Armor keyword.params=red,purple,white target.owner=you"]),
    ("BSS01-071", 0, "in the opponent's attack step, refresh when an own spirit with Armor blocks",
     ["condition: kind=event event=blocks selector.with_keyword=Armor", "set_state: state=refreshed"]),
    ("BSS01-072", 0, "a core from your trash to your reserve; +3000 BP if it was a soul core",
     ["move_cores: source=trash dest=reserve",
      "condition: kind=happened event=core_placed window=this_effect object.unit=soul_core",
      "modify_stat: amount=3000 target.self_ref=yes"]),
    ("BSS01-073", 0, "the opponent's effects cannot remove cores from it or from spirits carrying a soul core",
     ["restriction: action=have_cores_removed target.self_ref=yes by.owner=opponent",
      "restriction: action=have_cores_removed target.soul_cores>=1 by.unit=effect"]),
    ("BSS01-076", 1, "with a soul core, may use magic cards from hand for free",
     ["condition: kind=is object.soul_cores>=1",
      "deploy: verb=use free=yes target.card_types=magic target.zone=hand"]),
    ("BSS01-077", 1, "while attacking, once a turn, refresh after a magic card of yours resolves",
     ["condition: kind=event event=uses player=you object.card_types=magic",
      "condition: kind=after_resolves", "set_state: state=refreshed target.self_ref=yes"]),
    ("BSS01-080", 0, "when summoned with a soul core in the cost, draw two",
     ["condition: kind=happened event=spends window=cost object.unit=soul_core", "draw: count=2"]),
    ("BSS01-081", 0, "in either main step, all nexuses lose their level-1 effects for good",
     ["lose_effects: levels=1 no_regain=yes target.card_types=nexus"]),
    ("BSS01-083", 1, "on attack, own cost-2 spirits cannot be blocked by level-2-or-higher opposing spirits",
     ["restriction: action=be_blocked duration=turn target.cost==2 by.level>=2 by.owner=opponent"]),
    ("BSS01-087", 0, "reveal the top card; a Fabled Beast spirit card goes to hand, anything else is discarded",
     ["reveal: count=1", "condition: kind=is object.families=Fabled_Beast negated=no",
      "condition: kind=is object.families=Fabled_Beast negated=yes", "discard:"]),
    ("BSS01-091", 0, "on attack, an opposing spirit -1000 BP per own spirit this turn",
     ["modify_stat: amount=-1000 duration=turn per.owner=you target.owner=opponent"]),
    ("BSS01-091", 1, "with three or more spirits, may place a void core on it to survive exhausted",
     ["condition: kind=would event=destroyed", "condition: kind=count threshold.count>=3",
      "move: dest=field target.state=exhausted"]),
    ("BSS01-094", 0, "may reveal three, add a magic card, rest to the bottom; five instead with a soul core",
     ["reveal: count=3", "move: dest=hand target.card_types=magic", "move: dest=deck_bottom",
      "conditional: instead=yes", "reveal: count=5"]),
    ("BSS01-099", 0, "the first magic card you use each turn costs 1 less",
     ["cost_change: amount=-1 target.card_types=magic target.state=first_used_each_turn"]),
    ("BSS01-101", 0, "in your draw step, one extra card",
     ["ability: timing=during_your_draw_step", "draw: additional=yes count=1"]),
    ("BSS01-102", 1, "when an own Terrasaur destroys in battle, destroy an opposing spirit with the destroyed "
     "one's BP",
     ["condition: kind=event event=destroys selector.families=Terrasaur qualifiers=via_battle",
      "destroy: target.owner=opponent", "threshold: stat=bp op=== ref.owner=opponent"]),
    ("BSS01-104", 0, "when an own spirit is destroyed in battle, a cheaper spirit card from trash to hand",
     ["condition: kind=event event=destroyed qualifiers=via_battle selector.owner=you",
      "move: dest=hand target.zone=trash", "threshold: stat=cost op=< ref.owner=you"]),
    ("BSS01-105", 1, "at your start step, with no opposing spirit exhausted, all but one core off one of them",
     ["condition: kind=count threshold.count==0 selector.state=exhausted selector.owner=opponent",
      "move_cores: dest=opponent_reserve source_target.owner=opponent"]),
    ("BSS01-106", 0, "draw when an opposing spirit is exhausted",
     ["ability: kind=triggered", "condition: kind=event event=exhausted selector.owner=opponent", "draw:"]),
    ("BSS01-107", 0, "when placed, mill one; unless it is a spirit card, a core off an opposing spirit",
     ["ability: timing=when_placed", "discard: count=1 target.zone=deck_top",
      "condition: kind=is negated=yes object.card_types=spirit",
      "move_cores: dest=opponent_reserve source_target.owner=opponent"]),
    ("BSS01-108", 1, "once a turn, an own Serpent about to be destroyed may go to hand for a discard",
     ["condition: kind=would event=destroyed selector.families=Serpent", "ability: restrictions=once_per_turn",
      "move: dest=hand target.families=Serpent", "cost:", "discard: count=1"]),
    ("BSS01-110", 1, "in your core step with a Mecha spirit, two cores instead of one",
     ["condition: kind=count selector.families=Mecha", "conditional: instead=yes",
      "move_cores: count=2 source=void dest=reserve"]),
    ("BSS01-111", 1, "when the opponent draws outside the draw step, they discard a card",
     ["condition: kind=event event=draws player=opponent qualifiers=outside_draw_step",
      "discard: count=1 player=opponent"]),
    ("BSS01-112", 0, "with a burst set, own white nexuses cannot be destroyed by effects of red opposing "
     "spirits or magic",
     ["condition: kind=count selector.zone=burst player=you",
      "restriction: action=be_destroyed target.colors=white target.card_types=nexus by.unit=effect "
      "by.about.colors=red by.about.owner=opponent"]),
    ("BSS01-112", 1, "when an own spirit is destroyed by the opponent, bounce an opposing nexus",
     ["condition: kind=event event=destroyed selector.owner=you by.owner=opponent",
      "move: dest=hand target.card_types=nexus target.owner=opponent"]),
    ("BSS01-113", 0, "in your main step, when you summon a Fabled Beast spirit, may exhaust this nexus to draw",
     ["condition: kind=event event=summons player=you object.families=Fabled_Beast",
      "set_state: state=exhausted target.self_ref=yes", "draw: count=1"]),
    ("BSS01-116", 1, "at your start step, if all your spirits share one cost, -2000 BP to an opposing spirit",
     ["condition: kind=is object.distinct_costs==1", "modify_stat: amount=-2000 target.owner=opponent"]),
    ("BSS01-117", 0, "this turn, Star Dragon spirit cards in hand cost your life total",
     ["set_stat: stat=cost duration=turn target.zone=hand target.families=Star_Dragon equal_to.stat=life "
      "equal_to.ref.unit=life"]),
    ("BSS01-118", 0, "burst when the opponent resolves a spirit's When Summoned: draw two; may pay the cost "
     "for the main effect",
     ["ability: kind=burst", "condition: kind=event event=resolves player=opponent object.effect=when_summoned",
      "draw: count=2", "activate: step=main pay_cost=yes target.self_ref=yes"]),
    ("BSS01-122", 0, "each player's chosen spirit is destroyed",
     ["destroy: target.owner=opponent target.count=1", "destroy: target.owner=you target.count=1"]),
    ("BSS01-123", 0, "burst when the opponent destroys your spirit: all but one core off a spirit to its "
     "owner's reserve",
     ["ability: timing=burst_when_opponent_destroys_your_spirit", "move_cores: dest=owners_reserve",
      "activate: step=flash target.self_ref=yes"]),
    ("BSS01-125", 0, "discard any number of cards; a core off an opposing spirit to their trash per card",
     ["discard: target.up_to=yes", "move_cores: dest=opponent_trash per.state=discarded"]),
    ("BSS01-127", 1, "when this battle ends, the attack step ends",
     ["condition: kind=event event=battle_ends", "end_step: step=attack_step"]),
    ("BSS01-128", 0, "refresh one of your spirits that is not attacking",
     ["set_state: state=refreshed target.owner=you target.excluding.state=attacking"]),
    ("BSS01-130", 0, "+3000 BP; with a soul core in the cost, it may also block while exhausted",
     ["modify_stat: amount=3000", "condition: kind=happened event=spends window=cost",
      "restriction: mode=can action=block_while_exhausted duration=turn"]),
    ("BSS01-136", 0, "burst: opposing spirits -1000 BP per nexus the opponent controls, this turn",
     ["modify_stat: amount=-1000 duration=turn target.owner=opponent per.card_types=nexus per.owner=opponent"]),
    # ── BSS02 ──
    ("BSS02-001", 1, "in your attack step, when an own soul-core spirit wins a battle, destroy an opposing "
     "spirit of 6000 BP or less",
     ["condition: kind=event event=destroys qualifiers=via_battle selector.soul_cores>=1",
      "destroy: target.bp<=6000 target.owner=opponent"]),
    ("BSS02-005", 1, "on your turn, when you draw with your own effect, destroy an opposing 3000-BP spirit",
     ["condition: kind=event event=draws player=you by.unit=effect by.owner=you",
      "destroy: target.bp<=3000"]),
    ("BSS02-005", 2, "while attacking, with 3 or fewer life, when you hit the opponent's life, draw two",
     ["condition: kind=all", "condition: kind=count threshold.life<=3 player=you",
      "condition: kind=event event=life_reduced player=opponent", "draw: count=2"]),
    ("BSS02-009", 0, "when an own spirit or magic costing 7+ destroys an opposing spirit, level 3 this turn",
     ["condition: kind=event event=destroys selector.cost>=7 selector.card_types=spirit,magic",
      "set_level: level=3 duration=turn"]),
    ("BSS02-012", 0, "the opponent destroys one of their nexuses costing 3 or 6",
     ["destroy: target.card_types=nexus target.owner=opponent target.costs=3,6"]),
    ("BSS02-012", 1, "gains Confront while attacking if the opponent has a spirit with a When Summoned effect",
     ["condition: kind=count player=opponent selector.has_effect=when_summoned",
      "gain: keyword.name=Confront timing=while_attacks target.self_ref=yes"]),
    ("BSS02-016", 0, "when summoned, destroy ten spirits of 4000 BP or less",
     ["destroy: target.count=10 target.bp<=4000 target.owner=none"]),
    ("BSS02-016", 2, "on your turn, when it destroys an opposing spirit, destroy an opposing nexus",
     ["condition: kind=event event=destroys selector.self_ref=yes object.owner=opponent",
      "destroy: target.card_types=nexus target.owner=opponent"]),
    ("BSS02-020", 0, "summon a Voidlord or Undead spirit from trash for free; its When Summoned does not "
     "activate",
     ["deploy: verb=summon free=yes target.zone=trash target.families=Voidlord,Undead",
      "restriction: action=activate object.effect=when_summoned target.state=summoned_by_this_effect"]),
    ("BSS02-022", 1, "in your attack step, when an own spirit's attack hits the opponent's life, a core off "
     "an opposing spirit",
     ["condition: kind=event event=life_reduced by.unit=attack by.about.owner=you",
      "move_cores: count=1 dest=opponent_reserve"]),
    ("BSS02-023", 1, "on attack, an opposing one-core spirit cannot block this battle",
     ["restriction: action=block duration=battle target.cores==1 target.owner=opponent"]),
    ("BSS02-024", 0, "may summon an exhausted spirit card costing 2 or less from trash",
     ["optional:", "deploy: verb=summon target.zone=trash target.cost<=2 target.state=exhausted"]),
    ("BSS02-028", 1, "the first time each turn an own purple spirit is destroyed, it returns to hand",
     ["condition: kind=event event=destroyed qualifiers=first_each_turn selector.colors=purple",
      "move: dest=hand target.colors=purple"]),
    ("BSS02-031", 1, "with a soul core spent, a regular core off an opposing spirit into the void",
     ["condition: kind=happened event=spends window=cost", "move_cores: dest=void core_type=core"]),
    ("BSS02-035", 1, "if summoned from hand, mill one; exhaust this if that card is not a spirit card",
     ["condition: kind=happened event=summons zone=hand window=trigger",
      "condition: kind=is negated=yes object.card_types=spirit", "set_state: state=exhausted"]),
    ("BSS02-039", 1, "when either player loses life, may bounce an own Mecha to refresh this",
     ["condition: kind=event event=loses_life player=each",
      "move: dest=hand target.families=Mecha", "set_state: state=refreshed target.self_ref=yes"]),
    ("BSS02-040", 0, "on the opponent's turn, their magic from hand costs them an extra discard",
     ["condition: kind=event event=uses player=opponent object.card_types=magic",
      "sequence: connector=additional_cost", "discard: player=opponent count=1"]),
    ("BSS02-042", 0, "with no more spirits than the opponent, summon a Mecha token",
     ["condition: kind=compare threshold.count<=0 threshold.ref.owner=opponent",
      "deploy: verb=summon target.families=Mecha,Token"]),
    ("BSS02-044", 0, "draw with a smaller hand than the opponent's; a life core with less life",
     ["condition: kind=compare threshold.count<0 selector.zone=hand",
      "condition: kind=compare threshold.life<0", "move_cores: source=void dest=life"]),
    ("BSS02-046", 0, "at the end of the turn three trash cores onto it; no soul core may go on it so",
     ["condition: kind=event event=turn_end", "move_cores: count=3 source=trash dest=spirit",
      "restriction: action=place_cores object.unit=soul_core"]),
    ("BSS02-050", 0, "with a soul core, it cannot be selected nor lose cores to opposing spirits' effects",
     ["restriction: action=be_selected by.about.owner=opponent",
      "restriction: action=have_cores_removed by.about.owner=opponent"]),
    ("BSS02-050", 1, "while attacking, it cannot be blocked by opposing spirits costing 3 or less",
     ["restriction: action=be_blocked by.cost<=3 by.owner=opponent target.self_ref=yes"]),
    ("BSS02-054", 0, "whenever cards are drawn outside the draw step, each player pays a core per card",
     ["condition: kind=event event=draws qualifiers=outside_draw_step",
      "move_cores: player=each dest=trash", "condition: kind=for_each selector.state=drawn"]),
    ("BSS02-058", 0, "yellow magic cards from trash to hand costing the same as one of your spirits",
     ["move: dest=hand target.colors=yellow target.card_types=magic target.zone=trash",
      "threshold: stat=cost op=== ref.owner=you"]),
    ("BSS02-059", 0, "all non-Voidlord spirits count as level 1 this turn",
     ["set_level: level=1 duration=turn target.not_families=Voidlord"]),
    ("BSS02-059", 1, "your attacking Voidlord spirits cannot be blocked by spirits with less BP",
     ["condition: kind=is object.state=attacking selector.families=Voidlord",
      "restriction: action=be_blocked", "threshold: stat=bp op=<"]),
    ("BSS02-062", 0, "reveal the top card; summon it free if it is a spirit card matching a cost, else discard",
     ["reveal: count=1", "conditional:", "deploy: verb=summon free=yes", "discard:"]),
    ("BSS02-062", 1, "own yellow spirits also are Otherlander",
     ["gain: family=Otherlander target.colors=yellow target.owner=you"]),
    ("BSS02-065", 1, "on attack, another own Otherlander's When Summoned effect activates",
     ["activate: effect=when_summoned target.families=Otherlander target.other=yes"]),
    ("BSS02-068", 1, "with four or more other level-1 spirits, two opposing spirits -3000 BP",
     ["condition: kind=count threshold.count>=4 selector.level==1 selector.other=yes",
      "modify_stat: amount=-3000 target.count=2 target.owner=opponent"]),
    ("BSS02-068", 2, "when a core enters your reserve, an opposing spirit is level 1 this turn",
     ["condition: kind=event event=core_placed zone=reserve player=you", "set_level: level=1"]),
    ("BSS02-070", 0, "on the opponent's turn, own yellow spirits costing 4+ keep their cores against their "
     "effects",
     ["restriction: action=have_cores_removed target.colors=yellow target.cost>=4 by.owner=opponent"]),
    ("BSS02-078", 1, "while attacking, when a core is placed on it, the opponent exhausts two of their refreshed "
     "spirits",
     ["condition: kind=event event=core_placed selector.self_ref=yes",
      "set_state: state=exhausted target.count=2 target.state=refreshed target.owner=opponent"]),
    ("BSS02-087", 0, "in either attack step, Insectoid and Carapite spirit cards in hand gain Swift",
     ["gain: keyword.name=Swift target.zone=hand target.families=Insectoid,Carapite"]),
    ("BSS02-088", 0, "with a soul core spent, the opponent discards a card",
     ["condition: kind=happened event=spends", "discard: player=opponent"]),
    ("BSS02-093", 0, "at the start of the opponent's attack step, a void core onto an own spirit stronger than "
     "their strongest",
     ["condition: kind=event event=step_start", "move_cores: source=void dest=spirit",
      "threshold: stat=bp op=> ref.owner=opponent"]),
    ("BSS02-093", 1, "own spirits costing 3 or less have 4000 BP at level 1",
     ["set_stat: stat=bp level=1 value=4000 target.cost<=3"]),
    ("BSS02-096", 0, "when destroyed, the opponent exhausts one spirit per other own spirit of 4000+ BP",
     ["set_state: state=exhausted target.owner=opponent",
      "threshold: stat=count_per ref.bp>=4000 ref.other=yes ref.owner=you"]),
    ("BSS02-102", 0, "your attacking spirit that is blocked gets +1000 BP",
     ["condition: kind=is selector.state=attacking object.state=blocked",
      "modify_stat: amount=1000 target.state=attacking"]),
    ("BSS02-103", 0, "when your spirit's attack hits the opponent's life, two cores off an exhausted opposing "
     "spirit",
     ["condition: kind=event event=life_reduced by.unit=attack",
      "move_cores: count=2 source_target.state=exhausted dest=opponent_reserve"]),
    ("BSS02-104", 0, "when your own effect destroys one of your spirits, a core off an opposing spirit",
     ["condition: kind=event event=destroys player=you by.unit=effect object.owner=you",
      "move_cores: dest=opponent_reserve"]),
    ("BSS02-105", 1, "draw when an own Undead spirit is destroyed by the opponent",
     ["condition: kind=event event=destroyed selector.families=Undead by.owner=opponent", "draw:"]),
    ("BSS02-107", 1, "on the opponent's main step, when their effect adds cards to their hand, own spirits "
     "+1000 BP",
     ["condition: kind=event event=added_to_hand by.unit=effect by.owner=opponent",
      "modify_stat: amount=1000 duration=turn"]),
    ("BSS02-108", 1, "own soul-core spirits cannot be selected by effects of opposing soul-core spirits",
     ["restriction: action=be_selected target.soul_cores>=1 by.about.soul_cores>=1 by.about.owner=opponent"]),
    ("BSS02-111", 1, "when a core enters your reserve, may exhaust this nexus to put reserve cores on up to "
     "two spirits",
     ["condition: kind=event event=core_placed zone=reserve",
      "move_cores: source=reserve dest=spirit up_to=yes dest_target.count=2 dest_target.up_to=yes"]),
    ("BSS02-115", 1, "in either attack step, When Destroyed effects on opposing spirits do not activate",
     ["restriction: action=activate object.effect=when_destroyed target.owner=opponent"]),
    ("BSS02-116", 1, "destroy an opposing 3000-BP spirit and an opposing nexus; draw if used in your main step",
     ["destroy: target.card_types=spirit target.bp<=3000", "destroy: target.card_types=nexus",
      "condition: kind=during event=main_step player=you", "draw:"]),
    ("BSS02-121", 0, "if the chosen opposing spirit attacks or blocks this turn, four of its cores to the "
     "opponent's reserve",
     ["condition: kind=event event=attacks_or_blocks qualifiers=this_turn",
      "move_cores: count=4 dest=opponent_reserve source_target.owner=opponent"]),
    ("BSS02-124", 0, "burst: own white spirits gain +2000 BP in battle when they block",
     ["gain: target.colors=white ability.timing=when_blocks",
      "modify_stat: amount=2000 duration=battle", "activate: step=flash"]),
    ("BSS02-124", 1, "refresh up to three own spirits; those without a When This Spirit Blocks effect cannot "
     "attack",
     ["set_state: state=refreshed target.count=3 target.up_to=yes",
      "restriction: action=attack duration=turn target.lacks_effect=when_blocks"]),
    ("BSS02-126", 0, "an own Machine Beast or Mecha spirit can block while exhausted this turn",
     ["restriction: mode=can action=block_while_exhausted duration=turn target.families=Machine_Beast,Mecha"]),
    ("BSS02-128", 1, "with three or more Otherlander spirits, opposing nexuses lose their effects this turn",
     ["condition: kind=count threshold.count>=3 selector.families=Otherlander",
      "lose_effects: no_regain=yes duration=turn target.owner=opponent target.card_types=nexus"]),
    ("BSS02-129", 0, "own yellow spirits cannot be blocked by opposing level-2 spirits this turn",
     ["restriction: action=be_blocked duration=turn target.colors=yellow by.level==2"]),
    ("BSS02-131", 0, "an opposing spirit cannot attack or block this turn",
     ["restriction: action=attack_or_block duration=turn target.owner=opponent"]),
    ("BSS02-133", 0, "the opponent exhausts two of their refreshed spirits",
     ["set_state: state=exhausted target.count=2 target.state=refreshed target.owner=opponent"]),
    ("BSS02-136", 0, "a spirit +1000 BP per Carapite or Insectoid you control",
     ["modify_stat: amount=1000 duration=turn per.families=Carapite,Insectoid per.owner=you"]),
    # ── ST01–ST05 ──
    ("ST01-002", 1, "on attack, reveal three; a Star Dragon spirit card to hand, the rest to the bottom",
     ["reveal: count=3", "move: dest=hand target.families=Star_Dragon target.zone=revealed",
      "move: dest=deck_bottom"]),
    ("ST01-003", 1, "in your attack step, own Awaken spirits gain Confront",
     ["gain: keyword.name=Confront target.with_keyword=Awaken"]),
    ("ST01-008", 0, "a red spirit card from trash to hand",
     ["move: dest=hand target.colors=red target.zone=trash"]),
    ("ST01-013", 0, "when an own soul-core spirit is destroyed, its cores onto another own spirit",
     ["condition: kind=event event=destroyed selector.soul_cores>=1",
      "move_cores: source=spirit dest=spirit source_target.soul_cores>=1 dest_target.owner=you"]),
    ("ST01-013", 1, "when an own Star Dragon is blocked, may exhaust this nexus to refresh it",
     ["condition: kind=event event=blocked selector.families=Star_Dragon",
      "set_state: state=refreshed target.families=Star_Dragon"]),
    ("ST01-015", 0, "burst when the opponent destroys your spirit: destroy an opposing 3000-BP spirit",
     ["ability: kind=burst timing=burst_when_opponent_destroys_your_spirit",
      "destroy: target.bp<=3000 target.owner=opponent"]),
    ("ST02-001", 1, "on attack, a core off an opposing spirit into their trash",
     ["move_cores: count=1 dest=opponent_trash source_target.owner=opponent"]),
    ("ST02-003", 0, "with a soul core on it, it cannot be blocked by opposing one-core spirits",
     ["condition: kind=is object.soul_cores>=1", "restriction: action=be_blocked by.cores==1"]),
    ("ST02-010", 0, "on attack, draw if the opponent has a spirit with only one core",
     ["condition: kind=count player=opponent selector.cores==1", "draw:"]),
    ("ST02-012", 0, "when placed, a core off an opposing spirit with two or more cores",
     ["move_cores: source_target.cores>=2 dest=opponent_reserve"]),
    ("ST02-013", 0, "draw when your effect destroys an opposing spirit by taking its cores",
     ["condition: kind=event event=destroys qualifiers=via_zero_cores by.owner=you object.owner=opponent"]),
    ("ST02-015", 0, "up to three cores off an exhausted opposing spirit",
     ["move_cores: count=3 up_to=yes source_target.state=exhausted"]),
    ("ST03-001", 0, "when blocking, safe this turn from opposing destruction effects and battle, and its cores "
     "stay",
     ["restriction: action=be_destroyed_or_in_battle duration=turn by.effect=destruction",
      "restriction: action=have_cores_removed duration=turn"]),
    ("ST03-001", 1, "at the end of the opponent's turn, if you lost no life, a core of their life to their trash",
     ["ability: timing=end_of_opponents_turn",
      "condition: kind=happened event=loses_life negated=yes window=this_turn",
      "move_cores: source=opponent_life dest=opponent_trash"]),
    ("ST03-004", 0, "when an opposing spirit returns to their hand or deck, a void core onto this",
     ["condition: kind=event event=returned zone=hand/deck selector.owner=opponent"]),
    ("ST03-010", 1, "when blocking, an opposing spirit does not refresh in their next refresh step",
     ["restriction: action=refresh_in_refresh_step target.owner=opponent"]),
    ("ST03-011", 0, "a void core onto an own spirit with a When This Spirit Blocks effect",
     ["move_cores: source=void dest=spirit dest_target.has_effect=when_blocks"]),
    ("ST03-012", 1, "at the start of the opponent's attack step, refresh own spirits without effects",
     ["condition: kind=event event=step_start", "set_state: target.lacks_effect=any target.count=none"]),
    ("ST03-013", 0, "when the opponent draws outside their draw step, may pay a soul core to draw",
     ["condition: kind=event event=draws player=opponent", "move_cores: core_type=soul", "draw:"]),
    ("ST03-016", 0, "on the opponent's turn, own spirits +3000 BP this turn",
     ["condition: kind=turn player=opponent", "modify_stat: amount=3000 target.owner=you"]),
    ("ST04-004", 0, "refresh when another own cost-2 spirit is blocked",
     ["condition: kind=event event=blocked selector.cost==2 selector.other=yes", "set_state: state=refreshed"]),
    ("ST04-010", 0, "reveal the top card; to hand if it costs 2, else discard",
     ["condition: kind=is object.cost==2 negated=no", "condition: kind=is object.cost==2 negated=yes",
      "move: dest=hand", "discard:"]),
    ("ST04-011", 0, "draw when an own cost-2 spirit is destroyed in battle",
     ["condition: kind=event event=destroyed qualifiers=via_battle selector.cost==2"]),
    ("ST04-012", 1, "an own yellow spirit about to be destroyed may go to hand instead of the trash",
     ["condition: kind=would event=destroyed selector.colors=yellow", "conditional: instead=yes",
      "move: dest=hand target.colors=yellow"]),
    ("ST04-013", 1, "own yellow spirits cannot be blocked by opposing spirits with a When This Spirit Blocks "
     "effect",
     ["restriction: action=be_blocked target.colors=yellow by.has_effect=when_blocks"]),
    ("ST05-001", 0, "when it or an own Swift spirit wins a battle, exhaust an opposing spirit",
     ["condition: kind=event event=destroys qualifiers=via_battle selector.self_ref=yes",
      "set_state: state=exhausted target.owner=opponent"]),
    ("ST05-005", 0, "in your attack step, when an own spirit is summoned, +2000 BP this turn",
     ["condition: kind=event event=summoned selector.owner=you", "modify_stat: amount=2000 duration=turn"]),
    ("ST05-005", 1, "refresh when only the opponent's spirit is destroyed in battle",
     ["condition: kind=event event=destroyed qualifiers=via_battle,only selector.owner=opponent"]),
    ("ST05-008", 1, "while attacking, when the battle ends, may pay two of its cores to give a spirit +3000 BP",
     ["condition: kind=event event=battle_ends", "move_cores: count=2 source=spirit dest=reserve",
      "modify_stat: amount=3000 duration=turn"]),
    ("ST05-012", 0, "the first spirit to attack each turn gets +1000 BP per green spirit you control",
     ["modify_stat: amount=1000 target.state=first_attacker_this_turn per.colors=green per.owner=you"]),
    ("ST05-012", 1, "in the opponent's attack step, draw when the opponent reduces your life",
     ["condition: kind=event event=life_reduced player=you by.owner=opponent"]),
]


@cache
def _corpus() -> tuple[dict, object]:
    from judge.cards.importers import read_cards
    from judge.text.lexicon import Lexicon

    cards = read_cards(CORPUS, "bss")
    return {c.number: c for c in cards}, Lexicon.from_cards(cards)


def _validation_sets() -> set[str]:
    conf = tomllib.loads((ROOT / "bench" / "validation.toml").read_text(encoding="utf-8"))
    return set(conf["bss"]["sets"])


def _ability(number: str, line: int):
    from judge.text.parse import parse_text

    cards, lexicon = _corpus()
    card = cards[number]
    result = parse_text(card.text, "bss", name=card.name, lexicon=lexicon)
    start = sum(len(x) + 1 for x in card.text.split("\n")[:line])
    found = [a for a in result.abilities if a.span.start == start]
    missing = [u for u in result.unparsed if start <= u.start < start + len(card.text.split("\n")[line])]
    return found[0] if found else None, missing


def test_the_table_covers_a_hundred_abilities_mostly_of_the_ruling_sets() -> None:
    assert len(MEANING) >= 100
    ruled = [n for n, *_ in MEANING if n.startswith(("BSS01", "BSS02", "ST0"))]
    assert len(ruled) >= 0.8 * len(MEANING)
    assert len({(n, i) for n, i, *_ in MEANING}) == len(MEANING)


@pytest.mark.skipif(not CORPUS.is_file(), reason=f"the real card corpus is absent ({CORPUS})")
@pytest.mark.parametrize(("number", "line", "said", "facts"), MEANING, ids=[f"{n}#{i}" for n, i, *_ in MEANING])
def test_the_reading_keeps_what_the_ability_says(number: str, line: int, said: str, facts: list[str]) -> None:
    cards, _ = _corpus()
    assert cards[number].set not in _validation_sets(), "the meaning table reads training cards only"
    ability, missing = _ability(number, line)
    assert ability is not None and not missing, f"{number} line {line} is not read: {missing}"
    assert untyped_parts(ability, "bss") == [], said
    failed = [f for f in facts if not check(ability, f)]
    assert not failed, f"{said}: not shown by the AST: {failed}\n{json.dumps(_shown(ability), indent=1)[:3000]}"


def _shown(ability) -> dict:
    from judge.text.ast import to_json

    return to_json(ability)
