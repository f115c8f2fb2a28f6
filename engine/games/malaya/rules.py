"""Malaya's answers to the shared COIN sequence (engine.coin.sequence.CoinRules).

The card sequence and the Initiative Track are the series' (2.2 to 2.4). Malaya's own: a Pass gains
Resources, British 2 and MCP 1 (2.3.3); an Operation selects any number of spaces, Resources permitting,
one if Limited (3.1, 2.3.4); eligibility stays as it was through a Propaganda Round (2.3.1 NOTE).
"""

from __future__ import annotations

from ...coin import resources
from ...coin.sequence import CoinRules
from ...coin.worded import WordedTurns
from ...core.errors import RulesBugError
from ...core.flow import Context
from . import board as B
from . import why as W
from .data import CARDS
from .events import EVENTS
from .operation import OP_FACTION, OPS, new_op_frame, op_refusal

#: What a Pass gains (2.3.3).
PASS_RESOURCES = {"british": 2, "mcp": 1}





class MalayaRules(WordedTurns, CoinRules):
    words = W.WORDS
    cards = CARDS
    factions = ("british", "mcp")
    board = B.BOARD
    #: 2.3.1 NOTE: eligibility stays as it was through each Propaganda Round.
    eligibility_after_propaganda = None

    def card(self, cid: str) -> dict:
        return CARDS[cid]

    op_names = OPS
    op_prefix = "my.op."

    def op_frame(self, g: Context, op: str, limited: bool, with_sa: bool) -> dict:
        return new_op_frame(g, op, limited, with_sa)

    def start_op(self, g: Context, faction: str, op: str, limited: bool, with_sa: bool) -> None:
        if OP_FACTION[op] != faction:
            raise RulesBugError(f"{faction} cannot run {op}")
        who = "MCP" if faction == "mcp" else "British"
        what = f"{'Limited ' if limited else ''}{op.title()}"
        g.say(f"{who} began {'an' if what[0] in 'AEIOU' else 'a'} {what} Operation.", faction=faction, rule="3.0")
        g.call(f"my.op.{op}", faction, **new_op_frame(g, op, limited, with_sa))

    def start_pass(self, g: Context, faction: str) -> None:
        """2.3.3: the British gain 2 Resources, the MCP 1 (to 20 at most, 1.8)."""
        resources.shift(g, faction, PASS_RESOURCES[faction], "a Pass", "2.3.3")

    def event_sides(self, g: Context, faction: str, cid: str) -> list[str]:
        return EVENTS.sides(g, faction, CARDS[cid])

    def start_event(self, g: Context, faction: str, cid: str, side: str) -> None:
        EVENTS.start(g, faction, CARDS[cid], side)

    def start_propaganda(self, g: Context) -> None:
        g.call("my.propaganda", "british")

    def op_refusal(self, g: Context, role: str, op: str, frame: dict) -> str | None:
        return op_refusal(g, role, op, frame)


RULES = MalayaRules()
