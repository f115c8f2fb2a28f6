"""A game's static data files (map, components, setup, cards, rulings), read from its ``data`` package.

Static data read once at import, not game I/O: the engine stays pure (DESIGN.md section 3). Each game's
``data/__init__.py`` reads its files with ``loader(__package__)`` (the COIN games through
``engine.coin.game_data.game_data``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources


def loader(package: str) -> Callable[[str], dict]:
    """``load(name)``: the JSON file *name* of *package* (a game's ``data`` package), parsed."""
    def load(name: str) -> dict:
        return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    return load
