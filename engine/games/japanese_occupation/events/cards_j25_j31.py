"""Japanese Occupation Event cards J25 to J31 that grant no Operation (rule 5; texts and Tips in 9.0,
L2017-2107): J25 John Davis (shaded), J28 Operation Gustavus, J29 Kempeitai, J30 Malayan Volunteer Corps, J31
Comfort Women, and the Capability J27 Jungle Conference. J24, J26 and J25 unshaded, which grant Operations or
Special Activities, are in ``granted_j21_j32``; J18 to J23, and the removal of one marker these cards share
(:class:`OneRemoval`), in ``cards_j18_j23``.

How these texts are carried out (who decides, pieces and markers, Capabilities, the choices and order words) is
said once, in the package's docstring (``events``).
"""

from __future__ import annotations

from ....coin import pickers
from ....coin.events import ScriptEvent
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import intel_chits as chits
from .. import why as W
from ..own_pieces import place_own
from . import capability, event
from .cards_j18_j23 import OneRemoval, marker_options
from .common import (
    TITLE,
    Conceal,
    any_placeable,
    camps,
    can_place,
    choose_one,
    intel_frame,
    pick,
    put,
    reason,
    troops_and_opposition,
    whole,
)

notation.declare(__name__, {"remove", "space", "move", "done"})

capability("J27", "unshaded")
capability("J27", "shaded")


# -- J25 John Davis (shaded) -----------------------------------------------------------------------------------------

@event("J25", "shaded", playable=lambda g, faction: B.on_map(g, "force_136") > 0)
@procedure
class DavisShaded(OneRemoval):
    """J25 shaded (Loses contact with command): the executing faction moves a Force 136 marker of its choice from
    the map onto the card (``davis``); it comes back at the next Reset Phase to a Province with a Jungle Camp, or
    to Available if none, the Province chosen by the faction that executed the text (ruling R-J25: recorded in
    ``flags["davis_by"]``; the return is the Reset's, propaganda_phases)."""

    name = "jo.ev.J25.shaded"
    keys = ("force_136",)
    to = "davis"
    cid = "J25"
    need = "a space with Force 136"

    def taken(self, g, f, arg, value):
        g.s["flags"]["davis_by"] = f["faction"]
        g.say(f"{TITLE['J25']}: the Force 136 marker waits on the card until the next Reset Phase, when the "
              f"{f['faction'].title()} return it to a Province with a Jungle Camp, or to Available if none.",
              faction=f["faction"], rule="J25, ruling R-J25")


# -- J28 Operation Gustavus ----------------------------------------------------------------------------------------

def j28u_options(g: Context, faction: str) -> list[str]:
    """The Provinces with a Jungle Camp J28 unshaded may choose (ruling R-J28): where a Supply Cache can be placed
    and some such Province has none, those; else any where something can be placed."""
    cache_in = [s for s in camps(g) if can_place(g, faction, "caches", s)]
    if cache_in:
        return cache_in
    return camps(g) if g.s["available"]["force_136"] else []


@event("J28", "unshaded", playable=lambda g, faction: bool(j28u_options(g, faction)))
@procedure
class GustavusUnshaded(ScriptEvent):
    """J28 unshaded (Submarine landings): into one Province with a Jungle Camp, the executing faction's choice, go
    a Force 136 marker (from Available only, 1.9 NOTE) and a Supply Cache (one a space, 1.4.2; from Available, or
    with none the British, whose force it is, may take one from the map: ruling R-EVENT-FROM-MAP). A Province
    where the Cache can go is chosen if there is one (ruling R-J28); the Jungle Camp stays."""

    name = "jo.ev.J28.unshaded"
    script = ("ask", "land")

    def ask(self, g, f):
        choose_one(g, f, f["faction"], j28u_options(g, f["faction"]), verb="space", rule="J28", label=TITLE["J28"],
                   why="J28", ask="choose the Province with a Jungle Camp for the landing (space SPACE)")

    def land(self, g, f):
        sid = f.pop("ret")
        if not B.place_marker(g, sid, "force_136", TITLE["J28"], "J28", faction=f["faction"]):
            g.say(f"{TITLE['J28']}: no Force 136 marker is Available to place.", faction=f["faction"],
                  rule="J28, 1.9 NOTE, 5.1.1")
        place_own(g, f["faction"], sid, "caches", rule="J28", label=TITLE["J28"], by="event")


@reason("J28")
def j28_reason(g: Context, f: dict, sid: str):
    if not B.sp(g, sid)["jungle_camp"]:
        return W.because(f"{B.name(sid)} has no Jungle Camp: the landing goes to a Province with one", "J28")
    return W.because(f"{W.has(g, sid, 'caches')} already; a Province with a Jungle Camp where the Supply Cache can "
                     "go comes first", "J28, ruling R-J28, 1.4.2")


def near_troops(g: Context) -> list[str]:
    """Provinces with Troops or next to a space with Troops."""
    return [s for s in B.PROVINCES
            if B.sp(g, s)["troops"] or any(B.sp(g, a)["troops"] for a in B.adj(g, s))]


@event("J28", "shaded", playable=lambda g, faction: bool(marker_options(g, ["force_136", "caches"], near_troops(g))))
@procedure
class GustavusShaded(OneRemoval):
    """J28 shaded (Japanese naval patrols): the executing faction removes a Force 136 marker or a Supply Cache, its
    choice, from a Province with Troops or next to a space with Troops, to Available."""

    name = "jo.ev.J28.shaded"
    keys = ("force_136", "caches")
    cid = "J28"
    need = "a Province with Troops or next to Troops"

    def spaces(self, g):
        return near_troops(g)


# -- J29 Kempeitai -------------------------------------------------------------------------------------------------

@event("J29", "unshaded", playable=lambda g, faction: B.on_map(g, "kempeitai") > 0)
@procedure
class KempeitaiUnshaded(OneRemoval):
    """J29 unshaded (Diverted to other theaters): the executing faction takes a Kempeitai marker of its choice out
    of the game for good (Tip L2081)."""

    name = "jo.ev.J29.unshaded"
    keys = ("kempeitai",)
    to = "out"
    cid = "J29"
    need = "a space with Kempeitai"


@procedure
class KempeitaiMoves(Procedure):
    """J29 shaded's moves: ``move FROM TO`` sends one Kempeitai marker not yet moved by the card to any other
    space (1.4.2 NOTE: several may share one); ``done`` stops (ruling R-EVENT-MAY; with ``whole``, only before
    the first move or after the last). Frame ``left``: space -> markers there not yet moved."""

    name = "jo.ev.J29.moves"

    def options(self, g: Context, f: dict) -> list[str]:
        return [f"{s} {d}" for s in B.SPACES if f["left"].get(s) for d in B.SPACES if d != s]

    def may_stop(self, f: dict) -> bool:
        return not f["whole"] or f["moved"] in (0, f["total"])

    def prompt(self, g, f):
        out = {"move": self.options(g, f)}
        if self.may_stop(f):
            out["done"] = []
        return out

    def text(self, g, f):
        head = (f"{pickers.who(f)}: move a Kempeitai marker the card has not moved to any space (move FROM TO) "
                f"({f['moved']} of {f['total']} moved)")
        return f"{head}, or done" if self.may_stop(f) else head

    def rule_for(self, g, f):
        return f["rule"]

    def explain(self, g, f, verb, arg):
        rule = f["rule"]
        if verb == "done" and not self.may_stop(f):
            return W.because(f"the Japanese began moving the Kempeitai markers and move all {f['total']} "
                             "(the umpire's reading 'whole' of ruling R-EVENT-MAY)", f"{rule}, ruling R-EVENT-MAY")
        if verb != "move" or arg is None or arg in self.options(g, f):
            return None
        words = W.space_args(arg, 2, "move", "FROM TO", rule)
        if not isinstance(words, list):
            return words
        src, dst = words
        if src == dst:
            return W.because(f"a Kempeitai marker sent from {B.name(src)} to {B.name(src)} would not move", rule)
        if B.sp(g, src)["kempeitai"]:
            return W.because(f"the Kempeitai in {B.name(src)} have been moved there by this card: each moves once",
                             rule)
        return W.because(f"{W.has(g, src, 'kempeitai')} to move", rule)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        src, dst = arg.split(" ")
        f["left"][src] -= 1
        f["moved"] += 1
        B.move_marker(g, src, dst, "kempeitai", f["label"], f["rule"], faction=f["role"])

    def step(self, g, f):
        if f["moved"] >= f["total"]:
            g.end()
            return True
        return False


def j29s_playable(g: Context, faction: str) -> bool:
    return bool(B.on_map(g, "kempeitai") or chits.revealed_spaces(g))


@event("J29", "shaded", playable=j29s_playable)
@procedure
class KempeitaiShaded(ScriptEvent):
    """J29 shaded (Brutal interrogations): the Japanese, whoever executes (ruling R-5.1), may move every Kempeitai
    marker on the map, each once, to any space (ruling R-EVENT-MAY: any, all or none), then conceal up to 2
    revealed Intel chits of their choice (1.11)."""

    name = "jo.ev.J29.shaded"
    script = ("move", "conceal")

    def move(self, g, f):
        left = {s: B.sp(g, s)["kempeitai"] for s in B.spaces_with(g, "kempeitai")}
        if left:
            g.call(KempeitaiMoves.name, "japanese", left=left, moved=0, total=sum(left.values()), whole=whole(g),
                   rule="J29", label=TITLE["J29"])

    def conceal(self, g, f):
        if not chits.revealed_spaces(g):
            g.say(f"{TITLE['J29']}: no Intel chit is revealed to conceal.", faction="japanese", rule="J29")
            return
        g.call(Conceal.name, "japanese", **intel_frame(count=2, min=0, rule="J29", label=TITLE["J29"]))


# -- J30 Malayan Volunteer Corps ----------------------------------------------------------------------------------

def j30u_spaces(g: Context) -> list[str]:
    """Spaces with Guerrillas, Opposition and a Police cube to remove."""
    return [s for s in B.SPACES if B.guerrillas(B.sp(g, s)) and B.opposed(g, s) and B.sp(g, s)["police"]]


@event("J30", "unshaded", playable=lambda g, faction: bool(j30u_spaces(g)))
def volunteers_unshaded(g: Context, faction: str) -> None:
    """J30 unshaded (Intimidated by guerrillas): the executing faction removes 1 Police cube each from up to 3
    spaces with Guerrillas and Opposition, to Available ("up to": it may stop sooner)."""
    pick(g, faction, ["police"], spaces=j30u_spaces(g), max=3, per_space=1, what="a Police cube", rule="J30",
         label=TITLE["J30"])


def troop_spaces(g: Context) -> list[str]:
    return B.spaces_with(g, "troops")


@event("J30", "shaded", playable=lambda g, faction: any_placeable(g, faction, "police", troop_spaces(g)))
def volunteers_shaded(g: Context, faction: str) -> None:
    """J30 shaded (Local defense forces): 1 Police cube in each space with Troops, from Available (the Japanese,
    placing their own, may take Police from the map when none is Available: ruling R-EVENT-FROM-MAP). With
    enough Available every such space gets one without a choice; with too few the executing faction chooses
    which spaces get them (ruling R-EVENT-MAY), as many as are Available (5.1.3)."""
    spaces = troop_spaces(g)
    if g.s["available"]["police"] >= len(spaces):
        for sid in spaces:
            place_own(g, faction, sid, "police", rule="J30", label=TITLE["J30"], by="event")
        return
    put(g, faction, "police", spaces=spaces, where="a space with Troops", max=len(spaces),
        min=g.s["available"]["police"], per_space=1, rule="J30", label=TITLE["J30"])


# -- J31 Comfort Women ---------------------------------------------------------------------------------------------

@event("J31", "unshaded", playable=lambda g, faction: bool(troops_and_opposition(g)) and g.s["resources"] > 0)
def comfort_unshaded(g: Context, faction: str) -> None:
    """J31 unshaded (Demands resisted): Japanese Resources fall by 1 for each space with Troops and Opposition,
    not below 0 (1.7, 5.1.1)."""
    spaces = troops_and_opposition(g)
    B.gain_resources(g, -len(spaces), f"{TITLE['J31']}: Troops and Opposition in {W.names(spaces)}", "J31")


@event("J31", "shaded", playable=lambda g, faction: bool(troop_spaces(g)) and g.s["resources"] < B.RESOURCES_MAX)
def comfort_shaded(g: Context, faction: str) -> None:
    """J31 shaded (Forced compliance): Japanese Resources rise by 1 for each space with Troops, not above 20 (1.7,
    5.1.1)."""
    spaces = troop_spaces(g)
    B.gain_resources(g, len(spaces), f"{TITLE['J31']}: Troops in {W.names(spaces)}", "J31")
