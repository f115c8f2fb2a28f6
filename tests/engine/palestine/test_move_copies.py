"""A move file copies the state once (issue 23, item 6; DESIGN.md section 3), and keeps its semantics
(DESIGN.md section 4): all or nothing before the first chance outcome, the binding prefix after it, the
caller's state never changed, and a preview that stops before a die shows the position before that order.

An order that fails after it began to change the working copy (a rules bug, or the preview reaching a
die) is undone by applying the accepted orders again, with the chance answers they were given."""

from __future__ import annotations

import pytest

import engine
from engine import api
from engine.core import canonical
from engine.core.chance import NoChance, ScriptedChance
from engine.core.errors import RulesBugError
from engine.core.moves import apply_move

from .test_illegal_moves import irgun_board

ROLL_THEN_MORE = ["box opsa", "op sabotage", "space galilee", "roll", "space jerusalem-district"]


@pytest.fixture
def copies(monkeypatch):
    """How many times the state was copied (``canonical.copy``) since the fixture was made."""
    n = [0]
    real = canonical.copy

    def counted(x):
        n[0] += 1
        return real(x)

    monkeypatch.setattr(canonical, "copy", counted)
    return n


@pytest.mark.parametrize("orders, rolls, status", [
    (ROLL_THEN_MORE, [5], "accepted"),
    ([*ROLL_THEN_MORE, "space samaria"], [5], "partial"),              # refused after the roll
    (["box opsa", "op sabotage", "space samaria", "roll"], [5], "rejected"),  # refused before it
])
def test_a_move_file_copies_the_state_once(copies, orders, rolls, status):
    s = irgun_board()
    before = engine.dumps(s)
    chance = ScriptedChance(rolls=rolls)
    copies[0] = 0
    res = apply_move(s, "irgun", orders, lambda n, applied: chance)
    assert res.status == status
    assert copies[0] == 1
    assert engine.dumps(s) == before


def test_a_preview_stopped_by_a_die_shows_the_position_before_that_order():
    s = irgun_board()
    before = engine.dumps(s)
    res = apply_move(s, "irgun", ROLL_THEN_MORE, lambda n, applied: NoChance(), stop_before_chance=True)
    assert res.status == "preview-stopped" and res.error["line"] == 4 and res.applied == ROLL_THEN_MORE[:3]
    alone = apply_move(s, "irgun", ROLL_THEN_MORE[:3], lambda n, applied: NoChance())
    assert engine.dumps(res.state) == engine.dumps(alone.state)
    assert engine.prompt(res.state, "irgun")["actions"] == {"roll": []}
    assert engine.dumps(s) == before


def _fails_once_midway(monkeypatch, order: str) -> None:
    """*order* changes the working copy, then fails as a rules bug would, the first time it is applied."""
    real = api.apply_in_place
    done = []

    def flaky(state, role, action, chance, **kw):
        if action == order and not done:
            done.append(action)
            state["spaces"]["galilee"]["troops"] = 77
            state["seq"] += 1
            raise RulesBugError("dead end: nobody may act and the game is not over")
        return real(state, role, action, chance, **kw)

    monkeypatch.setattr(api, "apply_in_place", flaky)


def test_an_order_failing_midway_after_a_roll_keeps_the_prefix_as_it_was(monkeypatch):
    s = irgun_board()
    before = engine.dumps(s)
    prefix = apply_move(s, "irgun", ROLL_THEN_MORE[:4], lambda n, applied: ScriptedChance(rolls=[5])).state
    _fails_once_midway(monkeypatch, "space jerusalem-district")
    chance = ScriptedChance(rolls=[5])
    res = apply_move(s, "irgun", ROLL_THEN_MORE, lambda n, applied: chance)
    assert res.status == "partial" and res.applied == ROLL_THEN_MORE[:4] and len(res.steps) == 4
    assert res.error["line"] == 5 and res.error["code"] == "rules-bug"
    assert [o["value"] for o in res.outcomes] == [5]
    assert engine.dumps(res.state) == engine.dumps(prefix)  # the roll of 5 kept, the failed order undone
    assert engine.dumps(s) == before


def test_an_order_failing_midway_before_any_roll_rejects_the_file(monkeypatch):
    s = irgun_board()
    before = engine.dumps(s)
    _fails_once_midway(monkeypatch, "space galilee")
    chance = ScriptedChance(rolls=[5])
    res = apply_move(s, "irgun", ROLL_THEN_MORE, lambda n, applied: chance)
    assert res.status == "rejected" and res.applied == [] and res.error["code"] == "rules-bug"
    assert res.state is s and engine.dumps(s) == before
