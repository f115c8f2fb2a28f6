"""The combat desk's one scenario and its options (issue 31, item 4): a session of declared attacks for an
umpire who keeps The First Arab-Israeli War's map on his table.

Options: ``pack`` (optional: a data pack as The First Arab-Israeli War takes it, ``packs.from_option``; with one
the counters' values, the TEC and the CRT are known; without one the desk declares strengths and shifts and
gives the final column and the die), ``month`` (the month of play, ``YYYY-MM``: the mandate's Raid-only rule
26.1b, the truces' June 1948 of 22.4 and the two-hex advance of 11.6a), ``optional`` (rules 25.3, 29 and 31 in
force) and ``rulings`` (an umpire's
reading where a ruling of the combat desk offers one). The Arab League holds the desk first (2.0: its player
turn comes first).
"""

from __future__ import annotations

from ...core.errors import InvalidActionError
from ..first_arab_israeli_war import calendar, packs

SLUG = "first-arab-israeli-war-desk"
SCENARIOS = {"desk": "the combat desk: attacks declared one at a time, the map on the umpire's table"}
OPTIONS = {
    "pack": "optional: the data pack whose counters, TEC and CRT the desk reads: 'test' (made-up values, not the "
            "game's), a loaded pack's digest, or the pack itself {\"manifest\": ..., \"files\": ...}; without one "
            "the desk gives the final column and the die, and the umpire reads his CRT",
    "month": "optional: the month of play, YYYY-MM from 1947-12 to 1949-03 (26.1b: Raid only to April 1948; "
             "11.6a: Israeli two-hex advances from May 1948)",
    "optional": "optional rules in force, {rule: true|false}: '25.3' Israel may attack the treaty cities, '29' "
                "commando/guerrilla units (29.2a, 29.2b), '31' fanaticism; all off unless chosen",
    "rulings": "the umpire's reading where a combat ruling offers a choice: {ruling id: choice}",
}
#: The optional rules the desk knows, off unless chosen.
OPTIONAL = ("25.3", "29", "31")
#: The side that holds the desk first.
FIRST = "arab"


def _pack(option) -> dict | None:
    if option is None:
        return None
    digest = packs.from_option(option)
    pack = packs.get(digest)
    return {"digest": digest, "name": pack.name, "test_data": pack.test_data}


def _month(option) -> str | None:
    if option is None:
        return None
    if option not in calendar.MONTHS:
        raise InvalidActionError(f"month: one of {calendar.MONTHS[0]} to {calendar.MONTHS[-1]} (YYYY-MM), not "
                                 f"{str(option)[:20]!r}")
    return option


def _optional(option) -> dict:
    if option is None:
        return {}
    if not isinstance(option, dict) or set(option) - set(OPTIONAL) or \
            not all(isinstance(v, bool) for v in option.values()):
        raise InvalidActionError(f"optional: an object {{rule: true|false}} of the rules {', '.join(OPTIONAL)}")
    return {k: v for k, v in option.items() if v}


def setup(scenario: str, options: dict, g) -> dict:
    pack = _pack(options.get("pack"))
    kept = {**options, "pack": pack["digest"]} if pack else dict(options)
    state = {
        "game": SLUG, "scenario": scenario, "options": kept, "seq": 0, "outcome": None,
        "pack": pack, "month": _month(options.get("month")), "optional": _optional(options.get("optional")),
        "attacks": [], "flow": [],
    }
    g.s = state
    g.call("desk.session", FIRST, attacked=[])
    month = calendar.name(state["month"]) if state["month"] else "no month given"
    with_pack = f"the data pack {pack['name']} ({pack['digest'][:12]})" if pack else "no data pack"
    g.say(f"The combat desk opens: {month}, {with_pack}; the Arab League holds the desk.", rule="11.0",
          kind="setup")
    return state
