"""Kenya 1.7 Control and its immediate Political Will effects (ruling R-CONTROL-PW): gaining Mau Mau Control
lowers Political Will by the space's current Population, removing it raises it by as much, in both
directions through Uncontrolled and straight between the sides; British Control gained or lost with no Mau
Mau Control involved shifts nothing; a Mountain Jungle (Population 0) shifts nothing; a Population reduced by
Relocate is the one used (R-POPULATION); a simultaneous move changes Control once, at its end."""

from __future__ import annotations

import pytest

from engine.games.kenya import board as B

from .helpers import check, context, empty, texts


@pytest.mark.parametrize("sid,n", [("nyeri", 2), ("meru", 1), ("nairobi", 2), ("thika", 1)])
def test_1_7_mau_mau_control_gained_and_removed_through_uncontrolled(sid, n):
    g = empty(context())
    g.s["pw"] = 10
    B.place(g, sid, "guerrillas", 1)
    assert g.s["control"][sid] == "maumau" and g.s["pw"] == 10 - n
    assert f"{B.NAME[sid]} came under Mau Mau Control." in texts(g)
    B.place(g, sid, "police", 1)  # 1 against 1: Uncontrolled, Mau Mau Control removed
    assert g.s["control"][sid] is None and g.s["pw"] == 10
    B.place(g, sid, "troops", 1)  # Uncontrolled -> British: no effect (1.7 names only Mau Mau Control)
    assert g.s["control"][sid] == "british" and g.s["pw"] == 10
    B.remove(g, sid, "troops", 1)  # British -> Uncontrolled: no effect either
    assert g.s["control"][sid] is None and g.s["pw"] == 10
    check(g.s)


def test_1_7_straight_between_the_sides_both_directions():
    g = empty(context())
    B.place(g, "fort-hall", "troops", 1)
    assert g.s["control"]["fort-hall"] == "british" and g.s["pw"] == 12
    B.place(g, "fort-hall", "guerrillas", 2)  # British -> Mau Mau at once
    assert g.s["control"]["fort-hall"] == "maumau" and g.s["pw"] == 10
    B.place(g, "fort-hall", "police", 2)  # Mau Mau -> British (8.0 L2643: 'another 2')
    assert g.s["control"]["fort-hall"] == "british" and g.s["pw"] == 12
    assert "Political Will rose from 10 to 12 (Mau Mau lost Control of Fort Hall, Population 2)." in texts(g)
    check(g.s)


def test_1_7_mountain_jungles_are_controlled_but_shift_nothing():
    g = empty(context())
    B.place(g, "aberdares", "guerrillas", 1)
    assert g.s["control"]["aberdares"] == "maumau" and g.s["pw"] == 12  # Population 0 (1.3.3)
    B.place(g, "aberdares", "troops", 2)
    assert g.s["control"]["aberdares"] == "british" and g.s["pw"] == 12


def test_1_7_the_current_population_is_the_one_used():
    g = empty(context())
    B.reduce_population(g, "nyeri", "Relocate")  # printed 2, now 1 (8.0 L2639)
    B.place(g, "nyeri", "guerrillas", 1)
    assert g.s["pw"] == 11
    B.remove(g, "nyeri", "guerrillas_u", 1)
    assert g.s["pw"] == 12
    B.reduce_population(g, "nyeri", "Relocate")  # Unpopulated
    B.place(g, "nyeri", "guerrillas", 1)
    assert g.s["control"]["nyeri"] == "maumau" and g.s["pw"] == 12


def test_1_7_political_will_stays_in_range():
    g = empty(context())
    g.s["pw"] = 1
    B.place(g, "kiambu", "guerrillas", 1)
    assert g.s["pw"] == 0  # 1.10: never below 0
    g.s["pw"] = 19
    B.remove(g, "kiambu", "guerrillas_u", 1)
    assert g.s["pw"] == 20  # nor above 20


def test_r_control_pw_a_simultaneous_move_changes_control_once_at_its_end():
    g = context()  # setup: Rift Valley and Nanyuki British (2 Troops, 1 Police), Aberdares Mau Mau
    with B.together(g):
        B.move(g, "rift-valley", "aberdares", "troops", 2)
        B.move(g, "aberdares", "rift-valley", "guerrillas_u", 1)
        B.move(g, "nanyuki", "rift-valley", "troops", 2)
    assert g.s["control"]["rift-valley"] == "british"  # never Mau Mau on the way
    assert g.s["control"]["aberdares"] == "british" and g.s["pw"] == 12  # Aberdares: Population 0
    assert not any("Rift Valley came under Mau Mau" in t for t in texts(g))
    check(g.s)
