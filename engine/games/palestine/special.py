"""Special Activities of Palestine (rule 4).

British: Restore (4.2.1), Negotiate (4.2.2), Mass Detention (4.2.3).
Irgun: Silence (4.3.1), Propagandize (4.3.2); Terror (4.3.3) is declared inside a Sabotage space and
lives with Sabotage in ``irgun_ops``: its class here is not offered as ``sa terror``.

Restore, Silence and Propagandize are the Cell games' (engine.coin.cell_special) on Palestine's spaces and
markers: Restore also flips Terror to Sabotage; Propagandize goes to up to two Cities with a Cell and a Curfew
and lowers Political Will (P25 shaded: by 2). Negotiate and Mass Detention are Palestine's own.

Each class says its faction, rule and the Operations it may accompany (4.1.1); :data:`ACTIVITIES`, the
game's table of Operations and Special Activities, derives the names the rest of the game reads
(``SA_ACCOMPANY``, ``SA_RULE``, ``SA_TITLE``, ``SA_FACTION``, ``sa_possible``).
"""

from __future__ import annotations

from ...coin import cell_special
from ...coin.activities import Activities
from ...coin.capabilities import cap
from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .data import CARDS
from .haganah import shift_haganah
from .why import Refusal, count, has, names, space_of

notation.declare(__name__, {"space", "remove", "done", "activate"})

#: Palestine's Operations (``british_ops``, ``irgun_ops``) and Special Activities (here), each entered as its
#: class is defined.
ACTIVITIES = Activities()
#: Which Special Activities may accompany which Operation (4.1.1, 4.2, 4.3).
SA_ACCOMPANY = ACTIVITIES.sa_accompany
SA_RULE = ACTIVITIES.sa_rule
SA_TITLE = ACTIVITIES.sa_title
SA_FACTION = ACTIVITIES.sa_faction
#: Whether a Special Activity could do anything now: ``sa_possible(g, name, f=None)``.
sa_possible = ACTIVITIES.possible

#: The Irgun Operations, each of which Silence and Propagandize may accompany (4.1.1).
IRGUN_OPS = ("recruit", "travel", "sabotage", "rob")


def _curfew(x: dict) -> str:
    return "a Curfew" if x["curfew"] else "no Curfew"


class SpecialActivity(cell_special.CellActivity):
    """A Palestine Special Activity (4.2, 4.3): the Cell games' base on Palestine's board and words."""

    B = B
    W = W
    insurgent = "irgun"
    activities = ACTIVITIES


@procedure
class Restore(cell_special.Restore, SpecialActivity):
    """Restore: in one space with Troops, Police and no Irgun, remove Curfew and Sabotage markers, then
    flip Terror markers to Sabotage (4.2.1)."""

    name = "pal.sa.restore"
    sa = "restore"
    faction = "british"
    rule = "4.2.1"
    accompanies = ("deploy",)
    need = needs = "Troops, Police and no Irgun pieces"
    flips = {"terror": "sabotage"}


@procedure
class Negotiate(SpecialActivity):
    """Negotiate: roll plus Terror markers on the map; above the Haganah value shifts it left; at 0 draw
    an Intel Chit instead (4.2.2, 6.5.4)."""

    name = "pal.sa.negotiate"
    sa = "negotiate"
    faction = "british"
    rule = "4.2.2"
    accompanies = ("deploy", "patrol", "search")

    def possible(self, g, f=None):
        """Always: the roll needs no space (4.2.2)."""
        return True

    def step(self, g, f):
        g.end()
        negotiate(g)
        return True


def negotiate(g: Context) -> None:
    if g.s["haganah"] == 0:
        g.say("British Negotiated with the Haganah Track at 0.", faction="british", rule="4.2.2")
        B.draw_chit(g, "Negotiate at Haganah 0", rule="6.5.4")
        return
    die = g.roll("Negotiate")
    total = die + B.terror_on_map(g)
    h = g.s["haganah"]
    outcome = (f"greater than Haganah {h}: the Track shifts one box left" if total > h
               else f"not greater than Haganah {h}: no shift")
    g.say(f"British Negotiated: rolled {die}, {total} with {B.terror_on_map(g)} Terror marker(s); {outcome}.",
          faction="british", rule="4.2.2")
    if total > h:
        shift_haganah(g, -1, "Negotiate", rule="4.2.2")


@procedure
class MassDetention(SpecialActivity):
    """Mass Detention: in a City with a Curfew and 3+ Troops, a die roll of Cells from the City and its
    adjacent District go to Prison (P18 shaded: Available); the excess of the die lowers Political Will
    (4.2.3)."""

    name = "pal.sa.mass-detention"
    sa = "mass-detention"
    faction = "british"
    rule = "4.2.3"
    accompanies = ("search", "assault")
    space_kinds = frozenset({"city"})
    need = "a City with a Curfew and at least 3 Troops"

    def qualifies(self, x):
        """A City with a Curfew and at least three Troops (4.2.3)."""
        return bool(x["curfew"] and x["troops"] >= 3)

    def facts(self, g, sid):
        x = B.sp(g, sid)
        return f"{B.name(sid)} has {_curfew(x)} and {count(x['troops'], 'troops')}"

    def prompt(self, g, f):
        if "city" not in f:
            ok = self.spaces(g)
            return {"space": [c for c in ([f["only"]] if f.get("only") else ok) if c in ok]}
        return {"remove": self.removable(g, f)}

    def removable(self, g, f):
        out = []
        for sid in (f["city"], B.CITY_DISTRICT[f["city"]]):
            x = B.sp(g, sid)
            if x["cells_u"]:
                out.append(f"{sid} underground")
            if x["cells_a"]:
                out.append(f"{sid} active")
        return out

    def space_refusal(self, g, f, sid):
        if "city" in f:
            return f"this Mass Detention is in {B.name(f['city'])} already (4.2.3: any one City)"
        only = f.get("only")
        if only and sid != only:
            card = g.s["current"]
            return Refusal(f"{CARDS[card]['title']} ({card}) holds its Mass Detention in {B.name(only)}, "
                           f"not {B.name(sid)}", rule=card)
        return self.where_refusal(g, sid)

    def explain(self, g, f, verb, arg):
        if "city" in f and verb == "remove":
            return self.remove_refusal(g, f, arg)
        if "city" in f and verb == "done":
            return (f"the die's Cells are removed to the maximum extent: {f['left']} more from "
                    f"{names([f['city'], B.CITY_DISTRICT[f['city']]])} (4.2.3, 3.1)")
        return super().explain(g, f, verb, arg)

    def remove_refusal(self, g, f, arg):
        """Why ``remove SPACE underground|active`` is refused: the City and its adjacent District only."""
        where = (f["city"], B.CITY_DISTRICT[f["city"]])
        parts = (arg or "").split()
        sid = space_of(parts[0]) if parts else None
        if sid not in where:
            return (f"Mass Detention removes Cells from the selected City and its adjacent District only: "
                    f"{names(where)} (4.2.3)")
        kind = parts[1] if len(parts) == 2 else ""
        if kind not in B.CELL_KINDS:
            return f"name the Cell removed: remove {sid} underground or remove {sid} active (4.2.3)"
        return f"{has(g, sid, B.CELL_KINDS[kind])} to remove (4.2.3)"

    def text(self, g, f):
        if "city" not in f:
            return "British Mass Detention: select a City with a Curfew and at least 3 Troops"
        return f"British Mass Detention: choose Cells to remove ({f['left']} more)"

    def act(self, g, f, verb, arg):
        if verb == "space":
            f["city"] = arg
            f["roll"] = g.roll(f"Mass Detention in {B.name(arg)}")
            f["left"] = f["roll"]
            f["removed"] = 0
            where = [arg, B.CITY_DISTRICT[arg]]
            there = sum(B.cells(B.sp(g, s)) for s in where)
            to = "Available (P18)" if g.s["capabilities"].get("P18") == "shaded" else "Prison"
            g.say(f"British Mass Detention in {B.name(arg)} rolled {f['roll']}: up to {f['roll']} Cell(s) of the "
                  f"{there} in {names(where)} go to {to}"
                  + (f", and Political Will falls by the {f['roll'] - there} left over." if f["roll"] > there
                     else "."), faction="british", rule="4.2.3")
            return
        sid, kind = arg.split(" ")
        to = "available" if g.s["capabilities"].get("P18") == "shaded" else "prison"
        B.remove(g, sid, B.CELL_KINDS[kind], 1, to=to)
        f["left"] -= 1
        f["removed"] += 1
        g.say(f"British detained a Cell in {B.name(sid)} ({to}).", faction="british", rule="4.2.3")

    def step(self, g, f):
        if "city" in f and (f["left"] == 0 or not self.removable(g, f)):
            g.end()
            excess = f["roll"] - f["removed"]
            g.say(f"Mass Detention removed {f['removed']} Cell(s) of the {f['roll']} rolled"
                  + (f": {excess} left over lowers Political Will." if excess > 0 else "."),
                  faction="british", rule="4.2.3")
            if excess > 0:
                shift_will(g, -excess, "Mass Detention excess", rule="4.2.3")
            return True
        if "city" not in f and not self.prompt(g, f)["space"]:
            g.end()
            return True
        return False


@procedure
class Silence(cell_special.PoliceRemoval, SpecialActivity):
    """Silence: remove one Police to Available where Underground Cells are at least as many (4.3.1)."""

    name = "pal.sa.silence"
    sa = "silence"
    faction = "irgun"
    rule = "4.3.1"
    accompanies = IRGUN_OPS
    past = "Silenced"


@procedure
class Propagandize(cell_special.Propagandize, SpecialActivity):
    """Propagandize: up to two Cities with a Cell and a Curfew; Activate a Cell if all are Underground,
    then lower Political Will by 1 (P25 shaded: 2) each (4.3.2)."""

    name = "pal.sa.propagandize"
    sa = "propagandize"
    faction = "irgun"
    rule = "4.3.2"
    accompanies = IRGUN_OPS
    space_kinds = frozenset({"city"})
    most_spaces = 2
    need = "a City with a Cell and a Curfew"
    places, needs = "Cities", "a Cell and a Curfew"
    travel_proc = "pal.op.travel"

    def qualifies(self, x):
        """A City with at least one Cell and a Curfew (4.3.2)."""
        return bool(x["curfew"] and (x["cells_u"] or x["cells_a"]))

    def facts(self, g, sid):
        x = B.sp(g, sid)
        return f"{B.name(sid)} has {count(B.cells(x), 'cells')} and {_curfew(x)}"

    def effect(self, g, f, sid):
        """Political Will falls by 1, by 2 with Menachem Begin (P25 shaded)."""
        loss = 2 if cap(g, "P25") == "shaded" else 1
        g.say(f"Irgun Propagandized in {B.name(sid)}.", faction="irgun", rule="4.3.2")
        shift_will(g, -loss, f"Propagandize in {B.name(sid)}", rule="4.3.2")


class Terror(SpecialActivity):
    """Terror (4.3.3): it accompanies Sabotage only, declared in one City selected for Sabotage before its
    roll as the Sabotage's one Special Activity: by the Sabotage's own ``terror`` order (``irgun_ops.Sabotage``
    does its work), not offered as ``sa terror``, and never a procedure of its own."""

    sa = "terror"
    faction = "irgun"
    rule = "4.3.3"
    accompanies = ("sabotage",)
    offered = False

    def possible(self, g, f=None):
        """Never on its own: only inside a Sabotage (4.3.3)."""
        return False


#: The Special Activities that select spaces by one test, by name (their refusals' words).
_SPACED = {cls.sa: cls() for cls in (Restore, MassDetention, Silence, Propagandize)}
#: Spaces where Restore may go; Cities where Mass Detention may go (what their prompts offer).
restore_spaces = _SPACED["restore"].spaces
mass_detention_cities = _SPACED["mass-detention"].spaces


def no_space(g: Context, name: str) -> str:
    """Why Special Activity *name* has no valid space now: what it needs, and the spaces nearest to
    qualifying with what they hold (engine.coin.cell_special.CellActivity.no_space)."""
    return _SPACED[name].no_space(g)
