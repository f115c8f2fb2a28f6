"""Engine benchmark: random games of every registered game (prints figures; not a test).

Run: python bench/engine.py [--games N] [--game SLUG] [--random-games N [--base B]]

The step measured is what one player's turn costs the engine: the acting role's view (which carries the
legal orders, ``engine.view``), a uniform random pick among them and the apply (``engine.apply_in_place``,
told the legal orders the view showed, so that legality is worked out once). The pick is Rally the Troops'
harness's policy (``../shared/tools/rtt-compare``): one (word, argument) pair uniformly, with the harness's
own PRNG, so that both sides of the comparison play and pay the same way (:func:`pick`). The random games
of ``--random-games`` use the fuzz's policy (``engine.playout.choose``: a word, then an argument).
Printed per game (every game of ``engine.games()`` unless ``--game``): median, p90 and p99 us per action;
ms per full game (setup to the end, median and p95); and the crashes, dead ends and runaways met.

Targets (DESIGN.md section 3, issue 23 item 6): <= 15 us median per action with the view; <= 25 ms per
full game. ``--random-games 10000`` also plays that many games per game with the same policy without the
view (seeds B to B+N-1; B new each run unless given, printed) on every core and prints the crashes, dead
ends, runaways and negative counts it met, each with its seed (GAME-STANDARD.md: 0 of each).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import random
import secrets
import statistics
import sys
import sysconfig
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.coin.position_checks import LEVEL_KEYS  # noqa: E402
from engine.core import canonical  # noqa: E402
from engine.core.chance import SeededChance  # noqa: E402
from engine.playout import choose  # noqa: E402


def main() -> None:
    slugs = [g["slug"] for g in engine.games()]
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200, help="timed games per game (default 200)")
    ap.add_argument("--game", choices=slugs, default=None, help="one game only (default: every game)")
    ap.add_argument("--random-games", type=int, default=0,
                    help="also play N random games per game and count crashes, dead ends, runaways (default 0)")
    ap.add_argument("--base", type=int, default=None, help="first seed of --random-games (default: new, printed)")
    args = ap.parse_args()
    print(interpreter())
    for slug in [args.game] if args.game else slugs:
        print(f"== {slug}")
        bench(slug, args.games)
        if args.random_games:
            robustness(slug, args.random_games, args.base if args.base is not None else secrets.randbelow(10**9))


def interpreter() -> str:
    """The interpreter the figures were measured on, in one line: its version, where it is, and how it was
    built, which moves the figures by 10-15% on the same machine (docs/performance.md, "The interpreter":
    scripts/setup.sh makes .venv from the machine's distribution build where there is one)."""
    configured = str(sysconfig.get_config_var("CONFIG_ARGS") or "")
    flags = [f for f in ("--enable-optimizations", "--with-lto") if f in configured] or ["neither"]
    linked = "libpython linked in" if not _links_libpython(sys.executable) else "libpython shared"
    return (f"interpreter: {platform.python_implementation()} {platform.python_version()} at "
            f"{os.path.realpath(sys.executable)} ({linked}; of --enable-optimizations and --with-lto its "
            f"configure line has {', '.join(flags)})")


def _links_libpython(executable: str) -> bool:
    """Whether the binary *executable* loads libpython at run time (a shared build) rather than holding it."""
    try:
        with open(os.path.realpath(executable), "rb") as f:
            return b"libpython" in f.read()
    except OSError:
        return True


def _negative(state, path="state"):
    """The first negative number anywhere in *state* (a piece count gone below zero), or None, as the fuzz
    looks (tests/engine/test_fuzz_all.py): a space's level (``support``: below 0 toward Opposition) is no count
    (engine.coin.position_checks.LEVEL_KEYS), nor are the procedures' locals (a shift of -1 level)."""
    if isinstance(state, dict):
        items = [(k, v) for k, v in state.items() if k not in ("flow", "log", *LEVEL_KEYS)]
    elif isinstance(state, list):
        items = enumerate(state)
    else:
        return path if isinstance(state, int) and not isinstance(state, bool) and state < 0 else None
    for k, v in items:
        found = _negative(v, f"{path}[{k!r}]")
        if found:
            return found
    return None


def _scenario(slug: str) -> str:
    """The scenario played: ``standard``, or a game's first scenario if it has none of that name."""
    scenarios = engine.definition(slug).scenarios
    return "standard" if "standard" in scenarios else next(iter(scenarios))


def _kind(e: Exception) -> str:
    return "dead end" if "dead end" in str(e) else "crash"


def _one_random_game(job: tuple[str, int]) -> tuple[int, str, str]:
    """Plays one game with the uniform random policy; ``(seed, kind, detail)``, kind '' when it ended well."""
    slug, seed = job
    limit = engine.definition(slug).max_actions
    try:
        state = engine.setup(slug, _scenario(slug), {}, SeededChance(seed, context="setup"))
        picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
        for n in range(limit):
            if engine.outcome(state):
                return seed, "", ""
            role = engine.active_roles(state)[0]
            legal = engine.legal_actions(state, role)
            engine.apply_in_place(state, role, choose(legal, picker), dice, legal=legal)
            bad = _negative(state)
            if bad:
                return seed, "negative count", f"{bad} after action {n + 1}"
        return seed, "runaway", f"no end after {limit} actions"
    except Exception as e:  # counted and printed: this is what the run is for
        return seed, _kind(e), f"{type(e).__name__}: {e}"


def _plural(n: int, kind: str) -> str:
    return f"{n} {kind}{('es' if kind.endswith('sh') else 's') if n != 1 else ''}"


def robustness(slug: str, games: int, base: int) -> None:
    """*games* random games of *slug* from seed *base*, on every core; prints what went wrong, with seeds."""
    t0 = time.perf_counter()
    with multiprocessing.Pool() as pool:
        results = pool.map(_one_random_game, [(slug, base + i) for i in range(games)], chunksize=50)
    bad = [r for r in results if r[1]]
    kinds = {k: sum(1 for r in bad if r[1] == k) for k in ("crash", "dead end", "runaway", "negative count")}
    print(f"random games (uniform policy, seeds {base}-{base + games - 1}, replay with --base {base}): {games} in "
          f"{time.perf_counter() - t0:.0f} s; " + ", ".join(_plural(n, k) for k, n in kinds.items()))
    for seed, kind, detail in bad[:20]:
        print(f"  seed {seed}: {kind}: {detail[:200]}")


def pick(legal: dict[str, list[str]], rnd) -> str:
    """The policy of Rally the Troops' harness (../shared/tools/rtt-compare/rtt-bench.js): flatten the legal
    orders into (word, argument) pairs and pick one uniformly with the harness's own PRNG (*rnd*, a
    ``random.Random(seed).random``: the harness's, not the engine's, whose chance stays seeded HMAC).

    The pairs are counted rather than listed, then the k-th is found: the same pair for the same draw as the
    harness's list, without building it (the pick is the harness's cost, not the engine's)."""
    n = 0
    for args in legal.values():
        n += len(args) or 1
    k = int(rnd() * n)
    for verb, args in legal.items():
        m = len(args) or 1
        if k < m:
            return f"{verb} {args[k]}" if args else verb
        k -= m
    raise ValueError("no legal order to pick")


def _pct(xs: list[float], p: float) -> float:
    """The *p*-th percentile of the sorted list *xs* (nearest rank)."""
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def bench(slug: str, games: int) -> float:
    """*games* timed games of *slug* (seeds 0 to games-1), each step the acting role's view + pick + apply;
    prints the figures and returns the median us per action (``bench/rtt.py`` sets it beside RTT's)."""
    limit = engine.definition(slug).max_actions
    game_times, steps, problems = [], [], []
    mid_state = None
    clock = time.perf_counter
    for seed in range(games):
        t0 = clock()
        try:
            state = engine.setup(slug, _scenario(slug), {}, SeededChance(seed, context="setup"))
            rnd, dice = random.Random(seed).random, SeededChance(seed, context="d")
            n = 0
            while not engine.outcome(state):
                if n >= limit:
                    problems.append((seed, "runaway", f"no end after {limit} actions"))
                    break
                role = engine.active_roles(state)[0]
                a = clock()
                legal = engine.view(state, role)["prompt"]["actions"]
                action = pick(legal, rnd)
                engine.apply_in_place(state, role, action, dice, legal=legal)
                steps.append(clock() - a)
                n += 1
                if seed == 0 and n == 150:
                    mid_state = canonical.copy(state)
        except Exception as e:  # counted and printed, as the random games are
            problems.append((seed, _kind(e), f"{type(e).__name__}: {e}"))
        game_times.append(clock() - t0)
    steps.sort()
    game_times.sort()
    kinds = {k: sum(1 for p in problems if p[1] == k) for k in ("crash", "dead end", "runaway")}
    print(f"games: {games}, actions: {len(steps)} ({len(steps) / games:.0f} per game); "
          + ", ".join(_plural(n, k) for k, n in kinds.items()))
    for seed, kind, detail in problems[:10]:
        print(f"  seed {seed}: {kind}: {detail[:200]}")
    print(f"per action (view + pick + apply): median {statistics.median(steps) * 1e6:.1f} us, "
          f"p90 {_pct(steps, 90) * 1e6:.1f} us, p99 {_pct(steps, 99) * 1e6:.1f} us (target: median <= 15 us)")
    print(f"per full game: median {statistics.median(game_times) * 1e3:.1f} ms, p95 {_pct(game_times, 95) * 1e3:.1f} ms "
          f"(target: <= 25 ms); {len(steps) / sum(game_times):.0f} actions/s")
    if mid_state is not None:
        reps = 2000
        t0 = clock()
        for _ in range(reps):
            text = canonical.dumps(mid_state)
        t1 = clock()
        for _ in range(reps):
            canonical.loads(text)
        t2 = clock()
        for _ in range(reps):
            canonical.copy(mid_state)
        t3 = clock()
        print(f"mid-game state: {len(text)} bytes; dump {(t1 - t0) / reps * 1e6:.1f} us, "
              f"load {(t2 - t1) / reps * 1e6:.1f} us, copy {(t3 - t2) / reps * 1e6:.1f} us")
    return statistics.median(steps) * 1e6


if __name__ == "__main__":
    main()
