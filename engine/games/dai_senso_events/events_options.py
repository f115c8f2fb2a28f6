"""The political events of batch "options" whose receiver picks among options (issue 32): 15.8 Chinese Incident,
15.14 European Commitment, 15.26 Minor Country Politics, 15.28 Neutrals Pressured and 15.30 Political Option
(15.29 Operation Z and 15.37 Widespread Attacks: :mod:`.events_zaction`).

Each frame is ``ds.15.N`` with ``n``, ``recv`` and ``stage`` (``start``, then the stage of the choice under way,
its role the faction the text names). A chained event (15.8 and 15.28 to 15.26, 15.30 to 15.8, 15.12, 15.15,
15.19, 15.8 to 15.19 and ``ds.hex-strike``) replaces the frame (``g.goto``) with the other event's locals.
What the fragment takes from outside section 15 is a players' step; a table the position lacks, a manual ruling
(rulings R-15-outside, R-tables).

Shared here: the Posture Boxes' factions (ruling R-15-posture-side), the PAC/TAC reading of a Posture-Box country
(ruling R-15-pac-box), Truce levels (ruling R-15-truce-level), table rolls.
"""

from __future__ import annotations

from ...core import notation
from ...core.grammar import Order
from ...core.ruling_choice import chosen
from .event_base import REGISTERED, Event, no_result, register
from .state import (
    ALLIED,
    FACTIONS,
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
    where,
)

notation.declare(__name__, {"esv", "none", "table", "diplomatic", "border", "lose", "politics", "resistance",
                            "acceptance", "guerrilla", "influence", "negotiate", "truce", "revoke", "strife",
                            "discuss", "pressure", "reassess", "passage", "chinese", "war", "talks", "fail", "asia",
                            "pacific"})

ORDERS = (
    Order("esv up|down", "event: raise (15.14.1, a roll of 3 or less) or lower (4 or more) the ESV by one",
          "15.14.1"),
    Order("none", "event: treat European Commitment as No Result (15.14.1, where the European Holding Box allows "
          "it)", "15.14.1"),
    Order("table area-china|area-se-asia|area-other", "event: the Area Table to roll on (15.26)", "15.26"),
    Order("diplomatic ID", "event: roll on the Diplomatic Incident Table for this Neutral Country (15.26, 15.29)",
          "15.26, 15.29"),
    Order("border ID", "event: the bordering Neutral Country to activate (15.5, 15.26)", "15.5, 15.26"),
    Order("lose ID", "event: the unit that loses one step (15.8 Chinese Strife, 15.26)", "15.8, 15.26"),
    Order("politics", "event: change it to Minor Country Politics (15.26)", "15.8, 15.28"),
    Order("resistance", "event: change your Chinese Posture to Resistance (15.8 Encourage Resistance)", "15.8"),
    Order("acceptance ID", "event: change this Chinese Posture to Acceptance (15.8 Encourage Acceptance)", "15.8"),
    Order("guerrilla", "event: Guerrilla Warfare: select a hex in a Chinese Country or Japanese Dependent (15.8)",
          "15.8"),
    Order("influence ID", "event: apply Influence (15.19) to this country (15.8, 15.30)", "15.8, 15.30"),
    Order("negotiate ID up|down", "event: raise or reduce the Truce marker in this Chinese Posture Box by one level "
          "(15.8)", "15.8"),
    Order("truce ID 1|2|3", "event: place a Truce marker of this level in this Chinese Posture Box (15.8)", "15.8"),
    Order("revoke", "event: cancel the Truce by placing the Japanese Government marker in the Delay Box (15.8)",
          "15.8"),
    Order("strife", "event: Chinese Strife: roll one die (15.8)", "15.8"),
    Order("discuss ID", "event: Neutrality Discussions in this Neutral Country: remove its Neutrality or enemy "
          "Influence marker, else place your Influence marker (15.28)", "15.28"),
    Order("pressure britain|russia|us", "event: put that Aid to China or Lend-Lease marker in the Delay Box (15.28)",
          "15.28"),
    Order("reassess ID", "event: Reassess Policies: end this Policy of a friendly Posture Box (15.28)", "15.28"),
    Order("passage ID", "event: Wider Involvement: remove the Free Passage marker of this friendly Minor Country "
          "(15.28, 15.30)", "15.28, 15.30"),
    Order("chinese", "event: change it to Chinese Incident (15.30)", "15.30"),
    Order("war ID", "event: declare war on this Neutral Country (15.29, 15.30: 15.12)", "15.29, 15.30"),
    Order("talks ID up|down", "event: Peace Talks: raise or reduce this Posture Box's Truce marker by one level, "
          "then place Negotiation markers (15.30)", "15.30"),
    Order("fail axis|western|soviet command|supply", "event: Military Failure: this faction suffers this Failure "
          "(15.30: 15.15)", "15.30"),
    Order("asia ID", "event: War in Asia: end this Policy (Russian, Communist or Nationalist Chinese box) (15.30)",
          "15.30"),
    Order("pacific ID", "event: War in the Pacific: end this Policy (British or US box) (15.30)", "15.30"),
)

#: The Allied faction each Posture Box is friendly to (ruling R-15-posture-side).
POSTURE_SIDE = {"britain": "western", "us": "western", "nationalist-china": "western", "russia": "soviet",
                "communist-china": "soviet"}
#: The Allied faction's Chinese Posture Box (ruling R-15-posture-side; digest B.3 15.8).
CHINESE_BOX = {"western": "nationalist-china", "soviet": "communist-china"}
CHINESE_BOXES = ("nationalist-china", "communist-china")
TRUCE_LEVELS = ("1", "2", "3")
TABLE_NAMES = {"area-china": "Area Table: China", "area-se-asia": "Area Table: SE Asia",
               "area-other": "Area Table (other)", "diplomatic-incident": "Diplomatic Incident Table",
               "cabinet-crisis": "Cabinet Crisis Table"}
AREA_TABLES = ("area-china", "area-se-asia", "area-other")
#: 15.26: on the Area Table: SE Asia these Dependents count as part of the NEI (ruling R-15.26-nei).
NEI = "nei"
NEI_PARTS = ("borneo", "celebes", "dutch-new-guinea")
MAJOR = ("britain", "us", "russia")


def box_name(b: str) -> str:
    return " ".join("US" if w == "us" else w.title() for w in b.split("-"))


def boxes_of(s: dict, side: str) -> list[str]:
    return [b for b in sorted(s["postures"]) if POSTURE_SIDE.get(b) == side]


def pac(s: dict, cid: str) -> bool:
    """Whether *cid* is a PAC: a country's ``pac`` flag, or a Posture-Box country whose box holds a Policy marker
    (ruling R-15-pac-box)."""
    if cid in s["countries"]:
        return bool(s["countries"][cid]["pac"])
    box = s["postures"].get(cid)
    return bool(box and box["policies"])


def tac(s: dict, cid: str) -> bool:
    if cid in s["countries"]:
        return bool(s["countries"][cid]["tac"])
    box = s["postures"].get(cid)
    return bool(box and box["truce"])


def truce_moves(s: dict, box: str) -> list[str]:
    """``box up`` / ``box down`` for the Truce marker of *box* (none without one; down only from level 1:
    ruling R-15-truce-level)."""
    t = s["postures"][box]["truce"]
    if not t:
        return []
    return [f"{box} up"] + ([f"{box} down"] if t["level"] >= 1 else [])


def move_truce(g, n: int, side: str, arg: str) -> str:
    box, way = arg.split(" ")
    t = g.s["postures"][box]["truce"]
    was = t["level"]
    t["level"] = was + (1 if way == "up" else -1)
    g.say(f"{TITLES[side]} {'increased' if way == 'up' else 'reduced'} the Truce marker in the {box_name(box)} "
          f"Posture Box from level {was} to level {t['level']} (13.6.2.3).", faction=side, rule=f"15.{n}")
    return box


def roll_table(g, n: int, table: str, about: str, rule: str) -> tuple[int, str | None]:
    """Rolls one die on *table* for 15.*n*: its result from the position's ``tables``; without that table (or
    face) the roll is logged and the rest is a manual ruling (ruling R-tables); ``(roll, None)``."""
    name = TABLE_NAMES[table]
    r = g.roll(f"15.{n} {name}: {about}")
    res = (g.s["tables"].get(table) or {}).get(str(r))
    if res is None:
        g.say(f"A {r} was rolled on the {name} ({about}).", rule=rule, kind="roll")
        manual(g, n, f"the {name} result of a {r} ({about}): the position does not hold that table's row "
                     f"(ruling R-tables)", rule)
        return r, None
    g.say(f"A {r} was rolled on the {name} ({about}): {res}.", rule=rule, kind="roll")
    return r, res


def diplomatic_incident(g, n: int, cid: str, rule: str) -> None:
    """Rolls on the Diplomatic Incident Table for *cid*; its result, not given by the fragment, is the umpire's to
    apply (ruling R-tables)."""
    name = country_name(g.s, cid)
    r, res = roll_table(g, n, "diplomatic-incident", f"for {name}", rule)
    if res is not None:
        manual(g, n, f"apply the Diplomatic Incident Table's result for {name} (a {r}): {res} (ruling R-tables)", rule)


def chained(n: int) -> bool:
    return n in REGISTERED


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


# 15.8 ----------------------------------------------------------------------------------------------------------


@register
class ChineseIncident(Event):
    """15.8: the receiver may do one option; an Allied faction acts on its own Chinese Posture Box (ruling
    R-15-posture-side), the Axis on either. Chinese Politics becomes 15.26 on the Area Table: China; Guerrilla
    Warfare is ``ds.hex-strike`` in a Chinese Country or Japanese Dependent; Influence is 15.19; an Allied Truce
    may be cancelled by the Axis (Government marker to the Delay Box); Chinese Strife's step is the Western or
    Soviet faction's to pick."""

    n = 8

    def begin(self, g, f):
        self.ask(f, f["recv"], "choose")

    def chinese_boxes(self, s: dict, side: str) -> list[str]:
        return [b for b in CHINESE_BOXES if b in s["postures"] and (side == "axis" or b == CHINESE_BOX[side])]

    def options(self, g, side: str) -> dict[str, list[str]]:
        s = g.s
        out: dict[str, list[str]] = {}
        if chained(26):
            out["politics"] = []
        boxes = self.chinese_boxes(s, side)
        if side == "axis":
            out["strife"] = []
            acc = [b for b in boxes if s["postures"][b]["posture"] == "resistance"]
            if acc:
                out["acceptance"] = acc
        else:
            if boxes and s["postures"][boxes[0]]["posture"] in ("acceptance", "surrender"):
                out["resistance"] = []
            if "ds.hex-strike" in g.procs and _strike_hexes(s):
                out["guerrilla"] = []
            cs = [c for c in sorted(s["countries"]) if s["countries"][c]["chinese"]
                  and (s["countries"][c]["status"] == "neutral" or s["countries"][c]["status"] == side
                       and {"free-passage", "no-occupation"} & set(s["countries"][c]["markers"]))]
            if cs and chained(19):
                out["influence"] = cs
        neg = [m for b in boxes for m in truce_moves(s, b)]
        if neg:
            out["negotiate"] = neg
        tr = [f"{b} {lv}" for b in boxes if s["postures"][b]["posture"] == "war" and not s["postures"][b]["truce"]
              for lv in TRUCE_LEVELS]
        if tr:
            out["truce"] = tr
        return out

    def prompt(self, g, f):
        s, st = g.s, f["stage"]
        if st == "choose":
            return {**self.options(g, f["recv"]), "decline": []}
        if st == "revoke":
            return {"revoke": [], "decline": []}
        if st == "strife":
            return {"lose": self.strife_steps(s, f["loser"])}
        return {}

    @staticmethod
    def strife_steps(s: dict, side: str) -> list[str]:
        country = CHINESE_BOX[side]
        return [p for p in sorted(s["pieces"]) if s["pieces"][p]["country"] == country
                and s["pieces"][p]["kind"] == "ground" and s["pieces"][p]["at"] in ("map", "holding")]

    def text(self, g, f):
        s, st, side = g.s, f["stage"], f["recv"]
        if st == "revoke":
            t = s["postures"][f["box"]]["truce"]
            return (f"15.8 Chinese Incident: {NAMES[side]} placed a level {t['level']} Truce marker in the "
                    f"{box_name(f['box'])} Posture Box: the Axis may cancel it by placing the Japanese Government "
                    f"marker in the Delay Box (revoke), or decline")
        if st == "strife":
            return (f"15.8 Chinese Strife: {NAMES[f['loser']]} must eliminate one "
                    f"{box_name(CHINESE_BOX[f['loser']])} Minor Country step on the map or in a Holding Box "
                    f"(lose ID)")
        said = {"politics": "change it to Minor Country Politics on the Area Table: China (politics)",
                "strife": "roll for Chinese Strife (strife)",
                "acceptance": "change a Chinese Posture of Resistance to Acceptance (acceptance ID)",
                "resistance": "change its Chinese Posture to Resistance (resistance)",
                "guerrilla": "Guerrilla Warfare in a hex of a Chinese Country or Japanese Dependent (guerrilla)",
                "influence": "apply Influence to a Chinese Country (influence ID)",
                "negotiate": "raise or reduce a Truce marker (negotiate BOX up|down)",
                "truce": "place a Truce marker (truce BOX LEVEL)"}
        opts = [said[k] for k in self.options(g, side)]
        return f"15.8 Chinese Incident: {NAMES[side]} may {'; '.join(opts + ['decline'])}" if opts else \
            f"15.8 Chinese Incident: {NAMES[side]} has no option it can carry out: decline"

    def why(self, g, f, verb, arg):
        side = f["recv"]
        if f["stage"] == "strife" and verb == "lose":
            return (f"{arg} is not a {box_name(CHINESE_BOX[f['loser']])} Minor Country unit on the map or in a "
                    f"Holding Box (15.8)")
        if f["stage"] != "choose":
            return None
        allied_only = {"resistance", "guerrilla", "influence"}
        if verb in allied_only and side == "axis" or verb in ("strife", "acceptance") and side != "axis":
            return f"{verb} is not an option of 15.8 for {NAMES[side]} (15.8)"
        if verb == "resistance":
            return f"{NAMES[side]}'s Chinese Posture is not Acceptance or Surrender (15.8)"
        if verb == "acceptance":
            return f"{arg} is not a Chinese Posture Box with a Posture of Resistance (15.8)"
        if verb == "influence":
            return (f"{arg} is not a Chinese Country where Influence (15.19) can act: a Neutral one, or a friendly one "
                    f"with a Free Passage or No Occupation marker (15.8)")
        if verb == "negotiate":
            return (f"'{arg}': a Truce marker existing in {'a Chinese' if side == 'axis' else 'its Chinese'} Posture "
                    f"Box is raised or reduced by one level, never below 0 (15.8; ruling R-15-truce-level)")
        if verb == "truce":
            return (f"'{arg}': a Truce marker (level 1 to 3) is placed in {'a Chinese' if side == 'axis' else 'its Chinese'} "
                    f"Posture Box whose Posture is War and which holds no Truce marker (15.8; ruling R-15-truce-level)")
        return None

    def act(self, g, f, verb, arg):
        s, side = g.s, f["recv"]
        if f["stage"] == "revoke":
            if verb == "revoke":
                s["government"]["box"] = "delay"
                s["postures"][f["box"]]["truce"] = None
                g.say(f"The Axis cancelled the Truce: the Japanese Government marker went to the Delay Box and the "
                      f"Truce marker left the {box_name(f['box'])} Posture Box.", faction="axis", rule="15.8")
            else:
                g.say("The Axis let the Truce stand.", faction="axis", rule="15.8")
            g.end()
            return
        if f["stage"] == "strife":
            host = s["pieces"][arg].get("in")
            lose_step(g, 8, arg, "15.8")
            if host:
                g.say(f"{label(s, host)} must perform an Emergency Breakdown (2.3.4), listed for the players.",
                      rule="15.8")
            g.end()
            return
        if verb == "politics":
            g.say(f"{TITLES[side]} changed the event to Minor Country Politics on the Area Table: China.",
                  faction=side, rule="15.8")
            g.goto("ds.15.26", side, n=26, recv=side, stage="start", table="area-china")
        elif verb == "strife":
            r = g.roll("15.8 Chinese Strife (unmodified)")
            loser = "western" if r <= 3 else "soviet"
            g.say(f"The Axis rolled {r} for Chinese Strife: {NAMES[loser]} must eliminate a "
                  f"{box_name(CHINESE_BOX[loser])} Minor Country step.", faction="axis", rule="15.8", kind="roll")
            if not self.strife_steps(s, loser):
                no_result(g, f, f"{NAMES[loser]} has no {box_name(CHINESE_BOX[loser])} Minor Country unit on the map "
                                f"or in a Holding Box")
                g.end()
                return
            f["loser"] = loser
            self.ask(f, loser, "strife")
        elif verb in ("acceptance", "resistance"):
            box = arg or CHINESE_BOX[side]
            was = s["postures"][box]["posture"]
            s["postures"][box]["posture"] = verb
            g.say(f"{TITLES[side]} changed the {box_name(box)} Posture from {was.title()} to {verb.title()}.",
                  faction=side, rule="15.8")
            g.end()
        elif verb == "guerrilla":
            g.say(f"{TITLES[side]} chose Guerrilla Warfare.", faction=side, rule="15.8")
            g.goto("ds.hex-strike", side, n=8, by=side, against="axis", where="chinese", hex=None, stage="start")
        elif verb == "influence":
            g.say(f"{TITLES[side]} applies Influence (15.19) to {country_name(s, arg)}.", faction=side, rule="15.8")
            g.goto("ds.15.19", side, n=19, recv=side, stage="start", selected=arg)
        elif verb == "negotiate":
            move_truce(g, 8, side, arg)
            g.end()
        elif verb == "truce":
            box, level = arg.split(" ")
            s["postures"][box]["truce"] = {"kind": "truce", "level": int(level)}
            g.say(f"{TITLES[side]} placed a level {level} Truce marker in the {box_name(box)} Posture Box.",
                  faction=side, rule="15.8")
            if side != "axis" and s["government"]["box"] == "holding":
                f["box"] = box
                self.ask(f, "axis", "revoke")
            else:
                g.end()
        else:
            g.say(f"{TITLES[side]} declined Chinese Incident.", faction=side, rule="15.8")
            g.end()


def _strike_hexes(s: dict) -> list[str]:
    """Guerrilla Warfare's hexes (batch "map"'s ``ds.hex-strike``, in a Chinese Country or Japanese Dependent)."""
    from .events_map import strike_hexes
    return strike_hexes(s, "axis", "chinese")


# 15.28 ---------------------------------------------------------------------------------------------------------

PRESSURE = {"britain": ("aid-to-china", "western", "the Western Aid to China"),
            "russia": ("aid-to-china", "soviet", "the Soviet Aid to China"),
            "us": ("lend-lease", "western", "the Lend-Lease")}
UNENDING = ("acceptance", "neutrality", "quarantine")


def passage_options(s: dict, side: str) -> list[str]:
    """Wider Involvement (15.28, 15.30): the friendly Minor Countries holding a Free Passage marker."""
    return [c for c in sorted(s["countries"]) if s["countries"][c]["status"] == side
            and s["countries"][c]["kind"] == "minor" and "free-passage" in s["countries"][c]["markers"]]


def remove_passage(g, n: int, side: str, cid: str) -> None:
    g.s["countries"][cid]["markers"].remove("free-passage")
    g.say(f"{TITLES[side]} removed the Free Passage marker from {country_name(g.s, cid)}'s Capital (Wider "
          f"Involvement).", faction=side, rule=f"15.{n}")


@register
class NeutralsPressured(Event):
    """15.28: the receiver must do one option; Minor Country Politics (15.26) is always open. Pressure: a Posture-Box
    country is a PAC while its box holds a Policy marker (ruling R-15-pac-box). Reassess Policies: a friendly
    Posture Box's Policy (not Acceptance, Neutrality or Quarantine) ends, its markers replaced by Reassess Policy
    Truce markers (ruling R-15.28-reassess)."""

    n = 28

    def begin(self, g, f):
        self.ask(f, f["recv"], "choose")

    @staticmethod
    def discuss(s: dict, side: str) -> list[str]:
        out = []
        for c in sorted(s["countries"]):
            cc = s["countries"][c]
            if cc["status"] != "neutral":
                continue
            held = [m for m in cc["markers"] if m in ("neutrality", *enemy_influence(side), f"influence-{side}")]
            if not held or held[0] != f"influence-{side}":
                out.append(c)
        return out

    @staticmethod
    def pressure(s: dict) -> list[str]:
        out = []
        for box, (t, owner, _) in PRESSURE.items():
            if pac(s, box) and find(s, type_=t, owner=owner, at="conditional-events"):
                out.append(box)
        return out

    @staticmethod
    def reassess(s: dict, side: str) -> list[str]:
        if (s["vp"].get("reading") or "") != "rising-sun":
            return []
        return sorted({p for b in boxes_of(s, side) for p in s["postures"][b]["policies"] if p not in UNENDING})

    def options(self, s: dict, side: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"politics": []}
        for verb, args in (("discuss", self.discuss(s, side)), ("pressure", self.pressure(s)),
                           ("reassess", self.reassess(s, side)), ("passage", passage_options(s, side))):
            if args:
                out[verb] = args
        return out

    def prompt(self, g, f):
        return self.options(g.s, f["recv"]) if f["stage"] == "choose" else {}

    def text(self, g, f):
        said = {"politics": "turn it into Minor Country Politics (politics)",
                "discuss": "Neutrality Discussions in a Neutral Country (discuss ID)",
                "pressure": "pressure Britain, Russia or the US (pressure ID)",
                "reassess": "Reassess Policies (reassess POLICY)",
                "passage": "Wider Involvement (passage ID)"}
        opts = [said[k] for k in self.options(g.s, f["recv"])]
        return f"15.28 Neutrals Pressured: {NAMES[f['recv']]} must {'; or '.join(opts)}"

    def why(self, g, f, verb, arg):
        s, side = g.s, f["recv"]
        if verb == "discuss":
            return (f"{arg} is not a Neutral Country where {NAMES[side]} can place its Influence marker or remove a "
                    f"Neutrality or enemy Influence marker (15.28; ruling R-15-one-marker)")
        if verb == "pressure":
            return (f"pressure {arg}: the country must be a PAC (a Policy marker in its Posture Box, ruling "
                    f"R-15-pac-box) with its marker in an Allied Conditional Events Box (15.28)")
        if verb == "reassess":
            if (s["vp"].get("reading") or "") != "rising-sun":
                return "the VP marker does not read Rising Sun (15.28 Reassess Policies)"
            return (f"{arg} is not a Policy of a Posture Box friendly to {NAMES[side]} that can be ended (Acceptance, "
                    f"Neutrality and Quarantine cannot) (15.28)")
        if verb == "passage":
            return f"{arg} is not a friendly Minor Country with a Free Passage marker (15.28)"
        return None

    def act(self, g, f, verb, arg):
        s, side = g.s, f["recv"]
        if verb == "politics":
            g.say(f"{TITLES[side]} turned the event into Minor Country Politics.", faction=side, rule="15.28")
            g.goto("ds.15.26", side, n=26, recv=side, stage="start")
            return
        if verb == "discuss":
            c = s["countries"][arg]
            held = [m for m in c["markers"] if m in ("neutrality", *enemy_influence(side))]
            if held:
                c["markers"].remove(held[0])
                g.say(f"{TITLES[side]} removed the {held[0].replace('-', ' ').title()} marker from "
                      f"{country_name(s, arg)} (Neutrality Discussions).", faction=side, rule="15.28")
            else:
                c["markers"].append(f"influence-{side}")
                g.say(f"{TITLES[side]} placed its Influence marker in {country_name(s, arg)} (Neutrality "
                      f"Discussions).", faction=side, rule="15.28")
        elif verb == "pressure":
            t, owner, what = PRESSURE[arg]
            pid = find(s, type_=t, owner=owner, at="conditional-events")[0]
            move(s, pid, "delay")
            g.say(f"{TITLES[side]} pressured {box_name(arg)}: {what} marker went from an Allied Conditional Events "
                  f"Box to the Delay Box.", faction=side, rule="15.28")
        elif verb == "reassess":
            boxes = [b for b in sorted(s["postures"]) if arg in s["postures"][b]["policies"]]
            end_policy(g, 28, arg, "15.28")
            for b in boxes:
                old = s["postures"][b]["truce"]
                s["postures"][b]["truce"] = {"kind": "reassess-policy", "level": 0}
                g.say(f"A Reassess Policy Truce marker replaced the {arg} Policy marker in the {box_name(b)} Posture "
                      f"Box" + (f" (the {old['kind']} marker there was replaced, ruling R-15.28-reassess)" if old
                                else "") + ".", faction=side, rule="15.28")
        else:
            remove_passage(g, 28, side, arg)
        g.end()


# 15.30 ---------------------------------------------------------------------------------------------------------


@register
class PoliticalOption(Event):
    """15.30: the receiver may do one option. Chinese Incident is 15.8, Declare War 15.12 (its Policy end), Military
    Failure 15.15 (the picker names the faction, another, and the type), Neutrals Consider Options 15.19. Peace
    Talks need a Truce marker in a Posture Box of that side (ruling R-15-posture-side) and then place Negotiation
    markers; War in Asia/Pacific end a Policy of the boxes named."""

    n = 30

    def begin(self, g, f):
        self.ask(f, f["recv"], "choose")

    @staticmethod
    def neutral(s: dict) -> list[str]:
        return [c for c in sorted(s["countries"]) if s["countries"][c]["status"] == "neutral"]

    def options(self, s: dict, side: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        if chained(8):
            out["chinese"] = []
        if self.neutral(s):
            if chained(12):
                out["war"] = self.neutral(s)
            if chained(19):
                out["influence"] = self.neutral(s)
        talks = [m for x in ALLIED if not (x == "soviet" and side == "western" or x == "western" and side == "soviet")
                 for b in boxes_of(s, x) for m in truce_moves(s, b)]
        if talks:
            out["talks"] = talks
        if chained(15):
            out["fail"] = [f"{x} {t}" for x in FACTIONS if x != side for t in ("command", "supply")]
        if side != "western":
            asia = self.policies(s, ("russia", "communist-china", "nationalist-china"))
            if asia:
                out["asia"] = asia
        if side != "soviet":
            pacific = self.policies(s, ("britain", "us"))
            if pacific:
                out["pacific"] = pacific
        passage = passage_options(s, side)
        if passage:
            out["passage"] = passage
        return out

    @staticmethod
    def policies(s: dict, boxes) -> list[str]:
        return sorted({p for b in boxes if b in s["postures"] for p in s["postures"][b]["policies"]})

    def prompt(self, g, f):
        return {**self.options(g.s, f["recv"]), "decline": []} if f["stage"] == "choose" else {}

    def text(self, g, f):
        said = {"chinese": "Chinese Incident (chinese)", "war": "Declare War (war ID)",
                "influence": "Neutrals Consider Options (influence ID)",
                "talks": "Peace Talks (talks BOX up|down)", "fail": "Military Failure (fail FACTION TYPE)",
                "asia": "War in Asia (asia POLICY)", "pacific": "War in the Pacific (pacific POLICY)",
                "passage": "Wider Involvement (passage ID)"}
        opts = [said[k] for k in self.options(g.s, f["recv"])]
        return f"15.30 Political Option: {NAMES[f['recv']]} may do one of: {'; '.join(opts + ['decline'])}"

    def why(self, g, f, verb, arg):
        side = f["recv"]
        if verb == "talks":
            x = POSTURE_SIDE.get(str(arg).split(" ")[0])
            if x == "soviet" and side == "western" or x == "western" and side == "soviet":
                return (f"the {'Western' if side == 'western' else 'Soviet'} faction cannot select "
                        f"{'Eastern' if x == 'soviet' else 'Western'} Peace Talks (15.30)")
            return (f"'{arg}': Peace Talks raise or reduce an existing Truce marker (never below 0) in a Posture Box "
                    f"of one side; the Western faction cannot select Eastern, the Soviet faction Western Peace Talks "
                    f"(15.30; rulings R-15-posture-side, R-15-truce-level)")
        if verb in ("asia", "pacific"):
            if verb == "asia" and side == "western" or verb == "pacific" and side == "soviet":
                return f"{NAMES[side]} cannot select War in {'Asia' if verb == 'asia' else 'the Pacific'} (15.30)"
            return f"{arg} is not a Policy in the Posture Boxes this option names (15.30)"
        if verb in ("war", "influence"):
            return f"{arg} is not a Neutral Country (15.30)"
        if verb == "fail":
            return f"'{arg}': another faction and a type, command or supply (15.30)"
        if verb == "passage":
            return f"{arg} is not a friendly Minor Country with a Free Passage marker (15.30)"
        return None

    def act(self, g, f, verb, arg):
        s, side = g.s, f["recv"]
        if verb == "chinese":
            g.say(f"{TITLES[side]} changed the event to Chinese Incident.", faction=side, rule="15.30")
            g.goto("ds.15.8", side, n=8, recv=side, stage="start")
        elif verb == "war":
            g.say(f"{TITLES[side]} chose Declare War on {country_name(s, arg)}.", faction=side, rule="15.30")
            g.goto("ds.15.12", side, n=12, recv=side, stage="start", country=arg)
        elif verb == "influence":
            g.say(f"{TITLES[side]} chose Neutrals Consider Options for {country_name(s, arg)}.", faction=side,
                  rule="15.30")
            g.goto("ds.15.19", side, n=19, recv=side, stage="start", selected=arg)
        elif verb == "fail":
            victim, kind = arg.split(" ")
            g.say(f"{TITLES[side]} chose Military Failure: {NAMES[victim]} suffers a Failure ({kind.title()}).",
                  faction=side, rule="15.30")
            g.goto("ds.15.15", victim, n=15, recv=victim, stage="start", failure=kind)
        elif verb == "talks":
            box = move_truce(g, 30, side, arg)
            x = POSTURE_SIDE[box]
            placed = [b for b in boxes_of(s, x) if not s["postures"][b]["truce"] and not s["postures"][b]["policies"]
                      and not s["postures"][b]["negotiation"]]
            for b in placed:
                s["postures"][b]["negotiation"] = True
            where_ = ", ".join(box_name(b) for b in placed) or "no Posture Box (each holds a Truce, Policy or " \
                                                                "Negotiation marker)"
            g.say(f"{'Eastern' if x == 'soviet' else 'Western'} Peace Talks: Negotiation markers were placed in "
                  f"{where_}.", faction=side, rule="15.30")
            g.end()
        elif verb in ("asia", "pacific"):
            g.say(f"{TITLES[side]} chose War in {'Asia' if verb == 'asia' else 'the Pacific'}.", faction=side,
                  rule="15.30")
            end_policy(g, 30, arg, "15.30")
            g.end()
        elif verb == "passage":
            remove_passage(g, 30, side, arg)
            g.end()
        else:
            g.say(f"{TITLES[side]} declined Political Option.", faction=side, rule="15.30")
            g.end()
