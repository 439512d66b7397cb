"""Board: set up a two-player board, play the legal actions, step through the cited trace.

The session (`board_model.BoardSession`) keeps the board as scenario data and asks the engine
about everything: which actions are legal or refused (with clauses), what happens, what applies
now (`explain`). This screen only draws it and turns keys into edits of the data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from judge.tui import board_model as bm
from judge.tui.clause_pane import clauses_renderable, fetch_clauses

MARKS = {"legal": ("✓", "green"), "refused": ("✗", "red"), "choice": ("?", "yellow"), "invalid": ("·", "dim")}


class BoardScreen(Screen[None]):
    """Board rows and actions on the left; trace / rules in play and their clauses on the right."""

    DEFAULT_CSS = """
    BoardScreen #board-left { width: 1fr; }
    BoardScreen #board-right { width: 1fr; border-left: vkey $panel; }
    BoardScreen #rows { height: 1fr; border: round $panel; }
    BoardScreen #actions { height: 1fr; border: round $panel; }
    BoardScreen OptionList:focus { border: round $accent; }
    BoardScreen TabbedContent { height: 1fr; }
    BoardScreen #board-clauses { height: 1fr; padding: 0 1; border-top: hkey $panel; }
    BoardScreen .caption { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "open", "Open", tooltip="Load a scenario file (YAML)"),
        Binding("w", "save", "Save", show=False, tooltip="Save the board and actions as a scenario file"),
        Binding("n", "new", "New", show=False, tooltip="Start from an empty board"),
        Binding("a", "add_card", "Add", tooltip="Put a card from the database or an ad-hoc card on the field"),
        Binding("plus,equals_sign", "cores(1)", "+core", key_display="+", show=False, tooltip="One more core on the selected card"),
        Binding("minus", "cores(-1)", "-core", key_display="-", show=False, tooltip="One core less on the selected card"),
        Binding("r", "toggle_state", "Exhaust", show=False, tooltip="Exhausted / refreshed for the selected card"),
        Binding("s", "soul_core", "Soul core", show=False, tooltip="Put the soul core on the selected card"),
        Binding("x", "remove", "Remove", show=False, tooltip="Take the selected card off the field"),
        Binding("p", "edit_player", "Player", show=False,
                tooltip="Edit the selected player's life, reserve, trash, hand, deck (YAML)"),
        Binding("t", "edit_turn", "Turn", show=False, tooltip="Edit the turn number, turn player and step"),
        Binding("e", "edit_yaml", "YAML", show=False, tooltip="Edit the whole board as scenario YAML"),
        Binding("colon", "custom_action", "Action…", key_display=":", show=False,
                tooltip="Type any scenario action (YAML), e.g. {player: A, magic: blast, targets: [b1]}"),
        Binding("u", "undo", "Undo", tooltip="Take back the last action"),
        Binding("left_square_bracket", "step(-1)", "Back", key_display="[",
                tooltip="Step back through the resolution trace"),
        Binding("right_square_bracket", "step(1)", "Fwd", key_display="]", show=False,
                tooltip="Step forward through the resolution trace"),
        Binding("y", "alternative", "Branch", show=False,
                tooltip="Add an alternative choice to an action, to compare the branches"),
        Binding("v", "branches", "Compare", show=False, tooltip="Compare the branches of contested choices"),
        Binding("m", "export", "Ruling", tooltip="Export the ruling as Markdown"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.session = bm.BoardSession()
        self.snap = bm.Snapshot()
        self.at: int | None = None          # the trace position shown (None: the latest board)
        self.ready = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="board-left"):
                yield Label("Board", id="board-caption", classes="caption")
                yield OptionList(id="rows")
                yield Label("Actions: Enter plays · ✓ legal ✗ refused ? needs a choice", classes="caption")
                yield OptionList(id="actions")
            with Vertical(id="board-right"):
                with TabbedContent(id="tabs"):
                    with TabPane("Trace", id="tab-trace"):
                        yield OptionList(id="trace")
                    with TabPane("Rules in play", id="tab-applies"):
                        yield OptionList(id="applies")
                with VerticalScroll(id="board-clauses", can_focus=False):
                    yield Static("Highlight a step, a rule in play or an action to read its clauses.",
                                 id="board-clause-text")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.sub_title = "Board"
        app: Any = self.app
        app.board = self
        game = app.game if app.game in ("bss", "bs") else "bss"
        self.session.data = bm.blank_board(game)
        self.run_session(lambda s: (s.validate(), s.mark_saved()))

    # -- running session work on the library thread, then redrawing ----------------------------
    @work(group="board")  # not exclusive: every edit counts; the library thread runs them in order
    async def run_session(self, job: Any, done: Any = None) -> None:
        from judge.tui.app import FAILED

        app: Any = self.app
        session, at = self.session, self.at

        def work_then_snapshot() -> tuple[Any, bm.Snapshot]:
            outcome = job(session) if job else None
            if session.rules is None:
                session.validate()
            return outcome, bm.snapshot(session, at)

        result = await app.ask(app.library.run(work_then_snapshot))
        if result is FAILED:
            if session.rules is not None and not self.ready:
                self.ready = True
            return
        outcome, self.snap = result
        self.ready = True
        self.draw()
        if done is not None:
            done(outcome)

    def refresh_board(self) -> None:
        self.run_session(None)

    def draw(self) -> None:
        snap = self.snap
        self.query_one("#board-clause-text", Static).update(
            "Highlight a step, a rule in play or an action to read its clauses.")
        name = self.session.path.name if self.session.path else "new board"
        caption = f"{self.session.data.get('game', '')} · {name}" + (f" · WINNER {snap.winner}" if snap.winner else "")
        if self.at is not None:
            caption += f" · showing the board after action {self.at + 1} of {len(self.session.played)}"
        self.query_one("#board-caption", Label).update(caption)
        rows = self.query_one("#rows", OptionList)
        kept = rows.highlighted
        rows.set_options([Option(Text(label), id=row_id) for row_id, label in snap.rows])
        rows.highlighted = kept if kept is not None and kept < rows.option_count else 0
        actions = self.query_one("#actions", OptionList)
        options: list[Option] = []
        if snap.pending is not None:
            options.append(Option(Text(f"waiting: {snap.pending.choice} — use ':' to answer", style="yellow"),
                                  disabled=True))
        for i, cand in enumerate(snap.candidates):
            mark, style = MARKS.get(cand.status, ("·", ""))
            label = Text(f"{mark} ", style=style)
            label.append(cand.label)
            if cand.status != "legal" and cand.reason:
                label.append(f" — {cand.reason}", style="dim")
            if cand.cites:
                label.append(f" §{', §'.join(cand.cites)}", style="cyan")
            options.append(Option(label, id=str(i)))
        if self.at is not None:
            options = [Option(Text("Stepped back: press ] to the end to act again", style="dim"), disabled=True)]
        elif snap.winner:
            options = [Option(Text(f"The game is over: {snap.winner} wins", style="bold"), disabled=True)]
        actions.set_options(options)
        first = next((i for i, option in enumerate(options) if not option.disabled), None)
        if first is not None:
            actions.highlighted = first
        trace = self.query_one("#trace", OptionList)
        trace_options: list[Option] = []
        last = -1
        for n, (action_index, step) in enumerate(snap.trace):
            if action_index != last:
                raw = self.session.played[action_index].raw
                trace_options.append(Option(Text(f"{action_index + 1}. {bm.action_label(raw)}", style="bold"),
                                            disabled=True))
                last = action_index
            label = Text(f"  {step.text}")
            if step.cites:
                label.append(f" §{', §'.join(step.cites)}", style="cyan")
            trace_options.append(Option(label, id=f"step|{n}"))
        kept_step = trace.highlighted if trace.option_count == len(trace_options) else None
        trace.set_options(trace_options or [Option(Text("No action played yet", style="dim"), disabled=True)])
        if kept_step is not None:
            trace.highlighted = kept_step
        applies = self.query_one("#applies", OptionList)
        applies.set_options([Option(Text(a.text) + Text(f" §{', §'.join(a.cites)}" if a.cites else "",
                                                        style="cyan"), id=f"applies|{i}")
                             for i, a in enumerate(snap.applies)]
                            or [Option(Text("Nothing in play yet", style="dim"), disabled=True)])

    # -- reading clauses -------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#trace")
    def step_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id.startswith("step|"):
            _action, step = self.snap.trace[int(event.option.id.split("|")[1])]
            self.show_clauses(step.text, step.cites)

    @on(OptionList.OptionHighlighted, "#applies")
    def applies_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            entry = self.snap.applies[int(event.option.id.split("|")[1])]
            self.show_clauses(entry.text, entry.cites)

    @on(OptionList.OptionHighlighted, "#actions")
    def action_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None and event.option.id.isdigit():
            cand = self.snap.candidates[int(event.option.id)]
            if cand.status != "legal":
                self.show_clauses(f"{cand.label}: {cand.reason}", cand.cites)

    @work(exclusive=True, group="board-clauses")
    async def show_clauses(self, title: str, cites: tuple[str, ...]) -> None:
        from judge.tui.app import FAILED

        app: Any = self.app
        target = self.query_one("#board-clause-text", Static)
        if not cites:
            target.update(Text(title))
            return
        lib, game = app.library, self.session.data.get("game", "bss")
        found = await app.ask(lib.run(lambda: fetch_clauses(lib.kb_sync(), game, cites)))
        if found is not FAILED:
            target.update(clauses_renderable(Text(title, style="bold"), found))

    # -- playing ---------------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#actions")
    def action_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None or not event.option.id.isdigit():
            return
        cand = self.snap.candidates[int(event.option.id)]
        if cand.status in ("refused", "invalid"):
            cites = f" (§{', §'.join(cand.cites)})" if cand.cites else ""
            self.notify(f"{cand.label}: {cand.reason}{cites}", title="Not allowed", severity="warning", timeout=8)
            return
        self.play(cand.raw)

    def play(self, raw: dict[str, Any]) -> None:
        def after(outcome: bm.Candidate | None) -> None:
            if outcome is not None and outcome.status == "refused":
                cites = f" (§{', §'.join(outcome.cites)})" if outcome.cites else ""
                self.notify(f"{outcome.label}: {outcome.reason}{cites}", title="Refused", severity="warning")
            elif outcome is not None and outcome.status == "choice":
                self.notify(f"{outcome.reason} (§{', §'.join(outcome.cites)})", title="A choice is needed")
            self.query_one("#tabs", TabbedContent).active = "tab-trace"
            trace = self.query_one("#trace", OptionList)
            if trace.option_count:
                trace.highlighted = trace.option_count - 1

        self.at = None
        self.run_session(lambda s: s.play(raw), after)

    def action_undo(self) -> None:
        self.at = None
        self.run_session(lambda s: s.undo())

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

    def action_custom_action(self) -> None:
        from judge.tui.board_dialogs import YamlDialog

        pending = self.snap.pending
        hint = f"# waiting for: {pending.choice}\n" if pending is not None else ""
        me = (self.session.data.get("turn") or {}).get("player", "A")
        self.app.push_screen(YamlDialog("A scenario action", f"{hint}{{player: {me}, attack: a1}}\n"),
                             self._custom_done)

    def _custom_done(self, text: str | None) -> None:
        if not text:
            return
        raw = self._yaml_mapping(text, "the action")
        if raw is not None:
            self.play(raw)

    # -- editing the board -----------------------------------------------------------------------
    def _selected_row(self) -> str | None:
        rows = self.query_one("#rows", OptionList)
        if rows.highlighted is None:
            return None
        return rows.get_option_at_index(rows.highlighted).id

    def _selected_card(self) -> str | None:
        row = self._selected_row()
        if row and row.startswith("card|"):
            return row.split("|", 1)[1]
        self.notify("Select a card on the board first (the Board list, ↑/↓)", severity="warning", timeout=4)
        return None

    def _edit(self, change: Any) -> None:
        self.at = None
        self.run_session(lambda s: s.edit(change))

    def action_cores(self, delta: int) -> None:
        card = self._selected_card()
        if card:
            self._edit(lambda d: bm.add_cores(d, card, delta))

    def action_toggle_state(self) -> None:
        card = self._selected_card()
        if card:
            self._edit(lambda d: bm.toggle_state(d, card))

    def action_soul_core(self) -> None:
        card = self._selected_card()
        if card:
            self._edit(lambda d: bm.set_soul_core(d, card))

    def action_remove(self) -> None:
        card = self._selected_card()
        if card:
            self._edit(lambda d: bm.remove_card(d, card))

    def action_add_card(self) -> None:
        from judge.tui.board_dialogs import AddCardDialog

        row = self._selected_row() or ""
        player = row.split("|")[1][0].upper() if "|" in row else "A"
        self.app.push_screen(AddCardDialog(player if player in bm.PLAYERS else "A"), self._add_done)

    def _add_done(self, spec: dict[str, Any] | None) -> None:
        if not spec:
            return
        text = spec["card"]
        if text.startswith("{"):
            card = self._yaml_mapping(text, "the ad-hoc card")
            if card is None:
                return
            self._edit(lambda d: bm.add_card(d, spec["player"], card, spec["cores"], spec["state"]))
            return

        def job(session: bm.BoardSession) -> None:
            from judge.cards.db import find_card

            found = find_card(text, game=session.data.get("game"))
            session.edit(lambda d: bm.add_card(d, spec["player"], found.number, spec["cores"], spec["state"]))

        self.at = None
        self.run_session(job)

    def action_edit_player(self) -> None:
        row = self._selected_row() or ""
        player = "A"
        if row.startswith("player|"):
            player = row.split("|")[1]
        mapping = {k: v for k, v in (self.session.data.get("players", {}).get(player) or {}).items() if k != "field"}
        self._yaml_edit(f"Player {player} (life, reserve, soul_core, trash_cores, deck, hand, trash, burst)",
                        mapping, lambda d, value: d["players"][player].update(value))

    def action_edit_turn(self) -> None:
        self._yaml_edit(f"Turn (number, player A/B, step: {' '.join(bm.STEPS)})",
                        self.session.data.get("turn") or {}, lambda d, value: d.__setitem__("turn", value))

    def action_edit_yaml(self) -> None:
        data = {k: v for k, v in self.session.data.items()}
        self._yaml_edit("The board as scenario YAML", data, lambda d, value: (d.clear(), d.update(value)))

    def _yaml_edit(self, title: str, value: Any, apply: Any) -> None:
        import yaml

        from judge.tui.board_dialogs import YamlDialog

        def done(text: str | None) -> None:
            if text is None:
                return
            parsed = self._yaml_mapping(text, title.split(" (")[0])
            if parsed is not None:
                self._edit(lambda d: apply(d, parsed))

        self.app.push_screen(YamlDialog(title, yaml.safe_dump(value, sort_keys=False, allow_unicode=True)),
                             done)

    def _yaml_mapping(self, text: str, what: str) -> dict[str, Any] | None:
        import yaml

        try:
            value = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            self.notify(f"{what}: not valid YAML ({exc})", severity="error")
            return None
        if not isinstance(value, dict):
            self.notify(f"{what}: expected a mapping such as {{player: A, attack: a1}}", severity="error")
            return None
        return value

    # -- files, branches and the ruling ----------------------------------------------------------
    def action_new(self) -> None:
        app: Any = self.app
        game = app.game if app.game in ("bss", "bs") else "bss"
        self.at = None
        self.run_session(lambda s: (setattr(s, "data", bm.blank_board(game)), s.alternatives.clear(),
                                    s.expect.clear(), s.validate(), s.mark_saved()))

    def action_open(self) -> None:
        from judge.tui.dialogs import PromptDialog

        def done(path: str | None) -> None:
            if path:
                self.at = None
                self.run_session(lambda s: s.load(Path(path).expanduser()),
                                 lambda _o: self.notify(f"Loaded {path}", timeout=3))

        self.app.push_screen(PromptDialog("Open a scenario file (YAML)", "tests/scenarios/bss/….yaml"), done)

    def action_save(self) -> None:
        from judge.tui.dialogs import PromptDialog

        default = str(self.session.path or "board.yaml")

        def done(path: str | None) -> None:
            if path:
                self.run_session(lambda s: s.save(Path(path).expanduser()),
                                 lambda _o: self.notify(f"Saved the scenario to {path}", timeout=4))

        self.app.push_screen(PromptDialog("Save the scenario as (YAML)", "board.yaml", default), done)

    def action_export(self) -> None:
        from judge.tui.dialogs import PromptDialog

        default = str(Path(self.session.path).with_suffix(".md")) if self.session.path else "ruling.md"

        def done(path: str | None) -> None:
            if not path:
                return
            def job(session: bm.BoardSession) -> Path:
                from judge.engine.output import open_kb_or_none
                from judge.web.access import Purpose, checked_path

                target = checked_path(path, Purpose.EXPORT)      # a web session: files off or in one folder
                target.write_text(session.markdown(open_kb_or_none()), encoding="utf-8")
                return target

            self.run_session(job, lambda target: self.notify(f"Ruling written to {target}", timeout=5))

        self.app.push_screen(PromptDialog("Export the ruling as Markdown to", "ruling.md", default), done)

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
            alt = self._yaml_mapping(text, "the alternative")
            if alt is not None:
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
