"""Event cards P1 to P8 (rule 5, card texts and Tips in 9.0)."""

import engine

from .helpers import at_card, clear, fresh, hold_chits, legal, put, run, sp, to_prison

CITIES = ("haifa-city", "tel-aviv-jaffa", "jerusalem-city")


def set_haganah(s, h):
    """Puts the Haganah Track at *h* with the boxes right of it filled from Available (6.5.2)."""
    s["haganah"] = h
    for box, need in (("4", {"cells": 2, "caches": 1}), ("3", {"cells": 3})):
        for piece, n in need.items():
            want = n if int(box) > h else 0
            delta = want - s["haganah_slots"][box][piece]
            s["available"][piece] -= delta
            s["haganah_slots"][box][piece] = want
    return s


def board(h=2):
    return set_haganah(clear(fresh()), h)


def role(s):
    return engine.active_roles(s)[0]


def sides(s):
    """The texts offered to the faction in the Event box."""
    s, _ = run(s, "box event")
    return sorted(k for k in legal(s) if k != "pass")


def next_turn(s):
    """After the Event, the other faction chooses a box: the Event is over."""
    return legal(s).keys() == {"box"}


# -- P1 Operation Agatha -----------------------------------------------------------------------------

def p1_board():
    s = board(2)
    put(s, "haifa-city", troops=3, cells_u=2)
    put(s, "haifa-district", cells_u=1, troops=1)
    return s


def test_p1_unshaded_search_then_mass_detention_then_haganah_left():
    s = at_card(p1_board(), "P1", first="british")
    s, _ = run(s, "box event", "unshaded", "space haifa-city", "done", "curfew")
    # Search in the City: Curfew placed, 3 cubes Activate one Cell.
    assert sp(s, "haifa-city")["curfew"] == 1 and sp(s, "haifa-city")["cells_a"] == 1
    assert legal(s) == {"space": ["haifa-city"]}          # Mass Detention there, mandatory
    s, _ = run(s, "space haifa-city", "remove haifa-city active", "remove haifa-district underground",
               rolls=[2])
    assert s["prison"] == 2
    assert sp(s, "haifa-city")["cells_u"] == 1 and sp(s, "haifa-district")["cells_u"] == 0
    assert s["pw"] == 18                                   # roll 2, 2 removed: no excess
    assert s["haganah"] == 1
    assert next_turn(s)


def test_p1_unshaded_mass_detention_excess_lowers_will():
    s = at_card(p1_board(), "P1", first="british")
    s, _ = run(s, "box event", "unshaded", "space haifa-city", "done", "curfew",
               "space haifa-city", "remove haifa-city active", "remove haifa-city underground",
               "remove haifa-district underground", rolls=[5])
    assert s["prison"] == 3
    assert s["pw"] == 16
    assert s["haganah"] == 1


def test_p1_unshaded_only_the_chosen_city_is_searched_and_detained():
    s = p1_board()
    put(s, "jerusalem-city", troops=3, police=1, cells_u=1, curfew=1)   # would qualify for Mass Detention
    s = at_card(s, "P1", first="british")
    s, _ = run(s, "box event", "unshaded")
    assert legal(s) == {"space": list(CITIES)}
    s, _ = run(s, "space haifa-city")
    # the Search's one space is the chosen City: no other space, no Special Activity, no Lead
    assert legal(s) == {"move": ["haifa-district haifa-city"], "done": []}
    s, _ = run(s, "done", "curfew")
    assert legal(s) == {"space": ["haifa-city"]}


def test_p1_unshaded_search_may_discard_chit_then_no_mass_detention_without_curfew():
    s = at_card(hold_chits(p1_board(), 0), "P1", first="british")
    s, _ = run(s, "box event", "unshaded", "space haifa-city", "done")
    assert legal(s)["chit"] == ["0"]
    s, log = run(s, "chit 0")
    assert sp(s, "haifa-city")["cells_a"] == 2 and sp(s, "haifa-city")["curfew"] == 0
    assert s["prison"] == 0                                 # no Curfew: no Mass Detention
    assert any(e["text"].startswith("No Mass Detention in Haifa City") for e in log)
    assert s["haganah"] == 1
    assert next_turn(s)


def test_p1_unshaded_playable_when_only_the_intel_chit_search_could_act():
    """P1 unshaded: "British Search in 1 City then Mass Detention there." 3.2.3: in Cities the British
    "may discard one Intel Chit (1.6.1) of any value to the draw bag to activate one Cell for every cube
    and place no Curfew". Haganah at 0, no Mass Detention possible, a Curfew already in the only City
    with cubes: only the chit form of the Search changes anything, and the text is offered for it."""
    s = board(0)
    put(s, "haifa-city", police=1, curfew=1, cells_u=1)
    assert "unshaded" not in sides(at_card(s, "P1", first="british"))     # no chit: nothing can change
    s = at_card(hold_chits(s, 0), "P1", first="british")
    assert "unshaded" in sides(s)
    s, _ = run(s, "box event", "unshaded", "space haifa-city", "done")
    assert legal(s) == {"curfew": [], "chit": ["0"]}
    s, log = run(s, "chit 0")
    assert sp(s, "haifa-city")["cells_a"] == 1 and sp(s, "haifa-city")["cells_u"] == 0
    assert s["intel"]["held"] == [] and s["haganah"] == 0
    assert next_turn(s)


def test_p1_unshaded_troops_moved_in_by_the_search_enable_mass_detention():
    s = board(2)
    put(s, "haifa-city", troops=2, cells_u=1)
    put(s, "haifa-district", troops=1)
    s = at_card(s, "P1", first="irgun")
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "british"                             # the card names the British
    s, _ = run(s, "space haifa-city", "move haifa-district haifa-city", "done",
               "curfew")
    assert sp(s, "haifa-city")["troops"] == 3
    assert legal(s) == {"space": ["haifa-city"]}
    s, _ = run(s, "space haifa-city", "remove haifa-city active", rolls=[1])
    assert s["prison"] == 1 and s["haganah"] == 1


def test_p1_unshaded_too_few_troops_means_no_mass_detention():
    s = board(2)
    put(s, "haifa-city", troops=2, cells_u=1)
    s = at_card(s, "P1", first="british")
    s, _ = run(s, "box event", "unshaded", "space haifa-city", "done", "curfew")
    assert sp(s, "haifa-city")["curfew"] == 1
    assert s["prison"] == 0 and s["haganah"] == 1
    assert next_turn(s)


def test_p1_unshaded_haganah_leaving_4_refills_box_from_available():
    s = set_haganah(clear(fresh()), 4)
    put(s, "haifa-city", troops=1)
    s = at_card(s, "P1", first="british")
    s, _ = run(s, "box event", "unshaded", "space haifa-city", "done", "curfew")
    assert s["haganah"] == 3
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}


def test_p1_unshaded_haganah_at_0_does_not_shift():
    s = set_haganah(clear(fresh()), 0)
    put(s, "haifa-city", troops=1)
    s = at_card(s, "P1", first="british")
    s, _ = run(s, "box event", "unshaded", "space haifa-city", "done", "curfew")
    assert s["haganah"] == 0 and sp(s, "haifa-city")["curfew"] == 1
    assert next_turn(s)


def test_p1_unshaded_not_playable_when_nothing_can_change():
    s = set_haganah(clear(fresh()), 0)
    for c in CITIES:                        # every City has a Curfew; no Troops, no Cells anywhere
        put(s, c, police=1, curfew=1)
    put(s, "galilee", cells_u=1)            # shaded stays playable (Haganah can shift right)
    assert sides(at_card(s, "P1", first="british")) == ["shaded"]


def test_p1_shaded_haganah_right_to_4_then_irgun_may_sabotage_one_space():
    s = board(3)
    put(s, "galilee", cells_u=1)
    put(s, "gaza", cells_u=1)
    s = at_card(s, "P1", first="british")
    avail = s["available"]["cells"]
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 4
    assert s["available"]["cells"] == avail + 2 and s["haganah_slots"]["4"] == {"cells": 0, "caches": 0}
    assert role(s) == "irgun"                   # the card names the Irgun
    assert set(legal(s)) == {"space", "done"}   # optional, no Offensive, no Special Activity
    s, _ = run(s, "space galilee", "roll", rolls=[3])
    assert sp(s, "galilee")["sabotage"] == 1 and sp(s, "galilee")["cells_a"] == 1
    assert "space" not in legal(s)              # one space only, no Haganah extra space
    s, _ = run(s, "done")
    assert sp(s, "gaza")["sabotage"] == 0
    assert next_turn(s)


def test_p1_shaded_sabotage_in_city_offers_no_terror():
    s = board(3)
    put(s, "jerusalem-city", cells_u=1, caches=0)
    s = at_card(s, "P1", first="irgun")
    s, _ = run(s, "box event", "shaded", "space jerusalem-city")
    assert "terror" not in legal(s) and "roll" in legal(s)


def test_p1_shaded_irgun_may_decline_sabotage():
    s = board(3)
    put(s, "galilee", cells_u=1)
    s = at_card(s, "P1", first="irgun")
    s, _ = run(s, "box event", "shaded", "done")
    assert s["haganah"] == 4 and sp(s, "galilee")["sabotage"] == 0 and sp(s, "galilee")["cells_u"] == 1
    assert next_turn(s)


def test_p1_shaded_below_4_after_shift_no_sabotage():
    s = board(2)
    put(s, "galilee", cells_u=1)
    s = at_card(s, "P1", first="irgun")
    avail = s["available"]["cells"]
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 3 and s["available"]["cells"] == avail + 3
    assert next_turn(s)


def test_p1_shaded_already_at_4_still_allows_sabotage():
    s = board(4)
    put(s, "galilee", cells_u=1)
    s = at_card(s, "P1", first="irgun")
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 4 and legal(s) == {"space": ["galilee"], "done": []}


def test_p1_shaded_not_playable_at_4_without_underground_cell():
    s = board(4)
    put(s, "galilee", cells_a=2, troops=1)
    assert sides(at_card(s, "P1", first="irgun")) == ["unshaded"]


def test_p1_shaded_at_4_without_underground_cell_playable_again_below_4():
    s = board(3)
    put(s, "galilee", cells_a=2)
    s = at_card(s, "P1", first="irgun")
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 4 and next_turn(s)   # nothing to Sabotage with: the Event ends


# -- P2 Exodus Affair* -------------------------------------------------------------------------------

def test_p2_unshaded_all_cells_in_coastal_districts_with_troops_to_prison():
    s = board()
    put(s, "galilee", troops=1, cells_u=2, cells_a=1)
    put(s, "gaza", troops=2, cells_a=1, caches=1)
    put(s, "samaria", cells_u=2)                              # no Troops
    put(s, "jerusalem-district", troops=2, cells_u=1)         # not Coastal
    put(s, "haifa-city", troops=2, cells_u=1)                 # a City
    put(s, "rail-haifa", troops=1, cells_u=1)                 # a Railway
    s = at_card(s, "P2", first="british")
    s, _ = run(s, "box event", "unshaded")
    assert s["prison"] == 4
    assert sp(s, "galilee")["cells_u"] + sp(s, "galilee")["cells_a"] == 0
    assert sp(s, "gaza")["cells_a"] == 0 and sp(s, "gaza")["caches"] == 1
    assert sp(s, "samaria")["cells_u"] == 2
    assert sp(s, "jerusalem-district")["cells_u"] == 1
    assert sp(s, "haifa-city")["cells_u"] == 1 and sp(s, "rail-haifa")["cells_u"] == 1
    assert next_turn(s)


def test_p2_unshaded_not_playable_without_coastal_district_with_troops_and_cells():
    s = board()
    put(s, "galilee", cells_u=2)
    put(s, "gaza", troops=2)
    put(s, "jerusalem-district", troops=2, cells_u=1)
    s["pw"] = 10
    assert sides(at_card(s, "P2", first="british")) == ["shaded"]


def test_p2_shaded_lowers_will_by_3():
    s = board()
    s["pw"] = 10
    s, _ = run(at_card(s, "P2", first="irgun"), "box event", "shaded")
    assert s["pw"] == 7


def test_p2_shaded_star_with_bevin_unshaded_loses_2():
    s = board()
    s["pw"] = 10
    s["capabilities"]["P9"] = "unshaded"
    s, _ = run(at_card(s, "P2", first="irgun"), "box event", "shaded")
    assert s["pw"] == 8


def test_p2_shaded_bevin_shaded_does_not_reduce():
    s = board()
    s["pw"] = 10
    s["capabilities"]["P9"] = "shaded"
    s, _ = run(at_card(s, "P2", first="irgun"), "box event", "shaded")
    assert s["pw"] == 7


def test_p2_shaded_clamps_at_0():
    s = board()
    s["pw"] = 2
    s, _ = run(at_card(s, "P2", first="irgun"), "box event", "shaded")
    assert s["pw"] == 0


def test_p2_shaded_not_playable_at_will_0():
    s = board()
    s["pw"] = 0
    put(s, "galilee", troops=1, cells_u=1)
    assert sides(at_card(s, "P2", first="irgun")) == ["unshaded"]


# -- P3 King David Hotel -----------------------------------------------------------------------------

def test_p3_unshaded_single_terror_space_removed_and_haganah_left():
    s = board(2)
    put(s, "haifa-city", police=1, terror=2)
    s, _ = run(at_card(s, "P3", first="british"), "box event", "unshaded")
    assert sp(s, "haifa-city")["terror"] == 1
    assert s["haganah"] == 1
    assert next_turn(s)


def test_p3_unshaded_executing_faction_chooses_which_terror():
    s = board(2)
    put(s, "haifa-city", terror=1)
    put(s, "jerusalem-city", terror=1)
    s = at_card(s, "P3", first="irgun")
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "irgun" and legal(s) == {"space": ["haifa-city", "jerusalem-city"]}
    s, _ = run(s, "space jerusalem-city")
    assert sp(s, "jerusalem-city")["terror"] == 0 and sp(s, "haifa-city")["terror"] == 1
    assert s["haganah"] == 1


def test_p3_unshaded_haganah_leaving_3_irgun_refills_from_map():
    s = board(3)
    put(s, "galilee", cells_u=s["available"]["cells"] - 2)
    put(s, "gaza", cells_a=1)                                 # one Cell left Available
    put(s, "haifa-city", terror=1)
    s = at_card(s, "P3", first="british")
    s, _ = run(s, "box event", "unshaded")
    assert s["haganah"] == 2
    assert role(s) == "irgun" and "gaza active" in legal(s)["take"]    # Irgun choose map pieces
    s, _ = run(s, "take gaza active", "take galilee underground")
    assert s["haganah_slots"]["3"] == {"cells": 3} and sp(s, "gaza")["cells_a"] == 0
    assert next_turn(s)


def test_p3_unshaded_at_haganah_0_still_removes_terror():
    s = board(0)
    put(s, "haifa-city", terror=1)
    s, _ = run(at_card(s, "P3", first="british"), "box event", "unshaded")
    assert sp(s, "haifa-city")["terror"] == 0 and s["haganah"] == 0


def test_p3_unshaded_not_playable_without_terror():
    s = board(2)
    put(s, "haifa-city", sabotage=2, cells_u=1)
    assert sides(at_card(s, "P3", first="british")) == ["shaded"]


def test_p3_shaded_two_terror_in_chosen_city_with_underground_cell():
    s = board(2)
    put(s, "haifa-city", cells_u=1)
    put(s, "jerusalem-city", cells_u=1, troops=1)
    put(s, "tel-aviv-jaffa", cells_a=2)               # only Active Cells
    put(s, "galilee", cells_u=2)                      # not a City
    s = at_card(s, "P3", first="irgun")
    s, _ = run(s, "box event", "shaded")
    assert legal(s) == {"space": ["haifa-city", "jerusalem-city"]}
    s, _ = run(s, "space jerusalem-city")
    assert sp(s, "jerusalem-city")["terror"] == 2
    assert sp(s, "jerusalem-city")["cells_u"] == 1     # no Cell flips
    assert sp(s, "haifa-city")["terror"] == 0
    assert s["haganah"] == 2                           # no Terror SA shift
    assert next_turn(s)


def test_p3_shaded_single_city_placed_directly_even_with_bevingrads():
    s = board(2)
    put(s, "tel-aviv-jaffa", cells_u=1, terror=1)
    s["capabilities"]["P17"] = "unshaded"
    s, _ = run(at_card(s, "P3", first="irgun"), "box event", "shaded")
    assert sp(s, "tel-aviv-jaffa")["terror"] == 3
    assert next_turn(s)


def test_p3_shaded_not_playable_without_city_underground_cell():
    s = board(2)
    put(s, "haifa-city", cells_a=1, terror=1)
    put(s, "galilee", cells_u=1)
    assert sides(at_card(s, "P3", first="irgun")) == ["unshaded"]


# -- P4 Illegal Immigration* -------------------------------------------------------------------------

def p4(s, first="british"):
    s, _ = run(at_card(s, "P4", first=first), "box event", "event")
    assert next_turn(s)
    return s


def test_p4_no_coastal_sabotage_gains_2_even_with_irgun_pieces_there():
    s = board()
    s["pw"] = 10
    put(s, "galilee", cells_u=3, caches=1)
    put(s, "jerusalem-district", sabotage=2)          # not Coastal
    put(s, "haifa-city", sabotage=1)                  # a City, not a District
    assert p4(s)["pw"] == 12


def test_p4_loses_1_per_2_of_sabotage_plus_irgun_pieces():
    s = board()
    s["pw"] = 10
    put(s, "galilee", sabotage=1, cells_a=1)
    put(s, "gaza", caches=1, cells_u=2)               # 1 + 1 + 1 + 2 = 5 -> -2
    put(s, "jerusalem-district", cells_u=3)           # not Coastal
    assert p4(s)["pw"] == 8


def test_p4_loss_capped_at_3():
    s = board()
    s["pw"] = 10
    put(s, "lydda", sabotage=3, cells_u=5)
    assert p4(s)["pw"] == 7


def test_p4_star_with_bevin_unshaded_lowers_loss_by_1():
    s = board()
    s["pw"] = 10
    s["capabilities"]["P9"] = "unshaded"
    put(s, "lydda", sabotage=3, cells_u=5)
    assert p4(s)["pw"] == 8


def test_p4_gain_clamped_at_20():
    s = board()
    s["pw"] = 19
    assert p4(s, first="irgun")["pw"] == 20


def test_p4_not_playable_when_will_cannot_change():
    s = board()
    s["pw"] = 20
    assert sides(at_card(s, "P4", first="british")) == []
    s = board()
    s["pw"] = 10
    put(s, "gaza", sabotage=1)                         # 1 in total: -0
    assert sides(at_card(s, "P4", first="british")) == []
    s = board()
    s["pw"] = 10
    s["capabilities"]["P9"] = "unshaded"
    put(s, "gaza", sabotage=1, cells_u=1)              # -1, less 1 for the star
    assert sides(at_card(s, "P4", first="british")) == []
    s = board()
    s["pw"] = 0
    put(s, "gaza", sabotage=2)
    assert sides(at_card(s, "P4", first="british")) == []


# -- P5 Acre Prison Break ----------------------------------------------------------------------------

def test_p5_unshaded_removes_up_to_2_cells_from_the_game():
    s = to_prison(board(), 3)
    s = at_card(s, "P5", first="british")
    s, _ = run(s, "box event", "unshaded")
    assert legal(s) == {"remove": ["prison"], "done": []}
    s, _ = run(s, "remove prison", "remove prison")
    assert s["prison"] == 1 and s["removed"] == 2
    assert next_turn(s)                                 # third removal not allowed


def test_p5_unshaded_may_remove_fewer():
    s = to_prison(board(), 3)
    s, _ = run(at_card(s, "P5", first="irgun"), "box event", "unshaded", "remove prison", "done")
    assert s["prison"] == 2 and s["removed"] == 1
    s = to_prison(board(), 3)
    s, _ = run(at_card(s, "P5", first="irgun"), "box event", "unshaded", "done")
    assert s["prison"] == 3 and s["removed"] == 0


def test_p5_unshaded_one_in_prison_ends_after_it():
    s = to_prison(board(), 1)
    s, _ = run(at_card(s, "P5", first="british"), "box event", "unshaded", "remove prison")
    assert s["prison"] == 0 and s["removed"] == 1
    assert next_turn(s)


def test_p5_both_texts_not_playable_with_empty_prison():
    assert sides(at_card(board(), "P5", first="british")) == []


def test_p5_shaded_all_prison_cells_become_available():
    s = to_prison(board(), 4)
    avail = s["available"]["cells"]
    s, _ = run(at_card(s, "P5", first="irgun"), "box event", "shaded")
    assert s["prison"] == 0 and s["available"]["cells"] == avail + 4
    assert next_turn(s)


# -- P6 Montgomery -----------------------------------------------------------------------------------

def test_p6_unshaded_search_up_to_3_spaces_without_intel_chits():
    s = hold_chits(board(), 1, 2)
    s["capabilities"]["P9"] = "shaded"                 # the Tip: still 3 spaces
    put(s, "haifa-city", troops=3, cells_u=2)
    put(s, "galilee", troops=2, cells_u=2)
    put(s, "gaza", police=2, cells_u=1)
    s = at_card(s, "P6", first="irgun")
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "british"
    assert set(legal(s)) == {"space", "done"}          # optional; no Intelligence Lead
    s, _ = run(s, "space haifa-city", "space galilee", "space gaza")
    assert "space" not in legal(s)
    s, _ = run(s, "done", "done")
    assert legal(s) == {"curfew": []}                  # no chit in the City
    s, _ = run(s, "curfew")
    assert sp(s, "haifa-city")["cells_a"] == 1 and sp(s, "haifa-city")["curfew"] == 1
    assert sp(s, "galilee")["cells_a"] == 1 and sp(s, "gaza")["cells_a"] == 1
    assert s["intel"]["held"] == [1, 2]
    assert next_turn(s)


def test_p6_unshaded_british_may_decline():
    s = board()
    put(s, "galilee", troops=2, cells_u=2)
    s, _ = run(at_card(s, "P6", first="british"), "box event", "unshaded", "done")
    assert sp(s, "galilee")["cells_u"] == 2 and sp(s, "galilee")["troops"] == 2
    assert next_turn(s)


def test_p6_unshaded_not_playable_when_search_can_change_nothing():
    s = board()
    for c in CITIES:
        put(s, c, police=1, curfew=1)
    put(s, "galilee", police=1, cells_u=1)             # 1 cube: no Activation
    assert sides(at_card(s, "P6", first="british")) == ["shaded"]
    s = board()
    for c in CITIES:
        put(s, c, police=1, curfew=1)
    put(s, "galilee", police=2, cells_u=1)
    assert "unshaded" in sides(at_card(s, "P6", first="british"))


def test_p6_unshaded_not_playable_on_a_map_without_cubes():
    s = board()
    put(s, "galilee", cells_u=2)                       # Cells alone: nothing for a Search to do
    assert sides(at_card(s, "P6", first="british")) == ["shaded"]


def test_p1_unshaded_not_playable_without_cubes_at_haganah_0():
    s = board(0)
    put(s, "haifa-city", cells_u=1)                    # a Curfew would be lifted at once (1.10)
    assert sides(at_card(s, "P1", first="british")) == ["shaded"]


def test_p6_shaded_one_cell_in_each_city_without_troops():
    s = board()
    put(s, "haifa-city", troops=1)
    put(s, "jerusalem-city", police=2, cells_u=1)
    s, _ = run(at_card(s, "P6", first="irgun"), "box event", "shaded")
    assert sp(s, "haifa-city")["cells_u"] == 0
    assert sp(s, "tel-aviv-jaffa")["cells_u"] == 1
    assert sp(s, "jerusalem-city")["cells_u"] == 2
    assert next_turn(s)


def test_p6_shaded_too_few_available_executing_faction_chooses():
    s = board()
    put(s, "galilee", cells_u=s["available"]["cells"] - 1)
    s = at_card(s, "P6", first="british")
    s, _ = run(s, "box event", "shaded")
    assert role(s) == "british" and legal(s) == {"place": list(CITIES)}   # mandatory: no done
    s, _ = run(s, "place jerusalem-city")
    assert sp(s, "jerusalem-city")["cells_u"] == 1 and s["available"]["cells"] == 0
    assert next_turn(s)


def test_p6_shaded_not_playable_when_all_cities_have_troops_or_no_cells():
    s = board()
    for c in CITIES:
        put(s, c, troops=1)
    assert sides(at_card(s, "P6", first="irgun")) == ["unshaded"]
    s = board()
    put(s, "galilee", cells_u=s["available"]["cells"], troops=1)
    assert sides(at_card(s, "P6", first="irgun")) == ["unshaded"]


# -- P7 Lehi -----------------------------------------------------------------------------------------

def test_p7_unshaded_removes_up_to_one_cell_per_crowded_space():
    s = board()
    put(s, "galilee", cells_u=1, cells_a=2)
    put(s, "gaza", cells_u=2)
    put(s, "samaria", cells_u=1)                        # only one Cell
    s = at_card(s, "P7", first="british")
    avail = s["available"]["cells"]
    s, _ = run(s, "box event", "unshaded")
    assert sorted(legal(s)["remove"]) == ["galilee active", "galilee underground", "gaza underground"]
    s, _ = run(s, "remove galilee underground")
    assert "galilee active" not in legal(s)["remove"]   # one per space
    s, _ = run(s, "remove gaza underground")
    assert sp(s, "galilee") ["cells_u"] == 0 and sp(s, "galilee")["cells_a"] == 2
    assert sp(s, "gaza")["cells_u"] == 1 and sp(s, "samaria")["cells_u"] == 1
    assert s["available"]["cells"] == avail + 2 and s["prison"] == 0
    assert next_turn(s)


def test_p7_unshaded_may_remove_none():
    s = board()
    put(s, "galilee", cells_u=3)
    s, _ = run(at_card(s, "P7", first="irgun"), "box event", "unshaded", "done")
    assert sp(s, "galilee")["cells_u"] == 3
    assert next_turn(s)


def test_p7_unshaded_not_playable_without_space_of_two_cells():
    s = board()
    put(s, "galilee", cells_u=1, police=1)
    put(s, "gaza", cells_a=1)
    assert sides(at_card(s, "P7", first="irgun")) == ["shaded"]


def test_p7_shaded_removes_up_to_one_police_per_space_with_underground_cell():
    s = board()
    put(s, "galilee", police=2, cells_u=1)
    put(s, "haifa-city", police=1, cells_u=1, curfew=1)
    put(s, "gaza", police=1, cells_a=2)                 # only Active Cells
    s = at_card(s, "P7", first="irgun")
    s, _ = run(s, "box event", "shaded")
    assert sorted(legal(s)["remove"]) == ["galilee police", "haifa-city police"]
    s, _ = run(s, "remove galilee police")
    assert legal(s)["remove"] == ["haifa-city police"]
    s, _ = run(s, "remove haifa-city police")
    assert sp(s, "galilee")["police"] == 1 and sp(s, "gaza")["police"] == 1
    assert sp(s, "haifa-city")["police"] == 0 and sp(s, "haifa-city")["curfew"] == 0   # 1.10
    assert next_turn(s)


def test_p7_shaded_may_stop_early():
    s = board()
    put(s, "galilee", police=2, cells_u=1)
    put(s, "gaza", police=1, cells_u=1)
    s, _ = run(at_card(s, "P7", first="irgun"), "box event", "shaded", "remove gaza police", "done")
    assert sp(s, "galilee")["police"] == 2 and sp(s, "gaza")["police"] == 0


def test_p7_shaded_not_playable_without_police_with_underground_cell():
    s = board()
    put(s, "galilee", police=2, cells_a=2)
    put(s, "gaza", cells_u=2)
    assert sides(at_card(s, "P7", first="irgun")) == ["unshaded"]


# -- P8 Harry Truman* --------------------------------------------------------------------------------

def p8_board():
    s = board()
    s["pw"] = 10
    put(s, "galilee", troops=2, cells_u=1)
    put(s, "gaza", troops=1)
    put(s, "samaria", troops=1, cells_u=1)              # not more Troops than Irgun pieces
    put(s, "lydda", troops=3)
    return s


def test_p8_unshaded_will_plus_2_then_deploy_up_to_3_with_troop_move():
    s = p8_board()
    s["capabilities"]["P9"] = "shaded"                  # still 3 spaces
    s = at_card(s, "P8", first="irgun")
    s, _ = run(s, "box event", "unshaded")
    assert s["pw"] == 12
    assert role(s) == "british"
    assert sorted(legal(s)["space"]) == ["galilee", "gaza", "lydda"]
    assert "sa" not in legal(s)
    s, _ = run(s, "space galilee", "space gaza", "space lydda")
    assert "space" not in legal(s)
    s, _ = run(s, "done", "to rail-egypt", "troop lydda", "troop lydda", "done")
    assert sp(s, "galilee")["police"] == sp(s, "gaza")["police"] == sp(s, "lydda")["police"] == 1
    assert sp(s, "rail-egypt")["troops"] == 2
    assert next_turn(s)


def test_p8_unshaded_will_clamped_at_20():
    s = p8_board()
    s["pw"] = 19
    s, _ = run(at_card(s, "P8", first="british"), "box event", "unshaded")
    assert s["pw"] == 20


def test_p8_unshaded_declining_deploy_allows_no_troop_move():
    """Declining the optional Deploy (no space) is no Deploy: no Troop move (R-OP-1, Tip 'as usual')."""
    s = p8_board()
    s, _ = run(at_card(s, "P8", first="british"), "box event", "unshaded", "done")
    assert s["pw"] == 12
    assert next_turn(s), f"still asked: {legal(s)}"


def test_p8_unshaded_no_deploy_space_skips_deploy():
    s = board()
    s["pw"] = 10
    put(s, "galilee", troops=1, cells_u=1)
    s, _ = run(at_card(s, "P8", first="british"), "box event", "unshaded")
    assert s["pw"] == 12 and next_turn(s)


def test_p8_unshaded_not_playable_at_20_without_deploy_space():
    s = board()
    s["pw"] = 20
    assert sides(at_card(s, "P8", first="british")) == []     # and no Curfew for the shaded text
    s = p8_board()
    s["pw"] = 20
    assert sides(at_card(s, "P8", first="british")) == ["unshaded"]


def test_p8_shaded_loses_1_per_curfew():
    s = board()
    s["pw"] = 10
    for c in CITIES:
        put(s, c, police=1, curfew=1)
    s, _ = run(at_card(s, "P8", first="irgun"), "box event", "shaded")
    assert s["pw"] == 7
    assert next_turn(s)


def test_p8_shaded_star_with_bevin_unshaded():
    s = board()
    s["pw"] = 10
    s["capabilities"]["P9"] = "unshaded"
    for c in CITIES[:2]:
        put(s, c, police=1, curfew=1)
    s, _ = run(at_card(s, "P8", first="irgun"), "box event", "shaded")
    assert s["pw"] == 9


def test_p8_shaded_clamps_at_0():
    s = board()
    s["pw"] = 1
    for c in CITIES:
        put(s, c, police=1, curfew=1)
    s, _ = run(at_card(s, "P8", first="irgun"), "box event", "shaded")
    assert s["pw"] == 0


def test_p8_shaded_not_playable_without_curfew_or_with_bevin_and_one():
    s = board()
    s["pw"] = 10
    assert "shaded" not in sides(at_card(s, "P8", first="irgun"))
    s["capabilities"]["P9"] = "unshaded"
    put(s, "haifa-city", police=1, curfew=1)
    assert "shaded" not in sides(at_card(s, "P8", first="irgun"))
    s["capabilities"].pop("P9")
    assert "shaded" in sides(at_card(s, "P8", first="irgun"))
