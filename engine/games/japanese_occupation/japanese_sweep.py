"""The Japanese Operations that find and strike the Guerrillas in Japanese Occupation: Sweep (3.3.3) and Assault
(3.3.4), rules L1386-1398; Deploy and Construct (3.3.1, 3.3.2) and what the four share are in
:mod:`engine.games.japanese_occupation.japanese_ops`.

Each selects up to three spaces, one if Limited (3.1, 2.4.4: a Limited Sweep has one destination but may bring
Troops in from several spaces); neither costs Resources (1.7 NOTE). What each does:

- Sweep moves adjacent Troops into its destinations, all at once (``board.together``), then Activates one
  Guerrilla per cube, per two cubes in a Jungle Province without Kempeitai. Subhas Chandra Bose shaded (J26,
  frame ``police_as_troops``) moves Police in as Troops.
- Assault removes one Active British piece per Troop, per two Troops in a Mountain without Kempeitai: Active
  Guerrillas first, a Supply Cache only once no Guerrilla is left there. Police never count (3.3.4 NOTE).

Where the count reaches only some Guerrillas and both kinds (MPAJA, non-MPAJA) are there, the Japanese choose,
one piece an order (``activate mpaja-u``, ``remove non-mpaja-a``); a forced outcome is applied without asking.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .japanese_ops import JapaneseOperation

notation.declare(__name__, {"space", "move", "remove", "activate", "done"})

#: Guerrilla keys by state, in the order they are offered: Sweep Activates Underground ones, Assault removes
#: Active ones.
UNDERGROUND = ("mpaja_u", "non_mpaja_u")
ACTIVE = ("mpaja_a", "non_mpaja_a")
WORD = B.BOARD.word_of_key


def key_words(keys) -> str:
    """``mpaja-u|non-mpaja-u``: the order words of *keys*."""
    return "|".join(WORD[k] for k in keys)


def counts(g: Context, sid: str, keys) -> str:
    """``1 Underground MPAJA Guerrilla and 2 Underground non-MPAJA Guerrillas``: what *sid* holds of *keys*."""
    x = B.sp(g, sid)
    return W.names([W.count(x[k], k) for k in keys], plain=True)


def kinds_there(g: Context, sid: str, keys) -> list[str]:
    """The order words of the *keys* *sid* holds: the kinds the Japanese choose among (3.3.3, 3.3.4)."""
    x = B.sp(g, sid)
    return [WORD[k] for k in keys if x[k]]


def kind_refusal(g: Context, sid: str, verb: str, arg: str | None, keys, doing: str, rule: str) -> str:
    """Why ``VERB WORD``, the Japanese choice of a Guerrilla of *keys* in *sid* (Sweep's Activation, Assault's
    removal), is refused: a word of another form, or no such Guerrilla there to *doing*."""
    key = W.piece_key(arg or "")
    if key not in keys:
        return W.form(verb, key_words(keys), arg, rule)
    return W.because(f"{W.has(g, sid, key)} to {doing}", rule)


# -- Sweep (3.3.3) ----------------------------------------------------------------------------------------------

@procedure
class Sweep(JapaneseOperation):
    """Sweep (3.3.3): up to three destinations of any kind, one if Limited (2.4.4). First the Japanese write the
    moves of adjacent Troops into the destinations, one Troop an order, each Troop once; they are made together
    (``board.together``: a New Village left without Japanese forces is removed only if its space is still
    without them after the move, 1.15). Then in each destination one Guerrilla is Activated per cube (Troops and
    Police), one per two cubes in a Jungle Province without Kempeitai (Mountains, Kuala Lumpur and the Economic
    Centers: one per cube). With ``police_as_troops`` (Subhas Chandra Bose shaded, J26) Police move in as Troops
    do (its Tips: from adjacent spaces).

    Frame locals of its own: ``moves`` (``[origin, destination, key]`` written), ``pending`` (``[space, count]``
    of the destinations where the Japanese choose which kind to Activate)."""

    name = "jo.op.sweep"
    op = "sweep"
    rule = "3.3.3"

    def ok(self, g, f, sid):
        return True

    def first_possible(self, g, f):
        """Any space of the pool (:meth:`ok`)."""
        return bool(self.space_pool(g, f))

    @staticmethod
    def movers(f: dict) -> tuple[str, ...]:
        return ("troops", "police") if f.get("police_as_troops") else ("troops",)

    def space_limit_refusal(self, g, f):
        if f["limited"] and not f.get("rule"):
            return W.because(f"a Japanese Limited Sweep has one destination, {W.names(f['spaces'])}, though its "
                             "Troops may come from several spaces", "2.4.4")
        return super().space_limit_refusal(g, f)

    def interruptible(self, g, f):
        return f["stage"] == "select" or (f["stage"] == "move" and not f["moves"])

    def on_selected(self, g, f, sid):
        self.say(g, f"Japanese Sweep selected {B.NAME[sid]}.")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["moves"] = []

    # -- the moves ------------------------------------------------------------------------------------------
    def move_word(self, f: dict, src: str, dst: str, key: str) -> str:
        return f"{src} {dst} {key}" if f.get("police_as_troops") else f"{src} {dst}"

    def movable(self, g: Context, f: dict) -> Iterator[tuple[str, str, str]]:
        """``(origin, destination, key)`` for each destination, each adjacent space in board order and each cube
        kind of :meth:`movers` with one there not yet written to move (each cube once, 3.3.3)."""
        spaces, movers = g.s["spaces"], self.movers(f)
        written: dict[tuple[str, str], int] = {}
        for a, _, k in f["moves"]:
            written[a, k] = written.get((a, k), 0) + 1
        for dst in f["spaces"]:
            for src in B.adj_in_order(g, dst):
                x = spaces[src]
                for k in movers:
                    if x[k] > written.get((src, k), 0):
                        yield src, dst, k

    def move_options(self, g: Context, f: dict) -> list[str]:
        """The ``move`` orders of :meth:`movable` (:meth:`move_word`), inline: ``FROM TO`` of the Troops, or with
        ``police_as_troops`` ``FROM TO KEY`` of each cube kind."""
        if f.get("police_as_troops"):
            return [self.move_word(f, src, dst, k) for src, dst, k in self.movable(g, f)]
        spaces = g.s["spaces"]
        written: dict[str, int] = {}
        for a, _, k in f["moves"]:
            if k == "troops":
                written[a] = written.get(a, 0) + 1
        out = []
        for dst in f["spaces"]:
            for src in B.adj_in_order(g, dst):
                if spaces[src]["troops"] > written.get(src, 0):
                    out.append(B.PAIRS[src][dst])
        return out

    def can_move(self, g: Context, f: dict) -> bool:
        """Whether :meth:`move_options` holds an order: the first of :meth:`movable`."""
        return next(self.movable(g, f), None) is not None

    @staticmethod
    def move_groups(f: dict) -> dict[tuple[str, str, str], int]:
        """The written moves counted by ``(origin, destination, key)``, in the order first written."""
        groups: dict[tuple[str, str, str], int] = {}
        for a, b, k in f["moves"]:
            groups[a, b, k] = groups.get((a, b, k), 0) + 1
        return groups

    def moves_text(self, f: dict) -> str:
        groups = self.move_groups(f)
        return "; ".join(f"{W.count(n, k)} {B.NAME[a]} to {B.NAME[b]}" for (a, b, k), n in groups.items())

    def make_moves(self, g: Context, f: dict) -> None:
        """The written moves, made together (3.3.3: simultaneously)."""
        groups = self.move_groups(f)
        with B.together(g):
            for (a, b, k), n in groups.items():
                B.move(g, a, b, k, n)
                self.say(g, f"Japanese Sweep moved {W.count(n, k)} from {B.NAME[a]} to {B.NAME[b]}.")
        if not groups:
            self.say(g, "Japanese Sweep moved no cube.")
        f["moves"] = []

    # -- the Activation -------------------------------------------------------------------------------------
    @staticmethod
    def activation(g: Context, sid: str) -> tuple[int, str]:
        """How many Guerrillas the Sweep Activates in *sid*, and how the count was made (3.3.3)."""
        x = B.sp(g, sid)
        n = B.cubes(x)
        if B.is_province(sid) and B.is_jungle(sid) and not x["kempeitai"]:
            return n // 2, f"{W.count(n, 'cubes')} there, one per two in a Jungle Province without Kempeitai"
        with_k = ", a Jungle Province with Kempeitai" if B.is_province(sid) and B.is_jungle(sid) else ""
        return n, f"{W.count(n, 'cubes')} there, one per cube{with_k}"

    def activate_all(self, g: Context, f: dict) -> None:
        f["pending"] = []
        for sid in f["spaces"]:
            k, how = self.activation(g, sid)
            x = B.sp(g, sid)
            if 0 < k < B.underground(x) and all(x[key] for key in UNDERGROUND):
                self.say(g, f"Japanese Sweep was to Activate {W.count(k, 'guerrillas')} of those Underground in "
                            f"{B.NAME[sid]} ({how}): the Japanese chose which.")
                f["pending"].append([sid, k])
                continue
            # all of them, or one kind only: nothing to choose
            flipped = sum(B.activate(g, sid, key, k) for key in UNDERGROUND if x[key])
            self.say(g, f"Japanese Sweep Activated {W.count(flipped, 'guerrillas')} in {B.NAME[sid]} ({how}).")
        f["stage"] = "activate"

    def settle_pending(self, g: Context, f: dict) -> bool:
        """Ends the destinations whose Activation is now forced (one kind left Underground, or the count used up):
        whether anything changed. The stage ends when none is left."""
        changed = False
        while f["pending"]:
            sid, k = f["pending"][0]
            x = B.sp(g, sid)
            if k and all(x[key] for key in UNDERGROUND) and k < B.underground(x):
                return changed
            for key in UNDERGROUND:
                n = B.activate(g, sid, key, k) if k else 0
                if n:
                    k -= n
                    self.say(g, f"Japanese Sweep Activated {W.count(n, key)} in {B.NAME[sid]}.")
            f["pending"].pop(0)
            changed = True
        f["stage"] = "final"
        return True

    # -- the sub-stages ---------------------------------------------------------------------------------------
    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            opts = self.move_options(g, f)
            return {"move": opts, "done": []} if opts else {"done": []}
        if f["stage"] == "activate" and f["pending"]:
            return {"activate": kinds_there(g, f["pending"][0][0], UNDERGROUND)}
        return {}

    def sub_text(self, g, f):
        if f["stage"] == "activate":
            sid, k = f["pending"][0]
            return (f"Japanese Sweep in {B.NAME[sid]}: Activate {k} more Guerrilla(s) of "
                    f"{counts(g, sid, UNDERGROUND)}, one at a time "
                    f"(activate {key_words(UNDERGROUND)})")
        so_far = f"; written: {self.moves_text(f)}" if f["moves"] else ""
        if not g.offers("move", lambda: self.can_move(g, f)):
            return f"Japanese Sweep: no adjacent cube is left to move in{so_far}; done"
        form = "move FROM TO troops|police" if f.get("police_as_troops") else "move FROM TO"
        what = "a Troop or, as Troops, a Police cube" if f.get("police_as_troops") else "a Troop"
        return (f"Japanese Sweep: move {what} from an adjacent space into a destination ({form}; all move together "
                f"when done){so_far}, or done")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "move" and verb == "move":
            return self.move_refusal(g, f, arg)
        if f["stage"] == "activate" and f["pending"]:
            sid, k = f["pending"][0]
            if verb == "activate":
                return kind_refusal(g, sid, verb, arg, UNDERGROUND, "Activate", self.rule)
            if verb == "done":
                return W.because(f"the Sweep in {B.NAME[sid]} Activates {k} more Guerrilla(s), as its cubes allow: "
                                 "choose which", self.rule)
        return None

    def move_refusal(self, g: Context, f: dict, arg: str | None):
        """Why ``move FROM TO`` (with J26 shaded ``move FROM TO troops|police``) is refused (3.3.3)."""
        police = bool(f.get("police_as_troops"))
        words = (arg or "").split()
        if not police and len(words) == 3 and words[2] == "police":
            return W.because("Sweep moves Troops; Police move in as Troops only with Subhas Chandra Bose shaded",
                             f"{self.rule}, J26")
        shape = "FROM TO troops|police" if police else "FROM TO"
        if len(words) != 2 + police or (police and words[2] not in self.movers(f)):
            return W.form("move", shape, arg, self.rule)
        for w in words[:2]:
            if not W.is_space(w):
                return W.not_a_space(w)
        src, dst = words[:2]
        key = words[2] if police else "troops"
        if dst not in f["spaces"]:
            return W.because(f"{B.NAME[dst]} is not a destination of this Sweep ({W.names(f['spaces'])})", self.rule)
        if src == dst:
            return W.because(f"{B.NAME[dst]} is the destination itself: Sweep moves cubes in from adjacent spaces",
                             self.rule)
        if src not in B.adj(g, dst):
            return W.because(f"{B.NAME[src]} is not adjacent to {B.NAME[dst]}: Sweep moves in adjacent Troops only",
                             self.rule)
        if not B.sp(g, src)[key]:
            return W.because(f"{W.has(g, src, key)} to move", self.rule)
        return W.because(f"every {W.NOUNS[key][0]} in {B.NAME[src]} is already written to move: each moves once",
                         self.rule)

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "activate":
            sid = f["pending"][0][0]
            key = W.piece_key(arg)
            B.activate(g, sid, key, 1)
            f["pending"][0][1] -= 1
            self.say(g, f"Japanese Sweep Activated {W.count(1, key)} in {B.NAME[sid]}.")
            return
        if verb == "move":
            words = arg.split(" ")
            f["moves"].append([words[0], words[1], words[2] if len(words) == 3 else "troops"])
            return
        self.make_moves(g, f)
        self.activate_all(g, f)

    def step(self, g, f):
        if f["stage"] == "move" and not self.can_move(g, f):  # nothing (more) can move: the moves are made
            self.make_moves(g, f)
            self.activate_all(g, f)
            return True
        if f["stage"] == "activate" and self.settle_pending(g, f):
            return True
        return super().step(g, f)


# -- Assault (3.3.4) ------------------------------------------------------------------------------------------

@procedure
class Assault(JapaneseOperation):
    """Assault (3.3.4): spaces with Japanese Troops and an Active British force (an Active Guerrilla, or a Supply
    Cache, always Active, 1.4.3). In each, one Active British piece is removed per Troop, per two Troops in a
    Mountain without Kempeitai; Police never count (3.3.4 NOTE). Active Guerrillas go first, the Japanese
    choosing the kind where the count does not reach them all; a Supply Cache only once no Guerrilla, Underground
    included, is left there. Markers (Force 136, Jungle Camps) are never removed.

    Frame locals of its own: ``here`` (the space being Assaulted), ``left`` (pieces it may still remove)."""

    name = "jo.op.assault"
    op = "assault"
    rule = "3.3.4"

    WHERE = "Assault selects spaces with Japanese Troops and Active British forces"

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]  # B.active_guerrillas(x), inline
        return bool(x["troops"] and (x["mpaja_a"] + x["non_mpaja_a"] or x["caches"]))

    def why_not(self, g, f, sid):
        x = B.sp(g, sid)
        if not x["troops"]:
            police = " (Police never Assault)" if x["police"] else ""
            return W.because(f"{W.has(g, sid, 'troops')}{police}: {self.WHERE}", self.rule)
        return W.because(f"{W.has(g, sid, 'active', 'caches')}: {self.WHERE}", self.rule)

    @staticmethod
    def capacity(g: Context, sid: str) -> tuple[int, str]:
        """How many Active British pieces an Assault in *sid* removes, and why (3.3.4)."""
        x = B.sp(g, sid)
        n = x["troops"]
        if B.is_mountain(sid) and not x["kempeitai"]:
            return n // 2, f"{W.count(n, 'troops')}, one per two in a Mountain without Kempeitai"
        with_k = ", a Mountain with Kempeitai" if B.is_mountain(sid) else ""
        return n, f"{W.count(n, 'troops')}, one per Troop{with_k}"

    def on_selected(self, g, f, sid):
        k, how = self.capacity(g, sid)
        self.say(g, f"Japanese Assault in {B.NAME[sid]} could remove up to {k} Active British piece(s) ({how}).")
        f["here"], f["left"] = sid, k
        self.resolve(g, f)

    def resolve(self, g: Context, f: dict) -> None:
        """Removes what the Assault in ``here`` must remove while no choice is left to the Japanese; stops at a
        choice between the two kinds of Active Guerrilla (stage ``assault``), else the selection goes on."""
        sid = f["here"]
        x = B.sp(g, sid)
        kinds = [k for k in ACTIVE if x[k]]
        if f["left"] and len(kinds) > 1 and f["left"] < B.active_guerrillas(x):
            f["stage"] = "assault"
            return
        for key in kinds:
            n = B.remove(g, sid, key, min(f["left"], x[key]))
            if n:
                f["left"] -= n
                self.say(g, f"Japanese Assault removed {W.count(n, key)} from {B.NAME[sid]}.")
        if f["left"] and x["caches"]:
            if B.guerrillas(x):
                self.say(g, f"The Supply Cache in {B.NAME[sid]} stays: {W.has(g, sid, 'underground')}, and Assault "
                            "removes Supply Caches only once no Guerrilla remains there.")
            else:
                B.remove(g, sid, "caches", 1)
                f["left"] -= 1
                self.say(g, f"Japanese Assault removed a Supply Cache from {B.NAME[sid]}.")
        f["stage"] = "select"
        del f["here"], f["left"]

    def sub_prompt(self, g, f):
        if f["stage"] != "assault":
            return {}
        return {"remove": kinds_there(g, f["here"], ACTIVE)}

    def sub_text(self, g, f):
        sid = f["here"]
        return (f"Japanese Assault in {B.NAME[sid]}: remove {f['left']} more Active Guerrilla(s) of "
                f"{counts(g, sid, ACTIVE)}, one at a time "
                f"(remove {key_words(ACTIVE)})")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] != "assault":
            return None
        sid = f["here"]
        if verb == "remove":
            if arg == "cache":
                return W.because(f"Active Guerrillas go first, and a Supply Cache only once no Guerrilla remains in "
                                 f"{B.NAME[sid]}", self.rule)
            return kind_refusal(g, sid, verb, arg, ACTIVE, "remove", self.rule)
        if verb == "done":
            return W.because(f"the Assault in {B.NAME[sid]} removes {f['left']} more Active Guerrilla(s), as its "
                             "Troops allow: choose which", self.rule)
        return None

    def sub_act(self, g, f, verb, arg):
        sid, key = f["here"], W.piece_key(arg)
        B.remove(g, sid, key, 1)
        f["left"] -= 1
        self.say(g, f"Japanese Assault removed {W.count(1, key)} from {B.NAME[sid]}.")
        self.resolve(g, f)
