"""How Palestine's Event cards are written (rule 5).

Each text of each card is registered with :func:`event` under ``(card id, side)`` with ``side`` one of
``unshaded``, ``shaded`` (dual use, 5.2) or ``event`` (single-text cards). A text is either

- a function ``run(g, faction)`` that makes its changes and may push procedures for choices, or
- a :class:`ScriptEvent` procedure whose ``script`` names methods run one after another, each waiting
  for any choice the previous one pushed (so "shift the Haganah Track, then remove Cells" waits for the
  Irgun's Haganah refill before asking for the Cells).

``playable(g, faction)`` says whether the text can do anything now (5.1.3; ruling R-5.1.3: a text that
can do nothing at all is not offered, as the P3 tip says of its unshaded text).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....core.errors import RulesBugError
from ....core.flow import Context, Script

SIDES = ("unshaded", "shaded", "event")


@dataclass(frozen=True)
class EventText:
    cid: str
    side: str
    run: Callable[[Context, str], None] | None = None
    proc: str | None = None
    playable: Callable[[Context, str], bool] | None = None


EVENTS: dict[tuple[str, str], EventText] = {}


def event(cid: str, side: str, playable: Callable[[Context, str], bool] | None = None):
    """Registers a function or a :class:`ScriptEvent` subclass as the *side* text of card *cid*."""
    if side not in SIDES:
        raise RulesBugError(f"bad event side {side!r}")

    def deco(obj):
        if (cid, side) in EVENTS:
            raise RulesBugError(f"event {cid} {side} registered twice")
        if isinstance(obj, type):
            EVENTS[(cid, side)] = EventText(cid, side, proc=obj.name, playable=playable)
        else:
            EVENTS[(cid, side)] = EventText(cid, side, run=obj, playable=playable)
        return obj

    return deco


class ScriptEvent(Script):
    """An Event text run as a list of steps (see module docstring and :class:`engine.core.flow.Script`).
    The frame's role is the executing faction; ``f["faction"]`` too."""


def capability(cid: str, side: str) -> None:
    """Registers a Capability text: it stays in effect for the rest of the game (5.3)."""

    def run(g: Context, faction: str) -> None:
        g.s["capabilities"][cid] = side
        g.say(f"{faction.title()} put {cid} in play, {side}, as a Capability.", faction=faction, rule="5.3")

    event(cid, side)(run)
