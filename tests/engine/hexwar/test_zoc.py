"""Zones of control (9.0): engine/hexwar/zoc.py, on the sample map of test_movement (TEST DATA, not the
game's map)."""

from __future__ import annotations

from engine.hexwar.stacking import Board
from engine.hexwar.zoc import ZocView, enemy_zoc, has_zoc, infiltration, zoc_extent

from .test_movement import MAP, enemy, unit


def test_9_1_units_with_an_unparenthesized_cs_of_one_or_more_have_a_zoc():
    assert has_zoc(unit("I1", cs=1))
    assert not has_zoc(unit("I2", cs=3, parenthesized=True))  # 9.1, 1.4a: defends only, no ZOC
    assert not has_zoc(unit("S1", type="supply", size=None, cs=0))  # 19.1
    assert not has_zoc(unit("L1", type="leader", size=None, cs=0))


def test_9_1_broken_units_keep_their_zoc_unless_the_broken_cs_is_parenthesized():
    assert has_zoc(unit("I1", cs=2, broken=True))
    assert not has_zoc(unit("I1", cs=1, broken=True, parenthesized=True))  # 13.2


def test_27_3_british_units_have_no_zoc():
    british = unit("B1", side=None, nationality="british", cs=6)
    assert not has_zoc(british)
    assert enemy_zoc(MAP, Board({"0303": [british]}), "israel").hexes == frozenset()
    assert enemy_zoc(MAP, Board({"0303": [british]}), "arab").hexes == frozenset()


def test_9_2_the_six_adjacent_hexes():
    assert sorted(zoc_extent(MAP, "0303")) == sorted(MAP.neighbours("0303")) and len(MAP.neighbours("0303")) == 6
    # across rivers too: only water and borders stop it
    assert "0403" in zoc_extent(MAP, "0303") and "0404" in zoc_extent(MAP, "0303")


def test_9_2_never_blocked_by_units_friend_or_foe():
    board = Board({"0404": [enemy()], "0303": [unit("I1")], "0403": [unit("I2")], "0503": [enemy("E2")]})
    zoc = enemy_zoc(MAP, board, "israel")
    assert {"0303", "0403", "0503", "0504", "0405", "0304"} <= zoc.hexes
    assert zoc.sources["0403"] == ("0404", "0503")


def test_9_2_into_terrain_units_may_not_enter():
    zoc = enemy_zoc(MAP, Board({"0404": [enemy()]}), "israel")
    assert "0503" in zoc  # the marsh, forbidden to armor


def test_9_2_not_into_all_sea_or_lake_hexes_nor_across_sea_hexsides_ruling_water():
    assert "0106" not in zoc_extent(MAP, "0105") and "0206" not in zoc_extent(MAP, "0105")
    assert "0706" not in zoc_extent(MAP, "0705")
    assert "0205" not in zoc_extent(MAP, "0204")  # the inlet hexside 0204-0205
    assert "0305" in zoc_extent(MAP, "0205")


def test_9_3_a_zoc_affects_only_the_enemy():
    board = Board({"0303": [unit("I1")], "0603": [enemy()]})
    assert "0304" not in enemy_zoc(MAP, board, "israel") and "0304" in enemy_zoc(MAP, board, "arab")
    assert "0604" in enemy_zoc(MAP, board, "israel") and "0604" not in enemy_zoc(MAP, board, "arab")


def test_9_7_never_across_a_border_hexside():
    # E1 in 0603 (egypt): 0502, 0503 lie across the border, 0602/0604/0702/0703 do not
    extent = zoc_extent(MAP, "0603")
    assert "0502" not in extent and "0503" not in extent
    assert {"0602", "0604", "0702", "0703"} == set(extent)


def test_26_1c_the_other_reading_across_borders():
    # R-26.1c-zoc: by default 9.7 holds in the mandate period too; across_borders=True is the other reading
    board = Board({"0503": [unit("I1")]})
    assert "0603" not in enemy_zoc(MAP, board, "arab")
    assert "0603" in enemy_zoc(MAP, board, "arab", across_borders=True)


def test_9_4b_infiltration_is_from_enemy_zoc_to_enemy_zoc():
    zoc = ZocView.of("israel", ["0303", "0304"])
    assert infiltration(zoc, "0303", "0304")
    assert not infiltration(zoc, "0302", "0303") and not infiltration(zoc, "0304", "0305")


def test_zoc_explanations_name_hexes_not_hidden_units():
    zoc = enemy_zoc(MAP, Board({"0404": [enemy("SECRET")]}), "israel")
    assert zoc.why("0303") == "0303 is in an enemy ZOC (from 0404)" and "SECRET" not in zoc.why("0303")
