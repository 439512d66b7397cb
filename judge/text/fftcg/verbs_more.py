"""FFTCG verb phrases for gaining and losing (5.2.6, 15.2), revealing and looking (7.9, 7.11), the
stack, costs and damage (11.11, 11.2, 11.12.5) and what a modal restricts (11.12.4) → `Act`s. A
mixin of `judge.text.fftcg.verbs.VerbRules`; `_span` and friends come from the Transformer."""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import (
    Ability,
    Cancel,
    Choose,
    Cost,
    Damage,
    Deploy,
    Duration,
    Effect,
    Gain,
    GainCrystal,
    Keyword,
    ModifyStat,
    Move,
    Optional,
    Pay,
    Player,
    Restriction,
    Reveal,
    Selector,
    SetState,
    replace,
)
from judge.text.fftcg.assemble import KeywordSet, flatten, gain_of
from judge.text.fftcg.events import EvPred
from judge.text.fftcg.select import pairs_of
from judge.text.fftcg.verbs_values import (
    _REST,
    BARRED,
    Act,
    _dur,
    _num,
    _per,
    _player,
    _sel,
    _target,
    _zoned,
)


class GainRevealStackRules:
    """The rules this module's docstring names: a mixin of `judge.text.fftcg.verbs.VerbRules`."""

    _span: Any
    _counter: Any

    # ------------------------------------------------------------------ gaining and losing (5.2.6, 15.2)
    def power_amount(self, meta, c):
        return ("power", _num(c))

    def _power(self, c: list[Any]) -> int:
        return next(x[1] for x in c if isinstance(x, tuple) and x and x[0] == "power")

    def gain_things(self, meta, c):
        """Power, keywords and abilities gained together, in the order said (5.2.6, 15.2, 11.5)."""
        per, dur = _per(c), _dur(c)
        said = [x for x in c if isinstance(x, KeywordSet) or (isinstance(x, tuple) and x and x[0] == "power")]

        def make(subject: Any) -> list[Effect]:
            d, out = dur or Duration.PERMANENT, []
            for x in said:
                if isinstance(x, KeywordSet):
                    out.extend(gain_of(_target(subject), g, d, self._span(meta)) for g in x.keywords)
                else:
                    out.append(ModifyStat(stat="power", amount=x[1], target=_target(subject), per=per, duration=d,
                                          span=self._span(meta)))
            return out
        keywords = said[0].keywords if len(said) == 1 and isinstance(said[0], KeywordSet) else ()
        action = "gain_" + "_".join(g.name.lower().replace(" ", "_") for g in keywords if isinstance(g, Keyword))
        return Act(make, action=action) if keywords else Act(make)

    def gain_crystal(self, meta, c):
        count, per = sum(1 for t in c if isinstance(t, Token) and t.type == "CRYSTAL_ICON"), _per(c)
        return Act(lambda s: [GainCrystal(count=count, per=per, span=self._span(meta))])

    def gain_control(self, meta, c):
        np, dur = _sel(c), _dur(c)
        return Act(lambda s: [Deploy(verb="gain_control", target=replace(np, owner=None),
                                     player=s if isinstance(s, Player) and s is not Player.YOU else None,
                                     duration=dur or Duration.PERMANENT, span=self._span(meta))])

    def gain_elements(self, meta, c):
        elems = tuple(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        dur = _dur(c) or Duration.PERMANENT
        return Act(lambda s: [Gain(target=_target(s), keyword=Keyword("Card Elements", elems),
                                   duration=dur, span=self._span(meta))])

    def lose_things(self, meta, c):
        """Power, keywords or all abilities lost, in the order said (5.2.6, 15.2, 11.12.4.2)."""
        per, dur = _per(c), _dur(c)
        said = [x for x in c if isinstance(x, KeywordSet) or x in ("all_abilities", "all_jobs")
                or (isinstance(x, tuple) and x and x[0] in ("power_lost", "becomes_forward"))]
        if any(not isinstance(k, Keyword) for x in said if isinstance(x, KeywordSet) for k in x.keywords):
            raise ValueError("losing a quoted ability: no node says which ability is lost")

        def make(subject: Any) -> list[Effect]:
            d, out = dur or Duration.PERMANENT, []
            for x in said:
                if isinstance(x, KeywordSet):
                    out.extend(Restriction(mode="lose", action=k.name.lower().replace(" ", "_"), target=_target(subject),
                                           duration=d, span=self._span(meta)) for k in x.keywords if isinstance(k, Keyword))
                elif x in ("all_abilities", "all_jobs"):
                    out.append(Restriction(mode="lose", action=x, target=_target(subject), duration=d,
                                           span=self._span(meta)))
                elif x[0] == "becomes_forward":
                    out.append(Gain(target=_target(subject), keyword=Keyword("Becomes Forward", (str(x[1]),)),
                                    duration=d, span=self._span(meta)))
                else:
                    out.append(ModifyStat(stat="power", amount=-x[1], target=_target(subject), per=per, duration=d,
                                          span=self._span(meta)))
            return out
        return Act(make)

    def power_lost(self, meta, c):
        return ("power_lost", _num(c))

    def all_abilities(self, meta, c):
        return "all_jobs" if "jobs" in c else "all_abilities"

    def jobs_w(self, meta, c):
        return "jobs"

    def becomes_forward(self, meta, c):
        return ("becomes_forward", _num(c))

    # ------------------------------------------------------------------ revealing and looking (7.9, 7.11)
    def reveal_top(self, meta, c):
        n, var, owner = self._top(c)

        def make(subject: Any) -> list[Effect]:
            who = subject if isinstance(subject, Player) else owner
            zone = "opponent_deck" if who is Player.OPPONENT else "deck"
            return [Reveal(count=n, zone=zone, amount_var=var, span=self._span(meta))]
        return Act(make)

    def reveal_np(self, meta, c):
        """"Reveal 2 Forwards from your hand" / "your opponent reveals 3 cards from their hand": the player
        who reveals chooses which cards of their own hand (7.11)."""
        np = replace(_sel(c), choose="select")

        def make(subject: Any) -> list[Effect]:
            theirs = subject is Player.OPPONENT and (np.zone or "hand") == "hand"
            chosen = replace(np, owner=Player.OPPONENT, chooser=Player.OPPONENT) if theirs else np
            return [Reveal(count=np.count, zone="opponent_hand" if theirs else np.zone or "hand",
                           span=self._span(meta)), Choose(target=chosen)]
        return Act(make)

    def reveal_hand(self, meta, c):
        theirs = any(isinstance(x, str) and x == "h_that" for x in c)

        def make(subject: Any) -> list[Effect]:
            opp = (theirs and subject is Player.OPPONENT) or subject is Player.OPPONENT
            return [Reveal(count=None, zone="opponent_hand" if opp else "hand", span=self._span(meta))]
        return Act(make)

    def reveal_random(self, meta, c):
        n = _num(c)

        def make(subject: Any) -> list[Effect]:
            zone = ("opponent_hand" if subject is Player.OPPONENT else "hand") + "_random"
            return [Reveal(count=n, zone=zone, span=self._span(meta))]
        return Act(make)

    def look(self, meta, c):
        n, var, _ = self._top(c)
        return Act(lambda s: [Reveal(count=n, zone="deck_look", amount_var=var, span=self._span(meta))])

    def shuffle_deck(self, meta, c):
        return Act(lambda s: [Reveal(count=None, zone="deck_shuffle", span=self._span(meta))])

    def shuffle_rest(self, meta, c):
        place = next((x for x in c if isinstance(x, tuple) and x and x[0] == "deck_place"), None)

        def make(subject: Any) -> list[Effect]:
            out: list[Effect] = [Reveal(count=None, zone="revealed_shuffle", span=self._span(meta))]
            if place:
                out.append(Move(target=_REST, dest=place[1], any_order=place[2], span=self._span(meta)))
            return out
        return Act(make)

    def rest_cards(self, meta, c):
        return None

    def reveal_until(self, meta, c):
        found = replace(_sel(c), zone="revealed")
        return Act(lambda s: [Reveal(count=None, zone="deck_until_found", span=self._span(meta)),
                              Choose(target=found)])

    # ------------------------------------------------------------------ the stack, costs, damage (11.11, 11.2, 11.12.5)
    def cancel(self, meta, c):
        return Act(lambda s: [Cancel(target=Selector(ref="it"), span=self._span(meta))])

    def cancel_choosing(self, meta, c):
        chosen = _sel(c)
        return Act(lambda s: [Cancel(target=Selector(count=None, card_types=("summon", "ability"), about=chosen),
                                     span=self._span(meta))])

    def pay(self, meta, c):
        cost = next(x for x in c if isinstance(x, Cost))
        return Act(lambda s: [Pay(cost=cost, span=self._span(meta))])

    def extra_cost(self, meta, c):
        """"You may remove … as an extra cost": an optional payment made on casting (11.2); what it buys
        is said by a later "If you paid the extra cost, …"."""
        paid = flatten(c)
        opt = next((e for e in paid if isinstance(e, Optional)), None)
        effects = opt.effects if opt is not None else tuple(paid)
        return [Optional(effects=(), cost=Cost(effects=effects, span=self._span(meta)), span=self._span(meta))]

    def receive_points(self, meta, c):
        n, per = _num(c), _per(c)
        return Act(lambda s: [Damage(amount=n, player=_player(s), per=per, span=self._span(meta))])

    def negate_damage(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [ModifyStat(stat="damage_received_becomes", amount=0, target=np,
                                         duration=Duration.TURN, span=self._span(meta))])

    def change_damage(self, meta, c):
        n = _num(c)
        sign = -1 if "decreased" in c else 1
        return Act(lambda s: [ModifyStat(stat="damage_received", amount=sign * n, target=Selector(ref="it"),
                                         duration=Duration.PERMANENT, span=self._span(meta))])

    def double_amount(self, meta, c):
        """"double the damage" (11.12.5: the damage about to be dealt), "X doubles its power" (5.2.6: +its own power,
        for as long as the duration says): one verb, what is doubled said after it."""
        ref = next((x for x in c if isinstance(x, tuple) and x and x[0] == "stat"), None)
        if ref is None:
            return Act(lambda s: [ModifyStat(stat="damage_multiplier", amount=2, target=Selector(ref="it"),
                                             duration=Duration.PERMANENT, span=self._span(meta))])
        kind, of = ref[1], ref[2]
        if kind not in ("power_of_self", "power_of_target", "power_of_source"):
            raise ValueError(f"doubling {kind} is not modelled")
        duration = next((x for x in c if isinstance(x, Duration)), None) or Duration.PERMANENT

        def make(subject: Any) -> list[Effect]:
            whose = Selector(self_ref=True) if kind == "power_of_self" else of if of is not None and of.ref is None \
                else subject if isinstance(subject, Selector) else Selector(ref="it")
            return [ModifyStat(stat="power_double", amount=2, target=whose, duration=duration, span=self._span(meta))]
        return Act(make)

    def divide_damage(self, meta, c):
        n, np = _num(c), _sel(c)
        return Act(lambda s: [Damage(amount=n, target=np, amount_from="divided", span=self._span(meta))])

    def use_again(self, meta, c):
        kind = "special_ability" if "special" in str(next(t for t in c if isinstance(t, Token))) else "action_ability"
        return Act(lambda s: [Deploy(verb="use", target=Selector(self_ref=True, card_types=(kind,)), free=True,
                                     span=self._span(meta))])

    def use_np(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Deploy(verb="use", target=np, span=self._span(meta))], action="use", target=np)

    def use_ex_burst(self, meta, c):
        return Act(lambda s: [Deploy(verb="use_ex_burst", target=Selector(ref="it"), span=self._span(meta))])

    # ------------------------------------------------------------------ what a modal restricts (11.12.4)
    def _barred(self, action: str, **kw: Any) -> Act:
        """A verb a modal restricts; said plainly ("this Forward deals damage first") it states what the
        subject does under the rules (a reminder's sentence, 15.2)."""
        def make(subject: Any) -> list[Effect]:
            return [Restriction(mode="does", action=action, target=subject if isinstance(subject, Selector) else None,
                                player=subject if isinstance(subject, Player) else None,
                                duration=Duration.PERMANENT)]
        return Act(make, action=action, **kw)

    def r_damage_first(self, meta, c):
        return self._barred("deal_damage_first")

    def play_bare(self, meta, c):
        np = _zoned(_sel(c), c)
        return Act(lambda s: [Deploy(verb="play", target=np, span=self._span(meta))], action="play", target=np)

    def r_use_abilities(self, meta, c):
        kinds = [x for x in c if x in ("special", "action")]
        return self._barred("use_" + "_or_".join(kinds) + "_abilities")

    def r_use_ex_burst(self, meta, c):
        return self._barred("use_ex_burst")

    def r_attack_or_use_icon(self, meta, c):
        cost = next(x for x in c if isinstance(x, Cost))
        extra = Restriction(mode="can", action="use_abilities_with_dull_icon" if cost.dull_self else "use_abilities")
        return self._barred("attack", extra=(extra,))

    def count_x(self, meta, c):
        return ("count_word", 1, "x")

    def play_by(self, meta, c):
        np = _zoned(_sel(c), c)
        return self._barred("play", target=np, by=next((p[1] for p in pairs_of(c) if p[0] == "by"), None))

    def r_attack(self, meta, c):
        cost = next((x for x in c if isinstance(x, Cost)), None)
        if cost is not None:                       # "cannot attack unless you pay 《1》" (10.1.2.3)
            return self._barred("attack", cost=cost, mode="unless_paid")
        return self._barred("attack")

    def r_attack_twice(self, meta, c):
        """ "attack twice / once more / N times in the same turn" (10.1.2): N attacks a turn."""
        n = next((int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"), 2)
        return self._barred("attack_twice" if n == 2 else f"attack_{n}_times")

    def r_attack_once(self, meta, c):
        return self._barred("attack_once_per_turn")

    def r_attack_at_least_once(self, meta, c):
        return self._barred("attack_at_least_once_per_turn")

    def r_attack_block(self, meta, c):
        extra = Restriction(mode="cannot", action="block")
        return self._barred("attack", extra=(extra,))

    def r_block(self, meta, c):
        cost = next((x for x in c if isinstance(x, Cost)), None)
        if cost is not None:                       # "cannot block unless you pay 《1》" (10.1.3.1.3)
            return self._barred("block", cost=cost, mode="unless_paid")
        return self._barred("block")

    def r_block_np(self, meta, c):
        """ "cannot block X" / "must block X" (10.1.3): the attacker the block is aimed at."""
        return self._barred("block", object=_sel(c))

    def unless_paying(self, meta, c):
        return next(x for x in c if isinstance(x, Cost))

    def r_form_party(self, meta, c):
        with_ = _sel(c)
        return self._barred("form_party_with" if with_ is not None else "form_party", by=with_)

    def r_produce(self, meta, c):
        elem = next(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")
        return self._barred(f"produce_{elem}_cp")

    def r_produce_any(self, meta, c):
        return self._barred("produce_any_cp")

    def r_leave(self, meta, c):
        return self._barred("leave_the_field", by=next((p[1] for p in pairs_of(c) if p[0] == "by"), None))

    def be_pp(self, meta, c):
        """"be broken", "be chosen by X"; "be broken or returned to its owner's hand by X" (OR_PP): one
        restricted act per participle, the source said after the last one shared by all (6.4)."""
        preds: list[EvPred] = [x for x in c if isinstance(x, EvPred)]
        actions = [_barred_action(p) for p in preds]
        bys: list[Any] = []
        for p in reversed(preds):               # a source said later holds for the participles before it
            bys.insert(0, p.fields.get("by") or (bys[0] if bys else None))
        extra = tuple(Restriction(mode="cannot", action=a, by=b) for a, b in zip(actions[1:], bys[1:], strict=True))
        return self._barred(actions[0], by=bys[0], extra=extra)

    def become_state(self, meta, c):
        state = next(p[1] for p in pairs_of(c) if p[0] == "state")
        return self._barred(f"become_{state}", by=next((p[1] for p in pairs_of(c) if p[0] == "by"), None))

    def enters_dull(self, meta, c):
        return Act(lambda s: [SetState(state="dull", target=_target(s), span=self._span(meta))])

    def become_forward(self, meta, c):
        n = _num(c)
        granted = next((x for x in c if isinstance(x, KeywordSet)), None)
        lasts = _dur(c) or Duration.PERMANENT

        def make(subject: Any) -> list[Effect]:
            target = _target(subject)
            extra = granted.keywords if granted else ()
            becomes = Gain(target=target, keyword=Keyword("Becomes Forward", (str(n),)),
                           ability=next((g for g in extra if isinstance(g, Ability)), None),
                           duration=lasts, span=self._span(meta))
            return [becomes, *(gain_of(target, g, lasts, self._span(meta))
                               for g in extra if isinstance(g, Keyword))]
        return Act(make)

    def become_element(self, meta, c):
        elem = next((str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"), "named")
        dur = _dur(c) or Duration.PERMANENT
        return Act(lambda s: [Gain(target=_target(s), keyword=Keyword("Element", (elem,)),
                                   duration=dur, span=self._span(meta))])

    def is_also(self, meta, c):
        """ "X is also Card Name Y / a Monster in all situations" (5.2.4): (what kind, which) in params."""
        other = _sel(c)
        kind, what = (("card_name", other.name) if other.name else ("job", ",".join(other.families))
                      if other.families else ("card_type", ",".join(other.card_types)))
        return Act(lambda s: [Gain(target=_target(s), keyword=Keyword("Also", (what, kind)),
                                   duration=Duration.PERMANENT, span=self._span(meta))])

    def no_activate(self, meta, c):
        nxt = "next" in c
        return Act(lambda s: [Restriction(mode="cannot", action="activate_in_active_phase", target=_target(s),
                                          duration=Duration.NEXT_TURN_END if nxt else Duration.PERMANENT,
                                          span=self._span(meta))])


def _barred_action(pred: EvPred) -> str:
    """The restricted act a participle names ("broken" → be_broken, "increased" → power_increased)."""
    if pred.stem == "power_changed":
        return f"power_{pred.fields.get('cause')}"
    return BARRED.get(pred.stem, "be_" + pred.stem)


__all__ = ["GainRevealStackRules"]
