"""Static data of The First Arab-Israeli War that is the engine's, not the pack's: our rulings (issue 31).

``rulings.json``: each ruling where the text (rules/first-arab-israeli-war.txt) is silent, contradicts itself or
leaves data to the missing map, with the words at issue and, where both readings hold, the alternatives an umpire
may choose. Read once at import from this package's own file (engine.core.data): static data, not game I/O. The
map, the tables and the counters are the umpire's data pack (service.packs), not here.
"""

from __future__ import annotations

from ....core.data import loader

load = loader(__package__)

RULINGS: list[dict] = load("rulings.json")["rulings"]
