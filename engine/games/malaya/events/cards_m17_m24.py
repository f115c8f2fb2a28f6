"""Malaya Event cards M17 to M24 (rule 5; texts and Tips in 9.0): M17 Special Branch, M18 Jungle Warfare School
(Capability: its effects are in Sweep and Train), M19 Food Denial, M20 Regroupment, M21 White Areas, M22
Nationalist Parties, M23 New Directives, M24 British Government (one text).

The executing faction makes the choices, except where a text names the other faction: then that faction
decides (5.1; ruling R-EVENT-FACTION). A text that can change nothing now is not offered (5.1.3, each
``playable``). This module also holds :class:`Select`, the space-by-space choice the cards of M17 to M32
share where a space is chosen and worked on at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....coin import pickers, resources, space_choice
from ....coin.events import ScriptEvent
from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import place_own
from . import capability, event
from .common import can_place, choose, put, shift_spaces, shiftable
from .granted import free_op, op_frame, op_possible

notation.declare(__name__, {"space", "remove", "lose", "done"})

GUERRILLA_KEYS = ("guerrillas_u", "guerrillas_a")
#: The spaces that take a level: Provinces and Kuala Lumpur (1.6; ruling R-EVENT-SHIFT).
LEVEL_SPACES = [s for s in B.SPACES if B.SUPPORT.takes(s)]


# -- choosing spaces one at a time ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One card's choice of spaces: what the player is asked, the spaces it may choose now (``options``), why
    another space may not be chosen (``why``, with the facts and the card), and what choosing one does
    (``act``, at once)."""

    ask: str
    options: Callable[[Context, dict], list[str]]
    why: Callable[[Context, dict, str], str]
    act: Callable[[Context, dict, str], None]


#: The choices of :class:`Select`, by key (kept in the frame, so a game saved in the middle resumes).
STEPS: dict[str, Step] = {}


def select(g: Context, role: str, key: str, *, max: int, min: int, rule: str, label: str, **extra) -> None:
    """*role* chooses up to *max* spaces for the card's step *key* (:data:`STEPS`), at least *min* where that
    many can be chosen (5.1.3: what an Event can do, it must). The spaces chosen come back as ``ret``."""
    g.call(Select.name, role, key=key, max=max, min=min, chosen=[], rule=rule, label=label, **extra)


@procedure
class Select(space_choice.Spaces):
    """``space SPACE`` for each space a card's step chooses, worked on as it is chosen; ``done`` once the card's
    minimum is met (5.1.3) or nothing is left to choose (engine.coin.space_choice.Spaces: up to ``max``)."""

    name = "my.ev.select"
    rule = "5.1"
    words = W.WORDS
    most = "max"
    unit = " chosen"

    def candidates(self, g, f):
        return STEPS[f["key"]].options(g, f)

    def head(self, g, f):
        return f"{pickers.who(f)}: {STEPS[f['key']].ask}"

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: the card must choose while it can (5.1.3); a space chosen already, the
        card's count, or the card's own condition, with the facts."""
        rule = f["rule"]
        opts = self.options(g, f)
        if verb == "done" and len(f["chosen"]) < f["min"] and opts:
            return pickers.owed(W.WORDS, f, self.owing(f))
        if verb != "space" or arg is None or arg in opts:
            return W.turn_order(verb)
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg in f["chosen"]:
            return W.because(f"{B.name(arg)} was chosen already", rule)
        if len(f["chosen"]) >= f["max"]:
            return W.because(f"the card chooses up to {f['max']} space(s), and has chosen {W.names(f['chosen'])}",
                             rule)
        return STEPS[f["key"]].why(g, f, arg)

    def chose(self, g, f, sid):
        STEPS[f["key"]].act(g, f, sid)


def step(key: str, ask: str, options, why, act) -> None:
    STEPS[key] = Step(ask, options, why, act)


def guerrillas_on_map(g: Context) -> int:
    return sum(B.guerrillas(B.sp(g, s)) for s in B.SPACES)


def nv_spaces(g: Context) -> list[str]:
    """The Provinces with a New Village (1.12)."""
    return [s for s in B.SPACES if B.sp(g, s)["new_village"]]


def nv_refusal(g: Context, sid: str, rule: str) -> str:
    return W.because(f"{B.name(sid)} has no New Village", rule)


# -- M17 Special Branch --------------------------------------------------------------------------------------

M17 = "Special Branch, M17"


def m17_spaces(g: Context) -> list[str]:
    """Spaces with an Underground Guerrilla: where flipping all Guerrillas Active changes something."""
    return [s for s in B.SPACES if B.sp(g, s)["guerrillas_u"]]


def m17_flip(g: Context, f: dict, sid: str) -> None:
    n = B.activate(g, sid, B.sp(g, sid)["guerrillas_u"], "guerrillas")
    g.say(f"{M17}: {n} Guerrilla{'s' if n != 1 else ''} in {B.name(sid)} flipped Active.", faction=f["role"],
          rule="M17")


step("M17u", "choose a space whose Guerrillas all flip Active", lambda g, f: m17_spaces(g),
     lambda g, f, sid: W.because(f"{W.has(g, sid, 'guerrillas_u')}: no Guerrilla there to flip Active", "M17"),
     m17_flip)


def m17_assault_frame(g: Context) -> dict:
    return op_frame(g, "assault", limited=False, spaces=1, rule="M17")


def m17u_playable(g: Context, faction: str) -> bool:
    return bool(m17_spaces(g)) or op_possible(g, "british", "assault", m17_assault_frame(g))


@event("M17", "unshaded", playable=m17u_playable)
@procedure
class M17Unshaded(ScriptEvent):
    """Collects intelligence: all Guerrillas flip Active in 2 spaces the executing faction chooses (those with
    an Underground Guerrilla, where the flip changes something; both if there are two, 5.1.3); then the British
    may conduct a free Assault in 1 space, there or anywhere else (the Tip; rulings R-EVENT-FACTION,
    R-FREE-OPS)."""

    name = "my.ev.m17u"
    script = ("flip", "assault")

    def flip(self, g, f):
        select(g, f["role"], "M17u", max=2, min=2, rule="M17", label=M17)

    def assault(self, g, f):
        f.pop("ret", None)
        free_op(g, "british", "assault", limited=False, spaces=1, rule="M17", label=M17)


@event("M17", "shaded", playable=lambda g, faction: any(B.sp(g, s)["guerrillas_a"] for s in B.SPACES))
def m17_shaded(g: Context, faction: str) -> None:
    """False leads: every Active Guerrilla on the map flips Underground (1.4.3)."""
    n = sum(B.sp(g, s)["guerrillas_a"] for s in B.SPACES)
    B.BOARD.flip_all_underground(g)
    g.say(f"{M17}: all Guerrillas flipped Underground ({n} were Active).", faction=faction, rule="M17")


# -- M18 Jungle Warfare School (Capability: Sweep 3.2.3 and Train 3.2.1 read it) ------------------------------

capability("M18", "unshaded")
capability("M18", "shaded")


# -- M19 Food Denial -----------------------------------------------------------------------------------------

M19 = "Food Denial, M19"


def villages_on_map(g: Context) -> int:
    return B.NEW_VILLAGES - g.s["new_villages"]


def m19u_playable(g: Context, faction: str) -> bool:
    return villages_on_map(g) > 0 and (guerrillas_on_map(g) > 0 or g.s["resources"]["mcp"] > 0)


@procedure
class M19Unshaded(Procedure):
    """Starve the MCP: for each New Village on the map as the card is executed, the MCP remove one Guerrilla
    from any space (``remove SPACE PIECE``) or lose one Resource (``lose``), in any mix they choose (the Tip;
    ruling R-EVENT-FACTION). They must while they can (5.1.3); with no Guerrilla and no Resource left, the rest
    is lost."""

    name = "my.ev.m19u"
    rule = "M19"

    def removable(self, g: Context) -> list[str]:
        return [f"{s} {B.BOARD.word_of_key[k]}" for s in B.SPACES for k in GUERRILLA_KEYS if B.sp(g, s)[k]]

    def prompt(self, g, f):
        out: dict[str, list[str]] = {}
        opts = self.removable(g)
        if opts:
            out["remove"] = opts
        if g.s["resources"]["mcp"] > 0:
            out["lose"] = []
        return out

    def text(self, g, f):
        can = g.prompted(self, f)
        what = {"remove": "remove a Guerrilla (remove SPACE PIECE)", "lose": "lose a Resource (lose)"}
        offered = W.names([what[v] for v in ("remove", "lose") if v in can], plain=True, joint="or")
        return f"MCP ({M19}): for each New Village, {offered} ({f['left']} of {f['villages']} left)"

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: the card demands one loss a New Village (5.1.3); Resources at 0 (1.8); a
        piece that is not a Guerrilla on the map."""
        if verb == "done":
            return W.because(f"the MCP lose a Guerrilla or a Resource for each of the {f['villages']} New Villages,"
                             f" {f['left']} still to lose: what an Event can do, it must", "M19, 5.1.3")
        if verb == "lose":
            return W.because(f"{W.resources(g, 'mcp')}: remove a Guerrilla instead", "M19, 1.8")
        if verb != "remove" or arg is None:
            return W.turn_order(verb)
        words = W.parts(arg, 2)
        if words is None or W.piece_key(words[1]) is None:
            return W.form("remove", "SPACE guerrilla-u|guerrilla-a", arg, "M19")
        sid, key = words[0], W.piece_key(words[1])
        if not W.is_space(sid):
            return W.not_a_space(sid)
        if key not in GUERRILLA_KEYS:
            return W.because(f"the card removes Guerrillas, not {W.NOUNS[key][1]}", "M19")
        return W.because(f"{W.has(g, sid, key)} to remove", "M19")

    def act(self, g, f, verb, arg):
        f["left"] -= 1
        if verb == "lose":
            resources.shift(g, "mcp", -1, f"{M19}: a Resource lost for a New Village", "M19")
            return
        sid, word = arg.split(" ")
        key = B.BOARD.key_of_word[word]
        B.remove(g, sid, key, 1)
        g.say(f"{M19}: the MCP removed {B.BOARD.named(key)} from {B.name(sid)} for a New Village.", faction="mcp",
              rule="M19")

    def step(self, g, f):
        if f["left"] <= 0:
            g.end()
            return True
        if not self.prompt(g, f):
            g.say(f"{M19}: the MCP have no Guerrilla on the map and no Resource left to lose for the other "
                  f"{f['left']} New Village(s).", faction="mcp", rule="M19")
            g.end()
            return True
        return False


@event("M19", "unshaded", playable=m19u_playable)
def m19_unshaded(g: Context, faction: str) -> None:
    n = villages_on_map(g)
    g.say(f"{M19}: {n} New Village{'s are' if n != 1 else ' is'} on the map.", faction=faction, rule="M19")
    g.call(M19Unshaded.name, "mcp", villages=n, left=n)


def m19_spaces(g: Context) -> list[str]:
    """Spaces with both a New Village and an MCP piece (the Tip)."""
    return [s for s in nv_spaces(g) if B.mcp(B.sp(g, s))]


@event("M19", "shaded", playable=lambda g, faction: bool(m19_spaces(g)) and g.s["resources"]["mcp"] < 20)
def m19_shaded(g: Context, faction: str) -> None:
    """Sympathetic civilians: the MCP gain a Resource for each space with a New Village and an MCP piece (to
    20 at most, 5.1.1)."""
    spaces = m19_spaces(g)
    resources.shift(g, "mcp", len(spaces), f"{M19}: New Villages with MCP pieces in {W.names(spaces)}", "M19")


# -- M20 Regroupment -----------------------------------------------------------------------------------------

M20 = "Regroupment, M20"


def m20_village_spaces(g: Context, f: dict | None = None) -> list[str]:
    """Provinces adjacent to an Economic Center without a New Village, while the pool holds one (1.4.2, 4.2.1
    NOTE: New Villages only from the pool)."""
    if not g.s["new_villages"]:
        return []
    near = {s for ec in B.ECS for s in B.adj(g, ec)}
    return [s for s in B.PROVINCES if s in near and not B.sp(g, s)["new_village"]]


def m20_village_refusal(g: Context, f: dict, sid: str) -> str:
    if not g.s["new_villages"]:
        return W.because("no New Village is left in the pool (4 in all)", "1.12, 4.2.1")
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: a New Village goes only in a Province", "1.4.2")
    if B.sp(g, sid)["new_village"]:
        return W.because(f"{B.name(sid)} has a New Village already: one a Province", "1.4.2")
    return W.because(f"{B.name(sid)} is not adjacent to an Economic Center", "M20")


def m20_village(g: Context, f: dict, sid: str) -> None:
    B.place_new_village(g, sid, "M20")


step("M20u", "choose a Province adjacent to an Economic Center for a New Village",
     m20_village_spaces, m20_village_refusal, m20_village)


def m20u_playable(g: Context, faction: str) -> bool:
    return any(can_place(g, faction, "police", ec) for ec in B.ECS) or bool(m20_village_spaces(g))


@event("M20", "unshaded", playable=m20u_playable)
@procedure
class M20Unshaded(ScriptEvent):
    """Work sites fortified: the executing faction places up to 2 Police in each Economic Center; then the
    British may place 1 New Village in a Province adjacent to an Economic Center (ruling R-EVENT-FACTION; a
    New Village only in a Province, 1.4.2)."""

    name = "my.ev.m20u"
    script = ("police", "village")

    def police(self, g, f):
        put(g, f["role"], "police", spaces=list(B.ECS), max=4, per_space=2, rule="M20", label=M20)

    def village(self, g, f):
        if m20_village_spaces(g):
            select(g, "british", "M20u", max=1, min=0, rule="M20", label=M20)


def m20s_playable(g: Context, faction: str) -> bool:
    return bool(shiftable(g, nv_spaces(g), set_to=-1)) or any(can_place(g, faction, "guerrillas", ec)
                                                              for ec in B.ECS)


@event("M20", "shaded", playable=m20s_playable)
@procedure
class M20Shaded(ScriptEvent):
    """Poor conditions: one space with a New Village set to Opposition, then 1 Guerrilla placed in an Economic
    Center (the executing faction chooses both; 5.1.3: both where they can be done)."""

    name = "my.ev.m20s"
    script = ("oppose", "guerrilla")

    def oppose(self, g, f):
        spaces = nv_spaces(g)
        if shiftable(g, spaces, set_to=-1):
            shift_spaces(g, f["role"], spaces, count=1, set_to=-1, rule="M20", label=M20)

    def guerrilla(self, g, f):
        f.pop("ret", None)
        put(g, f["role"], "guerrillas", spaces=list(B.ECS), max=1, min=1, rule="M20", label=M20)


# -- M21 White Areas -----------------------------------------------------------------------------------------

M21 = "White Areas, M21"


def m21u_act(g: Context, f: dict, sid: str) -> None:
    """Support first, then the New Village comes off (if 1.12 did not take it off already)."""
    B.set_level(g, sid, 1, M21, "M21")
    if B.sp(g, sid)["new_village"]:
        B.remove_new_village(g, sid, "M21", "restrictions lifted")


def m21s_act(g: Context, f: dict, sid: str) -> None:
    """The New Village comes off and a Guerrilla takes its place: the MCP's own from Available or, where the
    umpire's reading allows, from the map; the British executing place one from Available only, else the
    replacement is a removal (1.4.1, 5.1.1; ruling R-1.4.1-EVENT)."""
    B.remove_new_village(g, sid, "M21", "lifted too early")
    place_own(g, f["role"], sid, "guerrillas", rule="M21", label=M21, by="event")


step("M21u", "choose a space with a New Village to set to Support", lambda g, f: nv_spaces(g),
     lambda g, f, sid: nv_refusal(g, sid, "M21"), m21u_act)
step("M21s", "choose a New Village to replace with a Guerrilla", lambda g, f: nv_spaces(g),
     lambda g, f, sid: nv_refusal(g, sid, "M21"), m21s_act)


@event("M21", "unshaded", playable=lambda g, faction: bool(nv_spaces(g)))
def m21_unshaded(g: Context, faction: str) -> None:
    """Restrictions lifted: a space with a New Village set to Support, then its New Village removed."""
    select(g, faction, "M21u", max=1, min=1, rule="M21", label=M21)


@event("M21", "shaded", playable=lambda g, faction: bool(nv_spaces(g)))
def m21_shaded(g: Context, faction: str) -> None:
    """Lifted too early: one New Village replaced with a Guerrilla."""
    select(g, faction, "M21s", max=1, min=1, rule="M21", label=M21)


# -- M22 Nationalist Parties ---------------------------------------------------------------------------------

M22 = "Nationalist Parties, M22"


@event("M22", "unshaded",
       playable=lambda g, faction: g.s["pw"] < 20 or bool(shiftable(g, LEVEL_SPACES, steps=1)))
@procedure
class M22Unshaded(ScriptEvent):
    """Alternative path: 2 spaces shifted 1 level toward Support (any Province or Kuala Lumpur not at Support,
    Terror no hindrance; ruling R-EVENT-SHIFT), then Political Will +1."""

    name = "my.ev.m22u"
    script = ("shift", "will")

    def shift(self, g, f):
        if shiftable(g, LEVEL_SPACES, steps=1):
            shift_spaces(g, f["role"], LEVEL_SPACES, count=2, steps=1, rule="M22", label=M22)

    def will(self, g, f):
        f.pop("ret", None)
        shift_will(g, 1, M22, rule="M22")


def m22_frame(g: Context) -> dict:
    return op_frame(g, "rally", limited=False, spaces=3, rule="M22")


@event("M22", "shaded", playable=lambda g, faction: op_possible(g, "mcp", "rally", m22_frame(g)))
def m22_shaded(g: Context, faction: str) -> None:
    """Exclude Chinese: the MCP may Rally free in up to 3 spaces (rulings R-EVENT-FACTION, R-FREE-OPS)."""
    free_op(g, "mcp", "rally", limited=False, spaces=3, rule="M22", label=M22)


# -- M23 New Directives --------------------------------------------------------------------------------------

M23 = "New Directives, M23"


def m23_markers(g: Context) -> list[tuple[str, str]]:
    """The Sabotage markers in the Economic Centers and the Terror markers in Kuala Lumpur."""
    out = []
    for sid in [*B.ECS, B.KL]:
        x = B.sp(g, sid)
        out += [(sid, key) for key in ("sabotage", "terror") if x[key]]
    return out


@event("M23", "unshaded", playable=lambda g, faction: bool(m23_markers(g)))
def m23_unshaded(g: Context, faction: str) -> None:
    """Away from terror: every Sabotage and Terror marker in the Economic Centers and Kuala Lumpur removed."""
    for sid, key in m23_markers(g):
        x = B.sp(g, sid)
        n, x[key] = x[key], 0
        g.say(f"{M23}: {n} {key.title()} marker{'s' if n != 1 else ''} removed from {B.name(sid)}.",
              faction=faction, rule="M23")


def m23s_playable(g: Context, faction: str) -> bool:
    return any(op_possible(g, "mcp", op, op_frame(g, op, limited=True, rule="M23")) for op in ("march", "attack"))


@event("M23", "shaded", playable=m23s_playable)
@procedure
class M23Shaded(ScriptEvent):
    """Focus on attacking British: the MCP may conduct a free Limited March, then a free Limited Attack, which
    may use the Guerrillas that just Marched or be elsewhere (the Tip; rulings R-EVENT-FACTION, R-FREE-OPS)."""

    name = "my.ev.m23s"
    script = ("march", "attack")

    def march(self, g, f):
        free_op(g, "mcp", "march", limited=True, rule="M23", label=M23)

    def attack(self, g, f):
        f.pop("ret", None)
        free_op(g, "mcp", "attack", limited=True, rule="M23", label=M23)


# -- M24 British Government ----------------------------------------------------------------------------------

M24 = "British Government, M24"
#: The Commander Track's two directions (6.6, ruling R-COMMANDER: Gurney leftmost, Templer rightmost).
DIRECTIONS = {"left": -1, "right": 1}


def m24_directions(g: Context) -> list[str]:
    """The directions the Commander Track may move: never off either end (the Tip; ruling R-M24)."""
    at = g.s["commander"]
    return [d for d, step_ in DIRECTIONS.items() if 0 <= at + step_ < len(B.COMMANDERS)]


@event("M24", "event")
@procedure
class M24Event(ScriptEvent):
    """Demands new strategy: the executing faction chooses British Resources +6 or Political Will -1 (``choose
    resources|will``), then the direction the Commander Track moves one box (``choose left|right``). The track
    must move: at an end only the way that keeps it on the track, without a question (the Tip; ruling R-M24).
    It moves even while Gurney Killed cancels the Commander's effect, which stays cancelled until the Reset
    (ruling R-COMMANDER)."""

    name = "my.ev.m24"
    script = ("ask_gain", "gain", "ask_move", "move")

    def ask_gain(self, g, f):
        choose(g, f["role"], ["resources", "will"], verb="choose", rule="M24", label=M24,
               ask="British Resources +6 (choose resources) or Political Will -1 (choose will)")

    def gain(self, g, f):
        if f.pop("ret") == "resources":
            if not resources.shift(g, "british", 6, M24, "M24"):
                g.say(f"{M24}: British Resources stay at 20, the top of the track.", rule="M24, 5.1.1")
        elif not shift_will(g, -1, M24, rule="M24"):
            g.say(f"{M24}: Political Will stays at 0, the bottom of the track.", rule="M24, 5.1.1")

    def ask_move(self, g, f):
        ways = m24_directions(g)
        if len(ways) == 1:
            f["ret"], f["only_way"] = ways[0], True
            return
        at = g.s["commander"]
        choose(g, f["role"], ways, verb="choose", rule="M24", label=M24,
               ask=f"move the Commander Track from {B.COMMANDERS[at]} left to {B.COMMANDERS[at - 1]} (choose "
                   f"left) or right to {B.COMMANDERS[at + 1]} (choose right)")

    def move(self, g, f):
        way = f.pop("ret")
        before = g.s["commander"]
        g.s["commander"] = before + DIRECTIONS[way]
        killed = " (Gurney Killed: the Commander's effect stays cancelled until the Reset)" \
            if g.s["gurney_killed"] else ""
        only = f", the only way it can move from {B.COMMANDERS[before]}" if f.pop("only_way", False) else ""
        g.say(f"{M24}: the Commander Track moved {way}{only}, from {B.COMMANDERS[before]} to "
              f"{B.COMMANDERS[g.s['commander']]}{killed}.", faction=f["role"], rule="M24")
