"""IMAP polling against a real IMAP server on localhost (issue 6): a throwaway Dovecot instance
(its own configuration, a passwd-file user, a high port on 127.0.0.1, mail in a temporary folder).
``.ci/run`` installs Dovecot (``dovecot-imapd``) when it runs as root; elsewhere, without Dovecot or
root, these tests are skipped with the reason."""

from __future__ import annotations

import imaplib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from mail.config import settings
from mail.imap_poller import poll_once
from service.mail_models import InboundMail
from service.models import Game

from .conftest import free_port, letter, new_game, process

DOVECOT = shutil.which("dovecot") or ("/usr/sbin/dovecot" if Path("/usr/sbin/dovecot").exists() else None)
USER, PASSWORD = "player", "imap-test-password"

CONF = """\
base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{d}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {d}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={d}/mail/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
"""


@pytest.fixture
def imap_server():
    if DOVECOT is None:
        pytest.skip("Dovecot is not installed (.ci/run installs dovecot-imapd when it runs as root)")
    if os.geteuid() != 0:
        pytest.skip("the throwaway Dovecot instance is started as root (its mail processes run as nobody)")
    nobody = pwd.getpwnam("nobody")
    d = Path(tempfile.mkdtemp(prefix="umpire-dovecot-"))
    d.chmod(0o755)
    for sub in ("run", "state", "mail"):
        (d / sub).mkdir()
    os.chown(d / "mail", nobody.pw_uid, nobody.pw_gid)
    (d / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}::::::\n")
    port = free_port()
    (d / "dovecot.conf").write_text(CONF.format(d=d, uid=nobody.pw_uid, gid=nobody.pw_gid, port=port))
    proc = subprocess.Popen([DOVECOT, "-F", "-c", str(d / "dovecot.conf")], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log = (d / "dovecot.log").read_text() if (d / "dovecot.log").exists() else ""
                    raise AssertionError(f"Dovecot did not start: {proc.stdout.read().decode()} {log}") from None
                time.sleep(0.1)
        yield {"imap_host": "127.0.0.1", "imap_port": port, "imap_security": "none", "imap_user": USER,
               "imap_password": PASSWORD, "imap_folder": "INBOX"}
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        proc.stdout.close()
        shutil.rmtree(d, ignore_errors=True)


def append(cfg: dict, raw: bytes) -> None:
    c = imaplib.IMAP4(cfg["imap_host"], cfg["imap_port"], timeout=10)
    try:
        c.login(cfg["imap_user"], cfg["imap_password"])
        assert c.append("INBOX", None, None, raw)[0] == "OK"
    finally:
        c.logout()


def unseen(cfg: dict) -> list[bytes]:
    c = imaplib.IMAP4(cfg["imap_host"], cfg["imap_port"], timeout=10)
    try:
        c.login(cfg["imap_user"], cfg["imap_password"])
        c.select("INBOX")
        return c.uid("SEARCH", None, "UNSEEN")[1][0].split()
    finally:
        c.logout()


def test_poller_reads_the_mailbox_once_and_the_moves_are_played(mail_app, relay, imap_server):
    from dataclasses import replace
    app = mail_app
    s = replace(settings(app), **imap_server)
    Session = app.extensions["umpire"]["sessions"]
    gid, tokens = new_game(app)
    move = letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n")
    append(imap_server, move.as_bytes())
    append(imap_server, move.as_bytes())  # the same message twice in the mailbox: handled once
    append(imap_server, letter(gid, "Out of office", headers={"Auto-Submitted": "auto-replied"}).as_bytes())
    big = letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n",
                 attachments=[("big.bin", b"x" * (s.max_bytes + 100), "application/octet-stream")])
    append(imap_server, big.as_bytes())
    queued = []
    assert poll_once(Session, s, queued.append) == 3
    assert unseen(imap_server) == []
    assert poll_once(Session, s, queued.append) == 0  # nothing unseen is left; nothing stored again
    outs = [process(app, rid) for rid in queued]
    assert sorted(o["status"] for o in outs) == ["answered", "ignored", "refused"]
    with Session() as ss:
        assert ss.get(Game, gid).seq == 1
        big_row = ss.execute(InboundMail.__table__.select().where(InboundMail.size > s.max_bytes)).one()
        assert len(big_row.raw) < 64 * 1024  # only its headers were fetched and kept
    subjects = sorted(str(m["Subject"]) for m in relay.wait_for(2))
    assert subjects == [f"[Umpire {gid}] accepted", f"[Umpire {gid}] refused: too-large"]


def test_poller_wrong_password_is_an_imap_error(mail_app, imap_server):
    from dataclasses import replace
    s = replace(settings(mail_app), **{**imap_server, "imap_password": "wrong"})
    with pytest.raises(imaplib.IMAP4.error):
        poll_once(mail_app.extensions["umpire"]["sessions"], s, lambda rid: None)
    assert free_port()
