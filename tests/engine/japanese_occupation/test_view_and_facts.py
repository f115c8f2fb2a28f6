"""What each role sees of Japanese Occupation (engine.games.japanese_occupation.view; DESIGN.md section 3) and the
headline values (engine.games.japanese_occupation.facts); issue 30.

Hidden from both players: the draw deck (2.1, 2.2: the next cards and which Events are set aside; the played
cards and the number left are open) and the value of every concealed Intel chit nobody has seen (1.11). Each
output is compared with the hidden facts themselves: the Example of Play places its chits face down with their
values in the state (8.0 L1650), and no view or facts line of any role changes when those values are permuted
among the concealed spaces, or removed (as a standard deal keeps them until revealed); a chit revealed, or seen
before Eliminate concealed it again, shows its value to everyone."""

from __future__ import annotations

import copy
import json
import re

import pytest

from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import intel_chits as chits
from engine.games.japanese_occupation.data import CARDS
from engine.games.japanese_occupation.facts import facts
from engine.games.japanese_occupation.view import view

from ..view_checks import check_no_python_reprs, check_only_revealed_cards_shown, facts_by_label, reveal
from .helpers import HAND, fresh
from .test_positions import midgame_state

ROLES = ("british", "japanese", "public")
CARD_ID = re.compile(r"\bJ\d+\b")


def outputs(state: dict) -> dict[str, str]:
    """Every role's view and facts of *state*, as JSON text."""
    return {role: json.dumps(view(state, role), sort_keys=True) + json.dumps(facts(view(state, role)))
            for role in ROLES}


def permuted(state: dict) -> dict:
    """*state* with the values of its concealed, never seen chits (placed face down by 8.0, kept apart in
    ``intel_face_down``) rotated one place among their spaces (the hidden facts changed, nothing public
    changed)."""
    s = copy.deepcopy(state)
    hidden = list(s["intel_face_down"])
    values = [s["intel_face_down"][sid] for sid in hidden]
    s["intel_face_down"] = dict(zip(hidden, values[1:] + values[:1], strict=True))
    return s


# -- the deck (2.1, 2.2) ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
@pytest.mark.parametrize("revealed", [0, 1, 5])
def test_2_2_views_and_facts_never_name_a_card_still_in_the_deck(scenario, revealed):
    check_only_revealed_cards_shown(lambda seed: HAND.context(fresh(scenario), seed), revealed, ROLES, view, facts,
                                    CARD_ID)


# -- the Intel chits (1.11) -------------------------------------------------------------------------------------

def test_1_11_a_concealed_chit_shows_no_value_though_the_state_holds_one():
    s = fresh("example-of-play")
    assert s["intel_face_down"]["kedah"] == 2  # placed face down by 8.0 (L1650), hidden apart
    for role in ROLES:
        v = view(s, role)
        assert v["intel"] == {sid: {"revealed": False, "seen": False, "value": None} for sid in B.INTEL_SPACES}
        assert "intel_face_down" not in v
    assert s["intel_face_down"]["kedah"] == 2  # the view changed nothing


def test_1_11_no_view_or_fact_depends_on_the_concealed_values():
    s = fresh("example-of-play")
    twin = permuted(s)
    assert twin["intel_face_down"] != s["intel_face_down"]  # the hidden facts differ
    assert outputs(twin) == outputs(s)
    dealt = copy.deepcopy(s)  # as a standard deal keeps them: no value until revealed
    dealt["intel_face_down"] = {}
    assert outputs(dealt) == outputs(s)


def test_1_11_the_check_finds_a_concealed_value_shown():
    """The comparison above is not blind: a view that showed concealed values would differ for the twin."""
    s = fresh("example-of-play")

    def leaky(state, role):
        v = view(state, role)
        hidden = state["intel_face_down"]
        return {**v, "intel": {sid: {**c, "value": hidden[sid]} for sid, c in v["intel"].items()}}

    assert json.dumps(leaky(s, "public")) != json.dumps(leaky(permuted(s), "public"))


def test_1_11_revealed_and_seen_chits_show_their_values():
    s = midgame_state()
    twin = permuted(s)
    assert twin == s and s["intel_face_down"] == {}  # the mid-game's concealed unseen chits hold no value
    for role in ROLES:
        v = view(s, role)
        assert v["intel"]["kedah"] == {"revealed": True, "seen": True, "value": 2}  # face up
        assert v["intel"]["perak"] == {"revealed": False, "seen": True, "value": 0}  # seen, concealed by Eliminate
        assert v["intel"]["kelantan"] is None and v["intel_aside"] == [1]  # J20 shaded: shown, set aside
        assert v["intel"]["johore"] == {"revealed": False, "seen": False, "value": None}


def test_1_11_a_revealed_chit_drawn_at_random_is_then_shown():
    g = HAND.scripted(fresh(), draws=[2])
    assert chits.reveal_intel(g, "pahang", "test", "4.2.2") == 2
    assert view(g.s, "japanese")["intel"]["pahang"] == {"revealed": True, "seen": True, "value": 2}
    chits.conceal_intel(g, "pahang", "test", "4.3.3")
    assert view(g.s, "public")["intel"]["pahang"] == {"revealed": False, "seen": True, "value": 2}


# -- the rest of the view is open -------------------------------------------------------------------------------

def test_2_2_the_view_shows_the_map_the_tracks_and_the_boxes():
    s = midgame_state()
    v = view(s, "british")
    assert v["current_card"] == {"id": "J20", "title": CARDS["J20"]["title"], "kind": "event"}
    assert v["spaces"] == s["spaces"] and v["available"] == s["available"] and v["railways"] == s["railways"]
    assert (v["resistance"], v["resources"], v["zipper"], v["zipper_caches"]) == (9, 7, 6, [12])
    assert (v["burma"], v["removed"], v["davis"], v["kempeitai_out"], v["role"]) == (3, 1, 1, 1, "british")
    assert "deck" not in v and "unused" not in v and "flow" not in v


# -- facts ---------------------------------------------------------------------------------------------------------

def test_facts_at_setup():
    f = facts_by_label(facts, view(fresh(), "public"))
    assert f["Card"] == "none" and f["Deck"] == "21 cards left, 0 played"
    assert f["Eligible"] == "1st British, 2nd Japanese"  # L2152
    assert f["Resistance"] == "2" and f["Japanese Resources"] == "0"
    assert f["Operation Zipper"] == "Delay; Supply Caches on the track in boxes 6, 12"
    assert f["Opposition"] == "Perak, Johore" and f["Sabotage"] == "none" and f["Terror"] == "none"
    assert f["Intel"] == ", ".join(f"{B.NAME[s]} concealed" for s in B.INTEL_SPACES)
    assert f["Available"] == ("Troops 0, Police cubes 3, MPAJA Guerrillas 4, non-MPAJA Guerrillas 2, Supply Caches "
                              "2; Jungle Camps 1, Force 136 markers 1, New Villages 4")
    assert f["Capabilities"] == "none" and f["Propaganda Rounds"] == "0 of 3"
    # nothing on J17 or J25, nothing out of the game: no line (and J17, J25 are not named)
    assert not [k for k in f if "J17" in k or "J25" in k or k in ("Out of the game", "Intel set aside")]


def test_facts_of_every_field_of_a_midgame():
    f = facts_by_label(facts, view(midgame_state(), "public"))
    assert f["Card"] == f"{CARDS['J20']['title']} (J20)" and f["Deck"] == "16 cards left, 5 played"
    assert f["Eligible"] == "1st Japanese, 2nd British"
    assert f["Resistance"] == "9" and f["Japanese Resources"] == "7"
    assert f["Operation Zipper"] == "6; Supply Caches on the track in boxes 12"
    assert f["Opposition"] == "Perak, Pahang, Johore"
    assert f["Sabotage"] == f"{B.RAIL_NAME['thailand-kedah']} 2, {B.RAIL_NAME['pahang-johore']}"
    assert f["Terror"] == "Trengganu 2"
    assert f["Intel"].startswith("Kedah 2, Perak concealed (seen 0), Kelantan none, Trengganu concealed")
    assert f["Intel set aside"] == "1"
    assert f[f"{CARDS['J17']['title']} (J17)"] == "3 Troops"
    assert f[f"{CARDS['J25']['title']} (J25)"] == "1 Force 136"
    assert f["Out of the game"] == "Supply Caches 1, Kempeitai 1"
    assert f["Available"].endswith("Supply Caches 3; Jungle Camps 0, Force 136 markers 1, New Villages 3")
    assert f["Capabilities"] == f"{CARDS['J15']['title']} (J15, shaded: {CARDS['J15']['shaded']})"
    check_no_python_reprs(f.values())


def test_facts_of_the_example_of_play_name_no_chit_value():
    f = facts_by_label(facts, view(fresh("example-of-play"), "british"))
    assert not re.search(r"\d", f["Intel"])  # "Kedah concealed, ...": no value, though the state holds them
    check_no_python_reprs(f.values())


def test_facts_follow_a_revealed_card_and_a_propaganda_round():
    g = HAND.context(fresh("example-of-play"), 3)
    reveal(g, 7)  # the Example of Play's seven cards, the last its Propaganda card (8.0)
    g.s["propaganda"] = 1
    f = facts_by_label(facts, view(g.s, "public"))
    assert f["Card"] == f"{CARDS['J33']['title']} (J33)" and f["Propaganda Rounds"] == "1 of 3"
    assert f["Deck"] == "14 cards left, 7 played"
