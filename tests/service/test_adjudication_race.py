"""One game's submissions are adjudicated once each, even when two workers race for the same one."""

from __future__ import annotations

from service import adjudication, create_app
from service import games as G
from service.models import Move


def test_a_submission_adjudicated_meanwhile_is_not_adjudicated_again(pg_url, monkeypatch):
    """Worker A reads the submission (queued), worker B adjudicates it before A takes the game's lock;
    A must see B's verdict under the lock and do nothing (PostgreSQL: reads take no lock there)."""
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "palestine", "standard", {}, None, "race")
        gid = game.id
        sub, _ = adjudication.submit_as(s, game, "irgun", "box opsa\nop sabotage\nspace galilee\nroll\n",
                                        "text/plain")
        sid = sub.id
    real = adjudication.get_game
    raced = []

    def racing_get_game(session, game_id, lock=False):
        if lock and not raced:
            raced.append(True)
            assert adjudication.adjudicate(sessions, sid) == "accepted"  # worker B, its own session
        return real(session, game_id, lock)

    monkeypatch.setattr(adjudication, "get_game", racing_get_game)
    try:
        assert adjudication.adjudicate(sessions, sid) == "accepted"  # worker A
        assert raced
        with sessions() as s:
            seqs = sorted(m.seq for m in s.query(Move).filter_by(game_id=gid))
            assert seqs == [0, 1, 2, 3, 4], "the move was applied twice"
            assert G.get_game(s, gid).seq == 4
    finally:
        app.extensions["umpire"]["engine"].dispose()
