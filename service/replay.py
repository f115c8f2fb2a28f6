"""Replaying recorded moves through the engine (rollback and import, issue 8).

The engine is deterministic given the chance outcomes, and every outcome is in the log with the inputs of
its derivation (docs/dice.md), so a position is rebuilt from the nearest snapshot and the recorded moves:
each die, draw and shuffle is taken from the record, never derived again from call order.
"""

from __future__ import annotations

import json

import engine
from engine.core import canonical, corrections, dice


class ReplayMismatch(Exception):
    """The engine, replaying a recorded move, did not do what the record says."""


class RecordedChance:
    """A chance source that gives back one move's recorded outcomes, in order, checking that the engine
    asks for the same kind of outcome, with the same label, from the same items."""

    def __init__(self, records: list[dict]):
        self.records = list(records)
        self.used = 0

    def _next(self, kind: str, label: str) -> dict:
        if self.used >= len(self.records):
            raise ReplayMismatch(f"the engine asked for a {kind} ({label}) that the record does not have")
        rec = self.records[self.used]
        self.used += 1
        if rec.get("kind") != kind or rec.get("label") != label:
            raise ReplayMismatch(f"the engine asked for a {kind} ({label}); the record has a "
                                 f"{rec.get('kind')} ({rec.get('label')})")
        return rec

    def roll(self, sides: int, label: str) -> int:
        rec = self._next("die", label)
        if rec.get("sides") != sides:
            raise ReplayMismatch(f"the engine rolled a d{sides} ({label}); the record has a d{rec.get('sides')}")
        return rec["value"]

    def draw(self, items: list, label: str) -> int:
        rec = self._next("draw", label)
        if list(items) != rec.get("items"):
            raise ReplayMismatch(f"the engine drew ({label}) from {items}; the record drew from {rec.get('items')}")
        return rec["index"]

    def shuffle(self, items: list, label: str) -> list:
        rec = self._next("shuffle", label)
        if sorted(map(str, items)) != sorted(map(str, rec.get("items", []))) or "value" not in rec:
            raise ReplayMismatch(f"the engine shuffled ({label}) other items than the record, or the record "
                                 "hides the order (the seed is not revealed)")
        return list(rec["value"])

    def check_all_used(self) -> None:
        if self.used != len(self.records):
            raise ReplayMismatch(f"the record has {len(self.records) - self.used} outcome(s) the engine did "
                                 "not ask for")


def plain(data):
    """*data* as it reads back from JSON (tuples become lists), for comparing with a stored record."""
    return json.loads(json.dumps(data))


def apply_recorded(state: dict, move: dict) -> list[dict]:
    """Applies one recorded move (``role``, ``action``, ``outcomes``) to *state* in place; returns its log.
    An umpire's correction is applied as such (``engine.core.corrections``).

    :raises ReplayMismatch: the engine asked for other outcomes than the record holds.
    :raises EngineError: the action is not legal there.
    """
    if corrections.is_correction(move["role"], move["action"]):
        return corrections.apply_in_place(state, move["action"])
    chance = RecordedChance(move.get("outcomes", []))
    step = engine.apply_in_place(state, move["role"], move["action"], chance)
    chance.check_all_used()
    return plain(step.log)


def rebuild(snapshot_state: dict, moves: list[dict]) -> dict:
    """The state after *moves* (recorded moves following the snapshot's position), from a copy of it."""
    state = canonical.copy(snapshot_state)
    for m in moves:
        apply_recorded(state, m)
    return state


def chain(game_id: str, moves: list[dict]) -> str:
    """The digest of the accepted actions (docs/dice.md) after *moves* (the setup, seq 0, adds nothing)."""
    d = dice.first_digest(game_id)
    for m in sorted(moves, key=lambda m: m["seq"]):
        if m["seq"] > 0:
            d = dice.next_digest(d, m["role"], m["action"])
    return d
