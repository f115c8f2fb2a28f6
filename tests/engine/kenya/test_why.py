"""Kenya's refusal words (engine.games.kenya.why; issue 28): the facts of the position as a refusal says them,
Control (1.7), levels (1.6, 1.3.3), Population (1.3.2), the Pipeline (6.6), Resources (1.8), Out of Play
(1.3.5), and a card's restriction cited by its title."""

from __future__ import annotations

from engine.games.kenya import board as B
from engine.games.kenya import why as W
from engine.games.kenya.data import CARDS

from .helpers import context


def test_words_name_the_position():
    g = context()
    assert W.control_of(g, "nyeri") == "Nyeri is Mau Mau Controlled"
    assert W.control_of(g, "thika") == "Thika is British Controlled"
    assert W.level_of(g, "aberdares") == "Aberdares is a Mountain Jungle, never at Loyalty or Resistance (1.3.3)"
    assert W.level_of(g, "kiambu") == "Kiambu is Neutral"
    B.set_level(g, "kiambu", -1, "test", "K19")
    assert W.level_of(g, "kiambu") == "Kiambu is at Resistance"
    B.reduce_population(g, "meru", "Relocate")
    assert W.level_of(g, "meru") == "Meru is Unpopulated, never at Loyalty or Resistance (1.6)"
    assert W.population_of(g, "meru") == "Meru has Population 0 (printed 1)"
    assert W.population_of(g, "nairobi") == "Nairobi has Population 2"
    assert W.pipeline_of(g) == "the Pipeline is at Emergency Powers (1): Relocate 0 spaces, Reprisal 1 space"
    assert W.resources(g) == "Mau Mau Resources are 8" and W.out_of_play(g) == \
        "the Out of Play box holds 8 Police cubes"
    assert W.has(g, "nairobi", "guerrillas_u", "troops", "maumau") == \
        "Nairobi has 1 Underground Guerrilla, 2 Troops and 2 Mau Mau pieces"
    assert W.kind_of("nairobi") == "Nairobi" and W.kind_of("mount-kenya") == "a Mountain Jungle"


def test_a_card_restriction_is_cited_by_title():
    r = W.because("no Police may go there", "K13")
    assert r == f"no Police may go there ({CARDS['K13']['title']}, K13)" and r.rule == "K13"
    assert W.because("x", "K34").endswith("(Propaganda, K34)")
    assert W.not_a_space("mombasa").rule == "1.3.1"
