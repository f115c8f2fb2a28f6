"""Sabotage (3.3.3) and Terror (4.3.3)."""

from .helpers import at_card, clear, fresh, put, run, sp


def board():
    s = clear(fresh())
    put(s, "jerusalem-city", troops=2, police=1, cells_u=1)
    put(s, "jerusalem-district", cells_u=1, caches=1)
    put(s, "galilee", cells_u=1, troops=2)
    return at_card(s, "P31")


def test_3_3_3_sabotage_success_places_marker_and_activates():
    s, _ = run(board(), "box opsa", "op sabotage", "space galilee", "roll", "done", "done", rolls=[3])
    assert sp(s, "galilee")["sabotage"] == 1
    assert sp(s, "galilee")["cells_a"] == 1 and sp(s, "galilee")["cells_u"] == 0


def test_3_3_3_sabotage_police_subtract_from_roll():
    s, _ = run(board(), "box limited", "op sabotage", "space jerusalem-city", "roll", "done", rolls=[3])
    assert sp(s, "jerusalem-city")["sabotage"] == 0


def test_4_3_3_terror_six_places_two_and_shifts_haganah():
    s, _ = run(board(), "box opsa", "op sabotage", "space jerusalem-city", "cache jerusalem-district",
               "terror", "roll", "done", rolls=[5])
    assert sp(s, "jerusalem-city")["terror"] == 2
    assert s["haganah"] == 3
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
