"""Compares the move path of two checkouts on this machine, at the same time (prints figures; not a test).

Run: python3 bench/compare.py OTHER_CHECKOUT [--rounds R] [--moves M] [--games N] [--backend redis|embedded]

For example, to see what a change does against main: ``git worktree add /tmp/main main`` (with a
``.venv`` link to this checkout's), then ``python3 bench/compare.py /tmp/main``.

Why: the shared machines a session gets change speed by a third or more within minutes (docs/
performance.md), more than most changes to the move path save, so two benchmark runs one after the other
say little. Here both scale stacks (``bench.harness.redis_pg_stack``: gunicorn, two Celery workers,
PostgreSQL, Redis; each its own database and Redis db), or with ``--backend embedded`` both embedded
defaults (``bench.harness.embedded_stack``: ``umpire serve`` of each checkout, each its own SQLite), are
started once, side by side, and short throughput batches (``bench.service.throughput``) are run on each
in turn, the order alternating, so that both see the same machine. Printed per batch and as medians:
moves/s, p95 POST -> verdict, and CPU per accepted move of the stack's processes with PostgreSQL, Redis
and the client (the idle stack's share of the last three is small).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.service import throughput  # noqa: E402


def _harness(checkout: Path, name: str):
    """That checkout's ``bench/harness.py``: its stack runs that checkout's code."""
    spec = importlib.util.spec_from_file_location(name, checkout / "bench" / "harness.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _cpu(harness, groups: dict[str, int]) -> float:
    """CPU seconds so far of a stack's processes, PostgreSQL, Redis and this client (``cpu_seconds``)."""
    return sum(harness.cpu_seconds(groups).values())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", type=Path, help="the other checkout (its bench/harness.py and code are used)")
    ap.add_argument("--rounds", type=int, default=10, help="batches on each stack")
    ap.add_argument("--moves", type=int, default=30, help="moves per game in a batch")
    ap.add_argument("--games", type=int, default=10, help="games played at once (one client each)")
    ap.add_argument("--backend", choices=["redis", "embedded"], default="redis",
                    help="the scale stacks (default) or the embedded defaults")
    args = ap.parse_args()
    sides = {"this": (ROOT, _harness(ROOT, "harness_this"), "redis://127.0.0.1:6379/14"),
             "other": (args.other.resolve(), _harness(args.other.resolve(), "harness_other"),
                       "redis://127.0.0.1:6379/13")}
    figures: dict[str, list[tuple[float, float, float]]] = {k: [] for k in sides}
    with contextlib.ExitStack() as stack:
        if args.backend == "redis":
            up = {k: stack.enter_context(h.redis_pg_stack(8, redis_url=url)) for k, (_root, h, url) in sides.items()}
        else:  # this checkout's harness starts each side's own code (``root``): the other's may predate it
            up = {k: stack.enter_context(sides["this"][1].embedded_stack(root)) for k, (root, _h, _url) in sides.items()}
        print(f"this: {ROOT}\nother: {sides['other'][0]}\n{sides['this'][1].references()}")
        for r in range(args.rounds):
            for k in (("this", "other") if r % 2 == 0 else ("other", "this")):
                harness, st = sides[k][1], up[k]
                c0 = _cpu(harness, st.groups)
                res = throughput(st.base, args.games, args.moves, r)
                used = _cpu(harness, st.groups) - c0
                n = res["accepted"]
                rate = n / res["wall"] if res["wall"] else 0.0
                p95 = harness.pct(res["lat"], 95)
                figures[k].append((rate, p95, used / n if n else float("nan")))
                print(f"round {r} {k:5s}: {rate:5.0f} moves/s, p95 {p95 * 1e3:5.1f} ms, CPU {used / max(n, 1) * 1e3:5.2f} ms "
                      f"per move" + (f"; {len(res['errors'])} not accepted" if res["errors"] else ""), flush=True)
    for k, rows in figures.items():
        print(f"{k}: median {statistics.median(x[0] for x in rows):.0f} moves/s, p95 "
              f"{statistics.median(x[1] for x in rows) * 1e3:.1f} ms, CPU {statistics.median(x[2] for x in rows) * 1e3:.2f} "
              f"ms per move")


if __name__ == "__main__":
    main()
