"""British Political Will, 0 to 20 (1.8 of each British Way game; Events may not exceed it, 5.1.1)."""

from __future__ import annotations

from ..core.flow import Context
from .tracks import shift_track

PW_MIN, PW_MAX = 0, 20


def shift_will(g: Context, delta: int, why: str, rule: str | None = None) -> int:
    """Moves Political Will by *delta*, clamped to 0..20; returns the change actually made."""
    return shift_track(g, "pw", delta, PW_MIN, PW_MAX, "Political Will", why, rule)
