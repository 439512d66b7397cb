"""FFTCG verb phrases and clauses → effect nodes (15.1.1 keyword actions, 11.9 statements, 11.12.4).

A mixin of the FFTCG Transformer. A verb phrase does not know its subject when it is built, so each
`vp` method returns an `Act`: a function from the subject to the effects, plus what the verb names
when it is prohibited, required or allowed ("cannot be chosen by …" → action `be_chosen`, by = the
source). A clause joins the subject, the modal and the `Act`:

- no subject: the effect's controller does it ("Draw 1 card");
- a subject: that card or player does it, or is changed by it ("X gains +1000 power");
- a modal: "may" an optional act (11.8.14); "cannot" / "must" a prohibition / obligation (11.12.4);
  "can" a permission (what the verb allows, with the subject as target).

The rules live in three modules: this one (clauses, choosing), `verbs_actions` (the keyword
actions) and `verbs_more` (gaining and losing, revealing, the stack, costs, damage, what a modal
restricts); `verbs_values` holds what they pass between them.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from judge.text.ast import (
    CONDITIONS,
    Choose,
    Conditional,
    Declare,
    Duration,
    Effect,
    Modal,
    Optional,
    Player,
    Possible,
    Restriction,
    Selector,
    replace,
)
from judge.text.fftcg.assemble import flatten
from judge.text.fftcg.verbs_actions import KeywordActionRules
from judge.text.fftcg.verbs_more import GainRevealStackRules
from judge.text.fftcg.verbs_values import (
    BARRED,
    Act,
    AsMany,
    Instead,
    _dur,
    _sel,
    _sels,
)


class VerbRules(KeywordActionRules, GainRevealStackRules):
    """Rules for verb phrases and clauses; `_span` and friends come from the Transformer."""

    _span: Any
    _counter: Any

    # ------------------------------------------------------------------ clauses
    def imperative(self, meta, c):
        return c[0].make(None)

    def subject_does(self, meta, c):
        """"X gains +1000 power", "X cannot block"; "X loses 2000 power and cannot block", "X gains Brave and
        can attack twice", "X doubles its power and gains Brave" (11.11, 11.12.4): one subject, its first verb phrase
        (with a modal or not), then each "and" with a modal or a verb of its own; each part is the clause it would be with the subject said again."""
        subject, rest = c[0], c[1:]
        groups: list[list[Any]] = [[]]
        for x in rest:
            if isinstance(x, Token) and x.type in ("AND_MODAL", "AND_VERB"):
                groups.append([])
            else:
                groups[-1].append(x)
        out: list[Any] = []
        last = _dur(groups[-1]) if len(groups) > 1 else None     # "… and cannot block until the end of the turn"
        for group in groups:
            act = next(x for x in group if isinstance(x, Act))
            aux = next((x for x in group if isinstance(x, str) and not isinstance(x, Token)), None)
            if aux is None:
                made = act.make(subject)
                if len(groups) == 1:
                    return made
                out.extend(flatten([made]))
            else:
                out.extend(self._modal(meta, aux, act, subject, _dur(group)))
        if last is not None:          # a duration said once at the end holds for every part said before it (11.12.4.1)
            out = [replace(e, duration=last) if getattr(e, "duration", None) is Duration.PERMANENT else e for e in out]
        return out

    subject_modal = subject_does

    def you_modal(self, meta, c):
        aux, act = c[0], c[1]
        return self._modal(meta, aux, act, Player.YOU, _dur(c[2:]))

    def _modal(self, meta: Any, aux: str, act: Act, subject: Any, dur: Duration | None) -> list[Effect]:
        span = self._span(meta)
        if aux == "may":
            effects = tuple(flatten([act.make(None if subject is Player.YOU else subject)]))
            who = subject if isinstance(subject, Player) and subject is not Player.YOU else None
            return [Optional(effects=effects, player=who, span=span)]
        if act.action is None:
            raise ValueError(f"'{aux}' before a verb that names no act to restrict")
        mode = act.mode or {"cannot": "cannot", "must": "must", "can": "can", "can_only": "can_only"}[aux]
        if aux == "can_only":
            mode = "can_only"
            if act.action == "cast" and act.duration is None and act.target is not None and act.window:
                return [Restriction(mode="cannot", action="cast_outside_your_turn", target=act.target,
                                    duration=Duration.PERMANENT, span=span)]
        target = subject if isinstance(subject, Selector) else act.target
        player = subject if isinstance(subject, Player) else None
        duration = dur or act.duration or Duration.PERMANENT
        out = [Restriction(mode=mode, action=act.action, target=target, player=player, by=act.by,
                           duration=duration, cost=act.cost, object=act.object, span=span)]
        for extra in act.extra:
            out.append(replace(extra, mode=mode, target=target, player=player, duration=duration, span=span))
        return out

    def m_may(self, meta, c):
        return "may"

    def m_cannot(self, meta, c):
        return "cannot"

    def m_must(self, meta, c):
        return "must"

    def m_can(self, meta, c):
        return "can_only" if "only" in c else "can"

    def only_w(self, meta, c):
        return "only"

    def aux_you(self, meta, c):
        return c[0]

    def m_can_only(self, meta, c):
        return "can_only"

    def instead(self, meta, c):
        return [*flatten(c), Instead()]

    def either(self, meta, c):
        options = tuple(tuple(flatten([x])) for x in c if isinstance(x, list))
        return [Modal(count=1, options=options, span=self._span(meta))]

    def cond_suffix(self, meta, c):

        cond = next(x for x in c if isinstance(x, CONDITIONS))
        effects = tuple(flatten([x for x in c if x is not cond]))
        if isinstance(cond, Possible):       # "must block if possible": an obligation is only ever so (11.12.4)
            return list(effects)
        return [Conditional(condition=cond, effects=effects, span=self._span(meta))]

    def lasting_suffix(self, meta, c):
        """"X gains Brave as long as you control Y": the lead "As long as Y, …" said after (11.12.4.4), which holds
        only while Y holds, not one check."""
        cond = next(x for x in c if isinstance(x, CONDITIONS))
        effects = tuple(flatten([x for x in c if x is not cond]))
        return [Conditional(condition=cond, effects=effects, lasting=True, span=self._span(meta))]

    def vp_clause(self, meta, c):
        return c[0]

    # ------------------------------------------------------------------ choosing (11.6.5)
    def choose(self, meta, c):
        np = _per_count(_sel(c), c)
        target = replace(np, choose="choose", also=tuple(replace(a, choose="choose") for a in np.also))
        return Act(lambda s: [Choose(target=target if not isinstance(s, Player) else replace(target, owner=target.owner),
                                     span=self._span(meta))])

    def choose_new_target(self, meta, c):
        """"choose another Forward you control to become the new target (The newly chosen Forward must be a valid
        choice)" (11.6.5): the Summon or ability chosen before ("it") is now choosing this; "another target"
        is any other card it could choose. The note says the new target must be one it could choose."""
        from judge.text.ast import ChangeTarget

        to = _sel(c) or Selector(count=1, other=True)
        valid = "valid_choice" in c
        return Act(lambda s: [ChangeTarget(target=Selector(ref="it", card_types=("summon", "ability")), to=to,
                                           if_possible=valid, chosen=True, span=self._span(meta))])

    def valid_note(self, meta, c):
        return "valid_choice"

    def choose_as_many(self, meta, c):
        from judge.text.ast import Threshold

        what, per = next(x for x in c if isinstance(x, AsMany)).counts
        target = replace(what, count=None, up_to=True, choose="choose",
                         thresholds=(*what.thresholds, Threshold("count", "<=", 0, ref=per)))
        return Act(lambda s: [Choose(target=target, span=self._span(meta))])

    def as_many(self, meta, c):
        """"as many X as Y", "the same number of X as Y" (4): X, counted by Y."""
        what, per = _sels(c)[:2]
        return AsMany((what, per))

    def select(self, meta, c):
        np = replace(_per_count(_sel(c), c), choose="select")
        if any(isinstance(x, str) and x == "as_many_as_possible" for x in c):
            np = replace(np, up_to=False)

        def make(subject: Any) -> list[Effect]:
            if isinstance(subject, Player) and subject is not Player.YOU:
                return [Choose(target=replace(np, owner=np.owner or subject, chooser=subject), span=self._span(meta))]
            return [Choose(target=replace(np, chooser=Player.YOU), span=self._span(meta))]   # "select": you, said
        return Act(make)

    def select_note(self, meta, c):
        return "as_many_as_possible"

    def declare(self, meta, c):
        kinds = tuple({"color": "element", "type": "card_type", "name": "card_name"}.get(x, x)
                      for x in c if isinstance(x, str) and not isinstance(x, Token))
        other = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "other_than"), ())
        return Act(lambda s: [Declare(things=kinds, other_than=other, span=self._span(meta))])

    def name_other(self, meta, c):
        return ("other_than", tuple(str(t) for t in c if isinstance(t, Token) and t.type == "ELEMENT"))

    def declare_np(self, meta, c):
        np = _sel(c)
        return Act(lambda s: [Declare(things=tuple(np.card_types) or ("card",), span=self._span(meta))])


def _per_count(np: Selector, c: list[Any]) -> Selector:
    """"1 Forward for each X" (4): the count is per card X counts (Selector.count_per)."""
    per = next((x[1] for x in c if isinstance(x, tuple) and len(x) == 2 and x[0] == "per"), None)
    return replace(np, count_per=per) if per is not None else np


__all__ = ["BARRED", "Act", "Instead", "VerbRules"]
