"""Each player's response time in a tournament (issue 33, item 3: "each player's response time (median and
longest wait per decision)"). Pure functions of timestamps: no database, no clock (the time "now" is a
parameter); ``desk`` reads the rows and calls them.

**A decision** is one submission of a seat that was accepted (wholly or in part): a move file, an email or
a page form of several orders is one decision, though it writes one ``Move`` row per accepted action (all
with its ``submission_id`` and the time it was adjudicated). Not a player's decision, so not counted:

- the setup (``role`` ``umpire``, no submission), the umpire's corrections (no submission) and anything
  else in the log without a submission (an imported game's moves);
- a move the umpire entered for a seat (its submission named by a ``move-entered`` event): the seat did not
  send it;
- the moves a rollback undid (they are no longer in ``moves``): the position is played again, and the
  decision made there then is the one counted.

**The wait of a decision** runs from the time the position it was made at was reached to the time it was
adjudicated (``Move.created_at``), less the time the game was paused in between (no move is taken while
a game is paused, so a pause is nobody's wait). A position is reached when its last action was
adjudicated (the previous ``Move``'s ``created_at``; position 0 when the game was made), or again when a
rollback went back to it (the ``rolled-back`` event's time), whichever is later but still before the
decision. A seat asked at a position where another seat decided first is measured from the position it
answered (the log does not say when each seat was first asked).

**Per player**: the number of decisions, the median and the longest wait (in seconds; none without a
decision), the game of the longest, and the current wait where the player is awaited now (in a game going
on: from the current position's time to *now*, less the time paused; the longest where awaited in several).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

#: The ``GameEvent`` kinds that stop and restart a game's clock, and the one that reaches a position again.
PAUSED, RESUMED, ROLLED_BACK, MOVE_ENTERED = "paused", "resumed", "rolled-back", "move-entered"


@dataclass(frozen=True)
class LoggedMove:
    """One row of a game's move log: its position number, the seat whose submission wrote it, the
    submission (None for the setup, a correction, an import) and when it was adjudicated."""

    seq: int
    role: str
    submission: str | None
    at: datetime


@dataclass(frozen=True)
class GameClock:
    """What a game's times are read from: when it was made, its move log, its rollbacks (``(to, at)``), its
    pauses (``(start, end)``, ``end`` None while paused; ``pauses``), the submissions the umpire entered for
    a seat, and who plays each seat (role -> player)."""

    game: str
    created: datetime
    moves: Sequence[LoggedMove]
    seats: Mapping[str, str]
    rollbacks: Sequence[tuple[int, datetime]] = ()
    pauses: Sequence[tuple[datetime, datetime | None]] = ()
    entered: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Decision:
    """One decision: who made it, in which game, at which position (the one it answered), when that
    position was reached, when the decision was adjudicated, and the wait in seconds (pauses left out)."""

    player: str
    role: str
    game: str
    seq: int
    reached: datetime
    made: datetime
    wait: float


@dataclass(frozen=True)
class Awaited:
    """A player awaited now: in which game, at which position, since when, and the wait so far (seconds,
    pauses left out); ``paused``: the game is paused now (the wait does not grow)."""

    player: str
    role: str
    game: str
    seq: int
    since: datetime
    wait: float
    paused: bool = False


@dataclass
class PlayerTimes:
    """A player's response times (seconds). ``median``, ``longest`` and ``longest_game`` are None without a
    decision; ``waiting`` is the longest current wait (None when not awaited), ``awaited`` every game where
    the player is awaited now."""

    player: str
    decisions: int = 0
    median: float | None = None
    longest: float | None = None
    longest_game: str | None = None
    waiting: float | None = None
    awaited: list[Awaited] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"player": self.player, "decisions": self.decisions, "median_seconds": self.median,
                "longest_seconds": self.longest, "longest_game": self.longest_game,
                "waiting_seconds": self.waiting,
                "awaited": [{"game": a.game, "role": a.role, "seq": a.seq, "since": iso(a.since),
                             "waiting_seconds": a.wait, "paused": a.paused} for a in self.awaited]}


def span(seconds: float | None, none: str = "—") -> str:
    """A wait as the desk shows it: ``2d 03h 05m``, ``4h 00m``, ``12m``; *none* for no wait."""
    if seconds is None:
        return none
    minutes = int(seconds // 60)
    d, rest = divmod(minutes, 24 * 60)
    h, m = divmod(rest, 60)
    if d:
        return f"{d}d {h:02d}h {m:02d}m"
    return f"{h}h {m:02d}m" if h else f"{m}m"


def iso(t: datetime | None) -> str | None:
    """A stored time (naive UTC) as the API writes times: ISO 8601 with ``Z``."""
    return None if t is None else t.isoformat() + "Z"


def pauses(events: Iterable[tuple[str, datetime]]) -> list[tuple[datetime, datetime | None]]:
    """The intervals a game was paused, from its ``paused`` and ``resumed`` events (``(kind, at)``, in the
    order they happened; other kinds are ignored). A ``paused`` while paused, or a ``resumed`` while not,
    changes nothing; the last interval is open (``end`` None) while the game is paused."""
    out: list[tuple[datetime, datetime | None]] = []
    start: datetime | None = None
    for kind, at in events:
        if kind == PAUSED and start is None:
            start = at
        elif kind == RESUMED and start is not None:
            out.append((start, at))
            start = None
    if start is not None:
        out.append((start, None))
    return out


def paused_between(intervals: Iterable[tuple[datetime, datetime | None]], start: datetime, end: datetime) -> float:
    """Seconds of [start, end] during which the game was paused (an open interval runs to *end*)."""
    total = 0.0
    for a, b in intervals:
        lo, hi = max(a, start), min(b or end, end)
        if hi > lo:
            total += (hi - lo).total_seconds()
    return total


def wait_seconds(clock: GameClock, start: datetime, end: datetime) -> float:
    """Seconds from *start* to *end*, less the time the game was paused then (never below 0)."""
    return max(0.0, (end - start).total_seconds() - paused_between(clock.pauses, start, end))


def reached(clock: GameClock, seq: int, before: datetime) -> datetime:
    """When position *seq* was reached as it stood at time *before*: its last action's adjudication (the
    game's creation for position 0, or without the row), or a later rollback to it made by then."""
    at = next((m.at for m in clock.moves if m.seq == seq), None) or clock.created
    again = [t for to, t in clock.rollbacks if to == seq and at < t <= before]
    return max(again, default=at)


def decisions(clock: GameClock) -> list[Decision]:
    """Every decision a player made in the game (see the module's docstring), in the order made."""
    firsts: dict[str, LoggedMove] = {}
    for m in sorted(clock.moves, key=lambda m: m.seq):
        if m.submission is None or m.submission in clock.entered or m.role not in clock.seats:
            continue
        firsts.setdefault(m.submission, m)
    out = []
    for m in sorted(firsts.values(), key=lambda m: m.seq):
        start = reached(clock, m.seq - 1, m.at)
        out.append(Decision(clock.seats[m.role], m.role, clock.game, m.seq - 1, start, m.at,
                            wait_seconds(clock, start, m.at)))
    return out


def awaited(clock: GameClock, seq: int, roles: Iterable[str], now: datetime, paused: bool = False) -> list[Awaited]:
    """The players of *roles*, awaited at position *seq* of the game, with their wait until *now*."""
    since = reached(clock, seq, now)
    wait = wait_seconds(clock, since, now)
    return [Awaited(clock.seats[r], r, clock.game, seq, since, wait, paused) for r in roles if r in clock.seats]


def per_player(players: Sequence[str], made: Iterable[Decision], waiting: Iterable[Awaited]) -> list[PlayerTimes]:
    """Each player's response times, in the order of *players* (a player named only in *made* or *waiting*
    comes after them, in the order first met)."""
    rows: dict[str, PlayerTimes] = {p: PlayerTimes(p) for p in players}
    waits: dict[str, list[Decision]] = {}
    for d in made:
        waits.setdefault(d.player, []).append(d)
        rows.setdefault(d.player, PlayerTimes(d.player))
    for a in waiting:
        rows.setdefault(a.player, PlayerTimes(a.player)).awaited.append(a)
    for p, row in rows.items():
        ds = waits.get(p, [])
        if ds:
            longest = max(ds, key=lambda d: d.wait)  # the first of equal longest waits
            row.decisions, row.median = len(ds), float(statistics.median(d.wait for d in ds))
            row.longest, row.longest_game = longest.wait, longest.game
        if row.awaited:
            row.awaited.sort(key=lambda a: -a.wait)
            row.waiting = row.awaited[0].wait
    return list(rows.values())
