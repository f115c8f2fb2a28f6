"""Illegal orders in Arab Revolt: each is refused with the right code and reason, and nothing changes.

The table ``CASES`` holds one refused order per row, named by the rule that refuses it; each row is run
three ways (tests/engine/refusals.py): ``engine.apply``/``engine.parse``, a move file rejected whole, and
the reason its reply gives.
"""

from __future__ import annotations

import pytest

from ..refusals import (
    Case,
    check_engine_refuses,
    check_move_file_refusal_names_the_rule,
    check_move_file_rejected_whole,
)
from .helpers import board, run

SETUP = {"samaria": {"troops": 2, "police": 1, "guerrillas_u": 1, "guerrillas_a": 1, "bases": 1},
         "galilee": {"guerrillas_u": 2, "bases": 1, "curfew": 0},
         "lydda": {"troops": 1, "guerrillas_u": 2, "curfew": 1},
         "haifa-city": {"police": 1, "guerrillas_u": 1},
         "rail-haifa": {"guerrillas_a": 1, "troops": 1},
         "gaza": {"police": 1},
         "syria": {"guerrillas_u": 1, "bases": 1}}


def british() -> dict:
    """British to choose first on A13 (see SETUP)."""
    return board("A13", first="british", **{k.replace("-", "_"): v for k, v in SETUP.items()})


def rebels(chit: int = 2) -> dict:
    """The Rebels, 1st Eligible on A13, have played a *chit* chit."""
    s = board("A13", first="rebels", draws=[chit, 1 if chit != 1 else 2],
              **{k.replace("-", "_"): v for k, v in SETUP.items()})
    return run(s, f"chit {chit}")[0]


def rebels_choosing_a_chit() -> dict:
    return board("A13", first="rebels", draws=[3, 1], **{k.replace("-", "_"): v for k, v in SETUP.items()})


def mandatory() -> dict:
    """A24 Tensions in Europe (a Mandatory Event) is current, the British 1st Eligible."""
    return board("A24", first="british", **{k.replace("-", "_"): v for k, v in SETUP.items()})


def game_over() -> dict:
    s = british()
    s["outcome"] = {"winner": "british", "reason": "test: the game has ended"}
    return s


BR, RB = british, rebels
OPSA = ("box opsa",)

CASES = [
    # British Operations (3.1, 3.2, 2.3.5, 1.3.7)
    Case("3_2_1_deploy_on_a_railway", BR, "british", (*OPSA, "op deploy"), "space rail-haifa", "illegal",
         ("3.2.1", "Districts and Cities")),
    Case("3_2_1_deploy_needs_more_british_pieces", BR, "british", (*OPSA, "op deploy"), "space lydda", "illegal",
         ("3.2.1", "more British pieces")),
    Case("1_3_7_british_never_select_a_foreign_country", BR, "british", (*OPSA, "op sweep"), "space syria",
         "illegal", ("1.3.7", "Foreign Countries")),
    Case("3_2_2_patrol_in_a_district", BR, "british", (*OPSA, "op patrol"), "space samaria", "illegal",
         ("3.2.2", "Cities and Railways")),
    Case("3_2_3_sweep_on_a_railway", BR, "british", (*OPSA, "op sweep"), "space rail-haifa", "illegal",
         ("3.2.3", "Cities and Districts")),
    Case("3_2_3_sweep_troops_from_a_non_adjacent_space", BR, "british",
         (*OPSA, "op sweep", "space galilee", "done"), "move lydda galilee", "illegal", ("3.2.3",)),
    Case("3_2_4_assault_without_cubes", BR, "british", (*OPSA, "op assault"), "space galilee", "illegal",
         ("3.2.4", "cubes")),
    Case("3_1_space_selected_twice", BR, "british", (*OPSA, "op assault", "space samaria"), "space samaria",
         "illegal", ("3.1", "already selected")),
    Case("3_1_done_before_any_space", BR, "british", (*OPSA, "op assault"), "done", "illegal",
         ("3.1", "at least one space")),
    Case("2_3_5_second_space_in_a_british_limited_operation", BR, "british",
         ("box limited", "op assault", "space samaria"), "space rail-haifa", "illegal", ("already has its 1",)),
    # British Special Activities (4.1, 4.2)
    Case("2_3_5_special_activity_in_a_limited_operation", BR, "british", ("box limited", "op assault"),
         "sa punish", "illegal", ("no Special Activity",)),
    Case("4_1_1_divide_does_not_accompany_sweep", BR, "british", (*OPSA, "op sweep"), "sa divide", "illegal",
         ("4.1.1", "Sweep")),
    Case("4_1_1_divide_does_not_accompany_assault", BR, "british", (*OPSA, "op assault"), "sa divide", "illegal",
         ("4.1.1",)),
    Case("4_1_second_special_activity", BR, "british", (*OPSA, "op assault", "sa air-recon", "space samaria",
                                                        "space galilee"), "sa punish", "illegal",
         ("4.1", "already used")),
    Case("4_2_3_air_recon_in_a_city", BR, "british", (*OPSA, "op assault", "sa air-recon"), "space haifa-city",
         "illegal", ("4.2.3",)),
    # Rebel Operations (3.3)
    Case("3_3_1_rally_on_a_railway", RB, "rebels", (*OPSA, "op rally"), "space rail-haifa", "illegal",
         ("3.3.1", "Railways")),
    Case("3_3_1_rally_in_a_curfew_space", RB, "rebels", (*OPSA, "op rally"), "space lydda", "illegal",
         ("3.3.1", "Curfew")),
    Case("3_3_1_rally_without_rebel_pieces_or_opposition", RB, "rebels", (*OPSA, "op rally"), "space gaza",
         "illegal", ("3.3.1", "Rebel pieces or Opposition")),
    Case("3_3_3_sabotage_in_a_foreign_country", RB, "rebels", (*OPSA, "op sabotage"), "space syria", "illegal",
         ("1.3.7",)),
    Case("3_3_3_sabotage_without_an_underground_guerrilla", RB, "rebels", (*OPSA, "op sabotage"),
         "space rail-haifa", "illegal", ("3.3.3", "Underground")),
    Case("3_3_4_ambush_without_police_or_irregulars", RB, "rebels", (*OPSA, "op ambush"), "space galilee",
         "illegal", ("3.3.4", "Police or Irregulars")),
    Case("3_1_rebel_space_beyond_the_chit_value", RB, "rebels",
         (*OPSA, "op sabotage", "space samaria", "space galilee"), "space lydda", "illegal",
         ("Operations chit",)),
    Case("3_3_2_march_to_a_non_adjacent_space", RB, "rebels", (*OPSA, "op march", "space galilee"),
         "move gaza guerrilla-u", "illegal", ("3.3.2",)),
    Case("1_3_7_march_into_an_out_of_play_country", lambda: rebels(), "rebels",
         (*OPSA, "op march", "space samaria"), "move transjordan guerrilla-u", "illegal", ("3.3.2",)),
    # Rebel Special Activities (4.1, 4.3)
    Case("4_1_1_raid_does_not_accompany_march", RB, "rebels", (*OPSA, "op march"), "sa raid", "illegal",
         ("4.1.1",)),
    Case("4_1_1_mobilize_does_not_accompany_sabotage", RB, "rebels", (*OPSA, "op sabotage"), "sa mobilize",
         "illegal", ("4.1.1",)),
    Case("4_3_3_raid_into_a_foreign_country", RB, "rebels", (*OPSA, "op rally", "sa raid"), "space lebanon",
         "illegal", ("4.3.3",)),
    Case("4_3_1_mobilize_in_a_city", RB, "rebels", (*OPSA, "op rally", "sa mobilize"), "space haifa-city",
         "illegal", ("4.3.1",)),
    # The Operations chit (2.3.4, 1.8.1)
    Case("2_3_4_box_before_the_chit", rebels_choosing_a_chit, "rebels", (), "box opsa", "illegal", ("2.3.4",)),
    Case("1_8_1_chit_not_drawn", rebels_choosing_a_chit, "rebels", (), "chit 2", "illegal", ("2.3.4",)),
    Case("1_8_1_held_chit_not_held", rebels_choosing_a_chit, "rebels", (), "chit held-3", "illegal", ("2.3.4",)),
    # The card's turn (2.3.2, 5.4)
    Case("5_4_event_box_closed_after_a_mandatory_event", mandatory, "british",
         ("done", "remove samaria troop", "remove samaria troop", "remove lydda troop"), "box event", "illegal",
         ("5.4", "closed")),
    Case("a24_fewer_troops_than_the_card_demands", mandatory, "british", ("done", "remove samaria troop"), "done",
         "illegal", ("A24",)),
    Case("2_3_2_event_from_the_op_box", BR, "british", OPSA, "unshaded", "illegal", ("Event box",)),
    Case("2_3_2_operation_from_the_event_box", BR, "british", ("box event",), "op assault", "illegal",
         ("Event or a Pass",)),
    Case("2_3_2_pass_before_choosing_a_box", BR, "british", (), "pass", "illegal", ("2.3.2",)),
    # Whose turn, and the game's end
    Case("rebels_acting_when_the_british_must", BR, "rebels", (), "box opsa", "not-your-turn", ("british",)),
    Case("a_role_that_does_not_exist", BR, "irgun", (), "box opsa", "invalid", ("irgun", "rebels, british")),
    Case("acting_after_the_game_is_over", game_over, "british", (), "box opsa", "illegal", ("game is over",)),
    # Orders not understood, or matching nothing or several things
    Case("unknown_verb", BR, "british", OPSA, "fly galilee", "invalid", ("fly",)),
    Case("unknown_space", BR, "british", (*OPSA, "op assault"), "space atlantis", "illegal", ("atlantis",)),
    Case("ambiguous_space_prefix", BR, "british", (*OPSA, "op sweep"), "space jer", "ambiguous",
         ("jerusalem-city", "jerusalem-district"), text=True),
]
IDS = [c.id for c in CASES]


def test_the_table_holds_at_least_30_distinct_refusals():
    assert len(IDS) == len(set(IDS)) and len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_engine_api_refuses(case: Case):
    check_engine_refuses(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_with_the_order_is_rejected_whole(case: Case):
    check_move_file_rejected_whole(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_refusal_names_the_rule_or_reason(case: Case):
    check_move_file_refusal_names_the_rule(case)
