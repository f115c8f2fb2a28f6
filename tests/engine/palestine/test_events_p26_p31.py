"""Event cards P26 Veterans of WWII, P27 American Loans*, P28 CID, P30 Roy Farran, P31 Dov Gruner."""

import pytest

from engine.coin import deck
from engine.core.errors import IllegalActionError
from engine.testing import waiting

from .helpers import at_card, clear, fresh, legal, put, run, sp


def texts(log):
    return " | ".join(e["text"] for e in log)


# -- P26 Veterans of WWII (single text) ---------------------------------------------------------------

def p26_irgun_board():
    s = clear(fresh())
    put(s, "jerusalem-city", troops=2, police=1, cells_u=1)
    put(s, "jerusalem-district", cells_u=1, caches=1)
    put(s, "galilee", troops=2, cells_u=1)
    put(s, "gaza", cells_u=1)
    put(s, "lydda", caches=1)   # a Cache with no British: an Offensive would be possible in a normal Sabotage
    return s


def test_p26_irgun_sabotages_in_at_most_three_spaces_with_terror():
    s = at_card(p26_irgun_board(), "P26")
    assert s["haganah"] == 4   # a normal Operation would get a 4th space (6.5.3); the Event fixes 3
    s, _ = run(s, "box event", "event")
    assert waiting(s)["role"] == "irgun" and waiting(s)["p"] == "pal.op.sabotage"
    opts = legal(s)
    assert "offensive" not in opts and "lead" not in opts
    assert set(opts["sa"]) == {"silence"}   # the SA is open (Silence possible in Jerusalem City)
    s, log = run(s, "space jerusalem-city", "terror", "roll", "space galilee", "roll", "space gaza", "roll",
                 rolls=[6, 4, 3])
    assert "space" not in legal(s)          # three spaces used, the fourth (jerusalem-district) refused
    assert sp(s, "jerusalem-city")["terror"] == 1            # 6 - 1 Police = 5: one marker
    assert sp(s, "galilee")["sabotage"] == 1 and sp(s, "gaza")["sabotage"] == 1
    # Terror used the Special Activity: no other SA now.
    assert "sa" not in legal(s)
    with pytest.raises(IllegalActionError):
        run(s, "space jerusalem-district")
    s, _ = run(s, "done")
    assert waiting(s)["p"] == "coin.turn" and waiting(s)["role"] == "british"


def test_p26_irgun_may_silence_instead_of_terror():
    s = at_card(p26_irgun_board(), "P26")
    s, log = run(s, "box event", "event", "sa silence", "space jerusalem-city", "space galilee", "roll", "done",
                 rolls=[4])
    assert sp(s, "jerusalem-city")["police"] == 0
    assert sp(s, "galilee")["sabotage"] == 1
    assert "Silenced" in texts(log)


def test_p26_irgun_sabotage_is_optional():
    s = at_card(p26_irgun_board(), "P26")
    s, _ = run(s, "box event", "event")
    assert "done" in legal(s)
    s, _ = run(s, "done")
    assert legal(s) == {"done": [], "sa": ["silence"]}   # R-P26: the SA may still follow
    s, _ = run(s, "done")
    assert waiting(s)["p"] == "coin.turn"
    assert all(sp(s, x)["cells_a"] == 0 for x in ("jerusalem-city", "galilee", "gaza"))


def p26_british_board():
    s = clear(fresh())
    put(s, "jerusalem-city", troops=4, police=1, cells_a=1, cells_u=1, curfew=1)
    put(s, "jerusalem-district", cells_u=2)
    put(s, "galilee", troops=2, cells_a=1)
    put(s, "gaza", troops=2, cells_a=1)
    put(s, "samaria", troops=2, cells_a=1)
    return s


def test_p26_british_assault_in_up_to_three_spaces_with_mass_detention_only():
    s = at_card(p26_british_board(), "P26", first="british")
    s["intel"]["held"] = [1]
    s["intel"]["bag"].remove(1)
    s, _ = run(s, "box event", "event")
    opts = legal(s)
    assert waiting(s)["p"] == "pal.op.assault"
    assert opts["sa"] == ["mass-detention"]   # Negotiate may not accompany Assault (P26 tip)
    assert "lead" not in opts                 # no Intelligence Lead for an Event's count (R-EV-OPS)
    s, log = run(s, "space galilee", "space gaza", "space samaria")
    assert sp(s, "galilee")["cells_a"] == 0 and sp(s, "gaza")["cells_a"] == 0 and sp(s, "samaria")["cells_a"] == 0
    assert "space" not in legal(s)            # 3 spaces: Jerusalem City may not be a 4th
    s, log = run(s, "sa mass-detention", "space jerusalem-city", "remove jerusalem-city active",
                 "remove jerusalem-city underground", "remove jerusalem-district underground", "done",
                 rolls=[3])
    assert sp(s, "jerusalem-city")["cells_a"] + sp(s, "jerusalem-city")["cells_u"] == 0
    assert sp(s, "jerusalem-district")["cells_u"] == 1
    assert s["pw"] == 18
    assert waiting(s)["p"] == "coin.turn" and waiting(s)["role"] == "irgun"


def test_p26_british_mass_detention_alone_when_no_assault_space():
    s = clear(fresh())
    put(s, "jerusalem-city", troops=3, curfew=1)
    put(s, "jerusalem-district", cells_u=1)
    s = at_card(s, "P26", first="british")
    s, _ = run(s, "box event")
    assert "event" in legal(s)          # R-P26: the Special Activity alone is still something the card does
    s, _ = run(s, "event")
    assert "space" not in legal(s) and legal(s)["sa"] == ["mass-detention"]
    s, _ = run(s, "sa mass-detention", "space jerusalem-city", "remove jerusalem-district underground",
               rolls=[2])
    assert s["prison"] == 1 and s["pw"] == 17


def test_p26_not_playable_when_nothing_possible():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_a=1)            # no Underground Cell, no Police, no Curfew
    s1, _ = run(at_card(s, "P26"), "box event")
    assert "event" not in legal(s1)
    s = clear(fresh())
    put(s, "galilee", cells_u=1)                       # Irgun could Sabotage, but the British execute
    put(s, "gaza", troops=2)
    s2, _ = run(at_card(s, "P26", first="british"), "box event")
    assert "event" not in legal(s2)
    s3, _ = run(at_card(s, "P26"), "box event")
    assert "event" in legal(s3)


# -- P27 American Loans* ------------------------------------------------------------------------------

def p27_board():
    s = clear(fresh())
    for sid in ("galilee", "samaria", "gaza", "lydda", "haifa-district"):
        put(s, sid, troops=2)
    put(s, "jerusalem-city", police=1, cells_u=1)   # no Troops with Irgun (no Assault), no Rob (1 Cell, 1 Police)
    return s


def test_p27_unshaded_british_deploy_in_up_to_four_spaces_no_sa():
    s = at_card(p27_board(), "P27", first="british")
    s["intel"]["held"] = [2]
    s["intel"]["bag"].remove(2)
    s, _ = run(s, "box event", "unshaded")
    opts = legal(s)
    assert set(opts["op"]) == {"deploy", "patrol", "search"}   # no Assault: no Troops with Irgun pieces
    assert "done" in opts
    s, _ = run(s, "op deploy")
    opts = legal(s)
    assert "sa" not in opts and "lead" not in opts
    s, _ = run(s, "space galilee", "space samaria", "space gaza", "space lydda")
    assert "space" not in legal(s)                              # the 5th (haifa-district) refused
    for sid in ("galilee", "samaria", "gaza", "lydda"):
        assert sp(s, sid)["police"] == 1
    s, _ = run(s, "done", "to jerusalem-city", "troop galilee", "done")
    assert sp(s, "jerusalem-city")["troops"] == 1 and sp(s, "galilee")["troops"] == 1
    assert waiting(s)["p"] == "coin.turn" and waiting(s)["role"] == "irgun"


def test_p27_unshaded_four_spaces_even_with_p9_shaded():
    s = p27_board()
    s["capabilities"]["P9"] = "shaded"
    s = at_card(s, "P27", first="british")
    s, _ = run(s, "box event", "unshaded", "op deploy", "space galilee", "space samaria", "space gaza",
               "space lydda")
    assert sum(sp(s, x)["police"] for x in ("galilee", "samaria", "gaza", "lydda")) == 4


def test_p27_unshaded_executed_by_irgun_is_chosen_by_british_who_may_decline():
    s = at_card(p27_board(), "P27", first="irgun")
    s, _ = run(s, "box event", "unshaded")
    assert waiting(s)["role"] == "british" and "op" in legal(s)
    before = {k: dict(v) for k, v in s["spaces"].items()}
    s, log = run(s, "done")
    assert s["spaces"] == before
    assert waiting(s)["p"] == "coin.turn" and waiting(s)["role"] == "british"
    assert legal(s) == {"box": ["limited", "opsa"]}


def test_p27_unshaded_search_in_four_spaces():
    s = at_card(p27_board(), "P27", first="british")
    s, _ = run(s, "box event", "unshaded", "op search", "space galilee", "space samaria", "space gaza",
               "space haifa-district")
    assert "space" not in legal(s)


def test_p27_shaded_lowers_will_by_one():
    s = at_card(p27_board(), "P27")
    s, log = run(s, "box event", "shaded")
    assert s["pw"] == 17
    assert s["flags"]["loans"] == "next"


def test_p27_shaded_star_with_p9_unshaded_loses_no_will():
    s = p27_board()
    s["capabilities"]["P9"] = "unshaded"
    s, _ = run(at_card(s, "P27"), "box event", "shaded")
    assert s["pw"] == 18 and s["flags"]["loans"] == "next"


def test_p27_shaded_will_clamped_at_zero():
    s = p27_board()
    s["pw"] = 0
    s, _ = run(at_card(s, "P27"), "box event", "shaded")
    assert s["pw"] == 0 and s["flags"]["loans"] == "next"


def test_p27_shaded_british_must_pass_on_the_next_card_without_a_chit():
    s = at_card(p27_board(), "P27")
    deck.stack(s, "P30", "P31")
    # Card P27: the Irgun execute the shaded text; the British still act normally on this card.
    s, _ = run(s, "box event", "shaded", "box limited")
    assert "op" in legal(s)
    s, _ = run(s, "op deploy", "space galilee", "done", "done")
    # The card is over; P30 is revealed and the British (Limited box, leftmost) are 1st Eligible.
    assert s["current"] == "P30"
    assert waiting(s)["role"] == "british" and legal(s) == {"box": ["limited", "event", "opsa"]}
    s, _ = run(s, "box opsa")
    assert legal(s) == {"pass": []}
    bag, held = list(s["intel"]["bag"]), list(s["intel"]["held"])
    s, log = run(s, "pass")                                        # no scripted draw: none may happen
    assert s["intel"]["bag"] == bag and s["intel"]["held"] == held
    # The Irgun act normally on the forced card.
    assert waiting(s)["role"] == "irgun"
    s, _ = run(s, "box event", "shaded", "remove galilee police", "remove jerusalem-city police")
    assert s["pw"] == 16
    # Next card: the British may act again.
    assert s["current"] == "P31" and "loans" not in s["flags"]
    assert waiting(s)["role"] == "irgun"        # Event box left of the British Op + SA box
    s, _ = run(s, "box opsa", "op recruit", "space jerusalem-city", "place 1", "done")
    assert waiting(s)["role"] == "british"
    s, _ = run(s, "box event")
    assert set(legal(s)) == {"pass", "shaded"}     # not forced any more (unshaded: no Troops with Cells)


def test_p27_shaded_executed_by_british_forces_their_own_pass_next_card():
    s = at_card(p27_board(), "P27", first="british")
    deck.stack(s, "P31")
    s, _ = run(s, "box event", "shaded", "box opsa", "pass")   # Irgun pass: no Rob space, no roll
    assert s["current"] == "P31" and s["flags"]["loans"] == "now"
    assert waiting(s)["role"] == "british"
    s, _ = run(s, "box event")
    assert legal(s) == {"pass": []}


def test_p27_shaded_forced_pass_skips_a_propaganda_card_in_between():
    """Ruling R-P27: 'the next card' is the next Event card; a Propaganda card does not use it up."""
    s = clear(fresh())
    put(s, "galilee", troops=2)
    put(s, "jerusalem-city", police=1, cells_u=1)
    s = at_card(s, "P27")
    deck.stack(s, "P33", "P30", "P31")
    s, _ = run(s, "box event", "shaded", "box limited", "op deploy", "space galilee", "done")
    # Deploy's Troop move declined: the card ends, the Propaganda card P33 comes (one Intel draw, 6.2.2).
    s, _ = run(s, "done", draws=[0])
    assert s["current"] == "P33" and s["flags"]["loans"] == "now"
    s, _ = run(s, "done", "done", "done", "done", "done")   # Haganah Cache, both Redeploys: nothing done
    assert s["current"] == "P30" and s["flags"]["loans"] == "now"
    assert waiting(s)["role"] == "irgun"                  # Reset: Irgun 1st Eligible (6.4)
    s, _ = run(s, "box limited", "pass")                      # no Rob space: 1 Cell, 1 Police
    assert waiting(s)["role"] == "british"
    s, _ = run(s, "box event")
    assert legal(s) == {"pass": []}
    held = list(s["intel"]["held"])
    s, _ = run(s, "pass")
    assert s["intel"]["held"] == held and "loans" not in s["flags"]


# -- P28 CID ------------------------------------------------------------------------------------------

def test_p28_unshaded_one_chit_per_space_with_police_and_cells():
    s = clear(fresh())
    put(s, "jerusalem-city", police=1, cells_u=1)
    put(s, "haifa-city", police=2, cells_a=1)
    put(s, "tel-aviv-jaffa", police=1)          # Police, no Cells
    put(s, "galilee", cells_u=2, troops=1)      # Cells, no Police
    s, log = run(at_card(s, "P28", first="british"), "box event", "unshaded", draws=[2, 0])
    assert s["intel"]["held"] == [0, 2]
    assert len(s["intel"]["bag"]) == 7


def test_p28_unshaded_bag_runs_out():
    s = clear(fresh())
    for sid in ("jerusalem-city", "haifa-city", "tel-aviv-jaffa"):
        put(s, sid, police=1, cells_u=1)
    s["intel"]["held"] = [0, 0, 0, 1, 1, 1, 2, 2]
    s["intel"]["bag"] = [2]
    s, log = run(at_card(s, "P28", first="british"), "box event", "unshaded", draws=[2])
    assert s["intel"]["held"] == [0, 0, 0, 1, 1, 1, 2, 2, 2] and s["intel"]["bag"] == []
    assert "2 chit(s) could not be drawn" in texts(log)


def test_p28_unshaded_not_playable():
    s = clear(fresh())
    put(s, "jerusalem-city", police=1)
    put(s, "galilee", cells_u=1)
    s1, _ = run(at_card(s, "P28", first="british"), "box event")
    assert "unshaded" not in legal(s1)
    s = clear(fresh())
    put(s, "jerusalem-city", police=1, cells_u=1)
    s["intel"]["held"], s["intel"]["bag"] = s["intel"]["bag"], []
    s2, _ = run(at_card(s, "P28", first="british"), "box event")
    assert "unshaded" not in legal(s2)


def p28_shaded_board():
    s = clear(fresh())
    put(s, "jerusalem-city", police=2, cells_u=1, curfew=1)
    put(s, "haifa-city", police=1, troops=1, cells_u=1)
    put(s, "galilee", cells_u=1)                 # no Police: not selectable
    put(s, "jerusalem-district", caches=1)
    return s


def test_p28_shaded_success_removes_all_police():
    s = at_card(p28_shaded_board(), "P28")
    s, _ = run(s, "box event", "shaded")
    opts = legal(s)
    assert set(opts["space"]) == {"jerusalem-city", "haifa-city"}
    assert "sa" not in opts and "offensive" not in opts
    s, _ = run(s, "space jerusalem-city")
    assert "terror" not in legal(s)            # no Special Activity, so no Terror
    s, log = run(s, "cache jerusalem-district", "roll", rolls=[3])   # 3 - 2 + 2 = 3: success
    x = sp(s, "jerusalem-city")
    assert x["sabotage"] == 1 and x["police"] == 0 and x["cells_a"] == 1
    assert x["curfew"] == 0                    # no British pieces left: the Curfew goes (1.10)
    assert s["available"]["police"] == 5   # 6 - 3 put + 2 removed
    assert "space" not in legal(s)             # 1 space only


def test_p28_shaded_failure_leaves_police():
    s = at_card(p28_shaded_board(), "P28")
    s, _ = run(s, "box event", "shaded", "space haifa-city", "roll", rolls=[3])   # 3 - 1 = 2: failure
    x = sp(s, "haifa-city")
    assert x["police"] == 1 and x["sabotage"] == 0 and x["cells_a"] == 1


def test_p28_shaded_executed_by_british_irgun_decide_and_may_decline():
    s = at_card(p28_shaded_board(), "P28", first="british")
    s, _ = run(s, "box event", "shaded")
    assert waiting(s)["role"] == "irgun" and "done" in legal(s)
    s, _ = run(s, "done")
    assert sp(s, "jerusalem-city")["police"] == 2 and sp(s, "jerusalem-city")["cells_u"] == 1
    assert waiting(s)["p"] == "coin.turn" and waiting(s)["role"] == "irgun"


def test_p28_shaded_not_playable_without_police_and_underground_cell():
    s = clear(fresh())
    put(s, "jerusalem-city", police=1, cells_a=2)
    put(s, "galilee", cells_u=1)
    s, _ = run(at_card(s, "P28"), "box event")
    assert "shaded" not in legal(s)


# -- P30 Roy Farran -----------------------------------------------------------------------------------

def p30_board():
    s = clear(fresh())
    put(s, "jerusalem-city", police=1, cells_u=2, cells_a=1)
    put(s, "haifa-city", police=1, cells_a=1)
    put(s, "tel-aviv-jaffa", police=2, cells_u=1)
    put(s, "lydda", police=1, cells_u=1)
    put(s, "galilee", troops=2, cells_u=1)      # no Police
    return s


def test_p30_unshaded_one_cell_from_each_of_up_to_three_police_spaces():
    s = at_card(p30_board(), "P30", first="british")
    s, _ = run(s, "box event", "unshaded")
    opts = legal(s)
    assert "galilee underground" not in opts["remove"]
    assert "done" in opts
    s, _ = run(s, "remove jerusalem-city active")
    assert not any(o.startswith("jerusalem-city") for o in legal(s)["remove"])   # one per space
    s, _ = run(s, "remove haifa-city active", "remove tel-aviv-jaffa underground")
    assert waiting(s)["p"] == "coin.turn"   # three spaces: over
    assert sp(s, "jerusalem-city")["cells_u"] == 2 and sp(s, "jerusalem-city")["cells_a"] == 0
    assert sp(s, "lydda")["cells_u"] == 1
    assert s["available"]["cells"] == 15 - 7 + 3 and s["prison"] == 0


def test_p30_unshaded_may_stop_early():
    s = at_card(p30_board(), "P30", first="british")
    s, _ = run(s, "box event", "unshaded", "remove lydda underground", "done")
    assert sp(s, "lydda")["cells_u"] == 0 and s["available"]["cells"] == 15 - 7 + 1


def test_p30_unshaded_not_playable_without_police_and_cells():
    s = clear(fresh())
    put(s, "jerusalem-city", police=2)
    put(s, "galilee", cells_u=1, troops=1)
    s, _ = run(at_card(s, "P30", first="british"), "box event")
    assert "unshaded" not in legal(s) and "shaded" in legal(s)


def test_p30_shaded_removes_two_police_chosen_then_will():
    s = clear(fresh())
    put(s, "jerusalem-city", police=2, curfew=1)
    put(s, "haifa-city", police=1, troops=1)
    s = at_card(s, "P30")
    s, _ = run(s, "box event", "shaded")
    assert waiting(s)["role"] == "irgun" and "done" not in legal(s)   # 2 must go
    s, _ = run(s, "remove jerusalem-city police")
    assert "done" not in legal(s)
    s, log = run(s, "remove jerusalem-city police")
    assert sp(s, "jerusalem-city")["police"] == 0 and sp(s, "jerusalem-city")["curfew"] == 0
    assert sp(s, "haifa-city")["police"] == 1
    assert s["available"]["police"] == 5
    assert s["pw"] == 17
    assert texts(log).index("Curfew") < texts(log).index("Political Will")


def test_p30_shaded_with_one_police_and_not_starred():
    s = clear(fresh())
    put(s, "gaza", police=1)
    s["capabilities"]["P9"] = "unshaded"     # P30 is not starred: still -1
    s, _ = run(at_card(s, "P30", first="british"), "box event", "shaded", "remove gaza police")
    assert sp(s, "gaza")["police"] == 0 and s["pw"] == 17
    assert waiting(s)["p"] == "coin.turn"


def test_p30_shaded_no_police_only_will():
    s = clear(fresh())
    s, _ = run(at_card(s, "P30"), "box event", "shaded")
    assert s["pw"] == 17 and waiting(s)["p"] == "coin.turn"


def test_p30_shaded_not_playable_without_police_at_zero_will():
    s = clear(fresh())
    s["pw"] = 0
    s, _ = run(at_card(s, "P30"), "box event")
    assert "shaded" not in legal(s)


# -- P31 Dov Gruner -----------------------------------------------------------------------------------

def test_p31_unshaded_removes_a_cell_to_prison_from_a_troop_space():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=1, cells_a=1)
    put(s, "gaza", troops=1, cells_u=1)
    put(s, "lydda", cells_u=2)                   # no Troops
    put(s, "jerusalem-city", police=2, cells_u=1)  # Police only
    s = at_card(s, "P31", first="british")
    s, _ = run(s, "box event", "unshaded")
    opts = legal(s)
    assert set(opts["remove"]) == {"galilee underground", "galilee active", "gaza underground"}
    assert "done" not in opts                   # mandatory
    s, _ = run(s, "remove galilee active")
    assert s["prison"] == 1 and sp(s, "galilee")["cells_a"] == 0 and sp(s, "galilee")["cells_u"] == 1
    assert waiting(s)["p"] == "coin.turn"   # only one Cell


def test_p31_unshaded_executing_irgun_chooses():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=1)
    s, _ = run(at_card(s, "P31"), "box event", "unshaded")
    assert waiting(s)["role"] == "irgun"
    s, _ = run(s, "remove galilee underground")
    assert s["prison"] == 1


def test_p31_unshaded_not_playable_without_troops_and_cells():
    s = clear(fresh())
    put(s, "galilee", troops=2)
    put(s, "lydda", cells_u=2, police=1)
    s, _ = run(at_card(s, "P31", first="british"), "box event")
    assert "unshaded" not in legal(s) and "shaded" in legal(s)


def test_p31_shaded_places_up_to_three_cells_in_cities_or_districts():
    s = clear(fresh())
    put(s, "galilee", troops=2)
    s = at_card(s, "P31")
    s, _ = run(s, "box event", "shaded")
    opts = legal(s)["place"]
    assert "rail-haifa" not in opts and "galilee" in opts and "jerusalem-city" in opts and len(opts) == 9
    s, _ = run(s, "place jerusalem-city", "place jerusalem-city", "place galilee")
    assert sp(s, "jerusalem-city")["cells_u"] == 2 and sp(s, "galilee")["cells_u"] == 1
    assert s["available"]["cells"] == 12
    assert waiting(s)["p"] == "coin.turn"


def test_p31_shaded_may_place_fewer_and_limited_by_available():
    s = clear(fresh())
    put(s, "lydda", cells_u=13)
    s = at_card(s, "P31")
    s, _ = run(s, "box event", "shaded", "place gaza")
    assert "done" in legal(s)
    s, _ = run(s, "place gaza")
    assert s["available"]["cells"] == 0 and sp(s, "gaza")["cells_u"] == 2
    assert waiting(s)["p"] == "coin.turn"   # none left: the placing ends
    s2 = at_card(clear(fresh()), "P31")
    s2, _ = run(s2, "box event", "shaded", "place haifa-district", "done")
    assert sp(s2, "haifa-district")["cells_u"] == 1 and s2["available"]["cells"] == 14


def test_p31_shaded_not_playable_with_no_cells_available():
    s = clear(fresh())
    put(s, "lydda", cells_u=15)
    s, _ = run(at_card(s, "P31"), "box event")
    assert "shaded" not in legal(s)
