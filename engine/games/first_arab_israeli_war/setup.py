"""The two scenarios (SCENARIOS section of the rulebook): their months, initial VP, terrorized hexes, British
units and each side's deployment, on the game's data pack.

- ``independence``: Scenario 1, The War of Independence, May 1948 - January 1949 (1). VP Arab League 8, Israel
  18 (1a); the old city of Haifa, Tiberias, Deir Yassin and Etzion terrorized (1b); no British units (2); Abd el
  Kader dead, out of the game (5c), so the AAS reinforcement is rolled (Reinforcement Table).
- ``struggle``: Scenario 2, The Struggle for Palestine, December 1947 - March 1949 (1); VP 0 and 0 (1a); a
  British unit in each fort/base hex (2a), placed by the Arab League player, who places first (ruling
  R-S2-british); nothing terrorized (2b); the mandate (26.0) and British (27.0) rules in force.

Options: ``pack``, the data pack to play on (``test`` for the test pack the engine ships, made-up values, not the
game's; a loaded pack's digest; or the pack itself, ``packs.from_option``); ``rulings``, an umpire's choice where
a ruling offers one; ``optional``, the optional rules in force; ``british_intervention``, the side the British
units join in an alternative scenario (27.8: ``british``).
"""

from __future__ import annotations

from ...core.errors import InvalidActionError
from . import calendar, packs, units
from .units import SIDES

SCENARIOS = {
    "independence": "Scenario 1, The War of Independence: May 1948 - January 1949",
    "struggle": "Scenario 2, The Struggle for Palestine: December 1947 - March 1949",
}
OPTIONS = {
    "pack": "the data pack the game is played on: the pack itself, {\"manifest\": pack.json, \"files\": {part: "
            "file}} (umpire pack check DIR checks one), a loaded pack's digest, or 'test' for the test pack (made-up "
            "values, not the game's); default 'test'",
    "rulings": "the umpire's reading where a ruling offers a choice: {ruling id: choice}",
    "optional": "the optional rules in force, {rule: true|false}: '29' commando/guerrilla units, '30' amphibious "
                "operations, '31' fanaticism, '25.3' attacking the treaty cities (off unless chosen); '18' "
                "terrorism (on unless turned off: 18.0 lets players treat it as optional)",
    "british_intervention": "an alternative scenario of British intervention (27.8): null (default: the British "
                            "units are nobody's and withdraw, 27.1-27.6), 'arab' or 'israel': the printed British "
                            "counters belong to that side (they move, attack, have ZOCs and can be attacked; no "
                            "27.6 withdrawal) with 27.8's capabilities: four air units a strike hex, two an "
                            "interception, two airlifts an impulse; airborne landings anywhere but enemy or "
                            "mountain hexes; one commando/marine amphibious operation a turn; a supply point a "
                            "turn per three bases/fortresses they occupy (ruling R-27.8-intervention)",
}
#: The values of the option ``british_intervention`` (27.8).
INTERVENTION = (None, "arab", "israel")
#: The optional rules and whether each is in force unless the game's options say otherwise (OPTIONAL RULES;
#: 18.0 and 25.3 are optional where they stand).
OPTIONAL = {"29": False, "30": False, "31": False, "25.3": False, "18": True}


def optional(state: dict, rule: str) -> bool:
    """Whether the optional rule *rule* (a key of :data:`OPTIONAL`) is in force in this game."""
    return bool((state["options"].get("optional") or {}).get(rule, OPTIONAL[rule]))
MONTHS = {"independence": ("1948-05", "1949-01"), "struggle": ("1947-12", "1949-03")}
INITIAL_VP = {"independence": {"arab": 8, "israel": 18}, "struggle": {"arab": 0, "israel": 0}}
#: Scenario 1, 1b: the named places terrorized at the start.
TERRORIZED = {"independence": ("haifa_old", "tiberias", "deir_yassin", "etzion"), "struggle": ()}

CDO = ("commando", "guerrilla")  # one type for every rule (ruling R-1.4a-commando)
BN = ("battalion", "regiment")  # 1.4a: Transjordan's regiments are battalion-sized


def _u(count: int, nationality: str, types, size=BN, designation: str | None = None) -> dict:
    return {"count": count, "nationality": nationality, "types": [types] if isinstance(types, str) else list(types),
            "size": [size] if isinstance(size, str) or size is None else list(size), "designation": designation}


def _grp(side: str, rule: str, what: str, where: str, specs=(), *, each=False, one=False, supply=0) -> dict:
    return {"side": side, "rule": rule, "what": what, "where": where, "specs": list(specs), "each": each, "one": one,
            "supply": supply}


#: Each scenario's deployment, side by side, group by group (the rulebook's order).
SCENARIO_GROUPS = {
    "independence": {
        "arab": [
            _grp("arab", "Scenario 1, 3a1", "1 militia group in each Arab settlement hex of Palestine",
                 "arab_settlements", [_u(99, "aas", "militia", "group")], each=True),
            _grp("arab", "Scenario 1, 3a2", "4 commando/guerrilla battalions in Arab cities and towns",
                 "arab_cities", [_u(4, "aas", CDO)]),
            _grp("arab", "Scenario 1, 3b", "the ALA: 1 reconnaissance and 6 commando/guerrilla battalions", "ala",
                 [_u(1, "ala", "recon"), _u(6, "ala", CDO)]),
            _grp("arab", "Scenario 1, 3c", "Egypt: 2 commando battalions near the Egyptian border", "egypt_border",
                 [_u(2, "egypt", CDO)]),
            _grp("arab", "Scenario 1, 3d", "Transjordan: 1 reconnaissance battalion", "transjordan",
                 [_u(1, "transjordan", "recon")]),
            _grp("arab", "Scenario 1, 3e1", "6 supply units in Egypt", "egypt", supply=6),
            _grp("arab", "Scenario 1, 3e2", "4 supply units in Transjordan", "transjordan", supply=4),
            _grp("arab", "Scenario 1, 3e3", "3 supply units in Lebanon or Syria", "lebanon_syria", supply=3),
        ],
        "israel": [
            _grp("israel", "Scenario 1, 4a1", "1 militia group in each Jewish settlement hex", "jewish_settlements",
                 [_u(99, "zahal", "militia", "group")], each=True),
            _grp("israel", "Scenario 1, 4a2", "Zahal: leader Allon, 2 mechanized and 4 infantry brigades, 1 commando "
                 "and 2 reconnaissance battalions, in or next to Jewish cities and towns",
                 "jewish_cities_and_adjacent",
                 [_u(1, "zahal", "leader", None, "Allon"), _u(2, "zahal", "mechanized", "brigade"),
                  _u(4, "zahal", "infantry", "brigade"), _u(1, "zahal", CDO), _u(2, "zahal", "recon")]),
            _grp("israel", "Scenario 1, 4a2", "Zahal: 4 supply units in or next to Jewish cities and towns",
                 "jewish_cities_and_adjacent", supply=4),
            _grp("israel", "Scenario 1, 4b", "the Irgun: 3 commando/guerrilla battalions in Jewish cities and towns",
                 "jewish_cities", [_u(3, "irgun", CDO)]),
            _grp("israel", "Scenario 1, 4c", "the Stern Group: 1 commando/guerrilla battalion in a Jewish city or town",
                 "jewish_cities", [_u(1, "stern", CDO)]),
            _grp("israel", "Scenario 1, 4d", "the Arms Factory in a Jewish city or town", "jewish_cities",
                 [_u(1, "zahal", "arms_factory", None)]),
            _grp("israel", "Scenario 1, 4e", "the Secret Airfield in a clear or village hex of Palestine with an "
                 "Israeli combat unit", "airfield", [_u(1, "zahal", "secret_airfield", None)]),
        ],
    },
    "struggle": {
        "arab": [
            _grp("arab", "Scenario 2, 2a", "a British unit in each fort/base hex", "fort_base",
                 [_u(99, "british", ("infantry", "armor", "recon", "mechanized", "commando", "guerrilla",
                                     "airborne", "marine", "military_police", "machine_gun"),
                     ("battalion", "regiment", "brigade"))], each=True),
            _grp("arab", "Scenario 2, 3a1", "1 militia group in each Arab settlement hex of Palestine",
                 "arab_settlements", [_u(99, "aas", "militia", "group")], each=True),
            _grp("arab", "Scenario 2, 3a2", "leader Abd el Kader and 8 commando/guerrilla battalions in Arab cities "
                 "and towns, one a hex", "arab_cities",
                 [_u(1, "aas", "leader", None, "Abd el Kader"), _u(8, "aas", CDO)], one=True),
        ],
        "israel": [
            _grp("israel", "Scenario 2, 4a1", "1 militia group in each Jewish settlement hex", "jewish_settlements",
                 [_u(99, "zahal", "militia", "group")], each=True),
            _grp("israel", "Scenario 2, 4a2", "Zahal: 4 commando battalions in Jewish cities and towns, one a hex",
                 "jewish_cities", [_u(4, "zahal", CDO)], one=True),
            _grp("israel", "Scenario 2, 4a2", "Zahal: 2 supply units in Jewish cities and towns, one a hex",
                 "jewish_cities", supply=2, one=True),
            _grp("israel", "Scenario 2, 4b", "the Irgun: 3 commando/guerrilla battalions in Jewish cities and towns "
                 "the Arab League does not occupy", "jewish_cities_free", [_u(3, "irgun", CDO)]),
            _grp("israel", "Scenario 2, 4c", "the Stern Group: 1 commando/guerrilla battalion in a Jewish city or town "
                 "the Arab League does not occupy", "jewish_cities_free", [_u(1, "stern", CDO)]),
            _grp("israel", "Scenario 2, 4d", "the Arms Factory in a Jewish city or town", "jewish_cities",
                 [_u(1, "zahal", "arms_factory", None)]),
        ],
    },
}


def _matches(c, spec: dict) -> bool:
    if spec["nationality"] == "british":
        if c.side is not None:
            return False
    elif c.nationality != spec["nationality"]:
        return False
    if c.type not in spec["types"]:
        return False
    if spec["size"] != [None] and c.size not in spec["size"]:
        return False
    return spec["designation"] is None or c.designation == spec["designation"]


def _take(state: dict, spec: dict, shortfalls: list[str]) -> list[str]:
    """Up to ``count`` counters of the pool matching *spec*, in the manifest's order (4.6: what is missing is not
    placed; "each" groups ask for all there are)."""
    pack = units.pack_of(state)
    found = [cid for cid, rec in state["units"].items() if rec["status"] == "pool" and _matches(pack.counters[cid], spec)]
    chosen = found[:spec["count"]]
    for cid in chosen:
        state["units"][cid]["status"] = "deploying"  # reserved for its group until placed
    if len(chosen) < spec["count"] and spec["count"] != 99:
        what = spec["designation"] or f"{spec['nationality']} {'/'.join(spec['types'])}"
        shortfalls.append(f"{spec['count'] - len(chosen)} {what} (the mix holds no more)")
    return chosen


def initial_state(scenario: str, options: dict) -> dict:
    """A new game before deployment: every counter in the pool, the scenario's month, VP and terrorized hexes."""
    bad = set(options.get("optional") or {}) - set(OPTIONAL)
    if bad or not isinstance(options.get("optional", {}), dict):
        raise InvalidActionError(f"optional: an object {{rule: true|false}} of the rules {', '.join(OPTIONAL)}; "
                                 f"not {sorted(bad) if bad else options.get('optional')!r}")
    if options.get("british_intervention") not in INTERVENTION:
        raise InvalidActionError(f"british_intervention: null, 'arab' or 'israel' (27.8), not "
                                 f"{options.get('british_intervention')!r}")
    digest = packs.from_option(options.get("pack", "test"))
    pack = packs.get(digest)
    options = {**options, "pack": digest}  # the state keeps the digest; the game's options keep the pack
    first, last = MONTHS[scenario]
    state = {
        "game": "first-arab-israeli-war", "scenario": scenario, "options": dict(options), "seq": 0, "outcome": None,
        "pack": {"digest": digest, "name": pack.name, "test_data": pack.test_data},
        "month": first, "first_month": first, "last_month": last, "impulse": 1, "phasing": None,
        "phase": "deployment", "units": units.new_units(pack), "supply": {"arab": {}, "israel": {}},
        "vp": dict(INITIAL_VP[scenario]), "terrorized": {}, "entrenched": {}, "destroyed_bridges": [],
        "truce": None, "revealed": {"arab": [], "israel": []}, "flags": {}, "flow": [],
        # reinforcements and supply an event gives, placed in the side's next Reinforcement phase (4.1b)
        "pending": {"arab": [], "israel": []},
    }
    for tag in TERRORIZED[scenario]:
        h = pack.places.get(tag)
        if h:
            state["terrorized"][h] = None  # terrorized before play: nobody scores it (18.5)
    if scenario == "independence":
        for cid, c in pack.counters.items():
            if c.type == "leader" and c.designation == "Abd el Kader":
                state["units"][cid]["status"] = "out"  # Scenario 1, 5c
    return state


def setup(scenario: str, options: dict, g) -> dict:
    state = initial_state(scenario, options)
    g.s = state
    shortfalls: list[str] = []
    frames = []
    for side in SIDES:
        groups = []
        for grp in SCENARIO_GROUPS[scenario][side]:
            cids = [cid for spec in grp["specs"] for cid in _take(state, spec, shortfalls)]
            groups.append({k: v for k, v in grp.items() if k != "specs"} | {"units": cids, "filled": []})
        frames.append({"p": "faiw.deploy", "role": side, "groups": groups, "i": 0})
    state["flow"] = [{"p": "faiw.turn", "role": None}] + frames[::-1]  # the Arab League deploys first
    g.say(f"{SCENARIOS[scenario]}, on the data pack {pack_line(state)}.", rule="Scenarios", kind="setup")
    if shortfalls:
        g.say("The counter mix lacks " + "; ".join(shortfalls) + " (4.6).", rule="4.6", kind="setup")
    return state


def pack_line(state: dict) -> str:
    p = state["pack"]
    return f"{p['name']} ({p['digest'][:12]}{', TEST DATA, not the game' + chr(39) + 's' if p['test_data'] else ''})"


__all__ = ["OPTIONS", "SCENARIOS", "calendar", "setup"]
