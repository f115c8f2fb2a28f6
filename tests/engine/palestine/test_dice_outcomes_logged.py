"""Every roll and draw is followed in the log by what it did, a failure included (issue 24, item 3).

The line that reports a die states its result against what it needed and the effect: a Sabotage or Terror
that fails places no marker (3.3.3, 4.3.3), a Rob that fails adds no Arms Cache (3.3.4), a Negotiate not
above the Haganah value shifts nothing (4.2.2), a Mass Detention says how many Cells may go and how many
did (4.2.3); Road Mines (P23) and Rome Embassy Bombing (P19) say loss or no effect; each Intel Chit drawn
is named with its value (1.6.1).
"""

from __future__ import annotations

from engine.testing import Position

from .helpers import board, hold_chits, run, sp


def lines(log: list[dict]) -> list[str]:
    return [e["text"] for e in log]


def line_with(log: list[dict], words: str) -> str:
    """The one log line containing *words*."""
    found = [t for t in lines(log) if words in t]
    assert len(found) == 1, (words, lines(log))
    return found[0]


# -- Sabotage and Terror (3.3.3, 4.3.3) ----------------------------------------------------------------

def sabotage_board(haganah: int = 2) -> dict:
    """Irgun first on P31; Galilee: an Underground Cell; Jerusalem City: 1 Police cube and an Underground
    Cell, with an Arms Cache next door in Jerusalem District."""
    return board("P31", first="irgun", h=haganah, galilee={"cells_u": 1},
                 jerusalem_city={"troops": 1, "police": 1, "cells_u": 1}, jerusalem_district={"caches": 1})


def test_3_3_3_sabotage_failed_roll_is_logged_with_no_marker():
    s, log = run(sabotage_board(), "box opsa", "op sabotage", "space galilee", "roll", rolls=[1])
    assert sp(s, "galilee")["sabotage"] == 0
    said = line_with(log, "rolled 1 for Sabotage in Galilee")
    assert "1 after modifiers" in said and "fails (needs 3 or more): no Sabotage marker" in said


def test_3_3_3_sabotage_success_is_logged_then_the_marker():
    s, log = run(sabotage_board(), "box opsa", "op sabotage", "space galilee", "roll", rolls=[3])
    texts = lines(log)
    said = line_with(log, "rolled 3 for Sabotage in Galilee")
    assert "succeeds (more than 2)" in said
    assert texts[texts.index(said) + 1] == "Irgun placed a Sabotage marker in Galilee."


def test_3_3_3_sabotage_roll_names_its_modifiers():
    s, log = run(sabotage_board(), "box opsa", "op sabotage", "space jerusalem-city", "cache jerusalem-district",
                 "roll", rolls=[1])
    said = line_with(log, "rolled 1 for Sabotage in Jerusalem City")
    assert "2 after modifiers (-1 for Police, +2 for an Arms Cache)" in said and "fails" in said
    assert sp(s, "jerusalem-city")["sabotage"] == 0


def test_4_3_3_terror_failed_roll_is_logged_with_no_terror_marker():
    s, log = run(sabotage_board(), "box opsa", "op sabotage", "space jerusalem-city", "terror", "roll", rolls=[2])
    assert sp(s, "jerusalem-city")["terror"] == 0
    assert "fails (needs 3 or more): no Terror marker" in line_with(log, "rolled 2 for Sabotage in Jerusalem City")


def test_4_3_3_terror_of_six_at_haganah_zero_says_the_track_did_not_shift():
    s, log = run(sabotage_board(haganah=0), "box opsa", "op sabotage", "space jerusalem-city",
                 "cache jerusalem-district", "terror", "roll", rolls=[5])
    assert sp(s, "jerusalem-city")["terror"] == 2 and s["haganah"] == 0
    texts = lines(log)
    assert "Irgun placed 2 Terror marker(s) in Jerusalem City (6 or more)." in texts
    assert any("already at 0 and did not shift" in t for t in texts)


# -- Rob (3.3.4) ---------------------------------------------------------------------------------------

def rob_board() -> dict:
    return board("P31", first="irgun", galilee={"cells_u": 2})


def test_3_3_4_rob_failed_roll_is_logged_with_no_cache():
    s, log = run(rob_board(), "box opsa", "op rob", "space galilee", rolls=[2])
    assert sp(s, "galilee")["caches"] == 0
    assert "rolling 2: fails (needs 3 or more): no Arms Cache" in line_with(log, "Robbed in Galilee")


def test_3_3_4_rob_success_is_logged_then_the_cache():
    s, log = run(rob_board(), "box opsa", "op rob", "space galilee", rolls=[3])
    assert sp(s, "galilee")["caches"] == 1
    assert "rolling 3: succeeds (more than 2)" in line_with(log, "Robbed in Galilee")
    assert "Irgun placed an Arms Cache in Galilee." in lines(log)


def test_3_3_4_rob_success_with_two_caches_there_says_why_none_is_placed():
    s = board("P31", first="irgun", galilee={"cells_u": 2, "caches": 2})
    s, log = run(s, "box opsa", "op rob", "space galilee", rolls=[6])
    assert sp(s, "galilee")["caches"] == 2
    assert any("No Arms Cache could be placed in Galilee: it holds two already." == t for t in lines(log))


# -- Negotiate (4.2.2) and Mass Detention (4.2.3) ------------------------------------------------------

def negotiate_board(haganah: int) -> dict:
    return board("P31", first="british", h=haganah, galilee={"troops": 2, "cells_u": 1})


def test_4_2_2_negotiate_failed_roll_is_logged_with_no_shift():
    s, log = run(negotiate_board(4), "box opsa", "op patrol", "sa negotiate", rolls=[4])
    assert s["haganah"] == 4
    said = line_with(log, "British Negotiated")
    assert "rolled 4, 4 with 0 Terror marker(s); not greater than Haganah 4: no shift." in said


def test_4_2_2_negotiate_success_is_logged_then_the_shift():
    s, log = run(negotiate_board(2), "box opsa", "op patrol", "sa negotiate", rolls=[5])
    assert s["haganah"] == 1
    texts = lines(log)
    said = line_with(log, "British Negotiated")
    assert "greater than Haganah 2: the Track shifts one box left" in said
    assert texts[texts.index(said) + 1].startswith("The Haganah Track shifted from 2 to 1")


def detention_board() -> dict:
    """British first on P31; Tel Aviv-Jaffa: a Curfew, 3 Troops and an Active Cell; Lydda (its District):
    an Underground Cell."""
    return board("P31", first="british", tel_aviv_jaffa={"troops": 3, "curfew": 1, "cells_a": 1},
                 lydda={"cells_u": 1})


def test_4_2_3_mass_detention_roll_says_what_may_go_and_the_will_at_stake():
    s, log = run(detention_board(), "box opsa", "op assault", "sa mass-detention", "space tel-aviv-jaffa",
                 rolls=[5])
    said = line_with(log, "Mass Detention in Tel Aviv-Jaffa rolled 5")
    assert ("up to 5 Cell(s) of the 2 in Tel Aviv-Jaffa and Lydda go to Prison, and Political Will falls by the "
            "3 left over") in said
    s, log = run(s, "remove tel-aviv-jaffa active", "remove lydda underground")
    assert s["prison"] == 2 and s["pw"] == 7
    assert "Mass Detention removed 2 Cell(s) of the 5 rolled: 3 left over lowers Political Will." in lines(log)


def test_4_2_3_mass_detention_roll_of_one_removes_one_and_costs_nothing():
    s, log = run(detention_board(), "box opsa", "op assault", "sa mass-detention", "space tel-aviv-jaffa",
                 "remove lydda underground", rolls=[1])
    assert s["prison"] == 1 and s["pw"] == 10
    assert "Mass Detention removed 1 Cell(s) of the 1 rolled." in lines(log)


# -- Road Mines (P23), Rome Embassy Bombing (P19), Intel Chits (1.6.1) -----------------------------------

def road_mines_board() -> dict:
    """Road Mines (P23) shaded in play; Galilee: a Cell and a Sabotage marker; Samaria: a Police cube."""
    return (Position("palestine").clear().track(haganah=2, political_will=10)
            .put("galilee", cells_u=1, sabotage=1).put("samaria", police=1).capability("P23", "shaded")
            .turn("british", "P31").state())


def test_P23_road_mines_loss_and_no_loss_are_both_logged():
    orders = ("box opsa", "op patrol", "space galilee", "done", "move samaria galilee", "done")
    s, log = run(road_mines_board(), *orders, rolls=[3])
    assert "Road Mines (P23): rolled 3, a Police cube in Galilee was removed." in lines(log)
    s, log = run(road_mines_board(), *orders, rolls=[4])
    assert "Road Mines (P23): rolled 4, no loss in Galilee." in lines(log)


def test_P19_rome_embassy_bombing_failure_is_logged():
    s, log = run(board("P19", first="irgun"), "box event", "shaded", rolls=[2])
    assert s["pw"] == 10
    assert "Irgun rolled 2 for Rome Embassy Bombing: no effect." in lines(log)


def test_1_6_1_a_chit_drawn_is_logged_with_its_value():
    s, log = run(hold_chits(board("P31", first="british"), 0), "box opsa", "pass", draws=[2])
    assert s["intel"]["held"] == [0, 2]
    assert "British drew an Intel Chit of value 2 (British Pass)." in lines(log)
