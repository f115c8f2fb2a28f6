"""The Japanese Operations of Japanese Occupation that hold ground: Deploy (3.3.1) and Construct (3.3.2), rules
L1370-1385, and what all four Japanese Operations share (:class:`JapaneseOperation`); Sweep (3.3.3) and Assault
(3.3.4) are in :mod:`engine.games.japanese_occupation.japanese_sweep`.

Each selects up to three spaces, one if Limited (3.1, 2.4.4: a Limited Sweep has one destination but may bring
Troops in from several spaces); neither costs Resources (1.7 NOTE). What each does:

- Deploy places one Police in each space, taken from the map when none is Available (1.4.1 IMPORTANT), then,
  even if Limited, moves any Kempeitai markers to spaces with Japanese forces. A Japanese Pass's Limited Deploy
  (2.4.3; frame ``optional``, ``passed``) may select no space and still move Kempeitai.
- Construct repairs an adjacent Railway, or places a New Village with Opposition next to an Economic Center
  (1.15); with Labor Service Corps unshaded (J12) the British may then set one space next to each Railway it
  repaired to Opposition (:class:`LaborServiceCorps`). The Propaganda Round's Resources phase runs it too (6.3.2).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W
from .operation import Operation, cap
from .own_pieces import place_own

notation.declare(__name__, {"space", "move", "remove", "place", "activate", "done"})

#: The word of Construct's New Village placement (3.3.2).
NEW_VILLAGE = "new-village"


class JapaneseOperation(Operation):
    """What the four Japanese Operations share: the Japanese conduct them, and their log lines cite the
    Operation's rule. A Special Activity asked for in the middle of a step is refused with that reason (4.1:
    before, during or after the Operation, between its steps; engine.coin.worded)."""

    faction = "japanese"

    def say(self, g: Context, text: str) -> None:
        g.say(text, faction="japanese", rule=self.rule)

    def possible(self, g, f):
        """:meth:`engine.coin.operation.Operation.possible`; the first space of one no Event restricts (the turn
        asks it of each Operation) by :meth:`first_possible`."""
        if f["spaces"] or f.get("only") is not None:
            return super().possible(g, f)
        return f["max"] > 0 and self.first_possible(g, f)

    def first_possible(self, g: Context, f: dict) -> bool:
        """Whether a space of the pool passes the Operation's own test (:meth:`ok`), none selected yet."""
        ok = self.ok
        for s in self.space_pool(g, f):
            if ok(g, f, s):
                return True
        return False


def not_a_province(sid: str) -> str:
    """``Kuala Lumpur is a City, not a Province``."""
    kind = "a City" if sid == B.KL else W.kind_of(sid)
    return f"{B.NAME[sid]} is {kind}, not a Province"


# -- Deploy (3.3.1) ---------------------------------------------------------------------------------------------

@procedure
class Deploy(JapaneseOperation):
    """Deploy (3.3.1): Neutral Provinces with Troops, or Kuala Lumpur (whatever its level). In each, one Police
    is placed, from the map if none is Available (1.4.1 IMPORTANT: the Japanese are asked which, or none). Then,
    even if Limited, the Japanese may move any Kempeitai markers, each once (a second move could reach no space
    the first could not), to spaces with Japanese forces, selected or not (example L1670).

    Frame locals of its own: ``karrived`` (space -> Kempeitai moved in)."""

    name = "jo.op.deploy"
    op = "deploy"
    rule = "3.3.1"
    kinds = ("province", "city")

    WHERE = "Deploy selects Neutral Provinces with Troops, or Kuala Lumpur"

    def ok(self, g, f, sid):
        if sid == B.KL:
            return True
        x = g.s["spaces"][sid]
        return B.KIND[sid] == "province" and bool(x["troops"]) and not x["opposition"]

    def first_possible(self, g, f):
        """Kuala Lumpur, a space of the pool, may always be selected (:meth:`ok`)."""
        return B.KL in self.space_pool(g, f)

    def why_not(self, g, f, sid):
        if not B.is_province(sid):
            return W.because(f"{B.NAME[sid]} is {W.kind_of(sid)}: {self.WHERE}", self.rule)
        if B.opposed(g, sid):
            return W.because(f"{W.level_of(g, sid)}: {self.WHERE}", self.rule)
        return W.because(f"{W.has(g, sid, 'troops')}: {self.WHERE}", self.rule)

    def interruptible(self, g, f):
        return f["stage"] in ("select", "kempeitai")

    def on_selected(self, g, f, sid):
        self.say(g, f"Japanese Deploy selected {B.NAME[sid]}.")
        place_own(g, "japanese", sid, "police", rule=self.rule, label="Deploy")

    def act(self, g, f, verb, arg):
        if f["stage"] == "select" and verb == "done" and not f["spaces"] and f["optional"]:
            # A Pass's Limited Deploy (2.4.3) or an optional one: no Police placed, the Kempeitai may still move.
            self.on_select_done(g, f)
            return
        super().act(g, f, verb, arg)

    def on_select_done(self, g, f):
        f["stage"] = "kempeitai"
        f["karrived"] = {}

    # -- the Kempeitai move -------------------------------------------------------------------------------
    @staticmethod
    def movable(g: Context, f: dict, src: str) -> int:
        """The Kempeitai markers in *src* that have not moved in this Deploy."""
        return B.sp(g, src)["kempeitai"] - f["karrived"].get(src, 0)

    def kempeitai_moves(self, g: Context, f: dict) -> list[str]:
        """``FROM TO``: a marker that has not moved (:meth:`movable`, inline), to another space with Japanese
        forces (3.3.1)."""
        spaces, karrived = g.s["spaces"], f["karrived"]
        sources = [s for s in B.SPACES if spaces[s]["kempeitai"] > karrived.get(s, 0)]
        if not sources:
            return []
        dests = [s for s in B.SPACES if spaces[s]["troops"] or spaces[s]["police"]]  # B.japanese_forces
        out = []
        for a in sources:
            pair = B.PAIRS[a]  # the orders' words, written once
            out += [pair[b] for b in dests if b != a]
        return out

    def kempeitai_can_move(self, g: Context, f: dict) -> bool:
        """Whether :meth:`kempeitai_moves` holds a move: the same test, without writing the orders: a marker
        that may move, and a space with Japanese forces other than its own (two such spaces, or one elsewhere)."""
        spaces, karrived = g.s["spaces"], f["karrived"]
        sources = [s for s in B.SPACES if spaces[s]["kempeitai"] > karrived.get(s, 0)]
        if not sources:
            return False
        dests = 0
        for b in B.SPACES:
            x = spaces[b]
            if x["troops"] or x["police"]:
                if dests or len(sources) > 1 or b != sources[0]:
                    return True
                dests = 1
        return False

    def sub_prompt(self, g, f):
        moves = self.kempeitai_moves(g, f)
        return {"move": moves, "done": []} if moves else {"done": []}

    def sub_text(self, g, f):
        if not g.offers("move", lambda: self.kempeitai_can_move(g, f)):
            return "Japanese Deploy: no Kempeitai marker can move now; done"
        return ("Japanese Deploy: move a Kempeitai marker to a space with Japanese forces (move FROM TO; each marker "
                "once), or done")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] != "kempeitai" or verb != "move":
            return None
        got = W.space_args(arg, 2, "move", "FROM TO", self.rule)
        if not isinstance(got, list):
            return got
        src, dst = got
        if src == dst:
            return W.because(f"a Kempeitai marker in {B.NAME[src]} is there already: move it to another space",
                             self.rule)
        if not B.sp(g, src)["kempeitai"]:
            return W.because(f"{W.has(g, src, 'kempeitai')} to move", self.rule)
        if self.movable(g, f, src) <= 0:
            return W.because(f"every Kempeitai marker in {B.NAME[src]} moved there in this Deploy: each moves once",
                             self.rule)
        return W.because(f"{W.has(g, dst, 'troops', 'police')}: Deploy moves Kempeitai to spaces with Japanese "
                         "forces (Troops or Police)", self.rule)

    def sub_act(self, g, f, verb, arg):
        if verb == "done":
            if not f["karrived"]:
                self.say(g, "Japanese Deploy moved no Kempeitai marker.")
            f["stage"] = "final"
            return
        src, dst = arg.split(" ")
        B.move_marker(g, src, dst, "kempeitai", "Deploy", self.rule, faction="japanese")
        f["karrived"][dst] = f["karrived"].get(dst, 0) + 1

    def step(self, g, f):
        if f["stage"] == "kempeitai" and not self.kempeitai_can_move(g, f):
            if not f["karrived"]:
                self.say(g, "Japanese Deploy: no Kempeitai marker could move.")
            f["stage"] = "final"
            return True
        return super().step(g, f)


# -- Construct (3.3.2) --------------------------------------------------------------------------------------------

def repairs(g: Context, sid: str) -> list[str]:
    """The Railways adjacent to *sid* with a Sabotage marker (3.3.2)."""
    return [r for r in B.rails_of(sid) if B.sabotaged(g, r)]


def village_refusal(g: Context, sid: str) -> str | None:
    """Why Construct may not place a New Village in Province *sid* (3.3.2, 1.15): one is there, no Economic
    Center is adjacent, none is Available (a marker: never from the map, 1.4.1); ``None`` if it may."""
    if B.sp(g, sid)["new_village"]:
        return f"{B.NAME[sid]} has a New Village already"
    if not any(B.is_ec(a) for a in B.adj(g, sid)):
        return f"{B.NAME[sid]} is not adjacent to an Economic Center"
    if not g.s["available"]["new_village"]:
        return "no New Village is Available"
    return None


@procedure
class Construct(JapaneseOperation):
    """Construct (3.3.2): Provinces with more cubes (Troops and Police) than Guerrillas. In each, the Japanese
    remove a Sabotage marker from an adjacent Railway of their choice, or, in a Province without a New Village
    and adjacent to an Economic Center, may instead place a New Village and set the Province to Opposition
    (example L1726). Where a Railway could be repaired one of the two is done (ruling R-CONSTRUCT: the repair is
    an order, the New Village its alternative); where only the New Village could be placed, it is the Japanese
    player's choice. One forced outcome is applied without asking.

    With Labor Service Corps unshaded (J12) in play, as each Railway is first repaired in this Construct the
    British may set one space adjacent to it to Opposition (:class:`LaborServiceCorps`; ruling R-J12).

    Frame locals of its own: ``here`` (the Province choosing), ``repaired`` (the Railways repaired, each once)."""

    name = "jo.op.construct"
    op = "construct"
    rule = "3.3.2"
    kinds = ("province",)

    WHERE = "Construct selects Provinces with more cubes than Guerrillas"

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]  # B.cubes(x) > B.guerrillas(x), inline
        return B.KIND[sid] == "province" and (x["troops"] + x["police"]
                                              > x["mpaja_u"] + x["mpaja_a"] + x["non_mpaja_u"] + x["non_mpaja_a"])

    def first_possible(self, g, f):
        """:meth:`ok` of each Province of the pool, inline."""
        spaces = g.s["spaces"]
        for s in self.space_pool(g, f):
            x = spaces[s]
            if x["troops"] + x["police"] > x["mpaja_u"] + x["mpaja_a"] + x["non_mpaja_u"] + x["non_mpaja_a"]:
                return True
        return False

    def why_not(self, g, f, sid):
        if not B.is_province(sid):
            return W.because(f"{not_a_province(sid)}: {self.WHERE}", self.rule)
        return W.because(f"{W.has(g, sid, 'cubes', 'guerrillas')}: {self.WHERE}", self.rule)

    def on_selected(self, g, f, sid):
        self.say(g, f"Japanese Construct selected {B.NAME[sid]}.")
        rails, no_village = repairs(g, sid), village_refusal(g, sid)
        if not rails and no_village:
            self.say(g, f"Construct in {B.NAME[sid]} did nothing: no adjacent Railway has a Sabotage marker, and "
                        f"{no_village}.")
            return
        if len(rails) == 1 and no_village:
            self.repair(g, f, sid, rails[0])
            return
        f["here"] = sid
        f["stage"] = "construct"

    def repair(self, g: Context, f: dict, sid: str, rid: str) -> None:
        """Removes a Sabotage marker from *rid*; with Labor Service Corps unshaded (J12) the British are asked at
        once for their Opposition, once per Railway in this Construct (ruling R-J12)."""
        B.repair(g, rid, f"Construct in {B.NAME[sid]}", self.rule)
        done = f.setdefault("repaired", [])
        if rid in done:
            return
        done.append(rid)
        if cap(g, "J12") != "unshaded":
            return
        options = LaborServiceCorps.options(g, rid)
        if options:
            g.call(LaborServiceCorps.name, "british", rail=rid, options=options, rule="J12")
        else:
            g.say(f"Labor Service Corps: no Neutral space adjacent to the {B.RAIL_NAME[rid]} can be set to "
                  "Opposition.", faction="british", rule="J12")

    def village(self, g: Context, sid: str) -> None:
        B.place_marker(g, sid, "new_village", "Construct", self.rule, faction="japanese")
        if not B.add_opposition(g, sid, "Construct with a New Village", self.rule, faction="japanese"):
            self.say(g, f"{B.NAME[sid]} was at Opposition already.")

    def sub_prompt(self, g, f):
        if f["stage"] != "construct":
            return {}
        sid, out = f["here"], {}
        rails = repairs(g, sid)
        if rails:
            out["remove"] = rails
        if not village_refusal(g, sid):
            out["place"] = [NEW_VILLAGE]
        if not rails:
            out["done"] = []
        return out

    def sub_text(self, g, f):
        sid = f["here"]
        name = B.NAME[sid]
        rails = repairs(g, sid)
        parts = []
        if rails:
            parts.append("remove a Sabotage marker from an adjacent Railway (remove RAILWAY)")
        if not village_refusal(g, sid):
            parts.append(f"place a New Village and set {name} to Opposition (place {NEW_VILLAGE})")
        if not rails:
            parts.append("done to place none")
        return f"Japanese Construct in {name}: " + " or ".join(parts)

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] != "construct":
            return None
        sid = f["here"]
        name = B.NAME[sid]
        if verb == "remove":
            rid = W.rail_of(arg)
            if rid is None:
                return W.not_a_railway(arg or "", self.rule)
            if sid not in B.RAIL_ADJ[rid]:
                return W.because(f"the {B.RAIL_NAME[rid]} is not adjacent to {name}: Construct repairs an adjacent "
                                 "Railway", self.rule)
            return W.because(f"the {B.RAIL_NAME[rid]} has no Sabotage marker to remove", self.rule)
        if verb == "place":
            if arg != NEW_VILLAGE:
                return W.form("place", NEW_VILLAGE, arg, self.rule)
            return W.because(f"{village_refusal(g, sid)}: Construct places a New Village in a Province without one "
                             "adjacent to an Economic Center, from Available", f"{self.rule}, 1.15")
        if verb == "done":
            rails = W.names([B.RAIL_NAME[r] for r in repairs(g, sid)], plain=True, joint="or")
            return W.because(f"Construct in {name} removes a Sabotage marker from an adjacent Railway ({rails}), or "
                             "places a New Village where it may: one of them is done (ruling R-CONSTRUCT)", self.rule)
        return None

    def sub_act(self, g, f, verb, arg):
        sid = f.pop("here")
        f["stage"] = "select"
        if verb == "remove":
            self.repair(g, f, sid, arg)
        elif verb == "place":
            self.village(g, sid)
        else:
            self.say(g, f"Japanese Construct in {B.NAME[sid]} placed no New Village.")


@procedure
class LaborServiceCorps(Procedure):
    """Labor Service Corps unshaded (J12, Deeply unpopular): for a Railway whose Sabotage a Construct removed,
    the British may set one Neutral Province or Kuala Lumpur adjacent to it to Opposition. The card names no
    Terror: Terror blocks only the Mobilize Population icon and the Propaganda Round's Opposition (1.12), so
    a space with Terror may be chosen (ruling R-J12). Frame: ``rail``, ``options``, ``rule``."""

    name = "jo.j12.opposition"
    rule = "J12"

    @staticmethod
    def options(g: Context, rid: str) -> list[str]:
        """The spaces adjacent to Railway *rid* that may be set to Opposition: Neutral Provinces and Kuala
        Lumpur (1.6, 1.3.5 NOTE)."""
        return [s for s in B.RAIL_ADJ[rid] if B.neutral(g, s)]

    def prompt(self, g, f):
        return {"space": list(f["options"]), "done": []}

    def text(self, g, f):
        return (f"British (Labor Service Corps): the Japanese Construct removed Sabotage from the "
                f"{B.RAIL_NAME[f['rail']]}; set one space adjacent to it to Opposition (space SPACE), or done")

    def explain(self, g, f, verb, arg):
        if verb != "space" or arg is None or arg in f["options"]:
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        rail = B.RAIL_NAME[f["rail"]]
        if arg not in B.RAIL_ADJ[f["rail"]]:
            return W.because(f"{B.NAME[arg]} is not adjacent to the {rail}, the Railway repaired", "J12")
        if arg not in B.OPPOSITION_SPACES:
            return W.because(f"{B.NAME[arg]} is {W.kind_of(arg)}, never at Opposition (1.3.5 NOTE)", "J12")
        return W.because(f"{B.NAME[arg]} is at Opposition already", "J12")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say(f"Labor Service Corps: the British set no space next to the {B.RAIL_NAME[f['rail']]} to Opposition.",
                  faction="british", rule="J12")
            return
        B.add_opposition(g, arg, "Labor Service Corps", "J12", faction="british")

