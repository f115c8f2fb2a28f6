"""The Anglo-Egyptian and Anglo-Transjordanian treaties (25.0).

- 25.1, 25.2: Israeli ground units never enter or attack El Arish, Aqaba, Amman or Damascus; air strikes on them
  are allowed (``air_strike``: nothing forbids them). Movement and combat enforce the ground ban.
- 25.3 (optional, ``setup.optional(state, "25.3")``): Israel may attack them; movement and combat then set
  ``state["flags"]["treaty_attacked"]``. In the next Arab Reinforcement phase the Arab League rolls one die,
  however many cities were attacked, and receives that many British ground or air units of any kind, which it
  places on any Arab League reinforcement hex (air units: its Available box). This may happen again.
  Who controls them: ruling R-25.3-control: the Arab League (27.8 is written for a British intervention: "the
  side they are on"), marked on the unit's record (``state["units"][id]["side"] = "arab"``).

The Arab Reinforcement phase calls :func:`intervention`, which rolls and pushes the Arab League's placement
frame (``faiw.treaty.british``); the British units are chosen from those in the pool (4.6: the mix's limit).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Procedure, procedure
from ...core.grammar import Order
from . import setup, units
from .units import SIDE_TITLES

notation.declare(__name__, {"place"})

ORDERS = (
    Order("place UNIT HEX", "the British intervention: place the British unit on an Arab League reinforcement "
          "hex (an air unit: HEX is 'available', its Available box)", "25.3"),
)


def british_pool(state: dict) -> list[str]:
    """The British ground and air counters not in play (25.3: "of any kind")."""
    return [cid for cid, rec in state["units"].items()
            if rec["status"] == "pool" and units.counter(state, cid).side is None
            and units.counter(state, cid).type not in ("supply", "leader", "arms_factory", "secret_airfield")]


def arab_hexes(state: dict) -> list[str]:
    """The Arab League's reinforcement hexes (the pack's reinforcement areas outside Palestine), free of Israeli
    units (8.3)."""
    pack = units.pack_of(state)
    out = set()
    for hexes in pack.reinforcement_areas.values():
        out.update(h for h in hexes if pack.map.hex(h).country not in (None, "Palestine"))
    return sorted(h for h in out if not any(units.side_of(state, c) == "israel" for c in units.at(state, h))
                  and not units.supply_points(state, "israel", h))


def intervention(g) -> bool:
    """25.3: if Israel attacked a treaty city since the last Arab Reinforcement phase, the Arab League rolls a die
    and places that many British units (a frame of its own). Call it in the Arab Reinforcement phase. Returns
    whether an intervention was rolled."""
    s = g.s
    if not setup.optional(s, "25.3") or not s["flags"].get("treaty_attacked"):
        return False
    s["flags"]["treaty_attacked"] = False
    n = g.roll("treaties: British units for the Arab League (25.3)")
    pool = british_pool(s)
    g.say(f"Israel attacked a treaty city: the British intervene with {n} unit{'s' if n != 1 else ''} for the Arab "
          f"League (25.3)" + (f"; the counter mix has only {len(pool)} (4.6)" if len(pool) < n else "") + ".",
          rule="25.3")
    n = min(n, len(pool))
    if n:
        g.call("faiw.treaty.british", "arab", left=n)
    return True


@procedure
class BritishIntervention(Procedure):
    """25.3: the Arab League places its British units, one order a unit (frame: ``left``)."""

    name = "faiw.treaty.british"
    rule = "25.3"

    def step(self, g, f: dict) -> bool:
        if f["left"] <= 0 or not british_pool(g.s) or not self.prompt(g, f)["place"]:
            g.end()
            return True
        return False

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        hexes = arab_hexes(g.s)
        out = []
        for cid in units.interchangeable(g.s, british_pool(g.s)):
            if units.counter(g.s, cid).type == "air":
                out.append(f"{cid} available")
            else:
                out.extend(f"{cid} {h}" for h in hexes)
        return {"place": out}

    def text(self, g, f: dict) -> str:
        return f"The Arab League places {f['left']} more British unit{'s' if f['left'] != 1 else ''} (25.3)"

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        cid, where = arg.split()
        if where == "available":
            g.s["units"][cid] = {"status": "available", "at": None, "broken": False, "side": "arab"}
        else:
            g.s["units"][cid] = {"status": "map", "at": where, "broken": False, "side": "arab"}
        f["left"] -= 1
        g.say(f"{SIDE_TITLES['arab']} placed the British {cid} in "
              f"{'its Available air box' if where == 'available' else where} (25.3).", faction="arab", rule="25.3")
