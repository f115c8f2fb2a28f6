"""Golden test: the Arab Revolt Example of Play (rulebook 8.0), replayed as move files with scripted
chance: the Operations chit draws, the Punishment chit draws and the dice of the example.

Each step of tests/data/arab_revolt/example_of_play.json is one move file for one role; after it the
position must be the one the rulebook states, to the end of the Propaganda Round (Political Will 10,
Unity at Centralized).
"""

import json
from pathlib import Path

import pytest

import engine
from engine.coin import deck
from engine.core.chance import ScriptedChance
from engine.games.arab_revolt import board as B

from ..scripted import replay_steps
from .helpers import totals

DATA = json.loads((Path(__file__).parents[2] / "data" / "arab_revolt" / "example_of_play.json").read_text())
ZERO = B.empty_space()


def _start():
    s = engine.setup("arab-revolt", DATA["scenario"], {}, ScriptedChance(draws=DATA["setup_draws"]))
    assert s["current"] == "A13" and s["ops"]["drawn"] == [1, 3]
    return s


def _check(s, expect, step_id):
    for key, want in expect.items():
        if key == "spaces":
            for sid, pieces in want.items():
                assert s["spaces"][sid] == {**ZERO, **pieces}, f"step {step_id}: {sid}"
        elif key == "available":
            for k, v in want.items():
                assert s["available"][k] == v, f"step {step_id}: available {k}"
        elif key.startswith(("ops_", "punishment_")):
            cup, _, part = key.partition("_")
            got = s[cup][part]
            assert (len(got) if isinstance(want, int) else got) == want, f"step {step_id}: {key}"
        else:
            assert s[key] == want, f"step {step_id}: {key}"


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, totals, upto)

def test_8_0_example_of_play_every_step_to_the_end_of_the_propaganda_round():
    s = _replay()
    assert s["pw"] == 10 and s["unity"] == B.CENTRALIZED and s["propaganda"] == 1
    assert s["outcome"] is None and engine.active_roles(s) == ["british"]
    assert s["played"][:7] == ["A13", "A14", "A10", "A11", "A23", "A25", "A33"] and len(s["played"]) == 8


@pytest.mark.parametrize("step_id", ["6", "14", "20"])
def test_8_0_example_of_play_views_hide_the_deck(step_id):
    s = _replay(step_id)
    for role in ("rebels", "british"):
        v = engine.view(s, role)
        assert "deck" not in v and "unused" not in v and v["deck_size"] == deck.size(s)
