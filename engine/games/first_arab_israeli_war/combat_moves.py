"""Retreat and advance after combat (11.6, 11.9, 9.5b-c, 19.1b, 19.5a, 20.4, 26.1c-d, 25.1, 27.4, optional 29.3),
each move chosen by the units' owner among the legal ones that ``engine.hexwar.retreat`` gives.

- Retreat (11.6b): every unit the result sends back retreats the CRT's number of hexes, along a path its owner
  chooses; the non-combat units of a defended hex retreat with the stack (19.5a: a unit of MF 0 is eliminated,
  supply retreating through an enemy ZOC is eliminated, leaders ignore enemy ZOC). An effective unit retreating
  into an enemy ZOC is broken, a broken one eliminated (9.5c, 13.4; ruling R-9.5c-each: each such hex counts,
  unless the umpire chose ``ezoc_once``). A hex of British units (27.4), or a country an Israeli unit may not
  enter in the mandate period (26.1c), is taken only when nothing else is open, and then the unit is eliminated.
  A unit with no retreat at all is eliminated (ruling R-11.6b-none). A side's supply points in a hex retreat
  together, as one supply unit (R-14.0-points).
- Advance (11.6a): the side the result designates may move any, all or none of its units that took part
  (leaders stacked with them too, 11.6a, 20.4b) into the hex the enemy left, one hex, or two for the units
  11.6a2 lists (``hexwar.retreat.advance_limit``: Israeli armour, mechanized and reconnaissance from May 1948);
  through enemy ZOC without penalty (9.5b), never into prohibited terrain except along a road (11.9), never
  into British units (27.4); Israel not out of Palestine in the mandate period (26.1c; its commando units not
  into a foreign city, town or base, 26.1d) nor into a treaty city (25.1, 25.2) unless optional 25.3.
- 4.5: an Israeli unit that retreats or advances into Egypt, Transjordan, Syria or Lebanon calls the border
  specials (``border_specials.crossed``).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from ...hexwar import retreat as hexretreat
from ...hexwar import zoc as hexzoc
from . import border_specials, calendar, places, setup, units
from .combat_build import TOWNS_AND_BASES, treaty_place
from .combat_losses import eliminate, eliminate_supply
from .units import SIDE_TITLES

notation.declare(__name__, {"retreat", "advance", "done"})

#: The countries whose entry by an Israeli ground unit brings the Arab border specials (4.5).
BORDER_COUNTRIES = frozenset({"Egypt", "Transjordan", "Syria", "Lebanon"})


def barred(state: dict, side: str, unit_type: str) -> dict[str, str]:
    """26.1c: in the mandate period Israeli units other than commando/guerrilla units may not leave Palestine."""
    if side != "israel" or not calendar.mandate(state["month"]) or unit_type in ("commando", "guerrilla"):
        return {}
    return {c: "26.1c" for c in ("Egypt", "Transjordan", "Syria", "Lebanon")}


def _forbidden_hex(state: dict, side: str, unit_type: str, hex_: str) -> str | None:
    """Hexes an Israeli unit may not enter after combat: treaty cities (25.1, 25.2) and, in the mandate period,
    a commando's foreign city, town or base (26.1d)."""
    if side != "israel":
        return None
    if treaty_place(state, hex_) and not setup.optional(state, "25.3"):
        return "25.1"
    d = units.pack_of(state).map.hex(hex_)
    if (calendar.mandate(state["month"]) and unit_type in ("commando", "guerrilla") and d.country != "Palestine"
            and d.settlement in TOWNS_AND_BASES):
        return "26.1d"
    return None


def crossed(g, side: str, path) -> None:
    """4.5: an Israeli unit's path into an Arab country."""
    if side != "israel":
        return
    m = units.pack_of(g.s).map
    for a, b in zip(path, path[1:], strict=False):
        country = m.hex(b).country
        if country in BORDER_COUNTRIES and m.hex(a).country != country:
            border_specials.crossed(g, country)


def _capture(g, side: str, ids) -> None:
    """19.1b: the enemy non-combat units in a hex a combat unit enters are eliminated."""
    for x in ids:
        if x.startswith("supply@"):
            eliminate_supply(g, units.other(side), x.split("@", 1)[1], "a combat unit entered their hex", "19.1b")
        elif g.s["units"].get(x, {}).get("status") == "map":
            g.say(f"{x} was eliminated: an enemy combat unit entered its hex (19.1b).", rule="19.1b")
            eliminate(g, x, "an enemy combat unit entered its hex after combat")


def retreat_choices(g, side: str, x: str, length: int) -> list:
    """The retreats unit *x* (a counter, or ``supply@HEX``) may make (``hexwar.retreat.retreat_options``)."""
    s = g.s
    pack = units.pack_of(s)
    if x.startswith("supply@"):
        start = x.split("@", 1)[1]
        u = units.supply_unit(s, side, start)
    else:
        u, start = units.unit(s, x), s["units"][x]["at"]
    board = units.board(s)
    rulings = s["options"].get("rulings") or {}
    z = hexzoc.enemy_zoc(pack.map, board, side, across_borders=rulings.get("R-26.1c-zoc") == "across_borders")
    opts = hexretreat.retreat_options(
        pack.map, pack.tec, u, start, length=length, board=board, zoc=z, barred_countries=barred(s, side, u.type),
        option_29_3=setup.optional(s, "29"), friendly_population=places.POPULATION[side],
        terrorized=tuple(s["terrorized"]), ezoc_once=rulings.get("R-9.5c-each") == "ezoc_once")
    out = []
    for o in opts:
        if len(o.path) > 1 and _forbidden_hex(s, side, u.type, o.path[-1]):
            continue
        out.append(o)
    return out or [hexretreat.Displacement(u.id, (start,), "eliminated",
                                           (f"{u.id} has no hex to retreat to: it is eliminated (11.6b; ruling "
                                            f"R-11.6b-none)",))]


def carry_out(g, side: str, x: str, d) -> None:
    """One retreat *d* (a Displacement) of unit *x*."""
    s = g.s
    why = "; ".join(d.reasons)
    if x.startswith("supply@"):
        start = x.split("@", 1)[1]
        if d.outcome == "eliminated":
            eliminate_supply(g, side, start, why or "retreat", "19.5a")
            return
        pts = s["supply"][side].pop(start)
        dest = d.path[-1]
        s["supply"][side][dest] = s["supply"][side].get(dest, 0) + pts
        g.say(f"{SIDE_TITLES[side]}'s {pts} supply point{'s' if pts != 1 else ''} retreated from {start} to "
              f"{'-'.join(d.path[1:])} (11.6b, 19.5a).", faction=side, rule="11.6b")
        return
    path = "-".join(d.path[1:]) or d.path[0]
    if d.outcome == "eliminated":
        g.say(f"{x} was eliminated retreating from {d.path[0]}: {why} (11.6b).", faction=side, rule="11.6b")
        _capture(g, side, d.captured)
        eliminate(g, x, "eliminated in retreat")
        return
    s["units"][x]["at"] = d.path[-1]
    if d.outcome == "broken":
        s["units"][x]["broken"] = True
    g.say(f"{x} retreated from {d.path[0]} to {path}{' and was broken' if d.outcome == 'broken' else ''}"
          f"{': ' + why if why else ''} (11.6b).", faction=side, rule="11.6b")
    _capture(g, side, d.captured)
    crossed(g, side, d.path)


def _arg(x: str, d) -> str:
    return f"{x} {'-'.join(d.path[1:])}"


@procedure
class Retreat(Procedure):
    """The owner retreats the units *units* (``side``; ``length`` hexes: 11.6b), one order a unit; a unit with a
    single possible retreat (or elimination) makes it without asking."""

    name = "faiw.combat.retreat"
    rule = "11.6b"

    @staticmethod
    def _left(g, f) -> list[str]:
        s = g.s
        out = []
        for x in f["units"]:
            if x.startswith("supply@"):
                if s["supply"][f["side"]].get(x.split("@", 1)[1]):
                    out.append(x)
            elif s["units"][x]["status"] == "map":
                out.append(x)
        return out

    def step(self, g, f) -> bool:
        left = self._left(g, f)
        if not left:
            g.end()
            return True
        for x in left:
            choices = retreat_choices(g, f["side"], x, f["length"])
            if len(choices) == 1:
                f["units"].remove(x)
                carry_out(g, f["side"], x, choices[0])
                return True
        return False

    def _kinds(self, g, f) -> list[str]:
        """One unit of each kind left to retreat (ruling R-4.6-alike), and the supply points."""
        left = self._left(g, f)
        alike = set(units.interchangeable(g.s, [x for x in left if not x.startswith("supply@")], placed=True))
        return [x for x in left if x.startswith("supply@") or x in alike]

    def prompt(self, g, f):
        return {"retreat": [_arg(x, d) for x in self._kinds(g, f) for d in retreat_choices(g, f["side"], x,
                                                                                         f["length"])
                            if len(d.path) > 1]}

    def text(self, g, f):
        return (f"{SIDE_TITLES[f['side']]} retreats {', '.join(self._left(g, f))} {f['length']} "
                f"hex{'es' if f['length'] != 1 else ''} (11.6b): retreat UNIT PATH")

    def explain(self, g, f, verb, arg):
        if verb != "retreat" or not arg or len(arg.split()) != 2:
            return None
        x, path = arg.split()
        if x not in self._left(g, f):
            return Refusal(f"{x} is not one of the units retreating: {', '.join(self._left(g, f))} (11.6b)", "11.6b")
        choices = retreat_choices(g, f["side"], x, f["length"])
        if not any("-".join(d.path[1:]) == path for d in choices):
            open_ = ", ".join("-".join(d.path[1:]) for d in choices if len(d.path) > 1)
            return Refusal(f"{x} cannot retreat along {path}: a retreat goes {f['length']} hex"
                           f"{'es' if f['length'] != 1 else ''} through hexes without enemy combat units, never "
                           f"twice the same hex (11.6b, 9.5c, 27.4); open: {open_ or 'none'}", "11.6b")
        return None

    def act(self, g, f, verb, arg):
        x, path = arg.split()
        d = next(d for d in retreat_choices(g, f["side"], x, f["length"]) if "-".join(d.path[1:]) == path)
        f["units"].remove(x)
        carry_out(g, f["side"], x, d)


def advance_choices(g, side: str, cid: str, into: list[str]) -> list[tuple[str, ...]]:
    """The advance paths of *cid* into the vacated hexes *into* (11.6a), checked by ``hexwar.retreat.advance``."""
    s = g.s
    pack = units.pack_of(s)
    m = pack.map
    u = units.unit(s, cid)
    at = s["units"][cid]["at"]
    board = units.board(s)
    here = [units.unit(s, x) for x in units.at(s, at)]
    limit = hexretreat.advance_limit(u, stacked_with=here, from_may_1948=s["month"] >= calendar.MAY_1948)
    out = []
    for v in into:
        if not m.adjacent(at, v):
            continue
        paths = [(at, v)]
        if limit >= 2:
            paths += [(at, v, n) for n in m.neighbours(v) if n != at]
        for p in paths:
            if any(_forbidden_hex(s, side, u.type, h) for h in p[1:]):
                continue
            d = hexretreat.advance(m, pack.tec, u, p, vacated=v, board=board, limit=limit,
                                   barred_countries=barred(s, side, u.type))
            if not isinstance(d, Refusal):
                out.append(p)
    return out


@procedure
class Advance(Procedure):
    """Advance after combat (11.6a): the designated ``side`` may move any of ``units`` into ``into`` (the hexes
    the enemy left), one order a unit, or stop (``done``)."""

    name = "faiw.combat.advance"
    rule = "11.6a"

    def _left(self, g, f) -> list[str]:
        return [x for x in f["units"] if g.s["units"][x]["status"] == "map" and advance_choices(g, f["side"], x,
                                                                                                 f["into"])]

    def step(self, g, f) -> bool:
        if not self._left(g, f):
            g.end()
            return True
        return False

    def prompt(self, g, f):
        args = [f"{x} {'-'.join(p[1:])}" for x in units.interchangeable(g.s, self._left(g, f), placed=True)
                for p in advance_choices(g, f["side"], x, f["into"])]
        return {"advance": args, "done": []}

    def text(self, g, f):
        return (f"{SIDE_TITLES[f['side']]} may advance after combat into {', '.join(f['into'])} (11.6a): advance "
                f"UNIT PATH, or done")

    def explain(self, g, f, verb, arg):
        if verb != "advance" or not arg or len(arg.split()) != 2:
            return None
        x, path = arg.split()
        if x not in f["units"]:
            return Refusal(f"{x} did not take part in this combat: only its units and their leaders advance "
                           f"(11.6a, 20.4b)", "11.6a")
        return Refusal(f"{x} cannot advance along {path}: the first hex is the one the enemy left, "
                       f"{', '.join(f['into'])}; two hexes only for the units 11.6a2 lists; never into enemy or "
                       f"British units or prohibited terrain (11.6a, 11.9, 27.4)", "11.6a")

    def act(self, g, f, verb, arg):
        side = f["side"]
        if verb == "done":
            g.say(f"{SIDE_TITLES[side]} advanced no further (11.6a).", faction=side, rule="11.6a")
            g.end()
            return
        x, path = arg.split()
        s = g.s
        start = s["units"][x]["at"]
        hexes = path.split("-")
        board = units.board(s)
        captured: list[str] = []
        for b in hexes:
            captured += [u.id for u in board.enemy_noncombat_only(b, side)]
        s["units"][x]["at"] = hexes[-1]
        f["units"].remove(x)
        g.say(f"{x} advanced after combat from {start} to {path} (11.6a).", faction=side, rule="11.6a")
        _capture(g, side, captured)
        crossed(g, side, [start, *hexes])
