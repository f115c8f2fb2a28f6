"""The tournament API's running endpoints and the tournament's public page (issue 33, items 1, 2 and 6),
through Flask's test client: status codes, the director's token (none, a wrong one, a seat's, another game's
umpire's), unknown fields, the creation setting, and a seat token handed back by a round moving in its game.

The app here sends no mail (no relay), so a round's answer carries the seat tokens it could not mail."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service import adjudication
from service.tournaments import running
from service.tournaments.models import Tournament, TournamentEvent
from tests.service.test_api import FIRST, assert_error, auth
from umpire_app.web import create_app

PLAYERS = [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(4)]


def create(client, **body) -> dict:
    r = client.post("/api/tournaments", json={"name": "Autumn <Cup>", "game": "palestine", "players": PLAYERS,
                                              **body})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()


def confirm_all(sessions, tid: str, names=None) -> None:
    with sessions() as s, s.begin():
        for n in names or [p["name"] for p in PLAYERS]:
            running.mark_player_confirmed(s, tid, n)


def paired(client, sessions, body=None) -> tuple[str, str, dict]:
    made = create(client)
    tid, token = made["id"], made["director_token"]
    confirm_all(sessions, tid)
    r = client.post(f"/api/tournaments/{tid}/rounds", json=body or {}, headers=auth(token))
    assert r.status_code == 201, r.get_data(as_text=True)
    return tid, token, r.get_json()


def count(sessions, model) -> int:
    with sessions() as s:
        return s.scalar(select(func.count()).select_from(model))


def test_create_answers_201_with_the_id_the_director_token_and_no_address(client):
    made = create(client, deadline_hours=24, rulings=[{"id": "TD-1", "text": "Ties go to the British."}])
    assert made["id"].startswith("T-") and len(made["director_token"]) >= 32
    assert made["url"] == f"/tournaments/{made['id']}"
    t = made["tournament"]
    assert t["status"] == "entry" and t["deadline_hours"] == 24 and t["rulings"][0]["id"] == "TD-1"
    assert [p["name"] for p in t["players"]] == ["P0", "P1", "P2", "P3"]
    assert "@" not in str(made) and made["director_token"] not in str(t)
    got = client.get(f"/api/tournaments/{made['id']}").get_json()
    assert got == t | {"log": got["log"]} and got["log"][0]["kind"] == "created"


def test_create_refusals_400_with_every_problem_and_422_for_unknown_fields(client, sessions):
    r = client.post("/api/tournaments", json={"name": "X", "game": "palestine", "scenarios": ["extended"],
                                              "players": [{"name": "Ann"}, {"name": "ann"}]})
    body = assert_error(r, 400, "invalid")  # what the document cannot say: each fault in problems
    assert body["problems"] == ["'extended' is not a scenario of palestine; its scenarios: standard, example-of-play",
                                "player 2's name 'ann' is player 1's: names are unique"]
    for wrong in ({"pairing": "knockout"}, {"points": {"win": "two"}}, {"points": {"win": True}},
                  {"rounds_planned": 2.5}, {"deadline_hours": 0}, {"name": " "}, {"director_email": "td at x"}):
        body = assert_error(client.post("/api/tournaments", json={"name": "X", "game": "palestine", **wrong}),
                            422, "invalid")
        assert next(iter(wrong)) in body["message"]
    body = assert_error(client.post("/api/tournaments", json={"name": "X", "game": "palestine", "prize": 5}),
                        422, "invalid")
    assert "prize" in body["message"]
    body = assert_error(client.post("/api/tournaments", json={"name": "X", "game": "palestine",
                                                              "players": [{"name": "A", "club": "B"}]}), 422, "invalid")
    assert "club" in body["message"]
    assert_error(client.post("/api/tournaments", json={"game": "palestine"}), 422, "invalid")
    assert count(sessions, Tournament) == 0


@pytest.mark.parametrize("config, headers, status, code", [
    ({"CREATION": "closed"}, {}, 403, "creation-closed"),
    ({"CREATE_TOKEN": "the-creation-token"}, {}, 401, "creation-token-needed"),
    ({"CREATE_TOKEN": "the-creation-token"}, auth("a-guess"), 403, "bad-creation-token"),
    ({"CREATE_TOKEN": "the-creation-token"}, auth("the-creation-token"), 201, None),
])
def test_creating_a_tournament_is_governed_like_creating_a_game(database_url, config, headers, status, code):
    app = create_app({"DATABASE_URL": database_url, "REDIS_URL": "", **config})
    try:
        r = app.test_client().post("/api/tournaments", json={"name": "X", "game": "palestine"}, headers=headers)
        if code:
            assert_error(r, status, code)
        else:
            assert r.status_code == status, r.get_data(as_text=True)
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_unknown_tournament_is_404(client):
    assert_error(client.get("/api/tournaments/T-000000"), 404, "not-found")
    assert_error(client.post("/api/tournaments/T-000000/close", headers=auth("x")), 404, "not-found")


def test_every_write_needs_the_directors_token_and_is_checked_before_the_body(client, sessions):
    tid, token, rnd = paired(client, sessions)
    seat_token = rnd["unmailed"][0]["token"]
    gid = rnd["tables"][0]["game_id"]
    other = client.post("/api/games", json={"game": "palestine"}).get_json()["tokens"]["umpire"]
    writes = [("players", {"name": "Late"}), ("players/P0/withdraw", {}), ("rounds", {}),
              (f"games/{gid}/ruling", {"status": "abandoned", "outcome": {}, "reason": "r"}), ("close", None)]
    before = count(sessions, TournamentEvent)
    for path, body in writes:
        url = f"/api/tournaments/{tid}/{path}"
        assert_error(client.post(url, json=body), 401, "director-token-needed")
        for wrong in ("forged", seat_token, other):
            assert_error(client.post(url, json=body, headers=auth(wrong)), 401, "bad-director-token")
        # no token: refused before the body is read, however malformed
        assert_error(client.post(url, data=b"{not json", content_type="application/json"), 401,
                     "director-token-needed")
    assert count(sessions, TournamentEvent) == before


def test_players_enter_and_withdraw(client, sessions):
    made = create(client)
    tid, h = made["id"], auth(made["director_token"])
    r = client.post(f"/api/tournaments/{tid}/players", json={"name": "Late Comer", "email": "late@example.org"},
                    headers=h)
    assert r.status_code == 201 and r.get_json() == {"name": "Late Comer", "confirmed": False, "withdrawn": False}
    body = assert_error(client.post(f"/api/tournaments/{tid}/players", json={"name": "late comer"}, headers=h),
                        400, "invalid")
    assert body["problems"] == ["'late comer' is a player already: names are unique"]
    r = client.post(f"/api/tournaments/{tid}/players/Late%20Comer/withdraw", json={"reason": "ill"}, headers=h)
    assert r.status_code == 200 and r.get_json()["withdrawn"] is True
    assert_error(client.post(f"/api/tournaments/{tid}/players/Late%20Comer/withdraw", headers=h), 409, "withdrawn")
    assert_error(client.post(f"/api/tournaments/{tid}/players/Nobody/withdraw", headers=h), 404, "no-player")
    assert_error(client.post(f"/api/tournaments/{tid}/players", json={"name": "X", "seat": 1}, headers=h), 422,
                 "invalid")
    log = client.get(f"/api/tournaments/{tid}").get_json()["log"]
    assert [e["text"] for e in log[1:]] == ["entered Late Comer", "withdrew Late Comer (ill)"]


def test_a_round_through_the_api_and_a_seat_token_that_moves(client, sessions):
    made = create(client)
    tid, h = made["id"], auth(made["director_token"])
    confirm_all(sessions, tid, ["P0", "P1", "P2"])
    body = assert_error(client.post(f"/api/tournaments/{tid}/rounds", headers=h), 409, "unconfirmed-players")
    assert "P3" in body["message"]
    confirm_all(sessions, tid, ["P3"])
    assert_error(client.post(f"/api/tournaments/{tid}/rounds", json={"method": "swiss", "pairs": 2}, headers=h),
                 422, "invalid")
    r = client.post(f"/api/tournaments/{tid}/rounds", headers=h)
    assert r.status_code == 201, r.get_data(as_text=True)
    rnd = r.get_json()
    assert rnd["number"] == 1 and len(rnd["tables"]) == 2 and rnd["byes"] == []
    assert {(u["game_id"], u["role"]) for u in rnd["unmailed"]} == {
        (tb["game_id"], x["role"]) for tb in rnd["tables"] for x in tb["seats"]}
    irgun = next(u for u in rnd["unmailed"] if u["role"] == "irgun")
    r = client.post(f"/api/games/{irgun['game_id']}/moves", data=FIRST.encode(), content_type="text/plain",
                    headers=auth(irgun["token"]))
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.get_json()["id"])
    assert client.get(f"/api/submissions/{r.get_json()['id']}").get_json()["status"] == "accepted"
    game = client.get(f"/api/games/{irgun['game_id']}", headers=h).get_json()
    assert game["role"] == "umpire"  # the director's token is the game's umpire
    body = assert_error(client.post(f"/api/tournaments/{tid}/rounds", headers=h), 409, "round-not-over")
    assert irgun["game_id"] in body["message"]


def test_a_ruling_and_the_close_through_the_api(client, sessions):
    tid, token, rnd = paired(client, sessions)
    h = auth(token)
    tb1, tb2 = rnd["tables"]
    players = [x["player"] for x in tb1["seats"]]
    body = assert_error(client.post(f"/api/tournaments/{tid}/close", headers=h), 409, "games-in-play")
    assert tb1["game_id"] in body["message"] and tb2["game_id"] in body["message"]
    body = assert_error(client.post(f"/api/tournaments/{tid}/games/{tb1['game_id']}/ruling", headers=h,
                                    json={"status": "abandoned", "outcome": {players[0]: "win"}, "reason": " "}),
                        400, "invalid")
    assert body["problems"] == [f"no outcome for {players[1]}: every player of the game is named once",
                                "a ruling needs its reason (shown on the standings)"]
    assert_error(client.post(f"/api/tournaments/{tid}/games/{tb1['game_id']}/ruling", headers=h,
                             json={"status": "won", "outcome": {}, "reason": "r"}), 422, "invalid")
    for tb in (tb1, tb2):
        r = client.post(f"/api/tournaments/{tid}/games/{tb['game_id']}/ruling", headers=h, json={
            "status": "abandoned", "outcome": {x["player"]: "void" for x in tb["seats"]}, "reason": "power cut"})
        assert r.status_code == 200, r.get_data(as_text=True)
        assert r.get_json()["status"] == "abandoned" and r.get_json()["result"].endswith("(power cut)")
    assert_error(client.post(f"/api/tournaments/{tid}/games/G-000000/ruling", headers=h, json={
        "status": "abandoned", "outcome": {}, "reason": "r"}), 404, "not-in-tournament")
    r = client.post(f"/api/tournaments/{tid}/close", headers=h)
    assert r.status_code == 200 and r.get_json()["status"] == "finished"
    assert_error(client.post(f"/api/tournaments/{tid}/close", headers=h), 409, "tournament-closed")


def test_the_public_page_shows_the_tournament_with_links_and_no_address(client, sessions):
    tid, token, rnd = paired(client, sessions)
    r = client.get(f"/tournaments/{tid}")
    assert r.status_code == 200 and r.mimetype == "text/html"
    page = r.get_data(as_text=True)
    assert "Autumn &lt;Cup&gt;" in page and "Autumn <Cup>" not in page
    for tb in rnd["tables"]:
        assert f'href="/games/{tb["game_id"]}"' in page
        assert " v ".join(f"{x['player']} ({x['side']})" for x in tb["seats"]) in page
    assert f'href="/tournaments/{tid}/standings"' in page and f'href="/tournaments/{tid}/desk"' in page
    assert "example.org" not in page and token not in page and rnd["unmailed"][0]["token"] not in page
    assert "paired round 1 (swiss, standard)" in page
    r = client.get("/tournaments/T-000000")
    assert r.status_code == 404 and "no tournament &#39;T-000000&#39;" in r.get_data(as_text=True)
