"""What Cyprus's six Special Activities share (rule 4, L3418-3462).

British (``special_british``): Restore (4.2.1, with Deploy), Diplomacy (4.2.2, with Deploy, Patrol or Search),
Interrogate (4.2.3, with Search or Assault). EOKA (``special_eoka``): Smuggle (4.3.1, with Recruit or Travel),
Infiltrate (4.3.2, any) and Propagandize (4.3.3, any). A Special Activity runs at any one time before, during
or after its Operation (4.1, L3420-3426), selects a space at most once (4.1, L3422), and one an Event grants
needs no Operation, leaves eligibility alone (4.1, L3422; ruling R-FREE-OPS) and carries the card's id as
``rule`` in its frame: its log lines and refusals cite the card.

:class:`SpecialActivity` is the Cell games' base (engine.coin.cell_special.CellActivity) on Cyprus's board and
refusal words. The frame flags an Event may pass, read by each Special Activity: ``rule`` (the card), ``max``
(how many spaces), ``optional`` (the text says "may": it may end with none) and each one's own (Restore's
``cubes``, Propagandize's ``need_curfew`` and ``no_cell``).
"""

from __future__ import annotations

from ...coin import cell_special
from ...core.flow import Context
from . import board as B
from . import why as W
from .data import CARDS
from .operation import ACTIVITIES

#: Each faction's Special Activities and the rule that lists them (4.2, 4.3).
SA_OF = ACTIVITIES.sa_of
SA_LIST_RULE = {"british": "4.2", "eoka": "4.3"}
#: The EOKA Operations, each of which Infiltrate and Propagandize may accompany (4.3.2, 4.3.3; 4.1.1).
EOKA_OPS = ("recruit", "travel", "sabotage", "ambush")


def card_of(f: dict | None) -> str | None:
    """The card whose text grants the Special Activity of frame *f*, if an Event's (its ``rule``)."""
    rule = (f or {}).get("rule")
    return rule if rule in CARDS else None


class SpecialActivity(cell_special.CellActivity):
    """A Cyprus Special Activity (4.2, 4.3): the Cell games' base on Cyprus's board and words. A refusal of a
    space cites the card where an Event granted it (:meth:`cite`), and a log line the card or the rule
    (:meth:`say`)."""

    B = B
    W = W
    insurgent = "eoka"
    activities = ACTIVITIES

    def cite(self, f: dict | None, *more: str) -> str:
        """The rule a refusal cites: the card of an Event's frame, else this Special Activity's rule; *more*
        added (``4.1``)."""
        return ", ".join((card_of(f) or self.rule, *more))

    def titled(self, f: dict | None) -> str:
        """``Propagandize``, or ``Propagandize (AKEL, C3)`` in a frame an Event started."""
        cid = card_of(f)
        return f"{self.title} ({CARDS[cid]['title']}, {cid})" if cid else self.title

    def say(self, g: Context, f: dict | None, text: str) -> None:
        """Logs *text* for this faction, citing the card of an Event's frame or the rule."""
        g.say(text, faction=self.faction, rule=self.cite(f))

    def plainly(self, g: Context, f: dict | None) -> bool:
        """Whether :meth:`fits` is :meth:`qualifies` for the frame *f* now, no Event's flag nor Capability
        changing the test (each class whose ``fits`` reads them says when): :meth:`spaces` and
        :meth:`possible` then ask :meth:`qualifies` itself, one call a space less (the prompts ask them every
        step)."""
        return False

    def spaces(self, g, f=None):
        if self.plain_fits or not self.plainly(g, f):
            return super().spaces(g, f)
        x, qualifies = g.s["spaces"], self.qualifies
        return [s for s in self.pool(g) if qualifies(x[s])]

    def possible(self, g, f=None):
        if self.plain_fits or not self.plainly(g, f):
            return super().possible(g, f)
        x, qualifies = g.s["spaces"], self.qualifies
        for s in self.pool(g):
            if qualifies(x[s]):
                return True
        return False

    def where_refusal(self, g, sid, f=None):
        """Why *sid* does not qualify for the frame *f*: what it holds against what it needs (:meth:`need_of`),
        citing the card where an Event changed the need."""
        if self.fits(g, f, B.sp(g, sid)):
            return None
        return W.because(f"{self.facts(g, sid)}: {self.titled(f)} needs {self.need_of(g, f)}", self.cite(f))

    def no_space(self, g: Context, f: dict | None = None) -> str:
        """Why it has no valid space now: what it needs, and what the spaces nearest to qualifying hold."""
        near = self.nearest(g, self.pool(g))[:3]
        return W.because(f"{self.titled(f)} has no valid space ({self.need_of(g, f)}): "
                         + "; ".join(self.facts(g, s) for s in near), self.cite(f))


from . import special_british, special_eoka  # noqa: E402, F401  (the six classes enter ACTIVITIES)
