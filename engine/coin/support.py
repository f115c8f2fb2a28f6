"""Support and Opposition (or Loyalty and Resistance) and Population in the British Way games.

Each game's 1.6 sets the levels a space may take: Malaya three (Opposition, Neutral, Support), Arab Revolt
two (Neutral, Opposition, as a marker), Kenya and Cyprus their own. A space's level is kept in its counts
under the track's ``key`` as a number, 0 for Neutral, negative toward Opposition, positive toward Support;
only the kinds of space the game names take one (Malaya: Provinces and Kuala Lumpur; not Thailand or the
Economic Centres). Population is the map's (``Board.pop``, each value with its source in ``map.json``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import RulesBugError
from ..core.flow import Context
from .board import Board


@dataclass(frozen=True)
class SupportTrack:
    """One game's Support/Opposition levels (see the module docstring).

    :ivar board: the game's board.
    :ivar levels: the levels' names from the most opposed to the most supportive, Neutral in the middle
        (``("opposition", "neutral", "support")``).
    :ivar kinds: the kinds of space that take a level.
    :ivar key: where a space's counts keep its level.
    :ivar rule: the rule cited in the log.
    """

    board: Board
    levels: tuple[str, ...]
    kinds: frozenset[str]
    key: str = "support"
    rule: str = "1.6"

    @property
    def lowest(self) -> int:
        return -(len(self.levels) // 2)

    @property
    def highest(self) -> int:
        return len(self.levels) // 2

    def takes(self, sid: str) -> bool:
        """Whether *sid* takes a Support/Opposition level at all."""
        return self.board.kind[sid] in self.kinds

    def level(self, g: Context, sid: str) -> int:
        """The level of *sid*: 0 Neutral, below 0 Opposition, above 0 Support."""
        return g.s["spaces"][sid].get(self.key, 0)

    def word(self, level: int) -> str:
        """``Support``, ``Neutral``, ``Opposition`` (or the game's words)."""
        return self.levels[level - self.lowest].replace("-", " ").title()

    def label(self, g: Context, sid: str) -> str:
        return self.word(self.level(g, sid))

    def set(self, g: Context, sid: str, level: int, why: str, rule: str | None = None) -> None:
        """Sets *sid* to *level* (an Event's "set to Neutral"), logging a change."""
        if not self.takes(sid):
            raise RulesBugError(f"{sid} takes no Support/Opposition level")
        if not self.lowest <= level <= self.highest:
            raise RulesBugError(f"no level {level} on this track")
        before = self.level(g, sid)
        if before != level:
            g.s["spaces"][sid][self.key] = level
            g.say(f"{self.board.name(sid)} went from {self.word(before)} to {self.word(level)} ({why}).",
                  rule=rule or self.rule)

    def shift(self, g: Context, sid: str, steps: int, why: str, rule: str | None = None) -> int:
        """Shifts *sid* by *steps* levels (positive toward Support), stopping at the track's ends; returns
        the shift made."""
        before = self.level(g, sid)
        after = max(self.lowest, min(self.highest, before + steps))
        self.set(g, sid, after, why, rule)
        return after - before

    def spaces_at(self, g: Context, test: Callable[[int], bool]) -> list[str]:
        """The spaces that take a level whose level passes *test* (``lambda v: v > 0``: at Support)."""
        spaces = g.s["spaces"]
        return [s for s in self.board.spaces if self.takes(s) and test(spaces[s].get(self.key, 0))]

    def population(self, g: Context, test: Callable[[int], bool],
                   where: Callable[[str], bool] | None = None) -> int:
        """The total Population of the spaces at a level passing *test* (and *where*, if given): Malaya's
        Total Support and Total Opposition (6.1)."""
        pop = self.board.pop
        return sum(pop[s] for s in self.spaces_at(g, test) if where is None or where(s))

