"""Card text as a judge reads it, in one place for every shell (issue 23.3): the card browser's
tags dropped (their words kept), its icons as the words printed cards use."""

from __future__ import annotations

from judge.cards.markup import pieces, readable


def test_tags_are_dropped_and_their_words_kept() -> None:
    assert readable("[[ex]]EX BURST[[/]] Draw 1 card.") == "EX BURST Draw 1 card."
    assert readable("[[i]]Job[[/]] Knight[[br]]Haste") == "Job Knight\nHaste"


def test_cost_icons_read_as_the_printed_card_shows_them() -> None:
    """《S》 special (11.7), 《1》 generic CP (11.2), 《ダル》 dull (11.6.2.2), full-width digits too."""
    assert readable("[[s]]Slash[[/]] 《S》《1》《ダル》: Break it.") == "Slash [S] (1) [Dull]: Break it."
    assert readable("《火》《１》: Gain 《C》.") == "[Fire] (1): Gain [Crystal]."
    assert readable("《雷》《氷》《風》《土》《水》《光》《闇》") == \
        "[Lightning] [Ice] [Wind] [Earth] [Water] [Light] [Dark]"


def test_an_unknown_icon_stays_as_printed() -> None:
    assert readable("Pay 《D》.") == "Pay 《D》."


def test_pieces_keep_offsets_into_the_stored_text_for_styling() -> None:
    text = "[[s]]Slash[[/]] 《S》"
    got = list(pieces(text))
    assert [(text[p.start:p.end], p.shown, p.tag) for p in got] == [
        ("[[s]]", "", "s"), ("Slash", None, "s"), ("[[/]]", "", None), (" ", None, None), ("《S》", "[S]", None)]


def test_the_tui_shows_the_same_words_as_the_cli() -> None:
    from judge.tui.card_view import marked_text

    text = "[[ex]]EX BURST[[/]] 《S》《2》《ダル》: Draw 1 card."
    assert marked_text(text, None).plain == readable(text)


def test_the_api_plain_field_is_the_same_reading() -> None:
    from judge.serve import QUERIES
    from judge.serve.plugin import judge_plain

    text = "[[i]]Job[[/]] 《火》《3》: Choose 1 Forward."
    assert judge_plain(text) == readable(text) == "Job [Fire] (3): Choose 1 Forward."
    assert "judge_plain(c.text) as plain" in QUERIES["card"]["sql"]


def test_what_the_project_read_is_shown_as_readably_as_the_print(run) -> None:
    """`judge card`'s "read as" line is the project's own wording of a special ability: the same
    reading of tags and icons as the printed text above it, never the browser's tags."""
    from judge.text.parse import parse_text
    from judge.text.render import reading

    text = "[[s]]Quake Fist[[/]] 《S》《土》《ダル》: Choose 1 Forward opponent controls. Break it."
    rendered = reading(parse_text(text, "fftcg").abilities[0], "fftcg", None).rendered
    assert rendered is not None and "[[" in rendered          # the rendering keeps the card's own form
    code, out, _ = run("card", "JDG-009")
    lines = [ln for ln in out.splitlines() if ln.strip().startswith("read as:")]
    assert code == 0 and lines and not any("[[" in ln or "《" in ln for ln in lines)
    assert any("Quake Fist [S] [Earth] [Dull]:" in ln for ln in lines)
