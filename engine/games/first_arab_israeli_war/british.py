"""The special British capabilities (27.8), for alternative scenarios in which Britain intervenes on a side.

The game option ``british_intervention`` (``setup.OPTIONS``: null, ``arab`` or ``israel``; ruling
R-27.8-intervention) puts the printed British counters on that side: ``units.side_of`` and ``units.unit`` give
them the side, so 27.2-27.5 (nobody's, no move, no attack, no ZOC, never attacked) do not apply to them, and the
27.6 withdrawal finds no uncontrolled British unit to remove. With the option set they have 27.8's capabilities:

- 27.8a: up to four British air units a hex in an air strike (10.3b: two), two British air units a hex in an
  interception (10.6: one), and up to two British air units an impulse on airlifts, counted apart from 10.5d's
  one unit a side a turn (:func:`strike_cap`, :func:`intercept_hexes`, :func:`airlift_refusal`; ruling
  R-27.8a-air);
- 27.8b: a British airborne unit is airlifted (10.5a does not list airborne units) and lands in any land hex
  without enemy units or mountain terrain, friendly unit or not, enemy ZOC or not (``air_lift``; ruling
  R-27.8b-airborne);
- 27.8c: one amphibious operation a turn with a British commando/guerrilla or marine unit, on 30.1a's routes,
  whether or not the optional rule 30 is in force (``amphibious``; ruling R-27.8c-amphibious);
- 27.8d1: British units use their side's supply (their side's supply points are theirs: nothing to do);
  27.8d2: in its Reinforcement phase the side receives one supply point per three bases/fortresses (fort/base
  hexes) British units occupy, rounded up, placed one a base in those bases (:func:`supply`, the frame
  ``faiw.british.supply``; ruling R-27.8d-supply).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Procedure, procedure
from . import units
from .units import SIDE_TITLES

notation.declare(__name__, {"supply"})

OPTION = "british_intervention"
#: 27.8a: British air units a hex in one air strike, in one interception; British airlifts an impulse.
STRIKE_CAP, INTERCEPT_CAP, AIRLIFT_CAP = 4, 2, 2
#: 10.3b: the air units a hex in one air strike for everyone else.
STRIKE_CAP_OTHERS = 2
#: 27.8c: the British unit types that make amphibious operations (commando/guerrilla: one type, R-1.4a-commando).
AMPHIBIOUS_TYPES = frozenset({"commando", "guerrilla", "marine"})
#: 27.8c: British amphibious operations a turn.
AMPHIBIOUS_OPS = 1
#: 27.8d2: one supply point per this many bases/fortresses occupied (fractions rounded up).
BASES_PER_POINT = 3


def side(state: dict) -> str | None:
    """The side Britain intervenes on (27.8), or None: the British units are nobody's (27.2)."""
    return (state.get("options") or {}).get(OPTION)


def printed_british(state: dict, cid: str) -> bool:
    """Whether counter *cid* is one of the printed British counters (the pack's side null: 27.2)."""
    return units.counter(state, cid).side is None and cid in state["units"]


def fighting(state: dict, cid: str) -> bool:
    """Whether *cid* is a British counter of an intervening side (27.8), so its capabilities apply."""
    return side(state) is not None and printed_british(state, cid)


# -- 27.8a: air units ------------------------------------------------------------------------------------------

def strike_cap(state: dict, air: list[str]) -> int:
    """The most air units one strike on a hex may have (10.3b: two; 27.8a: four when they are British; a
    mission's air units are of one country, 10.7)."""
    if air and all(fighting(state, a) for a in air):
        return STRIKE_CAP
    return STRIKE_CAP_OTHERS


def intercept_hexes(state: dict, hexes: list[str], picks: list[dict], air: str) -> list[str]:
    """The mission hexes air unit *air* may be placed on to intercept (10.6: one air unit a hex; 27.8a: a
    second British air unit beside a British one, two a hex at most)."""
    out = []
    for h in hexes:
        there = [p["air"] for p in picks if p["hex"] == h]
        if not there or (fighting(state, air) and len(there) < INTERCEPT_CAP
                         and all(fighting(state, a) for a in there)):
            out.append(h)
    return out


def airlifts(state: dict) -> int:
    """British air units sent on airlifts this impulse (27.8a; ``state["flags"]["air"]["british_airlift"]``)."""
    from . import air_units

    return air_units.book(state).get("british_airlift", 0)


def airlift_refusal(state: dict) -> str | None:
    """27.8a: up to two British air units an impulse on airlifts."""
    n = airlifts(state)
    if n >= AIRLIFT_CAP:
        return (f"{n} British air units flew airlifts this impulse already: up to {AIRLIFT_CAP} an impulse "
                f"(27.8a)")
    return None


def count_airlift(state: dict) -> None:
    """A British air unit is placed for an airlift (27.8a)."""
    from . import air_units

    b = air_units.book(state)
    b["british_airlift"] = b.get("british_airlift", 0) + 1


# -- 27.8b: airborne units -------------------------------------------------------------------------------------

def airborne(state: dict, cid: str) -> bool:
    """Whether *cid* is a British airborne unit of an intervening side (27.8b)."""
    return fighting(state, cid) and units.counter(state, cid).type == "airborne"


def airborne_landing_refusal(state: dict, side_: str, hex_: str) -> str | None:
    """27.8b: a British airborne unit lands in any land hex without enemy units or mountain terrain (friendly
    unit or not, enemy ZOC or not)."""
    from . import places

    m = units.pack_of(state).map
    if not m.has(hex_) or m.is_water(hex_):
        return f"{hex_} is not a land hex of the map (27.8b)"
    if m.hex(hex_).terrain == "mountain":
        return f"{hex_} is mountain terrain: British airborne units land in no mountain hex (27.8b)"
    if places.occupied_by(state, hex_, units.other(side_)):
        return f"{hex_} holds enemy units: British airborne units land in no enemy hex (27.8b)"
    return None


# -- 27.8c: amphibious operations ------------------------------------------------------------------------------

def amphibious_force(state: dict, force: dict) -> bool:
    """Whether the force is one British commando/guerrilla or marine unit of an intervening side (27.8c)."""
    cids = force.get("units") or []
    return (len(cids) == 1 and not force.get("carry") and fighting(state, cids[0])
            and units.counter(state, cids[0]).type in AMPHIBIOUS_TYPES)


def amphibious_key(state: dict) -> str:
    """The key of this turn's British operations in ``state["flags"]["amphibious"]``."""
    return f"british@{state['month']}"


def amphibious_left(state: dict) -> int:
    """27.8c: the British amphibious operations left this turn (one a turn)."""
    if side(state) is None:
        return 0
    done = (state["flags"].get("amphibious") or {}).get(amphibious_key(state), 0)
    return max(0, AMPHIBIOUS_OPS - done)


# -- 27.8d: supply ---------------------------------------------------------------------------------------------

def bases(state: dict) -> list[str]:
    """The bases/fortresses (fort/base hexes) British units of the intervening side occupy (27.8d2), in the
    map's order."""
    s = side(state)
    if s is None:
        return []
    m = units.pack_of(state).map
    held = {state["units"][c]["at"] for c in units.on_map(state, s) if printed_british(state, c)}
    return [h for h in m.hexes if h in held and m.hex(h).settlement == "fort_base"]


def points_due(state: dict) -> int:
    """27.8d2: one supply point per three occupied bases/fortresses, fractions rounded up."""
    n = len(bases(state))
    return -(-n // BASES_PER_POINT)


def supply(g, side_: str) -> bool:
    """27.8d2, in *side_*'s Reinforcement phase: when Britain intervenes on *side_* and its units occupy bases,
    the side places its extra supply points (frame ``faiw.british.supply``). Returns whether any is due."""
    s = g.s
    if side(s) != side_:
        return False
    held, n = bases(s), points_due(s)
    if not n:
        return False
    g.say(f"British units occupy {len(held)} base{'s' if len(held) != 1 else ''}/fortress"
          f"{'es' if len(held) != 1 else ''} ({', '.join(held)}): {SIDE_TITLES[side_]} receives {n} extra supply "
          f"point{'s' if n != 1 else ''}, one a base (27.8d2).", faction=side_, rule="27.8d2",
          to=side_)  # the bases name where its units stand, hidden from the enemy (21.0)
    g.call("faiw.british.supply", side_, left=n, used=[])
    return True


@procedure
class BritishSupply(Procedure):
    """27.8d2: the side places its extra supply points in British-occupied bases, one a base, one order a point
    (``supply HEX``; frame: ``left``, ``used``)."""

    name = "faiw.british.supply"
    rule = "27.8d2"

    def _open(self, g, f: dict) -> list[str]:
        return [h for h in bases(g.s) if h not in f["used"]]

    def step(self, g, f: dict) -> bool:
        open_ = self._open(g, f)
        if f["left"] <= 0 or not open_:
            g.end()
            return True
        if len(open_) <= f["left"]:  # every base left takes one: no choice (27.8d2)
            for h in open_:
                if f["left"] > 0:
                    self._place(g, f, h)
            g.end()
            return True
        return False

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        return {"supply": self._open(g, f)}

    def text(self, g, f: dict) -> str:
        return (f"{SIDE_TITLES[f['role']]} places {f['left']} more British supply point{'s' if f['left'] != 1 else ''}"
                f" in bases British units occupy, one a base (27.8d2)")

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        self._place(g, f, arg)

    def explain(self, g, f: dict, verb: str, arg: str | None):
        from ...core.errors import Refusal

        if verb != "supply" or not arg:
            return None
        if arg in f["used"]:
            return Refusal(f"{arg} received a British supply point this turn already: one a base a turn (27.8d2)",
                           "27.8d2")
        return Refusal(f"{arg} is no base/fortress British units occupy: the British supply points are placed in "
                       f"{', '.join(self._open(g, f)) or 'none'} (27.8d2)", "27.8d2")

    @staticmethod
    def _place(g, f: dict, hex_: str) -> None:
        side_ = f["role"]
        f["used"].append(hex_)
        f["left"] -= 1
        from .view import private_to

        if units.add_supply(g.s, side_, hex_, 1):
            g.say(f"{SIDE_TITLES[side_]} placed a British supply point in {hex_} (27.8d2).", faction=side_,
                  rule="27.8d2", to=private_to(g.s, side_, hex_))
        else:
            f["left"] = 0
            g.say(f"{SIDE_TITLES[side_]}'s supply counters are all in play: no British supply point is placed "
                  f"(4.6, 27.8d2).", faction=side_, rule="4.6")
