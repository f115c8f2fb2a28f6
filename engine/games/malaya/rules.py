"""Malaya's answers to the shared COIN sequence (engine.coin.sequence.CoinRules).

The card sequence and the Initiative Track are the series' (2.2 to 2.4). Malaya's own: a Pass gains
Resources, British 2 and MCP 1 (2.3.3); an Operation selects any number of spaces, Resources permitting,
one if Limited (3.1, 2.3.4); eligibility stays as it was through a Propaganda Round (2.3.1 NOTE).
"""

from __future__ import annotations

from ...coin import resources
from ...coin.sequence import BOX_NAMES, CoinRules
from ...core.errors import RulesBugError
from ...core.flow import Context
from . import board as B
from . import why as W
from .data import CARDS
from .events import EVENTS
from .operation import OP_FACTION, OPS, new_op_frame, op_refusal

#: What a Pass gains (2.3.3).
PASS_RESOURCES = {"british": 2, "mcp": 1}


def event_refusal(g: Context, cid: str, side: str) -> str:
    """Why the *side* text of Event card *cid* is refused in the Event box: the card has no such text (5.2),
    or the text can change nothing now (5.1.3)."""
    card = CARDS[cid]
    if card["single"] != (side == "event"):
        texts = "a single text (event)" if card["single"] else "an unshaded and a shaded text"
        return W.because(f"{card['title']} ({cid}) has {texts}", "5.2")
    label = card["unshaded" if side in ("unshaded", "event") else "shaded"]
    return W.because(f"the {side} text of {card['title']} ({cid}), {label}, can change nothing now", "5.1.3")


class MalayaRules(CoinRules):
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

    def turn_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Malaya's reasons in a turn (``coin.turn``): a box before anything else (2.3.2), no Special Activity
        in the Limited Operation box (2.3.4, 4.1) and one only with its Operation (4.1), an Operation's own
        reasons (:func:`operation.op_refusal`: its spaces and what they cost)."""
        stage, box = f.get("stage"), f.get("box")
        if stage == "box" and verb in ("pass", "op", "sa", "done", "unshaded", "shaded", "event"):
            return W.because(f"choose a box of the Initiative Track first: the {'Pass' if verb == 'pass' else 'action'}"
                             " is taken in the box chosen", "2.3.2, 2.3.3")
        if stage != "act":
            return None
        if verb == "done":
            return W.because(f"the turn in the {BOX_NAMES[box]} box is its action or a Pass: choose one",
                             "2.3.2, 2.3.3")
        if verb == "sa":
            if box == "limited":
                return W.because("a Limited Operation comes with no Special Activity", "2.3.4, 4.1")
            if box == "event":
                return W.because("the Event box allows only the Event or a Pass", "2.3.2")
            return W.because("choose the Operation first (op NAME): the Special Activity accompanies it, before, "
                             "during or after it", "4.1")
        if verb == "op" and box != "event" and arg:
            frame = new_op_frame(g, arg, box == "limited", box == "opsa") if arg in OP_FACTION else {}
            return op_refusal(g, f["role"], arg, frame)
        if box == "event" and verb in ("unshaded", "shaded", "event"):
            return event_refusal(g, g.s["current"], verb)
        return None


RULES = MalayaRules()
