"""How the British Way games' Event cards are written (rule 5 of each game).

Each game keeps one :class:`EventRegistry`. Each text of each card is registered under ``(card id, side)``
with ``side`` one of ``unshaded``, ``shaded`` (dual use, 5.2) or ``event`` (single-text cards). A text is
either

- a function ``run(g, faction)`` that makes its changes and may push procedures for choices, or
- a :class:`ScriptEvent` procedure whose ``script`` names methods run one after another, each waiting
  for any choice the previous one pushed.

``playable(g, faction)`` says whether the text can do anything now (5.1.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import RulesBugError
from ..core.flow import Context, Script
from .wording import side_name

SIDES = ("unshaded", "shaded", "event")


@dataclass(frozen=True)
class EventText:
    cid: str
    side: str
    run: Callable[[Context, str], None] | None = None
    proc: str | None = None
    playable: Callable[[Context, str], bool] | None = None


class EventRegistry(dict):
    """``(card id, side) -> EventText`` of one game."""

    def event(self, cid: str, side: str, playable: Callable[[Context, str], bool] | None = None):
        """Registers a function or a :class:`ScriptEvent` subclass as the *side* text of card *cid*."""
        if side not in SIDES:
            raise RulesBugError(f"bad event side {side!r}")

        def deco(obj):
            if (cid, side) in self:
                raise RulesBugError(f"event {cid} {side} registered twice")
            if isinstance(obj, type):
                self[(cid, side)] = EventText(cid, side, proc=obj.name, playable=playable)
            else:
                self[(cid, side)] = EventText(cid, side, run=obj, playable=playable)
            return obj

        return deco

    def capability(self, cid: str, side: str) -> None:
        """Registers a Capability text: it stays in effect for the rest of the game (5.3)."""

        def run(g: Context, faction: str) -> None:
            g.s["capabilities"][cid] = side
            g.say(f"{side_name(faction)} put {cid} in play, {side}, as a Capability.", faction=faction, rule="5.3")

        self.event(cid, side)(run)

    def sides(self, g: Context, faction: str, card: dict) -> list[str]:
        """The texts of *card* *faction* may execute now (5.2, 5.1.3). A text not registered is a rules bug:
        there is no fallback that would quietly turn an unwritten card into a Pass."""
        out = []
        for side in ["event"] if card["single"] else ["unshaded", "shaded"]:
            text = self.get((card["id"], side))
            if text is None:
                raise RulesBugError(f"{card['id']} {side} is not implemented")
            if text.playable is None or text.playable(g, faction):
                out.append(side)
        return out

    def start(self, g: Context, faction: str, card: dict, side: str) -> None:
        """Logs and starts the *side* text of *card* for *faction* (5.1)."""
        text = self[(card["id"], side)]
        label = card["unshaded" if side in ("unshaded", "event") else "shaded"]
        g.say(f"{side_name(faction)} executed {card['title']} ({card['id']}, {side}: {label}).", faction=faction,
              rule="5.1", card=card["id"])
        if text.proc:
            g.call(text.proc, faction, faction=faction)
        else:
            text.run(g, faction)


class ScriptEvent(Script):
    """An Event text run as a list of steps (see :class:`engine.core.flow.Script`). The frame's role is the
    executing faction; ``f["faction"]`` too."""
