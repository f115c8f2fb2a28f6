"""Malaya Event cards M9 to M16 (rule 5; texts and Tips in 9.0): M9 Batang Kali, M10 Gurney Killed, M11
Chemical Defoliants, M12 Orang Asli, M13 Malay Police, M14 Korean War, M15 Urban Calm, M16 Deportations.

The executing faction makes the choices, except where a text names a faction ("British may...", "British
Reprisal..."): that faction decides (5.1, ruling R-EVENT-FACTION). Operations and Special Activities the
cards grant are free (3.1.2, 5.4; ruling R-FREE-OPS) and go through granted.py.
"""

from __future__ import annotations

from ....coin import resources
from ....coin.events import ScriptEvent
from ....coin.will import shift_will
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W
from ..operation import place_own
from . import event
from .common import can_place, choice_reason, choose, pick, place_refusal, put, shift_spaces, shiftable
from .granted import free_op, free_ops, free_sa, near


def provinces_with_troops(g: Context) -> list[str]:
    return [s for s in B.PROVINCES if B.sp(g, s)["troops"]]


def british_controlled(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.control(g, s) == "british"]


# -- M9 Batang Kali -----------------------------------------------------------------------------------------

def m9u_spaces(g: Context) -> list[str]:
    """Provinces with Troops where the Reprisal or the Assault would change something: a level to set to
    Neutral, no Terror marker yet, or MCP pieces (a Guerrilla to move, pieces to Assault)."""
    return [s for s in provinces_with_troops(g)
            if B.level(g, s) or not B.sp(g, s)["terror"] or B.mcp(B.sp(g, s))]


@event("M9", "unshaded", playable=lambda g, faction: bool(m9u_spaces(g)))
@procedure
class BatangKaliUnshaded(ScriptEvent):
    """M9 unshaded (British terrorize the people): the British, whoever executes, Reprisal in 1 Province with
    Troops (one space even at Gurney) and then free Assault there (ruling R-M9; 4.2.2, 3.2.4). Both are free
    (5.4); the Reprisal ends with its space as ``ret``, where the Assault then takes place, if it may (cubes
    and MCP pieces there after the Reprisal)."""

    name = "my.ev.M9.unshaded"
    script = ("reprisal", "assault")

    def reprisal(self, g, f):
        free_sa(g, "british", "reprisal", max=1, rule="M9", label="Batang Kali")

    def assault(self, g, f):
        there = f.pop("ret", None) or []
        if there:
            free_op(g, "british", "assault", limited=True, only=there, rule="M9", label="Batang Kali",
                    optional=False)


@event("M9", "shaded", playable=lambda g, faction: g.s["pw"] > 0 or bool(shiftable(g, B.PROVINCES, set_to=-1)))
@procedure
class BatangKaliShaded(ScriptEvent):
    """M9 shaded (Brutal massacre): the executing faction sets 1 Province to Opposition, then Political Will
    falls by 2 (not below 0, 5.1.1)."""

    name = "my.ev.M9.shaded"
    script = ("set", "will")

    def set(self, g, f):
        shift_spaces(g, f["faction"], B.PROVINCES, count=1, set_to=-1, rule="M9", label="Batang Kali")

    def will(self, g, f):
        f.pop("ret", None)
        shift_will(g, -2, "Batang Kali", rule="M9")


# -- M10 Gurney Killed --------------------------------------------------------------------------------------

def spaces_with_british(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.british(B.sp(g, s))]


def m10u_playable(g: Context, faction: str) -> bool:
    return any(can_place(g, faction, "police", s) for s in spaces_with_british(g))


@event("M10", "unshaded", playable=m10u_playable)
def gurney_unshaded(g: Context, faction: str) -> None:
    """M10 unshaded (Galvanizes settlers): the executing faction places 1 Police each into 3 spaces with British
    pieces (all it can, up to 3: 5.1.3); the British may take their own from the map when none are Available
    (ruling R-1.4.1-EVENT), the MCP place them from Available only."""
    put(g, faction, "police", spaces=spaces_with_british(g), max=3, min=3, per_space=1, rule="M10",
        label="Gurney Killed")


def m10s_playable(g: Context, faction: str) -> bool:
    return not g.s["gurney_killed"] or any(can_place(g, faction, "guerrillas", s) for s in B.SPACES)


@event("M10", "shaded", playable=m10s_playable)
@procedure
class GurneyShaded(ScriptEvent):
    """M10 shaded (MCP kill leader): the British Commander's effect is cancelled until the next Reset (6.6.3,
    ruling R-COMMANDER: the Commander marker flipped to Gurney Killed), then the executing faction places 1
    Guerrilla anywhere."""

    name = "my.ev.M10.shaded"
    script = ("cancel", "place")

    def cancel(self, g, f):
        if not g.s["gurney_killed"]:
            g.s["gurney_killed"] = True
            g.say(f"The British Commander's effect ({B.COMMANDERS[g.s['commander']]}) was cancelled until the next "
                  "Reset: the Commander marker was flipped to Gurney Killed.", faction=f["faction"], rule="M10")

    def place(self, g, f):
        put(g, f["faction"], "guerrillas", spaces=B.SPACES, max=1, min=1, rule="M10", label="Gurney Killed")


# -- M11 Chemical Defoliants --------------------------------------------------------------------------------

def jungle_bases(g: Context) -> int:
    """MCP Bases in Jungle Provinces (Thailand is not a Province, Tip; ruling R-MAP-3)."""
    return sum(B.sp(g, s)["bases"] for s in B.JUNGLE)


@event("M11", "unshaded", playable=lambda g, faction: jungle_bases(g) > 0 and g.s["resources"]["mcp"] > 0)
def defoliants_unshaded(g: Context, faction: str) -> None:
    """M11 unshaded (Denies terrorists crops): MCP Resources -1 for each Base in a Jungle Province (not below 0,
    5.1.1)."""
    n = jungle_bases(g)
    resources.shift(g, "mcp", -n, f"Chemical Defoliants: {n} Base(s) in Jungle Provinces", rule="M11")


def m11s_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["bases"]]


@event("M11", "shaded", playable=lambda g, faction: g.s["pw"] > 0 or bool(shiftable(g, m11s_spaces(g), steps=-1)))
@procedure
class DefoliantsShaded(ScriptEvent):
    """M11 shaded (Controversial program): the executing faction shifts a space with an MCP Base 1 level
    toward Opposition (not Thailand, ruling R-EVENT-SHIFT); Political Will -1."""

    name = "my.ev.M11.shaded"
    script = ("shift", "will")

    def shift(self, g, f):
        shift_spaces(g, f["faction"], m11s_spaces(g), count=1, steps=-1, rule="M11", label="Chemical Defoliants")

    def will(self, g, f):
        f.pop("ret", None)
        shift_will(g, -1, "Chemical Defoliants", rule="M11")


# -- M12 Orang Asli -----------------------------------------------------------------------------------------

def m12u_spaces(g: Context) -> list[str]:
    """Jungle Provinces without MCP Control (Thailand is not a Province, Tip)."""
    return [s for s in B.JUNGLE if B.control(g, s) != "mcp"]


@event("M12", "unshaded",
       playable=lambda g, faction: any(can_place(g, faction, "police", s) for s in m12u_spaces(g)))
def orang_asli_unshaded(g: Context, faction: str) -> None:
    """M12 unshaded (Protected by jungle forts): the executing faction places up to 2 Police each in 2 Jungle
    Provinces without MCP Control (the spaces as the text starts)."""
    put(g, faction, "police", spaces=m12u_spaces(g), max=4, per_space=2, max_spaces=2, rule="M12",
        label="Orang Asli")


@event("M12", "shaded", playable=lambda g, faction: any(can_place(g, faction, "bases", s) for s in B.JUNGLE))
def orang_asli_shaded(g: Context, faction: str) -> None:
    """M12 shaded (Provide supplies to MCP): the executing faction places a Base into a Jungle Province (two
    Bases a space at most, 1.4.2; from the map for the MCP when none are Available, ruling R-1.4.1-EVENT)."""
    put(g, faction, "bases", spaces=B.JUNGLE, max=1, min=1, rule="M12", label="Orang Asli")


# -- M13 Malay Police ---------------------------------------------------------------------------------------

@event("M13", "unshaded",
       playable=lambda g, faction: any(can_place(g, faction, "police", s) for s in british_controlled(g)))
def malay_police_unshaded(g: Context, faction: str) -> None:
    """M13 unshaded (Malay side with British): the executing faction places up to 4 Police in all, in any
    British Controlled spaces (the Tip: spread as desired)."""
    put(g, faction, "police", spaces=british_controlled(g), max=4, rule="M13", label="Malay Police")


def m13s_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["police"]]


@event("M13", "shaded", playable=lambda g, faction: bool(shiftable(g, m13s_spaces(g), steps=-1)))
def malay_police_shaded(g: Context, faction: str) -> None:
    """M13 shaded (Alienate Chinese): the executing faction shifts a space with Police 1 level toward
    Opposition."""
    shift_spaces(g, faction, m13s_spaces(g), count=1, steps=-1, rule="M13", label="Malay Police")


# -- M14 Korean War -----------------------------------------------------------------------------------------

@event("M14", "unshaded", playable=lambda g, faction: g.s["resources"]["british"] < B.RESOURCES_MAX
       or g.s["pw"] < 20)
def korean_war_unshaded(g: Context, faction: str) -> None:
    """M14 unshaded (Rubber and tin prices soar): British Resources +10, Political Will +1 (to 20 at most,
    5.1.1)."""
    resources.shift(g, "british", 10, "Korean War", rule="M14")
    shift_will(g, 1, "Korean War", rule="M14")


@event("M14", "shaded", playable=lambda g, faction: g.s["resources"]["british"] > 0)
def korean_war_shaded(g: Context, faction: str) -> None:
    """M14 shaded (Distracts from Emergency): British Resources -4 (not below 0, 5.1.1)."""
    resources.shift(g, "british", -4, "Korean War", rule="M14")


# -- M15 Urban Calm -----------------------------------------------------------------------------------------

@event("M15", "unshaded")
@procedure
class UrbanCalmUnshaded(ScriptEvent):
    """M15 unshaded (Colonial center): the British, whoever executes (ruling R-EVENT-FACTION), free Train in
    Kuala Lumpur (3.2.1; Pacify there still costs, 3.1.2), then conduct a free Limited Operation in or adjacent
    to Kuala Lumpur: its space, or its one destination, is Kuala Lumpur or a neighbour, its cubes may come
    from anywhere and may be those just placed (Tip; ruling R-FREE-OPS)."""

    name = "my.ev.M15.unshaded"
    script = ("train", "operation")

    def train(self, g, f):
        free_op(g, "british", "train", limited=False, spaces=1, only=[B.KL], rule="M15", label="Urban Calm",
                optional=False)

    def operation(self, g, f):
        f.pop("ret", None)
        free_ops(g, "british", 1, limited=True, only=near(g, B.KL), rule="M15", label="Urban Calm")


@event("M15", "shaded", playable=lambda g, faction: can_place(g, faction, "guerrillas", B.KL))
def urban_calm_shaded(g: Context, faction: str) -> None:
    """M15 shaded (Guerrillas slip in): the executing faction places a Guerrilla in Kuala Lumpur."""
    put(g, faction, "guerrillas", spaces=[B.KL], max=1, min=1, rule="M15", label="Urban Calm")


# -- M16 Deportations ---------------------------------------------------------------------------------------

def m16u_spaces(g: Context) -> list[str]:
    return [s for s in british_controlled(g) if B.mcp(B.sp(g, s))]


@event("M16", "unshaded", playable=lambda g, faction: bool(m16u_spaces(g)))
def deportations_unshaded(g: Context, faction: str) -> None:
    """M16 unshaded (Deported to China): the British, whoever executes (ruling R-EVENT-FACTION), may remove up
    to 3 MCP pieces in all from British Controlled spaces, Bases before Guerrillas if they wish, even
    Underground ones (Tip); +1 Political Will per Base removed (7.1)."""
    pick(g, "british", ["guerrillas_u", "guerrillas_a", "bases"], spaces=m16u_spaces(g), max=3, on_base="pw",
         rule="M16", label="Deportations")


def m16s_spaces(g: Context, faction: str) -> list[str]:
    """The Provinces M16 shaded may choose: those a shift toward Opposition changes (5.1.3: the shift must be
    made where it can); if none, those where a Guerrilla could be placed."""
    return shiftable(g, B.PROVINCES, steps=-1) or [s for s in B.PROVINCES if can_place(g, faction, "guerrillas", s)]


@choice_reason("M16s-space")
def m16s_reason(g: Context, f: dict, sid: str) -> str:
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is not a Province", "M16, 1.3.2")
    if B.level(g, sid) < 0:
        return W.because(f"{W.level_of(g, sid)} already, and other Provinces can still shift: what an Event can do, "
                         "it must", "M16, 5.1.3")
    return place_refusal(g, f["role"], "guerrillas", sid, "M16")


@event("M16", "shaded", playable=lambda g, faction: bool(m16s_spaces(g, faction)))
@procedure
class DeportationsShaded(ScriptEvent):
    """M16 shaded (Families separated): the executing faction shifts 1 Province 1 level toward Opposition,
    then places a Guerrilla there (from Available; the MCP may take their own from the map when none is,
    ruling R-1.4.1-EVENT)."""

    name = "my.ev.M16.shaded"
    script = ("space", "place")

    def space(self, g, f):
        choose(g, f["faction"], m16s_spaces(g, f["faction"]), verb="space", rule="M16", label="Deportations",
               ask="choose a Province to shift toward Opposition and place a Guerrilla in", why="M16s-space")

    def place(self, g, f):
        sid = f.pop("ret")
        B.shift(g, sid, -1, "Deportations", rule="M16")
        place_own(g, f["faction"], sid, "guerrillas", rule="M16", label="Deportations", by="event")
