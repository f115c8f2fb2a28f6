"""The Terrorism phase (18.0), an optional rule in force unless the game turns it off (``setup.optional(state,
"18")``).

- 18.1: in the friendly Terrorism phase, a combat unit of the phasing side in the target hex; a die on the
  pack's Terrorism Table (its codes read by ``air_codes.terror``). Which of the side's combat units there makes
  the attempt changes nothing the engine reads, so the order names the hex (``terrorize HEX``);
- 18.2: one attempt a hex a turn (both impulses: ``state["flags"]["terrorism"] = {"month", "hexes"}``); air
  units never take part;
- 18.3: only a hex with the enemy's population symbol (the Arab League a Star of David, Israel a Crescent), not
  terrorized already (17.2); "only one hexagon" is read as which hexes qualify, not one a phase (digest A.10);
- 18.4a, 18.5: on success the hex is terrorized for the rest of the game (``state["terrorized"][hex] = side``,
  the terrorist, who scores it at the end: 18.5) and the victim gains the pack's VP at once;
- 22.1b: no terrorism during a truce's first turn; later an attempt violates the truce (22.3).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from ...core.grammar import Order
from . import air_codes, armistice, places, setup, truce, units, victory
from .sequence import Phase
from .units import SIDE_TITLES, other

notation.declare(__name__, {"terrorize"})

ORDERS = (
    Order("terrorize HEX", "terrorism phase: attempt to terrorize the enemy-population hex your combat unit stands "
          "in", "18.1"),
)


def tried(state: dict) -> list[str]:
    """The hexes a terrorist attempt was made against this turn (18.2)."""
    t = state["flags"].get("terrorism")
    return t["hexes"] if t and t["month"] == state["month"] else []


def barred(state: dict) -> str | None:
    """Why no terrorism now: the optional rule off, or a truce's first turn (22.1b, 22.3)."""
    if not setup.optional(state, "18"):
        return "the terrorism rule is not in force in this game (18.0: optional)"
    t = state.get("truce")
    if truce.in_effect(state) and t["from"] == state["month"]:
        return "no terrorism during a truce, and a truce may not be violated in the turn it takes effect (22.1b, 22.3)"
    return None


def refusal(state: dict, side: str, hex_: str) -> Refusal | None:
    """Why *side* may not attempt terrorism in *hex_* (18.1-18.3), or None."""
    m = units.pack_of(state).map
    if not m.has(hex_):
        return Refusal(f"{hex_} is not a hex of the map (18.1)", "18.1")
    if places.terrorized(state, hex_):
        return Refusal(f"{hex_} is terrorized already: a hex is terrorized once (18.3, 18.5)", "18.3")
    if places.population(state, hex_) != places.POPULATION[other(side)]:
        return Refusal(f"{hex_} has no {places.POPULATION[other(side)]} population symbol: "
                       f"{SIDE_TITLES[side]} terrorizes only the enemy's population hexes (18.3)", "18.3")
    if hex_ in tried(state):
        return Refusal(f"a terrorist attempt was made against {hex_} this turn: one a hex a turn (18.2)", "18.2")
    if not any(units.side_of(state, c) == side and units.unit(state, c).combat for c in units.at(state, hex_)):
        return Refusal(f"{SIDE_TITLES[side]} has no combat unit in {hex_}: the terrorist is a combat unit in the "
                       f"hex (18.1, 18.2)", "18.1")
    return None


def targets(state: dict, side: str) -> list[str]:
    """The hexes *side* may attempt to terrorize now."""
    hexes = sorted({state["units"][c]["at"] for c in units.on_map(state, side)})
    return [h for h in hexes if refusal(state, side, h) is None]


def attempt(g, side: str, hex_: str) -> None:
    """18.1: the die on the Terrorism Table and its result (18.4a, 18.5)."""
    s = g.s
    t = s["flags"].get("terrorism")
    if not t or t["month"] != s["month"]:
        t = s["flags"]["terrorism"] = {"month": s["month"], "hexes": []}
    t["hexes"].append(hex_)
    truce.violated(g, side, f"terrorism in {hex_}")
    table = units.pack_of(s).terrorism
    roll = g.roll(f"terrorism: {SIDE_TITLES[side]} in {hex_} (18.1)")
    total, code = air_codes.read(g, table, roll, air_codes.hex_facts(s, hex_), "terrorism")
    meaning = table.key.get(code, code)
    done = air_codes.terror(code)
    g.say(f"{SIDE_TITLES[side]} attempted terrorism in {hex_}: die {roll}" + (f" (modified {total})" if total != roll
          else "") + f": {code}, {meaning} (18.1).", faction=side, rule="18.1")
    if done is None:
        g.say(f"The result {code} is not one the engine reads: the players apply it by hand (18.1).", rule="18.1")
        return
    if not done:
        return
    s["terrorized"][hex_] = side
    g.say(f"{hex_} was terrorized by {SIDE_TITLES[side]}: it has no population for either side for the rest of the "
          f"game (17.2, 18.5).", faction=side, rule="18.5")
    victory.award(g, other(side), units.pack_of(s).vp.terrorism_victim, f"the terrorism in {hex_}", "18.4a")


@procedure
class TerrorismPhase(Phase):
    """The terrorism phase of a player turn (2.1, 18.0)."""

    name = "faiw.phase.terrorism"
    rule = "18.0"
    phase = "terrorism"

    def begin(self, g, f: dict) -> None:
        why = barred(g.s)
        if why and not armistice.possible(g.s):
            self.close(g, f, "terrorism", why, "18.0" if "optional" in why else "22.1b")

    def actions(self, g, f: dict) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        if barred(g.s) is None:
            hexes = targets(g.s, f["role"])
            if hexes:
                out["terrorize"] = hexes
        out.update(armistice.actions(g, f["role"]))
        return out

    def do(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb in armistice.VERBS:
            armistice.do(g, f, verb, arg)
            return
        attempt(g, f["role"], arg)

    def explain(self, g, f: dict, verb: str, arg: str | None):
        if verb in armistice.VERBS:
            return armistice.explain(g, f["role"], verb)
        if verb != "terrorize" or not arg:
            return None
        why = barred(g.s)
        if why:
            return Refusal(why, "18.0" if "optional" in why else "22.1b")
        return refusal(g.s, f["role"], arg.split()[0])
