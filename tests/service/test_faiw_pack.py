"""The data pack of The First Arab-Israeli War (service/packs; digest A.0, A.16): the test pack passes and loads
into typed, frozen objects; broken copies of it (one fault each, made here) are refused with the file, the
JSON path, what is wrong and what is allowed; the digest is stable and follows every value.

The test pack (engine/games/first_arab_israeli_war/data/test_pack) is made-up test data, not the game's: its values only exercise
the code.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from fractions import Fraction
from pathlib import Path

import pytest

from engine.hexwar.terrain import SIZES, UNIT_TYPES, MapData, Tec
from service.packs import (
    PARTS,
    SCHEMAS,
    Pack,
    PackError,
    Problem,
    check_pack,
    load_pack,
    read_pack_dir,
)
from service.packs.check import NATION_SIDE, PLACES
from service.packs.files import json_path, parse_json

TEST_PACK = Path(__file__).resolve().parents[2] / "engine" / "games" / "first_arab_israeli_war" / "data" / "test_pack"


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(TEST_PACK)


def copy_pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(TEST_PACK, target)
    return target


def edit(root: Path, name: str, change: Callable[[dict], object]) -> None:
    path = root / name
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


# The test pack itself.


def test_pack_the_test_pack_has_no_problem():
    assert check_pack(TEST_PACK) == []


def test_pack_the_test_pack_is_flagged_test_data_in_every_file(pack):
    assert pack.test_data is True
    manifest = json.loads((TEST_PACK / "pack.json").read_text())
    for name in ["pack.json"] + [manifest["files"][p] for p in PARTS]:
        source = json.loads((TEST_PACK / name).read_text())["source"]
        assert "test data" in source.lower() and "not the game's" in source, name


def test_pack_loads_typed_and_frozen(pack):
    assert isinstance(pack.map, MapData) and isinstance(pack.tec, Tec)
    assert len(pack.map.grid) == 40
    with pytest.raises(FrozenInstanceError):
        pack.name = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        pack.counters["x"] = None  # type: ignore[index]
    assert pack.source.startswith("TEST DATA")


def test_1_3_the_map_uses_the_packs_numbering(pack):
    # flat-top, odd columns down: 0202's neighbours include 0302 and 0303 (column 03 stands lower)
    assert set(pack.map.neighbours("0202")) == {"0201", "0203", "0101", "0102", "0301", "0302"}
    assert pack.map.adjacent("0301", "0202") and not pack.map.adjacent("0202", "0204")


def test_7_2_the_tec_holds_hex_and_hexside_costs(pack):
    assert pack.tec.hex_effect("clear").mp == 1
    assert pack.tec.feature_effect("river").mp == 2  # 7.2's example: +2 for the river
    assert pack.tec.hex_effect("mountain").forbids("armor")
    assert pack.tec.hex_effect("all_sea").mp is None
    assert pack.tec.hex_effect("rough").rough and pack.tec.hex_effect("desert").desert
    assert pack.tec.feature_effect("wadi").mp == Fraction(1)


def test_7_2_the_river_example_moves_on_the_loaded_pack(pack):
    """The pack's MapData and Tec drive engine.hexwar.movement: 7.2's example (a river +2 and a clear hex
    1 = 3 MP), and 7.5a/7.5b (the coast road over its bridge at 1/2 MP)."""
    from engine.hexwar.movement import step_cost
    from engine.hexwar.stacking import Board
    from engine.hexwar.zoc import enemy_zoc
    board = Board({})
    zoc = enemy_zoc(pack.map, board, "israel")
    unit = pack.counters["IL-inf-bn-1"].unit()
    assert step_cost(pack.map, pack.tec, unit, "0302", "0303", zoc=zoc, board=board).mp == 3
    over = step_cost(pack.map, pack.tec, unit, "0202", "0203", zoc=zoc, board=board)
    assert over.road and over.mp == Fraction(1, 2)


def test_11_3_the_combat_desk_reads_the_packs_crts(pack):
    from engine.games.first_arab_israeli_war.combat import crt_table
    raid = crt_table(pack.crt, "raid")
    assert raid["rows"]["4"][raid["columns"].index("3:1")] == "AR"
    assert crt_table(pack.crt, "assault")["key"]["D1"].startswith("test value")


def test_7_5a_7_5b_roads_and_bridges(pack):
    assert pack.map.is_road("0202", "0203") and pack.map.has_bridge("0202", "0203")
    assert "river" in pack.map.hexside("0202", "0203").features
    assert pack.map.is_road("0603", "0703") and pack.map.has_bridge("0603", "0703")
    assert not pack.map.is_road("0302", "0303") and not pack.map.has_bridge("0302", "0303")
    assert "0105" in pack.map.road_hexes


def test_9_7_borders_and_9_2_water(pack):
    side = pack.map.hexside("0603", "0703")
    assert side.border == ("Palestine", "Transjordan")
    assert pack.map.is_border("0205", "0204") and not pack.map.is_border("0203", "0303")
    assert pack.map.is_water("0602") and pack.map.water_hexside("0604", "0704")


def test_17_0_population_and_named_places(pack):
    assert pack.place("tel_aviv") == "0203" and pack.map.hex("0203").population == "jewish"
    assert set(PLACES) <= set(pack.places)
    assert pack.map.hex(pack.place("eilat")).population is None  # 17.3
    with pytest.raises(KeyError, match="no place tagged 'haifa'"):
        pack.place("haifa")


def test_30_1b1_the_gaza_line(pack):
    assert pack.place("gaza") == "0204"
    assert pack.gaza_line.in_or_south("0204") and pack.gaza_line.in_or_south("0105")
    assert not pack.gaza_line.in_or_south("0203")


def test_4_2b_reinforcement_areas_resolve_to_hexes(pack):
    assert pack.reinforcement_areas["egypt_west_edge"] == {"0105"}
    assert pack.reinforcement_areas["syria_north_edge"] == {"0501", "0601", "0701", "0801"}
    assert pack.reinforcement_areas["transjordan_east_edge"] == {"0802", "0803", "0804", "0805"}


def test_11_2b5_crt_lookup(pack):
    raid, assault = pack.crt.raid, pack.crt.assault
    assert raid.columns[0] == "1:3" and raid.columns[-1] == "7:1"
    assert raid.result("3:1", 4) == "AR" and assault.result("7:1", 1) == "DE"
    assert "D1" in raid.key
    assert raid.as_dict()["rows"]["1"][0] == "A1"
    with pytest.raises(KeyError, match="not a CRT"):
        pack.crt.table("ambush")


def test_11_5_crt_effects_are_machine_readable_and_match_the_key(pack):
    for t in (pack.crt.raid, pack.crt.assault):
        assert set(t.effects) == set(t.key)
    dr, ae, ex = pack.crt.raid.effect("DR"), pack.crt.raid.effect("AE"), pack.crt.assault.effect("EX")
    assert (dr.defender_retreat, dr.advance, dr.defender_breaks) == (1, "attacker", 0)
    assert ae.attacker_eliminated and not ae.defender_eliminated and ae.advance == "none"
    assert (ex.attacker_breaks, ex.defender_breaks) == (1, 1)
    assert pack.crt.assault.effect("D2").defender_breaks == 2 and pack.crt.assault.effect("DE").defender_eliminated
    assert pack.crt.raid.as_dict()["effects"]["AR"]["attacker_retreat"] == 1
    with pytest.raises(KeyError, match="no effects"):
        pack.crt.raid.effect("ZZ")


def test_1_7_die_tables_with_modifiers(pack):
    bd = pack.air.bridge_destruction
    assert bd.read(1, ("enemy_adjacent",)) == (0, "NE")
    assert bd.read(6) == (6, "BD")
    assert pack.terrorism.read(5) == (5, "T")
    with pytest.raises(KeyError, match="no modifier"):
        bd.read(3, ("rain",))


def test_3_1_the_events_table(pack):
    assert sorted(pack.events) == [f"{a}{b}" for a in range(1, 7) for b in range(1, 7)]
    assert pack.events["12"].name == "More Israeli Supplies"
    assert pack.events["55"].effects[0]["kind"] == "truce"
    assert pack.events["43"].requires["vp_lead"]["at_least"] == 10


def test_13_2_counters_stand_on_either_face(pack):
    bde = pack.counters["IL-inf-bde-1"]
    assert bde.unit().cs == 5 and bde.unit(broken=True).cs == 2
    militia = pack.counters["IL-militia-1"].unit()
    assert militia.parenthesized and militia.combat  # 1.6: a parenthesized CS is still a combat unit
    assert pack.counters["BR-inf-1"].unit().british
    with pytest.raises(ValueError, match="no broken face"):
        pack.counters["IL-ldr-allon"].unit(broken=True)
    assert pack.vp.eliminated_vp(pack.counters["IL-ldr-allon"]) == 5
    assert pack.vp.eliminated_vp(pack.counters["AL-egy-inf-bn-1"]) == 1


def test_27_6_british_withdrawal(pack):
    assert pack.british_withdrawal == {"1948-02": {"0402"}, "1948-04": {"0403"}}


def test_pack_schemas_speak_the_engines_words():
    common = SCHEMAS["common"]["$defs"]
    assert set(common["unit_type"]["enum"]) == UNIT_TYPES
    assert set(common["counter_type"]["enum"]) == UNIT_TYPES | {"air"}
    assert set(common["size"]["enum"]) == set(SIZES)
    assert set(common["nationality"]["enum"]) == set(NATION_SIDE)


# The digest.


def test_pack_digest_is_stable_and_ignores_layout(tmp_path, pack):
    root = copy_pack(tmp_path)
    assert load_pack(root).digest == pack.digest == load_pack(TEST_PACK).digest
    for name in ["pack.json"] + [f"{p}.json" for p in PARTS]:
        data = json.loads((root / name).read_text())
        (root / name).write_text(json.dumps(data, indent=4, sort_keys=True))
    assert load_pack(root).digest == pack.digest
    assert len(pack.digest) == 64 and int(pack.digest, 16) >= 0


@pytest.mark.parametrize("name,change", [
    ("pack.json", lambda d: d.update(version="2")),
    ("map.json", lambda d: d["hexes"]["0303"].update(name="Another kibbutz")),
    ("tec.json", lambda d: d["terrain"]["clear"].update(note="changed")),
    ("crt.json", lambda d: d["raid"]["key"].update(NE="test data: still nothing")),
    ("events.json", lambda d: d["events"]["11"].update(text="Test data: changed.")),
    ("air.json", lambda d: d["strike"]["key"].update(NE="test value: nothing at all")),
    ("terrorism.json", lambda d: d["table"]["rows"].update({"4": "T"})),
    ("vp.json", lambda d: d["terrorism"].update(victim=3)),
    ("counters.json", lambda d: d["counters"][4].update(designation="1 Mech (renamed)")),
    ("british_withdrawal.json", lambda d: d["withdrawals"][0].update(turn="1948-01")),
], ids=lambda v: v if isinstance(v, str) else "")
def test_pack_digest_changes_with_any_file(tmp_path, pack, name, change):
    root = copy_pack(tmp_path)
    edit(root, name, change)
    changed = load_pack(root)
    assert changed.digest != pack.digest


# Broken packs: one fault each, refused with the right file, path and message.


def _set(path: list, value) -> Callable[[dict], None]:
    def change(d: dict) -> None:
        for p in path[:-1]:
            d = d[p]
        d[path[-1]] = value
    return change


def _drop(path: list) -> Callable[[dict], None]:
    def change(d: dict) -> None:
        for p in path[:-1]:
            d = d[p]
        del d[path[-1]]
    return change


def _counter(cid: str, **fields) -> Callable[[dict], None]:
    def change(d: dict) -> None:
        c = next(c for c in d["counters"] if c["id"] == cid)
        for k, v in fields.items():
            if v is _DEL:
                del c[k]
            else:
                c[k] = v
    return change


def _drop_counter(cid: str) -> Callable[[dict], None]:
    return lambda d: d.update(counters=[c for c in d["counters"] if c["id"] != cid])


def _add_counter(**fields) -> Callable[[dict], None]:
    return lambda d: d["counters"].append(fields)


_DEL = object()

#: (id, file edited, change, file of the problem, JSON path, words the message must hold)
BROKEN = [
    ("1.3-hexside-not-adjacent", "map.json", lambda d: d["hexsides"].append({"hexes": ["0202", "0204"], "features": ["wadi"]}),
     "map.json", '$.hexsides[26].hexes', "0202-0204 joins hexes that are not adjacent (2 hexes apart)"),
    ("1.3-hexside-off-map", "map.json", lambda d: d["hexsides"].append({"hexes": ["0805", "0806"], "features": ["river"]}),
     "map.json", "$.hexsides[26].hexes[1]", "'0806' is not a hex of the map"),
    ("1.3-hex-number-below-first", "map.json", lambda d: d["hexes"].update({"0001": {"terrain": "clear", "country": "Egypt"}}),
     "map.json", '$.hexes["0001"]', "column 00 is below the first column"),
    ("1.3-hex-number-not-digits", "map.json", lambda d: d["hexes"].update({"0A01": {"terrain": "clear", "country": "Egypt"}}),
     "map.json", '$.hexes["0A01"]', "the name '0A01' is not allowed here; allowed: a hex number"),
    ("1.3-odd-shift-misfits-orientation", "map.json", _set(["meta", "coord", "odd_shift"], "right"),
     "map.json", "$.meta.coord.odd_shift", "does not fit flat-top hexes"),
    ("1.3-countries-all-five", "map.json", lambda d: d.update(countries=["Palestine", "Egypt", "Transjordan", "Syria"]),
     "map.json", "$.countries", "Lebanon is not among the countries"),
    ("1.3-land-hex-without-country", "map.json", _set(["hexes", "0303", "country"], None),
     "map.json", '$.hexes["0303"].country', "the land hex 0303 has no country"),
    ("7.2-terrain-not-in-tec", "map.json", _set(["hexes", "0304", "terrain"], "marsh"),
     "map.json", '$.hexes["0304"].terrain', "'marsh' is not in the Terrain Effects Table"),
    ("7.2-feature-not-in-tec", "map.json", _set(["hexsides", 0, "features"], ["escarpment"]),
     "map.json", "$.hexsides[0].features[0]", "'escarpment' is not in the Terrain Effects Table"),
    ("7.2-schema-terrain-name", "map.json", _set(["hexes", "0101", "terrain"], "All Sea"),
     "map.json", '$.hexes["0101"].terrain', '"All Sea" is not allowed here; allowed: a name in lower case'),
    ("7.5a-road-gap", "map.json", lambda d: d["roads"].append(["0203", "0403"]),
     "map.json", "$.roads[3][1]", "the road 0203-0403 joins hexes that are not adjacent"),
    ("7.4-road-into-sea", "map.json", lambda d: d["roads"].append(["0202", "0102"]),
     "map.json", "$.roads[3][1]", "the road enters 0102, an all_sea hex"),
    ("7.5b-bridge-off-river", "map.json", lambda d: d["bridges"].append({"hexes": ["0203", "0303"]}),
     "map.json", "$.bridges[2].hexes", "the bridge 0203-0303 is not on a river hexside"),
    ("7.5b-bridge-without-road", "map.json", lambda d: d["bridges"].append({"hexes": ["0302", "0303"]}),
     "map.json", "$.bridges[2].hexes", "no road crosses the bridge 0302-0303"),
    ("9.7-border-wrong-countries", "map.json", _set(["hexsides", 0, "border"], ["Lebanon", "Syria"]),
     "map.json", "$.hexsides[0].border", "the border Lebanon/Syria lies between 0201 (Lebanon) and 0202 (Palestine)"),
    ("scenario-1-named-place-missing", "map.json", _drop(["hexes", "0302", "tags"]),
     "map.json", "$.hexes", "no hex is tagged 'haifa_old' (the old city of Haifa); allowed: exactly one hex"),
    ("25.2-named-place-twice", "map.json", _set(["hexes", "0801", "tags"], ["damascus"]),
     "map.json", '$.hexes["0801"].tags', "Damascus ('damascus') is on 2 hexes (0701, 0801)"),
    ("30.1b1-gaza-off-its-line", "map.json", _set(["meta", "gaza_line", "number"], 5),
     "map.json", "$.meta.gaza_line.number", "Gaza (0204) is in row 4, not on the Gaza line, row 5"),
    ("17.0-population-outside-palestine", "map.json", _set(["hexes", "0105", "population"], "arab"),
     "map.json", '$.hexes["0105"].population', "allowed: population symbols on cities, towns, villages and settlements in Palestine (17.0)"),
    ("17.3-eilat-without-population", "map.json", _set(["hexes", "0505", "population"], "jewish"),
     "map.json", '$.hexes["0505"].population', "Eilat has no population symbol (17.3)"),
    ("placement-tel-aviv-star-of-david", "map.json", _set(["hexes", "0203", "population"], "arab"),
     "map.json", '$.hexes["0203"].population', "Tel Aviv (0203) has no Star of David"),
    ("4.2b-map-edge-inland", "map.json", _set(["hexes", "0303", "map_edge"], ["west"]),
     "map.json", '$.hexes["0303"].map_edge', "0303 is marked along the west edge, but 0203 and 0204 lie beyond it"),
    ("4.2b-area-off-map", "map.json", _set(["reinforcement_areas", "transjordan_east_edge"], ["0802", "0902"]),
     "map.json", "$.reinforcement_areas.transjordan_east_edge[1]", "'0902' is not a hex of the map"),
    ("4.2b-area-edge-empty", "map.json", _set(["reinforcement_areas", "syria_east_edge"], {"edge": "south", "country": "Syria"}),
     "map.json", "$.reinforcement_areas.syria_east_edge", "no land hex of Syria lies along the south edge"),
    ("4.2b-area-required", "map.json", _drop(["reinforcement_areas", "lebanon_north_edge"]),
     "map.json", "$.reinforcement_areas", "'lebanon_north_edge' is a required property"),
    ("json-duplicate-hex", "map.json", None,
     "map.json", '$.hexes["0101"]', "the key '0101' is given twice in this object"),
    ("9.2-tec-sea-enterable", "tec.json", _set(["terrain", "all_sea", "mp"], 1),
     "tec.json", "$.terrain.all_sea.mp", "allowed: null (no ground unit enters all-sea"),
    ("7.2-tec-half-mp-steps", "tec.json", _set(["terrain", "rough", "mp"], 1.25),
     "tec.json", "$.terrain.rough.mp", "1.25 is not a multiple of 0.5; allowed: the MP to enter"),
    ("7.4-tec-prohibits-unknown-type", "tec.json", _set(["terrain", "mountain", "prohibited"], ["tank"]),
     "tec.json", "$.terrain.mountain.prohibited[0]", "'tank' is not one of ['armor'"),
    ("11.2b5-crt-row-short", "crt.json", lambda d: d["raid"]["rows"]["3"].pop(),
     "crt.json", '$.raid.rows["3"]', "row 3 has 8 results for 9 columns"),
    ("11.2b5-crt-row-missing", "crt.json", _drop(["assault", "rows", "6"]),
     "crt.json", "$.assault.rows", "'6' is a required property"),
    ("11.5-crt-code-not-in-key", "crt.json", lambda d: d["raid"]["rows"]["2"].__setitem__(4, "DX"),
     "crt.json", '$.raid.rows["2"][4]', "the result 'DX' (roll 2, column 3:1) is not in the raid table's key"),
    ("11.2b-crt-columns-in-order", "crt.json",
     _set(["assault", "columns"], ["1:3", "1:1", "1:2", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]),
     "crt.json", "$.assault.columns[2]", "'1:2' follows '1:1'"),
    ("11.2b-crt-odds-form", "crt.json", _set(["raid", "columns", 4], "3:2"),
     "crt.json", "$.raid.columns[4]", "'3:2' is not an odds column"),
    ("11.5-crt-code-without-effects", "crt.json", _drop(["raid", "effects", "DR"]),
     "crt.json", "$.raid.effects", "the result 'DR' of the raid table's key has no effects"),
    ("11.5-crt-effects-not-in-key", "crt.json",
     lambda d: d["assault"]["effects"].__setitem__("XX", dict(d["assault"]["effects"]["NE"])),
     "crt.json", "$.assault.effects.XX", "'XX' has effects but is not in the assault table's key"),
    ("11.5-crt-effects-required", "crt.json", _drop(["assault", "effects"]),
     "crt.json", "$.assault", "'effects' is a required property"),
    ("11.6a-crt-effect-advance-side", "crt.json", _set(["raid", "effects", "DR", "advance"], "both"),
     "crt.json", "$.raid.effects.DR.advance", "'both' is not one of ['attacker', 'defender', 'none']"),
    ("11.6b-crt-effect-retreat-hexes", "crt.json", _set(["raid", "effects", "DR", "defender_retreat"], -1),
     "crt.json", "$.raid.effects.DR.defender_retreat", "-1 is less than the minimum of 0"),
    ("18.1-terrorism-code-not-in-key", "terrorism.json", _set(["table", "rows", "6"], "X"),
     "terrorism.json", '$.table.rows["6"]', "the result 'X' is not in the Terrorism Table's key"),
    ("16.1-modified-roll-uncovered", "air.json", _drop(["bridge_destruction", "rows", "0"]),
     "air.json", "$.bridge_destruction.rows", "no result for the modified roll(s) 0"),
    ("10.3a-strike-row-missing", "air.json", _drop(["strike", "rows", "4"]),
     "air.json", "$.strike.rows", "'4' is a required property"),
    ("3.1-event-missing", "events.json", _drop(["events", "34"]),
     "events.json", "$.events", "no event for 34"),
    ("3.1-event-12-name", "events.json", _set(["events", "12", "name"], "Supplies"),
     "events.json", '$.events["12"].name', "event 12 is named 'Supplies'; allowed: \"More Israeli Supplies\", the name 3.1 gives it"),
    ("28.4-un-truce", "events.json", _set(["events", "55", "name"], "Test truce"),
     "events.json", "$.events", "no event named \"United Nations Truce\""),
    ("1.4b-event-nationality-side", "events.json", _set(["events", "21", "effects", 0, "nationality"], "zahal"),
     "events.json", '$.events["21"].effects[0].nationality', "zahal units are not arab's"),
    ("4.1b-event-area-unknown", "events.json", _set(["events", "21", "effects", 0, "area"], "sinai"),
     "events.json", '$.events["21"].effects[0].area', "'sinai' is neither a reinforcement area nor a named place"),
    ("3.1-event-effect-kind", "events.json", _set(["events", "11", "effects"], [{"kind": "plague"}]),
     "events.json", '$.events["11"].effects[0].kind', "'plague' is not one of ['no_event'"),
    ("28.3-objective-off-map", "vp.json", _set(["objectives", 0, "hex"], "0909"),
     "vp.json", "$.objectives[0].hex", "'0909' is not a hex of the map"),
    ("1.4a-counter-type", "counters.json", _counter("IL-inf-bn-1", type="cavalry"),
     "counters.json", "$.counters[{IL-inf-bn-1}].type", "'cavalry' is not one of ['armor'"),
    ("1.4a-counter-size", "counters.json", _counter("IL-inf-bn-1", size="division"),
     "counters.json", "$.counters[{IL-inf-bn-1}].size", "'division' is not one of ['brigade', 'regiment', 'battalion', 'group']"),
    ("1.4b-counter-nationality", "counters.json", _counter("IL-inf-bn-1", nationality="palmach"),
     "counters.json", "$.counters[{IL-inf-bn-1}].nationality", "'palmach' is not one of ['zahal'"),
    ("1.4b-counter-side", "counters.json", _counter("IL-irgun-1", side="arab"),
     "counters.json", "$.counters[{IL-irgun-1}].side", "an irgun counter with the side 'arab'; allowed: 'israel'"),
    ("27.2-british-no-side", "counters.json", _counter("BR-inf-1", side="israel"),
     "counters.json", "$.counters[{BR-inf-1}].side", "allowed: null (27.2"),
    ("counter-id-once", "counters.json", _counter("IL-inf-bn-2", id="IL-inf-bn-1"),
     "counters.json", "$.counters[{IL-inf-bn-2}].id", "the id 'IL-inf-bn-1' is already counters[{IL-inf-bn-1}]'s"),
    ("13.2-combat-unit-broken-face", "counters.json", _counter("IL-inf-bn-3", back=None),
     "counters.json", "$.counters[{IL-inf-bn-3}].back", "without a broken face"),
    ("19.0-leader-cs", "counters.json", _counter("IL-ldr-marcus", front={"cs": 1, "mf": 6}),
     "counters.json", "$.counters[{IL-ldr-marcus}].front.cs", "a leader with a CS of 1; allowed: 0"),
    ("8.1-combat-unit-size", "counters.json", _counter("IL-inf-bn-4", size=None),
     "counters.json", "$.counters[{IL-inf-bn-4}]", "an infantry unit without a size"),
    ("14.0-supply-points", "counters.json", _counter("IL-supply-1-1", points=_DEL),
     "counters.json", "$.counters[{IL-supply-1-1}]", "a supply unit without its points"),
    ("14.7-only-supply-lacks-nationality", "counters.json", _counter("IL-inf-bn-5", nationality=None),
     "counters.json", "$.counters[{IL-inf-bn-5}].nationality", "an infantry without a nationality; allowed: zahal"),
    ("14.7-supply-has-a-side", "counters.json", _counter("IL-supply-2-1", side=None),
     "counters.json", "$.counters[{IL-supply-2-1}].side", "a supply unit of no side; allowed: israel or arab"),
    ("20-named-leader", "counters.json", _drop_counter("IL-ldr-marcus"),
     "counters.json", "$.counters", "no leader Marcus"),
    ("23.0-one-arms-factory", "counters.json", _add_counter(id="IL-factory-2", side="israel", nationality="zahal",
                                                            type="arms_factory", size=None, front={"cs": 0, "mf": 0}, back=None),
     "counters.json", "$.counters[{new}]", "2 arms_factory counters; allowed: exactly one"),
    ("27.6-withdrawal-not-fort", "british_withdrawal.json", _set(["withdrawals", 0, "hexes"], ["0303"]),
     "british_withdrawal.json", "$.withdrawals[0].hexes[0]", "0303 is not a fort/base hex"),
    ("27.6-withdrawal-turn", "british_withdrawal.json", _set(["withdrawals", 1, "turn"], "1950-01"),
     "british_withdrawal.json", "$.withdrawals[1].turn", "1950-01 is not a turn of the game"),
    ("test-data-source", "crt.json", _set(["source"], "The physical game's charts"),
     "crt.json", "$.source", "does not say it is test data, but pack.json says \"test_data\": true"),
    ("test-data-false", "pack.json", _set(["test_data"], False),
     "pack.json", "$.test_data", "false, but the source of pack.json, map.json, tec.json, crt.json"),
    ("manifest-file-missing", "pack.json", _set(["files", "vp"], "victory.json"),
     "victory.json", "$", "no such file in the pack's directory"),
    ("manifest-file-twice", "pack.json", _set(["files", "air"], "tec.json"),
     "pack.json", "$.files.air", "'tec.json' is already the file of 'tec'"),
    ("manifest-part-missing", "pack.json", _drop(["files", "counters"]),
     "pack.json", "$.files", "'counters' is a required property"),
    ("json-invalid", "tec.json", None,
     "tec.json", "$", "not valid JSON"),
]


def _resolve(path: str) -> str:
    """A path whose ``{counter id}`` stands for that counter's index in the test pack (``{new}``: one past
    the last)."""
    ids = [c["id"] for c in json.loads((TEST_PACK / "counters.json").read_text())["counters"]]
    return re.sub(r"\{([^}]+)\}", lambda m: str(len(ids) if m.group(1) == "new" else ids.index(m.group(1))), path)


def _raw_edits(root: Path, case: str) -> None:
    if case == "json-duplicate-hex":
        text = (root / "map.json").read_text()
        text = text.replace('"hexes": {', '"hexes": {\n  "0101": {"terrain": "clear", "country": "Egypt"},', 1)
        (root / "map.json").write_text(text)
    elif case == "json-invalid":
        (root / "tec.json").write_text((root / "tec.json").read_text().rstrip()[:-1])


@pytest.mark.parametrize("case,name,change,file,path,words", BROKEN, ids=[b[0] for b in BROKEN])
def test_pack_refuses_a_broken_pack(tmp_path, case, name, change, file, path, words):
    root = copy_pack(tmp_path)
    if change is None:
        _raw_edits(root, case)
    else:
        edit(root, name, change)
    problems = check_pack(root)
    assert problems, "the broken pack passed"
    for p in problems:
        assert "allowed:" in p.message, p  # what is wrong and what is allowed
    path = _resolve(path)
    if file is not None:
        hits = [p for p in problems if p.file == file and p.path == path and _resolve(words) in p.message]
        assert hits, "\n".join(map(str, problems))
        assert len(problems) == 1, "\n".join(map(str, problems))
    with pytest.raises(PackError) as refused:
        load_pack(root)
    assert refused.value.problems == problems
    assert str(problems[0]) in str(refused.value)


def test_pack_needs_a_british_unit_per_fort(tmp_path):
    """Scenario 2, 2a: a British unit in each fort/base hex; the test pack has two forts and three British
    ground units, so a third fort needs no more, a fourth does."""
    root = copy_pack(tmp_path)
    edit(root, "map.json", lambda d: d["hexes"]["0303"].update(settlement="fort_base", population=None))
    assert check_pack(root) == []
    edit(root, "map.json", lambda d: d["hexes"]["0304"].update(settlement="fort_base", population=None))
    assert [str(p) for p in check_pack(root)] == [
        "counters.json $.counters: 3 British ground units for 4 fort/base hexes; allowed: at least one British "
        "unit per fort/base hex (Scenario 2, 2a; 27.1)"]


def test_pack_refuses_what_is_not_a_directory(tmp_path):
    problems = check_pack(tmp_path / "nowhere")
    assert [p.message for p in problems] == [
        "not a directory; allowed: a directory holding pack.json and the files it names"]
    (tmp_path / "empty").mkdir()
    assert [str(p) for p in check_pack(tmp_path / "empty")] == [
        "pack.json $: no such file in the pack's directory; allowed: a file named in pack.json that is in the "
        "same directory"]


def test_pack_a_broken_file_does_not_hide_the_others(tmp_path):
    root = copy_pack(tmp_path)
    edit(root, "crt.json", lambda d: d["raid"]["rows"]["3"].pop())
    edit(root, "counters.json", _drop_counter("IL-ldr-allon"))
    paths = {(p.file, p.path) for p in check_pack(root)}
    assert paths == {("crt.json", '$.raid.rows["3"]'), ("counters.json", "$.counters")}


def test_pack_schema_faults_stop_that_files_deeper_checks(tmp_path):
    """A map that fails its schema gets only its schema faults (no crash in the checks that need it), and
    the files that do not depend on it are still checked."""
    root = copy_pack(tmp_path)
    edit(root, "map.json", _set(["hexes", "0203", "terrain"], 7))
    edit(root, "vp.json", _set(["terrorism", "victim"], -1))
    problems = check_pack(root)
    assert [(p.file, p.path) for p in problems] == [("map.json", '$.hexes["0203"].terrain'),
                                                    ("vp.json", "$.terrorism.victim")]
    assert problems[1].message.startswith("-1 is less than the minimum of 0; allowed: VP to the victim")


def test_pack_read_is_the_only_io_and_check_is_pure(tmp_path):
    files = read_pack_dir(TEST_PACK)
    assert set(files.data) == set(PARTS) and files.problems == []
    from service.packs import check_files
    assert check_files(files) == []


def test_pack_problem_and_json_path_forms():
    assert json_path(["hexes", "0101", "tags", 0]) == '$.hexes["0101"].tags[0]'
    assert json_path([]) == "$"
    assert str(Problem("map.json", "$.roads[0]", "x; allowed: y")) == "map.json $.roads[0]: x; allowed: y"
    value, problems = parse_json('{"a": 1, "a": 2, "b": {"c": 1, "c": 1}}', "f.json")
    assert value == {"a": 2, "b": {"c": 1}}
    assert [p.path for p in problems] == ["$.a", "$.b.c"]
    _, problems = parse_json('{"a": NaN}', "f.json")
    assert problems and problems[0].message.startswith("not valid JSON")
