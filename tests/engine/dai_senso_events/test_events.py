"""The political events implemented (rules/dai-senso-political-events.txt): every branch of each event's
conditions, each option and the No Result cases, on the sample position changed by name."""

from __future__ import annotations

import pytest

from engine import testing
from engine.core.errors import IllegalActionError
from engine.games.dai_senso_events.data import EVENTS

from .ds_helpers import declare, play, state, texts


def at(s, pid):
    return s["pieces"][pid]["at"]


# 15.3 Bases Damaged


def test_15_3_east_wind_rain_places_the_western_bases_damaged_marker():
    s, log = play(state(), declare(3, "axis"))
    assert at(s, "western-bases-damaged") == "strategic-warfare" and at(s, "soviet-bases-damaged") == "off"
    assert "Western Bases Damaged marker was placed" in texts(log)


def test_15_3_north_wind_cloudy_places_the_soviet_bases_damaged_marker():
    s, _ = play(state(lambda p: p["cards"]["axis"].update(current="28b")), declare(3, "western"))
    assert at(s, "soviet-bases-damaged") == "strategic-warfare" and at(s, "western-bases-damaged") == "off"


def test_15_3_another_axis_card_is_no_result():
    s, log = play(state(lambda p: p["cards"]["axis"].update(current="8")), declare(3, "axis"))
    assert at(s, "western-bases-damaged") == "off" and "had no result" in texts(log)
    assert "R-15.3-other-card" in texts(log)


# 15.6 Cabinet Shuffle and 15.31 Power Shift


def test_15_6_the_government_marker_in_its_holding_box_is_flipped():
    s, log = play(state(), declare(6, "western"))
    assert s["government"] == {"side": "army", "box": "holding"}
    assert "from its Navy side to its Army side" in texts(log)


def test_15_6_the_government_marker_in_the_delay_box_is_no_result():
    s, log = play(state(lambda p: p["government"].update(box="delay")), declare(6, "axis"))
    assert s["government"]["side"] == "navy" and "had no result" in texts(log)


def test_15_31_the_axis_may_flip_the_government_marker():
    s0, _ = play(state(), declare(31, "soviet"))
    assert testing.waiting(s0)["role"] == "axis" and testing.waiting(s0)["stage"] == "choose"
    s, _ = play(s0, ["flip"])
    assert s["government"]["side"] == "army"
    s, log = play(s0, ["decline"])
    assert s["government"]["side"] == "navy" and "declined" in texts(log)


def test_15_31_the_government_marker_in_the_delay_box_is_no_result():
    s, log = play(state(lambda p: p["government"].update(box="delay")), declare(31, "axis"))
    assert testing.waiting(s)["p"] == "ds.desk" and "had no result" in texts(log)


# 15.9 Country Joins [Faction]


def test_15_9_country_joins_a_country_without_markers_activates_for_the_faction_named():
    s, log = play(state(), declare(9, "axis", country="hopeh", faction="axis"))
    assert s["countries"]["hopeh"]["status"] == "axis"
    assert "13.7.1" in texts(log) and s["players_steps"][0]["event"] == "15.9"


def test_15_9_country_joins_an_enemy_influence_marker_is_removed_first():
    def western(p):
        p["countries"]["hopeh"]["markers"] = ["influence-western"]
    s, log = play(state(western), declare(9, "axis", country="hopeh", faction="axis"))
    assert s["countries"]["hopeh"]["status"] == "neutral" and s["countries"]["hopeh"]["markers"] == []
    s, _ = play(s, declare(9, "axis", country="hopeh", faction="axis"))
    assert s["countries"]["hopeh"]["status"] == "axis"


def test_15_9_country_joins_a_neutrality_marker_is_removed():
    s, _ = play(state(), declare(9, "western", country="indochina", faction="western"))
    assert s["countries"]["indochina"]["status"] == "neutral" and s["countries"]["indochina"]["markers"] == []


def test_15_9_country_joins_soviet_influence_is_enemy_to_the_western_faction():
    s, _ = play(state(), declare(9, "western", country="mongolia", faction="western"))
    assert s["countries"]["mongolia"]["status"] == "neutral" and s["countries"]["mongolia"]["markers"] == []


def test_15_9_country_joins_a_friendly_influence_marker_activates():
    s, _ = play(state(), declare(9, "soviet", country="mongolia", faction="soviet"))
    assert s["countries"]["mongolia"]["status"] == "soviet" and s["countries"]["mongolia"]["markers"] == []


def test_15_9_a_country_not_neutral_is_refused_with_the_ruling():
    with pytest.raises(IllegalActionError) as e:
        play(state(), ["event 15.9", "country kansu"])
    assert "R-15-selected" in e.value.message and "not Neutral" in e.value.message


def test_15_9_resolve_before_the_faction_is_named_is_refused():
    with pytest.raises(IllegalActionError) as e:
        play(state(), ["event 15.9", "receiver axis", "country hopeh", "resolve"])
    assert "faction" in e.value.message


# 15.11 Coup D'etat and 15.12 Declare War


def test_15_11_coup_received_by_an_allied_faction_activates_axis_without_mobilization_roll():
    s, log = play(state(), declare(11, "western", country="hopeh"))
    assert s["countries"]["hopeh"]["status"] == "axis" and "without a Mobilization Roll" in texts(log)


def test_15_11_coup_received_by_the_axis_activates_allied_per_13_5():
    s, log = play(state(), declare(11, "axis", country="hopeh"))
    assert s["countries"]["hopeh"]["status"] == "western" and "13.5" in texts(log)


def test_15_11_coup_without_alignment_is_a_manual_ruling():
    s, log = play(state(lambda p: p["countries"]["hopeh"].pop("aligns")), declare(11, "axis", country="hopeh"))
    assert s["countries"]["hopeh"]["status"] == "neutral" and s["manual"][0]["rule"] == "13.5"


def test_15_12_declare_war_received_by_an_allied_faction_activates_axis():
    s, _ = play(state(), declare(12, "soviet", country="mongolia"))
    assert s["countries"]["mongolia"]["status"] == "axis" and s["countries"]["mongolia"]["markers"] == []


def test_15_12_declare_war_by_the_axis_on_a_pac_ends_its_policy():
    s, log = play(state(), declare(12, "axis", country="mongolia"))
    assert s["countries"]["mongolia"]["status"] == "soviet"
    assert s["postures"]["russia"]["policies"] == [] and s["countries"]["mongolia"]["pac"] is False
    assert "disputes Policy was ended" in texts(log)


def test_15_12_declare_war_by_the_axis_on_a_country_not_a_pac_ends_no_policy():
    s, _ = play(state(), declare(12, "axis", country="hopeh"))
    assert s["countries"]["hopeh"]["status"] == "western" and s["postures"]["russia"]["policies"] == ["disputes"]


# 15.13 Delay Reduction


def test_15_13_a_unit_moves_one_box_left_on_the_turn_track():
    s, log = play(state(), declare(13, "soviet") + ["unit ru-interceptor-1"])
    assert s["pieces"]["ru-interceptor-1"]["turn"] == 4 and "from turn 5 to turn 4" in texts(log)


def test_15_13_not_into_the_current_turn_nor_another_factions_unit():
    s, _ = play(state(), declare(13, "axis"))
    assert testing.waiting(s)["p"] == "ds.desk"  # jp-surface-1 arrives on turn 4: turn 3 is the current turn
    s, _ = play(state(), declare(13, "soviet"))
    with pytest.raises(IllegalActionError) as e:
        play(s, ["unit uk-surface-1"])
    assert "not a unit of the Soviet faction" in e.value.message


def test_15_13_may_be_declined():
    s, log = play(state(), declare(13, "western") + ["decline"])
    assert s["pieces"]["uk-surface-1"]["turn"] == 6 and "declined" in texts(log)


# 15.16 Free Passage


def test_15_16_free_passage_activates_with_a_free_passage_marker_and_no_mobilization_roll():
    s, log = play(state(), declare(16, "axis", country="hopeh"))
    c = s["countries"]["hopeh"]
    assert c["status"] == "axis" and c["markers"] == ["free-passage"] and "without a Mobilization Roll" in texts(log)


def test_15_16_free_passage_with_enemy_influence_removes_it():
    s, _ = play(state(), declare(16, "axis", country="mongolia"))
    assert s["countries"]["mongolia"]["status"] == "neutral" and s["countries"]["mongolia"]["markers"] == []


# 15.18 Home Defense


def test_15_18_the_axis_receives_an_hd_unit_for_the_players_to_place():
    s, log = play(state(), declare(18, "western") + ["receive jp-hd-2"])
    assert at(s, "jp-hd-2") == "pending" and at(s, "jp-hd-1") == "off"
    assert s["players_steps"][-1]["event"] == "15.18"


def test_15_18_declined_or_none_left():
    s, _ = play(state(), declare(18, "axis") + ["decline"])
    assert at(s, "jp-hd-1") == "off" and at(s, "jp-hd-2") == "off"

    def none(p):
        for k in ("jp-hd-1", "jp-hd-2"):
            p["pieces"][k]["at"] = "removed"
    s, log = play(state(none), declare(18, "axis"))
    assert "had no result" in texts(log)


# 15.23 Military Aid


def test_15_23_military_aid_is_handed_to_the_umpire():
    s, log = play(state(), declare(23, "western"))
    assert s["manual"][0]["event"] == "15.23" and "cut off" in texts(log)


# 15.24 Military Takeover


def test_15_24_military_takeover_does_all_and_may_place_a_blitz():
    s0, log = play(state(), declare(24, "axis"))
    assert at(s0, "military-takeover") == "strategic-warfare" and s0["government"]["box"] == "delay"
    assert at(s0, "showa-restoration") == "removed" and at(s0, "japanese-mandate") == "vp-track"
    assert at(s0, "hakko-ichiu") == "off"
    s, _ = play(s0, ["blitz"])
    assert s["blitz"]["axis"]["current"] == 1
    s, _ = play(s0, ["decline"])
    assert s["blitz"]["axis"]["current"] == 0


def test_15_24_showa_on_the_turn_track_goes_and_hakko_not_on_the_vp_track_stays():
    def change(p):
        p["pieces"]["showa-restoration"].update(at="turn-track", turn=5)
        p["pieces"]["hakko-ichiu"]["at"] = "off"
        p["government"]["box"] = "delay"
    s, _ = play(state(change), declare(24, "axis") + ["decline"])
    assert at(s, "showa-restoration") == "removed" and at(s, "japanese-mandate") == "off"


# 15.27 Neutrality


def test_15_27_an_influence_marker_is_removed():
    s, _ = play(state(), declare(27, "axis", country="mongolia"))
    assert s["countries"]["mongolia"]["markers"] == []


def test_15_27_no_marker_gets_a_neutrality_marker():
    s, _ = play(state(), declare(27, "western", country="hopeh"))
    assert s["countries"]["hopeh"]["markers"] == ["neutrality"]


def test_15_27_a_neutrality_marker_already_is_no_result():
    s, log = play(state(), declare(27, "western", country="indochina"))
    assert s["countries"]["indochina"]["markers"] == ["neutrality"] and "had no result" in texts(log)


# 15.32 Production Success [Type]


def test_15_32_first_the_unit_then_the_marker_then_a_manual_ruling():
    s, _ = play(state(), declare(32, "axis", card="57"))
    assert at(s, "jp-cv-8") == "delay" and s["production"]["57"] == 1
    s, _ = play(s, declare(32, "axis", card="57"))
    assert at(s, "suicidal-raiders") == "delay" and s["production"]["57"] == 2
    s, _ = play(s, declare(32, "axis", card="57"))
    assert s["manual"][-1]["event"] == "15.32"


def test_15_32_a_card_without_its_unit_is_a_manual_ruling():
    s, _ = play(state(), declare(32, "axis", card="54"))
    assert s["manual"][0]["event"] == "15.32" and s["production"]["54"] == 1


# 15.34 Raiders Discovered


def test_15_34_a_cv_fleet_goes_to_the_delay_box():
    s, _ = play(state(), declare(34, "western"))
    assert at(s, "us-cv-lexington") == "delay" and at(s, "uk-bomber-1") == "pool"


def test_15_34_without_cv_fleet_another_support_unit_and_a_choice_between_several():
    s, _ = play(state(), declare(34, "soviet"))
    assert at(s, "ru-bomber-1") == "delay"

    def two(p):
        p["pieces"]["jp-cv-2"] = dict(p["pieces"]["jp-cv-akagi"], name="Kaga CV Fleet")
    s, _ = play(state(two), declare(34, "axis"))
    assert testing.waiting(s)["stage"] == "choose"
    with pytest.raises(IllegalActionError) as e:
        play(s, ["unit jp-bomber-1"])
    assert "not a CV Fleet" in e.value.message
    s, _ = play(s, ["unit jp-cv-2"])
    assert at(s, "jp-cv-2") == "delay" and at(s, "jp-cv-akagi") == "pool"


def test_15_34_no_support_unit_in_the_pool_is_no_result():
    def empty(p):
        p["pieces"]["ru-bomber-1"]["at"] = "delay"
    s, log = play(state(empty), declare(34, "soviet"))
    assert "had no result" in texts(log)


# 15.36 Successful Improvements


def test_15_36_the_chinese_interceptor_or_the_prod_marker_or_decline():
    s0, _ = play(state(), declare(36, "western"))
    s, _ = play(s0, ["interceptor nc-interceptor"])
    assert at(s, "nc-interceptor") == "delay"
    s, _ = play(s0, ["prod"])
    assert s["pieces"]["western-prod"]["side"] == "+2"
    s, _ = play(s0, ["decline"])
    assert at(s, "nc-interceptor") == "off" and s["pieces"]["western-prod"]["side"] == "+1"


def test_15_36_with_nothing_to_improve_is_no_result():
    def spent(p):
        p["pieces"]["cc-interceptor"]["at"] = "delay"
        p["pieces"]["soviet-prod"]["side"] = "+2"
    s, log = play(state(spent), declare(36, "soviet"))
    assert "had no result" in texts(log)


# The desk


def test_15_every_event_of_section_15_is_offered_and_no_other_number():
    s = state()
    offered = __import__("engine").legal_actions(s, "axis")["event"]
    assert offered == [f"15.{n}" for n in range(1, 38)] == [e["number"] for e in EVENTS.values()]
    for wrong in ("15.38", "16.1", "15.0", "fifteen"):
        with pytest.raises(IllegalActionError) as e:
            play(s, [f"event {wrong}"])
        assert "15.1 to 15.37" in e.value.message, wrong


def test_15_pass_clear_and_end():
    s, _ = play(state(), declare(23, "axis") + ["pass"])
    assert testing.waiting(s)["role"] == "western" and s["manual"]
    s, _ = play(s, ["clear", "end"])
    assert s["manual"] == [] and s["outcome"]["winner"] is None
