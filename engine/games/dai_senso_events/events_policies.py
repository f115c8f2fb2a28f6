"""The political events that end Policies or place markers by the Current Card (batch "map"): 15.4 Border
Incident, 15.20 International Incident, 15.22 LOC Damaged, 15.35 Successful Challenge [Country]. Their orders
are listed with the batch's (:mod:`.events_map`).
"""

from __future__ import annotations

from ...core.errors import RulesBugError
from .event_base import Event, Field, field, no_result, register
from .state import (
    ALLIED,
    NAMES,
    TITLES,
    activate,
    end_policy,
    find,
    label,
    lose_step,
    manual,
    move,
    where,
)

# 15.4, 15.20 --------------------------------------------------------------------------------------------------


class Incident(Event):
    """15.4 and 15.20: No Result under the text's Postures; else the Axis must end a Policy of three Posture Boxes,
    or take the event's second option, or place the Government marker, led by the side named, in the Delay Box."""

    #: The Posture Box whose Neutrality is No Result, then the two others (all three at War: No Result).
    boxes: tuple[str, ...] = ()
    leader = "army"

    def second(self, s: dict) -> dict[str, list[str]]:
        return {}

    def options(self, s: dict) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        policies = sorted({p for c in self.boxes for p in s["postures"][c]["policies"]})
        if policies:
            out["policy"] = policies
        out.update(self.second(s))
        gov = s["government"]
        if gov["box"] == "holding" and gov["side"] == self.leader:
            out["government"] = []
        return out

    def begin(self, g, f):
        s = g.s
        missing = [c for c in self.boxes if c not in s["postures"]]
        if missing:
            manual(g, self.n, f"15.{self.n} reads the Postures of {', '.join(self.boxes)} and the position has no "
                              f"Posture Box for {', '.join(missing)}", f"15.{self.n}")
            return
        postures = {c: s["postures"][c]["posture"] for c in self.boxes}
        if postures[self.boxes[0]] == "neutrality":
            no_result(g, f, f"{self.boxes[0]} has a Posture of Neutrality")
            return
        if all(p == "war" for p in postures.values()):
            no_result(g, f, f"{', '.join(self.boxes)} all have a Posture of War")
            return
        if not self.options(s):
            no_result(g, f, self.nothing(s))
            return
        self.ask(f, "axis")

    def nothing(self, s: dict) -> str:
        return ""

    def prompt(self, g, f):
        return self.options(g.s) if f["stage"] == "choose" else {}

    def why(self, g, f, verb, arg):
        gov = g.s["government"]
        if verb == "policy":
            return f"{arg} is no Policy in the {', '.join(self.boxes)} Posture Boxes (15.{self.n})"
        if verb == "government":
            where_ = "its Holding Box" if gov["box"] == "holding" else "the Delay Box"
            return (f"the Japanese Government marker is on its {gov['side'].title()} side in {where_}: only with the "
                    f"{self.leader.title()} leading the government (15.{self.n})")
        return None

    def act(self, g, f, verb, arg):
        if verb == "policy":
            g.say(f"The Axis chose to end the {arg} Policy.", faction="axis", rule=f"15.{self.n}")
            end_policy(g, self.n, arg, f"15.{self.n}")
        elif verb == "government":
            g.s["government"]["box"] = "delay"
            g.say(f"The Axis removed the {self.leader.title()} Government marker from its Holding Box to the Delay "
                  f"Box.", faction="axis", rule=f"15.{self.n}")
        else:
            self.other(g, f, verb, arg)
            return
        g.end()

    def other(self, g, f, verb, arg) -> None:
        raise RulesBugError(f"15.{self.n} has no option {verb!r}")


@register
class BorderIncident(Incident):
    """15.4: the Axis must end a Policy in the Russian or Chinese Posture Boxes, eliminate one Japanese Kwantung
    step on the map, or place the Army Government marker in the Delay Box."""

    n = 4
    boxes = ("russia", "communist-china", "nationalist-china")
    leader = "army"

    def second(self, s):
        units = find(s, kind="ground", type_="kwantung", owner="axis", at="map")
        return {"step": units} if units else {}

    def nothing(self, s):
        return ("no Policy is in the Russian or Chinese Posture Boxes, no Japanese Kwantung unit is on the map and the "
                "Army does not lead the government")

    def text(self, g, f):
        opts = self.options(g.s)
        said = []
        if "policy" in opts:
            said.append("(policy ID) end one Policy in the Russian, Communist or Nationalist Chinese Posture Box")
        if "step" in opts:
            said.append("(step ID) eliminate one Japanese Kwantung step on the map")
        if "government" in opts:
            said.append("(government) place the Army Government marker in the Delay Box")
        return f"15.4 Border Incident: the Axis must {', or '.join(said)}"

    def why(self, g, f, verb, arg):
        if verb == "step":
            p = g.s["pieces"].get(arg or "")
            at = f" (it is in {where(p)})" if p else ""
            return f"{arg} is not a Japanese Kwantung unit on the map{at} (15.4)"
        return super().why(g, f, verb, arg)

    def other(self, g, f, verb, arg):
        g.say(f"The Axis chose to eliminate a Kwantung step of {label(g.s, arg)}.", faction="axis", rule="15.4")
        lose_step(g, 4, arg, "15.4")
        g.end()


@register
class InternationalIncident(Incident):
    """15.20: the Axis must end a Policy in the British, US or Nationalist Chinese Posture Box, allow the Western
    faction to perform Military Aid (15.23, whose frame replaces this one), or place the Navy Government marker in
    the Delay Box."""

    n = 20
    boxes = ("britain", "nationalist-china", "us")
    leader = "navy"

    def second(self, s):
        return {"allow": []}

    def text(self, g, f):
        opts = self.options(g.s)
        said = []
        if "policy" in opts:
            said.append("(policy ID) end one Policy in the British, US or Nationalist Chinese Posture Box")
        said.append("(allow) allow the Western faction to perform Military Aid, 15.23")
        if "government" in opts:
            said.append("(government) place the Navy Government marker in the Delay Box")
        return f"15.20 International Incident: the Axis must {', or '.join(said)}"

    def other(self, g, f, verb, arg):
        g.say("The Axis allowed the Western faction to perform Military Aid (15.23).", faction="axis", rule="15.20")
        g.goto("ds.15.23", "western", n=23, recv="western", stage="start")


# 15.22 --------------------------------------------------------------------------------------------------------


@register
class LocDamaged(Event):
    """15.22: with Axis Current Card 28a the Axis may place the US or British LOC Damaged marker in the Strategic
    Warfare Box; with 28b the Russian one, or an Aid to China marker (Allied Conditional Events Box or Turn Track)
    in the Delay Box; any other card, no result (ruling R-15.22-other-card)."""

    n = 22

    @staticmethod
    def countries(s: dict) -> tuple[str, ...]:
        card = s["cards"]["axis"]["current"]
        return {"28a": ("us", "britain"), "28b": ("russia",)}.get(card or "", ())

    def options(self, s: dict) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        locs = [pid for pid in find(s, type_="loc-damaged") if s["pieces"][pid]["country"] in self.countries(s)
                and s["pieces"][pid]["at"] != "strategic-warfare"]
        if locs:
            out["loc"] = locs
        if s["cards"]["axis"]["current"] == "28b":
            aid = [pid for pid in find(s, type_="aid-to-china") if s["pieces"][pid]["owner"] in ALLIED
                   and s["pieces"][pid]["at"] in ("conditional-events", "turn-track")]
            if aid:
                out["aid"] = aid
        return out

    def begin(self, g, f):
        s = g.s
        card = s["cards"]["axis"]["current"]
        wanted = self.countries(s)
        if not wanted:
            no_result(g, f, f"the Axis Current Card is {card or 'none'}, neither 28a East Wind Rain nor 28b North Wind "
                            f"Cloudy (ruling R-15.22-other-card)")
            return
        if not [p for p in find(s, type_="loc-damaged") if s["pieces"][p]["country"] in wanted] and card == "28a":
            manual(g, 22, "the position holds no US or British LOC Damaged marker to place", "15.22")
            return
        if not self.options(s):
            no_result(g, f, "the LOC Damaged markers it names are in the Strategic Warfare Box already"
                      + (" (or missing from the position) and no Aid to China marker is in an Allied Conditional "
                         "Events Box or on the Turn Track" if card == "28b" else ""))
            return
        self.ask(f, "axis")

    def prompt(self, g, f):
        return {**self.options(g.s), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        opts = self.options(g.s)
        said = []
        if "loc" in opts:
            said.append("(loc ID) place a LOC Damaged marker in the Strategic Warfare Box")
        if "aid" in opts:
            said.append("(aid ID) place an Aid to China marker in the Delay Box")
        return f"15.22 LOC Damaged: the Axis may {', or '.join(said)}, or decline"

    def why(self, g, f, verb, arg):
        p = g.s["pieces"].get(arg or "")
        if verb == "loc" and p is not None:
            names = " or ".join(self.countries(g.s))
            return (f"{arg} is not a {names} LOC Damaged marker outside the Strategic Warfare Box (it is in {where(p)}) "
                    f"(15.22)")
        if verb == "aid":
            if g.s["cards"]["axis"]["current"] != "28b":
                return "an Aid to China marker is placed only with 28b North Wind Cloudy as the Axis Current Card (15.22)"
            if p is not None:
                return (f"{arg} is not an Aid to China marker in an Allied Conditional Events Box or on the Turn Track "
                        f"(it is in {where(p)}) (15.22)")
        return None

    def act(self, g, f, verb, arg):
        s = g.s
        if verb == "loc":
            move(s, arg, "strategic-warfare")
            g.say(f"The Axis placed {label(s, arg)} in the Strategic Warfare Box.", faction="axis", rule="15.22")
        elif verb == "aid":
            was = where(s["pieces"][arg])
            move(s, arg, "delay")
            g.say(f"The Axis placed {label(s, arg)} from {was} in the Delay Box.", faction="axis", rule="15.22")
        else:
            g.say("The Axis declined LOC Damaged.", faction="axis", rule="15.22")
        g.end()


# 15.35 --------------------------------------------------------------------------------------------------------


def _box_name(s: dict, cid: str) -> str:
    return ((s["countries"].get(cid) or {}).get("name") or {"us": "US"}.get(cid)
            or cid.replace("-", " ").title())


CHALLENGE = field(Field("challenge", "Country named on the card", lambda s: sorted(s["postures"]),
                        lambda s, v: f"[{_box_name(s, v)}]",
                        lambda s, v, n: f"{v} has no Posture Box in the position: the Country named on the card of "
                                        f"15.35 is one with a Posture Box (15.35)"))


@register
class SuccessfulChallenge(Event):
    """15.35 Successful Challenge [Country]: the Allied faction that received it may place a Blitz marker in its
    next Support Segment, activate a Neutral Country as an Axis Country (Declare War), or end a Policy, not the
    Neutrality Policy, in the Posture Box of the Country named (all its markers leave every Posture Box), or
    decline. Received by the Axis, no result (ruling R-15.35-allied)."""

    n = 35
    needs = ("challenge",)

    @staticmethod
    def options(s: dict, box: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"attack": []}
        neutral = [c for c in sorted(s["countries"]) if s["countries"][c]["status"] == "neutral"]
        if neutral:
            out["activate"] = neutral
        policies = [p for p in s["postures"][box]["policies"] if p != "neutrality"]
        if policies:
            out["policy"] = policies
        return out

    def begin(self, g, f):
        if f["recv"] not in ALLIED:
            no_result(g, f, "the text gives Successful Challenge to the Allied faction that received it, and the Axis "
                            "received it (ruling R-15.35-allied)")
            return
        self.ask(f, f["recv"])

    def prompt(self, g, f):
        return {**self.options(g.s, f["challenge"]), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        opts = self.options(g.s, f["challenge"])
        said = ["(attack) place a Blitz marker in its next Support Segment"]
        if "activate" in opts:
            said.append("(activate ID) activate a Neutral Country as an Axis Country")
        if "policy" in opts:
            said.append(f"(policy ID) end a Policy in the {_box_name(g.s, f['challenge'])} Posture Box")
        return (f"15.35 Successful Challenge [{_box_name(g.s, f['challenge'])}]: {NAMES[f['recv']]} may "
                f"{', or '.join(said)}, or decline")

    def why(self, g, f, verb, arg):
        s = g.s
        if verb == "activate":
            c = s["countries"].get(arg or "")
            return (f"{arg} is not a Neutral Country of the position (15.35)" if c is None
                    else f"{c.get('name') or arg} is {c['status']}, not Neutral (15.35)")
        if verb == "policy":
            if arg == "neutrality":
                return "the Neutrality Policy cannot be ended (15.35)"
            return f"{arg} is no Policy in the {_box_name(s, f['challenge'])} Posture Box (15.35)"
        return None

    def act(self, g, f, verb, arg):
        s, side = g.s, f["recv"]
        if verb == "attack":
            s["blitz"][side]["next"] += 1
            g.say(f"{TITLES[side]} placed a Blitz marker in its next Support Segment (Attack!).", faction=side,
                  rule="15.35")
        elif verb == "activate":
            g.say(f"{TITLES[side]} chose Declare War on {s['countries'][arg].get('name') or arg}.", faction=side,
                  rule="15.35")
            activate(g, 35, arg, "axis", rule="15.35")
        elif verb == "policy":
            g.say(f"{TITLES[side]} chose to end the {arg} Policy in the {_box_name(s, f['challenge'])} Posture Box.",
                  faction=side, rule="15.35")
            end_policy(g, 35, arg, "15.35")
        else:
            g.say(f"{TITLES[side]} declined Successful Challenge.", faction=side, rule="15.35")
        g.end()
