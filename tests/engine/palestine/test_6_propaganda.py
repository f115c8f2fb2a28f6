"""The Propaganda Round (6.0): Political Will and victory (6.1, 7.0), Resources (6.2), Redeploy (6.3),
Reset (6.4)."""

import engine
from engine.coin import deck
from engine.games.palestine import board as B
from engine.testing import Position, waiting

from .helpers import at_card, legal, put, run, sp, to_prison
from .helpers import hold_chits as with_chits

ZERO = {"troops": 0, "police": 0, "cells_u": 0, "cells_a": 0, "caches": 0, "sabotage": 0, "terror": 0, "curfew": 0}
NEXT = "P2"   # the Event card put under the Propaganda card, revealed after Reset (6.4)


def space(**pieces):
    return {**ZERO, **pieces}


def at_propaganda(state, card="P33", rolls=(), draws=()):
    """Reveals the Propaganda card *card* from *state* and runs the round up to its first decision.

    The position of *state* is rebuilt at the start of *card* (engine.testing), with NEXT under it: the
    engine reveals the card and runs the automatic steps of the round (the Political Will phase, the
    British Intel draw...) until a player must decide or the game ends. *rolls* and *draws* script the
    chance used on the way; all must be used. Returns the state and its log entries.
    """
    step = Position(state).card(card).top(NEXT).start(rolls, draws)
    assert B.count_pieces(step.state) == B.TOTALS
    return step.state, step.log


def board(pw=18, haganah=2):
    """No space where the Irgun could Rob (6.2.1), Haganah at 2 (no cooperation, 6.2.3), P31 current."""
    return Position("palestine").clear().track(political_will=pw, haganah=haganah).turn("irgun", "P31").state()


REDEPLOY_NONE = ("done", "done", "done", "done")   # British Police, Troops; Irgun Cells, Cache


# -- 2.4 reaching the round ----------------------------------------------------------------------

def test_2_4_propaganda_card_after_both_turns_starts_the_round():
    s = board()
    put(s, "galilee", troops=2)
    s = at_card(s, "P31", first="irgun")
    deck.stack(s, "P33", NEXT)
    s, log = run(s, "box limited", "pass", "box event", "pass", draws=[1])
    # British Pass drew a 1; the Propaganda card: Will +5 (3 quiet Cities, no Railway Sabotage); the
    # British hold one chit, half of one rounded down is none to discard. Now British Redeploy.
    assert s["current"] == "P33" and s["propaganda"] == 1
    assert s["pw"] == 20
    assert s["intel"]["held"] == [1]
    assert engine.active_roles(s) == ["british"] and waiting(s)["p"] == "pal.redeploy_british"


# -- 6.1 Political Will phase ---------------------------------------------------------------------

def test_6_1_net_of_disorder_and_order():
    s = board()
    put(s, "galilee", sabotage=2)                        # District: -1 each -> -2
    put(s, "haifa-city", troops=1, sabotage=1, terror=1)  # City: -2 -3 -> -5
    put(s, "rail-haifa", sabotage=3)                      # Railway: -2 once
    s, log = at_propaganda(s, draws=[0])
    # + Tel Aviv-Jaffa and Jerusalem quiet (+2); a Railway sabotaged: no +2. Net -7.
    assert s["pw"] == 11
    assert s["outcome"] is None


def test_6_1_2_quiet_map_gains_five():
    s, _ = at_propaganda(board(pw=10), draws=[0])
    assert s["pw"] == 15


def test_6_1_2_political_will_never_above_20():
    s, _ = at_propaganda(board(pw=17), draws=[0])
    assert s["pw"] == 20


def test_6_1_1_each_sabotaged_railway_counts_two():
    s = board(pw=10)
    put(s, "rail-haifa", sabotage=1)
    put(s, "rail-egypt", sabotage=2)
    s, _ = at_propaganda(s, draws=[0])
    assert s["pw"] == 10 - 4 + 3


def test_6_1_note_net_change_is_computed_before_moving_the_marker():
    # Political Will 2, Terror in Haifa City (-3), two quiet Cities (+2), no Railway sabotaged (+2): net +1.
    # Moving the marker step by step would touch 0 (an Irgun victory) or clamp; the net gives 3.
    s = board(pw=2)
    put(s, "haifa-city", troops=1, terror=1)
    s, _ = at_propaganda(s, draws=[0])
    assert s["pw"] == 3 and s["outcome"] is None


def test_6_1_3_irgun_wins_at_zero():
    s = board(pw=2)
    put(s, "haifa-city", troops=1, terror=1)
    put(s, "jerusalem-city", troops=1, terror=1)
    put(s, "tel-aviv-jaffa", troops=1, sabotage=1)
    s, log = at_propaganda(s)                 # -3 -3 -2 +2 = -6: clamped to 0
    assert s["pw"] == 0
    assert s["outcome"]["winner"] == "irgun"
    assert engine.active_roles(s) == []


def test_6_1_3_irgun_victory_is_checked_before_the_final_card_ends_the_game():
    s = board(pw=1)
    s["propaganda"] = 2
    put(s, "haifa-city", troops=1, terror=1)
    put(s, "jerusalem-city", troops=1, terror=1)
    s, _ = at_propaganda(s, card="P35")       # -3 -3 +1 +2 = -3
    assert s["pw"] == 0 and s["outcome"]["winner"] == "irgun"


def test_6_1_4_british_win_at_the_final_propaganda_card():
    s = board(pw=1)
    s["propaganda"] = 2
    s, _ = at_propaganda(s, card="P35")
    assert s["propaganda"] == 3 and s["pw"] == 6
    assert s["outcome"]["winner"] == "british"
    assert engine.active_roles(s) == []


def test_6_1_4_earlier_propaganda_cards_do_not_end_the_game():
    s = board(pw=1)
    s["propaganda"] = 1
    s, _ = at_propaganda(s, card="P34", draws=[2])
    assert s["propaganda"] == 2 and s["outcome"] is None
    assert engine.active_roles(s) == ["british"]


# -- 6.2.1 Expropriations --------------------------------------------------------------------------

def expro_board():
    s = board()
    put(s, "galilee", cells_u=2, police=1)     # 2 > 1
    put(s, "samaria", cells_u=1, police=1)     # not more
    put(s, "haifa-city", cells_a=1)
    put(s, "rail-haifa", cells_u=2)            # Railway: never
    put(s, "lydda", caches=1)                  # an Offensive would be possible in an Operation
    s["haganah"] = 4
    s["haganah_slots"] = {"4": {"cells": 0, "caches": 0}, "3": {"cells": 0}}
    s["available"]["cells"] += 5
    s["available"]["caches"] += 1
    return s


def test_6_2_1_expropriations_rob_in_one_district_or_city():
    s, _ = at_propaganda(expro_board())
    assert engine.active_roles(s) == ["irgun"]
    assert legal(s) == {"space": ["galilee", "haifa-city"], "done": []}       # no Offensive, one space
    s, _ = run(s, "space galilee", rolls=[3])
    assert legal(s) == {"done": []}
    s, _ = run(s, "done", draws=[1])
    assert sp(s, "galilee") == space(police=1, caches=1, cells_u=1, cells_a=1)
    assert s["intel"]["held"] == [1]                 # then British Intel (none held: draw)


def test_6_2_1_expropriations_may_be_declined():
    s, _ = at_propaganda(expro_board())
    s, _ = run(s, "done", draws=[1])
    assert sp(s, "galilee") == space(police=1, cells_u=2)
    assert s["available"]["caches"] == 4


def test_6_2_1_no_expropriation_space_skips_to_british_intel():
    s, log = at_propaganda(board(), draws=[2])
    assert s["intel"]["held"] == [2]
    assert any(e.get("rule") == "6.2.1" for e in log)


# -- 6.2.2 British Intel -------------------------------------------------------------------------

def test_6_2_2_no_chits_draw_one():
    s, _ = at_propaganda(board(), draws=[0])
    assert s["intel"]["held"] == [0] and len(s["intel"]["bag"]) == 8


def test_6_2_2_one_chit_half_rounded_down_is_none():
    s, _ = at_propaganda(with_chits(board(), 2))
    assert s["intel"]["held"] == [2]
    assert waiting(s)["p"] == "pal.redeploy_british"


def test_6_2_2_british_choose_which_half_to_discard():
    s, _ = at_propaganda(with_chits(board(), 0, 1, 2))
    assert engine.active_roles(s) == ["british"] and legal(s) == {"discard": ["0", "1", "2"]}
    s, _ = run(s, "discard 0")
    assert s["intel"]["held"] == [1, 2] and s["intel"]["bag"].count(0) == 3
    assert waiting(s)["p"] == "pal.redeploy_british"


def test_6_2_2_four_chits_discard_two():
    s, _ = at_propaganda(with_chits(board(), 0, 1, 2, 2))
    s, _ = run(s, "discard 2", "discard 0")
    assert s["intel"]["held"] == [1, 2]
    assert waiting(s)["p"] == "pal.redeploy_british"


def test_6_2_2_same_values_discarded_without_asking():
    s, _ = at_propaganda(with_chits(board(), 1, 1))
    assert s["intel"]["held"] == [1]
    assert waiting(s)["p"] == "pal.redeploy_british"


# -- 6.2.3 Haganah cooperation ---------------------------------------------------------------------

def test_6_2_3_haganah_at_zero_british_draw_another_chit():
    s = board(haganah=0)
    s, _ = at_propaganda(s, draws=[1, 2])              # British Intel, then Haganah cooperation
    assert s["intel"]["held"] == [1, 2]
    s2, _ = at_propaganda(with_chits(board(haganah=0), 0), draws=[2])   # one held: no discard, one drawn
    assert s2["intel"]["held"] == [0, 2]


def cache_board():
    s = expro_board()
    for sid in ("galilee", "samaria"):
        sp(s, sid)["police"] += 1                       # no Expropriation now
        s["available"]["police"] -= 1
    put(s, "gaza", cells_u=1, police=1, caches=2)      # stacking: no third Cache
    put(s, "haifa-city", police=1)
    return s


def test_6_2_3_haganah_at_four_irgun_may_place_a_cache_with_a_cell():
    s, _ = at_propaganda(cache_board(), draws=[0])
    assert engine.active_roles(s) == ["irgun"]
    assert legal(s) == {"place": ["galilee", "haifa-city", "samaria"], "done": []}
    s, _ = run(s, "place haifa-city")
    assert sp(s, "haifa-city") == space(police=1, cells_a=1, caches=1)
    assert s["available"]["caches"] == 1
    assert waiting(s)["p"] == "pal.redeploy_british"


def test_6_2_3_haganah_cache_may_be_declined():
    s, _ = at_propaganda(cache_board(), draws=[0])
    s, _ = run(s, "done")
    assert s["available"]["caches"] == 2
    assert waiting(s)["p"] == "pal.redeploy_british"


def test_6_2_3_haganah_between_one_and_three_gives_nothing():
    for h in (1, 2, 3):
        s = board(haganah=h)
        put(s, "galilee", cells_u=1, police=1)
        s, _ = at_propaganda(s, draws=[0])
        assert s["intel"]["held"] == [0], h
        assert waiting(s)["p"] == "pal.redeploy_british", h


# -- 6.3 Redeploy ----------------------------------------------------------------------------------

def at_redeploy(s):
    """The round up to British Redeploy: the Irgun decline Expropriations, the British draw a 0 chit."""
    s, _ = at_propaganda(s)
    assert waiting(s)["p"] == "pal.op.rob"
    s, _ = run(s, "done", draws=[0])
    assert waiting(s)["p"] == "pal.redeploy_british"
    return s


def redeploy_board():
    s = board()
    put(s, "galilee", troops=2, police=1, cells_u=1)
    put(s, "samaria", police=1)
    put(s, "gaza", troops=1)
    put(s, "haifa-city", troops=1, curfew=1, cells_u=1)
    put(s, "lydda", cells_a=1, caches=1)
    put(s, "jerusalem-district", cells_u=2)
    return s


def test_6_3_1_british_police_to_railways_and_spaces_with_british():
    s = at_redeploy(redeploy_board())
    assert engine.active_roles(s) == ["british"]
    dests = {m.split(" ")[1] for m in legal(s)["police"]}
    assert dests == {"galilee", "samaria", "gaza", "haifa-city", "rail-egypt", "rail-jerusalem", "rail-haifa",
                     "rail-syria"}
    s, _ = run(s, "police samaria gaza", "police galilee rail-syria")
    assert sp(s, "gaza") == space(troops=1, police=1) and sp(s, "rail-syria") == space(police=1)
    moves = legal(s).get("police", [])
    assert not any(m.startswith("gaza ") or m.startswith("rail-syria ") for m in moves)   # once each


def test_6_3_1_british_troops_to_cities_or_railways():
    s = at_redeploy(redeploy_board())
    s, _ = run(s, "done")
    dests = {m.split(" ")[1] for m in legal(s)["troop"]}
    assert dests == {"haifa-city", "tel-aviv-jaffa", "jerusalem-city", "rail-egypt", "rail-jerusalem",
                     "rail-haifa", "rail-syria"}
    s, _ = run(s, "troop galilee jerusalem-city", "troop gaza rail-egypt", "done")
    assert sp(s, "jerusalem-city") == space(troops=1) and sp(s, "rail-egypt") == space(troops=1)
    assert sp(s, "galilee") == space(troops=1, police=1, cells_u=1) and sp(s, "gaza") == space()
    assert engine.active_roles(s) == ["irgun"]


def test_6_3_2_irgun_one_cell_to_each_city_without_curfew_then_one_cache():
    s = at_redeploy(redeploy_board())
    s, _ = run(s, "done", "done")
    assert engine.active_roles(s) == ["irgun"]
    assert {m.split(" ")[1] for m in legal(s)["cell"]} == {"tel-aviv-jaffa", "jerusalem-city"}   # not Haifa
    s, _ = run(s, "cell jerusalem-district jerusalem-city")
    assert {m.split(" ")[1] for m in legal(s)["cell"]} == {"tel-aviv-jaffa"}                     # one each
    s, _ = run(s, "cell lydda tel-aviv-jaffa", "done")
    assert sp(s, "jerusalem-city") == space(cells_u=1) and sp(s, "tel-aviv-jaffa") == space(cells_a=1)
    # Cache: to a District or City with a Cell (Lydda is now empty of Cells).
    assert {m.split(" ")[1] for m in legal(s)["cache"]} == {"galilee", "haifa-city", "jerusalem-district",
                                                             "jerusalem-city", "tel-aviv-jaffa"}
    s, _ = run(s, "cache lydda galilee")
    assert sp(s, "galilee")["caches"] == 1 and sp(s, "lydda") == space()
    assert s["current"] == NEXT                                      # only one Cache: Reset follows


def test_6_3_1_redeploy_lifting_a_curfew_opens_that_city_to_irgun_redeploy():
    s = at_redeploy(redeploy_board())
    s, _ = run(s, "done", "troop haifa-city rail-syria")
    assert sp(s, "haifa-city") == space(cells_u=1)                    # no British left: Curfew lifted (1.10)
    s, _ = run(s, "done")
    assert "haifa-city" in {m.split(" ")[1] for m in legal(s)["cell"]}


# -- 6.4 Reset -------------------------------------------------------------------------------------

def test_6_4_reset_clears_markers_frees_half_the_prison_flips_cells_and_irgun_first():
    s = board(pw=18, haganah=3)   # box 3's Cells Available: enough for five in Prison (totals, 1.2)
    put(s, "haifa-city", troops=1, curfew=1, sabotage=1, cells_a=2)
    put(s, "jerusalem-city", police=1, terror=1, curfew=1, cells_u=1, cells_a=1)
    put(s, "galilee", sabotage=2, cells_a=1)
    put(s, "rail-haifa", sabotage=1, cells_a=1)
    to_prison(s, 5)
    s["eligible"] = ["british", "irgun"]
    avail = s["available"]["cells"]
    s = at_redeploy(s)
    s, log = run(s, *REDEPLOY_NONE)
    for sid in B.SPACES:
        x = sp(s, sid)
        assert x["sabotage"] == x["terror"] == x["curfew"] == 0, sid
        assert x["cells_a"] == 0, sid
    assert sp(s, "haifa-city") == space(troops=1, cells_u=2)
    assert sp(s, "jerusalem-city") == space(police=1, cells_u=2)
    assert s["prison"] == 3 and s["available"]["cells"] == avail + 2      # 5 // 2 = 2 back
    assert s["eligible"] == ["irgun", "british"]
    assert s["current"] == NEXT and engine.active_roles(s) == ["irgun"]
    assert legal(s) == {"box": ["limited", "event", "opsa"]}


def test_6_4_reset_one_prisoner_stays():
    s = board()
    to_prison(s, 1)
    s, _ = at_propaganda(s, draws=[0])
    s, _ = run(s, *REDEPLOY_NONE)
    assert s["prison"] == 1
