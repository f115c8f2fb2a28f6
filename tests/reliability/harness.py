"""What the fault tests share (issue 9, part 2): a private Redis server that can be stopped and started, a
stack of the real scale setting (the app on PostgreSQL and Redis, real Celery worker processes started
by ``tests/service/worker_with_delay.py``), Palestine games played through the API with legal orders taken
from the prompts, and the one invariant check run after every fault.

The invariant (``check``): every accepted submission's move appears exactly once in the move log, the
sequence numbers are contiguous, each verdict agrees with the log, no submission is left ``queued`` or
``running`` after a bounded wait, and the game's export verifies (``engine.core.verify``).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select

from bench.harness import choose_order
from engine.core.verify import verify
from service import adjudication
from service.models import Game, Move, Submission
from tests.mail.conftest import free_port
from tests.service.test_workers import ROOT, Proc, node_name, wait_ready, worker_env
from umpire_app.web import create_app

LAUNCHER = ROOT / "tests" / "service" / "worker_with_delay.py"
#: How long, at most, a submission may stay undecided once the fault is over (generous: a busy machine).
SETTLE_SECONDS = float(os.environ.get("UMPIRE_FAULT_SETTLE_SECONDS", "60"))


def fault_seed() -> int:
    """The run's seed for where faults go: ``UMPIRE_FAULT_SEED``, or a new one (printed, to replay it)."""
    raw = os.environ.get("UMPIRE_FAULT_SEED")
    return int(raw) if raw else random.SystemRandom().randrange(1, 10 ** 6)


class RedisServer:
    """A private ``redis-server`` on a free port of 127.0.0.1, no persistence: a restart empties it."""

    def __init__(self, logdir: Path):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.logdir = logdir
        self.proc: Proc | None = None
        self.starts = 0

    def start(self, seconds: float = 20.0) -> None:
        import redis
        self.starts += 1
        self.proc = Proc(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                          "--appendonly", "no"], dict(os.environ), self.logdir / f"redis-{self.starts}.log")
        deadline = time.monotonic() + seconds
        while True:
            try:
                redis.Redis(port=self.port, socket_connect_timeout=1).ping()
                return
            except redis.RedisError:
                assert self.proc.p.poll() is None, f"redis-server exited: {self.proc.tail()}"
                assert time.monotonic() < deadline, f"redis-server on {self.port} not up within {seconds}s"
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stop()
        self.proc = None


class Stack:
    """The app (the web side, through Flask's test client) and worker processes on PostgreSQL + Redis."""

    def __init__(self, pg_url: str, redis_url: str, tmp: Path, **config):
        self.pg_url, self.redis_url, self.tmp = pg_url, redis_url, tmp
        self.app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": redis_url, "SWEEP_SECONDS": 1.0,
                               "PRERENDER_SNAPSHOTS": False, **config})
        self.client = self.app.test_client()
        self.sessions = self.app.extensions["umpire"]["sessions"]
        self.celery = self.app.extensions["celery"]
        self.procs: list[Proc] = []
        self.marker = tmp / "kills.txt"

    def worker(self, tag: str, wait: bool = True, **env) -> Proc:
        """A worker process (the launcher: the real worker, faults as *env* asks), ready when returned."""
        node = node_name(tag)
        env = worker_env(self.pg_url, self.redis_url, self.tmp, **{
            "UMPIRE_SWEEP_SECONDS": "1", "UMPIRE_PRERENDER": "0", "UMPIRE_TEST_MARKER": str(self.marker), **env})
        proc = Proc([sys.executable, str(LAUNCHER), node], env, self.tmp / f"{tag}-{len(self.procs)}.log")
        proc.node = node
        self.procs.append(proc)
        if wait:
            wait_ready(self.app, {node: proc})
        return proc

    def ready(self, *procs: Proc) -> None:
        """Bounded: until each of the workers (started with ``wait=False``, together) answers a ping."""
        wait_ready(self.app, {p.node: p for p in procs})

    def sweep(self) -> None:
        """What beat does every 15 s: the sweeper task (``tasks.sweep``), run by a worker."""
        with contextlib.suppress(Exception):  # the broker may be down: the next sweep will do
            self.celery.send_task("tasks.sweep")

    def close(self) -> None:
        for p in self.procs:  # all told at once (each warm shutdown takes a moment), then each waited for
            if p.p.poll() is None:
                p.p.send_signal(signal.SIGTERM)
        for p in self.procs:
            p.stop()
        self.app.extensions["umpire"]["engine"].dispose()


@dataclass
class Table:
    """One Palestine game played through the API: a legal order from the prompt at a time, as a JSON move
    file naming the position it was written for (``bench/service.py``'s choice of order)."""

    client: object
    rng: random.Random
    seats: list | None = None
    id: str = ""
    tokens: dict = field(default_factory=dict)
    seq: int = 0
    prompts: dict = field(default_factory=dict)
    over: bool = False
    posted: dict = field(default_factory=dict)  # submission id -> the move file, every one stored (202/200)
    pending: str | None = None
    unavailable: int = 0  # 503 answers (retried)

    def __post_init__(self):
        body = {"game": "palestine", "title": "faults"}
        if self.seats:
            body["seats"] = self.seats
        r = self.client.post("/api/games", json=body)
        assert r.status_code == 201, r.get_data(as_text=True)
        d = r.get_json()
        self.id, self.tokens, self.seq, self.prompts = d["id"], d["tokens"], d["seq"], d["prompts"]

    def next_move(self) -> tuple[str, dict]:
        role, order = choose_order(self.prompts, self.rng)
        return role, {"format": "umpire-move/1", "game": self.id, "role": role, "after": self.seq,
                      "actions": [order]}

    def post(self, role: str, body: dict, wait: float | None = None):
        """POSTs the move; returns the response (the caller decides what a status means)."""
        url = f"/api/games/{self.id}/moves" + (f"?wait={wait}" if wait else "")
        r = self.client.post(url, json=body, headers={"Authorization": f"Bearer {self.tokens[role]}"})
        if r.status_code in (200, 202):
            sid = r.get_json()["id"]
            self.posted[sid] = body
            self.pending = sid
        return r

    def play(self, wait: float | None = None, tries: int = 20):
        """Posts the next move if none is waiting for its verdict; returns the response or None.

        A 503 (the database unreachable for a moment) is retried with the same move file, as a client
        would: the same submission, stored once. Any other answer but 200/202 fails the test."""
        if self.over or self.pending:
            return None
        role, body = self.next_move()
        for _ in range(tries):
            r = self.post(role, body, wait)
            if r.status_code != 503:
                break
            self.unavailable += 1
            time.sleep(0.2)
        assert r.status_code in (200, 202), f"POST move: {r.status_code} {r.get_data(as_text=True)}"
        self.settle(r.get_json())
        return r

    def settle(self, sub: dict | None = None) -> bool:
        """Reads the pending submission (or takes *sub*); when it has its verdict, moves to its position.
        Returns whether nothing is pending now."""
        if self.pending is None:
            return True
        if sub is None or sub.get("id") != self.pending:
            r = self.client.get(f"/api/submissions/{self.pending}")
            assert r.status_code in (200, 503), f"GET submission: {r.status_code} {r.get_data(as_text=True)}"
            if r.status_code == 503:
                self.unavailable += 1
                return False
            sub = r.get_json()
        if sub["status"] not in adjudication.DONE:
            return False
        v = sub["verdict"] or {}
        if sub["status"] in ("accepted", "partial"):
            self.seq, self.prompts, self.over = v["seq"], v["prompts"], bool(v.get("outcome"))
        else:  # not expected (the order came from the prompt); read the position again
            d = self.client.get(f"/api/games/{self.id}").get_json()
            self.seq, self.prompts, self.over = d["seq"], d["prompts"], bool(d.get("outcome"))
        self.pending = None
        return True


def play_until(tables: list[Table], done, seconds: float, sweep=None, every: float = 1.0) -> None:
    """Keeps every game moving (one move in flight per game) until ``done()`` or *seconds* pass; calls
    *sweep* about every *every* seconds (the beat)."""
    deadline = time.monotonic() + seconds
    last = 0.0
    while not done():
        for t in tables:
            t.settle()
            t.play()
        if sweep and time.monotonic() - last > every:
            sweep()
            last = time.monotonic()
        assert time.monotonic() < deadline, f"not done within {seconds}s"
        time.sleep(0.05)


def wait_until(cond, seconds: float, what: str) -> None:
    """Bounded: until ``cond()``; fails saying *what* was awaited."""
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, f"{what}: not within {seconds}s"
        time.sleep(0.1)


@dataclass
class Figures:
    faults: int = 0
    accepted: int = 0
    duplicates: int = 0
    lost: int = 0
    stuck: int = 0
    verified: int = 0
    games: int = 0
    problems: list = field(default_factory=list)

    def line(self, name: str) -> str:
        return (f"[faults] {name}: faults injected {self.faults}, moves accepted {self.accepted}, duplicates "
                f"{self.duplicates}, lost {self.lost}, stuck {self.stuck}, verify "
                f"{'OK' if self.verified == self.games else 'FAILED'} ({self.verified}/{self.games} games)")


def _settle_all(stack: Stack, gids: list[str], seconds: float, sweep: bool) -> list[Submission]:
    """Bounded wait until no submission of these games is undecided; the sweeper runs meanwhile."""
    deadline = time.monotonic() + seconds
    last = 0.0
    while True:
        with stack.sessions() as s:
            subs = list(s.execute(select(Submission).where(Submission.game_id.in_(gids))
                                  .order_by(Submission.created_at)).scalars())
        if all(x.status in adjudication.DONE for x in subs) or time.monotonic() > deadline:
            return subs
        if sweep and time.monotonic() - last > 1.0:
            stack.sweep()
            last = time.monotonic()
        time.sleep(0.1)


def check(stack: Stack, tables: list[Table], faults: int, name: str, settle: float = SETTLE_SECONDS,
          sweep: bool = True) -> Figures:
    """The invariant after a fault, for every game of *tables*; prints the figures and asserts them."""
    fig = Figures(faults=faults, games=len(tables))
    subs = _settle_all(stack, [t.id for t in tables], settle, sweep)
    by_id = {x.id: x for x in subs}
    for t in tables:
        with stack.sessions() as s:
            rows = list(s.execute(select(Move).where(Move.game_id == t.id).order_by(Move.seq)).scalars())
            game = s.get(Game, t.id)
        seqs = [m.seq for m in rows]
        if seqs != list(range(len(rows))):
            fig.duplicates += len(seqs) - len(set(seqs))
            fig.problems.append(f"{t.id}: move log seqs not contiguous from 0: {seqs}")
        if game.seq != (seqs[-1] if seqs else 0):
            fig.problems.append(f"{t.id}: the game is at {game.seq}, its log ends at {seqs[-1:]}")
        mine = [x for x in subs if x.game_id == t.id]
        fig.lost += sum(1 for sid in t.posted if sid not in by_id)
        for sid in t.posted:
            if sid not in by_id:
                fig.problems.append(f"{t.id}: submission {sid} was answered 202 but is not stored")
        for x in mine:
            made = [m for m in rows if m.submission_id == x.id]
            if x.status not in adjudication.DONE:
                fig.stuck += 1
                fig.problems.append(f"{t.id}: submission {x.id} still {x.status} after {settle:.0f}s")
                continue
            v = x.verdict or {}
            if x.status in ("accepted", "partial"):
                fig.accepted += 1
                applied = v.get("applied") or []
                if len(made) != len(applied):
                    fig.duplicates += max(0, len(made) - len(applied))
                    fig.lost += max(0, len(applied) - len(made))
                    fig.problems.append(f"{t.id}: submission {x.id} applied {applied} but has {len(made)} "
                                        f"move rows: {[(m.seq, m.action) for m in made]}")
                elif [m.action for m in made] != applied or (made and made[-1].seq != v.get("seq")):
                    fig.problems.append(f"{t.id}: submission {x.id}'s verdict (seq {v.get('seq')}, {applied}) "
                                        f"disagrees with the log {[(m.seq, m.action) for m in made]}")
                if x.id in t.posted and t.posted[x.id]["actions"] != applied:
                    fig.problems.append(f"{t.id}: submission {x.id} sent {t.posted[x.id]['actions']}, "
                                        f"applied {applied}")
            else:
                if made:
                    fig.duplicates += len(made)
                    fig.problems.append(f"{t.id}: {x.status} submission {x.id} has move rows")
                if x.status == "failed" or (v.get("error") or {}).get("code") not in ("stale",):
                    # Orders come from the prompt, one move in flight per game: only a fault refuses one.
                    fig.lost += 1
                    fig.problems.append(f"{t.id}: submission {x.id} {x.status}: {v.get('error')}")
        umpire = {"Authorization": f"Bearer {t.tokens['umpire']}"}
        r = stack.client.post(f"/api/games/{t.id}/reveal", headers=umpire)
        assert r.status_code == 200, f"reveal: {r.status_code} {r.get_data(as_text=True)}"
        r = stack.client.get(f"/api/games/{t.id}/export", headers=umpire)
        assert r.status_code == 200, f"export: {r.status_code} {r.get_data(as_text=True)}"
        rep = verify(r.get_json())
        if rep.ok:
            fig.verified += 1
        else:
            fig.problems.append(f"{t.id}: verify: {rep.problems or rep.notes}")
    print(fig.line(name))
    assert not fig.problems, "\n".join(fig.problems)
    assert (fig.duplicates, fig.lost, fig.stuck) == (0, 0, 0)
    assert fig.verified == fig.games
    assert fig.accepted > 0 and fig.faults > 0
    return fig
