"""What a card's own text says about when it may be cast or its abilities used (2.1 over 9.3, 11.4, 11.6):
"You can only cast X during your turn", "You can only play X if …", "You can only use this ability during
your turn / your Main Phase", and which card named like the Character pays a special ability (11.7.1).
"""

from __future__ import annotations

from judge.engine.fftcg.conditions import waits_for
from judge.engine.fftcg.fieldreads import field_read
from judge.engine.fftcg.log import Log, Refused, not_modelled
from judge.engine.fftcg.query import printed
from judge.engine.fftcg.state import Phase, State
from judge.text.ast import Ability, AbilityKind, Player, Restriction

field_read(Restriction, "cannot", "cast_outside_your_turn", concepts=("card_text_precedence",), reader=__name__,
           meaning="it may be cast only during its controller's turn")
field_read(Restriction, "can", "cast", concepts=("card_text_precedence",), reader=__name__,
           meaning="it may be cast only while its condition holds")
field_read(Restriction, "can_only", "play", concepts=("card_text_precedence", "kw_cast"), reader=__name__,
           own_only=True, meaning="it may be played (cast, or put onto the field by an effect) only while its "
                                  "condition holds")
field_read(Restriction, "can_only", "cast", concepts=("card_text_precedence",), reader=__name__, own_only=True,
           meaning="it may be cast only while its condition holds")


def _names_barred(e: object) -> bool:
    """"You cannot play Lyse or Card Name Yda while already in control of either Character": the card itself
    or the cards named, barred for its controller while it is on the field (`named_bar`)."""
    t = getattr(e, "target", None)
    return t is not None and t.self_ref and t.zone is None and bool(t.either) and \
        all(x.name is not None and not x.name.startswith("same_as") for x in t.either) and \
        getattr(e, "player", None) in (None, Player.YOU)


field_read(Restriction, "cannot", "play", concepts=("card_text_precedence", "kw_cast"), reader=__name__,
           own_only=True, shape=lambda e: e.target.zone == "hand" or _names_barred(e),
           meaning="Summons and abilities cannot play it from its owner's hand (it can still be cast); or its "
                   "controller cannot play it or the cards it names while it is on the field")

#: the restrictions of "You can only play / cast X if …": (mode, action)
_ONLY_IF = frozenset({("can", "cast"), ("can_only", "cast"), ("can_only", "play")})


def cast_limits(s: State, p: str, uid: str, log: Log) -> None:
    """What the card's own text says about when it may be cast (2.1): "only during your turn", "You can only
    play X if …" (its condition read from the board, or "not modelled")."""
    for ab in printed(s, uid):
        if ab.kind not in (AbilityKind.FIELD, AbilityKind.CONSTANT):
            continue
        for e in ab.effects:
            if isinstance(e, Restriction) and e.action == "cast_outside_your_turn" and e.mode == "cannot" \
                    and p != s.turn_player:
                raise Refused(f"{s.name_of(uid)} can only be cast during its controller's turn (its own text)",
                              "card_text_precedence", "kw_cast", timing=True)
            why = _only_if_fails(s, p, uid, e, ("cast", "play"), "cast", log)
            if why is not None:
                raise Refused(why, "card_text_precedence", "kw_cast")
    why = named_bar(s, p, uid)
    if why is not None:
        raise Refused(why, "field_ability", "card_text_precedence", "kw_cast")


def named_bar(s: State, p: str, uid: str) -> str | None:
    """Why `p` cannot play this card now because a Character `p` controls says "You cannot play {Name} or Card
    Name Y while already in control of either Character" (a field ability, active while its card is on the
    field, 11.9.1; controlling that card is controlling one of the two), or None."""
    from judge.engine.fftcg.query import field_effects

    d = s.card(uid)
    if d is None:
        return None
    for src, e in field_effects(s):
        if not (isinstance(e, Restriction) and e.mode == "cannot" and e.action == "play" and _names_barred(e)):
            continue
        if src.controller != p:
            continue
        names = {s.card(src.uid).name if s.card(src.uid) else None, *(x.name for x in e.target.either)}
        if d.name in names:
            return (f"{p} controls {s.name_of(src.uid)}, whose text bars playing "
                    f"{' or '.join(sorted(n for n in names if n))} while in control of either")
    return None


def _only_if_fails(s: State, p: str, uid: str, e: object, actions: tuple[str, ...], how: str, log: Log) -> str | None:
    """Why "You can only play (cast) X if …" (one of `actions`) bars X now, or None: its condition read from the
    board (11.9.1: the ability works from the zone the card is in); one the engine cannot read is said so."""
    from judge.engine.fftcg.query import condition_holds
    from judge.text.ast import Conditional

    if not (isinstance(e, Conditional) and waits_for(e.condition) is None and any(
            isinstance(x, Restriction) and (x.mode, x.action) in _ONLY_IF and x.action in actions
            for x in e.effects)):
        return None
    holds = condition_holds(s, e.condition, p, uid)
    if holds is None:
        not_modelled(log, f'whether "{e.condition.text}" holds, which {s.name_of(uid)} needs to be {how}')
        return None
    if holds:
        return None
    return f'{s.name_of(uid)} can only be {how} if "{e.condition.text}" (its own text), and it does not hold'


def playable_by_effect(s: State, p: str, uid: str, label: str, log: Log) -> bool:
    """Whether `label`'s effect may play the card onto the field (`unplayable_by_effect`); what it cannot do it
    does not do (2.3), and the step says so."""
    why = unplayable_by_effect(s, p, uid, log)
    if why is not None:
        log.add(f"{label}: {why}, so it stays where it is", "card_text_precedence", "impossible_text")
    return why is None


def unplayable_by_effect(s: State, p: str, uid: str, log: Log) -> str | None:
    """Why a Summon or ability cannot play this card onto the field now, or None (2.1; casting is one way to
    play a card, 15.1.1.7.1, an effect putting it onto the field another): "You cannot play X from your hand
    due to Summons or abilities" while it is in its owner's hand, and "You can only play X if …"."""
    from judge.engine.fftcg.state import where

    for ab in printed(s, uid):
        if ab.kind not in (AbilityKind.FIELD, AbilityKind.CONSTANT):
            continue
        for e in ab.effects:
            if isinstance(e, Restriction) and e.mode == "cannot" and e.action == "play" and e.target is not None \
                    and e.target.self_ref and e.target.zone == "hand" and where(s, uid)[0] == "hand":
                return f"{s.name_of(uid)} cannot be played from the hand by Summons or abilities (its own text)"
            why = _only_if_fails(s, p, uid, e, ("play",), "played", log)
            if why is not None:
                return why
    return named_bar(s, p, uid)


def label_of(s: State, uid: str, ab: Ability) -> str:
    return f"{s.name_of(uid)}: {ab.name or ab.text or 'ability'}"


#: "You can only use this ability during your turn / your opponent's turn / your Main Phase": who may, when
USE_LIMITS = {"your_turn_only": lambda s, p: p == s.turn_player,
              "opponent_turn_only": lambda s, p: p != s.turn_player,
              "main_phase_only": lambda s, p: s.phase in (Phase.MAIN1, Phase.MAIN2)}


#: restrictions of an ability read elsewhere (how often it may be used, its EX Burst mark, Damage N)
KNOWN_RESTRICTIONS = frozenset({"once_per_turn", "twice_per_turn", "ex_burst", "trigger_once_per_turn",
                                "trigger_your_turn_only", "trigger_opponent_turn_only", "not_trigger_if"})


#: "You can only use this ability while X is attacking": a limit whose condition is the ability's own
WHILE_LIMITS = frozenset({"while_state"})


def use_limits(s: State, p: str, ab: Ability, label: str, log: Log, source: str | None = None) -> None:
    """The limits an ability's own text puts on when it may be used (2.1 over 9.3.1.7)."""
    from judge.engine.fftcg.query import condition_holds

    for r in ab.restrictions:
        if r in WHILE_LIMITS and ab.condition is not None:
            holds = condition_holds(s, ab.condition, p, source)
            if holds is None:
                not_modelled(log, f'whether "{ab.condition.text}" holds, which {label} needs to be used')
            elif not holds:
                raise Refused(f'{label} can only be used {ab.condition.text} (its own text), and that does not hold '
                              f"now", "card_text_precedence", "action_ability", timing=True)
            continue
        allowed = USE_LIMITS.get(r)
        if allowed is None and r not in KNOWN_RESTRICTIONS and not r.startswith("damage_"):
            not_modelled(log, f"when {label} may be used ({r.replace('_', ' ')})")
        if allowed is not None and not allowed(s, p):
            raise Refused(f"{label} can only be used {r.replace('_only', '').replace('_', ' ')} (its own text)",
                          "card_text_precedence", "action_ability", timing=True)


def special_card(s: State, p: str, wanted: str, log: Log) -> str | None:
    """The card named like the Character that is discarded for its special ability (11.7.1): the player's
    choice when their hand holds different cards of that name (given as pay: {special: …})."""
    from judge.engine.fftcg.query import distinct

    named = [u for u in s.zones[p].hand if s.card(u) and s.card(u).name == wanted]
    kinds = distinct(s, named)
    if len(kinds) > 1:
        raise Refused(f"{p} holds different cards named {wanted} ({', '.join(kinds)}): say which is discarded for "
                      f"the special ability (pay: {{special: …}})", "special_ability")
    if named:
        log.add(f"{p} discards {s.name_of(named[0])}, the only card named {wanted} they can discard for the special "
                f"ability" + (" (copies of one card are the same choice)" if len(named) > 1 else ""),
                "special_ability")
    return named[0] if named else None


__all__ = ["KNOWN_RESTRICTIONS", "USE_LIMITS", "cast_limits", "label_of", "named_bar", "playable_by_effect",
           "special_card", "unplayable_by_effect", "use_limits"]
