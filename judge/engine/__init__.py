"""Rules engines: immutable board state, actions, resolution with citations.

`judge.engine.core` holds the game-agnostic pieces (Step, Ruling, Refusal, ChoiceNeeded, the
`Rules` protocol); `judge.engine.scenario` loads and runs scenario files; each game's rules live in
a subpackage (`bs` for Battle Spirits Saga and Standard, `fftcg`) imported only when needed.
"""

from __future__ import annotations

# typing is not imported at run time: `judge card` imports this package (for its ruling links)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def explain(state: Any) -> tuple[Any, ...]:
    """What applies on this board now (rules, keywords, durations, pending management), with clauses."""
    from judge.engine.core import rules_for

    return rules_for(state.game).explain(state)


__all__ = ["explain"]
