"""FFTCG renderings of triggers, events and conditions (11.8): the words of their typed fields.

A helper module of judge/text/fftcg/render.py. Every phrase is built from the node's fields (never
from its `text`), so a field the parser left empty shows as a missing word in the round trip.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judge.text import ast
from judge.text.ast import Player, Selector, Threshold
from judge.text.fftcg.render_words import OPS, cost, icons, np, player, plural, posts, third

#: an event kind → its verb phrase (the subject said before it)
EVENT_WORDS = {
    "enters_field": "enters the field", "attacks": "attacks", "blocks": "blocks", "is_blocked": "is blocked",
    "forms_party": "forms a party", "leaves_field": "leaves the field", "is_broken": "is broken",
    "put_into_break_zone": "is put from the field into the Break Zone", "is_chosen": "is chosen",
    "is_dealt_damage": "is dealt damage", "deals_damage": "deals damage", "returned_to_hand": "is returned to "
    "its owner's hand", "removed_from_game": "is removed from the game", "dulled": "becomes dull",
    "activated": "is activated", "put_into_damage_zone": "is put into the Damage Zone", "priming": "is priming",
    "put_from_deck_into_break_zone": "is put from the deck into the Break Zone", "discarded": "is discarded",
    "leaves_break": "leaves the Break Zone", "added_to_hand_from_break_zone": "is added to your hand from "
    "your Break Zone", "uses_ability": "uses an ability", "ability_triggers": "triggers", "revealed": "is revealed",
    "selected": "is selected", "power_changed": "has its power changed", "searches": "searches",
}
#: a player's event kind → (subject, verb phrase)
PLAYER_EVENTS = {
    "you_cast": ("you", "cast"), "opponent_casts": ("your opponent", "casts"),
    "you_receive_damage": ("you", "receive damage"), "opp_damaged": ("your opponent", "receives damage"),
    "you_draw": ("you", "draw a card"), "opponent_draws": ("your opponent", "draws a card"),
    "opponent_discards": ("your opponent", "discards a card"), "you_discard": ("you", "discard a card"),
    "opponent_uses_ability": ("your opponent", "uses an ability"), "you_use_ability": ("you", "use an ability"),
    "opponent_plays": ("your opponent", "plays"), "you_play": ("you", "play"),
    "paid_extra_cost": ("you", "pay the extra cost"), "when_do_so": ("you", "do so"),
}
SOURCE_NOUNS = {"summon": "Summons", "ability": "abilities", "ex_burst": "EX Bursts", "forward": "Forwards",
                "backup": "Backups", "monster": "Monsters", "character": "Characters",
                "action_ability": "action abilities", "special_ability": "special abilities",
                "auto_ability": "auto-abilities"}
QUALIFIER_WORDS = {"first_in_turn": "for the first time in the turn", "this_turn": "this turn",
                   "same_turn": "this turn", "not_battle": "other than battle damage",
                   "not_by_own": "other than by your abilities"}


def source(by: Selector, name: str) -> str:
    """The source of an event or a restriction (6.4): "your opponent's Summons or abilities"."""
    if by.ref == "this_effect":
        return "this effect"
    if by.self_ref:
        return name
    if by.count == 1 and by.card_types and not set(by.card_types) & {"summon", "ability", "ex_burst"}:
        return np(by, name, article=True)                  # "by a Forward": one card deals it (6.4)
    if by.card_types and set(by.card_types) <= set(SOURCE_NOUNS) and not (by.families or by.name or by.thresholds):
        words = " or ".join(SOURCE_NOUNS[k] for k in by.card_types)
        adj = " or ".join(c.title() for c in by.colors)
        whose = {Player.OPPONENT: "your opponent's ", Player.YOU: "your "}.get(by.owner, "")
        about = f" of {np(by.about, name)}" if by.about is not None else ""
        harmless = " that don't deal damage" if by.state == "deals_no_damage" else ""
        return f"{whose}{adj + ' ' if adj else ''}{words}{about}{harmless}"
    return np(by, name)


def event(e: ast.Event, name: str) -> str:
    """An event with its subject: "a Forward opponent controls is dealt damage by your Summons"."""
    nth = re.fullmatch(r"you_(cast|receive)_(second|third|fourth|fifth|sixth|seventh)_(\w+)", e.kind)
    if nth is not None:                             # the Nth card cast / point of damage in a turn (11.8)
        if nth[1] == "receive":
            return f"you receive a {nth[2]} point of damage{event_tail(e, name)}"
        return f"you cast the {nth[2]} {nth[3].replace('_', ' ')} you've cast{event_tail(e, name)}"
    if e.kind in PLAYER_EVENTS or (e.subject is None and e.player is not None):
        who, verb = PLAYER_EVENTS.get(e.kind, (player(e.player), e.kind.replace("_", " ")))
        if e.what is not None:
            verb += " " + np(e.what, name)
        if e.kind in ("opponent_discards", "you_discard") and e.amount is not None and e.amount.op in (">=", "<="):
            more = "more" if e.amount.op == ">=" else "less"                       # "discards 1 or more cards"
            verb = verb.replace("a card", f"{e.amount.value} or {more} cards")
        if e.place == "hand" and e.kind in ("opponent_plays", "you_play"):       # played from a hand (11.4)
            verb += (" from their hand" if e.player is Player.OPPONENT else " from your hand") + " onto the field"
        if e.place == "hand" and e.kind in ("opponent_discards", "you_discard"):   # where the card came from (6.2)
            verb += " from their hand" if e.player is Player.OPPONENT else " from your hand"
        return f"{who} {verb}{event_tail(e, name)}"
    if e.kind.startswith("you_cast_") or e.kind.startswith("you_receive_"):
        return f"you {e.kind[4:].replace('_', ' ')}{event_tail(e, name)}"
    if e.kind.startswith("opponent_casts_"):
        return f"your opponent {e.kind[9:].replace('_', ' ')}{event_tail(e, name)}"
    subject = np(e.subject, name, subject=True, article=True) if e.subject is not None else name
    if e.kind == "primes_into" and e.subject is not None:
        return f"{e.subject.name} primes into {np(e.what, name) if e.what else name}"
    if e.kind in ("counter_placed", "counter_removed") and e.what is not None:
        way = "placed on" if e.kind == "counter_placed" else "removed from"
        return f"a {e.what.name} Counter is {way} {subject}"
    words = EVENT_WORDS.get(e.kind, e.kind.replace("_", " "))
    if plural(e.subject) and words.startswith("is "):
        words = "are " + words[3:]
    elif plural(e.subject) and words.split()[0] in ("enters", "attacks", "blocks", "leaves", "deals", "forms",
                                                     "becomes", "uses", "triggers"):
        first, _, rest = words.partition(" ")
        words = (first[:-2] if first.endswith("ches") else first[:-1]) + (" " + rest if rest else "")
    if e.kind == "enters_field" and e.place == "your_field":
        words = words.replace("the field", "your field")
    elif e.kind == "enters_field" and e.place == "opponent_field":
        words = words.replace("the field", "your opponent's field")
    if e.kind == "put_into_damage_zone" and e.to_player is not None:      # whose Damage Zone (7.8)
        words = words.replace("the Damage Zone", ("your" if e.to_player is Player.YOU else "your opponent's")
                              + " Damage Zone")
    if e.kind == "deals_damage":
        to = [np(t, name) for t in e.to] + ([player(e.to_player)] if e.to_player is not None else [])
        words = words.replace("damage", "battle damage") if "battle" in e.qualifiers else words
        words += (" to " + " or ".join(to)) if to else ""
    if e.kind == "is_dealt_damage" and e.amount is not None:
        words = f"is dealt {e.amount.value} damage" + (f" {OPS[e.amount.op]}" if e.amount.op in OPS else "")
    for q in e.qualifiers:                             # "is dealt damage less than its power" (6.5)
        if q in ("less_than_power", "more_than_power"):
            words += f" {q.split('_')[0]} than {'their' if plural(e.subject) else 'its'} power"
    if e.kind == "is_blocked" and e.by is not None:
        return f"{subject} {words} by {np(e.by, name)}{event_tail(e, name, by=False)}"
    if e.kind == "forms_party" and e.what is not None:
        words += " with " + np(e.what, name)
    if e.kind == "forms_party" and "and_attacks" in e.qualifiers:
        words += " and attack" if plural(e.subject) else " and attacks"
    if e.place in ("hand", "break", "deck") and e.kind in ("discarded", "put_into_break_zone", "enters_field"):
        words += {"hand": " from your hand", "break": " from your Break Zone", "deck": " from your deck"}[e.place]
    return f"{subject} {words}{event_tail(e, name)}"


def event_tail(e: ast.Event, name: str, *, by: bool = True) -> str:
    out = ""
    if e.cause == "cast":
        out += " due to being cast"
    elif e.cause == "warp":
        out += " due to Warp"
    if by and e.by is not None:
        out += " by " + source(e.by, name)
    for q in e.qualifiers:
        if q in QUALIFIER_WORDS:
            out += " " + QUALIFIER_WORDS[q]
        elif q.startswith("while_") and e.what is None:
            out += f" while {name} is {q[6:]}"
    if e.what is not None and any(q.startswith("while_") for q in e.qualifiers):
        state = next(q[6:] for q in e.qualifiers if q.startswith("while_"))
        out += f" while {np(e.what, name)} is {state}".replace(f" {state} {state}", f" {state}")
    return out


def period(p: ast.Phase) -> str:
    """The time of "At the beginning of …" (9): "each of your turns", "your opponent's Attack Phase"."""
    whose = {Player.OPPONENT: "your opponent's", Player.ANY: "each player's"}.get(p.whose, "your")
    if p.phase == "turn":
        if p.whose is None:
            return "the turn"
        if p.next_only:
            return f"{whose} next turn"
        return "each player's turn" if p.whose is Player.ANY else f"each of {whose} turns"
    phase = {"main": "Main Phase", "attack": "Attack Phase", "end": "End Phase", "draw": "Draw Phase",
             "active": "Active Phase"}.get(p.phase, p.phase) + (f" {p.number}" if p.number else "")
    if p.next_only:
        return f"{whose} next {phase}"
    the = "" if p.number else "the "
    return f"{the}{phase} during " + ("each player's turn" if p.whose is Player.ANY else f"each of {whose} turns")


def trigger(t: ast.Trigger, name: str) -> str:
    """The words that open an auto-ability (11.8.2): "When X attacks", "At the end of each of your turns"."""
    if t.at is not None and not t.events:
        return f"At the {t.at.edge} of {period(t.at)}"
    parts = [event(t.events[0], name)]
    first = t.events[0].subject
    for e in t.events[1:]:
        text = event(e, name)
        if first is not None and e.subject == first:             # "X enters the field or attacks"
            text = text[len(np(first, name, subject=True, article=True)) + 1:]
        parts.append(text)
    out = "When " + " or ".join(parts)
    if t.window is not None:
        out = f"{window(t.window)}, w" + out[1:]
    return out


def window(w: ast.Window) -> str:
    """"during your turn", "during each turn", "during your opponent's Attack Phase" (11.12.4.4)."""
    if w.phase:
        phases = " or ".join({"main": "Main Phase", "attack": "Attack Phase", "end": "End Phase",
                              "draw": "Draw Phase", "active": "Active Phase"}.get(p, p) for p in w.phase.split("|"))
        who = {Player.OPPONENT: "your opponent's", Player.ANY: "each"}.get(w.whose, "your")
        return f"During {who} {phases}"
    return {Player.OPPONENT: "During your opponent's turn", Player.ANY: "During each turn"}.get(
        w.whose, "During your turn")


# ---------------------------------------------------------------------- conditions (11.8.13)
def _more(t: Threshold | None) -> str:
    return f" {OPS[t.op]}" if t is not None and t.op in OPS else ""


def _bare(sel: Selector, name: str) -> str:
    """A noun phrase without its controller words ("you control 2 Forwards": the count and the kind)."""
    return np(replace(sel, owner=None) if sel.zone in (None, "field") else sel, name, article=True)


#: the conditions that an event happened earlier this turn, with the verb in the past (11.8.13)
PAST_THIS_TURN = {"attacks_this_turn": "attacked", "formed_party_this_turn": "formed a party",
                  "left_field_this_turn": "left the field"}


def _has(c: ast.Condition) -> str:
    return "has" if c.player not in (None, Player.YOU) else "have"


def _controls(c: ast.Controls, name: str) -> str:
    sel, th = c.selector, c.threshold
    if c.player is Player.ANY and c.none:
        return f"neither player controls {np(replace(sel, owner=None), name).replace('all the ', '')}"
    subj = player(c.player) if c.player is not Player.YOU else "you"
    third_person = subj != "you"
    verb = ("doesn't control" if third_person else "don't control") if c.none else (
        "controls" if third_person else "control")
    count = f" {th.value}{_more(th)}" if th is not None and th.stat == "count" and th.value != sel.count else ""
    if th is not None and th.stat == "count" and th.op == "==" and th.value == sel.count:   # "only 1 Forward"
        return f"{subj} {verb} only {np(replace(sel, owner=None), name)}"
    return f"{subj} {verb}{count} {_bare(sel, name)}".replace("  ", " ")


def _damage_count(c: ast.DamageCount, name: str) -> str:
    subj = player(c.player) if c.player is not Player.YOU else "you"
    return f"{subj} {'has' if subj != 'you' else 'have'} received {c.threshold.value} points of damage" \
           f"{_more(c.threshold)}"


def _hand_count(c: ast.HandCount, name: str) -> str:
    th, subj = c.threshold, player(c.player)
    has = "has" if c.player is not Player.YOU else "have"
    whose = "their" if c.player is not Player.YOU else "your"
    hands = "hands" if c.player is Player.EACH else "hand"
    if th.op == "<=" and th.value == 0:
        return f"{subj} {has} no cards in {whose} {hands}"
    cards = "card" if th.value == 1 else "cards"
    return f"{subj} {has} {th.value} {cards}{_more(th)} in {whose} {hands}"


#: the FFTCG condition family (judge.text.ast.conditions_fftcg): node class → its words
FAMILY_WORDS: dict[type, Any] = {
    ast.Controls: _controls,
    ast.DamageCount: _damage_count,
    ast.HandCount: _hand_count,
    ast.CardIs: lambda c, name: f"it is {'not ' if c.negated else ''}"
                                f"{np(replace(c.selector, ref=None, about=None), name, article=True)}",
    ast.DoSo: lambda c, name: "not" if c.negated else "you do so",
    ast.Possible: lambda c, name: "it is possible" if c.text.startswith("it is") else "possible",   # as printed
    ast.DuringTurn: lambda c, name: window(c.window),
    ast.AllOf: lambda c, name: " and ".join(condition(p, name) for p in c.parts),
}


def condition(c: Any, name: str) -> str:
    """A condition's words after "if" (or "you can only use this ability if")."""
    family = FAMILY_WORDS.get(type(c))
    if family is not None:
        return family(c, name)
    th, sel, who = c.threshold, c.selector, player(c.player)
    k = c.kind
    if k == "all" and c.parts:
        return " and ".join(condition(p, name) for p in c.parts)
    if k == "any" and c.parts:
        return " or ".join(condition(p, name) for p in c.parts)
    if k in ("control", "opp_control", "not_control", "opp_not_control") and sel is not None:
        subj = "your opponent" if k.startswith("opp") else "you"
        verb = ("doesn't control" if subj != "you" else "don't control") if "not" in k else (
            "controls" if subj != "you" else "control")
        count = f" {th.value}{_more(th)}" if th is not None and th.stat == "count" and th.value != sel.count else ""
        if th is not None and th.stat == "count" and th.op == "==" and th.value == sel.count:   # "only 1 Forward"
            return f"{subj} {verb} only {np(replace(sel, owner=None), name)}"
        return f"{subj} {verb}{count} {_bare(sel, name)}".replace("  ", " ")
    if k in ("damage", "opp_damage") and th is not None:
        subj = "your opponent" if k == "opp_damage" else who
        return f"{subj} {_has(c) if subj == who else 'has'} received {th.value} points of damage{_more(th)}"
    if k == "hand" and th is not None:
        subj = who if c.player is not None else "you"
        whose = "their" if c.player not in (None, Player.YOU) else "your"
        hands = "hands" if c.player is Player.EACH else "hand"
        if th.op == "<=" and th.value == 0:
            return f"{subj} {_has(c)} no cards in {whose} {hands}"
        cards = "card" if th.value == 1 else "cards"
        return f"{subj} {_has(c)} {th.value} {cards}{_more(th)} in {whose} {hands}"
    if k == "event" and c.occurs is not None:
        return event(c.occurs, name)
    if k == "turn" and (c.during or c.window) is not None:
        return window(c.during or c.window)
    if k in ("do_so", "when_do_so"):
        return "you do so"
    if k == "not_done":
        return "not"
    if k == "possible":
        return "possible"
    if k == "paid_extra":
        return "you paid the extra cost"
    if k in ("it_is", "it_is_not") and sel is not None:
        return f"it is {'not ' if k == 'it_is_not' else ''}{np(replace(sel, ref=None, about=None), name, article=True)}"
    if k == "state" and sel is not None:
        verb = "is" if not plural(sel) else "are"
        if sel.choose == "choose" and sel.ref is None and not sel.self_ref:    # the card chosen before: "it" (11.6.5)
            return f"{'they' if plural(sel) else 'it'} {verb} {'not ' if c.negated else ''}{sel.state}"
        return f"{np(replace(sel, state=None), name, subject=True)} {verb} {'not ' if c.negated else ''}{sel.state}"
    if k == "on_field":
        return f"{np(sel, name) if sel is not None else name} is on the field"
    if k == "in_zone" and sel is not None:
        where = posts(sel, name)[-1] if posts(sel, name) else "there"
        if sel.self_ref and sel.zone == "break":
            where = "in the Break Zone"
        return f"{np(replace(sel, zone=None), name)} is {where}"
    if k == "turn" and (c.during or c.window) is not None:
        return f"it is {window(c.during or c.window)[7:]}"
    if k == "have" and sel is not None:
        return f"{who} {_has(c)} {np(sel, name)}"
    if k == "power" and th is not None and th.ref is None and sel is not None and (sel.self_ref or sel.ref
                                                                                    not in ("it", None)):
        return f"{np(sel, name, article=True)} has {th.value} power{_more(th)}"
    if k in ("its_cost", "power") and th is not None:
        stat = "cost" if k == "its_cost" else "power"
        whose = "its" if sel is None or sel.ref in ("it", None) else np(sel, name) + "'s"
        if th.ref is not None:
            return f"{whose} {stat} is {'greater' if '>' in th.op else 'less'} than {np(th.ref, name)}'s power"
        return f"{whose} {stat} is {'X' if th.value == -1 else th.value}{_more(th)}"   # -1: the X paid (4.5)
    if k == "cost_vs_count" and th is not None and th.ref is not None:
        way = "less" if "<" in th.op else "greater"
        return f"its cost is equal to or {way} than the number of {np(th.ref, name).replace('all the ', '')}"
    if k == "counters" and sel is not None and th is not None:
        counter = (sel.zone or "").split(":", 1)[-1]
        on = np(replace(sel, zone=None), name)
        if th.op == "<=" and th.value == 0:
            return f"there are no {counter} Counters on {on}"
        return f"{th.value}{_more(th)} {counter} Counters are placed on {on}"
    if k in ("cast", "opp_cast") and th is not None:
        return f"{who} {_has(c)} cast {th.value}{_more(th)} cards this turn"
    if k == "cast_this_turn" and sel is not None:
        return f"you have cast {np(replace(sel, zone=None, owner=None), name)} this turn"
    if k == "entered_this_turn" and sel is not None:
        place = c.occurs.place if c.occurs is not None else None
        field = "your field" if place == "your_field" else "the field"
        return f"{np(sel, name, subject=True)} has entered {field} this turn"
    if k == "damaged_this_turn":
        return "you have received a point of damage this turn"
    if k in PAST_THIS_TURN and sel is not None:                  # an event earlier this turn, said in the past
        verb = PAST_THIS_TURN[k]
        if k == "left_field_this_turn":
            verb = ("have " if plural(sel) else "has ") + verb
        return f"{np(sel, name, subject=True, article=True)} {verb} this turn"
    if k.endswith("_this_turn") and c.occurs is not None:
        return event(c.occurs, name).replace(" is ", " has been ", 1)
    if k in ("opp_not_pay", "not_pay") and c.cost is not None:
        subj = "your opponent doesn't" if c.player is Player.OPPONENT or k.startswith("opp") else "you don't"
        if th is not None and th.stat == "discard" and not icons(c.cost):         # "doesn't discard 1 card"
            return f"{subj} discard {th.value} card{'s' if th.value != 1 else ''}"
        if c.cost.effects and not icons(c.cost):                              # "doesn't remove 5 cards …" (11.11.5.1)
            from judge.text.fftcg.render_core import Ctx

            return f"{subj} {cost(c.cost, Ctx(name))[0].lower()}{cost(c.cost, Ctx(name))[1:]}"
        return f"{subj} pay {icons(c.cost)}"
    if k == "elements" and th is not None and sel is not None:
        exact = "exactly " if th.op == "==" else ""
        return f"there are {exact}{th.value}{_more(th)} different Elements among {np(sel, name).removeprefix('all the ')}"
    if k == "damaged_this_turn":
        return "you have received damage this turn"
    if k == "ex_burst":
        return f"{np(sel, name, article=True) if sel is not None else name} results from an EX Burst"
    if k == "paid_element" and c.cost is not None:
        what = np(sel, name, article=True) if sel is not None else name
        return f"the cost paid to cast {what} included {c.cost.cp[0].title()} CP"
    if k == "paid_elements" and th is not None:
        return f"the cost to cast {name} was paid with CP of {th.value}{_more(th)} different Elements"
    if k == "paid_by" and sel is not None:                       # 11.2 where the CP paid came from
        what = np(c.object, name, article=True) if c.object is not None else name
        return f"the CP paid to cast {what} was only produced by {np(sel, name).removeprefix('all the ')}"
    if k == "break_count" and th is not None:
        what = np(sel, name).replace("all the ", "") if sel is not None else "cards"
        return f"there are {th.value}{_more(th)} {what} in your Break Zone"
    return _other(c, name)


_OR_WORD = {">=": " or more", "<=": " or less"}


def _other(c: ast.Condition, name: str) -> str:
    """The less common conditions."""
    th, sel, k = c.threshold, c.selector, c.kind
    if k == "have_crystal":
        crystals = icons(c.cost) if c.cost is not None else "《C》"
        if th is not None and crystals == "《C》" and (th.value, th.op) != (1, ">="):      # "3 or more 《C》" (6.8)
            return f"you have {th.value}{_OR_WORD.get(th.op, '')} 《C》"
        return f"you have {'a ' if crystals == '《C》' else ''}{crystals}"
    if k == "all_of_element" and sel is not None:
        return f"{np(replace(sel, colors=()), name)} have {' or '.join(x.title() for x in sel.colors)} Element"
    if k == "all_have_job" and sel is not None:
        return f"{np(replace(sel, families=()), name)} have " + " or ".join(f"Job {f}" for f in sel.families)
    if k == "removed" and th is not None:
        return f"{th.value}{_more(th)} of your cards have been removed from the game"
    if k == "drawn" and th is not None:
        return f"you have drawn {th.value}{_more(th)} cards this turn"
    if k == "damage_vs_opponent":
        return "you have received more points of damage than your opponent"
    if k == "count_compare" and sel is not None and th is not None and th.ref is not None:
        way = {">": "greater than", "<": "less than", ">=": "equal to or greater than", "<=": "equal to or less than",
               "==": "equal to"}[th.op]
        def count(s: Selector) -> str:
            return np(s, name).replace("all the ", "")
        return f"the number of {count(sel)} is {way} the number of {count(th.ref)}"
    if k == "cost_vs_damage" and th is not None:
        way = "less" if "<" in th.op else "greater"
        return f"its cost is equal to or {way} than the damage you have received"
    if k == "control_none" and sel is not None:
        return f"neither player controls {np(replace(sel, owner=None), name).replace('all the ', '')}"
    if k == "damage_received" and th is not None:     # on a Forward until the end of the turn (9.5.1.3.1)
        who = name if sel is None else "it" if sel.choose == "choose" else np(sel, name)
        if (th.op, th.value) == (">=", 1):
            return f"{who} has received damage this turn"
        return f"{who} has received {th.value} damage{_more(th)}"
    if k == "different_elements" and sel is not None:
        return f"{np(sel, name)} are all of different Elements"
    if k == "attacking_this_turn" and sel is not None:
        verb = "were" if plural(sel) else "was"
        return f"{np(sel, name, article=True)} {verb} attacking this turn"
    if k in ("cost_odd", "cost_even"):
        return f"the revealed card's CP cost is an {k[5:]} number"
    if k == "power_changed":
        return "its power has been increased or decreased"
    if k in ("same_element", "same_card_type"):
        return "both cards are of the same Element" if k == "same_element" else "these cards are of the same card type"
    if k == "not_cast" and sel is not None:
        return "you do not cast it"
    if k == "paid_only_element" and c.cost is not None:
        return f"the cost to play {name} was only paid with {c.cost.cp[0].title()} CP"
    if k == "count_as_before" and th is not None:
        return f"you have {th.value}{_more(th)}"
    if k == "while_paying_cost" and sel is not None:
        return f"while paying the cost to cast {np(sel, name, article=True)}"
    if k in _DID and sel is not None and th is not None and c.player is Player.YOU:   # "you removed 2 or more cards"
        return _did(k, sel, th, name)
    if k.endswith("_by_this_effect") and sel is not None:
        verb = "are" if plural(sel) else "is"
        what = {"removed": "removed from the game"}.get(k[:-len("_by_this_effect")], k[:-15].replace("_", " "))
        return f"{np(sel, name)} {verb} {what} by this effect"
    return f"<condition {k}>"


#: what the player did earlier in this effect (11.11.5): the condition kind → its verb, and the words after the cards
_DID = {"removed_by_this_effect": ("removed", ""), "added_to_hand_by_this_effect": ("added", " to your hand"),
        "revealed_by_this_effect": ("revealed", "")}


def _did(k: str, sel: Any, th: Any, name: str) -> str:
    """"you removed 2 or more cards", "you added a Forward to your hand", "you revealed no Summons"."""
    verb, tail = _DID[k]
    bare = replace(sel, zone=None)
    if th.value == 0:
        return f"you {verb} no {np(replace(bare, count=None), name).removeprefix('all the ')}{tail}"
    counted = replace(bare, count=th.value, thresholds=(*bare.thresholds, th) if th.op == ">=" and th.value > 1 else
                      bare.thresholds)
    return f"you {verb} {np(counted, name, article=True)}{tail}"


__all__ = ["condition", "event", "period", "source", "third", "trigger", "window"]

_unused: Any = third
