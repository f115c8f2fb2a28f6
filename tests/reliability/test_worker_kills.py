"""Fault: a worker killed with SIGKILL at random points of an adjudication (issue 9, part 2; DESIGN.md 6).

Several Palestine games are played through the API while worker processes kill themselves at points
chosen by the run's seed (``harness.fault_seed``): before the game's row lock, after the engine applied
the move but before the commit, after the commit but before the task returns (its message unacked), while
telling the web side the verdict is in, and in the hooks after it. Each killed worker is replaced by a
fresh one; the broker gives an unacked message back (a short visibility timeout here) and the sweeper
(``tasks.sweep``, short ``UMPIRE_SWEEP_SECONDS``) queues again what was left queued. Then every move must
be applied exactly once (``harness.check``). ``UMPIRE_FAULT_KILLS`` sets the number of kills (default 5:
each point once, in the order the seed gives, each at the 1st to 3rd time a worker reaches it).
"""

from __future__ import annotations

import os
import random
import signal

from tests.service.worker_with_delay import KILL_POINTS

from .harness import Table, check, play_until

KILLS = int(os.environ.get("UMPIRE_FAULT_KILLS", str(len(KILL_POINTS))))
GAMES = 3


def test_worker_killed_at_random_points_every_move_applied_exactly_once(stack_on, seed):
    rng = random.Random(seed)
    stack = stack_on()
    tables = [Table(stack.client, random.Random(seed * 10 + i)) for i in range(GAMES)]
    points = rng.sample(KILL_POINTS, min(KILLS, len(KILL_POINTS)))
    points += [rng.choice(KILL_POINTS) for _ in range(KILLS - len(points))]
    fast_redelivery = {"UMPIRE_TEST_VISIBILITY_TIMEOUT": "3"}
    for point in points:
        after = rng.randint(1, 3)
        # not waited for: a message already queued may take it to its point before it answers a ping
        w = stack.worker(f"kill-{point}", wait=False, UMPIRE_TEST_KILL_AT=point,
                         UMPIRE_TEST_KILL_AFTER=str(after), **fast_redelivery)
        play_until(tables, lambda w=w: w.p.poll() is not None, 90, sweep=stack.sweep)
        assert w.p.returncode == -signal.SIGKILL, f"the worker was to kill itself at {point}:\n{w.tail()}"
        marks = stack.marker.read_text().split("\n")
        assert any(m.startswith(f"{point} ") and m.endswith(f" {w.pid}") for m in marks), marks
    print(f"[faults] kills at: {', '.join(points)}")

    stack.worker("fresh", **fast_redelivery)
    more = {t.id: len(t.posted) + 3 for t in tables}  # the games go on after the last kill
    play_until(tables, lambda: all(t.over or (len(t.posted) >= more[t.id] and t.settle()) for t in tables), 90,
               sweep=stack.sweep)
    check(stack, tables, len(points), "worker SIGKILL")
