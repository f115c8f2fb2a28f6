"""Destruction of bridges (16.1) at the end of the Combat phase, on the test pack (made-up data: bridges 0202-0203
and 0603-0703; the Bridge Destruction Table destroys on 5-6, -1 with an enemy unit adjacent), fixed dice."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError

from .faiw_combat_helpers import combat_position, legal, log_of, play
from .faiw_helpers import put


def test_16_1_a_combat_unit_in_a_hex_of_the_bridge_may_try_and_the_result_is_recorded():
    s = combat_position("israel")
    assert "destroy" not in legal(s, "israel")
    put(s, "IL-inf-bn-1", "0203")
    assert legal(s, "israel")["destroy"] == ["0202-0203"]
    text = log_of(play(s, ("destroy 0202-0203", [5])))
    assert "die 5, 5: BD" in text and "was destroyed" in text
    assert s["destroyed_bridges"] == [["0202", "0203"]]
    assert "destroy" not in legal(s, "israel")  # destroyed already


def test_16_1_once_a_turn_and_no_attack_after_it():
    s = combat_position("israel")
    put(s, "IL-inf-bn-1", "0203")
    put(s, "AL-egy-inf-bn-1", "0204")  # an enemy unit next to the bridge: -1
    text = log_of(play(s, ("destroy 0202-0203", [5])))
    assert "with enemy_adjacent, 4: NE" in text and "stands" in text
    assert s["destroyed_bridges"] == []
    assert "destroy" not in legal(s, "israel") and "attack" not in legal(s, "israel")  # 16.1: the end of the phase
    with pytest.raises(IllegalActionError) as e:
        play(s, "destroy 0202-0203")
    assert e.value.rule == "16.1" and "once a turn" in str(e.value)
    with pytest.raises(IllegalActionError) as e:
        play(s, "attack 0204")
    assert e.value.rule == "16.1"


def test_16_1_the_bridge_needs_a_combat_unit_in_one_of_its_hexes():
    s = combat_position("israel")
    put(s, "IL-ldr-allon", "0203")  # a leader is no combat unit
    assert "destroy" not in legal(s, "israel")
    with pytest.raises(IllegalActionError) as e:
        play(s, "destroy 0202-0203")
    assert e.value.rule == "16.1" and "no combat unit" in str(e.value)
