"""Static data of Palestine, each fact with its source (map, cards, setup, rulings).

Read once at import from this package's own files: static data, not game I/O.
"""

from __future__ import annotations

from ....core.data import loader

load = loader(__package__)


MAP = load("map.json")
CARDS = {c["id"]: c for c in load("cards.json")["cards"]}
RULINGS = load("rulings.json")["rulings"]
