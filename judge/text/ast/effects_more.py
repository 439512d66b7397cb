"""The AST's effect directives, second part: those one game prints (BS attack orders, set stat and
level, steps, links, cost reduction; FFTCG choose, modes, delayed abilities, Crystals, counters,
costs at resolution, redirected damage). Part of `judge.text.ast`, which re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from judge.text.ast.base import Duration
from judge.text.ast.effects import Effect

if TYPE_CHECKING:  # annotations only: the node modules refer to each other's classes
    from judge.text.ast import Cost, Keyword, Player, Selector, Span, Threshold, Trigger


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
class TreatAlso(Effect):
    """BS "treat that nexus as if it is also a Golem spirit with 5000 BP during this turn" (BSS 2-3-2,
    2-5, 8-8-1-2, 8-8-1-3-4): the target keeps what it is and is also a card of the kind described —
    its card type, spirit types and colours added — with that BP assigned when `bp` is set."""

    target: Selector
    card_types: tuple[str, ...] = ()  # the card type it also has (spirit | nexus | magic)
    families: tuple[str, ...] = ()    # the spirit types it also has
    colors: tuple[str, ...] = ()      # the colours it also has
    bp: int | None = None             # "with 5000 BP": its BP is that value (8-8-1-3-4)
    duration: Duration = Duration.PERMANENT
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
    per: Selector | None = None      # BS "activate 【Feast】 once for each …": activated that many times


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
    player: Player | None = None     # who selects ("Your opponent selects 1 of …"); None: the controller


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
    chosen: bool = False             # "choose X to become the new target": the player picks X (if_possible: a valid choice)


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


__all__ = ["Activate", "AlsoActivates", "AlternativeCost", "Attack", "Cancel", "ChangeTarget", "Choose", "CostChange", "CostReduction", "Counters", "Declare", "Delayed", "EndStep", "ExtraStep", "GainCrystal", "LinkTo", "LoseEffects", "Modal", "Pay", "RedirectDamage", "Select", "SetLevel", "SetStat", "TreatAlso"]
