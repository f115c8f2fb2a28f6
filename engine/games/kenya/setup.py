"""Kenya's setup (Setup Instructions 2.1, L3149-3179; data/setup.json), its deck (Deck Preparation L3151-3153)
and the Example of Play's deck (8.0 L2597, L2657); issue 28.

:func:`initial_state` builds the whole position at setup without the procedure stack (engine.coin.game_setup,
with Cyprus); :func:`setup` (the GameDefinition's) pushes the first frame, the card round.
"""

from __future__ import annotations

from ...coin.game_setup import DataSetup, first_round
from ...core.flow import Context
from . import board as B
from .data import CARDS, DECK, RULINGS, SETUP

#: Each scenario, as the GameDefinition lists it.
SCENARIOS = {"standard": "The Kenyan Emergency 1952-1956 (Setup Instructions 2.1)",
             "example-of-play": "Standard setup with the Example of Play's first seven cards on top (8.0)"}
#: The options a game takes.
OPTIONS = {"map": "the umpire's corrections of the map's inferred adjacency, from the physical board: "
                  "{remove: [[a, b]], add: [[a, b]], citation} (engine.coin.map_overrides; ruling R-MAP-1)",
           "rulings": "the umpire's reading where a ruling offers alternatives: {ruling id: choice} "
                      "(engine.core.ruling_choice: R-1.4.1, R-K21)"}
#: Kenya's scenarios, options and the data its setup reads (engine.coin.game_setup); the Mau Mau 1st Eligible
#: (L3162).
START = DataSetup(slug="kenya", name="Kenya", scenarios=SCENARIOS, options=OPTIONS, cards=CARDS, decks=DECK,
                  board=B.BOARD, rulings=RULINGS, eligible=tuple(SETUP["eligible"]["order"]))
EVENT_CARDS = START.events
PROPAGANDA_CARDS = START.propaganda
#: The Example of Play's first cards, top to bottom (8.0 L2597).
EXAMPLE_CARDS = START.example
check_scenario = START.check_scenario
LEVELS = {"resistance": -1, "neutral": 0, "loyal": 1}


def spaces_at_setup() -> dict[str, dict]:
    """Forces and levels of each space at setup (L3171-3179); Guerrillas Underground (1.4.3); no Terror
    marker (setup.json markers)."""
    return B.BOARD.spaces_at_setup(SETUP["spaces"], LEVELS)


def deck_for(scenario: str) -> dict:
    """The draw deck of *scenario* before any card is revealed: three piles of six Events, each with a
    Propaganda card shuffled among its bottom two, 14 Events set aside (L3151-3153); the Example of Play's
    seven cards on top, then, as L2657 continues the game, two piles of six with the other two Propaganda
    cards."""
    return START.deck_for(scenario)


def initial_state(scenario: str, options: dict | None = None) -> dict:
    """The position at setup (2.1, setup.json) for *scenario*, with *options* checked first (an unknown
    option, map correction or ruling choice is refused, naming what is allowed, before anything is built).

    Kept in the state: each space's counts (engine.games.kenya.board), ``control`` computed from the pieces
    (1.7; it equals setup.json's markers: tests), ``population`` at the printed values (no Population marker
    at setup), ``available``, ``out_of_play`` (8 Police, 1.3.5), ``pw`` 12, ``resources`` ``{"maumau": 8}``,
    ``pipeline`` 1 (Emergency Powers), ``eligible`` Mau Mau then British (L3162), the Initiative Track's empty
    boxes, the deck, no card played, no Capability, no Propaganda Round held; ``flow`` empty (see :func:`setup`).
    """
    state = START.state(scenario, options, lambda: {
        "spaces": spaces_at_setup(),
        "population": B.initial_population(),
        "available": {k: v for k, v in SETUP["available"].items() if k != "source"},
        "out_of_play": SETUP["out_of_play"]["police"],
        "pw": SETUP["political_will"]["value"],
        "resources": {"maumau": SETUP["resources"]["maumau"]},
        "pipeline": SETUP["pipeline"]["index"],
    })
    state["control"] = B.CONTROL.computed(state)
    return state


def setup(scenario: str, options: dict, g: Context) -> dict:
    """The game's setup for ``GameDefinition.setup``: :func:`initial_state`, its first frame the card round,
    which reveals the first card for the 1st Eligible, the Mau Mau (2.2, L3162)."""
    return first_round(initial_state(scenario, options))
