"""The British Operations of Malaya: Train (3.2.1), Garrison (3.2.2), Sweep (3.2.3) and Assault (3.2.4).

None selects or enters Thailand (1.3.3, 3.2). Each selects any number of spaces, Resources permitting, one if
Limited (3.1, 2.3.4); Garrison and Sweep may bring pieces from several origins into their one destination.
What each costs:

- Train: 2 Resources for each space where it places cubes, nothing for a space where it places none (ruling
  R-TRAIN-PACIFY); with Jungle Warfare School shaded (M18), 4 for a space where it places Troops. The
  payment falls due as the first cube is placed (or the first Troop, for the added 2 of M18 shaded).
- Garrison: 2 Resources in all, paid as its first destination is selected.
- Sweep and Assault: 2 Resources for each space selected.

An Event's Operation is free (3.1.2, 5.4: frame ``free``), except the Pacify of a Train, which always costs
(``pacify``). Moves that happen at once (Garrison's and Sweep's) are written one order at a time and made
together when the player ends them, so that Control, and Political Will with it, changes once, at the end of
the step (ruling R-CONTROL-PW; ``board.together``).
"""

from __future__ import annotations

from collections import Counter

from ...coin import resources
from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import SA_ACCOMPANY, Operation, cap, place_own

notation.declare(__name__, {"place", "move", "assault", "first", "done"})

#: The cube words of the orders and the piece each names.
CUBE_WORD = {"troops": "troop", "police": "police"}
WORD_CUBE = {w: k for k, w in CUBE_WORD.items()}
#: Cubes Train may place: up to 4 in Kuala Lumpur, up to 2 Police in a Province (3.2.1).
TRAIN_ROOM = {"city": 4, "province": 2}
#: What a Garrison costs, however many spaces it selects (3.2.2).
GARRISON_COST = 2


def kind_words(sid: str) -> str:
    """``an Economic Center``, ``a Province``, ``the capital city`` (Kuala Lumpur, 1.3.4)."""
    return "the capital city" if B.KIND[sid] == "city" else W.kind_of(sid)


def thailand_refusal(sid: str, what: str, rule: str) -> str:
    """The refusal for Thailand, which no British piece ever enters (1.3.3, 3.2)."""
    return W.because(f"{B.name(sid)} takes MCP forces only: British pieces never enter it, and {what}",
                     f"1.3.3, 3.2, {rule}")


# -- Assault (3.2.4), also Garrison's Assault in an Economic Center and the Events' free Assaults -------------

def assault_capacity(g: Context, sid: str) -> int:
    """How many Active MCP pieces an Assault in *sid* removes (3.2.4): one per cube in Kuala Lumpur and the
    Economic Centers, one per Troop in a Jungle Province, one per two Troops in a Mountain Province."""
    x = B.sp(g, sid)
    kind = B.KIND[sid]
    if kind in ("city", "ec"):
        return B.cubes(x)
    if kind != "province":
        return 0
    return x["troops"] // 2 if B.is_mountain(sid) else x["troops"]


def assault_outcome(g: Context, sid: str, bases_first: bool = False) -> tuple[int, int]:
    """(Active Guerrillas, Bases) an Assault in *sid* would remove (3.2.4): Active Guerrillas first, Bases only
    once no Guerrilla at all is left there, Underground ones included; or, where Min Yuen unshaded (M2) is used
    in the space, Bases before Guerrillas, even with Underground Guerrillas there."""
    x = B.sp(g, sid)
    room = assault_capacity(g, sid)
    if bases_first:
        bases = min(room, x["bases"])
        return min(room - bases, x["guerrillas_a"]), bases
    active = min(room, x["guerrillas_a"])
    cleared = not x["guerrillas_u"] and active == x["guerrillas_a"]
    return active, min(room - active, x["bases"]) if cleared else 0


def bases_first_matters(g: Context, sid: str) -> bool:
    """Whether removing Bases first (M2 unshaded) would remove other pieces in *sid* than the usual order."""
    return assault_outcome(g, sid, True) != assault_outcome(g, sid, False)


def assault_space(g: Context, sid: str, rule: str, bases_first: bool = False) -> tuple[int, int]:
    """Assaults in *sid* (3.2.4; :func:`assault_outcome`): removes the pieces to Available and raises Political
    Will by 1 for each Base removed (1.10, 7.1); Control follows each removal (1.7). Returns what it removed."""
    active, bases = assault_outcome(g, sid, bases_first)
    name = B.name(sid)
    order = (("bases", bases), ("guerrillas_a", active)) if bases_first else (("guerrillas_a", active), ("bases", bases))
    parts = [W.count(n, key) for key, n in order if n]
    how = " (Bases first: Min Yuen, M2 unshaded)" if bases_first else ""
    g.say(f"British Assaulted in {name}{how}, removing {W.names(parts, plain=True) if parts else 'nothing'} "
          f"({assault_capacity(g, sid)} piece(s) at most there).", faction="british",
          rule="M2" if bases_first else rule)
    for key, n in order:
        if n:
            B.remove(g, sid, key, n)
    if bases:
        shift_will(g, bases, f"{W.count(bases, 'bases')} removed by Assault in {name}", "3.2.4")
    return active, bases


class BritishOperation(Operation):
    """What the four British Operations share: a Special Activity asked for in the middle of a step (cubes
    being placed or moves being written) is refused with that reason (4.1: before, during or after the
    Operation, between its steps)."""

    faction = "british"

    def sa_refusal(self, g, f, arg):
        if (f["sa"] == "open" and arg in SA_ACCOMPANY.get(self.op, ()) and f["stage"] != "final"
                and not self.interruptible(g, f)):
            return W.because(f"a Special Activity comes before, between or after the {self.title}'s steps, not in "
                             "the middle of one: finish this step first", "4.1")
        return super().sa_refusal(g, f, arg)


class PaidPerSpace(BritishOperation):
    """An Operation that costs Resources for each space selected (Sweep, Assault: 2 each), paid as the space
    is selected (engine.coin.operation: the base pays, nothing if the Operation is free, 3.1.2)."""


# -- Train (3.2.1) ----------------------------------------------------------------------------------------

@procedure
class Train(BritishOperation):
    """Train (3.2.1): Kuala Lumpur and Provinces without MCP Control. In each selected space the British place
    cubes one at a time (up to 4, Troops or Police, in Kuala Lumpur; up to 2 Police in a Province), taken from
    the map when none is Available (1.4.1 IMPORTANT). Then they may Pacify in one selected space with British
    Control, Troops and Police, two at Templer unless the Train is Limited (6.6.2; ``pacify``).

    Frame locals of its own: ``here`` (the space placing now), ``placed`` (space -> cubes placed by kind),
    ``paid`` (space -> Resources paid there), ``awaiting`` (the cube asked of the map, until placed)."""

    name = "my.op.train"
    op = "train"
    faction = "british"
    rule = "3.2.1"
    kinds = ("province", "city")

    def ok(self, g, f, sid):
        kind = B.KIND[sid]
        return kind == "city" or (kind == "province" and g.s["control"].get(sid) != "mcp")

    def why_not(self, g, f, sid):
        kind = B.KIND[sid]
        if kind == "foreign":
            return thailand_refusal(sid, "Train selects Kuala Lumpur and Provinces", "3.2.1")
        if kind == "ec":
            return W.because(f"{B.name(sid)} is an Economic Center: Train selects Kuala Lumpur and Provinces",
                             "3.2.1")
        return W.because(f"{W.control_of(g, sid)}: Train selects Provinces without MCP Control", "3.2.1")

    def on_selected(self, g, f, sid):
        f["here"] = sid
        f.setdefault("placed", {})[sid] = {"troops": 0, "police": 0}
        f.setdefault("paid", {})[sid] = 0
        f["stage"] = "place"
        g.say(f"British Train selected {B.name(sid)}.", faction="british", rule=self.rule)

    # -- placing ----------------------------------------------------------------------------------------
    def room(self, f: dict, sid: str) -> int:
        """Cubes Train may still place in *sid* (3.2.1)."""
        placed = f["placed"][sid]
        return TRAIN_ROOM[B.KIND[sid]] - placed["troops"] - placed["police"]

    def due(self, g: Context, f: dict, sid: str, piece: str) -> int:
        """Resources the British must pay before placing *piece* in *sid*: what the space costs once it places
        cubes, 2, or 4 with Troops under Jungle Warfare School shaded (M18), less what was paid there already
        (ruling R-TRAIN-PACIFY); nothing in a free Train (3.1.2, 5.4)."""
        if f.get("free"):
            return 0
        troops = piece == "troops" or f["placed"][sid]["troops"] > 0
        total = 4 if troops and cap(g, "M18") == "shaded" else 2
        return max(0, total - f["paid"][sid])

    def cost_rule_of(self, g: Context, f: dict, sid: str, piece: str) -> str:
        """M18 where Jungle Warfare School shaded raises the price, else 3.2.1."""
        return "M18" if cap(g, "M18") == "shaded" and (piece == "troops" or f["placed"][sid]["troops"]) else "3.2.1"

    def supply(self, g: Context, sid: str, piece: str) -> bool:
        """Whether a *piece* can be had for *sid*: Available, or elsewhere on the map (1.4.1 IMPORTANT)."""
        return g.s["available"][piece] > 0 or any(B.sp(g, s)[piece] for s in B.SPACES if s != sid)

    def place_options(self, g: Context, f: dict) -> list[str]:
        """The cubes Train may place in the space at hand now (3.2.1: Troops only in Kuala Lumpur)."""
        sid = f["here"]
        if self.room(f, sid) <= 0:
            return []
        kinds = ("troops", "police") if B.KIND[sid] == "city" else ("police",)
        return [CUBE_WORD[k] for k in kinds
                if self.supply(g, sid, k) and resources.can_pay(g, "british", self.due(g, f, sid, k))]

    def pay_and_count(self, g: Context, f: dict, sid: str, piece: str) -> None:
        """Pays what placing *piece* in *sid* brings due (:meth:`due`) and counts the cube."""
        n = self.due(g, f, sid, piece)
        if n:
            rule = self.cost_rule_of(g, f, sid, piece)
            extra = ", placing Troops (Jungle Warfare School)" if rule == "M18" else ""
            resources.pay(g, "british", n, f"Train in {B.name(sid)}{extra}", rule)
            f["paid"][sid] += n
        f["placed"][sid][piece] += 1

    def piece_left(self, g: Context, f: dict, src: str, key: str) -> None:
        """The cube asked of the map (1.4.1 IMPORTANT) was taken: it is paid for and counted now."""
        piece = f.pop("awaiting", None)
        if piece:
            self.pay_and_count(g, f, f["here"], piece)

    def sub_prompt(self, g, f):
        opts = self.place_options(g, f)
        return {"place": opts, "done": []} if opts else {"done": []}

    def sub_text(self, g, f):
        sid = f["here"]
        placed = f["placed"][sid]
        n = placed["troops"] + placed["police"]
        what = "Troops or Police" if B.KIND[sid] == "city" else "Police"
        price = "free" if f.get("free") else f"paid so far {f['paid'][sid]}"
        if not g.offers("place", lambda: bool(self.place_options(g, f))):
            return (f"British Train in {B.name(sid)}: no cube can be placed ({n} placed, {price}; a cube needs "
                    "the Resources and a piece Available or on the map); done")
        return (f"British Train in {B.name(sid)}: place a cube ({what}, place troop|police; {n} of up to "
                f"{TRAIN_ROOM[B.KIND[sid]]} placed, {price}), or done")

    def sub_explain(self, g, f, verb, arg):
        if verb != "place":
            return None
        sid = f["here"]
        name = B.name(sid)
        if arg not in WORD_CUBE:
            return W.form("place", "troop|police", arg, self.rule)
        piece = WORD_CUBE[arg]
        if piece == "troops" and B.KIND[sid] != "city":
            return W.because(f"{name} is a Province: Train places Troops only in Kuala Lumpur, Police in "
                             "Provinces", self.rule)
        if self.room(f, sid) <= 0:
            return W.because(f"this Train has placed {TRAIN_ROOM[B.KIND[sid]]} cubes in {name}, as many as it may "
                             "there", self.rule)
        if not self.supply(g, sid, piece):
            return W.because(f"no {W.NOUNS[piece][0]} is Available or elsewhere on the map", "1.4.1")
        n = self.due(g, f, sid, piece)
        return resources.refusal(g, "british", n, f"Train in {name}", self.cost_rule_of(g, f, sid, piece))

    def sub_act(self, g, f, verb, arg):
        if verb == "done":
            f["stage"] = "select"
            return
        sid, piece = f["here"], WORD_CUBE[arg]
        if g.s["available"][piece]:
            self.pay_and_count(g, f, sid, piece)
        else:
            f["awaiting"] = piece  # paid once the owner takes one from the map (piece_left)
        place_own(g, "british", sid, piece, rule=self.rule, label="Train")

    def step(self, g, f):
        if f.pop("awaiting", None):  # the owner took no cube from the map: nothing placed, nothing paid
            return True
        if f["stage"] == "place" and self.room(f, f["here"]) <= 0:  # all placed: the selection goes on
            f["stage"] = "select"
            return True
        return super().step(g, f)

    def on_select_done(self, g, f):
        """The placements are over: the Pacify of 3.2.1 may follow in the selected spaces that qualify."""
        from .pacify import pacify_ok, start_pacify  # the Propaganda module's (imported when first needed)

        f["stage"] = "final"
        spaces = [s for s in f["spaces"] if pacify_ok(g, s)]
        if spaces:
            start_pacify(g, spaces, B.pacify_spaces(g, f["limited"]), rule=self.rule, label="Train")


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

    def movable(self, f: dict, g: Context, src: str, key: str) -> int:
        """Cubes of *key* in *src* not yet written to move."""
        return B.sp(g, src)[key] - sum(1 for a, _, k in f["moves"] if a == src and k == key)

    def move_options(self, g: Context, f: dict) -> list[str]:
        """The moves the player may write now (each Operation its own: Garrison from anywhere, Sweep from
        adjacent spaces)."""
        raise NotImplementedError(self.name)

    def moves_text(self, f: dict) -> str:
        """The moves written so far, grouped (``2 Troops Kuala Lumpur to Pahang``)."""
        groups = Counter(tuple(m) for m in f["moves"])
        return "; ".join(f"{W.count(n, key)} {B.name(a)} to {B.name(b)}" for (a, b, key), n in groups.items())

    def make_moves(self, g: Context, f: dict) -> None:
        """Makes the written moves together, logging each group (ruling R-CONTROL-PW)."""
        groups = Counter(tuple(m) for m in f["moves"])
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

    def may_pay(self, g: Context, f: dict) -> bool:
        return bool(f.get("free") or f.get("paid_total") or resources.can_pay(g, "british", GARRISON_COST))

    def ok(self, g, f, sid):
        kind = B.KIND[sid]
        if kind not in self.kinds:
            return False
        if kind == "province" and any(B.KIND[s] == "province" for s in f["spaces"]):
            return False
        return self.may_pay(g, f)

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
        out = []
        for src in B.SPACES:
            for key in self.movers:
                if self.movable(f, g, src, key) > 0:
                    out += [f"{src} {dst} {CUBE_WORD[key]}" for dst in f["spaces"] if dst != src]
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
            if not g.offers("move", lambda: bool(self.move_options(g, f))):
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

    def cost(self, g, f, sid):
        return 2

    def on_selected(self, g, f, sid):
        g.say(f"British Sweep selected {B.name(sid)}.", faction="british", rule=self.rule)

    def move_options(self, g, f):
        return [f"{src} {dst}" for dst in f["spaces"] for src in sorted(B.adj(g, dst))
                if self.movable(f, g, src, "troops") > 0]

    def sub_prompt(self, g, f):
        opts = self.move_options(g, f)
        return {"move": opts, "done": []} if opts else {"done": []}

    def sub_text(self, g, f):
        so_far = f"; written: {self.moves_text(f)}" if f["moves"] else ""
        if not g.offers("move", lambda: bool(self.move_options(g, f))):
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


@procedure
class Assault(PaidPerSpace):
    """Assault (3.2.4): spaces with British cubes and MCP pieces, 2 Resources each; see :func:`assault_space`.
    With Min Yuen unshaded (M2) in play, the British choose in one space of each Assault to remove Bases
    first; they are asked only where it would change what is removed."""

    name = "my.op.assault"
    op = "assault"
    faction = "british"
    rule = "3.2.4"
    kinds = ("province", "city", "ec")

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]
        return bool((x["troops"] or x["police"]) and (x["guerrillas_u"] or x["guerrillas_a"] or x["bases"]))

    def why_not(self, g, f, sid):
        if B.KIND[sid] == "foreign":
            return thailand_refusal(sid, "Assault needs British cubes in the space", self.rule)
        return W.because(f"{W.has(g, sid, 'cubes', 'mcp')}: Assault needs British cubes and MCP pieces there",
                         self.rule)

    def cost(self, g, f, sid):
        return 2

    def on_selected(self, g, f, sid):
        if cap(g, "M2") == "unshaded" and not f.get("bases_first") and bases_first_matters(g, sid):
            f["here"] = sid
            f["stage"] = "first"
            return
        assault_space(g, sid, self.rule)

    def sub_prompt(self, g, f):
        return {"first": ["bases", "guerrillas"]}

    def sub_text(self, g, f):
        sid = f["here"]
        plain, first = assault_outcome(g, sid), assault_outcome(g, sid, True)
        return (f"British Assault in {B.name(sid)}: remove Bases first here, once this Assault (Min Yuen, M2; "
                f"removes {first[1]} Base(s) and {first[0]} Active Guerrilla(s)), or Guerrillas first (removes "
                f"{plain[0]} Active Guerrilla(s) and {plain[1]} Base(s)): first bases|guerrillas")

    def sub_explain(self, g, f, verb, arg):
        if verb == "first":
            return W.form("first", "bases|guerrillas", arg, "M2")
        return None

    def sub_act(self, g, f, verb, arg):
        sid = f.pop("here")
        f["stage"] = "select"
        if arg == "bases":
            f["bases_first"] = sid
        assault_space(g, sid, self.rule, bases_first=arg == "bases")
