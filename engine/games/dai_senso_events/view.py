"""What each faction sees, the headline facts and the invariants (issue 23).

Nothing is hidden in the political events fragment: every box, marker, card played and Current Card it reads is
open on the table, and every choice is made openly. Each role sees the whole state, the event being resolved
(``event``), the declaration under way (``declaring``), and what the events handed on: ``players_steps`` (parts
defined outside section 15, for the players, ruling R-15-outside) and ``manual`` (manual rulings for the umpire).
"""

from __future__ import annotations

from .position import BODY, FORMAT, SCENARIO, SLUG, validate
from .state import FACTIONS, TITLES

OPEN = ("game", "scenario", "options", "seq", "outcome", "rules_version", "rulings", *BODY)


def view(state: dict, role: str) -> dict:
    v = {k: state.get(k) for k in OPEN}
    v["role"] = role
    flow = state.get("flow") or []
    v["holder"] = flow[0]["role"] if flow else None
    v["declaring"] = None
    v["event"] = None
    for f in flow[1:]:
        if f["p"] == "ds.declare":
            v["declaring"] = {"n": f["n"], "recv": f["recv"], **f["fields"]}
        elif f["p"].startswith("ds.15."):
            v["event"] = {k: x for k, x in f.items() if k != "p"}  # nothing of this fragment is hidden
    return v


def facts(v: dict) -> list[dict]:
    gov = v.get("government") or {}
    cards = v.get("cards") or {}
    out = [
        {"label": "War", "value": f"{v.get('war')} ({v.get('mode')}), turn {v.get('turn')}, {v.get('season')}"},
        {"label": "Japanese Government", "value": f"{str(gov.get('side')).title()} side, in its "
                                                  f"{'Holding Box' if gov.get('box') == 'holding' else 'Delay Box'}"},
        {"label": "Current Cards", "value": ", ".join(f"{f.title()} {(cards.get(f) or {}).get('current') or '-'}"
                                                      for f in FACTIONS)},
        {"label": "Desk held by", "value": TITLES.get(v.get("holder"), "nobody")},
        {"label": "Players' steps", "value": str(len(v.get("players_steps") or []))},
        {"label": "Manual rulings", "value": str(len(v.get("manual") or []))},
    ]
    if v.get("illustration"):
        out.append({"label": "Position", "value": "ILLUSTRATION built from the fragment's examples, not a real "
                                                  "scenario"})
    return out


def invariants(state: dict) -> list[str]:
    out = []
    flow = state.get("flow") or []
    if not state.get("outcome") and (not flow or flow[0]["p"] != "ds.desk" or flow[0]["role"] not in FACTIONS):
        out.append("the desk's frame is not at the bottom of the stack")
    body = {"format": FORMAT, "game": SLUG, "scenario": SCENARIO, **{k: state.get(k) for k in BODY},
            "start": {"faction": flow[0]["role"] if flow else "axis"}}
    if body["illustration"] is None:
        del body["illustration"]
    out += [f"the state is no valid position: {f}" for f in validate(body)]
    return out
