"""The Rebel Special Activities of Arab Revolt: Mobilize (4.3.1), Coordinate (4.3.2) and Raid (4.3.3).
Their shared base is in ``special``."""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import cap, place_own
from .rebel_ops import WORD_KEY, ambush_hit, ambush_reason, ambush_targets, sabotage_reason, sabotage_space
from .special import SpecialActivity, roll_against_bases

notation.declare(__name__, {"space", "place", "move", "sabotage", "ambush", "roll", "done"})


# -- Mobilize (4.3.1) ----------------------------------------------------------------------------------------

def mobilize_spaces(g: Context) -> list[str]:
    """Districts with more Guerrillas than Irregulars and Foreign Countries in play, with room for a Base
    (4.3.1, 1.3.7, 1.4.2) and a Base to place (Available or on the map, 1.4.1)."""
    return list(iter_mobilize_spaces(g))


def iter_mobilize_spaces(g: Context):
    """:func:`mobilize_spaces` one at a time (whether there is one stops at the first)."""
    spaces, available, on_map = g.s["spaces"], g.s["available"]["bases"], None
    for s in B.SPACES:
        x = spaces[s]
        ok = ((B.KIND[s] == "district" and B.guerrillas(x) > B.irregulars(x))
              or (B.KIND[s] == "foreign" and B.in_play(g, s)))
        if not ok or not B.BOARD.room(g, s, "bases"):
            continue
        if not available and on_map is None:
            on_map = B.bases_on_map(g)  # counted once, only when none is Available
        if available or on_map - x["bases"]:
            yield s


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
    faction = "rebels"
    rule = "4.3.1"
    accompanies = ("rally", "march")
    initial = {"chosen": [], "placed": [], "stage": "bases"}

    def possible(self, g, f=None):
        """A space for a Base, or one for a Guerrilla (4.3.1)."""
        return next(iter_mobilize_spaces(g), None) is not None or bool(mobilize_guerrilla_spaces(g, f))

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
                    f"Countries, to place a Base in ({len(f['chosen'])} selected), or done")
        where = "a Curfew (House Demolition, A6)" if f.get("guerrillas_in") == "curfew" else "Opposition"
        return f"Rebel Mobilize: place a Guerrilla in a space with {where} (place SPACE), or done"

    def refusal(self, g, f, verb, arg):
        if f["stage"] == "bases" and verb == "space":
            return self.base_refusal(g, f, arg)
        if f["stage"] == "guerrillas" and verb == "place":
            return self.guerrilla_refusal(g, f, arg)
        return None

    def base_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Mobilize may not place a Base in *arg* (:func:`mobilize_spaces`): each space once (4.1), up to
        two (4.3.1), a District with more Guerrillas than Irregulars or a Foreign Country in play (4.3.1, 1.3.7),
        room for a Base (1.4.2), a Base Available or on the map (1.4.1)."""
        if arg is None:
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name, kind, x = B.name(arg), B.KIND[arg], B.sp(g, arg)
        if arg in f["chosen"]:
            return W.because(f"{name} is already selected for this Mobilize: a space only once", "4.1")
        if len(f["chosen"]) >= 2:
            return W.because("Mobilize takes place in up to two spaces and has them", "4.3.1")
        if arg in mobilize_spaces(g):
            return None
        if kind not in ("district", "foreign"):
            return W.because(f"{name} is {W.kind_of(arg)}: Mobilize places Bases in Districts and Foreign "
                             "Countries", "4.3.1")
        if kind == "foreign" and not B.in_play(g, arg):
            return W.not_in_play(g, arg)
        if kind == "district" and B.guerrillas(x) <= B.irregulars(x):
            return W.because(f"{W.has(g, arg, 'guerrillas', 'irregulars')}: Mobilize needs more Guerrillas than "
                             "Irregulars in a District", "4.3.1")
        if not B.BOARD.room(g, arg, "bases"):
            return W.because(f"{W.has(g, arg, 'bases')}: two Bases at most in a space", "1.4.2")
        return W.because("no Base is Available, and none is on the map elsewhere to take", "1.4.1")

    def guerrilla_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Mobilize may not place a Guerrilla in *arg* (:meth:`guerrilla_spaces`): one in each space with
        Opposition (4.3.1; A6 shaded: with a Curfew), a Guerrilla Available or on the map (1.4.1)."""
        if arg is None or arg in self.guerrilla_spaces(g, f):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name = B.name(arg)
        if arg in f["placed"]:
            return W.because(f"Mobilize placed a Guerrilla in {name} already: one in each space", "4.3.1")
        if f.get("guerrillas_in") == "curfew":
            if not B.sp(g, arg)["curfew"]:
                return W.because(f"{name} has no Curfew: this Mobilize places Guerrillas in Curfew spaces",
                                 W.rule_of(f, "A6"))
        elif not B.sp(g, arg)["opposition"]:
            return W.because(f"{name} has no Opposition: Mobilize places Guerrillas in spaces with Opposition",
                             "4.3.1")
        return W.because("no Guerrilla is Available or on the map to place", "1.4.1")

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
    faction = "rebels"
    rule = "4.3.2"
    accompanies = ("rally", "march", "sabotage", "ambush")  # any Rebel Operation

    def possible(self, g, f=None):
        """Always: the extra space and the roll need nothing on the map (4.3.2)."""
        return True

    def advance(self, g, f):
        g.end()
        played = g.s["ops"]["played"]
        if played:
            played["bonus"] += 1
        parent = g.top()
        if parent and "max" in parent and parent.get("op"):
            parent["max"] += 1
        g.say("Rebels Coordinated: the Operations chit is worth one more space.", faction="rebels", rule="4.3.2")
        _, ok, words = roll_against_bases(g, "Coordinate")
        g.say(f"Rebels {words}: "
              f"{'the Unity Track shifts toward Centralized' if ok else 'the Unity Track does not shift'}.",
              faction="rebels", rule="4.3.2")
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
    return list(iter_raid_spaces(g, chosen))


def iter_raid_spaces(g: Context, chosen: list[str]):
    """:func:`raid_spaces` one at a time (whether there is one stops at the first). The spaces with a Rebel
    Base and Guerrillas are found once; a space qualifies if one of them is adjacent (:func:`raid_sources`)."""
    spaces = g.s["spaces"]
    bases = {a for a in B.SPACES if (x := spaces[a])["bases"] and B.guerrillas(x)}
    if not bases:
        return
    for s in B.SPACES:
        if s in chosen or B.KIND[s] == "foreign" or bases.isdisjoint(B.adj(g, s)):
            continue
        if (cap(g, "A15") == "unshaded" and B.KIND[s] == "railway"
                and any(B.sp(g, a)["curfew"] for a in B.adj(g, s))):
            continue
        yield s


def raid_act_reasons(g: Context, f: dict, here: str) -> dict[str, str | None]:
    """Why the Raid's Limited Sabotage and Ambush in *here* may not happen (``None`` where they may). Raid
    "moves Guerrillas and then acts with them" (4.3.3): the Guerrilla that Sabotage or Ambush Activates is
    one of those moved in, so one of them must be Underground; A28 Tegart Forts flips those moved in from a
    Foreign Country Active."""
    if not f.get("in_u"):
        why = W.because("no Guerrilla moved in by this Raid is Underground: Raid acts with the Guerrillas it moved "
                        "(A28 Tegart Forts flips those moving from a Foreign Country Active)", "4.3.3")
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
    faction = "rebels"
    rule = "4.3.3"
    accompanies = ("rally", "sabotage", "ambush")
    initial = {"chosen": [], "stage": "space"}

    def possible(self, g, f=None):
        """A space to Raid: "is there one" stops at the first (4.3.3)."""
        return next(iter_raid_spaces(g, []), None) is not None

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
        if stage == "space":  # waiting here, a space is offered (advance ends the Raid otherwise): done once one is
            return (f"Rebel Raid: select a space adjacent to a Rebel Base (up to {self.most(g)}; "
                    f"{len(f['chosen'])} selected){', or done' if f['chosen'] else ''}")
        here = B.name(f["chosen"][-1])
        if stage == "move":
            done = ", or done" if f["moved"] else ""
            srcs = [f["source"]] if f.get("source") else raid_sources(g, f["chosen"][-1])
            if f["moved"] >= 2 or not any(B.guerrillas(B.sp(g, a)) for a in srcs):
                return f"Rebel Raid into {here}: no more Guerrillas may move in{done}"
            return f"Rebel Raid into {here}: move in a Guerrilla from an adjacent Base space (move FROM KIND){done}"
        can = self.prompt(g, f)
        acts = [text for verb, text in (("sabotage", "a Limited Sabotage (sabotage)"),
                                        ("ambush", "an Ambush (ambush TARGET)")) if verb in can]
        return f"Rebel Raid in {here}: {', '.join(acts)}, or done" if acts else f"Rebel Raid in {here}: done"

    def refusal(self, g, f, verb, arg):
        stage = f["stage"]
        if stage == "space" and verb == "space":
            return self.space_refusal(g, f, arg)
        if stage == "space" and verb == "done" and not f["chosen"]:
            return W.because("Raid selects at least one space: none is selected yet", "4.3.3")
        if stage == "move" and verb == "move":
            return self.move_refusal(g, f, arg)
        if stage == "move" and verb == "done" and not f["moved"]:
            return W.because(f"Raid moves one or two Guerrillas into {B.name(f['chosen'][-1])}: none moved yet",
                             "4.3.3")
        if verb not in ("sabotage", "ambush") or not f.get("chosen"):
            return None
        here = f["chosen"][-1]
        if stage == "act":
            why = raid_act_reasons(g, f, here)[verb]
            if why or verb == "sabotage" or arg is None:
                return why
            key = B.BOARD.key_of_word.get(arg)
            if key not in ("police", "irregulars_u", "irregulars_a"):
                return W.form("ambush", "police|irregular-u|irregular-a", arg, "3.3.4")
            return W.because(f"{W.has(g, here, key)} to remove", "3.3.4")
        if stage == "space":
            if f.get("acted"):
                return W.because(f"the Raid already acted in {B.name(here)}: one Limited Sabotage or Ambush a space",
                                 "4.3.3")
            why = raid_act_reasons(g, f, here)[verb]
            if why:
                return W.prefixed(f"the Raid in {B.name(here)} is over, and could not act there: ", why)
            return W.because(f"the Raid in {B.name(here)} is over: it acts there right after its Guerrillas move in, "
                             "not later", "4.3.3")
        return None

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Raid may not select *arg* (:func:`raid_spaces`): each space once (4.1), up to two (4.3.3; A8
        unshaded one), never a Foreign Country (1.3.7, ruling R-RAID-FC), next to a Base with Guerrillas (4.3.3),
        A15 unshaded no Railway next to a Curfew."""
        if arg is None:
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name = B.name(arg)
        if arg in f["chosen"]:
            return W.because(f"{name} is already selected for this Raid: a space only once", "4.1")
        if len(f["chosen"]) >= self.most(g):
            if self.most(g) == 1:
                return W.because("Raid takes place in one space only, and has it", "A8")
            return W.because("Raid takes place in up to two spaces and has them", "4.3.3")
        if arg in raid_spaces(g, f["chosen"]):
            return None
        if B.KIND[arg] == "foreign":
            return W.because(f"{name} is a Foreign Country: Raid may not select one (ruling R-RAID-FC)", "1.3.7")
        if not raid_sources(g, arg):
            near = [a for a in sorted(B.adj(g, arg)) if B.sp(g, a)["bases"]]
            facts = (f"the Bases next to it ({W.names(near)}) have no Guerrilla" if near
                     else "no space next to it has a Rebel Base")
            return W.because(f"{name} is not adjacent to a Rebel Base with Guerrillas: {facts}", "4.3.3")
        return W.because(f"{name} is a Railway next to a Curfew: Raid may not select it", "A15")

    def move_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Raid may not move Guerrilla *arg* (``FROM guerrilla-u|guerrilla-a``) in: one or two (4.3.3), from
        one adjacent space with a Base (ruling R-RAID-SOURCE)."""
        here = f["chosen"][-1]
        if f["moved"] >= 2:
            return W.because(f"Raid moves one or two Guerrillas into {B.name(here)} and has moved 2", "4.3.3")
        if arg is None:
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] not in WORD_KEY:
            return W.form("move", "FROM guerrilla-u|guerrilla-a", arg, "4.3.3")
        src, word = words
        if not W.is_space(src):
            return W.not_a_space(src)
        if f.get("source") and src != f["source"]:
            return W.because(f"this Raid's Guerrillas come from one space, {B.name(f['source'])} "
                             "(ruling R-RAID-SOURCE)", "4.3.3")
        if src not in B.adj(g, here):
            return W.because(f"{B.name(src)} is not adjacent to {B.name(here)}", "4.3.3")
        if not B.sp(g, src)["bases"]:
            return W.because(f"{B.name(src)} has no Rebel Base: Raid moves Guerrillas in from a Base space", "4.3.3")
        return W.because(f"{W.has(g, src, WORD_KEY[word])} to move in", "4.3.3")

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
