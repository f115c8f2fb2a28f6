"""Japanese Occupation's position files (engine.games.japanese_occupation.position; docs/positions.md; issue 30):
the rulebook's setup as a position (2.1), a mid-game position with every field of the game's own (the markers
not on the map 1.9-1.15, the Railways' Sabotage 1.12, Resistance 1.13 and Japanese Resources 1.7, Operation
Zipper and its Supply Caches 6.7, the Intel chits 1.11 with J20's set aside, J17's Troops, J14's Supply Cache,
J25's Force 136 with who executed it and J29's Kempeitai) that round-trips through the file, each decision (a
card, a turn, each Propaganda phase 6.1-6.6) and each fault refused with its field path and rule."""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine import testing
from engine.coin import deck as D
from engine.coin.position import Fault, PositionError, put_on_top
from engine.core.chance import SeededChance
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import intel_chits as chits
from engine.games.japanese_occupation.position import CARD_HELD, PHASE_STEPS, POSITION
from engine.games.japanese_occupation.propaganda import JapaneseOccupationPropaganda
from engine.games.japanese_occupation.setup import EXAMPLE_INTEL

from .helpers import HAND, put

GAME = "japanese-occupation"
INVARIANTS = engine.definition(GAME).invariants


def _played(state: dict, *cids: str) -> None:
    """Reveals *cids* in order, as the deck would (each put on top, then drawn): played, the last current."""
    g = HAND.context(state)
    put_on_top(state, *cids)
    for _ in cids:
        cid = D.draw_top(g)
        state["played"].append(cid)
        state["current"] = cid


def midgame_state() -> dict:
    """After five Event cards (J14, J17, J25, J29, then J20 current), every field of the game's own set: a Supply
    Cache out of the game (J14 shaded), 3 Troops on Burma Theater (J17), a Force 136 on John Davis (J25 shaded,
    the Japanese executing), a Kempeitai out of the game (J29 unshaded), Kelantan's chit set aside (J20 shaded),
    Kedah's revealed, Perak's concealed again after it was seen; Sabotage on two Railways, two Terror markers in
    Trengganu (Events stack them), a Jungle Camp and a New Village placed from Available, Active Guerrillas,
    Opposition in Pahang, Operation Zipper at '6' (its Supply Cache Available), Resistance 9, Resources 7."""
    g = HAND.context()
    s = g.s
    _played(s, "J14", "J17", "J25", "J29", "J20")
    s["spaces"]["perak"]["caches"] -= 1
    s["removed"] = 1
    s["spaces"]["ec-top"]["troops"] -= 3
    s["burma"] = 3
    s["spaces"]["negri-sembilan"]["force_136"] -= 1
    s["davis"] = 1
    s["flags"]["davis_by"] = "japanese"
    s["spaces"]["kuala-lumpur"]["kempeitai"] -= 1
    s["kempeitai_out"] = 1
    s["intel"]["kelantan"] = None
    s["intel_aside"] = [1]
    s["intel"]["kedah"] = {"revealed": True, "seen": True, "value": 2}
    s["intel"]["perak"] = {"revealed": False, "seen": True, "value": 0}
    s["railways"]["thailand-kedah"] = 2
    s["railways"]["pahang-johore"] = 1
    put(g, "trengganu", terror=2, jungle_camp=1, new_village=1)
    put(g, "pahang", opposition=1)
    s["spaces"]["johore"]["mpaja_u"] -= 1
    s["spaces"]["johore"]["mpaja_a"] += 1
    s["spaces"]["kedah"]["non_mpaja_u"] -= 1
    s["spaces"]["kedah"]["non_mpaja_a"] += 1
    s["zipper"] = 6
    s["zipper_caches"] = [12]
    s["available"]["caches"] += 1
    s["resistance"], s["resources"] = 9, 7
    s["capabilities"] = {"J15": "shaded"}
    s["eligible"] = ["japanese", "british"]
    assert INVARIANTS(s) == []
    return s


def midgame() -> dict:
    """:func:`midgame_state` as a position: the Japanese, 1st Eligible, to choose on J20."""
    return POSITION.to_position(midgame_state(), {"at": "turn", "faction": "japanese"})


# -- the rulebook's setup ---------------------------------------------------------------------------------------

def test_2_1_the_rulebook_setup_is_a_valid_position():
    p = POSITION.rulebook()
    assert POSITION.validate(p) == []
    assert p["decision"] == {"at": "card"} and p["cards"] == {"played": [], "current": None, "top": []}
    assert p["tracks"] == {"resistance": 2, "resources": 0}  # L2150, L2151
    assert p["zipper"] == 0 and p["zipper_caches"] == [6, 12]  # Delay, two Supply Caches on the track (L2149)
    assert p["spaces"]["perak"] == {"troops": 3, "police": 1, "mpaja_u": 2, "caches": 1, "opposition": 1,
                                    "kempeitai": 1, "force_136": 1, "jungle_camp": 1}  # L2171
    assert "trengganu" not in p["spaces"] and "selangor" not in p["spaces"]  # Neutral and empty (L2175, L2179)
    assert p["available"] == {"troops": 0, "police": 3, "mpaja": 4, "non_mpaja": 2, "caches": 2}  # L2165
    assert p["markers_available"] == {"jungle_camp": 1, "force_136": 1, "new_village": 4}  # L2165
    assert p["railways"] == {} and p["intel_aside"] == []
    assert all(c == {"revealed": False, "seen": False, "value": None} for c in p["intel"].values())  # L2163
    assert set(p["intel"]) == set(B.INTEL_SPACES)
    assert (p["burma"], p["removed"], p["davis"], p["kempeitai_out"]) == (0, 0, 0, 0) and "davis_by" not in p
    assert p["initiative"]["eligible"] == ["british", "japanese"] and p["momentum"] == {}  # L2152


def test_8_0_the_example_of_play_places_its_intel_chits_face_down():
    p = POSITION.rulebook("example-of-play")
    assert POSITION.validate(p) == []
    assert p["intel"]["kedah"] == {"revealed": False, "seen": False, "value": 2}  # L1650
    assert sorted(c["value"] for c in p["intel"].values()) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    state = POSITION.from_position(p, SeededChance(4, context="setup"))
    assert state["intel"]["johore"] == {"revealed": False, "seen": False, "value": None}  # as every view shows it
    assert state["intel_face_down"] == EXAMPLE_INTEL  # the values hidden apart (1.11)
    assert POSITION.to_position(state)["intel"] == p["intel"]


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
def test_2_1_the_rulebook_setup_as_a_position_is_the_setup(scenario):
    p = POSITION.rulebook(scenario)
    built = POSITION.from_position(p, SeededChance(7, context="setup"))
    assert POSITION.same(built, engine.setup(GAME, scenario, {}, SeededChance(7, context="setup")))


def test_2_1_an_umpires_reading_of_the_zipper_boxes_is_read_from_the_options():
    p = POSITION.rulebook()
    p["options"] = {"rulings": {"R-ZIPPER": "six_and_eighteen"}}
    p["zipper_caches"] = [6, 18]
    assert POSITION.validate(p) == []
    state = POSITION.from_position(p, SeededChance(2, context="setup"))
    assert state["zipper_caches"] == [6, 18] and state["rulings"] == {"R-ZIPPER": "six_and_eighteen"}
    p["options"] = {}
    assert [f.path for f in POSITION.validate(p)] == ["zipper_caches"]  # '18' is no box of the default reading


# -- a mid-game position: every field of the game's own ---------------------------------------------------------

def test_a_midgame_position_states_every_field():
    p = midgame()
    assert POSITION.validate(p) == []
    assert json.loads(json.dumps(p)) == p  # a JSON file
    assert p["markers_available"] == {"jungle_camp": 0, "force_136": 1, "new_village": 3}
    assert p["railways"] == {"thailand-kedah": 2, "pahang-johore": 1}  # only the sabotaged ones
    assert p["zipper"] == 6 and p["zipper_caches"] == [12] and p["available"]["caches"] == 3
    assert p["intel"]["kedah"] == {"revealed": True, "seen": True, "value": 2}
    assert p["intel"]["perak"] == {"revealed": False, "seen": True, "value": 0}
    assert p["intel"]["kelantan"] is None and p["intel_aside"] == [1]
    assert p["intel"]["johore"] == {"revealed": False, "seen": False, "value": None}
    assert (p["burma"], p["removed"], p["davis"], p["davis_by"], p["kempeitai_out"]) == (3, 1, 1, "japanese", 1)
    assert p["tracks"] == {"resistance": 9, "resources": 7}
    assert p["spaces"]["trengganu"] == {"terror": 2, "jungle_camp": 1, "new_village": 1}
    assert p["spaces"]["johore"]["mpaja_a"] == 1 and p["spaces"]["kedah"] == {"non_mpaja_a": 1}
    assert p["spaces"]["pahang"] == {"mpaja_u": 1, "opposition": 1}
    assert p["cards"]["played"] == ["J14", "J17", "J25", "J29", "J20"] and p["cards"]["current"] == "J20"
    assert p["capabilities"] == {"J15": "shaded"}


def test_a_midgame_position_round_trips():
    p = midgame()
    state = POSITION.from_position(copy.deepcopy(p))
    assert INVARIANTS(state) == []
    assert engine.active_roles(state) == ["japanese"] and state["current"] == "J20"
    want = midgame_state()
    for key in ("spaces", "available", "railways", "zipper", "zipper_caches", "intel", "intel_aside", "burma",
                "removed", "davis", "kempeitai_out", "resistance", "resources", "capabilities", "eligible"):
        assert state[key] == want[key], key
    assert state["flags"]["davis_by"] == "japanese"
    assert POSITION.to_position(state) == p


@pytest.mark.parametrize("key", sorted(POSITION.extra_fields))
def test_each_field_of_the_game_changes_the_state_it_states(key):
    """Each of the game's own fields is read: the mid-game position and the rulebook's differ in it, and the
    state built keeps the mid-game's value (written back the same)."""
    p = midgame()
    assert key in p and p[key] != POSITION.rulebook().get(key)
    assert POSITION.to_position(POSITION.from_position(copy.deepcopy(p)))[key] == p[key]


def test_an_intel_chit_given_without_seen_is_seen_when_revealed():
    p = POSITION.rulebook()
    p["intel"]["kedah"] = {"revealed": True, "value": 1}
    del p["intel"]["perak"]  # a space left out: its chit concealed, not seen
    assert POSITION.validate(p) == []
    state = POSITION.from_position(p, SeededChance(1, context="setup"))
    assert state["intel"]["kedah"] == {"revealed": True, "seen": True, "value": 1}
    assert state["intel"]["perak"] == {"revealed": False, "seen": False, "value": None}


def test_a_position_without_intel_deals_every_chit_face_down():
    p = POSITION.rulebook()
    del p["intel"], p["intel_aside"]
    state = POSITION.from_position(p, SeededChance(1, context="setup"))
    assert state["intel"] == chits.fresh_intel() and state["intel_aside"] == []


# -- decisions ----------------------------------------------------------------------------------------------------

def test_2_2_a_card_decision_reveals_the_card_named():
    p = POSITION.rulebook()
    p["decision"] = {"at": "card", "card": "J14"}
    state = POSITION.from_position(p, SeededChance(3))
    assert state["played"] == ["J14"] and state["current"] == "J14"


def test_2_4_the_second_eligible_chooses_once_the_first_holds_a_box():
    p = testing.Position(GAME).turn("japanese", "J20", first="british").position
    p["initiative"]["boxes"]["opsa"] = "british"
    assert POSITION.validate(p) == []
    state = POSITION.from_position(p)
    assert engine.active_roles(state) == ["japanese"] and state["boxes"]["opsa"] == "british"
    assert POSITION.to_position(state) == p
    p["initiative"]["boxes"]["opsa"] = None
    assert any(f.path == "decision.faction" and "british (1st Eligible) must hold a box first (2.4.2)" in f.message
               for f in POSITION.validate(p))


def test_5_4_a_mandatory_event_closes_the_event_box_of_a_turn_position():
    p = testing.Position(GAME).turn("british", "J6").position
    assert POSITION.validate(p) == []
    state = POSITION.from_position(p, SeededChance(1))
    assert state["flags"]["mandatory"] == "J6"
    assert "event" not in engine.legal_actions(state, "british").get("box", [])
    p["initiative"]["boxes"]["event"] = "british"
    p["decision"]["faction"] = "japanese"
    assert any(f.path == "initiative.boxes.event" and "the Event box is closed on J6 (5.4)" in f.message
               for f in POSITION.validate(p))


def test_6_0_the_phases_are_the_steps_of_the_propaganda_round_in_order():
    script = JapaneseOccupationPropaganda.script
    assert list(POSITION.phases) == list(PHASE_STEPS)  # every phase found in the script
    indexes = [index for index, _rule in POSITION.phases.values()]
    assert indexes == sorted(indexes) and indexes[0] == 0
    for name, (step, rule) in PHASE_STEPS.items():
        assert script[POSITION.phases[name][0]] == step
        doc = getattr(JapaneseOccupationPropaganda, step).__doc__
        assert doc.startswith(rule), (name, doc)  # the step begins the phase of that rule


HEADS = {"mpaja": "MPAJA Phase", "resistance": "Resistance Phase.", "resources": "Resources Phase.",
         "support": "Support Phase.", "redeploy": "Redeploy Phase.", "reset": "Reset Phase."}


def _propaganda(phase: str) -> testing.Position:
    """The start of *phase* of the first Propaganda card's round (J33), counted once its MPAJA Phase began."""
    return testing.Position(GAME).propaganda(phase, "J33").rounds(0 if phase == "mpaja" else 1)


@pytest.mark.parametrize("phase", list(PHASE_STEPS))
def test_6_0_a_propaganda_position_starts_at_its_phase(phase):
    pos = _propaganda(phase)
    assert pos.validate() == []
    step = pos.start(chance=SeededChance(3))
    heads = [e["text"] for e in step.log if e.get("kind") == "h2"]
    assert heads[0].startswith(HEADS[phase]), heads  # no earlier phase ran
    assert step.state["propaganda"] == 1  # the MPAJA Phase counts the round (6.1)


@pytest.mark.parametrize("phase", [
    "resources",  # 6.3.1: Opposition beside the sabotaged Railway (Pahang, Selangor, Kuala Lumpur)
    "support",  # 6.4.1: the British may Supply
    "redeploy",  # 6.5.1: the British may move Force 136
])
def test_6_0_a_phase_that_begins_with_a_choice_round_trips(phase):
    """The state a phase's position reaches waits at the phase's first choice, and is stated by that position."""
    pos = _propaganda(phase)
    pos.position["railways"] = {"perak-pahang-selangor": 1}
    state = pos.state(chance=SeededChance(2))
    assert engine.active_roles(state) == ["british"]
    p = POSITION.to_position(state)
    assert p["decision"] == {"at": "propaganda", "phase": phase} and p == pos.position
    assert POSITION.same(POSITION.from_position(p), state)


def test_6_2_6_the_final_round_may_start_at_its_resistance_phase():
    """The third round was counted as its MPAJA Phase began; its Resistance Phase ends the game (7.0.1)."""
    played = ["J1", "J2", "J3", "J4", "J5", "J7", "J33", "J8", "J10", "J11", "J12", "J13", "J14", "J34",
              "J15", "J16", "J17", "J18", "J35"]
    pos = testing.Position(GAME).played(*played).propaganda("resistance").rounds(3)
    assert pos.validate() == []
    state = pos.state(chance=SeededChance(1))
    assert state["outcome"]["winner"] == "japanese" and "below 18" in state["outcome"]["reason"]  # 7.0.1
    pos.propaganda("resources")
    assert any(f.path == "propaganda_rounds" and "the 3rd ends the game" in f.message for f in pos.validate())


# -- faults ---------------------------------------------------------------------------------------------------------

def _set(p, path, value):
    *head, last = path
    o = p
    for k in head:
        o = o.setdefault(k, {}) if isinstance(o, dict) else o[k]
    o[last] = value


#: ([(path, value)], the fault's path, words of its message); each applied to the mid-game position.
FAULTS = [
    ([(("tracks", "resistance"), 21)], "tracks.resistance", "21 is off the track: 0 to 20 (1.13)"),
    ([(("tracks", "resources"), -1)], "tracks.resources", "-1 is off the track: 0 to 20 (1.7)"),
    ([(("tracks", "political_will"), 3)], "tracks.political_will", "unknown track"),
    ([(("spaces", "selangor", "caches"), 2), (("available", "caches"), 1)], "spaces.selangor.caches",
     "at most 1 may occupy a space (1.4.2)"),
    ([(("spaces", "ec-top", "caches"), 1), (("available", "caches"), 2)], "spaces.ec-top.caches",
     "Supply Caches may never occupy an Economic Center (1.4.2)"),
    ([(("spaces", "ec-top", "opposition"), 1)], "spaces.ec-top.opposition", "never at Opposition (1.3.5 NOTE)"),
    ([(("spaces", "pahang", "opposition"), 2)], "spaces.pahang.opposition", "Opposition is 0 or 1"),
    ([(("spaces", "kuala-lumpur", "jungle_camp"), 1), (("markers_available", "jungle_camp"), 0)],
     "spaces.kuala-lumpur.jungle_camp", "only in a Province, not in Kuala Lumpur (1.4.2)"),
    ([(("spaces", "trengganu", "new_village"), 2), (("markers_available", "new_village"), 2)],
     "spaces.trengganu.new_village", "one New Village at most in a Province (1.4.2)"),
    ([(("spaces", "trengganu", "mpaja_u"), 1), (("available", "mpaja"), 3)], "spaces.trengganu.new_village",
     "removed at once (1.15)"),
    ([(("spaces", "perak", "curfew"), 1)], "spaces.perak.curfew", "unknown piece or marker"),
    ([(("markers_available", "kempeitai"), 1)], "markers_available.kempeitai", "Kempeitai are never Available"),
    ([(("markers_available", "jungle_camp"), 1)], "markers_available", "Jungle Camps: 5 counted"),
    ([(("kempeitai_out",), 0)], "spaces", "Kempeitai markers: 2 counted on the map, Available, on John Davis (J25) "
                                          "and out of the game (J29), but the game has 3 (1.2)"),
    ([(("railways", "thailand-burma"), 1)], "railways.thailand-burma", "unknown Railway"),
    ([(("railways", "perak-kelantan"), 11)], "railways", "16 Sabotage and Terror markers on the map, but the game "
                                                         "has 15 (1.2)"),
    ([(("zipper",), 10)], "zipper", "a box of the Operation Zipper Track, 0, 6, 12, 18, 20"),
    ([(("zipper_caches",), [6, 12]), (("available", "caches"), 2)], "zipper_caches", "each above the Zipper marker"),
    ([(("zipper_caches",), [])], "available.caches", "1 out of the game (J14) make 4, but the game has 5"),
    ([(("intel", "kedah", "value"), 3)], "intel.kedah.value", "worth 0, 1 or 2, not 3 (1.11)"),
    ([(("intel", "kedah", "value"), None)], "intel.kedah.value", "a revealed or seen chit has its value (1.11)"),
    ([(("intel", "kedah", "seen"), False)], "intel.kedah.seen", "a revealed chit is seen"),
    ([(("intel", "ec-top"), {"revealed": False, "seen": False, "value": None})], "intel.ec-top",
     "only the Provinces and Kuala Lumpur hold an Intel chit (1.11)"),
    ([(("intel", "johore", "value"), 0), (("intel", "pahang", "value"), 0), (("intel", "selangor", "value"), 0)],
     "intel", "more than the nine chits, three each of 0, 1, 2 (1.11)"),
    ([(("intel_aside",), [])], "intel_aside", "0 chits set aside, but 1 space without one (kelantan)"),
    ([(("intel_aside",), [1, 3])], "intel_aside", "a list of Intel values (0, 1 or 2)"),
    ([(("burma",), 4), (("spaces", "kuala-lumpur", "troops"), 2)], "burma", "4 Troops on Burma Theater, but the "
                                                                            "card moves 3 and is played once (J17"),
    ([(("cards", "played"), ["J14", "J25", "J29", "J20"])], "burma", "only once J17 Burma Theater is played"),
    ([(("cards", "played"), ["J17", "J25", "J29", "J20"])], "removed", "only once J14 \"Secret Army\" is played"),
    ([(("cards", "played"), ["J14", "J17", "J29", "J20"])], "davis", "only once J25 John Davis is played"),
    ([(("cards", "played"), ["J14", "J17", "J25", "J20"])], "kempeitai_out", "only once J29 Kempeitai is played"),
    ([(("davis_by",), "mpaja")], "davis_by", "the faction that executed John Davis"),
    ([(("davis",), 0), (("markers_available", "force_136"), 2)], "davis_by", "given only while a Force 136 marker "
                                                                             "is on the card (J25)"),
    ([(("options",), {"icons": {"J3": "ambush"}})], "options.icons", "an icon is one of mobilize"),
    ([(("options",), {"rulings": {"R-ZIPPER": "six"}})], "options.rulings", "R-ZIPPER"),
    ([(("propaganda_rounds",), 1)], "propaganda_rounds", "1 Propaganda Round counted, but 0 Propaganda cards "
                                                         "played"),
    ([(("propaganda_rounds",), 3)], "propaganda_rounds", "the 3rd ends the game, 6.2.6"),
    ([(("capabilities", "J17"), "event")], "capabilities.J17", "not a Capability card"),
    ([(("decision",), {"at": "propaganda", "phase": "political-will"})], "decision.phase",
     "'political-will' is no phase of the Propaganda Round; phases are: mpaja, resistance, resources, support, "
     "redeploy, reset (6.0)"),
    ([(("game",), "malaya")], "game", "not 'malaya'"),
]


@pytest.mark.parametrize("changes, path, words", FAULTS, ids=[f"{f[1]}-{i}" for i, f in enumerate(FAULTS)])
def test_each_fault_is_refused_with_its_path_and_rule(changes, path, words):
    p = midgame()
    for where, value in changes:
        _set(p, where, value)
    faults = POSITION.validate(p)
    assert any(f.path == path and words in f.message for f in faults), faults
    assert all(isinstance(f, Fault) and str(f) == f"{f.path}: {f.message}" for f in faults)


def test_the_cards_that_hold_pieces_are_the_ones_the_faults_name():
    assert {k: v[0] for k, v in CARD_HELD.items()} == {"burma": "J17", "removed": "J14", "davis": "J25",
                                                      "kempeitai_out": "J29"}


def test_a_position_with_faults_is_refused_with_all_of_them():
    p = midgame()
    p["tracks"]["resistance"] = 21
    p["zipper"] = 7
    p["intel"]["kedah"]["value"] = 5
    with pytest.raises(PositionError) as e:
        POSITION.from_position(p, SeededChance(1))
    assert {d["path"] for d in e.value.to_dict()["faults"]} == {"tracks.resistance", "zipper", "intel.kedah.value"}


def test_a_malformed_position_gets_faults_not_a_crash():
    for p in (None, [], "x", {}, {"spaces": [], "cards": "J1", "decision": []},
              {**POSITION.rulebook(), "tracks": None, "intel": [], "intel_aside": "x", "railways": [],
               "markers_available": [], "zipper": "delay", "zipper_caches": [{}], "davis": "one", "burma": -1},
              {**POSITION.rulebook(), "intel": {"kedah": 2, "perak": {"value": True, "seen": "yes"}},
               "options": {"rulings": {"R-ZIPPER": "x"}, "icons": []}}):
        faults = POSITION.validate(p)
        assert faults and all(isinstance(f, Fault) for f in faults)


def test_a_built_position_keeps_the_invariants():
    for p in (midgame(), POSITION.rulebook("example-of-play"), _propaganda("support").position):
        state = POSITION.from_position(p, SeededChance(5))
        assert INVARIANTS(state) == []

