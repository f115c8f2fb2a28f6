"""Kenya's British Operations (3.2): Deploy (3.2.1; ruling R-DEPLOY), Relocate (3.2.2; 6.6.2, 6.6.3, rulings
R-PIPELINE-2, R-POPULATION), Sweep (3.2.3) and Assault (3.2.4); their Limited forms (2.3.4), no cost (3.1),
own pieces from the map (1.4.1), Pseudo-Gangs (K7) on Sweep and Deploy, and the British steps of the Example
of Play (8.0 L2605, L2609, L2639, L2643 with ruling R-8.0-ERRATA) from the positions it describes."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.kenya import british_moves, british_ops  # noqa: F401  (register the procedures)
from engine.games.kenya.invariants import invariants
from engine.testing import Position, waiting

from ..scripted import run_scripted


def check(s: dict) -> None:
    problems = invariants(s)
    assert not problems, problems


def position(pw: int = 12, resources: int = 8, pipeline: int = 1, oop: int = 8, caps: dict | None = None,
             population: dict | None = None, **spaces) -> Position:
    """An empty map with the given pieces and markers (space ids with underscores), tracks, Police Out of
    Play, Capabilities and lowered Populations."""
    b = Position("kenya").clear().track(political_will=pw, resources_maumau=resources, pipeline=pipeline)
    b.position["spaces"] = {}
    if oop != 8:
        b.box("out_of_play", n=oop - 8)
    for sid, counts in spaces.items():
        b.put(sid.replace("_", "-"), **counts)
    for cid, side in (caps or {}).items():
        b.capability(cid, side)
    if population:
        b.position["population"] = population
    return b


def turn(cid: str = "K19", **kw) -> dict:
    """The British 1st Eligible at their choice of a box on card *cid*."""
    return position(**kw).turn("british", cid).state()


def run(state, *orders, rolls=()):
    return run_scripted(state, orders, rolls, (), check)


def refused(state, *orders, match):
    with pytest.raises(IllegalActionError, match=match):
        run(state, *orders)


def legal(state):
    return engine.legal_actions(state, engine.active_roles(state)[0])


def text(state):
    return engine.prompt(state, engine.active_roles(state)[0])["text"]


def texts(log):
    return "\n".join(e["text"] for e in log)


def finish(state):
    """Ends the Operation where it waits at its last step (a Special Activity another module registers may
    be offered there)."""
    if waiting(state).get("stage") == "final":
        state, _ = run(state, "done")
    return state


def sp(state, sid):
    return state["spaces"][sid]


# -- Deploy (3.2.1) -------------------------------------------------------------------------------------------

def test_3_2_1_deploy_selects_nairobi_always_and_british_controlled_provinces():
    s = turn(nairobi={"guerrillas_u": 2}, thika={"police": 1}, kiambu={"guerrillas_u": 1},
             aberdares={"troops": 2})
    assert s["control"]["nairobi"] == "maumau"
    s, _ = run(s, "box opsa", "op deploy")
    assert legal(s)["space"] == ["nairobi", "thika"]
    refused(s, "space kiambu", match=r"Kiambu is Mau Mau Controlled: Deploy selects Nairobi and British Controlled "
                                     r"Provinces \(3.2.1\)")
    refused(s, "space embu", match=r"Embu is Uncontrolled: Deploy selects")
    refused(s, "space aberdares", match=r"Aberdares is a Mountain Jungle: Deploy selects Nairobi")
    refused(s, "done", match=r"has selected no space yet: select at least one \(3.1\)")


def test_3_2_1_deploy_places_up_to_four_troops_or_police_in_nairobi_at_no_cost():
    s = turn(resources=5, oop=15)
    s, _ = run(s, "box opsa", "op deploy", "space nairobi")
    assert legal(s) == {"place": ["troop"], "done": []}  # no Police Available, none on the map
    s = turn(resources=5, oop=14, thika={"police": 1})
    s, _ = run(s, "box opsa", "op deploy", "space nairobi")
    assert legal(s) == {"place": ["troop", "police"], "done": []}
    s, log = run(s, "place troop", "place troop", "place troop", "place troop")
    assert sp(s, "nairobi")["troops"] == 4 and s["available"]["troops"] == 6
    assert s["resources"]["maumau"] == 5 and "paid" not in texts(log)  # British Operations cost nothing (3.1)
    assert "place" not in legal(s) and "space" in legal(s)  # 4 placed: the selection goes on
    assert "Deploy: British placed a Troop in Nairobi." in texts(log)


def test_3_2_1_deploy_places_only_police_in_a_province_two_at_most():
    s = turn(thika={"troops": 1}, oop=5)  # 3 Police Available
    s, _ = run(s, "box opsa", "op deploy", "space thika")
    assert legal(s) == {"place": ["police"], "done": []}
    refused(s, "place troop", match=r"Thika is a Province: Deploy places Troops only in Nairobi, Police in "
                                    r"Provinces \(3.2.1\)")
    refused(s, "place base", match=r"'place' here is written 'place police', not 'place base' \(3.2.1\)")
    s, _ = run(s, "place police", "place police")
    assert sp(s, "thika")["police"] == 2 and "place" not in legal(s)
    assert s["available"]["police"] == 8


def test_3_2_1_deploy_may_place_fewer_cubes_or_none_r_deploy():
    s = turn(thika={"troops": 1}, oop=5)
    s, _ = run(s, "box opsa", "op deploy", "space thika", "done", "space nairobi", "place troop", "done", "done")
    assert sp(s, "thika")["police"] == 0 and sp(s, "nairobi")["troops"] == 1
    assert "move" in legal(s)


def test_1_4_1_deploy_takes_a_cube_from_the_map_when_none_is_available():
    s = turn(thika={"troops": 1}, nanyuki={"police": 1}, rift_valley={"police": 1}, oop=13)
    assert s["available"]["police"] == 0
    s, _ = run(s, "box limited", "op deploy", "space thika", "place police")
    assert legal(s) == {"take": ["rift-valley police", "nanyuki police"], "done": []}
    s, log = run(s, "take nanyuki police")
    assert sp(s, "thika")["police"] == 1 and sp(s, "nanyuki")["police"] == 0
    assert "Deploy: British moved a Police cube from Nanyuki to place it in Thika." in texts(log)
    assert legal(s) == {"place": ["police"], "done": []}  # one counted, one more may come
    s, _ = run(s, "place police", "done")  # the British take none: nothing placed, nothing counted
    assert sp(s, "thika")["police"] == 1 and legal(s) == {"place": ["police"], "done": []}


def test_3_2_1_deploy_moves_troops_from_anywhere_to_one_space_not_a_mountain_jungle():
    s = turn(nairobi={"troops": 1}, aberdares={"troops": 2}, rift_valley={"troops": 1},
             fort_hall={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op deploy", "space nairobi", "done", "done")
    opts = legal(s)["move"]
    assert "aberdares fort-hall" in opts and "nairobi aberdares" not in opts and "nairobi nairobi" not in opts
    refused(s, "move nairobi mount-kenya", match=r"Mount Kenya is a Mountain Jungle: Deploy moves Troops to a "
                                                 r"space that is not \(3.2.1\)")
    s, _ = run(s, "move aberdares fort-hall")
    assert legal(s)["move"] == ["nairobi fort-hall", "aberdares fort-hall", "rift-valley fort-hall"]
    refused(s, "move nairobi thika", match=r"this Deploy moves its Troops to one space, Fort Hall")
    s, _ = run(s, "move aberdares fort-hall")
    refused(s, "move aberdares fort-hall", match=r"every Troop in Aberdares is already written to move: each "
                                                 r"Troop moves once")
    refused(s, "move embu fort-hall", match=r"Embu has no Troop to move \(Deploy moves Troops only\)")
    refused(s, "move fort-hall", match=r"'move' here is written 'move FROM TO'")
    s, log = run(s, "move rift-valley fort-hall", "done")
    s = finish(s)
    assert sp(s, "fort-hall")["troops"] == 3 and sp(s, "aberdares")["troops"] == 0
    assert s["control"]["fort-hall"] == "british" and s["pw"] == 14
    assert "British Deploy moved 2 Troops from Aberdares to Fort Hall." in texts(log)
    assert engine.active_roles(s) == ["maumau"]


def test_3_2_1_deploy_moves_made_together_change_control_once_r_control_pw():
    """Troops leaving Nyeri for Embu and Troops coming in from Fort Hall: Nyeri never passes through Mau Mau
    Control, so Political Will moves only for Embu (ruling R-CONTROL-PW)."""
    s = turn(nyeri={"troops": 1, "guerrillas_u": 1}, fort_hall={"troops": 3}, embu={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op deploy", "space fort-hall", "done", "done",
               "move nyeri embu", "move fort-hall embu", "move fort-hall embu", "done")
    assert s["control"]["embu"] == "british" and s["control"]["nyeri"] == "maumau"
    # Nyeri: left 1 Troop, no Troop in, 1 Guerrilla: Mau Mau gains it (-2); Embu: Mau Mau lost (+1)
    assert s["pw"] == 11


def test_2_3_4_a_limited_deploy_places_in_one_space_and_moves_troops_to_another():
    s = turn(thika={"police": 1}, meru={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op deploy", "space nairobi", "place troop", "place troop", "done")
    assert "space" not in legal(s)
    refused(s, "space thika", match=r"a Limited Operation selects one space, and this Deploy has selected Nairobi "
                                    r"\(2.3.4\)")
    s, _ = run(s, "done", "move nairobi meru", "move nairobi meru", "done")
    assert sp(s, "meru")["troops"] == 2 and s["control"]["meru"] == "british" and s["pw"] == 13
    assert engine.active_roles(s) == ["maumau"]


def test_k7_shaded_a_deploy_that_places_moves_no_troop():
    s = turn(caps={"K7": "shaded"}, thika={"troops": 2})
    s, _ = run(s, "box limited", "op deploy", "space nairobi")
    assert "Pseudo-Gangs shaded" in text(s)
    s, log = run(s, "place troop", "done", "done")
    assert "British Deploy placed cubes, so it moves no Troop (Pseudo-Gangs shaded)." in texts(log)
    assert engine.active_roles(s) == ["maumau"]
    s = turn(caps={"K7": "shaded"}, thika={"troops": 2})
    s, _ = run(s, "box limited", "op deploy", "space nairobi", "done", "done")
    assert "thika nairobi" in legal(s)["move"]  # nothing placed: the Troops may move


# -- Relocate (3.2.2) -----------------------------------------------------------------------------------------

def relocate_board(pipeline: int, **kw):
    spaces = dict(nyeri={"troops": 2}, fort_hall={"troops": 1}, kiambu={"police": 1, "guerrillas_u": 2},
                  rift_valley={"troops": 1}, aberdares={"troops": 1})
    spaces.update(kw)
    return turn("K20", pipeline=pipeline, **spaces)


def test_3_2_2_relocate_needs_the_pipeline_at_2_or_more():
    s = relocate_board(1)
    s, _ = run(s, "box opsa")
    refused(s, "op relocate", match=r"Relocate has no space it may select: the Pipeline is at Emergency Powers "
                                    r"\(1\): Relocate 0 spaces")


def test_3_2_2_relocate_selects_british_controlled_populated_reserve_provinces():
    s = position(pipeline=4, population={"embu": 0}, nyeri={"troops": 2}, fort_hall={"troops": 1},
                 embu={"troops": 1}, kiambu={"police": 1, "guerrillas_u": 2}, rift_valley={"troops": 1},
                 aberdares={"troops": 1}).turn("british", "K20").state()
    s, _ = run(s, "box opsa", "op relocate")
    assert legal(s)["space"] == ["fort-hall", "nyeri"]
    refused(s, "space kiambu", match=r"Kiambu is Mau Mau Controlled: Relocate selects British Controlled")
    refused(s, "space embu", match=r"Embu has Population 0 \(printed 1\): Relocate selects Populated Reserve")
    refused(s, "space rift-valley", match=r"Rift Valley is a Non-Reserve Province: Relocate selects Reserve")
    refused(s, "space aberdares", match=r"Aberdares is a Mountain Jungle: Relocate selects Reserve Provinces")
    refused(s, "space nairobi", match=r"Nairobi is Nairobi: Relocate selects Reserve Provinces")


def test_3_2_2_relocate_lowers_population_releases_police_and_rolls_once_for_outrage():
    s = relocate_board(4)
    s, log0 = run(s, "box opsa", "op relocate", "space nyeri")
    assert "1 of 2 selected; Pipeline 4" in text(s)
    s, log = run(s, "space fort-hall", rolls=[])
    assert "space" not in legal(s)  # 2 at Pipeline 4
    s, log2 = run(s, "done", rolls=[3])
    s = finish(s)
    assert s["population"]["nyeri"] == 1 and s["population"]["fort-hall"] == 1
    assert s["out_of_play"] == 6 and s["available"]["police"] == 6 + 2
    assert s["pw"] == 11  # one roll: 3 below 4
    lines = texts(log0 + log + log2)
    assert "The Population of Nyeri went from 2 to 1 (Relocate)." in lines
    assert lines.count("Outrage after Relocate: rolled") == 1


def test_3_2_2_relocate_selects_no_more_spaces_than_the_pipeline_allows():
    s = relocate_board(3)
    s, _ = run(s, "box opsa", "op relocate", "space nyeri")
    refused(s, "space fort-hall", match=r"the Pipeline is at Prison System \(3\): Relocate 1 space, Reprisal 2 "
                                        r"spaces, and this Relocate has selected Nyeri \(3.2.2, 6.6.2\)")
    s, _ = run(s, "done", rolls=[3])  # not below 3: no Outrage
    assert finish(s)["pw"] == 12


def test_2_3_4_a_limited_relocate_selects_one_space_even_at_pipeline_4():
    s = relocate_board(4)
    s, _ = run(s, "box limited", "op relocate", "space nyeri")
    assert legal(s) == {"done": []}
    s, log = run(s, "done", rolls=[6])
    assert "No Outrage after Relocate: rolled 6" in texts(log) and engine.active_roles(s) == ["maumau"]


def test_3_2_2_relocate_with_no_police_out_of_play_and_population_to_zero_clears_the_level():
    s = relocate_board(2, oop=0, embu={"troops": 1, "support": 1}, nyeri={})
    s, log = run(s, "box limited", "op relocate", "space embu", "done", rolls=[2])
    assert s["population"]["embu"] == 0 and sp(s, "embu")["support"] == 0
    assert s["available"]["police"] == 14 and s["out_of_play"] == 0
    assert "No Police cube is Out of Play to go to Available." in texts(log)


# -- Sweep (3.2.3) --------------------------------------------------------------------------------------------

def test_3_2_3_sweep_moves_adjacent_troops_in_together_then_activates_one_per_cube():
    s = turn(nyeri={"troops": 2, "police": 1, "guerrillas_u": 4}, nanyuki={"troops": 2},
             meru={"troops": 1, "guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op sweep", "space nyeri", "space embu", "done")
    assert set(legal(s)["move"]) == {"nanyuki nyeri", "meru embu", "nyeri embu"}
    refused(s, "move meru nyeri", match=r"Meru is not adjacent to Nyeri: Sweep moves in adjacent Troops \(3.2.3\)")
    refused(s, "move nyeri thika", match=r"Thika was not selected for this Sweep")
    refused(s, "move fort-hall nyeri", match=r"Fort Hall has no Troop to move")
    s, log = run(s, "move nanyuki nyeri", "done")
    s = finish(s)
    assert sp(s, "nyeri")["guerrillas_a"] == 4 and sp(s, "nyeri")["guerrillas_u"] == 0  # 4 cubes, 4 Activated
    assert sp(s, "meru")["guerrillas_u"] == 1  # not selected
    lines = texts(log)
    assert "British Sweep moved 1 Troop from Nanyuki to Nyeri." in lines
    assert "British Sweep Activated 4 Guerrillas in Nyeri, with 4 British cubes there." in lines


def test_3_2_3_sweep_in_a_mountain_jungle_activates_one_per_two_cubes_and_nairobi_one_per_cube():
    s = turn(aberdares={"troops": 3, "guerrillas_u": 3}, nairobi={"police": 2, "guerrillas_u": 3})
    s, log = run(s, "box limited", "op sweep", "space aberdares", "done", "done")
    assert sp(s, "aberdares")["guerrillas_a"] == 1
    assert "one per two cubes in a Mountain Jungle" in texts(log)
    s = turn(aberdares={"troops": 3, "guerrillas_u": 3}, nairobi={"police": 2, "guerrillas_u": 3})
    s, _ = run(s, "box limited", "op sweep", "space nairobi", "done", "done")
    assert sp(s, "nairobi")["guerrillas_a"] == 2 and engine.active_roles(s) == ["maumau"]


def test_2_3_4_a_limited_sweep_moves_troops_from_several_origins_into_its_one_destination():
    s = turn(fort_hall={"guerrillas_u": 3}, kiambu={"troops": 1}, nyeri={"troops": 1}, thika={"troops": 2})
    s, _ = run(s, "box limited", "op sweep", "space fort-hall")
    assert "space" not in legal(s)
    s, log = run(s, "done", "move kiambu fort-hall", "move nyeri fort-hall", "move thika fort-hall", "done")
    assert sp(s, "fort-hall")["troops"] == 3 and sp(s, "fort-hall")["guerrillas_a"] == 3
    assert s["control"]["fort-hall"] is None and s["pw"] == 14  # Mau Mau lost it: +2


def test_k7_unshaded_sweep_in_a_mountain_jungle_activates_one_per_cube_and_removes_one_guerrilla():
    s = turn(caps={"K7": "unshaded"}, mount_kenya={"troops": 2, "guerrillas_u": 2, "bases": 1})
    s, log = run(s, "box limited", "op sweep", "space mount-kenya", "done", "done")
    x = sp(s, "mount-kenya")
    assert x["guerrillas_a"] == 1 and x["guerrillas_u"] == 0 and x["bases"] == 1
    assert "Pseudo-Gangs removed 1 Active Guerrilla from Mount Kenya." in texts(log)
    # More Guerrillas than cubes: both kinds are left, the British choose (3.1; K7 Tip: it may be Underground)
    s = turn(caps={"K7": "unshaded"}, mount_kenya={"troops": 1, "guerrillas_u": 3})
    s, _ = run(s, "box limited", "op sweep", "space mount-kenya", "done", "done")
    assert legal(s) == {"remove": ["guerrilla-u", "guerrilla-a"]}
    refused(s, "remove base", match=r"'remove' here is written 'remove guerrilla-u\|guerrilla-a', not 'remove base' \(Pseudo-Gangs, K7\)")
    s, _ = run(s, "remove guerrilla-u")
    assert sp(s, "mount-kenya")["guerrillas_u"] == 1 and sp(s, "mount-kenya")["guerrillas_a"] == 1
    assert engine.active_roles(s) == ["maumau"]


def test_k7_unshaded_changes_nothing_outside_mountain_jungles():
    s = turn(caps={"K7": "unshaded"}, nyeri={"troops": 1, "guerrillas_u": 2})
    s, _ = run(s, "box limited", "op sweep", "space nyeri", "done", "done")
    assert sp(s, "nyeri")["guerrillas_a"] == 1 and sp(s, "nyeri")["guerrillas_u"] == 1


# -- Assault (3.2.4) ------------------------------------------------------------------------------------------

def test_3_2_4_assault_selects_spaces_with_cubes_and_mau_mau_pieces():
    s = turn(nyeri={"troops": 1, "guerrillas_a": 1}, embu={"troops": 2}, meru={"guerrillas_a": 2})
    s, _ = run(s, "box opsa", "op assault")
    assert legal(s)["space"] == ["nyeri"]
    refused(s, "space embu", match=r"Embu has 2 British cubes and no Mau Mau piece: Assault selects spaces with "
                                   r"British cubes and Mau Mau pieces \(3.2.4\)")
    refused(s, "space meru", match=r"Meru has no British cube and 2 Mau Mau pieces")


@pytest.mark.parametrize("space, pieces, removed", [
    ("nyeri", {"troops": 2, "police": 3, "guerrillas_a": 4}, 2),          # one per Troop in a Province
    ("aberdares", {"troops": 3, "police": 1, "guerrillas_a": 4}, 1),      # one per two Troops
    ("nairobi", {"troops": 1, "police": 2, "guerrillas_a": 4}, 3),        # one per cube in Nairobi
    ("thika", {"police": 3, "guerrillas_a": 2}, 0),                       # Police alone remove nothing
])
def test_3_2_4_assault_removes_one_active_piece_per_troop_per_two_in_a_jungle_per_cube_in_nairobi(
        space, pieces, removed):
    s = turn(**{space.replace("-", "_"): pieces})
    s, log = run(s, "box limited", "op assault", f"space {space}", "done")
    assert sp(s, space)["guerrillas_a"] == pieces["guerrillas_a"] - removed
    assert s["available"]["guerrillas"] == 15 - pieces["guerrillas_a"] + removed
    assert f"British Assaulted in {engine.definition('kenya').names[space]}" in texts(log)


def test_3_2_4_assault_removes_bases_only_once_no_guerrilla_remains_and_adds_political_will():
    s = turn(nyeri={"troops": 4, "guerrillas_a": 1, "bases": 2})
    s, log = run(s, "box limited", "op assault", "space nyeri", "done")
    assert sp(s, "nyeri")["bases"] == 0 and sp(s, "nyeri")["guerrillas_a"] == 0
    assert s["pw"] == 14 and "Political Will rose from 12 to 14 (2 Bases removed by Assault in Nyeri)" in texts(log)
    # An Underground Guerrilla shields the Bases (3.2.4 NOTE)
    s = turn(nyeri={"troops": 4, "guerrillas_a": 1, "guerrillas_u": 1, "bases": 2})
    s, log = run(s, "box limited", "op assault", "space nyeri", "done")
    assert sp(s, "nyeri")["bases"] == 2 and sp(s, "nyeri")["guerrillas_a"] == 0 and s["pw"] == 12


def test_3_2_4_assault_in_several_spaces_removing_mau_mau_control():
    s = turn(nyeri={"troops": 1, "guerrillas_a": 2}, mount_kenya={"troops": 4, "guerrillas_a": 2, "bases": 1})
    s, log = run(s, "box opsa", "op assault", "space nyeri", "space mount-kenya", "done")
    s = finish(s)
    assert sp(s, "nyeri")["guerrillas_a"] == 1 and s["control"]["nyeri"] is None and s["pw"] == 14
    assert sp(s, "mount-kenya")["guerrillas_a"] == 0 and sp(s, "mount-kenya")["bases"] == 1


# -- the Example of Play's British steps (8.0) ----------------------------------------------------------------

def after_first_mau_mau_turn() -> Position:
    """8.0 L2599-2603: the setup after the Mau Mau Terror in Meru, Embu, Fort Hall and Kiambu and the Oath
    in Nyeri (Resistance and one more Guerrilla), Resources 4; the Mau Mau cylinder in the Op & Special
    Activity box."""
    p = Position("kenya").track(resources_maumau=4)
    for sid in ("meru", "embu", "fort-hall", "kiambu"):
        p.position["spaces"][sid] = {"guerrillas_a": 1, "terror": 1, "support": -1}
    p.put("nyeri", guerrillas_u=1, support=-1)
    p.turn("british", "K19", first="maumau")
    p.position["initiative"]["boxes"]["opsa"] = "maumau"
    return p


def test_8_0_limited_deploy_four_troops_to_nairobi_then_six_to_nyeri_l2605():
    s = after_first_mau_mau_turn().state()
    assert legal(s) == {"box": ["limited", "event"]}
    s, log = run(s, "box limited", "op deploy", "space nairobi", *["place troop"] * 4, "done",
                 *["move nairobi nyeri"] * 6, "done")
    assert sp(s, "nyeri")["troops"] == 6 and sp(s, "nairobi")["troops"] == 0 and s["available"]["troops"] == 0
    assert s["control"]["nyeri"] == "british" and s["pw"] == 14
    assert "Political Will rose from 12 to 14 (Mau Mau lost Control of Nyeri, Population 2)." in texts(log)


def test_8_0_sweep_into_aberdares_nyeri_mount_kenya_and_nairobi_l2609():
    p = after_first_mau_mau_turn().track(political_will=14)
    p.take("nairobi", troops=2).put("nyeri", troops=6)
    s = p.turn("british", "K31", first="british").state()
    s, log = run(s, "box opsa", "op sweep", "space aberdares", "space nyeri", "space mount-kenya", "space nairobi",
                 "done", "move rift-valley aberdares", "move rift-valley aberdares", "move nyeri aberdares",
                 "move nyeri aberdares", "move nanyuki mount-kenya", "move nanyuki mount-kenya",
                 "move nyeri mount-kenya", "move nyeri mount-kenya", "done")
    s = finish(s)
    assert sp(s, "aberdares")["troops"] == 4 and sp(s, "mount-kenya")["troops"] == 4 and sp(s, "nyeri")["troops"] == 2
    assert s["control"]["nyeri"] is None and s["pw"] == 14  # British Control lost: no Political Will change
    assert s["control"]["aberdares"] == s["control"]["mount-kenya"] == "british"
    for sid in ("aberdares", "nyeri", "mount-kenya", "nairobi"):  # every Guerrilla there Activated
        assert sp(s, sid)["guerrillas_u"] == 0 and sp(s, sid)["guerrillas_a"] >= 1, sid
    assert "British Sweep moved 2 Troops from Rift Valley to Aberdares." in texts(log)


def test_8_0_limited_relocate_in_nyeri_with_outrage_l2639():
    """Before the Relocate (L2621-2637): Nyeri British Controlled (2 Troops, a Terror marker, Neutral), the
    other Reserves Mau Mau Controlled; Pipeline 2 (Villagization); Political Will 10."""
    s = position(pw=10, resources=0, pipeline=2, nyeri={"troops": 2, "terror": 1},
                 meru={"guerrillas_a": 1, "support": -1}, embu={"guerrillas_a": 1, "support": -1},
                 fort_hall={"guerrillas_a": 1, "support": -1}, kiambu={"guerrillas_a": 1, "support": -1},
                 ).turn("british", "K20", first="maumau")
    s.position["initiative"]["boxes"]["opsa"] = "maumau"
    s = s.state()
    s, _ = run(s, "box limited", "op relocate")
    assert legal(s) == {"space": ["nyeri"]}  # "Nyeri is the only such Province"
    s, log = run(s, "space nyeri", "done", rolls=[1])
    assert s["population"]["nyeri"] == 1 and s["out_of_play"] == 7 and s["available"]["police"] == 7 + 1
    assert s["pw"] == 9
    assert "Outrage after Relocate: rolled 1, lower than the Pipeline's 2." in texts(log)


def test_8_0_deploy_in_nairobi_and_nyeri_then_troops_to_fort_hall_l2643_r_8_0_errata():
    """L2643 says 'the Deploy Special Activity with the Reward Operation'; played as a Deploy (ruling
    R-8.0-ERRATA). Before it: Nairobi Mau Mau Controlled (3 Police; a Base and 3 Guerrillas), Nyeri British
    (2 Troops, Population 1), Nanyuki with 1 Police and 2 Guerrillas, Fort Hall 1 Active Guerrilla; 2 Police
    Available, no Troop; Political Will 9."""
    p = position(pw=9, resources=0, pipeline=2, oop=7, population={"nyeri": 1},
                 nairobi={"police": 3, "bases": 1, "guerrillas_u": 2, "guerrillas_a": 1, "terror": 1,
                          "support": -1},
                 nyeri={"troops": 2}, nanyuki={"police": 1, "guerrillas_u": 2},
                 fort_hall={"guerrillas_a": 1, "support": -1}, mount_kenya={"troops": 4},
                 aberdares={"troops": 4})
    p.put("thika", police=1).put("thompsons-falls", police=1)  # the other Police elsewhere on the map
    s = p.turn("british", "K7", first="british").state()
    assert s["available"] == {**s["available"], "police": 2, "troops": 0}
    assert s["control"]["nairobi"] == "maumau"
    s, log = run(s, "box opsa", "op deploy", "space nairobi", "place police", "place police", "done")
    assert s["control"]["nairobi"] == "british" and s["pw"] == 11
    s, log = run(s, "space nyeri", "place police", "take nanyuki police", "done", "done",
                 "move nyeri fort-hall", "move nyeri fort-hall", "done")
    s = finish(s)
    assert sp(s, "nyeri")["police"] == 1 and sp(s, "nanyuki")["police"] == 0 and sp(s, "fort-hall")["troops"] == 2
    assert s["control"]["fort-hall"] == "british" and s["control"]["nyeri"] == "british" and s["pw"] == 13
    assert "Political Will rose from 11 to 13 (Mau Mau lost Control of Fort Hall, Population 2)." in texts(log)


# -- where a Special Activity may come (4.1) -------------------------------------------------------------------

def interruptible(state) -> bool:
    """Whether the Operation the state waits in lets its Special Activity run now (4.1)."""
    f = waiting(state)
    proc = {"ke.op.deploy": british_moves.Deploy, "ke.op.sweep": british_moves.Sweep,
            "ke.op.relocate": british_ops.Relocate, "ke.op.assault": british_ops.Assault}[f["p"]]
    return proc().interruptible(None, f)


def test_4_1_a_special_activity_comes_between_the_steps_of_a_deploy_not_in_the_middle_of_one():
    s = turn(thika={"troops": 2})
    s, _ = run(s, "box opsa", "op deploy")
    assert interruptible(s)  # before
    s, _ = run(s, "space nairobi")
    assert not interruptible(s)  # placing in Nairobi
    s, _ = run(s, "place troop", "done")
    assert interruptible(s)  # between the spaces
    s, _ = run(s, "done")
    assert interruptible(s)  # between the placements and the move
    s, _ = run(s, "move thika nairobi")
    assert not interruptible(s)  # moves being written


def test_4_1_a_special_activity_comes_before_or_after_a_sweep_not_while_its_moves_are_written():
    s = turn(thika={"troops": 2})
    s, _ = run(s, "box opsa", "op sweep", "space nairobi")
    assert interruptible(s)
    s, _ = run(s, "done")
    assert not interruptible(s)
