"""15.26 Minor Country Politics (batch "options"): an Area Table rolled by the receiver and what its result does, by
the war in effect; 15.8, 15.28 and 15.30 turn into it. Its orders are listed with the batch's
(:mod:`.events_options`)."""


from __future__ import annotations

from .event_base import Event, no_result, register
from .postures import AREA_TABLES, NEI, NEI_PARTS, TABLE_NAMES, diplomatic_incident, roll_table
from .state import (
    NAMES,
    TITLES,
    activate,
    activate_allied,
    country_name,
    find,
    lose_step,
)

# 15.26 ---------------------------------------------------------------------------------------------------------


def table_country(s: dict, text: str) -> str | None:
    """The country of the position a table's result names (its id or its name; ruling R-15.26-result)."""
    t = text.strip().lower()
    for cid, c in s["countries"].items():
        if t == cid or t == (c.get("name") or "").lower():
            return cid
    return None


@register
class MinorCountryPolitics(Event):
    """15.26: the receiver selects an Area Table (15.8's Chinese Politics fixes Area Table: China: local ``table``)
    and rolls one die; the Minor Country or Dependent the position's table gives decides by its status and the war
    state (rulings R-tables, R-15.26-result, R-15.26-dependent, R-15.26-nei)."""

    n = 26

    def begin(self, g, f):
        if f.get("table"):
            self.roll(g, f)
        else:
            self.ask(f, f["recv"], "table")

    def roll(self, g, f) -> None:
        s, table = g.s, f["table"]
        r, res = roll_table(g, 26, table, f"Minor Country Politics for {NAMES[f['recv']]}", "15.26")
        if res is None:
            g.end()
            return
        cid = table_country(s, res)
        if cid is None:
            self.none(g, f, f"the result '{res}' is no Minor Country or Dependent of the position (a country that no "
                            f"longer exists is No Result; ruling R-15.26-result)")
            return
        c = s["countries"][cid]
        f["country"] = cid
        name = country_name(s, cid)
        if c["kind"] == "region":
            self.none(g, f, f"{name} is a Region, not a Minor Country or Dependent")
            return
        total = s["war"] == "total-war"
        neutral = c["status"] == "neutral"
        if neutral:
            if total:
                self.none(g, f, f"{name} is Neutral: 15.26 gives no result for a Neutral Country during Total War")
                return
            self.ask(f, "axis", "neutral")
            return
        if c["kind"] == "dependent" or c["status"] == "conquered":
            self.within(g, f)
            return
        if total:
            f["left"] = 2
            if not self.minor_steps(s, cid):
                self.none(g, f, f"{name} is an active {c['status'].title()} Country without a step on the map")
                return
            self.ask(f, c["status"], "steps")
            return
        if c["status"] == "western":
            self.none(g, f, f"{name} is an active Western Country")
            return
        if not self.bordering(s, cid):
            self.none(g, f, f"{name} is {'an Axis' if c['status'] == 'axis' else 'an active Soviet'} Country "
                            f"bordering no Neutral Country")
            return
        self.ask(f, c["status"], "border")

    def none(self, g, f, why: str) -> None:
        no_result(g, f, why)
        g.end()

    def within(self, g, f) -> None:
        s, cid = g.s, f["country"]
        if not self.axis_within(s, f):
            self.none(g, f, f"{country_name(s, cid)} is {'a Dependent' if s['countries'][cid]['kind'] == 'dependent' else 'a Conquered Country'} "
                            f"and no Axis ground unit is in a hex the position places in it (hexes; ruling "
                            f"R-15.26-dependent)")
            return
        self.ask(f, "axis", "within")

    @staticmethod
    def area(s: dict, f) -> set[str]:
        cid = f["country"]
        return {cid, *NEI_PARTS} if cid == NEI and f["table"] == "area-se-asia" else {cid}

    def axis_within(self, s: dict, f) -> list[str]:
        area = self.area(s, f)
        hexes = s["hexes"]
        on = [p for p in find(s, kind="ground", owner="axis", at="map")
              if (hexes.get(s["pieces"][p]["hex"]) or {}).get("country") in area]
        held = [p for p in find(s, kind="ground", owner="axis", at="holding") if s["pieces"][p]["in"] in on]
        return sorted(on + held)

    @staticmethod
    def minor_steps(s: dict, cid: str) -> list[str]:
        return [p for p in sorted(s["pieces"]) if s["pieces"][p]["country"] == cid
                and s["pieces"][p]["kind"] != "marker" and s["pieces"][p]["at"] in ("map", "holding")]

    @staticmethod
    def bordering(s: dict, cid: str) -> list[str]:
        return sorted(b for b in s["countries"][cid]["borders"] if s["countries"][b]["status"] == "neutral")

    def prompt(self, g, f):
        s, st = g.s, f["stage"]
        if st == "table":
            return {"table": list(AREA_TABLES)}
        if st == "neutral":
            return {"diplomatic": [f["country"]], "decline": []}
        if st == "border":
            return {"border": self.bordering(s, f["country"])}
        if st == "within":
            return {"lose": self.axis_within(s, f)}
        if st == "steps":
            return {"lose": self.minor_steps(s, f["country"])}
        return {}

    def text(self, g, f):
        s, st = g.s, f["stage"]
        if st == "table":
            return (f"15.26 Minor Country Politics: {NAMES[f['recv']]} must select an Area Table to roll on "
                    f"(table area-china|area-se-asia|area-other)")
        name = country_name(s, f["country"])
        if st == "neutral":
            return (f"15.26 Minor Country Politics rolled {name}, a Neutral Country: the Axis may roll on the "
                    f"Diplomatic Incident Table for it (diplomatic {f['country']}), or treat it as No Result (decline)")
        if st == "border":
            side = s["countries"][f["country"]]["status"]
            as_ = "an Allied" if side == "axis" else "an Axis"
            return (f"15.26 Minor Country Politics rolled {name}: {NAMES[side]} must select a Neutral Country "
                    f"bordering it (border ID) and activate it as {as_} Country")
        nei = (" (Borneo, Celebes and Dutch New Guinea count as part of the NEI)"
               if len(self.area(s, f)) > 1 else "")
        if st == "within":
            return (f"15.26 Minor Country Politics rolled {name}{nei}: the Axis must eliminate one step from an Axis "
                    f"ground unit within it (lose ID)")
        return (f"15.26 Minor Country Politics rolled {name} during Total War: {NAMES[f['role']]} must eliminate "
                f"{f['left']} more of its steps from any unit(s) (lose ID)")

    def why(self, g, f, verb, arg):
        s, st = g.s, f["stage"]
        if verb == "border" and arg in s["countries"]:
            return (f"{country_name(s, arg)} is not a Neutral Country bordering {country_name(s, f['country'])} "
                    f"(15.26; the position's borders, ruling R-15.26-border)")
        if verb == "lose" and arg in s["pieces"]:
            if st == "within":
                return (f"{arg} is not an Axis ground unit in a hex the position places in "
                        f"{country_name(s, f['country'])} (15.26; hexes)")
            return f"{arg} is not a unit of {country_name(s, f['country'])} on the map (15.26)"
        return None

    def act(self, g, f, verb, arg):
        s, st = g.s, f["stage"]
        if verb == "table":
            f["table"] = arg
            g.say(f"{TITLES[f['recv']]} selected the {TABLE_NAMES[arg]}.", faction=f["recv"], rule="15.26")
            self.roll(g, f)
            return
        if verb == "decline":
            g.say("The Axis treated the Neutral Country result as No Result.", faction="axis", rule="15.26")
        elif verb == "diplomatic":
            g.say(f"The Axis selected {country_name(s, arg)} to roll on the Diplomatic Incident Table.",
                  faction="axis", rule="15.26")
            diplomatic_incident(g, 26, arg, "15.26")
        elif verb == "border":
            side = s["countries"][f["country"]]["status"]
            g.say(f"{TITLES[side]} selected {country_name(s, arg)}, bordering {country_name(s, f['country'])}.",
                  faction=side, rule="15.26")
            if side == "axis":
                activate_allied(g, 26, arg, rule="15.26")
            else:
                activate(g, 26, arg, "axis", rule="15.26")
        elif verb == "lose":
            lose_step(g, 26, arg, "15.26")
            if st == "steps":
                f["left"] -= 1
                if f["left"] and self.minor_steps(s, f["country"]):
                    return
                if f["left"]:
                    g.say(f"{country_name(s, f['country'])} has no other step on the map.", rule="15.26")
        g.end()
