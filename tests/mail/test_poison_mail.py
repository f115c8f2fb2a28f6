"""Poison mail (issue 21, finding 10): a stored message that cannot be handled is tried a bounded number of
times, then marked failed and reported to the umpire; it never holds up real mail.

Found: a Message-ID that decodes to CR LF made the refusal's answer raise (a header may not hold a line
break), so the row stayed ``received``; the sweep queued it again every minute for ever, and, taking the
first 200 such rows in no order, could leave real mail behind them for good.
"""

from __future__ import annotations

from datetime import timedelta

from click.testing import CliRunner

from engine.core.errors import EngineError
from mail import inbound, outbound
from mail import sweep as mail_sweep
from mail.config import settings
from service.mail_models import InboundMail
from service.mail_settings import update
from service.models import now

from .conftest import DOMAIN, deliver, letter, new_game


def _row(Session, rid) -> InboundMail:
    with Session() as s:
        return s.get(InboundMail, rid)


def test_poison_mail_is_tried_a_bounded_number_of_times_reported_and_never_starves_real_mail(
        mail_app, relay, monkeypatch):
    Session, s = mail_app.extensions["umpire"]["sessions"], settings(mail_app)
    gid, tok = new_game(mail_app)
    update(Session, gid, umpire_email="ump@example.org")

    # A Message-ID that decodes to CR LF: the refusal is answered, without the header, not raised.
    raw = (f"From: ann@example.org\r\nTo: game-{gid.lower()}@{DOMAIN}\r\nSubject: move\r\n"
           f"Message-ID: =?utf-8?q?=3Ccrlf=0D=0ABcc=3A_victim=40victim.example=3E?=\r\n\r\n"
           f"Token: wrong-token-xxxxxxxxxxxxxxxxxxxx\r\nbox opsa\r\n").encode()
    out = deliver(mail_app, raw)
    assert out["status"] == "refused" and out["reason"].startswith("bad-token:"), out
    (answer,) = relay.wait_for(1)
    assert relay.envelopes[0][1] == ["ann@example.org"] and answer["Bcc"] is None and answer["In-Reply-To"] is None

    # Two messages that break the handler every time (a rules bug), then a real one whose task was lost.
    real_reader = inbound.read_letter

    def reader(msg, to):
        if str(msg["Subject"]) == "poison":
            raise EngineError("a rules bug")
        return real_reader(msg, to)
    monkeypatch.setattr(inbound, "read_letter", reader)
    monkeypatch.setattr(mail_sweep, "BATCH", 2)  # the sweep's cap, made small
    poison = [inbound.receive(Session, s, letter(gid, f"Token: {tok['irgun']}\nbox opsa\n", subject="poison")
                              .as_bytes(), "webhook")[0] for _ in range(2)]
    for rid in poison:  # the first try, by the task queued when it arrived
        try:
            inbound.handle(Session, s, rid)
        except EngineError:
            pass
    good = inbound.receive(Session, s, letter(gid, f"Token: {tok['irgun']}\nbox opsa\n").as_bytes(), "webhook")[0]

    at, picked = now(), []
    for _round in range(3 * inbound.MAX_TRIES):
        at += timedelta(minutes=2)
        todo = mail_sweep.sweep(Session, s, at)
        if not todo.inbound:
            break
        picked.append(todo.inbound)
        for rid in todo.inbound:
            try:
                res = inbound.handle(Session, s, rid)
            except EngineError:
                continue
            for oid in res.outbox_ids:  # the reports to the umpire
                outbound.send(Session, s, oid)
    assert good in picked[0] + picked[1], picked  # real mail is taken within two sweeps
    assert _row(Session, good).status == "submitted"
    tries = [sum(rid in p for p in picked) + 1 for rid in poison]
    assert tries == [inbound.MAX_TRIES + 1] * 2, (tries, picked)  # tried MAX_TRIES times, then given up
    for rid in poison:
        row = _row(Session, rid)
        assert row.status == "failed" and "a rules bug" in row.reason and tok["irgun"].encode() not in row.raw
    assert mail_sweep.sweep(Session, s, at + timedelta(hours=1)).inbound == []  # never queued again

    to_umpire = relay.wait_for(3)[1:]
    assert sorted(str(m["To"]) for m in to_umpire) == ["ump@example.org"] * 2
    assert all(f"game {gid}" in m.get_body(preferencelist=("plain",)).get_content() for m in to_umpire)

    # and the command line shows them
    from umpire_cli.main import cli
    db = mail_app.config["DATABASE_URL"]
    monkeypatch.setenv("DATABASE_URL", db)
    monkeypatch.setenv("UMPIRE_SECRET_KEY", "x" * 32)
    res = CliRunner().invoke(cli, ["mail", "inbox", "--failed"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert all(f"#{rid}" in res.output for rid in poison) and "a rules bug" in res.output
