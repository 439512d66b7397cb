"""Make docs/board.svg: a contested interaction set up from scratch on the Board screen, by keys.

    .venv/bin/python tests/tui/make_board_screenshot.py [OUT.svg]

The cards are the project's own samples (cards/bs-samples.yaml, in every database): Cinderhorn
Drake (JDG01-002) attacks; its When Attacks effect selects an opponent's spirit with 5000 BP or
less, and B's Plated Sentinel (JDG01-005) has 【Armor: Red/Purple】 while Galewing Raptor
(JDG01-010) has none; B holds Warding Chant (JDG01-018). Question: what does the Drake's effect
destroy, and can B's flash magic still save it? Run on a throw-away database.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

#: the keys a judge presses, in order, from `judge` started on the Saga rules
KEYS = [
    "f3",                                  # the Board screen
    "n", "enter",                          # a new board: Battle Spirits Saga (highlighted)
    "down", "a", *"JDG01-002", "enter",    # A's row: Cinderhorn Drake on A's field
    "down", "down", "down", "a", *"JDG01-005", "enter",   # B's row: Plated Sentinel on B's field
    "a", *"JDG01-010", "enter",            # Galewing Raptor on B's field
    "down", "a", *"JDG01-018", "enter",    # B's hand row: Warding Chant into B's hand
    "t", "tab", "tab", "enter", "down", "enter", "tab", "enter",   # Turn: step main → attack, Set
    "tab", "enter",                        # the actions: A attacks with Cinderhorn Drake (a1)
]


async def main(out: Path) -> None:
    from board_keys import settle, until_asked_or_done

    from judge.tui.app import JudgeApp

    app = JudgeApp("bss", remember=False)
    async with app.run_test(size=(110, 36)) as pilot:
        await settle(pilot)
        for key in KEYS:
            await pilot.press(key)
            await until_asked_or_done(pilot)
        await settle(pilot)
        trace = app.screen.query_one("#trace")
        trace.focus()
        steps = [str(trace.get_option_at_index(i).prompt) for i in range(trace.option_count)]
        trace.highlighted = next(i for i, s in enumerate(steps) if "cannot be selected" in s)
        await settle(pilot)
        app.save_screenshot(filename=out.name, path=str(out.parent))
        print("\n".join(steps))


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/board.svg").resolve()
    os.environ["JUDGE_DB"] = str(Path(tempfile.mkdtemp()) / "judge.db")
    asyncio.run(main(target))
