"""Fault: PDF renders that time out (``UMPIRE_RENDER_SECONDS`` small; ``service/reports/limits.py``) while
games are played (issue 9, part 2; DESIGN.md 7: renders run in a task with time limits).

The background worker (the Procfile's: renders and mail queues) renders each seat's snapshot after every
accepted move and every render times out; the web side's snapshot endpoint times out too. Meanwhile the
moves worker goes on adjudicating; the endpoint answers 503 ``render-failed`` with the reason; once the
limit is generous again the next render works (a fresh child process).
"""

from __future__ import annotations

import random
import threading
import time

from sqlalchemy import func, select

from service import settings
from service.models import Render

from .harness import Table, check, play_until, wait_until

TIGHT = "0.2"


def renders(stack, gid: str) -> int:
    with stack.sessions() as s:
        return s.execute(select(func.count()).select_from(Render).where(Render.game_id == gid)).scalar()


def test_renders_timing_out_do_not_hold_up_moves_and_the_next_render_works(stack_on, seed, monkeypatch):
    monkeypatch.setenv("UMPIRE_RENDER_SECONDS", TIGHT)  # the web side's renders (Limits.from_env, read at first use)
    stack = stack_on()
    moves = stack.worker("moves", wait=False, UMPIRE_PRERENDER="1", UMPIRE_TEST_QUEUES="celery")
    slow = stack.worker("renders", wait=False, UMPIRE_TEST_QUEUES="renders,mail", UMPIRE_RENDER_SECONDS=TIGHT)
    stack.ready(moves, slow)
    tables = [Table(stack.client, random.Random(seed * 10 + i)) for i in range(2)]
    answers: list = []
    stop = threading.Event()

    def ask_for_pdfs():  # a player fetching the position while the games go on
        client = stack.app.test_client()
        while not stop.is_set() and len(answers) < 6:
            for t in tables:
                r = client.get(f"/api/games/{t.id}/snapshot.pdf",
                               headers={"Authorization": f"Bearer {t.tokens['irgun']}"})
                answers.append((r.status_code, r.get_json(silent=True) or {}))

    asker = threading.Thread(target=ask_for_pdfs, name="pdf-asker", daemon=True)
    asker.start()
    try:
        t0 = time.monotonic()
        more = {t.id: 8 for t in tables}
        play_until(tables, lambda: all(t.over or (len(t.posted) >= more[t.id] and t.settle()) for t in tables), 60,
                   sweep=stack.sweep)
        elapsed = time.monotonic() - t0
        meanwhile = sum(len(t.posted) for t in tables)
    finally:
        stop.set()
        asker.join(60)
    assert not asker.is_alive(), "a snapshot request did not return"
    assert answers, "no snapshot was asked for"
    for code, body in answers:
        assert code == 503, (code, body)
        assert body["code"] == "render-failed" and f"longer than {TIGHT} s" in body["message"], body
    assert all(renders(stack, t.id) == 0 for t in tables), "a render past the limit was stored"
    wait_until(lambda: "longer than" in slow.tail(20000), 60, "a render of the background worker timing out")

    monkeypatch.setenv("UMPIRE_RENDER_SECONDS", "60")
    settings.forget()  # the web side started again with the usual limit (settings are read once a process)
    t = tables[0]
    r = stack.client.get(f"/api/games/{t.id}/snapshot.pdf", headers={"Authorization": f"Bearer {t.tokens['irgun']}"})
    assert r.status_code == 200 and r.data.startswith(b"%PDF"), (r.status_code, r.data[:200])
    print(f"[faults] render timeouts: snapshot requests answered 503 render-failed {len(answers)}; moves "
          f"adjudicated meanwhile {meanwhile} in {elapsed:.1f}s; renders after: OK")
    check(stack, tables, len(answers), "render timeout")
