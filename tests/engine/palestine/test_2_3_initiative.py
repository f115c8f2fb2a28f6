"""The Initiative Track (2.3): box choice, Passing, Limited Operations, adjusting Eligibility, and the extra
spaces of Intelligence Lead, Offensive (2.3.7) and the Haganah Track at 4 (6.5.3)."""

import itertools

import pytest

import engine
from engine.coin import deck
from engine.testing import waiting

from .helpers import at_card, clear, fresh, legal, put, run, sp
from .helpers import hold_chits as with_chits

NEXT = "P2"  # an Event card put on top of the deck so that the card after the current one is known


def quiet(first="irgun", haganah=4):
    """A map with only Troops (no Irgun piece, so an Irgun Pass has no Rob to offer), P31 current."""
    s = clear(fresh())
    put(s, "galilee", troops=2)
    s["haganah"] = haganah
    if haganah < 4:
        s["haganah_slots"]["4"] = {"cells": 2, "caches": 1}
        s["available"]["cells"] -= 2
        s["available"]["caches"] -= 1
    s = at_card(s, "P31", first=first)
    deck.stack(s, NEXT)
    return s


def other(faction):
    return "british" if faction == "irgun" else "irgun"


def pass_actions(faction):
    """A Pass, with the draw it causes: British draw a chit, Irgun (no Rob space here) nothing."""
    return ["pass"], ([1] if faction == "british" else [])


# -- 2.3.2 options for the Eligible factions --------------------------------------------------------

@pytest.mark.parametrize("first", ["irgun", "british"])
def test_2_3_2_first_eligible_may_choose_any_box(first):
    s = quiet(first)
    assert engine.active_roles(s) == [first]
    assert legal(s) == {"box": ["limited", "event", "opsa"]}


@pytest.mark.parametrize("first,box", list(itertools.product(["irgun", "british"], ["limited", "event", "opsa"])))
def test_2_3_2_second_eligible_chooses_only_boxes_not_holding_the_first_cylinder(first, box):
    acts, draws = pass_actions(first)
    s, _ = run(quiet(first), f"box {box}", *acts, draws=draws)
    assert engine.active_roles(s) == [other(first)]
    assert s["boxes"][box] == first
    assert legal(s) == {"box": [b for b in ("limited", "event", "opsa") if b != box]}


def test_2_3_2_event_box_offers_only_the_event_or_pass():
    s, _ = run(quiet("irgun"), "box event")
    acts = legal(s)
    assert "op" not in acts and "pass" in acts
    assert set(acts) - {"pass"} <= {"unshaded", "shaded", "event"}


def test_2_3_2_operation_boxes_offer_operations_or_pass():
    s = quiet("british")
    s2, _ = run(s, "box limited")
    assert legal(s2)["pass"] == [] and "deploy" in legal(s2)["op"]
    assert "unshaded" not in legal(s2) and "shaded" not in legal(s2)
    s3, _ = run(s, "box opsa")
    assert "deploy" in legal(s3)["op"]


# -- 2.3.5 adjusting Eligibility, every combination --------------------------------------------------

COMBOS = [(a, b) for a in ("limited", "event", "opsa") for b in ("limited", "event", "opsa") if a != b]


@pytest.mark.parametrize("first", ["irgun", "british"])
@pytest.mark.parametrize("box1,box2", COMBOS)
def test_2_3_5_leftmost_cylinder_becomes_first_eligible(first, box1, box2):
    second = other(first)
    a1, d1 = pass_actions(first)
    a2, d2 = pass_actions(second)
    s, log = run(quiet(first), f"box {box1}", *a1, f"box {box2}", *a2, draws=d1 + d2)
    order = ("limited", "event", "opsa")
    want = [first, second] if order.index(box1) < order.index(box2) else [second, first]
    assert s["eligible"] == want, f"2.3.5: {first} in {box1}, {second} in {box2}"
    # 2.3.6: the next card is revealed, its boxes are empty and the new 1st Eligible chooses first.
    assert s["current"] == NEXT and s["played"][-2:] == ["P31", NEXT]
    assert s["boxes"] == {"limited": None, "event": None, "opsa": None}
    assert engine.active_roles(s) == [want[0]]
    assert legal(s) == {"box": ["limited", "event", "opsa"]}
    assert any(e.get("rule") == "2.3.5" for e in log)


def test_2_3_5_limited_op_guarantees_first_eligibility_opsa_second():
    # Design note to 2.3.5, played with real Operations: British Limited Deploy, then Irgun Op + SA.
    s = quiet("british")
    s, _ = run(s, "box limited", "op deploy", "space galilee", "done", "done",
               "box opsa", "pass")
    assert s["eligible"] == ["british", "irgun"]


# -- 2.3.3 Passing ---------------------------------------------------------------------------------

def test_2_3_3_british_pass_draws_one_intel_chit():
    s, log = run(quiet("british"), "box opsa", "pass", draws=[2])
    assert s["intel"]["held"] == [2]
    assert sorted(s["intel"]["bag"]) == [0, 0, 0, 1, 1, 1, 2, 2]
    assert engine.active_roles(s) == ["irgun"]


def test_2_3_3_british_pass_with_empty_bag_draws_nothing():
    s = quiet("british")
    s["intel"] = {"bag": [], "held": [0, 0, 0, 1, 1, 1, 2, 2, 2]}
    s, _ = run(s, "box event", "pass")
    assert s["intel"]["held"] == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def rob_board():
    s = clear(fresh())
    put(s, "galilee", cells_u=1)
    put(s, "samaria", cells_u=2, police=1)
    put(s, "haifa-city", cells_u=1, police=1)       # not more Cells than Police: no Rob
    put(s, "rail-haifa", cells_u=2)                  # Railway: no Rob (3.3.4)
    s = at_card(s, "P31", first="irgun")
    return s


def test_2_3_3_irgun_pass_may_rob_in_one_space():
    s, log = run(rob_board(), "box limited", "pass")
    acts = legal(s)
    assert acts == {"space": ["galilee", "samaria"], "done": []}
    s, log = run(s, "space samaria", rolls=[3])
    assert legal(s) == {"done": []}              # one space only
    s, log = run(s, "done")
    assert sp(s, "samaria")["caches"] == 1
    assert sp(s, "samaria")["cells_a"] == 1 and sp(s, "samaria")["cells_u"] == 1  # Police: one Activated
    assert s["available"]["caches"] == 4
    assert engine.active_roles(s) == ["british"] and "box" in legal(s)


def test_2_3_3_irgun_pass_rob_has_no_offensive_or_haganah_extra_space():
    s = rob_board()
    put(s, "lydda", caches=1)
    assert s["haganah"] == 4
    s, _ = run(s, "box opsa", "pass")
    assert "offensive" not in legal(s)
    assert waiting(s)["max"] == 1


def test_2_3_3_irgun_pass_may_decline_to_rob():
    s, _ = run(rob_board(), "box event", "pass", "done")
    assert s["available"]["caches"] == 5 and sum(x["caches"] for x in s["spaces"].values()) == 0
    assert sp(s, "samaria")["cells_u"] == 2
    assert engine.active_roles(s) == ["british"]


def test_2_3_3_irgun_pass_rob_fails_on_two():
    s, _ = run(rob_board(), "box event", "pass", "space galilee", rolls=[2])
    assert sp(s, "galilee")["caches"] == 0 and sp(s, "galilee")["cells_u"] == 1


def test_2_3_3_irgun_pass_without_rob_space_goes_straight_on():
    s, _ = run(quiet("irgun"), "box opsa", "pass")
    assert engine.active_roles(s) == ["british"] and legal(s) == {"box": ["limited", "event"]}


# -- 2.3.4 Limited Operation -----------------------------------------------------------------------

def ops_board(first):
    s = clear(fresh())
    for sid in ("galilee", "samaria", "gaza", "lydda"):
        put(s, sid, troops=2, cells_u=1)
    put(s, "jerusalem-city", troops=1, police=1, cells_u=2)
    put(s, "tel-aviv-jaffa", troops=3, curfew=1, cells_a=1)
    s["haganah"] = 3
    s["haganah_slots"]["4"] = {"cells": 2, "caches": 1}
    s["available"]["cells"] -= 2
    s["available"]["caches"] -= 1
    return at_card(s, "P31", first=first)


def test_2_3_4_limited_operation_is_one_space_without_special_activity():
    s, _ = run(ops_board("british"), "box limited", "op search")
    f = waiting(s)
    assert f["max"] == 1 and f["sa"] == "none"
    assert "sa" not in legal(s)
    s, _ = run(s, "space galilee")
    assert "space" not in legal(s) and "sa" not in legal(s)
    assert legal(s)["done"] == []


def test_2_3_4_limited_irgun_operation_one_space_no_sa():
    s = ops_board("irgun")
    s, _ = run(s, "box limited", "op sabotage")
    # Silence would be possible in Jerusalem City (2 Underground Cells, 1 Police) but not in a Limited Op.
    assert "sa" not in legal(s)
    s, _ = run(s, "space jerusalem-city")
    assert "terror" not in legal(s)            # Terror is a Special Activity (4.3.3)
    s, _ = run(s, "roll", rolls=[6])
    assert sp(s, "jerusalem-city")["sabotage"] == 1 and sp(s, "jerusalem-city")["terror"] == 0
    assert legal(s) == {"done": []}                # one space, and no Special Activity to add


def test_2_3_4_full_operation_three_spaces_with_special_activity():
    s, _ = run(ops_board("irgun"), "box opsa", "op sabotage")
    f = waiting(s)
    assert f["max"] == 3 and f["sa"] == "open"      # Haganah at 3: no extra space
    assert legal(s)["sa"] == ["silence", "propagandize"]
    s, _ = run(ops_board("british"), "box opsa", "op search")
    assert waiting(s)["max"] == 3 and waiting(s)["sa"] == "open"


# -- 2.3.7 Intelligence Lead and Offensive --------------------------------------------------------

@pytest.mark.parametrize("op", ["patrol", "search", "assault"])
def test_2_3_7_intelligence_lead_adds_a_space_even_in_limited_op(op):
    s = with_chits(ops_board("british"), 0, 2)
    s, _ = run(s, "box limited", f"op {op}")
    assert legal(s)["lead"] == ["0", "2"]
    s, log = run(s, "lead 0")
    assert waiting(s)["max"] == 2
    assert s["intel"]["held"] == [2] and sorted(s["intel"]["bag"]) == [0, 0, 0, 1, 1, 1, 2, 2]
    assert "lead" not in legal(s)                  # one Intelligence Lead per Operation
    s, _ = run(s, "space galilee")
    if op == "assault":
        s, _ = run(s, "done")                      # decline to spend the 2 chit on the Underground Cell
    s, _ = run(s, "space samaria")
    if op == "assault":
        s, _ = run(s, "done")
    assert "space" not in legal(s) and "done" in legal(s)


def test_2_3_7_intelligence_lead_makes_a_full_op_four_spaces():
    s = with_chits(ops_board("british"), 1)
    s, _ = run(s, "box opsa", "op assault", "lead 1", "space galilee", "space samaria", "space gaza",
               "space lydda", "done")
    assert [sp(s, x)["cells_u"] for x in ("galilee", "samaria", "gaza", "lydda")] == [1, 1, 1, 1]
    assert s["intel"]["held"] == []


def test_2_3_7_no_intelligence_lead_for_deploy_or_without_chits():
    s = with_chits(ops_board("british"), 1)
    s2, _ = run(s, "box opsa", "op deploy")
    assert "lead" not in legal(s2)
    s3, _ = run(ops_board("british"), "box opsa", "op patrol")
    assert "lead" not in legal(s3)


def offensive_board():
    s = ops_board("irgun")
    put(s, "jerusalem-district", caches=1)         # no British: may be spent
    put(s, "gaza", caches=1)                       # Troops there: may not
    return s


@pytest.mark.parametrize("op", ["recruit", "sabotage", "rob"])
def test_2_3_7_offensive_removes_a_cache_from_a_space_without_british_even_limited(op):
    s, _ = run(offensive_board(), "box limited", f"op {op}")
    assert legal(s)["offensive"] == ["jerusalem-district"]
    s, _ = run(s, "offensive jerusalem-district")
    assert waiting(s)["max"] == 2 and waiting(s)["offensive"] is True
    assert sp(s, "jerusalem-district")["caches"] == 0 and s["available"]["caches"] == 3
    assert "offensive" not in legal(s)


def test_2_3_7_no_offensive_for_travel():
    s, _ = run(offensive_board(), "box opsa", "op travel")
    assert "offensive" not in legal(s)


def test_2_3_7_offensive_not_from_a_space_with_british():
    s = ops_board("irgun")
    put(s, "gaza", caches=1)
    s, _ = run(s, "box opsa", "op recruit")
    assert "offensive" not in legal(s)


# -- 6.5.3 Haganah at 4 ----------------------------------------------------------------------------

def test_6_5_3_haganah_4_gives_irgun_an_extra_space():
    s = ops_board("irgun")
    s["haganah"] = 4
    s["available"]["cells"] += 2
    s["available"]["caches"] += 1
    s["haganah_slots"]["4"] = {"cells": 0, "caches": 0}
    full, _ = run(s, "box opsa", "op sabotage")
    assert waiting(full)["max"] == 4
    lim, _ = run(s, "box limited", "op sabotage")
    assert waiting(lim)["max"] == 2


def test_6_5_3_haganah_4_and_offensive_allow_three_spaces_in_a_limited_op():
    s = offensive_board()
    s["haganah"] = 4
    s["available"]["cells"] += 2
    s["available"]["caches"] += 1
    s["haganah_slots"]["4"] = {"cells": 0, "caches": 0}
    s, _ = run(s, "box limited", "op sabotage", "offensive jerusalem-district",
               "space galilee", "roll", "space samaria", "roll", "space gaza", "roll", rolls=[1, 1, 1])
    assert [sp(s, x)["cells_a"] for x in ("galilee", "samaria", "gaza")] == [1, 1, 1]
    assert legal(s) == {"done": []}


def test_6_5_3_haganah_below_4_gives_no_extra_space_and_never_to_british():
    s = ops_board("irgun")
    s2, _ = run(s, "box opsa", "op rob")
    assert waiting(s2)["max"] == 3
    b = ops_board("british")
    b["haganah"] = 4
    b["available"]["cells"] += 2
    b["available"]["caches"] += 1
    b["haganah_slots"]["4"] = {"cells": 0, "caches": 0}
    b2, _ = run(b, "box opsa", "op assault")
    assert waiting(b2)["max"] == 3
