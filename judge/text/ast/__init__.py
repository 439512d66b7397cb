"""The effect AST: what a card's text means, as typed frozen values.

This module is the contract between the card grammar (which builds these nodes through a Lark
Transformer) and the rules engines (which interpret them; they never see Lark trees or text).
It has no dependency on Lark. Node kinds are linked to rule clauses by the per-game link table
in `judge.text.links`; `to_json` adds those citations, so a node never carries a typed-in clause.

JSON form (contract): `{"kind": snake_case_class_name, …fields, "cites": [...]}`.

The nodes live in modules of one job each (`base`: plain values and closed sets; `selectors`:
selectors and counts; `effects`, `effects_more`: effect directives; `conditions`: conditions,
events, moments; `abilities`: abilities and costs; `walk`: generic passes). The node types are
mutually recursive (an ability holds effects, an effect may grant an ability or carry a cost, a
cost holds effects), so the node modules name each other's classes, for annotations only, through
this package, never module to module: no import cycle. This package is their one public home: every node class says `judge.text.ast` as
its `__module__` (the JSON codec, the engines' registries and reprs rely on it), and every name is
imported from here.
"""

from __future__ import annotations

from dataclasses import is_dataclass
from enum import Enum

from judge.text.ast import (
    abilities as ast_abilities,
)
from judge.text.ast import (
    base as ast_base,
)
from judge.text.ast import (
    conditions as ast_conditions,
)
from judge.text.ast import (
    conditions_fftcg as ast_conditions_fftcg,
)
from judge.text.ast import (
    effects as ast_effects,
)
from judge.text.ast import (
    effects_more as ast_effects_more,
)
from judge.text.ast import (
    selectors as ast_selectors,
)
from judge.text.ast.abilities import Ability, Cost
from judge.text.ast.base import AbilityKind, Duration, Keyword, Player, Span
from judge.text.ast.conditions import (
    CONDITION_KINDS,
    EVENT_QUALIFIERS,
    EVENTS,
    STEPS,
    Condition,
    Event,
    Phase,
    Trigger,
    Window,
    known_event,
)
from judge.text.ast.conditions_fftcg import (
    FAMILY,
    AllOf,
    CardIs,
    Controls,
    DamageCount,
    DoSo,
    DuringTurn,
    FFTCGCondition,
    HandCount,
    Possible,
)
from judge.text.ast.effects import (
    NOT_READ,
    Conditional,
    Damage,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Effect,
    Gain,
    ModifyStat,
    Move,
    MoveCores,
    Optional,
    Restriction,
    Reveal,
    Search,
    Sequence,
    SetState,
    Unread,
)
from judge.text.ast.effects_more import (
    Activate,
    AlsoActivates,
    AlternativeCost,
    Attack,
    Cancel,
    ChangeTarget,
    Choose,
    CostChange,
    CostReduction,
    Counters,
    Declare,
    Delayed,
    EndStep,
    ExtraStep,
    GainCrystal,
    LinkTo,
    LoseEffects,
    Modal,
    Pay,
    RedirectDamage,
    Select,
    SetLevel,
    SetStat,
    TreatAlso,
)
from judge.text.ast.selectors import EFFECT_KINDS, UNITS, Selector, Threshold
from judge.text.ast.walk import (  # noqa: F401 - _SCALARS, _fields_reversed, field_names: imported from here
    _SCALARS,
    _fields_reversed,
    field_names,
    kind_of,
    to_json,
    walk,
)
from judge.text.node_speed import quick_init, replace


def _adopt(module: object) -> None:
    """Make this module the public home of `module`'s node classes and enums (their `__module__`),
    and give each node class its quick `__init__` (judge.text.node_speed)."""
    for value in list(vars(module).values()):
        if not isinstance(value, type) or value.__module__ != module.__name__:
            continue
        if not (is_dataclass(value) or issubclass(value, Enum)):
            continue
        value.__module__ = __name__
        if is_dataclass(value) and "__init__" in value.__dict__:
            quick_init(value)


for _module in (ast_base, ast_selectors, ast_effects, ast_effects_more, ast_conditions, ast_conditions_fftcg,
                ast_abilities):
    _adopt(_module)
del _module

#: every condition node: the shared `Condition` and the FFTCG family (judge.text.ast.conditions_fftcg)
CONDITIONS: tuple[type, ...] = (Condition, FFTCGCondition)


__all__ = [
    "CONDITIONS",
    "CONDITION_KINDS",
    "EFFECT_KINDS",
    "EVENTS",
    "EVENT_QUALIFIERS",
    "FAMILY",
    "NOT_READ",
    "STEPS",
    "UNITS",
    "Ability",
    "AbilityKind",
    "Activate",
    "AllOf",
    "AlsoActivates",
    "AlternativeCost",
    "Attack",
    "Cancel",
    "CardIs",
    "ChangeTarget",
    "Choose",
    "Condition",
    "Conditional",
    "Controls",
    "Cost",
    "CostChange",
    "CostReduction",
    "Counters",
    "Damage",
    "DamageCount",
    "Declare",
    "Delayed",
    "Deploy",
    "Destroy",
    "Discard",
    "DoSo",
    "Draw",
    "Duration",
    "DuringTurn",
    "Effect",
    "EndStep",
    "Event",
    "ExtraStep",
    "FFTCGCondition",
    "Gain",
    "GainCrystal",
    "HandCount",
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
    "Possible",
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
    "TreatAlso",
    "Trigger",
    "Unread",
    "Window",
    "kind_of",
    "known_event",
    "replace",
    "to_json",
    "walk",
]
