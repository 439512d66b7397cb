""""Divide N damage among them as you like (units of 1000)": the values a player assigns among the cards a Summon
or ability chose, as it goes on the stack (11.3.6, 11.6.8, 11.7.8, 11.8.12); the Damage handler deals them.
"""

from __future__ import annotations

from judge.engine.fftcg.log import Log, Refused, take_answer
from judge.engine.fftcg.state import State
from judge.engine.kernel.values import is_any
from judge.text.ast import Effect

#: the clause that says, for each kind of Summon or ability, that its player assigns values among cards
VALUES = {"summon": "summon_values", "action": "action_values", "special": "special_values", "auto": "auto_values",
          "ex_burst": "auto_values"}


def divide(s: State, effects: tuple[Effect, ...], chosen: dict, player: str, kind: str, label: str,
           log: Log) -> tuple[State, tuple[tuple[str, int], ...]]:
    """"Choose up to 3 Forwards. Divide 6000 damage among them as you like (units of 1000)": the player assigns
    the amounts as the Summon or ability goes on the stack, at least one unit to each card chosen (11.3.6,
    11.6.8, 11.7.8, 11.8.12); an answer is a mapping {card: amount}."""
    from judge.engine.fftcg.effects.nodes import _key, _walk

    node = next((e for e in _walk(effects) if type(e).__name__ == "Damage" and e.amount_from == "divided"), None)
    if node is None:
        return s, ()
    uids = list(chosen.get(_key(node.target), ()))
    unit, total, key = node.unit or 1000, node.amount, VALUES.get(kind, "auto_values")
    if len(uids) <= 1:
        return s, tuple((u, total) for u in uids)
    left_open = bool(s.answers) and is_any(s.answers[0])
    s, answer = take_answer(s, player, "divide", f"{player} divides {total} damage among {', '.join(uids)} in "
                            f"units of {unit} ({label})", tuple(uids), key)
    items = answer[0] if isinstance(answer, list) and len(answer) == 1 else answer
    if left_open:           # `any`: one unit to each card but the first listed, the rest to the first
        items = {u: unit for u in uids[1:]} | {uids[0]: total - unit * (len(uids) - 1)}
    split = {str(k): int(v) for k, v in items.items()} if isinstance(items, dict) else {}
    if set(split) != set(uids) or sum(split.values()) != total or any(v < unit or v % unit for v in split.values()):
        raise Refused(f"divide all {total} damage among {', '.join(uids)}, at least {unit} each, in units of {unit} "
                      f"(a mapping card: amount)", key)
    log.add(f"{player} divides the {total} damage: " + ", ".join(f"{n} to {u}" for u, n in split.items()), key)
    return s, tuple(split.items())


__all__ = ["VALUES", "divide"]
