"""Operations and Special Activities an Event text grants, in every British Way game (rule 5 of each: a free
Operation, 5.4 where the game has it; Cyprus's ruling R-FREE-OPS where it has not).

A granted Operation or Special Activity is the game's own procedure (``<prefix><name>``) started with the
Event's locals (the card as ``rule``, its count, its spaces). :class:`Grants` binds one game's
:class:`engine.coin.activities.Activities` and procedure prefixes: it finds the procedure (a name with none
is a rules bug), says whether it could do anything now, and names it. :func:`grant` starts one, or, where it
could do nothing, says why in the log instead of asking the player to choose among nothing (5.1.3); each game
words the log its own way (``the British began a free Sweep``, ``the British began the Event's Search``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import RulesBugError
from ..core.flow import Context
from .activities import Activities
from .wording import side_name


class Grants:
    """One game's granted Operations and Special Activities (see the module): ``op_prefix`` + an Operation's
    name, ``sa_prefix`` + a Special Activity's, name its procedure."""

    def __init__(self, activities: Activities, op_prefix: str, sa_prefix: str):
        self.activities, self.op_prefix, self.sa_prefix = activities, op_prefix, sa_prefix

    def proc(self, g: Context, name: str, kind: str):
        """The procedure *name*, a rules bug if there is none (*kind*: what it should be, for the message)."""
        proc = g.procs.get(name)
        if proc is None:
            raise RulesBugError(f"no {kind} procedure {name}")
        return proc

    def op_proc(self, g: Context, op: str):
        return self.proc(g, f"{self.op_prefix}{op}", "Operation")

    def sa_proc(self, g: Context, sa: str):
        return self.proc(g, f"{self.sa_prefix}{sa}", "Special Activity")

    def op_local(self, role: str, op: str, frame: dict) -> dict:
        """*frame* as the Operation's own frame would be, with its procedure and role."""
        return {**frame, "p": f"{self.op_prefix}{op}", "role": role}

    def op_possible(self, g: Context, role: str, op: str, frame: dict) -> bool:
        """Whether *role*'s Operation *op* with the Event's locals *frame* has a space it may select now."""
        return self.op_proc(g, op).possible(g, self.op_local(role, op, frame))

    def sa_possible(self, g: Context, sa: str, local: dict) -> bool:
        """Whether the Special Activity *sa* with the Event's locals *local* could do anything now."""
        return self.sa_proc(g, sa).possible(g, local)

    def op_title(self, op: str, limited: bool = False) -> str:
        """``Sweep``, ``Limited Sweep``: the Operation as the rules print it."""
        return f"{'Limited ' if limited else ''}{self.activities.op_title.get(op, op.title())}"

    def sa_title(self, sa: str) -> str:
        """``Interrogate``: the Special Activity as the rules print it."""
        return self.activities.sa_title.get(sa, sa.title())


def grant(g: Context, role: str, name: str, local: dict, *, can: bool, why: Callable[[], str], head: str,
          what: str, began: str, rule: str) -> bool:
    """Starts the procedure *name* for *role* with *local*, logging ``HEAD: the ROLE began BEGAN.``; or, if it
    *can* not do anything, logs ``HEAD: the ROLE could conduct no WHAT: WHY.`` and asks nothing (5.1.3).
    Returns whether it was started (what it selects then comes back to the caller's frame as ``ret``)."""
    who = side_name(role)
    if not can:
        g.say(f"{head}: the {who} could conduct no {what}: {why()}.", faction=role, rule=rule)
        return False
    g.say(f"{head}: the {who} began {began}.", faction=role, rule=rule)
    g.call(name, role, **local)
    return True
