"""The kinds of hex the rules name, read from the pack's map (digest A.16): countries, settlements, population
symbols and named places. Each function takes the state (for the pack and for what changes: terrorized hexes,
who occupies what) and answers with hex labels in the map's order.

Readings where the text leaves the map's words open (rulings, data/rulings.json):
- R-S1-settlement: a "settlement hexagon" of a side (Scenario 1, 3a1 and 4a1; Scenario 2, 3a1 and 4a1) is a hex
  with that side's population symbol that is not a city or town (a village or settlement on the map), since the
  scenarios name the cities and towns with the symbol apart;
- R-S1-egypt: "within the four hexagons near the Egyptian border" (Scenario 1, 3c) is a hex of Palestine at
  most four hexes from a hex of Egypt (digest A.13).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from . import packs, units

CITY_TOWN = frozenset({"city", "town"})
#: The population symbol of each side's people (17.0: a Star of David for Israel, a Crescent for the Arabs).
POPULATION = {"israel": "jewish", "arab": "arab"}


def _map(state: dict):
    return units.pack_of(state).map


def land(state: dict) -> list[str]:
    """The map's land hexes (not all-sea or all-lake), in the map's order: the pack's, worked out once."""
    return list(_land(state["pack"]["digest"]))


@lru_cache(maxsize=64)
def _land(digest: str) -> tuple[str, ...]:
    m = packs.get(digest).map
    return tuple(h for h in m.hexes if not m.is_water(h))


def in_countries(state: dict, countries: Iterable[str]) -> list[str]:
    wanted = set(countries)
    m = _map(state)
    return [h for h in land(state) if m.hex(h).country in wanted]


def terrorized(state: dict, hex_: str) -> bool:
    return hex_ in state["terrorized"]


def population(state: dict, hex_: str) -> str | None:
    """The hex's population symbol, None once terrorized (17.2: it has no population for either side)."""
    return None if terrorized(state, hex_) else _map(state).hex(hex_).population


def city_town(state: dict, people: str, *, palestine_only: bool = False, untouched: bool = False) -> list[str]:
    """Cities and towns with *people*'s symbol (``jewish`` or ``arab``); *untouched*: not terrorized."""
    m = _map(state)
    return [h for h in land(state) if m.hex(h).settlement in CITY_TOWN and m.hex(h).population == people
            and (not palestine_only or m.hex(h).country == "Palestine") and not (untouched and terrorized(state, h))]


def settlements(state: dict, people: str, *, untouched: bool = True) -> list[str]:
    """*people*'s settlement hexes of Palestine: their symbol on a village or settlement (R-S1-settlement)."""
    m = _map(state)
    return [h for h in land(state) if m.hex(h).population == people and m.hex(h).country == "Palestine"
            and m.hex(h).settlement not in CITY_TOWN and not (untouched and terrorized(state, h))]


def occupied_by(state: dict, hex_: str, side: str) -> bool:
    """Whether *side* has any unit (supply included) in *hex_*."""
    return bool(state["supply"][side].get(hex_, 0)) or units.occupies(state, hex_, side)  # supply_points, inline


def near_border(state: dict, country: str, within: int, of: str) -> list[str]:
    """Hexes of *country* at most *within* hexes from a hex of *of* (R-S1-egypt): the map's, worked out once."""
    return list(_near_border(state["pack"]["digest"], country, within, of))


@lru_cache(maxsize=64)
def _near_border(digest: str, country: str, within: int, of: str) -> tuple[str, ...]:
    m = packs.get(digest).map
    land_ = [h for h in m.hexes if not m.is_water(h)]
    theirs = [h for h in land_ if m.hex(h).country == of]
    return tuple(h for h in land_ if m.hex(h).country == country
                 and any(m.grid.distance(h, e) <= within for e in theirs))


def with_neighbours(state: dict, hexes: Iterable[str]) -> list[str]:
    """*hexes* and every land hex adjacent to one, in the map's order."""
    m = _map(state)
    wanted = set(hexes)
    for h in list(wanted):
        wanted.update(n for n in m.neighbours(h) if not m.is_water(n))
    return [h for h in land(state) if h in wanted]


def tagged(state: dict, tag: str) -> str | None:
    """The hex of a named place (``tel_aviv``), or None if the pack has no such place."""
    return units.pack_of(state).places.get(tag)
