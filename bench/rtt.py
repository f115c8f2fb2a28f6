"""Our engine beside Rally the Troops' *Andean Abyss* rules.js, in alternating rounds on this machine
(prints figures; not a test).

Run: python bench/rtt.py RTT_DIR [--rounds 3] [--games 100] [--rtt-games 200] [--game SLUG ...]

RTT_DIR holds ``rtt-bench.js`` (the shared tools' ``rtt-compare`` folder) beside ``rules.js`` and
``data.js`` of ``rally-the-troops/andean-abyss`` at commit 9719a07 (that folder's README says how to get
them; they are not ours and are never copied into this repository). Node must be on the PATH.

Why: the speed target of issue 23 and GAME-STANDARD.md is a median of at most 15 us a step (the acting
role's view with its legal orders + pick + apply). DESIGN.md section 3 calls that budget "about 15 us per
action ... the speed of Rally the Troops' JavaScript COIN rules measured here"; issue 23 measured RTT's step at
18.8 us on the day it was filed (2026-12-04). The machines a session gets differ by up to twice in speed (RTT's
same step measured 15.8 to 23 us on fast days, 37.3 us on 2026-12-06's slow one), so an absolute figure says
as much about the machine as about the code. This script times both on the same machine in the same minutes,
RTT and each of our games in turn, round after round, and prints:

- each round's medians and the ratio ours / RTT;
- for each game, the median of its rounds against the three readings of the target, each met or not:
  the figure as written (at most 15 us here), DESIGN's sense (no slower than RTT here: a ratio of at most 1),
  and the strict reading (the issue's own ratio, 15 / 18.8 = 0.80 of RTT).

The step and the pick are the same on both sides (``bench.engine.pick``: the RTT harness's policy).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from bench.engine import bench, interpreter  # noqa: E402

#: RTT's median us a step as issue 23 measured it when it was filed (2026-12-04, 5 rounds x 500 games).
RTT_WHEN_SET = 18.8
#: The target, in us a step (issue 23 item 6, DESIGN.md section 3, GAME-STANDARD.md).
TARGET_US = 15.0
FILES = ("rtt-bench.js", "rules.js", "data.js")


def rtt_median(rtt_dir: Path, games: int) -> float:
    """RTT's median us a step over *games* random games (its harness, seeds 1 to *games*)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rtt.json"
        subprocess.run(["node", "rtt-bench.js", "--games", str(games), "--seed0", "1", "--cap", "20000",
                        "--out", str(out)], cwd=rtt_dir, check=True, stdout=subprocess.DEVNULL)
        return float(json.loads(out.read_text())["us_per_action"]["median"])


def ours_median(slug: str, games: int) -> float:
    """Our median us a step for *slug* (``bench.engine.bench``, its printing kept out of the way)."""
    with contextlib.redirect_stdout(io.StringIO()):
        return bench(slug, games)


def main() -> None:
    slugs = [g["slug"] for g in engine.games()]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rtt_dir", type=Path, help="folder with rtt-bench.js, rules.js and data.js")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    ap.add_argument("--games", type=int, default=100, help="our timed games per game a round (default 100)")
    ap.add_argument("--rtt-games", type=int, default=200, help="RTT games a round (default 200)")
    ap.add_argument("--game", action="append", choices=slugs, default=None,
                    help="one of our games (repeatable; default: palestine and arab-revolt)")
    args = ap.parse_args()
    missing = [f for f in FILES if not (args.rtt_dir / f).is_file()]
    if missing:
        sys.exit(f"{args.rtt_dir} lacks {', '.join(missing)}: it must hold {', '.join(FILES)} "
                 "(see the rtt-compare folder's README)")
    if not shutil.which("node"):
        sys.exit("node is not on the PATH: RTT's harness runs under Node.js")
    games = args.game or ["palestine", "arab-revolt"]
    print(interpreter())
    ratios: dict[str, list[float]] = {g: [] for g in games}
    ours: dict[str, list[float]] = {g: [] for g in games}
    rtts: list[float] = []
    for r in range(1, args.rounds + 1):
        rtt = rtt_median(args.rtt_dir, args.rtt_games)
        rtts.append(rtt)
        row = [f"round {r}: RTT {rtt:.1f} us"]
        for slug in games:
            us = ours_median(slug, args.games)
            ours[slug].append(us)
            ratios[slug].append(us / rtt)
            row.append(f"{slug} {us:.1f} us ({us / rtt:.2f}x)")
        print("; ".join(row), flush=True)
    here = statistics.median(rtts)
    print(f"RTT median {here:.1f} us a step here ({RTT_WHEN_SET} us when issue 23 was filed)")
    for slug in games:
        us, rs = statistics.median(ours[slug]), statistics.median(ratios[slug])
        print(f"{slug}: median {us:.1f} us, ratio {rs:.2f}x RTT (rounds " + ", ".join(f"{x:.2f}" for x in ratios[slug])
              + "); " + "; ".join(f"{label}: {'met' if ok else 'NOT met'}" for label, ok in readings(us, rs)))


def readings(us: float, ratio: float) -> list[tuple[str, bool]]:
    """The three readings of the target for a median of *us* a step at *ratio* x RTT's on the same machine:
    the figure as written, DESIGN.md's "the speed of RTT measured here", and issue 23's own ratio."""
    strict = TARGET_US / RTT_WHEN_SET
    return [(f"<= {TARGET_US:g} us", us <= TARGET_US), ("no slower than RTT (<= 1.00x)", ratio <= 1.0),
            (f"strict (<= {strict:.2f}x)", ratio <= strict)]


if __name__ == "__main__":
    main()
