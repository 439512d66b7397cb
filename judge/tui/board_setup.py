"""Setting up a board on the Board screen: cards into any zone (real cards by number or name, or
ad-hoc), cores / damage / state of field cards, a player's numbers, the turn, the whole board as
YAML (expert), and new / open / save.

A mixin of `BoardScreen`. Every edit is a change of the scenario data the engine validates
(`BoardSession.edit`, atomic): a board the engine refuses is said in a notification and the
board stays as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judge.tui import board_model as bm
from judge.tui.board_edits import player_values
from judge.tui.board_profiles import PLAYERS, PROFILES
from judge.tui.board_yaml import Problem, locate, read_mapping


class SetupMixin:
    """The Board screen's set-up keys (see the module docstring)."""

    # The screen provides: session, snap, at, app, run_session, query_one, notify.
    session: bm.BoardSession
    add_to: tuple[str, str, str] | None
    snap: bm.Snapshot
    at: int | None

    # -- where the cursor is ---------------------------------------------------------------------
    def _selected_row(self) -> str:
        from textual.widgets import OptionList

        rows = self.query_one("#rows", OptionList)
        if rows.highlighted is None or rows.highlighted >= rows.option_count:
            return ""
        return rows.get_option_at_index(rows.highlighted).id or ""

    def _selected_player(self) -> str:
        """The player of the highlighted row (a player line, a zone of theirs, a card they control)."""
        row = self._selected_row()
        parts = row.split("|")
        if parts[0] in ("player", "zone") and len(parts) > 1 and parts[1] in PLAYERS:
            return parts[1]
        current = None
        for r in self.snap.rows:
            if r.id.startswith("player|"):
                current = r.id.split("|")[1]
            if r.id == row and current:
                return current
        return "A"

    def _selected_card(self) -> str | None:
        row = self._selected_row()
        if row.startswith("card|"):
            return row.split("|", 1)[1]
        self.notify("Select a card on the field first (the Board list, ↑/↓)", severity="warning", timeout=4)
        return None

    def _edit(self, change: Any) -> None:
        self.at = None
        self.run_session(lambda s: s.edit(change))

    # -- cards -----------------------------------------------------------------------------------
    def action_add_card(self) -> None:
        from judge.tui.board_dialogs import AddCardDialog

        row = self._selected_row()
        prof = self.session.profile
        if self.add_to is not None and self.add_to[2] == row:   # the same line as last time: the player
            player, zone = self.add_to[:2]                      # and zone chosen then stay as chosen
        elif row.startswith("zone|"):               # on a zone's line: that player's zone
            player, zone = row.split("|")[1], row.split("|")[2]
        else:
            player, zone = self._selected_player(), "field"
        self.add_row = row
        self.app.push_screen(AddCardDialog(prof, self._complete, player, zone), self._add_done)

    async def _complete(self, text: str) -> list[Any]:
        from judge.tui.card_complete import complete
        from judge.tui.service import FAILED

        lib = self.app.library
        found = await self.app.ask(lib.run(complete, text, self.session.printings, db_path=lib.db_path))
        return [] if found is FAILED else found

    def _add_done(self, spec: dict[str, Any] | None) -> None:
        if not spec:
            return
        from judge.tui.board_checks import replaced_warning

        text, player, zone, options = spec["card"], spec["player"], spec["zone"], spec["options"]
        prof = self.session.profile
        self.add_to = (player, zone, getattr(self, "add_row", ""))
        replaced = replaced_warning(self.session.game, self.session.data, player, zone)
        if replaced is not None:
            self.notify(f"{replaced[0]} (§{', §'.join(replaced[1])})", title="One card in this zone",
                        severity="warning", timeout=8)
        if text.startswith("{"):
            card, problem = read_mapping(text, "the ad-hoc card")
            if problem is not None:
                self.notify(str(problem), title="Not a card", severity="error")
                return
            self._edit(lambda d: bm.add_to_zone(d, prof, player, zone, card, options))
            return

        def job(session: bm.BoardSession) -> None:
            number = session.card_number(text)
            session.edit(lambda d: bm.add_to_zone(d, prof, player, zone, number, options))

        self.at = None
        self.run_session(job)

    def action_remove(self) -> None:
        from judge.tui.dialogs import PickDialog

        row = self._selected_row()
        if row.startswith("card|"):
            card = row.split("|", 1)[1]
            self._edit(lambda d: bm.remove_card(d, card))
            return
        if not row.startswith("zone|"):
            self.notify("Select a card on the field or a zone (hand, trash …) first", severity="warning")
            return
        _z, player, zone = row.split("|")
        prof = self.session.profile
        items = bm.zone_items(self.session.data, prof, player, zone)
        if not items:
            self.notify(f"No card is written in {player}'s {zone} on the starting board (the cards there came "
                        "by actions: undo them)", severity="warning", timeout=5)
            return

        def done(choice: str | None) -> None:
            if choice is not None:
                self._edit(lambda d: bm.remove_from_zone(d, prof, player, zone, int(choice)))

        labels = [(str(i), f"{ref}  {self.session.names.get(str(ref).split('#')[0], ('', ''))[0]}")
                  for i, ref in enumerate(map(str, items))]
        if len(items) == 1:
            done("0")
        else:
            self.app.push_screen(PickDialog(f"Take which card out of {player}'s {zone}?", labels), done)

    def action_counter(self, delta: int) -> None:
        card = self._selected_card()
        if card:
            prof = self.session.profile
            self._edit(lambda d: bm.add_counter(d, prof, card, delta))

    def action_toggle_state(self) -> None:
        card = self._selected_card()
        if card:
            prof = self.session.profile
            self._edit(lambda d: bm.toggle_state(d, prof, card))

    def action_soul_core(self) -> None:
        if not self.session.profile.soul_core:
            self.notify(f"{self.session.profile.title} has no soul core", severity="warning")
            return
        card = self._selected_card()
        if card:
            self._edit(lambda d: bm.set_soul_core(d, card))

    # -- players and the turn --------------------------------------------------------------------
    def action_edit_player(self) -> None:
        from judge.tui.board_dialogs import PlayerDialog

        player, prof, data = self._selected_player(), self.session.profile, self.session.data
        choices: dict[str, list[str]] = {}
        if prof.soul_core:
            ids = [e.get("id") for e in ((data.get("players") or {}).get(player) or {}).get("field") or ()]
            choices["soul_core"] = ["reserve", "life", "trash", "void", *map(str, ids)]
        values = player_values(data, prof, player)

        def done(result: dict[str, Any] | None) -> None:
            if result:
                self._edit(lambda d: [bm.set_number(d, prof, player, k, v) for k, v in result.items()])

        self.app.push_screen(PlayerDialog(prof, player, values, choices), done)

    def action_edit_turn(self) -> None:
        from judge.tui.board_dialogs import TurnDialog

        prof = self.session.profile

        def done(turn: dict[str, Any] | None) -> None:
            if turn:
                self._edit(lambda d: bm.set_turn(d, prof, turn["number"], turn["player"], turn["step"],
                                                 turn.get("priority")))

        self.app.push_screen(TurnDialog(prof, self.session.data.get("turn") or {}), done)

    # -- the whole board as YAML (expert) --------------------------------------------------------
    def action_edit_yaml(self) -> None:
        import yaml

        from judge.tui.board_dialogs import YamlDialog

        data = dict(self.session.data)
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        self.app.push_screen(YamlDialog("The board as scenario YAML", text, self._check_board), None)

    async def _check_board(self, text: str) -> Problem | None:
        """Apply the typed board if the engine accepts it; else where it is wrong (the text is kept)."""
        from judge.errors import JudgeError

        value, problem = read_mapping(text, "the board")
        if problem is not None:
            return problem

        def job() -> Any:
            try:
                self.session.edit(lambda d: (d.clear(), d.update(value)))
            except JudgeError as exc:
                return exc
            return None

        failed = await self.app.library.run(job)
        if failed is not None:
            return locate(text, str(failed))
        self.at = None
        self.run_session(None)
        return None

    # -- files -----------------------------------------------------------------------------------
    def action_new(self) -> None:
        from judge.tui.dialogs import PickDialog

        def done(game: str | None) -> None:
            if game:
                self.at = None
                self.run_session(lambda s: s.new(game))

        self.app.push_screen(PickDialog("A new, empty board of which game?",
                                        [(g, p.title) for g, p in PROFILES.items()], current=self.session.game), done)

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
