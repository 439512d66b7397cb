"""`judge serve`: Datasette over an immutable snapshot on a free loopback port, real HTTP requests,
the CLI's answers for search, term and card; canned queries described in the metadata."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("datasette", reason="judge serve needs the optional extra: pip install '.[serve]'")
httpx = pytest.importorskip("httpx")

FIX = Path(__file__).parents[1] / "cards" / "fixtures"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """A database with invented rulings, its snapshot, and `judge serve` on it (stopped after)."""
    base = tmp_path_factory.mktemp("serve")
    env = {**os.environ, "JUDGE_DB": str(base / "judge.db")}
    judge = [sys.executable, "-m", "judge"]
    subprocess.run([*judge, "rulings", "import", str(FIX / "qa-cards.json")], env=env, check=True, capture_output=True)
    snap = base / "venue.db"
    subprocess.run([*judge, "snapshot", str(snap)], env=env, check=True, capture_output=True)
    port = _free_port()
    proc = subprocess.Popen([*judge, "serve", "--snapshot", str(snap), "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/-/versions.json", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail(f"judge serve did not start: {proc.stderr.read() if proc.stderr else ''}")
    yield url, env
    proc.terminate()
    proc.wait(10)


def _get(url: str, query: str, **params: str) -> list[dict]:
    r = httpx.get(f"{url}/venue/{query}.json", params={**params, "_shape": "array"}, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def _cli(env: dict, *args: str):
    out = subprocess.run([sys.executable, "-m", "judge", *args], env=env, capture_output=True, text=True)
    return json.loads(out.stdout)


def test_rule_answers_a_clause_by_the_number_a_judge_types(server) -> None:
    url, _ = server
    got = _get(url, "rule", game="bss", number="§7.1.5.2", lang="")
    assert [r["number"] for r in got] == ["7-1-5-2"] and got[0]["title"] == "Comparing BP"


def test_search_over_http_gives_the_cli_answer(server) -> None:
    url, env = server
    got = _get(url, "search", q="equal BP", game="bss", lang="")
    cli = _cli(env, "search", "equal BP", "--game", "bss", "--json")
    assert [h["number"] for h in got] == [h["number"] for h in cli]


def test_term_over_http_gives_the_cli_answer(server) -> None:
    url, env = server
    got = _get(url, "term", word="Confront", game="bss")
    cli = _cli(env, "term", "Confront", "--game", "bss", "--json")
    assert [(r["game"], r["number"]) for r in got] == [(h["game"], h["number"]) for h in cli]
    by_q = _get(url, "term", q="Confront", game="bss")       # q=, as search and card take it (23.6)
    assert by_q == got and got


def test_card_by_fuzzy_name_and_its_rulings(server) -> None:
    url, _ = server
    got = _get(url, "card", q="cinderhorn drak", game="")
    assert [r["number"] for r in got] == ["JDG01-002"]
    assert "[[" not in got[0]["plain"]                  # the text as a judge reads it (23.3)
    rulings = _get(url, "card_rulings", number="jdg01-002", game="")
    assert len(rulings) == 2 and "clause:words:7-1-5-2" in rulings[0]["links"]
    assert rulings[0]["source_title"] == "official card Q&A (per card), file qa-cards.json"
    assert rulings[0]["rules_version"] == "1.7.0" and rulings[0]["truncated"] == 0
    assert rulings[0]["replaced_by"] is None


def test_the_snapshot_is_served_immutable_and_read_only(server) -> None:
    url, _ = server
    dbs = httpx.get(f"{url}/-/databases.json", timeout=10).json()
    assert [d["is_mutable"] for d in dbs if d["name"] == "venue"] == [False]
    meta = httpx.get(f"{url}/-/metadata.json", timeout=10).json()
    queries = meta["databases"]["venue"]["queries"]
    assert set(queries) == {"rule", "term", "search", "card", "card_rulings"}
    assert all(q["title"] and q["description"] for q in queries.values())
