"""Battle Spirits canonical English, the abilities and their effects: `render_ability(ability)` writes
one line grammar/bs.lark reads back to the same Ability (the round trip, judge.text.render).

A line is written as the templates print it: level tags, `[Main]` / `[Flash]` / `[Burst]` and limit
tags, the timing label and a colon, then one sentence a statement ("If …, …", "You may … to …",
"…. Then, …"), each directive with its canonical verb phrase. A directive the selection was made
for acts on "it" (`Phrases.current`). The phrases (noun phrases, conditions, events, labels) are in
`judge.text.bs.render_phrases`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.text.ast import (
    Ability,
    AbilityKind,
    Activate,
    Attack,
    Condition,
    Conditional,
    CostChange,
    CostReduction,
    Declare,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    Effect,
    EndStep,
    ExtraStep,
    Gain,
    LinkTo,
    LoseEffects,
    Modal,
    ModifyStat,
    Move,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Reveal,
    Selector,
    Sequence,
    SetLevel,
    SetStat,
    SetState,
    walk,
)
from judge.text.bs.render_phrases import (
    _POSS,
    _SUBJ,
    Phrases,
    Unrenderable,
    _same,
    condition_lead,
    keyword,
    label_words,
    number,
)

_DURATION = {Duration.TURN: " during this turn", Duration.BATTLE: " during this battle",
             Duration.NEXT_TURN_END: " until the end of your opponent's next turn", Duration.PERMANENT: ""}
_AREAS = {"void": "the void", "reserve": "your reserve", "life": "your life", "trash": "your trash",
          "opponent_reserve": "their reserve", "opponent_life": "their life",
          "opponent_trash": "their trash", "owners_reserve": "its owner's reserve",
          "owners_trash": "its owner's trash", "owners_life": "its owner's life"}
_DESTS = {"hand": "to {whose} hand", "deck_top": "to the top of {whose} deck",
          "deck_bottom": "to the bottom of {whose} deck",
          "deck_top_or_bottom": "to either the top or bottom of {whose} deck", "burst": "to {whose} burst area"}


def render_ability(ability: Ability) -> str:
    """The ability as one line of canonical card text."""
    return _Line().ability(ability)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


class _Line(Phrases):
    """One ability line: its tags, label and sentences."""

    def ability(self, a: Ability) -> str:
        head = "".join(f"[LV{n}]" for n in a.levels)
        timing = a.timing or ""
        if a.kind is AbilityKind.BURST:
            head += "[Burst]"
            timing = timing.removeprefix("burst_")
        if timing in ("main", "flash", "main_flash"):
            head += "".join(f"[{s.title()}]" for s in timing.split("_"))
            timing = ""
        for r in a.restrictions:
            head += {"once_per_turn": "[Once per turn]", "unstackable": "[Unstackable]"}[r]
        label, condition = self._label(a, timing)
        if condition is None:
            self._triggered(a.condition)
        parts = [head] if head else []
        if a.kind is AbilityKind.KEYWORD and a.keyword is not None:
            parts.append((label + ": " if label else "") + keyword(a.keyword))
            return " ".join(parts)
        if a.keyword is not None and not a.effects:
            raise Unrenderable("a keyword with effects")
        if not a.effects and condition is None:
            return " ".join([*parts, label])              # a label printed on its own line
        body = self.sentences(list(a.effects), condition)
        if a.keyword is not None and all(isinstance(e, Gain) and e.keyword for e in a.effects):
            body = " and ".join(keyword(e.keyword) for e in a.effects)
        parts.append(f"{label}: {body}" if label else body)
        return " ".join(parts)

    def _label(self, a: Ability, timing: str) -> tuple[str, Condition | None]:
        """The printed label and the trigger left for the text (a "When …," lead)."""
        cond = a.condition
        if timing in ("", "while_paying_cost"):
            return "", cond
        if timing == "event":
            first = a.effects[0] if a.effects else None
            if cond is None or cond.kind != "event" or cond.event in ("step_start", "turn_end", "battle_end") \
                    or not ((isinstance(first, Conditional) and first.condition.kind == "event")
                            or a.kind is AbilityKind.BURST):
                return "", cond            # said as the sentence's lead: "When …, …"
            return "When " + _title(self.event(cond)), None
        if timing == "while_event" and cond is not None:
            return "While " + _title(self.event(cond)), None
        return label_words(timing), cond

    def _triggered(self, trigger: Condition | None) -> None:
        """After the trigger is said, "it" may stand for what it happened to (BS 9-3-2-3)."""
        if trigger is not None and trigger.kind in ("event", "would"):
            self.subject = trigger.selector
            if trigger.kind == "event" and trigger.selector is not None:
                self.subject_event = trigger.event

    # ── sentences ──
    def sentences(self, effects: list, trigger: Condition | None = None) -> str:
        out: list[str] = []
        chains = [e for e in effects if isinstance(e, Conditional) and e.condition.kind == "chain"]
        plain = [e for e in effects if e not in chains]
        for i, e in enumerate(plain):
            lead = ""
            if i == 0 and trigger is not None:
                lead = condition_lead(self, trigger)
                self._triggered(trigger)
            if isinstance(e, Sequence) and e.connector == "to" and len(e.effects) == 1 and i + 1 < len(plain):
                picked = self._to_select(plain[i + 1])
                if picked is not None:     # "Pay X to select Y. <the effect on Y>"
                    out.append(_cap(lead + self.directives(list(e.effects)) + " to " + self.select(picked)) + ".")
                    continue
            out.append(self.sentence(e, lead))
        if trigger is not None and not plain:
            raise Unrenderable("a trigger with no effect")
        for ch in chains:
            colors = "/".join(c.title() for c in ch.condition.selector.colors)
            out.append(f"Chain {colors}: " + " ".join(self.sentence(e) for e in ch.effects))
        return " ".join(out)

    def sentence(self, e: Any, lead: str = "") -> str:
        """One effect as a sentence (or several: "A. Then, B."; a menu's options after it)."""
        self.menu: Modal | None = None
        picked = self._to_select(e)
        if picked is not None:
            # "Select X. If it …, …": the selection said first, the effect on "it" after
            choice = isinstance(e, Optional) and e.cost is None
            said = _cap(lead + ("you may " if choice else "") + self.select(picked)) + "."
            if choice:
                return said + " " + " ".join(self.sentence(x) for x in e.effects)
            return said + " " + self.sentence(e)
        within = _within(e)
        if within is not None:
            # "During this turn, when …, …": the lead says the duration of the effects after it too
            e = replace(e, effects=_without_duration(e.effects, within))
        stray = _stray_duration(e) if within is None else None
        if stray is not None:
            lead += _DURATION[stray].strip().capitalize() + ", "
            e = _without_duration(e)
        if isinstance(e, Sequence) and e.connector in ("then", "after_resolves") and not lead:
            first, *rest = e.effects
            joiner = "Then, " if e.connector == "then" else "After this effect resolves, "
            return self.sentence(first) + " " + joiner + self._menu(self.directives(rest))
        if isinstance(e, Conditional) and not e.instead and e.condition.kind not in ("after_resolves", "substitution") \
                and e.condition.kind != "during":
            if lead and e.condition.kind in ("event", "would") and not e.otherwise:
                # a second event after the trigger: said after the effect ("… when the battle ends")
                return self._menu(_cap(lead + self.statement(list(e.effects)) + " " +
                                       _low(condition_lead(self, e.condition)[:-2])))
            if e.condition.negated and not e.otherwise and not (e.condition.kind == "is" or (e.condition.kind ==
                                                                 "happened" and e.condition.event in
                                                                 ("loses_life", "spends"))):
                plain = self.condition(replace(e.condition, negated=False))
                return self._menu(_cap(lead + self.statement(list(e.effects)) + " unless " + plain))
            cond = condition_lead(self, e.condition)
            self._conditioned(e.condition)
            text = self._menu(_cap(lead + cond + self.statement(list(e.effects))))
            if e.otherwise:
                text += " Otherwise, " + self.statement(list(e.otherwise)) + "."
            return text
        return self._menu(_cap(lead + self.statement([e])))

    def select(self, s: Selector) -> str:
        """"select X" (with "for each …" or "as many … as" when the count is per something, BSS 4-6)."""
        per = next((t for t in s.thresholds if t.stat == "count_per"), None)
        if s.chooser not in (None, Player.YOU):
            self.current = s
            self.seen.append(s)
            rest = replace(s, chooser=None, thresholds=tuple(t for t in s.thresholds if t is not per))
            if per is not None:
                return f"{_SUBJ[s.chooser]} selects {self.selector(replace(rest, count=per.value))}" \
                       f"{self.per(per.ref)}"
            return f"{_SUBJ[s.chooser]} selects {self.selector(rest)}"
        if per is None:
            return "select " + self.target(s)
        rest = replace(s, thresholds=tuple(t for t in s.thresholds if t is not per))
        self.current = s
        if per.ref.unit == "symbol":
            colors = " ".join(per.ref.colors) + " " if per.ref.colors else ""
            return f"select up to as many of {self.selector(replace(rest, count=None, up_to=False))} as you have " \
                   f"{colors}symbols"
        return f"select {self.selector(replace(rest, count=per.value))}{self.per(per.ref)}"

    def _to_select(self, e: Any) -> Selector | None:
        """The selection a sentence must make first, said as "Select X.": a condition about cards the
        effect then acts on, or a choice ("You may …") whose effect cannot follow "you may"."""
        inner = e
        while isinstance(inner, Conditional) and not inner.instead:
            sel = inner.condition.selector
            if isinstance(sel, Selector) and not sel.self_ref and sel.unit is None and not self.is_it(sel) \
                    and inner.condition.kind in ("is", "happened") and _acted_on(inner.effects, sel):
                return sel
            inner = inner.effects[0] if len(inner.effects) == 1 else None
        paid_first = (isinstance(e, Optional) and e.cost is not None) or (isinstance(e, Sequence) and e.connector == "to")
        for n in walk(e):
            if paid_first:
                break                          # the selection is made after the cost ("to make … select")
            if isinstance(n, Discard) and n.target is not None and n.target.chooser is n.player:
                continue                       # "your opponent selects X and discards it"
            if isinstance(n, Selector) and (any(t.stat == "count_per" for t in n.thresholds) or n.chooser not in
                                            (None, Player.YOU)) and not self.is_it(n) and not _discarded_by(e, n) \
                    and self.that(n) is None:
                return n
            eq = getattr(n, "equal_to", None)
            ref = eq.ref if eq is not None and eq.stat in ("cost", "bp", "level") else None
            if isinstance(n, Activate) and n.target is not None:
                ref = n.target
            if isinstance(ref, Selector) and not ref.self_ref and ref.unit is None and not self.is_it(ref):
                return ref
        first = e.effects[0] if isinstance(e, Optional) and e.effects else None
        if isinstance(e, Optional) and e.cost is None and \
                (isinstance(first, Conditional | Optional | Restriction) or
                 (isinstance(first, Attack) and first.attacker is not None)):
            return next((t for t in _targets(e.effects) if not self.is_it(t)), None)
        return None

    def _conditioned(self, c: Condition) -> None:
        """"If none of your opponent's spirits are exhausted, select one of them": with nothing
        selected yet, "it" after a condition is what the condition counted (judge.text.pronouns)."""
        if self.current is None and c.kind in ("count", "only", "is") and c.selector is not None:
            self.current = replace(c.selector, thresholds=tuple(t for t in c.selector.thresholds
                                                                if t.stat != "count"))

    def _menu(self, text: str) -> str:
        """The sentence's end, and the options of a menu it opened ("・A. ・B.")."""
        menu, self.menu = self.menu, None
        if menu is None:
            return text + "."
        return text + ". " + " ".join("・" + _cap(self.statement(list(o))) + "." for o in menu.options)

    def statement(self, effects: list) -> str:
        """Effects of one statement: directives joined by "and", a choice, a cost, "instead"."""
        if len(effects) == 1:
            e = effects[0]
            if isinstance(e, Optional):
                if e.cost is not None:
                    return f"you may {self.directives(list(e.cost.effects))} to {self.directives(list(e.effects))}"
                if len(e.effects) == 1 and isinstance(e.effects[0], Activate) and e.effects[0].pay_cost:
                    return f"you may pay this card's cost to {self.directive(replace(e.effects[0], pay_cost=False))}"
                return "you may " + self.directives(list(e.effects))
            if isinstance(e, Conditional) and e.instead:
                if e.condition.kind == "substitution":
                    return self.directives(list(e.effects)) + " instead"
                if e.condition.kind == "during" and e.condition.event == "core_step":
                    move = e.effects[0]
                    return f"gain {number(move.count)} cores during your core step instead of one"
                return _low(condition_lead(self, e.condition)) + self.directives(list(e.effects)) + " instead"
            if isinstance(e, Conditional) and e.condition.kind == "after_resolves":
                return self.directives(list(e.effects)) + " after this effect resolves"
            if isinstance(e, Sequence) and e.connector == "then":
                first, *rest = e.effects
                return f"{self.directives([first])}, then {self.directives(rest)}"
            if isinstance(e, Sequence) and e.connector in ("must", "additional_cost"):
                who = next((x.player for x in e.effects if getattr(x, "player", None) not in (None, Player.YOU)),
                           Player.YOU)
                tail = " as an additional cost" if e.connector == "additional_cost" else ""
                inner = [replace(x, player=Player.YOU) if getattr(x, "player", None) is who else x for x in e.effects]
                return f"{_SUBJ[who]} must {self.directives(inner)}{tail}"
            if isinstance(e, Sequence) and e.connector == "to":
                return f"{self.directives(list(e.effects[:1]))} to {self.directives(list(e.effects[1:]))}"
            if isinstance(e, Modal):
                return self.d_Modal(e, whole=True)
            if isinstance(e, Conditional):
                return self.directives(list(e.effects)) + " " + _low(condition_lead(self, e.condition)).rstrip(", ")
        return self.directives(effects)

    def directives(self, effects: list) -> str:
        out: list[str] = []
        i = 0
        while i < len(effects):
            run = _same_act(effects, i)
            if run > 1:
                # "Select A and B and destroy them": one directive for each selection (judge.text.pronouns)
                targets = [effects[i + k].target for k in range(run)]
                said = " and ".join(self.selector(t) for t in targets)
                self.current, self.plural = targets[-1], True
                out.append(f"select {said} and {self.directive(effects[i])}")
                self.plural = False
                self.seen.extend(targets)
                i += run
                continue
            out.append(self.directive(effects[i]))
            i += 1
        return " and ".join(out)

    # ── directives (BSS 10) ──
    def directive(self, e: Any) -> str:
        method = getattr(self, "d_" + type(e).__name__, None)
        if method is None:
            raise Unrenderable(f"directive {type(e).__name__}")
        t = getattr(e, "target", None)
        make = ""
        if isinstance(t, Selector) and t.chooser not in (None, Player.YOU) and not self.is_it(t) \
                and not (isinstance(e, Discard) and e.player is t.chooser):
            make = f"make {_SUBJ[t.chooser]} select {self.selector(replace(t, chooser=None))} and "
            self.current = t
            self.seen.append(t)
        text = make + method(e)
        for name in ("target", "source_target", "dest_target"):
            # what the directive acted on is "it" from now on (as judge.text.pronouns reads it)
            t = getattr(e, name, None)
            if type(t) is Selector and not t.self_ref and t.unit is None:
                if not self.is_it(t):
                    self.current = t
                    self.seen.append(t)
                break
        return text

    def d_Destroy(self, e: Destroy) -> str:
        return "destroy " + self.target(e.target)

    def d_Draw(self, e: Draw) -> str:
        if e.until:
            if e.count == 0:
                return "draw cards until you have the same number of cards in your hand as your opponent"
            return f"draw cards until you have {number(e.count)} cards in your hand"
        extra = "additional " if e.additional else ""
        cards = "card" if e.count == 1 else "cards"
        per = self.per(e.per)
        if e.player is Player.YOU:
            return f"draw {number(e.count)} {extra}{cards}{per}"
        return f"{_subject(e.player)} {'draw' if e.player is Player.EACH else 'draws'} {number(e.count)} " \
               f"{extra}{cards}{per}"

    def d_Discard(self, e: Discard) -> str:
        t = e.target
        if t is not None and t.zone == "deck_top":
            whose = _POSS[t.owner or Player.YOU]
            if e.equal_to is not None:
                stat = {"cost": "cost", "bp": "BP", "level": "level"}[e.equal_to.stat]
                return f"discard a number of cards from the top of {whose} deck equal to " \
                       f"{self.possessive(e.equal_to.ref)} {stat}"
            cards = "card" if e.count == 1 else f"{number(e.count)} cards"
            self.current = t
            return f"discard the top {cards} of {whose} deck{self.per(e.per)}"
        if t is not None and t.zone == "hand" and t.count is None and e.count == 0:
            return "discard any number of cards" if t.up_to else "discard your entire hand"
        if t is None:
            if e.player is Player.YOU:
                return f"discard {number(e.count)} {'card' if e.count == 1 else 'cards'}"
            verb = "discard" if e.player is Player.EACH else "discards"
            return f"{_subject(e.player)} {verb} {number(e.count)} {'card' if e.count == 1 else 'cards'}"
        if e.player is not Player.YOU:
            if self.is_it(t):
                return f"{_SUBJ[e.player]} discards it"
            return f"{_SUBJ[e.player]} selects {self.selector(replace(t, chooser=None))} and discards it"
        return "discard " + self.target(t)

    def d_SetState(self, e: SetState) -> str:
        verb = {"exhausted": "exhaust", "refreshed": "refresh", "heavy_exhausted": "heavy exhaust"}[e.state]
        return f"{verb} {self.target(e.target)}"

    def d_Move(self, e: Move) -> str:
        t = e.target
        if e.dest == "removed":
            return f"remove {self.target(t)} from the game"
        if e.dest == "field":
            state = f" {t.state}" if t.state else ""
            bare = replace(t, state=None)
            if self.is_it(bare) or (self.current is None and self.subject is not None
                                    and _same(replace(self.subject, state=None), bare)):
                return f"keep {'it' if t.count == 1 else 'them'} on the field{state}"
            return f"keep {self.target(bare)} on the field{state}"
        if e.dest == "trash":
            return f"place {self._from(t)} into your trash"
        if e.dest == "hand" and t.zone == "deck_top":
            cards = "card" if t.count == 1 else f"{number(t.count)} cards"
            return f"add the top {cards} of {_POSS[t.owner or Player.YOU]} deck to your hand"
        if e.dest == "hand" and t.zone == "revealed":
            if self._is_current(t):
                return f"add {self.target(t)} to your hand"
            return f"add {self.target(replace(t, zone='any' if t.card_types or not t.families else None))} to " \
                   f"your hand"
        whose = "their" if t.owner is Player.OPPONENT else "your"      # the owner's (BSS 4-2-4)
        order = " in any order" if e.dest.startswith("deck") and t.count != 1 else ""
        return f"return {self._from(t)} {_DESTS[e.dest].format(whose=whose)}{order}"

    def _is_current(self, t: Selector) -> bool:
        return _same(t, self.current)

    def _from(self, t: Selector) -> str:
        """A moved card and the area it comes from ("X from your trash"), said once."""
        zones = " or ".join(f"your {z}" for z in (t.zone or "").split("/"))
        if t.self_ref and t.zone in ("hand", "trash", "deck", "hand/trash", "trash/hand"):
            return f"{self._self(replace(t, zone=None))} from {zones}"
        if t.owner is None and t.zone in ("hand", "trash", "deck") and not self._is_current(t) and not t.self_ref:
            return f"{self.target(replace(t, zone='any'))} from {zones}"
        return self.target(t)

    def d_Deploy(self, e: Deploy) -> str:
        t = e.target
        state = t.state if t.state in ("exhausted", "refreshed") else None
        if state:
            t = replace(t, state=None)
        verb = {"summon": "summon", "place": "place", "use": "use"}[e.verb]
        free = " without paying its cost" if e.free else ""
        if e.verb == "use":
            return f"use {self._from(t)}{free}"
        return f"{verb} {self._from(t)}{free}{' ' + state if state else ''}"

    def d_ModifyStat(self, e: ModifyStat) -> str:
        dur, per = _DURATION[e.duration], self.per(e.per)
        if e.stat == "symbols":
            return f"{self.target(e.target)} gains {number(e.amount)} {'/'.join(e.colors)} " \
                   f"{'symbol' if e.amount == 1 else 'symbols'}{per}{dur}"
        if e.stat != "bp":
            raise Unrenderable(f"stat {e.stat}")
        if e.amount >= 0:
            return f"{self.target(e.target)} gains {e.amount} BP{per}{dur}"
        return f"reduce the BP of {self.target(e.target)} by {-e.amount}{per}{dur}"

    def d_Gain(self, e: Gain) -> str:
        dur = _DURATION[e.duration]
        subject = self.nominative(e.target, select=True)
        if e.ability is not None:
            inner = e.ability
            label, trig = self._label(inner, inner.timing or "")
            body = self.sentences(list(inner.effects), trig)
            return f"{subject} gains the following effect: {label}: {body[:-1] if body.endswith('.') else body}"
        if e.family == "all":
            return f"treat {subject} as having all spirit types"
        if e.family is not None:
            return f"{subject} gains {e.family} spirit type{dur}"
        kw = keyword(e.keyword)
        reminder = ""
        if e.timing in ("main", "flash"):
            reminder = f": {e.timing.title()} {keyword(e.keyword, brackets=False)}"
        elif e.timing:
            reminder = f": {label_words(e.timing)} {keyword(e.keyword, brackets=False)}"
        return f"{subject} gains {kw}{dur}{reminder}"

    def d_Restriction(self, e: Restriction) -> str:
        dur = _DURATION[e.duration]
        a = e.action
        if a in ("reduce_life", "reduce_life_to_0"):
            whose = "neither player's life can" if e.player is Player.EACH else f"{_POSS[e.player]} life cannot"
            by = " " + self.cause(e.by) if e.by is not None else ""
            return f"{whose} be reduced{by}{' to 0' if a.endswith('_0') else ''}{dur}"
        if e.mode == "only" and a == "select":
            return f"{_SUBJ[e.player]} can only select {self.selector(e.object)}{dur}"
        if e.mode == "can" and a == "choose_targets":
            return f"you select which {self.noun_phrase(e.target, many=True)} are exhausted {self.cause(e.by)}"
        if e.mode == "at_most":
            cards = "card" if e.object.count == 1 else "cards"
            return f"no more than {number(e.object.count)} {cards} is discarded"
        if a == "activate" and e.object is not None and e.object.unit == "effect":
            whose = f"{_POSS[e.player]} " if e.player is not None else ""
            on = f" on {self.target(e.target, select=False)}" if e.target is not None else ""
            by = " with this effect" if e.by is not None else ""
            return f'{whose}"{label_words(e.object.effect)}" effects{on} are not triggered{by}'
        subject = self.nominative(e.target, select=True) if e.target is not None else _SUBJ.get(e.player, "")
        if e.mode == "can" and a.endswith("_while_exhausted"):
            verb = a[: -len("_while_exhausted")].replace("_", " ")
            obj = " " + self.selector(e.object) if e.object is not None else ""
            return f"{subject} can {verb}{obj} while exhausted{dur}"
        if e.mode == "can" and a == "be_linked":
            return f"{subject} can be linked with {self.selector(e.object)}"
        if e.mode == "must":
            first = " first this turn" if a.endswith("_first") else ""
            obj = " " + self.target(e.object, select=False) if e.object is not None else ""
            return f"{subject} must {a.removesuffix('_first').replace('_', ' ')}{obj}{first}{dur}"
        if a == "refresh_in_refresh_step":
            return f"{subject} will not refresh during your next refresh step"
        if e.mode != "cannot":
            raise Unrenderable(f"restriction {e.mode}")
        unless = ""
        if e.cost is not None:
            cores = e.cost.effects[0]
            unless = f" unless they pay {number(cores.count)} {'core' if cores.count == 1 else 'cores'}"
        return f"{subject} cannot {self._act(e)}{dur}{unless}"

    def _act(self, e: Restriction) -> str:
        a = e.action
        by = " " + self.cause(e.by) if e.by is not None else ""
        if a in ("attack", "block", "attack_or_block"):
            obj = " " + self.selector(e.object) if e.object is not None else ""
            return a.replace("_", " ") + obj
        if a == "use":
            return "use " + self.selector(e.object)
        if a == "summon":
            return "summon " + self.selector(e.object)
        if a == "draw":
            return "draw cards"
        if a == "have_cores_removed":
            return "have its cores removed" + by
        if a == "place_cores":
            core = '"Soul Core"' if e.object.unit == "soul_core" else "core"
            return f"place {number(e.object.count)} {core} onto {self.target(e.object.about, select=False)} " \
                   f"with this effect"
        if a.startswith("be_"):
            rest = a[3:]
            battle = rest.endswith("_or_in_battle")
            rest = rest.removesuffix("_or_in_battle")
            word, _, zones = rest.partition("_from_") if "_from_" in rest else rest.partition("_to_")
            where = ""
            if zones:
                prep = "from" if "_from_" in rest else "to"
                where = f" {prep} your " + " or ".join(zones.split("_or_"))
            return f"be {word}{where}{by}{' or as the result of battle' if battle else ''}"
        raise Unrenderable(f"restriction {a}")

    def d_MoveCores(self, e: MoveCores) -> str:
        n = self._cores(e)
        per = self.per(e.per)
        if e.equal_to is not None and e.equal_to.stat == "cost":
            ref = e.equal_to.ref
            return "pay " + ("this card's cost" if ref.self_ref else self.possessive(ref) + " cost") + per
        if e.source == "field_or_reserve" and e.dest == "trash":
            if e.core_type == "soul":
                return 'pay a "Soul Core"' + per
            return f"pay {n}" + per
        if e.source == "spirit" and e.dest == "trash" and e.source_target is not None:
            if e.core_type == "soul":
                return f'pay {self.possessive(e.source_target)} "Soul Core"'
            return f"pay {n} from {self.target(e.source_target)}{per}"
        dest = self._place(e.dest, e.dest_target)
        if e.source == "spirit" and e.dest != "spirit" and e.player is Player.YOU and e.until is None \
                and e.equal_to is None:
            them = "it" if n.startswith("one ") or n.startswith("a ") else "them"
            return f"remove {n} from {self.target(e.source_target)} and place {them} into {dest}{per}"
        if e.source == "lost_life":
            return f"place the lost life cores {'onto' if e.dest == 'spirit' else 'into'} {dest}"
        prep = "onto" if e.dest == "spirit" else "into"
        until = f" until you have {number(e.until)} life" if e.until is not None else ""
        who = "" if e.player is Player.YOU else f"{_SUBJ[e.player]} "
        verb = "place" if not who else "places"
        if e.source == "any":
            return f"{who}{verb} {n} {prep} {dest}{per}"
        src = self._place(e.source, e.source_target)
        return f"{who}{verb} {n} from {src} {prep} {dest}{until}{per}"

    def _cores(self, e: MoveCores) -> str:
        if e.equal_to is not None and e.equal_to.stat == "cores":
            return f"all but {number(-e.equal_to.value)} cores"
        if e.core_type == "soul":
            return 'a "Soul Core"'
        if e.count is None:
            return "any number of cores" if e.up_to else "all cores"
        noun = "core" if e.count == 1 else "cores"
        not_soul = ' that is not a "Soul Core"' if e.core_type == "core" else ""
        return f"{'up to ' if e.up_to else ''}{number(e.count)} {noun}{not_soul}"

    def _place(self, where: str, target: Selector | None) -> str:
        if where == "spirit":
            return self.target(target)
        if where == "lost_life":
            raise Unrenderable("the lost life cores")
        try:
            return _AREAS[where]
        except KeyError:
            raise Unrenderable(f"area {where}") from None

    def d_Reveal(self, e: Reveal) -> str:
        if e.zone in ("deck", "opponent_deck"):
            whose = "your opponent's" if e.zone == "opponent_deck" else "your"
            cards = "card" if e.count == 1 else f"{number(e.count)} cards"
            self.current = Selector(count=1 if e.count == 1 else None, zone="revealed",
                                    owner=Player.OPPONENT if e.zone == "opponent_deck" else Player.YOU)
            return f"reveal the top {cards} of {whose} deck"
        if e.zone == "opponent_hand":
            return "your opponent reveals their hand"
        if e.zone == "selected":
            if e.target is None or self.is_it(e.target):
                return "reveal it"
            return f"select {self.target(e.target)} and reveal it"
        raise Unrenderable(f"reveal {e.zone}")

    def d_SetLevel(self, e: SetLevel) -> str:
        level = "its highest level" if e.level is None else f"LV{e.level}"
        return f"treat {self.target(e.target)} as {level}{_DURATION[e.duration]}"

    def d_SetStat(self, e: SetStat) -> str:
        dur = _DURATION[e.duration]
        t = e.target
        if e.stat == "cost" and e.equal_to is not None:
            return f"{self.target(t)} has a cost equal to {_POSS[e.equal_to.ref.owner]} life total{dur}"
        if e.stat == "cost" and t.self_ref and t.zone == "hand" and e.duration is Duration.PERMANENT:
            return f"{self._self(replace(t, zone=None))} costs {e.value} in your hand"
        if e.stat == "cost" and t.self_ref and t.zone in ("hand", "trash"):
            return f"treat {self._self(replace(t, zone=None))} as though it costs {e.value}{dur} while it is in " \
                   f"the {t.zone}"
        if e.stat == "cost":
            return f"treat {self.target(t)} as though it costs {e.value}{dur}"
        if e.stat == "bp" and e.level is not None:
            return f"treat the LV{e.level} BP as {e.value} for {self.target(t)}{dur}"
        well = " as well" if e.also else ""
        if e.stat == "colors" and t.self_ref:
            return "treat its color and symbol color as " + " and ".join(e.colors) + well
        if e.stat == "symbols" and t.self_ref and not t.card_types:
            calc = " when calculating cost reduction" if e.purpose == "cost_reduction" else ""
            return f"treat its symbols as {number(e.value)} {' and '.join(e.colors)} " \
                   f"{'symbol' if e.value == 1 else 'symbols'}{well}{calc}{dur}"
        if e.stat == "symbols" and e.duration is Duration.PERMANENT:
            calc = " when calculating cost reduction" if e.purpose == "cost_reduction" else ""
            return f"treat the symbols on {self.target(t)} as {number(e.value)} {' '.join(e.colors)} " \
                   f"{'symbol' if e.value == 1 else 'symbols'}{calc}"
        raise Unrenderable(f"set {e.stat}")

    def d_LoseEffects(self, e: LoseEffects) -> str:
        lv = "".join(f"LV{n} " for n in e.levels)
        regain = " and cannot regain them" if e.no_regain else ""
        return f"{self.target(e.target)} lose their {lv}effects{regain}{_DURATION[e.duration]}"

    def d_Activate(self, e: Activate) -> str:
        if e.keyword is not None:
            return "activate " + keyword(e.keyword, brackets=False)
        whose = "this card's" if e.target is None or e.target.self_ref else self.possessive(e.target)
        if e.step and (e.target is None or e.target.self_ref):
            return f"activate its {e.step} effect"
        if e.step:
            return f"activate {whose} {e.step} effect"
        if e.effect:
            return f'activate {whose} "{label_words(e.effect)}" effect'
        raise Unrenderable("an activation of nothing")

    def d_Attack(self, e: Attack) -> str:
        target = self.target(e.target, select=False)
        if e.attacker is not None:
            return f"{self.target(e.attacker)} attacks {target}"
        return f"attack {target}"

    def d_LinkTo(self, e: LinkTo) -> str:
        ignore = ", ignoring the link requirement" if e.ignore_condition else ""
        return f"link {self.target(e.target)} to {self.target(e.to, select=False)}{ignore}"

    def d_ExtraStep(self, e: ExtraStep) -> str:
        after = f" after your {e.after.removesuffix('_step')} step" if e.after else ""
        return f"perform a {e.step.removesuffix('_step')} step{after}"

    def d_EndStep(self, e: EndStep) -> str:
        return f"end the {e.step.removesuffix('_step')} step"

    def d_CostReduction(self, e: CostReduction) -> str:
        if e.mode == "fulfilled":
            return "treat all of this card's reduction symbols as fulfilled"
        if e.mode == "only":
            return f"you can only count symbols on {self.selector(e.source)} when calculating cost reduction"
        return f"use the symbols of {self.selector(e.source)} in addition to the symbols on your field to " \
               f"reduce its cost"

    def d_CostChange(self, e: CostChange) -> str:
        return f"reduce the cost of {self.target(e.target)} by {-e.amount}"

    def d_Declare(self, e: Declare) -> str:
        if e.things == ("color",):
            return "select a color"
        raise Unrenderable("a declaration")

    def d_Modal(self, e: Modal, whole: bool = False) -> str:
        gains = [o[0] for o in e.options if len(o) == 1 and isinstance(o[0], Gain) and o[0].keyword]
        if len(gains) == len(e.options) and len({(g.target, g.duration) for g in gains}) == 1:
            g = gains[0]
            kws = " or ".join(keyword(x.keyword) for x in gains)
            return f"{self.target(g.target)} gains {kws}{_DURATION[g.duration]}"
        if _is_menu(e) or not whole:
            self.menu = e
            return f"activate {number(e.count)} of the following effects"
        return " or ".join(self.directives(list(o)) for o in e.options)

    def d_Sequence(self, e: Sequence) -> str:
        return self.statement([e])

    def d_Optional(self, e: Optional) -> str:
        return self.statement([e])

    def d_Conditional(self, e: Conditional) -> str:
        return self.statement([e])



def _targets(effects: Any) -> list[Selector]:
    """The selections effects act on, in reading order."""
    out = []
    for n in walk(list(effects)):
        for name in ("target", "source_target", "dest_target"):
            t = getattr(n, name, None)
            if isinstance(n, Effect) and type(t) is Selector and not t.self_ref and t.unit is None:
                out.append(t)
    return out


def _same_act(effects: list, i: int) -> int:
    """How many effects from `i` are one directive on different selections ("destroy them")."""
    first = effects[i]
    t = getattr(first, "target", None)
    if not isinstance(first, Destroy | SetState | Move) or type(t) is not Selector or t.self_ref or t.count is None:
        return 1
    n = 1
    while i + n < len(effects):
        e = effects[i + n]
        u = getattr(e, "target", None)
        if type(e) is not type(first) or type(u) is not Selector or u.self_ref or u.count is None \
                or replace(e, target=t, span=None) != replace(first, span=None) or _same(u, t):
            break
        n += 1
    return n


def _discarded_by(e: Any, sel: Selector) -> bool:
    """Whether `sel` is what its chooser discards ("your opponent selects X and discards it")."""
    return any(isinstance(n, Discard) and n.target is not None and _same(n.target, sel) and n.player is sel.chooser
               for n in walk(e))


def _acted_on(effects: Any, sel: Selector) -> bool:
    return any(_same(t, sel) for t in _targets(effects))


def _stray_duration(e: Any) -> Duration | None:
    """A duration a directive cannot say itself, said as the sentence's lead ("During this turn, …")."""
    for n in walk(e):
        if ((isinstance(n, Restriction) and n.mode in ("at_most", "can") and n.action in ("discard", "choose_targets"))
                or (isinstance(n, Gain) and n.ability is not None)) \
                and n.duration is not Duration.PERMANENT:
            return n.duration
    return None


def _within(e: Any) -> Duration | None:
    """The duration a "During this turn, when …" trigger waits through (its qualifier)."""
    if isinstance(e, Conditional) and e.condition.kind in ("event", "would"):
        if "this_turn" in e.condition.qualifiers:
            return Duration.TURN
        if "this_battle" in e.condition.qualifiers:
            return Duration.BATTLE
    return None


def _without_duration(e: Any, only: Duration | None = None) -> Any:
    """`e` with every duration its sentence's lead says (`only` that one) set back to permanent (the
    lead sets them)."""
    from dataclasses import fields, is_dataclass

    if isinstance(e, tuple):
        return tuple(_without_duration(x, only) for x in e)
    if not is_dataclass(e) or isinstance(e, Selector | Condition):
        return e
    changes = {f.name: _without_duration(getattr(e, f.name), only) for f in fields(e)
               if f.name in ("effects", "otherwise")}
    if getattr(e, "duration", None) not in (None, Duration.PERMANENT) and only in (None, e.duration):
        changes["duration"] = Duration.PERMANENT
    return replace(e, **changes)


def _is_menu(e: Modal) -> bool:
    """A choice among listed effects ("activate one of the following effects: ・A ・B")."""
    return len(e.options) > 2 or any(len(o) > 1 for o in e.options)


def _subject(who: Player) -> str:
    """A player as the subject of a directive ("Both players discard …")."""
    return "both players" if who is Player.EACH else _SUBJ[who]


def _low(text: str) -> str:
    return text[:1].lower() + text[1:]


def _title(words: str) -> str:
    """Label case: every word capitalised but "of", "or", "a" (judge.text.bs.normalise reads a label
    without its colon as the run of such words)."""
    return " ".join(w if w in ("of", "or", "a") else w[:1].upper() + w[1:] for w in words.split())


__all__ = ["render_ability"]
