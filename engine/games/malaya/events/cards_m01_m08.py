"""Malaya Event cards M1 to M8 (rule 5; texts and Tips in 9.0): M1 New Villages (capability), M2 Min Yuen
(capability), M3 Leaflets, M4 Chinese Squatters, M5 MPAJA Legacy, M6 Chin Peng, M7 Trade Unions, M8 MNLA
(capability).

The capabilities' effects live where the rules they change live (5.3): M1 in Resettle and Rally, M2 in
Assault and Extort, M8 in Attack and Ambush. The executing faction makes the choices, except where a text
names a faction ("MCP may..."): that faction decides (5.1, ruling R-EVENT-FACTION).
"""

from __future__ import annotations

from ....coin import resources
from ....coin.events import ScriptEvent
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from . import capability, event
from .common import can_place, choice_reason, choose, pick, place_refusal, put, shift_spaces, shiftable
from .granted import free_ops

notation.declare(__name__, {"move", "choose", "space", "done"})

for _cid in ("M1", "M2", "M8"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")


def with_guerrillas(g: Context, spaces) -> list[str]:
    return [s for s in spaces if B.guerrillas(B.sp(g, s))]


def not_province(sid: str, rule: str) -> str | None:
    """The refusal of a space that is no Province, for a card that chooses Provinces (1.3.2)."""
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is not a Province", f"{rule}, 1.3.2")
    return None


# -- M3 Leaflets --------------------------------------------------------------------------------------------

@choice_reason("M3-mountain")
def m3_mountain_reason(g: Context, f: dict, sid: str) -> str:
    if B.is_jungle(sid):
        return W.because(f"{B.name(sid)} is a Jungle Province, not a Mountain space", "M3, 1.3.2")
    if not B.is_mountain(sid):
        return W.because(f"{B.name(sid)} is neither Jungle nor Mountain (the Tip; ruling R-MAP-3)", "M3")
    return W.because(f"{W.has(g, sid, 'guerrillas')} to remove", "M3")


def m3_options(g: Context) -> list[str]:
    """M3 unshaded's two ways that can remove anything: ``jungle`` (a Jungle Province with a Guerrilla) and
    ``mountain`` (a Mountain Province with one). Kuala Lumpur, the Economic Centers (Tip) and Thailand (ruling
    R-MAP-3) are neither."""
    out = []
    if with_guerrillas(g, B.JUNGLE):
        out.append("jungle")
    if with_guerrillas(g, B.MOUNTAIN):
        out.append("mountain")
    return out


@event("M3", "unshaded", playable=lambda g, faction: bool(m3_options(g)))
@procedure
class LeafletsUnshaded(ScriptEvent):
    """M3 unshaded (Induce surrender): the executing faction removes 1 Guerrilla each from 2 Jungle spaces, or
    2 Guerrillas from 1 Mountain space (Underground or Active). It chooses the way among those that can remove
    anything; the way chosen removes all it can (5.1.3)."""

    name = "my.ev.M3.unshaded"
    script = ("way", "space", "remove")

    def way(self, g, f):
        choose(g, f["faction"], m3_options(g), verb="choose", rule="M3", label="Leaflets",
               ask="remove 1 Guerrilla each from 2 Jungle spaces (choose jungle) or 2 Guerrillas from 1 Mountain "
                   "space (choose mountain)")

    def space(self, g, f):
        f["way"] = f.pop("ret")
        if f["way"] == "mountain":
            choose(g, f["faction"], with_guerrillas(g, B.MOUNTAIN), verb="space", rule="M3", label="Leaflets",
                   ask="choose the Mountain space to remove 2 Guerrillas from", why="M3-mountain")

    def remove(self, g, f):
        keys = ["guerrillas_u", "guerrillas_a"]
        if f["way"] == "jungle":
            spaces = with_guerrillas(g, B.JUNGLE)
            pick(g, f["faction"], keys, spaces=spaces, max=2, min=min(2, len(spaces)), per_space=1, rule="M3",
                 label="Leaflets")
        else:
            sid = f.pop("ret")
            pick(g, f["faction"], keys, spaces=[sid], max=2, min=min(2, B.guerrillas(B.sp(g, sid))), rule="M3",
                 label="Leaflets")


def m3s_ways(g: Context, role: str, sid: str) -> list[str]:
    """What M3 shaded can place in *sid*: ``guerrillas`` and ``base`` (stacking: 2 Bases at most, none in an
    Economic Center, Tip; 1.4.2), each if one is there to place (5.1.1; ruling R-1.4.1-EVENT)."""
    out = []
    if can_place(g, role, "guerrillas", sid):
        out.append("guerrillas")
    if can_place(g, role, "bases", sid):
        out.append("base")
    return out


def m3s_spaces(g: Context, role: str) -> list[str]:
    return [s for s in B.SPACES if B.mcp(B.sp(g, s)) and m3s_ways(g, role, s)]


@choice_reason("M3s-space")
def m3s_reason(g: Context, f: dict, sid: str) -> str:
    if not B.mcp(B.sp(g, sid)):
        return W.because(f"{W.has(g, sid, 'mcp')}: the card places in a space with MCP pieces", "M3")
    return place_refusal(g, f["role"], "guerrillas", sid, "M3")


@event("M3", "shaded", playable=lambda g, faction: bool(m3s_spaces(g, faction)))
@procedure
class LeafletsShaded(ScriptEvent):
    """M3 shaded (Few results): in 1 space with MCP pieces, the executing faction places either 2 Guerrillas
    or 1 MCP Base (not in an Economic Center, Tip; stacking 1.4.2). The MCP may take their own pieces from the
    map when none are Available (ruling R-1.4.1-EVENT); the British place them from Available only."""

    name = "my.ev.M3.shaded"
    script = ("space", "way", "place")

    def space(self, g, f):
        choose(g, f["faction"], m3s_spaces(g, f["faction"]), verb="space", rule="M3", label="Leaflets",
               ask="choose a space with MCP pieces to place 2 Guerrillas or 1 Base in", why="M3s-space")

    def way(self, g, f):
        f["sid"] = f.pop("ret")
        choose(g, f["faction"], m3s_ways(g, f["faction"], f["sid"]), verb="choose", rule="M3", label="Leaflets",
               ask=f"place 2 Guerrillas (choose guerrillas) or 1 Base (choose base) in {B.name(f['sid'])}")

    def place(self, g, f):
        way = f.pop("ret")
        piece, n = ("guerrillas", 2) if way == "guerrillas" else ("bases", 1)
        put(g, f["faction"], piece, spaces=[f["sid"]], max=n, min=n, rule="M3", label="Leaflets")


# -- M4 Chinese Squatters -----------------------------------------------------------------------------------

def m4u_spaces(g: Context) -> list[str]:
    """Provinces without a New Village, while one is left in the pool (1.12, 4.2.1 NOTE: never from the
    map)."""
    if not g.s["new_villages"]:
        return []
    return [s for s in B.PROVINCES if not B.sp(g, s)["new_village"]]


@choice_reason("M4u-space")
def m4u_reason(g: Context, f: dict, sid: str) -> str:
    return not_province(sid, "M4") or W.because(f"{B.name(sid)} has a New Village already: one a Province",
                                                "M4, 1.4.2")


@event("M4", "unshaded", playable=lambda g, faction: bool(m4u_spaces(g)))
@procedure
class SquattersUnshaded(ScriptEvent):
    """M4 unshaded (Targeted for relocation): the executing faction places a New Village in any 1 Province
    without one; 1.12 removes it at once where it may not stay (MCP forces and no British forces, or British
    Control and Support with no MCP forces)."""

    name = "my.ev.M4.unshaded"
    script = ("space", "place")

    def space(self, g, f):
        choose(g, f["faction"], m4u_spaces(g), verb="space", rule="M4", label="Chinese Squatters",
               ask="choose a Province without a New Village to place one in", why="M4u-space")

    def place(self, g, f):
        B.place_new_village(g, f.pop("ret"), rule="M4")


def m4s_playable(g: Context, faction: str) -> bool:
    return any(can_place(g, "mcp", "guerrillas", s) for s in B.PROVINCES)


@event("M4", "shaded", playable=m4s_playable)
def squatters_shaded(g: Context, faction: str) -> None:
    """M4 shaded (Targeted for recruitment): the MCP may place 1 Guerrilla each in up to 2 Provinces, whoever
    executes (ruling R-EVENT-FACTION); their own pieces, so from the map when none are Available (ruling
    R-1.4.1-EVENT)."""
    put(g, "mcp", "guerrillas", spaces=B.PROVINCES, max=2, per_space=1, rule="M4", label="Chinese Squatters")


# -- M5 MPAJA Legacy ----------------------------------------------------------------------------------------

def opposition_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.SUPPORT.takes(s) and B.level(g, s) < 0]


@event("M5", "unshaded", playable=lambda g, faction: bool(opposition_spaces(g)))
def mpaja_unshaded(g: Context, faction: str) -> None:
    """M5 unshaded (Population exhausted by war): the executing faction sets 1 Opposition space to Neutral."""
    shift_spaces(g, faction, opposition_spaces(g), count=1, set_to=0, rule="M5", label="MPAJA Legacy")


def m5s_spaces(g: Context) -> list[str]:
    """Spaces with MCP pieces (the shift is offered only where it changes the level: never Thailand or an
    Economic Center, ruling R-EVENT-SHIFT)."""
    return [s for s in B.SPACES if B.mcp(B.sp(g, s))]


@event("M5", "shaded", playable=lambda g, faction: bool(shiftable(g, m5s_spaces(g), steps=-1)))
def mpaja_shaded(g: Context, faction: str) -> None:
    """M5 shaded (Anti-Japanese force): the executing faction shifts 2 spaces with MCP pieces 1 level each
    toward Opposition (all it can, up to 2: 5.1.3)."""
    shift_spaces(g, faction, m5s_spaces(g), count=2, steps=-1, rule="M5", label="MPAJA Legacy")


# -- M6 Chin Peng -------------------------------------------------------------------------------------------

def m6u_spaces(g: Context) -> list[str]:
    """Provinces with a Base where the text changes something: an Underground Guerrilla to Activate, or Troops
    elsewhere on the map to move there."""
    troops_on_map = B.BOARD.on_map(g, "troops")
    return [s for s in B.PROVINCES if B.sp(g, s)["bases"]
            and (B.sp(g, s)["guerrillas_u"] or troops_on_map > B.sp(g, s)["troops"])]


@choice_reason("M6u-space")
def m6u_reason(g: Context, f: dict, sid: str) -> str:
    if (no := not_province(sid, "M6")) is not None:
        return no
    if not B.sp(g, sid)["bases"]:
        return W.because(f"{W.has(g, sid, 'bases')}: the card chooses a Province with a Base", "M6")
    return W.because(f"{W.has(g, sid, 'guerrillas_u')} and no Troop is on the map elsewhere: the text would change "
                     "nothing there", "M6, 5.1.3")


@procedure
class MoveTroops(Procedure):
    """M6 unshaded: ``left`` Troops move from any map spaces (not from Available, Tip) to ``dest``; the mover
    chooses each one (``move FROM troop``). The card moves all it can, up to ``left`` (5.1.3)."""

    name = "my.ev.move_troops"
    rule = "M6"

    def sources(self, g, f):
        return [s for s in B.SPACES if s != f["dest"] and B.sp(g, s)["troops"]] if f["left"] else []

    def prompt(self, g, f):
        src = self.sources(g, f)
        return {"move": [f"{s} troop" for s in src]} if src else {"done": []}

    def text(self, g, f):
        return (f"{side_name(f['role'])} ({f['label']}): move a Troop from the map to "
                f"{B.name(f['dest'])} (move FROM troop; {f['left']} to move)")

    def rule_for(self, g, f):
        return f["rule"]

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: the card moves all the Troops it can (5.1.3), from the map only (the Tip:
        not from Available), and not from the destination itself."""
        src = self.sources(g, f)
        if verb == "done" and src:
            return W.because(f"{f['left']} more Troop(s) must move to {B.name(f['dest'])} while Troops are on the "
                             "map elsewhere: what an Event can do, it must", f"{f['rule']}, 5.1.3")
        if verb != "move" or arg is None or arg in self.prompt(g, f).get("move", ()):
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] != "troop":
            return W.form("move", "FROM troop", arg, f["rule"])
        sid = words[0]
        if not W.is_space(sid):
            return W.not_a_space(sid)
        if sid == f["dest"]:
            return W.because(f"the Troops move to {B.name(sid)}: take them from other spaces", f["rule"])
        return W.because(f"{W.has(g, sid, 'troops')} to move (Troops come from the map, not from Available)",
                         f["rule"])

    def act(self, g, f, verb, arg):
        sid = arg.split(" ")[0]
        B.move(g, sid, f["dest"], "troops")
        f["left"] -= 1
        g.say(f"{f['label']}: a Troop moved from {B.name(sid)} to {B.name(f['dest'])}.", faction=f["role"],
              rule=f["rule"])

    def step(self, g, f):
        if not self.sources(g, f):
            g.end()
            return True
        return False


@event("M6", "unshaded", playable=lambda g, faction: bool(m6u_spaces(g)))
@procedure
class ChinPengUnshaded(ScriptEvent):
    """M6 unshaded ($250,000 British bounty): the executing faction chooses 1 Province with a Base, Activates
    every Guerrilla there, then moves 2 Troops there from any map spaces (Tip: not from Available)."""

    name = "my.ev.M6.unshaded"
    script = ("space", "activate")

    def space(self, g, f):
        choose(g, f["faction"], m6u_spaces(g), verb="space", rule="M6", label="Chin Peng",
               ask="choose a Province with a Base: its Guerrillas are Activated and 2 Troops move there",
               why="M6u-space")

    def activate(self, g, f):
        sid = f.pop("ret")
        n = B.activate(g, sid, B.sp(g, sid)["guerrillas_u"], "guerrillas")
        g.say(f"Chin Peng: {n} Guerrilla(s) in {B.name(sid)} were Activated.", faction=f["faction"], rule="M6")
        g.call(MoveTroops.name, f["faction"], dest=sid, left=2, rule="M6", label="Chin Peng")


@event("M6", "shaded")
def chin_peng_shaded(g: Context, faction: str) -> None:
    """M6 shaded (Leader of the MCP): the MCP may conduct 2 free Limited Operations, whoever executes (ruling
    R-EVENT-FACTION), of any types, one after the other, possibly with the same pieces (Tip; 3.1.2, 5.4)."""
    free_ops(g, "mcp", 2, limited=True, rule="M6", label="Chin Peng")


# -- M7 Trade Unions ----------------------------------------------------------------------------------------

@event("M7", "unshaded", playable=lambda g, faction: g.s["resources"]["mcp"] > 0 or B.level(g, B.KL) != 1)
def trade_unions_unshaded(g: Context, faction: str) -> None:
    """M7 unshaded (Suppressed): MCP Resources -3 (not below 0, 5.1.1); Kuala Lumpur set to Support."""
    resources.shift(g, "mcp", -3, "Trade Unions", rule="M7")
    B.set_level(g, B.KL, 1, "Trade Unions", rule="M7")


@event("M7", "shaded", playable=lambda g, faction: g.s["resources"]["mcp"] < B.RESOURCES_MAX
       or B.level(g, B.KL) != 0)
def trade_unions_shaded(g: Context, faction: str) -> None:
    """M7 shaded (Support MCP): MCP Resources +5 (not beyond 20, 5.1.1); Kuala Lumpur set to Neutral."""
    resources.shift(g, "mcp", 5, "Trade Unions", rule="M7")
    B.set_level(g, B.KL, 0, "Trade Unions", rule="M7")
