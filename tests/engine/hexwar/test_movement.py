"""Movement (7.0) over a small map built here: engine/hexwar/terrain.py and movement.py.

THE MAP AND THE TEC BELOW ARE TEST DATA, NOT THE GAME'S (the rulebook gives neither: digest A.0). Only two
values come from the text: a clear hex costs 1 MP and a river hexside +2 (7.2's example); every other
number is made up so the rules can be exercised.

The sample map: 7 columns x 6 rows, flat-top hexes, odd columns shifted down, numbered XXYY from 0101.
Columns 01-05 are Palestine, 06-07 Egypt (border hexsides between them). A river runs down the east
side of column 03 with a bridge on 0302-0402, where the east-west road (0102 to 0602) crosses it. A spur
road runs 0502-0503 into a marsh (forbidden to armor), a short road 0103-0203, and a road 0404-0405
across a wadi. 0106 and 0206 are all sea, 0706 all lake, 0204-0205 a sea inlet hexside. 0504-0505 is a
cliff (forbidden to armor).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from engine.core.errors import Refusal, forbidding_rule
from engine.hexwar.movement import Cost, allowance, leader_with, path_cost, reachable, step_cost
from engine.hexwar.stacking import Board
from engine.hexwar.terrain import MapData, MapDataError, Tec, Unit, mp_text
from engine.hexwar.zoc import enemy_zoc

TERRAIN = {"0202": "rough", "0204": "rough", "0304": "mountain", "0504": "mountain", "0503": "marsh",
           "0106": "all_sea", "0206": "all_sea", "0706": "all_lake", "0702": "desert"}
RIVER = [("0301", "0401"), ("0301", "0402"), ("0302", "0402"), ("0302", "0403"), ("0303", "0403"),
         ("0303", "0404"), ("0304", "0404"), ("0304", "0405"), ("0305", "0405"), ("0305", "0406"),
         ("0306", "0406")]


def sample_map_dict() -> dict:
    """The sample map as the pack's map.json would give it (digest A.16's format). TEST DATA."""
    hexes = {}
    for c in range(1, 8):
        for r in range(1, 7):
            label = f"{c:02d}{r:02d}"
            hexes[label] = {"terrain": TERRAIN.get(label, "clear"), "country": "Palestine" if c <= 5 else "Egypt"}
    hexes["0105"]["coastal"] = ["mediterranean"]
    hexes["0205"]["coastal"] = ["mediterranean"]
    hexes["0201"].update(settlement="town", population="jewish", name="Testtown", map_edge="north")
    hexes["0401"].update(settlement="village", population="arab", name="Testvillage")
    hexes["0106"]["country"] = hexes["0206"]["country"] = hexes["0706"]["country"] = None
    sides = [{"hexes": list(p), "features": ["river"]} for p in RIVER]
    sides += [{"hexes": ["0404", "0405"], "features": ["wadi"]},
              {"hexes": ["0504", "0505"], "features": ["cliff"]},
              {"hexes": ["0204", "0205"], "features": ["sea"]},
              {"hexes": ["0502", "0602"], "features": [], "border": ["Palestine", "Egypt"]}]
    return {
        "meta": {"orientation": "flat", "first": 1, "odd_shift": "down", "digits": 2},
        "source": "TEST DATA: made up for the tests, not the game's map",
        "hexes": hexes,
        "hexsides": sides,
        "roads": [["0102", "0202", "0302", "0402", "0502", "0602"], ["0502", "0503"], ["0103", "0203"],
                  ["0404", "0405"]],
        "bridges": [{"hexes": ["0302", "0402"]}],
    }


def sample_tec_dict() -> dict:
    """A TEC for the tests. TEST DATA, NOT THE GAME'S: only clear 1 and river +2 are the text's (7.2)."""
    return {
        "source": "TEST DATA: made-up values, not the game's Terrain Effects Table",
        "terrain": {"clear": {"mp": 1}, "rough": {"mp": 2, "shift": 1}, "mountain": {"mp": 3, "shift": 2},
                    "marsh": {"mp": 2, "prohibited": ["armor", "mechanized"]}, "desert": {"mp": 1},
                    "all_sea": {"mp": None}, "all_lake": {"mp": None}},
        "features": {"river": {"mp": 2, "shift": 1}, "wadi": {"mp": 1}, "cliff": {"mp": 1, "prohibited": ["armor"]},
                     "sea": {"mp": None}, "lake": {"mp": None}},
    }


MAP = MapData.from_dict(sample_map_dict())
TEC = Tec.from_dict(sample_tec_dict())


def unit(uid: str, side: str | None = "israel", type: str = "infantry", size: str | None = "brigade",
         cs: int = 4, mf: int = 4, **kw) -> Unit:
    return Unit(id=uid, side=side, type=type, size=size, cs=cs, mf=mf, **kw)


INF = unit("I1")
ARMOR = unit("A1", type="armor")
COMMANDO = unit("C1", type="commando", size="battalion", cs=2)
LEADER = unit("L1", type="leader", size=None, cs=0, mf=6, nationality="zahal")
SUPPLY = unit("S1", type="supply", size=None, cs=0, mf=3)


def enemy(uid: str = "E1", **kw) -> Unit:
    return unit(uid, side="arab", nationality="egypt", **kw)


def setting(placed: dict[str, list[Unit]], side: str = "israel"):
    board = Board(placed)
    return board, enemy_zoc(MAP, board, side)


def cost(u: Unit, a: str, b: str, placed: dict | None = None, **kw):
    board, zoc = setting(placed or {a: [u]}, u.side)
    return step_cost(MAP, TEC, u, a, b, zoc=zoc, board=board, **kw)


def move(u: Unit, path: list[str], placed: dict | None = None, **kw):
    board, zoc = setting(placed or {path[0]: [u]}, u.side)
    return path_cost(MAP, TEC, u, path, zoc=zoc, board=board, **kw)


def refused(result, rule: str, *phrases: str) -> None:
    reason = result.refusal if hasattr(result, "refusal") else result
    assert isinstance(reason, Refusal), result
    assert reason.rule == rule and forbidding_rule(reason) == rule, reason
    first = re.search(r"\((\d+\.\d+[0-9a-z.]*)", reason)  # the first rule the words cite is the forbidding one
    assert first and first.group(1) == rule, reason
    for p in phrases:
        assert p in reason, (p, reason)


# The data views.


def test_map_data_from_the_pack_format():
    assert MAP.hex("0201").population == "jewish" and MAP.hex("0105").coastal == {"mediterranean"}
    assert MAP.hex("0201").map_edge == {"north"} and MAP.hex("0202").map_edge == frozenset()
    assert MAP.hexside("0402", "0302").features == {"river"} and MAP.has_bridge("0402", "0302")
    assert MAP.is_road("0202", "0102") and not MAP.is_road("0202", "0203")
    assert "0203" in MAP.road_hexes and "0303" not in MAP.road_hexes
    assert MAP.is_water("0106") and not MAP.is_water("0105") and MAP.water_hexside("0205", "0204")
    assert MAP.hexside("0101", "0201").features == frozenset()


def test_map_data_layout_from_the_digests_meta_or_given():
    data = sample_map_dict()
    data["meta"] = {"orientation": "flat-top", "coord": {"scheme": "XXYY", "first": "col", "odd_col_shift": "up"}}
    with pytest.raises(MapDataError, match="0301-0402"):  # the sample's river does not fit odd columns up
        MapData.from_dict(data)
    data.update(hexsides=[], roads=[], bridges=[])
    up = MapData.from_dict(data)
    assert up.grid.layout.odd_shift == "up" and up.grid.layout.first == 1
    assert sorted(up.neighbours("0202")) != sorted(MAP.neighbours("0202"))
    given = MapData.from_dict(data, layout=MAP.grid.layout)
    assert given.neighbours("0202") == MAP.neighbours("0202")
    assert MAP.tagged("gaza_line") == [] and Unit.from_dict({"id": "X", "side": "arab", "type": "infantry",
                                                             "size": "brigade", "cs": 3, "mf": 4}).combat


def test_9_7_border_hexsides_marked_or_where_countries_meet():
    assert MAP.is_border("0502", "0602")  # marked in the pack
    assert MAP.is_border("0503", "0603")  # Palestine | Egypt
    assert not MAP.is_border("0402", "0502")


def test_map_data_refuses_a_hexside_between_hexes_that_are_not_adjacent():
    data = sample_map_dict()
    data["hexsides"].append({"hexes": ["0101", "0303"], "features": ["river"]})
    with pytest.raises(MapDataError, match="0101-0303.*not adjacent"):
        MapData.from_dict(data)
    data = sample_map_dict()
    data["roads"].append(["0101", "0102", "0104"])
    with pytest.raises(MapDataError, match="road 0102-0104"):
        MapData.from_dict(data)


def test_tec_terrain_missing_is_a_data_fault():
    data = sample_map_dict()
    data["hexes"]["0101"]["terrain"] = "swamp"
    bad = MapData.from_dict(data)
    board, zoc = setting({"0201": [INF]})
    with pytest.raises(MapDataError, match="'swamp' is not in the Terrain Effects Table"):
        step_cost(bad, TEC, INF, "0201", "0101", zoc=zoc, board=board)


def test_tec_flags_default_from_the_names():
    assert TEC.hex_effect("rough").rough and TEC.hex_effect("mountain").rough
    assert not TEC.hex_effect("clear").rough and TEC.hex_effect("desert").desert
    assert TEC.hex_effect("marsh").forbids("armor") and not TEC.hex_effect("marsh").forbids("infantry")
    assert TEC.hex_effect("all_sea").forbids("infantry")


def test_mp_text():
    assert [mp_text(Fraction(x)) for x in ("1/2", "3", "5/2", "0")] == ["1/2", "3", "2 1/2", "0"]


# 7.1 movement factor and movement points.


def test_7_1_a_path_within_the_movement_factor():
    result = move(INF, ["0101", "0201", "0301", "0302", "0303"])  # clear, clear, clear, clear
    assert result.ok and result.total == 4 and result.left == 0
    assert [s.mp for s in result.steps] == [1, 1, 1, 1]


def test_7_1_no_more_than_the_movement_factor():
    result = move(INF, ["0101", "0201", "0301", "0302", "0303", "0304"])  # the 5th hex is mountain (3)
    refused(result, "7.1", "entering 0304 costs 3 MP", "has 0 left of its 4")
    assert result.failed_step == 4 and result.total == 4


def test_7_1_hex_by_hex_from_the_units_hex():
    refused(move(INF, ["0101", "0301"]), "7.1", "not adjacent")
    board, zoc = setting({"0101": [INF]})
    refused(path_cost(MAP, TEC, INF, ["0201", "0301"], zoc=zoc, board=board), "7.1", "I1 is in 0101, not 0201")
    refused(move(INF, ["0101"]), "7.1", "at least one hex entered")


def test_9_3_the_zoc_view_must_be_the_moving_sides():
    board = Board({"0101": [INF]})
    with pytest.raises(ValueError, match=r"\(9.3\)"):
        step_cost(MAP, TEC, INF, "0101", "0201", zoc=enemy_zoc(MAP, board, "arab"), board=board)


def test_7_1_off_the_map():
    result = move(INF, ["0101", "0100"])
    assert not result.ok and result.refusal.rule == "1.3"


# 7.2 costs: hex entered plus hexside crossed.


def test_7_2_the_river_example_river_plus_clear_is_3():
    step = cost(INF, "0302", "0403", road=False)
    assert isinstance(step, Cost) and step.mp == 3
    assert "clear 1 MP (7.2)" in step.parts and "river hexside +2 MP (7.2)" in step.parts


def test_7_2_hex_cost_from_the_tec():
    assert cost(INF, "0203", "0204").mp == 2  # rough
    assert cost(INF, "0303", "0304").mp == 3  # mountain
    assert cost(INF, "0404", "0405", road=False).mp == 2  # clear + wadi


def test_7_2_minimum_move_one_hex_beyond_the_mf():
    slow = unit("I2", mf=2)
    result = move(slow, ["0303", "0304"])  # mountain: 3 MP > 2
    assert result.ok and result.minimum_move and result.total == 3 and result.left == 0
    refused(move(slow, ["0203", "0204", "0304"]), "7.1", "0304 costs 3 MP")


def test_7_2_minimum_move_only_one_hex():
    slow = unit("I2", mf=1)
    result = move(slow, ["0203", "0204", "0303"])
    refused(result, "7.1", "the minimum move is one hex, no more (7.2)")


def test_7_2_minimum_move_not_into_forbidden_terrain():
    slow = unit("A2", type="armor", mf=1)
    refused(move(slow, ["0403", "0503"]), "7.4", "marsh", "forbidden terrain")


def test_7_2_minimum_move_not_into_enemy_combat_units_ruling_enemy_for_friendly():
    # R-7.2-enemy: the text's "a hex containing a friendly combat unit" is read as enemy
    slow = unit("I2", mf=1)
    refused(move(slow, ["0303", "0304"], {"0303": [slow], "0304": [enemy()]}), "7.4", "enemy combat units")
    friend = unit("I3")
    result = move(slow, ["0303", "0304"], {"0303": [slow], "0304": [friend]})
    assert result.ok and result.minimum_move


def test_7_2_minimum_move_not_directly_from_enemy_zoc_to_enemy_zoc():
    slow = unit("I2", mf=1)
    # E1 in 0404: its ZOC covers 0303 and 0304 (no border, no water between)
    placed = {"0303": [slow], "0404": [enemy()]}
    result = move(slow, ["0303", "0304"], placed)
    refused(result, "7.1", "not allowed directly from one enemy ZOC to another (7.2)")
    # the same unit may make its minimum move out of the ZOC
    result = move(slow, ["0303", "0204"], placed)
    assert result.ok and result.minimum_move and result.total == 2


def test_7_2_a_unit_with_mf_0_does_not_move_ruling_mf0():
    factory = unit("F1", type="arms_factory", size=None, cs=0, mf=0)
    refused(move(factory, ["0101", "0201"]), "7.1", "movement factor of 0", "R-7.2-mf0")
    assert allowance(factory, forced_march=True, with_leader=True) == 0


# 7.3 forced march.


def test_7_3_forced_march_doubles_the_mf_and_flags_the_supply():
    path = ["0101", "0201", "0301", "0302", "0303", "0304"]  # 1+1+1+1+3 = 7
    refused(move(INF, path), "7.1")
    result = move(INF, path, forced_march=True)
    assert result.ok and result.allowance == 8 and result.total == 7 and result.forced_march


def test_7_3a_forced_march_applies_to_non_combat_units_with_mf():
    assert allowance(SUPPLY, forced_march=True) == 6
    assert allowance(unit("F1", type="arms_factory", size=None, cs=0, mf=0), forced_march=True) == 0


# 7.4 prohibited movement; ZOC entry and exit.


def test_7_4_never_into_enemy_combat_units():
    refused(cost(INF, "0303", "0304", {"0303": [INF], "0304": [enemy()]}), "7.4", "0304 holds enemy combat units")
    weak = enemy("E2", cs=1, parenthesized=True)  # a parenthesized CS is still a combat unit (1.6)
    refused(cost(INF, "0303", "0304", {"0303": [INF], "0304": [weak]}), "7.4")


def test_7_4_forbidden_terrain_by_unit_type():
    refused(cost(ARMOR, "0403", "0503", road=False), "7.4", "marsh", "armor unit")
    assert cost(INF, "0403", "0503").mp == 2


def test_7_4_forbidden_terrain_even_along_a_road():
    # the spur road 0502-0503 runs into the marsh; movement may not (11.9 is for advance and retreat only)
    refused(cost(ARMOR, "0502", "0503", road=True), "7.4", "even along a road")
    assert cost(INF, "0502", "0503", road=True).mp == Fraction(1, 2)


def test_7_4_forbidden_hexside_by_unit_type():
    refused(cost(ARMOR, "0504", "0505"), "7.4", "cliff hexside", "armor unit")
    assert cost(INF, "0504", "0505").mp == 2


def test_7_4_no_ground_unit_into_sea_or_across_a_sea_hexside():
    refused(cost(INF, "0105", "0106"), "7.4", "all sea", "amphibious")
    refused(cost(INF, "0705", "0706"), "7.4", "all lake")
    refused(cost(INF, "0204", "0205"), "7.4", "sea hexside")


def test_7_4_entering_and_leaving_enemy_zoc_is_free_ruling_9_4a():
    placed = {"0302": [INF], "0404": [enemy()]}  # 0303 is in E1's ZOC, 0302 is not
    enter = cost(INF, "0302", "0303", placed)
    assert enter.mp == 1 and not enter.infiltration
    placed = {"0303": [INF], "0404": [enemy()]}
    leave = cost(INF, "0303", "0302", placed)
    assert leave.mp == 1 and not leave.infiltration


def test_19_1a_combat_unit_enters_a_hex_of_only_enemy_non_combat_units():
    placed = {"0303": [INF], "0304": [enemy("ES", type="supply", size=None, cs=0)]}
    step = cost(INF, "0303", "0304", placed)
    assert step.mp == 3 and step.captures == ("ES",)
    result = move(INF, ["0303", "0304"], placed)
    assert result.ok and result.captured == ("ES",)


def test_19_4_non_combat_unit_enters_enemy_non_combat_hex_only_with_combat_units():
    placed = {"0303": [SUPPLY], "0302": [enemy("EL", type="leader", size=None, cs=0)]}
    refused(cost(SUPPLY, "0303", "0302", placed), "19.4", "only moving with combat units")
    assert cost(SUPPLY, "0303", "0302", placed, escorted=True).captures == ("EL",)


# 7.5a roads, 7.5b bridges.


def test_7_5a_road_half_mp_per_hex_ignoring_terrain():
    # 0102 to 0602 along the road: 0202 is rough, 0302-0402 a bridged river, 0502-0602 a border
    result = move(INF, ["0102", "0202", "0302", "0402", "0502", "0602"])
    assert result.ok and result.total == Fraction(5, 2) and all(s.road for s in result.steps)
    assert "along the road 1/2 MP, ignoring the rough (7.5a)" in result.steps[0].parts


def test_7_5a_road_only_from_road_hex_to_road_hex_along_a_connected_road():
    # 0202 and 0203 are both road hexes but no road joins them: terrain cost
    step = cost(INF, "0202", "0203")
    assert not step.road and step.mp == 1
    refused(cost(INF, "0202", "0203", road=True), "7.5a", "no road runs from 0202 to 0203")


def test_7_5a_road_movement_is_the_players_declaration():
    assert cost(INF, "0102", "0202", road=False).mp == 2  # declared off the road: the rough costs 2
    assert cost(INF, "0102", "0202", road=True).mp == Fraction(1, 2)


def test_7_5a_infiltration_still_costs_1_on_the_road():
    # E1 in 0203 controls both 0202 and 0302
    placed = {"0202": [INF], "0203": [enemy()]}
    step = cost(INF, "0202", "0302", placed)
    assert step.road and step.infiltration and step.mp == Fraction(3, 2)
    assert any("(9.4b)" in p for p in step.parts)


def test_7_5a_road_ignores_other_hexside_features_ruling_hexsides():
    # R-7.5a-hexsides: the road 0404-0405 crosses a wadi at no extra cost
    assert cost(INF, "0404", "0405", road=True).mp == Fraction(1, 2)
    assert cost(INF, "0404", "0405", road=False).mp == 2


def test_7_5b_bridge_no_river_cost_on_road_movement():
    step = cost(INF, "0302", "0402", road=True)
    assert step.mp == Fraction(1, 2) and "the bridge: no river cost (7.5b)" in step.parts
    assert cost(INF, "0302", "0402", road=False).mp == 3  # off the road the river is paid


def test_7_5b_destroyed_bridge_ruling_destroyed():
    step = cost(INF, "0302", "0402", road=True, destroyed_bridges=[("0402", "0302")])
    assert step.road and step.mp == Fraction(5, 2)
    assert any("R-7.5b-destroyed" in p for p in step.parts)


# 7.6a commando/guerrilla.


def test_7_6a_commando_pays_1_for_rough_and_mountain():
    assert cost(COMMANDO, "0203", "0204").mp == 1
    assert cost(COMMANDO, "0303", "0304").mp == 1
    assert cost(INF, "0303", "0304").mp == 3


def test_7_6a_commando_pays_the_other_costs_normally():
    # into the mountain 0304 across the river from 0404: 1 + 2
    step = cost(COMMANDO, "0404", "0304")
    assert step.mp == 3 and "river hexside +2 MP (7.2)" in step.parts


# 9.4b infiltration, 22.1c truce.


def test_9_4b_infiltration_costs_one_more():
    placed = {"0303": [INF], "0404": [enemy()]}
    step = cost(INF, "0303", "0304", placed)  # both in E1's ZOC; mountain 3 + 1
    assert step.infiltration and step.mp == 4
    assert "infiltration +1 MP: 0303 is in an enemy ZOC (from 0404) and so is 0304 (9.4b)" in step.parts


def test_22_1c_no_infiltration_during_a_truce_ruling():
    placed = {"0303": [INF], "0404": [enemy()]}
    refused(cost(INF, "0303", "0304", placed, truce=True), "22.1c", "during a truce", "R-22.1c")
    assert cost(INF, "0303", "0302", placed, truce=True).mp == 1  # leaving is allowed


# 20.1 leaders.


def test_20_1_leader_adds_one_to_units_starting_with_it():
    assert allowance(INF, with_leader=True) == 5
    assert leader_with(INF, [INF, LEADER]) and not leader_with(INF, [INF])
    path = ["0101", "0201", "0301", "0302", "0303", "0203"]  # 5 clear hexes
    refused(move(INF, path), "7.1")
    assert move(INF, path, with_leader=True).ok


def test_20_1a_leader_point_doubled_on_forced_march():
    assert allowance(INF, forced_march=True, with_leader=True) == 10


def test_20_1b_one_point_however_many_leaders():
    other = unit("L2", type="leader", size=None, cs=0, mf=6)
    assert leader_with(INF, [INF, LEADER, other])
    assert allowance(INF, with_leader=leader_with(INF, [INF, LEADER, other])) == 5


def test_20_3_leader_gives_no_bonus_to_itself_or_leaders():
    other = unit("L2", type="leader", size=None, cs=0, mf=6)
    assert not leader_with(LEADER, [LEADER, other])
    assert allowance(LEADER, with_leader=True) == 6


def test_20_1_an_enemy_leader_gives_nothing():
    assert not leader_with(INF, [INF, enemy("EL", type="leader", size=None, cs=0)])


# 27.4 British-occupied hexes.


def test_27_4_british_hex_costs_one_more_and_may_be_crossed():
    british = unit("B1", side=None, nationality="british")
    placed = {"0201": [INF], "0301": [british]}
    result = move(INF, ["0201", "0301", "0302"], placed)
    assert result.ok and result.total == 3 and result.steps[0].british and result.eliminated is None


def test_27_4_ending_in_a_british_hex_eliminates():
    british = unit("B1", side=None, nationality="british")
    result = move(INF, ["0201", "0301"], {"0201": [INF], "0301": [british]})
    assert result.ok and result.eliminated and "(27.4)" in result.eliminated


def test_27_3_british_units_are_not_enemies():
    british = unit("B1", side=None, nationality="british")
    board, zoc = setting({"0201": [INF], "0301": [british]})
    assert "0302" not in zoc and not board.enemy_combat("0301", "israel")


# Countries barred (26.1c, 22.1d-e) and border crossings reported (22.3).


def test_26_1c_barred_country_refused():
    result = move(INF, ["0502", "0602"], barred_countries={"Egypt": "26.1c"})
    refused(result, "26.1c", "may not cross the border from 0502 into Egypt")
    inside = move(INF, ["0402", "0502"], barred_countries={"Egypt": "26.1c"})
    assert inside.ok


def test_22_3_countries_entered_are_reported():
    result = move(INF, ["0502", "0602", "0603"])
    assert result.ok and result.countries == ("Egypt",)


# reachable.


def test_reachable_agrees_with_path_costs():
    board, zoc = setting({"0201": [INF], "0404": [enemy()]})
    where = reachable(MAP, TEC, INF, "0201", zoc=zoc, board=board)
    assert "0201" not in where and "0404" not in where  # never the start, never into the enemy
    # 0201-0301-0302 clear (2), then the road across the bridge 0402 (5/2), 0502 (3), 0602 (7/2)
    assert where["0101"] == 1 and where["0202"] == 2 and where["0302"] == 2 and where["0402"] == Fraction(5, 2)
    assert where["0602"] == Fraction(7, 2)
    assert "0106" not in where and all(v <= 4 for v in where.values())


def test_reachable_includes_the_minimum_move():
    slow = unit("I2", mf=2)
    board, zoc = setting({"0303": [slow]})
    where = reachable(MAP, TEC, slow, "0303", zoc=zoc, board=board)
    assert where["0304"] == 3  # beyond the MF, but one hex (7.2)
    assert "0305" not in where
