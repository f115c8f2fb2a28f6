"""Batch "options" (rules/dai-senso-political-events.txt): 15.8 Chinese Incident, 15.14 European Commitment, 15.26
Minor Country Politics, 15.28 Neutrals Pressured, 15.29 Operation Z, 15.30 Political Option, 15.37 Widespread
Attacks: each option, its conditions, the rolls and the chains to other events, on the sample position changed by
name."""

from __future__ import annotations

import pytest

from engine import testing
from engine.core.chance import ScriptedChance
from engine.core.errors import IllegalActionError

from .ds_helpers import declare, play, state, texts


def at(s, pid):
    return s["pieces"][pid]["at"]


def waiting(s):
    return testing.waiting(s)


def refused(s, orders, *words):
    with pytest.raises(IllegalActionError) as e:
        play(s, orders)
    for w in words:
        assert w in e.value.message, e.value.message
    return e.value.message


def piece(p, pid, **kw):
    p["pieces"][pid] = {"owner": "axis", "country": "japan", "kind": "ground", "type": "infantry", "steps": 1,
                        "at": "map", "hex": "Tokyo", **kw}


def changes(*fns):
    def change(p):
        for fn in fns:
            fn(p)
    return change


# 15.14 European Commitment --------------------------------------------------------------------------------------


def test_15_14_received_by_the_axis_is_no_result():
    s, log = play(state(), declare(14, "axis"))
    assert waiting(s)["p"] == "ds.desk" and "R-15.14-axis" in texts(log)


def test_15_14_1_no_war_without_a_unit_in_the_european_holding_box_is_no_result():
    s, log = play(state(), declare(14, "soviet"))
    assert waiting(s)["p"] == "ds.desk" and "No War" in texts(log) and "had no result" in texts(log)


def test_15_14_1_no_war_the_faction_may_bring_a_unit_from_europe_to_the_delay_box():
    def russian(p):
        piece(p, "ru-fleet", owner="soviet", country="russia", kind="support", type="surface-fleet",
              at="european-holding")
        del p["pieces"]["ru-fleet"]["hex"]
    s0, _ = play(state(russian), declare(14, "soviet"))
    assert waiting(s0)["stage"] == "home" and waiting(s0)["role"] == "soviet"
    s, _ = play(s0, ["unit ru-fleet"])
    assert at(s, "ru-fleet") == "delay"
    s, log = play(s0, ["decline"])
    assert at(s, "ru-fleet") == "european-holding" and "declined" in texts(log)


def test_15_14_1_step_1_a_roll_not_above_the_esv_raises_it_and_step_2_of_3_or_less_must_be_answered():
    s0, log = play(state(), declare(14, "western"), rolls=[2, 3])
    assert s0["esv"]["western"] == 3 and "Step 1: a 2 was rolled" in texts(log)
    w = waiting(s0)
    assert w["stage"] == "owe" and w["role"] == "western"
    with pytest.raises(IllegalActionError):
        play(s0, ["decline"])
    s, _ = play(s0, ["unit uk-bomber-1"])
    assert at(s, "uk-bomber-1") == "european-holding"
    s, _ = play(s0, ["esv up"])
    assert s["esv"]["western"] == 4
    s, log = play(s0, ["none"])
    assert s["esv"]["western"] == 3 and "had no result" in texts(log)


class Labels(ScriptedChance):
    """Scripted dice that keep each roll's label."""

    def __init__(self, rolls):
        super().__init__(rolls=rolls)
        self.labels = []

    def roll(self, sides, label):
        self.labels.append(label)
        return super().roll(sides, label)


def test_15_14_1_both_rolls_are_unmodified_and_labelled_so():
    dice = Labels([6, 6])
    s, _ = testing.run(state(), declare(14, "western"), chance=dice)
    assert waiting(s)["stage"] == "back" and len(dice.labels) == 2
    assert all("unmodified" in x and "15.14.1" in x for x in dice.labels)


def test_15_8_chinese_strife_is_rolled_unmodified():
    dice = Labels([2])
    testing.run(state(), declare(8, "axis") + ["strife"], chance=dice)
    assert dice.labels == ["15.8 Chinese Strife (unmodified)"]


def test_15_14_1_step_1_a_roll_above_the_esv_changes_nothing_and_4_or_more_may_lower_it():
    s0, _ = play(state(), declare(14, "western"), rolls=[6, 4])
    assert s0["esv"]["western"] == 2 and waiting(s0)["stage"] == "back"
    s, _ = play(s0, ["esv down"])
    assert s["esv"]["western"] == 1
    s, _ = play(s0, ["unit uk-force-h"])
    assert at(s, "uk-force-h") == "delay"
    s, _ = play(s0, ["decline"])
    assert s["esv"]["western"] == 2 and at(s, "uk-force-h") == "european-holding"
    refused(s0, ["esv up"])


def test_15_14_1_an_esv_of_0_or_less_cannot_increase():
    s, log = play(state(lambda p: p["esv"].update(western=0)), declare(14, "western"), rolls=[1, 5])
    assert s["esv"]["western"] == 0 and "cannot increase" in texts(log)


def test_15_14_1_no_result_needs_a_friendly_support_unit_in_europe_during_limited_war():
    s, _ = play(state(lambda p: p["pieces"]["uk-force-h"].update(at="pool")), declare(14, "western"), rolls=[6, 1])
    refused(s, ["none"], "European Limited War")


def test_15_14_1_no_result_needs_five_allied_support_units_in_europe_during_total_war():
    def total(p):
        p["european_war"]["western"] = "total-war"
    s, _ = play(state(total), declare(14, "western"), rolls=[6, 1])
    refused(s, ["none"], "five Allied support units")

    def five(p):
        total(p)
        for i in range(4):
            piece(p, f"ru-eu-{i}", owner="soviet", country="russia", kind="support", type="bomber",
                  at="european-holding")
            del p["pieces"][f"ru-eu-{i}"]["hex"]
    s, log = play(state(five), declare(14, "western"), rolls=[6, 1])
    s, log = play(s, ["none"])
    assert "had no result" in texts(log)


def test_15_14_1_a_support_unit_of_a_country_with_loc_damaged_cannot_be_selected():
    def loc(p):
        p["pieces"]["uk-loc"] = {"owner": "western", "country": "britain", "kind": "marker", "type": "loc-damaged",
                                 "at": "strategic-warfare"}
    s, _ = play(state(loc), declare(14, "western"), rolls=[6, 1])
    refused(s, ["unit uk-bomber-1"], "LOC Damaged")
    s, _ = play(s, ["unit us-cv-lexington"])
    assert at(s, "us-cv-lexington") == "european-holding"


def test_15_14_1_only_major_country_support_units_go_to_europe():
    def chinese(p):
        piece(p, "nc-air", owner="western", country="nationalist-china", kind="support", type="bomber", at="pool")
        del p["pieces"]["nc-air"]["hex"]
    s, _ = play(state(chinese), declare(14, "western"), rolls=[6, 1])
    refused(s, ["unit nc-air"], "Major Country")


def test_15_14_1_the_shared_esv_reading_changes_both():
    s, log = play(state(lambda p: p.update(options={"rulings": {"R-ESV": "shared"}})), declare(14, "western"),
                  rolls=[1, 6])
    assert s["esv"] == {"western": 3, "soviet": 2} and "R-ESV" in texts(log)


def test_15_14_2_in_ae_a_support_unit_of_the_force_pool_goes_to_the_tk_delay_box():
    s0, _ = play(state(lambda p: p.update(mode="AE")), declare(14, "western"))
    assert waiting(s0)["stage"] == "ae"
    s, log = play(s0, ["unit us-cv-lexington"])
    assert at(s, "us-cv-lexington") == "tk-delay" and "Delay Box on the TK map" in texts(log)
    s, _ = play(s0, ["decline"])
    assert at(s, "us-cv-lexington") == "pool"
    refused(s0, ["unit uk-force-h"], "Force Pool")


# 15.26 Minor Country Politics -----------------------------------------------------------------------------------

CHINA = {"1": "hopeh", "2": "Kansu", "3": "Mongolia", "4": "burma", "5": "Atlantis", "6": "inner-mongolia"}


def tables(p):
    p["tables"] = {"area-china": dict(CHINA), "area-se-asia": {str(i): "nei" for i in range(1, 7)}}


def mcp(change=None, roll=1, recv="axis", table="area-china"):
    s, log = play(state(changes(tables, change or (lambda p: None))), declare(26, recv) + [f"table {table}"],
                  rolls=[roll])
    return s, log


def test_15_26_the_receiver_selects_an_area_table_and_without_it_the_roll_is_a_manual_ruling():
    s, _ = play(state(), declare(26, "western"))
    assert waiting(s)["stage"] == "table" and waiting(s)["role"] == "western"
    s, log = play(s, ["table area-se-asia"], rolls=[4])
    assert waiting(s)["p"] == "ds.desk" and s["manual"][0]["rule"] == "15.26" and "R-tables" in texts(log)


def test_15_26_a_neutral_country_the_axis_may_take_no_result_or_roll_a_diplomatic_incident():
    s0, _ = mcp(roll=1, recv="soviet")
    assert waiting(s0)["role"] == "axis" and waiting(s0)["stage"] == "neutral"
    s, log = play(s0, ["decline"])
    assert waiting(s)["p"] == "ds.desk" and "No Result" in texts(log)
    s, log = play(s0, ["diplomatic hopeh"], rolls=[5])
    assert "Diplomatic Incident Table" in texts(log) and s["manual"]


def test_15_26_a_diplomatic_incident_with_the_table_gives_its_result_to_the_umpire():
    s0, _ = mcp(lambda p: p["tables"].update({"diplomatic-incident": {"5": "Border clash"}}), roll=1)
    s, log = play(s0, ["diplomatic hopeh"], rolls=[5])
    assert "Border clash" in texts(log) and "Border clash" in s["manual"][-1]["text"]


def test_15_26_an_active_soviet_country_the_soviet_faction_activates_a_bordering_neutral_as_axis():
    s0, _ = mcp(roll=2)
    w = waiting(s0)
    assert w["role"] == "soviet" and w["stage"] == "border"
    refused(s0, ["border indochina"], "bordering")
    s, _ = play(s0, ["border hopeh"])
    assert s["countries"]["hopeh"]["status"] == "axis"


def test_15_26_an_axis_country_the_axis_activates_a_bordering_neutral_as_allied_per_13_5():
    s0, _ = mcp(lambda p: p["countries"]["kansu"].update(status="axis"), roll=2)
    assert waiting(s0)["role"] == "axis"
    s, log = play(s0, ["border mongolia"])
    assert s["countries"]["mongolia"]["status"] == "soviet" and "13.5" in texts(log)


def test_15_26_an_active_western_country_is_no_result():
    s, log = mcp(lambda p: p["countries"]["kansu"].update(status="western"), roll=2)
    assert waiting(s)["p"] == "ds.desk" and "active Western Country" in texts(log)


def test_15_26_a_country_bordering_no_neutral_is_no_result():
    def alone(p):
        p["countries"]["kansu"]["borders"] = []
        p["countries"]["hopeh"]["borders"] = ["mongolia"]
        p["countries"]["mongolia"]["borders"] = ["hopeh"]
    s, log = mcp(alone, roll=2)
    assert waiting(s)["p"] == "ds.desk" and "bordering no Neutral Country" in texts(log)


def test_15_26_a_country_that_no_longer_exists_is_no_result():
    s, log = mcp(roll=5)
    assert waiting(s)["p"] == "ds.desk" and "R-15.26-result" in texts(log)


def test_15_26_a_dependent_the_axis_eliminates_a_step_of_a_unit_within_it():
    def rangoon(p):
        p["hexes"] = {"Rangoon": {"country": "burma"}}
        p["pieces"]["kwantung-1"]["hex"] = "Rangoon"
    s0, _ = mcp(rangoon, roll=4)
    assert waiting(s0)["role"] == "axis" and waiting(s0)["stage"] == "within"
    refused(s0, ["lose aex-hq"], "Burma")
    s, log = play(s0, ["lose kwantung-1"])
    assert s["pieces"]["kwantung-1"]["steps"] == 1 and "4.2.6.2" in texts(log)


def test_15_26_a_dependent_without_an_axis_unit_within_is_no_result():
    s, log = mcp(roll=4)
    assert waiting(s)["p"] == "ds.desk" and "R-15.26-dependent" in texts(log)


def test_15_26_a_neutral_dependent_reads_as_a_neutral_country():
    s, _ = mcp(roll=6)
    assert waiting(s)["stage"] == "neutral"


def test_15_26_total_war_an_active_country_loses_two_of_its_steps_by_its_faction():
    def kansu(p):
        p["war"] = "total-war"
        piece(p, "kansu-inf", owner="soviet", country="kansu", steps=2, hex="Lanchow")
        piece(p, "kansu-cav", owner="soviet", country="kansu", steps=1, hex="Lanchow")
    s0, _ = mcp(kansu, roll=2)
    assert waiting(s0)["role"] == "soviet" and waiting(s0)["stage"] == "steps"
    s, _ = play(s0, ["lose kansu-inf", "lose kansu-inf"])
    assert at(s, "kansu-inf") == "eliminated" and waiting(s)["p"] == "ds.desk"
    s, _ = play(s0, ["lose kansu-cav", "lose kansu-inf"])
    assert at(s, "kansu-cav") == "eliminated" and s["pieces"]["kansu-inf"]["steps"] == 1


def test_15_26_total_war_a_neutral_country_is_no_result():
    s, log = mcp(lambda p: p.update(war="total-war"), roll=1)
    assert waiting(s)["p"] == "ds.desk" and "Total War" in texts(log)


def test_15_26_nei_on_the_se_asia_table_its_dependents_count_as_the_nei():
    def nei(p):
        p["countries"]["nei"] = {"name": "Netherlands East Indies", "kind": "minor", "status": "conquered"}
        p["countries"]["dutch-new-guinea"] = {"name": "Dutch New Guinea", "kind": "dependent", "status": "conquered"}
        p["hexes"] = {"Hollandia": {"country": "dutch-new-guinea"}}
        p["pieces"]["kwantung-1"]["hex"] = "Hollandia"
    s0, _ = mcp(nei, roll=3, table="area-se-asia")
    assert waiting(s0)["stage"] == "within"
    s, _ = play(s0, ["lose kwantung-1"])
    assert s["pieces"]["kwantung-1"]["steps"] == 1


# 15.8 Chinese Incident ------------------------------------------------------------------------------------------


def test_15_8_chinese_politics_is_minor_country_politics_on_the_area_table_china():
    s, log = play(state(tables), declare(8, "western") + ["politics"], rolls=[1])
    assert "Area Table: China" in texts(log) and waiting(s)["stage"] == "neutral"


def test_15_8_encourage_resistance_only_from_acceptance_or_surrender():
    s0, _ = play(state(), declare(8, "western"))
    refused(s0, ["resistance"], "Acceptance or Surrender")
    s, _ = play(state(lambda p: p["postures"]["nationalist-china"].update(posture="surrender")),
                declare(8, "western") + ["resistance"])
    assert s["postures"]["nationalist-china"]["posture"] == "resistance"


def test_15_8_negotiate_raises_or_reduces_the_allied_factions_own_chinese_truce():
    s, _ = play(state(), declare(8, "western") + ["negotiate nationalist-china down"])
    assert s["postures"]["nationalist-china"]["truce"]["level"] == 0
    s, _ = play(state(), declare(8, "western") + ["negotiate nationalist-china up"])
    assert s["postures"]["nationalist-china"]["truce"]["level"] == 2
    refused(play(state(), declare(8, "soviet"))[0], ["negotiate nationalist-china up"], "R-15-truce-level")


def test_15_8_a_truce_at_level_0_cannot_be_reduced():
    s, _ = play(state(lambda p: p["postures"]["nationalist-china"]["truce"].update(level=0)), declare(8, "axis"))
    refused(s, ["negotiate nationalist-china down"], "never below 0")


def test_15_8_an_allied_truce_the_axis_may_cancel_with_the_government_marker():
    s0, _ = play(state(), declare(8, "soviet") + ["truce communist-china 2"])
    assert s0["postures"]["communist-china"]["truce"] == {"kind": "truce", "level": 2}
    assert waiting(s0)["role"] == "axis" and waiting(s0)["stage"] == "revoke"
    s, _ = play(s0, ["revoke"])
    assert s["government"]["box"] == "delay" and s["postures"]["communist-china"]["truce"] is None
    s, _ = play(s0, ["decline"])
    assert s["government"]["box"] == "holding" and s["postures"]["communist-china"]["truce"]["level"] == 2


def test_15_8_a_truce_only_where_the_posture_is_war_and_no_truce_is():
    s0, _ = play(state(), declare(8, "western"))
    refused(s0, ["truce nationalist-china 1"], "no Truce marker")
    s, _ = play(state(lambda p: p["government"].update(box="delay")), declare(8, "soviet") + ["truce communist-china 1"])
    assert waiting(s)["p"] == "ds.desk"


def test_15_8_the_axis_places_a_truce_in_one_chinese_box_without_cancel():
    s, _ = play(state(), declare(8, "axis") + ["truce communist-china 3"])
    assert s["postures"]["communist-china"]["truce"]["level"] == 3 and waiting(s)["p"] == "ds.desk"


def test_15_8_encourage_acceptance_by_the_axis_only_from_resistance():
    s0, _ = play(state(), declare(8, "axis"))
    refused(s0, ["acceptance communist-china"], "Resistance")
    s, _ = play(state(lambda p: p["postures"]["communist-china"].update(posture="resistance")),
                declare(8, "axis") + ["acceptance communist-china"])
    assert s["postures"]["communist-china"]["posture"] == "acceptance"


def test_15_8_chinese_strife_1_to_3_the_western_faction_eliminates_a_nationalist_step():
    def nc(p):
        piece(p, "nc-inf", owner="western", country="nationalist-china", steps=2, hex="Chungking")
    s0, log = play(state(nc), declare(8, "axis") + ["strife"], rolls=[3])
    assert waiting(s0)["role"] == "western" and waiting(s0)["stage"] == "strife"
    s, _ = play(s0, ["lose nc-inf"])
    assert s["pieces"]["nc-inf"]["steps"] == 1


def test_15_8_chinese_strife_4_to_6_without_a_communist_step_is_no_result():
    s, log = play(state(), declare(8, "axis") + ["strife"], rolls=[4])
    assert waiting(s)["p"] == "ds.desk" and "had no result" in texts(log)


def test_15_8_chinese_strife_a_step_in_a_holding_box_forces_an_emergency_breakdown():
    def cc(p):
        piece(p, "cc-hq", owner="soviet", country="communist-china", type="hq", steps=2, hex="Yenan")
        piece(p, "cc-inf", owner="soviet", country="communist-china", at="holding")
        del p["pieces"]["cc-inf"]["hex"]
        p["pieces"]["cc-inf"]["in"] = "cc-hq"
    s, log = play(state(cc), declare(8, "axis") + ["strife", "lose cc-inf"], rolls=[6])
    assert at(s, "cc-inf") == "eliminated" and any("2.3.4" in x["rule"] for x in s["players_steps"])
    assert "Emergency Breakdown" in texts(log)


def test_15_8_options_of_the_other_side_are_refused():
    s0, _ = play(state(), declare(8, "western"))
    refused(s0, ["strife"], "not an option")
    s0, _ = play(state(), declare(8, "axis"))
    refused(s0, ["resistance"], "not an option")


def test_15_8_guerrilla_warfare_is_the_hex_strike_in_a_chinese_country():
    def peiping(p):
        p["hexes"] = {"Kalgan": {"country": "hopeh"}}
    s, _ = play(state(peiping), declare(8, "western") + ["guerrilla"])
    w = waiting(s)
    assert w["p"] == "ds.hex-strike" and w["where"] == "chinese" and w["against"] == "axis" and w["by"] == "western"
    s, _ = play(s, ["hex Kalgan"])
    assert at(s, "manchukuo-inf") == "eliminated" and waiting(s)["p"] == "ds.desk"


def test_15_8_guerrilla_warfare_without_a_hex_is_not_offered():
    s0, _ = play(state(), declare(8, "western"))
    with pytest.raises(IllegalActionError):
        play(s0, ["guerrilla"])


def test_15_8_influence_is_15_19_on_a_chinese_country():
    s, _ = play(state(), declare(8, "western") + ["influence hopeh"])
    w = waiting(s)
    assert w["p"] == "ds.15.19" and w["selected"] == "hopeh" and w["recv"] == "western"
    refused(play(state(), declare(8, "western"))[0], ["influence mongolia"], "Chinese")


def test_15_8_decline():
    s, log = play(state(), declare(8, "western") + ["decline"])
    assert waiting(s)["p"] == "ds.desk" and "declined" in texts(log)


# 15.28 Neutrals Pressured ---------------------------------------------------------------------------------------


def test_15_28_must_do_one_minor_country_politics_is_always_open():
    s0, _ = play(state(), declare(28, "soviet"))
    refused(s0, ["decline"])
    s, _ = play(s0, ["politics"])
    assert waiting(s)["p"] == "ds.15.26" and waiting(s)["stage"] == "table" and waiting(s)["role"] == "soviet"


def test_15_28_neutrality_discussions_place_a_friendly_influence_or_remove_a_marker():
    s, _ = play(state(), declare(28, "axis") + ["discuss hopeh"])
    assert s["countries"]["hopeh"]["markers"] == ["influence-axis"]
    s, _ = play(state(), declare(28, "axis") + ["discuss indochina"])
    assert s["countries"]["indochina"]["markers"] == []
    s, _ = play(state(), declare(28, "western") + ["discuss mongolia"])
    assert s["countries"]["mongolia"]["markers"] == []
    refused(play(state(), declare(28, "soviet"))[0], ["discuss mongolia"], "R-15-one-marker")
    refused(play(state(), declare(28, "soviet"))[0], ["discuss kansu"], "Neutral")


def test_15_28_pressure_britain_russia_and_the_us_move_their_markers_to_the_delay_box():
    for box, pid in (("britain", "western-aid-to-china"), ("russia", "soviet-aid-to-china"), ("us", "lend-lease")):
        s, _ = play(state(), declare(28, "axis") + [f"pressure {box}"])
        assert at(s, pid) == "delay"


def test_15_28_pressure_needs_a_pac():
    s0, _ = play(state(lambda p: p["postures"]["britain"].update(policies=[])), declare(28, "axis"))
    refused(s0, ["pressure britain"], "PAC")


def test_15_28_reassess_policies_ends_a_friendly_policy_with_a_reassess_truce():
    s, log = play(state(), declare(28, "western") + ["reassess peace"])
    assert s["postures"]["britain"]["policies"] == [] and s["postures"]["britain"]["truce"]["kind"] == "reassess-policy"
    assert "peace Policy was ended" in texts(log)


def test_15_28_reassess_policies_not_quarantine_not_an_enemy_box_not_without_rising_sun():
    s0, _ = play(state(), declare(28, "western"))
    refused(s0, ["reassess quarantine"], "Quarantine")
    refused(s0, ["reassess disputes"], "friendly")
    refused(play(state(), declare(28, "axis"))[0], ["reassess disputes"])
    s0, _ = play(state(lambda p: p["vp"].update(reading="setting-sun")), declare(28, "western"))
    refused(s0, ["reassess peace"], "Rising Sun")


def test_15_28_wider_involvement_removes_a_friendly_free_passage_marker():
    def fp(p):
        p["countries"]["kansu"]["markers"] = ["free-passage"]
    s, _ = play(state(fp), declare(28, "soviet") + ["passage kansu"])
    assert s["countries"]["kansu"]["markers"] == []
    refused(play(state(fp), declare(28, "western"))[0], ["passage kansu"], "friendly")


# 15.29 Operation Z and 15.37 Widespread Attacks -----------------------------------------------------------------


def test_15_29_the_axis_declares_war_on_a_neutral_country_then_performs_z_actions():
    s, log = play(state(), declare(29, "western") + ["war hopeh"])
    assert s["countries"]["hopeh"]["status"] == "western"
    w = waiting(s)
    assert w["p"] == "ds.15.29" and w["stage"] == "z" and w["left"] == 4 and w["role"] == "axis"


def test_15_29_or_rolls_on_the_diplomatic_incident_table():
    s, log = play(state(), declare(29, "axis") + ["diplomatic hopeh"], rolls=[2])
    assert s["manual"] and waiting(s)["stage"] == "z"


def test_15_29_six_z_actions_outside_summer_each_at_most_three_times():
    s, _ = play(state(lambda p: p.update(season="autumn")), declare(29, "axis") + ["decline"])
    assert waiting(s)["left"] == 6
    s, _ = play(s, ["snlf", "snlf", "snlf"])
    refused(s, ["snlf"], "3 times")
    s, log = play(s, ["totsugeki", "totsugeki", "totsugeki"])
    assert waiting(s)["p"] == "ds.desk" and "all its Z Actions" in texts(log)
    assert len([x for x in s["players_steps"] if x["event"] == "15.29"]) == 6


def test_15_29_harbor_attack_an_allied_surface_fleet_of_a_country_neither_pac_nor_tac():
    def us(p):
        piece(p, "us-surface", owner="western", country="us", kind="support", type="surface-fleet", at="pool")
        del p["pieces"]["us-surface"]["hex"]
    s0, _ = play(state(us), declare(29, "axis") + ["decline"])
    refused(s0, ["harbor uk-surface-1"], "PAC")
    refused(s0, ["harbor us-surface"], "PAC")
    s0, _ = play(state(changes(us, lambda p: p["postures"]["us"].update(policies=[]))),
                 declare(29, "axis") + ["decline"])
    s, _ = play(s0, ["harbor us-surface"])
    assert at(s, "us-surface") == "naval-delay" and waiting(s)["left"] == 3


def test_15_29_heroic_effort_by_the_navy_needs_28a_by_the_army_28b():
    s0, _ = play(state(), declare(29, "axis") + ["decline"])
    s, _ = play(s0, ["navy jp-surface-1"])
    assert at(s, "jp-surface-1") == "pool"
    refused(s0, ["army aex-hq"], "28b", "R-15.29-played")
    s0, _ = play(state(lambda p: p["cards"]["axis"].update(current="28b", played=["28b"])),
                 declare(29, "axis") + ["decline"])
    s, _ = play(s0, ["army aex-hq"])
    assert at(s, "aex-hq") == "pool"
    refused(s0, ["navy jp-surface-1"], "28a")


def test_15_29_surprise_troop_movement_between_hexes_of_japan_and_its_dependents():
    def japan(p):
        p["hexes"] = {"Tokyo": {"country": "japan"}, "Seoul": {"country": "korea"}, "Busan": {"country": "korea"},
                      "Peiping": {"country": "hopeh"}}
        p["countries"]["korea"] = {"name": "Korea", "kind": "dependent", "status": "axis",
                                   "japanese_dependent": True}
        piece(p, "jp-inf", hex="Tokyo")
        piece(p, "us-marines", owner="western", country="us", hex="Busan")
    s0, _ = play(state(japan), declare(29, "axis") + ["decline", "troops jp-inf"])
    assert waiting(s0)["stage"] == "to"
    refused(s0, ["to Busan"], "enemy")
    refused(s0, ["to Peiping"], "Japan")
    s, log = play(s0, ["to Seoul"])
    assert s["pieces"]["jp-inf"]["hex"] == "Seoul" and waiting(s)["left"] == 3


def test_15_29_totsugeki_puts_the_marker_pending_for_the_axis_to_place():
    def mark(p):
        p["pieces"]["totsugeki-1"] = {"owner": "axis", "country": "japan", "kind": "marker", "type": "totsugeki",
                                      "at": "off"}
    s, _ = play(state(mark), declare(29, "axis") + ["decline", "totsugeki", "done"])
    assert at(s, "totsugeki-1") == "pending" and s["players_steps"][-1]["rule"] == "14.42"
    assert waiting(s)["p"] == "ds.desk"


def test_15_37_two_bonus_z_actions_free_of_the_three_action_limit():
    s0, _ = play(state(), declare(37, "western"))
    w = waiting(s0)
    assert w["p"] == "ds.15.37" and w["left"] == 2 and w["role"] == "axis"
    s, log = play(s0, ["snlf", "snlf"])
    assert waiting(s)["p"] == "ds.desk"
    s, _ = play(s0, ["done"])
    assert waiting(s)["p"] == "ds.desk" and not s["players_steps"]


# 15.30 Political Option -----------------------------------------------------------------------------------------


def test_15_30_chinese_incident_is_performed_at_once():
    s, _ = play(state(), declare(30, "soviet") + ["chinese"])
    w = waiting(s)
    assert w["p"] == "ds.15.8" and w["role"] == "soviet" and w["recv"] == "soviet"


def test_15_30_declare_war_by_an_allied_faction_activates_axis():
    s, _ = play(state(), declare(30, "western") + ["war hopeh"])
    assert s["countries"]["hopeh"]["status"] == "axis"


def test_15_30_declare_war_by_the_axis_on_a_pac_ends_its_policy():
    s, log = play(state(), declare(30, "axis") + ["war mongolia"])
    assert s["countries"]["mongolia"]["status"] == "soviet" and s["postures"]["russia"]["policies"] == []


def test_15_30_western_peace_talks_move_a_truce_then_place_negotiation_markers():
    s, log = play(state(lambda p: p["postures"]["britain"].update(policies=[])), declare(30, "western")
                  + ["talks nationalist-china up"])
    assert s["postures"]["nationalist-china"]["truce"]["level"] == 2
    assert s["postures"]["britain"]["negotiation"] is True and s["postures"]["us"]["negotiation"] is False


def test_15_30_the_soviet_faction_cannot_select_western_peace_talks_nor_the_western_eastern():
    refused(play(state(), declare(30, "soviet"))[0], ["talks nationalist-china up"], "Soviet faction cannot select Western")

    def cc(p):
        p["postures"]["communist-china"]["truce"] = {"kind": "truce", "level": 1}
    refused(play(state(cc), declare(30, "western"))[0], ["talks communist-china up"], "Western faction cannot select Eastern")
    s, _ = play(state(cc), declare(30, "axis") + ["talks communist-china down"])
    assert s["postures"]["communist-china"]["truce"]["level"] == 0


def test_15_30_war_in_asia_and_in_the_pacific_end_a_policy_by_who_may_pick_them():
    s, log = play(state(), declare(30, "axis") + ["asia disputes"])
    assert s["postures"]["russia"]["policies"] == [] and s["countries"]["mongolia"]["pac"] is False
    refused(play(state(), declare(30, "western"))[0], ["asia disputes"], "cannot select War in Asia")
    s, _ = play(state(), declare(30, "western") + ["pacific peace"])
    assert s["postures"]["britain"]["policies"] == []
    refused(play(state(), declare(30, "soviet"))[0], ["pacific peace"], "cannot select War in the Pacific")


def test_15_30_wider_involvement_and_decline():
    def fp(p):
        p["countries"]["kansu"]["markers"] = ["free-passage"]
    s, _ = play(state(fp), declare(30, "soviet") + ["passage kansu"])
    assert s["countries"]["kansu"]["markers"] == []
    s, log = play(state(), declare(30, "soviet") + ["decline"])
    assert waiting(s)["p"] == "ds.desk" and "declined" in texts(log)


def test_15_30_military_failure_is_15_15_for_the_faction_named():
    s0, _ = play(state(), declare(30, "axis"))
    refused(s0, ["fail axis command"])
    s, log = play(s0, ["fail soviet supply"])
    w = waiting(s)
    assert w["p"] == "ds.15.15" and w["recv"] == "soviet" and w["failure"] == "supply"
    assert "Failure (Supply)" in texts(log)


def test_15_30_neutrals_consider_options_is_15_19():
    s, log = play(state(), declare(30, "western") + ["influence mongolia"])
    w = waiting(s)
    assert w["p"] == "ds.15.19" and w["selected"] == "mongolia" and "Neutrals Consider Options" in texts(log)
    refused(play(state(), declare(30, "western"))[0], ["influence kansu"], "Neutral")
