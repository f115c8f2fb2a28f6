"""Kenya Event cards K17 to K22 (rule 5; texts and Tips in 9.0, L2821-2879): K17 Kenya Police Reserve, K18
Operation Blitz, K19 'One-Mile Strip', K20 Surrender Schemes, K21 'Shot While Escaping', K22 Dedan Kimathi.
None of them is a Capability.

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
from ....core.flow import Context, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from ..operation import OPS
from . import event
from .common import (
    GUERRILLA_KEYS,
    guerrilla_spaces,
    pick,
    police_targets,
    put_police_anywhere,
    shift_spaces,
    shiftable,
)
from .granted import free_op, free_ops, free_sa, op_frame, op_possible

notation.declare(__name__, {"space", "op", "troops", "place", "done"})

NAIROBI = B.NAIROBI


# -- K17 Kenya Police Reserve -------------------------------------------------------------------------------

def k17_not_target(g: Context, sid: str) -> str:
    return W.because(f"{B.name(sid)} is {W.kind_of(sid)}{', a Reserve Province' if B.is_reserve(sid) else ''}: "
                     "the card places in each Non-Reserve Province", "K17, Tip L2827, ruling R-MAP-3")


@police_targets("K17", k17_not_target)
def k17_targets(g: Context) -> list[str]:
    """K17 unshaded's spaces: the Non-Reserve Provinces (never Nairobi, a Reserve or a Mountain Jungle: Tip
    L2827, ruling R-MAP-3); ``per_space=1`` gives each one cube."""
    return list(B.NON_RESERVE_PROVINCES)


@event("K17", "unshaded")
def kpr_unshaded(g: Context, faction: str) -> None:
    """K17 unshaded (Settler police): the executing faction places 1 Police in each Non-Reserve Province, each
    from Available, the map or Out of Play as it chooses ("from anywhere (even Out of Play)", ruling R-1.4.1);
    in every one it can (5.1.3). Some Police is always somewhere, so the text is always playable."""
    n = len(B.NON_RESERVE_PROVINCES)
    put_police_anywhere(g, faction, "K17", max=n, min=n, per_space=1, rule="K17", label="Kenya Police Reserve")


@event("K17", "shaded", playable=lambda g, faction: bool(guerrilla_spaces(g, B.NON_RESERVE_PROVINCES)))
@procedure
class KprShaded(ScriptEvent):
    """K17 shaded (Vigilante counter-terror): 1 Guerrilla is removed from each Non-Reserve Province that has
    one (the executing faction choosing Underground or Active where both are), then each of those Provinces is
    set to Resistance (Tip L2827; never a Reserve or a Mountain Jungle)."""

    name = "ke.ev.K17.shaded"
    script = ("remove", "resist")

    def remove(self, g, f):
        f["spaces"] = spaces = guerrilla_spaces(g, B.NON_RESERVE_PROVINCES)
        pick(g, f["faction"], GUERRILLA_KEYS, spaces=spaces, max=len(spaces), min=len(spaces), per_space=1,
             rule="K17", label="Kenya Police Reserve")

    def resist(self, g, f):
        for sid in f["spaces"]:
            if B.level(g, sid) != -1:
                B.set_level(g, sid, -1, "Kenya Police Reserve", "K17")


# -- K18 Operation Blitz ------------------------------------------------------------------------------------

@event("K18", "unshaded")
@procedure
class BlitzUnshaded(ScriptEvent):
    """K18 unshaded (Prohibited area sweep): the British, whoever executes (ruling R-EVENT-FACTION), Sweep into
    1 Mountain Jungle (a free Sweep with it as the one destination, ruling R-FREE-OPS), then a free Air Strike
    there (no Operation needed with it, ruling R-FREE-OPS). A Sweep can always select a Mountain Jungle."""

    name = "ke.ev.K18.unshaded"
    script = ("sweep", "strike")

    def sweep(self, g, f):
        free_op(g, "british", "sweep", limited=True, only=list(B.MOUNTAIN_JUNGLES), optional=False, rule="K18",
                label="Operation Blitz")

    def strike(self, g, f):
        spaces = f.pop("ret", None) or []
        if spaces:
            free_sa(g, "british", "air-strike", max=1, only=spaces, rule="K18", label="Operation Blitz")


def active_in_jungles(g: Context) -> int:
    return sum(B.sp(g, s)["guerrillas_a"] for s in B.MOUNTAIN_JUNGLES)


@event("K18", "shaded", playable=lambda g, faction: bool(active_in_jungles(g)))
def blitz_shaded(g: Context, faction: str) -> None:
    """K18 shaded (Guerrillas slip away): every Active Guerrilla in the Mountain Jungles flips Underground."""
    for sid in B.MOUNTAIN_JUNGLES:
        x = B.sp(g, sid)
        n = x["guerrillas_a"]
        if n:
            x["guerrillas_a"] = 0
            x["guerrillas_u"] += n
            g.say(f"Operation Blitz: {W.count(n, 'guerrillas_a')} in {B.name(sid)} flipped Underground.",
                  faction=faction, rule="K18")


# -- K19 'One-Mile Strip' -----------------------------------------------------------------------------------

def k19u_spaces(g: Context) -> list[str]:
    """Mountain Jungles with a Base and British pieces (Troops or Police) in every adjacent space."""
    return [s for s in B.MOUNTAIN_JUNGLES if B.sp(g, s)["bases"]
            and all(B.british(B.sp(g, a)) for a in B.adj(g, s))]


@event("K19", "unshaded", playable=lambda g, faction: bool(k19u_spaces(g)))
def strip_unshaded(g: Context, faction: str) -> None:
    """K19 unshaded (Contain guerrillas to forest): the executing faction removes 1 Base from a Mountain Jungle
    with British pieces in every adjacent space (its choice where two qualify), for +1 Political Will (Tip; not
    beyond 20, 5.1.1)."""
    pick(g, faction, ["bases"], spaces=k19u_spaces(g), max=1, min=1, on_base="pw", rule="K19",
         label="'One-Mile Strip'")


@event("K19", "shaded", playable=lambda g, faction: bool(shiftable(g, B.RESERVES, set_to=-1)))
def strip_shaded(g: Context, faction: str) -> None:
    """K19 shaded (Population removal resented): the executing faction sets a Reserve Province to Resistance:
    a Populated one not at Resistance (ruling R-EVENT-LEVEL); with none, the text is not offered (5.1.3)."""
    shift_spaces(g, faction, B.RESERVES, count=1, set_to=-1, rule="K19", label="'One-Mile Strip'")


# -- K20 Surrender Schemes ----------------------------------------------------------------------------------

def with_guerrillas_and_troops(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.guerrillas(B.sp(g, s)) and B.sp(g, s)["troops"]]


@event("K20", "unshaded", playable=lambda g, faction: bool(with_guerrillas_and_troops(g)))
def surrender_unshaded(g: Context, faction: str) -> None:
    """K20 unshaded ('Green Branch' program): the executing faction removes 1 Guerrilla each from up to 2
    spaces with Guerrillas and Troops ("up to": it may stop after fewer)."""
    pick(g, faction, GUERRILLA_KEYS, spaces=with_guerrillas_and_troops(g), max=2, per_space=1, rule="K20",
         label="Surrender Schemes")


def k20s_frame(g: Context) -> dict:
    return op_frame(g, "rally", limited=False, spaces=2, optional=False, rule="K20")


@event("K20", "shaded", playable=lambda g, faction: op_possible(g, "maumau", "rally", k20s_frame(g)))
def surrender_shaded(g: Context, faction: str) -> None:
    """K20 shaded (Distrust and reject): the Mau Mau, whoever executes (ruling R-EVENT-FACTION), free Rally in 2
    spaces (up to 2, at least 1: ruling R-FREE-OPS), under Rally's usual restrictions (Tip L2857, ruling
    R-8.0-ERRATA: no Loyal space but a Reserve Province)."""
    free_op(g, "maumau", "rally", limited=False, spaces=2, optional=False, rule="K20", label="Surrender Schemes")


# -- K21 'Shot While Escaping' ------------------------------------------------------------------------------

def k21u_playable(g: Context, faction: str) -> bool:
    return op_possible(g, "british", "assault", op_frame(g, "assault", limited=True, optional=False, rule="K21"))


@event("K21", "unshaded", playable=k21u_playable)
@procedure
class EscapingUnshaded(ScriptEvent):
    """K21 unshaded (Captured rebels provide info): the British, whoever executes (ruling R-EVENT-FACTION),
    Assault in 1 space (free, ruling R-FREE-OPS), then every Guerrilla left there goes Active."""

    name = "ke.ev.K21.unshaded"
    script = ("assault", "reveal")

    def assault(self, g, f):
        free_op(g, "british", "assault", limited=True, optional=False, rule="K21", label="'Shot While Escaping'")

    def reveal(self, g, f):
        for sid in f.pop("ret", None) or []:
            n = B.activate(g, sid, B.sp(g, sid)["guerrillas_u"], "guerrillas")
            g.say(f"'Shot While Escaping': {W.count(n, 'guerrillas_u')} in {B.name(sid)} went Active.",
                  faction="british", rule="K21")


def k21s_spaces(g: Context) -> list[str]:
    return with_guerrillas_and_troops(g)


@event("K21", "shaded", playable=lambda g, faction: bool(k21s_spaces(g)))
@procedure
class EscapingShaded(ScriptEvent):
    """K21 shaded (Dead men cannot talk): the executing faction removes 1 Guerrilla, Underground or Active, from
    a space with Troops; then Guerrillas flip Underground: by default every Guerrilla on the map, as the Reset's
    same words (6.5); with the umpire's narrower reading of ruling R-K21 (``space``), those of that space
    only."""

    name = "ke.ev.K21.shaded"
    script = ("remove", "flip")

    def remove(self, g, f):
        f["before"] = {s: B.guerrillas(B.sp(g, s)) for s in B.SPACES}
        pick(g, f["faction"], GUERRILLA_KEYS, spaces=k21s_spaces(g), max=1, min=1, rule="K21",
             label="'Shot While Escaping'")

    def flip(self, g, f):
        before = f.pop("before")
        where = [s for s in B.SPACES if B.guerrillas(B.sp(g, s)) < before[s]]
        if not where:
            return
        if chosen(g.s, "R-K21", "map") == "space":
            spaces, why = where, "K21, ruling R-K21 (space)"
        else:
            spaces, why = list(B.SPACES), "K21, ruling R-K21, 6.5"
        n = 0
        for sid in spaces:
            x = B.sp(g, sid)
            n += x["guerrillas_a"]
            x["guerrillas_u"] += x["guerrillas_a"]
            x["guerrillas_a"] = 0
        scope = f"in {B.name(where[0])}" if spaces == where else "on the map"
        g.say(f"'Shot While Escaping': every Guerrilla {scope} flipped Underground ({W.count(n, 'guerrillas_a')} "
              "flipped).", faction=f["faction"], rule=why)


# -- K22 Dedan Kimathi --------------------------------------------------------------------------------------

def k22u_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["bases"] and B.control(g, s) == "british"]


@event("K22", "unshaded", playable=lambda g, faction: bool(k22u_spaces(g)))
def kimathi_unshaded(g: Context, faction: str) -> None:
    """K22 unshaded (Tried and hanged): the executing faction removes 1 Base from a British Controlled space
    (its choice), for +1 Political Will (Tip; not beyond 20, 5.1.1)."""
    pick(g, faction, ["bases"], spaces=k22u_spaces(g), max=1, min=1, on_base="pw", rule="K22",
         label="Dedan Kimathi")


def k22s_playable(g: Context, faction: str) -> bool:
    return any(op_possible(g, "maumau", op, op_frame(g, op, limited=True, rule="K22")) for op in OPS["maumau"])


@event("K22", "shaded", playable=k22s_playable)
def kimathi_shaded(g: Context, faction: str) -> None:
    """K22 shaded (KLFA Field Marshall): the Mau Mau, whoever executes (ruling R-EVENT-FACTION), may conduct 2
    free Limited Operations, of any kinds, one after the other, possibly with the same pieces (Tip L2877; 5.4,
    ruling R-FREE-OPS)."""
    free_ops(g, "maumau", 2, limited=True, rule="K22", label="Dedan Kimathi")
