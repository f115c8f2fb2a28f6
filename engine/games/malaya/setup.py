"""Malaya setup (Setup Instructions 2.1, data/setup.json), the two decks (standard and extended Malayan
Emergency, L2160 and L2188-2190) and the Example of Play's deck (8.0)."""

from __future__ import annotations

from ...coin.deck import build_deck, example_deck
from ...core.errors import InvalidActionError
from ...core.flow import Context
from . import board as B
from .data import CARDS, DECK, SETUP

EVENT_CARDS = [c for c, card in CARDS.items() if card["kind"] == "event"]
PROPAGANDA_CARDS = [c for c, card in CARDS.items() if card["kind"] == "propaganda"]
#: The Example of Play's first cards, top to bottom (8.0 L1600).
EXAMPLE_CARDS = DECK["example_of_play"]["cards"]
#: Each scenario's deck: the standard one, the extended Malayan Emergency (L2188), the Example of Play's.
DECKS = {"standard": DECK["standard"], "extended": DECK["extended"], "example-of-play": DECK["standard"]}
LEVELS = {"opposition": -1, "neutral": 0, "support": 1}


def spaces_at_setup() -> dict[str, dict]:
    """Forces and levels of each space at setup (L2164-2186); Guerrillas Underground (1.4.3)."""
    return B.BOARD.spaces_at_setup(SETUP["spaces"], LEVELS)


def deck_for(scenario: str) -> dict:
    """The draw deck of *scenario* before any card is revealed (Deck Preparation L2160, L2190; 8.0)."""
    rules = DECKS[scenario]
    if scenario == "example-of-play":
        # The example's seven cards on top; then, as the last paragraph of 8.0 (L1654) continues the game,
        # two piles of six random Events, each with a Propaganda card among its bottom two.
        return example_deck(EVENT_CARDS, PROPAGANDA_CARDS, EXAMPLE_CARDS, rules["pile_size"], rules["bottom"])
    return build_deck(EVENT_CARDS, PROPAGANDA_CARDS, rules["pile_size"], rules["bottom"],
                      shuffle_propaganda=rules["shuffle_propaganda"])


def setup(scenario: str, options: dict, g: Context) -> dict:
    if scenario not in DECKS:
        raise InvalidActionError(f"Malaya has no scenario {scenario!r}: standard, extended or example-of-play")
    map_over = B.BOARD.map_option(options["map"]) if "map" in options else None  # checked first
    avail = {k: v for k, v in SETUP["available"].items() if k != "source"}
    state = {
        "game": "malaya", "scenario": scenario, "options": options, "rules_version": 1, "seq": 0,
        "spaces": spaces_at_setup(),
        "available": avail,
        "new_villages": SETUP["new_villages_available"]["count"],
        "pw": SETUP["political_will"]["value"],
        "resources": {f: SETUP["resources"][f] for f in ("british", "mcp")},
        "commander": SETUP["commander"]["index"], "gurney_killed": False,
        "deck": deck_for(scenario), "played": [], "current": None,
        "eligible": list(SETUP["eligible"]["order"]), "boxes": {"limited": None, "event": None, "opsa": None},
        "capabilities": {}, "flags": {}, "propaganda": 0, "outcome": None,
        "flow": [{"p": "coin.round", "role": SETUP["eligible"]["order"][0], "stage": "reveal"}],
    }
    state["control"] = B.CONTROL.computed(state)
    if map_over:
        state["map"] = map_over  # the umpire's corrections of inferred adjacency (engine.coin.map_overrides)
    return state
