"""Kenya Event cards K12 to K16 (rule 5; texts and Tips in 9.0, L2771-2820): K12 Hooded Men, K13 Ruck Family
Killed, K14 Waruhiu Itote, K15 Nairobi, K16 King's African Rifles (K17 to K22: cards_k17_k22). None of them
is a Capability.

The executing faction makes the choices, except where a text names a faction ("British place...", "Mau Mau
may...") or grants a British Operation or Special Activity: that faction decides (5.1, ruling
R-EVENT-FACTION; cards.json ``acts``). A text that can change nothing now is not offered (5.1.3); a text that
sets a level chooses a space where the whole text can be carried out if one exists (ruling R-EVENT-LEVEL).
Operations and Special Activities the texts grant are free, with no Special Activity of their own (5.4, ruling
R-FREE-OPS; events/granted.py).
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import OPS
from ..own_pieces import map_sources, may_take_from_map, place_own
from . import event
from .common import (
    GUERRILLA_KEYS,
    can_place,
    choice_reason,
    choose,
    event_terror,
    guerrilla_spaces,
    pick,
    put,
    whole_or_part,
)
from .granted import free_op, op_frame, op_possible, op_title

notation.declare(__name__, {"space", "op", "troops", "place", "done"})

NAIROBI = B.NAIROBI


# -- K12 Hooded Men -----------------------------------------------------------------------------------------

def k12u_spaces(g: Context) -> list[str]:
    """Provinces with an Underground Guerrilla: where Activating all Guerrillas changes something (never
    Nairobi nor a Mountain Jungle, ruling R-MAP-3)."""
    return [s for s in B.PROVINCES if B.sp(g, s)["guerrillas_u"]]


@choice_reason("K12u-space")
def k12u_reason(g: Context, f: dict, sid: str) -> str:
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}, not a Province", "K12, ruling R-MAP-3")
    return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Activating its Guerrillas would change nothing",
                     "K12, 5.1.3")


@event("K12", "unshaded", playable=lambda g, faction: bool(k12u_spaces(g)))
@procedure
class HoodedMenUnshaded(ScriptEvent):
    """K12 unshaded (Identify Mau Mau): the executing faction chooses 2 Provinces, one after the other, and
    every Guerrilla in each goes Active. Only Provinces with an Underground Guerrilla are offered; the second
    must be chosen where one is left (5.1.3)."""

    name = "ke.ev.K12.unshaded"
    script = ("ask", "activate", "ask", "activate")

    def ask(self, g, f):
        spaces = k12u_spaces(g)
        if spaces:
            choose(g, f["faction"], spaces, verb="space", rule="K12", label="Hooded Men", why="K12u-space",
                   ask="choose a Province whose Guerrillas all go Active")

    def activate(self, g, f):
        sid = f.pop("ret", None)
        if sid is None:
            return
        n = B.activate(g, sid, B.sp(g, sid)["guerrillas_u"], "guerrillas")
        g.say(f"Hooded Men: {W.count(n, 'guerrillas_u')} in {B.name(sid)} went Active.", faction=f["faction"],
              rule="K12")


def k12s_spaces(g: Context) -> list[str]:
    """Spaces with Mau Mau (a Guerrilla or a Base, Tip L2777) and Police; a Mountain Jungle or an Unpopulated
    Province only if no space that takes Resistance qualifies (ruling R-EVENT-LEVEL)."""
    cands = [s for s in B.SPACES if B.maumau(B.sp(g, s)) and B.sp(g, s)["police"]]
    return whole_or_part(g, cands)


@choice_reason("K12s-space")
def k12s_reason(g: Context, f: dict, sid: str) -> str:
    x = B.sp(g, sid)
    if not (B.maumau(x) and x["police"]):
        return W.because(f"{W.has(g, sid, 'maumau', 'police')}: the card chooses a space with Mau Mau and Police",
                         "K12")
    return W.because(f"{W.level_of(g, sid)}, and a space with Mau Mau and Police that can be set to Resistance is "
                     f"there ({W.names(f['options'])})", "K12, 5.1.3, ruling R-EVENT-LEVEL")


@event("K12", "shaded", playable=lambda g, faction: bool(k12s_spaces(g)))
@procedure
class HoodedMenShaded(ScriptEvent):
    """K12 shaded (Informers eliminated): in 1 space with Mau Mau and Police (the executing faction's choice),
    1 Police is removed and the space is set to Resistance; a space that takes no level (a Mountain Jungle, an
    Unpopulated Province) only loses its Police, and is chosen only if no other qualifies (ruling
    R-EVENT-LEVEL)."""

    name = "ke.ev.K12.shaded"
    script = ("space", "apply")

    def space(self, g, f):
        choose(g, f["faction"], k12s_spaces(g), verb="space", rule="K12", label="Hooded Men", why="K12s-space",
               ask="choose a space with Mau Mau and Police: 1 Police is removed and the space set to Resistance")

    def apply(self, g, f):
        sid = f.pop("ret")
        B.remove(g, sid, "police", 1)
        g.say(f"Hooded Men: a Police cube in {B.name(sid)} was removed to Available.", faction=f["faction"],
              rule="K12")
        if not B.takes_level(g, sid):
            g.say(f"Hooded Men: {W.level_of(g, sid)}: it is not set to Resistance.", faction=f["faction"],
                  rule="K12, ruling R-EVENT-LEVEL")
        elif B.level(g, sid) == -1:
            g.say(f"Hooded Men: {B.name(sid)} is at Resistance already.", faction=f["faction"], rule="K12")
        else:
            B.set_level(g, sid, -1, "Hooded Men", "K12")


# -- K13 Ruck Family Killed ---------------------------------------------------------------------------------

def k13u_spaces(g: Context) -> list[str]:
    """Non-Reserve Provinces (never Nairobi, ruling R-MAP-3) where the text changes something: not Loyal yet,
    or a Police cube is Available to place there."""
    police = g.s["available"]["police"] > 0
    return [s for s in B.NON_RESERVE_PROVINCES if police or (B.takes_level(g, s) and B.level(g, s) != 1)]


@choice_reason("K13u-space")
def k13u_reason(g: Context, f: dict, sid: str) -> str:
    if not (B.is_non_reserve(sid) and B.KIND[sid] == "province"):
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}"
                         f"{', a Reserve Province' if B.is_reserve(sid) else ''}: the card sets a Non-Reserve "
                         "Province", "K13, ruling R-MAP-3")
    return W.because(f"{W.level_of(g, sid)} already and no Police cube is Available: the text would change nothing "
                     "there", "K13, 5.1.3")


@event("K13", "unshaded", playable=lambda g, faction: bool(k13u_spaces(g)))
@procedure
class RuckUnshaded(ScriptEvent):
    """K13 unshaded (Galvanize settlers): the executing faction sets 1 Non-Reserve Province to Loyal, then may
    place up to 2 Police there from Available, never from the map (the card's own words, ruling R-1.4.1)."""

    name = "ke.ev.K13.unshaded"
    script = ("space", "loyal")

    def space(self, g, f):
        choose(g, f["faction"], k13u_spaces(g), verb="space", rule="K13", label="Ruck Family Killed",
               why="K13u-space", ask="choose a Non-Reserve Province to set to Loyal and place up to 2 Police in")

    def loyal(self, g, f):
        sid = f.pop("ret")
        if B.level(g, sid) == 1:
            g.say(f"Ruck Family Killed: {B.name(sid)} is Loyal already.", faction=f["faction"], rule="K13")
        else:
            B.set_level(g, sid, 1, "Ruck Family Killed", "K13")
        n = min(2, g.s["available"]["police"])  # "from Available": never more than is there (ruling)
        if n:
            put(g, f["faction"], "police", spaces=[sid], max=n, rule="K13", label="Ruck Family Killed")
        else:
            g.say("Ruck Family Killed: no Police cube is Available to place.", faction=f["faction"],
                  rule="K13, 5.1.1")


def k13s_origins(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["troops"]]


@choice_reason("K13s-to")
def k13s_to_reason(g: Context, f: dict, sid: str) -> str:
    if sid in B.NON_RESERVE_PROVINCES:
        return W.because(f"the Troops leave {B.name(sid)}: they go to another Non-Reserve Province", "K13")
    return W.because(f"{B.name(sid)} is {W.kind_of(sid)}{', a Reserve Province' if B.is_reserve(sid) else ''}: "
                     "the Troops go to a Non-Reserve Province", "K13, ruling R-MAP-3")


@event("K13", "shaded", playable=lambda g, faction: bool(k13s_origins(g)))
@procedure
class RuckShaded(ScriptEvent):
    """K13 shaded (Settlers demand troops): the Mau Mau, whoever executes (ruling R-EVENT-FACTION), may move
    British Troops from 1 space, as many as they choose (Tip L2787), all into one Non-Reserve Province (ruling
    R-K13), adjacency aside; Control follows the move (1.7). ``done`` at the first question moves none."""

    name = "ke.ev.K13.shaded"
    script = ("origin", "dest", "count", "move")

    def origin(self, g, f):
        choose(g, "maumau", k13s_origins(g), verb="space", rule="K13", label="Ruck Family Killed", optional=True,
               ask="choose the space the British Troops leave (or done to move none)")

    def dest(self, g, f):
        f["from"] = f.pop("ret", None)
        if f["from"] is None:
            g.say("Ruck Family Killed: the Mau Mau moved no Troop.", faction="maumau", rule="K13")
            f["pc"] = len(self.script)
            return
        to = [s for s in B.NON_RESERVE_PROVINCES if s != f["from"]]
        choose(g, "maumau", to, verb="space", rule="K13", label="Ruck Family Killed", why="K13s-to",
               ask=f"choose the Non-Reserve Province the Troops from {B.name(f['from'])} go to")

    def count(self, g, f):
        f["to"] = f.pop("ret")
        n = B.sp(g, f["from"])["troops"]
        choose(g, "maumau", [str(k) for k in range(1, n + 1)], verb="troops", rule="K13",
               label="Ruck Family Killed",
               ask=f"how many of the {n} Troops in {B.name(f['from'])} move to {B.name(f['to'])} (troops N)")

    def move(self, g, f):
        n = int(f.pop("ret"))
        B.move(g, f["from"], f["to"], "troops", n)
        g.say(f"Ruck Family Killed: the Mau Mau moved {W.count(n, 'troops')} from {B.name(f['from'])} to "
              f"{B.name(f['to'])}.", faction="maumau", rule="K13")


# -- K14 Waruhiu Itote --------------------------------------------------------------------------------------

@event("K14", "unshaded", playable=lambda g, faction: bool(guerrilla_spaces(g, B.MOUNTAIN_JUNGLES)))
def itote_unshaded(g: Context, faction: str) -> None:
    """K14 unshaded (Convinces others to surrender): 1 Guerrilla leaves each Mountain Jungle that has one, the
    executing faction choosing Underground or Active where both are there."""
    spaces = guerrilla_spaces(g, B.MOUNTAIN_JUNGLES)
    pick(g, faction, GUERRILLA_KEYS, spaces=spaces, max=len(spaces), min=len(spaces), per_space=1, rule="K14",
         label="Waruhiu Itote")


def k14s_spaces(g: Context, role: str) -> list[str]:
    """Mountain Jungles where the Base and the Guerrilla can both be placed (stacking 1.4.2; pieces to place,
    5.1.1, ruling R-1.4.1); failing any, those where one of them can (5.1.3)."""
    both = [s for s in B.MOUNTAIN_JUNGLES if can_place(g, role, "bases", s) and can_place(g, role, "guerrillas", s)]
    return both or [s for s in B.MOUNTAIN_JUNGLES
                    if can_place(g, role, "bases", s) or can_place(g, role, "guerrillas", s)]


@choice_reason("K14s-space")
def k14s_reason(g: Context, f: dict, sid: str) -> str:
    if not B.is_mountain_jungle(sid):
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}, not a Mountain Jungle", "K14")
    return W.because(f"{W.has(g, sid, 'bases')}: the Base cannot go there, and it can in "
                     f"{W.names(f['options'])}", "K14, 1.4.2, 5.1.3")


@event("K14", "shaded", playable=lambda g, faction: bool(k14s_spaces(g, faction)))
@procedure
class ItoteShaded(ScriptEvent):
    """K14 shaded (General China): the executing faction places a Base and a Guerrilla in 1 Mountain Jungle,
    one where both can go if there is one (stacking, 1.4.2; 5.1.3). Mau Mau pieces: the Mau Mau may take
    them from the map when none are Available (ruling R-1.4.1); the British place them from Available only
    (5.1.1)."""

    name = "ke.ev.K14.shaded"
    script = ("space", "base", "guerrilla")

    def space(self, g, f):
        choose(g, f["faction"], k14s_spaces(g, f["faction"]), verb="space", rule="K14", label="Waruhiu Itote",
               why="K14s-space", ask="choose a Mountain Jungle to place a Base and a Guerrilla in")

    def base(self, g, f):
        f["sid"] = f.pop("ret")
        self.place(g, f, "bases")

    def guerrilla(self, g, f):
        self.place(g, f, "guerrillas")

    @staticmethod
    def place(g: Context, f: dict, piece: str) -> None:
        sid = f["sid"]
        if can_place(g, f["faction"], piece, sid):
            put(g, f["faction"], piece, spaces=[sid], max=1, min=1, rule="K14", label="Waruhiu Itote")
        else:
            g.say(f"Waruhiu Itote: no {W.NOUNS[piece][0]} can be placed in {B.name(sid)}.", faction=f["faction"],
                  rule="K14, 5.1.1")


# -- K15 Nairobi --------------------------------------------------------------------------------------------

#: The cubes K15 unshaded places, by order word.
CUBE_WORD = {"troop": "troops", "police": "police"}
K15_CUBES = 4


@procedure
class NairobiCubes(Procedure):
    """K15 unshaded's placement: the British place up to 4 cubes in Nairobi, Troops and Police in any mix
    (``place troop|police`` one at a time, ``done`` to stop); their own, so from the map when none of the kind
    is Available (ruling R-1.4.1)."""

    name = "ke.ev.K15.cubes"

    @staticmethod
    def placeable(g: Context, piece: str) -> bool:
        """One *piece* is Available, or the British may take one from the map (ruling R-1.4.1) from a space
        other than Nairobi (a cube of Nairobi placed in Nairobi would change nothing)."""
        if g.s["available"][piece]:
            return True
        return may_take_from_map(g, "british", piece, "event") and any(
            src.split(" ")[0] != NAIROBI for src in map_sources(g, NAIROBI, piece))

    def options(self, g: Context, f: dict) -> list[str]:
        if f["placed"] >= K15_CUBES:
            return []
        return [w for w, piece in CUBE_WORD.items() if self.placeable(g, piece)]

    def prompt(self, g, f):
        opts = self.options(g, f)
        return {"place": opts, "done": []} if opts else {"done": []}

    def text(self, g, f):
        return (f"British (Nairobi): place a cube in Nairobi (place troop|police; {f['placed']} of up to "
                f"{K15_CUBES} placed), or done to Sweep")

    def rule_for(self, g, f):
        return "K15"

    def explain(self, g, f, verb, arg):
        if verb != "place" or arg in self.options(g, f):
            return None
        if f["placed"] >= K15_CUBES:
            return W.because(f"the card places up to {K15_CUBES} cubes, and has placed them", "K15")
        if arg not in CUBE_WORD:
            return W.form("place", "troop|police", arg, "K15")
        return W.because(f"no {W.NOUNS[CUBE_WORD[arg]][0]} is Available or on the map outside Nairobi to take",
                         "K15, 1.4.1")

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        f["placed"] += 1
        place_own(g, "british", NAIROBI, CUBE_WORD[arg], rule="K15", label="Nairobi", by="event")

    def step(self, g, f):
        if not self.options(g, f):
            g.end()
            return True
        return False


@event("K15", "unshaded")
@procedure
class NairobiUnshaded(ScriptEvent):
    """K15 unshaded (Urban screening): the British, whoever executes (ruling R-EVENT-FACTION), place up to 4
    cubes in Nairobi, then Sweep there: a free Sweep with Nairobi as its one destination (ruling R-FREE-OPS;
    3.2.3: adjacent Troops may move in, then Guerrillas are Activated). A Sweep can always select Nairobi, so
    the text is always playable."""

    name = "ke.ev.K15.unshaded"
    script = ("cubes", "sweep")

    def cubes(self, g, f):
        g.call(NairobiCubes.name, "british", placed=0)

    def sweep(self, g, f):
        free_op(g, "british", "sweep", limited=True, only=[NAIROBI], optional=False, rule="K15", label="Nairobi")


def k15s_playable(g: Context, faction: str) -> bool:
    return can_place(g, "maumau", "guerrillas", NAIROBI) or bool(B.sp(g, NAIROBI)["guerrillas_u"])


@event("K15", "shaded", playable=k15s_playable)
@procedure
class NairobiShaded(ScriptEvent):
    """K15 shaded (General strike): the Mau Mau, whoever executes (ruling R-EVENT-FACTION), place 1 Guerrilla
    in Nairobi (their own: from the map when none is Available, ruling R-1.4.1), then a free Terror there (3.3.3,
    5.4), which the new Underground Guerrilla makes possible."""

    name = "ke.ev.K15.shaded"
    script = ("guerrilla", "terror")

    def guerrilla(self, g, f):
        if can_place(g, "maumau", "guerrillas", NAIROBI):
            put(g, "maumau", "guerrillas", spaces=[NAIROBI], max=1, min=1, rule="K15", label="Nairobi")
        else:
            g.say("Nairobi: no Guerrilla is Available or on the map to place.", faction="maumau", rule="K15, 1.4.1")

    def terror(self, g, f):
        free_op(g, "maumau", "terror", limited=True, only=[NAIROBI], optional=False, rule="K15", label="Nairobi")


# -- K16 King's African Rifles ------------------------------------------------------------------------------

K16_TROOPS = 4


def k16u_ops(g: Context, sid: str) -> list[str]:
    """The British Operations a free Limited Operation could conduct in *sid* now (ruling R-FREE-OPS: 'there'
    is its one space or destination)."""
    return [op for op in OPS["british"]
            if op_possible(g, "british", op, op_frame(g, op, limited=True, only=[sid], rule="K16"))]


def k16u_playable(g: Context, faction: str) -> bool:
    return any(can_place(g, "british", "troops", s) or k16u_ops(g, s) for s in B.SPACES)


@event("K16", "unshaded", playable=k16u_playable)
@procedure
class RiflesUnshaded(ScriptEvent):
    """K16 unshaded (Experienced troops): the British, whoever executes (ruling R-EVENT-FACTION), choose 1
    space, place 4 Troops there (their own: from the map when none are Available, ruling R-1.4.1; all they
    can, 5.1.3), then conduct a free Limited Operation of their choice there (``op NAME``: one space or
    destination, no Special Activity, ruling R-FREE-OPS; Relocate at most the box's count, ruling
    R-EVENT-PIPELINE)."""

    name = "ke.ev.K16.unshaded"
    script = ("space", "troops", "kind", "operation")

    def space(self, g, f):
        choose(g, "british", list(B.SPACES), verb="space", rule="K16", label="King's African Rifles",
               ask="choose the space for 4 Troops and a Limited Operation")

    def troops(self, g, f):
        f["sid"] = sid = f.pop("ret")
        if can_place(g, "british", "troops", sid):
            put(g, "british", "troops", spaces=[sid], max=K16_TROOPS, min=K16_TROOPS, rule="K16",
                label="King's African Rifles")
        else:
            g.say("King's African Rifles: no Troop is Available or on the map to place.", faction="british",
                  rule="K16, 1.4.1")

    def kind(self, g, f):
        ops = k16u_ops(g, f["sid"])
        if not ops:
            g.say(f"King's African Rifles: no British Operation could select {B.name(f['sid'])} now.",
                  faction="british", rule="K16, 5.1.3")
            f["pc"] = len(self.script)
            return
        choose(g, "british", ops, verb="op", rule="K16", label="King's African Rifles",
               ask=f"choose the Limited Operation in {B.name(f['sid'])} "
                   f"({W.names([op_title(o, True) for o in ops], plain=True, joint='or')})")

    def operation(self, g, f):
        op = f.pop("ret")
        free_op(g, "british", op, limited=True, only=[f["sid"]], optional=False, rule="K16",
                label="King's African Rifles")


def k16s_spaces(g: Context) -> list[str]:
    """Provinces with Troops where the text changes something (Resistance, or a Terror marker left to place,
    1.9); those that take a level first (ruling R-EVENT-LEVEL)."""
    cands = [s for s in B.PROVINCES if B.sp(g, s)["troops"]]
    pool = whole_or_part(g, cands)
    return [s for s in pool if (B.takes_level(g, s) and B.level(g, s) != -1) or B.terror_left(g)]


@choice_reason("K16s-space")
def k16s_reason(g: Context, f: dict, sid: str) -> str:
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}, not a Province", "K16, ruling R-MAP-3")
    if not B.sp(g, sid)["troops"]:
        return W.because(f"{W.has(g, sid, 'troops')}: the card chooses a Province with Troops", "K16")
    return W.because(f"{W.level_of(g, sid)}, and a Province with Troops that can be set to Resistance is there "
                     f"({W.names(f['options'])})", "K16, 5.1.3, ruling R-EVENT-LEVEL")


@event("K16", "shaded", playable=lambda g, faction: bool(k16s_spaces(g)))
@procedure
class RiflesShaded(ScriptEvent):
    """K16 shaded (Abuse local population): the executing faction sets 1 Province with Troops to Resistance and
    places a Terror marker there (an Event may place one where one is, 1.4.2; none if all 15 are on the map,
    1.9). An Unpopulated Province (no level, 1.6 NOTE) is chosen only if no other qualifies (ruling
    R-EVENT-LEVEL)."""

    name = "ke.ev.K16.shaded"
    script = ("space", "apply")

    def space(self, g, f):
        choose(g, f["faction"], k16s_spaces(g), verb="space", rule="K16", label="King's African Rifles",
               why="K16s-space", ask="choose a Province with Troops to set to Resistance and place a Terror marker in")

    def apply(self, g, f):
        sid = f.pop("ret")
        if not B.set_level(g, sid, -1, "King's African Rifles", "K16"):
            g.say(f"King's African Rifles: {W.level_of(g, sid)}: it is not set to Resistance.",
                  faction=f["faction"], rule="K16, ruling R-EVENT-LEVEL")
        event_terror(g, sid, f["faction"], "K16", "King's African Rifles")
