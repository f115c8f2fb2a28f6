"""The worker's PostgreSQL statements (``service.movepath``; issue 3's throughput) played to a game's end:
a batch of queued moves in one transaction (the last one's write sent with the commit), moves of several
orders, refused and partly accepted moves, a seat's entropy with its first move, and the seed revealed at
the last position. The export then verifies offline: every die matches the seed and the history."""

from __future__ import annotations

import json

from sqlalchemy import select

import engine
from engine.core.chance import SeededChance
from engine.core.verify import verify
from engine.playout import choose
from service import adjudication
from service import games as G
from service.models import GameEvent, Move, Seat, Submission
from umpire_app.web import create_app


def _store(sessions, gid, tokens, role, orders, after, **extra):
    raw = json.dumps({"format": "umpire-move/1", "role": role, "after": after, "actions": orders, **extra})
    return adjudication.store(sessions, gid, raw, "application/json", token=tokens[role])[0]["id"]


def _game(sessions, gid):
    with sessions() as s:
        return G.get_game(s, gid)


def test_a_game_played_to_its_end_on_postgresql_verifies(pg_url):
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    try:
        with sessions() as s, s.begin():
            game, tokens = G.create_game(s, "palestine", "standard", {}, None, "movepath")
            gid = game.id
        picker = SeededChance(5, context="picker")

        # A batch: three moves queued, the third adjudicated (the two before it first, in order, in the
        # same transaction). The first gives the Irgun's entropy; the second is stale (refused); the
        # third is the next order at position 1.
        g = _game(sessions, gid)
        role = engine.active_roles(g.state)[0]
        first = choose(engine.legal_actions(g.state, role), picker)
        a = _store(sessions, gid, tokens, role, [first], 0, entropy="ann 2026")
        b = _store(sessions, gid, tokens, role, [first], 7)
        state = engine.apply(g.state, role, first, SeededChance(0)).state  # only to know who acts next
        role2 = engine.active_roles(state)[0]
        second = choose(engine.legal_actions(state, role2), SeededChance(6, context="picker"))
        c = _store(sessions, gid, tokens, role2, [second], 1)
        told = []
        assert adjudication.adjudicate(sessions, c, on_done=told.append) in ("accepted", "partial")
        assert [x["id"] for x in told[0]] == [a, b, c]
        assert [x["status"] for x in told[0]][:2] == ["accepted", "rejected"]
        assert told[0][1]["verdict"]["error"]["code"] == "stale"
        with sessions() as s:
            assert s.scalar(select(Seat.entropy).where(Seat.game_id == gid, Seat.role == role)) == "ann 2026"
            stored = {r.id: r.status for r in s.execute(select(Submission.id, Submission.status)
                                                         .where(Submission.game_id == gid))}
            assert stored[a] == "accepted" and stored[b] == "rejected" and stored[c] == told[0][2]["status"]
            assert G.get_game(s, gid).seq == 2

        # Then to the end, two orders a move file where the same role acts twice running.
        for _ in range(4000):
            g = _game(sessions, gid)
            if engine.outcome(g.state):
                break
            role = engine.active_roles(g.state)[0]
            orders = [choose(engine.legal_actions(g.state, role), picker)]
            nxt = engine.apply(g.state, role, orders[0], SeededChance(0)).state
            if (not engine.outcome(nxt) and engine.active_roles(nxt)[:1] == [role]
                    and not any(k in ("roll", "draw") for k in engine.legal_actions(g.state, role))):
                orders.append(choose(engine.legal_actions(nxt, role), picker))
            sid = _store(sessions, gid, tokens, role, orders, g.seq)
            status = adjudication.adjudicate(sessions, sid)
            assert status in ("accepted", "partial"), (orders, status)
        else:
            raise AssertionError("the game did not end")

        with sessions() as s:
            game = G.get_game(s, gid)
            assert game.status == "finished" and game.revealed
            seqs = sorted(s.scalars(select(Move.seq).where(Move.game_id == gid)))
            assert seqs == list(range(game.seq + 1)), "a position is missing or written twice"
            [event] = s.scalars(select(GameEvent).where(GameEvent.game_id == gid)).all()
            assert (event.kind, event.at_seq) == ("seed-revealed", game.seq)
            record = G.export(s, game)
        report = verify(json.loads(json.dumps(record)))
        assert report.seed_known and report.problems == [], report.problems
        assert report.actions == game.seq  # every action after the setup
    finally:
        app.extensions["umpire"]["engine"].dispose()
