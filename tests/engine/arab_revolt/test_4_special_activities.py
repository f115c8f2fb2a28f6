"""Special Activities (4): Punish, Divide, Air Recon (British); Mobilize, Coordinate, Raid (Rebels), with
the Operations each may accompany (4.1.1)."""

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.arab_revolt import board as B

from .helpers import board, legal, run, sp


def rebels(draws=(3, 1), **spaces):
    s = board("A13", first="rebels", draws=list(draws), **spaces)
    return run(s, f"chit {draws[0]}")[0]


@pytest.mark.parametrize("op,sas", [
    ("deploy", ["punish", "divide", "air-recon"]), ("patrol", ["punish", "divide", "air-recon"]),
    ("sweep", ["punish", "air-recon"]), ("assault", ["punish", "air-recon"]),
])
def test_4_1_1_british_special_activities_by_operation(op, sas):
    s = board(samaria={"troops": 3, "guerrillas_u": 1, "guerrillas_a": 1}, rail_haifa={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", f"op {op}")
    assert legal(s)["sa"] == sas


@pytest.mark.parametrize("op,sas", [
    ("rally", ["mobilize", "coordinate", "raid"]), ("march", ["mobilize", "coordinate"]),
    ("sabotage", ["coordinate", "raid"]), ("ambush", ["coordinate", "raid"]),
])
def test_4_1_1_rebel_special_activities_by_operation(op, sas):
    s = rebels(samaria={"guerrillas_u": 3, "bases": 1, "police": 1})
    s, _ = run(s, "box opsa", f"op {op}")
    assert legal(s)["sa"] == sas


def test_2_3_5_limited_operation_has_no_special_activity():
    s = board(samaria={"troops": 3, "guerrillas_a": 1})
    s, _ = run(s, "box limited", "op assault")
    assert "sa" not in legal(s)
    with pytest.raises(IllegalActionError, match="no Special Activity"):
        engine.apply(s, "british", "sa punish")


def test_4_2_1_punish_detain_removes_to_prison_then_places_opposition():
    s = board(samaria={"troops": 2, "guerrillas_u": 1, "guerrillas_a": 1}, galilee={"troops": 1})
    s, log = run(s, "box opsa", "op sweep", "sa punish", draws=["detain", "fine"])
    assert legal(s) == {"chit": ["detain", "fine"]}
    s, _ = run(s, "chit detain", "space samaria", "space galilee")
    assert legal(s) == {"remove": ["guerrilla-u", "guerrilla-a"]}
    s2, _ = run(s, "remove guerrilla-u")
    assert s2["prison"]["guerrillas"] == 1 and sp(s2, "samaria")["guerrillas_a"] == 1
    assert sp(s2, "samaria")["opposition"] == 1 and sp(s2, "galilee")["opposition"] == 1  # even with none removed
    assert s2["punishment"]["set_aside"] == ["detain"] and sorted(s2["punishment"]["pool"]).count("fine") == 2


def test_4_2_1_punish_demolish_removes_opposition_then_places_a_guerrilla():
    s = board(samaria={"troops": 2, "opposition": 1})
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit demolish", "space samaria",
               draws=["demolish", "demolish"])
    assert sp(s, "samaria")["opposition"] == 0 and sp(s, "samaria")["guerrillas_u"] == 1


def test_4_2_1_punish_fine_removes_sabotage_from_an_adjacent_railway():
    s = board(lydda={"troops": 1}, rail_haifa={"sabotage": 2}, rail_egypt={"sabotage": 1})
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit fine", "space lydda", draws=["fine", "detain"])
    assert set(legal(s)["remove"]) == {"rail-haifa", "rail-egypt"}
    s2, _ = run(s, "remove rail-haifa")
    assert sp(s2, "rail-haifa")["sabotage"] == 1 and sp(s2, "rail-egypt")["sabotage"] == 1


def test_1_7_1_held_punishment_chit_may_be_played():
    s = board(samaria={"troops": 2, "guerrillas_u": 1})
    s["punishment"]["held"] = ["demolish"]
    s["punishment"]["pool"].remove("demolish")
    s, _ = run(s, "box opsa", "op sweep", "sa punish", draws=["fine", "fine"])
    assert legal(s) == {"chit": ["fine", "held-demolish"]}


def test_4_2_2_divide_replaces_a_guerrilla_up_to_the_unity_value():
    s = board(unity=1, samaria={"troops": 2, "irregulars_u": 1}, galilee={"guerrillas_a": 1, "guerrillas_u": 1},
              lebanon={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op deploy", "sa divide")
    reps = legal(s)["replace"]
    assert "samaria galilee guerrilla-a" in reps and not any("lebanon" in r for r in reps)
    s2, _ = run(s, "replace samaria galilee guerrilla-u")
    assert sp(s2, "galilee")["irregulars_u"] == 1 and sp(s2, "samaria")["irregulars_a"] == 1
    assert "sa" not in legal(s2)


def test_4_2_2_divide_roll_against_irregulars_shifts_unity():
    s = board(unity=2, samaria={"troops": 2, "irregulars_u": 3})
    s, log = run(s, "box opsa", "op deploy", "sa divide", "roll", rolls=[3])
    assert s["unity"] == 1
    s2, _ = run(board(unity=2, samaria={"troops": 2, "irregulars_u": 3}), "box opsa", "op deploy", "sa divide",
                "roll", rolls=[4])
    assert s2["unity"] == 2


def test_4_2_3_air_recon_in_districts_and_railways():
    s = board(samaria={"troops": 2, "guerrillas_u": 2}, haifa_city={"guerrillas_u": 1}, rail_haifa={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op sweep", "sa air-recon")
    assert legal(s)["space"] == ["samaria", "rail-haifa"]
    s2, _ = run(s, "space samaria", "space rail-haifa")
    assert sp(s2, "samaria")["guerrillas_a"] == 1 and sp(s2, "rail-haifa")["guerrillas_a"] == 1


def test_4_3_1_mobilize_bases_in_districts_or_foreign_countries_then_guerrillas_in_opposition():
    s = rebels(samaria={"guerrillas_u": 2, "irregulars_u": 1, "opposition": 1}, galilee={"guerrillas_u": 1,
                                                                                        "irregulars_u": 1})
    s, _ = run(s, "box opsa", "op rally", "sa mobilize")
    assert set(legal(s)["space"]) == {"samaria", "lebanon", "syria"}
    s2, _ = run(s, "space samaria", "space syria", "place samaria")
    assert sp(s2, "samaria")["bases"] == 1 and sp(s2, "syria")["bases"] == 1 and sp(s2, "samaria")["guerrillas_u"] == 3


def test_4_3_2_coordinate_adds_a_space_and_may_centralize():
    s = rebels(draws=(1, 2), samaria={"guerrillas_u": 2, "bases": 1}, galilee={"guerrillas_u": 1},
               lydda={"guerrillas_u": 1})
    s, log = run(s, "box opsa", "op sabotage", "sa coordinate", rolls=[1])
    assert s["ops"]["played"] == {"value": 1, "bonus": 1} and s["unity"] == 3
    s2, _ = run(s, "space samaria", "space galilee")
    assert "space" not in legal(s2)


def test_4_3_2_coordinate_roll_above_the_bases_fails():
    s = rebels(draws=(1, 2), samaria={"guerrillas_u": 2, "bases": 1})
    s, _ = run(s, "box opsa", "op sabotage", "sa coordinate", rolls=[2])
    assert s["unity"] == 2


def test_4_3_3_raid_moves_from_a_base_then_sabotage_or_ambush():
    s = rebels(galilee={"guerrillas_u": 2, "bases": 1}, samaria={"police": 1}, syria={"bases": 1, "guerrillas_u": 1},
               lydda={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box opsa", "op ambush", "sa raid")
    assert "lebanon" not in legal(s)["space"] and "samaria" in legal(s)["space"]  # ruling R-RAID-FC
    s2, log = run(s, "space samaria", "move galilee guerrilla-u", "done", "ambush police", "done")
    assert sp(s2, "samaria")["police"] == 0 and sp(s2, "samaria")["guerrillas_a"] == 1
    assert s2["pw"] == 10  # a Raid's Ambush is its own, not three removals


def test_4_3_3_raid_may_not_accompany_march():
    s = rebels(galilee={"guerrillas_u": 2, "bases": 1})
    s, _ = run(s, "box opsa", "op march")
    with pytest.raises(IllegalActionError):
        engine.apply(s, "rebels", "sa raid")
    assert "raid" not in legal(s)["sa"]


def test_a28_tegart_forts_a_guerrilla_raided_in_from_a_foreign_country_is_active_and_cannot_act():
    """A28: "All Guerrillas moving from Foreign Country spaces flip Active", a Raid's move in (4.3.3) as much
    as a March; Raid "moves Guerrillas and then acts with them", so with only that Guerrilla moved in, no
    Limited Sabotage or Ambush follows, even where another Guerrilla already waited Underground."""
    s = rebels(syria={"bases": 1, "guerrillas_u": 2}, rail_syria={"police": 1, "guerrillas_u": 1},
               galilee={"guerrillas_u": 1})
    s["capabilities"]["A28"] = "event"
    s, _ = run(s, "box opsa", "op ambush", "sa raid", "space rail-syria", "move syria guerrilla-u", "done")
    assert sp(s, "rail-syria")["guerrillas_a"] == 1 and sp(s, "rail-syria")["guerrillas_u"] == 1
    assert "sabotage" not in legal(s) and "ambush" not in legal(s)
    with pytest.raises(IllegalActionError, match="Tegart Forts"):
        engine.apply(s, "rebels", "sabotage")
    # Without A28 the same Guerrilla stays Underground and may Sabotage.
    t = rebels(syria={"bases": 1, "guerrillas_u": 2}, rail_syria={"police": 1, "guerrillas_u": 1},
               galilee={"guerrillas_u": 1})
    t, _ = run(t, "box opsa", "op ambush", "sa raid", "space rail-syria", "move syria guerrilla-u", "done")
    assert {"sabotage", "ambush"} <= set(legal(t))


def test_4_3_3_raid_acts_with_the_guerrillas_it_moved_in():
    """4.3.3: "Raid moves Guerrillas and then acts with them": an Active Guerrilla moved in cannot Sabotage,
    even where an Underground one already was."""
    s = rebels(galilee={"bases": 1, "guerrillas_a": 1}, samaria={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box opsa", "op ambush", "sa raid", "space samaria", "move galilee guerrilla-a")
    assert role_is(s, "rebels") and "sabotage" not in legal(s) and "ambush" not in legal(s)


def role_is(s, r):
    return engine.active_roles(s) == [r]


def test_a1_unshaded_the_british_choose_the_additional_guerrilla():
    """A1 unshaded: "Detain chit removes 1 additional Guerrilla from spaces with Curfews": the British choose
    which (3.1: the executing Faction chooses the pieces affected), Underground or Active, each time."""
    s = board(samaria={"troops": 2, "guerrillas_u": 2, "guerrillas_a": 2, "curfew": 1})
    s["capabilities"]["A1"] = "unshaded"
    s, _ = run(s, "box opsa", "op sweep", "sa punish", "chit detain", "space samaria",
               draws=["detain", "fine"])
    s, _ = run(s, "remove guerrilla-u")
    assert legal(s) == {"remove": ["guerrilla-u", "guerrilla-a"]}  # the additional one: the British choose again
    s, _ = run(s, "remove guerrilla-u")
    assert s["prison"]["guerrillas"] == 2 and sp(s, "samaria")["guerrillas_a"] == 2


def test_a27_unshaded_the_base_is_the_british_option_and_a1_still_takes_its_guerrilla():
    """A27 unshaded: "British may remove a Base instead of a Guerrilla" in one Detain space: offered, never
    forced; taking it does not cancel A1 unshaded's additional Guerrilla (ruling R-A27)."""
    def punish(**samaria):
        s = board(samaria={"troops": 2, **samaria})
        s["capabilities"].update(A1="unshaded", A27="unshaded")
        return run(s, "box opsa", "op sweep", "sa punish", "chit detain", "space samaria",
                   draws=["detain", "fine"])[0]
    s = punish(guerrillas_a=2, bases=1, curfew=1)
    assert legal(s) == {"remove": ["guerrilla-a", "base"]}
    s, _ = run(s, "remove base")
    assert s["prison"] == {"guerrillas": 1, "bases": 1}
    # Only a Base there: the British may take it or leave it.
    t = punish(bases=1)
    assert legal(t) == {"remove": ["base"], "done": []}
    t2, log = run(t, "done")
    assert sp(t2, "samaria")["bases"] == 1 and t2["prison"]["bases"] == 0 and "took no Base" in "\n".join(
        e["text"] for e in log)


def test_a6_shaded_mobilize_is_possible_with_only_curfew_spaces():
    """A6 shaded: "Rebels may Mobilize, placing Guerrillas in spaces with Curfews rather than Opposition": the
    Mobilize is offered where a Curfew space can take a Guerrilla even if no Base may be placed."""
    s = board("A6", first="rebels", draws=[1, 2], samaria={"troops": 1, "curfew": 1}, gaza={"police": 1})
    s, _ = run(s, "chit 1", "box event", "shaded")
    assert legal(s) == {"sa": ["mobilize"], "done": []}
    s2, _ = run(s, "sa mobilize", "done", "place samaria")
    assert sp(s2, "samaria")["guerrillas_u"] == 1


def test_1_4_1_divide_may_take_the_irregular_from_the_map():
    """4.2.2 with 1.4.1 IMPORTANT and 1.4.3 ("including if replacing a piece"): with no Irregular Available,
    the British may take one from the map for Divide's replacement, or take none (the Guerrilla is then
    simply removed)."""
    s = board(unity=1, samaria={"troops": 2, "irregulars_u": 1}, galilee={"guerrillas_u": 1},
              gaza={"irregulars_u": 5})
    assert s["available"]["irregulars"] == 0
    s, _ = run(s, "box opsa", "op deploy", "sa divide", "replace samaria galilee guerrilla-u")
    assert legal(s) == {"take": ["samaria irregular-a", "gaza irregular-u"], "done": []}
    s2, _ = run(s, "take gaza irregular-u")
    assert sp(s2, "galilee")["irregulars_u"] == 1 and sp(s2, "gaza")["irregulars_u"] == 4
    s3, _ = run(s, "done")
    assert B.irregulars(sp(s3, "galilee")) == 0 and sp(s3, "galilee")["guerrillas_u"] == 0
