"""Advance and retreat after combat (11.6, 11.9, 9.5, 19.1b, 19.5, 27.4, 26.1c, 29.3):
engine/hexwar/retreat.py, on the sample map of test_movement (TEST DATA, not the game's map)."""

from __future__ import annotations

import re

from engine.core.errors import Refusal
from engine.hexwar.retreat import Displacement, advance, advance_limit, retreat, retreat_options
from engine.hexwar.stacking import Board
from engine.hexwar.zoc import enemy_zoc

from .test_movement import MAP, TEC, enemy, unit

INF = unit("I1")
ARMOR = unit("A1", type="armor")
LEADER = unit("L1", type="leader", size=None, cs=0, mf=6, nationality="zahal")
SUPPLY = unit("S1", type="supply", size=None, cs=0, mf=3)
BRITISH = unit("B1", side=None, nationality="british")


def go(u, path, placed=None, *, vacated=None, limit=1, **kw):
    board = Board(placed or {path[0]: [u]})
    return advance(MAP, TEC, u, path, vacated=vacated or path[1], board=board, limit=limit, **kw)


def back(u, path, placed=None, *, length=None, **kw):
    board = Board(placed or {path[0]: [u]})
    return retreat(MAP, TEC, u, path, length=len(path) - 1 if length is None else length, board=board,
                   zoc=enemy_zoc(MAP, board, u.side), **kw)


def options(u, start, placed, length=1, **kw):
    board = Board(placed)
    return retreat_options(MAP, TEC, u, start, length=length, board=board, zoc=enemy_zoc(MAP, board, u.side), **kw)


def refused(result, rule, *phrases):
    assert isinstance(result, Refusal) and result.rule == rule, result
    first = re.search(r"\((\d+\.\d+[0-9a-z.]*)", result)  # the first rule the words cite is the forbidding one
    assert first and first.group(1) == rule, result
    for p in phrases:
        assert p in result, (p, result)


# Advance (11.6a).


def test_11_6a1_advance_one_hex_into_the_vacated_hex():
    result = go(INF, ["0302", "0303"])
    assert isinstance(result, Displacement) and result.outcome == "moves" and result.path == ("0302", "0303")
    refused(go(INF, ["0302", "0303", "0304"], vacated="0303"), "11.6a", "may advance 1 hex, not 2")


def test_11_6a_the_first_hex_is_the_one_the_enemy_left():
    refused(go(INF, ["0302", "0203"], vacated="0303"), "11.6a", "the hex the enemy left, 0303")


def test_11_6a2_two_hexes_for_the_listed_units():
    assert advance_limit(ARMOR, from_may_1948=True) == 2
    assert advance_limit(ARMOR, from_may_1948=False) == 1  # Israeli: only from May 1948
    assert advance_limit(unit("R1", type="recon", size="battalion"), from_may_1948=True) == 2
    assert advance_limit(INF, from_may_1948=True) == 1
    tj_mech = unit("T1", side="arab", type="mechanized", nationality="transjordan")
    assert advance_limit(tj_mech, from_may_1948=False) == 2  # all Transjordanian mech/recon
    assert advance_limit(unit("T2", side="arab", type="infantry", nationality="transjordan")) == 1
    assert advance_limit(unit("E9", side="arab", type="armor", nationality="egypt"), from_may_1948=True) == 1
    assert advance_limit(unit("BA", side="arab", type="armor", nationality="british")) == 2


def test_11_6a2_leaders_of_the_same_nationality_stacked_with_them_ruling_leaders():
    tj_mech = unit("T1", side="arab", type="mechanized", nationality="transjordan")
    tj_leader = unit("TL", side="arab", type="leader", size=None, cs=0, nationality="transjordan")
    iq_leader = unit("QL", side="arab", type="leader", size=None, cs=0, nationality="iraq")
    assert advance_limit(tj_leader, stacked_with=[tj_leader, tj_mech]) == 2
    assert advance_limit(iq_leader, stacked_with=[iq_leader, tj_mech]) == 1
    assert advance_limit(tj_leader, stacked_with=[tj_leader]) == 1


def test_11_6a2_second_hex_any_adjacent_hex_without_enemy_units():
    result = go(ARMOR, ["0302", "0303", "0304"], vacated="0303", limit=2)
    assert result.outcome == "moves" and result.path[-1] == "0304"
    placed = {"0302": [ARMOR], "0304": [enemy()]}
    refused(go(ARMOR, ["0302", "0303", "0304"], placed, vacated="0303", limit=2), "11.6a", "enemy combat units")


def test_9_5b_advance_through_enemy_zoc_without_penalty():
    placed = {"0302": [ARMOR], "0404": [enemy()]}  # 0303 and 0304 are both in E1's ZOC
    result = go(ARMOR, ["0302", "0303", "0304"], placed, vacated="0303", limit=2)
    assert result.outcome == "moves" and "(11.6a, 9.5b)" in result.reasons[0]


def test_11_6a_advance_not_into_prohibited_terrain():
    refused(go(ARMOR, ["0403", "0503"]), "11.9", "marsh", "only along a road")
    refused(go(ARMOR, ["0504", "0505"]), "11.9", "cliff hexside")
    refused(go(INF, ["0105", "0106"]), "7.4", "across water")
    refused(back(INF, ["0204", "0205"]), "7.4", "across water")  # the sea inlet hexside


def test_11_9_advance_into_prohibited_terrain_along_a_road():
    assert go(ARMOR, ["0502", "0503"]).outcome == "moves"


def test_27_4_no_advance_into_a_british_hex():
    placed = {"0302": [ARMOR], "0304": [BRITISH]}
    refused(go(ARMOR, ["0302", "0303", "0304"], placed, vacated="0303", limit=2), "27.4", "0304 holds British units")


def test_26_1c_no_advance_out_of_palestine_when_barred():
    refused(go(INF, ["0502", "0602"], barred_countries={"Egypt": "26.1c"}), "26.1c", "across the border into Egypt")
    assert go(INF, ["0502", "0602"]).outcome == "moves"


def test_19_1b_advance_into_a_hex_of_only_enemy_non_combat_units():
    placed = {"0302": [ARMOR], "0304": [enemy("ES", type="supply", size=None, cs=0)]}
    result = go(ARMOR, ["0302", "0303", "0304"], placed, vacated="0303", limit=2)
    assert result.captured == ("ES",) and "(19.1b)" in result.reasons[-1]
    leader = unit("L1", type="leader", size=None, cs=0)
    placed = {"0302": [leader], "0304": [enemy("ES", type="supply", size=None, cs=0)]}
    refused(go(leader, ["0302", "0303", "0304"], placed, vacated="0303", limit=2), "19.1b")


# Retreat (11.6b, 9.5c).


def test_9_5c_retreat_into_enemy_zoc_breaks_an_effective_unit():
    placed = {"0303": [INF], "0404": [enemy()]}
    assert back(INF, ["0303", "0302"], placed).outcome == "moves"
    result = back(INF, ["0303", "0304"], placed)
    assert result.outcome == "broken" and "(9.5c, 13.3)" in result.reasons[0]


def test_9_5c_13_4_retreat_into_enemy_zoc_eliminates_a_broken_unit():
    tired = unit("I9", broken=True, cs=2)
    placed = {"0303": [tired], "0404": [enemy()]}
    result = back(tired, ["0303", "0304"], placed)
    assert result.outcome == "eliminated" and "(9.5c, 13.4)" in result.reasons[0]
    assert back(tired, ["0303", "0302"], placed).outcome == "moves"


def test_9_5c_each_enemy_zoc_hex_counts_ruling_each():
    placed = {"0303": [INF], "0404": [enemy()]}
    assert back(INF, ["0303", "0304", "0305"], placed).outcome == "broken"  # 0305 is out of E1's ZOC
    assert back(INF, ["0303", "0304", "0405"], placed).outcome == "eliminated"  # R-9.5c-each
    assert back(INF, ["0303", "0304", "0405"], placed, ezoc_once=True).outcome == "broken"  # the other reading


def test_9_5c_never_into_enemy_combat_units():
    placed = {"0303": [INF], "0404": [enemy()]}
    refused(back(INF, ["0303", "0404"], placed), "9.5c", "0404 holds enemy combat units")


def test_19_1b_retreat_into_a_hex_of_only_enemy_non_combat_units():
    placed = {"0303": [INF], "0302": [enemy("ES", type="supply", size=None, cs=0)]}
    result = back(INF, ["0303", "0302"], placed)
    assert result.outcome == "moves" and result.captured == ("ES",)
    placed = {"0303": [LEADER], "0302": [enemy("ES", type="supply", size=None, cs=0)]}
    refused(back(LEADER, ["0303", "0302"], placed), "19.1b", "non-combat unit may not retreat there")


def test_19_5a_leaders_retreat_through_enemy_zoc_without_penalty():
    placed = {"0303": [LEADER], "0404": [enemy()]}
    result = back(LEADER, ["0303", "0304"], placed)
    assert result.outcome == "moves" and "(19.5a, 20.4a)" in result.reasons[0]


def test_19_5a_supply_retreating_through_enemy_zoc_is_eliminated():
    placed = {"0303": [SUPPLY], "0404": [enemy()]}
    assert back(SUPPLY, ["0303", "0304"], placed).outcome == "eliminated"
    assert back(SUPPLY, ["0303", "0302"], placed).outcome == "moves"


def test_19_5a_units_with_mf_0_are_eliminated_if_they_must_retreat():
    factory = unit("F1", type="arms_factory", size=None, cs=0, mf=0)
    result = back(factory, ["0303", "0302"])
    assert result.outcome == "eliminated" and "(19.5a)" in result.reasons[0]
    assert [o.outcome for o in options(factory, "0303", {"0303": [factory]})] == ["eliminated"]


def test_29_3_optional_commando_not_broken_near_friendly_population():
    commando = unit("C1", type="commando", size="battalion", cs=2)
    placed = {"0301": [commando], "0402": [enemy()]}  # 0301 and 0302 in E1's ZOC; 0201 is a Jewish town
    assert back(commando, ["0301", "0302"], placed).outcome == "broken"  # the option off
    kw = dict(option_29_3=True, friendly_population="jewish")
    result = back(commando, ["0301", "0302"], placed, **kw)
    assert result.outcome == "moves" and "(29.3)" in result.reasons[0]
    assert back(commando, ["0301", "0302"], placed, terrorized=["0201"], **kw).outcome == "broken"
    assert back(INF, ["0301", "0302"], {"0301": [INF], "0402": [enemy()]}, **kw).outcome == "broken"


def test_11_9_retreat_into_prohibited_terrain_only_along_a_road():
    refused(back(ARMOR, ["0403", "0503"]), "11.9", "marsh")
    assert back(ARMOR, ["0502", "0503"]).outcome == "moves"


def test_27_4_retreat_into_a_british_hex_only_without_other_choice():
    placed = {"0303": [INF], "0302": [BRITISH]}
    refused(back(INF, ["0303", "0302"], placed), "27.4", "only if it has no other choice", "another retreat is open")
    # 0105: sea to the south, E1 in 0104, British in 0205: no other choice
    placed = {"0105": [INF], "0104": [enemy()], "0205": [BRITISH]}
    result = back(INF, ["0105", "0205"], placed)
    assert result.outcome == "eliminated" and "(27.4)" in result.reasons[0]
    assert [(o.outcome, o.path) for o in options(INF, "0105", placed)] == [("eliminated", ("0105",))]


def test_26_1c_forced_to_retreat_across_the_border_eliminates():
    barred = {"Egypt": "26.1c"}
    placed = {"0501": [INF], "0402": [enemy("E1")], "0401": [enemy("E2")]}
    refused(back(INF, ["0501", "0601"], placed, barred_countries=barred), "26.1c", "0501-0502")
    placed["0502"] = [enemy("E3")]
    result = back(INF, ["0501", "0601"], placed, barred_countries=barred)
    assert result.outcome == "eliminated" and "(26.1c)" in result.reasons[0]


def test_11_6b_no_retreat_at_all_eliminates_ruling_none():
    placed = {"0105": [INF], "0104": [enemy("E1")], "0205": [enemy("E2")]}
    [only] = options(INF, "0105", placed)
    assert only.outcome == "eliminated" and "R-11.6b-none" in only.reasons[0]


def test_11_6b_the_retreat_is_as_long_as_the_result_says_and_never_doubles_back():
    refused(back(INF, ["0303", "0302"], length=2), "11.6b", "a retreat of 2 hexes", "has 1")
    refused(back(INF, ["0303", "0302", "0303"]), "11.6b", "R-11.6b-path")


def test_11_6b_the_owner_chooses_among_the_options():
    placed = {"0303": [INF], "0404": [enemy()]}
    found = {o.path[-1]: o.outcome for o in options(INF, "0303", placed)}
    assert found == {"0302": "moves", "0403": "broken", "0304": "broken", "0204": "moves", "0203": "moves"}
