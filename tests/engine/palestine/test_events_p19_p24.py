"""Event cards P19 Rome Embassy Bombing, P20 Indian Independence*, P21 United Resistance Movement,
P22 Jewish Agency and P24 Sergeants Affair."""


from .helpers import board, legal, role, run, sp, to_prison


def sides(s, first):
    """Texts offered to *first* after it chose the Event box."""
    s, _ = run(s, "box event")
    assert role(s) == first
    return set(legal(s)) - {"pass"}


def next_box(s):
    """The executing faction's Event is over: the other faction chooses a box."""
    return "box" in legal(s)


# -- P19 Rome Embassy Bombing ---------------------------------------------------------------------------

def test_p19_unshaded_removes_two_cells_and_a_cache_for_one_will():
    s = board("P19", galilee={"cells_u": 2}, samaria={"cells_a": 1, "caches": 2}, lydda={"caches": 1})
    s, _ = run(s, "box event", "unshaded", "remove galilee underground", "remove samaria active")
    # two Cells taken: the Cell limit is reached, only a Cache may still go
    assert legal(s) == {"remove": ["samaria cache", "lydda cache"], "done": []}
    s, _ = run(s, "remove lydda cache")
    assert next_box(s)
    assert sp(s, "galilee")["cells_u"] == 1 and sp(s, "samaria")["cells_a"] == 0
    assert sp(s, "lydda")["caches"] == 0 and sp(s, "samaria")["caches"] == 2
    assert s["available"]["cells"] == 15 - 3 - 5 + 2  # 5 under the Haganah boxes at 2
    assert s["pw"] == 11


def test_p19_unshaded_cells_from_any_spaces_without_cache_gain_no_will():
    s = board("P19", galilee={"cells_u": 1}, gaza={"cells_u": 1, "caches": 1})
    s, _ = run(s, "box event", "unshaded", "remove galilee underground", "remove gaza underground", "done")
    assert sp(s, "galilee")["cells_u"] == 0 and sp(s, "gaza")["cells_u"] == 0
    assert sp(s, "gaza")["caches"] == 1
    assert s["pw"] == 10


def test_p19_unshaded_up_to_allows_removing_nothing():
    s = board("P19", galilee={"cells_u": 2, "caches": 1})
    s, _ = run(s, "box event", "unshaded", "done", "done")
    assert next_box(s)
    assert sp(s, "galilee")["cells_u"] == 2 and sp(s, "galilee")["caches"] == 1 and s["pw"] == 10


def test_p19_unshaded_only_one_cache_even_with_more_on_map():
    s = board("P19", lydda={"caches": 2}, gaza={"caches": 1})
    s, _ = run(s, "box event", "unshaded")
    # no Cells on the map: the Cell part does nothing and the Cache part is asked at once
    assert "remove" in legal(s) and all(a.endswith("cache") for a in legal(s)["remove"])
    s, _ = run(s, "remove lydda cache")
    assert next_box(s)
    assert sp(s, "lydda")["caches"] == 1 and sp(s, "gaza")["caches"] == 1 and s["pw"] == 11


def test_p19_unshaded_will_clamped_at_20():
    s = board("P19", pw=20, lydda={"caches": 1})
    s, _ = run(s, "box event", "unshaded", "remove lydda cache")
    assert s["pw"] == 20 and sp(s, "lydda")["caches"] == 0


def test_p19_unshaded_irgun_executing_chooses_the_pieces():
    s = board("P19", first="irgun", galilee={"cells_u": 1})
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "irgun" and legal(s)["remove"] == ["galilee underground"]


def test_p19_unshaded_not_playable_with_no_cells_or_caches_on_map():
    assert "unshaded" not in sides(board("P19", galilee={"troops": 2}), "british")
    assert "unshaded" in sides(board("P19", galilee={"cells_a": 1}), "british")


def test_p19_shaded_roll_above_2_lowers_will_by_2():
    s, log = run(board("P19"), "box event", "shaded", rolls=[3])
    assert s["pw"] == 8 and next_box(s)
    assert any("rolled 3" in e["text"] for e in log)


def test_p19_shaded_roll_of_2_does_nothing():
    s, _ = run(board("P19"), "box event", "shaded", rolls=[2])
    assert s["pw"] == 10


def test_p19_shaded_clamped_at_0():
    s, _ = run(board("P19", pw=1), "box event", "shaded", rolls=[6])
    assert s["pw"] == 0


def test_p19_shaded_not_playable_at_will_0():
    assert "shaded" not in sides(board("P19", pw=0), "british")
    assert "shaded" in sides(board("P19", pw=1), "british")


# -- P20 Indian Independence* ---------------------------------------------------------------------------

def test_p20_unshaded_gains_2_when_no_railway_sabotaged():
    # a Sabotage marker off the Railways does not count
    s, _ = run(board("P20", galilee={"sabotage": 1}), "box event", "unshaded")
    assert s["pw"] == 12 and next_box(s)


def test_p20_unshaded_not_playable_with_a_railway_sabotaged():
    assert "unshaded" not in sides(board("P20", rail_syria={"sabotage": 1}), "british")


def test_p20_unshaded_clamped_at_20_and_not_playable_at_20():
    s, _ = run(board("P20", pw=19), "box event", "unshaded")
    assert s["pw"] == 20
    assert "unshaded" not in sides(board("P20", pw=20), "british")


def test_p20_shaded_lowers_will_by_2():
    s, _ = run(board("P20", first="irgun"), "box event", "shaded")
    assert s["pw"] == 8 and next_box(s)


def test_p20_shaded_star_lowered_by_p9_unshaded():
    s = board("P20", first="irgun")
    s["capabilities"]["P9"] = "unshaded"
    s, _ = run(s, "box event", "shaded")
    assert s["pw"] == 9


def test_p20_shaded_p9_shaded_does_not_lower_loss():
    s = board("P20", first="irgun")
    s["capabilities"]["P9"] = "shaded"
    s, _ = run(s, "box event", "shaded")
    assert s["pw"] == 8


def test_p20_shaded_clamped_at_0_and_not_playable_at_0():
    s, _ = run(board("P20", pw=1), "box event", "shaded")
    assert s["pw"] == 0
    assert "shaded" not in sides(board("P20", pw=0), "british")


# -- P21 United Resistance Movement ----------------------------------------------------------------------

def test_p21_unshaded_shifts_left_then_removes_up_to_2_cells():
    s = board("P21", h=3, galilee={"cells_u": 2}, samaria={"cells_a": 1})
    s, _ = run(s, "box event", "unshaded")
    assert s["haganah"] == 2 and s["haganah_slots"]["3"] == {"cells": 3}
    assert role(s) == "british"
    s, _ = run(s, "remove galilee underground", "remove samaria active")
    assert next_box(s)
    assert sp(s, "galilee")["cells_u"] == 1 and sp(s, "samaria")["cells_a"] == 0


def test_p21_unshaded_removal_is_in_addition_to_haganah_refill_from_map():
    s = board("P21", h=4, galilee={"cells_u": 12}, samaria={"cells_a": 3})
    assert s["available"]["cells"] == 0
    s, _ = run(s, "box event", "unshaded")
    # the refill of box 4 needs two Cells from the map: the Irgun chooses them first
    assert s["haganah"] == 3 and role(s) == "irgun" and "take" in legal(s)
    s, _ = run(s, "take galilee underground", "take galilee underground")
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert role(s) == "british" and "remove" in legal(s)
    s, _ = run(s, "remove samaria active", "remove samaria active")
    assert next_box(s)
    assert sp(s, "galilee")["cells_u"] == 10 and sp(s, "samaria")["cells_a"] == 1
    assert s["available"]["cells"] == 2


def test_p21_unshaded_up_to_allows_removing_none():
    s, _ = run(board("P21", h=2, galilee={"cells_u": 2}), "box event", "unshaded", "done")
    assert s["haganah"] == 1 and sp(s, "galilee")["cells_u"] == 2 and next_box(s)


def test_p21_unshaded_at_track_0_still_removes_cells():
    s, _ = run(board("P21", h=0, galilee={"cells_u": 1}), "box event", "unshaded",
               "remove galilee underground")
    assert s["haganah"] == 0 and sp(s, "galilee")["cells_u"] == 0


def test_p21_unshaded_not_playable_at_track_0_without_cells():
    assert "unshaded" not in sides(board("P21", h=0, galilee={"caches": 1}), "british")
    assert "unshaded" in sides(board("P21", h=1), "british")


def test_p21_shaded_shifts_right_then_irgun_sabotages_each_railway():
    s = board("P21", h=2, rail_haifa={"cells_u": 2}, rail_egypt={"cells_u": 1, "police": 1},
              galilee={"cells_u": 1})
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 3 and s["haganah_slots"]["3"] == {"cells": 0}
    assert role(s) == "irgun"
    # Railways with an Underground Cell only; a District is not offered; no Special Activity
    assert sorted(legal(s)["space"]) == ["rail-egypt", "rail-haifa"]
    assert "sa" not in legal(s) and "offensive" not in legal(s) and "done" in legal(s)
    s, _ = run(s, "space rail-haifa", "roll", rolls=[3])
    assert legal(s)["space"] == ["rail-egypt"]  # each Railway once
    s, _ = run(s, "space rail-egypt", "roll", rolls=[4])
    assert legal(s) == {"done": []}  # every Railway with an Underground Cell used
    s, _ = run(s, "done")
    assert next_box(s)
    assert sp(s, "rail-haifa")["sabotage"] == 1 and sp(s, "rail-egypt")["sabotage"] == 1
    assert sp(s, "rail-haifa")["cells_a"] == 1 and sp(s, "rail-haifa")["cells_u"] == 1
    assert sp(s, "galilee")["cells_u"] == 1


def test_p21_shaded_all_four_railways_may_be_sabotaged():
    rails = ["rail_egypt", "rail_jerusalem", "rail_haifa", "rail_syria"]
    s = board("P21", first="irgun", h=4, **{r: {"cells_u": 1} for r in rails})
    orders = [a for r in rails for a in (f"space {r.replace('_', '-')}", "roll")]
    s, _ = run(s, "box event", "shaded", *orders, "done", rolls=[3, 3, 3, 3])
    assert s["haganah"] == 4 and next_box(s)
    assert all(sp(s, r.replace("_", "-"))["sabotage"] == 1 for r in rails)


def test_p21_shaded_sabotage_is_optional():
    s, _ = run(board("P21", h=1, rail_haifa={"cells_u": 1}), "box event", "shaded", "done")
    assert s["haganah"] == 2 and next_box(s)
    assert sp(s, "rail-haifa")["cells_u"] == 1 and sp(s, "rail-haifa")["sabotage"] == 0


def test_p21_shaded_no_railway_cell_only_shifts():
    s, _ = run(board("P21", h=1, rail_haifa={"cells_a": 1}, galilee={"cells_u": 1}), "box event", "shaded")
    assert s["haganah"] == 2 and next_box(s)


def test_p21_shaded_not_playable_at_track_4_without_railway_underground_cell():
    assert "shaded" not in sides(board("P21", h=4, rail_haifa={"cells_a": 1}, galilee={"cells_u": 1}),
                                 "british")
    assert "shaded" in sides(board("P21", h=4, rail_haifa={"cells_u": 1}), "british")


# -- P22 Jewish Agency --------------------------------------------------------------------------------

def test_p22_executing_faction_chooses_direction_left():
    s = board("P22", h=3, galilee={"cells_u": 1})
    s, _ = run(s, "box event", "event")
    assert role(s) == "british" and sorted(legal(s)["shift"]) == ["left", "right"]
    s, _ = run(s, "shift left")
    assert s["haganah"] == 2 and s["haganah_slots"]["3"] == {"cells": 3}


def test_p22_executing_faction_chooses_direction_right():
    s = board("P22", first="irgun", h=3)
    s, _ = run(s, "box event", "event")
    assert role(s) == "irgun"
    s, _ = run(s, "shift right")
    assert s["haganah"] == 4 and s["haganah_slots"]["4"] == {"cells": 0, "caches": 0}
    assert s["available"]["cells"] == 15


def test_p22_at_track_ends_the_only_possible_direction_is_taken():
    s, _ = run(board("P22", h=4), "box event", "event")
    assert s["haganah"] == 3 and "shift" not in legal(s)
    s, _ = run(board("P22", h=0), "box event", "event")
    assert s["haganah"] == 1 and "shift" not in legal(s)


def test_p22_haganah_refill_runs_before_the_branch_choice():
    s = board("P22", h=4, galilee={"cells_u": 15})
    s, _ = run(s, "box event", "event")
    assert role(s) == "irgun" and "take" in legal(s)
    s, _ = run(s, "take galilee underground", "take galilee underground")
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert role(s) == "british" and sorted(legal(s)["choose"]) == ["british-chit", "irgun-operation"]


def test_p22_british_chit_branch_draws_a_chit():
    s = board("P22", h=1)
    s, _ = run(s, "box event", "event", "shift left")
    assert role(s) == "british" and "choose" in legal(s)
    s, _ = run(s, "choose british-chit")
    assert role(s) == "british" and legal(s) == {"draw": [], "done": []}
    s, _ = run(s, "draw", draws=[2])
    assert s["intel"]["held"] == [2] and len(s["intel"]["bag"]) == 8 and next_box(s)


def test_p22_british_may_decline_the_chit():
    s = board("P22", first="irgun", h=1)
    s, _ = run(s, "box event", "event", "shift right")
    assert role(s) == "irgun"  # the executing faction chooses the branch (R-P22)
    s, _ = run(s, "choose british-chit")
    assert role(s) == "british"
    s, _ = run(s, "done")
    assert s["intel"]["held"] == [] and next_box(s)


def test_p22_irgun_operation_branch_is_limited_without_special_activity():
    s = board("P22", h=2, galilee={"cells_u": 1}, samaria={"cells_u": 1})
    s, _ = run(s, "box event", "event", "shift left", "choose irgun-operation")
    assert role(s) == "irgun" and "done" in legal(s)
    assert {"recruit", "travel", "sabotage"} <= set(legal(s)["op"])
    s, _ = run(s, "op sabotage")
    assert "sa" not in legal(s)
    s, _ = run(s, "space galilee", "roll", rolls=[3])
    # Limited: one space only (track at 1, no Haganah extra)
    assert "space" not in legal(s)
    s, _ = run(s, "done")
    assert next_box(s)
    assert sp(s, "galilee")["sabotage"] == 1 and sp(s, "samaria")["sabotage"] == 0


def test_p22_irgun_limited_operation_gets_haganah_extra_space_at_4():
    s = board("P22", first="irgun", h=3, galilee={"cells_u": 1}, samaria={"cells_u": 1})
    s, _ = run(s, "box event", "event", "shift right", "choose irgun-operation", "op sabotage",
               "space galilee", "roll", rolls=[3])
    assert legal(s)["space"] == ["samaria"]  # 6.5.3 extra space (R-EV-OPS)
    s, _ = run(s, "space samaria", "roll", rolls=[3])
    assert "space" not in legal(s)
    s, _ = run(s, "done")
    assert sp(s, "galilee")["sabotage"] == 1 and sp(s, "samaria")["sabotage"] == 1 and next_box(s)


def test_p22_irgun_may_decline_the_operation():
    s = board("P22", h=2, galilee={"cells_u": 1})
    s, _ = run(s, "box event", "event", "shift left", "choose irgun-operation")
    s, _ = run(s, "done")
    assert next_box(s) and sp(s, "galilee")["cells_u"] == 1 and s["intel"]["held"] == []


def test_p22_empty_bag_leaves_only_the_irgun_operation():
    s = board("P22", h=2, galilee={"cells_u": 1})
    s["intel"]["held"], s["intel"]["bag"] = s["intel"]["bag"], []
    s, _ = run(s, "box event", "event", "shift left")
    assert role(s) == "irgun" and "op" in legal(s)


def test_p22_no_irgun_operation_leaves_only_the_chit():
    s = board("P22", h=2)
    to_prison(s, s["available"]["cells"])  # no Cells anywhere the Irgun could use
    s, _ = run(s, "box event", "event", "shift left")
    assert role(s) == "british" and legal(s) == {"draw": [], "done": []}
    s, _ = run(s, "draw", draws=[0])
    assert s["intel"]["held"] == [0]


def test_p22_neither_branch_possible_only_shifts():
    s = board("P22", h=2)
    to_prison(s, s["available"]["cells"])
    s["intel"]["held"], s["intel"]["bag"] = s["intel"]["bag"], []
    # left: a shift right would release box 3's Cells and make Recruit possible
    s, _ = run(s, "box event", "event", "shift left")
    assert s["haganah"] == 1 and next_box(s)


def test_p22_always_playable():
    assert "event" in sides(board("P22", h=0), "british")


# -- P24 Sergeants Affair --------------------------------------------------------------------------------

def test_p24_unshaded_gains_1_per_terror_marker():
    s, _ = run(board("P24", haifa_city={"terror": 1}, jerusalem_city={"terror": 1}), "box event", "unshaded")
    assert s["pw"] == 12 and next_box(s)


def test_p24_unshaded_max_plus_3():
    s, _ = run(board("P24", haifa_city={"terror": 2}, jerusalem_city={"terror": 2}), "box event", "unshaded")
    assert s["pw"] == 13


def test_p24_unshaded_clamped_at_20_and_not_playable_at_20():
    s, _ = run(board("P24", pw=19, haifa_city={"terror": 3}), "box event", "unshaded")
    assert s["pw"] == 20
    assert "unshaded" not in sides(board("P24", pw=20, haifa_city={"terror": 1}), "british")


def test_p24_shaded_loses_1_per_terror_marker_max_3():
    s, _ = run(board("P24", first="irgun", tel_aviv_jaffa={"terror": 2}), "box event", "shaded")
    assert s["pw"] == 8
    s, _ = run(board("P24", first="irgun", tel_aviv_jaffa={"terror": 2}, haifa_city={"terror": 2}),
               "box event", "shaded")
    assert s["pw"] == 7


def test_p24_shaded_not_starred_p9_changes_nothing():
    s = board("P24", first="irgun", tel_aviv_jaffa={"terror": 2})
    s["capabilities"]["P9"] = "unshaded"
    s, _ = run(s, "box event", "shaded")
    assert s["pw"] == 8


def test_p24_shaded_clamped_at_0_and_not_playable_at_0():
    s, _ = run(board("P24", pw=2, haifa_city={"terror": 3}), "box event", "shaded")
    assert s["pw"] == 0
    assert "shaded" not in sides(board("P24", pw=0, haifa_city={"terror": 1}), "british")


def test_p24_not_playable_without_terror():
    assert sides(board("P24", galilee={"sabotage": 2}), "british") == set()
