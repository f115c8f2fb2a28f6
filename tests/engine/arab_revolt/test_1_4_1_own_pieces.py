"""Placing from Available or from the map (1.4.1 and its IMPORTANT, 1.4.3, 5.1.1): ruling R-1.4.1 applied
the same way everywhere, and the umpire's reading R-1.4.1-EVENT for an Event's own text.

1.4.1 IMPORTANT: "Factions, while executing an Operation, Special Activity, or Event to place their own
forces, may take them from elsewhere on the map if the desired force type is not Available."
"""

import pytest

from .helpers import board, legal, role, run, sp, texts
from .test_events import event_turn


def no_guerrillas_available(s):
    """Every Available Guerrilla to Prison, out of reach of 1.4.1 IMPORTANT ("Rebel pieces in Prison may not be
    moved in this way")."""
    s["prison"]["guerrillas"] += s["available"]["guerrillas"]
    s["available"]["guerrillas"] = 0
    return s


def test_2_3_3_a_rebel_pass_places_a_base_from_available_only():
    """2.3.3: a Pass "may place a Rebel Base"; a Pass is no Operation, Special Activity or Event, so 1.4.1
    IMPORTANT does not reach it: with no Base Available there is nothing to place, though Bases are on the
    map."""
    s = board("A13", first="rebels", draws=[1, 2], galilee={"guerrillas_u": 1}, syria={"bases": 2},
              lydda={"bases": 2}, gaza={"bases": 1})
    assert s["available"]["bases"] == 0
    s, _ = run(s, "chit 1", "box limited", "pass")
    assert role(s) == "british" and "place" not in legal(s)


def test_1_4_1_deploy_may_take_its_second_police_from_the_map():
    """3.2.1 Deploy is an Operation: the British may take Police from the map when none is Available."""
    s = board(samaria={"troops": 2}, gaza={"police": 9})
    assert s["available"]["police"] == 0
    s, _ = run(s, "box opsa", "op deploy", "space samaria", "place police")
    assert legal(s) == {"take": ["gaza police"], "done": []}
    s2, _ = run(s, "take gaza police")
    assert sp(s2, "samaria")["police"] == 1 and sp(s2, "gaza")["police"] == 8


def test_1_8_2_the_three_chit_irregular_comes_from_available_only():
    """1.8.2's chit effect is none of the three of 1.4.1 IMPORTANT: with no Irregular Available the Active
    Guerrilla is simply removed (1.4.1: "A piece to be replaced by a piece that is unavailable is simply
    removed"), though Irregulars stand on the map."""
    s = board("A13", first="rebels", draws=[3, 1], galilee={"guerrillas_u": 1, "police": 1},
              gaza={"irregulars_u": 6})
    s, _ = run(s, "chit 3", "box limited", "op sabotage", "space galilee", "done", "replace galilee")
    assert sp(s, "galilee")["guerrillas_a"] == 0 and sp(s, "galilee")["irregulars_u"] == 0
    assert "take" not in legal(s)


def test_1_7_2_a_demolish_mobilization_in_punish_places_from_available_only():
    """The British Punish places a Rebel Guerrilla by the Demolish chit's Mobilization: not the Rebels placing
    their own forces, so from Available only (ruling R-1.4.1 (c))."""
    s = no_guerrillas_available(board(samaria={"troops": 2, "opposition": 1}, galilee={"guerrillas_a": 1}))
    s, log = run(s, "box opsa", "op sweep", "sa punish", "chit demolish", "space samaria",
                 draws=["demolish", "fine"])
    assert "take" not in legal(s) and sp(s, "samaria")["guerrillas_u"] == 0 and sp(s, "galilee")["guerrillas_a"] == 1
    assert "no Guerrilla Available" in texts(log)


@pytest.mark.parametrize("reading,from_map", [(None, True), ("map", True), ("available", False)])
def test_r_1_4_1_event_a3_shaded_replacement_guerrilla(reading, from_map):
    """A3 shaded: "Rebels may replace 2 Irregulars with Guerrillas". By default (1.4.1 IMPORTANT names Events)
    a Guerrilla may come from the map; with the umpire's reading "available" (5.1.1: "they remove rather than
    replace if the replacement is not Available") the Irregular is only removed."""
    s = no_guerrillas_available(event_turn("A3", first="rebels", draws=[1, 2], samaria={"irregulars_u": 1},
                                           galilee={"guerrillas_a": 1}))
    if reading:
        s["rulings"] = {"R-1.4.1-EVENT": reading}
    s, _ = run(s, "shaded", "replace samaria irregular-u")
    assert sp(s, "samaria")["irregulars_u"] == 0
    if from_map:
        assert legal(s) == {"take": ["galilee guerrilla-a"], "done": []}
        s, _ = run(s, "take galilee guerrilla-a")
        assert sp(s, "samaria")["guerrillas_u"] == 1 and sp(s, "galilee")["guerrillas_a"] == 0
    else:
        assert "take" not in legal(s) and sp(s, "samaria")["guerrillas_u"] == 0


def test_a4_unshaded_the_executing_faction_chooses_and_may_place_fewer():
    """A4 unshaded: "Place 1 Irregular each into up to 3 Districts with Troops": the executing faction makes
    the selections (5.1) and "up to" allows fewer; the Rebels, placing pieces not their own, use Available
    ones only (1.4.1 IMPORTANT: "their own forces")."""
    s = event_turn("A4", first="rebels", draws=[1, 2], samaria={"troops": 1}, gaza={"troops": 1},
                   lydda={"troops": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "rebels" and set(legal(s)["place"]) == {"samaria", "gaza", "lydda"} and "done" in legal(s)
    s2, _ = run(s, "place gaza", "done")
    assert sp(s2, "gaza")["irregulars_u"] == 1 and sp(s2, "samaria")["irregulars_u"] == 0
    # The Rebels with no Irregular Available: nothing to place, though Irregulars are on the map.
    t = event_turn("A4", first="rebels", draws=[1, 2], samaria={"troops": 1}, galilee={"irregulars_u": 6})
    t, log = run(t, "unshaded")
    assert role(t) == "british" and sp(t, "samaria")["irregulars_u"] == 0


def test_a4_unshaded_the_british_may_take_irregulars_from_the_map():
    s = event_turn("A4", samaria={"troops": 1}, galilee={"irregulars_u": 6})
    s, _ = run(s, "unshaded", "place samaria")
    assert legal(s) == {"take": ["galilee irregular-u"], "done": []}
    t = event_turn("A4", samaria={"troops": 1}, galilee={"irregulars_u": 6})
    t["rulings"] = {"R-1.4.1-EVENT": "available"}
    t, log = run(t, "unshaded", draws=[1, 2])
    assert role(t) == "rebels" and sp(t, "samaria")["irregulars_u"] == 0  # nothing could be placed: the text is over


def test_a31_shaded_names_its_own_sources():
    """A31 shaded: "Place 1 Guerrilla from Prison then Available in each Foreign Country space": the card names
    its sources (5.1.1 precedence), so nothing comes from the map."""
    s = no_guerrillas_available(event_turn("A31", first="rebels", draws=[1, 2], galilee={"guerrillas_a": 14}))
    assert s["prison"]["guerrillas"] == 1
    s, _ = run(s, "shaded")
    assert sp(s, "syria")["guerrillas_u"] + sp(s, "lebanon")["guerrillas_u"] == 1 and s["prison"]["guerrillas"] == 0
    assert sp(s, "galilee")["guerrillas_a"] == 14 and "take" not in legal(s)
