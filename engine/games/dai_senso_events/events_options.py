"""The political events of batch "options" whose receiver picks among options (issue 32): 15.8 Chinese Incident,
15.28 Neutrals Pressured and 15.30 Political Option here, with the orders of the whole batch (15.14 European
Commitment: :mod:`.events_europe`; 15.26 Minor Country Politics: :mod:`.events_politics`; 15.29 Operation Z and
15.37 Widespread Attacks: :mod:`.events_zaction`).

Each frame is ``ds.15.N`` with ``n``, ``recv`` and ``stage`` (``start``, then the stage of the choice under way,
its role the faction the text names). A chained event (15.8 and 15.28 to 15.26, 15.30 to 15.8, 15.12, 15.15,
15.19, 15.8 to 15.19 and ``ds.hex-strike``) replaces the frame (``g.goto``) with the other event's locals.
What the fragment takes from outside section 15 is a players' step; a table the position lacks, a manual ruling
(rulings R-15-outside, R-tables).

What the batch's events share (the Posture Boxes' factions, PAC and TAC, Truce levels, table rolls) is in
:mod:`.postures`.
"""

from __future__ import annotations

from ...core import notation
from ...core.grammar import Order
from .event_base import Event, no_result, register
from .postures import (
    CHINESE_BOX,
    CHINESE_BOXES,
    POSTURE_SIDE,
    TRUCE_LEVELS,
    box_name,
    boxes_of,
    chained,
    move_truce,
    pac,
    truce_moves,
)
from .state import (
    ALLIED,
    FACTIONS,
    NAMES,
    TITLES,
    country_name,
    end_policy,
    enemy_influence,
    find,
    label,
    lose_step,
    move,
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
    from .hex_strike import strike_hexes
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
