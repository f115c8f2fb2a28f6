"""The numbered tracks of the British Way games (Political Will, Resources, Haganah, Unity...): a value in
the state moved by a delta, never past the track's ends (5.1.1 of each game: an Event may not exceed them)."""

from __future__ import annotations

from ..core.flow import Context


def shift_track(g: Context, key: str, delta: int, low: int, high: int, label: str, why: str,
                rule: str | None = None) -> int:
    """Moves the track ``g.s[key]`` by *delta*, clamped to *low*..*high* (5.1.1: an Event never moves a
    track past its ends); returns the change made and logs it (``Political Will rose from 7 to 9 (...)``)."""
    before = g.s[key]
    after = max(low, min(high, before + delta))
    g.s[key] = after
    if after != before:
        g.say(f"{label} {'rose' if after > before else 'fell'} from {before} to {after} ({why}).", rule=rule)
    return after - before
