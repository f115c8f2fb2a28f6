"""British Operations (3.2): Deploy, Patrol, Sweep, Assault; never in Foreign Countries (1.3.7)."""

import pytest

import engine
from engine.core.errors import IllegalActionError

from .helpers import board, legal, run, sp, texts


def test_3_2_1_deploy_needs_more_british_than_rebel_pieces():
    s = board(galilee={"troops": 1, "guerrillas_u": 1}, samaria={"troops": 2, "guerrillas_u": 1},
              tel_aviv_jaffa={"irregulars_u": 1})
    s, _ = run(s, "box opsa", "op deploy")
    assert set(legal(s)["space"]) == {"samaria", "tel-aviv-jaffa"}
    with pytest.raises(IllegalActionError, match="more British pieces than Rebel pieces"):
        engine.apply(s, "british", "space galilee")


def test_3_2_1_deploy_places_two_police_or_one_irregular_then_a_curfew():
    s = board(samaria={"troops": 2}, gaza={"troops": 1})
    s, _ = run(s, "box opsa", "op deploy", "space samaria", "place police 2", "space gaza", "place irregular", "done")
    assert sp(s, "samaria")["police"] == 2 and sp(s, "gaza")["irregulars_u"] == 1
    assert legal(s)["curfew"] == ["samaria", "gaza"]
    s2, _ = run(s, "curfew gaza")
    assert sp(s2, "gaza")["curfew"] == 1


def test_3_2_1_deploy_removes_a_curfew_and_the_opposition_there():
    s = board(samaria={"troops": 2, "curfew": 1, "opposition": 1})
    s, _ = run(s, "box limited", "op deploy", "space samaria", "done", "done", "curfew samaria", draws=[1, 2])
    assert sp(s, "samaria")["curfew"] == 0 and sp(s, "samaria")["opposition"] == 0


def test_1_4_1_deploy_takes_police_from_the_map_when_none_available():
    s = board(samaria={"troops": 2}, gaza={"police": 9})
    assert s["available"]["police"] == 0
    s, _ = run(s, "box limited", "op deploy", "space samaria", "place police")
    assert legal(s)["take"] == ["gaza police"]
    s2, _ = run(s, "take gaza police")
    assert sp(s2, "samaria")["police"] == 1 and sp(s2, "gaza")["police"] == 8


def test_3_2_2_patrol_moves_cubes_activates_on_railways_and_assaults_one():
    s = board(rail_haifa={"guerrillas_u": 3}, haifa_city={"troops": 2, "police": 1}, gaza={"police": 1})
    s, _ = run(s, "box opsa", "op patrol")
    assert set(legal(s)["space"]) == {"haifa-city", "tel-aviv-jaffa", "jerusalem-city", "rail-egypt",
                                      "rail-jerusalem", "rail-haifa", "rail-syria"}
    s, _ = run(s, "space rail-haifa", "done", "move haifa-city rail-haifa troop", "move gaza rail-haifa police",
               "done")
    assert sp(s, "rail-haifa")["guerrillas_a"] == 2 and sp(s, "rail-haifa")["guerrillas_u"] == 1
    s2, _ = run(s, "assault rail-haifa")
    assert sp(s2, "rail-haifa")["guerrillas_a"] == 0  # one per cube on a Railway (3.2.4)


def test_3_2_3_sweep_moves_adjacent_troops_and_activates_per_two_cubes():
    s = board(samaria={"guerrillas_u": 3, "police": 1}, galilee={"troops": 2}, gaza={"troops": 2})
    s, _ = run(s, "box limited", "op sweep", "space samaria", "done")
    assert legal(s)["move"] == ["galilee samaria"]  # Gaza is not adjacent to Samaria
    s2, _ = run(s, "move galilee samaria", "move galilee samaria", "done", draws=[1, 2])
    assert sp(s2, "samaria")["guerrillas_a"] == 1  # 3 cubes: one per two


def test_3_2_3_sweep_with_an_underground_irregular_activates_per_cube():
    s = board(samaria={"guerrillas_u": 3, "police": 2, "irregulars_u": 1})
    s, _ = run(s, "box limited", "op sweep", "space samaria", "done", "done")
    assert legal(s) == {"irregular": ["samaria"], "done": []}
    s2, _ = run(s, "irregular samaria", draws=[1, 2])
    assert sp(s2, "samaria")["guerrillas_a"] == 2 and sp(s2, "samaria")["irregulars_a"] == 1


@pytest.mark.parametrize("space,pieces,removed", [
    ("samaria", {"troops": 2, "police": 2}, 2),                       # Neutral District: per Troop
    ("samaria", {"troops": 3, "police": 2, "opposition": 1}, 1),      # Opposition District: per two Troops
    ("haifa-city", {"troops": 1, "police": 2}, 3),                    # Neutral City: per cube
    ("haifa-city", {"troops": 1, "police": 2, "opposition": 1}, 1),   # Opposition City: per two cubes
    ("rail-haifa", {"police": 2}, 2),                                 # Railway: per cube
])
def test_3_2_4_assault_rates(space, pieces, removed):
    s = board(**{space.replace("-", "_"): {**pieces, "guerrillas_a": 4}})
    s, _ = run(s, "box limited", "op assault", f"space {space}")
    assert sp(s, space)["guerrillas_a"] == 4 - removed


def test_3_2_4_assault_removes_bases_only_once_no_guerrilla_remains_and_shifts_unity():
    s = board(samaria={"troops": 4, "guerrillas_a": 1, "bases": 2}, galilee={"troops": 4, "guerrillas_a": 1,
                                                                               "guerrillas_u": 1, "bases": 1})
    s, log = run(s, "box opsa", "op assault", "space samaria", "space galilee", "done")
    assert sp(s, "samaria")["bases"] == 0 and sp(s, "galilee")["bases"] == 1
    assert s["unity"] == 0 and "Decentralized" in texts(log)


def test_6_6_4_base_removed_at_decentralized_gives_political_will():
    s = board(unity=0, pw=10, samaria={"troops": 2, "bases": 2})
    s, _ = run(s, "box limited", "op assault", "space samaria")
    assert s["pw"] == 12 and s["unity"] == 0


def test_1_3_7_british_operations_never_select_foreign_countries():
    s = board(syria={"guerrillas_a": 2})
    s, _ = run(s, "box opsa", "op patrol")
    assert "syria" not in legal(s)["space"]
    with pytest.raises(IllegalActionError, match="never select Foreign Countries"):
        engine.apply(s, "british", "space syria")
