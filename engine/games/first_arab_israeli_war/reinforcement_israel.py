"""Israel's Reinforcement phase (Reinforcement Table, Israeli reinforcements and placement, L1150-L1183; 23.0,
24.0): the month's units and supply, the Arms Factory's and the Secret Airfield's point, the airfield's return, and
the commando/guerrilla battalion received when the three placement cities are lost.

- L1152-L1167: the month's row, all Zahal; its combat units go to ``israel_combat``, its supply to
  ``israel_supply``, its leader with an Israeli unit (L1183), its air units to the Available box (10.1a);
- 23.1 (L1177) and 24.1 (L1179): one more supply point at the Arms Factory and one at the Secret Airfield in
  each Israeli Reinforcement phase while each is on the map (ruling R-23.1-every: the table's '*' and '#' mark
  only the rows from May 1948, but 23.1 and 24.1 say each phase), and one at the airfield the turn it is placed
  (L1181);
- 24.2: a destroyed airfield returns in the Israeli Reinforcement phase two turns later
  (``state["flags"]["airfield_back"]``: the month; :func:`airfield_destroyed` sets it);
- L1171: if Tel Aviv, the new city of Haifa and the new city of Jerusalem are all Arab-occupied or terrorized, the
  combat reinforcements due are lost and one Zahal commando/guerrilla battalion comes instead, in a non-terrorized
  Israeli-occupied hex with a Star of David (ruling R-4.0-fallback).
"""

from __future__ import annotations

from . import calendar, units
from . import reinforcement_areas as areas
from . import reinforcement_place as placing
from . import reinforcement_table as table

PLACEMENT = table.TABLE["israel"]["placement"]


def _on_map(state: dict, kind: str) -> str | None:
    for cid in units.on_map(state, "israel"):
        if units.counter(state, cid).type == kind:
            return cid
    return None


def begin(g, f: dict, reserved: set[str]) -> None:
    """Everything Israel receives as its Reinforcement phase begins (the placements wait for its orders)."""
    s = g.s
    row = table.israel_row(s["month"])
    if row:
        rule = table.cite(row["at"])
        placing.add_units(g, f, "israel", "zahal", row["units"], "israel_combat", rule, reserved)
        if row["supply"]:
            f.setdefault("supply", []).append({"points": row["supply"], "area": "israel_supply",
                                               "rule": table.cite(PLACEMENT["israel_supply"]["at"])})
    back = s["flags"].get("airfield_back")
    if back and back <= s["month"]:
        del s["flags"]["airfield_back"]
        field = next((cid for cid, r in s["units"].items() if units.counter(s, cid).type == "secret_airfield"
                      and r["status"] in ("eliminated", "pool", "out")), None)
        if field:
            f.setdefault("todo", []).append(placing.item(field, s["units"][field]["status"], "airfield", "24.2"))
            placing.reserve(s, field)
            g.say("The Secret Airfield returned two turns after its destruction (24.2).", faction="israel",
                  rule="24.2")
    for kind, why, key in (("arms_factory", "the Arms Factory", "arms_factory"),
                           ("secret_airfield", "the Secret Airfield", "secret_airfield")):
        cid = _on_map(s, kind)
        if cid:
            p = PLACEMENT[key]
            placing.add_points(g, "israel", s["units"][cid]["at"], p["points"], why, p["rule"])
    if areas.cities_lost(s):
        fallback(g, f, reserved)


def fallback(g, f: dict, reserved: set[str]) -> None:
    """L1171: the three cities Arab-occupied or terrorized: the combat reinforcements due are lost and one Zahal
    commando/guerrilla battalion comes in return (ruling R-4.0-fallback)."""
    s = g.s
    due = [it for it in f.get("todo", ()) if it["area"] == "israel_combat"]
    if not due:
        return
    for it in due:
        f["todo"].remove(it)
        s["units"][it["cid"]] = {"status": "out", "at": None, "broken": False}
    rule = table.cite(PLACEMENT["fallback"]["at"])
    g.say(f"Tel Aviv, the new city of Haifa and the new city of Jerusalem are all occupied by the Arab League or "
          f"terrorized: Israel lost its {len(due)} combat reinforcement{'s' if len(due) != 1 else ''} "
          f"({', '.join(it['cid'] for it in due)}) and receives one commando/guerrilla battalion instead ({rule}).",
          faction="israel", rule=rule)
    placing.add_units(g, f, "israel", "zahal", PLACEMENT["fallback"]["units"], "israel_fallback", rule, reserved)


def airfield_destroyed(g, cid: str) -> None:
    """24.2: the Secret Airfield *cid* was destroyed (the caller has taken it off the map): it returns in the
    Israeli Reinforcement phase two turns later, if the game lasts that long."""
    s = g.s
    i = calendar.MONTHS.index(s["month"]) + 2
    if i < len(calendar.MONTHS) and calendar.MONTHS[i] <= s["last_month"]:
        s["flags"]["airfield_back"] = calendar.MONTHS[i]
        g.say(f"The Secret Airfield will return in the Israeli Reinforcement phase of "
              f"{calendar.name(calendar.MONTHS[i])} (24.2).", faction="israel", rule="24.2")
