"""Palestine Event cards P1 to P8 (rule 5, texts and Tips in 9.0).

P1 Operation Agatha, P2 Exodus Affair*, P3 King David Hotel, P4 Illegal Immigration* (single text),
P5 Acre Prison Break, P6 Montgomery, P7 Lehi, P8 Harry Truman*. Starred cards (5.4) lose 1 less
Political Will with P9 unshaded in play (``common.lose_will(..., starred=True)``).

Event-granted Operations (``operation.event_op_frame``) have a Special Activity only where the card grants
one (4.1); whether the Intelligence Lead, the Offensive and the Haganah extra space add to the card's
count is ruling R-EV-OPS, an umpire option (by default they do not).
"""

from __future__ import annotations

from ....coin.pickers import Choice
from ....core.errors import RulesBugError
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from ..haganah import shift_haganah
from ..operation import cap, event_op_frame
from ..special import mass_detention_cities
from ..why import Refusal, has, kind_of, names, not_a_space, space_of
from .base import ScriptEvent, event
from .common import gain_will, lose_will, star_loss
from .pickers import pick, put

CELLS = ["cells_u", "cells_a"]


# -- shared helpers ----------------------------------------------------------------------------------

def _choice_refusal(g: Context, text: str, sid: str) -> str:
    """Why the City or space *sid* is not among the choices of the Event running *text* (the tests that
    built the options: P1 a City, P3 unshaded a space with Terror, P3 shaded a City with an Underground Cell)."""
    if text == AgathaUnshaded.name or B.KIND[sid] != "city":
        return f"{B.name(sid)} is {kind_of(sid)}: the text names a City"
    if text == KingDavidUnshaded.name:
        return f"{has(g, sid, 'terror')} to remove"
    return f"{has(g, sid, 'cells_u')}: the Terror markers go to a City with one"


@procedure
class Choose(Choice):
    """One choice among fixed options for a role (engine.coin.pickers.Choice)."""

    name = "pal.ev.p01-p08.choose"

    def explain(self, g, f, verb, arg):
        title = f"{f['label']} ({f['rule']})"
        if verb != f["verb"]:
            return Refusal(f"{title}: {f['ask']} ({f['verb']} {'|'.join(f['options'])})", rule=f["rule"])
        sid = space_of(arg)
        if sid is None:
            return not_a_space(arg or "")
        flow = g.s["flow"]
        text = flow[-2]["p"] if len(flow) > 1 else ""
        return Refusal(f"{title}: {_choice_refusal(g, text, sid)}; the choices are {names(f['options'])}",
                       rule=f["rule"])


def choose(g: Context, role: str, verb: str, options: list[str], *, ask: str, rule: str, label: str) -> None:
    if not options:
        raise RulesBugError(f"{label}: a choice with no options (the text should not have been playable)")
    g.call(Choose.name, role, verb=verb, options=options, ask=ask, rule=rule, label=label)


def nothing(g: Context, f: dict, text: str, rule: str) -> None:
    """Ends a ScriptEvent early: what is left of its text cannot be carried out (5.1.3)."""
    g.say(text, faction=f["faction"], rule=rule)
    f["pc"] = len(g.procs[f["p"]].script)


def op_candidates(g: Context, op: str, frame: dict) -> list[str]:
    """Spaces the Operation *op* could select with the given frame, before any selection."""
    return g.procs[f"pal.op.{op}"].candidates(g, frame)


def op_possible(g: Context, op: str, frame: dict) -> bool:
    """Whether :func:`op_candidates` holds a space (stops at the first)."""
    return g.procs[f"pal.op.{op}"].possible(g, frame)


def search_can_change(g: Context, spaces: list[str], chits: bool = False) -> bool:
    """Whether a Search in some of *spaces* could change anything (3.2.3): move a Troop in from an
    adjacent space, place a Curfew in a City holding cubes, or Activate a Cell with the cubes there; with
    *chits*, also by discarding an Intel Chit held in a City (one Cell per cube, no Curfew)."""
    per_city = 4 if cap(g, "P17") == "shaded" else 3
    chit_held = chits and bool(g.s["intel"]["held"])
    for sid in spaces:
        x = B.sp(g, sid)
        if any(B.sp(g, a)["troops"] for a in B.adj(g, sid)):
            return True
        if B.KIND[sid] == "city":
            if not x["curfew"] and B.cubes(x) and B.curfews_on_map(g) < B.CURFEWS:
                return True  # a Curfew stays only where British pieces are (1.10)
            if x["cells_u"] and B.cubes(x) >= (1 if chit_held else per_city):
                return True
        elif x["cells_u"] and B.cubes(x) >= 2:
            return True
    return False


# -- P1 Operation Agatha -----------------------------------------------------------------------------

def _p1u_playable(g: Context, faction: str) -> bool:
    """Something would change (R-5.1.3): the Haganah shift, the Search in a City (its Intel Chit form
    included, 3.2.3), or a Mass Detention there."""
    return (g.s["haganah"] > 0 or search_can_change(g, B.CITIES, chits=True)
            or bool(mass_detention_cities(g)))


@event("P1", "unshaded", playable=_p1u_playable)
@procedure
class AgathaUnshaded(ScriptEvent):
    """P1 unshaded (Black Saturday): the British Search one City of their choice (3.2.3, an Intel Chit
    may still be discarded there), then Mass Detention in that City (4.2.3) if it now qualifies (a
    Curfew and 3+ Troops; ruling R-P1-a), then the Haganah Track shifts one box left (6.5)."""

    name = "pal.ev.P1.unshaded"
    script = ("pick_city", "search", "detain", "shift")

    def pick_city(self, g, f):
        # The British pick the City first so that the Mass Detention can be held "there".
        choose(g, "british", "space", list(B.CITIES), ask="choose the City to Search", rule="P1",
               label="Operation Agatha")

    def search(self, g, f):
        f["city"] = f.pop("ret")
        g.say(f"British Searched {B.name(f['city'])} (Operation Agatha).", faction="british", rule="P1")
        g.call("pal.op.search", "british",
               **event_op_frame(g, "search", 1, only=[f["city"]], selected=[f["city"]]))

    def detain(self, g, f):
        city = f["city"]
        if city in mass_detention_cities(g):
            g.call("pal.sa.mass-detention", "british", only=city, parent_op="search")
        else:
            g.say(f"No Mass Detention in {B.name(city)}: it needs a Curfew and at least 3 Troops.",
                  faction="british", rule="P1")

    def shift(self, g, f):
        if not shift_haganah(g, -1, "Operation Agatha", rule="P1"):
            g.say("The Haganah Track was already at 0 and did not shift.", rule="P1")


def _p1s_playable(g: Context, faction: str) -> bool:
    if g.s["haganah"] < 4:
        return True
    return op_possible(g, "sabotage", event_op_frame(g, "sabotage", 1))


def _p1s_sabotage_spaces(g: Context) -> list[str]:
    return op_candidates(g, "sabotage", event_op_frame(g, "sabotage", 1))


@event("P1", "shaded", playable=_p1s_playable)
@procedure
class AgathaShaded(ScriptEvent):
    """P1 shaded (Arrest moderate leaders): the Haganah Track shifts one box right (6.5.2 releases), then
    if it stands at 4 the Irgun may Sabotage one space (3.3.3; no Terror, 4.1; extra spaces: R-EV-OPS). The
    condition looks at the Track after the shift, also when it was at 4 already (ruling R-P1-b)."""

    name = "pal.ev.P1.shaded"
    script = ("shift", "sabotage")

    def shift(self, g, f):
        if not shift_haganah(g, 1, "Operation Agatha", rule="P1"):
            g.say("The Haganah Track was already at 4 and did not shift.", rule="P1")

    def sabotage(self, g, f):
        if g.s["haganah"] != 4:
            return
        if not _p1s_sabotage_spaces(g):
            g.say("Irgun could not Sabotage: no space has an Underground Cell.", faction="irgun", rule="P1")
            return
        g.call("pal.op.sabotage", "irgun", **event_op_frame(g, "sabotage", 1,
                                                           optional=True))


# -- P2 Exodus Affair* -------------------------------------------------------------------------------

def _p2u_spaces(g: Context) -> list[str]:
    return [s for s in B.DISTRICTS if s in B.COASTAL and B.sp(g, s)["troops"] and B.cells(B.sp(g, s))]


@event("P2", "unshaded", playable=lambda g, faction: bool(_p2u_spaces(g)))
def exodus_unshaded(g: Context, faction: str) -> None:
    """P2 unshaded (Crackdown on immigration): every Cell, Underground or Active, in each Coastal District
    (1.3.2) holding Troops goes to Prison."""
    for sid in _p2u_spaces(g):
        n = B.remove(g, sid, "cells_u", B.sp(g, sid)["cells_u"], to="prison")
        n += B.remove(g, sid, "cells_a", B.sp(g, sid)["cells_a"], to="prison")
        g.say(f"{n} Cell(s) in {B.name(sid)} were removed to Prison (Exodus Affair).", faction=faction,
              rule="P2")


@event("P2", "shaded", playable=lambda g, faction: g.s["pw"] > 0)
def exodus_shaded(g: Context, faction: str) -> None:
    """P2 shaded (Britain disgraced): Political Will -3, starred (5.4: -2 with P9 unshaded)."""
    lose_will(g, 3, "P2", starred=True)


# -- P3 King David Hotel -----------------------------------------------------------------------------

def _terror_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["terror"]]


@event("P3", "unshaded", playable=lambda g, faction: bool(_terror_spaces(g)))
@procedure
class KingDavidUnshaded(ScriptEvent):
    """P3 unshaded (Widespread condemnation): the executing faction removes one Terror marker of its
    choice, then the Haganah Track shifts one box left. The Tip: not playable with no Terror on the map."""

    name = "pal.ev.P3.unshaded"
    script = ("pick", "remove", "shift")

    def pick(self, g, f):
        spaces = _terror_spaces(g)
        if not spaces:
            return nothing(g, f, "No Terror marker is on the map: nothing happened.", "P3")
        if len(spaces) == 1:
            f["ret"] = spaces[0]  # one space holds all the Terror: which marker cannot matter
            return
        choose(g, f["faction"], "space", spaces, ask="choose the space whose Terror marker is removed",
               rule="P3", label="King David Hotel")

    def remove(self, g, f):
        sid = f.pop("ret")
        B.sp(g, sid)["terror"] -= 1
        g.say(f"A Terror marker in {B.name(sid)} was removed (King David Hotel).", faction=f["faction"],
              rule="P3")

    def shift(self, g, f):
        if not shift_haganah(g, -1, "King David Hotel", rule="P3"):
            g.say("The Haganah Track was already at 0 and did not shift.", rule="P3")


def _p3s_cities(g: Context) -> list[str]:
    return [c for c in B.CITIES if B.sp(g, c)["cells_u"]]


@event("P3", "shaded", playable=lambda g, faction: bool(_p3s_cities(g)))
@procedure
class KingDavidShaded(ScriptEvent):
    """P3 shaded (Horrific terror attack): two Terror markers in one City with an Underground Cell, chosen
    by the executing faction. Only markers are placed: no Cell flips, no Haganah shift (those belong to
    the Terror Special Activity, 4.3.3), and P17 unshaded does not cap them (ruling R-P3)."""

    name = "pal.ev.P3.shaded"
    script = ("pick", "place")

    def pick(self, g, f):
        cities = _p3s_cities(g)
        if not cities:
            return nothing(g, f, "No City has an Underground Cell: nothing happened.", "P3")
        if len(cities) == 1:
            f["ret"] = cities[0]  # only one City qualifies: nothing to choose
            return
        choose(g, f["faction"], "space", cities, ask="choose the City for 2 Terror markers", rule="P3",
               label="King David Hotel")

    def place(self, g, f):
        sid = f.pop("ret")
        B.sp(g, sid)["terror"] += 2
        g.say(f"Two Terror markers were placed in {B.name(sid)} (King David Hotel).", faction=f["faction"],
              rule="P3")


# -- P4 Illegal Immigration* -------------------------------------------------------------------------

def _p4_change(g: Context) -> tuple[int, int]:
    """(count of Sabotage markers plus Irgun pieces in Coastal Districts, Political Will change)."""
    sab = sum(B.sp(g, s)["sabotage"] for s in B.COASTAL)
    count = sab + sum(B.irgun_pieces(B.sp(g, s)) for s in B.COASTAL)
    if not sab:
        return count, 2
    return count, -star_loss(g, min(3, count // 2))


def _p4_playable(g: Context, faction: str) -> bool:
    _, delta = _p4_change(g)
    return max(0, min(20, g.s["pw"] + delta)) != g.s["pw"]


@event("P4", "event", playable=_p4_playable)
def illegal_immigration(g: Context, faction: str) -> None:
    """P4 (British block entry): with no Sabotage marker in the Coastal Districts, Political Will +2;
    otherwise -1 per 2 of Sabotage markers plus Irgun pieces (Cells and Caches) there, at most -3, and
    starred (5.4: one less with P9 unshaded). Ruling R-P4."""
    count, delta = _p4_change(g)
    if delta > 0:
        g.say("No Sabotage marker in the Coastal Districts.", faction=faction, rule="P4")
        gain_will(g, delta, "P4")
    else:
        g.say(f"The Coastal Districts hold {count} Sabotage markers and Irgun pieces together.",
              faction=faction, rule="P4")
        lose_will(g, -delta, "P4")  # the P9 reduction is already in delta


# -- P5 Acre Prison Break ----------------------------------------------------------------------------

@event("P5", "unshaded", playable=lambda g, faction: g.s["prison"] > 0)
@procedure
class AcreUnshaded(Procedure):
    """P5 unshaded (Prisoners sent to Eritrea): the executing faction removes 0 to 2 Cells from Prison
    out of the game, one at a time (``remove prison``), then ``done``."""

    name = "pal.ev.P5.unshaded"
    rule = "P5"

    def prompt(self, g, f):
        out = {"done": []}
        if f.get("taken", 0) < 2 and g.s["prison"]:
            out["remove"] = ["prison"]
        return out

    def text(self, g, f):
        return f"{f['role'].title()} (Acre Prison Break): remove a Cell in Prison from the game " \
               f"({f.get('taken', 0)} of up to 2), or done"

    def explain(self, g, f, verb, arg):
        if verb != "remove":
            return None
        if f.get("taken", 0) >= 2:
            return Refusal("Acre Prison Break (P5): up to 2 Cells from Prison; 2 are removed already", rule="P5")
        if arg != "prison":
            return Refusal("Acre Prison Break (P5): the Cells removed are those in Prison (remove prison)",
                           rule="P5")
        return Refusal("Acre Prison Break (P5): no Cell is in Prison", rule="P5")

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        g.s["prison"] -= 1
        g.s["removed"] += 1
        f["taken"] = f.get("taken", 0) + 1
        g.say("A Cell in Prison was removed from the game (Acre Prison Break).", faction=f["role"], rule="P5")

    def step(self, g, f):
        if f.get("over") or "remove" not in self.prompt(g, f):
            g.end()
            return True
        return False


@event("P5", "shaded", playable=lambda g, faction: g.s["prison"] > 0)
def acre_shaded(g: Context, faction: str) -> None:
    """P5 shaded (Mass escape): every Cell in Prison becomes Available."""
    n = g.s["prison"]
    g.s["prison"] = 0
    g.s["available"]["cells"] += n
    g.say(f"{n} Cell(s) in Prison became Available (Acre Prison Break).", faction=faction, rule="P5")


# -- P6 Montgomery -----------------------------------------------------------------------------------

@event("P6", "unshaded", playable=lambda g, faction: search_can_change(g, B.SPACES))
def montgomery_unshaded(g: Context, faction: str) -> None:
    """P6 unshaded (Pushes harsh measures): the British may Search in up to 3 spaces with no Intel Chit
    (neither Intelligence Lead nor the City chit option); 3 even with P9 shaded (the Tip)."""
    g.call("pal.op.search", "british", **event_op_frame(g, "search", 3, optional=True,
                                                       no_intel=True))


def _p6s_cities(g: Context) -> list[str]:
    return [c for c in B.CITIES if not B.sp(g, c)["troops"]]


@event("P6", "shaded", playable=lambda g, faction: bool(_p6s_cities(g)) and g.s["available"]["cells"] > 0)
def montgomery_shaded(g: Context, faction: str) -> None:
    """P6 shaded (Ignores cities): one Cell from Available in each City without Troops. If too few Cells
    are Available, the executing faction chooses the Cities that get one (5.1.1, 5.1.3)."""
    cities = _p6s_cities(g)
    avail = g.s["available"]["cells"]
    if avail >= len(cities):
        for c in cities:
            B.place(g, c, "cells", 1)
            g.say(f"A Cell was placed in {B.name(c)} (Montgomery).", faction=faction, rule="P6")
        return
    put(g, faction, "cells", spaces=cities, max=avail, min=avail, per_space=1, rule="P6", label="Montgomery")


# -- P7 Lehi -----------------------------------------------------------------------------------------

def _p7u_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.cells(B.sp(g, s)) > 1]


@event("P7", "unshaded", playable=lambda g, faction: bool(_p7u_spaces(g)))
def lehi_unshaded(g: Context, faction: str) -> None:
    """P7 unshaded (Poor coordination): in each space holding 2+ Cells when the Event starts, the
    executing faction may remove one Cell (its choice of Underground or Active) to Available."""
    spaces = _p7u_spaces(g)
    if spaces:  # pick() reads an empty list as "any space"
        pick(g, faction, CELLS, spaces=spaces, max=len(spaces), per_space=1, rule="P7", label="Lehi")


def _p7s_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["cells_u"] and B.sp(g, s)["police"]]


@event("P7", "shaded", playable=lambda g, faction: bool(_p7s_spaces(g)))
def lehi_shaded(g: Context, faction: str) -> None:
    """P7 shaded (Assassinations): in each space with an Underground Cell, the executing faction may
    remove one Police cube to Available (a Curfew left without British pieces goes, 1.10)."""
    spaces = _p7s_spaces(g)
    if spaces:  # pick() reads an empty list as "any space"
        pick(g, faction, ["police"], spaces=spaces, max=len(spaces), per_space=1, rule="P7", label="Lehi")


# -- P8 Harry Truman* --------------------------------------------------------------------------------

def _p8u_deploy_spaces(g: Context) -> list[str]:
    return op_candidates(g, "deploy", event_op_frame(g, "deploy", 3))


@event("P8", "unshaded", playable=lambda g, faction: g.s["pw"] < 20
       or op_possible(g, "deploy", event_op_frame(g, "deploy", 3)))
@procedure
class TrumanUnshaded(ScriptEvent):
    """P8 unshaded (Offers support): Political Will +2, then the British may Deploy in up to 3 spaces,
    Troop move included (3.2.1 and the Tip). No Deploy when no space qualifies (ruling R-OP-1)."""

    name = "pal.ev.P8.unshaded"
    script = ("will", "deploy")

    def will(self, g, f):
        gain_will(g, 2, "P8")

    def deploy(self, g, f):
        if not _p8u_deploy_spaces(g):
            g.say("British could not Deploy: no District or City has more Troops than Irgun pieces.",
                  faction="british", rule="P8")
            return
        g.call("pal.op.deploy", "british", **event_op_frame(g, "deploy", 3, optional=True))


def _p8s_loss(g: Context) -> int:
    return star_loss(g, B.curfews_on_map(g))


@event("P8", "shaded", playable=lambda g, faction: g.s["pw"] > 0 and _p8s_loss(g) > 0)
def truman_shaded(g: Context, faction: str) -> None:
    """P8 shaded (Pressures British): Political Will -1 per Curfew on the map, starred (5.4)."""
    g.say(f"{B.curfews_on_map(g)} Curfew(s) on the map.", faction=faction, rule="P8")
    lose_will(g, B.curfews_on_map(g), "P8", starred=True)
