"""The soak (issue 9 part 4): many Palestine games played to the end through the HTTP API at scale
(prints figures; not a test).

Run: python3 bench/soak.py [--games 20] [--parallel 10] [--seed 1] [--fuzz [--fuzz-scale 10]]

The scale stack of ``bench/harness.py``: gunicorn (2 workers, gthread) and 2 Celery worker processes on a
throwaway PostgreSQL database and Redis (``UMPIRE_BENCH_REDIS_URL``, default db 14; flushed before and
after). ``--parallel`` client threads play the games, each game to its end (``--max-moves`` bounds
one), one legal order a move picked at random from the prompt as ``bench/service.py`` does, POSTed as a
JSON move file with ``?wait``.

Printed: accepted moves and moves/s over the run; POST -> committed verdict latency (client: p50, p95,
max; server: the submission's created_at -> updated_at); peak resident memory (VmHWM) of every process
(the gunicorn master and its web workers, the Celery workers, this client), read before they stop;
HTTP errors (5xx counted apart) and moves refused; and for every finished game its export (the
umpire's token) checked by ``engine.core.verify.verify``: verified / finished, mismatches.

``--fuzz`` then runs the fuzz suite at soak scale (``UMPIRE_FUZZ_SCALE=10 pytest -s
tests/security/test_fuzzed_input.py``, ten times the default run's inputs) and prints its figures.
"""

from __future__ import annotations

import argparse
import collections
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.harness import (  # noqa: E402
    HTTP_TIMEOUT,
    REDIS_URL,
    Game,
    ms,
    pct,
    peak_memory,
    redis_pg_stack,
    server_seconds,
)
from engine.core.verify import verify  # noqa: E402


class Tally:
    """What the client threads saw, under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.lat: list[float] = []
        self.srv: list[float] = []
        self.http = collections.Counter()  # non-2xx HTTP statuses
        self.refused = collections.Counter()  # verdicts other than accepted, by status/code
        self.errors: list[str] = []  # client exceptions and the first few bad answers
        self.finished = self.verified = self.mismatches = self.unfinished = 0
        self.problems: list[str] = []


def play_one(base: str, n: int, rng: random.Random, max_moves: int, t: Tally) -> None:
    http = requests.Session()
    try:
        g = Game(http, base, f"soak {n}")
        for _ in range(max_moves):
            if g.over:
                break
            role, order = g.choose(rng, prolong=False)
            t0 = time.perf_counter()
            r = g.post(role, order)
            dt = time.perf_counter() - t0
            if r.status_code not in (200, 202):
                with t.lock:
                    t.http[r.status_code] += 1
                    if len(t.errors) < 10:
                        t.errors.append(f"{g.id}@{g.seq} {order!r}: HTTP {r.status_code} {r.text[:200]}")
                g.refresh()
                continue
            sub = r.json()
            if sub["status"] not in ("accepted", "partial", "rejected", "failed"):  # ?wait ran out
                sub = http.get(f"{base}/api/submissions/{sub['id']}?wait=30", timeout=HTTP_TIMEOUT).json()
                dt = time.perf_counter() - t0
            v = sub.get("verdict") or {}
            with t.lock:
                if sub["status"] == "accepted":
                    t.lat.append(dt)
                    t.srv.append(server_seconds(sub))
                else:
                    t.refused[f"{sub['status']} {(v.get('error') or {}).get('code', '')}".strip()] += 1
            if sub["status"] in ("accepted", "partial"):
                g.seq, g.prompts, g.over = v["seq"], v["prompts"], bool(v.get("outcome"))
            else:
                g.refresh()
        if not g.over:
            with t.lock:
                t.unfinished += 1
            return
        r = http.get(f"{base}/api/games/{g.id}/export", timeout=HTTP_TIMEOUT,
                     headers={"Authorization": f"Bearer {g.tokens['umpire']}"})
        r.raise_for_status()
        rep = verify(r.json(), replay=True)
        with t.lock:
            t.finished += 1
            t.verified += rep.ok
            t.mismatches += len(rep.problems)
            t.problems += [f"{g.id}: {p}" for p in rep.problems[:3]]
    except Exception as e:  # reported at the end; the other games go on
        with t.lock:
            t.errors.append(f"game {n}: {type(e).__name__}: {e}")
    finally:
        http.close()


def soak(base: str, games: int, parallel: int, seed: int, max_moves: int) -> tuple[Tally, float]:
    t = Tally()
    todo: queue.Queue[int] = queue.Queue()
    for n in range(games):
        todo.put(n)

    def client() -> None:
        while True:
            try:
                n = todo.get_nowait()
            except queue.Empty:
                return
            play_one(base, n, random.Random(seed * 100_003 + n), max_moves, t)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(min(parallel, games))]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join(games * max_moves * HTTP_TIMEOUT)
    return t, time.perf_counter() - t0


def print_memory(peaks: dict[str, list[tuple[int, str, int]]], groups: dict[str, int]) -> None:
    """One line a process; in the web group the group's leader is gunicorn's master, the others its workers."""
    print("peak memory (VmHWM):")
    for name, procs in sorted(peaks.items()):
        for pid, comm, kb in procs:
            what = ("master" if pid == groups[name] else "web worker") if name.startswith("web") else comm
            print(f"  {name:16} pid {pid:>7} {what:12} {kb / 1024:7.1f} MiB")


def run_fuzz(scale: int) -> None:
    env = {**os.environ, "UMPIRE_FUZZ_SCALE": str(scale)}
    cmd = [sys.executable, "-m", "pytest", "-s", "-q", "-p", "no:cacheprovider", "tests/security/test_fuzzed_input.py"]
    print(f"\n== fuzz at soak scale: UMPIRE_FUZZ_SCALE={scale} {' '.join(cmd[2:])}")
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=6 * 3600)
    for line in p.stdout.splitlines():
        if re.match(r"^\.*(engine|api check|api moves|mail|inputs tried):", line) or re.search(r"\d+ (passed|failed)", line):
            print(line.lstrip("."))
    print(f"fuzz: exit code {p.returncode} in {time.perf_counter() - t0:.0f} s")
    if p.returncode:
        print(p.stdout[-3000:], p.stderr[-2000:], sep="\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games played to the end")
    ap.add_argument("--parallel", type=int, default=10, help="client threads (games played at once)")
    ap.add_argument("--max-moves", type=int, default=3000, help="bound on the moves of one game")
    ap.add_argument("--web-threads", type=int, default=8, help="gthread threads per gunicorn worker")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fuzz", action="store_true", help="then run the fuzz suite at soak scale")
    ap.add_argument("--fuzz-scale", type=int, default=10, help="UMPIRE_FUZZ_SCALE for --fuzz")
    args = ap.parse_args()
    with redis_pg_stack(args.web_threads, REDIS_URL) as st:
        print(f"== soak: {st.what}")
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
        t, wall = soak(st.base, args.games, args.parallel, args.seed, args.max_moves)
        peaks = peak_memory(st.groups)
    n = len(t.lat)
    print(f"games: {args.games} ({args.parallel} at once); finished {t.finished}, unfinished after "
          f"{args.max_moves} moves {t.unfinished}")
    print(f"accepted moves: {n} in {wall:.1f} s = {n / wall if wall else 0:.1f} moves/s")
    print(f"POST -> verdict (client): p50 {ms(pct(t.lat, 50))}, p95 {ms(pct(t.lat, 95))}, "
          f"max {ms(max(t.lat, default=float('nan')))}")
    print(f"queued -> committed (server): p50 {ms(pct(t.srv, 50))}, p95 {ms(pct(t.srv, 95))}")
    fives = sum(v for k, v in t.http.items() if k >= 500)
    print(f"HTTP errors: {sum(t.http.values())} (5xx: {fives}) {dict(t.http) or ''}; client errors: "
          f"{len([e for e in t.errors if e.startswith('game ')])}; moves refused: {sum(t.refused.values())} "
          f"{dict(t.refused) or ''}")
    for e in t.errors[:5]:
        print(f"  {e}")
    print(f"exports verified (engine.core.verify): {t.verified} / {t.finished} finished; mismatches {t.mismatches}")
    for p in t.problems[:5]:
        print(f"  {p}")
    print_memory(peaks, st.groups)
    if args.fuzz:
        run_fuzz(args.fuzz_scale)


if __name__ == "__main__":
    main()
