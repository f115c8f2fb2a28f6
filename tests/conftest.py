"""Shared pytest configuration."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_addoption(parser):
    parser.addoption("--fuzz-seeds", type=int, default=200,
                     help="random playouts per game in the fuzz test (default 200): half fixed (0, 1, ...), half new")
    parser.addoption("--fuzz-base", type=int, default=None,
                     help="the first of the fuzz's new seeds, to replay a run (default: UMPIRE_FUZZ_BASE, else a new "
                          "random base each run, printed in the header)")


def pytest_configure(config):
    import os
    import secrets
    base = config.getoption("--fuzz-base")
    if base is None:
        raw = os.environ.get("UMPIRE_FUZZ_BASE")
        base = int(raw) if raw else 1000 + secrets.randbelow(10**9)
    config.fuzz_base = base


def fuzz_seeds(config) -> list[int]:
    """The seeds of this run's random playouts: the first half fixed (0, 1, ...), a stable baseline; the second
    half new each run from ``config.fuzz_base`` (printed in the header), so the fuzz explores new games."""
    n = config.getoption("--fuzz-seeds")
    fixed = n - n // 2
    return list(range(fixed)) + list(range(config.fuzz_base, config.fuzz_base + n // 2))


def _fuzz_line(config) -> str:
    seeds = fuzz_seeds(config)
    fresh = [s for s in seeds if s >= config.fuzz_base]
    where = f"{fresh[0]}-{fresh[-1]}" if fresh else "none"
    return (f"fuzz seeds: 0-{len(seeds) - len(fresh) - 1} and {where} "
            f"(replay with --fuzz-base {config.fuzz_base} or UMPIRE_FUZZ_BASE={config.fuzz_base})")


def pytest_report_header(config):
    return _fuzz_line(config)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The fuzz's seeds again at the end, where ``-q`` (scripts/test) still shows them."""
    terminalreporter.write_line(_fuzz_line(config))


@pytest.fixture(autouse=True)
def _settings_read_afresh():
    """A test that sets an environment variable sees it: the process's settings (``service.settings
    .current()``) are read again for each test, as a new process would read them."""
    from service import settings
    settings.forget()
    yield
    settings.forget()
