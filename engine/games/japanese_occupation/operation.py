"""What every Japanese Occupation Operation shares (engine.coin.operation.TestedOperation): the British in every
space with Force 136, the Japanese in up to three spaces, one if Limited; the Special Activities each may take.

Rules 3.1 (L1336: British Operations in any spaces with Force 136 markers, even a Limited one; Japanese in up to
three, one if Limited), 2.4.4 (a Limited Operation comes with no Special Activity; the Japanese one selects one
space, a Sweep one destination from any number of spaces; the British keep every Force 136 space), 4.1 and
4.1.1 (which Special Activity may accompany which Operation: 4.2.1-4.3.3 each name theirs; 4.1.1 has no body,
ruling R-4.1.1). No Operation costs Resources (1.7 NOTE: Japanese Resources are never spent).

An Operation class says its ``op``, ``faction``, ``rule``, the ``kinds`` of space it selects and its own test
of a space (:meth:`Operation.ok`, with :meth:`Operation.why_not` for a refusal). The frame
(:func:`new_op_frame`) holds ``max`` (every space for the British, three or one for the Japanese, or an Event's
count), ``only`` (the spaces an Event or Raid allows) and an Event's or phase's ``rule``.
"""

from __future__ import annotations

from ...coin import worded
from ...coin.activities import Activities
from ...coin.capabilities import cap  # noqa: F401  (the game's modules read it here)
from ...core.flow import Context
from . import board as B
from . import why as W

#: The game's Operations and Special Activities, each entered as its class is defined.
ACTIVITIES = Activities()
OP_FACTION = ACTIVITIES.op_faction
OPS = ACTIVITIES.ops
OP_RULE = ACTIVITIES.op_rule
SA_ACCOMPANY = ACTIVITIES.sa_accompany
SA_RULE = ACTIVITIES.sa_rule
SA_TITLE = ACTIVITIES.sa_title
sa_possible = ACTIVITIES.possible
#: The prefix of the Operations' and Special Activities' procedure names.
OP_PREFIX, SA_PREFIX = "jo.op.", "jo.sa."
#: The Japanese count of spaces (3.1), a Limited Operation's (2.4.4).
JAPANESE_MAX, LIMITED_MAX = 3, 1


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 optional: bool = False, only: list[str] | None = None, **flags) -> dict:
    """Local data of an Operation frame: the British select every space their Operation allows (3.1: those
    with Force 136, each Operation's test), Limited or not (2.4.4); the Japanese three, one if Limited (3.1,
    2.4.4); ``spaces`` fixes the count (an Event's), ``only`` the spaces it may select."""
    if spaces is None:
        if OP_FACTION.get(op) == "japanese":
            spaces = LIMITED_MAX if limited else JAPANESE_MAX
        else:
            spaces = len(B.SPACES)
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none", "max": spaces,
            "optional": optional, "spaces": [], "stage": "select", "only": only, **flags}


class Operation(worded.WordedOperation):
    """Base of the eight Operations (engine.coin.operation.TestedOperation: :meth:`ok` and :meth:`why_not` each
    Operation's own)."""

    sa_prefix = SA_PREFIX
    activities = ACTIVITIES
    words = W.WORDS
    unaccompanied = "an Operation an Event or a phase grants"
    #: The kinds of space the Operation selects (its rule in 3.2 and 3.3), before its own test.
    kinds: tuple[str, ...] = ("province", "city", "ec")

    def count_text(self, g: Context, f: dict) -> str:
        """``1 of 3 selected`` for the Japanese and a count an Event fixes; ``2 selected`` for the British,
        whose count is their Force 136 spaces (3.1)."""
        n = len(f["spaces"])
        if f["max"] < len(B.SPACES):
            return f"{n} of {f['max']} selected"
        return f"{n} selected"

    def space_limit_refusal(self, g: Context, f: dict) -> str:
        """One space in a Japanese Limited Operation (2.4.4); three otherwise (3.1); an Event's count."""
        w = self.words
        if f["limited"] and self.faction == "japanese" and not f.get("rule"):
            return w.because(f"a Japanese Limited Operation selects one space, and this {self.title} has "
                             f"selected {w.names(f['spaces'])}", "2.4.4")
        return w.because(f"this {self.title} selects up to {f['max']} space(s) and has them", w.rule_of(f, "3.1"))


def has_force_136(g: Context, sid: str) -> bool:
    """A space with a Force 136 marker: where British Operations may go (3.1, 1.9)."""
    return bool(B.sp(g, sid)["force_136"])


def op_refusal(g: Context, role: str, op: str, frame: dict) -> str | None:
    """Why *role* may not start Operation *op* with the frame locals *frame* (engine.coin.worded.op_refusal: not
    one of its Operations, 3.1, or no space it may select, with the first spaces' reasons); ``None`` if it may."""
    return worded.op_refusal(g, role, op, frame, activities=ACTIVITIES, words=W.WORDS, prefix=OP_PREFIX)
