"""Kenya's invariants (engine.games.kenya.invariants; issue 28) hold at setup in both scenarios and each one
fails for a fault planted in a copy of the setup, naming its rule: pieces conserved and never negative (1.2,
1.4.1), stacking (1.4.2), the Out of Play box a number of Police (1.3.5), the tracks (1.10, 1.8, 1.11 with
R-PIPELINE-1, 6.0), Resources only for the Mau Mau (1.8), Control kept current (1.7), levels only in Nairobi
and Populated Provinces (1.6, 1.3.3), Population 0 to printed and changed only in Reserve Provinces (1.3.2),
at most 15 Terror markers (1.9), the cards (2.1, 2.2)."""

from __future__ import annotations

import pytest

from engine.games.kenya.invariants import invariants

from .helpers import fresh, planted


def _move(s, src, dst, key, n=1):
    s["spaces"][src][key] -= n
    s["spaces"][dst][key] += n


FAULTS = {
    "a piece made from nothing": (lambda s: s["available"].__setitem__("troops", 5), "pieces are not conserved"),
    "a negative count": (lambda s: (s["available"].__setitem__("guerrillas", -1),
                                    s["spaces"]["thika"].__setitem__("guerrillas_u", 1),
                                    s.__setitem__("control", {**s["control"], "thika": None})),
                         "never negative (1.4.1)"),
    "a third Base": (lambda s: (_move(s, "nairobi", "aberdares", "bases"), _move(s, "mount-kenya", "aberdares", "bases"),
                                s["control"].__setitem__("mount-kenya", "maumau")), "more than 2 (1.4.2)"),
    "Out of Play as a dict": (lambda s: s.__setitem__("out_of_play", {"police": 8}), "a number of Police cubes (1.3.5)"),
    "Political Will off its track": (lambda s: s.__setitem__("pw", 21), "Political Will is 21, off its track 0-20"),
    "the Pipeline off its track": (lambda s: s.__setitem__("pipeline", 5), "the Pipeline is 5"),
    "Mau Mau Resources off the track": (lambda s: s["resources"].__setitem__("maumau", -1), "Mau Mau Resources is -1"),
    "British Resources": (lambda s: s["resources"].__setitem__("british", 3), "only the Mau Mau have Resources"),
    "Propaganda Rounds off": (lambda s: s.__setitem__("propaganda", 4), "the Propaganda Rounds held is 4"),
    "Control stale": (lambda s: s["control"].__setitem__("thika", "maumau"), "Control of thika: kept 'maumau'"),
    "Loyalty in a Mountain Jungle": (lambda s: s["spaces"]["aberdares"].__setitem__("support", 1),
                                     "never at Loyalty or Resistance (1.3.3, 1.6)"),
    "a level out of range": (lambda s: s["spaces"]["nairobi"].__setitem__("support", 2), "at level 2"),
    "a level in an Unpopulated Province": (lambda s: (s["population"].__setitem__("meru", 0),
                                                      s["spaces"]["meru"].__setitem__("support", -1)),
                                           "meru is Unpopulated at level -1"),
    "Population above printed": (lambda s: s["population"].__setitem__("embu", 2), "0 to its printed 1 (1.3.2)"),
    "Population changed outside a Reserve": (lambda s: s["population"].__setitem__("thika", 0),
                                             "only a Reserve Province's changes"),
    "Population missing": (lambda s: s["population"].pop("thika"), "Population kept for"),
    "sixteen Terror markers": (lambda s: s["spaces"]["nairobi"].__setitem__("terror", 16),
                               "16 Terror markers on the map, more than the 15"),
    "a card lost": (lambda s: s["deck"]["pools"]["events"].pop(), "not the 35 of the game"),
    "a current card not played": (lambda s: s.__setitem__("current", "K3"), "not among the played cards"),
}


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
def test_invariants_hold_at_setup(scenario):
    assert invariants(fresh(scenario)) == []


@pytest.mark.parametrize("fault", FAULTS)
def test_each_invariant_fails_for_a_planted_fault(fault):
    plant, words = FAULTS[fault]
    problems = planted(fresh(), plant)
    assert any(words in p for p in problems), problems
