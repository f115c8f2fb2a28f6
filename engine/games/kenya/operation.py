"""What every Kenya Operation shares (engine.coin.operation.TestedOperation): any number of spaces, one if
Limited; the Mau Mau pay Resources per space, the British nothing; the Special Activities each may take.

Rules 3.1 (any number of spaces, Resources permitting for the Mau Mau, who pay per space selected; British
Operations cost nothing; a space once), 2.3.4 (Limited: one space, no Special Activity; Deploy, Sweep and
March one destination from any number of origins), 3.1.2 and 5.4 (Raid's and the Events' free Operations),
4.1 and 4.1.1 (which Special Activity may accompany which Operation).

An Operation class says its ``op``, ``faction``, ``rule``, the ``kinds`` of space it selects, its own test
of a space (:meth:`Operation.ok`, with :meth:`Operation.why_not` for a refusal) and, for the Mau Mau, what a
space costs (:meth:`Operation.cost`, with ``most_cost``). The frame (:func:`new_op_frame`) holds ``max`` (1
if Limited, else every space), ``free`` (Raid's or an Event's: no cost) and ``only`` (the spaces a Raid or an
Event allows).
"""

from __future__ import annotations

from ...coin import worded
from ...coin.activities import Activities
from ...coin.capabilities import cap  # noqa: F401  (the game's modules read it here)
from ...core.flow import Context
from . import board as B
from . import why as W

#: Kenya's Operations and Special Activities, each entered as its class is defined; the tables below derive
#: from the classes.
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
#: The prefix of the Operations' and Special Activities' procedure names.
OP_PREFIX, SA_PREFIX = "ke.op.", "ke.sa."


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 free: bool = False, optional: bool = False, only: list[str] | None = None, **flags) -> dict:
    """Local data of an Operation frame: one space if Limited (2.3.4), else any number (3.1: every space at
    most; the Mau Mau as many as they can pay for); ``spaces`` fixes the count (an Event's); ``free`` a
    Raid's or an Event's Operation, which costs nothing (3.1.2, 5.4); ``only`` the spaces it may select."""
    if spaces is None:
        spaces = 1 if limited else len(B.SPACES)
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none", "max": spaces, "free": free,
            "optional": optional, "spaces": [], "stage": "select", "only": only, **flags}


class Operation(worded.WordedOperation):
    """Base of the seven Kenya Operations (engine.coin.operation.TestedOperation: :meth:`ok` and
    :meth:`why_not` each Operation's own; :meth:`cost` what a Mau Mau space costs, 3.1)."""

    sa_prefix = SA_PREFIX
    activities = ACTIVITIES
    words = W.WORDS
    cost_rule = "3.1"
    unaccompanied = "a free Operation"
    #: The kinds of space the Operation selects (its rule in 3.2 and 3.3), before its own test.
    kinds: tuple[str, ...] = ("province", "city", "mountain-jungle")

    def count_text(self, g: Context, f: dict) -> str:
        """``2 selected; Resources permitting, Mau Mau Resources 6`` (3.1); the British pay nothing, and a
        Limited or an Event's Operation keeps its count (``0 of 1 selected``)."""
        n = len(f["spaces"])
        if f["max"] < len(B.SPACES):
            return f"{n} of {f['max']} selected"
        if self.costs and not f.get("free"):
            return f"{n} selected; Resources permitting, Mau Mau Resources {B.resources(g)}"
        return f"{n} selected"


def op_refusal(g: Context, role: str, op: str, frame: dict) -> str | None:
    """Why *role* may not start Operation *op* with the frame locals *frame* (engine.coin.worded.op_refusal:
    not one of its Operations, 3.1, or no space it may select, with the first spaces' reasons); ``None`` if it
    may."""
    return worded.op_refusal(g, role, op, frame, activities=ACTIVITIES, words=W.WORDS, prefix=OP_PREFIX)
