"""Effects on cards outside the field: revealing the top of a deck and moving what was revealed,
returning cards from the trash, summoning by an effect (Deploy), and a burst's "you may pay this
card's cost to activate its [Main] / [Flash] effect" (Activate).

Revealed cards stay where they are (the top of the deck) until an effect moves them; "it" / "that
card" after a reveal of one card is that card. Choices among revealed or trashed cards are the
effect controller's decisions; when every candidate must go, nobody is asked.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import select
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.effects.resolve import apply, effect
from judge.engine.bs.flow import management
from judge.engine.bs.state import State, Work, with_player
from judge.text import ast
from judge.text.ast import AbilityKind

PILES = ("hand", "trash", "deck", "removed")
DESTS = {"hand": "hand", "trash": "trash", "deck_top": "deck", "deck_bottom": "deck", "removed": "removed"}


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


def summon_pays(effects: tuple) -> tuple:
    """"Pay its cost and summon it": the summon's own payment is that cost (10-6-6), so the cores are
    not paid a second time; the written payment is left out before a summon of the same card."""
    out = []
    for i, e in enumerate(effects):
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        if isinstance(e, ast.MoveCores) and e.dest == "trash" and e.equal_to is not None and \
                e.equal_to.stat == "cost" and e.equal_to.ref is not None and e.equal_to.ref.self_ref and \
                isinstance(nxt, ast.Deploy) and nxt.verb == "summon" and not nxt.free and nxt.target.self_ref:
            continue
        out.append(e)
    return tuple(out)


def pile_of(state: State, cid: str) -> tuple[str, str] | None:
    """(player, area) of a card in a hand, deck, trash or other pile (None: not in one)."""
    return _pile_of(state, cid)


def _pile_of(state: State, cid: str) -> tuple[str, str] | None:
    for name, p in state.players.items():
        for zone in PILES:
            if cid in getattr(p, zone):
                return name, zone
    return None


def place(ctx: Ctx, cid: str, dest: str) -> None:
    """Move a card that is not on the field to its owner's hand / trash / deck top / deck bottom / removed."""
    where = _pile_of(ctx.state, cid)
    if where is None or dest not in DESTS:
        return
    who, zone = where
    p = ctx.state.players[who]
    p = replace(p, **{zone: tuple(c for c in getattr(p, zone) if c != cid)})
    ctx.state = with_player(ctx.state, p)
    owner = ctx.state.owners.get(cid, who)
    o = ctx.state.players[owner]
    pile = getattr(o, DESTS[dest])
    pile = (cid, *pile) if dest == "deck_top" else (*pile, cid)
    ctx.state = with_player(ctx.state, replace(o, **{DESTS[dest]: pile}))
    added = zone == "deck" and dest == "hand"       # put into the hand, not drawn: draw watchers do not see it
    ctx.log(f"{name_of(ctx.state, cid)} goes from {who}'s {zone} to {owner}'s {dest.replace('_', ' ')}"
            f"{' (added, not drawn)' if added else ''}", "area.owner", *(("do.not_draw",) if added else ()))


def pile_candidates(ctx: Ctx, sel: ast.Selector, item: Work) -> list[str]:
    """Cards of the zone a selector names (the revealed cards, a trash, a hand) that meet it."""
    state = ctx.state
    if sel.zone == "revealed":
        pool = [c for c in ctx.revealed if _pile_of(state, c) is not None]
    else:
        pool = [c for p in select.whose(item.controller, sel.owner or ast.Player.YOU, state)
                for c in getattr(state.players[p], sel.zone or "hand")]
    out = [c for c in pool if state.cards.get(c) != "_unknown"
           and select.matches(state, c, ast.Selector(**{**sel.__dict__, "state": None}), item.source)]
    if sel.with_keyword and sel.zone != "revealed":
        # off the field a card has a keyword printed at any level, not one granted only conditionally
        kws = "】 or 【".join(dict.fromkeys([sel.with_keyword, *(e.with_keyword for e in sel.either if e.with_keyword)]))
        ctx.log(f"{item.label}: cards in the {sel.zone or 'hand'} with 【{kws}】: "
                f"{', '.join(out) or 'none'}", "do.with_keyword_elsewhere")
    return out


def pick(ctx: Ctx, sel: ast.Selector, item: Work, cands: list[str]) -> list[str]:
    """The cards chosen among candidates: all of them for "all"/"the rest", else the controller's choice."""
    if sel.count is None:
        return cands
    if not cands:
        ctx.log(f"{item.label}: no card can be chosen, so that part does nothing", "effect.select_none")
        return []
    if len(cands) <= sel.count and not sel.up_to:
        ctx.log(f"{item.label}: {', '.join(cands)} (no other choice)", "effect.select_count")
        return cands
    answer = ctx.ask(f"{item.controller} chooses {'up to ' if sel.up_to else ''}{sel.count} for {item.label} "
                     f"from: {', '.join(cands)}", "effect.select", player=item.controller, options=cands,
                     kind="target")
    picked = select.gather(ctx, answer, cands, sel.count)
    if any(c not in cands for c in picked) or len(picked) > sel.count or \
            (not sel.up_to and len(picked) < min(sel.count, len(cands))):
        raise ctx.refuse(f"{answer!r} is not {sel.count} of {', '.join(cands)}", "effect.select")
    return picked


def move_from_pile(ctx: Ctx, eff: ast.Move, item: Work) -> None:
    """A Move whose target is in the revealed cards, a trash or a hand."""
    if eff.dest not in DESTS:
        ctx.unmodelled(f"{item.label}: moving a card from {eff.target.zone} to {eff.dest}")
        return
    from judge.engine.bs.effects.selections import earlier

    made = earlier(ctx, eff.target, item.label) if ctx.selections else None    # "reveal one …, add it to …"
    chosen = made if made is not None else pick(ctx, eff.target, item, pile_candidates(ctx, eff.target, item))
    if eff.dest == "deck_bottom" and len(chosen) > 1:
        answer = ctx.ask(f"{item.controller} orders {', '.join(chosen)} for the bottom of the deck (first goes "
                         "deepest last)", "rules.text_order", player=item.controller, options=chosen, kind="order")
        order = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
        if sorted(order) != sorted(chosen):
            raise ctx.refuse(f"{answer!r} does not order {', '.join(chosen)}", "rules.text_order")
        chosen = order
    for cid in chosen:
        place(ctx, cid, eff.dest)
        if cid in ctx.revealed:
            ctx.revealed.remove(cid)


@effect(ast.Deploy, concepts=("summon.steps",))
def _deploy(ctx: Ctx, eff: ast.Deploy, item: Work) -> None:
    """Summon a spirit card, or place a nexus card (from the hand, the trash or the revealed cards), by an
    effect: the summoning or placing procedure (10-6 / 10-7), the cost paid unless "without paying"."""
    from judge.engine.bs.flow.summon import summon_from

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


__all__ = ["move_from_pile", "pick", "pile_candidates", "place"]
