"""Standings of a tournament (issue 33, items 4 and 6): points, tie-breaks and ranks.

Pure functions of their inputs. Players are names in *entry order* (the ``players`` sequence), the last
tie-break.

- Points per game for a win, a draw and a loss, and for a bye (``Scoring``; by default 1, 0.5, 0 and 1).
- Only finished games count. A game still in play counts for nothing; an abandoned or forfeited game counts
  as the director rules (``Ruling``: each player's outcome, or ``void`` for a game that does not count for
  them, and the reason), the reason carried to each of its players' rows; without a ruling yet it counts
  for nothing and the row says it awaits one.
- Tie-breaks, in order: the sum of the opponents' points (Buchholz: every opponent in every game that
  counts for the player, at their final total; a bye adds what ``Scoring.bye_buchholz`` says), then the
  sum of the game's own margin over the player's finished games where the game gives one (a number per
  player per game, e.g. the final Political Will; higher is better; a ruled game adds none), then entry
  order. Players level on points, Buchholz and margin share a rank (1, 2, 2, 4), listed in entry order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .pairing import Round

WIN, DRAW, LOSS, VOID = "win", "draw", "loss", "void"
OUTCOMES = (WIN, DRAW, LOSS)

FINISHED, IN_PLAY, ABANDONED, FORFEITED = "finished", "in play", "abandoned", "forfeited"
STATUSES = (FINISHED, IN_PLAY, ABANDONED, FORFEITED)

#: Digits kept when comparing points and tie-breaks, so 0.1 + 0.2 ties with 0.3.
_PLACES = 9


@dataclass(frozen=True)
class Scoring:
    """Points per game and per bye. ``bye_buchholz``: what a bye adds to the player's Buchholz, a number
    (default 0: a bye has no opponent) or ``"own"`` (a virtual opponent on the player's own final points)."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0
    bye_buchholz: float | str = 0.0

    def __post_init__(self):
        if isinstance(self.bye_buchholz, str) and self.bye_buchholz != "own":
            raise ValueError(f"bye_buchholz is a number or 'own', not {self.bye_buchholz!r}")

    def of(self, outcome: str) -> float:
        return {WIN: self.win, DRAW: self.draw, LOSS: self.loss}[outcome]


@dataclass(frozen=True)
class Ruling:
    """The director's ruling on an abandoned or forfeited game: each player's outcome (win, draw, loss, or
    void: the game does not count for them) and the reason shown on the standings."""

    outcome: Mapping[str, str]
    reason: str


@dataclass(frozen=True)
class GameResult:
    """One game of the tournament. ``outcome``: each player's win, draw or loss (finished games).
    ``margins``: the game's own margin per player where the game gives one. ``ruling``: the director's, for
    an abandoned or forfeited game. ``label`` names the game in notes (e.g. its id)."""

    round: int
    players: tuple[str, ...]
    status: str = FINISHED
    outcome: Mapping[str, str] = field(default_factory=dict)
    margins: Mapping[str, float] | None = None
    ruling: Ruling | None = None
    label: str = ""

    @classmethod
    def won(cls, round: int, winner: str, loser: str, margins: Mapping[str, float] | None = None,
            label: str = "") -> GameResult:
        return cls(round, (winner, loser), FINISHED, {winner: WIN, loser: LOSS}, margins, None, label)

    @classmethod
    def drawn(cls, round: int, a: str, b: str, margins: Mapping[str, float] | None = None,
              label: str = "") -> GameResult:
        return cls(round, (a, b), FINISHED, {a: DRAW, b: DRAW}, margins, None, label)

    def counted(self) -> Mapping[str, str] | None:
        """Each player's outcome as it counts (void included), or None when the game counts for nothing."""
        if self.status == FINISHED:
            return self.outcome
        if self.status in (ABANDONED, FORFEITED) and self.ruling is not None:
            return self.ruling.outcome
        return None


@dataclass(frozen=True)
class Bye:
    """A bye: *player* sat out *round*, scoring the tournament's bye points."""

    round: int
    player: str


@dataclass(frozen=True)
class Row:
    """A player's line in the standings. ``margin`` is None when no game of theirs gave one. ``notes``:
    the abandoned and forfeited games, with the director's reason or that a ruling is awaited."""

    rank: int
    player: str
    points: float
    buchholz: float
    margin: float | None
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    notes: tuple[str, ...] = ()


def byes_of(rounds: Iterable[Round]) -> list[Bye]:
    """The byes of paired rounds (``pairing.Round``)."""
    return [Bye(r.number, p) for r in rounds for p in r.byes]


def _check(players: Sequence[str], results: Iterable[GameResult], byes: Iterable[Bye]):
    known = set(players)
    if len(known) != len(players):
        raise ValueError("a player is entered more than once")
    for g in results:
        where = f"round {g.round}{' ' + g.label if g.label else ''}"
        if g.status not in STATUSES:
            raise ValueError(f"{where}: no status {g.status!r} (one of {', '.join(STATUSES)})")
        for p in g.players:
            if p not in known:
                raise ValueError(f"{where}: {p!r} is not a player of this tournament")
        if g.status == FINISHED:
            if set(g.outcome) != set(g.players) or any(o not in OUTCOMES for o in g.outcome.values()):
                raise ValueError(f"{where}: a finished game needs a win, draw or loss for each of its players")
        if g.ruling is not None:
            if g.status not in (ABANDONED, FORFEITED):
                raise ValueError(f"{where}: only an abandoned or forfeited game takes a ruling")
            if set(g.ruling.outcome) != set(g.players) or any(
                    o not in OUTCOMES + (VOID,) for o in g.ruling.outcome.values()):
                raise ValueError(f"{where}: the ruling needs a win, draw, loss or void for each player")
    for b in byes:
        if b.player not in known:
            raise ValueError(f"round {b.round}: the bye's {b.player!r} is not a player of this tournament")


def points(players: Sequence[str], results: Iterable[GameResult], byes: Iterable[Bye] = (),
           scoring: Scoring = Scoring()) -> dict[str, float]:
    """Each player's points: their counted games' outcomes and their byes (what ``pairing.swiss`` ranks by)."""
    results, byes = list(results), list(byes)
    _check(players, results, byes)
    out = {p: 0.0 for p in players}
    for g in results:
        for p, o in (g.counted() or {}).items():
            if o != VOID:
                out[p] += scoring.of(o)
    for b in byes:
        out[b.player] += scoring.bye
    return out


def standings(players: Sequence[str], results: Iterable[GameResult], byes: Iterable[Bye] = (),
              scoring: Scoring = Scoring()) -> list[Row]:
    """The standings table, best first (see the module docstring for the order and the shared ranks).

    :raises ValueError: a result or bye names a player not entered, a finished game lacks an outcome for
        one of its players, or a ruling is malformed.
    """
    results, byes = list(results), list(byes)
    total = points(players, results, byes, scoring)
    buchholz = {p: 0.0 for p in players}
    margin: dict[str, float | None] = {p: None for p in players}
    tally = {p: {WIN: 0, DRAW: 0, LOSS: 0} for p in players}
    notes: dict[str, list[str]] = {p: [] for p in players}
    for g in sorted(results, key=lambda g: g.round):
        counted = g.counted()
        if g.status in (ABANDONED, FORFEITED):
            name = f"round {g.round}{' (' + g.label + ')' if g.label else ''}: {g.status}"
            for p in g.players:
                if g.ruling is None:
                    notes[p].append(f"{name}, awaiting the director's ruling")
                else:
                    notes[p].append(f"{name}, ruled {g.ruling.outcome[p]}: {g.ruling.reason}")
        if counted is None:
            continue
        for p, o in counted.items():
            if o == VOID:
                continue
            tally[p][o] += 1
            buchholz[p] += sum(total[q] for q in g.players if q != p)
            if g.status == FINISHED and g.margins is not None and p in g.margins:
                margin[p] = (margin[p] or 0.0) + g.margins[p]
    for b in byes:
        buchholz[b.player] += total[b.player] if scoring.bye_buchholz == "own" else scoring.bye_buchholz
    bye_count = {p: sum(1 for b in byes if b.player == p) for p in players}

    def level(p: str) -> tuple:
        return (-round(total[p], _PLACES), -round(buchholz[p], _PLACES), -round(margin[p] or 0.0, _PLACES))

    entry = {p: i for i, p in enumerate(players)}
    order = sorted(players, key=lambda p: (level(p), entry[p]))
    rows, rank = [], 0
    for i, p in enumerate(order):
        if i == 0 or level(p) != level(order[i - 1]):
            rank = i + 1
        t = tally[p]
        rows.append(Row(rank, p, total[p], buchholz[p], margin[p], t[WIN] + t[DRAW] + t[LOSS], t[WIN],
                        t[DRAW], t[LOSS], bye_count[p], tuple(notes[p])))
    return rows
