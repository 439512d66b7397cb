"""The triggered keywords (Saga 11): for each, how its instances are found when its event happens
(`collect`) and how it resolves, registered into `keywords.KEYWORDS` with its clause concepts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.engine.bs import derive, record
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.events import management, targets
from judge.engine.bs.keyword_registry import cost_condition, largest, triggered
from judge.engine.bs.state import Orientation, Work, with_player
from judge.text.ast import Player, Selector


def item_of(ctx: Ctx, key: str, source: str, controller: str, param: Any, label: str, timing: str) -> Work:
    return Work(kind="keyword", keyword=key, source=source, controller=controller, param=param,
                label=f"{name_of(ctx.state, source)}: {label}", timing=timing)


def _attacker_largest(name: str, key: str):
    def collect(ctx: Ctx, attacker: str, **_: Any) -> list[Work]:
        n = largest(ctx.state, attacker, name)
        if n is None:
            return []
        me = ctx.state.controller(attacker) or ctx.state.turn_player
        return [item_of(ctx, key, attacker, me, n, f"【{name}: {n}】", "when_attacks")]
    return collect


def _gale_collect(ctx: Ctx, attacker: str, **_: Any) -> list[Work]:
    n = largest(ctx.state, attacker, "Gale")
    if n is None:
        return []
    ctrl = ctx.state.controller(attacker) or ctx.state.turn_player
    return [item_of(ctx, "gale", attacker, ctrl, n, f"【Gale: {n}】", "when_blocked")]


def _curse_collect(ctx: Ctx, battle: Any, **_: Any) -> list[Work]:
    if not battle.curse or battle.blocker is None:
        return []
    return [item_of(ctx, "curse", battle.attacker, ctx.state.turn_player, battle.blocker, "【Curse】", "battle_end")]


def _luster_collect(ctx: Ctx, battle: Any, **_: Any) -> list[Work]:
    if ctx.state.field_card(battle.attacker) is None or not derive.keyword(ctx.state, battle.attacker, "Luster"):
        return []
    return [item_of(ctx, "luster", battle.attacker, ctx.state.turn_player, battle.magic_used, "【Luster】", "battle_end")]


def _agile_collect(ctx: Ctx, battle: Any, **_: Any) -> list[Work]:
    out = []
    for spirit in (battle.attacker, battle.blocker):
        if spirit is None or ctx.state.field_card(spirit) is None:
            continue
        ctrl = ctx.state.controller(spirit)
        cost = ctx.state.card_def(spirit).cost
        for hid in ctx.state.players[ctrl].hand:
            if derive.keyword(ctx.state, hid, "Agile") and ctx.state.card_def(hid).cost > cost:
                out.append(item_of(ctx, "agile", hid, ctrl, spirit, "【Agile】", "battle_end"))
    return out


def _blessed_collect(ctx: Ctx, attacker: str, **_: Any) -> list[Work]:
    if ctx.state.field_card(attacker) is None or not derive.keyword(ctx.state, attacker, "Blessed"):
        return []
    return [item_of(ctx, "blessed", attacker, ctx.state.turn_player, None, "【Blessed】", "when_life_reduced")]


def _immortal_collect(ctx: Ctx, lasts: dict[str, dict], **_: Any) -> list[Work]:
    """Cards already in the trash (not those destroyed now) whose condition a destroyed spirit meets."""
    out: list[Work] = []
    seen: set[str] = set()
    for cid, lk in lasts.items():
        if lk.get("type") != "spirit":
            continue
        owner = lk.get("controller")
        for tid in ctx.state.players[owner].trash:
            if tid in seen:
                continue
            if tid in lasts and tid != cid and derive.keyword(ctx.state, tid, "Immortal"):
                ctx.log(f"{name_of(ctx.state, tid)} was destroyed at the same time, not already in the trash: "
                        "its 【Immortal】 does not activate", "kw.immortal")
                seen.add(tid)
                continue
            if tid in lasts:
                continue
            if any(cost_condition(k.params, lk.get("cost", 0)) or _family(k.params, lk)
                   for k in derive.keyword(ctx.state, tid, "Immortal")):
                seen.add(tid)
                out.append(item_of(ctx, "immortal", tid, ctx.state.owners[tid], cid, "【Immortal】", "when_destroyed"))
    return out


def _family(params: tuple[str, ...], lk: dict) -> bool:
    text = " ".join(params).lower()
    return any(f.lower() in text for f in lk.get("families", ()))


@triggered("Crush", concepts=("kw.crush", "kw.crush_largest"), event="attacks",
           meaning="when it attacks, discard from the top of the opponent's deck its level plus the modifier "
                   "(only the largest activates)", collect=_attacker_largest("Crush", "crush"))
def _crush(ctx: Ctx, item: Work) -> None:
    lv = derive.level(ctx.state, item.source)
    n = max(0, lv + int(item.param))
    opp = ctx.state.opponent(item.controller)
    p = ctx.state.players[opp]
    from judge.engine.bs.events.discard_cap import allowed

    k = min(allowed(ctx, item, n, opp), len(p.deck))         # a limit on discards from that deck (1-3-3)
    ctx.state = with_player(ctx.state, replace(p, deck=p.deck[k:], trash=p.trash + p.deck[:k]))
    ctx.log(f"{item.label}: LV{lv} {int(item.param):+d}: {opp} discards {k} card(s) from the top of the deck",
            "kw.crush", "kw.crush_largest")
    from judge.engine.bs.effects.acts import watch_discards

    watch_discards(ctx, list(p.deck[:k]), "deck", item)     # the spirit's effect discarded them (11-11-1)


@triggered("Raid", concepts=("kw.raid", "kw.raid_largest"), event="attacks",
           meaning="when it attacks, you may exhaust one of your nexuses to refresh it, up to the number of times "
                   "per turn", collect=_attacker_largest("Raid", "raid"))
def _raid(ctx: Ctx, item: Work) -> None:
    used = len(record.this_turn(ctx.state, "raid", item.source))
    if used >= int(item.param):
        ctx.log(f"{item.label}: already used {used} time(s) this turn", "kw.raid")
        return
    nexuses = [fc.id for fc in ctx.state.players[item.controller].field
               if ctx.state.defs[fc.card].type == "nexus" and fc.orientation == Orientation.REFRESHED]
    if not nexuses or ctx.state.field_card(item.source) is None:
        ctx.log(f"{item.label}: no refreshed nexus to exhaust; nothing happens", "kw.raid")
        return
    answer = ctx.ask(f"{item.controller}: exhaust a nexus ({', '.join(nexuses)}) to refresh {item.source}, or "
                     "choose no", "kw.raid", "effect.may", player=item.controller, options=(*nexuses, "no"),
                     kind="may")
    picked = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
    if len(picked) != 1 or (picked[0] not in nexuses and picked[0].lower() not in ("no", "none", "false")):
        raise ctx.refuse(f"{answer!r} is not one refreshed nexus of {item.controller}, nor no", "kw.raid")
    if picked[0] not in nexuses:
        ctx.log(f"{item.controller} does not use {item.label}", "effect.may")
        return
    from judge.engine.bs.effects.acts import orient

    record.note(ctx, "raid", item.source, used + 1)
    orient(ctx, picked[0], "exhausted", f" for {item.label}")
    orient(ctx, item.source, "refreshed", f" by {item.label}")


@triggered("Gale", concepts=("kw.gale", "kw.gale_largest"), event="blocked",
           meaning="when it is blocked, the blocking player exhausts that many of their refreshed spirits (only "
                   "the largest Gale activates)", collect=_gale_collect)
def _gale(ctx: Ctx, item: Work) -> None:
    opp = ctx.state.opponent(item.controller)
    sel = Selector(count=int(item.param), owner=Player.OPPONENT, card_types=("spirit",), state="refreshed")
    picked = targets.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label,
                           chooser=opp, concept="kw.gale")
    from judge.engine.bs.effects.acts import orient

    for cid in picked:
        orient(ctx, cid, "exhausted", f" by {item.label}")
    ctx.log(f"{item.label}: {opp} exhausted {len(picked)} refreshed spirit(s)", "kw.gale", "kw.gale_largest")


@triggered("Curse", concepts=("kw.curse", "kw.curse_once"), event="battle_end",
           meaning="when it is blocked, the blocking spirit is destroyed at the end of the battle (only one Curse "
                   "activates)", collect=_curse_collect,
           timings=("while_attacks",))       # 11-3-1: only an attacking spirit is blocked
def _curse(ctx: Ctx, item: Work) -> None:
    blocker = str(item.param)
    if ctx.state.field_card(blocker) is None:
        ctx.log(f"{item.label}: {blocker} has already left the field", "kw.curse")
        return
    ctx.log(f"{item.label}: the blocking spirit {name_of(ctx.state, blocker)} is destroyed at the end of the "
            "battle", "kw.curse", "kw.curse_once")
    management.destroy(ctx, [blocker], cause="effect", by=item.controller, source=item.source)


@triggered("Luster", concepts=("kw.luster", "kw.luster_gone"), event="battle_end",
           meaning="at the end of its attack's battle, magic its owner used during that battle returns from the "
                   "trash to the hand", collect=_luster_collect,
           timings=("while_attacks",))       # 11-6-1: it triggers when the spirit attacks
def _luster(ctx: Ctx, item: Work) -> None:
    used = [str(c) for c in item.param]
    p = ctx.state.players[item.controller]
    back = [c for c in used if c in p.trash]
    gone = [c for c in used if c not in p.trash]
    ctx.state = with_player(ctx.state, replace(p, trash=tuple(c for c in p.trash if c not in back),
                                               hand=p.hand + tuple(back)))
    ctx.log(f"{item.label}: {', '.join(back) or 'no magic'} return(s) from the trash to the hand", "kw.luster")
    if gone:
        ctx.log(f"{', '.join(gone)} is no longer in the trash and does not return", "kw.luster_gone")


@triggered("Blessed", concepts=("kw.blessed", "kw.blessed_once"), event="life_reduced",
           meaning="when its attack reduces the opponent's life, one core from the void goes to your life (only "
                   "one Blessed activates)", collect=_blessed_collect)
def _blessed(ctx: Ctx, item: Work) -> None:
    p = ctx.state.players[item.controller]
    ctx.state = with_player(ctx.state, replace(p, life=p.life + 1))
    ctx.set(void_out=ctx.state.void_out + 1)
    ctx.log(f"{item.label}: one core from the void goes to {item.controller}'s life (life {p.life + 1}; it has no "
            "upper limit)", "kw.blessed", "kw.blessed_once", "area.life_unlimited")


@triggered("Immortal", concepts=("kw.immortal",), event="destroyed",
           meaning="from the trash: when another of your spirits meeting the condition is destroyed, you may "
                   "summon this card, paying its cost", collect=_immortal_collect)
def _immortal(ctx: Ctx, item: Work) -> None:
    if ctx.state.zone_of(item.source) != "trash":
        ctx.log(f"{item.label}: the card is no longer in the trash", "kw.immortal")
        return
    if not ctx.ask_yes_no(f"{item.controller}: summon {item.source} from the trash with 【Immortal】, paying its "
                          "cost?", "kw.immortal", "effect.may", player=item.controller):
        ctx.log(f"{item.controller} does not summon {item.source}", "effect.may")
        return
    from judge.engine.bs.events.summon import summon_from

    summon_from(ctx, item.controller, item.source, "trash", why="kw.immortal")


@triggered("Agile", concepts=("kw.agile",), event="battle_end",
           meaning="from the hand: when a battle of your cheaper spirit ends, return that spirit to the hand and "
                   "summon this card, paying its cost", collect=_agile_collect)
def _agile(ctx: Ctx, item: Work) -> None:
    spirit = str(item.param)
    if ctx.state.zone_of(item.source) != "hand" or ctx.state.field_card(spirit) is None:
        ctx.log(f"{item.label}: the card or the spirit has moved; nothing happens", "kw.agile")
        return
    if not ctx.ask_yes_no(f"{item.controller}: return {spirit} to the hand and summon {item.source} with "
                          "【Agile】?", "kw.agile", "effect.may", player=item.controller):
        ctx.log(f"{item.controller} does not use {item.label}", "effect.may")
        return
    management.leave_field(ctx, spirit, "hand")
    from judge.engine.bs.events.summon import summon_from

    summon_from(ctx, item.controller, item.source, "hand", why="kw.agile")


__all__: list[str] = []
