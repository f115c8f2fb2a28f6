"""Japanese Occupation's setup (Setup Instructions 2.1, L2139-2187; data/setup.json), its deck (L2141) and the
Example of Play's deck and Intel chits (8.0 L1650, L1731); issue 30.

:func:`initial_state` builds the whole position at setup without the procedure stack (engine.coin.game_setup);
:func:`setup` (the GameDefinition's) pushes the first frame, the card round.
"""

from __future__ import annotations

from ...coin.game_setup import EXAMPLE, DataSetup, first_round
from ...core.errors import InvalidActionError
from ...core.flow import Context
from . import board as B
from . import intel_chits as chits
from .data import CARDS, DECK, RULINGS, SETUP

#: Each scenario, as the GameDefinition lists it.
SCENARIOS = {"standard": "Japanese Occupation of Malaya 1942-1945 (Setup Instructions 2.1)",
             "example-of-play": "Standard setup with the Example of Play's first seven cards on top and its Intel "
                                "chits (8.0)"}
#: The options a game takes.
OPTIONS = {"map": "the umpire's corrections of the map's inferred adjacency, from the physical board: "
                  "{remove: [[a, b]], add: [[a, b]], citation} (engine.coin.map_overrides; ruling R-MAP-1)",
           "rulings": "the umpire's reading where a ruling offers alternatives: {ruling id: choice} "
                      "(engine.core.ruling_choice: R-ZIPPER, R-EVENT-FROM-MAP, R-5.5, R-6.3.1 and the others offering a choice)",
           "icons": "the MPAJA icon printed on each Event card the text does not name: {card id: mobilize | "
                    "kill_traitors | seize_supplies | food_shortage} (5.5; ruling R-ICONS)"}
ICONS = ("mobilize", "kill_traitors", "seize_supplies", "food_shortage")
#: The scenarios, options and the data the setup reads (engine.coin.game_setup); the British 1st Eligible (L2152).
START = DataSetup(slug="japanese-occupation", name="Japanese Occupation", scenarios=SCENARIOS, options=OPTIONS,
                  cards=CARDS, decks=DECK, board=B.BOARD, rulings=RULINGS,
                  eligible=tuple(SETUP["eligible"]["order"]))
EVENT_CARDS = START.events
PROPAGANDA_CARDS = START.propaganda
#: The Example of Play's first cards, top to bottom (8.0 L1650).
EXAMPLE_CARDS = START.example
check_scenario = START.check_scenario
#: The Intel chits the Example of Play places face down (8.0 L1650).
EXAMPLE_INTEL: dict[str, int] = {k: v for k, v in SETUP["example_of_play"]["intel"].items()}


def check_icons(icons) -> None:
    """The option ``icons``: an object of Event card ids to one of the four icons of 5.5."""
    if not isinstance(icons, dict):
        raise InvalidActionError("icons option: an object of Event card ids (J1-J32) to an MPAJA icon "
                                 f"({', '.join(ICONS)}) (5.5; ruling R-ICONS)")
    for cid, icon in icons.items():
        if cid not in EVENT_CARDS:
            raise InvalidActionError(f"icons option: {str(cid)[:20]!r} is not an Event card; the Event cards are "
                                     "J1-J32 (5.5)")
        if icon not in ICONS:
            raise InvalidActionError(f"icons option: {cid} has {str(icon)[:30]!r}; an icon is one of "
                                     f"{', '.join(ICONS)} (5.5)")


def spaces_at_setup() -> dict[str, dict]:
    """Forces and markers of each space at setup (L2167-2187); Guerrillas Underground (1.4.3); Opposition where
    setup.json says so (1.6)."""
    spaces = {sid: B.empty_space() for sid in B.SPACES}
    for entry in SETUP["spaces"]:
        x = spaces[entry["space"]]
        for key, n in entry.items():
            if key in ("space", "source"):
                continue
            if key == "opposition":
                x["opposition"] = int(bool(n))
            elif key in B.BOARD.pieces:
                x[B.BOARD.pieces[key].keys[0]] += n
            else:
                x[key] += n
    return spaces


def deck_for(scenario: str) -> dict:
    """The draw deck of *scenario* before any card is revealed: three piles of six Events, each with a Propaganda
    card among its bottom two, 14 Events set aside (L2141); the Example of Play's seven cards on top, then, as
    L1731 continues the game, two piles of six with the other two Propaganda cards."""
    return START.deck_for(scenario)


def initial_state(scenario: str, options: dict | None = None) -> dict:
    """The position at setup (2.1, setup.json) for *scenario*, with *options* checked first.

    Kept in the state: each space's counts (engine.games.japanese_occupation.board), ``available`` (L2165),
    ``railways`` none sabotaged, ``resistance`` 2, ``resources`` 0, ``zipper`` Delay with its two Supply Caches
    (L2149; ruling R-ZIPPER), the Intel chits concealed (dealt at random as they are revealed; the Example of
    Play's placed face down as 8.0 gives them, their values hidden in ``intel_face_down``, 1.11), nothing on
    J17 or J25 or out of the game, the British 1st Eligible (L2152), the deck; ``flow`` empty (see
    :func:`setup`)."""
    if options and "icons" in options:
        check_icons(options["icons"])

    def own() -> dict:
        return {
            "spaces": spaces_at_setup(),
            "available": {k: v for k, v in SETUP["available"].items() if k not in ("source", "kempeitai")},
            "railways": dict.fromkeys(B.RAILWAYS, 0),
            "resistance": SETUP["resistance"]["value"],
            "resources": SETUP["resources"]["value"],
            "zipper": 0,
            "zipper_caches": [],
            "intel": chits.fresh_intel(),
            "intel_aside": [],
            chits.FACE_DOWN: dict(EXAMPLE_INTEL) if scenario == EXAMPLE else {},
            "burma": 0,
            "davis": 0,
            "removed": 0,
            "kempeitai_out": 0,
        }

    state = START.state(scenario, options, own)
    state["zipper_caches"] = list(B.cache_boxes(state))
    return state


def setup(scenario: str, options: dict, g: Context) -> dict:
    """The game's setup for ``GameDefinition.setup``: :func:`initial_state`, its first frame the card round, which
    reveals the first card (2.2); the British are 1st Eligible (L2152)."""
    return first_round(initial_state(scenario, options))
