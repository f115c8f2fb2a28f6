"""Rules version 2 of Japanese Occupation (engine.versions): the Intel chits are stored as every role sees them,
``{"revealed", "seen", "value"}``, and the values the Example of Play places face down (8.0 L1650) are kept apart
in the hidden ``intel_face_down`` (1.11). A game saved under version 1 (``{"v", "up", "seen"}``, a face-down
value in ``v``) is brought by ``intel_chits.migrate_intel_v1`` to exactly the state the engine keeps now, and
play goes on from it as from that state: the same orders, the same log, the same chance outcomes."""

from __future__ import annotations

import copy

import pytest

import engine
from engine import versions
from engine.coin.deck import SIZE_KEYS
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation.invariants import invariants
from engine.games.japanese_occupation.setup import EXAMPLE_INTEL
from engine.playout import choose

from .test_positions import midgame_state

GAME = "japanese-occupation"


def as_version_1(state: dict) -> dict:
    """The record of *state* a version 1 engine kept: each chit ``{"v", "up", "seen"}`` (None set aside by J20),
    a face-down value (8.0) in its chit's ``v``, no ``intel_face_down``; nor the deck's kept sizes (the series'
    part of version 2, engine.coin.deck.migrate_sizes_v1), which the upgrade counts again."""
    old = copy.deepcopy(state)
    for k in SIZE_KEYS:
        old.pop(k, None)
    face_down = old.pop("intel_face_down")
    old["intel"] = {sid: None if c is None else {"v": face_down.get(sid, c["value"]), "up": c["revealed"],
                                                 "seen": c["seen"]}
                    for sid, c in old["intel"].items()}
    old["rules_version"] = 1
    return old


def upgraded(old: dict, new: dict) -> dict:
    """*old* upgraded (a copy): the migration 1 -> 2 ran, and the state is exactly *new*, text for text."""
    state = copy.deepcopy(old)
    assert versions.upgrade(state) == [1] and state["rules_version"] == 2
    assert state == new and canonical.dumps(state) == canonical.dumps(new)
    assert invariants(state) == []
    for role in engine.definition(GAME).roles:
        assert engine.view(state, role) == engine.view(new, role)
    return state


def play(state: dict, seed: int, until=None, limit: int = 5000) -> list:
    """Plays *state* on with the fuzz's policy (seeded by *seed*) to the end, or until ``until(state)``; returns
    each step's order, log and chance outcomes."""
    picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
    steps = []
    for _ in range(limit):
        if engine.outcome(state) or (until and until(state)):
            break
        role = engine.active_roles(state)[0]
        action = choose(engine.legal_actions(state, role), picker)
        step = engine.apply_in_place(state, role, action, dice)
        steps.append((role, action, step.log, step.outcomes))
    return steps


def plays_on_alike(a: dict, b: dict, seed: int) -> None:
    """*a* and *b* played on to the end alike: the same orders, log and outcomes, the same final state."""
    assert play(a, seed) == play(b, seed)
    assert a == b and engine.outcome(a)


def test_1_11_intel_migration_of_the_example_of_play_setup():
    """8.0 L1650: the nine chits face down with their values. Version 1 kept each value in its chit; version 2
    keeps the chits as shown (concealed, no value) and the values apart."""
    new = engine.setup(GAME, "example-of-play", {}, SeededChance(3, context="setup"))
    old = copy.deepcopy(new)
    del old["intel_face_down"]
    for k in SIZE_KEYS:  # version 1 kept no deck sizes either (engine.coin.deck.migrate_sizes_v1)
        del old[k]
    old["rules_version"] = 1
    old["intel"] = {sid: {"v": EXAMPLE_INTEL[sid], "up": False, "seen": False} for sid in B.INTEL_SPACES}
    assert as_version_1(new) == old  # the converter the other tests use writes what version 1 wrote
    state = upgraded(old, new)
    assert state["intel_face_down"] == EXAMPLE_INTEL
    assert all(c == {"revealed": False, "seen": False, "value": None} for c in state["intel"].values())
    plays_on_alike(state, new, 3)


def test_1_11_intel_migration_of_a_hand_built_mid_game():
    """A chit revealed (4.2.2), one seen and concealed again (4.3.3), one set aside (J20): written as version 1
    kept them, each comes to its shown shape; a chit nobody saw stays without a value."""
    new = midgame_state()
    new["rules_version"] = engine.definition(GAME).rules_version  # as engine.setup records it (engine.api)
    old = as_version_1(new)
    assert old["intel"]["kedah"] == {"v": 2, "up": True, "seen": True}
    assert old["intel"]["perak"] == {"v": 0, "up": False, "seen": True}
    assert old["intel"]["kelantan"] is None and old["intel"]["johore"] == {"v": None, "up": False, "seen": False}
    state = upgraded(old, new)
    assert state["intel"]["kedah"] == {"revealed": True, "seen": True, "value": 2}
    assert state["intel"]["perak"] == {"revealed": False, "seen": True, "value": 0}
    assert state["intel"]["kelantan"] is None and state["intel_face_down"] == {}


def _revealed_with(face_down: bool):
    def ready(state: dict) -> bool:
        chits = [c for c in state["intel"].values() if c is not None]
        return any(c["revealed"] for c in chits) and bool(state["intel_face_down"]) == face_down
    return ready


@pytest.mark.parametrize("scenario, seed, face_down", [
    ("standard", 0, False),  # a chit revealed, its value drawn as it was (4.2.2)
    ("example-of-play", 5, True),  # one of 8.0's revealed, others still face down with their values
])
def test_1_11_intel_migration_of_a_random_mid_game(scenario, seed, face_down):
    new = engine.setup(GAME, scenario, {}, SeededChance(seed, context="setup"))
    play(new, seed, until=_revealed_with(face_down))
    assert _revealed_with(face_down)(new) and not engine.outcome(new)
    state = upgraded(as_version_1(new), new)
    plays_on_alike(state, new, seed + 1)


def test_a_game_of_version_2_needs_no_migration():
    state = engine.setup(GAME, "standard", {}, SeededChance(1, context="setup"))
    before = copy.deepcopy(state)
    assert state["rules_version"] == 2 and versions.upgrade(state) == [] and state == before
