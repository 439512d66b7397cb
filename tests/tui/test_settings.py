"""The TUI remembers the last game and language, and `judge` with options overrides the memory."""

from __future__ import annotations

from judge.tui.settings import load_last, resolve_start, save_last


def test_first_start_opens_bss() -> None:
    assert resolve_start(None, None) == ("bss", None)


def test_last_choice_is_remembered() -> None:
    save_last("bs", "en")
    assert load_last() == ("bs", "en")
    assert resolve_start(None, None) == ("bs", "en")


def test_options_win_and_a_language_is_not_carried_to_another_game() -> None:
    save_last("bs", "en")
    assert resolve_start("fftcg", None) == ("fftcg", None)
    assert resolve_start("bs", None) == ("bs", "en")
    assert resolve_start("bss", "en") == ("bss", "en")


def test_unreadable_settings_are_ignored(_isolated_config) -> None:
    path = _isolated_config / "judge" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    assert load_last() == (None, None)
    save_last("fftcg", "en")
    assert load_last() == ("fftcg", "en")


async def test_a_document_chosen_in_the_app_is_remembered(fake_app) -> None:
    app = fake_app("tg")
    app.remember = True
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert load_last() == (None, None)          # opening on a game is not choosing it (23.6)
        app.set_document("tg", "en", chosen=True)
    assert load_last() == ("tg", "en")


async def test_opening_on_a_game_does_not_change_the_next_start(fake_app) -> None:
    """`judge --game fftcg` once: the next `judge` opens where the judge last CHOSE to be."""
    save_last("bss", "en")
    app = fake_app("tg")
    app.remember = True
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    assert load_last() == ("bss", "en")
