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
        {"label": "Players' steps", "value": _listed(v.get("players_steps"))},
        {"label": "Manual rulings", "value": _listed(v.get("manual"))},
    ]
    out.append({"label": "Posture Boxes", "value": "; ".join(_posture(name, box) for name, box in
                                                             sorted((v.get("postures") or {}).items())) or "none"})
    out.append({"label": "Countries", "value": "; ".join(_country(c) for _, c in
                                                         sorted((v.get("countries") or {}).items())) or "none"})
    if v.get("illustration"):
        out.append({"label": "Position", "value": "ILLUSTRATION built from the fragment's examples, not a real "
                                                  "scenario"})
    return out


def _listed(items) -> str:
    """The players' steps or manual rulings waiting (each with its event and rule), or ``none``."""
    items = items or []
    return "; ".join(f"{i['text']} ({i['event']}: {i['rule']})" for i in items) if items else "none"


def _words(x: str) -> str:
    return x.replace("-", " ")


def _posture(name: str, box: dict) -> str:
    """A Posture Box as the facts give it: ``Russia Disputes (Policy disputes, Truce level 1, Negotiation)``."""
    bits = [f"Policy {', '.join(box['policies'])}"] if box.get("policies") else []
    if box.get("truce"):
        bits.append(f"{_words(box['truce']['kind']).title()} level {box['truce']['level']}")
    if box.get("negotiation"):
        bits.append("Negotiation")
    title = " ".join(w.title() if w != "us" else "US" for w in name.split("-"))
    return f"{title} {_words(box['posture']).title()}" + (f" ({', '.join(bits)})" if bits else "")


def _country(c: dict) -> str:
    """A country as the facts give it: ``Mongolia neutral (Influence Soviet; PAC of disputes)``."""
    bits = [_words(m).title() for m in c.get("markers") or []]
    if c.get("pac"):
        bits.append(f"PAC of {c.get('policy')}" if c.get("policy") else "PAC")
    if c.get("tac"):
        bits.append("TAC")
    return f"{c.get('name')} {c.get('status')}" + (f" ({'; '.join(bits)})" if bits else "")


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
