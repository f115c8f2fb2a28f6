"""Illegal orders in Arab Revolt: each is refused with the right code and reason, and nothing changes.

The table ``CASES`` holds one refused order per row, named by the rule that refuses it; each row is run
three ways (tests/engine/refusals.py): ``engine.apply``/``engine.parse``, a move file rejected whole, and
the reason its reply gives. A row's ``rule`` is the rule the refusal must name exactly: the rule of the
condition that failed (issue 24, item 1), or the card's id for a card's restriction; its ``why`` holds the
facts of the position the reason must state.
"""

from __future__ import annotations

import pytest

from engine.testing import Position

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

#: A second position: Irregulars on the map, two Bases in Galilee, Opposition in Haifa District.
SETUP2 = {**SETUP,
          "galilee": {"guerrillas_u": 2, "bases": 2, "irregulars_u": 1},
          "haifa-district": {"irregulars_u": 1, "guerrillas_u": 1, "police": 1, "opposition": 1}}


def _spaces(setup: dict) -> dict:
    return {k.replace("-", "_"): v for k, v in setup.items()}


def british(setup: dict = SETUP, unity: int = 2) -> dict:
    """British to choose first on A13 (see SETUP)."""
    return board("A13", first="british", unity=unity, **_spaces(setup))


def rebels(chit: int = 2, setup: dict = SETUP) -> dict:
    """The Rebels, 1st Eligible on A13, have played a *chit* chit."""
    s = board("A13", first="rebels", draws=[chit, 1 if chit != 1 else 2], **_spaces(setup))
    return run(s, f"chit {chit}")[0]


def rebels_choosing_a_chit() -> dict:
    return board("A13", first="rebels", draws=[3, 1], **_spaces(SETUP))


def mandatory() -> dict:
    """A24 Tensions in Europe (a Mandatory Event) is current, the British 1st Eligible."""
    return board("A24", first="british", **_spaces(SETUP))


def game_over() -> dict:
    s = british()
    s["outcome"] = {"winner": "british", "reason": "test: the game has ended"}
    return s


def british2() -> dict:
    return british(SETUP2)


def british_centralized() -> dict:
    """SETUP2 with the Unity Track at Centralized (value 0: no Divide replacement, 6.6.2)."""
    return british(SETUP2, unity=4)


def rebels2() -> dict:
    return rebels(2, SETUP2)


def british_a18() -> dict:
    """A18 Punitive Searches unshaded in play: Punish selects any chit in the cup, no draw."""
    s = british()
    s["capabilities"]["A18"] = "unshaded"
    return s


def british_with_prisoners() -> dict:
    """A13 Arab Investigation Centres current with 2 Guerrillas in Prison: its unshaded text grants the British
    2 Limited Operations."""
    b = Position("arab-revolt").clear().track(political_will=10, unity=2)
    for sid, counts in SETUP.items():
        b.put(sid, **counts)
    return b.box("prison", "guerrillas", 2).card("A13", first="british").state()


def british_chit_effect() -> dict:
    """The Rebels played their 2 chit and Passed (no Base): the British may remove an Active Guerrilla (1.8.2)."""
    return run(rebels(2), "box limited", "pass", "done")[0]


def propaganda(phase: str, cid: str = "A33") -> dict:
    """The start of *phase* of a Propaganda Round (the second), a Troop and a Guerrilla on a Railway, a Rebel
    Base in Galilee."""
    return (Position("arab-revolt").clear().put("rail-haifa", troops=1, guerrillas_u=1).put("galilee", bases=1)
            .rounds(1).propaganda(phase, cid=cid).state())


def rebels_redeploy() -> dict:
    """The British Redeploy is over: the Rebels must move the Guerrilla on the Tel Aviv-Haifa Railway (6.4.2)."""
    return run(propaganda("redeploy"), "troop rail-haifa haifa-city", "done")[0]


BR, RB = british, rebels
OPSA = ("box opsa",)

CASES = [
    # British Operations (3.1, 3.2, 2.3.5, 1.3.7)
    Case("3_2_1_deploy_on_a_railway", BR, "british", (*OPSA, "op deploy"), "space rail-haifa", "illegal",
         ("Tel Aviv-Haifa Railway is a Railway", "Districts and Cities"), rule="3.2.1"),
    Case("3_2_1_deploy_needs_more_british_pieces", BR, "british", (*OPSA, "op deploy"), "space lydda", "illegal",
         ("Lydda has 1 British piece and 2 Rebel pieces", "more British pieces"), rule="3.2.1"),
    Case("3_2_1_deploy_a_second_kind_of_piece", BR, "british", (*OPSA, "op deploy", "space gaza", "place police"),
         "place irregular", "illegal", ("placed 1 Police cube(s) in Gaza", "one more Police cube at most"),
         rule="3.2.1"),
    Case("3_2_1_deploy_curfew_outside_the_selected_spaces", BR, "british",
         (*OPSA, "op deploy", "space gaza", "done", "done"), "curfew lydda", "illegal",
         ("Lydda was not selected for this Deploy",), rule="3.2.1"),
    Case("1_3_7_british_never_select_a_foreign_country", BR, "british", (*OPSA, "op sweep"), "space syria",
         "illegal", ("Syria is a Foreign Country", "British Operations never"), rule="1.3.7"),
    Case("3_2_2_patrol_in_a_district", BR, "british", (*OPSA, "op patrol"), "space samaria", "illegal",
         ("Samaria is a District", "Cities and Railways"), rule="3.2.2"),
    Case("3_2_2_patrol_moves_a_cube_into_an_unselected_space", BR, "british",
         (*OPSA, "op patrol", "space haifa-city", "done"), "move samaria lydda troop", "illegal",
         ("Lydda was not selected for this Patrol", "Haifa City"), rule="3.2.2"),
    Case("3_2_2_patrol_moves_a_cube_twice", BR, "british",
         (*OPSA, "op patrol", "space haifa-city", "space tel-aviv-jaffa", "done", "move samaria haifa-city troop"),
         "move haifa-city tel-aviv-jaffa troop", "illegal", ("every Troop in Haifa City moved", "once"),
         rule="3.2.2"),
    Case("3_2_3_sweep_on_a_railway", BR, "british", (*OPSA, "op sweep"), "space rail-haifa", "illegal",
         ("Tel Aviv-Haifa Railway is a Railway", "Cities and Districts"), rule="3.2.3"),
    Case("3_2_3_sweep_troops_from_a_non_adjacent_space", BR, "british",
         (*OPSA, "op sweep", "space galilee", "done"), "move lydda galilee", "illegal",
         ("Lydda is not adjacent to Galilee",), rule="3.2.3"),
    Case("3_2_4_assault_without_cubes", BR, "british", (*OPSA, "op assault"), "space galilee", "illegal",
         ("Galilee has no British cube and 3 Rebel pieces", "cubes"), rule="3.2.4"),
    Case("3_1_space_selected_twice", BR, "british", (*OPSA, "op assault", "space samaria"), "space samaria",
         "illegal", ("Samaria is already selected",), rule="3.1"),
    Case("3_1_done_before_any_space", BR, "british", (*OPSA, "op assault"), "done", "illegal",
         ("Assault has selected no space yet",), rule="3.1"),
    Case("2_3_5_second_space_in_a_british_limited_operation", BR, "british",
         ("box limited", "op assault", "space samaria"), "space rail-haifa", "illegal",
         ("Limited Operation selects one space", "Samaria"), rule="2.3.5"),
    Case("3_1_rebel_operation_for_the_british", british_with_prisoners, "british", ("box event", "unshaded"),
         "op rally", "illegal", ("Rally is a Rebel Operation", "Deploy"), rule="3.1"),
    # British Special Activities (4.1, 4.2)
    Case("2_3_5_special_activity_in_a_limited_operation", BR, "british", ("box limited", "op assault"),
         "sa punish", "illegal", ("Limited Operation comes with no Special Activity",), rule="2.3.5"),
    Case("2_3_5_special_activity_in_the_limited_box", BR, "british", ("box limited",), "sa punish", "illegal",
         ("Limited Operation comes with no Special Activity",), rule="2.3.5"),
    Case("4_1_special_activity_before_its_operation", BR, "british", OPSA, "sa punish", "illegal",
         ("choose the Operation first",), rule="4.1"),
    Case("4_2_2_divide_does_not_accompany_sweep", BR, "british", (*OPSA, "op sweep"), "sa divide", "illegal",
         ("Divide may accompany only Deploy or Patrol", "Sweep", "4.1.1"), rule="4.2.2"),
    Case("4_2_2_divide_does_not_accompany_assault", BR, "british", (*OPSA, "op assault"), "sa divide", "illegal",
         ("Divide may accompany only Deploy or Patrol", "Assault"), rule="4.2.2"),
    Case("4_2_rebel_special_activity_for_the_british", BR, "british", (*OPSA, "op assault"), "sa raid", "illegal",
         ("Raid is a Rebel Special Activity", "Punish, Divide or Air Recon"), rule="4.2"),
    Case("4_1_second_special_activity", BR, "british", (*OPSA, "op assault", "sa air-recon", "space samaria",
                                                        "space galilee"), "sa punish", "illegal",
         ("already had its one Special Activity",), rule="4.1"),
    Case("4_2_3_air_recon_in_a_city", BR, "british", (*OPSA, "op assault", "sa air-recon"), "space haifa-city",
         "illegal", ("Haifa City is a City", "Districts and Railways"), rule="4.2.3"),
    Case("4_2_3_air_recon_without_an_underground_guerrilla", BR, "british", (*OPSA, "op assault", "sa air-recon"),
         "space gaza", "illegal", ("Gaza has no Underground Guerrilla",), rule="4.2.3"),
    Case("1_3_7_air_recon_in_a_foreign_country", BR, "british", (*OPSA, "op assault", "sa air-recon"),
         "space syria", "illegal", ("Syria is a Foreign Country",), rule="1.3.7"),
    Case("4_1_air_recon_in_one_space_twice", BR, "british", (*OPSA, "op assault", "sa air-recon", "space samaria"),
         "space samaria", "illegal", ("Samaria is already selected for this Air Recon",), rule="4.1"),
    Case("4_2_3_air_recon_done_before_any_space", BR, "british", (*OPSA, "op assault", "sa air-recon"), "done",
         "illegal", ("none is selected yet",), rule="4.2.3"),
    Case("1_7_1_punish_plays_a_held_chit_not_held", british_a18, "british", (*OPSA, "op assault", "sa punish"),
         "chit held-fine", "illegal", ("hold no Fine chit", "held: none"), rule="1.7.1"),
    Case("4_2_1_punish_in_a_space_without_troops", british_a18, "british",
         (*OPSA, "op assault", "sa punish", "chit detain"), "space gaza", "illegal", ("Gaza has no Troop",),
         rule="4.2.1"),
    Case("1_3_7_punish_in_a_foreign_country", british_a18, "british",
         (*OPSA, "op assault", "sa punish", "chit detain"), "space syria", "illegal",
         ("Syria is a Foreign Country", "British Special Activities never"), rule="1.3.7"),
    Case("4_2_1_punish_done_before_any_space", british_a18, "british",
         (*OPSA, "op assault", "sa punish", "chit detain"), "done", "illegal", ("none is selected yet",),
         rule="4.2.1"),
    Case("4_2_2_divide_from_a_space_without_an_underground_irregular", british2, "british",
         (*OPSA, "op deploy", "sa divide"), "replace gaza galilee guerrilla-u", "illegal",
         ("Gaza has no Underground Irregular",), rule="4.2.2"),
    Case("4_2_2_divide_a_guerrilla_not_adjacent", british2, "british", (*OPSA, "op deploy", "sa divide"),
         "replace galilee lydda guerrilla-u", "illegal", ("Lydda is neither Galilee nor adjacent to it",),
         rule="4.2.2"),
    Case("1_4_2_divide_into_a_foreign_country", british2, "british", (*OPSA, "op deploy", "sa divide"),
         "replace galilee syria guerrilla-u", "illegal", ("Syria is a Foreign Country", "no Irregular"),
         rule="1.4.2"),
    Case("6_6_2_divide_at_centralized", british_centralized, "british", (*OPSA, "op deploy", "sa divide"),
         "replace galilee galilee guerrilla-u", "illegal", ("Unity Track is at Centralized", "value 0"),
         rule="6.6.2"),
    Case("4_2_2_divide_ends_without_replacing_or_rolling", british2, "british", (*OPSA, "op deploy", "sa divide"),
         "done", "illegal", ("replaces a Guerrilla with an Irregular or rolls",), rule="4.2.2"),
    # Rebel Operations (3.3)
    Case("3_3_1_rally_on_a_railway", RB, "rebels", (*OPSA, "op rally"), "space rail-haifa", "illegal",
         ("Tel Aviv-Haifa Railway is a Railway",), rule="3.3.1"),
    Case("3_3_1_rally_in_a_curfew_space", RB, "rebels", (*OPSA, "op rally"), "space lydda", "illegal",
         ("Lydda has a Curfew",), rule="3.3.1"),
    Case("3_3_1_rally_without_rebel_pieces_or_opposition", RB, "rebels", (*OPSA, "op rally"), "space gaza",
         "illegal", ("Gaza has no Rebel piece and no Opposition marker", "Rebel pieces or Opposition"),
         rule="3.3.1"),
    Case("3_3_1_rally_ends_a_space_before_placing", RB, "rebels", (*OPSA, "op rally", "space galilee"), "done",
         "illegal", ("at least one Guerrilla", "none is placed in Galilee"), rule="3.3.1"),
    Case("1_3_7_sabotage_in_a_foreign_country", RB, "rebels", (*OPSA, "op sabotage"), "space syria", "illegal",
         ("Syria is a Foreign Country", "Rally, March and Mobilize"), rule="1.3.7"),
    Case("3_3_3_sabotage_without_an_underground_guerrilla", RB, "rebels", (*OPSA, "op sabotage"),
         "space rail-haifa", "illegal", ("Tel Aviv-Haifa Railway has no Underground Guerrilla",), rule="3.3.3"),
    Case("3_3_4_ambush_without_police_or_irregulars", RB, "rebels", (*OPSA, "op ambush"), "space galilee",
         "illegal", ("Galilee has no Police cube and no Irregular", "Police or Irregulars"), rule="3.3.4"),
    Case("3_3_4_ambush_removes_a_piece_not_there", rebels2, "rebels", (*OPSA, "op ambush", "space haifa-district"),
         "remove irregular-a", "illegal", ("Haifa District has no Active Irregular",), rule="3.3.4"),
    Case("3_1_rebel_space_beyond_the_chit_value", RB, "rebels",
         (*OPSA, "op sabotage", "space samaria", "space galilee"), "space lydda", "illegal",
         ("2 space(s), the Operations chit's value",), rule="3.1"),
    Case("3_3_2_march_to_a_non_adjacent_space", RB, "rebels", (*OPSA, "op march", "space galilee"),
         "move gaza guerrilla-u", "illegal", ("Gaza is not adjacent to Galilee",), rule="3.3.2"),
    Case("3_3_2_march_into_its_own_origin", RB, "rebels", (*OPSA, "op march", "space galilee"),
         "move galilee guerrilla-u", "illegal", ("in Galilee already",), rule="3.3.2"),
    Case("1_3_7_march_into_an_out_of_play_country", RB, "rebels", (*OPSA, "op march", "space samaria"),
         "move transjordan guerrilla-u", "illegal", ("Transjordan is Out of Play",), rule="1.3.7"),
    # Rebel Special Activities (4.1, 4.3)
    Case("4_3_3_raid_does_not_accompany_march", RB, "rebels", (*OPSA, "op march"), "sa raid", "illegal",
         ("Raid may accompany only Rally, Sabotage or Ambush", "March"), rule="4.3.3"),
    Case("4_3_1_mobilize_does_not_accompany_sabotage", RB, "rebels", (*OPSA, "op sabotage"), "sa mobilize",
         "illegal", ("Mobilize may accompany only Rally or March",), rule="4.3.1"),
    Case("1_3_7_raid_into_a_foreign_country", RB, "rebels", (*OPSA, "op rally", "sa raid"), "space lebanon",
         "illegal", ("Lebanon is a Foreign Country", "R-RAID-FC"), rule="1.3.7"),
    Case("4_3_3_raid_into_a_space_next_to_no_base", RB, "rebels", (*OPSA, "op rally", "sa raid"), "space gaza",
         "illegal", ("Gaza is not adjacent to a Rebel Base with Guerrillas",), rule="4.3.3"),
    Case("4_3_3_raid_from_a_space_without_a_base", RB, "rebels", (*OPSA, "op rally", "sa raid", "space haifa-district"),
         "move haifa-city guerrilla-u", "illegal", ("Haifa City has no Rebel Base",), rule="4.3.3"),
    Case("4_3_3_raid_from_a_second_space", RB, "rebels",
         (*OPSA, "op rally", "sa raid", "space haifa-district", "move samaria guerrilla-u"),
         "move galilee guerrilla-u", "illegal", ("come from one space, Samaria",), rule="4.3.3"),
    Case("4_3_3_raid_done_before_moving_in", RB, "rebels", (*OPSA, "op rally", "sa raid", "space haifa-district"),
         "done", "illegal", ("none moved yet",), rule="4.3.3"),
    Case("4_3_1_mobilize_in_a_city", RB, "rebels", (*OPSA, "op rally", "sa mobilize"), "space haifa-city",
         "illegal", ("Haifa City is a City", "Districts and Foreign Countries"), rule="4.3.1"),
    Case("4_3_1_mobilize_where_guerrillas_do_not_outnumber_irregulars", RB, "rebels",
         (*OPSA, "op rally", "sa mobilize"), "space gaza", "illegal", ("Gaza has no Guerrilla and no Irregular",),
         rule="4.3.1"),
    Case("1_4_2_mobilize_where_two_bases_stand", rebels2, "rebels", (*OPSA, "op rally", "sa mobilize"),
         "space galilee", "illegal", ("Galilee has 2 Bases", "two Bases at most"), rule="1.4.2"),
    Case("4_1_mobilize_in_one_space_twice", RB, "rebels", (*OPSA, "op rally", "sa mobilize", "space lydda"),
         "space lydda", "illegal", ("Lydda is already selected for this Mobilize",), rule="4.1"),
    Case("4_3_1_mobilize_a_guerrilla_where_no_opposition", rebels2, "rebels",
         (*OPSA, "op rally", "sa mobilize", "done"), "place samaria", "illegal", ("Samaria has no Opposition",),
         rule="4.3.1"),
    # The Operations chit (2.3.4, 1.8)
    Case("2_3_4_box_before_the_chit", rebels_choosing_a_chit, "rebels", (), "box opsa", "illegal",
         ("play an Operations chit before they choose a box",), rule="2.3.4"),
    Case("2_3_4_pass_before_the_chit", rebels_choosing_a_chit, "rebels", (), "pass", "illegal",
         ("must play an Operations chit",), rule="2.3.4"),
    Case("1_8_1_chit_not_drawn", rebels_choosing_a_chit, "rebels", (), "chit 2", "illegal",
         ("the Rebels drew 3, 1", "no 2 chit"), rule="1.8.1"),
    Case("1_8_1_held_chit_not_held", rebels_choosing_a_chit, "rebels", (), "chit held-3", "illegal",
         ("hold no 3 chit", "held: none"), rule="1.8.1"),
    Case("1_8_2_chit_effect_without_an_active_guerrilla", british_chit_effect, "british", (), "remove galilee",
         "illegal", ("Galilee has no Active Guerrilla",), rule="1.8.2"),
    Case("1_8_2_the_2_chit_removes_not_replaces", british_chit_effect, "british", (), "replace samaria",
         "illegal", ("2 Ops chit's effect is to remove",), rule="1.8.2"),
    # Passing (2.3.3)
    Case("2_3_3_rebel_pass_base_in_a_city", RB, "rebels", ("box limited", "pass"), "place haifa-city", "illegal",
         ("Haifa City is a City", "District or Foreign Country"), rule="2.3.3"),
    Case("2_3_3_rebel_pass_base_without_a_guerrilla", RB, "rebels", ("box limited", "pass"), "place gaza",
         "illegal", ("Gaza has no Guerrilla",), rule="2.3.3"),
    Case("1_4_2_rebel_pass_base_where_two_bases_stand", rebels2, "rebels", ("box limited", "pass"),
         "place galilee", "illegal", ("Galilee has 2 Bases",), rule="1.4.2"),
    Case("2_3_3_british_pass_holds_a_chit", BR, "british", ("box limited", "pass"), "done", "illegal",
         ("British Pass selects a Punishment chit to hold",), rule="2.3.3"),
    # The card's turn (2.3.2, 5.4) and Events
    Case("5_4_event_box_closed_after_a_mandatory_event", mandatory, "british",
         ("done", "remove samaria troop", "remove samaria troop", "remove lydda troop"), "box event", "illegal",
         ("closed",), rule="5.4"),
    Case("a24_fewer_troops_than_the_card_demands", mandatory, "british", ("done", "remove samaria troop"), "done",
         "illegal", ("Tensions in Europe", "removes 3 Troops", "1 removed so far"), rule="A24"),
    Case("a24_removes_troops_only", mandatory, "british", ("done",), "remove samaria police", "illegal",
         ("removes Troops, not Police cubes",), rule="A24"),
    Case("2_3_2_event_from_the_op_box", BR, "british", OPSA, "unshaded", "illegal", ("Event box",), rule="2.3.2"),
    Case("2_3_2_operation_from_the_event_box", BR, "british", ("box event",), "op assault", "illegal",
         ("Event or a Pass",), rule="2.3.2"),
    Case("2_3_2_pass_before_choosing_a_box", BR, "british", (), "pass", "illegal", ("choose a box",), rule="2.3.2"),
    # The Propaganda Round (6.4, 6.5)
    Case("6_4_1_redeploy_a_troop_to_a_district", lambda: propaganda("redeploy"), "british", (),
         "troop rail-haifa galilee", "illegal", ("Galilee is not a City",), rule="6.4.1"),
    Case("6_4_1_redeploy_police_before_the_troops", lambda: propaganda("redeploy"), "british", (), "done",
         "illegal", ("Troops remain on Tel Aviv-Haifa Railway",), rule="6.4.1"),
    Case("6_4_2_rebels_redeploy_to_a_space_without_a_base", rebels_redeploy, "rebels", (),
         "move rail-haifa samaria guerrilla-u", "illegal", ("Samaria is not one of the spaces with Rebel Bases",
                                                            "Galilee"), rule="6.4.2"),
    Case("6_4_2_rebels_redeploy_in_the_older_order_to_a_space_without_a_base", rebels_redeploy, "rebels", (),
         "move rail-haifa guerrilla-u samaria", "illegal", ("Samaria is not one of the spaces with Rebel Bases",
                                                            "Galilee"), rule="6.4.2"),
    Case("a34_munich_troops_to_a_district", lambda: propaganda("munich", "A34"), "british", (),
         "place galilee", "illegal", ("Galilee is not a City", "Munich Conference"), rule="A34"),
    Case("a34_munich_places_every_troop", lambda: propaganda("munich", "A34"), "british", (), "done", "illegal",
         ("every Out of Play Troop", "5 left"), rule="A34"),
    # Whose turn, and the game's end
    Case("rebels_acting_when_the_british_must", BR, "rebels", (), "box opsa", "not-your-turn", ("british",)),
    Case("a_role_that_does_not_exist", BR, "irgun", (), "box opsa", "invalid", ("irgun", "rebels, british")),
    Case("acting_after_the_game_is_over", game_over, "british", (), "box opsa", "illegal", ("game is over",)),
    # Orders not understood, or matching nothing or several things
    Case("unknown_verb", BR, "british", OPSA, "fly galilee", "invalid", ("fly",)),
    Case("1_3_1_unknown_space", BR, "british", (*OPSA, "op assault"), "space atlantis", "illegal",
         ("'atlantis' is not a space",), rule="1.3.1"),
    Case("ambiguous_space_prefix", BR, "british", (*OPSA, "op sweep"), "space jer", "ambiguous",
         ("jerusalem-city", "jerusalem-district"), text=True),
]
IDS = [c.id for c in CASES]


def test_the_table_holds_at_least_40_distinct_refusals_that_name_their_rule():
    assert len(IDS) == len(set(IDS)) and len(CASES) >= 40
    assert sum(1 for c in CASES if c.rule) >= 40


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_engine_api_refuses(case: Case):
    check_engine_refuses(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_with_the_order_is_rejected_whole(case: Case):
    check_move_file_rejected_whole(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_refusal_names_the_rule_or_reason(case: Case):
    check_move_file_refusal_names_the_rule(case)
