"""The armistice (28.4): while the United Nations Truce is in effect the players may agree to end the game."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import victory

from .faiw_air_helpers import at_phase, legal
from .faiw_helpers import act


@pytest.fixture
def un_truce():
    s = at_phase("arab", "air")
    s["truce"] = {"from": s["month"], "until": s["month"], "event": "Event 55, United Nations Truce",
                  "armistice": True}
    return s


def test_28_4_an_accepted_armistice_ends_the_game_on_the_vp(un_truce):
    assert "propose" in legal(un_truce, "arab")
    act(un_truce, "arab", "propose")
    assert engine.active_roles(un_truce) == ["israel"]
    assert legal(un_truce, "israel") == {"accept": [], "refuse": []}
    expected, _ = victory.final_scores(un_truce)  # the end-of-game awards count (R-28.4-scoring)
    act(un_truce, "israel", "accept")
    out = un_truce["outcome"]
    assert out["vp"] == expected and "28.2" in out["reason"] and not un_truce["flow"]


def test_28_4_a_refused_armistice_goes_on_and_is_proposed_once_a_turn(un_truce):
    act(un_truce, "arab", "propose")
    act(un_truce, "israel", "refuse")
    assert un_truce["outcome"] is None and engine.active_roles(un_truce) == ["arab"]
    assert "propose" not in legal(un_truce, "arab")
    with pytest.raises(IllegalActionError, match="R-28.4-once"):
        act(un_truce, "arab", "propose")


def test_28_4_only_during_the_united_nations_truce(un_truce):
    un_truce["truce"]["armistice"] = False
    assert "propose" not in legal(un_truce, "arab")
    with pytest.raises(IllegalActionError) as e:
        act(un_truce, "arab", "propose")
    assert e.value.rule == "28.4"
