"""What Cyprus's Event texts that grant Operations or Special Activities share (granted_c01_c12.py,
granted_c15_c30.py): the faction a text names, the card as the log names it, and the game's granted
procedures (engine.coin.granted.Grants, ruling R-FREE-OPS: Cyprus has no rule on free Operations).
"""

from __future__ import annotations

from ....coin.granted import Grants
from ..data import CARDS
from ..operation import ACTIVITIES, OP_PREFIX, SA_PREFIX

#: Cyprus's granted Operations and Special Activities.
GRANTS = Grants(ACTIVITIES, OP_PREFIX, SA_PREFIX)
op_proc, sa_proc, op_local = GRANTS.op_proc, GRANTS.sa_proc, GRANTS.op_local
op_possible, sa_possible, op_title = GRANTS.op_possible, GRANTS.sa_possible, GRANTS.op_title


def acting(cid: str, side: str, faction: str) -> str:
    """The faction that makes the choices of the *side* text of *cid*: the one the text names (cards.json
    ``acts``, ruling R-EVENT-FACTION), else the executing *faction* (5.1)."""
    return CARDS[cid]["acts"][side] or faction


def label(cid: str) -> str:
    """``John Harding``: the card's title."""
    return CARDS[cid]["title"]


def title(cid: str) -> str:
    """``John Harding (C15)``: the card's title and id."""
    return f"{label(cid)} ({cid})"
