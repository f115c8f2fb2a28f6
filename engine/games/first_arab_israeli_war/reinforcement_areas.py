"""Where reinforcements are placed (4.2 and the Reinforcement Table's placement paragraphs), by area name.

An area is the hexes a line of the table names (its *candidates*: Tel Aviv, El Arish, "the west side of the map in
Egypt"...), less those a condition rules out now (:func:`refusal`). The names, which the event rules may also
write in ``state["pending"]`` entries:

- ``israel_combat`` (L1171): Tel Aviv, the new city of Haifa, the new city of Jerusalem, each occupied by an Israeli
  unit and not terrorized, at most three battalions placed in each this phase (ruling R-4.0-three);
- ``israel_fallback`` (L1171): when all three are Arab-occupied or terrorized, the commando/guerrilla battalion
  received instead, in any non-terrorized Israeli-occupied hex with a Star of David;
- ``israel_supply`` (L1175): Tel Aviv or the new city of Haifa, occupied by an Israeli unit (terrorized or not);
- ``israel_leader`` (L1183): any hex with an Israeli unit; ``airfield`` (24.0, L1181): a clear or village hex of
  Palestine with an Israeli combat unit (ruling R-24.0-clear);
- ``aas`` (L1191): an Arab-occupied hex of Palestine with an Arab population symbol, not terrorized;
- ``ala`` (L1201): any city or town in Lebanon or Syria;
- ``egypt`` (L1217; Saudi Arabia, Morocco, Yemen the same: L1277-L1289) and ``egypt_supply`` (L1293): El Arish or
  the west edge in Egypt;
- ``transjordan`` (L1232): any city or town in Transjordan or the east edge in Transjordan;
  ``transjordan_supply`` (L1294): Amman, Aqaba or the edge of Transjordan (ruling R-4.0-jordan-edge: the east);
- ``syria`` (L1244): any city or town in Syria or the north or east edge in Syria;
- ``lebanon`` (L1254): any village in Lebanon or the north edge in Lebanon;
- ``iraq`` (L1270): the north or east edge in Syria or the east edge in Transjordan;
- ``levant_supply`` (L1295): the north edge in Lebanon or Syria;
- ``arab_supply``: Arab League supply an event gives without naming where: any of the three supply areas
  (L1293-L1295).
A map edge is the hex line along it (4.2b: the pack's ``reinforcement_areas``). In every area a hex the enemy
occupies is no place (4.2, 8.3), nor a hex with a British unit (ruling R-4.2-british).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.errors import Refusal
from . import places, units
from .units import other

#: The three Israeli placement cities (L1171), as the pack tags them (ruling R-1.3-places).
CITIES = ("tel_aviv", "haifa_new", "jerusalem_new")
#: Where Israeli supply goes (L1175).
SUPPLY_CITIES = ("tel_aviv", "haifa_new")
#: At most this many reinforcement battalions in one Israeli placement city a phase (L1171).
MAX_BATTALIONS = 3
#: Each nationality's area (the table's placement paragraphs).
BY_NATIONALITY = {"zahal": "israel_combat", "aas": "aas", "ala": "ala", "egypt": "egypt",
                  "transjordan": "transjordan", "syria": "syria", "lebanon": "lebanon", "iraq": "iraq",
                  "saudi_arabia": "egypt", "morocco": "egypt", "yemen": "egypt"}
#: The rule of each area.
RULES = {"israel_combat": "Reinforcement Table L1171", "israel_fallback": "Reinforcement Table L1171",
         "israel_supply": "Reinforcement Table L1175", "israel_leader": "Reinforcement Table L1183",
         "airfield": "24.0", "aas": "Reinforcement Table L1191", "ala": "Reinforcement Table L1201",
         "egypt": "Reinforcement Table L1217", "egypt_supply": "Reinforcement Table L1293",
         "transjordan": "Reinforcement Table L1232", "transjordan_supply": "Reinforcement Table L1294",
         "syria": "Reinforcement Table L1244", "lebanon": "Reinforcement Table L1254",
         "iraq": "Reinforcement Table L1270", "levant_supply": "Reinforcement Table L1295",
         "arab_supply": "Reinforcement Table L1293"}
#: Which side places in each area.
SIDE = {a: ("israel" if a.startswith("israel") or a == "airfield" else "arab") for a in RULES}


def pack_area(area: str) -> tuple[str, str] | None:
    """``(side, word)`` of an area an event names in the pack's own words, ``SIDE@WORD`` (a place tag such as
    ``tel_aviv`` or one of the map's ``reinforcement_areas``: 4.1b, the Events Table is the pack's); else None."""
    side, at, word = area.partition("@")
    return (side, word) if at and side in ("arab", "israel") else None


def side_of(area: str) -> str:
    found = pack_area(area)
    return found[0] if found else SIDE[area]


def rule_of(area: str) -> str:
    return "4.1b" if pack_area(area) else RULES[area]


def _edge(state: dict, *names: str) -> list[str]:
    areas = units.pack_of(state).reinforcement_areas
    return [h for n in names for h in areas.get(n, ())]


def _settled(state: dict, countries: tuple[str, ...], kinds: frozenset[str]) -> list[str]:
    m = units.pack_of(state).map
    return [h for h in places.in_countries(state, countries) if m.hex(h).settlement in kinds]


def _tags(state: dict, *tags: str) -> list[str]:
    return [h for h in (places.tagged(state, t) for t in tags) if h]


def _combat_units(state: dict, side: str, hex_: str) -> bool:
    return any(units.side_of(state, c) == side and units.counter(state, c).front is not None
               and units.counter(state, c).front.cs > 0 and units.counter(state, c).type != "air"
               for c in units.at(state, hex_))


def candidates(state: dict, area: str) -> list[str]:
    """The hexes the table's line names for *area*, before its conditions; in the map's order, once each."""
    m = units.pack_of(state).map
    found: list[str]
    named = pack_area(area)
    if named:
        pack = units.pack_of(state)
        word = named[1]
        found = [pack.places[word]] if word in pack.places else list(pack.reinforcement_areas.get(word, ()))
    elif area == "israel_combat":
        found = _tags(state, *CITIES)
    elif area == "israel_supply":
        found = _tags(state, *SUPPLY_CITIES)
    elif area == "israel_fallback":
        found = [h for h in places.land(state) if m.hex(h).population == "jewish"]
    elif area == "israel_leader":
        found = places.land(state)
    elif area == "airfield":
        found = [h for h in places.in_countries(state, ["Palestine"])
                 if m.hex(h).terrain == "clear" or m.hex(h).settlement == "village"]
    elif area == "aas":
        found = [h for h in places.in_countries(state, ["Palestine"]) if m.hex(h).population == "arab"]
    elif area == "ala":
        found = _settled(state, ("Lebanon", "Syria"), places.CITY_TOWN)
    elif area in ("egypt", "egypt_supply"):
        found = _tags(state, "el_arish") + _edge(state, "egypt_west_edge")
    elif area == "transjordan":
        found = _settled(state, ("Transjordan",), places.CITY_TOWN) + _edge(state, "transjordan_east_edge")
    elif area == "transjordan_supply":
        found = _tags(state, "amman", "aqaba") + _edge(state, "transjordan_east_edge")
    elif area == "levant_supply":
        found = _edge(state, "lebanon_north_edge", "syria_north_edge")
    elif area == "arab_supply":
        found = (candidates(state, "egypt_supply") + candidates(state, "transjordan_supply")
                 + candidates(state, "levant_supply"))
    elif area == "syria":
        found = _settled(state, ("Syria",), places.CITY_TOWN) + _edge(state, "syria_north_edge", "syria_east_edge")
    elif area == "lebanon":
        found = _settled(state, ("Lebanon",), frozenset({"village"})) + _edge(state, "lebanon_north_edge")
    elif area == "iraq":
        found = _edge(state, "syria_north_edge", "syria_east_edge", "transjordan_east_edge")
    else:
        raise KeyError(f"no reinforcement area {area!r}: one of {', '.join(RULES)}")
    wanted = set(found)
    return [h for h in places.land(state) if h in wanted]


def occupancy(state: dict) -> dict[str, set[str]]:
    """``{hex: the sides with a unit or supply there}`` (``british`` for the British units; read-only: worked out
    once in a ``units.Reading``)."""
    kept = units.memo(state)
    if kept is not None:
        out = kept.get("occupancy")
        if out is None:
            out = kept["occupancy"] = _occupancy(state, units.sides_on_map(state, made=True))
        return out
    return _occupancy(state)


def _occupancy(state: dict, sides: dict[str | None, list[str]] | None = None) -> dict[str, set[str]]:
    """:func:`occupancy`; *sides*: the counters on the map by side (``units.sides_on_map``) when a
    ``units.Reading`` has them made already, so that only those are read (the answer is asked of one hex at a
    time: the order of its hexes says nothing)."""
    out: dict[str, set[str]] = {}
    recs = state["units"]
    if sides is not None:
        for side, cids in sides.items():
            if side is not None:
                for cid in cids:
                    out.setdefault(recs[cid]["at"], set()).add(side)
    else:
        printed, brit = units.printed_sides(state), units.british_side(state)
        for cid, rec in recs.items():
            if rec["status"] == "map":
                out.setdefault(rec["at"], set()).add(rec.get("side") or printed[cid] or brit)  # units.side_of, inline
    for side in units.SIDES:
        for h in state["supply"][side]:
            out.setdefault(h, set()).add(side)
    return out


def refusal(state: dict, area: str, hex_: str, placed: dict | None = None, battalions: int = 0, *,
            occ: dict | None = None, listed: bool = False) -> Refusal | None:
    """Why *hex_* takes no reinforcement of *area* now, or None; *placed*: the battalions placed in each hex this
    phase, *battalions*: the unit's (for the three a city of L1171); *listed*: *hex_* is one of the candidates."""
    side = side_of(area)
    rule = rule_of(area)
    if not listed and hex_ not in candidates(state, area):
        return Refusal(f"{hex_} is not a hex where {area.replace('_', ' ')} reinforcements are placed ({rule})", rule)
    there = (occupancy(state) if occ is None else occ).get(hex_, set())
    if other(side) in there:
        return Refusal(f"{hex_} is occupied by the enemy: no reinforcement is placed there (4.2)", "4.2")
    if "british" in there:
        return Refusal(f"{hex_} holds a British unit (27.4; ruling R-4.2-british)", "27.4")
    own = side in there
    if area in ("israel_combat", "israel_fallback") and places.terrorized(state, hex_):
        return Refusal(f"{hex_} is terrorized: no reinforcement unit is placed there (4.2a, {rule})", "4.2a")
    if area in ("israel_combat", "israel_fallback", "israel_supply", "israel_leader") and not own:
        return Refusal(f"{hex_} holds no Israeli unit: the hex must be occupied by one ({rule})", rule)
    if area == "israel_combat" and (placed or {}).get(hex_, 0) + battalions > MAX_BATTALIONS:
        return Refusal(f"{hex_} has had {(placed or {}).get(hex_, 0)} reinforcement battalions placed this phase: "
                       f"no more than three a hex ({rule}; ruling R-4.0-three)", rule)
    if area == "airfield" and not _combat_units(state, "israel", hex_):
        return Refusal(f"{hex_} holds no Israeli combat unit: the Secret Airfield needs one (24.0)", "24.0")
    if area == "aas" and (places.terrorized(state, hex_) or not own):
        return Refusal(f"{hex_} must be occupied by the Arab League and not terrorized ({rule}, 4.2a)", rule)
    return None


def hexes(state: dict, area: str, placed: dict | None = None, battalions: int = 0) -> list[str]:
    """The hexes of *area* that take a reinforcement now (4.2)."""
    return list(_each_hex(state, area, placed, battalions))


def any_hex(state: dict, area: str, placed: dict | None = None, battalions: int = 0) -> bool:
    """Whether a hex of *area* takes a reinforcement now (:func:`hexes` is not empty, 4.2): stops at the first."""
    return next(_each_hex(state, area, placed, battalions), None) is not None


def _each_hex(state: dict, area: str, placed: dict | None, battalions: int) -> Iterator[str]:
    """:func:`hexes`, one at a time (nothing changes between two)."""
    occ = occupancy(state)
    if area == "israel_leader":
        pool = [h for h in places.land(state) if "israel" in occ.get(h, ())]
    else:
        pool = candidates(state, area)
    return (h for h in pool if refusal(state, area, h, placed, battalions, occ=occ, listed=True) is None)


def cities_lost(state: dict) -> bool:
    """L1171: Tel Aviv, the new city of Haifa and the new city of Jerusalem are all Arab-occupied or terrorized."""
    return all(places.occupied_by(state, h, "arab") or places.terrorized(state, h) for h in _tags(state, *CITIES))
