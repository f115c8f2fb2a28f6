"""Service benchmark: moves through HTTP, from POST to committed verdict (prints figures; not a test).

Run: python3 bench/service.py [--games N] [--moves M] [--backend redis|embedded|both] [--depth D]

Two set-ups, each started here and stopped at the end (only on 127.0.0.1):
- ``redis``: gunicorn (2 workers, gthread) on a throwaway PostgreSQL database (created, migrated once,
  dropped) and 2 Celery worker processes (solo pool) on Redis db 14 (flushed before and after);
- ``embedded``: ``umpire serve`` (web, worker thread and sweeper in one process, SQLite, in-memory
  queue) on a temporary instance folder.

Throughput: N games in parallel (one client thread per game), M moves each; a move is one legal order
picked at random from the prompt, POSTed as a JSON move file with ``?wait``; the verdict carries the
next prompt. Latency is POST -> committed verdict as the client sees it; "server" is the submission's
created_at -> updated_at (queue + adjudication + commit, without the HTTP and ``?wait`` polling).
Depth: one game, nothing else running, played as long as the game lasts (up to D positions; orders
that prolong the game are preferred; the deepest of 3 games is kept): the same timings around position
10 and at the deepest positions. A Palestine game ends before position 500 (random play: 160-210
positions; preferring orders other than done/pass: about 300-430), so "move 500" is measured at the
deepest position a game reaches, which the output states.
CPU: seconds used per accepted move by each started process group, PostgreSQL, Redis and the client.

Targets (issue 3): >= 200 moves/s on Redis + PostgreSQL with 2 workers; p95 <= 100 ms; move 500 within
10% of move 10.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import datetime
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MOVE_FORMAT = "umpire-move/1"
REDIS_URL = os.environ.get("UMPIRE_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
PG_HOST = os.environ.get("UMPIRE_BENCH_PG_HOST", "127.0.0.1")
PG_ADMIN_DB = os.environ.get("UMPIRE_BENCH_PG_DB", "test")
HTTP_TIMEOUT = 40.0  # seconds, for one request (?wait is at most 30)
WAIT = 20  # ?wait=WAIT seconds for each move
START_DEADLINE = 60.0  # seconds for servers and workers to come up


# --- helpers ----------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))]


def ms(x: float) -> str:
    return f"{x * 1e3:.1f} ms"


def stamp(s: str) -> datetime:
    return datetime.fromisoformat(s.rstrip("Z"))


def server_seconds(sub: dict) -> float:
    """created_at -> updated_at of a submission: queued, adjudicated and committed, on the server."""
    return (stamp(sub["updated_at"]) - stamp(sub["created_at"])).total_seconds()


def cpu_seconds(groups: dict[str, int]) -> collections.Counter:
    """CPU seconds (user + system) so far of: each started process group by name, PostgreSQL and Redis
    (every such process on the machine) and this client process."""
    tick = os.sysconf("SC_CLK_TCK")
    out: collections.Counter = collections.Counter()
    by_pgrp = {g: n for n, g in groups.items()}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                data = f.read()
        except OSError:
            continue
        comm = data[data.index("(") + 1:data.rindex(")")]
        fields = data[data.rindex(")") + 2:].split()
        pgrp, used = int(fields[2]), (int(fields[11]) + int(fields[12])) / tick
        name = by_pgrp.get(pgrp)
        if name is None:
            if int(d) == os.getpid():
                name = "client"
            elif comm.startswith("postgres"):
                name = "postgres"
            elif comm.startswith("redis"):
                name = "redis"
        if name:
            out[name] += used
    return out


class Proc:
    """A child process in its own process group, its output in a log file; stopped by its own id."""

    def __init__(self, name: str, argv: list[str], env: dict, logdir: Path):
        self.name = name
        self.log_path = logdir / f"{name}.log"
        self._log = open(self.log_path, "wb")
        self.p = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, start_new_session=True)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.p.poll() is None

    def stop(self, grace: float = 15.0) -> None:
        if self.p.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.p.pid, signal.SIGTERM)
            try:
                self.p.wait(grace)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.p.pid, signal.SIGKILL)
                self.p.wait(10)
        self._log.close()


def wait_http(base: str, procs: list[Proc]) -> None:
    deadline = time.monotonic() + START_DEADLINE
    while time.monotonic() < deadline:
        for p in procs:
            if not p.alive():
                raise RuntimeError(f"{p.name} exited during start-up:\n{p.log()[-3000:]}")
        try:
            if requests.get(f"{base}/api/games?limit=1", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{base} did not answer within {START_DEADLINE:.0f} s")


def wait_log(proc: Proc, text: str) -> None:
    deadline = time.monotonic() + START_DEADLINE
    while time.monotonic() < deadline:
        if text in proc.log():
            return
        if not proc.alive():
            raise RuntimeError(f"{proc.name} exited during start-up:\n{proc.log()[-3000:]}")
        time.sleep(0.2)
    raise RuntimeError(f"{proc.name} did not print {text!r} within {START_DEADLINE:.0f} s:\n{proc.log()[-3000:]}")


def base_env(instance: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["UMPIRE_INSTANCE"] = str(instance)
    # Moves only: PDF renders go to their own queue and worker (timed by bench/reports.py); with no
    # render worker here, queueing them would only fill Redis.
    env["UMPIRE_PRERENDER"] = "0"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


# --- the two set-ups --------------------------------------------------------------------------------

@contextlib.contextmanager
def redis_pg_stack(web_threads: int):
    """gunicorn (2 workers) + 2 Celery workers, on a throwaway PostgreSQL database and Redis db 14."""
    import psycopg
    import redis

    r = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    r.ping()
    name = f"umpire_bench_{uuid.uuid4().hex[:10]}"
    tmp = Path(tempfile.mkdtemp(prefix="umpire-bench-"))
    procs: list[Proc] = []
    created = False
    try:
        with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True,
                             connect_timeout=5) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        created = True
        db_url = f"postgresql+psycopg://postgres@{PG_HOST}/{name}"
        # Migrate once here: four processes starting on an empty database would race to create the tables.
        from service.db import make_engine
        from service.migrate import upgrade
        eng = make_engine(db_url)
        upgrade(eng)
        eng.dispose()
        r.flushdb()
        env = base_env(tmp) | {"DATABASE_URL": db_url, "REDIS_URL": REDIS_URL}
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        for i in (1, 2):
            procs.append(Proc(f"celery{i}", [sys.executable, "-m", "celery", "-A", "tasks.worker:celery_app",
                                             "worker", "--pool", "solo", "-n", f"bench{i}-{name}@127.0.0.1",
                                             "--loglevel", "INFO", "--without-heartbeat", "--without-mingle",
                                             "--without-gossip"], env, tmp))
        procs.append(Proc("gunicorn", [sys.executable, "-m", "gunicorn", "--workers", "2", "--worker-class",
                                       "gthread", "--threads", str(web_threads), "--bind", f"127.0.0.1:{port}",
                                       "--no-control-socket", "--graceful-timeout", "5", "--timeout", "60",
                                       "service:create_app()"], env, tmp))
        wait_http(base, procs)
        for p in procs[:2]:
            wait_log(p, " ready.")
        groups = {"web (gunicorn)": procs[2].p.pid, "worker 1": procs[0].p.pid, "worker 2": procs[1].p.pid}
        yield base, f"gunicorn 2 workers x {web_threads} threads + 2 Celery workers (solo), PostgreSQL, Redis", groups
    finally:
        for p in reversed(procs):
            p.stop()
        with contextlib.suppress(Exception):
            r.flushdb()
        if created:
            with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True) as c:
                c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def embedded_stack():
    """``umpire serve``: web, worker thread and sweeper in one process, SQLite in a temporary folder."""
    tmp = Path(tempfile.mkdtemp(prefix="umpire-bench-embedded-"))
    port = free_port()
    proc = None
    try:
        proc = Proc("umpire-serve", [sys.executable, "-m", "umpire_cli.main", "serve", "--host", "127.0.0.1",
                                     "--port", str(port), "--no-demo"], base_env(tmp), tmp)
        base = f"http://127.0.0.1:{port}"
        wait_http(base, [proc])
        yield (base, "umpire serve (werkzeug threaded + 1 in-process worker), SQLite, in-memory queue",
               {"umpire serve (web + worker)": proc.p.pid})
    finally:
        if proc is not None:
            proc.stop()
        shutil.rmtree(tmp, ignore_errors=True)


# --- clients ----------------------------------------------------------------------------------------

def choose_order(prompts: dict, rng: random.Random, prolong: bool = False) -> tuple[str, str]:
    """One legal order from the prompts of a position with one role to act: ``(role, order)``.
    Also the fault tests' choice (tests/reliability/harness.py)."""
    (role, prompt), = prompts.items()
    actions = prompt["actions"]
    verbs = sorted(actions)
    if prolong:  # 'done' and 'pass' end phases early; other orders make the game last longer
        verbs = [v for v in verbs if v not in ("done", "pass")] or verbs
    verb = rng.choice(verbs)
    return role, verb if not actions[verb] else f"{verb} {rng.choice(actions[verb])}"


class Game:
    """One game seen from the client: tokens, position and the current prompt."""

    def __init__(self, http: requests.Session, base: str, title: str):
        self.http, self.base = http, base
        r = http.post(f"{base}/api/games", json={"game": "palestine", "title": title}, timeout=HTTP_TIMEOUT)
        r.raise_for_status()
        d = r.json()
        self.id, self.tokens, self.seq = d["id"], d["tokens"], d["seq"]
        self.prompts, self.over = d["prompts"], False

    def refresh(self) -> None:
        r = self.http.get(f"{self.base}/api/games/{self.id}", timeout=HTTP_TIMEOUT)
        r.raise_for_status()
        d = r.json()
        self.seq, self.prompts, self.over = d["seq"], d["prompts"], bool(d["outcome"])

    def choose(self, rng: random.Random, prolong: bool) -> tuple[str, str]:
        return choose_order(self.prompts, rng, prolong)

    def move(self, role: str, order: str) -> tuple[float, dict]:
        """POSTs one order and waits for its verdict; returns (seconds, submission)."""
        body = {"format": MOVE_FORMAT, "game": self.id, "role": role, "after": self.seq, "actions": [order]}
        t0 = time.perf_counter()
        r = self.http.post(f"{self.base}/api/games/{self.id}/moves?wait={WAIT}", json=body, timeout=HTTP_TIMEOUT,
                           headers={"Authorization": f"Bearer {self.tokens[role]}"})
        dt = time.perf_counter() - t0
        sub = r.json()
        v = sub.get("verdict") or {}
        if sub.get("status") in ("accepted", "partial"):
            self.seq, self.prompts, self.over = v["seq"], v["prompts"], bool(v.get("outcome"))
        return dt, sub


def throughput(base: str, games: int, moves: int, seed: int) -> dict:
    lat, srv, errors, ended = [], [], [], [0]
    lock = threading.Lock()
    ready = threading.Barrier(games + 1)

    def play(i: int) -> None:
        rng = random.Random(seed * 1000 + i)
        http = requests.Session()
        try:
            g = Game(http, base, f"bench {i}")
            ready.wait(60)
            for _ in range(moves):
                if g.over:
                    with lock:
                        ended[0] += 1
                    g = Game(http, base, f"bench {i} (next)")
                role, order = g.choose(rng, prolong=False)
                dt, sub = g.move(role, order)
                with lock:
                    if sub.get("status") == "accepted":
                        lat.append(dt)
                        srv.append(server_seconds(sub))
                    else:
                        errors.append(f"{g.id}@{g.seq} {order!r}: {sub.get('status')} {sub.get('verdict')}")
                if sub.get("status") != "accepted":
                    g.refresh()
        except Exception as e:  # reported below; the other threads go on
            with lock:
                errors.append(f"client {i}: {type(e).__name__}: {e}")
            with contextlib.suppress(threading.BrokenBarrierError):
                ready.abort()
        finally:
            http.close()

    threads = [threading.Thread(target=play, args=(i,), daemon=True) for i in range(games)]
    for t in threads:
        t.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        ready.wait(60)
    t0 = time.perf_counter()
    for t in threads:
        t.join(games * moves * HTTP_TIMEOUT)
    wall = time.perf_counter() - t0
    return {"accepted": len(lat), "wall": wall, "lat": lat, "srv": srv, "errors": errors, "ended": ended[0]}


def depth(base: str, target: int, window: int, seed: int, tries: int = 3) -> dict:
    """Plays one game deep with no other load; keeps the deepest of *tries* games."""
    best = None
    http = requests.Session()
    try:
        for attempt in range(tries):
            rng = random.Random(seed + 7919 * attempt)
            g = Game(http, base, f"depth {attempt}")
            per_seq: dict[int, tuple[float, float]] = {}
            for _ in range(target + 50):  # bounded: refusals do not advance the position
                if g.over or g.seq >= target:
                    break
                role, order = g.choose(rng, prolong=True)
                before = g.seq
                dt, sub = g.move(role, order)
                if sub.get("status") == "accepted":
                    per_seq[before + 1] = (dt, server_seconds(sub))
                else:
                    g.refresh()
            if best is None or g.seq > best["reached"]:
                best = {"reached": g.seq, "per_seq": per_seq, "game": g.id, "over": g.over}
            if g.seq >= target:
                break
    finally:
        http.close()
    per_seq, reached = best["per_seq"], best["reached"]
    early = [per_seq[s] for s in range(10, 10 + window) if s in per_seq]
    late = [per_seq[s] for s in range(reached - window + 1, reached + 1) if s in per_seq]
    return {**best, "early": early, "late": late, "early_at": (10, 10 + window - 1),
            "late_at": (reached - window + 1, reached)}


# --- report -----------------------------------------------------------------------------------------

def run(backend: str, args) -> None:
    stack = redis_pg_stack(args.web_threads) if backend == "redis" else embedded_stack()
    with stack as (base, what, groups):
        print(f"\n== {backend}: {what}")
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
        cpu0 = cpu_seconds(groups)
        res = throughput(base, args.games, args.moves, args.seed)
        cpu = cpu_seconds(groups)
        cpu.subtract(cpu0)
        rate = res["accepted"] / res["wall"] if res["wall"] else 0.0
        print(f"throughput: {args.games} games x {args.moves} moves, {res['accepted']} accepted in "
              f"{res['wall']:.2f} s = {rate:.0f} moves/s  (games that ended and were replaced: {res['ended']})")
        print(f"POST -> verdict (client): p50 {ms(pct(res['lat'], 50))}, p95 {ms(pct(res['lat'], 95))}, "
              f"max {ms(max(res['lat'], default=float('nan')))}")
        print(f"queued -> committed (server): p50 {ms(pct(res['srv'], 50))}, p95 {ms(pct(res['srv'], 95))}")
        if res["errors"]:
            print(f"not accepted / errors: {len(res['errors'])}; first: {res['errors'][:3]}")
        if res["accepted"]:
            per = {k: v / res["accepted"] for k, v in cpu.items() if v > 0}
            print("CPU per accepted move: " + ", ".join(f"{k} {ms(v)}" for k, v in sorted(per.items()))
                  + f"; total {ms(sum(per.values()))} ({sum(cpu.values()) / res['wall'] * 100:.0f}% of one core "
                    f"over the run; postgres and redis are every such process on the machine)")
        if backend == "redis":
            print(f"targets: >= 200 moves/s: {'met' if rate >= 200 else 'NOT met'}; p95 <= 100 ms: "
                  f"{'met' if pct(res['lat'], 95) <= 0.1 else 'NOT met'}")
        d = depth(base, args.depth, args.samples, args.seed)
        e_c = [x[0] for x in d["early"]]
        e_s = [x[1] for x in d["early"]]
        l_c = [x[0] for x in d["late"]]
        l_s = [x[1] for x in d["late"]]
        print(f"depth: game {d['game']} reached position {d['reached']}"
              + (" (the game ended there)" if d["over"] else "") + f"; {args.samples} single-order moves each,"
              " no other load")
        if e_c and l_c:
            ratio_c = statistics.median(l_c) / statistics.median(e_c)
            ratio_s = statistics.median(l_s) / statistics.median(e_s)
            print(f"  positions {d['early_at'][0]}-{d['early_at'][1]}: client median {ms(statistics.median(e_c))} "
                  f"(mean {ms(statistics.mean(e_c))}), server median {ms(statistics.median(e_s))} "
                  f"(mean {ms(statistics.mean(e_s))})")
            print(f"  positions {d['late_at'][0]}-{d['late_at'][1]}: client median {ms(statistics.median(l_c))} "
                  f"(mean {ms(statistics.mean(l_c))}), server median {ms(statistics.median(l_s))} "
                  f"(mean {ms(statistics.mean(l_s))})")
            print(f"  deep / early (medians): client {ratio_c:.2f}, server {ratio_s:.2f}; target <= 1.10"
                  + ("" if d["reached"] >= 500 else f" (measured at {d['reached']}: no game reached 500)"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games played in parallel (one client each)")
    ap.add_argument("--moves", type=int, default=50, help="moves (single orders) per game")
    ap.add_argument("--backend", choices=("redis", "embedded", "both"), default="both")
    ap.add_argument("--depth", type=int, default=500, help="position to reach in the depth game")
    ap.add_argument("--samples", type=int, default=10, help="moves timed at each end of the depth game")
    ap.add_argument("--web-threads", type=int, default=8, help="gthread threads per gunicorn worker")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for backend in (("redis", "embedded") if args.backend == "both" else (args.backend,)):
        try:
            run(backend, args)
        except Exception as e:  # a benchmark prints; it never fails a run
            print(f"\n== {backend}: not measured: {type(e).__name__}: {e}")


if __name__ == "__main__":
    main()
