"""The seats' entropy on the move path (docs/dice.md; issue 3's throughput): read with the game's lock in
one query, on SQLite and PostgreSQL, and a seat's first move that gives entropy counts for the moves
adjudicated after it in the same batch."""

from __future__ import annotations

import json

import pytest

from service import adjudication, create_app
from service import games as G

BOTH = [{"role": "irgun", "entropy": "ann; x=y, 2026"}, {"role": "british", "entropy": "\u00e9t\u00e9 bob"}]
ONE = [{"role": "irgun", "entropy": "ann; x=y, 2026"}, {"role": "british", "entropy": ""}]


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
        sub, _ = adjudication.submit_as(s, game, role, raw, kind)
        return game.id, sub.id


def test_the_lock_query_reads_every_seats_entropy_and_only_theirs(sessions):
    """Entropy text may hold ';', '=' and ',' (only control characters are refused); a seat without any
    is left out, as ``dice.entropy_string`` leaves it out."""
    gid, sid = _game_and_submission(sessions, BOTH, "irgun", "box opsa\n", "text/plain")
    with sessions() as s, s.begin():
        game, status, entropy = adjudication.lock_game_of(s, sid)
    assert (game.id, status) == (gid, "queued")
    assert entropy == {"irgun": "ann; x=y, 2026", "british": "\u00e9t\u00e9 bob"}
    _gid, sid = _game_and_submission(sessions, ONE, "irgun", "box opsa\n", "text/plain")
    with sessions() as s, s.begin():
        assert adjudication.lock_game_of(s, sid)[2] == {"irgun": "ann; x=y, 2026"}


def test_a_game_without_entropy_reads_none(sessions):
    _gid, sid = _game_and_submission(sessions, None, "irgun", "box opsa\n", "text/plain")
    with sessions() as s, s.begin():
        assert adjudication.lock_game_of(s, sid)[2] == {}


def test_a_seats_first_move_entropy_counts_for_the_next_move_of_the_batch(sessions):
    """``process`` adds the entropy an accepted first move gives to the batch's entropy (the next pending
    submission's dice use it), and stores it with the seat."""
    move = json.dumps({"format": "umpire-move/1", "role": "irgun", "after": 0, "entropy": "zz",
                       "actions": ["box opsa"]})
    gid, sid = _game_and_submission(sessions, [{"role": "british", "entropy": "h"}, {"role": "irgun"}], "irgun", move,
                                    "application/json")
    with sessions() as s, s.begin():
        game, _status, entropy = adjudication.lock_game_of(s, sid)
        sub = next(iter(adjudication.pending(s, gid, sid)))
        adjudication.process(s, game, sub, 50, entropy)
        assert sub.status == "accepted", sub.verdict
        assert entropy == {"british": "h", "irgun": "zz"}
    with sessions() as s, s.begin():
        assert adjudication.lock_game_of(s, sid)[2] == {"british": "h", "irgun": "zz"}
