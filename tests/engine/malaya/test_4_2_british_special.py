"""The British Special Activities of Malaya (4.2): Resettle (4.2.1), Reprisal (4.2.2), Air Strike (4.2.3); the
Operations each accompanies (4.1.1), none with a Limited Operation (2.3.4), the Commander Track (6.6.2,
6.6.3), the Capability M1, the free Special Activities Events grant (5.4; ruling R-FREE-OPS, R-M9) and the
British steps of the Example of Play (8.0)."""

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context

from .helpers import B, board, legal, run, sp, texts


def refused(state, *orders, match):
    with pytest.raises(IllegalActionError, match=match):
        run(state, *orders)


def granted(state, sa, **local):
    """An Event's free Special Activity pushed as the Event writers push it (5.4; the frame contract), on a copy
    of *state*: ``rule``, ``free``, ``max``, ``only``. Returns the state and the context's frames below it."""
    s = canonical.copy(state)
    g = Context(s, Recorder(ScriptedChance()), engine.definition("malaya").rules)
    g.call(f"my.sa.{sa}", "british", free=True, **local)
    g.settle()
    return s


# -- which Special Activity with which Operation (4.1, 4.1.1, 2.3.4) ----------------------------------------

@pytest.mark.parametrize("op,sas", [
    ("train", ["resettle", "air-strike"]), ("garrison", ["reprisal", "air-strike"]),
    ("sweep", ["reprisal", "air-strike"]), ("assault", ["reprisal", "air-strike"]),
])
def test_4_1_1_british_special_activities_by_operation(op, sas):
    s = board(johore={"troops": 2, "police": 1, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", f"op {op}")
    assert legal(s)["sa"] == sas


def test_4_1_1_resettle_accompanies_train_only():
    s = board(johore={"troops": 2, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op sweep")
    refused(s, "sa resettle", match=r"Resettle may not accompany Sweep \(4.2.1, 4.1.1\)")
    s2 = board(johore={"troops": 2, "guerrillas_a": 1})
    s2, _ = run(s2, "box opsa", "op train")
    refused(s2, "sa reprisal", match=r"Reprisal may not accompany Train \(4.2.2, 4.1.1\)")


def test_2_3_4_a_limited_operation_has_no_special_activity():
    s = board(johore={"troops": 2, "guerrillas_a": 1})
    s, _ = run(s, "box limited", "op assault")
    assert "sa" not in legal(s)
    refused(s, "sa air-strike", match=r"a Limited Operation comes with no Special Activity")


def test_4_1_a_special_activity_may_come_after_the_operation():
    s = board(johore={"troops": 2, "guerrillas_a": 2})
    s, _ = run(s, "box opsa", "op assault", "space johore", "done")
    assert legal(s) == {"done": [], "sa": ["reprisal"]}  # Air Strike has no Active Guerrilla left to remove
    s, _ = run(s, "sa reprisal", "space johore")
    assert sp(s, "johore")["terror"] == 1


@pytest.mark.parametrize("op,orders,sa", [
    ("sweep", ["space pahang", "done", "move kuala-lumpur pahang"], "reprisal"),
    ("garrison", ["space ec-top", "done"], "air-strike"),
    ("train", ["space kuala-lumpur"], "resettle"),
])
def test_4_1_no_special_activity_in_the_middle_of_a_step(op, orders, sa):
    s = board(kuala_lumpur={"troops": 2}, johore={"troops": 2, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", f"op {op}", *orders)
    assert "sa" not in legal(s)
    refused(s, f"sa {sa}", match=r"a Special Activity comes before, between or after the \w+'s steps, not in the "
                                 r"middle of one")


# -- Resettle (4.2.1) ---------------------------------------------------------------------------------------

def test_4_2_1_resettle_places_a_new_village_and_shifts_toward_opposition():
    s = board(johore={"troops": 2, "guerrillas_u": 1}, pahang={"police": 1})
    s, _ = run(s, "box opsa", "op train", "sa resettle")
    assert legal(s) == {"space": ["pahang", "johore"]}
    s, log = run(s, "space johore")
    assert sp(s, "johore")["new_village"] == 1 and sp(s, "johore")["support"] == -1
    assert s["new_villages"] == B.NEW_VILLAGES - 1
    assert "A New Village was placed in Johore." in texts(log)
    assert "Johore went from Neutral to Opposition (Resettle)." in texts(log)
    assert s["flow"][-1]["p"] == "my.op.train"  # one Province at Gurney: the Resettle is over


def test_4_2_1_resettle_selects_british_controlled_provinces_without_a_new_village():
    s = board(johore={"troops": 2, "new_village": 1}, pahang={"police": 1, "guerrillas_u": 1},
              kuala_lumpur={"troops": 1}, perak={"troops": 1})
    s, _ = run(s, "box opsa", "op train", "sa resettle")
    assert legal(s) == {"space": ["perak"]}
    refused(s, "space johore", match=r"Johore has a New Village already: one a Province \(4.2.1, 1.4.2\)")
    refused(s, "space pahang", match=r"Pahang is Uncontrolled: Resettle selects British Controlled Provinces")
    refused(s, "space kuala-lumpur", match=r"Kuala Lumpur is the capital city: Resettle selects Provinces")


def test_4_2_1_note_resettle_never_takes_a_new_village_from_the_map():
    s = board(johore={"troops": 1, "new_village": 1}, perak={"troops": 1, "new_village": 1},
              pahang={"troops": 1, "new_village": 1}, kedah={"troops": 1, "new_village": 1}, selangor={"troops": 1})
    assert s["new_villages"] == 0
    s, _ = run(s, "box opsa", "op train")
    assert "sa" not in legal(s)
    refused(s, "sa resettle", match=r"Resettle has nothing it could do now")


@pytest.mark.parametrize("commander,killed,most", [(1, False, 2), (0, False, 1), (1, True, 1)])
def test_6_6_2_resettle_selects_two_provinces_at_briggs(commander, killed, most):
    s = board(commander=commander, gurney_killed=killed, johore={"troops": 1}, perak={"troops": 1},
              selangor={"troops": 1})
    s, _ = run(s, "box opsa", "op train", "sa resettle", "space johore")
    if most == 2:
        assert legal(s) == {"space": ["perak", "selangor"], "done": []}
        s, _ = run(s, "space perak")
    assert s["flow"][-1]["p"] == "my.op.train"
    assert s["new_villages"] == B.NEW_VILLAGES - most


def test_m1_unshaded_resettle_shifts_opposition_to_neutral():
    s = board(capabilities={"M1": "unshaded"}, commander=1, johore={"troops": 1, "support": -1},
              perak={"troops": 1})
    s, log = run(s, "box opsa", "op train", "sa resettle", "space johore", "space perak")
    assert sp(s, "johore")["support"] == 0 and sp(s, "johore")["new_village"] == 1
    assert sp(s, "perak")["support"] == -1  # M1 Tip: Neutral still goes to Opposition
    assert "Resettle under New Villages: Opposition to Neutral" in texts(log)


def test_1_12_a_new_village_resettled_at_support_goes_before_the_shift():
    """1.12 as the rule is written: the New Village lands in a British Controlled space at Support with no MCP
    forces and is removed at once; the shift then takes the space to Neutral."""
    s = board(johore={"troops": 1, "support": 1})
    s, log = run(s, "box opsa", "op train", "sa resettle", "space johore")
    assert sp(s, "johore")["new_village"] == 0 and s["new_villages"] == B.NEW_VILLAGES
    assert sp(s, "johore")["support"] == 0
    assert "The New Village in Johore was removed: British Control, Support and no MCP forces there." in texts(log)


def test_r_resettle_support_after_reading_keeps_the_new_village():
    """The umpire's reading ``after`` of R-RESETTLE-SUPPORT: 1.12 is tested once both steps are done, by which
    time the space is Neutral, so the New Village stays."""
    s = board(johore={"troops": 1, "support": 1})
    s["rulings"] = {"R-RESETTLE-SUPPORT": "after"}
    s, log = run(s, "box opsa", "op train", "sa resettle", "space johore")
    assert sp(s, "johore")["new_village"] == 1 and s["new_villages"] == B.NEW_VILLAGES - 1
    assert sp(s, "johore")["support"] == 0
    assert "was removed" not in texts(log)


def test_8_0_train_pacify_then_resettle_l1638():
    s = board("M7", pw=11, british=8, kuala_lumpur={"troops": 1, "police": 2, "support": 1},
              pahang={"troops": 2, "terror": 1}, johore={"troops": 1, "police": 2},
              negri_sembilan={"troops": 2, "guerrillas_a": 1, "terror": 1, "support": -1})
    s, _ = run(s, "box opsa", "op train", "space kuala-lumpur", "place troop", "place troop", "place troop",
               "place troop", "space pahang", "place police", "place police", "space johore", "place police",
               "place police", "done")
    assert s["resources"]["british"] == 2  # 6 for three spaces
    assert sp(s, "kuala-lumpur")["troops"] == 5 and sp(s, "johore")["police"] == 4
    s, _ = run(s, "pacify johore")
    assert sp(s, "johore")["support"] == 1 and s["resources"]["british"] == 0
    s, _ = run(s, "sa resettle", "space negri-sembilan")
    assert sp(s, "negri-sembilan")["new_village"] == 1 and sp(s, "negri-sembilan")["support"] == -1
    assert s["new_villages"] == 3 and s["current"] == "M7" and legal(s) == {"box": ["limited", "event"]}


# -- Reprisal (4.2.2) ---------------------------------------------------------------------------------------

def test_8_0_sweep_then_reprisal_in_pahang_and_perak_l1606():
    s = board("M23", pw=13, british=14, kuala_lumpur={"troops": 1, "police": 2, "support": 1},
              perak={"troops": 2, "police": 2, "guerrillas_a": 1},
              johore={"troops": 1, "police": 2, "guerrillas_a": 1},
              pahang={"troops": 4, "bases": 1, "guerrillas_a": 2, "support": -1},
              kelantan={"bases": 1, "guerrillas_u": 1}, trengganu={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op sweep", "space pahang", "done", "done", "sa reprisal")
    assert legal(s) == {"space": ["perak", "pahang", "johore"]}
    s, log = run(s, "space pahang")
    assert sp(s, "pahang")["support"] == 0 and sp(s, "pahang")["terror"] == 1
    assert legal(s) == {"move": [f"{a} guerrilla-a" for a in ("johore", "kelantan", "kuala-lumpur", "negri-sembilan",
                                                               "perak", "selangor", "trengganu")]}
    s, _ = run(s, "move trengganu guerrilla-a", "space perak", "move pahang guerrilla-a")
    assert sp(s, "trengganu")["guerrillas_a"] == 1 and sp(s, "trengganu")["guerrillas_u"] == 1
    assert sp(s, "pahang")["guerrillas_a"] == 2 and sp(s, "perak")["guerrillas_a"] == 0
    assert sp(s, "perak")["terror"] == 1 and sp(s, "perak")["support"] == 0
    assert s["flow"][-1]["role"] == "mcp"  # two Provinces at Gurney: the Reprisal, and the British turn, are over
    assert "Pahang went from Opposition to Neutral (Reprisal)." in texts(log)


def test_8_0_the_first_british_turn_sweep_and_reprisal_l1602_l1606():
    s = board("M23", pw=12, kuala_lumpur={"troops": 4, "police": 2, "support": 1},
              perak={"troops": 2, "police": 2, "guerrillas_u": 1}, johore={"troops": 2, "police": 2, "guerrillas_u": 1},
              pahang={"bases": 1, "guerrillas_u": 2, "support": -1}, kelantan={"bases": 1, "guerrillas_u": 1},
              trengganu={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op sweep", "space perak", "space pahang", "space johore", "done",
               "move kuala-lumpur pahang", "move kuala-lumpur pahang", "move kuala-lumpur pahang",
               "move johore pahang", "done", "sa reprisal", "space pahang", "move trengganu guerrilla-a",
               "space perak", "move pahang guerrilla-a")
    assert s["pw"] == 13 and s["resources"]["british"] == 14
    pahang = sp(s, "pahang")
    assert (pahang["troops"], pahang["guerrillas_a"], pahang["guerrillas_u"], pahang["bases"]) == (4, 2, 0, 1)
    assert pahang["terror"] == 1 and pahang["support"] == 0
    assert sp(s, "perak")["terror"] == 1 and B.guerrillas(sp(s, "perak")) == 0
    assert sp(s, "trengganu")["guerrillas_a"] == 1 and sp(s, "trengganu")["guerrillas_u"] == 1
    assert s["control"]["pahang"] == "british" and s["control"]["trengganu"] == "mcp"
    assert s["flow"][-1]["role"] == "mcp" and legal(s) == {"box": ["limited", "event"]}


def test_4_2_2_reprisal_sets_support_to_neutral_and_keeps_one_terror_marker():
    s = board(johore={"troops": 1, "support": 1, "terror": 1})
    s, log = run(s, "box opsa", "op sweep", "space johore", "done", "done", "sa reprisal", "space johore")
    assert sp(s, "johore")["support"] == 0 and sp(s, "johore")["terror"] == 1
    assert "Terror marker was placed" not in texts(log)
    assert s["flow"][-1]["role"] == "mcp"  # no Guerrilla there: nothing to move, the turn is over


def test_4_2_2_reprisal_selects_provinces_with_british_troops():
    s = board(johore={"troops": 1}, pahang={"police": 2, "guerrillas_u": 1}, kuala_lumpur={"troops": 2})
    s, _ = run(s, "box opsa", "op sweep", "space johore", "done", "done", "sa reprisal")
    assert legal(s) == {"space": ["johore"]}
    refused(s, "space pahang", match=r"Pahang has no Troop: Reprisal selects Provinces with British Troops "
                                     r"\(4.2.2\)")
    refused(s, "space kuala-lumpur", match=r"Kuala Lumpur is the capital city: Reprisal selects Provinces")
    refused(s, "space thailand", match=r"Thailand takes MCP forces only: no British Special Activity selects it")


def test_4_2_2_reprisal_moves_a_guerrilla_of_the_british_choice_keeping_its_state():
    s = board(perak={"troops": 1, "guerrillas_u": 1, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op sweep", "space kedah", "done", "done", "sa reprisal", "space perak")
    assert "thailand guerrilla-u" in legal(s)["move"] and "thailand guerrilla-a" in legal(s)["move"]
    assert "done" not in legal(s) and "space" not in legal(s)
    refused(s, "done", match=r"the Reprisal in Perak moves one Guerrilla from there first")
    refused(s, "move johore guerrilla-u", match=r"Johore is not adjacent to Perak")
    refused(s, "move thailand", match=r"'move' here is written 'move TO guerrilla-u\|guerrilla-a'")
    s, log = run(s, "move thailand guerrilla-u")
    assert sp(s, "thailand")["guerrillas_u"] == 1 and sp(s, "perak")["guerrillas_a"] == 1
    assert "British Reprisal moved 1 Underground Guerrilla from Perak to Thailand." in texts(log)


def test_4_2_2_the_guerrilla_moved_changes_control():
    s = board(pw=10, johore={"troops": 1, "guerrillas_u": 1}, negri_sembilan={"guerrillas_u": 1, "police": 1})
    s, log = run(s, "box opsa", "op assault", "sa reprisal", "space johore", "move negri-sembilan guerrilla-u")
    assert s["control"]["negri-sembilan"] == "mcp" and s["control"]["johore"] == "british"
    assert s["pw"] == 8  # MCP gained Negri Sembilan, Population 2


def test_4_2_2_reprisal_moves_only_from_the_province_just_selected():
    s = board(johore={"troops": 1, "guerrillas_u": 1}, perak={"troops": 1})
    s, _ = run(s, "box opsa", "op assault", "sa reprisal")
    refused(s, "move pahang guerrilla-u", match=r"a Reprisal moves a Guerrilla out of the Province just selected: "
                                               r"select one first")
    s, _ = run(s, "space johore")
    refused(s, "space perak", match=r"the Reprisal in Johore moves one Guerrilla from there first")
    refused(s, "move pahang guerrilla-a", match=r"Johore has no Active Guerrilla to move \(4.2.2\)")


@pytest.mark.parametrize("commander,killed,most", [(0, False, 2), (1, False, 1), (0, True, 1)])
def test_6_6_2_reprisal_selects_two_provinces_at_gurney(commander, killed, most):
    s = board(commander=commander, gurney_killed=killed, johore={"troops": 1}, perak={"troops": 1})
    s, _ = run(s, "box opsa", "op sweep", "space kedah", "done", "done", "sa reprisal", "space johore")
    if most == 2:
        assert legal(s) == {"space": ["perak"], "done": []}
    else:
        assert s["flow"][-1]["role"] == "mcp"  # one Province: the Reprisal, and the British turn, are over


def test_1_4_2_reprisal_places_no_terror_marker_once_all_fifteen_are_on_the_map():
    s = board(kedah={"terror": 8}, kelantan={"terror": 7}, johore={"troops": 1})
    s, log = run(s, "box opsa", "op sweep", "space kedah", "done", "done", "sa reprisal", "space johore")
    assert sp(s, "johore")["terror"] == 0
    assert "No Terror marker was placed in Johore: all 15 are on the map." in texts(log)


def test_m9_reprisal_in_one_space_even_at_gurney_returns_its_space():
    """Ruling R-M9: one space even at Gurney; the Reprisal hands its space to the Event (``ret``)."""
    s = board(johore={"troops": 1, "guerrillas_u": 1}, perak={"troops": 1})
    s = granted(s, "reprisal", rule="M9", max=1, only=None)
    assert legal(s) == {"space": ["perak", "johore"]}
    s, _ = run(s, "space johore", "move pahang guerrilla-u")
    assert s["flow"][-1]["ret"] == ["johore"]


def test_5_4_a_free_special_activity_keeps_to_its_spaces():
    s = board(johore={"troops": 1, "guerrillas_a": 1}, perak={"troops": 1, "guerrillas_a": 1})
    s = granted(s, "air-strike", rule="M9", max=1, only=["perak"])
    assert legal(s) == {"space": ["perak"]}
    refused(s, "space johore", match=r"Johore is not among the spaces this Air Strike may select \(Perak\) "
                                     r"\(Batang Kali, M9\)")


# -- Air Strike (4.2.3) -------------------------------------------------------------------------------------

def test_4_2_3_air_strike_removes_an_active_guerrilla_in_up_to_two_provinces():
    s = board(pw=10, johore={"police": 1, "guerrillas_a": 2}, perak={"troops": 2, "guerrillas_a": 2},
              pahang={"troops": 1, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op train", "sa air-strike")
    assert legal(s) == {"space": ["perak", "pahang", "johore"]}
    s, log = run(s, "space johore")
    refused(s, "space johore", match=r"Johore is already selected for this Air Strike: a space only once \(4.1\)")
    s, log2 = run(s, "space perak")
    log += log2
    assert s["control"]["perak"] == "british"
    assert sp(s, "johore")["guerrillas_a"] == 1 and sp(s, "perak")["guerrillas_a"] == 1
    assert s["control"]["johore"] is None and s["pw"] == 12  # MCP lost Johore, Population 2
    assert s["flow"][-1]["p"] == "my.op.train"  # two Provinces: the Air Strike is over
    assert "British Air Strike removed an Active Guerrilla in Johore." in texts(log)


def test_4_2_3_air_strike_needs_british_forces_and_an_active_guerrilla():
    s = board(johore={"police": 1, "guerrillas_a": 1}, pahang={"guerrillas_a": 2}, perak={"troops": 1,
              "guerrillas_u": 2}, kuala_lumpur={"troops": 1, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op train", "sa air-strike")
    assert legal(s) == {"space": ["johore"]}
    refused(s, "space pahang", match=r"Pahang has no British piece: Air Strike selects Provinces with British "
                                     r"forces \(4.2.3\)")
    refused(s, "space perak", match=r"Perak has no Active Guerrilla for Air Strike to remove \(4.2.3\)")
    refused(s, "space kuala-lumpur", match=r"Air Strike selects Provinces")
    refused(s, "done", match=r"Air Strike selects at least one Province, and none is selected yet")
