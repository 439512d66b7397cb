"""Battle Spirits transformer, conditions: every one a typed `Condition` (kinds and fields in
`judge.text.ast.CONDITION_KINDS`), never its words.

- conditions about a player: what they have or control, counted (kind `count`), compared with the
  other player (`compare`), only some kind (`only`), whose turn (`turn`), which step (`during`);
- conditions about a card: what it is, has or costs (kind `is`, `object` the description);
- events that happened (`happened`, with the `window` they happened in: this turn, this effect,
  as part of a cost, the event that triggered the ability).
Events themselves, their causes and the timing labels are in `judge.text.bs.events`.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from judge.text.ast import Condition, Player, Selector, Threshold, replace
from judge.text.bs.events import _EVENT_WORDS, _is_word, _tails, _whose
from judge.text.bs.nodes import _OPS, _STRICT, Ref, _player, first, has_tok, tok, toks
from judge.text.bs.predicates import cmp_threshold, described


def _counts_compared(c: list, ops: dict) -> Condition:
    """Two players' counts of one kind of card compared ("you control more spirits than your opponent"):
    the first player's against the second's, by the comparison word (`ops`: inclusive or strict)."""
    players = [x for x in c if isinstance(x, Player)]
    sel = first(c, Selector)
    op = ops[str(tok(c, "MORE_FEWER")).lower()]
    return Condition(kind="compare", text="", player=players[0], selector=replace(sel, owner=players[0], count=None),
                     threshold=Threshold("count", op, 0, ref=replace(sel, owner=players[1], count=None)))


class ConditionMixin:
    """Conditions and histories of grammar/bs.lark → Condition nodes."""

    # ── the wrapping rules: printed words and span ──
    @v_args(meta=True)
    def condition(self, meta: Any, c: list) -> Condition:
        return replace(c[0], text=self._printed(meta), span=self._span(meta))

    @v_args(meta=True)
    def event(self, meta: Any, c: list) -> Condition:
        return replace(c[0], text=self._printed(meta), span=self._span(meta))

    def cond_all(self, c: list) -> Condition:
        return Condition(kind="all", text="", conditions=tuple(x for x in c if isinstance(x, Condition)))

    # ── what a player has or controls (BSS 3-7 life, 3-1 areas, 2-8 symbols, 8-1-4-1) ──
    def amt_life(self, c: list) -> tuple:
        return ("life", c[0], None)

    def amt_cores(self, c: list) -> tuple:
        # "5 or more cores in their reserve", "no cores in your trash": a player's stat (the reserve and the
        # life are counted in cores, BSS 3-6, 3-7; the trash's cores are not its cards)
        counted = (0, "==") if isinstance(c[0], Token) else c[0]
        area = next(x[0] for x in c if isinstance(x, tuple) and isinstance(x[-1], Player))
        return ({"reserve": "reserve", "life": "life"}.get(area, area + "_cores"), counted, None)

    def amt_symbols(self, c: list) -> tuple:
        colors = tuple(str(t).lower() for t in toks(c, "COLOR"))
        return ("symbols", c[0], Selector(count=None, unit="symbol", colors=colors))

    def amt_cards(self, c: list) -> tuple:
        # "two or more Angel spirits (in your trash)", "no spirits": counted (BSS 3-1, 8-1-4-1)
        sel = first(c, Selector)
        if not isinstance(c[0], tuple):          # "no …" (a quantity of the noun phrase): none of them
            counted = next((t for t in sel.thresholds if t.stat == "count"), None)
            if counted is None:
                raise ValueError("not read: a count of cards with no number")
            sel = replace(sel, thresholds=tuple(t for t in sel.thresholds if t is not counted))
            c = [(counted.value, counted.op), *c]
        zone = tok(c, "ZONE")
        if zone is not None:
            sel = replace(sel, zone=str(zone).lower(), owner=sel.owner or _player(tok(c, "POSS")))
        return ("count", c[0], sel)

    def amt_zone(self, c: list) -> tuple:
        return ("count", c[0], Selector(count=None, zone=str(tok(c, "ZONE")).lower(), owner=_player(tok(c, "POSS"))))

    def amt_burst(self, c: list) -> tuple:
        return ("count", (1, ">="), Selector(count=None, zone="burst"))

    def cond_have(self, c: list) -> Condition:
        player = first(c, Player)
        stat, (n, op), sel = first(c, tuple)
        if stat == "count" and op == "==" and n:
            op = ">="                            # "if you have two Angel spirits": at least that many
        if sel is not None and stat == "count":
            sel = replace(sel, count=None)       # what is counted (as "if you control …")
        return Condition(kind="count", text="", player=player, selector=_whose(sel, player),
                         threshold=Threshold(stat, op, n))

    def cond_life_is(self, c: list) -> Condition:
        # "if your life is 3 or less" (BSS 3-7): the same condition as "if you have 3 or fewer life"
        n, op = first(c, tuple)
        return Condition(kind="count", text="", player=first(c, Player), threshold=Threshold("life", op, n))

    def cond_only(self, c: list) -> Condition:
        # "if you only have Angel spirits on the field"; "… only have two or fewer spirits": a count
        player = first(c, Player)
        sel = _whose(first(c, Selector), player)
        counted = next((t for t in sel.thresholds if t.stat == "count"), None)
        if counted is not None:
            sel = replace(sel, count=None, thresholds=tuple(t for t in sel.thresholds if t is not counted))
            return Condition(kind="count", text="", player=player, selector=sel, threshold=counted)
        return Condition(kind="only", text="", player=player, selector=sel)

    def cond_control(self, c: list) -> Condition:
        # "if you control a Shinji nexus", "if your opponent controls two or more spirits", "if you do not
        # control any spirits" (none of them)
        if has_tok(c, "MORE_FEWER"):
            return self.cond_control_more(c)
        player = first(c, Player)
        sel = _whose(first(c, Selector), player)
        if has_tok(c, "DONT"):
            return Condition(kind="count", text="", player=player, selector=replace(sel, count=None),
                             threshold=Threshold("count", "==", 0))
        counted = next((t for t in sel.thresholds if t.stat == "count"), None)
        if counted is None:
            counted = Threshold("count", ">=", sel.count or 1)
        else:
            sel = replace(sel, thresholds=tuple(t for t in sel.thresholds if t is not counted))
        return Condition(kind="count", text="", player=player, selector=replace(sel, count=None),
                         threshold=counted)

    def cmp_obj(self, c: list) -> tuple:
        zone = tok(c, "ZONE")
        if zone is None:
            return ("life", None)
        return ("count", str(zone).lower())

    def cond_compare(self, c: list) -> Condition:
        # "if you have less life than your opponent", "fewer cards in your hand than your opponent"
        players = [x for x in c if isinstance(x, Player)]
        stat, zone = first(c, tuple)
        op = _STRICT[str(tok(c, "MORE_FEWER")).lower()]
        unit = "life" if stat == "life" else None
        mine = Selector(count=None, owner=players[0], zone=zone, unit=unit)
        theirs = Selector(count=None, owner=players[1], zone=zone, unit=unit)
        return Condition(kind="compare", text="", player=players[0], selector=mine,
                         threshold=Threshold(stat, op, 0, ref=theirs))

    def cond_compare_count(self, c: list) -> Condition:
        # "if the number of spirits you control is equal to or fewer than your opponent"
        return _counts_compared(c, _OPS)

    def adj_while(self, c: list) -> tuple:       # the adjunct "while …" (the other adjuncts: transform.py)
        # "While your Voidlord spirits are attacking, …", "… while this spirit is being blocked": a battle
        # state the effect holds in (BSS 7-1-1-2, 7-1-3-2, 10-12-1), before or after the effect; "while you
        # have 3 or fewer life", "while your opponent controls …": as after "if" (BSS 8-1-4-1)
        if isinstance(c[0], Player):
            return ("if", self.cond_control(c) if tok(c, "CONTROL") is not None else self.cond_have(c))
        if tok(c, "HAS") is not None:             # "while it has a Soul Core on it": what a card has, as after "if"
            return ("if", self.cond_has(c))
        word = str(tok(c, "ATT_BLK", "EVENT_PASSIVE", "STATE", "LINKED")).lower()   # a battle or card state (4-4-1, 11-18-1)
        return ("if", Condition(kind="is", text="", selector=c[0],
                                object=Selector(count=None, state="blocked" if word == "blocked" else word)))

    def cond_control_more(self, c: list) -> Condition:
        # "if you control more spirits than your opponent (does)": the counts compared, strictly
        return _counts_compared(c, _STRICT)

    # ── what a card is, has or costs (BSS 2-1 .. 2-11, 4-11, 10-13): the predicates of
    # `judge.text.bs.selectors` (`being`, `having`, `costing`), the same as after a noun ──
    def cond_is(self, c: list) -> Condition:
        # "if it is a spirit card", "if it was exhausted", "if it is not red"
        return Condition(kind="is", text="", selector=c[0], object=described(first(c[1:], dict)),
                         negated=has_tok(c, "NEG"))

    def cond_has(self, c: list) -> Condition:
        # "if this spirit has a Soul Core on it", "if they all have different card names"
        return Condition(kind="is", text="", selector=c[0], object=described(first(c[1:], dict)))


    def cond_is_not(self, c: list) -> Condition:
        # "If it is not, …", "If it does not (have …), …": the description of the "if" before, or this one
        parts = first(c[1:], dict)
        return Condition(kind="is", text="", selector=c[0], object=described(parts) if parts else None,
                         negated=True)

    def _bp_of(self, word: Any) -> Selector:
        w = str(word).lower().replace("’", "'")
        if w.startswith("this"):
            return Selector(self_ref=True)
        if "attacking" in w or "blocking" in w:
            return Selector(count=1, card_types=("spirit",), state="attacking" if "attacking" in w else "blocking")
        return Ref()

    def _stat_is(self, c: list) -> tuple[str, Selector]:
        """"its BP is", "this spirit's cost is": (the stat, whose)."""
        words = str(tok(c, "STAT_IS")).lower().replace("’", "'").split()
        return words[-2], Selector(self_ref=True) if words[0] == "this" else Ref()

    def cond_bp_margin(self, c: list) -> Condition:
        # "if its BP is higher than the blocking spirit's BP by 5000 or more" (BSS 2-11)
        stat, subject = self._stat_is(c)
        word = str(tok(c, "MORE_FEWER")).lower()
        margin = first(c, tuple)
        ref = self._bp_of(tok(c, "BP_OF"))
        if margin is None:
            th = Threshold(stat, _STRICT[word], 0, ref=ref)
        else:
            th = Threshold(stat, ">=" if _OPS[word] == ">=" else "<=", margin[0] if _OPS[word] == ">=" else -margin[0],
                           ref=ref)
        return Condition(kind="is", text="", selector=subject, object=Selector(count=None, thresholds=(th,)))

    def cond_since_turn_start(self, c: list) -> Condition:
        # "if its BP is the same or higher than at the start of the turn": compared with an earlier state
        stat, subject = self._stat_is(c)
        word = tok(c, "MORE_FEWER")
        op = _OPS[str(word).lower()] if word is not None else "=="
        return Condition(kind="is", text="", selector=subject, object=Selector(
            count=None, thresholds=(Threshold(stat, op, 0, ref=subject, when="turn_start"),)))

    def cond_there(self, c: list) -> Condition:
        # "if there are no / 10 or more cards in your trash" (BSS 3-1): the same as "if you have …" of the
        # area's owner; an amount with no area of a player is not read
        amount = first(c, tuple)
        sel = amount[2]
        if sel is None or sel.zone is None or sel.owner is None:
            raise ValueError("not read: 'there are …' without whose area")
        return self.cond_have([sel.owner, amount])

    def cond_soul_core_on(self, c: list) -> Condition:
        # "if there is a Soul Core on it" (BSS 4-11); "if there are three or more cores on this spirit" (4-3):
        # the same as "if it has … on it"
        counted = first(c, tuple)
        have = {"thresholds": (cmp_threshold("cores", counted),)} if counted else \
            {"thresholds": (Threshold("soul_cores", ">=", 1),)}
        return Condition(kind="is", text="", selector=first(c, Selector), object=described(have))

    def cond_turn(self, c: list) -> Condition:
        return Condition(kind="turn", text="", player=_player(tok(c, "POSS")))

    def cond_used_during(self, c: list) -> Condition:
        return self.adj_during(c[1:])[1]         # "if used during your main step": that step, as "during …"

    def cond_among(self, c: list) -> Condition:
        # "if a magic card is among the discarded cards" (BSS 12-2)
        sel, counted = self._counted(replace(first(c, Selector), zone="revealed"))
        return Condition(kind="count", text="", selector=replace(sel, count=None),
                         threshold=counted or Threshold("count", ">=", sel.count or 1))

    def cond_none(self, c: list) -> Condition:
        # "if no magic card is among the revealed cards", "if none of your spirits are exhausted": none such
        sel = first(c, Selector)
        parts = first(c[1:], dict)
        if parts is None:
            sel = replace(sel, zone="revealed")
        else:
            for key, value in parts.items():
                sel = replace(sel, **{key: sel.thresholds + value if key == "thresholds" else value})
        return Condition(kind="count", text="", selector=replace(sel, count=None), threshold=Threshold("count", "==", 0))

    def cond_happened(self, c: list) -> Condition:
        return c[0]

    # ── events that happened (BSS 3-7, 8-4-2, 10-6) ──
    def _counted(self, sel: Selector) -> tuple[Selector, Threshold | None]:
        """"two or more of your opponent's spirits": the selector and how many of them."""
        counted = next((t for t in sel.thresholds if t.stat == "count"), None)
        if counted is not None:
            sel = replace(sel, thresholds=tuple(t for t in sel.thresholds if t is not counted))
        return sel, counted

    def hist_passive(self, c: list) -> Condition:
        # "if one of your spirits has been destroyed this turn"
        sel, counted = self._counted(c[0])
        by = first(c[1:], Selector)             # "… destroyed by your opponent's effects this turn"
        return Condition(kind="happened", text="", event=_EVENT_WORDS[str(tok(c, "EVENT_PASSIVE", "STATE")).lower()],
                         selector=sel, threshold=counted,
                         window="this_turn" if has_tok(c, "EACH_TURN") else "trigger",
                         **({"by": by} if by is not None else {}),
                         **({"qualifiers": ("via_battle",)} if has_tok(c, "VIA_BATTLE") else {}),
                         **({"zone": first(c, tuple)[1]} if first(c, tuple) is not None else {}), **_tails(c))

    def hist_passive_how(self, c: list) -> Condition:
        # "if this spirit is summoned from the trash": how the triggering event happened
        zone = first(c, tuple)
        word = str(tok(c, "EVENT_PASSIVE")).lower()
        if word == "linked" and zone is None and not has_tok(c, "WITH_THIS_EFFECT"):
            # "if this spirit is linked": a state that lasts while the link does (BSS 11-18-1, 11-18-4),
            # said of the card now like "is exhausted", not how an event happened
            return Condition(kind="is", text="", selector=c[0], object=Selector(count=None, state="linked"))
        return Condition(kind="happened", text="", event=_EVENT_WORDS[word],
                         selector=c[0], zone=zone[1] if zone else None,
                         window="this_effect" if has_tok(c, "WITH_THIS_EFFECT") else "trigger")

    def hist_no_life_lost(self, c: list) -> Condition:
        return Condition(kind="happened", text="", event="loses_life", player=first(c, Player),
                         window="this_turn", negated=True)

    def hist_spent(self, c: list) -> Condition:
        # "If you spend a Soul Core as part of this spirit's summoning cost" (BSS 4-11-3, 8-4-2)
        return Condition(kind="happened", text="", event="spends", player=first(c, Player),
                         object=Selector(count=1, unit="soul_core"), selector=c[-1], window="cost",
                         negated=has_tok(c, "DONT"))

    def cost_ref(self, c: list) -> Selector:
        # "this spirit's cost": the card itself; "that spirit's": a pronoun; "a magic card's": any such card
        words = str(c[0]).lower().replace("’", "'").split()
        if words[0] == "this":      # "this spirit's (summoning) cost" keeps the kind printed
            return Selector(self_ref=True, card_types=("spirit",) if words[1] == "spirit's" else ())
        if words[0] == "that":
            return Ref()
        kind = words[1].removesuffix("'s")
        return Selector(count=1, card_types=() if kind == "card" else (kind,))

    def hist_use_effect(self, c: list) -> Condition:
        # "if you used an effect you control to draw a card this turn": the event of "uses one of
        # their effects to …" (BSS 8-1-5-1), having happened this turn
        return replace(self.ev_use_effect(c), kind="happened", window="this_turn")

    def hist_by_effect(self, c: list) -> Condition:
        # "If you summon a spirit with this effect", "if you summon this spirit from your hand"
        verb = next((x for x in c if _is_word(x)), "destroys")
        zone = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "zone"), None)
        area = next((x[0] for x in c if isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], Player)), None)
        return Condition(kind="happened", text="", event=verb, player=Player.YOU, object=first(c, Selector),
                         zone=zone or area, window="this_effect" if has_tok(c, "WITH_THIS_EFFECT") else "trigger")

    def hist_cores_by_effect(self, c: list) -> Condition:
        cores = first(c, dict)
        area, _owner = first(c, tuple)
        unit = "soul_core" if cores.get("core_type") == "soul" else "core"
        return Condition(kind="happened", text="", event="core_placed", player=Player.YOU,
                         object=Selector(count=cores.get("count"), unit=unit), zone=area,
                         window="this_effect")

    def hist_ascend(self, c: list) -> Condition:
        # "If this spirit performs Ascend using a spirit that costs 7 or more" (BSS 11-8-1)
        return Condition(kind="happened", text="", event="ascends", selector=c[0], object=first(c[2:], Selector),
                         window="trigger")

    def hist_acts(self, c: list) -> Condition:
        # "If it attacks or blocks during this turn, …": whenever it does, within the duration; "If one of
        # your spirits attacks, …": whenever it does (an event, BSS 8-1-5-1)
        from judge.text.ast import Duration

        if c[1] == "ascends" and first(c, Duration) is None:
            return self.hist_ascend(c)        # "if this spirit performs Ascend using …": the trigger's summon
        sel, counted = self._counted(c[0]) if isinstance(c[0], Selector) else (c[0], None)
        return Condition(kind="event", text="", event=c[1], selector=sel, threshold=counted,
                         object=first(c[2:], Selector),
                         qualifiers=("this_turn",) if first(c, Duration) is not None else ())


__all__ = ["ConditionMixin"]
