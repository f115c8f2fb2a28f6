"""What every Palestine Operation shares: the Cell games' selection, space limits and extra spaces
(engine.coin.cell_operation), with Palestine's own limits and words.

Rules 3.1 (select each space once; up to three, one if Limited), 2.3.4 (Limited Operation), 2.3.7
(Intelligence Lead and Offensive), 6.5.3 (Haganah at 4), P9 shaded (British Operations in 2 spaces), 4.1 (one
Special Activity, at any one time before, during or after the Operation), 4.1.1 (accompanying Operations).
Event-granted Operations carry their own space count and flags (:func:`event_op_frame`, ruling R-EV-OPS).
"""

from __future__ import annotations

from ...coin import cell_operation
from ...coin.capabilities import cap
from ...core import notation
from ...core.flow import Context
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .data import CARDS
from .special import ACTIVITIES, no_space
from .why import Refusal

notation.declare(__name__, {"lead", "offensive"})

LEAD_OPS = frozenset({"patrol", "search", "assault"})          # 2.3.7
OFFENSIVE_OPS = frozenset({"recruit", "sabotage", "rob"})      # 2.3.7
#: Each Operation's faction and rule, as its class in ``british_ops`` or ``irgun_ops`` says.
OP_FACTION = ACTIVITIES.op_faction
OP_RULE = ACTIVITIES.op_rule


def base_spaces(g: Context, faction: str, limited: bool) -> int:
    """Spaces an Operation may select before extras (3.1, 2.3.4, P9 shaded, 6.5.3, P13)."""
    if limited:
        n = 1
    elif faction == "british" and cap(g, "P9") == "shaded":
        n = 2
    else:
        n = 3
    return n + haganah_bonus(g, faction)


def haganah_bonus(g: Context, faction: str) -> int:
    """The Haganah extra space of an Irgun Operation: 1 at 4 (6.5.3), none there with P13 unshaded, also
    at 3 with P13 shaded."""
    if faction != "irgun":
        return 0
    h = g.s["haganah"]
    return int((h == 4 and cap(g, "P13") != "unshaded") or (h == 3 and cap(g, "P13") == "shaded"))


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 extras: bool = True, **flags) -> dict:
    """Local data of an Operation frame (engine.coin.cell_operation.new_op_frame): three spaces, one if
    Limited, with Bevin's and the Haganah's (:func:`base_spaces`), or ``spaces`` (Event-granted Operations:
    see :func:`event_op_frame`), which no Lead or Offensive extends.

    Flags an Event may pass: ``only`` (list of spaces it may select), ``no_intel`` (no Intel Chits:
    P6), ``optional`` (may end with no space), ``need_police`` / ``on_success`` / ``only_railways``
    (Sabotage variants of P28 and P21), ``selected`` (spaces already chosen by the Event, for Operations
    whose selection does nothing by itself, such as Search).
    """
    n = spaces if spaces is not None else base_spaces(g, OP_FACTION[op], limited)
    return cell_operation.new_op_frame(op, limited, with_sa, n, extras=extras and spaces is None, **flags)


def event_op_frame(g: Context, op: str, spaces: int, *, with_sa: bool = False, **kw) -> dict:
    """Local data of an Operation an Event grants in *spaces* spaces ("Sabotage in 1 space", "Search in
    up to 3 spaces"), read by ruling R-EV-OPS, an umpire option.

    ``card-count`` (the default): the card's number is the most the Operation may select (5.1.1).
    ``extras``: 2.3.7 and 6.5.3 speak of "an Operation or Limited Operation" and "any Operation", so the
    Intelligence Lead, the Offensive and the Haganah extra space add to the card's number, where more
    spaces than that number could be selected at all (not where the card names the one space, P1 and
    P11 unshaded, nor where it allows every Railway, P21 shaded).
    """
    frame = new_op_frame(g, op, False, with_sa, spaces=spaces, **kw)
    frame["card"], frame["count"] = g.s["current"], spaces  # the Event granting it (refusals name it, 5.1)
    if chosen(g.s, "R-EV-OPS", "card-count") != "extras":
        return frame
    pool = kw.get("only")
    if pool is None and kw.get("only_railways"):
        pool = B.RAILWAYS
    if pool is not None and len(pool) <= spaces:
        return frame
    frame["extras"] = True
    frame["max"] = spaces + haganah_bonus(g, OP_FACTION[op])
    return frame


#: What ``eligible(..., why=False)`` gives for a space that may not be selected (engine.coin.cell_operation).
NO = cell_operation.NO


class Operation(cell_operation.CellOperation):
    """Base of the eight Palestine Operations on the Cell games' base (engine.coin.cell_operation: the
    Intelligence Lead and the Offensive, 2.3.7, and the refusals of a selection) with Palestine's own: Ernest
    Bevin's two spaces (P9 shaded), the Haganah Track's extra space (6.5.3), the Terror order (4.3.3) and the
    words of its Special Activities' refusals. Subclasses define ``eligible`` and the per-space work."""

    B = B
    W = W
    cards = CARDS
    activities = ACTIVITIES
    sa_prefix = "pal.sa."
    insurgent = "irgun"
    lead_ops = LEAD_OPS
    offensive_ops = OFFENSIVE_OPS
    limited_rules = {"6.2.1": "an Expropriation Robs in one space", "2.3.3": "an Irgun Pass Robs in one space"}

    def order_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Terror is declared inside a Sabotage (4.3.3, its own refusal there); with any other Operation it is
        refused here."""
        if verb == "terror" and self.op != "sabotage":
            return self.terror_refusal(g, f)
        return None

    def special_refusal(self, g: Context, f: dict, sa: str) -> str | None:
        """``sa terror``: Terror is not offered as a Special Activity of its own (4.3.3)."""
        return self.terror_refusal(g, f) if sa == "terror" else None

    def no_space(self, g: Context, sa: str) -> str:
        return no_space(g, sa)

    def nominal_limit(self, g: Context, f: dict) -> int:
        """Ernest Bevin (P9 shaded) holds British Operations to two spaces; otherwise the series' count."""
        if not f.get("card") and not f["limited"] and self.faction == "british" and cap(g, "P9") == "shaded":
            return 2
        return super().nominal_limit(g, f)

    def limit_reason(self, g: Context, f: dict, head: str, more: str) -> str | None:
        if self.faction == "british" and cap(g, "P9") == "shaded":
            return Refusal(f"{head}: Ernest Bevin (P9, shaded: Declining great power) holds British Operations "
                           f"to 2 spaces{more}", rule="P9")
        return None

    def extra_words(self, g: Context, f: dict) -> str:
        return "1 for the Haganah Track, 6.5.3"

    def terror_refusal(self, g: Context, f: dict) -> str:
        """Why Terror is refused with an Operation other than Sabotage (4.3.3; Sabotage has its own)."""
        if f["sa"] == "none":
            return self.sa_closed(f)
        return f"Terror may only accompany Sabotage, not {self.op.title()} (4.3.3)"
