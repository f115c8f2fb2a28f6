"""Batch "map": 15.1, 15.2, 15.4, 15.20, 15.21, 15.22, 15.33, 15.35 and the hex strike (ds.hex-strike) they share
with 15.8: every branch of each event's conditions, each option, the No Result cases and the refusals."""

from __future__ import annotations

import pytest

import engine
from engine import api, testing
from engine.core.errors import IllegalActionError

from .ds_helpers import SLUG, declare, state, texts
from .ds_helpers import play as _play

INVARIANTS = engine.definition(SLUG).invariants


def play(s, orders, rolls=()):
    """The political events desk's play, and the state still a valid position after it (view.invariants)."""
    out, log = _play(s, orders, rolls=rolls)
    assert INVARIANTS(out) == []
    return out, log


def at(s, pid):
    return s["pieces"][pid]["at"]


def wait(s):
    return testing.waiting(s)


def legal(s):
    return api.legal_actions(s, wait(s)["role"])


def refused(s, orders, *words):
    with pytest.raises(IllegalActionError) as e:
        play(s, orders)
    for w in words:
        assert w in e.value.message, e.value.message
    return e.value.message


def piece(p, pid, **kw):
    p["pieces"][pid] = {"owner": "axis", "country": "japan", "kind": "ground", "type": "infantry", "steps": 1,
                        "at": "map", **kw}


# 15.1 Allies Support Resistance and the hex strike


def test_15_1_received_by_the_axis_an_unmodified_3_gives_the_western_faction_the_choice():
    s, log = play(state(), declare(1, "axis"), rolls=[3])
    assert wait(s)["role"] == "western" and wait(s)["stage"] == "choose"
    assert "unmodified die rolled 3" in texts(log)
    assert legal(s)["hex"] == ["Kalgan"] and "decline" in legal(s)


def test_15_1_received_by_the_axis_a_4_gives_the_soviet_faction_the_choice():
    s, _ = play(state(), declare(1, "axis"), rolls=[4])
    assert wait(s)["role"] == "soviet"


def test_15_1_the_example_the_minor_step_in_the_aex_hq_holding_box_is_eliminated_and_the_hq_breaks_down():
    s, log = play(state(), declare(1, "western") + ["hex Kalgan"])
    # a step before a marker: the Detachment in Kalgan stays; the only step is taken without asking
    assert at(s, "manchukuo-inf") == "eliminated" and at(s, "jp-detachment-1") == "map"
    assert wait(s)["p"] == "ds.desk"
    steps = " | ".join(x["text"] for x in s["players_steps"])
    assert "AEx HQ" in steps and "breaks down" in steps and "4.2.6.2" in steps
    assert "selected hex Kalgan" in texts(log)


def test_15_1_with_no_step_left_the_axis_removes_a_marker_to_the_delay_box():
    def no_minor(p):
        del p["pieces"]["manchukuo-inf"]
    s, _ = play(state(no_minor), declare(1, "soviet") + ["hex Kalgan"])
    assert at(s, "jp-detachment-1") == "delay"


def test_15_1_a_detachment_in_an_island_hex_cannot_be_selected():
    def island(p):
        del p["pieces"]["manchukuo-inf"]
        p["hexes"] = {"Kalgan": {"island": True}}
    s, log = play(state(island), declare(1, "western"))
    assert wait(s)["p"] == "ds.desk" and "had no result" in texts(log)


def test_15_1_the_axis_chooses_between_steps_and_a_marker_is_refused_while_a_step_remains():
    def two(p):
        piece(p, "bur-1", country="burma", type="colonial-infantry", hex="Kalgan")
    s, _ = play(state(two), declare(1, "western") + ["hex Kalgan"])
    assert wait(s)["p"] == "ds.hex-strike" and wait(s)["role"] == "axis" and wait(s)["stage"] == "strike"
    assert legal(s) == {"step": ["bur-1", "manchukuo-inf"]}
    refused(s, ["marker jp-detachment-1"], "a step must be eliminated before a marker")
    s2, _ = play(s, ["step bur-1"])
    assert at(s2, "bur-1") == "eliminated" and at(s2, "manchukuo-inf") == "holding"


def test_15_1_a_two_step_minor_unit_loses_one_step():
    def big(p):
        piece(p, "mk-2", country="manchukuo", type="minor-cavalry", steps=2, hex="Mukden")
    s, _ = play(state(big), declare(1, "western") + ["hex Mukden"])
    assert s["pieces"]["mk-2"]["steps"] == 1 and at(s, "mk-2") == "map"


def test_15_1_partisan_base_only_outside_pre_war():
    def base(p):
        p["pieces"]["w-partisan"] = {"owner": "western", "country": "", "kind": "marker", "type": "partisan-base",
                                     "at": "off"}
    s, _ = play(state(base), declare(1, "western") + ["partisan w-partisan"])
    assert at(s, "w-partisan") == "pool"

    def pre_war(p):
        base(p)
        p["war"] = "pre-war"
    s = play(state(pre_war), declare(1, "western"))[0]
    assert "partisan" not in legal(s)
    refused(s, ["partisan w-partisan"], "Pre-War")


def test_15_1_declined_changes_nothing():
    s, log = play(state(), declare(1, "soviet") + ["decline"])
    assert at(s, "manchukuo-inf") == "holding" and "declined" in texts(log)


def test_15_1_a_hex_without_axis_pieces_to_lose_is_refused():
    s = play(state(), declare(1, "western"))[0]
    refused(s, ["hex Mukden"], "holds no Axis", "R-15-hexes")


def test_15_1_nothing_to_do_is_no_result():
    def bare(p):
        for pid in ("manchukuo-inf", "jp-detachment-1"):
            del p["pieces"][pid]
    s, log = play(state(bare), declare(1, "axis"), rolls=[6])
    assert wait(s)["p"] == "ds.desk" and "had no result" in texts(log)


def test_15_8_hex_strike_pushed_with_the_chinese_filter_selects_among_listed_chinese_hexes():
    """The procedure 15.8 pushes: a hex outside a Chinese Country or Japanese Dependent is not offered."""
    from engine.games.dai_senso_events.hex_strike import strike_hexes

    def listed(p):
        p["hexes"] = {"Kalgan": {"country": "inner-mongolia"}, "Mukden": {"country": "manchukuo"}}
        piece(p, "mk-2", country="manchukuo", type="minor-infantry", hex="Mukden")
    s = state(listed)
    assert strike_hexes(s, "axis") == ["Kalgan", "Mukden"]
    assert strike_hexes(s, "axis", "chinese") == ["Kalgan"]


# 15.2 Banzai!


def test_15_2_the_axis_must_attack_or_delay_a_support_unit_no_decline():
    s = play(state(), declare(2, "western"))[0]
    assert wait(s)["role"] == "axis"
    assert legal(s) == {"attack": [], "support": ["jp-bomber-1", "jp-cv-akagi"]}
    s2, log = play(s, ["attack"])
    assert s2["players_steps"][-1]["rule"].startswith("the Regular Combat Segment")


def test_15_2_an_air_unit_alone_goes_to_the_delay_box():
    s, _ = play(state(), declare(2, "axis") + ["support jp-bomber-1"])
    # British Bomber's Britain is a PAC (a Policy marker in its box), Russia's too: no pair offered
    assert at(s, "jp-bomber-1") == "delay" and at(s, "uk-bomber-1") == "pool" and wait(s)["p"] == "ds.desk"


def test_15_2_an_air_unit_paired_with_an_allied_one_of_a_country_not_affected():
    def no_policy(p):
        p["postures"]["britain"]["policies"] = []
    s = play(state(no_policy), declare(2, "axis") + ["support jp-bomber-1"])[0]
    assert legal(s) == {"pair": ["uk-bomber-1"], "decline": []}
    s, _ = play(s, ["pair uk-bomber-1"])
    assert at(s, "jp-bomber-1") == "delay" and at(s, "uk-bomber-1") == "delay"


def test_15_2_a_cv_fleet_paired_both_go_to_the_naval_warfare_delay_box():
    def us_free(p):
        p["postures"]["us"]["policies"] = []
    s = play(state(us_free), declare(2, "axis") + ["support jp-cv-akagi"])[0]
    assert legal(s) == {"pair": ["us-cv-lexington"], "strike": [], "decline": []}
    s2, _ = play(s, ["pair us-cv-lexington"])
    assert at(s2, "jp-cv-akagi") == "naval-delay" and at(s2, "us-cv-lexington") == "naval-delay"
    refused(s, ["pair uk-bomber-1"], "the same type")


def test_15_2_an_unpaired_cv_fleet_may_flip_to_cv_strike_into_the_delay_box_or_go_to_the_naval_box():
    s = play(state(), declare(2, "axis") + ["support jp-cv-akagi"])[0]
    assert legal(s) == {"strike": [], "decline": []}
    s2, _ = play(s, ["strike"])
    assert at(s2, "jp-cv-akagi") == "delay" and s2["pieces"]["jp-cv-akagi"]["side"] == "cv-strike"
    s3, _ = play(s, ["decline"])
    assert at(s3, "jp-cv-akagi") == "naval-delay" and "side" not in s3["pieces"]["jp-cv-akagi"]


def test_15_2_a_tac_unit_is_not_offered_a_truce_in_its_box():
    def truce(p):
        p["postures"]["us"]["policies"] = []
        p["postures"]["us"]["truce"] = {"kind": "truce", "level": 1}
    s = play(state(truce), declare(2, "axis") + ["support jp-cv-akagi"])[0]
    assert "pair" not in legal(s)
    refused(s, ["pair us-cv-lexington"], "Truce or Policy Affected", "R-15-affected")


def test_15_2_a_scratch_convoy_is_not_offered_and_nothing_to_do_is_no_result():
    def bare(p):
        for pid in ("aex-hq", "kwantung-1", "jp-bomber-1", "jp-cv-akagi"):
            del p["pieces"][pid]
        p["pieces"]["manchukuo-inf"]["at"] = "pool"
        del p["pieces"]["manchukuo-inf"]["in"]
        p["pieces"]["jp-convoy"] = {"owner": "axis", "country": "japan", "kind": "support", "type": "scratch-convoy",
                                    "steps": 1, "at": "pool"}
    s, log = play(state(bare), declare(2, "axis"))
    assert wait(s)["p"] == "ds.desk" and "had no result" in texts(log) and at(s, "jp-convoy") == "pool"


# 15.4 Border Incident and 15.20 International Incident


def test_15_4_russia_neutral_or_all_three_at_war_is_no_result():
    s, log = play(state(lambda p: p["postures"]["russia"].update(posture="neutrality")), declare(4, "axis"))
    assert "had no result" in texts(log) and "Neutrality" in texts(log)
    s, log = play(state(lambda p: p["postures"]["russia"].update(posture="war")), declare(4, "axis"))
    assert "all have a Posture of War" in texts(log)


def test_15_4_the_axis_must_end_a_policy_or_lose_a_kwantung_step_or_delay_the_army_government():
    s = play(state(lambda p: p["government"].update(side="army")), declare(4, "soviet"))[0]
    assert wait(s)["role"] == "axis" and legal(s) == {"policy": ["disputes"], "step": ["kwantung-1"],
                                                              "government": []}
    s1, _ = play(s, ["policy disputes"])
    assert s1["postures"]["russia"]["policies"] == [] and s1["countries"]["mongolia"]["pac"] is False
    s2, _ = play(s, ["step kwantung-1"])
    assert s2["pieces"]["kwantung-1"]["steps"] == 1
    s3, _ = play(s, ["government"])
    assert s3["government"] == {"side": "army", "box": "delay"}


def test_15_4_the_navy_leading_the_government_option_is_refused():
    s = play(state(), declare(4, "axis"))[0]
    assert "government" not in legal(s) and "decline" not in legal(s)
    refused(s, ["government"], "Army leading")


def test_15_4_without_a_russian_posture_box_is_a_manual_ruling():
    def no_box(p):
        del p["postures"]["russia"]
        p["countries"]["mongolia"].update(pac=False, policy=None)
    s, _ = play(state(no_box), declare(4, "axis"))
    assert s["manual"][0]["event"] == "15.4"


def test_15_20_britain_neutral_or_britain_nc_us_at_war_is_no_result():
    s, log = play(state(lambda p: p["postures"]["britain"].update(posture="neutrality")), declare(20, "axis"))
    assert "had no result" in texts(log)

    def war(p):
        for c in ("britain", "us"):
            p["postures"][c]["posture"] = "war"
    s, log = play(state(war), declare(20, "axis"))
    assert "all have a Posture of War" in texts(log)


def test_15_20_the_axis_must_end_a_british_or_us_policy_or_allow_military_aid_or_delay_the_navy():
    s = play(state(), declare(20, "western"))[0]
    assert legal(s) == {"policy": ["peace", "quarantine"], "allow": [], "government": []}
    s1, _ = play(s, ["policy quarantine"])
    assert s1["postures"]["us"]["policies"] == [] and s1["postures"]["britain"]["policies"] == ["peace"]
    s2, log = play(s, ["allow"])
    assert s2["manual"][0]["event"] == "15.23" and "Military Aid" in texts(log)
    s3, _ = play(s, ["government"])
    assert s3["government"]["box"] == "delay"


# 15.21 Japan Supports Nationalists


def _port(p):
    p["hexes"] = {"Tientsin": {"country": "kansu", "port": True}, "Lanchow": {"country": "kansu"}}
    piece(p, "cc-inf", owner="soviet", country="communist-china", type="infantry", hex="Tientsin")
    p["pieces"]["jp-det-2"] = {"owner": "axis", "country": "japan", "kind": "marker", "type": "detachment",
                               "at": "pool"}


def test_15_21_the_axis_may_take_a_replacement_step_or_decline():
    s = play(state(), declare(21, "western"))[0]
    assert wait(s)["role"] == "axis" and "replacement" in legal(s) and "decline" in legal(s)
    s1, _ = play(s, ["replacement"])
    assert "replacement" in s1["players_steps"][-1]["text"]
    s2, _ = play(s, ["decline"])
    assert s2["players_steps"] == []


def test_15_21_a_port_of_an_active_chinese_country_gets_a_japanese_detachment_and_chinese_units_interned():
    s, _ = play(state(_port), declare(21, "soviet") + ["port Tientsin"])
    assert s["pieces"]["jp-det-2"]["at"] == "map" and s["pieces"]["jp-det-2"]["hex"] == "Tientsin"
    assert "cc-inf" in s["players_steps"][-1]["text"] and s["players_steps"][-1]["rule"] == "16.7"


def test_15_21_a_non_chinese_allied_ground_unit_in_the_port_prevents_the_detachment():
    def guarded(p):
        _port(p)
        piece(p, "ru-inf", owner="soviet", country="russia", hex="Tientsin")
    s, log = play(state(guarded), declare(21, "axis") + ["port Tientsin"])
    assert at(s, "jp-det-2") == "pool" and "non-Chinese Allied ground unit" in texts(log)


def test_15_21_a_neutral_or_pac_chinese_country_or_a_hex_not_a_port_is_refused():
    s = play(state(_port), declare(21, "axis"))[0]
    assert legal(s)["port"] == ["Tientsin"]
    refused(s, ["port Lanchow"], "not a Port hex")

    def pac(p):
        _port(p)
        p["countries"]["kansu"].update(pac=True, policy="disputes")
    s = play(state(pac), declare(21, "axis"))[0]
    assert "port" not in legal(s)

    def neutral(p):
        _port(p)
        p["hexes"]["Tientsin"]["country"] = "hopeh"
    assert "port" not in legal(play(state(neutral), declare(21, "axis"))[0])


def test_15_21_the_axis_strikes_a_hex_and_the_allied_faction_there_loses_a_step():
    def allied(p):
        piece(p, "cc-inf", owner="soviet", country="communist-china", hex="Yenan")
    s, _ = play(state(allied), declare(21, "axis") + ["hex Yenan"])
    assert at(s, "cc-inf") == "eliminated" and wait(s)["p"] == "ds.desk"


def test_15_21_both_allied_factions_in_the_hex_the_axis_names_the_faction_that_loses():
    def both(p):
        piece(p, "cc-inf", owner="soviet", country="communist-china", hex="Yenan")
        p["pieces"]["w-log"] = {"owner": "western", "country": "britain", "kind": "marker", "type": "logistics",
                                "at": "map", "hex": "Yenan"}
    s = play(state(both), declare(21, "axis") + ["hex Yenan"])[0]
    assert wait(s)["stage"] == "side" and wait(s)["role"] == "axis"
    assert legal(s) == {"side": ["western", "soviet"]}
    s2, _ = play(s, ["side western"])
    assert at(s2, "w-log") == "delay" and at(s2, "cc-inf") == "map"


# 15.22 LOC Damaged


def _locs(p):
    for c in ("us", "britain", "russia"):
        p["pieces"][f"{c}-loc"] = {"owner": "western" if c != "russia" else "soviet", "country": c, "kind": "marker",
                                   "type": "loc-damaged", "at": "off"}


def test_15_22_east_wind_rain_the_axis_may_place_the_us_or_british_loc_damaged_marker():
    s = play(state(_locs), declare(22, "axis"))[0]
    assert legal(s) == {"loc": ["britain-loc", "us-loc"], "decline": []}
    s2, _ = play(s, ["loc us-loc"])
    assert at(s2, "us-loc") == "strategic-warfare"
    refused(s, ["loc russia-loc"], "not a us or britain LOC Damaged")
    refused(s, ["aid western-aid-to-china"], "28b")


def test_15_22_north_wind_cloudy_the_russian_marker_or_an_aid_to_china_marker():
    def b(p):
        _locs(p)
        p["cards"]["axis"]["current"] = "28b"
    s = play(state(b), declare(22, "western"))[0]
    assert legal(s) == {"loc": ["russia-loc"], "aid": ["soviet-aid-to-china", "western-aid-to-china"],
                                "decline": []}
    s2, _ = play(s, ["aid soviet-aid-to-china"])
    assert at(s2, "soviet-aid-to-china") == "delay"
    s3, _ = play(s, ["decline"])
    assert at(s3, "russia-loc") == "off"


def test_15_22_another_card_is_no_result_and_no_marker_in_the_position_is_manual():
    s, log = play(state(lambda p: p["cards"]["axis"].update(current="8")), declare(22, "axis"))
    assert "R-15.22-other-card" in texts(log)
    s, _ = play(state(), declare(22, "axis"))
    assert s["manual"][0]["event"] == "15.22"


# 15.33 Project Success: A-bomb


def _abomb(p):
    p["hexes"] = {"Kalgan": {"country": "inner-mongolia", "near_us_air_base": True},
                  "Peiping": {"country": "hopeh", "near_us_air_base": True},
                  "Sea-1": {"sea": True, "near_us_air_base": True}, "Mukden": {"country": "manchukuo"}}
    p["postures"]["us"]["policies"] = []
    p["pieces"]["a-bomb"] = {"owner": "western", "country": "us", "kind": "marker", "type": "atomic-devastation",
                             "at": "off"}
    p["pieces"]["aex-hq"]["delay_stripe"] = True


def test_15_33_the_western_faction_must_place_the_marker_in_a_land_hex_in_range_not_neutral_minor():
    s = play(state(_abomb), declare(33, "western"))[0]
    assert wait(s)["role"] == "western" and legal(s) == {"hex": ["Kalgan"]}
    refused(s, ["hex Peiping"], "R-15-hexes")


def test_15_33_it_may_eliminate_an_axis_unit_with_a_delay_stripe_to_the_delay_box():
    s = play(state(_abomb), declare(33, "western") + ["hex Kalgan"])[0]
    assert at(s, "a-bomb") == "map" and legal(s) == {"target": ["aex-hq", "jp-detachment-1"], "decline": []}
    s2, _ = play(s, ["target aex-hq"])
    assert at(s2, "aex-hq") == "delay" and at(s2, "manchukuo-inf") == "eliminated"
    s3, _ = play(s, ["target jp-detachment-1"])
    assert at(s3, "jp-detachment-1") == "pool"
    s4, _ = play(s, ["decline"])
    assert at(s4, "aex-hq") == "map"


def test_15_33_the_us_a_tac_is_no_result_and_no_hex_in_range_is_manual():
    def tac(p):
        _abomb(p)
        p["postures"]["us"]["truce"] = {"kind": "truce", "level": 0}
    s, log = play(state(tac), declare(33, "western"))
    assert "had no result" in texts(log) and at(s, "a-bomb") == "off"

    def no_map(p):
        _abomb(p)
        p["hexes"] = {}
    s, _ = play(state(no_map), declare(33, "western"))
    assert s["manual"][0]["event"] == "15.33"


# 15.35 Successful Challenge [Country]


def test_15_35_the_country_named_is_a_declaration_field():
    refused(state(), ["event 15.35", "receiver soviet", "resolve"], "Country named on the card")
    refused(state(), ["event 15.35", "challenge japan"], "no Posture Box")


def test_15_35_attack_places_a_blitz_in_the_next_support_segment():
    s = play(state(), declare(35, "soviet", challenge="russia"))[0]
    assert wait(s)["role"] == "soviet"
    assert legal(s) == {"attack": [], "activate": ["hopeh", "indochina", "inner-mongolia", "mongolia"],
                                "policy": ["disputes"], "decline": []}
    s2, _ = play(s, ["attack"])
    assert s2["blitz"]["soviet"] == {"current": 0, "next": 1}


def test_15_35_declare_war_activates_a_neutral_country_as_axis():
    s, _ = play(state(), declare(35, "western", challenge="us") + ["activate hopeh"])
    assert s["countries"]["hopeh"]["status"] == "axis" and s["players_steps"][0]["rule"] == "13.7, 13.7.1"


def test_15_35_end_a_policy_ends_it_in_every_posture_box_but_never_neutrality():
    def shared(p):
        p["postures"]["nationalist-china"]["policies"] = ["acceptance", "neutrality"]
        p["postures"]["communist-china"]["policies"] = ["acceptance"]
    s = play(state(shared), declare(35, "western", challenge="nationalist-china"))[0]
    assert legal(s)["policy"] == ["acceptance"]
    refused(s, ["policy neutrality"], "cannot be ended")
    s2, _ = play(s, ["policy acceptance"])
    assert s2["postures"]["nationalist-china"]["policies"] == ["neutrality"]
    assert s2["postures"]["communist-china"]["policies"] == []


def test_15_35_received_by_the_axis_is_no_result():
    s, log = play(state(), declare(35, "axis", challenge="britain"))
    assert "R-15.35-allied" in texts(log) and wait(s)["p"] == "ds.desk"


def test_15_8_guerrilla_warfare_the_allied_faction_selects_the_hex_in_a_chinese_country_or_japanese_dependent():
    """ds.hex-strike at stage select, as 15.8 (batch "options") pushes it without a hex."""
    def listed(p):
        p["hexes"] = {"Kalgan": {"country": "inner-mongolia"}, "Mukden": {"country": "manchukuo"}}
        piece(p, "mk-2", country="manchukuo", type="minor-infantry", hex="Mukden")
    s = play(state(listed), declare(8, "western") + ["guerrilla"])[0]
    assert wait(s)["p"] == "ds.hex-strike" and wait(s)["stage"] == "select" and wait(s)["role"] == "western"
    assert legal(s) == {"hex": ["Kalgan"]}
    refused(s, ["hex Mukden"], "Chinese Country or Japanese Dependent", "R-15-hexes")
    s2, log = play(s, ["hex Kalgan"])
    assert at(s2, "manchukuo-inf") == "eliminated" and at(s2, "mk-2") == "map" and wait(s2)["p"] == "ds.desk"
    assert "selected hex Kalgan" in texts(log)
