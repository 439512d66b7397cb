"""The effect AST: what a card's text means, as typed frozen values.

This module is the contract between the card grammar (which builds these nodes through a Lark
Transformer) and the rules engines (which interpret them; they never see Lark trees or text).
It has no dependency on Lark. Node kinds are linked to rule clauses by the per-game link table
in `judge.text.links`; `to_json` adds those citations, so a node never carries a typed-in clause.

JSON form (contract): `{"kind": snake_case_class_name, …fields, "cites": [...]}`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from operator import attrgetter
from typing import Any


@dataclass(frozen=True)
class Span:
    """Where a node came from in the source text (character offsets, end exclusive)."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"bad span {self.start}..{self.end}")


class AbilityKind(str, Enum):  # noqa: UP042 - str() must stay "AbilityKind.X" for existing callers
    """What sort of ability a line of card text is (BS: 8-x; FFTCG: 11.x)."""

    TRIGGERED = "triggered"      # BS "When Summoned:" etc.; FFTCG auto-ability "When X enters…"
    ACTIVATED = "activated"      # BS [Main]/[Flash] effects of spirits and nexuses
    CONSTANT = "constant"        # BS constant effects; e.g. "While this spirit attacks"
    MAGIC = "magic"              # BS magic card effects ([Main] / [Flash])
    KEYWORD = "keyword"          # a keyword effect line (【Gale: 2】, Haste, Warp 2 -- 《火》)
    AUTO = "auto"                # FFTCG auto-ability
    FIELD = "field"              # FFTCG field ability
    ACTION = "action"            # FFTCG action ability (cost: effect)
    SPECIAL = "special"          # FFTCG special ability ([[s]]Name[[/]] 《S》…)
    SUMMON = "summon"            # FFTCG Summon card effect
    BURST = "burst"              # BS burst effect


class Duration(str, Enum):  # noqa: UP042
    """How long a modification lasts."""

    TURN = "turn"                # "during this turn" / "until end of turn"
    BATTLE = "battle"            # "during this battle"
    NEXT_TURN_END = "next_turn_end"  # "until the end of your opponent's next turn" and the like
    PERMANENT = "permanent"      # no duration stated (constant / continuous)
    YOUR_TURNS = "your_turns"    # FFTCG "… during your turn": applies only while it is your turn (11.12.4.4)
    OPPONENT_TURNS = "opponent_turns"  # FFTCG "… during your opponent's turn"
    NEXT_TURN_BEGIN = "next_turn_begin"  # FFTCG "until the beginning of your next turn" (11.12.4.1)
    OPPONENT_TURN_END = "opponent_turn_end"  # FFTCG "until the end of your opponent's (next) turn"
    WHILE_ON_FIELD = "while_on_field"  # FFTCG "for as long as X is on the field" (11.9.1)
    YOUR_NEXT_TURN_END = "your_next_turn_end"  # FFTCG "until the end of your next turn" (not the next turn)


class Player(str, Enum):  # noqa: UP042
    """Whose card, deck, hand or life: relative to the controller of the effect."""

    YOU = "you"
    OPPONENT = "opponent"
    ANY = "any"
    EACH = "each"


@dataclass(frozen=True)
class Threshold:
    """A numeric filter: "cost 3 or less", "BP 5000 or more", "power 7000 or less"."""

    stat: str                    # cost | bp | power | level | cores | symbols | count | life | ...
    op: str                      # "<=" | ">=" | "==" | "<" | ">"
    value: int
    ref: Selector | None = None  # compared with that card's stat ("fewer BP than this spirit"); value is
    #                              then a margin: stat op ref's stat + value ("higher … by 5000 or more")
    when: str | None = None      # BS: ref's stat at an earlier time ("than at the start of the turn"): turn_start

    def __post_init__(self) -> None:
        if self.op not in ("<=", ">=", "==", "<", ">"):
            raise ValueError(f"bad comparison {self.op!r}")


@dataclass(frozen=True)
class Keyword:
    """A keyword effect with its parameters: 【Armor: Red/Purple】 → Keyword("Armor", ("red", "purple"))."""

    name: str                    # canonical name, Title Case: "Armor", "Gale", "Haste", "Warp"
    params: tuple[str, ...] = ()
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Selector:
    """What an effect acts on: "up to two of your opponent's spirits with cost 3 or less"."""

    count: int | None = 1        # None = all ("each", "all")
    up_to: bool = False
    self_ref: bool = False       # "this spirit", "this card", "{Name}" referring to itself
    owner: Player | None = None  # whose card (controller for BS field cards)
    card_types: tuple[str, ...] = ()   # spirit, nexus, magic, forward, backup, monster, character, summon
    colors: tuple[str, ...] = ()       # BS colours / FFTCG elements, lower case
    families: tuple[str, ...] = ()     # BS families / FFTCG Job
    categories: tuple[str, ...] = ()   # FFTCG Category
    name: str | None = None            # a named card ("Card Name X")
    with_keyword: str | None = None    # "with 【Armor】"
    state: str | None = None           # exhausted | refreshed | dull | active
    zone: str | None = None            # field (default) | hand | trash | deck | break | damage
    thresholds: tuple[Threshold, ...] = ()
    costs: tuple[int, ...] = ()        # FFTCG "of cost 2, 3, 5 or 7": one of these costs
    about: Selector | None = None      # FFTCG "a Summon that is choosing X" / "an auto-ability triggered from X"
    other: bool = False                # "other than this spirit"
    choose: str = "select"             # FFTCG "choose" (targets) vs "select"; BS always "select"
    ref: str | None = None             # FFTCG "it" / "them": the card(s) an earlier part refers to
    also: tuple[Selector, ...] = ()    # FFTCG "up to 1 Forward … and up to 1 Backup …": chosen together
    either: tuple[Selector, ...] = ()  # FFTCG "When X or a Job Y Forward enters …": any one of them
    owned_by: Player | None = None     # FFTCG "owned by your opponent": the owner, where it is not the controller
    distinct: tuple[str, ...] = ()     # FFTCG "each of a different Element", "with different names": no two share it
    span: Span | None = None
    excluding: Selector | None = None  # BS "all spirits except blue Angel spirits": these are left out
    amount_var: str | None = None      # FFTCG "choose X Forwards" (4.5): count is per unit of that variable
    unit: str | None = None            # BS: what is counted when it is not a card (see UNITS)
    effect: str | None = None          # BS unit "effect": which effects (see EFFECT_KINDS), with `about` the
    #                                    cards they are on ("your opponent's destruction effects")
    without: tuple[str, ...] = ()      # BS "without 【Ascend】", "that does not have Ascend": keywords it lacks
    not_families: tuple[str, ...] = () # BS "non-Voidlord spirits": spirit types it has none of
    not_colors: tuple[str, ...] = ()   # BS "that is not red": colours it has none of
    not_names: tuple[str, ...] = ()    # BS "other than Rei Ayanami": card names it is not
    has_effect: tuple[str, ...] = ()   # BS "with a “When This Spirit Blocks” effect": Ability.timing ids it has
    lacks_effect: tuple[str, ...] = () # BS "without … effects" (timing ids); ("any",): "with no effects listed"
    every: int | None = None           # FFTCG "for every 2 cards …" (4): counted in groups of this many
    chooser: Player | None = None      # FFTCG "your opponent selects 1 Forward they control": who decides (11.11.5.1)
    selects: bool | None = None        # BS 8-5-3: False where the phrase itself fixes the card, so the effect
    #                                    selects nothing (the battle's attacking or blocking spirit); None: its
    #                                    count says (a count or "up to" selects, "all"/"each" does not)


@dataclass(frozen=True)
class Effect:
    """Base of effect directives; subclasses are the node kinds."""


@dataclass(frozen=True, kw_only=True)
class Destroy(Effect):
    """Destroy (BS) / Break (FFTCG) the selected cards."""

    target: Selector
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Draw(Effect):
    """A player draws N cards."""

    count: int
    player: Player = Player.YOU
    per: Selector | None = None  # FFTCG "draw 1 card for each …"
    span: Span | None = None
    until: bool = False          # BS "draw cards until you have N cards in your hand": count = N
    additional: bool = False     # BS "draw one additional card" (in the draw step, beside the usual draw)
    amount_var: str | None = None  # FFTCG "draw X cards" (4.5): count is per unit of that variable (X × count)


@dataclass(frozen=True, kw_only=True)
class Discard(Effect):
    """A player discards N cards (from hand), possibly of a kind."""

    count: int                   # FFTCG "discard your hand": 0, with target = the whole hand
    player: Player = Player.YOU
    target: Selector | None = None
    span: Span | None = None
    per: Selector | None = None      # BS "discard … for each …"
    controller_of: Selector | None = None  # FFTCG "That Forward's controller discards …": whose controller
    equal_to: Threshold | None = None  # BS "a number of cards … equal to that spirit's cost": the count is
    #                                    ref's stat (op "==", value unused)


@dataclass(frozen=True, kw_only=True)
class SetState(Effect):
    """Exhaust / refresh (BS), dull / activate (FFTCG), freeze (FFTCG)."""

    state: str                   # exhausted | refreshed | dull | active | frozen
    target: Selector
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class MoveCores(Effect):
    """Move N cores between named areas: reserve, trash, void, life, a spirit."""

    count: int | None            # None = all
    source: str                  # void | reserve | trash | life | spirit | this | opponent_life ...
    dest: str
    up_to: bool = False
    source_target: Selector | None = None
    dest_target: Selector | None = None
    player: Player = Player.YOU
    span: Span | None = None
    per: Selector | None = None      # BS "… for each spirit destroyed by this effect"
    until: int | None = None         # BS "… into your life until you have 5 life": the target total
    core_type: str | None = None     # BS "soul" (a soul core) | "core" ("a core that is not a soul core", 4-11-1)
    equal_to: Threshold | None = None  # BS "pay its cost": as many cores as ref's stat (op "==")


@dataclass(frozen=True, kw_only=True)
class ModifyStat(Effect):
    """+N/-N BP (BS) or power (FFTCG) with a duration."""

    stat: str                    # bp | power | cost | symbols | level
    amount: int
    target: Selector
    duration: Duration = Duration.TURN
    per: Selector | None = None  # FFTCG "for each …": amount is multiplied by their number
    span: Span | None = None
    same_as: Selector | None = None  # FFTCG "power becomes the same as that Forward's power": the value is that card's
    next_only: bool = False      # FFTCG "the next damage dealt to it …": a replacement used once (11.12.5)
    colors: tuple[str, ...] = ()  # BS stat "symbols": the colour of the symbols gained ("a green symbol")


@dataclass(frozen=True, kw_only=True)
class Deploy(Effect):
    """Summon / place / play onto the field / cast without paying, from a zone."""

    verb: str                    # summon | place | play | cast | use
    target: Selector
    free: bool = False           # "without paying the cost"
    span: Span | None = None
    duration: Duration = Duration.PERMANENT   # FFTCG "gain control of it until the end of the turn" (6.2.6)
    dull: bool = False           # FFTCG "play it onto the field dull" (6.3)
    onto: Player | None = None   # FFTCG whose field it enters ("onto your opponent's field": 6.2.4); None: "the field"
    player: Player | None = None  # FFTCG who does it ("your opponent gains control of X", 6.2.6); None: you


@dataclass(frozen=True, kw_only=True)
class Move(Effect):
    """Return to hand, put on top/bottom of deck, remove from the game, put into the Break Zone / trash."""

    target: Selector
    dest: str                    # hand | deck_top | deck_bottom | removed | trash | break | damage | life
    span: Span | None = None
    no_ex_burst: bool = False    # FFTCG "into the Damage Zone (its EX Burst effect will not trigger)" (11.10.2)
    after_use: bool = False      # FFTCG "remove that Summon from the game after use instead of putting it in the Break Zone"
    duration: Duration = Duration.PERMANENT  # FFTCG "remove it from the game for as long as X is on the field"
    any_order: bool = False      # FFTCG "… to the bottom of your deck in any order": the mover orders them (7.9)
    player: Player | None = None  # FFTCG "your opponent puts it …": who moves it (and picks top or bottom)
    under: int | None = None     # FFTCG dest deck_under_top: "under the top N cards of the deck" (7.9), N


@dataclass(frozen=True, kw_only=True)
class Reveal(Effect):
    """Reveal / look at / search the top N cards or a zone, then what happens to them."""

    count: int | None
    zone: str = "deck"
    then: tuple[Effect, ...] = ()
    span: Span | None = None
    amount_var: str | None = None  # FFTCG "the top X cards" (4.5): count is per unit of that variable
    target: Selector | None = None  # BS zone "selected": the cards revealed ("reveal it", "select a card from
    #                                 your opponent's hand at random and reveal it")


@dataclass(frozen=True, kw_only=True)
class Search(Effect):
    """Search your deck for a card matching a selector and put it somewhere."""

    target: Selector
    dest: str = "hand"
    span: Span | None = None
    under: int | None = None     # FFTCG dest deck_under_top: "put it under the top N cards of your deck" (7.9), N


@dataclass(frozen=True, kw_only=True)
class Damage(Effect):
    """Deal N damage to a Forward / player (FFTCG); send N life cores (BS 'reduce life')."""

    amount: int
    target: Selector | None = None   # None = a player (see player)
    player: Player | None = None
    per: Selector | None = None      # FFTCG "for each …": amount is multiplied by their number
    amount_from: str | None = None   # FFTCG "damage equal to its power": power_of_target | power_of_self | ...
    source: Selector | None = None   # FFTCG "X deals damage equal to its power to Y": the dealer (X)
    span: Span | None = None
    unit: int | None = None          # FFTCG "Divide N damage … (Units must be 1000.)": the unit of division
    amount_var: str | None = None    # FFTCG "X000 damage" (4.5): amount is per unit of that variable (1000 × X)


@dataclass(frozen=True, kw_only=True)
class Gain(Effect):
    """The target gains a keyword or ability for a duration."""

    target: Selector
    keyword: Keyword | None = None
    ability: Ability | None = None
    duration: Duration = Duration.TURN
    span: Span | None = None
    family: str | None = None        # BS "gains Otherlander spirit type" (a family, BSS 2-5)
    timing: str | None = None        # BS the gained keyword's active timing, from its printed reminder
    #                                  (": While This Spirit Attacks Confront", BSS 11-14-2): an Ability.timing id


@dataclass(frozen=True, kw_only=True)
class Restriction(Effect):
    """"cannot …" / "must …": a prohibition or obligation on a target or player."""

    mode: str                    # cannot | must
    action: str                  # attack | block | be_selected | be_destroyed | be_blocked | ...
    target: Selector | None = None
    player: Player | None = None
    duration: Duration = Duration.TURN
    by: Selector | None = None   # "cannot be blocked by a Forward of cost 3 or more": whose act is barred
    by_text: str | None = None   # the "by …" words as printed ("Summons or abilities your opponent controls")
    span: Span | None = None
    cost: Cost | None = None     # FFTCG "cannot attack unless you pay 《1》": the cost that lifts it (10.1.2.3)
    object: Selector | None = None   # BS "cannot block spirits with 5000 or more BP": what the act is aimed at


@dataclass(frozen=True, kw_only=True)
class Conditional(Effect):
    """"If …, …" (and "instead"): effects that happen only when a condition holds."""

    condition: Condition
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()
    instead: bool = False
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Sequence(Effect):
    """"Then," / "After this effect resolves,": effects done in order, the later one dependent."""

    connector: str               # then | after_resolves | and
    effects: tuple[Effect, ...]
    span: Span | None = None
    then_at: int | None = None   # FFTCG: the index in effects of the first one after "then" (0: "Then, X")


@dataclass(frozen=True, kw_only=True)
class Optional(Effect):
    """"You may …" (a choice the player makes at resolution)."""

    effects: tuple[Effect, ...]
    span: Span | None = None
    cost: Cost | None = None         # BS "you may <cost> to <effects>" (BSS 8-4-1): paid first
    player: Player | None = None     # FFTCG "your opponent may …": who chooses (None = the effect's controller)


@dataclass(frozen=True, kw_only=True)
class Attack(Effect):
    """BS "attack that spirit" (BSS 10-10-1: a spirit instructed to attack another spirit)."""

    target: Selector
    attacker: Selector | None = None   # None = the spirit the effect belongs to / just selected
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class SetStat(Effect):
    """BS "treat it as though it costs 5", "this card costs 3" (BSS 8-8-1-3-4: assign a value)."""

    stat: str                        # cost | bp | symbols | colors | card_type
    value: int
    target: Selector
    duration: Duration = Duration.PERMANENT
    span: Span | None = None
    colors: tuple[str, ...] = ()     # stat symbols / colors: the colours they are treated as
    level: int | None = None         # stat bp: the BP written for that level ("Treat the LV1 BP as 4000")
    purpose: str | None = None       # "when calculating cost reduction" (BSS 2-7-3): cost_reduction
    equal_to: Threshold | None = None  # "a cost equal to your life total": the value is ref's stat
    also: bool = False               # "… as red and purple as well": added to what it has, not instead


@dataclass(frozen=True, kw_only=True)
class SetLevel(Effect):
    """BS "treat it as LV3" / "as its highest level" (BSS 8-8-1-3-2: effects altering level)."""

    target: Selector
    level: int | None = None         # None = its highest level
    duration: Duration = Duration.TURN
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Activate(Effect):
    """Activate a keyword (BS "Activate 【Feast】") or a card's own main / flash effect (a burst's
    "you may then pay this card's cost to activate its flash effect")."""

    keyword: Keyword | None = None
    step: str | None = None          # main | flash
    pay_cost: bool = False
    span: Span | None = None
    effect: str | None = None        # BS "activate this spirit's "When Summoned" effect": that timing id
    target: Selector | None = None   # whose effect is activated (BS; None = the card itself)


@dataclass(frozen=True, kw_only=True)
class Choose(Effect):
    """FFTCG "Choose …" (11.6.5): targets fixed when the ability is put on the stack."""

    target: Selector
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Modal(Effect):
    """FFTCG "Select N of the M following actions." (11.6.6): each option is a tuple of effects."""

    count: int
    up_to: bool = False
    options: tuple[tuple[Effect, ...], ...] = ()
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Delayed(Effect):
    """FFTCG delayed auto-ability (11.8.17): "When you do so, …", "At the end of the turn, …"."""

    timing: str
    timing_text: str
    effects: tuple[Effect, ...]
    span: Span | None = None
    trigger: Trigger | None = None   # its events / moment, typed (11.8.17)
    turn: Player | None = None       # whose turn it waits for: "your turn" YOU, "your opponent's turn" OPPONENT
    next_turn: bool = False          # "your next turn": not the current one
    phase_number: int | None = None  # "Main Phase 2": 2 (9.3.1.1); None = Main Phase 1 / not a Main Phase


@dataclass(frozen=True, kw_only=True)
class GainCrystal(Effect):
    """FFTCG "Gain 《C》" (6.8): the player obtains Crystals."""

    count: int = 1
    span: Span | None = None
    per: Selector | None = None      # "Gain 《C》 for each CP paid as X" (4)


@dataclass(frozen=True, kw_only=True)
class Cancel(Effect):
    """FFTCG "Cancel its effect" (11.11.2): a Summon or ability on the stack does nothing."""

    target: Selector | None = None
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Counters(Effect):
    """FFTCG "Place N X Counters on …" / "Remove N X Counters from …" (6.7, 15.1.1.10)."""

    name: str                        # the counter's name, as printed ("Warp", "Monster")
    count: int                       # 0 = all of them ("Remove all Warp Counters")
    target: Selector
    remove: bool = False
    per: Selector | None = None      # "… for each Backup you control"
    span: Span | None = None
    amount_var: str | None = None    # "Remove X … Counters" (4.5): count is per unit of that variable


@dataclass(frozen=True, kw_only=True)
class Declare(Effect):
    """FFTCG "Name 1 Element" (and Job, card type…): a choice later text refers to as "named"."""

    things: tuple[str, ...]          # element | job | card_name | card_type | category | cost
    span: Span | None = None
    other_than: tuple[str, ...] = () # "Name 1 Element other than Fire": what may not be named


@dataclass(frozen=True, kw_only=True)
class Pay(Effect):
    """FFTCG "pay 《1》" inside an effect ("you may pay 《C》. When you do so, …"): a cost at resolution."""

    cost: Cost
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class AlternativeCost(Effect):
    """FFTCG "You can pay … (instead of paying the CP cost) to cast X" (11.4.6, 11.6.7)."""

    target: Selector
    cost: Cost
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class CostChange(Effect):
    """FFTCG "The cost required to cast X is reduced by N" (11.4.4): a change to casting costs."""

    target: Selector
    amount: int                      # negative = reduced
    per: Selector | None = None
    span: Span | None = None
    floor: int | None = None         # "(it cannot become 0)": the lowest the cost can be made (1 here)


@dataclass(frozen=True, kw_only=True)
class ChangeTarget(Effect):
    """FFTCG "The Summon or ability is now choosing X instead, if possible" (11.6.5): a Summon or
    ability on the stack has its chosen target replaced (the engine re-targets it, 11.11.2)."""

    target: Selector                 # the Summon or ability whose choice changes
    to: Selector                     # what it is now choosing
    if_possible: bool = False        # only if X is a legal choice for it
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class RedirectDamage(Effect):
    """FFTCG "the next damage dealt to X is dealt to Y instead" (11.12.5.1): a replacement effect that
    moves damage about to be dealt to one recipient onto another (the engine applies it, 6.5)."""

    target: Selector | None          # the original recipient (None: a player, see player)
    to: Selector                     # who is dealt the damage instead
    player: Player | None = None     # "the next damage dealt to you": the original recipient is a player
    next_only: bool = False          # "the next damage": applies once, then ends (11.12.5.5)
    duration: Duration = Duration.PERMANENT
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class LoseEffects(Effect):
    """BS "X lose their (LV1) effects and cannot regain them" (BSS 8-2-2-2, 8-8-1-2): the cards keep
    no effects (of those levels) while it lasts; effects gained later are lost too."""

    target: Selector
    levels: tuple[int, ...] = ()     # () = every effect
    no_regain: bool = False          # "and cannot regain them"
    duration: Duration = Duration.PERMANENT
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class LinkTo(Effect):
    """BS "link it to a spirit with Link (, ignoring the link requirement)" (BSS 11-18-1): the
    effect links `target` to `to`, as 【Link】 would, maybe without its link condition."""

    target: Selector
    to: Selector
    ignore_condition: bool = False
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Select(Effect):
    """BS "Select X." made before another directive and acted on after it ("Select one of your
    opponent's spirits. Then, discard …, and place one core from that spirit …", BSS 8-5-3): the
    selection is made when the text directs it; the later directive's target is this same selector
    (span included) and acts on the cards selected here."""

    target: Selector
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class AlsoActivates(Effect):
    """BS "Your spirits' "When This Spirit Blocks" effects also activate when attacking" (BSS 8-1-5-1,
    10-11-1): the effects of `target` with a timing also activate on a further event; an effect whose
    timing already answers to that event still activates once (8-6-3)."""

    target: Selector                 # whose effects
    timing: str                      # the quoted effects' timing ("when_blocks")
    event: str                       # the further event ("attacks" | "blocks")
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class ExtraStep(Effect):
    """BS "Perform a refresh step after your attack step" (BSS 6): a step of the turn done again."""

    step: str                        # a STEPS id: refresh_step | draw_step | ...
    after: str | None = None         # the step it follows
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class EndStep(Effect):
    """BS "End the attack step" (BSS 6-7-3-2): the step ends at once."""

    step: str                        # a STEPS id
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class CostReduction(Effect):
    """BS cost reduction changed while a card is summoned (BSS 2-7-3, 10-6-5): symbols of other cards
    also count ("also", e.g. cards in the trash), only some symbols count ("only"), or the reduction
    symbols are treated as fulfilled ("fulfilled")."""

    mode: str                        # also | only | fulfilled
    source: Selector | None = None   # the cards whose symbols count
    span: Span | None = None


# ---------------------------------------------------------------- FFTCG: events, moments, windows (11.8)
@dataclass(frozen=True, kw_only=True)
class Event:
    """FFTCG: something that happens, as an auto-ability's trigger (11.8.2) or a condition on it
    (11.8.13): "When a Forward opponent controls is put from the field into the Break Zone by your
    Summon", "If {Name} is dealt damage by a Forward, …". `kind` is an `Ability.timing` name."""

    kind: str                            # enters_field | attacks | is_broken | is_dealt_damage | you_cast | …
    subject: Selector | None = None      # the card(s) it happens to (None: the card itself, or a player's act)
    player: Player | None = None         # whose act ("you cast …", "your opponent discards …")
    by: Selector | None = None           # 6.4 its source ("by your opponent's Summons", "due to an ability")
    cause: str | None = None             # how, in a closed word: cast | warp (11.8.16.2.1 entering "due to …")
    place: str | None = None             # where: your_field | opponent_field | hand | break | deck (from / into)
    to: tuple[Selector, ...] = ()        # 6.5 the card(s) damage is dealt to …
    to_player: Player | None = None      # … or the player it is dealt to
    what: Selector | None = None         # what is cast / used / primed into / placed
    qualifiers: tuple[str, ...] = ()     # closed words: battle | not_battle | first_in_turn | while_<state> |
    #                                      this_turn | less_than_power | more_than_power | not_by_own
    amount: Threshold | None = None      # "dealt 4000 damage or more"; "a fifth point of damage" (nth, "==")
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Phase:
    """FFTCG: a moment of a turn (9): "the beginning of your Main Phase 1", "the end of each turn"."""

    edge: str                            # beginning | end
    phase: str                           # turn | active | draw | main | attack | end
    number: int | None = None            # Main Phase 1 / 2 (9.3, 9.5)
    whose: Player | None = None          # YOU (default), OPPONENT, ANY (each player's turn)
    next_only: bool = False              # "your next turn": that one turn only (11.8.17)
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Window:
    """FFTCG: when something applies or listens (11.12.4.4): "during your turn", "during each turn"."""

    whose: Player | None = None          # YOU, OPPONENT, ANY (each turn)
    phase: str | None = None             # "during each Attack Phase": that phase only
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Trigger:
    """FFTCG: what an auto-ability waits for (11.8.2): any one of its events, or a moment of the turn,
    listened for only inside its window ("During each turn, when …")."""

    events: tuple[Event, ...] = ()
    at: Phase | None = None
    window: Window | None = None
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Condition:
    """A condition or an event, structured: its `kind` says which fields carry its meaning
    (`CONDITION_KINDS` for Battle Spirits); `text` is the printed words, kept for display only.

    Events (a trigger "When …", a replacement "would …", a past "has been … this turn") share one
    shape: `event` (an id of `EVENTS`), `selector` (who or what it happens to or who acts),
    `object` (what the act is aimed at), `by` (the cause: an effect, an attack, a player), `zone`
    (from / to where), `player` (the player who acts or loses), `qualifiers` (closed flags)."""

    kind: str                    # see CONDITION_KINDS (BS) · FFTCG: count | compare | control | all | turn | ...
    text: str
    selector: Selector | None = None
    threshold: Threshold | None = None
    span: Span | None = None
    event: str | None = None     # FFTCG "If X is dealt damage, … instead": the event (an Ability.timing value);
    #                              BS: an id of EVENTS (events, histories) or of STEPS (kind "during")
    checked: str | None = None   # FFTCG "(before paying the cost for X)": when it is checked (11.4)
    qualifiers: tuple[str, ...] = ()  # FFTCG damage event words (6.5): not_battle | by_opponent | by_effect |
    #                                   less_than_power | more_than_power | first_in_turn | while_<state> | by_card
    #                                   BS: see EVENT_QUALIFIERS
    player: Player | None = None      # whose life / hand / field / turn; the player who acts in an event;
    #                                   FFTCG: "your opponent doesn't pay …", "you control …"
    object: Selector | None = None    # BS kind "is": what the subject must be; events: what the act is aimed at
    by: Selector | None = None        # BS events: the cause ("by your opponent's effects", "with an attack from X")
    zone: str | None = None           # BS events: from / to which area ("returned to their hand": hand)
    window: str | None = None         # BS kind "happened": when it happened (this_turn | this_effect | cost)
    negated: bool = False             # "not", "no", "unless", FFTCG "if you don't …": holds when this does not
    conditions: tuple[Condition, ...] = ()   # BS kinds "all" / "any": the conditions joined
    cost: Cost | None = None          # FFTCG "If your opponent doesn't pay 《2》": the cost named (11.2, 11.11.5.1)
    occurs: Event | None = None       # FFTCG "If X is dealt damage by …": the event, typed (11.8.13, 11.12.5)
    parts: tuple[Condition, ...] = () # FFTCG kind "all": every one of these holds (11.8.13)
    during: Window | None = None      # FFTCG kind "turn": "during your turn" (11.12.4.4)


#: Battle Spirits condition kinds and the fields each must fill to mean something (judge.text.typed
#: checks them): a kind outside this table is reported as not typed.
CONDITION_KINDS: dict[str, tuple[str, ...]] = {
    "count": ("threshold",),                # "you have 3 or fewer life", "you control a Shinji nexus": player
    #                                         and/or selector (what is counted) against threshold
    "only": ("selector",),                  # "if you only have Angel spirits on the field": all of player's match
    "is": ("selector", "object"),           # "if it is a spirit card", "if this spirit has 10,000 or more BP"
    "compare": ("threshold",),              # "if you have less life than your opponent": threshold.ref the other side
    "turn": ("player",),                    # "if it is your opponent's turn"
    "during": ("event",),                   # "if used during your main step": event a STEPS id, player whose
    "event": ("event",),                    # a trigger: "when one of your spirits is destroyed"
    "would": ("event",),                    # a replacement's trigger: "when this spirit would be destroyed"
    "happened": ("event", "window"),        # "if one of your spirits has been destroyed this turn"
    "paying": ("event", "selector"),        # "when summoning this spirit from your hand": while its cost is paid
    "chain": ("selector",),                 # 【Chain: Red】 (BSS 11-15): a symbol of those colours on your field
    "for_each": ("selector",),              # the sentence is repeated for each of these
    "all": ("conditions",),                 # every one of `conditions`
    "any": ("conditions",),                 # at least one of `conditions`
    # self-contained: the kind alone says everything
    "did": (), "did_not": (), "possible": (), "after_resolves": (), "substitution": (),
    "unpaid": ("cost", "player"),           # "… unless they pay one core": holds when that player does not pay
}

#: BS event ids (Condition.event): what happens, named by its verb.
EVENTS: frozenset[str] = frozenset({
    "destroyed", "summoned", "placed", "deployed", "attacks", "blocks", "blocked", "attacks_or_blocks",
    "summoned_or_attacks", "summoned_or_destroyed", "exhausted", "refreshed", "returned", "discarded",
    "selected", "linked", "added_to_hand", "core_placed", "cores_removed", "life_reduced", "loses_life",
    "draws", "uses", "spends", "battle_ends", "attack_step_ends", "turn_end", "step_start", "battle_end",
    "ascends", "resolves", "destroys", "exhausts", "summons", "compares_bp", "reduced_to_zero_bp",
    "moved", "reveals", "discards", "refreshes", "selects", "blocks_or_attacks", "summoned_or_placed",
})

#: BS step ids (Condition.event of kind "during").
STEPS: frozenset[str] = frozenset({"start_step", "core_step", "draw_step", "refresh_step", "main_step",
                                   "attack_step", "end_step", "turn"})

#: BS event qualifiers (Condition.qualifiers).
EVENT_QUALIFIERS: frozenset[str] = frozenset({
    "via_battle",            # "via comparing BP", "in battle", "as the result of battle" (BSS 7-1-5-2)
    "via_zero_cores",        # "via reducing its cores to zero" (BSS 9-3-2)
    "first_each_turn",       # "the first time … each turn"
    "outside_draw_step",     # "draws outside of their draw step" (BSS 4-5)
    "with_this_effect",      # "… with this effect"
    "still_on_field",        # "ends with your spirit still on the field"
    "only",                  # "when only your opponent's spirit is destroyed"
    "from_hand",             # the card came from the hand
    "via_zero_bp",           # "via reducing its BP to 0" (BSS 9-4)
    "this_turn",             # "if it attacks or blocks during this turn": any time within the duration
    "next_only",             # "the next time …": once, then the trigger ends (BSS 8-9)
    "draw_step",             # "after your draw": the draw of the draw step (BSS 6-4)
    "this_battle",           # "during this battle, when …": any time within the battle
})

#: BS Selector.unit values: game objects counted or acted on that are not cards.
UNITS: frozenset[str] = frozenset({"core", "soul_core", "symbol", "life", "effect", "color", "card_name",
                                   "attack", "player"})

#: BS Selector.effect values (with unit "effect"): which effects.
EFFECT_KINDS: frozenset[str] = frozenset({"destruction", "magic", "this", "keyword", "timing"})


@dataclass(frozen=True, kw_only=True)
class Cost:
    """What must be paid: FFTCG CP / dull / special; BS "you may send … to …" costs."""

    cp: tuple[str, ...] = ()     # elements and generic numbers, e.g. ("fire", "1")
    dull_self: bool = False      # 《ダル》
    special: bool = False        # 《S》: discard a card of the same name
    crystal: int = 0             # 《C》
    x: bool = False              # 《X》
    effects: tuple[Effect, ...] = ()   # non-CP costs: "put 1 Backup into the Break Zone", BS core costs
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Ability:
    """One ability of a card: its kind, when it applies, what it costs and does."""

    kind: AbilityKind
    levels: tuple[int, ...] = ()          # BS level bands [LV1][LV2]; () = all levels
    timing: str | None = None             # when_summoned | when_attacks | while_attacks | flash | main |
                                          # when_destroyed | enters_field | beginning_of_phase | ...
    timing_text: str | None = None        # the label as printed
    keyword: Keyword | None = None        # for KEYWORD abilities
    name: str | None = None               # FFTCG special ability name
    cost: Cost | None = None
    condition: Condition | None = None
    effects: tuple[Effect, ...] = ()
    restrictions: tuple[str, ...] = ()    # once_per_turn | unstackable | ex_burst | ...
    trigger_on: Selector | None = None    # FFTCG auto-ability: whose event it is ("When X attacks")
    trigger: Trigger | None = None        # FFTCG auto-ability: its events / moment, typed (11.8.2)
    turn: Player | None = None            # FFTCG phase trigger: whose turn ("of each of your turns" YOU, "your
    #                                       opponent's" OPPONENT, "each player's" ANY); None = the controller's
    phase_number: int | None = None       # FFTCG "Main Phase 2": 2 (9.3.1.1); None = Main Phase 1 / not a Main Phase
    text: str = ""
    span: Span | None = None


def kind_of(node: object) -> str:
    """The snake_case kind of a node ("ModifyStat" → "modify_stat")."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(node).__name__).lower()


def walk(node: Any) -> Iterator[Any]:
    """Every node under `node` (itself first), through fields, tuples and lists: one traversal for all.

    Depth first with a stack of its own (the parse pipeline walks every ability; nested generators
    and `dataclasses.fields` per node were a third of its AST-building time)."""
    stack = [node]
    pop, push, push_all = stack.pop, stack.append, stack.extend
    while stack:
        node = pop()
        if type(node) in _SCALARS:
            continue
        if isinstance(node, tuple | list):
            push_all(reversed(node))
        elif not isinstance(node, type) and hasattr(type(node), "__dataclass_fields__"):  # is_dataclass
            yield node
            count, values = _fields_reversed(type(node))
            if count == 1:
                push(values(node))
            elif count:
                push_all(values(node))


def _fields_reversed(cls: type) -> tuple[int, Any]:
    """How many fields a dataclass has, and a getter of their values last field first (cached)."""
    found = _FIELD_GETTERS.get(cls)
    if found is None:
        names = [f.name for f in reversed(fields(cls))]
        found = _FIELD_GETTERS[cls] = (len(names), attrgetter(*names) if names else None)
    return found


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass, in order: `dataclasses.fields` cached per class (the AST
    passes walk every node of every ability)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_FIELD_GETTERS: dict[type, tuple[int, Any]] = {}
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


_SCALARS = frozenset((type(None), str, int, bool, float))   # field values that hold no node


def to_json(node: Any, cites: Any = None) -> Any:
    """The JSON form of a node; `cites(node) -> list[str]` adds each node's clause numbers."""
    if isinstance(node, Enum):
        return node.value
    if isinstance(node, tuple | list):
        return [to_json(n, cites) for n in node]
    if is_dataclass(node) and not isinstance(node, type):
        out: dict[str, Any] = {"kind": kind_of(node)}
        for f in fields(node):
            out[f.name] = to_json(getattr(node, f.name), cites)
        if cites is not None and not isinstance(node, Span):
            out["cites"] = list(cites(node))
        return out
    return node


from judge.text.node_speed import quick_init, replace  # noqa: E402 - applied to the classes above

for _node in [v for v in list(globals().values()) if isinstance(v, type) and is_dataclass(v)
              and v.__module__ == __name__ and "__init__" in v.__dict__]:
    quick_init(_node)
del _node


__all__ = [
    "CONDITION_KINDS",
    "EFFECT_KINDS",
    "EVENTS",
    "EVENT_QUALIFIERS",
    "STEPS",
    "UNITS",
    "Ability",
    "AbilityKind",
    "Activate",
    "AlsoActivates",
    "AlternativeCost",
    "Attack",
    "Cancel",
    "ChangeTarget",
    "Choose",
    "Condition",
    "Conditional",
    "Cost",
    "CostChange",
    "CostReduction",
    "Counters",
    "Damage",
    "Declare",
    "Delayed",
    "Deploy",
    "Destroy",
    "Discard",
    "Draw",
    "Duration",
    "Effect",
    "EndStep",
    "Event",
    "ExtraStep",
    "Gain",
    "GainCrystal",
    "Keyword",
    "LinkTo",
    "LoseEffects",
    "Modal",
    "ModifyStat",
    "Move",
    "MoveCores",
    "Optional",
    "Pay",
    "Phase",
    "Player",
    "RedirectDamage",
    "Restriction",
    "Reveal",
    "Search",
    "Select",
    "Selector",
    "Sequence",
    "SetLevel",
    "SetStat",
    "SetState",
    "Span",
    "Threshold",
    "Trigger",
    "Window",
    "kind_of",
    "replace",
    "to_json",
    "walk",
]
