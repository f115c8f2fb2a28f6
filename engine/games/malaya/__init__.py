"""The British Way: Malaya (British vs the Malayan Communist Party, 1948-1960), the second game of The British
Way. Rules: rules/british-way.txt, Malaya (L1176-2195)."""

from __future__ import annotations

from pathlib import Path

from ...coin.definition import coin_definition
from ...core.game import register
from . import (  # noqa: F401  (register procedures)
    board,
    british_moves,
    british_ops,
    mcp_attack,
    mcp_ops,
    operation,
    propaganda,
    propaganda_phases,
    special,
    special_british,
    special_mcp,
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
    slug="malaya",
    title="The British Way: Malaya",
    roles=("british", "mcp"),
    role_names={"mcp": "MCP"},  # as the rulebook prints the side
    scenarios={"standard": "The Malayan Emergency 1948-1960 (Setup Instructions 2.1, standard deck)",
               "extended": "The Extended Malayan Emergency (Setup Instructions 2.1, piles of 8 Events)",
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
