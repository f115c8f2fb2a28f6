"""The map facts the political events read and the hex strike three of them share (batch "map").

- a hex's country and flags, a unit's class, the Chinese Countries and the affected ones (rulings R-15-hexes,
  R-15-unit-class, R-15-affected);
- ``ds.hex-strike``: a hex holding an enemy Detachment or Logistics marker (not on an Island), colonial unit, Minor
  Country unit or multi-national unit holding one is selected, and the other faction loses a step there, or a
  marker where no step can be lost (15.1, 15.8 Guerrilla Warfare, 15.21).
"""

from __future__ import annotations

from ...core.errors import RulesBugError
from ...core.flow import Procedure, procedure
from .data import EVENTS
from .state import (
    ALLIED,
    NAMES,
    TITLES,
    find,
    label,
    lose_step,
    move,
    where,
)

#: The Posture Boxes of the Countries (not in ``countries``) that are Chinese Countries (digest B.2, audit B1).
CHINESE_BOXES = ("nationalist-china", "communist-china")
AIR = ("bomber", "interceptor", "chinese-interceptor", "air")
FLEET = ("cv-fleet", "surface-fleet", "sub-fleet")


# -- what the map and the pieces are (rulings R-15-hexes, R-15-unit-class, R-15-affected) -----------------------


def hex_fact(s: dict, h: str, key: str):
    """What the position's ``hexes`` say of hex *h* (ruling R-15-hexes): ``country`` or None, a flag or False."""
    return s["hexes"].get(h, {}).get(key, None if key == "country" else False)


def chinese(s: dict, cid: str | None) -> bool:
    """Whether *cid* is a Chinese Country: Nationalist or Communist China, or a country the position marks
    ``chinese``."""
    return cid in CHINESE_BOXES or bool(cid in s["countries"] and s["countries"][cid]["chinese"])


def affected(s: dict, cid: str | None, kind: str) -> bool:
    """Whether *cid* is a PAC (*kind* ``pac``) or a TAC (``tac``) (ruling R-15-affected): a country of ``countries``
    as the umpire marks it; a Country with a Posture Box only, when a Policy marker (PAC) or a Truce marker (TAC)
    is in its box."""
    if cid in s["countries"]:
        return bool(s["countries"][cid][kind])
    box = s["postures"].get(cid or "")
    if box is None:
        return False
    return bool(box["policies"]) if kind == "pac" else box["truce"] is not None


def minor_unit(s: dict, p: dict) -> bool:
    """A Minor Country unit (ruling R-15-unit-class): a ground unit of a Minor Country of the position, of
    Nationalist or Communist China, or whose type begins ``minor`` (a Minor Country the position does not list)."""
    c = s["countries"].get(p.get("country") or "")
    return p["kind"] == "ground" and (p["type"].startswith("minor") or p.get("country") in CHINESE_BOXES
                                      or (c is not None and c["kind"] == "minor"))


def colonial_unit(s: dict, p: dict) -> bool:
    """A colonial unit (ruling R-15-unit-class): a ground unit whose type begins ``colonial`` or of a Dependent."""
    c = s["countries"].get(p.get("country") or "")
    return p["kind"] == "ground" and (p["type"].startswith("colonial") or (c is not None and c["kind"] == "dependent"))


def in_hex(s: dict, h: str) -> list[str]:
    """The pieces on the map in hex *h*, and the units in the Holding Boxes of those."""
    here = find(s, at="map", hex=h)
    return here + [pid for pid in find(s, at="holding") if s["pieces"][pid]["in"] in here]


def map_hexes(s: dict) -> list[str]:
    return sorted({p["hex"] for p in s["pieces"].values() if p["at"] == "map"})


# -- the hex strike (15.1, 15.8 Guerrilla Warfare, 15.21) ------------------------------------------------------


def strike_steps(s: dict, h: str, side: str) -> list[str]:
    """*side*'s colonial or Minor Country units in hex *h*, on the map or in a Holding Box there."""
    return [pid for pid in in_hex(s, h) if s["pieces"][pid]["owner"] == side
            and (colonial_unit(s, s["pieces"][pid]) or minor_unit(s, s["pieces"][pid]))]


def strike_markers(s: dict, h: str, side: str) -> list[str]:
    """*side*'s Detachment and Logistics markers in hex *h*, unless *h* is an Island hex."""
    if hex_fact(s, h, "island"):
        return []
    return [pid for pid in find(s, at="map", hex=h, owner=side) if s["pieces"][pid]["type"] in ("detachment",
                                                                                                 "logistics")]


def strike_sides(s: dict, h: str, against: str) -> list[str]:
    """The factions among *against* (a faction, or ``allied``: either Allied faction) with a piece in hex *h* a
    strike can take."""
    sides = ALLIED if against == "allied" else (against,)
    return [x for x in sides if strike_steps(s, h, x) or strike_markers(s, h, x)]


def in_area(s: dict, h: str, where_: str | None) -> bool:
    """Whether hex *h* is where the strike may be: anywhere, or (``chinese``, 15.8 Guerrilla Warfare) in a Chinese
    Country or a Japanese Dependent, as the position's ``hexes`` say."""
    if where_ is None:
        return True
    if where_ != "chinese":
        raise RulesBugError(f"unknown hex-strike filter {where_!r}")
    cid = hex_fact(s, h, "country")
    return chinese(s, cid) or bool(cid in s["countries"] and s["countries"][cid]["japanese_dependent"])


def strike_hexes(s: dict, against: str, where_: str | None = None) -> list[str]:
    """The hexes that may be selected for a strike against *against* (see :class:`HexStrike`)."""
    return [h for h in map_hexes(s) if in_area(s, h, where_) and strike_sides(s, h, against)]


def _against_name(against: str) -> str:
    return "an Allied faction" if against == "allied" else NAMES[against]


@procedure
class HexStrike(Procedure):
    """The hex strike of 15.1, 15.8 (Guerrilla Warfare) and 15.21: the selecting faction selects a hex holding an
    enemy Detachment or Logistics marker (not in an Island hex), colonial unit, Minor Country unit, or multi-national
    unit with a Minor Country unit in its Holding Box; the faction that loses must eliminate one colonial or Minor
    Country step there (4.2.6.2, the players' step) or, only where no step can be, remove a marker to the Delay Box.

    Push it (``g.call`` or ``g.goto``) with role *by* and the locals: ``n`` (the event, 15.*n*, for the log),
    ``by`` (the selecting faction), ``against`` (the faction that loses: ``axis``, ``western``, ``soviet``, or
    ``allied`` for either Allied faction, 15.21), ``where`` (None, or ``chinese``: the hex must be in a Chinese
    Country or a Japanese Dependent, 15.8), ``hex`` (None: *by* selects it at stage ``select``; or a hex already
    selected, one of :func:`strike_hexes`) and ``stage`` ``start``. Stages: ``select`` (role *by*: ``hex``),
    ``side`` (role *by*: ``side``, when both Allied factions have pieces there, ruling R-15.21-side), ``strike``
    (role the loser: ``step`` or ``marker``; with one candidate it is taken without asking). It ends its frame when
    done (the caller resumes with no ``ret``); with no hex to select it says so and ends."""

    name = "ds.hex-strike"
    rule = "15.1"

    def step(self, g, f):
        if f["stage"] != "start":
            return False
        s = g.s
        f.setdefault("hex", None)
        f.setdefault("where", None)
        f["loser"] = None
        if f["hex"] is not None:
            if f["hex"] not in strike_hexes(s, f["against"], f["where"]):
                raise RulesBugError(f"hex {f['hex']} may not be struck against {f['against']}")
            self._aim(g, f)
            return True
        if not strike_hexes(s, f["against"], f["where"]):
            g.say(f"{TITLES[f['by']]} found no hex to select: no {_against_name(f['against'])} Detachment or Logistics "
                  f"marker outside an Island hex, colonial unit, Minor Country unit or multi-national unit holding "
                  f"one{' in a Chinese Country or Japanese Dependent' if f['where'] else ''}.", faction=f["by"],
                  rule=f"15.{f['n']}")
            g.end()
            return True
        f["stage"], f["role"] = "select", f["by"]
        return True

    def _aim(self, g, f) -> None:
        sides = strike_sides(g.s, f["hex"], f["against"])
        if len(sides) == 1:
            f["loser"] = sides[0]
            self._strike(g, f)
        else:
            f["stage"], f["role"] = "side", f["by"]

    @staticmethod
    def options(s: dict, f) -> tuple[str, list[str]]:
        """What the loser may lose: its steps there, else its markers (a step before a marker)."""
        steps = strike_steps(s, f["hex"], f["loser"])
        return ("step", steps) if steps else ("marker", strike_markers(s, f["hex"], f["loser"]))

    def _strike(self, g, f) -> None:
        verb, ids = self.options(g.s, f)
        if len(ids) == 1:
            self._apply(g, f, verb, ids[0])
            g.end()
        else:
            f["stage"], f["role"] = "strike", f["loser"]

    def _apply(self, g, f, verb: str, pid: str) -> None:
        s, rule, loser = g.s, f"15.{f['n']}", f["loser"]
        if verb == "step":
            g.say(f"{TITLES[loser]} must eliminate a colonial or Minor Country step in hex {f['hex']}: "
                  f"{label(s, pid)}.", faction=loser, rule=rule)
            lose_step(g, f["n"], pid, rule)
        else:
            move(s, pid, "delay")
            g.say(f"{TITLES[loser]} removed {label(s, pid)} from hex {f['hex']} to the Delay Box (no colonial or Minor "
                  f"Country step there).", faction=loser, rule=rule)

    def prompt(self, g, f):
        if f["stage"] == "select":
            return {"hex": strike_hexes(g.s, f["against"], f["where"])}
        if f["stage"] == "side":
            return {"side": strike_sides(g.s, f["hex"], f["against"])}
        if f["stage"] == "strike":
            verb, ids = self.options(g.s, f)
            return {verb: ids}
        return {}

    def text(self, g, f):
        n, title = f["n"], EVENTS[f["n"]]["title"]
        if f["stage"] == "select":
            area = " in a Chinese Country or Japanese Dependent" if f["where"] else ""
            return (f"15.{n} {title}: {NAMES[f['by']]} selects a hex{area} holding a {_against_name(f['against'])} "
                    f"Detachment or Logistics marker not on an Island, colonial unit, Minor Country unit or "
                    f"multi-national unit with one in its Holding Box: (hex LABEL)")
        if f["stage"] == "side":
            return (f"15.{n} {title}: both Allied factions have pieces to lose in hex {f['hex']}: {NAMES[f['by']]} "
                    f"names the one that loses (side western|soviet; ruling R-15.21-side)")
        verb, _ = self.options(g.s, f)
        what = ("(step ID) eliminate one colonial or Minor Country step" if verb == "step"
                else "(marker ID) remove a Detachment or Logistics marker to the Delay Box")
        return f"15.{n} {title}: {NAMES[f['loser']]} must {what} in hex {f['hex']}"

    def explain(self, g, f, verb, arg):
        s, n = g.s, f["n"]
        if verb == "hex" and f["stage"] == "select":
            area = " in a Chinese Country or Japanese Dependent" if f["where"] else ""
            return (f"hex {arg} holds no {_against_name(f['against'])} Detachment or Logistics marker outside an "
                    f"Island hex, colonial unit, Minor Country unit or multi-national unit holding one{area} "
                    f"(15.{n}; ruling R-15-hexes)")
        if verb == "side" and f["stage"] == "side":
            return f"{arg} has no piece to lose in hex {f['hex']} (15.{n})"
        if verb == "marker" and f["stage"] == "strike":
            return (f"a step must be eliminated before a marker is removed, and {NAMES[f['loser']]} has a colonial or "
                    f"Minor Country step in hex {f['hex']} (15.{n})")
        if verb in ("step", "marker") and f["stage"] == "strike":
            p = s["pieces"].get(arg or "")
            at = f" (it is in {where(p)})" if p else ""
            return f"{arg} is not {NAMES[f['loser']]}'s to lose in hex {f['hex']}{at} (15.{n})"
        return f"{verb} is not what 15.{n} asks for here (15.{n})"

    def act(self, g, f, verb, arg):
        if verb == "hex":
            f["hex"] = arg
            g.say(f"{TITLES[f['by']]} selected hex {arg}.", faction=f["by"], rule=f"15.{f['n']}")
            self._aim(g, f)
        elif verb == "side":
            f["loser"] = arg
            g.say(f"{TITLES[f['by']]} named {NAMES[arg]} to lose a piece in hex {f['hex']} (ruling R-15.21-side).",
                  faction=f["by"], rule=f"15.{f['n']}")
            self._strike(g, f)
        else:
            self._apply(g, f, verb, arg)
            g.end()


def strike(g, n: int, by: str, against: str, h: str) -> None:
    """Replaces event 15.*n*'s frame by the hex strike of hex *h* selected by *by*."""
    g.say(f"{TITLES[by]} selected hex {h}.", faction=by, rule=f"15.{n}")
    g.goto("ds.hex-strike", by, n=n, by=by, against=against, where=None, hex=h, stage="start")
