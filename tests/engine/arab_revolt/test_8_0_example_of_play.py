"""Golden test: the Arab Revolt Example of Play (rulebook 8.0), replayed as move files with scripted
chance: the Operations chit draws, the Punishment chit draws and the dice of the example.

Each step of tests/data/arab_revolt/example_of_play.json is one move file for one role; after it the
position must be the one the rulebook states, to the end of the Propaganda Round (Political Will 10,
Unity at Centralized).
"""

import pytest

import engine
from engine.core.chance import ScriptedChance
from engine.games.arab_revolt import board as B

from ..golden import example_of_play, step_checker, views_hide_the_deck
from ..scripted import replay_steps
from .helpers import totals

DATA = example_of_play("arab_revolt")
ZERO = B.empty_space()


def _start():
    s = engine.setup("arab-revolt", DATA["scenario"], {}, ScriptedChance(draws=DATA["setup_draws"]))
    assert s["current"] == "A13" and s["ops"]["drawn"] == [1, 3]
    return s


def _cups(s, key, want, step_id) -> bool:
    """A key ``<cup>_<part>`` of the Operations or Punishment chits: the chits there, or how many."""
    if not key.startswith(("ops_", "punishment_")):
        return False
    cup, _, part = key.partition("_")
    got = s[cup][part]
    assert (len(got) if isinstance(want, int) else got) == want, f"step {step_id}: {key}"
    return True


_check = step_checker(ZERO, partial=("available",), own=_cups)


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, totals, upto)

def test_8_0_example_of_play_every_step_to_the_end_of_the_propaganda_round():
    s = _replay()
    assert s["pw"] == 10 and s["unity"] == B.CENTRALIZED and s["propaganda"] == 1
    assert s["outcome"] is None and engine.active_roles(s) == ["british"]
    assert s["played"][:7] == ["A13", "A14", "A10", "A11", "A23", "A25", "A33"] and len(s["played"]) == 8


@pytest.mark.parametrize("step_id", ["6", "14", "20"])
def test_8_0_example_of_play_views_hide_the_deck(step_id):
    views_hide_the_deck(_replay(step_id), ("rebels", "british"))
