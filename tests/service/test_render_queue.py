"""PDF renders wait in their own queue (``renders``), so they never hold up a verdict (issue 5, item 2)."""

from __future__ import annotations

import threading
import time

from service import games as G
from service.models import Render


def test_renders_are_routed_to_their_own_queue_and_moves_to_the_default_one(app):
    router = app.extensions["celery"].amqp.router
    assert router.route({}, "tasks.render_snapshots", args=("G-1",))["queue"].name == "renders"
    assert router.route({}, "tasks.adjudicate", args=("s",))["queue"].name == "celery"
    assert router.route({}, "tasks.mail.send", args=(1,))["queue"].name == "mail"
    assert router.route({}, "tasks.mail.answer", args=("G-1",))["queue"].name == "mail"
    assert router.route({}, "tasks.mail.handle", args=(1,))["queue"].name == "celery"


def test_the_embedded_worker_takes_both_queues_and_renders_after_an_accepted_move(app, client, sessions):
    from celery.worker import state as worker_state

    from service import embedded

    app.config["PRERENDER_SNAPSHOTS"] = True
    with sessions() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", "standard", {}, None, "prerender")
        gid = game.id
    embedded.start_worker(app)
    try:
        r = client.post(f"/api/games/{gid}/moves?wait=20", data="box opsa\n", content_type="text/plain",
                        headers={"Authorization": f"Bearer {tokens['irgun']}"})
        assert r.get_json()["status"] == "accepted", r.get_json()
        deadline, rows = time.monotonic() + 60, []
        while time.monotonic() < deadline:
            with sessions() as s:
                rows = s.query(Render.role).filter_by(game_id=gid, kind="snapshot", seq=1).all()
            if len(rows) == 2:
                break
            time.sleep(0.2)
        assert sorted(r for (r,) in rows) == ["british", "irgun"], "each seat's snapshot of position 1"
    finally:
        worker_state.should_terminate = 0
        try:
            for t in [t for t in threading.enumerate() if t.name == "celery-worker"]:
                t.join(20)
        finally:
            worker_state.should_terminate = None
