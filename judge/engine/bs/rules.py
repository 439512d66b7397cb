"""The Battle Spirits implementation of the engine's `Rules` interface (Saga and Standard profiles).

`resolve(state, action)` runs one action inside a resolution context: an illegal action returns the
original state and a Refusal; a missing decision returns the state at that point and a
ChoiceNeeded (a later `choose` resumes it); otherwise the new state and its cited steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judge.engine.bs import actions as A
from judge.engine.bs import board, views
from judge.engine.bs.ctx import Ctx, Need, Refuse
from judge.engine.bs.explain import explain as _explain
from judge.engine.bs.flow import battle, step_effects, summon, timing, turn
from judge.engine.bs.profile import profile
from judge.engine.bs.state import State
from judge.engine.core import Applies, LegalAction, Refusal, Ruling, Step
from judge.errors import ScenarioError

FLASH_ACTIONS = (A.UseMagic, A.Activate, A.Summon)


class BattleSpiritsRules:
    """Battle Spirits Saga (`bss`) or Standard (`bs`): one implementation, two rule documents."""

    def __init__(self, game: str) -> None:
        if game not in ("bss", "bs"):
            raise ValueError(game)
        self.game = game
        self.printings = profile(game).printings

    # loading ---------------------------------------------------------------------------------
    def load_board(self, data: Mapping[str, Any], where: str) -> State:
        return board.load_board(data, self.game, where)

    def parse_action(self, state: State, raw: Mapping[str, Any], where: str) -> A.Action:
        return A.parse_action(raw, where)

    # resolving -------------------------------------------------------------------------------
    def resolve(self, state: State, action: A.Action) -> Ruling:
        ctx = Ctx(state)
        try:
            if state.winner is not None:
                raise ctx.refuse(f"the game is over ({state.winner} won)", "win.establish")
            if isinstance(action, A.Concede):
                ctx.set(winner=state.opponent(action.player), work=(), suspended=None, pending=None)
                ctx.log(f"{action.player} concedes: {state.opponent(action.player)} wins", "rules.concede")
                return Ruling(state=ctx.state, steps=ctx.steps)
            if isinstance(action, A.Choose):
                return self._choose(ctx, action)
            if state.pending is not None:
                raise ctx.refuse(f"{state.pending.player or 'a player'} must first decide: {state.pending.choice} "
                                 "(answer it with choose:)", "effect.select")
            ctx.set(answers=tuple(action.answers), targets=tuple(action.targets), unasked=(), free_choice=())
            step_effects.record_life(ctx)     # the life held as this turn began, for "… this turn" (step_effects.py)
            self._dispatch(ctx, action)
            battle.drive(ctx, action.order)
        except Refuse as r:
            return Ruling(state=state, steps=(), refused=r.refusal)
        except Need as n:
            return self._suspend(ctx, state, action, n)
        return self._done(ctx)

    @staticmethod
    def _done(ctx: Ctx) -> Ruling:
        from judge.engine.bs.effects.not_read import say_constants

        say_constants(ctx)          # a constant effect applying now with words not read (8-1-4)
        left = [*ctx.state.answers, *ctx.state.targets]
        if left:
            ctx.steps.append(Step(f"Note: the supplied choice(s) {left} were not needed"))
        ctx.set(answers=(), targets=())
        return Ruling(state=ctx.state, steps=ctx.steps)

    def _suspend(self, ctx: Ctx, original: State, action: A.Action, n: Need) -> Ruling:
        """Keep the decision in the state: a later `choose` answers it and resolution goes on."""
        if ctx.state.work:
            # a waiting effect needs the choice: everything up to it stays; it restarts with the answers
            # already given to it (kept in the state) and the one that comes next
            return Ruling(state=replace(ctx.state, pending=n.decision), steps=ctx.steps, request=n.decision)
        # the action itself needs the choice: nothing happened yet; it is carried out with the answer
        return Ruling(state=replace(original, suspended=action, pending=n.decision, answers=(), targets=()), steps=(),
                      request=n.decision)

    def _choose(self, ctx: Ctx, action: A.Choose) -> Ruling:
        state = ctx.state
        pending = state.pending
        if pending is None:
            return self._unasked(ctx, action)
        if pending.player is not None and action.player != pending.player:
            raise Refuse(Refusal(f"the pending decision is {pending.player}'s, not {action.player}'s: "
                                 f"{pending.choice}", pending.cites))
        if state.suspended is not None:
            held = state.suspended
            again = replace(held, answers=(*held.answers, action.choice), order=action.order or held.order)
            ruling = self.resolve(replace(state, suspended=None, pending=None), again)
            if ruling.refused is not None:  # a wrong answer changes nothing: still waiting for it
                return Ruling(state=state, refused=ruling.refused)
            return ruling
        ctx.set(answers=(*state.answers, action.choice), pending=None)
        try:
            battle.drive(ctx, action.order)
        except Need as n:
            ctx.set(pending=n.decision)
            return Ruling(state=ctx.state, steps=ctx.steps, request=n.decision)
        return self._done(ctx)

    def _unasked(self, ctx: Ctx, action: A.Choose) -> Ruling:
        """A `choose` when nothing is pending: in an open flash window it is for what comes next
        (nobody acts, the battle goes on); otherwise it is ignored with a note (the engine decides
        that fact from the board), never an error."""
        if _renamed(ctx, action) or _answered_alike(ctx, action):
            return Ruling(state=ctx.state, steps=ctx.steps)
        b = ctx.state.battle
        if b is not None and b.window in timing.WINDOW_CONCEPT:
            ctx.set(answers=(action.choice,))
            try:
                battle.close_open_windows(ctx, for_what="the choice")
                battle.drive(ctx, action.order)
            except Need as n:   # the answers an effect already took stay with it (it restarts with them)
                ctx.set(pending=n.decision)
                return Ruling(state=ctx.state, steps=ctx.steps, request=n.decision)
            return self._done(ctx)
        ctx.steps.append(Step(f"Note: no decision is pending, so the answer {action.choice!r} is not needed"))
        return Ruling(state=ctx.state, steps=ctx.steps)

    def _dispatch(self, ctx: Ctx, action: A.Action) -> None:
        in_window = ctx.state.battle is not None and ctx.state.battle.window in timing.WINDOW_CONCEPT
        handler = next((_HANDLERS[c] for c in type(action).__mro__ if c in _HANDLERS), None)  # Place is a Summon
        if handler is None:
            raise ctx.refuse(f"unknown action {type(action).__name__}", "turn.steps")
        handler(ctx, action)
        if in_window and isinstance(action, FLASH_ACTIONS):
            battle.after_flash(ctx, action.player)

    def settle(self, state: State) -> Ruling:
        ctx = Ctx(state)
        if state.pending is not None:
            return Ruling(state=state, request=state.pending)
        if state.work or state.winner is not None:
            return Ruling(state=state)
        try:
            battle.settle(ctx)
        except Need as n:
            return Ruling(state=replace(ctx.state, pending=n.decision, answers=(), targets=()), steps=ctx.steps,
                          request=n.decision)
        except Refuse:
            return Ruling(state=state)
        return Ruling(state=ctx.state, steps=ctx.steps)

    # reading ---------------------------------------------------------------------------------
    def explain(self, state: State) -> tuple[Applies, ...]:
        return _explain(state)

    def unexecuted(self, ability: Any) -> tuple[str, ...]:
        """The nodes of a parsed ability this engine does not carry out (the support-status hook)."""
        from judge.engine.bs.support import unexecuted

        return unexecuted(ability)

    def warnings(self, state: State) -> list[str]:
        """Card text the grammar did not understand: the engine cannot apply it (a judge must)."""
        return [f"{d.key} ({d.name}): not understood, so not applied: \u201c{u}\u201d"
                for d in state.defs.values() for u in d.unparsed]

    def card_view(self, state: State, ref: str) -> dict[str, Any] | None:
        return views.card_view(state, ref)

    def player_view(self, state: State, player: str) -> dict[str, Any]:
        if player not in state.players:
            raise ScenarioError(f"no player {player!r}")
        return views.player_view(state, player)

    def winner(self, state: State) -> str | None:
        return state.winner

    def state_json(self, state: State) -> dict[str, Any]:
        return views.state_json(state)

    def board_lines(self, state: State) -> list[str]:
        return views.board_lines(state)

    def legal_actions(self, state: State) -> tuple[LegalAction, ...]:
        """What the rules allow now, for menus (judge.engine.bs.legal)."""
        from judge.engine.bs.legal import legal_actions

        return legal_actions(self, state)


_CACHE: dict[str, BattleSpiritsRules] = {}


def rules_for_game(game: str) -> BattleSpiritsRules:
    """The (stateless, shared) rules object for bss or bs."""
    if game not in _CACHE:
        _CACHE[game] = BattleSpiritsRules(game)
    return _CACHE[game]


__all__ = ["BattleSpiritsRules", "rules_for_game"]


def _end_step(ctx: Ctx, action: A.EndStep) -> None:
    """Ending the step first closes any battle still open in it."""
    if ctx.state.battle is not None:
        battle.close_open_windows(ctx, for_what="the end of the step")
        battle.drive(ctx)
    turn.end_step(ctx, action)


#: each action kind and the function that performs it
_HANDLERS = {
    A.Summon: summon.summon, A.UseMagic: turn.use_magic, A.Activate: turn.activate,
    A.MoveCores: turn.move_cores, A.SetBurst: turn.set_burst, A.Attack: battle.attack,
    A.Block: battle.block, A.NoBlock: battle.no_block, A.Pass: battle.pass_, A.EndStep: _end_step,
}


def _answered_alike(ctx: Ctx, action: A.Choose) -> bool:
    """A `choose` answering the decision the engine took unasked because every answer ends on the same
    board (an order of simultaneous effects, 8-5-2-4; a "may" whose part changes nothing, 8-1-8): the
    player's answer is taken, and it changes nothing."""
    from judge.engine.core import ChoiceNeeded
    from judge.engine.kernel.values import as_list, yes_no

    if not ctx.state.free_choice:
        return False
    kind, opts = ctx.state.free_choice
    named = [str(c) for c in as_list(action.choice)]
    if kind == "order" and (not named or len(set(named)) != len(named) or not set(named) <= set(opts)):
        return False
    if kind == "may" and (len(named) != 1 or yes_no(named[0]) is None):
        return False
    decision = ChoiceNeeded(f"{action.player} decides ({kind}): {', '.join(opts)}",
                            ctx.cites("effect.order" if kind == "order" else "effect.may"), player=action.player,
                            options=opts, kind=kind)
    ctx.steps.append(Step(f"{action.player} decides ({kind}): {', '.join(named)}; every answer ends on the same "
                          "board, so nothing changes", decision.cites, decision=decision, answer=named,
                          after=ctx.state))
    ctx.set(free_choice=())
    return True


def _renamed(ctx: Ctx, action: A.Choose) -> bool:
    """A `choose` naming other copies of one card than those the engine took unasked (the choice made
    no difference to the board): the copies exchange their names, so the cards the scenario follows
    by id are the ones it chose; the board is the same."""
    from judge.engine.kernel.values import as_list, exchange

    if not ctx.state.unasked:
        return False
    copies, taken = ctx.state.unasked
    chosen = [str(c) for c in as_list(action.choice)]
    if chosen and set(chosen) <= set(copies) and len(chosen) != len(taken):
        # answered as the selection would have been asked: its count is the rule's (9-3-2-1)
        raise ctx.refuse(f"the selection took {len(taken)} of {', '.join(copies)}; {len(chosen)} were chosen",
                         "effect.select_count")
    if not chosen or len(chosen) != len(taken) or not set(chosen) <= set(copies) or set(chosen) == set(taken):
        return False
    out, back = [c for c in taken if c not in chosen], [c for c in chosen if c not in taken]
    names = {**dict(zip(out, back, strict=True)), **dict(zip(back, out, strict=True))}
    ctx.state = exchange(ctx.state, names, skip=frozenset({"defs", "pending", "suspended"}))
    ctx.set(unasked=())
    ctx.log(f"{action.player} chooses {', '.join(chosen)}: copies of one card, so the cards taken are named "
            f"{', '.join(back)} instead of {', '.join(out)} (the same board)")
    return True

