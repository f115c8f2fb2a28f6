"""Position files (issue 23, item 5; docs/positions.md): round trips, every validation fault with its path,
the decision points, the example files, and the tools of ``engine.testing``."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import engine
from engine import testing
from engine.coin.position import Fault, PositionError
from engine.core.chance import ScriptedChance, SeededChance
from engine.core.errors import InvalidActionError
from engine.core.moves import apply_move

from .games_common import COIN_GAMES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "positions"
#: The British Way games, whose position files share engine.coin.position (each other game tests its own).
GAMES = COIN_GAMES


def rules(game):
    return engine.definition(game).position


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


# ---------------------------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 3, 4])  # Japanese Occupation's seed 2 reveals J6, whose Mandatory Event waits
def test_a_standard_setup_round_trips(game, seed):  # for a choice no position states
    state = engine.setup(game, "standard", {}, SeededChance(seed))
    p = rules(game).to_position(state)
    assert p["decision"]["at"] == "turn" and rules(game).validate(p) == []
    again = rules(game).from_position(json.loads(json.dumps(p)))
    assert rules(game).same(again, state)
    assert rules(game).to_position(again) == p


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
def test_the_rulebook_setup_as_a_position_is_the_setup(game, scenario):
    """The rulebook's setup (2.1) is a position at the start of the first card: built with the same chance,
    it is the game engine.setup makes, card drawn and all."""
    p = rules(game).rulebook(scenario)
    assert p["decision"] == {"at": "card"} and p["cards"] == {"played": [], "current": None, "top": []}
    assert rules(game).validate(p) == []
    built = rules(game).from_position(p, SeededChance(7, context="setup"))
    assert rules(game).same(built, engine.setup(game, scenario, {}, SeededChance(7, context="setup")))


@pytest.mark.parametrize("game", GAMES)
def test_positions_round_trip_along_random_games(game):
    """Every state of a random game that waits at a decision a position states round-trips through it."""
    n = sum(testing.fuzz(game, seed, positions=True) for seed in (11, 12))  # two games: some end early
    assert n > 50


def test_a_position_with_options_keeps_them():
    opts = {"rulings": {"R-P32": "modified"}, "map": {"remove": [["galilee", "samaria"]], "citation": "board"}}
    state = engine.setup("palestine", "standard", opts, SeededChance(1))
    p = rules("palestine").to_position(state)
    assert p["options"] == opts
    again = rules("palestine").from_position(p)
    assert again["rulings"] == {"R-P32": "modified"} and again["map"] == state["map"]
    assert rules("palestine").same(again, state)


def test_a_position_inside_an_operation_is_not_stated():
    state = engine.setup("palestine", "standard", {}, SeededChance(1))
    state, _ = testing.run(state, ["box opsa", "op sabotage"])
    with pytest.raises(InvalidActionError, match="a position can state only"):
        rules("palestine").to_position(state)


# ------------------------------------------------------------------------------------------- the examples


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.json")
                                         if json.loads(p.read_text())["game"] in COIN_GAMES))  # the others' own tests
def test_the_documented_examples_are_valid_and_round_trip(name):
    p = example(name)
    r = rules(p["game"])
    assert r.validate(p) == []
    state = r.from_position(p, SeededChance(1))
    if p["decision"]["at"] != "card":
        assert r.to_position(state) == p


def test_the_example_of_play_goes_on_from_its_mid_game_position():
    """8.0: from MENACHEM BEGIN, the British Search in Tel Aviv-Jaffa as the Example's step 7 does."""
    data = json.loads((ROOT / "tests" / "data" / "palestine" / "example_of_play.json").read_text())
    step = next(s for s in data["steps"] if s["id"] == "7")
    state = rules("palestine").from_position(example("palestine-8.0-menachem-begin"))
    assert engine.active_roles(state) == ["british"] and state["current"] == "P25"
    chance = ScriptedChance(rolls=step.get("rolls", []), draws=step.get("draws", []))
    res = apply_move(state, "british", step["actions"], lambda n, a: chance)
    assert res.status == "accepted", res.error


def test_the_setup_files_are_the_rulebooks():
    for game in GAMES:
        assert example(f"{game}-setup") == rules(game).rulebook()


# ----------------------------------------------------------------------------------------------- faults


def _set(p, path, value):
    *head, last = path
    o = p
    for k in head:
        o = o.setdefault(k, {}) if isinstance(o, dict) else o[k]
    if value is DELETE:
        del o[last]
    else:
        o[last] = value


DELETE = object()
PAL = "palestine-setup"
PAL_MID = "palestine-8.0-menachem-begin"
AR = "arab-revolt-setup"
AR_MID = "arab-revolt-8.0-propaganda"

#: (example, [(path, value)], fault path, words of its message)
FAULTS = [
    (PAL, [(("format",), "umpire-position/0")], "format", "must be 'umpire-position/1'"),
    (PAL, [(("game",), "arab-revolt")], "game", "not 'arab-revolt'"),
    (PAL, [(("colour",), "red")], "colour", "unknown field"),
    (PAL, [(("scenario",), "campaign")], "scenario", "unknown scenario 'campaign'"),
    (PAL, [(("options", "dice"), 1)], "options.dice", "unknown option"),
    (PAL, [(("options", "rulings"), {"R-P32": "rounded"})], "options.rulings", "R-P32 may be natural, modified"),
    # 8 extra Cells on the map: the counter mix (1.2)
    (PAL, [(("spaces", "galilee", "cells_u"), 9)], "available.cells",
     "Cells: 17 on the map, 6 Available make 23, but the game has 15 (1.2, 1.4)"),
    (PAL, [(("available", "police"), -2)], "available.police", "must be a whole number from 0, not -2"),
    (PAL, [(("available", "police"), -2)], "available.police", "3 on the map, -2 Available make 1, but the game has 6"),
    (PAL, [(("available", "cells"), 5), (("prison",), 1.5)], "prison", "must be a whole number from 0"),
    (PAL, [(("spaces", "atlantis"), {"troops": 1})], "spaces.atlantis", "unknown space"),
    (PAL, [(("spaces", "galilee", "tanks"), 1)], "spaces.galilee.tanks", "unknown piece or marker"),
    (PAL, [(("spaces", "lydda", "caches"), 3), (("available", "caches"), 1)], "spaces.lydda.caches",
     "at most 2 may occupy a space (1.4.2)"),
    (PAL, [(("spaces", "rail-haifa"), {"caches": 1}), (("available", "caches"), 2)], "spaces.rail-haifa.caches",
     "may never occupy a Railway space (1.4.2)"),
    (PAL, [(("spaces", "galilee", "curfew"), 1)], "spaces.galilee.curfew", "only in a City space (1.10)"),
    (PAL, [(("spaces", "haifa-district", "curfew"), 1)], "spaces.haifa-district.curfew", "(1.10)"),
    (PAL, [(("spaces", "gaza", "terror"), 1)], "spaces.gaza.terror", "only in Cities (4.3.3"),
    (PAL, [(("tracks", "political_will"), 21)], "tracks.political_will", "21 is off the track: 0 to 20 (1.8)"),
    (PAL, [(("tracks", "haganah"), 5)], "tracks.haganah", "0 to 4 (6.5)"),
    (PAL, [(("tracks", "haganah"), 2)], "haganah_boxes.3.cells", "box 3 is filled to 3 cells"),
    (PAL, [(("haganah_boxes", "4", "cells"), 2), (("available", "cells"), 4)], "haganah_boxes.4.cells",
     "the pieces under box 4 are Available (6.5.2)"),
    (PAL, [(("chits", "intel"), [2, 2, 2, 2])], "chits.intel[3]", "there are 3 Intel Chits of value 2 (1.6.1)"),
    (PAL, [(("chits", "intel"), [3])], "chits.intel[0]", "worth 0, 1 or 2"),
    (PAL, [(("momentum", "P27"), "later")], "momentum.P27", "not 'later'"),
    (PAL, [(("capabilities", "P1"), "unshaded")], "capabilities.P1", "not a Capability card"),
    (PAL, [(("capabilities", "P9"), "event")], "capabilities.P9", "unshaded or shaded, not 'event' (5.3)"),
    (PAL, [(("cards", "played"), ["P99"]), (("cards", "current"), "P99")], "cards.played[0]", "unknown card 'P99'"),
    (PAL, [(("cards", "played"), ["P1", "P1"]), (("cards", "current"), "P1")], "cards.played[1]", "played twice"),
    (PAL, [(("cards", "played"), ["P1", "P2"]), (("cards", "current"), "P1")], "cards.current",
     "the last card played ('P2')"),
    (PAL, [(("cards", "played"), ["P1", "P33"]), (("cards", "current"), "P33")], "cards.played[1]",
     "P33 cannot be the 2nd card revealed"),
    (PAL_MID, [(("cards", "top"), ["P10"])], "cards.top[0]", "played already"),
    (PAL, [(("initiative", "eligible"), ["irgun", "irgun"])], "initiative.eligible", "name the factions once"),
    (PAL, [(("initiative", "boxes", "event"), "irgun")], "initiative.boxes.event", "not in a box (2.3.5)"),
    (PAL, [(("propaganda_rounds",), 3)], "propaganda_rounds", "the 3rd ends the game"),
    (PAL, [(("decision",), {"at": "lunch"})], "decision.at", "one of: card, turn, propaganda"),
    (PAL, [(("decision",), {"at": "card", "card": "P99"})], "decision.card", "unknown card"),
    (PAL, [(("decision",), {"at": "turn", "faction": "irgun"})], "decision", "the current card is none"),
    (PAL_MID, [(("decision",), {"at": "turn", "faction": "haganah"})], "decision.faction", "no faction"),
    (PAL_MID, [(("decision",), {"at": "turn", "faction": "irgun"})], "decision.faction",
     "british (1st Eligible) must hold a box first (2.3.2)"),
    (PAL_MID, [(("decision",), {"at": "propaganda", "phase": "redeploy"})], "decision",
     "needs a Propaganda card current"),
    (PAL_MID, [(("decision",), {"at": "turn", "faction": "british", "box": "event"})], "decision.box",
     "a turn decision has only"),
    (AR_MID, [(("decision", "phase"), "tea")], "decision.phase", "no phase of the Propaganda Round"),
    (AR_MID, [(("tracks", "political_will"), 0)], "tracks.political_will", "the game would be over (6.1.5)"),
    (AR, [(("spaces", "syria", "troops"), 1), (("out_of_play",), 4)], "spaces.syria.troops",
     "never occupy Foreign Country spaces (1.4.2)"),
    (AR, [(("spaces", "galilee", "sabotage"), 1)], "spaces.galilee.sabotage", "only on Railways (1.9)"),
    (AR, [(("spaces", "rail-haifa"), {"opposition": 1})], "spaces.rail-haifa.opposition", "(1.6)"),
    (AR, [(("spaces", "gaza", "out_of_play"), 1)], "spaces.gaza.out_of_play", "on a Foreign Country (1.3.7)"),
    (AR, [(("spaces", "egypt", "guerrillas_u"), 1), (("available", "guerrillas"), 5)], "spaces.egypt.out_of_play",
     "holds no pieces (1.3.7)"),
    (AR, [(("spaces", "syria", "bases"), 3), (("available", "bases"), 1)], "spaces.syria.bases", "at most 2"),
    (AR, [(("tegart",), 3), (("available", "police"), 0), (("spaces", "gaza", "police"), DELETE),
          (("spaces", "lydda", "police"), DELETE), (("spaces", "galilee", "police"), DELETE)], "tegart",
     "only once A28 is in play"),
    (AR, [(("prison", "troops"), 1)], "prison.troops", "holds only guerrillas, bases"),
    (AR, [(("tracks", "unity"), 5)], "tracks.unity", "5 is off the track: 0 to 4"),
    (AR, [(("chits", "punishment", "held"), ["detain", "detain", "detain"])], "chits.punishment.held[2]",
     "there are 2 Punishment chits detain (1.7.1)"),
    (AR, [(("chits", "ops", "drawn"), [1, 2])], "chits.ops.drawn", "drawn as the Rebels' turn begins"),
    (AR, [(("chits", "ops", "played"), {"value": 2, "bonus": 0})], "chits.ops.played", "set aside once the Rebels"),
    (AR, [(("chits", "ops", "played"), {"value": 4, "bonus": 0})], "chits.ops.played", "null or"),
    (AR, [(("capabilities", "A28"), "shaded")], "capabilities.A28", "event, not 'shaded'"),
]


@pytest.mark.parametrize("name, changes, path, words", FAULTS,
                         ids=[f"{f[2]}-{i}" for i, f in enumerate(FAULTS)])
def test_each_fault_is_refused_with_its_path_and_rule(name, changes, path, words):
    p = example(name)
    for where, value in changes:
        _set(p, where, value)
    r = rules(example(name)["game"])
    faults = r.validate(p)
    assert any(f.path == path and words in f.message for f in faults), faults
    assert all(isinstance(f, Fault) and str(f) == f"{f.path}: {f.message}" for f in faults)
    with pytest.raises(PositionError) as e:
        r.from_position(p, SeededChance(1))
    assert any(d["path"] == path and words in d["message"] for d in e.value.to_dict()["faults"])


def test_a_malformed_position_gets_faults_not_a_crash():
    r = rules("palestine")
    for p in (None, [], "x", {}, {"spaces": [], "cards": "P1", "decision": []},
              {**example(PAL), "tracks": None, "initiative": {"eligible": [[1]], "boxes": {"event": [1]}}}):
        faults = r.validate(p)
        assert faults and all(isinstance(f, Fault) for f in faults)


def test_extra_cells_and_negative_police_in_a_state_are_refused():
    """Issue 23, item 5: a state with 8 extra Cells or -2 Available Police is refused, not played."""
    state = engine.setup("palestine", "standard", {}, SeededChance(1))
    state["spaces"]["galilee"]["cells_u"] += 8
    state["available"]["police"] = -2
    with pytest.raises(PositionError) as e:
        testing.Position(state).state()
    paths = {f.path for f in e.value.faults}
    assert {"available.cells", "available.police"} <= paths


# -------------------------------------------------------------------------------------------- decisions


def test_the_start_of_a_propaganda_card_runs_its_round_and_returns_the_log():
    step = testing.Position("palestine").clear().turn("irgun", "P31").card("P33").top("P2").start(draws=[1])
    texts = [e["text"] for e in step.log]
    assert texts[0].startswith("Propaganda! (P33) was revealed") and any("Political Will phase" in t for t in texts)
    assert step.state["propaganda"] == 1 and engine.active_roles(step.state) == ["british"]
    assert testing.waiting(step.state)["p"] == "pal.redeploy_british"


def test_the_second_eligible_chooses_among_the_boxes_left():
    p = testing.Position("palestine").turn("british", "P13", first="irgun").position
    p["initiative"]["boxes"]["opsa"] = "irgun"
    s = rules("palestine").from_position(p)
    assert engine.active_roles(s) == ["british"] and engine.legal_actions(s, "british") == {"box": ["limited", "event"]}
    assert rules("palestine").to_position(s) == p


def test_a_faction_in_its_box_acts_there():
    p = testing.Position("palestine").turn("irgun", "P13").position
    p["initiative"]["boxes"]["event"] = "irgun"
    s = rules("palestine").from_position(p)
    assert set(engine.legal_actions(s, "irgun")) <= {"pass", "unshaded", "shaded"} and "pass" in engine.legal_actions(s, "irgun")


def test_american_loans_now_forces_the_british_pass():
    s = testing.Position("palestine").momentum(P27="now").turn("british", "P13").position
    s["initiative"]["boxes"]["limited"] = "british"
    state = rules("palestine").from_position(s)
    assert engine.legal_actions(state, "british") == {"pass": []}


def test_arab_revolt_rebels_choose_a_drawn_chit_or_draw_as_their_turn_begins():
    b = testing.Position("arab-revolt").turn("rebels", "A13").chits(ops={"drawn": [1, 3]})
    s = b.state()
    assert engine.legal_actions(s, "rebels") == {"chit": ["1", "3"]}
    b.chits(ops={"drawn": []})
    step = b.start(draws=[2, 2])
    assert engine.legal_actions(step.state, "rebels") == {"chit": ["2"]}
    assert any("Rebels drew 2 Ops, 2 Ops" in e["text"] for e in step.log)


def test_arab_revolt_mandatory_event_runs_at_the_card_and_closes_the_event_box():
    cid = next(c for c, d in rules("arab-revolt").cards.items() if d.get("mandatory"))
    step = testing.Position("arab-revolt").card(cid, first="british").start()
    assert any("Mandatory Event" in e["text"] for e in step.log)
    state = step.state
    if engine.active_roles(state) == ["british"] and testing.waiting(state)["p"] == "coin.turn":
        assert "event" not in engine.legal_actions(state, "british")["box"]
        p = rules("arab-revolt").to_position(state)
        assert p["decision"] == {"at": "turn", "faction": "british"}
        assert rules("arab-revolt").to_position(rules("arab-revolt").from_position(p)) == p


@pytest.mark.parametrize("game, phase, role, proc", [
    ("palestine", "redeploy", "british", "pal.redeploy_british"),
    ("palestine", "reset", "irgun", "coin.turn"),
    ("arab-revolt", "support", "british", "ar.may_sa"),
    ("arab-revolt", "resources-british", "british", "ar.resources_british"),
])
def test_a_propaganda_phase_starts_where_it_says(game, phase, role, proc):
    card = "P33" if game == "palestine" else "A33"
    b = testing.Position(game).rounds(1).top("P2" if game == "palestine" else "A2").propaganda(phase, card)
    assert len(b.position["cards"]["played"]) == 5      # four Events the deck gives before a Propaganda card
    state = b.state()
    assert engine.active_roles(state) == [role] and testing.waiting(state)["p"] == proc


# -------------------------------------------------------------------------------------- engine.testing


def test_the_builder_changes_things_by_name_and_keeps_the_totals():
    b = (testing.Position("palestine").clear().track(haganah=2, political_will=9)
         .put("galilee", troops=2, cells_u=1).box("prison", n=2).chits(intel=[0, 2]).capability("P9", "unshaded"))
    s = b.turn("british", "P13").state()
    assert s["pw"] == 9 and s["haganah_slots"] == {"4": {"cells": 2, "caches": 1}, "3": {"cells": 3}}
    assert s["prison"] == 2 and s["intel"]["held"] == [0, 2] and s["capabilities"] == {"P9": "unshaded"}
    assert s["available"]["cells"] == 15 - 5 - 1 - 2
    with pytest.raises(ValueError, match="not enough"):
        b.put("gaza", caches=5)


def test_the_scripted_runner_applies_role_action_pairs_and_returns_the_log():
    s = testing.Position("palestine").clear().put("galilee", cells_u=1).turn("irgun", "P13").state()
    s2, log = testing.run(s, [("irgun", "box opsa"), ("irgun", "op sabotage"), (None, "space galilee"),
                              "roll"], rolls=[5])
    assert s2["spaces"]["galilee"]["sabotage"] == 1 and any("Sabotage" in e["text"] for e in log)
    with pytest.raises(AssertionError, match="unused scripted dice"):
        testing.run(s, ["box limited"], rolls=[3])


def test_fuzz_all_plays_every_registered_game():
    out = testing.fuzz_all(3)
    assert set(out) == {g["slug"] for g in engine.games()} and all(n > 0 for n in out.values())


def test_a_copy_of_the_position_is_never_changed_by_building():
    p = example(PAL_MID)
    before = copy.deepcopy(p)
    rules("palestine").from_position(p)
    assert p == before
