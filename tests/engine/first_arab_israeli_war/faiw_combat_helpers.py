"""Positions for the Combat phase's tests (issue 31): a deployed game brought to a side's Combat phase, its map
emptied, then the units each test needs put by hand (``faiw_helpers.put``), the dice fixed (``act(...,
rolls=[...])``).

The test pack's map (made-up data): 8 columns x 5 rows, flat-topped, odd columns shifted down. Clear hexes in
Palestine: 0202 (new Haifa), 0203 (Tel Aviv), 0204 (Gaza), 0302 (old Haifa), 0303 (a kibbutz) and 0502
(Tiberias); 0304, 0305, 0405, 0504, 0604 are desert; 0402 and 0403 rough (shift 1); 0404 and 0503 mountain
(shift 2); rivers 0202-0203, 0203-0302, 0302-0303 (shift 1); bridges 0202-0203 and 0603-0703.
"""

from __future__ import annotations

import engine
from engine.games.first_arab_israeli_war import units

from .faiw_helpers import act, advance_to, deployed


def empty_board(state: dict) -> None:
    """Every counter off the map (back in the pool), no supply, nothing revealed, no entrenchment."""
    for cid, rec in state["units"].items():
        if rec["status"] == "map":
            state["units"][cid] = {"status": "pool", "at": None, "broken": False}
    for side in units.SIDES:
        state["supply"][side].clear()
        state["revealed"][side].clear()
    state["entrenched"].clear()


def combat_position(side: str = "arab", scenario: str = "independence", month: str | None = None,
                    **options) -> dict:
    """*side*'s Combat phase with an empty map."""
    state = deployed(scenario, **options)
    advance_to(state, side, "combat", month)
    empty_board(state)
    return state


def texts(step) -> list[str]:
    return [e["text"] for e in step.log]


def legal(state: dict, role: str) -> dict:
    return engine.legal_actions(state, role)


def play(state: dict, *lines) -> list:
    """Applies each line in turn, by the role whose decision it is: an order, or ``(order, [rolls])`` with the
    dice of the step that rolls them; returns the steps."""
    out = []
    for line in lines:
        order, rolls = line if isinstance(line, tuple) else (line, ())
        out.append(act(state, who(state), order, rolls=rolls))
    return out


def who(state: dict) -> str:
    return engine.active_roles(state)[0]


def log_of(steps) -> str:
    return "\n".join(t for s in steps for t in texts(s))
