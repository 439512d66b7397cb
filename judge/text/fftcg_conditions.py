"""FFTCG Transformer rules for conditions, quantities and notes (a mixin of the Transformer).

Each method is a grammar rule or alias of grammar/fftcg.lark (comments there name the clause):
the reminder texts printed after keywords and Damage N abilities (15.2), notes in parentheses
("(Units must be 1000.)", "This ability will not trigger if …"), and the conditions of 11.8.13
that compare counts, damage received, costs paid and the cards of a zone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from judge.text.ast import Condition, Damage, Effect
from judge.text.fftcg_assemble import UseLimit, first_of, flatten


def apply_units(items: list[Any]) -> list[Any]:
    """"Divide N damage … as you like. (Units must be 1000.)": the unit goes to that division (6.5)."""
    out: list[Any] = []
    for x in items:
        if isinstance(x, Token) and x.type == "UNITS_NOTE":
            unit = int("".join(ch for ch in str(x) if ch.isdigit()))
            for i in range(len(out) - 1, -1, -1):
                if isinstance(out[i], Damage) and out[i].amount_from == "divided":
                    out[i] = replace(out[i], unit=unit)
                    break
        elif isinstance(x, list):
            out.extend(flatten(x))
        elif isinstance(x, (Effect, UseLimit)) or type(x).__name__ == "DelayedPart":
            out.append(x)
    return out


class ConditionRules:
    """Rules for conditions and notes; `_span`, `_printed`, `_has` come from the Transformer."""

    _span: Any
    _printed: Any
    _has: Any

    # ------------------------------------------------------------------ notes in parentheses
    def has_ability_if(self, meta, c):
        """"(If you have received 5 points of damage or more, this Character has this ability.)":
        the reminder of a Damage N ability's condition (15.2.6.2)."""
        return [UseLimit((), first_of(c, Condition))]

    def trigger_unless(self, meta, c):
        """"This ability will not trigger if X is a Forward." (11.8.13): a condition that stops it."""
        return UseLimit(("not_trigger_if",), first_of(c, Condition))

    def stmt_end(self, meta, c):
        return None

    def haste_reminder(self, meta, c):
        """The reminder text of a keyword restates its clause (15.2.2): nothing more to build."""
        return None

    first_strike_reminder = back_attack_reminder = haste_reminder


__all__ = ["ConditionRules", "apply_units"]
