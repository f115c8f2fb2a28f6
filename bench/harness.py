"""What the benchmarks and the scale tests share: starting the scale stack and playing through HTTP.

- ``redis_pg_stack``: gunicorn (2 workers, the Procfile's worker class) on a throwaway PostgreSQL database (created, migrated
  once, dropped) and 2 Celery worker processes (solo pool) on a Redis db (flushed before and after), all
  on 127.0.0.1, each child in its own process group, stopped by its own id at the end;
- ``Game``: one game seen from an HTTP client, with the move picking of ``bench/service.py``;
- figures: percentiles, CPU seconds and peak memory (VmHWM) of process groups.

Used by ``bench/service.py``, ``bench/soak.py`` and ``tests/reliability/test_races.py``.
"""

from __future__ import annotations

import collections
import contextlib
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MOVE_FORMAT = "umpire-move/1"
REDIS_URL = os.environ.get("UMPIRE_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
PG_HOST = os.environ.get("UMPIRE_BENCH_PG_HOST", "127.0.0.1")
PG_ADMIN_DB = os.environ.get("UMPIRE_BENCH_PG_DB", "test")
HTTP_TIMEOUT = 40.0  # seconds, for one request (?wait is at most 30)
WAIT = 20  # ?wait=WAIT seconds for each move
START_DEADLINE = 60.0  # seconds for servers and workers to come up
#: The real worker command, before ``worker --pool solo ...``.
CELERY = [sys.executable, "-m", "celery", "-A", "umpire_app.worker:celery_app"]


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


def processes():
    """Every live process: (pid, command name, the fields of /proc/PID/stat after the name)."""
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                data = f.read()
        except OSError:
            continue
        yield int(d), data[data.index("(") + 1:data.rindex(")")], data[data.rindex(")") + 2:].split()


def cpu_seconds(groups: dict[str, int]) -> collections.Counter:
    """CPU seconds (user + system) so far of: each started process group by name, PostgreSQL and Redis
    (every such process on the machine) and this client process."""
    tick = os.sysconf("SC_CLK_TCK")
    out: collections.Counter = collections.Counter()
    by_pgrp = {g: n for n, g in groups.items()}
    for pid, comm, fields in processes():
        pgrp, used = int(fields[2]), (int(fields[11]) + int(fields[12])) / tick
        name = by_pgrp.get(pgrp)
        if name is None:
            if pid == os.getpid():
                name = "client"
            elif comm.startswith("postgres"):
                name = "postgres"
            elif comm.startswith("redis"):
                name = "redis"
        if name:
            out[name] += used
    return out


def _fastest(rounds: int, work) -> float:
    """The fewest CPU seconds (``time.process_time``) that *work()* took in *rounds* runs."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        work()
        best = min(best, time.process_time() - t0)
    return best


def machine_reference(rounds: int = 5) -> float:
    """CPU seconds of a fixed pure-Python loop (the fastest of *rounds*), printed beside the figures so
    that runs on machines of different speed can be compared: the targets are absolute, the machines a
    session gets are not (the same code measured 2.3 times slower on one 2-core machine than another)."""

    def loop() -> None:
        n = 0
        for i in range(2_000_000):
            n += i

    return _fastest(rounds, loop)


def memory_reference(rounds: int = 3, megabytes: int = 64, steps: int = 1_000_000) -> float:
    """CPU seconds of a fixed walk over *megabytes* of memory in a scattered order (the fastest of
    *rounds*), printed beside ``machine_reference``.

    The pure-Python loop of ``machine_reference`` runs in the processor's own caches; the service's work
    does not, and on a shared machine the neighbours' load can slow memory access while that loop's time
    stays put (2026-12-03: the same code used twice the CPU a move at the same loop reference). Nearly
    every step here misses the caches, so this one shows such hours."""
    buf = bytearray(b"\x01") * (megabytes << 20)  # written, so every page is really there
    mask = len(buf) - 1

    def walk() -> None:
        i = total = 0
        for _ in range(steps):
            i = (i * 1103515245 + 12345) & mask
            total += buf[i]

    return _fastest(rounds, walk)


def cpu_ticks() -> tuple[int, int]:
    """(all, stolen) CPU ticks of the machine so far (``/proc/stat``): the hypervisor's *steal* is time a
    virtual core wanted to run and was not let, which no process's CPU time shows."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return sum(fields[:8]), fields[7]


def references() -> str:
    """The machine references as one line's end, for the benchmarks' headers."""
    return (f"machine reference (bench.harness.machine_reference): {machine_reference():.3f} s, memory "
            f"reference (memory_reference): {memory_reference():.3f} s")


class Proc:
    """A child process in its own process group, its output in a log file; stopped by its own id."""

    def __init__(self, name: str, argv: list[str], env: dict, logdir: Path, root: Path = ROOT):
        self.name = name
        self.log_path = logdir / f"{name}.log"
        self._log = open(self.log_path, "wb")
        self.p = subprocess.Popen(argv, cwd=root, env=env, stdout=self._log, stderr=subprocess.STDOUT,
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


def base_env(instance: Path, root: Path = ROOT) -> dict:
    """The environment of a started process: *root*'s code (a checkout), *instance* its instance folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["UMPIRE_INSTANCE"] = str(instance)
    # Moves only: PDF renders go to their own queue and worker (timed by bench/reports.py); with no
    # render worker here, queueing them would only fill Redis.
    env["UMPIRE_PRERENDER"] = "0"
    env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def peak_memory(groups: dict[str, int]) -> dict[str, list[tuple[int, str, int]]]:
    """Peak resident memory (VmHWM, kB) of every live process of each named process group, and of this
    client process (``client``): name -> [(pid, command, kB)]. Read before the processes stop."""
    by_pgrp = {g: n for n, g in groups.items()}
    out: dict[str, list[tuple[int, str, int]]] = collections.defaultdict(list)
    for pid, comm, fields in processes():
        name = "client" if pid == os.getpid() else by_pgrp.get(int(fields[2]))
        if not name:
            continue
        try:
            with open(f"/proc/{pid}/status") as f:
                hwm = [line.split()[1] for line in f if line.startswith("VmHWM:")]
        except OSError:
            continue
        if hwm:
            out[name].append((pid, comm, int(hwm[0])))
    return {k: sorted(v) for k, v in out.items()}


# --- the scale stack --------------------------------------------------------------------------------

@dataclass
class Stack:
    """A running set-up: its base URL, what it is, its process groups by name (for the figures), and for
    the scale stack its database and Redis URLs and its processes."""

    base: str
    what: str
    groups: dict[str, int]
    db_url: str = ""
    redis_url: str = ""
    procs: list = field(default_factory=list)


def procfile_worker_class() -> str:
    """The gunicorn worker class the Procfile's ``web:`` line names (what is deployed is what is measured)."""
    import re
    for line in (ROOT / "Procfile").read_text(encoding="utf-8").splitlines():
        if line.startswith("web:"):
            m = re.search(r"--worker-class\s+(\S+)", line)
            if m:
                return m.group(1)
    return "gthread"


@contextlib.contextmanager
def redis_pg_stack(web_threads: int = 8, redis_url: str = REDIS_URL, env: dict | None = None,
                   worker_cmd: list[str] | None = None, queues: str | None = None, pg_host: str = PG_HOST,
                   pg_admin_db: str = PG_ADMIN_DB):
    """gunicorn (2 workers) + 2 Celery workers, on a throwaway PostgreSQL database and *redis_url*'s db
    (flushed before and after). *env* is added to the processes' environment; *worker_cmd* replaces the
    worker command before ``worker --pool solo ...`` (default ``CELERY``); *queues* (``-Q``) are the
    queues the workers take (default: the default queue only). Yields a ``Stack``."""
    import psycopg
    import redis

    r = redis.Redis.from_url(redis_url, socket_connect_timeout=3)
    r.ping()
    name = f"umpire_bench_{uuid.uuid4().hex[:10]}"
    tmp = Path(tempfile.mkdtemp(prefix="umpire-bench-"))
    procs: list[Proc] = []
    created = False
    try:
        with psycopg.connect(host=pg_host, dbname=pg_admin_db, user="postgres", autocommit=True,
                             connect_timeout=5) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        created = True
        db_url = f"postgresql+psycopg://postgres@{pg_host}/{name}"
        # Migrate once here: four processes starting on an empty database would race to create the tables.
        from service.db import make_engine
        from service.migrate import upgrade
        eng = make_engine(db_url)
        upgrade(eng)
        eng.dispose()
        r.flushdb()
        # The scale setting takes no new games over HTTP unless told (service.access): this stack is on loopback.
        penv = base_env(tmp) | {"DATABASE_URL": db_url, "REDIS_URL": redis_url, "UMPIRE_OPEN_CREATION": "1"} | (env or {})
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        for i in (1, 2):
            procs.append(Proc(f"celery{i}", [*(worker_cmd or CELERY), "worker", "--pool", "solo",
                                             "-n", f"bench{i}-{name}@127.0.0.1", "--loglevel", "INFO",
                                             "--without-heartbeat", "--without-mingle", "--without-gossip",
                                             *(["-Q", queues] if queues else [])], penv, tmp))
        procs.append(Proc("gunicorn", [sys.executable, "-m", "gunicorn", "--workers", "2", "--worker-class",
                                       procfile_worker_class(), "--threads", str(web_threads), "--bind", f"127.0.0.1:{port}",
                                       "--no-control-socket", "--graceful-timeout", "5", "--timeout", "60",
                                       "umpire_app.web:create_app()"], penv, tmp))
        wait_http(base, procs)
        for p in procs[:2]:
            wait_log(p, " ready.")
        groups = {"web (gunicorn)": procs[2].p.pid, "worker 1": procs[0].p.pid, "worker 2": procs[1].p.pid}
        yield Stack(base, f"gunicorn 2 workers x {web_threads} threads + 2 Celery workers (solo), PostgreSQL, "
                          f"Redis", groups, db_url, redis_url, procs)
    finally:
        for p in reversed(procs):
            p.stop()
        with contextlib.suppress(Exception):
            r.flushdb()
        r.close()
        if created:
            with psycopg.connect(host=pg_host, dbname=pg_admin_db, user="postgres", autocommit=True) as c:
                c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def embedded_stack(root: Path = ROOT):
    """``umpire serve`` of the checkout *root*: web, worker thread and sweeper in one process, SQLite in a
    temporary folder. Yields a ``Stack``."""
    tmp = Path(tempfile.mkdtemp(prefix="umpire-bench-embedded-"))
    port = free_port()
    proc = None
    try:
        proc = Proc("umpire-serve", [sys.executable, "-m", "umpire_cli.main", "serve", "--host", "127.0.0.1",
                                     "--port", str(port), "--no-demo"], base_env(tmp, root), tmp, root)
        base = f"http://127.0.0.1:{port}"
        wait_http(base, [proc])
        yield Stack(base, "umpire serve (werkzeug threaded + 1 in-process worker), SQLite, in-memory queue",
                    {"umpire serve (web + worker)": proc.p.pid})
    finally:
        if proc is not None:
            proc.stop()
        shutil.rmtree(tmp, ignore_errors=True)


# --- clients ----------------------------------------------------------------------------------------

class Http:
    """A light HTTP/1.1 client for the load generators: one keep-alive connection (``http.client``), the
    part of ``requests.Session``'s interface that ``Game`` uses (``post``/``get`` with ``json``,
    ``headers`` and ``timeout``). The benchmark's client shares the machine's cores with the service, so
    it should cost little: about a quarter of requests' CPU per call (``bench/service.py``)."""

    def __init__(self, base: str):
        import http.client
        from urllib.parse import urlsplit

        u = urlsplit(base)
        self._conn_args = (u.hostname, u.port)
        self._new = http.client.HTTPConnection
        self._conn = None

    def request(self, method: str, url: str, json=None, headers=None, timeout: float = HTTP_TIMEOUT):
        import json as json_mod
        from urllib.parse import urlsplit

        u = urlsplit(url)
        path = u.path + (f"?{u.query}" if u.query else "")
        body = None if json is None else json_mod.dumps(json).encode()
        hdrs = {**({"Content-Type": "application/json"} if body is not None else {}), **(headers or {})}
        for attempt in (1, 2):  # once more on a fresh connection if the kept one was closed
            if self._conn is None:
                self._conn = self._new(*self._conn_args, timeout=timeout)
            try:
                self._conn.timeout = timeout
                self._conn.request(method, path, body=body, headers=hdrs)
                r = self._conn.getresponse()
                return HttpResponse(r.status, r.read(), dict(r.getheaders()))
            except (ConnectionError, OSError) as e:
                self.close()
                if attempt == 2 or isinstance(e, TimeoutError):
                    raise

    def post(self, url: str, **kw):
        return self.request("POST", url, **kw)

    def get(self, url: str, **kw):
        return self.request("GET", url, **kw)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


@dataclass
class HttpResponse:
    status_code: int
    content: bytes
    headers: dict

    def json(self):
        import json
        return json.loads(self.content)

    def raise_for_status(self) -> None:
        if self.status_code >= 400:
            raise RuntimeError(f"HTTP {self.status_code}: {self.content[:300]!r}")


def choose_order(prompts: dict, rng: random.Random, prolong: bool = False) -> tuple[str, str]:
    """One legal order picked at random from a position's prompts: ``(role, order)``. Where two roles
    must act, the first (each acts in turn). Also the fault tests' choice (tests/reliability/harness.py)."""
    role = sorted(prompts)[0]
    actions = prompts[role]["actions"]
    verbs = sorted(actions)
    if prolong:  # 'done' and 'pass' end phases early; other orders make the game last longer
        verbs = [v for v in verbs if v not in ("done", "pass")] or verbs
    verb = rng.choice(verbs)
    return role, verb if not actions[verb] else f"{verb} {rng.choice(actions[verb])}"


class Game:
    """One game seen from the client: tokens, position and the current prompt."""

    def __init__(self, http, base: str, title: str):
        """*http*: a ``requests.Session`` or an ``Http``."""
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

    def orders(self) -> tuple[str, list[str]]:
        """The role to act and every single order it may give now (each verb with each of its choices)."""
        role = sorted(self.prompts)[0]
        actions = self.prompts[role]["actions"]
        return role, [v if not actions[v] else f"{v} {c}" for v in sorted(actions) for c in (actions[v] or [None])]

    def choose(self, rng: random.Random, prolong: bool) -> tuple[str, str]:
        return choose_order(self.prompts, rng, prolong)

    def body(self, role: str, order: str) -> dict:
        """A JSON move file of one order, written for the current position."""
        return {"format": MOVE_FORMAT, "game": self.id, "role": role, "after": self.seq, "actions": [order]}

    def post(self, role: str, order: str, wait: int | None = WAIT, key: str | None = None):
        """POSTs one order for the current position (``?wait`` seconds for the verdict; an Idempotency-Key)."""
        headers = {"Authorization": f"Bearer {self.tokens[role]}", **({"Idempotency-Key": key} if key else {})}
        return self.http.post(f"{self.base}/api/games/{self.id}/moves" + (f"?wait={wait}" if wait else ""),
                              json=self.body(role, order), timeout=HTTP_TIMEOUT, headers=headers)

    def move(self, role: str, order: str) -> tuple[float, dict]:
        """POSTs one order and waits for its verdict; returns (seconds, submission)."""
        t0 = time.perf_counter()
        r = self.post(role, order)
        dt = time.perf_counter() - t0
        sub = r.json()
        v = sub.get("verdict") or {}
        if sub.get("status") in ("accepted", "partial"):
            self.seq, self.prompts, self.over = v["seq"], v["prompts"], bool(v.get("outcome"))
        return dt, sub

class Trickle:
    """Connections that each send a request head, then a byte every *every* seconds (slow clients, issue 21
    finding 4): for ``bench/slow_clients.py`` and ``tests/security/test_slow_clients.py``."""

    def __init__(self, port: int, every: float = 1.0):
        self.port, self.every, self.socks = port, every, []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._feed, daemon=True)
        self._thread.start()

    def open(self, data: bytes):
        """One connection that has sent *data* (a request head, perhaps a first byte of its body)."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        s.sendall(data)
        self.socks.append(s)
        return s

    def _feed(self) -> None:
        while not self._stop.wait(self.every):
            for s in list(self.socks):
                with contextlib.suppress(OSError):
                    s.send(b" ")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(10)
        for s in self.socks:
            s.close()
