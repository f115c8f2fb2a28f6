"""SIGTERM ends every child (issue 21, finding 11).

``umpire serve`` and ``umpire mail listen`` render PDFs in a child process (``service/reports/limits.py``).
It used to be a ``multiprocessing`` child (``spawn``) with its resource tracker, stopped only by an
``atexit`` hook, which SIGTERM's default action never runs: each stop with SIGTERM (what systemd, a
container runtime, honcho and foreman send) left the render child and the resource tracker running,
115-137 MB each. Here each command is started as a subprocess, made to start its render child (a snapshot
over HTTP; a STATUS mail answered with its PDF), stopped with SIGTERM, and every process it had started
must be gone.
"""

from __future__ import annotations

import os
import secrets
import signal
import smtplib
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from service import games as G
from tests.mail.conftest import DOMAIN, Relay, free_port, letter, started
from umpire_app.web import create_app

ROOT = Path(__file__).resolve().parents[2]


def _stat(pid: int) -> tuple[int, int] | None:
    """(parent pid, start time in clock ticks) of *pid*, or None when it is gone (or a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            raw = f.read()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2:].split()  # after "pid (comm) "
    if fields[0] == "Z":
        return None
    return int(fields[1]), int(fields[19])


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def descendants(root: int) -> dict[tuple[int, int], str]:
    """Every live process under *root*: (pid, start time) -> command line (the start time tells a reused
    pid from the process seen before)."""
    parent: dict[int, tuple[int, int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit() and (st := _stat(int(name))) is not None:
            parent[int(name)] = st
    out, todo = {}, [root]
    while todo:
        p = todo.pop()
        for pid, (ppid, start) in parent.items():
            if ppid == p:
                out[(pid, start)] = _cmdline(pid)
                todo.append(pid)
    return out


def alive(procs: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    return {(pid, start): cmd for (pid, start), cmd in procs.items() if (_stat(pid) or (0, -1))[1] == start}


def wait_for(what: str, predicate, seconds: float, proc: subprocess.Popen, log: Path):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = predicate()
        if got:
            return got
        if proc.poll() is not None:
            break
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {seconds:g} s (exit code {proc.poll()}):\n"
                         f"{log.read_text(errors='replace')[-3000:]}")


def env_for(tmp_path: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UMPIRE_", "CELERY_"))
           and k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(UMPIRE_INSTANCE=str(tmp_path / "instance"), PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
               **extra)
    return env


def new_game(tmp_path: Path, secret: str, emails: dict | None = None) -> tuple[str, dict]:
    """A Palestine game in the instance's SQLite database, made by this process."""
    (tmp_path / "instance").mkdir(exist_ok=True)
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'instance' / 'umpire.sqlite3'}", "REDIS_URL": "",
                      "UMPIRE_SECRET_KEY": secret})
    try:
        with app.extensions["umpire"]["sessions"]() as s, s.begin():
            seats = [{"role": r, "email": (emails or {}).get(r, "")} for r in ("irgun", "british")]
            game, tokens = G.create_game(s, "palestine", "standard", {}, seats, "children")
            return game.id, tokens
    finally:
        app.extensions["umpire"]["engine"].dispose()


def stop_and_check(proc: subprocess.Popen, log: Path, what: str) -> None:
    """SIGTERM *proc*; it must exit, and every process it had started must end too (bounded)."""
    children = descendants(proc.pid)
    assert children, f"{what} started no render child:\n{log.read_text(errors='replace')[-3000:]}"
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
        raise AssertionError(f"{what} did not exit within 20 s of SIGTERM") from None
    deadline = time.monotonic() + 15
    while alive(children) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = alive(children)
    for pid, _start in left:  # ours to clean up: they were started by the command we started
        os.kill(pid, signal.SIGKILL)
    assert not left, (f"{what} stopped with SIGTERM left {len(left)} of its {len(children)} child process(es) "
                      f"running: {sorted(left.values())}")


@contextmanager
def umpire(argv: list[str], env: dict, log: Path):
    """``umpire ARGV`` as a subprocess, its output in *log*; killed at the end if still running."""
    with open(log, "wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "umpire_cli.main", *argv], cwd=ROOT, env=env, stdout=fh,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            yield proc
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)


def test_sigterm_to_umpire_serve_ends_its_render_child(tmp_path):
    secret = secrets.token_hex(32)
    port = free_port()
    log = tmp_path / "serve.log"
    with umpire(["serve", "--host", "127.0.0.1", "--port", str(port), "--no-demo"],
                env_for(tmp_path, UMPIRE_SECRET_KEY=secret), log) as proc:
        base = f"http://127.0.0.1:{port}"

        def up():
            try:
                with urllib.request.urlopen(f"{base}/api/games?limit=1", timeout=2) as r:
                    return r.status == 200
            except OSError:
                return False

        wait_for("umpire serve answering", up, 60, proc, log)
        gid, _tokens = new_game(tmp_path, secret)
        with urllib.request.urlopen(f"{base}/api/games/{gid}/snapshot.pdf", timeout=90) as r:
            assert r.status == 200 and r.read(4) == b"%PDF"
        stop_and_check(proc, log, "umpire serve")


def test_sigterm_to_umpire_mail_listen_ends_its_render_child(tmp_path):
    secret = secrets.token_hex(32)
    port = free_port()
    log = tmp_path / "listen.log"
    with started(Relay()) as relay:
        env = env_for(tmp_path, UMPIRE_SECRET_KEY=secret, UMPIRE_MAIL_DOMAIN=DOMAIN, UMPIRE_SMTP_HOST="127.0.0.1",
                      UMPIRE_SMTP_PORT=str(relay.port), UMPIRE_SMTP_SECURITY="none")
        # the database (and its tables) first, so that the listener and this process do not race to migrate
        gid, tokens = new_game(tmp_path, secret, {"irgun": "ann@example.org", "british": "bob@example.org"})
        with umpire(["mail", "listen", "--host", "127.0.0.1", "--port", str(port)], env, log) as proc:
            wait_for("umpire mail listen listening", lambda: b"Listening for mail" in log.read_bytes(), 60, proc, log)
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
                smtp.send_message(letter(gid, f"Token: {tokens['irgun']}\nSTATUS\n"))
            status = relay.wait_for(1, seconds=90)[0]
            assert any(p.get_content_type() == "application/pdf" for p in status.iter_attachments()), \
                "the STATUS answer carries no PDF"
            stop_and_check(proc, log, "umpire mail listen")


if not sys.platform.startswith("linux"):  # pragma: no cover
    pytest.skip("reads the process tree from /proc (Linux only)", allow_module_level=True)
