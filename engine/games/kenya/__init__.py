"""The British Way: Kenya (British vs the Mau Mau, 1952-1956), the third game of The British Way. Rules:
rules/british-way.txt, Kenya (L2196-3180); issue 28.

Built:
- the static data (``data/``: map, components, setup, cards, rulings and the board's layout, each fact with
  its source);
- the board (``board``: spaces, forces, Population, Control with its Political Will effects,
  Loyalty/Resistance, Terror, the Pipeline, Resources, Out of Play) and own pieces from the map
  (``own_pieces``, 1.4.1);
- the setup, view, facts, invariants and refusal words;
- the turn sequence's answers (``rules``: the Passes, the Operations' frames, the Events' registry) and the
  position files (``position``);
- the Operations (``british_ops``, ``british_moves``: Deploy, Relocate, Sweep, Assault; ``maumau_ops``:
  Rally, March, Terror), the Special Activities (``special_british``: Reward, Reprisal, Air Strike;
  ``special_maumau``: Supply, Oath, Raid), the roll for Outrage (``outrage``), and the Propaganda Round with
  victory (``propaganda``, ``propaganda_phases``).

- the 32 Event cards in every text (``events``).

Registered through the ``umpire.games`` entry point ``kenya`` (pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

from ...coin.definition import coin_definition
from ...core.game import register
from . import (  # noqa: F401  (register procedures)
    board,
    british_moves,
    british_ops,
    maumau_ops,
    own_pieces,
    propaganda,
    propaganda_phases,
    rules,
    special_british,
    special_maumau,
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
    slug="kenya",
    title="The British Way: Kenya",
    roles=("maumau", "british"),
    role_names={"maumau": "Mau Mau"},  # as the rulebook prints the side
    scenarios=SCENARIOS, options=OPTIONS,
    # the game's own parts (engine.coin.definition adds the series')
    setup=setup, view=view, board=board.BOARD, rules=RULES, rulings=RULINGS, orders=ORDERS, position=POSITION,
    facts=facts, invariants=invariants, data=Path(__file__).parent / "data",
    margins=margins,
))
