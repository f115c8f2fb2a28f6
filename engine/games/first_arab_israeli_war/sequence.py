"""The sequence of play (2.0): game turns of one or two impulses, each impulse an Arab League player turn then an
Israeli one, each player turn its phases in their fixed order.

A game turn (2.1):
  a) the Event phase (3.0), except on a scenario's first turn (Scenario 1 and 2, special rule 5a);
  b) the British Withdrawal phase (27.6): the British units the pack's schedule names for the month leave;
  c) the first impulse: the Arab League's player turn, then Israel's, each with the phases Reinforcement,
     Reorganization, Movement, Air Operations, Combat, Terrorism and Recovery. The text lists only the first four
     for Israel's first-impulse turn; 12.2, 16, 18 and 13.5 speak of the friendly Combat, Terrorism and Recovery
     phases of either side, so Israel's turn has all seven (ruling R-2.1-israel, digest A.2);
  d) a second impulse, without the Reinforcement phase (2.3), from May 1948 on when no truce is in effect: the
     text's "or" is read "and", and its "January 1947" as December 1947 (ruling R-2.1-dates; 26.1a and 22.1a say
     the same: one impulse in the mandate period and under a truce).
After the turn: the Transjordanian check at the end of April 1948 (26.1f), the truce's end (22.2), and at the end
of the scenario's last turn the victory check (28.0).

Each phase is a procedure named ``faiw.phase.NAME`` whose frame belongs to the phasing side (the Event phase's to
nobody: it is rolled). :class:`Phase` is their base: a phase lists its orders and ``end``, which ends it.
"""

from __future__ import annotations

from typing import ClassVar

from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Procedure, procedure
from . import calendar, units
from .units import SIDE_NAMES, SIDES

notation.declare(__name__, {"end"})

#: The phases of a player turn in the first impulse (2.1c).
FIRST_IMPULSE = ("reinforcement", "reorganization", "movement", "air", "combat", "terrorism", "recovery")
#: The phases of a player turn in the second impulse: no Reinforcement phase (2.1d, 2.3).
SECOND_IMPULSE = FIRST_IMPULSE[1:]

PHASE_NAMES = {"deployment": "Deployment", "event": "Event", "withdrawal": "British Withdrawal",
               "reinforcement": "Reinforcement", "reorganization": "Reorganization", "movement": "Movement",
               "air": "Air Operations", "combat": "Combat", "terrorism": "Terrorism", "recovery": "Recovery"}
#: The rule of each phase.
PHASE_RULES = {"deployment": "Scenario 1-2", "event": "3.0", "withdrawal": "27.6", "reinforcement": "4.0",
               "reorganization": "5.0", "movement": "7.0", "air": "10.0", "combat": "11.0", "terrorism": "18.0",
               "recovery": "13.5"}


def truce(state: dict) -> bool:
    """Whether a truce is in effect this turn (22.0)."""
    t = state.get("truce")
    return bool(t) and t["from"] <= state["month"] <= t["until"]


def second_impulse(state: dict) -> bool:
    """Whether this turn has a second impulse (2.1d): from May 1948 and no truce in effect (R-2.1-dates)."""
    return not calendar.mandate(state["month"]) and not truce(state)


class Phase(Procedure):
    """One phase of a player turn: the phasing side's orders (:meth:`actions`) and ``end``, which ends the
    phase (after :meth:`finish`, the checks the phase ends with, which may ask for decisions of their own: they run
    on top of the phase's frame before it ends). :meth:`begin` runs once as the phase starts (it too may push
    frames). A phase with nothing to do still waits for ``end``, unless :attr:`automatic` (nothing in it is a
    choice: it begins, finishes and ends by itself)."""

    phase: ClassVar[str] = ""
    automatic: ClassVar[bool] = False

    def begin(self, g, f: dict) -> None:
        """What happens as the phase starts (before any order)."""

    def close(self, g, f: dict, what: str, why: str, rule: str) -> None:
        """A helper for :meth:`begin`: no *what* this phase (*why*, by *rule*: the mandate's grounded air force,
        26.1b; terrorism off or barred by a truce, 18.0, 22.1b), said in the log; the phase ends without waiting
        for ``end`` (its :meth:`finish` still runs)."""
        g.say(f"No {what}: {why}.", rule=rule)
        f["ending"] = True

    def actions(self, g, f: dict) -> dict[str, list[str]]:
        """The phase's own orders now (``end`` is added)."""
        return {}

    def do(self, g, f: dict, verb: str, arg: str | None) -> None:
        """Carries out one of :meth:`actions` (a phase that offers a word handles it here)."""
        raise RulesBugError(f"{self.name} offers {verb!r} but has no handler for it")

    def finish(self, g, f: dict) -> None:
        """What the phase ends with (8.1a's stacking check after Movement and Combat...)."""

    def step(self, g, f: dict) -> bool:
        if g.s.get("outcome"):
            return False
        if not f.get("begun"):
            f["begun"] = True
            g.s["phase"] = self.phase
            self.begin(g, f)
            return True
        if self.automatic and not f.get("ending"):
            f["ending"] = True
        if f.get("ending"):
            if not f.get("finished"):
                f["finished"] = True
                self.finish(g, f)  # it may ask for decisions: they run first, on top of this frame
                return True
            if self.phase == "recovery":  # the player turn ends: what it revealed is hidden again (R-21.0-reveal)
                for side in SIDES:
                    g.s["revealed"][side] = []
            g.end()
            return True
        return False

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        if units.memo(g.s) is not None:  # a Reading of this state under way already (hooks: every prompt)
            out = self.actions(g, f)
        else:
            with units.Reading(g.s):  # listing the orders changes no counter: one index of who stands where
                out = self.actions(g, f)
        out["end"] = []
        return out

    def text(self, g, f: dict) -> str:
        return (f"{units.SIDE_TITLES[f['role']]}'s {PHASE_NAMES[self.phase]} phase, "
                f"{calendar.name(g.s['month'])}, impulse {g.s['impulse']}: give its orders, or end the phase")

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb == "end":
            g.say(f"{units.SIDE_TITLES[f['role']]} ended the {PHASE_NAMES[self.phase]} phase.", faction=f["role"],
                  rule=self.rule)
            f["ending"] = True  # finish() and the frame's end follow as automatic steps (step)
            return
        self.do(g, f, verb, arg)


class Staged(Procedure):
    """A procedure run automatically stage by stage (the turn 2.1, an air mission 10.2): ``step`` runs the
    method ``at_<stage>`` of the frame's ``stage`` (:attr:`first` before one is set), which returns whether the
    stack or the frame changed. Nothing runs once the game is decided (28.0: ``state["outcome"]``), as with
    :class:`engine.core.flow.Script`."""

    first: ClassVar[str] = "start"

    def step(self, g, f: dict) -> bool:
        if g.s.get("outcome"):
            return False
        return getattr(self, f"at_{f.get('stage', self.first)}")(g, f)


@procedure
class Turn(Staged):
    """One game turn (2.1), run automatically: it pushes each phase in order for the side whose phase it is."""

    name = "faiw.turn"
    rule = "2.1"

    def at_start(self, g, f: dict) -> bool:
        s = g.s
        s["impulse"], s["phasing"], s["phase"] = 1, None, "event"
        g.say(f"The turn of {calendar.name(s['month'])} began.", rule="2.1", kind="turn")
        f["stage"] = "withdrawal"
        if s["month"] != s["first_month"]:
            g.call("faiw.phase.event", None)  # 2.1a, 3.0 (not on the first turn: special rule 5a)
        else:
            g.say("No Event phase on a scenario's first turn (Scenario special rule 5a).", rule="2.1a")
        return True

    def at_withdrawal(self, g, f: dict) -> bool:
        g.s["phase"] = "withdrawal"
        british_withdrawal(g)
        f["stage"], f["impulse"], f["side"], f["i"] = "impulses", 1, 0, 0
        return True

    def at_impulses(self, g, f: dict) -> bool:
        s = g.s
        phases = FIRST_IMPULSE if f["impulse"] == 1 else SECOND_IMPULSE
        if f["i"] >= len(phases):
            f["i"], f["side"] = 0, f["side"] + 1
            if f["side"] >= len(SIDES):
                if f["impulse"] == 1 and second_impulse(s):
                    f["impulse"], f["side"] = 2, 0
                    s["impulse"] = 2
                    g.say(f"The second impulse of {calendar.name(s['month'])} began (2.1d).", rule="2.1d",
                          kind="turn")
                else:
                    f["stage"] = "end"
            return True
        side, phase = SIDES[f["side"]], phases[f["i"]]
        f["i"] += 1
        s["phasing"], s["phase"] = side, phase
        g.call(f"faiw.phase.{phase}", side)
        return True

    def at_end(self, g, f: dict) -> bool:
        end_of_turn(g, f)
        return True


def british_withdrawal(g) -> None:
    """2.1b, 27.6: the British units in the hexes the pack's schedule names for this month are removed."""
    s = g.s
    hexes = units.pack_of(s).british_withdrawal.get(s["month"], frozenset())
    gone = [cid for cid in units.on_map(s, "british") if s["units"][cid]["at"] in hexes]
    for cid in gone:
        units.remove(s, cid, "out")
    if gone:
        g.say(f"The British withdrew from {', '.join(sorted(hexes))} ({len(gone)} unit"
              f"{'s' if len(gone) != 1 else ''}).", rule="27.6", kind="turn")


def end_of_turn(g, f: dict) -> None:
    """After the last phase: 26.1f at the end of April 1948, the truce's end (22.2), the victory check after
    the scenario's last turn (28.0), else the next month (2.2)."""
    from . import victory  # the victory rules read the whole position; imported where used

    s = g.s
    if s["month"] == calendar.MANDATE_END and s["first_month"] <= calendar.MANDATE_END:
        victory.mandate_check(g)
    t = s.get("truce")
    if t and t["until"] <= s["month"]:
        s["truce"] = None
        g.say(f"The truce ended at the end of {calendar.name(s['month'])} (22.2).", rule="22.2", kind="turn")
    if s["month"] >= s["last_month"]:
        victory.final(g)
        return
    s["month"] = calendar.following(s["month"])
    f["stage"] = "start"


def phasing_name(state: dict) -> str:
    side = state.get("phasing")
    return SIDE_NAMES.get(side, "nobody") if side else "nobody"
