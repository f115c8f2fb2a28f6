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
from engine.testing import Position

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


def british_under_bevin() -> dict:
    """The British board with Ernest Bevin (P9) shaded in play: British Operations in 2 spaces."""
    return Position(british_board()).capability("P9", "shaded").turn("british", "P31").state()


def british_assault_chits() -> dict:
    """British first on P31 holding chits 1 and 2. Galilee and Lydda: 2 Troops and an Underground Cell each
    (one removal each, paid by chits); Gaza: 2 Troops, an Underground Cell and an Arms Cache."""
    return (Position("palestine").clear().put("galilee", troops=2, cells_u=1).put("lydda", troops=2, cells_u=1)
            .put("gaza", troops=2, cells_u=1, caches=1).chits(intel=[1, 2]).turn("british", "P31").state())


def loans_due() -> dict:
    """American Loans (P27 shaded) played on an earlier card: the British must Pass on this one."""
    return Position(british_board()).momentum(P27="now").turn("british", "P31").state()


def at_event(cid: str, first: str = "irgun", base=None):
    """A board of this file with Event card *cid* current and *first* to choose a box."""
    def build() -> dict:
        return at_card((base or irgun_board)(), cid, first=first)
    build.__name__ = f"{(base or irgun_board).__name__}_{cid}"
    return build


def redeploy() -> dict:
    """The Redeploy phase (6.3) of a Propaganda Round: British Police first. Galilee: 2 Troops and a Police
    cube; Samaria: a Police cube; Jerusalem City: a Curfew, a Troop and a Cell; Lydda: a Cell and an Arms
    Cache; Jerusalem District: 2 Cells."""
    return (Position("palestine").clear().track(political_will=18, haganah=2)
            .put("galilee", troops=2, police=1).put("samaria", police=1)
            .put("jerusalem-city", troops=1, cells_u=1, curfew=1).put("lydda", cells_a=1, caches=1)
            .put("jerusalem-district", cells_u=2).rounds(1).propaganda("redeploy", "P33").state())


def irgun_redeploy() -> dict:
    """The same Redeploy phase once the British are done: Irgun Cells first (6.3.2)."""
    s, _ = run(redeploy(), "done", "done")
    assert engine.active_roles(s) == ["irgun"]
    return s


def intel_discard() -> dict:
    """British Intel (6.2.2) with chits 0, 1 and 1 held: one to discard, 0 or 1."""
    return (Position("palestine").clear().track(political_will=18, haganah=2).chits(intel=[0, 1, 1])
            .rounds(1).propaganda("british-intel", "P33").state())


def haganah_cooperation() -> dict:
    """Haganah Cooperation (6.2.3) with the Track at 4: Lydda has a Cell and 2 Arms Caches, Galilee a Cell."""
    return (Position("palestine").clear().track(political_will=18, haganah=4)
            .put("lydda", cells_u=1, caches=2).put("galilee", cells_u=1)
            .rounds(1).propaganda("haganah-cooperation", "P33").state())


def haganah_refill() -> dict:
    """The Haganah Track at 4 with every Irgun piece on the map; Chaim Weizmann (P15) current, Irgun first:
    its unshaded text shifts the Track to 3, and box 4 is filled from the map (6.5.2)."""
    b = Position("palestine").clear().track(political_will=18, haganah=4)
    for sid, cells in (("galilee", 5), ("samaria", 5), ("lydda", 5)):
        b.put(sid, cells_u=cells)
    b.put("gaza", caches=2).put("jerusalem-district", caches=2).put("haifa-district", caches=1)
    return b.turn("irgun", "P15").state()


# -- the table of refused orders ----------------------------------------------------------------------


BR, IR = british_board, irgun_board
OPSA = ("box opsa",)
ASSAULT = ("box opsa", "op assault")

CASES = [
    # British Operations (3.2) and space selection (3.1, 2.3.4, P9)
    Case("3_2_1_deploy_on_a_railway", BR, "british", (*OPSA, "op deploy"), "space rail-haifa",
         "illegal", ("Tel Aviv-Haifa Railway is a Railway", "Districts and Cities"), rule="3.2.1"),
    Case("3_2_1_deploy_needs_more_troops_than_irgun_pieces", BR, "british", (*OPSA, "op deploy"),
         "space tel-aviv-jaffa", "illegal", ("Tel Aviv-Jaffa has 1 Troop and 1 Irgun piece", "more Troops"),
         rule="3.2.1"),
    Case("3_2_1_deploy_troops_from_their_destination", BR, "british",
         (*OPSA, "op deploy", "space samaria", "done", "to samaria"), "troop samaria", "illegal",
         ("Samaria is where the Troops go",), rule="3.2.1"),
    Case("3_1_fourth_space_for_a_british_operation", BR, "british",
         (*OPSA, "op patrol", "space galilee", "space lydda", "space gaza"), "space jerusalem-city",
         "illegal", ("already has its 3", "Galilee, Lydda and Gaza"), rule="3.1"),
    Case("2_3_4_second_space_in_a_limited_operation", BR, "british",
         ("box limited", "op patrol", "space galilee"), "space lydda", "illegal", ("already has its 1", "Galilee"),
         rule="2.3.4"),
    Case("P9_bevin_third_space_for_a_british_operation", british_under_bevin, "british",
         (*OPSA, "op patrol", "space galilee", "space lydda"), "space gaza", "illegal",
         ("already has its 2", "Ernest Bevin"), rule="P9"),
    Case("3_1_space_selected_twice", BR, "british", (*OPSA, "op patrol", "space galilee"), "space galilee",
         "illegal", ("Galilee is already selected",), rule="3.1"),
    Case("3_1_done_before_any_space", BR, "british", (*OPSA, "op patrol"), "done", "illegal",
         ("at least one space", "selected none"), rule="3.1"),
    Case("3_2_2_patrol_destination_without_cells", BR, "british", (*OPSA, "op patrol"),
         "space jerusalem-district", "illegal", ("need Cells", "Jerusalem District has none"), rule="3.2.2"),
    Case("3_2_2_patrol_police_move_only_into_a_destination", BR, "british",
         (*OPSA, "op patrol", "space galilee", "done"), "move samaria gaza", "illegal",
         ("Gaza is not a destination", "Galilee"), rule="3.2.2"),
    Case("3_2_2_patrol_police_cube_moves_once", BR, "british",
         (*OPSA, "op patrol", "space galilee", "space lydda", "done", "move samaria galilee"),
         "move galilee lydda", "illegal", ("Galilee has 1 Police cube", "moves once"), rule="3.2.2"),
    Case("3_2_2_patrol_must_remove_cells_in_a_destination", BR, "british",
         (*OPSA, "op patrol", "space galilee", "done", "move samaria galilee", "done"), "done", "illegal",
         ("one destination with Police", "Galilee"), rule="3.2.2"),
    Case("3_2_4_assault_without_troops", BR, "british", ASSAULT, "space lydda", "illegal",
         ("Lydda has no Troop", "Troops and Irgun pieces"), rule="3.2.4"),
    Case("3_2_4_assault_without_irgun_pieces", BR, "british", ASSAULT, "space samaria",
         "illegal", ("Samaria has 2 Troops and no Irgun piece",), rule="3.2.4"),
    Case("3_2_4_assault_on_a_cache_under_a_cell", british_assault_chits, "british", (*ASSAULT, "space gaza"),
         "remove cache", "illegal", ("once no Cells remain", "Gaza has no Active Cell and 1 Underground Cell"),
         rule="3.2.4"),
    Case("3_2_4_assault_underground_cell_without_a_chit_spent", british_assault_chits, "british",
         (*ASSAULT, "space galilee"), "remove underground", "illegal", ("none spent in Galilee", "1, 2"),
         rule="3.2.4"),
    Case("1_6_1_a_chit_is_not_split_across_spaces", british_assault_chits, "british",
         (*ASSAULT, "space galilee", "chit 2", "space lydda"), "remove underground", "illegal",
         ("1 in Galilee", "single space"), rule="1.6.1"),
    Case("3_2_3_search_city_chit_without_a_chit_held", BR, "british",
         (*OPSA, "op search", "space jerusalem-city", "done", "done"), "chit 1", "illegal",
         ("no Intel Chit to discard in Jerusalem City",), rule="3.2.3"),
    Case("3_2_3_search_moves_adjacent_troops_only", BR, "british",
         (*OPSA, "op search", "space jerusalem-city", "done"), "move galilee jerusalem-city", "illegal",
         ("Galilee is not adjacent to Jerusalem City",), rule="3.2.3"),
    # British Special Activities (4.1, 4.2)
    Case("4_2_1_restore_where_irgun_pieces_are", BR, "british", (*OPSA, "op deploy", "sa restore"),
         "space tel-aviv-jaffa", "illegal", ("1 Irgun piece", "no Irgun pieces"), rule="4.2.1"),
    Case("4_2_3_mass_detention_with_fewer_than_3_troops", BR, "british",
         (*OPSA, "op search", "sa mass-detention"), "space haifa-city", "illegal",
         ("Haifa City has a Curfew and 2 Troops",), rule="4.2.3"),
    Case("4_2_3_mass_detention_with_no_qualifying_city", british_first_no_mass_detention, "british",
         ASSAULT, "sa mass-detention", "illegal", ("no valid space", "Haifa City has a Curfew and 1 Troop"),
         rule="4.2.3"),
    Case("2_3_4_special_activity_in_a_limited_operation", BR, "british", ("box limited", "op deploy"),
         "sa restore", "illegal", ("Limited Operation has no Special Activity",), rule="2.3.4"),
    Case("2_3_4_special_activity_in_the_limited_operation_box", BR, "british", ("box limited",), "sa restore",
         "illegal", ("Limited Operation has no Special Activity",), rule="2.3.4"),
    Case("4_1_special_activity_before_an_operation", BR, "british", OPSA, "sa negotiate", "illegal",
         ("choose the Operation first",), rule="4.1"),
    Case("4_2_1_restore_does_not_accompany_patrol", BR, "british", (*OPSA, "op patrol"), "sa restore",
         "illegal", ("only accompany Deploy", "Patrol"), rule="4.2.1"),
    Case("4_2_3_mass_detention_does_not_accompany_deploy", BR, "british", (*OPSA, "op deploy"),
         "sa mass-detention", "illegal", ("only accompany Search or Assault", "Deploy"), rule="4.2.3"),
    Case("4_2_an_irgun_special_activity_for_the_british", BR, "british", (*OPSA, "op patrol"), "sa silence",
         "illegal", ("Silence is an Irgun Special Activity",), rule="4.2"),
    # Intelligence Lead (2.3.7)
    Case("2_3_7_intelligence_lead_without_a_chit", BR, "british", (*OPSA, "op patrol"), "lead 1", "illegal",
         ("no Intel Chit", "Intelligence Lead"), rule="2.3.7"),
    Case("2_3_7_intelligence_lead_of_a_value_not_held", british_with_chits, "british", (*OPSA, "op patrol"),
         "lead 0", "illegal", ("no Intel Chit of value 0", "held: 1, 2"), rule="2.3.7"),
    Case("2_3_7_intelligence_lead_on_deploy", british_with_chits, "british", (*OPSA, "op deploy"), "lead 1",
         "illegal", ("Patrol, Search or Assault",), rule="2.3.7"),
    Case("2_3_7_second_intelligence_lead", british_with_chits, "british", (*OPSA, "op patrol", "lead 1"),
         "lead 2", "illegal", ("once",), rule="2.3.7"),
    Case("P6_no_intelligence_lead_in_montgomerys_search", at_event("P6", "british", british_with_chits),
         "british", ("box event", "unshaded"), "lead 1", "illegal", ("Montgomery", "no Intelligence Lead"),
         rule="P6"),
    # Irgun Operations (3.3)
    Case("3_3_4_rob_on_a_railway", IR, "irgun", (*OPSA, "op rob"), "space rail-haifa", "illegal",
         ("is a Railway", "Districts or Cities"), rule="3.3.4"),
    Case("3_3_4_rob_needs_more_cells_than_police", IR, "irgun", (*OPSA, "op rob"), "space lydda", "illegal",
         ("Lydda has 1 Cell and 1 Police cube", "more Cells than Police"), rule="3.3.4"),
    Case("3_3_1_curfew_blocks_recruit", IR, "irgun", (*OPSA, "op recruit"), "space haifa-city", "illegal",
         ("Curfew", "Haifa City has one"), rule="3.3.1"),
    Case("3_3_1_recruit_needs_a_city_or_a_cache_near", IR, "irgun", (*OPSA, "op recruit"), "space galilee",
         "illegal", ("Galilee is a District", "Arms Cache"), rule="3.3.1"),
    Case("3_3_1_recruit_one_cell_in_a_city_without_a_cache", IR, "irgun",
         (*OPSA, "op recruit", "space tel-aviv-jaffa"), "place 2", "illegal",
         ("Tel Aviv-Jaffa is a City with no Arms Cache",), rule="3.3.1"),
    Case("1_4_1_recruit_two_cells_with_one_available", irgun_one_cell_available, "irgun",
         (*OPSA, "op recruit", "space jerusalem-city"), "place 2", "illegal", ("1 Cell Available",),
         rule="1.4.1"),
    Case("1_4_1_recruit_with_no_cells_available", irgun_one_cell_available, "irgun",
         (*OPSA, "op recruit", "space tel-aviv-jaffa", "place 1"), "space jerusalem-city", "illegal",
         ("no Cell Available",), rule="1.4.1"),
    Case("3_3_3_sabotage_without_an_underground_cell", IR, "irgun", (*OPSA, "op sabotage"), "space samaria",
         "illegal", ("Underground", "Samaria has none"), rule="3.3.3"),
    Case("3_3_3_sabotage_cache_not_in_or_adjacent", IR, "irgun", (*OPSA, "op sabotage", "space galilee"),
         "cache gaza", "illegal", ("Gaza is not in or adjacent to Galilee",), rule="3.3.3"),
    Case("3_3_3_sabotage_second_cache_in_one_space", IR, "irgun",
         (*OPSA, "op sabotage", "space jerusalem-city", "cache jerusalem-district"), "cache jerusalem-district",
         "illegal", ("one Arms Cache at most", "Jerusalem City"), rule="3.3.3"),
    Case("3_3_3_sabotage_done_before_the_roll", IR, "irgun", (*OPSA, "op sabotage", "space galilee"), "done",
         "illegal", ("first roll", "Galilee"), rule="3.3.3"),
    Case("3_3_2_travel_origin_without_cells", IR, "irgun", (*OPSA, "op travel"), "space rail-egypt",
         "illegal", ("need Cells", "Tel Aviv-Egypt Railway has none"), rule="3.3.2"),
    Case("3_3_2_travel_an_active_cell_the_origin_lacks", IR, "irgun", (*OPSA, "op travel", "space galilee"),
         "move gaza active", "illegal", ("Galilee has no Active Cell left",), rule="3.3.2"),
    Case("3_3_2_special_activity_while_an_origins_cells_move", IR, "irgun", (*OPSA, "op travel", "space galilee"),
         "sa silence", "illegal", ("R-OP-9", "finish this origin"), rule="3.3.2"),
    # Irgun Special Activities (4.1, 4.3)
    Case("4_3_3_terror_in_a_non_city", IR, "irgun", (*OPSA, "op sabotage", "space galilee"), "terror",
         "illegal", ("City", "Galilee is a District"), rule="4.3.3"),
    Case("2_3_4_terror_in_a_limited_sabotage", IR, "irgun", ("box limited", "op sabotage",
                                                             "space jerusalem-city"), "terror", "illegal",
         ("Limited Operation has no Special Activity", "4.1"), rule="2.3.4"),
    Case("4_1_terror_in_an_events_sabotage", at_event("P15"), "irgun",
         ("box event", "shaded", "space jerusalem-city"), "terror", "illegal",
         ("comes with no Special Activity",), rule="4.1"),
    Case("4_3_3_terror_with_rob", IR, "irgun", (*OPSA, "op rob"), "terror", "illegal",
         ("only accompany Sabotage",), rule="4.3.3"),
    Case("4_1_second_special_activity", IR, "irgun",
         (*OPSA, "op sabotage", "sa silence", "space tel-aviv-jaffa"), "sa propagandize", "illegal",
         ("already used", "Silence"), rule="4.1"),
    Case("4_1_terror_after_silence", IR, "irgun",
         (*OPSA, "op sabotage", "sa silence", "space tel-aviv-jaffa", "space jerusalem-city"), "terror",
         "illegal", ("already used", "Silence"), rule="4.1"),
    Case("4_3_1_silence_with_more_police_than_underground_cells", IR, "irgun",
         (*OPSA, "op sabotage", "sa silence"), "space haifa-city", "illegal",
         ("Haifa City has 2 Police cubes and 1 Underground Cell",), rule="4.3.1"),
    Case("4_3_2_propagandize_without_a_curfew", IR, "irgun", (*OPSA, "op sabotage", "sa propagandize"),
         "space tel-aviv-jaffa", "illegal", ("Tel Aviv-Jaffa has 1 Cell and no Curfew",), rule="4.3.2"),
    # Offensive (2.3.7)
    Case("2_3_7_offensive_from_a_space_with_british", IR, "irgun", (*OPSA, "op sabotage"), "offensive gaza",
         "illegal", ("Gaza has 1 Troop", "no British"), rule="2.3.7"),
    Case("2_3_7_offensive_on_travel", IR, "irgun", (*OPSA, "op travel"), "offensive jerusalem-district",
         "illegal", ("Recruit, Sabotage or Rob",), rule="2.3.7"),
    Case("2_3_7_second_offensive", irgun_two_offensive_caches, "irgun",
         (*OPSA, "op sabotage", "offensive jerusalem-district"), "offensive samaria", "illegal",
         ("once",), rule="2.3.7"),
    # The card's turn (2.3.2, 5.0, 5.1.3, P27)
    Case("2_3_2_box_held_by_the_other_faction", irgun_took_opsa, "british", (), "box opsa", "illegal",
         ("already holds", "Irgun"), rule="2.3.2"),
    Case("2_3_2_event_from_the_op_box", IR, "irgun", OPSA, "unshaded", "illegal", ("Event box",), rule="2.3.2"),
    Case("2_3_2_operation_from_the_event_box", IR, "irgun", ("box event",), "op sabotage", "illegal",
         ("Event box",), rule="2.3.2"),
    Case("3_1_an_operation_of_the_other_faction", IR, "irgun", OPSA, "op patrol", "illegal",
         ("Patrol is a British Operation",), rule="3.1"),
    Case("2_3_2_pass_before_choosing_a_box", IR, "irgun", (), "pass", "illegal", ("first choose a box",),
         rule="2.3.2"),
    Case("2_3_2_box_without_naming_one", IR, "irgun", (), "box", "illegal", ("name the box",), rule="2.3.2"),
    Case("5_1_3_p3_unshaded_with_no_terror_on_the_map", p3_without_terror, "irgun", ("box event",),
         "unshaded", "illegal", ("King David Hotel", "no Terror marker is on the map"), rule="5.1.3"),
    Case("5_2_a_single_text_event_has_no_shaded_text", at_event("P4"), "irgun", ("box event",), "shaded",
         "illegal", ("Illegal Immigration (P4) has a single text",), rule="5.2"),
    Case("P27_the_british_must_pass_after_american_loans", loans_due, "british", OPSA, "op deploy", "illegal",
         ("American Loans", "must Pass"), rule="P27"),
    # Event texts (5.1, 5.1.3)
    Case("P3_terror_markers_only_in_a_city_with_an_underground_cell", at_event("P3"), "irgun",
         ("box event", "shaded"), "space galilee", "illegal", ("King David Hotel", "Galilee is a District"),
         rule="P3"),
    Case("P10_poorly_funded_police_must_all_go", at_event("P10", "british", BR), "british",
         ("box event", "shaded"), "done", "illegal", ("2 more piece(s) must be removed",), rule="P10"),
    # The Propaganda Round (6.2, 6.3, 6.5)
    Case("6_2_2_discard_a_chit_not_held", intel_discard, "british", (), "discard 2", "illegal",
         ("no Intel Chit of value 2", "held: 0, 1, 1"), rule="6.2.2"),
    Case("6_2_2_done_before_discarding_half", intel_discard, "british", (), "done", "illegal",
         ("half their Intel Chits", "1 more"), rule="6.2.2"),
    Case("1_4_2_haganah_cache_beyond_two_in_a_space", haganah_cooperation, "irgun", (), "place lydda", "illegal",
         ("Lydda already holds 2 Arms Caches",), rule="1.4.2"),
    Case("1_4_2_haganah_cache_on_a_railway", haganah_cooperation, "irgun", (), "place rail-haifa", "illegal",
         ("is a Railway", "never occupy Railways"), rule="1.4.2"),
    Case("6_3_1_police_redeploy_to_a_space_without_british", redeploy, "british", (), "police samaria lydda",
         "illegal", ("Lydda is a District with no British piece",), rule="6.3.1"),
    Case("6_3_1_troops_redeploy_to_a_district", redeploy, "british", ("done",), "troop galilee samaria",
         "illegal", ("Samaria is a District", "Cities or Railways"), rule="6.3.1"),
    Case("6_3_2_cell_redeploy_to_a_city_with_a_curfew", irgun_redeploy, "irgun", (), "cell lydda jerusalem-city",
         "illegal", ("Jerusalem City has a Curfew",), rule="6.3.2"),
    Case("1_4_2_cache_redeploy_to_a_railway", irgun_redeploy, "irgun", ("done",), "cache lydda rail-haifa",
         "illegal", ("Tel Aviv-Haifa Railway is a Railway",), rule="1.4.2"),
    Case("6_5_2_haganah_box_filled_before_done", haganah_refill, "irgun", ("box event", "unshaded"), "done",
         "illegal", ("Haganah box 4", "still needed"), rule="6.5.2"),
    Case("6_5_2_haganah_box_takes_a_cache_from_a_space_without_one", haganah_refill, "irgun",
         ("box event", "unshaded"), "take galilee cache", "illegal", ("Galilee has no Arms Cache",), rule="6.5.2"),
    # Whose turn, and the game's end
    Case("british_acting_when_the_irgun_must", IR, "british", (), "box opsa", "not-your-turn", ("irgun",)),
    Case("british_acting_in_the_middle_of_an_irgun_operation", irgun_mid_sabotage, "british", (), "done",
         "not-your-turn", ("irgun",)),
    Case("a_role_that_does_not_exist", IR, "romans", (), "box opsa", "invalid", ("romans", "irgun, british")),
    Case("acting_after_the_game_is_over", game_over, "irgun", (), "box opsa", "illegal", ("game is over",)),
    # Orders not understood, or matching nothing or several things
    Case("unknown_verb", IR, "irgun", OPSA, "fly galilee", "invalid", ("fly",)),
    Case("1_3_1_unknown_space", IR, "irgun", (*OPSA, "op sabotage"), "space atlantis", "illegal",
         ("'atlantis' is not a space of the map",), rule="1.3.1"),
    Case("empty_order", IR, "irgun", OPSA, "   # only a comment", "invalid", ("empty",), text=True),
    Case("ambiguous_space_prefix", IR, "irgun", (*OPSA, "op sabotage"), "space jer", "ambiguous",
         ("jerusalem-city", "jerusalem-district"), text=True),
    Case("ambiguous_operation_prefix", IR, "irgun", OPSA, "op r", "ambiguous", ("recruit", "rob"), text=True),
]
IDS = [c.id for c in CASES]


def test_the_table_holds_at_least_45_distinct_refusals():
    keys = {(c.board.__name__, c.role, c.prefix, c.order) for c in CASES}
    assert len(IDS) == len(set(IDS)) and len(keys) == len(CASES) >= 45


def test_at_least_40_refusals_name_their_forbidding_rule():
    """Issue 24, item 1: each refusal gives the rule of the condition that failed (``Case.rule``), at least
    40 of them, each named by its rule."""
    ruled = [c for c in CASES if c.rule is not None]
    assert len(ruled) >= 40
    for c in ruled:
        assert c.id.startswith(c.rule.replace(".", "_")), f"{c.id} should be named by its rule {c.rule}"


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
