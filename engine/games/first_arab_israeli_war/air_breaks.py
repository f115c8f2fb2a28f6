"""The breaks an air strike gives (10.3a, 13.3), taken by the struck stack's owner, who may split a brigade to take
one (5.6, second paragraph: a split to satisfy an air strike's losses).

Of the strike codes ``air_codes`` reads, only ``D<n>`` breaks units: ``DE`` eliminates every unit a strike may hit
(no break to take, so nothing to split); ``NE``, ``AA``, ``AX`` and ``AE`` leave the ground units alone. For a
``D<n>``, ``air_strike.resolve`` pushes ``faiw.air.breaks``, the struck side's frame (``hex``, ``breaks`` left,
``hit``: the units this strike broke). It is ``air_mission.Losses`` (each break on a unit the strike has not hit,
ruling R-10.3-breaks; a supply point may take one, R-19.6-supply; leaders, the Secret Airfield and the Arms Factory
never) with one more order, the one ground combat's losses give (``combat_losses``):

- ``split BRIGADE``: the brigade is replaced in its hex by its battalions from the counter mix
  (``combat_losses.split``: 5.2, 5.4, 4.6; broken if it was, 5.3; never the Irgun's or the Stern Group's, 5.5);
  they are units the strike has not hit, so they may take the breaks (ruling R-5.6-air). A brigade this strike has
  broken already is not split by it.
The owner chooses among identical counters on the same face as one (R-4.6-alike, ``placed``). The strike revealed
the stack to the striker (21.1), so the log of a split names the units to both sides, as ground combat's does.
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from . import air_mission, combat_losses, reorganization, units
from .combat_losses import _battalions_for
from .units import SIDE_TITLES

notation.declare(__name__, {"break", "split"})


def splittable(state: dict, cids: list[str]) -> list[str]:
    """The brigades among *cids* a split could give a break to now (5.6 with 5.2-5.5, 4.6)."""
    return [c for c in cids if not c.startswith("supply@") and _battalions_for(state, c)]


@procedure
class Breaks(air_mission.Losses):
    """10.3a, 13.3, 5.6: the owner of a struck stack names the unit that takes each break, or splits a brigade to
    take it (frame: ``hex``, ``breaks`` left, ``hit``)."""

    name = "faiw.air.breaks"
    rule = "10.3a"

    def _targets(self, g, f: dict) -> list[str]:
        s, side, hex_ = g.s, f["role"], f["hex"]
        out = units.interchangeable(s, [c for c in air_mission.strikeable(s, side, hex_) if c not in f["hit"]],
                                    placed=True)
        if units.supply_points(s, side, hex_):
            out.append(f"supply@{hex_}")
        return out

    def step(self, g, f: dict) -> bool:
        targets = self._targets(g, f)
        if f["breaks"] > 0 and len(targets) == 1 and splittable(g.s, targets):
            return False  # one unit left, but splitting it is the owner's choice (5.6)
        return super().step(g, f)

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        targets = self._targets(g, f)
        out = {"break": targets}
        split = splittable(g.s, targets)
        if split:
            out["split"] = split
        return out

    def text(self, g, f: dict) -> str:
        legal = g.prompted(self, f)
        more = ", or split a brigade into its battalions to take it (5.6)" if "split" in legal else ""
        return (f"{SIDE_TITLES[f['role']]}: the air strike on {f['hex']} breaks {f['breaks']} more unit"
                f"{'s' if f['breaks'] != 1 else ''}: name the unit that breaks (10.3a, 13.3){more}")

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb == "split":
            combat_losses.split(g, arg)
            return
        super().act(g, f, verb, arg)

    def explain(self, g, f: dict, verb: str, arg: str | None):
        s, side = g.s, f["role"]
        if verb != "split" or not arg:
            return None
        rec = s["units"].get(arg)
        if rec is None or units.side_of(s, arg) != side or rec["status"] != "map" or rec["at"] != f["hex"]:
            return Refusal(f"{arg} is not one of your units in {f['hex']}, the struck hex: the split takes a break "
                           f"of this strike there (5.6)", "5.6")
        if arg in f["hit"]:
            return Refusal(f"{arg} was broken by this strike already: each break falls on another unit, and its "
                           f"battalions would take a second break of the strike (10.3a, ruling R-5.6-air)", "10.3a")
        why = reorganization.split_refusal(s, arg)
        if why:
            return why
        if _battalions_for(s, arg):
            shown = ", ".join(g.prompted(self, f).get("split", []))
            return Refusal(f"{arg} is identical to a brigade the prompt names ({shown}): name that one (ruling "
                           f"R-4.6-alike)", "5.6")
        return Refusal(f"{arg} cannot split: the counter mix lacks its battalions (4.6, 5.2)", "4.6")
