"""Event cards A17 to A22, A23 unshaded, A26 to A32 in both texts (rule 5, 9.0); A23 shaded, A24 and A25 are
in test_events.py and test_2_3_sequence.py."""

from .helpers import board, legal, role, run, sp, texts
from .test_events import event_turn
from .test_events_a01_a16 import with_cap


def test_a17_unshaded_a_guerrilla_from_each_space_with_an_underground_irregular():
    s = event_turn("A17", samaria={"irregulars_u": 1, "guerrillas_u": 2}, gaza={"irregulars_a": 1, "guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert legal(s)["remove"] == ["samaria guerrilla-u"]
    s2, _ = run(s, "remove samaria guerrilla-u", draws=[1, 2])
    assert sp(s2, "samaria")["guerrillas_u"] == 1


def test_a17_shaded_sabotage_with_underground_irregulars():
    s = event_turn("A17", first="rebels", draws=[1, 2], rail_haifa={"irregulars_u": 1}, samaria={"irregulars_u": 1})
    s, _ = run(s, "shaded", "space rail-haifa", "space samaria", "done")
    assert sp(s, "rail-haifa")["sabotage"] == 1 and sp(s, "rail-haifa")["irregulars_a"] == 1
    assert sp(s, "samaria")["opposition"] == 1


def test_a18_unshaded_punish_chooses_the_chit():
    s = with_cap(board(samaria={"troops": 1}), "A18", "unshaded")
    s, _ = run(s, "box opsa", "op sweep", "sa punish")
    assert legal(s) == {"chit": ["demolish", "detain", "fine"]}


def test_a18_shaded_each_sweep_space_mobilizes():
    s = with_cap(board(samaria={"troops": 2, "guerrillas_u": 1}), "A18", "shaded")
    s, log = run(s, "box limited", "op sweep", "space samaria", "done", "done", draws=["detain", 1, 2])
    assert sp(s, "samaria")["opposition"] == 1 and s["punishment"]["pool"].count("detain") == 2


def test_a19_league_of_nations_roll_against_opposition_spaces():
    s = event_turn("A19", samaria={"opposition": 1}, gaza={"opposition": 1})
    s2, _ = run(s, "event", rolls=[3], draws=[1, 2])
    assert s2["pw"] == 11
    s3, _ = run(s, "event", rolls=[2], draws=[1, 2])
    assert s3["pw"] == 8


def test_a20_unshaded_roll_above_the_bases_decentralizes():
    s = event_turn("A20", samaria={"bases": 1})
    s2, _ = run(s, "unshaded", rolls=[2], draws=[1, 2])
    assert s2["unity"] == 1
    s3, _ = run(s, "unshaded", rolls=[1], draws=[1, 2])
    assert s3["unity"] == 2


def test_a20_shaded_two_steps_centralized_and_a_chit_to_hold():
    s = event_turn("A20", first="rebels", draws=[1, 2])
    s, _ = run(s, "shaded")
    assert s["unity"] == 4 and legal(s) == {"draw": [], "done": []}
    s2, _ = run(s, "draw", draws=[3])
    assert s2["ops"]["held"] == [3]


def test_a21_unshaded_opposition_off_two_spaces_with_active_guerrillas():
    s = event_turn("A21", samaria={"guerrillas_a": 1, "opposition": 1}, gaza={"guerrillas_a": 1, "opposition": 1},
                   lydda={"guerrillas_u": 1, "opposition": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"space": ["samaria", "gaza"]}
    s2, _ = run(s, "space samaria", "space gaza", draws=[1, 2])
    assert not sp(s2, "samaria")["opposition"] and not sp(s2, "gaza")["opposition"] and s2["unity"] == 1


def test_a21_shaded_ambush_in_a_district_opposition_if_an_irregular_falls():
    s = event_turn("A21", first="rebels", draws=[1, 2], samaria={"guerrillas_u": 1, "irregulars_u": 1},
                   haifa_city={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "shaded")
    assert legal(s)["space"] == ["samaria"]
    s2, log = run(s, "space samaria", "done")
    assert sp(s2, "samaria")["opposition"] == 1 and "eliminate traitors" in texts(log)


def test_a22_unshaded_curfews_then_a_punish_the_british_must_make():
    s = event_turn("A22", haifa_city={"police": 1, "guerrillas_u": 1}, jerusalem_city={"troops": 1, "guerrillas_u": 1},
                   tel_aviv_jaffa={"police": 1})
    s, _ = run(s, "unshaded", draws=["detain", "fine"])
    assert sp(s, "haifa-city")["curfew"] and sp(s, "jerusalem-city")["curfew"] and not sp(s, "tel-aviv-jaffa")["curfew"]
    s, _ = run(s, "chit detain", "space haifa-city")
    assert legal(s) == {"space": ["jerusalem-city"]}  # must: no done before the second City


def test_a22_unshaded_the_executing_faction_chooses_the_cities_when_curfews_run_short():
    """A22 unshaded: "Place a Curfew in all Cities with both British and Rebel pieces"; with two Curfews on the
    map and one left (1.12: "Curfews can only be placed if one is available"), the executing faction (5.1)
    chooses the City, not map order."""
    s = event_turn("A22", first="rebels", draws=[1, 2],
                   haifa_city={"police": 1, "guerrillas_u": 1}, jerusalem_city={"troops": 1, "guerrillas_u": 1},
                   samaria={"troops": 1, "curfew": 1}, gaza={"troops": 1, "curfew": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "rebels" and legal(s) == {"curfew": ["haifa-city", "jerusalem-city"]}
    s2, _ = run(s, "curfew jerusalem-city", draws=["detain", "fine"])
    assert sp(s2, "jerusalem-city")["curfew"] == 1 and sp(s2, "haifa-city")["curfew"] == 0
    assert role(s2) == "british" and legal(s2) == {"chit": ["detain", "fine"]}  # then the Punish


def test_a22_shaded_opposition_spreads_from_cities():
    s = event_turn("A22", first="rebels", draws=[1, 2], haifa_city={"opposition": 1})
    s, _ = run(s, "shaded")
    assert legal(s) == {"space": ["haifa-district"], "done": []}
    s2, _ = run(s, "space haifa-district")
    assert sp(s2, "haifa-district")["opposition"] == 1


def test_a23_unshaded_sweep_then_assault_where_a_base_and_irregulars_are():
    s = event_turn("A23", samaria={"bases": 1, "guerrillas_u": 1, "irregulars_u": 1}, galilee={"troops": 2})
    s, _ = run(s, "unshaded", "space samaria", "space samaria", "done", "move galilee samaria",
               "move galilee samaria", "done")
    assert legal(s) == {"irregular": ["samaria"], "done": []}
    s2, _ = run(s, "irregular samaria", "space samaria", "done", draws=[1, 2])
    assert sp(s2, "samaria")["guerrillas_a"] == 0 and sp(s2, "samaria")["bases"] == 0 and s2["unity"] == 1


def test_a26_triangle_of_terror_three_then_one_for_the_other_player():
    s = event_turn("A26", samaria={"troops": 2, "guerrillas_a": 1, "guerrillas_u": 1},
                   galilee={"troops": 1, "guerrillas_a": 1}, gaza={"troops": 1, "guerrillas_a": 1})
    s, _ = run(s, "event", "op assault")
    assert set(legal(s)["space"]) == {"samaria", "galilee"}  # in or next to Samaria, not Gaza
    s, _ = run(s, "space samaria", "done", "done")
    assert role(s) == "rebels" and set(legal(s)["op"]) == {"rally", "march", "sabotage"}
    s2, _ = run(s, "op sabotage")
    assert legal(s2)["space"] == ["samaria"]


def test_a27_unshaded_detain_a_base_and_shaded_courts_cost_will():
    s = with_cap(board(samaria={"troops": 1, "bases": 1, "guerrillas_u": 1}), "A27", "unshaded")
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit detain", "space samaria", draws=["detain", "fine"])
    assert legal(s) == {"remove": ["guerrilla-u", "base"]}
    s2, _ = run(s, "remove base")
    assert s2["prison"]["bases"] == 1


def test_a28_tegart_forts_police_leave_the_map_and_foreign_marches_go_active():
    s = event_turn("A28", first="rebels", draws=[1, 2], samaria={"police": 2}, gaza={"police": 2},
                   syria={"guerrillas_u": 1})
    s, _ = run(s, "event")
    assert role(s) == "british" and "remove" in legal(s)
    s, _ = run(s, "remove samaria police", "remove samaria police", "remove gaza police")
    assert s["tegart"] == 3 and s["capabilities"]["A28"] == "event"
    s2 = board("A13", first="rebels", draws=[1, 2], syria={"guerrillas_u": 1})
    s2["capabilities"]["A28"] = "event"
    s2, _ = run(s2, "chit 1", "box limited", "op march", "space syria", "move galilee guerrilla-u", "done", "done")
    assert sp(s2, "galilee")["guerrillas_a"] == 1


def test_a29_unshaded_two_steps_decentralized_then_divide_and_shaded_irregulars_off():
    s = event_turn("A29", unity=1, samaria={"irregulars_u": 1, "troops": 1}, galilee={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert s["unity"] == 0 and s["pw"] == 11
    s2 = event_turn("A29", rail_haifa={"sabotage": 1}, samaria={"irregulars_u": 1}, gaza={"irregulars_u": 1})
    s2, _ = run(s2, "shaded")
    assert legal(s2) == {"remove": ["samaria irregular-u"], "done": []}


def test_a29_unshaded_the_divide_is_not_optional():
    """A29 unshaded: "Shift Unity Track 2 steps toward Decentralized, then Divide to Activate Irregulars": no
    "may", so the Divide is made (at least one replacement where one is possible, ruling R-A29)."""
    s = event_turn("A29", unity=3, samaria={"irregulars_u": 1, "troops": 1}, galilee={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "british" and legal(s) == {"replace": ["samaria galilee guerrilla-u"]}  # no done, no sa/done
    s2, _ = run(s, "replace samaria galilee guerrilla-u", draws=[1, 2])
    assert sp(s2, "galilee")["irregulars_u"] == 1 and sp(s2, "galilee")["guerrillas_u"] == 0


def test_a29_unshaded_who_divides_is_the_umpires_reading():
    """R-A29: by default the British choose the Divide's replacements (Divide is their Special Activity, 4.2);
    with the reading "executing", the executing faction does (5.1: "the executing Faction makes all
    selections")."""
    s = event_turn("A29", first="rebels", draws=[1, 2], unity=3, samaria={"irregulars_u": 1, "troops": 1},
                   galilee={"guerrillas_u": 1}, gaza={"guerrillas_u": 1})
    t = dict(s, rulings={"R-A29": "executing"})
    s, _ = run(s, "unshaded")
    assert role(s) == "british"
    t, _ = run(t, "unshaded")
    assert role(t) == "rebels" and legal(t) == {"replace": ["samaria galilee guerrilla-u"]}


def test_a30_unshaded_guerrillas_off_the_districts_next_to_transjordan_and_shaded_in_play():
    s = event_turn("A30", galilee={"guerrillas_u": 2}, lydda={"guerrillas_u": 1}, gaza={"guerrillas_a": 1})
    s, _ = run(s, "unshaded", "remove galilee guerrilla-u", "remove gaza guerrilla-a", draws=[1, 2])
    assert sp(s, "galilee")["guerrillas_u"] == 1 and sp(s, "lydda")["guerrillas_u"] == 1
    s2 = event_turn("A30", first="rebels", draws=[1, 2], gaza={"guerrillas_u": 1})
    s2, _ = run(s2, "shaded")
    assert not sp(s2, "transjordan")["out_of_play"] and not sp(s2, "egypt")["out_of_play"]


def test_a31_unshaded_prison_for_syria_or_lebanon_and_shaded_fighters():
    s = event_turn("A31", syria={"guerrillas_u": 2, "bases": 1}, lebanon={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"space": ["syria", "lebanon"]}
    s2, _ = run(s, "space syria", draws=[1, 2])
    assert s2["prison"] == {"guerrillas": 2, "bases": 1} and sp(s2, "lebanon")["guerrillas_u"] == 1
    s3 = event_turn("A31", first="rebels", draws=[1, 2])
    s3["prison"]["guerrillas"] = 1
    s3["available"]["guerrillas"] -= 1
    s3, _ = run(s3, "shaded")
    assert sp(s3, "lebanon")["guerrillas_u"] == 1 and sp(s3, "syria")["guerrillas_u"] == 1 and not s3["prison"]["guerrillas"]


def test_a32_unshaded_air_recon_two_each_and_shaded_troops_to_cities():
    s = event_turn("A32", samaria={"guerrillas_u": 3})
    s, _ = run(s, "unshaded", "sa air-recon", "space samaria", draws=[1, 2])
    assert sp(s, "samaria")["guerrillas_a"] == 2
    s2 = event_turn("A32", first="rebels", draws=[1, 2], samaria={"bases": 1, "troops": 2})
    s2, _ = run(s2, "shaded", "move samaria haifa-city")
    assert sp(s2, "samaria")["troops"] == 1 and sp(s2, "haifa-city")["troops"] == 1
