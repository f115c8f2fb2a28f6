"""Static data of The First Arab-Israeli War that is the engine's, not the pack's: our rulings (issue 31) and the
built-in data the text gives (the Reinforcement Table, with provenance).

``rulings*.json``: each ruling where the text (rules/first-arab-israeli-war.txt) is silent, contradicts itself or
leaves data to the missing map, with the words at issue and, where both readings hold, the alternatives an umpire
may choose; one file a part of the rules (``rulings.json``: the hex library, the combat desk and the pack checks;
``rulings_<part>.json``: the sequence, each phase's rules), merged here in file-name order. Read once at import
from this package's own files (engine.core.data): static data, not game I/O. The map, the tables and the counters
are the umpire's data pack (``..packs``), not here; ``test_pack/`` is the test pack the engine ships.
"""

from __future__ import annotations

from importlib import resources

from ....core.data import loader

load = loader(__package__)

#: The rulings files, ``rulings.json`` first.
RULINGS_FILES = sorted((p.name for p in resources.files(__package__).iterdir()
                        if p.name.startswith("rulings") and p.name.endswith(".json")), key=lambda n: (n != "rulings.json", n))

RULINGS: list[dict] = [r for name in RULINGS_FILES for r in load(name)["rulings"]]
