"""FFTCG qualifiers of events (6.4, 6.5, 11.8.16), their sources (6.4), moments of the turn (9),
durations and windows (11.12.4) → typed AST nodes. A mixin of
`judge.text.fftcg.events.EventRules`; helpers come from the Transformer."""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import Duration, Player, Selector, Window, replace
from judge.text.fftcg.events_values import (
    PHASES,
    EvPred,
    Period,
    TurnOwner,
    _kinds,
)
from judge.text.fftcg.select import pairs_of


class EventSourceRules:
    """The rules this module's docstring names: a mixin of `judge.text.fftcg.events.EventRules`."""

    _span: Any
    _name: Any
    _counter: Any

    # ------------------------------------------------------------------ qualifiers of events (6.4, 6.5, 11.8.16)
    def by_source(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def by_card(self, meta, c):
        """"by a Forward of cost 3 or less" (6.4): the card that acts, a selector like any other; like a
        source ("by Summons") it names what acts, not how many (no count)."""
        return [("by", replace(next(x for x in c if isinstance(x, Selector)), count=None))]

    def by_source_due(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def due_cast(self, meta, c):
        return [("cause", "cast")]

    def due_warp(self, meta, c):
        return [("cause", "warp")]

    def due_from(self, meta, c):
        zone = dict(p for p in pairs_of(c) if p[0] == "zone").get("zone")
        return [("place", zone)] if zone else []

    def first_time(self, meta, c):
        return [("qual", "first_in_turn")]

    def dq_by(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def dq_card(self, meta, c):
        return [("by", next(x for x in c if isinstance(x, Selector)))]

    def dq_not_battle(self, meta, c):
        return [("qual", "not_battle")]

    def dq_not_own(self, meta, c):
        return [("qual", "not_by_own")]

    def dq_first(self, meta, c):
        return [("qual", "first_in_turn")]

    def dq_while(self, meta, c):
        """"while dull"; "(you receive damage) while {Name} is dull": the card whose state it is (6.3)."""
        state = next(p[1] for p in pairs_of(c) if p[0] == "state")
        card = next((x for x in c if isinstance(x, Selector)), None)
        if card is None and any(isinstance(t, Token) and t.type == "SELF" for t in c):   # the card's own name
            card = Selector(self_ref=True)
        if card is None:
            return [("qual", "while_" + state)]
        return [("qual", "while_" + state), ("what", replace(card, state=state))]

    def dq_time(self, meta, c):
        return [c[0]]

    def same_turn(self, meta, c):
        return ("qual", "same_turn")

    def ev_time(self, meta, c):
        return c[0]

    def dq_this_turn(self, meta, c):
        return [("qual", "this_turn")]

    def dq_same_turn(self, meta, c):
        return [("qual", "same_turn")]

    # ------------------------------------------------------------------ sources (6.4)
    def source_list(self, meta, c):
        parts = [x for x in c if isinstance(x, Selector)]
        extra = pairs_of(c)
        if len(parts) == 1 and parts[0].ref is not None:          # "by this effect": that one
            return replace(parts[0], span=self._span(meta))
        types = tuple(dict.fromkeys(t for p in parts for t in p.card_types))
        owner = next((p.owner for p in parts if p.owner is not None), None)
        colors = tuple(dict.fromkeys(k for p in parts for k in p.colors))
        about = next((p.about for p in parts if p.about is not None), None)
        ths = parts[-1].thresholds if parts else ()              # said after the last source, it holds for each
        if any(p.thresholds and p.thresholds != ths for p in parts[:-1]):
            raise ValueError("sources of different costs are not modelled")   # never merged into one
        sel = Selector(count=None, card_types=types, owner=owner, colors=colors, about=about, thresholds=ths,
                       span=self._span(meta))
        for key, value in extra:
            if key == "owner":
                sel = replace(sel, owner=value)
            elif key == "color":
                sel = replace(sel, colors=(*sel.colors, value))
            elif key == "state":
                sel = replace(sel, state=value)
            elif key == "type":
                sel = replace(sel, card_types=(*sel.card_types, value))
        return sel

    def src(self, meta, c):
        """"Summons", "your opponent's abilities", "your Fire Summons" (an Element: yours unless said, 6.4)."""
        kinds = _kinds(c)
        elems = tuple(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT")   # "Light or Dark Summons"
        owner = next((p[1] for p in pairs_of(c) if p[0] == "owner"), None)
        ths = tuple(p[1] for p in pairs_of(c) if p[0] == "th")
        if elems:
            return Selector(count=None, card_types=tuple(kinds), colors=elems, owner=owner or Player.YOU, thresholds=ths)
        return Selector(count=None, card_types=tuple(kinds), owner=owner, thresholds=ths)

    def src_card_ability(self, meta, c):
        owner = next((p[1] for p in pairs_of(c) if p[0] == "owner"), None)
        plural = next((str(t).rstrip("'’")[:-1] for t in c if isinstance(t, Token) and t.type == "PLURAL_CARD_POSS"), None)
        kind = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "card_type"), plural or "forward")
        return Selector(count=None, card_types=("ability",), owner=owner, about=Selector(card_types=(kind,)))

    def sct_backup(self, meta, c):
        return ("card_type", "backup")

    def sct_forward(self, meta, c):
        return ("card_type", "forward")

    def sct_monster(self, meta, c):
        return ("card_type", "monster")

    def sct_character(self, meta, c):
        return ("card_type", "character")

    def src_of(self, meta, c):
        kinds = _kinds(c)
        return Selector(count=None, card_types=tuple(kinds), about=next(x for x in c if isinstance(x, Selector)))

    def src_this(self, meta, c):
        return Selector(count=None, ref="this_effect", card_types=("ability",))

    def src_forward(self, meta, c):
        return Selector(count=None, card_types=("forward",))

    def sk_summon(self, meta, c):
        return "summon"

    def sk_summon_ability(self, meta, c):
        return "summon_and_ability"

    def sk_ability(self, meta, c):
        return "ability"

    def sk_ex_burst(self, meta, c):
        return "ex_burst"

    def src_kind(self, meta, c):
        return c[0]

    def sp_opp(self, meta, c):
        return [("owner", Player.OPPONENT)]

    def sp_named_element(self, meta, c):
        return [("color", "named")]

    def sp_no_damage(self, meta, c):
        return [("state", "deals_no_damage")]

    def sp_not_kind(self, meta, c):
        return [("type", f"not_{c[0]}_ability")]

    def sa_special(self, meta, c):
        return "special"

    def sa_action(self, meta, c):
        return "action"

    def sp_share_element(self, meta, c):
        return [("color", "same")]

    def sp_during(self, meta, c):
        return []

    # ------------------------------------------------------------------ moments of the turn (9)
    def t_you(self, meta, c):
        return TurnOwner(Player.YOU)

    def t_opp(self, meta, c):
        return TurnOwner(Player.OPPONENT)

    def t_any(self, meta, c):
        return TurnOwner(Player.ANY)

    def t_controller(self, meta, c):
        return TurnOwner(Player.YOU)

    def _whose(self, c: list[Any]) -> Player | None:
        owner = next((x for x in c if isinstance(x, TurnOwner)), None)
        return owner.player if owner else None

    def _next(self, c: list[Any]) -> bool:
        return "next" in c

    def each_turn(self, meta, c):
        return Period("turn", whose=self._whose(c) or Player.YOU)

    def owned_turn(self, meta, c):
        return Period("turn", whose=self._whose(c), next_only=self._next(c))

    def any_turn(self, meta, c):
        return Period("turn", whose=Player.ANY)

    def p_turn(self, meta, c):
        return c[0]

    def p_this_turn(self, meta, c):
        return Period("turn")

    def p_phase(self, meta, c):
        phase = next(x for x in c if isinstance(x, tuple) and x[0] == "phase")
        during = next((x for x in c if isinstance(x, Period)), None)
        whose = self._whose(c) or (during.whose if during else None)
        return Period(phase[1], number=phase[2], whose=whose, next_only=self._next(c))

    def during_turns(self, meta, c):
        return c[0]

    def _phase(self, name: str, c: list[Any]) -> tuple[str, str, int | None]:
        n = next((int(str(t)) for t in c if isinstance(t, Token) and t.type == "NUMBER"), None)
        return ("phase", name, n)

    for _alias, _name in PHASES.items():
        locals()[_alias] = (lambda name: lambda self, meta, c: self._phase(name, c))(_name)
    del _alias, _name

    # ------------------------------------------------------------------ durations and windows (11.12.4)
    def d_turn(self, meta, c):
        return Duration.TURN

    def d_until_turn(self, meta, c):
        whose = self._whose(c)
        if whose is Player.OPPONENT:
            return Duration.OPPONENT_TURN_END
        return Duration.YOUR_NEXT_TURN_END if self._next(c) else Duration.TURN

    def d_next_turn(self, meta, c):
        return Duration.NEXT_TURN_END

    def d_until_next(self, meta, c):
        return Duration.NEXT_TURN_BEGIN

    def d_turn_entered(self, meta, c):
        return Duration.TURN

    def w_phases(self, meta, c):
        phases = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "phase"]
        return Window(whose=Player.ANY, phase="|".join(phases), span=self._span(meta))

    def pp_played(self, meta, c):
        window = next((x for x in c if isinstance(x, Window)), None)
        return EvPred("played", {"place": window.phase if window else None})

    def d_while_on_field(self, meta, c):
        return Duration.WHILE_ON_FIELD

    def d_window(self, meta, c):
        w = c[0]
        if w.whose is Player.OPPONENT:
            return Duration.OPPONENT_TURNS
        return Duration.YOUR_TURNS if w.whose is Player.YOU and w.phase is None else Duration.PERMANENT

    def w_during(self, meta, c):
        """"during your turn", "during each turn", "during either player's Main Phase or Attack Phase"."""
        phases = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "phase"]
        return Window(whose=self._whose(c), phase="|".join(phases) or None, span=self._span(meta))

    def phase_name(self, meta, c):
        word = next(str(t) for t in c if isinstance(t, Token) and t.type == "PHASE_NAME").split()[0]
        return self._phase(word, c)

    def w_each_turn(self, meta, c):
        return Window(whose=Player.ANY, span=self._span(meta))

    def w_each_phase(self, meta, c):
        phase = next(x for x in c if isinstance(x, tuple) and x[0] == "phase")
        return Window(whose=Player.ANY, phase=phase[1], span=self._span(meta))

    def w_any_phase(self, meta, c):
        """"during the Attack Phase (or …)" (11.12.4.4): that phase of any player's turn."""
        phases = [x[1] for x in c if isinstance(x, tuple) and x and x[0] == "phase"]
        return Window(whose=Player.ANY, phase="|".join(phases), span=self._span(meta))

    def w_phase(self, meta, c):
        phase = next(x for x in c if isinstance(x, tuple) and x[0] == "phase")
        return Window(whose=self._whose(c), phase=phase[1], span=self._span(meta))


__all__ = ["EventSourceRules"]
