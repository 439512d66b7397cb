"""Battle Spirits canonical English, conditions and events: every Condition kind of
`judge.text.ast.CONDITION_KINDS` written the one way grammar/bs.lark reads back to it, and a
condition as a sentence's lead ("If …, ", "When …, ", "At the end of the turn, ")."""

from __future__ import annotations

from dataclasses import replace

from judge.text.ast import Condition, Keyword, Player, Selector, Threshold
from judge.text.bs.render_phrases import (
    _ACTIVE,
    _MORE,
    _PASSIVE,
    _PLAYER_VERBS,
    _POSS,
    _STEP_WORDS,
    _SUBJ,
    Phrases,
    Unrenderable,
    _same,
    amount,
    keyword,
    label_words,
    number,
)


class ConditionPhrases(Phrases):
    """Conditions (BS 5-19-2; BSS 8-1-4-1) and events (BSS 8-1-5-1) of one ability."""

    def condition(self, c: Condition) -> str:
        method = getattr(self, "cond_" + c.kind, None)
        if method is None:
            raise Unrenderable(f"condition {c.kind}")
        return method(c)

    def cond_all(self, c: Condition) -> str:
        return " and ".join(self.condition(x) for x in c.conditions)

    def cond_count(self, c: Condition) -> str:
        t, sel, who = c.threshold, c.selector, c.player
        have = "have" if who in (Player.YOU, None) else "has"
        subject = _SUBJ.get(who, "you") if who is not None else None
        if t.stat == "life":
            return f"{subject} {have} {number(t.value)} {_MORE.get(t.op, '')} life".replace("  ", " ")
        if t.stat == "symbols":
            colors = " or ".join(sel.colors) + " " if sel and sel.colors else ""
            return f"{subject} {have} {number(t.value)}{' ' + _MORE[t.op] if t.op in _MORE else ''} {colors}symbols"
        if t.stat != "count" or sel is None:
            raise Unrenderable(f"count of {t.stat}")
        if _same(replace(sel, owner=None), Selector(count=None, zone="burst")) and (t.op, t.value) == (">=", 1) and who is Player.YOU:
            return "you have a burst card set"
        base = replace(sel, count=1 if t.value <= 1 else t.value, thresholds=sel.thresholds)
        if subject is None:
            if sel.zone == "revealed":
                noun = self.selector(replace(base, zone=None, count=1))
                if t.op == "==" and t.value == 0:
                    return f"no {noun.removeprefix('one ')} is among the revealed cards"
                return f"{noun} is among the revealed cards"
            if t.op == "==" and t.value == 0 and sel.state in ("exhausted", "refreshed"):
                return f"none of {self.selector(replace(sel, state=None, count=None)).removeprefix('all of ')} " \
                       f"are {sel.state}"
            raise Unrenderable("a count with no player")
        if sel.owner == who:
            base = replace(base, owner=None)
        if base.self_ref:
            return f"{subject} {'control' if who is Player.YOU else 'controls'} {self.selector(replace(base, count=1))}"
        if base.zone in ("hand", "trash", "deck") and base.owner is None and not (base.card_types or base.families
                                                                                  or base.colors or base.thresholds):
            if t.op == "==" and t.value == 0:
                return f"there are no cards in {_POSS[who]} {base.zone}"
            return f"{subject} {have} {number(t.value)} {_MORE.get(t.op, '')} cards in {_POSS[who]} {base.zone}"
        if t.op == "==" and t.value == 0:
            verb = "do not control" if who is Player.YOU else "does not control"
            return f"{subject} {verb} any {self.noun_phrase(base, many=True)}"
        if base.zone in ("hand", "trash"):
            zone = base.zone
            noun = self.selector(replace(base, zone="any", count=2 if t.value > 1 or t.op != "==" else 1))
            noun = noun.split(" ", 1)[1] if t.op in _MORE or t.value >= 1 else noun
            return f"{subject} {have} {number(t.value)} {_MORE.get(t.op, '')} {noun} in {_POSS[who]} {zone}".replace("  ", " ")
        verb = "control" if who is Player.YOU else "controls"
        if (t.op, t.value) == (">=", 1):
            return f"{subject} {verb} {self.selector(replace(base, count=1))}"
        if t.op in _MORE:
            body = self.selector(replace(base, count=None, thresholds=(*base.thresholds,
                                                                        Threshold("count", t.op, t.value))))
            return f"{subject} {have} {body}"
        return f"{subject} {verb} {self.selector(replace(base, count=t.value))}"

    def cond_only(self, c: Condition) -> str:
        sel = replace(c.selector, owner=None) if c.selector.owner == c.player else c.selector
        have = "have" if c.player is Player.YOU else "has"
        # "if you only have yellow spirits on the field" (every one of them is so, BSS 8-1-4-1)
        return f"{_SUBJ[c.player]} only {have} {self.noun_phrase(replace(sel, count=None), many=True)} on the field"

    def cond_compare(self, c: Condition) -> str:
        t = c.threshold
        word = {"<": "less", ">": "more"}.get(t.op)
        have = "have" if c.player is Player.YOU else "has"
        other = _SUBJ[t.ref.owner]
        if t.stat == "life" and word:
            return f"{_SUBJ[c.player]} {have} {word} life than {other}"
        if t.stat == "count" and c.selector.zone and word:
            theirs = " has in theirs" if t.ref.owner is Player.OPPONENT else ""
            return f"{_SUBJ[c.player]} {have} {'fewer' if word == 'less' else word} cards in {_POSS[c.player]} " \
                   f"{c.selector.zone} than {other}{theirs}"
        if t.stat == "count" and t.op in ("<=", ">=") and c.selector.zone is None:
            noun = self.noun_phrase(replace(c.selector, owner=None, count=None), many=True)
            verb = "you control" if c.player is Player.YOU else "your opponent controls"
            return f"the number of {noun} {verb} is equal to or {'fewer' if t.op == '<=' else 'more'} than {other}"
        if t.stat == "count" and word and c.selector.zone is None:      # "you control more spirits than …"
            noun = self.noun_phrase(replace(c.selector, owner=None, count=None), many=True)
            verb = "control" if c.player is Player.YOU else "controls"
            return f"{_SUBJ[c.player]} {verb} {'fewer' if word == 'less' else word} {noun} than {other}"
        raise Unrenderable("a comparison")

    def cond_turn(self, c: Condition) -> str:
        return f"it is {_POSS[c.player]} turn"

    def cond_during(self, c: Condition) -> str:
        whose = "either" if c.player is None else _POSS[c.player]
        return f"used during {whose} {'turn' if c.event == 'turn' else _STEP_WORDS[c.event] + ' step'}"


    def cond_is(self, c: Condition) -> str:
        subject = self.nominative(c.selector)
        if c.negated and self.last_is is not None and c.object == self.last_is.object \
                and not self.last_is.negated:
            return f"{subject} is not"                  # "If it is not, …": the "if" before, negated
        self.last_is = c
        o = c.object
        if o is None:
            raise Unrenderable("an elliptic condition")
        neg = " not" if c.negated else ""
        ths = o.thresholds
        if len(ths) == 1 and ths[0].when == "turn_start":
            t = ths[0]
            stat = {"bp": "BP", "cost": "cost"}[t.stat]
            op = {"==": "", ">=": " or higher", "<=": " or lower"}[t.op]
            return f"{self.possessive(c.selector)} {stat} is the same{op} than at the start of the turn"
        if _same(o, Selector(count=None, distinct=("card_name",))):
            return f"{subject} all have different card names"
        if len(ths) == 1 and ths[0].stat == "distinct_costs":
            return f"{subject} cost the same amount"
        if o.state and _same(o, Selector(count=None, state=o.state)):
            return f"{subject} is{neg} {o.state}"
        if o.colors and _same(o, Selector(count=None, colors=o.colors)):      # "if it is red (or white)"
            return f"{subject} is{neg} {' or '.join(o.colors)}"
        if len(ths) == 1 and _same(o, Selector(count=None, thresholds=ths)):
            t = ths[0]
            if t.stat == "cost" and t.ref is None:
                return f"{subject} costs {t.value}" + (" " + _MORE[t.op] if t.op in _MORE else "")
            if t.stat == "level" and t.ref is None:
                return f"{subject} is{neg} LV {t.value}" + (" " + _MORE[t.op] if t.op in _MORE else "")
            does = "does not have" if c.negated else "has"
            if t.ref is not None and t.stat in ("bp", "cost", "level"):
                stat = {"bp": "BP", "cost": "cost", "level": "level"}[t.stat]
                if t.value != 0 and t.stat == "bp" and t.op in (">=", "<="):
                    word = "higher" if t.op == ">=" else "lower"
                    return f"{self.possessive(c.selector)} BP is {word} than {self._bp_of(t.ref)} BP by " \
                           f"{abs(t.value)} or more"
                if t.value != 0:
                    raise Unrenderable("a margin")
                if t.op == "==":
                    return f"{subject} {does} the same {stat} as {self._ref(t.ref)}"
                if t.op in ("<", ">"):
                    return f"{subject} {does} {'fewer' if t.op == '<' else 'more'} {stat} than {self._ref(t.ref)}"
                return f"{subject} {does} {stat} equal to or {'fewer' if t.op == '<=' else 'more'} than " \
                       f"{self._ref(t.ref)}"
            if t.stat == "soul_cores" and t.op == ">=":
                return f'{subject} {does} a "Soul Core" on it'
            if t.stat in ("bp", "cores", "symbols"):
                n = amount(t.value) if t.stat == "bp" else number(t.value)
                noun = {"bp": "BP", "cores": "cores", "symbols": "symbols"}[t.stat]
                return f"{subject} {does} {n}{' ' + _MORE[t.op] if t.op in _MORE else ''} {noun}"
        if o.with_keyword and _same(o, Selector(count=None, with_keyword=o.with_keyword)):
            return f"{subject} {'does not have' if c.negated else 'has'} {keyword(Keyword(o.with_keyword))}"
        desc = self.selector(replace(o, count=1))
        return f"{subject} is{neg} {desc if desc.startswith(('one ', 'a ')) else 'a ' + desc}".replace(
            "is one ", "is a ").replace("is not one ", "is not a ")

    def cond_happened(self, c: Condition) -> str:
        ev = c.event
        if c.window == "this_turn" and ev in _PASSIVE and c.selector is not None:
            sel = c.selector
            if c.threshold is not None:
                sel = replace(sel, count=None, thresholds=(*sel.thresholds, c.threshold))
            has = "have" if sel.count != 1 else "has"
            return f"{self.selector(sel)} {has} been {ev}{self._tails(c)} this turn"
        if ev == "loses_life" and c.negated:
            return f"{_SUBJ[c.player]} {'do' if c.player is Player.YOU else 'does'} not lose life this turn"
        if ev == "spends":
            neg = " do not" if c.negated else ""
            return f'{_SUBJ[c.player]}{neg} spend a "Soul Core" as part of {self._cost_of(c.selector)} cost'
        if ev in ("summons", "destroys", "exhausts", "refreshes", "discards") and c.player is Player.YOU:
            zone = f" from your {c.zone}" if c.zone in ("hand", "trash") else ""
            tail = " with this effect" if c.window == "this_effect" else ""
            return f"you {_PLAYER_VERBS[ev]} {self.target(c.object, select=False)}{zone}{tail}"
        if ev in _PASSIVE and c.window in ("trigger", "this_effect"):
            zone = f" from your {c.zone}" if c.zone else ""
            tail = " with this effect" if c.window == "this_effect" else ""
            return f"{self.target(c.selector, select=False)} is {ev}{zone}{tail}"
        if ev == "ascends":
            return f"{self.target(c.selector, select=False)} performs Ascend using {self.selector(c.object)}"
        if ev == "core_placed" and c.window == "this_effect" and c.object is not None:
            core = '"Soul Core"' if c.object.unit == "soul_core" else "core"
            return f"you place {number(c.object.count or 1)} {core} into your {c.zone} with this effect"
        if ev == "draws" and c.by is not None and c.window == "this_turn":
            n = c.object.count if c.object is not None and c.object.count else 1
            whose = "you" if c.player is Player.YOU else "they"
            return f"{_SUBJ[c.player]} used an effect {whose} control to draw {number(n)} " \
                   f"{'card' if n == 1 else 'cards'} this turn"
        raise Unrenderable(f"history {ev}")

    def _bp_of(self, s: Selector) -> str:
        if s.self_ref:
            return "this spirit's"
        if s.state in ("attacking", "blocking") and _same(replace(s, selects=None), Selector(count=1, card_types=("spirit",), state=s.state)):
            return f"the {s.state} spirit's"
        if self.is_it(s):
            return "its"
        raise Unrenderable("whose BP")

    def _cost_of(self, s: Selector) -> str:
        if s.self_ref:
            return "this spirit's summoning" if s.card_types == ("spirit",) else "this card's"
        if s.count == 1 and not s.owner and len(s.card_types) <= 1:
            return f"a {(s.card_types or ('card',))[0]} card's" if s.card_types == ("magic",) else \
                f"a {(s.card_types or ('card',))[0]}'s"
        return "that spirit's"

    def cond_paying(self, c: Condition) -> str:
        if c.event == "resolves" and c.object is not None and c.object.unit == "effect":
            whose = "this card's" if c.selector is None or c.selector.self_ref else self.possessive(c.selector)
            eff = c.object.effect
            what = f"{eff} effect" if eff in ("main", "flash") else f'"{label_words(eff)}" effect'
            return f"when activating {whose} {what}"
        ing = {"summoned": "summoning", "uses": "using", "placed": "placing"}
        verb = " or ".join(ing.get(x, "?") for x in (c.event or "").split("_or_"))
        if "?" in verb:
            raise Unrenderable("paying for an effect")
        zone = f" from your {c.zone}" if c.zone else ""
        return f"when {verb} {self.selector(c.selector)}{zone}"

    # ── events (BSS 8-1-5-1) ──
    def cond_event(self, c: Condition) -> str:
        return self.event(c)

    def cond_would(self, c: Condition) -> str:
        if c.event not in _PASSIVE or c.selector is None:
            raise Unrenderable("a replacement of that event")
        return f"{self.target(c.selector, select=False)} would be {c.event}{self._tails(c)}"

    def event(self, c: Condition) -> str:
        """An event: its own phrase (`ev_<event id>`), or who / what, the verb, its object and tails."""
        special = getattr(self, "ev_" + (c.event or ""), None)
        text = special(c) if special is not None else None
        return text if text is not None else self._plain_event(c)

    def _plain_event(self, c: Condition) -> str:
        ev, q = c.event or "", set(c.qualifiers)
        if ev in _PLAYER_VERBS and c.player is not None and c.selector is None:
            verb = _PLAYER_VERBS[ev] if c.player is Player.YOU else ev
            return f"{_SUBJ[c.player]} {verb} {self.selector(c.object)}{self._tails(c)}"
        if c.selector is None and c.player is None and c.by is not None and c.by.unit == "effect" \
                and ev in _ACTIVE and c.object is not None:
            rest = replace(c, by=None)
            return f"{self.effect_actor(c.by)} {ev} {self.selector(c.object)}{self._tails(rest)}"
        subject = self._event_subject(c)
        words = ev.split("_or_")
        if all(w in _PASSIVE or w in _ACTIVE for w in words) and words[0] in _PASSIVE:
            be = "are" if c.threshold is not None or (isinstance(c.selector, Selector) and c.selector.count != 1) \
                else "is"
            return f"{'only ' if 'only' in q else ''}{subject} {be} {ev.replace('_or_', ' or ')}{self._tails(c)}"
        if all(w in _ACTIVE for w in words):
            obj = " " + self.selector(c.object) if c.object is not None else ""
            return f"{subject} {ev.replace('_or_', ' or ')}{obj}{self._tails(c)}"
        raise Unrenderable(f"event {ev}")

    def ev_selects(self, c: Condition) -> str | None:
        # "your opponent would select a spirit (while using a magic card)" (BSS 8-5-3, 8-9)
        if c.kind != "would" or c.player is None or c.object is None:
            return None
        using = f" while using {self.selector(c.by.about)}" if c.by is not None and c.by.about is not None else ""
        return f"{_SUBJ[c.player]} would select {self.selector(c.object)}{using}"

    def ev_battle_ends(self, c: Condition) -> str | None:
        if "still_on_field" in c.qualifiers:
            sel = self.selector(c.selector)
            return f"a battle with {sel} ends with {sel} still on the field"
        return "the battle ends" if not c.selector else f"a battle with {self.selector(c.selector)} ends"

    def ev_loses_life(self, c: Condition) -> str:
        return f"{_SUBJ[c.player]} {'lose' if c.player is Player.YOU else 'loses'} life"

    def ev_life_reduced(self, c: Condition) -> str:
        whose, by = _POSS[c.player], c.by
        if by is not None and by.unit == "player" and by.owner is Player.YOU:
            return f"you reduce {whose} life"
        if by is not None and by.unit == "attack" and by.about is not None:
            if by.about.self_ref:
                return f"this spirit's attack reduces {whose} life"
            if self.is_it(by.about):
                return f"its attack reduces {whose} life"
            text = self.selector(by.about)
            if text.endswith("s"):
                return f"{text}' attacks reduces {whose} life"
        if by is not None and by.unit is None:
            return f"{self.target(by, select=False)} reduces {whose} life"
        return f"{whose} life is reduced" + (" " + self.cause(by) if by is not None else "")

    def ev_draws(self, c: Condition) -> str | None:
        if c.player is None:
            return None
        n = f" {number(c.object.count)} {'card' if c.object.count == 1 else 'cards'}" if c.object else ""
        if c.player is Player.EACH and not n:
            return "drawing" + self._tails(c)
        return f"{_SUBJ[c.player]} {'draw' if c.player is Player.YOU else 'draws'}{n}{self._tails(c)}"

    def ev_uses(self, c: Condition) -> str | None:
        if c.player is None:
            return None
        verb = "use" if c.player is Player.YOU else "uses"
        return f"{_SUBJ[c.player]} {verb} {self.selector(c.object)}{self._tails(c)}"

    def ev_core_placed(self, c: Condition) -> str | None:
        if c.object is not None and c.by is not None and c.by.unit == "effect" and c.player is not None:
            return self._effect_places_cores(c)
        if c.object is None or c.by is not None:
            return None
        n = c.object.count or 1
        cores = f"{number(n)} {'core is' if n == 1 else 'cores are'}"
        if c.selector is not None:
            return f"{cores} placed onto {self.target(c.selector, select=False)}"
        return f"{cores} placed into {_POSS[c.player or Player.YOU]} {c.zone}"

    def _effect_places_cores(self, c: Condition) -> str:
        """"your opponent uses one of their effects to place a core from the void onto a spirit or into
        their reserve" (BSS 3-9, 8-1-5-1): the cores, where from, and each destination."""
        opp = c.player is Player.OPPONENT
        mine, theirs = ("their", "your") if opp else ("your", "your opponent's")

        def area(name: str) -> str:
            if name == "void":
                return "the void"
            return f"{theirs if name.startswith('opponent_') != opp else mine} {name.removeprefix('opponent_')}"

        n = c.object.count or 1
        cores = f"{number(n)} {'core' if n == 1 else 'cores'}"
        src = f" from {area(c.object.zone)}" if c.object.zone else ""
        dests = [f"onto {self.selector(c.selector)}" if d == "spirit" and c.selector is not None else f"into {area(d)}"
                 for d in (c.zone or "").split("_or_")]
        verb = "uses" if opp else "use"
        return f"{_SUBJ[c.player]} {verb} one of {mine} effects to place {cores}{src} {' or '.join(dests)}"

    def ev_ascends(self, c: Condition) -> str:
        if c.player is not None:
            verb = "use" if c.player is Player.YOU else "uses"
            return f"{_SUBJ[c.player]} {verb} {self.target(c.object, select=False)} to perform Ascend"
        return f"{self.target(c.selector, select=False)} performs Ascend using {self.selector(c.object)}"

    def ev_added_to_hand(self, c: Condition) -> str | None:
        if c.by is None:
            return None
        return f"{self.effects(c.by).removesuffix('s')} adds cards to {_POSS[c.player]} hand"

    def ev_attack_step_ends(self, c: Condition) -> str | None:
        # "your opponent's effect ends the attack step" (BSS 6-7-3-2)
        if c.by is None or c.by.unit != "effect" or c.by.effect or c.by.about is not None:
            return None
        whose = f"{_POSS[c.by.owner]} effect" if c.by.owner is not None else "an effect"
        return f"{whose} ends the attack step"

    def ev_spends(self, c: Condition) -> str | None:
        if c.object is None:
            return None
        return f'{_SUBJ[c.player]} {"spend" if c.player is Player.YOU else "spends"} a "Soul Core" as part of ' \
               f"{self._cost_of(c.selector)} cost"

    def ev_compares_bp(self, c: Condition) -> str:
        # comparing BP is battle resolution (BSS 7-1-5): its battle qualifier reads "during battle resolution"
        rest = replace(c, qualifiers=tuple(q for q in c.qualifiers if q != "via_battle"))
        during = " during battle resolution" if "via_battle" in c.qualifiers else ""
        return f"{self.target(c.selector, select=False)} compares BP{during}{self._tails(rest)}"

    def ev_resolves(self, c: Condition) -> str | None:
        if c.object is None:
            return None
        kind = (c.object.about.card_types or ("card",))[0]
        return f'{_SUBJ[c.player]} resolves a {kind}\'s "{label_words(c.object.effect)}" effect'

    def ev_returned(self, c: Condition) -> str | None:
        if c.selector is None:
            return None
        return f"{self.target(c.selector, select=False)} returns to " + \
            " or ".join(f"{_POSS[Player.YOU]} {z}" for z in (c.zone or "hand").split("/"))

    def ev_destroyed(self, c: Condition) -> str | None:
        if "via_zero_cores" not in c.qualifiers or c.selector is None:
            return None
        rest = replace(c, qualifiers=tuple(x for x in c.qualifiers if x != "via_zero_cores"))
        return f"{self.nominative(c.selector)} has its cores reduced to zero{self._tails(rest)}"

    def _event_subject(self, c: Condition) -> str:
        if c.player is not None and c.selector is None:
            return _SUBJ[c.player]
        if c.selector is None:
            return "this spirit"
        sel = c.selector
        if c.threshold is not None:
            sel = replace(sel, count=None, thresholds=(*sel.thresholds, c.threshold))
        return self.target(sel, select=False)

    def _tails(self, c: Condition) -> str:
        out = []
        if c.by is not None and c.event not in ("life_reduced",):
            by = c.by
            if by.unit == "effect" and by.owner is Player.YOU and not by.effect and by.about is None:
                out.append("with one of your effects")     # as cards say it of your own effects
            else:
                out.append(self.cause(by))
        if c.zone and c.event not in ("returned", "core_placed") and c.kind != "happened":
            zones = c.zone.split("/")
            if c.zone in ("hand", "deck", "trash", "hand/deck", "deck/hand", "hand/trash", "trash/hand"):
                prep = "from" if c.event in ("discarded", "destroyed") else "to"
                out.append(f"{prep} your " + " or ".join(zones))
            else:
                out.append(f"into your {c.zone}")
        q = c.qualifiers
        if "via_battle" in q:
            out.append("via comparing BP")
        if "via_zero_bp" in q:
            out.append("via reducing its BP to 0")
        if "outside_draw_step" in q:
            out.append("outside of the draw step")
        if "with_this_effect" in q:
            out.append("with this effect")
        if "via_zero_cores" in q:
            out.append("via reducing its cores to zero")
        return "".join(" " + x for x in out)


def condition_lead(p: ConditionPhrases, c: Condition) -> str:
    """A condition as a sentence lead: "If …, ", "When …, ", "At the end of the turn, "."""
    if c.kind == "event" and c.event == "draws" and "draw_step" in c.qualifiers:
        return f"After {_POSS[c.player]} draw, "
    if c.kind in ("event", "would", "paying"):
        points = {"step_start": "At the start of the step", "turn_end": "At the end of the turn",
                  "battle_end": "At the end of the battle", "turn_start": "At the start of the turn"}
        if c.event in points:
            return points[c.event] + ", "
        if c.kind == "paying":
            return p.condition(c)[0].upper() + p.condition(c)[1:] + ", "
        if "first_each_turn" in c.qualifiers:
            rest = replace(c, qualifiers=tuple(q for q in c.qualifiers if q != "first_each_turn"))
            return f"The first time {p.event(rest)} each turn, "
        if "next_only" in c.qualifiers:
            rest = replace(c, qualifiers=tuple(q for q in c.qualifiers if q not in ("next_only", "this_turn",
                                                                                      "this_battle")))
            within = next((q for q in c.qualifiers if q in ("this_turn", "this_battle")), None)
            during = f" during {within.replace('_', ' ')}" if within else ""
            return f"The next time {p.event(rest)}{during}, "
        within = next((q for q in c.qualifiers if q in ("this_turn", "this_battle")), None)
        if c.kind in ("event", "would") and within is not None:
            rest = replace(c, qualifiers=tuple(q for q in c.qualifiers if q != within))
            if c.kind == "event" and within == "this_turn" and c.event in _ACTIVE | {"attacks_or_blocks"} \
                    and c.selector is not None and c.object is None and not rest.qualifiers:
                return f"If {p.event(rest)} during this turn, "
            return f"During {within.replace('_', ' ')}, when {p.condition(rest)}, "
        return f"When {p.condition(c)}, "
    battle = next((w for w in _WHILE if c.kind == "is" and c.object is not None and not c.negated
                   and _same(c.object, Selector(count=None, state=w))), None)
    if battle is not None:               # BSS 7-1-1-2, 7-1-3-2, 10-12-1 a battle state the effect holds in
        return f"While {p.nominative(c.selector)} is {_WHILE[battle]}, "
    if c.kind == "all" and len(c.conditions) == 2 and c.conditions[0].kind == "event" \
            and c.conditions[1].kind != "event":
        return f"If {p.condition(c.conditions[1])} when {p.condition(c.conditions[0])}, "
    if c.kind == "all" and any(x.kind == "event" for x in c.conditions):
        return "When " + " and ".join(p.condition(x) for x in c.conditions) + ", "
    if c.kind == "did":
        return "If you do, "
    if c.kind == "did_not":
        return "If you do not, "
    if c.kind == "possible":
        return "If possible, "
    if c.kind == "for_each":
        return "For" + p.per(c.selector)[4:] + ", "
    return f"If {p.condition(c)}, "


#: the battle states a "while …" lead names (the adjunct `adj_while`), as said
_WHILE = {"blocked": "being blocked", "attacking": "attacking", "blocking": "blocking"}

__all__ = ["ConditionPhrases", "condition_lead"]
