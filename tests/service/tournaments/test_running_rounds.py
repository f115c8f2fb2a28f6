"""Pairing a tournament's rounds, the director's rulings and closing (issue 33, items 2 and 6), the service
functions: a round makes its games (the director their umpire), sets their mail settings, confirms the
players' addresses for them and writes each player one letter, all or nothing; every refusal with its
message. Helpers and the mail-writing app are ``test_running``'s."""

from __future__ import annotations

import itertools
from collections import Counter
from email import message_from_bytes, policy

import pytest
from sqlalchemy import select

from service import addresses
from service import games as G
from service.control import abandon
from service.mail_models import Deadline, MailConfirmation, MailGame, OutboundMail
from service.models import Game, GameEvent, Seat
from service.tokens import hash_token
from service.tournaments import mailing, running
from service.tournaments.models import Tournament, TournamentGame, TournamentRound
from service.tournaments.results import results

from .test_running import (  # noqa: F401  (app: the fixture, mail written to the outbox)
    PLAYERS,
    app,
    confirm_all,
    count,
    events,
    finish,
    make,
    pair,
    refused,
    tables,
)


def letters(sessions, key_prefix: str = "tournament-") -> list[OutboundMail]:
    with sessions() as s:
        return list(s.scalars(select(OutboundMail).where(OutboundMail.key.startswith(key_prefix))
                              .order_by(OutboundMail.id)))


# -------------------------------------------------------------------------------------------- a round's games


def test_a_swiss_round_of_eight_in_palestine_makes_four_games_whose_umpire_is_the_director(sessions):
    tid, token = make(sessions)
    confirm_all(sessions, tid)
    assert pair(sessions, tid) == 1
    tbs = tables(sessions, tid, 1)
    assert len(tbs) == 4
    seated = [x["player"] for tb in tbs for x in tb["seats"]]
    assert sorted(seated) == sorted(p["name"] for p in PLAYERS)
    with sessions() as s:
        t = s.get(Tournament, tid)
        assert t.status == "running"
        for tb in tbs:
            game = s.get(Game, tb["game_id"])
            assert game.umpire_token_hash == hash_token(token) == t.director_token_hash
            assert G.whose_token(s, game, token) == "umpire"
            assert (game.game, game.scenario, game.status) == ("palestine", "standard", "active")
            assert game.title == f"Spring Open, round 1, board {tb['board']}"
            seats = {x.role: x for x in s.scalars(select(Seat).where(Seat.game_id == game.id))}
            for x in tb["seats"]:
                email = x["player"].replace(" ", "").lower() + "@example.org"
                assert (seats[x["role"]].player, seats[x["role"]].email) == (x["player"], email)
                assert addresses.is_confirmed(s, game.id, email)  # the tournament's confirmation counts
            mg = s.get(MailGame, game.id)
            assert (mg.deadline_hours, mg.umpire_email) == (48.0, "td@example.org")
            assert not addresses.is_confirmed(s, game.id, "td@example.org")  # the director's: to confirm once
            (d,) = s.scalars(select(Deadline).where(Deadline.game_id == game.id)).all()
            assert (d.role, d.seq) == ("irgun", 0)  # the first decision's clock runs
            tg = s.scalar(select(TournamentGame).where(TournamentGame.game_id == game.id))
            assert tg.seats == {x["role"]: x["player"] for x in tb["seats"]} and tg.ruling is None
        rnd = s.scalar(select(TournamentRound).where(TournamentRound.tournament_id == tid))
        assert (rnd.number, rnd.method, rnd.scenario) == (1, "swiss", "standard")
        assert [tb["seats"] for tb in rnd.pairing["tables"]] == [tg["seats"] for tg in [
            {"seats": {x["role"]: x["player"] for x in tb["seats"]}} for tb in tbs]]
    ev = events(sessions, tid)[-1]
    assert ev.kind == "round-paired" and ev.text.startswith("paired round 1 (swiss, standard): board 1 G-")


def test_each_player_gets_one_seat_letter_naming_side_opponent_and_token_once(sessions):
    tid, _ = make(sessions, players=PLAYERS[:5], rulings=[{"id": "TD-1", "text": "Ties go to the British."}])
    confirm_all(sessions, tid)
    with sessions() as s, s.begin():
        post = mailing.Kept(mailing.post_of(s))
        running.pair_round(s, tid, by="director", site="https://umpire.test/", post=post)
    rows = letters(sessions)
    assert sorted(r.id for r in rows) == sorted(post.written) and post.unsent == []
    seat_rows = [r for r in rows if r.key.startswith("tournament-seat:")]
    assert Counter(r.to_addr for r in seat_rows) == Counter(f"player{i}@example.org" for i in range(4))
    (bye,) = [r for r in rows if r.key.startswith("tournament-bye:")]
    assert bye.to_addr == "player4@example.org" and b"you have a bye" in bye.raw
    for tb in tables(sessions, tid, 1):
        for x in tb["seats"]:
            (row,) = [r for r in seat_rows if r.key == f"tournament-seat:{tb['game_id']}:{x['role']}"]
            msg = message_from_bytes(row.raw, policy=policy.default)
            text = msg.get_body(("plain",)).get_content()
            other = next(y for y in tb["seats"] if y is not x)
            assert f"you play {x['side']} on board {tb['board']}" in text
            assert f"against {other['player']} ({other['side']})" in text
            assert f"game-{tb['game_id'].lower()}@umpire.test" in text
            assert f"https://umpire.test/games/{tb['game_id']}" in text
            assert "48 hours" in text and "TD-1: Ties go to the British." in text
            (tok,) = [ln.split("Token: ")[1] for ln in text.splitlines() if "Token: " in ln and "<" not in ln]
            assert text.count(tok) == 1 and msg.get_body(("html",)).get_content().count(tok) == 1
            with sessions() as s:
                assert G.whose_token(s, s.get(Game, tb["game_id"]), tok) == x["role"]
            assert str(msg["Reply-To"]) == f"game-{tb['game_id'].lower()}@umpire.test"


def test_a_player_without_an_address_gets_no_letter_and_the_caller_gets_their_token(sessions):
    tid, _ = make(sessions, players=[{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}])
    confirm_all(sessions, tid)
    with sessions() as s, s.begin():
        post = mailing.Kept(mailing.post_of(s))
        running.pair_round(s, tid, by="director", post=post)
    (u,) = post.unsent
    assert u.player == "Bob" and u.to == ""
    with sessions() as s:
        assert G.whose_token(s, s.get(Game, u.game_id), u.token) == u.role
    assert [r.to_addr for r in letters(sessions)] == ["ann@example.org"]


class Breaking:
    """A post that fails on its *n*-th letter, as a database or mail library fault would mid-round."""

    def __init__(self, post, n: int):
        self.post, self.n = post, n

    def address(self, gid):
        return self.post.address(gid)

    def write(self, session, letter):
        self.n -= 1
        if self.n == 0:
            raise RuntimeError("the outbox broke")
        return self.post.write(session, letter)


def test_a_failure_in_the_middle_of_a_round_leaves_no_half_made_round(sessions):
    tid, _ = make(sessions)
    confirm_all(sessions, tid)
    with pytest.raises(RuntimeError), sessions() as s, s.begin():
        running.pair_round(s, tid, by="director", post=Breaking(mailing.post_of(s), 5))
    for model in (TournamentRound, TournamentGame, Game, Seat, MailGame, MailConfirmation, OutboundMail):
        assert count(sessions, model) == 0, model
    with sessions() as s:
        assert s.get(Tournament, tid).status == "entry"
    assert events(sessions, tid)[-1].kind == "player-confirmed"
    assert pair(sessions, tid) == 1  # and the round can be paired afterwards


# -------------------------------------------------------------------------------------------- Swiss, round-robin, manual


def test_the_next_round_waits_for_every_game_then_pairs_by_score_without_a_repeat(sessions):
    tid, _ = make(sessions)
    confirm_all(sessions, tid)
    pair(sessions, tid)
    r1 = tables(sessions, tid, 1)
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director"), 409, "round-not-over")
    assert all(f"{tb['game_id']} (round 1, board {tb['board']}) is in play (active)" in e.message for tb in r1)
    for tb in r1[:3]:
        finish(sessions, tb["game_id"], "irgun")
    with sessions() as s, s.begin():
        abandon(s, G.get_game(s, r1[3]["game_id"], lock=True), "no show")
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director"), 409, "round-not-over")
    assert e.message == (f"round 1 is not over: {r1[3]['game_id']} (round 1, board 4) is abandoned and awaits "
                         f"your ruling")
    irgun4, british4 = (x["player"] for x in r1[3]["seats"])
    with sessions() as s, s.begin():
        running.rule_game(s, tid, r1[3]["game_id"], status="forfeited", by="director", reason="British no show",
                          outcome={irgun4: "win", british4: "loss"})
    pair(sessions, tid)
    r2 = tables(sessions, tid, 2)
    winners = {tb["seats"][0]["player"] for tb in r1}  # each Irgun won
    top = {x["player"] for x in r2[0]["seats"]}
    assert top <= winners  # board 1: two players on 1 point
    met1 = {frozenset(x["player"] for x in tb["seats"]) for tb in r1}
    assert not met1 & {frozenset(x["player"] for x in tb["seats"]) for tb in r2}
    for tb in r2:  # score groups: the four on 1 point meet each other, the four on 0 likewise
        assert len({x["player"] for x in tb["seats"]} & winners) in (0, 2)


def test_a_round_robin_meets_everyone_once_then_is_complete(sessions):
    tid, _ = make(sessions, players=PLAYERS[:4], pairing="round-robin")
    confirm_all(sessions, tid)
    met = []
    for n in (1, 2, 3):
        assert pair(sessions, tid) == n
        for tb in tables(sessions, tid, n):
            met.append(frozenset(x["player"] for x in tb["seats"]))
            finish(sessions, tb["game_id"])
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, itertools.combinations(
        [p["name"] for p in PLAYERS[:4]], 2))))
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director"), 409, "no-round")
    assert "its 3 rounds are paired" in e.message


def test_a_round_robin_player_who_withdraws_leaves_their_opponent_a_bye(sessions):
    tid, _ = make(sessions, players=PLAYERS[:4], pairing="round-robin")
    confirm_all(sessions, tid)
    pair(sessions, tid)
    for tb in tables(sessions, tid, 1):
        finish(sessions, tb["game_id"])
    with sessions() as s, s.begin():
        running.withdraw_player(s, tid, "Player 3")
    pair(sessions, tid)
    (tb,) = tables(sessions, tid, 2)
    with sessions() as s:
        (r2,) = [r for r in running.describe(s, tid)["rounds"] if r["number"] == 2]
        res = results(s, tid)
    assert len(r2["byes"]) == 1 and "Player 3" not in r2["byes"] + [x["player"] for x in tb["seats"]]
    assert [b.player for b in res.byes] == r2["byes"]


def test_swiss_and_round_robin_methods_are_the_tournaments_own(sessions):
    tid, _ = make(sessions, players=PLAYERS[:4])
    confirm_all(sessions, tid)
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director", method="round-robin"), 400)
    assert "is paired swiss, not round-robin" in e.message
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director", method="dutch"), 400)
    assert e.message == "'dutch' is not a pairing method: swiss, round-robin, manual"
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director", scenario="extended"), 400)
    assert e.message == f"'extended' is not a scenario of tournament {tid}: standard"
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director", method="manual"), 400,
                "pairing-refused")
    assert "method manual needs the tables" in e.message
    assert count(sessions, TournamentRound) == 0


@pytest.mark.parametrize("manual, words", [
    ({"tables": [{"irgun": "Player 0", "redcoats": "Player 1"}]},
     ["table 1: no side 'redcoats' in this game (its sides are irgun, british)",
      "table 1: no player for the side 'british'"]),
    ({"tables": [{"irgun": "Player 0", "british": "Nobody"}]}, ["table 1: 'Nobody' is not a player of this tournament"]),
    ({"tables": [{"irgun": "Player 0", "british": "Player 1"}, {"irgun": "Player 0", "british": "Player 2"}]},
     ["Player 0 is paired more than once (table 1, table 2)"]),
    ({"tables": [{"irgun": "Player 0", "british": "Player 3"}]}, ["Player 3 withdrew from the tournament"]),
    ({"tables": [{"irgun": "Player 0", "british": "Player 1"}], "byes": ["Player 0"]},
     ["Player 0 is paired more than once (table 1, a bye)"]),
    ({"tables": "all of them"}, ['a manual pairing is {"tables"']),
    ({"tables": [{"irgun": 7}]}, ["table 1 is not an object side -> player name"]),
])
def test_a_manual_pairing_is_refused_with_every_fault(sessions, manual, words):
    tid, _ = make(sessions, players=PLAYERS[:4], pairing="manual")
    confirm_all(sessions, tid)
    with sessions() as s, s.begin():
        running.withdraw_player(s, tid, "Player 3")
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director", manual=manual), 400, "pairing-refused")
    for w in words:
        assert w in e.message, e.message
    assert count(sessions, TournamentRound) == 0 and count(sessions, Game) == 0


def test_a_manual_pairing_is_played_as_given_and_a_repeat_needs_allow_repeat(sessions):
    tid, _ = make(sessions, players=PLAYERS[:3], pairing="manual")
    confirm_all(sessions, tid)
    pair(sessions, tid, manual={"tables": [{"british": "Player 2", "irgun": "Player 0"}], "byes": ["Player 1"]})
    (tb,) = tables(sessions, tid, 1)
    assert [(x["role"], x["player"]) for x in tb["seats"]] == [("irgun", "Player 0"), ("british", "Player 2")]
    finish(sessions, tb["game_id"])
    again = {"tables": [{"irgun": "Player 2", "british": "Player 0"}]}
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director", manual=again), 400)
    assert "table 1: Player 2 and Player 0 met in round 1 (allow_repeat to pair them again)" in e.message
    pair(sessions, tid, manual={**again, "allow_repeat": True})
    (tb2,) = tables(sessions, tid, 2)
    assert [x["player"] for x in tb2["seats"]] == ["Player 2", "Player 0"]


def test_three_seat_tables_for_a_three_seat_game(sessions):
    players = [{"name": f"D{i}", "email": ""} for i in range(7)]
    tid, _ = make(sessions, players=players, game="dai-senso-events", deadline_hours=None)
    confirm_all(sessions, tid)
    pair(sessions, tid)
    tbs = tables(sessions, tid, 1)
    assert [[x["role"] for x in tb["seats"]] for tb in tbs] == [["axis", "western", "soviet"]] * 2
    with sessions() as s:
        assert running.describe(s, tid)["rounds"][0]["byes"] == ["D6"]


def test_no_swiss_pairing_without_a_repeat_tells_the_director_to_pair_by_hand(sessions):
    tid, _ = make(sessions, players=PLAYERS[:2])
    confirm_all(sessions, tid)
    pair(sessions, tid)
    finish(sessions, tables(sessions, tid, 1)[0]["game_id"])
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director"), 400, "no-pairing")
    assert e.message == ("round 2: no pairing without a repeat exists; the players left unpaired are Player 0, "
                         "Player 1 (Player 0 has met Player 1; Player 1 has met Player 0); pair this round by hand "
                         "(method manual, allow_repeat to let players meet again)")
    assert count(sessions, TournamentRound) == 1


def test_rounds_planned_are_the_limit(sessions):
    tid, _ = make(sessions, players=PLAYERS[:2], rounds_planned=1)
    confirm_all(sessions, tid)
    pair(sessions, tid)
    finish(sessions, tables(sessions, tid, 1)[0]["game_id"])
    e = refused(sessions, lambda s: running.pair_round(s, tid, by="director"), 409, "no-round")
    assert "planned 1 round(s), and they are paired: close it" in e.message


def test_the_director_confirms_once_for_every_later_game(sessions):
    tid, _ = make(sessions, players=PLAYERS[:4])
    confirm_all(sessions, tid)
    pair(sessions, tid)
    gids = [tb["game_id"] for tb in tables(sessions, tid, 1)]
    with sessions() as s, s.begin():
        addresses.confirm(s, gids[0], "td@example.org")  # as the director's answer to that game's confirmation
    for gid in gids:
        finish(sessions, gid)
    pair(sessions, tid)
    later = [tb["game_id"] for tb in tables(sessions, tid, 2)]
    with sessions() as s:
        assert not addresses.is_confirmed(s, gids[1], "td@example.org")  # the same round's: still to confirm
        assert all(addresses.is_confirmed(s, gid, "td@example.org") for gid in later)


# -------------------------------------------------------------------------------------------- rulings and closing


def test_a_ruling_on_a_game_going_on_ends_it_and_is_in_both_logs(sessions):
    tid, _ = make(sessions, players=PLAYERS[:2])
    confirm_all(sessions, tid)
    pair(sessions, tid)
    (tb,) = tables(sessions, tid, 1)
    a, b = (x["player"] for x in tb["seats"])
    with sessions() as s, s.begin():
        running.rule_game(s, tid, tb["game_id"], status="forfeited", outcome={a: "win", b: "loss"},
                          reason="deadline passed twice", by="director")
    with sessions() as s:
        game = s.get(Game, tb["game_id"])
        assert game.status == "abandoned" and game.result["reason"].startswith("abandoned by the umpire")
        kinds = [e.kind for e in s.scalars(select(GameEvent).where(GameEvent.game_id == game.id)
                                           .order_by(GameEvent.id))]
        assert kinds == ["abandoned", "seed-revealed", "tournament-ruling"]
        ev = s.scalar(select(GameEvent).where(GameEvent.kind == "tournament-ruling"))
        assert ev.data == {"tournament": tid, "status": "forfeited", "outcome": {a: "win", b: "loss"},
                           "reason": "deadline passed twice"}
        line = G.event_text(G.events(s, game)[-1])  # the game's text log says it in words
        assert f"director: ruled the game forfeited for tournament {tid}: {a} win, {b} loss" in line
        assert "(reason: deadline passed twice)" in line
        res = results(s, tid)
    (g,) = res.games
    assert (g.status, dict(g.ruling.outcome), g.ruling.reason) == ("forfeited", {a: "win", b: "loss"},
                                                                   "deadline passed twice")
    tev = events(sessions, tid)[-1]
    assert (tev.kind, tev.game_id) == ("game-ruled", tb["game_id"])
    assert tev.text == f"ruled {tb['game_id']} forfeited: {a} win, {b} loss (deadline passed twice)"
    assert tables(sessions, tid, 1)[0]["status"] == "forfeited"


@pytest.mark.parametrize("change, words", [
    ({"status": "lost"}, "the status is abandoned or forfeited, not 'lost'"),
    ({"outcome": {"Player 0": "win"}}, "no outcome for Player 1: every player of the game is named once"),
    ({"outcome": {"Player 0": "win", "Player 1": "loss", "Player 7": "loss"}}, "'Player 7' is not a player of this game"),
    ({"outcome": {"Player 0": "win", "Player 1": "lose"}}, "Player 1's outcome 'lose' is not one of win, draw, loss, void"),
    ({"reason": "  "}, "a ruling needs its reason (shown on the standings)"),
    ({"reason": "x" * 501}, "the reason may be at most 500 characters"),
])
def test_ruling_refusals_change_nothing(sessions, change, words):
    tid, _ = make(sessions, players=PLAYERS[:2], pairing="manual")
    confirm_all(sessions, tid)
    pair(sessions, tid, manual={"tables": [{"irgun": "Player 0", "british": "Player 1"}]})
    (tb,) = tables(sessions, tid, 1)
    args = {"status": "abandoned", "outcome": {"Player 0": "draw", "Player 1": "draw"}, "reason": "flood", **change}
    e = refused(sessions, lambda s: running.rule_game(s, tid, tb["game_id"], by="director", **args), 400)
    assert words in e.message
    with sessions() as s:
        assert s.get(Game, tb["game_id"]).status == "active"
        assert s.scalar(select(TournamentGame.ruling)) is None


def test_a_finished_game_or_another_tournaments_game_cannot_be_ruled(sessions):
    tid, _ = make(sessions, players=PLAYERS[:2])
    confirm_all(sessions, tid)
    pair(sessions, tid)
    (tb,) = tables(sessions, tid, 1)
    finish(sessions, tb["game_id"])
    out = {x["player"]: "draw" for x in tb["seats"]}
    e = refused(sessions, lambda s: running.rule_game(s, tid, tb["game_id"], status="abandoned", outcome=out,
                                                      reason="r", by="director"), 409, "game-over")
    assert "its result stands and cannot be ruled" in e.message
    with sessions() as s, s.begin():
        other, _tokens = G.create_game(s, "palestine")
        oid = other.id
    e = refused(sessions, lambda s: running.rule_game(s, tid, oid, status="abandoned", outcome=out, reason="r",
                                                      by="director"), 404, "not-in-tournament")
    assert e.message == f"'{oid}' is not a game of tournament {tid}"


def test_close_waits_for_every_game_then_ends_everything(sessions):
    tid, _ = make(sessions, players=PLAYERS[:4])
    confirm_all(sessions, tid)
    pair(sessions, tid)
    tbs = tables(sessions, tid, 1)
    finish(sessions, tbs[0]["game_id"])
    e = refused(sessions, lambda s: running.close(s, tid, "director"), 409, "games-in-play")
    assert f"{tbs[1]['game_id']} (round 1, board 2) is in play (active)" in e.message
    assert tbs[0]["game_id"] not in e.message
    finish(sessions, tbs[1]["game_id"])
    with sessions() as s, s.begin():
        t = running.close(s, tid, "director")
        assert t.status == "finished"
    assert events(sessions, tid)[-1].text == "closed the tournament after 1 round(s)"
    for act in (lambda s: running.pair_round(s, tid, by="director"),
                lambda s: running.add_player(s, tid, name="Late"),
                lambda s: running.withdraw_player(s, tid, "Player 0"),
                lambda s: running.close(s, tid, "director"),
                lambda s: running.rule_game(s, tid, tbs[0]["game_id"], status="abandoned", outcome={}, reason="r",
                                            by="director")):
        refused(sessions, act, 409, "tournament-closed")
