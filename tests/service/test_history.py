"""Earlier positions rebuilt for the replay (``service.history``, issue 27): each equals the state the game
had at that position, across a snapshot, in one call or many; a position outside the game is refused with
the range it allows, and nothing is written."""

from __future__ import annotations

import pytest

from engine.core import canonical
from service import adjudication, history
from service.errors import NotFound
from service.models import Game, Snapshot
from tests.service.test_umpire_tools import game_row, new_game, play


@pytest.fixture(autouse=True)
def snapshot_every_5(monkeypatch):
    """The worker's function, as the tests call it, snapshots every 5 positions (50 by default)."""
    adjudicate = adjudication.adjudicate
    monkeypatch.setattr(adjudication, "adjudicate", lambda sessions, sid: adjudicate(sessions, sid, 5))


def test_every_earlier_position_is_the_state_the_game_had(client, sessions):
    gid, tokens = new_game(client)
    hashes = play(client, sessions, gid, tokens, 14, seed=3)
    assert max(hashes) >= 10  # past two snapshots (every 5 positions here)
    with sessions() as s:
        game = s.get(Game, gid)
        assert s.query(Snapshot).filter_by(game_id=gid).count() >= 3
        for seq, digest in hashes.items():
            assert canonical.digest(history.state_at(s, game, seq)) == digest, seq
        many = history.states_at(s, game, list(hashes))
        assert {p: canonical.digest(st) for p, st in many.items()} == hashes
        assert history.state_at(s, game, str(max(hashes))) is game.state
    assert canonical.digest(game_row(sessions, gid).state) == hashes[max(hashes)]  # nothing written


@pytest.mark.parametrize("bad", [-1, 999, "x", "1.5", "", True, None, "１"])
def test_a_position_outside_the_game_is_refused_with_the_range(client, sessions, bad):
    gid, tokens = new_game(client)
    play(client, sessions, gid, tokens, 2)
    with sessions() as s:
        game = s.get(Game, gid)
        with pytest.raises(NotFound, match=r"positions run from 0 \(the setup\) to 2|from 0 \(the setup\) to 2"):
            history.state_at(s, game, bad)
