"""Cyprus's victory (7.0-7.2, L3545-3570; 6.1.4, 6.1.5): EOKA win at once when the Political Will phase leaves
Political Will at 0, on any Propaganda card; otherwise the British win at the end of the final (third)
Propaganda card's Political Will phase; no draw; nothing of the round runs after the game ends."""

from __future__ import annotations

from engine.games.cyprus import board as B
from engine.games.cyprus.propaganda import final_round

from .helpers import do, role, said
from .test_6_propaganda import board, start


def test_7_0_1_eoka_win_when_political_will_reaches_0():
    """PW 3: -4 (Condemned), -2 (Sabotage in Nicosia), -2 (in Dhekelia), +2 (no Arms Cache in a Mountain), +2
    (five Towns without Sabotage): net -4, stopped at 0 (1.8), an EOKA win (6.1.4)."""
    g = start(board(pw=3, io=4, nicosia=dict(sabotage=1, cells_u=1), dhekelia=dict(sabotage=1)))
    s = g.s
    assert s["pw"] == 0
    assert s["outcome"] == {"winner": "eoka", "reason": "British Political Will is at 0 after the Political Will "
                                                        "phase"}
    log = said(g)
    assert "EOKA won: British Political Will is at 0 after the Political Will phase." in log
    assert g.log[-1]["rule"] == "6.1.4, 7.0.1"
    # nothing after the victory check: no Resource phase, no chit drawn, no Reset; the round waits no more
    assert "Resource phase" not in log and not s["intel"]["held"] and s["spaces"]["nicosia"]["sabotage"] == 1
    assert s["flow"][-1]["p"] == "cy.propaganda" and s["propaganda"] == 1


def test_7_0_1_eoka_win_on_the_final_card_comes_first():
    """6.1.5: the British win on the final card only if EOKA have not."""
    g = start(board(pw=2, io=4, nicosia=dict(sabotage=1)), rounds=2)  # -4, -2, +2, +2
    assert final_round(g) and g.s["pw"] == 0 and g.s["outcome"]["winner"] == "eoka"


def test_7_0_1_only_the_value_after_the_phase_counts():
    """At 0 as the round begins (an Event brought it there), a net rise leaves it above 0: no win (7.0.1: at
    the victory check)."""
    g = start(board(pw=0, io=1, kyrenia=dict(cells_u=1)))
    assert g.s["pw"] == 4 and g.s["outcome"] is None and role(g) == "eoka"  # EOKA Arms asked next


def test_7_0_2_the_british_win_at_the_end_of_the_final_propaganda_cards_political_will_phase():
    g = start(board(pw=5, io=4, nicosia=dict(sabotage=1, cells_u=1)), rounds=2)
    s = g.s
    assert s["propaganda"] == 3 and s["pw"] == 3  # -4, -2, +2, +2
    assert s["outcome"] == {"winner": "british", "reason": "the final Propaganda Round's Political Will phase "
                                                           "ended with Political Will 3 and no EOKA victory"}
    assert g.log[-1]["rule"] == "6.1.5, 7.0.2" and "Resource phase" not in said(g)


def test_7_0_2_the_british_win_even_at_political_will_1():
    g = start(board(pw=4, io=4, nicosia=dict(sabotage=1), limassol=dict(sabotage=1)), rounds=2)  # -4 -3 +2 +2
    assert g.s["pw"] == 1 and g.s["outcome"]["winner"] == "british"


def test_7_0_the_first_and_second_propaganda_cards_end_nothing_above_0():
    for rounds in (0, 1):
        g = start(board(pw=5, io=4, nicosia=dict(sabotage=1, cells_u=1)), rounds=rounds)
        assert g.s["outcome"] is None and g.s["propaganda"] == rounds + 1 and not final_round(g)
        assert role(g) == "eoka"  # the round goes on: EOKA Arms
        do(g, "done")
        assert "Resource phase." in said(g)


def test_7_0_no_draw_in_cyprus():
    """Every end has a winner: 0 is an EOKA win, anything else on the last card a British one."""
    for pw, winner in ((B.PW_MIN, "eoka"), (1, "british"), (B.PW_MAX - 7, "british")):
        g = board(pw=pw, io=0)
        for sid in B.TOWNS:
            B.sp(g, sid)["sabotage"] = 1  # Disorder -7, no Order from the Towns
        B.sp(g, "troodos").update(caches=1, cells_u=1)  # no +2
        g.s["available"]["caches"] -= 1
        g.s["available"]["cells"] -= 1
        g.s["pw"] = pw + 7  # so that the net -7 lands on pw
        g = start(g, rounds=2)
        assert g.s["pw"] == pw and g.s["outcome"]["winner"] == winner
