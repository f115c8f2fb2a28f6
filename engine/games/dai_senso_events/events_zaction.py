"""15.29 Operation Z and 15.37 Widespread Attacks (issue 32): the Axis's Z Actions.

``ds.15.29`` (role: the Axis, whoever received it) waits at ``part1`` (Declare War, 15.12, pushed on top and
returning here; or a roll on the Diplomatic Incident Table; or decline), then at ``z`` with ``left`` (the
season's budget: six, four in Summer) and ``used`` (each Z Action's count, three at most per event);
``ds.15.37`` waits at ``z`` with two bonus actions and no per-action limit (``limit`` None). Surprise Troop
Movement asks the destination at ``to``. The map facts are the position's ``hexes``; an SNLF Beachhead-0 or a
Totsugeki marker's hex is the players' step (ruling R-15.29-hex).
"""

from __future__ import annotations

from ...core import notation
from ...core.grammar import Order
from .event_base import REGISTERED, Event, register
from .postures import diplomatic_incident, pac, tac
from .state import ALLIED, country_name, find, label, move, players_step, where

notation.declare(__name__, {"harbor", "army", "navy", "snlf", "troops", "to", "totsugeki", "done"})

ORDERS = (
    Order("harbor ID", "event: Z Action Harbor Attack: this enemy Surface Fleet to the Naval Warfare Delay Box",
          "15.29"),
    Order("army ID", "event: Z Action Heroic Effort by the Army: this Air support or HQ unit back to the Force Pool",
          "15.29"),
    Order("navy ID", "event: Z Action Heroic Effort by the Navy: this Fleet or Scratch Convoy back to the Force "
          "Pool", "15.29"),
    Order("snlf", "event: Z Action SNLF Landing: place an SNLF Beachhead-0 marker in an All-Sea hex", "15.29"),
    Order("troops ID", "event: Z Action Surprise Troop Movement: move this single-step ground unit (then 'to HEX')",
          "15.29"),
    Order("to HEX", "event: the hex in Japan or a Japanese Dependent the unit moves to (15.29)", "15.29"),
    Order("totsugeki", "event: Z Action Totsugeki!: place a Totsugeki marker (14.42)", "15.29"),
    Order("done", "event: perform no more Z Actions", "15.29, 15.37"),
)

ACTIONS = ("harbor", "army", "navy", "snlf", "troops", "totsugeki")
TITLES = {"harbor": "Harbor Attack", "army": "Heroic Effort by the Army", "navy": "Heroic Effort by the Navy",
          "snlf": "SNLF Landing", "troops": "Surprise Troop Movement", "totsugeki": "Totsugeki!"}
AIR = ("bomber", "interceptor", "air")
FLEETS = ("cv-fleet", "surface-fleet", "sub-fleet", "scratch-convoy")
FROM = ("map", "delay", "turn-track")


def played(s: dict, card: str) -> bool:
    """Whether the Axis has played *card*: among its played cards or its Current Card (ruling R-15.29-played)."""
    return card in s["cards"]["axis"]["played"] or s["cards"]["axis"]["current"] == card


def japanese(s: dict, hex_: str) -> bool:
    """Whether the position places *hex_* in Japan or a Japanese Dependent (hexes; ruling R-15.29-hex)."""
    cid = (s["hexes"].get(hex_) or {}).get("country")
    return cid == "japan" or bool(cid and (s["countries"].get(cid) or {}).get("japanese_dependent"))


class ZActions(Event):
    """The Z Actions (15.29), shared by 15.29 and 15.37."""

    def candidates(self, s: dict, action: str) -> list[str]:
        if action == "harbor":
            return [p for p in find(s, kind="support", type_="surface-fleet")
                    if s["pieces"][p]["owner"] in ALLIED and s["pieces"][p]["at"] in ("pool", "turn-track")
                    and not pac(s, s["pieces"][p]["country"]) and not tac(s, s["pieces"][p]["country"])]
        if action == "army":
            if not played(s, "28b"):
                return []
            return [p for p in find(s, owner="axis") if s["pieces"][p]["at"] in FROM
                    and (s["pieces"][p]["kind"] == "support" and s["pieces"][p]["type"] in AIR
                         or s["pieces"][p]["kind"] == "ground" and s["pieces"][p]["type"] == "hq")]
        if action == "navy":
            if not played(s, "28a"):
                return []
            return [p for p in find(s, owner="axis", kind="support") if s["pieces"][p]["at"] in FROM
                    and s["pieces"][p]["type"] in FLEETS]
        if action == "troops":
            return [p for p in find(s, owner="axis", kind="ground", at="map")
                    if s["pieces"][p].get("steps", 1) == 1 and japanese(s, s["pieces"][p]["hex"])
                    and self.destinations(s, p)]
        return []

    @staticmethod
    def destinations(s: dict, pid: str) -> list[str]:
        here = s["pieces"][pid]["hex"]
        enemy = {s["pieces"][p]["hex"] for p in find(s, at="map") if s["pieces"][p]["owner"] != "axis"}
        return sorted(h for h in s["hexes"] if h != here and japanese(s, h) and h not in enemy)

    def allowed(self, f, action: str) -> bool:
        return f["limit"] is None or f["used"].get(action, 0) < f["limit"]

    def z_options(self, g, f) -> dict[str, list[str]]:
        s, out = g.s, {}
        for a in ACTIONS:
            if not self.allowed(f, a):
                continue
            if a in ("snlf", "totsugeki"):
                out[a] = []
            else:
                ids = self.candidates(s, a)
                if ids:
                    out[a] = ids
        return out

    def start_z(self, g, f, left: int, limit: int | None) -> None:
        f["left"], f["limit"], f["used"] = left, limit, {}
        self.ask(f, "axis", "z")
        if limit is None:
            return
        g.say("The Axis may also place a Blitz marker from its option card or use its support units to place "
              "regular Beachhead markers (15.29), as the players' rules allow.", rule="15.29")

    def prompt(self, g, f):
        if f["stage"] == "z":
            return {**self.z_options(g, f), "done": []}
        if f["stage"] == "to":
            return {"to": self.destinations(g.s, f["unit"])}
        return self.other_prompt(g, f)

    def other_prompt(self, g, f):
        return {}

    def z_text(self, g, f) -> str:
        opts = [f"{TITLES[a]} ({a}{'' if a in ('snlf', 'totsugeki') else ' ID'})" for a in self.z_options(g, f)]
        limit = "" if f["limit"] is None else f" (each at most {f['limit']} times: {self.counts(f)})"
        return (f"{f['left']} Z Action(s) left{limit}: {'; '.join(opts) if opts else 'none can be performed'}; "
                f"or stop (done)")

    @staticmethod
    def counts(f) -> str:
        return ", ".join(f"{TITLES[a]} {n}" for a, n in sorted(f["used"].items())) or "none used yet"

    def text(self, g, f):
        head = f"15.{self.n} {'Operation Z' if self.n == 29 else 'Widespread Attacks'}"
        if f["stage"] == "to":
            return (f"{head}, Surprise Troop Movement: the hex in Japan or a Japanese Dependent, without an enemy unit "
                    f"or marker, that {label(g.s, f['unit'])} moves to (to HEX)")
        if f["stage"] == "z":
            return f"{head}: the Axis may perform Z Actions: {self.z_text(g, f)}"
        return self.other_text(g, f)

    def other_text(self, g, f):
        return f"15.{self.n}"

    def why(self, g, f, verb, arg):
        s = g.s
        if verb in ACTIONS and f["stage"] == "z" and not self.allowed(f, verb):
            return f"{TITLES[verb]} was selected {f['limit']} times already in this Operation Z (15.29)"
        if verb == "army" and not played(s, "28b"):
            return "the Axis has not played card 28b North Wind Cloudy (15.29; ruling R-15.29-played)"
        if verb == "navy" and not played(s, "28a"):
            return "the Axis has not played card 28a East Wind Rain (15.29; ruling R-15.29-played)"
        p = s["pieces"].get(arg or "")
        if verb == "harbor" and p is not None:
            return (f"{arg} is not an enemy Surface Fleet in an Allied Force Pool or on the Turn Track, of a country "
                    f"neither TAC nor PAC (15.29; ruling R-15-pac-box)")
        if verb == "army" and p is not None:
            return f"{arg} is not an Axis Air support or HQ unit on the map, in the Delay Box or on the Turn Track (15.29)"
        if verb == "navy" and p is not None:
            return (f"{arg} is not an Axis Fleet support unit or Scratch Convoy on the map, in the Delay Box or on the "
                    f"Turn Track (15.29)")
        if verb == "troops" and p is not None:
            return (f"{arg} is not a single-step Axis ground unit in a hex of Japan or a Japanese Dependent with a hex "
                    f"there to move to (15.29; the position's hexes, ruling R-15.29-hex)")
        if verb == "to":
            return (f"{arg} is not another hex the position places in Japan or a Japanese Dependent, free of enemy "
                    f"units and markers (15.29)")
        return self.other_why(g, f, verb, arg)

    def other_why(self, g, f, verb, arg):
        return None

    def act(self, g, f, verb, arg):
        if f["stage"] in ("z", "to"):
            self.z_act(g, f, verb, arg)
        else:
            self.other_act(g, f, verb, arg)

    def other_act(self, g, f, verb, arg):
        g.end()

    def z_act(self, g, f, verb, arg):
        s, rule = g.s, f"15.{self.n}"
        if verb == "done":
            g.say(f"The Axis stopped its Z Actions with {f['left']} left.", faction="axis", rule=rule)
            g.end()
            return
        if verb == "troops":
            f["unit"] = arg
            f["stage"] = "to"
            return
        if verb == "to":
            pid = f.pop("unit")
            was = s["pieces"][pid]["hex"]
            move(s, pid, "map", hex=arg)
            g.say(f"Z Action {TITLES['troops']}: the Axis moved {label(s, pid)} from {was} to {arg}.", faction="axis",
                  rule="15.29")
            verb = "troops"
        elif verb in ("harbor", "army", "navy"):
            was = where(s["pieces"][arg])
            move(s, arg, "naval-delay" if verb == "harbor" else "pool")
            g.say(f"Z Action {TITLES[verb]}: {label(s, arg)} went from {was} to {where(s['pieces'][arg])}.",
                  faction="axis", rule="15.29")
        elif verb == "snlf":
            g.say(f"Z Action {TITLES['snlf']}: the Axis places one SNLF Beachhead-0 marker in an All-Sea hex.",
                  faction="axis", rule="15.29")
            players_step(g, self.n, "the Axis places one SNLF Beachhead-0 marker in an All-Sea hex of its choice "
                                    "(uncontested, not restricted by weather; the Special SNLF Landing rules)",
                         "4.1.3.1")
        else:
            markers = [p for p in find(s, type_="totsugeki", owner="axis") if s["pieces"][p]["at"] != "map"]
            if markers:
                move(s, markers[0], "pending")
            g.say(f"Z Action {TITLES['totsugeki']}: the Axis places one Totsugeki marker in a hex of its choice "
                  f"(never a Cabinet Crisis roll for it).", faction="axis", rule="15.29")
            players_step(g, self.n, f"the Axis places {label(s, markers[0]) if markers else 'a Totsugeki marker'} in "
                                    f"a hex anywhere on the map", "14.42")
        f["used"][verb] = f["used"].get(verb, 0) + 1
        f["left"] -= 1
        f["stage"] = "z"
        if f["left"] <= 0:
            g.say("The Axis performed all its Z Actions.", faction="axis", rule=rule)
            g.end()


@register
class OperationZ(ZActions):
    """15.29: the Axis may select a Neutral Country and Declare War (15.12) or roll on the Diplomatic Incident
    Table; then up to six Z Actions (four in Summer), each at most three times."""

    n = 29

    def begin(self, g, f):
        self.ask(f, "axis", "part1")

    @staticmethod
    def neutral(s: dict) -> list[str]:
        return [c for c in sorted(s["countries"]) if s["countries"][c]["status"] == "neutral"]

    def budget(self, s: dict) -> int:
        return 4 if s["season"] == "summer" else 6

    def other_prompt(self, g, f):
        if f["stage"] != "part1":
            return {}
        out: dict[str, list[str]] = {}
        neutral = self.neutral(g.s)
        if neutral:
            if 12 in REGISTERED:
                out["war"] = neutral
            out["diplomatic"] = neutral
        return {**out, "decline": []}

    def other_text(self, g, f):
        return ("15.29 Operation Z: the Axis may select one Neutral Country and Declare War on it (war ID) or roll on "
                f"the Diplomatic Incident Table (diplomatic ID), or decline; then {self.budget(g.s)} Z Actions "
                f"({g.s['season']})")

    def other_why(self, g, f, verb, arg):
        if verb in ("war", "diplomatic"):
            return f"{arg} is not a Neutral Country (15.29)"
        return None

    def other_act(self, g, f, verb, arg):
        s = g.s
        self.start_z(g, f, self.budget(s), 3)
        if verb == "war":
            g.say(f"Operation Z: the Axis declared war on {country_name(s, arg)} (15.12).", faction="axis",
                  rule="15.29")
            g.call("ds.15.12", "axis", n=12, recv="axis", stage="start", country=arg)
        elif verb == "diplomatic":
            g.say(f"Operation Z: the Axis selected {country_name(s, arg)} to roll on the Diplomatic Incident Table.",
                  faction="axis", rule="15.29")
            diplomatic_incident(g, 29, arg, "15.29")
        else:
            g.say("Operation Z: the Axis selected no Neutral Country.", faction="axis", rule="15.29")


@register
class WidespreadAttacks(ZActions):
    """15.37: the Axis may perform two bonus Z Actions (15.29), outside Operation Z's budget and three-action
    limit."""

    n = 37

    def begin(self, g, f):
        self.start_z(g, f, 2, None)
