"""Effects on cards outside the field: revealing the top of a deck and moving what was revealed,
returning cards from the trash, summoning by an effect (Deploy), and a burst's "you may pay this
card's cost to activate its [Main] / [Flash] effect" (Activate).

Revealed cards stay where they are (the top of the deck) until an effect moves them; "it" / "that
card" after a reveal of one card is that card. Choices among revealed or trashed cards are the
effect controller's decisions; when every candidate must go, nobody is asked.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import derive
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.dispatch import apply, effect
from judge.engine.bs.events import management, targets, triggers
from judge.engine.bs.events.facts import last_known
from judge.engine.bs.events.no_trigger import SUMMONED_BY
from judge.engine.bs.events.targets import pick, pile_candidates
from judge.engine.bs.state import CardDef, FieldCard, Orientation, Work, with_player
from judge.engine.bs.zones import cost as symbols
from judge.engine.bs.zones.payment import take_cores
from judge.engine.bs.zones.piles import _pile_of
from judge.text import ast
from judge.text.ast import AbilityKind


def _reveal_gaps(e: ast.Reveal) -> list[str]:
    """Revealing the top cards of a deck, or a selection among the cards the effect viewed: nothing else."""
    return [] if reveals_viewed(e) or (e.zone == "deck" and e.count is not None) else [f"reveal {e.zone}"]


@effect(ast.Reveal, concepts=("rules.text_order",), reads=("count", "zone", "then", "target"), check=_reveal_gaps)
def _reveal(ctx: Ctx, eff: ast.Reveal, item: Work) -> None:

    if reveals_viewed(eff):           # "reveal one X from the cards you viewed" (viewed.py, 8-5-3-5)
        reveal_selected(ctx, eff, item)
        return
    if eff.zone != "deck" or eff.count is None:
        ctx.unmodelled(f"{item.label}: revealing {eff.zone}")
        return
    p = ctx.state.players[item.controller]
    # cards this effect already revealed stay on top: revealing again ("one for each …") shows the next ones
    already = [c for c in ctx.revealed if c in p.deck]
    shown = tuple(c for c in p.deck if c not in already)[:eff.count]
    ctx.revealed = [*already, *shown]
    ctx.acted = {c: last_known(ctx.state, c) for c in shown}
    names = ", ".join(name_of(ctx.state, c) for c in shown) or "nothing (the deck is empty)"
    more = " next" if already else ""
    ctx.log(f"{item.controller} reveals the{more} top {eff.count} card(s) of the deck: {names}",
            *(("rules.impossible",) if len(shown) < eff.count else ()), "rules.text_order")
    for e in eff.then:
        apply(ctx, e, item)














def _deploy_gaps(e: ast.Deploy) -> list[str]:
    if not (e.verb == "summon" and names_token(e.target)) and not deploy_zones(e.target.zone) and \
            not e.target.self_ref:
        return [f"{e.verb} from {e.target.zone or 'an unnamed zone'}"]
    return []


def _deploy_beyond(e: ast.Deploy) -> list[str]:
    if e.verb == "summon" and names_token(e.target):
        # tokens are summoned only from a token definition the card data lacks (4-12-2)
        return ["summon a token (its figures are not in the card data)"]
    return []


@effect(ast.Deploy, concepts=("summon.steps",), reads=("verb", "target", "free"), values={"verb": ("summon", "place")},
        check=_deploy_gaps, beyond=_deploy_beyond)
def _deploy(ctx: Ctx, eff: ast.Deploy, item: Work) -> None:
    """Summon a spirit card, or place a nexus card (from the hand, the trash or the revealed cards), by an
    effect: the summoning or placing procedure (10-6 / 10-7), the cost paid unless "without paying"."""
    from judge.engine.bs.events.summon import summon_from

    sel = eff.target
    if eff.verb == "summon" and names_token(sel):     # a token the effect makes (4-12-1)
        summon_tokens(ctx, sel, item)
        return
    if sel.self_ref and len(ctx.revealed) == 1:
        cands = list(ctx.revealed)
    elif sel.self_ref and _area_of(ctx, item.source) is not None:
        cands = [item.source]          # "summon it": the effect's own card, from the area it is in (a burst's: 10-9)
    elif deploy_zones(sel.zone):        # "from your hand or your trash": either area's cards
        cands = [c for z in deploy_zones(sel.zone) for c in pile_candidates(ctx, replace(sel, zone=z), item)]
    else:
        ctx.unmodelled(f"{item.label}: {eff.verb}ing a card from {sel.zone or 'an unnamed zone'}")
        return
    cands = [c for c in cands if ctx.state.card_def(c).type == DEPLOY_TYPES[eff.verb]]
    for cid in pick(ctx, replace(sel, count=sel.count or 1), item, cands):
        where = _area_of(ctx, cid)
        if where is None:
            continue
        summon_from(ctx, item.controller, cid, where[1], why=f"{eff.verb}.steps", free=eff.free, kind=eff.verb)
        _enters_as_said(ctx, cid, sel, eff.verb)
        if ctx.state.field_card(cid) is not None:      # "the spirits summoned with this effect"
            management.add_mod(ctx, target=cid, kind=SUMMONED_BY, value=item.source, duration=ast.Duration.TURN,
                               source=item.source, controller=item.controller)


def _area_of(ctx: Ctx, cid: str) -> tuple[str, str] | None:
    """(player, area) of a card outside the field: a pile, or the burst area of a burst being
    activated (10-9-2: "summon / place this card" brings it from there; 10-9-4 sends it to the trash
    only if it is still there once resolved)."""
    where = _pile_of(ctx.state, cid)
    if where is not None:
        return where
    return next(((n, "burst") for n, p in ctx.state.players.items() if p.burst == cid), None)


def _enters_as_said(ctx: Ctx, cid: str, sel: ast.Selector, verb: str) -> None:
    """"… place this card from your trash exhausted": a card enters the field refreshed unless the effect
    says otherwise (3-5-3); the state written on a card taken from outside the field is how it enters."""
    fc = ctx.state.field_card(cid)
    if fc is None or sel.state != "exhausted":
        return
    management.set_orientation(ctx, fc, Orientation.EXHAUSTED)
    ctx.log(f"{name_of(ctx.state, cid)} is {verb}d exhausted, as the effect says", "area.refreshed_on_entry")


#: What each deploying verb brings out (10-6 summon: a spirit card; 10-7 place: a nexus card).
DEPLOY_TYPES = {"summon": "spirit", "place": "nexus"}


def deploy_zones(zone: str | None) -> tuple[str, ...]:
    """The areas a card may be summoned or placed from by an effect ("hand/trash": either); () if another."""
    parts = tuple((zone or "").split("/"))
    return parts if zone and all(p in ("hand", "trash", "revealed") for p in parts) else ()








def _activate_gaps(e: ast.Activate) -> list[str]:
    if e.per is not None:
        return ["activate an effect once for each …"]
    if e.effect is not None and e.target is not None and not e.target.self_ref and e.keyword is None:
        return []                        # another card's effect of that timing (activate_other)
    if e.keyword is not None or e.effect is not None or e.step is None:
        return [f"activate {e.keyword.name if e.keyword else e.effect or 'an effect'}"]
    return []


@effect(ast.Activate, concepts=("effect.cost",), reads=("keyword", "step", "pay_cost", "effect", "target", "per"),
        check=_activate_gaps)
def _activate(ctx: Ctx, eff: ast.Activate, item: Work) -> None:
    """"Pay this card's cost to activate its [Main] / [Flash] effect" (a burst's second part); another
    card's effect of a timing "with this spirit" (borrowed.py)."""
    if eff.per is not None:
        ctx.unmodelled(f"{item.label}: activating an effect once for each …")
        return
    if eff.effect is not None and eff.target is not None and not eff.target.self_ref and eff.keyword is None:

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


# --- activate_other (folded in): "Select one of your other Otherlander spirits. Activate one of its
# “When Summoned” effects with this spirit" (`Activate(effect=timing, target=selector)`): a card's
# effect of that timing, carried out as an effect of the card that borrows it. Why its own module:
# which effects the selected card has is read at its current level (2-10-2), so a LV1 spirit whose
# effect of that timing starts at LV2 offers nothing to borrow; with several, the borrowing card's
# controller chooses one. The borrowed effects resolve with the borrowing card as "this spirit".

def borrowable(ctx: Ctx, cid: str, timing: str) -> list[ast.Ability]:
    """The triggered abilities of that timing a field card has now (its current level's, 2-10-2)."""
    return [ab for _, ab in derive.active_abilities(ctx.state, cid)
            if ab.kind in (AbilityKind.TRIGGERED, AbilityKind.AUTO) and ab.timing == timing]


def activate_other(ctx: Ctx, eff: ast.Activate, item: Work) -> None:
    timing = eff.effect or ""
    label = derive.timing_label(timing)
    picked = targets.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label)
    for cid in picked:
        abilities = borrowable(ctx, cid, timing)
        if not abilities:
            ctx.log(f"{name_of(ctx.state, cid)} has no {label} effect at its current level "
                    f"(LV{derive.level(ctx.state, cid)}): there is nothing to activate", "card.level_effects",
                    "rules.impossible")
            continue
        chosen = abilities[0]
        if len(abilities) > 1:
            numbers = [str(i) for i in range(1, len(abilities) + 1)]
            answer = ctx.ask(f"{item.controller} chooses which {label} effect of {name_of(ctx.state, cid)} "
                             f"{item.label} activates (by number: {', '.join(numbers)})", "card.level_effects",
                             player=item.controller, options=numbers, kind="mode")
            if str(answer) not in numbers:
                raise ctx.refuse(f"{answer!r} is not one of {', '.join(numbers)}", "card.level_effects")
            chosen = abilities[int(str(answer)) - 1]
        ctx.log(f"{item.label}: {name_of(ctx.state, cid)}'s {label} effect is activated as this card's",
                "card.level_effects")
        from judge.engine.bs.dispatch import apply

        for e in chosen.effects:
            apply(ctx, e, item)


# --- viewed (folded in): Revealing a card selected from cards only its controller has seen: "View the
# top three cards of your deck. Reveal one <card> from the cards you viewed and add it to your hand."
# The viewed cards stay unrevealed in a private area (the deck), so when the effect asks for one that
# has some information (a name, a type), nothing guarantees one is there and the player selecting may
# ignore every card that fulfils it (8-5-3-5): the selection is a pending decision of the effect's
# controller, who may answer none, even when a matching card was viewed. The card selected is revealed
# to show it fulfils the co

def reveals_viewed(eff: ast.Reveal) -> bool:
    """"Reveal <selector> from the cards you viewed": a selection among the cards the effect viewed."""
    return eff.zone == "selected" and eff.target is not None and eff.target.zone == "revealed" and \
        eff.target.count is not None


def reveal_selected(ctx: Ctx, eff: ast.Reveal, item: Work) -> None:
    """Select among the viewed cards (the controller may ignore any, 8-5-3-5) and reveal the selection."""

    sel = eff.target
    assert sel is not None
    cands = pile_candidates(ctx, sel, item)
    if cands:
        ctx.log(f"{item.label}: the cards were viewed, not revealed: {item.controller} may ignore the ones that "
                "fulfil the condition and select none", "effect.select_private")
        chosen = pick(ctx, replace(sel, up_to=True), item, cands)
    else:
        ctx.log(f"{item.label}: no viewed card fulfils the condition, so nothing is revealed", "effect.select_none")
        chosen = []
    ctx.selections[sel] = tuple((c, ctx.state.zone_of(c)) for c in chosen)
    if chosen:
        ctx.log(f"{item.controller} reveals {', '.join(name_of(ctx.state, c) for c in chosen)}",
                "effect.select_private")
    elif cands:
        ctx.log(f"{item.controller} selects none of them", "effect.select_private")


# --- tokens (folded in): "Summon one of your Mecha Tokens", "summon two of your Antman Tokens
# exhausted": tokens an effect puts on the field (Saga 4-12-1). A token's figures are given by the
# effect that makes it (4-12-2): the card's annotation, which the card data does not always carry. The
# engine takes them from a card definition of that name marked as a token (a scenario's `cards:` entry
# with `token: true`); without one it says "not modelled" and summons nothing. A token is summoned
# like any spirit an effect summons: its cost paid and its LV1 cores placed (10-6-6 / 10-6-7), those
# from the reserve first and the rest

def names_token(sel: ast.Selector) -> bool:
    """Whether a summon's target is a token the effect makes (not a card from some area)."""
    return sel.zone is None and not sel.self_ref and "token" in {f.lower() for f in sel.families}


def definition(ctx: Ctx, sel: ast.Selector) -> CardDef | None:
    """The token's figures: a token definition with the name the effect gives it ("Antman Token"), or
    with every spirit type it names ("Mecha Tokens": Mecha and Token)."""
    def fits(d: CardDef) -> bool:
        if sel.name:
            return d.name.lower() == sel.name.lower()
        return {f.lower() for f in sel.families} <= {f.lower() for f in d.families}

    return next((d for d in ctx.state.defs.values() if d.token and fits(d)), None)


def summon_tokens(ctx: Ctx, sel: ast.Selector, item: Work) -> None:
    d = definition(ctx, sel)
    if d is None:
        what = sel.name or " ".join(sel.families)
        ctx.unmodelled(f"{item.label}: the figures of the {what} (the effect's annotation, 4-12-2) are not in "
                       "the card data")
        return
    for _ in range(sel.count or 1):
        if not _one(ctx, d, item, exhausted=sel.state == "exhausted"):
            break


def _one(ctx: Ctx, d: CardDef, item: Work, *, exhausted: bool) -> bool:
    player = item.controller
    n = sum(1 for k in ctx.state.cards if k.startswith("token")) + 1
    tid = f"token{n}"
    ctx.set(cards={**ctx.state.cards, tid: d.key}, owners={**ctx.state.owners, tid: player})
    ctx.log(f"{item.label}: {player} summons a {d.name} ({tid}), a token made by the effect", "kw.token_made",
            "summon.steps")
    cost = symbols.pay_cost(ctx, symbols.Paying(card=tid, player=player, how="summon", zone="token"))
    lv1 = derive.lv1_cost(d)
    p = ctx.state.players[player]
    if p.reserve < cost or p.reserve + sum(derive.cores_on(ctx.state, fc) for fc in p.field) < cost + lv1:
        ctx.log(f"{item.label}: {player} cannot pay for the {d.name} and its LV1 cores, so it is not summoned",
                "summon.pay", "rules.impossible")
        return False
    if cost:
        take_cores(ctx, player, cost, {}, concept="summon.pay", what=f"the summon cost of {tid}")
    from_reserve = min(lv1, ctx.state.players[player].reserve)
    givers = _from_field(ctx, player, lv1 - from_reserve, item)
    p = ctx.state.players[player]
    fc = FieldCard(id=tid, card=d.key, owner=player, cores=lv1, entered_turn=ctx.state.turn,
                   orientation=Orientation.EXHAUSTED if exhausted else Orientation.REFRESHED)
    ctx.state = with_player(ctx.state, replace(p, reserve=p.reserve - from_reserve, field=(*p.field, fc)))
    where = f"{from_reserve} from the reserve" + "".join(f", 1 from {name_of(ctx.state, g)}" for g in givers)
    ctx.log(f"{player} places {lv1} core(s) on {tid} ({where}){', exhausted' if exhausted else ''}",
            "summon.cores")
    management.checkpoint(ctx)
    triggers.fire(ctx, "summoned", tid)
    from judge.engine.bs.events.watch import watch

    watch(ctx, "when_summoned", [tid])
    return True


def _from_field(ctx: Ctx, player: str, need: int, item: Work) -> list[str]:
    """Take `need` cores, one at a time, from the summoner's field cards (10-6-7): their choice where
    several have cores; cores moved by the owner's own summon leave a card self-destroyed (9-3-2)."""
    givers: list[str] = []
    for _ in range(need):
        p = ctx.state.players[player]
        have = [fc.id for fc in p.field if fc.cores > 0]
        if len(have) == 1:
            cid = have[0]
        else:
            cid = str(ctx.ask(f"{player} says which of their cards gives a core for the token's LV1 cores: "
                              f"{', '.join(have)}", "summon.cores", player=player, options=tuple(have),
                              kind="target"))
            if cid not in have:
                raise ctx.refuse(f"{cid} has no core to give (choose one of {', '.join(have)})", "summon.cores")
        fc = ctx.state.field_card(cid)
        ctx.state = with_player(ctx.state, replace(p, field=tuple(replace(c, cores=c.cores - 1) if c.id == cid else c
                                                                  for c in p.field)))
        ctx.core_cause[cid] = ("self", player)
        givers.append(cid)
        assert fc is not None
    return givers


__all__ = ["activate_other", "borrowable", "definition", "names_token", "reveal_selected", "reveals_viewed", "summon_tokens"]
