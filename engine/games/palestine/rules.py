"""Palestine's answers to the shared COIN sequence (engine.coin.sequence.CoinRules)."""

from __future__ import annotations

from ...coin import cell_operation
from ...coin.sequence import BOX_NAMES, BOXES, CoinRules
from ...core.errors import RulesBugError
from ...core.flow import Context
from . import board as B
from .data import CARDS
from .events import EVENTS
from .operation import OP_FACTION, base_spaces, new_op_frame
from .propaganda import expropriation_spaces  # noqa: F401  (re-exported for tests)
from .special import ACTIVITIES
from .why import Refusal

#: Each faction's Operations, in the order of their rules (3.2, 3.3).
OPS = ACTIVITIES.ops
#: The spaces Rob may select, Districts and Cities (3.3.4), in board order.
ROB_SPACES = [s for s in B.SPACES if B.KIND[s] != "railway"]


#: What leaves an Event text nothing to do, for the texts a player is most likely to try then (5.1.3).
IDLE = {
    ("P3", "unshaded"): lambda g: "no Terror marker is on the map",
    ("P3", "shaded"): lambda g: "no City has an Underground Cell",
    ("P5", "unshaded"): lambda g: "no Cell is in Prison",
    ("P5", "shaded"): lambda g: "no Cell is in Prison",
    ("P16", "shaded"): lambda g: "no Cell is in Prison",
    ("P12", "unshaded"): lambda g: "no Arms Cache is on the map",
    ("P24", "unshaded"): lambda g: f"{B.terror_on_map(g)} Terror marker(s) on the map, Political Will {g.s['pw']}",
    ("P24", "shaded"): lambda g: f"{B.terror_on_map(g)} Terror marker(s) on the map, Political Will {g.s['pw']}",
}


def event_refusal(g: Context, cid: str, side: str) -> str:
    """Why the *side* text of Event card *cid* is refused in the Event box: the card has no such text (5.2),
    or the text can change nothing now (5.1.3, ruling R-5.1.3: not offered then)."""
    card = CARDS[cid]
    if card["single"] != (side == "event"):
        texts = "a single text (event)" if card["single"] else "an unshaded and a shaded text"
        return f"{card['title']} ({cid}) has {texts} (5.2)"
    label = card["unshaded" if side in ("unshaded", "event") else "shaded"]
    idle = IDLE.get((cid, side))
    return (f"the {side} text of {card['title']} ({cid}), {label}, can change nothing now"
            f"{': ' + idle(g) if idle else ''} (5.1.3, ruling R-5.1.3)")


class PalestineRules(CoinRules):
    factions = ("irgun", "british")
    board = B.BOARD
    #: 6.4: the Reset makes the Irgun 1st Eligible.
    eligibility_after_propaganda = ("irgun", "british")

    def card(self, cid: str) -> dict:
        return CARDS[cid]

    op_names = OPS
    op_prefix = "pal.op."
    frame_per_faction = True  # op_frame: the count is the faction's (base_spaces), the same for each of its ops

    def op_frame(self, g: Context, op: str, limited: bool, with_sa: bool) -> dict:
        """:func:`new_op_frame` of a player's Operation (no Event's count or flags), built directly: the turn's
        prompt asks it of every Operation."""
        return cell_operation.new_op_frame(op, limited, with_sa, base_spaces(g, OP_FACTION[op], limited))

    def start_op(self, g: Context, faction: str, op: str, limited: bool, with_sa: bool) -> None:
        if OP_FACTION[op] != faction:
            raise RulesBugError(f"{faction} cannot run {op}")
        g.say(f"{faction.title()} began a {'Limited ' if limited else ''}{op.title()} Operation.",
              faction=faction, rule="3.0")
        g.call(f"pal.op.{op}", faction, **new_op_frame(g, op, limited, with_sa))

    def start_pass(self, g: Context, faction: str) -> None:
        if faction == "british":
            B.draw_chit(g, "British Pass", rule="2.3.3")
        elif self._can_rob(g):
            g.call("pal.op.rob", "irgun", **new_op_frame(g, "rob", True, False, spaces=1, optional=True,
                                                        rule="2.3.3"))

    def _can_rob(self, g: Context) -> bool:
        """Whether a District or City has more Cells than Police: where an Irgun Pass may Rob (2.3.3, 3.3.4)."""
        spaces = g.s["spaces"]
        return any(B.cells(spaces[s]) > spaces[s]["police"] for s in ROB_SPACES)

    def event_sides(self, g: Context, faction: str, cid: str) -> list[str]:
        return EVENTS.sides(g, faction, CARDS[cid])

    def start_event(self, g: Context, faction: str, cid: str, side: str) -> None:
        EVENTS.start(g, faction, CARDS[cid], side)

    def start_propaganda(self, g: Context) -> None:
        g.call("pal.propaganda", "british")

    def turn_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Palestine's reasons in a turn (2.3.2): a box first; P27 shaded's forced Pass; no Special Activity
        in the Limited Operation or Event box (2.3.4, 4.1), and in the Operation + Special Activity box only
        with an Operation (4.1), Terror only within a Sabotage (4.3.3)."""
        if f["stage"] == "box" and verb != "box":
            return "first choose a box on the Initiative Track (box limited|event|opsa), then act in it or Pass (2.3.2)"
        if f["stage"] == "box" and arg not in BOXES:
            return f"name the box: box limited, box event or box opsa (2.3.2){'' if arg is None else f', not {arg!r}'}"
        if f["stage"] != "act":
            return None
        box = f["box"]
        if verb == "box":
            return f"the {f['role'].title()} chose the {BOX_NAMES[box]} box already: act in it, or Pass (2.3.2)"
        if f.get("forced_pass") and verb != "pass":
            return Refusal("American Loans (P27, shaded: Financial Dunkirk): the British must Pass on this Event "
                           "card, drawing no Intel Chit", rule="P27")
        if verb in ("sa", "terror"):
            if box == "limited":
                return "a Limited Operation has no Special Activity (2.3.4; 4.1)"
            if box == "event":
                return "the Event box allows only the Event or a Pass (2.3.2)"
            if verb == "terror":
                return "Terror is declared in a City selected for Sabotage, before its roll (4.3.3): op sabotage first"
            return "choose the Operation first (op NAME): its Special Activity runs before, during or after it (4.1)"
        if verb == "done":
            return f"act in the {BOX_NAMES[box]} box, or Pass (2.3.2)"
        if box == "event" and verb in ("unshaded", "shaded", "event"):
            return event_refusal(g, g.s["current"], verb)
        return None

    def must_pass(self, g: Context, faction: str) -> bool:
        return faction == "british" and g.s["flags"].get("loans") == "now"

    def end_of_card(self, g: Context) -> None:
        flags = g.s["flags"]
        if flags.get("loans") == "now":
            flags.pop("loans")
        elif flags.get("loans") == "next":
            flags["loans"] = "now"


RULES = PalestineRules()
