"""IMAP polling (``umpire mail poll``), for a service that has only an ordinary mailbox.

Each unseen message in the folder is fetched without marking it (``BODY.PEEK[]``), stored
(``inbound.receive``: a message already stored is recognised by its Message-ID), and only then flagged
``\\Seen``; so a crash between the two fetches it again, and it is still handled once. A message over
the size limit is fetched as its headers only (``BODY.PEEK[HEADER]``), to answer it. Give the poller a
mailbox of its own: it reads every unseen message in the folder.
"""

from __future__ import annotations

import imaplib
import re
import ssl
from collections.abc import Callable

from .config import MailSettings
from .inbound import receive

SIZE = re.compile(rb"RFC822\.SIZE (\d+)")


def connect(s: MailSettings) -> imaplib.IMAP4:
    if s.imap_security == "ssl":
        conn = imaplib.IMAP4_SSL(s.imap_host, s.imap_port, ssl_context=ssl.create_default_context(), timeout=30)
    else:
        conn = imaplib.IMAP4(s.imap_host, s.imap_port, timeout=30)
        if s.imap_security == "starttls":
            conn.starttls(ssl_context=ssl.create_default_context())
    try:
        conn.login(s.imap_user, s.imap_password)
    except BaseException:
        conn.shutdown()
        raise
    return conn


def _check(typ: str, data, what: str):
    if typ != "OK":
        raise imaplib.IMAP4.error(f"IMAP {what} failed: {data!r}")
    return data


def fetch_new(conn: imaplib.IMAP4, s: MailSettings) -> list[tuple[bytes, bytes, int]]:
    """The unseen messages of the folder: ``(uid, raw bytes or headers, size)``."""
    _check(*conn.select(s.imap_folder), f"SELECT {s.imap_folder}")
    uids = _check(*conn.uid("SEARCH", None, "UNSEEN"), "SEARCH")[0].split()
    out = []
    for uid in uids:
        data = _check(*conn.uid("FETCH", uid, "(RFC822.SIZE)"), "FETCH SIZE")
        m = SIZE.search(data[0] if isinstance(data[0], bytes) else data[0][0])
        size = int(m.group(1)) if m else 0
        part = "BODY.PEEK[]" if size <= s.max_bytes else "BODY.PEEK[HEADER]"
        data = _check(*conn.uid("FETCH", uid, f"({part})"), "FETCH")
        raw = next(item[1] for item in data if isinstance(item, tuple))
        out.append((uid, raw, size))
    return out


def poll_once(Session, s: MailSettings, enqueue: Callable[[int], object],
              conn_factory: Callable[[MailSettings], imaplib.IMAP4] = connect) -> int:
    """Stores every unseen message, queues the new ones, flags them seen; returns how many were new."""
    conn = conn_factory(s)
    new_count = 0
    try:
        for uid, raw, size in fetch_new(conn, s):
            rid, new = receive(Session, s, raw, "imap", None, [], size=size)
            if new:
                new_count += 1
                enqueue(rid)
            _check(*conn.uid("STORE", uid, "+FLAGS", "(\\Seen)"), "STORE")
    finally:
        try:
            conn.logout()
        except (imaplib.IMAP4.error, OSError):
            pass
    return new_count
