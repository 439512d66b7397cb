"""【Link】 (Saga 11-18): when one of your spirits meeting its link condition attacks, the 【Link】 spirit may
be exhausted to link to it for that battle (the attacker gains its BP and symbols, 11-18-1); a spirit
already linked cannot be linked to (11-18-3). What effects change about it is read here too: a spirit
that "may be linked with up to two spirits with 【Link】", one that "can be linked … when blocking"
(【Link】 then watches the block), and "one spirit may link with this spirit regardless of its link
conditions" (an act of the effect that says it, `link_regardless`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx
from judge.engine.bs.effects import modify
from judge.engine.bs.events import management, targets
from judge.engine.bs.keyword_registry import cost_condition, triggered
from judge.engine.bs.keywords.triggered import item_of
from judge.engine.bs.state import Orientation, Work, with_field_card
from judge.text import ast


def _link_collect(ctx: Ctx, attacker: str, **_: Any) -> list[Work]:

    state = ctx.state
    me = state.controller(attacker) or state.turn_player
    return [item_of(ctx, "link", fc.id, me, attacker, "【Link】", "when_attacks") for fc in _linkers(state, me, attacker)]


def _linkers(state: Any, me: str, to: str) -> list:
    """`me`'s other field spirits whose 【Link】 condition `to` meets, at the cost effects make it ("treat it
    as though it costs 5")."""
    from judge.engine.bs.select import STATS

    cost = STATS["cost"](state, to)
    return [fc for fc in state.players[me].field
            if fc.id != to and any(cost_condition(k.params, cost) for k in derive.keyword(state, fc.id, "Link"))]


def _link_block_collect(ctx: Ctx, attacker: str, blocker: str | None = None, **_: Any) -> list[Work]:
    """"Your spirits can be linked with a spirit with 【Link】 when blocking": the blocking spirit, when an
    effect lets it, is linked to as an attacker is (11-18-1, an effect beyond the rule: 1-3-3)."""
    from judge.engine.bs.mods import mods_on
    from judge.engine.bs.select import matches

    state = ctx.state
    if blocker is None or state.field_card(blocker) is None:
        return []
    lets = [m for m in mods_on(state, blocker) if m.kind == "can" and m.value == "be_linked_blocking"]
    if not lets:
        return []
    me = state.controller(blocker) or state.opponent(state.turn_player)
    return [item_of(ctx, "link", fc.id, me, blocker, "【Link】", "when_blocks") for fc in _linkers(state, me, blocker)
            if any(m.against is None or matches(state, fc.id, m.against, m.source) for m in lets)]



def links_allowed(state: Any, cid: str) -> int:
    """How many 【Link】 spirits may link to `cid`: one (11-18-3), or as many as an effect letting it "be
    linked with up to two spirits with 【Link】" says (an effect beats the rule, 1-3-3)."""
    from judge.engine.bs.mods import mods_on

    counts = [m.against.count for m in mods_on(state, cid) if m.kind == "can" and m.value == "be_linked"
              and m.against is not None and isinstance(m.against.count, int)]
    return max([1, *counts])



@triggered("Link", concepts=("kw.link", "kw.link_once", "kw.link_leaves"), event="attacks",
           meaning="when your spirit meeting the condition attacks, you may exhaust this spirit to link it: the "
                   "attacker gains its BP and symbols during the battle", collect=_link_collect,
           also=(("blocked", _link_block_collect),))
def _link(ctx: Ctx, item: Work) -> None:
    attacker = str(item.param)
    state = ctx.state
    fc = state.field_card(item.source)
    if fc is None or state.field_card(attacker) is None or fc.orientation != Orientation.REFRESHED:
        ctx.log(f"{item.label}: it cannot be exhausted now; nothing happens", "kw.link")
        return
    room = links_allowed(state, attacker)
    if len(derive.linked_from(state, attacker)) >= room:
        ctx.log(f"{item.label}: {attacker} is already linked" + (f" with {room} spirits" if room > 1 else "")
                + "; this Link cannot link", "kw.link_once")
        return
    if not ctx.ask_yes_no(f"{item.controller}: exhaust {item.source} to link it to {attacker}?", "kw.link",
                          "effect.may", player=item.controller):
        ctx.log(f"{item.controller} does not link {item.source}", "effect.may")
        return
    make_link(ctx, item.source, attacker)


def make_link(ctx: Ctx, source: str, to: str) -> None:
    """Exhaust the 【Link】 spirit `source` and link it to `to` (11-18-1): one event, "When This Spirit
    Links" of the one, "When This Spirit is Linked" of the other and the cards watching triggered together."""
    from judge.engine.bs.events import triggers
    from judge.engine.bs.events.watch import watch

    fc = management.set_orientation(ctx, ctx.state.field_card(source), Orientation.EXHAUSTED)
    ctx.state = with_field_card(ctx.state, replace(fc, linked_to=to))
    ctx.log(f"{source} is exhausted and linked to {to}: {to} now has {derive.bp(ctx.state, to).value} BP and "
            f"{len(derive.symbols(ctx.state, to))} symbol(s)", "kw.link")
    triggers.fire(ctx, "links", source)
    triggers.fire(ctx, "linked", to)
    watch(ctx, "when_linked", [to])


def link_regardless(ctx: Ctx, to: str, item: Work) -> None:
    """"One spirit may link with this spirit regardless of its link conditions": one of the controller's
    refreshed 【Link】 spirits may be exhausted and linked to `to` now, whatever its 【Link】 asks (an effect
    beyond the rule, 1-3-3); a spirit already linked takes no more links than it may (11-18-3)."""
    state = ctx.state
    if state.field_card(to) is None:
        ctx.log(f"{item.label}: {to} is no longer on the field; nothing happens", "rules.impossible")
        return
    if len(derive.linked_from(state, to)) >= links_allowed(state, to):
        ctx.log(f"{item.label}: {to} is already linked; no spirit can link with it", "kw.link_once")
        return
    cands = [fc.id for fc in state.players[item.controller].field if fc.id != to and fc.linked_to is None
             and fc.orientation == Orientation.REFRESHED and derive.keyword(state, fc.id, "Link")]
    if not cands:
        ctx.log(f"{item.label}: {item.controller} has no refreshed spirit with 【Link】 to link", "rules.impossible")
        return
    if not ctx.ask_yes_no(f"{item.controller}: link one of {', '.join(cands)} to {to} regardless of its link "
                          "conditions?", "kw.link", "effect.may", player=item.controller):
        ctx.log(f"{item.controller} links nothing to {to}", "effect.may")
        return
    picked = cands if len(cands) == 1 else targets.gather(ctx, ctx.ask(
        f"{item.controller} chooses the spirit with 【Link】 to link to {to}", "kw.link", player=item.controller,
        options=tuple(cands), kind="target"), cands, 1)
    make_link(ctx, picked[0], to)


def _with_this(e: ast.Restriction) -> bool:
    return e.object is not None and e.object.self_ref


modify.ACTS[("can", "link_ignoring_conditions")] = (lambda ctx, e, item: link_regardless(ctx, item.source, item),
                                                    _with_this)
