"""Battle Spirits transformer, continuous changes: gaining BP, keywords, symbols and spirit types, losing
effects, symbols and stats treated differently, levels, activated effects, links, extra steps
(BSS 2-5, 2-7-3, 2-8, 8-2-2-2, 8-8-1-3, 10-13, 11-18)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from judge.text.ast import (
    Activate,
    AlsoActivates,
    Attack,
    CostReduction,
    Duration,
    EndStep,
    ExtraStep,
    Gain,
    Keyword,
    LinkTo,
    LoseEffects,
    Modal,
    ModifyStat,
    Player,
    Selector,
    SetLevel,
    SetStat,
    Threshold,
    TreatAlso,
    replace,
)
from judge.text.bs.labels import STEP_IDS
from judge.text.bs.nodes import Ref, _num, _player, first, has_tok, ints, tok, toks


def _duration(c: list) -> Duration:
    return first(c, Duration) or Duration.PERMANENT


class SagaMixin:
    """Continuous-change rules of grammar/bs.lark → AST nodes (mixed into BSTransformer)."""

    # ── gaining (BSS 8-2-2-2, 10-13, 2-8, 2-5) ──
    def gained_bp(self, c: list) -> tuple:
        return ("bp", _num(c[0]))

    def gained_kw(self, c: list) -> tuple:
        return ("keyword", c[0])

    def gained_symbols(self, c: list) -> tuple:
        return ("symbols", c[0], str(c[1]).lower())

    def gained_family(self, c: list) -> tuple:
        return ("family", c[0])

    def gained(self, c: list) -> list:
        items = [x for x in c if isinstance(x, tuple)]
        if any(str(t).strip(" ,").lower() == "or" for t in toks(c, "AND_KW")):
            # "gains Luster or Blessed": one of them
            return [("keyword_or", tuple(x[1] for x in items if x[0] == "keyword"))]
        return items

    def reminder(self, c: list) -> tuple:
        return ("reminder", [x for x in c if isinstance(x, tuple)])

    def reminder_item(self, c: list) -> tuple:
        # the gained keyword's timing and name, printed again (BSS 11-14-2)
        from judge.text.bs.labels import label_timing

        parts = first(c, list)
        timing = label_timing(parts)[0] if parts else None
        return (timing, next(x for x in c if isinstance(x, str) and not isinstance(x, Token)))

    def reminder_step(self, c: list) -> tuple:
        return (str(tok(c, "STEP_NAME")).lower(), next(x for x in c if isinstance(x, str) and not isinstance(x, Token)))

    def _gain(self, meta: Any, c: list, target: Selector) -> list:
        items = next(x for x in c if isinstance(x, list))
        verb = str(tok(c, "GAIN_VERB") or "gains").lower().split()[-1]     # "(also) gains"
        dur = _duration(c)
        per = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "per"), None)
        reminder = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "reminder"), [])
        timings = {name: timing for timing, name in reminder}
        span = self._span(meta)
        losing = verb.startswith("lose")
        out: list = []
        for item in items:
            kind = item[0]
            if kind == "bp":
                out.append(ModifyStat(stat="bp", amount=-item[1] if losing else item[1], target=target, duration=dur,
                                      per=per, span=span))
            elif losing:
                raise ValueError("losing a keyword is not an effect this grammar models")
            elif kind == "symbols":
                out.append(ModifyStat(stat="symbols", amount=item[1], colors=(item[2],), target=target,
                                      duration=dur, per=per, span=span))
            elif kind == "family":
                out.append(Gain(target=target, family=item[1], duration=dur, span=span))
            elif kind == "keyword":
                out.append(Gain(target=target, keyword=item[1], duration=dur, span=span,
                                timing=timings.get(item[1].name)))
            elif kind == "keyword_or":          # "gains Luster or Blessed": one of them
                out.append(Modal(count=1, options=tuple((Gain(target=target, keyword=k, duration=dur, span=span),)
                                                        for k in item[1]), span=span))
        return out

    @v_args(meta=True)
    def gain(self, meta: Any, c: list) -> list:
        if isinstance(c[0], tuple):      # "that spirit and all of your spirits … gain …"
            return [e for t in c[0] for e in self._gain(meta, c[1:], t)]
        return self._gain(meta, c, c[0])

    @v_args(meta=True)
    def gain_inf(self, meta: Any, c: list) -> list:
        return self._gain(meta, c, Ref())

    @v_args(meta=True)
    def lose_effects(self, meta: Any, c: list) -> LoseEffects:
        # BSS 8-2-2-2: "All nexuses lose their LV1 effects and cannot regain them"
        if not str(tok(c, "GAIN_VERB")).lower().split()[-1].startswith("lose"):
            raise ValueError("cards gain effects only as keywords or quoted effects")
        level = tok(c, "LV_N")
        return LoseEffects(target=first(c, Selector), levels=(_num(str(level)[2:].strip()),) if level else (),
                           no_regain=has_tok(c, "NO_REGAIN"), duration=_duration(c), span=self._span(meta))

    # ── symbols, colours and stats treated as (BSS 2-4, 2-8, 2-7-3, 8-8-1-3-3, 8-8-1-3-4) ──
    @v_args(meta=True)
    def symbols_as(self, meta: Any, c: list) -> SetStat | Gain:
        if has_tok(c, "SPIRIT_TYPE"):             # "treat this spirit as having all spirit types" (BSS 2-5-3)
            return self._all_families(meta, c)
        colors = tuple(str(t).lower() for t in toks(c, "COLOR"))
        target = first(c, Selector) or _self_of(tok(c, "SYMBOL_REF", "COLOR_REF"))
        purpose = "cost_reduction" if has_tok(c, "CALC") else None
        also = has_tok(c, "AS_WELL")              # "… as well": besides its own
        if has_tok(c, "COLOR_REF"):               # "treat its color and symbol color as red and blue"
            return SetStat(stat="colors", value=len(colors), colors=colors, target=target, also=also,
                           span=self._span(meta))
        n = ints(c)
        return SetStat(stat="symbols", value=n[0] if n else 1, colors=colors, target=target, duration=_duration(c),
                       purpose=purpose, also=also, span=self._span(meta))

    @v_args(meta=True)
    def set_stat(self, meta: Any, c: list) -> SetStat:
        zone = tok(c, "ZONE")
        target = first(c, Selector)
        if zone is not None:
            target = replace(target, zone=str(zone).lower())
        return SetStat(stat="cost", value=ints(c)[-1], target=target, duration=_duration(c), span=self._span(meta))

    @v_args(meta=True)
    def set_cost_life(self, meta: Any, c: list) -> SetStat:
        # "… have a cost equal to your life total" (BSS 2-6, 3-7)
        life = Selector(count=None, unit="life", owner=_player(tok(c, "POSS")))
        return SetStat(stat="cost", value=0, target=first(c, Selector), duration=_duration(c),
                       equal_to=Threshold("life", "==", 0, ref=life), span=self._span(meta))

    @v_args(meta=True)
    def set_level_bp(self, meta: Any, c: list) -> SetStat:
        # BSS 8-8-1-3-3: the BP written for a level is redefined
        level = _num(str(tok(c, "LV_N"))[2:].strip())
        return SetStat(stat="bp", level=level, value=_num(tok(c, "INT")), target=first(c, Selector),
                       duration=_duration(c), span=self._span(meta))

    def lv_n(self, c: list) -> int:
        return ints(c)[-1]

    def lv_highest(self, c: list) -> str:
        return "highest"

    @v_args(meta=True)
    def treat_as(self, meta: Any, c: list) -> SetLevel:
        level = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), None)
        return SetLevel(target=first(c, Selector), level=level, duration=_duration(c), span=self._span(meta))

    @v_args(meta=True)
    def treat_also(self, meta: Any, c: list) -> TreatAlso:
        # BSS 2-3-2, 8-8-1-2, 8-8-1-3-4: what the card is also treated as, a description of a card
        what = dict(first(c, dict))
        thresholds = what.pop("thresholds", ())
        bp = [t.value for t in thresholds if t.stat == "bp" and t.op == "==" and t.ref is None]
        if len(bp) != len(thresholds) or len(bp) > 1:
            raise ValueError("not modelled: a card treated as also having a stat other than one BP value")
        added = {k: what.pop(k, ()) for k in ("card_types", "families", "colors")}
        what.pop("zone", None)                   # "a Golem spirit card": the card type said with "card"
        if what or not any(added.values()):
            raise ValueError(f"not modelled: a card treated as also being {sorted(what) or 'nothing'}")
        return TreatAlso(target=first(c, Selector), **added, bp=bp[0] if bp else None, duration=_duration(c),
                         span=self._span(meta))

    def _all_families(self, meta: Any, c: list) -> Gain:
        # BSS 2-5-3: "treat this spirit as having all spirit types"
        return Gain(target=first(c, Selector), family="all", duration=_duration(c), span=self._span(meta))

    @v_args(meta=True)
    def core_step_gain(self, meta: Any, c: list) -> list:
        # BSS 6-3-2 replaced: N cores instead of one in the core step
        from judge.text.ast import Condition, Conditional, MoveCores

        move = MoveCores(count=ints(c)[0], source="void", dest="reserve", span=self._span(meta))
        cond = Condition(kind="during", text="", event="core_step", player=Player.YOU)
        return [Conditional(condition=cond, effects=(move,), instead=True, span=self._span(meta))]

    # ── cost reduction (BSS 2-7-3, 10-6-5) ──
    @v_args(meta=True)
    def reduce_also(self, meta: Any, c: list) -> CostReduction:
        return CostReduction(mode="also", source=first(c, Selector), span=self._span(meta))

    @v_args(meta=True)
    def reduce_only(self, meta: Any, c: list) -> CostReduction:
        return CostReduction(mode="only", source=first(c, Selector), span=self._span(meta))

    @v_args(meta=True)
    def reduce_fulfilled(self, meta: Any, c: list) -> CostReduction:
        return CostReduction(mode="fulfilled", source=Selector(self_ref=True), span=self._span(meta))

    # ── effects activated (BSS 8-1-7, 8-1-8, 8-5-2, 10-9-2, 11-17-1) ──
    def effect_of(self, c: list) -> tuple:
        from judge.text.bs.nodes import timing_of_quoted

        owner = str(tok(c, "POSS_IT", "POSS_COST")).lower()
        quoted = tok(c, "QUOTED_EFFECT")
        # a main / flash effect is a magic card's own (BSS 10-9-2): "its flash effect" is this card's
        target = Selector(self_ref=True) if owner.startswith("this") or quoted is None else Ref()
        if quoted is not None:
            return ("effect", target, timing_of_quoted(str(quoted).rsplit(" ", 1)[0]), None)
        return ("effect", target, None, str(tok(c, "STEP_NAME")).lower())

    @v_args(meta=True)
    def activate_effect(self, meta: Any, c: list) -> Activate:
        # "activate this spirit's “When Summoned” effect", "activate its flash effect",
        # "activate one of its “When Summoned” effects with this spirit", "activate Feast": the effect
        # named by its timing or step (`effect_of`), or by its keyword (a name)
        # named by its keyword (a name); "once for each …" (BSS 4-6) kept as the number of activations
        per = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "per"), None)
        found = next((x for x in c if isinstance(x, tuple) and x and x[0] == "effect"), None)
        if found is not None:
            _, target, timing, step = found
            return Activate(effect=timing, step=step, target=target, per=per, span=self._span(meta))
        name = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return Activate(keyword=Keyword(name), per=per, span=self._span(meta))

    @v_args(meta=True)
    def choose_following(self, meta: Any, c: list) -> Modal:
        # "activate one of the following effects" (BSS 8-1-8): the assembly fills the options in
        return Modal(count=ints(c)[0], options=(), span=self._span(meta))

    # ── attacks, links, steps (BSS 10-10-1, 11-18-1, 6) ──
    @v_args(meta=True)
    def attack(self, meta: Any, c: list) -> Attack:
        return Attack(target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def attack_by(self, meta: Any, c: list) -> Attack:
        return Attack(target=c[-1], attacker=c[0], span=self._span(meta))

    @v_args(meta=True)
    def link_to(self, meta: Any, c: list) -> LinkTo:
        target, to = [x for x in c if isinstance(x, Selector)][:2]
        return LinkTo(target=target, to=to, ignore_condition=has_tok(c, "LINK_REQ"), span=self._span(meta))

    @v_args(meta=True)
    def end_step(self, meta: Any, c: list) -> EndStep:
        return EndStep(step=STEP_IDS[str(tok(c, "STEP_WORD")).lower()], span=self._span(meta))

    @v_args(meta=True)
    def also_activates(self, meta: Any, c: list) -> AlsoActivates:
        # "Your spirits' "When This Spirit Blocks" effects also activate when attacking" (BSS 10-11-1)
        from judge.text.bs.nodes import timing_of_quoted

        whose = first(c, Selector)
        if whose is None:
            word = tok(c, "POSS_IT")
            whose = _self_of(word) if str(word).lower().startswith("this") else Ref()
        timing = timing_of_quoted(str(tok(c, "QUOTED_EFFECT")).rsplit(" ", 1)[0])
        event = {"attacking": "attacks", "blocking": "blocks"}[str(tok(c, "ATT_BLK")).lower()]
        return AlsoActivates(target=whose, timing=timing, event=event, span=self._span(meta))

    @v_args(meta=True)
    def perform_step(self, meta: Any, c: list) -> ExtraStep:
        steps = [STEP_IDS[str(t).lower()] for t in toks(c, "STEP_WORD")]
        return ExtraStep(step=steps[0], after=steps[1] if len(steps) > 1 else None, span=self._span(meta))


def _self_of(word: Any) -> Selector:
    """The card itself, as "this spirit's" / "this nexus's" / "its" names it (BSS 2-8)."""
    text = str(word or "").lower()
    kind = "spirit" if text.startswith("this spirit") else "nexus" if text.startswith("this nexus") else None
    return Selector(self_ref=True, card_types=(kind,) if kind else ())


__all__ = ["SagaMixin"]
