"""The British Way games' facts (the headline values every generic layer prints), invariants (what the fuzz
checks after every step, each problem citing its rule) and protected keys (what no correction touches)."""

from __future__ import annotations

import pytest

import engine
from engine.coin import deck
from engine.core import canonical, corrections
from engine.core.chance import SeededChance
from engine.core.errors import IllegalActionError

from .games_common import COIN_GAMES, GAMES, first_scenario

#: The main track of a game that has no Political Will (Japanese Occupation 1.13: Resistance 0-20).
TRACK = {"japanese-occupation": ("resistance", "Resistance")}


def fresh(game: str) -> dict:
    return engine.setup(game, first_scenario(game), {}, SeededChance(1))


def test_palestine_facts():
    f = {x["label"]: x["value"] for x in engine.facts(engine.view(fresh("palestine"), "british"))}
    assert f["Political Will"] == "18" and f["Haganah"] == "4 (Coordinate)" and f["Eligible"] == "1st Irgun, 2nd British"
    assert f["Deck"] == "20 cards left, 1 played" and f["Available"] == "Troops 0, Police cubes 3, Cells 6, Arms Caches 3"
    assert f["Intel Chits"] == "held none; 9 in the bag" and f["Prison"] == "0 Cells" and f["Capabilities"] == "none"


def test_arab_revolt_facts():
    f = {x["label"]: x["value"] for x in engine.facts(engine.view(fresh("arab-revolt"), "public"))}
    assert f["Unity"] == "box 2 of 0-4 (value 1)" and f["Out of Play"] == "5 Troops"
    assert f["Prison"] == "Guerrillas 0, Bases 0" and f["Punishment chits"] == "held none; 6 in the cup, 0 set aside"
    assert f["Operations chits"].startswith("held none; drawn ")


@pytest.mark.parametrize("game", COIN_GAMES)
def test_facts_name_no_hidden_card(game):
    state = fresh(game)
    text = canonical.dumps(engine.facts(engine.view(state, "public")))
    assert not [c for c in deck.remaining(state) if f"({c})" in text]


@pytest.mark.parametrize("game", COIN_GAMES)
def test_invariants_hold_at_setup_and_catch_a_broken_state(game):
    check = engine.definition(game).invariants
    state = fresh(game)
    assert check(state) == []
    broken = canonical.copy(state)
    sid = next(s for s, x in broken["spaces"].items() if x["police"])  # Galilee; Malaya's Perak
    lost = broken["spaces"][sid]["police"] + 1
    broken["spaces"][sid]["police"] = -1          # a negative count, and pieces lost
    key, label = TRACK.get(game, ("pw", "Political Will"))  # the game's main track
    broken[key] = 21
    broken["played"].append(broken["played"][0])
    problems = " | ".join(check(broken))
    assert f"spaces.{sid}.police is -1" in problems and "(1.4.1)" in problems
    assert f"pieces are not conserved: {{'police': {-lost}}} counted beyond the counter mix" in problems
    assert f"{label} is 21, off its track 0-" in problems
    assert "a card was played twice" in problems


@pytest.mark.parametrize("game, key", [(g, k) for g in COIN_GAMES for k in ("deck", "unused", "played", "current")]
                         + [(g, k) for g in GAMES for k in ("flow", "outcome")])
def test_the_deck_and_the_cards_are_protected(game, key):
    assert key in corrections.protected(fresh(game))
    with pytest.raises(IllegalActionError, match=f"'{key}' cannot be corrected"):
        corrections.apply_in_place(fresh(game), f"correct set {key} 1 2.2")


def test_a_track_may_be_corrected():
    state = fresh("palestine")
    corrections.apply_in_place(state, "correct set haganah 3 6.5.3: marker misplaced")
    assert state["haganah"] == 3
