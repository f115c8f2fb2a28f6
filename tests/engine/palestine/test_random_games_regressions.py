"""Random games that once broke an invariant, replayed with the uniform policy of ``engine.playout``
(a verb at random, then one of its arguments) and checked after every action (issue 20, item 16).

Seeds 79, 436 and 889 are the games the issue names (a Travel's ``done`` left -1 Underground Cells);
seed 4186 is the one game of 10,000 that still did so on this tree before the fix (Propagandize between
two moves of one Travel origin, ruling R-OP-9).
"""

import pytest

from engine.core import canonical
from engine.games.palestine import board as B
from engine.playout import playout


def no_negative_count(state: dict, role: str, action: str, step) -> None:
    """Every count on the map, Available, in Prison and the Haganah boxes is 0 or more; totals kept."""
    for sid, x in state["spaces"].items():
        for key, n in x.items():
            assert n >= 0, f"{sid} {key} = {n} after {role} {action!r}"
    for piece, n in state["available"].items():
        assert n >= 0, f"Available {piece} = {n} after {role} {action!r}"
    assert state["prison"] >= 0 and state["removed"] >= 0
    assert all(n >= 0 for slot in state["haganah_slots"].values() for n in slot.values())
    assert B.count_pieces(state) == B.TOTALS, f"piece totals after {role} {action!r}"


@pytest.mark.parametrize("seed", [79, 436, 889, 4186])
def test_3_3_2_random_game_never_goes_negative(seed):
    """3.3.2: a Travel group's Cells are flipped where they are; 1.4.1: pieces are never fewer than none."""
    state, n = playout("palestine", seed, check=no_negative_count)
    assert n > 0 and state.get("outcome")
    assert canonical.loads(canonical.dumps(state)) == state
