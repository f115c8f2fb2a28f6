"""Rebel Operations (3.3): Rally, March, Sabotage, Ambush, in spaces up to the Operations chit's value."""

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.testing import Position

from .helpers import board, legal, run, sp, texts


def rebels(draws=(3, 1), **spaces):
    s = board("A13", first="rebels", draws=list(draws), **spaces)
    return run(s, f"chit {draws[0]}")[0]


def test_3_3_1_rally_spaces_need_rebel_pieces_or_opposition_and_no_curfew():
    s = rebels(galilee={"guerrillas_u": 1}, samaria={"opposition": 1}, lydda={"guerrillas_u": 1, "curfew": 1,
                                                                              "troops": 1},
               rail_haifa={"guerrillas_u": 1}, lebanon={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op rally")
    assert set(legal(s)["space"]) == {"galilee", "samaria", "lebanon"}
    with pytest.raises(IllegalActionError, match="Curfew"):
        engine.apply(s, "rebels", "space lydda")


def test_3_3_1_rally_two_with_a_base_then_opposition_in_one_district():
    s = rebels(galilee={"guerrillas_u": 1, "bases": 1})
    s, _ = run(s, "box limited", "op rally", "space galilee", "place guerrilla", "place guerrilla", "done")
    assert sp(s, "galilee")["guerrillas_u"] == 3
    assert legal(s) == {"opposition": ["galilee"], "done": []}
    s2, _ = run(s, "opposition galilee")
    assert sp(s2, "galilee")["opposition"] == 1


def test_3_3_2_march_group_goes_active_on_a_railway_with_more_than_three():
    s = rebels(samaria={"guerrillas_u": 3}, rail_haifa={"troops": 1})
    s, log = run(s, "box limited", "op march", "space samaria", "move rail-haifa guerrilla-u",
                 "move rail-haifa guerrilla-u", "move rail-haifa guerrilla-u", "done", "done")
    assert sp(s, "rail-haifa")["guerrillas_a"] == 3 and "went Active" in texts(log)


def test_3_3_2_march_small_group_keeps_its_state_and_moves_only_to_adjacent_spaces():
    s = rebels(samaria={"guerrillas_u": 1, "guerrillas_a": 1})
    s, _ = run(s, "box limited", "op march", "space samaria")
    dests = {m.split()[0] for m in legal(s)["move"]}
    assert dests == {"galilee", "haifa-district", "lydda", "jerusalem-district", "rail-haifa"}
    s2, _ = run(s, "move rail-haifa guerrilla-u", "move galilee guerrilla-a", "done", "done")
    assert sp(s2, "rail-haifa")["guerrillas_u"] == 1 and sp(s2, "galilee")["guerrillas_a"] == 1


def test_1_3_7_march_never_into_an_out_of_play_foreign_country():
    s = rebels(gaza={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op march", "space gaza")
    assert "egypt" not in {m.split()[0] for m in legal(s)["move"]}


def test_3_3_3_sabotage_places_sabotage_on_railways_opposition_elsewhere():
    s = rebels(rail_haifa={"guerrillas_u": 1}, samaria={"guerrillas_u": 1}, syria={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op sabotage")
    assert set(legal(s)["space"]) == {"rail-haifa", "samaria"}  # Palestine only
    s2, _ = run(s, "space rail-haifa", "space samaria", "done")
    assert sp(s2, "rail-haifa")["sabotage"] == 1 and sp(s2, "samaria")["opposition"] == 1
    assert sp(s2, "samaria")["guerrillas_a"] == 1


def test_3_3_4_ambush_three_removed_costs_political_will():
    s = rebels(galilee={"guerrillas_u": 1, "police": 1}, samaria={"guerrillas_u": 1, "irregulars_u": 1},
               lydda={"guerrillas_u": 1, "police": 1, "irregulars_a": 1, "troops": 2})
    s, _ = run(s, "box limited", "op ambush", "space galilee", "space samaria", "space lydda")
    assert legal(s) == {"remove": ["police", "irregular-a"]}
    s2, log = run(s, "remove irregular-a", "done")
    assert sp(s2, "lydda")["troops"] == 2 and sp(s2, "lydda")["irregulars_a"] == 0
    assert s2["pw"] == 9 and "three or more" in texts(log)


def test_3_3_4_ambush_of_two_keeps_political_will():
    s = rebels(galilee={"guerrillas_u": 1, "police": 1}, samaria={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box limited", "op ambush", "space galilee", "space samaria", "done")
    assert s["pw"] == 10


def test_3_1_rebels_without_a_chit_have_no_operation():
    step = (Position("arab-revolt").clear().put("galilee", guerrillas_u=1)
            .chits(ops={"set_aside": [1, 1, 1, 2, 2, 2, 3, 3, 3]}).card("A13", first="rebels").start())
    assert "no Operations chit to play" in texts(step.log)   # every chit set aside: the cup is empty
    s, _ = run(step.state, "box limited")
    assert legal(s) == {"pass": []}


def test_3_3_1_rally_opposition_step_when_a_mobilize_took_the_base_that_qualified():
    """3.3.1: Opposition goes "in one District selected for Rally, if Rebel Base and more Rebel pieces than
    British pieces". A Mobilize between Rally spaces (4.1) that takes that Base from the map (1.4.1) leaves no
    District to choose: the step is passed over, never offered as an order without a space (the crash of
    ``playout('arab-revolt', 7413)``)."""
    s = rebels(samaria={"bases": 1, "guerrillas_u": 1}, galilee={"guerrillas_u": 2}, syria={"bases": 2},
               lebanon={"bases": 2})
    assert s["available"]["bases"] == 0
    s, _ = run(s, "box opsa", "op rally", "space samaria", "place guerrilla", "place guerrilla", "sa mobilize",
               "space galilee", "take samaria base", "done")
    assert sp(s, "galilee")["bases"] == 1 and sp(s, "samaria")["bases"] == 0
    s2, _ = run(s, "done")
    assert engine.active_roles(s2) == ["british"] and sp(s2, "samaria")["opposition"] == 0


def test_4_1_march_special_activity_comes_between_origins_not_during_one():
    """R-MARCH with 4.1 ("immediately before, during, or after its Operation"): 3.3.2 judges each group "from
    one origin space to one destination space" when that origin's moves end, so a Special Activity waits for
    them."""
    s = rebels(samaria={"guerrillas_u": 2}, galilee={"guerrillas_u": 2})
    s, _ = run(s, "box opsa", "op march")
    assert legal(s)["sa"] == ["mobilize", "coordinate"]
    s, _ = run(s, "space samaria", "move lydda guerrilla-u")
    assert "sa" not in legal(s)
    with pytest.raises(IllegalActionError):
        engine.apply(s, "rebels", "sa coordinate")
    s, _ = run(s, "done")
    assert "sa" in legal(s)


def test_3_3_2_march_a_guerrilla_mobilize_took_counts_as_one_that_had_moved():
    """R-MARCH: a Guerrilla that moved may not move again in the March; when a Mobilize between origins takes
    a Guerrilla from a space where one had arrived (1.4.1), the one taken is the one that had moved, so the
    Guerrilla that was there before may still March (and no count goes below zero: 10,000-game fuzz)."""
    s = rebels(galilee={"guerrillas_u": 1, "bases": 1}, samaria={"guerrillas_u": 1},
               lydda={"opposition": 1, "guerrillas_u": 3, "bases": 1}, syria={"bases": 2})
    s["prison"]["guerrillas"], s["available"]["guerrillas"] = s["available"]["guerrillas"], 0
    s, _ = run(s, "box opsa", "op march", "space galilee", "move samaria guerrilla-u", "done")
    assert sp(s, "samaria")["guerrillas_u"] == 2
    s, _ = run(s, "sa mobilize", "done", "place lydda", "take samaria guerrilla-u")
    assert sp(s, "samaria")["guerrillas_u"] == 1 and "samaria" in legal(s)["space"]
    s2, _ = run(s, "space samaria", "move jerusalem-district guerrilla-u", "done")
    assert sp(s2, "samaria")["guerrillas_u"] == 0 and sp(s2, "jerusalem-district")["guerrillas_u"] == 1
