"""Arab Revolt setup (Setup Instructions 2.1, data/setup.json) and the Example of Play's deck (8.0)."""

from __future__ import annotations

from ...coin.deck import build_deck, example_deck
from ...core.flow import Context
from . import board as B
from .data import CARDS, COMPONENTS, SETUP

EVENT_CARDS = [c for c, card in CARDS.items() if card["kind"] == "event"]
PROPAGANDA_CARDS = [c for c, card in CARDS.items() if card["kind"] == "propaganda"]
#: The Example of Play's first cards, top to bottom (8.0 L561).
EXAMPLE_CARDS = SETUP["example_of_play_top"]["cards"]


def spaces_at_setup() -> dict[str, dict]:
    """Forces and markers of each space at setup (L1058-1084); Guerrillas Underground (1.4.3)."""
    spaces = {sid: B.empty_space() for sid in B.SPACES}
    for entry in SETUP["spaces"]:
        x = spaces[entry["space"]]
        for key, n in entry.items():
            if key in ("space", "source"):
                continue
            x[B.BOARD.pieces[key].keys[0] if key in B.BOARD.pieces else key] += n
    for sid in SETUP["out_of_play_spaces"]["spaces"]:
        spaces[sid]["out_of_play"] = 1
    return spaces


def deck_for(scenario: str) -> dict:
    """The draw deck of *scenario* before any card is revealed (Deck Preparation L1086; 8.0)."""
    deck_rules = SETUP["deck"]
    if scenario == "example-of-play":
        # The example's seven cards on top; the rest of the deck as the last paragraph of 8.0 (L644)
        # builds it: two piles of six from the other Events, each with a random Propaganda card, one of
        # them A34.
        return example_deck(EVENT_CARDS, PROPAGANDA_CARDS, EXAMPLE_CARDS, deck_rules["pile_size"],
                            deck_rules["bottom"])
    return build_deck(EVENT_CARDS, PROPAGANDA_CARDS, deck_rules["pile_size"], deck_rules["bottom"],
                      shuffle_propaganda=deck_rules["shuffle_propaganda"])


def setup(scenario: str, options: dict, g: Context) -> dict:
    map_over = B.BOARD.map_option(options["map"]) if "map" in options else None  # checked first
    deck = deck_for(scenario)
    avail = {k: v for k, v in SETUP["available"].items() if k != "source"}
    state = {
        "game": "arab-revolt", "scenario": scenario, "options": options, "rules_version": 1, "seq": 0,
        "spaces": spaces_at_setup(),
        "available": avail,
        "prison": {"guerrillas": 0, "bases": 0},
        "out_of_play": SETUP["out_of_play_troops"]["count"],
        "tegart": 0,
        "pw": SETUP["political_will"]["value"],
        "unity": SETUP["unity"]["index"],
        "punishment": {"pool": sorted(COMPONENTS["punishment_chits"]["chits"]), "held": [], "set_aside": []},
        "ops": {"pool": sorted(COMPONENTS["operations_chits"]["chits"]), "held": [], "drawn": [], "played": None,
                "set_aside": []},
        "deck": deck, "played": [], "current": None,
        "eligible": list(SETUP["eligible"]["order"]), "boxes": {"limited": None, "event": None, "opsa": None},
        "capabilities": {}, "flags": {}, "propaganda": 0, "outcome": None,
        "flow": [{"p": "coin.round", "role": SETUP["eligible"]["order"][0], "stage": "reveal"}],
    }
    if map_over:
        state["map"] = map_over  # the umpire's corrections of inferred adjacency (engine.coin.map_overrides)
    return state
