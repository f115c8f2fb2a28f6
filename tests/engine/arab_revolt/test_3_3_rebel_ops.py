"""Rebel Operations (3.3): Rally, March, Sabotage, Ambush, in spaces up to the Operations chit's value."""

import pytest

import engine
from engine.core.errors import IllegalActionError

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
    s = board("A13", first="rebels", draws=[1, 2], galilee={"guerrillas_u": 1})
    s["ops"]["drawn"] = []
    s["ops"]["pool"] = []
    s["ops"]["set_aside"] = [1, 1, 1, 2, 2, 2, 3, 3, 3]
    s["flow"] = s["flow"][:-1]
    s, _ = run(s, "box limited")
    assert legal(s) == {"pass": []}
