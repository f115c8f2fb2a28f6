"""Running a tournament (issue 33, items 1 and 2), the service functions: creating a tournament (every
refusal with its message, nothing made), entering and withdrawing players, confirming them, and the public
description. Pairing, rulings and closing are in ``test_running_rounds``; the command line in
``test_running_cli``; the API and the page in ``test_tournament_api``; the mail in
``tests/mail/test_tournament_mail``.

The app here writes mail to its outbox (a relay host is configured; nothing is sent), so the letters a
round writes can be read back.
"""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from service import games as G
from service.control import resign
from service.errors import ServiceError
from service.mail_models import OutboundMail
from service.models import Game
from service.tokens import hash_token
from service.tournaments import running
from service.tournaments.access import get_tournament, is_director
from service.tournaments.models import Tournament, TournamentEvent, TournamentGame, TournamentPlayer
from umpire_app.web import create_app

PLAYERS = [{"name": f"Player {i}", "email": f"Player{i}@Example.org"} for i in range(8)]
MAIL = {"domain": "umpire.test", "smtp_host": "127.0.0.1", "smtp_port": 9, "smtp_security": "none"}


@pytest.fixture
def app(database_url):
    """An app on a fresh database whose mail goes to its outbox (a relay is named; nothing is sent here)."""
    app = create_app({"DATABASE_URL": database_url, "REDIS_URL": "", "SWEEP_SECONDS": 0.5, "MAIL": MAIL})
    yield app
    app.extensions["umpire"]["engine"].dispose()


def make(sessions, players=PLAYERS, **kw) -> tuple[str, str]:
    """A tournament of *players* (Palestine, Swiss by default); its id and the director's token."""
    args = {"name": "Spring Open", "game": "palestine", "players": players, "deadline_hours": 48.0,
            "director_email": "td@example.org", **kw}
    with sessions() as s, s.begin():
        t, token = running.create_tournament(s, **args)
        return t.id, token


def confirm_all(sessions, tid: str) -> None:
    with sessions() as s, s.begin():
        for p in s.scalars(select(TournamentPlayer).where(TournamentPlayer.tournament_id == tid)):
            if p.withdrawn_at is None:
                running.mark_player_confirmed(s, tid, p.name)


def pair(sessions, tid: str, **kw) -> int:
    with sessions() as s, s.begin():
        return running.pair_round(s, tid, by="director", site="https://umpire.test/", **kw).number


def refused(sessions, act, status: int, code: str | None = None) -> ServiceError:
    """*act(session)* is refused with *status* (and *code*); its transaction is rolled back."""
    with pytest.raises(ServiceError) as e, sessions() as s, s.begin():
        act(s)
    assert e.value.status == status, e.value.message
    if code:
        assert e.value.code == code, (e.value.code, e.value.message)
    return e.value


def tables(sessions, tid: str, number: int) -> list[dict]:
    with sessions() as s:
        return next(r for r in running.describe(s, tid)["rounds"] if r["number"] == number)["tables"]


def finish(sessions, gid: str, winner: str = "irgun") -> None:
    """Game *gid* ends: the other side resigns (the umpire's act), *winner* wins."""
    with sessions() as s, s.begin():
        game = G.get_game(s, gid, lock=True)
        loser = next(r for r in ("irgun", "british") if r != winner)
        resign(s, game, loser, "umpire")


def count(sessions, model, **where) -> int:
    with sessions() as s:
        q = select(func.count()).select_from(model)
        for k, v in where.items():
            q = q.where(getattr(model, k) == v)
        return s.scalar(q)


def events(sessions, tid: str) -> list[TournamentEvent]:
    with sessions() as s:
        return list(s.scalars(select(TournamentEvent).where(TournamentEvent.tournament_id == tid)
                              .order_by(TournamentEvent.id)))


# -------------------------------------------------------------------------------------------- creating


def test_create_keeps_the_settings_the_players_in_entry_order_and_only_the_token_hash(sessions):
    tid, token = make(sessions, scenarios=["example-of-play", "standard"], rulings=[{"id": "TD-1", "text": "No X."}],
                      points={"win": 2, "draw": 1, "bye": 2, "bye_buchholz": "own"}, rounds_planned=3)
    with sessions() as s:
        t = get_tournament(s, tid)
        assert (t.name, t.game, t.scenarios, t.pairing, t.rounds_planned, t.status) == \
            ("Spring Open", "palestine", ["example-of-play", "standard"], "swiss", 3, "entry")
        assert t.rulings == [{"id": "TD-1", "text": "No X."}] and t.points["bye_buchholz"] == "own"
        assert t.deadline_hours == 48.0 and t.director_email == "td@example.org"
        assert t.director_token_hash == hash_token(token) and token not in json.dumps(
            {c.name: str(getattr(t, c.name)) for c in Tournament.__table__.columns})
        assert is_director(t, token) and not is_director(t, token + "x")
        rows = s.scalars(select(TournamentPlayer).where(TournamentPlayer.tournament_id == tid)
                         .order_by(TournamentPlayer.id)).all()
        assert [p.name for p in rows] == [p["name"] for p in PLAYERS]
        assert rows[3].email == "player3@example.org"  # the normal form (service.addresses.normal)
        assert all(p.confirmed_at is None and p.code_hash is None for p in rows)
    (ev,) = events(sessions, tid)
    assert ev.kind == "created" and ev.by == "director" and ev.data["players"] == [p["name"] for p in PLAYERS]
    assert "@" not in json.dumps(ev.data) + ev.text


def test_create_defaults_to_the_games_default_scenario_and_no_deadline(sessions):
    tid, _ = make(sessions, players=[], deadline_hours=None, director_email="")
    with sessions() as s:
        t = get_tournament(s, tid)
        assert t.scenarios == ["standard"] and t.deadline_hours is None and t.points == {}


@pytest.mark.parametrize("change, words", [
    ({"game": "chess"}, "'chess' is not a game of this Umpire; games: arab-revolt"),
    ({"scenarios": ["desert"]}, "'desert' is not a scenario of palestine; its scenarios: standard, example-of-play"),
    ({"scenarios": ["standard", "standard"]}, "a scenario is named more than once"),
    ({"options": {"fog": True}}, "'fog' is not an option of palestine; its options: map, rulings"),
    ({"options": {"rulings": {"R-NOPE": "x"}}}, "scenario standard: rulings option: 'R-NOPE' offers no choice"),
    ({"rulings": [{"id": "TD-1"}]}, 'ruling 1 is not {"id", "text"}'),
    ({"rulings": [{"id": "TD-1", "text": "a"}, {"id": "TD-1", "text": "b"}]}, "the ruling id 'TD-1' is given twice"),
    ({"pairing": "knockout"}, "'knockout' is not a pairing: swiss, round-robin, manual"),
    ({"game": "dai-senso-events", "pairing": "round-robin"},
     "round-robin pairs two players a game, and dai-senso-events has 3 seats"),
    ({"rounds_planned": -1}, "rounds_planned is a whole number from 0 (not fixed) to 200, not -1"),
    ({"points": {"win": "two"}}, "the points for a win are a number, not 'two'"),
    ({"points": {"win": True}}, "the points for a win are a number, not True"),
    ({"points": {"bonus": 1}}, "'bonus' is not a kind of points; they are win, draw, loss, bye, bye_buchholz"),
    ({"points": {"bye_buchholz": "half"}}, "bye_buchholz is a number or \"own\", not 'half'"),
    ({"deadline_hours": 0}, "deadline_hours is a number of hours above 0"),
    ({"deadline_hours": -5}, "deadline_hours is a number of hours above 0"),
    ({"director_email": "the director"}, "the director's address 'the director' is not a mail address"),
    ({"name": "  "}, "the tournament's name is empty"),
    ({"name": "x" * 151}, "is 151 characters: at most 150"),
    ({"players": [{"name": "Ann"}, {"name": "ANN "}]}, "player 2's name 'ANN' is player 1's: names are unique"),
    ({"players": [{"name": ""}]}, "player 1's name is empty"),
    ({"players": [{"name": "y" * 101}]}, "is 101 characters: at most 100"),
    ({"players": [{"name": "Ann\nBob"}]}, "holds a control character"),
    ({"players": [{"name": "Ann", "email": "ann at example"}]}, "player 1 (Ann)'s address 'ann at example' is not a "
                                                                "mail address"),
    ({"players": [{"name": "Ann", "club": "X"}]}, 'player 1 is not {"name", "email"}'),
])
def test_create_refuses_each_fault_with_its_message_and_makes_nothing(sessions, change, words):
    e = refused(sessions, lambda s: running.create_tournament(
        s, **{"name": "Spring Open", "game": "palestine", "players": PLAYERS[:2], **change}), 400)
    assert words in e.message, e.message
    assert any(words in p for p in e.extra["problems"])
    assert count(sessions, Tournament) == 0 and count(sessions, TournamentPlayer) == 0


def test_create_names_every_fault_at_once(sessions):
    e = refused(sessions, lambda s: running.create_tournament(
        s, name="", game="palestine", pairing="knockout", points={"draw": "half"}, deadline_hours=-1,
        players=[{"name": "Ann", "email": "x"}, {"name": "ann"}]), 400)
    assert len(e.extra["problems"]) == 6, e.extra["problems"]
    assert e.message.startswith("the tournament is refused: ")


# -------------------------------------------------------------------------------------------- players


def test_a_late_entry_in_a_swiss_tournament_starts_on_zero_points_and_is_paired_next(sessions):
    tid, _ = make(sessions, players=PLAYERS[:4])
    confirm_all(sessions, tid)
    pair(sessions, tid)
    for tb in tables(sessions, tid, 1):
        finish(sessions, tb["game_id"])
    with sessions() as s, s.begin():
        p = running.add_player(s, tid, name=" Late Comer ", email="late@example.org")
        assert p.name == "Late Comer" and p.confirmed_at is None
    assert events(sessions, tid)[-1].text == "entered Late Comer, after round 1 (on 0 points)"
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director"), 409, "unconfirmed-players")
    assert "Late Comer" in e.message
    confirm_all(sessions, tid)
    pair(sessions, tid)
    with sessions() as s:
        r2 = running.describe(s, tid)["rounds"][1]
    assert "Late Comer" in [x["player"] for tb in r2["tables"] for x in tb["seats"]] + r2["byes"]


def test_no_entry_once_a_round_robin_has_its_first_round(sessions):
    tid, _ = make(sessions, players=PLAYERS[:4], pairing="round-robin")
    with sessions() as s, s.begin():
        running.add_player(s, tid, name="Early", email="")  # before round 1: taken
    confirm_all(sessions, tid)
    pair(sessions, tid)
    e = refused(sessions, lambda s: running.add_player(s, tid, name="Late"), 409, "entry-closed")
    assert "round-robin and round 1 is paired" in e.message


@pytest.mark.parametrize("name, email, words", [
    ("player 0", "", "'player 0' is a player already: names are unique"),
    ("", "", "a player's name is empty"),
    ("Zed", "zed@", "the player's address 'zed@' is not a mail address"),
])
def test_add_player_refusals(sessions, name, email, words):
    tid, _ = make(sessions, players=PLAYERS[:2])
    e = refused(sessions, lambda s: running.add_player(s, tid, name=name, email=email), 400)
    assert words in e.message
    assert count(sessions, TournamentPlayer, tournament_id=tid) == 2


def test_withdraw_a_player_then_again_and_an_unknown_player(sessions):
    tid, _ = make(sessions, players=PLAYERS[:3])
    with sessions() as s, s.begin():
        running.withdraw_player(s, tid, "Player 1", reason="moved house")
    assert events(sessions, tid)[-1].text == "withdrew Player 1 (moved house)"
    e = refused(sessions, lambda s: running.withdraw_player(s, tid, "Player 1"), 409, "withdrawn")
    assert "Player 1 withdrew from tournament" in e.message
    e = refused(sessions, lambda s: running.withdraw_player(s, tid, "Nobody"), 404, "no-player")
    assert e.message == f"'Nobody' is not a player of tournament {tid}; its players: Player 0, Player 1, Player 2"
    e = refused(sessions, lambda s: running.mark_player_confirmed(s, tid, "Player 1"), 409, "withdrawn")


def test_mark_player_confirmed_once_then_nothing_changes(sessions):
    tid, _ = make(sessions, players=PLAYERS[:2])
    with sessions() as s, s.begin():
        s.info["via"] = "command line"
        assert running.mark_player_confirmed(s, tid, "Player 0") is True
        assert running.mark_player_confirmed(s, tid, "Player 0") is False
    ev = events(sessions, tid)[-1]
    assert (ev.kind, ev.text, ev.data) == ("player-confirmed", "Player 0's address was confirmed (marked on the "
                                           "server)", {"player": "Player 0", "via": "command line"})
    assert len(events(sessions, tid)) == 2
    refused(sessions, lambda s: running.mark_player_confirmed(s, tid, "player 0"), 404, "no-player")


def test_an_unconfirmed_player_blocks_the_pairing_until_withdrawn(sessions):
    tid, _ = make(sessions, players=PLAYERS[:5])
    with sessions() as s, s.begin():
        for p in PLAYERS[:3]:
            running.mark_player_confirmed(s, tid, p["name"])
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director"), 409, "unconfirmed-players")
    assert "not every player has confirmed their address: Player 3, Player 4" in e.message
    assert count(sessions, Game) == 0 and count(sessions, TournamentGame) == 0
    with sessions() as s, s.begin():
        running.withdraw_player(s, tid, "Player 3")
        running.withdraw_player(s, tid, "Player 4")
    pair(sessions, tid)
    (tb,) = tables(sessions, tid, 1)
    with sessions() as s:
        byes = running.describe(s, tid)["rounds"][0]["byes"]
    assert {x["player"] for x in tb["seats"]} | set(byes) == {"Player 0", "Player 1", "Player 2"}
    with sessions() as s:  # no letter to a withdrawn, unconfirmed player
        assert not s.scalars(select(OutboundMail).where(OutboundMail.to_addr.in_(
            ["player3@example.org", "player4@example.org"]))).all()


# -------------------------------------------------------------------------------------------- description


def test_describe_says_what_anyone_may_see_and_never_an_address(sessions):
    tid, token = make(sessions, players=PLAYERS[:5], rulings=[{"id": "TD-1", "text": "Ties go to the British."}])
    confirm_all(sessions, tid)
    with sessions() as s, s.begin():
        running.withdraw_player(s, tid, "Player 4")
    pair(sessions, tid)
    with sessions() as s:
        d = running.describe(s, tid)
    assert d["players"][0] == {"name": "Player 0", "confirmed": True, "withdrawn": False}
    assert d["players"][4] == {"name": "Player 4", "confirmed": True, "withdrawn": True}
    assert d["points"] == {"win": 1.0, "draw": 0.5, "loss": 0.0, "bye": 1.0, "bye_buchholz": 0.0}
    assert d["status"] == "running" and d["game_title"].startswith("The British Way: Palestine")
    (r,) = d["rounds"]
    assert [tb["board"] for tb in r["tables"]] == [1, 2] and r["byes"] == []
    assert r["tables"][0]["seats"][0]["side"] == "Irgun" and r["tables"][0]["status"] == "active"
    assert [e["kind"] for e in d["log"]] == ["created"] + ["player-confirmed"] * 5 + ["player-withdrawn",
                                                                                      "round-paired"]
    text = json.dumps(d)
    assert "@" not in text and token not in text and hash_token(token) not in text
