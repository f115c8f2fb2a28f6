"""The inbound pipeline, message by message (issue 6): every refusal answered once with nothing changed,
automatic mail never answered, a Message-ID applied once, commands, signatures, quoted text.

Mail goes through ``inbound.receive``/``handle`` and the outbox to a real SMTP relay on localhost; the
moves through ``service.adjudication`` as the worker runs them (``deliver`` in conftest).
"""

from __future__ import annotations

import json
import threading

from sqlalchemy import func, select

from mail import auth, inbound
from mail.config import settings
from service import games as G
from service.mail_models import InboundMail, OutboundMail
from service.models import Game, Submission

from .conftest import DOMAIN, deliver, letter, new_game

IRGUN_TURN = "box opsa\nop sabotage\nspace galilee\nroll\ndone\ndone\n"


def seq_of(app, gid):
    with app.extensions["umpire"]["sessions"]() as s:
        return s.get(Game, gid).seq


def count(app, model, *where):
    with app.extensions["umpire"]["sessions"]() as s:
        return s.execute(select(func.count()).select_from(model).where(*where)).scalar()


def text_part(msg) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content()


def html_part(msg) -> str:
    return msg.get_body(preferencelist=("html",)).get_content()


def assert_refused_once(app, relay, out, code, gid=None, seq=None):
    """Refused with *code*, one answer to the sender saying so, nothing submitted or changed."""
    assert out["status"] == "refused" and out["reason"].startswith(code + ":"), out
    msgs = relay.wait_for(1)
    assert len(msgs) == 1 and len(out["sent"]) == 1
    assert f"refused: {code}" in str(msgs[0]["Subject"])
    assert "nothing was changed" in text_part(msgs[0])
    assert count(app, Submission) == 0
    if gid:
        assert seq_of(app, gid) == seq


# --- moves -------------------------------------------------------------------------------------------

def test_body_orders_with_quote_and_signature_are_accepted_and_answered_with_pdf(mail_app, relay):
    gid, tokens = new_game(mail_app)
    body = (f"Token: {tokens['irgun']}\n{IRGUN_TURN}\n-- \nAnn, Tel Aviv\nbox event\n\n"
            f"On Mon, 1 Jan 2024, Umpire wrote:\n> box event\n> pass\n")
    out = deliver(mail_app, letter(gid, body))
    assert out["status"] == "answered", out
    (reply,) = relay.wait_for(1)
    assert "accepted" in str(reply["Subject"]) and "partly" not in str(reply["Subject"])
    assert str(reply["To"]) == "ann@example.org" and reply["Auto-Submitted"] == "auto-replied"
    assert reply["In-Reply-To"] and reply["In-Reply-To"] in str(reply["References"])
    text = text_part(reply)
    assert "ACCEPTED: 6 order(s) applied" in text and "Sabotage" in text
    assert "British" in text  # who acts next
    pdfs = [p for p in reply.iter_attachments() if p.get_content_type() == "application/pdf"]
    assert len(pdfs) == 1 and pdfs[0].get_content().startswith(b"%PDF")
    assert seq_of(mail_app, gid) == 6


def test_json_attachment_move_and_stale_position_refused_by_the_verdict(mail_app, relay):
    gid, tokens = new_game(mail_app)
    move = {"format": "umpire-move/1", "game": gid, "role": "irgun", "after": 0, "actions": ["box opsa"]}
    att = [("move.json", json.dumps(move), "application/json")]
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\n", attachments=att))
    assert out["status"] == "answered" and seq_of(mail_app, gid) == 1
    # The same file again in a new mail: written after position 0, the game is at 1: stale, nothing changed.
    stale = {**move, "actions": ["op sabotage"]}
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\n",
                                   attachments=[("move.json", json.dumps(stale), "application/json")]))
    msgs = relay.wait_for(2)
    assert "rejected" in str(msgs[1]["Subject"]) and "(stale)" in text_part(msgs[1])
    assert seq_of(mail_app, gid) == 1


def test_partial_and_rejected_verdicts_name_the_line_rule_and_choices_html_escaped(mail_app, relay):
    gid, tokens = new_game(mail_app)
    deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\nbox opsa\nop sabotage\nspace galilee\nroll\n"
                                  f"space <script>alert(1)</script>\n"))
    (reply,) = relay.wait_for(1)
    assert "partly accepted" in str(reply["Subject"])
    text, html = text_part(reply), html_part(reply)
    assert "PARTLY ACCEPTED: the first 4 order(s) stand" in text
    assert "Line 5" in text and "[rule" in text and "Allowed there:" in text and "done" in text
    assert "<script>" not in html and "&lt;script&gt;" in html
    seq = seq_of(mail_app, gid)
    deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\nop nonsense\n"))
    msgs = relay.wait_for(2)
    assert "rejected" in str(msgs[1]["Subject"]) and "REJECTED: nothing was changed." in text_part(msgs[1])
    assert "Line 1" in text_part(msgs[1]) and seq_of(mail_app, gid) == seq


def test_24_6_a_rejected_move_names_the_lines_that_were_fine(mail_app, relay):
    """Issue 24, item 6: a move refused on line 4 before any die says lines 1 to 3 were legal."""
    gid, tokens = new_game(mail_app)
    deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\nbox opsa\nop sabotage\nspace galilee\nspace galilee\n"))
    (reply,) = relay.wait_for(1)
    text = text_part(reply)
    assert "REJECTED: nothing was changed." in text and "Line 4" in text
    assert "Line(s) 1 to 3 were legal and would stand:" in text
    assert "1. box opsa" in text and "3. space galilee" in text and seq_of(mail_app, gid) == 0


def test_signed_json_move_needs_no_token_line_and_a_forged_signature_is_refused(mail_app, relay):
    gid, tokens = new_game(mail_app)
    move = {"format": "umpire-move/1", "game": gid, "role": "irgun", "after": 0, "actions": ["box opsa"]}
    forged = {**move, "auth": auth.sign(move, "not-the-token")}
    out = deliver(mail_app, letter(gid, "my move", attachments=[("m.json", json.dumps(forged), "application/json")]))
    assert_refused_once(mail_app, relay, out, "bad-signature", gid, 0)
    signed = {**move, "auth": auth.sign(move, tokens["irgun"])}
    out = deliver(mail_app, letter(gid, "my move", attachments=[("m.json", json.dumps(signed), "application/json")]))
    assert out["status"] == "answered" and seq_of(mail_app, gid) == 1
    assert "accepted" in str(relay.wait_for(2)[1]["Subject"])


# --- refusals ------------------------------------------------------------------------------------------

def test_unknown_game_refused_once(mail_app, relay):
    new_game(mail_app)
    out = deliver(mail_app, letter(None, "Token: abc\nbox opsa\n", to=f"game-g-000000@{DOMAIN}"))
    assert_refused_once(mail_app, relay, out, "unknown-game")
    assert f"game-<id>@{DOMAIN}" in text_part(relay.messages[0])


def test_wrong_token_refused_once_nothing_changed(mail_app, relay):
    gid, tokens = new_game(mail_app)
    out = deliver(mail_app, letter(gid, "Token: forged-token-xxxxxxxxxxxxxxxxx\nbox opsa\n"))
    assert_refused_once(mail_app, relay, out, "bad-token", gid, 0)


def test_umpire_token_cannot_move(mail_app, relay):
    gid, tokens = new_game(mail_app)
    out = deliver(mail_app, letter(gid, f"Token: {tokens['umpire']}\nbox opsa\n"))
    assert_refused_once(mail_app, relay, out, "bad-token", gid, 0)


def test_from_a_seats_address_without_token_is_refused(mail_app, relay):
    gid, tokens = new_game(mail_app, emails={"irgun": "ann@example.org"})
    out = deliver(mail_app, letter(gid, "box opsa\n", sender="ann@example.org"))
    assert_refused_once(mail_app, relay, out, "no-token", gid, 0)
    assert "address alone is not enough" in text_part(relay.messages[0])


def test_oversized_message_refused_once_and_not_stored_whole(mail_app, relay):
    gid, tokens = new_game(mail_app)
    big = letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n",
                 attachments=[("big.bin", b"x" * (settings(mail_app).max_bytes + 10), "application/octet-stream")])
    out = deliver(mail_app, big)
    assert_refused_once(mail_app, relay, out, "too-large", gid, 0)
    with mail_app.extensions["umpire"]["sessions"]() as s:
        row = s.get(InboundMail, out["id"])
        assert row.size > settings(mail_app).max_bytes and len(row.raw) < 64 * 1024


def test_attachment_too_large_refused(mail_app, relay):
    gid, tokens = new_game(mail_app)
    att = [("orders.txt", "box opsa\n" + "#" * (settings(mail_app).max_attachment_bytes + 1), "text/plain")]
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\n", attachments=att))
    assert_refused_once(mail_app, relay, out, "too-large", gid, 0)


def test_too_deep_refused(mail_app, relay):
    from email.message import EmailMessage
    gid, tokens = new_game(mail_app)
    inner = EmailMessage()
    inner.set_content(f"Token: {tokens['irgun']}\nbox opsa\n")
    for _ in range(settings(mail_app).max_depth + 1):
        outer = EmailMessage()
        outer.make_mixed()
        outer.attach(inner)
        inner = outer
    msg = letter(gid, "x")
    msg.clear_content()
    msg.make_mixed()
    msg.attach(inner)
    out = deliver(mail_app, msg)
    assert_refused_once(mail_app, relay, out, "too-deep", gid, 0)


def test_too_many_attachments_refused(mail_app, relay):
    gid, tokens = new_game(mail_app)
    atts = [(f"f{i}.png", b"\x89PNG", "image/png") for i in range(settings(mail_app).max_attachments + 1)]
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n", attachments=atts))
    assert_refused_once(mail_app, relay, out, "too-many-attachments", gid, 0)


def test_malformed_mime_refused(mail_app, relay):
    gid, tokens = new_game(mail_app)
    raw = (f"From: ann@example.org\r\nTo: game-{gid.lower()}@{DOMAIN}\r\nSubject: move\r\n"
           f"Message-ID: <broken@example.org>\r\nMIME-Version: 1.0\r\n"
           f"Content-Type: multipart/mixed; boundary=\"NOPE\"\r\n\r\n"
           f"Token: {tokens['irgun']}\r\nbox opsa\r\n").encode()
    out = deliver(mail_app, raw)
    assert_refused_once(mail_app, relay, out, "malformed", gid, 0)


def test_malformed_move_file_refused_before_anything_is_stored(mail_app, relay):
    gid, tokens = new_game(mail_app)
    att = [("move.json", '{"format": "umpire-move/1", "role": "irgun", "actions": []}', "application/json")]
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\n", attachments=att))
    assert_refused_once(mail_app, relay, out, "malformed", gid, 0)


def test_automatic_mail_is_never_answered(mail_app, relay):
    """RFC 3834 auto-replies, list mail, bounces (RFC 3464 reports, MAILER-DAEMON, empty return path)."""
    gid, tokens = new_game(mail_app)
    body = f"Token: {tokens['irgun']}\nbox opsa\n"
    cases = [letter(gid, body, headers={"Auto-Submitted": "auto-replied"}),
             letter(gid, body, headers={"Precedence": "bulk"}),
             letter(gid, body, headers={"List-Id": "<players.example.org>"}),
             letter(gid, body, sender="MAILER-DAEMON@example.org"),
             letter(gid, body, headers={"Return-Path": "<>"})]
    report = letter(gid, "Delivery failed")
    report.replace_header("Content-Type", 'multipart/report; report-type=delivery-status; boundary="b"')
    cases.append(report)
    outs = [deliver(mail_app, m) for m in cases]
    outs.append(deliver(mail_app, letter(gid, body), source="smtp", envelope_from=""))
    assert [o["status"] for o in outs] == ["ignored"] * 7, outs
    assert all(not o["sent"] for o in outs)
    assert count(mail_app, OutboundMail) == 0 and count(mail_app, Submission) == 0 and seq_of(mail_app, gid) == 0


def test_duplicate_message_id_applied_once_answered_once(mail_app, relay):
    gid, tokens = new_game(mail_app)
    msg = letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n")
    first = deliver(mail_app, msg)
    second = deliver(mail_app, msg)
    assert first["new"] and not second["new"] and first["id"] == second["id"] and not second["sent"]
    assert seq_of(mail_app, gid) == 1 and count(mail_app, Submission) == 1
    assert len(relay.wait_for(1)) == 1 and count(mail_app, OutboundMail, OutboundMail.status == "sent") == 1


def test_same_message_at_the_same_moment_is_stored_once(mail_app):
    gid, tokens = new_game(mail_app)
    raw = letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n").as_bytes()
    Session, s = mail_app.extensions["umpire"]["sessions"], settings(mail_app)
    results, barrier = [], threading.Barrier(4)

    def go():
        barrier.wait()
        results.append(inbound.receive(Session, s, raw, "smtp", "ann@example.org", []))

    threads = [threading.Thread(target=go) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len({rid for rid, _ in results}) == 1 and sum(new for _, new in results) == 1
    assert count(mail_app, InboundMail) == 1


# --- commands ------------------------------------------------------------------------------------------

def test_help_status_log_and_check(mail_app, relay):
    gid, tokens = new_game(mail_app)
    tok = f"Token: {tokens['irgun']}\n"
    deliver(mail_app, letter(gid, "HELP\n"))
    deliver(mail_app, letter(gid, tok + "STATUS\n"))
    deliver(mail_app, letter(gid, tok + "CHECK\nbox opsa\nop sabotage\nspace galilee\nroll\n"))
    deliver(mail_app, letter(gid, tok + IRGUN_TURN))
    deliver(mail_app, letter(gid, tok + "LOG\n"))
    deliver(mail_app, letter(gid, tok + "TZ Europe/London\n"))
    help_, status, check, _move, log, tz = relay.wait_for(6)
    assert "check: legal up to the first die" in str(check["Subject"])
    assert "Token: <your token>" in text_part(help_) and "STATUS" in text_part(help_)
    assert "Your move" in text_part(status) and "box" in text_part(status)
    assert any(p.get_content_type() == "application/pdf" for p in status.iter_attachments())
    assert "CHECK ONLY, nothing was committed" in text_part(check)
    assert "Irgun rolled" in text_part(log) and "[1] irgun: box opsa" in text_part(log)
    assert "Europe/London" in text_part(tz)
    assert seq_of(mail_app, gid) == 6  # only the real move changed the game


def test_subject_command_and_unknown_zone(mail_app, relay):
    gid, tokens = new_game(mail_app)
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\nTZ Mars/Olympus\n"))
    assert_refused_once(mail_app, relay, out, "bad-zone", gid, 0)


def test_without_a_relay_nothing_is_sent_but_moves_apply(tmp_path, relay):
    from umpire_app.web import create_app

    from .conftest import mail_config
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": "",
                      "MAIL": mail_config(None)})
    try:
        gid, tokens = new_game(app, emails={"british": "bob@example.org"})
        out = deliver(app, letter(gid, f"Token: {tokens['irgun']}\n{IRGUN_TURN}"))
        assert out["status"] == "submitted" and seq_of(app, gid) == 6
        out = deliver(app, letter(gid, "Token: wrong-token-xxxxxxxxxxxxxxx\nbox opsa\n"))
        assert out["status"] == "refused" and not out["sent"]
        assert count(app, OutboundMail) == 0 and relay.messages == []
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_a_move_mailed_to_a_paused_game_is_refused_once_saying_why(mail_app, relay):
    from service import control
    gid, tokens = new_game(mail_app)
    with mail_app.extensions["umpire"]["sessions"]() as s, s.begin():
        control.pause(s, G.get_game(s, gid, lock=True), "dispute")
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n"))
    assert_refused_once(mail_app, relay, out, "paused", gid, 0)
    assert "paused by the umpire" in text_part(relay.messages[0])
