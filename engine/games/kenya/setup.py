"""Kenya's setup (Setup Instructions 2.1, L3149-3179; data/setup.json), its deck (Deck Preparation L3151-3153)
and the Example of Play's deck (8.0 L2597, L2657); issue 28.

:func:`initial_state` builds the whole position at setup without the procedure stack: the turn sequence
needs Kenya's Operations, which are not built yet, so ``flow`` is empty (a later ``setup`` for the
GameDefinition pushes the first frame, as Malaya's does).
"""

from __future__ import annotations

from ...coin.deck import build_deck, example_deck
from ...core import ruling_choice
from ...core.errors import InvalidActionError
from ...core.flow import Context
from . import board as B
from .data import CARDS, DECK, RULINGS, SETUP

EVENT_CARDS = [c for c, card in CARDS.items() if card["kind"] == "event"]
PROPAGANDA_CARDS = [c for c, card in CARDS.items() if card["kind"] == "propaganda"]
#: The Example of Play's first cards, top to bottom (8.0 L2597).
EXAMPLE_CARDS = DECK["example_of_play"]["cards"]
#: Each scenario, as a GameDefinition will list it.
SCENARIOS = {"standard": "The Kenyan Emergency 1952-1956 (Setup Instructions 2.1)",
             "example-of-play": "Standard setup with the Example of Play's first seven cards on top (8.0)"}
#: The options a game takes (checked here while Kenya has no GameDefinition to check them).
OPTIONS = {"map": "the umpire's corrections of the map's inferred adjacency, from the physical board: "
                  "{remove: [[a, b]], add: [[a, b]], citation} (engine.coin.map_overrides; ruling R-MAP-1)",
           "rulings": "the umpire's reading where a ruling offers alternatives: {ruling id: choice} "
                      "(engine.core.ruling_choice: R-1.4.1, R-K21)"}
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
    check_scenario(scenario)
    rules = DECK["standard"]
    if scenario == "example-of-play":
        rest = DECK["example_of_play"]["rest"]
        return example_deck(EVENT_CARDS, PROPAGANDA_CARDS, EXAMPLE_CARDS, rest["pile_size"], rest["bottom"])
    return build_deck(EVENT_CARDS, PROPAGANDA_CARDS, rules["pile_size"], rules["bottom"],
                      shuffle_propaganda=rules["shuffle_propaganda"])


def check_scenario(scenario: str) -> None:
    if scenario not in SCENARIOS:
        raise InvalidActionError(f"Kenya has no scenario {scenario!r}: the scenarios are "
                                 f"{' and '.join(SCENARIOS)}")


def initial_state(scenario: str, options: dict | None = None) -> dict:
    """The position at setup (2.1, setup.json) for *scenario*, with *options* checked first (an unknown
    option, map correction or ruling choice is refused, naming what is allowed, before anything is built).

    Kept in the state: each space's counts (engine.games.kenya.board), ``control`` computed from the pieces
    (1.7; it equals setup.json's markers: tests), ``population`` at the printed values (no Population marker
    at setup), ``available``, ``out_of_play`` (8 Police, 1.3.5), ``pw`` 12, ``resources`` ``{"maumau": 8}``,
    ``pipeline`` 1 (Emergency Powers), ``eligible`` Mau Mau then British (L3162), the Initiative Track's empty
    boxes, the deck, no card played, no Capability, no Propaganda Round held; ``flow`` empty (see the module).
    """
    check_scenario(scenario)
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InvalidActionError(f"Kenya has no option {', '.join(map(repr, unknown))}: the options are "
                                 f"{' and '.join(OPTIONS)}")
    map_over = B.BOARD.map_option(options["map"]) if "map" in options else None
    choices = ruling_choice.check(RULINGS, options["rulings"]) if "rulings" in options else None
    state = {
        "game": "kenya", "scenario": scenario, "options": options, "rules_version": 1, "seq": 0,
        "spaces": spaces_at_setup(),
        "population": B.initial_population(),
        "available": {k: v for k, v in SETUP["available"].items() if k != "source"},
        "out_of_play": SETUP["out_of_play"]["police"],
        "pw": SETUP["political_will"]["value"],
        "resources": {"maumau": SETUP["resources"]["maumau"]},
        "pipeline": SETUP["pipeline"]["index"],
        "deck": deck_for(scenario), "played": [], "current": None,
        "eligible": list(SETUP["eligible"]["order"]), "boxes": {"limited": None, "event": None, "opsa": None},
        "capabilities": {}, "flags": {}, "propaganda": 0, "outcome": None,
        "flow": [],
    }
    state["control"] = B.CONTROL.computed(state)
    if map_over:
        state["map"] = map_over  # the umpire's corrections of inferred adjacency (engine.coin.map_overrides)
    if choices:
        state["rulings"] = choices  # the umpire's readings where a ruling offers a choice (ruling_choice)
    return state


def setup(scenario: str, options: dict, g: Context) -> dict:
    """The game's setup for ``GameDefinition.setup``: :func:`initial_state`, its first frame the card round,
    which reveals the first card for the 1st Eligible, the Mau Mau (2.2, L3162)."""
    state = initial_state(scenario, options)
    state["flow"] = [{"p": "coin.round", "role": state["eligible"][0], "stage": "reveal"}]
    return state
