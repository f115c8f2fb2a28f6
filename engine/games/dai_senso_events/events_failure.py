"""15.15 Failure [Command, Supply] and 15.17 Gekokujo, which turns into a Failure (batch "countries"). Their orders
and the ``failure`` field are the batch's (:mod:`.events_countries`)."""

from __future__ import annotations

from .event_base import Event, register
from .events_countries import limited_war
from .state import (
    ALLIED,
    NAMES,
    TITLES,
    end_policy,
    find,
    label,
    manual,
    move,
    players_step,
    where,
)

# 15.15 ---------------------------------------------------------------------------------------------------------


@register
class Failure(Event):
    """15.15 Failure [Command, Supply], suffered by ``recv`` (ruling R-15.15-suffers): the Axis (an Allied faction
    suffers) or the Allied faction the Axis selects (the Axis suffers) places the Failure marker in a hex (the
    players' step: ruling R-15.15-marker) and may put one support unit of the faction suffering it in the Delay
    Box."""

    n = 15
    needs = ("failure",)

    def begin(self, g, f):
        side, kind = f["recv"], f["failure"]
        g.say(f"{TITLES[side]} suffers a Failure ({kind.title()}) (ruling R-15.15-suffers).", faction=side,
              rule="15.15")
        if side == "axis":
            self.ask(f, "axis", "ally")
            return
        f["placer"] = "axis"
        self.place(g, f)

    @staticmethod
    def units(s: dict, side: str) -> list[str]:
        return [pid for pid in find(s, kind="support", owner=side) if s["pieces"][pid]["at"] in ("pool", "map",
                                                                                                  "turn-track")]

    def place(self, g, f) -> bool:
        """Places the Failure marker and asks for the support unit; False when there is nothing to ask."""
        s, side, kind, placer = g.s, f["recv"], f["failure"], f["placer"]
        marker = [pid for pid in find(s, type_="failure", owner=side) if s["pieces"][pid].get("side") == kind]
        what = f"the {side.title()} {kind.title()} Failure marker"
        if not marker:
            manual(g, 15, f"{TITLES[placer]} places {what} in any hex on the map: the position holds none (ruling "
                          f"R-15.15-marker)", "15.15")
        else:
            move(s, marker[0], "pending")
            g.say(f"{TITLES[placer]} took {what} ({marker[0]}) to place in any hex on the map.", faction=placer,
                  rule="15.15")
            players_step(g, 15, f"{TITLES[placer]} places {what} ({marker[0]}) in any hex on the map (ruling "
                                f"R-15.15-marker)", "15.15")
        if not self.units(s, side):
            g.say(f"{TITLES[side]} has no support unit in its Force Pool, on the map or on the Turn Track to put in "
                  f"the Delay Box.", rule="15.15")
            return False
        self.ask(f, placer, "support")
        return True

    def prompt(self, g, f):
        if f["stage"] == "ally":
            return {"ally": list(ALLIED)}
        if f["stage"] == "support":
            return {"delay": self.units(g.s, f["recv"]), "decline": []}
        return {}

    def text(self, g, f):
        if f["stage"] == "ally":
            return ("15.15 Failure: the Axis suffers it and must select one of the Allied factions, which places the "
                    "Axis Failure marker (ally western|soviet)")
        return (f"15.15 Failure: {NAMES[f['placer']]} may take one support unit of {NAMES[f['recv']]} from its Force "
                f"Pool, a hex on the map or the Turn Track and put it in the Delay Box (delay ID), or decline")

    def why(self, g, f, verb, arg):
        p = g.s["pieces"].get(arg or "")
        if verb == "delay" and p is not None:
            if p["owner"] != f["recv"] or p["kind"] != "support":
                return f"{label(g.s, arg)} is not a support unit of {NAMES[f['recv']]} (15.15)"
            return f"{label(g.s, arg)} is in {where(p)}: not the Force Pool, a hex on the map or the Turn Track (15.15)"
        return None

    def act(self, g, f, verb, arg):
        s = g.s
        if verb == "ally":
            f["placer"] = arg
            g.say(f"The Axis selected {NAMES[arg]} to place the Axis Failure marker.", faction="axis", rule="15.15")
            if self.place(g, f):
                return
        elif verb == "delay":
            was = where(s["pieces"][arg])
            move(s, arg, "delay")
            g.say(f"{TITLES[f['placer']]} put {label(s, arg)} (from {was}) in the Delay Box.", faction=f["placer"],
                  rule="15.15")
        else:
            g.say(f"{TITLES[f['placer']]} declined to put a support unit in the Delay Box.", faction=f["placer"],
                  rule="15.15")
        g.end()


# 15.17 ---------------------------------------------------------------------------------------------------------


@register
class Gekokujo(Event):
    """15.17: in Pre-War the Government marker goes to the Delay Box, the Axis ends one Policy and Limited War comes
    into effect; otherwise the event becomes a Failure suffered by the Axis (15.15): Command if the Army leads the
    Government, Supply if the Navy does, the Western faction's choice if no faction leads (ruling R-15.17-lead)."""

    n = 17

    @staticmethod
    def policies(s: dict) -> list[str]:
        return sorted({p for box in s["postures"].values() for p in box["policies"]})

    def begin(self, g, f):
        s = g.s
        gov = s["government"]
        if s["war"] == "pre-war":
            if gov["box"] == "holding":
                gov["box"] = "delay"
                g.say("The Axis placed the Japanese Government marker in the Delay Box.", faction="axis", rule="15.17")
            else:
                g.say("The Japanese Government marker is not in its Holding Box.", rule="15.17")
            if self.policies(s):
                self.ask(f, "axis", "policy")
                return
            g.say("No Posture Box holds a Policy marker: there is no Policy to end.", rule="15.17")
            limited_war(g, 17)
            return
        if gov["box"] == "holding":
            kind = "command" if gov["side"] == "army" else "supply"
            g.say(f"The {gov['side'].title()} leads the Japanese Government: the Failure is a {kind.title()} Failure "
                  f"(ruling R-15.17-lead).", rule="15.17")
            self.failure(g, kind)
            return
        g.say("No faction leads the Japanese Government (its marker is in the Delay Box): the Western faction selects "
              "the Failure (ruling R-15.17-lead).", rule="15.17")
        self.ask(f, "western", "failure")

    @staticmethod
    def failure(g, kind: str) -> None:
        g.say(f"15.17 Gekokujo became 15.15 Failure ({kind.title()}), suffered by the Axis, resolved now.",
              rule="15.17")
        g.goto("ds.15.15", "axis", n=15, recv="axis", stage="start", failure=kind)

    def prompt(self, g, f):
        if f["stage"] == "policy":
            return {"policy": self.policies(g.s)}
        if f["stage"] == "failure":
            return {"failure": ["command", "supply"]}
        return {}

    def text(self, g, f):
        if f["stage"] == "policy":
            return "15.17 Gekokujo: the Axis must end one Policy in the Posture Boxes (policy ID)"
        return "15.17 Gekokujo: no faction leads the Japanese Government: the Western faction selects the Failure " \
               "the Axis suffers (failure command|supply)"

    def why(self, g, f, verb, arg):
        if verb == "policy":
            return f"no Posture Box holds a {arg} Policy marker (15.17)"
        return None

    def act(self, g, f, verb, arg):
        if verb == "policy":
            g.say(f"The Axis ended the {arg} Policy.", faction="axis", rule="15.17")
            end_policy(g, 17, arg, "15.17")
            limited_war(g, 17)
            g.end()
        else:
            g.say(f"The Western faction selected a {arg.title()} Failure.", faction="western", rule="15.17")
            self.failure(g, arg)
