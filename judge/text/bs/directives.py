"""Battle Spirits transformer, directive half: destroy, draw, cores, BP, deploy, return…"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, v_args

from judge.text.ast import (
    Activate,
    Attack,
    Condition,
    Conditional,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    Gain,
    Keyword,
    Modal,
    ModifyStat,
    Move,
    MoveCores,
    Player,
    Restriction,
    Reveal,
    Selector,
    Sequence,
    SetLevel,
    SetStat,
    SetState,
    Threshold,
)
from judge.text.bs.nodes import _OPS, _merge, _noun_types, _num, _Pick, _player, _Ref  # noqa: F401


def _per_count(sel: Selector, c: list) -> Selector:
    """"Select one of … for each …": the count is per item of the `per` selector (BSS 4-6)."""
    per = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "per"), None)
    if per is None:
        return sel
    return replace(sel, count=None, thresholds=(*sel.thresholds, Threshold("count_per", "==", sel.count or 1, ref=per)))


class DirectiveMixin:
    """Directive rules of grammar/bs.lark → effect nodes (BSS 10: effect rules in detail)."""

    # ── directives ──
    @v_args(meta=True)
    def select(self, meta: Any, c: list) -> _Pick:
        picks = tuple(_per_count(x, c) for x in c if isinstance(x, Selector))
        either = any(isinstance(t, Token) and t.type == "OR_SEL" for t in c)
        return _Pick(target=picks[0] if len(picks) == 1 else picks, either=either)

    @v_args(meta=True)
    def select_by(self, meta: Any, c: list) -> _Pick:
        return _Pick(target=_per_count(next(x for x in c if isinstance(x, Selector)), c))

    make_select = select_by

    def make(self, c: list) -> list:
        return c[0]

    @v_args(meta=True)
    def destroy(self, meta: Any, c: list) -> Destroy:
        return Destroy(target=c[0], span=self._span(meta))

    @v_args(meta=True)
    def draw(self, meta: Any, c: list) -> Draw:
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Draw(count=c[0], per=per, span=self._span(meta))

    @v_args(meta=True)
    def draw_opp(self, meta: Any, c: list) -> Draw:
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return Draw(count=c[1], player=Player.OPPONENT, per=per, span=self._span(meta))

    @v_args(meta=True)
    def discard(self, meta: Any, c: list) -> Discard:
        return Discard(count=c[0], span=self._span(meta))

    @v_args(meta=True)
    def mill(self, meta: Any, c: list) -> Discard:
        n = next((x for x in c if isinstance(x, int)), 1)
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        return Discard(count=n, player=owner, span=self._span(meta),
                       target=Selector(count=n, owner=owner, zone="deck_top"))

    @v_args(meta=True)
    def mill_equal(self, meta: Any, c: list) -> Discard:
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        stat = str(c[-1]).lower().split()[-1]
        ref = Selector(self_ref="this spirit" in str(c[-1]).lower(), span=self._span(meta))
        per = replace(ref, name=stat) if ref.self_ref else Selector(name=stat, span=self._span(meta))
        return Discard(count=1, player=owner, per=per, span=self._span(meta),
                       target=Selector(count=None, owner=owner, zone="deck_top"))

    @v_args(meta=True)
    def exhaust(self, meta: Any, c: list) -> SetState:
        return SetState(state="exhausted", target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def heavy_exhaust(self, meta: Any, c: list) -> SetState:
        return SetState(state="heavy_exhausted", target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def remove_game(self, meta: Any, c: list) -> Move:
        return Move(target=c[0], dest="removed", span=self._span(meta))

    @v_args(meta=True)
    def reveal_hand(self, meta: Any, c: list) -> Reveal:
        return Reveal(count=None, zone="opponent_hand", span=self._span(meta))

    @v_args(meta=True)
    def restriction_player(self, meta: Any, c: list) -> Restriction:
        action, _ = next(x for x in c if isinstance(x, tuple))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return Restriction(mode="cannot", action=action, player=Player.OPPONENT, duration=dur, span=self._span(meta))

    def act_draw(self, c: list) -> tuple:
        return ("draw", None)

    @v_args(meta=True)
    def refresh(self, meta: Any, c: list) -> SetState:
        return SetState(state="refreshed", target=c[-1], span=self._span(meta))

    def cores_n(self, c: list) -> dict:
        return {"count": c[0]}

    def cores_all_but(self, c: list) -> dict:
        return {"count": None, "_all_but": c[0]}

    def cores_all(self, c: list) -> dict:
        return {"count": None}

    def cores_any(self, c: list) -> dict:
        return {"count": None, "up_to": True}

    def cores_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True}

    def cores_soul(self, c: list) -> dict:
        return {"count": 1, "core_type": "soul"}

    def cores_not_soul(self, c: list) -> dict:
        return {"count": c[0], "core_type": "core"}

    def soul_core(self, c: list) -> Token:
        # BSS 4-11-1: "Soul Core" or its icon, one token kind for the directives that test for it
        return Token("SOUL", str(c[0]))

    def not_soul(self, c: list) -> tuple:
        return ("core_type", "core")

    def area(self, c: list) -> tuple[str, Player]:
        word = str(c[-1]).lower()
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), Player.YOU)
        return (word, owner)

    def into(self, c: list) -> None:
        return None

    def each_of(self, c: list) -> str:
        return "each"

    @staticmethod
    def _where(x: Any) -> tuple[str, Selector | None]:
        if isinstance(x, tuple):
            name, owner = x
            return (f"opponent_{name}" if owner is Player.OPPONENT else name), None
        return "spirit", x

    def _cores(self, meta: Any, cores: dict, src: Any, dst: Any) -> MoveCores:
        (source, src_t), (dest, dst_t) = self._where(src), self._where(dst)
        return MoveCores(count=cores.get("count"), up_to=cores.get("up_to", False), source=source,
                         dest=dest, source_target=src_t, dest_target=dst_t, span=self._span(meta),
                         core_type=cores.get("core_type"))

    @v_args(meta=True)
    def core_move_from(self, meta: Any, c: list) -> MoveCores:
        kind = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "core_type"), None)
        if kind is not None:             # "from your trash that are not a soul core" (4-11-1)
            c = [x for x in c if not (isinstance(x, tuple) and x and x[0] == "core_type")]
            c[0] = {**c[0], "core_type": kind}
        move = self._cores(meta, c[0], c[1], c[3] if c[2] is None else c[2])
        until = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "until"), None)
        return replace(move, until=until) if until is not None else move

    def until(self, c: list) -> tuple:
        return ("until", next(x for x in c if isinstance(x, int)))

    @v_args(meta=True)
    def core_move_into_from(self, meta: Any, c: list) -> MoveCores:
        places = [x for x in c[1:] if x is not None]
        return self._cores(meta, c[0], places[1], places[0])

    @v_args(meta=True)
    def core_move_into(self, meta: Any, c: list) -> MoveCores:
        # no "from": BSS 8-5-5, the core may come from the life, the field, the reserve or the trash
        return self._cores(meta, c[0], ("any", Player.YOU), next(x for x in c[1:] if x is not None))

    @v_args(meta=True)
    def remove_cores(self, meta: Any, c: list) -> MoveCores:
        cores = c[0]
        target = cores.get("_from") or next(x for x in c[1:] if isinstance(x, Selector))
        places = [x for x in c[1:] if isinstance(x, tuple | Selector) and x is not target]
        dest, dest_t = self._where(places[-1]) if places else ("reserve", None)
        return MoveCores(count=cores.get("count"), up_to=cores.get("up_to", False), source="spirit",
                         dest=dest, source_target=target, dest_target=dest_t, span=self._span(meta),
                         core_type=cores.get("core_type"))

    @v_args(meta=True)
    def bp_reduce_it(self, meta: Any, c: list) -> ModifyStat:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        n = next(x for x in c if isinstance(x, Token) and x.type.endswith("INT"))
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return ModifyStat(stat="bp", amount=-_num(n), target=_Ref(), duration=dur, per=per,
                          span=self._span(meta))

    @v_args(meta=True)
    def bp_reduce(self, meta: Any, c: list) -> ModifyStat:
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        n = next(x for x in c if isinstance(x, Token) and x.type.endswith("INT"))
        target = next(x for x in c if isinstance(x, Selector))
        per = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "per"), None)
        return ModifyStat(stat="bp", amount=-_num(n), target=target, duration=dur, per=per,
                          span=self._span(meta))

    def per_named(self, c: list) -> tuple:
        parts = {k: v for k, v in next(x for x in c if isinstance(x, dict)).items() if not k.startswith("_")}
        return ("per", Selector(count=None, **parts))

    @v_args(meta=True)
    def per(self, meta: Any, c: list) -> tuple:
        sel = next((x for x in c if isinstance(x, Selector)), None)
        shared = tuple(x for x in c if isinstance(x, Threshold))      # "… you control with the same spirit type as …"
        if shared and sel is not None:
            sel = replace(sel, thresholds=sel.thresholds + shared)
        words = [str(t).lower() for t in c if isinstance(t, Token)]
        if any(w.startswith("symbol") for w in words):
            sel = Selector(count=None, name="symbol", span=self._span(meta)) if sel is None else \
                Selector(count=None, name="symbol", owner=sel.owner, span=self._span(meta))
        elif any(w in ("destroyed", "discarded", "returned", "exhausted") for w in words):
            sel = replace(sel, state=next(w for w in words if w in ("destroyed", "discarded", "returned", "exhausted")))
        return ("per", sel)

    def free(self, c: list) -> bool:
        return True

    @v_args(meta=True)
    def deploy(self, meta: Any, c: list) -> Deploy:
        verb = "summon" if str(c[0]).lower() == "summon" else "place"
        return Deploy(verb=verb, target=self._zoned(c[1], c), free=True in c, span=self._span(meta))

    @v_args(meta=True)
    def deploy_place(self, meta: Any, c: list) -> Deploy:
        return Deploy(verb="place", target=self._zoned(c[0], c), free=True in c, span=self._span(meta))

    @v_args(meta=True)
    def use_card(self, meta: Any, c: list) -> Deploy:
        return Deploy(verb="use", target=c[0], free=True in c, span=self._span(meta))

    @staticmethod
    def _zoned(target: Selector, c: list) -> Selector:
        zone = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "zone"), None)
        if zone and not target.self_ref and not isinstance(target, _Ref):
            return replace(target, zone=zone)
        return target

    def from_zone(self, c: list) -> tuple:
        word = str(c[-1]).lower() if not isinstance(c[-1], Token) or c[-1].type != "CARDS" else "revealed"
        return ("zone", "revealed" if "card" in word else word)

    def dest_hand(self, c: list) -> str:
        return "hand"

    def dest_deck_top(self, c: list) -> str:
        return "deck_top"

    def dest_deck_bottom(self, c: list) -> str:
        return "deck_bottom"

    @v_args(meta=True)
    def passive_state(self, meta: Any, c: list) -> SetState:
        return SetState(state=str(c[-1]).lower(), target=c[0], span=self._span(meta))

    @v_args(meta=True)
    def attack(self, meta: Any, c: list) -> Attack:
        return Attack(target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def treat_also(self, meta: Any, c: list) -> list:
        # "treat it as if it is also a Golem spirit with 5000 BP": a family, a card type and a BP value
        target = c[0]
        family = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        kind = _noun_types(str(next(t for t in c if isinstance(t, Token) and t.type == "NOUN_WORD")))[0]
        bp = _num(next(t for t in c if isinstance(t, Token) and t.type.endswith("INT")))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        span = self._span(meta)
        return [Gain(target=target, family=family, duration=dur, span=span),
                SetStat(stat="card_type:" + "/".join(kind), value=1, target=target, duration=dur, span=span),
                SetStat(stat="bp", value=bp, target=target, duration=dur, span=span)]

    @v_args(meta=True)
    def core_step_gain(self, meta: Any, c: list) -> list:
        # BSS 6-3-2 replaced: N cores instead of one in the core step
        n = next(x for x in c if isinstance(x, int))
        move = MoveCores(count=n, source="void", dest="reserve", span=self._span(meta))
        cond = Condition(kind="substitution", text="during your core step instead of one")
        return [Conditional(condition=cond, effects=(move,), instead=True, span=self._span(meta))]

    @v_args(meta=True)
    def keep(self, meta: Any, c: list) -> Move:
        # BSS 10-5-1: the card stays on the field (dest "field"), in the state named if any
        target = next(x for x in c if isinstance(x, Selector))
        state = next((str(t).lower() for t in c if isinstance(t, Token) and t.type == "STATE"), None)
        return Move(target=replace(target, state=state) if state else target, dest="field", span=self._span(meta))

    @v_args(meta=True)
    def no_refresh(self, meta: Any, c: list) -> Restriction:
        return Restriction(mode="cannot", action="refresh_in_refresh_step", target=c[0],
                           duration=Duration.NEXT_TURN_END, span=self._span(meta))

    @v_args(meta=True)
    def no_trigger(self, meta: Any, c: list) -> Restriction:
        label = next(str(t) for t in c if isinstance(t, Token) and t.type == "QUOTED_EFFECT")
        target = next((x for x in c if isinstance(x, Selector)), None)
        owner = next((_player(t) for t in c if isinstance(t, Token) and t.type == "POSS"), None)
        timing = label.rsplit(" ", 1)[0].strip('"“” ')
        return Restriction(mode="cannot", action="activate:" + timing, target=target, player=owner,
                           span=self._span(meta))

    @v_args(meta=True)
    def gain_inf(self, meta: Any, c: list) -> list:
        return self._gain(meta, c, _Ref())

    @v_args(meta=True)
    def place_on_deck(self, meta: Any, c: list) -> Move:
        target = next(x for x in c if isinstance(x, Selector))
        where = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "ON_DECK")
        return Move(target=self._zoned(target, c), dest="deck_bottom" if "bottom" in where else "deck_top",
                    span=self._span(meta))

    @v_args(meta=True)
    def reveal_it(self, meta: Any, c: list) -> Reveal:
        return Reveal(count=1, zone="selected", span=self._span(meta))

    def dest_burst(self, c: list) -> str:
        return "burst"

    @v_args(meta=True)
    def opp_pays(self, meta: Any, c: list) -> MoveCores:
        n = next(x for x in c if isinstance(x, int))
        return MoveCores(count=n, source="field_or_reserve", dest="trash", player=Player.OPPONENT,
                         span=self._span(meta))

    def dest_deck_either(self, c: list) -> str:
        return "deck_top_or_bottom"

    @v_args(meta=True)
    def return_(self, meta: Any, c: list) -> Move | list:
        targets = [x for x in c if isinstance(x, Selector)]
        moves = [Move(target=self._zoned(t, c), dest=c[-1], span=self._span(meta)) for t in targets]
        return moves[0] if len(moves) == 1 else moves     # "return that spirit and all spirits …"

    @v_args(meta=True)
    def symbols_as(self, meta: Any, c: list) -> SetStat:
        colors = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "COLOR"]
        if any(isinstance(t, Token) and t.type == "COLOR_REF" for t in c):
            return SetStat(stat="colors:" + "/".join(colors), value=len(colors), target=Selector(self_ref=True),
                           span=self._span(meta))
        if not any(isinstance(x, int) for x in c):          # "each symbol on … as white or purple"
            target = next((x for x in c if isinstance(x, Selector)), None) or Selector(self_ref=True)
            return SetStat(stat="symbols:" + "/".join(colors), value=1, target=target, span=self._span(meta))
        n = next(x for x in c if isinstance(x, int))
        target = next((x for x in c if isinstance(x, Selector)), None) or Selector(self_ref=True)
        stat = "symbols" + (":" + "/".join(colors) if colors else "")
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return SetStat(stat=stat, value=n, target=target, duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def pay_own_cost(self, meta: Any, c: list) -> MoveCores:
        # pay cores equal to the card's cost from the field or reserve into the trash (BSS 10-6-6)
        return MoveCores(count=None, source="field_or_reserve", dest="trash", span=self._span(meta),
                         per=Selector(self_ref=True, name="cost"))

    @v_args(meta=True)
    def pay_cores(self, meta: Any, c: list) -> MoveCores:
        src = next((x for x in c if isinstance(x, Selector)), None)
        if any(isinstance(t, Token) and t.type == "SOUL" for t in c):
            return MoveCores(count=1, source="field_or_reserve", dest="trash", span=self._span(meta),
                             source_target=Selector(name="Soul Core"), core_type="soul")
        if any(isinstance(t, Token) and t.type == "POSS_IT" for t in c):
            src = Selector(self_ref=True) if "this" in str(c[-2]).lower() else _Ref()
        return MoveCores(count=c[0], source="spirit" if src is not None else "field_or_reserve", dest="trash",
                         source_target=src, span=self._span(meta))

    @v_args(meta=True)
    def set_stat(self, meta: Any, c: list) -> SetStat:
        target = next(x for x in c if isinstance(x, Selector))
        value = next(x for x in c if isinstance(x, Token) and x.type.endswith("INT"))
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return SetStat(stat="cost", value=_num(value), target=target, duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def choice(self, meta: Any, c: list) -> list:
        options = tuple(tuple(x if isinstance(x, list) else [x]) for x in c)
        return [Modal(count=1, options=options, span=self._span(meta))]

    @v_args(meta=True)
    def then_seq(self, meta: Any, c: list) -> list:
        return [Sequence(connector="then", effects=(*c[0], *c[1]), span=self._span(meta))]

    @v_args(meta=True)
    def reveal(self, meta: Any, c: list) -> Reveal:
        n = next((x for x in c if isinstance(x, int)), 1)
        return Reveal(count=n, zone="deck", span=self._span(meta))

    @v_args(meta=True)
    def add_to_hand(self, meta: Any, c: list) -> Move:
        target = self._zoned(c[0], c)
        if not isinstance(target, _Ref) and not target.self_ref and (not target.zone or target.zone == "any"):
            target = replace(target, zone="revealed")
        return Move(target=target, dest="hand", span=self._span(meta))

    def gained_family(self, c: list) -> tuple:
        return (None, ("family", c[0]))

    def gained_kw_all(self, c: list) -> tuple:
        return (None, ("all", *c))

    def gained_kw_or(self, c: list) -> tuple:
        return (None, ("or", c[0], c[-1]))

    def gained_kw_bp(self, c: list) -> tuple:
        return (_num(c[-1]), c[0])

    def gained_symbols(self, c: list) -> tuple:
        return (("symbols:" + str(c[1]).lower(), c[0]), None)

    def gained_bp(self, c: list) -> tuple:
        return (_num(c[0]), None)

    def gained_kw(self, c: list) -> tuple:
        return (None, c[0])

    def gained_bp_kw(self, c: list) -> tuple:
        return (_num(c[0]), c[-1])

    def _gain(self, meta: Any, c: list, target: Selector) -> list:
        bp, kw = next(x for x in c if isinstance(x, tuple) and x and x[0] != "per")
        verb = next((str(t).lower() for t in c if isinstance(t, Token) and t.type == "GAIN_VERB"), "gains")
        if verb.startswith("lose"):
            if kw is not None:
                raise ValueError("losing a keyword is not an effect this grammar models")
            bp = -bp
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        per = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "per"), None)
        out: list = []
        if isinstance(bp, tuple):              # "gains a green symbol" (BSS 2-8)
            out.append(ModifyStat(stat=bp[0], amount=bp[1], target=target, duration=dur, per=per,
                                  span=self._span(meta)))
        elif bp is not None:
            out.append(ModifyStat(stat="bp", amount=bp, target=target, duration=dur, per=per,
                                  span=self._span(meta)))
        if isinstance(kw, tuple) and kw[0] == "or":     # "gains Luster or Blessed": one of them
            options = tuple((Gain(target=target, keyword=k, duration=dur, span=self._span(meta)),) for k in kw[1:])
            out.append(Modal(count=1, options=options, span=self._span(meta)))
        elif isinstance(kw, tuple) and kw[0] == "all":  # "gain Luster and Blessed": each of them
            out.extend(Gain(target=target, keyword=k, duration=dur, span=self._span(meta)) for k in kw[1:])
        elif isinstance(kw, tuple):              # "gains Otherlander spirit type" (BSS 2-5)
            out.append(Gain(target=target, family=kw[1], duration=dur, span=self._span(meta)))
        elif kw is not None:
            out.append(Gain(target=target, keyword=kw, duration=dur, span=self._span(meta)))
        return out

    @v_args(meta=True)
    def gain(self, meta: Any, c: list) -> list:
        if isinstance(c[0], tuple):      # "that spirit and all of your spirits … gain …"
            return [e for t in c[0] for e in self._gain(meta, c[1:], t)]
        return self._gain(meta, c, c[0])

    @v_args(meta=True)
    def gain_lead(self, meta: Any, c: list) -> list:
        if isinstance(c[1], tuple):
            return [e for t in c[1] for e in self._gain(meta, [c[0], *c[2:]], t)]
        return self._gain(meta, c, c[1])

    def reminder(self, c: list) -> None:
        return None

    def lv_n(self, c: list) -> int:
        return _num(next(x for x in c if isinstance(x, Token) and x.type.endswith("INT")))

    def lv_highest(self, c: list) -> None:
        return None

    @v_args(meta=True)
    def treat_as(self, meta: Any, c: list) -> SetLevel:
        level = c[1] if len(c) > 1 and isinstance(c[1], int) else None
        dur = next((x for x in c if isinstance(x, Duration)), Duration.PERMANENT)
        return SetLevel(target=c[0], level=level, duration=dur, span=self._span(meta))

    @v_args(meta=True)
    def remove_its_cores(self, meta: Any, c: list) -> MoveCores:
        cores = c[0]
        dest = next((self._where(x)[0] for x in c[1:] if isinstance(x, tuple)), "reserve")
        return MoveCores(count=cores.get("count"), source="spirit", dest=dest, source_target=_Ref(),
                         span=self._span(meta))

    def cores_of_n(self, c: list) -> dict:
        return {"count": c[0], "_from": _Ref()}

    def cores_of_all_but(self, c: list) -> dict:
        return {"count": None, "_all_but": c[0], "_from": _Ref()}

    @v_args(meta=True)
    def activate_keyword(self, meta: Any, c: list) -> Activate:
        return Activate(keyword=Keyword(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def pay_burst(self, meta: Any, c: list) -> Activate:
        step = next(str(t).lower() for t in c if isinstance(t, Token) and t.type == "STEP_NAME")
        return Activate(step=step, pay_cost=True, span=self._span(meta))

