"""Cyprus's position files (engine.games.cyprus.position; docs/positions.md; issue 29): the rulebook's setup as
a position (2.1), a mid-game position with Cyprus's own fields (Prison 1.3.6, the Troops on C4 L3675, the
Intel Chits held 1.6.1, Curfews 1.10 and Sabotage markers 1.7 per space, Political Will 1.8 and International
Opinion 6.5) that round-trips through the file, and each fault refused with its field path and rule."""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine.coin import deck as D
from engine.coin.position import Fault, PositionError, put_on_top
from engine.core.chance import SeededChance
from engine.games.cyprus import board as B
from engine.games.cyprus.position import POSITION

from .helpers import context, put


def _played(state: dict, *cids: str) -> None:
    """Reveals *cids* in order, as the deck would (each put on top where the deck could give it, then drawn):
    played, the last current."""
    g = context(state)
    put_on_top(state, *cids)
    for _ in cids:
        cid = D.draw_top(g)
        state["played"].append(cid)
        state["current"] = cid


def midgame() -> dict:
    """A position after two Event cards, with every field of Cyprus's own set: Cells in Prison, C4's Troops,
    chits held, Curfews, Sabotage markers, both tracks moved; the EOKA to choose on the current card."""
    g = context()
    _played(g.s, "C4", "C5")
    B.remove(g, "akrotiri", "troops", 3, to="suez")
    B.remove(g, "paphos", "cells_u", 1, to="prison")
    B.remove(g, "limassol", "cells_u", 1, to="prison")
    put(g, "karpas", police=1)
    B.place_curfew(g, "nicosia")
    B.place_curfew(g, "karpas")
    B.place_sabotage(g, "larnaca", "3.3.3")
    B.place_sabotage(g, "larnaca", "3.3.3")
    B.place_sabotage(g, "dhekelia", "3.3.3")
    B.activate(g, "famagusta", 1)
    B.place(g, "kyrenia", "caches", 2)
    g.s["intel"] = {"bag": [0, 0, 1, 1, 2, 2, 2], "held": [0, 1]}
    g.s["pw"], g.s["io"] = 9, 3
    g.s["capabilities"] = {"C13": "shaded"}
    return POSITION.to_position(g.s, {"at": "turn", "faction": "eoka"})


# -- the rulebook's setup and a mid-game position ----------------------------------------------------------

def test_2_1_the_rulebook_setup_is_a_valid_position():
    p = POSITION.rulebook()
    assert POSITION.validate(p) == []
    assert p["decision"] == {"at": "card"} and p["cards"] == {"played": [], "current": None, "top": []}
    assert p["tracks"] == {"political_will": 14, "international_opinion": 2}  # L4132, L4131
    assert p["prison"] == 0 and p["suez"] == 0 and p["chits"] == {"intel": []}
    assert p["spaces"]["nicosia"] == {"troops": 2, "police": 1, "cells_u": 1}  # L4146
    assert "karpas" not in p["spaces"] and "kyrenia" not in p["spaces"]  # empty (L4158, L4160)
    assert p["available"] == {"troops": 0, "police": 3, "cells": 6, "caches": 3}
    assert p["initiative"]["eligible"] == ["eoka", "british"] and p["momentum"] == {}


def test_a_midgame_position_states_cyprus_fields():
    p = midgame()
    assert POSITION.validate(p) == []
    assert p["prison"] == 2 and p["suez"] == 3 and p["chits"] == {"intel": [0, 1]}
    assert p["tracks"] == {"political_will": 9, "international_opinion": 3}
    assert p["spaces"]["nicosia"]["curfew"] == 1 and p["spaces"]["karpas"] == {"police": 1, "curfew": 1}
    assert p["spaces"]["larnaca"]["sabotage"] == 2 and p["spaces"]["dhekelia"] == {"troops": 3, "sabotage": 1}
    assert p["spaces"]["famagusta"] == {"police": 1, "cells_a": 1}
    assert p["cards"]["played"] == ["C4", "C5"] and p["cards"]["current"] == "C5"
    assert json.loads(json.dumps(p)) == p  # a JSON file


def test_the_chits_of_a_position_make_the_bag():
    state: dict = {}
    POSITION.chits_to_state({"chits": {"intel": [2, 0, 2]}}, state)
    assert state["intel"] == {"bag": [0, 0, 1, 1, 1, 2], "held": [0, 2, 2]}  # 1.6.1: the bag holds the rest
    POSITION.chits_to_state({}, state)
    assert state["intel"] == {"bag": [0, 0, 0, 1, 1, 1, 2, 2, 2], "held": []}


@pytest.mark.parametrize("seed", [1, 2])
def test_a_standard_setup_round_trips(seed):
    state = engine.setup("cyprus", "standard", {}, SeededChance(seed))
    p = POSITION.to_position(state)
    assert p["decision"] == {"at": "turn", "faction": "eoka"} and POSITION.validate(p) == []
    again = POSITION.from_position(json.loads(json.dumps(p)))
    assert POSITION.same(again, state)
    assert POSITION.to_position(again) == p


def test_the_rulebook_setup_as_a_position_is_the_setup():
    for scenario in ("standard", "example-of-play"):
        p = POSITION.rulebook(scenario)
        built = POSITION.from_position(p, SeededChance(7, context="setup"))
        assert POSITION.same(built, engine.setup("cyprus", scenario, {}, SeededChance(7, context="setup")))


def test_a_midgame_position_round_trips():
    p = midgame()
    state = POSITION.from_position(copy.deepcopy(p))
    assert state["prison"] == 2 and state["suez"] == 3 and state["intel"]["held"] == [0, 1]
    assert state["spaces"]["larnaca"]["sabotage"] == 2 and state["spaces"]["karpas"]["curfew"] == 1
    assert (state["pw"], state["io"]) == (9, 3) and engine.definition("cyprus").invariants(state) == []
    assert POSITION.to_position(state) == p


# -- faults -------------------------------------------------------------------------------------------------

def _set(p, path, value):
    *head, last = path
    o = p
    for k in head:
        o = o.setdefault(k, {}) if isinstance(o, dict) else o[k]
    o[last] = value


#: ([(path, value)], the fault's path, words of its message); each applied to the mid-game position.
FAULTS = [
    ([(("tracks", "political_will"), 16)], "tracks.political_will", "16 is off the track: 0 to 15 (1.8)"),
    ([(("tracks", "international_opinion"), 5)], "tracks.international_opinion", "5 is off the track: 0 to 4 (6.5"),
    ([(("tracks", "resources"), 3)], "tracks.resources", "unknown track"),
    ([(("spaces", "troodos", "caches"), 3), (("available", "caches"), 0)], "spaces.troodos.caches",
     "at most 2 may occupy a space (1.4.2)"),
    ([(("spaces", "akrotiri", "caches"), 1), (("available", "caches"), 0)], "spaces.akrotiri.caches",
     "Arms Caches may never occupy a British Base (1.4.2)"),
    ([(("spaces", "troodos", "curfew"), 1)], "spaces.troodos.curfew", "only in a Town space (1.10)"),
    ([(("spaces", "paphos", "curfew"), 1)], "spaces.paphos.curfew", "no British piece is removed at once (1.10)"),
    ([(("spaces", "nicosia", "curfew"), 2)], "spaces.nicosia.curfew", "at most one Curfew per space (1.10)"),
    ([(("spaces", "limassol", "curfew"), 1), (("spaces", "larnaca", "curfew"), 1), (("spaces", "famagusta", "curfew"), 1)],
     "spaces", "5 Curfews on the map, but the British have 4 (1.10)"),
    ([(("spaces", "paphos", "sabotage"), 13)], "spaces", "16 Sabotage markers on the map, but the game has 15"),
    ([(("spaces", "nicosia", "terror"), 1)], "spaces.nicosia.terror", "unknown piece or marker"),
    ([(("spaces", "nicosia", "support"), 1)], "spaces.nicosia.support", "unknown piece or marker"),
    ([(("prison",), 1.5)], "prison", "must be a whole number from 0"),
    ([(("prison",), 3)], "available.cells", "Cells: 4 on the map, 6 Available, 3 in Prison make 13, but the game has 12"),
    ([(("suez",), 2)], "available.troops", "Troops: 9 on the map, 0 Available, 2 on Suez Crisis (C4) make 11, but "
     "the game has 12"),
    ([(("suez",), 4), (("spaces", "dhekelia", "troops"), 2)], "suez", "at most the 3 Troops its text removes"),
    ([(("chits", "intel"), [2, 2, 2, 2])], "chits.intel[3]", "there are 3 Intel Chits of value 2 (1.6.1)"),
    ([(("chits", "intel"), [3])], "chits.intel[0]", "worth 0, 1 or 2, not 3 (1.6.1)"),
    ([(("chits", "intel"), [2, 0])], "chits.intel", "increasing order"),
    ([(("chits", "arms"), [1])], "chits.arms", "Cyprus's chits are the Intel Chits"),
    ([(("momentum", "C4"), "next")], "momentum.C4", "cyprus has no lasting effect"),
    ([(("initiative", "eligible"), ["eoka", "eoka"])], "initiative.eligible", "name the factions once"),
    ([(("capabilities", "C13"), "event")], "capabilities.C13", "unshaded or shaded, not 'event' (5.3)"),
    ([(("cards", "played"), ["C4", "C33"]), (("cards", "current"), "C33")], "cards.played[1]",
     "C33 cannot be the 2nd card revealed"),
    ([(("cards", "played"), ["C4", "C4"]), (("cards", "current"), "C4")], "cards.played[1]", "played twice"),
    ([(("propaganda_rounds",), 3)], "propaganda_rounds", "the 3rd ends the game"),
    ([(("game",), "palestine")], "game", "not 'palestine'"),
]


@pytest.mark.parametrize("changes, path, words", FAULTS, ids=[f"{f[1]}-{i}" for i, f in enumerate(FAULTS)])
def test_each_fault_is_refused_with_its_path_and_rule(changes, path, words):
    p = midgame()
    for where, value in changes:
        _set(p, where, value)
    faults = POSITION.validate(p)
    assert any(f.path == path and words in f.message for f in faults), faults
    assert all(isinstance(f, Fault) and str(f) == f"{f.path}: {f.message}" for f in faults)


def test_a_position_with_faults_is_refused_with_all_of_them():
    p = midgame()
    p["tracks"]["political_will"] = 16
    p["chits"]["intel"] = [3]
    with pytest.raises(PositionError) as e:
        POSITION.from_position(p, SeededChance(1))
    assert {d["path"] for d in e.value.to_dict()["faults"]} == {"tracks.political_will", "chits.intel[0]"}


def test_sixteen_sabotage_markers_where_the_umpire_chose_them_unlimited():
    p = midgame()
    p["spaces"]["paphos"] = {"sabotage": 13}
    assert [f.path for f in POSITION.validate(p)] == ["spaces"]
    p["options"] = {"rulings": {"R-SABOTAGE-POOL": "unlimited"}}  # ruling R-SABOTAGE-POOL
    assert POSITION.validate(p) == []


def test_suez_troops_need_c4_played():
    p = POSITION.rulebook()
    p["suez"], p["spaces"]["akrotiri"] = 3, {}
    faults = POSITION.validate(p)
    assert [f.message for f in faults if f.path == "suez"] == [
        "Troops are on Suez Crisis only once C4 is played, until the next Reset (C4, L3675)"]


def test_a_malformed_position_gets_faults_not_a_crash():
    for p in (None, [], "x", {}, {"spaces": [], "cards": "C1", "decision": []},
              {**POSITION.rulebook(), "tracks": None, "chits": [], "suez": "three", "prison": -1}):
        faults = POSITION.validate(p)
        assert faults and all(isinstance(f, Fault) for f in faults)
