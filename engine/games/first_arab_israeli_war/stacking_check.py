"""The stacking check at the end of every Movement and Combat phase, both sides' units (8.1a): each unit of a
side with more than two brigades in a hex is broken (8.1b); a unit already broken stays broken, not eliminated
(13.4: only a second break by combat or by a retreat into an enemy ZOC eliminates)."""

from __future__ import annotations

from ...hexwar.stacking import overstacked
from . import units
from .units import SIDE_TITLES, SIDES
from .view import private_to


def end_of_phase(g, phase: str) -> None:
    """8.1a-b at the end of *phase* (``movement`` or ``combat``)."""
    s = g.s
    board = units.board(s)
    for side in SIDES:
        for hex_, total in sorted(overstacked(board, side).items()):
            hit = [cid for cid in units.at(s, hex_) if units.side_of(s, cid) == side and units.unit(s, cid).combat
                   and not s["units"][cid]["broken"] and units.counter(s, cid).back is not None]
            for cid in hit:
                s["units"][cid]["broken"] = True
            g.say(f"{SIDE_TITLES[side]} had {total} brigades in {hex_} at the end of the {phase} phase, more than "
                  f"two: {', '.join(hit) if hit else 'its units, already broken,'} "
                  f"{'were' if len(hit) != 1 else 'was'} broken (8.1b).", faction=side, rule="8.1b",
                  to=private_to(s, side, hex_))  # a hidden stack's break is its owner's to read (21.0)
