"""What every Cyprus Operation shares (engine.coin.cell_operation, with Palestine): up to three spaces, one
if Limited, the Intelligence Lead and the Offensive, and the Special Activities each may take.

Rules 3.1 (a space once; up to three spaces, L3357), 2.3.4 (Limited: one space, no Special Activity; Deploy,
Patrol and Search may take pieces from several spaces to the one destination, Travel one origin to several
destinations), 2.3.7 (L3343: one more space by Intelligence Lead, any Intel Chit discarded, for Patrol, Search
or Assault; by Offensive, an Arms Cache from a space with no British cube to Available, for Recruit, Sabotage
or Ambush; for a Limited Operation too), 4.1 and 4.1.1 (which Special Activity may accompany which
Operation). Cyprus has no Resources: an Operation is limited by its count of spaces only.

Event-granted Operations carry their card, count and flags (:func:`event_op_frame`,
:func:`event_limited_frame`). Cyprus's rules say nothing of them beyond 4.1 (L3422: an Event's Special
Activity leaves eligibility alone; ruling R-FREE-OPS); whether the Lead and the Offensive add a space to them
is ruling R-EVENT-LEAD.
"""

from __future__ import annotations

from ...coin import cell_operation
from ...coin.activities import Activities
from ...core import notation
from ...core.flow import Context
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .data import CARDS

notation.declare(__name__, {"lead", "offensive"})

#: Cyprus's Operations and Special Activities, each entered as its class is defined; the tables derive from
#: the classes (``ACTIVITIES.ops``, ``sa_accompany``, ``sa_rule``...).
ACTIVITIES = Activities()
OP_FACTION = ACTIVITIES.op_faction
SA_FACTION = ACTIVITIES.sa_faction
#: The prefix of the Operations' and Special Activities' procedure names.
OP_PREFIX, SA_PREFIX = "cy.op.", "cy.sa."
#: The Operations the Intelligence Lead and the Offensive extend (2.3.7, L3343).
LEAD_OPS = frozenset({"patrol", "search", "assault"})
OFFENSIVE_OPS = frozenset({"recruit", "sabotage", "ambush"})
#: An Operation's spaces (3.1, L3357), a Limited one's (2.3.4).
SPACES_MAX, LIMITED_MAX = 3, 1
NO = cell_operation.NO


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 extras: bool = True, **flags) -> dict:
    """Local data of an Operation frame: three spaces, one if Limited (3.1, 2.3.4), or *spaces* (an Event's
    or a Pass's count); ``extras``: the Lead or the Offensive may add one (2.3.7). Other *flags* are an
    Event's (engine.coin.cell_operation.new_op_frame)."""
    n = spaces if spaces is not None else (LIMITED_MAX if limited else SPACES_MAX)
    return cell_operation.new_op_frame(op, limited, with_sa, n, extras=extras, **flags)


def event_op_frame(g: Context, op: str, spaces: int, *, with_sa: bool = False, **kw) -> dict:
    """Local data of an Operation an Event grants in up to *spaces* spaces ("Sabotage in up to 3 spaces",
    "Search in 1 Mountain"): the card and its count are kept for the refusals (5.1). The text fixes the
    spaces, so no Intelligence Lead or Offensive adds one (ruling R-EVENT-LEAD), unless the umpire chose the
    reading that every Event's Operation may (``all``) and more spaces than the count could be selected at
    all (not where ``only`` is no larger than the count)."""
    pool = kw.get("only")
    extras = chosen(g.s, "R-EVENT-LEAD", "unfixed") == "all" and not (pool is not None and len(pool) <= spaces)
    frame = new_op_frame(g, op, False, with_sa, spaces=spaces, extras=extras, **kw)
    frame["card"], frame["count"] = g.s["current"], spaces
    return frame


def event_limited_frame(g: Context, op: str, **kw) -> dict:
    """Local data of a Limited Operation an Event grants without fixing its space (C2 shaded, C3 unshaded, C12
    unshaded): one space and no Special Activity, as any Limited Operation (2.3.4), which the Intelligence
    Lead or the Offensive may extend (2.3.7; ruling R-EVENT-LEAD); the card is cited (``rule``)."""
    return new_op_frame(g, op, True, False, rule=g.s["current"], **kw)


class Operation(cell_operation.CellOperation):
    """Base of the eight Cyprus Operations (British 3.2: Deploy, Patrol, Search, Assault; EOKA 3.3: Recruit,
    Travel, Sabotage, Ambush). Subclasses define ``eligible`` and the per-space work."""

    B = B
    W = W
    cards = CARDS
    activities = ACTIVITIES
    sa_prefix = SA_PREFIX
    insurgent = "eoka"
    lead_ops = LEAD_OPS
    offensive_ops = OFFENSIVE_OPS
    limited_rules = {"2.3.3": "an EOKA Pass Ambushes in one space"}

    def offensive_spaces(self, g: Context) -> list[str]:
        """The spaces an Offensive may take its Arms Cache from: one there and no British cube (2.3.7); the
        counts read directly (every EOKA prompt of Recruit, Sabotage and Ambush asks it)."""
        spaces = g.s["spaces"]
        return [s for s in B.SPACES if spaces[s]["caches"] and not (spaces[s]["troops"] or spaces[s]["police"])]

    def no_space(self, g: Context, sa: str) -> str:
        """Why Special Activity *sa* has nothing to do now: its own words (each class's ``no_space``)."""
        return g.procs[SA_PREFIX + sa].no_space(g)
