"""15.14 European Commitment (batch "options"; 15.14.1 in DS, 15.14.2 in AE): its orders are listed with the
batch's (:mod:`.events_options`)."""


from __future__ import annotations

from ...core.ruling_choice import chosen
from .event_base import Event, no_result, register
from .postures import MAJOR
from .state import (
    ALLIED,
    NAMES,
    TITLES,
    find,
    label,
    move,
    where,
)

# 15.14 ---------------------------------------------------------------------------------------------------------


def loc_damaged(s: dict) -> set[str]:
    """The countries with an LOC Damaged marker in the Strategic Warfare Box (15.14)."""
    return {s["pieces"][p].get("country") for p in find(s, type_="loc-damaged", at="strategic-warfare")}


@register
class EuropeanCommitment(Event):
    """15.14: in DS (15.14.1) by the European War Status of the Allied faction performing it (No War: it may move a
    unit from the European Holding Box to the Delay Box; Limited or Total War: steps 1 and 2, unmodified rolls);
    in AE (15.14.2) it may move a support unit of its Force Pool to the Delay Box on the TK map. A support unit of
    a country with an LOC Damaged marker cannot be selected. Received by the Axis: no result (ruling
    R-15.14-axis); the ESV per faction or shared (ruling R-ESV)."""

    n = 14

    def begin(self, g, f):
        s, side = g.s, f["recv"]
        if side not in ALLIED:
            no_result(g, f, "European Commitment is performed by an Allied faction and the Axis received it "
                            "(ruling R-15.14-axis)")
            return
        if s["mode"] == "AE":
            if not self.units(s, side, "ae"):
                no_result(g, f, f"{NAMES[side]} has no support unit in its Force Pool that may be selected "
                                f"(15.14.2; an LOC Damaged country's cannot)")
                return
            self.ask(f, side, "ae")
            return
        if s["european_war"][side] == "no-war":
            if not self.units(s, side, "home"):
                no_result(g, f, f"{NAMES[side]}'s European War Status is No War and it has no unit in the European "
                                f"Holding Box that may be selected")
                return
            self.ask(f, side, "home")
            return
        esv = s["esv"][side]
        r = g.roll(f"15.14.1 Step 1 for {NAMES[side]} (unmodified)")
        if esv <= 0:
            g.say(f"Step 1: a {r} was rolled; the ESV is {esv}, 0 or less: it cannot increase.", rule="15.14.1",
                  kind="roll")
        elif r <= esv:
            g.say(f"Step 1: a {r} was rolled, not above the ESV of {esv}.", rule="15.14.1", kind="roll")
            self.esv(g, side, 1)
        else:
            g.say(f"Step 1: a {r} was rolled, above the ESV of {esv}: no change.", rule="15.14.1", kind="roll")
        r = g.roll(f"15.14.1 Step 2 for {NAMES[side]} (unmodified)")
        f["step2"] = r
        if r <= 3:
            g.say(f"Step 2: a {r} was rolled: {NAMES[side]} must send a support unit to Europe, raise the ESV, or "
                  f"take No Result where allowed.", rule="15.14.1", kind="roll")
            self.ask(f, side, "owe")
        else:
            g.say(f"Step 2: a {r} was rolled: {NAMES[side]} may bring a unit back from Europe or lower the ESV.",
                  rule="15.14.1", kind="roll")
            self.ask(f, side, "back")

    @staticmethod
    def esv(g, side: str, delta: int) -> None:
        s = g.s
        who = list(ALLIED) if chosen(s, "R-ESV", "per-faction") == "shared" else [side]
        for x in who:
            was = s["esv"][x]
            s["esv"][x] = was + delta
            g.say(f"The ESV{'' if len(who) == 1 else ' (shared, ruling R-ESV)'} of {NAMES[x]} went from {was} to "
                  f"{s['esv'][x]}.", faction=side, rule="15.14.1")

    @staticmethod
    def units(s: dict, side: str, stage: str) -> list[str]:
        bad = loc_damaged(s)
        if stage in ("home", "back"):
            ids = [p for p in find(s, owner=side, at="european-holding") if s["pieces"][p]["kind"] != "marker"]
        elif stage == "owe":
            ids = [p for p in find(s, kind="support", owner=side, at="pool") if s["pieces"][p]["country"] in MAJOR]
        else:
            ids = find(s, kind="support", owner=side, at="pool")
        return [p for p in ids if not (s["pieces"][p]["kind"] == "support" and s["pieces"][p]["country"] in bad)]

    @staticmethod
    def may_pass(s: dict, side: str) -> bool:
        """15.14.1's No Result option: Limited War and a friendly support unit in the European Holding Box, or Total
        War and five Allied support units there."""
        there = find(s, kind="support", at="european-holding")
        if s["european_war"][side] == "limited-war":
            return any(s["pieces"][p]["owner"] == side for p in there)
        return len([p for p in there if s["pieces"][p]["owner"] in ALLIED]) >= 5

    def prompt(self, g, f):
        s, side, st = g.s, f["recv"], f["stage"]
        units = self.units(s, side, st) if st in ("ae", "home", "owe", "back") else []
        out: dict[str, list[str]] = {"unit": units} if units else {}
        if st == "owe":
            out["esv"] = ["up"]
            if self.may_pass(s, side):
                out["none"] = []
        elif st == "back":
            out["esv"] = ["down"]
            out["decline"] = []
        elif st in ("ae", "home"):
            out["decline"] = []
        return out

    def text(self, g, f):
        side, st = f["recv"], f["stage"]
        who = NAMES[side]
        if st == "ae":
            return (f"15.14.2 European Commitment: {who} may place one support unit of its Force Pool in the Delay "
                    f"Box on the TK map (unit ID), or decline")
        if st == "home":
            return (f"15.14.1 European Commitment (No War): {who} may place one friendly unit of the European Holding "
                    f"Box in the Delay Box (unit ID), or decline")
        if st == "owe":
            extra = ", or treat it as No Result (none)" if self.may_pass(g.s, side) else ""
            return (f"15.14.1 European Commitment, Step 2 rolled {f['step2']}: {who} must place a Major Country support "
                    f"unit of its Force Pool in the European Holding Box (unit ID), or raise the ESV by one (esv up)"
                    f"{extra}")
        return (f"15.14.1 European Commitment, Step 2 rolled {f['step2']}: {who} may place one friendly unit of the "
                f"European Holding Box in the Delay Box (unit ID), lower the ESV by one (esv down), or decline")

    def why(self, g, f, verb, arg):
        s, st = g.s, f["stage"]
        if verb == "unit":
            p = s["pieces"].get(arg or "")
            if p is None:
                return None
            if p["kind"] == "support" and p["country"] in loc_damaged(s):
                return (f"{arg} belongs to a country with an LOC Damaged marker in the Strategic Warfare Box: it "
                        f"cannot be selected (15.14)")
            if st == "owe":
                return f"{arg} is not a Major Country support unit in {NAMES[f['recv']]}'s Force Pool (15.14.1)"
            if st == "ae":
                return f"{arg} is not a support unit in {NAMES[f['recv']]}'s Force Pool (15.14.2)"
            return f"{arg} is not a friendly unit in the European Holding Box (it is in {where(p)}) (15.14.1)"
        if verb == "none":
            return ("No Result may be chosen only with a European Limited War marker and a friendly support unit in "
                    "the European Holding Box, or a European Total War marker and five Allied support units there "
                    "(15.14.1)")
        return None

    def act(self, g, f, verb, arg):
        s, side, st = g.s, f["recv"], f["stage"]
        rule = "15.14.2" if st == "ae" else "15.14.1"
        if verb == "unit":
            to = {"ae": "tk-delay", "owe": "european-holding"}.get(st, "delay")
            was = where(s["pieces"][arg])
            move(s, arg, to)
            g.say(f"{TITLES[side]} placed {label(s, arg)} from {was} in {where(s['pieces'][arg])}.", faction=side,
                  rule=rule)
        elif verb == "esv":
            self.esv(g, side, 1 if arg == "up" else -1)
        elif verb == "none":
            no_result(g, f, f"{NAMES[side]} chose No Result, as its European Holding Box allows")
        else:
            g.say(f"{TITLES[side]} declined European Commitment's option.", faction=side, rule=rule)
        g.end()
