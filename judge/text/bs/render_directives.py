"""Battle Spirits canonical English, the directives: each effect node (BSS 10) written with the verb
phrase grammar/bs.lark reads back to it ("destroy X", "place N cores from A onto B", "X cannot
attack", …). A directive's target becomes "it" for what follows (as judge.text.pronouns reads
it); `judge.text.bs.render` joins directives into statements and sentences."""

from __future__ import annotations

from dataclasses import replace

from judge.text.ast import (
    Activate,
    AlsoActivates,
    Attack,
    Conditional,
    CostChange,
    CostReduction,
    Declare,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
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
    Select,
    Selector,
    Sequence,
    SetLevel,
    SetStat,
    SetState,
    TreatAlso,
)
from judge.text.bs.render_conditions import ConditionPhrases
from judge.text.bs.render_phrases import _POSS, _SUBJ, Unrenderable, _same, keyword, label_words, number

_DURATION = {Duration.TURN: " during this turn", Duration.BATTLE: " during this battle",
             Duration.NEXT_TURN_END: " until the end of your opponent's next turn", Duration.PERMANENT: "",
             Duration.OPPONENT_NEXT_TURN: " during your opponent's next turn", Duration.YOUR_NEXT_TURN: " during your next turn"}
_AREAS = {"void": "the void", "reserve": "your reserve", "life": "your life", "trash": "your trash",
          "opponent_reserve": "their reserve", "opponent_life": "their life",
          "opponent_trash": "their trash", "owners_reserve": "its owner's reserve",
          "owners_trash": "its owner's trash", "owners_life": "its owner's life"}
_DESTS = {"hand": "to {whose} hand", "deck_top": "to the top of {whose} deck",
          "deck_bottom": "to the bottom of {whose} deck",
          "deck_top_or_bottom": "to either the top or bottom of {whose} deck", "burst": "to {whose} burst area"}


class DirectivePhrases(ConditionPhrases):
    """The verb phrases of the effect nodes (a `d_<Node>` method per node class)."""

    def d_Destroy(self, e: Destroy) -> str:
        return "destroy " + self.target(e.target)

    def d_Draw(self, e: Draw) -> str:
        if e.until:
            if e.count == 0:
                return "draw cards until you have the same number of cards in your hand as your opponent has in theirs"
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
            if t.up_to:
                return "discard any number of cards"
            if e.player is not Player.YOU:      # "your opponent discards their entire hand" (BSS 10-2)
                verb = "discard" if e.player is Player.EACH else "discards"
                return f"{_subject(e.player)} {verb} their entire hand"
            return "discard your entire hand"
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
            return f"add {self.target(replace(t, zone='any' if t.card_types or not t.families else None))} " \
                   f"from the revealed cards to your hand"
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
            scope = ""
            if e.target is not None and e.by is not None:
                scope = f" when using {self.effect_actor(e.by)} to select {self.selector(e.target)}"
            elif e.by is not None and e.by.about is not None:
                scope = f" while using {self.selector(e.by.about)}"
            return f"{_SUBJ[e.player]} can only select {self.selector(e.object)}{scope}{dur}"
        if e.mode == "can" and a == "choose_targets" and e.by is None:
            return f"{_SUBJ[e.player]} {'select' if e.player is Player.YOU else 'selects'} it"
        if e.mode == "can" and a == "choose_targets":
            return f"you select which {self.noun_phrase(e.target, many=True)} are exhausted {self.cause(e.by)}"
        if e.mode == "at_most":
            cards = "card" if e.object.count == 1 else "cards"
            if e.by is not None:
                return f"you can discard a maximum of {number(e.object.count)} {cards} with this effect"
            return f"no more than {number(e.object.count)} {cards} is discarded"
        if a == "activate" and e.object is not None and e.object.unit == "effect":
            whose = f"{_POSS[e.player]} " if e.player is not None else ""
            on = f" on {self.target(e.target, select=False)}" if e.target is not None else ""
            by = " with this effect" if _this_effect(e.by) else " " + self.cause(e.by) if e.by is not None else ""
            return f'{whose}"{label_words(e.object.effect)}" effects{on} are not triggered{by}'
        subject = self.nominative(e.target, select=True) if e.target is not None else _SUBJ.get(e.player, "")
        if e.mode == "can" and a.endswith("_while_exhausted"):
            verb = a[: -len("_while_exhausted")].replace("_", " ")
            obj = " " + self.selector(e.object) if e.object is not None else ""
            return f"{subject} can {verb}{obj} while exhausted{dur}"
        if e.mode == "can" and a == "be_linked":
            blocking = e.target is not None and e.target.state in ("blocking", "attacking")
            if blocking:                          # "… can be linked with a spirit with Link when blocking"
                subject = self.nominative(replace(e.target, state=None), select=True)
            when = f" when {e.target.state}" if blocking else ""
            return f"{subject} can be linked with {self.selector(e.object)}{when}"
        if e.mode == "can" and a in ("link", "link_ignoring_conditions"):
            regardless = " regardless of its link conditions" if a == "link_ignoring_conditions" else ""
            return f"{subject} can link with {self.selector(e.object)}{regardless}"
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
        scope = " with this effect" if _this_effect(e.by) else ""
        return f"{subject} cannot {self._act(e)}{scope}{dur}{unless}"

    def _act(self, e: Restriction) -> str:
        a = e.action
        by = " " + self.cause(e.by) if e.by is not None and not _this_effect(e.by) else ""
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
            return f"place {number(e.object.count)} {core} onto {self.target(e.object.about, select=False)}"
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
        all_but = e.equal_to is not None and e.equal_to.stat == "cores"
        if e.source == "spirit" and e.dest != "spirit" and e.player is Player.YOU and e.until is None \
                and (e.equal_to is None or all_but):
            # "remove (all but) one core from X and place it / them into Y" (BSS 3-5-5)
            them = "it" if (n.startswith("one ") or n.startswith("a ")) and not all_but else "them"
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
            kept = -e.equal_to.value
            return f"all but {number(kept)} {'core' if kept == 1 else 'cores'}"
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

    def d_TreatAlso(self, e: TreatAlso) -> str:
        one = e.target.count == 1 or e.target.self_ref
        kind = " ".join((*e.colors, *e.families, *(t + ("" if one else "s") for t in e.card_types)))
        bp = f" with {e.bp} BP" if e.bp is not None else ""
        return f"treat {self.target(e.target)} as if {'it is also a' if one else 'they are also'} {kind}{bp}{_DURATION[e.duration]}"

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
        own = f"this {t.card_types[0]}'s" if t.card_types in (("spirit",), ("nexus",)) else "its"
        if e.stat == "colors" and t.self_ref:
            return f"treat {own} color and symbol color as " + " and ".join(e.colors) + well
        if e.stat == "symbols" and t.self_ref and (not t.card_types or own != "its"):
            calc = " when calculating cost reduction" if e.purpose == "cost_reduction" else ""
            return f"treat {own} symbols as {number(e.value)} {' and '.join(e.colors)} " \
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
        if e.per is not None:
            return self.d_Activate(replace(e, per=None)) + " once" + self.per(e.per)
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

    def d_Select(self, e: Select) -> str:
        return self.select(e.target)

    def d_AlsoActivates(self, e: AlsoActivates) -> str:
        whose = self.possessive(e.target) if e.target.self_ref or self.is_it(e.target) \
            else self.selector(e.target) + "'"
        when = {"attacks": "attacking", "blocks": "blocking"}[e.event]
        return f'{whose} "{label_words(e.timing)}" effects also activate when {when}'

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
        said = [self.directives(list(o)) for o in e.options]
        alike = self._one_directive_either(e, said)
        if alike is not None:
            return alike
        if all(len(o) == 1 and isinstance(o[0], MoveCores) for o in e.options):
            # "place a core from the void onto X or into your reserve": the cores said once (BSS 3-9)
            cut = [min((t.find(w) for w in (" onto ", " into ") if w in t), default=-1) for t in said]
            if -1 not in cut and len({t[:i] for t, i in zip(said, cut, strict=True)}) == 1:
                return said[0][:cut[0]] + " " + " or ".join(t[i + 1:] for t, i in zip(said, cut, strict=True))
        return " or ".join(said)

    def _one_directive_either(self, e: Modal, said: list[str]) -> str | None:
        """"Destroy X or Y": one directive whose options differ in their object only, said once with
        the objects joined by "or" (BSS 8-1-8, 8-5-3; grammar/bs.lark `object_either`); None otherwise."""
        firsts = [o[0] for o in e.options]
        if len(e.options) != 2 or any(len(o) != 1 for o in e.options) or len({type(x) for x in firsts}) != 1 \
                or not all(isinstance(getattr(x, "target", None), Selector) for x in firsts) \
                or not _alike([replace(x, target=None) for x in firsts]):
            return None
        objects = [self.selector(x.target) for x in firsts]
        frames = {t.replace(o, "\0", 1) for t, o in zip(said, objects, strict=True) if o in t}
        if len(frames) != 1 or not all(o in t for t, o in zip(said, objects, strict=True)):
            return None
        return frames.pop().replace("\0", " or ".join(objects))

    def d_Sequence(self, e: Sequence) -> str:
        return self.statement([e])

    def d_Optional(self, e: Optional) -> str:
        return self.statement([e])

    def d_Conditional(self, e: Conditional) -> str:
        return self.statement([e])

def _alike(nodes: list) -> bool:
    """Whether nodes mean the same (spans and printed words aside: judge.text.compare)."""
    from judge.text.compare import comparable

    return all(comparable(n) == comparable(nodes[0]) for n in nodes[1:])


def _is_menu(e: Modal) -> bool:
    """A choice among listed effects ("activate one of the following effects: ・A ・B")."""
    return len(e.options) > 2 or any(len(o) > 1 for o in e.options)


def _subject(who: Player) -> str:
    """A player as the subject of a directive ("Both players discard …")."""
    return "both players" if who is Player.EACH else _SUBJ[who]


__all__ = ["DirectivePhrases"]


def _this_effect(by: object) -> bool:
    """A restriction's scope "with this effect" (BSS 1-3-3): its `by` is the effect it is written in."""
    return getattr(by, "unit", None) == "effect" and getattr(by, "effect", None) == "this"
