"""The attacker's declaration at the desk (11.1, 11.2, 11.3, 12.2-12.3, 14.3b, 20.2, 22.1b, 22.3, 25, 26.1b, 31;
ruling R-11.1-desk): the attacking units hex by hex, their leader and supply, the defended hex's terrain, an
invasion, fanaticism, the CRT, a truce in effect that the attack violates (``truce violate``, 22.3; ruling
R-22.3-desk) and the treaty city attacked (``treaty CITY``, 25.1-25.3; ruling R-25.3-desk); ``roll`` hands the
attack to the defender, whose declaration ends with the die
(:mod:`.defend`). The frame ``desk.attack`` (role: the attacker); ``stage`` is ``declare``, or ``size`` while a
strength declared without a pack waits for its size.
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from ...core.grammar import Order
from ..first_arab_israeli_war import calendar
from . import units as U
from .desk import (
    HEXES,
    NAMES,
    TITLES,
    TREATY_PLACES,
    attack_refusal,
    declared_shifts,
    fanaticism_refusal,
    mandate,
    other,
    pack_of,
    probe,
    sixth,
    sixth_refusal,
    terrain_names,
    treaty_city,
)

notation.declare(__name__, {"unit", "strength", "size", "broken", "from", "leader", "double", "terrain", "shift",
                            "invasion", "fanaticism", "table", "truce", "treaty", "roll", "cancel"})

ORDERS = (
    Order("unit ID", "desk: a counter of the pack's mix joins the attack (from the attacking hex being declared), "
          "or defends in the defended hex", "11.1a, 11.1b"),
    Order("strength N", "desk, without a pack: a unit of combat strength N (1-60) joins the attack or the defence; "
          "its size follows", "11.2b"),
    Order("size battalion|brigade", "desk, without a pack: the size of the unit just declared (a regiment or "
          "group is a battalion)", "8.1, 8.2"),
    Order("broken", "desk: the counter just named shows its broken face", "13.2"),
    Order("from N", "desk: the attacking units that follow stand in the attacking hex N (1-6, the defended hex's "
          "neighbours)", "11.1a"),
    Order("leader ID", "desk: a leader stacked with the attacking hex being declared, or in the defended hex (ID "
          "from the pack; without one, leader alone)", "20.2"),
    Order("double", "desk: spend one supply point to double the attackers of the hex being declared, or the "
          "defenders", "14.3b, 14.3c"),
    Order("terrain NAME", "desk, with a pack: the defended hex's terrain, or a hexside feature every attacking "
          "hex attacks across, from the pack's TEC", "11.2c1"),
    Order("shift N", "desk, without a pack: the TEC's column shifts to the left for the defended hex and the "
          "hexsides crossed (0-5)", "11.2c1"),
    Order("invasion", "desk: the attack is an invasion during movement (one hex; one column left)", "12.2, 12.3"),
    Order("fanaticism", "desk: declare fanaticism (one column in your favour; costs the battalions involved in VP; "
          "optional rule 31)", "31.2"),
    Order("table raid|assault", "desk: the Combat Results Table (Raid only in the mandate period); the defender "
          "names it where 29.2b gives him the choice (all his defenders guerrillas, a friendly settlement near, "
          "under 50% guerrilla or military police attackers)", "11.3, 26.1b, 29.2b"),
    Order("truce violate", "desk: a truce is in effect since an earlier turn and this attack violates it: the truce "
          "ends and the other side gains 10 VP (a truce in the turn it took effect forbids every attack; no invasion "
          "violates one)", "22.1b, 22.3"),
    Order("treaty CITY", "desk: Israel attacks a city of the treaties, el_arish, aqaba, amman or damascus (only with "
          "optional rule 25.3; the Arab League then rolls for British units)", "25.1, 25.2, 25.3"),
    Order("roll", "desk: the declaration is complete: the attacker hands the attack to the defender; the "
          "defender's roll throws the die", "11.2b5"),
    Order("cancel", "desk: the attacker calls off the attack being declared, before the defender has it",
          "11.1a"),
)


#: The treaty cities' map tags, as ``treaty CITY`` names them (25.1, 25.2).
TREATY_CITIES = tuple(TREATY_PLACES)


def _r(text: str, rule: str) -> Refusal:
    return Refusal(text, rule)


#: A defence standing in for the defender's while the attacker's declaration is checked (11.1a, 8.2, 12.2, 14.3b).
STAND_IN = {side: {"units": [{"id": "defender", "hex": 0, "cs": 1, "size": "battalion"}], "stand_in": True}
            for side in ("arab", "israel")}


def hexes_used(f: dict) -> list[int]:
    return sorted({u["hex"] for u in f["units"]})


@procedure
class Attack(Procedure):
    name = "desk.attack"
    rule = "11.1"

    # Legal orders ----------------------------------------------------------------------------------------------

    def prompt(self, g, f):
        if f.get("ret"):
            return {}
        s = g.s
        if f["stage"] == "size":
            return {"size": U.sizes(s, f, attacking=True), "cancel": []}
        out: dict[str, list[str]] = {}
        pack = pack_of(s)
        if pack is not None:
            ids = [cid for cid in U.candidates(g, f, attacking=True) if not U.attacker_refusal(g, f, cid)]
            if ids:
                out["unit"] = ids
            if U.broken_refusal(s, f, attacking=True) is None:
                out["broken"] = []
        elif U.free_halves(s, f) >= 1:
            out["strength"] = [str(n) for n in U.STRENGTHS]
        if not f["invasion"]:
            out["from"] = [str(n) for n in HEXES if n != f["hex"]]
        right, left = declared_shifts(s, f)
        if f["leader"] is None and not sixth("attacker", right, 1):
            leaders = U.leaders(s, f["role"])
            if leaders is not None:
                out["leader"] = leaders
        if self._double_refusal(f) is None:
            out["double"] = []
        if pack is not None:
            names = [n for n in U.terrain_choices(s, f) if not self._terrain_refusal(g, f, n)]
            if names:
                out["terrain"] = names
        elif f["shift"] is None:
            out["shift"] = [str(n) for n in range(0, 6 - left)]
        if self._invasion_refusal(g, f) is None:
            out["invasion"] = []
        if self._fanaticism_refusal(g, f) is None:
            out["fanaticism"] = []
        if self._truce_refusal(g, f, "violate") is None:
            out["truce"] = ["violate"]
        cities = [c for c in TREATY_CITIES if self._treaty_refusal(g, f, c) is None]
        if cities:
            out["treaty"] = cities
        tables = [t for t in ("raid", "assault") if t != f["table"] and not (t == "assault" and mandate(s))]
        if tables:
            out["table"] = tables
        if self._roll_refusal(g, f) is None:
            out["roll"] = []
        out["cancel"] = []
        return out

    def text(self, g, f):
        side = f["role"]
        n = len(f["units"])
        said = (f"{n} unit{'s' if n != 1 else ''} from {len(hexes_used(f))} hex(es)" if n else "no unit yet")
        if f["stage"] == "size":
            return f"{TITLES[side]} declares an attack: the size of the unit of strength {f['pending']} (8.2)"
        table = f"the {f['table'].title()} table" if f["table"] else "no table chosen"
        return (f"{TITLES[side]} declares an attack on {NAMES[other(side)]} ({said}, declaring hex {f['hex']}, "
                f"{table}): name the attacking units and the conditions, then roll (11.1, 11.2)")

    # Refusals -------------------------------------------------------------------------------------------------

    def _double_refusal(self, f) -> Refusal | None:
        if f["stage"] != "declare":
            return None
        if f["hex"] in f["supply"]:
            return _r(f"one supply point already doubles the attackers of hex {f['hex']} in this attack; a second "
                      f"adds nothing (14.3b)", "14.3b")
        if not any(u["hex"] == f["hex"] for u in f["units"]):
            return _r(f"no unit attacks from hex {f['hex']} yet: a supply point doubles the attacking units in its "
                      f"own hex (14.3b)", "14.3b")
        return None

    def _terrain_refusal(self, g, f, name: str) -> Refusal | None:
        s = g.s
        land, features, water = terrain_names(pack_of(s))
        if name in water:
            return _r(f"{name}: units cannot attack into, from or across an all-sea or all-lake hex or hexside "
                      f"(11.8)", "11.8")
        if name in f["terrain"]:
            return _r(f"{name} is declared already: a terrain counts once (11.2c1)", "11.2c1")
        if name in land:
            had = next((t for t in f["terrain"] if t in land), None)
            if had:
                return _r(f"the defended hex's terrain is declared already, {had}: a hex has one terrain; a "
                          f"hexside feature may be added (11.2c1)", "11.2c1")
        shift = U.shift_of(s, name)
        right, left = declared_shifts(s, f)
        if shift > 0:
            return sixth_refusal("defender", left, shift)
        if shift < 0:
            return sixth_refusal("attacker", right, -shift)
        return None

    def _truce_refusal(self, g, f, arg: str | None) -> Refusal | None:
        """22.1b, 22.3, 22.4: the attack violates a truce in effect since an earlier turn (ruling R-22.3-desk)."""
        s = g.s
        if arg != "violate":
            why = probe(s, f["role"], ("22.1b",), truce="first_turn")
            return _r(f"{why}; call the attack off (cancel). After the truce's first turn an attack may violate it: "
                      f"truce violate (22.3)", "22.1b")
        if f.get("truce"):
            return _r("the attack is declared a violation of the truce already (22.3)", "22.3")
        if s.get("month") and s["month"] < calendar.TRUCE_FROM:
            return _r(f"no truce takes effect before June 1948, and the desk's month is "
                      f"{calendar.name(s['month'])}: there is no truce to violate (22.4)", "22.4")
        if f["invasion"]:
            return _r("an invasion does not violate a truce: no invasion is made while a truce is in effect; a "
                      "truce is violated by an attack in the Combat phase or by crossing a border (22.1b; ruling "
                      "R-12.2-force)", "22.1b")
        return None

    def _treaty_refusal(self, g, f, city: str | None) -> Refusal | None:
        """25.1, 25.2: Israel never attacks the treaty cities on the ground, unless optional rule 25.3 is in use
        (ruling R-25.3-desk)."""
        if city not in TREATY_CITIES:
            return _r(f"the cities of the treaties are {', '.join(TREATY_CITIES)} (25.1, 25.2)", "25.1")
        if f.get("treaty"):
            return _r(f"the defended hex is declared {treaty_city(f['treaty'])} already (25.1)", "25.1")
        if f["role"] != "israel":
            return _r(f"the treaties bind Israel only: the Arab League attacks {treaty_city(city)} like any other "
                      f"hex, and need not declare it (25.1, 25.2)", "25.1")
        why = probe(g.s, f["role"], ("25.1", "25.2"), defender_tags=(city,))
        if why:
            return _r(f"{why}; Israel may strike it by air (25.1), or call the attack off (cancel)", why.rule)
        return None

    def _invasion_refusal(self, g, f) -> Refusal | None:
        if f["invasion"]:
            return _r("the attack is declared an invasion already (12.1)", "12.1")
        if f.get("truce"):
            return _r("the attack is declared a violation of the truce: no invasion is made while a truce is in "
                      "effect (22.1b; ruling R-12.2-force)", "22.1b")
        if any(u["hex"] != f["hex"] for u in f["units"]):
            return _r(f"an invasion's units start in one hex and move together, not from hexes "
                      f"{', '.join(map(str, sorted({*hexes_used(f), f['hex']})))} (12.2)", "12.2")
        return sixth_refusal("defender", declared_shifts(g.s, f)[1], 1)

    def _fanaticism_refusal(self, g, f) -> Refusal | None:
        return (fanaticism_refusal(g.s, f, "attacker")
                or sixth_refusal("attacker", declared_shifts(g.s, f)[0], 1))

    def _roll_refusal(self, g, f) -> Refusal | None:
        if f["stage"] != "declare":
            return U.pending_size_refusal(f)
        if not f["units"]:
            return _r("an attack needs at least one attacking unit (11.1a)", "11.1a")
        if not f["table"]:
            return _r("choose the Combat Results Table first: table raid or table assault (11.2a, 11.3)", "11.3")
        return attack_refusal(g.s, f, STAND_IN[other(f["role"])])

    def explain(self, g, f, verb, arg):
        s = g.s
        if f["stage"] == "size" and verb != "size" and verb != "cancel":
            return U.pending_size_refusal(f)
        if verb in U.UNIT_VERBS:
            return U.unit_order_refusal(g, f, verb, arg, attacking=True)
        if verb == "from":
            if f["invasion"]:
                return _r("an invasion's units start in one hex and move together (12.2)", "12.2")
            if arg == str(f["hex"]):
                return _r(f"the attacking units already go to hex {arg} (11.1a)", "11.1a")
            return _r("the attacking hexes are numbered 1 to 6, the defended hex's neighbours (11.1a; ruling "
                      "R-11.1-desk)", "11.1a")
        if verb == "leader":
            return U.leader_refusal(g, f, arg) or sixth_refusal("attacker", declared_shifts(s, f)[0], 1)
        if verb == "double":
            return self._double_refusal(f)
        if verb == "terrain":
            if pack_of(s) is None:
                return _r("without a data pack there is no TEC: say the column shift with shift N (11.2c1)",
                          "11.2c1")
            return self._terrain_refusal(g, f, arg) if U.known_terrain(s, arg) else None
        if verb == "shift":
            if pack_of(s) is not None:
                return _r("with a data pack the shift is the TEC's: name the terrain (terrain NAME) (11.2c1)",
                          "11.2c1")
            if f["shift"] is not None:
                return _r(f"the terrain's shift is declared already, {f['shift']} (11.2c1)", "11.2c1")
            if arg and arg.isdigit():
                return sixth_refusal("defender", declared_shifts(s, f)[1], int(arg))
            return None
        if verb == "invasion":
            return self._invasion_refusal(g, f)
        if verb == "fanaticism":
            return self._fanaticism_refusal(g, f)
        if verb == "table":
            if arg == "assault" and mandate(s):
                return _r("the Assault table cannot be used in the mandate period (December 1947 - April 1948): "
                          "the Raid table may (26.1b)", "26.1b")
            if arg == f["table"]:
                return _r(f"the {arg.title()} table is chosen already (11.3)", "11.3")
            return None
        if verb == "truce":
            return self._truce_refusal(g, f, arg)
        if verb == "treaty":
            return self._treaty_refusal(g, f, arg)
        if verb == "roll":
            return self._roll_refusal(g, f)
        return None

    # Orders ---------------------------------------------------------------------------------------------------

    def act(self, g, f, verb, arg):
        side = f["role"]
        if verb in U.UNIT_VERBS:
            U.add_unit(g, f, verb, arg, prefix="a", hex_=f["hex"])
        elif verb == "from":
            f["hex"] = int(arg)
        elif verb == "leader":
            f["leader"] = {"id": arg or "leader", "hex": f["hex"]}
        elif verb == "double":
            f["supply"].append(f["hex"])
        elif verb == "terrain":
            f["terrain"].append(arg)
        elif verb == "shift":
            f["shift"] = int(arg)
        elif verb == "invasion":
            f["invasion"] = True
        elif verb == "fanaticism":
            f["fanatic"] = True
        elif verb == "table":
            f["table"] = arg
        elif verb == "truce":
            f["truce"] = arg
        elif verb == "treaty":
            f["treaty"] = arg
        elif verb == "roll":
            n = len(f["units"])
            g.say(f"{TITLES[side]} declared an attack with {n} unit{'s' if n != 1 else ''} from "
                  f"{len(hexes_used(f))} hex(es) on the {f['table'].title()} table; {NAMES[other(side)]} declares "
                  f"the defence (11.1b).", faction=side, rule="11.1")
            g.call("desk.defend", other(side), stage="declare", units=[], leader=None, double=False,
                   entrench=False, fanatic=False, count=None, pending=None, population=False, table=None)
        else:
            g.say(f"{TITLES[side]} called off the attack being declared (11.1a).", faction=side, rule="11.1a")
            g.end()

    def step(self, g, f):
        if f.get("ret"):  # the defender rolled: the attack is resolved
            g.end()
            return True
        return False

