"""What a move file's answer says beyond the refused line (issue 24, items 5 and 6): a trailing ``done`` the
position no longer needs is accepted and ignored (docs/orders.md: a player writing a turn blind can always
end it with one), a ``done`` still needed is refused as any order is, and a rejected file names the lines
before the refused one that were fine."""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import NoChance, SeededChance
from engine.core.moves import apply_move

TURN = ["op recruit", "space jerusalem-city", "place 1", "done"]


@pytest.fixture
def limited():
    """Palestine's first card, the Irgun in the Limited Operation box (2.3.4)."""
    s = engine.setup("palestine", "standard", {}, SeededChance(0, context="setup"))
    engine.apply_in_place(s, "irgun", "box limited", NoChance())
    return s


def _chance(n, applied):
    return SeededChance(7, context=f"test|{n}")


@pytest.mark.parametrize("extra", [1, 2, 3])
def test_trailing_dones_after_the_turn_are_ignored(limited, extra):
    res = apply_move(limited, "irgun", TURN + ["done"] * extra, _chance)
    assert res.status == "accepted" and res.applied == TURN
    assert res.ignored == list(range(5, 5 + extra))
    assert res.to_dict()["ignored"] == res.ignored
    assert engine.active_roles(res.state) == ["british"]
    assert res.state["seq"] == limited["seq"] + len(TURN)


def test_a_file_of_exactly_the_turn_ignores_nothing(limited):
    res = apply_move(limited, "irgun", TURN, _chance)
    assert res.status == "accepted" and res.ignored == [] and "ignored" not in res.to_dict()


def test_an_order_after_an_unneeded_done_is_still_refused(limited):
    """Only a tail of ``done`` lines is forgiven: another order after the turn ended is not this role's."""
    res = apply_move(limited, "irgun", TURN + ["done", "box opsa"], _chance)
    assert res.status == "rejected" and res.error["line"] == 5 and res.error["code"] == "not-your-turn"
    assert engine.dumps(res.state) == engine.dumps(limited)


def test_a_needed_done_that_is_refused_is_not_ignored(limited):
    """``done`` while the Irgun must still say how many Cells to place (3.3.1) is refused, with the reason."""
    res = apply_move(limited, "irgun", ["op recruit", "space jerusalem-city", "done"], _chance)
    assert res.status == "rejected" and res.error["line"] == 3 and res.ignored == []
    assert "not allowed now:" in res.error["message"] and res.error["legal"] == {"place": ["1", "2"]}


def test_a_rejected_file_names_the_lines_that_were_fine(limited):
    res = apply_move(limited, "irgun", ["op recruit", "space jerusalem-city", "place 9"], _chance)
    assert res.status == "rejected" and res.applied == []
    assert res.fine == [{"line": 1, "order": "op recruit", "action": "op recruit"},
                        {"line": 2, "order": "space jerusalem-city", "action": "space jerusalem-city"}]
    assert res.to_dict()["fine"] == res.fine
    assert engine.dumps(res.state) == engine.dumps(limited)
