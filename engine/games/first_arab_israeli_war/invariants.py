"""What must hold after every step (the fuzz checks it, issue 23): the counters' records, stacking between sides
(8.3), supply within the counter mix (4.6), the calendar and the VP ledger's type."""

from __future__ import annotations

from . import calendar, units
from .units import SIDES, STATUSES


def invariants(state: dict) -> list[str]:
    out = []
    pack = units.pack_of(state)
    m = pack.map
    sides_at: dict[str, set[str]] = {}
    for cid, rec in state["units"].items():
        if cid not in pack.counters:
            out.append(f"{cid} is not a counter of the pack's mix (4.6)")
            continue
        if rec["status"] not in STATUSES:
            out.append(f"{cid} has the status {rec['status']!r}")
        if rec["status"] == "map":
            if not m.has(rec["at"]) or m.is_water(rec["at"]):
                out.append(f"{cid} stands in {rec['at']!r}, not a land hex of the map (7.4)")
            else:
                side = units.side_of(state, cid)
                sides_at.setdefault(rec["at"], set()).add(side)
        elif rec["at"] is not None:
            out.append(f"{cid} is {rec['status']} but stands in {rec['at']}")
        if rec["broken"] and pack.counters[cid].back is None:
            out.append(f"{cid} is broken but has no broken face (19.5c)")
    for side in SIDES:
        for h, pts in state["supply"][side].items():
            if pts <= 0:
                out.append(f"{side} has {pts} supply points in {h}")
            sides_at.setdefault(h, set()).add(side)
        if units.supply_in_play(state, side) > units.supply_cap(state, side):
            out.append(f"{side} has more supply points in play than the mix holds (4.6)")
    for h, sides in sides_at.items():
        if len(sides & set(SIDES)) > 1:
            out.append(f"Arab League and Israeli units share {h} (8.3)")
    if state["month"] not in calendar.MONTHS or not state["first_month"] <= state["month"] <= state["last_month"]:
        out.append(f"the month {state['month']} is outside the scenario (2.2)")
    for side in SIDES:
        if not isinstance(state["vp"][side], int):
            out.append(f"{side}'s VP is not a whole number")
    return out
