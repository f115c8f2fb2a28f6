"""The director runs a whole Swiss tournament from the desk page alone (issue 33, item 3 and "Done when": a
director can run a Swiss tournament from the page without touching a single game by hand): entering and
withdrawing a player, pairing each round (the seats not mailed shown with their tokens once), ruling on
every game, closing; the standings reflect the rulings. Each refusal says the service's message with a 4xx
and changes nothing.

The app sends no mail (no relay is configured), so every seat's letter is unwritten and its token is shown
on the paired round's page. The players' addresses are confirmed by the operator (``mark_player_confirmed``),
the one act not done on the page.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from service import games as G
from service.mail_models import OutboundMail
from service.models import Game, GameEvent
from service.pages.tournament_desk import DIRECTOR_COOKIE
from service.tournaments import running
from service.tournaments.models import (
    Tournament,
    TournamentEvent,
    TournamentGame,
    TournamentPlayer,
    TournamentRound,
)
from umpire_app.web import create_app

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
SCENARIOS = ["standard", "example-of-play"]


def html(r) -> str:
    assert r.mimetype == "text/html", (r.status_code, r.mimetype)
    return r.get_data(as_text=True)


def form_key(page: str) -> str:
    return re.search(r'name="form_key" value="([^"]+)"', page).group(1)


def make(sessions, emails: dict[str, str] | None = None) -> tuple[str, str]:
    """A Swiss tournament of four players (their addresses *emails*, by default each one), two scenarios, two
    rounds planned, each address confirmed by the operator: its id and the director's token."""
    emails = {p: f"{p.lower()}@example.org" for p in PLAYERS} if emails is None else emails
    with sessions() as s, s.begin():
        t, token = running.create_tournament(
            s, name="Page Open", game="palestine", scenarios=SCENARIOS, rounds_planned=2, deadline_hours=48.0,
            players=[{"name": p, "email": emails[p]} for p in PLAYERS])
        tid = t.id
    with sessions() as s, s.begin():
        for p in PLAYERS:
            running.mark_player_confirmed(s, tid, p)
    return tid, token


def open_desk(client, tid: str, token: str) -> str:
    """The desk opened with the director's token; its page."""
    page = html(client.get(f"/tournaments/{tid}/desk"))
    r = client.post(f"/tournaments/{tid}/desk/token", data={"form_key": form_key(page), "token": token})
    assert r.status_code == 303
    return html(client.get(f"/tournaments/{tid}/desk"))


def state(sessions, tid: str) -> dict:
    """Everything a refused act must leave as it was."""
    with sessions() as s:
        n = {m.__name__: s.scalar(select(func.count()).select_from(m))
             for m in (Game, GameEvent, TournamentEvent, TournamentRound, TournamentGame, TournamentPlayer)}
        return {**n, "status": s.get(Tournament, tid).status,
                "games": sorted(s.execute(select(Game.id, Game.status)).all()),
                "rulings": sorted((tg.game_id, str(tg.ruling)) for tg in s.scalars(select(TournamentGame))),
                "withdrawn": sorted(p.name for p in s.scalars(select(TournamentPlayer))
                                    if p.withdrawn_at is not None)}


def refused(client, sessions, tid: str, url: str, data: dict, status: int, *says: str) -> str:
    """*url* with *data* is refused with *status*, its page saying each of *says*; nothing changes."""
    before = state(sessions, tid)
    r = client.post(url, data=data)
    page = html(r)
    assert r.status_code == status, (r.status_code, page[-3000:])
    for text in says:
        assert text in page, (text, page[-3000:])
    assert state(sessions, tid) == before
    return page


def done(client, url: str, data: dict, flash: str) -> str:
    """*url* with *data* is done: a redirect to the desk, which says *flash*; the desk's page."""
    r = client.post(url, data=data)
    assert r.status_code == 303, html(r)[-3000:]
    assert r.headers["Location"].split("?")[0].endswith("/desk")
    page = html(client.get(r.headers["Location"]))
    assert flash in page, (flash, page[-3000:])
    return page


def tables(page: str) -> list[tuple[str, dict[str, str]]]:
    """The paired round's tables from its page: each game id and its seats, player -> side."""
    out = []
    for gid, seats in re.findall(r'<tr data-game="([^"]+)">.*?<td data-label="Seats">(.*?)</td>', page, re.S):
        out.append((gid, dict((p, side) for p, side in re.findall(r"(\w+) \((\w+)\)", seats))))
    return out


def pair(client, tid: str, key: str, scenario: str = "") -> str:
    r = client.post(f"/tournaments/{tid}/desk/round", data={"form_key": key, "scenario": scenario})
    assert r.status_code == 201, html(r)[-3000:]
    return html(r)


def check_tokens(sessions, page: str, paired: list[tuple[str, dict[str, str]]]) -> set[str]:
    """Every seat of the round is on the page once, with its own token (each is that seat's in its game)."""
    rows = re.findall(r'<tr data-seat="([^":]+):(\w+)">.*?<code class="token">([^<]+)</code>', page, re.S)
    assert len(rows) == sum(len(seats) for _, seats in paired)
    with sessions() as s:
        for gid, role, token in rows:
            assert G.whose_token(s, G.get_game(s, gid), token) == role
    assert {gid for gid, _, _ in rows} == {gid for gid, _ in paired}
    return {token for _, _, token in rows}


def game_seats(session, gid: str) -> list[tuple[str, str]]:
    """Game *gid*'s seats as the tournament made them: role -> player."""
    tg = session.scalars(select(TournamentGame).where(TournamentGame.game_id == gid)).one()
    return list(tg.seats.items())


def rule(client, tid, key, gid, outcome: dict[str, str], reason: str, status: str = "forfeited"):
    data = {"form_key": key, "status": status, "reason": reason, **{f"outcome:{p}": o for p, o in outcome.items()}}
    return client.post(f"/tournaments/{tid}/desk/rule/{gid}", data=data)


def test_a_swiss_tournament_run_from_the_desk_page_alone(app, client, sessions):
    tid, token = make(sessions)
    page = open_desk(client, tid, token)
    key = form_key(page)
    desk = f"/tournaments/{tid}/desk"
    assert f'action="{desk}/round"' in page and f'action="{desk}/close"' in page
    assert all(f'<option value="{sc}">' in page for sc in SCENARIOS)  # the scenario is chosen
    assert re.findall(r'<tr data-roster="([^"]+)" data-withdrawn="no"', page) == list(PLAYERS)

    # a late entry, unconfirmed: the pairing waits for them; withdrawn, it does not
    refused(client, sessions, tid, f"{desk}/players", {"form_key": key, "name": "ann", "email": ""}, 400,
            "&#39;ann&#39; is a player already", "nothing was changed")
    done(client, f"{desk}/players", {"form_key": key, "name": "Eve", "email": "eve@example.org"}, "Eve entered")
    refused(client, sessions, tid, f"{desk}/round", {"form_key": key}, 409,
            "not every player has confirmed their address: Eve")
    refused(client, sessions, tid, f"{desk}/withdraw", {"form_key": key, "player": "Zed"}, 404,
            "&#39;Zed&#39; is not a player of tournament")
    page = done(client, f"{desk}/withdraw", {"form_key": key, "player": "Eve", "reason": "cannot play"},
                "Eve withdrawn")
    assert '<tr data-roster="Eve" data-withdrawn="yes"' in page

    # round 1: paired, its tokens shown on its page once
    page = pair(client, tid, key)
    r1 = tables(page)
    assert len(r1) == 2 and sorted(p for _, seats in r1 for p in seats) == sorted(PLAYERS)
    tokens = check_tokens(sessions, page, r1)
    assert "round 1 is paired" in page and "standard" in page
    page = html(client.get(desk))
    assert not any(tk in page for tk in tokens)  # the desk never shows them again
    assert all(f'action="{desk}/rule/{gid}"' in page for gid, _ in r1)

    refused(client, sessions, tid, f"{desk}/round", {"form_key": key}, 409, "round 1 is not over",
            f"{r1[0][0]} (round 1, board 1) is in play (active)")
    (g1, s1), (g2, s2) = r1
    first = next(iter(s1))
    refused(client, sessions, tid, f"{desk}/rule/{g1}", {"form_key": key, "status": "forfeited", "reason": "late",
                                                         f"outcome:{first}": "win"}, 400,
            "the ruling is refused: no outcome for", "every player of the game is named once")

    # both games ruled forfeited: the Irgun wins board 1, the British board 2
    results: dict[str, float] = dict.fromkeys(PLAYERS, 0.0)
    for gid, seats, winner in ((g1, s1, "Irgun"), (g2, s2, "British")):
        outcome = {p: "win" if side == winner else "loss" for p, side in seats.items()}
        r = rule(client, tid, key, gid, outcome, f"round 1: the {winner} player's opponent missed the deadline")
        assert r.status_code == 303 and f"done=ruled&game={gid}" in r.headers["Location"]
        assert f"ruled: done for game {gid}" in html(client.get(r.headers["Location"]))
        for p, o in outcome.items():
            results[p] += o == "win"
    with sessions() as s:
        assert {s.get(Game, g).status for g in (g1, g2)} == {"abandoned"}  # ended by the ruling

    # round 2, in the second scenario: the Swiss pairs the winners together
    page = pair(client, tid, key, scenario="example-of-play")
    r2 = tables(page)
    check_tokens(sessions, page, r2)
    assert sorted(sorted(seats) for _, seats in r2) == sorted(
        sorted(p for p in PLAYERS if results[p] == w) for w in (0.0, 1.0))
    with sessions() as s:
        assert running.describe(s, tid)["rounds"][1]["scenario"] == "example-of-play"

    refused(client, sessions, tid, f"{desk}/close", {"form_key": key}, 409, "games that count for nothing yet")
    for gid, seats in r2:
        outcome = {p: "win" if side == "Irgun" else "loss" for p, side in seats.items()}
        assert rule(client, tid, key, gid, outcome, "round 2: the British player did not answer").status_code == 303
        for p, o in outcome.items():
            results[p] += o == "win"

    page = done(client, f"{desk}/close", {"form_key": key}, "the tournament is closed")
    assert f'action="{desk}/round"' not in page and "/rule/" not in page
    refused(client, sessions, tid, f"{desk}/round", {"form_key": key}, 409, "is closed")

    # the standings count the rulings
    st = client.get(f"/api/tournaments/{tid}/standings").get_json()
    assert st["tournament"]["status"] == "finished"
    assert {row["player"]: row["points"] for row in st["rows"]} == {**results, "Eve": 0.0}
    assert all(row["played"] == 2 for row in st["rows"] if row["player"] != "Eve")
    notes = " ".join(n for row in st["rows"] for n in row["notes"])
    assert "missed the deadline" in notes and "did not answer" in notes
    with sessions() as s:
        kinds = [e.kind for e in s.scalars(select(TournamentEvent).where(TournamentEvent.tournament_id == tid)
                                           .order_by(TournamentEvent.id))]
    assert kinds.count("game-ruled") == 4 and kinds.count("round-paired") == 2 and kinds[-1] == "closed"


def test_the_forms_need_the_directors_cookie_and_the_form_key(app, client, sessions):
    tid, token = make(sessions)
    desk = f"/tournaments/{tid}/desk"
    page = html(client.get(desk))  # no director's cookie: the form key only
    key = form_key(page)
    assert f'action="{desk}/round"' not in page
    for url in (f"{desk}/round", f"{desk}/close", f"{desk}/players", f"{desk}/withdraw", f"{desk}/rule/G-000000"):
        refused(client, sessions, tid, url, {"form_key": key, "name": "Zoe", "player": "Ann"}, 401,
                "enter the director&#39;s token first")
    client.set_cookie(DIRECTOR_COOKIE, "forged-token", path=desk.rsplit("/", 1)[0])
    refused(client, sessions, tid, f"{desk}/round", {"form_key": key}, 401,
            "not this tournament&#39;s director&#39;s token")

    page = open_desk(client, tid, token)
    for url in (f"{desk}/round", f"{desk}/close", f"{desk}/players"):
        refused(client, sessions, tid, url, {"form_key": "x" * 32, "name": "Zoe"}, 403,
                "this form was not sent from", "nothing was changed")
        refused(client, sessions, tid, url, {"name": "Zoe"}, 403, "reload the page")
    # a flash names only what is the tournament's: no other text of a URL reaches the page
    page = html(client.get(f"{desk}?done=entered&player=Someone%20else"))
    assert "Someone else" not in page
    page = html(client.get(f"{desk}?done=withdrawn&player=Ann"))
    assert "Ann withdrawn" in page


@pytest.fixture
def mail_app(database_url):
    """An app whose mail goes to its outbox (a relay is named; nothing is sent here)."""
    app = create_app({"DATABASE_URL": database_url, "REDIS_URL": "", "SWEEP_SECONDS": 0.5,
                      "MAIL": {"domain": "umpire.test", "smtp_host": "127.0.0.1", "smtp_port": 9,
                               "smtp_security": "none"}})
    yield app
    app.extensions["umpire"]["engine"].dispose()


def test_a_mailed_seat_has_its_letter_and_only_an_unmailed_one_is_shown(mail_app):
    client, sessions = mail_app.test_client(), mail_app.extensions["umpire"]["sessions"]
    tid, token = make(sessions, {"Ann": "ann@example.org", "Bob": "bob@example.org", "Cat": "cat@example.org",
                                 "Dan": ""})
    key = form_key(open_desk(client, tid, token))
    page = pair(client, tid, key)
    shown = re.findall(r'<td data-label="Player">(\w+)</td>\s*<td data-label="Token"><code class="token">', page)
    assert shown == ["Dan"] and "hand these tokens over yourself" in page
    with sessions() as s:
        letters = s.execute(select(OutboundMail.to_addr, OutboundMail.key).where(OutboundMail.kind == "tournament")
                            .where(OutboundMail.key.startswith("tournament-seat:"))).all()
    assert sorted(to for to, _ in letters) == ["ann@example.org", "bob@example.org", "cat@example.org"]
    (gid, role, seat_token), = re.findall(r'<tr data-seat="([^":]+):(\w+)">.*?<code class="token">([^<]+)</code>',
                                          page, re.S)
    with sessions() as s:
        game = G.get_game(s, gid)
        assert G.whose_token(s, game, seat_token) == role and dict(game_seats(s, gid))[role] == "Dan"
