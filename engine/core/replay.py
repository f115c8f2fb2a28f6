"""Replaying recorded moves through the engine (rollback, import and ``umpire verify``).

The engine is deterministic given the chance outcomes, and every outcome is in the log with the inputs of
its derivation (docs/dice.md), so a position is rebuilt from the nearest snapshot and the recorded moves:
each die, draw and shuffle is taken from the record, never derived again from call order. Whether the
recorded values are the ones the seed gives is ``engine.core.verify``'s to check.
"""

from __future__ import annotations

import json

from .. import api as engine
from . import canonical, corrections


class ReplayMismatch(Exception):
    """The engine, replaying a recorded move, did not do what the record says."""


class RecordedChance:
    """A chance source that gives back one move's recorded outcomes, in order, checking that the engine
    asks for the same kind of outcome, with the same label, from the same items, and that the recorded
    value is one that outcome can have."""

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
        v = rec.get("value")
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= sides:
            raise ReplayMismatch(f"the record's d{sides} ({label}) shows {v!r}, not a face of the die")
        return v

    def draw(self, items: list, label: str) -> int:
        rec = self._next("draw", label)
        if list(items) != rec.get("items"):
            raise ReplayMismatch(f"the engine drew ({label}) from {items}; the record drew from {rec.get('items')}")
        i = rec.get("index")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(items) or items[i] != rec.get("value"):
            raise ReplayMismatch(f"the record's draw ({label}) names item {i!r} as {rec.get('value')!r}, which is "
                                 "not what was drawn from")
        return i

    def shuffle(self, items: list, label: str) -> list:
        rec = self._next("shuffle", label)
        if sorted(map(str, items)) != sorted(map(str, rec.get("items", []))) or "value" not in rec:
            raise ReplayMismatch(f"the engine shuffled ({label}) other items than the record, or the record "
                                 "hides the order (the seed is not revealed)")
        if sorted(map(str, rec["value"])) != sorted(map(str, items)):
            raise ReplayMismatch(f"the record's shuffle ({label}) is not an order of the items shuffled")
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
