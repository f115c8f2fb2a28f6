"""Event cards A1 to A9, A12, A15, A16 in both texts (rule 5, 9.0); A10, A11, A13, A14 are in
test_events.py."""

from engine.games.arab_revolt import board as B

from .helpers import board, legal, role, run, sp, texts
from .test_events import event_turn


def with_cap(s, cid, side):
    s["capabilities"][cid] = side
    return s


def test_a1_unshaded_detain_takes_one_more_guerrilla_under_curfew():
    s = with_cap(board(samaria={"troops": 2, "guerrillas_a": 3, "curfew": 1}), "A1", "unshaded")
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit detain", "space samaria", draws=["detain", "fine"])
    assert s["prison"]["guerrillas"] == 2


def test_a1_shaded_detain_in_an_opposition_space_spreads_opposition():
    s = with_cap(board(samaria={"troops": 2, "guerrillas_a": 1, "opposition": 1}), "A1", "shaded")
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit detain", "space samaria", draws=["detain", "fine"])
    assert role(s) == "rebels" and "galilee" in legal(s)["space"] and "rail-haifa" not in legal(s)["space"]
    s2, _ = run(s, "space galilee")
    assert sp(s2, "galilee")["opposition"] == 1


def test_a2_shifts_every_roll_against_the_bases():
    for side, die, unity in (("unshaded", 1, 2), ("shaded", 2, 3)):
        s = board("A13", first="rebels", draws=[1, 2], samaria={"guerrillas_u": 1, "bases": 1})
        s = with_cap(s, "A2", side)
        s, _ = run(s, "chit 1", "box opsa", "op sabotage", "sa coordinate", rolls=[die])
        assert s["unity"] == unity, side  # 1 base: unshaded 1+1 > 1 fails; shaded 2-1 <= 1 succeeds


def test_a3_unshaded_divide_replacements_then_the_roll():
    s = event_turn("A3", unity=2, samaria={"irregulars_u": 1, "troops": 1}, galilee={"guerrillas_u": 1})
    s, _ = run(s, "unshaded", "sa divide")
    assert "roll" not in legal(s) and "samaria galilee guerrilla-u" in legal(s)["replace"]
    s2, _ = run(s, "replace samaria galilee guerrilla-u", rolls=[1], draws=[1, 2])
    assert sp(s2, "galilee")["irregulars_u"] == 1 and s2["unity"] == 1


def test_a3_shaded_irregulars_become_guerrillas_and_unity_centralizes():
    s = event_turn("A3", first="rebels", draws=[1, 2], samaria={"irregulars_u": 1}, gaza={"irregulars_a": 1})
    s, _ = run(s, "shaded", "replace samaria irregular-u", "replace gaza irregular-a")
    assert sp(s, "samaria")["guerrillas_u"] == 1 and sp(s, "gaza")["guerrillas_u"] == 1 and s["unity"] == 3


def test_a4_unshaded_irregulars_into_districts_with_troops_and_shaded_will():
    s = event_turn("A4", samaria={"troops": 1}, gaza={"troops": 1}, haifa_city={"troops": 1})
    s, _ = run(s, "unshaded")
    assert set(legal(s)["place"]) == {"samaria", "gaza"}
    s2, _ = run(s, "place samaria", "place gaza", draws=[1, 2])
    assert sp(s2, "samaria")["irregulars_u"] == 1 and sp(s2, "gaza")["irregulars_u"] == 1
    s3 = event_turn("A4", samaria={"irregulars_u": 4}, gaza={"irregulars_u": 2})
    s3, _ = run(s3, "shaded", draws=[1, 2])
    assert s3["pw"] == 8


def test_a5_unshaded_curfews_in_districts_with_troops():
    s = event_turn("A5", samaria={"troops": 1}, gaza={"troops": 1}, haifa_city={"troops": 1})
    s, _ = run(s, "unshaded")
    assert legal(s)["curfew"] == ["samaria", "gaza"]
    s2, _ = run(s, "curfew samaria", "done", draws=[1, 2])
    assert sp(s2, "samaria")["curfew"] == 1 and sp(s2, "gaza")["curfew"] == 0


def test_a5_shaded_march_from_every_curfew_district():
    s = event_turn("A5", first="rebels", draws=[1, 2], samaria={"troops": 1, "curfew": 1, "guerrillas_u": 2},
                   gaza={"troops": 1, "curfew": 1, "guerrillas_u": 1}, lydda={"guerrillas_u": 1})
    s, _ = run(s, "shaded")
    assert set(legal(s)["space"]) == {"samaria", "gaza"}
    s2, _ = run(s, "space samaria", "move galilee guerrilla-u", "move galilee guerrilla-u", "done", "done")
    assert sp(s2, "galilee")["guerrillas_u"] == 2


def test_a6_unshaded_uses_each_demolish_drawn():
    s = event_turn("A6", samaria={"troops": 1, "opposition": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"draw": [], "done": []}
    s, _ = run(s, "draw", draws=["demolish", "fine"])
    assert legal(s) == {"sa": ["punish"], "done": []}
    s2, _ = run(s, "sa punish", "space samaria", draws=[1, 2])
    assert sp(s2, "samaria")["opposition"] == 0 and sp(s2, "samaria")["guerrillas_u"] == 1
    assert s2["punishment"]["set_aside"] == ["demolish"] and s2["punishment"]["pool"].count("fine") == 2


def test_a6_unshaded_a_declined_demolish_goes_back_to_the_pool():
    """A6 unshaded: "Return any unused chits to the pool": a Demolish the British decline is unused."""
    s = event_turn("A6", samaria={"troops": 1, "opposition": 1})
    s, log = run(s, "unshaded", "draw", "done", draws=["demolish", "demolish"])
    assert role(s) == "british" and legal(s) == {"sa": ["punish"], "done": []}  # the second Demolish now
    assert len(s["punishment"]["pool"]) == 5 and "unused Demolish chit went back" in texts(log)
    s2, log = run(s, "done", draws=[1, 2])
    assert s2["punishment"]["set_aside"] == [] and s2["punishment"]["pool"].count("demolish") == 2


def test_a6_unshaded_a_demolish_with_no_space_to_use_goes_back_to_the_pool():
    """A6 unshaded: a Demolish drawn with no space with Troops cannot be used, so it returns to the pool."""
    s = event_turn("A6", samaria={"opposition": 1})
    s2, log = run(s, "unshaded", "draw", draws=["demolish", "detain", 1, 2])
    assert role(s2) == "rebels" and s2["punishment"]["set_aside"] == [] and len(s2["punishment"]["pool"]) == 6
    assert "could not Punish" in texts(log)


def test_a6_unshaded_the_british_may_decline_to_draw_even_when_the_rebels_execute():
    """A6 unshaded: "British may draw 2 Punishment chits": the British decide, whoever executes (5.1)."""
    s = event_turn("A6", first="rebels", draws=[1, 2], samaria={"troops": 1, "opposition": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "british" and legal(s) == {"draw": [], "done": []}
    s2, _ = run(s, "done")
    assert len(s2["punishment"]["pool"]) == 6 and sp(s2, "samaria")["opposition"] == 1


def test_a6_shaded_mobilize_guerrillas_in_curfew_spaces():
    s = event_turn("A6", first="rebels", draws=[1, 2], samaria={"troops": 1, "curfew": 1},
                   gaza={"opposition": 1}, lydda={"guerrillas_u": 1})
    s, _ = run(s, "shaded", "sa mobilize", "done")
    assert legal(s) == {"place": ["samaria"], "done": []}


def test_a7_unshaded_two_rolls_against_irregulars():
    s = event_turn("A7", samaria={"irregulars_u": 3})
    s2, _ = run(s, "unshaded", rolls=[3, 4], draws=[1, 2])
    assert s2["unity"] == 1


def test_a7_shaded_limited_operation_in_each_opposition_space():
    s = event_turn("A7", first="rebels", draws=[1, 2], samaria={"bases": 1, "guerrillas_u": 1, "opposition": 1},
                   gaza={"guerrillas_u": 1, "opposition": 1})
    s, _ = run(s, "shaded", "op sabotage", "space samaria", "done", rolls=[1])
    assert legal(s) == {"op": ["rally", "march", "sabotage"], "done": []}
    s2, _ = run(s, "op rally")
    assert legal(s2)["space"] == ["gaza"]  # each Opposition space once


def test_a8_unshaded_raid_at_most_one_space():
    s = board("A13", first="rebels", draws=[2, 1], galilee={"guerrillas_u": 3, "bases": 1},
              samaria={"guerrillas_u": 1, "police": 1})
    s = with_cap(s, "A8", "unshaded")
    s, _ = run(s, "chit 2", "box opsa", "op ambush", "sa raid", "space samaria", "move galilee guerrilla-u", "done",
               "done")
    assert "sa" not in legal(s) and "space" in legal(s)


def test_a8_shaded_ambush_in_a_district_relocates_a_troop():
    s = board("A13", first="rebels", draws=[2, 1], samaria={"guerrillas_u": 1, "police": 1, "troops": 2})
    s = with_cap(s, "A8", "shaded")
    s, _ = run(s, "chit 2", "box limited", "op ambush", "space samaria")
    assert legal(s) == {"move": ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"], "done": []}
    s2, _ = run(s, "move jerusalem-city")
    assert sp(s2, "samaria")["troops"] == 1 and sp(s2, "jerusalem-city")["troops"] == 1


def test_a9_unshaded_bases_abroad_removed_and_unity_decentralizes():
    s = event_turn("A9", syria={"bases": 2}, lebanon={"bases": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"space": ["syria", "lebanon"]}
    s2, _ = run(s, "space syria", draws=[1, 2])
    assert sp(s2, "syria")["bases"] == 0 and sp(s2, "lebanon")["bases"] == 1 and s2["unity"] == 1


def test_a9_shaded_unity_and_an_operation_with_the_chit():
    s = event_turn("A9", first="rebels", draws=[3, 1], syria={"bases": 1}, samaria={"guerrillas_u": 3},
                   galilee={"guerrillas_u": 1})
    s, _ = run(s, "shaded")
    assert s["unity"] == 3 and "sabotage" in legal(s)["op"]
    s2, _ = run(s, "op sabotage", "space samaria", "space galilee", "done")
    assert sp(s2, "samaria")["opposition"] == 1 and sp(s2, "galilee")["opposition"] == 1


def test_a12_unshaded_punish_then_punish_with_a_held_chit():
    s = event_turn("A12", samaria={"troops": 1, "opposition": 1}, gaza={"troops": 1, "opposition": 1})
    s["punishment"]["held"] = ["demolish"]
    s["punishment"]["pool"].remove("demolish")
    s, _ = run(s, "unshaded", "sa punish", "chit detain", "space samaria", "done", draws=["detain", "fine"])
    assert legal(s) == {"sa": ["punish"], "done": []}
    s, _ = run(s, "sa punish")
    assert legal(s) == {"chit": ["held-demolish"]}


def test_a12_shaded_half_the_irregulars_go():
    s = event_turn("A12", first="rebels", draws=[1, 2], samaria={"irregulars_u": 3}, gaza={"irregulars_a": 2})
    s, _ = run(s, "shaded", "remove samaria irregular-u", "remove gaza irregular-a")
    assert sum(B.irregulars(x) for x in s["spaces"].values()) == 3


def test_a15_unshaded_raid_not_onto_a_railway_next_to_a_curfew():
    s = board("A13", first="rebels", draws=[2, 1], haifa_city={"troops": 1, "curfew": 1},
              haifa_district={"guerrillas_u": 2, "bases": 1}, samaria={"guerrillas_u": 1})
    s = with_cap(s, "A15", "unshaded")
    s, _ = run(s, "chit 2", "box opsa", "op sabotage", "sa raid")
    assert "rail-haifa" not in legal(s)["space"] and "samaria" in legal(s)["space"]


def test_a15_shaded_fine_replaces_sabotage_with_a_guerrilla():
    s = with_cap(board(lydda={"troops": 1}, rail_haifa={"sabotage": 1}), "A15", "shaded")
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit fine", "space lydda", draws=["fine", "detain"])
    assert sp(s, "rail-haifa")["sabotage"] == 0 and sp(s, "rail-haifa")["guerrillas_u"] == 1


def test_a16_unshaded_cancels_shaded_british_capabilities_shaded_costs_will():
    s = event_turn("A16")
    s["capabilities"] = {"A1": "shaded", "A15": "unshaded", "A2": "shaded"}
    s2, log = run(s, "unshaded", draws=[1, 2])
    assert s2["capabilities"] == {"A15": "unshaded", "A2": "shaded"} and "cancelled" in texts(log)
    s3, _ = run(s, "shaded", draws=[1, 2])
    assert s3["pw"] == 8


def test_a1_shaded_a_second_spread_with_nothing_left_next_to_it_is_passed_over():
    """A1 shaded: Opposition may spread "to 1 adjacent space" from each Detain space already at Opposition; when
    the first spread took the only free neighbour of the second space, nothing is left to ask (found by 2,000
    random games: the order was offered without a space, and crashed)."""
    s = with_cap(board(samaria={"troops": 2, "guerrillas_a": 1, "opposition": 1},
                       haifa_district={"troops": 2, "guerrillas_a": 1, "opposition": 1},
                       lydda={"opposition": 1}, jerusalem_district={"opposition": 1}, haifa_city={"opposition": 1}),
                 "A1", "shaded")
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit detain", "space samaria", "space haifa-district",
               draws=["detain", "fine"])
    assert role(s) == "rebels" and legal(s) == {"space": ["galilee"], "done": []}
    s2, _ = run(s, "space galilee")
    assert role(s2) == "british" and sp(s2, "galilee")["opposition"] == 1
