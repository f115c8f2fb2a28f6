"""The seats' entropy on the move path (docs/dice.md; issue 3's throughput): read under the game's lock
with the pending submissions (after the lock), on SQLite and PostgreSQL; a seat's first move that gives entropy counts for
the moves adjudicated after it, in the same batch or by a worker that waited for the lock meanwhile."""

from __future__ import annotations

import json
import threading

import pytest

from service import adjudication
from service import games as G
from service.models import Seat
from umpire_app.web import create_app

from .lock_waits import until_a_lock_is_waited_for

BOTH = [{"role": "irgun", "entropy": "ann; x=y, 2026"}, {"role": "british", "entropy": "\u00e9t\u00e9 bob"}]
ONE = [{"role": "irgun", "entropy": "ann; x=y, 2026"}, {"role": "british", "entropy": ""}]
FIRST_MOVE = json.dumps({"format": "umpire-move/1", "role": "irgun", "after": 0, "entropy": "zz",
                         "actions": ["box opsa"]})


@pytest.fixture(params=["sqlite", "postgres"])
def sessions(request, tmp_path):
    url = (f"sqlite:///{tmp_path / 'umpire.sqlite3'}" if request.param == "sqlite"
           else request.getfixturevalue("pg_url"))
    app = create_app({"DATABASE_URL": url, "REDIS_URL": ""})
    yield app.extensions["umpire"]["sessions"]
    app.extensions["umpire"]["engine"].dispose()


def _game_and_submission(sessions, seats, role: str, raw: str, kind: str):
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "palestine", "standard", {}, seats, "entropy")
        sub, _ = adjudication.store(s, game.id, raw, kind, role=role)
        return game.id, sub["id"]


def _locked(sessions, sid):
    """(game, status, pending, entropy) as the worker reads them."""
    with sessions() as s, s.begin():
        locked = adjudication.lock_game_of(s, sid)
        return locked.game, locked.status, locked.queued, locked.entropy


def test_the_pending_read_gives_every_seats_entropy_and_only_theirs(sessions):
    """Entropy text may hold ';', '=' and ',' (only control characters are refused); a seat without any
    is left out, as ``dice.entropy_string`` leaves it out."""
    gid, sid = _game_and_submission(sessions, BOTH, "irgun", "box opsa\n", "text/plain")
    game, status, queued, entropy = _locked(sessions, sid)
    assert (game.id, status, [q.id for q in queued]) == (gid, "queued", [sid])
    assert entropy == {"irgun": "ann; x=y, 2026", "british": "\u00e9t\u00e9 bob"}
    _gid, sid = _game_and_submission(sessions, ONE, "irgun", "box opsa\n", "text/plain")
    assert _locked(sessions, sid)[3] == {"irgun": "ann; x=y, 2026"}


def test_a_game_without_entropy_reads_none(sessions):
    _gid, sid = _game_and_submission(sessions, None, "irgun", "box opsa\n", "text/plain")
    assert _locked(sessions, sid)[3] == {}


def test_a_seats_first_move_entropy_counts_for_the_next_move_of_the_batch(sessions):
    """``process`` adds the entropy an accepted first move gives to the batch's entropy (the next pending
    submission's dice use it), and stores it with the seat."""
    gid, sid = _game_and_submission(sessions, [{"role": "british", "entropy": "h"}, {"role": "irgun"}], "irgun",
                                    FIRST_MOVE, "application/json")
    with sessions() as s, s.begin():
        locked = adjudication.lock_game_of(s, sid)
        game, queued, entropy = locked.game, locked.queued, locked.entropy
        adjudication.process(s, game, queued[0], 50, entropy)
        assert queued[0].status == "accepted", queued[0].verdict
        assert entropy == {"british": "h", "irgun": "zz"}
        assert (game.seq, game.state["seq"]) == (1, 1)
    with sessions() as s:
        assert {seat.role: seat.entropy for seat in s.query(Seat).filter_by(game_id=gid)} == {"british": "h",
                                                                                           "irgun": "zz"}
        assert G.get_game(s, gid).seq == 1


def test_a_worker_that_waited_for_the_lock_sees_the_entropy_the_holder_stored(pg_url, monkeypatch):
    """PostgreSQL: worker B holds the game's lock adjudicating the Irgun's first move, which gives
    entropy; worker A, given the British move queued after it, waits for the lock. When B commits, A's
    dice must use the Irgun's new entropy. (A ``SELECT ... FOR UPDATE`` that waited reads everything but
    the locked row as it was before the wait, so the entropy is read by the statement after the lock.)"""
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    try:
        gid, first = _game_and_submission(sessions, [{"role": "british", "entropy": "h"}, {"role": "irgun"}],
                                          "irgun", FIRST_MOVE, "application/json")
        with sessions() as s, s.begin():
            second, _ = adjudication.store(s, gid, "pass\n", "text/plain", role="british")
            second = second["id"]
        real = adjudication.process
        b_inside, a_waits = threading.Event(), threading.Event()
        seen: dict[str, dict] = {}

        def watched(session, game, sub, snapshot_every=50, entropy=None):
            seen[sub.id] = dict(entropy)
            if threading.current_thread().name == "worker-b":
                b_inside.set()
                assert a_waits.wait(20)
            return real(session, game, sub, snapshot_every, entropy)

        monkeypatch.setattr(adjudication, "process", watched)
        results: dict = {}

        def worker(name: str, sid: str) -> threading.Thread:
            t = threading.Thread(target=lambda: results.__setitem__(name, adjudication.adjudicate(sessions, sid)),
                                 name=f"worker-{name}", daemon=True)
            t.start()
            return t

        b = worker("b", first)
        assert b_inside.wait(20), "worker B never started adjudicating"
        a = worker("a", second)
        until_a_lock_is_waited_for(app.extensions["umpire"]["engine"])  # A waits for B's lock
        a_waits.set()
        b.join(30)
        a.join(30)
        assert results["b"] == "accepted"
        assert seen[first] == {"british": "h"}
        assert seen[second] == {"british": "h", "irgun": "zz"}, "A's dice missed the entropy B stored"
    finally:
        app.extensions["umpire"]["engine"].dispose()
