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
from judge.text.ast import Ability, AbilityKind, Restriction

field_read(Restriction, "cannot", "cast_outside_your_turn", concepts=("card_text_precedence",), reader=__name__,
           meaning="it may be cast only during its controller's turn")
field_read(Restriction, "can", "cast", concepts=("card_text_precedence",), reader=__name__,
           meaning="it may be cast only while its condition holds")


def cast_limits(s: State, p: str, uid: str, log: Log) -> None:
    """What the card's own text says about when it may be cast (2.1): "only during your turn", "You can only
    play X if …" (its condition read from the board, or "not modelled")."""
    from judge.engine.fftcg.query import condition_holds
    from judge.text.ast import Conditional, Restriction

    for ab in printed(s, uid):
        if ab.kind not in (AbilityKind.FIELD, AbilityKind.CONSTANT):
            continue
        for e in ab.effects:
            if isinstance(e, Restriction) and e.action == "cast_outside_your_turn" and e.mode == "cannot" \
                    and p != s.turn_player:
                raise Refused(f"{s.name_of(uid)} can only be cast during its controller's turn (its own text)",
                              "card_text_precedence", "kw_cast", timing=True)
            if isinstance(e, Conditional) and waits_for(e.condition) is None and any(
                    isinstance(x, Restriction) and x.mode == "can" and x.action == "cast" for x in e.effects):
                holds = condition_holds(s, e.condition, p, uid)
                if holds is None:
                    not_modelled(log, f'whether "{e.condition.text}" holds, which {s.name_of(uid)} needs to be cast')
                elif not holds:
                    raise Refused(f'{s.name_of(uid)} can only be cast if "{e.condition.text}" (its own text), and it '
                                  f"does not hold", "card_text_precedence", "kw_cast")


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



__all__ = ["KNOWN_RESTRICTIONS", "USE_LIMITS", "cast_limits", "label_of", "special_card", "use_limits"]
