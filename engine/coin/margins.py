"""The British Way games' own margin for a tournament's tie-break (issue 33, item 4): how far the final
British Political Will ended from the point that decides the game (``GameDefinition.margins``).

Each game's ``victory`` module says which rule sets that point and names its insurgent; this builds the
function: the British score the distance, the insurgent its negative; nothing before the game ends.
"""

from __future__ import annotations

from collections.abc import Callable


def political_will(insurgent: str, point: int, summary: str) -> Callable[[dict], dict[str, float] | None]:
    """The margin function: final Political Will less *point*, the British's; *summary* is its first docstring
    line, which the standings print as what the margin measures."""

    def margins(state: dict) -> dict[str, float] | None:
        if not state.get("outcome"):
            return None
        d = state["pw"] - point
        return {"british": float(d), insurgent: float(-d)}

    margins.__doc__ = summary
    return margins
