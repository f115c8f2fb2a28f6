"""The headline values of a position as the generic layers print them (text board, PDF header, mail, game page):
the month and impulse, the phase and whose it is, the VP, the truce, the data pack (issue 23: ``facts(view)``)."""

from __future__ import annotations

from . import calendar
from .sequence import PHASE_NAMES
from .units import SIDE_TITLES


def facts(v: dict) -> list[dict]:
    truce = v.get("truce")
    pack = v["pack"]
    phase = PHASE_NAMES.get(v.get("phase"), v.get("phase") or "")
    who = SIDE_TITLES.get(v.get("phasing"), "")
    out = [
        {"label": "Turn", "value": f"{calendar.name(v['month'])}, impulse {v['impulse']} "
                                   f"(to {calendar.name(v['last_month'])})"},
        {"label": "Phase", "value": f"{who}'s {phase}" if who else phase},
        {"label": "VP", "value": f"Arab League {v['vp']['arab']}, Israel {v['vp']['israel']}"},
        {"label": "Truce", "value": f"until the end of {calendar.name(truce['until'])}" if truce else "none"},
        {"label": "Terrorized", "value": str(len(v.get("terrorized") or {}))},
        {"label": "Data pack", "value": f"{pack['name']} ({pack['digest'][:12]})"
                                        + (": TEST DATA, not the game's" if pack.get("test_data") else "")},
    ]
    return out
