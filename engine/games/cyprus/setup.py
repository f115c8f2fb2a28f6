"""Cyprus's setup (Setup Instructions 2.1, L4121-4160; data/setup.json), its deck (Deck Preparation L4125) and
the Example of Play's deck (8.0 L3574, L3637); issue 29.

:func:`initial_state` builds the whole position at setup without the procedure stack; :func:`setup` (the
GameDefinition's) pushes the first frame, the card round.
"""

from __future__ import annotations

from ...coin.game_setup import DataSetup, first_round
from ...core.flow import Context
from . import board as B
from .data import CARDS, DECK, RULINGS, SETUP

#: Each scenario, as the GameDefinition lists it.
SCENARIOS = {"standard": "Cyprus Emergency 1955-1959 (Setup Instructions 2.1)",
             "example-of-play": "Standard setup with the Example of Play's first seven cards on top (8.0)"}
#: The options a game takes.
OPTIONS = {"map": "the umpire's corrections of the map's inferred adjacency, from the physical board: "
                  "{remove: [[a, b]], add: [[a, b]], citation} (engine.coin.map_overrides; ruling R-MAP-1)",
           "rulings": "the umpire's reading where a ruling offers alternatives: {ruling id: choice} "
                      "(engine.core.ruling_choice)"}
#: Cyprus's scenarios, options and the data its setup reads (engine.coin.game_setup); EOKA 1st Eligible (L4133).
START = DataSetup(slug="cyprus", name="Cyprus", scenarios=SCENARIOS, options=OPTIONS, cards=CARDS, decks=DECK,
                  board=B.BOARD, rulings=RULINGS, eligible=tuple(SETUP["eligible"]["order"]))
EVENT_CARDS = START.events
PROPAGANDA_CARDS = START.propaganda
#: The Example of Play's first cards, top to bottom (8.0 L3574).
EXAMPLE_CARDS = START.example
check_scenario = START.check_scenario


def spaces_at_setup() -> dict[str, dict]:
    """Forces of each space at setup (L4142-4160); Cells Underground (1.4.3); no Curfew nor Sabotage marker
    (setup.json markers)."""
    return B.BOARD.spaces_at_setup(SETUP["spaces"])


def deck_for(scenario: str) -> dict:
    """The draw deck of *scenario* before any card is revealed: three piles of six Events, each with a
    Propaganda card shuffled among its bottom two, 14 Events set aside (L4125); the Example of Play's seven
    cards on top, then, as L3637 continues the game, two piles of six with the other two Propaganda cards."""
    return START.deck_for(scenario)


def initial_state(scenario: str, options: dict | None = None) -> dict:
    """The position at setup (2.1, setup.json) for *scenario*, with *options* checked first (an unknown
    option, map correction or ruling choice is refused, naming what is allowed, before anything is built).

    Kept in the state: each space's counts (engine.games.cyprus.board), ``available``, ``prison`` 0 (L4140),
    ``suez`` 0 (no Troop on card C4), ``pw`` 14, ``io`` 2 (Debated), ``intel`` with the nine chits in the bag
    and none held (L4125), ``eligible`` EOKA then British (L4133), the Initiative Track's empty boxes, the
    deck, no card played, no Capability, no Propaganda Round held; ``flow`` empty (see :func:`setup`).
    """
    return START.state(scenario, options, lambda: {
        "spaces": spaces_at_setup(),
        "available": {k: v for k, v in SETUP["available"].items() if k != "source"},
        "prison": SETUP["prison"]["cells"],
        "suez": 0,
        "pw": SETUP["political_will"]["value"],
        "io": SETUP["international_opinion"]["value"],
        "intel": {"bag": sorted(SETUP["intel"]["bag"]), "held": sorted(SETUP["intel"]["held"])},
    })


def setup(scenario: str, options: dict, g: Context) -> dict:
    """The game's setup for ``GameDefinition.setup``: :func:`initial_state`, its first frame the card round,
    which reveals the first card for the 1st Eligible, EOKA (2.2, L4133)."""
    return first_round(initial_state(scenario, options))
