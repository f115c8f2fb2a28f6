"""The political events that act on the map and the Force Pools (batch "map"): 15.1, 15.2, 15.4, 15.20, 15.21,
15.22, 15.33, 15.35, and the hex strike they share (``ds.hex-strike``).

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
from ...core.errors import RulesBugError
from ...core.flow import Procedure, procedure
from ...core.grammar import Order
from .data import EVENTS
from .event_base import Event, Field, field, no_result, register
from .state import (
    ALLIED,
    FACTIONS,
    NAMES,
    TITLES,
    activate,
    end_policy,
    find,
    label,
    lose_step,
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

#: The Posture Boxes of the Countries (not in ``countries``) that are Chinese Countries (digest B.2, audit B1).
CHINESE_BOXES = ("nationalist-china", "communist-china")
AIR = ("bomber", "interceptor", "chinese-interceptor", "air")
FLEET = ("cv-fleet", "surface-fleet", "sub-fleet")


# -- what the map and the pieces are (rulings R-15-hexes, R-15-unit-class, R-15-affected) -----------------------


def hex_fact(s: dict, h: str, key: str):
    """What the position's ``hexes`` say of hex *h* (ruling R-15-hexes): ``country`` or None, a flag or False."""
    return s["hexes"].get(h, {}).get(key, None if key == "country" else False)


def chinese(s: dict, cid: str | None) -> bool:
    """Whether *cid* is a Chinese Country: Nationalist or Communist China, or a country the position marks
    ``chinese``."""
    return cid in CHINESE_BOXES or bool(cid in s["countries"] and s["countries"][cid]["chinese"])


def affected(s: dict, cid: str | None, kind: str) -> bool:
    """Whether *cid* is a PAC (*kind* ``pac``) or a TAC (``tac``) (ruling R-15-affected): a country of ``countries``
    as the umpire marks it; a Country with a Posture Box only, when a Policy marker (PAC) or a Truce marker (TAC)
    is in its box."""
    if cid in s["countries"]:
        return bool(s["countries"][cid][kind])
    box = s["postures"].get(cid or "")
    if box is None:
        return False
    return bool(box["policies"]) if kind == "pac" else box["truce"] is not None


def minor_unit(s: dict, p: dict) -> bool:
    """A Minor Country unit (ruling R-15-unit-class): a ground unit of a Minor Country of the position, of
    Nationalist or Communist China, or whose type begins ``minor`` (a Minor Country the position does not list)."""
    c = s["countries"].get(p.get("country") or "")
    return p["kind"] == "ground" and (p["type"].startswith("minor") or p.get("country") in CHINESE_BOXES
                                      or (c is not None and c["kind"] == "minor"))


def colonial_unit(s: dict, p: dict) -> bool:
    """A colonial unit (ruling R-15-unit-class): a ground unit whose type begins ``colonial`` or of a Dependent."""
    c = s["countries"].get(p.get("country") or "")
    return p["kind"] == "ground" and (p["type"].startswith("colonial") or (c is not None and c["kind"] == "dependent"))


def in_hex(s: dict, h: str) -> list[str]:
    """The pieces on the map in hex *h*, and the units in the Holding Boxes of those."""
    here = find(s, at="map", hex=h)
    return here + [pid for pid in find(s, at="holding") if s["pieces"][pid]["in"] in here]


def map_hexes(s: dict) -> list[str]:
    return sorted({p["hex"] for p in s["pieces"].values() if p["at"] == "map"})


# -- the hex strike (15.1, 15.8 Guerrilla Warfare, 15.21) ------------------------------------------------------


def strike_steps(s: dict, h: str, side: str) -> list[str]:
    """*side*'s colonial or Minor Country units in hex *h*, on the map or in a Holding Box there."""
    return [pid for pid in in_hex(s, h) if s["pieces"][pid]["owner"] == side
            and (colonial_unit(s, s["pieces"][pid]) or minor_unit(s, s["pieces"][pid]))]


def strike_markers(s: dict, h: str, side: str) -> list[str]:
    """*side*'s Detachment and Logistics markers in hex *h*, unless *h* is an Island hex."""
    if hex_fact(s, h, "island"):
        return []
    return [pid for pid in find(s, at="map", hex=h, owner=side) if s["pieces"][pid]["type"] in ("detachment",
                                                                                                 "logistics")]


def strike_sides(s: dict, h: str, against: str) -> list[str]:
    """The factions among *against* (a faction, or ``allied``: either Allied faction) with a piece in hex *h* a
    strike can take."""
    sides = ALLIED if against == "allied" else (against,)
    return [x for x in sides if strike_steps(s, h, x) or strike_markers(s, h, x)]


def in_area(s: dict, h: str, where_: str | None) -> bool:
    """Whether hex *h* is where the strike may be: anywhere, or (``chinese``, 15.8 Guerrilla Warfare) in a Chinese
    Country or a Japanese Dependent, as the position's ``hexes`` say."""
    if where_ is None:
        return True
    if where_ != "chinese":
        raise RulesBugError(f"unknown hex-strike filter {where_!r}")
    cid = hex_fact(s, h, "country")
    return chinese(s, cid) or bool(cid in s["countries"] and s["countries"][cid]["japanese_dependent"])


def strike_hexes(s: dict, against: str, where_: str | None = None) -> list[str]:
    """The hexes that may be selected for a strike against *against* (see :class:`HexStrike`)."""
    return [h for h in map_hexes(s) if in_area(s, h, where_) and strike_sides(s, h, against)]


def _against_name(against: str) -> str:
    return "an Allied faction" if against == "allied" else NAMES[against]


@procedure
class HexStrike(Procedure):
    """The hex strike of 15.1, 15.8 (Guerrilla Warfare) and 15.21: the selecting faction selects a hex holding an
    enemy Detachment or Logistics marker (not in an Island hex), colonial unit, Minor Country unit, or multi-national
    unit with a Minor Country unit in its Holding Box; the faction that loses must eliminate one colonial or Minor
    Country step there (4.2.6.2, the players' step) or, only where no step can be, remove a marker to the Delay Box.

    Push it (``g.call`` or ``g.goto``) with role *by* and the locals: ``n`` (the event, 15.*n*, for the log),
    ``by`` (the selecting faction), ``against`` (the faction that loses: ``axis``, ``western``, ``soviet``, or
    ``allied`` for either Allied faction, 15.21), ``where`` (None, or ``chinese``: the hex must be in a Chinese
    Country or a Japanese Dependent, 15.8), ``hex`` (None: *by* selects it at stage ``select``; or a hex already
    selected, one of :func:`strike_hexes`) and ``stage`` ``start``. Stages: ``select`` (role *by*: ``hex``),
    ``side`` (role *by*: ``side``, when both Allied factions have pieces there, ruling R-15.21-side), ``strike``
    (role the loser: ``step`` or ``marker``; with one candidate it is taken without asking). It ends its frame when
    done (the caller resumes with no ``ret``); with no hex to select it says so and ends."""

    name = "ds.hex-strike"
    rule = "15.1"

    def step(self, g, f):
        if f["stage"] != "start":
            return False
        s = g.s
        f.setdefault("hex", None)
        f.setdefault("where", None)
        f["loser"] = None
        if f["hex"] is not None:
            if f["hex"] not in strike_hexes(s, f["against"], f["where"]):
                raise RulesBugError(f"hex {f['hex']} may not be struck against {f['against']}")
            self._aim(g, f)
            return True
        if not strike_hexes(s, f["against"], f["where"]):
            g.say(f"{TITLES[f['by']]} found no hex to select: no {_against_name(f['against'])} Detachment or Logistics "
                  f"marker outside an Island hex, colonial unit, Minor Country unit or multi-national unit holding "
                  f"one{' in a Chinese Country or Japanese Dependent' if f['where'] else ''}.", faction=f["by"],
                  rule=f"15.{f['n']}")
            g.end()
            return True
        f["stage"], f["role"] = "select", f["by"]
        return True

    def _aim(self, g, f) -> None:
        sides = strike_sides(g.s, f["hex"], f["against"])
        if len(sides) == 1:
            f["loser"] = sides[0]
            self._strike(g, f)
        else:
            f["stage"], f["role"] = "side", f["by"]

    @staticmethod
    def options(s: dict, f) -> tuple[str, list[str]]:
        """What the loser may lose: its steps there, else its markers (a step before a marker)."""
        steps = strike_steps(s, f["hex"], f["loser"])
        return ("step", steps) if steps else ("marker", strike_markers(s, f["hex"], f["loser"]))

    def _strike(self, g, f) -> None:
        verb, ids = self.options(g.s, f)
        if len(ids) == 1:
            self._apply(g, f, verb, ids[0])
            g.end()
        else:
            f["stage"], f["role"] = "strike", f["loser"]

    def _apply(self, g, f, verb: str, pid: str) -> None:
        s, rule, loser = g.s, f"15.{f['n']}", f["loser"]
        if verb == "step":
            g.say(f"{TITLES[loser]} must eliminate a colonial or Minor Country step in hex {f['hex']}: "
                  f"{label(s, pid)}.", faction=loser, rule=rule)
            lose_step(g, f["n"], pid, rule)
        else:
            move(s, pid, "delay")
            g.say(f"{TITLES[loser]} removed {label(s, pid)} from hex {f['hex']} to the Delay Box (no colonial or Minor "
                  f"Country step there).", faction=loser, rule=rule)

    def prompt(self, g, f):
        if f["stage"] == "select":
            return {"hex": strike_hexes(g.s, f["against"], f["where"])}
        if f["stage"] == "side":
            return {"side": strike_sides(g.s, f["hex"], f["against"])}
        if f["stage"] == "strike":
            verb, ids = self.options(g.s, f)
            return {verb: ids}
        return {}

    def text(self, g, f):
        n, title = f["n"], EVENTS[f["n"]]["title"]
        if f["stage"] == "select":
            area = " in a Chinese Country or Japanese Dependent" if f["where"] else ""
            return (f"15.{n} {title}: {NAMES[f['by']]} selects a hex{area} holding a {_against_name(f['against'])} "
                    f"Detachment or Logistics marker not on an Island, colonial unit, Minor Country unit or "
                    f"multi-national unit with one in its Holding Box: (hex LABEL)")
        if f["stage"] == "side":
            return (f"15.{n} {title}: both Allied factions have pieces to lose in hex {f['hex']}: {NAMES[f['by']]} "
                    f"names the one that loses (side western|soviet; ruling R-15.21-side)")
        verb, _ = self.options(g.s, f)
        what = ("(step ID) eliminate one colonial or Minor Country step" if verb == "step"
                else "(marker ID) remove a Detachment or Logistics marker to the Delay Box")
        return f"15.{n} {title}: {NAMES[f['loser']]} must {what} in hex {f['hex']}"

    def explain(self, g, f, verb, arg):
        s, n = g.s, f["n"]
        if verb == "hex" and f["stage"] == "select":
            area = " in a Chinese Country or Japanese Dependent" if f["where"] else ""
            return (f"hex {arg} holds no {_against_name(f['against'])} Detachment or Logistics marker outside an "
                    f"Island hex, colonial unit, Minor Country unit or multi-national unit holding one{area} "
                    f"(15.{n}; ruling R-15-hexes)")
        if verb == "side" and f["stage"] == "side":
            return f"{arg} has no piece to lose in hex {f['hex']} (15.{n})"
        if verb == "marker" and f["stage"] == "strike":
            return (f"a step must be eliminated before a marker is removed, and {NAMES[f['loser']]} has a colonial or "
                    f"Minor Country step in hex {f['hex']} (15.{n})")
        if verb in ("step", "marker") and f["stage"] == "strike":
            p = s["pieces"].get(arg or "")
            at = f" (it is in {where(p)})" if p else ""
            return f"{arg} is not {NAMES[f['loser']]}'s to lose in hex {f['hex']}{at} (15.{n})"
        return f"{verb} is not what 15.{n} asks for here (15.{n})"

    def act(self, g, f, verb, arg):
        if verb == "hex":
            f["hex"] = arg
            g.say(f"{TITLES[f['by']]} selected hex {arg}.", faction=f["by"], rule=f"15.{f['n']}")
            self._aim(g, f)
        elif verb == "side":
            f["loser"] = arg
            g.say(f"{TITLES[f['by']]} named {NAMES[arg]} to lose a piece in hex {f['hex']} (ruling R-15.21-side).",
                  faction=f["by"], rule=f"15.{f['n']}")
            self._strike(g, f)
        else:
            self._apply(g, f, verb, arg)
            g.end()


def strike(g, n: int, by: str, against: str, h: str) -> None:
    """Replaces event 15.*n*'s frame by the hex strike of hex *h* selected by *by*."""
    g.say(f"{TITLES[by]} selected hex {h}.", faction=by, rule=f"15.{n}")
    g.goto("ds.hex-strike", by, n=n, by=by, against=against, where=None, hex=h, stage="start")


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
