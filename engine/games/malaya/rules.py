"""Malaya's answers to the shared COIN sequence (engine.coin.sequence.CoinRules).

The card sequence and the Initiative Track are the series' (2.2 to 2.4). Malaya's own: a Pass gains
Resources, British 2 and MCP 1 (2.3.3); an Operation selects any number of spaces, Resources permitting,
one if Limited (3.1, 2.3.4); eligibility stays as it was through a Propaganda Round (2.3.1 NOTE).
"""

from __future__ import annotations

from ...coin import resources
from ...coin.sequence import CoinRules
from ...coin.tabled_rules import TabledRules
from ...core.flow import Context
from . import board as B
from . import why as W
from .data import CARDS
from .events import EVENTS
from .operation import ACTIVITIES, new_op_frame

#: What a Pass gains (2.3.3).
PASS_RESOURCES = {"british": 2, "mcp": 1}


class MalayaRules(TabledRules, CoinRules):
    """Malaya's answers; the card, the Operations' start and refusal, the Events and the Propaganda Round's call
    are the tables' (engine.coin.tabled_rules)."""

    words = W.WORDS
    cards = CARDS
    factions = ("british", "mcp")
    board = B.BOARD
    #: 2.3.1 NOTE: eligibility stays as it was through each Propaganda Round.
    eligibility_after_propaganda = None
    activities = ACTIVITIES
    events = EVENTS
    propaganda = "my.propaganda"
    op_prefix = "my.op."
    op_frame = staticmethod(new_op_frame)
    #: new_op_frame gives every Operation the same frame but for its ``op`` (the count is one if Limited, else
    #: every space: 3.1, 2.3.4), so the turn's prompt builds it once per faction (CoinRules.ops).
    frame_per_faction = True

    def start_pass(self, g: Context, faction: str) -> None:
        """2.3.3: the British gain 2 Resources, the MCP 1 (to 20 at most, 1.8)."""
        resources.shift(g, faction, PASS_RESOURCES[faction], "a Pass", "2.3.3")


RULES = MalayaRules()
