"""The director's desk as a page (issue 33, item 3): ``/tournaments/<tid>/desk`` shows nothing of the desk
without the director's token, keeps a good one in its own cookie (HttpOnly, SameSite=Strict, scoped to the
tournament), shows the games in the order the director needs them and acts on them in one click, each act
logged in the game and in the tournament, each refusal said on the page with nothing changed."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from service.models import Game, GameEvent
from service.pages.tournament_desk import DIRECTOR_COOKIE
from service.tournaments.models import TournamentEvent

from . import desk_fixtures as F
from .desk_fixtures import DIRECTOR


@pytest.fixture
def cup(sessions) -> F.Cup:
    return F.build(sessions)


def html(r) -> str:
    assert r.mimetype == "text/html", (r.status_code, r.mimetype)
    return r.get_data(as_text=True)


def form_key(page: str) -> str:
    return re.search(r'name="form_key" value="([^"]+)"', page).group(1)


def cookie_header(r, name) -> str | None:
    return next((c for c in r.headers.getlist("Set-Cookie") if c.startswith(name + "=")), None)


def open_desk(client, cup, token=DIRECTOR):
    page = html(client.get(f"/tournaments/{cup.tid}/desk"))
    return client.post(f"/tournaments/{cup.tid}/desk/token", data={"form_key": form_key(page), "token": token})


def rows(page: str) -> list[str]:
    return re.findall(r'<tr data-game="([^"]+)"', page)


def counts(sessions) -> tuple[int, int]:
    with sessions() as s:
        return (s.scalar(select(func.count()).select_from(GameEvent)),
                s.scalar(select(func.count()).select_from(TournamentEvent)))


def test_without_the_token_the_page_shows_only_the_form(client, cup):
    r = client.get(f"/tournaments/{cup.tid}/desk")
    page = html(r)
    assert r.status_code == 401
    assert 'name="token"' in page and "Desk Cup" in page
    assert rows(page) == [] and not any(gid in page for gid in cup.games.values())
    assert "Bob" not in page  # nothing of the desk: not even the players
    assert r.headers["Cache-Control"] == "no-store"
    assert html(client.get("/tournaments/T-000000/desk")) and client.get("/tournaments/T-000000/desk").status_code == 404


def test_a_wrong_token_changes_nothing(client, cup):
    r = open_desk(client, cup, token=cup.tokens["g1"]["irgun"])  # a seat's token is not the director's
    page = html(r)
    assert r.status_code == 401 and "not the director&#39;s token of this tournament" in page
    assert cookie_header(r, DIRECTOR_COOKIE) is None and rows(page) == []
    r = client.get(f"/tournaments/{cup.tid}/desk")
    assert r.status_code == 401 and rows(html(r)) == []


def test_the_director_sees_the_desk_from_the_cookie(client, cup):
    r = open_desk(client, cup)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/tournaments/{cup.tid}/desk")
    c = cookie_header(r, DIRECTOR_COOKIE)
    assert c and "HttpOnly" in c and "SameSite=Strict" in c and f"Path=/tournaments/{cup.tid}" in c
    assert DIRECTOR not in r.headers["Location"]  # never in a URL
    r = client.get(f"/tournaments/{cup.tid}/desk")
    page = html(r)
    assert r.status_code == 200
    order = [cup.games[n] for n in ("g3", "g1", "g2", "g5", "g6", "g4")]
    assert rows(page) == order
    assert re.findall(r'<tr data-game="[^"]+" data-status="[^"]+" class="needs"', page).__len__() == 3
    assert 'data-kind="ruling-awaited"' in page and 'data-kind="deadline-passed"' in page
    assert "dispute over Galilee" in page
    assert f'href="/games/{cup.games["g1"]}"' in page  # one click to the game's page
    assert f'href="/api/games/{cup.games["g1"]}/log"' in page
    assert re.search(r'<tr data-player="Ann">.*?<td data-label="Median wait" class="median">1h 30m</td>', page, re.S)
    assert re.search(r'<tr data-player="Bob">.*?class="longest">4h 00m', page, re.S)

    # leaving forgets the token
    r = client.post(f"/tournaments/{cup.tid}/desk/leave", data={"form_key": form_key(page)})
    assert r.status_code == 303 and "Max-Age=0" in cookie_header(r, DIRECTOR_COOKIE)
    assert client.get(f"/tournaments/{cup.tid}/desk").status_code == 401


def test_one_click_acts_are_logged_in_both_logs(client, sessions, cup):
    open_desk(client, cup)
    page = html(client.get(f"/tournaments/{cup.tid}/desk"))
    key, g5 = form_key(page), cup.games["g5"]
    act = f"/tournaments/{cup.tid}/desk/games/{g5}"
    assert f'action="{act}/pause"' in page
    r = client.post(f"{act}/pause", data={"form_key": key, "reason": "Ann is travelling"})
    assert r.status_code == 303 and "done=pause" in r.headers["Location"]
    page = html(client.get(r.headers["Location"]))
    assert f"pause: done for game {g5}" in page and f'action="{act}/resume"' in page
    with sessions() as s:
        assert s.get(Game, g5).status == "paused"
        ev = s.execute(select(GameEvent).where(GameEvent.game_id == g5)).scalar_one()
        tev = s.execute(select(TournamentEvent).where(TournamentEvent.tournament_id == cup.tid)).scalar_one()
    assert (ev.kind, ev.data["reason"]) == ("paused", "Ann is travelling")
    assert (tev.kind, tev.by, tev.game_id, tev.data["event"]) == ("paused", "director", g5, ev.id)

    before = counts(sessions)
    r = client.post(f"{act}/pause", data={"form_key": key})  # paused already
    assert r.status_code == 409 and "is paused already" in html(r) and "nothing was changed" in html(r)
    r = client.post(f"{act}/extend-deadline", data={"form_key": key, "hours": "soon"})
    assert r.status_code == 400 and "as a number" in html(r)
    r = client.post(f"/tournaments/{cup.tid}/desk/games/G-000000/resume", data={"form_key": key})
    assert r.status_code == 404 and "not a game of tournament" in html(r)
    r = client.post(f"{act}/abandon", data={"form_key": key})
    assert r.status_code == 404 and "the acts are pause, resume, extend-deadline" in html(r)
    assert client.post(f"{act}/resume", data={"form_key": "x" * 32}).status_code == 403  # not from the page
    assert counts(sessions) == before

    r = client.post(f"{act}/resume", data={"form_key": key, "reason": "back"})
    assert r.status_code == 303
    with sessions() as s:
        assert s.get(Game, g5).status == "active"


def test_acts_need_the_directors_cookie(client, sessions, cup):
    page = html(client.get(f"/tournaments/{cup.tid}/desk"))
    before = counts(sessions)
    r = client.post(f"/tournaments/{cup.tid}/desk/games/{cup.games['g5']}/pause", data={"form_key": form_key(page)})
    assert r.status_code == 401 and "director" in html(r)
    client.set_cookie(DIRECTOR_COOKIE, "forged-token", path=f"/tournaments/{cup.tid}")
    r = client.post(f"/tournaments/{cup.tid}/desk/games/{cup.games['g5']}/pause", data={"form_key": form_key(page)})
    assert r.status_code == 401 and "not this tournament&#39;s director&#39;s token" in html(r)
    assert counts(sessions) == before
    with sessions() as s:
        assert s.get(Game, cup.games["g5"]).status == "active"
