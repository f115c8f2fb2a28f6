"""The political events' static data: ``events.json`` (the 37 events: number, title, marks, lines of the
fragment), ``rulings*.json`` (our rulings, each quoting the fragment's line), ``sample.json`` (the default position:
an illustration built from the fragment's own examples, not a real scenario) and ``persisted.json``. Read once at
import (engine.core.data): static data, not game I/O."""

from __future__ import annotations

from importlib import resources

from ....core.data import loader

load = loader(__package__)

#: The rulings files, ``rulings.json`` first, then ``rulings_<part>.json`` (one a group of events) by name.
RULINGS_FILES = sorted((p.name for p in resources.files(__package__).iterdir()
                        if p.name.startswith("rulings") and p.name.endswith(".json")),
                       key=lambda n: (n != "rulings.json", n))

EVENTS: dict[int, dict] = {int(e["number"].split(".")[1]): e for e in load("events.json")["events"]}
RULINGS: list[dict] = [r for name in RULINGS_FILES for r in load(name)["rulings"]]
SAMPLE: dict = load("sample.json")
