"""15.25 Minor Country Created (batch "countries"): from an Axis Political Expansion or Puppet Government card, or
from a Western Independence card (the ``origin`` field). Its orders are the batch's (:mod:`.events_countries`)."""

from __future__ import annotations

from .event_base import Event, no_result, register
from .events_countries import remove_marker
from .state import (
    ALLIED,
    EXCLUSIVE,
    NAMES,
    country_name,
    find,
    label,
    move,
    players_step,
    where,
)

# 15.25 ---------------------------------------------------------------------------------------------------------


def _colonial(s: dict, pid: str) -> bool:
    """A colonial unit (ruling R-15.25-colonial, after R-15-unit-class): a ground unit whose type begins
    ``colonial``; it is associated with the Country its ``country`` names."""
    p = s["pieces"][pid]
    return p["kind"] == "ground" and p["type"].startswith("colonial")


@register
class MinorCountryCreated(Event):
    """15.25: from an Axis Political Expansion or Puppet Government card the Axis may make a conquered Country, or a
    Dependent or Region, an active Axis Minor Country (13.8.2 and control are the players' check); from a Western
    Independence card the Dependent the card selected becomes a Neutral Minor Country (rulings R-15.25-origin,
    R-15.25-colonial)."""

    n = 25
    needs = ("origin",)

    @staticmethod
    def candidates(s: dict, origin: str) -> list[str]:
        cs = s["countries"]
        if origin == "expansion":
            return [c for c in sorted(cs) if cs[c]["status"] == "conquered" or cs[c]["kind"] in ("dependent",
                                                                                                   "region")]
        return [c for c in sorted(cs) if cs[c]["kind"] == "dependent"]

    def begin(self, g, f):
        if not self.candidates(g.s, f["origin"]):
            what = ("no conquered Country, Dependent or Region" if f["origin"] == "expansion"
                    else "no Dependent")
            no_result(g, f, f"the position holds {what} to create as a Minor Country")
            return
        self.ask(f, "axis" if f["origin"] == "expansion" else f["recv"])

    def prompt(self, g, f):
        if f["stage"] != "choose":
            return {}
        out: dict[str, list[str]] = {"create": self.candidates(g.s, f["origin"])}
        if f["origin"] == "expansion":
            out["decline"] = []
        return out

    def text(self, g, f):
        if f["origin"] == "expansion":
            return ("15.25 Minor Country Created: the Axis may select one conquered Country or one eligible Dependent "
                    "or Region with all of its Cities and Allied Partisan Base hexes under Axis control (create ID), "
                    "or decline")
        return (f"15.25 Minor Country Created: {NAMES[f['recv']]} names the Dependent its Western Independence card "
                f"selected, which becomes a Neutral Minor Country (create ID)")

    def why(self, g, f, verb, arg):
        if verb != "create":
            return None
        c = g.s["countries"].get(arg or "")
        if c is None:
            return f"{arg} is not a country of the position (15.25)"
        if f["origin"] == "expansion":
            return f"{country_name(g.s, arg)} is neither a conquered Country nor a Dependent or Region (15.25)"
        return f"{country_name(g.s, arg)} is not a Dependent (15.25)"

    def act(self, g, f, verb, arg):
        if verb == "decline":
            g.say("The Axis declined to create a Minor Country.", faction="axis", rule="15.25")
        elif f["origin"] == "expansion":
            self.axis_minor(g, arg)
        else:
            self.independence(g, f, arg)
        g.end()

    @staticmethod
    def capital(g, cid: str) -> None:
        c, name = g.s["countries"][cid], country_name(g.s, cid)
        if c.get("provisional_capital"):
            c["capital"], c["provisional_capital"] = c["provisional_capital"], None
            g.say(f"{c['capital']}, the Provisional Capital of {name}, became its Capital.", rule="15.25")
        else:
            players_step(g, 25, f"{name}'s Capital: the City identified as its Provisional Capital (the position names "
                                f"none)", "15.25")

    @staticmethod
    def colonial(g, cid: str, owners: tuple[str, ...], places: tuple[str, ...], rule: str) -> None:
        s = g.s
        units = [p for p in find(s, kind="ground", country=cid) if _colonial(s, p)
                 and s["pieces"][p]["owner"] in owners and s["pieces"][p]["at"] in places]
        for pid in units:
            was = where(s["pieces"][pid])
            move(s, pid, "removed")
            g.say(f"{label(s, pid)}, a colonial unit associated with {country_name(s, cid)}, was removed from the game "
                  f"(it was in {was}).", rule=rule)

    def axis_minor(self, g, cid: str) -> None:
        s = g.s
        c, name = s["countries"][cid], country_name(s, cid)
        was = "a conquered Country" if c["status"] == "conquered" else f"a {c['kind'].title()}"
        for m in [m for m in c["markers"] if m in EXCLUSIVE]:
            remove_marker(g, 25, cid, m, None)
        kind = c["kind"]
        c["kind"], c["status"] = "minor", "axis"
        g.say(f"The Axis selected {name} ({was}): it became an active Axis Minor Country.", faction="axis",
              rule="15.25")
        players_step(g, 25, f"{name} is to be a conquered Country or an eligible Dependent or Region (13.8.2) with all "
                            f"of its Cities and the hexes holding Allied Partisan Bases under Axis control, as the Axis "
                            f"selected it (ruling R-15.25-origin)", "13.8.2")
        if kind in ("dependent", "region"):
            self.capital(g, cid)
        self.colonial(g, cid, ("axis",), ("map", "turn-track", "pool"), "15.25")
        units = [p for p in sorted(s["pieces"]) if s["pieces"][p].get("country") == cid and not _colonial(s, p)
                 and s["pieces"][p]["kind"] != "marker" and s["pieces"][p]["at"] in ("off", "conquered-holding")]
        for pid in units:
            s["pieces"][pid]["owner"] = "axis"
            move(s, pid, "pool")
        if units:
            g.say(f"{name}'s units were added to the Axis Force Pool: {', '.join(label(s, p) for p in units)}.",
                  faction="axis", rule="15.25")
        else:
            players_step(g, 25, f"add {name}'s units to the Axis Force Pool (the position holds none out of play nor "
                                f"in the Allied Conquered Minor Country Holding Box)", "15.25")
        hexes = s.get("hexes") or {}
        bases = [p for p in find(s, type_="partisan-base", at="map") if s["pieces"][p]["owner"] in ALLIED
                 and (hexes.get(s["pieces"][p]["hex"]) or {}).get("country") == cid]
        known = f" (the position places {', '.join(label(s, p) for p in bases)} there)" if bases else ""
        players_step(g, 25, f"intern any Allied Partisan Base markers in {name}{known}", "16.7")
        for pid in [p for p in find(s, type_="ceded-land", owner="axis", at="ceded-lands", country=cid)]:
            move(s, pid, "removed")
            g.say(f"The Japanese Ceded Land marker {label(s, pid)} of {name} was removed from the game.", rule="15.25")

    def independence(self, g, f, cid: str) -> None:
        s = g.s
        c, name = s["countries"][cid], country_name(s, cid)
        c["kind"], c["status"] = "minor", "neutral"
        g.say(f"{name} became a Neutral Minor Country.", faction=f["recv"], rule="15.25")
        players_step(g, 25, f"intern all units in {name}", "16.7")
        self.capital(g, cid)
        res = [p for p in find(s, kind="ground", type_="res-infantry", country=cid) if s["pieces"][p]["at"] == "off"]
        if res and c.get("capital"):
            move(s, res[0], "map", hex=c["capital"])
            s["pieces"][res[0]]["side"] = "flag"
            g.say(f"{name}'s flag marker (the back of {label(s, res[0])}) was placed in {c['capital']}.", rule="15.25")
        else:
            players_step(g, 25, f"place {name}'s flag marker (the back of its 0-1-2 Res infantry unit) in its Capital "
                                f"(the position holds no such unit out of play, or no Capital)", "15.25")
        rest = [p for p in sorted(s["pieces"]) if s["pieces"][p].get("country") == cid and not _colonial(s, p)
                and s["pieces"][p]["kind"] != "marker" and s["pieces"][p]["at"] == "off"]
        if rest:
            g.say(f"{name}'s other N units are set aside for future play: {', '.join(label(s, p) for p in rest)}.",
                  rule="15.25")
        self.colonial(g, cid, ("axis", "western"), ("map", "turn-track", "pool"), "15.25")
        if s["mode"] == "AE":
            players_step(g, 25, f"remove {name}'s colonial units in TK as well", "15.25 (AE)")
