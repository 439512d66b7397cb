"""The AST's selectors and counts: what an effect or condition acts on ("up to two of your
opponent's spirits with cost 3 or less"), numeric filters (Threshold), and the closed sets of what
Battle Spirits counts that is not a card. Part of `judge.text.ast`, which re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass

from judge.text.ast.base import Player, Span


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
    nth: int | None = None             # FFTCG ref "nth": "the second Forward" (2) of those chosen before, in order
    count_per: Selector | None = None  # FFTCG "select 1 Forward for each Character you put …" (4): `count`
    #                                    cards for each card this selector counts
    chooser: Player | None = None      # FFTCG "your opponent selects 1 Forward they control": who decides (11.11.5.1)
    selects: bool | None = None        # BS 8-5-3: False where the phrase itself fixes the card, so the effect
    #                                    selects nothing (the battle's attacking or blocking spirit); None: its
    #                                    count says (a count or "up to" selects, "all"/"each" does not)


#: BS Selector.unit values: game objects counted or acted on that are not cards.
UNITS: frozenset[str] = frozenset({"core", "soul_core", "symbol", "life", "effect", "color", "card_name",
                                   "attack", "player"})

#: BS Selector.effect values (with unit "effect"): which effects.
EFFECT_KINDS: frozenset[str] = frozenset({"destruction", "magic", "this", "keyword", "timing"})


__all__ = ["EFFECT_KINDS", "UNITS", "Selector", "Threshold"]
