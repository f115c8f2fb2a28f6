"""A tournament's mail (issue 33, items 1 and 2) through a real SMTP relay (aiosmtpd): each player's address
is sent one confirmation mail by the mail sweep and confirmed by answering it; a round then mails each
confirmed player exactly one letter naming their side with their seat token once, a token that moves in
that game through the API; the games' turn mails need no second confirmation; and an address that was not
confirmed is mailed nothing but its confirmation."""

from __future__ import annotations

import re
from datetime import timedelta

from sqlalchemy import select

from mail import notices, outbound
from mail import sweep as mail_sweep
from mail.config import settings
from service import adjudication
from service.mail_models import OutboundMail
from service.models import now
from service.tournaments import running
from service.tournaments.models import TournamentPlayer
from tests.service.test_api import FIRST, auth

from .conftest import DOMAIN, deliver, letter, new_game

PLAYERS = [{"name": f"Player {i}", "email": f"p{i}@example.org"} for i in range(8)]
STRANGER = {"name": "Stranger", "email": "stranger@example.org"}
CODE = re.compile(r"CONFIRM your address: ([0-9a-f]{32})")


def sweep_and_send(app) -> list[int]:
    """One run of the mail sweep, and every outbox row it names sent through the relay."""
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    ids = mail_sweep.sweep(Session, s).outbox
    for oid in ids:
        outbound.send(Session, s, oid)
    return ids


def send_pending(app) -> int:
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    with Session() as ss:
        ids = list(ss.scalars(select(OutboundMail.id).where(OutboundMail.status == "pending")))
    for oid in ids:
        outbound.send(Session, s, oid)
    return len(ids)


def text_of(msg) -> str:
    return msg.get_body(("plain",)).get_content()


def new_tournament(app) -> tuple[str, str]:
    r = app.test_client().post("/api/tournaments", json={
        "name": "Spring Open", "game": "palestine", "players": PLAYERS + [STRANGER], "deadline_hours": 72,
        "director_email": "td@example.org"})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"], r.get_json()["director_token"]


def confirmed(app, tid: str) -> dict[str, bool]:
    with app.extensions["umpire"]["sessions"]() as s:
        return {p.name: p.confirmed_at is not None for p in s.scalars(
            select(TournamentPlayer).where(TournamentPlayer.tournament_id == tid))}


def test_confirmation_round_trip_then_one_seat_letter_each_whose_token_moves(mail_app, relay):
    tid, director = new_tournament(mail_app)
    ids = sweep_and_send(mail_app)
    msgs = relay.wait_for(len(ids))
    assert sorted(str(m["To"]) for m in msgs) == sorted(p["email"] for p in PLAYERS + [STRANGER])
    for m in msgs:
        assert str(m["Subject"]).strip().startswith(f"[Umpire {tid}] CONFIRM your address: ")
        body = text_of(m)
        assert f"tournament {tid}" in body and "Spring Open" not in body and "Player" not in body
        assert m["Reply-To"] is None and m["Auto-Submitted"] == "auto-generated"
    assert sweep_and_send(mail_app) == []  # one confirmation each

    s = settings(mail_app)
    for p in PLAYERS:  # each answers, keeping the subject (an empty answer)
        (m,) = relay.to(p["email"])
        out = deliver(mail_app, letter(None, "", sender=p["email"], to=s.from_addr, subject="Re: " + str(m["Subject"]).strip()))
        assert out["status"] == "answered", out
    assert confirmed(mail_app, tid) == {**{p["name"]: True for p in PLAYERS}, "Stranger": False}
    answers = relay.wait_for(len(msgs) + 8)[len(msgs):]
    assert all("address confirmed" in str(m["Subject"]) and f"confirmed for tournament {tid}" in text_of(m)
               for m in answers)
    again = deliver(mail_app, letter(None, f"CONFIRM {CODE.search(str(relay.to('p0@example.org')[0]['Subject'])).group(1)}",
                                     sender="p0@example.org", to=s.from_addr))
    assert again["status"] == "answered" and again["sent"] == []  # confirmed before: nothing changes, no answer
    bad = deliver(mail_app, letter(None, "CONFIRM " + "0" * 32, sender="p1@example.org", to=s.from_addr))
    assert bad["status"] == "refused" and "bad-confirmation-code" in bad["reason"]

    client = mail_app.test_client()
    r = client.post(f"/api/tournaments/{tid}/rounds", headers=auth(director))
    assert r.status_code == 409 and "Stranger" in r.get_json()["message"]
    r = client.post(f"/api/tournaments/{tid}/players/Stranger/withdraw", headers=auth(director))
    assert r.status_code == 200
    r = client.post(f"/api/tournaments/{tid}/rounds", headers=auth(director))
    assert r.status_code == 201, r.get_data(as_text=True)
    rnd = r.get_json()
    assert rnd["unmailed"] == [] and len(rnd["tables"]) == 4
    before = len(relay.messages)
    assert send_pending(mail_app) == 8
    with mail_app.extensions["umpire"]["sessions"]() as ss:  # sent: the letters' bodies (the tokens) are gone
        rows = list(ss.scalars(select(OutboundMail).where(OutboundMail.key.startswith("tournament-seat:"))))
        assert len(rows) == 8 and all(r.status == "sent" and r.raw == b"" and r.to_addr for r in rows)
    seat_mails = relay.wait_for(before + 8)[before:]
    for tb in rnd["tables"]:
        for x in tb["seats"]:
            email = next(p["email"] for p in PLAYERS if p["name"] == x["player"])
            (m,) = [m for m in seat_mails if str(m["To"]) == email]  # exactly one letter each
            body = text_of(m)
            assert f"round 1: you play {x['side']} on board {tb['board']}" in body
            assert f"game-{tb['game_id'].lower()}@{DOMAIN}" in body and "72 hours" in body
            (token,) = re.findall(r"^ *Token: (\S{20,})\r?$", body, re.M)
            assert body.count(token) == 1
            if x["role"] == "irgun" and tb["board"] == 1:
                irgun = (tb["game_id"], token, email)
    assert not relay.to(STRANGER["email"])[1:]  # the stranger got their confirmation only

    gid, token, email = irgun  # the token from the letter moves in its game
    r = client.post(f"/api/games/{gid}/moves", data=FIRST.encode(), content_type="text/plain", headers=auth(token))
    assert r.status_code == 202, r.get_data(as_text=True)
    Session = mail_app.extensions["umpire"]["sessions"]
    adjudication.adjudicate(Session, r.get_json()["id"])
    assert client.get(f"/api/submissions/{r.get_json()['id']}").get_json()["status"] == "accepted"


def test_the_games_turn_mails_flow_without_a_second_confirmation(mail_app, relay):
    tid, director = new_tournament(mail_app)
    with mail_app.extensions["umpire"]["sessions"]() as s, s.begin():
        running.withdraw_player(s, tid, "Stranger")
        for p in PLAYERS[:2]:
            running.mark_player_confirmed(s, tid, p["name"])
        for p in PLAYERS[2:]:
            running.withdraw_player(s, tid, p["name"])
    r = mail_app.test_client().post(f"/api/tournaments/{tid}/rounds", headers=auth(director))
    assert r.status_code == 201, r.get_data(as_text=True)
    (tb,) = r.get_json()["tables"]
    gid = tb["game_id"]
    irgun = next(p["email"] for p in PLAYERS if p["name"] == tb["seats"][0]["player"])
    Session, s = mail_app.extensions["umpire"]["sessions"], settings(mail_app)
    ids = notices.answer_game(Session, s, gid)
    assert len(ids) == 1
    with Session() as ss:
        row = ss.get(OutboundMail, ids[0])
        assert (row.kind, row.to_addr, row.key) == ("turn", irgun, f"turn:{gid}:0:irgun")
    send_pending(mail_app)
    sweep_and_send(mail_app)
    confirmations = [m for m in relay.messages if "CONFIRM your address" in str(m["Subject"])]
    # no confirmation to a player for the game; the director's address (unconfirmed) gets only its confirmation
    assert [str(m["To"]) for m in confirmations] == ["td@example.org"]
    assert [str(m["To"]) for m in relay.messages if str(m["To"]) == "td@example.org"] == ["td@example.org"]
    withdrawn = {p["email"] for p in PLAYERS[2:]} | {STRANGER["email"]}
    assert not [m for m in relay.messages if str(m["To"]) in withdrawn]


def test_an_address_gets_one_confirmation_a_window_across_games_and_tournaments(mail_app, relay):
    new_game(mail_app, {"irgun": "p0@example.org"})  # the same address, for a game
    tid, _ = new_tournament(mail_app)
    Session, s = mail_app.extensions["umpire"]["sessions"], settings(mail_app)
    sweep_and_send(mail_app)
    relay.wait_for(9)
    assert len(relay.to("p0@example.org")) == 1  # the game's; the tournament's waits for the next window
    assert confirmed(mail_app, tid)["Player 0"] is False
    ids = mail_sweep.sweep(Session, s, now() + timedelta(hours=s.confirm_hours, minutes=1)).outbox
    for oid in ids:
        outbound.send(Session, s, oid)
    (second,) = relay.wait_for(10)[9:]
    assert str(second["To"]) == "p0@example.org" and f"[Umpire {tid}]" in str(second["Subject"])
