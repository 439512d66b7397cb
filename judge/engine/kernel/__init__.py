"""The engine kernel: what every game's rules engine is built from (Battle Spirits uses it; FFTCG
adopts it). One context and log, one refusal and one pending-decision mechanism, one `evolve`,
one yes/no reader, one shape of concept → clause table, registries instead of isinstance chains.

API
---
- `Context(state, clauses)` (`context.py`): the state being built during one `resolve`, and the
  steps logged. `log(text, *concepts, fired=…, card=…, timing=…)` appends a cited `Step`;
  `unmodelled(what)` appends "not modelled: <what> — resolve by hand" (no clause; the run is never
  ok); `refuse(reason, *concepts)` returns a `Refuse` to raise (the caller keeps the old state);
  `ask(prompt, *concepts, player=, options=, kind=)` takes the next supplied answer (from
  `state.answers`) and logs it with its `Decision`, or raises `Need(decision)`; `ask_yes_no`
  reads yes / no answers (the one reader, `values.yes_no`); `only_option` logs a choice that has
  one legal option instead of asking; `mark()` / `rollback(mark)` undo a part that must restart.
- `Decision` (= `judge.engine.core.ChoiceNeeded`): `choice` (the prompt), `cites`, `player`,
  `options`, `kind` (one of `core.DECISION_KINDS`). A game keeps the one left unanswered in its
  state (`pending`) and returns it as `Ruling.request`; the next `choose` answers it.
- `ClauseTable(game, {concept: (numbers…)})` (`clauses.py`): one per rules document; a concept the
  document lacks maps to `()` (cites nothing, `lacks()` is true, so explanations can say so).
- `Registry(name)` (`registry.py`): `@registry.register(key, concepts=…, event=…, meaning=…)` on
  the handler; `get(key)`, `by_event(event)`, `entries()`: effect node kinds, keywords, condition
  kinds and actions are looked up, never tested with isinstance chains.
- `evolve(obj, **changes)` (`values.py`): the one fast copy-with-changes of a frozen value.

A game supplies its own state type (immutable, with an `answers` tuple and a `pending` decision),
its clause tables, a profile object for the differences between its rule documents, and the
`judge.engine.core.Rules` protocol the scenario runner and the TUI use.
"""

from __future__ import annotations

from judge.engine.core import Decision
from judge.engine.kernel.clauses import ClauseTable
from judge.engine.kernel.context import Context, Need, Refuse
from judge.engine.kernel.registry import Entry, Registry
from judge.engine.kernel.values import as_list, evolve, yes_no

__all__ = ["ClauseTable", "Context", "Decision", "Entry", "Need", "Refuse", "Registry", "as_list", "evolve",
           "yes_no"]
