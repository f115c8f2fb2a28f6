"""What a refusal says of the words themselves (issue 24, item 4): a typo gets the closest legal words, and
a malformed move file gets every fault at once, each with its field."""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import SeededChance
from engine.core.errors import IllegalActionError, InvalidActionError
from engine.core.moves import MOVE_FORMAT, parse_move_file


@pytest.fixture
def at_ops():
    """Palestine's first card, the Irgun in the Operation + Special Activity box (2.3.4)."""
    s = engine.setup("palestine", "standard", {}, SeededChance(1))
    engine.apply_in_place(s, "irgun", engine.parse(s, "irgun", "box opsa"), SeededChance(2))
    return s


def test_an_unknown_word_gets_the_closest_legal_word(at_ops):
    with pytest.raises(InvalidActionError) as err:
        engine.parse(at_ops, "irgun", "opp sabotage")
    assert "unknown word 'opp'" in err.value.message and "did you mean 'op'?" in err.value.message


def test_a_misspelt_argument_gets_the_closest_legal_order(at_ops):
    with pytest.raises(IllegalActionError) as err:
        engine.parse(at_ops, "irgun", "op sabotge")
    assert "did you mean 'op sabotage'?" in err.value.message


def test_nothing_close_suggests_nothing(at_ops):
    with pytest.raises(IllegalActionError) as err:
        engine.parse(at_ops, "irgun", "op assault")  # a British Operation (3.2.4), nothing like the Irgun's
    assert "did you mean" not in err.value.message


def test_a_move_file_with_several_faults_lists_every_one_with_its_field():
    with pytest.raises(InvalidActionError) as err:
        parse_move_file({"format": MOVE_FORMAT, "role": "", "after": -1, "actions": ["box opsa", "", 7],
                         "colour": "red"})
    msg = err.value.message
    assert msg.startswith("5 faults: ")
    for part in ("unknown field(s) ['colour']", "role must be", "after must be", "order 2 (actions[1])",
                 "order 3 (actions[2])"):
        assert part in msg, part


def test_one_fault_is_said_alone():
    with pytest.raises(InvalidActionError) as err:
        parse_move_file({"format": MOVE_FORMAT, "role": "irgun", "actions": []})
    assert err.value.message == "actions must be a non-empty list of order strings"
