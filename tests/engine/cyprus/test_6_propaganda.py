"""Cyprus's Propaganda Round (6.0, L3494-3535): Political Will term by term (6.1.1-6.1.3, the net change of
the NOTE L3508) with the Example of Play's Propaganda card (8.0, L3626-3636) as one case; EOKA Arms and British
Intel (6.2; ruling R-INTEL-HALF); British then EOKA Redeploy (6.3; ruling R-REDEPLOY, each Police cube once);
the Reset in its order (6.4) with C18 unshaded's arrests and C4's Troops (ruling R-C4), EOKA made 1st
Eligible and the next card revealed by the shared card round; and the phases a position may start at.

A Context is built by hand (helpers.py) with Cyprus's rules, and orders are given with the driver of helpers.py,
as engine.api applies them: checked against the prompt, a refusal explained by the procedure."""

from __future__ import annotations

import pytest

from engine.coin import deck as D
from engine.core.chance import ScriptedChance, SeededChance
from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus import propaganda as P
from engine.games.cyprus.position import POSITION
from engine.games.cyprus.propaganda_phases import SUEZ_BY
from engine.games.cyprus.rules import RULES
from engine.testing import idle

from .helpers import check, do, legal, position, prompt_text, refused, role, said

#: Where a position may start a Propaganda Round, and the script's step each begins (position.py).
PHASES = {"political-will": "will", "resources": "resources", "redeploy": "redeploy", "reset": "reset"}


# -- the harness ----------------------------------------------------------------------------------------------

class Chance(ScriptedChance):
    """The draws given, in order, then seeded ones (a phase the test does not look at may draw a chit)."""

    def draw(self, items, label):
        return super().draw(items, label) if self.draws else self.fallback.draw(items, label)


def board(eligible=("eoka", "british"), draws=(), **kw) -> Context:
    """A Context on an empty map (helpers.position: *spaces*, Political Will, International Opinion, Cells in
    Prison, the Intel Chits held, Capabilities) with *eligible* the Eligibility order; draws scripted (the
    deck's, and any after *draws*, from a seeded source)."""
    g = position(chance=Chance(draws=list(draws), fallback=SeededChance(3)), **kw)
    g.s["eligible"] = list(eligible)
    return g


def reveal(g: Context, *cids: str) -> None:
    """Reveals *cids* in order, as the card round does (each put on top, then drawn)."""
    D.stack(g.s, *cids)
    for _ in cids:
        cid = D.draw_top(g)
        g.s["played"].append(cid)
        g.s["current"] = cid


def start(g: Context, phase: str = "political-will", rounds: int = 0) -> Context:
    """The Propaganda Round of the next Propaganda card after *rounds* held, started at *phase* as a position
    file starts it (engine.coin.position.CoinPosition.push: the round's frame, then the script at the phase's
    step) and run to the first decision."""
    s = g.s
    cards = ["C33", "C34", "C35"][:rounds + 1]
    reveal(g, *cards)
    s["propaganda"] = rounds if phase == "political-will" else rounds + 1
    POSITION.push({"at": "propaganda", "phase": phase}, idle(g))
    g.settle()
    check(s)
    return g


def rules_logged(g: Context) -> list[str]:
    return [e.get("rule") for e in g.log]


def sp(g: Context, sid: str) -> dict:
    return {k: v for k, v in g.s["spaces"][sid].items() if v}


def will(**kw) -> Context:
    """The Political Will phase: the round stops at EOKA's first choice of the Resource phase, an Arms Cache
    for the Cell in the Kyrenia Mountains (a Cell is in no term of 6.1), before anything else moves."""
    kw.setdefault("kyrenia", dict(cells_u=1))
    return start(board(**kw))


def pw_after(**kw) -> int:
    return will(**kw).s["pw"]


# -- 8.0: the Example of Play's Propaganda card (L3626-3636) --------------------------------------------------

def example_before_card_7() -> Context:
    """The position as PROPAGANDA! (C35) is revealed in the Example of Play (8.0, L3626; digest B9 variant B,
    ruling R-8.0-TRAVEL): Nicosia 3 Underground Cells, 6 Troops, a Sabotage marker; Famagusta an Active Cell, 3
    Troops, a Police cube, a Curfew; Limassol 3 Troops, 3 Police; Larnaca an Arms Cache; Karpas a Sabotage
    marker; Kyrenia an Underground Cell; Akrotiri an Underground Cell; 5 Cells in Prison; Political Will 14,
    International Opinion Debated (2); no chit held; C13 shaded in play; EOKA 1st Eligible."""
    g = board(pw=14, io=2, prison=5, capabilities={"C13": "shaded"}, draws=[1],
              nicosia=dict(cells_u=3, troops=6, sabotage=1), famagusta=dict(cells_a=1, troops=3, police=1, curfew=1),
              limassol=dict(troops=3, police=3), larnaca=dict(caches=1), karpas=dict(sabotage=1),
              kyrenia=dict(cells_u=1), akrotiri=dict(cells_u=1))
    reveal(g, "C3", "C21", "C11", "C6", "C19", "C13")
    return g


def test_8_0_the_example_of_plays_propaganda_round():
    g = start(example_before_card_7())
    s = g.s
    # Political Will: IO 2 -> 3 (5 Cells in Prison); -3, -2 Nicosia, -1 Karpas, +2, +2: net -2, 14 -> 12
    assert s["io"] == 3 and s["pw"] == 12 and s["outcome"] is None
    log = said(g)
    assert "International Opinion moved from Debated (2) to Criticized (3) (International Pressure: 5 Cells in " \
           "Prison)" in log
    for term in ("International Opinion at Criticized (3) costs 3 (-3)",
                 "1 Sabotage marker in Nicosia (a Town, value 2) cost 2 (-2)",
                 "1 Sabotage marker in Karpas (a Town, value 1) cost 1 (-1)",
                 "no Arms Cache in either Mountain adds 2 (+2)",
                 "4 Towns without Sabotage (Famagusta, Larnaca, Limassol and Paphos) add 2, one for every two (+2)",
                 "Political Will fell from 14 to 12 (Political Will phase, net -2)"):
        assert term in log, term
    assert {"6.1.1", "6.1.2", "6.1.3", "6.1"} <= set(rules_logged(g))
    # Resources: EOKA place an Arms Cache in the Kyrenia Mountains; the British, holding none, draw a 1
    assert role(g) == "eoka" and legal(g) == {"place": ["nicosia", "famagusta", "kyrenia"], "done": []}
    do(g, "place kyrenia")
    assert s["intel"]["held"] == [1] and s["available"]["caches"] == 2
    # Redeploy: all four Police to Nicosia (no Troop in a Mountain); Famagusta keeps its Troops and Curfew
    assert role(g) == "british"
    do(g, "move limassol nicosia police", "move limassol nicosia police", "move limassol nicosia police",
       "move famagusta nicosia police")
    assert sp(g, "famagusta") == {"cells_a": 1, "troops": 3, "curfew": 1}
    assert "no Troop was in a Mountain" in said(g)
    # EOKA must move the Cell in Akrotiri (to Nicosia) and move no Arms Cache
    assert role(g) == "eoka" and "akrotiri nicosia underground" in legal(g)["move"]
    do(g, "move akrotiri nicosia underground", "done")
    # Reset: 3 Towns marked (Nicosia, Famagusta, Karpas): IO 3 -> 2; markers off; Prison 5 -> 3; all Underground
    assert s["io"] == 2 and s["prison"] == 3
    assert {sid: sp(g, sid) for sid in B.SPACES if sp(g, sid)} == {
        "nicosia": {"cells_u": 4, "troops": 6, "police": 4}, "famagusta": {"cells_u": 1, "troops": 3},
        "limassol": {"troops": 3}, "larnaca": {"caches": 1}, "kyrenia": {"cells_u": 1, "caches": 1}}
    assert s["available"] == {"troops": 0, "police": 2, "cells": 3, "caches": 2}
    assert s["pw"] == 12 and s["intel"]["held"] == [1] and s["eligible"] == ["eoka", "british"]
    assert s["capabilities"] == {"C13": "shaded"} and s["propaganda"] == 1 and s["outcome"] is None
    # the card round reveals the next card for EOKA, 1st Eligible (6.4, 2.3.2)
    assert s["flow"][0]["stage"] == "after-first" and g.top()["p"] == "coin.turn" and role(g) == "eoka"
    assert len(s["played"]) == 8 and s["current"] != "C35" and RULES.card(s["current"])["kind"] == "event"


# -- 6.1 Political Will ---------------------------------------------------------------------------------------

def test_6_1_1_international_pressure_one_step_per_three_cells_in_prison():
    g = will(pw=12, io=1, prison=7, paphos=dict(caches=1, cells_u=1))
    assert g.s["io"] == 3  # 7 // 3 = 2 steps
    # -3 (IO), +2 (no Arms Cache in a Mountain), +3 (six Towns without Sabotage)
    assert g.s["pw"] == 14
    g = will(pw=12, io=1, prison=2)
    assert g.s["io"] == 1 and "2 Cells in Prison, fewer than three: International Opinion stays at Discussed (1)" \
        in said(g)


def test_6_1_1_international_opinion_stops_at_condemned_and_costs_its_value():
    g = will(pw=12, io=3, prison=9)
    assert g.s["io"] == 4 and "9 Cells in Prison shift International Opinion 3 steps right; it stops at " \
        "Condemned (4), the end of its track" in said(g)
    assert g.s["pw"] == 12 - 4 + 2 + 3


def test_6_1_2_disorder_counts_each_marker_at_its_spaces_value():
    """L3504: for each Sabotage marker; Nicosia and the Bases 2, other Towns 1; a Mountain's 0 (1.3.3)."""
    g = will(pw=12, io=0, nicosia=dict(sabotage=2), akrotiri=dict(sabotage=1), larnaca=dict(sabotage=3),
             troodos=dict(sabotage=1))
    log = said(g)
    assert "2 Sabotage markers in Nicosia (a Town, value 2) at 2 each cost 4 (-4)" in log
    assert "1 Sabotage marker in Akrotiri (a British Base, value 2) cost 2 (-2)" in log
    assert "3 Sabotage markers in Larnaca (a Town, value 1) at 1 each cost 3 (-3)" in log
    assert not any("Troodos" in e["text"] for e in g.log if e.get("rule") == "6.1.2")
    # -0 (IO), -9 (Disorder), +2 (no Arms Cache in a Mountain), +2 (four Towns without Sabotage)
    assert g.s["pw"] == 12 - 9 + 2 + 2


def test_6_1_2_no_sabotage_no_disorder():
    assert "Disorder: no Sabotage marker in a Town or British Base (+0)" in said(will(pw=5, io=0))


@pytest.mark.parametrize("caches, gain", [({}, 2), ({"troodos": 1}, 0), ({"kyrenia": 2}, 0), ({"paphos": 2}, 2)])
def test_6_1_3_order_no_arms_cache_in_either_mountain(caches, gain):
    spaces = {sid: dict(caches=n, cells_u=1) for sid, n in caches.items()}
    assert pw_after(pw=5, io=0, karpas=dict(sabotage=1), **spaces) == 5 - 1 + gain + 2


@pytest.mark.parametrize("sabotaged, gain", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0)])
def test_6_1_3_order_one_for_every_two_towns_without_sabotage(sabotaged, gain):
    towns = ["paphos", "karpas", "larnaca", "limassol", "famagusta", "nicosia"][:sabotaged]
    cost = sum(B.sabotage_value(t) for t in towns)
    g = will(pw=10, io=0, troodos=dict(caches=1), **{t: dict(sabotage=1) for t in towns})
    assert g.s["pw"] == 10 - cost + gain
    assert f"add {gain}, one for every two" in said(g)


def test_6_1_note_the_net_change_is_worked_out_before_the_marker_moves():
    """NOTE L3508: at 3 with -4 (Condemned) then +5, step by step the marker would reach 0 (an EOKA win);
    net it goes to 4."""
    g = will(pw=3, io=4)
    assert g.s["pw"] == 4 and g.s["outcome"] is None
    assert "Political Will rose from 3 to 4 (Political Will phase, net +1)" in said(g)


def test_6_1_political_will_stays_within_0_to_15():
    g = will(pw=14, io=0)
    assert g.s["pw"] == 15  # +5 stops at 15 (1.8)
    g = will(pw=15, io=0)
    assert g.s["pw"] == 15 and "Political Will stays at 15 (net +5, at the end of its track)" in said(g)


def test_6_1_each_round_is_counted():
    g = start(board(pw=10, io=0), rounds=1)
    assert g.s["propaganda"] == 2 and "Propaganda Round 2 of 3" in said(g) and g.s["outcome"] is None


# -- 6.2 Resource phase ---------------------------------------------------------------------------------------

def resources(**kw) -> Context:
    return start(board(**kw), "resources")


def test_6_2_1_eoka_may_place_an_arms_cache_in_a_town_or_mountain_with_a_cell():
    g = resources(pw=10, nicosia=dict(cells_u=1), troodos=dict(cells_a=1), kyrenia=dict(cells_u=1, caches=2),
                  akrotiri=dict(cells_u=1), paphos=dict(troops=1))
    assert role(g) == "eoka" and legal(g) == {"place": ["nicosia", "troodos"], "done": []}
    assert "place SPACE: Nicosia and Troodos Mountains" in prompt_text(g)
    refused(g, "place akrotiri", "Akrotiri is a British Base: Arms Caches never occupy one", rule="1.4.2")
    refused(g, "place paphos", "Paphos has no Cell: the Arms Cache goes to a Town or Mountain with a Cell",
            rule="6.2.1")
    refused(g, "place kyrenia", "Kyrenia Mountains holds 2 Arms Caches already", rule="1.4.2")
    refused(g, "place atlantis", "'atlantis' is not a space of the map")
    refused(g, "box event", "this step takes only done, place", own=False)
    do(g, "place troodos")
    assert sp(g, "troodos") == {"cells_a": 1, "caches": 1} and g.s["available"]["caches"] == 1
    assert "EOKA placed an Arms Cache in Troodos Mountains." in said(g)


def test_6_2_1_eoka_may_decline():
    g = resources(pw=10, nicosia=dict(cells_u=1), draws=[0])
    do(g, "done")
    assert sp(g, "nicosia") == {"cells_u": 1} and g.s["available"]["caches"] == 4
    assert "EOKA chose to place no Arms Cache." in said(g)


def test_6_2_1_not_asked_without_an_arms_cache_available_or_a_space():
    g = board(pw=10, nicosia=dict(cells_u=1), larnaca=dict(caches=2, cells_u=1), kyrenia=dict(caches=2, cells_u=1),
              draws=[2])
    start(g, "resources")
    assert "EOKA have no Arms Cache Available, so none is placed" in said(g)
    assert "British drew an Intel Chit of value 2" in said(g)  # on to 6.2.2 without asking EOKA
    g = start(board(pw=10, akrotiri=dict(cells_u=2), draws=[2]), "resources")
    assert "no Town or Mountain with a Cell has room for an Arms Cache" in said(g)


def test_6_2_2_holding_no_chit_the_british_draw_one():
    g = resources(pw=10, draws=[2])
    assert g.s["intel"]["held"] == [2] and len(g.s["intel"]["bag"]) == 8
    assert "British drew an Intel Chit of value 2 (British Intel, holding none)." in said(g)


def test_6_2_2_one_chit_half_rounded_down_is_none():
    g = resources(pw=10, chits=[2])
    assert g.s["intel"]["held"] == [2] and "half of one, rounded down, is none to discard" in said(g)


def test_6_2_2_r_intel_half_the_british_choose_which_chits_to_discard():
    g = resources(pw=10, chits=[0, 1, 1, 2, 2])
    assert role(g) == "british" and legal(g) == {"discard": ["0", "1", "2"]}
    assert "discard 2 more Intel Chits, your choice of which" in prompt_text(g)
    refused(g, "done", "must discard half their Intel Chits, rounded down: 2 more", rule="6.2.2")
    do(g, "discard 0")
    assert g.s["intel"]["held"] == [1, 1, 2, 2] and legal(g) == {"discard": ["1", "2"]}
    refused(g, "discard 0", "the British hold no Intel Chit of value 0 (held: 1, 1, 2, 2)", rule="6.2.2")
    do(g, "discard 1")
    assert g.s["intel"]["held"] == [1, 2, 2] and g.s["intel"]["bag"] == [0, 0, 0, 1, 1, 2]
    assert "British discarded an Intel Chit of value 0." in said(g)


def test_6_2_2_a_discard_with_one_value_held_is_made_without_asking():
    g = resources(pw=10, chits=[2, 2, 2])
    assert g.s["intel"]["held"] == [2, 2]
    assert "British discarded an Intel Chit of value 2, the only value they hold." in said(g)
    g = resources(pw=10, chits=[0, 1, 1, 1])
    do(g, "discard 0")  # then the other is a 1 whatever they choose
    assert g.s["intel"]["held"] == [1, 1] and "the only value they hold" in said(g)


# -- 6.3.1 British Redeploy ---------------------------------------------------------------------------------

def redeploy(**kw) -> Context:
    return start(board(**kw), "redeploy")


def test_6_3_1_police_move_among_spaces_with_british_pieces_then_troops_leave_the_mountains():
    g = redeploy(pw=10, nicosia=dict(police=2), limassol=dict(troops=1), troodos=dict(troops=3),
                 paphos=dict(cells_u=1))
    assert role(g) == "british"
    moves = legal(g)["move"]
    assert set(moves) == {"nicosia limassol police", "nicosia troodos police"} and legal(g)["done"] == []
    refused(g, "move nicosia paphos police", "Paphos had no British piece when the Redeploy began",
            "(Nicosia, Limassol and Troodos Mountains)", rule="6.3.1")
    refused(g, "move troodos akrotiri troops", "the Police move first", rule="6.3.1")
    refused(g, "move nicosia nicosia police", "would stay in Nicosia")
    refused(g, "move nicosia limassol tank", "'move' here is written 'move FROM TO police|troops'")
    refused(g, "move limassol nicosia police", "Limassol has no Police cube to move")
    do(g, "move nicosia limassol police")
    do(g, "done")
    # Troops: each to either Base, the British choosing; done refused until all have moved
    assert legal(g) == {"move": ["troodos akrotiri troops", "troodos dhekelia troops"]}
    refused(g, "done", "must move every Troop in a Mountain to a British Base; still to move: Troodos Mountains 3",
            rule="6.3.1")
    refused(g, "move troodos limassol troops", "Limassol is a Town: Troops in the Mountains go to either British Base")
    refused(g, "move limassol akrotiri troops", "only the Troops in the Mountains Redeploy")
    refused(g, "move nicosia limassol police", "the Police moves are over")
    do(g, "move troodos akrotiri troops", "move troodos dhekelia troops", "move troodos akrotiri troops")
    assert sp(g, "akrotiri") == {"troops": 2} and sp(g, "dhekelia") == {"troops": 1} and not sp(g, "troodos")
    assert sp(g, "nicosia") == {"police": 1} and sp(g, "limassol") == {"troops": 1, "police": 1}
    assert "Reset phase." in said(g)  # the Troops' last move ended the British Redeploy


def test_6_3_1_r_redeploy_spaces_are_judged_as_the_redeploy_begins_and_a_cube_moves_once():
    """Karpas's only Police cube leaves; Karpas still takes Police (it held a British piece as the phase
    began). A cube that has moved may not move again."""
    g = redeploy(pw=10, karpas=dict(police=1), larnaca=dict(police=2), nicosia=dict(cells_u=1))
    do(g, "move karpas larnaca police")
    assert not sp(g, "karpas") and "larnaca karpas police" in legal(g)["move"]
    do(g, "move larnaca karpas police")
    assert sp(g, "karpas") == {"police": 1} and sp(g, "larnaca") == {"police": 2}
    assert legal(g)["move"] == ["larnaca karpas police"]  # one of Larnaca's own two; the arrivals stay
    refused(g, "move karpas larnaca police", "Karpas has 1 Police cube, each moved there in this Redeploy: a "
            "Police cube moves once", rule="6.3.1")


def test_6_3_1_a_curfew_lifts_at_once_when_a_town_is_left_with_no_british_piece():
    """1.10, L3295: Paphos loses its Curfew as its last Police cube leaves; Famagusta keeps its own, held by
    its Troops (as in the Example of Play, L3634)."""
    g = redeploy(pw=10, paphos=dict(police=1, curfew=1, cells_u=1), famagusta=dict(police=1, troops=2, curfew=1),
                 nicosia=dict(troops=1, police=1))
    do(g, "move paphos nicosia police")
    assert sp(g, "paphos") == {"cells_u": 1} and "The Curfew in Paphos was lifted" in said(g)
    do(g, "move famagusta nicosia police")
    assert sp(g, "famagusta") == {"troops": 2, "curfew": 1}


def test_6_3_1_nothing_to_move_passes_to_eoka():
    g = redeploy(pw=10, nicosia=dict(troops=2, cells_u=1), akrotiri=dict(cells_a=1))
    log = said(g)
    assert "no Police could move (no Police cube is on the map)" in log and "no Troop was in a Mountain" in log
    assert role(g) == "eoka"


# -- 6.3.2 EOKA Redeploy ------------------------------------------------------------------------------------

def test_6_3_2_eoka_must_move_every_cell_in_a_base_keeping_its_side():
    g = redeploy(pw=10, akrotiri=dict(cells_u=1, cells_a=1, troops=1), paphos=dict(caches=1),
                 limassol=dict(troops=1), nicosia=dict(cells_u=1))
    assert "no Police could move (no Police cube is on the map)" in said(g) and role(g) == "eoka"
    dests = {m.split()[1] for m in legal(g)["move"]}
    assert dests == {"nicosia", "paphos", "troodos", "kyrenia"} and "done" not in legal(g)
    refused(g, "move akrotiri limassol active", "Limassol had no EOKA piece when EOKA's Redeploy began",
            "(Nicosia and Paphos)", rule="6.3.2")
    refused(g, "move akrotiri dhekelia active", "Dhekelia is a British Base", rule="6.3.2")
    refused(g, "move nicosia troodos underground", "Nicosia is a Town: only the Cells in the British Bases Redeploy")
    refused(g, "done", "EOKA must move every Cell in a British Base; still to move: Akrotiri 2", rule="6.3.2")
    refused(g, "move paphos nicosia cache", "every Cell in a British Base moves first")
    do(g, "move akrotiri paphos active")
    refused(g, "move akrotiri kyrenia active", "Akrotiri has no Active Cell to move")
    do(g, "move akrotiri kyrenia underground")
    assert sp(g, "paphos") == {"cells_a": 1, "caches": 1} and sp(g, "kyrenia") == {"cells_u": 1}
    assert sp(g, "akrotiri") == {"troops": 1}


def test_6_3_2_eoka_may_then_move_one_arms_cache_to_a_space_with_a_cell():
    g = redeploy(pw=10, larnaca=dict(caches=1), troodos=dict(caches=2, cells_u=1), karpas=dict(cells_u=1),
                 akrotiri=dict(cells_u=1), famagusta=dict(police=1))
    assert "no Police could move (no other space with British pieces to move Police to)" in said(g)
    do(g, "move akrotiri kyrenia underground")
    assert legal(g) == {"move": ["larnaca karpas cache", "larnaca kyrenia cache", "troodos karpas cache",
                                 "troodos kyrenia cache"], "done": []}
    refused(g, "move larnaca troodos cache", "Troodos Mountains holds 2 Arms Caches already", rule="1.4.2")
    refused(g, "move larnaca famagusta cache", "Famagusta has no Cell: the Arms Cache moves to a space with a Cell")
    refused(g, "move larnaca akrotiri cache", "Akrotiri is a British Base: Arms Caches never occupy one")
    refused(g, "move kyrenia karpas cache", "Kyrenia Mountains has no Arms Cache to move")
    refused(g, "move karpas troodos underground", "the Cells' moves are over")
    do(g, "move troodos karpas cache")
    assert sp(g, "karpas") == {"cells_u": 1, "caches": 1} and sp(g, "troodos") == {"cells_u": 1, "caches": 1}
    assert "EOKA redeployed an Arms Cache from Troodos Mountains to Karpas." in said(g)
    assert "Reset phase." in said(g)  # one Arms Cache only: the phase is over


def test_6_3_2_no_cell_in_a_base_and_no_cache_to_move():
    g = redeploy(pw=10, nicosia=dict(cells_u=1))
    log = said(g)
    assert "no Cell was in a British Base" in log and "no Arms Cache could move (no Arms Cache is on the map)" in log


# -- 6.4 Reset ----------------------------------------------------------------------------------------------

def reset(**kw) -> Context:
    return start(board(**kw), "reset")


def test_6_4_reset_in_order():
    """Three Towns marked: IO one step toward Ignored; markers off; half of 5 in Prison back; all Underground;
    EOKA 1st Eligible (they were 2nd), and the next card revealed for them."""
    g = board(pw=10, io=3, prison=5, eligible=("british", "eoka"),
              nicosia=dict(cells_a=2, troops=1, curfew=1, sabotage=2), karpas=dict(sabotage=1),
              akrotiri=dict(sabotage=1), famagusta=dict(police=1, curfew=1, cells_a=1))
    D.stack(g.s, "C1")  # under the Propaganda card start() reveals
    start(g, "reset")
    s = g.s
    assert s["io"] == 2 and "Reset: 3 Towns with Sabotage or Curfew (Nicosia, Famagusta and Karpas)" in said(g)
    assert all(not x["curfew"] and not x["sabotage"] for x in s["spaces"].values())
    assert "Removed from the map: the Curfews in Nicosia and Famagusta and the Sabotage markers in Nicosia (2), " \
           "Karpas and Akrotiri." in said(g)
    assert s["prison"] == 3 and s["available"]["cells"] == 12 - 3 - 5 + 2
    assert all(not x["cells_a"] for x in s["spaces"].values()) and sp(g, "nicosia")["cells_u"] == 2
    assert s["eligible"] == ["eoka", "british"] and "EOKA became 1st Eligible." in said(g)
    # the shared card round reveals the next card (here C1) for EOKA
    assert s["current"] == "C1" and role(g) == "eoka" and legal(g) == {"box": ["limited", "event", "opsa"]}


def test_6_4_more_than_three_towns_marked_leaves_international_opinion():
    g = reset(pw=10, io=3, nicosia=dict(sabotage=1), karpas=dict(sabotage=1), paphos=dict(sabotage=1),
              limassol=dict(troops=1, curfew=1), dhekelia=dict(sabotage=1))
    assert g.s["io"] == 3 and "4 Towns have Sabotage or Curfew" in said(g)


def test_6_4_international_opinion_stops_at_ignored():
    g = reset(pw=10, io=0, prison=1)
    assert g.s["io"] == 0 and "International Opinion is at Ignored (0) already" in said(g)
    assert g.s["prison"] == 1 and "Prison holds 1 Cell, half of which, rounded down, is none" in said(g)
    assert "EOKA stay 1st Eligible and the British 2nd." in said(g)


def test_6_4_c18_unshaded_sends_every_cell_in_a_curfew_space_to_prison_first():
    """C18 unshaded (L3813): at the start of the Reset; those Cells count in the half returned."""
    g = reset(pw=10, prison=1, capabilities={"C18": "unshaded"},
              nicosia=dict(cells_u=2, cells_a=1, troops=1, curfew=1), paphos=dict(cells_u=1))
    assert not sp(g, "nicosia").get("cells_u") and sp(g, "paphos") == {"cells_u": 1}
    assert "Cordon and Search (C18): 3 Cells in Nicosia went to Prison; Prison holds 4 Cells." in said(g)
    assert g.s["prison"] == 2  # 1 + 3, half of 4 back
    text = said(g)
    assert text.index("Cordon and Search") < text.index("International Opinion") < text.index("returned from Prison")


def test_6_4_c18_shaded_or_absent_arrests_nobody():
    for caps in ({"C18": "shaded"}, {}):
        g = reset(pw=10, capabilities=caps, nicosia=dict(cells_u=2, troops=1, curfew=1))
        assert sp(g, "nicosia")["cells_u"] == 2 and "Cordon and Search" not in said(g)
    g = reset(pw=10, capabilities={"C18": "unshaded"}, nicosia=dict(cells_u=2, troops=1))
    assert "Cordon and Search (C18): no Cell was in a Curfew space." in said(g)


def suez(executor: str | None, **kw) -> Context:
    """Three Troops on C4 (played earlier), its executor recorded as the Event records it (SUEZ_BY)."""
    g = board(pw=10, nicosia=dict(sabotage=1), **kw)
    reveal(g, "C4")
    g.s["available"]["troops"] -= 3
    g.s["suez"] = 3
    if executor:
        g.s["flags"][SUEZ_BY] = executor
    return start(g, "reset")


def test_6_4_r_c4_the_faction_that_executed_suez_crisis_returns_its_troops_to_the_bases():
    g = suez("eoka")
    assert role(g) == "eoka" and legal(g) == {"place": ["akrotiri", "dhekelia"]}
    assert "3 Troops on the card return to the British Bases; the EOKA choose where" in said(g)
    assert "Removed from the map" not in said(g)  # at the start of the Reset, before its other steps (R-C4)
    refused(g, "place nicosia", "Nicosia is a Town: the Troops on Suez Crisis return to British Bases",
            rule="C4")
    refused(g, "done", "every Troop on Suez Crisis returns at this Reset: 3 Troops left", rule="C4")
    do(g, "place dhekelia", "place akrotiri")
    assert g.s["suez"] == 1 and role(g) == "eoka"
    do(g, "place dhekelia")
    assert g.s["suez"] == 0 and sp(g, "dhekelia") == {"troops": 2} and sp(g, "akrotiri") == {"troops": 1}
    assert SUEZ_BY not in g.s["flags"]
    assert "Removed from the map: the Sabotage marker in Nicosia." in said(g)


def test_6_4_r_c4_the_british_choose_when_no_executor_is_recorded():
    g = suez(None)
    assert role(g) == "british"
    do(g, "place akrotiri", "place akrotiri", "place akrotiri")
    assert sp(g, "akrotiri") == {"troops": 3} and g.s["suez"] == 0


# -- the phases a position may start at (position.py) ----------------------------------------------------------

def test_6_0_the_phases_positions_name_are_steps_of_the_round():
    script = P.CyprusPropaganda.script
    assert {name: script[index] for name, (index, _rule) in POSITION.phases.items()} == PHASES
    g = start(example_before_card_7(), "resources")
    assert g.s["propaganda"] == 1 and role(g) == "eoka"
    assert POSITION.decision_of(g.s) == {"at": "propaganda", "phase": "resources"}
