"""Golden test: the Malaya Example of Play (rulebook 8.0, L1598-1654), replayed as move files with the
example's one die (a 4 for the Attack in Negri Sembilan, L1642).

Each step of tests/data/malaya/example_of_play.json is one move file for one role; after it the position must
be the one the rulebook states, to the end of the Propaganda Round: Political Will 7, Resources British 12 and
MCP 6, the Commander at Briggs (L1646-1652; digest B9's final state).
"""

import pytest

import engine
from engine.core.chance import ScriptedChance

from ..golden import example_of_play, step_checker, views_hide_the_deck
from ..scripted import replay_steps
from .helpers import B, check

DATA = example_of_play("malaya")
ZERO = B.empty_space()


def _start():
    s = engine.setup("malaya", DATA["scenario"], {}, ScriptedChance())
    assert s["current"] == "M23" and s["eligible"] == ["british", "mcp"]
    return s


_check = step_checker(ZERO, partial=("available", "control", "resources"))


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, check, upto)


def test_8_0_example_of_play_every_step_to_the_end_of_the_propaganda_round():
    s = _replay()
    assert s["pw"] == 7 and s["resources"] == {"british": 12, "mcp": 6}
    assert B.COMMANDERS[s["commander"]] == "Briggs" and not s["gurney_killed"]
    assert s["outcome"] is None and s["propaganda"] == 1 and engine.active_roles(s) == ["british"]
    assert s["played"][:7] == ["M23", "M25", "M10", "M8", "M7", "M29", "M35"] and len(s["played"]) == 8
    assert not any(x["terror"] or x["sabotage"] or x["guerrillas_a"] for x in s["spaces"].values())


@pytest.mark.parametrize("step_id", ["3", "9", "12"])
def test_8_0_example_of_play_views_hide_the_deck(step_id):
    views_hide_the_deck(_replay(step_id), ("british", "mcp", "public"))
