"""Cyprus Event cards that grant no Operation (rule 5, 9.0 L3639-3960): C4, C5, C7, C9, C10, C11, C13, C14,
C16, C17, C18, C20, C21, C22, C23, C25, C26, C31, C32. Each text's effect, its choices and who makes them
(5.1, ruling R-EVENT-FACTION), its refusals (words and rule), 5.1.3 (a text that can change nothing is not
offered; what can be done must be), 5.1.1 (Available pieces only, stacking, Political Will 0-15) and the
Capabilities registered (5.3).

The texts are started as the Event box starts them (``EVENTS.start``) on a Context built by hand, and orders
are given with the driver of helpers.py, as ``engine.api`` applies them (the same legality test and refusal),
the invariants checked after each.
"""

from __future__ import annotations

import pytest

from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus import propaganda_phases

from .helpers import do, execute, legal, over, position, refused, role, said, sides, sp


def cells(g: Context, sid: str) -> int:
    return B.cells(sp(g, sid))


# -- Capabilities (5.3) -------------------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["C9", "C10", "C13", "C17", "C18", "C23", "C25", "C32"])
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
@pytest.mark.parametrize("faction", ["british", "eoka"])
def test_5_3_capabilities_go_into_play_for_the_rest_of_the_game(cid, side, faction):
    """Either faction may execute either text of a Capability (5.3: the labels are flavour); it stays in effect."""
    g = position()
    assert sides(g, cid, faction) == ["unshaded", "shaded"]
    assert cid not in g.s["capabilities"]
    execute(g, cid, side, faction)
    assert g.s["capabilities"] == {cid: side}
    assert f"put {cid} in play, {side}, as a Capability" in said(g)
    assert over(g)


@pytest.mark.parametrize("faction", ["british", "eoka"])
def test_5_3_c31_turkish_police_dual_capability_single_text(faction):
    g = position()
    assert sides(g, "C31", faction) == ["event"]
    execute(g, "C31", "event", faction)
    assert g.s["capabilities"] == {"C31": "event"}
    assert "Turkish Police (C31, event: Force multiplier and EOKA target)" in said(g)
    assert over(g)


def test_5_3_capabilities_accumulate_and_the_order_of_play_is_kept():
    """Ruling R-CAPABILITY-CONFLICT: the one put in play later governs; ``played`` keeps the order."""
    g = position()
    execute(g, "C31", "event", "eoka")
    execute(g, "C25", "unshaded", "british")
    assert g.s["capabilities"] == {"C31": "event", "C25": "unshaded"}
    assert g.s["played"].index("C31") < g.s["played"].index("C25")


# -- C4 Suez Crisis -----------------------------------------------------------------------------------------

def test_c4_executing_faction_sets_three_troops_of_its_choice_on_the_card():
    g = position(nicosia={"troops": 2, "curfew": 1, "cells_u": 1}, akrotiri={"troops": 3},
                 limassol={"troops": 1, "police": 1})
    execute(g, "C4", "event", "eoka")
    assert role(g) == "eoka"
    assert legal(g) == {"remove": ["nicosia troops", "limassol troops", "akrotiri troops"]}
    refused(g, "done", match=r"the card removes 3 piece\(s\) where it can, and 0 removed so far.*Suez Crisis, C4, 5.1.3")
    refused(g, "remove limassol police", match=r"the card removes Troops, not Police cubes \(Suez Crisis, C4\)")
    refused(g, "remove paphos troops", match=r"Paphos has no Troop to remove \(Suez Crisis, C4\)")
    do(g, "remove nicosia troops", "remove nicosia troops")
    # 1.10: the Curfew of Nicosia goes with its last British piece
    assert sp(g, "nicosia")["troops"] == 0 and sp(g, "nicosia")["curfew"] == 0
    assert "The Curfew in Nicosia was lifted" in said(g)
    do(g, "remove limassol troops")
    assert over(g)
    assert g.s["suez"] == 3 and g.s["available"]["troops"] == 12 - 6
    assert sp(g, "akrotiri")["troops"] == 3 and sp(g, "limassol")["police"] == 1
    assert g.s["flags"]["suez_by"] == "eoka"  # ruling R-C4: the executing faction chooses the Bases at the Reset
    assert "Troop in Limassol was removed to the Suez Crisis card (C4)" in said(g)


def test_c4_the_reset_asks_the_executing_faction_where_the_troops_return():
    """The return is the Reset's (propaganda_phases.start_suez); it reads the faction C4 recorded (ruling R-C4)."""
    g = position(nicosia={"troops": 3}, paphos={"police": 1})
    execute(g, "C4", "event", "eoka")
    do(g, "remove nicosia troops", "remove nicosia troops", "remove nicosia troops")
    propaganda_phases.start_suez(g)
    g.settle()
    assert role(g) == "eoka" and legal(g) == {"place": ["akrotiri", "dhekelia"]}


def test_c4_fewer_than_three_troops_on_the_map_go_all():
    g = position(dhekelia={"troops": 2})
    execute(g, "C4", "event", "british")
    do(g, "remove dhekelia troops", "remove dhekelia troops")
    assert over(g) and g.s["suez"] == 2 and g.s["flags"]["suez_by"] == "british"


def test_c4_not_offered_with_no_troop_on_the_map():
    g = position(nicosia={"police": 2, "cells_u": 1})
    assert sides(g, "C4") == []


# -- C5 Turkish Government ----------------------------------------------------------------------------------

def test_c5_unshaded_shifts_international_opinion_two_steps_left():
    g = execute(position(io=3), "C5", "unshaded", "british")
    assert g.s["io"] == 1 and over(g)
    assert "International Opinion moved from Criticized (3) to Discussed (1)" in said(g)


def test_c5_unshaded_stops_at_ignored_and_is_not_offered_there():
    g = execute(position(io=1), "C5", "unshaded", "eoka")
    assert g.s["io"] == 0
    assert "unshaded" not in sides(position(io=0), "C5")


def test_c5_shaded_sabotage_in_one_town_with_police_and_an_eoka_piece():
    g = position(nicosia={"police": 1, "cells_a": 1}, larnaca={"police": 1, "caches": 1, "sabotage": 1},
                 limassol={"police": 2}, paphos={"cells_u": 2}, troodos={"police": 1, "cells_u": 1})
    execute(g, "C5", "shaded", "eoka")
    # an Arms Cache is an EOKA piece; Troodos is no Town
    assert legal(g) == {"space": ["nicosia", "larnaca"]}
    refused(g, "done", match=r"the card places 1 marker\(s\) where it can.*Turkish Government, C5, 5.1.3")
    refused(g, "space limassol", match=r"the card marks a Town with Police and an EOKA piece, and Limassol has no Troop, "
                                       r"2 Police cubes and no EOKA piece \(Turkish Government, C5\)")
    do(g, "space larnaca")
    assert sp(g, "larnaca")["sabotage"] == 2 and over(g)  # markers stack (1.7)
    assert "A Sabotage marker was placed in Larnaca (2 there now)" in said(g)


def test_c5_shaded_not_offered_without_such_a_town_or_without_a_sabotage_marker_left():
    assert "shaded" not in sides(position(nicosia={"police": 1}, paphos={"cells_u": 1}), "C5")
    # ruling R-SABOTAGE-POOL: the fifteen markers all on the map
    g = position(nicosia={"police": 1, "cells_u": 1}, karpas={"sabotage": 15})
    assert "shaded" not in sides(g, "C5")
    g.s["rulings"] = {"R-SABOTAGE-POOL": "unlimited"}
    assert "shaded" in sides(g, "C5")


# -- C7 Mass Detention --------------------------------------------------------------------------------------

def test_c7_unshaded_every_cell_in_a_curfew_space_goes_to_prison():
    g = position(prison=1, nicosia={"troops": 1, "curfew": 1, "cells_u": 2, "cells_a": 1, "caches": 1},
                 larnaca={"police": 1, "curfew": 1, "cells_a": 1}, limassol={"troops": 2, "cells_u": 2})
    execute(g, "C7", "unshaded", "british")
    assert over(g)
    assert cells(g, "nicosia") == 0 and cells(g, "larnaca") == 0 and cells(g, "limassol") == 2
    assert sp(g, "nicosia")["caches"] == 1 and g.s["prison"] == 5
    assert "Mass Detention: 3 Cells in Nicosia went to Prison" in said(g)


def test_c7_unshaded_not_offered_without_cells_in_a_curfew_space():
    g = position(nicosia={"troops": 1, "curfew": 1}, limassol={"cells_u": 2})
    assert "unshaded" not in sides(g, "C7")


def test_c7_shaded_up_to_one_cell_from_prison_in_each_curfew_space():
    g = position(prison=3, nicosia={"troops": 1, "curfew": 1}, larnaca={"police": 1, "curfew": 1, "cells_u": 1},
                 limassol={"troops": 1})
    avail = g.s["available"]["cells"]
    execute(g, "C7", "shaded", "eoka")
    assert legal(g) == {"place": ["nicosia", "larnaca"], "done": []}
    do(g, "place larnaca")
    refused(g, "place larnaca", match=r"1 placed in Larnaca already, the most the card places in one space "
                                      r"\(Mass Detention, C7\)")
    refused(g, "place limassol", match=r"Limassol is not among the spaces the card places in \(Nicosia and Larnaca\)")
    do(g, "done")  # "up to 1": EOKA may leave Nicosia without one
    assert over(g)
    assert sp(g, "larnaca")["cells_u"] == 2 and sp(g, "nicosia")["cells_u"] == 0
    assert g.s["prison"] == 2 and g.s["available"]["cells"] == avail  # from Prison, not Available
    assert "1 Cell went from Prison to Larnaca, Underground" in said(g)


def test_c7_shaded_prison_runs_out():
    g = position(prison=1, nicosia={"troops": 1, "curfew": 1}, karpas={"troops": 1, "curfew": 1})
    execute(g, "C7", "shaded", "british")
    do(g, "place karpas")
    assert over(g) and g.s["prison"] == 0 and sp(g, "karpas")["cells_u"] == 1


def test_c7_shaded_not_offered_with_prison_empty_or_no_curfew():
    assert "shaded" not in sides(position(nicosia={"troops": 1, "curfew": 1}), "C7")
    assert "shaded" not in sides(position(prison=2, nicosia={"troops": 1}), "C7")


# -- C11 Appeals to UN --------------------------------------------------------------------------------------

def test_c11_unshaded_sets_ignored_shaded_sets_debated():
    g = execute(position(io=3), "C11", "unshaded", "british")
    assert g.s["io"] == 0 and over(g)
    g = execute(position(io=0), "C11", "shaded", "eoka")
    assert g.s["io"] == 2 and "from Ignored (0) to Debated (2)" in said(g)
    g = execute(position(io=4), "C11", "shaded", "british")
    assert g.s["io"] == 2


def test_c11_a_text_setting_the_track_where_it_stands_is_not_offered():
    assert sides(position(io=0), "C11") == ["shaded"]
    assert sides(position(io=2), "C11") == ["unshaded"]
    assert sides(position(io=1), "C11") == ["unshaded", "shaded"]


# -- C14 Radio Athens ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("io", [0, 1])
def test_c14_unshaded_at_discussed_or_ignored_removes_three_cells_anywhere(io):
    g = position(io=io, prison=2, nicosia={"cells_u": 1, "troops": 2}, troodos={"cells_a": 2},
                 akrotiri={"cells_u": 1})
    execute(g, "C14", "unshaded", "british")
    assert legal(g) == {"remove": ["nicosia underground", "troodos active", "akrotiri underground"]}
    refused(g, "done", match=r"the card removes 3 piece\(s\) where it can.*Radio Athens, C14, 5.1.3")
    refused(g, "remove nicosia troops", match=r"the card removes Active Cells or Underground Cells, not Troops")
    refused(g, "remove nicosia", match=r"'remove' here is written 'remove SPACE underground\|active'")
    refused(g, "remove atlantis underground", match=r"'atlantis' is not a space of the map \(1.3.1\)")
    do(g, "remove troodos active", "remove troodos active", "remove akrotiri underground")
    assert over(g)
    assert cells(g, "troodos") == 0 and cells(g, "akrotiri") == 0 and cells(g, "nicosia") == 1
    assert g.s["prison"] == 2  # never from Prison


def test_c14_unshaded_fewer_cells_on_the_map_than_three():
    g = position(io=0, paphos={"cells_u": 2})
    execute(g, "C14", "unshaded", "eoka")
    do(g, "remove paphos underground", "remove paphos underground")
    assert over(g) and cells(g, "paphos") == 0


@pytest.mark.parametrize("io", [2, 3, 4])
def test_c14_unshaded_not_offered_at_debated_or_beyond(io):
    assert "unshaded" not in sides(position(io=io, paphos={"cells_u": 2}), "C14")


def test_c14_unshaded_not_offered_with_no_cell_on_the_map():
    assert "unshaded" not in sides(position(io=0, prison=3), "C14")


def test_c14_shaded_three_cells_in_towns_or_mountains():
    g = position()
    execute(g, "C14", "shaded", "eoka")
    assert legal(g)["place"] == B.TOWNS + B.MOUNTAINS and "done" not in legal(g)
    refused(g, "place akrotiri", match=r"Akrotiri is not among the spaces the card places in")
    do(g, "place kyrenia", "place kyrenia")
    refused(g, "done", match=r"the card places 3 piece\(s\) where it can, and 2 placed so far")
    do(g, "place karpas")
    assert over(g)
    assert sp(g, "kyrenia")["cells_u"] == 2 and sp(g, "karpas")["cells_u"] == 1
    assert "Radio Athens: placed a Cell (Underground) in Kyrenia" in said(g)


def test_c14_shaded_only_available_cells_and_not_offered_without_one():
    g = position(paphos={"cells_u": 11})
    execute(g, "C14", "shaded", "british")
    do(g, "place troodos")
    assert over(g) and g.s["available"]["cells"] == 0
    assert "shaded" not in sides(g, "C14")


# -- C16 Q-Patrols ------------------------------------------------------------------------------------------

def test_c16_unshaded_one_eoka_piece_from_each_of_up_to_three_spaces_with_troops():
    g = position(pw=10, nicosia={"troops": 1, "cells_u": 1, "caches": 1}, troodos={"troops": 2, "caches": 2},
                 limassol={"troops": 1, "cells_a": 2}, paphos={"police": 3, "cells_u": 1},
                 akrotiri={"troops": 3, "cells_u": 1})
    execute(g, "C16", "unshaded", "british")
    assert legal(g) == {"remove": ["nicosia underground", "nicosia cache", "limassol active", "troodos cache",
                                   "akrotiri underground"], "done": []}
    do(g, "remove troodos cache")
    assert g.s["pw"] == 11 and "Political Will rose from 10 to 11 (Q-Patrols: an Arms Cache was removed)" in said(g)
    refused(g, "remove nicosia cache", match=r"the card removes at most 1 Arms Cache in all, and has removed it "
                                             r"\(Q-Patrols, C16\)")
    refused(g, "remove troodos cache", match=r"the card removes at most 1 Arms Cache")
    refused(g, "remove paphos underground", match=r"Paphos is not among the spaces the card removes from")
    do(g, "remove nicosia underground")
    refused(g, "remove nicosia cache", match=r"at most 1 Arms Cache in all")
    do(g, "remove limassol active")
    assert over(g)
    assert (sp(g, "troodos")["caches"], sp(g, "nicosia")["caches"], cells(g, "nicosia"), cells(g, "limassol")) == \
        (1, 1, 0, 1)
    assert g.s["pw"] == 11 and g.s["prison"] == 0  # removed to Available


def test_c16_unshaded_per_space_one_and_up_to_means_may_stop():
    g = position(pw=15, nicosia={"troops": 1, "cells_u": 3, "caches": 1})
    execute(g, "C16", "unshaded", "eoka")
    do(g, "remove nicosia cache")
    assert g.s["pw"] == 15  # 5.1.1: not beyond 15
    assert over(g) and cells(g, "nicosia") == 3
    g = position(nicosia={"troops": 1, "cells_u": 3}, larnaca={"troops": 1, "cells_u": 1})
    execute(g, "C16", "unshaded", "british")
    do(g, "remove nicosia underground")
    refused(g, "remove nicosia underground", match=r"1 piece\(s\) removed from Nicosia already, the most the card takes "
                                                   r"from one space")
    do(g, "done")
    assert over(g) and cells(g, "nicosia") == 2 and cells(g, "larnaca") == 1


def test_c16_unshaded_not_offered_without_troops_and_eoka_together():
    assert "unshaded" not in sides(position(nicosia={"troops": 2}, paphos={"cells_u": 1, "police": 1}), "C16")


def test_c16_shaded_sabotage_in_up_to_two_towns_with_troops():
    g = position(nicosia={"troops": 1}, limassol={"troops": 1, "sabotage": 1}, paphos={"police": 1},
                 akrotiri={"troops": 3})
    execute(g, "C16", "shaded", "eoka")
    assert legal(g) == {"space": ["nicosia", "limassol"], "done": []}
    refused(g, "space paphos", match=r"the card marks a Town with Troops, and Paphos has no Troop")
    do(g, "space limassol")
    refused(g, "space limassol", match=r"Limassol was chosen already \(Q-Patrols, C16\)")
    do(g, "space nicosia")
    assert over(g)
    assert sp(g, "limassol")["sabotage"] == 2 and sp(g, "nicosia")["sabotage"] == 1


def test_c16_shaded_may_stop_and_stops_when_markers_run_out():
    g = position(nicosia={"troops": 1}, limassol={"troops": 1})
    execute(g, "C16", "shaded", "british")
    do(g, "done")
    assert over(g) and B.sabotage_on_map(g) == 0
    g = position(nicosia={"troops": 1}, limassol={"troops": 1}, kyrenia={"sabotage": 14})
    execute(g, "C16", "shaded", "eoka")
    do(g, "space nicosia")
    assert over(g) and sp(g, "limassol")["sabotage"] == 0  # ruling R-SABOTAGE-POOL: the fifteenth was the last


def test_c16_shaded_not_offered_without_a_town_with_troops():
    assert "shaded" not in sides(position(akrotiri={"troops": 3}, troodos={"troops": 2}), "C16")


# -- C20 Youth Movements ------------------------------------------------------------------------------------

def test_c20_unshaded_curfews_in_up_to_two_towns_with_troops():
    g = position(nicosia={"troops": 1}, larnaca={"troops": 1, "curfew": 1}, limassol={"police": 2},
                 paphos={"troops": 2}, dhekelia={"troops": 3})
    execute(g, "C20", "unshaded", "british")
    assert legal(g) == {"space": ["nicosia", "paphos"], "done": []}
    refused(g, "space larnaca", match=r"Larnaca has a Curfew already: one a Town \(Youth Movements, C20, 1.4.2, 5.1.1\)")
    refused(g, "space limassol", match=r"the card marks a Town with Troops, and Limassol has no Troop and no Curfew")
    refused(g, "space dhekelia", match=r"the card marks a Town with Troops, and Dhekelia has 3 Troops")
    do(g, "space paphos", "space nicosia")
    assert over(g) and B.curfew_spaces(g) == ["nicosia", "larnaca", "paphos"]


def test_c20_unshaded_no_curfew_in_the_pool_the_british_move_one():
    """Ruling R-CURFEW-POOL: the British choose which, whoever executes; never one this Event just placed."""
    g = position(nicosia={"troops": 1}, famagusta={"troops": 1}, larnaca={"police": 1, "curfew": 1},
                 limassol={"troops": 1, "curfew": 1}, paphos={"police": 1, "curfew": 1})
    execute(g, "C20", "unshaded", "eoka")
    do(g, "space nicosia")  # the fourth Curfew, from the pool
    assert B.curfew_pool(g) == 0 and sp(g, "nicosia")["curfew"] == 1
    assert role(g) == "eoka"
    do(g, "space famagusta")
    assert role(g) == "british"
    assert legal(g) == {"space": ["larnaca", "limassol", "paphos"]}
    refused(g, "space nicosia", match=r"the Curfew in Nicosia was placed by this Event.*ruling R-CURFEW-POOL")
    refused(g, "space karpas", match=r"Karpas has no Curfew to move")
    do(g, "space larnaca")
    assert over(g)
    assert B.curfew_spaces(g) == ["nicosia", "famagusta", "limassol", "paphos"]
    assert "The Curfew in Larnaca was moved to Famagusta" in said(g)


def test_c20_unshaded_not_offered_without_a_town_with_troops_and_no_curfew():
    assert "unshaded" not in sides(position(nicosia={"troops": 1, "curfew": 1}, akrotiri={"troops": 2}), "C20")


def test_c20_shaded_three_cells_in_towns():
    g = position()
    execute(g, "C20", "shaded", "eoka")
    assert legal(g) == {"place": B.TOWNS}
    refused(g, "place troodos", match=r"Troodos Mountains is not among the spaces the card places in")
    do(g, "place nicosia", "place nicosia", "place nicosia")
    assert over(g) and sp(g, "nicosia")["cells_u"] == 3


def test_c20_shaded_not_offered_with_no_cell_available():
    assert "shaded" not in sides(position(troodos={"cells_u": 12}), "C20")


# -- C21 Development Program --------------------------------------------------------------------------------

def test_c21_unshaded_one_political_will_per_developed_town():
    g = position(pw=9, nicosia={"troops": 1, "police": 1}, larnaca={"troops": 2, "police": 1},
                 limassol={"troops": 1, "police": 1, "caches": 1}, paphos={"troops": 1, "police": 1, "sabotage": 1},
                 famagusta={"troops": 1, "police": 1, "curfew": 1}, karpas={"troops": 2},
                 akrotiri={"troops": 1, "police": 1})
    execute(g, "C21", "unshaded", "british")
    assert over(g) and g.s["pw"] == 11
    assert "Political Will rose from 9 to 11 (Development Program: Nicosia, Larnaca)" in said(g)


def test_c21_unshaded_political_will_stops_at_fifteen_and_text_not_offered_when_nothing_changes():
    g = execute(position(pw=14, nicosia={"troops": 1, "police": 1}, larnaca={"troops": 1, "police": 1}),
                "C21", "unshaded", "eoka")
    assert g.s["pw"] == 15
    assert "unshaded" not in sides(position(pw=15, nicosia={"troops": 1, "police": 1}), "C21")
    assert "unshaded" not in sides(position(nicosia={"troops": 1, "police": 1, "cells_a": 1}), "C21")


def test_c21_shaded_two_cells_in_towns():
    g = position(paphos={"cells_u": 11})
    execute(g, "C21", "shaded", "eoka")
    do(g, "place karpas")  # only 1 Available (5.1.1)
    assert over(g) and sp(g, "karpas")["cells_u"] == 1
    g = position()
    execute(g, "C21", "shaded", "british")
    do(g, "place larnaca")
    refused(g, "done", match=r"the card places 2 piece\(s\) where it can, and 1 placed so far.*Development Program, C21")
    do(g, "place paphos")
    assert over(g) and sp(g, "larnaca")["cells_u"] == 1 and sp(g, "paphos")["cells_u"] == 1


# -- C22 Greek Government -----------------------------------------------------------------------------------

def test_c22_shift_up_to_two_either_way_then_place_two_cells_in_towns():
    g = position(io=1, nicosia={"cells_u": 1})
    assert sides(g, "C22") == ["event"]
    execute(g, "C22", "event", "eoka")
    assert legal(g) == {"choose": ["left-1", "none", "right-1", "right-2"]}  # no shift past Ignored
    refused(g, "choose left-2", match=r"'left-2' is not a choice here.*Greek Government, C22")
    refused(g, "done", match=r"the card's text must be carried out")
    do(g, "choose right-2")
    assert g.s["io"] == 3
    assert legal(g) == {"choose": ["place", "remove"]}
    do(g, "choose place")
    assert legal(g) == {"place": B.TOWNS}
    do(g, "place famagusta", "place famagusta")
    assert over(g) and sp(g, "famagusta")["cells_u"] == 2


def test_c22_no_shift_then_remove_two_cells_from_the_map_never_from_prison():
    g = position(io=4, prison=3, troodos={"cells_a": 1}, dhekelia={"cells_u": 2})
    execute(g, "C22", "event", "british")
    assert legal(g) == {"choose": ["left-2", "left-1", "none"]}
    do(g, "choose none")
    assert g.s["io"] == 4 and "International Opinion was left where it was" in said(g)
    do(g, "choose remove")
    do(g, "remove troodos active")
    refused(g, "done", match=r"the card removes 2 piece\(s\) where it can")
    do(g, "remove dhekelia underground")
    assert over(g) and g.s["prison"] == 3 and cells(g, "troodos") == 0 and cells(g, "dhekelia") == 1


def test_c22_only_one_way_possible_is_done_without_asking():
    g = position(io=2)  # no Cell on the map: only placing
    execute(g, "C22", "event", "eoka")
    do(g, "choose left-1")
    assert legal(g) == {"place": B.TOWNS}
    do(g, "place karpas", "place paphos")
    assert over(g) and g.s["io"] == 1
    g = position(io=2, troodos={"cells_u": 6}, kyrenia={"cells_u": 6})  # none Available: only removing
    execute(g, "C22", "event", "british")
    do(g, "choose left-2")
    assert set(legal(g)) == {"remove"}
    do(g, "remove troodos underground", "remove kyrenia underground")
    assert over(g) and g.s["available"]["cells"] == 2


def test_c22_neither_way_possible_the_shift_alone():
    g = position(io=0, prison=12)
    execute(g, "C22", "event", "eoka")
    do(g, "choose right-1")
    assert over(g) and g.s["io"] == 1
    assert "no Cell is Available to place or on the map to remove" in said(g)


# -- C26 Volkan/TMT -----------------------------------------------------------------------------------------

def test_c26_up_to_two_spaces_with_cells_and_police_a_cell_out_a_sabotage_marker_in():
    g = position(nicosia={"police": 1, "cells_u": 1, "cells_a": 1}, troodos={"police": 1, "cells_a": 1},
                 limassol={"troops": 2, "cells_u": 1}, akrotiri={"police": 1})
    assert sides(g, "C26", "eoka") == ["event"]
    execute(g, "C26", "event", "eoka")
    assert legal(g) == {"remove": ["nicosia underground", "nicosia active", "troodos active"], "done": []}
    refused(g, "remove limassol underground", match=r"Limassol is not among the spaces the card removes from .Nicosia "
                                                    r"and Troodos Mountains. \(Volkan/TMT, C26\)")
    do(g, "remove nicosia active")
    assert sp(g, "nicosia")["sabotage"] == 1 and sp(g, "nicosia")["cells_u"] == 1
    refused(g, "remove nicosia underground", match=r"the most the card takes from one space")
    do(g, "remove troodos active")
    assert over(g)
    assert sp(g, "troodos")["sabotage"] == 1 and cells(g, "troodos") == 0
    assert g.s["available"]["cells"] == 12 - 4 + 2


def test_c26_may_stop_and_cell_removed_even_with_no_marker_left():
    g = position(nicosia={"police": 1, "cells_u": 2})
    execute(g, "C26", "event", "british")
    do(g, "done")
    assert over(g) and cells(g, "nicosia") == 2 and sp(g, "nicosia")["sabotage"] == 0
    g = position(nicosia={"police": 1, "cells_u": 2}, karpas={"sabotage": 15})
    execute(g, "C26", "event", "british")
    do(g, "remove nicosia underground")
    assert cells(g, "nicosia") == 1 and sp(g, "nicosia")["sabotage"] == 0
    assert "No Sabotage marker is left to place in Nicosia" in said(g)


def test_c26_not_offered_without_cells_and_police_together():
    assert sides(position(nicosia={"police": 2}, paphos={"cells_u": 1, "troops": 1}), "C26") == []
