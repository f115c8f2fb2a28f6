"""Palestine setup (Setup Instructions 2.1) and the Example of Play's deck (8.0)."""

from __future__ import annotations

from ...coin.deck import build_deck
from ...core.flow import Context
from . import board as B

#: Forces on the map at setup (Setup Instructions 2.1).
SETUP_FORCES = {
    "galilee": {"cells_u": 1, "troops": 2},
    "haifa-district": {"cells_u": 1},
    "haifa-city": {"cells_u": 1, "troops": 2, "police": 1},
    "samaria": {"cells_u": 1, "troops": 2},
    "tel-aviv-jaffa": {"cells_u": 1, "troops": 2, "police": 1},
    "lydda": {"caches": 1, "cells_u": 1},
    "jerusalem-district": {"caches": 1, "cells_u": 1},
    "jerusalem-city": {"cells_u": 1, "troops": 2, "police": 1},
    "gaza": {"cells_u": 1, "troops": 2},
}
EVENT_CARDS = [f"P{i}" for i in range(1, 33)]
PROPAGANDA_CARDS = ["P33", "P34", "P35"]
#: The Example of Play's first cards, top to bottom (8.0).
EXAMPLE_CARDS = ["P31", "P10", "P27", "P25", "P7", "P8", "P35"]


def deck_for(scenario: str) -> dict:
    """The draw deck of *scenario* before any card is revealed (2.1 Deck Preparation; 8.0)."""
    if scenario == "example-of-play":
        rest = [c for c in EVENT_CARDS if c not in EXAMPLE_CARDS]
        # Two more piles of 6 from the 26 other Events: 12 used, 14 set aside (8.0, last paragraph).
        return build_deck(rest, ["P33", "P34"], top=EXAMPLE_CARDS)
    return build_deck(EVENT_CARDS, PROPAGANDA_CARDS)


def setup(scenario: str, options: dict, g: Context) -> dict:
    map_over = B.BOARD.map_option(options["map"]) if "map" in options else None  # checked first
    spaces = {sid: B.empty_space() for sid in B.SPACES}
    for sid, forces in SETUP_FORCES.items():
        spaces[sid].update(forces)
    deck = deck_for(scenario)
    state = {
        "game": "palestine", "scenario": scenario, "options": options, "rules_version": 1, "seq": 0,
        "spaces": spaces,
        "available": {"troops": 0, "police": 3, "cells": 6, "caches": 3},
        "prison": 0, "removed": 0,
        "haganah": 4, "haganah_slots": {"4": {"cells": 0, "caches": 0}, "3": {"cells": 0}},
        "pw": 18,
        "intel": {"bag": list(B.INTEL_CHITS), "held": []},
        "deck": deck, "played": [], "current": None,
        "eligible": ["irgun", "british"], "boxes": {"limited": None, "event": None, "opsa": None},
        "capabilities": {}, "flags": {}, "propaganda": 0, "outcome": None,
        "flow": [{"p": "coin.round", "role": "irgun", "stage": "reveal"}],
    }
    if map_over:
        state["map"] = map_over  # the umpire's corrections of inferred adjacency (engine.coin.map_overrides)
    return state
