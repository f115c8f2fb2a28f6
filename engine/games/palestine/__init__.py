"""The British Way: Palestine 1945-1947 (British vs Irgun). Rules: rules/british-way.txt, Palestine."""

from __future__ import annotations

from pathlib import Path

from ...coin.definition import coin_definition
from ...core.game import register
from . import board, british_ops, haganah, irgun_ops, propaganda, special  # noqa: F401  (register procedures)
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
    slug="palestine",
    title="The British Way: Palestine 1945-1947",
    roles=("irgun", "british"),
    scenarios={"standard": "Palestine Emergency 1945-1947 (Setup Instructions 2.1)",
               "example-of-play": "Standard setup with the Example of Play's first seven cards on top (8.0)"},
    options={"map": "the umpire's corrections of the map's inferred adjacency, from the physical board: "
                    "{remove: [[a, b]], add: [[a, b]], citation} (engine.coin.map_overrides)",
             "rulings": "the umpire's reading where a ruling offers alternatives: {ruling id: choice} "
                        "(engine.core.ruling_choice; GET /api/games/ID/rulings lists them)"},
    setup=setup, view=view, board=board.BOARD, rules=RULES, rulings=RULINGS, orders=ORDERS, position=POSITION,
    facts=facts, invariants=invariants, data=Path(__file__).parent / "data",
    margins=margins,
))
