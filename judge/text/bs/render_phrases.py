"""Battle Spirits canonical English, the phrases: noun phrases (selectors), thresholds, keywords,
causes and timing labels — each written the one way grammar/bs.lark reads back to the same node
(the round trip, judge.text.render). `Phrases` keeps what the sentence has selected so far, so a
later mention of the same cards is a pronoun ("Select … and destroy it"). Conditions and events
are in `judge.text.bs.render_conditions`, effects in `judge.text.bs.render`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.text.ast import Condition, Keyword, Player, Selector, Threshold
from judge.text.bs.labels import LABELS

_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
           9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 15: "fifteen", 20: "twenty"}
_MORE = {">=": "or more", "<=": "or fewer"}
_POSS = {Player.YOU: "your", Player.OPPONENT: "your opponent's", Player.EACH: "either player's",
         Player.ANY: "its owner's"}
_SUBJ = {Player.YOU: "you", Player.OPPONENT: "your opponent", Player.EACH: "each player"}
_PASSIVE = {"destroyed", "summoned", "placed", "blocked", "linked", "discarded", "selected", "returned",
            "deployed", "attacked", "exhausted", "refreshed"}
_ACTIVE = {"attacks", "blocks", "destroys", "exhausts", "discards", "links", "returns"}
_PLAYER_VERBS = {"summons": "summon", "destroys": "destroy", "exhausts": "exhaust", "refreshes": "refresh",
                 "discards": "discard", "places": "place", "returns": "return"}
_STEP_WORDS = {"attack_step": "attack", "main_step": "main", "end_step": "end", "start_step": "start",
               "core_step": "core", "draw_step": "draw", "refresh_step": "refresh"}
_WHOSE = {"your": "Your ", "opponents": "Opponent's ", "either": "Either "}
#: timing id → the label the rules print for it (the inverse of judge.text.bs.labels.LABELS).
_LABEL_WORDS: dict[str, str] = {}


class Unrenderable(ValueError):
    """A node the canonical English has no phrase for (reported by the round trip)."""


def number(n: int | None) -> str:
    if n is None:
        raise Unrenderable("a count with no number")
    return _NUMBER.get(n, str(n))


def amount(n: int) -> str:
    """A BP amount as printed: 3000, 10000."""
    return str(n)


def plural(noun: str) -> str:
    if noun.endswith("nexus"):
        return noun + "es"
    return noun + "s"


def _same(a: Any, b: Any) -> bool:
    from judge.text.render import comparable

    return a is not None and b is not None and comparable(a) == comparable(b)


def label_words(timing: str) -> str:
    """A timing id's label ("when_summoned" → "When Summoned", "during_your_attack_step" → …)."""
    if not _LABEL_WORDS:
        for (mode, who, event, by), tid in LABELS.items():
            _LABEL_WORDS.setdefault(tid, _label_of(mode, who, event, by))
    if timing in _LABEL_WORDS:
        return _LABEL_WORDS[timing]
    if timing.startswith("during_"):
        for who, words in _WHOSE.items():
            if timing.startswith(f"during_{who}_"):
                step = timing[len(f"during_{who}_"):]
                if step == "turn":
                    return f"During {words}Turn"
                return f"During {words}{_STEP_WORDS[step].title()} Step"
    if timing.startswith("end_of_") and timing.endswith("_turn"):
        who = timing[len("end_of_"):-len("_turn")]
        return f"End of {_WHOSE[who]}Turn"
    if timing.startswith("when_") and "_or_" in timing:
        parts = timing[len("when_"):].split("_or_")
        words = [label_words("when_" + p) for p in parts]
        return "/".join(words)
    if "_or_" in timing:
        return "/".join(label_words(p) for p in timing.split("_or_"))
    raise Unrenderable(f"no label for timing {timing!r}")


def _label_of(mode: str, who: str, event: str, by: str | None) -> str:
    head = "When" if mode == "when" else "While"
    if who == "you":
        return f"{head} You Lose Life"
    if who == "opponent":
        return f"{head} Opponent Destroys {'This Spirit' if by == 'self' else 'Your Spirit'}"
    words = event.replace("_", " ").title()
    if event == "linked":                    # the cards print "While This Spirit is Linked" (BSS 11-18-1)
        return f"{head} This Spirit is Linked"
    if event in ("summoned", "placed", "deployed", "destroyed"):
        return f"{head} {words}" + (" By Opponent" if by == "opponent" else "")
    if event == "summoned_or_attacks":
        return f"{head} Summoned/When This Spirit Attacks"
    if event == "summoned_or_destroyed":
        return f"{head} Summoned/When Destroyed"
    return f"{head} This Spirit {words}"


def keyword(k: Keyword, brackets: bool = True) -> str:
    """【Name: params】 (params as printed: colours title case, families and names as they are)."""
    params = [_kw_param(p) for p in k.params]
    inner = k.name + (": " + "/".join(params) if params else "")
    return f"【{inner}】" if brackets else inner


def _kw_param(p: str) -> str:
    if p in ("red", "purple", "white", "yellow", "green", "blue"):
        return p.title()
    if p.startswith("cost"):
        op = p[4:6] if p[4:6] in (">=", "<=") else "=="
        n = p[4 + (len(op) if op != "==" else 0):]
        return f"Cost {n}" + (" " + _MORE[op] if op in _MORE else "")
    return p


class Phrases:
    """Noun phrases, conditions and events of one ability, with the selection made so far."""

    def __init__(self) -> None:
        self.current: Selector | None = None     # the latest selection (a later mention is "it")
        self.subject: Selector | None = None     # what the trigger happens to ("it" before any selection)
        self.last_is: Condition | None = None    # the last "if it is …" (an elliptic "if it is not")
        self.seen: list[Selector] = []           # every selection so far ("that spirit": the latest spirits)
        self.subject_event: str | None = None    # the trigger's event ("the destroyed spirit")
        self.plural = False                      # "select A and B and destroy them"

    # ── noun phrases (BSS 8-5-3) ──
    def is_it(self, s: Any) -> bool:
        """Whether a pronoun stands for `s`: the latest selection, or else the trigger's subject."""
        if not isinstance(s, Selector) or s.self_ref:
            return False
        if self.current is not None:
            return _same(s, self.current)
        return _same(s, self.subject)

    def that(self, s: Any) -> str | None:
        """"that spirit" for an earlier selection of spirits when cards of another kind were named
        since (judge.text.pronouns resolves a pronoun naming its kind to the latest of that kind)."""
        from judge.text.pronouns import Ref, _fits

        if not isinstance(s, Selector) or s.self_ref or not s.card_types or len(s.card_types) > 1:
            return None
        ref = Ref(card_types=s.card_types)
        if self.current is None or _fits(ref, self.current):
            return None
        latest = next((x for x in reversed(self.seen) if _fits(ref, x)), None)
        if not _same(latest, s):
            return None
        noun = s.card_types[0]
        return f"that {noun}" if s.count == 1 else f"those {plural(noun)}"

    def target(self, s: Any, *, select: bool = True) -> str:
        """A selector where a pronoun may stand: "it" / "them" when it is the current selection."""
        if self.is_it(s):
            return "it" if s.count == 1 and not self.plural else "them"
        if self.subject_event in ("destroyed", "exhausted", "discarded", "returned") and _same(s, self.subject) \
                and s.card_types and len(s.card_types) == 1:
            return f"the {self.subject_event} {s.card_types[0]}"   # the card the trigger happened to
        if isinstance(s, Selector) and s.self_ref and not s.card_types and not (s.state or s.owner or s.zone) \
                and self.current is None and (self.subject is None or self.subject.self_ref):
            return "it"                        # the card itself (BS 9-3-2-3)
        that = self.that(s)
        if that is not None:
            return that
        text = self.selector(s)
        if select and isinstance(s, Selector) and not s.self_ref:
            self.current = s
            self.seen.append(s)
        return text

    def possessive(self, s: Any) -> str:
        """Whose stat: "its" (the current selection), "this spirit's", else Unrenderable."""
        if isinstance(s, Selector) and s.self_ref:
            return "this spirit's"
        if self.is_it(s):
            return "its" if s.count == 1 else "their"
        raise Unrenderable("a possessive of a selection not made yet")

    def selector(self, s: Selector) -> str:
        if s is None:
            raise Unrenderable("no selector")
        if s.either and s.self_ref:
            return " or ".join(self.selector(x) for x in (replace(s, either=()), *s.either))
        if s.self_ref:
            return self._self(s)
        if s.unit is not None:
            return self.unit(s)
        special = self._special(s)
        if special is not None:
            return special
        if s.either:
            base = replace(s, either=())
            if all(replace(x, with_keyword=s.with_keyword) == base for x in s.either) and s.with_keyword:
                kws = " or ".join(keyword(Keyword(k)) for k in (s.with_keyword, *(x.with_keyword for x in s.either)))
                return self.selector(replace(base, with_keyword=None)) + " with " + kws
            if all(replace(x, state=s.state) == base for x in s.either) and s.state:
                states = " or ".join((s.state, *(x.state for x in s.either)))
                return self._phrase(base, states)
            return " or ".join(self.selector(x) for x in (base, *s.either))
        return self._phrase(s)

    def _phrase(self, s: Selector, states: str | None = None) -> str:
        """quantity, whose, adjectives, noun, qualifiers (`states`: "attacking or blocking")."""
        counted = next((t for t in s.thresholds if t.stat == "count"), None)
        quantity, many = self._quantity(s, counted)
        words = [quantity] if quantity else []
        if s.owner is not None and not self._zone_post(s):
            words.append(_POSS[s.owner])
        words.extend(self._adjectives(replace(s, state=None) if states else s))
        if states:
            words.append(states)
        words.append(self._noun(s, many))
        words.extend(self._posts(s))
        return " ".join(w for w in words if w)

    def _special(self, s: Selector) -> str | None:
        """Noun phrases of a card picked out by what happens to it ("the first spirit that attacks
        each turn", "the next red spirit card you summon this turn")."""
        if _same(s, Selector(count=None, zone="revealed")):
            return "the remaining cards"
        if s.state in ("attacking", "blocking") and _same(replace(s, selects=None), Selector(count=1, card_types=("spirit",), state=s.state)):
            return f"the {s.state} spirit"
        if s.state == "linked_with_this" and _same(replace(s, selects=None), Selector(
                count=1, card_types=("spirit",), state=s.state)):
            return "the spirit linked with this one"       # the other spirit of its link (BSS 11-18-1)
        if s.state == "first_attacker_this_turn":
            return "the first spirit that attacks each turn"
        if s.state == "first_used_each_turn":
            return f"the first {self._noun(replace(s, state=None, count=1), False)} you use each turn"
        if s.state == "next_summoned_this_turn":
            inner = self.selector(replace(s, state=None, count=1)).removeprefix("one ")
            return f"the next {inner} you summon this turn"
        return None

    def noun_phrase(self, s: Selector, many: bool = False) -> str:
        """A selector named without its quantity ("red spirit with cost 3", "red spirits"), for "for
        each …", "which …"."""
        if many:
            return self.selector(replace(s, count=None, up_to=False)).removeprefix("all of ").removeprefix("all ")
        text = self.selector(replace(s, count=1, up_to=False))
        return text.removeprefix("one of ").removeprefix("one ")

    def _self(self, s: Selector) -> str:
        extra = [f for f in ("owner", "colors", "families", "thresholds", "zone", "name") if getattr(s, f)]
        if extra:
            raise Unrenderable("the card itself with qualifiers")
        types = s.card_types
        noun = "nexus" if types == ("nexus",) else "spirit" if types == ("spirit",) else \
            "magic card" if types == ("magic",) else "card"
        return f"this {noun}"

    def _quantity(self, s: Selector, counted: Threshold | None) -> tuple[str, bool]:
        of = " of" if s.owner is not None and not self._zone_post(s) else ""
        if counted is not None:
            return f"{number(counted.value)} {_MORE[counted.op]}{of}", True
        if s.count is None:
            return ("any number of" if s.up_to else "all" + of), True
        if s.up_to:
            return f"up to {number(s.count)}{of}", s.count != 1 or bool(of)
        return f"{number(s.count)}{of}", s.count != 1 or bool(of)

    def _zone_post(self, s: Selector) -> bool:
        """Whether the owner is said after the noun ("… from your trash")."""
        return s.zone in ("hand", "trash", "deck", "hand/trash", "trash/hand") and s.owner is not None

    def _adjectives(self, s: Selector) -> list[str]:
        out: list[str] = []
        if s.state in ("exhausted", "refreshed", "attacking", "blocking", "linked") and s.about is None:
            out.append(s.state)
        if s.other:
            out.append("other")
        if s.colors and s.colors != ("selected",):
            out.append(" or ".join(s.colors))
        for t in s.thresholds:
            if t.stat == "level" and t.ref is None:
                out.append(f"LV{t.value}" + (" " + {">=": "or higher", "<=": "or lower"}[t.op] if t.op != "==" else ""))
            elif t.stat in ("bp", "cost") and t.value == 0 and t.op in (">=", "<=") and \
                    _same(t.ref, Selector(count=None, other=True)):
                out.append(("highest " if t.op == ">=" else "lowest ") + ("BP" if t.stat == "bp" else "cost"))
        out.extend("non-" + f for f in s.not_families)
        fams = [f for f in s.families if f != "Token"]
        if fams:
            out.append(" or ".join(fams))
        if s.name and not s.name.endswith(" Token") and s.card_types:
            out.append(f'"{s.name}"')
        return out

    def _noun(self, s: Selector, many: bool) -> str:
        if s.name and s.name.endswith(" Token"):
            return s.name + ("s" if many else "")
        if s.name and not s.card_types:
            return s.name                      # a card name of the card database (BSS 2-1)
        types = s.card_types
        if "Token" in s.families and types == ("spirit",) and [f for f in s.families if f != "Token"]:
            return "Tokens" if many else "Token"   # "your Golem Tokens" (BSS 4-12)
        if "Token" in s.families:
            return "token " + " or ".join(plural(t) if many else t for t in types or ("spirit",))
        card = s.zone not in (None, "field", "burst", "deck_top")
        base = {("spirit",): "spirit", ("nexus",): "nexus", ("magic",): "magic", (): "card"}.get(types)
        if base is None:
            if card:
                return " or ".join(t + (" cards" if many else " card") for t in types)
            return " or ".join(plural(t) if many and t != "magic" else t for t in types)
        if s.zone == "burst":
            return "burst cards" if many else "burst card"
        if base == "card":
            return "cards" if many else "card"
        if base == "magic" and not card:
            return "magic"
        if card:
            return base + (" cards" if many else " card")
        return plural(base) if many else base

    def _posts(self, s: Selector) -> list[str]:
        out: list[str] = []
        if s.zone in ("hand", "trash", "deck", "hand/trash", "trash/hand") and s.owner is not None:
            out.append(f"from {_POSS[s.owner]} " + " or ".join(s.zone.split("/")))
        for t in s.thresholds:
            out.extend(self._post_threshold(t))
        if s.with_keyword:
            out.append("with " + keyword(Keyword(s.with_keyword)))
        out.extend("without " + keyword(Keyword(k)) for k in s.without)
        out.extend(f"that is not {c}" for c in s.not_colors)
        out.extend(f'other than "{n}"' for n in s.not_names)
        out.extend(f'with a "{label_words(t)}" effect' for t in s.has_effect)
        for t in s.lacks_effect:
            out.append("with no effects listed" if t == "any" else f'without "{label_words(t)}" effects')
        if s.state == "blocked" and s.about is not None:
            out.append("that is being blocked by " + self.selector(s.about))
        elif s.state in ("attacking", "blocking") and s.about is not None:
            out.append(f"that is {s.state} " + self.selector(s.about))
        elif s.state in ("summoned_by_this_effect", "placed_by_this_effect"):
            out.append(s.state.split("_")[0] + " with this effect")
        elif s.state not in (None, "exhausted", "refreshed", "attacking", "blocking", "linked"):
            raise Unrenderable(f"state {s.state!r}")
        if s.colors == ("selected",):
            out.append("of the selected color")
        if s.excluding is not None:
            ex = s.excluding
            if ex.state and _same(ex, Selector(count=None, state=ex.state)):
                out.append(f"that is not {ex.state}")
            else:
                out.append("except " + self.selector(ex))
        if s.distinct == ("card_name",):
            out.append("with different names")
        if s.costs:
            out.append("that costs " + " or ".join(str(c) for c in s.costs))
        if s.choose == "random":
            out.append("at random")
        if s.zone == "revealed":           # said last, as cards print it ("… with Ascend from the revealed cards")
            out.append("from the revealed cards")
        return out

    def _post_threshold(self, t: Threshold) -> list[str]:
        if t.stat in ("count", "level") and t.ref is None:
            return []
        if t.ref is not None:
            if t.stat in ("bp", "cost") and t.value == 0 and _same(t.ref, Selector(count=None, other=True)):
                return []
            if t.stat == "count_per":
                return []                     # said by the "select …" that made it (judge.text.bs.render)
            if t.stat == "shared_colors" and t.ref.unit == "symbol":
                neg = "do not " if t.op == "==" else ""
                return [f"that {neg}share a color with any of the symbols on {_POSS[t.ref.owner]} field"]
            return [self._relation(t)]
        op = "" if t.op == "==" else " " + _MORE[t.op]
        if t.stat == "bp":
            return [f"with {t.value}{op} BP"]
        if t.stat == "cost":
            return [f"with cost {t.value}{op}"]
        if t.stat in ("cores", "symbols", "colors"):
            return [f"with {number(t.value)}{op} {t.stat if t.value != 1 else t.stat[:-1]}"]
        if t.stat == "soul_cores":
            return ['with a "Soul Core" on it' if t.op == ">=" else 'without a "Soul Core" on it']
        if t.stat.startswith("total_"):
            return [f"with a combined total of {t.value}{op} {t.stat[6:].replace('bp', 'BP')}"]
        raise Unrenderable(f"threshold {t.stat}")

    def _relation(self, t: Threshold) -> str:
        stat = {"bp": "BP", "cost": "cost", "level": "level"}.get(t.stat)
        if t.stat == "shared_families":
            lead = "" if (t.op, t.value) == (">=", 1) else f"{number(t.value)} {_MORE[t.op]} of "
            return f"with {lead}the same spirit type as {self.target(t.ref, select=False)}"
        if stat is None or t.value != 0:
            raise Unrenderable(f"relation {t.stat}")
        ref = self._ref(t.ref)
        if t.op == "==":
            return f"with {stat} equal to {ref}"
        if t.op in ("<=", ">="):
            return f"with {stat} equal to or {'fewer' if t.op == '<=' else 'more'} than {ref}"
        return f"with {'fewer' if t.op == '<' else 'more'} {stat} than {ref}"

    def _ref(self, ref: Selector) -> str:
        if ref.unit == "life":
            return f"{_POSS[ref.owner]} life total"
        return self.target(ref, select=False)

    def unit(self, s: Selector) -> str:
        """A selector of something that is not a card: effects, attacks, players, symbols, cores."""
        if s.unit == "player":
            return _SUBJ[s.owner]
        if s.unit == "effect":
            return self.effects(s)
        if s.unit == "attack":
            if s.about is not None and s.about.self_ref:
                return "this spirit's attack"
            return "an attack from " + self.target(s.about, select=False)
        raise Unrenderable(f"unit {s.unit}")

    def effects(self, s: Selector) -> str:
        """"your opponent's effects", "the destruction effects of X", "this effect", "your Gale effects"."""
        if s.effect == "this":
            return "this effect"
        kind = f"{s.effect} " if s.effect in ("destruction", "magic") else ""
        if s.effect == "keyword":
            whose = _POSS[s.owner] + " " if s.owner else "this spirit's " if s.about and s.about.self_ref else "any "
            return f"{whose}{s.with_keyword} effects"
        if s.about is not None:
            return f"the {kind}effects of {self.target(s.about, select=False)}"
        if s.owner is not None:
            return f"{_POSS[s.owner]} {kind}effects"
        return f"any {kind}effects"

    def effect_actor(self, s: Selector) -> str:
        """An effect as the actor of an event: "an effect on X", "one of your effects"."""
        if s.about is not None and s.owner is None and not s.effect:
            return "an effect on " + self.selector(s.about)
        if s.owner is not None and s.about is None and not s.effect:
            return f"one of {_POSS[s.owner]} effects"
        if s.owner is None and s.about is None and not s.effect:
            return "an effect"
        raise Unrenderable("an effect as an actor")

    def cause(self, by: Selector) -> str:
        """The cause of an event or what a restriction bars: "by your opponent's effects"."""
        return "by " + (self.unit(by) if by.unit else self.target(by, select=False))

    def per(self, per: Selector | None) -> str:
        if per is None:
            return ""
        if per.every:
            group = replace(per, every=None)
            verb = ""
            if per.owner is not None and per.zone is None:
                verb = " " + {Player.YOU: "you control", Player.OPPONENT: "your opponent controls",
                              Player.EACH: "either player controls"}[per.owner]
                group = replace(group, owner=None)
            return f" for every {number(per.every)} {self.noun_phrase(group, many=True)}{verb}"
        if per.unit == "symbol":
            return f" for each symbol on {self.selector(per.about)}" if per.about else " for each symbol they have"
        state = per.state or ""
        done = state.removesuffix("_by_this_effect")
        if done in ("destroyed", "discarded", "drawn", "returned", "exhausted", "summoned", "placed"):
            tail = " by this effect" if state.endswith("_by_this_effect") else ""
            return f" for each {self.noun_phrase(replace(per, state=None))} {done}{tail}"
        if per.owner is not None and per.zone is None and per.unit is None:
            verb = {Player.YOU: "you control", Player.OPPONENT: "your opponent controls",
                    Player.EACH: "either player controls"}[per.owner]
            if not per.card_types and per.families:
                return f" for each {' or '.join(per.families)} {verb}"
            return f" for each {self.noun_phrase(replace(per, owner=None))} {verb}"
        return " for each " + self.noun_phrase(per)

    def nominative(self, s: Selector, select: bool = False) -> str:
        """A selector as the subject of a clause ("they", not "them")."""
        text = self.target(s, select=select)
        return "they" if text == "them" else text


__all__ = ["Phrases", "Unrenderable", "amount", "keyword", "label_words", "number", "plural"]
