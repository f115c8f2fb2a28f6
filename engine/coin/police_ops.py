"""The British Operations of the Cell games, Palestine and Cyprus (rule 3.2; Palestine L368-384, Cyprus
L3367-3383): Deploy, Patrol, Search and Assault, written once with hooks for what the games differ in.

Each class here is a mixin put before the game's Operation base (engine.coin.cell_operation.CellOperation:
the space selection, the count of spaces in the frame's ``max``, the Intelligence Lead of 2.3.7 that raises
it), as ``class Patrol(police_ops.Patrol, Operation)``; the game's class says its ``name``, ``op``,
``faction`` and ``rule`` (its table of Operations enters it by those) and :attr:`chit_choice`, the name of its
:class:`engine.coin.intel.ChitChoice`. The base's board module ``B`` and refusal words ``W`` do the rest:
``B.sp``, ``name``, ``named``, ``place``, ``remove``, ``move``, ``activate(g, sid, n)``, ``place_curfew(g,
sid)``, ``adj``, ``KIND``, ``SPACES``, ``BOARD``, ``cells``, ``cubes``, ``shift_will``; ``W.has`` (with the
insurgent faction's id as a noun: ``irgun``, ``eoka``), ``names``, ``count``, ``kind_of``, ``space_of``,
``not_a_space``. The order words these classes offer (``to``, ``troop``, ``move``, ``space``, ``chit``,
``curfew``, ``remove``, ``done``) are declared by the game's module (engine.core.notation: a word declared in
engine.coin would be every COIN game's). What differs between the games:

- Deploy (3.2.1): the kinds of space it selects, :attr:`Deploy.deploy_kinds`, as a refusal names them,
  :attr:`Deploy.deploy_where` (Palestine Districts and Cities; Cyprus Towns and Bases); where its Troops may
  go, :meth:`Deploy.troop_destinations` and :meth:`Deploy.troop_destination_refusal` (any space, unless a
  game's reading narrows a Limited Deploy's).
- Patrol (3.2.2): the kinds of destination, :attr:`Patrol.patrol_kinds` and :attr:`Patrol.patrol_where`
  (Cyprus: not Mountains); Cells removed per Police, :meth:`Patrol.patrol_capacity`; in how many destinations,
  :meth:`Patrol.removal_spaces`, and the card that may add one, :attr:`Patrol.extra_removal_card`; what
  follows the Police moves, :meth:`Patrol.after_moves`.
- Search (3.2.3): cubes per Cell Activated where no Curfew goes, :meth:`Search.open_rate` (Palestine's
  Districts and Railways two, Cyprus's Mountains and Bases one); in the kinds of space that take Curfews (the
  board's ``curfew_kinds``: Cities, Towns) the Curfew form's cubes per Cell, :meth:`Search.curfew_rate`, and its
  Curfew, :meth:`Search.search_curfew`, moved from a space the British choose among
  :meth:`Search.curfew_sources` where the game says so (Cyprus 1.10: the pool is empty).
- Assault (3.2.4): Troops per piece removed, :meth:`Assault.troops_per_removal` (Palestine two; Cyprus one, two
  in Mountains); the hooks of the removal (engine.coin.cell_removal.CellRemoval).
"""

from __future__ import annotations

from typing import ClassVar

from ..core.ruling_choice import chosen
from . import intel
from .cell_counts import insurgent_pieces
from .cell_operation import NO
from .cell_removal import CellRemoval
from .wording import side_name


class CubeMoves:
    """What Patrol and Search share: moving cubes into the destinations, each cube once (frame ``arrived``:
    destination -> cubes moved in). Each says which cubes of a space have not moved (:meth:`movable`)."""

    #: The game's ruling that each cube moves once, cited after the rule (``, ruling R-OP-8``).
    moves_once_ruling: ClassVar[str] = ""

    #: The cubes this Operation moves: Patrol ``police``, Search ``troops``.
    cube: ClassVar[str] = ""

    def movable(self, g, f, src: str) -> int:
        """The cubes of :attr:`cube` in *src* that have not moved in this Operation (each cube moves once)."""
        return g.s["spaces"][src][self.cube] - f["arrived"].get(src, 0)

    def any_move(self, g, f, key: str, sources) -> bool:
        """Whether a cube of *key* may move into a destination of *f* (``move FROM TO``): one that has not
        moved, from a space of *sources* other than the destination; stops at the first cube found."""
        dests, arrived, spaces = f["spaces"], f["arrived"], g.s["spaces"]
        return any(spaces[a][key] > arrived.get(a, 0) and (len(dests) > 1 or a not in dests) for a in sources)

    def move_pair(self, arg: str | None) -> list[str] | str:
        """The two spaces of ``move FROM TO``; else why not: a word that names no space, or ``""`` when the
        argument has not two words."""
        words = (arg or "").split()
        if len(words) != 2:
            return ""
        out = []
        for w in words:
            sid = self.W.space_of(w)
            if sid is None:
                return self.W.not_a_space(w)
            out.append(sid)
        return out

    def move_refusal(self, g, f, arg, key: str, rule: str, adjacent: bool = False) -> str:
        """Why ``move FROM TO`` is refused: the destination is not selected, FROM is TO or (Search) not
        adjacent, or FROM has no cube that has not moved."""
        W, name = self.W, self.B.name
        pair = self.move_pair(arg)
        if not isinstance(pair, list):
            return pair or (f"move FROM TO: a space the cube leaves and one of the destinations, "
                            f"{W.names(f['spaces'])} ({rule})")
        a, b = pair
        op = f["op"].title()
        if b not in f["spaces"]:
            return f"{name(b)} is not a destination of this {op}: {W.names(f['spaces'])} ({rule})"
        if a == b:
            return f"{name(a)} is the destination itself ({rule})"
        if adjacent and a not in self.B.adj(g, b):
            return f"{name(a)} is not adjacent to {name(b)}: Search moves adjacent Troops ({rule})"
        if not self.B.sp(g, a)[key]:
            return f"{W.has(g, a, key)} to move ({rule})"
        if self.movable(g, f, a) <= 0:
            return (f"{W.has(g, a, key)}, each moved into it in this {op} already: a cube moves once "
                    f"({rule}{self.moves_once_ruling})")
        return f"{name(a)} to {name(b)} is not a move this {op} may make ({rule})"

    def move_cube(self, g, f, arg: str, key: str, rule: str) -> str:
        """Moves one cube of *key* as ``move FROM TO`` says, counts it as moved; returns the destination."""
        a, b = arg.split(" ")
        self.B.move(g, a, b, key)
        f["arrived"][b] = f["arrived"].get(b, 0) + 1
        noun = "a Troop" if key == "troops" else "a Police cube"
        g.say(f"British moved {noun} from {self.B.name(a)} to {self.B.name(b)}.", faction="british", rule=rule)
        return b


class Deploy:
    """Deploy (3.2.1): one Police in each selected space of :attr:`deploy_kinds` with more Troops than insurgent
    pieces; then, even if Limited, move any Troops from anywhere to one space of any kind.

    Stages: ``dest`` (the one space Troops move to, frame ``dest``), ``troops``."""

    #: The kinds of space Deploy selects, and how a refusal says them (``Districts and Cities``).
    deploy_kinds: ClassVar[tuple[str, ...]] = ()
    deploy_where: ClassVar[str] = ""

    def eligible(self, g, f, sid, why=True):
        B = self.B
        if B.KIND[sid] not in self.deploy_kinds:
            return (f"{B.name(sid)} is {self.W.kind_of(sid)}: Deploy selects {self.deploy_where} only (3.2.1)"
                    if why else NO)
        x = B.sp(g, sid)
        if x["troops"] <= insurgent_pieces(x):
            return (f"{self.W.has(g, sid, 'troops', self.insurgent)}: Deploy needs more Troops than "
                    f"{side_name(self.insurgent)} pieces (3.2.1)" if why else NO)
        return None

    def troop_destinations(self, g, f) -> list[str]:
        """The spaces the Troops may go to (3.2.1: any one space, a Mountain or Railway too); a game's reading
        may narrow it (Cyprus's ruling R-DEPLOY on a Limited Deploy)."""
        return list(self.B.SPACES)

    def troop_destination_refusal(self, g, f, sid: str) -> str:
        """Why the Troops may not go to *sid*, a space of the map outside :meth:`troop_destinations`."""
        return f"{self.B.name(sid)} may not receive this Deploy's Troops (3.2.1)"

    def stage_refusal(self, g, f, verb, arg):
        st, W, name = f["stage"], self.W, self.B.name
        if st == "dest" and verb == "to":
            sid = W.space_of(arg)
            if sid is not None and sid not in self.troop_destinations(g, f):
                return self.troop_destination_refusal(g, f, sid)
            return W.not_a_space(arg or "")
        if st == "troops" and verb == "troop":
            sid = W.space_of(arg)
            if sid is None:
                if len((arg or "").split()) > 1:
                    return (f"troop names the one space a Troop moves from; all go to {name(f['dest'])} "
                            "(3.2.1: troop FROM)")
                return W.not_a_space(arg or "")
            if sid == f["dest"]:
                return f"{name(sid)} is where the Troops go (3.2.1: from anywhere to one space)"
            return f"{W.has(g, sid, 'troops')} to move (3.2.1)"
        if st in ("dest", "troops") and verb in ("to", "troop"):
            return (f"the Troops' one destination is {name(f['dest'])}: troop FROM moves one there (3.2.1)"
                    if st == "troops" else "first choose the one space Troops move to (3.2.1: to SPACE)")
        return None

    def on_space(self, g, f, sid):
        n = self.B.place(g, sid, "police", 1)
        g.say(f"British Deployed in {self.B.name(sid)}" + (", placing a Police cube." if n else
              " (no Police Available)."), faction="british", rule="3.2.1")

    def on_select_done(self, g, f):
        f["stage"] = "dest"

    def interruptible(self, g, f):
        return f["stage"] in ("select", "dest", "troops")

    def sub_prompt(self, g, f):
        if f["stage"] == "dest":
            return {"to": self.troop_destinations(g, f), "done": []}
        spaces, dest = g.s["spaces"], f["dest"]
        src = [s for s in self.B.SPACES if s != dest and spaces[s]["troops"]]
        out = {"done": []}
        if src:
            out["troop"] = src
        return out

    def sub_text(self, g, f):
        if f["stage"] == "dest":
            return "British Deploy: choose the one space Troops move to, or done to move none"
        return f"British Deploy: move Troops to {self.B.name(f['dest'])} one at a time from a space, or done"

    def sub_act(self, g, f, verb, arg):
        if verb == "done":
            f["stage"] = "final"
        elif verb == "to":
            f["dest"] = arg
            f["stage"] = "troops"
        else:
            self.B.move(g, arg, f["dest"], "troops")
            g.say(f"British moved a Troop from {self.B.name(arg)} to {self.B.name(f['dest'])}.",
                  faction="british", rule="3.2.1")


class Patrol(CellRemoval, CubeMoves):
    """Patrol (3.2.2): select destinations with Cells (of :attr:`patrol_kinds`); move Police from anywhere to
    them, each cube once; then in one destination (:meth:`removal_spaces`) remove Cells to Prison, one per
    Police there (:meth:`patrol_capacity`), Underground ones by spending Intel Chits worth at least as many
    (engine.coin.cell_removal.CellRemoval).

    Stages: ``move``, ``arrest-space`` (choose the destination), ``arrest`` (the removal); frame
    ``arrested`` (destinations chosen), ``moved_into`` (destinations Police moved into, in order)."""

    removal_stage = "arrest"
    #: The kinds of space Patrol may select, ``None`` for every kind, and how a refusal says them.
    cube = "police"
    patrol_kinds: ClassVar[tuple[str, ...] | None] = None
    patrol_where: ClassVar[str] = ""
    #: The Capability card that lets Patrol remove Cells in a second destination (Palestine's P23), named in
    #: refusals and prompts; :meth:`removal_spaces` says when it does.
    extra_removal_card: ClassVar[str] = ""

    def eligible(self, g, f, sid, why=True):
        B, kinds = self.B, self.patrol_kinds
        if kinds is not None and B.KIND[sid] not in kinds:
            return (f"{B.name(sid)} is {self.W.kind_of(sid)}: Patrol selects {self.patrol_where} only (3.2.2)"
                    if why else NO)
        if not B.cells(B.sp(g, sid)):
            return f"Patrol destinations need Cells (3.2.2); {B.name(sid)} has none" if why else NO
        return None

    def patrol_capacity(self, g, f, sid: str) -> int:
        """How many Cells the Patrol removes in *sid*: one per Police there (3.2.2)."""
        return self.B.sp(g, sid)["police"]

    def removal_spaces(self, g, f) -> int:
        """In how many destinations the Patrol removes Cells: one (3.2.2)."""
        return 1

    def after_moves(self, g, f) -> None:
        """What happens once the Police have moved, before Cells are removed (nothing, in 3.2.2)."""

    def arrest_spaces(self, g, f) -> list[str]:
        """Destinations where Cells may still be removed: with Police, not chosen yet (3.2.2)."""
        arrested, spaces = f.get("arrested", []), g.s["spaces"]
        return [s for s in f["spaces"] if s not in arrested and spaces[s]["police"]]

    def stage_refusal(self, g, f, verb, arg):
        st, W, name = f["stage"], self.W, self.B.name
        if st == "move" and verb == "move":
            return self.move_refusal(g, f, arg, "police", "3.2.2")
        if st == "arrest-space" and verb == "space":
            sid = W.space_of(arg)
            if sid is None:
                return W.not_a_space(arg or "")
            if sid not in f["spaces"]:
                return f"{name(sid)} is not a destination of this Patrol: {W.names(f['spaces'])} (3.2.2)"
            if sid in f.get("arrested", []):
                return f"this Patrol already removed Cells in {name(sid)} (3.2.2)"
            if not self.B.sp(g, sid)["police"]:
                return f"{W.has(g, sid, 'police')}: the Patrol removes one Cell per Police cube there (3.2.2)"
            card = f"; {self.extra_removal_card} unshaded: two" if self.extra_removal_card else ""
            return (f"this Patrol removes Cells in {self.removal_spaces(g, f)} destination(s) "
                    f"(3.2.2{card}), done in {W.names(f.get('arrested', []))}")
        if st == "arrest-space" and verb == "done":
            return (f"the Patrol then removes Cells in one destination with Police (3.2.2): choose "
                    f"{W.names(self.arrest_spaces(g, f))}")
        if st == self.removal_stage:
            return self.removal_refusal(g, f, verb, arg)
        return None

    def on_space(self, g, f, sid):
        g.say(f"British Patrol selected {self.B.name(sid)}.", faction="british", rule="3.2.2")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["moved_into"] = []
        f["arrived"] = {}

    def interruptible(self, g, f):
        return f["stage"] in ("select", "move", "arrest-space")

    def sub_prompt(self, g, f):
        st = f["stage"]
        if st == "move":
            dests = f["spaces"]
            moves = [f"{a} {b}" for a in self.B.SPACES if self.movable(g, f, a) > 0 for b in dests if a != b]
            out = {"done": []}
            if moves:
                out["move"] = moves
            return out
        if st == "arrest-space":
            # The first removal space is not optional (3.2.2: "then in one destination space, remove"); a
            # second one (a Capability's) is. Only destinations with Police can remove anything.
            c = self.arrest_spaces(g, f)
            out = {"space": c} if c else {}
            if f.get("arrested") or not c:
                out["done"] = []
            return out
        if st == self.removal_stage:
            return self.removal_prompt(g, f)
        return {}

    def step(self, g, f):
        if self.chit_returned(g, f):
            return True
        # Stages with nothing left to decide end by themselves.
        if f["stage"] == "arrest-space" and "space" not in self.sub_prompt(g, f):
            f["stage"] = "final"
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        st = f["stage"]
        if st == "move":
            if not g.offers("move", lambda: self.any_move(g, f, "police", self.B.SPACES)):
                return "British Patrol: no Police cube can move to a destination now; done"
            return "British Patrol: move a Police cube to a destination (move FROM TO), or done"
        if st == "arrest-space":
            card = f", {self.extra_removal_card}" if self.extra_removal_card else ""
            second = f" (a second one{card}), or done" if f.get("arrested") else ""
            return f"British Patrol: choose the destination where Cells are removed{second}"
        return self.removal_text(g, f)

    def sub_act(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move":
            if verb == "move":
                b = self.move_cube(g, f, arg, "police", "3.2.2")
                if b not in f["moved_into"]:
                    f["moved_into"].append(b)
                return
            self.after_moves(g, f)
            f["stage"] = "arrest-space"
            f["arrested"] = []
            return
        if st == "arrest-space":
            if verb == "done":
                f["stage"] = "final"
                return
            f["arrested"].append(arg)
            g.say(f"British chose {self.B.name(arg)} for the Patrol's removal of Cells.", faction="british",
                  rule="3.2.2")
            self.start_removal(g, f, arg, self.patrol_capacity(g, f, arg))
            return
        self.removal_act(g, f, verb, arg)

    def take_cell(self, g, f, key):
        self.B.remove(g, f["here"], key, 1, to="prison")
        f["taken"] += 1
        g.say(f"British Patrol removed {self.B.named(key)} from {self.B.name(f['here'])} to Prison.",
              faction="british", rule="3.2.2")

    def end_removal(self, g, f):
        f["stage"] = "arrest-space" if len(f["arrested"]) < self.removal_spaces(g, f) else "final"


class Search(CubeMoves):
    """Search (3.2.3): move adjacent Troops into the destinations at once, each once; Activate Cells, one per
    :meth:`open_rate` cubes, in the destinations of a kind that takes no Curfew; in the others (the board's
    ``curfew_kinds``) place a Curfew and Activate one per :meth:`curfew_rate` cubes, or discard an Intel Chit
    of any value to Activate one per cube and place no Curfew.

    Stages: ``move``, then ``city`` while the Curfew spaces (frame ``cities``, in order) are resolved; frame
    ``no_intel``: an Event's Search that may use no chit. The British answer a :attr:`chit_choice` when
    another faction conducts the Search."""

    cube = "troops"
    chit_choice: ClassVar[str] = ""

    def open_rate(self, g, sid: str) -> int:
        """Cubes per Cell Activated in a destination that takes no Curfew (Cyprus's Mountains and Bases: 1)."""
        return 1

    def curfew_rate(self, g) -> int:
        """Cubes per Cell Activated where the Search places a Curfew: three (3.2.3)."""
        return 3

    def curfew_sources(self, g, f, sid: str) -> list[str]:
        """The spaces the Curfew of the Search in *sid* may be moved from, when the game has the British move
        one there (Cyprus 1.10, L3293: none left in the pool); the British then choose one (``curfew FROM``).
        Empty (the default): the Curfew comes from the pool, and ``curfew`` takes nothing after it."""
        return []

    def search_curfew(self, g, f, sid: str, source: str | None) -> bool:
        """Places the Search's Curfew in *sid* if one may go (1.10), or moves it there from *source* (one of
        :meth:`curfew_sources`, chosen by the British); whether *sid* got one."""
        return self.B.place_curfew(g, sid)

    def on_space(self, g, f, sid):
        g.say(f"British Search selected {self.B.name(sid)}.", faction="british", rule="3.2.3")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["arrived"] = {}

    def interruptible(self, g, f):
        """Between the Search's steps; not while a Curfew is held (:meth:`move_cube`): until the moves end, the
        Town that lost its last British piece has its Curfew neither on nor off the map (4.1)."""
        return f["stage"] in ("select", "move") and not f.get("kept")

    # -- the moves, made together (3.2.3: "simultaneously"; 1.10: a Curfew space "ever empty" of British
    # pieces loses its Curfew; each game's ruling R-SEARCH-TOGETHER) ---------------------------------------
    def move_cube(self, g, f, arg, key, rule):
        """A Troop leaving a destination with a Curfew may be replaced by another arriving in the same
        simultaneous move: that Curfew is held in the frame (``kept``) while the space has no British piece,
        stands again as soon as one arrives, and is lifted only if the space is still empty when the moves end
        (:meth:`settle_kept`)."""
        B = self.B
        a = arg.split(" ")[0]
        x = B.sp(g, a)
        if a in f["spaces"] and x["curfew"]:
            x["curfew"] = 0  # out of the board's check for this move (1.10 is applied when the moves end)
            f.setdefault("kept", []).append(a)
        b = super().move_cube(g, f, arg, key, rule)
        for sid in list(f.get("kept", [])):
            y = B.sp(g, sid)
            if B.british_pieces(y):
                y["curfew"] = 1
                f["kept"].remove(sid)
        return b

    def settle_kept(self, g, f) -> None:
        """The end of the simultaneous move: a Curfew still held is lifted, its space having no British piece
        (1.10)."""
        for sid in f.pop("kept", []):
            g.say(f"The Curfew in {self.B.name(sid)} was lifted: no British pieces remain.", rule="1.10")

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            adj = self.B.adj
            moves = [f"{a} {b}" for b in f["spaces"] for a in sorted(adj(g, b)) if self.movable(g, f, a) > 0]
            out = {"done": []}
            if moves:
                out["move"] = moves
            return out
        if f["stage"] == "city" and f["role"] == "british":
            out = {"curfew": self.curfew_sources(g, f, f["cities"][0])}
            vals = self.city_chits(g, f)
            if vals:
                out["chit"] = vals
            return out
        return {}

    def stage_refusal(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move" and verb == "move":
            return self.move_refusal(g, f, arg, "troops", "3.2.3", adjacent=True)
        if st == "city" and verb == "chit":
            city = self.B.name(f["cities"][0])
            if f.get("no_intel"):
                return self.card_refusal(g, f, f"this Search uses no Intel Chit, so none is discarded in {city}")
            if f["role"] != "british":
                return "the Intel Chits are the British player's to discard (1.6.1): they are asked"
            if not g.s["intel"]["held"]:
                return (f"the British hold no Intel Chit to discard in {city} (3.2.3: a chit to Activate one Cell "
                        "per cube and place no Curfew)")
            return f"the British hold no Intel Chit of value {arg} (held: {intel.held_text(g)}) (3.2.3)"
        if st == "city" and verb == "done":
            chit = " or discards an Intel Chit (chit VALUE)" if self.city_chits(g, f) else ""
            return f"the Search in {self.B.name(f['cities'][0])} places a Curfew (curfew){chit} first (3.2.3)"
        return None

    def city_chits(self, g, f) -> list[str]:
        """Chits that may be discarded in a Curfew space (3.2.3: any value; none in an Event's ``no_intel``
        Search)."""
        return [] if f.get("no_intel") else intel.chit_values(g)

    def step(self, g, f):
        if f["stage"] == "city" and f["role"] != "british":
            # Another faction conducts this Search for an Event: whether to discard a chit is the British
            # player's decision (1.6.1); with none, the Curfew form follows.
            if "ret" in f:
                ans = f.pop("ret")
                self.resolve_city(g, f, None if ans == "none" else int(ans))
            elif self.city_chits(g, f):
                city = self.B.name(f["cities"][0])
                g.call(self.chit_choice, "british", minimum=0,
                       ask=f"discard an Intel Chit to Activate one Cell per cube in {city} and place no Curfew")
            else:
                self.resolve_city(g, f, None)
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        if f["stage"] == "move":
            adj = self.B.adj
            if not g.offers("move", lambda: self.any_move(g, f, "troops", (a for b in f["spaces"] for a in adj(g, b)))):
                return "British Search: no adjacent Troop can move into a destination now; done"
            return "British Search: move an adjacent Troop into a destination (move FROM TO), or done"
        text = (f"British Search in {self.B.name(f['cities'][0])}: curfew (Curfew, 1 per {self.curfew_rate(g)} "
                "cubes)")
        if f["role"] == "british" and self.city_chits(g, f):
            text += " or chit VALUE (1 per cube, no Curfew)"
        return text

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "move":
            if verb == "move":
                self.move_cube(g, f, arg, "troops", "3.2.3")
                return
            self.settle_kept(g, f)
            B = self.B
            curfews = B.BOARD.curfew_kinds
            for sid in f["spaces"]:
                if B.KIND[sid] not in curfews:
                    k = B.activate(g, sid, B.cubes(B.sp(g, sid)) // self.open_rate(g, sid))
                    g.say(f"British Search Activated {k} Cell(s) in {B.name(sid)}.", faction="british",
                          rule="3.2.3")
            f["cities"] = [s for s in f["spaces"] if B.KIND[s] in curfews]
            f["stage"] = "city" if f["cities"] else "final"
            return
        if verb == "chit":
            self.resolve_city(g, f, int(arg))
        else:
            self.resolve_city(g, f, None, arg)

    def resolve_city(self, g, f, chit: int | None, source: str | None = None) -> None:
        """The next Curfew space of the Search: with a discarded chit one Cell per cube and no Curfew; else a
        Curfew (from the pool, or moved from *source*) and one Cell per :meth:`curfew_rate` cubes."""
        B = self.B
        sid = f["cities"].pop(0)
        x = B.sp(g, sid)
        if chit is not None:
            intel.spend_chit(g, chit)
            k = B.activate(g, sid, B.cubes(x))
            g.say(f"British discarded an Intel Chit of value {chit} and Activated {k} Cell(s) in {B.name(sid)}.",
                  faction="british", rule="3.2.3")
        else:
            per = self.curfew_rate(g)
            placed = self.search_curfew(g, f, sid, source)
            k = B.activate(g, sid, B.cubes(x) // per)
            g.say(f"British Search {'placed a Curfew and ' if placed else ''}Activated {k} Cell(s) in "
                  f"{B.name(sid)}.", faction="british", rule="3.2.3")
        if not f["cities"]:
            f["stage"] = "final"


class Assault(CellRemoval):
    """Assault (3.2.4): in each selected space with Troops and insurgent pieces remove one piece per
    :meth:`troops_per_removal` Troops: Active Cells first (:attr:`active_first_ruling`), Underground Cells by
    spending Intel Chits, Arms Caches once no Cells remain, each for Political Will and a chit; Cells go to
    Available and Prison in turn, Available first (engine.coin.cell_removal.CellRemoval). Frame ``alt``:
    Cells removed so far in the Operation."""

    removal_stage = "assault"
    #: The game's ruling (an umpire option) on whether Active Cells must all go before Underground ones; its
    #: reading ``active-first`` (the default, and the reading where the game has no such option) says so.
    active_first_ruling: ClassVar[str] = ""

    def troops_per_removal(self, g, sid: str) -> int:
        """Troops per enemy piece removed in *sid*: two (Palestine 3.2.4; Cyprus says one, two in Mountains)."""
        return 2

    def eligible(self, g, f, sid, why=True):
        x = self.B.sp(g, sid)
        if not x["troops"] or not insurgent_pieces(x):
            return (f"{self.W.has(g, sid, 'troops', self.insurgent)}: Assault needs Troops and "
                    f"{side_name(self.insurgent)} pieces in the space (3.2.4)" if why else NO)
        return None

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] == self.removal_stage:
            return self.removal_refusal(g, f, verb, arg)
        return None

    def active_first(self, g, f):
        return chosen(g.s, self.active_first_ruling, "active-first") == "active-first"

    def sub_prompt(self, g, f):
        return self.removal_prompt(g, f)

    def sub_text(self, g, f):
        return self.removal_text(g, f)

    def on_space(self, g, f, sid):
        x = self.B.sp(g, sid)
        f.setdefault("alt", 0)
        g.say(f"British Assaulted in {self.B.name(sid)}.", faction="british", rule="3.2.4")
        self.start_removal(g, f, sid, x["troops"] // self.troops_per_removal(g, sid))

    def step(self, g, f):
        if self.chit_returned(g, f):
            return True
        return super().step(g, f)

    def take_cell(self, g, f, key):
        self.assault_take_cell(g, f, key)

    def after_cells(self, g, f):
        self.remove_caches(g, f)

    def end_removal(self, g, f):
        f["stage"] = "select"

    def sub_act(self, g, f, verb, arg):
        self.removal_act(g, f, verb, arg)
