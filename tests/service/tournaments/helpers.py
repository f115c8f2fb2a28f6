"""Shared by the tournament tests: generated tournaments (results drawn from a seeded ``random.Random``
here in the tests; the library has no chance of its own) and an independent brute-force check of
whether a round can be paired without a repeat."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

from service.tournaments.pairing import Round
from service.tournaments.standings import DRAW, LOSS, WIN, GameResult

SIDES = ("irgun", "british")
DAI_SENSO = ("axis", "western", "soviet")


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def met_pairs(history) -> set[frozenset]:
    return {frozenset(pq) for r in history for t in r.tables for pq in itertools.combinations(t.players, 2)}


def side_counts(history) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for r in history:
        for t in r.tables:
            for p, s in zip(t.players, t.sides, strict=True):
                out.setdefault(p, Counter())[s] += 1
    return out


def pairable(players, met: set[frozenset]) -> bool:
    """Brute force: can *players* (an even number) all be paired with no pair in *met*?"""
    met = frozenset(met)

    @cache
    def go(rem: frozenset) -> bool:
        if not rem:
            return True
        p = min(rem)
        return any(frozenset((p, q)) not in met and go(rem - {p, q}) for q in rem if q != p)

    return go(frozenset(players))


def play(rng: random.Random, rnd: Round, draw_chance: float = 0.15) -> list[GameResult]:
    """Random results of a round's tables: a draw for all, or one winner and the others lose."""
    out = []
    for t in rnd.tables:
        if rng.random() < draw_chance:
            outcome = {p: DRAW for p in t.players}
        else:
            w = rng.choice(t.players)
            outcome = {p: WIN if p == w else LOSS for p in t.players}
        margins = {p: rng.randint(-5, 5) for p in t.players}
        out.append(GameResult(rnd.number, t.players, outcome=outcome, margins=margins))
    return out
