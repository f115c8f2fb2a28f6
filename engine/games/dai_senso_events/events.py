"""The political events (15.3-15.36 implemented so far), one procedure each, named ``ds.15.N``.

A frame is pushed by the desk's ``resolve`` (:mod:`.desk`) with ``n``, ``recv`` (the faction that received the
event), ``country``, ``faction``, ``card`` and ``stage`` ``start``. At ``start`` the event's forced part runs at
once (:meth:`Event.begin`); where the text gives a faction a choice the frame waits at stage ``choose`` with that
faction as its role, and every "may" has its ``decline``. What the event invokes from outside section 15 is a
players' step, what the engine cannot adjudicate a manual ruling (:func:`.state.players_step`,
:func:`.state.manual`).
"""

from __future__ import annotations

from ...core import notation
from ...core.grammar import Order
from .event_base import Event, no_result, register
from .state import (
    ALLIED,
    NAMES,
    TITLES,
    activate,
    activate_allied,
    country_name,
    end_policy,
    enemy_influence,
    find,
    label,
    manual,
    move,
    players_step,
    where,
)

notation.declare(__name__, {"unit", "decline", "receive", "blitz", "flip", "interceptor", "prod"})

ORDERS = (
    Order("unit ID", "event: the unit the event moves (15.13 one box left on the Turn Track; 15.34 to the Delay "
          "Box)", "15.13, 15.34"),
    Order("receive ID", "event: the Axis receives this Japanese 0-2-1 HD infantry unit as a replacement", "15.18"),
    Order("flip", "event: flip the Japanese Government marker (Army <-> Navy)", "15.31"),
    Order("blitz", "event: place a Blitz marker in your Support Segment of the current turn", "15.24"),
    Order("interceptor ID", "event: add your Chinese Interceptor unit to the game in the Delay Box", "15.36"),
    Order("prod", "event: flip your Minor Country Prod marker to its +2 side", "15.36"),
    Order("decline", "event: do not take the event's optional action (the text says 'may')", "15"),
)


# 15.3 ---------------------------------------------------------------------------------------------------------


@register
class BasesDamaged(Event):
    """15.3: the Axis Current Card 28a places the Western Bases Damaged marker, 28b the Soviet one, in the Strategic
    Warfare Box; any other card, no result (ruling R-15.3-other-card)."""

    n = 3

    def begin(self, g, f):
        s = g.s
        card = s["cards"]["axis"]["current"]
        side = {"28a": "western", "28b": "soviet"}.get(card or "")
        if side is None:
            no_result(g, f, f"the Axis Current Card is {card or 'none'}, neither 28a East Wind Rain nor 28b North "
                            f"Wind Cloudy (ruling R-15.3-other-card)")
            return
        found = find(s, type_="bases-damaged", owner=side)
        if not found:
            manual(g, 3, f"the position holds no {side.title()} Bases Damaged marker to place", "15.3")
            return
        pid = found[0]
        if s["pieces"][pid]["at"] == "strategic-warfare":
            no_result(g, f, f"the {side.title()} Bases Damaged marker is in the Strategic Warfare Box already")
            return
        move(s, pid, "strategic-warfare")
        g.say(f"The {side.title()} Bases Damaged marker was placed in the Strategic Warfare Box (Axis Current Card "
              f"{card}; 14.4).", faction="axis", rule="15.3")


# 15.6, 15.31 --------------------------------------------------------------------------------------------------


def flip_government(g, rule: str) -> None:
    gov = g.s["government"]
    was = gov["side"]
    gov["side"] = "army" if was == "navy" else "navy"
    g.say(f"The Axis flipped the Japanese Government marker from its {was.title()} side to its "
          f"{gov['side'].title()} side.", faction="axis", rule=rule)


@register
class CabinetShuffle(Event):
    """15.6: the Government marker in its Holding Box must be flipped."""

    n = 6

    def begin(self, g, f):
        if g.s["government"]["box"] != "holding":
            no_result(g, f, "the Japanese Government marker is not in its Holding Box")
            return
        flip_government(g, "15.6")


@register
class PowerShift(Event):
    """15.31: the Axis may flip the Government marker in its Holding Box."""

    n = 31

    def begin(self, g, f):
        if g.s["government"]["box"] != "holding":
            no_result(g, f, "the Japanese Government marker is not in its Holding Box")
            return
        self.ask(f, "axis")

    def prompt(self, g, f):
        return {"flip": [], "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        side = g.s["government"]["side"]
        return (f"15.31 Power Shift: the Axis may flip the Japanese Government marker ({side.title()} side up) "
                f"(flip), or decline")

    def act(self, g, f, verb, arg):
        if verb == "flip":
            flip_government(g, "15.31")
        else:
            g.say("The Axis declined to flip the Japanese Government marker.", faction="axis", rule="15.31")
        g.end()


# 15.9, 15.11, 15.12, 15.16, 15.27 ------------------------------------------------------------------------------


def _held(s: dict, cid: str, markers) -> str | None:
    return next((m for m in s["countries"][cid]["markers"] if m in markers), None)


def _remove_marker(g, n: int, cid: str, marker: str) -> None:
    s = g.s
    s["countries"][cid]["markers"].remove(marker)
    g.say(f"The {marker.replace('-', ' ').title()} marker was removed from {country_name(s, cid)}.", rule=f"15.{n}")


@register
class CountryJoins(Event):
    """15.9 Country Joins [Faction]: without a Neutrality or enemy Influence marker the Minor Country is activated
    for the faction named; with one, the marker is removed (two hits; ruling R-15.9-enemy)."""

    n = 9
    needs = ("country", "faction")

    def begin(self, g, f):
        s, cid, side = g.s, f["country"], f["faction"]
        held = _held(s, cid, ("neutrality", *enemy_influence(side)))
        if held:
            _remove_marker(g, 9, cid, held)
            return
        activate(g, 9, cid, side, rule="15.9")


@register
class CoupDetat(Event):
    """15.11: received by an Allied faction, the country activates as Axis; by the Axis, as Allied per 13.5; never a
    Mobilization Roll."""

    n = 11
    needs = ("country",)

    def begin(self, g, f):
        if f["recv"] in ALLIED:
            activate(g, 11, f["country"], "axis", rule="15.11", mobilization=False)
        else:
            _activate_allied(g, 11, f["country"], mobilization=False)


def _activate_allied(g, n: int, cid: str, mobilization: bool = True) -> bool:
    return activate_allied(g, n, cid, rule=f"15.{n}", mobilization=mobilization)


@register
class DeclareWar(Event):
    """15.12: received by an Allied faction, the country activates as Axis; by the Axis, as Allied after 13.5, and
    a PAC's Policy ends (ruling R-13.6-pac)."""

    n = 12
    needs = ("country",)

    def begin(self, g, f):
        s, cid = g.s, f["country"]
        if f["recv"] in ALLIED:
            activate(g, 12, cid, "axis", rule="15.12")
            return
        policy = s["countries"][cid].get("policy") if s["countries"][cid].get("pac") else None
        if _activate_allied(g, 12, cid) and policy:
            g.say(f"{country_name(s, cid)} is a PAC ({policy}): that Policy ends.", rule="15.12")
            end_policy(g, 12, policy, "15.12")


@register
class FreePassage(Event):
    """15.16: without a Neutrality or enemy Influence marker the Minor Country activates as the receiver's, with a
    Free Passage marker instead of a Mobilizing marker and no Mobilization Roll; with one, the marker goes."""

    n = 16
    needs = ("country",)

    def begin(self, g, f):
        s, cid, side = g.s, f["country"], f["recv"]
        held = _held(s, cid, ("neutrality", *enemy_influence(side)))
        if held:
            _remove_marker(g, 16, cid, held)
            return
        activate(g, 16, cid, side, rule="15.16", mobilization=False, marker="free-passage")


@register
class Neutrality(Event):
    """15.27: an Influence marker is removed; with neither an Influence nor a Neutrality marker, a Neutrality marker
    is placed; with a Neutrality marker there is nothing to do."""

    n = 27
    needs = ("country",)

    def begin(self, g, f):
        s, cid = g.s, f["country"]
        held = _held(s, cid, ("influence-axis", "influence-western", "influence-soviet"))
        if held:
            _remove_marker(g, 27, cid, held)
        elif "neutrality" in s["countries"][cid]["markers"]:
            no_result(g, f, f"{country_name(s, cid)} holds a Neutrality marker already and no Influence marker")
        else:
            s["countries"][cid]["markers"].append("neutrality")
            g.say(f"A Neutrality marker was placed in {country_name(s, cid)}.", faction=f["recv"], rule="15.27")


# 15.13 ---------------------------------------------------------------------------------------------------------


@register
class DelayReduction(Event):
    """15.13: the receiver may move one of its units on the Turn Track one box left, never into the current turn
    (ruling R-15.13-friendly)."""

    n = 13

    @staticmethod
    def candidates(s: dict, side: str) -> list[str]:
        return [pid for pid in find(s, owner=side, at="turn-track")
                if s["pieces"][pid]["kind"] != "marker" and s["pieces"][pid]["turn"] - 1 > s["turn"]]

    def begin(self, g, f):
        if not self.candidates(g.s, f["recv"]):
            no_result(g, f, f"{NAMES[f['recv']]} has no unit on the Turn Track that can arrive sooner without "
                            f"arriving on the current turn ({g.s['turn']})")
            return
        self.ask(f, f["recv"])

    def prompt(self, g, f):
        return {"unit": self.candidates(g.s, f["recv"]), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        return (f"15.13 Delay Reduction: {NAMES[f['recv']]} may move one of its units on the Turn Track one box to "
                f"the left (unit ID), or decline")

    def why(self, g, f, verb, arg):
        p = g.s["pieces"].get(arg or "")
        if verb != "unit" or p is None:
            return None
        if p["owner"] != f["recv"] or p["kind"] == "marker":
            return f"{arg} is not a unit of {NAMES[f['recv']]} (15.13: a friendly unit; ruling R-15.13-friendly)"
        if p["at"] != "turn-track":
            return f"{arg} is in {where(p)}, not on the Turn Track (15.13)"
        return (f"{arg} arrives on turn {p['turn']}: one box left is the current turn {g.s['turn']}, where it cannot "
                f"be moved (15.13)")

    def act(self, g, f, verb, arg):
        if verb == "unit":
            p = g.s["pieces"][arg]
            was = p["turn"]
            move(g.s, arg, "turn-track", turn=was - 1)
            g.say(f"{TITLES[f['recv']]} moved {label(g.s, arg)} on the Turn Track from turn {was} to turn {was - 1}.",
                  faction=f["recv"], rule="15.13")
        else:
            g.say(f"{TITLES[f['recv']]} declined to move a unit on the Turn Track.", faction=f["recv"], rule="15.13")
        g.end()


# 15.18 ---------------------------------------------------------------------------------------------------------


@register
class HomeDefense(Event):
    """15.18: the Axis may receive one Japanese 0-2-1 HD infantry unit as a replacement; its placement is the
    players' step (ruling R-15.18-placement)."""

    n = 18

    @staticmethod
    def candidates(s: dict) -> list[str]:
        return find(s, kind="ground", type_="hd-infantry", owner="axis", at="off")

    def begin(self, g, f):
        if not self.candidates(g.s):
            no_result(g, f, "no Japanese 0-2-1 HD infantry unit is out of play to be received (the counter mix)")
            return
        self.ask(f, "axis")

    def prompt(self, g, f):
        return {"receive": self.candidates(g.s), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        return "15.18 Home Defense: the Axis may receive one Japanese 0-2-1 HD infantry unit (receive ID), or decline"

    def why(self, g, f, verb, arg):
        p = g.s["pieces"].get(arg or "")
        if verb == "receive" and p is not None:
            return f"{arg} is not a Japanese 0-2-1 HD infantry unit out of play (it is in {where(p)}) (15.18)"
        return None

    def act(self, g, f, verb, arg):
        if verb == "receive":
            move(g.s, arg, "pending")
            g.say(f"The Axis received {label(g.s, arg)} as a replacement.", faction="axis", rule="15.18")
            players_step(g, 18, f"the Axis places {label(g.s, arg)} as a replacement", "replacements (15.18)")
        else:
            g.say("The Axis declined the Japanese HD infantry unit.", faction="axis", rule="15.18")
        g.end()


# 15.23 ---------------------------------------------------------------------------------------------------------


@register
class MilitaryAid(Event):
    """15.23: cut off in the text (no options): a manual ruling (ruling R-15.23-manual)."""

    n = 23

    def begin(self, g, f):
        manual(g, 23, f"15.23 Military Aid for {NAMES[f['recv']]}: the text is cut off after 'The phasing faction may "
                      f"do one of the following:' and gives no option (ruling R-15.23-manual)", "15.23")


# 15.24 ---------------------------------------------------------------------------------------------------------


@register
class MilitaryTakeover(Event):
    """15.24: the Axis must place the Military Takeover marker, send the Government marker to the Delay Box, remove
    the Showa Restoration marker, replace Hakko Ichiu by the Japanese Mandate (ruling R-15.24-hakko), and may
    place a Blitz marker in its Support Segment of the current turn."""

    n = 24

    def begin(self, g, f):
        s = g.s
        mt = find(s, type_="military-takeover")
        if not mt:
            manual(g, 24, "the position holds no Military Takeover marker to place in the Strategic Warfare Box",
                   "15.24")
        elif s["pieces"][mt[0]]["at"] != "strategic-warfare":
            move(s, mt[0], "strategic-warfare")
            g.say("The Axis placed the Military Takeover marker in the Strategic Warfare Box.", faction="axis",
                  rule="15.24")
        else:
            g.say("The Military Takeover marker is in the Strategic Warfare Box already.", rule="15.24")
        if s["government"]["box"] == "holding":
            s["government"]["box"] = "delay"
            g.say("The Axis placed the Japanese Government marker in the Delay Box.", faction="axis", rule="15.24")
        for pid in find(s, type_="showa-restoration"):
            if s["pieces"][pid]["at"] in ("strategic-warfare", "turn-track"):
                at = where(s["pieces"][pid])
                move(s, pid, "removed")
                g.say(f"The Showa Restoration marker was removed from the game (it was in {at}).", rule="15.24")
        hakko = [pid for pid in find(s, type_="hakko-ichiu") if s["pieces"][pid]["at"] == "vp-track"]
        if hakko:
            mandate = find(s, type_="japanese-mandate")
            if not mandate:
                manual(g, 24, "the Hakko Ichiu marker is on the VP track and the position holds no Japanese Mandate "
                              "marker to replace it", "15.24")
            else:
                move(s, hakko[0], "off")
                move(s, mandate[0], "vp-track")
                g.say("The Japanese Mandate marker replaced the Hakko Ichiu marker on the VP track.", rule="15.24")
        self.ask(f, "axis")

    def prompt(self, g, f):
        return {"blitz": [], "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        return ("15.24 Military Takeover: the Axis may place a Blitz marker in its Support Segment of the current "
                "turn (blitz), or decline")

    def act(self, g, f, verb, arg):
        if verb == "blitz":
            g.s["blitz"]["axis"]["current"] += 1
            g.say("The Axis placed a Blitz marker in its Support Segment of the current turn.", faction="axis",
                  rule="15.24")
        else:
            g.say("The Axis declined to place a Blitz marker.", faction="axis", rule="15.24")
        g.end()


# 15.32 ---------------------------------------------------------------------------------------------------------

#: 15.32's lists: the unit and the marker tied to each Imperial Directive card.
DIRECTIVE_UNITS = {"52": "HQ [1G]", "53": "Scratch Convoy", "54": "Bomber [8]", "55": "Sub Fleet [6]",
                   "56": "Interceptor [7]", "57": "CV Fleet [8]"}
DIRECTIVE_MARKERS = {"52": "Chemical Weapons (14.8)", "53": "Convoy Strategy (14.10)",
                     "54": "Fujiyama Bomber Production (14.17)", "55": "I-boat Strategy (14.19)",
                     "56": "Jet Fighter Production (14.24)", "57": "Suicidal Raiders (14.41)"}


@register
class ProductionSuccess(Event):
    """15.32 Production Success [Type]: the first time for a card its unit, the second time its marker, goes to
    the Delay Box (ruling R-15.32-count)."""

    n = 32
    needs = ("card",)

    def begin(self, g, f):
        s, card = g.s, f["card"]
        times = s["production"].get(card, 0) + 1
        s["production"][card] = times
        tied = [pid for pid in find(s, directive=card)]
        if times == 1:
            what, pids = f"unit {DIRECTIVE_UNITS[card]}", [p for p in tied if s["pieces"][p]["kind"] != "marker"]
        elif times == 2:
            what, pids = f"marker {DIRECTIVE_MARKERS[card]}", [p for p in tied if s["pieces"][p]["kind"] == "marker"]
        else:
            manual(g, 32, f"Production Success for card {card} occurred a {times}th time, which 15.32 does not cover "
                          f"(ruling R-15.32-count)", "15.32")
            return
        if not pids:
            manual(g, 32, f"the position holds no {what} tied to card {card} to place in the Delay Box", "15.32")
            return
        move(s, pids[0], "delay")
        g.say(f"Production Success (card {card}), {'first' if times == 1 else 'second'} time: {label(s, pids[0])}, "
              f"the card's {what}, was placed in the Delay Box.", faction=f["recv"], rule="15.32")


# 15.34 ---------------------------------------------------------------------------------------------------------


@register
class RaidersDiscovered(Event):
    """15.34: the receiver must put a CV Fleet from its Force Pool in the Delay Box (never the Naval Warfare Delay
    Box); without one, another support unit of its Force Pool (ruling R-15.34-pool)."""

    n = 34

    @staticmethod
    def candidates(s: dict, side: str) -> tuple[list[str], bool]:
        cvs = find(s, kind="support", type_="cv-fleet", owner=side, at="pool")
        return (cvs, True) if cvs else (find(s, kind="support", owner=side, at="pool"), False)

    def begin(self, g, f):
        found, cv = self.candidates(g.s, f["recv"])
        if not found:
            no_result(g, f, f"{NAMES[f['recv']]} has no support unit in its Force Pool (ruling R-15.34-pool)")
        elif len(found) == 1:
            self._place(g, f, found[0], cv)
        else:
            self.ask(f, f["recv"])

    def _place(self, g, f, pid: str, cv: bool) -> None:
        move(g.s, pid, "delay")
        why = "" if cv else " (no CV Fleet in its Force Pool)"
        g.say(f"{TITLES[f['recv']]} placed {label(g.s, pid)} from its Force Pool in the Delay Box{why}.",
              faction=f["recv"], rule="15.34")

    def prompt(self, g, f):
        return {"unit": self.candidates(g.s, f["recv"])[0]} if f["stage"] == "choose" else {}

    def text(self, g, f):
        cv = self.candidates(g.s, f["recv"])[1]
        kind = "CV Fleet" if cv else "support unit (no CV Fleet is there)"
        return f"15.34 Raiders Discovered: {NAMES[f['recv']]} must place one {kind} of its Force Pool in the Delay Box"

    def why(self, g, f, verb, arg):
        p = g.s["pieces"].get(arg or "")
        if verb != "unit" or p is None:
            return None
        cv = self.candidates(g.s, f["recv"])[1]
        if p["owner"] != f["recv"] or p["at"] != "pool":
            return f"{arg} is not in {NAMES[f['recv']]}'s Force Pool (it is in {where(p)}) (15.34)"
        if cv:
            return f"{arg} is not a CV Fleet: a CV Fleet of the Force Pool goes first (15.34)"
        return f"{arg} is not a support unit (15.34)"

    def act(self, g, f, verb, arg):
        self._place(g, f, arg, self.candidates(g.s, f["recv"])[1])
        g.end()


# 15.36 ---------------------------------------------------------------------------------------------------------


@register
class SuccessfulImprovements(Event):
    """15.36: the faction may add its Chinese Interceptor to the game in the Delay Box, or flip its Minor Country
    Prod marker to +2 in the Strategic Warfare Box (ruling R-15.36-rolled)."""

    n = 36

    @staticmethod
    def options(s: dict, side: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        ids = find(s, kind="support", type_="chinese-interceptor", owner=side, at="off")
        if ids:
            out["interceptor"] = ids
        if [p for p in find(s, type_="minor-country-prod", owner=side, at="strategic-warfare")
                if s["pieces"][p].get("side") != "+2"]:
            out["prod"] = []
        return out

    def begin(self, g, f):
        if not self.options(g.s, f["recv"]):
            no_result(g, f, f"{NAMES[f['recv']]} has no Chinese Interceptor out of play and no Minor Country Prod "
                            f"marker to flip to +2 in the Strategic Warfare Box")
            return
        self.ask(f, f["recv"])

    def prompt(self, g, f):
        return {**self.options(g.s, f["recv"]), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        opts = self.options(g.s, f["recv"])
        said = []
        if "interceptor" in opts:
            said.append("add its Chinese Interceptor in the Delay Box (interceptor ID)")
        if "prod" in opts:
            said.append("turn its Minor Country Prod marker to its +2 side (prod)")
        return f"15.36 Successful Improvements: {NAMES[f['recv']]} may {', or '.join(said)}, or decline"

    def why(self, g, f, verb, arg):
        if verb == "interceptor":
            p = g.s["pieces"].get(arg or "")
            where_ = f" (it is in {where(p)})" if p else ""
            return f"{arg} is not {NAMES[f['recv']]}'s Chinese Interceptor out of play{where_} (15.36)"
        if verb == "prod":
            return (f"{NAMES[f['recv']]} has no Minor Country Prod marker in the Strategic Warfare Box below its +2 "
                    f"side (15.36)")
        return None

    def act(self, g, f, verb, arg):
        s, side = g.s, f["recv"]
        if verb == "interceptor":
            move(s, arg, "delay")
            g.say(f"{TITLES[side]} added {label(s, arg)} to the game in the Delay Box.", faction=side, rule="15.36")
        elif verb == "prod":
            pid = [p for p in find(s, type_="minor-country-prod", owner=side, at="strategic-warfare")
                   if s["pieces"][p].get("side") != "+2"][0]
            s["pieces"][pid]["side"] = "+2"
            g.say(f"{TITLES[side]} flipped {label(s, pid)} to its +2 side in the Strategic Warfare Box.",
                  faction=side, rule="15.36")
        else:
            g.say(f"{TITLES[side]} declined Successful Improvements.", faction=side, rule="15.36")
        g.end()
