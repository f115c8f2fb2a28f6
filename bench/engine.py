"""Engine benchmark: random playouts of each game (prints figures; not a test).

Run: python bench/engine.py [--games N] [--game SLUG] [--random-games N [--base B]]
Targets (issue 2, and issue 7 for Arab Revolt): median full playout <= 50 ms on one core; <= 50 us median
per action. ``--random-games 10000`` also plays that many games per game with the uniform random policy of
``engine.playout.choose`` (seeds B to B+N-1; B new each run unless given, printed) and prints the crashes,
dead ends, runaways and negative counts it met, each with its seed (GAME-STANDARD.md: 0 of each).
"""

from __future__ import annotations

import argparse
import multiprocessing
import secrets
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
    ap.add_argument("--random-games", type=int, default=0,
                    help="also play N random games per game and count crashes, dead ends, runaways (default 0)")
    ap.add_argument("--base", type=int, default=None, help="first seed of --random-games (default: new, printed)")
    args = ap.parse_args()
    for slug in [args.game] if args.game else [g["slug"] for g in engine.games()]:
        print(f"== {slug}")
        bench(slug, args.games)
        if args.random_games:
            robustness(slug, args.random_games, args.base if args.base is not None else secrets.randbelow(10**9))


def _negative(state, path="state"):
    """The first negative number anywhere in *state* (a piece count gone below zero), or None."""
    if isinstance(state, dict):
        items = state.items()
    elif isinstance(state, list):
        items = enumerate(state)
    else:
        return path if isinstance(state, int) and not isinstance(state, bool) and state < 0 else None
    for k, v in items:
        found = _negative(v, f"{path}[{k!r}]")
        if found:
            return found
    return None


def _one_random_game(job: tuple[str, int]) -> tuple[int, str, str]:
    """Plays one game with the uniform random policy; ``(seed, kind, detail)``, kind '' when it ended well."""
    slug, seed = job
    limit = engine.definition(slug).max_actions
    try:
        state = engine.setup(slug, "standard", {}, SeededChance(seed, context="setup"))
        picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
        for n in range(limit):
            if engine.outcome(state):
                return seed, "", ""
            role = engine.active_roles(state)[0]
            engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picker), dice)
            bad = _negative(state)
            if bad:
                return seed, "negative count", f"{bad} after action {n + 1}"
        return seed, "runaway", f"no end after {limit} actions"
    except Exception as e:  # counted and printed: this is what the run is for
        kind = "dead end" if "dead end" in str(e) else "crash"
        return seed, kind, f"{type(e).__name__}: {e}"


def robustness(slug: str, games: int, base: int) -> None:
    """*games* random games of *slug* from seed *base*, on every core; prints what went wrong, with seeds."""
    t0 = time.perf_counter()
    with multiprocessing.Pool() as pool:
        results = pool.map(_one_random_game, [(slug, base + i) for i in range(games)], chunksize=50)
    bad = [r for r in results if r[1]]
    kinds = {k: sum(1 for r in bad if r[1] == k) for k in ("crash", "dead end", "runaway", "negative count")}
    print(f"random games (uniform policy, seeds {base}-{base + games - 1}, replay with --base {base}): {games} in "
          f"{time.perf_counter() - t0:.0f} s; " + ", ".join(f"{n} {k}{'es' if k == 'crash' and n != 1 else ''}"
                                                        f"{'s' if k != 'crash' and n != 1 else ''}"
                                                        for k, n in kinds.items()))
    for seed, kind, detail in bad[:20]:
        print(f"  seed {seed}: {kind}: {detail[:200]}")


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
