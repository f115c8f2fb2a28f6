"""Victory (7.0): the early victory check of the Political Will phase (6.1.4, 7.0.1: 0-2 the Mau Mau, 18-20
the British) and the final Propaganda Round (6.1.5, 7.0.2: below 10 the Mau Mau, above 10 the British,
exactly 10 a tie); a Political Will of 0-2 or 18-20 reached outside the check wins nothing (ruling
R-CONTROL-PW)."""

from __future__ import annotations

import engine

from .test_6_propaganda import at, opening, run, texts

#: A space that makes 6.1.3 add nothing: a Base outside the Jungles and a Guerrilla in Nairobi.
UNCONTAINED = dict(nairobi=dict(guerrillas_u=1, bases=1))


def test_7_0_1_political_will_2_is_a_mau_mau_victory():
    # Resistance Population 2 (Kiambu): 4 -> 2.
    step = opening(pw=4, res=3, kiambu=dict(guerrillas_u=1, support=-1), **UNCONTAINED)
    s = step.state
    assert s["pw"] == 2
    assert engine.outcome(s) == {"winner": "maumau", "reason": "British Political Will is 2 (6.1.4: 0, 1 or 2)"}
    assert "Mau Mau won: British Political Will is 2 (6.1.4: 0, 1 or 2)." in texts(step.log)
    # Nothing of the round runs after the check: no Resources for the Base, nobody asked anything.
    assert s["resources"]["maumau"] == 3 and engine.active_roles(s) == []


def test_7_0_1_political_will_3_goes_on():
    s = at(pw=5, kiambu=dict(guerrillas_u=1, support=-1), **UNCONTAINED)
    assert s["pw"] == 3 and engine.outcome(s) is None and engine.active_roles(s)


def test_7_0_1_political_will_18_is_a_british_victory():
    # 6.1.3 both: 14 -> 18.
    s = at(pw=14, aberdares=dict(bases=1))
    assert s["pw"] == 18
    assert engine.outcome(s) == {"winner": "british",
                                 "reason": "British Political Will is 18 (6.1.4: 18, 19 or 20)"}


def test_7_0_1_political_will_17_goes_on():
    s = at(pw=13, aberdares=dict(bases=1))
    assert s["pw"] == 17 and engine.outcome(s) is None


def test_7_0_2_final_round_below_10_is_a_mau_mau_victory():
    s = at(pw=9, rounds=2, **UNCONTAINED)
    assert engine.outcome(s) == {"winner": "maumau", "reason": "the final Propaganda Round ended with Political "
                                                             "Will 9, below 10"}


def test_7_0_2_final_round_above_10_is_a_british_victory():
    s = at(pw=11, rounds=2, **UNCONTAINED)
    assert engine.outcome(s)["winner"] == "british" and "above 10" in engine.outcome(s)["reason"]


def test_7_0_2_final_round_at_10_is_a_tie():
    step = opening(pw=10, rounds=2, **UNCONTAINED)
    assert engine.outcome(step.state) == {"winner": None, "reason": "the final Propaganda Round ended with "
                                                                    "Political Will exactly 10 (a tie)"}
    assert "The game ended in a draw" in texts(step.log)


def test_7_0_2_the_second_round_is_not_the_final_one():
    s = at(pw=10, rounds=1, **UNCONTAINED)
    assert engine.outcome(s) is None and s["propaganda"] == 2


def test_7_0_1_the_early_check_comes_before_the_final_one():
    """On the final card a Political Will of 18 is a British victory by 7.0.1, not a score by 7.0.2."""
    s = at(pw=14, rounds=2, aberdares=dict(bases=1))
    assert engine.outcome(s)["reason"] == "British Political Will is 18 (6.1.4: 18, 19 or 20)"


def test_r_control_pw_political_will_2_outside_the_check_wins_nothing():
    """The Redeploy's Police leaving Nanyuki hand it to the Mau Mau (1.7): Political Will 3 -> 2 after the
    Political Will phase; the game goes on to the Forest Camps."""
    s = at("redeploy", pw=3, nanyuki=dict(police=1, guerrillas_u=1), thika=dict(police=1))
    s, log = run(s, "move nanyuki thika police", "done")
    assert s["pw"] == 2 and engine.outcome(s) is None and engine.active_roles(s) == ["maumau"]
