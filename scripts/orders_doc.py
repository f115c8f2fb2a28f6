"""Writes docs/orders.md from engine/core/grammar.py and every registered game's orders table.

Run: python scripts/orders_doc.py (tests/engine/test_orders_grammar.py fails while the file is not current).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.core.grammar import orders_markdown  # noqa: E402


def text() -> str:
    games = [(g["slug"], engine.definition(g["slug"]).title, engine.definition(g["slug"]).orders)
             for g in engine.games() if engine.definition(g["slug"]).orders]
    return orders_markdown(games)


if __name__ == "__main__":
    (ROOT / "docs" / "orders.md").write_text(text())
    print("wrote docs/orders.md")
