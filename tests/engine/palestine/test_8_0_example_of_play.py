"""Golden test: the Palestine Example of Play (rulebook 8.0), replayed as move files with scripted chance.

Each step of tests/data/palestine/example_of_play.json is one move file for one role; after it the
position must be the one the rulebook states.
"""

import json
from pathlib import Path

import pytest

import engine
from engine.coin import deck
from engine.core.chance import ScriptedChance
from engine.games.palestine import board as B

from ..scripted import replay_steps
from .helpers import totals

DATA = json.loads((Path(__file__).parents[2] / "data" / "palestine" / "example_of_play.json").read_text())
ZERO = B.empty_space()


def _start():
    s = engine.setup("palestine", DATA["scenario"], {}, ScriptedChance())
    assert s["current"] == "P31" and s["played"] == ["P31"]
    return s


def _check(state, expect, step_id):
    for key, want in expect.items():
        if key == "spaces":
            for sid, pieces in want.items():
                assert state["spaces"][sid] == {**ZERO, **pieces}, f"step {step_id}: {sid}"
        elif key == "played_count":
            assert len(state["played"]) == want, f"step {step_id}: played"
        elif key == "deck_size":
            assert deck.size(state) == want, f"step {step_id}: deck"
        elif isinstance(want, dict) and key in ("available",):
            for k, v in want.items():
                assert state[key][k] == v, f"step {step_id}: {key}.{k}"
        elif key == "intel":
            assert state["intel"]["held"] == want["held"], f"step {step_id}: Intel held"
        else:
            assert state[key] == want, f"step {step_id}: {key}"


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, totals, upto)

def test_8_0_example_of_play_every_step():
    s = _replay()
    assert engine.active_roles(s) == ["irgun"]
    assert s["outcome"] is None and s["propaganda"] == 1


@pytest.mark.parametrize("step_id", [st["id"] for st in DATA["steps"]])
def test_8_0_example_of_play_step_views_hide_the_deck(step_id):
    s = _replay(step_id)
    for role in ("irgun", "british", "public"):
        v = engine.view(s, role)
        assert "deck" not in v and "unused" not in v
        assert v["deck_size"] == deck.size(s)
