"""Real Celery workers adjudicating submissions (issue #3: the service; DESIGN.md sections 4 and 6).

- end to end through HTTP (the Flask test client) and the queue, on the embedded default (SQLite + kombu's
  in-memory broker, a worker thread) and at scale (PostgreSQL + Redis);
- two submissions for the same position at once: one accepted, the other stale; the same submission twice
  at once: stored once, applied once;
- one game's submissions in order, one at a time, with two worker processes;
- a worker killed with SIGKILL in the middle of an adjudication: the sweeper and the broker's redelivery
  bring the move back, and it is applied exactly once;
- the embedded runner (``service.embedded.serve``): a real HTTP server, and its start-up sweep.

Every worker, server and subprocess started here is stopped in ``finally``; every wait is bounded.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest
from celery.contrib.testing.worker import start_worker
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from service import adjudication
from service.models import Game, Move, Submission
from umpire_app.web import create_app

from .conftest import app_secret

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = Path(__file__).with_name("worker_with_delay.py")

# Irgun's first turn, one order a file: each is legal in the position the one before leaves.
CHAIN = ["box opsa", "op sabotage", "space galilee", "roll", "done", "done"]


# --- helpers -------------------------------------------------------------------------------------------

def new_game(client) -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": "palestine"})
    assert r.status_code == 201, r.get_data(as_text=True)
    body = r.get_json()
    return body["id"], body["tokens"]


def move(gid: str, after: int, *actions: str) -> dict:
    return {"format": "umpire-move/1", "game": gid, "role": "irgun", "after": after, "actions": list(actions)}


def post_move(client, gid: str, token: str, body, wait: float | None = None, headers: dict | None = None):
    url = f"/api/games/{gid}/moves" + (f"?wait={wait}" if wait else "")
    r = client.post(url, json=body, headers={"Authorization": f"Bearer {token}", **(headers or {})})
    assert r.status_code in (200, 202), f"POST {url}: {r.status_code} {r.get_data(as_text=True)}"
    return r.get_json()


def await_verdicts(client, sids, seconds: float = 30.0) -> dict:
    """Polls GET /api/submissions/<id> (bounded) until every submission has a verdict."""
    deadline = time.monotonic() + seconds
    out = {}
    while True:
        for sid in sids:
            if sid not in out:
                got = client.get(f"/api/submissions/{sid}").get_json()
                if got["status"] in adjudication.DONE:
                    out[sid] = got
        if len(out) == len(set(sids)):
            return out
        if time.monotonic() > deadline:
            missing = [s for s in sids if s not in out]
            raise AssertionError(f"no verdict within {seconds}s for submissions {missing}")
        time.sleep(0.05)


def move_rows(sessions, gid: str) -> list[Move]:
    with sessions() as s:
        return list(s.execute(select(Move).where(Move.game_id == gid).order_by(Move.seq)).scalars())


def submissions_of(sessions, gid: str) -> list[Submission]:
    with sessions() as s:
        return list(s.execute(select(Submission).where(Submission.game_id == gid)
                              .order_by(Submission.created_at)).scalars())


def game_seq(sessions, gid: str) -> int:
    with sessions() as s:
        return s.get(Game, gid).seq


def run_threads(fns, timeout: float = 30.0) -> list:
    """Runs each callable in its own thread (released together by a barrier); returns their results."""
    barrier = threading.Barrier(len(fns), timeout=10)
    results: list = [None] * len(fns)
    errors: list = []

    def runner(i, fn):
        try:
            barrier.wait()
            results[i] = fn()
        except BaseException as e:  # reported below, in the test's thread
            errors.append(e)

    threads = [threading.Thread(target=runner, args=(i, fn), daemon=True) for i, fn in enumerate(fns)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    assert not any(t.is_alive() for t in threads), f"a request thread did not finish within {timeout}s"
    if errors:
        raise errors[0]
    return results


@contextmanager
def worker_thread(app):
    """A real Celery worker (solo pool) in a thread of this process, stopped on exit."""
    with start_worker(app.extensions["celery"], pool="solo", perform_ping_check=False,
                      shutdown_timeout=20.0) as w:
        yield w


def _dispose(app) -> None:
    app.extensions["umpire"]["engine"].dispose()


def no_stray_worker_threads() -> None:
    """The in-memory broker is one per process: a worker thread some other test left running would take
    this test's messages (and, not finding the submissions in its own database, drop them)."""
    from celery.worker import WorkController

    stray = [t.name for t in threading.enumerate()
             if t.is_alive() and isinstance(getattr(getattr(t, "_target", None), "__self__", None), WorkController)]
    if stray:
        pytest.fail(f"Celery worker threads left running by an earlier test would steal this test's messages: "
                    f"{stray}")


def redis_to_ourselves(redis_url: str, seconds: float = 5.0) -> None:
    """Skips (with the reason shown) when another process is consuming the test Redis database, e.g. a
    second test session running at the same time: its workers would take this test's messages."""
    import redis

    r = redis.Redis.from_url(redis_url)
    try:
        db = r.connection_pool.connection_kwargs.get("db", 0)
        deadline = time.monotonic() + seconds
        while True:
            blocked = [c for c in r.client_list()
                       if int(c.get("db", -1)) == db and "b" in c.get("flags", "") and c.get("cmd") in ("brpop", "blpop")]
            if not blocked:
                return
            if time.monotonic() > deadline:
                pytest.skip(f"another process is consuming Redis {redis_url} ({len(blocked)} blocked client(s), "
                            f"e.g. {blocked[0].get('addr')}): a concurrent test session? Its workers would take "
                            f"this test's messages")
            time.sleep(0.2)
    finally:
        r.close()


# --- the two stacks ------------------------------------------------------------------------------------

@pytest.fixture(params=["sqlite-memory", "postgres-redis"])
def stack(request, tmp_path):
    """An app with a running worker thread: the embedded default, or PostgreSQL + Redis."""
    if request.param == "sqlite-memory":
        no_stray_worker_threads()
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": "",
                          "SWEEP_SECONDS": 0.5})
    else:
        pg_url = request.getfixturevalue("pg_url")
        redis_url = request.getfixturevalue("redis_url")
        redis_to_ourselves(redis_url)
        app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": redis_url})
    try:
        with worker_thread(app):
            yield SimpleNamespace(name=request.param, app=app, client=app.test_client(),
                                  sessions=app.extensions["umpire"]["sessions"])
    finally:
        _dispose(app)


# --- 1. end to end -------------------------------------------------------------------------------------

def test_worker_adjudicates_moves_end_to_end(stack):
    """POST ?wait=10 through the queue to a real worker: each move accepted, the log gapless and in order."""
    client = stack.client
    gid, tokens = new_game(client)
    sids = []
    for n, order in enumerate(CHAIN):
        out = post_move(client, gid, tokens["irgun"], move(gid, n, order), wait=10)
        assert out["status"] == "accepted", f"{stack.name}: move {n} ({order!r}) not accepted: {out}"
        assert out["verdict"]["applied"] == [order]
        assert out["verdict"]["seq"] == n + 1
        sids.append(out["id"])

    log = client.get(f"/api/games/{gid}/log").get_json()["entries"]
    assert [e["seq"] for e in log] == list(range(len(CHAIN) + 1))
    assert [e["action"] for e in log] == ["setup", *CHAIN]
    rows = move_rows(stack.sessions, gid)
    assert [m.submission_id for m in rows[1:]] == sids, "each Move row belongs to the submission that made it"
    assert game_seq(stack.sessions, gid) == len(CHAIN)
    # the roll produced exactly one stored outcome
    assert len(rows[CHAIN.index("roll") + 1].outcomes) >= 1


# --- 2. races ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["burst", "held"])
def test_two_moves_for_the_same_position_one_is_stale(stack, monkeypatch, mode):
    """Two different legal moves with the same ``after`` sent at once: exactly one accepted, one stale.

    burst: two threads POST together while the worker runs. held: both are stored before either is queued,
    so the worker finds both waiting for the same position.
    """
    app = stack.app
    gid, tokens = new_game(stack.client)
    held: list[str] = []
    if mode == "held":
        monkeypatch.setitem(app.extensions["umpire"], "enqueue", held.append)
    bodies = [move(gid, 0, "box opsa"), move(gid, 0, "box event")]

    def sender(body):
        return lambda: post_move(app.test_client(), gid, tokens["irgun"], body)

    outs = run_threads([sender(b) for b in bodies])
    sids = [o["id"] for o in outs]
    assert len(set(sids)) == 2, "two different moves must be two submissions"
    if mode == "held":
        assert sorted(held) == sorted(sids), "each new submission is queued once"
        for sid in held:
            app.extensions["celery"].send_task("tasks.adjudicate", args=[sid])

    verdicts = await_verdicts(stack.client, sids)
    statuses = sorted(v["status"] for v in verdicts.values())
    assert statuses == ["accepted", "rejected"], f"{stack.name}/{mode}: {verdicts}"
    won = next(v for v in verdicts.values() if v["status"] == "accepted")
    lost = next(v for v in verdicts.values() if v["status"] == "rejected")
    assert lost["verdict"]["error"]["code"] == "stale", f"the loser must be refused as stale: {lost['verdict']}"
    assert lost["verdict"]["applied"] == []
    assert game_seq(stack.sessions, gid) == 1
    rows = move_rows(stack.sessions, gid)
    assert [(m.seq, m.submission_id) for m in rows[1:]] == [(1, won["id"])], \
        "only the accepted submission wrote the log"


def test_same_submission_twice_at_once_is_stored_and_applied_once(stack, monkeypatch):
    """The same body from the same seat, POSTed by two threads at once: one submission, applied once.

    Queueing is held until both requests have returned, so both arrive while the game is still at the
    position the move names (the other order, a copy arriving after the verdict, is the next test).
    """
    app = stack.app
    gid, tokens = new_game(stack.client)
    held: list[str] = []
    monkeypatch.setitem(app.extensions["umpire"], "enqueue", held.append)
    body = move(gid, 0, "box opsa")
    outs = run_threads([lambda: post_move(app.test_client(), gid, tokens["irgun"], body) for _ in range(2)])
    assert outs[0]["id"] == outs[1]["id"], f"the same submission got two ids: {outs}"
    assert held == [outs[0]["id"]], f"a duplicate is not queued again: {held}"
    app.extensions["celery"].send_task("tasks.adjudicate", args=[held[0]])
    verdict = await_verdicts(stack.client, held)[held[0]]
    assert verdict["status"] == "accepted", verdict
    assert len(submissions_of(stack.sessions, gid)) == 1
    rows = move_rows(stack.sessions, gid)
    assert [(m.seq, m.action, m.submission_id) for m in rows[1:]] == [(1, "box opsa", outs[0]["id"])]
    assert game_seq(stack.sessions, gid) == 1


def test_same_submission_arriving_after_its_verdict_is_the_same_submission(stack):
    """The other order of the same race: the copy's request is handled after the worker has already
    applied the original (on SQLite, which takes one writer at a time, two concurrent POSTs end up in this
    order whenever the worker is quicker than the second request). The body is byte for byte the same,
    ``after`` included, so it is the same submission: stored once, and the retry gets the first verdict."""
    gid, tokens = new_game(stack.client)
    body = move(gid, 0, "box opsa")
    first = post_move(stack.client, gid, tokens["irgun"], body, wait=10)
    assert first["status"] == "accepted", first
    again = post_move(stack.client, gid, tokens["irgun"], body, wait=10)
    rows = move_rows(stack.sessions, gid)
    assert [(m.seq, m.submission_id) for m in rows[1:]] == [(1, first["id"])], "applied once"
    assert game_seq(stack.sessions, gid) == 1
    subs = submissions_of(stack.sessions, gid)
    assert again["id"] == first["id"] and len(subs) == 1, (
        "BUG service/adjudication.py store: without an Idempotency-Key the body key hashes game.seq, "
        "the game's position *now*, so an identical copy of a move file (same 'after') that arrives once the "
        "original has been applied is stored as a second submission and refused as stale "
        f"({again['status']}: {(again.get('verdict') or {}).get('error')}) instead of returning the first "
        f"submission and its accepted verdict; {len(subs)} submission rows")


def test_same_submission_race_on_the_unique_key_postgres(pg_url, redis_url, monkeypatch):
    """Both requests reach the INSERT of the same submission together (forced with a barrier): the unique
    key decides (ON CONFLICT DO NOTHING), the loser gets the winner's submission, the move is applied once."""
    from service import adjudication as A

    redis_to_ourselves(redis_url)
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": redis_url})
    try:
        client = app.test_client()
        sessions = app.extensions["umpire"]["sessions"]
        gid, tokens = new_game(client)
        barrier = threading.Barrier(2, timeout=10)
        real_insert = A._insert

        def insert(session, table):
            barrier.wait()  # both requests are about to insert
            return real_insert(session, table)

        monkeypatch.setattr(A, "_insert", insert)
        body = move(gid, 0, "box opsa")
        with worker_thread(app):
            outs = run_threads([lambda: post_move(app.test_client(), gid, tokens["irgun"], body, wait=10)
                                for _ in range(2)])
        monkeypatch.undo()
        assert outs[0]["id"] == outs[1]["id"], f"the same submission got two ids: {outs}"
        assert all(o["status"] == "accepted" for o in outs), outs
        assert len(submissions_of(sessions, gid)) == 1
        assert [(m.seq, m.submission_id) for m in move_rows(sessions, gid)[1:]] == [(1, outs[0]["id"])]
    finally:
        _dispose(app)


# --- worker subprocesses (Redis + PostgreSQL) ----------------------------------------------------------

class Proc:
    """A worker subprocess with its log file; stop() ends it (SIGTERM, then SIGKILL) and is idempotent."""

    def __init__(self, argv: list[str], env: dict, log: Path):
        self.log = log
        self._fh = open(log, "wb")
        self.p = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=self._fh, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL)

    @property
    def pid(self) -> int:
        return self.p.pid

    def tail(self, n: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGTERM)
            try:
                self.p.wait(15)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait(10)
        self._fh.close()


def worker_env(pg_url: str, redis_url: str, tmp_path: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UMPIRE_", "CELERY_"))}
    env.update(DATABASE_URL=pg_url, REDIS_URL=redis_url, UMPIRE_INSTANCE=str(tmp_path / "instance"),
               UMPIRE_SECRET_KEY=app_secret(),  # the test's app's: the workers open the seeds it sealed
               PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""), **extra)
    return env


def celery_worker(node: str, env: dict, log: Path) -> Proc:
    """The real worker command: ``celery -A umpire_app.worker:celery_app worker --pool solo``."""
    return Proc([sys.executable, "-m", "celery", "-A", "umpire_app.worker:celery_app", "worker", "--pool", "solo",
                 "--loglevel", "WARNING", "-n", node, "--without-mingle", "--without-gossip",
                 "--without-heartbeat"], env, log)


def wait_ready(app, procs: dict[str, Proc], seconds: float = 45.0) -> None:
    """Bounded: until every named worker answers a broadcast ping."""
    celery = app.extensions["celery"]
    deadline = time.monotonic() + seconds
    waiting = set(procs)
    while waiting:
        for node, proc in procs.items():
            assert proc.p.poll() is None, f"worker {node} exited with {proc.p.returncode}:\n{proc.tail()}"
        replies = celery.control.ping(destination=sorted(waiting), timeout=0.5) or []
        for r in replies:
            waiting -= set(r)
        if waiting and time.monotonic() > deadline:
            logs = "\n".join(f"--- {n}:\n{procs[n].tail()}" for n in waiting)
            raise AssertionError(f"workers {sorted(waiting)} not ready within {seconds}s\n{logs}")


def node_name(tag: str) -> str:
    return f"{tag}-{uuid.uuid4().hex[:8]}@localhost"


# --- 3. two workers, one game in order -----------------------------------------------------------------

def test_two_workers_adjudicate_each_game_in_order(pg_url, redis_url, tmp_path):
    """Two worker processes; two games' chains queued in a burst: every move accepted, in order, seq gapless."""
    redis_to_ourselves(redis_url)
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": redis_url})
    client = app.test_client()
    sessions = app.extensions["umpire"]["sessions"]
    env = worker_env(pg_url, redis_url, tmp_path)
    nodes = [node_name("w1"), node_name("w2")]
    procs: dict[str, Proc] = {}
    try:
        for i, node in enumerate(nodes):
            procs[node] = celery_worker(node, env, tmp_path / f"worker{i + 1}.log")
        wait_ready(app, procs)

        games = [new_game(client) for _ in range(2)]
        sids: dict[str, list[str]] = {gid: [] for gid, _ in games}
        for n, order in enumerate(CHAIN):  # interleaved, no waiting: the queue holds them all at once
            for gid, tokens in games:
                sids[gid].append(post_move(client, gid, tokens["irgun"], move(gid, n, order))["id"])

        verdicts = await_verdicts(client, [s for ids in sids.values() for s in ids], seconds=60)
        for gid, _tokens in games:
            got = [(verdicts[s]["status"], (verdicts[s]["verdict"] or {}).get("seq")) for s in sids[gid]]
            assert got == [("accepted", n + 1) for n in range(len(CHAIN))], \
                f"game {gid}: verdicts out of order or refused: {[verdicts[s]['verdict'] for s in sids[gid]]}"
            rows = move_rows(sessions, gid)
            assert [m.seq for m in rows] == list(range(len(CHAIN) + 1)), "seq must be gapless"
            assert [m.action for m in rows[1:]] == CHAIN
            assert [m.submission_id for m in rows[1:]] == sids[gid]
            assert game_seq(sessions, gid) == len(CHAIN)

        # both workers took part (Redis hands each message to the worker blocked longest)
        stats: dict = {}
        for _ in range(5):  # a busy machine may answer the broadcast late: ask again those that did not
            missing = [n for n in nodes if n not in stats]
            if not missing:
                break
            stats.update(app.extensions["celery"].control.inspect(destination=missing, timeout=2.0).stats() or {})
        assert set(stats) == set(nodes), f"workers that did not answer the stats request: {set(nodes) - set(stats)}"
        done = {n: stats[n].get("total", {}).get("tasks.adjudicate", 0) for n in nodes}
        assert all(done.values()), f"expected both workers to adjudicate something: {done}"
    finally:
        for p in procs.values():
            p.stop()
        _dispose(app)


# --- 4. a worker killed in the middle of an adjudication -----------------------------------------------

def _unacked_for(r, sid: str) -> dict[bytes, str]:
    """Redis (kombu) unacked messages whose task is for *sid*: delivery tag -> task id."""
    out = {}
    for tag, payload in r.hgetall("unacked").items():
        msg = json.loads(payload)[0]
        if sid in json.dumps(msg.get("headers", {})):  # argsrepr names the submission id
            out[tag] = msg["headers"].get("id")
    return out


def _queued_task_ids(r) -> set[str]:
    ids = set()
    for raw in r.lrange("celery", 0, -1):
        ids.add(json.loads(raw).get("headers", {}).get("id"))
    return ids


def test_worker_killed_mid_adjudication_move_applied_exactly_once(pg_url, redis_url, tmp_path):
    import redis
    from kombu import Connection

    redis_to_ourselves(redis_url)
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": redis_url})
    client = app.test_client()
    sessions = app.extensions["umpire"]["sessions"]
    celery = app.extensions["celery"]
    r = redis.Redis.from_url(redis_url)
    marker = tmp_path / "started.txt"
    procs: list[Proc] = []
    try:
        gid, tokens = new_game(client)
        orders = ["box opsa", "op sabotage", "space galilee", "roll"]  # 4 Move rows, one die
        sid = post_move(client, gid, tokens["irgun"], move(gid, 0, *orders))["id"]

        slow_node = node_name("slow")
        slow = Proc([sys.executable, str(LAUNCHER), slow_node],
                    worker_env(pg_url, redis_url, tmp_path, UMPIRE_TEST_MARKER=str(marker),
                               UMPIRE_TEST_DELAY="60"), tmp_path / "slow.log")
        procs.append(slow)

        deadline = time.monotonic() + 45
        while not (marker.exists() and sid in marker.read_text()):
            assert slow.p.poll() is None, f"the slow worker exited early:\n{slow.tail()}"
            assert time.monotonic() < deadline, f"the slow worker never started the submission:\n{slow.tail()}"
            time.sleep(0.05)

        # it is inside the adjudication: game locked, nothing committed
        with sessions() as s, s.begin():
            with pytest.raises(OperationalError):
                s.execute(select(Game).where(Game.id == gid).with_for_update(nowait=True)).scalar_one()
        with sessions() as s:
            assert s.get(Submission, sid).status == "queued"
        assert len(move_rows(sessions, gid)) == 1

        os.kill(slow.pid, signal.SIGKILL)
        slow.p.wait(10)
        assert slow.p.returncode == -signal.SIGKILL

        killed = _unacked_for(r, sid)
        assert len(killed) == 1, f"the killed worker's message should be waiting (unacked) in Redis: {killed}"
        killed_tag, killed_task = next(iter(killed.items()))

        # the database released the dead worker's lock (bounded)
        deadline = time.monotonic() + 15
        while True:
            try:
                with sessions() as s, s.begin():
                    s.execute(select(Game).where(Game.id == gid).with_for_update(nowait=True)).scalar_one()
                break
            except OperationalError:
                assert time.monotonic() < deadline, "the killed worker's game lock was never released"
                time.sleep(0.1)
        with sessions() as s:
            assert s.get(Submission, sid).status == "queued"
            assert s.get(Game, gid).seq == 0

        fresh_node = node_name("fresh")
        fresh = celery_worker(fresh_node, worker_env(pg_url, redis_url, tmp_path, UMPIRE_SWEEP_SECONDS="0.2"),
                              tmp_path / "fresh.log")
        procs.append(fresh)
        wait_ready(app, {fresh_node: fresh})

        # the periodic sweeper (the real tasks.sweep, run by the fresh worker), until the move is decided
        deadline = time.monotonic() + 40
        while True:
            celery.send_task("tasks.sweep")
            got = client.get(f"/api/submissions/{sid}?wait=2").get_json()
            if got["status"] in adjudication.DONE:
                break
            assert time.monotonic() < deadline, f"the sweeper never brought the move back: {got}\n{fresh.tail()}"
        assert got["status"] == "accepted", got
        assert got["attempts"] >= 1, "the sweeper counts each re-queue as an attempt"

        # then Redis gives the killed worker's message back (as its visibility timeout would)
        def stats_total():
            st = celery.control.inspect(destination=[fresh_node], timeout=2.0).stats() or {}
            return st.get(fresh_node, {}).get("total", {}).get("tasks.adjudicate", 0)

        before = stats_total()
        with Connection(redis_url, transport_options={"visibility_timeout": 0}) as conn:
            conn.default_channel.qos.restore_by_tag(killed_tag)
        deadline = time.monotonic() + 30
        while not (stats_total() > before and not _unacked_for(r, sid)
                   and killed_task not in _queued_task_ids(r)):
            assert time.monotonic() < deadline, f"the redelivered message was not consumed:\n{fresh.tail()}"
            time.sleep(0.2)

        # exactly once: one set of Move rows, seq advanced once, one submission, accepted
        rows = move_rows(sessions, gid)
        assert [(m.seq, m.action, m.submission_id) for m in rows[1:]] == \
            [(n + 1, o, sid) for n, o in enumerate(orders)], f"Move rows: {[(m.seq, m.action) for m in rows]}"
        assert game_seq(sessions, gid) == len(orders)
        subs = submissions_of(sessions, gid)
        assert [(s.id, s.status) for s in subs] == [(sid, "accepted")]
        assert len(rows[orders.index("roll") + 1].outcomes) == 1, "one die, rolled once"
    finally:
        for p in procs:
            p.stop()
        r.close()
        _dispose(app)


# --- 5. the embedded runner ----------------------------------------------------------------------------

def test_embedded_runner_serves_and_sweeps_at_start(tmp_path, monkeypatch):
    """service.embedded.serve: a real HTTP server on 127.0.0.1, its worker thread, and the start-up sweep."""
    from celery.worker import state as worker_state

    from service import embedded

    no_stray_worker_threads()
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    client = app.test_client()
    gid, tokens = new_game(client)
    # a submission stored but never queued (the process stopped before queueing it, or the in-memory
    # queue was lost with a restart): the start-up sweep must find it
    with sessions() as s, s.begin():
        sub, new = adjudication.store(s, gid, json.dumps(move(gid, 0, "box opsa")), "application/json",
                                      token=tokens["irgun"])
        left_sid = sub["id"]
    assert new

    workers: list[threading.Thread] = []
    real_start_worker = embedded.start_worker

    def start_worker_recorded(a):
        before = set(threading.enumerate())
        w = real_start_worker(a)
        workers.extend(t for t in threading.enumerate() if t not in before and t.name == "celery-worker")
        return w

    sweepers: list = []
    monkeypatch.setattr(embedded, "start_worker", start_worker_recorded)
    # the periodic sweeper loops forever; record the call instead, so only the start-up sweep can help
    monkeypatch.setattr(embedded, "start_sweeper", lambda a, every=5.0: sweepers.append(a))

    ready = threading.Event()
    servers: list = []

    def on_ready(server):
        servers.append(server)
        ready.set()

    errors: list = []

    def run():
        try:
            embedded.serve(app, "127.0.0.1", 0, ready=on_ready)
        except BaseException as e:
            errors.append(e)

    t = threading.Thread(target=run, name="embedded-serve", daemon=True)
    t.start()
    try:
        assert ready.wait(20), f"the embedded runner did not start: {errors}"
        server = servers[0]
        assert server.server_address[0] == "127.0.0.1"
        base = f"http://127.0.0.1:{server.server_port}"
        assert sweepers == [app]
        assert len(workers) == 1, "serve starts one worker thread"

        def http(method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
            req = urllib.request.Request(base + path, method=method,
                                         data=json.dumps(body).encode() if body is not None else None)
            if body is not None:
                req.add_header("Content-Type", "application/json")
            if token:
                req.add_header("Authorization", f"Bearer {token}")
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.loads(resp.read())

        # the start-up sweep queued the left-over submission; the worker adjudicated it
        deadline = time.monotonic() + 20
        while True:
            got = http("GET", f"/api/submissions/{left_sid}?wait=2")
            if got["status"] in adjudication.DONE or time.monotonic() > deadline:
                break
        assert got["status"] == "accepted", f"the submission left queued before start was not adjudicated: {got}"

        # a real HTTP POST, answered with the verdict
        out = http("POST", f"/api/games/{gid}/moves?wait=5", move(gid, 1, "op sabotage"), tokens["irgun"])
        assert out["status"] == "accepted", out
        assert out["verdict"]["seq"] == 2
        log = http("GET", f"/api/games/{gid}/log")["entries"]
        assert [e["action"] for e in log] == ["setup", "box opsa", "op sabotage"]
    finally:
        if servers:
            servers[0].shutdown()
            servers[0].server_close()
        t.join(10)
        # stop the worker thread the way celery's own test helper does
        worker_state.should_terminate = 0
        try:
            for w in workers:
                w.join(20)
        finally:
            worker_state.should_terminate = None
        _dispose(app)
    assert not t.is_alive(), "the embedded server did not stop"
    assert not any(w.is_alive() for w in workers), "the embedded worker thread did not stop"
    assert not errors, errors
