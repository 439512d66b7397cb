"""The words of FFTCG renderings: noun phrases (selectors), icons, amounts and durations.

A helper module of judge/text/fftcg/render.py: the phrase a Selector names ("up to 2 dull Forwards
of cost 3 or less opponent controls"), a cost's icons, a duration's words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.text.ast import Cost, Duration, Player, Selector, Threshold

ICON_OF = {"fire": "火", "ice": "氷", "wind": "風", "earth": "土", "lightning": "雷", "water": "水", "light": "光",
           "dark": "闇", "lb": "LB", "generic": "一般"}
NOUN = {"forward": ("Forward", "Forwards"), "backup": ("Backup", "Backups"), "monster": ("Monster", "Monsters"),
        "character": ("Character", "Characters"), "summon": ("Summon", "Summons"), "card": ("card", "cards"),
        "party": ("party", "parties"), "ability": ("ability", "abilities"),
        "auto_ability": ("auto-ability", "auto-abilities"), "special_ability": ("special ability", "special abilities"),
        "action_ability": ("action ability", "action abilities"), "element": ("Element", "Elements"),
        "ex_burst": ("EX Burst", "EX Bursts"), "light_dark": ("Light or Dark card", "Light or Dark cards")}
DURATION = {Duration.TURN: "until the end of the turn", Duration.NEXT_TURN_END: "until the end of the next turn",
            Duration.YOUR_NEXT_TURN_END: "until the end of your next turn",
            Duration.OPPONENT_TURN_END: "until the end of your opponent's turn",
            Duration.NEXT_TURN_BEGIN: "until the beginning of your next turn",
            Duration.YOUR_TURNS: "during your turn", Duration.OPPONENT_TURNS: "during your opponent's turn",
            Duration.WHILE_ON_FIELD: "for as long as {self} is on the field"}   # {self}: the card's name
OPS = {">=": "or more", "<=": "or less", ">": "or more", "<": "or less"}
STATES = ("active", "dull", "damaged", "frozen", "attacking", "blocking", "random", "attacking_or_blocking",
          "face_down", "highest_cost", "lowest_cost", "highest_power", "lowest_power")
#: zone words: (where it is, where it comes from)
ZONES = {"hand": ("in {your} hand", "from {your} hand"), "break": ("in {your} Break Zone", "from {your} Break Zone"),
         "removed": ("removed from the game", "from among the cards removed from the game"),
         "revealed": ("among them", "among them"), "deck": ("in {your} deck", "from {your} deck"),
         "damage": ("in {your} Damage Zone", "from {your} Damage Zone"),
         "lb_deck": ("in {your} LB deck", "from {your} LB deck"),          # 15.2.8
         # the cards an earlier action used ("you put into the Break Zone", 11.11.5)
         "discarded": ("you discarded", "you discarded"), "dulled": ("you dulled", "you dulled"),
         "broken": ("you broke", "you broke"), "put_into_break": ("you put into the Break Zone",) * 2}


def icons(cost: Cost) -> str:
    """《火》《1》《ダル》 …: a cost's icons in printed order (CP, X, Crystals, dull; 《S》 first)."""
    out = ["《S》"] if cost.special else []
    out += [f"《{ICON_OF.get(c, c)}》" for c in cost.cp]
    out += ["《X》"] if cost.x else []
    out += ["《C》"] * cost.crystal
    out += ["《ダル》"] if cost.dull_self else []
    return "".join(out)


def duration(d: Duration | None) -> str:
    return DURATION.get(d, "") if d is not None else ""


def tail(d: Duration | None) -> str:
    """A duration said after its clause (" until the end of the turn"), or nothing when permanent."""
    words = duration(d) if d not in (None, Duration.PERMANENT) else ""
    return " " + words if words else ""


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def cost(c: Cost, ctx: Any) -> str:
    """A cost as printed: its icons, then its other parts ("《1》, put X into the Break Zone"), each said by the
    renderer's context (`ctx.node`)."""
    parts = [icons(c)] if icons(c) else []
    parts += [cap(ctx.node(e)) if not parts else ctx.node(e) for e in c.effects]
    return ", ".join(p for p in parts if p)


def plural(sel: Selector | None) -> bool:
    if sel is None:
        return False
    if sel.ref == "them" or sel.also:
        return True
    if sel.ref in ("it", "former", "latter", "nth") or sel.self_ref or named_only(sel):
        return False
    if any(t.stat == "count" and t.ref is None and t.op in (">=", ">") for t in sel.thresholds):
        return True                                      # "1 or more Forwards"
    return sel.count is None or sel.count != 1


def named_only(sel: Selector) -> bool:
    """All the cards of one Card Name, said in the singular as printed ("the Card Name X you control gains")."""
    return sel.count is None and bool(sel.name) and not sel.card_types and not sel.families \
        and not sel.categories and not sel.up_to and not sel.also and not sel.either and sel.ref is None


def _count(sel: Selector) -> str:
    th = next((t for t in sel.thresholds if t.stat == "count" and t.ref is None), None)
    up = "up to " if sel.up_to else ""
    if sel.amount_var:
        return up + "X"
    if sel.up_to and sel.count is None:
        return "any number of"
    if th is not None and th.op in OPS and not sel.up_to:
        return f"{th.value} {OPS[th.op]}"
    if sel.count is None:
        return "the" if named_only(sel) else "all the"
    return f"{up}{sel.count}"


def _adjectives(sel: Selector) -> list[str]:
    out = []
    if sel.state in STATES and not (sel.state == "blocking" and sel.about is not None):
        out.append("randomly selected" if sel.state == "random" else sel.state.replace("_", " "))
    colors = [c for c in sel.colors if not c.startswith("not_") and c not in ("same", "any", "named")]
    if colors:
        out.append(" or ".join(("Multi-Element" if c == "multi" else c.title()) for c in colors))
    return out


def _noun(sel: Selector, many: bool) -> str:
    kinds = [k for k in sel.card_types if not k.startswith("not_")]
    named = []
    if sel.families:
        named.append(or_list([label("Job", f) for f in sel.families]))
    if sel.categories:
        named.append(or_list([label("Category", c) for c in sel.categories]))
    if sel.name and sel.name not in ("same_as_it", "named"):
        named.append(label("Card Name", sel.name))
    words = [NOUN.get(k, (k, k + "s"))[1 if many else 0] for k in kinds]
    noun = (" and " if sel.count is None else " or ").join(words) if words else ""
    if named:
        return (" ".join(named) + (" " + noun if noun else "")).strip()
    return noun or ("cards" if many else "card")


def or_list(words: list[str]) -> str:
    """"A or B", "A, B or C"."""
    return " or ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " or " + words[-1]


def label(kind: str, value: str) -> str:
    """"[[i]]Job Sky Knight[[/]]": marked as cards print it, so it reads back whatever names the
    lexicon of the reader holds (judge/text/fftcg/names.py: a name without markup is read only when
    known); the markup is one of the normalisations the round trip allows."""
    return f"[[i]]{kind} {value}[[/]]"


def threshold(t: Threshold, name: str = "it") -> str:
    more = f" {OPS[t.op]}" if t.op in OPS else ""
    if t.stat == "cost" and t.ref is not None and t.ref.count is None:     # "… the number of Backups you control"
        way = "less" if "<" in t.op else "greater"
        what = np(t.ref, name).replace("all the ", "")
        return f"of cost equal to or {way} than the number of {what}"
    if t.stat == "cost":
        if t.ref is not None:
            if t.op == "==":                                  # 5.2 "of the same cost (as X)"
                return "of the same cost as it" if t.ref.ref == "it" and not t.ref.card_types else \
                    f"of the same cost as {np(t.ref, name, article=True)}"
            return _against(t, name)
        value = "X" if t.value == -1 else str(t.value)
        return f"of cost {value}{more}"
    if t.stat == "power":
        return _against(t, name) if t.ref is not None else f"with {t.value} power{more}"
    if t.stat == "cost_vs_count" and t.ref is not None:      # "of cost equal to or less than the number of X"
        way = {"<=": "equal to or less than", ">=": "equal to or greater than"}.get(t.op, "equal to")
        return f"of cost {way} the number of {np(t.ref, name).replace('all the ', '')}"
    if t.stat.startswith("counters:"):                        # "with 2 or more EXP Counters on them" (6.7)
        counter = t.stat.split(":", 1)[1]
        return (f"with a {counter} Counter on it" if t.value == 1 else
                f"with {t.value}{more} {counter} Counters on them")
    return ""


#: a comparison with another card's stat, in words the grammar reads back (cmp_rel)
_AGAINST = {"<": "less than", ">": "greater than", "<=": "equal to or less than", ">=": "equal to or more than"}


def _against(t: Threshold, name: str) -> str:
    """"of cost less than that of X", "with a power equal to or less than its own" (5.2.1, 5.2.6)."""
    ref = t.ref if t.ref is not None else Selector(ref="it")
    other = ("its own" if ref.ref == "it" and not ref.self_ref else f"{name}'s" if ref.self_ref and not ref.card_types
             else f"that of {np(ref, name)}")
    return f"{'of cost' if t.stat == 'cost' else 'with a power'} {_AGAINST.get(t.op, 'equal to')} {other}"


def _where(sel: Selector, source: bool) -> str:
    if sel.zone == "removed" and sel.about is not None:        # "removed by X's ability" (posts)
        return ""
    if sel.zone == "field" and sel.owner in (None, Player.ANY):   # "on the field" said (7.7)
        return "on the field"
    if sel.zone in (None, "field"):
        return {Player.OPPONENT: "opponent controls", Player.YOU: "you control",
                Player.ANY: "either player controls"}.get(sel.owner, "")
    words = ZONES.get(sel.zone)
    if words is None:
        return ""
    your = {Player.OPPONENT: "your opponent's", Player.ANY: "a player's", Player.EACH: "each player's"}.get(
        sel.owner, "your")
    if sel.zone == "break" and sel.owner in (Player.ANY, None):    # either player's, or the one the card is in
        zone = "either player's Break Zone" if sel.owner is Player.ANY else "the Break Zone"
        return ("from " if source else "in ") + zone
    return words[1 if source else 0].format(your=your)


#: the kinds of a selector that are Summons or abilities (what "is choosing" a card, 11.6.5)
ABILITY_KINDS = frozenset({"summon", "ability", "auto_ability", "action_ability", "special_ability"})


def posts(sel: Selector, name: str, *, source: bool = False) -> list[str]:
    """The words after the noun: cost / power, "other than", "with Haste", where it is."""
    out = [p for p in (threshold(t, name) for t in sel.thresholds if t.stat != "count") if p]
    if sel.state == "entered_this_turn":
        out.append("that entered the field this turn")
    if sel.state in ("in_battle_with", "blocking", "blocked_by") and sel.about is not None:   # 10.1.3 which side
        verbs = {"in_battle_with": ("block or are blocked by", "blocks or is blocked by"),
                 "blocking": ("block", "blocks"), "blocked_by": ("are blocked by", "is blocked by")}[sel.state]
        said = "blocking" if sel.state == "blocking" else f"that {verbs[0] if plural(sel) else verbs[1]}"
        out.append(f"{said} {np(sel.about, name, article=True)}")
    if sel.state == "in_party":                               # 15.1.1.9
        out.append("forming a party" + (f" with {np(sel.about, name)}" if sel.about is not None else ""))
    if sel.distinct:
        said = [{"element": "Element", "card_type": "card type"}.get(d, d) for d in sel.distinct]
        out.append(", each of a different " + " and ".join(said))          # 15.1.1.8 one list of properties
    if sel.about is not None and sel.zone == "removed" and sel.about.self_ref:
        out.append(f"removed by {name}'s ability")
    if sel.about is not None and sel.zone != "removed" and set(sel.card_types) & ABILITY_KINDS:
        how = "triggered from" if sel.state == "triggered_from" else "choosing"   # 11.8 / 11.6.5
        out.append(f"{how} {np(sel.about, name, article=True)}")
    if "any" in sel.colors:
        out.append("of any Element")
    if sel.costs:
        out.append("of cost " + ", ".join(str(c) for c in sel.costs[:-1]) + f" or {sel.costs[-1]}")
    if "same" in sel.colors:                                  # 5.2.1.1 "of the same Element (as X)"
        same_as = f" as {np(sel.about, name, article=True)}" if sel.about is not None else ""
        out.append(f"of the same Element{same_as}")
    if sel.name == "same_as_it":
        out.append("with the same name")
    colors_not = ["Multi-Element" if c == "not_multi" else c[4:].title() for c in sel.colors if c.startswith("not_")]
    if colors_not:
        out.append("other than " + " or ".join(colors_not))
    if sel.other:
        out.append(f"other than {name}")
    if sel.excluding is not None and sel.excluding.name and not (sel.excluding.families or sel.excluding.categories):
        out.append(f"other than Card Name {sel.excluding.name}")
    elif sel.excluding is not None and (sel.excluding.families or sel.excluding.categories):   # 6.6.2 / 5.2.2.2
        said = np(sel.excluding, name)
        out.append("other than " + (said[len("all the "):] if said.startswith("all the ") else said))
    if sel.with_keyword and not sel.with_keyword.startswith("not_"):
        out.append(f"with {or_list(sel.with_keyword.split(' or '))}")   # "with Haste, First Strike or Brave"
    elif sel.with_keyword and sel.with_keyword != "not_generic":          # 15.2 lacking a keyword
        out.append(f"without {sel.with_keyword[4:]}")
    for kind in (t[4:] for t in sel.card_types if t.startswith("not_") and t[4:] in NOUN):   # not of that type
        out.append(f"other than {'an' if kind[0] in 'aeiou' else 'a'} {NOUN[kind][0]}")
    where = _where(sel, source)
    if where:
        out.append(where)
    if sel.owned_by is Player.YOU:                       # 6.2 the owner, not the controller
        out.append("you own")
    elif sel.owned_by is Player.OPPONENT:
        out.append("owned by your opponent")
    return out


def _others(sel: Selector) -> bool:
    """"all the other Forwards": those the selection just made did not take (excluding "them")."""
    return sel.excluding is not None and sel.excluding.ref in ("it", "them")


def np(sel: Selector, name: str, *, subject: bool = False, source: bool = False, article: bool = False) -> str:
    """The noun phrase of a selector ("1 Forward of cost 3 or less opponent controls").

    `source`: the phrase names where the cards come from ("from your hand"), not where they are;
    `article`: one card is "a" / "an" (a subject, a condition), not "1" (what is chosen)."""
    if sel.ref in ("it", "them") and not (sel.card_types or sel.families or sel.name):
        return "they" if subject and sel.ref == "them" else sel.ref
    if sel.ref == "them" and sel.count == 1 and sel.card_types:   # "either Character" of those just named
        return "either " + _noun(sel, False)
    if sel.ref == "rest":
        return "the other cards"
    if sel.ref == "other":
        return "the other" + (" " + _noun(sel, False) if sel.card_types else "")
    if sel.ref in ("former", "latter"):
        return "the " + sel.ref
    if sel.ref == "nth" and sel.nth:                   # "the third Forward" of those chosen
        word = ("second", "third", "fourth", "fifth", "sixth", "seventh")[sel.nth - 2]
        return f"the {word} " + (_noun(sel, False) if sel.card_types else "one")
    if sel.self_ref:
        base = name + (" " + " ".join(p for p in (_where(sel, source),) if p) if sel.zone not in (None, "field")
                       else "")
        return base + "".join(" and " + np(a, name, source=source) for a in sel.also) + "".join(
            " or " + np(a, name, source=source, article=True) for a in sel.either)
    if sel.zone == "deck" and not sel.card_types and not sel.families and not sel.name:     # the top cards (7.9)
        whose = {Player.OPPONENT: "your opponent's", Player.ANY: "its owner's"}.get(sel.owner, "your")
        n = "X" if sel.amount_var else sel.count
        return f"the top card of {whose} deck" if n == 1 else f"the top {n} cards of {whose} deck"
    said_once = _zone_said_once(sel, name, source)
    if said_once:
        return said_once
    parts = [replace(sel, either=(), also=()), *sel.either]
    shared = posts(parts[-1], name, source=source) if len(parts) > 1 else []
    words = []
    for i, part in enumerate(parts):
        many = plural(part) if i == 0 else plural(replace(part, count=sel.count))
        head = " ".join(x for x in ((_count(part) if i == 0 or part.count != sel.count else ""),
                                    *(("other",) if i == 0 and _others(sel) else ()),
                                    *_adjectives(part), _noun(part, many)) if x)
        own = posts(part, name, source=source)
        if shared and own[-len(shared):] == shared:
            own = own[:-len(shared)]
        if article and i == 0 and head.startswith("1 ") and not sel.up_to and not head.startswith("1 or"):
            head = ("an " if head[2:3].lower() in "aeiou" else "a ") + head[2:]
        words.append(" ".join([head, *own]).replace(" , ", ", "))
    joiner = " and " if sel.count is None else " or "      # "the X and Y you control": all of either kind
    listed = joiner.join(words) if len(words) < 3 else ", ".join(words[:-1]) + joiner + words[-1]   # "A, B or C"
    out = listed + ("".join(" " + s for s in shared) if shared else "")
    for other in sel.also:
        out += " and " + np(other, name, source=source)
    return out


def _zone_said_once(sel: Selector, name: str, source: bool) -> str:
    """"up to 1 Forward of cost 1 and up to 1 Forward of cost 3 in your Break Zone": selections built alike (words
    of their own after the noun) looked for in one zone other than the field say it once, at the end, as the
    printed templates do and as the parser reads them (select_values._shared_place, 7.1); "" otherwise."""
    if not sel.also or sel.either or sel.zone in (None, "field") or sel.self_ref or sel.ref is not None:
        return ""
    if any((a.zone, a.owner) != (sel.zone, sel.owner) or a.also or a.either for a in sel.also):
        return ""
    parts = [replace(x, also=()) for x in (sel, *sel.also)]
    if not all(len(posts(x, name, source=source)) > 1 for x in parts):   # "1 Forward in … and 1 Backup in …"
        return ""
    where = _where(sel, source)
    words = [np(x, name, source=source) for x in parts]
    if not where or not all(w.endswith(" " + where) for w in words):
        return ""
    return " and ".join(w[:-len(where) - 1] for w in words) + " " + where


def player(p: Player | None, *, subject: bool = True) -> str:
    return {Player.OPPONENT: "your opponent", Player.EACH: "each player", Player.ANY: "either player"}.get(p, "you")


def third(verb: str, who: Any) -> str:
    """A verb agreeing with its subject ("your opponent discards", "they gain", "you discard")."""
    if who in (None, Player.YOU) or (isinstance(who, Selector) and plural(who)):
        return verb
    if verb in ("can", "cannot", "must", "may"):
        return verb
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch")):
        return verb + "es"
    return verb + "s"


__all__ = ["DURATION", "ICON_OF", "NOUN", "cap", "duration", "icons", "np", "player", "plural", "posts", "tail",
           "third", "threshold"]
