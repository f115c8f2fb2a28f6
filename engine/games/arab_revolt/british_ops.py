"""British Operations: Deploy, Patrol, Sweep, Assault (rule 3.2). None may select a Foreign Country
(1.3.7); each selects up to three spaces, one if Limited (3.1, 2.3.5)."""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .chits import CHIT_NAMES, draw_punishment, mobilize_effect, return_punishment
from .operation import Operation, place_own

notation.declare(__name__, {"place", "curfew", "move", "assault", "irregular", "done"})


@procedure
class Deploy(Operation):
    """Deploy (3.2.1): Districts and Cities with more British than Rebel pieces; in each place up to two
    Police or one Irregular; then in one selected space place a Curfew, or remove the Curfew there and any
    Opposition."""

    name = "ar.op.deploy"
    op = "deploy"
    faction = "british"
    rule = "3.2.1"
    kinds = ("district", "city")

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]  # the counts read inline (B.british_pieces, B.rebel_pieces): asked of every space
        return B.KIND[sid] in ("district", "city") and (
            x["troops"] + x["police"] + x["irregulars_u"] + x["irregulars_a"]
            > x["guerrillas_u"] + x["guerrillas_a"] + x["bases"])

    def why_not(self, g, f, sid):
        if B.KIND[sid] not in ("district", "city"):
            return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Deploy selects Districts and Cities only", "3.2.1")
        return W.because(f"{W.has(g, sid, 'british', 'rebels')}: Deploy needs more British pieces than Rebel "
                         "pieces there", "3.2.1")

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
        here = B.name(f["here"]) if f.get("here") else ""
        if f["stage"] == "place" and f["placed"]:
            return f"British Deploy in {here}: place one more Police cube (place police), or done"
        if f["stage"] == "place":
            return (f"British Deploy in {here}: place up to two Police or one Irregular (place police|police 2|"
                    "irregular; from Available, else from the map), or done")
        if not g.offers("curfew", lambda: bool(self.curfew_options(g, f))):
            return "British Deploy: no selected space may take a Curfew or lose one; a Special Activity, or done"
        return ("British Deploy: in one selected space, place a Curfew, or lift the Curfew and any Opposition where "
                "one is (curfew SPACE), or done")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "place" and verb == "place":
            here = B.name(f["here"])
            if arg not in ("police", "police 2", "irregular"):
                return W.form("place", "police|police 2|irregular", arg, "3.2.1")
            return W.because(f"Deploy has placed {f['placed']} Police cube(s) in {here}: one more Police cube at "
                             "most (up to two Police or one Irregular a space)", "3.2.1")
        if f["stage"] == "curfew" and verb == "curfew":
            if not W.is_space(arg):
                return W.not_a_space(arg) if arg else None
            return self.curfew_refusal(g, f, arg)
        return None

    def curfew_refusal(self, g: Context, f: dict, sid: str) -> str | None:
        """Why Deploy may not place or lift a Curfew in *sid* (:meth:`curfew_options`): one selected space
        (3.2.1); a Curfew goes where British pieces are, one a space, from the pool of three (1.12, 1.4.2)."""
        if sid in self.curfew_options(g, f):
            return None
        name = B.name(sid)
        if sid not in f["spaces"]:
            return W.because(f"{name} was not selected for this Deploy: the Curfew is placed or lifted in one "
                             "selected space", "3.2.1")
        if not B.british_pieces(B.sp(g, sid)):
            return W.because(f"{name} has no British piece: a Curfew there would be lifted at once", "1.12")
        return W.because(f"all {B.BOARD.curfews} Curfews are on the map already", "1.12")

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


#: ``FROM TO troop|police``, a Patrol's cube move, for each kind of cube and pair of spaces (formatted once).
CUBE_MOVES = {key: {a: {b: f"{pair} {word}" for b, pair in row.items()} for a, row in B.PAIRS.items()}
              for key, word in (("troops", "troop"), ("police", "police"))}
#: The key of a Patrol's ``arrived`` counting the cubes of a kind that moved into a space (each moves once).
ARRIVED = {key: {a: f"{key}:{a}" for a in B.SPACES} for key in ("troops", "police")}


@procedure
class Patrol(Operation):
    """Patrol (3.2.2): destination Cities and Railways; move any cubes from anywhere into them; then on each
    selected Railway Activate one Guerrilla per cube; then, if desired, a free Assault on one selected
    Railway."""

    name = "ar.op.patrol"
    op = "patrol"
    faction = "british"
    rule = "3.2.2"
    kinds = ("city", "railway")

    def ok(self, g, f, sid):
        return B.KIND[sid] in ("city", "railway")

    def why_not(self, g, f, sid):
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Patrol selects Cities and Railways only", "3.2.2")

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
            spaces, arrived, dests = g.s["spaces"], f["arrived"], f["spaces"]  # movable(), read once a space
            moves = []
            for a in B.SPACES:
                x = spaces[a]
                for key in ("troops", "police"):
                    if x[key] and (not arrived or x[key] > arrived.get(ARRIVED[key][a], 0)):
                        row = CUBE_MOVES[key][a]
                        for b in dests:  # a loop, not a comprehension: a few destinations each time
                            if a != b:
                                moves.append(row[b])
            return {"move": moves, "done": []} if moves else {"done": []}
        c = self.assault_railways(g, f)
        return {"assault": c, "done": []} if c else {"done": []}

    def any_move(self, g, f) -> bool:
        """Whether some cube may still move (the prompt's test, stopping at the first found)."""
        dests = f["spaces"]
        for a in B.SPACES:
            for key in ("troops", "police"):
                if self.movable(g, f, a, key) > 0 and any(b != a for b in dests):
                    return True
        return False

    def assault_railways(self, g, f) -> list[str]:
        """Selected Railways with Active Guerrillas and cubes: where the free Assault may go (3.2.2)."""
        return [s for s in f["spaces"] if B.KIND[s] == "railway" and B.sp(g, s)["guerrillas_a"] and B.cubes(B.sp(g, s))]

    def sub_text(self, g, f):
        if f["stage"] == "move":
            if not g.offers("move", lambda: self.any_move(g, f)):
                return "British Patrol: no cube is left to move; done"
            return "British Patrol: move a cube into a selected space (move FROM TO troop|police), or done"
        if not g.offers("assault", lambda: bool(self.assault_railways(g, f))):
            return "British Patrol: no selected Railway has Active Guerrillas and cubes to Assault; done"
        return "British Patrol: a free Assault on one selected Railway (assault RAILWAY), or done"

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "move" and verb == "move":
            return self.move_refusal(g, f, arg)
        if f["stage"] == "assault" and verb == "assault":
            if not W.is_space(arg):
                return W.not_a_space(arg) if arg else None
            if arg not in f["spaces"] or B.KIND[arg] != "railway":
                return W.because(f"{B.name(arg)} is not a Railway selected for this Patrol: the free Assault is on "
                                 "one of those", "3.2.2")
            return W.because(f"{W.has(g, arg, 'guerrillas_a', 'cubes')}: the free Assault needs Active Guerrillas "
                             "to remove and cubes to remove them", "3.2.2, 3.2.4")
        return None

    def move_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why cube move *arg* (``FROM TO troop|police``) is refused: cubes move into a selected City or Railway
        (3.2.2), each cube once."""
        words = W.parts(arg, 3)
        if words is None or words[2] not in ("troop", "police"):
            return W.form("move", "FROM TO troop|police", arg, "3.2.2")
        src, dst, word = words
        for sid in (src, dst):
            if not W.is_space(sid):
                return W.not_a_space(sid)
        key = "troops" if word == "troop" else "police"
        if dst not in f["spaces"]:
            return W.because(f"{B.name(dst)} was not selected for this Patrol: cubes move into the selected Cities "
                             f"and Railways ({W.names(f['spaces'])})", "3.2.2")
        if src == dst:
            return W.because(f"the {W.NOUNS[key][0]} is in {B.name(dst)} already", "3.2.2")
        if not B.sp(g, src)[key]:
            return W.because(f"{W.has(g, src, key)} to move", "3.2.2")
        return W.because(f"every {W.NOUNS[key][0]} in {B.name(src)} moved in this Patrol already: each cube moves "
                         "once", "3.2.2")

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
    faction = "british"
    rule = "3.2.3"
    kinds = ("city", "district")

    def ok(self, g, f, sid):
        return B.KIND[sid] in ("city", "district")

    def why_not(self, g, f, sid):
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Sweep selects Cities and Districts only", "3.2.3")

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
            moves = [f"{a} {b}" for b in f["spaces"] for a in sorted(B.adj(g, b)) if self.free_troops(g, f, a) > 0]
            return {"move": moves, "done": []} if moves else {"done": []}
        c = [s for s in f["spaces"] if s not in f["irregular"] and B.sp(g, s)["irregulars_u"]]
        return {"irregular": c, "done": []} if c else {"done": []}

    def free_troops(self, g, f, sid) -> int:
        """Troops in *sid* that may still move in: those there less those that moved in (3.2.3: Troops move in
        at once, each once)."""
        return B.sp(g, sid)["troops"] - f["arrived"].get(sid, 0)

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "move" and verb == "move":
            got = W.space_args(arg, 2, "move", "FROM TO", "3.2.3")
            if not isinstance(got, list):
                return got
            src, dst = got
            if dst not in f["spaces"]:
                return W.because(f"{B.name(dst)} was not selected for this Sweep: Troops move into the selected "
                                 f"spaces ({W.names(f['spaces'])})", "3.2.3")
            if src not in B.adj(g, dst):
                return W.because(f"{B.name(src)} is not adjacent to {B.name(dst)}: Sweep moves in adjacent Troops",
                                 "3.2.3")
            if not B.sp(g, src)["troops"]:
                return W.because(f"{W.has(g, src, 'troops')} to move", "3.2.3")
            return W.because(f"the Troops in {B.name(src)} moved in by this Sweep: each Troop moves once, all at "
                             "once", "3.2.3")
        if f["stage"] == "activate" and verb == "irregular":
            if not W.is_space(arg):
                return W.not_a_space(arg) if arg else None
            if arg not in f["spaces"]:
                return W.because(f"{B.name(arg)} was not selected for this Sweep", "3.2.3")
            if arg in f["irregular"]:
                return W.because(f"an Irregular in {B.name(arg)} was Activated already: one a space", "3.2.3")
            return W.because(f"{W.has(g, arg, 'irregulars_u')} to Activate", "3.2.3")
        return None

    def sub_text(self, g, f):
        if f["stage"] == "move":
            if not g.offers("move", lambda: any(self.free_troops(g, f, a) > 0 for b in f["spaces"]
                                              for a in B.adj(g, b))):
                return "British Sweep: no adjacent Troop is left to move in; done"
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
    if not got:
        return
    chit = got[0]
    if chit == "fine":
        effect = "a Fine has no Mobilization effect"
    elif chit == "detain" and B.sp(g, sid)["opposition"]:
        effect = f"{B.name(sid)} has Opposition already, so Detain's Mobilization changes nothing"
    else:
        effect = f"its Mobilization effect follows in {B.name(sid)}"
    g.say(f"Punitive Searches: {effect}; the {CHIT_NAMES[chit]} chit goes back to the cup.", faction="rebels",
          rule="A18")
    mobilize_effect(g, chit, sid)
    return_punishment(g, got)


@procedure
class Assault(Operation):
    """Assault (3.2.4): spaces with British cubes and Rebel pieces; see :func:`assault_space`."""

    name = "ar.op.assault"
    op = "assault"
    faction = "british"
    rule = "3.2.4"

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]  # the counts read inline (B.cubes, B.rebel_pieces): asked of every space
        return bool((x["troops"] or x["police"]) and (x["guerrillas_u"] or x["guerrillas_a"] or x["bases"]))

    def why_not(self, g, f, sid):
        return W.because(f"{W.has(g, sid, 'cubes', 'rebels')}: Assault needs British cubes and Rebel pieces there",
                         "3.2.4")

    def on_space(self, g, f, sid):
        assault_space(g, sid, "3.2.4")

