"""Special Activities of Palestine (rule 4).

British: Restore (4.2.1), Negotiate (4.2.2), Mass Detention (4.2.3).
Irgun: Silence (4.3.1), Propagandize (4.3.2); Terror (4.3.3) is declared inside a Sabotage space and
lives with Sabotage in ``irgun_ops``: its class here is not offered as ``sa terror``.

Each class says its faction, rule and the Operations it may accompany (4.1.1); :data:`ACTIVITIES`, the
game's table of Operations and Special Activities, derives the names the rest of the game reads
(``SA_ACCOMPANY``, ``SA_RULE``, ``SA_TITLE``, ``SA_FACTION``, ``sa_possible``).
"""

from __future__ import annotations

from ...coin import special
from ...coin.activities import Activities
from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from .data import CARDS
from .haganah import shift_haganah
from .why import Refusal, count, elsewhere, has, kind_of, names, not_a_space, space_of

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


def restores(x: dict) -> bool:
    """Space *x* has Troops, Police and no Irgun pieces (4.2.1)."""
    return bool(x["troops"] and x["police"] and not B.irgun_pieces(x))


def detains(x: dict) -> bool:
    """City *x* has a Curfew and at least three Troops (4.2.3)."""
    return bool(x["curfew"] and x["troops"] >= 3)


def silences(x: dict) -> bool:
    """Space *x* has Police and at least as many Underground Cells as Police (4.3.1)."""
    return bool(x["police"] and x["cells_u"] >= x["police"])


def propagandizes(x: dict) -> bool:
    """City *x* has at least one Cell and a Curfew (4.3.2)."""
    return bool(x["curfew"] and B.cells(x))


def restore_spaces(g: Context) -> list[str]:
    """Spaces where Restore may go (:func:`restores`)."""
    return [s for s in B.SPACES if restores(B.sp(g, s))]


def mass_detention_cities(g: Context) -> list[str]:
    """Cities where Mass Detention may go (:func:`detains`)."""
    return [c for c in B.CITIES if detains(B.sp(g, c))]


def silence_spaces(g: Context) -> list[str]:
    """Spaces where Silence may go (:func:`silences`)."""
    return [s for s in B.SPACES if silences(B.sp(g, s))]


def propagandize_cities(g: Context) -> list[str]:
    """Cities where Propagandize may go (:func:`propagandizes`)."""
    return [c for c in B.CITIES if propagandizes(B.sp(g, c))]


def _curfew(x: dict) -> str:
    return "a Curfew" if x["curfew"] else "no Curfew"


#: What each Special Activity needs of its space, and the facts of a space that show it (4.2, 4.3).
SPACE_NEEDS = {
    "restore": ("Troops, Police and no Irgun pieces",
                lambda g, s: has(g, s, "troops", "police", "irgun")),
    "mass-detention": ("a City with a Curfew and at least 3 Troops",
                       lambda g, s: f"{B.name(s)} has {_curfew(B.sp(g, s))} and {count(B.sp(g, s)['troops'], 'troops')}"),
    "silence": ("Police and at least as many Underground Cells",
                lambda g, s: has(g, s, "police", "cells_u")),
    "propagandize": ("a City with a Cell and a Curfew",
                     lambda g, s: f"{B.name(s)} has {count(B.cells(B.sp(g, s)), 'cells')} and {_curfew(B.sp(g, s))}"),
}


def _qualifies(g: Context, name: str, sid: str) -> bool:
    """Whether *sid* is among the spaces of Special Activity *name*: the very lists its prompt offers."""
    return sid in SA_SPACES[name](g)


def sa_space_refusal(g: Context, name: str, sid: str) -> str | None:
    """Why Special Activity *name* may not take place in *sid* (the facts and what it needs), or ``None``."""
    if _qualifies(g, name, sid):
        return None
    need, facts = SPACE_NEEDS[name]
    if name in ("mass-detention", "propagandize") and B.KIND[sid] != "city":
        return f"{B.name(sid)} is {kind_of(sid)}: {SA_TITLE[name]} selects a City ({SA_RULE[name]})"
    return f"{facts(g, sid)}: {SA_TITLE[name]} needs {need} ({SA_RULE[name]})"


def no_space(g: Context, name: str) -> str:
    """Why Special Activity *name* has no valid space now: what it needs, and the spaces nearest to
    qualifying with what they hold (the test of :func:`sa_space_refusal`)."""
    need, facts = SPACE_NEEDS[name]
    pool = B.CITIES if name in ("mass-detention", "propagandize") else B.SPACES
    pool = [s for s in pool if B.british_pieces(B.sp(g, s))] or pool  # the nearest to qualifying first
    return (f"{SA_TITLE[name]} has no valid space ({SA_RULE[name]}: {need}): "
            + "; ".join(facts(g, s) for s in pool[:3]))


#: Each Special Activity's valid spaces now (what its prompt offers).
SA_SPACES = {"restore": restore_spaces, "mass-detention": mass_detention_cities, "silence": silence_spaces,
             "propagandize": propagandize_cities}


#: The Irgun Operations, each of which Silence and Propagandize may accompany (4.1.1).
IRGUN_OPS = ("recruit", "travel", "sabotage", "rob")


class SpecialActivity(special.SpecialActivity):
    """A Special Activity selecting one space (two for Propagandize) that passes its test (4.2, 4.3)."""

    role_name = ""
    activities = ACTIVITIES

    def explain(self, g, f, verb, arg):
        if verb == "space":
            sid = space_of(arg)
            if sid is None:
                return not_a_space(arg or "")
            return self.space_refusal(g, f, sid)
        if verb == "done":
            return f"{self.title}, once chosen, takes place in a valid space: select one ({self.rule}, 4.1)"
        return elsewhere(verb)

    def space_refusal(self, g: Context, f: dict, sid: str) -> str | None:
        """Why *sid* may not be selected now (the test of :func:`sa_space_refusal`)."""
        return sa_space_refusal(g, self.sa, sid)


@procedure
class Restore(SpecialActivity):
    """Restore: in one space with Troops, Police and no Irgun, remove Curfew and Sabotage markers, then
    flip Terror markers to Sabotage (4.2.1)."""

    name = "pal.sa.restore"
    sa = "restore"
    faction = "british"
    rule = "4.2.1"
    accompanies = ("deploy",)

    def possible(self, g, f=None):
        """A space of :func:`restore_spaces`: "is there one" stops at the first."""
        return any(restores(B.sp(g, s)) for s in B.SPACES)

    def prompt(self, g, f):
        return {"space": restore_spaces(g)}

    def text(self, g, f):
        return "British Restore: select one space with Troops, Police and no Irgun pieces"

    def act(self, g, f, verb, arg):
        restore(g, arg)
        g.end()


def restore(g: Context, sid: str) -> None:
    x = B.sp(g, sid)
    sab, ter, cur = x["sabotage"], x["terror"], x["curfew"]
    x["sabotage"], x["curfew"] = ter, 0
    x["terror"] = 0
    g.say(f"British Restored {B.name(sid)}: removed {sab} Sabotage and {cur} Curfew, flipped {ter} Terror "
          f"to Sabotage.", faction="british", rule="4.2.1")


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

    def possible(self, g, f=None):
        """A City of :func:`mass_detention_cities`: "is there one" stops at the first."""
        return any(detains(B.sp(g, c)) for c in B.CITIES)

    def prompt(self, g, f):
        if "city" not in f:
            cities = [f["only"]] if f.get("only") else mass_detention_cities(g)
            return {"space": [c for c in cities if c in mass_detention_cities(g)]}
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
        return sa_space_refusal(g, self.sa, sid)

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
class Silence(SpecialActivity):
    """Silence: remove one Police to Available where Underground Cells are at least as many (4.3.1)."""

    name = "pal.sa.silence"
    sa = "silence"
    faction = "irgun"
    rule = "4.3.1"
    accompanies = IRGUN_OPS

    def possible(self, g, f=None):
        """A space of :func:`silence_spaces`: "is there one" stops at the first."""
        return any(silences(B.sp(g, s)) for s in B.SPACES)

    def prompt(self, g, f):
        return {"space": silence_spaces(g)}

    def text(self, g, f):
        return "Irgun Silence: select a space with Police and at least as many Underground Cells"

    def act(self, g, f, verb, arg):
        g.end()
        B.remove(g, arg, "police", 1)
        g.say(f"Irgun Silenced a Police cube in {B.name(arg)}.", faction="irgun", rule="4.3.1")


@procedure
class Propagandize(SpecialActivity):
    """Propagandize: up to two Cities with a Cell and a Curfew; Activate a Cell if all are Underground,
    then lower Political Will by 1 (P25 shaded: 2) each (4.3.2).

    With Travel, a City may hold Underground Cells that have already moved in this Travel and others that
    have not (and may still move if the City is selected as an origin later, 3.3.2): the Irgun then choose
    which kind the Activated Cell is (4.1: the executing faction selects the pieces affected).
    """

    name = "pal.sa.propagandize"
    sa = "propagandize"
    faction = "irgun"
    rule = "4.3.2"
    accompanies = IRGUN_OPS

    def possible(self, g, f=None):
        """A City of :func:`propagandize_cities`: "is there one" stops at the first."""
        return any(propagandizes(B.sp(g, c)) for c in B.CITIES)

    def prompt(self, g, f):
        if f.get("pending"):
            return {"activate": ["moved", "unmoved"]}
        done = f.setdefault("cities", [])
        out: dict[str, list[str]] = {}
        if len(done) < 2:
            c = [x for x in propagandize_cities(g) if x not in done]
            if c:
                out["space"] = c
        if done:
            out["done"] = []
        return out

    def space_refusal(self, g, f, sid):
        done = f.get("cities", [])
        if f.get("pending"):
            return f"first choose which Cell in {B.name(f['pending'])} is Activated (4.3.2: activate moved or unmoved)"
        if sid in done:
            return f"{B.name(sid)} was already selected for Propagandize (4.1: a space once)"
        if len(done) >= 2:
            return f"Propagandize takes place in up to 2 Cities: {names(done)} (4.3.2)"
        return sa_space_refusal(g, self.sa, sid)

    def explain(self, g, f, verb, arg):
        if verb == "activate":
            if not f.get("pending"):
                return "a Cell is Activated as a City is selected, when the Irgun must choose which (4.3.2)"
            return f"activate moved or activate unmoved: which Underground Cell in {B.name(f['pending'])} (4.3.2)"
        if verb == "done" and f.get("pending"):
            return f"first choose which Cell in {B.name(f['pending'])} is Activated (4.3.2: activate moved or unmoved)"
        return super().explain(g, f, verb, arg)

    def text(self, g, f):
        if f.get("pending"):
            return (f"Irgun Propagandize in {B.name(f['pending'])}: Activate a Cell that has moved in this "
                    "Travel (activate moved) or one that has not (activate unmoved)")
        return "Irgun Propagandize: select up to 2 Cities with a Cell and a Curfew"

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        if verb == "activate":
            city = f.pop("pending")
            B.activate(g, city, 1)
            if arg == "moved":
                _moved_cell_activated(g, city)
            self.lose_will(g, city)
            return
        f["cities"].append(arg)
        x = B.sp(g, arg)
        if x["cells_a"]:
            self.lose_will(g, arg)
            return
        moved = _moved_underground(g, arg)
        if moved and x["cells_u"] > moved:
            f["pending"] = arg  # both kinds there: the Irgun choose
            return
        B.activate(g, arg, 1)
        if moved:
            _moved_cell_activated(g, arg)
        self.lose_will(g, arg)

    def lose_will(self, g, city):
        loss = 2 if g.s["capabilities"].get("P25") == "shaded" else 1
        g.say(f"Irgun Propagandized in {B.name(city)}.", faction="irgun", rule="4.3.2")
        shift_will(g, -loss, f"Propagandize in {B.name(city)}", rule="4.3.2")

    def step(self, g, f):
        if f.get("pending"):
            return False
        if f.get("over") or "space" not in self.prompt(g, f):
            g.end()
            return True
        return False


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


def _travel_frame(g: Context) -> dict | None:
    """The Travel this Special Activity accompanies, if it does (the frame below the top one)."""
    flow = g.s["flow"]
    if len(flow) >= 2 and flow[-2]["p"] == "pal.op.travel":
        return flow[-2]
    return None


def _moved_underground(g: Context, city: str) -> int:
    """Underground Cells in *city* that have moved in the Travel being conducted and may not move again
    (R-OP-5); 0 if no Travel, or if *city* was already an origin (3.1: it cannot be selected again)."""
    t = _travel_frame(g)
    if t is None or city in t["spaces"]:
        return 0
    return t.get("arrived", {}).get(city, {}).get("underground", 0)


def _moved_cell_activated(g: Context, city: str) -> None:
    """Records in the Travel that one of its moved Cells in *city* is now Active."""
    arr = _travel_frame(g)["arrived"][city]
    arr["underground"] -= 1
    arr["active"] = arr.get("active", 0) + 1
