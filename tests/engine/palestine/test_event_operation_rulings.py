"""Operations an Event grants, by rulings R-EV-OPS (do they get the Intelligence Lead, the Offensive and the
Haganah extra space?) and R-EV-OWNER (who makes their selections when the text names no faction), each an
umpire option whose default is the engine's reading so far (issue 20, item 19)."""

from engine.testing import waiting

from .helpers import board, legal, role, run, sp
from .helpers import hold_chits as hold


def next_box(s):
    return "box" in legal(s)


# -- R-EV-OPS ----------------------------------------------------------------------------------------

def p15_board():
    """P15 shaded shifts the Haganah from 3 to 4, then "Irgun may perform Sabotage in 1 space"; Samaria has
    an Arms Cache and no British (an Offensive may remove it, 2.3.7)."""
    return board("P15", h=3, galilee={"cells_u": 1}, gaza={"cells_u": 1}, lydda={"cells_u": 1},
                 samaria={"caches": 1})


def test_2_3_7_event_sabotage_in_1_space_gets_no_offensive_or_haganah_space_by_default():
    """R-EV-OPS card-count (default): 5.1.1 "Where Event text contradicts rules, the Event takes
    precedence": "Sabotage in 1 space" is one space, even with the Haganah at 4."""
    s, _ = run(p15_board(), "box event", "shaded")
    assert s["haganah"] == 4 and role(s) == "irgun"
    assert "offensive" not in legal(s) and waiting(s)["max"] == 1
    s, _ = run(s, "space galilee", "roll", rolls=[1])
    assert "space" not in legal(s)


def test_2_3_7_6_5_3_umpire_option_event_sabotage_adds_the_offensive_and_haganah_space():
    """R-EV-OPS extras: 2.3.7 "when conducting an Operation or Limited Operation to select an additional
    space"; 6.5.3 "When the Haganah Track is at 4, Irgun may add an additional space to any Operation".
    The Event's one space becomes two with the Haganah at 4, three with an Offensive."""
    s = p15_board()
    s["rulings"] = {"R-EV-OPS": "extras"}
    s, _ = run(s, "box event", "shaded")
    assert s["haganah"] == 4 and waiting(s)["max"] == 2
    assert legal(s)["offensive"] == ["samaria"]
    s, _ = run(s, "offensive samaria", "space galilee", "roll", "space gaza", "roll", "space lydda", "roll",
               rolls=[1, 1, 1])
    assert sp(s, "samaria")["caches"] == 0
    assert all(sp(s, x)["cells_a"] == 1 for x in ("galilee", "gaza", "lydda"))
    assert "space" not in legal(s) and "offensive" not in legal(s)


def p27_board():
    return hold(board("P27", galilee={"police": 1, "cells_a": 1}, gaza={"cells_a": 1}, lydda={"cells_a": 1},
                      samaria={"cells_a": 1}, haifa_district={"cells_a": 1}), 0)


def test_2_3_7_umpire_option_p27_operation_may_add_an_intelligence_lead():
    """P27 unshaded: "Britain may conduct an Operation in up to 4 spaces." By default (card-count) 4 is the
    most; with R-EV-OPS extras a chit discarded for an Intelligence Lead (2.3.7) makes it 5."""
    s, _ = run(p27_board(), "box event", "unshaded", "op patrol")
    assert "lead" not in legal(s) and waiting(s)["max"] == 4
    s = p27_board()
    s["rulings"] = {"R-EV-OPS": "extras"}
    s, _ = run(s, "box event", "unshaded", "op patrol")
    assert legal(s)["lead"] == ["0"]
    s, _ = run(s, "lead 0")
    assert waiting(s)["max"] == 5 and s["intel"]["held"] == []


def test_2_3_7_umpire_option_no_extra_where_the_card_names_the_one_space():
    """R-EV-OPS extras adds a space only where one more could be selected: P11 unshaded's Assault is "in
    1 City", the City chosen, so no Intelligence Lead is offered for it."""
    s = hold(board("P11", tel_aviv_jaffa={"troops": 2, "cells_a": 2}, galilee={"troops": 2, "cells_a": 1}),
             1)
    s["rulings"] = {"R-EV-OPS": "extras"}
    s, _ = run(s, "box event", "unshaded", "space tel-aviv-jaffa", "done", "curfew")
    assert waiting(s)["p"] == "pal.op.assault"
    assert legal(s) == {"space": ["tel-aviv-jaffa"]} and waiting(s)["max"] == 1


# -- R-EV-OWNER --------------------------------------------------------------------------------------

def shark():
    """Irgun first on P11. Tel Aviv-Jaffa: 4 Troops, 2 Underground Cells; Lydda next to it: a Troop and an
    Arms Cache. The British hold a chit of 1."""
    return hold(board("P11", first="irgun", tel_aviv_jaffa={"troops": 4, "cells_u": 2},
                      lydda={"troops": 1, "caches": 1}, haifa_city={"police": 1, "cells_u": 1}), 1)


def test_5_1_p11_unshaded_irgun_executing_british_choose_by_default():
    """R-EV-OWNER owner (default): the Search and Assault of P11 are British Operations, so the British
    choose the City and conduct them even when the Irgun execute the card."""
    s, _ = run(shark(), "box event", "unshaded")
    assert role(s) == "british" and "space" in legal(s)


def test_5_1_umpire_option_p11_unshaded_irgun_executing_make_the_selections_british_keep_their_chits():
    """R-EV-OWNER executing. 5.1: "Unless otherwise specified, the executing Faction makes all selections
    involved in implementing the text". The Irgun choose the City, the Troops moved and the Cells removed;
    1.6.1 "British may spend the value of an Intel Chit": the chit is still the British player's to spend."""
    s = shark()
    s["rulings"] = {"R-EV-OWNER": "executing"}
    s, _ = run(s, "box event", "unshaded")
    assert role(s) == "irgun" and legal(s) == {"space": ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"]}
    s, _ = run(s, "space tel-aviv-jaffa")
    assert role(s) == "irgun" and legal(s) == {"move": ["lydda tel-aviv-jaffa"], "done": []}
    s, _ = run(s, "done")
    # the City's choice, Curfew or a chit discarded (3.2.3), is the British player's (1.6.1)
    assert role(s) == "british" and legal(s) == {"chit": ["1"], "done": []}
    s, _ = run(s, "done")
    assert sp(s, "tel-aviv-jaffa")["curfew"] == 1 and sp(s, "tel-aviv-jaffa")["cells_a"] == 1  # 4 cubes: 1
    assert role(s) == "irgun" and legal(s) == {"space": ["tel-aviv-jaffa"]}
    s, _ = run(s, "space tel-aviv-jaffa")
    # the Active Cell went first (R-OP-3b); a chit for the Underground one is the British decision
    assert sp(s, "tel-aviv-jaffa")["cells_a"] == 0
    assert role(s) == "british" and legal(s) == {"chit": ["1"], "done": []}
    s, _ = run(s, "done")
    assert role(s) == "irgun" and sp(s, "tel-aviv-jaffa")["cells_u"] == 1 and s["intel"]["held"] == [1]
    s, _ = run(s, "done", "remove lydda cache")
    assert next_box(s) and s["pw"] == 11


def test_5_1_umpire_option_p11_unshaded_british_spend_a_chit_in_the_irgun_conducted_assault():
    """R-EV-OWNER executing: the British may still spend their chit when the Irgun conduct the Assault; the
    Underground Cell paid for then goes (the second Troop removal, 3.2.4 NOTE)."""
    s = shark()
    s["rulings"] = {"R-EV-OWNER": "executing"}
    s, _ = run(s, "box event", "unshaded", "space tel-aviv-jaffa", "done", "done", "space tel-aviv-jaffa",
               "chit 1")
    assert sp(s, "tel-aviv-jaffa")["cells_u"] == 0 and sp(s, "tel-aviv-jaffa")["cells_a"] == 0
    assert s["intel"]["held"] == [] and role(s) == "irgun"


def test_5_1_umpire_option_p21_shaded_british_executing_conduct_the_sabotage_irgun_decide_the_cache():
    """P21 shaded: "May perform Sabotage at each Railway." R-EV-OWNER executing: the British, executing,
    select the Railways; 3.3.3 "Irgun may expend an Arms Cache": the Irgun decide that, and the roll then
    has no choice left."""
    s = board("P21", h=2, rail_haifa={"cells_u": 1}, haifa_district={"caches": 1}, rail_egypt={"cells_u": 1})
    s["rulings"] = {"R-EV-OWNER": "executing"}
    s, _ = run(s, "box event", "shaded")
    assert role(s) == "british" and sorted(legal(s)["space"]) == ["rail-egypt", "rail-haifa"]
    s, _ = run(s, "space rail-haifa")
    assert role(s) == "irgun" and legal(s) == {"cache": ["haifa-district"], "done": []}
    s, _ = run(s, "cache haifa-district", rolls=[1])
    assert sp(s, "rail-haifa")["sabotage"] == 1 and sp(s, "haifa-district")["caches"] == 0
    assert role(s) == "british"
    s, _ = run(s, "done")
    assert next_box(s) and sp(s, "rail-egypt")["sabotage"] == 0


def test_5_1_umpire_option_p11_shaded_british_executing_conduct_the_travel():
    """P11 shaded: "Travel from up to 2 spaces with Cells and Curfew." R-EV-OWNER executing: the British,
    executing, move the Irgun Cells (3.1: the executing Faction chooses "the friendly pieces to be ...
    moved"; here the text names none)."""
    s = board("P11", haifa_city={"troops": 1, "cells_u": 1, "curfew": 1})
    s["rulings"] = {"R-EV-OWNER": "executing"}
    s, _ = run(s, "box event", "shaded")
    assert role(s) == "british" and legal(s) == {"space": ["haifa-city"], "done": []}
    s, _ = run(s, "space haifa-city", "move rail-syria underground", "done", "done")
    assert next_box(s) and sp(s, "rail-syria")["cells_u"] == 1 and sp(s, "haifa-city")["cells_u"] == 0
