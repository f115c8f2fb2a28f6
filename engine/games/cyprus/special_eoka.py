"""EOKA Special Activities of Cyprus (rule 4.3, L3446-3462): Smuggle, Infiltrate, Propagandize.

- Smuggle (4.3.1, with Recruit or Travel): none at International Opinion Ignored, two spaces at Condemned,
  else one. In each, EOKA choose: ``place SPACE``, an Arms Cache from Available in a Mountain or Town with a
  Cell and no cube, or ``move FROM TO``, an Arms Cache from a space with a Cell to an adjacent Mountain or
  Town with a Cell. A Smuggle's space is the one its Arms Cache enters, selected once (4.1), and a cache this
  Smuggle placed or moved does not move again in it (ruling R-SMUGGLE-ONCE). C9 unshaded: a placement is
  declared, then rolled for, and made only on a roll above 3; a failed roll spends that space (ruling
  R-SMUGGLE: by default that space only; the umpire may choose that it ends the Smuggle). C9 shaded: the
  cache may go to any Mountain or Town (ruling R-SMUGGLE). Stacking and the Bases stand (1.4.2).
- Infiltrate (4.3.2, with any EOKA Operation): one space with a Police cube and at least as many Underground
  Cells as Police; the Police cube goes to Available and a Cell from Available takes its place, Underground
  (1.4.3; none Available: the Police cube is simply removed, 1.4.1 L3249); then the British discard their
  highest Intel Chit (none held: nothing, ruling R-INTEL-BAG). C25 unshaded: EOKA choose to replace or to
  discard (``choose replace|discard``); C25 shaded: a space with a Police cube and an Underground Cell may
  be chosen instead, where the Police cube is only removed (``choose usual|remove`` where both are
  possible); C31: Infiltrate only removes the Police cube; C25 and C31 together: ruling
  R-CAPABILITY-CONFLICT (the one played later governs).
- Propagandize (4.3.3, with any EOKA Operation): one space (two with C13 shaded) with a Cell and a Sabotage
  or Curfew marker, any kind of space (ruling R-PROPAGANDIZE); a Cell Activated where all there are
  Underground; then Political Will -1 if a Sabotage marker is there, else International Opinion +1 for the
  Curfew (C13 unshaded: no shift). C3 shaded grants one in a space with a Cell and a Curfew (frame
  ``need_curfew``), C8 shaded one in a Curfew space with or without a Cell (``need_curfew``, ``no_cell``);
  both ``rule`` the card, ``max=1``, ``optional=True`` (the text's one space stands against C13 shaded:
  5.1.2).
"""

from __future__ import annotations

from ...coin import cell_special
from ...coin.capabilities import cap
from ...coin.wording import count as counted
from ...core import notation
from ...core.flow import Context, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .data import CARDS
from .special import EOKA_OPS, SpecialActivity, card_of

notation.declare(__name__, {"space", "done", "activate", "place", "move", "choose"})

#: The kinds of space an Arms Cache may be smuggled into (4.3.1: Mountains and Towns; 1.3.4: never a Base).
SMUGGLE_KINDS = frozenset({"mountain", "town"})
#: The lowest roll that places an Arms Cache with Royal Navy Blockade (C9 unshaded: "greater than 3").
C9_ROLL = 4


def played_later(g: Context, a: str, b: str) -> bool:
    """Whether card *a* was played after card *b* (``state["played"]`` holds the order; a card not there counts
    as played first)."""
    played = g.s["played"]
    return (played.index(a) if a in played else -1) > (played.index(b) if b in played else -1)


# -- Smuggle (4.3.1) -----------------------------------------------------------------------------------------

@procedure
class Smuggle(SpecialActivity):
    """Smuggle (4.3.1, L3450-3452): in each of its spaces (one; two at Condemned; none at Ignored) an Arms
    Cache placed (``place SPACE``) or moved from an adjacent space (``move FROM TO``), EOKA's choice each time.
    Frame locals: ``chosen`` (the spaces its caches went to, or were rolled for), ``arrived`` (space -> caches
    this Smuggle put there, which do not move again), ``over``."""

    name = "cy.sa.smuggle"
    sa = "smuggle"
    faction = "eoka"
    rule = "4.3.1"
    accompanies = ("recruit", "travel")
    space_kinds = SMUGGLE_KINDS
    need = "a Mountain or Town with a Cell and no cube to place an Arms Cache in, or one with a Cell next to " \
           "an Arms Cache and a Cell to move it from"

    def most(self, g: Context, f: dict | None) -> int:
        """Its spaces: the frame's, else by International Opinion (none at Ignored, two at Condemned)."""
        if f and "max" in f:
            return f["max"]
        return B.smuggle_spaces(B.io(g))

    def need_of(self, g, f):
        if self.anywhere(g):
            return ("a Mountain or Town with room for an Arms Cache, to place one in or to move one into from an "
                    "adjacent space with a Cell (C9)")
        return self.need

    def anywhere(self, g: Context) -> bool:
        """Royal Navy Blockade shaded (C9): the cache may go to any Mountain or Town (ruling R-SMUGGLE)."""
        return cap(g, "C9") == "shaded"

    def takes(self, g: Context, f: dict | None, sid: str, *, placed: bool) -> bool:
        """Whether an Arms Cache may go to *sid*: a Mountain or Town not selected yet with room (1.4.2) and a
        Cell, no cube as well for a placement (4.3.1); any Mountain or Town with room under C9 shaded."""
        if B.KIND[sid] not in SMUGGLE_KINDS or sid in (f or {}).get("chosen", ()):
            return False
        x = g.s["spaces"][sid]
        if x["caches"] >= B.CACHES_MAX:  # B.may_place, inline: a Mountain or Town takes up to two (1.4.2)
            return False
        if self.anywhere(g):
            return True
        return bool((x["cells_u"] or x["cells_a"]) and not (placed and (x["troops"] or x["police"])))

    def place_spaces(self, g: Context, f: dict | None) -> list[str]:
        if not g.s["available"]["caches"]:
            return []
        return [s for s in self.pool(g) if self.takes(g, f, s, placed=True)]

    def origins(self, g: Context, f: dict | None) -> list[str]:
        """Spaces with a Cell and an Arms Cache this Smuggle has not already placed or moved there."""
        arrived, spaces = (f or {}).get("arrived", {}), g.s["spaces"]
        return [s for s in B.SPACES if spaces[s]["caches"] > arrived.get(s, 0) and B.cells(spaces[s])]

    def moves(self, g: Context, f: dict | None) -> list[str]:
        out = []
        for o in self.origins(g, f):
            near = B.adj(g, o)
            out += [f"{o} {d}" for d in self.pool(g) if d in near and self.takes(g, f, d, placed=False)]
        return out

    def room_left(self, g: Context, f: dict | None) -> bool:
        """Whether a space is left to select: not ended by a failed roll (ruling R-SMUGGLE, ``whole``), and
        fewer selected than :meth:`most`."""
        return not (f or {}).get("over") and len((f or {}).get("chosen", ())) < self.most(g, f)

    def possible(self, g, f=None):
        """Not at Ignored (no space), and a cache to place or to move: :meth:`place_spaces` or :meth:`moves`,
        stopping at the first found (every EOKA prompt with Recruit or Travel asks it)."""
        if not self.room_left(g, f):
            return False
        takes, pool = self.takes, self.pool(g)
        if g.s["available"]["caches"]:
            for s in pool:
                if takes(g, f, s, placed=True):
                    return True
        for o in self.origins(g, f):
            near = B.adj(g, o)
            for d in pool:
                if d in near and takes(g, f, d, placed=False):
                    return True
        return False

    def prompt(self, g, f):
        out: dict[str, list[str]] = {}
        if self.room_left(g, f):
            places, moves = self.place_spaces(g, f), self.moves(g, f)
            if places:
                out["place"] = places
            if moves:
                out["move"] = moves
        if f.get("chosen") or f.get("optional"):
            out["done"] = []
        return out

    def text(self, g, f):
        n, done = self.most(g, f), f.get("chosen", [])
        roll = " (C9: a placement needs a roll above 3)" if cap(g, "C9") == "unshaded" else ""
        legal = g.prompted(self, f)
        ways = [w for verb, w in (("place", "place SPACE (an Arms Cache from Available)"),
                                  ("move", "move FROM TO (an Arms Cache to an adjacent space)")) if verb in legal]
        head = f"EOKA {self.titled(f)}{roll}: {' or '.join(ways) or 'no Arms Cache can be placed or moved'}"
        if done:
            return f"{head}: a second space at {B.io_label(B.io(g))}, or done"
        return f"{head}{f' in up to {n} spaces' if n > 1 else ''}"

    def no_space(self, g, f=None):
        if self.most(g, f) == 0:
            return W.because(f"Smuggle may not be performed while {W.io_of(g)}", self.cite(f))
        return super().no_space(g, f)

    def facts(self, g, sid):
        return W.has(g, sid, "cells", "cubes", "caches")

    def nearest(self, g, pool):
        """The spaces with a Cell or an Arms Cache first: where one is placed, or moved from or to."""
        return [s for s in B.SPACES if B.eoka_pieces(B.sp(g, s))] or pool

    # -- refusals ----------------------------------------------------------------------------------------
    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because("Smuggle, once chosen, places or moves an Arms Cache: place SPACE or move FROM TO",
                             f"{self.cite(f)}, 4.1")
        if verb not in ("place", "move"):
            return W.elsewhere(verb) or W.turn_order(verb)
        limit = self.limit_refusal(g, f)
        if verb == "place":
            words = W.space_args(arg, 1, "place", "SPACE", self.rule)
            if isinstance(words, str):
                return words
            return limit or self.place_refusal(g, f, words[0])
        words = W.space_args(arg, 2, "move", "FROM TO", self.rule)
        if isinstance(words, str):
            return words
        return limit or self.move_refusal(g, f, *words)

    def limit_refusal(self, g: Context, f: dict) -> str | None:
        done, n = f.get("chosen", []), self.most(g, f)
        if len(done) >= n:
            return W.because(f"Smuggle selects {counted(n, 'space', 'spaces')} while {W.io_of(g)} (two only at "
                             f"{B.io_label(B.IO_CONDEMNED)}), and has {W.names(done)}", self.cite(f))
        return None

    def target_refusal(self, g: Context, f: dict, sid: str, placed: bool) -> str | None:
        """Why an Arms Cache may not go to *sid* (placed, or moved in), or ``None``."""
        name = B.name(sid)
        if B.KIND[sid] not in SMUGGLE_KINDS:
            return W.because(f"{name} is {W.kind_of(sid)}: Smuggle puts an Arms Cache in a Mountain or Town, and "
                             "none ever goes in a British Base", f"{self.rule}, 1.3.4")
        if sid in f.get("chosen", ()):
            return W.because(f"{name} was already selected for this Smuggle: a space once", f"{self.rule}, 4.1")
        if not B.may_place(g, sid, "caches"):
            return W.because(f"{W.has(g, sid, 'caches')} already, the most a space may hold", "1.4.2")
        if self.anywhere(g):
            return None
        x = B.sp(g, sid)
        if not B.cells(x):
            return W.because(f"{W.has(g, sid, 'cells')}: a Smuggled Arms Cache goes where a Cell is", self.rule)
        if placed and B.cubes(x):
            return W.because(f"{W.has(g, sid, 'cubes')}: Smuggle places an Arms Cache only where there is no cube "
                             "(a move may enter one)", f"{self.rule}, ruling R-SMUGGLE")
        return None

    def place_refusal(self, g: Context, f: dict, sid: str) -> str | None:
        if B.KIND[sid] in SMUGGLE_KINDS and sid not in f.get("chosen", ()) and not g.s["available"]["caches"]:
            return W.because("no Arms Cache is Available to place (a piece placed comes from Available; move one "
                             "with move FROM TO)", f"{self.rule}, 1.4.1")
        return self.target_refusal(g, f, sid, True)

    def move_refusal(self, g: Context, f: dict, src: str, dst: str) -> str | None:
        x = B.sp(g, src)
        if not x["caches"]:
            return W.because(f"{W.has(g, src, 'caches')} to move", self.rule)
        if not B.cells(x):
            return W.because(f"{W.has(g, src, 'cells')}: Smuggle moves an Arms Cache from a space with a Cell",
                             self.rule)
        if x["caches"] <= f.get("arrived", {}).get(src, 0):
            return W.because(f"the Arms Cache in {B.name(src)} came there by this Smuggle and does not move again",
                             f"{self.rule}, ruling R-SMUGGLE-ONCE")
        if dst not in B.adj(g, src):
            return W.because(f"{B.name(dst)} is not adjacent to {B.name(src)}: Smuggle moves an Arms Cache to an "
                             "adjacent space", f"{self.rule}, 1.3.5")
        return self.target_refusal(g, f, dst, False)

    # -- acting ------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        chosen_now = f.setdefault("chosen", [])
        arrived = f.setdefault("arrived", {})
        if verb == "move":
            src, dst = arg.split(" ")
            B.move(g, src, dst, "caches", 1)
            chosen_now.append(dst)
            arrived[dst] = arrived.get(dst, 0) + 1
            self.say(g, f, f"EOKA Smuggled the Arms Cache in {B.name(src)} to {B.name(dst)}.")
            return
        chosen_now.append(arg)
        if cap(g, "C9") == "unshaded":
            die = g.roll(f"Smuggle into {B.name(arg)} (C9)")
            if die < C9_ROLL:
                whole = chosen(g.s, "R-SMUGGLE", "per-space") == "whole"
                self.say(g, f, f"EOKA declared an Arms Cache placed in {B.name(arg)} and rolled {die}, not greater "
                               "than 3: Royal Navy Blockade (C9) stops it, and this space of the Smuggle is spent"
                               + (", which ends the Smuggle (ruling R-SMUGGLE, the umpire's reading)." if whole
                                  else "."))
                if whole:
                    f["over"] = True
                return
            self.say(g, f, f"EOKA declared an Arms Cache placed in {B.name(arg)} and rolled {die}, greater than 3 "
                           "(Royal Navy Blockade, C9).")
        B.place(g, arg, "caches", 1)
        arrived[arg] = arrived.get(arg, 0) + 1
        self.say(g, f, f"EOKA Smuggled an Arms Cache into {B.name(arg)} from Available.")

    def step(self, g, f):
        if f.get("over") or not ({"place", "move"} & set(self.prompt(g, f))):
            if not f.get("chosen") and not f.get("over"):
                self.say(g, f, f"{self.titled(f)} had nothing to do: {self.no_space(g, f)}.")
            g.end()
            return True
        return False


# -- Infiltrate (4.3.2) --------------------------------------------------------------------------------------

#: What each way of Infiltrating does: (Police removed, a Cell put in its place, a chit discarded).
EFFECTS = {"usual": (True, True, True), "replace": (True, True, False), "discard": (False, False, True),
           "remove": (True, False, False)}
#: How a prompt says each.
EFFECT_WORDS = {
    "usual": "a Cell replaces the Police cube and the British discard their highest Intel Chit",
    "replace": "a Cell replaces the Police cube",
    "discard": "the British discard their highest Intel Chit",
    "remove": "the Police cube is removed, nothing more",
}


@procedure
class Infiltrate(cell_special.PoliceRemoval, SpecialActivity):
    """Infiltrate (4.3.2, L3454-3456): one space with a Police cube and at least as many Underground Cells
    (C25 shaded: or a Police cube and an Underground Cell); a Cell replaces one Police cube, then the British
    discard their highest Intel Chit, as the Capabilities in play allow (:meth:`ways`). Frame locals: ``at``
    (the space, while EOKA choose the way)."""

    name = "cy.sa.infiltrate"
    sa = "infiltrate"
    faction = "eoka"
    rule = "4.3.2"
    accompanies = EOKA_OPS
    need = needs = "a Police cube and at least as many Underground Cells as Police"
    #: C25 shaded's other space (L3883).
    shaded_need = "a Police cube and an Underground Cell (C25)"

    def fits(self, g, f, x):
        if self.qualifies(x):
            return True
        return cap(g, "C25") == "shaded" and bool(x["police"] and x["cells_u"])

    def plainly(self, g, f):
        return cap(g, "C25") != "shaded"

    def need_of(self, g, f):
        return f"{self.need}, or {self.shaded_need}" if cap(g, "C25") == "shaded" else self.need

    def nearest(self, g, pool):
        """The spaces with a Police cube first."""
        return [s for s in pool if B.sp(g, s)["police"]] or pool

    def c31_governs(self, g: Context) -> bool:
        """Turkish Police (C31) decides what Infiltrate does: in play, and not overridden by C25 unshaded played
        after it (ruling R-CAPABILITY-CONFLICT)."""
        return cap(g, "C31") is not None and not (cap(g, "C25") == "unshaded" and played_later(g, "C25", "C31"))

    def ways(self, g: Context, sid: str) -> list[str]:
        """The ways EOKA may Infiltrate in *sid*, each doing something and no two alike: the usual (4.3.2); C25
        unshaded's replace or discard; C25 shaded's remove; C31's remove only."""
        x = B.sp(g, sid)
        usual = self.qualifies(x)
        if self.c31_governs(g):
            ways = ["remove"]
        elif cap(g, "C25") == "unshaded":
            ways = ["replace", "discard"]
        elif cap(g, "C25") == "shaded":
            ways = ["usual", "remove"] if usual else ["remove"]
        else:
            ways = ["usual"]
        seen, out = set(), []
        for w in ways:
            done = self.outcome(g, w)
            if any(done) and done not in seen:
                seen.add(done)
                out.append(w)
        return out

    def outcome(self, g: Context, way: str) -> tuple[bool, bool, bool]:
        """What *way* would change now: (a Police cube removed, a Cell placed, a chit discarded)."""
        police, cell, chit = EFFECTS[way]
        return police, cell and bool(g.s["available"]["cells"]), chit and bool(g.s["intel"]["held"])

    def prompt(self, g, f):
        if f.get("at"):
            return {"choose": self.ways(g, f["at"])}
        return {"space": self.spaces(g, f)}

    def text(self, g, f):
        if f.get("at"):
            opts = "; or ".join(f"choose {w}: {EFFECT_WORDS[w]}" for w in self.ways(g, f["at"]))
            return f"EOKA Infiltrate in {B.name(f['at'])}: {opts} ({self.why_ways(g)})"
        return f"EOKA {self.titled(f)}: select one space with {self.need_of(g, f)}"

    def explain(self, g, f, verb, arg):
        at = f.get("at")
        if verb == "choose":
            if not at:
                return W.because("first select the space to Infiltrate (space SPACE)", self.rule)
            ways = self.ways(g, at)
            return W.because(f"Infiltrate in {B.name(at)} may {W.names([f'choose {w}' for w in ways], plain=True, joint='or')}"
                             f", not {arg!r}", self.why_ways(g))
        if verb == "space" and at:
            return W.because(f"this Infiltrate takes place in {B.name(at)}: one space; choose how", f"{self.rule}, 4.1")
        return super().explain(g, f, verb, arg)

    def why_ways(self, g: Context) -> str:
        """The rules that set the ways offered: C25, C31 and the ruling between them."""
        cites = [self.rule] + [c for c in ("C25", "C31") if cap(g, c)]
        if cap(g, "C25") and cap(g, "C31"):
            cites.append("ruling R-CAPABILITY-CONFLICT")
        return ", ".join(cites)

    def act(self, g, f, verb, arg):
        if verb == "space":
            ways = self.ways(g, arg)
            if len(ways) > 1:
                f["at"] = arg
                return
            g.end()
            self.infiltrate(g, f, arg, ways[0])
            return
        sid = f.pop("at")
        g.end()
        self.infiltrate(g, f, sid, arg)

    def infiltrate(self, g: Context, f: dict, sid: str, way: str) -> None:
        """Infiltrates *sid* the way chosen (:data:`EFFECTS`)."""
        police, cell, chit = EFFECTS[way]
        name = B.name(sid)
        if police:
            B.remove(g, sid, "police", 1)
            only = f", and nothing more ({self.why_ways(g)})" if way == "remove" else ""
            self.say(g, f, f"EOKA Infiltrated {name}: a Police cube went to Available{only}.")
        else:
            self.say(g, f, f"EOKA Infiltrated {name}: the Police cube stays ({self.why_ways(g)}).")
        if cell:
            if B.place(g, sid, "cells", 1):
                self.say(g, f, f"A Cell from Available took its place in {name}, Underground.")
            else:
                g.say(f"No Cell is Available: the Police cube in {name} was removed and not replaced.",
                      faction=self.faction, rule="1.4.1")
        if chit:
            held = g.s["intel"]["held"]
            if held:
                v = held[-1]  # kept sorted: the highest
                B.spend_chit(g, v)
                self.say(g, f, f"The British discarded their highest Intel Chit, of value {v}, to the bag "
                               f"(Infiltrate in {name}).")
            else:
                g.say("The British hold no Intel Chit: none was discarded.", faction=self.faction,
                      rule=f"{self.rule}, ruling R-INTEL-BAG")

    def step(self, g, f):
        if not f.get("at") and not self.spaces(g, f):
            self.say(g, f, f"{self.titled(f)} found no space with {self.need_of(g, f)}.")
            g.end()
            return True
        return False


# -- Propagandize (4.3.3) ------------------------------------------------------------------------------------

@procedure
class Propagandize(cell_special.Propagandize, SpecialActivity):
    """Propagandize (4.3.3, L3458-3462): in each space (one; two with C13 shaded; an Event's own number) with a
    Cell and a Sabotage or Curfew marker, a Cell Activated if all are Underground, then Political Will -1 where
    a Sabotage marker is, else International Opinion +1 for the Curfew (C13 unshaded: no shift)."""

    name = "cy.sa.propagandize"
    sa = "propagandize"
    faction = "eoka"
    rule = "4.3.3"
    accompanies = EOKA_OPS
    need = needs = "a Cell and a Sabotage or Curfew marker"
    travel_proc = "cy.op.travel"

    def qualifies(self, x):
        return bool((x["cells_u"] or x["cells_a"]) and (x["sabotage"] or x["curfew"]))

    def fits(self, g, f, x):
        if not f or not (f.get("need_curfew") or f.get("no_cell")):
            return self.qualifies(x)
        marker = x["curfew"] if f.get("need_curfew") else (x["sabotage"] or x["curfew"])
        return bool(marker and (f.get("no_cell") or x["cells_u"] or x["cells_a"]))

    def plainly(self, g, f):
        return not f or not (f.get("need_curfew") or f.get("no_cell"))

    def need_of(self, g, f):
        f = f or {}
        marker = "a Curfew" if f.get("need_curfew") else "a Sabotage or Curfew marker"
        return marker if f.get("no_cell") else f"a Cell and {marker}"

    def facts(self, g, sid):
        return W.has(g, sid, "cells", "sabotage", "curfew")

    def nearest(self, g, pool):
        """The spaces with a Cell, a Sabotage marker or a Curfew first."""
        x = g.s["spaces"]
        return [s for s in pool if B.cells(x[s]) or x[s]["sabotage"] or x[s]["curfew"]] or pool

    def most(self, g, f):
        """One space; two with Human Rights Committees shaded (C13); an Event's own number stands (5.1.2)."""
        if f and "max" in f:
            return f["max"]
        return 2 if cap(g, "C13") == "shaded" else 1

    def prompt(self, g, f):
        out = super().prompt(g, f)
        if f.get("optional") and not f.get("pending"):
            out["done"] = []
        return out

    def text(self, g, f):
        if f.get("pending"):
            return super().text(g, f)
        most = self.most(g, f)
        which = f"up to {most} spaces" if most > 1 else "one space"
        done = f.get("cities")
        tail = f" ({W.names(done)} done), or done" if done else (", or done" if f.get("optional") else "")
        return f"EOKA {self.titled(f)}: select {which} with {self.need_of(g, f)}{tail}"

    def space_refusal(self, g, f, sid):
        done, most = f.get("cities", []), self.most(g, f)
        if not f.get("pending") and sid not in done and len(done) >= most:
            rule = self.cite(f) if card_of(f) else ("4.3.3, C13" if most > 1 else "4.3.3")
            return W.because(f"{self.title} takes place in {counted(most, 'space', 'spaces')}: {W.names(done)}", rule)
        return super().space_refusal(g, f, sid)

    def explain(self, g, f, verb, arg):
        if verb == "done" and not f.get("cities") and not f.get("pending") and not f.get("optional"):
            return W.because(f"{self.title}, once chosen, takes place in a valid space: select one", f"{self.rule}, 4.1")
        return super().explain(g, f, verb, arg)

    def activated(self, g, f, sid):
        self.say(g, f, f"EOKA Activated an Underground Cell in {B.name(sid)} to Propagandize.")

    def effect(self, g, f, sid):
        """Political Will -1 where a Sabotage marker is; else, for the Curfew, International Opinion one step
        right (C13 unshaded: none)."""
        x, name = B.sp(g, sid), B.name(sid)
        rule, why = self.cite(f), f"Propagandize in {name}"
        if x["sabotage"]:
            self.say(g, f, f"EOKA Propagandized in {name}, where a Sabotage marker is: Political Will falls by 1.")
            B.shift_will(g, -1, why, rule=rule)
        elif cap(g, "C13") == "unshaded":
            self.say(g, f, f"EOKA Propagandized in {name}, where a Curfew is: International Opinion does not shift "
                           f"({CARDS['C13']['title']}, C13 unshaded).")
        else:
            self.say(g, f, f"EOKA Propagandized in {name}, where a Curfew is and no Sabotage marker: International "
                           "Opinion shifts one step right.")
            if not B.shift_io(g, 1, why, rule=rule):
                self.say(g, f, f"International Opinion is already at {B.io_label(B.IO_MAX)}: no further shift.")

    def step(self, g, f):
        if not f.get("cities") and not f.get("pending") and not f.get("over") and not self.spaces(g, f):
            self.say(g, f, f"{self.titled(f)} found no space with {self.need_of(g, f)}.")
        return super().step(g, f)
