"""Stacking (8.0) and the invasion force (12.2): engine/hexwar/stacking.py. Units made up for the tests."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.hexwar.stacking import (
    Board,
    combat_cap,
    invasion_force,
    overstack_breaks,
    overstacked,
    shared_hexes,
    stack_points,
    stack_total,
)
from engine.hexwar.terrain import MapDataError

from .test_movement import enemy, unit


def bde(uid, **kw):
    return unit(uid, size="brigade", **kw)


def bn(uid, **kw):
    return unit(uid, size="battalion", cs=2, **kw)


LEADER = unit("L1", type="leader", size=None, cs=0, mf=6)
SUPPLY = unit("S1", type="supply", size=None, cs=0, mf=3)


def test_8_1_a_battalion_is_half_a_brigade():
    assert stack_points(bde("B1")) == 1 and stack_points(bn("b1")) == Fraction(1, 2)


def test_8_1c_a_group_is_a_battalion_and_1_4a_regiments_are_battalion_sized():
    assert stack_points(unit("M1", type="militia", size="group", cs=1)) == Fraction(1, 2)
    assert stack_points(unit("R1", side="arab", size="regiment", nationality="transjordan")) == Fraction(1, 2)


def test_8_1d_non_combat_units_do_not_count():
    assert stack_points(LEADER) == 0 and stack_points(SUPPLY) == 0
    assert stack_total([bde("B1"), bde("B2"), LEADER, SUPPLY, SUPPLY]) == 2


def test_8_1_the_limit_is_two_brigades():
    # the text's three examples: two brigades; a brigade and two battalions; four battalions
    for stack in ([bde("B1"), bde("B2")], [bde("B1"), bn("b1"), bn("b2")], [bn(f"b{i}") for i in range(4)]):
        assert not overstacked(Board({"0101": stack}), "israel")
    over = Board({"0101": [bde("B1"), bde("B2"), bn("b1")]})
    assert overstacked(over, "israel") == {"0101": Fraction(5, 2)}


def test_8_1_a_combat_unit_without_a_size_is_a_data_fault():
    with pytest.raises(MapDataError, match="size None"):
        stack_points(unit("X1", size=None))


def test_8_1a_checked_only_at_the_end_of_movement_and_combat():
    over = Board({"0101": [bde("B1"), bde("B2"), bn("b1")]})
    assert overstack_breaks(over, "reinforcement") == [] and overstack_breaks(over, "reorganization") == []
    assert len(overstack_breaks(over, "movement")) == 3 and len(overstack_breaks(over, "combat")) == 3


def test_8_1b_overstacking_breaks_every_friendly_unit_there():
    already = bn("b2", broken=True)
    over = Board({"0101": [bde("B1"), bde("B2"), bn("b1"), already, LEADER],
                  "0102": [enemy("E1", size="brigade"), enemy("E2", size="brigade"), enemy("E3", size="brigade")],
                  "0201": [bde("B3")]})
    breaks = overstack_breaks(over, "movement")
    assert sorted((h, u) for h, u, _ in breaks) == [("0101", "B1"), ("0101", "B2"), ("0101", "b1"),
                                                    ("0102", "E1"), ("0102", "E2"), ("0102", "E3")]
    # b2 already broken stays broken and is not eliminated (13.4); the leader cannot be broken (19.5c)
    assert "(8.1b)" in breaks[0][2] and "3 brigades" in breaks[0][2]


def test_8_2_at_most_two_brigades_count_in_combat():
    stack = [bde("B1", cs=6), bde("B2", cs=5), bn("b1"), LEADER]
    assert combat_cap(stack, ["B1", "B2"], defending=True) is None
    refusal = combat_cap(stack, ["B1", "B2", "b1"], defending=False)
    assert refusal.rule == "8.2" and "2 1/2 brigades" in refusal
    assert combat_cap(stack, ["B1", "b1"], defending=False) is None  # the attacker's others do not attack


def test_8_2_the_owner_chooses_which_units_count_zero():
    stack = [bde("B1", cs=6), bde("B2", cs=5), bn("b1")]
    assert combat_cap(stack, ["B2", "b1"], defending=True) is None  # B1 counts zero: the owner's choice
    assert combat_cap(stack, ["B1", "B2"], defending=True) is None


def test_11_1b_the_defender_cannot_keep_a_unit_out():
    stack = [bde("B1"), bn("b1"), bn("b2")]
    refusal = combat_cap(stack, ["B1", "b1"], defending=True)
    assert refusal.rule == "8.2" and "b2 must defend" in refusal and "(11.1b)" in refusal
    assert refusal.index("(8.2)") < refusal.index("(11.1b)")
    refusal = combat_cap(stack, ["X9"], defending=False)
    assert refusal.rule == "8.2" and "X9 is not among" in refusal


def test_8_3_friendly_and_enemy_units_never_share_a_hex():
    board = Board({"0101": [bde("B1"), enemy("E1")], "0102": [bde("B2")],
                   "0103": [bde("B3"), unit("BR", side=None, nationality="british")]})
    assert shared_hexes(board) == ["0101", "0103"]


def test_12_2_invasion_force_at_most_two_brigades_plus_leaders_and_supply():
    force = [bde("B1"), bn("b1"), bn("b2"), LEADER, SUPPLY]
    assert invasion_force(force, force) is None
    refusal = invasion_force(force + [bn("b3")], force + [bn("b3")])
    assert refusal.rule == "12.2" and "2 1/2 brigades" in refusal


def test_12_2_not_from_an_overstacked_hex():
    # the text's example: two battalions there, a brigade arrives and may invade
    here = [bn("b1"), bn("b2")]
    assert invasion_force([bde("B1")], here + [bde("B1")]) is None
    refusal = invasion_force([bde("B1")], here + [bde("B1"), bde("B2")])
    assert refusal.rule == "12.2" and "over the stacking limit" in refusal


def test_board_moved_and_where():
    board = Board({"0101": [bde("B1")]})
    after = board.moved(bde("B1"), "0102")
    assert after.where("B1") == "0102" and board.where("B1") == "0101" and after.units("0101") == ()
