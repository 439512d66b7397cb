"""Battle Spirits transformer, cores: moved between the void, reserve, life, trash and cards, removed
from a card, paid (BSS 3-6, 3-7, 3-9, 4-11, 8-4-2, 8-5-5, 8-5-6, 10-6-6)."""

from __future__ import annotations

from typing import Any

from lark import v_args

from judge.text.ast import MoveCores, Player, Selector, Threshold, replace
from judge.text.bs.directives import possessor
from judge.text.bs.nodes import Ref, _player, first, has_tok, ints, tok


def _destinations(tos: list) -> list[list]:
    """The destinations of a core move as options (one chosen, BSS 8-1-8), each the destinations moved
    onto together: "into X or onto Y" and "onto X or Y" are two options; "onto X and Y" one of two."""
    from judge.text.bs.objects import joined

    options: list[list] = []
    for to in tos:
        phrases, choose = joined(to) if isinstance(to, Selector) else ((to,), False)
        options.extend([[p] for p in phrases] if choose else [list(phrases)])
    return options


class CoreMixin:
    """Core rules of grammar/bs.lark → MoveCores nodes and their parts."""

    # ── cores (BSS 3-6, 3-7, 3-9, 8-5-5, 8-5-6) ──
    def ca_n(self, c: list) -> dict:
        # the quantity a selector has too ("two of", "3 or more"): a bare number is exact (BSS 1-3-5)
        n, op = c[0] if isinstance(c[0], tuple) else (c[0], "==")
        return {"count": n} if op == "==" else {"count": None, "thresholds": (Threshold("core", op, n),)}

    def ca_all_but(self, c: list) -> dict:
        return {"count": None, "all_but": c[0]}

    def ca_all(self, c: list) -> dict:
        return {"count": None}

    def ca_any(self, c: list) -> dict:
        return {"count": None, "up_to": True}

    def ca_up_to(self, c: list) -> dict:
        return {"count": c[0], "up_to": True}

    def ca_lost_life(self, c: list) -> dict:
        return {"count": None, "lost_life": True}

    def cores(self, c: list) -> dict:
        # how many, whose ("all of the destroyed spirit's cores"), which kind (BSS 4-11)
        parts: dict = {"count": None}
        parts.update(first(c, dict) or {})
        owner = tok(c, "POSS_IT")
        if owner is not None:
            parts["from"] = possessor(owner)
        if "soul_core" in c:
            parts.update(count=1, core_type="soul")
        elif any(isinstance(x, tuple) and x and x[0] == "core_type" for x in c):   # "… that is not a soul core"
            parts["core_type"] = "core"
        return parts

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

    def core_from(self, c: list) -> tuple:
        return ("from", c[0], any(isinstance(x, tuple) and x and x[0] == "core_type" for x in c))

    def core_to(self, c: list) -> tuple:
        return ("to", c[-1])

    @v_args(meta=True)
    def core_move(self, meta: Any, c: list) -> Any:
        # by whom (BSS 8-5-6 "your opponent places …"), how many, from where (BSS 8-5-5: anywhere when
        # not said), to where (one of two: BSS 8-1-8), until a count is reached, onto each of them
        cores = dict(first(c, dict))
        froms = [x for x in c if isinstance(x, tuple) and x and x[0] == "from"]
        tos = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "to"]
        if any(f[2] for f in froms):       # "… from your reserve that is not a soul core"
            cores["core_type"] = "core"
        source = froms[0][1] if froms else (cores.get("from") or ("any", Player.YOU))
        who = first(c, Player)
        options = [[self._cores(meta, cores, source, p) for p in group] for group in _destinations(tos)]
        if who is not None:
            options = [[replace(m, player=who) for m in moves] for moves in options]
        if len(options) > 1:     # "onto a spirit or into your reserve": one of the destinations (BSS 8-1-8)
            from judge.text.ast import Modal

            return Modal(count=1, span=self._span(meta), options=tuple(tuple(m) for m in options))
        if len(options[0]) > 1:  # "onto X and Y": so many cores onto each, in order
            return options[0]
        move = options[0][0]
        until = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "until"), None)
        if "each" in c:   # "place one core from X onto each of them": per selection (resolved later)
            move = replace(move, dest_target=replace(move.dest_target, count=None) if move.dest_target else None)
        return replace(move, until=until) if until is not None else move

    @v_args(meta=True)
    def core_move_passive(self, meta: Any, c: list) -> MoveCores:
        # "the cores from that spirit are placed in your opponent's reserve"
        return self._cores(meta, {"count": None}, first(c, Selector), first(c, tuple))

    @v_args(meta=True)
    def remove_cores(self, meta: Any, c: list) -> MoveCores:
        cores = first(c, dict)
        target = cores.get("from") or first(c, Selector) or Ref()    # "remove two cores and place them …": its
        places = [x for x in c if (isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], Player))
                  or (isinstance(x, Selector) and x is not target)]
        dest = places[-1] if places else ("reserve", Player.ANY)
        move = self._cores(meta, cores, target, dest)
        if has_tok(c, "EACH_W"):          # "remove one core each from all spirits": from every one of them
            move = replace(move, source_target=replace(target, count=None) if target else None)
        return replace(move, source="spirit")

    # ── pay (BSS 8-4-2, 10-6-6) ──
    @v_args(meta=True)
    def pay_cores(self, meta: Any, c: list) -> MoveCores:
        # how many and which (BSS 4-11-3: a Soul Core paid goes to the void), from whose card ("this spirit's",
        # "from this spirit") or from an area ("from your reserve"); else from anywhere (the field or the reserve)
        cores = dict(first(c, dict))
        if any(k in cores for k in ("thresholds", "all_but", "lost_life")):
            raise ValueError("not read: a cost of cores that is not a number of them")
        src = cores.get("from") or first(c, Selector)
        area = first(c, tuple)
        source = self._where(area)[0] if area is not None else "spirit" if src is not None else "field_or_reserve"
        return MoveCores(count=cores.get("count"), up_to=cores.get("up_to", False), source=source, dest="trash",
                         source_target=src, core_type=cores.get("core_type"), span=self._span(meta))

    @v_args(meta=True)
    def pay_card_cost(self, meta: Any, c: list) -> MoveCores:
        # "pay its cost", "pay this card's cost": as many cores as the card's cost (BSS 10-6-6, 10-9-2)
        word = str(tok(c, "POSS_IT", "POSS_COST")).lower()
        ref = Selector(self_ref=True) if word.startswith("this") else Ref()
        return MoveCores(count=None, source="field_or_reserve", dest="trash", span=self._span(meta),
                         equal_to=Threshold("cost", "==", 0, ref=ref))


__all__ = ["CoreMixin"]
