"""British Operations: Deploy, Patrol, Search, Assault (rule 3.2); how Patrol and Assault remove Cells is in
``cell_removal``."""

from __future__ import annotations

from ...coin.capabilities import cap
from ...coin.will import shift_will
from ...core import notation
from ...core.flow import procedure
from ...core.ruling_choice import chosen
from . import board as B
from .cell_removal import CellRemoval, ChitChoice
from .operation import NO, Operation
from .why import has, held, names, not_a_space, space_of, spaces_in

notation.declare(__name__, {"to", "troop", "move", "chit", "curfew", "arrest", "remove", "done"})


@procedure
class Deploy(Operation):
    """Deploy (3.2.1): one Police in each selected District or City with more Troops than Irgun pieces;
    then, even if Limited, move any Troops from anywhere to one space (a Railway too)."""

    name = "pal.op.deploy"
    op = "deploy"
    faction = "british"
    rule = "3.2.1"

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if B.KIND[sid] == "railway":
            return f"{B.name(sid)} is a Railway: Deploy selects Districts and Cities only (3.2.1)" if why else NO
        if x["troops"] <= B.irgun_pieces(x):
            return f"{has(g, sid, 'troops', 'irgun')}: Deploy needs more Troops than Irgun pieces (3.2.1)" if why else NO
        return None

    def stage_refusal(self, g, f, verb, arg):
        st = f["stage"]
        if st == "dest" and verb == "to":
            return not_a_space(arg or "")
        if st == "troops" and verb == "troop":
            sid = space_of(arg)
            if sid is None:
                if len((arg or "").split()) > 1:
                    return (f"troop names the one space a Troop moves from; all go to {B.name(f['dest'])} "
                            "(3.2.1: troop FROM)")
                return not_a_space(arg or "")
            if sid == f["dest"]:
                return f"{B.name(sid)} is where the Troops go (3.2.1: from anywhere to one space)"
            return f"{has(g, sid, 'troops')} to move (3.2.1)"
        if st in ("dest", "troops") and verb in ("to", "troop"):
            return (f"the Troops' one destination is {B.name(f['dest'])}: troop FROM moves one there (3.2.1)"
                    if st == "troops" else "first choose the one space Troops move to (3.2.1: to SPACE)")
        return None

    def on_space(self, g, f, sid):
        n = B.place(g, sid, "police", 1)
        g.say(f"British Deployed in {B.name(sid)}" + (", placing a Police cube." if n else
              " (no Police Available)."), faction="british", rule="3.2.1")

    def on_select_done(self, g, f):
        f["stage"] = "dest"

    def interruptible(self, g, f):
        return f["stage"] in ("select", "dest", "troops")

    def sub_prompt(self, g, f):
        if f["stage"] == "dest":
            return {"to": list(B.SPACES), "done": []}
        src = [s for s in B.SPACES if s != f["dest"] and B.sp(g, s)["troops"]]
        out = {"done": []}
        if src:
            out["troop"] = src
        return out

    def sub_text(self, g, f):
        if f["stage"] == "dest":
            return "British Deploy: choose the one space Troops move to, or done to move none"
        return f"British Deploy: move Troops to {B.name(f['dest'])} one at a time from a space, or done"

    def sub_act(self, g, f, verb, arg):
        if verb == "done":
            f["stage"] = "final"
        elif verb == "to":
            f["dest"] = arg
            f["stage"] = "troops"
        else:
            B.move(g, arg, f["dest"], "troops")
            g.say(f"British moved a Troop from {B.name(arg)} to {B.name(f['dest'])}.", faction="british",
                  rule="3.2.1")




def any_move(g, f, key: str, sources) -> bool:
    """Whether a cube of *key* may move into a destination of *f* (``move FROM TO``): one that has not moved
    (``arrived``), from a space of *sources* other than the destination: the test of the prompts of Patrol
    and Search (their ``movable``), stopping at the first cube found."""
    dests, arrived, spaces = f["spaces"], f["arrived"], g.s["spaces"]
    return any(spaces[a][key] > arrived.get(a, 0) and (len(dests) > 1 or a not in dests) for a in sources)


def move_refusal(g, f, arg, key: str, movable, rule: str, adjacent: bool = False) -> str:
    """Why ``move FROM TO`` is refused in Patrol (Police, 3.2.2) or Search (adjacent Troops, 3.2.3): the
    destination is not selected, FROM is TO or not adjacent, or FROM has no cube that has not moved
    (ruling R-OP-8: each cube moves once)."""
    pair = spaces_in(arg, 2)
    if not isinstance(pair, list):
        return pair or f"move FROM TO: a space the cube leaves and one of the destinations, {names(f['spaces'])} ({rule})"
    a, b = pair
    if b not in f["spaces"]:
        return f"{B.name(b)} is not a destination of this {f['op'].title()}: {names(f['spaces'])} ({rule})"
    if a == b:
        return f"{B.name(a)} is the destination itself ({rule})"
    if adjacent and a not in B.adj(g, b):
        return f"{B.name(a)} is not adjacent to {B.name(b)}: Search moves adjacent Troops ({rule})"
    if not B.sp(g, a)[key]:
        return f"{has(g, a, key)} to move ({rule})"
    if movable(g, f, a) <= 0:
        return (f"{has(g, a, key)}, each moved into it in this {f['op'].title()} already: a cube moves once "
                f"({rule}, ruling R-OP-8)")
    return f"{B.name(a)} to {B.name(b)} is not a move this {f['op'].title()} may make ({rule})"


@procedure
class Patrol(CellRemoval, Operation):
    """Patrol (3.2.2): select destinations with Cells; move Police from anywhere to them; then in one
    destination (two with P23 unshaded) remove Cells to Prison, one per Police there, Underground ones by
    spending Intel Chits worth at least as many (:class:`CellRemoval`, ruling R-OP-3)."""

    name = "pal.op.patrol"
    op = "patrol"
    faction = "british"
    rule = "3.2.2"
    removal_stage = "arrest"

    def eligible(self, g, f, sid, why=True):
        if not B.cells(B.sp(g, sid)):
            return f"Patrol destinations need Cells (3.2.2); {B.name(sid)} has none" if why else NO
        return None

    def arrest_spaces(self, g, f) -> list[str]:
        """Destinations where Cells may still be removed: with Police, not chosen yet (3.2.2)."""
        return [s for s in f["spaces"] if s not in f.get("arrested", []) and B.sp(g, s)["police"]]

    def stage_refusal(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move" and verb == "move":
            return move_refusal(g, f, arg, "police", self.movable, "3.2.2")
        if st == "arrest-space" and verb == "space":
            sid = space_of(arg)
            if sid is None:
                return not_a_space(arg or "")
            if sid not in f["spaces"]:
                return f"{B.name(sid)} is not a destination of this Patrol: {names(f['spaces'])} (3.2.2)"
            if sid in f.get("arrested", []):
                return f"this Patrol already removed Cells in {B.name(sid)} (3.2.2)"
            if not B.sp(g, sid)["police"]:
                return f"{has(g, sid, 'police')}: the Patrol removes one Cell per Police cube there (3.2.2)"
            return (f"this Patrol removes Cells in {self.removal_spaces(g, f)} destination(s) "
                    f"(3.2.2; P23 unshaded: two), done in {names(f.get('arrested', []))}")
        if st == "arrest-space" and verb == "done":
            return (f"the Patrol then removes Cells in one destination with Police (3.2.2): choose "
                    f"{names(self.arrest_spaces(g, f))}")
        if st == self.removal_stage:
            return self.removal_refusal(g, f, verb, arg)
        return None

    def on_space(self, g, f, sid):
        g.say(f"British Patrol selected {B.name(sid)}.", faction="british", rule="3.2.2")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["moved_into"] = []
        f["arrived"] = {}

    def interruptible(self, g, f):
        return f["stage"] in ("select", "move", "arrest-space")

    def removal_spaces(self, g, f):
        return 2 if cap(g, "P23") == "unshaded" else 1

    def sub_prompt(self, g, f):
        st = f["stage"]
        if st == "move":
            moves = [f"{a} {b}" for a in B.SPACES if self.movable(g, f, a) > 0 for b in f["spaces"] if a != b]
            out = {"done": []}
            if moves:
                out["move"] = moves
            return out
        if st == "arrest-space":
            # The first removal space is not optional (3.2.2: "then in one destination space, remove");
            # a second one (P23 unshaded) is. Only destinations with Police can remove anything.
            c = self.arrest_spaces(g, f)
            out = {"space": c} if c else {}
            if f.get("arrested") or not c:
                out["done"] = []
            return out
        if st == "arrest":
            return self.removal_prompt(g, f)
        return {}

    def movable(self, g, f, src):
        """Police in *src* that have not moved in this Patrol (ruling R-OP-8: each cube moves once)."""
        return B.sp(g, src)["police"] - f["arrived"].get(src, 0)

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
            if not g.offers("move", lambda: any_move(g, f, "police", B.SPACES)):
                return "British Patrol: no Police cube can move to a destination now; done"
            return "British Patrol: move a Police cube to a destination (move FROM TO), or done"
        if st == "arrest-space":
            second = " (a second one, P23), or done" if f.get("arrested") else ""
            return f"British Patrol: choose the destination where Cells are removed{second}"
        return self.removal_text(g, f)

    def sub_act(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move":
            if verb == "move":
                a, b = arg.split(" ")
                B.move(g, a, b, "police")
                f["arrived"][b] = f["arrived"].get(b, 0) + 1
                if b not in f["moved_into"]:
                    f["moved_into"].append(b)
                g.say(f"British moved a Police cube from {B.name(a)} to {B.name(b)}.", faction="british",
                      rule="3.2.2")
                return
            self.road_mines(g, f)
            f["stage"] = "arrest-space"
            f["arrested"] = []
            return
        if st == "arrest-space":
            if verb == "done":
                f["stage"] = "final"
                return
            f["arrested"].append(arg)
            g.say(f"British chose {B.name(arg)} for the Patrol's removal of Cells.", faction="british",
                  rule="3.2.2")
            self.start_removal(g, f, arg, B.sp(g, arg)["police"])
            return
        self.removal_act(g, f, verb, arg)

    def take_cell(self, g, f, key):
        B.remove(g, f["here"], key, 1, to="prison")
        f["taken"] += 1
        g.say(f"British Patrol removed {B.named(key)} from {B.name(f['here'])} to Prison.", faction="british",
              rule="3.2.2")

    def end_removal(self, g, f):
        f["stage"] = "arrest-space" if len(f["arrested"]) < self.removal_spaces(g, f) else "final"

    def road_mines(self, g, f):
        """P23 shaded: Police moving into a space with Sabotage are lost on a roll of 1-3 (ruling R-P23)."""
        if cap(g, "P23") != "shaded":
            return
        for sid in f["moved_into"]:
            x = B.sp(g, sid)
            if x["sabotage"] and x["police"]:
                die = g.roll(f"Road Mines in {B.name(sid)}")
                if die <= 3:
                    B.remove(g, sid, "police", 1)
                    g.say(f"Road Mines (P23): rolled {die}, a Police cube in {B.name(sid)} was removed.",
                          rule="P23")
                else:
                    g.say(f"Road Mines (P23): rolled {die}, no loss in {B.name(sid)}.", rule="P23")


@procedure
class Search(Operation):
    """Search (3.2.3): move adjacent Troops into the destinations at once; Activate one Cell per two cubes
    in Districts and Railways; in Cities place a Curfew and Activate one per three cubes (four with P17
    shaded), or discard an Intel Chit to Activate one per cube with no Curfew."""

    name = "pal.op.search"
    op = "search"
    faction = "british"
    rule = "3.2.3"

    def on_space(self, g, f, sid):
        g.say(f"British Search selected {B.name(sid)}.", faction="british", rule="3.2.3")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["arrived"] = {}

    def interruptible(self, g, f):
        return f["stage"] in ("select", "move")

    def movable(self, g, f, src):
        return B.sp(g, src)["troops"] - f["arrived"].get(src, 0)

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            moves = [f"{a} {b}" for b in f["spaces"] for a in sorted(B.adj(g, b)) if self.movable(g, f, a) > 0]
            out = {"done": []}
            if moves:
                out["move"] = moves
            return out
        if f["stage"] == "city" and f["role"] == "british":
            out = {"curfew": []}
            vals = self.city_chits(g, f)
            if vals:
                out["chit"] = vals
            return out
        return {}

    def stage_refusal(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move" and verb == "move":
            return move_refusal(g, f, arg, "troops", self.movable, "3.2.3", adjacent=True)
        if st == "city" and verb == "chit":
            city = B.name(f["cities"][0])
            if f.get("no_intel"):
                return self.card_refusal(g, f, f"this Search uses no Intel Chit, so none is discarded in {city}")
            if f["role"] != "british":
                return "the Intel Chits are the British player's to discard (1.6.1): they are asked"
            if not g.s["intel"]["held"]:
                return (f"the British hold no Intel Chit to discard in {city} (3.2.3: a chit to Activate one Cell "
                        "per cube and place no Curfew)")
            return f"the British hold no Intel Chit of value {arg} (held: {held(g)}) (3.2.3)"
        if st == "city" and verb == "done":
            chit = " or discards an Intel Chit (chit VALUE)" if self.city_chits(g, f) else ""
            return f"the Search in {B.name(f['cities'][0])} places a Curfew (curfew){chit} first (3.2.3)"
        return None

    def city_chits(self, g, f) -> list[str]:
        """Chits that may be discarded in a City (3.2.3: any value; none with P6 unshaded)."""
        return [] if f.get("no_intel") else B.chit_values(g)

    def step(self, g, f):
        if f["stage"] == "city" and f["role"] != "british":
            # Another faction conducts this Search for an Event (R-EV-OWNER "executing"): whether to discard
            # a chit is the British player's decision (1.6.1); with none, the Curfew form follows.
            if "ret" in f:
                ans = f.pop("ret")
                self.resolve_city(g, f, None if ans == "none" else int(ans))
            elif self.city_chits(g, f):
                city = B.name(f["cities"][0])
                g.call(ChitChoice.name, "british", minimum=0,
                       ask=f"discard an Intel Chit to Activate one Cell per cube in {city} and place no Curfew")
            else:
                self.resolve_city(g, f, None)
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        if f["stage"] == "move":
            if not g.offers("move", lambda: any_move(g, f, "troops", (a for b in f["spaces"] for a in B.adj(g, b)))):
                return "British Search: no adjacent Troop can move into a destination now; done"
            return "British Search: move an adjacent Troop into a destination (move FROM TO), or done"
        per = 4 if cap(g, "P17") == "shaded" else 3
        text = f"British Search in {B.name(f['cities'][0])}: curfew (Curfew, 1 per {per} cubes)"
        if f["role"] == "british" and self.city_chits(g, f):
            text += " or chit VALUE (1 per cube, no Curfew)"
        return text

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "move":
            if verb == "move":
                a, b = arg.split(" ")
                B.move(g, a, b, "troops")
                f["arrived"][b] = f["arrived"].get(b, 0) + 1
                g.say(f"British moved a Troop from {B.name(a)} to {B.name(b)}.", faction="british", rule="3.2.3")
                return
            for sid in f["spaces"]:
                if B.KIND[sid] != "city":
                    k = B.activate(g, sid, B.cubes(B.sp(g, sid)) // 2)
                    g.say(f"British Search Activated {k} Cell(s) in {B.name(sid)}.", faction="british",
                          rule="3.2.3")
            f["cities"] = [s for s in f["spaces"] if B.KIND[s] == "city"]
            f["stage"] = "city" if f["cities"] else "final"
            return
        self.resolve_city(g, f, int(arg) if verb == "chit" else None)

    def resolve_city(self, g, f, chit: int | None) -> None:
        """The next City of the Search: with a discarded chit one Cell per cube and no Curfew; else a Curfew
        and one Cell per three cubes (four with P17 shaded)."""
        sid = f["cities"].pop(0)
        x = B.sp(g, sid)
        if chit is not None:
            B.spend_chit(g, chit)
            k = B.activate(g, sid, B.cubes(x))
            g.say(f"British discarded an Intel Chit of value {chit} and Activated {k} Cell(s) in {B.name(sid)}.",
                  faction="british", rule="3.2.3")
        else:
            per = 4 if cap(g, "P17") == "shaded" else 3
            placed = B.place_curfew(g, sid)
            k = B.activate(g, sid, B.cubes(x) // per)
            g.say(f"British Search {'placed a Curfew and ' if placed else ''}Activated {k} Cell(s) in "
                  f"{B.name(sid)}.", faction="british", rule="3.2.3")
        if not f["cities"]:
            f["stage"] = "final"


def remove_cache_bonus(g, sid: str, rule: str) -> None:
    """A Cache removed by Assault: +1 Political Will and one Intel Chit (3.2.4); P25 unshaded: +2 and two."""
    n = 2 if cap(g, "P25") == "unshaded" else 1
    shift_will(g, n, f"Arms Cache removed in {B.name(sid)}", rule=rule)
    for _ in range(n):
        B.draw_chit(g, "Arms Cache removed by Assault", rule=rule)


@procedure
class Assault(CellRemoval, Operation):
    """Assault (3.2.4): in each selected space with Troops and Irgun pieces remove one piece per two Troops
    (P18 unshaded: per Troop): Active Cells first (ruling R-OP-3b, an umpire option), Underground Cells by
    spending Intel Chits (:class:`CellRemoval`), Arms Caches once no Cells remain; Cells go to Available
    and Prison alternately, Available first (P18 shaded: all Available)."""

    name = "pal.op.assault"
    op = "assault"
    faction = "british"
    rule = "3.2.4"
    removal_stage = "assault"

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if not x["troops"] or not B.irgun_pieces(x):
            return (f"{has(g, sid, 'troops', 'irgun')}: Assault needs Troops and Irgun pieces in the space (3.2.4)"
                    if why else NO)
        return None

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] == self.removal_stage:
            return self.removal_refusal(g, f, verb, arg)
        return None

    def active_first(self, g, f):
        return chosen(g.s, "R-OP-3b", "active-first") == "active-first"

    def sub_prompt(self, g, f):
        return self.removal_prompt(g, f)

    def sub_text(self, g, f):
        return self.removal_text(g, f)

    def on_space(self, g, f, sid):
        x = B.sp(g, sid)
        f.setdefault("alt", 0)
        g.say(f"British Assaulted in {B.name(sid)}.", faction="british", rule="3.2.4")
        self.start_removal(g, f, sid, x["troops"] if cap(g, "P18") == "unshaded" else x["troops"] // 2)

    def step(self, g, f):
        if self.chit_returned(g, f):
            return True
        return super().step(g, f)

    def take_cell(self, g, f, key):
        to = "available"
        if cap(g, "P18") != "shaded" and f["alt"] % 2 == 1:
            to = "prison"
        f["alt"] += 1
        B.remove(g, f["here"], key, 1, to=to)
        f["taken"] += 1
        g.say(f"British removed {B.named(key)} in {B.name(f['here'])} to {to.title()}.", faction="british",
              rule="3.2.4")

    def after_cells(self, g, f):
        """Arms Caches, once no Cells remain (3.2.4 and its NOTE), each for Political Will and a chit."""
        x = B.sp(g, f["here"])
        room = f["cap"] - f["taken"]
        if room and not B.cells(x) and x["caches"]:
            k = B.remove(g, f["here"], "caches", room)
            f["taken"] += k
            for _ in range(k):
                g.say(f"British removed an Arms Cache in {B.name(f['here'])}.", faction="british", rule="3.2.4")
                remove_cache_bonus(g, f["here"], "3.2.4")

    def end_removal(self, g, f):
        f["stage"] = "select"

    def sub_act(self, g, f, verb, arg):
        self.removal_act(g, f, verb, arg)
