"""The Event texts (rule 5, 9.0), each card in both texts."""

from engine.games.arab_revolt.data import CARDS
from engine.games.arab_revolt.events import EVENTS

from .helpers import at_card, board, legal, role, run, sp, texts


def event_turn(cid, first="british", draws=(), unity=2, **spaces):
    """*first* has chosen the Event box of card *cid* (the Rebels after playing the first chit drawn)."""
    s = board(cid, first=first, draws=list(draws), unity=unity, **spaces)
    if first == "rebels":
        s, _ = run(s, f"chit {draws[0]}")
    return run(s, "box event")[0]


def test_a10_unshaded_removes_opposition_where_police_are():
    s = event_turn("A10", samaria={"police": 1, "opposition": 1}, galilee={"opposition": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"space": ["samaria"], "done": []}
    s2, _ = run(s, "space samaria", draws=[1, 2])
    assert sp(s2, "samaria")["opposition"] == 0 and sp(s2, "galilee")["opposition"] == 1


def test_a10_shaded_mobilization_only_in_two_spaces_with_police():
    s = event_turn("A10", first="rebels", draws=[1, 2], samaria={"police": 1}, gaza={"police": 1},
                   galilee={"guerrillas_u": 1})
    s, log = run(s, "shaded", "draw", draws=["demolish"])
    assert legal(s) == {"done": [], "space": ["samaria", "gaza"]}
    s2, log = run(s, "space samaria", "space gaza")
    assert sp(s2, "samaria")["guerrillas_u"] == 1 and sp(s2, "gaza")["guerrillas_u"] == 1
    assert s2["punishment"]["pool"].count("demolish") == 2 and "went back to the cup" in texts(log)


def test_a10_shaded_fine_does_nothing():
    s = event_turn("A10", first="rebels", draws=[1, 2], samaria={"police": 1, "guerrillas_u": 1})
    s, log = run(s, "shaded", "draw", draws=["fine"])
    assert role(s) == "british" and "no Mobilization effect" in texts(log)


def test_a10_unshaded_the_british_decide_even_when_the_rebels_execute():
    """A10 unshaded: "British may remove Opposition from one space with Police": the British decide the
    details whoever executes (5.1: "If another Faction is specified ... that Faction decides")."""
    s = event_turn("A10", first="rebels", draws=[1, 2], samaria={"police": 1, "opposition": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "british" and legal(s) == {"space": ["samaria"], "done": []}
    s2, _ = run(s, "done")
    assert sp(s2, "samaria")["opposition"] == 1  # the British may decline: "may"


def test_a10_shaded_the_rebels_decide_whether_to_draw_even_when_the_british_execute():
    """A10 shaded: "Rebels may draw a Punishment chit": the Rebels choose to draw or not, and where (5.1)."""
    s = event_turn("A10", samaria={"police": 1}, galilee={"guerrillas_u": 1})
    s, _ = run(s, "shaded")
    assert role(s) == "rebels" and legal(s) == {"draw": [], "done": []}
    declined, log = run(s, "done", draws=[1, 2])
    assert len(declined["punishment"]["pool"]) == 6 and "drew no Punishment chit" in texts(log)
    s2, _ = run(s, "draw", draws=["detain"])
    assert role(s2) == "rebels" and legal(s2) == {"space": ["samaria"], "done": []}
    s3, _ = run(s2, "space samaria", draws=[1, 2])
    assert sp(s3, "samaria")["opposition"] == 1 and len(s3["punishment"]["pool"]) == 6


def test_a10_shaded_demolish_guerrilla_may_come_from_the_map_by_ruling_r_1_4_1_event():
    """1.4.1 IMPORTANT: the Rebels "executing an ... Event to place their own forces, may take them from
    elsewhere on the map" (default reading of R-1.4.1-EVENT); with the reading "available" (5.1.1: "Events
    place only Available pieces") no Guerrilla is placed."""
    s = event_turn("A10", first="rebels", draws=[1, 2], samaria={"police": 1}, galilee={"guerrillas_a": 1})
    s["available"]["guerrillas"], s["prison"]["guerrillas"] = 0, s["available"]["guerrillas"]
    s, _ = run(s, "shaded", "draw", "space samaria", draws=["demolish"])
    assert role(s) == "rebels" and legal(s) == {"take": ["galilee guerrilla-a"], "done": []}
    s2, _ = run(s, "take galilee guerrilla-a")
    assert sp(s2, "samaria")["guerrillas_u"] == 1 and sp(s2, "galilee")["guerrillas_a"] == 0
    t = event_turn("A10", first="rebels", draws=[1, 2], samaria={"police": 1}, galilee={"guerrillas_a": 1})
    t["available"]["guerrillas"], t["prison"]["guerrillas"] = 0, t["available"]["guerrillas"]
    t["rulings"] = {"R-1.4.1-EVENT": "available"}
    t, log = run(t, "shaded", "draw", "space samaria", draws=["demolish"])
    assert "take" not in legal(t) and sp(t, "samaria")["guerrillas_u"] == 0 and "5.1.1" in texts(log)


def test_a11_italian_aid_one_limited_operation_per_foreign_country_with_rebels():
    s = board("A11", first="british", syria={"guerrillas_u": 1}, samaria={"guerrillas_u": 1, "police": 1})
    assert role(s) == "rebels" and "op" in legal(s)
    s, _ = run(s, "op sabotage", "space samaria", "done")
    assert sp(s, "samaria")["opposition"] == 1 and "box" in legal(s)  # one Foreign Country: one Operation


def test_a11_ignored_with_tegart_forts():
    s = board("A13", first="british", syria={"guerrillas_u": 1})
    s["capabilities"]["A28"] = "event"
    s = at_card(s, "A11", first="british")
    assert role(s) == "british" and legal(s) == {"box": ["limited", "opsa"]}


def test_a13_unshaded_limited_operations_up_to_prison_and_shaded_political_will():
    s = event_turn("A13", samaria={"troops": 2, "guerrillas_a": 2}, galilee={"troops": 1, "guerrillas_a": 1})
    s["prison"]["guerrillas"] = 2
    s["available"]["guerrillas"] -= 2
    s2, _ = run(s, "unshaded", "op assault", "space samaria", "done", "op assault", "space galilee", "done",
                draws=[1, 2])
    assert sp(s2, "samaria")["guerrillas_a"] == 0 and sp(s2, "galilee")["guerrillas_a"] == 0
    s3, _ = run(s, "shaded", draws=[1, 2])
    assert s3["pw"] == 8


def test_a13_is_not_offered_with_an_empty_prison():
    s = event_turn("A13", samaria={"troops": 2})
    assert legal(s) == {"pass": []}


def test_a14_unshaded_removes_opposition_under_curfews():
    s = event_turn("A14", samaria={"troops": 1, "curfew": 1, "opposition": 1}, galilee={"opposition": 1})
    s2, _ = run(s, "unshaded", draws=[1, 2])
    assert sp(s2, "samaria")["opposition"] == 0 and sp(s2, "galilee")["opposition"] == 1


def test_a14_shaded_removes_curfews_and_a_held_chit():
    s = event_turn("A14", samaria={"troops": 1, "curfew": 1})
    s["punishment"]["held"] = ["detain", "fine"]
    for c in ("detain", "fine"):
        s["punishment"]["pool"].remove(c)
    s, _ = run(s, "shaded")
    assert sp(s, "samaria")["curfew"] == 0 and legal(s) == {"chit": ["detain", "fine"]}
    s2, _ = run(s, "chit fine", draws=[1, 2])
    assert s2["punishment"]["held"] == ["detain"] and len(s2["punishment"]["pool"]) == 5


def test_a23_shaded_roll_within_the_bases_mobilize_then_raid():
    s = event_turn("A23", first="rebels", draws=[1, 2], galilee={"guerrillas_u": 2, "bases": 1},
                   samaria={"police": 1})
    s, _ = run(s, "shaded", rolls=[1])
    assert legal(s) == {"sa": ["mobilize"], "done": []}
    s2, _ = run(s, "done")
    assert legal(s2) == {"sa": ["raid"], "done": []}


def test_a23_shaded_roll_above_the_bases_does_nothing():
    s = event_turn("A23", first="rebels", draws=[1, 2], galilee={"guerrillas_u": 2, "bases": 1})
    s, log = run(s, "shaded", rolls=[2])
    assert role(s) == "british" and "no effect" in texts(log)


def test_a25_unshaded_limited_operation_then_punish_near_haifa_district():
    s = event_turn("A25", samaria={"troops": 2, "guerrillas_a": 1}, gaza={"troops": 2, "guerrillas_a": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"op": ["deploy", "patrol", "sweep", "assault"], "done": []}
    s, _ = run(s, "op assault")
    assert legal(s)["space"] == ["samaria"]  # Gaza is not in or next to Haifa District
    s, _ = run(s, "space samaria", "done")
    assert legal(s) == {"sa": ["punish"], "done": []}


def test_a25_shaded_two_limited_operations_near_haifa_district():
    s = event_turn("A25", first="rebels", draws=[1, 2], samaria={"guerrillas_u": 1}, galilee={"guerrillas_u": 1},
                   gaza={"guerrillas_u": 1})
    s, _ = run(s, "shaded", "op sabotage")
    assert set(legal(s)["space"]) == {"samaria", "galilee"}
    s2, _ = run(s, "space samaria", "done", "op sabotage", "space galilee", "done")
    assert sp(s2, "samaria")["opposition"] == 1 and sp(s2, "galilee")["opposition"] == 1


def test_5_2_every_text_of_every_card_is_written():
    for cid, card in CARDS.items():
        if card["kind"] == "event":
            for side in ["event"] if card["single"] else ["unshaded", "shaded"]:
                assert (cid, side) in EVENTS, (cid, side)
    assert len(EVENTS) == 27 * 2 + 5


def test_5_every_text_of_every_card_is_written_and_a_missing_one_is_a_rules_bug():
    """Every Event text exists (no fallback that turns an unwritten card into a Pass); a text missing from the
    registry is our fault: ``RulesBugError``, not a quiet Pass."""
    import pytest

    from engine.core.errors import RulesBugError
    from engine.games.arab_revolt.data import CARDS
    from engine.games.arab_revolt.events import EVENTS

    texts_expected = [(c["id"], side) for c in CARDS.values() if c["kind"] == "event"
                      for side in (["event"] if c["single"] else ["unshaded", "shaded"])]
    assert len(CARDS) - sum(c["kind"] != "event" for c in CARDS.values()) == 32
    assert all(t in EVENTS for t in texts_expected) and len(texts_expected) == len(EVENTS)
    s = event_turn("A10", samaria={"police": 1, "opposition": 1})
    saved = EVENTS.pop(("A10", "shaded"))
    try:
        with pytest.raises(RulesBugError, match="A10 shaded is not implemented"):
            legal(s)
    finally:
        EVENTS[("A10", "shaded")] = saved
