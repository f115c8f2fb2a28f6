"""Positions for the Movement phase's tests (7.0-9.0, 19.1, 20.1, 22, 25, 26.1, 27.4, 30.0) on the test pack.

``at_movement(side, place=..., supply=...)``: a deployed game advanced to *side*'s Reorganization phase (of
*month*), the map emptied (every counter back to the pool, no supply, no entrenchment; the British kept only if
asked), the counters of *place* put in their hexes and the supply points of *supply* placed, then ``end``: the
Movement phase begins on that position (20.1's leaders are read as it begins). ``legal`` and ``refused`` read the
orders offered and the reason an order is refused.
"""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import units

from .faiw_helpers import act, advance_to, deployed, put


def empty(state: dict, keep_british: bool = False) -> None:
    for cid, rec in state["units"].items():
        if rec["status"] == "map" and not (keep_british and units.side_of(state, cid) == "british"):
            state["units"][cid] = {"status": "pool", "at": None, "broken": False}
    for side in units.SIDES:
        state["supply"][side].clear()
    state["entrenched"].clear()


def at_movement(side: str = "israel", *, scenario: str = "independence", month: str | None = None,
                place: dict[str, str] | None = None, supply: dict[tuple[str, str], int] | None = None,
                keep_british: bool = False, before=None, **options) -> dict:
    s = deployed(scenario, **options)
    advance_to(s, side, "reorganization", month)
    empty(s, keep_british)
    for cid, hex_ in (place or {}).items():
        put(s, cid, hex_)
    for (who, hex_), n in (supply or {}).items():
        s["supply"][who][hex_] = n
    if before:
        before(s)
    act(s, side, "end")
    assert (s["phase"], s["phasing"]) == ("movement", side)
    return s


def legal(state: dict, side: str | None = None) -> dict[str, list[str]]:
    return engine.legal_actions(state, side or state["phasing"])


def frame(state: dict) -> dict:
    return next(f for f in reversed(state["flow"]) if f["p"] == "faiw.phase.movement")


def force(state: dict) -> dict | None:
    return frame(state)["force"]


def left(state: dict) -> dict[str, float]:
    """The MP each member of the force on the move has left."""
    return {k: v / 2 for k, v in force(state)["left"].items()}


def refused(state: dict, order: str, side: str | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as e:
        act(state, side or state["phasing"], order)
    return e.value


def at(state: dict, cid: str) -> str | None:
    return state["units"][cid]["at"]


def orders(state: dict, *lines: str, side: str | None = None, rolls=()) -> dict:
    """Gives *lines* in turn (the dice *rolls* with the last)."""
    for i, line in enumerate(lines):
        act(state, side or state["phasing"], line, rolls if i == len(lines) - 1 else ())
    return state
