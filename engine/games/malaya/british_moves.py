"""The British Operations of Malaya whose moves are made together: Garrison (3.2.2: cubes from anywhere to the
Economic Centers, Kuala Lumpur and one Province, 2 Resources in all, then Activation and a free Assault in an
Economic Center) and Sweep (3.2.3: adjacent Troops into its destinations, 2 Resources each, then Activation).
The moves are written one order at a time and made together when the player ends them, so that Control, and
Political Will with it, changes once (ruling R-CONTROL-PW; ``board.together``).
"""

from __future__ import annotations

from ...coin import resources
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .british_ops import (
    CUBE_WORD,
    GARRISON_COST,
    WORD_CUBE,
    BritishOperation,
    PaidPerSpace,
    assault_space,
    kind_words,
    thailand_refusal,
)
from .operation import cap

notation.declare(__name__, {"move", "assault", "done"})

#: Garrison's move orders ``FROM TO troop|police``, by (origin, cube key), then destination: the board's fixed
#: words, spelled once (the prompt lists every cube's moves each step).
GARRISON_ORDERS = {(a, key): {b: f"{a} {b} {word}" for b in B.SPACES if b != a}
                   for a in B.SPACES for key, word in CUBE_WORD.items()}
#: Garrison's cubes by origin, in the order the prompt lists them: (origin, cube key, its orders by destination).
_GARRISON_CUBES = tuple((a, key, GARRISON_ORDERS[a, key]) for a in B.SPACES for key in CUBE_WORD)
#: Sweep's move orders ``FROM TO``, by destination, then origin (every pair: map overrides may join any two).
SWEEP_ORDERS = {b: {a: f"{a} {b}" for a in B.SPACES} for b in B.SPACES}


# -- moves made together (Garrison 3.2.2, Sweep 3.2.3) --------------------------------------------------------

class MovingOperation(BritishOperation):
    """An Operation whose cubes move all at once into its selected spaces: the player writes the moves one at
    a time (``moves``: ``[origin, destination, key]``), and they are made together when the player is done
    (ruling R-CONTROL-PW). Each cube moves once."""

    #: The cubes that may move.
    movers: tuple[str, ...] = ("troops", "police")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["moves"] = []

    @staticmethod
    def written(f: dict) -> dict[tuple[str, str], int]:
        """How many cubes of each (origin, key) the moves written so far take (a cube moves once): the
        cubes of *key* in a space not yet written to move are its count less this."""
        n: dict[tuple[str, str], int] = {}
        for a, _, k in f["moves"]:
            cubes = a, k
            n[cubes] = n.get(cubes, 0) + 1
        return n

    def move_options(self, g: Context, f: dict) -> list[str]:
        """The moves the player may write now (each Operation its own: Garrison from anywhere, Sweep from
        adjacent spaces); none by default."""
        return []

    @staticmethod
    def grouped(f: dict) -> dict[tuple[str, str, str], int]:
        """The moves written so far, counted by (origin, destination, key), in the order first written."""
        groups: dict[tuple[str, str, str], int] = {}
        for a, b, key in f["moves"]:
            move = a, b, key
            groups[move] = groups.get(move, 0) + 1
        return groups

    def moves_text(self, f: dict) -> str:
        """The moves written so far, grouped (``2 Troops Kuala Lumpur to Pahang``)."""
        name, count = B.NAME, W.cube_count
        parts = []  # a plain loop: the texts say this each step
        for (a, b, key), n in self.grouped(f).items():
            parts.append(f"{count(n, key)} {name[a]} to {name[b]}")
        return "; ".join(parts)

    def make_moves(self, g: Context, f: dict) -> None:
        """Makes the written moves together, logging each group (ruling R-CONTROL-PW)."""
        groups = self.grouped(f)
        with B.together(g):
            for (a, b, key), n in groups.items():
                B.move(g, a, b, key, n)
                g.say(f"British {self.title} moved {W.count(n, key)} from {B.name(a)} to {B.name(b)}.",
                      faction="british", rule=self.rule)
        f["moves"] = []


@procedure
class Garrison(MovingOperation):
    """Garrison (3.2.2): 2 Resources in all. Destinations: any Economic Centers, Kuala Lumpur and one Province
    (one destination if Limited); cubes move into them from anywhere, all at once. Then in each Economic Center
    (if Limited, only the destination, if it is one) one Guerrilla is Activated per cube there, and the British
    may Assault in one of those Economic Centers at no added cost."""

    name = "my.op.garrison"
    op = "garrison"
    faction = "british"
    rule = "3.2.2"
    kinds = ("province", "city", "ec")

    def ok(self, g, f, sid):
        kind = B.KIND[sid]
        if kind == "province":
            if not B.PROVINCE_SET.isdisjoint(f["spaces"]):  # a Province selected already
                return False
        elif kind not in self.kinds:
            return False
        # the Garrison is paid for already, free, or the British hold its 2 Resources (resources.can_pay,
        # inline: the prompt asks it of every space)
        return bool(f.get("free") or f.get("paid_total") or g.s["resources"]["british"] >= GARRISON_COST)

    def why_not(self, g, f, sid):
        kind = B.KIND[sid]
        if kind == "foreign":
            return thailand_refusal(sid, "Garrison moves cubes to Economic Centers, Kuala Lumpur and one Province",
                                    self.rule)
        if kind == "province":
            chosen = [s for s in f["spaces"] if B.KIND[s] == "province"]
            if chosen:
                return W.because(f"Garrison moves cubes into one Province, and this one has selected "
                                 f"{W.names(chosen)}", self.rule)
        return resources.refusal(g, "british", GARRISON_COST, "a Garrison (2 Resources in all, not per space)",
                                 self.rule)

    def on_selected(self, g, f, sid):
        if not f.get("free") and not f.get("paid_total"):
            resources.pay(g, "british", GARRISON_COST, "Garrison (in all)", self.rule)
            f["paid_total"] = GARRISON_COST
        g.say(f"British Garrison selected {B.name(sid)} as a destination.", faction="british", rule=self.rule)

    def interruptible(self, g, f):
        return f["stage"] in ("select", "assault")

    def move_options(self, g, f):
        dsts, spaces = f["spaces"], g.s["spaces"]
        written = self.written(f) if f["moves"] else None
        out: list[str] = []
        append = out.append  # plain loops: cheaper than a comprehension for a few destinations
        for src, key, orders in _GARRISON_CUBES:  # origin, cube, destination: the order the prompt lists them in
            n = spaces[src][key]
            if n and (written is None or n > written.get((src, key), 0)):
                for dst in dsts:
                    if dst != src:
                        append(orders[dst])
        return out

    def ec_spaces(self, f: dict) -> list[str]:
        """The Economic Centers where Garrison Activates and may Assault: both, or if Limited the destination
        if it is one (3.2.2)."""
        if f["limited"]:
            return [s for s in f["spaces"] if B.KIND[s] == "ec"]
        return list(B.ECS)

    def assault_options(self, g: Context, f: dict) -> list[str]:
        """Economic Centers of :meth:`ec_spaces` with cubes and MCP pieces: where the free Assault may go."""
        return [s for s in f.get("ecs", ()) if B.cubes(B.sp(g, s)) and B.mcp(B.sp(g, s))]

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            opts = self.move_options(g, f)
            return {"move": opts, "done": []} if opts else {"done": []}
        opts = self.assault_options(g, f)
        return {"assault": opts, "done": []} if opts else {"done": []}

    def sub_text(self, g, f):
        if f["stage"] == "move":
            so_far = f"; written: {self.moves_text(f)}" if f["moves"] else ""
            # Context.offers, inline (no closure to build each step)
            if not ("move" in g.legal if g.legal is not None else self.move_options(g, f)):
                return f"British Garrison: no cube is left to move{so_far}; done"
            return (f"British Garrison: move a cube from anywhere into a selected space (move FROM TO troop|police; "
                    f"all move together when done){so_far}, or done")
        return "British Garrison: Assault in one Economic Center at no added cost (assault SPACE), or done"

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "move" and verb == "move":
            return self.move_refusal(g, f, arg)
        if f["stage"] == "assault" and verb == "assault":
            if arg is None:
                return None
            if not W.is_space(arg):
                return W.not_a_space(arg)
            if arg not in f["ecs"]:
                if f["limited"]:
                    return W.because(f"a Limited Garrison Assaults only in its destination, if an Economic Center "
                                     f"({W.names(f['spaces'])})", "3.2.2, 2.3.4")
                return W.because(f"{B.name(arg)} is {kind_words(arg)}: Garrison's free Assault is in an Economic "
                                 "Center", self.rule)
            return W.because(f"{W.has(g, arg, 'cubes', 'mcp')}: an Assault needs British cubes and MCP pieces",
                             "3.2.2, 3.2.4")
        return None

    def move_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why cube move *arg* (``FROM TO troop|police``) is refused: into a selected space, each cube once,
        never into Thailand (3.2.2, 1.3.3)."""
        words = W.parts(arg, 3)
        if words is None or words[2] not in WORD_CUBE:
            return W.form("move", "FROM TO troop|police", arg, self.rule)
        src, dst, word = words
        for sid in (src, dst):
            if not W.is_space(sid):
                return W.not_a_space(sid)
        key = WORD_CUBE[word]
        if dst not in f["spaces"]:
            return W.because(f"{B.name(dst)} was not selected for this Garrison: cubes move into the selected "
                             f"spaces ({W.names(f['spaces'])})", self.rule)
        if src == dst:
            return W.because(f"the {W.NOUNS[key][0]} is in {B.name(dst)} already", self.rule)
        if not B.sp(g, src)[key]:
            return W.because(f"{W.has(g, src, key)} to move", self.rule)
        return W.because(f"every {W.NOUNS[key][0]} in {B.name(src)} is already written to move: each cube moves "
                         "once", self.rule)

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "move":
            if verb == "move":
                src, dst, word = arg.split(" ")
                f["moves"].append([src, dst, WORD_CUBE[word]])
                return
            self.make_moves(g, f)
            self.activate_ecs(g, f)
            return
        f["stage"] = "final"
        if verb == "assault":
            assault_space(g, arg, "3.2.2")

    def activate_ecs(self, g: Context, f: dict) -> None:
        """In each Economic Center of :meth:`ec_spaces`, one Guerrilla Activated per cube there (3.2.2)."""
        f["ecs"] = self.ec_spaces(f)
        for ec in f["ecs"]:
            n = B.cubes(B.sp(g, ec))
            k = B.activate(g, ec, n, "guerrillas")
            if k:
                g.say(f"British Garrison Activated {W.count(k, 'guerrillas')} in {B.name(ec)}, with "
                      f"{W.count(n, 'cubes')} there.", faction="british", rule=self.rule)
        f["stage"] = "assault"

    def step(self, g, f):
        if f["stage"] == "assault" and not self.assault_options(g, f):
            f["stage"] = "final"
            return True
        return super().step(g, f)


@procedure
class Sweep(MovingOperation, PaidPerSpace):
    """Sweep (3.2.3): destinations among Provinces and Kuala Lumpur, 2 Resources each (one if Limited). Troops
    from adjacent spaces move in, all at once; then in each destination one Guerrilla is Activated per cube
    there, moved or not, or one per two cubes in a Jungle Province (one per cube with Jungle Warfare School
    unshaded, M18)."""

    name = "my.op.sweep"
    op = "sweep"
    faction = "british"
    rule = "3.2.3"
    kinds = ("province", "city")
    movers = ("troops",)

    def ok(self, g, f, sid):
        return B.KIND[sid] in self.kinds

    def why_not(self, g, f, sid):
        if B.KIND[sid] == "foreign":
            return thailand_refusal(sid, "Sweep selects Provinces and Kuala Lumpur", self.rule)
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Sweep selects Provinces and Kuala Lumpur", self.rule)

    most_cost = 2  # what a space costs at most (cost, below)

    def cost(self, g, f, sid):
        return 2

    def on_selected(self, g, f, sid):
        g.say(f"British Sweep selected {B.name(sid)}.", faction="british", rule=self.rule)

    def move_options(self, g, f):
        spaces = g.s["spaces"]
        written = self.written(f) if f["moves"] else None
        out: list[str] = []
        for dst in f["spaces"]:
            orders = SWEEP_ORDERS[dst]
            for src in B.adj_sorted(g, dst):
                if spaces[src]["troops"] > (written.get((src, "troops"), 0) if written else 0):
                    out.append(orders[src])
        return out

    def sub_prompt(self, g, f):
        opts = self.move_options(g, f)
        return {"move": opts, "done": []} if opts else {"done": []}

    def sub_text(self, g, f):
        so_far = f"; written: {self.moves_text(f)}" if f["moves"] else ""
        # Context.offers, inline (no closure to build each step)
        if not ("move" in g.legal if g.legal is not None else self.move_options(g, f)):
            return f"British Sweep: no adjacent Troop is left to move in{so_far}; done"
        return (f"British Sweep: move a Troop from an adjacent space into a selected space (move FROM TO; all move "
                f"together when done){so_far}, or done")

    def sub_explain(self, g, f, verb, arg):
        if verb != "move":
            return None
        got = W.space_args(arg, 2, "move", "FROM TO", self.rule)
        if not isinstance(got, list):
            return got
        src, dst = got
        if dst not in f["spaces"]:
            return W.because(f"{B.name(dst)} was not selected for this Sweep: Troops move into the selected spaces "
                             f"({W.names(f['spaces'])})", self.rule)
        if src not in B.adj(g, dst):
            return W.because(f"{B.name(src)} is not adjacent to {B.name(dst)}: Sweep moves in adjacent Troops",
                             self.rule)
        if not B.sp(g, src)["troops"]:
            return W.because(f"{W.has(g, src, 'troops')} to move (Sweep moves Troops only)", self.rule)
        return W.because(f"every Troop in {B.name(src)} is already written to move: each Troop moves once",
                         self.rule)

    def sub_act(self, g, f, verb, arg):
        if verb == "move":
            src, dst = arg.split(" ")
            f["moves"].append([src, dst, "troops"])
            return
        self.make_moves(g, f)
        self.activate(g, f)
        f["stage"] = "final"

    def activate(self, g: Context, f: dict) -> None:
        """In each destination, one Guerrilla Activated per cube there, per two cubes in a Jungle Province
        (3.2.3), per cube there too with Jungle Warfare School unshaded (M18)."""
        improved = cap(g, "M18") == "unshaded"
        for sid in f["spaces"]:
            n = B.cubes(B.sp(g, sid))
            halved = B.is_jungle(sid) and not improved
            k = B.activate(g, sid, n // 2 if halved else n, "guerrillas")
            if k:
                how = (", one per two cubes in Jungle" if halved else
                       ", one per cube in Jungle (Jungle Warfare School)" if B.is_jungle(sid) else "")
                g.say(f"British Sweep Activated {W.count(k, 'guerrillas')} in {B.name(sid)}, with "
                      f"{W.count(n, 'cubes')} there{how}.", faction="british",
                      rule="M18" if B.is_jungle(sid) and improved else self.rule)
