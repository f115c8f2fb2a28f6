"""Static data of Japanese Occupation, each fact with its source: map, components, setup, cards, rulings (issue 30).

Read once at import from this package's own files (engine.coin.game_data): static data, not game I/O.
"""

from __future__ import annotations

from ....coin.game_data import game_data

load, MAP, COMPONENTS, SETUP, CARDS, DECK, RULINGS = game_data(__package__)
