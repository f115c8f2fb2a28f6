"""Kenya Event cards K1 to K11 in every text (rule 5, 9.0 from L2663), and the shared Event choosers of
events/common.py (remove, place, Police from anywhere, choose) and the free Operations of events/granted.py
through them: each text's effect, its choices and refusals (words and rule), 5.1.3 (a text that can change
nothing is not offered), the capabilities' effects already read by the Operations and Special Activities."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.kenya import (  # noqa: F401  (register procedures)
    british_moves,
    british_ops,
    maumau_ops,
    special_british,
    special_maumau,
)
from engine.games.kenya.events import cards_k01_k11
from engine.games.kenya.invariants import invariants
from engine.testing import Position

from ..scripted import run_scripted


def check(s: dict) -> None:
    problems = invariants(s)
    assert not problems, problems


def position(pipeline: int = 1, pw: int = 10, resources: int = 5, caps: dict | None = None,
             out_of_play: int | None = None, **spaces) -> Position:
    """An empty map with the given pieces and markers (``support`` -1 Resistance, 1 Loyal; ``terror``), the
    tracks, the Police Out of Play and Capabilities."""
    p = Position("kenya").clear().track(political_will=pw, resources_maumau=resources, pipeline=pipeline)
    if out_of_play is not None:
        p.position["available"]["police"] += p.position["out_of_play"] - out_of_play
        p.position["out_of_play"] = out_of_play
    for sid, counts in spaces.items():
        p.put(sid.replace("_", "-"), **counts)
    for cid, side in (caps or {}).items():
        p.capability(cid, side)
    return p


def board(cid: str, first: str = "british", **kw) -> dict:
    """Card *cid* just revealed, *first* 1st Eligible, waiting at the box choice."""
    return position(**kw).card(cid, first=first).state()


def run(state, *orders, rolls=()):
    return run_scripted(state, orders, rolls, (), check)


def ev(cid: str, side: str, first: str = "british", **kw) -> dict:
    """Card *cid* revealed, *first* takes the Event box and executes *side*."""
    s, _ = run(board(cid, first=first, **kw), "box event", side)
    return s


def ev_log(cid: str, side: str, first: str = "british", **kw):
    return run(board(cid, first=first, **kw), "box event", side)


def offered(cid: str, first: str = "british", **kw) -> set[str]:
    """The texts of card *cid* offered in the Event box (5.1.3)."""
    s, _ = run(board(cid, first=first, **kw), "box event")
    return {k for k in legal(s) if k in ("unshaded", "shaded", "event")}


def role(state) -> str:
    return engine.active_roles(state)[0]


def legal(state) -> dict:
    return engine.legal_actions(state, role(state))


def refused(state, order, match):
    with pytest.raises(IllegalActionError, match=match):
        engine.apply(state, role(state), order)


def texts(log) -> str:
    return "\n".join(e["text"] for e in log)


def sp(state, sid):
    return state["spaces"][sid]


def turn_over(state, faction: str) -> bool:
    """The executing faction's turn is over: the other faction chooses its box (2.3)."""
    return role(state) != faction and "box" in legal(state)


# -- Capabilities: K3, K5, K7, K11 (5.3) ----------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["K3", "K5", "K7", "K11"])
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
def test_k3_k5_k7_k11_capabilities_go_into_play_for_the_rest_of_the_game(cid, side):
    s = board(cid, first="maumau")
    assert cid not in s["capabilities"]
    assert offered(cid, first="maumau") == {"unshaded", "shaded"}
    s, log = run(s, "box event", side)
    assert s["capabilities"][cid] == side
    assert f"put {cid} in play, {side}, as a Capability" in texts(log)
    assert turn_over(s, "maumau")


def test_k5_unshaded_capability_air_strike_selects_two_spaces():
    """K5 unshaded, read by Air Strike (special_british): up to 2 spaces."""
    s = position(caps={"K5": "unshaded"}, nyeri={"guerrillas_a": 1}, embu={"guerrillas_a": 1}).card("K19").state()
    g = Context(canonical.copy(s), Recorder(ScriptedChance(rolls=[])), engine.definition("kenya").rules)
    assert g.procs["ke.sa.air-strike"].most(g, None) == 2
    s2 = position(caps={"K5": "shaded"}, nyeri={"guerrillas_a": 1}, aberdares={"guerrillas_a": 1}).card("K19").state()
    g2 = Context(s2, Recorder(ScriptedChance(rolls=[])), engine.definition("kenya").rules)
    assert not g2.procs["ke.sa.air-strike"].qualifies(g2, {}, "nyeri")
    assert g2.procs["ke.sa.air-strike"].qualifies(g2, {}, "aberdares")


def test_k11_unshaded_capability_reward_selects_two_spaces():
    s = position(caps={"K11": "unshaded"}).card("K19").state()
    g = Context(s, Recorder(ScriptedChance(rolls=[])), engine.definition("kenya").rules)
    assert g.procs["ke.sa.reward"].most(g, None) == 2


def test_k11_shaded_after_a_reward_the_mau_mau_may_place_a_guerrilla_in_a_mountain_jungle():
    """Ruling R-K11: once after each Reward; the Mau Mau choose the Mountain Jungle, and may place none."""
    s = position(caps={"K11": "shaded"}).card("K19").state()
    g = Context(s, Recorder(ScriptedChance(rolls=[])), engine.definition("kenya").rules)
    g.call("ke.sa.reward", "british", rule="K24", free=True, max=None, only=None)  # a frame to return to
    cards_k01_k11.k11_after_reward(g)
    g.settle()
    assert engine.legal_actions(s, "maumau") == {"place": ["aberdares", "mount-kenya"], "done": []}
    s2, log = run(s, "place mount-kenya")
    assert sp(s2, "mount-kenya")["guerrillas_u"] == 1
    assert "Swynnerton Plan: Mau Mau placed a Guerrilla in Mount Kenya" in texts(log)


# -- K1 Operation Anvil -------------------------------------------------------------------------------------

def test_k1_unshaded_clears_nairobi_sets_loyal_shifts_pipeline_and_pw_per_base():
    s, log = ev_log("K1", "unshaded", pw=10, pipeline=1,
                    nairobi={"guerrillas_u": 1, "guerrillas_a": 2, "bases": 2, "police": 1, "support": -1})
    x = sp(s, "nairobi")
    assert (x["guerrillas_u"], x["guerrillas_a"], x["bases"], x["police"]) == (0, 0, 0, 1)
    assert x["support"] == 1 and s["pipeline"] == 2
    assert s["available"]["guerrillas"] == 15 and s["available"]["bases"] == 4
    # Mau Mau Control of Nairobi (Population 2) removed: +2 (1.7); 2 Bases: +2 (the Tip)
    assert s["pw"] == 14
    assert "Operation Anvil: 2 Bases removed from Nairobi to Available" in texts(log)
    assert "Political Will" in texts(log) and turn_over(s, "british")


def test_k1_unshaded_pipeline_at_its_end_stays_and_text_still_offered_while_nairobi_changes():
    s, log = ev_log("K1", "unshaded", pipeline=4, nairobi={"guerrillas_u": 1})
    assert s["pipeline"] == 4 and sp(s, "nairobi")["guerrillas_u"] == 0
    assert "shifts no further" in texts(log)


def test_k1_unshaded_not_offered_when_it_changes_nothing():
    assert offered("K1", pipeline=4, nairobi={"support": 1}) == {"shaded"}
    s, _ = run(board("K1", pipeline=4, nairobi={"support": 1}), "box event")
    refused(s, "unshaded", "the unshaded text of Operation Anvil .K1., Nairobi cleared, can change nothing now")


def test_k1_shaded_executing_faction_chooses_each_mau_mau_piece_then_shift_toward_resistance():
    s = ev("K1", "shaded", first="maumau", pw=10, nairobi={"police": 1})
    assert legal(s) == {"choose": ["guerrilla", "base"]}
    refused(s, "choose troop", "'troop' is not a choice here")
    refused(s, "done", "the card's text must be carried out")
    s, _ = run(s, "choose base", "place nairobi")
    s, log = run(s, "choose guerrilla", "place nairobi")
    x = sp(s, "nairobi")
    assert (x["bases"], x["guerrillas_u"], x["support"]) == (1, 1, -1)
    assert s["control"]["nairobi"] == "maumau" and s["pw"] == 8  # 1.7: Population 2
    assert "Nairobi" in texts(log) and turn_over(s, "maumau")


def test_k1_shaded_no_third_base_in_nairobi_so_guerrillas_only():
    s = ev("K1", "shaded", nairobi={"bases": 2})
    # 1.4.2: no third Base; one choice left, so nothing is asked: the Guerrillas are placed
    assert legal(s) == {"place": ["nairobi"]}
    s, _ = run(s, "place nairobi", "place nairobi")
    assert sp(s, "nairobi")["guerrillas_u"] == 2 and sp(s, "nairobi")["support"] == -1


def test_k1_shaded_british_place_mau_mau_pieces_from_available_only():
    """5.1.1, ruling R-1.4.1: the other faction's pieces come from Available only; with none, the shift alone."""
    s, log = ev_log("K1", "shaded", thika={"guerrillas_u": 15, "bases": 2}, rift_valley={"bases": 2})
    assert sp(s, "nairobi")["guerrillas_u"] == 0 and sp(s, "nairobi")["support"] == -1
    assert "no Mau Mau piece can be placed in Nairobi" in texts(log)
    assert offered("K1", thika={"guerrillas_u": 15, "bases": 2}, rift_valley={"bases": 2},
                   nairobi={"support": -1}) == {"unshaded"}


def test_k1_shaded_the_mau_mau_take_their_own_pieces_from_the_map():
    """Ruling R-1.4.1 (default reading): none Available, the Mau Mau take their own Guerrilla or Base from
    the map; with the strict reading they may not, and only the shift is left."""
    kw = dict(first="maumau", thika={"guerrillas_u": 15, "bases": 2}, rift_valley={"bases": 2})
    s = ev("K1", "shaded", **kw)
    assert legal(s) == {"choose": ["guerrilla", "base"]}
    s, _ = run(s, "choose base", "place nairobi")
    assert set(legal(s)["take"]) == {"rift-valley base", "thika base"} and "done" in legal(s)
    s, _ = run(s, "take thika base", "choose guerrilla", "place nairobi")
    assert legal(s) == {"take": ["thika guerrilla-u"], "done": []}
    s, log = run(s, "take thika guerrilla-u")
    x = sp(s, "nairobi")
    assert (x["guerrillas_u"], x["bases"], x["support"]) == (1, 1, -1)
    assert sp(s, "thika")["guerrillas_u"] == 14 and sp(s, "thika")["bases"] == 1
    s2 = board("K1", nairobi={"support": -1}, **kw)
    s2["rulings"] = {"R-1.4.1": "available"}
    s2, _ = run(s2, "box event")
    assert "shaded" not in legal(s2)


# -- K2 Jomo Kenyatta ---------------------------------------------------------------------------------------

def test_k2_unshaded_removes_all_guerrillas_from_nairobi_and_shifts_toward_loyal():
    s, log = ev_log("K2", "unshaded", nairobi={"guerrillas_u": 2, "guerrillas_a": 1, "bases": 1, "support": -1})
    x = sp(s, "nairobi")
    assert (x["guerrillas_u"], x["guerrillas_a"], x["bases"], x["support"]) == (0, 0, 1, 0)
    assert "Jomo Kenyatta: 2 Underground Guerrillas removed from Nairobi" in texts(log)


def test_k2_unshaded_not_offered_at_loyal_without_guerrillas():
    assert offered("K2", nairobi={"support": 1, "bases": 1}) == {"shaded"}


def test_k2_shaded_places_a_guerrilla_and_shifts_toward_resistance():
    s = ev("K2", "shaded", nairobi={"support": 1})
    assert legal(s) == {"place": ["nairobi"]}
    refused(s, "done", "the card places 1 piece.*5.1.3")
    s, _ = run(s, "place nairobi")
    assert sp(s, "nairobi")["guerrillas_u"] == 1 and sp(s, "nairobi")["support"] == 0


def test_k2_shaded_at_resistance_with_no_guerrilla_to_place_is_not_offered():
    assert offered("K2", nairobi={"support": -1}, thika={"guerrillas_u": 15}) == {"unshaded"}
    assert offered("K2", first="maumau", nairobi={"support": -1}, thika={"guerrillas_u": 15}) == \
        {"unshaded", "shaded"}  # the Mau Mau's own, from the map (ruling R-1.4.1)


# -- K4 Lari Massacre ---------------------------------------------------------------------------------------

def test_k4_terror_neutral_then_the_other_player_places_a_guerrilla_or_police():
    s = ev("K4", "event", first="maumau", nyeri={"support": 1, "terror": 1})
    assert legal(s) == {"space": ["kiambu", "fort-hall", "nyeri", "embu", "meru", "rift-valley", "nanyuki",
                                  "thompsons-falls", "thika"]}  # the nine Provinces (ruling R-MAP-3)
    refused(s, "space nairobi", "Nairobi is Nairobi, not a Province")
    refused(s, "space aberdares", "not a Province")
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["terror"] == 2 and sp(s, "nyeri")["support"] == 0  # Events stack Terror (1.4.2)
    assert role(s) == "british"  # ruling R-K4: the player who did not execute
    assert legal(s) == {"choose": ["guerrilla", "police"], "done": []}
    s, _ = run(s, "choose police", "place nyeri")
    assert sp(s, "nyeri")["police"] == 1 and s["control"]["nyeri"] == "british"
    assert turn_over(s, "maumau")


def test_k4_the_other_player_may_place_nothing():
    s = ev("K4", "event", nanyuki={})
    s, _ = run(s, "space nanyuki")
    assert role(s) == "maumau"
    s, log = run(s, "done")
    assert sp(s, "nanyuki")["terror"] == 1 and sp(s, "nanyuki")["guerrillas_u"] == 0
    assert "Lari Massacre: the Mau Mau placed nothing in Nanyuki" in texts(log)


def test_k4_other_faction_pieces_from_available_only():
    """Ruling R-K4: the British, placing for the Mau Mau's Event, may place a Guerrilla only from Available."""
    s = ev("K4", "event", first="maumau", thika={"guerrillas_u": 15})
    s, _ = run(s, "space nyeri")
    assert legal(s) == {"choose": ["police"], "done": []}


def test_k4_no_terror_marker_left_still_sets_neutral():
    spaces = {sid: {"terror": 3} for sid in ("meru", "embu", "kiambu", "thika", "nanyuki")}
    s = ev("K4", "event", fort_hall={"support": -1}, **spaces)
    s, log = run(s, "space fort-hall")
    assert sp(s, "fort-hall")["terror"] == 0 and sp(s, "fort-hall")["support"] == 0
    assert "all 15 are on the map" in texts(log)


# -- K6 Home Guard ------------------------------------------------------------------------------------------

def test_k6_unshaded_places_three_police_from_available_out_of_play_or_the_map():
    s = ev("K6", "unshaded", out_of_play=2, nyeri={"police": 1}, embu={"troops": 1}, nairobi={"police": 2},
           kiambu={"guerrillas_u": 1})
    opts = legal(s)["place"]
    assert {"nyeri available", "nyeri out-of-play", "nyeri nairobi", "embu nyeri"} <= set(opts)
    assert not [o for o in opts if o.startswith("kiambu") or o.startswith("thika")]
    assert "done" not in legal(s)
    refused(s, "place kiambu available", "Kiambu is Mau Mau Controlled: the Police go to British Controlled")
    refused(s, "place nairobi available", "Nairobi is Nairobi, not a Reserve Province")
    refused(s, "place nyeri nyeri", "would change nothing")
    refused(s, "place nyeri meru", "Meru has no Police cube to take")
    s, log = run(s, "place nyeri out-of-play", "place embu nairobi")
    refused(s, "done", "the card places 3 piece.*5.1.3")
    s, log2 = run(s, "place embu available")
    assert sp(s, "nyeri")["police"] == 2 and sp(s, "embu")["police"] == 2 and sp(s, "nairobi")["police"] == 1
    assert s["out_of_play"] == 1
    assert "1 Police cube went from Out of Play to Nyeri" in texts(log)
    assert "moved a Police cube from Nairobi to place it in Embu" in texts(log)
    assert turn_over(s, "british")


def test_k6_unshaded_not_offered_without_a_british_controlled_reserve_province():
    assert offered("K6", thika={"police": 3}, nyeri={"guerrillas_u": 1}) == set()


def test_k6_shaded_replaces_each_terror_marker_in_reserves_with_a_guerrilla():
    s, log = ev_log("K6", "shaded", nyeri={"terror": 2, "police": 1}, meru={"terror": 1}, thika={"terror": 1},
                    aberdares={"terror": 1})
    assert (sp(s, "nyeri")["terror"], sp(s, "nyeri")["guerrillas_u"]) == (0, 2)
    assert (sp(s, "meru")["terror"], sp(s, "meru")["guerrillas_u"]) == (0, 1)
    assert sp(s, "thika")["terror"] == 1 and sp(s, "aberdares")["terror"] == 1  # not Reserve spaces (R-MAP-3)
    assert "Home Guard: 2 Underground Guerrillas placed in Nyeri" in texts(log)
    assert turn_over(s, "british")


def test_k6_shaded_with_too_few_guerrillas_the_executing_faction_chooses_where():
    s = ev("K6", "shaded", thika={"guerrillas_u": 14}, nyeri={"terror": 1}, meru={"terror": 1})
    assert s["available"]["guerrillas"] == 1
    assert sp(s, "nyeri")["terror"] == 0 and sp(s, "meru")["terror"] == 0  # markers removed all the same
    assert legal(s) == {"place": ["nyeri", "meru"]}  # no done: the one Guerrilla must go (5.1.3)
    s, _ = run(s, "place meru")
    assert sp(s, "meru")["guerrillas_u"] == 1 and sp(s, "nyeri")["guerrillas_u"] == 0
    assert turn_over(s, "british")  # 5.1.1: none left, the other marker is only removed


def test_k6_shaded_not_offered_without_terror_in_a_reserve_province():
    assert offered("K6", thika={"terror": 1}, nyeri={"police": 1}) == {"unshaded"}


# -- K7 Pseudo-Gangs (capability read by Deploy and Sweep) --------------------------------------------------

def test_k7_unshaded_capability_a_granted_sweep_in_a_mountain_jungle_activates_one_per_cube_and_removes():
    """K7 unshaded, read by Sweep (british_moves), through K8's free Sweep: one Guerrilla Activated per cube,
    then one removed, Underground or Active as the British choose (the Tip; ruling R-K7)."""
    s = ev("K8", "unshaded", caps={"K7": "unshaded"}, aberdares={"troops": 2, "guerrillas_u": 4})
    s, log = run(s, "op sweep", "space aberdares", "done", "done")
    assert "one per cube in a Mountain Jungle (Pseudo-Gangs unshaded)" in texts(log)
    assert legal(s) == {"remove": ["guerrilla-u", "guerrilla-a"]}
    s, _ = run(s, "remove guerrilla-u")
    x = sp(s, "aberdares")
    assert (x["guerrillas_u"], x["guerrillas_a"]) == (1, 2)


# -- K8 Evelyn Baring ---------------------------------------------------------------------------------------

def test_k8_unshaded_pipeline_then_deploy_or_sweep_in_two_different_spaces():
    """The Tip and ruling R-FREE-OPS: two one-space free Operations, each a Deploy or a Sweep, in two spaces."""
    s, log = ev_log("K8", "unshaded", pipeline=1, nairobi={"troops": 1},
                    nyeri={"police": 1, "troops": 1, "guerrillas_u": 2}, fort_hall={"police": 1})
    assert s["pipeline"] == 2 and "The Pipeline moved from Emergency Powers (1)" in texts(log)
    assert role(s) == "british" and legal(s) == {"op": ["deploy", "sweep"], "done": []}
    refused(s, "op assault", "the card grants Deploy or Sweep, not Assault")
    refused(s, "op rally", "Rally is a Mau Mau Operation")
    s, log = run(s, "op sweep")
    assert "Evelyn Baring: the British began a free Sweep" in texts(log)
    assert "done" in legal(s) and len(legal(s)["space"]) == 12
    s, _ = run(s, "space nyeri")
    assert legal(s) == {"done": []}  # one space: the selection is full
    s, log = run(s, "done", "done")
    assert sp(s, "nyeri")["guerrillas_a"] == 2 and s["resources"]["maumau"] == 5
    assert legal(s) == {"op": ["deploy", "sweep"], "done": []}
    s, _ = run(s, "op deploy")
    assert legal(s) == {"space": ["nairobi", "fort-hall"], "done": []}  # Nyeri used by the Sweep
    refused(s, "space nyeri", "Nyeri is not among the spaces this Deploy may select")
    s, _ = run(s, "space fort-hall", "place police", "done", "done")
    assert "nairobi fort-hall" in legal(s)["move"]  # the Deploy's Troop move is part of it (ruling R-FREE-OPS)
    s, _ = run(s, "done")
    assert sp(s, "fort-hall")["police"] == 2
    assert turn_over(s, "british")


def test_k8_unshaded_british_decide_even_when_the_mau_mau_execute():
    s = ev("K8", "unshaded", first="maumau", nairobi={"troops": 1})
    assert role(s) == "british"  # ruling R-EVENT-FACTION
    s, log = run(s, "done")
    assert "conducted no more free Operations" in texts(log) and role(s) == "british"


def test_k8_shaded_the_mau_mau_may_place_a_guerrilla_each_in_two_provinces():
    s = ev("K8", "shaded")
    assert role(s) == "maumau"
    assert "nairobi" not in legal(s)["place"] and "aberdares" not in legal(s)["place"]
    assert "done" in legal(s)
    refused(s, "place nairobi", "Nairobi is not among the spaces the card places in")
    s, _ = run(s, "place nyeri")
    refused(s, "place nyeri", "1 piece.*in Nyeri already, the most the card allows in one space")
    s, _ = run(s, "place thika")
    assert sp(s, "nyeri")["guerrillas_u"] == 1 and sp(s, "thika")["guerrillas_u"] == 1
    assert turn_over(s, "british")


def test_k8_unshaded_not_offered_at_the_last_pipeline_box_with_no_deploy_or_sweep():
    kw = dict(pipeline=4, thika={"guerrillas_u": 15})
    assert "unshaded" in offered("K8", **kw)  # Deploy to Nairobi is always possible (ruling R-DEPLOY)


# -- K9 George Erskine --------------------------------------------------------------------------------------

def test_k9_unshaded_two_limited_operations_then_may_shift_pipeline_left():
    s = ev("K9", "unshaded", pipeline=3, nyeri={"troops": 1, "guerrillas_a": 2})
    assert role(s) == "british" and legal(s) == {"op": ["deploy", "sweep", "assault"], "done": []}
    s, log = run(s, "op assault", "space nyeri")
    assert "Evelyn Baring" not in texts(log) and "George Erskine: the British began a free Limited Assault" in \
        texts(log)
    assert legal(s) == {"done": []}  # Limited: one space (2.3.4)
    s, _ = run(s, "done")
    assert sp(s, "nyeri")["guerrillas_a"] == 1
    s, _ = run(s, "op assault", "space nyeri", "done")  # the same pieces again (the Tip)
    assert sp(s, "nyeri")["guerrillas_a"] == 0
    assert legal(s) == {"pipeline": ["down"], "done": []}
    s, log = run(s, "pipeline down")
    assert s["pipeline"] == 2 and turn_over(s, "british")


def test_k9_unshaded_the_british_may_stop_and_leave_the_pipeline():
    s = ev("K9", "unshaded", first="maumau", pipeline=2)
    assert role(s) == "british"  # ruling R-EVENT-FACTION: "British may"
    s, log = run(s, "done")
    assert "conducted no more free Operations" in texts(log)
    assert legal(s) == {"pipeline": ["down"], "done": []}
    s, log = run(s, "done")
    assert s["pipeline"] == 2 and "left the Pipeline where it was" in texts(log)
    assert turn_over(s, "maumau")


def test_k9_unshaded_at_pipeline_0_no_shift_is_asked():
    s = ev("K9", "unshaded", pipeline=0)
    s, log = run(s, "done")
    assert "at its first box and shifts no further left" in texts(log) and turn_over(s, "british")


def test_k9_shaded_lowers_political_will_with_troops_and_terror():
    s, log = ev_log("K9", "shaded", pw=10, nyeri={"troops": 1, "terror": 1})
    assert s["pw"] == 9 and "George Erskine: Troops and Terror in Nyeri" in texts(log)


def test_k9_shaded_not_offered_without_troops_and_terror_together():
    assert "shaded" not in offered("K9", nyeri={"troops": 1}, embu={"terror": 1})
    assert "shaded" not in offered("K9", pw=0, nyeri={"troops": 1, "terror": 1})


# -- K10 Weapon Shortage ------------------------------------------------------------------------------------

def test_k10_unshaded_removes_one_guerrilla_from_each_space_with_more_than_two():
    s = ev("K10", "unshaded", nyeri={"guerrillas_u": 2, "guerrillas_a": 1}, embu={"guerrillas_u": 3},
           meru={"guerrillas_u": 2, "bases": 2})
    assert set(legal(s)["remove"]) == {"nyeri guerrilla-u", "nyeri guerrilla-a", "embu guerrilla-u"}
    assert "done" not in legal(s)
    refused(s, "remove meru guerrilla-u", "Meru is not among the spaces the card removes from")
    s, _ = run(s, "remove nyeri guerrilla-a")
    refused(s, "remove nyeri guerrilla-u", "1 piece.*in Nyeri already")
    s, log = run(s, "remove embu guerrilla-u")
    assert (sp(s, "nyeri")["guerrillas_u"], sp(s, "nyeri")["guerrillas_a"]) == (2, 0)
    assert sp(s, "embu")["guerrillas_u"] == 2 and sp(s, "meru")["guerrillas_u"] == 2
    assert turn_over(s, "british")


def test_k10_unshaded_not_offered_without_a_space_of_three_guerrillas():
    """Ruling R-K10: Bases do not count."""
    assert offered("K10", nyeri={"guerrillas_u": 2, "bases": 2}, embu={"police": 1}) == {"shaded"}


def test_k10_shaded_the_mau_mau_place_up_to_two_guerrillas_in_one_space_with_police():
    s = ev("K10", "shaded", nyeri={"police": 1}, thika={"police": 2, "troops": 1})
    assert role(s) == "maumau" and set(legal(s)["place"]) == {"nyeri", "thika"} and "done" in legal(s)
    s, _ = run(s, "place thika")
    refused(s, "place nyeri", "the card uses at most 1 space")
    s, _ = run(s, "place thika")
    assert sp(s, "thika")["guerrillas_u"] == 2 and turn_over(s, "british")


def test_k10_shaded_not_offered_without_police_on_the_map():
    assert offered("K10", nyeri={"troops": 1}) == set()
