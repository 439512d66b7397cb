"""Battle Spirits transformer, verb phrases: select, destroy, draw, discard, cores, BP, deploy, move,
reveal (BSS 10: effect rules in detail)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from judge.text.ast import (
    CostChange,
    Declare,
    Deploy,
    Destroy,
    Discard,
    Draw,
    Duration,
    ModifyStat,
    Move,
    Player,
    Restriction,
    Reveal,
    Selector,
    SetState,
    Threshold,
    replace,
)
from judge.text.bs.nodes import Pick, Ref, _num, _player, first, has_tok, ints, tok, toks


def _is_id(x: Any) -> bool:
    """A plain string child made by a sub-rule (a destination id), not a token nor a Player."""
    return isinstance(x, str) and not isinstance(x, Token | Player)


def _per(c: list) -> Selector | None:
    """The "for each …" part of a directive, if any."""
    return next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "per"), None)


def _per_count(sel: Selector, c: list) -> Selector:
    """"Select one of … for each …": the count is per item of the `per` selector (BSS 4-6)."""
    per = _per(c)
    if per is None:
        return sel
    return replace(sel, count=None, thresholds=(*sel.thresholds, Threshold("count_per", "==", sel.count or 1, ref=per)))


def _zone(c: list) -> str | None:
    return next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "zone"), None)


def _zoned(target: Selector, c: list) -> Selector:
    """A selector moved "from your trash": its zone, and whose zone it is when the noun phrase did not
    say whose cards (as "… from your trash" after the noun does; a pronoun keeps what it stands for)."""
    found = next((x for x in c if isinstance(x, tuple) and x and x[0] == "zone"), None)
    if found and target.self_ref and not isinstance(target, Ref):
        return replace(target, zone=found[1])    # "return this card from your trash": where it is
    if found and not target.self_ref and not isinstance(target, Ref):
        owner = found[2] if len(found) > 2 and target.owner is None else target.owner
        return replace(target, zone=found[1], owner=owner)
    return target


def possessor(word: Any) -> Selector:
    """Whose, from "its" / "this spirit's" / "the destroyed spirit's" (a pronoun left to resolve)."""
    w = str(word).lower().replace("’", "'")
    if w.startswith("this"):
        return Selector(self_ref=True)
    done = next((p for p in ("destroyed", "selected") if p in w), None)
    return Ref(participle=done if done != "selected" else None)


def _duration(c: list, default: Duration = Duration.PERMANENT) -> Duration:
    return first(c, Duration) or default


class DirectiveMixin:
    """Directive rules of grammar/bs.lark → effect nodes."""

    # ── selection (BSS 8-5-3) ──
    def select(self, c: list) -> Pick:
        from judge.text.bs.objects import joined

        phrases, either = joined(first(c, Selector))       # "select X and Y" / "select X or Y" (BSS 8-5-3)
        picks = tuple(_per_count(x, c) for x in phrases)
        return Pick(target=picks[0] if len(picks) == 1 else picks, either=either)

    @v_args(meta=True)
    def select_by(self, meta: Any, c: list) -> Pick | Restriction:
        # "Your opponent selects one of their spirits", "make your opponent select …": they choose
        who = first(c, Player) or (Player.OPPONENT if has_tok(c, "OPP_SUBJ") else
                                   Player.YOU if has_tok(c, "YOU") else None)
        sel = first(c, Selector)
        if isinstance(sel, Ref) and sel.bare:
            # "your opponent selects them", "you select it instead": the selection an earlier phrase
            # speaks of is made by the player named
            return Restriction(mode="can", action="choose_targets", player=who or Player.OPPONENT, target=Ref(),
                               duration=Duration.PERMANENT, span=self._span(meta))
        return Pick(target=self.select_chooser(_per_count(sel, c), who))


    def select_either_from(self, c: list) -> Pick:
        # "Select one Wyvern spirit card, or one Crimson nexus card, from your trash": either one
        return Pick(target=tuple(_zoned(x, c) for x in c if isinstance(x, Selector)), either=True)

    def as_many(self, c: list) -> Selector:
        # BSS 4-6: "up to as many of … as you have yellow symbols", whatever the directive: the count follows the symbols
        sel = first(c, Selector)
        colors = tuple(str(t).lower() for t in toks(c, "COLOR"))
        per = Selector(count=None, unit="symbol", colors=colors, owner=Player.YOU)
        return replace(sel, count=None, up_to=True,
                       thresholds=(*sel.thresholds, Threshold("count_per", "==", 1, ref=per)))

    @v_args(meta=True)
    def select_color(self, meta: Any, c: list) -> Declare:
        # "select a color": a colour named for later text ("of the selected color", BSS 2-4)
        return Declare(things=("color",), span=self._span(meta))

    @v_args(meta=True)
    def select_for(self, meta: Any, c: list) -> Restriction:
        # "you select which spirits are exhausted by your Gale effects": the choice passes to you
        return Restriction(mode="can", action="choose_targets", player=Player.YOU, target=first(c, Selector),
                           by=c[-1], duration=Duration.PERMANENT, span=self._span(meta))

    @v_args(meta=True)
    def make(self, meta: Any, c: list) -> Any:
        # the act made: a gain (its own subject), or "your opponent select …" (a selection they make)
        return self.select_by(meta, c) if has_tok(c, "OPP_SUBJ") else c[0]

    # ── destruction, drawing, discarding (BSS 10-1, 4-5, 10-2) ──
    @v_args(meta=True)
    def destroy(self, meta: Any, c: list) -> Destroy:
        return Destroy(target=first(c, Selector), span=self._span(meta))

    @v_args(meta=True)
    def draw(self, meta: Any, c: list) -> Draw:
        who = first(c, Player)                   # "your opponent draws …" (else the effect's controller)
        counted = ints(c)                        # "draw cards equal to the number of …": one per item
        return Draw(count=counted[0] if counted else 1, per=_per(c), additional=has_tok(c, "ADDITIONAL"),
                    span=self._span(meta),
                    **({"player": who} if who is not None else {}))

    @v_args(meta=True)
    def draw_until(self, meta: Any, c: list) -> Draw:
        return Draw(count=ints(c)[0], until=True, span=self._span(meta))

    @v_args(meta=True)
    def draw_until_same(self, meta: Any, c: list) -> Draw:
        # draw until your hand has as many cards as the opponent's: count 0, per their hand size
        return Draw(count=0, until=True, per=Selector(count=None, owner=Player.OPPONENT, zone="hand"),
                    span=self._span(meta))

    @v_args(meta=True)
    def discard_n(self, meta: Any, c: list) -> Discard:
        who = first(c, Player)                   # "your opponent discards …" (else the effect's controller)
        return Discard(count=ints(c)[0], span=self._span(meta), **({"player": who} if who is not None else {}))

    @v_args(meta=True)
    def discard_target(self, meta: Any, c: list) -> Discard:
        target = first(c, Selector)
        n = target.count if target.count else 1
        if target.count is None and target.up_to:      # "discard any number of them / of cards"
            n = 0
            if type(target) is Selector and target.zone in (None, "any") and not target.card_types:
                target = replace(target, zone="hand")  # from the hand unless stated (BSS 10-2-2)
        return Discard(count=n, target=target, span=self._span(meta))

    @v_args(meta=True)
    def act_3rd(self, meta: Any, c: list) -> Any:
        # "Your opponent selects one of their spirits and destroys it / exhausts it / discards it"
        verb = str(tok(c, "EVENT_ACTIVE")).lower()
        target = first(c, Selector)
        who = first(c, Player)
        span = self._span(meta)
        if verb == "destroys":
            return Destroy(target=target, span=span)
        if verb in ("exhausts", "refreshes"):
            return SetState(state="exhausted" if verb == "exhausts" else "refreshed", target=target, span=span)
        if verb == "discards":
            return Discard(count=target.count or 1, target=target, player=who or Player.OPPONENT, span=span)
        raise ValueError(f"'{verb}' is not an effect a player performs")

    @v_args(meta=True)
    def discard_hand(self, meta: Any, c: list) -> Discard:
        who = first(c, Player)                   # "your opponent discards their entire hand" (BSS 10-2)
        return Discard(count=0, target=Selector(count=None, zone="hand"), span=self._span(meta),
                       **({"player": who} if who is not None else {}))

    def from_hand(self, c: list) -> tuple:
        return ("zone", "hand")

    @v_args(meta=True)
    def mill(self, meta: Any, c: list) -> Discard:
        # BSS 10-2-1: the top N cards of a deck
        top = first(c, Selector)
        n, owner = top.count, top.owner
        return Discard(count=n, player=owner, per=_per(c), span=self._span(meta),
                       target=Selector(count=n, owner=owner, zone="deck_top"))

    @v_args(meta=True)
    def mill_equal(self, meta: Any, c: list) -> Discard:
        # "Discard a number of cards from the top of your opponent's deck equal to that spirit's cost"
        owner = _player(tok(c, "POSS"))
        stat, ref = c[-1]
        return Discard(count=0, player=owner, equal_to=Threshold(stat, "==", 0, ref=ref), span=self._span(meta),
                       target=Selector(count=None, owner=owner, zone="deck_top"))

    # ── refresh / exhaust (BSS 10-3, 10-4) ──
    @v_args(meta=True)
    def exhaust(self, meta: Any, c: list) -> SetState:
        return SetState(state="exhausted", target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def heavy_exhaust(self, meta: Any, c: list) -> SetState:
        return SetState(state="heavy_exhausted", target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def refresh(self, meta: Any, c: list) -> SetState:
        return SetState(state="refreshed", target=c[-1], span=self._span(meta))

    @v_args(meta=True)
    def passive_state(self, meta: Any, c: list) -> SetState:
        return SetState(state=str(c[-1]).lower(), target=c[0], span=self._span(meta))

    @v_args(meta=True)
    def remove_game(self, meta: Any, c: list) -> Move:
        return Move(target=first(c, Selector), dest="removed", span=self._span(meta))

    # ── BP (BSS 8-8-1-3-5) ──
    @v_args(meta=True)
    def reduce_stat(self, meta: Any, c: list) -> ModifyStat | CostChange:
        # "reduce its BP by 3000", "reduce the cost of this card by 2" (BSS 8-8-1-3-5, 2-7-3)
        word = tok(c, "POSS_IT", "POSS", "POSS_COST")
        target = first(c, Selector) or (possessor(word) if word.type != "POSS" else Ref())
        stat, amount, per = str(tok(c, "STAT")), -_num(tok(c, "INT")), _per(c)
        if stat == "bp":
            return ModifyStat(stat="bp", amount=amount, target=target, duration=_duration(c), per=per,
                              span=self._span(meta))
        if stat != "cost" or first(c, Duration) is not None:
            raise ValueError(f"not modelled: a {stat} reduced{' for a time' if stat == 'cost' else ''}")
        return CostChange(target=target, amount=amount, per=per, span=self._span(meta))

    @v_args(meta=True)
    def attack_life(self, meta: Any, c: list) -> ModifyStat:
        # "this spirit's attacks reduce your opponent's life by one additional life" (BSS 7-1-5-3-1): the
        # attacking cards' reduction of life raised by N (`attacks_of` names the cards whose attacks)
        attacks = first(c, Selector)
        return ModifyStat(stat="life_reduction", amount=ints(c)[0], target=attacks.about or Ref(),
                          duration=_duration(c), span=self._span(meta))

    @v_args(meta=True)
    def bp_reduce(self, meta: Any, c: list) -> ModifyStat:
        return ModifyStat(stat="bp", amount=-ints(c)[0], target=first(c, Selector), duration=_duration(c),
                          per=_per(c), span=self._span(meta))

    # ── for each (BSS 4-6) ──
    @v_args(meta=True)
    def per(self, meta: Any, c: list) -> tuple:
        if first(c, Selector) is None and first(c, dict) is not None and not has_tok(c, "SYMBOLS"):
            return self.per_named(c)                  # "for each Golem you control": adjectives alone
        whose = first(c, Player) or (_player(tok(c, "POSS")) if has_tok(c, "POSS") else None)
        if has_tok(c, "SYMBOLS") and first(c, Selector) is None and whose is not None:
            # "for each (red) symbol you have / on your field" (BSS 2-8): a player's symbols, of a colour if named
            colors = tuple((first(c, dict) or {}).get("colors", ()))
            return ("per", Selector(count=None, unit="symbol", colors=colors, owner=whose, span=self._span(meta)))
        if first(c, dict) is not None and has_tok(c, "SYMBOLS"):
            raise ValueError("not read: symbols of a colour with no player")
        sel = first(c, Selector)
        shared = tuple(x for x in c if isinstance(x, Threshold))      # "… you control with the same spirit type as …"
        if shared and sel is not None:
            sel = replace(sel, thresholds=sel.thresholds + shared)
        if has_tok(c, "SYMBOLS") or "core" in c:
            # "for each symbol / core on that spirit": whose symbols or cores is said by the card they are on
            unit = "symbol" if has_tok(c, "SYMBOLS") else "core"
            sel = Selector(count=None, unit=unit, about=sel, span=self._span(meta))
        else:
            state = tok(c, "EVENT_PASSIVE", "STATE")
            if state is not None:
                sel = replace(sel, state=str(state).lower() + ("_by_this_effect" if has_tok(c, "WITH_THIS_EFFECT",
                                                                                          "THIS_WAY") else ""))
            if has_tok(c, "REVEALED"):
                sel = replace(sel, zone="revealed")
            players = [x for x in c if isinstance(x, Player)]
            if players and sel.owner is None:          # "for each nexus you control"
                sel = replace(sel, owner=players[0])
            elif has_tok(c, "PRONOUN") and has_tok(c, "CONTROL") and sel.owner is None:
                sel = replace(sel, owner=Player.OPPONENT)   # "for each nexus they control"
        if sel is not None and has_tok(c, "EVERY_W") and sel.unit is None and (sel.count or 0) > 1:
            return ("per", replace(sel, count=None, every=sel.count))   # "for every ten …": in groups (BSS 4-6)
        return ("per", replace(sel, count=None) if sel is not None else sel)

    def per_named(self, c: list) -> tuple:
        parts = dict(first(c, dict))
        states = parts.pop("_states", ())
        if states:
            parts["state"] = states[0]
        parts = {k: v for k, v in parts.items() if not k.startswith("_")}
        players = [x for x in c if isinstance(x, Player)]
        return ("per", Selector(count=None, owner=players[0] if players else None, **parts))

    # ── deploy (BSS 10-6, 10-7, 10-8) ──
    def free(self, c: list) -> bool:
        return True

    @v_args(meta=True)
    def deploy(self, meta: Any, c: list) -> Deploy:
        verb = "summon" if str(c[0]).lower() in ("summon", "deploy") else "place"
        target = _zoned(first(c, Selector), c)
        state = tok(c, "STATE")
        if state is not None:
            target = replace(target, state=str(state).lower())
        return Deploy(verb=verb, target=target, free=True in c, span=self._span(meta))

    @v_args(meta=True)
    def deploy_place(self, meta: Any, c: list) -> Deploy:
        target = _zoned(first(c, Selector), c)
        state = tok(c, "STATE")
        if state is not None:
            target = replace(target, state=str(state).lower())
        return Deploy(verb="place", target=target, free=True in c, span=self._span(meta))

    @v_args(meta=True)
    def use_card(self, meta: Any, c: list) -> Deploy:
        return Deploy(verb="use", target=first(c, Selector), free=True in c, span=self._span(meta))

    def from_zone(self, c: list) -> tuple:
        # ("zone", which, whose): "from your trash" (whose: None after "the")
        zones = [str(t).lower() for t in toks(c, "ZONE")]
        owner = _player(tok(c, "POSS")) if tok(c, "POSS") is not None else None
        if has_tok(c, "REVEALED"):
            return ("zone", "revealed", None)
        if not zones:
            return ("zone", "hand", owner)
        return ("zone", "/".join(zones), owner)

    # ── moving cards (BSS 4-2-4, 3-1-6, 3-4-1, 10-5-1, 12-2) ──
    def dest_hand(self, c: list) -> str:
        return "hand"

    def dest_deck_top(self, c: list) -> str:
        return "deck_top"

    def dest_deck_bottom(self, c: list) -> str:
        return "deck_bottom"

    def dest_deck_either(self, c: list) -> str:
        return "deck_top_or_bottom"

    def dest_burst(self, c: list) -> str:
        return "burst"

    @v_args(meta=True)
    def return_(self, meta: Any, c: list) -> Move | list:
        dest = next(x for x in c if _is_id(x))
        targets = [x for x in c if isinstance(x, Selector)]
        moves = [Move(target=_zoned(t, c), dest=dest, span=self._span(meta)) for t in targets]
        return moves[0] if len(moves) == 1 else moves     # "return that spirit and all spirits …"

    @v_args(meta=True)
    def return_late(self, meta: Any, c: list) -> Move:
        # "Return all … from your trash to your hand that cost …": the qualifier after the destination
        from judge.text.bs.nodes import _merge

        target = _zoned(first(c, Selector), c)
        dest = next(x for x in c if _is_id(x))
        parts = _merge([x for x in c if isinstance(x, dict)])
        parts = {k: v for k, v in parts.items() if not k.startswith("_")}
        if "thresholds" in parts:
            parts["thresholds"] = target.thresholds + parts["thresholds"]
        return Move(target=replace(target, **parts), dest=dest, span=self._span(meta))

    @v_args(meta=True)
    def place_on_deck(self, meta: Any, c: list) -> Move:
        where = str(tok(c, "ON_DECK") or "bottom").lower()
        return Move(target=_zoned(first(c, Selector), c), dest="deck_bottom" if "bottom" in where else "deck_top",
                    span=self._span(meta))

    @v_args(meta=True)
    def place_trash(self, meta: Any, c: list) -> Move:
        # "Place this card into your trash" (BSS 3-4-1): not a destruction (10-1-2); the top cards of a
        # deck placed into the trash are discarded (10-2-1), as "discard the top … of your deck" says
        top = first(c, Selector)
        if top is not None and top.zone == "deck_top":
            return self.mill(meta, c)
        return Move(target=_zoned(first(c, Selector), c), dest="trash", span=self._span(meta))

    @v_args(meta=True)
    def keep(self, meta: Any, c: list) -> Move:
        # BSS 10-5-1: the card stays on the field (dest "field"), in the state named if any
        target = first(c, Selector)
        state = tok(c, "STATE")
        return Move(target=replace(target, state=str(state).lower()) if state else target, dest="field",
                    span=self._span(meta))

    remain = keep

    @v_args(meta=True)
    def add_to_hand(self, meta: Any, c: list) -> Move:
        target = _zoned(first(c, Selector), c)
        if not isinstance(target, Ref) and not target.self_ref and (not target.zone or target.zone == "any"):
            target = replace(target, zone="revealed")
        return Move(target=target, dest="hand", span=self._span(meta))

    @v_args(meta=True)
    def deck_top(self, meta: Any, c: list) -> Selector:
        n = ints(c)[0] if ints(c) else 1
        poss = tok(c, "POSS")
        return Selector(count=n, owner=_player(poss) if poss is not None else None, zone="deck_top",
                        span=self._span(meta))

    @v_args(meta=True)
    def add_deck_top(self, meta: Any, c: list) -> Move:
        return Move(target=c[0], dest="hand", span=self._span(meta))

    # ── reveal / view (BSS 12-2, 12-3) ──
    @v_args(meta=True)
    def reveal(self, meta: Any, c: list) -> Reveal | list:
        top = first(c, Selector)                 # the top of a deck (deck_top)
        if first(c, Player) is Player.EACH:      # "each player reveals … of their deck": every player's own
            raise ValueError("not modelled: each player revealing the top of their own deck")
        n, per = top.count, _per(c)
        owner = top.owner if top.owner is not None else Player.YOU
        out = Reveal(count=n, zone="deck" if owner is not Player.OPPONENT else "opponent_deck", span=self._span(meta))
        # the cards revealed are what a later "them" stands for ("Discard any number of them", BSS 12-2)
        looked = Pick(target=Selector(count=1 if n == 1 else None, zone="revealed", owner=owner))
        if per is not None:
            from judge.text.ast import Condition, Conditional

            return [Conditional(condition=Condition(kind="for_each", text="", selector=per),
                                effects=(out,), span=self._span(meta)), looked]
        return [out, looked]

    @v_args(meta=True)
    def reveal_it(self, meta: Any, c: list) -> list:
        # "Reveal it", "Reveal one Ruby Sanctuary from the cards you viewed": select it, then reveal it
        sel = first(c, Selector)
        if isinstance(sel, Ref):
            return [Reveal(count=1, zone="selected", target=sel, span=self._span(meta))]
        return [Pick(target=sel), Reveal(count=sel.count or 1, zone="selected", target=sel, span=self._span(meta))]

    @v_args(meta=True)
    def reveal_hand(self, meta: Any, c: list) -> Reveal:
        return Reveal(count=None, zone="opponent_hand", span=self._span(meta))



__all__ = ["DirectiveMixin"]
