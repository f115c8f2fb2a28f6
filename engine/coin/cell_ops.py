"""The Insurgent Operations the Cell games share (Palestine's Irgun, Cyprus's EOKA): Recruit, Travel and
Sabotage, rules 3.3.1 to 3.3.3 of both games (Palestine L390-414, Cyprus L3389-3412).

The two rulebooks give these Operations one procedure on other kinds of space; each difference is a class
attribute or a hook of the classes here, on the Cell games' Operation (engine.coin.cell_operation):

- :class:`Recruit`: spaces without a Curfew (1.10); how many Cells a space of each kind takes with an Arms
  Cache and without (:attr:`Recruit.recruit_cells`: a kind not listed is never selected), and the kinds for
  which a Cache next door counts (:attr:`Recruit.near_kinds`).
- :class:`Travel`: origins with Cells that have not moved in this Travel, with or without a Curfew
  (:attr:`Travel.curfew_origins`); any destination; a group from one origin to one destination ends Active
  where :meth:`Travel.exposed` says so (:attr:`Travel.exposed_kinds` or a Curfew, and more than three Cells
  and cubes), else Underground, or partly so where :meth:`Travel.ends_active` says; no Special Activity while
  one origin's Cells move (:attr:`Travel.group_ruling`).
- :class:`Sabotage`: spaces of :attr:`Sabotage.space_kinds` with an Underground Cell
  (:meth:`Sabotage.active_cell_serves`, an Event's :meth:`Sabotage.event_refusal`); one Cell Activated
  (:meth:`Sabotage.activate_cell`); one Arms Cache in or next to the space spent before the roll for
  :attr:`Sabotage.cache_bonus`; the roll less the Police penalty (:meth:`Sabotage.police_penalty`) above
  :attr:`Sabotage.above` places a marker
  (:meth:`Sabotage.succeed`, :meth:`Sabotage.place_marker`, :attr:`Sabotage.stacks`); :meth:`Sabotage.rolled`
  is what a Capability does with the die. When another faction conducts it for an Event, the Insurgent still
  decides on the Cache (:class:`CacheChoice`).

The space limit is the frame's ``max`` (engine.coin.cell_operation: three, one if Limited, an Event's count),
which the Offensive and a game's own extras raise (2.3.7). A game's concrete class subclasses the one here
and the game's Operation base, in that order (``class Recruit(cell_ops.Recruit, Operation)``), and says
``name``, ``op``, ``faction``, ``rule`` and the attributes above. The pieces and markers are the Cell games'
keys: ``cells_u``, ``cells_a`` (the piece ``cells``), ``caches``, ``troops``, ``police``, ``curfew``,
``sabotage``; the game's board module ``B`` gives ``BOARD`` (engine.coin.board.Board), its refusal words
``W`` give ``count``, ``has``, ``kind_of``, ``names``, ``space_of``, ``not_a_space`` and ``elsewhere``.

The order words these offer (``place``, ``move``, ``cache``, ``roll``) are declared by the game's module
(engine.core.notation.declare): a word declared here, in the COIN layer, would be every COIN game's.
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from ..core.errors import RulesBugError
from ..core.flow import Context, Procedure
from .cell_operation import NO, CellOperation
from .wording import side_name

#: The order word of each state of a Cell, and its key in a space.
CELL_KEYS = {"underground": "cells_u", "active": "cells_a"}


def kind_word(B: ModuleType, W: ModuleType, kind: str) -> str:
    """``a City``, ``a Mountain``: a kind of space as the game's refusals say it (of its first space of that
    kind)."""
    board = B.BOARD
    return W.kind_of(next(s for s in board.spaces if board.kind[s] == kind))


def kinds_words(B: ModuleType, W: ModuleType, kinds) -> str:
    """``a Town or a Base``: *kinds* as the game's refusals say them, in the map's order."""
    board = B.BOARD
    seen = [k for k in dict.fromkeys(board.kind[s] for s in board.spaces) if k in kinds]
    return " or ".join(kind_word(B, W, k) for k in seen)


def pool_of(op: CellOperation, kinds) -> list[str]:
    """The spaces of *kinds* in board order (every space for ``None``), worked out once for *op* (a procedure
    serves one game): the pool an Operation that never selects the other kinds tests."""
    try:
        return op._pool  # the instance's own: no class sets _pool (a lookup costs less than __dict__'s)
    except AttributeError:
        board = op.B.BOARD
        pool = op._pool = [s for s in board.spaces if kinds is None or board.kind[s] in kinds]
        return pool


# -- Recruit (3.3.1) ------------------------------------------------------------------------------------

class Recruit(CellOperation):
    """Recruit (3.3.1): spaces without a Curfew; in each, up to the Cells its kind takes with an Arms Cache,
    or without one (:attr:`recruit_cells`). Frame locals while placing: ``here``; stage ``count``."""

    #: Kind of space -> (Cells Recruit may place there with an Arms Cache, without one) (3.3.1); a kind not
    #: listed is never selected (Cyprus: Bases).
    recruit_cells: ClassVar[dict[str, tuple[int, int]]] = {}
    #: The kinds for which an Arms Cache in an adjacent space counts ("with or adjacent to", 3.3.1); for the
    #: others only one in the space itself does.
    near_kinds: ClassVar[frozenset[str]] = frozenset()
    #: Where Recruit may place two Cells, as a refusal says it.
    two_cells_where: ClassVar[str] = "a space with an Arms Cache"

    def limit(self, g: Context, sid: str) -> int:
        """Cells Recruit may place in *sid*: none with a Curfew or of a kind it never selects, else by its kind
        and whether it has an Arms Cache (in it, or next to it for the kinds of :attr:`near_kinds`)."""
        board = self.B.BOARD
        kind = board.kind[sid]
        row = self.recruit_cells.get(kind)
        spaces = g.s["spaces"]
        if row is None or spaces[sid]["curfew"]:
            return 0
        if kind in self.near_kinds:
            near = spaces[sid]["caches"] or any(spaces[s]["caches"] for s in board.neighbours(g, sid))
            return row[0] if near else row[1]
        return row[0] if spaces[sid]["caches"] else row[1]

    def space_pool(self, g, f):
        """The spaces of the kinds of :attr:`recruit_cells`: the others are never selected."""
        return pool_of(self, self.recruit_cells)

    def no_cache(self, kind: str) -> str:
        """``no Arms Cache in or next to it`` (or ``no Arms Cache`` where only one in the space counts)."""
        return "no Arms Cache in or next to it" if kind in self.near_kinds else "no Arms Cache"

    def places(self, g: Context, sid: str) -> bool:
        """Whether :meth:`limit` of *sid* is above 0, by the same tests: the Arms Caches next door are looked
        at only where they decide it (a kind that takes Cells with a Cache and none without, 3.3.1)."""
        board = self.B.BOARD
        kind = board.kind[sid]
        row = self.recruit_cells.get(kind)
        spaces = g.s["spaces"]
        x = spaces[sid]
        if row is None or x["curfew"]:
            return False
        if (row[0] > 0) == (row[1] > 0) or x["caches"]:  # the Cache decides nothing, or one is in the space
            return row[0] > 0 if x["caches"] else row[1] > 0
        if kind in self.near_kinds:
            for s in board.neighbours(g, sid):
                if spaces[s]["caches"]:
                    return row[0] > 0
        return row[1] > 0

    def eligible(self, g, f, sid, why=True):
        if g.s["spaces"][sid]["curfew"]:
            board = self.B.BOARD
            return (f"{self.title} may not select a space with a Curfew ({self.rule}, {board.curfew_rule}); "
                    f"{board.name(sid)} has one") if why else NO
        if not g.s["available"]["cells"]:
            return (f"the {side_name(self.faction)} have no Cell Available to place (1.4.1: pieces are placed "
                    "from Available)") if why else NO
        if not why:  # the prompt's test (candidates): limit's, without counting what it does not need
            return None if self.places(g, sid) else NO
        if not self.limit(g, sid):
            return self.no_cells_reason(g, sid)
        return None

    def no_cells_reason(self, g: Context, sid: str) -> str:
        """Why Recruit places no Cell in *sid*, which has no Curfew: a kind it never selects, or no Arms Cache
        where its kind needs one."""
        board, W = self.B.BOARD, self.W
        kind, name = board.kind[sid], board.name(sid)
        if kind not in self.recruit_cells:
            return f"{name} is {W.kind_of(sid)}: {self.title} never places Cells there ({self.rule})"
        without = [k for k, (_, n) in self.recruit_cells.items() if n]
        unless = f", not {kinds_words(self.B, W, without)}," if without else ""
        return f"{name} is {W.kind_of(sid)}{unless} and has {self.no_cache(kind)} ({self.rule})"

    def one_cell_reason(self, g: Context, sid: str) -> str:
        """Why Recruit places one Cell only in *sid*: its kind, and no Arms Cache where one would allow more."""
        board = self.B.BOARD
        kind = board.kind[sid]
        cache = f" with {self.no_cache(kind)}" if self.recruit_cells[kind][0] > 1 else ""
        return f"{board.name(sid)} is {self.W.kind_of(sid)}{cache}: {self.title} places one Cell there ({self.rule})"

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] != "count":
            return None
        sid = f["here"]
        here = self.B.BOARD.name(sid)
        limit, avail = self.limit(g, sid), g.s["available"]["cells"]
        ask = f"place 1 to {min(limit, avail)}" if min(limit, avail) > 1 else "place 1"
        if verb != "place" or not (arg or "").isdigit():
            return f"say how many Cells {self.title} places in {here}: {ask} ({self.rule})"
        n = int(arg)
        if n > avail:
            return f"the {side_name(self.faction)} have {self.W.count(avail, 'cells')} Available (1.4.1): {ask}"
        if n > limit == 1:
            return self.one_cell_reason(g, sid)
        return f"{self.title} places 1 or 2 Cells in {self.two_cells_where} ({self.rule}): {ask}"

    def on_space(self, g, f, sid):
        f["here"] = sid
        f["stage"] = "count"

    def sub_prompt(self, g, f):
        n = min(self.limit(g, f["here"]), g.s["available"]["cells"])
        return {"place": [str(i) for i in range(1, n + 1)]}

    def sub_text(self, g, f):
        return f"{side_name(self.faction)} {self.title} in {self.B.BOARD.name(f['here'])}: how many Cells to place"

    def sub_act(self, g, f, verb, arg):
        board = self.B.BOARD
        n = board.place(g, f["here"], "cells", int(arg))
        g.say(f"{side_name(self.faction)} Recruited {n} Cell(s) in {board.name(f['here'])}.", faction=self.faction,
              rule=self.rule)
        f["stage"] = "select"


# -- Travel (3.3.2) -------------------------------------------------------------------------------------

class Travel(CellOperation):
    """Travel (3.3.2): from each origin move its Cells to any spaces, the origin included; each group from
    one origin to one destination ends Active where :meth:`exposed`, otherwise Underground.

    Frame locals: ``arrived`` (destination -> Cells that ended there this Travel, by state: they may not move
    again, 3.1), and for the origin moving: ``here``, ``left`` (its Cells still to move, by state), ``groups``
    (destination -> Cells sent, by state); stage ``move``."""

    #: Kinds of space where a group with the cubes there over three ends Active, as in a Curfew space (3.3.2:
    #: Palestine's Railways, Cyprus's Bases).
    exposed_kinds: ClassVar[frozenset[str]] = frozenset()
    #: Whether an origin may hold a Curfew (Palestine: yes; Cyprus 3.3.2 "without Curfew markers": no).
    curfew_origins: ClassVar[bool] = True
    #: The game's ruling that no Special Activity runs while one origin's Cells move, cited when refused.
    group_ruling: ClassVar[str] = ""

    def exposed(self, g: Context, dest: str, n: int) -> bool:
        """Whether a group of *n* Cells ending in *dest* is Active (3.3.2): *dest* is of :attr:`exposed_kinds`
        or has a Curfew, and the group plus the cubes there exceed three. A Capability that changes it (Cyprus
        C18) is the game's override."""
        board = self.B.BOARD
        y = board.sp(g, dest)
        return (board.kind[dest] in self.exposed_kinds or bool(y["curfew"])) and n + y["troops"] + y["police"] > 3

    def eligible(self, g, f, sid, why=True):
        x = g.s["spaces"][sid]
        if x["curfew"] and not self.curfew_origins:
            return (f"{self.title} may not select an origin with a Curfew ({self.rule}); {self.B.BOARD.name(sid)} "
                    "has one" if why else NO)
        cells = x["cells_u"] + x["cells_a"]
        arrived = f.get("arrived")
        if cells <= (sum(arrived[sid].values()) if arrived and sid in arrived else 0):
            if not why:
                return NO
            moved = f" ({self.W.count(cells, 'cells')}, all moved in)" if cells else ""
            return (f"{self.title} origins need Cells that have not moved this {self.title} ({self.rule}); "
                    f"{self.B.BOARD.name(sid)} has none{moved}")
        return None

    def on_space(self, g, f, sid):
        x = self.B.BOARD.sp(g, sid)
        arrived = f.setdefault("arrived", {}).get(sid, {})
        f["here"] = sid
        f["left"] = {"underground": x["cells_u"] - arrived.get("underground", 0),
                     "active": x["cells_a"] - arrived.get("active", 0)}
        f["groups"] = {}
        f["stage"] = "move"

    def interruptible(self, g, f):
        """The Special Activity runs before an origin is selected, between origins or after the last, not
        while one origin's Cells are moving: the rule sets their state by the whole group (:attr:`group_ruling`)."""
        return f["stage"] == "select"

    def explain(self, g, f, verb, arg):
        if verb == "sa" and f["stage"] == "move" and f["sa"] == "open":
            ruling = f", ruling {self.group_ruling}" if self.group_ruling else ""
            return (f"a Special Activity may not run while an origin's Cells are moving ({self.rule}, 4.1{ruling}): "
                    "finish this origin (done) first")
        return super().explain(g, f, verb, arg)

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] != "move" or verb != "move":
            return None
        W = self.W
        origin = self.B.BOARD.name(f["here"])
        parts = (arg or "").split()
        if len(parts) != 2 or parts[1] not in CELL_KEYS:
            return f"move TO underground|active: where one Cell from {origin} goes, and which ({self.rule})"
        if W.space_of(parts[0]) is None:
            return W.not_a_space(parts[0])
        return (f"{origin} has no {parts[1].title()} Cell left to move in this {self.title} "
                f"({f['left']['underground']} Underground, {f['left']['active']} Active left) ({self.rule})")

    def sub_prompt(self, g, f):
        out = {"done": []}
        moves = [f"{d} {k}" for d in self.B.BOARD.spaces for k in CELL_KEYS if f["left"][k] > 0]
        if moves:
            out["move"] = moves
        return out

    def sub_text(self, g, f):
        head = f"{side_name(self.faction)} {self.title} from {self.B.BOARD.name(f['here'])}"
        if not (f["left"]["underground"] or f["left"]["active"]):
            return f"{head}: every Cell has moved; done"
        return f"{head}: move a Cell (move TO underground|active), or done"

    def sub_act(self, g, f, verb, arg):
        board = self.B.BOARD
        origin = f["here"]
        if verb == "move":
            dest, kind = arg.split(" ")
            if dest != origin and not board.move(g, origin, dest, CELL_KEYS[kind]):
                raise RulesBugError(f"{self.title} from {origin}: no {kind} Cell left to move")
            f["left"][kind] -= 1
            grp = f["groups"].setdefault(dest, {"underground": 0, "active": 0})
            grp[kind] += 1
            return
        who = side_name(self.faction)
        for dest, grp in f["groups"].items():
            n = grp["underground"] + grp["active"]
            active = self.ends_active(g, dest, n)
            if active > grp["active"]:
                self.flip(g, dest, "underground", active - grp["active"])
            elif active < grp["active"]:
                self.flip(g, dest, "active", grp["active"] - active)
            final = {"active": active, "underground": n - active}
            arr = f["arrived"].setdefault(dest, {})
            for k, v in final.items():
                arr[k] = arr.get(k, 0) + v
            state = (", which stayed Active" if active == n else ", Underground" if not active
                     else f", {active} Active and {n - active} Underground")
            g.say(f"{who} Travelled {n} Cell(s) from {board.name(origin)} to {board.name(dest)}{state}.",
                  faction=self.faction, rule=self.rule)
        f["stage"] = "select"

    def ends_active(self, g: Context, dest: str, n: int) -> int:
        """How many of a group of *n* Cells ending in *dest* are Active, the others Underground (3.3.2): all
        where :meth:`exposed`, else none. A Capability that lets part of a group slip through (Cyprus C18
        shaded, by one reading of ruling R-C18) is the game's override."""
        return n if self.exposed(g, dest, n) else 0

    def flip(self, g: Context, sid: str, kind: str, n: int) -> None:
        """Flips *n* Cells of state *kind* (underground or active) in *sid* to the other state (3.3.2); the
        Cells must be there: a group's Cells cannot change while they move (:attr:`group_ruling`)."""
        src, dst = ("cells_u", "cells_a") if kind == "underground" else ("cells_a", "cells_u")
        x = self.B.BOARD.sp(g, sid)
        if x[src] < n:
            raise RulesBugError(f"{self.title}: {n} {kind} Cell(s) to flip in {sid}, {x[src]} there")
        x[src] -= n
        x[dst] += n


# -- Sabotage (3.3.3) -----------------------------------------------------------------------------------

def roll_modifiers(police: int, bonus: int) -> str:
    """`` (-2 for Police, +2 for an Arms Cache)``: the modifiers of a Sabotage roll (3.3.3), or nothing."""
    mods = ([f"-{police} for Police"] if police else []) + ([f"+{bonus} for an Arms Cache"] if bonus else [])
    return f" ({', '.join(mods)})" if mods else ""


def cache_refusal(op: CellOperation | CacheChoice, g: Context, here: str, arg: str | None) -> str:
    """Why the Arms Cache of *arg* may not be spent on the Sabotage roll in *here*: not a space, not in or
    adjacent to it, or no Cache there (3.3.3)."""
    W, board = op.W, op.B.BOARD
    sid = W.space_of(arg)
    if sid is None:
        return W.not_a_space(arg or "")
    if sid not in board.within_one(g, here):
        return f"{board.name(sid)} is not in or adjacent to {board.name(here)}: the Cache spent must be ({op.rule})"
    return f"{W.has(g, sid, 'caches')} to spend ({op.rule})"


class Sabotage(CellOperation):
    """Sabotage (3.3.3): in each space of :attr:`space_kinds` with an Underground Cell, Activate one; the
    Insurgent may spend one Arms Cache in or next to it for :attr:`cache_bonus` before the roll; the roll less
    the Police penalty above :attr:`above` places a Sabotage marker.

    Frame locals while rolling: ``here``, ``bonus`` (the Cache's, once spent); stage ``roll``. Another faction
    may conduct it for an Event (``role`` is not :attr:`faction`): the Insurgent is then asked about the Cache
    (:attr:`cache_choice`) and the roll has no choice left."""

    #: The kinds of space Sabotage may select (Cyprus: Towns and Bases); ``None``: any.
    space_kinds: ClassVar[frozenset[str] | None] = None
    #: What an Arms Cache spent before the roll adds to it (3.3.3: 2).
    cache_bonus: ClassVar[int] = 2
    #: The modified roll must exceed this to place a marker (3.3.3: "greater than 2").
    above: ClassVar[int] = 2
    #: Whether a marker is placed where one is already (both games: 3.3.3 NOTE); ``False``: one a space.
    stacks: ClassVar[bool] = True
    #: The procedure (a :class:`CacheChoice`) that asks the Insurgent about the Cache in another's Sabotage.
    cache_choice: ClassVar[str] = ""

    def eligible(self, g, f, sid, why=True):
        kinds = self.space_kinds
        if kinds is not None and self.B.BOARD.kind[sid] not in kinds:
            if not why:
                return NO
            return (f"{self.B.BOARD.name(sid)} is {self.W.kind_of(sid)}: {self.title} selects "
                    f"{kinds_words(self.B, self.W, kinds)} only ({self.rule})")
        if not g.s["spaces"][sid]["cells_u"] and not self.active_cell_serves(g, f, sid):
            return f"{self.title} needs an Underground Cell ({self.rule}); {self.B.BOARD.name(sid)} has none" \
                if why else NO
        return self.event_refusal(g, f, sid, why) if "card" in f else None

    def space_pool(self, g, f):
        """The spaces of :attr:`space_kinds`: the others are never selected."""
        return pool_of(self, self.space_kinds)

    def active_cell_serves(self, g: Context, f: dict, sid: str) -> bool:
        """Whether *sid*, with no Underground Cell, may be selected all the same (Cyprus C23 shaded: an Active
        Cell in one space); by the rule, no."""
        return False

    def event_refusal(self, g: Context, f: dict, sid: str, why: bool) -> str | None:
        """The restriction of the Event granting this Sabotage (its frame names the ``card``) that *sid* fails
        (the frame's flags), if any: each game's (Palestine's ``need_police`` and ``only_railways``)."""
        return None

    def on_space(self, g, f, sid):
        board = self.B.BOARD
        done = self.activate_cell(g, f, sid)
        f["here"] = sid
        f["bonus"] = 0
        self.begin_space(g, f, sid)
        f["stage"] = "roll"
        g.say(f"{side_name(self.faction)} {self.title} in {board.name(sid)}: {done}.",
              faction=self.faction, rule=self.rule)

    def activate_cell(self, g: Context, f: dict, sid: str) -> str:
        """Activates the Cell the Sabotage in *sid* uses (3.3.3: one Underground Cell) and says what was done,
        for the log. A Capability that lets an Active Cell serve instead (Cyprus C23 shaded) is the game's
        override."""
        self.B.BOARD.activate(g, sid, 1, "cells")
        return "a Cell was Activated"

    def begin_space(self, g: Context, f: dict, sid: str) -> None:
        """A game's own locals of a space as it is selected (Palestine: whether Terror is declared there)."""

    def caches(self, g: Context, f: dict) -> list[str]:
        """Spaces whose Arms Cache may be spent on this roll: in or next to the space, one per space (3.3.3)."""
        if f["bonus"]:
            return []
        board = self.B.BOARD
        return [s for s in board.within_one(g, f["here"]) if board.sp(g, s)["caches"]]

    def sub_prompt(self, g, f):
        if f["role"] != self.faction:
            return {}
        out = {"roll": []}
        c = self.caches(g, f)
        if c:
            out["cache"] = c
        self.roll_orders(g, f, out)
        return out

    def roll_orders(self, g: Context, f: dict, out: dict[str, list[str]]) -> None:
        """Adds a game's own orders before a roll to *out* (Palestine: ``terror``)."""

    def roll_words(self, g: Context, f: dict) -> list[str]:
        """What a game's own orders before a roll are, for the prompt's text (as :meth:`roll_orders`)."""
        return []

    def step(self, g, f):
        if f["stage"] == "roll" and f["role"] != self.faction:
            # Another faction conducts this Sabotage for an Event: spending an Arms Cache is the Insurgent's
            # decision (3.3.3: "may expend"); the roll then has no choice left.
            if "ret" in f:
                ans = f.pop("ret")
                if ans != "none":
                    self.spend_cache(g, f, ans)
            elif self.caches(g, f):
                g.call(self.cache_choice, self.faction, options=self.caches(g, f), here=f["here"])
                return True
            self.roll(g, f)
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        # what the text offers is what sub_prompt offers
        head = f"{side_name(self.faction)} {self.title} in {self.B.BOARD.name(f['here'])}"
        if f["role"] != self.faction:
            return head
        opts = (["spend a Cache (cache SPACE)"] if self.caches(g, f) else []) + self.roll_words(g, f)
        return f"{head}: {', '.join(opts)}{', or ' if opts else ''}roll"

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] != "roll":
            return None
        here = self.B.BOARD.name(f["here"])
        if verb == "cache":
            if f["role"] != self.faction:
                return (f"spending an Arms Cache is the {side_name(self.faction)}'s decision ({self.rule}): they are "
                        "asked")
            if f["bonus"]:
                return (f"one Arms Cache at most per {self.title} space: one was spent for {here} already "
                        f"({self.rule})")
            return cache_refusal(self, g, f["here"], arg)
        if verb in ("done", "space"):
            return f"first roll for the {self.title} in {here} ({self.rule}: roll)"
        return None

    def sub_act(self, g, f, verb, arg):
        if verb == "cache":
            self.spend_cache(g, f, arg)
            return
        self.roll(g, f)

    def spend_cache(self, g: Context, f: dict, sid: str) -> None:
        board = self.B.BOARD
        board.remove(g, sid, "caches", 1)
        f["bonus"] = self.cache_bonus
        g.say(f"{side_name(self.faction)} spent the Arms Cache in {board.name(sid)} (+{self.cache_bonus}).",
              faction=self.faction, rule=self.rule)

    def police_penalty(self, g: Context, f: dict, x: dict) -> int:
        """What the Police in the space take off the roll (3.3.3: one each; Cyprus C31: none)."""
        return x["police"]

    def marker_of(self, f: dict) -> tuple[str, str]:
        """The marker a success places in the current space, and the rule that places it (Palestine: Terror
        where declared, 4.3.3)."""
        return "Sabotage", self.rule

    def roll(self, g: Context, f: dict) -> None:
        """The roll in the current space and what follows from it (3.3.3; :meth:`rolled`, :meth:`succeed`)."""
        board = self.B.BOARD
        here = f["here"]
        f["stage"] = "select"
        x = board.sp(g, here)
        name = board.name(here)
        die = g.roll(f"{self.title} in {name}")
        police = self.police_penalty(g, f, x)
        total = die - police + f["bonus"]
        marker, rule = self.marker_of(f)
        g.say(f"{side_name(self.faction)} rolled {die} for {self.title} in {name}: {total} after modifiers"
              f"{roll_modifiers(police, f['bonus'])}; "
              + (f"succeeds (more than {self.above})." if total > self.above
                 else f"fails (needs {self.above + 1} or more): no {marker} marker."),
              faction=self.faction, rule=rule)
        self.rolled(g, f, die, total)
        if total > self.above:
            self.succeed(g, f, total)

    def rolled(self, g: Context, f: dict, die: int, total: int) -> None:
        """What a Capability does with the die, success or not (Palestine P32: a 1 loses the Activated Cell)."""

    def succeed(self, g: Context, f: dict, total: int) -> None:
        """A success (the modified roll *total* above :attr:`above`): a Sabotage marker in the space
        (:meth:`place_marker`)."""
        self.place_marker(g, f, f["here"])

    def place_marker(self, g: Context, f: dict, sid: str) -> bool:
        """Places a Sabotage marker in *sid* (where one is already too, if :attr:`stacks`) and says so; returns
        whether one was placed. A game whose markers run out (Cyprus's fifteen) says so in its override."""
        board = self.B.BOARD
        x = board.sp(g, sid)
        who = side_name(self.faction)
        if x["sabotage"] and not self.stacks:
            g.say(f"{board.name(sid)} holds a Sabotage marker already: {who} placed none.", faction=self.faction,
                  rule=self.rule)
            return False
        x["sabotage"] += 1
        g.say(f"{who} placed a Sabotage marker in {board.name(sid)}.", faction=self.faction, rule=self.rule)
        return True


class CacheChoice(Procedure):
    """The Insurgent decides whether to spend an Arms Cache on the roll of a Sabotage another faction conducts
    for an Event (3.3.3: "may expend an Arms Cache"). Ends with the space, or ``none``. Frame: ``options``
    (spaces with a Cache in or next to the Sabotage space), ``here``. A game registers a subclass with its
    ``name``, ``rule``, ``faction``, ``B`` and ``W``."""

    faction: ClassVar[str] = ""
    B: ClassVar[ModuleType]
    W: ClassVar[ModuleType]
    #: What the Cache adds to the roll (as :attr:`Sabotage.cache_bonus`).
    bonus: ClassVar[int] = 2

    def prompt(self, g, f):
        return {"cache": list(f["options"]), "done": []}

    def text(self, g, f):
        return (f"{side_name(self.faction)}: spend an Arms Cache for +{self.bonus} on the Sabotage roll in "
                f"{self.B.BOARD.name(f['here'])} (cache SPACE), or done")

    def explain(self, g, f, verb, arg):
        if verb != "cache":
            return self.W.elsewhere(verb)
        return cache_refusal(self, g, f["here"], arg)

    def act(self, g, f, verb, arg):
        g.end(arg if verb == "cache" else "none")
