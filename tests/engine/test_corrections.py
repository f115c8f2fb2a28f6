"""Umpire corrections (engine/core/corrections.py): a pure, replayable edit with a citation (issue 8)."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical, corrections
from engine.core.chance import SeededChance
from engine.core.errors import IllegalActionError, InvalidActionError


@pytest.fixture
def state() -> dict:
    return engine.setup("palestine", "standard", {}, SeededChance(1))


def test_set_a_track_advances_the_position_and_logs_the_citation(state):
    log = corrections.apply_in_place(state, "correct set haganah 2 6.5.3: marker misplaced")
    assert state["haganah"] == 2 and state["seq"] == 1
    assert log == [{"kind": "correction", "faction": "umpire", "rule": "6.5.3: marker misplaced",
                    "text": "The umpire corrected haganah from 4 to 2 (6.5.3: marker misplaced)."}]


def test_move_keeps_the_piece_total(state):
    total = state["available"]["troops"] + sum(sp["troops"] for sp in state["spaces"].values())
    corrections.apply_in_place(state, "correct move spaces.galilee.troops available.troops 2 2.1 setup")
    assert state["spaces"]["galilee"]["troops"] == 0 and state["available"]["troops"] == 2
    assert state["available"]["troops"] + sum(sp["troops"] for sp in state["spaces"].values()) == total


@pytest.mark.parametrize("action, error, words", [
    ("correct set haganah 2", InvalidActionError, "citation"),
    ("correct move a b 1", InvalidActionError, "citation"),
    ("correct swap haganah 2 x", InvalidActionError, "set PATH VALUE"),
    ("correct set haganah two x", InvalidActionError, "whole number"),
    ("correct set haganah -1 x", IllegalActionError, "from 0"),
    ("correct set deck 1 x", IllegalActionError, "cannot be corrected"),
    ("correct set flow 1 x", IllegalActionError, "cannot be corrected"),
    ("correct set spaces.atlantis.troops 1 x", IllegalActionError, "has no 'atlantis'"),
    ("correct set spaces.galilee 1 x", IllegalActionError, "not a count"),
    ("correct move spaces.galilee.troops available.troops 3 x", IllegalActionError, "fewer than 3"),
    ("correct move haganah haganah 1 x", IllegalActionError, "two different places"),
    ("correct move haganah pw 0 x", IllegalActionError, "at least one"),
    ("correct set haganah 1 x\x00", InvalidActionError, "one line"),
])
def test_a_bad_correction_is_refused_and_changes_nothing(state, action, error, words):
    before = canonical.copy(state)
    with pytest.raises(error, match=words):
        corrections.apply_in_place(state, action)
    assert state == before


def test_only_the_umpire_corrects():
    assert corrections.is_correction("umpire", "correct set haganah 1 x")
    assert not corrections.is_correction("irgun", "correct set haganah 1 x")


def test_22_3_a_correction_that_changes_nothing_is_refused(state):
    """Issue 22, attack 3: 'correct set pw 18' when Political Will is 18 was accepted; it changed nothing
    but the chain of actions, and so every die after it: an umpire's re-roll in disguise. Refused now."""
    before = canonical.dumps(state)
    at = state["pw"]
    with pytest.raises(IllegalActionError, match="changes nothing"):
        corrections.apply_in_place(state, f"correct set pw {at} 1.8: as printed")
    assert canonical.dumps(state) == before
    corrections.apply_in_place(state, f"correct set pw {at - 1} 1.8: as printed")
    assert state["pw"] == at - 1
