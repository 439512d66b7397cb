"""Board: set up a two-player board of any game, play the engine's legal actions from menus, and
step through the cited trace.

The session (`board_model.BoardSession`) keeps the board as scenario data and asks the engine
about everything: which actions are legal now (`Rules.legal_actions`, with their parameters),
what happens, what applies now (`explain`), how far each card's abilities are carried out. What
differs between games is the board profile. This screen only draws; its keys are in two mixins:
setting the board up (`board_setup`) and playing on it (`board_play`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from judge.tui import board_model as bm
from judge.tui.board_play import PlayMixin
from judge.tui.board_profiles import PROFILES
from judge.tui.board_setup import SetupMixin
from judge.tui.clause_pane import clauses_renderable, fetch_clauses

HINT = "Highlight a card, a step, a rule in play or an action to read it here."
#: a verb with more legal actions than this is one menu entry that opens the list (a verb whose
#: actions are reached step by step, a core move, is one entry from two actions on)
GROUP_AT = 5
#: the parameters of an action, in words
PARAM_WORDS = {"cores": "cores", "pay_from": "payment", "pay": "payment", "targets": "targets", "mode": "options"}


class ActionList(OptionList):
    """The legal actions: a click on an entry highlights it (and shows its clauses); a click on
    the highlighted entry, or Enter, plays it. A judge never plays an action by a stray click."""

    async def _on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is None or self.get_option_at_index(clicked).disabled:
            return
        event.prevent_default()           # OptionList's own click plays at once: not here
        if clicked != self.highlighted:
            self.highlighted = clicked
            self.focus()
            return
        self.action_select()


class BoardScreen(SetupMixin, PlayMixin, Screen[None]):
    """Board rows and the legal actions on the left; trace / rules in play and the reading pane on the right."""

    DEFAULT_CSS = """
    BoardScreen #board-left { width: 3fr; }
    BoardScreen #board-right { width: 2fr; border-left: vkey $panel; }
    BoardScreen #rows { height: 1fr; min-height: 6; border: round $panel; }
    BoardScreen #actions { height: auto; min-height: 5; max-height: 45%; border: round $panel; }
    BoardScreen OptionList:focus { border: round $accent; }
    BoardScreen TabbedContent { height: 1fr; }
    BoardScreen #board-clauses { height: 1fr; padding: 0 1; border-top: hkey $panel; }
    BoardScreen .caption { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_card", "Add", tooltip="Put a card in a zone: a card from the database (number or "
                                                     "name, completed as you type) or an ad-hoc card"),
        Binding("t", "edit_turn", "Turn", tooltip="The turn number, turn player and step / phase, from lists"),
        Binding("l", "switch_tab", "Trace/Rules", tooltip="Switch between the trace and the rules in play"),
        Binding("u", "undo", "Undo", tooltip="Take back the last action"),
        Binding("ctrl+y", "redo", "Redo", tooltip="Play again the last action taken back"),
        Binding("o", "open", "Open", show=False, tooltip="Load a scenario file (YAML)"),
        Binding("w", "save", "Save", show=False, tooltip="Save the board and actions as a scenario file"),
        Binding("n", "new", "New", show=False, tooltip="Start from an empty board of a game (bss, bs, fftcg)"),
        Binding("x", "remove", "Remove", show=False,
                tooltip="Take the selected card off the board (on a zone: pick which card)"),
        Binding("plus,equals_sign", "counter(1)", "+core/+damage", key_display="+", show=False,
                tooltip="One more core (Battle Spirits) / 1000 more damage (FFTCG) on the selected card"),
        Binding("minus", "counter(-1)", "-core/-damage", key_display="-", show=False,
                tooltip="One core less / 1000 damage less on the selected card"),
        Binding("r", "toggle_state", "Exhaust/dull", show=False,
                tooltip="Refreshed / exhausted (FFTCG: active / dull) for the selected card"),
        Binding("s", "soul_core", "Soul core", show=False, tooltip="Put the soul core on the selected card"),
        Binding("p", "edit_player", "Player", show=False,
                tooltip="The selected player's numbers (life, reserve, deck …) and the soul core's place"),
        Binding("e", "edit_yaml", "YAML", show=False, tooltip="Edit the whole board as scenario YAML (expert)"),
        Binding("colon", "custom_action", "Action…", key_display=":", show=False,
                tooltip="Type any scenario action (YAML), e.g. {player: A, magic: blast, targets: [b1]}"),
        Binding("left_square_bracket", "step(-1)", "Back", key_display="[", show=False,
                tooltip="Step back through the resolution trace"),
        Binding("right_square_bracket", "step(1)", "Fwd", key_display="]", show=False,
                tooltip="Step forward through the resolution trace"),
        Binding("y", "alternative", "Branch", show=False,
                tooltip="Add an alternative choice to an action, to compare the branches"),
        Binding("v", "branches", "Compare", show=False, tooltip="Compare the branches of contested choices"),
        Binding("m", "export", "Ruling", show=False, tooltip="Export the ruling as Markdown"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.session = bm.BoardSession()
        self.snap = bm.Snapshot()
        self.at: int | None = None          # the trace position shown (None: the latest board)
        self.ready = False
        self.warned: set[str] = set()       # the board problems already said (judge.tui.board_checks)
        self.playing = False                # an action is being played: further Enters wait for it
        #: the player and zone the add-card dialog last put a card in, and the board line highlighted
        #: then: pressing a on the same line again offers them again (they stay as chosen)
        self.add_to: tuple[str, str, str] | None = None
        self.add_row = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="board-left"):
                yield Label("Board", id="board-caption", classes="caption")
                yield OptionList(id="rows")
                yield Label("Legal actions (Enter)", id="actions-caption", classes="caption")
                yield ActionList(id="actions")
            with Vertical(id="board-right"):
                with TabbedContent(id="tabs"):
                    with TabPane("Trace", id="tab-trace"):
                        yield OptionList(id="trace")
                    with TabPane("Rules in play", id="tab-applies"):
                        yield OptionList(id="applies")
                with VerticalScroll(id="board-clauses", can_focus=False):
                    yield Static(HINT, id="board-clause-text")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.sub_title = "Board"
        app: Any = self.app
        app.board = self
        game = app.game if app.game in PROFILES else "bss"
        self.query_one("#rows", OptionList).focus()
        self.run_session(lambda s: s.new(game))

    # -- running session work on the library thread, then redrawing ----------------------------
    @work(group="board")  # not exclusive: every edit counts; the library thread runs them in order
    async def run_session(self, job: Any, done: Any = None) -> None:
        from judge.tui.service import FAILED

        app: Any = self.app
        session, at = self.session, self.at

        def work_then_snapshot() -> tuple[Any, bm.Snapshot, list[tuple[str, tuple[str, ...]]]]:
            from judge.tui.board_checks import board_warnings

            outcome = job(session) if job else None
            if session.rules is None:
                session.validate()
            return outcome, bm.snapshot(session, at), board_warnings(session.game, session.start)

        result = await app.ask(app.library.run(work_then_snapshot))
        self.playing = False
        if result is FAILED:
            self.ready = self.ready or session.rules is not None
            return
        outcome, self.snap, warnings = result
        self.ready = True
        self.draw()
        self.warn(warnings)
        if done is not None:
            done(outcome)

    def warn(self, warnings: list[tuple[str, tuple[str, ...]]]) -> None:
        """Say each board problem once, when it is made (it stays on the board: the rules carry it out)."""
        for text, cites in warnings:
            if text not in self.warned:
                self.notify(f"{text} (§{', §'.join(cites)})", title="The rules will not leave this board as it is",
                            severity="warning", timeout=8)
        self.warned = {text for text, _ in warnings}

    def refresh_board(self) -> None:
        self.run_session(None)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self) -> None:
        snap = self.snap
        self.query_one("#board-clause-text", Static).update(HINT)
        name = self.session.path.name if self.session.path else "new board"
        title = PROFILES[snap.game].title if snap.game in PROFILES else snap.game
        caption = f"{title} · {name}" + (f" · WINNER {snap.winner}" if snap.winner else "")
        if self.at is not None:
            caption += f" · showing the board after action {self.at + 1} of {len(self.session.played)}"
        self.query_one("#board-caption", Label).update(caption)
        rows = self.query_one("#rows", OptionList)
        kept = rows.highlighted
        kept_id = rows.get_option_at_index(kept).id if kept is not None and kept < rows.option_count else None
        rows.set_options([Option(Text(row.label), id=row.id) for row in snap.rows])
        ids = [row.id for row in snap.rows]
        if kept_id in ids:                       # the same row (a player, a zone, a card), wherever it moved
            rows.highlighted = ids.index(kept_id)
        else:
            rows.highlighted = min(kept or 0, max(0, rows.option_count - 1))
        self.draw_actions()
        self.draw_trace()
        applies = self.query_one("#applies", OptionList)
        applies.set_options([Option(Text(a.text) + Text(f" §{', §'.join(a.cites)}" if a.cites else "",
                                                        style="cyan"), id=f"applies|{i}")
                             for i, a in enumerate(snap.applies)]
                            or [Option(Text("Nothing in play yet", style="dim"), disabled=True)])

    def draw_actions(self) -> None:
        snap = self.snap
        actions = self.query_one("#actions", OptionList)
        options: list[Option] = []
        if snap.pending is not None:
            who = snap.pending.player or "a player"
            cites = f" §{', §'.join(snap.pending.cites)}" if snap.pending.cites else ""
            head = Text(f"{who} must decide: {snap.pending.choice}", style="bold yellow")
            head.append(cites, style="cyan")
            options.append(Option(head, id="decision"))
        counts: dict[str, int] = {}
        unlisted: dict[str, int] = {}
        for la in snap.legal:
            counts[la.verb] = counts.get(la.verb, 0) + 1
            unlisted[la.verb] = unlisted.get(la.verb, 0) + getattr(la, "unlisted", 0)
        grouped: set[str] = set()
        stepwise = {la.verb for la in snap.legal if getattr(la, "path", ())}
        for i, la in enumerate(snap.legal):
            if counts[la.verb] > (1 if la.verb in stepwise else GROUP_AT) and la.verb != "choose":
                if la.verb not in grouped:
                    grouped.add(la.verb)
                    how = ", step by step" if la.verb in stepwise else ""
                    if unlisted[la.verb]:
                        how += f"; {unlisted[la.verb]} more not listed, ':' types one"
                    options.append(Option(Text(f"▸ {la.verb.replace('_', ' ')}… ({counts[la.verb]} ways{how})"),
                                          id=f"group|{la.verb}"))
                continue
            label = Text("▸ " if la.params else "  ")
            label.append(la.label)
            if la.params:
                label.append(f"  (choose {', '.join(PARAM_WORDS.get(p.key, p.key) for p in la.params)})", style="dim")
            options.append(Option(label, id=f"la|{i}"))
        if self.at is not None:
            options = [Option(Text("Stepped back: press ] to the end to act again", style="dim"), disabled=True)]
        elif snap.winner:
            options = [Option(Text(f"The game is over: {snap.winner} wins", style="bold"), disabled=True)]
        elif not options:
            options = [Option(Text("No legal action now (':' types one to see why)", style="dim"), disabled=True)]
        actions.set_options(options)
        first = next((i for i, option in enumerate(options) if not option.disabled and option.id != "decision"),
                     None)
        if first is not None:
            actions.highlighted = first
        turn = snap.pending.player if snap.pending is not None else None
        caption = f"{turn} decides (Enter answers)" if turn else "Legal actions (Enter plays; ▸ asks which)"
        self.query_one("#actions-caption", Label).update(caption)

    def draw_trace(self) -> None:
        trace = self.query_one("#trace", OptionList)
        trace_options: list[Option] = []
        last = -1
        for n, (action_index, step) in enumerate(self.snap.trace):
            if action_index != last:
                title = self.session.played[action_index].title
                trace_options.append(Option(Text(f"{action_index + 1}. {title}", style="bold"), disabled=True))
                last = action_index
            label = Text(f"  {step.text}")
            if step.cites:
                label.append(f" §{', §'.join(step.cites)}", style="cyan")
            trace_options.append(Option(label, id=f"step|{n}"))
        kept_step = trace.highlighted if trace.option_count == len(trace_options) else None
        trace.set_options(trace_options or [Option(Text("No action played yet", style="dim"), disabled=True)])
        if kept_step is not None:
            trace.highlighted = kept_step

    @on(OptionList.OptionSelected, "#actions")
    def _actions_selected(self, event: OptionList.OptionSelected) -> None:
        self.actions_selected(event)      # Textual reads @on handlers of the screen class only

    # -- reading: clauses and cards --------------------------------------------------------------
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
        option_id = event.option.id or ""
        if option_id == "decision" and self.snap.pending is not None:
            self.show_clauses(self.snap.pending.choice, self.snap.pending.cites)
        elif option_id.startswith("la|"):
            la = self.snap.legal[int(option_id.split("|")[1])]
            if la.decision is not None:
                self.show_clauses(f"{la.label} — answers: {la.decision.choice}", la.decision.cites)

    @on(OptionList.OptionHighlighted, "#rows")
    def row_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        row = next((r for r in self.snap.rows if r.id == event.option.id), None)
        if row is not None and row.refs and row.id.startswith("card|"):
            self.show_card(row.refs[0])
        elif row is not None and row.refs:
            names = [f"{ref}: {self.session.names.get(ref.split('#')[0], (ref, ''))[0]}" for ref in row.refs]
            self.query_one("#board-clause-text", Static).update(
                Text("\n".join(names) + "\n\na adds a card here · x takes one out", style=""))

    @work(exclusive=True, group="board-clauses")
    async def show_card(self, ref: str) -> None:
        from judge.tui.board_card import card_detail, detail_renderable
        from judge.tui.service import FAILED

        app: Any = self.app
        game = self.session.game
        local = (self.session.data.get("cards") or {}).get(ref.split("#", 1)[0])
        found = await app.ask(app.library.run(card_detail, game, ref, local, self.session.printings))
        if found is not FAILED:
            self.query_one("#board-clause-text", Static).update(detail_renderable(found))

    @work(exclusive=True, group="board-clauses")
    async def show_clauses(self, title: str, cites: tuple[str, ...]) -> None:
        from judge.tui.service import FAILED

        app: Any = self.app
        target = self.query_one("#board-clause-text", Static)
        if not cites:
            target.update(Text(title))
            return
        lib, game = app.library, self.session.game
        found = await app.ask(lib.run(lambda: fetch_clauses(lib.kb_sync(), game, cites)))
        if found is not FAILED:
            target.update(clauses_renderable(Text(title, style="bold"), found))

    def action_switch_tab(self) -> None:
        tabs = self.query_one("#tabs", TabbedContent)
        tabs.active = "tab-applies" if tabs.active == "tab-trace" else "tab-trace"
        self.query_one("#applies" if tabs.active == "tab-applies" else "#trace", OptionList).focus()
