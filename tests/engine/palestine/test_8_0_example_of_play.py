"""Golden test: the Palestine Example of Play (rulebook 8.0), replayed as move files with scripted chance.

Each step of tests/data/palestine/example_of_play.json is one move file for one role; after it the
position must be the one the rulebook states.
"""

import pytest

import engine
from engine.coin import deck
from engine.core.chance import ScriptedChance
from engine.games.palestine import board as B

from ..golden import example_of_play, step_checker, views_hide_the_deck
from ..scripted import replay_steps
from .helpers import totals

DATA = example_of_play("palestine")
ZERO = B.empty_space()


def _start():
    s = engine.setup("palestine", DATA["scenario"], {}, ScriptedChance())
    assert s["current"] == "P31" and s["played"] == ["P31"]
    return s


def _counted(state, key, want, step_id) -> bool:
    """The cards played and left in the deck, by number; the Intel Chits held."""
    if key == "played_count":
        assert len(state["played"]) == want, f"step {step_id}: played"
    elif key == "deck_size":
        assert deck.size(state) == want, f"step {step_id}: deck"
    elif key == "intel":
        assert state["intel"]["held"] == want["held"], f"step {step_id}: Intel held"
    else:
        return False
    return True


_check = step_checker(ZERO, partial=("available",), own=_counted)


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, totals, upto)

def test_8_0_example_of_play_every_step():
    s = _replay()
    assert engine.active_roles(s) == ["irgun"]
    assert s["outcome"] is None and s["propaganda"] == 1


@pytest.mark.parametrize("step_id", [st["id"] for st in DATA["steps"]])
def test_8_0_example_of_play_step_views_hide_the_deck(step_id):
    views_hide_the_deck(_replay(step_id), ("irgun", "british", "public"))
