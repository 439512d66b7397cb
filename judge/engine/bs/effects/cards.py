"""Effects on cards outside the field: revealing the top of a deck and moving what was revealed,
returning cards from the trash, summoning by an effect (Deploy), and a burst's "you may pay this
card's cost to activate its [Main] / [Flash] effect" (Activate).

Revealed cards stay where they are (the top of the deck) until an effect moves them; "it" / "that
card" after a reveal of one card is that card. Choices among revealed or trashed cards are the
effect controller's decisions; when every candidate must go, nobody is asked.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.dispatch import apply, effect
from judge.engine.bs.events import management
from judge.engine.bs.events.targets import pick, pile_candidates
from judge.engine.bs.state import Work
from judge.engine.bs.zones.piles import _pile_of
from judge.text import ast
from judge.text.ast import AbilityKind


@effect(ast.Reveal, concepts=("rules.text_order",))
def _reveal(ctx: Ctx, eff: ast.Reveal, item: Work) -> None:
    from judge.engine.bs.effects import viewed

    if viewed.handles(eff):           # "reveal one X from the cards you viewed" (viewed.py, 8-5-3-5)
        viewed.reveal_selected(ctx, eff, item)
        return
    if eff.zone != "deck" or eff.count is None:
        ctx.unmodelled(f"{item.label}: revealing {eff.zone}")
        return
    p = ctx.state.players[item.controller]
    # cards this effect already revealed stay on top: revealing again ("one for each …") shows the next ones
    already = [c for c in ctx.revealed if c in p.deck]
    shown = tuple(c for c in p.deck if c not in already)[:eff.count]
    ctx.revealed = [*already, *shown]
    names = ", ".join(name_of(ctx.state, c) for c in shown) or "nothing (the deck is empty)"
    more = " next" if already else ""
    ctx.log(f"{item.controller} reveals the{more} top {eff.count} card(s) of the deck: {names}",
            *(("rules.impossible",) if len(shown) < eff.count else ()), "rules.text_order")
    for e in eff.then:
        apply(ctx, e, item)














@effect(ast.Deploy, concepts=("summon.steps",))
def _deploy(ctx: Ctx, eff: ast.Deploy, item: Work) -> None:
    """Summon a spirit card, or place a nexus card (from the hand, the trash or the revealed cards), by an
    effect: the summoning or placing procedure (10-6 / 10-7), the cost paid unless "without paying"."""
    from judge.engine.bs.zones.summon import summon_from

    sel = eff.target
    if eff.verb not in DEPLOY_TYPES or eff.duration != ast.Duration.PERMANENT:
        ctx.unmodelled(f"{item.label}: to {eff.verb} a card by an effect")
        return
    from judge.engine.bs.effects import tokens

    if eff.verb == "summon" and tokens.names_token(sel):     # a token the effect makes (4-12-1)
        tokens.summon_tokens(ctx, sel, item)
        return
    if sel.self_ref and len(ctx.revealed) == 1:
        cands = list(ctx.revealed)
    elif sel.self_ref and _pile_of(ctx.state, item.source) is not None:
        cands = [item.source]          # "summon it": the effect's own card, from the area it is in
    elif deploy_zones(sel.zone):        # "from your hand or your trash": either area's cards
        cands = [c for z in deploy_zones(sel.zone) for c in pile_candidates(ctx, replace(sel, zone=z), item)]
    else:
        ctx.unmodelled(f"{item.label}: {eff.verb}ing a card from {sel.zone or 'an unnamed zone'}")
        return
    cands = [c for c in cands if ctx.state.card_def(c).type == DEPLOY_TYPES[eff.verb]]
    for cid in pick(ctx, replace(sel, count=sel.count or 1), item, cands):
        where = _pile_of(ctx.state, cid)
        if where is None:
            continue
        summon_from(ctx, item.controller, cid, where[1], why=f"{eff.verb}.steps", free=eff.free, kind=eff.verb)
        if ctx.state.field_card(cid) is not None:      # "the spirits summoned with this effect"
            management.add_mod(ctx, target=cid, kind=SUMMONED_BY, value=item.source, duration=ast.Duration.TURN,
                               source=item.source, controller=item.controller)


#: What each deploying verb brings out (10-6 summon: a spirit card; 10-7 place: a nexus card).
DEPLOY_TYPES = {"summon": "spirit", "place": "nexus"}


def deploy_zones(zone: str | None) -> tuple[str, ...]:
    """The areas a card may be summoned or placed from by an effect ("hand/trash": either); () if another."""
    parts = tuple((zone or "").split("/"))
    return parts if zone and all(p in ("hand", "trash", "revealed") for p in parts) else ()


#: A modification on a spirit an effect summoned, naming the effect's card (for "… summoned with this effect").
SUMMONED_BY = "summoned_by"


def bars_when_summoned(eff: ast.Restriction) -> bool:
    """""When Summoned" effects of the spirits summoned with this effect are not triggered": the shape."""
    o = eff.object
    return eff.mode == "cannot" and eff.action == "activate" and o is not None and o.unit == "effect" and \
        o.effect == "when_summoned" and eff.target is not None


def bar_when_summoned(ctx: Ctx, item: Work) -> None:
    """The spirits this effect summoned do not activate their "When Summoned" effects: those waiting are
    taken away before they resolve (an effect that does not activate is never resolved, 8-6-2)."""
    mine = {m.target for m in ctx.state.mods if m.kind == SUMMONED_BY and m.value == item.source
            and m.turn == ctx.state.turn}
    gone = [w for batch in ctx.state.work for w in batch if w.source in mine and w.timing == "when_summoned"]
    if gone:
        ctx.set(work=tuple(b for b in (tuple(w for w in batch if w not in gone) for batch in ctx.state.work) if b))
    ctx.log(f"{item.label}: the \"When Summoned\" effects of {', '.join(sorted(mine)) or 'no spirit'} summoned "
            "with it do not activate", "effect.triggered", "rules.cannot_wins")


@effect(ast.Activate, concepts=("effect.cost",))
def _activate(ctx: Ctx, eff: ast.Activate, item: Work) -> None:
    """"Pay this card's cost to activate its [Main] / [Flash] effect" (a burst's second part); another
    card's effect of a timing "with this spirit" (borrowed.py)."""
    if eff.effect is not None and eff.target is not None and not eff.target.self_ref and eff.keyword is None:
        from judge.engine.bs.effects.activate_other import activate_other

        activate_other(ctx, eff, item)
        return
    if eff.keyword is not None or eff.effect is not None or eff.step is None:
        ctx.unmodelled(f"{item.label}: activating "
                       f"{eff.keyword.name if eff.keyword else eff.effect or 'an effect'}")
        return
    d = ctx.state.card_def(item.source)
    magic = [ab for ab in d.abilities if ab.kind == AbilityKind.MAGIC and eff.step in (ab.timing or "").split("_")]
    if not magic:
        ctx.log(f"{item.label}: the card has no {eff.step} effect to activate", "rules.impossible")
        return
    if eff.pay_cost:       # "pay this card's cost to activate …" written in the node (else its cost part paid it)
        from judge.engine.bs.zones.cost import Paying, pay_cost
        from judge.engine.bs.zones.payment import take_cores

        ctx.log(f"{item.controller} pays {d.name}'s cost to activate its {eff.step} effect", "effect.cost")
        where = ctx.state.zone_of(item.source) or "hand"
        cost = pay_cost(ctx, Paying(card=item.source, player=item.controller, how="use", zone=where))
        take_cores(ctx, item.controller, cost, {}, concept="magic.pay", what=f"the cost of {item.source}")
    ctx.log(f"{item.label}: its {eff.step} effect is activated", "effect.cost")
    for e in magic[0].effects:
        apply(ctx, e, item)


__all__ = ["pick", "pile_candidates"]
