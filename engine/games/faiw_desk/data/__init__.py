"""The combat desk's own static data: its rulings (``rulings.json``, the same format as The First Arab-Israeli
War's ``data/rulings.json``) and its persisted names (``persisted.json``). Read once at import (engine.core.data):
static data, not game I/O. The CRT, the TEC and the counters are the umpire's data pack's, when one is given."""

from __future__ import annotations

from ....core.data import loader

load = loader(__package__)

#: The desk's own rulings, where the text leaves a desk without a map open.
OWN_RULINGS: list[dict] = load("rulings.json")["rulings"]
