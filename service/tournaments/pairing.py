"""Pairings of a tournament's rounds (issue 33, item 2): round-robin, Swiss and the director's manual ones.

Pure functions of their inputs. Players are names (strings) given in *entry order*, the order of the
``players`` sequence; every tie below is broken by it (the earlier entry first). A game's roles are its
*sides*, a tuple in the game's own order (``("irgun", "british")``; ``("axis", "western", "soviet")``).
A round is a ``Round``: its ``Table`` s (``players[i]`` plays ``sides[i]``) and its byes.

- ``round_robin``: the circle method, two-seat games only; every player meets every other once (twice,
  once on each side, with ``double``), a bye each round for an odd number; each player's count of each side
  differs by at most one over the event.
- ``swiss``: one round from the scores so far and the rounds already paired. Two-seat games: score groups
  from the top, within a group the top half against the bottom half, the odd player (the group's lowest)
  floated down to the next group; never a repeat pairing (a backtracking search that falls back group by
  group; ``NoPairing`` names the players left when none exists); a bye to the lowest-ranked player who has
  not had one. Games of three or more seats: tables of k players by score, each player rotated through the
  seats as evenly as the table allows.
- ``check_manual``: the director's pairing for a round, every fault its own message.

Ranking for Swiss: score (higher first), then entry order. Scores are the caller's (``standings.points``,
byes counted at the tournament's bye score).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


class PairingError(ValueError):
    """A pairing that cannot be made as asked (the message says why)."""


class NoPairing(PairingError):
    """Swiss: no pairing of the round avoids a repeat. ``players`` are the players the search could not
    pair (the smallest set it was left with)."""

    def __init__(self, message: str, players: Sequence[str]):
        super().__init__(message)
        self.players = tuple(players)


class SearchTooLong(PairingError):
    """Swiss: the search for a pairing without a repeat gave up after its step budget, without proving
    there is none (late rounds of a large event); the director pairs the round by hand."""


class ManualPairingError(PairingError):
    """A director's manual pairing refused; ``problems`` holds one message per fault."""

    def __init__(self, problems: Sequence[str]):
        super().__init__("the pairing is refused: " + "; ".join(problems))
        self.problems = tuple(problems)


@dataclass(frozen=True)
class Table:
    """One game of a round: ``players[i]`` plays ``sides[i]``."""

    players: tuple[str, ...]
    sides: tuple[str, ...]

    def side_of(self, player: str) -> str:
        return self.sides[self.players.index(player)]

    def player_on(self, side: str) -> str:
        return self.players[self.sides.index(side)]

    def as_dict(self) -> dict[str, str]:
        """Side -> player."""
        return dict(zip(self.sides, self.players, strict=True))


@dataclass(frozen=True)
class Round:
    """A round: its number (from 1), its tables in board order, and the players with a bye."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()

    def players(self) -> tuple[str, ...]:
        return tuple(p for t in self.tables for p in t.players) + self.byes


# -- checks shared by every kind -------------------------------------------------------------------------


def _check_players(players: Sequence[str], least: int) -> list[str]:
    players = list(players)
    dup = sorted(p for p, n in Counter(players).items() if n > 1)
    if dup:
        raise PairingError(f"a player is entered more than once: {', '.join(dup)}")
    if len(players) < least:
        raise PairingError(f"{len(players)} player(s): a round needs at least {least}")
    return players


def _check_sides(sides: Sequence[str]) -> tuple[str, ...]:
    sides = tuple(sides)
    if len(sides) < 2 or len(set(sides)) != len(sides):
        raise PairingError(f"the sides {sides!r} are not two or more distinct roles")
    return sides


def _met(history: Iterable[Round]) -> dict[frozenset, int]:
    """Each pair of players who shared a table -> the last round they did."""
    out: dict[frozenset, int] = {}
    for rnd in history:
        for t in rnd.tables:
            for a, b in itertools.combinations(t.players, 2):
                out[frozenset((a, b))] = rnd.number
    return out


def _side_record(history: Iterable[Round]) -> tuple[dict[str, Counter], dict[str, str]]:
    """Each player's count of games per side, and the side of their last game."""
    counts: dict[str, Counter] = {}
    last: dict[str, str] = {}
    for rnd in sorted(history, key=lambda r: r.number):
        for t in rnd.tables:
            for p, s in zip(t.players, t.sides, strict=True):
                counts.setdefault(p, Counter())[s] += 1
                last[p] = s
    return counts, last


def _byes_had(history: Iterable[Round]) -> Counter:
    return Counter(p for rnd in history for p in rnd.byes)


# -- round-robin ------------------------------------------------------------------------------------------


def round_robin(players: Sequence[str], sides: Sequence[str], *, double: bool = False) -> list[Round]:
    """Every round of a round-robin by the circle method.

    The first entry (or, for an odd number, the bye) holds the fixed place; the others turn one place a
    round. Sides: at the fixed place's table the fixed player alternates sides round by round; at every
    other table the player in the upper half of the circle takes ``sides[0]``. Each player sits in each
    turning place once, so their sides differ by at most one over the event. With ``double`` the rounds are
    played again with the sides swapped, so each pair meets once on each side.

    :raises PairingError: a game of three or more seats (round-robin pairs two players a game), fewer than
        two players, or a name entered twice.
    """
    sides = _check_sides(sides)
    if len(sides) != 2:
        raise PairingError(f"round-robin pairs two players a game; this game has {len(sides)} seats "
                           f"({', '.join(sides)}): use Swiss tables or manual pairings")
    players = _check_players(players, 2)
    circle: list[str | None] = ([None] if len(players) % 2 else []) + players
    n = len(circle)
    a, b = sides
    rounds = []
    for r in range(n - 1):
        tables, byes = [], []
        for i in range(n // 2):
            x, y = circle[i], circle[n - 1 - i]
            if x is None or y is None:
                byes.append(y if x is None else x)
                continue
            if i == 0 and r % 2:
                x, y = y, x
            tables.append(Table((x, y), (a, b)))
        rounds.append(Round(r + 1, tuple(tables), tuple(byes)))
        circle = [circle[0], circle[-1]] + circle[1:-1]
    if double:
        rounds += [Round(rnd.number + n - 1, tuple(Table(tuple(reversed(t.players)), (a, b)) for t in rnd.tables),
                         rnd.byes) for rnd in rounds]
    return rounds


# -- Swiss ------------------------------------------------------------------------------------------------


def swiss(players: Sequence[str], sides: Sequence[str], scores: Mapping[str, float],
          history: Sequence[Round] = (), *, number: int | None = None, max_steps: int = 200_000) -> Round:
    """The next Swiss round.

    *scores*: each player's points so far (a missing player has 0). *history*: the rounds already paired
    (their tables give who met whom and on which side, their byes who had one). *number*: the round's
    number, by default one after the history's last. *max_steps*: the two-seat search's budget (pairings
    tried); far beyond what an event of a few dozen players over its usual rounds needs.

    Two seats: see ``_swiss_pairs``. Three or more: see ``_swiss_tables``.

    :raises NoPairing: two seats and no pairing avoids a repeat (naming the players left).
    :raises SearchTooLong: two seats and the search used up *max_steps* without an answer.
    :raises PairingError: fewer players than seats, or a name entered twice.
    """
    sides = _check_sides(sides)
    players = _check_players(players, len(sides))
    number = number if number is not None else max((r.number for r in history), default=0) + 1
    entry = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-scores.get(p, 0), entry[p]))
    if len(sides) == 2:
        return _swiss_pairs(ranked, sides, scores, history, number, max_steps)
    return _swiss_tables(ranked, sides, history, number)


def bye_order(ranked: Sequence[str], history: Sequence[Round]) -> list[str]:
    """Who gets a bye first: the fewest byes so far, then the lowest-ranked (so the lowest-ranked player
    who has not had a bye comes first)."""
    had = _byes_had(history)
    position = {p: i for i, p in enumerate(ranked)}
    return sorted(ranked, key=lambda p: (had[p], -position[p]))


def _preferences(rem: tuple[str, ...], scores: Mapping[str, float]) -> list[str]:
    """The opponents of ``rem[0]`` (the top player left) in the order tried: their score group first, the
    top half against the bottom half (the group's lowest left over when the group is odd, to float down),
    then the players below in rank order."""
    p = rem[0]
    top = scores.get(p, 0)
    m = sum(1 for x in rem if scores.get(x, 0) == top)
    group, below = list(rem[:m]), list(rem[m:])
    even = group if m % 2 == 0 else group[:-1]
    half = len(even) // 2
    within = even[half:] + list(reversed(even[1:half]))
    if m % 2:
        within.append(group[-1])
    return [x for x in within if x != p] + below


def _swiss_pairs(ranked: list[str], sides: tuple[str, ...], scores: Mapping[str, float],
                 history: Sequence[Round], number: int, max_steps: int) -> Round:
    """Two seats: pair within score groups from the top, never a repeat, the sides balanced.

    A depth-first search takes the top player left and tries their opponents in ``_preferences`` order,
    except that within a score group an opponent due the other side (``_due``) is tried before one due the
    same side, so both can have the side they are due; when the rest cannot be paired it backtracks, so a
    group that cannot pair within itself falls back to the group above (another player floats). Two players
    who *must* have the same side (``_must``: one more game on a side would leave them three games more on it
    than on the other, or three in a row, the limits chess's Swiss systems set on colours) are not paired together while another pairing exists: the search
    runs first with that rule, and only when no pairing keeps it, without (the sides then go as
    ``_sides_for`` says). Sets of players found unpairable are remembered, so the search is quick to prove
    there is no pairing; past *max_steps* pairings tried it gives up (``SearchTooLong``), as the search is
    exponential at worst (late rounds of a large event). With an odd number, the bye goes to the first
    player of ``bye_order`` with whom the rest can be paired (with the rule above if they can, else without).
    """
    met = _met(history)
    counts, last = _side_record(history)
    lasts = _last_two(history)
    due = {p: _due(p, sides, counts, last) for p in ranked}
    must = {p: _must(p, sides, counts, lasts) for p in ranked}
    steps = [0]

    stuck: list[tuple[str, ...]] = []

    def search(strict: bool, rem: tuple[str, ...]) -> list[tuple[str, str]] | None:
        failed: set[tuple[str, ...]] = set()

        def go(rem: tuple[str, ...]) -> list[tuple[str, str]] | None:
            if not rem:
                return []
            if rem in failed:
                return None
            p = rem[0]
            prefs = _preferences(rem, scores)
            top = scores.get(p, 0)
            if due[p] is not None:  # within p's score group, opponents due the other side first (stable)
                prefs.sort(key=lambda q: 2 if scores.get(q, 0) != top else int(due[q] == due[p]))
            for q in prefs:
                if frozenset((p, q)) in met or strict and must[p] is not None and must[p] == must[q]:
                    continue
                steps[0] += 1
                if steps[0] > max_steps:
                    raise SearchTooLong(f"round {number}: the search for a pairing without a repeat gave up after "
                                        f"{max_steps} tries without finding one or proving there is none; pair "
                                        f"this round by hand (check_manual)")
                sub = go(tuple(x for x in rem if x not in (p, q)))
                if sub is not None:
                    return [(p, q)] + sub
            failed.add(rem)
            if not strict and (not stuck or len(rem) < len(stuck[0])):
                stuck[:] = [rem]
            return None

        return go(rem)

    candidates: list[str | None] = bye_order(ranked, history) if len(ranked) % 2 else [None]
    for bye in candidates:  # the bye first, then the sides: each candidate with the rule, then without
        rem = tuple(p for p in ranked if p != bye)
        pairs = search(True, rem)
        if pairs is None:
            pairs = search(False, rem)
        if pairs is not None:
            break
    else:
        left = stuck[0]
        detail = "; ".join(
            f"{p} has met {', '.join(q for q in left if q != p and frozenset((p, q)) in met) or 'none of them'}"
            for p in left)
        raise NoPairing(f"round {number}: no pairing without a repeat exists; the players left unpaired are "
                        f"{', '.join(left)} ({detail})", left)

    def seated(p: str, q: str, board: int) -> tuple[str, str]:
        """A player who must have a side gets it (the other's, where both must have the same: a fallback
        pairing), else ``_sides_for``."""
        if must[p] is not None and must[p] != must[q]:
            return (p, q) if must[p] == sides[0] else (q, p)
        if must[q] is not None:
            return (q, p) if must[q] == sides[0] else (p, q)
        return _sides_for(p, q, board, sides, counts, last)

    tables = tuple(Table(seated(p, q, i), sides) for i, (p, q) in enumerate(pairs))
    return Round(number, tables, (bye,) if bye is not None else ())


def _last_two(history: Iterable[Round]) -> dict[str, tuple[str, ...]]:
    """Each player's sides in their last two games, the latest last."""
    out: dict[str, tuple[str, ...]] = {}
    for rnd in sorted(history, key=lambda r: r.number):
        for t in rnd.tables:
            for p, s in zip(t.players, t.sides, strict=True):
                out[p] = (out.get(p, ()) + (s,))[-2:]
    return out


def _due(x: str, sides: tuple[str, str], counts: Mapping[str, Counter], last: Mapping[str, str]) -> str | None:
    """A player's due side: the side played fewer times; when even, the other side from their last game;
    none before their first game."""
    a, b = sides
    c = counts.get(x, Counter())
    if c[a] != c[b]:
        return a if c[a] < c[b] else b
    if x not in last:
        return None
    return b if last[x] == a else a


def _must(x: str, sides: tuple[str, str], counts: Mapping[str, Counter], lasts: Mapping[str, tuple[str, ...]]
          ) -> str | None:
    """The side a player must have, if any: the other side from one they have played two games more often
    than the other already, or from the one they played in both of their last two games."""
    a, b = sides
    c = counts.get(x, Counter())
    if abs(c[a] - c[b]) >= 1 and len(lasts.get(x, ())) == 2 and lasts[x][0] == lasts[x][1]:
        return b if lasts[x][1] == a else a
    if abs(c[a] - c[b]) >= 2:
        return a if c[a] < c[b] else b
    return None


def _sides_for(p: str, q: str, board: int, sides: tuple[str, ...], counts: Mapping[str, Counter],
               last: Mapping[str, str]) -> tuple[str, str]:
    """The players of a pair in side order. ``p`` is the higher-ranked.

    A player's *due* side: the side they have played fewer times; when even, the other side from their
    last game (who played ``sides[0]`` last plays ``sides[1]``); none before their first game. Both dues
    met where they differ; where only one has a due, theirs; where both are due the same side, the one
    with the greater imbalance (difference of their side counts) gets it, on equal imbalance the
    higher-ranked; where neither has one (first games) the higher-ranked takes ``sides[0]`` on odd boards
    (1, 3, ...) and ``sides[1]`` on even ones.
    """
    a, b = sides

    def due(x: str) -> str | None:
        return _due(x, sides, counts, last)

    def imbalance(x: str) -> int:
        c = counts.get(x, Counter())
        return abs(c[a] - c[b])

    dp, dq = due(p), due(q)
    if dp is None and dq is None:
        p_side = a if board % 2 == 0 else b
    elif dp is None:
        p_side = a if dq == b else b
    elif dq is None or dp != dq or imbalance(p) >= imbalance(q):
        p_side = dp
    else:
        p_side = a if dq == b else b
    return (p, q) if p_side == a else (q, p)


def _swiss_tables(ranked: list[str], sides: tuple[str, ...], history: Sequence[Round], number: int) -> Round:
    """Three or more seats: tables of k players by rank (the top k at table 1, ...); the players left over
    when the number is not a multiple of k have byes, given in ``bye_order``. At each table the seats go to
    the players so that their seat counts stay as even as possible: the assignment that leaves the smallest
    sum of squares of the players' counts per seat, then the fewest players in the seat of their last game,
    then the first in order (players by rank, seats in the game's order). Repeat meetings are not avoided.
    """
    k = len(sides)
    extra = len(ranked) % k
    byes = tuple(sorted(bye_order(ranked, history)[:extra], key=ranked.index))
    seated = [p for p in ranked if p not in byes]
    counts, last = _side_record(history)
    tables = []
    for i in range(0, len(seated), k):
        group = seated[i:i + k]
        best = None
        for perm in itertools.permutations(range(k)):
            spread = sum((counts.get(p, Counter())[sides[s]] + 1) ** 2 - counts.get(p, Counter())[sides[s]] ** 2
                         for p, s in zip(group, perm, strict=True))
            again = sum(1 for p, s in zip(group, perm, strict=True) if last.get(p) == sides[s])
            if best is None or (spread, again) < best[0]:
                best = ((spread, again), perm)
        perm = best[1]
        by_seat = {sides[s]: p for p, s in zip(group, perm, strict=True)}
        tables.append(Table(tuple(by_seat[s] for s in sides), sides))
    return Round(number, tuple(tables), byes)


# -- manual -----------------------------------------------------------------------------------------------


def check_manual(players: Sequence[str], sides: Sequence[str], tables: Sequence[Mapping[str, str]], *,
                 byes: Sequence[str] = (), history: Sequence[Round] = (), number: int | None = None,
                 allow_repeat: bool = False) -> Round:
    """The director's pairing for a round, checked: each table a mapping side -> player.

    Refused, one message per fault: a side the game does not have, a side left empty, a player not entered,
    a player at more than one place (tables and byes), and a pair who met before unless *allow_repeat*.
    Players the director leaves out sit the round out.

    :raises ManualPairingError: with ``problems``, the list of faults.
    """
    sides = _check_sides(sides)
    players = _check_players(players, 0)
    known = set(players)
    number = number if number is not None else max((r.number for r in history), default=0) + 1
    met = _met(history)
    problems: list[str] = []
    places: dict[str, list[str]] = {}
    made = []
    for j, table in enumerate(tables, start=1):
        for side in table:
            if side not in sides:
                problems.append(f"table {j}: no side {side!r} in this game (its sides are {', '.join(sides)})")
        for side in sides:
            if side not in table:
                problems.append(f"table {j}: no player for the side {side!r}")
        for p in table.values():
            if p not in known:
                problems.append(f"table {j}: {p!r} is not a player of this tournament")
            places.setdefault(p, []).append(f"table {j}")
        seated = [table[s] for s in sides if s in table]
        if not allow_repeat:
            for x, y in itertools.combinations(seated, 2):
                if x != y and frozenset((x, y)) in met:
                    problems.append(f"table {j}: {x} and {y} met in round {met[frozenset((x, y))]} "
                                    f"(allow_repeat to pair them again)")
        if len(table) == len(sides) and all(s in table for s in sides):
            made.append(Table(tuple(table[s] for s in sides), sides))
    for p in byes:
        if p not in known:
            problems.append(f"bye: {p!r} is not a player of this tournament")
        places.setdefault(p, []).append("a bye")
    for p, where in places.items():
        if len(where) > 1:
            problems.append(f"{p} is paired more than once ({', '.join(where)})")
    if problems:
        raise ManualPairingError(problems)
    return Round(number, tuple(made), tuple(byes))
