"""The real card pool and the HTTP API, measured in one run.

Run: python bench/bench_cardpool.py [--clients 20] [--requests 30]

1. Imports the whole corpus (../shared/corpus: FFTCG and Saga cards, card and keyword Q&A) into a
   fresh database, each import a `judge` process: wall time and peak memory (max RSS) of each.
2. Makes a snapshot, starts `judge serve` on a free loopback port, and sends each canned query
   from `--clients` concurrent clients, `--requests` each (bounded; it stops by itself): p50 / p95
   latency per query. Needs the `serve` extra. Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
IMPORTS = [("cards", "import", "fftcg-cards.json"), ("cards", "import", "bss-cards.json"),
           ("rulings", "import", "bss-qa-cards.json"), ("rulings", "import", "bss-qa-keywords.json")]
QUERIES = {
    "rule": {"game": "bss", "number": "7-1-5-2", "lang": ""},
    "term": {"word": "Armor", "game": ""},
    "search": {"q": "destroy spirit", "game": "", "lang": ""},
    "card": {"q": "cloud of darknes", "game": ""},
    "card_rulings": {"number": "BSS01-003", "game": ""},
}


def _timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """Wall seconds and that process's own peak memory (max RSS, MB, from wait4)."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    if status != 0:
        sys.exit(f"{' '.join(cmd)} failed ({status})")
    return wall, usage.ru_maxrss / 1024


def imports(env: dict) -> None:
    judge = [sys.executable, "-m", "judge"]
    wall, rss = _timed([*judge, "rule", "bss", "7-1-5-2"], env)
    print(f"build the knowledge base (first start)          {wall:6.2f} s   peak RSS {rss:6.0f} MB")
    total = 0.0
    for group, verb, name in IMPORTS:
        wall, rss = _timed([*judge, group, verb, str(CORPUS / name)], env)
        total += wall
        print(f"{group} {verb} {name:<24}          {wall:6.2f} s   peak RSS {rss:6.0f} MB")
    print(f"whole corpus imported                           {total:6.2f} s")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def api(env: dict, base: Path, clients: int, requests: int) -> None:
    import httpx

    judge = [sys.executable, "-m", "judge"]
    snap = base / "venue.db"
    subprocess.run([*judge, "snapshot", str(snap)], env=env, check=True, stdout=subprocess.DEVNULL)
    port = _port()
    proc = subprocess.Popen([*judge, "serve", "--snapshot", str(snap), "--port", str(port)], env=env,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/venue"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/-/versions.json", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.3)
        print(f"\n{clients} concurrent clients x {requests} requests per canned query (loopback):")
        for name, params in QUERIES.items():
            def client(_: int, name: str = name, params: dict = params) -> list[float]:
                out = []
                with httpx.Client(timeout=30) as c:
                    for _ in range(requests):
                        t = time.perf_counter()
                        r = c.get(f"{url}/{name}.json", params={**params, "_shape": "array"})
                        r.raise_for_status()
                        out.append((time.perf_counter() - t) * 1000)
                return out

            with ThreadPoolExecutor(clients) as pool:
                lat = sorted(x for got in pool.map(client, range(clients)) for x in got)
            p95 = lat[int(len(lat) * 0.95) - 1]
            print(f"  {name:<13} p50 {statistics.median(lat):7.1f} ms   p95 {p95:7.1f} ms   ({len(lat)} requests)")
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--requests", type=int, default=30)
    args = ap.parse_args()
    if not (CORPUS / "fftcg-cards.json").is_file():
        sys.exit(f"no corpus at {CORPUS}")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "JUDGE_DB": str(Path(tmp) / "judge.db")}
        imports(env)
        api(env, Path(tmp), args.clients, args.requests)


if __name__ == "__main__":
    main()
