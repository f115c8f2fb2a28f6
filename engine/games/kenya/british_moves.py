"""The British Operations of Kenya whose Troops move together: Deploy (3.2.1: cubes placed in Nairobi and
British Controlled Provinces, then any Troops to one space that is not a Mountain Jungle) and Sweep (3.2.3:
adjacent Troops into its destinations, then Activation). The moves are written one order at a time and made
together when the player ends them, so that Control, and Political Will with it, changes once (ruling
R-CONTROL-PW; ``board.together``). Pseudo-Gangs (K7) changes both: unshaded, Sweep in a Mountain Jungle
Activates one Guerrilla per cube and removes one; shaded, Deploy places cubes or moves Troops, not both.
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .british_ops import BritishOperation
from .operation import cap
from .own_pieces import place_own

notation.declare(__name__, {"place", "move", "remove", "done"})

#: The cube words of the orders and the piece each names.
CUBE_WORD = {"troops": "troop", "police": "police"}
WORD_CUBE = {w: k for k, w in CUBE_WORD.items()}
#: Cubes Deploy may place: up to 4 in Nairobi, Troops or Police; up to 2 Police in a Province (3.2.1).
DEPLOY_ROOM = {"city": 4, "province": 2}
#: The spaces Deploy may move Troops to, in board order: any but a Mountain Jungle (3.2.1).
NOT_JUNGLES = [s for s in B.SPACES if not B.is_mountain_jungle(s)]
#: Deploy's ``FROM TO`` moves from each space to every space of :data:`NOT_JUNGLES` but itself, in that order.
DEPLOY_MOVES = {src: [B.PAIR[src, dst] for dst in NOT_JUNGLES if dst != src] for src in B.SPACES}
#: The Guerrilla words of Pseudo-Gangs' removal (K7 unshaded) and the key each names.
GUERRILLA_WORD = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}


class MovingOperation(BritishOperation):
    """An Operation whose Troops move all at once: the player writes the moves one Troop at a time
    (``moves``: ``[origin, destination]``), and they are made together when the player is done (ruling
    R-CONTROL-PW). Each Troop moves once."""

    @staticmethod
    def written(f: dict) -> dict[str, int]:
        """How many Troops each origin's written moves take (origins with none left out)."""
        n: dict[str, int] = {}
        for a, _ in f["moves"]:
            n[a] = n.get(a, 0) + 1
        return n

    @staticmethod
    def groups(f: dict) -> dict[tuple[str, str], int]:
        """The moves written so far, grouped by (origin, destination), in the order first written."""
        n: dict[tuple[str, str], int] = {}
        for a, b in f["moves"]:
            n[a, b] = n.get((a, b), 0) + 1
        return n

    def left(self, g: Context, f: dict, src: str) -> int:
        """The Troops in *src* not yet written to move."""
        return B.sp(g, src)["troops"] - self.written(f).get(src, 0)

    def sources(self, g: Context, f: dict, spaces) -> list[str]:
        """Those of *spaces* that hold a Troop not yet written to move (:meth:`left`, counting the written
        moves once)."""
        here = g.s["spaces"]
        if not f["moves"]:
            return [s for s in spaces if here[s]["troops"] > 0]
        written = self.written(f)
        return [s for s in spaces if here[s]["troops"] > written.get(s, 0)]

    def moves_text(self, f: dict) -> str:
        """The moves written so far, grouped (``2 Troops Nairobi to Nyeri``)."""
        return "; ".join(f"{W.count(n, 'troops')} {B.name(a)} to {B.name(b)}"
                         for (a, b), n in self.groups(f).items())

    def make_moves(self, g: Context, f: dict) -> None:
        """Makes the written moves together, logging each group (ruling R-CONTROL-PW)."""
        groups = self.groups(f)
        with B.together(g):
            for (a, b), n in groups.items():
                B.move(g, a, b, "troops", n)
                g.say(f"British {self.title} moved {W.count(n, 'troops')} from {B.name(a)} to {B.name(b)}.",
                      faction="british", rule=self.rule)
        if not groups:
            g.say(f"British {self.title} moved no Troop.", faction="british", rule=self.rule)
        f["moves"] = []

    def move_refusal_common(self, g: Context, f: dict, src: str, dst: str) -> str | None:
        """The refusals every Troop move shares: a Troop to move, each Troop once."""
        if src == dst:
            return W.because(f"a Troop in {B.name(dst)} is there already: move Troops from other spaces",
                             self.rule)
        if not B.sp(g, src)["troops"]:
            return W.because(f"{W.has(g, src, 'troops')} to move ({self.title} moves Troops only)", self.rule)
        if self.left(g, f, src) <= 0:
            return W.because(f"every Troop in {B.name(src)} is already written to move: each Troop moves once",
                             self.rule)
        return None


# -- Deploy (3.2.1) ------------------------------------------------------------------------------------------

@procedure
class Deploy(MovingOperation):
    """Deploy (3.2.1; ruling R-DEPLOY): Nairobi, always, and British Controlled Provinces; one if Limited.
    In each selected space the British place cubes one at a time (up to 4, Troops or Police, in Nairobi; up
    to 2 Police in a Province), taken from the map when none is Available (1.4.1 IMPORTANT); fewer, none
    included, if they wish. Then, even if Limited, they may move any Troops from anywhere, those just placed
    included, to one space that is not a Mountain Jungle, selected or not (NOTE L2377). With Pseudo-Gangs
    shaded (K7) a Deploy that placed a cube moves none.

    Frame locals of its own: ``here`` (the space placing now), ``placed`` (space -> cubes placed by kind),
    ``awaiting`` (the cube asked of the map, until placed), ``moves`` (the Troop moves written)."""

    name = "ke.op.deploy"
    op = "deploy"
    rule = "3.2.1"
    kinds = ("province", "city", "mountain-jungle")

    def ok(self, g, f, sid):
        return sid == B.NAIROBI or (B.KIND[sid] == "province" and B.control(g, sid) == "british")

    def why_not(self, g, f, sid):
        if B.is_mountain_jungle(sid):
            return W.because(f"{B.name(sid)} is a Mountain Jungle: Deploy selects Nairobi and British Controlled "
                             "Provinces", self.rule)
        return W.because(f"{W.control_of(g, sid)}: Deploy selects Nairobi and British Controlled Provinces",
                         self.rule)

    def interruptible(self, g, f):
        """Before, between the spaces' placements, between the placements and the move (4.1)."""
        return f["stage"] == "select" or (f["stage"] == "move" and not f["moves"])

    def on_selected(self, g, f, sid):
        f["here"] = sid
        f.setdefault("placed", {})[sid] = {"troops": 0, "police": 0}
        f["stage"] = "place"
        g.say(f"British Deploy selected {B.name(sid)}.", faction="british", rule=self.rule)

    # -- placing ----------------------------------------------------------------------------------------
    def room(self, f: dict, sid: str) -> int:
        """Cubes Deploy may still place in *sid* (3.2.1)."""
        placed = f["placed"][sid]
        return DEPLOY_ROOM[B.KIND[sid]] - placed["troops"] - placed["police"]

    @staticmethod
    def supply(g: Context, sid: str, piece: str) -> bool:
        """Whether a *piece* can be had for *sid*: Available, or elsewhere on the map (1.4.1 IMPORTANT)."""
        return g.s["available"][piece] > 0 or any(B.sp(g, s)[piece] for s in B.SPACES if s != sid)

    def place_options(self, g: Context, f: dict) -> list[str]:
        """The cubes Deploy may place in the space at hand now (3.2.1: Troops only in Nairobi)."""
        sid = f["here"]
        if self.room(f, sid) <= 0:
            return []
        kinds = ("troops", "police") if sid == B.NAIROBI else ("police",)
        return [CUBE_WORD[k] for k in kinds if self.supply(g, sid, k)]

    def piece_left(self, g: Context, f: dict, src: str, key: str) -> None:
        """The cube asked of the map (1.4.1 IMPORTANT) was taken: it is counted now."""
        piece = f.pop("awaiting", None)
        if piece:
            f["placed"][f["here"]][piece] += 1

    def placed_any(self, f: dict) -> bool:
        return any(n for placed in f.get("placed", {}).values() for n in placed.values())

    # -- moving -----------------------------------------------------------------------------------------
    def destination(self, f: dict) -> str | None:
        """The one destination of the Troop move, fixed by the first move written (3.2.1)."""
        return f["moves"][0][1] if f["moves"] else None

    def move_options(self, g: Context, f: dict) -> list[str]:
        dest = self.destination(f)
        sources = self.sources(g, f, B.SPACES)
        if dest:
            pair = B.PAIR
            return [pair[src, dest] for src in sources if src != dest]
        return [move for src in sources for move in DEPLOY_MOVES[src]]

    def on_select_done(self, g, f):
        """The placements are over: the Troop move may follow, unless Pseudo-Gangs shaded (K7) forbids it
        after a placement."""
        f["moves"] = []
        if cap(g, "K7") == "shaded" and self.placed_any(f):
            g.say("British Deploy placed cubes, so it moves no Troop (Pseudo-Gangs shaded).", faction="british",
                  rule="K7")
            f["stage"] = "final"
            return
        f["stage"] = "move"

    # -- the sub-stages ---------------------------------------------------------------------------------
    def sub_prompt(self, g, f):
        opts = self.place_options(g, f) if f["stage"] == "place" else self.move_options(g, f)
        verb = "place" if f["stage"] == "place" else "move"
        return {verb: opts, "done": []} if opts else {"done": []}

    def sub_text(self, g, f):
        if f["stage"] == "place":
            sid = f["here"]
            placed = f["placed"][sid]
            n = placed["troops"] + placed["police"]
            if not g.offers("place", lambda: bool(self.place_options(g, f))):
                return (f"British Deploy in {B.name(sid)}: no cube can be placed ({n} placed; a cube needs a piece "
                        "Available or elsewhere on the map); done")
            what = "Troops or Police, place troop|police" if sid == B.NAIROBI else "Police, place police"
            k7 = " (Pseudo-Gangs shaded: a Deploy that places moves no Troop)" if cap(g, "K7") == "shaded" else ""
            return (f"British Deploy in {B.name(sid)}: place a cube ({what}; {n} of up to "
                    f"{DEPLOY_ROOM[B.KIND[sid]]} placed){k7}, or done")
        dest = self.destination(f)
        so_far = f"; written: {self.moves_text(f)}" if f["moves"] else ""
        if not g.offers("move", lambda: bool(self.move_options(g, f))):
            return f"British Deploy: no Troop is left to move{so_far}; done"
        where = (f"into {B.name(dest)}" if dest else
                 "from anywhere to one space that is not a Mountain Jungle")
        return (f"British Deploy: move a Troop {where} (move FROM TO; all move together when done){so_far}, or "
                "done")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "place" and verb == "place":
            return self.place_refusal(g, f, arg)
        if f["stage"] == "move" and verb == "move":
            return self.move_refusal(g, f, arg)
        return None

    def place_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        sid = f["here"]
        name = B.name(sid)
        if arg not in WORD_CUBE:
            return W.form("place", "troop|police" if sid == B.NAIROBI else "police", arg, self.rule)
        piece = WORD_CUBE[arg]
        if piece == "troops" and sid != B.NAIROBI:
            return W.because(f"{name} is a Province: Deploy places Troops only in Nairobi, Police in Provinces",
                             self.rule)
        if self.room(f, sid) <= 0:
            return W.because(f"this Deploy has placed {DEPLOY_ROOM[B.KIND[sid]]} cubes in {name}, as many as it "
                             "may there", self.rule)
        return W.because(f"no {W.NOUNS[piece][0]} is Available or elsewhere on the map", "1.4.1")

    def move_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        got = W.space_args(arg, 2, "move", "FROM TO", self.rule)
        if not isinstance(got, list):
            return got
        src, dst = got
        dest = self.destination(f)
        if dest and dst != dest:
            return W.because(f"this Deploy moves its Troops to one space, {B.name(dest)} (written: "
                             f"{self.moves_text(f)})", self.rule)
        if B.is_mountain_jungle(dst):
            return W.because(f"{B.name(dst)} is a Mountain Jungle: Deploy moves Troops to a space that is not",
                             self.rule)
        return self.move_refusal_common(g, f, src, dst)

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "place":
            if verb == "done":
                f["stage"] = "select"
                return
            sid, piece = f["here"], WORD_CUBE[arg]
            if g.s["available"][piece]:
                f["placed"][sid][piece] += 1
            else:
                f["awaiting"] = piece  # counted once the British take one from the map (piece_left)
            place_own(g, "british", sid, piece, rule=self.rule, label="Deploy")
            return
        if verb == "move":
            f["moves"].append(arg.split(" "))
            return
        self.make_moves(g, f)
        f["stage"] = "final"

    def step(self, g, f):
        if f.pop("awaiting", None):  # the British took no cube from the map: nothing placed
            return True
        if f["stage"] == "place" and self.room(f, f["here"]) <= 0:  # all placed: the selection goes on
            f["stage"] = "select"
            return True
        return super().step(g, f)


# -- Sweep (3.2.3) -------------------------------------------------------------------------------------------

@procedure
class Sweep(MovingOperation):
    """Sweep (3.2.3): any spaces as destinations, one if Limited. Troops from adjacent spaces move in, all at
    once; then in each destination one Guerrilla is Activated per cube there, moved or not, or one per two
    cubes in a Mountain Jungle. With Pseudo-Gangs unshaded (K7), in a Mountain Jungle one per cube, and then
    one Guerrilla, Underground or Active (its Tip), is removed there (ruling R-K7: where the Sweep has a cube;
    the British choose which when both are there, 3.1).

    Frame locals of its own: ``moves`` (the Troop moves written), ``pending`` (the Mountain Jungles where
    the British choose the Guerrilla K7 removes)."""

    name = "ke.op.sweep"
    op = "sweep"
    rule = "3.2.3"

    def ok(self, g, f, sid):
        return True

    def candidates(self, g, f):
        """Every space not selected yet, within ``only`` and the count (:meth:`ok` admits any): the series'
        selection without a test per space."""
        chosen = f["spaces"]
        if len(chosen) >= f["max"]:
            return []
        only = f.get("only")
        if only is None and not chosen:
            return list(self.space_pool(g, f))
        return [s for s in self.space_pool(g, f) if s not in chosen and (only is None or s in only)]

    def possible(self, g, f):
        chosen = f["spaces"]
        if len(chosen) >= f["max"]:
            return False
        only = f.get("only")
        for s in self.space_pool(g, f):
            if s not in chosen and (only is None or s in only):
                return True
        return False

    def on_selected(self, g, f, sid):
        g.say(f"British Sweep selected {B.name(sid)}.", faction="british", rule=self.rule)

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["moves"] = []

    def move_options(self, g: Context, f: dict) -> list[str]:
        sources = set(self.sources(g, f, B.SPACES))  # worked out once for every destination
        pair = B.PAIR
        return [pair[src, dst] for dst in f["spaces"] for src in B.adj_sorted(g, dst) if src in sources]

    def sub_prompt(self, g, f):
        if f["stage"] == "pseudo":
            return {"remove": list(GUERRILLA_WORD)}
        opts = self.move_options(g, f)
        return {"move": opts, "done": []} if opts else {"done": []}

    def sub_text(self, g, f):
        if f["stage"] == "pseudo":
            sid = f["pending"][0]
            return (f"British Sweep in {B.name(sid)} (Pseudo-Gangs unshaded): remove one Guerrilla, Underground or "
                    f"Active ({W.has(g, sid, 'guerrillas_u', 'guerrillas_a')}): remove guerrilla-u|guerrilla-a")
        so_far = f"; written: {self.moves_text(f)}" if f["moves"] else ""
        if not g.offers("move", lambda: bool(self.move_options(g, f))):
            return f"British Sweep: no adjacent Troop is left to move in{so_far}; done"
        return (f"British Sweep: move a Troop from an adjacent space into a selected space (move FROM TO; all move "
                f"together when done){so_far}, or done")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "pseudo" and verb == "remove":
            return W.form("remove", "guerrilla-u|guerrilla-a", arg, "K7")
        if f["stage"] != "move" or verb != "move":
            return None
        got = W.space_args(arg, 2, "move", "FROM TO", self.rule)
        if not isinstance(got, list):
            return got
        src, dst = got
        if dst not in f["spaces"]:
            return W.because(f"{B.name(dst)} was not selected for this Sweep: Troops move into the selected spaces "
                             f"({W.names(f['spaces'])})", self.rule)
        if src != dst and src not in B.adj(g, dst):
            return W.because(f"{B.name(src)} is not adjacent to {B.name(dst)}: Sweep moves in adjacent Troops",
                             self.rule)
        return self.move_refusal_common(g, f, src, dst)

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "pseudo":
            sid = f["pending"].pop(0)
            self.pseudo_remove(g, sid, GUERRILLA_WORD[arg])
            if not f["pending"]:
                f["stage"] = "final"
            return
        if verb == "move":
            f["moves"].append(arg.split(" "))
            return
        self.make_moves(g, f)
        f["pending"] = self.activate(g, f)
        f["stage"] = "pseudo" if f["pending"] else "final"

    def activate(self, g: Context, f: dict) -> list[str]:
        """In each destination, one Guerrilla Activated per cube there, per two cubes in a Mountain Jungle
        (3.2.3), per cube there too with Pseudo-Gangs unshaded (K7), which then removes one Guerrilla in each
        Mountain Jungle destination with a cube (ruling R-K7). Returns the Mountain Jungles where the British
        must choose the Guerrilla to remove (both kinds there)."""
        trackers = cap(g, "K7") == "unshaded"
        pending = []
        for sid in f["spaces"]:
            x = B.sp(g, sid)
            n = B.cubes(x)
            jungle = B.is_mountain_jungle(sid)
            halved = jungle and not trackers
            k = B.activate(g, sid, n // 2 if halved else n, "guerrillas")
            how = (", one per two cubes in a Mountain Jungle" if halved else
                   ", one per cube in a Mountain Jungle (Pseudo-Gangs unshaded)" if jungle else "")
            g.say(f"British Sweep Activated {W.count(k, 'guerrillas')} in {B.name(sid)}, with "
                  f"{W.count(n, 'cubes')} there{how}.", faction="british",
                  rule="K7" if jungle and trackers else self.rule)
            if not (jungle and trackers and n and B.guerrillas(x)):
                continue
            if x["guerrillas_u"] and x["guerrillas_a"]:
                pending.append(sid)
            else:
                self.pseudo_remove(g, sid, "guerrillas_u" if x["guerrillas_u"] else "guerrillas_a")
        return pending

    @staticmethod
    def pseudo_remove(g: Context, sid: str, key: str) -> None:
        """Pseudo-Gangs unshaded (K7): one Guerrilla of *key* removed from Mountain Jungle *sid*."""
        B.remove(g, sid, key, 1)
        g.say(f"Pseudo-Gangs removed {W.count(1, key)} from {B.name(sid)}.", faction="british", rule="K7")

    def step(self, g, f):
        if f["stage"] == "pseudo" and not f["pending"]:
            f["stage"] = "final"
            return True
        return super().step(g, f)
