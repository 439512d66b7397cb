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
    Destroy,
    Discard,
    Duration,
    Effect,
    Gain,
    Modal,
    Move,
    Optional,
    Player,
    Restriction,
    Selector,
    Sequence,
    SetState,
    Unread,
    walk,
)
from judge.text.bs.render_conditions import condition_lead
from judge.text.bs.render_directives import _DURATION, DirectivePhrases
from judge.text.bs.render_phrases import _SUBJ, Unrenderable, _same, keyword, label_words, number


def render_ability(ability: Ability) -> str:
    """The ability as one line of canonical card text."""
    return _Line().ability(ability)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


class _Line(DirectivePhrases):
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
        if type(e) is Unread:              # words the grammar did not read: marked, never re-worded
            from judge.text.ast import NOT_READ

            return _cap(lead + NOT_READ) + "."
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
        if isinstance(e, Conditional) and not e.instead \
                and e.condition.kind not in ("after_resolves", "substitution", "unpaid") \
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
        if c.kind in ("event", "would") and type(c.selector) is Selector:
            self.current = c.selector    # the card the event happens to is "it" (as judge.text.pronouns reads it)
        elif self.current is None and c.kind in ("count", "only", "is") and c.selector is not None:
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
            if isinstance(e, Conditional) and e.condition.kind == "unpaid":
                pay = e.condition.cost.effects[0]
                who = "you" if e.condition.player is Player.YOU else "they"
                noun = "core" if pay.count == 1 else "cores"
                return self.directives(list(e.effects)) + f" unless {who} pay {number(pay.count)} {noun}"
            if isinstance(e, Conditional) and e.condition.kind == "after_resolves":
                whose = "that card's" if e.condition.window == "trigger" else "this"
                return self.directives(list(e.effects)) + f" after {whose} effect resolves"
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






def _low(text: str) -> str:
    return text[:1].lower() + text[1:]


def _title(words: str) -> str:
    """Label case: every word capitalised but "of", "or", "a" (judge.text.bs.normalise reads a label
    without its colon as the run of such words)."""
    return " ".join(w if w in ("of", "or", "a") else w[:1].upper() + w[1:] for w in words.split())


__all__ = ["render_ability"]
