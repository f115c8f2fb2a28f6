"""Static data of Arab Revolt, each fact with its source: map, components, setup, cards, rulings, layout.

Read once at import from this package's own files: static data, not game I/O.
"""

from __future__ import annotations

from ....core.data import loader

load = loader(__package__)


MAP = load("map.json")
COMPONENTS = load("components.json")
SETUP = load("setup.json")
CARDS = {c["id"]: c for c in load("cards.json")["cards"]}
RULINGS = load("rulings.json")["rulings"]
