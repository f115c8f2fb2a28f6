"""The defender's decisions in a ground combat, in a frame of the defender's own (the engine never decides for a
player): the CRT where optional rule 29.2b gives him the choice, the units that count where the defended hex
holds more than two brigades (8.2, 11.1b), the defensive supply (14.3c) and fanaticism (31.1: after the
attacker's declaration)."""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from ...hexwar.stacking import LIMIT, stack_points
from . import calendar, combat, setup, units
from .combat_build import build_attack, options
from .units import SIDE_TITLES

notation.declare(__name__, {"table", "count", "double", "fanaticism", "done"})


def _combat_units(state: dict, hex_: str, side: str) -> list[str]:
    return [cid for cid in units.at(state, hex_) if units.side_of(state, cid) == side and units.unit(state, cid).combat]


def over_cap(state: dict, hex_: str, side: str) -> bool:
    """8.2: the defended hex holds more than two brigades of *side*."""
    return sum(stack_points(units.unit(state, cid)) for cid in _combat_units(state, hex_, side)) > LIMIT


def fanaticism_cost(g, f: dict, who: str) -> int:
    """31.2b: the VP a declaration costs *who* (ruling R-31.2b: the combat desk's reckoning)."""
    a = attack_of(g, f)
    return combat.fanaticism_cost(a, who, options(g.s))


def attack_of(g, f: dict):
    """The desk's Attack as declared so far (frame keys of the attack and defend frames alike)."""
    return build_attack(g.s, f["side"], f["hex"], f["attackers"], table=f.get("table") or "raid",
                        invasion=f.get("invasion", False), support=f.get("support"),
                        counting=f.get("counting"))


def tables(state: dict) -> list[str]:
    """11.3, 26.1b: the Raid table always, the Assault table except in the mandate period."""
    return ["raid"] if calendar.mandate(state["month"]) else ["raid", "assault"]


def may_declare_fanaticism(g, f: dict, side: str, who: str) -> bool:
    """31.0, 31.2b: optional rule 31 is in force and *side* (the combat's *who*: ``attacker`` or ``defender``)
    has the VP the declaration costs."""
    s = g.s
    return setup.optional(s, "31") and s["vp"][side] >= fanaticism_cost(g, f, who)


def fanaticism_offer(g, f: dict, side: str, who: str) -> str:
    """The prompt's line offering fanaticism to *side*, the combat's *who* (31.0: one column in his favour, at
    its cost in VP, 31.2b)."""
    column = "right" if who == "attacker" else "left"
    return (f"{SIDE_TITLES[side]} may declare fanaticism for 1 column {column} at {fanaticism_cost(g, f, who)} VP "
            f"(31.0): fanaticism, or done")


def choose_table(g, f: dict, side: str, table: str, battle: str, rule: str) -> None:
    """The CRT chosen by *side* for *battle* ("the attack on 0303"): by the attacker (11.3; 12.3a for an
    invasion) or the defender (optional 29.2b); said in the log."""
    f["table"] = table
    g.say(f"{SIDE_TITLES[side]} chose the {table.title()} table for {battle} ({rule}).", faction=side, rule=rule)


def declare_fanaticism(g, f: dict, side: str, battle: str) -> None:
    """*side* declares fanaticism in *battle* ("the defence of 0303"), the attacker first (31.1); said in the
    log."""
    f["fanatic"] = True
    g.say(f"{SIDE_TITLES[side]} declared fanaticism in {battle} (31.1).", faction=side, rule="31.1")


@procedure
class Defend(Procedure):
    """The defender's decisions (frame: ``side`` the attacker, ``hex``, ``attackers``, ``invasion``, ``support``,
    ``choose_table``); ends with ``{"table", "counting", "supply", "fanatic"}``."""

    name = "faiw.combat.defend"
    rule = "11.1b"

    def _stage(self, g, f) -> str | None:
        s = g.s
        foe = f["role"]
        if f.get("choose_table") and not f.get("table"):
            return "table"
        if f.get("counting") is None and over_cap(s, f["hex"], foe):
            return "count"
        if "supply" not in f and units.supply_points(s, foe, f["hex"]):
            return "supply"
        if "fanatic" not in f and may_declare_fanaticism(g, f, foe, "defender"):
            return "fanaticism"
        return None

    def step(self, g, f) -> bool:
        stage = self._stage(g, f)
        if stage is None:
            g.end({"table": f.get("table"), "counting": f.get("counting"), "supply": bool(f.get("supply")),
                   "fanatic": bool(f.get("fanatic"))})
            return True
        if stage == "count":
            f.setdefault("counted", [])
            fit = self._fit(g, f)
            if not fit:
                f["counting"] = list(f["counted"])
                return True
            kinds = units.interchangeable(g.s, fit)
            if len(kinds) == 1 and len(fit) == len(self._rest(g, f)):
                f["counted"].append(fit[0])
                return True
        return False

    def _rest(self, g, f) -> list[str]:
        return [c for c in _combat_units(g.s, f["hex"], f["role"]) if c not in f["counted"]]

    def _fit(self, g, f) -> list[str]:
        total = sum(stack_points(units.unit(g.s, c)) for c in f["counted"])
        return [c for c in self._rest(g, f) if total + stack_points(units.unit(g.s, c)) <= LIMIT]

    def prompt(self, g, f):
        stage = self._stage(g, f)
        if stage == "table":
            return {"table": tables(g.s)}
        if stage == "count":
            return {"count": units.interchangeable(g.s, self._fit(g, f))}
        if stage == "supply":
            return {"double": [f["hex"]], "done": []}
        return {"fanaticism": [], "done": []}

    def text(self, g, f):
        stage = self._stage(g, f)
        who = SIDE_TITLES[f["role"]]
        if stage == "table":
            return f"{who} defends {f['hex']} and chooses the CRT (29.2b): table raid or table assault"
        if stage == "count":
            return (f"{who}: {f['hex']} holds more than two brigades; name the units that count, up to two brigades "
                    f"(8.2): count UNIT")
        if stage == "supply":
            return f"{who} may spend a supply point in {f['hex']} to double its defenders (14.3c): double HEX, or done"
        return fanaticism_offer(g, f, f["role"], "defender")

    def explain(self, g, f, verb, arg):
        if verb == "table" and arg == "assault" and calendar.mandate(g.s["month"]):
            return Refusal("the Assault table cannot be used from December 1947 to April 1948: the Raid table may "
                           "(26.1b)", "26.1b")
        if verb == "double" and arg != f["hex"]:
            return Refusal(f"a defensive supply point doubles the defenders in its own hex, {f['hex']} (14.3c)",
                           "14.3c")
        return None

    def act(self, g, f, verb, arg):
        side = f["role"]
        who = SIDE_TITLES[side]
        if verb == "table":
            choose_table(g, f, side, arg, f"the combat at {f['hex']}", "29.2b")
        elif verb == "count":
            f["counted"].append(arg)
        elif verb == "double":
            f["supply"] = True
            g.say(f"{who} spends a supply point in {f['hex']} to double its defenders (14.3c).", faction=side,
                  rule="14.3c")
        elif verb == "fanaticism":
            declare_fanaticism(g, f, side, f"the defence of {f['hex']}")
        elif self._stage(g, f) == "supply":
            f["supply"] = False
        else:
            f["fanatic"] = False
