"""Slow clients against the web tier (issue 21, finding 4): how many it survives, and what reading each
request whole before a thread takes it costs normal traffic. Prints figures; asserts nothing.

Run: python bench/slow_clients.py [--worker-class CLASS] [--steps 8,15,16,40,...] [--every 5] [--load 5]

Starts the Procfile's ``web:`` command (on 127.0.0.1, a free port, a temporary SQLite database), with its
worker class replaced by ``--worker-class`` if given (``gthread`` is gunicorn's own, what the Procfile ran
before). For each step, that many connections each announce a 100 kB JSON body to ``POST /api/games`` (open
to this machine, so nothing refuses them early) and send it a byte every ``--every`` seconds, as in the
finding; then ``--probes`` normal requests (``GET /api/games?limit=5``) are timed, each given 5 s. The tier
"survives" a step when every probe is answered. Then ``--load`` seconds of normal traffic with 8 client
threads (a game's view, a move checked) give requests per second and latency.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.harness import Proc, Trickle, base_env, free_port, pct, wait_http  # noqa: E402


def web_argv(port: int, worker_class: str | None) -> list[str]:
    line = next(s for s in (ROOT / "Procfile").read_text().splitlines() if s.startswith("web:"))
    argv = shlex.split(line.partition(":")[2].replace("${PORT:-5000}", str(port)))
    argv = [a.replace("0.0.0.0:", "127.0.0.1:") for a in argv]
    if worker_class:
        argv[argv.index("--worker-class") + 1] = worker_class
    return [sys.executable, "-m", "gunicorn", *argv[1:]]


@contextlib.contextmanager
def web_tier(worker_class: str | None):
    from service.db import make_engine
    from service.migrate import upgrade
    tmp = Path(tempfile.mkdtemp(prefix="umpire-slow-"))
    url = f"sqlite:///{tmp / 'umpire.sqlite3'}"
    eng = make_engine(url)
    upgrade(eng)
    eng.dispose()
    port = free_port()
    proc = Proc("web", web_argv(port, worker_class), base_env(tmp) | {"DATABASE_URL": url}, tmp)
    try:
        wait_http(f"http://127.0.0.1:{port}", [proc])
        yield port, proc
    finally:
        proc.stop()


def open_slow(slow: Trickle, n: int) -> int:
    """Opens up to *n* connections announcing a 100 kB JSON body that they send a byte at a time."""
    head = (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000\r\n\r\n{")
    opened = 0
    for _ in range(n):
        try:
            slow.open(head)
        except OSError:
            continue
        opened += 1
    return opened


def probe(base: str, n: int) -> tuple[int, list[float]]:
    ok, took = 0, []
    for _ in range(n):
        t0 = time.monotonic()
        try:
            if requests.get(f"{base}/api/games?limit=5", timeout=5).status_code == 200:
                ok += 1
        except requests.RequestException:
            pass
        took.append(time.monotonic() - t0)
    return ok, took


def steps(args) -> None:
    print(f"slow connections, a byte every {args.every:g} s to a 100 kB body (POST /api/games); "
          f"{args.probes} probes of GET /api/games, 5 s each")
    for n in args.steps:
        with web_tier(args.worker_class) as (port, _proc):
            base = f"http://127.0.0.1:{port}"
            slow = Trickle(port, args.every)
            try:
                t0 = time.monotonic()
                opened = open_slow(slow, n)
                opening = time.monotonic() - t0
                time.sleep(2.0)
                ok, took = probe(base, args.probes)
                print(f"  {n:5d} slow ({opened} opened in {opening:.1f} s): {ok}/{args.probes} "
                      f"answered, p50 {pct(took, 50) * 1e3:.0f} ms, max {max(took) * 1e3:.0f} ms -> "
                      f"{'survives' if ok == args.probes else 'DOWN'}", flush=True)
            finally:
                slow.close()


def load(args) -> None:
    with web_tier(args.worker_class) as (port, _proc):
        base = f"http://127.0.0.1:{port}"
        g = requests.post(f"{base}/api/games", json={"game": "palestine"}, timeout=10).json()
        gid, token = g["id"], g["tokens"]["irgun"]
        stop = time.monotonic() + args.load
        lat: list[float] = []

        def client() -> int:
            s, n = requests.Session(), 0
            while time.monotonic() < stop:
                t0 = time.monotonic()
                if n % 2:
                    r = s.get(f"{base}/api/games/{gid}", timeout=10)
                else:
                    r = s.post(f"{base}/api/games/{gid}/check", data=b"box opsa\n", timeout=10,
                               headers={"Content-Type": "text/plain", "Authorization": f"Bearer {token}"})
                r.raise_for_status()
                lat.append(time.monotonic() - t0)
                n += 1
            return n

        t0 = time.monotonic()
        with ThreadPoolExecutor(8) as ex:
            total = sum(ex.map(lambda _: client(), range(8)))
        took = time.monotonic() - t0
        print(f"normal load, 8 keep-alive clients x {args.load:g} s (a game's view, a move checked): "
              f"{total / took:.0f} requests/s, p50 {pct(lat, 50) * 1e3:.1f} ms, p95 {pct(lat, 95) * 1e3:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worker-class", default=None, help="replace the Procfile's (gthread: gunicorn's own)")
    ap.add_argument("--steps", default="8,15,16,40,200,1000,1900,2100",
                    type=lambda s: [int(x) for x in s.split(",") if x])
    ap.add_argument("--every", type=float, default=5.0)
    ap.add_argument("--probes", type=int, default=5)
    ap.add_argument("--load", type=float, default=5.0, help="seconds of normal traffic (0: none)")
    args = ap.parse_args()
    print(f"worker class: {args.worker_class or 'the Procfile' + chr(39) + 's'}; {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    steps(args)
    if args.load:
        load(args)


if __name__ == "__main__":
    main()
