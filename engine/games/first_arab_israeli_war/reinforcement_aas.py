"""The Arab Salvation Army's reinforcements (Reinforcement Table, L1187-L1191), December 1947 to March 1949.

While its leader Abd el Kader is in play (on the map: not eliminated, nor out of the game as in Scenario 1, 5c)
the AAS receives one commando/guerrilla battalion each turn. Otherwise the Arab League rolls a die in each of its
Reinforcement phases: 1-3 nothing, 4-5 one commando/guerrilla battalion, 6 the Arab League player must remove one
AAS unit of his choice from the map, if it has one (``faiw.aas_remove``; ruling R-4.0-aas-six: the unit leaves
the map as eliminated, 4.4, and nobody scores VP for it). AAS reinforcements are placed in an Arab-occupied hex of
Palestine with an Arab population symbol, not terrorized (L1191).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from . import reinforcement_place as placing
from . import reinforcement_table as table
from . import units, view

notation.declare(__name__, {"remove"})

AAS = table.TABLE["aas"]
RULE = table.cite(AAS["at"])


def leader_in_play(state: dict) -> bool:
    return any(units.counter(state, cid).type == "leader" and units.counter(state, cid).designation == AAS["leader"]
               for cid in units.on_map(state, "arab"))


def begin(g, f: dict, reserved: set[str]) -> None:
    """The AAS's reinforcement as the Arab League's Reinforcement phase begins (L1189)."""
    s = g.s
    if not table.aas_in_period(s["month"]):
        return
    if leader_in_play(s):
        placing.add_units(g, f, "arab", "aas", AAS["with_leader"], AAS["area"], RULE, reserved)
        return
    roll = g.roll("reinforcement: 1d6 for the Arab Salvation Army (Abd el Kader out of play)")
    result = AAS["roll"][str(roll)]
    said = {"none": "no reinforcement", "unit": "one commando/guerrilla battalion",
            "remove": "the Arab League must remove one AAS unit"}[result]
    g.say(f"The Arab League rolled {roll} for the Arab Salvation Army: {said} ({RULE}).", faction="arab", rule=RULE)
    if result == "unit":
        placing.add_units(g, f, "arab", "aas", AAS["roll_units"], AAS["area"], RULE, reserved)
    elif result == "remove":
        if choices(s):
            g.call("faiw.aas_remove", "arab")
        else:
            g.say(f"The Arab League has no AAS unit on the map to remove ({RULE}).", faction="arab", rule=RULE)


def _aas_on_map(state: dict) -> list[str]:
    return [cid for cid in units.on_map(state, "arab") if units.counter(state, cid).nationality == "aas"]


def choices(state: dict) -> list[str]:
    """One AAS counter of each kind in each hex, on each face (identical counters: ruling R-4.6-alike)."""
    return units.interchangeable(state, _aas_on_map(state), placed=True)


@procedure
class AasRemoval(Procedure):
    """L1189: on a 6 the Arab League player removes one AAS unit of his choice."""

    name = "faiw.aas_remove"
    rule = "Reinforcement Table L1189"

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        return {"remove": choices(g.s)}

    def text(self, g, f: dict) -> str:
        return "The Arab Salvation Army's die showed 6: remove one AAS unit of your choice from the map (L1189)"

    def step(self, g, f: dict) -> bool:
        if not choices(g.s):
            g.end()
            return True
        return False

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        s = g.s
        h = s["units"][arg]["at"]
        what = arg if view.public(s, "arab", h) else "an AAS unit"
        units.remove(s, arg, "eliminated")
        g.say(f"The Arab League removed {what} from {h} ({RULE}; ruling R-4.0-aas-six).", faction="arab", rule=RULE)
        g.end()

    def explain(self, g, f: dict, verb: str, arg: str | None) -> Refusal | None:
        if verb == "remove" and arg in g.s["units"]:
            return Refusal(f"{arg} is not an AAS unit on the map: the 6 removes one of the Arab Salvation Army's "
                           f"({RULE})", RULE)
        return None

