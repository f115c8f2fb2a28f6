"""Aerial reconnaissance (10.4, 21.2), in the friendly Movement phase (``scout HEX AIR``)."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.first_arab_israeli_war import recon
from engine.games.first_arab_israeli_war.view import view

from .faiw_air_helpers import at_phase, bare, legal, put, ready_air, truce
from .faiw_helpers import act


@pytest.fixture
def moving():
    s = bare(at_phase("arab", "movement"))
    put(s, "IL-inf-bde-1", "0605")  # far from any Arab population: hidden (21.3)
    put(s, "AL-egy-inf-bn-1", "0205")
    ready_air(s, "AL-air-egy-1")
    return s


def test_10_4_reconnaissance_reveals_the_stack_and_completes_the_air_unit(moving):
    assert "0605" in view(moving, "arab")["hidden_stacks"]["israel"]
    assert "0605 AL-air-egy-1" in legal(moving, "arab")["scout"]
    act(moving, "arab", "scout 0605 AL-air-egy-1")
    assert "0605" in moving["revealed"]["arab"]  # 21.2
    assert "IL-inf-bde-1" in view(moving, "arab")["units"]
    assert moving["units"]["AL-air-egy-1"]["status"] == "completed"


def test_10_4_only_over_a_hex_with_enemy_units(moving):
    with pytest.raises(IllegalActionError):
        act(moving, "arab", "scout 0504 AL-air-egy-1")
    g = Context(moving, None, None)
    assert recon.explain(g, "arab", "scout", "0504 AL-air-egy-1").rule == "10.4"
    moving["units"]["AL-air-egy-1"]["status"] = "completed"
    assert recon.explain(g, "arab", "scout", "0605 AL-air-egy-1").rule == "10.1a"


def test_10_6_a_reconnaissance_may_be_intercepted(moving):
    ready_air(moving, "IL-air-1")
    act(moving, "arab", "scout 0605 AL-air-egy-1")
    assert engine.active_roles(moving) == ["israel"]
    act(moving, "israel", "intercept IL-air-1 0605", rolls=[1, 6])  # the scout is shot down
    assert "0605" not in moving["revealed"]["arab"]
    assert moving["units"]["AL-air-egy-1"]["status"] == "eliminated"


def test_22_1b_a_reconnaissance_is_no_attack_a_truce_allows_it(moving):
    truce(moving)
    ready_air(moving, "IL-air-1")
    act(moving, "arab", "scout 0605 AL-air-egy-1")  # no interception in the truce's first turn (22.1b, 22.3)
    assert "0605" in moving["revealed"]["arab"] and engine.active_roles(moving) == ["arab"]
