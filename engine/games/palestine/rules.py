"""Palestine's answers to the shared COIN sequence (engine.coin.sequence.CoinRules)."""

from __future__ import annotations

from ...coin.sequence import CoinRules
from ...core.errors import RulesBugError
from ...core.flow import Context
from . import board as B
from .data import CARDS
from .events import EVENTS
from .operation import OP_FACTION, new_op_frame
from .propaganda import expropriation_spaces  # noqa: F401  (re-exported for tests)

OPS = {"british": ["deploy", "patrol", "search", "assault"], "irgun": ["recruit", "travel", "sabotage", "rob"]}


class PalestineRules(CoinRules):
    factions = ("irgun", "british")
    board = B.BOARD

    def card(self, cid: str) -> dict:
        return CARDS[cid]

    op_names = OPS
    op_prefix = "pal.op."

    def op_frame(self, g: Context, op: str, limited: bool, with_sa: bool) -> dict:
        return new_op_frame(g, op, limited, with_sa)

    def start_op(self, g: Context, faction: str, op: str, limited: bool, with_sa: bool) -> None:
        if OP_FACTION[op] != faction:
            raise RulesBugError(f"{faction} cannot run {op}")
        g.say(f"{faction.title()} began a {'Limited ' if limited else ''}{op.title()} Operation.",
              faction=faction, rule="3.0")
        g.call(f"pal.op.{op}", faction, **new_op_frame(g, op, limited, with_sa))

    def start_pass(self, g: Context, faction: str) -> None:
        if faction == "british":
            B.draw_chit(g, "British Pass", rule="2.3.3")
        elif any(True for _ in self._rob_spaces(g)):
            g.call("pal.op.rob", "irgun", **new_op_frame(g, "rob", True, False, spaces=1, optional=True))

    def _rob_spaces(self, g: Context):
        return [s for s in B.SPACES if B.KIND[s] != "railway" and B.cells(B.sp(g, s)) > B.sp(g, s)["police"]]

    def event_sides(self, g: Context, faction: str, cid: str) -> list[str]:
        return EVENTS.sides(g, faction, CARDS[cid])

    def start_event(self, g: Context, faction: str, cid: str, side: str) -> None:
        EVENTS.start(g, faction, CARDS[cid], side)

    def start_propaganda(self, g: Context) -> None:
        g.call("pal.propaganda", "british")

    def must_pass(self, g: Context, faction: str) -> bool:
        return faction == "british" and g.s["flags"].get("loans") == "now"

    def end_of_card(self, g: Context) -> None:
        flags = g.s["flags"]
        if flags.get("loans") == "now":
            flags.pop("loans")
        elif flags.get("loans") == "next":
            flags["loans"] = "now"


RULES = PalestineRules()
