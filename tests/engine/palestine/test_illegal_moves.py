"""Illegal orders in The British Way: Palestine: each is refused with the right code, and nothing changes.

Three layers are exercised:

- the move-file checks (``engine.core.moves.parse_move_file``): malformed files are ``invalid``;
- the engine API (``engine.apply`` / ``engine.parse``): one order at a time;
- the move-file application (``engine.core.moves.apply_move``): all or nothing before the first chance
  outcome, binding prefix after it (DESIGN.md section 4).

The table ``CASES`` holds one refused order per row, named by the rule that refuses it. Each row is run
three ways (tests/engine/refusals.py): through ``engine.apply`` (or ``engine.parse`` for text-only
refusals), through a move file whose earlier orders are accepted, and once more to check that the move
file's refusal names the rule or the reason (what the player reads in the reply).
"""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import NoChance, ScriptedChance
from engine.core.errors import EngineError, InvalidActionError, StalePositionError
from engine.core.moves import MAX_ACTIONS, MAX_LINE, MOVE_FORMAT, apply_move, parse_move_file

from ..refusals import (
    Case,
    check_engine_refuses,
    check_move_file_refusal_names_the_rule,
    check_move_file_rejected_whole,
)
from .helpers import at_card, clear, fresh, put, run, sp, to_prison
from .helpers import hold_chits as hold

# -- positions ---------------------------------------------------------------------------------------


def british_board(*chits: int) -> dict:
    """British to choose first on P31.

    Jerusalem City: Curfew and 3 Troops (Mass Detention possible); Haifa City: Curfew, 2 Troops (not);
    Samaria: Troops and Police, no Irgun (Restore possible); Tel Aviv-Jaffa: Troops, Police and a Cell
    (no Restore, and Troops not above Irgun pieces); Lydda and Gaza: Cells, no Troops; the Haifa
    Railway: Troops only; Jerusalem District: empty.
    """
    s = clear(fresh())
    put(s, "jerusalem-city", troops=3, police=1, cells_u=1, curfew=1)
    put(s, "haifa-city", troops=2, police=1, cells_u=1, curfew=1)
    put(s, "galilee", troops=2, cells_a=1)
    put(s, "samaria", troops=2, police=1)
    put(s, "tel-aviv-jaffa", troops=1, police=1, cells_u=1)
    put(s, "lydda", cells_u=1, caches=1)
    put(s, "gaza", cells_u=1)
    put(s, "rail-haifa", troops=2)
    hold(s, *chits)
    return at_card(s, "P31", first="british")


def british_with_chits() -> dict:
    return british_board(1, 2)


def irgun_board() -> dict:
    """Irgun to choose first on P31 (Haganah 4).

    Haifa City: Curfew, 2 Police, 1 Underground Cell (no Recruit, no Silence, Propagandize possible);
    Tel Aviv-Jaffa: 1 Police, 1 Underground Cell, no Curfew (Silence possible, no Propagandize);
    Jerusalem District: Cache, no British (Offensive possible); Gaza: Cache with a Troop (no Offensive);
    Samaria: an Active Cell only (no Sabotage); Lydda: 1 Cell, 1 Police (no Rob); Galilee: a Cell, no
    Cache near (no Recruit); Haifa Railway: 2 Cells (no Rob on a Railway).
    """
    s = clear(fresh())
    put(s, "jerusalem-city", troops=2, police=1, cells_u=1)
    put(s, "jerusalem-district", cells_u=1, caches=1)
    put(s, "haifa-city", troops=1, police=2, cells_u=1, curfew=1)
    put(s, "tel-aviv-jaffa", troops=1, police=1, cells_u=1)
    put(s, "galilee", cells_u=1)
    put(s, "samaria", cells_a=1)
    put(s, "gaza", troops=1, cells_u=1, caches=1)
    put(s, "lydda", police=1, cells_u=1)
    put(s, "rail-haifa", cells_u=2)
    return at_card(s, "P31")


def irgun_one_cell_available() -> dict:
    s = irgun_board()
    to_prison(s, s["available"]["cells"] - 1)
    return s


def irgun_two_offensive_caches() -> dict:
    s = irgun_board()
    put(s, "samaria", caches=1)
    return s


def british_first_no_mass_detention() -> dict:
    """The Irgun board with the British first: no City has a Curfew and 3 Troops."""
    return at_card(irgun_board(), "P31", first="british")


def irgun_took_opsa() -> dict:
    """The Irgun Recruited in the Operation + Special Activity box; the British choose a box now."""
    s, _ = run(irgun_board(), "box opsa", "op recruit", "space tel-aviv-jaffa", "place 1", "done", "done")
    assert engine.active_roles(s) == ["british"] and s["boxes"]["opsa"] == "irgun"
    return s


def irgun_mid_sabotage() -> dict:
    s, _ = run(irgun_board(), "box opsa", "op sabotage")
    return s


def p3_without_terror() -> dict:
    s = irgun_board()
    assert not any(x["terror"] for x in s["spaces"].values())
    return at_card(s, "P3")


def game_over() -> dict:
    s = irgun_board()
    s["outcome"] = {"winner": "british", "reason": "test: the game has ended"}
    return s


# -- the table of refused orders ----------------------------------------------------------------------


BR, IR = british_board, irgun_board
OPSA = ("box opsa",)

CASES = [
    # British Operations (3.2) and space selection (3.1, 2.3.4)
    Case("3_2_1_deploy_on_a_railway", BR, "british", (*OPSA, "op deploy"), "space rail-haifa",
         "illegal", ("3.2.1", "Districts and Cities")),
    Case("3_2_1_deploy_needs_more_troops_than_irgun_pieces", BR, "british", (*OPSA, "op deploy"),
         "space tel-aviv-jaffa", "illegal", ("3.2.1", "more Troops")),
    Case("3_1_fourth_space_for_a_british_operation", BR, "british",
         (*OPSA, "op patrol", "space galilee", "space lydda", "space gaza"), "space jerusalem-city",
         "illegal", ("3.1", "already has its 3")),
    Case("2_3_4_second_space_in_a_limited_operation", BR, "british",
         ("box limited", "op patrol", "space galilee"), "space lydda", "illegal", ("2.3.4", "already has its 1")),
    Case("3_1_space_selected_twice", BR, "british", (*OPSA, "op patrol", "space galilee"), "space galilee",
         "illegal", ("3.1", "already selected")),
    Case("3_1_done_before_any_space", BR, "british", (*OPSA, "op patrol"), "done", "illegal",
         ("3.1", "at least one space")),
    Case("3_2_2_patrol_destination_without_cells", BR, "british", (*OPSA, "op patrol"),
         "space jerusalem-district", "illegal", ("3.2.2", "need Cells")),
    Case("3_2_2_patrol_police_move_only_into_a_destination", BR, "british",
         (*OPSA, "op patrol", "space galilee", "done"), "move samaria gaza", "illegal", ("3.2.2",)),
    Case("3_2_4_assault_without_troops", BR, "british", (*OPSA, "op assault"), "space lydda", "illegal",
         ("3.2.4", "Troops")),
    Case("3_2_4_assault_without_irgun_pieces", BR, "british", (*OPSA, "op assault"), "space samaria",
         "illegal", ("3.2.4", "Irgun pieces")),
    Case("3_2_3_search_city_chit_without_a_chit_held", BR, "british",
         (*OPSA, "op search", "space jerusalem-city", "done", "done"), "chit 1", "illegal", ("3.2.3",)),
    # British Special Activities (4.1, 4.2)
    Case("4_2_1_restore_where_irgun_pieces_are", BR, "british", (*OPSA, "op deploy", "sa restore"),
         "space tel-aviv-jaffa", "illegal", ("4.2.1",)),
    Case("4_2_3_mass_detention_with_fewer_than_3_troops", BR, "british",
         (*OPSA, "op search", "sa mass-detention"), "space haifa-city", "illegal", ("4.2.3",)),
    Case("4_2_3_mass_detention_with_no_qualifying_city", british_first_no_mass_detention, "british",
         (*OPSA, "op assault"), "sa mass-detention", "illegal", ("mass-detention", "no valid space")),
    Case("2_3_4_special_activity_in_a_limited_operation", BR, "british", ("box limited", "op deploy"),
         "sa restore", "illegal", ("2.3.4",)),
    Case("4_1_1_restore_does_not_accompany_patrol", BR, "british", (*OPSA, "op patrol"), "sa restore",
         "illegal", ("4.1.1", "Patrol")),
    Case("4_1_1_mass_detention_does_not_accompany_deploy", BR, "british", (*OPSA, "op deploy"),
         "sa mass-detention", "illegal", ("4.1.1", "Deploy")),
    # Intelligence Lead (2.3.7)
    Case("2_3_7_intelligence_lead_without_a_chit", BR, "british", (*OPSA, "op patrol"), "lead 1", "illegal",
         ("2.3.7", "Intelligence Lead")),
    Case("2_3_7_intelligence_lead_on_deploy", british_with_chits, "british", (*OPSA, "op deploy"), "lead 1",
         "illegal", ("2.3.7", "Patrol, Search or Assault")),
    Case("2_3_7_second_intelligence_lead", british_with_chits, "british", (*OPSA, "op patrol", "lead 1"),
         "lead 2", "illegal", ("2.3.7", "once")),
    # Irgun Operations (3.3)
    Case("3_3_4_rob_on_a_railway", IR, "irgun", (*OPSA, "op rob"), "space rail-haifa", "illegal",
         ("3.3.4", "Districts or Cities")),
    Case("3_3_4_rob_needs_more_cells_than_police", IR, "irgun", (*OPSA, "op rob"), "space lydda", "illegal",
         ("3.3.4", "more Cells than Police")),
    Case("3_3_1_curfew_blocks_recruit", IR, "irgun", (*OPSA, "op recruit"), "space haifa-city", "illegal",
         ("3.3.1", "Curfew")),
    Case("3_3_1_recruit_needs_a_city_or_a_cache_near", IR, "irgun", (*OPSA, "op recruit"), "space galilee",
         "illegal", ("3.3.1", "Arms Cache")),
    Case("3_3_1_recruit_one_cell_in_a_city_without_a_cache", IR, "irgun",
         (*OPSA, "op recruit", "space tel-aviv-jaffa"), "place 2", "illegal", ("3.3.1",)),
    Case("1_4_1_recruit_with_no_cells_available", irgun_one_cell_available, "irgun",
         (*OPSA, "op recruit", "space tel-aviv-jaffa", "place 1"), "space jerusalem-city", "illegal",
         ("1.4.1", "Available")),
    Case("3_3_3_sabotage_without_an_underground_cell", IR, "irgun", (*OPSA, "op sabotage"), "space samaria",
         "illegal", ("3.3.3", "Underground")),
    Case("3_3_2_travel_origin_without_cells", IR, "irgun", (*OPSA, "op travel"), "space rail-egypt",
         "illegal", ("3.3.2", "need Cells")),
    Case("3_3_2_travel_an_active_cell_the_origin_lacks", IR, "irgun", (*OPSA, "op travel", "space galilee"),
         "move gaza active", "illegal", ("3.3.2",)),
    # Irgun Special Activities (4.1, 4.3)
    Case("4_3_3_terror_in_a_non_city", IR, "irgun", (*OPSA, "op sabotage", "space galilee"), "terror",
         "illegal", ("4.3.3", "City")),
    Case("2_3_4_terror_in_a_limited_sabotage", IR, "irgun", ("box limited", "op sabotage",
                                                             "space jerusalem-city"), "terror", "illegal",
         ("2.3.4",)),
    Case("4_1_second_special_activity", IR, "irgun",
         (*OPSA, "op sabotage", "sa silence", "space tel-aviv-jaffa"), "sa propagandize", "illegal",
         ("4.1", "already used")),
    Case("4_1_terror_after_silence", IR, "irgun",
         (*OPSA, "op sabotage", "sa silence", "space tel-aviv-jaffa", "space jerusalem-city"), "terror",
         "illegal", ("4.1",)),
    Case("4_3_1_silence_with_more_police_than_underground_cells", IR, "irgun",
         (*OPSA, "op sabotage", "sa silence"), "space haifa-city", "illegal", ("4.3.1",)),
    Case("4_3_2_propagandize_without_a_curfew", IR, "irgun", (*OPSA, "op sabotage", "sa propagandize"),
         "space tel-aviv-jaffa", "illegal", ("4.3.2",)),
    # Offensive (2.3.7)
    Case("2_3_7_offensive_from_a_space_with_british", IR, "irgun", (*OPSA, "op sabotage"), "offensive gaza",
         "illegal", ("2.3.7", "no British")),
    Case("2_3_7_offensive_on_travel", IR, "irgun", (*OPSA, "op travel"), "offensive jerusalem-district",
         "illegal", ("2.3.7", "Recruit, Sabotage or Rob")),
    Case("2_3_7_second_offensive", irgun_two_offensive_caches, "irgun",
         (*OPSA, "op sabotage", "offensive jerusalem-district"), "offensive samaria", "illegal",
         ("2.3.7", "once")),
    # The card's turn (2.3.2, 5.0, 5.1.3)
    Case("2_3_2_box_held_by_the_other_faction", irgun_took_opsa, "british", (), "box opsa", "illegal",
         ("2.3.2", "already holds")),
    Case("2_3_2_event_from_the_op_box", IR, "irgun", OPSA, "unshaded", "illegal", ("2.3.2", "Event box")),
    Case("2_3_2_operation_from_the_event_box", IR, "irgun", ("box event",), "op sabotage", "illegal",
         ("2.3.2",)),
    Case("2_3_2_pass_before_choosing_a_box", IR, "irgun", (), "pass", "illegal", ("2.3.2",)),
    Case("2_3_2_box_without_naming_one", IR, "irgun", (), "box", "illegal", ("2.3.2",)),
    Case("5_1_3_p3_unshaded_with_no_terror_on_the_map", p3_without_terror, "irgun", ("box event",),
         "unshaded", "illegal", ("5.1.3",)),
    # Whose turn, and the game's end
    Case("british_acting_when_the_irgun_must", IR, "british", (), "box opsa", "not-your-turn", ("irgun",)),
    Case("british_acting_in_the_middle_of_an_irgun_operation", irgun_mid_sabotage, "british", (), "done",
         "not-your-turn", ("irgun",)),
    Case("a_role_that_does_not_exist", IR, "romans", (), "box opsa", "invalid", ("romans", "irgun, british")),
    Case("acting_after_the_game_is_over", game_over, "irgun", (), "box opsa", "illegal", ("game is over",)),
    # Orders not understood, or matching nothing or several things
    Case("unknown_verb", IR, "irgun", OPSA, "fly galilee", "invalid", ("fly",)),
    Case("unknown_space", IR, "irgun", (*OPSA, "op sabotage"), "space atlantis", "illegal", ("atlantis",)),
    Case("empty_order", IR, "irgun", OPSA, "   # only a comment", "invalid", ("empty",), text=True),
    Case("ambiguous_space_prefix", IR, "irgun", (*OPSA, "op sabotage"), "space jer", "ambiguous",
         ("jerusalem-city", "jerusalem-district"), text=True),
    Case("ambiguous_operation_prefix", IR, "irgun", OPSA, "op r", "ambiguous", ("recruit", "rob"), text=True),
]
IDS = [c.id for c in CASES]


def test_the_table_holds_at_least_45_distinct_refusals():
    keys = {(c.board.__name__, c.role, c.prefix, c.order) for c in CASES}
    assert len(IDS) == len(set(IDS)) and len(keys) == len(CASES) >= 45


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_engine_api_refuses(case: Case):
    check_engine_refuses(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_with_the_order_is_rejected_whole(case: Case):
    check_move_file_rejected_whole(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_refusal_names_the_rule_or_reason(case: Case):
    check_move_file_refusal_names_the_rule(case)


# -- P3 unshaded is offered only with Terror on the map ---------------------------------------


def test_5_1_3_p3_unshaded_is_not_offered_without_terror_but_shaded_is():
    s, _ = run(p3_without_terror(), "box event")
    allowed = engine.legal_actions(s, "irgun")
    assert "unshaded" not in allowed
    assert "shaded" in allowed and "pass" in allowed   # Cities with an Underground Cell: shaded can act


def test_5_1_3_p3_unshaded_is_offered_with_terror_on_the_map():
    s = irgun_board()
    put(s, "jerusalem-city", terror=1)
    s, _ = run(at_card(s, "P3"), "box event")
    assert "unshaded" in engine.legal_actions(s, "irgun")


# -- the move file itself ----------------------------------------------------------------------------


_DROP = object()


def good_file(**over) -> dict:
    data = {"format": MOVE_FORMAT, "game": "L-00000003", "role": "irgun", "after": 0,
            "actions": ["box opsa", "op sabotage"]}
    data.update(over)
    return {k: v for k, v in data.items() if v is not _DROP}


BAD_FILES = [
    ("a_list_not_an_object", ["box opsa"], "JSON object"),
    ("a_number_not_an_object", 42, "JSON object"),
    ("wrong_format_field", good_file(format="umpire-move/2"), "format"),
    ("missing_format_field", good_file(format=_DROP), "format"),
    ("unknown_field", good_file(comment="hello"), "unknown field"),
    ("missing_role", good_file(role=_DROP), "role"),
    ("empty_role", good_file(role=""), "role"),
    ("after_negative", good_file(after=-1), "after"),
    ("after_a_string", good_file(after="3"), "after"),
    ("after_a_boolean", good_file(after=True), "after"),
    ("game_not_a_string", good_file(game=7), "game"),
    ("actions_not_a_list", good_file(actions="box opsa"), "actions"),
    ("actions_empty", good_file(actions=[]), "actions"),
    ("missing_actions", good_file(actions=_DROP), "actions"),
    ("an_order_not_a_string", good_file(actions=["box opsa", 7]), "order 2"),
    ("an_empty_order", good_file(actions=["box opsa", "   "]), "order 2"),
    ("an_order_longer_than_the_limit", good_file(actions=["box opsa", "space " + "x" * MAX_LINE]), "order 2"),
    ("too_many_orders", good_file(actions=["done"] * (MAX_ACTIONS + 1)), f"at most {MAX_ACTIONS}"),
    ("text_order_longer_than_the_limit", "box opsa\nop " + "y" * MAX_LINE + "\n", "order 2"),
    ("text_too_many_orders", "done\n" * (MAX_ACTIONS + 1), f"at most {MAX_ACTIONS}"),
]


@pytest.mark.parametrize("data,needle", [(d, n) for _, d, n in BAD_FILES], ids=[i for i, _, _ in BAD_FILES])
def test_malformed_move_file_is_invalid(data, needle):
    with pytest.raises(InvalidActionError) as ei:
        parse_move_file(data)
    assert ei.value.code == "invalid"
    assert needle.lower() in ei.value.message.lower(), ei.value.message


def test_well_formed_move_files_parse():
    mv = parse_move_file(good_file())
    assert mv == {"role": "irgun", "after": 0, "game": "L-00000003", "actions": ["box opsa", "op sabotage"],
                  "entropy": None}
    mv = parse_move_file("# Irgun, card 1\nbox opsa\n\n  op sabotage  \n")
    assert mv["actions"] == ["box opsa", "op sabotage"] and mv["role"] is None and mv["after"] is None


def test_a_move_for_the_wrong_role_changes_nothing():
    s = irgun_board()
    before = engine.dumps(s)
    mv = parse_move_file(good_file(role="british"))
    res = apply_move(s, mv["role"], mv["actions"], lambda n, applied: NoChance(), after=mv["after"])
    assert res.status == "rejected" and res.error["code"] == "not-your-turn"
    assert "irgun" in res.error["message"]
    assert engine.dumps(s) == before and engine.dumps(res.state) == before


# -- stale positions (DESIGN.md 4) ---------------------------------------------------------------------


def _played_a_little() -> dict:
    s, _ = run(irgun_board(), "box opsa", "op sabotage")
    assert s["seq"] == 2
    return s


@pytest.mark.parametrize("after", [1, 3, 0])
def test_stale_move_is_refused_and_changes_nothing(after):
    s = _played_a_little()
    before = engine.dumps(s)
    with pytest.raises(StalePositionError) as ei:
        apply_move(s, "irgun", ["space galilee"], lambda n, applied: NoChance(), after=after)
    assert ei.value.code == "stale"
    assert str(s["seq"]) in ei.value.message and str(after) in ei.value.message
    assert engine.dumps(s) == before


def test_move_after_the_current_position_is_accepted():
    s = _played_a_little()
    res = apply_move(s, "irgun", ["space galilee"], lambda n, applied: NoChance(), after=s["seq"])
    assert res.status == "accepted" and res.applied == ["space galilee"]
    assert res.state["seq"] == s["seq"] + 1


# -- all or nothing before chance, binding after it (DESIGN.md 4.2, 4.3) -------------------------------


def test_illegal_order_before_any_roll_rejects_the_whole_file():
    s = irgun_board()
    before = engine.dumps(s)
    orders = ["box opsa", "op sabotage", "space galilee", "space samaria", "roll"]
    chance = ScriptedChance(rolls=[5])
    res = apply_move(s, "irgun", orders, lambda n, applied: chance)
    assert res.status == "rejected"
    assert res.error["line"] == 4 and res.error["code"] == "illegal"
    assert res.error["legal"] == {"roll": []}            # Galilee: no Cache near, not a City
    assert res.applied == [] and res.outcomes == []
    assert engine.dumps(res.state) == before == engine.dumps(s)
    assert chance.rolls == [5], "no die may be rolled for a rejected file"


def test_illegal_order_after_a_roll_stops_there_and_keeps_the_prefix():
    s = irgun_board()
    before = engine.dumps(s)
    orders = ["box opsa", "op sabotage", "space galilee", "roll", "space jerusalem-district", "space samaria",
              "roll", "done"]
    chance = ScriptedChance(rolls=[5, 6])
    res = apply_move(s, "irgun", orders, lambda n, applied: chance)
    assert res.status == "partial"
    assert res.applied == orders[:5]
    assert res.error["line"] == 6 and res.error["order"] == "space samaria" and res.error["code"] == "illegal"
    # The die was kept: the roll of 5 placed Sabotage in Galilee, and it is in the outcomes.
    assert [o["value"] for o in res.outcomes] == [5]
    assert res.outcomes[0]["label"] == "Sabotage in Galilee"
    assert sp(res.state, "galilee")["sabotage"] == 1 and sp(res.state, "galilee")["cells_a"] == 1
    # The accepted prefix, including the order after the roll, stands.
    assert sp(res.state, "jerusalem-district")["cells_a"] == 1
    assert res.state["seq"] == 5 and len(res.steps) == 5
    assert chance.rolls == [6], "the second die must not be rolled"
    # The same position as the prefix alone, with the same die.
    alone = apply_move(s, "irgun", orders[:5], lambda n, applied: ScriptedChance(rolls=[5]))
    assert engine.dumps(alone.state) == engine.dumps(res.state)
    # Allowed at the refusal: what the Sabotage in Jerusalem District may do next.
    assert res.error["legal"] == engine.legal_actions(res.state, "irgun")
    assert engine.dumps(s) == before


def test_illegal_order_right_after_a_roll_keeps_the_roll():
    s = irgun_board()
    orders = ["box opsa", "op sabotage", "space galilee", "roll", "terror"]
    res = apply_move(s, "irgun", orders, lambda n, applied: ScriptedChance(rolls=[2]))
    assert res.status == "partial" and res.applied == orders[:4]
    assert [o["value"] for o in res.outcomes] == [2]
    assert sp(res.state, "galilee")["sabotage"] == 0 and sp(res.state, "galilee")["cells_a"] == 1


def test_preview_stops_before_the_first_chance_outcome():
    s = irgun_board()
    before = engine.dumps(s)
    res = apply_move(s, "irgun", ["box opsa", "op sabotage", "space galilee", "roll"], lambda n, applied: NoChance())
    assert res.status == "preview-stopped" and res.error["line"] == 4
    assert engine.dumps(s) == before


# -- apply() never modifies its input ----------------------------------------------------------------


def test_apply_never_modifies_its_input_state():
    s = irgun_board()
    before = engine.dumps(s)
    step = engine.apply(s, "irgun", "box opsa")
    assert engine.dumps(s) == before
    assert step.state is not s and step.state["seq"] == s["seq"] + 1
    step = engine.apply(step.state, "irgun", "op sabotage")
    mid = engine.dumps(step.state)
    step2 = engine.apply(step.state, "irgun", "space galilee")
    engine.apply(step2.state, "irgun", "roll", ScriptedChance(rolls=[4]))
    assert engine.dumps(step.state) == mid
    for bad in ("space samaria", "fly", "box opsa"):
        with pytest.raises(EngineError):
            engine.apply(step.state, "irgun", bad)
        assert engine.dumps(step.state) == mid
    with pytest.raises(EngineError):
        engine.apply(step.state, "british", "done")
    assert engine.dumps(step.state) == mid
    assert engine.dumps(s) == before


def test_apply_move_never_modifies_its_input_state():
    s = irgun_board()
    before = engine.dumps(s)
    res = apply_move(s, "irgun", ["box opsa", "op sabotage", "space galilee", "roll"],
                     lambda n, applied: ScriptedChance(rolls=[4]))
    assert res.status == "accepted" and res.state is not s
    assert engine.dumps(s) == before
