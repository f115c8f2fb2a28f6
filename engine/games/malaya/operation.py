"""What every Malaya Operation shares (engine.coin.operation.Operation): any number of spaces, Resources
permitting, one if Limited; the costs; the Special Activities each may take; placing one's own pieces from
the map when none are Available.

Rules 3.1 (any number of spaces, Resources permitting; the faction pays for each; select a space once),
2.3.4 (Limited: one space, no Special Activity; Garrison, Sweep and March one destination from any number
of origins), 3.1.2 and 5.4 (an Event's Operation is free, but Pacify and Agitate still cost), 4.1 and 4.1.1
(which Special Activity may accompany which Operation), 1.4.1 IMPORTANT (own pieces from the map; rulings
R-1.4.1 and R-1.4.1-EVENT), 1.3.3 and 1.4.2 (British pieces never in Thailand).

An Operation class says its ``op``, ``faction``, ``rule``, the ``kinds`` of space it selects, its own test
of a space (:meth:`Operation.ok`, with :meth:`Operation.why_not` for a refusal) and what a space costs
(:meth:`Operation.cost`). The frame (:func:`new_op_frame`) holds ``max`` (1 if Limited, else every space),
``free`` (an Event's: no cost) and ``only`` (the spaces an Event allows).
"""

from __future__ import annotations

from ...coin import placement, worded
from ...coin.activities import Activities
from ...coin.capabilities import cap  # noqa: F401  (the game's modules read it here)
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W

notation.declare(__name__, {"take", "done"})

#: Malaya's Operations (``british_ops``, ``mcp_ops``) and Special Activities (``special_british``,
#: ``special_mcp``), each entered as its class is defined; the tables below derive from the classes.
ACTIVITIES = Activities()
OP_FACTION = ACTIVITIES.op_faction
#: Each faction's Operations, in the order of their rules (3.2, 3.3).
OPS = ACTIVITIES.ops
OP_RULE = ACTIVITIES.op_rule
#: Special Activities and the Operations they may accompany (4.1.1, 4.2, 4.3).
SA_ACCOMPANY = ACTIVITIES.sa_accompany
SA_RULE = ACTIVITIES.sa_rule
SA_TITLE = ACTIVITIES.sa_title
sa_possible = ACTIVITIES.possible


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 free: bool = False, optional: bool = False, only: list[str] | None = None, **flags) -> dict:
    """Local data of an Operation frame: one space if Limited (2.3.4), else as many as the faction can pay
    for (3.1: every space at most); ``spaces`` fixes the count (an Event's "in 2 spaces", ruling R-FREE-OPS);
    ``free`` an Event's Operation that costs nothing (3.1.2, 5.4); ``only`` the spaces an Event allows."""
    if spaces is None:
        spaces = 1 if limited else len(B.SPACES)
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none", "max": spaces, "free": free,
            "optional": optional, "spaces": [], "stage": "select", "only": only, **flags}


class Operation(worded.WordedOperation):
    """Base of the eight Malaya Operations (engine.coin.operation.TestedOperation: :meth:`ok` and
    :meth:`why_not` each Operation's own, :meth:`cost` what a space costs)."""

    sa_prefix = "my.sa."
    activities = ACTIVITIES
    words = W.WORDS
    cost_rule = "3.1"
    unaccompanied = "an Event's Operation"
    #: The kinds of space the Operation selects (its rule in 3.2 and 3.3), before its own test (:meth:`ok`,
    #: which tests the kind again for a refusal).
    kinds: tuple[str, ...] = ("province", "city", "foreign", "ec")

    def count_text(self, g: Context, f: dict) -> str:
        """``2 selected; Resources permitting, British Resources 14`` (3.1: any number of spaces); a Limited or
        an Event's Operation keeps its count (``0 of 1 selected``)."""
        n = len(f["spaces"])
        if f["max"] < len(B.SPACES):
            return f"{n} of {f['max']} selected"
        paying = "" if f.get("free") else f"; Resources permitting, {W.resources(g, self.faction)}"
        return f"{n} selected{paying}"


def op_refusal(g: Context, role: str, op: str, frame: dict) -> str | None:
    """Why *role* may not start Operation *op* with the frame locals *frame* (engine.coin.worded.op_refusal:
    not one of its Operations, 3.1, or no space it may select, with the first spaces' reasons); ``None`` if it
    may."""
    return worded.op_refusal(g, role, op, frame, activities=ACTIVITIES, words=W.WORDS, prefix="my.op.")


# -- own pieces from the map (1.4.1 IMPORTANT) -----------------------------------------------------------

#: Malaya's reading of 1.4.1 IMPORTANT (engine.coin.placement; rulings R-1.4.1, R-1.4.1-EVENT): an Operation
#: or Special Activity places its faction's own forces from the map when none are Available; an Event's own
#: text as the umpire's reading decides; a Base never from its own space.
OWN = placement.OwnPieces(B.BOARD, W, proc="my.from_map", event_ruling="R-1.4.1-EVENT", event_default="map")
map_sources = OWN.sources
may_take_from_map = OWN.may_take
place_own = OWN.place


@procedure
class FromMap(placement.FromMap):
    """None of a piece is Available: the owner takes one from the map to place it, or places none (1.4.1)."""

    name = "my.from_map"
    own = OWN
