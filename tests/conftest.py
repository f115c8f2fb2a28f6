"""Shared pytest configuration."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_addoption(parser):
    parser.addoption("--fuzz-seeds", type=int, default=200,
                     help="random playouts per game in the fuzz test (default 200)")
