"""Japanese Occupation's invariants (engine.games.japanese_occupation.invariants; issue 30) hold at setup in both
scenarios and in a mid-game state with every box and marker used, and each one fails for a fault planted in a
copy, naming its rule: pieces conserved and never negative (1.2, 1.4.1, 1.4.3 IMPORTANT), one Supply Cache a
space and none in an EC (1.4.2), the markers of the countersheet (1.2), Jungle Camps and New Villages (1.4.2,
1.15), Opposition (1.6), the Sabotage and Terror markers (1.2), the tracks (1.7, 1.13, 6.0), Operation Zipper
and its Supply Caches (6.7.2; ruling R-ZIPPER), the Intel chits (1.11) and the cards (2.1, 2.2)."""

from __future__ import annotations

import pytest

from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation.invariants import invariants

from .helpers import fresh, planted
from .test_positions import midgame_state


def _move(s, src, dst, key, n=1):
    s["spaces"][src][key] -= n
    s["spaces"][dst][key] += n


def _set(d, **kv):
    d.update(kv)


#: fault -> (plant it in a copy of the mid-game state, words of the problem).
FAULTS = {
    "a Troop made from nothing": (lambda s: _set(s["available"], troops=1), "pieces are not conserved: {'troops': 1}"),
    "a Guerrilla lost": (lambda s: _set(s["spaces"]["pahang"], mpaja_u=0), "pieces are not conserved: {'mpaja': -1}"),
    "a Troop from nowhere on J17": (lambda s: _set(s, burma=4), "pieces are not conserved: {'troops': 1}"),
    "a Supply Cache out of the game from nowhere": (lambda s: _set(s, removed=2),
                                                   "pieces are not conserved: {'caches': 1}"),
    "a Supply Cache lost from the Zipper track": (lambda s: _set(s, zipper_caches=[]),
                                                  "pieces are not conserved: {'caches': -1}"),
    "a negative count": (lambda s: (_set(s["available"], police=-1), _set(s["spaces"]["selangor"], police=1)),
                         "available.police is -1: a count of pieces is never negative (1.4.1)"),
    "a negative marker": (lambda s: _set(s["spaces"]["selangor"], terror=-1),
                          "spaces.selangor.terror is -1"),
    "two Supply Caches in a space": (lambda s: (_set(s["available"], caches=2), _set(s["spaces"]["pahang"], caches=1),
                                                _set(s["spaces"]["johore"], caches=2)),
                                     "johore holds 2 caches, more than 1 (1.4.2)"),
    "a Supply Cache in an EC": (lambda s: (_set(s["available"], caches=2), _set(s["spaces"]["ec-top"], caches=1)),
                                "ec-top (ec) holds caches, which may never occupy it (1.4.2)"),
    "a key no space holds": (lambda s: _set(s["spaces"]["kedah"], curfew=0),
                             "kedah holds curfew: a space holds forces and the markers of 1.2"),
    "a Jungle Camp in Kuala Lumpur": (lambda s: _move(s, "trengganu", "kuala-lumpur", "jungle_camp"),
                                      "kuala-lumpur holds 1 jungle_camp: one a Province and none elsewhere (1.4.2)"),
    "two New Villages in a Province": (lambda s: (_set(s["available"], new_village=2),
                                                  _set(s["spaces"]["trengganu"], new_village=2)),
                                       "trengganu holds 2 new_village: one a Province and none elsewhere (1.4.2)"),
    "Opposition in an EC": (lambda s: _set(s["spaces"]["ec-bottom"], opposition=1),
                            "ec-bottom has opposition 1: 0 or 1, only in Provinces and Kuala Lumpur (1.6)"),
    "Opposition twice": (lambda s: _set(s["spaces"]["pahang"], opposition=2), "pahang has opposition 2"),
    "a New Village among British forces alone": (lambda s: (_set(s["available"], caches=2),
                                                            _set(s["spaces"]["trengganu"], caches=1)),
                                                 "a New Village stands in trengganu with British forces and no "
                                                 "Japanese forces (1.15)"),
    "a Force 136 marker made from nothing": (lambda s: _set(s["spaces"]["selangor"], force_136=1),
                                             "markers are not conserved"),
    "a Kempeitai lost": (lambda s: _set(s, kempeitai_out=0), "markers are not conserved"),
    "sixteen Sabotage and Terror markers": (lambda s: _set(s["railways"], **{"perak-kelantan": 11}),
                                            "16 Sabotage and Terror markers on the map, beyond the 15 (1.2)"),
    "a negative Sabotage count": (lambda s: _set(s["railways"], **{"perak-kelantan": -1}),
                                  "Sabotage and Terror markers on the map, beyond the 15 (1.2)"),
    "Resistance off its track": (lambda s: _set(s, resistance=21), "Resistance is 21, off its track 0-20 (1.13)"),
    "Resources off their track": (lambda s: _set(s, resources=-1),
                                  "Japanese Resources is -1, off its track 0-20 (1.7)"),
    "Propaganda Rounds off": (lambda s: _set(s, propaganda=4), "the Propaganda Rounds held is 4, off its track 0-3"),
    "Zipper between boxes": (lambda s: _set(s, zipper=7), "Operation Zipper is at 7, not a box of the track"),
    "a Zipper Cache at or below the marker": (lambda s: (_set(s, zipper_caches=[6, 12]),
                                                         _set(s["available"], caches=2)),
                                              "Supply Caches on the Zipper track in boxes [6, 12]"),
    "a Zipper Cache in a box that never held one": (lambda s: _set(s, zipper_caches=[18]),
                                                    "only boxes [6, 12] above the marker (6) hold one (6.7.2"),
    "a tenth Intel chit": (lambda s: _set(s, intel_aside=[1, 0, 0, 0]), "exceed the nine chits"),
    "four chits of a value": (lambda s: [_set(s["intel"][sid], seen=True, value=0)
                                         for sid in ("trengganu", "pahang", "selangor")], "0: 4"),
    "four chits of a value, three face down": (lambda s: s["intel_face_down"].update(trengganu=0, pahang=0, selangor=0),
                                               "0: 4"),
    "an Intel chit kept for an EC": (lambda s: s["intel"].__setitem__("ec-top", None),
                                     "Intel chits are kept for"),
    "a revealed chit with no value": (lambda s: _set(s["intel"]["johore"], revealed=True, seen=True),
                                      "the revealed Intel chit in johore has no value"),
    "a concealed unseen chit showing its value": (lambda s: _set(s["intel"]["johore"], value=1),
                                                  "the Intel chit in johore, neither revealed nor seen, shows its "
                                                  "value 1"),
    "a face-down value under a seen chit": (lambda s: s["intel_face_down"].__setitem__("perak", 1),
                                            "a face-down Intel value is kept for perak"),
    "a face-down value for a set-aside chit": (lambda s: s["intel_face_down"].__setitem__("kelantan", 1),
                                               "a face-down Intel value is kept for kelantan"),
    "a card lost": (lambda s: s["deck"]["pools"]["events"].pop(), "not the 35 of the game"),
    "a current card not played": (lambda s: _set(s, current="J3"), "the current card J3 is not among the played"),
    "a card played twice": (lambda s: s["played"].append("J20"), "a card was played twice: ['J20']"),
}


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
def test_invariants_hold_at_setup(scenario):
    assert invariants(fresh(scenario)) == []


def test_invariants_hold_in_a_midgame_with_every_box_used():
    s = midgame_state()
    assert invariants(s) == []
    assert (s["burma"], s["removed"], s["davis"], s["kempeitai_out"], s["intel_aside"]) == (3, 1, 1, 1, [1])


def test_invariants_hold_for_the_other_reading_of_the_zipper_boxes():
    s = fresh("standard", {"rulings": {"R-ZIPPER": "six_and_eighteen"}})
    assert s["zipper_caches"] == [6, 18] and invariants(s) == []


@pytest.mark.parametrize("fault", FAULTS)
def test_each_invariant_fails_for_a_planted_fault(fault):
    plant, words = FAULTS[fault]
    problems = planted(midgame_state(), plant)
    assert any(words in p for p in problems), problems


def test_every_marker_counted_where_it_may_be():
    """1.2: the counts invariants check include J25's Force 136 and J29's Kempeitai."""
    s = midgame_state()
    assert B.count_markers(s) == B.MARKER_TOTALS
    assert B.count_pieces(s) == B.TOTALS
