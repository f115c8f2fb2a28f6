"""Engine benchmark: random playouts of each game (prints figures; not a test).

Run: python bench/engine.py [--games N] [--game SLUG]
Targets (issue 2, and issue 7 for Arab Revolt): median full playout <= 50 ms on one core; <= 50 us median
per action.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.core import canonical  # noqa: E402
from engine.core.chance import SeededChance  # noqa: E402
from engine.playout import choose  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", choices=[g["slug"] for g in engine.games()], default=None,
                    help="one game only (default: every game)")
    args = ap.parse_args()
    for slug in [args.game] if args.game else [g["slug"] for g in engine.games()]:
        print(f"== {slug}")
        bench(slug, args.games)


def bench(slug: str, games: int) -> None:
    game_times, legal_times, apply_times, actions = [], [], [], 0
    mid_state = None
    for seed in range(games):
        t0 = time.perf_counter()
        state = engine.setup(slug, "standard", {}, SeededChance(seed, context="setup"))
        picker, dice = SeededChance(seed, context="p"), SeededChance(seed, context="d")
        n = 0
        while not engine.outcome(state):
            role = engine.active_roles(state)[0]
            a = time.perf_counter()
            legal = engine.legal_actions(state, role)
            b = time.perf_counter()
            action = choose(legal, picker)
            c = time.perf_counter()
            engine.apply_in_place(state, role, action, dice)
            d = time.perf_counter()
            legal_times.append(b - a)
            apply_times.append(d - c)
            n += 1
            if seed == 0 and n == 150:
                mid_state = canonical.copy(state)
        game_times.append(time.perf_counter() - t0)
        actions += n
    total = sum(game_times)
    print(f"games: {games}, actions: {actions} ({actions / games:.0f} per game)")
    print(f"games/s: {games / total:.1f}   actions/s: {actions / total:.0f}")
    print(f"median full playout: {statistics.median(game_times) * 1e3:.1f} ms "
          f"(p95 {sorted(game_times)[int(0.95 * len(game_times))] * 1e3:.1f} ms)")
    print(f"median legal_actions: {statistics.median(legal_times) * 1e6:.1f} us; "
          f"median apply: {statistics.median(apply_times) * 1e6:.1f} us; "
          f"median per action (both): {statistics.median([x + y for x, y in zip(legal_times, apply_times, strict=True)]) * 1e6:.1f} us")
    if mid_state is not None:
        reps = 2000
        t0 = time.perf_counter()
        for _ in range(reps):
            text = canonical.dumps(mid_state)
        t1 = time.perf_counter()
        for _ in range(reps):
            canonical.loads(text)
        t2 = time.perf_counter()
        for _ in range(reps):
            canonical.copy(mid_state)
        t3 = time.perf_counter()
        print(f"mid-game state: {len(text)} bytes; dump {(t1 - t0) / reps * 1e6:.1f} us, "
              f"load {(t2 - t1) / reps * 1e6:.1f} us, copy {(t3 - t2) / reps * 1e6:.1f} us")


if __name__ == "__main__":
    main()
