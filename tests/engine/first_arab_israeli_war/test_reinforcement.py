"""The Reinforcement phase (4.0, the Reinforcement Table, 23.1, 24.0) on the test pack (made-up data, issue 31)."""

from __future__ import annotations

import engine
from engine.games.first_arab_israeli_war import reinforcement_israel, units

from .faiw_helpers import act, put
from .faiw_reinf_helpers import clear_side, ctx, fresh, legal, phase, refused, texts, top

TEL_AVIV, HAIFA, JERUSALEM = "0203", "0202", "0503"


def israel_may(scenario="independence"):
    s = fresh(scenario)
    log = phase(s, "israel", "reinforcement", "1948-05")
    return s, log


def test_4_1a_israel_receives_the_may_1948_row():
    s, log = israel_may()
    f = top(s)
    todo = [i["cid"] for i in f["todo"]]
    assert "IL-ldr-marcus" in todo and sum(c.startswith("IL-inf-bn") for c in todo) == 8
    assert "IL-recon-bn-3" in todo  # the only reconnaissance battalion left in the mix
    assert f["supply"][0]["points"] == 4 and f["supply"][0]["area"] == "israel_supply"
    assert s["units"]["IL-air-1"]["status"] == "available"  # 10.1a: air units arrive in the Available box
    assert all(s["units"][c]["status"] == "deploying" for c in todo)


def test_4_2_israeli_units_only_in_the_three_cities_occupied_and_untouched():
    s, _ = israel_may()
    hexes = {a.split()[1] for a in legal(s, "israel")["place"] if a.startswith("IL-inf-bn")}
    assert hexes == {HAIFA}  # only the new city of Haifa holds Israeli units in this deployment
    refused(s, "israel", f"place IL-inf-bn-1 {TEL_AVIV}", "holds no Israeli unit")
    put(s, "IL-militia-2", TEL_AVIV)
    s["terrorized"][TEL_AVIV] = "arab"
    refused(s, "israel", f"place IL-inf-bn-1 {TEL_AVIV}", "terrorized")


def _next_infantry(s):
    return next(i["cid"] for i in top(s)["todo"] if i["cid"].startswith("IL-inf-bn"))


def test_4_2_no_more_than_three_battalions_a_city():
    s, _ = israel_may()
    put(s, "IL-militia-2", TEL_AVIV)  # Tel Aviv occupied: a second city takes reinforcements
    for _ in range(3):
        act(s, "israel", f"place {_next_infantry(s)} {HAIFA}")
    assert top(s)["placed"][HAIFA] == 3
    place = legal(s, "israel")["place"]
    assert not any(a.endswith(HAIFA) and "inf-bn" in a for a in place) and f"{_next_infantry(s)} {TEL_AVIV}" in place
    assert f"IL-ldr-marcus {HAIFA}" in place  # a leader is no battalion (L1183)
    refused(s, "israel", f"place {_next_infantry(s)} {HAIFA}", "no more than three a hex")


def test_4_2_reinforcements_with_no_hex_left_are_lost_without_vp():
    s, _ = israel_may()
    for _ in range(3):
        act(s, "israel", f"place {_next_infantry(s)} {HAIFA}")
    vp = dict(s["vp"])
    # Haifa is full; Tel Aviv and Jerusalem hold no Israeli unit: the other combat units are lost (4.2)
    assert not any(i["area"] == "israel_combat" for i in top(s)["todo"])
    assert s["units"]["IL-inf-bn-8"]["status"] == "out" and s["units"]["IL-recon-bn-3"]["status"] == "out"
    assert s["vp"] == vp


def test_reinforcement_table_fallback_commando_when_the_three_cities_are_lost():
    s = fresh()
    clear_side(s, "israel", HAIFA, TEL_AVIV, JERUSALEM)
    put(s, "AL-egy-cdo-1", HAIFA)
    put(s, "AL-egy-cdo-2", TEL_AVIV)
    s["terrorized"][JERUSALEM] = "arab"
    log = phase(s, "israel", "reinforcement", "1948-05")
    todo = top(s)["todo"]
    assert not any(i["area"] == "israel_combat" for i in todo)
    fb = [i for i in todo if i["area"] == "israel_fallback"]
    assert len(fb) == 1 and units.counter(s, fb[0]["cid"]).type == "commando"
    assert "receives one commando/guerrilla battalion instead" in texts(log)
    hexes = {a.split()[1] for a in legal(s, "israel")["place"] if a.startswith(fb[0]["cid"])}
    pack = units.pack_of(s)
    assert hexes and all(pack.map.hex(h).population == "jewish" and h not in s["terrorized"] for h in hexes)


def test_reinforcement_table_substitution_once_a_turn():
    s, _ = israel_may()
    assert legal(s, "israel")["substitute"] == ["IL-inf-bn-1"]
    act(s, "israel", "substitute IL-inf-bn-1")
    todo = [i["cid"] for i in top(s)["todo"]]
    assert "IL-inf-bn-1" not in todo and "IL-cdo-bn-2" in todo and s["units"]["IL-inf-bn-1"]["status"] == "pool"
    assert "substitute" not in legal(s, "israel")
    refused(s, "israel", "substitute IL-inf-bn-2", "one reinforcement infantry battalion a turn")


def test_reinforcement_table_supply_in_tel_aviv_or_haifa_occupied_even_terrorized():
    s, _ = israel_may()
    assert legal(s, "israel")["supply"] == [HAIFA]
    s["terrorized"][HAIFA] = "arab"
    assert legal(s, "israel")["supply"] == [HAIFA]  # L1175: it may be terrorized
    before = units.supply_points(s, "israel", HAIFA)
    act(s, "israel", f"supply {HAIFA}")
    assert units.supply_points(s, "israel", HAIFA) == before + 1 and top(s)["supply"][0]["points"] == 3
    refused(s, "israel", f"supply {JERUSALEM}", "not a hex where")


def test_23_1_and_24_1_factory_and_airfield_give_a_point_each_phase():
    s, log = israel_may()
    t = texts(log)
    assert "1 supply point at the Arms Factory in 0202 (23.1)" in t and "at the Secret Airfield in 0202 (24.1)" in t


def test_24_0_airfield_arrives_in_march_1948_with_its_point_and_returns_after_destruction():
    s = fresh("struggle")
    phase(s, "israel", "reinforcement", "1948-03")
    f = top(s)
    assert any(i["cid"] == "IL-airfield" and i["area"] == "airfield" for i in f["todo"])
    hexes = [a.split()[1] for a in legal(s, "israel")["place"] if a.startswith("IL-airfield")]
    m = units.pack_of(s).map
    assert hexes and all(m.hex(h).terrain == "clear" or m.hex(h).settlement == "village" for h in hexes)
    before = units.supply_points(s, "israel", hexes[0])
    act(s, "israel", f"place IL-airfield {hexes[0]}")
    assert units.supply_points(s, "israel", hexes[0]) == before + 1  # L1181: its point the turn it is placed
    # 24.2: destroyed in June, back in August
    s["month"] = "1948-06"
    units.remove(s, "IL-airfield", "eliminated")
    reinforcement_israel.airfield_destroyed(ctx(s), "IL-airfield")
    assert s["flags"]["airfield_back"] == "1948-08"
    phase(s, "israel", "reinforcement", "1948-07")
    assert not any(i["cid"] == "IL-airfield" for i in top(s)["todo"])
    phase(s, "israel", "reinforcement", "1948-08")
    assert any(i["cid"] == "IL-airfield" for i in top(s)["todo"]) and "airfield_back" not in s["flags"]


def test_4_2_reinforcements_left_waiting_at_the_end_are_forgone():
    s, _ = israel_may()
    assert "end" in legal(s, "israel")
    waiting = [i["cid"] for i in top(s)["todo"]]
    act(s, "israel", "end")
    assert all(s["units"][c]["status"] == "out" for c in waiting)  # ruling R-4.2-lost


def test_4_1b_event_reinforcements_are_placed_and_consumed():
    s = fresh()
    s["pending"]["israel"] = [{"kind": "units", "nationality": "zahal",
                               "units": [{"type": "infantry", "size": "battalion", "count": 1}],
                               "area": "israel_combat"},
                              {"kind": "supply", "points": 2, "area": "israel_supply"}]
    phase(s, "israel", "reinforcement", "1948-05")
    f = top(s)
    assert s["pending"]["israel"] == []
    assert sum(1 for i in f["todo"] if i["rule"] == "4.1b") == 1 and any(x["rule"] == "4.1b" and x["points"] == 2
                                                                          for x in f["supply"])


def test_4_6_what_the_mix_lacks_is_not_received():
    s = fresh("struggle")
    log = phase(s, "israel", "reinforcement", "1947-12")
    assert "1 fewer of 1 Zahal commando/guerrilla battalion" in texts(log)


def test_4_1a_arab_rows_go_to_their_areas():
    s = fresh()  # the Arab League's May 1948 Reinforcement phase is waiting
    f = top(s)
    areas = {i["cid"]: i["area"] for i in f["todo"]}
    assert areas["AL-egy-inf-bde-1"] == "egypt" and areas["AL-sau-inf-1"] == "egypt"
    assert areas["AL-ldr-el-tel"] == "transjordan" and areas["AL-irq-inf-bde-1"] == "iraq"
    place = legal(s, "arab")["place"]
    assert {a.split()[1] for a in place if a.startswith("AL-egy")} == {"0105"}  # El Arish / the west edge
    assert {a.split()[1] for a in place if a.startswith("AL-leb")} == {"0201", "0301", "0401"}
    assert {x["area"]: x["points"] for x in f["supply"]} == {"egypt_supply": 4, "transjordan_supply": 2,
                                                           "levant_supply": 4}  # L1293-L1295, May 1948
    assert set(legal(s, "arab")["supply"]) >= {"0105", "0703", "0605", "0802", "0201", "0701"}
    assert s["units"]["AL-air-egy-1"]["status"] == "available"


def test_4_2_enemy_occupied_hex_takes_no_reinforcement():
    s = fresh()
    clear_side(s, "arab", "0105")
    put(s, "IL-cdo-bn-2", "0105")
    assert not any(a.endswith("0105") for a in legal(s, "arab").get("place", []))
    act(s, "arab", "place AL-ldr-el-tel 0703")  # any order: the Egyptian units are dropped by the step
    assert s["units"]["AL-egy-inf-bde-1"]["status"] == "out"


def test_aas_one_battalion_a_turn_while_abd_el_kader_is_in_play():
    s = fresh("struggle")
    f = top(s)
    assert [i["cid"] for i in f["todo"]] == ["AL-aas-gue-3"] and f["todo"][0]["area"] == "aas"
    m = units.pack_of(s).map
    for a in legal(s, "arab")["place"]:
        h = a.split()[1]
        assert m.hex(h).population == "arab" and m.hex(h).country == "Palestine"


def _arab_phase(rolls):
    s = fresh()
    act(s, "arab", "place AL-ldr-el-tel 0703")
    log = phase(s, "arab", "reinforcement", "1948-06", rolls=rolls)
    return s, log


def test_aas_roll_1_to_3_brings_nothing():
    s, log = _arab_phase([3])
    assert "rolled 3 for the Arab Salvation Army: no reinforcement" in texts(log)
    assert not any(i["area"] == "aas" for i in top(s)["todo"])


def test_aas_roll_4_or_5_brings_a_commando_battalion():
    s, log = _arab_phase([5])
    assert [i for i in top(s)["todo"] if i["area"] == "aas"]


def test_aas_roll_6_the_arab_player_removes_an_aas_unit_of_his_choice():
    s, log = _arab_phase([6])
    assert top(s)["p"] == "faiw.aas_remove" and engine.active_roles(s) == ["arab"]
    choice = legal(s, "arab")["remove"]
    assert choice and all(units.counter(s, c).nationality == "aas" for c in choice)
    refused(s, "arab", "remove AL-egy-mech-1", "AAS")
    vp = dict(s["vp"])
    act(s, "arab", f"remove {choice[-1]}")
    assert s["units"][choice[-1]]["status"] == "eliminated" and s["vp"] == vp
    assert top(s)["p"] == "faiw.phase.reinforcement"
