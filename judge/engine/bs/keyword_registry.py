"""Keyword effects as a registry: one entry per keyword says what it is (kind, family), what it
means, the event that triggers it, how its instances are found for that event, how it resolves,
and the concepts whose clauses it cites (Saga 11 / Standard 12).

Constant keywords (Armor, Confront, Astral, A.T. Field) are checked where they bite (selection,
block declaration, destruction) through the helpers here; triggered ones are queued by
`trigger(ctx, event, …)` from the entries registered for that event (`kw_triggered.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge.engine.bs import continuous, derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Work


@dataclass(frozen=True)
class KeywordRule:
    """One keyword: its kind, family, meaning, concepts, and (triggered) event, collector, resolver."""

    name: str
    kind: str                  # constant | triggered | activated | common | restriction
    concepts: tuple[str, ...]  # clause concepts (judge.engine.bs.clauses); the first is the definition
    meaning: str
    family: str = "saga"       # saga (Saga 11) | common (Standard 12-2, 12-3)
    event: str | None = None   # the event that triggers it (attacks, blocked, battle_end, life_reduced, destroyed)
    collect: Callable[..., list[Work]] | None = None
    resolve: Callable[[Ctx, Work], None] | None = None
    timings: tuple[str, ...] = ()  # printed active timings that are its rule's own (reading them changes nothing)
    #: further events an effect may make it watch, each with its collector ("can be linked … when blocking")
    also: tuple[tuple[str, Callable[..., list[Work]]], ...] = ()

    @property
    def concept(self) -> str:
        return self.concepts[0]

    def in_game(self, ctx_profile: Any) -> bool:
        """Whether the game's rules document defines this keyword (the profile says which family)."""
        return ctx_profile.saga_keywords if self.family == "saga" else ctx_profile.common_effects


KEYWORDS: dict[str, KeywordRule] = {}


def register(rule_: KeywordRule) -> KeywordRule:
    key = derive.norm_kw(rule_.name)
    if key in KEYWORDS:
        raise ValueError(f"keyword {rule_.name} is registered twice")
    KEYWORDS[key] = rule_
    return rule_


def triggered(name: str, *, concepts: tuple[str, ...], event: str, meaning: str,
              collect: Callable[..., list[Work]], timings: tuple[str, ...] = (),
              also: tuple[tuple[str, Callable[..., list[Work]]], ...] = ()
              ) -> Callable[[Callable[[Ctx, Work], None]], Callable[[Ctx, Work], None]]:
    """Register a triggered keyword: its resolver (decorated), the event, how instances are found, the
    printed active timings that are its own rule's (`KeywordRule.timings`) and the further events
    effects may make it watch (`KeywordRule.also`)."""
    def deco(fn: Callable[[Ctx, Work], None]) -> Callable[[Ctx, Work], None]:
        register(KeywordRule(name, "triggered", concepts, meaning, event=event, collect=collect, resolve=fn,
                             timings=timings, also=also))
        return fn
    return deco


for _r in (
    KeywordRule("Awaken", "activated", ("kw.awaken",), "when it may use flash effects, move cores from your other "
                "field cards onto it; cards emptied this way are not 'destroyed' for triggers"),
    KeywordRule("Confront", "constant", ("kw.confront", "kw.confront_armor"), "when it attacks, the opponent must "
                "block if any of their spirits can (an Armor spirit may be chosen: it is not a selection)",
                timings=("while_attacks",)),           # 11-2-1: it bites when the spirit attacks
    KeywordRule("Armor", "constant", ("kw.armor",), "the opponent's spirits, nexuses and magic of the listed "
                "colours cannot select it"),
    KeywordRule("Ascend", "constant", ("kw.ascend",), "to summon it you must also put all cores of a spirit "
                "meeting the condition into your reserve"),
    KeywordRule("Swift", "activated", ("kw.swift",), "may be summoned in a flash window, paying and placing cores "
                "from the reserve only", timings=("flash",)),   # 11-9-1: the flash window is its own
    KeywordRule("A.T. Field", "constant", ("kw.at_field",), "with a soul core on it, destruction effects of the "
                "opponent's spirits cannot destroy it"),
    KeywordRule("Astral", "constant", ("kw.astral", "kw.astral_timing"), "its attacks cannot be blocked by spirits "
                "without Astral while it is active"),
    KeywordRule("Chain", "triggered", ("kw.chain",), "the following effect also happens if you have a symbol of "
                "the colour on your field"),
    KeywordRule("Feast", "triggered", ("kw.feast",), "summons a Supsprite token (Small, or the next size up in "
                "place of one you control)"),
    KeywordRule("Super Unleash", "common", ("kw.super_unleash",), "a soul core on it makes it LV2 without the LV2 "
                "core count (not an effect)", family="common"),
    KeywordRule("Soul Magic", "common", ("kw.soul_magic",), "with the listed symbol on your field, its cost may "
                "be paid with the soul core alone", family="common"),
    KeywordRule("Succession", "common", ("kw.succession", "kw.succession_limit"), "remove EX-symbol cards from "
                "your trash to fulfil its reduction symbols, at most one per reduction symbol", family="common"),
    KeywordRule("Once per turn", "restriction", ("kw.once_per_turn",), "the effect activates only once each turn "
                "(each same-named card once)", family="common"),
    KeywordRule("Unstackable", "restriction", ("kw.unstackable",), "the same effect of same-named cards cannot "
                "activate more than once at the same timing", family="common"),
):
    register(_r)


def rule(name: str) -> KeywordRule | None:
    return KEYWORDS.get(derive.norm_kw(name))


#: The events each triggered timing answers to (judge.engine.bs.events.facts keeps the full table; the
#: attack and block timings are the ones a keyword's reminder prints).
_TIMING_EVENTS = {"when_attacks": "attacks", "when_blocks": "blocks", "when_destroyed": "destroyed"}


def own_timing(rule_: KeywordRule, timing: str) -> bool:
    """Whether a keyword's printed active timing is the moment its own rule bites (a triggered
    keyword's event, a constant one's timings): the engine then runs it as printed."""
    return timing in rule_.timings or (rule_.event is not None and _TIMING_EVENTS.get(timing) == rule_.event)




continuous.OWN_TIMING.append(lambda name, timing: (r := rule(name)) is not None and own_timing(r, timing))


def not_triggered(ctx: Ctx, event: str, cid: str, why: str) -> None:
    """Say that a card's triggered keywords waiting for `event` do not activate: it did not happen."""
    for r in KEYWORDS.values():
        if r.event == event and r.kind == "triggered" and r.in_game(ctx.profile) and derive.keyword(ctx.state, cid, r.name):
            ctx.log(f"{cid}'s 【{r.name}】 does not activate: {why}", r.concept)


def resolve(ctx: Ctx, item: Work) -> None:
    """Resolve one triggered keyword effect."""
    r = KEYWORDS[derive.norm_kw(item.keyword or "")]
    assert r.resolve is not None
    r.resolve(ctx, item)


def _num(params: tuple[str, ...], default: int = 0) -> int:
    for p in params:
        m = re.search(r"[+-]?\d+", str(p))
        if m:
            return int(m.group())
    return default


def largest(state, cid: str, name: str) -> int | None:
    """The parameter of the strongest instance of a keyword (Gale, Crush, Raid: 11-10-3 …)."""
    kws = derive.keyword(state, cid, name)
    if not kws:
        return None
    return max(_num(k.params) for k in kws)


def cost_condition(params: tuple[str, ...], cost: int) -> bool:
    """Conditions such as "4" (cost 4 or more), "4-5", "Cost 4 or more"; unknown ones do not hold."""
    if not params:
        return True
    text = " ".join(params).lower()
    m = re.search(r"(\d+)\s*(?:or|and)\s*(more|less|greater|fewer|over|under)", text)
    if m:
        n = int(m.group(1))
        return cost >= n if m.group(2) in ("more", "greater", "over") else cost <= n
    m = re.fullmatch(r"\D*(\d+)\s*(?:-|to|~)\s*(\d+)\D*", text)
    if m:
        return int(m.group(1)) <= cost <= int(m.group(2))
    nums = [int(n) for n in re.findall(r"\d+", text)]
    if len(nums) == 2:
        return nums[0] <= cost <= nums[1]
    if len(nums) == 1:
        return cost >= nums[0]
    return False


# constant keywords ------------------------------------------------------------------------------

def at_field_protects(ctx: Ctx, cid: str, source: str | None, by: str | None) -> bool:
    state = ctx.state
    if not derive.keyword(state, cid, "A.T. Field") or not derive.has_soul(state, cid):
        return False
    src = state.card_def(source) if source else None
    if by is None or by == state.controller(cid) or src is None or src.type != "spirit":
        return False
    ctx.log(f"{name_of(state, cid)} has 【A.T. Field】 and a soul core: the opponent's spirit's destruction "
            "effect cannot destroy it", "kw.at_field")
    return True


def astral_active(state, cid: str) -> bool:
    for k in derive.keyword(state, cid, "Astral"):
        text = " ".join(k.params).lower()
        if "opponent" in text and state.controller(cid) == state.turn_player:
            continue
        return True
    return False


def can_block(state, blocker: str, attacker: str) -> tuple[bool, str, str]:
    """(may it block, reason, concept) for the block rules that depend on keywords and effects."""
    from judge.engine.bs.state import Orientation as O

    fc = state.field_card(blocker)
    if fc is None or state.defs[fc.card].type != "spirit":
        return False, f"{blocker} is not a spirit on the field", "battle.block"
    if fc.orientation != O.REFRESHED and not continuous.allowed(state, blocker, "block_while_exhausted",
                                                                 against=attacker):
        return False, f"{name_of(state, blocker)} is {fc.orientation.value} and cannot block", "battle.block"
    if continuous.cannot(state, blocker, "block", against=attacker):
        return False, f"{name_of(state, blocker)} cannot block (an effect)", "rules.cannot_wins"
    if continuous.cannot(state, attacker, "be_blocked", actor=blocker, player=state.controller(blocker)):
        return False, f"{name_of(state, attacker)} cannot be blocked by {name_of(state, blocker)} (an effect)", \
            "rules.cannot_wins"
    if astral_active(state, attacker) and not derive.keyword(state, blocker, "Astral"):
        return False, (f"{name_of(state, attacker)} has 【Astral】: {name_of(state, blocker)} has no 【Astral】 "
                       "and cannot block it"), "kw.astral"
    return True, "", ""



__all__ = ["KEYWORDS", "KeywordRule", "astral_active", "at_field_protects", "can_block", "cost_condition",
           "largest", "resolve", "rule", "triggered"]
