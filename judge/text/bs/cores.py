"""Battle Spirits transformer, cores: moved between the void, reserve, life, trash and cards, removed
from a card, paid (BSS 3-6, 3-7, 3-9, 4-11, 8-4-2, 8-5-5, 8-5-6, 10-6-6)."""

from __future__ import annotations

from typing import Any

from lark import v_args

from judge.text.ast import MoveCores, Player, Selector, Threshold, replace
from judge.text.bs.directives import possessor
from judge.text.bs.nodes import Ref, _player, first, has_tok, ints, tok


class CoreMixin:
    """Core rules of grammar/bs.lark → MoveCores nodes and their parts."""

    # ── cores (BSS 3-6, 3-7, 3-9, 8-5-5, 8-5-6) ──
    def cores_n(self, c: list) -> dict:
        return {"count": c[0]}

    def cores_all_but(self, c: list) -> dict:
        return {"count": None, "all_but": c[0]}

    def cores_all(self, c: list) -> dict:
        # "all cores", "all of the destroyed spirit's cores": whose cores, when said
        owner = tok(c, "POSS_IT")
        return {"count": None, **({"from": possessor(owner)} if owner is not None else {})}

    def cores_any(self, c: list) -> dict:
        return {"count": None, "up_to": True}

    def cores_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True}

    def cores_soul(self, c: list) -> dict:
        return {"count": 1, "core_type": "soul"}

    def cores_not_soul(self, c: list) -> dict:
        return {"count": c[0], "core_type": "core"}

    def cores_lost_life(self, c: list) -> dict:
        return {"count": None, "lost_life": True}

    def cores_of_n(self, c: list) -> dict:
        return {"count": c[0], "from": possessor(tok(c, "POSS_IT"))}

    def cores_of_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True, "from": possessor(tok(c, "POSS_IT"))}

    def cores_of_all_but(self, c: list) -> dict:
        return {"count": None, "all_but": c[0], "from": possessor(tok(c, "POSS_IT"))}

    def core_noun(self, c: list) -> str:
        return "core"

    def soul_core(self, c: list) -> str:
        return "soul_core"

    def not_soul(self, c: list) -> tuple:
        return ("core_type", "core")

    def area(self, c: list) -> tuple[str, Player]:
        word = str(tok(c, "AREA_WORD", "LIFE_W", "TRASH_W")).lower()
        word = "reserve" if word == "reserves" else word
        return (word, _player(tok(c, "POSS")) if tok(c, "POSS") is not None else Player.YOU)

    def each_of(self, c: list) -> str:
        return "each"

    def until(self, c: list) -> tuple:
        return ("until", ints(c)[0])

    @staticmethod
    def _where(x: Any) -> tuple[str, Selector | None]:
        if isinstance(x, tuple):
            name, owner = x
            prefix = {Player.OPPONENT: "opponent_", Player.ANY: "owners_"}.get(owner, "")
            return prefix + name, None
        return "spirit", x

    def _cores(self, meta: Any, cores: dict, src: Any, dst: Any) -> MoveCores:
        (source, src_t), (dest, dst_t) = self._where(src), self._where(dst)
        if cores.get("lost_life"):
            source = "lost_life"
        count = cores.get("count")
        if cores.get("all_but") is not None:
            source_target = src_t
            return MoveCores(count=None, source=source, dest=dest, source_target=source_target, dest_target=dst_t,
                             span=self._span(meta), core_type=cores.get("core_type"),
                             equal_to=Threshold("cores", "==", -cores["all_but"], ref=src_t))
        return MoveCores(count=count, up_to=cores.get("up_to", False), source=source, dest=dest,
                         source_target=src_t, dest_target=dst_t, span=self._span(meta),
                         core_type=cores.get("core_type"))

    @v_args(meta=True)
    def core_move_from(self, meta: Any, c: list) -> MoveCores:
        cores = dict(c[0])
        if any(isinstance(x, tuple) and x and x[0] == "core_type" for x in c):   # "… that are not a soul core"
            cores["core_type"] = "core"
        places = [x for x in c[1:] if isinstance(x, Selector) or (isinstance(x, tuple) and len(x) == 2
                                                                   and isinstance(x[1], Player))]
        if len(places) > 2:     # "onto a spirit or into your reserve": one of the destinations (BSS 8-1-8)
            from judge.text.ast import Modal

            return Modal(count=1, span=self._span(meta),
                         options=tuple((self._cores(meta, cores, places[0], p),) for p in places[1:]))
        move = self._cores(meta, cores, places[0], places[1])
        until = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "until"), None)
        each = "each" in c
        if each:          # "place one core from X onto each of them": per selection (resolved later)
            move = replace(move, dest_target=replace(move.dest_target, count=None) if move.dest_target else None)
        return replace(move, until=until) if until is not None else move

    @v_args(meta=True)
    def core_move_passive(self, meta: Any, c: list) -> MoveCores:
        # "the cores from that spirit are placed in your opponent's reserve"
        return self._cores(meta, {"count": None}, first(c, Selector), first(c, tuple))

    @v_args(meta=True)
    def core_move_into_from(self, meta: Any, c: list) -> MoveCores:
        places = [x for x in c[1:] if x is not None]
        return self._cores(meta, c[0], places[1], places[0])

    @v_args(meta=True)
    def core_move_into(self, meta: Any, c: list) -> MoveCores:
        # no "from": BSS 8-5-5, the core may come from the life, the field, the reserve or the trash
        source = c[0].get("from") or ("any", Player.YOU)
        return self._cores(meta, c[0], source, next(x for x in c[1:] if x is not None))

    @v_args(meta=True)
    def core_move_each(self, meta: Any, c: list) -> list:
        # "Place one core from the void each onto X and this spirit": one move per destination
        cores = first(c, dict)
        source, owner = first(c, tuple)
        src = f"opponent_{source}" if owner is Player.OPPONENT else source
        return [MoveCores(count=cores.get("count"), source=src, dest="spirit", dest_target=t,
                          core_type=cores.get("core_type"), span=self._span(meta))
                for t in c if isinstance(t, Selector)]

    @v_args(meta=True)
    def core_move_by(self, meta: Any, c: list) -> MoveCores:
        # "Your opponent places one core from their life into their reserve": they move it (BSS 8-5-6)
        places = [x for x in c if isinstance(x, Selector) or (isinstance(x, tuple) and len(x) == 2)]
        return replace(self._cores(meta, first(c, dict), places[0], places[1]), player=first(c, Player))

    @v_args(meta=True)
    def remove_cores(self, meta: Any, c: list) -> MoveCores:
        cores = first(c, dict)
        target = cores.get("from") or first(c, Selector)
        places = [x for x in c if (isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], Player))
                  or (isinstance(x, Selector) and x is not target)]
        dest = places[-1] if places else ("reserve", Player.ANY)
        move = self._cores(meta, cores, target, dest)
        if has_tok(c, "EACH_W"):          # "remove one core each from all spirits": from every one of them
            move = replace(move, source_target=replace(target, count=None) if target else None)
        return replace(move, source="spirit")

    @v_args(meta=True)
    def remove_its_cores(self, meta: Any, c: list) -> MoveCores:
        dest = first(c[1:], tuple) or ("reserve", Player.ANY)
        return replace(self._cores(meta, c[0], Ref(), dest), source="spirit")


    # ── pay (BSS 8-4-2, 10-6-6) ──
    @v_args(meta=True)
    def pay_cores(self, meta: Any, c: list) -> MoveCores:
        src = first(c, Selector)
        it = tok(c, "POSS_IT")
        if it is not None:
            src = Selector(self_ref=True) if str(it).lower().startswith("this") else Ref()
        return MoveCores(count=ints(c)[0], source="spirit" if src is not None else "field_or_reserve", dest="trash",
                         source_target=src, span=self._span(meta))

    @v_args(meta=True)
    def pay_soul(self, meta: Any, c: list) -> MoveCores:
        # "pay a Soul Core", "pay this spirit's Soul Core" (BSS 4-11-3: it goes to the void)
        it = tok(c, "POSS_IT")
        src = None if it is None else Selector(self_ref=True) if str(it).lower().startswith("this") else Ref()
        return MoveCores(count=1, source="spirit" if src is not None else "field_or_reserve", dest="trash",
                         source_target=src, core_type="soul", span=self._span(meta))

    @v_args(meta=True)
    def pay_card_cost(self, meta: Any, c: list) -> MoveCores:
        # "pay its cost", "pay this card's cost": as many cores as the card's cost (BSS 10-6-6, 10-9-2)
        word = str(tok(c, "POSS_IT", "POSS_COST")).lower()
        ref = Selector(self_ref=True) if word.startswith("this") else Ref()
        return MoveCores(count=None, source="field_or_reserve", dest="trash", span=self._span(meta),
                         equal_to=Threshold("cost", "==", 0, ref=ref))


__all__ = ["CoreMixin"]
