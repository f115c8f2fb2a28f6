"""The Rebel Special Activities of Arab Revolt: Mobilize (4.3.1), Coordinate (4.3.2) and Raid (4.3.3).
Their shared base and ``sa_possible`` are in ``special``."""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from .operation import cap, place_own
from .rebel_ops import WORD_KEY, ambush_hit, ambush_reason, ambush_targets, sabotage_reason, sabotage_space
from .special import SpecialActivity, roll_against_bases

notation.declare(__name__, {"space", "place", "move", "sabotage", "ambush", "roll", "done"})


# -- Mobilize (4.3.1) ----------------------------------------------------------------------------------------

def mobilize_spaces(g: Context) -> list[str]:
    """Districts with more Guerrillas than Irregulars and Foreign Countries in play, with room for a Base
    (4.3.1, 1.3.7, 1.4.2) and a Base to place (Available or on the map, 1.4.1)."""
    out = []
    for s in B.SPACES:
        x = B.sp(g, s)
        ok = ((B.KIND[s] == "district" and B.guerrillas(x) > B.irregulars(x))
              or (B.KIND[s] == "foreign" and B.in_play(g, s)))
        if ok and B.BOARD.room(g, s, "bases") and (g.s["available"]["bases"] or B.bases_on_map(g) - x["bases"]):
            out.append(s)
    return out


def mobilize_guerrilla_spaces(g: Context, f: dict | None = None) -> list[str]:
    """Spaces where Mobilize may place a Guerrilla: each with Opposition (4.3.1), or with A6 House Demolition
    shaded each with a Curfew (frame ``guerrillas_in``); none if no Guerrilla is Available or on the map to
    place (1.4.1 IMPORTANT)."""
    key = (f or {}).get("guerrillas_in", "opposition")
    if not (g.s["available"]["guerrillas"] or any(B.guerrillas(B.sp(g, s)) for s in B.SPACES)):
        return []
    return [s for s in B.SPACES if B.sp(g, s)[key]]


@procedure
class Mobilize(SpecialActivity):
    """Mobilize: a Base in each of up to two Districts with more Guerrillas than Irregulars or Foreign
    Countries; then a Guerrilla may go in each space with Opposition (4.3.1). A6 shaded: in each Curfew
    space instead (frame ``guerrillas_in``)."""

    name = "ar.sa.mobilize"
    sa = "mobilize"
    initial = {"chosen": [], "placed": [], "stage": "bases"}

    def guerrilla_spaces(self, g, f):
        return [s for s in mobilize_guerrilla_spaces(g, f) if s not in f["placed"]]

    def prompt(self, g, f):
        if f["stage"] == "bases":
            out: dict[str, list[str]] = {"done": []}
            c = [s for s in mobilize_spaces(g) if s not in f["chosen"]]
            if c and len(f["chosen"]) < 2:
                out["space"] = c
            return out
        c = self.guerrilla_spaces(g, f)
        return {"place": c, "done": []} if c else {"done": []}

    def text(self, g, f):
        if f["stage"] == "bases":
            return ("Rebel Mobilize: select up to 2 Districts with more Guerrillas than Irregulars, or Foreign "
                    "Countries, to place a Base in, or done")
        return "Rebel Mobilize: place a Guerrilla in a space with Opposition (place SPACE), or done"

    def act(self, g, f, verb, arg):
        if f["stage"] == "bases":
            if verb == "done":
                f["stage"] = "guerrillas"
                return
            f["chosen"].append(arg)
            g.say(f"Rebels Mobilized in {B.name(arg)}.", faction="rebels", rule="4.3.1")
            place_own(g, "rebels", arg, "bases", rule="4.3.1", label="Mobilize")
            if len(f["chosen"]) >= 2:
                f["stage"] = "guerrillas"
            return
        if verb == "done":
            g.end()
            return
        f["placed"].append(arg)
        place_own(g, "rebels", arg, "guerrillas", rule="4.3.1", label="Mobilize")

    def advance(self, g, f):
        if f["stage"] == "guerrillas" and not self.guerrilla_spaces(g, f):
            g.end()
            return True
        return False


# -- Coordinate (4.3.2) --------------------------------------------------------------------------------------

@procedure
class Coordinate(SpecialActivity):
    """Coordinate: the Operations chit is worth one more space, and a die at most the Rebel Bases on the
    map shifts the Unity Track toward Centralized (4.3.2); the chit's effect stays that of its printed
    value (8.0 L630)."""

    name = "ar.sa.coordinate"
    sa = "coordinate"

    def advance(self, g, f):
        g.end()
        played = g.s["ops"]["played"]
        if played:
            played["bonus"] += 1
        parent = g.top()
        if parent and "max" in parent and parent.get("op"):
            parent["max"] += 1
        g.say("Rebels Coordinated: the Operations chit is worth one more space.", faction="rebels", rule="4.3.2")
        die, ok = roll_against_bases(g, "Coordinate")
        g.say(f"Rebels rolled {die} against {B.bases_on_map(g)} Base(s) on the map.", faction="rebels",
              rule="4.3.2")
        if ok:
            B.shift_unity(g, 1, "Coordinate", rule="4.3.2")
        return True


# -- Raid (4.3.3) --------------------------------------------------------------------------------------------

def raid_sources(g: Context, sid: str) -> list[str]:
    """Adjacent spaces with a Rebel Base and Guerrillas (4.3.3)."""
    return [a for a in sorted(B.adj(g, sid)) if B.sp(g, a)["bases"] and B.guerrillas(B.sp(g, a))]


def raid_spaces(g: Context, chosen: list[str]) -> list[str]:
    """Spaces adjacent to a Rebel Base with Guerrillas to move in; never Foreign Countries (ruling
    R-RAID-FC); A15 unshaded: no Railway adjacent to a Curfew space."""
    out = []
    for s in B.SPACES:
        if s in chosen or B.KIND[s] == "foreign" or not raid_sources(g, s):
            continue
        if (cap(g, "A15") == "unshaded" and B.KIND[s] == "railway"
                and any(B.sp(g, a)["curfew"] for a in B.adj(g, s))):
            continue
        out.append(s)
    return out


def raid_act_reasons(g: Context, f: dict, here: str) -> dict[str, str | None]:
    """Why the Raid's Limited Sabotage and Ambush in *here* may not happen (``None`` where they may). Raid
    "moves Guerrillas and then acts with them" (4.3.3): the Guerrilla that Sabotage or Ambush Activates is
    one of those moved in, so one of them must be Underground; A28 Tegart Forts flips those moved in from a
    Foreign Country Active."""
    if not f.get("in_u"):
        why = ("no Guerrilla moved in by this Raid is Underground (4.3.3: Raid acts with the Guerrillas it "
               "moved; A28 Tegart Forts flips those moving from a Foreign Country Active)")
        return {"sabotage": why, "ambush": why}
    return {"sabotage": sabotage_reason(g, here), "ambush": ambush_reason(g, here)}


@procedure
class Raid(SpecialActivity):
    """Raid: in each of up to two spaces adjacent to a Rebel Base, move in one or two Guerrillas from one
    adjacent space with a Base (ruling R-RAID-SOURCE), then, if desired, a Limited Sabotage or Ambush there
    with one of them (4.3.3, see :func:`raid_act_reasons`). A8 unshaded: one space at most. A28: Guerrillas
    moving from a Foreign Country flip Active."""

    name = "ar.sa.raid"
    sa = "raid"
    initial = {"chosen": [], "stage": "space"}

    def most(self, g):
        return 1 if cap(g, "A8") == "unshaded" else 2

    def prompt(self, g, f):
        stage = f["stage"]
        if stage == "space":
            out: dict[str, list[str]] = {}
            c = raid_spaces(g, f["chosen"])
            if c and len(f["chosen"]) < self.most(g):
                out["space"] = c
            if f["chosen"] or not c:
                out["done"] = []
            return out
        here = f["chosen"][-1]
        if stage == "move":
            srcs = [f["source"]] if f.get("source") else raid_sources(g, here)
            moves = [f"{a} {w}" for a in srcs for w, k in WORD_KEY.items() if B.sp(g, a)[k]] if f["moved"] < 2 else []
            out = {"move": moves} if moves else {}
            if f["moved"]:
                out["done"] = []
            return out
        out = {"done": []}
        why = raid_act_reasons(g, f, here)
        if why["sabotage"] is None:
            out["sabotage"] = []
        if why["ambush"] is None:
            out["ambush"] = ambush_targets(g, here)
        return out

    def text(self, g, f):
        stage = f["stage"]
        if stage == "space":
            return f"Rebel Raid: select a space adjacent to a Rebel Base (up to {self.most(g)}), or done"
        here = B.name(f["chosen"][-1])
        if stage == "move":
            return f"Rebel Raid into {here}: move in a Guerrilla from an adjacent Base space (move FROM KIND), or done"
        return f"Rebel Raid in {here}: a Limited Sabotage, an Ambush (ambush TARGET), or done"

    def explain(self, g, f, verb, arg):
        if verb not in ("sabotage", "ambush") or not f.get("chosen"):
            return None
        here = f["chosen"][-1]
        if f["stage"] == "act":
            return raid_act_reasons(g, f, here)[verb]
        if f["stage"] == "space":
            if f.get("acted"):
                return f"the Raid already acted in {B.name(here)} (4.3.3: one Limited Sabotage or Ambush a space)"
            why = raid_act_reasons(g, f, here)[verb]
            return f"the Raid in {B.name(here)} is over{': ' + why if why else ''}"
        return None

    def act(self, g, f, verb, arg):
        stage = f["stage"]
        if stage == "space":
            if verb == "done":
                f["over"] = True
                return
            f["chosen"].append(arg)
            f["stage"] = "move"
            f["moved"] = 0
            f["in_u"] = 0
            f["acted"] = False
            f["source"] = None
            return
        here = f["chosen"][-1]
        if stage == "move":
            if verb == "done":
                f["stage"] = "act"
                return
            src, word = arg.split(" ")
            B.move(g, src, here, WORD_KEY[word])
            f["moved"] += 1
            f["source"] = src
            flipped = word == "guerrilla-u" and cap(g, "A28") and B.KIND[src] == "foreign"
            if flipped:
                B.activate(g, here, 1)
            elif word == "guerrilla-u":
                f["in_u"] += 1
            g.say(f"Rebels Raided: a Guerrilla moved from {B.name(src)} into {B.name(here)}"
                  f"{' and flipped Active (Tegart Forts, A28)' if flipped else ''}.", faction="rebels",
                  rule="A28" if flipped else "4.3.3")
            if f["moved"] >= 2:
                f["stage"] = "act"
            return
        if verb == "sabotage":
            f["in_u"] -= 1
            f["acted"] = True
            sabotage_space(g, here, "4.3.3")
        elif verb == "ambush":
            f["in_u"] -= 1
            f["acted"] = True
            ambush_hit(g, here, arg, "4.3.3")
        f["stage"] = "space"

    def advance(self, g, f):
        if f["stage"] == "act" and list(self.prompt(g, f)) == ["done"]:
            f["stage"] = "space"  # neither Sabotage nor Ambush is possible here: nothing to ask
            return True
        if f["stage"] == "space" and (f.get("over") or "space" not in self.prompt(g, f)):
            g.end()
            return True
        return False
