"""Playing on the Board screen: the engine's legal actions as menus (and their parameters as lists),
the pending decision's answers, a typed action for experts, undo, stepping through the trace,
branches of a contested choice and the ruling as Markdown.

A mixin of `BoardScreen`: it uses the screen's session, snapshot and `run_session`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import work
from textual.widgets import OptionList, TabbedContent

from judge.tui import board_model as bm
from judge.tui.board_yaml import Problem, locate, read_mapping


class PlayMixin:
    """The Board screen's playing keys (see the module docstring)."""

    # The screen provides: session, snap, at, app, run_session, refresh_board, show_clauses, query_one, notify.
    session: bm.BoardSession
    snap: bm.Snapshot
    at: int | None
    playing: bool

    # -- choosing an action from the menu --------------------------------------------------------
    def actions_selected(self, event: OptionList.OptionSelected) -> None:
        """An entry of the actions menu was chosen (the screen routes the event here)."""
        event.stop()
        if self.playing:                  # one key press, one action: the list is about to change
            return
        option_id = event.option.id or ""
        if option_id.startswith("group|"):
            verb = option_id.split("|", 1)[1]
            self.pick_and_play([la for la in self.snap.legal if la.verb == verb], verb)
        elif option_id.startswith("la|"):
            self.pick_and_play([self.snap.legal[int(option_id.split("|")[1])]], "")

    @work(exclusive=True, group="board-menu")
    async def pick_and_play(self, offered: list[Any], verb: str) -> None:
        """Which action of a group, then each of its parameters from a list, then play it."""
        from judge.tui.dialogs import PickDialog

        narrowed = await self.narrow_by_steps(offered, verb)
        if not narrowed:
            return
        offered = narrowed
        la = offered[0]
        if len(offered) > 1:
            picked = await self.app.push_screen_wait(PickDialog(
                f"{verb.replace('_', ' ').capitalize()}: which?", [(str(i), a.label) for i, a in enumerate(offered)]))
            if picked is None:
                return
            la = offered[int(picked)]
        picks: dict[str, Any] = {}
        for param in la.params:
            picked = await self.app.push_screen_wait(PickDialog(
                f"{la.label}\n{param.prompt}", [(str(i), c.label) for i, c in enumerate(param.choices)], current="0"))
            if picked is None:
                return
            picks[param.key] = param.choices[int(picked)].value
        self.play(la.with_choices(picks) if picks else dict(la.raw), la.label)

    async def narrow_by_steps(self, offered: list[Any], verb: str) -> list[Any]:
        """A group of stepwise actions (a core move: from where, which cores, to where, how many),
        one question at a time, each listing only the answers some legal action has. A question with
        one answer is not asked, except the last, which says what the action does (a card left under
        its LV1 cost, say) and so is the judge's confirmation. [] when the judge cancels (Escape)."""
        from judge.engine.legal import narrow
        from judge.tui.dialogs import PickDialog

        said: list[str] = []
        step = 0
        question, answers = narrow(offered, step)
        while answers:
            last = not narrow(offered, step + 1)[1]
            if len(answers) > 1 or last:
                title = "\n".join([verb.replace("_", " ").capitalize(), *said, question])
                picked = await self.app.push_screen_wait(PickDialog(
                    title, [(str(i), answer) for i, (answer, _left) in enumerate(answers)], current="0"))
                if picked is None:
                    return []
                answer, offered = answers[int(picked)]
            else:
                answer = answers[0][0]
            said.append(f"{question} {answer}")
            step += 1
            question, answers = narrow(offered, step)
        return offered

    def play(self, raw: dict[str, Any], label: str = "") -> None:
        def after(outcome: bm.Candidate | None) -> None:
            if outcome is not None and outcome.status == "refused":
                cites = f" (§{', §'.join(outcome.cites)})" if outcome.cites else ""
                self.notify(f"{outcome.label}: {outcome.reason}{cites}", title="Refused", severity="warning")
            self.query_one("#tabs", TabbedContent).active = "tab-trace"
            trace = self.query_one("#trace", OptionList)
            if trace.option_count:
                trace.highlighted = trace.option_count - 1

        self.at = None
        self.playing = True
        self.run_session(lambda s: s.play(raw, label), after)

    def action_undo(self) -> None:
        def said(done: bool) -> None:
            if not done:
                self.notify("Nothing to undo", timeout=2)

        self.at = None
        self.run_session(lambda s: s.undo(), said)

    def action_redo(self) -> None:
        def said(done: bool) -> None:
            if not done:
                self.notify("Nothing to redo", timeout=2)

        self.at = None
        self.run_session(lambda s: s.redo(), said)

    def action_step(self, delta: int) -> None:
        """Move through the trace; the board shows the state after the step's action."""
        trace = self.query_one("#trace", OptionList)
        steps = [i for i in range(trace.option_count) if not trace.get_option_at_index(i).disabled]
        if not steps:
            self.notify("No trace yet: play an action first", timeout=3)
            return
        current = trace.highlighted if trace.highlighted in steps else steps[-1]
        position = max(0, min(len(steps) - 1, steps.index(current) + delta))
        trace.highlighted = steps[position]
        self.query_one("#tabs", TabbedContent).active = "tab-trace"
        option_id = trace.get_option_at_index(steps[position]).id or ""
        action_index = self.snap.trace[int(option_id.split("|")[1])][0]
        at = None if action_index == len(self.session.played) - 1 else action_index
        if at != self.at:
            self.at = at
            self.refresh_board()

    # -- typing an action (expert) ---------------------------------------------------------------
    def action_custom_action(self) -> None:
        import yaml

        from judge.tui.board_dialogs import YamlDialog

        pending = self.snap.pending
        hint = f"# {pending.player or 'a player'} must decide: {pending.choice}\n" if pending is not None else ""
        if pending is not None:           # a decision is answered with choose:, never by passing
            options = list(getattr(pending, "options", ()) or ())
            example = next((la.raw for la in self.snap.legal if la.verb == "choose"),
                           {"player": pending.player or self.snap.turn_player,
                            "choose": options[0] if len(options) == 1 else options or "?"})
        else:
            example = next((la.raw for la in self.snap.legal), {"player": self.snap.turn_player, "pass": True})
        text = hint + yaml.safe_dump(dict(example), default_flow_style=True, sort_keys=False).strip() + "\n"
        self.app.push_screen(YamlDialog("A scenario action (the engine says if it is legal)", text,
                                        self._check_action), self._custom_done)

    async def _check_action(self, text: str) -> Problem | None:
        from judge.tui.service import FAILED

        raw, problem = read_mapping(text, "the action")
        if problem is not None:
            return problem
        outcome = await self.app.ask(self.app.library.run(self.session.try_action, raw))
        if outcome is FAILED:
            return Problem("the engine could not judge this action (see the notification)")
        if outcome.status == "invalid":
            return locate(text, outcome.reason)
        if outcome.status == "refused":
            cites = f" (§{', §'.join(outcome.cites)})" if outcome.cites else ""
            self.show_clauses(f"Refused: {outcome.reason}", outcome.cites)
            return Problem(f"Refused: {outcome.reason}{cites}")
        return None

    def _custom_done(self, text: str | None) -> None:
        if not text:
            return
        raw, problem = read_mapping(text, "the action")
        if raw is not None and problem is None:
            self.play(raw)

    # -- branches and the ruling -----------------------------------------------------------------
    def action_alternative(self) -> None:
        from judge.tui.board_dialogs import YamlDialog

        if not self.session.played:
            self.notify("Play the contested action first, then add its alternative", severity="warning")
            return
        trace = self.query_one("#trace", OptionList)
        index = len(self.session.played) - 1
        if trace.highlighted is not None:
            option_id = trace.get_option_at_index(trace.highlighted).id or ""
            if option_id.startswith("step|"):
                index = self.snap.trace[int(option_id.split("|")[1])][0]
        raw = self.session.played[index].raw
        title = f"Alternative for action {index + 1} ({bm.action_label(raw)}): the fields that differ"

        def done(text: str | None) -> None:
            if not text:
                return
            alt, problem = read_mapping(text, "the alternative")
            if problem is not None:
                self.notify(str(problem), title="Not an alternative", severity="error")
            elif alt is not None:
                self.session.alternatives.setdefault(index, []).append(alt)
                self.notify(f"Branch added to action {index + 1}; press v to compare", timeout=4)

        self.app.push_screen(YamlDialog(title, "{choose: [b2]}\n"), done)

    def action_branches(self) -> None:
        from judge.tui.branch_screen import BranchScreen

        if not any(self.session.alternatives.values()):
            self.notify("No branches yet: add an alternative to a contested action (y)", timeout=4)
            return

        def shown(result: Any) -> None:
            self.app.push_screen(BranchScreen(result))

        self.run_session(lambda s: s.result(), shown)

    def action_export(self) -> None:
        from judge.tui.dialogs import PromptDialog

        default = str(Path(self.session.path).with_suffix(".md")) if self.session.path else "ruling.md"

        def done(path: str | None) -> None:
            if not path:
                return

            def job(session: bm.BoardSession) -> Path:
                from judge.access import Purpose, checked_path
                from judge.engine.output import open_kb_or_none

                target = checked_path(path, Purpose.EXPORT)      # a web session: files off or in one folder
                target.write_text(session.markdown(open_kb_or_none()), encoding="utf-8")
                return target

            self.run_session(job, lambda target: self.notify(f"Ruling written to {target}", timeout=5))

        self.app.push_screen(PromptDialog("Export the ruling as Markdown to", "ruling.md", default), done)
