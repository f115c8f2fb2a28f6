"""What every Palestine Operation shares: space selection, space limits, extra spaces, and the point
at which its Special Activity may run.

Rules 3.1 (select each space once; up to three, one if Limited), 2.3.4 (Limited Operation), 2.3.7
(Intelligence Lead and Offensive), 6.5.3 (Haganah at 4), 4.1 (one Special Activity, at any one time
before, during or after the Operation), 4.1.1 (accompanying Operations). Event-granted Operations carry
their own space count and flags (:func:`event_op_frame`, ruling R-EV-OPS).
"""

from __future__ import annotations

from ...coin import operation
from ...core import notation
from ...core.flow import Context
from ...core.ruling_choice import chosen
from . import board as B
from .special import SA_ACCOMPANY, sa_possible

notation.declare(__name__, {"lead", "offensive"})

LEAD_OPS = {"patrol", "search", "assault"}          # 2.3.7
OFFENSIVE_OPS = {"recruit", "sabotage", "rob"}      # 2.3.7
OP_FACTION = {"deploy": "british", "patrol": "british", "search": "british", "assault": "british",
              "recruit": "irgun", "travel": "irgun", "sabotage": "irgun", "rob": "irgun"}
OP_RULE = {"deploy": "3.2.1", "patrol": "3.2.2", "search": "3.2.3", "assault": "3.2.4",
           "recruit": "3.3.1", "travel": "3.3.2", "sabotage": "3.3.3", "rob": "3.3.4"}


def cap(g: Context, cid: str) -> str | None:
    """The side of Capability *cid* in play, if any (5.3)."""
    return g.s["capabilities"].get(cid)


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
                 extras: bool = True, optional: bool = False, selected: tuple = (), **flags) -> dict:
    """Local data of an Operation frame. ``spaces`` fixes the count (Event-granted Operations: see
    :func:`event_op_frame`).

    Flags an Event may pass: ``only`` (list of spaces it may select), ``no_intel`` (no Intel Chits:
    P6), ``optional`` (may end with no space), ``need_police`` / ``on_success`` / ``only_railways``
    (Sabotage variants of P28 and P21), ``selected`` (spaces already chosen by the Event, for Operations
    whose selection does nothing by itself, such as Search).
    """
    faction = OP_FACTION[op]
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none",
            "max": spaces if spaces is not None else base_spaces(g, faction, limited),
            "extras": extras and spaces is None, "optional": optional,
            "spaces": list(selected), "stage": "select", "lead": False, "offensive": False,
            "preselected": bool(selected), **flags}


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


class Operation(operation.Operation):
    """Base of the eight Palestine Operations (engine.coin.operation.Operation) with Palestine's extras:
    the Intelligence Lead and the Offensive (2.3.7). Subclasses define ``eligible`` and the per-space
    work."""

    sa_prefix = "pal.sa."

    @property
    def faction(self) -> str:
        return OP_FACTION[self.op]

    def sa_allowed(self, g: Context, f: dict) -> list[str]:
        return [a for a in SA_ACCOMPANY[self.op] if sa_possible(g, a, f)]

    def space_limit(self, f: dict) -> str:
        return f"the Operation already has its {f['max']} space(s) (3.1, 2.3.4, 2.3.7)"

    def select_extras(self, g, f, out):
        if f["extras"] and self.op in LEAD_OPS and not f["lead"] and not f.get("no_intel"):
            vals = B.chit_values(g)
            if vals:
                out["lead"] = vals
        if f["extras"] and self.op in OFFENSIVE_OPS and not f["offensive"]:
            offs = [s for s in B.SPACES if B.sp(g, s)["caches"] and not B.british_pieces(B.sp(g, s))]
            if offs:
                out["offensive"] = offs

    def extra_act(self, g, f, verb, arg):
        if verb == "lead":
            B.spend_chit(g, int(arg))
            f["lead"] = True
            f["max"] += 1
            g.say(f"British discarded an Intel Chit of value {arg} for an Intelligence Lead (one more space).",
                  faction="british", rule="2.3.7")
            return True
        if verb == "offensive":
            B.remove(g, arg, "caches", 1)
            f["offensive"] = True
            f["max"] += 1
            g.say(f"Irgun removed the Arms Cache in {B.name(arg)} for an Offensive (one more space).",
                  faction="irgun", rule="2.3.7")
            return True
        return False

    def rule_for(self, g: Context, f: dict) -> str:
        return OP_RULE[self.op]

    def explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        if verb == "sa" and f["sa"] == "none":
            return "no Special Activity with this Operation (2.3.4: Limited; 4.1)"
        if verb == "sa" and f["sa"] == "open" and arg and arg not in SA_ACCOMPANY.get(self.op, []):
            return f"{arg} may not accompany {self.op.title()} (4.1.1)"
        if verb == "sa" and f["sa"] == "open":
            return f"{arg} has no valid space now"
        if verb == "lead":
            return "Intelligence Lead: once per Patrol, Search or Assault, discarding a chit held (2.3.7)"
        if verb == "offensive":
            return "Offensive: once per Recruit, Sabotage or Rob, a Cache from a space with no British (2.3.7)"
        return super().explain(g, f, verb, arg)
