"""Malaya Event cards M25 to M32 (rule 5; texts and Tips in 9.0): M25 Planters and Miners, M26 Emergency
Regulations (one text), M27 Running Dogs (Capability: its effects are in Intimidate and Terror), M28 Unity of
Command (Capability: its effects are in Pacify), M29 Weapon Bounties, M30 CCP Victory, M31 Ex-Palestine
Recruits, M32 SEP.

The executing faction makes the choices, except where a text names the other faction: then that faction
decides (5.1; ruling R-EVENT-FACTION). A text that can change nothing now is not offered (5.1.3, each
``playable``).
"""

from __future__ import annotations

from ....coin import pickers, resources
from ....coin.events import ScriptEvent
from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W
from ..operation import place_own
from . import capability, event
from .cards_m17_m24 import GUERRILLA_KEYS, guerrillas_on_map, select, step
from .common import Pick, can_place, pick, put, shift_spaces, shiftable
from .granted import free_op, free_sa, op_frame, op_possible

notation.declare(__name__, {"space", "remove", "replace", "done"})

#: The Sabotage/Terror markers of the game (1.2): an Event places only those not on the map (5.1.1).


def british_controlled(g: Context) -> list[str]:
    return list(B.CONTROL.held_by(g, "british"))


def _pick_frame(**kw) -> dict:
    """The locals of a removal of Guerrillas from any spaces (common.Pick's frame), up to ``max``."""
    return pickers.pick_frame(list(GUERRILLA_KEYS), spaces=None, min=0, per_space=None, max_spaces=None,
                              on_base=None, **kw)


# -- M25 Planters and Miners ---------------------------------------------------------------------------------

M25 = "Planters and Miners, M25"


def m25u_playable(g: Context, faction: str) -> bool:
    return g.s["resources"]["british"] < 20 or any(can_place(g, faction, "police", ec) for ec in B.ECS)


@event("M25", "unshaded", playable=m25u_playable)
@procedure
class M25Unshaded(ScriptEvent):
    """Resources for the Empire: British Resources +6 (to 20 at most, 5.1.1), then the executing faction places
    up to 1 Police in each Economic Center."""

    name = "my.ev.m25u"
    script = ("gain", "police")

    def gain(self, g, f):
        resources.shift(g, "british", 6, M25, "M25")

    def police(self, g, f):
        put(g, f["role"], "police", spaces=list(B.ECS), max=2, per_space=1, rule="M25", label=M25)


def m25_origins(g: Context, f: dict | None = None) -> list[str]:
    """Provinces with Troops."""
    return [s for s in B.PROVINCES if B.sp(g, s)["troops"]]


def m25_origin_refusal(g: Context, f: dict, sid: str) -> str:
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: the card moves the Troops of a Province", "M25")
    return W.because(f"{W.has(g, sid, 'troops')} to move", "M25")


def m25_destinations(g: Context, f: dict) -> list[str]:
    return [*B.ECS, B.KL]


def m25_move(g: Context, f: dict, sid: str) -> None:
    src = f["origin"]
    n = B.move(g, src, sid, "troops", B.sp(g, src)["troops"])
    g.say(f"{M25}: {n} Troop{'s' if n != 1 else ''} moved from {B.name(src)} to {B.name(sid)}.",
          faction=f["role"], rule="M25")


step("M25s-from", "choose the Province whose Troops all move", m25_origins, m25_origin_refusal,
     lambda g, f, sid: None)
step("M25s-to", "choose where the Troops go: an Economic Center or Kuala Lumpur", m25_destinations,
     lambda g, f, sid: W.because(f"{B.name(sid)} is {W.kind_of(sid)}: the Troops go to an Economic Center or "
                                 "Kuala Lumpur", "M25"),
     m25_move)


@event("M25", "shaded", playable=lambda g, faction: bool(m25_origins(g)))
@procedure
class M25Shaded(ScriptEvent):
    """Demand protection: the executing faction chooses a Province with Troops, then one destination, an
    Economic Center or Kuala Lumpur, where all its Troops go together (ruling R-M25)."""

    name = "my.ev.m25s"
    script = ("origin", "destination")

    def origin(self, g, f):
        select(g, f["role"], "M25s-from", max=1, min=1, rule="M25", label=M25)

    def destination(self, g, f):
        origin = f.pop("ret")[0]
        select(g, f["role"], "M25s-to", max=1, min=1, rule="M25", label=M25, origin=origin)


# -- M26 Emergency Regulations -------------------------------------------------------------------------------

M26 = "Emergency Regulations, M26"


def m26_spaces(g: Context, f: dict | None = None) -> list[str]:
    """Provinces with British Control and MCP pieces."""
    return [s for s in B.PROVINCES if B.control(g, s) == "british" and B.mcp(B.sp(g, s))]


def m26_refusal(g: Context, f: dict, sid: str) -> str:
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: the card places Terror in Provinces", "M26")
    if B.control(g, sid) != "british":
        return W.because(f"{W.control_of(g, sid)}: the card needs British Control", "M26")
    return W.because(f"{W.has(g, sid, 'mcp')}: the card needs MCP pieces", "M26")




def m26_terror(g: Context, f: dict, sid: str) -> None:
    """A Terror marker, even a second one there (1.4.2, the Tip), then Neutral, only where it was placed."""
    if B.markers_left(g) <= 0:
        g.say(f"{M26}: no Terror marker is left to place in {B.name(sid)} ({B.TERROR_MARKERS} in all), so it is not "
              "set to Neutral.", faction=f["role"], rule="5.1.1")
        return
    B.sp(g, sid)["terror"] += 1
    g.say(f"{M26}: a Terror marker was placed in {B.name(sid)}.", faction=f["role"], rule="M26")
    B.set_level(g, sid, 0, M26, "M26")


step("M26", "choose a Province with British Control and MCP pieces for a Terror marker", m26_spaces,
     m26_refusal, m26_terror)


@event("M26", "event", playable=lambda g, faction: bool(m26_spaces(g)) or g.s["pw"] > 0)
@procedure
class M26Event(ScriptEvent):
    """Collective punishments: the executing faction places a Terror marker in each of 2 Provinces with British
    Control and MCP pieces (both where two qualify, 5.1.3) and sets each to Neutral; then Political Will -1,
    once."""

    name = "my.ev.m26"
    script = ("terror", "will")

    def terror(self, g, f):
        if m26_spaces(g):
            select(g, f["role"], "M26", max=2, min=2, rule="M26", label=M26)
        else:
            g.say(f"{M26}: no Province has British Control and MCP pieces.", faction=f["role"], rule="M26")

    def will(self, g, f):
        f.pop("ret", None)
        shift_will(g, -1, M26, rule="M26")


# -- M27 Running Dogs, M28 Unity of Command (Capabilities) ---------------------------------------------------

capability("M27", "unshaded")
capability("M27", "shaded")
capability("M28", "unshaded")
capability("M28", "shaded")


# -- M29 Weapon Bounties -------------------------------------------------------------------------------------

M29 = "Weapon Bounties, M29"


@procedure
class M29Bounties(Pick):
    """Encourage defection: the British pay 1 Resource for each Guerrilla removed, from any spaces (the Tip),
    up to 3, Resources permitting; they may stop at any time, paying nothing at all (ruling R-8.0-ERRATA)."""

    name = "my.ev.m29u"

    def options(self, g, f):
        return super().options(g, f) if g.s["resources"]["british"] > 0 else []

    def take(self, g, f, arg):
        sid = arg.split(" ")[0]
        resources.pay(g, "british", 1, f"{M29}: a Guerrilla in {B.name(sid)}", "M29")
        super().take(g, f, arg)

    def text(self, g, f):
        return (f"British ({M29}): pay 1 Resource to remove a Guerrilla ({f['taken']} of up to {f['max']}; "
                f"{W.resources(g, 'british')}), or done")


@event("M29", "unshaded")
def m29_unshaded(g: Context, faction: str) -> None:
    """Always playable: the British may pay 0 (ruling R-8.0-ERRATA)."""
    g.call(M29Bounties.name, "british", **_pick_frame(max=3, rule="M29", label=M29))


@event("M29", "shaded", playable=lambda g, faction: g.s["resources"]["british"] > 0)
def m29_shaded(g: Context, faction: str) -> None:
    """Turn in the worst ones: 2 Resources from the British to the MCP; the MCP gain what the British lose,
    any excess over 20 lost (ruling R-M29)."""
    lost = -resources.shift(g, "british", -2, f"{M29}: a transfer to the MCP", "M29")
    gained = resources.shift(g, "mcp", lost, f"{M29}: a transfer from the British", "M29")
    if gained < lost:
        g.say(f"{M29}: {lost - gained} of the Resources transferred were lost: MCP Resources stop at 20.",
              rule="R-M29")


# -- M30 CCP Victory -----------------------------------------------------------------------------------------

M30 = "CCP Victory, M30"


@event("M30", "unshaded",
       playable=lambda g, faction: g.s["resources"]["mcp"] > 0 or guerrillas_on_map(g) > 0)
@procedure
class M30Unshaded(ScriptEvent):
    """Provide no support: MCP Resources -3 (not below 0, 5.1.1), then the executing faction removes 2
    Guerrillas from any spaces (the Tip), both where there are two (5.1.3)."""

    name = "my.ev.m30u"
    script = ("lose", "remove")

    def lose(self, g, f):
        resources.shift(g, "mcp", -3, M30, "M30")

    def remove(self, g, f):
        if guerrillas_on_map(g):
            pick(g, f["role"], list(GUERRILLA_KEYS), max=2, min=2, rule="M30", label=M30)


def m30_frame(g: Context) -> dict:
    return op_frame(g, "rally", limited=False, spaces=2, rule="M30", optional=False, free_agitate=True)


@event("M30", "shaded", playable=lambda g, faction: op_possible(g, "mcp", "rally", m30_frame(g)))
def m30_shaded(g: Context, faction: str) -> None:
    """Emboldens MCP: the MCP Rally free in up to 2 spaces; the Rally's Agitate, in one of them with a Base and
    MCP Control, costs nothing (``free_agitate``; rulings R-M30, R-EVENT-FACTION, R-FREE-OPS)."""
    free_op(g, "mcp", "rally", limited=False, spaces=2, rule="M30", label=M30, optional=False, free_agitate=True)


# -- M31 Ex-Palestine Recruits -------------------------------------------------------------------------------

M31 = "Ex-Palestine Recruits, M31"


@event("M31", "unshaded",
       playable=lambda g, faction: any(can_place(g, faction, "police", s) for s in british_controlled(g)))
def m31_unshaded(g: Context, faction: str) -> None:
    """Special constables: the executing faction places up to 4 Police in British Controlled spaces."""
    put(g, faction, "police", spaces=british_controlled(g), max=4, rule="M31", label=M31)


def m31_frame(g: Context) -> dict:
    return op_frame(g, "rally", limited=False, spaces=2, rule="M31", optional=False)


@event("M31", "shaded", playable=lambda g, faction: op_possible(g, "mcp", "rally", m31_frame(g)))
@procedure
class M31Shaded(ScriptEvent):
    """Tactics backfire: the MCP Rally free in up to 2 spaces, then shift one of the spaces that Rally selected
    1 level toward Opposition (Thailand never shifts, Terror no hindrance; rulings R-EVENT-SHIFT,
    R-EVENT-FACTION, R-FREE-OPS)."""

    name = "my.ev.m31s"
    script = ("rally", "shift")

    def rally(self, g, f):
        free_op(g, "mcp", "rally", limited=False, spaces=2, rule="M31", label=M31, optional=False)

    def shift(self, g, f):
        rallied = f.pop("ret", None) or []
        if shiftable(g, rallied, steps=-1):
            shift_spaces(g, "mcp", rallied, count=1, steps=-1, rule="M31", label=M31)
        elif rallied:
            g.say(f"{M31}: none of the Rally spaces ({W.names(rallied)}) can shift toward Opposition.",
                  faction="mcp", rule="M31")


# -- M32 SEP -------------------------------------------------------------------------------------------------

M32 = "SEP, M32"


def m32_spaces(g: Context) -> list[str]:
    """Spaces with a Guerrilla, British Controlled or adjacent to a British Controlled space, as they stand."""
    held = set(british_controlled(g))
    return [s for s in B.SPACES if B.guerrillas(B.sp(g, s)) and (s in held or held & B.adj(g, s))]


@procedure
class M32Replace(Pick):
    """Surrendered enemy personnel: the British replace up to 2 Guerrillas, Underground or Active, in or adjacent
    to British Control (``replace SPACE PIECE``), each with a Police cube: from Available, else from the map as
    ruling R-1.4.1-EVENT reads. A Guerrilla in Thailand is removed and not replaced, no British piece may go
    there (1.4.2, 5.1.1; ruling R-M32)."""

    name = "my.ev.m32u"
    verb = "replace"
    doing = "replace"

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        return [f"{s} {B.BOARD.word_of_key[k]}" for s in m32_spaces(g) for k in GUERRILLA_KEYS if B.sp(g, s)[k]]

    def text(self, g, f):
        return (f"British ({M32}): replace a Guerrilla in or adjacent to British Control with Police "
                f"({f['taken']} of up to {f['max']}), or done")

    def take(self, g, f, arg):
        sid, word = arg.split(" ")
        key = B.BOARD.key_of_word[word]
        B.remove(g, sid, key, 1)
        g.say(f"{M32}: {B.BOARD.named(key)} in {B.name(sid)} surrendered and was removed.", faction="british",
              rule="M32")
        if not B.may_hold(sid, "police"):
            g.say(f"{M32}: no Police may go in {B.name(sid)}: the Guerrilla is removed, not replaced.",
                  faction="british", rule="R-M32")
            return
        place_own(g, "british", sid, "police", rule="M32", label=M32, by="event")

    def explain(self, g, f, verb, arg):
        """Why *replace arg* is refused: the card's count, the form, a space neither British Controlled nor
        adjacent to one, no such Guerrilla there."""
        if verb != "replace" or arg is None or arg in self.options(g, f):
            return W.turn_order(verb)
        if f["taken"] >= f["max"]:
            return W.because(f"the card replaces up to {f['max']} Guerrillas, and has replaced them", "M32")
        words = W.parts(arg, 2)
        if words is None or W.piece_key(words[1]) not in GUERRILLA_KEYS:
            return W.form("replace", "SPACE guerrilla-u|guerrilla-a", arg, "M32")
        sid, key = words[0], W.piece_key(words[1])
        if not W.is_space(sid):
            return W.not_a_space(sid)
        if sid not in m32_spaces(g) and B.guerrillas(B.sp(g, sid)):
            return W.because(f"{W.control_of(g, sid)} and no adjacent space is British Controlled", "M32")
        return W.because(f"{W.has(g, sid, key)} to replace", "M32")


@event("M32", "unshaded", playable=lambda g, faction: bool(m32_spaces(g)))
def m32_unshaded(g: Context, faction: str) -> None:
    g.call(M32Replace.name, "british", **_pick_frame(max=2, rule="M32", label=M32))


def m32_local() -> dict:
    return {"rule": "M32", "free": True, "max": 2, "only": None}


@event("M32", "shaded", playable=lambda g, faction: g.procs["my.sa.intimidate"].possible(g, m32_local()))
def m32_shaded(g: Context, faction: str) -> None:
    """Accelerates infiltration: the MCP Intimidate free in up to 2 spaces, each with an Underground Guerrilla
    as 4.3.2 requires (the Tip; rulings R-EVENT-FACTION, R-FREE-OPS)."""
    free_sa(g, "mcp", "intimidate", max=2, rule="M32", label=M32)
