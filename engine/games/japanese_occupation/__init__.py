"""The British Way: Japanese Occupation (the British, Force 136 and the MPAJA against the Japanese occupation of
Malaya, 1942-1945), the second game of the Enemy of My Enemy expansion. Rules:
rules/british-way-enemy-of-my-enemy.txt, Japanese Occupation (L1101-2188); issue 30.

Built on the shared COIN layer (engine.coin). The game's own:
- the static data (``data/``: map with the Railway markers, components, setup, cards with their MPAJA icons,
  rulings and the board's layout, each fact with its source);
- the board (``board``: spaces, forces, Opposition, Terror, Kempeitai, Force 136, Jungle Camps, New Villages,
  the Railways' Sabotage and the Extract search, the Intel chits concealed from both players, Resistance,
  Japanese Resources and the Operation Zipper Track), the setup, view, facts, invariants, refusal words and
  position files;
- the turn sequence's answers (``rules``: the MPAJA icon and the Mandatory Events as each card is revealed,
  the Passes, the Operations' frames, the Events' registry);
- the MPAJA's icons (``mpaja``), the Operations (``british_ops``: Train, Sabotage, Ambush; ``british_contact``:
  Contact; ``japanese_ops``: Deploy, Construct; ``japanese_sweep``: Sweep, Assault), the Special Activities
  (``special_british``: Supply, Gather, Raid; ``special_japanese``: Extract, Reprisal, Eliminate), the Propaganda
  Round with victory (``propaganda``, ``propaganda_phases``, ``propaganda_redeploy``) and the 32 Event cards in
  every text (``events``).
"""

from __future__ import annotations

from pathlib import Path

from ...coin import deck
from ...coin.definition import coin_definition
from ...core.game import register
from . import (  # noqa: F401  (register procedures)
    board,
    british_contact,
    british_ops,
    intel_chits,
    japanese_ops,
    japanese_sweep,
    mpaja,
    own_pieces,
    propaganda,
    propaganda_phases,
    propaganda_redeploy,
    rules,
    special_british,
    special_japanese,
    zipper,
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


def to_version_2(state: dict) -> None:
    """A saved game of rules version 1 brought to 2, in place (engine.versions): the series' change, the deck's
    sizes kept in the state (engine.coin.deck.migrate_sizes_v1; 2.1, 2.2), and this game's, the Intel chits
    stored as the view shows them with 8.0's face-down values apart (intel_chits.migrate_intel_v1; 1.11)."""
    deck.migrate_sizes_v1(state)
    intel_chits.migrate_intel_v1(state)


DEFINITION = register(coin_definition(
    slug="japanese-occupation",
    title="The British Way: Japanese Occupation",
    roles=("british", "japanese"),
    scenarios=SCENARIOS, options=OPTIONS,
    # the game's own parts (engine.coin.definition adds the series')
    setup=setup, view=view, board=board.BOARD, rules=RULES, rulings=RULINGS,
    orders=ORDERS, position=POSITION, facts=facts, invariants=invariants, data=Path(__file__).parent / "data",
    margins=margins, migrations={1: to_version_2},
))
