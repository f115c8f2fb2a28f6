"""British Operations: Deploy, Patrol, Sweep, Assault (rule 3.2). None may select a Foreign Country
(1.3.7); each selects up to three spaces, one if Limited (3.1, 2.3.5)."""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from .chits import draw_punishment, mobilize_effect, return_punishment
from .operation import Operation, place_own

notation.declare(__name__, {"place", "curfew", "move", "assault", "irregular", "done"})


@procedure
class Deploy(Operation):
    """Deploy (3.2.1): Districts and Cities with more British than Rebel pieces; in each place up to two
    Police or one Irregular; then in one selected space place a Curfew, or remove the Curfew there and any
    Opposition."""

    name = "ar.op.deploy"
    op = "deploy"

    def eligible(self, g, f, sid):
        x = B.sp(g, sid)
        if B.KIND[sid] not in ("district", "city"):
            return "Deploy selects Districts and Cities only (3.2.1)"
        if B.british_pieces(x) <= B.rebel_pieces(x):
            return (f"{B.name(sid)} needs more British pieces than Rebel pieces (3.2.1); it has "
                    f"{B.british_pieces(x)} and {B.rebel_pieces(x)}")
        return None

    def on_space(self, g, f, sid):
        f["here"] = sid
        f["placed"] = 0
        f["stage"] = "place"
        g.say(f"British Deployed in {B.name(sid)}.", faction="british", rule="3.2.1")

    def on_select_done(self, g, f):
        f["stage"] = "curfew"

    def interruptible(self, g, f):
        return f["stage"] in ("select", "curfew")

    def curfew_options(self, g, f):
        return [s for s in f["spaces"] if B.sp(g, s)["curfew"] or B.BOARD.can_curfew(g, s)]

    def sub_prompt(self, g, f):
        if f["stage"] == "place":
            out = {"done": []}
            if f["placed"] == 0:
                out["place"] = ["police", "police 2", "irregular"]
            elif f["placed"] == 1 and f["what"] == "police":
                out["place"] = ["police"]
            return out
        c = self.curfew_options(g, f)
        return {"curfew": c, "done": []} if c else {"done": []}

    def sub_text(self, g, f):
        if f["stage"] == "place":
            return (f"British Deploy in {B.name(f['here'])}: place police, police 2 or irregular (from Available, "
                    "else from the map), or done")
        return "British Deploy: place a Curfew in a selected space, or remove the Curfew and Opposition there, or done"

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "place":
            if verb == "done":
                f["stage"] = "select"
                return
            what, _, count = arg.partition(" ")
            f["what"] = what
            for _ in range(int(count or 1)):
                f["placed"] += 1
                place_own(g, "british", f["here"], "police" if what == "police" else "irregulars", rule="3.2.1",
                          label="Deploy")
            if what == "irregular" or f["placed"] >= 2:
                f["stage"] = "select"
            return
        f["stage"] = "final"
        if verb == "done":
            return
        x = B.sp(g, arg)
        if x["curfew"]:
            x["curfew"] = 0
            opp = B.set_opposition(g, arg, False)
            g.say(f"British removed the Curfew{' and the Opposition' if opp else ''} in {B.name(arg)}.",
                  faction="british", rule="3.2.1")
        else:
            B.place_curfew(g, arg)
            g.say(f"British placed a Curfew in {B.name(arg)}.", faction="british", rule="3.2.1")


@procedure
class Patrol(Operation):
    """Patrol (3.2.2): destination Cities and Railways; move any cubes from anywhere into them; then on each
    selected Railway Activate one Guerrilla per cube; then, if desired, a free Assault on one selected
    Railway."""

    name = "ar.op.patrol"
    op = "patrol"

    def eligible(self, g, f, sid):
        if B.KIND[sid] not in ("city", "railway"):
            return "Patrol selects Cities and Railways only (3.2.2)"
        return None

    def on_space(self, g, f, sid):
        g.say(f"British Patrol selected {B.name(sid)}.", faction="british", rule="3.2.2")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["arrived"] = {}

    def interruptible(self, g, f):
        return f["stage"] in ("select", "move", "assault")

    def movable(self, g, f, src, key):
        """Cubes in *src* that have not moved in this Patrol (each cube moves once)."""
        return B.sp(g, src)[key] - f["arrived"].get(f"{key}:{src}", 0)

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            moves = [f"{a} {b} {word}" for a in B.SPACES for key, word in (("troops", "troop"), ("police", "police"))
                     if self.movable(g, f, a, key) > 0 for b in f["spaces"] if a != b]
            return {"move": moves, "done": []} if moves else {"done": []}
        c = [s for s in f["spaces"] if B.KIND[s] == "railway" and B.sp(g, s)["guerrillas_a"] and B.cubes(B.sp(g, s))]
        return {"assault": c, "done": []} if c else {"done": []}

    def sub_text(self, g, f):
        if f["stage"] == "move":
            return "British Patrol: move a cube into a selected space (move FROM TO troop|police), or done"
        return "British Patrol: a free Assault on one selected Railway (assault RAILWAY), or done"

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "move":
            if verb == "move":
                a, b, word = arg.split(" ")
                key = "troops" if word == "troop" else "police"
                B.move(g, a, b, key)
                f["arrived"][f"{key}:{b}"] = f["arrived"].get(f"{key}:{b}", 0) + 1
                g.say(f"British moved a {'Troop' if key == 'troops' else 'Police cube'} from {B.name(a)} to "
                      f"{B.name(b)}.", faction="british", rule="3.2.2")
                return
            for sid in f["spaces"]:
                if B.KIND[sid] == "railway":
                    k = B.activate(g, sid, B.cubes(B.sp(g, sid)))
                    if k:
                        g.say(f"British Patrol Activated {k} Guerrilla(s) on {B.name(sid)}.", faction="british",
                              rule="3.2.2")
            f["stage"] = "assault"
            return
        f["stage"] = "final"
        if verb == "assault":
            assault_space(g, arg, "3.2.2")


def assault_capacity(g: Context, sid: str) -> int:
    """Active Rebel pieces an Assault may remove in *sid* (3.2.4): per Troop in a Neutral District, per cube in
    a Neutral City or a Railway, per two Troops in an Opposition District, per two cubes in an Opposition
    City."""
    x = B.sp(g, sid)
    kind = B.KIND[sid]
    if kind == "district":
        return x["troops"] // 2 if x["opposition"] else x["troops"]
    if kind == "city":
        return B.cubes(x) // 2 if x["opposition"] else B.cubes(x)
    if kind == "railway":
        return B.cubes(x)
    return 0


def assault_space(g: Context, sid: str, rule: str) -> None:
    """Removes Active Guerrillas, then Bases once no Guerrillas at all remain, to Available; each Base shifts
    the Unity Track toward Decentralized (3.2.4, 6.6.1)."""
    x = B.sp(g, sid)
    room = assault_capacity(g, sid)
    k = B.remove(g, sid, "guerrillas_a", room)
    room -= k
    bases = 0
    if room and not B.guerrillas(x):
        bases = B.remove(g, sid, "bases", room)
    g.say(f"British Assaulted in {B.name(sid)}, removing {k} Active Guerrilla(s)"
          f"{f' and {bases} Base(s)' if bases else ''}.", faction="british", rule=rule)
    for _ in range(bases):
        B.shift_unity(g, -1, f"Base removed by Assault in {B.name(sid)}", rule="3.2.4")


@procedure
class Sweep(Operation):
    """Sweep (3.2.3): destination Cities and Districts; Troops from adjacent spaces move in at once; then in
    each, Activate one Guerrilla per two cubes, or per cube where the British Activate an Underground
    Irregular."""

    name = "ar.op.sweep"
    op = "sweep"

    def eligible(self, g, f, sid):
        if B.KIND[sid] not in ("city", "district"):
            return "Sweep selects Cities and Districts only (3.2.3)"
        return None

    def on_space(self, g, f, sid):
        g.say(f"British Sweep selected {B.name(sid)}.", faction="british", rule="3.2.3")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["arrived"] = {}
        f["irregular"] = []

    def interruptible(self, g, f):
        return f["stage"] in ("select", "move", "activate")

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            moves = [f"{a} {b}" for b in f["spaces"] for a in sorted(B.adj(g, b))
                     if B.sp(g, a)["troops"] - f["arrived"].get(a, 0) > 0]
            return {"move": moves, "done": []} if moves else {"done": []}
        c = [s for s in f["spaces"] if s not in f["irregular"] and B.sp(g, s)["irregulars_u"]]
        return {"irregular": c, "done": []} if c else {"done": []}

    def sub_text(self, g, f):
        if f["stage"] == "move":
            return "British Sweep: move a Troop from an adjacent space into a selected space (move FROM TO), or done"
        return ("British Sweep: Activate an Underground Irregular in a selected space to Activate one Guerrilla "
                "per cube there (irregular SPACE), or done")

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "move":
            if verb == "move":
                a, b = arg.split(" ")
                B.move(g, a, b, "troops")
                f["arrived"][b] = f["arrived"].get(b, 0) + 1
                g.say(f"British swept a Troop from {B.name(a)} into {B.name(b)}.", faction="british", rule="3.2.3")
            else:
                f["stage"] = "activate"
            return
        if verb == "irregular":
            B.activate(g, arg, 1, "irregulars")
            f["irregular"].append(arg)
            g.say(f"British Activated an Irregular in {B.name(arg)}.", faction="british", rule="3.2.3")
            return
        self.activate_all(g, f)

    def activate_all(self, g, f):
        for sid in f["spaces"]:
            x = B.sp(g, sid)
            per = 1 if sid in f["irregular"] else 2
            k = B.activate(g, sid, B.cubes(x) // per)
            g.say(f"British Sweep Activated {k} Guerrilla(s) in {B.name(sid)}.", faction="british", rule="3.2.3")
            if g.s["capabilities"].get("A18") == "shaded":
                searches_fuel_recruitment(g, sid)
        f["stage"] = "final"

    def step(self, g, f):
        if f["stage"] == "activate" and "irregular" not in self.sub_prompt(g, f):
            self.activate_all(g, f)
            return True
        return super().step(g, f)



def searches_fuel_recruitment(g: Context, sid: str) -> None:
    """A18 Punitive Searches shaded: after a Sweep space, the Rebels draw a Punishment chit and resolve only
    its Mobilization effect there; the chit goes back to the cup."""
    got = draw_punishment(g, 1, "Punitive Searches, A18", "A18", who="rebels")
    if got:
        mobilize_effect(g, got[0], sid)
        return_punishment(g, got)


@procedure
class Assault(Operation):
    """Assault (3.2.4): spaces with British cubes and Rebel pieces; see :func:`assault_space`."""

    name = "ar.op.assault"
    op = "assault"

    def eligible(self, g, f, sid):
        x = B.sp(g, sid)
        if not B.cubes(x) or not B.rebel_pieces(x):
            return f"Assault needs British cubes and Rebel pieces (3.2.4); {B.name(sid)} lacks them"
        return None

    def on_space(self, g, f, sid):
        assault_space(g, sid, "3.2.4")

