"""`judge serve` under load: 20 clients on loopback mixing the canned queries a judge's bot asks
with hostile requests, reporting the canned queries' p50 / p95 latency and errors (issue 24.2;
goal: p95 under 250 ms, no error). A figure, never a timed test.

Bounded: loopback only (127.0.0.1, a free port), `--seconds` of load (default 20), every request
with a 30 s timeout, the server stopped at the end. Arbitrary SQL is switched on (`--allow-sql`)
so the hostile requests reach SQLite: huge values (zeroblob, printf padding), a 1,000-row answer
of 900 KB rows, a slow cross join, a table page deep in a big table.

    JUDGE_DB=/tmp/judge-me.db python bench/bench_serve.py [--clients 20] [--seconds 20] [--hostile 0.25]

The database in JUDGE_DB is snapshotted first (import the corpus into it for realistic figures).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

CANNED = [
    ("rule", {"game": "bss", "number": "7-1-5-2", "lang": ""}),
    ("rule", {"game": "fftcg", "number": "10.1.4", "lang": ""}),
    ("rule", {"game": "bs", "number": "7-1-5-2", "lang": ""}),
    ("term", {"word": "Confront", "game": "bss"}),
    ("term", {"word": "Haste", "game": "fftcg"}),
    ("search", {"q": "equal BP destroyed", "game": "bss", "lang": ""}),
    ("search", {"q": "アタック ブロック", "game": "bs", "lang": "ja"}),
    ("search", {"q": "break zone", "game": "fftcg", "lang": ""}),
    ("card", {"q": "BSS01-001", "game": ""}),
    ("card", {"q": "siegwurm", "game": ""}),
    ("card_rulings", {"number": "BSS01-001", "game": ""}),
]
HOSTILE = [
    "select zeroblob(300000000)",
    "select printf('%.*c', 400000000, 'x')",
    "with recursive r(n) as (select 1 union all select n + 1 from r limit 1000) select printf('%.*c', 900000, 'x') from r",
    "select count(*) from clauses a, clauses b, clauses c",
    "select * from clauses order by text desc limit 1000 offset 5000",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(db: Path, snap: Path, port: int) -> subprocess.Popen:
    env = {**os.environ, "JUDGE_DB": str(db)}
    judge = [sys.executable, "-m", "judge"]
    subprocess.run([*judge, "snapshot", str(snap)], env=env, check=True, capture_output=True, timeout=600)
    proc = subprocess.Popen([*judge, "serve", "--snapshot", str(snap), "--port", str(port), "--allow-sql"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/-/versions.json", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("judge serve did not start")


def _client(base: str, name: str, until: float, hostile: float, seed: int, out: list) -> None:
    rnd = random.Random(seed)
    with httpx.Client(timeout=30) as http:
        while time.monotonic() < until:
            if rnd.random() < hostile:
                sql = rnd.choice(HOSTILE)
                t = time.perf_counter()
                try:
                    r = http.get(f"{base}/{name}.json", params={"sql": sql, "_shape": "array"})
                    out.append(("hostile", sql[:32], r.status_code, time.perf_counter() - t, len(r.content)))
                except httpx.HTTPError as exc:
                    out.append(("hostile", sql[:32], type(exc).__name__, time.perf_counter() - t, 0))
                continue
            query, params = rnd.choice(CANNED)
            t = time.perf_counter()
            try:
                r = http.get(f"{base}/{name}/{query}.json", params={**params, "_shape": "array"})
                ok = r.status_code == 200 and isinstance(r.json(), list)
                out.append(("canned", query, r.status_code if ok else f"bad {r.status_code}",
                            time.perf_counter() - t, len(r.content), "" if ok else r.text[:160]))
            except (httpx.HTTPError, ValueError) as exc:
                out.append(("canned", query, type(exc).__name__, time.perf_counter() - t, 0))


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--hostile", type=float, default=0.25, help="share of each client's requests that are hostile")
    args = ap.parse_args()
    db = Path(os.environ.get("JUDGE_DB") or Path(tempfile.gettempdir()) / "judge-bench-serve.db")
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        snap = Path(tmp) / "venue.db"
        port = _free_port()
        proc = _start(db, snap, port)
        try:
            base = f"http://127.0.0.1:{port}"
            out: list = []
            until = time.monotonic() + args.seconds
            threads = [threading.Thread(target=_client, args=(base, "venue", until, args.hostile, i, out))
                       for i in range(args.clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(args.seconds + 60)
            peak = _rss_mb(proc.pid)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    canned = [r for r in out if r[0] == "canned"]
    times = sorted(r[3] * 1000 for r in canned)
    errors = Counter(str(r[2]) for r in canned if r[2] != 200)
    q = statistics.quantiles(times, n=100) if len(times) >= 2 else [float("nan")] * 99
    print(f"judge serve bench: {args.clients} clients, {args.seconds:.0f} s, {args.hostile:.0%} hostile, "
          f"database {db}")
    print(f"canned queries: {len(canned)} answered, p50 {q[49]:.0f} ms, p95 {q[94]:.0f} ms, "
          f"max {times[-1] if times else float('nan'):.0f} ms; errors: {sum(errors.values())} {dict(errors)}")
    for r in [r for r in canned if r[2] != 200][:3]:      # what a failing canned query answered
        print(f"  error on {r[1]}: {r[2]} {r[5] if len(r) > 5 else ''}")
    per = Counter(r[1] for r in canned)
    for name in sorted(per):
        ts = sorted(r[3] * 1000 for r in canned if r[1] == name)
        print(f"  {name:13} {len(ts):5d}  p50 {ts[len(ts) // 2]:6.0f} ms  p95 {ts[int(len(ts) * 0.95) - 1 if len(ts) > 1 else 0]:6.0f} ms")
    hostile = [r for r in out if r[0] == "hostile"]
    print(f"hostile requests: {len(hostile)}; answers by status: {dict(Counter(str(r[2]) for r in hostile))}; "
          f"largest body {max((r[4] for r in hostile), default=0):,} bytes; slowest "
          f"{max((r[3] for r in hostile), default=0) * 1000:.0f} ms")
    print(f"server peak memory (VmHWM): {peak:.0f} MB")


if __name__ == "__main__":
    main()
