"""The British Operations of Kenya: Relocate (3.2.2) and Assault (3.2.4), and what all four share; Deploy
(3.2.1) and Sweep (3.2.3), whose Troops move together, are in ``british_moves``.

British Operations cost nothing (3.1). Each selects any number of spaces, one if Limited (2.3.4; Relocate
also no more than the Pipeline Track allows, 6.6.2); Deploy and Sweep may bring Troops from several origins
into their one destination. A Special Activity comes before, between or after the Operation's steps (4.1):
Reward with Deploy or Relocate, Reprisal with Sweep or Assault, Air Strike with any (4.1.1).
"""

from __future__ import annotations

from ...coin.will import shift_will
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import Operation
from .outrage import roll_outrage


class BritishOperation(Operation):
    """What the four British Operations share: they cost nothing (3.1). A Special Activity asked for in the
    middle of a step (cubes being placed, moves being written) is refused with that reason (4.1;
    engine.coin.worded)."""

    faction = "british"


# -- Relocate (3.2.2) -------------------------------------------------------------------------------------

@procedure
class Relocate(BritishOperation):
    """Relocate (3.2.2): British Controlled Populated Reserve Provinces, no more than the Pipeline Track
    allows (6.6.2, ruling R-PIPELINE-2: none at Pipeline 0 or 1, one at 2 and 3, two at 4), one if Limited.
    In each, the Population falls by one (ruling R-POPULATION) and one Police cube goes from Out of Play to
    Available if one is there; then one roll for Outrage, whatever the number of spaces (6.6.3)."""

    name = "ke.op.relocate"
    op = "relocate"
    rule = "3.2.2"
    kinds = ("province",)
    #: Whether :meth:`ok` holds the spaces to what the Pipeline allows (6.6.2); an Event's Relocate counts its
    #: card's instead (ruling R-EVENT-PIPELINE).
    pipeline_bound = True

    @staticmethod
    def allowed(g: Context) -> int:
        """The spaces the Pipeline Track allows Relocate now (6.6.2)."""
        return B.relocate_spaces(B.pipeline(g))

    def ok(self, g, f, sid):
        # Control first: the cheapest test, and the one most Provinces fail
        return (g.s["control"].get(sid) == "british" and B.may_reduce(g, sid) and len(f["spaces"]) < self.allowed(g))

    def candidates(self, g, f):
        """None once the Pipeline allows no more spaces (6.6.2): :meth:`ok` fails every space then, so no space
        is tested."""
        if self.pipeline_bound and len(f["spaces"]) >= self.allowed(g):
            return []
        return super().candidates(g, f)

    def possible(self, g, f):
        if self.pipeline_bound and len(f["spaces"]) >= self.allowed(g):
            return False
        return super().possible(g, f)

    def why_not(self, g, f, sid):
        name = B.name(sid)
        if not self.allowed(g):
            return W.because(f"{W.pipeline_of(g)}: Relocate selects no space there", "3.2.2, 6.6.2")
        if B.is_mountain_jungle(sid) or sid == B.NAIROBI:
            return W.because(f"{name} is {W.kind_of(sid)}: Relocate selects Reserve Provinces", self.rule)
        if not B.is_reserve(sid):
            return W.because(f"{name} is a Non-Reserve Province: Relocate selects Reserve Provinces", self.rule)
        if not B.populated(g, sid):
            return W.because(f"{W.population_of(g, sid)}: Relocate selects Populated Reserve Provinces", self.rule)
        if B.control(g, sid) != "british":
            return W.because(f"{W.control_of(g, sid)}: Relocate selects British Controlled Provinces", self.rule)
        return W.because(f"{W.pipeline_of(g)}, and this Relocate has selected "
                         f"{W.names(f['spaces']) if f['spaces'] else 'none'}", "3.2.2, 6.6.2")

    def count_text(self, g, f):
        n = min(f["max"], self.allowed(g))
        return f"{len(f['spaces'])} of {n} selected; Pipeline {B.pipeline(g)} ({B.pipeline_name(B.pipeline(g))})"

    def on_selected(self, g, f, sid):
        g.say(f"British Relocate selected {B.name(sid)}.", faction="british", rule=self.rule)
        B.reduce_population(g, sid, "Relocate", self.rule)
        if not B.release_police(g, 1, f"Relocate in {B.name(sid)}", self.rule):
            g.say("No Police cube is Out of Play to go to Available.", faction="british", rule=self.rule)

    def on_select_done(self, g, f):
        """The spaces are done: one roll for Outrage (3.2.2, 6.6.3)."""
        f["stage"] = "final"
        roll_outrage(g, "Relocate")


# -- Assault (3.2.4) --------------------------------------------------------------------------------------

def assault_capacity(g: Context, sid: str) -> int:
    """How many Active Mau Mau pieces an Assault in *sid* removes (3.2.4): one per Troop, one per two Troops
    in a Mountain Jungle, one per cube (Troops and Police) in Nairobi."""
    x = B.sp(g, sid)
    if sid == B.NAIROBI:
        return B.cubes(x)
    return x["troops"] // 2 if B.is_mountain_jungle(sid) else x["troops"]


def assault_outcome(g: Context, sid: str) -> tuple[int, int]:
    """(Active Guerrillas, Bases) an Assault in *sid* removes (3.2.4): Active Guerrillas first, Bases only once
    no Guerrilla is left there, Underground ones included (3.2.4 NOTE)."""
    x = B.sp(g, sid)
    room = assault_capacity(g, sid)
    active = min(room, x["guerrillas_a"])
    cleared = not x["guerrillas_u"] and active == x["guerrillas_a"]
    return active, (min(room - active, x["bases"]) if cleared else 0)


def assault_space(g: Context, sid: str, rule: str = "3.2.4") -> tuple[int, int]:
    """Assaults in *sid* (:func:`assault_outcome`): removes the pieces to Available, Control following each
    removal (1.7), and adds 1 Political Will for each Base removed (3.2.4, 1.10). Returns what it removed."""
    active, bases = assault_outcome(g, sid)
    name = B.name(sid)
    parts = [W.count(n, key) for key, n in (("guerrillas_a", active), ("bases", bases)) if n]
    x = B.sp(g, sid)
    why = ""
    if not parts:
        why = (" (no Troop to remove with)" if not assault_capacity(g, sid) else
               " (no Active Guerrilla, and Underground Guerrillas shield the Bases)" if x["bases"] else
               " (no Active Mau Mau piece)")
    g.say(f"British Assaulted in {name}, removing {W.names(parts, plain=True) if parts else 'nothing'}{why} "
          f"({assault_capacity(g, sid)} piece(s) at most there).", faction="british", rule=rule)
    if active:
        B.remove(g, sid, "guerrillas_a", active)
    if bases:
        B.remove(g, sid, "bases", bases)
        shift_will(g, bases, f"{W.count(bases, 'bases')} removed by Assault in {name}", "3.2.4")
    return active, bases


@procedure
class Assault(BritishOperation):
    """Assault (3.2.4): spaces with British cubes and Mau Mau pieces; in each, as it is selected,
    :func:`assault_space`."""

    name = "ke.op.assault"
    op = "assault"
    rule = "3.2.4"

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]
        return bool((x["troops"] or x["police"]) and (x["guerrillas_u"] or x["guerrillas_a"] or x["bases"]))

    def why_not(self, g, f, sid):
        return W.because(f"{W.has(g, sid, 'cubes', 'maumau')}: Assault selects spaces with British cubes and Mau "
                         "Mau pieces", self.rule)

    def on_selected(self, g, f, sid):
        assault_space(g, sid, self.rule)
