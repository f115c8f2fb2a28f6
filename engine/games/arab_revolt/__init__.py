"""The British Way: Arab Revolt (British vs Rebels, 1936-1939), a game of the expansion The British Way: Enemy
of My Enemy. Rules: rules/british-way-enemy-of-my-enemy.txt, Arab Revolt (the first half)."""

from __future__ import annotations

from pathlib import Path

from ...coin.definition import coin_definition
from ...core.game import register
from . import (  # noqa: F401  (register procedures)
    board,
    british_ops,
    chits,
    operation,
    propaganda,
    punish,
    rebel_ops,
    special,
    special_british,
    special_rebel,
)
from .data import RULINGS
from .facts import facts
from .invariants import invariants
from .orders import ORDERS
from .position import POSITION
from .rules import RULES
from .setup import setup
from .victory import margins
from .view import view

DEFINITION = register(coin_definition(
    slug="arab-revolt",
    title="The British Way: Arab Revolt",
    roles=("rebels", "british"),
    scenarios={"standard": "Arab Revolt 1936-1939 (Setup Instructions 2.1)",
               "example-of-play": "Standard setup with the Example of Play's first seven cards on top (8.0)"},
    options={"map": "the umpire's corrections of the map's inferred adjacency, from the physical board: "
                    "{remove: [[a, b]], add: [[a, b]], citation} (engine.coin.map_overrides)",
             "rulings": "the umpire's reading where a ruling offers alternatives: {ruling id: choice} "
                        "(engine.core.ruling_choice; GET /api/games/ID/rulings lists them)"},
    # the game's own parts (engine.coin.definition adds the series')
    setup=setup, view=view, board=board.BOARD, rules=RULES, rulings=RULINGS, orders=ORDERS, position=POSITION,
    facts=facts, invariants=invariants, data=Path(__file__).parent / "data",
    margins=margins,
))
