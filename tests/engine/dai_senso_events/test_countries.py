"""The political events of the batch "countries" (rules/dai-senso-political-events.txt): 15.5 Border War, 15.7
Ceded Land, 15.10 Country Resists, 15.15 Failure, 15.17 Gekokujo, 15.19 Influence, 15.25 Minor Country Created;
every branch of their conditions, each option and the No Result cases, on the sample position changed by name."""

from __future__ import annotations

import copy

import pytest

import engine
from engine import testing
from engine.coin.position_checks import PositionError
from engine.core.errors import IllegalActionError

from .ds_helpers import declare, play, sample, state, texts


def at(s, pid):
    return s["pieces"][pid]["at"]


def status(s, cid):
    return s["countries"][cid]["status"]


def markers(s, cid):
    return s["countries"][cid]["markers"]


def waiting(s):
    return testing.waiting(s)


def refused(s, orders) -> str:
    with pytest.raises(IllegalActionError) as e:
        play(s, orders)
    return e.value.message


def piece(**kw) -> dict:
    return {"country": "", **kw}


def add(**pieces):
    def change(p):
        for pid, v in pieces.items():
            p["pieces"][pid] = copy.deepcopy(v)
    return change


def both(*changes):
    def change(p):
        for c in changes:
            c(p)
    return change


# 15.5 Border War ------------------------------------------------------------------------------------------------


def test_15_5_received_by_the_axis_the_country_activates_axis_then_a_bordering_neutral_allied_per_13_5():
    s, log = play(state(), declare(5, "axis", country="hopeh"))
    assert status(s, "hopeh") == "axis"
    w = waiting(s)
    assert w["p"] == "ds.15.5" and w["role"] == "axis" and w["stage"] == "border"
    assert engine.legal_actions(s, "axis")["border"] == ["inner-mongolia", "mongolia"]  # kansu is Soviet
    s, log = play(s, ["border mongolia"])
    assert status(s, "mongolia") == "soviet" and markers(s, "mongolia") == []  # aligns soviet (13.5)
    assert "13.5" in texts(log) and waiting(s)["p"] == "ds.desk"


def test_15_5_a_country_without_a_border_is_refused_with_the_reason():
    s, _ = play(state(), declare(5, "axis", country="hopeh"))
    assert "shares no Border" in refused(s, ["border indochina"])
    assert "not Neutral" in refused(s, ["border kansu"])


def test_15_5_received_by_an_allied_faction_allied_per_13_5_then_the_receiver_activates_a_neighbour_as_axis():
    s, _ = play(state(), declare(5, "soviet", country="hopeh"))
    assert status(s, "hopeh") == "western"  # Hopeh aligns with the Western faction (ruling R-15.5-allied)
    assert waiting(s)["role"] == "soviet"
    s, _ = play(s, ["border inner-mongolia"])
    assert status(s, "inner-mongolia") == "axis"


def test_15_5_the_border_of_one_of_its_dependents_counts():
    def dependent(p):
        p["countries"]["inner-mongolia"]["dependent_of"] = "hopeh"
        p["countries"]["inner-mongolia"]["borders"].append("indochina")
    s, _ = play(state(dependent), declare(5, "axis", country="hopeh"))
    assert "indochina" in engine.legal_actions(s, "axis")["border"]
    s, _ = play(s, ["border indochina"])
    assert status(s, "indochina") == "western" and markers(s, "indochina") == []


def test_15_5_with_no_neutral_neighbour_no_country_is_activated():
    s, log = play(state(), declare(5, "axis", country="indochina"))  # Indochina borders Burma only (Western)
    assert status(s, "indochina") == "axis" and waiting(s)["p"] == "ds.desk"
    assert "no Country is activated as an Allied Country" in texts(log)


def test_15_5_without_alignment_the_allied_activation_and_the_rest_are_manual():
    s, _ = play(state(lambda p: p["countries"]["hopeh"].pop("aligns")), declare(5, "western", country="hopeh"))
    assert status(s, "hopeh") == "neutral" and [m["rule"] for m in s["manual"]] == ["13.5", "15.5"]
    assert waiting(s)["p"] == "ds.desk"


def test_15_5_a_dependent_of_an_unknown_country_is_refused_in_a_position():
    p = sample()
    p["countries"]["inner-mongolia"]["dependent_of"] = "atlantis"
    with pytest.raises(PositionError) as e:
        engine.definition("dai-senso-events").position.from_position(p)
    assert any(f.path == "countries.inner-mongolia.dependent_of" for f in e.value.faults)


# 15.7 Ceded Land ------------------------------------------------------------------------------------------------

CEDED = add(**{
    "jp-ceded-inner-mongolia": piece(name="Japanese Inner Mongolia Dependent", owner="axis", country="inner-mongolia",
                                     kind="marker", type="ceded-land", at="off"),
    "ru-ceded-mongolia": piece(name="Soviet Mongolia", owner="soviet", country="mongolia", kind="marker",
                               type="ceded-land", at="off"),
    "uk-ceded-hopeh": piece(name="Western Hopeh", owner="western", country="hopeh", kind="marker", type="ceded-land",
                            at="off"),
})
DETACHMENT = add(**{"jp-detachment-2": piece(name="Japanese Detachment", owner="axis", country="japan", kind="marker",
                                             type="detachment", at="pool")})


def test_15_7_the_example_card_8_hopeh_borders_soviet_kansu_a_5_places_a_soviet_influence_marker():
    s, log = play(state(CEDED), declare(7, "axis", land="jp-ceded-inner-mongolia", ceding="hopeh"), rolls=[5])
    assert at(s, "jp-ceded-inner-mongolia") == "ceded-lands"
    assert markers(s, "hopeh") == ["influence-soviet"] and "rolled 5 (unmodified)" in texts(log)


def test_15_7_a_3_places_a_western_influence_marker():
    s, _ = play(state(CEDED), declare(7, "axis", land="jp-ceded-inner-mongolia", ceding="hopeh"), rolls=[3])
    assert markers(s, "hopeh") == ["influence-western"]


def test_15_7_without_a_soviet_border_a_western_influence_marker_without_a_roll():
    s, _ = play(state(both(CEDED, lambda p: p["countries"]["kansu"].update(status="western"))),
                declare(7, "axis", land="jp-ceded-inner-mongolia", ceding="hopeh"))
    assert markers(s, "hopeh") == ["influence-western"]


@pytest.mark.parametrize("held", ["neutrality", "influence-axis"])
def test_15_7_axis_a_neutrality_or_axis_influence_marker_is_removed(held):
    s, log = play(state(both(CEDED, lambda p: p["countries"]["hopeh"].update(markers=[held]))),
                  declare(7, "axis", land="jp-ceded-inner-mongolia", ceding="hopeh"))
    assert markers(s, "hopeh") == [] and "was removed from Hopeh" in texts(log)


def test_15_7_axis_a_western_marker_already_there_or_a_country_not_neutral_gets_no_marker():
    s, log = play(state(both(CEDED, lambda p: p["countries"]["hopeh"].update(markers=["influence-western"]))),
                  declare(7, "axis", land="jp-ceded-inner-mongolia", ceding="hopeh"))
    assert markers(s, "hopeh") == ["influence-western"] and "no Influence marker is placed" in texts(log)
    s, log = play(state(CEDED), declare(7, "axis", land="jp-ceded-inner-mongolia", ceding="kansu"))
    assert markers(s, "kansu") == [] and "R-15.7-neutral" in texts(log)


def test_15_7_the_detachment_marker_may_be_taken_for_the_players_to_place_in_a_port_or_city_hex():
    def hexes(p):
        p["hexes"] = {"Kalgan": {"country": "inner-mongolia", "city": True}, "Peiping": {"country": "hopeh",
                                                                                          "city": True}}
    s0, _ = play(state(both(CEDED, DETACHMENT, hexes)), declare(7, "axis", land="jp-ceded-inner-mongolia",
                                                                ceding="hopeh"))
    w = waiting(s0)
    assert w["stage"] == "detachment" and engine.legal_actions(s0, "axis") == {"detachment": ["jp-detachment-2"],
                                                                               "decline": []}
    s, log = play(s0, ["detachment jp-detachment-2"], rolls=[2])
    assert at(s, "jp-detachment-2") == "pending" and markers(s, "hopeh") == ["influence-western"]
    assert "the position knows Kalgan" in s["players_steps"][-1]["text"] and "Peiping" not in texts(log)
    s, _ = play(s0, ["decline"], rolls=[6])
    assert at(s, "jp-detachment-2") == "pool" and markers(s, "hopeh") == ["influence-soviet"]


def test_15_7_allied_a_country_that_ceded_all_its_land_no_longer_exists_no_marker():
    s, log = play(state(CEDED), declare(7, "soviet", land="ru-ceded-mongolia", ceding="mongolia"))
    assert at(s, "ru-ceded-mongolia") == "ceded-lands" and markers(s, "mongolia") == ["influence-soviet"]
    assert "no longer exists" in texts(log)


def test_15_7_allied_no_marker_places_axis_influence_an_allied_marker_is_removed():
    s, _ = play(state(CEDED), declare(7, "western", land="uk-ceded-hopeh", ceding="inner-mongolia"))
    assert markers(s, "inner-mongolia") == ["influence-axis"]
    s, log = play(state(CEDED), declare(7, "western", land="uk-ceded-hopeh", ceding="mongolia"))
    assert markers(s, "mongolia") == []  # a Soviet marker is Allied Influence (ruling R-15.7-allied)
    s, log = play(state(both(CEDED, lambda p: p["countries"]["hopeh"].update(markers=["influence-axis"]))),
                  declare(7, "soviet", land="ru-ceded-mongolia", ceding="hopeh"))
    assert markers(s, "hopeh") == ["influence-axis"] and "R-15.7-allied" in texts(log)


def test_15_7_no_marker_in_the_position_or_another_factions_is_a_manual_ruling_and_the_rest_goes_on():
    s, _ = play(state(), declare(7, "western", land="none", ceding="hopeh"))
    assert s["manual"][0]["event"] == "15.7" and markers(s, "hopeh") == ["influence-axis"]
    s, _ = play(state(CEDED), declare(7, "western", land="ru-ceded-mongolia", ceding="hopeh"))
    assert at(s, "ru-ceded-mongolia") == "off" and "Soviet faction's" in s["manual"][0]["text"]


def test_15_7_the_declaration_refuses_a_piece_that_is_no_ceded_land_marker():
    assert "not a Ceded Land marker" in refused(state(), ["event 15.7", "land jp-bomber-1"])


def test_15_7_the_declaration_offers_the_ceded_land_markers_not_yet_in_the_box_and_none():
    def boxed(p):
        p["pieces"]["uk-ceded-hopeh"]["at"] = "ceded-lands"
    s, _ = play(state(both(CEDED, boxed)), ["event 15.7", "receiver axis"])
    legal = engine.legal_actions(s, "axis")
    assert legal["land"] == ["jp-ceded-inner-mongolia", "ru-ceded-mongolia", "none"]
    assert "hopeh" in legal["ceding"] and "kansu" in legal["ceding"]  # any country may cede land
    assert "Ceded Lands Box already" in refused(s, ["land uk-ceded-hopeh"])
    assert "land" in refused(s, ["ceding hopeh", "resolve"])


def test_15_15_and_15_25_the_declaration_names_the_failure_and_the_card():
    s, _ = play(state(), ["event 15.15", "receiver western"])
    assert engine.legal_actions(s, "axis")["failure"] == ["command", "supply"]
    s, _ = play(state(), ["event 15.25", "receiver western"])
    assert engine.legal_actions(s, "axis")["origin"] == ["expansion", "independence"]


# 15.10 Country Resists ------------------------------------------------------------------------------------------

JP_MONGOLIA = add(**{"jp-ceded-mongolia": piece(name="Japanese Mongolia", owner="axis", country="mongolia",
                                                kind="marker", type="ceded-land", at="off")})
RUSSIANS = add(**{
    "ru-inf-1": piece(name="Russian infantry", owner="soviet", country="russia", kind="ground", type="infantry",
                      steps=2, at="map", hex="Chita"),
    "ru-inf-2": piece(name="Russian infantry", owner="soviet", country="russia", kind="ground", type="infantry",
                      steps=1, at="map", hex="Kyakhta"),
    "ru-armor-1": piece(name="Russian armor", owner="soviet", country="russia", kind="ground", type="armor", steps=2,
                        at="map", hex="Chita"),
})


def test_15_10_axis_limited_war_a_pac_activates_allied_its_policy_ends_and_country_activated():
    s, log = play(state(JP_MONGOLIA), declare(10, "axis", country="mongolia", land="jp-ceded-mongolia"))
    assert status(s, "mongolia") == "soviet" and s["postures"]["russia"]["policies"] == []
    assert at(s, "jp-ceded-mongolia") == "pool" and waiting(s)["stage"] == "blitz" and waiting(s)["role"] == "axis"
    s, log = play(s, ["blitz"])
    assert s["blitz"]["axis"]["current"] == 1 and waiting(s)["p"] == "ds.desk"


def test_15_10_axis_limited_war_not_a_pac_no_policy_ends_blitz_declined():
    s, log = play(state(), declare(10, "axis", country="hopeh", land="none") + ["decline"])
    assert status(s, "hopeh") == "western" and s["postures"]["russia"]["policies"] == ["disputes"]
    assert s["blitz"]["axis"]["current"] == 0 and s["manual"][0]["event"] == "15.10"  # no Ceded Land marker


def test_15_10_axis_pre_war_not_acceptance_activates_allied_ends_its_policy_and_limited_war_begins():
    s, log = play(state(lambda p: p.update(war="pre-war")), declare(10, "axis", country="mongolia", land="none")
                  + ["decline"])
    assert status(s, "mongolia") == "soviet" and s["postures"]["russia"]["policies"] == []
    assert s["war"] == "limited-war" and any(p["rule"] == "12.2" for p in s["players_steps"])
    s, log = play(state(lambda p: p.update(war="pre-war")), declare(10, "axis", country="hopeh", land="none")
                  + ["decline"])
    assert status(s, "hopeh") == "western" and s["war"] == "limited-war" and "no Policy to end" in texts(log)


def acceptance(p):
    p["war"] = "pre-war"
    p["countries"]["hopeh"].update(pac=True, policy="acceptance")


def test_15_10_axis_pre_war_acceptance_rolls_on_the_cabinet_crisis_table():
    s, log = play(state(acceptance), declare(10, "axis", country="hopeh", land="none"), rolls=[4])
    assert status(s, "hopeh") == "neutral" and s["war"] == "pre-war"
    assert s["manual"][0]["event"] == "15.10" and "roll of 4" in s["manual"][0]["text"]

    def table(p):
        acceptance(p)
        p["tables"] = {"cabinet-crisis": {str(i): f"result {i}" for i in range(1, 7)}}
    s, log = play(state(table), declare(10, "axis", country="hopeh", land="none"), rolls=[2])
    assert s["manual"] == [] and "result 2" in s["players_steps"][-1]["text"] and "result 2" in texts(log)


def test_15_10_axis_pre_war_without_alignment_is_a_manual_ruling():
    s, _ = play(state(lambda p: (p.update(war="pre-war"), p["countries"]["hopeh"].pop("aligns"))),
                declare(10, "axis", country="hopeh", land="none"))
    assert status(s, "hopeh") == "neutral" and s["manual"][0]["rule"] == "13.5"


def test_15_10_the_example_russia_under_disputes_the_soviet_faction_eliminates_two_infantry_steps():
    s0, _ = play(state(RUSSIANS), declare(10, "soviet", country="mongolia", land="none"))
    assert waiting(s0)["stage"] == "losses" and waiting(s0)["role"] == "soviet"
    assert engine.legal_actions(s0, "soviet") == {"armor": ["ru-armor-1"], "infantry": ["ru-inf-1", "ru-inf-2"]}
    s, _ = play(s0, ["infantry ru-inf-2"])
    assert at(s, "ru-inf-2") == "eliminated" and engine.legal_actions(s, "soviet") == {"infantry": ["ru-inf-1"]}
    assert "second must be infantry" in refused(s, ["armor ru-armor-1"])
    s, _ = play(s, ["infantry ru-inf-1"])
    assert s["pieces"]["ru-inf-1"]["steps"] == 1 and waiting(s)["p"] == "ds.desk"
    assert status(s, "mongolia") == "neutral" and s["blitz"]["soviet"]["current"] == 0
    s, _ = play(s0, ["infantry ru-inf-1", "infantry ru-inf-1"])  # the same unit twice
    assert at(s, "ru-inf-1") == "eliminated"


def test_15_10_one_armor_step_instead():
    s, _ = play(state(RUSSIANS), declare(10, "soviet", country="mongolia", land="none") + ["armor ru-armor-1"])
    assert s["pieces"]["ru-armor-1"]["steps"] == 1 and s["pieces"]["ru-inf-1"]["steps"] == 2
    assert any(p["rule"] == "4.2.6.2" for p in s["players_steps"])


def test_15_10_a_unit_of_another_kind_is_refused_with_the_ruling():
    s, _ = play(state(RUSSIANS), declare(10, "soviet", country="mongolia", land="none"))
    assert "R-15.10-steps" in refused(s, ["infantry ru-bomber-1"])


def test_15_10_without_an_armor_unit_nor_two_infantry_steps_no_result():
    s, log = play(state(), declare(10, "soviet", country="mongolia", land="none"))
    assert "had no result" in texts(log) and "R-15.10-steps" in texts(log)
    one = add(**{"ru-inf-2": piece(owner="soviet", country="russia", kind="ground", type="infantry", steps=1,
                                   at="map", hex="Kyakhta")})
    s, log = play(state(one), declare(10, "soviet", country="mongolia", land="none"))
    assert "had no result" in texts(log) and at(s, "ru-inf-2") == "map"


def test_15_10_britain_not_a_pac_the_axis_activates_the_country_and_the_receiver_has_country_activated():
    s, log = play(state(both(CEDED, lambda p: p["postures"]["britain"].update(policies=[]))),
                  declare(10, "western", country="hopeh", land="uk-ceded-hopeh"))
    assert status(s, "hopeh") == "axis" and at(s, "uk-ceded-hopeh") == "pool"
    assert waiting(s)["role"] == "western" and waiting(s)["stage"] == "blitz"
    s, _ = play(s, ["blitz"])
    assert s["blitz"]["western"]["current"] == 1


def test_15_10_britain_a_pac_the_western_faction_loses_british_steps():
    brit = add(**{"uk-armor-1": piece(owner="western", country="britain", kind="ground", type="armor", steps=1,
                                      at="map", hex="Rangoon")})
    s, _ = play(state(brit), declare(10, "western", country="hopeh", land="none") + ["armor uk-armor-1"])
    assert at(s, "uk-armor-1") == "eliminated" and status(s, "hopeh") == "neutral"


# 15.15 Failure --------------------------------------------------------------------------------------------------

FAILURES = add(**{
    "western-command-failure": piece(name="Western Command Failure", owner="western", kind="marker", type="failure",
                                     side="command", at="off"),
    "western-supply-failure": piece(name="Western Supply Failure", owner="western", kind="marker", type="failure",
                                    side="supply", at="off"),
})


def test_15_15_an_allied_failure_the_axis_places_the_marker_and_may_delay_a_support_unit():
    s, log = play(state(FAILURES), declare(15, "western", failure="command"))
    assert at(s, "western-command-failure") == "pending" and at(s, "western-supply-failure") == "off"
    assert "any hex on the map" in s["players_steps"][-1]["text"]
    assert waiting(s)["role"] == "axis" and waiting(s)["stage"] == "support"
    assert engine.legal_actions(s, "axis")["delay"] == ["uk-bomber-1", "uk-surface-1", "us-cv-lexington"]
    assert "European Holding Box" in refused(s, ["delay uk-force-h"])
    s2, _ = play(s, ["delay uk-surface-1"])
    assert at(s2, "uk-surface-1") == "delay" and waiting(s2)["p"] == "ds.desk"
    s2, log = play(s, ["decline"])
    assert at(s2, "uk-surface-1") == "turn-track" and "declined" in texts(log)


def test_15_15_an_axis_failure_the_axis_selects_the_allied_faction_that_places_and_delays():
    s, _ = play(state(), declare(15, "axis", failure="supply"))
    assert waiting(s)["role"] == "axis" and engine.legal_actions(s, "axis") == {"ally": ["western", "soviet"]}
    s, _ = play(s, ["ally soviet"])
    assert s["manual"][0]["event"] == "15.15"  # no Axis Supply Failure marker in the position
    assert waiting(s)["role"] == "soviet"
    assert engine.legal_actions(s, "soviet")["delay"] == ["jp-bomber-1", "jp-cv-akagi", "jp-surface-1"]
    s, _ = play(s, ["delay jp-surface-1"])
    assert at(s, "jp-surface-1") == "delay"


def test_15_15_with_no_support_unit_to_delay_the_event_ends_after_the_marker():
    def none(p):
        for k in ("ru-bomber-1", "ru-interceptor-1"):
            p["pieces"][k]["at"] = "delay"
            p["pieces"][k].pop("turn", None)
    s, log = play(state(none), declare(15, "soviet", failure="command"))
    assert waiting(s)["p"] == "ds.desk" and "no support unit" in texts(log)


# 15.17 Gekokujo -------------------------------------------------------------------------------------------------


def test_15_17_pre_war_the_government_goes_to_delay_the_axis_ends_a_policy_and_limited_war_begins():
    s, _ = play(state(lambda p: p.update(war="pre-war")), declare(17, "western"))
    assert s["government"]["box"] == "delay" and waiting(s)["role"] == "axis"
    assert engine.legal_actions(s, "axis") == {"policy": ["disputes", "peace", "quarantine"]}
    s, _ = play(s, ["policy peace"])
    assert s["postures"]["britain"]["policies"] == [] and s["war"] == "limited-war"


def test_15_17_pre_war_with_no_policy_limited_war_begins_all_the_same():
    def bare(p):
        p["war"] = "pre-war"
        p["government"]["box"] = "delay"
        for box in p["postures"].values():
            box["policies"] = []
        p["countries"]["mongolia"].update(pac=False, policy=None)
    s, log = play(state(bare), declare(17, "axis"))
    assert s["war"] == "limited-war" and "no Policy to end" in texts(log) and waiting(s)["p"] == "ds.desk"


def test_15_17_limited_war_the_navy_leads_a_supply_failure_for_the_axis():
    s, log = play(state(), declare(17, "soviet"))
    w = waiting(s)
    assert w["p"] == "ds.15.15" and w["failure"] == "supply" and w["recv"] == "axis" and w["stage"] == "ally"
    assert "became 15.15 Failure (Supply)" in texts(log)


def test_15_17_total_war_the_army_leads_a_command_failure():
    s, _ = play(state(lambda p: (p.update(war="total-war"), p["government"].update(side="army"))),
                declare(17, "axis"))
    assert waiting(s)["p"] == "ds.15.15" and waiting(s)["failure"] == "command"


def test_15_17_no_faction_leads_the_western_faction_selects_the_failure():
    s, _ = play(state(lambda p: p["government"].update(box="delay")), declare(17, "axis"))
    assert waiting(s)["role"] == "western" and waiting(s)["stage"] == "failure"
    s, _ = play(s, ["failure command", "ally western", "decline"])
    assert waiting(s)["p"] == "ds.desk" and s["manual"][0]["event"] == "15.15"


# 15.19 Influence ------------------------------------------------------------------------------------------------


def test_15_19_the_example_the_soviet_faction_activates_mongolia_with_its_influence_marker():
    s, _ = play(state(), declare(19, "soviet", selected="mongolia"))
    assert engine.legal_actions(s, "soviet") == {"join": ["mongolia"], "decline": []}
    s, _ = play(s, ["join mongolia"])
    assert status(s, "mongolia") == "soviet" and markers(s, "mongolia") == []


def test_15_19_the_example_the_western_faction_removes_the_soviet_marker_or_declines():
    s0, _ = play(state(), declare(19, "western", selected="mongolia"))
    assert engine.legal_actions(s0, "western") == {"remove": ["influence-soviet"], "decline": []}
    s, _ = play(s0, ["remove influence-soviet"])
    assert markers(s, "mongolia") == [] and status(s, "mongolia") == "neutral"
    s, log = play(s0, ["decline"])
    assert markers(s, "mongolia") == ["influence-soviet"] and "declined" in texts(log)


def test_15_19_a_friendly_influence_marker_is_placed_where_there_is_none():
    s, _ = play(state(), declare(19, "axis", selected="hopeh") + ["place hopeh"])
    assert markers(s, "hopeh") == ["influence-axis"]


def test_15_19_a_neutrality_marker_is_removed():
    s, _ = play(state(), declare(19, "axis", selected="indochina") + ["remove neutrality"])
    assert markers(s, "indochina") == []


def test_15_19_pre_war_no_allied_activation_under_acceptance_peace_or_quarantine():
    def peace(p):
        p["war"] = "pre-war"
        p["countries"]["mongolia"]["policy"] = "peace"
    s, log = play(state(peace), declare(19, "soviet", selected="mongolia"))
    assert "had no result" in texts(log) and "Peace" in texts(log) and status(s, "mongolia") == "neutral"
    s, _ = play(state(lambda p: p.update(war="pre-war")), declare(19, "soviet", selected="mongolia") + ["join mongolia"])
    assert status(s, "mongolia") == "soviet"  # Disputes does not prevent it


def test_15_19_pre_war_acceptance_does_not_prevent_an_axis_activation():
    def axis_acceptance(p):
        p["war"] = "pre-war"
        p["countries"]["hopeh"].update(markers=["influence-axis"], pac=True, policy="acceptance")
    s, _ = play(state(axis_acceptance), declare(19, "axis", selected="hopeh") + ["join hopeh"])
    assert status(s, "hopeh") == "axis"


def test_15_19_a_friendly_minor_country_loses_its_free_passage_marker_via_15_8():
    def free(p):
        p["countries"]["kansu"]["markers"] = ["free-passage"]
    s, _ = play(state(free), declare(8, "soviet") + ["influence kansu"])
    assert waiting(s)["p"] == "ds.15.19" and engine.legal_actions(s, "soviet") == {"remove": ["free-passage"],
                                                                                   "decline": []}
    s, _ = play(s, ["remove free-passage"])
    assert markers(s, "kansu") == []


# 15.25 Minor Country Created ------------------------------------------------------------------------------------

BURMA = both(add(**{
    "jp-bur": piece(name="Bur colonial", owner="axis", country="burma", kind="ground", type="colonial", steps=1,
                    at="pool"),
    "bur-inf": piece(name="Burmese infantry", owner="western", country="burma", kind="ground", type="minor-infantry",
                     steps=1, at="off"),
    "bur-inf-2": piece(name="Burmese infantry", owner="western", country="burma", kind="ground",
                       type="minor-infantry", steps=1, at="conquered-holding"),
    "jp-ceded-burma": piece(name="Japanese Burma Dependent", owner="axis", country="burma", kind="marker",
                            type="ceded-land", at="ceded-lands"),
    "uk-partisan-1": piece(name="Western Partisan Base", owner="western", kind="marker", type="partisan-base",
                           at="map", hex="Mandalay"),
}), lambda p: p.update(hexes={"Mandalay": {"country": "burma", "city": True}}))


def test_15_25_axis_card_a_dependent_becomes_an_active_axis_minor_country():
    s, _ = play(state(BURMA), declare(25, "axis", origin="expansion"))
    assert waiting(s)["role"] == "axis" and "burma" in engine.legal_actions(s, "axis")["create"]
    assert "hopeh" not in engine.legal_actions(s, "axis")["create"]
    s, log = play(s, ["create burma"])
    c = s["countries"]["burma"]
    assert c["kind"] == "minor" and c["status"] == "axis" and c["capital"] == "Rangoon"
    assert at(s, "bur-inf") == "pool" and s["pieces"]["bur-inf"]["owner"] == "axis" and at(s, "bur-inf-2") == "pool"
    assert at(s, "jp-bur") == "removed" and at(s, "jp-ceded-burma") == "removed"
    steps = " ".join(p["text"] for p in s["players_steps"])
    assert "uk-partisan-1" in steps and {"16.7", "13.8.2"} <= {p["rule"] for p in s["players_steps"]}


def test_15_25_axis_card_may_be_declined_and_a_conquered_country_may_be_selected():
    s, log = play(state(), declare(25, "axis", origin="expansion") + ["decline"])
    assert status(s, "burma") == "western" and "declined" in texts(log)
    s, _ = play(state(lambda p: p["countries"]["kansu"].update(status="conquered")),
                declare(25, "axis", origin="expansion") + ["create kansu"])
    assert status(s, "kansu") == "axis" and s["countries"]["kansu"]["capital"] == "Lanchow"
    assert any("add Kansu's units" in p["text"] for p in s["players_steps"])


INDIA = add(**{
    "ind-res": piece(name="Indian 0-1-2 Res infantry", owner="western", country="india", kind="ground",
                     type="res-infantry", steps=1, at="off"),
    "ind-inf": piece(name="Indian infantry", owner="western", country="india", kind="ground", type="minor-infantry",
                     steps=1, at="off"),
    "uk-ind": piece(name="British Ind colonial", owner="western", country="india", kind="ground", type="colonial",
                    steps=1, at="map", hex="Delhi"),
    "jp-ind": piece(name="Japanese Ind colonial", owner="axis", country="india", kind="ground", type="colonial",
                    steps=1, at="pool"),
})


def test_15_25_the_example_card_9a_india_becomes_a_neutral_minor_country():
    s, _ = play(state(INDIA), declare(25, "western", origin="independence"))
    assert waiting(s)["role"] == "western" and "decline" not in engine.legal_actions(s, "western")
    s, log = play(s, ["create india"])
    c = s["countries"]["india"]
    assert c["kind"] == "minor" and c["status"] == "neutral" and c["capital"] == "Delhi"
    assert at(s, "ind-res") == "map" and s["pieces"]["ind-res"]["hex"] == "Delhi"
    assert s["pieces"]["ind-res"]["side"] == "flag" and at(s, "ind-inf") == "off"
    assert at(s, "uk-ind") == "removed" and at(s, "jp-ind") == "removed"
    assert any(p["rule"] == "16.7" for p in s["players_steps"])
    assert not any("TK" in p["text"] for p in s["players_steps"])


def test_15_25_in_ae_the_ind_units_in_tk_are_the_players_step():
    s, _ = play(state(both(INDIA, lambda p: p.update(mode="AE"))),
                declare(25, "western", origin="independence") + ["create india"])
    assert any("TK" in p["text"] for p in s["players_steps"])


def test_15_25_independence_names_a_dependent():
    s, _ = play(state(), declare(25, "western", origin="independence"))
    assert "not a Dependent" in refused(s, ["create hopeh"])


def test_15_25_no_candidate_is_no_result():
    def none(p):
        for c in p["countries"].values():
            c["kind"] = "minor"
    s, log = play(state(none), declare(25, "western", origin="independence"))
    assert "had no result" in texts(log)


def test_15_19_the_desk_selects_a_friendly_minor_country_and_its_free_passage_marker_is_removed():
    """The declaration's `selected` field offers active Countries too (ruling R-15.19-friendly): a Friendly one is
    selected from the desk; another faction's active Country gives No Result, with the reason."""
    def free(p):
        p["countries"]["kansu"]["markers"] = ["free-passage"]
    s0 = state(free)
    s, _ = play(s0, ["event 15.19", "receiver soviet"])
    assert "kansu" in engine.legal_actions(s, "axis")["selected"]
    s, _ = play(s, ["selected kansu", "resolve"])
    assert engine.legal_actions(s, "soviet") == {"remove": ["free-passage"], "decline": []}
    s, _ = play(s, ["remove free-passage"])
    assert markers(s, "kansu") == []
    s, log = play(state(free), declare(19, "western", selected="kansu"))
    assert "had no result" in texts(log) and markers(s, "kansu") == ["free-passage"]
