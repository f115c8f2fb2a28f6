"""The Dai Senso! political events by mail (issue 32, "Done when": through the CLI, the service and mail): the
desk's holder declares an event in the body of a mail; the service adjudicates it with the server's die and
answers with the verdict, the result and the snapshot PDF; the faction the die names is asked next."""

from __future__ import annotations

from engine.games.dai_senso_events.data import SAMPLE
from service import games as G

from .conftest import confirm_addresses, deliver, letter


def text_part(msg) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content()


def test_15_1_declared_by_mail_is_resolved_with_the_servers_die(mail_app, relay):
    emails = {"axis": "ann@example.org", "western": "bob@example.org", "soviet": "cat@example.org"}
    with mail_app.extensions["umpire"]["sessions"]() as s, s.begin():
        game, tokens = G.create_game(s, "dai-senso-events", None, {},
                                     [{"role": r, "email": e} for r, e in emails.items()], "By mail", position=SAMPLE)
        gid = game.id
    confirm_addresses(mail_app, gid)
    out = deliver(mail_app, letter(gid, f"Token: {tokens['axis']}\nevent 15.1\nreceiver axis\nresolve\n-- \nAnn\n"))
    assert out["status"] == "answered", out
    msgs = relay.wait_for(2)
    ann = [m for m in msgs if str(m["To"]) == "ann@example.org"][-1]
    text = text_part(ann)
    assert "accepted" in str(ann["Subject"]) and "ACCEPTED: 3 order(s)" in text
    assert "Political event 15.1 Allies Support Resistance, received by the Axis." in text
    assert "the unmodified die rolled" in text
    pdfs = [p for p in ann.iter_attachments() if p.get_content_type() == "application/pdf"]
    assert len(pdfs) == 1 and pdfs[0].get_content().startswith(b"%PDF")
    with mail_app.extensions["umpire"]["sessions"]() as s:
        state = G.get_game(s, gid).state
    chooser = state["flow"][-1]["role"]
    assert chooser in ("western", "soviet")
    asked = [m for m in relay.wait_for(2) if str(m["To"]) == emails[chooser]]
    assert asked and "your move" in str(asked[-1]["Subject"]) and "decline" in text_part(asked[-1])
