"""Deadlines with a controllable clock, and the outbox's sending: retries on a relay that is down,
failure on a permanent refusal, nothing sent twice (issue 6)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from mail import deadlines, outbound
from mail.config import settings
from service.mail_models import Deadline, MailSeat, OutboundMail
from service.mail_settings import update
from service.models import now

from .conftest import confirm_addresses, free_port, letter, mail_config, new_game


def check_at(app, at):
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    with Session() as session, session.begin():
        ids = deadlines.check(session, s, at)
    for oid in ids:
        outbound.send(Session, s, oid)
    return ids


def test_deadline_reminder_then_expiry_told_to_umpire_and_opponent(mail_app, relay):
    Session = mail_app.extensions["umpire"]["sessions"]
    gid, _ = new_game(mail_app, emails={"irgun": "ann@example.org", "british": "bob@example.org"})
    with Session() as s, s.begin():
        s.add(MailSeat(game_id=gid, role="irgun", address="", tz="America/New_York"))
    update(Session, gid, hours=48, umpire_email="ump@example.org")
    confirm_addresses(mail_app, gid)  # the owners answered their confirmation mails (mail.confirm)
    start = now()
    assert check_at(mail_app, start + timedelta(hours=1)) == []  # long before: nothing
    with Session() as s:
        due = s.execute(select(Deadline).where(Deadline.game_id == gid)).scalar_one().due_at
    assert timedelta(hours=47) < due - start <= timedelta(hours=48)
    # 12 hours before (UMPIRE_MAIL_REMIND_HOURS): the seat to act is reminded, once.
    assert len(check_at(mail_app, due - timedelta(hours=11))) == 1
    assert check_at(mail_app, due - timedelta(hours=10)) == []
    (remind,) = relay.wait_for(1)
    assert str(remind["To"]) == "ann@example.org" and "reminder" in str(remind["Subject"])
    body = remind.get_body(preferencelist=("plain",)).get_content()
    assert due.strftime("%Y-%m-%d %H:%M UTC") in body and "America/New_York" in body
    # Past the deadline: the umpire and the opponent are told, once; no move is made.
    assert len(check_at(mail_app, due + timedelta(minutes=1))) == 2
    assert check_at(mail_app, due + timedelta(hours=5)) == []
    msgs = relay.wait_for(3)
    assert sorted(str(m["To"]) for m in msgs[1:]) == ["bob@example.org", "ump@example.org"]
    assert all("deadline passed: Irgun" in str(m["Subject"]) for m in msgs[1:])
    from service.models import Game
    with Session() as s:
        assert s.get(Game, gid).seq == 0


def test_no_deadline_no_reminders(mail_app, relay):
    gid, _ = new_game(mail_app, emails={"irgun": "ann@example.org"})
    assert check_at(mail_app, now() + timedelta(days=30)) == []


def test_sending_retries_while_the_relay_is_down_then_fails(tmp_path):
    from mail.compose import build
    from umpire_app.web import create_app
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": "",
                      "MAIL": mail_config(free_port())})  # nothing listens there
    try:
        Session, s = app.extensions["umpire"]["sessions"], settings(app)
        with Session() as session, session.begin():
            oid = outbound.outbox(session, "test:1", "reply", None, build(s, None, "a@example.org", "x", [("p", "x")]))
            assert outbound.outbox(session, "test:1", "reply", None,
                                   build(s, None, "a@example.org", "x", [("p", "x")])) is None
        with pytest.raises(outbound.TemporaryFailure):
            outbound.send(Session, s, oid)
        assert outbound.send(Session, s, oid, final=True) == "failed"
        with Session() as session:
            row = session.get(OutboundMail, oid)
            assert row.attempts == 2 and row.status == "failed" and row.error
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_a_sent_row_is_never_sent_again(mail_app, relay):
    gid, tokens = new_game(mail_app)
    from .conftest import deliver
    out = deliver(mail_app, letter(gid, "Token: bad-token-xxxxxxxxxxxxxxxxxx\nbox opsa\n"))
    Session, s = mail_app.extensions["umpire"]["sessions"], settings(mail_app)
    assert outbound.send(Session, s, out["sent"][0]) == "sent"
    assert len(relay.wait_for(1)) == 1


def test_a_permanent_refusal_fails_the_row_without_retrying(tmp_path):
    from aiosmtpd.controller import Controller

    from mail.compose import build
    from umpire_app.web import create_app

    class Refusing:
        async def handle_DATA(self, server, session, envelope):
            return "550 5.7.1 refused by policy"

    port = free_port()
    ctl = Controller(Refusing(), hostname="127.0.0.1", port=port)
    ctl.start()
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": "",
                      "MAIL": mail_config(port)})
    try:
        Session, s = app.extensions["umpire"]["sessions"], settings(app)
        with Session() as session, session.begin():
            oid = outbound.outbox(session, "test:2", "reply", None, build(s, None, "a@example.org", "x", [("p", "x")]))
        assert outbound.send(Session, s, oid) == "failed"
        with Session() as session:
            row = session.get(OutboundMail, oid)
            assert row.attempts == 1 and "550" in row.error
    finally:
        ctl.stop()
        app.extensions["umpire"]["engine"].dispose()


def test_the_umpire_extends_a_passed_deadline_a_new_reminder_and_notice_follow(mail_app, relay):
    """Issue 8 (game control): extend a deadline. The seat gets a new reminder before the new time and the
    umpire a new notice if that passes too; the act is in the log; a seat's token cannot do it."""
    Session = mail_app.extensions["umpire"]["sessions"]
    client = mail_app.test_client()
    gid, tokens = new_game(mail_app, emails={"irgun": "ann@example.org", "british": "bob@example.org"})
    update(Session, gid, hours=24, umpire_email="ump@example.org")
    confirm_addresses(mail_app, gid)  # the owners answered their confirmation mails (mail.confirm)
    start = now()
    check_at(mail_app, start)  # the deadline is made when first asked
    with Session() as s:
        due = s.execute(select(Deadline).where(Deadline.game_id == gid)).scalar_one().due_at
    assert len(check_at(mail_app, due + timedelta(minutes=1))) == 2  # passed: umpire and opponent told

    r = client.post(f"/api/games/{gid}/extend-deadline", json={"hours": 12, "reason": "illness"},
                    headers={"Authorization": f"Bearer {tokens['irgun']}"})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/extend-deadline", json={"hours": 0},
                    headers={"Authorization": f"Bearer {tokens['umpire']}"})
    assert r.status_code == 422 and "hours" in r.get_json()["message"]
    r = client.post(f"/api/games/{gid}/extend-deadline", json={"hours": 12, "reason": "illness"},
                    headers={"Authorization": f"Bearer {tokens['umpire']}"})
    assert r.status_code == 200, r.get_json()
    new_due = due + timedelta(hours=12)
    assert r.get_json()["due"] == {"irgun": new_due.isoformat() + "Z"}
    log = client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    assert "umpire: extended the deadline by 12.0 hour(s): irgun by" in log and "(reason: illness)" in log

    assert len(check_at(mail_app, new_due - timedelta(hours=6))) == 1  # a new reminder, before the new time
    assert len(check_at(mail_app, new_due + timedelta(minutes=1))) == 2  # and a new notice when it passes
    subjects = [str(m["Subject"]) for m in relay.wait_for(5)]
    assert sum("reminder" in x for x in subjects) == 1 and sum("deadline passed" in x for x in subjects) == 4


def test_extending_a_game_without_a_deadline_is_refused_saying_how_to_set_one(mail_app):
    client = mail_app.test_client()
    gid, tokens = new_game(mail_app)
    r = client.post(f"/api/games/{gid}/extend-deadline", json={"hours": 5},
                    headers={"Authorization": f"Bearer {tokens['umpire']}"})
    assert r.status_code == 409 and r.get_json()["code"] == "no-deadline"
    assert "umpire mail settings" in r.get_json()["message"]
    r = client.get(f"/api/games/{gid}/log?format=text")
    assert "extended the deadline" not in r.get_data(as_text=True)


def test_umpire_extend_deadline_from_the_cli(mail_app, monkeypatch):
    from click.testing import CliRunner

    from umpire_cli import service_ops
    from umpire_cli.main import cli

    Session = mail_app.extensions["umpire"]["sessions"]
    gid, tokens = new_game(mail_app)
    update(Session, gid, hours=48)
    monkeypatch.setattr(service_ops, "_app", lambda: mail_app)
    res = CliRunner().invoke(cli, ["extend-deadline", "--game", gid, "--hours", "6", "--token", tokens["umpire"]])
    assert res.exit_code == 0, res.output
    assert f"{gid}: irgun must now decide position 0 by" in res.output
    res = CliRunner().invoke(cli, ["extend-deadline", "--game", gid, "--hours", "6", "--token", tokens["irgun"]])
    assert res.exit_code != 0 and "umpire" in res.output


def test_a_turn_notice_covered_by_two_workers_at_once_is_recorded_once(mail_app):
    """Two workers answering the same position both find no ``covered`` row and both insert one: the
    second insert hits the unique key, and is dropped in its savepoint, not raised (mail.notices.covered)."""
    from sqlalchemy import func, select

    from mail import notices
    from service.mail_models import OutboundMail

    gid, _ = new_game(mail_app)
    key = f"turn:{gid}:0:irgun"
    Session = mail_app.extensions["umpire"]["sessions"]
    with Session() as first, Session() as second:
        real = second.execute
        calls = {"n": 0}

        def blind_first_look(stmt, *a, **kw):
            # The second worker looked before the first committed: its check finds nothing.
            calls["n"] += 1
            if calls["n"] == 1:
                return real(select(OutboundMail.id).where(OutboundMail.key == "no such key"))
            return real(stmt, *a, **kw)

        with first.begin():
            notices.covered(first, key, gid)
        second.execute = blind_first_look
        with second.begin():
            notices.covered(second, key, gid)  # would raise IntegrityError before
            second.execute = real
            assert second.execute(select(func.count()).where(OutboundMail.key == key)).scalar() == 1
