"""A Palestine game played by mail alone (issue 6), through real SMTP servers on localhost: players'
mail goes over SMTP to our listener (``umpire mail listen``'s aiosmtpd server); a real Celery worker
(the embedded default's in-process worker, in-memory broker) handles it, adjudicates and sends the
answers through a second aiosmtpd server standing in for the relay. Also the webhook's secret."""

from __future__ import annotations

import json
import smtplib

from celery.contrib.testing.worker import start_worker

from mail.config import settings
from mail.smtp_listener import controller
from service.config import QUEUES
from service.models import Game

from .conftest import SECRET, confirm_addresses, free_port, letter, new_game


def pdf_of(msg) -> bytes:
    (pdf,) = [p for p in msg.iter_attachments() if p.get_content_type() == "application/pdf"]
    return pdf.get_content()


def text_of(msg) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content()


def test_palestine_by_mail_round_trip(mail_app, relay):
    Session = mail_app.extensions["umpire"]["sessions"]
    celery = mail_app.extensions["celery"]
    port = free_port()
    listener = controller(Session, settings(mail_app), lambda rid: celery.send_task("tasks.mail.handle", args=[rid]),
                          "127.0.0.1", port)
    gid, tokens = new_game(mail_app, emails={"british": "bob@example.org"})
    confirm_addresses(mail_app, gid)  # Bob answered his confirmation mail (mail.confirm)
    game_addr = f"game-{gid.lower()}@umpire.test"

    def post(msg):
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
            smtp.send_message(msg)

    listener.start()
    try:
        with start_worker(celery, pool="solo", perform_ping_check=False, shutdown_timeout=30.0,
                          queues=",".join(QUEUES)):
            # 1. Irgun: text orders in the body, with a signature.
            post(letter(gid, f"Token: {tokens['irgun']}\nbox opsa\nop sabotage\nspace galilee\nroll\ndone\ndone\n"
                             f"-- \nAnn\n"))
            relay.wait_for(2, 90)
            ann = relay.to("ann@example.org")[-1]
            assert "accepted" in str(ann["Subject"]) and "ACCEPTED: 6 order(s)" in text_of(ann)
            assert pdf_of(ann).startswith(b"%PDF")
            bob = relay.to("bob@example.org")[-1]
            assert "your move (position 6)" in str(bob["Subject"]) and pdf_of(bob).startswith(b"%PDF")
            assert "box limited" in text_of(bob) or "box limited | event" in text_of(bob)
            assert str(bob["Reply-To"]) == game_addr

            # 2. British answers the "your move" mail with a JSON move file attached (quoting it).
            move = {"format": "umpire-move/1", "game": gid, "role": "british", "after": 6,
                    "actions": ["box limited", "pass"]}
            reply = letter(None, f"Token: {tokens['british']}\n\nOn Monday, Umpire wrote:\n> box event\n",
                           sender="bob@example.org", to=game_addr, subject="Re: " + str(bob["Subject"]),
                           attachments=[("move.json", json.dumps(move), "application/json")],
                           headers={"In-Reply-To": bob["Message-ID"]})
            post(reply)
            relay.wait_for(3, 90)
            bob2 = relay.to("bob@example.org")[-1]
            assert "accepted" in str(bob2["Subject"]) and bob2["In-Reply-To"] == reply["Message-ID"]
            assert pdf_of(bob2).startswith(b"%PDF")
            with Session() as s:
                seq = s.get(Game, gid).seq
            assert seq == 8

            # 3. Whoever acts next: an illegal order is rejected with the line, rule and choices.
            n = len(relay.messages)
            with Session() as s:
                import engine
                acting = engine.active_roles(s.get(Game, gid).state)
            role = acting[0]
            sender = "ann@example.org" if role == "irgun" else "bob@example.org"
            post(letter(gid, f"Token: {tokens[role]}\nop nonsense\n", sender=sender))
            relay.wait_for(n + 1, 90)
            bad = relay.messages[n]
            assert "rejected" in str(bad["Subject"]) and "Line 1" in text_of(bad)
            assert "Allowed there:" in text_of(bad) or "Your choices" in text_of(bad)
            with Session() as s:
                assert s.get(Game, gid).seq == seq
    finally:
        listener.stop()


def test_webhook_secret(mail_app, client=None):
    c = mail_app.test_client()
    raw = letter("G-000000", "HELP").as_bytes()
    assert c.post("/api/mail/inbound", data=raw, content_type="message/rfc822").status_code == 401
    r = c.post("/api/mail/inbound", data=raw, content_type="message/rfc822",
               headers={"Authorization": "Bearer wrong-secret"})
    assert r.status_code == 401 and r.get_json()["code"] == "unauthorized"
    r = c.post("/api/mail/inbound", data=raw, content_type="message/rfc822",
               headers={"Authorization": f"Bearer {SECRET}"})
    assert r.status_code == 202 and r.get_json()["status"] == "received"
    r = c.post("/api/mail/inbound", data=raw, content_type="message/rfc822",
               headers={"Authorization": f"Bearer {SECRET}"})
    assert r.status_code == 200 and r.get_json()["status"] == "duplicate"


def test_webhook_refused_while_no_secret_is_set(tmp_path):
    from umpire_app.web import create_app
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": "", "MAIL": {}})
    try:
        r = app.test_client().post("/api/mail/inbound", data=b"Subject: x\r\n\r\nhi\r\n",
                                   content_type="message/rfc822", headers={"Authorization": "Bearer anything"})
        assert r.status_code == 403 and "UMPIRE_MAIL_WEBHOOK_SECRET" in r.get_json()["message"]
    finally:
        app.extensions["umpire"]["engine"].dispose()
