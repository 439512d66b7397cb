"""Renderers of FFTCG effects, one directive each (15.1.1, 11.9): choose, break, deal damage, dull,
draw, discard, move, play, search, power changes, gains, restrictions, costs, counters… Registered
in render.RENDER when `judge.text.fftcg.render_effects` is imported (it imports this module); the
sentence machinery and the phrasing helpers they share live there."""

from __future__ import annotations

import re
from dataclasses import replace

from judge.text import ast
from judge.text.ast import Duration, Player, Selector
from judge.text.fftcg.render_conditions import source
from judge.text.fftcg.render_core import Ctx, renders
from judge.text.fftcg.render_effects import (
    _STATE_VERB,
    _as_many,
    _barred,
    _gains,
    _per,
    _per_of,
    name_of_cast,
    paid,
    target,
)
from judge.text.fftcg.render_words import NOUN, icons, np, player, plural, tail, third


@renders(ast.Choose)
def _choose(e: ast.Choose, ctx: Ctx) -> str:
    ctx.chosen.append(e.target)
    verb = "select" if e.target.choose == "select" else "choose"
    if _as_many(e.target):
        return f"{verb} {_as_many(e.target, ctx)}"
    per = _per_of(e.target, ctx)                       # "1 Forward for each …" (4)
    bare = replace(e.target, chooser=None, count_per=None)
    if e.target.chooser is Player.OPPONENT:            # "your opponent selects 1 Forward they control" (11.11.5.1)
        words = np(bare, ctx.name).replace("opponent controls", "they control")
        return f"your opponent selects {words}{per}"
    if e.target.chooser is Player.EACH:                # "each player selects 1 Forward they control" (6.1.4)
        return f"each player selects {np(replace(bare, owner=None), ctx.name)} they control{per}"
    return f"{verb} {np(bare, ctx.name)}{per}"


@renders(ast.Destroy)
def _destroy(e: ast.Destroy, ctx: Ctx) -> str:
    return f"break {target(e.target, ctx)}"


@renders(ast.Damage)
def _damage(e: ast.Damage, ctx: Ctx) -> str:
    amount = f"{e.amount}" if not e.amount_var else "X000" if e.amount == 1000 else "X"
    per = _per(e.per, ctx)
    if e.player is not None and e.target is None:
        who = "you" if e.player is Player.YOU else "your opponent"
        points = "point" if e.amount == 1 else "points"
        if e.source is not None:
            return f"{np(e.source, ctx.name, subject=True)} deals {who} {amount} {points} of damage{per}"
        if e.player is Player.YOU:                       # damage the controller takes on themselves (11.10)
            return f"receive {amount} {points} of damage{per}"
        return f"deal {who} {amount} {points} of damage{per}"
    if e.amount_from == "divided":
        return f"divide {amount} damage among {target(e.target, ctx)}"
    if e.amount_from:
        return _damage_equal(e, ctx)
    dealer = f"{np(e.source, ctx.name, subject=True)} deals" if e.source is not None else "deal"
    if e.target is not None and e.target.choose != "choose" and e.target.ref is None and not e.target.self_ref:
        return f"{dealer} {amount} damage to {np(e.target, ctx.name)}{per}"
    return f"{dealer} {target(e.target, ctx)} {amount} damage{per}"


def _damage_equal(e: ast.Damage, ctx: Ctx) -> str:
    """"deal it damage equal to X's power (minus 1000)" (5.2.6): the amount is a card's statistic."""
    how = e.amount_from or ""
    less = f" minus {-e.amount}" if e.amount < 0 else ""
    if how == "same_amount":
        return f"deal {target(e.target, ctx)} the same amount of damage"
    if how == "power_of_source" and e.source is not None and e.source.ref is None and not e.source.self_ref:
        of = f"{np(e.source, ctx.name)}'s power"
    elif how == "power_of_self" or (e.source is not None and e.source.self_ref):
        of = f"{ctx.name}'s power"
    elif how.startswith("half_power"):
        of = ("half of " + (f"{ctx.name}'s" if how.endswith("self") else "its") + " power" +
              (f" (round down to the nearest {e.unit})" if e.unit else ""))
    else:
        of = "its power"
    if how == "power_of_source" and e.source is not None and e.target is not None and e.target.ref == "other":
        return f"{np(e.source, ctx.name, subject=True)} deals damage equal to its power to {np(e.target, ctx.name)}"
    return f"deal {target(e.target, ctx)} damage equal to {of}{less}"


@renders(ast.SetState)
def _set_state(e: ast.SetState, ctx: Ctx) -> str:
    return f"{_STATE_VERB.get(e.state, e.state)} {target(e.target, ctx)}"


@renders(ast.Draw)
def _draw(e: ast.Draw, ctx: Ctx) -> str:
    cards = "card" if e.count == 1 else "cards"
    per = _per(getattr(e, "per", None), ctx)
    if e.player not in (None, Player.YOU):
        return f"{player(e.player)} {third('draw', e.player)} {e.count} {cards}{per}"
    return f"draw {e.count} {cards}{per}"


@renders(ast.Discard)
def _discard(e: ast.Discard, ctx: Ctx) -> str:
    whose = "your" if e.player in (None, Player.YOU) else "their"
    if e.target is not None and e.target.zone == "hand" and not (e.target.card_types or e.target.families
                                                                  or e.target.name):
        what = f"{e.target.count} card" + ("s" if e.target.count != 1 else "")
    elif e.target is not None:
        what = np(replace(e.target, zone=None), ctx.name)
    else:
        what = f"{e.count} card" + ("s" if e.count != 1 else "")
    if e.count == 0:
        what = f"{whose} hand"
    if e.target is not None and e.target.self_ref:
        what = ctx.name
    if e.target is not None and e.target.chooser is Player.YOU and e.player not in (None, Player.YOU):
        what = target(e.target, ctx)                   # "Select 1 card in their hand. Your opponent discards it."
    randomly = "randomly " if e.target is not None and e.target.state == "random" else ""
    what = what.replace("randomly selected ", "") + _per(e.per, ctx)
    if e.player not in (None, Player.YOU):
        return f"{player(e.player)} {randomly}discards {what}"
    return f"{randomly}discard {what}"


@renders(ast.Move)
def _move(e: ast.Move, ctx: Ctx) -> str:
    sel = e.target
    who = target(sel, ctx)
    yours = sel.ref in ("rest", "them", "other") or sel.zone in ("revealed", "hand", "deck") or sel.owner is Player.YOU
    deck = "your deck" if yours else "its owner's deck"
    if e.dest == "hand":
        if sel.zone in ("break", "revealed", "deck", "removed") or sel.ref == "rest":
            return f"add {who} to your hand"
        hand = "their owners' hands" if plural(sel) else "its owner's hand"
        return f"return {who} to {hand}"
    if e.dest == "removed":
        return f"remove {who} from the game" + tail(e.duration)
    if e.dest == "break" and e.player is not None and sel.zone == "deck" and sel.owner is e.player:
        mine = who.replace("your opponent's deck", "their deck")     # "your opponent puts the top card of their deck"
        return f"{player(e.player)} {third('put', e.player)} {mine} into the Break Zone"
    if e.dest == "break":
        return f"put {who} into the Break Zone"
    if e.dest == "damage":
        return f"put {who} into the Damage Zone" + (" (its EX Burst effect will not trigger)" if e.no_ex_burst
                                                    else "")
    order = " in any order" if e.any_order else ""
    verb = f"{player(e.player)} puts" if e.player not in (None, Player.YOU) else "put"
    if e.dest in ("deck_top", "deck_bottom"):
        return f"{verb} {who} at the {e.dest[5:]} of {deck}{order}"
    if e.dest == "deck_top_or_bottom":
        return f"{verb} {who} at the top or bottom of {deck}{order}"
    if e.dest == "deck_under_top":
        return f"{verb} {who} {_under(e.under)} of {deck}"
    return f"<move {e.dest}>"


def _under(n: int | None) -> str:
    """ "under the top N cards" (7.9)."""
    return "under the top card" if n in (None, 1) else f"under the top {n} cards"


@renders(ast.Deploy)
def _deploy(e: ast.Deploy, ctx: Ctx) -> str:
    who = target(e.target, ctx, source_zone=True)
    if e.verb == "play":
        field = {Player.YOU: "your field", Player.OPPONENT: "your opponent's field"}.get(e.onto, "the field")
        return f"play {who} onto {field}" + (" dull" if e.dull else "")
    if e.verb == "cast":
        return f"cast {who}" + (" without paying the cost" if e.free else "")
    if e.verb == "gain_control":
        actor = "" if e.player is None else player(e.player) + " "
        return f"{actor}{third('gain', e.player) if e.player else 'gain'} control of {who}" + tail(e.duration)
    if e.verb == "use":
        return "use this special ability again without paying the cost"
    if e.verb == "return":
        return f"return {who} to the field" + (" dull" if e.dull else "")
    return f"<deploy {e.verb}>"


@renders(ast.Search)
def _search(e: ast.Search, ctx: Ctx) -> str:
    then = {"hand": "add it to your hand", "field": "play it onto the field", "break": "put it into the Break Zone",
            "deck_top": "put it at the top of your deck", "removed": "remove it from the game",
            "cast": "cast it without paying the cost",
            "deck_under_top": f"put it {_under(e.under)} of your deck"}.get(e.dest, e.dest)
    if plural(e.target):
        then = then.replace(" it ", " them ")
    if e.dull:                                         # "play it onto the field dull" (6.3)
        then += " dull"
    what = np(e.target, ctx.name)
    comma = "," if e.target.distinct else ""           # "…, each of a different Element, and add them" (15.1.1.8)
    if e.player is not None:                           # "your opponent (may) search(es) for X … their hand"
        then = then.replace("your hand", "their hand").replace("your deck", "their deck")
    return f"search for {what}{comma} and {then}"


@renders(ast.ModifyStat)
def _modify(e: ast.ModifyStat, ctx: Ctx) -> str:
    who = target(e.target, ctx, subject=True)
    per = _per(e.per, ctx)
    if e.stat == "power":
        if e.amount >= 0:
            return f"{who} {third('gain', e.target)} +{e.amount} power{per}{tail(e.duration)}"
        return f"{who} {third('lose', e.target)} {-e.amount} power{per}{tail(e.duration)}"
    # a damage replacement: said of "the damage" inside "If X is dealt damage, …"; alone, of the next damage
    when = "during this turn, " if e.next_only and e.duration is Duration.TURN else ""
    dealt = f"the next damage dealt to {who}" if e.next_only else "the damage"
    instead = " instead" if e.next_only else ""
    if e.stat == "damage_received_becomes" and e.amount == 0 and not e.next_only and e.target is not None \
            and e.target.ref != "it" and not e.target.self_ref:
        return f"negate all damage dealt to {target(e.target, ctx)}"
    if e.stat == "damage_received_becomes":
        return f"{when}{dealt} becomes {e.amount}{instead}"
    if e.stat == "damage_received":
        way = "increases" if e.amount > 0 else "is reduced"
        return f"{when}{dealt} {way} by {abs(e.amount)}{instead}"
    if e.stat == "damage_multiplier":
        return "double the damage"
    if e.stat == "power_double":                              # 5.2.6 its power added to its power
        return f"{who} {third('double', e.target)} its power{tail(e.duration)}"
    if e.stat == "power_set" and e.target is not None and e.target.ref is None and not e.target.self_ref \
            and e.target.count is None and who != "they":
        return f"the power of {np(e.target, ctx.name)} becomes {e.amount}{tail(e.duration)}"   # 5.2.6 of several
    if e.stat == "power_set":
        return f"{who}'s power becomes {e.amount}{tail(e.duration)}".replace("it's power", "its power")
    return f"<modify {e.stat}>"


@renders(ast.Gain)
def _gain(e: ast.Gain, ctx: Ctx) -> str:
    if e.keyword is not None and e.keyword.name == "Also" and len(e.keyword.params) == 2:   # 5.2.4
        what, kind = e.keyword.params
        thing = {"card_name": f"[[i]]Card Name {what}[[/]]", "job": f"[[i]]Job {what}[[/]]"}.get(
            kind, "a " + NOUN.get(what, (what,))[0])
        return f"{target(e.target, ctx, subject=True)} is also {thing} in all situations"
    if e.keyword is not None and e.keyword.name == "Element" and e.keyword.params:    # 5.2.1.1 becomes an Element
        what = "the named Element" if e.keyword.params[0] == "named" else e.keyword.params[0].title()
        return f"{target(e.target, ctx, subject=True)} {third('become', e.target)} {what}{tail(e.duration)}"
    if e.keyword is not None and e.keyword.name == "Card Elements" and e.keyword.params:    # 5.2.1.1
        elements = [x.title() for x in e.keyword.params]
        listed = ", ".join(elements[:-1]) + " and " + elements[-1] if len(elements) > 1 else elements[0]
        return f"{target(e.target, ctx, subject=True)} {third('gain', e.target)} Elements of {listed}{tail(e.duration)}"
    return _gains([e], ctx)


#: whole clauses of a few restrictions and permissions ({who}: the card; {name}: this card)
CLAUSES = {
    ("can", "produce_any_cp"): "{who} can produce CP of any Element",
    ("can", "pay_priming_with_any_element"): "the priming cost of {who} can be paid with CP of any Element",
    ("cannot", "cast_outside_your_turn"): "you can only cast {who} during your turn",
    ("cannot", "be_in_main_deck"): "(Cards with 《LB》 cannot be included in your main deck.)",
    ("can", "cast_any_time"): "you can cast {who} at any time you could use an action ability",
    ("lose", "all_abilities"): "{who} loses all its abilities",
    ("cannot", "power_decreased"): "the power of {who} cannot be decreased",
    ("cannot", "power_increased"): "the power of {who} cannot be increased",
    ("cannot", "trigger_auto_abilities"): "{who} cannot trigger auto-abilities",
}


def _paid_with(e: ast.Restriction, ctx: Ctx) -> str:
    """The CP a cost may only be paid with: of some Elements, or produced by some cards (11.2)."""
    if e.action == "pay_with_cp_from_backups":
        return "CP produced by " + (np(e.by, ctx.name).removeprefix("all the ") if e.by is not None else "Backups")
    return " or ".join(x.title() for x in e.action[9:-3].split("_")) + " CP"


def _pay_purpose(sel: Selector | None, ctx: Ctx) -> str:
    if sel is not None and sel.self_ref and sel.card_types == ("ability",):
        return "use this ability"
    return "cast " + (target(sel, ctx, source_zone=True) if sel is not None else ctx.name)


@renders(ast.Restriction)
def _restriction(e: ast.Restriction, ctx: Ctx) -> str:
    if e.action == "be_reduced" and e.player is None:     # the damage just dealt, or "the damage dealt by X to Y"
        if e.target is None:
            return "this damage cannot be reduced"
        by = " by " + source(e.by, ctx.name) if e.by is not None else ""
        return f"the damage dealt{by} to {target(e.target, ctx).removeprefix('all the ')} cannot be reduced"
    if e.player is not None and e.target is not None and e.action in ("play", "cast") and e.mode in ("can", "cannot"):
        return _player_plays(e, ctx)
    who = target(e.target, ctx, subject=True) if e.target is not None else player(e.player)
    if e.mode == "can" and e.action in ("cast_as_owner", "cast_as_owner_any_time") and e.target is not None:
        them = "them" if plural(e.target) else "it"          # 6.2.1: cast a card one does not own as its owner
        when = f" at any time you could normally cast {them}" if e.action.endswith("any_time") else ""
        turn = " this turn" if e.duration is Duration.TURN else tail(e.duration)
        return f"you can cast {target(e.target, ctx)}{turn} as though you owned {them}{when}"
    if (e.mode, e.action) == ("lose", "all_jobs"):             # 5.2.5 its Job / their Jobs
        return f"{who} {third('lose', e.target)} {'their Jobs' if plural(e.target) else 'its Job'}{tail(e.duration)}"
    clause = CLAUSES.get((e.mode, e.action)) if e.object is None else None
    if clause is not None:
        by = " by " + source(e.by, ctx.name) if e.by is not None else ""
        return clause.format(who=who, name=ctx.name) + by + tail(e.duration)
    if e.mode == "lose":
        return f"{who} {third('lose', e.target)} {e.action.replace('_', ' ').title()}{tail(e.duration)}"
    if e.action == "pay_with_cp_from_backups" or (e.action.startswith("pay_with_") and e.action.endswith("_cp")):
        return f"you can only pay with {_paid_with(e, ctx)} to {_pay_purpose(e.target, ctx)}"   # 11.2
    if e.action.startswith("produce_") and e.action.endswith("_cp"):
        return f"{who} can produce {e.action[8:-3].title()} CP"
    action = _barred(e)
    if e.object is not None:                                 # "cannot block X" (10.1.3): what the act is aimed at
        action += " " + target(e.object, ctx)
    if e.action == "form_party_with" and e.by is not None:    # 15.1.1.9 whom it may form a party with
        action += " " + np(e.by, ctx.name).removeprefix("all the ")
    elif e.by is not None:
        action += " by " + source(e.by, ctx.name)
    if e.action == "pay_with_any_element":
        return f"the cost required to cast {name_of_cast(e.target, ctx)} can be paid with CP of any Element"
    if e.action == "activate_in_active_phase":
        nxt = "next " if e.duration is not Duration.PERMANENT else ""
        return f"{who} will not activate during your {nxt}Active Phase"
    mode = {"cannot": "cannot", "must": "must", "can": "can", "can_only": "can only"}.get(e.mode, e.mode)
    if e.cost is not None:
        action += f" unless you pay {icons(e.cost)}"
    return f"{who} {mode} {action}{tail(e.duration)}"


def _player_plays(e: ast.Restriction, ctx: Ctx) -> str:
    """What a player can or cannot play or cast (11.12.4): "You cannot play X from your hand due to
    Summons or abilities", "You can play 2 or more Light Characters onto the field"."""
    sel = e.target
    in_hand = sel.zone == "hand"
    if in_hand:                                         # "from your hand" / "from their hand" says whose
        sel = replace(sel, zone=None, owner=None if sel.owner is e.player or sel.count is None else sel.owner)
    what = ctx.name if sel.self_ref else np(sel, ctx.name).removeprefix("all the ") if sel.count is None \
        else target(sel, ctx)
    hand = "your hand" if e.player is Player.YOU else "their hand"
    where = f" from {hand}" if in_hand else " onto the field" if e.action == "play" else ""
    by = " due to " + source(e.by, ctx.name) if e.by is not None else ""
    said = f"{player(e.player)} {e.mode} {e.action} {what}{where}{by}"
    return f"during this turn, {said}" if e.duration is Duration.TURN else said + tail(e.duration)


@renders(ast.GainCrystal)
def _crystal(e: ast.GainCrystal, ctx: Ctx) -> str:
    return "gain " + "《C》" * e.count + _per(e.per, ctx)


@renders(ast.Cancel)
def _cancel(e: ast.Cancel, ctx: Ctx) -> str:
    if e.target is not None and e.target.choose == "choose" and e.target.ref is None:
        target(e.target, ctx)                                # "Choose 1 Summon." said first
    return "cancel its effect"


@renders(ast.Pay)
def _pay(e: ast.Pay, ctx: Ctx) -> str:
    return "pay " + icons(e.cost)


@renders(ast.CostChange)
def _cost_change(e: ast.CostChange, ctx: Ctx) -> str:
    way = "reduced" if e.amount < 0 else "increased"
    what = name_of_cast(e.target, ctx)
    floor = " (it cannot become 0)" if e.floor else ""
    when = "during this turn, " if e.target.state == "next" else ""  # a resolved change lasts the turn (11.12.4.1)
    return f"{when}the cost required to cast {what} is {way} by {abs(e.amount)}{_per(e.per, ctx)}{floor}"


@renders(ast.Reveal)
def _reveal(e: ast.Reveal, ctx: Ctx) -> str:
    n = "X" if e.amount_var else e.count
    cards = "card" if e.count == 1 else f"{n} cards"
    if e.zone == "deck_look":
        return f"look at the top {cards} of your deck"
    if e.zone == "deck":
        return f"reveal the top {cards} of your deck"
    if e.zone == "revealed_shuffle":
        return "shuffle the other cards revealed"
    if e.zone == "deck_shuffle":
        return "shuffle your deck"
    if e.zone == "opponent_hand":
        return "your opponent reveals their hand"
    if e.zone == "hand":
        return "reveal any number of cards from your hand"
    if e.zone == "hand_random":
        return f"randomly reveal {e.count} card from your hand"
    if e.zone == "opponent_deck":
        return f"reveal the top {cards} of your opponent's deck"
    if e.zone == "deck_until_found":
        return "turn over one card at a time from the top of your deck until " + (
            np(e.then[0].target, ctx.name, article=True) if e.then and hasattr(e.then[0], "target") else "a card"
        ) + " is revealed"
    return f"<reveal {e.zone}>"


@renders(ast.Counters)
def _counters(e: ast.Counters, ctx: Ctx) -> str:
    n = "all" if e.count == 0 else "X" if e.amount_var else str(e.count)
    counters = f"{e.name} Counter" + ("s" if n != "1" else "")
    if e.remove:
        return f"remove {n} {counters} from {target(e.target, ctx)}"
    return f"place {n} {counters} on {target(e.target, ctx)}"


@renders(ast.AlternativeCost)
def _alternative(e: ast.AlternativeCost, ctx: Ctx) -> str:
    where = " from your hand" if e.target.zone == "hand" else ""
    return f"you can {paid(e.cost, ctx)} (instead of paying the CP cost) to cast {name_of_cast(e.target, ctx)}{where}"


@renders(ast.Declare)
def _declare(e: ast.Declare, ctx: Ctx) -> str:
    words = {"element": "Element", "job": "Job", "card_name": "Card Name", "card_type": "card type",
             "category": "Category", "cost": "number"}
    named = " and ".join(f"1 {words.get(t, t)}" for t in e.things)
    other = f" other than {' or '.join(x.title() for x in e.other_than)}" if e.other_than else ""
    verb = "select" if e.things == ("cost",) else "name"
    return f"{verb} {named}{other}"


@renders(ast.ChangeTarget)
def _change_target(e: ast.ChangeTarget, ctx: Ctx) -> str:
    target(e.target, ctx)
    if e.chosen:                                 # "choose another X to become the new target (…)" (11.6.5)
        to = np(e.to, ctx.name) if e.to.card_types else "another target"
        to = to if e.to.other or not e.to.card_types else re.sub(r"^1 ", "another ", to)   # "another X": 1 X
        kind = e.to.card_types[0].title() if len(e.to.card_types) == 1 else "target"
        return f"choose {to} to become the new target" + (
            f" (The newly chosen {kind} must be a valid choice)" if e.if_possible else "")
    return f"the Summon or ability is now choosing {np(e.to, ctx.name)} instead" + (
        ", if possible" if e.if_possible else "")


@renders(ast.RedirectDamage)
def _redirect(e: ast.RedirectDamage, ctx: Ctx) -> str:
    who = target(e.target, ctx) if e.target is not None else player(e.player)
    nxt = "the next damage" if e.next_only else "the damage"
    when = "during this turn, " if e.duration is Duration.TURN else ""
    return f"{when}{nxt} dealt to {who} is dealt to {np(e.to, ctx.name)} instead"


@renders(ast.Unread)
def _unread(node: ast.Unread, ctx: Ctx) -> str:
    """Words the grammar did not read: marked, never re-worded (the words are shown beside it)."""
    return ast.NOT_READ
