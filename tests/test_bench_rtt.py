"""bench/rtt.py, the side-by-side timing against Rally the Troops (a benchmark: these tests time nothing,
they check its refusals and that it reads our median from bench/engine.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rtt_bench_refuses_a_folder_without_rtts_files(tmp_path):
    (tmp_path / "rtt-bench.js").write_text("// the harness alone\n")
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "rtt.py"), str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "lacks rules.js, data.js" in run.stderr
    assert "rtt-bench.js, rules.js, data.js" in run.stderr


def test_rtt_bench_reads_our_median_from_the_engine_benchmark():
    sys.path.insert(0, str(ROOT))
    try:
        from bench import rtt
    finally:
        sys.path.remove(str(ROOT))
    median = rtt.ours_median("palestine", 1)
    assert isinstance(median, float) and 0 < median < 1e6
    assert round(rtt.TARGET_US / rtt.RTT_WHEN_SET, 2) == 0.80


def test_rtt_bench_prints_each_reading_of_the_target():
    """Issue 23 item 6 writes the target as 15 us; DESIGN.md section 3 as RTT's speed measured here; the issue
    measured RTT at 18.8 us (a ratio of 0.80). Each is printed met or not on its own."""
    sys.path.insert(0, str(ROOT))
    try:
        from bench import rtt
    finally:
        sys.path.remove(str(ROOT))
    assert [ok for _, ok in rtt.readings(14.2, 0.90)] == [True, True, False]
    assert [ok for _, ok in rtt.readings(15.1, 0.79)] == [False, True, True]
    assert [ok for _, ok in rtt.readings(16.0, 1.02)] == [False, False, False]
    assert [label for label, _ in rtt.readings(1, 1)] == ["<= 15 us", "no slower than RTT (<= 1.00x)",
                                                          "strict (<= 0.80x)"]
