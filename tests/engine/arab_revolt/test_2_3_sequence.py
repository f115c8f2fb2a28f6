"""The card round of Arab Revolt: the Operations chits before the box (2.3.4, 1.8), their effect after
every Rebel turn (1.8.2, 6.6.3), Passing (2.3.3), eligibility (2.3.6) and Mandatory Events (5.4)."""

import pytest

import engine
from engine.core.errors import IllegalActionError

from .helpers import board, legal, role, run, sp, texts


def test_2_3_4_rebels_draw_two_chits_before_choosing_a_box():
    s = board("A13", first="rebels", draws=[1, 3], galilee={"guerrillas_u": 1})
    assert role(s) == "rebels" and legal(s) == {"chit": ["1", "3"]}
    assert s["ops"]["drawn"] == [1, 3] and len(s["ops"]["pool"]) == 7
    s2, log = run(s, "chit 3")
    assert legal(s2) == {"box": ["limited", "event", "opsa"]}
    assert s2["ops"]["played"] == {"value": 3, "bonus": 0} and s2["ops"]["pool"].count(1) == 3
    assert "1 Op went back to the cup" in texts(log)


def test_6_6_4_decentralized_draws_one_chit():
    s = board("A13", first="rebels", unity=0, draws=[2], galilee={"guerrillas_u": 1})
    assert s["ops"]["drawn"] == [2] and legal(s) == {"chit": ["2"]}


def test_1_8_1_a_held_chit_may_replace_the_drawn_ones():
    s = board("A13", first="british", galilee={"guerrillas_u": 1})
    s["ops"]["held"] = [3]
    s["ops"]["pool"].remove(3)
    s2, _ = run(s, "box event", "pass", "hold fine", draws=[1, 2])
    assert legal(s2) == {"chit": ["1", "2", "held-3"]}
    s3, _ = run(s2, "chit held-3")
    assert s3["ops"]["held"] == [] and sorted(s3["ops"]["pool"]).count(1) == 3 and s3["ops"]["played"]["value"] == 3


def test_2_3_5_rebel_limited_operation_selects_up_to_the_chit_value():
    s = board("A13", first="rebels", draws=[3, 1], galilee={"guerrillas_u": 1}, samaria={"guerrillas_u": 1},
              lydda={"guerrillas_u": 1}, gaza={"guerrillas_u": 1})
    s, _ = run(s, "chit 3", "box limited", "op sabotage", "space galilee", "space samaria", "space lydda")
    assert "space" not in legal(s) and "sa" not in legal(s)
    with pytest.raises(IllegalActionError, match="Operations chit's value"):
        engine.apply(s, "rebels", "space gaza")


def test_1_8_2_three_chit_british_replace_an_active_guerrilla_with_an_irregular():
    s = board("A13", first="rebels", draws=[3, 1], galilee={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "chit 3", "box limited", "op sabotage", "space galilee", "done")
    assert role(s) == "british" and legal(s) == {"replace": ["galilee"], "done": []}
    s2, _ = run(s, "replace galilee")
    assert sp(s2, "galilee")["guerrillas_a"] == 0 and sp(s2, "galilee")["irregulars_u"] == 1
    assert s2["ops"]["set_aside"] == [3]


def test_1_8_2_two_chit_british_remove_an_active_guerrilla_even_after_a_pass():
    s = board("A13", first="rebels", draws=[2, 1], galilee={"guerrillas_a": 1})
    s, _ = run(s, "chit 2", "box event", "pass", "done")
    assert legal(s) == {"remove": ["galilee"], "done": []}
    s2, _ = run(s, "remove galilee")
    assert sp(s2, "galilee")["guerrillas_a"] == 0 and s2["available"]["guerrillas"] == 15


def test_1_8_2_one_chit_has_no_effect():
    s = board("A13", first="rebels", draws=[1, 2], galilee={"guerrillas_a": 1})
    s, log = run(s, "chit 1", "box event", "pass", "done")
    assert role(s) == "british" and "box" in legal(s) and "The 1 Op chit had no effect" in texts(log)


def test_6_6_3_centralized_ignores_the_chit_effect():
    s = board("A13", first="rebels", unity=4, draws=[2, 3], galilee={"guerrillas_a": 1})
    s, log = run(s, "chit 3", "box event", "pass", "done")
    assert "box" in legal(s) and "Centralized" in texts(log) and s["ops"]["set_aside"] == [3]


def test_2_3_3_british_pass_selects_a_punishment_chit():
    s = board("A13", first="british", galilee={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "pass")
    assert legal(s) == {"hold": ["demolish", "detain", "fine"]}
    s2, _ = run(s, "hold fine", draws=[1, 2])
    assert s2["punishment"]["held"] == ["fine"] and len(s2["punishment"]["pool"]) == 5


def test_2_3_3_rebel_pass_may_place_a_base_where_a_guerrilla_is():
    s = board("A13", first="rebels", draws=[1, 2], galilee={"guerrillas_u": 1}, rail_haifa={"guerrillas_u": 1},
              haifa_city={"guerrillas_u": 1})
    s, _ = run(s, "chit 1", "box limited", "pass")
    assert legal(s) == {"place": ["galilee"], "done": []}
    s2, _ = run(s, "place galilee")
    assert sp(s2, "galilee")["bases"] == 1


def test_2_3_6_eligibility_from_the_boxes():
    s = board("A13", first="rebels", draws=[1, 2], galilee={"guerrillas_u": 1})
    s, _ = run(s, "chit 1", "box opsa", "pass", "done", "box event", "pass", "hold fine")
    assert s["eligible"] == ["british", "rebels"] and s["current"] != "A13"


def test_5_4_mandatory_event_resolves_first_and_closes_the_event_box():
    s = board("A11", first="rebels", lebanon={"guerrillas_u": 1}, syria={"guerrillas_u": 1},
              galilee={"guerrillas_u": 1})
    # Italian Aid: two Limited Operations (two Foreign Countries with Rebel pieces) before any chit.
    assert role(s) == "rebels" and "op" in legal(s) and s["ops"]["drawn"] == []
    s2, _ = run(s, "done", draws=[1, 2])
    assert legal(s2) == {"chit": ["1", "2"]}
    s3, _ = run(s2, "chit 2")
    assert legal(s3) == {"box": ["limited", "opsa"]}
    with pytest.raises(IllegalActionError, match="closed"):
        engine.apply(s3, "rebels", "box event")


def test_5_4_a24_resolves_before_the_british_act():
    s = board("A24", first="british", galilee={"guerrillas_u": 1}, samaria={"troops": 2}, gaza={"troops": 2})
    # Tensions in Europe: the British may Punish, then must move 3 Troops to Out of Play.
    assert legal(s) == {"sa": ["punish"], "done": []}
    s, _ = run(s, "done")
    assert legal(s) == {"remove": ["samaria troop", "gaza troop"]}
    s, _ = run(s, "remove samaria troop", "remove samaria troop", "remove gaza troop")
    assert s["out_of_play"] == 8 and legal(s) == {"box": ["limited", "opsa"]}
