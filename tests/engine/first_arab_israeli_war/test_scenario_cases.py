"""Cases for the numbered paragraphs of the two scenarios' setup and of the Reinforcement Table's placement lines
that no other test named (issue 31: "every rule with a number in the text has a case run on the test pack"), played
on the test pack (made-up data) through the engine's own deployment and reinforcement orders.

The scenarios and the table follow section 31.0 with numbering of their own. A paragraph is cited as the rulebook
numbers it, with its line in the text in brackets: ``Scenario 1, 3a2 (L1050)`` is named ``test_s1_3a2_...``,
``Scenario 2, 4b (L1130)`` ``test_s2_4b_...``; an army's placement paragraph of the table is named after the army
(``test_reinforcement_table_egypt_...``, L1217). The paragraphs already covered elsewhere (test_rule_cases,
test_deployment_split, test_sequence, test_position, test_reinforcement) have no second case here.

The test pack's map: Jewish cities 0202 (new Haifa), 0203 (Tel Aviv), 0503 (new Jerusalem); Jewish settlements 0303
and 0404 (Etzion); Arab towns and cities 0204 (Gaza), 0302 (old Haifa), 0502 (Tiberias); Arab settlements 0304 and
0603 (Deir Yassin); forts 0402 and 0403 (Latrun); Egypt 0105 (El Arish, the west edge) and 0205; Lebanon 0201
(a village), 0301, 0401; Syria 0501, 0601, 0701 (Damascus), 0801 (a town); Transjordan 0605 (Aqaba), 0702, 0703
(Amman), 0704, 0705 and its east edge 0802-0805. Scenario 1 starts with 0302, 0502, 0603 and 0404 terrorized.
"""

from __future__ import annotations

import engine
from engine.games.first_arab_israeli_war import units

from .faiw_helpers import act, advance_to, deployed, first_legal, new_game, put
from .faiw_reinf_helpers import clear_side, fresh, legal, phase, refused, top

HAIFA, TEL_AVIV, JERUSALEM = "0202", "0203", "0503"
KIBBUTZ, ETZION = "0303", "0404"
GAZA, OLD_HAIFA, TIBERIAS = "0204", "0302", "0502"
ARAB_VILLAGE, DEIR_YASSIN = "0304", "0603"
EL_ARISH, AMMAN, AQABA, DAMASCUS = "0105", "0703", "0605", "0701"
JORDAN_EAST_EDGE = {"0802", "0803", "0804", "0805"}
#: The north edge of the test map in Lebanon (0201, 0301, 0401) and Syria (0501-0801), as the pack's areas name them.
LEVANT_NORTH_EDGE = {"0201", "0301", "0401", "0501", "0601", "0701", "0801"}


def offered(state: dict, prefix: str, role: str | None = None) -> set[str]:
    """The hexes the prompt offers to the first counter named *prefix*."""
    role = role or engine.active_roles(state)[0]
    return {a.split()[1] for a in legal(state, role).get("place", []) if a.split()[0] == prefix}


def deploy_until(state: dict, prefix: str) -> set[str]:
    """Deploys by the first legal order until *prefix* may be placed; returns the hexes offered to it."""
    for _ in range(300):
        role = engine.active_roles(state)[0]
        hexes = offered(state, prefix, role)
        if hexes:
            return hexes
        act(state, role, first_legal(state, role))
    raise AssertionError(f"{prefix} was never offered")


def deploy_until_supply(state: dict, role: str) -> set[str]:
    """Deploys by the first legal order until *role* is asked to place supply; returns the hexes offered."""
    for _ in range(300):
        who = engine.active_roles(state)[0]
        if who == role and "supply" in legal(state, role):
            return set(legal(state, role)["supply"])
        act(state, who, first_legal(state, who))
    raise AssertionError(f"{role} was never asked for supply")


def country(state: dict, *names: str) -> set[str]:
    m = units.pack_of(state).map
    return {h for h in m.hexes if m.hex(h).country in names}


def kinds_on_map(state: dict, side: str) -> set[tuple[str, str]]:
    return {(units.counter(state, c).nationality, units.counter(state, c).type) for c in units.on_map(state, side)}


# Scenario 1: the Arab League's deployment (3) ------------------------------------------------------------------


def test_s1_3a1_no_aas_militia_in_a_terrorized_arab_settlement():
    """Scenario 1, 3a1 (L1048): one militia group in each Arab settlement hex of Palestine without a terror
    marker: the village 0304 gets one, Deir Yassin (terrorized, 1b) none, and no city or town gets one."""
    s = new_game("independence")
    militia = {c: s["units"][c]["at"] for c in units.on_map(s, "arab") if units.counter(s, c).type == "militia"}
    assert list(militia.values()).count(ARAB_VILLAGE) == 1
    assert DEIR_YASSIN not in militia.values()
    assert not {GAZA, OLD_HAIFA, TIBERIAS} & set(militia.values())


def test_s1_3a2_aas_commandos_only_in_an_untouched_arab_city_or_town():
    """Scenario 1, 3a2 (L1050): the AAS's four commando/guerrilla battalions go in an Arab city or town without a
    terror marker: Gaza is offered, old Haifa and Tiberias (terrorized) are refused."""
    s = new_game("independence")
    hexes = offered(s, "AL-aas-gue-1")
    assert GAZA in hexes and not {OLD_HAIFA, TIBERIAS, ARAB_VILLAGE} & hexes
    refused(s, "arab", f"place AL-aas-gue-1 {OLD_HAIFA}", "(Scenario 1, 3a2)")
    act(s, "arab", f"place AL-aas-gue-1 {GAZA}")
    assert s["units"]["AL-aas-gue-1"]["at"] == GAZA


def test_s1_3b_the_ala_in_lebanon_syria_transjordan_an_arab_settlement_or_latrun():
    """Scenario 1, 3b (L1052): the ALA's battalions go anywhere in Lebanon, Syria or Transjordan, in an untouched
    Arab settlement hex of Palestine or in Fort Latrun; another fort, an Arab town, Deir Yassin (terrorized) and
    Egypt are refused."""
    s = new_game("independence")
    hexes = deploy_until(s, "AL-ala-recon-1")
    assert country(s, "Lebanon", "Syria", "Transjordan") <= hexes
    assert {ARAB_VILLAGE, "0403"} <= hexes
    assert not {"0402", GAZA, DEIR_YASSIN, EL_ARISH, KIBBUTZ} & hexes
    refused(s, "arab", f"place AL-ala-recon-1 {DEIR_YASSIN}", "(Scenario 1, 3b)")
    refused(s, "arab", "place AL-ala-recon-1 0402", "(Scenario 1, 3b)")
    act(s, "arab", "place AL-ala-recon-1 0403")
    assert s["units"]["AL-ala-recon-1"]["at"] == "0403"


def test_s1_3c_egyptian_commandos_near_the_border_never_on_a_jewish_symbol():
    """Scenario 1, 3c (L1054; ruling R-S1-egypt): Egypt's two commando battalions go in Palestine within four
    hexes of Egypt, never in a hex with the Jewish symbol (Etzion aside: 5e), nor in Egypt itself."""
    s = new_game("independence")
    hexes = deploy_until(s, "AL-egy-cdo-1")
    m = units.pack_of(s).map
    egypt = country(s, "Egypt")
    assert hexes - {ETZION} and all(m.hex(h).country == "Palestine" and m.hex(h).population != "jewish"
                                    and min(m.grid.distance(h, e) for e in egypt) <= 4 for h in hexes - {ETZION})
    assert ARAB_VILLAGE in hexes and not {HAIFA, TEL_AVIV, KIBBUTZ, JERUSALEM, EL_ARISH, "0205"} & hexes
    refused(s, "arab", f"place AL-egy-cdo-1 {KIBBUTZ}", "(Scenario 1, 3c)")
    act(s, "arab", f"place AL-egy-cdo-1 {ARAB_VILLAGE}")
    assert s["units"]["AL-egy-cdo-1"]["at"] == ARAB_VILLAGE


def test_s1_3d_the_transjordanian_reconnaissance_battalion_in_transjordan():
    """Scenario 1, 3d (L1056): anywhere in Transjordan (and Etzion, 5e); a Syrian hex is refused."""
    s = new_game("independence")
    hexes = deploy_until(s, "AL-tj-recon-1")
    assert hexes - {ETZION} == country(s, "Transjordan")
    refused(s, "arab", f"place AL-tj-recon-1 {DAMASCUS}", "(Scenario 1, 3d)")
    act(s, "arab", "place AL-tj-recon-1 0705")
    assert s["units"]["AL-tj-recon-1"]["at"] == "0705"


def test_s1_3e_arab_supply_six_in_egypt_four_in_transjordan_three_in_lebanon_or_syria():
    """Scenario 1, 3e1-3e3 (L1060-L1064; ruling R-S1-supply): 6 points anywhere in Egypt, then 4 anywhere in
    Transjordan, then 3 anywhere in Lebanon or Syria, each refused outside its country."""
    s = new_game("independence")
    assert deploy_until_supply(s, "arab") - {ETZION} == country(s, "Egypt")
    refused(s, "arab", f"supply {AMMAN}", "(Scenario 1, 3e1)")
    for _ in range(6):
        act(s, "arab", "supply 0205")
    assert set(legal(s, "arab")["supply"]) - {ETZION} == country(s, "Transjordan")
    refused(s, "arab", "supply 0205", "(Scenario 1, 3e2)")
    for _ in range(4):
        act(s, "arab", f"supply {AMMAN}")
    assert set(legal(s, "arab")["supply"]) - {ETZION} == country(s, "Lebanon", "Syria")
    refused(s, "arab", f"supply {AQABA}", "(Scenario 1, 3e3)")
    for _ in range(3):
        act(s, "arab", f"supply {DAMASCUS}")
    assert s["supply"]["arab"] == {"0205": 6, AMMAN: 4, DAMASCUS: 3}
    assert "supply" not in legal(s, engine.active_roles(s)[0])


def test_s1_3f_the_arab_league_deploys_only_the_units_of_3a_to_3e():
    """Scenario 1, 3f (L1066): the Arab League's other units are not deployed: after the deployment only AAS
    militia and commandos, the ALA, Egypt's commandos and Transjordan's reconnaissance battalion stand on the map,
    the Egyptian brigades waiting for May's reinforcements."""
    s = deployed("independence")
    assert kinds_on_map(s, "arab") == {("aas", "militia"), ("aas", "guerrilla"), ("ala", "recon"),
                                       ("ala", "guerrilla"), ("egypt", "commando"), ("transjordan", "recon")}
    assert s["units"]["AL-egy-inf-bde-1"]["status"] != "map" and s["units"]["AL-leb-inf-1"]["status"] != "map"


# Scenario 1: Israel's deployment (4) ---------------------------------------------------------------------------


def test_s1_4a1_israeli_militia_only_in_untouched_jewish_settlements():
    """Scenario 1, 4a1 (L1072): one militia group in each Jewish settlement hex without a terror marker: the
    kibbutz 0303 gets one, Etzion (terrorized, 1b) none."""
    s = new_game("independence")
    deploy_until(s, "IL-ldr-allon")
    militia = [s["units"][c]["at"] for c in units.on_map(s, "israel") if units.counter(s, c).type == "militia"]
    assert militia == [KIBBUTZ]
    assert not any(units.side_of(s, c) == "israel" for c in units.at(s, ETZION))


def test_s1_4a2_zahal_in_or_next_to_a_jewish_city_the_arab_league_does_not_hold():
    """Scenario 1, 4a2 (L1074): Allon, the brigades, battalions and four supply points go in or next to a Jewish
    city or town not occupied by the Arab League: with an Arab unit in new Jerusalem, the hexes next to it alone
    (0504) are no longer offered, for the units or for the supply."""
    s = new_game("independence")
    hexes = deploy_until(s, "IL-ldr-allon")
    assert {HAIFA, TEL_AVIV, JERUSALEM, KIBBUTZ, "0504"} <= hexes and not {"0305", "0405", EL_ARISH} & hexes
    put(s, "AL-egy-inf-bn-1", JERUSALEM)
    hexes = offered(s, "IL-ldr-allon")
    assert {HAIFA, TEL_AVIV, KIBBUTZ} <= hexes and not {JERUSALEM, "0504"} & hexes
    refused(s, "israel", "place IL-ldr-allon 0504", "(Scenario 1, 4a2)")
    while "supply" not in legal(s, "israel"):
        act(s, "israel", first_legal(s, "israel"))
    assert set(legal(s, "israel")["supply"]) == hexes
    refused(s, "israel", "supply 0504", "(Scenario 1, 4a2)")
    for _ in range(4):
        act(s, "israel", f"supply {TEL_AVIV}")
    assert s["supply"]["israel"] == {TEL_AVIV: 4}


def placed_in_a_jewish_city_only(scenario: str, cid: str, settlement: str, rule: str, to: str) -> None:
    """The deployment of *scenario* offers *cid* the three Jewish cities of the test map and nothing else:
    *settlement* is refused citing *rule*; the counter then goes to *to*."""
    s = new_game(scenario)
    assert deploy_until(s, cid) == {HAIFA, TEL_AVIV, JERUSALEM}
    refused(s, "israel", f"place {cid} {settlement}", f"({rule})")
    act(s, "israel", f"place {cid} {to}")
    assert s["units"][cid]["at"] == to


def test_s1_4c_the_stern_group_in_a_jewish_city_or_town():
    """Scenario 1, 4c (L1078): the Stern Group's battalion goes in a city or town with the Jewish symbol; the
    kibbutz (a settlement) is refused."""
    placed_in_a_jewish_city_only("independence", "IL-stern-1", KIBBUTZ, "Scenario 1, 4c", JERUSALEM)


def test_s1_4d_the_arms_factory_in_a_jewish_city_or_town():
    """Scenario 1, 4d (L1080): the Arms Factory goes in a Jewish city or town; the kibbutz is refused."""
    placed_in_a_jewish_city_only("independence", "IL-factory", KIBBUTZ, "Scenario 1, 4d", TEL_AVIV)


def test_s1_4e_the_secret_airfield_needs_a_clear_or_village_hex_with_an_israeli_combat_unit():
    """Scenario 1, 4e (L1082): the Secret Airfield goes in a clear or village hex of Palestine holding an Israeli
    combat unit: Tel Aviv with the Arms Factory alone is refused, new Jerusalem (mountain) is refused whatever
    it holds; a battalion put in Tel Aviv makes it a place."""
    s = new_game("independence")
    deploy_until(s, "IL-factory")
    act(s, "israel", f"place IL-factory {TEL_AVIV}")  # the other units stand in new Haifa (first legal orders)
    assert units.at(s, TEL_AVIV) == ["IL-factory"]
    hexes = offered(s, "IL-airfield")
    assert {HAIFA, KIBBUTZ} <= hexes and not {TEL_AVIV, JERUSALEM} & hexes
    refused(s, "israel", f"place IL-airfield {TEL_AVIV}", "(Scenario 1, 4e)")
    put(s, "IL-inf-bn-1", JERUSALEM)
    refused(s, "israel", f"place IL-airfield {JERUSALEM}", "(Scenario 1, 4e)")
    put(s, "IL-inf-bn-2", TEL_AVIV)
    assert TEL_AVIV in offered(s, "IL-airfield")
    act(s, "israel", f"place IL-airfield {TEL_AVIV}")
    assert s["units"]["IL-airfield"]["at"] == TEL_AVIV


def test_s1_4f_israel_deploys_only_the_units_of_4a_to_4e():
    """Scenario 1, 4f (L1084): Israel's other units are not deployed: Marcus, the infantry battalions and the air
    units are off the map after the deployment."""
    s = deployed("independence")
    assert kinds_on_map(s, "israel") == {("zahal", "militia"), ("zahal", "leader"), ("zahal", "mechanized"),
                                         ("zahal", "infantry"), ("zahal", "commando"), ("zahal", "recon"),
                                         ("irgun", "commando"), ("stern", "commando"), ("zahal", "arms_factory"),
                                         ("zahal", "secret_airfield")}
    assert s["units"]["IL-ldr-marcus"]["status"] != "map"
    assert not [c for c in units.on_map(s, "israel") if units.counter(s, c).size == "battalion"
                and units.counter(s, c).type == "infantry"]


def test_s1_5b_both_sides_receive_the_may_1948_rows_in_the_first_turn():
    """Scenario 1, 5b (L1090): the first turn's Reinforcement phases bring May 1948's rows: the Arab League's
    Egyptian brigades, then Israel's Marcus and eight infantry battalions."""
    s = deployed("independence")
    assert (s["month"], s["phase"], s["phasing"]) == ("1948-05", "reinforcement", "arab")
    assert "AL-egy-inf-bde-1" in [i["cid"] for i in top(s)["todo"]]
    advance_to(s, "israel", "reinforcement", "1948-05")
    todo = [i["cid"] for i in top(s)["todo"]]
    assert "IL-ldr-marcus" in todo and sum(c.startswith("IL-inf-bn") for c in todo) == 8


# Scenario 2 ----------------------------------------------------------------------------------------------------


def test_s2_1_the_struggle_runs_from_december_1947_to_march_1949():
    """Scenario 2, 1 (L1102): December 1947 to March 1949."""
    s = new_game("struggle")
    assert (s["month"], s["first_month"], s["last_month"]) == ("1947-12", "1947-12", "1949-03")


def test_s2_3_the_arab_league_places_first_and_israel_second():
    """Scenario 2, 3 (L1112) and 4 (L1122): the Arab League deploys (the British units, 2a, included) while
    Israel has no order; then Israel deploys."""
    s = new_game("struggle")
    assert engine.active_roles(s) == ["arab"] and not legal(s, "israel")
    assert any(units.side_of(s, c) == "british" for c in units.on_map(s))  # placed by the Arab League's frame
    assert not list(units.on_map(s, "israel"))
    while engine.active_roles(s) == ["arab"] and s["phase"] == "deployment":
        act(s, "arab", first_legal(s, "arab"))
    assert engine.active_roles(s) == ["israel"] and s["phase"] == "deployment"


def test_s2_3a1_aas_militia_in_every_arab_settlement_none_being_terrorized():
    """Scenario 2, 3a1 (L1116) with 2b: nothing is terrorized, so Deir Yassin gets its militia group too."""
    s = new_game("struggle")
    militia = sorted(s["units"][c]["at"] for c in units.on_map(s, "arab") if units.counter(s, c).type == "militia")
    assert militia == [ARAB_VILLAGE, DEIR_YASSIN]


def one_a_hex(s: dict, role: str, first: str, second: str, hexes: list[str], rule: str) -> None:
    """No more than one a hex: *first* goes to the first of *hexes*; *second* is then offered the others only, is
    refused the first citing *rule*, and goes to the second."""
    act(s, role, f"place {first} {hexes[0]}")
    assert offered(s, second) == set(hexes[1:])
    refused(s, role, f"place {second} {hexes[0]}", f"({rule})")
    act(s, role, f"place {second} {hexes[1]}")


def test_s2_3a2_abd_el_kader_and_the_commandos_one_a_hex_in_arab_cities():
    """Scenario 2, 3a2 (L1118): Abd el Kader and the eight commando/guerrilla battalions go in Arab cities and
    towns, no more than one a hex: a hex filled is refused; with three such hexes on the test pack, what is left
    has no hex and is not placed (4.6)."""
    s = new_game("struggle")
    assert offered(s, "AL-ldr-abd-el-kader") == {GAZA, OLD_HAIFA, TIBERIAS}
    one_a_hex(s, "arab", "AL-ldr-abd-el-kader", "AL-aas-gue-1", [GAZA, OLD_HAIFA, TIBERIAS], "Scenario 2, 3a2")
    step = act(s, "arab", f"place AL-aas-gue-2 {TIBERIAS}")
    assert engine.active_roles(s) == ["israel"]
    assert any("No hex allows" in e["text"] and "Scenario 2, 3a2" in str(e.get("rule")) for e in step.log)
    for h in (GAZA, OLD_HAIFA, TIBERIAS):
        assert len([c for c in units.at(s, h) if units.counter(s, c).nationality == "aas"]) == 1
    assert all(s["units"][f"AL-aas-gue-{n}"]["status"] == "pool" for n in range(3, 9))


def test_s2_3b_the_arab_league_deploys_only_the_aas():
    """Scenario 2, 3b (L1120): every other Arab League unit arrives as a reinforcement: only AAS units of the
    Arab League's stand on the map after the deployment (the British units are nobody's)."""
    s = deployed("struggle")
    assert {nat for nat, _ in kinds_on_map(s, "arab")} == {"aas"}
    assert s["units"]["AL-ala-gue-1"]["status"] == "pool" and s["units"]["AL-egy-cdo-1"]["status"] == "pool"


def test_s2_4a1_israeli_militia_in_every_jewish_settlement_etzion_included():
    """Scenario 2, 4a1 (L1126): one militia group in each Jewish settlement hex; Etzion, untouched here (2b),
    gets one."""
    s = new_game("struggle")
    deploy_until(s, "IL-cdo-bn-1")
    militia = sorted(s["units"][c]["at"] for c in units.on_map(s, "israel") if units.counter(s, c).type == "militia")
    assert militia == [KIBBUTZ, ETZION]


def test_s2_4a2_zahal_commandos_and_supply_one_a_hex_in_jewish_cities():
    """Scenario 2, 4a2 (L1128): the commando battalions and the two supply points go in Jewish cities and towns,
    no more than one a hex: the second point is refused in the hex of the first."""
    s = new_game("struggle")
    assert deploy_until(s, "IL-cdo-bn-1") == {HAIFA, TEL_AVIV, JERUSALEM}
    one_a_hex(s, "israel", "IL-cdo-bn-1", "IL-cdo-bn-2", [HAIFA, TEL_AVIV, JERUSALEM], "Scenario 2, 4a2")
    act(s, "israel", f"place IL-cdo-bn-3 {JERUSALEM}")  # the test pack's mix has three: the fourth is not placed
    assert set(legal(s, "israel")["supply"]) == {HAIFA, TEL_AVIV, JERUSALEM}
    act(s, "israel", f"supply {HAIFA}")
    assert set(legal(s, "israel")["supply"]) == {TEL_AVIV, JERUSALEM}
    refused(s, "israel", f"supply {HAIFA}", "(Scenario 2, 4a2)")
    act(s, "israel", f"supply {JERUSALEM}")
    assert s["supply"]["israel"] == {HAIFA: 1, JERUSALEM: 1}
    assert "supply" not in legal(s, "israel")


def not_where_the_arab_league_holds(cid: str, held: str, rule: str, to: str, also_refused: tuple = ()) -> None:
    """Scenario 2's deployment of *cid* (a Jewish city or town free of the Arab League): with an Arab battalion put
    in *held*, that city is neither offered nor accepted (citing *rule*), nor any hex of *also_refused*; *cid* goes
    to *to*, which is offered."""
    s = new_game("struggle")
    cities = {HAIFA, TEL_AVIV, JERUSALEM}
    assert deploy_until(s, cid) == cities
    clear_side(s, "israel", held)
    put(s, "AL-aas-gue-3", held)
    assert offered(s, cid) == cities - {held}
    for h in (held, *also_refused):
        refused(s, "israel", f"place {cid} {h}", f"({rule})")
    act(s, "israel", f"place {cid} {to}")
    assert s["units"][cid]["at"] == to


def test_s2_4b_the_irgun_not_in_a_jewish_city_the_arab_league_holds():
    """Scenario 2, 4b (L1130): the Irgun goes in a Jewish city or town the Arab League does not occupy: an Arab
    battalion in new Jerusalem takes it off the list."""
    not_where_the_arab_league_holds("IL-irgun-1", JERUSALEM, "Scenario 2, 4b", TEL_AVIV, also_refused=(KIBBUTZ,))


def test_s2_4c_the_stern_group_not_in_a_jewish_city_the_arab_league_holds():
    """Scenario 2, 4c (L1132): as the Irgun: a Jewish city or town free of the Arab League."""
    not_where_the_arab_league_holds("IL-stern-1", TEL_AVIV, "Scenario 2, 4c", JERUSALEM)


def test_s2_4d_the_weapons_factory_in_a_jewish_city_or_town():
    """Scenario 2, 4d (L1134): the factory goes in a Jewish city or town; Etzion (a settlement) is refused."""
    placed_in_a_jewish_city_only("struggle", "IL-factory", ETZION, "Scenario 2, 4d", JERUSALEM)


def test_s2_4e_israel_deploys_no_brigade_leader_or_airfield():
    """Scenario 2, 4e (L1136): Israel's other units arrive as reinforcements: no brigade, leader, infantry or
    Secret Airfield stands on the map after the deployment."""
    s = deployed("struggle")
    assert kinds_on_map(s, "israel") == {("zahal", "militia"), ("zahal", "commando"), ("irgun", "commando"),
                                         ("stern", "commando"), ("zahal", "arms_factory")}
    assert all(s["units"][c]["status"] == "pool" for c in ("IL-ldr-allon", "IL-airfield", "IL-inf-bde-1"))


def test_s2_5a_no_event_phase_in_december_1947():
    """Scenario 2, 5a (L1140): the first turn has no Casual Events phase: the turn begins straight with the Arab
    League's Reinforcement phase."""
    s = new_game("struggle")
    said = []
    while s["phase"] == "deployment":
        role = engine.active_roles(s)[0]
        said += [e["text"] for e in act(s, role, first_legal(s, role)).log]
    assert any("No Event phase on a scenario's first turn" in t for t in said)
    assert not any("Casual Events roll" in t for t in said)
    assert (s["month"], s["phase"], s["phasing"]) == ("1947-12", "reinforcement", "arab")


def test_s2_5b_israel_receives_the_december_1947_row_in_the_first_turn():
    """Scenario 2, 5b (L1142): December 1947's Israeli row (three infantry battalions, a supply point) comes in
    the first turn's Israeli Reinforcement phase."""
    s = deployed("struggle")
    advance_to(s, "israel", "reinforcement", "1947-12")
    todo = [i["cid"] for i in top(s)["todo"]]
    assert sum(c.startswith("IL-inf-bn") for c in todo) == 3
    assert [x["points"] for x in top(s)["supply"]] == [1]


# The Reinforcement Table: the Arab League's placement paragraphs -----------------------------------------------


def test_reinforcement_table_aas_in_an_arab_held_untouched_arab_hex_of_palestine():
    """Reinforcement Table, AAS placement (L1191): an Arab-occupied hex of Palestine with the Arab symbol, not
    terrorized: a village the Arab League left, or one terrorized, is refused."""
    s = fresh("struggle")  # December 1947: one battalion, Abd el Kader being in play
    assert offered(s, "AL-aas-gue-3") == {GAZA, OLD_HAIFA, ARAB_VILLAGE, TIBERIAS, DEIR_YASSIN}
    clear_side(s, "arab", ARAB_VILLAGE)
    s["terrorized"][DEIR_YASSIN] = "israel"
    assert offered(s, "AL-aas-gue-3") == {GAZA, OLD_HAIFA, TIBERIAS}
    refused(s, "arab", f"place AL-aas-gue-3 {ARAB_VILLAGE}", "must be occupied by the Arab League")
    refused(s, "arab", f"place AL-aas-gue-3 {DEIR_YASSIN}", "not terrorized")
    refused(s, "arab", "place AL-aas-gue-3 0305", "(Reinforcement Table L1191)")  # no Arab symbol
    act(s, "arab", f"place AL-aas-gue-3 {TIBERIAS}")
    assert "AL-aas-gue-3" in units.at(s, TIBERIAS)


def _arab_january_1948() -> dict:
    s = fresh("struggle")
    phase(s, "arab", "reinforcement", "1948-01")
    return s


def test_reinforcement_table_ala_in_a_city_or_town_of_lebanon_or_syria():
    """Reinforcement Table, ALA placement (L1201): a city or town of Lebanon or Syria (Damascus, the Syrian
    town 0801); a Lebanese village and a Syrian hex with no town are refused."""
    s = _arab_january_1948()
    assert offered(s, "AL-ala-gue-1") == offered(s, "AL-ala-recon-1") == {DAMASCUS, "0801"}
    refused(s, "arab", "place AL-ala-gue-1 0201", "(Reinforcement Table L1201)")
    refused(s, "arab", "place AL-ala-gue-1 0601", "(Reinforcement Table L1201)")
    act(s, "arab", "place AL-ala-gue-1 0801")
    assert "AL-ala-gue-1" in units.at(s, "0801")


def test_reinforcement_table_egypt_on_el_arish_or_the_west_edge():
    """Reinforcement Table, Egyptian placement (L1217): El Arish or the west edge in Egypt; the other Egyptian
    hex (0205, on the south edge only) is refused."""
    s = _arab_january_1948()
    assert offered(s, "AL-egy-cdo-1") == {EL_ARISH}
    refused(s, "arab", "place AL-egy-cdo-1 0205", "(Reinforcement Table L1217)")
    act(s, "arab", f"place AL-egy-cdo-1 {EL_ARISH}")
    assert "AL-egy-cdo-1" in units.at(s, EL_ARISH)


def test_reinforcement_table_transjordan_in_a_town_or_on_the_east_edge():
    """Reinforcement Table, Transjordanian placement (L1232): a city or town of Transjordan (Amman, Aqaba) or
    its east edge; the other Transjordanian hexes are refused."""
    s = fresh()  # the Arab League's May 1948 Reinforcement phase
    assert offered(s, "AL-tj-inf-1") == offered(s, "AL-ldr-el-tel") == {AMMAN, AQABA} | JORDAN_EAST_EDGE
    refused(s, "arab", "place AL-tj-inf-1 0702", "(Reinforcement Table L1232)")
    refused(s, "arab", "place AL-tj-inf-1 0705", "(Reinforcement Table L1232)")
    act(s, "arab", "place AL-tj-inf-1 0804")
    assert "AL-tj-inf-1" in units.at(s, "0804")


def test_reinforcement_table_syria_in_a_town_or_on_the_north_or_east_edge():
    """Reinforcement Table, Syrian placement (L1244): a Syrian city or town or the north or east edge in Syria
    (on the test pack every Syrian hex is one); a Lebanese or Transjordanian edge hex is refused."""
    s = fresh()
    assert offered(s, "AL-syr-inf-bde-1") == country(s, "Syria")
    refused(s, "arab", "place AL-syr-inf-bde-1 0401", "(Reinforcement Table L1244)")
    refused(s, "arab", "place AL-syr-inf-bde-1 0802", "(Reinforcement Table L1244)")
    act(s, "arab", "place AL-syr-inf-bde-1 0501")
    assert "AL-syr-inf-bde-1" in units.at(s, "0501")


def test_reinforcement_table_iraq_on_the_syrian_or_transjordanian_edges_only():
    """Reinforcement Table, Iraqi placement (L1270): the north or east edge in Syria or the east edge in
    Transjordan, never a town inland: Amman is refused."""
    s = fresh()
    assert offered(s, "AL-irq-inf-bde-1") == {"0501", "0601", DAMASCUS, "0801"} | JORDAN_EAST_EDGE
    refused(s, "arab", f"place AL-irq-inf-bde-1 {AMMAN}", "(Reinforcement Table L1270)")
    act(s, "arab", "place AL-irq-inf-bde-1 0805")
    assert "AL-irq-inf-bde-1" in units.at(s, "0805")


def test_reinforcement_table_saudi_moroccan_and_yemeni_units_on_el_arish_or_the_west_edge():
    """Reinforcement Table, Saudi, Moroccan and Yemeni placement (L1277, L1283, L1289): as Egypt's, El Arish or
    the west edge in Egypt; 0205 is refused."""
    s = fresh()
    for cid in ("AL-sau-inf-1", "AL-mor-inf-1", "AL-yem-inf-1"):
        assert offered(s, cid) == {EL_ARISH}, cid
        refused(s, "arab", f"place {cid} 0205", "(Reinforcement Table L1217)")
        act(s, "arab", f"place {cid} {EL_ARISH}")
        assert cid in units.at(s, EL_ARISH)


def test_reinforcement_table_arab_supply_in_egypt_transjordan_and_on_the_levant_edge():
    """Reinforcement Table, Arab League supplies (L1293, L1294, L1295; ruling R-4.0-jordan-edge): El Arish or
    Egypt's west edge for one line, Amman, Aqaba or Transjordan's east edge for the next, the north edge in Lebanon
    or Syria for the last, each point counted to the line whose hexes take it; 0205 (Palestine) is refused. Every
    Lebanese and Syrian hex of the test map is on its north edge, Damascus (0701) too."""
    s = _arab_january_1948()  # 1 point in Egypt, 4 in Transjordan, 1 on the north edge (January 1948)
    assert {x["area"]: x["points"] for x in top(s)["supply"]} == {
        "egypt_supply": 1, "transjordan_supply": 4, "levant_supply": 1}
    assert set(legal(s, "arab")["supply"]) == {EL_ARISH, AMMAN, AQABA} | JORDAN_EAST_EDGE | LEVANT_NORTH_EDGE
    refused(s, "arab", "supply 0205", "not a hex where")
    act(s, "arab", f"supply {AQABA}")
    act(s, "arab", f"supply {EL_ARISH}")
    act(s, "arab", f"supply {DAMASCUS}")
    left = {x["area"]: x["points"] for x in top(s)["supply"]}
    assert left == {"transjordan_supply": 3}
    assert set(legal(s, "arab")["supply"]) == {AMMAN, AQABA} | JORDAN_EAST_EDGE
    assert units.supply_points(s, "arab", DAMASCUS) == 1
    assert units.supply_points(s, "arab", AQABA) == 1 and units.supply_points(s, "arab", EL_ARISH) == 1


def test_reinforcement_table_l1295_four_points_a_turn_on_the_levant_edge_from_may_1948():
    """Reinforcement Table, Arab League supplies (L1295): from May 1948 the north edge in Lebanon or Syria takes 4
    points a turn (1 until April 1948)."""
    s = fresh("struggle")
    phase(s, "arab", "reinforcement", "1948-05")
    assert {x["area"]: x["points"] for x in top(s)["supply"]}["levant_supply"] == 4
    before = units.supply_points(s, "arab", "0201")
    for _ in range(4):
        act(s, "arab", "supply 0201")
    assert units.supply_points(s, "arab", "0201") == before + 4
    refused(s, "arab", "supply 0201", "not a hex where")  # the line's 4 points are placed
    assert "levant_supply" not in {x["area"] for x in top(s)["supply"]}


def test_s1_3a1_and_5e_no_militia_is_put_on_etzion_for_the_player():
    """Scenario 1, 3a1 (L1048) and 5e (L1096; ruling R-S1-etzion): the militia go one to each Arab settlement hex, a
    list Etzion (a Jewish settlement) is not on, so none is placed there without the player's choice; 5e leaves
    Etzion open to the groups whose hexes the player picks (the AAS commandos are offered it)."""
    s = new_game("independence")
    militia = [c for c in units.on_map(s, "arab") if units.counter(s, c).type == "militia"]
    assert militia and ETZION not in {s["units"][c]["at"] for c in militia}
    assert ETZION in offered(s, "AL-aas-gue-1")
