"""The Procfile as deployed (issue 21): its processes started as the README says, by honcho, on a
throwaway PostgreSQL database, a private Redis server and a capturing SMTP relay, and a move played by
mail from end to end.

The README's "Running at scale": ``DATABASE_URL``, ``REDIS_URL`` and ``UMPIRE_SECRET_KEY`` set,
``umpire init-db``, then ``honcho start``, which runs every line of the Procfile as written: web
(gunicorn), worker (moves), background (PDFs and mail, Celery's default prefork pool), beat and mail
(``umpire mail listen``). A player's mail goes over SMTP to the mail process; the answer with its verdict
and PDF, and the next seat's "your move" mail with its PDF, must reach the relay. Until issue 21 the
background worker failed every render (finding 1: a daemonic prefork child may not start the render
process with ``multiprocessing``), so neither mail was ever sent; the other tests ran their workers in the
solo pool and stayed green. Then honcho is stopped with SIGTERM, as a terminal's Ctrl-C or a PaaS stops
it, and nothing it started may be left running (finding 11).

``pytest -s`` prints how long the run took.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import smtplib
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import func, select

from service import games as G
from service.models import Render
from tests.mail.conftest import DOMAIN, Relay, confirm_addresses, free_port, letter, started
from tests.reliability.harness import RedisServer
from tests.service.conftest import throwaway_database
from tests.service.test_render_children import alive, descendants
from umpire_app.web import create_app

ROOT = Path(__file__).resolve().parents[2]
IRGUN_TURN = "box opsa\nop sabotage\nspace galilee\nroll\ndone\ndone\n"
START_SECONDS = 90.0
MAIL_SECONDS = 120.0


def pdf_of(msg) -> bytes:
    pdfs = [p.get_content() for p in msg.iter_attachments() if p.get_content_type() == "application/pdf"]
    assert len(pdfs) == 1, f"{msg['Subject']!r} carries {len(pdfs)} PDFs"
    return pdfs[0]


def text_of(msg) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content()


class Honcho:
    """``honcho start`` of the repository's Procfile in *cwd*, its output in a log file."""

    def __init__(self, env: dict, cwd: Path, port: int):
        self.log_path = cwd / "honcho.log"
        self._log = open(self.log_path, "wb")
        empty_env_file = cwd / "empty.env"  # not the checkout's .env, if a developer keeps one
        empty_env_file.write_text("")
        self.p = subprocess.Popen([sys.executable, "-m", "honcho", "start", "--no-colour", "-f", str(ROOT / "Procfile"),
                                   "-d", str(ROOT), "-e", str(empty_env_file), "-p", str(port)],
                                  cwd=cwd, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, start_new_session=True)
        self.started: dict = {}

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def lines_of(self, name: str) -> list[str]:
        """The output lines of the Procfile process *name* (honcho prefixes them ``HH:MM:SS name.1 | ``)."""
        pat = re.compile(rf"^\S+ {re.escape(name)}\.1\s+\| (.*)$")
        return [m.group(1) for line in self.log().splitlines() if (m := pat.match(line))]

    def wait(self, what: str, predicate, seconds: float = START_SECONDS):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.started.update(descendants(self.p.pid))  # all it started, to check at the end
            got = predicate()
            if got:
                return got
            if self.p.poll() is not None:
                break
            time.sleep(0.3)
        raise AssertionError(f"{what}: not within {seconds:g} s (honcho exit code {self.p.poll()}):\n"
                             f"{self.log()[-6000:]}")

    def stop(self) -> dict:
        """SIGTERM to honcho, as Ctrl-C or a PaaS stops it; returns what it had started and is still running
        15 s after honcho exited (then killed: they are ours)."""
        self.started.update(descendants(self.p.pid))
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGTERM)
            try:
                self.p.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.p.pid, signal.SIGKILL)
                self.p.wait(10)
        deadline = time.monotonic() + 15
        while alive(self.started) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = alive(self.started)
        for pid, _start in left:
            os.kill(pid, signal.SIGKILL)
        self._log.close()
        return left


def scale_env(tmp: Path, **extra) -> dict:
    """The environment of the README's "Running at scale", the commands of this interpreter's environment
    first on the PATH; none of the test run's own Umpire settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UMPIRE_", "CELERY_"))
           and k not in ("DATABASE_URL", "REDIS_URL", "PORT", "MAIL_PORT")}
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.update(UMPIRE_INSTANCE=str(tmp / "instance"), **extra)
    return env


def test_the_procfile_plays_a_mailed_move_end_to_end(tmp_path):
    t0 = time.monotonic()
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (this test starts a private one)")
    probe = scale_env(tmp_path)["PATH"]
    missing = [c for c in ("umpire", "celery", "gunicorn") if shutil.which(c, path=probe) is None]
    if missing:
        pytest.skip(f"the Procfile's commands {missing} are not installed beside {sys.executable}")
    redis_server = RedisServer(tmp_path)
    redis_server.start()
    honcho = None
    try:
        with throwaway_database("umpire_deploy") as (db_url, _name), started(Relay()) as relay:
            secret = secrets.token_hex(32)
            web_port, mail_port = free_port(), free_port()
            env = scale_env(tmp_path, DATABASE_URL=db_url, REDIS_URL=redis_server.url, UMPIRE_SECRET_KEY=secret,
                            MAIL_PORT=str(mail_port), UMPIRE_MAIL_DOMAIN=DOMAIN, UMPIRE_SMTP_HOST="127.0.0.1",
                            UMPIRE_SMTP_PORT=str(relay.port), UMPIRE_SMTP_SECURITY="none")
            subprocess.run(["umpire", "init-db"], env=env, cwd=tmp_path, check=True, timeout=120,
                           stdout=subprocess.DEVNULL)
            app = create_app({"DATABASE_URL": db_url, "REDIS_URL": redis_server.url, "UMPIRE_SECRET_KEY": secret,
                              "MIGRATE": False})
            sessions = app.extensions["umpire"]["sessions"]
            try:
                with sessions() as s, s.begin():
                    game, tokens = G.create_game(s, "palestine", "standard", {},
                                                 [{"role": "irgun", "email": "ann@example.org"},
                                                  {"role": "british", "email": "bob@example.org"}], "deployed")
                    gid = game.id
                # as their owners' answers to the confirmation mails do (issue 21, finding 6): the mail sweep
                # sends those only every minute, and "your move" goes to a confirmed address only
                confirm_addresses(app, gid)

                honcho = Honcho(env, tmp_path, web_port)
                base = f"http://127.0.0.1:{web_port}"

                def web_up() -> bool:
                    try:
                        with urllib.request.urlopen(f"{base}/api/games?limit=1", timeout=2) as r:
                            return r.status == 200
                    except OSError:
                        return False

                honcho.wait("web answering", web_up)
                for name in ("worker", "background"):
                    honcho.wait(f"{name} ready", lambda n=name: any(" ready." in x for x in honcho.lines_of(n)))
                honcho.wait("mail listening", lambda: any("Listening for mail" in x for x in honcho.lines_of("mail")))
                honcho.wait("beat started", lambda: any("beat: Starting" in x for x in honcho.lines_of("beat")))
                up = time.monotonic()

                with smtplib.SMTP("127.0.0.1", mail_port, timeout=30) as smtp:
                    smtp.send_message(letter(gid, f"Token: {tokens['irgun']}\n{IRGUN_TURN}-- \nAnn\n"))
                honcho.wait("the verdict and the your-move mail relayed",
                            lambda: relay.to("ann@example.org") and relay.to("bob@example.org"), MAIL_SECONDS)
                mailed = time.monotonic()
                ann, bob = relay.to("ann@example.org")[0], relay.to("bob@example.org")[0]
                assert "accepted" in str(ann["Subject"]) and "ACCEPTED: 6 order(s)" in text_of(ann), text_of(ann)
                assert pdf_of(ann).startswith(b"%PDF")
                assert "your move (position 6)" in str(bob["Subject"]) and pdf_of(bob).startswith(b"%PDF")

                def prerendered() -> bool:  # the background worker's renders after the accepted move
                    with sessions() as s:
                        return s.execute(select(func.count()).select_from(Render).where(
                            Render.game_id == gid, Render.kind == "snapshot", Render.seq == 6)).scalar() == 2

                honcho.wait("both seats' snapshots rendered at position 6", prerendered, MAIL_SECONDS)
                with urllib.request.urlopen(f"{base}/api/games/{gid}/report.pdf", timeout=90) as r:
                    assert r.status == 200 and r.read(5) == b"%PDF-"
                assert "daemonic processes are not allowed" not in honcho.log()
            finally:
                app.extensions["umpire"]["engine"].dispose()
                if honcho is not None:
                    left = honcho.stop()
                    honcho = None
                    assert not left, f"stopping honcho left {len(left)} process(es) running: {sorted(left.values())}"
    finally:
        if honcho is not None:
            honcho.stop()
        redis_server.stop()
    print(f"\n[deploy] Procfile under honcho: processes up in {up - t0:.1f} s; mailed move to verdict and "
          f"your-move mail relayed in {mailed - up:.1f} s; whole test {time.monotonic() - t0:.1f} s")
