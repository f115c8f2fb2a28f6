"""Where the political rules stop a ground unit's step, or let it through only as a deliberate breach.

The terrain, ZOC, enemy-unit and British rules of a step are the hex library's (``engine.hexwar.movement``);
these are the game's own limits on a step from ``frm`` to the adjacent ``to`` by a unit of ``side`` whose force
started its move in ``start`` (where it started its player turn: ruling R-22.1d-start):

- 25.1, 25.2: Israeli ground units never enter El Arish, Aqaba, Amman or Damascus; with the optional rule 25.3
  entering one is attacking it, a ``breach`` the player orders on purpose (it brings the British roll of 25.3:
  ``state["flags"]["treaty_attacked"]``; ruling R-25.3-enter);
- 26.1c (December 1947 to April 1948): Israeli units do not cross a border out of Palestine; 26.1d: Israeli
  commando/guerrilla units may, but never enter a city, town or base of Egypt, Transjordan, Syria or Lebanon;
  26.1e: Arab League units cross freely;
- 22.1d-e (a truce in effect): an Israeli unit does not cross into Egypt, Transjordan, Syria or Lebanon; an Arab
  League unit that started its turn outside Palestine does not cross into Palestine. After the truce's first
  turn such a crossing is a violation the player may order on purpose (22.3: a ``breach``, ruling R-22.3-breach);
  in its first turn it is refused (22.3: "Players must follow the terms of the truce on the turn in which it
  occurs").

A limit is a :class:`Limit`: ``refuse`` (the step is not legal) or ``breach`` (legal only as the order
``breach HEX``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...hexwar.terrain import Unit
from . import calendar, packs, setup, units
from .sequence import truce as truce_in_effect

#: The countries next to Palestine (4.5, 22.1d, 26.1c).
FOREIGN = ("Egypt", "Transjordan", "Syria", "Lebanon")
#: The places Israeli ground units never enter, and the rule (25.1, 25.2).
TREATY = {"el_arish": "25.1", "aqaba": "25.1", "amman": "25.1", "damascus": "25.2"}
#: The settlements a commando may not enter abroad in the mandate period (26.1d: cities, towns, bases).
BASES = frozenset({"city", "town", "fort_base"})


@dataclass(frozen=True)
class Limit:
    """One limit on a step: ``kind`` ``refuse`` or ``breach``; ``truce``: the breach violates the truce (22.3);
    ``treaty``: the breach attacks a treaty city (25.3)."""

    kind: str
    text: str
    rule: str
    truce: bool = False
    treaty: bool = False


def first_truce_turn(state: dict) -> bool:
    """Whether this is the turn the truce in effect took effect (22.3: it may not be violated then)."""
    t = state.get("truce")
    return bool(t) and t["from"] == state["month"]


def _truce_limit(state: dict, text: str, rule: str) -> Limit:
    if first_truce_turn(state):
        return Limit("refuse", f"{text}; the truce took effect this turn, when its terms must be kept (22.3)", rule)
    return Limit("breach", f"{text}; crossing violates the truce: it ends and the enemy gains 10 VP (22.3): order "
                 f"it with breach", rule, truce=True)


def limits(state: dict, side: str, unit: Unit, start: str, frm: str, to: str) -> list[Limit]:
    """The limits on *unit*'s step from *frm* to *to* (see the module); [] when none."""
    if side == "arab" and not truce_in_effect(state):
        return []  # 26.1e: Arab League units cross freely; 22.1e binds them only under a truce
    m = units.pack_of(state).map
    dest, src = m.hex(to), m.hex(frm)
    crossing = m.is_border(frm, to) and src.country != dest.country
    name = f"{unit.id} " if not unit.supply else "supply points "
    out: list[Limit] = []
    if side == "israel":
        for tag, rule, where in _treaty(state["pack"]["digest"]):
            if where == to:
                city = dest.name or tag
                if setup.optional(state, "25.3"):
                    out.append(Limit("breach", f"entering {city} ({to}) is attacking it: the Arab League will roll "
                                     f"for British units (25.3): order it with breach", "25.3", treaty=True))
                else:
                    out.append(Limit("refuse", f"Israeli ground units never enter {city} ({to}) ({rule})", rule))
        if calendar.mandate(state["month"]):
            if unit.commando:
                if dest.country in FOREIGN and dest.settlement in BASES:
                    out.append(Limit("refuse", f"{name}may cross the border but not enter {to}, a "
                                     f"{dest.settlement.replace('_', '/')} of {dest.country}, before May 1948 (26.1d)",
                                     "26.1d"))
            elif crossing and dest.country in FOREIGN:
                out.append(Limit("refuse", f"{name}may not cross the border from {frm} into {dest.country} at {to} "
                                 f"during the mandate, December 1947 to April 1948; only commando/guerrilla units may "
                                 f"(26.1c, 26.1d)", "26.1c"))
        if truce_in_effect(state) and crossing and dest.country in FOREIGN:
            out.append(_truce_limit(state, f"during the truce Israeli units may not cross the border into "
                                    f"{dest.country} ({frm} to {to}) (22.1d)", "22.1d"))
    elif side == "arab":
        if (truce_in_effect(state) and crossing and dest.country == "Palestine"
                and m.hex(start).country != "Palestine"):
            out.append(_truce_limit(state, f"during the truce Arab League units that started their turn outside "
                                    f"Palestine (in {start}) may not cross into Palestine ({frm} to {to}) (22.1e)",
                                    "22.1e"))
    return out


@lru_cache(maxsize=16)
def _treaty(pack_digest: str) -> tuple[tuple[str, str, str | None], ...]:
    """The places of :data:`TREATY` with their rule and hex (``places.tagged``), per pack."""
    return tuple((tag, rule, packs.get(pack_digest).places.get(tag)) for tag, rule in TREATY.items())


def crossed_into(state: dict, frm: str, to: str) -> str | None:
    """The country of Egypt, Transjordan, Syria or Lebanon a step from *frm* to *to* enters from another country
    (4.5), or None."""
    m = units.pack_of(state).map
    c = m.hex(to).country
    return c if c in FOREIGN and m.hex(frm).country != c else None
