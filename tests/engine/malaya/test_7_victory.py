"""Victory (7.0): the early victory checks of the Political Will phase (6.1.3, 7.0.1) and the final
Propaganda Round (6.1.4, 7.0.2: below 10 the MCP, above 10 the British, exactly 10 a tie); a Political Will
reached outside the check wins nothing (ruling R-CONTROL-PW)."""

from __future__ import annotations

import engine

from .helpers import role, run, texts
from .test_6_propaganda import at, opening


def test_7_0_1_political_will_2_is_an_mcp_victory():
    # Opposition Population 1 (Trengganu) with nothing else: net -1, 3 -> 2.
    step = opening(pw=3, trengganu=dict(guerrillas_u=1, support=-1))
    s = step.state
    assert s["pw"] == 2
    assert engine.outcome(s) == {"winner": "mcp", "reason": "British Political Will is 2 (6.1.3: 0, 1 or 2)"}
    assert "MCP won: British Political Will is 2 (6.1.3: 0, 1 or 2)." in texts(step.log)
    # Nothing of the round runs after the check: no Resources were earned.
    assert s["resources"] == {"british": 10, "mcp": 10}


def test_7_0_1_political_will_3_goes_on():
    s = at(pw=4, trengganu=dict(guerrillas_u=1, support=-1))
    assert s["pw"] == 3 and engine.outcome(s) is None


def test_7_0_1_political_will_18_is_a_british_victory():
    # Support Population 1 (Pahang): 17 -> 18.
    s = at(pw=17, pahang=dict(troops=1, support=1))
    assert s["pw"] == 18
    assert engine.outcome(s) == {"winner": "british",
                                 "reason": "British Political Will is 18 (6.1.3: 18, 19 or 20)"}


def test_7_0_1_political_will_17_goes_on():
    s = at(pw=16, pahang=dict(troops=1, support=1))
    assert s["pw"] == 17 and engine.outcome(s) is None


def test_7_0_2_final_round_below_10_is_an_mcp_victory():
    s = at(pw=9, rounds=2)
    assert engine.outcome(s) == {"winner": "mcp", "reason": "the final Propaganda Round ended with Political "
                                                          "Will 9, below 10"}


def test_7_0_2_final_round_above_10_is_a_british_victory():
    s = at(pw=11, rounds=2)
    assert engine.outcome(s)["winner"] == "british"
    assert "above 10" in engine.outcome(s)["reason"]


def test_7_0_2_final_round_at_10_is_a_tie():
    step = opening(pw=10, rounds=2)
    s = step.state
    assert engine.outcome(s) == {"winner": None, "reason": "the final Propaganda Round ended with Political Will "
                                                         "exactly 10 (a tie)"}
    assert "The game ended in a draw" in texts(step.log)


def test_7_0_2_not_the_final_round_at_10_goes_on():
    s = at(pw=10, rounds=1)
    assert engine.outcome(s) is None and role(s) in ("british", "mcp")


def test_7_0_1_an_early_victory_wins_before_the_final_score():
    """6.1.3 comes before 6.1.4: Political Will 2 on the final card is an early MCP victory by 7.0.1."""
    s = at(pw=3, rounds=2, trengganu=dict(guerrillas_u=1, support=-1))
    assert engine.outcome(s)["reason"] == "British Political Will is 2 (6.1.3: 0, 1 or 2)"


def test_7_0_1_political_will_reached_in_redeploy_wins_nothing():
    """Ruling R-CONTROL-PW: MCP Control lost in the Redeploy raises Political Will at once, but victory is
    checked only in the Political Will phase. Police may go to Kuala Lumpur whoever Controls it (6.4.1): two
    arrive there against one Guerrilla, and 17 + 2 (Kuala Lumpur's Population) = 19 ends nothing."""
    s = at("redeploy", pw=17, kuala_lumpur=dict(guerrillas_u=1), johore=dict(troops=1, police=2))
    assert s["control"]["kuala-lumpur"] == "mcp"
    s, log = run(s, "move johore kuala-lumpur police", "move johore kuala-lumpur police")
    assert s["control"]["kuala-lumpur"] == "british" and s["pw"] == 19
    assert engine.outcome(s) is None
    assert "MCP lost Control of Kuala Lumpur" in texts(log)
