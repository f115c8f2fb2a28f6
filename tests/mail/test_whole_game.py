"""A Palestine game played from setup to its end by mail alone (issue 6, "Done when").

Each decision is one mail to the game's address: a ``Token:`` line and the order, picked at random from
the seat's legal orders, through the whole inbound pipeline (store, route, authenticate, submit,
adjudicate). No relay is configured, so nothing is sent (the replies are tested in test_round_trip).
At the end the game is over, the seed is revealed, every mail was applied exactly once, and the dice of
the whole game verify offline.
"""

from __future__ import annotations

import engine
from engine.core.chance import SeededChance
from engine.core.verify import verify
from engine.playout import choose
from service import games as G
from umpire_app.web import create_app

from .conftest import deliver, letter, mail_config, new_game

MAX_MAILS = 3000  # bounded: a Palestine game takes about 160-450 decisions


def test_a_palestine_game_from_setup_to_the_end_by_mail_alone(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": "",
                      "MAIL": mail_config(None)})
    Session = app.extensions["umpire"]["sessions"]
    try:
        gid, tokens = new_game(app)
        picker = SeededChance(11, context="mail game")
        mails = 0
        while mails < MAX_MAILS:
            with Session() as s:
                state = G.get_game(s, gid).state
            if engine.outcome(state):
                break
            role = engine.active_roles(state)[0]
            order = choose(engine.legal_actions(state, role), picker)
            # Each mail states the position it answers (HELP: a mail sent twice is then played once, and
            # the same order twice in a row is two moves)
            out = deliver(app, letter(gid, f"Token: {tokens[role]}\nafter {state['seq']}\n{order}\n",
                                      sender=f"{role}@example.org"))
            mails += 1
            assert out["new"] and out["status"] == "submitted", (order, out)
            with Session() as s:
                assert G.get_game(s, gid).seq == mails, f"mail {mails} ({order!r}) was not applied once"
        with Session() as s:
            game = G.get_game(s, gid)
            assert engine.outcome(game.state), f"no end after {mails} mails"
            assert game.status == "finished" and game.revealed
            record = G.dice_record(s, game)
            log = G.move_log(s, game)
        assert len(log) == mails + 1  # the setup, then one entry a mail
        report = verify(record)
        assert report.ok, report.problems
        assert report.outcomes > 0 and mails > 50, (report.outcomes, mails)
    finally:
        app.extensions["umpire"]["engine"].dispose()
