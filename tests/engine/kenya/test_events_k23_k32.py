"""Kenya Event cards K23 to K32 in every text (rule 5, 9.0 L2881-2975): what each does, each choice it gives,
its refusals (words and rule), the texts not offered because they can change nothing (5.1.3), and the
capabilities K28 and K31 going into play (5.3; their effects are tested with Oath, Raid and the Forest Camps,
test_4_3_maumau_special.py and test_6_propaganda.py)."""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import Recorder, ScriptedChance
from engine.core.flow import Context
from engine.games.kenya.events import EVENTS, cards_k23_k32  # noqa: F401  (registers the texts)
from engine.games.kenya.operation import ACTIVITIES
from engine.testing import waiting

from .event_helpers import board, legal, offered, position, refused, role, run, sp, texts


def ev(cid, side, first="british", rolls=(), **kw):
    """Card *cid*: *first* takes the Event box and executes *side*."""
    s, _ = run(board(cid, first, **kw), "box event", side, rolls=rolls)
    return s


def ev_log(cid, side, first="british", rolls=(), **kw):
    return run(board(cid, first, **kw), "box event", side, rolls=rolls)


def test_every_text_of_k23_to_k32_is_registered_and_k33_to_k35_are_propaganda():
    from engine.games.kenya.data import CARDS
    for n in range(23, 33):
        card = CARDS[f"K{n}"]
        sides = ["event"] if card["single"] else ["unshaded", "shaded"]
        assert all((card["id"], side) in EVENTS for side in sides), card["id"]
    assert all(CARDS[f"K{n}"]["kind"] == "propaganda" for n in (33, 34, 35))


# -- Capabilities: K28, K31 (5.3) ---------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["K28", "K31"])
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
@pytest.mark.parametrize("first", ["british", "maumau"])
def test_k28_k31_capabilities_go_into_play_for_the_rest_of_the_game_whoever_executes(cid, side, first):
    s, log = ev_log(cid, side, first=first)
    assert s["capabilities"][cid] == side
    assert f"put {cid} in play, {side}, as a Capability" in texts(log)
    assert role(s) != first  # the turn is over; the capability stays


def test_k31_shaded_by_event_lets_the_next_raid_select_two_spaces():
    """The capability executed as an Event is the one Raid reads (special_maumau, 4.3.3)."""
    s = ev("K31", "shaded", first="british", nyeri={"police": 1}, embu={"police": 1},
           aberdares={"guerrillas_u": 2}, mount_kenya={"guerrillas_u": 2})
    raid = ACTIVITIES.specials["raid"]()
    g = Context(s, Recorder(ScriptedChance()), engine.definition("kenya").rules)
    assert raid.most(g, {}) == 2


# -- K23 Mass Evictions ---------------------------------------------------------------------------------------

def test_k23_unshaded_sets_two_non_reserve_spaces_to_loyal_then_shifts_the_pipeline_right():
    s = ev("K23", "unshaded", nairobi={"support": -1, "terror": 1}, thika={"support": 1},
           kiambu={"support": -1})
    assert legal(s) == {"space": ["nairobi", "rift-valley", "nanyuki", "thompsons-falls"]}
    refused(s, "space thika", r"Thika is at Loyal(ty)? already: the card's shift would change nothing there \(Mass Evictions, K23\)")
    refused(s, "space kiambu", r"Kiambu is not among the spaces the card names")
    refused(s, "space aberdares", r"Aberdares is not among the spaces the card names")
    refused(s, "done", r"the card has 2 space\(s\) set to Loyal where it can, and 0 so far.*K23, 5.1.3\)")
    s, log = run(s, "space nairobi", "space nanyuki")
    assert sp(s, "nairobi")["support"] == 1 and sp(s, "nanyuki")["support"] == 1  # Terror no bar (R-EVENT-LEVEL)
    assert sp(s, "kiambu")["support"] == -1 and s["pipeline"] == 3
    assert "Nairobi went from Resistance to Loyal (Mass Evictions)" in texts(log)
    assert "The Pipeline moved from Villagization (2) to Prison System (3) (Mass Evictions)" in texts(log)
    assert role(s) == "maumau"


def test_k23_unshaded_with_one_space_left_sets_it_and_at_the_last_box_the_pipeline_stays():
    loyal = {"support": 1}
    s = ev("K23", "unshaded", pipeline=4, nairobi=loyal, rift_valley=loyal, nanyuki=loyal, thika=loyal)
    assert legal(s) == {"space": ["thompsons-falls"]}
    s, log = run(s, "space thompsons-falls")
    assert s["pipeline"] == 4 and "the Pipeline is at its last box (4) and shifts no further" in texts(log)
    everything = dict(nairobi=loyal, rift_valley=loyal, nanyuki=loyal, thika=loyal, thompsons_falls=loyal)
    assert "unshaded" in offered("K23", pipeline=3, **everything)  # the Pipeline still moves
    assert "unshaded" not in offered("K23", pipeline=4, **everything)


def test_k23_shaded_replaces_a_population_removed_by_relocate_then_places_a_guerrilla():
    s = ev("K23", "shaded", population={"nyeri": 1, "embu": 0}, nyeri={"troops": 1})
    assert legal(s) == {"space": ["nyeri", "embu"]}
    refused(s, "space kiambu", r"Kiambu has Population 2: no Population removed by Relocate to replace "
                               r"\(Mass Evictions, K23, ruling R-POPULATION\)")
    refused(s, "space thika", r"Thika is a Non-Reserve Province: only a Reserve Province's Population")
    refused(s, "done", r"the card's text must be carried out.*K23, 5.1.3\)")
    s, log = run(s, "space embu")
    assert s["population"]["embu"] == 1 and sp(s, "embu")["support"] == 0  # raised from 0: Neutral
    assert "The Population of Embu went from 0 to 1 (Mass Evictions)" in texts(log)
    assert legal(s) == {"place": ["embu"]}
    s, log = run(s, "place embu")
    assert sp(s, "embu")["guerrillas_u"] == 1 and s["available"]["guerrillas"] == 14
    assert s["pw"] == 9  # 1.7: Mau Mau Control gained, by the Population now (ruling R-CONTROL-PW)
    assert s["population"]["nyeri"] == 1 and role(s) == "maumau"


def test_k23_shaded_not_offered_without_a_lowered_population_r_population():
    assert offered("K23") == {"unshaded"}
    assert offered("K23", population={"meru": 0}) == {"unshaded", "shaded"}


def test_k23_shaded_british_place_a_guerrilla_from_available_only_the_mau_mau_from_the_map():
    """5.1.1, ruling R-1.4.1: the other faction's pieces from Available only; a faction's own from the map."""
    kw = dict(population={"meru": 0}, aberdares={"guerrillas_u": 15})
    s, log = run(board("K23", **kw), "box event", "shaded", "space meru")
    assert s["population"]["meru"] == 1 and sp(s, "meru")["guerrillas_u"] == 0
    assert "no Guerrilla is Available to place in Meru" in texts(log) and role(s) == "maumau"
    s, _ = run(board("K23", first="maumau", **kw), "box event", "shaded", "space meru", "place meru")
    assert legal(s) == {"take": ["aberdares guerrilla-u"], "done": []}
    s, _ = run(s, "take aberdares guerrilla-u")
    assert sp(s, "meru")["guerrillas_u"] == 1 and sp(s, "aberdares")["guerrillas_u"] == 14


# -- K24 Labour Party -----------------------------------------------------------------------------------------

def test_k24_unshaded_british_deploy_then_reward_free_whoever_executes():
    s = ev("K24", "unshaded", first="maumau", resources=3, thika={"police": 1, "terror": 1, "support": -1},
           kiambu={"guerrillas_u": 1})
    assert role(s) == "british" and waiting(s)["p"] == "ke.op.deploy"  # ruling R-EVENT-FACTION
    assert legal(s)["space"] == ["nairobi", "thika"] and "sa" not in legal(s)  # no Special Activity (R-FREE-OPS)
    refused(s, "done", r"the Deploy has selected no space yet: select at least one")  # not "may" (5.1.3)
    s, log = run(s, "space nairobi", "place troop", "done", "done", "done")
    assert sp(s, "nairobi")["troops"] == 1
    assert "Labour Party: the British began a free Reward" in texts(log)
    assert waiting(s)["p"] == "ke.sa.reward" and legal(s) == {"space": ["nairobi", "thika"]}
    s, log = run(s, "space thika")
    assert sp(s, "thika")["terror"] == 0 and sp(s, "thika")["support"] == 0
    assert s["resources"]["maumau"] == 3 and role(s) == "british"  # free (5.4); the British's own turn follows
    assert legal(s) == {"box": ["limited", "opsa"]}


def test_k24_unshaded_reward_with_nothing_to_do_is_logged_not_asked():
    s = ev("K24", "unshaded", nairobi={"guerrillas_u": 4})  # Mau Mau Control, nowhere British Controlled
    s, log = run(s, "space nairobi", "place troop", "done", "done", "done")
    assert s["control"]["nairobi"] == "maumau"
    assert "Labour Party: the British could conduct no Reward: it has nothing it could do now" in texts(log)
    assert role(s) == "maumau"


def test_k24_shaded_lowers_will_by_the_pipeline_then_shifts_it_left():
    s, log = ev_log("K24", "shaded", pipeline=3, pw=10)
    assert s["pw"] == 7 and s["pipeline"] == 2
    assert "Political Will" in texts(log) and "Prison System (3) to Villagization (2)" in texts(log)
    s = ev("K24", "shaded", pipeline=4, pw=2)
    assert s["pw"] == 0 and s["pipeline"] == 3  # not below 0 (5.1.1)


def test_k24_shaded_not_offered_at_pipeline_0():
    assert offered("K24", pipeline=0) == {"unshaded"}
    s, _ = run(board("K24", pipeline=0), "box event")
    refused(s, "shaded", r"the shaded text of Labour Party \(K24\), Exposes repression, can change nothing now "
                         r"\(5.1.3\)")


# -- K25 McLean Inquiry ---------------------------------------------------------------------------------------

def test_k25_unshaded_raises_will_by_2_and_shifts_the_pipeline_left():
    s = ev("K25", "unshaded", pw=19, pipeline=1)
    assert s["pw"] == 20 and s["pipeline"] == 0
    assert "unshaded" not in offered("K25", pw=20, pipeline=0)


@pytest.mark.parametrize("die, lost", [(1, 2), (2, 2), (3, 0), (6, 0)])
def test_k25_shaded_an_outrage_roll_below_the_pipeline_costs_2_will(die, lost):
    s, log = ev_log("K25", "shaded", pipeline=3, pw=10, rolls=[die])
    assert s["pw"] == 10 - lost and s["pipeline"] == 3
    assert ("Outrage after McLean Inquiry: rolled" if lost else "No Outrage after McLean Inquiry") in texts(log)


def test_k25_shaded_not_offered_where_no_roll_can_lower_will():
    """6.6.3: no die is lower than 0 or 1; at Will 0 nothing can fall (5.1.3)."""
    assert offered("K25", pipeline=1) == {"unshaded"}
    assert offered("K25", pipeline=4, pw=0) == {"unshaded"}
    assert offered("K25", pipeline=2, pw=1) == {"unshaded", "shaded"}


# -- K26 Hola Detention Camp ------------------------------------------------------------------------------------

def test_k26_removes_a_base_with_troops_for_will_then_outrage_then_the_pipeline():
    s = ev("K26", "event", first="maumau", pipeline=3, pw=10, nyeri={"troops": 1, "bases": 1, "guerrillas_u": 2},
           aberdares={"troops": 2, "bases": 2}, embu={"bases": 1})
    assert legal(s) == {"remove": ["nyeri base", "aberdares base"]}
    refused(s, "remove embu base", r"Embu is not among the spaces the card removes from")
    refused(s, "done", r"the card removes 1 piece\(s\) where it can.*K26, 5.1.3\)")
    s, log = run(s, "remove aberdares base", rolls=[2])
    assert sp(s, "aberdares")["bases"] == 1 and s["available"]["bases"] == 1
    assert s["pw"] == 10 + 1 - 2 and s["pipeline"] == 4
    t = texts(log)
    assert t.index("Outrage after Hola Detention Camp: rolled 2") < t.index("The Pipeline moved")  # Tip L2915


def test_k26_with_no_base_by_troops_still_rolls_and_shifts_the_pipeline():
    s, log = ev_log("K26", "event", pipeline=2, pw=5, embu={"bases": 1}, rolls=[1])
    assert "no space has both Troops and a Base" in texts(log)
    assert s["pw"] == 3 and s["pipeline"] == 3 and sp(s, "embu")["bases"] == 1
    s, log = ev_log("K26", "event", pipeline=1)
    assert "No Outrage roll after Hola Detention Camp" in texts(log) and s["pipeline"] == 2
    assert offered("K26", pipeline=4, pw=0) == set()  # nothing could change (5.1.3)
    assert offered("K26", pipeline=4, pw=0, nyeri={"troops": 1, "bases": 1}) == {"event"}


# -- K27 Protected Villages ------------------------------------------------------------------------------------

def test_k27_unshaded_pipeline_right_then_british_relocate_in_up_to_two_spaces_with_outrage():
    s = ev("K27", "unshaded", first="maumau", pipeline=1, pw=10, nyeri={"troops": 2}, kiambu={"police": 1},
           embu={"guerrillas_u": 1}, thika={"police": 1})
    assert s["pipeline"] == 2 and role(s) == "british"  # ruling R-EVENT-FACTION: "British may"
    assert waiting(s)["p"] == "ke.ev.relocate"
    assert legal(s) == {"space": ["kiambu", "nyeri"], "done": []}  # "may"; 2 spaces though Pipeline 2 allows 1
    refused(s, "space embu", r"Embu is Mau Mau Controlled: Relocate selects British Controlled Provinces")
    refused(s, "space thika", r"Thika is a Non-Reserve Province: Relocate selects Reserve Provinces")
    s, _ = run(s, "space nyeri")
    s, _ = run(s, "space kiambu")
    assert legal(s) == {"done": []}
    s, log = run(s, "done", rolls=[1])
    assert s["population"]["nyeri"] == 1 and s["population"]["kiambu"] == 1
    assert s["out_of_play"] == 6  # a Police cube to Available by each Relocate (3.2.2)
    assert "Outrage after Relocate: rolled 1" in texts(log) and s["pw"] == 9
    assert role(s) == "british"  # the Mau Mau executed as 1st Eligible: the British are 2nd


def test_k27_unshaded_relocate_even_at_pipeline_0_r_event_pipeline_and_may_relocate_nowhere():
    s = ev("K27", "unshaded", pipeline=0, nyeri={"troops": 1})
    assert s["pipeline"] == 1 and legal(s) == {"space": ["nyeri"], "done": []}
    s, log = run(s, "space nyeri", "done")
    assert s["population"]["nyeri"] == 1 and "No Outrage roll after Relocate" in texts(log)
    s = ev("K27", "unshaded", pipeline=3, nyeri={"troops": 1})
    s, log = run(s, "done")
    assert s["population"]["nyeri"] == 2 and "Outrage" not in texts(log)  # no Relocate, no roll


def test_k27_unshaded_with_nowhere_to_relocate_logs_why_and_at_pipeline_4_is_not_offered():
    s, log = ev_log("K27", "unshaded", pipeline=2)
    assert s["pipeline"] == 3
    assert ("Protected Villages: the British could Relocate nowhere: Kiambu is Uncontrolled: Relocate selects British "
            "Controlled Provinces (3.2.2)") in texts(log)
    assert offered("K27", pipeline=4) == set()
    assert offered("K27", pipeline=4, population={"meru": 0}) == {"shaded"}


def test_k27_shaded_replaces_population_then_places_a_guerrilla():
    s = ev("K27", "shaded", first="maumau", population={"kiambu": 0, "meru": 1})
    assert legal(s) == {"space": ["kiambu"]}
    refused(s, "space meru", r"Meru has Population 1: no Population removed by Relocate to replace \(Protected Villages, K27")
    s, log = run(s, "space kiambu", "place kiambu")
    assert s["population"]["kiambu"] == 1 and sp(s, "kiambu")["guerrillas_u"] == 1
    assert "Protected Villages" in texts(log)


# -- K29 Kikuyu Loyalism --------------------------------------------------------------------------------------

def test_k29_unshaded_places_three_police_from_anywhere_into_british_controlled_reserves():
    s = ev("K29", "unshaded", first="maumau", nyeri={"troops": 1}, kiambu={"police": 1},
           embu={"guerrillas_u": 1}, thika={"police": 2})
    assert role(s) == "maumau"  # the executing faction places (no faction named)
    opts = legal(s)["place"]
    assert "nyeri available" in opts and "nyeri out-of-play" in opts and "nyeri thika" in opts
    assert "nyeri kiambu" in opts and not any(o.startswith(("embu", "thika")) for o in opts)
    refused(s, "place embu available", r"Embu is Mau Mau Controlled: the Police go to British Controlled Reserve "
                                       r"Provinces \(Kikuyu Loyalism, K29\)")
    refused(s, "place thika available", r"Thika is not a Reserve Province")
    refused(s, "done", r"the card places 3 piece\(s\) where it can.*K29, 5.1.3\)")
    s, log = run(s, "place nyeri out-of-play", "place kiambu thika", "place nyeri available")
    assert sp(s, "nyeri")["police"] == 2 and sp(s, "kiambu")["police"] == 2 and sp(s, "thika")["police"] == 1
    assert s["out_of_play"] == 7 and role(s) == "british"
    assert "went from Out of Play to Nyeri" in texts(log)


def test_k29_unshaded_not_offered_without_a_british_controlled_reserve_province():
    assert offered("K29", thika={"police": 2}, nyeri={"guerrillas_u": 1}) == {"shaded"}
    assert "unshaded" in offered("K29", meru={"police": 1})


def test_k29_shaded_the_mau_mau_may_free_terror_in_up_to_two_spaces_whoever_executes():
    s = ev("K29", "shaded", resources=0, nyeri={"guerrillas_u": 1}, embu={"guerrillas_u": 1},
           meru={"guerrillas_u": 1})
    assert role(s) == "maumau" and waiting(s)["p"] == "ke.op.terror"  # ruling R-EVENT-FACTION
    assert "done" in legal(s) and "sa" not in legal(s)  # "may"; no Special Activity (R-FREE-OPS)
    s, _ = run(s, "space nyeri", "space embu")
    assert "space" not in legal(s)
    refused(s, "space meru", r"selects up to 2 space")
    s, _ = run(s, "done")
    assert sp(s, "nyeri")["terror"] == 1 and sp(s, "embu")["support"] == -1 and s["resources"]["maumau"] == 0
    assert role(s) == "maumau" and "box" in legal(s)  # the Mau Mau's own turn follows the British Event


def test_k29_shaded_not_offered_without_an_underground_guerrilla():
    assert offered("K29", meru={"police": 1}, nyeri={"guerrillas_a": 2}) == {"unshaded"}


# -- K30 Chiefs Murdered ---------------------------------------------------------------------------------------

def test_k30_unshaded_sets_a_resistance_space_to_loyal_and_places_a_police_from_available():
    s = ev("K30", "unshaded", nyeri={"support": -1, "guerrillas_u": 2}, nairobi={"support": -1}, thika={})
    assert legal(s) == {"space": ["nairobi", "nyeri"]}
    refused(s, "space thika", r"Thika is Neutral: the card sets a Resistance space to Loyal \(Chiefs Murdered, K30\)")
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["support"] == 1 and sp(s, "nyeri")["police"] == 1
    assert "placed a Police cube from Available in Nyeri" in texts(log)
    assert offered("K30", thika={"support": 1}) == set()


def test_k30_unshaded_takes_no_police_from_the_map_or_out_of_play():
    """The card's "from Available" (ruling R-1.4.1): with none Available, none is placed."""
    p = position(nyeri={"support": -1}, thika={"police": 7}).turn("british", "K30")
    s = p.state()
    assert s["available"]["police"] == 0
    s, log = run(s, "box event", "unshaded", "space nyeri")
    assert sp(s, "nyeri")["support"] == 1 and sp(s, "nyeri")["police"] == 0 and s["out_of_play"] == 8
    assert "no Police cube is Available to place" in texts(log)


def test_k30_shaded_removes_a_police_from_a_space_with_mau_mau_to_set_it_to_resistance():
    s = ev("K30", "shaded", first="maumau", nyeri={"police": 2, "guerrillas_u": 1, "support": 1},
           thika={"police": 1, "bases": 1}, embu={"police": 1}, aberdares={"police": 1, "guerrillas_a": 1})
    assert legal(s) == {"space": ["nyeri", "thika"]}  # Aberdares only when no Populated space qualifies
    refused(s, "space embu", r"Embu has 1 Police cube and no Mau Mau piece: the card removes a Police cube")
    refused(s, "space aberdares", r"Aberdares is a Mountain Jungle, never at Loyalty or Resistance.*whole text.*"
                                  r"ruling R-EVENT-LEVEL")
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["police"] == 1 and sp(s, "nyeri")["support"] == -1
    assert "a Police cube in Nyeri was removed to Available" in texts(log)


def test_k30_shaded_in_a_mountain_jungle_removes_only_the_police_r_event_level():
    s = ev("K30", "shaded", aberdares={"police": 1, "guerrillas_a": 1}, nyeri={"guerrillas_u": 1})
    assert legal(s) == {"space": ["aberdares"]}
    s, log = run(s, "space aberdares")
    assert sp(s, "aberdares")["police"] == 0 and "it is not set to Resistance" in texts(log)
    assert offered("K30", nyeri={"guerrillas_u": 1, "support": -1}) == {"unshaded"}


# -- K32 Racist Propaganda -------------------------------------------------------------------------------------

def test_k32_unshaded_will_then_british_choose_relocate_or_reprisal_in_one_space_no_outrage():
    kw = dict(first="maumau", pipeline=3, pw=10, nyeri={"troops": 1, "guerrillas_u": 1}, embu={"police": 1})
    s, log = ev_log("K32", "unshaded", **kw)
    assert s["pw"] == 11 and role(s) == "british"  # ruling R-EVENT-FACTION
    assert legal(s) == {"choose": ["relocate", "reprisal"]}
    refused(s, "done", r"the card's text must be carried out.*K32, 5.1.3\)")
    r, log = run(s, "choose reprisal")
    assert waiting(r)["p"] == "ke.sa.reprisal"
    r, log = run(r, "space nyeri", "move embu guerrilla-u")  # no roll scripted: none is made
    assert sp(r, "nyeri")["terror"] == 1 and sp(r, "embu")["guerrillas_u"] == 1
    assert "No roll for Outrage after this Reprisal" in texts(log) and r["pw"] == 11
    s, _ = run(s, "choose relocate")
    assert legal(s) == {"space": ["embu"]}  # Nyeri is not British Controlled (1 Troop, 1 Guerrilla)
    refused(s, "done", r"the Relocate has selected no space yet")
    s, log = run(s, "space embu", "done")
    assert s["population"]["embu"] == 0 and "No roll for Outrage after this Relocate" in texts(log)
    assert s["pw"] == 11 and role(s) == "british"  # the Mau Mau executed 1st: the British are 2nd Eligible


def test_k32_unshaded_one_way_only_is_not_asked_and_pipeline_0_does_not_bar_it():
    s = ev("K32", "unshaded", pipeline=0, pw=10, nairobi={"troops": 1})
    assert s["pw"] == 11 and waiting(s)["p"] == "ke.sa.reprisal" and legal(s) == {"space": ["nairobi"]}
    s, log = ev_log("K32", "unshaded", pw=10)
    assert s["pw"] == 11 and "can neither Relocate" in texts(log)
    assert offered("K32", pw=20) == {"shaded"}


def test_k32_shaded_lowers_will_by_the_pipeline_value():
    s = ev("K32", "shaded", pipeline=4, pw=10)
    assert s["pw"] == 6 and s["pipeline"] == 4
    assert offered("K32", pipeline=0) == {"unshaded"}
    assert offered("K32", pipeline=3, pw=0) == {"unshaded"}
