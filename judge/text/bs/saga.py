"""Battle Spirits transformer, Saga half: soul cores, lost and granted effects, cost reduction,
named attackers and cards, and the other Saga constructs of grammar/bs.lark (BSS CR clauses)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, v_args

from judge.text.ast import (
    Activate,
    Attack,
    Condition,
    CostReduction,
    Draw,
    Duration,
    Gain,
    LinkTo,
    LoseEffects,
    Modal,
    Move,
    MoveCores,
    Player,
    Reveal,
    Selector,
    Sequence,
    SetStat,
    Threshold,
)
from judge.text.bs.nodes import _merge, _num, _Pick, _player, _Ref, timing_name


class SagaMixin:
    """Saga rules of grammar/bs.lark → AST nodes (mixed into BSTransformer)."""

    @v_args(meta=True)
    def lose_effects(self, meta: Any, c: list) -> LoseEffects:
        # BSS 8-2-2-2: "All nexuses lose their LV1 effects and cannot regain them"
        verb = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "GAIN_VERB")
        if not verb.startswith("lose"):
            raise ValueError("cards gain effects only as keywords or quoted effects")
        level = next((_num(str(t)[2:].strip()) for t in c if isinstance(t, Token) and t.type == "LV_N"), None)
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        no_regain = any(isinstance(t, Token) and t.type == "NO_REGAIN" for t in c)
        return LoseEffects(target=c[0], levels=(level,) if level else (), no_regain=no_regain, duration=dur,
                           span=self._span(meta))

    @v_args(meta=True)
    def return_late(self, meta: Any, c: list) -> Move:
        # "Return all … from your trash to your hand that cost …": the qualifier after the destination
        target = self._zoned(c[0], c)
        dest = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        parts = _merge([x for x in c if isinstance(x, dict)])
        parts = {k: v for k, v in parts.items() if not k.startswith("_")}
        if "thresholds" in parts:
            parts["thresholds"] = target.thresholds + parts["thresholds"]
        return Move(target=replace(target, **parts), dest=dest, span=self._span(meta))

    @v_args(meta=True)
    def set_level_bp(self, meta: Any, c: list) -> SetStat:
        # BSS 8-8-1-3-3: the level BP written on the card is redefined ("level_bp:1" = the LV1 BP)
        level = _num(str(next(t for t in c if isinstance(t, Token) and t.type == "LV_N"))[2:].strip())
        value = _num(next(t for t in c if isinstance(t, Token) and t.type.endswith("INT")))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return SetStat(stat=f"level_bp:{level}", value=value, target=next(x for x in c if isinstance(x, Selector)),
                       duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def attack_by(self, meta: Any, c: list) -> Attack:
        # BSS 10-10-1: "Your Serpent spirit attacks it": the attacker is named
        return Attack(target=c[-1], attacker=c[0], span=self._span(meta))

    @v_args(meta=True)
    def pay_dropped_soul(self, meta: Any, c: list) -> MoveCores:
        # "pay a to …": the source dropped the soul-core icon after the article (BSS 4-11-3, 8-4-2)
        return MoveCores(count=1, source="field_or_reserve", dest="trash", span=self._span(meta),
                         source_target=Selector(name="Soul Core"), core_type="soul")


    # ── cost reduction (BSS 2-7-3, 10-6-5) ──
    @v_args(meta=True)
    def reduce_also(self, meta: Any, c: list) -> CostReduction:
        # "use the symbols of any X in your trash in addition to the symbols on your field"
        return CostReduction(mode="also", source=next(x for x in c if isinstance(x, Selector)), span=self._span(meta))

    @v_args(meta=True)
    def reduce_only(self, meta: Any, c: list) -> CostReduction:
        # "you can only count symbols on your X spirits when calculating cost reduction"
        return CostReduction(mode="only", source=next(x for x in c if isinstance(x, Selector)), span=self._span(meta))

    @v_args(meta=True)
    def reduce_fulfilled(self, meta: Any, c: list) -> CostReduction:
        # "treat all of this card's reduction symbols as fulfilled"
        return CostReduction(mode="fulfilled", source=Selector(self_ref=True), span=self._span(meta))

    @v_args(meta=True)
    def tr_while_paying(self, meta: Any, c: list) -> tuple:
        # a trailing "when summoning this card from your hand" (BSS 10-6-5)
        return ("when", Condition(kind="while_paying_cost", text=self._slice(meta),
                                  selector=next((x for x in c if isinstance(x, Selector)), None)))

    # ── spirit types, effects activated, named cards ──
    @v_args(meta=True)
    def treat_families(self, meta: Any, c: list) -> Gain:
        # BSS 2-5-3: "treat this spirit as having all spirit types"
        return Gain(target=c[0], family="all", duration=Duration.PERMANENT, span=self._span(meta))

    @v_args(meta=True)
    def activate_effect(self, meta: Any, c: list) -> Activate:
        # BSS 8-1-7: "activate this spirit's "When Summoned" effect"
        label = next(str(t) for t in c if isinstance(t, Token) and t.type == "QUOTED_EFFECT")
        owner = next(str(t) for t in c if isinstance(t, Token) and t.type == "POSS_IT").lower()
        target = Selector(self_ref=True) if owner.startswith("this") else _Ref()
        return Activate(effect=timing_name(label.rsplit(" ", 1)[0].strip('"“” ')), target=target,
                        span=self._span(meta))

    def post_deployed_this(self, c: list) -> dict:
        # "spirits summoned with this effect" (BSS 10-6-1): the cards this effect put onto the field
        return {"state": str(c[0]).split()[0].lower() + "_by_this_effect"}

    def named_from(self, c: list) -> dict:
        return {"zone": "revealed"}

    @v_args(meta=True)
    def named_sel(self, meta: Any, c: list) -> Selector:
        # "one Ruby Keep from the revealed cards": the capitalised words are the card's name (BSS 2-1)
        parts = _merge([x for x in c if isinstance(x, dict)])
        name = " ".join(parts.pop("families", ()))
        parts = {k: v for k, v in parts.items() if not k.startswith("_")}
        return Selector(span=self._span(meta), **{**parts, "name": name or None, "count": parts.get("count", 1)})

    @v_args(meta=True)
    def select_as_many(self, meta: Any, c: list) -> _Pick:
        # BSS 4-6: "up to as many of … as you have yellow symbols": the count follows the symbols
        sel = next(x for x in c if isinstance(x, Selector))
        colors = tuple(str(t).lower() for t in c if isinstance(t, Token) and t.type == "COLOR")
        per = Selector(count=None, name="symbol", colors=colors, owner=Player.YOU)
        return _Pick(target=replace(sel, count=None, up_to=True,
                                    thresholds=(*sel.thresholds, Threshold("count_per", "==", 1, ref=per))))

    def subject_both(self, c: list) -> tuple:
        # "that spirit and all of your spirits …": one directive for each subject
        return tuple(x for x in c if isinstance(x, Selector))

    @v_args(meta=True)
    def cond_not_history(self, meta: Any, c: list) -> Condition:
        # "If you did not lose life this turn" (BSS 3-7)
        return Condition(kind="not_happened_this_turn", text=self._slice(meta), span=self._span(meta))

    @v_args(meta=True)
    def reveal_named(self, meta: Any, c: list) -> list:
        # "Reveal one Ruby Keep from the cards you viewed": select it, then reveal it (BSS 12-2-1)
        sel = next(x for x in c if isinstance(x, Selector))
        return [_Pick(target=sel), Reveal(count=sel.count or 1, zone="selected", span=self._span(meta))]

    def or_else(self, c: list) -> tuple:
        # "Or, select …": the sentence is another choice for the selection before it (BSS 8-1-8)
        return ("or", None)

    @v_args(meta=True)
    def cond_distinct_names(self, meta: Any, c: list) -> Condition:
        # "If they all have different card names" (BSS 2-1-1)
        return Condition(kind="distinct_names", text=self._slice(meta),
                         selector=next((x for x in c if isinstance(x, Selector)), None), span=self._span(meta))

    def post_except(self, c: list) -> dict:
        # "all spirits except blue Angel spirits": those are left out (BSS 8-5-3)
        return {"excluding": next(x for x in c if isinstance(x, Selector))}

    @v_args(meta=True)
    def core_move_each(self, meta: Any, c: list) -> list:
        # "Place one core from the void each onto X and this spirit": one move per destination
        cores = next(x for x in c if isinstance(x, dict))
        source, owner = next(x for x in c if isinstance(x, tuple))
        src = f"opponent_{source}" if owner is Player.OPPONENT else source
        return [MoveCores(count=cores.get("count"), source=src, dest="spirit", dest_target=t,
                          core_type=cores.get("core_type"), span=self._span(meta))
                for t in c if isinstance(t, Selector)]

    def post_distinct_names(self, c: list) -> dict:
        # "four Angel spirit cards with different names": no two share a card name (BSS 2-1-1)
        return {"thresholds": (Threshold("distinct_names", "==", 1),)}

    @v_args(meta=True)
    def additional_cost(self, meta: Any, c: list) -> list:
        # "you must return four … as an additional cost" (BSS 8-4-2-2): paid along with the cost
        effects = next(x for x in c if isinstance(x, list))
        return [Sequence(connector="additional_cost", effects=tuple(effects), span=self._span(meta))]

    def cores_of_up_to(self, c: list) -> dict:
        # "Remove up to two of its cores" (BSS 8-5-3-2)
        return {"count": c[0], "up_to": True, "_from": _Ref()}

    @v_args(meta=True)
    def deck_top(self, meta: Any, c: list) -> Selector:
        # "the top (two) card(s) of your deck" (BSS 3-2)
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        n = next((x for x in c if isinstance(x, int)), 1)
        return Selector(count=n, owner=owner, zone="deck_top", span=self._span(meta))

    @v_args(meta=True)
    def add_deck_top(self, meta: Any, c: list) -> Move:
        return Move(target=c[0], dest="hand", span=self._span(meta))

    @v_args(meta=True)
    def place_trash(self, meta: Any, c: list) -> Move:
        # "Place this card into your trash" (BSS 3-4-1): not a destruction (10-1-2)
        return Move(target=self._zoned(c[0], c), dest="trash", span=self._span(meta))

    def adj_level_cmp(self, c: list) -> dict:
        # "LV2 or higher spirits" (BSS 2-10)
        words = str(c[0]).split()
        op = ">=" if words[-1].lower() in ("more", "higher") else "<="
        return {"thresholds": (Threshold("level", op, _num(words[0][2:] or words[1])),)}

    @v_args(meta=True)
    def draw_each(self, meta: Any, c: list) -> Draw:
        # "Each player draws a card" (BSS 4-5-2)
        return Draw(count=next(x for x in c if isinstance(x, int)), player=Player.EACH, span=self._span(meta))

    def act_summon(self, c: list) -> tuple:
        return ("summon", next(x for x in c if isinstance(x, Selector)))

    @v_args(meta=True)
    def select_either_from(self, meta: Any, c: list) -> _Pick:
        # "Select one Wyvern spirit card, or one Crimson nexus card, from your trash" (BSS 8-5-3): either one
        zone = next(x[1] for x in c if isinstance(x, tuple) and x and x[0] == "zone")
        picks = tuple(replace(x, zone=zone) for x in c if isinstance(x, Selector))
        return _Pick(target=picks, either=True)

    def bullet(self, c: list) -> tuple:
        return ("bullet", None)

    @v_args(meta=True)
    def choose_following(self, meta: Any, c: list) -> Modal:
        # "activate one of the following effects" (BSS 8-1-8): bs_assemble fills the options in
        return Modal(count=next(x for x in c if isinstance(x, int)), options=(), span=self._span(meta))

    @v_args(meta=True)
    def core_move_opp(self, meta: Any, c: list) -> MoveCores:
        # "Your opponent places one core from their life into their trash": they move it (BSS 8-5-6)
        places = [x for x in c if isinstance(x, tuple | Selector)]
        cores = next(x for x in c if isinstance(x, dict))
        return replace(self._cores(meta, cores, places[0], places[1]), player=Player.OPPONENT)

    @v_args(meta=True)
    def link_to(self, meta: Any, c: list) -> LinkTo:
        # "link it to a spirit with Link, ignoring the link requirement" (BSS 11-18-1)
        target, to = [x for x in c if isinstance(x, Selector)][:2]
        ignore = any(isinstance(t, Token) and t.type == "LINK_REQ" for t in c)
        return LinkTo(target=target, to=to, ignore_condition=ignore, span=self._span(meta))

    @v_args(meta=True)
    def cond_bp_margin(self, meta: Any, c: list) -> Condition:
        # "if its BP is higher than the blocking spirit's BP by 5000 or more" (BSS 2-11)
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "MORE_FEWER"]
        ints = [_num(t) for t in c if isinstance(t, Token) and t.type.endswith("INT")]
        higher = words[0] in ("more", "higher")
        th = Threshold("bp_difference", ">=" if higher else "<=", ints[0] if ints else 1)
        return Condition(kind="compare", text=self._slice(meta), threshold=th, span=self._span(meta))

    def post_share_symbol_color(self, c: list) -> dict:
        # "magic cards that do not share a color with any of the symbols on their field" (BSS 2-4, 2-8)
        negated = any(isinstance(t, Token) and t.type == "NEG" for t in c)
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), None)
        ref = Selector(count=None, name="symbol", owner=owner)
        return {"thresholds": (Threshold("shared_colors", "==" if negated else ">=", 0 if negated else 1, ref=ref),)}
