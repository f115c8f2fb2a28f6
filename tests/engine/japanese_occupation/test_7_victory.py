"""Victory (7.0.1, L1616-1626) at the final Propaganda Round (6.2.6): after the MPAJA and Resistance Phases,
Resistance below 18 is a Japanese win, 20 a British win, 18-19 a British win with fewer Jungle Camps than Force
136 markers on the map, else the MPAJA win and both players lose; no earlier victory (7.0.1 NOTE); J9 Atomic
Bombings' early final round (``flags["final"]``, :func:`propaganda.start_final_round`)."""

from __future__ import annotations

from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import propaganda as P
from engine.testing import begin, idle

from .helpers import position, said

SCRIPT = P.JapaneseOccupationPropaganda.script


def final(g, rounds: int = 3):
    """Runs the Propaganda Round from its Game End step (6.2.6), the MPAJA Phase having counted *rounds*."""
    g.s["propaganda"] = rounds
    begin(g, "jo.propaganda", "british", pc=SCRIPT.index("game_end"))
    return g


def whole(g, rounds: int = 2):
    """Runs the whole Propaganda Round with *rounds* held before (the third card's when 2)."""
    g.s["propaganda"] = rounds
    begin(g, "jo.propaganda", "british")
    return g


def steady(**extra) -> dict:
    """Every Province and Kuala Lumpur at Opposition with a Troop: the MPAJA Phase adds one MPAJA Guerrilla to
    each, and the Resistance Phase nets nothing (no Neutral Population, no space with more Guerrillas than
    cubes), unless *extra* (merged into a space's counts) says otherwise."""
    spaces = {s.replace("-", "_"): {"opposition": 1, "troops": 1} for s in B.OPPOSITION_SPACES}
    for sid, counts in extra.items():
        spaces[sid] = {**spaces.get(sid, {}), **counts}
    return spaces


def test_7_0_1_resistance_below_18_japanese_win():
    g = final(position(resistance=17))
    assert g.s["outcome"] == {"winner": "japanese", "reason": "the final Resistance is 17, below 18"}
    assert g.log[-1]["kind"] == "h1" and "Japanese won" in g.log[-1]["text"]
    assert g.top()["p"] == "jo.propaganda" and g.top()["pc"] == SCRIPT.index("resources")  # nothing after 6.2.6
    assert "Resources Phase." not in said(g)


def test_7_0_1_resistance_20_british_win():
    g = final(position(resistance=20, kedah={"jungle_camp": 1}, pahang={"jungle_camp": 1}))
    assert g.s["outcome"]["winner"] == "british"
    assert "British won" in g.log[-1]["text"]


def test_7_0_1_resistance_18_19_british_win_with_fewer_camps_than_force_136():
    g = final(position(resistance=18, kedah={"jungle_camp": 1, "force_136": 1}, perak={"force_136": 1}))
    assert g.s["outcome"]["winner"] == "british"
    assert "1 Jungle Camp and 2 Force 136 markers" in g.s["outcome"]["reason"]


def test_7_0_1_resistance_18_19_mpaja_win_both_players_lose():
    g = final(position(resistance=19, kedah={"jungle_camp": 1, "force_136": 1}, perak={"jungle_camp": 1}))
    out = g.s["outcome"]
    assert out["winner"] is None and out["losers"] == ["british", "japanese"] and "MPAJA" in out["reason"]
    assert g.log[-1]["kind"] == "h1" and "both players lose" in g.log[-1]["text"]


def test_7_0_1_equal_camps_and_force_136_is_the_mpaja_win():
    g = final(position(resistance=18, kedah={"jungle_camp": 1, "force_136": 1}))
    assert g.s["outcome"]["winner"] is None and g.s["outcome"]["losers"]


def test_7_0_1_resistance_phase_counts_before_the_check():
    """The Resistance Phase moves the marker first: 17 + 2 revealed Intel = 19; the victory check reads 19."""
    g = whole(position(resistance=17, intel={"kedah": 2}, **steady(kedah={"jungle_camp": 1})))
    assert g.s["resistance"] == 19 and g.s["outcome"]["winner"] is None
    assert g.s["propaganda"] == 3


def test_7_0_1_note_no_victory_before_the_final_round():
    g = final(position(resistance=20), rounds=1)
    assert not g.s.get("outcome")
    assert "Not the final Propaganda card" in said(g)


def test_j9_atomic_bombings_final_round_early():
    """J9 in the third Campaign: the final Propaganda Round now (its MPAJA and Resistance Phases, then Victory);
    the flag is the Event's, set here by hand."""
    g = position(resistance=12, **steady())
    g.s["propaganda"] = 2
    assert P.third_campaign(g)
    g.s["propaganda"] = 1  # the flag alone makes the round final, whatever the count
    g.s["flags"][P.FINAL] = True
    begin(g, "jo.propaganda", "british")
    assert g.s["outcome"]["winner"] == "japanese" and g.s["propaganda"] == 2
    assert g.s["spaces"]["trengganu"]["mpaja_u"] == 1  # the MPAJA Phase ran
    assert "Resistance Phase." in said(g) and "Resources Phase." not in said(g)


def test_j9_start_final_round_helper_sets_the_flag():
    g = position(resistance=20, **steady())
    g.s["propaganda"] = 2
    P.start_final_round(idle(g))
    g.settle()
    assert g.s["flags"][P.FINAL] is True and g.s["outcome"]["winner"] == "british"
    assert "The war ends early" in said(g)
