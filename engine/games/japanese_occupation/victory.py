"""Japanese Occupation's victory (7.0) as a margin: how far the final Resistance ended from 18 (issue 33,
item 4).

7.0.1: at the final Propaganda Round, Resistance (1.13, 0 to 20) below 18 is a Japanese win; 20 a British win;
18-19 a British win with fewer Jungle Camps than Force 136 markers on the map, else the MPAJA win and both
players lose. 18 is the least Resistance the British can win with: the margin is measured from it, the higher
Resistance the better for the British and the worse for the Japanese (a Japanese win is a positive margin).
The camps and markers decide only within 18-19 and are not part of the margin.
"""

from __future__ import annotations

#: 7.0.1: Resistance below this is a Japanese win; at or above it the British may win.
BRITISH_LEAST = 18


def margins(state: dict) -> dict[str, float] | None:
    """Final Resistance less 18 (7.0.1): the British score it, the Japanese its negative."""
    if not state.get("outcome"):
        return None
    d = state["resistance"] - BRITISH_LEAST
    return {"british": float(d), "japanese": float(-d)}
