"""`judge cards update fftcg` against a local HTTP server speaking the card browser's raw format
(records of our own): all or nothing, a timeout and retry policy, source and date shown, and the
publisher's current text (errata) beating a community file. Never a network call."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from judge import store
from judge.cards.db import find_card
from judge.cards.update import FetchError, Policy, update_fftcg
from judge.errors import CardFileError

FIX = Path(__file__).parent / "fixtures"
ANSWER = json.loads((FIX / "fftcg-official-answer.json").read_text(encoding="utf-8"))
FAST = Policy(timeout=5, connect_timeout=2, attempts=2, backoff=0.01)


def _state(db: Path) -> tuple:
    conn = store.connect(db)
    try:
        cards = [tuple(r) for r in store.rows(conn, "select game, number, text, rank from cards order by game, number")]
        return cards, [e["file"] for e in store.stored_list(conn)]
    finally:
        conn.close()


def test_update_fetches_every_record_and_converts_the_raw_fields(httpserver, db: Path) -> None:
    httpserver.expect_request("/en/get-cards", method="POST").respond_with_json(ANSWER)
    got = update_fftcg(httpserver.url_for("/en/get-cards"), db_path=db, policy=FAST)
    assert [c.number for c in got.cards] == ["JX-201R", "JX-202C", "JX-203H"]
    velm = find_card("JX-201R", db_path=db)
    assert velm.colors == ("fire",) and velm.cost == 3 and velm.power == 7000 and velm.category == ("JDG", "TEST")
    assert velm.text.splitlines()[0] == "Haste"
    warden = find_card("Tidefrost Warden", db_path=db)
    assert warden.colors == ("ice", "water") and warden.cost == 2 and warden.power is None
    assert find_card("JX-203H", db_path=db).colors == ("dark",)       # a reprint is filed under its set number
    body = json.loads(httpserver.log[0][0].get_data())
    assert body["text"] == ""


def test_update_asks_set_by_set_when_told(httpserver, db: Path) -> None:
    one = {"count": 1, "cards": [ANSWER["cards"][0]]}
    two = {"count": 2, "cards": ANSWER["cards"][1:]}
    httpserver.expect_request("/g", method="POST", json={"text": "", "language": "en", "set": ["A"]}).respond_with_json(one)
    httpserver.expect_request("/g", method="POST", json={"text": "", "language": "en", "set": ["B"]}).respond_with_json(two)
    calls: list = []
    got = update_fftcg(httpserver.url_for("/g"), ["A", "B"], db_path=db, policy=FAST,
                       fetched=lambda d, t: calls.append((d, t)))
    assert len(got.cards) == 3 and calls == [(1, 2), (2, 2)]


def test_a_failure_mid_way_changes_nothing(httpserver, db: Path) -> None:
    before = _state(db)
    httpserver.expect_request("/g", json={"text": "", "language": "en", "set": ["A"]}).respond_with_json(
        {"count": 1, "cards": [ANSWER["cards"][0]]})
    httpserver.expect_request("/g", json={"text": "", "language": "en", "set": ["B"]}).respond_with_data(
        "overloaded", status=503)
    with pytest.raises(FetchError, match="503"):
        update_fftcg(httpserver.url_for("/g"), ["A", "B"], db_path=db, policy=FAST)
    assert _state(db) == before
    assert len([r for r in httpserver.log if b'"B"' in r[0].get_data()]) == FAST.attempts   # retried, then gave up


def test_a_transient_failure_is_retried(httpserver, db: Path) -> None:
    httpserver.expect_oneshot_request("/g").respond_with_data("busy", status=503)
    httpserver.expect_request("/g").respond_with_json(ANSWER)
    assert len(update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST).cards) == 3


def test_a_client_error_is_not_retried(httpserver, db: Path) -> None:
    httpserver.expect_request("/g").respond_with_data("no", status=404)
    with pytest.raises(FetchError, match="404"):
        update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST)
    assert len(httpserver.log) == 1


def test_a_malformed_record_names_record_and_field_and_changes_nothing(httpserver, db: Path) -> None:
    before = _state(db)
    bad = copy.deepcopy(ANSWER)
    bad["cards"][1]["Cost"] = ["2"]
    httpserver.expect_request("/g").respond_with_json(bad)
    with pytest.raises(CardFileError) as err:
        update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST)
    assert "record 2 (JX-202C)" in str(err.value) and "'Cost'" in str(err.value)
    assert _state(db) == before


@pytest.mark.parametrize("answer", [{"count": 0, "cards": []}, {"cards": []}])
def test_an_empty_answer_changes_nothing(httpserver, db: Path, answer: dict) -> None:
    before = _state(db)
    httpserver.expect_request("/g").respond_with_json(answer)
    with pytest.raises(FetchError, match="no cards"):
        update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST)
    assert _state(db) == before


@pytest.mark.parametrize("answer", ['{"count": 5, "cards": []', '{"count": 5, "cards": [{}]}', '[1, 2]'])
def test_a_cut_short_or_shapeless_answer_changes_nothing(httpserver, db: Path, answer: str) -> None:
    before = _state(db)
    httpserver.expect_request("/g").respond_with_data(answer, content_type="application/json")
    with pytest.raises(FetchError):
        update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST)
    assert _state(db) == before


def test_a_timeout_is_a_clean_error(db: Path) -> None:
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)                        # accepts, never answers
    try:
        url = f"http://127.0.0.1:{server.getsockname()[1]}/g"
        with pytest.raises(FetchError, match="timed out"):
            update_fftcg(url, db_path=db, policy=Policy(timeout=0.3, connect_timeout=0.3, attempts=1))
    finally:
        server.close()


def test_the_official_text_beats_a_community_file_whatever_the_order(httpserver, db: Path, tmp_path: Path) -> None:
    """Errata: the card browser serves the current text; an older community copy never replaces it."""
    old = [{"id": "JX-201R", "name": "Ashen Courier Velm", "element": "fire", "type": "forward", "cost": 4,
            "power": 6000, "job": "Courier", "category": "JDG", "rarity": "R", "set": "Judge Proofs",
            "text": "Haste"}]
    community = tmp_path / "community.json"
    community.write_text(json.dumps(old), encoding="utf-8")
    from judge.cards.db import import_cards

    import_cards(community, db_path=db)
    assert find_card("JX-201R", db_path=db).cost == 4
    httpserver.expect_request("/g").respond_with_json(ANSWER)
    update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST)
    assert find_card("JX-201R", db_path=db).cost == 3
    import_cards(community, db_path=db)                 # imported again after the update
    assert find_card("JX-201R", db_path=db).cost == 3


def test_a_new_update_replaces_the_last_one(httpserver, db: Path) -> None:
    httpserver.expect_oneshot_request("/g").respond_with_json(ANSWER)
    update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST)
    smaller = {"count": 1, "cards": [ANSWER["cards"][0]]}
    httpserver.expect_request("/g").respond_with_json(smaller)
    update_fftcg(httpserver.url_for("/g"), db_path=db, policy=FAST)
    cards, stored = _state(db)
    assert len(stored) == 1 and [c[1] for c in cards if c[1].startswith("JX-2")] == ["JX-201R"]


def test_cli_update_then_games_and_cards_show_source_and_date(httpserver, run, db: Path) -> None:
    httpserver.expect_request("/g").respond_with_json(ANSWER)
    url = httpserver.url_for("/g")
    code, out, err = run("cards", "update", "fftcg", "--url", url, "--retries", "0")
    assert code == 0, err
    assert out.startswith(f"updated fftcg: 3 card(s) from {url} on 20")
    for cmd in (("cards",), ("games",)):
        code, out, _ = run(*cmd)
        line = next(x for x in out.splitlines() if url in x)
        assert code == 0 and "3 card(s) (fftcg-official)" in line and ", 20" in line


def test_cli_update_failure_is_one_line(httpserver, run) -> None:
    httpserver.expect_request("/g").respond_with_data("gone", status=500)
    code, _, err = run("cards", "update", "fftcg", "--url", httpserver.url_for("/g"), "--retries", "0")
    assert code == 1 and err.startswith("judge: ") and "500" in err and len(err.strip().splitlines()) == 1
