"""Tournaments (issue 33; docs/tournaments.md): a director's set of games, with its players, rounds,
desk, standings and verification bundle.

The pure computation, plain functions of their inputs (no database, no I/O, no clock, no ``random``; every
tie broken by the players' entry order):

- ``pairing``: round-robin by the circle method, Swiss by score groups (no repeat pairings, sides balanced,
  byes to the lowest-ranked without one), tables of k seats, and the check of a director's manual pairing;
- ``standings``: points, results only from finished games, abandoned and forfeited games as the director
  rules, tie-breaks (Buchholz, the game's own margin, entry order) and shared ranks.

On the database (``models``, migration 0010):

- ``access``: the director's token; ``entry``: creating a tournament, its players and their confirmation;
  ``rounds``: pairing a round (its games made, its letters written: ``mailing``), rulings, closing;
  ``running``: the public description and the functions above in one place;
- ``results``: the games as the standings count them; ``standings_view``: the standings as shown;
- ``desk``, ``response_times``, ``acts``: the director's desk and the acts logged in game and tournament;
- ``bundle``, ``bundle_verify``: the verification bundle and its check (``umpire verify BUNDLE``).
"""

from __future__ import annotations

from .pairing import (
    ManualPairingError,
    NoPairing,
    PairingError,
    Round,
    SearchTooLong,
    Table,
    check_manual,
    round_robin,
    swiss,
)
from .standings import (
    Bye,
    GameResult,
    Row,
    Ruling,
    Scoring,
    points,
    standings,
)

__all__ = [
    "Bye", "GameResult", "ManualPairingError", "NoPairing", "PairingError", "Round", "Row", "Ruling",
    "Scoring", "SearchTooLong", "Table", "check_manual", "points", "round_robin", "standings", "swiss",
]
