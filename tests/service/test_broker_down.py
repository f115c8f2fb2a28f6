"""A broker that is down when a move is queued (``service.queue.enqueue``, the one place every way in
queues a stored submission): the move stays stored and queued in the database, the request is answered as
when the broker takes it, a warning is logged, and the sweeper queues the move again, applied once."""

from __future__ import annotations

import logging

import pytest
from kombu.exceptions import OperationalError
from sqlalchemy import select

from mail import inbound
from mail.config import settings
from service import adjudication
from service import games as G
from service.mail_models import InboundMail
from service.models import Game, Submission
from service.queue import enqueue

from .test_game_page import html, sit, verdict_of

ORDERS = "box opsa\nop sabotage\nspace galilee\n"


@pytest.fixture
def broker_down(app, monkeypatch):
    """``enqueue`` raises as Celery's publish does once its retries are spent on a broker it cannot reach;
    the ids it was asked to queue are recorded."""
    tried: list[str] = []

    def down(sid):
        tried.append(sid)
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setitem(app.extensions["umpire"], "enqueue", down)
    return tried


@pytest.fixture
def game(sessions):
    with sessions() as s, s.begin():
        g, tokens = G.create_game(s, "palestine", "standard", {}, None, "broker down")
        return g.id, tokens


def _submissions(sessions, gid):
    with sessions() as s:
        return s.execute(select(Submission.id, Submission.status).where(Submission.game_id == gid)).all()


def _swept_and_applied_once(app, sessions, gid, sid):
    """What the sweeper does once the broker is back: the move is queued again and applied, once."""
    assert adjudication.stuck(sessions, 0, 5) == [sid]
    assert adjudication.adjudicate(sessions, sid) == "accepted"
    assert adjudication.adjudicate(sessions, sid) == "accepted"  # queued twice: applied once
    with sessions() as s:
        assert s.get(Game, gid).seq == 3


def test_enqueue_says_whether_the_id_was_handed_over_and_logs_a_warning(app, broker_down, caplog):
    with app.app_context(), caplog.at_level(logging.WARNING, logger="umpire.queue"):
        assert enqueue("some-id") is False
    assert broker_down == ["some-id"]
    [rec] = [r for r in caplog.records if r.name == "umpire.queue"]
    assert rec.levelno == logging.WARNING and "some-id" in rec.getMessage() and "sweeper" in rec.getMessage()
    app.extensions["umpire"]["enqueue"] = lambda sid: None
    with app.app_context():
        assert enqueue("other-id") is True


def test_the_api_answers_202_and_the_move_stays_queued(app, client, sessions, game, broker_down):
    gid, tokens = game
    r = client.post(f"/api/games/{gid}/moves", data=ORDERS, content_type="text/plain",
                    headers={"Authorization": f"Bearer {tokens['irgun']}"})
    assert r.status_code == 202 and r.json["status"] == "queued"
    assert broker_down == [r.json["id"]]
    assert _submissions(sessions, gid) == [(r.json["id"], "queued")]
    again = client.post(f"/api/games/{gid}/moves", data=ORDERS, content_type="text/plain",
                        headers={"Authorization": f"Bearer {tokens['irgun']}"})
    assert again.status_code == 200 and again.json["id"] == r.json["id"]  # the same move: stored once
    _swept_and_applied_once(app, sessions, gid, r.json["id"])


def test_the_api_with_wait_answers_queued_when_the_broker_is_down(client, sessions, game, broker_down):
    gid, tokens = game
    r = client.post(f"/api/games/{gid}/moves?wait=0.2", data=ORDERS, content_type="text/plain",
                    headers={"Authorization": f"Bearer {tokens['irgun']}"})
    assert r.status_code == 202 and r.json["status"] == "queued"
    assert _submissions(sessions, gid) == [(r.json["id"], "queued")]


def test_the_game_page_shows_the_move_queued(app, client, sessions, game, broker_down, monkeypatch):
    from service.pages import routes
    monkeypatch.setattr(routes, "WAIT_SECONDS", 0.2)
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    r = client.post(f"/games/{gid}/submit", data={"form_key": key, "orders": ORDERS})
    assert r.status_code == 303
    [(sid, status)] = _submissions(sessions, gid)
    assert status == "queued" and broker_down == [sid] and r.headers["Location"].endswith(sid)
    assert verdict_of(html(client.get(r.headers["Location"]))) == "queued"
    _swept_and_applied_once(app, sessions, gid, sid)


def test_a_mailed_move_is_submitted_and_stays_queued(app, sessions, game, broker_down):
    import tasks.mail
    gid, tokens = game
    raw = (f"From: ann@example.org\r\nTo: game-{gid.lower()}@example.org\r\nSubject: my move\r\n"
           f"Message-ID: <broker-down@example.org>\r\n\r\nToken: {tokens['irgun']}\r\n{ORDERS}").encode()
    rid, _new = inbound.receive(sessions, settings(app), raw, "webhook", None, [])
    with app.app_context():
        assert tasks.mail.handle.run(rid) == "submitted"  # the task ends as usual: no error, no retry
    [(sid, status)] = _submissions(sessions, gid)
    assert status == "queued" and broker_down == [sid]
    with sessions() as s:
        row = s.get(InboundMail, rid)
        assert (row.status, row.submission_id) == ("submitted", sid)
    _swept_and_applied_once(app, sessions, gid, sid)


def test_every_way_in_queues_through_the_one_enqueue():
    """No way in calls the app's ``enqueue`` itself: each goes through ``service.queue.enqueue``."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    for where in ("service/api", "service/pages", "mail", "tasks", "umpire_cli"):
        for path in (root / where).rglob("*.py"):
            assert '["enqueue"]' not in path.read_text(), path
