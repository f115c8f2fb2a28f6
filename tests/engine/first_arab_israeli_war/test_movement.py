"""The Movement phase's own rules (7.0-7.6, 8.1, 9.4, 14.0, 15.4, 20.1) on the test pack (made-up data): forces,
steps and their costs, the minimum move, forced marches, leaders, carried supply, and the refusals."""

from __future__ import annotations

from engine.games.first_arab_israeli_war import movement, orders

from .faiw_helpers import act
from .faiw_movement_helpers import at, at_movement, force, frame, left, legal, refused

TEL_AVIV, HAIFA = "0203", "0202"


def test_7_1_the_phase_offers_every_unit_that_may_move_and_the_side_may_end():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-factory": HAIFA, "AL-egy-inf-bn-1": "0305"})
    orders_now = legal(s)
    assert orders_now["move"] == ["IL-inf-bde-1"]  # the factory has MF 0 (R-7.2-mf0); no enemy unit
    assert "end" in orders_now and "enter" not in orders_now


def test_7_1_a_unit_moved_and_released_does_not_move_again():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV})
    for line in ("move IL-inf-bde-1", "enter 0303", "stop"):
        act(s, "israel", line)
    assert at(s, "IL-inf-bde-1") == "0303" and frame(s)["moved"] == ["IL-inf-bde-1"]
    assert legal(s)["move"] == ["IL-inf-bn-1"]
    e = refused(s, "move IL-inf-bde-1")
    assert e.rule == "7.1" and "moved this phase already" in e.message


def test_7_1_a_force_stopped_before_its_first_step_has_not_moved():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV})
    act(s, "israel", "move IL-inf-bde-1")
    act(s, "israel", "stop")
    assert force(s) is None and "IL-inf-bde-1" in legal(s)["move"]


def test_7_1_a_second_force_waits_for_the_first_to_stop():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bn-1": HAIFA})
    act(s, "israel", "move IL-inf-bde-1")
    e = refused(s, "move IL-inf-bn-1")
    assert e.rule == "7.1" and "stop it" in e.message


def test_7_1_end_stops_the_force_on_the_move_and_ends_the_phase():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV})
    for line in ("move IL-inf-bde-1", "enter 0303"):
        act(s, "israel", line)
    act(s, "israel", "end")
    assert at(s, "IL-inf-bde-1") == "0303" and s["phase"] != "movement"


def test_7_2_each_hex_costs_its_terrain_and_hexside_and_the_prompt_says_so():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV})
    act(s, "israel", "move IL-inf-bde-1")
    text = engine_text(s)
    assert "0302 3 MP" in text  # clear 1 + river +2, no bridge (7.2's example)
    assert "0303 1/2 MP (road)" in text and "0202 1/2 MP (road)" in text  # 7.5a; the bridge waives the river, 7.5b
    act(s, "israel", "enter 0302")
    assert left(s) == {"IL-inf-bde-1": 1.0}


def test_7_5a_a_road_hex_costs_half_an_mp():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV})
    for line in ("move IL-inf-bde-1", "enter 0303", "enter 0403", "enter 0503"):
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bde-1": 2.5}  # three road hexes, 1/2 each


def test_7_1_not_enough_mp_is_refused_with_the_cost():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV})
    for line in ("move IL-inf-bde-1", "enter 0302"):  # 3 of 4 MP
        act(s, "israel", line)
    e = refused(s, "enter 0402")  # rough, 2 MP
    assert e.rule == "7.1" and "1 MP left" in e.message and "costs 2" in e.message


def test_7_2_the_minimum_move_of_one_hex_whatever_its_cost():
    s = at_movement(place={"IL-militia-1": "0303"})
    act(s, "israel", "move IL-militia-1")
    assert "0404" in legal(s)["enter"]  # mountain, 3 MP, for an MF of 1
    act(s, "israel", "enter 0404")
    assert at(s, "IL-militia-1") == "0404" and force(s) is None  # no MP left: its move is over
    assert "IL-militia-1" in frame(s)["moved"]


def test_7_2_no_minimum_move_directly_from_one_enemy_zoc_to_another():
    s = at_movement(place={"IL-militia-1": "0304", "AL-egy-inf-bn-1": "0305"})
    act(s, "israel", "move IL-militia-1")
    assert "0405" not in legal(s).get("enter", [])  # both in the ZOC of 0305: desert 1 + infiltration 1
    e = refused(s, "enter 0405")
    assert e.rule == "7.1" and "minimum move is not allowed" in e.message


def test_9_4b_infiltration_costs_one_more_mp():
    s = at_movement(place={"IL-inf-bn-1": "0304", "AL-egy-inf-bn-1": "0305"})
    act(s, "israel", "move IL-inf-bn-1")
    assert "0405 2 MP (infiltration)" in engine_text(s)
    act(s, "israel", "enter 0405")
    assert left(s) == {"IL-inf-bn-1": 2.0}


def test_9_4a_entering_and_leaving_an_enemy_zoc_costs_nothing_extra():
    s = at_movement(place={"IL-inf-bn-1": "0303", "AL-egy-inf-bn-1": "0305"})
    for line in ("move IL-inf-bn-1", "enter 0304"):  # into the ZOC: desert 1
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bn-1": 3.0}


def test_7_4_no_unit_enters_a_hex_with_enemy_combat_units():
    s = at_movement(place={"IL-inf-bn-1": "0304", "AL-egy-inf-bn-1": "0305"})
    s["revealed"]["israel"].append("0305")  # a stack Israel sees (21.0): a hidden one is refused for that alone
    act(s, "israel", "move IL-inf-bn-1")
    assert "0305" not in legal(s)["enter"]
    e = refused(s, "enter 0305")
    assert e.rule == "7.4" and "enemy combat units" in e.message


def test_21_0_no_unit_enters_a_hidden_enemy_stack_whatever_it_holds():
    s = at_movement(place={"IL-inf-bn-1": "0304", "AL-egy-inf-bn-1": "0305"})
    act(s, "israel", "move IL-inf-bn-1")
    e = refused(s, "enter 0305")
    assert e.rule == "8.3" and "cannot see" in e.message and "R-21.0-enter" in e.message
    assert "combat" not in e.message.split("holds")[0]


def test_7_4_water_and_forbidden_terrain_are_refused():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-armor-bn-1": "0303"})
    act(s, "israel", "move IL-inf-bde-1")
    e = refused(s, "enter 0103")
    assert e.rule == "7.4" and "amphibious" in e.message
    act(s, "israel", "stop")
    act(s, "israel", "move IL-armor-bn-1")
    assert "0404" not in legal(s)["enter"]  # mountain: the test TEC forbids armour
    e = refused(s, "enter 0404")
    assert e.rule == "7.4" and "forbidden terrain" in e.message


def test_7_6a_a_commando_pays_one_mp_for_rough_and_mountain():
    s = at_movement(place={"IL-cdo-bn-1": "0302", "IL-inf-bn-1": "0302"})
    for line in ("move IL-cdo-bn-1", "add IL-inf-bn-1", "enter 0402"):  # rough, no road
        act(s, "israel", line)
    assert left(s) == {"IL-cdo-bn-1": 4.0, "IL-inf-bn-1": 2.0}  # each unit pays its own (7.1)


def test_7_3_a_forced_march_doubles_the_mf_and_spends_a_supply_point_of_the_hex():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV}, supply={("israel", TEL_AVIV): 2})
    for line in ("move IL-inf-bde-1", "add IL-inf-bn-1", "march"):
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bde-1": 8.0, "IL-inf-bn-1": 8.0}  # 7.3a: every unit of the force
    assert s["supply"]["israel"][TEL_AVIV] == 1
    for line in ("enter 0303", "stop", "move supply@0203"):
        act(s, "israel", line)
    assert "march" not in legal(s)  # 7.3b: the one point left would be spent by a force of its own


def test_7_3b_each_force_spends_its_own_supply_point():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV}, supply={("israel", TEL_AVIV): 2})
    for line in ("move IL-inf-bde-1", "march", "enter 0303", "stop", "move IL-inf-bn-1", "march"):
        act(s, "israel", line)
    assert TEL_AVIV not in s["supply"]["israel"] and left(s) == {"IL-inf-bn-1": 8.0}


def test_7_3_a_forced_march_needs_a_supply_point_and_starts_before_the_first_step():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV}, supply={("israel", HAIFA): 1})
    act(s, "israel", "move IL-inf-bde-1")
    assert "march" not in legal(s)
    e = refused(s, "march")
    assert e.rule == "7.3" and "supply point" in e.message
    act(s, "israel", "enter 0202")  # onto the supply point: too late to march
    e = refused(s, "march")
    assert e.rule == "7.3" and "begun its move" in e.message


def test_7_3_supply_that_moved_may_then_supply_a_forced_march():
    s = at_movement(place={"IL-inf-bde-1": "0303"}, supply={("israel", TEL_AVIV): 1})
    for line in ("move supply@0203", "enter 0303", "stop", "move IL-inf-bde-1", "march"):
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bde-1": 8.0} and "0303" not in s["supply"]["israel"]


def test_20_1_units_starting_with_a_leader_get_one_mp_two_on_a_forced_march():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-ldr-allon": TEL_AVIV, "IL-ldr-marcus": TEL_AVIV},
                    supply={("israel", TEL_AVIV): 1})
    for line in ("move IL-inf-bde-1", "add IL-ldr-allon"):
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bde-1": 5.0, "IL-ldr-allon": 6.0}  # 20.1b one bonus; 20.3 not to leaders
    act(s, "israel", "march")
    assert left(s) == {"IL-inf-bde-1": 10.0, "IL-ldr-allon": 12.0}  # 20.1a


def test_20_1_the_bonus_is_checked_before_the_leader_moves():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-ldr-allon": TEL_AVIV, "IL-inf-bn-1": "0303"})
    for line in ("move IL-ldr-allon", "enter 0303", "stop", "move IL-inf-bn-1"):
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bn-1": 4.0}  # the leader came to 0303 after the phase began (R-20.1-start)
    for line in ("stop", "move IL-inf-bde-1"):
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bde-1": 5.0}  # it stood in 0203 as the phase began


def test_14_0_a_force_carries_supply_points_at_the_supply_mf():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV}, supply={("israel", TEL_AVIV): 3})
    for line in ("move IL-inf-bde-1", "carry 2"):
        act(s, "israel", line)
    assert left(s) == {"IL-inf-bde-1": 4.0, "supply": 3.0}  # the test pack's supply MF is 3
    for line in ("enter 0303", "enter 0403"):
        act(s, "israel", line)
    assert s["supply"]["israel"] == {TEL_AVIV: 1, "0403": 2}
    act(s, "israel", "stop")
    assert legal(s)["move"] == ["supply@0203"]  # 7.1: the points that moved are released


def test_14_0_supply_points_move_alone_and_drop_leaves_them():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV}, supply={("israel", TEL_AVIV): 2})
    for line in ("move supply@0203", "carry 2", "enter 0303", "enter 0403"):
        act(s, "israel", line)
    act(s, "israel", "drop supply")
    assert force(s) is None and s["supply"]["israel"] == {"0403": 2} and "supply@0403" not in legal(s)["move"]


def test_7_1_a_dropped_unit_has_ended_its_move():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV})
    for line in ("move IL-inf-bde-1", "add IL-inf-bn-1", "enter 0303", "drop IL-inf-bn-1", "enter 0403", "stop"):
        act(s, "israel", line)
    assert (at(s, "IL-inf-bde-1"), at(s, "IL-inf-bn-1")) == ("0403", "0303")
    assert "move" not in legal(s)


def test_7_3a_units_join_a_force_only_in_its_hex_before_it_moves():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV, "IL-inf-bn-2": "0303"})
    act(s, "israel", "move IL-inf-bde-1")
    assert legal(s)["add"] == ["IL-inf-bn-1"]
    e = refused(s, "add IL-inf-bn-2")
    assert e.rule == "12.2"
    act(s, "israel", "enter 0303")
    e = refused(s, "add IL-inf-bn-2")  # 12.2: no catching units on the way
    assert e.rule == "7.3" and "begun its move" in e.message


def test_8_1b_overstacking_at_the_end_of_the_movement_phase_breaks_the_units():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bde-2": "0303", "IL-inf-bde-3": "0303"})
    for line in ("move IL-inf-bde-1", "enter 0303", "stop"):
        act(s, "israel", line)
    assert not s["units"]["IL-inf-bde-2"]["broken"]  # 8.1a: only at the end of the phase
    act(s, "israel", "end")
    assert all(s["units"][c]["broken"] for c in ("IL-inf-bde-1", "IL-inf-bde-2", "IL-inf-bde-3"))


def test_15_4_the_entrenchment_goes_when_every_unit_moves_out():
    def dig(s):
        s["entrenched"][TEL_AVIV] = "israel"
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV}, before=dig)
    for line in ("move IL-inf-bde-1", "enter 0303", "stop"):
        act(s, "israel", line)
    assert TEL_AVIV in s["entrenched"]
    for line in ("move IL-inf-bn-1", "enter 0303"):
        act(s, "israel", line)
    assert TEL_AVIV not in s["entrenched"]


def test_the_movement_orders_are_declared_and_listed():
    words = {o.word for o in movement.ORDERS}
    assert {"move", "add", "carry", "march", "enter", "breach", "invade", "drop", "stop", "sail"} <= words
    assert words <= {o.word for o in orders.ORDERS}


def engine_text(s) -> str:
    import engine
    return engine.view(s, s["phasing"])["prompt"]["text"]


def test_7_7_the_prompt_records_the_mp_the_force_has_left():
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV})
    for line in ("move IL-inf-bde-1", "enter 0303"):
        act(s, "israel", line)
    assert "MP left: IL-inf-bde-1 3 1/2" in engine_text(s)
