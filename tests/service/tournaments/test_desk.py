"""The director's desk (issue 33, item 3) on a database: the desk of the Desk Cup (``desk_fixtures``) worked out
by hand, the acts logged in the game and in the tournament, the API with each refusal, and the CLI.

No worker runs: moves are adjudicated by calling the worker's function (``desk_fixtures.move``), and every
time is set by hand; the desk is read at ``AT`` (the API and the CLI read it now: they are checked for what
does not depend on the hour).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from service import games as G
from service.mail_models import Deadline
from service.models import Game, GameEvent
from service.tournaments import acts
from service.tournaments.desk import desk
from service.tournaments.models import TournamentEvent
from tests.service.test_api import assert_error, auth
from umpire_cli.main import cli

from . import desk_fixtures as F
from .desk_fixtures import AT, DIRECTOR, h

HOUR = 3600.0


@pytest.fixture
def cup(sessions) -> F.Cup:
    return F.build(sessions)


def the_desk(sessions, cup, at=AT) -> dict:
    with sessions() as s:
        return desk(s, cup.tid, at)


def names(cup) -> dict[str, str]:
    return {gid: name for name, gid in cup.games.items()}


def iso(t) -> str:
    return t.isoformat() + "Z"


def without_times(x):
    """The desk without what depends on the hour it is read at."""
    if isinstance(x, dict):
        return {k: without_times(v) for k, v in x.items() if k not in ("at", "waiting_seconds")}
    return [without_times(v) for v in x] if isinstance(x, list) else x


def counts(sessions, cup) -> tuple[int, int]:
    """The game events and the tournament events: what a refused act leaves as they were."""
    with sessions() as s:
        return (s.scalar(select(func.count()).select_from(GameEvent)),
                s.scalar(select(func.count()).select_from(TournamentEvent)))


# ---------------------------------------------------------------------------------------- the desk itself


def test_the_desk_of_the_cup_worked_out_by_hand(sessions, cup):
    d = the_desk(sessions, cup)
    g = {names(cup)[x["game"]]: x for x in d["games"]}
    # what needs the director first: the ruling, the deadline, the pause; then the games going on, the longest
    # waiting first (G5 since h(20), G6 since h(30)); then the game over
    assert [names(cup)[x["game"]] for x in d["games"]] == ["g3", "g1", "g2", "g5", "g6", "g4"]
    assert [x["needs_director"] for x in d["games"]] == [True, True, True, False, False, False]
    assert d["counts"] == {"games": 6, "needs_director": 3, "going_on": 4, "ruling_awaited": 1,
                           "deadline_passed": 1, "paused": 1}
    assert d["at"] == iso(AT) and d["tournament"]["name"] == "Desk Cup"

    g1 = g["g1"]
    assert (g1["round"], g1["board"], g1["seq"], g1["status"], g1["over"]) == (1, 1, 8, "active", False)
    assert g1["seats"] == [{"role": "irgun", "side": "Irgun", "player": "Ann"},
                           {"role": "british", "side": "British", "player": "Bob"}]
    assert g1["awaiting"] == [{"role": "british", "side": "British", "player": "Bob"}]
    assert (g1["since"], g1["waiting_seconds"]) == (iso(h(9)), 31 * HOUR)
    assert g1["deadlines"] == [{"role": "british", "player": "Bob", "due": iso(h(33)), "passed": True}]
    assert [(x["kind"], x["open"], x["player"]) for x in g1["disputes"]] == [("deadline-passed", True, "Bob")]
    assert "British (Bob) did not decide position 8 by 2025-03-02 17:00 UTC" == g1["disputes"][0]["text"]
    assert g1["links"]["page"] == f"/games/{cup.games['g1']}"
    assert g1["links"]["pause"] == f"/api/tournaments/{cup.tid}/games/{cup.games['g1']}/pause"

    g2 = g["g2"]
    assert (g2["status"], g2["since"], g2["waiting_seconds"]) == ("paused", iso(h(4)), 1 * HOUR)  # clock stopped at h(5)
    assert g2["paused"] == {"since": iso(h(5)), "by": "umpire", "reason": "dispute over Galilee"}
    assert g2["deadlines"] == [{"role": "irgun", "player": "Cat", "due": iso(h(30)), "passed": True}]  # the stored row
    assert [x["kind"] for x in g2["disputes"]] == ["paused"]  # a paused game's deadline waits: no dispute for it
    assert "dispute over Galilee" in g2["disputes"][0]["text"]

    g3 = g["g3"]
    assert (g3["status"], g3["over"], g3["ruled"], g3["awaiting"], g3["since"]) == ("abandoned", True, False, [], None)
    assert [(x["kind"], x["open"]) for x in g3["disputes"]] == [("ruling-awaited", True)]
    assert "no show" in g3["disputes"][0]["text"]

    g4 = g["g4"]
    assert (g4["status"], g4["over"], g4["outcome"]["winner"], g4["awaiting"]) == ("finished", True, "irgun", [])
    assert [(x["kind"], x["open"], x["seq"], x["at"]) for x in g4["disputes"]] == [("rolled-back", False, 3, iso(h(2)))]
    assert "wrong card" in g4["disputes"][0]["text"]

    assert (g["g5"]["since"], g["g5"]["waiting_seconds"], g["g5"]["deadlines"]) == (iso(h(20)), 20 * HOUR, [])
    assert g["g6"]["awaiting"] == [{"role": "irgun", "side": "Irgun", "player": "Bob"}]


def test_response_times_of_the_cup_worked_out_by_hand(sessions, cup):
    p = {x["player"]: x for x in the_desk(sessions, cup)["players"]}
    assert list(p) == list(F.PLAYERS)  # entry order
    gids = cup.games
    # Ann: 2 h (setup to h(2)), 1 h (h(2) to h(3)): two submissions of three orders each, two decisions
    assert (p["Ann"]["decisions"], p["Ann"]["median_seconds"], p["Ann"]["longest_seconds"],
            p["Ann"]["longest_game"]) == (2, 1.5 * HOUR, 2 * HOUR, gids["g1"])
    assert p["Ann"]["waiting_seconds"] == 20 * HOUR  # G5 since h(20)
    # Bob: h(3) to h(9), less the pause from h(4) to h(6): 4 h; awaited in G1 since h(9) and in G6 since h(30)
    assert (p["Bob"]["decisions"], p["Bob"]["median_seconds"], p["Bob"]["longest_seconds"]) == (1, 4 * HOUR, 4 * HOUR)
    assert [(a["game"], a["waiting_seconds"]) for a in p["Bob"]["awaited"]] == [(gids["g1"], 31 * HOUR),
                                                                                (gids["g6"], 10 * HOUR)]
    assert p["Bob"]["waiting_seconds"] == 31 * HOUR
    # Cat: 4 h; awaited in the paused G2: h(4) to h(5), then the clock stopped
    assert (p["Cat"]["decisions"], p["Cat"]["median_seconds"], p["Cat"]["waiting_seconds"]) == (1, 4 * HOUR, HOUR)
    assert p["Cat"]["awaited"][0]["paused"] is True
    # Gus: his first move was rolled back at h(2); the move counted waited from h(2) to h(5)
    assert (p["Gus"]["decisions"], p["Gus"]["median_seconds"], p["Gus"]["waiting_seconds"]) == (1, 3 * HOUR, None)
    for who in ("Dan", "Eve", "Fay", "Hal"):  # a resignation is not a decision
        assert (p[who]["decisions"], p[who]["median_seconds"], p[who]["longest_seconds"], p[who]["awaited"]) == (
            0, None, None, [])


def test_a_ruled_game_no_longer_needs_the_director(sessions, cup):
    from service.tournaments.models import TournamentGame
    with sessions() as s, s.begin():
        tg = s.execute(select(TournamentGame).where(TournamentGame.game_id == cup.games["g3"])).scalar_one()
        tg.ruling = {"status": "abandoned", "outcome": {"Eve": "draw", "Fay": "draw"}, "reason": "no show"}
    d = the_desk(sessions, cup)
    assert [names(cup)[x["game"]] for x in d["games"]] == ["g1", "g2", "g5", "g6", "g3", "g4"]
    g3 = next(x for x in d["games"] if x["game"] == cup.games["g3"])
    assert (g3["ruled"], g3["needs_director"], g3["disputes"]) == (True, False, [])
    assert d["counts"]["ruling_awaited"] == 0


def test_the_desk_writes_nothing(sessions, cup):
    before = counts(sessions, cup)
    with sessions() as s:
        made = s.scalar(select(func.count()).select_from(Deadline))
    the_desk(sessions, cup)
    with sessions() as s:
        assert s.scalar(select(func.count()).select_from(Deadline)) == made  # G1's deadline worked out, not stored
    assert counts(sessions, cup) == before


# ---------------------------------------------------------------------------------------------- the acts


def test_acts_are_logged_in_the_game_and_in_the_tournament(sessions, cup):
    g5 = cup.games["g5"]
    with sessions() as s, s.begin():
        out = acts.pause(s, cup.tid, g5, "Ann asked for a week")
    assert out["status"] == "paused" and out["tournament"] == cup.tid
    with sessions() as s, s.begin():
        ev, tev = acts.act(s, cup.tid, g5, "warned", reason="late twice")
    with sessions() as s:
        game_evs = G.events(s, G.get_game(s, g5))
        t_evs = s.execute(select(TournamentEvent).where(TournamentEvent.tournament_id == cup.tid)
                          .order_by(TournamentEvent.id)).scalars().all()
    assert [(e["kind"], e["by"], e["data"]["reason"]) for e in game_evs] == [
        ("paused", "umpire", "Ann asked for a week"), ("warned", "umpire", "late twice")]
    assert [(e.kind, e.by, e.game_id, e.data["event"], e.data["reason"]) for e in t_evs] == [
        ("paused", "director", g5, out["game_event"], "Ann asked for a week"),
        ("warned", "director", g5, ev.id, "late twice")]
    assert t_evs[0].id == out["tournament_event"] and t_evs[1].id == tev.id
    assert t_evs[0].text == f"paused game {g5} (round 2, board 1): Ann asked for a week"


def test_an_act_on_a_game_of_another_tournament_is_refused(sessions, cup):
    other = F.add_tournament(sessions, "Other Cup", ("Zoe", "Yan"), token="another-director-token-0000")
    rid = F.add_round(sessions, other, 1, [{"board": 1, "seats": {"irgun": "Zoe", "british": "Yan"}}], AT)
    stranger, _ = F.add_game(sessions, other, rid, 1, {"irgun": "Zoe", "british": "Yan"}, AT,
                             token="another-director-token-0000")
    before = counts(sessions, cup)
    from service.errors import NotFound
    for gid in (stranger, "G-000000"):
        with sessions() as s, s.begin(), pytest.raises(NotFound) as e:
            acts.pause(s, cup.tid, gid)
        assert e.value.code == "not-in-tournament" and f"not a game of tournament {cup.tid}" in e.value.message
    assert counts(sessions, cup) == before
    with sessions() as s:
        assert s.get(Game, stranger).status == "active"


# ------------------------------------------------------------------------------------------------ the API


def test_api_desk_for_the_director_only(client, sessions, cup):
    r = client.get(f"/api/tournaments/{cup.tid}/desk", headers=auth(DIRECTOR))
    assert r.status_code == 200, r.get_data(as_text=True)
    d = r.get_json()
    assert [names(cup)[x["game"]] for x in d["games"]] == ["g3", "g1", "g2", "g5", "g6", "g4"]  # at now, too
    assert d["counts"]["needs_director"] == 3 and len(d["players"]) == 8
    with sessions() as s:  # the whole desk as the service reads it: the document's schema drops nothing
        assert without_times(d) == without_times(desk(s, cup.tid))
    assert_error(client.get(f"/api/tournaments/{cup.tid}/desk"), 401, "director-token-needed")
    e = assert_error(client.get(f"/api/tournaments/{cup.tid}/desk", headers=auth("forged-token")), 401,
                     "bad-director-token")
    assert cup.tid in e["message"]
    # a seat's token is not the director's, nor is it the umpire token of one game only
    assert_error(client.get(f"/api/tournaments/{cup.tid}/desk", headers=auth(cup.tokens["g1"]["irgun"])), 401,
                 "bad-director-token")
    assert_error(client.get("/api/tournaments/T-000000/desk", headers=auth(DIRECTOR)), 404, "not-found")


def test_api_acts_and_their_refusals(client, sessions, cup):
    g1, g5 = cup.games["g1"], cup.games["g5"]
    base = f"/api/tournaments/{cup.tid}/games"
    r = client.post(f"{base}/{g1}/pause", json={"reason": "looking at the log"}, headers=auth(DIRECTOR))
    assert r.status_code == 200, r.get_data(as_text=True)
    assert (r.json["status"], r.json["id"], r.json["seq"]) == ("paused", g1, 8)
    before = counts(sessions, cup)
    assert_error(client.post(f"{base}/{g1}/pause", json={}, headers=auth(DIRECTOR)), 409, "paused")
    assert_error(client.post(f"{base}/{g5}/resume", json={}, headers=auth(DIRECTOR)), 409, "not-paused")
    assert_error(client.post(f"{base}/{g5}/extend-deadline", json={"hours": 24}, headers=auth(DIRECTOR)), 409,
                 "no-deadline")
    assert_error(client.post(f"{base}/{cup.games['g4']}/pause", json={}, headers=auth(DIRECTOR)), 409, "game-over")
    r = client.post(f"{base}/{g1}/extend-deadline", json={"hours": -3}, headers=auth(DIRECTOR))
    assert r.status_code == 422 and "hours" in r.json["message"]
    assert_error(client.post(f"{base}/G-000000/pause", json={}, headers=auth(DIRECTOR)), 404, "not-in-tournament")
    assert_error(client.post(f"{base}/{g1}/resume", json={}), 401, "director-token-needed")
    assert_error(client.post(f"{base}/{g1}/resume", json={}, headers=auth(cup.tokens["g1"]["british"])), 401,
                 "bad-director-token")
    assert counts(sessions, cup) == before  # every refusal changed nothing
    with sessions() as s:
        assert s.get(Game, g1).status == "paused"

    r = client.post(f"{base}/{g1}/resume", json={"reason": "fine"}, headers=auth(DIRECTOR))
    assert r.status_code == 200 and r.json["status"] == "active"
    r = client.post(f"{base}/{g1}/extend-deadline", json={"hours": 12, "reason": "travel"}, headers=auth(DIRECTOR))
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.json["due"] == {"british": iso(h(45))}  # h(33) and 12 hours
    assert the_desk(sessions, cup)["games"][0]["game"] == cup.games["g3"]
    g1_now = next(x for x in the_desk(sessions, cup)["games"] if x["game"] == g1)
    assert g1_now["deadlines"] == [{"role": "british", "player": "Bob", "due": iso(h(45)), "passed": False}]
    assert g1_now["needs_director"] is False  # at h(40) the new deadline has not passed

    log = client.get(f"/api/games/{g1}/log").json["events"]
    assert [e["kind"] for e in log][-3:] == ["paused", "resumed", "deadline-extended"]
    with sessions() as s:
        t_evs = s.execute(select(TournamentEvent).where(TournamentEvent.tournament_id == cup.tid)
                          .order_by(TournamentEvent.id)).scalars().all()
    assert [(e.kind, e.game_id, e.data["reason"]) for e in t_evs] == [
        ("paused", g1, "looking at the log"), ("resumed", g1, "fine"), ("deadline-extended", g1, "travel")]
    assert [e.data["event"] for e in t_evs] == [e["id"] for e in log][-3:]
    assert t_evs[2].text == f"extended the deadline in game {g1} (round 1, board 1) by 12 hour(s): travel"


def test_another_tournaments_director_cannot_act(client, sessions, cup):
    other = F.add_tournament(sessions, "Other Cup", ("Zoe", "Yan"), token="another-director-token-0000")
    before = counts(sessions, cup)
    r = client.post(f"/api/tournaments/{cup.tid}/games/{cup.games['g5']}/pause", json={},
                    headers=auth("another-director-token-0000"))
    assert_error(r, 401, "bad-director-token")
    assert_error(client.get(f"/api/tournaments/{other}/desk", headers=auth(DIRECTOR)), 401, "bad-director-token")
    assert counts(sessions, cup) == before


def test_the_desk_endpoints_are_in_the_openapi_document(client):
    doc = client.get("/api/openapi.json").get_json()
    desk_op = doc["paths"]["/api/tournaments/{tid}/desk"]["get"]
    assert {"200", "401", "404", "429"} <= set(desk_op["responses"]) and desk_op["security"] == [{"bearer": []}]
    for act in ("pause", "resume", "extend-deadline"):
        op = doc["paths"][f"/api/tournaments/{{tid}}/games/{{gid}}/{act}"]["post"]
        assert {"200", "400", "401", "404", "409"} <= set(op["responses"]), act


# ------------------------------------------------------------------------------------------------ the CLI


def test_cli_desk_text_and_json(database_url, sessions, cup):
    runner = CliRunner()
    env = {"DATABASE_URL": database_url, "REDIS_URL": ""}
    res = runner.invoke(cli, ["tournament", "desk", cup.tid], env=env)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    flagged = [line for line in lines if line.startswith("! ")]
    assert [line.split()[3] for line in flagged] == [cup.games["g3"], cup.games["g1"], cup.games["g2"]]
    assert any("DISPUTE deadline-passed: British (Bob) did not decide position 8" in line for line in lines)
    assert any("settled rolled-back" in line for line in lines)
    ann = next(line for line in lines if line.strip().startswith("Ann "))
    assert ann.split()[1:6] == ["2", "1h", "30m", "2h", "00m"]
    res = runner.invoke(cli, ["tournament", "desk", cup.tid, "--json"], env=env)
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert [x["game"] for x in d["games"]][:3] == [cup.games["g3"], cup.games["g1"], cup.games["g2"]]
    res = runner.invoke(cli, ["tournament", "desk", "T-000000"], env=env)
    assert res.exit_code != 0 and "no tournament 'T-000000'" in res.output


def test_cli_acts_are_logged_in_both_logs_as_from_the_command_line(database_url, sessions, cup):
    runner = CliRunner()
    env = {"DATABASE_URL": database_url, "REDIS_URL": ""}
    g1, g5 = cup.games["g1"], cup.games["g5"]
    res = runner.invoke(cli, ["tournament", "pause", cup.tid, g1, "--reason", "a complaint"], env=env)
    assert res.exit_code == 0 and f"{g1}: paused at position 8" in res.output, res.output
    res = runner.invoke(cli, ["tournament", "extend-deadline", cup.tid, g1, "--hours", "2"], env=env)
    assert res.exit_code == 0 and f"british must now decide position 8 by {iso(h(35))}" in res.output, res.output
    before = counts(sessions, cup)
    for args in (["resume", cup.tid, g5], ["pause", cup.tid, "G-000000"], ["extend-deadline", cup.tid, g5, "--hours", "2"]):
        res = runner.invoke(cli, ["tournament", *args], env=env)
        assert res.exit_code != 0 and "Traceback" not in res.output, res.output
    assert "not-paused" in runner.invoke(cli, ["tournament", "resume", cup.tid, g5], env=env).output
    assert counts(sessions, cup) == before
    res = runner.invoke(cli, ["tournament", "resume", cup.tid, g1], env=env)
    assert res.exit_code == 0, res.output
    with sessions() as s:
        game_evs = G.events(s, G.get_game(s, g1))[-3:]
        t_evs = s.execute(select(TournamentEvent).where(TournamentEvent.tournament_id == cup.tid)
                          .order_by(TournamentEvent.id)).scalars().all()
    assert [(e["kind"], e["data"]["via"]) for e in game_evs] == [
        ("paused", "command line"), ("deadline-extended", "command line"), ("resumed", "command line")]
    assert [(e.kind, e.by, e.data["via"], e.data["event"]) for e in t_evs] == [
        (e["kind"], "director", "command line", e["id"]) for e in game_evs]
