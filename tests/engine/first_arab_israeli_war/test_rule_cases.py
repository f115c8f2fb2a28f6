"""Cases for the numbered paragraphs no other test named (issue 31: "every rule with a number in the text has a
case run on the test pack"), on the test pack (made-up data) through the engine's own orders and functions.

A paragraph is cited as the rulebook numbers it (``N.n``, its line in the text in brackets). The scenarios and the
Reinforcement Table follow section 31.0 with numbering of their own: a Scenario 1 paragraph is cited ``S1 n`` (tests
``test_s1_...``, as the other scenario tests are named), a paragraph of the Israeli reinforcements' placement list
``Reinforcement Table, n`` (``test_reinforcement_table_...``). Paragraphs that are no rule of play (1.2 the
equipment, 2.4 the phase marker, 22.5 the turn marker's face) have no case here.
"""

from __future__ import annotations

import engine
from engine.core.flow import Context
from engine.games.first_arab_israeli_war import (
    calendar,
    combat_build,
    combat_losses,
    phase_event,
    places,
    truce,
    units,
    victory,
)
from engine.hexwar.stacking import overstacked, stack_points

from .faiw_air_helpers import at_phase, bare, ready_air
from .faiw_combat_helpers import combat_position, log_of, play, who
from .faiw_helpers import FixedChance, act, advance_to, deployed, new_game, put
from .faiw_movement_helpers import at_movement, left
from .faiw_movement_helpers import legal as move_legal
from .faiw_reinf_helpers import ctx, empty, fresh, legal, phase, refused, texts, top

H = "0303"  # a Jewish settlement (clear) of the test map
NEXT = "0304"  # a hex next to it
TEL_AVIV, HAIFA = "0203", "0202"


# 1.1, 2.2 -------------------------------------------------------------------------------------------------------


def test_1_1_a_turn_is_a_month():
    """1.1 (L60): each turn a month; the calendar runs month by month with no gap, and the scenario ends on its
    last month (Scenario 1: May 1948 to January 1949)."""
    for a, b in zip(calendar.MONTHS, calendar.MONTHS[1:], strict=False):
        assert calendar.plus(a, 1) == b
    s = new_game("independence")
    assert (s["month"], s["last_month"]) == ("1948-05", "1949-01")


def test_2_2_the_israeli_turn_follows_the_arab_leagues_phase_by_phase():
    """2.2 (L221): after the Arab League's turn the Israeli player has his: reinforcement, reorganization, movement,
    air operations, combat, terrorism, recovery, in that order (first impulse)."""
    s = deployed()
    advance_to(s, "arab", "recovery")
    seen = []
    for _ in range(200):
        role = engine.active_roles(s)[0]
        if s["phasing"] == "israel" and (not seen or seen[-1] != s["phase"]):
            seen.append(s["phase"])
        if s["impulse"] != 1 or s["month"] != "1948-05":
            break
        lg = engine.legal_actions(s, role)
        act(s, role, "end" if "end" in lg else f"{next(iter(lg))} {lg[next(iter(lg))][0]}")
    assert seen[:7] == ["reinforcement", "reorganization", "movement", "air", "combat", "terrorism", "recovery"]


# 3.2 ------------------------------------------------------------------------------------------------------------


def test_3_2_an_event_occurs_again():
    """3.2 (L261): an event may come up more than once a game; the second "12" is applied like the first."""
    s = at_phase("arab", "air")
    for _ in range(2):
        phase_event.EventPhase().begin(Context(s, FixedChance([1, 2]), None), {})
    assert [e["event"] for e in s["pending"]["israel"]] == ["12", "12"]


# 4.3 ------------------------------------------------------------------------------------------------------------


def test_4_3_a_reinforcement_moves_with_its_whole_movement_factor_the_turn_it_arrives():
    """4.3 (L281): a unit placed in the Reinforcement phase moves in the Movement phase of that turn, its
    placement costing it no movement point."""
    s = deployed()
    advance_to(s, "israel", "reinforcement")
    new = next(a for a in legal(s, "israel")["place"] if a.startswith("IL-inf-bn"))
    cid = new.split()[0]
    act(s, "israel", f"place {new}")
    advance_to(s, "israel", "movement")
    assert s["month"] == "1948-05" and cid in move_legal(s)["move"]
    here = s["units"][cid]["at"]
    bonus = 1 if any(units.counter(s, c).type == "leader" for c in units.at(s, here)) else 0  # 20.1
    act(s, "israel", f"move {cid}")
    assert left(s)[cid] == units.unit(s, cid).mf + bonus


# 6.4, 6.5 -------------------------------------------------------------------------------------------------------


def test_6_4_each_promotion_spends_its_own_supply_point():
    """6.4 (L350): one supply point for each unit promoted; a second promotion in a hex with no point left is
    refused, and allowed once a point is there."""
    s = fresh()
    empty(s, H)
    put(s, "IL-militia-1", H)
    put(s, "IL-militia-2", H)
    s["supply"]["israel"][H] = 1
    phase(s, "israel", "reorganization")
    act(s, "israel", "promote IL-militia-1")
    assert H not in s["supply"]["israel"] and "IL-militia-2" not in legal(s, "israel").get("promote", [])
    refused(s, "israel", "promote IL-militia-2", "no Israeli supply point")
    s["supply"]["israel"][H] = 1
    act(s, "israel", "promote IL-militia-2")
    assert H not in s["supply"]["israel"] and "IL-militia-2" not in units.at(s, H)


def test_6_5_a_split_and_a_promotion_in_one_reorganization_phase():
    """6.5 (L352): a unit may be reorganized and promoted in the same segment: a brigade split, then one of its
    infantry battalions promoted to reconnaissance, in one Reorganization phase."""
    s = fresh()
    empty(s, H)
    for cid in list(s["units"]):
        if units.counter(s, cid).type == "recon" and cid.startswith("IL-") and s["units"][cid]["status"] != "map":
            s["units"][cid]["status"] = "pool"
    put(s, "IL-inf-bde-1", H)
    s["supply"]["israel"][H] = 1
    phase(s, "israel", "reorganization")
    act(s, "israel", "split IL-inf-bde-1")
    bn = next(c for c in units.at(s, H) if c.startswith("IL-inf-bn"))
    assert bn in legal(s, "israel")["promote"]
    act(s, "israel", f"promote {bn}")
    kinds = sorted(units.counter(s, c).type for c in units.at(s, H))
    assert kinds == ["infantry", "infantry", "recon"] and H not in s["supply"]["israel"]


# 8.4, 19.3 ------------------------------------------------------------------------------------------------------


def test_8_4_units_of_two_nationalities_stack_together():
    """8.4 (L426): an Egyptian battalion may move into a Lebanese unit's hex and end there; no break follows."""
    s = at_movement("arab", place={"AL-leb-inf-1": "0305", "AL-egy-inf-bn-1": NEXT})
    act(s, "arab", "move AL-egy-inf-bn-1")
    assert "0305" in move_legal(s, "arab")["enter"]
    act(s, "arab", "enter 0305")
    act(s, "arab", "stop")
    act(s, "arab", "end")
    assert sorted(units.at(s, "0305")) == ["AL-egy-inf-bn-1", "AL-leb-inf-1"]
    assert not s["units"]["AL-egy-inf-bn-1"]["broken"] and not s["units"]["AL-leb-inf-1"]["broken"]


def test_19_3_non_combat_units_do_not_count_towards_stacking():
    """19.3 (L782): two brigades plus a leader, the Arms Factory and supply are not overstacked; a third brigade
    is."""
    s = fresh()
    empty(s, H)
    for cid in ("IL-inf-bde-1", "IL-inf-bde-2", "IL-ldr-marcus", "IL-factory"):
        put(s, cid, H)
    s["supply"]["israel"][H] = 5
    assert stack_points(units.unit(s, "IL-ldr-marcus")) == 0 == stack_points(units.supply_unit(s, "israel", H))
    assert H not in overstacked(units.board(s), "israel")
    put(s, "IL-inf-bde-3", H)
    assert overstacked(units.board(s), "israel")[H] == 3


# 9.6, 14.7 ------------------------------------------------------------------------------------------------------


def test_9_6_an_enemy_zoc_does_not_stop_a_recovery():
    """9.6 (L452): supply is spent in a hex in an enemy ZOC as anywhere: a broken unit next to an enemy unit
    recovers with the supply point in its hex."""
    s = fresh()
    empty(s, H, NEXT)
    put(s, "IL-inf-bn-10", H, broken=True)
    put(s, "AL-egy-inf-bn-1", NEXT)
    s["supply"]["israel"][H] = 1
    phase(s, "israel", "recovery")
    assert legal(s, "israel")["recover"] == [H]
    act(s, "israel", f"recover {H}")
    assert not s["units"]["IL-inf-bn-10"]["broken"] and H not in s["supply"]["israel"]


def test_14_7_one_supply_point_serves_allies_of_two_nationalities():
    """14.7 (L709): supply has no nationality: the Arab League's points in a hex recover an Egyptian and a
    Lebanese unit there at once."""
    s = fresh()
    empty(s, "0305")
    put(s, "AL-egy-inf-bn-1", "0305", broken=True)
    put(s, "AL-leb-inf-1", "0305", broken=True)
    s["supply"]["arab"]["0305"] = 2  # sandy terrain: a recovery costs two (13.5.1)
    phase(s, "arab", "recovery")
    act(s, "arab", "recover 0305")
    assert not s["units"]["AL-egy-inf-bn-1"]["broken"] and not s["units"]["AL-leb-inf-1"]["broken"]
    assert "0305" not in s["supply"]["arab"]


# 13.1 -----------------------------------------------------------------------------------------------------------


def test_13_1_an_effective_unit_moves_on_its_front_face():
    """13.1 (L643): a unit in effective combat functions normally, on its printed front values; its broken
    twin moves on its reverse's."""
    s = at_movement(place={"IL-inf-bn-1": TEL_AVIV, "IL-inf-bn-2": HAIFA})
    s["units"]["IL-inf-bn-2"]["broken"] = True
    front, back = units.unit(s, "IL-inf-bn-1"), units.unit(s, "IL-inf-bn-2")
    assert front.mf > back.mf and front.cs > back.cs
    act(s, "israel", "move IL-inf-bn-1")
    assert left(s) == {"IL-inf-bn-1": front.mf}


# 14.1, 14.4 -----------------------------------------------------------------------------------------------------


def test_14_1_supply_is_spent_in_the_hex_where_it_is_used():
    """14.1 (L677): no supply line: a point next door does not pay for a promotion; the point in the hex does."""
    s = fresh()
    empty(s, H, NEXT)
    put(s, "IL-militia-1", H)
    s["supply"]["israel"][NEXT] = 3
    phase(s, "israel", "reorganization")
    refused(s, "israel", "promote IL-militia-1", "no Israeli supply point")
    try:
        units.spend_supply(s, "israel", H, 1)
    except ValueError as e:
        assert "(14.1)" in str(e)
    else:
        raise AssertionError("spent a point the hex does not hold")
    s["supply"]["israel"][H] = 1
    act(s, "israel", "promote IL-militia-1")
    assert H not in s["supply"]["israel"] and s["supply"]["israel"][NEXT] == 3


def test_14_4_units_move_without_spending_supply():
    """14.4 (L701): supply is never spent to move, attack or defend: with no point on the map a unit moves its
    whole movement factor, and with points in its hex none is spent unless asked for."""
    s = at_movement(place={"IL-inf-bde-1": TEL_AVIV}, supply={("israel", HAIFA): 2})
    act(s, "israel", "move IL-inf-bde-1")
    act(s, "israel", "enter 0303")
    act(s, "israel", "stop")
    assert units.at(s, "0303") == ["IL-inf-bde-1"] and s["supply"]["israel"] == {HAIFA: 2}


def test_14_4_a_combat_is_fought_on_printed_strengths_with_no_point_spent():
    """14.4 (L701): attacker and defender each have a supply point in their hex and decline to spend it: the
    combat is fought on the printed strengths and both points stay."""
    s = combat_position("arab")
    put(s, "AL-egy-inf-bde-1", NEXT)
    put(s, "IL-inf-bn-1", H)
    s["supply"]["arab"][NEXT] = 1
    s["supply"]["israel"][H] = 1
    play(s, f"attack {H}", "with AL-egy-inf-bde-1", "table raid")
    assert who(s) == "arab" and "done" in engine.legal_actions(s, "arab")
    play(s, "done")
    assert who(s) == "israel"
    text = log_of(play(s, ("done", [1])))
    assert "attack 5 against defence 2" in text and "doubled" not in text
    assert s["supply"] == {"arab": {NEXT: 1}, "israel": {H: 1}}


# 14.8 -----------------------------------------------------------------------------------------------------------


def test_14_8_an_air_strike_spends_no_supply():
    """14.8 (L711): air units use no supply: a strike flies with no point on the map, and one the side has is
    left untouched."""
    s = bare(at_phase("arab", "air"))
    put(s, "IL-inf-bde-1", H)
    put(s, "AL-aas-gue-1", "0302")
    ready_air(s, "AL-air-egy-1")
    s["supply"]["arab"]["0302"] = 1
    act(s, "arab", f"strike {H} AL-air-egy-1")
    act(s, "arab", "launch", rolls=[1])  # no effect on the test pack's table
    assert s["supply"]["arab"] == {"0302": 1} and s["units"]["AL-air-egy-1"]["status"] != "available"


# 22.7 -----------------------------------------------------------------------------------------------------------


def test_22_7_a_second_truce_after_the_first_ended():
    """22.7 (L873): there is no limit to the truces: one ends, a later truce event takes effect again."""
    s = at_phase("arab", "air")
    s["month"] = "1948-06"
    assert truce.start(Context(s, FixedChance([1]), None), "Event 34")
    s["month"] = "1948-07"
    assert not truce.in_effect(s)
    assert truce.start(Context(s, FixedChance([1]), None), "Event 34")
    assert s["truce"]["from"] == "1948-07" and truce.in_effect(s)


# 23.2 -----------------------------------------------------------------------------------------------------------


def test_23_2_the_arms_factory_destroyed_is_gone_for_good():
    """23.2 (L881): the Arms Factory eliminated is out of the game, and its point is no longer received."""
    s = fresh()
    g = ctx(s)
    combat_losses.eliminate(g, "IL-factory", "test")
    assert s["units"]["IL-factory"]["status"] == "out"
    log = phase(s, "israel", "reinforcement", "1948-06")
    assert "Arms Factory" not in texts(log)
    assert not any(i["cid"] == "IL-factory" for i in top(s)["todo"])


# 26.2 -----------------------------------------------------------------------------------------------------------


def test_26_2_from_may_1948_israeli_units_cross_the_border():
    """26.2 (L919): the restrictions of 26.1 end with the May 1948 turn: an Israeli battalion may enter Lebanon
    (refused in the mandate: test_movement_limits' 26.1c case)."""
    assert calendar.mandate("1948-04") and not calendar.mandate("1948-05")
    s = at_movement(place={"IL-inf-bn-1": HAIFA})
    assert s["month"] == "1948-05"
    act(s, "israel", "move IL-inf-bn-1")
    assert "0201" in move_legal(s)["enter"]


# 27.1 -----------------------------------------------------------------------------------------------------------


def test_27_1_british_units_stand_where_the_scenario_puts_them():
    """27.1 (L927): Scenario 2 puts a British unit in every fort/base hex (Scenario 2, 2a); Scenario 1 has none
    (Scenario 1, 2)."""
    s = deployed("struggle")
    m = units.pack_of(s).map
    forts = [h for h in m.hexes if m.hex(h).settlement == "fort_base"]
    assert forts
    for h in forts:
        assert any(units.side_of(s, c) == "british" for c in units.at(s, h)), h
    s1 = deployed("independence")
    assert not [c for c in units.on_map(s1) if units.side_of(s1, c) == "british"]


def test_27_7_the_british_units_left_over_stay_off_the_map():
    """27.7 (L939): the counter mix holds more British units than the scenario places (kept for scenarios of the
    players' own): Scenario 2 puts one in each fort/base and leaves the rest in the pool."""
    s = deployed("struggle")
    british = [c for c in s["units"] if units.side_of(s, c) == "british" and units.counter(s, c).type != "air"]
    m = units.pack_of(s).map
    forts = [h for h in m.hexes if m.hex(h).settlement == "fort_base"]
    placed = [c for c in british if s["units"][c]["status"] == "map"]
    assert len(placed) == len(forts) < len(british)
    assert all(s["units"][c]["status"] == "pool" for c in british if c not in placed)


# 28.3 -----------------------------------------------------------------------------------------------------------


def test_28_3_occupation_is_a_ground_unit_in_the_hex():
    """28.3 (L970): a combat or non-combat unit (supply included) in the hex occupies it; passing through does
    not, and an enemy ZOC changes nothing."""
    s = at_movement(place={"IL-inf-bn-1": TEL_AVIV, "AL-egy-inf-bn-1": "0305"})
    act(s, "israel", "move IL-inf-bn-1")
    act(s, "israel", "enter 0303")
    act(s, "israel", f"enter {NEXT}")
    act(s, "israel", "stop")
    assert victory.occupant(s, "0303") is None and victory.occupant(s, NEXT) == "israel"  # in the Arab ZOC
    s["supply"]["arab"]["0303"] = 1
    assert victory.occupant(s, "0303") == "arab"
    del s["supply"]["arab"]["0303"]
    put(s, "IL-ldr-marcus", "0303")
    assert victory.occupant(s, "0303") == "israel"


# Scenario 1's deployment and special rules, the Reinforcement Table's placement ------------------------


def test_s1_3_the_arab_league_deploys_first():
    """Scenario 1, 3 (L1044): the Arab League places first; the Israeli player may not place meanwhile."""
    s = new_game("independence")
    assert s["phase"] == "deployment" and engine.active_roles(s) == ["arab"]
    assert not engine.legal_actions(s, "israel")
    while engine.active_roles(s) == ["arab"] and s["phase"] == "deployment":
        act(s, "arab", first_legal_of(s, "arab"))
    assert engine.active_roles(s) == ["israel"] and s["phase"] == "deployment"


def first_legal_of(state: dict, role: str) -> str:
    lg = engine.legal_actions(state, role)
    verb = next((v for v in lg if v != "end"), "end")
    return verb if not lg[verb] else f"{verb} {lg[verb][0]}"


def test_s1_5c_abd_el_kader_is_out_of_scenario_1():
    """Scenario 1, 5c (L1086): the leader Abd el Kader is out of the game; in Scenario 2 he deploys."""
    assert deployed("independence")["units"]["AL-ldr-abd-el-kader"]["status"] == "out"
    assert deployed("struggle")["units"]["AL-ldr-abd-el-kader"]["status"] == "map"


def test_reinforcement_table_6_the_secret_airfield_needs_an_israeli_combat_unit():
    """Reinforcement Table, Israeli placement 6 (L1181; 24.0): the airfield goes in a clear hex of Palestine with an Israeli
    combat unit: a hex holding only a leader is refused, the unit's hex is offered."""
    s = fresh("struggle")
    phase(s, "israel", "reinforcement", "1948-03")
    assert f"IL-airfield {H}" in legal(s, "israel")["place"]  # a clear hex of Palestine, a militia group in it
    empty(s, H)
    put(s, "IL-ldr-allon", H)
    assert f"IL-airfield {H}" not in legal(s, "israel")["place"]
    refused(s, "israel", f"place IL-airfield {H}", "needs one (24.0)")
    put(s, "IL-militia-1", H)
    act(s, "israel", f"place IL-airfield {H}")
    assert "IL-airfield" in units.at(s, H)


def test_reinforcement_table_7_a_reinforcement_leader_joins_an_israeli_unit():
    """Reinforcement Table, Israeli placement 7 (L1183): Marcus is placed only in a hex with an Israeli unit."""
    s = fresh()
    phase(s, "israel", "reinforcement", "1948-05")
    hexes = {a.split()[1] for a in legal(s, "israel")["place"] if a.startswith("IL-ldr-marcus")}
    assert hexes and all(any(units.side_of(s, c) == "israel" for c in units.at(s, h)) for h in hexes)
    empty(s, H)
    refused(s, "israel", f"place IL-ldr-marcus {H}", "holds no Israeli unit")
    put(s, "IL-militia-1", H)
    act(s, "israel", f"place IL-ldr-marcus {H}")
    assert "IL-ldr-marcus" in units.at(s, H)


def _deploy_until(state: dict, prefix: str) -> list[str]:
    """Plays the deployment's first legal orders until a placement of *prefix* is offered; returns those hexes."""
    for _ in range(300):
        role = engine.active_roles(state)[0]
        offered = [a.split()[1] for a in engine.legal_actions(state, role).get("place", []) if a.startswith(prefix)]
        if offered:
            return offered
        act(state, role, first_legal_of(state, role))
    raise AssertionError(f"no placement of {prefix} offered")


def test_s1_4b_the_irgun_deploys_in_jewish_cities_and_towns_only():
    """Scenario 1, 4b (L1068): the Israeli player deploys second, the Irgun in a city or town with the
    Jewish population symbol; a settlement hex is refused."""
    s = new_game("independence")
    hexes = _deploy_until(s, "IL-irgun-1")
    assert engine.active_roles(s) == ["israel"]
    m = units.pack_of(s).map
    assert hexes and all(m.hex(h).settlement in ("city", "town") and m.hex(h).population == "jewish" for h in hexes)
    assert m.hex(H).settlement == "settlement" and H not in hexes
    refused(s, "israel", f"place IL-irgun-1 {H}", "(Scenario 1, 4b)")
    act(s, "israel", f"place IL-irgun-1 {hexes[0]}")
    assert s["units"]["IL-irgun-1"]["at"] == hexes[0]


def test_s1_5e_arab_units_may_deploy_on_etzion_in_scenario_1_only():
    """Scenario 1, 5e (L1086): Arab League units may be placed on Etzion, a Jewish settlement; Scenario 2
    has no such rule."""
    s1 = new_game("independence")
    etzion = places.tagged(s1, "etzion")
    assert etzion and units.pack_of(s1).map.hex(etzion).population == "jewish"
    assert etzion in _deploy_until(s1, "AL-aas-gue-1")
    s2 = new_game("struggle")
    assert etzion not in _deploy_until(s2, "AL-aas-gue-1")


# 17.1, 29.1 -----------------------------------------------------------------------------------------------------


def test_17_1_the_population_symbol_decides_the_guerrilla_rule():
    """17.1 (L740): the population type feeds the guerrilla rules: 29.2b asks for the defender's own people on
    or next to the combat hex, and a terrorized hex has no population left (17.2)."""
    s = fresh()
    m = units.pack_of(s).map
    near = {h: {places.population(s, x) for x in [h, *m.neighbours(h)]} for h in places.land(s)}
    h = next(h for h, pops in near.items() if "jewish" in pops and "arab" not in pops)
    assert combat_build.population_near(s, h, "israel") and not combat_build.population_near(s, h, "arab")
    for x in [h, *m.neighbours(h)]:
        if places.population(s, x) == "jewish":
            s["terrorized"][x] = "arab"
    assert not combat_build.population_near(s, h, "israel")


def test_29_1_with_the_optional_rule_a_commando_pays_one_mp_for_mountain():
    """29.1 (L982): commando/guerrilla units pay one MP to enter rough or mountain hexes (as 7.6a, which the
    engine applies whether or not rule 29 is in force); an infantry battalion pays the terrain's cost."""
    s = at_movement(place={"IL-cdo-bn-1": "0403", "IL-inf-bn-1": "0403"}, optional={"29": True})
    for line in ("move IL-cdo-bn-1", "add IL-inf-bn-1", "enter 0404"):  # mountain
        act(s, "israel", line)
    spent = {c: units.unit(s, c).mf - v for c, v in left(s).items()}
    assert spent["IL-cdo-bn-1"] == 1 and spent["IL-inf-bn-1"] > 1
