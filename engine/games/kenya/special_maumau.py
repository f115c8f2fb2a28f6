"""The Mau Mau Special Activities of Kenya: Supply (4.3.1), Oath (4.3.2) and Raid (4.3.3).

Each may accompany any Mau Mau Operation (4.1.1), at any one time before, during or after it (4.1), never a
Limited one (2.3.4). Supply selects no space: it counts the Bases Nairobi supplies (:func:`supplied_bases`,
a path search over the board's adjacency) and gains their Resources. Oath and Raid select spaces one at a
time (engine.coin.special_select). Raid's free Limited Operation is any Mau Mau Operation in the Raid's
space (3.1.2, 4.3.3), started with :func:`engine.games.kenya.operation.new_op_frame` and run as its own frame
(engine.games.kenya.maumau_ops). An Event's or a phase's Special Activity (5.4, 6.3.2) gives its card or rule
in ``rule``, its count in ``max`` and its spaces in ``only``. The Capabilities read here: K3 (Supply's path and
yield), K28 (Oath's spaces) and K31 shaded (Raid in up to two spaces).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import OP_PREFIX, OPS, cap, new_op_frame
from .own_pieces import place_own
from .special import Selecting, sa_rule

notation.declare(__name__, {"space", "place", "in", "out", "op", "done"})

#: A Guerrilla's order word and its key in a space, by state (1.4.3).
GUERRILLA_WORDS = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}
#: Raid's free Limited Operation: any Mau Mau Operation (3.3; 4.3.3 names none).
RAID_OPS = ("rally", "march", "terror")


# -- Supply (4.3.1) ------------------------------------------------------------------------------------

def carries_supply(g: Context, sid: str) -> bool:
    """Whether *sid* may lie between Nairobi and a Base on a Supply path (4.3.1): a Guerrilla there or
    Resistance; with K3 unshaded, Mau Mau Control or Resistance instead (a Guerrilla alone no longer does, its
    Tip L2689)."""
    if B.level(g, sid) < 0:
        return True
    if cap(g, "K3") == "unshaded":
        return B.control(g, sid) == "maumau"
    return B.guerrillas(B.sp(g, sid)) > 0


def reached_from_nairobi(g: Context):
    """The spaces connected to Nairobi by a path whose spaces between each hold what :func:`carries_supply`
    asks (4.3.1 and its NOTE: Nairobi and the far end need nothing): Nairobi, those adjacent to it, and those
    adjacent to a space so reached that carries Supply (a search over ``board.adj``), each once, as reached
    (a generator: :func:`supplies_a_base` stops at the first Base)."""
    spaces, control = g.s["spaces"], g.s["control"]
    by_control = cap(g, "K3") == "unshaded"  # carries_supply, inline: the Capability read once
    reached, frontier = {B.NAIROBI}, [B.NAIROBI]
    yield B.NAIROBI
    while frontier:
        for n in B.adj(g, frontier.pop()):
            if n in reached:
                continue
            reached.add(n)
            yield n
            x = spaces[n]
            if x["support"] < 0 or (control.get(n) == "maumau" if by_control
                                    else x["guerrillas_u"] + x["guerrillas_a"] > 0):
                frontier.append(n)


def connected_to_nairobi(g: Context) -> set[str]:
    """The spaces connected to Nairobi (:func:`reached_from_nairobi`; the set is the same in any order of
    the search)."""
    return set(reached_from_nairobi(g))


def supplied_bases(g: Context) -> dict[str, int]:
    """The Bases Supply counts, by space (4.3.1): those in Nairobi, and those of each other space
    :func:`connected_to_nairobi`."""
    reached = connected_to_nairobi(g)
    return {s: g.s["spaces"][s]["bases"] for s in B.SPACES if s in reached and g.s["spaces"][s]["bases"]}


def supplies_a_base(g: Context) -> bool:
    """Whether Supply counts a Base (:func:`supplied_bases` not empty), stopping at the first one reached."""
    spaces = g.s["spaces"]
    return any(spaces[s]["bases"] for s in reached_from_nairobi(g))


def supply_gain(g: Context) -> int:
    """The Resources Supply gains (4.3.1): 1 a supplied Base; 2 with K3 shaded (its Tip)."""
    return (2 if cap(g, "K3") == "shaded" else 1) * sum(supplied_bases(g).values())


@procedure
class Supply(Selecting):
    """Supply (4.3.1, with any Operation): the Mau Mau gain 1 Resource for each Base in Nairobi and each other
    Base connected to Nairobi (:func:`supplied_bases`), 2 each with K3 shaded, to 20 at most (1.8). It
    selects no space and asks nothing; it is offered where it would gain something."""

    name = "ke.sa.supply"
    sa = "supply"
    faction = "maumau"
    rule = "4.3.1"
    accompanies = ("rally", "march", "terror")

    def possible(self, g, f=None):
        return B.resources(g) < B.RESOURCES_MAX and supplies_a_base(g)  # supply_gain(g) > 0, sooner

    def advance(self, g, f):
        bases = supplied_bases(g)
        rule = sa_rule(f, "4.3.1" if cap(g, "K3") is None else "4.3.1, K3")
        each = 2 if cap(g, "K3") == "shaded" else 1
        where = W.names([f"{B.name(s)} ({n})" for s, n in bases.items()], plain=True)
        path = ("Mau Mau Control or Resistance" if cap(g, "K3") == "unshaded" else "a Guerrilla or Resistance")
        g.say(f"Mau Mau Supply: {sum(bases.values())} Base(s) supplied, {where}, by paths of spaces with {path}; "
              f"{each} Resource(s) each.", faction="maumau", rule=rule)
        B.shift_resources(g, supply_gain(g), "Supply", rule)
        g.end([])
        return True


# -- Oath (4.3.2) --------------------------------------------------------------------------------------

@procedure
class Oath(Selecting):
    """Oath (4.3.2, with any Operation): one Populated Reserve Province with an Underground Guerrilla; K28
    unshaded: not a British Controlled one; K28 shaded: up to two Populated spaces of any kind that takes a
    level (Nairobi and the Non-Reserve Provinces too, its Tip). There the Mau Mau place up to one Guerrilla,
    Underground (``place guerrilla|none``; from the map if none is Available, 1.4.1 and ruling R-1.4.1), and
    the space shifts once toward Resistance. The Support Phase's Oath (6.3.2) is this one, called with its
    ``rule``. Frame: ``here`` while the placement is chosen, ``shift`` while a Guerrilla taken from the map is
    placed."""

    name = "ke.sa.oath"
    sa = "oath"
    faction = "maumau"
    rule = "4.3.2"
    accompanies = ("rally", "march", "terror")

    where = "a Populated Reserve Province with an Underground Guerrilla"
    raised_by = ("K28", "shaded", 2)

    def kind_ok(self, g: Context, sid: str) -> bool:
        """A Reserve Province; with K28 shaded, any space that takes a level (its Tip)."""
        return B.LOYALTY.takes(sid) if cap(g, "K28") == "shaded" else B.is_reserve(sid)

    def qualifies(self, g, f, sid):
        # the Guerrilla first: the test most spaces fail, and the cheapest
        return (g.s["spaces"][sid]["guerrillas_u"] > 0 and B.populated(g, sid) and self.kind_ok(g, sid)
                and not (cap(g, "K28") == "unshaded" and g.s["control"].get(sid) == "british"))

    def possible(self, g, f=None):
        """:meth:`qualifies` of any space, K28 read once, in one loop (asked by every Mau Mau Operation's
        prompt); its own count is never 0 (4.3.2, K28). An Event's or a phase's frame (its ``max``, ``only``)
        asks the series' test."""
        if f:
            return super().possible(g, f)
        k28 = cap(g, "K28")
        kind_ok = B.LOYALTY.takes if k28 == "shaded" else B.is_reserve
        not_british = k28 == "unshaded"
        spaces, population, control = g.s["spaces"], g.s["population"], g.s["control"]
        for s in B.SPACES:
            if (spaces[s]["guerrillas_u"] > 0 and population[s] > 0 and kind_ok(s)
                    and not (not_british and control.get(s) == "british")):
                return True
        return False

    def unqualified(self, g, f, sid):
        if not self.kind_ok(g, sid):
            if cap(g, "K28") == "shaded":
                return W.because(f"{B.name(sid)} is {W.kind_of(sid)}, never at Resistance: even with Widespread "
                                 "oathing Oath selects a Populated Province or Nairobi", "K28, 1.3.3")
            what = "a Non-Reserve Province" if B.KIND[sid] == "province" else W.kind_of(sid)
            return W.because(f"{B.name(sid)} is {what}: Oath selects a Reserve Province", "4.3.2, 1.3.2")
        if not B.populated(g, sid):
            return W.because(f"{W.population_of(g, sid)}: Oath selects a Populated space", "4.3.2, 1.3.2")
        if not B.sp(g, sid)["guerrillas_u"]:
            return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Oath needs one there", self.rule)
        return W.because(f"{W.control_of(g, sid)}: with 'Vomiting the Oath' Oath may not select a British "
                         "Controlled space", "K28")

    def text(self, g, f):
        if f["stage"] == "select" and cap(g, "K28") == "shaded":
            done = ", or done" if f["chosen"] else ""
            return (f"Mau Mau Oath: select a space (a Populated space with an Underground Guerrilla; "
                    f"{len(f['chosen'])} of up to {self.most(g, f)} selected){done}")
        return super().text(g, f)

    def on_space(self, g, f, sid):
        f["here"], f["stage"] = sid, "place"

    def sub_prompt(self, g, f):
        if f["stage"] == "place":
            return {"place": ["guerrilla", "none"]}
        return {}

    def sub_text(self, g, f):
        return (f"Mau Mau Oath in {B.name(f['here'])}: place up to one Guerrilla there (place guerrilla), or none "
                "(place none); the space then shifts once toward Resistance")

    def sub_refusal(self, g, f, verb, arg):
        if verb == "place":
            return W.form("place", "guerrilla|none", arg, self.rule)
        if verb in ("space", "done"):
            return W.because(f"the Oath in {B.name(f['here'])} places up to one Guerrilla first: place guerrilla "
                             "or place none", self.rule)
        return None

    def sub_act(self, g, f, verb, arg):
        sid = f.pop("here")
        rule = sa_rule(f, self.rule)
        g.say(f"Mau Mau took an Oath in {B.name(sid)}.", faction="maumau", rule=rule)
        f["stage"], f["shift"] = "shift", sid
        if arg == "guerrilla":
            place_own(g, "maumau", sid, "guerrillas", rule=rule, label="Oath")
        else:
            g.say(f"Mau Mau placed no Guerrilla in {B.name(sid)} (Oath: up to one).", faction="maumau", rule=rule)

    def sub_advance(self, g, f):
        if f["stage"] != "shift":
            return False
        sid = f.pop("shift")
        if not B.shift(g, sid, -1, "Oath", sa_rule(f, self.rule)):
            g.say(f"{B.name(sid)} is at Resistance already: no shift.", faction="maumau", rule=self.rule)
        f["stage"] = "select"
        return True


# -- Raid (4.3.3) --------------------------------------------------------------------------------------

#: The Mountain Jungles adjacent to each space on the printed map, in board order (:func:`jungles_by` where
#: the umpire changed no adjacency).
_JUNGLES_BY = {s: tuple(m for m in B.MOUNTAIN_JUNGLES if m in B.BOARD.adj[s]) for s in B.SPACES}


def jungles_by(g: Context, sid: str) -> tuple[str, ...]:
    """The Mountain Jungles adjacent to *sid*, in board order (the map's overrides applied, if any)."""
    if not g.s.get("map"):
        return _JUNGLES_BY[sid]
    adj = B.adj(g, sid)
    return tuple(m for m in B.MOUNTAIN_JUNGLES if m in adj)


@procedure
class Raid(Selecting):
    """Raid (4.3.3, with any Operation): one Province adjacent to a Mountain Jungle (K31 shaded: up to two).
    Either (``in FROM guerrilla-u|guerrilla-a``) one or two Guerrillas move in from one adjacent Mountain
    Jungle, keeping their state, then ``done`` (or the second Guerrilla) and a free Limited Operation there
    (``op rally|march|terror``, any Mau Mau Operation possible in that space, 3.1.2: free, one space, no
    Special Activity); or (``out TO guerrilla-u|guerrilla-a``) any Guerrillas of the space move to one adjacent
    Mountain Jungle and are flipped Underground, then ``done``. The Guerrillas moved in come from one Mountain
    Jungle and those moved out go to one ("an adjacent Mountain Jungle": ruling R-RAID). A Province qualifies
    where one of the two can move a Guerrilla (its NOTE: the Operation needs one moved in). Frame: ``here``,
    ``way`` (``in`` or ``out``), ``jungle``, ``moved`` while the space's moves are made; stage ``op`` while the
    Operation is chosen, ``running`` while it runs."""

    name = "ke.sa.raid"
    sa = "raid"
    faction = "maumau"
    rule = "4.3.3"
    accompanies = ("rally", "march", "terror")
    where = "a Province adjacent to a Mountain Jungle, where a Guerrilla can come in from the Jungle or leave for it"
    raised_by = ("K31", "shaded", 2)

    def qualifies(self, g, f, sid):
        if B.KIND[sid] != "province":
            return False
        jungles = jungles_by(g, sid)
        return bool(jungles) and (B.guerrillas(B.sp(g, sid)) > 0
                                  or any(B.guerrillas(B.sp(g, m)) for m in jungles))

    def possible(self, g, f=None):
        """:meth:`qualifies` of any Province, in one loop (asked by every Mau Mau Operation's prompt); its own
        count is never 0 (4.3.3, K31). An Event's or a phase's frame (its ``max``, ``only``) asks the series'
        test."""
        if f:
            return super().possible(g, f)
        spaces = g.s["spaces"]
        for s in B.PROVINCES:
            jungles = jungles_by(g, s)
            if jungles and (B.guerrillas(spaces[s]) > 0 or any(B.guerrillas(spaces[m]) for m in jungles)):
                return True
        return False

    def unqualified(self, g, f, sid):
        if B.KIND[sid] != "province":
            return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Raid selects a Province", "4.3.3, 1.3.1")
        jungles = jungles_by(g, sid)
        if not jungles:
            return W.because(f"{B.name(sid)} is adjacent to no Mountain Jungle: Raid selects a Province adjacent "
                             "to one", self.rule)
        return W.because(f"{W.has(g, sid, 'guerrillas')} and {W.names(jungles)} no Guerrilla: Raid would move "
                         "none in or out", self.rule)

    # -- the moves -------------------------------------------------------------------------------------
    def on_space(self, g, f, sid):
        f.update(here=sid, way=None, jungle=None, moved=0, stage="move")
        g.say(f"Mau Mau Raided {B.name(sid)}.", faction="maumau", rule=sa_rule(f, self.rule))

    def in_options(self, g: Context, f: dict) -> list[str]:
        if f["way"] == "out" or f["moved"] >= 2:
            return []
        jungles = [f["jungle"]] if f["jungle"] else jungles_by(g, f["here"])
        return [f"{m} {w}" for m in jungles for w, k in GUERRILLA_WORDS.items() if B.sp(g, m)[k]]

    def out_options(self, g: Context, f: dict) -> list[str]:
        if f["way"] == "in":
            return []
        x = B.sp(g, f["here"])
        jungles = [f["jungle"]] if f["jungle"] else jungles_by(g, f["here"])
        return [f"{m} {w}" for m in jungles for w, k in GUERRILLA_WORDS.items() if x[k]]

    def ops_possible(self, g: Context, f: dict) -> list[str]:
        """The Mau Mau Operations possible as Raid's free Limited Operation in its space (3.1.2, 4.3.3)."""
        mine = OPS.get("maumau", [])
        out = []
        for op in RAID_OPS:
            if op not in mine:
                continue
            frame = self.op_frame(g, f, op)
            if g.procs[f"{OP_PREFIX}{op}"].possible(g, frame):
                out.append(op)
        return out

    def op_frame(self, g: Context, f: dict, op: str) -> dict:
        """The frame of Raid's free Limited Operation *op* in its space (3.1.2, 2.3.4, 4.3.3)."""
        return new_op_frame(g, op, True, False, free=True, only=[f["here"]], rule="4.3.3")

    def sub_prompt(self, g, f):
        if f["stage"] == "op":
            return {"op": self.ops_possible(g, f)}
        if f["stage"] != "move":
            return {}
        out: dict[str, list[str]] = {}
        ins, outs = self.in_options(g, f), self.out_options(g, f)
        if ins:
            out["in"] = ins
        if outs:
            out["out"] = outs
        if f["moved"]:
            out["done"] = []
        return out

    def sub_text(self, g, f):
        name = B.name(f["here"])
        if f["stage"] == "op":
            return (f"Mau Mau Raid in {name}: a free Limited Operation there (op "
                    f"{'|'.join(g.prompted(self, f)['op'])})")  # ops_possible, as the prompt listed them
        if f["way"] == "in":
            more = ("a second (in FROM guerrilla-u|guerrilla-a), or " if g.offers("in", lambda: bool(self.in_options(g, f)))
                    else "")
            return (f"Mau Mau Raid in {name}: {f['moved']} Guerrilla(s) moved in from {B.name(f['jungle'])}; {more}"
                    "done for the free Limited Operation")
        if f["way"] == "out":
            more = ("another (out TO guerrilla-u|guerrilla-a), or " if g.offers("out", lambda: bool(self.out_options(g, f)))
                    else "")
            return (f"Mau Mau Raid in {name}: {f['moved']} Guerrilla(s) moved out to {B.name(f['jungle'])}, flipped "
                    f"Underground; {more}done")
        ways = []  # only the ways the prompt offers (Context.offers)
        if g.offers("in", lambda: bool(self.in_options(g, f))):
            ways.append("move one or two Guerrillas in from an adjacent Mountain Jungle for a free Limited Operation "
                        "(in FROM guerrilla-u|guerrilla-a)")
        if g.offers("out", lambda: bool(self.out_options(g, f))):
            ways.append("send any out to one, Underground (out TO guerrilla-u|guerrilla-a)")
        return f"Mau Mau Raid in {name}: {', or '.join(ways)}"

    def sub_refusal(self, g, f, verb, arg):
        name = B.name(f["here"])
        if f["stage"] == "op":
            if verb == "op":
                return self.op_refusal(g, f, arg)
            return W.because(f"the Raid in {name} performs a free Limited Operation there now: op "
                             f"{'|'.join(self.ops_possible(g, f))}", "4.3.3")
        if verb == "done":
            return W.because(f"the Raid in {name} moves at least one Guerrilla in or out first", self.rule)
        if verb == "space":
            return W.because(f"the Raid in {name} is under way: its moves (and Operation) first", "4.1")
        if verb in ("in", "out"):
            return self.move_refusal(g, f, verb, arg)
        return None

    def move_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        here, name = f["here"], B.name(f["here"])
        if arg in (self.in_options(g, f) if verb == "in" else self.out_options(g, f)):
            return None
        shape = "FROM guerrilla-u|guerrilla-a" if verb == "in" else "TO guerrilla-u|guerrilla-a"
        words = W.parts(arg, 2)
        if words is None or words[1] not in GUERRILLA_WORDS:
            return W.form(verb, shape, arg, self.rule)
        if f["way"] and f["way"] != verb:
            return W.because(f"the Raid in {name} moves Guerrillas {f['way']}: either in for an Operation or out to "
                             "a Mountain Jungle, not both", self.rule)
        if verb == "in" and f["moved"] >= 2:
            return W.because(f"the Raid in {name} moves one or two Guerrillas in, and has moved 2", self.rule)
        jungle, key = words[0], GUERRILLA_WORDS[words[1]]
        if not W.is_space(jungle):
            return W.not_a_space(jungle)
        if jungle not in jungles_by(g, here):
            return W.because(f"{B.name(jungle)} is not a Mountain Jungle adjacent to {name}", self.rule)
        if f["jungle"] and jungle != f["jungle"]:
            return W.because(f"the Raid in {name} moves its Guerrillas {'from' if verb == 'in' else 'to'} one "
                             f"Mountain Jungle, {B.name(f['jungle'])} (ruling R-RAID)", self.rule)
        return W.because(f"{W.has(g, jungle if verb == 'in' else here, key)} to move", self.rule)

    def op_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        if arg in self.ops_possible(g, f):
            return None
        if arg not in RAID_OPS:
            return W.because(f"{arg!r} is no Mau Mau Operation: Raid's free Limited Operation is Rally, March or "
                             "Terror", "4.3.3, 3.3")
        op_name = f"{OP_PREFIX}{arg}"
        proc = g.procs.get(op_name)
        frame = {**self.op_frame(g, f, arg), "p": op_name, "role": "maumau"}
        why = proc.space_refusal(g, frame, f["here"]) if proc is not None else None
        return why or W.because(f"{arg.title()} has nothing it could do in {B.name(f['here'])}", "4.3.3")

    def sub_act(self, g, f, verb, arg):
        if verb == "op":
            g.say(f"Mau Mau Raid: a free Limited {arg.title()} in {B.name(f['here'])}.", faction="maumau",
                  rule=sa_rule(f, "4.3.3, 3.1.2"))
            f["stage"] = "running"
            g.call(f"{OP_PREFIX}{arg}", "maumau", **self.op_frame(g, f, arg))
            return
        if verb == "done":
            self.moves_done(g, f)
            return
        jungle, word = arg.split(" ")
        key, here, rule = GUERRILLA_WORDS[word], f["here"], sa_rule(f, self.rule)
        f["way"], f["jungle"] = verb, jungle
        f["moved"] += 1
        if verb == "in":
            g.say(f"Mau Mau Raid moved {W.count(1, key)} from {B.name(jungle)} into {B.name(here)}.",
                  faction="maumau", rule=rule)
            B.move(g, jungle, here, key)
            if f["moved"] >= 2:
                self.moves_done(g, f)
            return
        g.say(f"Mau Mau Raid moved {W.count(1, key)} from {B.name(here)} to {B.name(jungle)}, Underground.",
              faction="maumau", rule=rule)
        B.move(g, here, jungle, key)
        if key == "guerrillas_a":
            x = B.sp(g, jungle)
            x["guerrillas_a"] -= 1
            x["guerrillas_u"] += 1
        if not B.guerrillas(B.sp(g, here)):
            self.moves_done(g, f)

    def moves_done(self, g: Context, f: dict) -> None:
        """The space's moves are over: after moving in, the free Limited Operation is chosen (none possible:
        the Raid goes on without it); after moving out, the next space."""
        if f["way"] == "in":
            if self.ops_possible(g, f):
                f["stage"] = "op"
                return
            g.say(f"No Mau Mau Operation is possible in {B.name(f['here'])}: the Raid performs none there.",
                  faction="maumau", rule="4.3.3, 5.1.3")
        self.next_space(f)

    @staticmethod
    def next_space(f: dict) -> None:
        for k in ("here", "way", "jungle", "moved"):
            f.pop(k, None)
        f["stage"] = "select"

    def sub_advance(self, g, f):
        if f["stage"] == "running":  # the free Operation has ended
            f.pop("ret", None)
            self.next_space(f)
            return True
        return False
