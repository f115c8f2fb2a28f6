"""What every Special Activity of the British Way games shares (rule 4 of each game).

A Special Activity accompanies an Operation of its own faction, at any one time before, during or after it
(4.1), and only the Operations its rule names (4.1.1). Each concrete class says, once: ``sa`` (its order
word), ``faction``, ``rule``, ``title`` (default from ``sa``: ``air-recon`` -> ``Air Recon``), ``accompanies``
(the Operations it may accompany), ``offered`` (``False`` for one declared inside the Operation it
accompanies, by that Operation's own order, instead of ``sa NAME``: Palestine's Terror, 4.3.3) and
:meth:`SpecialActivity.possible`, whether it could do anything now. A game's base subclasses this
one for its own machinery and names its :class:`engine.coin.activities.Activities` in ``activities``, where
each concrete class is entered as it is defined.
"""

from __future__ import annotations

from typing import ClassVar

from ..core import canonical
from ..core.errors import RulesBugError
from ..core.flow import Context, Procedure
from .activities import Activities
from .refusals import Words


class SpecialActivity(Procedure):
    """Base of a game's Special Activities (4.1, 4.1.1)."""

    sa: ClassVar[str] = ""
    faction: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The Operations this Special Activity may accompany (4.1.1).
    accompanies: ClassVar[tuple[str, ...]] = ()
    #: Whether the Operations it accompanies offer it as ``sa NAME`` (``False``: declared inside the
    #: Operation by an order of its own, as Palestine's Terror in a Sabotage City, 4.3.3).
    offered: ClassVar[bool] = True
    #: The game's table, where each concrete class is entered (set by the game's base class).
    activities: ClassVar[Activities | None] = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("sa"):
            return
        if "title" not in cls.__dict__:
            cls.title = cls.sa.replace("-", " ").title()
        if cls.possible is SpecialActivity.possible:
            raise RulesBugError(f"Special Activity {cls.sa!r} does not say whether it could act now (possible)")
        if cls.activities is not None:
            cls.activities.add_special(cls)

    def possible(self, g: Context, f: dict | None = None) -> bool:
        """Whether this Special Activity could do anything now; *f*: the locals it would start with, where a
        caller sets some (an Event's or a phase's), else ``None``. Each concrete class its own."""
        return False

    def rule_for(self, g: Context, f: dict) -> str:
        """The rule a prompt or refusal cites: the frame's own (an Event's or a phase's), else this Special
        Activity's."""
        return f.get("rule") or self.rule


class StagedActivity(SpecialActivity):
    """A Special Activity whose frame starts with its ``initial`` locals, set by the first automatic step so
    that ``prompt`` only reads the frame; ``advance`` is each one's automatic progress, ``refusal`` its own
    reasons (Arab Revolt's and Malaya's six). ``words`` is the game's refusal words
    (:class:`engine.coin.refusals.Words`)."""

    initial: ClassVar[dict] = {}
    words: ClassVar[Words]

    def step(self, g, f):
        if "started" not in f:
            f.update(canonical.copy(self.initial))
            f["started"] = True
            return True
        return self.advance(g, f)

    def advance(self, g: Context, f: dict) -> bool:
        return False

    def explain(self, g, f, verb, arg):
        """This Special Activity's own reason (:meth:`refusal`), else: a second Special Activity (4.1), or an
        order of a turn's start (2.3.2, 2.3.3)."""
        own = self.refusal(g, f, verb, arg) if "started" in f else None
        if own is None and verb == "sa":
            return self.words.because(f"the {self.title} under way is the Special Activity: one with an "
                                      "Operation", "4.1")
        return own or self.words.turn_order(verb)

    def refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why *verb arg* is refused in this Special Activity (each its own), with the facts and the rule."""
        return None
