"""The tiny game by mail (the whole pipeline of tests/mail: store, handle, adjudicate, answer, send through
a real SMTP relay on localhost): HELP with an order of this game, STATUS with its facts, a mailed move's
verdict, the "your move" mail to the other seat, and the end of the game in a draw."""

from __future__ import annotations

from service import games as G
from tests.mail.conftest import confirm_addresses, deliver, letter


def text_of(msg) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def new_game(app) -> tuple[str, dict]:
    seats = [{"role": "red", "email": "ann@example.org"}, {"role": "blue", "email": "bob@example.org"}]
    with app.extensions["umpire"]["sessions"]() as s, s.begin():
        game, tokens = G.create_game(s, "tinygame", "short", {}, seats, "By mail")
        gid = game.id
    confirm_addresses(app, gid)
    return gid, tokens


def test_a_tiny_game_played_by_mail_to_a_draw(mail_app, relay):
    gid, tokens = new_game(mail_app)
    deliver(mail_app, letter(gid, "HELP\n"))
    help_ = relay.wait_for(1)[-1]
    assert "How to play game" in text_of(help_) and "Token: <your token>\n    add 1" in text_of(help_)

    deliver(mail_app, letter(gid, f"Token: {tokens['red']}\nSTATUS\n"))
    status = relay.wait_for(2)[-1]
    body = text_of(status)
    assert "Tiny: First to Twenty (tinygame, short), position 0" in body
    assert "Counter: 0 of 20" in body and "Your move (rule T2)" in body and "add 1 | 2 | 3" in body

    out = deliver(mail_app, letter(gid, f"Token: {tokens['red']}\nadd 2\n"))
    assert out["status"] != "refused", out
    msgs = relay.wait_for(4)
    ann = [m for m in msgs if str(m["To"]) == "ann@example.org"][-1]
    bob = [m for m in msgs if str(m["To"]) == "bob@example.org"][-1]
    assert "accepted" in str(ann["Subject"]) and "Red added 2: the counter is at 2." in text_of(ann)
    assert "your move (position 1)" in str(bob["Subject"]) and "Counter: 2 of 20" in text_of(bob)
    assert any(p.get_content_type() == "application/pdf" for p in bob.iter_attachments())

    deliver(mail_app, letter(gid, f"Token: {tokens['blue']}\nadd 3\n", sender="bob@example.org"))
    end = relay.wait_for(5)[-1]
    assert str(end["To"]) == "bob@example.org" and "accepted" in str(end["Subject"])
    assert "Game over: no winner (a draw: nobody reached 20 in 2 turns (T4))." in text_of(end)
