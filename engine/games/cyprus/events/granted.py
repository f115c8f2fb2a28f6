"""What Cyprus's Event texts that grant Operations or Special Activities share (granted_c01_c12.py,
granted_c15_c24.py, granted_c27_c30.py): the faction a text names, the card as the log names it, and the
game's granted procedures (engine.coin.granted.Grants, ruling R-FREE-OPS: Cyprus has no rule on free
Operations); for the cards from C15 on, a granted Operation or Special Activity started with the card named
in the log (:func:`grant_op`, :func:`grant_sa`; C1 to C12 word theirs in granted_c01_c12), and "British may
Search in 1 space and then Assault there" (C19 and C30 unshaded, :class:`SearchThenAssault`).
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....coin.granted import Grants, grant
from ....core.flow import Context
from .. import board as B
from .. import why as W
from ..data import CARDS
from ..operation import ACTIVITIES, OP_PREFIX, SA_PREFIX, event_op_frame

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


# -- granted Operations and Special Activities ----------------------------------------------------------------

def no_op_reason(g: Context, role: str, op: str, frame: dict) -> str:
    """Why the Operation has no space: the (different) reasons of the first spaces it may not select."""
    proc, local = op_proc(g, op), op_local(role, op, frame)
    where = frame.get("only")
    spaces = where if where is not None else B.SPACES
    why = list(dict.fromkeys(str(r) for s in spaces if (r := proc.space_refusal(g, local, s))))[:2]
    return "; ".join(why) or "it has no space it may select"


def grant_op(g: Context, role: str, op: str, frame: dict, cid: str) -> bool:
    """*role* conducts the Operation *op* the Event *cid* grants, with the card's *frame*: pushed for the
    player to select its spaces, or to resolve those the text selected (``selected``, checked by the caller);
    if no space may be selected nothing is asked and the log says why (5.1.3). Returns whether the Operation
    was pushed; its spaces come back to the caller's frame as ``ret``."""
    what, only = op_title(op), frame.get("only")
    where = f" ({W.names(only, joint='or')})" if only is not None and len(only) < len(B.SPACES) else ""
    return grant(g, role, f"{OP_PREFIX}{op}", frame,
                 can=bool(frame.get("preselected")) or op_possible(g, role, op, frame),
                 why=lambda: no_op_reason(g, role, op, frame), head=title(cid), what=what,
                 began=f"the Event's {what}{where}", rule=cid)


def grant_sa(g: Context, role: str, sa: str, local: dict, cid: str) -> bool:
    """*role* conducts the Special Activity *sa* the Event *cid* grants, with no Operation (ruling
    R-FREE-OPS); if it could do nothing, nothing is asked and the log says why (5.1.3)."""
    what = GRANTS.sa_title(sa)
    return grant(g, role, f"{SA_PREFIX}{sa}", local, can=sa_possible(g, sa, local),
                 why=lambda: str(sa_proc(g, sa).no_space(g, local)), head=title(cid), what=what,
                 began=f"the Event's {what}", rule=cid)


# -- what a Search or an Assault in a space could change (5.1.3) -----------------------------------------------

def search_can_change(g: Context, sid: str) -> bool:
    """Whether a Search in *sid* (3.2.3) could change anything: an adjacent Troop to move in; in a Town with a
    cube, a Curfew to place (from the pool or moved, 1.10) or Cells to Activate (one per three cubes, or per
    cube for a chit); elsewhere an Underground Cell and a cube to Activate it."""
    if any(B.sp(g, a)["troops"] for a in B.adj(g, sid)):
        return True
    x = B.sp(g, sid)
    cubes = B.cubes(x)
    if not cubes:
        return False
    if B.is_town(sid):
        if not x["curfew"]:
            return True
        return bool(x["cells_u"]) and (cubes >= 3 or bool(g.s["intel"]["held"]))
    return bool(x["cells_u"])


def assault_can_change(g: Context, sid: str) -> bool:
    """Whether an Assault in *sid* (3.2.4) could remove anything as it stands: Troops enough for one piece
    (two a piece in a Mountain) and an Active Cell, an Arms Cache with no Cell, or an Underground Cell and a
    chit of value 1 or more to pay for it."""
    x = B.sp(g, sid)
    if x["troops"] < (2 if B.is_mountain(sid) else 1):
        return False
    if x["cells_a"] or (x["caches"] and not B.cells(x)):
        return True
    return bool(x["cells_u"]) and any(v >= 1 for v in g.s["intel"]["held"])


def search_or_assault(g: Context, sid: str) -> bool:
    return search_can_change(g, sid) or assault_can_change(g, sid)


# -- "British may Search in 1 space and then Assault there" (C19 unshaded, C30 unshaded) --------------------------

class SearchThenAssault(ScriptEvent):
    """The British may Search in one space of :meth:`pool` and then Assault there (ruling R-SEARCH-ASSAULT):
    the Search is optional and selects the space; if it selected none the text is over; the Assault may
    select only the space Searched, and may be declined."""

    cid = ""
    script = ("search", "assault")

    def pool(self, g: Context) -> list[str] | None:
        return None

    def search(self, g, f):
        frame = event_op_frame(g, "search", 1, only=self.pool(g), optional=True)
        grant_op(g, "british", "search", frame, self.cid)

    def assault(self, g, f):
        spaces = f.pop("ret", None) or []
        if not spaces:
            g.say(f"{title(self.cid)}: the British made no Search, so no Assault follows.", faction="british",
                  rule=self.cid)
            return
        frame = event_op_frame(g, "assault", 1, only=list(spaces), optional=True)
        if not op_possible(g, "british", "assault", frame):
            g.say(f"{title(self.cid)}: no Assault could follow in {W.names(spaces)}: "
                  f"{no_op_reason(g, 'british', 'assault', frame)}.", faction="british", rule=self.cid)
            return
        grant_op(g, "british", "assault", frame, self.cid)
