"""Event cards P10 Palestine Police Force, P11 Operation Shark, P12 Peter Bergson, P14 Martial Law,
P15 Chaim Weizmann and P16 Alan Cunningham."""


from .helpers import board, legal, role, run, sp, to_prison


def sides(s, first="british"):
    """Texts offered to *first* after it chose the Event box."""
    s, _ = run(s, "box event")
    assert role(s) == first
    return set(legal(s)) - {"pass"}


def next_box(s):
    """The executing faction's Event is over: the other faction chooses a box."""
    return "box" in legal(s)


def texts(log):
    return [e["text"] for e in log]


# -- P10 Palestine Police Force ----------------------------------------------------------------------------

def test_p10_unshaded_places_all_available_police_in_railways_of_choice():
    s = board("P10", galilee={"police": 2})
    s, _ = run(s, "box event", "unshaded")
    assert legal(s) == {"place": ["rail-egypt", "rail-jerusalem", "rail-haifa", "rail-syria"], "done": []}
    s, log = run(s, "place rail-egypt", "place rail-egypt", "place rail-syria", "place rail-haifa")
    assert next_box(s)  # the 4 Available Police are all placed: nothing more to choose
    assert s["available"]["police"] == 0
    rails = ("rail-egypt", "rail-jerusalem", "rail-haifa", "rail-syria")
    assert [sp(s, r)["police"] for r in rails] == [2, 0, 1, 1]
    assert sp(s, "galilee")["police"] == 2
    assert sum("placed a Police cube" in t for t in texts(log)) == 4


def test_p10_unshaded_up_to_all_may_stop_early_or_place_none():
    s = board("P10")
    s1, _ = run(s, "box event", "unshaded", "place rail-jerusalem", "done")
    assert next_box(s1) and sp(s1, "rail-jerusalem")["police"] == 1 and s1["available"]["police"] == 5
    s2, _ = run(s, "box event", "unshaded", "done")
    assert next_box(s2) and s2["available"]["police"] == 6


def test_p10_unshaded_irgun_executing_chooses_the_placement():
    s = board("P10", first="irgun")
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "irgun" and "place" in legal(s)
    s, _ = run(s, "done")
    assert next_box(s) and s["available"]["police"] == 6


def test_p10_unshaded_not_playable_without_available_police():
    s = board("P10", galilee={"police": 6})
    assert sides(s) == {"shaded"}


def test_p10_shaded_removes_half_the_police_rounded_down():
    s = board("P10", galilee={"police": 2, "troops": 1}, samaria={"police": 2}, rail_haifa={"police": 1})
    s, _ = run(s, "box event", "shaded")
    # 5 on the map: 2 must go; no done before both are chosen (mandatory)
    assert legal(s) == {"remove": ["galilee police", "samaria police", "rail-haifa police"]}
    s, _ = run(s, "remove rail-haifa police")
    assert "done" not in legal(s)
    s, _ = run(s, "remove samaria police")
    assert next_box(s)
    assert sp(s, "galilee")["police"] == 2 and sp(s, "samaria")["police"] == 1
    assert sp(s, "rail-haifa")["police"] == 0
    assert s["available"]["police"] == 6 - 5 + 2


def test_p10_shaded_lifts_a_curfew_left_without_british_pieces():
    s = board("P10", haifa_city={"police": 1, "curfew": 1}, galilee={"police": 1})
    s, log = run(s, "box event", "shaded", "remove haifa-city police")
    assert next_box(s)
    assert sp(s, "haifa-city")["curfew"] == 0 and sp(s, "galilee")["police"] == 1
    assert any("Curfew" in t for t in texts(log))


def test_p10_shaded_not_playable_with_one_police_on_map():
    s = board("P10", galilee={"police": 1})
    assert sides(s) == {"unshaded"}


# -- P11 Operation Shark -----------------------------------------------------------------------------------

def shark():
    return board("P11", tel_aviv_jaffa={"troops": 3, "police": 1, "cells_u": 2, "cells_a": 1},
                 lydda={"troops": 2, "caches": 1}, galilee={"caches": 1},
                 haifa_city={"troops": 1, "cells_u": 1})


def test_p11_unshaded_search_then_assault_same_city_then_cache_for_one_will_no_chit():
    s, _ = run(shark(), "box event", "unshaded")
    assert legal(s) == {"space": ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"]}
    s, _ = run(s, "space tel-aviv-jaffa")
    # the Search has the chosen City as its one space: Troops may move in from adjacent spaces
    assert legal(s) == {"move": ["lydda tel-aviv-jaffa"], "done": []}
    s, _ = run(s, "move lydda tel-aviv-jaffa", "done", "curfew")
    x = sp(s, "tel-aviv-jaffa")
    assert x["troops"] == 4 and x["curfew"] == 1 and x["cells_a"] == 2 and x["cells_u"] == 1
    # the Assault may select only the same City (Haifa City also has Troops and Irgun pieces)
    assert legal(s) == {"space": ["tel-aviv-jaffa"]}
    s, _ = run(s, "space tel-aviv-jaffa", "done")
    assert sp(s, "tel-aviv-jaffa")["cells_a"] == 0 and sp(s, "tel-aviv-jaffa")["cells_u"] == 1
    # Cache within 1 space of Tel Aviv-Jaffa only (not Galilee); mandatory, so no done
    assert legal(s) == {"remove": ["lydda cache"]}
    held = list(s["intel"]["held"])
    s, log = run(s, "remove lydda cache")
    assert next_box(s)
    assert sp(s, "lydda")["caches"] == 0 and sp(s, "galilee")["caches"] == 1
    assert s["pw"] == 11
    assert s["intel"]["held"] == held  # no Intel Chit: not an Assault removal


def test_p11_unshaded_cache_removed_by_the_assault_itself_draws_a_chit_as_usual():
    s = board("P11", jerusalem_city={"troops": 2, "caches": 1}, jerusalem_district={"caches": 1})
    s, _ = run(s, "box event", "unshaded", "space jerusalem-city", "done",
               "curfew", "space jerusalem-city", draws=[2])
    assert sp(s, "jerusalem-city")["caches"] == 0
    assert s["pw"] == 11 and s["intel"]["held"] == [2]
    s, _ = run(s, "done", "remove jerusalem-district cache")
    assert next_box(s) and s["pw"] == 12 and s["intel"]["held"] == [2]


def test_p11_unshaded_no_assault_when_the_city_cannot_be_assaulted():
    s = board("P11", haifa_city={"police": 1, "cells_u": 1}, haifa_district={"troops": 1, "caches": 2})
    s, log = run(s, "box event", "unshaded", "space haifa-city", "done", "curfew")
    # no Troops in Haifa City: no Assault frame, straight to the Cache removal
    assert legal(s) == {"remove": ["haifa-district cache"]}
    assert any("No Assault" in t for t in texts(log))
    s, _ = run(s, "remove haifa-district cache")
    assert next_box(s) and sp(s, "haifa-district")["caches"] == 1 and s["pw"] == 11


def test_p11_unshaded_without_cache_nearby_gains_no_will():
    s = board("P11", tel_aviv_jaffa={"troops": 2, "cells_a": 1}, galilee={"caches": 1})
    s, log = run(s, "box event", "unshaded", "space tel-aviv-jaffa", "done",
                 "curfew", "space tel-aviv-jaffa", "done")
    assert next_box(s)
    assert s["pw"] == 10 and sp(s, "galilee")["caches"] == 1 and sp(s, "tel-aviv-jaffa")["cells_a"] == 0
    assert any("No Arms Cache" in t for t in texts(log))


def test_p11_unshaded_will_clamped_at_20():
    s = board("P11", pw=20, jerusalem_city={"police": 1}, jerusalem_district={"caches": 1})
    s, _ = run(s, "box event", "unshaded", "space jerusalem-city", "done",
               "curfew", "remove jerusalem-district cache")
    assert next_box(s) and s["pw"] == 20 and sp(s, "jerusalem-district")["caches"] == 0


def test_p11_unshaded_irgun_executing_british_run_the_operations_irgun_picks_the_cache():
    s = board("P11", first="irgun", tel_aviv_jaffa={"troops": 2, "cells_a": 1}, lydda={"caches": 1})
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "british"
    s, _ = run(s, "space tel-aviv-jaffa", "done", "curfew")
    assert role(s) == "british"
    s, _ = run(s, "space tel-aviv-jaffa", "done")
    assert role(s) == "irgun" and legal(s) == {"remove": ["lydda cache"]}
    s, _ = run(s, "remove lydda cache")
    assert next_box(s) and s["pw"] == 11


def test_p11_unshaded_not_playable_when_nothing_can_change():
    # No cubes anywhere (so no Curfew either: it needs British pieces, 1.10), no Cache near a City
    s = board("P11", galilee={"caches": 1, "cells_u": 2}, haifa_city={"cells_u": 1})
    assert "unshaded" not in sides(s)
    # a Troop next to a City makes the Search meaningful
    s = board("P11", galilee={"caches": 1}, rail_syria={"troops": 1})
    assert "unshaded" in sides(s)


def test_p11_shaded_irgun_travels_from_up_to_two_curfew_spaces_with_cells():
    s = board("P11", haifa_city={"troops": 1, "cells_a": 2, "curfew": 1},
              jerusalem_city={"police": 1, "cells_u": 1, "curfew": 1},
              tel_aviv_jaffa={"police": 1, "cells_u": 1, "curfew": 1}, galilee={"cells_u": 2})
    s, _ = run(s, "box event", "shaded")
    assert role(s) == "irgun"
    assert legal(s)["space"] == ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"]
    assert "done" in legal(s)  # up to 2: none is allowed
    s, _ = run(s, "space haifa-city", "move galilee active", "move haifa-city active", "done")
    assert sp(s, "galilee")["cells_u"] == 3 and sp(s, "haifa-city")["cells_u"] == 1
    s, _ = run(s, "space jerusalem-city", "move samaria underground", "done")
    # two origins used: no third
    assert "space" not in legal(s)
    s, _ = run(s, "done")
    assert next_box(s)
    assert sp(s, "samaria")["cells_u"] == 1 and sp(s, "tel-aviv-jaffa")["cells_u"] == 1


def test_p11_shaded_british_executing_irgun_decides_and_may_travel_nowhere():
    s = board("P11", haifa_city={"troops": 1, "cells_u": 1, "curfew": 1})
    s, _ = run(s, "box event", "shaded")
    assert role(s) == "irgun" and legal(s) == {"space": ["haifa-city"], "done": []}
    s, _ = run(s, "done")
    assert next_box(s) and sp(s, "haifa-city")["cells_u"] == 1


def test_p11_shaded_not_playable_without_cells_in_a_curfew_space():
    s = board("P11", haifa_city={"troops": 1, "curfew": 1}, galilee={"cells_u": 1})
    assert "shaded" not in sides(s)


# -- P12 Peter Bergson -------------------------------------------------------------------------------------

def test_p12_unshaded_removes_two_caches_without_will():
    s = board("P12", galilee={"caches": 2}, gaza={"caches": 1})
    s, _ = run(s, "box event", "unshaded")
    assert legal(s) == {"remove": ["galilee cache", "gaza cache"]}
    s, _ = run(s, "remove galilee cache")
    assert "done" not in legal(s)
    s, _ = run(s, "remove gaza cache")
    assert next_box(s)
    assert sp(s, "galilee")["caches"] == 1 and sp(s, "gaza")["caches"] == 0
    assert s["pw"] == 10 and s["intel"]["held"] == []
    assert s["available"]["caches"] == 5 - 1 - 3 + 2  # 1 under Haganah box 4 at 2


def test_p12_unshaded_removes_the_only_cache():
    s = board("P12", samaria={"caches": 1})
    s, _ = run(s, "box event", "unshaded", "remove samaria cache")
    assert next_box(s) and sp(s, "samaria")["caches"] == 0 and s["pw"] == 10


def test_p12_unshaded_not_playable_without_caches_on_map():
    s = board("P12", samaria={"cells_u": 1})
    assert "unshaded" not in sides(s)


def test_p12_shaded_places_up_to_two_caches_in_spaces_with_cells():
    s = board("P12", galilee={"cells_u": 1}, rail_haifa={"cells_u": 1}, gaza={"cells_a": 1, "caches": 1},
              lydda={"caches": 1})
    s, _ = run(s, "box event", "shaded")
    # not on Railways, not without Cells
    assert legal(s) == {"place": ["galilee", "gaza"], "done": []}
    s, _ = run(s, "place gaza")
    assert legal(s) == {"place": ["galilee"], "done": []}  # Gaza now holds 2
    s, _ = run(s, "place galilee")
    assert next_box(s)
    assert sp(s, "gaza")["caches"] == 2 and sp(s, "galilee")["caches"] == 1


def test_p12_shaded_irgun_executing_chooses():
    s = board("P12", first="irgun", galilee={"cells_u": 1})
    s, _ = run(s, "box event", "shaded")
    assert role(s) == "irgun" and legal(s) == {"place": ["galilee"], "done": []}


def test_p12_shaded_both_in_one_space_or_stop_early():
    s = board("P12", galilee={"cells_u": 1})
    s1, _ = run(s, "box event", "shaded", "place galilee", "place galilee")
    assert next_box(s1) and sp(s1, "galilee")["caches"] == 2
    s2, _ = run(s, "box event", "shaded", "place galilee", "done")
    assert next_box(s2) and sp(s2, "galilee")["caches"] == 1


def test_p12_shaded_limited_by_available_caches():
    s = board("P12", galilee={"cells_u": 1}, samaria={"caches": 2}, gaza={"caches": 1})
    assert s["available"]["caches"] == 1
    s, _ = run(s, "box event", "shaded", "place galilee")
    assert next_box(s) and sp(s, "galilee")["caches"] == 1 and s["available"]["caches"] == 0


def test_p12_shaded_not_playable_without_available_caches_or_cell_spaces():
    s = board("P12", galilee={"cells_u": 1}, samaria={"caches": 2}, gaza={"caches": 2})
    assert "shaded" not in sides(s)
    s = board("P12", rail_syria={"cells_u": 1})
    assert "shaded" not in sides(s)


# -- P14 Martial Law ---------------------------------------------------------------------------------------

def martial():
    return board("P14", jerusalem_city={"troops": 2, "police": 1, "cells_u": 2},
                 jerusalem_district={"troops": 1},
                 haifa_city={"troops": 3, "cells_u": 3}, galilee={"troops": 2})


def test_p14_unshaded_search_two_cities_then_mass_detention():
    s, _ = run(martial(), "box event", "unshaded")
    assert legal(s)["space"] == ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"]
    s, _ = run(s, "space jerusalem-city", "space haifa-city")
    assert "space" not in legal(s)  # up to 2 Cities
    s, _ = run(s, "done", "move jerusalem-district jerusalem-city", "done", "curfew", "curfew")
    assert sp(s, "jerusalem-city")["troops"] == 3 and sp(s, "jerusalem-city")["curfew"] == 1
    assert sp(s, "haifa-city")["curfew"] == 1
    assert legal(s) == {"sa": ["mass-detention"], "done": []}
    s, _ = run(s, "sa mass-detention")
    assert legal(s) == {"space": ["haifa-city", "jerusalem-city"]}
    s, _ = run(s, "space jerusalem-city", "remove jerusalem-city underground", "remove jerusalem-city active",
               rolls=[3])
    # 2 Cells in the City, none left in its District: 1 short of the roll
    assert next_box(s)
    assert s["prison"] == 2 and s["pw"] == 9


def test_p14_unshaded_no_search_then_declines_mass_detention():
    s = board("P14", haifa_city={"troops": 3, "cells_u": 1, "curfew": 1})
    s, _ = run(s, "box event", "unshaded")
    assert "done" in legal(s)  # may Search in no City
    s, _ = run(s, "done")
    assert legal(s) == {"sa": ["mass-detention"], "done": []}
    s, log = run(s, "done")
    assert next_box(s) and s["prison"] == 0 and s["pw"] == 10
    assert any("not to conduct Mass Detention" in t for t in texts(log))


def test_p14_unshaded_no_mass_detention_without_a_qualifying_city():
    s = board("P14", jerusalem_city={"troops": 2, "cells_u": 1})
    s, log = run(s, "box event", "unshaded", "space jerusalem-city", "done", "done", "curfew")
    assert next_box(s)
    assert sp(s, "jerusalem-city")["curfew"] == 1 and s["prison"] == 0
    assert any("no Mass Detention" in t for t in texts(log))


def test_p14_unshaded_irgun_executing_british_decide():
    s = board("P14", first="irgun", haifa_city={"troops": 3, "cells_u": 1, "curfew": 1})
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "british"


def test_p14_unshaded_not_playable_when_search_and_detention_change_nothing():
    s = board("P14", galilee={"cells_u": 1})   # no cube, so no Curfew (1.10) and no Troop to move in
    assert "unshaded" not in sides(s)


def test_p14_shaded_places_up_to_one_cell_in_each_curfew_city():
    s = board("P14", haifa_city={"troops": 1, "curfew": 1}, jerusalem_city={"police": 1, "curfew": 1},
              tel_aviv_jaffa={"troops": 1})
    s, _ = run(s, "box event", "shaded")
    assert legal(s) == {"place": ["haifa-city", "jerusalem-city"], "done": []}
    s, _ = run(s, "place haifa-city")
    assert legal(s) == {"place": ["jerusalem-city"], "done": []}  # 1 per City
    s, _ = run(s, "done")
    assert next_box(s)
    assert sp(s, "haifa-city")["cells_u"] == 1 and sp(s, "jerusalem-city")["cells_u"] == 0


def test_p14_shaded_limited_by_available_cells():
    s = board("P14", haifa_city={"troops": 1, "curfew": 1}, jerusalem_city={"police": 1, "curfew": 1},
              galilee={"cells_u": 9})
    assert s["available"]["cells"] == 1
    s, _ = run(s, "box event", "shaded", "place jerusalem-city")
    assert next_box(s) and sp(s, "jerusalem-city")["cells_u"] == 1 and sp(s, "haifa-city")["cells_u"] == 0


def test_p14_shaded_not_playable_without_curfew_or_cells():
    s = board("P14", haifa_city={"troops": 1})
    assert "shaded" not in sides(s)
    s = board("P14", haifa_city={"troops": 1, "curfew": 1}, galilee={"cells_u": 10})
    assert s["available"]["cells"] == 0
    assert "shaded" not in sides(s)


# -- P15 Chaim Weizmann ------------------------------------------------------------------------------------

def test_p15_unshaded_shifts_left_then_removes_a_sabotage_marker():
    s = board("P15", h=2, galilee={"sabotage": 2}, rail_haifa={"sabotage": 1})
    s, _ = run(s, "box event", "unshaded")
    assert s["haganah"] == 1
    assert legal(s) == {"remove": ["galilee", "rail-haifa"], "done": []}
    s, _ = run(s, "remove galilee")
    assert next_box(s)  # up to 1 only
    assert sp(s, "galilee")["sabotage"] == 1 and sp(s, "rail-haifa")["sabotage"] == 1


def test_p15_unshaded_refill_choice_comes_before_the_marker_removal():
    s = board("P15", h=4, galilee={"cells_u": 14, "caches": 1}, samaria={"sabotage": 1})
    s["available"]["caches"] = 0
    s["spaces"]["gaza"]["caches"] = 4
    s, _ = run(s, "box event", "unshaded")
    assert s["haganah"] == 3
    assert role(s) == "irgun" and "take" in legal(s)
    # 1 Cell was Available: 1 more Cell and the Cache come from the map
    s, _ = run(s, "take galilee underground", "take gaza cache")
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert role(s) == "british" and legal(s) == {"remove": ["samaria"], "done": []}
    s, _ = run(s, "done")
    assert next_box(s) and sp(s, "samaria")["sabotage"] == 1


def test_p15_unshaded_at_zero_only_removes_marker():
    s = board("P15", h=0, gaza={"sabotage": 1})
    s, log = run(s, "box event", "unshaded", "remove gaza")
    assert next_box(s) and s["haganah"] == 0 and sp(s, "gaza")["sabotage"] == 0
    assert any("already at 0" in t for t in texts(log))


def test_p15_unshaded_without_sabotage_only_shifts():
    s = board("P15", h=3)
    s, _ = run(s, "box event", "unshaded")
    assert next_box(s) and s["haganah"] == 2


def test_p15_unshaded_not_playable_at_zero_without_sabotage():
    s = board("P15", h=0, galilee={"cells_u": 1})
    assert "unshaded" not in sides(s)


def test_p15_shaded_shifts_right_then_irgun_sabotages_one_space():
    s = board("P15", h=3, galilee={"cells_u": 1}, rail_haifa={"cells_u": 2, "police": 1},
              jerusalem_city={"cells_u": 1, "troops": 1})
    avail = dict(s["available"])
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 4
    assert s["available"]["cells"] == avail["cells"] + 2 and s["available"]["caches"] == avail["caches"] + 1
    assert role(s) == "irgun"
    assert legal(s) == {"space": ["galilee", "jerusalem-city", "rail-haifa"], "done": []}
    s, _ = run(s, "space jerusalem-city")
    assert "terror" not in legal(s)  # no Special Activity
    s, _ = run(s, "roll", rolls=[3])
    assert sp(s, "jerusalem-city")["sabotage"] == 1 and sp(s, "jerusalem-city")["cells_a"] == 1
    # 1 space only, even with the Haganah at 4
    assert "space" not in legal(s) and "offensive" not in legal(s)
    s, _ = run(s, "done")
    assert next_box(s)


def test_p15_shaded_british_executing_irgun_may_decline():
    s = board("P15", h=2, galilee={"cells_u": 1})
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 3
    assert role(s) == "irgun"
    s, _ = run(s, "done")
    assert next_box(s) and sp(s, "galilee")["cells_u"] == 1 and sp(s, "galilee")["sabotage"] == 0


def test_p15_shaded_without_underground_cell_only_shifts():
    s = board("P15", h=1, galilee={"cells_a": 1})
    s, _ = run(s, "box event", "shaded")
    assert next_box(s) and s["haganah"] == 2


def test_p15_shaded_at_four_without_underground_cells_not_playable():
    s = board("P15", h=4, galilee={"cells_a": 1})
    assert "shaded" not in sides(s)
    s = board("P15", h=4, galilee={"cells_u": 1})
    s, log = run(s, "box event", "shaded")
    assert s["haganah"] == 4 and any("already at 4" in t for t in texts(log))
    assert role(s) == "irgun"


# -- P16 Alan Cunningham -----------------------------------------------------------------------------------

def test_p16_unshaded_two_limited_operations_of_different_types_then_restore():
    s = board("P16", galilee={"troops": 2, "police": 1, "sabotage": 1},
              samaria={"troops": 4, "cells_a": 2}, haifa_district={"cells_u": 1})
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "british"
    assert set(legal(s)) == {"op", "done"}
    assert set(legal(s)["op"]) == {"deploy", "patrol", "search", "assault"}
    s, _ = run(s, "op assault")
    assert legal(s)["space"] == ["samaria"]
    s, _ = run(s, "space samaria")
    assert "space" not in legal(s)  # Limited: one space
    s, _ = run(s, "done")
    assert sp(s, "samaria")["cells_a"] == 0
    assert set(legal(s)) == {"op", "done"}
    s, _ = run(s, "op patrol", "space haifa-district", "done", "move galilee haifa-district", "done",
               "space haifa-district")
    assert sp(s, "haifa-district")["police"] == 1
    # the two Operations are used; Galilee lost its Police: no Restore space
    assert next_box(s)


def test_p16_unshaded_same_type_twice_and_restore_chosen():
    s = board("P16", haifa_city={"troops": 2, "police": 1, "sabotage": 1, "terror": 1},
              gaza={"troops": 2})
    s, _ = run(s, "box event", "unshaded", "op deploy", "space gaza", "done", "done")
    assert sp(s, "gaza")["police"] == 1
    assert set(legal(s)) == {"op", "done"} and "deploy" in legal(s)["op"]
    s, _ = run(s, "op deploy", "space gaza", "done", "done")
    assert sp(s, "gaza")["police"] == 2
    assert legal(s) == {"sa": ["restore"], "done": []}
    s, _ = run(s, "sa restore")
    assert legal(s) == {"space": ["haifa-city", "gaza"]}
    s, _ = run(s, "space haifa-city")
    assert next_box(s)
    assert sp(s, "haifa-city")["sabotage"] == 1 and sp(s, "haifa-city")["terror"] == 0


def test_p16_unshaded_may_stop_after_one_and_decline_restore():
    s = board("P16", haifa_city={"troops": 2, "police": 1, "curfew": 1, "sabotage": 1})
    s, _ = run(s, "box event", "unshaded", "op deploy", "space haifa-city", "done", "done")
    assert set(legal(s)) == {"op", "done"}
    s, log = run(s, "done")
    assert legal(s) == {"sa": ["restore"], "done": []}
    s, log = run(s, "done")
    assert next_box(s)
    assert sp(s, "haifa-city")["curfew"] == 1 and sp(s, "haifa-city")["sabotage"] == 1
    assert sp(s, "haifa-city")["police"] == 2


def test_p16_unshaded_limited_operation_may_use_an_intelligence_lead():
    s = board("P16", galilee={"troops": 2, "cells_a": 1}, gaza={"troops": 2, "cells_a": 1})
    s["intel"]["bag"].remove(1)  # the British hold a chit of value 1
    s["intel"]["held"].append(1)
    s, _ = run(s, "box event", "unshaded", "op assault", "lead 1", "space galilee", "space gaza", "done")
    assert sp(s, "galilee")["cells_a"] == 0 and sp(s, "gaza")["cells_a"] == 0
    assert s["intel"]["held"] == [] and s["intel"]["bag"].count(1) == 3


def test_p16_unshaded_irgun_executing_british_decide():
    s = board("P16", first="irgun", gaza={"troops": 2})
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "british" and "op" in legal(s)


def test_p16_shaded_british_place_two_prison_cells_in_cities():
    s = to_prison(board("P16", first="irgun"), 3)
    s, _ = run(s, "box event", "shaded")
    assert role(s) == "british"  # the British choose even when the Irgun executes
    assert legal(s) == {"place": ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"]}
    avail = s["available"]["cells"]
    s, _ = run(s, "place jerusalem-city", "place jerusalem-city")
    assert next_box(s)
    assert sp(s, "jerusalem-city")["cells_u"] == 2 and s["prison"] == 1
    assert s["available"]["cells"] == avail  # from Prison, not Available


def test_p16_shaded_one_cell_when_only_one_in_prison():
    s = to_prison(board("P16"), 1)
    s, _ = run(s, "box event", "shaded", "place haifa-city")
    assert next_box(s) and s["prison"] == 0 and sp(s, "haifa-city")["cells_u"] == 1


def test_p16_shaded_not_playable_with_empty_prison():
    s = board("P16", gaza={"troops": 2})
    assert sides(s) == {"unshaded"}
