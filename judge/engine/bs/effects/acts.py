"""What an effect does to cards and players at once: destroy, draw, discard, exhaust or refresh, move a
card, move cores, reduce life, make a spirit attack. Entries of `effects.EFFECTS` (the registry and the
order parts of an effect run in live in effects.py); each reads typed AST fields only.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.bs import continuous, select, waiting
from judge.engine.bs.ctx import Ctx, name_of
from judge.engine.bs.dispatch import effect
from judge.engine.bs.events import management, targets
from judge.engine.bs.events.facts import last_known
from judge.engine.bs.events.targets import pick, pile_candidates
from judge.engine.bs.state import Orientation, Work, with_player
from judge.engine.bs.zones.piles import DESTS, draw, place
from judge.text import ast


@effect(ast.Destroy, concepts=("do.destroy", "do.destruction_effect"), reads=("target",))
def _destroy(ctx: Ctx, eff: ast.Destroy, item: Work) -> None:
    from judge.engine.bs.events import no_trigger

    ids = targets.targets(ctx, eff.target, item)
    if ids:
        with no_trigger.by_this_effect(ctx, item):
            management.destroy(ctx, ids, cause="effect", by=item.controller, effect=True, source=item.source)


@effect(ast.Draw, concepts=("do.draw",), reads=("count", "player", "per", "until"))
def _draw(ctx: Ctx, eff: ast.Draw, item: Work) -> None:
    from judge.engine.bs.events.draws import record

    """Draw N cards (4-5-3); "for each …": N times their number; "until you have N cards in your
    hand": as many as the hand lacks of N, none when it has them."""
    per = 1
    if eff.per is not None:
        per = targets.per_count(ctx, eff.per, item)
        if per < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return
        ctx.log(f"{item.label}: {eff.count} card(s) for each of {per}: {eff.count * per}", "rules.text_order")
    for who in select.whose(item.controller, eff.player, ctx.state):
        before = len(ctx.state.players[who].hand)
        n = max(0, eff.count - before) if eff.until else eff.count * per
        if eff.until:
            ctx.log(f"{who} has {before} card(s) in hand: draws {n} to have {eff.count}", "do.draw")
        draw(ctx, who, n)
        record(ctx, who, len(ctx.state.players[who].hand) - before)




def _discard_gaps(e: ast.Discard) -> list[str]:
    t = e.equal_to
    if t is None:
        return []
    ok = t.ref is not None and t.ref.zone in (None, "field") and not t.ref.self_ref and t.stat in select.PER_CARD_STATS \
        and e.target is not None and e.target.zone in ("deck", "deck_top")
    return [] if ok else ["discard equal_to"]


def _equal_to(ctx: Ctx, t: ast.Threshold, item: Work) -> int:
    """"Discard a number of cards … equal to that spirit's cost": the spirit is selected where the text
    names it (8-5-3), and a later directive on "that spirit" acts on the same one (Ctx.selections)."""
    chosen = targets.choose(ctx, t.ref, controller=item.controller, source=item.source, label=item.label)
    ctx.selections[t.ref] = tuple((c, ctx.state.zone_of(c)) for c in chosen)
    n = sum(select.stat(ctx.state, c, t) or 0 for c in chosen)
    ctx.log(f"{item.label}: the number is {n}, the {t.stat} of {', '.join(chosen) or 'no card'}", "do.discard")
    return n


@effect(ast.Discard, concepts=("do.discard",), reads=("count", "player", "target", "per", "equal_to"),
        check=_discard_gaps)
def _discard(ctx: Ctx, eff: ast.Discard, item: Work) -> None:
    for who in select.whose(item.controller, eff.player, ctx.state):
        p = ctx.state.players[who]
        if eff.target is not None and (eff.target.self_ref or eff.target.zone == "revealed") and ctx.revealed:
            # "discard it": the revealed card
            from judge.engine.bs.zones import piles as zones

            for cid in list(ctx.revealed):
                zones.place(ctx, cid, "trash")
                ctx.revealed.remove(cid)
            ctx.log(f"{who} discards the revealed card(s)", "do.discard")
            continue
        if eff.target is not None and eff.target.zone in ("deck", "deck_top"):
            from judge.engine.bs.events import discard_cap

            n = eff.count if eff.equal_to is None else _equal_to(ctx, eff.equal_to, item)
            if eff.per is not None:           # "the top three cards … for each nexus you control"
                times = targets.per_count(ctx, eff.per, item)
                if times < 0:
                    ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
                    return
                n *= times
            k = min(discard_cap.allowed(ctx, item, n, who), len(p.deck))
            ctx.acted = {c: last_known(ctx.state, c) for c in p.deck[:k]}
            ctx.state = with_player(ctx.state, replace(p, deck=p.deck[k:], trash=p.trash + p.deck[:k]))
            ctx.discarded += list(p.deck[:k])
            shown = ", ".join(name_of(ctx.state, c) for c in p.deck[:k])
            ctx.log(f"{who} discards {k} card(s) from the top of the deck{': ' + shown if shown else ''}",
                    "do.discard", *(() if k == n else ("rules.impossible",)))
            watch_discards(ctx, list(p.deck[:k]), "deck", item)
            continue
        cards = _discarded(ctx, eff, item, who)
        if cards is None:
            return
        p = ctx.state.players[who]
        ctx.acted = {c: last_known(ctx.state, c) for c in cards}
        ctx.state = with_player(ctx.state, replace(p, hand=tuple(c for c in p.hand if c not in cards),
                                                   trash=p.trash + tuple(cards)))
        ctx.discarded += cards
        ctx.log(f"{who} discards {', '.join(cards) or 'nothing'}", "do.discard")
        watch_discards(ctx, cards, "hand", item)


def watch_discards(ctx: Ctx, cards: list[str], zone: str, item: Work) -> None:
    """Cards an effect discarded from the hand or the deck: the effects watching that ("when this card is
    discarded from your deck by your opponent's effect", read from the trash) activate."""
    from judge.engine.bs.events.destroyed_how import discards
    from judge.engine.bs.events.effect_events import stamp
    from judge.engine.bs.events.facts import facts
    from judge.engine.bs.events.triggers import push
    from judge.engine.bs.events.watch import watchers

    lasts = stamp(ctx, discards({c: facts(ctx.state, c) for c in cards if ctx.state.card_def(c) is not None},
                                zone=zone, by=item.controller), item)
    items = watchers(ctx, "when_discarded", lasts) if lasts else []
    if items:
        ctx.log("Effects watching the discard activate", "effect.triggered")
        push(ctx, items)


def _discarded(ctx: Ctx, eff: ast.Discard, item: Work, who: str) -> list[str] | None:
    """Which cards of the hand are discarded: all when no choice is left, else the discarder's choice
    (of that many, or any number when the text says so), among the cards the text allows."""
    from judge.engine.bs.zones.costs import waiting

    gone = waiting(ctx.state, item)          # a magic card being used is not among the hand's cards (10-8-7)
    p = ctx.state.players[who]
    sel = eff.target
    hand = [c for c in p.hand if c not in gone]
    cands = hand if sel is None else [c for c in hand if select.matches(
        ctx.state, c, replace(sel, zone=None, up_to=False, count=1), item.source)]
    any_number = sel is not None and sel.up_to and not eff.count
    n = eff.count
    if eff.per is not None:
        k = targets.per_count(ctx, eff.per, item)
        if k < 0:
            ctx.unmodelled(f"{item.label}: counting what \"for each\" refers to")
            return None
        n *= k
    if (not any_number and len(cands) <= n) or not cands:
        return cands                  # no choice left (an empty hand: "any number" is none, 1-3-2)
    what = "any number of cards" if any_number else f"{n} card(s)"
    prompt = f"{who} chooses {what} to discard from: {', '.join(cands)}"
    if not any_number and targets.interchangeable(ctx.state, cands):
        answer = ctx.no_matter(prompt, f"{who} discards {n} of {', '.join(cands)} (copies of one card: which of "
                               "them makes no difference)", "do.discard", player=who, options=cands,
                               kind="discard", default=cands[:n])
    else:
        answer = ctx.ask(prompt, "do.discard", player=who, options=cands, kind="discard")
    cards = [str(a) for a in (answer if isinstance(answer, list | tuple) else [answer])]
    if any(c not in cands for c in cards) or len(set(cards)) != len(cards) or (not any_number and len(cards) != n):
        raise ctx.refuse(f"{who} must discard {what} from: {', '.join(cands)}", "do.discard")
    return cards


def orient(ctx: Ctx, cid: str, to: str, why: str = "") -> None:
    """Exhaust / refresh / heavy-exhaust one field card (already so: nothing happens, 1-3-2-1)."""
    fc = ctx.state.field_card(cid)
    if fc is None:
        return
    target = {"exhausted": Orientation.EXHAUSTED, "refreshed": Orientation.REFRESHED,
              "heavy_exhausted": Orientation.HEAVY_EXHAUSTED}[to]
    if to == "refreshed" and fc.orientation == Orientation.HEAVY_EXHAUSTED:
        target = Orientation.EXHAUSTED
        management.set_orientation(ctx, fc, target)
        ctx.log(f"{name_of(ctx.state, cid)} is heavy exhausted: refreshing it makes it exhausted{why}",
                "do.refresh_heavy")
        return
    if fc.orientation == target:
        ctx.log(f"{name_of(ctx.state, cid)} is already {to.replace('_', ' ')}: nothing happens", "rules.already")
        return
    if to == "exhausted" and fc.orientation == Orientation.HEAVY_EXHAUSTED:
        ctx.log(f"{name_of(ctx.state, cid)} is heavy exhausted; it stays so", "rules.already")
        return
    management.set_orientation(ctx, fc, target)
    concept = {"exhausted": "do.exhaust", "refreshed": "do.refresh", "heavy_exhausted": "do.heavy_exhaust"}[to]
    ctx.log(f"{name_of(ctx.state, cid)} is {to.replace('_', ' ')}{why}", concept)


@effect(ast.SetState, concepts=("do.exhaust", "do.refresh"), reads=("state", "target"))
def _set_state(ctx: Ctx, eff: ast.SetState, item: Work) -> None:
    if eff.state not in ("exhausted", "refreshed", "heavy_exhausted"):
        ctx.log(f"{item.label}: state {eff.state!r} does not exist in Battle Spirits; nothing happens",
                "rules.impossible")
        return
    ids = targets.targets(ctx, eff.target, item)
    kept = {cid for cid in ids if eff.state != "refreshed" and barred(ctx, cid, "be_exhausted", item, "exhausted")}
    for cid in ids:
        if cid not in kept:
            orient(ctx, cid, eff.state)


def barred(ctx: Ctx, cid: str, act: str, item: Work, what: str) -> bool:
    """Whether a card cannot undergo what this effect would do to it ("cannot be exhausted by your
    opponent's effects"): then that part does not happen to it, since "cannot" wins (1-3-3)."""
    if not continuous.cannot(ctx.state, cid, act, actor=item.source, player=item.controller):
        return False
    ctx.log(f"{name_of(ctx.state, cid)} cannot be {what} by {item.label}: that does not happen to it",
            "rules.cannot_wins")
    return True


@effect(ast.Attack, concepts=("battle.attack_spirit",), reads=("target",))
def _attack_spirit(ctx: Ctx, eff: ast.Effect, item: Work) -> None:
    """"Attack that spirit" (10-10-1): the selected spirit immediately blocks; no pre-block window."""
    from judge.engine.bs.events import triggers

    b = ctx.state.battle
    # the attacker is the effect's own spirit, or the spirit whose attack an effect watching it saw
    ours = b is not None and (b.attacker == item.source or (
        isinstance(item.param, list | tuple) and b.attacker in item.param))
    if b is None or not ours or b.blocker is not None:
        ctx.log(f"{item.label}: its spirit is not attacking unblocked now; nothing happens", "rules.impossible")
        return
    ids = targets.choose(ctx, eff.target, controller=item.controller, source=item.source, label=item.label,
                        concept="battle.attack_spirit")
    if not ids:
        return
    target = ids[0]
    if continuous.cannot(ctx.state, target, "block"):
        ctx.log(f"{name_of(ctx.state, target)} cannot block: the block does not happen and the battle goes on",
                "rules.cannot_wins", "battle.attack_spirit")
        return
    defender = ctx.state.controller(target) or ctx.state.opponent(item.controller)
    fc = ctx.state.field_card(target)
    if fc is not None and fc.orientation == Orientation.REFRESHED:
        management.set_orientation(ctx, fc, Orientation.EXHAUSTED)
    ctx.set(battle=replace(ctx.state.battle, blocker=target, window="flash_post", priority=defender, passes=0))
    ctx.log(f"{name_of(ctx.state, b.attacker)} attacks {name_of(ctx.state, target)}: it blocks at once (even if "
            "exhausted); the flash window before blocking is skipped", "battle.attack_spirit")
    triggers.fire(ctx, "blocks", target)
    from judge.engine.bs.events.watch import watch

    watch(ctx, "when_blocks", [target])
    watch(ctx, "when_blocked", [b.attacker])
    waiting.trigger(ctx, "blocked", attacker=b.attacker, blocker=target)


#: Where a Move effect can put a card (the piles of 4-2, a removal from the game).
MOVE_DESTS = frozenset({"hand", "deck_top", "deck_bottom", "removed", "trash"})


def _move_gaps(e: ast.Move) -> list[str]:
    """A card moved from a zone the handler has no procedure for (the field, the revealed cards, a
    trash, a hand: 4-2)."""
    return [] if e.target.zone in (None, "field", "revealed", "trash", "hand") else \
        [f"move from {e.target.zone} to {e.dest}"]


@effect(ast.Move, concepts=("do.return", "area.owner"), reads=("target", "dest"), values={"dest": MOVE_DESTS},
        check=_move_gaps)
def _move(ctx: Ctx, eff: ast.Move, item: Work) -> None:
    from judge.engine.bs.events import targets
    from judge.engine.bs.zones import piles as zones

    if targets.names_subjects(eff.target, item):    # "return it (the destroyed spirit) to your hand"
        if eff.dest not in zones.DESTS:
            ctx.unmodelled(f"{item.label}: moving a card to {eff.dest}")
            return
        for cid in targets.subjects(ctx, eff.target, item):
            zones.place(ctx, cid, eff.dest)
        return
    if eff.target.self_ref and not ctx.revealed and ctx.state.field_card(item.source) is None and \
            zones.pile_of(ctx.state, item.source) is not None and eff.dest in zones.DESTS:
        # "return this card from your trash to your hand": the effect's own card, where it is now
        ctx.log(f"{item.label}: {name_of(ctx.state, item.source)} moves to the {eff.dest.replace('_', ' ')}",
                "do.return")
        zones.place(ctx, item.source, eff.dest)
        return
    if eff.target.zone not in (None, "field") or (eff.target.self_ref and ctx.revealed):
        if eff.target.self_ref:     # "put it into your hand": the card just revealed
            eff = replace(eff, target=replace(eff.target, self_ref=False, zone="revealed", count=None))
        move_from_pile(ctx, eff, item)
        return
    ids = targets.targets(ctx, eff.target, item)
    from judge.engine.bs.events.facts import facts

    before = {cid: facts(ctx.state, cid) for cid in ids}
    # the cards go together: what bars the move is read before any of them leaves (1-3-3)
    kept = {cid for cid in ids if eff.dest in ("hand", "deck_top", "deck_bottom") and barred(
        ctx, cid, "be_returned_to_hand_or_deck", item, f"returned to the {eff.dest.split('_')[0]}")}
    for cid in ids:
        dest = {"deck_top": "deck_top", "deck_bottom": "deck_bottom", "hand": "hand", "removed": "removed",
                "trash": "trash"}.get(eff.dest)
        if dest is None:
            ctx.unmodelled(f"{item.label}: moving a card to {eff.dest}")
            continue
        if cid in kept:
            continue
        if ctx.profile.pending_state and dest in ("hand", "deck_top", "deck_bottom"):
            ctx.log(f"{name_of(ctx.state, cid)} enters the pending state to return to the {dest.split('_')[0]}",
                    "do.return")
        management.leave_field(ctx, cid, dest)
    ctx.acted = {cid: lk for cid, lk in before.items() if ctx.state.field_card(cid) is None}
    if eff.dest in ("hand", "deck_top", "deck_bottom"):
        watch_returned(ctx, {cid: lk for cid, lk in before.items() if ctx.state.field_card(cid) is None},
                       "hand" if eff.dest == "hand" else "deck")


def watch_returned(ctx: Ctx, lasts: dict[str, dict], zone: str) -> None:
    """Field cards an effect returned to a hand or a deck: the effects watching that ("when one of your
    opponent's spirits is returned to their hand") activate, seeing them as they last were (8-10-1)."""
    from judge.engine.bs.events.destroyed_how import RETURNED
    from judge.engine.bs.events.triggers import push
    from judge.engine.bs.events.watch import watchers

    items = watchers(ctx, "when_returned", {c: {**lk, RETURNED: zone} for c, lk in lasts.items()}) if lasts else []
    if items:
        ctx.log("Effects watching the return activate", "effect.triggered")
        push(ctx, items)


def move_from_pile(ctx: Ctx, eff: ast.Move, item: Work) -> None:
    """A Move whose target is in the revealed cards, a trash or a hand."""
    if eff.dest not in DESTS:
        ctx.unmodelled(f"{item.label}: moving a card from {eff.target.zone} to {eff.dest}")
        return
    from judge.engine.bs.events.targets import earlier

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


#: The mark an "end the attack step" effect leaves for the turn's flow (flow/battle.py reads it).
END_ATTACK_STEP = "end_attack_step"


@effect(ast.EndStep, concepts=("turn.attack_end",), reads=("step",))
def _end_step(ctx: Ctx, eff: ast.EndStep, item: Work) -> None:
    """"When this battle ends, end the attack step": the step ends as the battle is over, as if the turn
    player had declared its end (6-7-3-2); no further attack is declared. Only that, in a battle."""
    if eff.step != "attack_step" or ctx.state.battle is None or ctx.state.step.value != "attack":
        ctx.unmodelled(f"{item.label}: ending the {eff.step.replace('_', ' ')} outside a battle")
        return
    from judge.engine.bs.ctx import add_mod

    add_mod(ctx, target=ctx.state.turn_player, kind=END_ATTACK_STEP, value=True, duration=ast.Duration.TURN,
            source=item.source, controller=item.controller)
    ctx.log(f"{item.label}: the attack step will end once this battle is over", "turn.attack_end")

