"""Reports benchmark: median time to render a seat's PDF snapshot and a whole game's report (prints figures).

Run: python bench/reports.py [--samples N]
Targets (issue 5): snapshot <= 0.3 s, report of a 21-card game <= 2 s. Beside them (issue 31 item 5): a seat's
snapshot of The First Arab-Israeli War on a generated full-size pack (bench/faiw_pack.py: 60 x 40 hexes, test
data, a few dozen units deployed), its hex map drawn by service.reports.hexboard; target <= 0.3 s too.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from bench.harness import references  # noqa: E402
from engine.core.chance import SeededChance  # noqa: E402
from engine.playout import choose  # noqa: E402
from service import adjudication  # noqa: E402
from service import games as G  # noqa: E402
from service.reports import documents  # noqa: E402
from service.reports.pdf import DataOnlyFetcher  # noqa: E402
from umpire_app.web import create_app  # noqa: E402


class _FixedDice:
    """Stands in for ``secrets`` in ``service.games`` while the benchmark's game is made, so its id and
    dice seed, and so the whole game and the PDFs measured, are the same every run."""

    def token_bytes(self, n: int) -> bytes:
        return hashlib.sha256(b"umpire bench/reports.py").digest()[:n]

    def token_hex(self, n: int) -> str:
        return self.token_bytes(n).hex()

    def __getattr__(self, name):
        return getattr(secrets, name)


def finished_game(Session, seed: int = 3) -> str:
    real, G.secrets = G.secrets, _FixedDice()
    try:
        with Session() as s, s.begin():
            game, _ = G.create_game(s, "palestine", "standard", {}, None, "Benchmark")
            gid = game.id
    finally:
        G.secrets = real
    picker = SeededChance(seed, context="bench")
    while True:
        with Session() as s:
            state = G.get_game(s, gid).state
        if engine.outcome(state):
            return gid
        role = engine.active_roles(state)[0]
        with Session() as s, s.begin():
            sub, _ = adjudication.store(s, gid, choose(engine.legal_actions(state, role), picker), "text/plain", role=role)
            sid = sub["id"]
        adjudication.adjudicate(Session, sid)


def faiw_snapshot(samples: int) -> tuple[str, list[float], list[float], list[float]]:
    """A seat's snapshot of a First Arab-Israeli War game on the generated full-size pack: its description and the
    times (wall, CPU, and wall in the service's limited child process) of rendering it. The snapshot is
    ``documents.snapshot_of`` (``snapshot_html`` less its database reads) to a PDF, its hex map drawn by the
    game's registered board (``GameDefinition.board``, service.reports.hexboard)."""
    from bench.faiw_pack import COLUMNS, ROWS, deployed_game
    from engine.games.first_arab_israeli_war import DEFINITION
    from service.reports.limits import render_pdf
    from service.reports.pdf import html_to_pdf

    state = deployed_game()
    on_map = sum(1 for r in state["units"].values() if r["status"] == "map")
    game = {"id": "faiwbench", "game": DEFINITION.slug, "title": "Benchmark", "seq": state["seq"],
            "commitment": "0" * 64, "outcome": None}
    html_to_pdf(documents.snapshot_of(game, state, "israel", [], {}), DataOnlyFetcher())  # warm the caches
    wall, cpu, child = [], [], []
    for _ in range(samples):
        t0, c0 = time.perf_counter(), time.process_time()
        html = documents.snapshot_of(game, state, "israel", [], {})
        html_to_pdf(html, DataOnlyFetcher())
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        t1 = time.perf_counter()
        render_pdf(documents.snapshot_of(game, state, "israel", [], {}))
        child.append(time.perf_counter() - t1)
    what = (f"First Arab-Israeli War snapshot PDF (generated pack, {COLUMNS} x {ROWS} hexes, {on_map} units and "
            f"{sum(len(s) for s in state['supply'].values())} supply stacks on the map)")
    return what, wall, cpu, child


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=7)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "REDIS_URL": ""})
        Session = app.extensions["umpire"]["sessions"]
        gid = finished_game(Session)
        with Session() as s:
            game = G.get_game(s, gid)
            played = len(game.state["played"])
            snap, rep, size = [], [], 0
            snap_cpu, rep_cpu, child = [], [], []
            for _ in range(args.samples):
                # In this process (a fetcher given), so CPU time is this process's own.
                t0, c0 = time.perf_counter(), time.process_time()
                documents.snapshot_pdf(s, game, "irgun", DataOnlyFetcher())
                t1, c1 = time.perf_counter(), time.process_time()
                pdf = documents.report_pdf(s, game, DataOnlyFetcher())
                t2, c2 = time.perf_counter(), time.process_time()
                snap.append(t1 - t0)
                rep.append(t2 - t1)
                snap_cpu.append(c1 - c0)
                rep_cpu.append(c2 - c1)
                size = len(pdf)
                # As the service renders: in the limited child process (service.reports.limits).
                t3 = time.perf_counter()
                documents.snapshot_pdf(s, game, "irgun")
                child.append(time.perf_counter() - t3)
        app.extensions["umpire"]["engine"].dispose()
    print(f"game {gid}: {game.seq} positions, {played} cards played, result {game.state['outcome']['winner']}")
    # CPU time too: on a shared machine the wall clock also counts other processes' turns.
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores); "
          f"{references()}")
    # The fastest sample too: this machine's speed varies by a third from one minute to the next (a
    # shared host), which moves the median; the minimum is what the code costs when nothing interferes.
    print(f"snapshot PDF: median {statistics.median(snap):.3f} s wall, {statistics.median(snap_cpu):.3f} s CPU, "
          f"fastest {min(snap):.3f} s (target <= 0.3 s); in the service's limited child process: median "
          f"{statistics.median(child):.3f} s wall, fastest {min(child):.3f} s")
    print(f"game report PDF: median {statistics.median(rep):.3f} s wall, {statistics.median(rep_cpu):.3f} s CPU, "
          f"fastest {min(rep):.3f} s, {size // 1024} KiB (target <= 2 s)")
    what, wall, cpu, child = faiw_snapshot(args.samples)
    print(f"{what}: median {statistics.median(wall):.3f} s wall, {statistics.median(cpu):.3f} s CPU, fastest "
          f"{min(wall):.3f} s (target <= 0.3 s); in the service's limited child process: median "
          f"{statistics.median(child):.3f} s wall, fastest {min(child):.3f} s")


if __name__ == "__main__":
    main()
