"""The British Way: Cyprus (the British against EOKA, 1955-1959), the fourth game of The British Way. Rules:
rules/british-way.txt, Cyprus (L3183-4160); issue 29.

Built on the shared COIN layer (engine.coin) with what Cyprus shares with Palestine moved there once: the Intel
Chits (engine.coin.intel), the Cell games' Operations and Special Activities (cell_operation, police_ops,
cell_removal, cell_ops, cell_special), Curfews and Prison (engine.coin.board). Cyprus's own:
- the static data (``data/``: map, components, setup, cards, rulings and the board's layout, each fact with
  its source);
- the board (``board``: spaces, forces, Curfews, Sabotage markers, Prison, the Troops on card C4, Political
  Will and International Opinion), the setup, view, facts, invariants, refusal words and position files;
- the turn sequence's answers (``rules``: the Passes, the Operations' frames, the Events' registry);
- the Operations (``british_ops``: Deploy, Patrol, Search, Assault; ``eoka_ops``: Recruit, Travel, Sabotage,
  Ambush), the Special Activities (``special_british``: Restore, Diplomacy, Interrogate; ``special_eoka``:
  Smuggle, Infiltrate, Propagandize), the Propaganda Round with victory (``propaganda``,
  ``propaganda_phases``) and the 32 Event cards in every text (``events``).

Registered through the ``umpire.games`` entry point ``cyprus`` (pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

from ...coin.definition import coin_definition
from ...core.game import register
from . import (  # noqa: F401  (register procedures)
    board,
    british_ops,
    eoka_ops,
    propaganda,
    propaganda_phases,
    rules,
    special_british,
    special_eoka,
)
from .data import RULINGS
from .facts import facts
from .invariants import invariants
from .orders import ORDERS
from .position import POSITION
from .rules import RULES
from .setup import OPTIONS, SCENARIOS, setup
from .victory import margins
from .view import view

DEFINITION = register(coin_definition(
    slug="cyprus",
    title="The British Way: Cyprus",
    roles=("eoka", "british"),
    role_names={"eoka": "EOKA"},  # as the rulebook prints the side
    scenarios=SCENARIOS, options=OPTIONS,
    # the game's own parts (engine.coin.definition adds the series')
    setup=setup, view=view, board=board.BOARD, rules=RULES, rulings=RULINGS, orders=ORDERS, position=POSITION,
    facts=facts, invariants=invariants, data=Path(__file__).parent / "data",
    margins=margins,
))
