"""The British Operations of Malaya (3.2): Train (3.2.1), Garrison (3.2.2), Sweep (3.2.3), Assault (3.2.4);
their costs (3.1; ruling R-TRAIN-PACIFY), Limited Operations (2.3.4), Thailand (1.3.3), the Capabilities
they read (M2, M18), the free Operations Events grant (3.1.2, 5.4; ruling R-FREE-OPS) and the British steps
of the Example of Play (8.0)."""

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.malaya.operation import new_op_frame

from .helpers import B, board, legal, run, sp, texts


def refused(state, *orders, match):
    with pytest.raises(IllegalActionError, match=match):
        run(state, *orders)


def granted(state, op, **kw):
    """An Event's free Operation pushed as the Event writers push it (5.4; the frame contract), on a copy of
    *state*."""
    s = canonical.copy(state)
    g = Context(s, Recorder(ScriptedChance()), engine.definition("malaya").rules)
    g.call(f"my.op.{op}", "british", **new_op_frame(g, op, kw.pop("limited", False), False, free=True, **kw))
    g.settle()
    return s


def setup_position(**over):
    """The rulebook's setup (2.1, L2164-2186), as the Example of Play starts (8.0)."""
    spaces = dict(kuala_lumpur={"troops": 4, "police": 2, "support": 1},
                  perak={"troops": 2, "police": 2, "guerrillas_u": 1},
                  johore={"troops": 2, "police": 2, "guerrillas_u": 1},
                  pahang={"bases": 1, "guerrillas_u": 2, "support": -1},
                  kelantan={"bases": 1, "guerrillas_u": 1}, trengganu={"guerrillas_u": 1})
    spaces.update(over)
    return spaces


# -- the Example of Play's British steps (8.0) -----------------------------------------------------------

def test_8_0_sweep_in_perak_pahang_and_johore_l1602():
    s = board("M23", pw=12, **setup_position())
    s, log = run(s, "box opsa", "op sweep", "space perak", "space pahang", "space johore", "done",
                 "move kuala-lumpur pahang", "move kuala-lumpur pahang", "move kuala-lumpur pahang",
                 "move johore pahang", "done")
    assert s["resources"]["british"] == 14  # 20 - 3 x 2
    assert s["pw"] == 13 and s["control"]["pahang"] == "british"  # MCP lost Pahang, Population 1
    assert sp(s, "pahang")["troops"] == 4 and sp(s, "pahang")["guerrillas_a"] == 2
    assert sp(s, "perak")["guerrillas_a"] == 1 and sp(s, "johore")["guerrillas_a"] == 1
    assert sp(s, "kuala-lumpur")["troops"] == 1 and sp(s, "johore")["troops"] == 1
    assert "British Sweep moved 3 Troops from Kuala Lumpur to Pahang." in texts(log)
    assert "Political Will rose from 12 to 13 (MCP lost Control of Pahang, Population 1)." in texts(log)


def test_8_0_limited_sweep_in_pahang_activates_without_moving_l1618():
    s = board("M25", pw=7, british=14, pahang={"troops": 4, "bases": 1, "guerrillas_a": 2, "guerrillas_u": 2})
    s, _ = run(s, "box limited", "op sweep", "space pahang", "done", "done")
    assert sp(s, "pahang")["guerrillas_a"] == 4 and s["resources"]["british"] == 12


def test_8_0_limited_garrison_into_negri_sembilan_l1634():
    s = board("M8", pw=9, british=10, pahang={"troops": 4},
              negri_sembilan={"guerrillas_a": 1, "terror": 1, "support": -1})
    assert s["control"]["negri-sembilan"] == "mcp"
    s, log = run(s, "box limited", "op garrison", "space negri-sembilan", "done",
                 "move pahang negri-sembilan troop", "move pahang negri-sembilan troop", "done")
    assert sp(s, "negri-sembilan")["troops"] == 2 and sp(s, "pahang")["troops"] == 2
    assert s["control"]["negri-sembilan"] == "british" and s["pw"] == 11
    assert s["resources"]["british"] == 8
    assert "British paid 2 Resources for Garrison (in all) (10 -> 8)." in texts(log)


# -- Thailand (1.3.3) and the kinds of space -------------------------------------------------------------

@pytest.mark.parametrize("op", ["train", "garrison", "sweep"])
def test_1_3_3_no_british_operation_selects_thailand(op):
    s = board(thailand={"guerrillas_u": 2}, perak={"troops": 2})
    s, _ = run(s, "box opsa", f"op {op}")
    assert "thailand" not in legal(s)["space"]
    refused(s, "space thailand", match=r"Thailand takes MCP forces only: British pieces never enter it")


# -- Train (3.2.1) ------------------------------------------------------------------------------------------

def test_3_2_1_train_selects_kuala_lumpur_and_provinces_without_mcp_control():
    s = board(pahang={"guerrillas_u": 2}, johore={"police": 1, "guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op train")
    assert legal(s)["space"] == ["perak", "kedah", "kelantan", "trengganu", "selangor", "negri-sembilan",
                                 "johore", "kuala-lumpur"]
    refused(s, "space pahang", match=r"Pahang is MCP Controlled: Train selects Provinces without MCP Control "
                                     r"\(3.2.1\)")
    refused(s, "space ec-top", match=r"an Economic Center: Train selects Kuala Lumpur and Provinces")


def test_3_2_1_train_places_up_to_four_cubes_in_kuala_lumpur_for_two_resources():
    s = board()
    s, _ = run(s, "box opsa", "op train", "space kuala-lumpur")
    assert legal(s) == {"place": ["troop", "police"], "done": []}
    s, log = run(s, "place troop", "place police", "place troop", "place troop")
    assert sp(s, "kuala-lumpur")["troops"] == 3 and sp(s, "kuala-lumpur")["police"] == 1
    assert s["resources"]["british"] == 18  # 2 for the space, once
    assert "place" not in legal(s) and "space" in legal(s)  # 4 placed: the selection goes on
    assert texts(log).count("British paid") == 1


def test_3_2_1_train_place_is_written_troop_or_police():
    s = board()
    s, _ = run(s, "box opsa", "op train", "space kuala-lumpur")
    refused(s, "place base", match=r"'place' here is written 'place troop\|police', not 'place base' \(3.2.1\)")


def test_3_2_1_train_places_only_police_in_a_province_two_at_most():
    s = board(johore={"troops": 1})
    s, _ = run(s, "box opsa", "op train", "space johore")
    assert legal(s) == {"place": ["police"], "done": []}
    refused(s, "place troop", match=r"Train places Troops only in Kuala Lumpur, Police in Provinces \(3.2.1\)")
    s, _ = run(s, "place police", "place police")
    assert sp(s, "johore")["police"] == 2 and "place" not in legal(s)
    assert s["resources"]["british"] == 18


def test_r_train_pacify_a_space_where_no_cube_is_placed_costs_nothing():
    """Ruling R-TRAIN-PACIFY: a Train space without placement costs 0 and may still be Pacified."""
    s = board(british=2, johore={"troops": 1, "police": 1})
    s2, _ = run(s, "box limited", "op train", "space johore", "place police", "done")
    assert s2["resources"]["british"] == 0 and sp(s2, "johore")["police"] == 2  # placing cost the 2
    s = board(british=2, johore={"troops": 1, "police": 1})
    s, _ = run(s, "box limited", "op train", "space johore", "done", "done")
    assert legal(s) == {"done": [], "pacify": ["johore"]}
    s, log = run(s, "pacify johore")
    assert sp(s, "johore")["support"] == 1 and s["resources"]["british"] == 0
    assert "British paid 2 Resources for Pacify in Johore, to shift it (2 -> 0)." in texts(log)


def test_3_2_1_train_refuses_a_cube_the_british_cannot_pay_for():
    s = board(british=1)
    s, _ = run(s, "box opsa", "op train", "space kuala-lumpur")
    assert legal(s) == {"done": []}
    refused(s, "place troop", match=r"Train in Kuala Lumpur costs 2 Resources; British Resources are 1 \(3.2.1")
    s, _ = run(s, "done", "space johore")
    assert legal(s) == {"done": []}
    assert sp(s, "johore")["police"] == 0 and s["resources"]["british"] == 1


def test_3_2_1_train_place_refusal_names_the_cost():
    s = board(british=3)
    s, _ = run(s, "box opsa", "op train", "space johore", "place police", "place police", "space kuala-lumpur")
    assert s["resources"]["british"] == 1 and legal(s) == {"done": []}
    refused(s, "place police", match=r"Train in Kuala Lumpur costs 2 Resources; British Resources are 1")


def test_3_2_1_train_then_pacify_in_one_selected_space():
    s = board(johore={"troops": 1, "police": 1, "terror": 1}, perak={"troops": 1, "police": 1})
    s, _ = run(s, "box opsa", "op train", "space johore", "done", "space perak", "done", "done")
    assert legal(s) == {"done": [], "pacify": ["johore", "perak"]}
    s, _ = run(s, "pacify johore", "pacify johore")
    assert sp(s, "johore")["terror"] == 0 and sp(s, "johore")["support"] == 1
    assert s["flow"][-1]["p"] == "my.op.train"  # one Pacify space: it ended, Perak untouched
    assert sp(s, "perak")["support"] == 0
    assert s["resources"]["british"] == 16


@pytest.mark.parametrize("box,count", [("opsa", 2), ("limited", 1)])
def test_6_6_2_templer_pacifies_in_two_train_spaces_but_one_if_limited(box, count):
    s = board(commander=2, johore={"troops": 1, "police": 1}, perak={"troops": 1, "police": 1})
    s, _ = run(s, "box " + box, "op train", "space johore", "done", *(["space perak", "done"] if box == "opsa" else []),
               "done")
    assert s["flow"][-1]["p"] == "my.pacify" and s["flow"][-1]["count"] == count


def test_3_2_1_pacify_needs_british_control_troops_and_police():
    s = board(johore={"police": 2}, perak={"troops": 1, "police": 1, "guerrillas_u": 2})
    s, _ = run(s, "box opsa", "op train", "space johore", "done", "space perak", "done", "done")
    assert s["flow"][-1]["p"] != "my.pacify"  # neither qualifies: no Pacify is offered
    assert "pacify" not in legal(s)


def test_1_4_1_train_takes_a_police_cube_from_the_map_when_none_is_available():
    s = board(kedah={"police": 15})
    s, _ = run(s, "box opsa", "op train", "space johore", "place police")
    assert legal(s) == {"take": ["kedah police"], "done": []}
    assert s["resources"]["british"] == 20  # nothing paid until the cube is taken
    s2, log = run(s, "take kedah police")
    assert sp(s2, "johore")["police"] == 1 and sp(s2, "kedah")["police"] == 14
    assert s2["resources"]["british"] == 18
    s3, _ = run(s, "done")  # none taken: nothing placed, nothing paid
    assert sp(s3, "johore")["police"] == 0 and s3["resources"]["british"] == 20


def test_m18_shaded_a_train_space_that_places_troops_costs_four():
    s = board(capabilities={"M18": "shaded"})
    s, log = run(s, "box opsa", "op train", "space kuala-lumpur", "place police")
    assert s["resources"]["british"] == 18  # Police only: 2 (M18 Tip)
    s, log = run(s, "place troop")
    assert s["resources"]["british"] == 16  # Troops placed: 4 in all
    assert "placing Troops (Jungle Warfare School)" in texts(log)
    s2 = board(capabilities={"M18": "shaded"}, british=3)
    s2, _ = run(s2, "box opsa", "op train", "space kuala-lumpur")
    assert legal(s2) == {"place": ["police"], "done": []}
    refused(s2, "place troop", match=r"Train in Kuala Lumpur costs 4 Resources; British Resources are 3 \(M18")


def test_5_4_a_free_train_places_for_nothing_but_pacify_still_costs():
    s = board(kuala_lumpur={"troops": 1, "police": 1, "terror": 1})
    s = granted(s, "train", only=["kuala-lumpur"], rule="M15")
    refused(s, "space johore", match=r"Johore is not among the spaces this Train may select \(Kuala Lumpur\) "
                                     r"\(Urban Calm, M15\)")
    s, _ = run(s, "space kuala-lumpur", "place troop", "place troop", "place police", "place police")
    assert s["resources"]["british"] == 20
    s, _ = run(s, "done", "pacify kuala-lumpur", "pacify kuala-lumpur")
    assert s["resources"]["british"] == 16 and sp(s, "kuala-lumpur")["support"] == 1


# -- Garrison (3.2.2) ---------------------------------------------------------------------------------------

def test_3_2_2_garrison_costs_two_in_all_and_moves_cubes_from_anywhere():
    s = board(kedah={"troops": 2, "police": 1}, johore={"police": 2})
    s, _ = run(s, "box opsa", "op garrison", "space ec-top", "space kuala-lumpur", "space selangor", "done")
    assert s["resources"]["british"] == 18
    assert "kedah selangor troop" in legal(s)["move"] and "johore ec-top police" in legal(s)["move"]
    s, _ = run(s, "move kedah ec-top troop", "move kedah selangor troop", "move johore kuala-lumpur police",
               "done")
    assert sp(s, "ec-top")["troops"] == 1 and sp(s, "selangor")["troops"] == 1
    assert sp(s, "kuala-lumpur")["police"] == 1 and sp(s, "kedah")["troops"] == 0


def test_3_2_2_garrison_move_is_written_from_to_cube():
    s = board(kedah={"troops": 1})
    s, _ = run(s, "box opsa", "op garrison", "space ec-top", "done")
    refused(s, "move kedah ec-top", match=r"'move' here is written 'move FROM TO troop\|police', not 'move kedah "
                                          r"ec-top' \(3.2.2\)")
    refused(s, "move johore ec-top police", match=r"Johore has no Police cube to move \(3.2.2\)")
    refused(s, "move ec-top ec-top troop", match=r"the Troop is in Economic Center \(top\) already")


def test_3_2_2_garrison_selects_one_province():
    s = board(kedah={"troops": 2})
    s, _ = run(s, "box opsa", "op garrison", "space selangor")
    assert set(legal(s)["space"]) == {"kuala-lumpur", "ec-top", "ec-bottom"}
    refused(s, "space kedah", match=r"Garrison moves cubes into one Province, and this one has selected Selangor")


def test_3_2_2_garrison_needs_two_resources():
    s = board(british=1, kedah={"troops": 2})
    s, _ = run(s, "box opsa")
    refused(s, "op garrison", match=r"a Garrison \(2 Resources in all, not per space\) costs 2 Resources; British "
                                    r"Resources are 1")


def test_3_2_2_each_cube_moves_once_and_only_into_a_selected_space():
    s = board(kedah={"troops": 1})
    s, _ = run(s, "box opsa", "op garrison", "space ec-top", "done", "move kedah ec-top troop")
    assert "move" not in legal(s)
    refused(s, "move kedah ec-top troop", match=r"every Troop in Kedah is already written to move: each cube moves "
                                                r"once")
    refused(s, "move kedah johore troop", match=r"Johore was not selected for this Garrison")


def test_r_control_pw_garrison_moves_are_made_together():
    """Ruling R-CONTROL-PW: Kuala Lumpur emptied and refilled in one Garrison never changes hands."""
    s = board(pw=10, kuala_lumpur={"troops": 2, "guerrillas_u": 1}, perak={"police": 2})
    s, _ = run(s, "box opsa", "op garrison", "space ec-top", "space kuala-lumpur", "done",
               "move kuala-lumpur ec-top troop", "move kuala-lumpur ec-top troop")
    assert sp(s, "kuala-lumpur")["troops"] == 2  # written, not made yet
    s, log = run(s, "move perak kuala-lumpur police", "move perak kuala-lumpur police", "done")
    assert s["control"]["kuala-lumpur"] == "british" and s["pw"] == 10
    assert "MCP gained Control" not in texts(log)


def test_3_2_2_garrison_activates_in_each_ec_and_may_assault_one_free():
    s = board(ec_top={"guerrillas_u": 3}, ec_bottom={"police": 1, "guerrillas_u": 2}, kedah={"troops": 2})
    s, log = run(s, "box opsa", "op garrison", "space ec-top", "done", "move kedah ec-top troop",
                 "move kedah ec-top troop", "done")
    assert sp(s, "ec-top")["guerrillas_a"] == 2 and sp(s, "ec-top")["guerrillas_u"] == 1
    assert sp(s, "ec-bottom")["guerrillas_a"] == 1  # not a destination, but an Economic Center
    assert "British Garrison Activated 2 Guerrillas in Economic Center (top), with 2 British cubes there." in \
        texts(log)
    assert legal(s)["assault"] == ["ec-top", "ec-bottom"]
    refused(s, "assault kuala-lumpur", match=r"Kuala Lumpur is the capital city: Garrison's free Assault is in an "
                                             r"Economic Center")
    s, log = run(s, "assault ec-top")
    assert sp(s, "ec-top")["guerrillas_a"] == 0 and sp(s, "ec-top")["guerrillas_u"] == 1
    assert s["resources"]["british"] == 18  # no added cost


def test_2_3_4_limited_garrison_reveals_and_assaults_only_in_its_destination():
    s = board(ec_top={"police": 1, "guerrillas_u": 1}, kedah={"troops": 1})
    s, _ = run(s, "box limited", "op garrison", "space johore", "done", "move kedah johore troop", "done")
    assert sp(s, "ec-top")["guerrillas_u"] == 1  # the destination was a Province
    assert s["flow"][-1]["p"] != "my.op.garrison"
    s = board(ec_top={"police": 1, "guerrillas_u": 2}, ec_bottom={"police": 1, "guerrillas_u": 1},
              kedah={"troops": 1})
    s, _ = run(s, "box limited", "op garrison", "space ec-top", "done", "move kedah ec-top troop", "done")
    assert sp(s, "ec-top")["guerrillas_a"] == 2 and sp(s, "ec-bottom")["guerrillas_u"] == 1
    assert legal(s) == {"assault": ["ec-top"], "done": []}
    refused(s, "assault ec-bottom", match=r"a Limited Garrison Assaults only in its destination")


# -- Sweep (3.2.3) ------------------------------------------------------------------------------------------

def test_3_2_3_sweep_moves_only_adjacent_troops():
    s = board(pahang={"guerrillas_u": 2}, kuala_lumpur={"troops": 1, "police": 2}, kedah={"troops": 1})
    s, _ = run(s, "box limited", "op sweep", "space pahang", "done")
    assert legal(s) == {"move": ["kuala-lumpur pahang"], "done": []}
    refused(s, "move kedah pahang", match=r"Kedah is not adjacent to Pahang: Sweep moves in adjacent Troops")


def test_3_2_3_sweep_moves_troops_not_police():
    s = board(kuala_lumpur={"police": 2})
    s, _ = run(s, "box limited", "op sweep", "space pahang", "done")
    assert legal(s) == {"done": []}
    refused(s, "move kuala-lumpur pahang", match=r"Kuala Lumpur has no Troop to move \(Sweep moves Troops only\)")


@pytest.mark.parametrize("space,cubes,caps,active", [
    ("johore", {"troops": 2, "police": 1}, {}, 1),                 # Jungle: one per two cubes
    ("johore", {"troops": 2, "police": 1}, {"M18": "unshaded"}, 3),  # Jungle Warfare School: one per cube
    ("perak", {"troops": 1, "police": 2}, {}, 3),                  # Mountain: one per cube
    ("kuala-lumpur", {"police": 2}, {}, 2),                        # Kuala Lumpur: one per cube
])
def test_3_2_3_sweep_activates_one_per_cube_or_per_two_in_jungle(space, cubes, caps, active):
    s = board(capabilities=caps, **{space.replace("-", "_"): {**cubes, "guerrillas_u": 4}})
    s, _ = run(s, "box limited", "op sweep", f"space {space}", "done", "done")
    assert sp(s, space)["guerrillas_a"] == active


def test_m18_unshaded_sweep_log_cites_jungle_warfare_school():
    s = board(capabilities={"M18": "unshaded"}, johore={"police": 2, "guerrillas_u": 2})
    s, log = run(s, "box limited", "op sweep", "space johore", "done", "done")
    assert ("British Sweep Activated 2 Guerrillas in Johore, with 2 British cubes there, one per cube in Jungle "
            "(Jungle Warfare School).") in texts(log)
    assert any(e.get("rule") == "M18" for e in log)


def test_3_2_3_sweep_costs_two_a_destination():
    s = board(british=3)
    s, _ = run(s, "box opsa", "op sweep", "space perak")
    assert s["resources"]["british"] == 1 and "space" not in legal(s)
    refused(s, "space pahang", match=r"Sweep in Pahang costs 2 Resources; British Resources are 1 \(3.1: "
                                     r"Resources permitting\)")


def test_2_3_4_limited_sweep_has_one_destination():
    s = board()
    s, _ = run(s, "box limited", "op sweep", "space perak")
    refused(s, "space pahang", match=r"a Limited Operation selects one space, and this Sweep has selected Perak")


def test_3_2_3_sweep_refuses_an_economic_center():
    s = board()
    s, _ = run(s, "box opsa", "op sweep")
    refused(s, "space ec-top", match=r"Economic Center \(top\) is an Economic Center: Sweep selects Provinces and "
                                     r"Kuala Lumpur")


# -- Assault (3.2.4) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("space,cubes,removed", [
    ("johore", {"troops": 2, "police": 3}, 2),        # Jungle: one per Troop (Police do not count)
    ("perak", {"troops": 3, "police": 2}, 1),         # Mountain: one per two Troops
    ("kuala-lumpur", {"troops": 1, "police": 2}, 3),  # Kuala Lumpur: one per cube
    ("ec-top", {"police": 2}, 2),                     # Economic Center: one per cube
])
def test_3_2_4_assault_removes_per_troop_per_two_troops_or_per_cube(space, cubes, removed):
    s = board(**{space.replace("-", "_"): {**cubes, "guerrillas_a": 4}})
    s, _ = run(s, "box limited", "op assault", f"space {space}")
    assert sp(s, space)["guerrillas_a"] == 4 - removed and s["resources"]["british"] == 18


def test_3_2_4_assault_removes_bases_only_once_no_guerrilla_remains():
    s = board(pw=8, johore={"troops": 5, "guerrillas_a": 1, "guerrillas_u": 1, "bases": 1})
    s, log = run(s, "box limited", "op assault", "space johore")
    assert sp(s, "johore")["bases"] == 1 and sp(s, "johore")["guerrillas_u"] == 1 and s["pw"] == 8
    assert "British Assaulted in Johore, removing 1 Active Guerrilla (5 piece(s) at most there)." in texts(log)


def test_3_2_4_each_base_removed_adds_political_will():
    s = board(pw=8, johore={"troops": 4, "guerrillas_a": 1, "bases": 2})
    s, log = run(s, "box limited", "op assault", "space johore")
    assert sp(s, "johore")["bases"] == 0 and s["pw"] == 10
    assert "Political Will rose from 8 to 10 (2 Bases removed by Assault in Johore)." in texts(log)


def test_3_2_4_assault_needs_cubes_and_mcp_pieces():
    s = board(johore={"troops": 2, "guerrillas_a": 1}, pahang={"guerrillas_a": 2}, perak={"troops": 2})
    s, _ = run(s, "box opsa", "op assault")
    assert legal(s)["space"] == ["johore"]
    refused(s, "space pahang", match=r"Pahang has no British cube and 2 MCP pieces: Assault needs British cubes "
                                     r"and MCP pieces there \(3.2.4\)")


def test_8_0_air_strike_then_assault_in_pahang_l1620():
    s = board("M10", pw=7, british=12, pahang={"troops": 4, "bases": 1, "guerrillas_a": 4},
              johore={"troops": 1, "police": 2, "guerrillas_a": 1})
    s, log = run(s, "box opsa", "op assault", "sa air-strike", "space johore", "space pahang")
    assert s["pw"] == 8 and s["control"]["pahang"] is None  # 4 against 4
    s, log = run(s, "space pahang")
    assert B.mcp(sp(s, "pahang")) == 0 and s["control"]["pahang"] == "british"
    assert s["pw"] == 9 and s["resources"]["british"] == 10
    assert "removing 3 Active Guerrillas and 1 Base" in texts(log)


def test_m2_unshaded_assault_may_remove_bases_first_in_one_space():
    s = board(pw=5, capabilities={"M2": "unshaded"}, johore={"troops": 3, "guerrillas_u": 2, "bases": 1},
              pahang={"troops": 2, "guerrillas_u": 1, "bases": 1})
    s, _ = run(s, "box opsa", "op assault", "space johore")
    assert legal(s) == {"first": ["bases", "guerrillas"]}
    refused(s, "first police", match=r"'first' here is written 'first bases\|guerrillas'")
    s, log = run(s, "first bases")
    assert sp(s, "johore")["bases"] == 0 and sp(s, "johore")["guerrillas_u"] == 2 and s["pw"] == 6
    assert "Bases first: Min Yuen, M2 unshaded" in texts(log)
    s, _ = run(s, "space pahang")  # once an Assault: Pahang is Assaulted the usual way, without asking
    assert sp(s, "pahang")["bases"] == 1 and s["pw"] == 6


def test_m2_unshaded_is_not_asked_where_it_changes_nothing():
    s = board(capabilities={"M2": "unshaded"}, johore={"troops": 3, "guerrillas_a": 1, "bases": 1})
    s, _ = run(s, "box opsa", "op assault", "space johore")
    assert "first" not in legal(s) and sp(s, "johore")["bases"] == 0


def test_m2_unshaded_guerrillas_first_keeps_the_choice_for_another_space():
    s = board(capabilities={"M2": "unshaded"}, johore={"troops": 1, "guerrillas_u": 1, "bases": 1},
              pahang={"troops": 1, "guerrillas_u": 1, "bases": 1})
    s, _ = run(s, "box opsa", "op assault", "space johore", "first guerrillas", "space pahang")
    assert legal(s) == {"first": ["bases", "guerrillas"]}


def test_5_4_m17_free_assault_in_one_space_costs_nothing():
    s = board(johore={"troops": 2, "guerrillas_a": 2}, pahang={"troops": 2, "guerrillas_a": 2})
    s = granted(s, "assault", spaces=1, rule="M17")
    s, _ = run(s, "space johore")
    refused(s, "space pahang", match=r"this Assault selects up to 1 space\(s\) and has them \(Special Branch, M17\)")
    assert s["resources"]["british"] == 20 and sp(s, "johore")["guerrillas_a"] == 0


def test_5_4_m15_free_limited_sweep_adjacent_to_kuala_lumpur():
    s = board(british=0, selangor={"guerrillas_u": 1}, perak={"troops": 1})
    s = granted(s, "sweep", limited=True, only=["kuala-lumpur", "pahang", "selangor"], rule="M15")
    assert legal(s)["space"] == ["pahang", "selangor", "kuala-lumpur"]
    s, _ = run(s, "space selangor", "done", "move perak selangor", "done")
    assert sp(s, "selangor")["guerrillas_a"] == 1 and s["resources"]["british"] == 0


def test_5_4_a_free_garrison_costs_nothing():
    s = board(british=0, kedah={"troops": 1})
    s = granted(s, "garrison", limited=True, rule="M15")
    s, _ = run(s, "space kuala-lumpur", "done", "move kedah kuala-lumpur troop", "done")
    assert sp(s, "kuala-lumpur")["troops"] == 1 and s["resources"]["british"] == 0
