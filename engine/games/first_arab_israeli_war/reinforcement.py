"""The Reinforcement phase (2.1c, 4.0; first impulse only, 2.3): the phasing side receives and places its
reinforcements.

As the phase begins (:meth:`ReinforcementPhase.begin`) the side's due units and supply are listed in the frame:
- 4.1a: the month's rows of the Reinforcement Table (``reinforcement_table``; Israel: ``reinforcement_israel``,
  with the Arms Factory and the Secret Airfield; the Arab League: the AAS rule, ``reinforcement_aas``, then the
  ALA, Egypt, Transjordan, Syria, Lebanon, Iraq, Saudi Arabia, Morocco and Yemen, then its supply, then the
  British intervention of the optional 25.3, ``treaties.intervention``);
- 4.1b: the reinforcements an event gave, waiting in ``state["pending"][side]`` (consumed here): ``{"kind":
  "units", "nationality", "units": [{"type", "size", "count"}], "area"}`` or ``{"kind": "supply", "points",
  "area"}``; without an area, the nationality's (``reinforcement_areas.BY_NATIONALITY``), or the side's supply
  area;
- 4.4, 4.6: counters come from the pool, then the eliminated (replacements); what the mix lacks is not received.
Then the player places each one (``place UNIT HEX``, ``supply HEX``: ``reinforcement_place``); one with no hex
left is lost (4.2). Israel may once a turn take a Zahal commando/guerrilla battalion for one of the month's
infantry battalions (``substitute UNIT``: L1173, ruling R-4.0-substitute). What is still waiting when the player
ends the phase is forgone (ruling R-4.2-lost).
Reinforcements move and fight normally this turn (4.3): nothing marks them.
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from ...core.grammar import Order
from . import british, reinforcement_aas, reinforcement_israel, treaties, units
from . import reinforcement_areas as areas
from . import reinforcement_place as placing
from . import reinforcement_table as table
from .sequence import Phase
from .units import SIDE_TITLES

notation.declare(__name__, {"place", "supply", "substitute"})

ORDERS = (
    Order("place UNIT HEX", "reinforcement: place the waiting reinforcement in the hex (identical counters are "
          "interchangeable: the prompt names one of each kind)", "4.1-4.3; Reinforcement Table"),
    Order("supply HEX", "reinforcement: place one waiting supply point in the hex", "4.1, 4.3; Reinforcement Table"),
    Order("substitute UNIT", "reinforcement (Israel, once a turn): receive a Zahal commando/guerrilla battalion "
          "instead of the waiting infantry battalion", "Reinforcement Table, Israeli placement 2"),
    Order("remove UNIT", "the Arab Salvation Army's die showed 6: remove this AAS unit from the map",
          "Reinforcement Table, AAS"),
)

SUBSTITUTION = table.TABLE["israel"]["placement"]["substitution"]
SUB_RULE = table.cite(SUBSTITUTION["at"])


def _pending(g, f: dict, side: str, reserved: set[str]) -> None:
    """4.1b: the reinforcements events gave this side, placed in this phase."""
    s = g.s
    entries, s["pending"][side] = list(s["pending"].get(side) or []), []
    for e in entries:
        if e.get("kind") == "supply":
            area = e.get("area") or ("israel_supply" if side == "israel" else "arab_supply")
            f.setdefault("supply", []).append({"points": int(e["points"]), "area": area, "rule": "4.1b"})
            continue
        nat = e.get("nationality")
        area = e.get("area") or areas.BY_NATIONALITY.get(nat, "israel_combat" if side == "israel" else "aas")
        placing.add_units(g, f, side, nat, [dict(u) for u in e.get("units", ())], area, "4.1b", reserved)


def _arab(g, f: dict, reserved: set[str]) -> None:
    s = g.s
    reinforcement_aas.begin(g, f, reserved)
    for nation, row in table.arab_rows(s["month"]):
        placing.add_units(g, f, "arab", nation["nationality"], row["units"], nation["area"], table.cite(row["at"]),
                          reserved)
    for sup in table.arab_supply(s["month"]):
        f.setdefault("supply", []).append({"points": sup["points"], "area": sup["area"], "rule": table.cite(sup["at"])})
    treaties.intervention(g)  # 25.3 (optional): British units after an Israeli attack on a treaty city


def _substitutable(g, f: dict) -> list[str]:
    """L1173: the month's Zahal infantry battalions waiting, while the mix has a Zahal commando battalion."""
    s = g.s
    if f["role"] != "israel" or f.get("substituted"):
        return []
    cids = [it["cid"] for it in f.get("todo", ()) if it["area"] == "israel_combat"
            and table.matches(s, it["cid"], "israel", "zahal", {"type": SUBSTITUTION["from"], "size": "battalion"})]
    if not cids or not table.available(s, "israel", "zahal", {"type": SUBSTITUTION["to"], "size": "battalion"}):
        return []
    return units.interchangeable(s, cids)


@procedure
class ReinforcementPhase(Phase):
    """The Reinforcement phase of a player turn (2.1, 4.0): frame ``todo``, ``supply``, ``placed``,
    ``substituted``."""

    name = "faiw.phase.reinforcement"
    rule = "4.0"
    phase = "reinforcement"

    def begin(self, g, f: dict) -> None:
        side = f["role"]
        f.update(todo=[], supply=[], placed={})
        reserved: set[str] = set()
        _pending(g, f, side, reserved)
        if side == "israel":
            reinforcement_israel.begin(g, f, reserved)
        else:
            _arab(g, f, reserved)
        total = len(f["todo"]) + sum(x["points"] for x in f["supply"])
        if not total:
            g.say(f"{SIDE_TITLES[side]} has no reinforcement to place this turn (4.1).", faction=side, rule="4.1")
        british.supply(g, side)  # 27.8d2: the British supply points of an intervention, in a frame of their own

    def step(self, g, f: dict) -> bool:
        if f.get("begun") and not f.get("ending") and placing.drop_unplaceable(g, f, f["role"]):
            return True
        return super().step(g, f)

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        out = placing.options(g, f)
        subs = _substitutable(g, f)
        if subs:
            out["substitute"] = subs
        out["end"] = []
        return out

    def finish(self, g, f: dict) -> None:
        """Ruling R-4.2-lost: reinforcements still waiting when the player ends the phase are forgone, lost as by
        4.2 (out of the game, no VP)."""
        s, side = g.s, f["role"]
        left = f.get("todo", [])
        for it in left:
            s["units"][it["cid"]] = {"status": "out", "at": None, "broken": False}
        points = sum(x["points"] for x in f.get("supply", ()))
        if left or points:
            what = ", ".join(it["cid"] for it in left) or "no unit"
            g.say(f"{SIDE_TITLES[side]} ended the phase without placing {what} and {points} supply point"
                  f"{'s' if points != 1 else ''}: they are lost (4.2; ruling R-4.2-lost).", faction=side, rule="4.2")
        f["todo"], f["supply"] = [], []

    def do(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb == "place":
            it = placing.place(g, f, f["role"], arg)
            if units.counter(g.s, it["cid"]).type == "secret_airfield":
                p = table.TABLE["israel"]["placement"]["airfield_placement"]
                placing.add_points(g, "israel", arg.split()[1], 1, "the Secret Airfield (placed this turn)",
                                   table.cite(p["at"]))
        elif verb == "supply":
            placing.supply(g, f, f["role"], arg)
        elif verb == "substitute":
            self._substitute(g, f, arg)

    @staticmethod
    def _substitute(g, f: dict, cid: str) -> None:
        s = g.s
        it = next(i for i in f["todo"] if i["cid"] == cid)
        new = table.available(s, "israel", "zahal", {"type": SUBSTITUTION["to"], "size": "battalion"})[0]
        status = s["units"][new]["status"]
        placing.release(s, it)
        placing.reserve(s, new)
        it.update(cid=new, **{"from": status})
        f["substituted"] = True
        g.say(f"Israel took the Zahal commando/guerrilla battalion {new} instead of the infantry battalion {cid} "
              f"({SUB_RULE}; ruling R-4.0-substitute).", faction="israel", rule=SUB_RULE)

    def explain(self, g, f: dict, verb: str, arg: str | None) -> Refusal | None:
        if verb == "substitute":
            if f["role"] != "israel":
                return Refusal(f"only Israel substitutes a reinforcement ({SUB_RULE})", SUB_RULE)
            if f.get("substituted"):
                return Refusal(f"Israel substitutes one reinforcement infantry battalion a turn ({SUB_RULE})",
                               SUB_RULE)
            return Refusal(f"{arg} is not a Zahal infantry battalion waiting, or the mix holds no Zahal "
                           f"commando/guerrilla battalion ({SUB_RULE})", SUB_RULE)
        return placing.explain(g, f, verb, arg)

    def text(self, g, f: dict) -> str:
        n, p = len(f.get("todo", ())), sum(x["points"] for x in f.get("supply", ()))
        if not n and not p:
            return super().text(g, f)
        return (f"{SIDE_TITLES[f['role']]}'s Reinforcement phase: place {n} unit{'s' if n != 1 else ''} and {p} "
                f"supply point{'s' if p != 1 else ''} (4.1, Reinforcement Table)")
