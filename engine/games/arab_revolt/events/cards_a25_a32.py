"""Arab Revolt Event cards A25 to A32 (rule 5; texts and Tips in 9.0): A25 Montgomery, A26 "Triangle of
Terror", A27 Rebel Courts (capability: effects in Detain and the Political Will Phase), A28 Tegart Forts
(capability: effects in March and A11), A29 Haganah, A30 Arab Kings, A31 French Syria, A32 Aerial
Policing."""

from __future__ import annotations

from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from . import capability, event
from .choosers import choose, pick
from .common import MoveEach
from .granted import granted_ops, may_sa

notation.declare(__name__, {"space", "done"})



# -- A25 Montgomery -----------------------------------------------------------------------------------------

@event("A25", "unshaded")
def a25_unshaded(g: Context, faction: str) -> None:
    """British may conduct a Limited Operation in or adjacent to Haifa District, then Punish in or adjacent
    to Haifa District."""
    may_sa(g, "british", "punish", rule="A25", only=B.within_one(g, "haifa-district"))
    granted_ops(g, "british", 1, only=B.within_one(g, "haifa-district"), rule="A25", label="Montgomery, A25")


@event("A25", "shaded")
def a25_shaded(g: Context, faction: str) -> None:
    """Rebels may conduct up to 2 Limited Operations in or adjacent to Haifa District."""
    granted_ops(g, "rebels", 2, only=B.within_one(g, "haifa-district"), rule="A25", label="Montgomery, A25")


# -- A26 "Triangle of Terror" -------------------------------------------------------------------------------

@event("A26", "event")
def a26(g: Context, faction: str) -> None:
    """Up to 3 Limited Operations in or adjacent to Samaria; then the other player may conduct 1 Limited
    Operation in Samaria."""
    other = "british" if faction == "rebels" else "rebels"
    granted_ops(g, other, 1, only=["samaria"], rule="A26", label='"Triangle of Terror", A26')
    granted_ops(g, faction, 3, only=B.within_one(g, "samaria"), rule="A26", label='"Triangle of Terror", A26')


# -- A27 Rebel Courts (capability) ---------------------------------------------------------------------------

capability("A27", "unshaded")
capability("A27", "shaded")


# -- A28 Tegart Forts (capability, single text) --------------------------------------------------------------

@event("A28", "event")
def a28(g: Context, faction: str) -> None:
    """British must permanently place 3 Police on the card, from the map first, then Available; all
    Guerrillas moving from Foreign Countries flip Active (in March)."""
    g.s["capabilities"]["A28"] = "event"
    g.say(f"{faction.title()} put A28 in play as a Capability.", faction=faction, rule="5.3")
    on_map = B.BOARD.on_map(g, "police")
    from_map = min(3, on_map)
    from_avail = min(3 - from_map, g.s["available"]["police"])
    g.s["available"]["police"] -= from_avail
    g.s["tegart"] += from_avail
    if from_map:
        pick(g, "british", ["police"], max=from_map, min=from_map, dest="tegart", rule="A28",
             label="Tegart Forts, A28")


# -- A29 Haganah --------------------------------------------------------------------------------------------

@event("A29", "unshaded")
def a29_unshaded(g: Context, faction: str) -> None:
    """Unity two steps toward Decentralized, then Divide to Activate Irregulars: that option only, and not
    optional (the text says "then Divide", not "may"): at least one replacement where one is possible. Who
    chooses the replacements is the umpire's reading R-A29 (default: the British, whose Special Activity
    Divide is)."""
    B.shift_unity(g, -2, "Haganah", rule="A29")
    role = "british" if chosen(g.s, "R-A29", "british") == "british" else faction
    g.say("Haganah: Divide to Activate Irregulars follows (not optional).", faction=role, rule="A29")
    g.call("ar.sa.divide", role, parent_op=None, parent_spaces=[], rule="A29", no_roll=True, must=True)


def a29_spaces(g: Context) -> list[str]:
    near = {a for r in B.RAILWAYS if B.sp(g, r)["sabotage"] for a in B.within_one(g, r)}
    return [s for s in B.SPACES if s in near and B.irregulars(B.sp(g, s))]


@event("A29", "shaded", playable=lambda g, faction: bool(a29_spaces(g)))
def a29_shaded(g: Context, faction: str) -> None:
    """Remove 1 Irregular each from up to 2 spaces with or adjacent to Sabotage markers."""
    pick(g, faction, list(B.IRREGULAR_KEYS), spaces=a29_spaces(g), max=2, per_space=1, rule="A29",
         label="Haganah, A29")


# -- A30 Arab Kings -----------------------------------------------------------------------------------------

def a30_districts(g: Context) -> list[str]:
    return [d for d in sorted(B.adj(g, "transjordan")) if B.KIND[d] == "district" and B.guerrillas(B.sp(g, d))]


@event("A30", "unshaded", playable=lambda g, faction: bool(a30_districts(g)))
def a30_unshaded(g: Context, faction: str) -> None:
    """Remove 1 Guerrilla from each District adjacent to Transjordan (map.json, ruling R-MAP-2)."""
    spaces = a30_districts(g)
    pick(g, faction, list(B.GUERRILLA_KEYS), spaces=spaces, max=len(spaces), min=len(spaces), per_space=1,
         rule="A30", label="Arab Kings, A30")


@event("A30", "shaded", playable=lambda g, faction: not all(B.in_play(g, s) for s in B.FOREIGN))
def a30_shaded(g: Context, faction: str) -> None:
    """Transjordan and Egypt are now in play as Foreign Country spaces."""
    for s in ("transjordan", "egypt"):
        B.sp(g, s)["out_of_play"] = 0
    g.say("Arab Kings: Transjordan and Egypt are now in play.", rule="A30")


# -- A31 French Syria ---------------------------------------------------------------------------------------

def a31_choices(g: Context) -> list[str]:
    return [s for s in ("syria", "lebanon") if B.rebel_pieces(B.sp(g, s))]


@procedure
class A31Unshaded(Procedure):
    """A31 unshaded: all Rebel pieces in Syria or Lebanon (not both) to Prison."""

    name = "ar.ev.a31u"
    rule = "A31"

    def step(self, g, f):
        if "ret" in f or len(a31_choices(g)) == 1:
            g.end()
            sid = f.get("ret") or a31_choices(g)[0]
            x = B.sp(g, sid)
            for key in ("guerrillas_u", "guerrillas_a", "bases"):
                B.remove(g, sid, key, x[key], to="prison")
            g.say(f"French Syria: every Rebel piece in {B.name(sid)} went to Prison.", rule="A31")
            return True
        if not f.get("asked"):
            f["asked"] = True
            choose(g, f["role"], "space", a31_choices(g), ask="Syria or Lebanon: all Rebel pieces to Prison",
                   rule="A31", label="French Syria, A31")
            return True
        return False


@event("A31", "unshaded", playable=lambda g, faction: bool(a31_choices(g)))
def a31_unshaded(g: Context, faction: str) -> None:
    g.call(A31Unshaded.name, faction)


@event("A31", "shaded")
def a31_shaded(g: Context, faction: str) -> None:
    """Place 1 Guerrilla from Prison, then Available, in each Foreign Country in play (ruling R-A31)."""
    s = g.s
    for sid in B.foreign_in_play(g):
        if s["prison"]["guerrillas"]:
            s["prison"]["guerrillas"] -= 1
            B.sp(g, sid)["guerrillas_u"] += 1
            where = "Prison"
        elif B.place(g, sid, "guerrillas", 1):
            where = "Available"
        else:
            continue
        g.say(f"French Syria: a Guerrilla from {where} was placed in {B.name(sid)}.", rule="A31")


# -- A32 Aerial Policing ------------------------------------------------------------------------------------

@event("A32", "unshaded")
def a32_unshaded(g: Context, faction: str) -> None:
    """British may Air Recon, Activating 2 rather than 1 Guerrilla in each selected space."""
    may_sa(g, "british", "air-recon", rule="A32", per=2)


def a32_sources(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["bases"] and B.sp(g, s)["troops"]]


@event("A32", "shaded", playable=lambda g, faction: bool(a32_sources(g)))
def a32_shaded(g: Context, faction: str) -> None:
    """Move 1 Troop from each space with a Rebel Base to any Cities (the executing faction chooses)."""
    g.call(MoveEach.name, faction, key="troops", sources=a32_sources(g), dests=list(B.CITIES), rule="A32",
           label="Aerial Policing, A32")
