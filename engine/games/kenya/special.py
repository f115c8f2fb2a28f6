"""What Kenya's six Special Activities share (rule 4; engine.coin.special.StagedActivity), and the selection
of all but Supply (engine.coin.special_select: spaces one at a time, each once, 4.1).

The British three are Reward (4.2.1), Reprisal (4.2.2) and Air Strike (4.2.3); the Mau Mau's three, Supply
(4.3.1), Oath (4.3.2) and Raid (4.3.3, with its free Limited Operation). Each says the Operations it may
accompany (4.1.1: Reward with Deploy or Relocate, Reprisal with Sweep or Assault, the others with any) and
whether it could act now (``possible``). A Special Activity runs at any one time before, during or after its
Operation (4.1); one an Event grants is free and carries the card's ``rule`` in its frame (5.4).
"""

from __future__ import annotations

from ...coin import special, special_select
from ...coin.special_select import sa_rule  # noqa: F401  (the Special Activities read it here)
from . import why as W
from .operation import ACTIVITIES

#: Each faction's Special Activities and the rule that lists them (4.2, 4.3).
SA_OF = ACTIVITIES.sa_of
SA_LIST_RULE = {"british": "4.2", "maumau": "4.3"}


class SpecialActivity(special.StagedActivity):
    """Base of the six: ``initial`` frame locals are set by the first automatic step, so that ``prompt``
    only reads the frame; ``advance`` is each one's automatic progress. A caller's ``rule`` in the frame (an
    Event's) is the one cited. Frame locals set by the caller: ``parent_op`` and ``parent_spaces`` (the
    accompanying Operation and its spaces so far), or an Event's ``rule`` and ``max``."""

    activities = ACTIVITIES
    words = W.WORDS


class Selecting(special_select.Selecting, SpecialActivity):
    """A Special Activity of Kenya that selects its spaces one at a time, up to its count: one unless a
    Capability or the Pipeline says otherwise (4.2, 4.3)."""
