"""The political events of the batch "countries": 15.5 Border War, 15.7 Ceded Land, 15.10 Country Resists and 15.19
Influence here (15.15 Failure [Command, Supply] and 15.17 Gekokujo: :mod:`.events_failure`; 15.25 Minor Country
Created: :mod:`.events_created`), one procedure each (``ds.15.N``, :class:`.event_base.Event`), with the batch's
orders and the declaration fields its events need.

The fields (:data:`.event_base.FIELDS`): ``land`` (the receiver's Ceded Land marker for the land demanded, or
``none``: 15.7, 15.10; ruling R-15.7-land), ``ceding`` (the Country ceding the land: 15.7), ``failure`` (command or
supply: 15.15; 15.17 and 15.30 hand it on) and ``origin`` (the card that produced 15.25: an Axis Political
Expansion or Puppet Government card, or a Western Independence card; ruling R-15.25-origin).

Chained events: 15.17 becomes 15.15 (``g.goto("ds.15.15", ...)`` with ``recv`` the faction that suffers the
Failure and ``failure``); 15.8 and 15.30 reach 15.19 with ``country`` and 15.30 reaches 15.15 the same way.
"""

from __future__ import annotations

from ...core import notation
from ...core.grammar import Order
from .event_base import Event, Field, field, no_result, register
from .state import (
    ALLIED,
    EXCLUSIVE,
    NAMES,
    TITLES,
    activate,
    activate_allied,
    country_name,
    end_policy,
    enemy_influence,
    find,
    label,
    lose_step,
    manual,
    move,
    neutral_neighbours,
    players_step,
    where,
)

notation.declare(__name__, {"selected", "land", "ceding", "failure", "origin", "border", "detachment", "armor", "infantry",
                            "ally", "delay", "policy", "remove", "place", "join", "create"})

ORDERS = (
    Order("selected ID", "event declared: the Minor Country 15.19 Influence selected, Neutral or Friendly to the "
          "faction that received it", "15.19"),
    Order("land ID|none", "event declared: the receiver's Ceded Land marker for the land demanded, or none if the "
          "position holds none (15.7 Ceded Land, 15.10 Country Resists)", "15.7, 15.10"),
    Order("ceding ID", "event declared: the Country ceding the land (15.7 Ceded Land)", "15.7"),
    Order("failure command|supply", "event declared: the type of Failure (15.15); in 15.17 Gekokujo, the Western "
          "faction selects it when no faction leads the Japanese Government", "15.15, 15.17"),
    Order("origin expansion|independence", "event declared: 15.25 Minor Country Created came from an Axis Political "
          "Expansion or Puppet Government card, or from a Western Independence card", "15.25"),
    Order("detachment ID", "event: take this Detachment marker from your Force Pool, for a Port or City hex in the "
          "Ceded Land", "15.7"),
    Order("armor ID", "event: eliminate one step of this British or Russian armor unit on the map", "15.10"),
    Order("infantry ID", "event: eliminate one step of this British or Russian infantry unit on the map (two steps "
          "in all)", "15.10"),
    Order("ally western|soviet", "event: the Axis selects the Allied faction that places the Axis Failure marker",
          "15.15"),
    Order("delay ID", "event: put this support unit of the faction suffering the Failure in the Delay Box",
          "15.15"),
    Order("remove MARKER", "event: remove this marker from the selected Minor Country (free-passage, no-occupation, "
          "neutrality, influence-axis, influence-western, influence-soviet)", "15.19"),
    Order("place ID", "event: place your Influence marker in the selected Neutral Minor Country", "15.19"),
    Order("join ID", "event: activate the selected Neutral Minor Country, holding your Influence marker, as your "
          "Minor Country", "15.19"),
    Order("create ID", "event: the Country, Dependent or Region that becomes a Minor Country", "15.25"),
)


# -- the declaration's fields ------------------------------------------------------------------------------------


def _lands(s: dict) -> list[str]:
    return [pid for pid in find(s, type_="ceded-land") if s["pieces"][pid]["at"] not in ("ceded-lands", "removed")] \
        + ["none"]


def _land_refusal(s: dict, arg: str, n: int) -> str:
    p = s["pieces"].get(arg)
    if p is None:
        return f"{arg} is not a piece of the position: name the Ceded Land marker, or none (15.{n})"
    if p["type"] != "ceded-land":
        return f"{label(s, arg)} is not a Ceded Land marker (15.{n})"
    return f"{label(s, arg)} is in {where(p)} already (15.{n})"


def _land_said(s: dict, v: str) -> str:
    return "no Ceded Land marker in the position" if v == "none" else f"Ceded Land marker {label(s, v)}"


LAND = field(Field("land", "Ceded Land marker", _lands, _land_said, _land_refusal))
CEDING = field(Field("ceding", "ceding Country", lambda s: sorted(s["countries"]),
                     lambda s, v: f"{country_name(s, v)} ceding the land",
                     lambda s, v, n: f"{v} is not a country of the position (15.{n})"))
FAILURE = field(Field("failure", "Failure", lambda s: ["command", "supply"], lambda s, v: f"Failure ({v.title()})",
                      lambda s, v, n: f"{v} is not a Failure: command or supply (15.15)"))
def _selectable(s: dict) -> list[str]:
    """The Minor Countries 15.19 may select: Neutral ones and active ones (a Friendly Minor Country to the faction
    that receives it; ruling R-15.19-friendly); never a Conquered one."""
    return [c for c in sorted(s["countries"]) if s["countries"][c]["status"] != "conquered"]


SELECTED = field(Field("selected", "selected Minor Country", _selectable,
                       lambda s, v: f"selecting {country_name(s, v)}",
                       lambda s, v, n: (f"{v} is not a country of the position (15.{n})" if v not in s["countries"]
                                        else f"{country_name(s, v)} is Conquered: 15.19 selects a Neutral or a "
                                             f"Friendly Minor Country (15.19)")))
ORIGINS = {"expansion": "from an Axis Political Expansion or Puppet Government card",
           "independence": "from a Western Independence card"}
ORIGIN = field(Field("origin", "card's kind", lambda s: list(ORIGINS), lambda s, v: ORIGINS[v],
                     lambda s, v, n: f"{v} is not a kind of card of 15.25: expansion or independence (15.25)"))


# -- what the events share ---------------------------------------------------------------------------------------


def _held(s: dict, cid: str) -> str | None:
    """The Neutrality or Influence marker *cid* holds (one at most: ruling R-15-one-marker)."""
    return next((m for m in s["countries"][cid]["markers"] if m in EXCLUSIVE), None)


def _marker_name(m: str) -> str:
    if m.startswith("influence-"):
        return f"{m.split('-', 1)[1].title()} Influence"
    return m.replace("-", " ").title()


def _place_marker(g, n: int, cid: str, marker: str, faction: str | None) -> None:
    g.s["countries"][cid]["markers"].append(marker)
    g.say(f"A {_marker_name(marker)} marker was placed in {country_name(g.s, cid)}.", faction=faction, rule=f"15.{n}")


def remove_marker(g, n: int, cid: str, marker: str, faction: str | None) -> None:
    g.s["countries"][cid]["markers"].remove(marker)
    g.say(f"The {_marker_name(marker)} marker was removed from {country_name(g.s, cid)}.", faction=faction,
          rule=f"15.{n}")


def minor_posture(s: dict, cid: str) -> str | None:
    """A Minor Country's Posture (13.6, not in the fragment; ruling R-15-minor-posture): its own Posture Box's where
    the position has one, else the Policy affecting it (a PAC), else None (affected by no Policy)."""
    box = s["postures"].get(cid)
    if box:
        return box["posture"]
    c = s["countries"][cid]
    return c["policy"] if c.get("pac") else None


def _policies(s: dict, cid: str) -> list[str]:
    """The Policy (or Policies) affecting Minor Country *cid*: the one the position names for a PAC, else its own
    Posture Box's (ruling R-13.6-pac)."""
    c = s["countries"][cid]
    if c.get("pac") and c.get("policy"):
        return [c["policy"]]
    box = s["postures"].get(cid)
    return list(box["policies"]) if box else []


def limited_war(g, n: int) -> None:
    g.s["war"] = "limited-war"
    g.say("Limited War is now in effect.", rule=f"15.{n}")
    players_step(g, n, "what Limited War coming into effect entails", "12.2")


def _borders(s: dict, cid: str) -> set[str]:
    cs = s["countries"]
    return set(cs[cid]["borders"]) | {b for b, c in cs.items() if cid in c["borders"]}


# 15.5 ----------------------------------------------------------------------------------------------------------


@register
class BorderWar(Event):
    """15.5: the Country activates as an Axis Country (received by the Axis) or as an Allied Country per 13.5
    (received by an Allied faction; ruling R-15.5-allied); then the receiver must activate a Neutral Country on the
    Border of that Country or one of its Dependents as the other side's; with none, nothing more."""

    n = 5
    needs = ("country",)

    def begin(self, g, f):
        s, cid, recv = g.s, f["country"], f["recv"]
        name = country_name(s, cid)
        if recv == "axis":
            activate(g, 5, cid, "axis", rule="15.5")
        elif not activate_allied(g, 5, cid, rule="15.5"):
            manual(g, 5, f"the rest of 15.5 (the Neutral Country on the Border of {name} that the receiver activates "
                         f"as an Axis Country) waits on that activation (ruling R-15.5-allied)", "15.5")
            return
        if not neutral_neighbours(s, cid):
            other = "an Allied" if recv == "axis" else "an Axis"
            g.say(f"No Neutral Country shares a Border with {name} or one of its Dependents: no Country is activated "
                  f"as {other} Country.", rule="15.5")
            return
        self.ask(f, recv, "border")

    def prompt(self, g, f):
        return {"border": neutral_neighbours(g.s, f["country"])} if f["stage"] == "border" else {}

    def text(self, g, f):
        as_ = "an Allied Country per 13.5" if f["recv"] == "axis" else "an Axis Country"
        return (f"15.5 Border War: {NAMES[f['recv']]} must select a Neutral Country that shares a Border with "
                f"{country_name(g.s, f['country'])} or one of its Dependents and activate it as {as_} (border ID)")

    def why(self, g, f, verb, arg):
        if verb != "border":
            return None
        c = g.s["countries"].get(arg or "")
        if c is None:
            return f"{arg} is not a country of the position (15.5)"
        if c["status"] != "neutral":
            return f"{country_name(g.s, arg)} is {c['status']}, not Neutral (15.5)"
        return (f"{country_name(g.s, arg)} shares no Border with {country_name(g.s, f['country'])} nor with one of its "
                f"Dependents (15.5)")

    def act(self, g, f, verb, arg):
        g.say(f"{TITLES[f['recv']]} selected {country_name(g.s, arg)}.", faction=f["recv"], rule="15.5")
        if f["recv"] == "axis":
            activate_allied(g, 5, arg, rule="15.5")
        else:
            activate(g, 5, arg, "axis", rule="15.5")
        g.end()


# 15.7 ----------------------------------------------------------------------------------------------------------


def _take_land(g, n: int, f, to: str) -> None:
    """The receiver's Ceded Land marker named at the declaration goes to *to* (15.7: the Ceded Lands Box; 15.10: its
    Force Pool); none, or another faction's, is a manual ruling (ruling R-15.7-land)."""
    s, side, pid = g.s, f["recv"], f["land"]
    box = "the Ceded Lands Box" if to == "ceded-lands" else "its Force Pool"
    if pid == "none":
        manual(g, n, f"{TITLES[side]} places its Ceded Land marker for the land demanded in {box}: the position holds "
                     f"none (ruling R-15.7-land)", f"15.{n}")
    elif s["pieces"][pid]["owner"] != side:
        manual(g, n, f"{TITLES[side]} places its Ceded Land marker for the land demanded in {box}: the marker "
                     f"declared, {label(s, pid)}, is {NAMES[s['pieces'][pid]['owner']]}'s (ruling R-15.7-land)",
               f"15.{n}")
    else:
        move(s, pid, to)
        g.say(f"{TITLES[side]} placed its Ceded Land marker {label(s, pid)} in {box}.", faction=side, rule=f"15.{n}")


@register
class CededLand(Event):
    """15.7: the receiver places its Ceded Land marker in the Ceded Lands Box, may take a Detachment marker from its
    Force Pool for a Port or City hex of the Ceded Land (placed by the players: ruling R-15.7-hex), then the ceding
    Country's Neutrality or Influence markers change (rulings R-15.7-neutral, R-15.7-allied)."""

    n = 7
    needs = ("land", "ceding")

    @staticmethod
    def detachments(s: dict, side: str) -> list[str]:
        return find(s, kind="marker", type_="detachment", owner=side, at="pool")

    def begin(self, g, f):
        _take_land(g, 7, f, "ceded-lands")
        if self.detachments(g.s, f["recv"]):
            self.ask(f, f["recv"], "detachment")
            return
        self.influence(g, f)

    def prompt(self, g, f):
        if f["stage"] != "detachment":
            return {}
        return {"detachment": self.detachments(g.s, f["recv"]), "decline": []}

    def text(self, g, f):
        return (f"15.7 Ceded Land: {NAMES[f['recv']]} may take one Detachment marker from its Force Pool and place it "
                f"in a Port and/or City hex in the Ceded Land (detachment ID), or decline")

    def why(self, g, f, verb, arg):
        p = g.s["pieces"].get(arg or "")
        if verb == "detachment" and p is not None:
            return f"{label(g.s, arg)} is not a Detachment marker in {NAMES[f['recv']]}'s Force Pool (15.7)"
        return None

    def act(self, g, f, verb, arg):
        s, side = g.s, f["recv"]
        if verb == "detachment":
            move(s, arg, "pending")
            land = s["pieces"][f["land"]].get("country") if f["land"] != "none" else None
            known = [h for h, x in sorted((s.get("hexes") or {}).items())
                     if land and x.get("country") == land and (x.get("port") or x.get("city"))]
            hint = f" (the position knows {', '.join(known)})" if known else ""
            g.say(f"{TITLES[side]} took {label(s, arg)} from its Force Pool.", faction=side, rule="15.7")
            players_step(g, 7, f"{TITLES[side]} places {label(s, arg)} in a Port and/or City hex in the Ceded "
                               f"Land{hint} (ruling R-15.7-hex)", "15.7")
        else:
            g.say(f"{TITLES[side]} declined to take a Detachment marker.", faction=side, rule="15.7")
        self.influence(g, f)
        g.end()

    def influence(self, g, f) -> None:
        s, side, cid = g.s, f["recv"], f["ceding"]
        c, name = s["countries"][cid], country_name(s, cid)
        land = s["pieces"][f["land"]].get("country") if f["land"] != "none" else None
        if land == cid:
            g.say(f"{name} ceded its whole land and no longer exists as a Country: no Influence marker is placed "
                  f"(ruling R-15.7-land).", rule="15.7")
            return
        if c["status"] != "neutral":
            g.say(f"{name} is not a Neutral Country ({c['status']}): no Influence marker is placed (15.7's example; "
                  f"ruling R-15.7-neutral).", rule="15.7")
            return
        held = _held(s, cid)
        if side == "axis":
            if held in ("neutrality", "influence-axis"):
                remove_marker(g, 7, cid, held, "axis")
            elif held:
                g.say(f"{name} holds a {_marker_name(held)} marker: no Influence marker is placed (15.7's example).",
                      rule="15.7")
            elif [b for b in _borders(s, cid) if s["countries"][b]["status"] == "soviet"]:
                r = g.roll("15.7 Ceded Land: Western (1-3) or Soviet (4-6) Influence marker, unmodified die")
                marker = "influence-western" if r <= 3 else "influence-soviet"
                g.say(f"{name} shares a Border with a Soviet country: the Axis rolled {r} (unmodified).", faction="axis",
                      rule="15.7")
                _place_marker(g, 7, cid, marker, "axis")
            else:
                _place_marker(g, 7, cid, "influence-western", "axis")
        elif held in ("neutrality", "influence-western", "influence-soviet"):
            remove_marker(g, 7, cid, held, side)
        elif held:
            g.say(f"{name} holds an Axis Influence marker: no Influence marker is placed (ruling R-15.7-allied).",
                  rule="15.7")
        else:
            _place_marker(g, 7, cid, "influence-axis", side)


# 15.10 ---------------------------------------------------------------------------------------------------------

#: The Major Country whose PAC status decides 15.10 for each Allied faction, and its adjective.
MAJORS = {"western": ("britain", "Britain", "British"), "soviet": ("russia", "Russia", "Russian")}


@register
class CountryResists(Event):
    """15.10: received by the Axis, the Minor Country activates as Allied per 13.5 (in Pre-War unless its Posture
    is Acceptance: then the Cabinet Crisis Table; ruling R-15-minor-posture); received by an Allied faction whose
    Major Country is a PAC, it loses one armor or two infantry steps (rulings R-15-affected, R-15.10-steps), else the
    Axis activates the Minor Country as Axis. A Country activated brings "Country Activated": the receiver's Ceded
    Land marker to its Force Pool and a Blitz marker it may place (ruling R-15.10-activated)."""

    n = 10
    needs = ("country", "land")

    def begin(self, g, f):
        f["lost"] = 0
        if f["recv"] == "axis":
            self.axis(g, f)
            return
        s, recv = g.s, f["recv"]
        major, title, _ = MAJORS[recv]
        box = s["postures"].get(major)
        if box is None:
            manual(g, 10, f"the position holds no Posture Box of {title}: whether {title} is a PAC is the umpire's "
                          f"(ruling R-15-affected)", "15.10")
            return
        if box["policies"]:
            g.say(f"{title} is a PAC (its Posture Box holds the {', '.join(box['policies'])} Policy; ruling "
                  f"R-15-affected).", rule="15.10")
            if not self.options(s, f):
                no_result(g, f, f"{NAMES[recv]} has neither a {MAJORS[recv][2]} armor unit nor two "
                                f"{MAJORS[recv][2]} infantry steps on the map (ruling R-15.10-steps)")
                return
            self.ask(f, recv, "losses")
            return
        g.say(f"{title} is not a PAC: the Axis must activate {country_name(s, f['country'])} as an Axis Country.",
              rule="15.10")
        activate(g, 10, f["country"], "axis", rule="15.10")
        self.activated(g, f)

    def axis(self, g, f) -> None:
        s, cid = g.s, f["country"]
        c, name = s["countries"][cid], country_name(s, cid)
        policies = _policies(s, cid)
        if s["war"] != "pre-war":
            if not activate_allied(g, 10, cid, rule="15.10"):
                return
            if c.get("pac") and policies:
                g.say(f"{name} is a PAC ({policies[0]}): that Policy ends.", rule="15.10")
                end_policy(g, 10, policies[0], "15.10")
            self.activated(g, f)
            return
        aligns = c.get("aligns")
        if aligns not in ALLIED:
            manual(g, 10, f"{name}'s alignment (13.5) decides 15.10 in Pre-War, and the position names no Allied "
                          f"faction it aligns with", "13.5")
            return
        g.say(f"Per 13.5 {name} aligns with {NAMES[aligns]} (as the position states).", rule="13.5")
        posture = minor_posture(s, cid)
        g.say(f"{name}'s Posture is {posture.title() if posture else 'that of no Policy'} (13.6; ruling "
              f"R-15-minor-posture).", rule="15.10")
        if posture == "acceptance":
            self.cabinet_crisis(g, f)
            return
        activate(g, 10, cid, aligns, rule="15.10")
        for policy in policies:
            end_policy(g, 10, policy, "15.10")
        if not policies:
            g.say(f"{name} has no Policy to end.", rule="15.10")
        limited_war(g, 10)
        self.activated(g, f)

    def cabinet_crisis(self, g, f) -> None:
        s = g.s
        r = g.roll("15.10 Country Resists: the Cabinet Crisis Table")
        result = (s["tables"].get("cabinet-crisis") or {}).get(str(r))
        if result:
            g.say(f"The Axis rolled {r} on the Cabinet Crisis Table: {result}.", faction="axis", rule="15.10")
            players_step(g, 10, f"the Cabinet Crisis Table's result for {r}: {result}", "the Cabinet Crisis Table "
                                                                                         "(ruling R-tables)")
        else:
            g.say(f"The Axis rolled {r} on the Cabinet Crisis Table, which the position does not hold.",
                  faction="axis", rule="15.10")
            manual(g, 10, f"the Cabinet Crisis Table's result for a roll of {r} (the table is not in the position; "
                          f"ruling R-tables)", "15.10")

    def activated(self, g, f) -> None:
        """Country Activated: 13.7.1 is the players' step :func:`.state.activate` lists; the receiver's Ceded Land
        marker goes to its Force Pool; it may place one Blitz marker (stage ``blitz``)."""
        _take_land(g, 10, f, "pool")
        self.ask(f, f["recv"], "blitz")

    def units(self, s: dict, f, type_: str) -> list[str]:
        return find(s, kind="ground", type_=type_, owner=f["recv"], at="map", country=MAJORS[f["recv"]][0])

    def options(self, s: dict, f) -> dict[str, list[str]]:
        infantry = self.units(s, f, "infantry")
        if f["lost"]:
            return {"infantry": infantry}
        out = {}
        armor = self.units(s, f, "armor")
        if armor:
            out["armor"] = armor
        if sum(s["pieces"][p].get("steps", 1) for p in infantry) >= 2:
            out["infantry"] = infantry
        return out

    def prompt(self, g, f):
        if f["stage"] == "losses":
            return self.options(g.s, f)
        if f["stage"] == "blitz":
            return {"blitz": [], "decline": []}
        return {}

    def text(self, g, f):
        side = f["recv"]
        if f["stage"] == "blitz":
            return (f"15.10 Country Resists, Country Activated: {NAMES[side]} may place one Blitz marker in its "
                    f"Support Segment of the current turn (blitz), or decline")
        adj = MAJORS[side][2]
        if f["lost"]:
            return f"15.10 Country Resists: {NAMES[side]} must eliminate a second {adj} infantry step (infantry ID)"
        return (f"15.10 Country Resists: {NAMES[side]} must eliminate one {adj} armor step (armor ID) or two {adj} "
                f"infantry steps (infantry ID) from any hex(es) on the map")

    def why(self, g, f, verb, arg):
        p = g.s["pieces"].get(arg or "")
        if verb not in ("armor", "infantry") or p is None:
            return None
        adj = MAJORS[f["recv"]][2]
        if f["lost"] and verb == "armor":
            return f"one {adj} infantry step was eliminated: the second must be infantry too (15.10)"
        if p["type"] != verb or p["owner"] != f["recv"] or p.get("country") != MAJORS[f["recv"]][0]:
            return f"{label(g.s, arg)} is not a {adj} {verb} unit (ruling R-15.10-steps)"
        if p["at"] != "map":
            return f"{label(g.s, arg)} is in {where(p)}, not on the map (15.10)"
        return f"{NAMES[f['recv']]} has fewer than two {adj} infantry steps on the map (ruling R-15.10-steps)"

    def act(self, g, f, verb, arg):
        side = f["recv"]
        if verb == "blitz":
            g.s["blitz"][side]["current"] += 1
            g.say(f"{TITLES[side]} placed a Blitz marker in its Support Segment of the current turn.", faction=side,
                  rule="15.10")
        elif verb == "decline":
            g.say(f"{TITLES[side]} declined to place a Blitz marker.", faction=side, rule="15.10")
        else:
            lose_step(g, 10, arg, "15.10")
            if verb == "infantry":
                f["lost"] += 1
                if f["lost"] < 2:
                    return
        g.end()


# 15.19 ---------------------------------------------------------------------------------------------------------

#: The Postures that keep a Minor Country from activating as an Allied Minor Country in Pre-War (15.19).
NO_ALLIED_IN_PRE_WAR = ("acceptance", "peace", "quarantine")


@register
class Influence(Event):
    """15.19: the receiver may remove a Free Passage or No Occupation marker from the selected Friendly Minor
    Country, or in a Neutral one remove a Neutrality or enemy Influence marker, place its Influence marker, or
    activate it holding its Influence marker (not as Allied in Pre-War under Acceptance, Peace or Quarantine; ruling
    R-15-minor-posture). A Friendly Minor Country is the receiver's own (ruling R-15.19-friendly)."""

    n = 19
    needs = ("selected",)

    def blocked(self, s: dict, f) -> str | None:
        """Why the selected Country may not be activated as the receiver's, if the Pre-War exception applies."""
        posture = minor_posture(s, f["selected"])
        if s["war"] == "pre-war" and f["recv"] in ALLIED and posture in NO_ALLIED_IN_PRE_WAR:
            return (f"Pre-War is in effect and {country_name(s, f['selected'])}'s Posture is {posture.title()}: it "
                    f"cannot be activated as an Allied Minor Country (15.19)")
        return None

    def options(self, s: dict, f) -> dict[str, list[str]]:
        cid, side = f["selected"], f["recv"]
        c = s["countries"][cid]
        if c["status"] == side:
            held = [m for m in ("free-passage", "no-occupation") if m in c["markers"]]
            return {"remove": held} if held else {}
        if c["status"] != "neutral":
            return {}
        held = _held(s, cid)
        if held is None:
            return {"place": [cid]}
        if held in ("neutrality", *enemy_influence(side)):
            return {"remove": [held]}
        return {} if self.blocked(s, f) else {"join": [cid]}

    def none_why(self, s: dict, f) -> str:
        cid, side = f["selected"], f["recv"]
        c, name = s["countries"][cid], country_name(s, cid)
        if c["status"] == side:
            return f"{name} is a Friendly Minor Country holding neither a Free Passage nor a No Occupation marker"
        if c["status"] != "neutral":
            return f"{name} is {c['status']}: neither a Friendly nor a Neutral Minor Country of {NAMES[side]}"
        return self.blocked(s, f) or ""

    def begin(self, g, f):
        if not self.options(g.s, f):
            no_result(g, f, self.none_why(g.s, f))
            return
        self.ask(f, f["recv"])

    def prompt(self, g, f):
        return {**self.options(g.s, f), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        said = {"remove": "remove its {} marker (remove MARKER)", "place": "place your Influence marker in it "
                "(place ID)", "join": "activate it as your Minor Country (join ID)"}
        opts = self.options(g.s, f)
        what = [said[k].format(" or ".join(_marker_name(m) for m in v)) for k, v in opts.items()]
        return (f"15.19 Influence in {country_name(g.s, f['selected'])}: {NAMES[f['recv']]} may {', or '.join(what)}, "
                f"or decline")

    def why(self, g, f, verb, arg):
        name = country_name(g.s, f["selected"])
        if verb == "remove":
            return f"{name} holds no {arg} marker that {NAMES[f['recv']]} may remove (15.19)"
        if verb in ("place", "join") and arg != f["selected"]:
            return f"15.19 acts on the selected Minor Country, {name} ({f['selected']}) (15.19)"
        if verb == "place":
            return f"{name} holds a marker already: a friendly Influence marker is placed in none (15.19)"
        if verb == "join":
            return (self.blocked(g.s, f) or f"{name} is activated only if Neutral with {NAMES[f['recv']]}'s "
                                            f"Influence marker in it (15.19)")
        return None

    def act(self, g, f, verb, arg):
        s, side, cid = g.s, f["recv"], f["selected"]
        if verb == "remove":
            remove_marker(g, 19, cid, arg, side)
        elif verb == "place":
            _place_marker(g, 19, cid, f"influence-{side}", side)
        elif verb == "join":
            activate(g, 19, cid, side, rule="15.19")
        else:
            g.say(f"{TITLES[side]} declined Influence in {country_name(s, cid)} (no result).", faction=side,
                  rule="15.19")
        g.end()
