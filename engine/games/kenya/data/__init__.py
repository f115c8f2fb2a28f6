"""Static data of Kenya, each fact with its source: map, components, setup, cards, rulings (issue 28).

Read once at import from this package's own files: static data, not game I/O.
"""

from __future__ import annotations

from ....core.data import loader

load = loader(__package__)


MAP = load("map.json")
COMPONENTS = load("components.json")
SETUP = load("setup.json")
CARDS = {c["id"]: c for c in load("cards.json")["cards"]}
DECK = load("cards.json")["deck"]
RULINGS = load("rulings.json")["rulings"]
