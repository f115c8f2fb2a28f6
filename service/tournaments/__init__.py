"""Tournaments (issue 33): the pure computation a tournament rests on, pairings and standings.

What is here, in plain functions of their inputs (no database, no Flask, no I/O, no clock, no ``random``;
the same inputs give the same answer, every tie broken by the players' entry order, the order of the
``players`` sequence given):

- ``pairing``: the rounds of an event. Round-robin by the circle method (single or double, sides balanced)
  for two-seat games; Swiss by score groups with no repeat pairings, sides alternated, a bye to the
  lowest-ranked player without one; Swiss-style tables of k seats for games of three or more seats (the
  Dai Senso! political events), each player rotated through the seats; and the check of a director's
  manual pairing. Players are names (strings); a round is a ``pairing.Round`` of ``pairing.Table``.
- ``standings``: points (win, draw, loss, bye; configurable), results only from finished games, abandoned
  and forfeited games as the director rules with the reason on the row, tie-breaks (Buchholz, the game's
  own margin, entry order) and shared ranks.

Not built yet (the later parts of issue 33): the tournament and its players as models, the round that
creates its games and mails the seat tokens, the director's desk (page, API, CLI, response times),
the standings page and PDF, and the verification bundle (``umpire verify BUNDLE``).
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
