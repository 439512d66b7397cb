"""Battle Spirits transformer, events, causes and labels: every one a typed `Condition` (fields in
`judge.text.ast.Condition`, ids in `judge.text.ast.EVENTS`), never its words.

An event is what happens (`event`, an id named by its verb), who or what it happens to or who acts
(`selector` / `player`), what the act is aimed at (`object`), its cause (`by`: an effect, an attack,
a player), from or to where (`zone`) and closed flags (`qualifiers`). Timing labels (BSS 8-1-5-1)
are "When" / "While" an event, "During" a step, "End of" a turn.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from judge.text.ast import Condition, Draw, MoveCores, Player, Selector, replace
from judge.text.bs.labels import STEP_IDS
from judge.text.bs.nodes import Ref, _player, first, has_tok, ints, tok, toks

_EVENT_WORDS = {
    "destroyed": "destroyed", "summoned": "summoned", "placed": "placed", "blocked": "blocked",
    "linked": "linked", "discarded": "discarded", "selected": "selected", "returned": "returned",
    "exhausted": "exhausted", "refreshed": "refreshed", "deployed": "deployed", "attacked": "attacked",
    "attacks": "attacks", "blocks": "blocks", "destroys": "destroys", "exhausts": "exhausts",
    "discards": "discards", "refreshes": "refreshes", "links": "links", "use": "uses", "uses": "uses", "used": "uses",
    "summon": "summons", "summons": "summons", "discard": "discards", "destroy": "destroys",
    "exhaust": "exhausts", "refresh": "refreshes",
}


#: the verbs a subjectless label names (grammar/bs.lark self_act)
_SELF_ACTS = frozenset({"EVENT_PASSIVE", "SELF_STATE", "EVENT_ACTIVE"})


#: the keywords a card performs (BSS 11-8-1 Ascend, performed using a spirit) → their event id
_PERFORMED = {"ascend": "ascends"}


def _event_id(words: list[str]) -> str:
    """"destroyed" → destroyed; "summoned or attacks" → summoned_or_attacks."""
    ids = [_EVENT_WORDS[w.lower()] for w in words]
    return "_or_".join(ids)


def _is_word(x: Any) -> bool:
    """A plain string child (an id made by a sub-rule), not a token nor a Player."""
    return isinstance(x, str) and not isinstance(x, Token | Player)


def _whose(sel: Selector | None, player: Player) -> Selector | None:
    """A selector counted among a player's cards: the player is its owner unless it says whose."""
    if sel is None or sel.owner is not None:
        return sel
    return replace(sel, owner=player)


def _tails(c: list) -> dict:
    """The ev_tail parts of an event: by, zone, qualifiers."""
    out: dict[str, Any] = {}
    quals: list[str] = []
    for x in c:
        if isinstance(x, tuple) and len(x) == 2 and x[0] in ("by", "zone", "qual"):
            if x[0] == "qual":
                quals.append(x[1])
            else:
                out[x[0]] = x[1]
    if quals:
        out["qualifiers"] = tuple(dict.fromkeys(quals))
    return out



class _Label(list):
    """The parts of a timing label, with the label as printed (for display)."""

    printed = ""



class EventMixin:
    """Events, causes, points in time and labels of grammar/bs.lark → Condition nodes."""

    # ── events (BSS 8-1-5-1) ──
    def ev_passive(self, c: list) -> str:
        return _event_id([str(t) for t in c if isinstance(t, Token)])

    def ev_active(self, c: list) -> str:
        # "attacks or blocks", "blocks or is destroyed": each verb an event of its own (ids joined by "_or_")
        return _event_id([str(t) for t in c if isinstance(t, Token) and t.type != "IS_WORD"])

    def ev_performs(self, c: list) -> str:
        # BSS 11-8-1 "performs Ascend (using …)": the act of the keyword performed
        name = next(x for x in c if _is_word(x))
        if name.lower() not in _PERFORMED:
            raise ValueError(f"not read: performing {name} (only Ascend is performed using a card)")
        return _PERFORMED[name.lower()]

    def ev_is(self, c: list) -> Condition:
        # "X is destroyed", "X would be destroyed" (a replacement's event, BSS 8-9), "only X is destroyed"
        only = bool(c) and c[0] == ("only",)
        if only:
            c = c[1:]
        subject = c[0]
        event = next(x for x in c if _is_word(x))
        if has_tok(c, "WOULD_BE"):
            return Condition(kind="would", text="", event=event, selector=subject, **_tails(c))
        sel, counted = self._counted(subject) if isinstance(subject, Selector) else (subject, None)
        ev = Condition(kind="event", text="", event=event, selector=sel, threshold=counted, **_tails(c[2:]))
        return replace(ev, qualifiers=(*ev.qualifiers, "only")) if only else ev

    def only(self, c: list) -> tuple:
        return ("only",)

    def ev_drawing(self, c: list) -> Condition:
        # "when drawing outside of the draw step": any player's draw (BSS 4-5)
        return Condition(kind="event", text="", event="draws", player=Player.EACH, **_tails(c))

    def self_act(self, c: list) -> Token:
        return c[0]

    def ev_self(self, c: list) -> Condition:
        # a label's "Summoned", "Attacks", "Summoned or Attacks", "Destroyed By Opponent": the card
        # itself (BSS 8-1-5-1)
        words = [str(t) for t in c if isinstance(t, Token) and t.type in _SELF_ACTS]
        return Condition(kind="event", text="", event=_event_id(words), **_tails(c))

    def ev_self_acts(self, c: list) -> Condition:
        return Condition(kind="event", text="", event="attacks" if "attack" in str(c[0]).lower() else "blocks")

    def ev_acts(self, c: list) -> Condition:
        # who or what acts (a card, a player, an effect: BSS 8-1-5-1), the act, what it is aimed at
        actor, verb = c[0], c[1]
        obj = first(c[2:], Selector)
        tails = _tails(c[2:])
        if isinstance(actor, Player):
            return Condition(kind="event", text="", event=verb, player=actor, object=obj, **tails)
        if isinstance(actor, Selector) and actor.unit == "effect":    # "your opponent's effect discards …"
            return Condition(kind="event", text="", event=verb, by=actor, object=obj,
                             **{k: v for k, v in tails.items() if k != "by"})
        return Condition(kind="event", text="", event=verb, selector=actor, object=obj, **tails)

    def ev_verb(self, c: list) -> str:
        return c[0]

    def ev_verb_place(self, c: list) -> str:
        return "places"

    def ev_verb_return(self, c: list) -> str:
        return "returns"

    def ev_verb_use(self, c: list) -> str:
        return _EVENT_WORDS[str(c[0]).lower()]

    def verb_base(self, c: list) -> str:
        word = str(c[0]).lower()
        return {"summon": "summons", "summons": "summons", "deploy": "summons", "deploys": "summons",
                "exhaust": "exhausts", "refresh": "refreshes"}[word]

    def vb_destroy(self, c: list) -> str:
        return "destroys"

    def vb_discard(self, c: list) -> str:
        return "discards"

    def ev_use_effect(self, c: list) -> Condition:
        # "When your opponent uses one of their effects to place a core from the void onto a spirit …"
        player = first(c, Player)
        effects = next(x for x in c if isinstance(x, list))
        moves = [m for e in effects for m in ((e,) if isinstance(e, MoveCores) else
                                             [o[0] for o in getattr(e, "options", ()) if isinstance(o[0], MoveCores)])]
        move = moves[0] if moves else None
        draw = next((e for e in effects if isinstance(e, Draw)), None)
        if draw is not None:
            return Condition(kind="event", text="", event="draws", player=player,
                             object=Selector(count=draw.count, zone="deck"),
                             by=Selector(count=None, unit="effect", owner=player))
        if move is None:
            raise ValueError("an effect used to do something other than moving cores or drawing")
        # where the cores come from is kept on them (object.zone); several destinations: any of them
        return Condition(kind="event", text="", event="core_placed", player=player,
                         object=Selector(count=move.count, unit="core", zone=move.source),
                         zone="_or_".join(m.dest for m in moves), selector=move.dest_target,
                         by=Selector(count=None, unit="effect", owner=player))

    def ev_ascend(self, c: list) -> Condition:
        sels = [x for x in c if isinstance(x, Selector)]
        player = first(c, Player)
        return Condition(kind="event", text="", event="ascends", player=player,
                         selector=sels[0] if len(sels) > 1 or player is None else None, object=sels[-1])

    def life_event(self, c: list) -> dict:
        players = [x for x in c if isinstance(x, Player)] or ([Player.YOU] if has_tok(c, "YOU") else [])
        if has_tok(c, "GAIN_VERB"):
            return {"event": "loses_life", "player": players[0] if len(players) == 1 else Player.EACH}
        owner = _player(tok(c, "POSS"))
        by: Selector | None = None
        if first(c, Selector) is not None:       # a card, or a card's attacks (`attacks_of`)
            by = first(c, Selector)
        elif players:
            by = Selector(count=None, unit="player", owner=players[0])
        return {"event": "life_reduced", "player": owner, "by": by}

    def ev_life(self, c: list) -> Condition:
        parts = c[0]
        tails = _tails(c[1:])
        if "by" in tails and parts.get("by") is not None:
            tails["by"] = replace(tails["by"], about=tails["by"].about) if tails["by"].unit else tails["by"]
        merged = {**parts, **{k: v for k, v in tails.items() if v is not None}}
        return Condition(kind="event", text="", **merged)

    def ev_core(self, c: list) -> Condition:
        # "a core is placed into …", "a Soul Core is placed on …" (BSS 3-9, 4-11): the cores, then where
        n = ints(c)[0] if ints(c) else 1
        cores = Selector(count=n, unit="soul_core" if "soul_core" in c else "core")
        where = c[-1]
        if isinstance(where, tuple):
            area, owner = where
            return Condition(kind="event", text="", event="core_placed", object=cores, zone=area, player=owner)
        return Condition(kind="event", text="", event="core_placed", object=cores, selector=where)

    def ev_battle_end(self, c: list) -> Condition:
        # "the battle ends", "a battle with X ends (with X still on the field)" (BSS 7-1-6-1)
        still = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "still"), None)
        return Condition(kind="event", text="", event="battle_ends", selector=first(c, Selector) or still,
                         qualifiers=("still_on_field",) if still is not None else ())

    def still_on_field(self, c: list) -> tuple:
        return ("still", first(c, Selector))

    def effect_ref(self, c: list) -> Selector:
        return c[0]

    # ── effects named as a cause or an actor (BSS 1-3-3, 8-1-5-1) ──
    def effects(self, c: list) -> Selector:
        parts: dict = {}
        for x in c:
            if isinstance(x, dict):
                parts.update(x)
        of = tok(c, "EFFECTS_OF")          # "one of your opponent's effects"
        if of is not None:
            parts.setdefault("owner", _player(str(of).split(" of ", 1)[1]))
        keyword = next((x for x in c if _is_word(x)), None)
        kind = tok(c, "EFFECT_KIND")
        if keyword is not None:
            parts.update(effect="keyword", with_keyword=keyword)
        elif kind is not None:
            parts["effect"] = str(kind).lower()
        return Selector(count=None, unit="effect", **parts)

    def effect_keyword(self, c: list) -> str:
        return self.keyword_name(c)

    def ew_poss(self, c: list) -> dict:
        if c[0].type == "POSS_IT":
            return self.ew_its(c)
        return {"owner": _player(c[0])}

    def ew_any(self, c: list) -> dict:
        return {}

    def ew_its(self, c: list) -> dict:
        # "this spirit's Ascend effect": the card itself; "its …": whose is said by the card before
        return {"about": Selector(self_ref=True)} if str(c[0]).lower().startswith("this") else {}

    def ew_this(self, c: list) -> dict:
        return {"effect": "this"}

    def es_about(self, c: list) -> dict:
        return {"about": c[0]}

    def es_control(self, c: list) -> dict:
        # "an effect you control", "an effect they control"
        return {"owner": c[0] if isinstance(c[0], Player) else Player.OPPONENT}

    def ev_effect_adds(self, c: list) -> Condition:
        return Condition(kind="event", text="", event="added_to_hand", by=c[0], player=_player(tok(c, "POSS")))

    def ev_step_ended(self, c: list) -> Condition:
        return Condition(kind="event", text="", event="attack_step_ends", by=c[0])

    def ev_draw(self, c: list) -> Condition:
        n = ints(c)
        return Condition(kind="event", text="", event="draws", player=first(c, Player),
                         object=Selector(count=n[0], zone="deck") if n else None, **_tails(c))

    def ev_returns(self, c: list) -> Condition:
        zones = "/".join(str(t).lower() for t in toks(c, "ZONE"))
        return Condition(kind="event", text="", event="returned", selector=c[0], zone=zones)

    def ev_zero_cores(self, c: list) -> Condition:
        # "… has its cores reduced to zero (by your opponent's effect)": the cause is kept (BSS 9-3-2-1)
        by = first(c[1:], Selector)
        return Condition(kind="event", text="", event="destroyed", selector=c[0], qualifiers=("via_zero_cores",),
                         **({"by": by} if by is not None else {}), **_tails(c))

    def ev_zero_bp(self, c: list) -> Condition:
        return Condition(kind="event", text="", event="destroyed", selector=c[0], qualifiers=("via_zero_bp",))

    def ev_compares(self, c: list) -> Condition:
        return Condition(kind="event", text="", event="compares_bp", selector=c[0], **_tails(c[1:]))

    def ev_spend(self, c: list) -> Condition:
        return Condition(kind="event", text="", event="spends", player=first(c, Player),
                         object=Selector(count=1, unit="soul_core"), selector=first(c, Selector))

    def ev_resolves(self, c: list) -> Condition:
        # "When Opponent Resolves a Spirit's “When Summoned” Effect" (BSS 10-9, 10-6-1)
        from judge.text.bs.nodes import timing_of_quoted

        quoted = str(tok(c, "QUOTED_EFFECT")).rsplit(" ", 1)[0]
        step = quoted.strip('"“” ').lower()
        # a magic's “Main” / “Flash” effect is named by its step (BSS 8-1-3-1), as "this card's main effect" is
        timing = step if step in ("main", "flash") else timing_of_quoted(quoted)
        kind = str(tok(c, "SPIRIT_POSS")).lower().split("'")[0].split("’")[0].split()[0]   # "magic card's": magic
        return Condition(kind="event", text="", event="resolves", player=first(c, Player),
                         object=Selector(count=1, unit="effect", effect=timing,
                                         about=Selector(card_types=(kind,) if kind != "card" else ())))

    def ev_would_select(self, c: list) -> Condition:
        sels = [x for x in c if isinstance(x, Selector)]
        by = Selector(count=None, unit="effect", about=sels[1]) if len(sels) > 1 else None
        return Condition(kind="would", text="", event="selects", player=first(c, Player), object=sels[0], by=by)

    # tails of an event
    def tail_by(self, c: list) -> tuple:
        # the cause: a source (`by_what`), "with one of your effects" (whose effects), "by this effect"
        if isinstance(c[0], Token) and c[0].type == "WITH_THIS_EFFECT":
            return ("qual", "with_this_effect")
        if isinstance(c[0], Token):
            owner = str(c[0]).split(" of ", 1)[1]
            return ("by", Selector(count=None, unit="effect", owner=_player(owner)))
        return ("by", c[0])

    def tail_place(self, c: list) -> tuple:
        # an area ("into your trash": the area's name) or zones ("to your hand or deck": joined by "/")
        zones = toks(c, "ZONE")
        return ("zone", "/".join(str(t).lower() for t in zones) if zones else c[-1][0])

    def tail_first(self, c: list) -> tuple:
        return ("qual", "first_each_turn")

    def tail_battle(self, c: list) -> tuple:
        return ("qual", "via_battle")

    def tail_reduced(self, c: list) -> tuple:
        # "via reducing its cores / BP to zero (0)": destroyed by 9-3-2 / 9-4 (any other number is not a destruction)
        if any(n != 0 for n in ints(c)):
            raise ValueError("not read: reduced to a number other than 0")
        return ("qual", "via_zero_bp" if has_tok(c, "BP_W") else "via_zero_cores")

    def tail_outside_draw(self, c: list) -> tuple:
        return ("qual", "outside_draw_step")

    # ── causes (BSS 1-3-3, 8-5-3): "by your opponent's effects", "with an attack from X" ──
    def by_what(self, c: list) -> Selector:
        return c[0]

    def effect_words(self, c: list) -> tuple:
        kind = tok(c, "EFFECT_KIND")
        return ("effect", str(kind).lower() if kind is not None else None)

    def src_effects(self, c: list) -> Selector:
        return c[0]

    def src_effects_of(self, c: list) -> Selector:
        _, kind = first(c, tuple)
        return Selector(count=None, unit="effect", about=first(c, Selector), effect=kind)

    def src_selector(self, c: list) -> Selector:
        return c[0]

    def src_player(self, c: list) -> Selector:
        return Selector(count=None, unit="player", owner=c[0])

    def src_attack(self, c: list) -> Selector:
        return Selector(count=None, unit="attack", about=first(c, Selector))

    def src_attack_of(self, c: list) -> Selector:
        return c[0]

    def attacks_of(self, c: list) -> Selector:
        # "this spirit's attacks" / "its attacks" (the card itself / the one spoken of), "X's attacks": X's
        if isinstance(c[0], Selector):
            return Selector(count=None, unit="attack", about=c[0])
        word = str(c[0]).lower()
        return Selector(count=None, unit="attack", about=Selector(self_ref=True) if word.startswith("this") else Ref())

    # ── while a cost is paid, points in time (BSS 10-6-5, 6-2-1, 6-8-1-1, 7-1-6-1) ──
    @v_args(meta=True)
    def paying(self, meta: Any, c: list) -> Condition:
        # "while summoning or placing X": either event (ids joined by "_or_", as the labels' are)
        verbs = [w for w in str(tok(c, "PAYING_W")).lower().split() if w.endswith("ing")]
        ids = {"summoning": "summoned", "using": "uses", "placing": "placed", "activating": "resolves"}
        event = "_or_".join(ids[v] for v in verbs)
        zone = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "zone"), None)
        effect = next((x for x in c if isinstance(x, tuple) and x and x[0] == "effect"), None)
        if effect is not None:          # "When activating this card's main effect"
            _, card, timing, step = effect
            return Condition(kind="paying", text=self._printed(meta), event=event, selector=card,
                             object=Selector(count=1, unit="effect", effect=timing or step), span=self._span(meta))
        return Condition(kind="paying", text=self._printed(meta), event=event, selector=first(c, Selector),
                         zone=zone, span=self._span(meta))

    @v_args(meta=True)
    def time_point(self, meta: Any, c: list) -> Condition:
        words = str(c[0]).lower().split()
        if words[2] == "start":
            event = "step_start" if words[-1] == "step" else "turn_start"
        else:
            event = "battle_end" if words[-1] == "battle" else "turn_end"
        return Condition(kind="event", text=self._printed(meta), event=event, span=self._span(meta))

    # ── timing labels (BSS 8-1-5-1) ──
    @v_args(meta=True)
    def label(self, meta: Any, c: list) -> list:
        parts = _Label(c)
        parts.printed = self._printed(meta)
        return parts

    def label_when(self, c: list) -> tuple:
        return ("when", c[0])

    def label_while(self, c: list) -> tuple:
        return ("while", c[0])

    def label_during(self, c: list) -> tuple:
        return c[0] if c[0][0] == "during_battle" else ("during", *c[0])

    def label_end(self, c: list) -> tuple:
        return ("end", c[0][0])

    def label_end_battle(self, c: list) -> tuple:
        return ("end_battle",)

    def window(self, c: list) -> tuple:
        who = tok(c, "WHOSE")
        w = str(who).lower().replace("’", "'") if who is not None else "either"
        who_id = "either" if w.startswith(("either", "each")) else "opponents" if "opponent" in w else "your"
        step = tok(c, "STEP_WORD")
        return (who_id, STEP_IDS[str(step).lower()] if step is not None else "turn")

    def window_battle(self, c: list) -> tuple:
        return ("during_battle", str(c[0]).lower())



__all__ = ["_EVENT_WORDS", "EventMixin", "_event_id", "_is_word", "_tails", "_whose"]
