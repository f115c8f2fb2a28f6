"""What Japanese Occupation's six Special Activities share (rule 4; engine.coin.special.StagedActivity).

The British three are Supply (4.2.1, with Train or Contact), Gather (4.2.2, with Contact, Sabotage or Ambush)
and Raid (4.2.3, with any British Operation); the Japanese three, Extract (4.3.1, with Deploy only), Reprisal
and Eliminate (4.3.2, 4.3.3, with Construct, Sweep or Assault). A Special Activity runs at any one time before,
during or after its Operation (4.1), selects a space once, and one an Event grants is free and carries the
card's ``rule`` in its frame (4.1: no effect on eligibility). Each says whether it could act now
(``possible``).
"""

from __future__ import annotations

from ...coin import special
from . import why as W
from .operation import ACTIVITIES

#: Each faction's Special Activities and the rule that lists them (4.2, 4.3).
SA_OF = ACTIVITIES.sa_of
SA_LIST_RULE = {"british": "4.2", "japanese": "4.3"}


class SpecialActivity(special.StagedActivity):
    """Base of the six: ``initial`` frame locals are set by the first automatic step, so that ``prompt`` only
    reads the frame; ``advance`` is each one's automatic progress. A caller's ``rule`` in the frame (an
    Event's or a Propaganda phase's) is the one cited. Frame locals set by the caller: ``parent_op`` and
    ``parent_spaces`` (the accompanying Operation and its spaces so far), or an Event's or phase's ``rule``,
    ``max`` and ``only``."""

    activities = ACTIVITIES
    words = W.WORDS
