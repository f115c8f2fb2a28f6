"""Static data of Japanese Occupation, each fact with its source: map, components, setup, rulings (issue 30).

Read once at import from this package's own files: static data, not game I/O. The cards (cards.json) are not
written yet, so the shared loader (engine.coin.game_data), which reads them, is not used until they are:
``load`` is the same engine.core.data loader it uses.
"""

from __future__ import annotations

from ....core.data import loader

load = loader(__package__)
MAP, COMPONENTS, SETUP = load("map.json"), load("components.json"), load("setup.json")
RULINGS = load("rulings.json")["rulings"]
