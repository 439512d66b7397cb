"""Keyword effects: a registry keyed by name (kind, clause concept, what it means), and the triggered
keywords' resolution. Constant keywords (Armor, Confront, Astral, A.T. Field) are checked where
they bite (selection, block declaration, destruction) through the helpers here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from judge.engine.bs import derive, management, select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.state import Orientation, Work, with_field_card, with_player
from judge.text.ast import Player, Selector


@dataclass(frozen=True)
class KeywordRule:
    """What a keyword is (Saga 11 / Standard 12) and what it does, for explain and the engine."""

    name: str
    kind: str           # constant | triggered | activated | common | restriction
    concept: str        # the clause concept in judge.engine.bs.clauses
    meaning: str
    games: tuple[str, ...] = ("bss",)


KEYWORDS: dict[str, KeywordRule] = {derive.norm_kw(k.name): k for k in (
    KeywordRule("Awaken", "activated", "kw.awaken", "when it may use flash effects, move cores from your other "
                "field cards onto it; cards emptied this way are not 'destroyed' for triggers"),
    KeywordRule("Confront", "constant", "kw.confront", "when it attacks, the opponent must block if any of "
                "their spirits can (an Armor spirit may be chosen: it is not a selection)"),
    KeywordRule("Curse", "triggered", "kw.curse", "when it is blocked, the blocking spirit is destroyed at the "
                "end of the battle (only one Curse activates)"),
    KeywordRule("Immortal", "triggered", "kw.immortal", "from the trash: when another of your spirits meeting "
                "the condition is destroyed, you may summon this card, paying its cost"),
    KeywordRule("Armor", "constant", "kw.armor", "the opponent's spirits, nexuses and magic of the listed "
                "colours cannot select it"),
    KeywordRule("Luster", "triggered", "kw.luster", "at the end of its attack's battle, magic its owner used "
                "during that battle returns from the trash to the hand"),
    KeywordRule("Blessed", "triggered", "kw.blessed", "when its attack reduces the opponent's life, one core "
                "from the void goes to your life (only one Blessed activates)"),
    KeywordRule("Ascend", "constant", "kw.ascend", "to summon it you must also put all cores of a spirit "
                "meeting the condition into your reserve"),
    KeywordRule("Swift", "activated", "kw.swift", "may be summoned in a flash window, paying and placing cores "
                "from the reserve only"),
    KeywordRule("Gale", "triggered", "kw.gale", "when it is blocked, the blocking player exhausts that many of "
                "their refreshed spirits (only the largest Gale activates)"),
    KeywordRule("Crush", "triggered", "kw.crush", "when it attacks, discard from the top of the opponent's deck "
                "its level plus the modifier (only the largest activates)"),
    KeywordRule("Raid", "triggered", "kw.raid", "when it attacks, you may exhaust one of your nexuses to "
                "refresh it, up to the number of times per turn"),
    KeywordRule("A.T. Field", "constant", "kw.at_field", "with a soul core on it, destruction effects of the "
                "opponent's spirits cannot destroy it"),
    KeywordRule("Astral", "constant", "kw.astral", "its attacks cannot be blocked by spirits without Astral "
                "while it is active"),
    KeywordRule("Chain", "triggered", "kw.chain", "the following effect also happens if you have a symbol of "
                "the colour on your field"),
    KeywordRule("Agile", "triggered", "kw.agile", "from the hand: when a battle of your cheaper spirit ends, "
                "return that spirit to the hand and summon this card, paying its cost"),
    KeywordRule("Feast", "triggered", "kw.feast", "summons a Supsprite token (Small, or the next size up in "
                "place of one you control)"),
    KeywordRule("Link", "triggered", "kw.link", "when your spirit meeting the condition attacks, you may "
                "exhaust this spirit to link it: the attacker gains its BP and symbols during the battle"),
    KeywordRule("Super Unleash", "common", "kw.super_unleash", "a soul core on it makes it LV2 without the LV2 "
                "core count (not an effect)", ("bs",)),
    KeywordRule("Soul Magic", "common", "kw.soul_magic", "with the listed symbol on your field, its cost may "
                "be paid with the soul core alone", ("bs",)),
    KeywordRule("Succession", "common", "kw.succession", "remove EX-symbol cards from your trash to fulfil its "
                "reduction symbols, at most one per reduction symbol", ("bs",)),
    KeywordRule("Once per turn", "restriction", "kw.once_per_turn", "the effect activates only once each turn "
                "(each same-named card once)", ("bs",)),
    KeywordRule("Unstackable", "restriction", "kw.unstackable", "the same effect of same-named cards cannot "
                "activate more than once at the same timing", ("bs",)),
)}


def rule(name: str) -> KeywordRule | None:
    return KEYWORDS.get(derive.norm_kw(name))


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
    if fc.orientation != O.REFRESHED:
        return False, f"{name_of(state, blocker)} is {fc.orientation.value} and cannot block", "battle.block"
    if any(m.target == blocker and m.kind == "cannot" and m.value == "block" for m in state.mods):
        return False, f"{name_of(state, blocker)} cannot block (an effect)", "rules.cannot_wins"
    if astral_active(state, attacker) and not derive.keyword(state, blocker, "Astral"):
        return False, (f"{name_of(state, attacker)} has 【Astral】: {name_of(state, blocker)} has no 【Astral】 "
                       "and cannot block it"), "kw.astral"
    return True, "", ""


# triggered keywords ------------------------------------------------------------------------------

def on_attack(ctx: Ctx, attacker: str) -> None:
    """Crush, Raid (the attacker) and Link (your other spirits) trigger when a spirit attacks."""
    from judge.engine.bs.triggers import push

    state = ctx.state
    me = state.controller(attacker) or state.turn_player
    items: list[Work] = []
    crush = largest(state, attacker, "Crush")
    if crush is not None:
        items.append(Work(kind="keyword", keyword="crush", source=attacker, controller=me, param=crush,
                          label=f"{name_of(state, attacker)}: 【Crush】"))
    raid = largest(state, attacker, "Raid")
    if raid is not None:
        items.append(Work(kind="keyword", keyword="raid", source=attacker, controller=me, param=raid,
                          label=f"{name_of(state, attacker)}: 【Raid: {raid}】"))
    cost = state.defs[state.field_card(attacker).card].cost
    for fc in state.players[me].field:
        if fc.id == attacker:
            continue
        for k in derive.keyword(state, fc.id, "Link"):
            if cost_condition(k.params, cost):
                items.append(Work(kind="keyword", keyword="link", source=fc.id, controller=me, param=attacker,
                                  label=f"{name_of(state, fc.id)}: 【Link】"))
                break
    push(ctx, items)


def on_block(ctx: Ctx, attacker: str, blocker: str) -> None:
    from judge.engine.bs.triggers import push

    gale = largest(ctx.state, attacker, "Gale")
    if gale is not None:
        ctrl = ctx.state.controller(attacker) or ctx.state.turn_player
        push(ctx, [Work(kind="keyword", keyword="gale", source=attacker, controller=ctrl, param=gale,
                        label=f"{name_of(ctx.state, attacker)}: 【Gale: {gale}】")])


def immortal_candidates(ctx: Ctx, lasts: dict[str, dict]) -> list[tuple[str, str]]:
    """(trash card, destroyed spirit) pairs for 【Immortal】: cards already in the trash (11-4-1)."""
    out = []
    for cid, lk in lasts.items():
        if lk.get("type") != "spirit":
            continue
        owner = lk.get("controller")
        for tid in ctx.state.players[owner].trash:
            for k in derive.keyword(ctx.state, tid, "Immortal"):
                if cost_condition(k.params, lk.get("cost", 0)) or _family(k.params, lk):
                    out.append((tid, cid))
                    break
    return out


def _family(params: tuple[str, ...], lk: dict) -> bool:
    text = " ".join(params).lower()
    return any(f.lower() in text for f in lk.get("families", ()))


def queue_immortal(ctx: Ctx, pairs: list[tuple[str, str]]) -> None:
    from judge.engine.bs.triggers import push

    seen: set[str] = set()
    items = []
    for tid, cid in pairs:
        if tid in seen:
            continue
        seen.add(tid)
        items.append(Work(kind="keyword", keyword="immortal", source=tid, controller=ctx.state.owners[tid],
                          param=cid, label=f"{name_of(ctx.state, tid)}: 【Immortal】"))
    push(ctx, items)


def _yes(ctx: Ctx, item: Work, question: str, concept: str) -> bool:
    answer = ctx.ask(f"{item.controller}: {question} (choose: yes / no)", concept, "effect.may",
                     player=item.controller, options=("yes", "no"), kind="may")
    return str(answer).lower() not in ("no", "false", "0", "none")


def resolve(ctx: Ctx, item: Work) -> None:
    """Resolve one triggered keyword effect."""
    HANDLERS[item.keyword](ctx, item)


def _crush(ctx: Ctx, item: Work) -> None:
    lv = derive.level(ctx.state, item.source)
    n = max(0, lv + int(item.param))
    opp = ctx.state.opponent(item.controller)
    p = ctx.state.players[opp]
    k = min(n, len(p.deck))
    ctx.state = with_player(ctx.state, replace(p, deck=p.deck[k:], trash=p.trash + p.deck[:k]))
    ctx.log(f"{item.label}: LV{lv} {int(item.param):+d}: {opp} discards {k} card(s) from the top of the deck",
            "kw.crush", "kw.crush_largest")


def _raid(ctx: Ctx, item: Work) -> None:
    key = f"{ctx.state.turn}:raid:{item.source}"
    used = sum(1 for u in ctx.state.used if u.startswith(key))
    if used >= int(item.param):
        ctx.log(f"{item.label}: already used {used} time(s) this turn", "kw.raid")
        return
    nexuses = [fc.id for fc in ctx.state.players[item.controller].field
               if ctx.state.defs[fc.card].type == "nexus" and fc.orientation == Orientation.REFRESHED]
    if not nexuses or ctx.state.field_card(item.source) is None:
        ctx.log(f"{item.label}: no refreshed nexus to exhaust; nothing happens", "kw.raid")
        return
    answer = ctx.ask(f"{item.controller}: exhaust a nexus ({', '.join(nexuses)}) to refresh "
                     f"{item.source}, or choose no", "kw.raid", "effect.may", player=item.controller,
                     options=(*nexuses, "no"), kind="may")
    pick = answer[0] if isinstance(answer, list | tuple) and answer else answer
    if str(pick).lower() in ("no", "none", "false"):
        ctx.log(f"{item.controller} does not use {item.label}", "effect.may")
        return
    if str(pick) not in nexuses:
        raise ctx.refuse(f"{pick} is not a refreshed nexus of {item.controller}", "kw.raid")
    from judge.engine.bs.effects import orient

    ctx.set(used=ctx.state.used | {f"{key}:{used + 1}"})
    orient(ctx, str(pick), "exhausted", f" for {item.label}")
    orient(ctx, item.source, "refreshed", f" by {item.label}")


def _link(ctx: Ctx, item: Work) -> None:
    attacker = str(item.param)
    state = ctx.state
    fc = state.field_card(item.source)
    if fc is None or state.field_card(attacker) is None or fc.orientation != Orientation.REFRESHED:
        ctx.log(f"{item.label}: it cannot be exhausted now; nothing happens", "kw.link")
        return
    if derive.linked_from(state, attacker):
        ctx.log(f"{item.label}: {attacker} is already linked; this Link cannot link", "kw.link_once")
        return
    if not _yes(ctx, item, f"exhaust {item.source} to link it to {attacker}?", "kw.link"):
        ctx.log(f"{item.controller} does not link {item.source}", "effect.may")
        return
    fc = management.set_orientation(ctx, fc, Orientation.EXHAUSTED)
    ctx.state = with_field_card(ctx.state, replace(fc, linked_to=attacker))
    ctx.log(f"{item.source} is exhausted and linked to {attacker}: {attacker} now has "
            f"{derive.bp(ctx.state, attacker).value} BP and {len(derive.symbols(ctx.state, attacker))} symbol(s)",
            "kw.link")


def _gale(ctx: Ctx, item: Work) -> None:
    opp = ctx.state.opponent(item.controller)
    sel = Selector(count=int(item.param), owner=Player.OPPONENT, card_types=("spirit",), state="refreshed")
    picked = select.choose(ctx, sel, controller=item.controller, source=item.source, label=item.label,
                           chooser=opp, concept="kw.gale")
    from judge.engine.bs.effects import orient

    for cid in picked:
        orient(ctx, cid, "exhausted", f" by {item.label}")
    ctx.log(f"{item.label}: {opp} exhausted {len(picked)} refreshed spirit(s)", "kw.gale", "kw.gale_largest")


def _curse(ctx: Ctx, item: Work) -> None:
    blocker = str(item.param)
    if ctx.state.field_card(blocker) is None:
        ctx.log(f"{item.label}: {blocker} has already left the field", "kw.curse")
        return
    ctx.log(f"{item.label}: the blocking spirit {name_of(ctx.state, blocker)} is destroyed at the end of the "
            "battle", "kw.curse", "kw.curse_once")
    management.destroy(ctx, [blocker], cause="effect", by=item.controller, source=item.source)


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


def _blessed(ctx: Ctx, item: Work) -> None:
    p = ctx.state.players[item.controller]
    ctx.state = with_player(ctx.state, replace(p, life=p.life + 1))
    ctx.set(void_out=ctx.state.void_out + 1)
    ctx.log(f"{item.label}: one core from the void goes to {item.controller}'s life", "kw.blessed",
            "kw.blessed_once")


def _immortal(ctx: Ctx, item: Work) -> None:
    if ctx.state.zone_of(item.source) != "trash":
        ctx.log(f"{item.label}: the card is no longer in the trash", "kw.immortal")
        return
    if not _yes(ctx, item, f"summon {item.source} from the trash with 【Immortal】, paying its cost?", "kw.immortal"):
        ctx.log(f"{item.controller} does not summon {item.source}", "effect.may")
        return
    from judge.engine.bs.summon import summon_from

    summon_from(ctx, item.controller, item.source, "trash", why="kw.immortal")


def _agile(ctx: Ctx, item: Work) -> None:
    spirit = str(item.param)
    if ctx.state.zone_of(item.source) != "hand" or ctx.state.field_card(spirit) is None:
        ctx.log(f"{item.label}: the card or the spirit has moved; nothing happens", "kw.agile")
        return
    if not _yes(ctx, item, f"return {spirit} to the hand and summon {item.source} with 【Agile】?", "kw.agile"):
        ctx.log(f"{item.controller} does not use {item.label}", "effect.may")
        return
    management.leave_field(ctx, spirit, "hand")
    from judge.engine.bs.summon import summon_from

    summon_from(ctx, item.controller, item.source, "hand", why="kw.agile")


HANDLERS = {"crush": _crush, "raid": _raid, "link": _link, "gale": _gale, "curse": _curse, "luster": _luster,
            "blessed": _blessed, "immortal": _immortal, "agile": _agile}

__all__ = ["KEYWORDS", "KeywordRule", "astral_active", "at_field_protects", "can_block", "cost_condition",
           "immortal_candidates", "largest", "on_attack", "on_block", "queue_immortal", "resolve", "rule"]
