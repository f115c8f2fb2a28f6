"""The political events that act on the map and the Force Pools (batch "map"): 15.1, 15.2, 15.21, 15.33 here, with
the orders of the whole batch; 15.4, 15.20, 15.22, 15.35 in :mod:`.events_policies`; the map facts and the hex strike
15.1, 15.8 and 15.21 share (``ds.hex-strike``) in :mod:`.hex_strike`.

Each event is one procedure ``ds.15.N`` (:mod:`.event_base`); the faction the text names decides at stage
``choose`` (or a stage of the event's own), every "may" with its ``decline``, every "must do one of" without one;
an option is offered only where its conditions hold, and with none the event has no result, saying why. What the
events invoke from outside section 15 (4.2.6.2 step losses, 16.7 internment, Regular Combat, replacements, 13.7
activation) is the players' step (ruling R-15-outside). The map facts (a hex's country, Island, Port, Sea, within
nine hexes of a US Air Base) are the position's ``hexes``, as the umpire reads them off the map (ruling
R-15-hexes); a unit's class (colonial, Minor Country, multi-national) is read from its ``type`` and ``country``
(ruling R-15-unit-class).
"""

from __future__ import annotations

from ...core import notation
from ...core.grammar import Order
from .event_base import Event, no_result, register
from .hex_strike import AIR, FLEET, affected, chinese, hex_fact, in_hex, strike, strike_hexes
from .state import (
    ALLIED,
    FACTIONS,
    NAMES,
    TITLES,
    find,
    label,
    manual,
    move,
    players_step,
    where,
)

notation.declare(__name__, {"hex", "side", "step", "marker", "partisan", "attack", "support", "pair", "strike",
                            "government", "policy", "allow", "aid", "replacement", "port", "loc", "target", "activate",
                            "challenge", "decline"})

ORDERS = (
    Order("hex LABEL", "event: the map hex selected (15.1, 15.8, 15.21: the hex where the other faction must lose a "
          "step or a marker; 15.33: where the Atomic Devastation marker goes)", "15.1, 15.8, 15.21, 15.33"),
    Order("side western|soviet", "event: the Allied faction whose pieces in the hex selected are struck, where both "
          "have some (ruling R-15.21-side)", "15.21"),
    Order("step ID", "event: eliminate one step of this unit (15.1, 15.8, 15.21: a colonial or Minor Country step "
          "of the hex struck; 15.4: a Japanese Kwantung step)", "15.1, 15.4, 15.21"),
    Order("marker ID", "event: remove this Detachment or Logistics marker of the hex struck to the Delay Box (only "
          "where no step can be eliminated)", "15.1, 15.21"),
    Order("partisan ID", "event: place this Partisan Base marker in your Force Pool (not in Pre-War)", "15.1"),
    Order("attack", "event: 15.2 conduct one attack with a Japanese unit now (Regular Combat rules); 15.35 Attack!: "
          "a Blitz marker in your next Support Segment", "15.2, 15.35"),
    Order("support ID", "event: the Axis support unit taken from the Axis Force Pool to the Delay Box (Air) or the "
          "Naval Warfare Delay Box (Fleet)", "15.2"),
    Order("pair ID", "event: the Allied support unit of the same type, from an Allied Force Pool, placed in the same "
          "Delay Box", "15.2"),
    Order("strike", "event: flip the Axis CV Fleet to its CV Strike side and place it in the Delay Box (unpaired)",
          "15.2"),
    Order("government", "event: place the Japanese Government marker from its Holding Box in the Delay Box (Army "
          "leading: 15.4; Navy leading: 15.20)", "15.4, 15.20"),
    Order("policy ID", "event: end this Policy (13.6.1.2): its markers leave every Posture Box", "15.4, 15.20, 15.35"),
    Order("allow", "event: allow the Western faction to perform Military Aid (15.23)", "15.20"),
    Order("replacement", "event: the Axis receives and places one Japanese colonial or Axis Minor Country "
          "replacement step", "15.21"),
    Order("port LABEL", "event: a Port hex in an active Chinese Country not a PAC: a Japanese Detachment marker is "
          "placed there and Chinese units there are interned (16.7), unless a non-Chinese Allied ground unit is there",
          "15.21"),
    Order("loc ID", "event: place this LOC Damaged marker in the Strategic Warfare Box", "15.22"),
    Order("aid ID", "event: place this Aid to China marker (Allied Conditional Events Box or Turn Track) in the Delay "
          "Box", "15.22"),
    Order("target ID", "event: the Axis ground unit, Detachment or Logistics marker of the A-bomb's hex eliminated",
          "15.33"),
    Order("activate ID", "event: Declare War: activate this Neutral Country as an Axis Country", "15.35"),
    Order("challenge ID", "event declared: the Country named on the card (a Posture Box) of 15.35 Successful "
          "Challenge [Country]", "15.35"),
)
# 15.1 ---------------------------------------------------------------------------------------------------------


@register
class AlliesSupportResistance(Event):
    """15.1: received by the Axis, an unmodified die names the Allied faction (1-3 Western, 4-6 Soviet); that
    faction (or the Allied faction that received it) may place a Partisan Base marker in its Force Pool (not in
    Pre-War; ruling R-15.1-partisan) or select a hex to strike (:class:`HexStrike`), or decline."""

    n = 1

    @staticmethod
    def options(s: dict, side: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        bases = find(s, type_="partisan-base", owner=side, at="off")
        if bases and s["war"] != "pre-war":
            out["partisan"] = bases
        hexes = strike_hexes(s, "axis")
        if hexes:
            out["hex"] = hexes
        return out

    def begin(self, g, f):
        s = g.s
        if f["recv"] == "axis":
            r = g.roll("15.1 Allies Support Resistance: the Allied faction (unmodified)")
            side = "western" if r <= 3 else "soviet"
            g.say(f"The Axis received Allies Support Resistance: the unmodified die rolled {r}, so "
                  f"{NAMES[side]} may apply one option (1-3 Western, 4-6 Soviet).", rule="15.1", kind="roll")
        else:
            side = f["recv"]
        f["side"] = side
        if not self.options(s, side):
            pre = " (Pre-War is in effect: no Partisan Base)" if s["war"] == "pre-war" else ""
            no_result(g, f, f"{NAMES[side]} has no Partisan Base marker out of play to take{pre} and no hex holds an "
                            f"Axis Detachment or Logistics marker outside an Island hex, colonial unit, Minor Country "
                            f"unit or multi-national unit holding one")
            return
        self.ask(f, side)

    def prompt(self, g, f):
        return {**self.options(g.s, f["side"]), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        opts = self.options(g.s, f["side"])
        said = []
        if "partisan" in opts:
            said.append("(partisan ID) place a Partisan Base marker in its Force Pool")
        if "hex" in opts:
            said.append("(hex LABEL) select a hex where the Axis must lose a colonial or Minor Country step or a "
                        "Detachment or Logistics marker")
        return f"15.1 Allies Support Resistance: {NAMES[f['side']]} may {', or '.join(said)}, or decline"

    def why(self, g, f, verb, arg):
        s = g.s
        if verb == "partisan":
            if s["war"] == "pre-war":
                return "Pre-War is in effect: no Partisan Base marker may be placed (15.1)"
            return (f"{arg} is not a Partisan Base marker of {NAMES[f['side']]} out of play (15.1; ruling "
                    f"R-15.1-partisan)")
        if verb == "hex":
            return (f"hex {arg} holds no Axis Detachment or Logistics marker outside an Island hex, colonial unit, "
                    f"Minor Country unit or multi-national unit holding one (15.1; ruling R-15-hexes)")
        return None

    def act(self, g, f, verb, arg):
        side = f["side"]
        if verb == "partisan":
            move(g.s, arg, "pool")
            g.say(f"{TITLES[side]} placed {label(g.s, arg)} in its Force Pool.", faction=side, rule="15.1")
            g.end()
        elif verb == "hex":
            strike(g, 1, side, "axis", arg)
        else:
            g.say(f"{TITLES[side]} declined Allies Support Resistance.", faction=side, rule="15.1")
            g.end()


# 15.2 ---------------------------------------------------------------------------------------------------------


def delay_box(p: dict) -> str:
    return "delay" if p["type"] in AIR else "naval-delay"


@register
class Banzai(Event):
    """15.2: the Axis must conduct one attack with a Japanese unit now (Regular Combat: the players' step), or put
    an Axis Air or Fleet unit of its Force Pool in the Delay Box (Air) or Naval Warfare Delay Box (Fleet; ruling
    R-15.2-types), then may pair it with an Allied support unit of the same type from an Allied Force Pool, not of
    a TAC or PAC (ruling R-15-affected); an unpaired CV Fleet may go to the Delay Box on its CV Strike side."""

    n = 2

    @staticmethod
    def options(s: dict) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        if find(s, kind="ground", owner="axis", country="japan", at="map"):
            out["attack"] = []
        units = [pid for pid in find(s, kind="support", owner="axis", at="pool") if s["pieces"][pid]["type"] in
                 AIR + FLEET]
        if units:
            out["support"] = units
        return out

    @staticmethod
    def pairs(s: dict, pid: str) -> list[str]:
        t = s["pieces"][pid]["type"]
        return [q for x in ALLIED for q in find(s, kind="support", type_=t, owner=x, at="pool")
                if not affected(s, s["pieces"][q].get("country"), "pac")
                and not affected(s, s["pieces"][q].get("country"), "tac")]

    def begin(self, g, f):
        if not self.options(g.s):
            no_result(g, f, "no Japanese ground unit is on the map to attack and the Axis Force Pool holds no Air or "
                            "Fleet support unit")
            return
        f["unit"] = None
        self.ask(f, "axis")

    def prompt(self, g, f):
        if f["stage"] == "choose":
            return self.options(g.s)
        if f["stage"] == "pair":
            out: dict[str, list[str]] = {}
            pairs = self.pairs(g.s, f["unit"])
            if pairs:
                out["pair"] = pairs
            if g.s["pieces"][f["unit"]]["type"] == "cv-fleet":
                out["strike"] = []
            return {**out, "decline": []}
        return {}

    def text(self, g, f):
        if f["stage"] == "pair":
            s, pid = g.s, f["unit"]
            box = "Delay Box" if delay_box(s["pieces"][pid]) == "delay" else "Naval Warfare Delay Box"
            said = []
            if self.pairs(s, pid):
                said.append(f"(pair ID) pair {label(s, pid)} with an Allied support unit of the same type from an "
                            f"Allied Force Pool")
            if s["pieces"][pid]["type"] == "cv-fleet":
                said.append(f"(strike) flip {label(s, pid)} to its CV Strike side and place it alone in the Delay Box")
            return (f"15.2 Banzai!: the Axis may {', or '.join(said)}, or decline: {label(s, pid)} goes alone to the "
                    f"{box}")
        opts = self.options(g.s)
        said = []
        if "attack" in opts:
            said.append("(attack) conduct one attack that includes a Japanese unit now")
        if "support" in opts:
            said.append("(support ID) place an Axis Air or Fleet unit of its Force Pool in delay")
        return f"15.2 Banzai!: the Axis must {', or '.join(said)}"

    def why(self, g, f, verb, arg):
        s = g.s
        p = s["pieces"].get(arg or "")
        if verb == "attack":
            return "no Japanese ground unit is on the map to attack with (15.2)"
        if verb == "support" and p is not None:
            if p["owner"] != "axis" or p["at"] != "pool" or p["kind"] != "support":
                return f"{arg} is not an Axis support unit in the Axis Force Pool (it is in {where(p)}) (15.2)"
            return f"{arg} is a {p['type']}, neither an Air nor a Fleet unit (15.2; ruling R-15.2-types)"
        if verb == "pair" and p is not None and f.get("unit"):
            t = s["pieces"][f["unit"]]["type"]
            if p["type"] != t:
                return f"{arg} is a {p['type']}, not a {t} like {f['unit']}: the same type only (15.2)"
            if p["owner"] not in ALLIED or p["at"] != "pool":
                return f"{arg} is not in an Allied Force Pool (it is in {where(p)}) (15.2)"
            return (f"{arg} belongs to a Truce or Policy Affected Country ({p.get('country')}) (15.2; ruling "
                    f"R-15-affected)")
        if verb == "strike":
            return "only a CV Fleet flips to its CV Strike side (15.2)"
        return None

    def act(self, g, f, verb, arg):
        s = g.s
        if verb == "attack":
            g.say("The Axis chose to conduct one attack that includes a Japanese unit.", faction="axis", rule="15.2")
            players_step(g, 2, "the Axis conducts one attack that includes a Japanese unit now, resolved by the Regular "
                               "Combat Segment rules", "the Regular Combat Segment (15.2)")
            g.end()
        elif verb == "support":
            f["unit"] = arg
            g.say(f"The Axis took {label(s, arg)} from its Force Pool.", faction="axis", rule="15.2")
            if not self.pairs(s, arg) and s["pieces"][arg]["type"] != "cv-fleet":
                g.say("No Allied support unit of the same type, not of a TAC or PAC, is in an Allied Force Pool to "
                      "pair with it.", rule="15.2")
                self._place(g, arg)
                g.end()
            else:
                self.ask(f, "axis", "pair")
        elif verb == "pair":
            self._place(g, f["unit"])
            self._place(g, arg)
            g.end()
        elif verb == "strike":
            s["pieces"][f["unit"]]["side"] = "cv-strike"
            move(s, f["unit"], "delay")
            g.say(f"The Axis flipped {label(s, f['unit'])} to its CV Strike side and placed it in the Delay Box.",
                  faction="axis", rule="15.2")
            g.end()
        else:
            self._place(g, f["unit"])
            g.end()

    @staticmethod
    def _place(g, pid: str) -> None:
        s = g.s
        box = delay_box(s["pieces"][pid])
        owner = s["pieces"][pid]["owner"]
        move(s, pid, box)
        g.say(f"{label(s, pid)} was placed from {NAMES[owner]}'s Force Pool in the "
              f"{'Delay Box' if box == 'delay' else 'Naval Warfare Delay Box'}.", faction="axis", rule="15.2")


# 15.21 --------------------------------------------------------------------------------------------------------


def port_hexes(s: dict) -> list[str]:
    """The Port hexes of an active Chinese Country that is not a PAC (the position's ``hexes``)."""
    out = []
    for h in sorted(s["hexes"]):
        cid = hex_fact(s, h, "country")
        if not hex_fact(s, h, "port") or not chinese(s, cid) or affected(s, cid, "pac"):
            continue
        if cid in s["countries"] and s["countries"][cid]["status"] not in FACTIONS:
            continue
        out.append(h)
    return out


def chinese_unit(s: dict, p: dict) -> bool:
    return chinese(s, p.get("country"))


@register
class JapanSupportsNationalists(Event):
    """15.21: whoever received it, the Axis may receive and place one Japanese colonial or Axis Minor Country
    replacement step (the players' step), select a Port hex of an active Chinese Country not a PAC (a Japanese
    Detachment placed and the Chinese units interned, 16.7, unless a non-Chinese Allied ground unit is there), or
    select a hex to strike against the Allied factions (:class:`HexStrike`), or decline."""

    n = 21

    @staticmethod
    def options(s: dict) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"replacement": []}
        ports = port_hexes(s)
        if ports:
            out["port"] = ports
        hexes = strike_hexes(s, "allied")
        if hexes:
            out["hex"] = hexes
        return out

    def begin(self, g, f):
        self.ask(f, "axis")

    def prompt(self, g, f):
        return {**self.options(g.s), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        opts = self.options(g.s)
        said = ["(replacement) receive and place one Japanese colonial or Axis Minor Country replacement step"]
        if "port" in opts:
            said.append("(port LABEL) place a Japanese Detachment in a Port hex of an active Chinese Country not a PAC")
        if "hex" in opts:
            said.append("(hex LABEL) select a hex where an Allied faction must lose a colonial or Minor Country step "
                        "or a Detachment or Logistics marker")
        return f"15.21 Japan Supports Nationalists: the Axis may {', or '.join(said)}, or decline"

    def why(self, g, f, verb, arg):
        if verb == "port":
            return (f"hex {arg} is not a Port hex of an active Chinese Country that is not a PAC, as the position's hexes "
                    f"say (15.21; ruling R-15-hexes)")
        if verb == "hex":
            return (f"hex {arg} holds no Allied Detachment or Logistics marker outside an Island hex, colonial unit, "
                    f"Minor Country unit or multi-national unit holding one (15.21; ruling R-15-hexes)")
        return None

    def act(self, g, f, verb, arg):
        if verb == "replacement":
            g.say("The Axis chose to receive one Japanese colonial or Axis Minor Country replacement step.",
                  faction="axis", rule="15.21")
            players_step(g, 21, "the Axis receives and places one Japanese colonial or Axis Minor Country replacement "
                                "step", "replacements (15.21; ruling R-15.21-replacement)")
        elif verb == "port":
            self._port(g, arg)
        elif verb == "hex":
            strike(g, 21, "axis", "allied", arg)
            return
        else:
            g.say("The Axis declined Japan Supports Nationalists.", faction="axis", rule="15.21")
        g.end()

    @staticmethod
    def _port(g, h: str) -> None:
        s = g.s
        g.say(f"The Axis selected the Port hex {h}.", faction="axis", rule="15.21")
        here = find(s, kind="ground", at="map", hex=h)
        blocking = [pid for pid in here if s["pieces"][pid]["owner"] in ALLIED
                    and not chinese_unit(s, s["pieces"][pid])]
        if blocking:
            g.say(f"Hex {h} holds a non-Chinese Allied ground unit ({', '.join(label(s, p) for p in blocking)}): no "
                  f"Japanese Detachment is placed and no unit interned.", rule="15.21")
            return
        markers = (find(s, type_="detachment", owner="axis", country="japan", at="pool")
                   or find(s, type_="detachment", owner="axis", country="japan", at="off"))
        if not markers:
            manual(g, 21, f"a Japanese Detachment marker is to be placed in hex {h} and the position holds none in the "
                          f"Axis Force Pool or out of play", "15.21")
        else:
            move(s, markers[0], "map", hex=h)
            g.say(f"The Axis placed {label(s, markers[0])} in hex {h}.", faction="axis", rule="15.21")
        interned = [pid for pid in in_hex(s, h) if s["pieces"][pid]["kind"] == "ground"
                    and chinese_unit(s, s["pieces"][pid])]
        if interned:
            players_step(g, 21, f"the Chinese units in hex {h} are interned: {', '.join(label(s, p) for p in interned)}",
                         "16.7")
        else:
            g.say(f"No Chinese unit is in hex {h} to intern.", rule="15.21")


# 15.33 --------------------------------------------------------------------------------------------------------


def a_bomb_hexes(s: dict) -> list[str]:
    """The hexes the position marks within nine hexes of a US Air Base, not Sea, not in a Neutral Minor Country."""
    out = []
    for h in sorted(s["hexes"]):
        if not hex_fact(s, h, "near_us_air_base") or hex_fact(s, h, "sea"):
            continue
        c = s["countries"].get(hex_fact(s, h, "country") or "")
        if c is not None and c["kind"] == "minor" and c["status"] == "neutral":
            continue
        out.append(h)
    return out


@register
class ProjectSuccessABomb(Event):
    """15.33: unless the US is a TAC, the Western faction must place an Atomic Devastation marker in a Land hex
    within nine hexes of a US Air Base outside a Neutral Minor Country (the position's ``hexes``, ruling
    R-15-hexes), and may eliminate one Axis ground unit, Detachment or Logistics marker there (ruling
    R-15.33-enemy): with a Delay Stripe to the Delay Box, else to its Force Pool."""

    n = 33

    @staticmethod
    def targets(s: dict, h: str) -> list[str]:
        return [pid for pid in find(s, owner="axis", at="map", hex=h)
                if s["pieces"][pid]["kind"] == "ground" or s["pieces"][pid]["type"] in ("detachment", "logistics")]

    def begin(self, g, f):
        s = g.s
        if "us" not in s["countries"] and "us" not in s["postures"]:
            manual(g, 33, "15.33 asks whether the US is a TAC and the position has no US Posture Box", "15.33")
            return
        if affected(s, "us", "tac"):
            no_result(g, f, "the US is a TAC (ruling R-15-affected)")
            return
        markers = find(s, type_="atomic-devastation", at="off")
        if not markers:
            manual(g, 33, "the Western faction is to place an Atomic Devastation marker and the position holds none out "
                          "of play", "15.33")
            return
        if not a_bomb_hexes(s):
            manual(g, 33, "the Western faction is to place an Atomic Devastation marker and the position's hexes name "
                          "no Land hex within nine hexes of a US Air Base outside a Neutral Minor Country (ruling "
                          "R-15-hexes)", "15.33")
            return
        f["marker"] = markers[0]
        self.ask(f, "western", "place")

    def prompt(self, g, f):
        if f["stage"] == "place":
            return {"hex": a_bomb_hexes(g.s)}
        if f["stage"] == "choose":
            return {"target": self.targets(g.s, f["hex"]), "decline": []}
        return {}

    def text(self, g, f):
        if f["stage"] == "place":
            return ("15.33 Project Success: A-bomb: the Western faction must place an Atomic Devastation marker in a "
                    "Land hex within nine hexes of a US Air Base, not in a Neutral Minor Country: (hex LABEL)")
        return (f"15.33 Project Success: A-bomb: the Western faction may (target ID) eliminate one Axis ground unit, "
                f"Detachment or Logistics marker in hex {f['hex']}, or decline")

    def why(self, g, f, verb, arg):
        if verb == "hex":
            return (f"hex {arg} is not marked by the position as a Land hex within nine hexes of a US Air Base outside a "
                    f"Neutral Minor Country (15.33; ruling R-15-hexes)")
        if verb == "target":
            p = g.s["pieces"].get(arg or "")
            at = f" (it is in {where(p)})" if p else ""
            return (f"{arg} is not an Axis ground unit, Detachment or Logistics marker in hex {f.get('hex')}{at} "
                    f"(15.33; ruling R-15.33-enemy)")
        return None

    def act(self, g, f, verb, arg):
        s = g.s
        if verb == "hex":
            f["hex"] = arg
            move(s, f["marker"], "map", hex=arg)
            g.say(f"The Western faction placed {label(s, f['marker'])} in hex {arg}; the placement cannot be "
                  f"contested.", faction="western", rule="15.33")
            if self.targets(s, arg):
                self.ask(f, "western")
            else:
                g.say(f"No Axis ground unit, Detachment or Logistics marker is in hex {arg}.", rule="15.33")
                g.end()
            return
        if verb == "target":
            p = s["pieces"][arg]
            box = "delay" if p.get("delay_stripe") else "pool"
            held = find(s, at="holding", **{"in": arg})
            move(s, arg, box)
            stripe = "with a Delay Stripe, to the Delay Box" if box == "delay" else "without a Delay Stripe, to its Force Pool"
            g.say(f"The Western faction eliminated {label(s, arg)} in hex {f['hex']} ({stripe}).", faction="western",
                  rule="15.33")
            for h in held:
                move(s, h, "eliminated")
            if held:
                players_step(g, 33, f"{', '.join(label(s, h) for h in held)}, in the Holding Box of {label(s, arg)}, "
                                    f"left the map with it: where they go per 4.2.6.2", "4.2.6.2")
        else:
            g.say("The Western faction declined to eliminate a unit or marker in the A-bomb's hex.",
                  faction="western", rule="15.33")
        g.end()
