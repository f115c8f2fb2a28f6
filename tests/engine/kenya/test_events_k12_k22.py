"""Kenya Event cards K12 to K22 in every text (rule 5, 9.0 L2771-2879): what each does, each choice it gives,
its refusals (words and rule), the texts not offered because they can change nothing (5.1.3), the acting
faction a text names (ruling R-EVENT-FACTION) and the free Operations and Special Activities the texts grant
(5.4, ruling R-FREE-OPS)."""

from __future__ import annotations

from engine.games.kenya.events import cards_k12_k16, cards_k17_k22  # noqa: F401  (register the texts)

from .event_helpers import board, legal, offered, over, refused, role, run, sp, texts


def ev(cid, side, first="british", rolls=(), **kw):
    """Card *cid*: *first* takes the Event box and executes *side*; the state and the log."""
    return run(board(cid, first, **kw), "box event", side, rolls=rolls)


# -- K12 Hooded Men -----------------------------------------------------------------------------------------

def test_k12_unshaded_activates_all_guerrillas_in_two_provinces():
    s, _ = ev("K12", "unshaded", kiambu={"guerrillas_u": 3}, nyeri={"guerrillas_u": 1, "guerrillas_a": 1},
              thika={"guerrillas_u": 2}, nairobi={"guerrillas_u": 2}, aberdares={"guerrillas_u": 2},
              embu={"guerrillas_a": 2})
    assert legal(s) == {"space": ["kiambu", "nyeri", "thika"]}  # Provinces with an Underground Guerrilla
    refused(s, "space nairobi", match=r"Nairobi is Nairobi, not a Province \(Hooded Men, K12, ruling R-MAP-3\)")
    refused(s, "space aberdares", match=r"Aberdares is a Mountain Jungle, not a Province")
    refused(s, "space embu", match=r"Embu has no Underground Guerrilla: Activating its Guerrillas would change "
                                   r"nothing \(Hooded Men, K12, 5.1.3\)")
    refused(s, "done", match=r"5.1.3")
    s, log = run(s, "space kiambu")
    assert sp(s, "kiambu")["guerrillas_a"] == 3 and sp(s, "kiambu")["guerrillas_u"] == 0
    assert "Hooded Men: 3 Underground Guerrillas in Kiambu went Active." in texts(log)
    assert legal(s) == {"space": ["nyeri", "thika"]}  # the second must be chosen (5.1.3)
    s, _ = run(s, "space nyeri")
    assert sp(s, "nyeri")["guerrillas_a"] == 2 and sp(s, "thika")["guerrillas_u"] == 2
    assert sp(s, "nairobi")["guerrillas_u"] == 2 and over(s)


def test_k12_unshaded_with_one_province_to_activate_activates_it_alone():
    s, _ = ev("K12", "unshaded", first="maumau", meru={"guerrillas_u": 1}, nairobi={"guerrillas_u": 1})
    s, _ = run(s, "space meru")
    assert sp(s, "meru")["guerrillas_a"] == 1 and over(s, "maumau")


def test_k12_unshaded_not_offered_without_an_underground_guerrilla_in_a_province():
    assert offered("K12", nairobi={"guerrillas_u": 2, "police": 1}, mount_kenya={"guerrillas_u": 3},
                   kiambu={"guerrillas_a": 2}) == {"shaded"}


def test_k12_shaded_removes_a_police_and_sets_the_space_to_resistance():
    s, _ = ev("K12", "shaded", first="maumau", kiambu={"bases": 1, "police": 2, "support": 1},
              nairobi={"guerrillas_a": 1, "police": 1}, thika={"police": 3}, aberdares={"guerrillas_u": 1, "police": 1})
    assert legal(s) == {"space": ["nairobi", "kiambu"]}  # a Base is Mau Mau (Tip); Aberdares takes no level
    refused(s, "space thika", match=r"Thika has no Mau Mau piece and 3 Police cubes: the card chooses a space with Mau Mau and Police")
    refused(s, "space aberdares", match=r"Aberdares is a Mountain Jungle, never at Loyalty or Resistance .*ruling "
                                        r"R-EVENT-LEVEL")
    s, log = run(s, "space kiambu")
    assert sp(s, "kiambu")["police"] == 1 and sp(s, "kiambu")["support"] == -1
    assert "Hooded Men: a Police cube in Kiambu was removed to Available." in texts(log)
    assert over(s, "maumau")


def test_k12_shaded_a_mountain_jungle_only_loses_its_police_when_nothing_else_qualifies():
    """Ruling R-EVENT-LEVEL: a space that takes no level is chosen only if no other qualifies; there only the
    Police is removed."""
    s, log = ev("K12", "shaded", aberdares={"guerrillas_u": 1, "police": 2}, thika={"police": 1})
    assert legal(s) == {"space": ["aberdares"]}
    s, log = run(s, "space aberdares")
    assert sp(s, "aberdares")["police"] == 1 and sp(s, "aberdares")["support"] == 0
    assert "it is not set to Resistance" in texts(log)
    assert offered("K12", thika={"police": 1}, kiambu={"guerrillas_u": 1}) == {"unshaded"}


def test_k12_shaded_a_space_at_resistance_already_loses_its_police():
    s, log = ev("K12", "shaded", nyeri={"guerrillas_u": 1, "police": 1, "support": -1})
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["police"] == 0 and sp(s, "nyeri")["support"] == -1
    assert "Hooded Men: Nyeri is at Resistance already." in texts(log) and over(s)


# -- K13 Ruck Family Killed ---------------------------------------------------------------------------------

def test_k13_unshaded_sets_a_non_reserve_province_loyal_and_places_police_from_available():
    s, _ = ev("K13", "unshaded", thika={"support": -1})
    assert legal(s) == {"space": ["rift-valley", "nanyuki", "thompsons-falls", "thika"]}
    refused(s, "space nairobi", match=r"Nairobi is Nairobi: the card sets a Non-Reserve Province .*R-MAP-3")
    refused(s, "space kiambu", match=r"Kiambu is a Province, a Reserve Province: the card sets a Non-Reserve")
    s, log = run(s, "space thika")
    assert sp(s, "thika")["support"] == 1
    assert legal(s) == {"place": ["thika"], "done": []}  # "up to 2": the placing faction may stop
    s, log = run(s, "place thika", "place thika")
    assert sp(s, "thika")["police"] == 2 and s["available"]["police"] == 5
    assert over(s)


def test_k13_unshaded_places_police_from_available_only_never_from_the_map():
    """Ruling R-1.4.1: K13's 'from Available' wins over 1.4.1's Important!."""
    s, log = ev("K13", "unshaded", nairobi={"police": 7})  # 7 on the map, 8 Out of Play: none Available
    assert s["available"]["police"] == 0
    s, log = run(s, "space nanyuki")
    assert sp(s, "nanyuki")["support"] == 1 and sp(s, "nanyuki")["police"] == 0
    assert "no Police cube is Available to place" in texts(log) and over(s)
    s, _ = ev("K13", "unshaded", nairobi={"police": 6})  # one Available: one placed, none from the map
    s, _ = run(s, "space nanyuki", "place nanyuki")
    assert sp(s, "nanyuki")["police"] == 1 and sp(s, "nairobi")["police"] == 6 and over(s)


def test_k13_unshaded_not_offered_when_all_non_reserve_provinces_are_loyal_and_no_police_available():
    loyal = {p: {"support": 1} for p in ("rift_valley", "nanyuki", "thompsons_falls")}
    assert offered("K13", thika={"support": 1, "police": 7, "troops": 1}, **loyal) == {"shaded"}
    s, _ = ev("K13", "unshaded", thika={"support": 1}, **loyal)  # Police Available: placing still changes
    assert "thika" in legal(s)["space"]


def test_k13_unshaded_the_executing_faction_may_place_no_police():
    s, _ = ev("K13", "unshaded", first="maumau")
    s, _ = run(s, "space rift-valley", "done")
    assert sp(s, "rift-valley")["support"] == 1 and sp(s, "rift-valley")["police"] == 0 and over(s, "maumau")


def test_k13_shaded_the_mau_mau_move_troops_from_one_space_to_a_non_reserve_province():
    s, _ = ev("K13", "shaded", kiambu={"troops": 3, "guerrillas_u": 2}, nairobi={"troops": 1})
    assert role(s) == "maumau"  # ruling R-EVENT-FACTION: "Mau Mau may move"
    assert legal(s) == {"space": ["nairobi", "kiambu"], "done": []}
    s, _ = run(s, "space kiambu")
    assert legal(s) == {"space": ["rift-valley", "nanyuki", "thompsons-falls", "thika"]}
    refused(s, "space embu", match=r"Embu is a Province, a Reserve Province: the Troops go to a Non-Reserve "
                                   r"Province \(Ruck Family Killed, K13, ruling R-MAP-3\)")
    s, _ = run(s, "space nanyuki")
    assert legal(s) == {"troops": ["1", "2", "3"]}  # any number (Tip L2787)
    refused(s, "troops 4", match=r"'4' is not a choice here")
    s, log = run(s, "troops 3")
    assert sp(s, "kiambu")["troops"] == 0 and sp(s, "nanyuki")["troops"] == 3
    assert s["control"]["kiambu"] == "maumau" and s["control"]["nanyuki"] == "british"
    assert s["pw"] == 8  # 1.7: Mau Mau gained Control of Kiambu, Population 2
    assert "the Mau Mau moved 3 Troops from Kiambu to Nanyuki" in texts(log)
    assert over(s)


def test_k13_shaded_the_mau_mau_may_move_none():
    s, _ = ev("K13", "shaded", first="maumau", thika={"troops": 2})
    assert legal(s) == {"space": ["thika"], "done": []}
    s, log = run(s, "done")
    assert sp(s, "thika")["troops"] == 2 and "the Mau Mau moved no Troop" in texts(log) and over(s, "maumau")
    s, _ = ev("K13", "shaded", first="maumau", thika={"troops": 2})
    s, _ = run(s, "space thika")
    assert "thika" not in legal(s)["space"]  # the Troops go elsewhere
    refused(s, "space thika", match=r"the Troops leave Thika: they go to another Non-Reserve Province")
    assert offered("K13", kiambu={"police": 2}) == {"unshaded"}  # no Troop on the map


# -- K14 Waruhiu Itote --------------------------------------------------------------------------------------

def test_k14_unshaded_removes_one_guerrilla_from_each_mountain_jungle():
    s, _ = ev("K14", "unshaded", aberdares={"guerrillas_u": 2, "guerrillas_a": 1}, mount_kenya={"guerrillas_a": 1},
              kiambu={"guerrillas_u": 2})
    assert set(legal(s)["remove"]) == {"aberdares guerrilla-u", "aberdares guerrilla-a", "mount-kenya guerrilla-a"}
    assert "done" not in legal(s)
    s, _ = run(s, "remove aberdares guerrilla-a")
    refused(s, "remove aberdares guerrilla-u", match=r"1 piece.*in Aberdares already, the most the card allows")
    refused(s, "remove kiambu guerrilla-u", match=r"Kiambu is not among the spaces the card removes from")
    s, log = run(s, "remove mount-kenya guerrilla-a")
    assert (sp(s, "aberdares")["guerrillas_u"], sp(s, "aberdares")["guerrillas_a"]) == (2, 0)
    assert B_guerrillas(s, "mount-kenya") == 0 and B_guerrillas(s, "kiambu") == 2 and over(s)


def B_guerrillas(s, sid):
    return sp(s, sid)["guerrillas_u"] + sp(s, sid)["guerrillas_a"]


def test_k14_unshaded_not_offered_without_guerrillas_in_the_mountain_jungles():
    assert offered("K14", kiambu={"guerrillas_u": 2}, aberdares={"bases": 2}) == {"shaded"}


def test_k14_shaded_places_a_base_and_a_guerrilla_in_one_mountain_jungle():
    s, _ = ev("K14", "shaded", first="maumau", aberdares={"bases": 2}, mount_kenya={"guerrillas_u": 1})
    assert legal(s) == {"space": ["mount-kenya"]}  # the Base cannot go to Aberdares (1.4.2; 5.1.3)
    refused(s, "space aberdares", match=r"Aberdares has 2 Bases: the Base cannot go there, and it can in Mount "
                                        r"Kenya \(Waruhiu Itote, K14, 1.4.2, 5.1.3\)")
    refused(s, "space kiambu", match=r"Kiambu is a Province, not a Mountain Jungle")
    s, log = run(s, "space mount-kenya", "place mount-kenya", "place mount-kenya")
    assert sp(s, "mount-kenya")["bases"] == 1 and sp(s, "mount-kenya")["guerrillas_u"] == 2
    assert s["control"]["mount-kenya"] == "maumau" and over(s, "maumau")


def test_k14_shaded_not_offered_to_the_british_with_nothing_available_to_place():
    full = dict(kiambu={"bases": 2, "guerrillas_u": 15}, nyeri={"bases": 2})
    assert offered("K14", **full) == set()
    assert offered("K14", first="maumau", **full) == {"shaded"}  # their own Guerrilla from the map


def test_k14_shaded_the_british_place_from_available_only():
    """5.1.1, ruling R-1.4.1: the other faction's pieces come from Available only; with no Base Available, the
    British place the Guerrilla alone."""
    s, log = ev("K14", "shaded", kiambu={"bases": 2}, nyeri={"bases": 2})
    assert s["available"]["bases"] == 0
    assert legal(s) == {"space": ["aberdares", "mount-kenya"]}
    s, log = run(s, "space aberdares", "place aberdares")
    assert sp(s, "aberdares")["bases"] == 0 and sp(s, "aberdares")["guerrillas_u"] == 1
    assert "Waruhiu Itote: no Base can be placed in Aberdares." in texts(log) and over(s)


def test_k14_shaded_the_mau_mau_may_take_their_base_from_the_map():
    s, _ = ev("K14", "shaded", first="maumau", kiambu={"bases": 2}, nyeri={"bases": 2})
    s, _ = run(s, "space aberdares", "place aberdares")
    assert legal(s) == {"take": ["kiambu base", "nyeri base"], "done": []}
    s, log = run(s, "take nyeri base", "place aberdares")
    assert sp(s, "aberdares")["bases"] == 1 and sp(s, "nyeri")["bases"] == 1 and over(s, "maumau")


# -- K15 Nairobi --------------------------------------------------------------------------------------------

def test_k15_unshaded_the_british_place_up_to_four_cubes_in_nairobi_then_sweep_there():
    s, _ = ev("K15", "unshaded", first="maumau", nairobi={"guerrillas_u": 4}, thika={"troops": 2},
              kiambu={"troops": 1})
    assert role(s) == "british"  # ruling R-EVENT-FACTION: "British place"
    assert legal(s) == {"place": ["troop", "police"], "done": []}
    refused(s, "place base", match=r"'place' here is written 'place troop\|police'")
    s, log = run(s, "place troop", "place police", "place police")
    assert (sp(s, "nairobi")["troops"], sp(s, "nairobi")["police"]) == (1, 2)
    s, log = run(s, "done")
    assert "Nairobi: the British began a free Limited Sweep." in texts(log)
    assert legal(s) == {"space": ["nairobi"]}  # the one destination (ruling R-FREE-OPS)
    refused(s, "space thika", match=r"Thika is not among the spaces this Sweep may select \(Nairobi\) \(Nairobi, K15\)")
    s, _ = run(s, "space nairobi", "done")
    assert legal(s)["move"] == ["kiambu nairobi", "thika nairobi"]
    s, log = run(s, "move thika nairobi", "done")
    assert sp(s, "nairobi")["troops"] == 2 and sp(s, "nairobi")["guerrillas_a"] == 4  # 4 cubes: 4 Activated
    assert over(s, "maumau") and s["resources"]["maumau"] == 5  # no Special Activity was offered


def test_k15_unshaded_places_at_most_four_cubes():
    s, _ = ev("K15", "unshaded")
    s, _ = run(s, "place troop", "place troop", "place troop", "place troop")
    assert sp(s, "nairobi")["troops"] == 4
    assert legal(s) == {"space": ["nairobi"]}  # four placed: the Sweep follows


def test_k15_unshaded_takes_cubes_from_the_map_outside_nairobi_when_none_is_available():
    """Ruling R-1.4.1: the British place their own cubes from the map when none is Available (an Event's own
    text, its default reading); a cube already in Nairobi is not offered to be placed there."""
    s, _ = ev("K15", "unshaded", nairobi={"troops": 10, "police": 6}, thika={"police": 1})
    assert legal(s) == {"place": ["police"], "done": []}
    refused(s, "place troop", match=r"no Troop is Available or on the map outside Nairobi to take \(Nairobi, K15, 1.4.1\)")
    s, log = run(s, "place police")
    assert set(legal(s)["take"]) == {"nairobi police", "thika police"}
    s, log = run(s, "take thika police")
    assert sp(s, "nairobi")["police"] == 7 and sp(s, "thika")["police"] == 0
    assert legal(s) == {"space": ["nairobi"]}  # nothing more to place: the Sweep follows


def test_k15_shaded_the_mau_mau_place_a_guerrilla_in_nairobi_then_free_terror_there():
    s, _ = ev("K15", "shaded", nairobi={"police": 2, "support": 1}, resources=0)
    assert role(s) == "maumau"  # ruling R-EVENT-FACTION: "Mau Mau place"
    assert legal(s) == {"place": ["nairobi"]}
    s, log = run(s, "place nairobi")
    assert sp(s, "nairobi")["guerrillas_u"] == 1
    assert legal(s) == {"space": ["nairobi"]}
    s, log = run(s, "space nairobi")
    assert sp(s, "nairobi")["guerrillas_a"] == 1 and s["resources"]["maumau"] == 0  # free (5.4)
    s, log = run(s, "place terror", "done")
    assert sp(s, "nairobi")["terror"] == 1 and sp(s, "nairobi")["support"] == 0
    assert over(s)


def test_k15_shaded_takes_a_guerrilla_from_the_map_when_none_is_available():
    s, _ = ev("K15", "shaded", first="maumau", kiambu={"guerrillas_u": 15})
    s, _ = run(s, "place nairobi")
    assert legal(s) == {"take": ["kiambu guerrilla-u"], "done": []}
    s, _ = run(s, "take kiambu guerrilla-u", "space nairobi", "done")
    assert sp(s, "nairobi")["guerrillas_a"] == 1 and sp(s, "nairobi")["terror"] == 1 and over(s, "maumau")


# -- K16 King's African Rifles ------------------------------------------------------------------------------

def test_k16_unshaded_four_troops_in_one_space_then_a_free_limited_operation_there():
    s, _ = ev("K16", "unshaded", first="maumau", aberdares={"guerrillas_a": 2, "bases": 1})
    assert role(s) == "british" and len(legal(s)["space"]) == 12
    s, _ = run(s, "space aberdares")
    assert legal(s) == {"place": ["aberdares"]}  # 4 Troops where they can go (5.1.3: no done)
    refused(s, "done", match=r"the card places 4 piece.*5.1.3")
    s, _ = run(s, "place aberdares", "place aberdares", "place aberdares", "place aberdares")
    assert sp(s, "aberdares")["troops"] == 4
    assert legal(s) == {"op": ["sweep", "assault"]}  # Deploy and Relocate cannot select a Mountain Jungle
    refused(s, "op deploy", match=r"'deploy' is not a choice here")
    s, log = run(s, "op assault")
    assert "King's African Rifles: the British began a free Limited Assault." in texts(log)
    assert legal(s) == {"space": ["aberdares"]}
    s, log = run(s, "space aberdares", "done")
    assert sp(s, "aberdares")["guerrillas_a"] == 0 and sp(s, "aberdares")["bases"] == 1  # 4 Troops: 2 pieces
    assert over(s, "maumau")


def test_k16_unshaded_takes_troops_from_the_map_when_none_is_available_then_deploys():
    """Ruling R-1.4.1: the British place their own Troops from the map when none is Available; the Limited
    Operation is any British Operation that can select the space (Deploy in Nairobi, ruling R-DEPLOY)."""
    s, _ = ev("K16", "unshaded", thika={"troops": 10})
    s, _ = run(s, "space nairobi", "place nairobi")
    assert legal(s) == {"take": ["thika troop"], "done": []}
    s, _ = run(s, "take thika troop", "place nairobi", "take thika troop", "place nairobi", "take thika troop",
               "place nairobi", "take thika troop")
    assert sp(s, "nairobi")["troops"] == 4 and sp(s, "thika")["troops"] == 6
    assert legal(s) == {"op": ["deploy", "sweep"]}  # nothing to Assault, Relocate selects Reserve Provinces
    s, log = run(s, "op deploy", "space nairobi", "place police", "done", "done")
    assert "King's African Rifles: the British began a free Limited Deploy." in texts(log)
    assert sp(s, "nairobi")["police"] == 1


def test_k16_shaded_sets_a_province_with_troops_to_resistance_and_places_terror():
    s, _ = ev("K16", "shaded", thika={"troops": 1, "terror": 1, "support": 1}, nairobi={"troops": 2},
              aberdares={"troops": 2}, kiambu={"police": 2})
    assert legal(s) == {"space": ["thika"]}  # a Province with Troops (not Nairobi, ruling R-MAP-3)
    refused(s, "space nairobi", match=r"Nairobi is Nairobi, not a Province")
    refused(s, "space kiambu", match=r"Kiambu has no Troop: the card chooses a Province with Troops")
    s, log = run(s, "space thika")
    assert sp(s, "thika")["support"] == -1 and sp(s, "thika")["terror"] == 2  # an Event stacks Terror (1.4.2)
    assert over(s)


def test_k16_shaded_prefers_a_populated_province_ruling_r_event_level():
    s, _ = ev("K16", "shaded", population={"embu": 0}, embu={"troops": 1}, meru={"troops": 1})
    assert legal(s) == {"space": ["meru"]}
    refused(s, "space embu", match=r"Embu is Unpopulated, never at Loyalty or Resistance .*ruling R-EVENT-LEVEL")
    s, log = ev("K16", "shaded", population={"embu": 0}, embu={"troops": 1})
    s, log = run(s, "space embu")
    assert sp(s, "embu")["terror"] == 1 and sp(s, "embu")["support"] == 0
    assert "it is not set to Resistance" in texts(log)
    assert offered("K16", nairobi={"troops": 3}) == {"unshaded"}


# -- K17 Kenya Police Reserve -------------------------------------------------------------------------------

def test_k17_unshaded_one_police_from_anywhere_into_each_non_reserve_province():
    s, _ = ev("K17", "unshaded", first="maumau", nairobi={"police": 2}, thika={"police": 1})
    assert s["available"]["police"] == 4 and s["out_of_play"] == 8
    opts = legal(s)["place"]
    assert "thika available" in opts and "thika out-of-play" in opts and "thika nairobi" in opts
    assert "thika thika" not in opts and "done" not in legal(s)
    refused(s, "place kiambu available", match=r"Kiambu is a Province, a Reserve Province: the card places in "
                                             r"each Non-Reserve Province")
    refused(s, "place nairobi available", match=r"Nairobi is Nairobi: the card places")
    s, log = run(s, "place thika nairobi", "place nanyuki out-of-play", "place rift-valley available")
    refused(s, "place thika available", match=r"1 piece.*in Thika already")
    s, log = run(s, "place thompsons-falls nairobi")
    assert [sp(s, p)["police"] for p in ("thika", "nanyuki", "rift-valley", "thompsons-falls")] == [2, 1, 1, 1]
    assert sp(s, "nairobi")["police"] == 0 and s["out_of_play"] == 7 and s["available"]["police"] == 3
    assert over(s, "maumau")


def test_k17_shaded_removes_a_guerrilla_in_each_non_reserve_province_and_sets_it_to_resistance():
    s, _ = ev("K17", "shaded", thika={"guerrillas_u": 1, "guerrillas_a": 1, "support": 1},
              nanyuki={"guerrillas_a": 2}, kiambu={"guerrillas_u": 2}, aberdares={"guerrillas_u": 1},
              nairobi={"guerrillas_u": 1})
    assert set(legal(s)["remove"]) == {"thika guerrilla-u", "thika guerrilla-a", "nanyuki guerrilla-a"}
    refused(s, "done", match=r"5.1.3")
    refused(s, "remove kiambu guerrilla-u", match=r"Kiambu is not among the spaces the card removes from")
    s, log = run(s, "remove thika guerrilla-u", "remove nanyuki guerrilla-a")
    assert B_guerrillas(s, "thika") == 1 and B_guerrillas(s, "nanyuki") == 1
    assert sp(s, "thika")["support"] == -1 and sp(s, "nanyuki")["support"] == -1
    assert sp(s, "rift-valley")["support"] == 0 and B_guerrillas(s, "kiambu") == 2 and over(s)
    assert offered("K17", kiambu={"guerrillas_u": 2}, aberdares={"guerrillas_u": 1}) == {"unshaded"}


# -- K18 Operation Blitz ------------------------------------------------------------------------------------

def test_k18_unshaded_the_british_sweep_into_a_mountain_jungle_then_air_strike_there():
    s, _ = ev("K18", "unshaded", first="maumau", aberdares={"guerrillas_u": 3}, kiambu={"troops": 4},
              fort_hall={"troops": 1})
    assert role(s) == "british" and legal(s) == {"space": ["aberdares", "mount-kenya"]}
    refused(s, "space kiambu", match=r"Kiambu is not among the spaces this Sweep may select \(Aberdares and Mount "
                                     r"Kenya\) \(Operation Blitz, K18\)")
    s, _ = run(s, "space aberdares", "done")
    assert set(legal(s)["move"]) >= {"kiambu aberdares", "fort-hall aberdares"}
    s, log = run(s, "move kiambu aberdares", "move kiambu aberdares", "move kiambu aberdares",
                 "move kiambu aberdares", "done")
    assert sp(s, "aberdares")["guerrillas_a"] == 2  # 4 cubes in a Mountain Jungle: 2 Activated (3.2.3)
    assert "Operation Blitz: the British began a free Air Strike." in texts(log)
    s, log = run(s, "space aberdares")
    assert sp(s, "aberdares")["guerrillas_a"] == 0 and sp(s, "aberdares")["guerrillas_u"] == 1  # 2 removed
    assert over(s, "maumau")


def test_k18_unshaded_no_air_strike_without_an_active_guerrilla():
    s, _ = ev("K18", "unshaded", mount_kenya={"guerrillas_u": 1})
    s, log = run(s, "space mount-kenya", "done", "done")
    assert "Operation Blitz: the British could conduct no Air Strike in Mount Kenya" in texts(log) and over(s)


def test_k18_shaded_flips_all_guerrillas_in_the_mountain_jungles_underground():
    s, log = ev("K18", "shaded", aberdares={"guerrillas_a": 2, "guerrillas_u": 1}, mount_kenya={"guerrillas_a": 1},
                kiambu={"guerrillas_a": 2})
    assert sp(s, "aberdares")["guerrillas_u"] == 3 and sp(s, "mount-kenya")["guerrillas_u"] == 1
    assert sp(s, "kiambu")["guerrillas_a"] == 2
    assert "Operation Blitz: 2 Active Guerrillas in Aberdares flipped Underground." in texts(log) and over(s)
    assert offered("K18", aberdares={"guerrillas_u": 2}, kiambu={"guerrillas_a": 1}) == {"unshaded"}


# -- K19 'One-Mile Strip' -----------------------------------------------------------------------------------

def mount_kenya_ring(**extra):
    """British pieces in every space adjacent to Mount Kenya (Embu, Meru, Nanyuki, Nyeri: ruling R-MAP-1)."""
    return {"meru": {"police": 1}, "embu": {"troops": 1}, "nanyuki": {"police": 1}, "nyeri": {"troops": 2}, **extra}


def test_k19_unshaded_removes_a_base_from_a_ringed_mountain_jungle_for_political_will():
    s, log = ev("K19", "unshaded", pw=10, **mount_kenya_ring(mount_kenya={"bases": 2, "guerrillas_u": 1},
                                                             aberdares={"bases": 1}))
    assert legal(s) == {"remove": ["mount-kenya base"]}  # Aberdares' neighbours hold no British piece
    refused(s, "remove aberdares base", match=r"Aberdares is not among the spaces the card removes from")
    s, log = run(s, "remove mount-kenya base")
    assert sp(s, "mount-kenya")["bases"] == 1 and s["pw"] == 11
    assert over(s)


def test_k19_unshaded_not_offered_unless_every_adjacent_space_holds_british_pieces():
    assert offered("K19", meru={"police": 1}, mount_kenya={"bases": 1}, kiambu={"support": 1}) == {"shaded"}


def test_k19_shaded_sets_a_populated_reserve_province_to_resistance():
    s, _ = ev("K19", "shaded", population={"embu": 0}, kiambu={"support": -1})
    assert legal(s) == {"space": ["fort-hall", "nyeri", "meru"]}  # Kiambu is there already, Embu Unpopulated
    refused(s, "space thika", match=r"Thika is not among the spaces the card names")
    refused(s, "space embu", match=r"Embu is Unpopulated, never at Loyalty or Resistance")
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["support"] == -1 and over(s)


def test_k19_shaded_not_offered_with_every_populated_reserve_at_resistance():
    res = {p: {"support": -1} for p in ("kiambu", "fort_hall", "nyeri", "meru")}
    assert offered("K19", population={"embu": 0}, **res) == set()


# -- K20 Surrender Schemes ----------------------------------------------------------------------------------

def test_k20_unshaded_removes_one_guerrilla_each_from_up_to_two_spaces_with_troops():
    s, _ = ev("K20", "unshaded", kiambu={"guerrillas_u": 2, "troops": 1}, thika={"guerrillas_a": 1, "troops": 1},
              nyeri={"guerrillas_u": 1, "troops": 2}, embu={"guerrillas_u": 2, "police": 2})
    assert set(legal(s)["remove"]) == {"kiambu guerrilla-u", "nyeri guerrilla-u", "thika guerrilla-a"}
    assert "done" in legal(s)  # "up to"
    refused(s, "remove embu guerrilla-u", match=r"Embu is not among the spaces the card removes from")
    s, _ = run(s, "remove kiambu guerrilla-u")
    refused(s, "remove kiambu guerrilla-u", match=r"in Kiambu already, the most the card allows")
    s, _ = run(s, "remove thika guerrilla-a")
    assert B_guerrillas(s, "kiambu") == 1 and B_guerrillas(s, "thika") == 0 and B_guerrillas(s, "nyeri") == 1
    assert over(s)
    s, _ = ev("K20", "unshaded", kiambu={"guerrillas_u": 2, "troops": 1})
    s, _ = run(s, "done")
    assert B_guerrillas(s, "kiambu") == 2 and over(s)


def test_k20_shaded_the_mau_mau_free_rally_in_two_spaces():
    s, log = ev("K20", "shaded", resources=0, thika={"support": 1}, kiambu={"support": 1})
    assert role(s) == "maumau"
    assert "Surrender Schemes: the Mau Mau began a free Rally." in texts(log)
    assert "thika" not in legal(s)["space"] and "kiambu" in legal(s)["space"]  # no Loyal Non-Reserve (Tip)
    refused(s, "space thika", match=r"Thika is Loyal: Rally selects Reserve Provinces and other spaces without "
                                    r"Loyalty")
    refused(s, "done", match=r"select")
    s, _ = run(s, "space kiambu", "place guerrilla", "space aberdares", "place guerrilla", "done")
    assert sp(s, "kiambu")["guerrillas_u"] == 1 and sp(s, "aberdares")["guerrillas_u"] == 1
    assert s["resources"]["maumau"] == 0 and over(s)  # free (5.4), 2 spaces at most


# -- K21 'Shot While Escaping' ------------------------------------------------------------------------------

def test_k21_unshaded_the_british_assault_in_one_space_then_reveal_all_guerrillas_there():
    s, _ = ev("K21", "unshaded", first="maumau", kiambu={"troops": 1, "guerrillas_a": 2, "guerrillas_u": 2},
              thika={"police": 1, "guerrillas_a": 1})
    assert role(s) == "british" and legal(s) == {"space": ["kiambu", "thika"]}
    s, log = run(s, "space kiambu", "done")
    x = sp(s, "kiambu")
    assert (x["guerrillas_u"], x["guerrillas_a"]) == (0, 3)  # 1 Active removed, then 2 revealed
    assert "'Shot While Escaping': 2 Underground Guerrillas in Kiambu went Active." in texts(log)
    assert over(s, "maumau")


def test_k21_unshaded_not_offered_without_a_space_to_assault():
    assert offered("K21", kiambu={"guerrillas_u": 2}, thika={"troops": 2}) == set()
    assert offered("K21", kiambu={"guerrillas_u": 2, "troops": 1}) == {"unshaded", "shaded"}


def test_k21_shaded_removes_a_guerrilla_with_troops_and_flips_every_guerrilla_underground():
    kw = dict(kiambu={"troops": 1, "guerrillas_a": 2}, nyeri={"guerrillas_a": 3}, aberdares={"guerrillas_a": 1})
    s, _ = ev("K21", "shaded", first="maumau", **kw)
    assert legal(s) == {"remove": ["kiambu guerrilla-a"]}
    refused(s, "remove nyeri guerrilla-a", match=r"Nyeri is not among the spaces the card removes from")
    s, log = run(s, "remove kiambu guerrilla-a")
    assert sp(s, "kiambu")["guerrillas_u"] == 1 and sp(s, "nyeri")["guerrillas_u"] == 3
    assert sp(s, "aberdares")["guerrillas_u"] == 1
    assert "every Guerrilla on the map flipped Underground (5 Active Guerrillas flipped)" in texts(log)
    assert over(s, "maumau")


def test_k21_shaded_narrow_reading_flips_only_that_space_ruling_r_k21():
    kw = dict(kiambu={"troops": 1, "guerrillas_a": 2}, nyeri={"guerrillas_a": 3})
    s, _ = ev("K21", "shaded", rulings={"R-K21": "space"}, **kw)
    s, log = run(s, "remove kiambu guerrilla-a")
    assert sp(s, "kiambu")["guerrillas_u"] == 1 and sp(s, "nyeri")["guerrillas_a"] == 3
    assert "every Guerrilla in Kiambu flipped Underground" in texts(log)
    assert offered("K21", nyeri={"guerrillas_u": 3}, kiambu={"police": 2}) == set()


# -- K22 Dedan Kimathi --------------------------------------------------------------------------------------

def test_k22_unshaded_removes_a_base_from_a_british_controlled_space_for_political_will():
    s, _ = ev("K22", "unshaded", pw=20, kiambu={"troops": 3, "bases": 1}, nyeri={"troops": 1, "bases": 2},
              thika={"troops": 2, "bases": 1})
    assert s["control"]["nyeri"] != "british"
    assert set(legal(s)["remove"]) == {"kiambu base", "thika base"}
    refused(s, "remove nyeri base", match=r"Nyeri is not among the spaces the card removes from")
    s, log = run(s, "remove thika base")
    assert sp(s, "thika")["bases"] == 0 and s["pw"] == 20  # not beyond 20 (5.1.1)
    assert over(s)
    s, _ = ev("K22", "unshaded", pw=10, kiambu={"troops": 3, "bases": 1})
    s, log = run(s, "remove kiambu base")
    assert s["pw"] == 11 and "Dedan Kimathi: a Mau Mau Base was removed" in texts(log)


def test_k22_shaded_the_mau_mau_may_conduct_two_free_limited_operations():
    s, _ = ev("K22", "shaded", resources=0, aberdares={"guerrillas_u": 2}, kiambu={"police": 1})
    assert role(s) == "maumau" and set(legal(s)["op"]) == {"rally", "march", "terror"} and "done" in legal(s)
    s, log = run(s, "op march", "space kiambu", "done", "move aberdares kiambu guerrilla-u", "done")
    assert sp(s, "kiambu")["guerrillas_u"] == 1
    assert "op" in legal(s)  # the second, possibly with the same pieces (Tip L2877)
    s, log = run(s, "op terror", "space kiambu", "remove police", "done")
    assert sp(s, "kiambu")["police"] == 0 and s["resources"]["maumau"] == 0 and over(s)


def test_k22_shaded_the_mau_mau_may_stop():
    s, log = ev("K22", "shaded", first="maumau", aberdares={"guerrillas_u": 2})
    s, log = run(s, "done")
    assert "conducted no more free Operations" in texts(log) and over(s, "maumau")
