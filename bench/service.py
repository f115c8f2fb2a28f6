"""Service benchmark: moves through HTTP, from POST to committed verdict (prints figures; not a test).

Run: python3 bench/service.py [--games N] [--moves M] [--backend redis|embedded|both] [--depth D]

Two set-ups, each started here and stopped at the end (only on 127.0.0.1; the scale one by
``bench/harness.py``, shared with bench/soak.py and the race tests):
- ``redis``: gunicorn (2 workers, gthread) on a throwaway PostgreSQL database (created, migrated once,
  dropped) and 2 Celery worker processes (solo pool) on Redis db 14 (flushed before and after);
- ``embedded``: ``umpire serve`` (web, worker thread and sweeper in one process, SQLite, in-memory
  queue) on a temporary instance folder.

Throughput: N games in parallel (one client thread per game), M moves each; a move is one legal order
picked at random from the prompt, POSTed as a JSON move file with ``?wait``; the verdict carries the
next prompt. Latency is POST -> committed verdict as the client sees it; "server" is the submission's
created_at -> updated_at (queue + adjudication + commit, without the HTTP and ``?wait`` polling).
Depth: one game, nothing else running, played as long as the game lasts (up to D positions; orders
that prolong the game are preferred; the deepest of 3 games is kept): the same timings around position
10 and at the deepest positions, each beside a control (the same preview of one order on a game that
stays put, timed before every move: the machine's own speed drifts, and the control shows by how much).
A Palestine game ends before position 500 (random play: 160-210 positions; preferring orders other than
done/pass: about 300-430), so "move 500" is measured at the deepest position a game reaches, which the
output states.
CPU: seconds used per accepted move by each started process group, PostgreSQL, Redis and the client.

Targets (issue 3): >= 200 moves/s on Redis + PostgreSQL with 2 workers; p95 <= 100 ms; move 500 within
10% of move 10.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import (  # noqa: E402
    HTTP_TIMEOUT,
    Game,
    Http,
    cpu_seconds,
    cpu_ticks,
    embedded_stack,
    ms,
    pct,
    redis_pg_stack,
    references,
    server_seconds,
)

# --- the two set-ups --------------------------------------------------------------------------------

# --- clients ----------------------------------------------------------------------------------------

def throughput(base: str, games: int, moves: int, seed: int) -> dict:
    lat, srv, errors, ended = [], [], [], [0]
    lock = threading.Lock()
    ready = threading.Barrier(games + 1)

    def play(i: int) -> None:
        rng = random.Random(seed * 1000 + i)
        http = Http(base)
        try:
            g = Game(http, base, f"bench {i}")
            ready.wait(60)
            for _ in range(moves):
                if g.over:
                    with lock:
                        ended[0] += 1
                    g = Game(http, base, f"bench {i} (next)")
                role, order = g.choose(rng, prolong=False)
                dt, sub = g.move(role, order)
                with lock:
                    if sub.get("status") == "accepted":
                        lat.append(dt)
                        srv.append(server_seconds(sub))
                    else:
                        errors.append(f"{g.id}@{g.seq} {order!r}: {sub.get('status')} {sub.get('verdict')}")
                if sub.get("status") != "accepted":
                    g.refresh()
        except Exception as e:  # reported below; the other threads go on
            with lock:
                errors.append(f"client {i}: {type(e).__name__}: {e}")
            with contextlib.suppress(threading.BrokenBarrierError):
                ready.abort()
        finally:
            http.close()

    threads = [threading.Thread(target=play, args=(i,), daemon=True) for i in range(games)]
    for t in threads:
        t.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        ready.wait(60)
    t0 = time.perf_counter()
    for t in threads:
        t.join(games * moves * HTTP_TIMEOUT)
    wall = time.perf_counter() - t0
    return {"accepted": len(lat), "wall": wall, "lat": lat, "srv": srv, "errors": errors, "ended": ended[0]}


def depth(base: str, target: int, window: int, seed: int, tries: int = 3) -> dict:
    """Plays one game deep with no other load; keeps the deepest of *tries* games.

    Before each move of the deep game, a fixed piece of work is timed as a control: the same preview
    (``POST .../check``) of one order on a second game that stays at its first position. This machine's
    speed changes by a third within seconds (docs/performance.md), so the deep game's early and late
    moves, tens of seconds apart, are also compared each against its own controls (``control`` below)."""
    best = None
    http = Http(base)
    try:
        ctl = Game(http, base, "depth control")
        c_role, c_order = ctl.choose(random.Random(seed), prolong=True)
        c_body, c_head = ctl.body(c_role, c_order), {"Authorization": f"Bearer {ctl.tokens[c_role]}"}

        def control() -> float:
            t0 = time.perf_counter()
            r = http.post(f"{base}/api/games/{ctl.id}/check", json=c_body, headers=c_head, timeout=HTTP_TIMEOUT)
            dt = time.perf_counter() - t0
            r.raise_for_status()
            return dt

        for attempt in range(tries):
            rng = random.Random(seed + 7919 * attempt)
            g = Game(http, base, f"depth {attempt}")
            per_seq: dict[int, tuple[float, float, float]] = {}
            for _ in range(target + 50):  # bounded: refusals do not advance the position
                if g.over or g.seq >= target:
                    break
                role, order = g.choose(rng, prolong=True)
                before = g.seq
                c = control()
                dt, sub = g.move(role, order)
                if sub.get("status") == "accepted":
                    per_seq[before + 1] = (dt, server_seconds(sub), c)
                else:
                    g.refresh()
            if best is None or g.seq > best["reached"]:
                best = {"reached": g.seq, "per_seq": per_seq, "game": g.id, "over": g.over}
            if g.seq >= target:
                break
    finally:
        http.close()
    per_seq, reached = best["per_seq"], best["reached"]
    early = [per_seq[s] for s in range(10, 10 + window) if s in per_seq]
    late = [per_seq[s] for s in range(reached - window + 1, reached + 1) if s in per_seq]
    return {**best, "early": early, "late": late, "early_at": (10, 10 + window - 1),
            "late_at": (reached - window + 1, reached)}


# --- report -----------------------------------------------------------------------------------------

def run(backend: str, args) -> None:
    stack = redis_pg_stack(args.web_threads) if backend == "redis" else embedded_stack()
    with stack as st:
        base, what, groups = st.base, st.what, st.groups
        print(f"\n== {backend}: {what}")
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores); "
              f"{references()}")
        cpu0, ticks0 = cpu_seconds(groups), cpu_ticks()
        res = throughput(base, args.games, args.moves, args.seed)
        cpu, ticks = cpu_seconds(groups), cpu_ticks()
        cpu.subtract(cpu0)
        rate = res["accepted"] / res["wall"] if res["wall"] else 0.0
        print(f"throughput: {args.games} games x {args.moves} moves, {res['accepted']} accepted in "
              f"{res['wall']:.2f} s = {rate:.0f} moves/s  (games that ended and were replaced: {res['ended']})")
        print(f"POST -> verdict (client): p50 {ms(pct(res['lat'], 50))}, p95 {ms(pct(res['lat'], 95))}, "
              f"max {ms(max(res['lat'], default=float('nan')))}")
        print(f"queued -> committed (server): p50 {ms(pct(res['srv'], 50))}, p95 {ms(pct(res['srv'], 95))}")
        if res["errors"]:
            print(f"not accepted / errors: {len(res['errors'])}; first: {res['errors'][:3]}")
        if res["accepted"]:
            per = {k: v / res["accepted"] for k, v in cpu.items() if v > 0}
            print("CPU per accepted move: " + ", ".join(f"{k} {ms(v)}" for k, v in sorted(per.items()))
                  + f"; total {ms(sum(per.values()))} ({sum(cpu.values()) / res['wall'] * 100:.0f}% of one core "
                    f"over the run; postgres and redis are every such process on the machine)")
        all_ticks, stolen = ticks[0] - ticks0[0], ticks[1] - ticks0[1]
        print(f"CPU time stolen by the hypervisor during the run: {stolen / max(all_ticks, 1) * 100:.1f}% of the "
              "machine's")
        p95_met = "met" if pct(res["lat"], 95) <= 0.1 else "NOT met"
        if backend == "redis":
            print(f"targets: >= 200 moves/s: {'met' if rate >= 200 else 'NOT met'}; p95 <= 100 ms: {p95_met}")
        else:
            print(f"targets: p95 <= 100 ms: {p95_met} (the 200 moves/s target is the scale stack's, 2 workers)")
        d = depth(base, args.depth, args.samples, args.seed)
        med = statistics.median
        e_c, e_s, e_k = ([x[i] for x in d["early"]] for i in (0, 1, 2))
        l_c, l_s, l_k = ([x[i] for x in d["late"]] for i in (0, 1, 2))
        print(f"depth: game {d['game']} reached position {d['reached']}"
              + (" (the game ended there)" if d["over"] else "") + f"; {args.samples} single-order moves each,"
              " no other load")
        if e_c and l_c:
            ratio_c, ratio_s, drift = med(l_c) / med(e_c), med(l_s) / med(e_s), med(l_k) / med(e_k)
            for at, c, s_, k in ((d["early_at"], e_c, e_s, e_k), (d["late_at"], l_c, l_s, l_k)):
                print(f"  positions {at[0]}-{at[1]}: client median {ms(med(c))} (mean {ms(statistics.mean(c))}), "
                      f"server median {ms(med(s_))} (mean {ms(statistics.mean(s_))}); control median {ms(med(k))}")
            note = "" if d["reached"] >= 500 else f" (measured at {d['reached']}: no game reached 500)"
            print(f"  deep / early (medians): client {ratio_c:.2f}, server {ratio_s:.2f}; target <= 1.10{note}")
            print(f"  the control (the same preview each time) took {drift:.2f} times as long at the deep moves as at "
                  f"the early ones; divided by that: client {ratio_c / drift:.2f}, server {ratio_s / drift:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games played in parallel (one client each)")
    ap.add_argument("--moves", type=int, default=50, help="moves (single orders) per game")
    ap.add_argument("--backend", choices=("redis", "embedded", "both"), default="both")
    ap.add_argument("--depth", type=int, default=500, help="position to reach in the depth game")
    ap.add_argument("--samples", type=int, default=20, help="moves timed at each end of the depth game")
    ap.add_argument("--web-threads", type=int, default=8, help="gthread threads per gunicorn worker")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for backend in (("redis", "embedded") if args.backend == "both" else (args.backend,)):
        try:
            run(backend, args)
        except Exception as e:  # a benchmark prints; it never fails a run
            print(f"\n== {backend}: not measured: {type(e).__name__}: {e}")


if __name__ == "__main__":
    main()
