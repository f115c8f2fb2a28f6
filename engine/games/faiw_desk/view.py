"""What each side sees at the desk (21.0, 21.1), the headline facts and the invariants (issue 23).

Every attack made is open to both sides (combat reveals both stacks, 21.1), and so is the desk's state. An
attack being declared is seen by its attacker; once handed to the defender (``roll``) it is revealed to him, and
the defender's own declaration is his until the die is thrown.
"""

from __future__ import annotations

from ..first_arab_israeli_war import calendar, packs
from .desk import MAX_HALVES, SIDES, TITLES, halves, pack_of

#: State keys every side sees as they are.
OPEN = ("game", "scenario", "options", "seq", "outcome", "pack", "month", "optional", "attacks", "rules_version",
        "rulings")


def view(state: dict, role: str) -> dict:
    v = {k: state.get(k) for k in OPEN}
    v["role"] = role
    flow = state.get("flow") or []
    v["holder"] = flow[0]["role"] if flow else None
    declaring = {}
    for f in flow[1:]:
        if f["p"] == "desk.attack" and (role == f["role"] or any(x["p"] == "desk.defend" for x in flow)):
            declaring["attack"] = {k: f.get(k) for k in ("role", "units", "hex", "leader", "supply", "terrain",
                                                        "shift", "invasion", "fanatic", "table", "truce", "treaty")}
        if f["p"] == "desk.defend" and role == f["role"]:
            declaring["defence"] = {k: f.get(k) for k in ("role", "units", "leader", "double", "entrench", "fanatic",
                                                         "count", "population", "table")}
    v["declaring"] = declaring
    return v


def facts(v: dict) -> list[dict]:
    pack = v.get("pack")
    attacks = v.get("attacks") or []
    last = attacks[-1] if attacks else None
    out = [
        {"label": "Month", "value": calendar.name(v["month"]) if v.get("month") else "not given (26.1b, 11.6a "
                                                                                      "left to the umpire)"},
        {"label": "Data pack", "value": (f"{pack['name']} ({pack['digest'][:12]})"
                                         + (": TEST DATA, not the game's" if pack.get("test_data") else ""))
         if pack else "none: the umpire reads his CRT"},
        {"label": "Desk held by", "value": TITLES.get(v.get("holder"), "nobody")},
        {"label": "Attacks made", "value": str(len(attacks))},
    ]
    if last:
        result = last["result"] or "read by the umpire"
        out.append({"label": "Last attack", "value": f"{last['n']}: {TITLES[last['side']]} on the "
                                                      f"{last['table'].title()} table, column {last['column']}, die "
                                                      f"{last['roll']}: {result}"})
    return out


def invariants(state: dict) -> list[str]:
    out = []
    if state.get("pack"):
        try:
            packs.get(state["pack"]["digest"])
        except Exception as e:  # noqa: BLE001  (the message says which)
            out.append(str(e))
    if state.get("month") is not None and state["month"] not in calendar.MONTHS:
        out.append(f"the month {state['month']!r} is not one of the game's")
    for i, a in enumerate(state.get("attacks") or [], 1):
        if a.get("n") != i or a.get("side") not in SIDES or a.get("roll") not in range(1, 7):
            out.append(f"attack record {i} is malformed")
    flow = state.get("flow") or []
    if not state.get("outcome"):
        if not flow or flow[0]["p"] != "desk.session" or flow[0]["role"] not in SIDES:
            out.append("the desk's session frame is not at the bottom of the stack")
    for f in flow[1:]:
        if f["p"] == "desk.attack":
            used = set(flow[0].get("attacked", []))
            for h in {u["hex"] for u in f["units"]}:
                if sum(halves(state, u) for u in f["units"] if u["hex"] == h) > MAX_HALVES:
                    out.append(f"more than 2 brigades attack from hex {h} (8.2)")
            if pack_of(state) is not None and used & {u["id"] for u in f["units"]}:
                out.append("a unit attacks twice in one phase (11.1a)")
    return out
