"""The Special Activities the Cell games share (Palestine and Cyprus, rule 4): Restore (British 4.2.1 of both),
the Insurgent's Police removal (Palestine's Silence 4.3.1, Cyprus's Infiltrate 4.3.2) and Propagandize
(Palestine 4.3.2, Cyprus 4.3.3), on a base for any Special Activity whose spaces pass one test.

- :class:`CellActivity`: spaces of :attr:`CellActivity.space_kinds` that pass :meth:`CellActivity.qualifies`;
  the refusals name what a space needs (:attr:`CellActivity.need`) and what it holds
  (:meth:`CellActivity.facts`). A game's own Special Activities of that shape use it too (Palestine's Mass
  Detention).
- :class:`Restore`: one space with Troops, Police and no Insurgent piece; its markers of :attr:`Restore.removes`
  go, those of :attr:`Restore.flips` turn (Palestine's Terror to Sabotage; Cyprus has none).
- :class:`PoliceRemoval`: one space with Police and at least as many Underground Cells; one Police to
  Available, then :meth:`PoliceRemoval.then` (Cyprus's Infiltrate: a Cell in its place, the highest Intel
  Chit discarded).
- :class:`Propagandize`: up to :meth:`Propagandize.most` spaces of :meth:`CellActivity.qualifies`; a Cell
  Activated where all are Underground, then :meth:`Propagandize.effect` (Political Will, or Cyprus's
  International Opinion). With Travel, the Cell Activated may be one that has moved or not: the Insurgent
  choose (4.1), and the Travel's record of moved Cells follows.

A frame an Event starts may change which spaces qualify (Cyprus C1's Restore, C3's and C8's Propagandize) and a
Capability may too (Cyprus C25): :meth:`CellActivity.fits` reads the frame and the state where
:meth:`CellActivity.qualifies` reads a space alone, and :meth:`CellActivity.need_of` says what the frame needs.

A game's concrete class subclasses the one here and the game's own base (``class Restore(cell_special.Restore,
SpecialActivity)``, whose base sets ``B``, ``W``, ``insurgent`` and ``activities``) and says ``name``, ``sa``,
``faction``, ``rule``, ``accompanies`` and the attributes above. Pieces and markers are the Cell games' keys
(``cells_u``, ``cells_a``, ``caches``, ``troops``, ``police``, ``curfew``, ``sabotage``); the refusal words
``W`` give ``has`` (with the Insurgent's faction as a noun: its pieces), ``names``, ``space_of``,
``not_a_space``, ``kind_of`` and ``elsewhere``. The order words (``space``, ``done``, ``activate``) are declared
by the game's module, as for engine.coin.cell_ops.
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from ..core.errors import RulesBugError
from ..core.flow import Context
from . import special
from .cell_ops import kinds_words
from .wording import side_name


class CellActivity(special.SpecialActivity):
    """A Cell game's Special Activity in spaces that pass one test: those of :attr:`space_kinds` for which
    :meth:`qualifies` holds. The game's base sets ``B`` (its board module, with ``BOARD``), ``W`` (its refusal
    words) and ``insurgent`` (the Insurgent faction)."""

    B: ClassVar[ModuleType]
    W: ClassVar[ModuleType]
    insurgent: ClassVar[str] = ""
    #: The kinds of space it may select; ``None``: any.
    space_kinds: ClassVar[frozenset[str] | None] = None
    #: What a space needs, as a refusal says it (``Troops, Police and no Irgun pieces``).
    need: ClassVar[str] = ""

    #: Whether the class keeps the default :meth:`fits` (set for each class): the space tests then ask
    #: :meth:`qualifies` itself, one call a space less (:meth:`spaces`, :meth:`possible`).
    plain_fits: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.plain_fits = cls.fits is CellActivity.fits

    def qualifies(self, x: dict) -> bool:
        """Whether a space of :attr:`space_kinds` holding *x* may be selected (each Special Activity its own)."""
        return False

    def fits(self, g: Context, f: dict | None, x: dict) -> bool:
        """Whether a space holding *x* may be selected by the frame *f* (``None``: one an Operation starts):
        :meth:`qualifies` by default; a game whose Events or Capabilities change the test (Cyprus C1, C3, C8,
        C25) reads them here."""
        return self.qualifies(x)

    def need_of(self, g: Context, f: dict | None) -> str:
        """What a space needs for the frame *f*, as a refusal says it (:attr:`need` by default)."""
        return self.need

    def facts(self, g: Context, sid: str) -> str:
        """What *sid* holds of what :meth:`qualifies` reads (``Lydda has 1 Troop and no Police cube``)."""
        return self.W.has(g, sid, "troops", "police")

    def pool(self, g: Context) -> list[str]:
        """The spaces of :attr:`space_kinds`, in board order (worked out once: a procedure serves one game)."""
        try:
            return self._pool  # the instance's own: no class sets _pool (a lookup costs less than __dict__'s)
        except AttributeError:
            board = self.B.BOARD
            pool = self._pool = [s for s in board.spaces if self.space_kinds is None
                                 or board.kind[s] in self.space_kinds]
            return pool

    def spaces(self, g: Context, f: dict | None = None) -> list[str]:
        """The spaces it may select now (:meth:`fits`, for the frame *f*)."""
        x = g.s["spaces"]
        if self.plain_fits:
            qualifies = self.qualifies
            return [s for s in self.pool(g) if qualifies(x[s])]
        fits = self.fits
        return [s for s in self.pool(g) if fits(g, f, x[s])]

    def possible(self, g, f=None):
        """A space of :meth:`spaces`: "is there one" stops at the first."""
        x = g.s["spaces"]
        if self.plain_fits:
            qualifies = self.qualifies
            for s in self.pool(g):
                if qualifies(x[s]):
                    return True
            return False
        fits = self.fits
        for s in self.pool(g):
            if fits(g, f, x[s]):
                return True
        return False

    def where_refusal(self, g: Context, sid: str, f: dict | None = None) -> str | None:
        """Why it may not take place in *sid* for the frame *f*: a kind it never selects, or what the space
        holds against what it needs (:meth:`need_of`); ``None`` if *sid* qualifies (:meth:`fits`)."""
        board = self.B.BOARD
        if self.space_kinds is not None and board.kind[sid] not in self.space_kinds:
            return (f"{board.name(sid)} is {self.W.kind_of(sid)}: {self.title} selects "
                    f"{kinds_words(self.B, self.W, self.space_kinds)} ({self.rule})")
        if self.fits(g, f, board.sp(g, sid)):
            return None
        return f"{self.facts(g, sid)}: {self.title} needs {self.need_of(g, f)} ({self.rule})"

    def nearest(self, g: Context, pool: list[str]) -> list[str]:
        """The spaces of *pool* nearest to qualifying, first: those with British pieces."""
        board = self.B.BOARD
        return [s for s in pool if board.british(board.sp(g, s))] or pool

    def no_space(self, g: Context) -> str:
        """Why it has no valid space now: what it needs, and what the nearest spaces to qualifying hold."""
        return (f"{self.title} has no valid space ({self.rule}: {self.need}): "
                + "; ".join(self.facts(g, s) for s in self.nearest(g, self.pool(g))[:3]))

    def space_refusal(self, g: Context, f: dict, sid: str) -> str | None:
        """Why *sid* may not be selected now (by default :meth:`where_refusal`)."""
        return self.where_refusal(g, sid, f)

    def explain(self, g, f, verb, arg):
        W = self.W
        if verb == "space":
            sid = W.space_of(arg)
            if sid is None:
                return W.not_a_space(arg or "")
            return self.space_refusal(g, f, sid)
        if verb == "done":
            return f"{self.title}, once chosen, takes place in a valid space: select one ({self.rule}, 4.1)"
        return W.elsewhere(verb)

    def select_text(self, g: Context, f: dict, most: int = 1) -> str:
        """``British Restore: select one space with ...``: the prompt's text while selecting."""
        which = f"up to {most} {self.places}" if most > 1 else "one space"
        return f"{side_name(self.faction)} {self.title}: select {which} with {self.needs}"

    #: Its spaces, plural, and what each needs, as the prompt's text says them (:meth:`select_text`).
    places: ClassVar[str] = "spaces"
    needs: ClassVar[str] = ""


# -- Restore (British 4.2.1) -------------------------------------------------------------------------------

class Restore(CellActivity):
    """Restore (4.2.1): in one space with Troops, Police and no Insurgent piece, remove the markers of
    :attr:`removes`, then turn those of :attr:`flips`."""

    #: The markers Restore removes (4.2.1: Curfew and Sabotage).
    removes: ClassVar[tuple[str, ...]] = ("sabotage", "curfew")
    #: Marker -> the marker it is turned to (Palestine 4.2.1: Terror to its Sabotage side).
    flips: ClassVar[dict[str, str]] = {}
    need = needs = "Troops, Police and no Insurgent pieces"  # a game names its Insurgent

    def qualifies(self, x):
        return bool(x["troops"] and x["police"] and not (x["cells_u"] or x["cells_a"] or x["caches"]))

    def facts(self, g, sid):
        return self.W.has(g, sid, "troops", "police", self.insurgent)

    def prompt(self, g, f):
        return {"space": self.spaces(g, f)}

    def text(self, g, f):
        return self.select_text(g, f)

    def act(self, g, f, verb, arg):
        self.restore(g, arg)
        g.end()

    def restore(self, g: Context, sid: str) -> None:
        """Removes the markers of :attr:`removes` from *sid*, then turns those of :attr:`flips`, and says how
        many of each."""
        board = self.B.BOARD
        x = board.sp(g, sid)
        gone = {m: x[m] for m in self.removes}
        for m in self.removes:
            x[m] = 0
        turned = {m: x[m] for m in self.flips}
        for m, to in self.flips.items():
            x[to] += x[m]
            x[m] = 0
        said = " and ".join(f"{n} {m.title()}" for m, n in gone.items())
        flipped = "".join(f", flipped {n} {m.title()} to {self.flips[m].title()}" for m, n in turned.items())
        g.say(f"{side_name(self.faction)} Restored {board.name(sid)}: removed {said}{flipped}.",
              faction=self.faction, rule=self.rule)


# -- Silence (Palestine 4.3.1) and Infiltrate (Cyprus 4.3.2) -----------------------------------------------

class PoliceRemoval(CellActivity):
    """One Police to Available in one space with Police and at least as many Underground Cells (Palestine's
    Silence), then :meth:`then` (Cyprus's Infiltrate: a Cell in its place, the highest Intel Chit discarded)."""

    need = needs = "Police and at least as many Underground Cells"
    #: What the log says it did (``Silenced``).
    past: ClassVar[str] = ""

    def qualifies(self, x):
        return bool(x["police"] and x["cells_u"] >= x["police"])

    def facts(self, g, sid):
        return self.W.has(g, sid, "police", "cells_u")

    def prompt(self, g, f):
        return {"space": self.spaces(g, f)}

    def text(self, g, f):
        return self.select_text(g, f)

    def act(self, g, f, verb, arg):
        g.end()
        self.remove_police(g, f, arg)
        self.then(g, f, arg)

    def remove_police(self, g: Context, f: dict, sid: str) -> None:
        board = self.B.BOARD
        board.remove(g, sid, "police", 1)
        g.say(f"{side_name(self.faction)} {self.past or self.title + 'd'} a Police cube in {board.name(sid)}.",
              faction=self.faction, rule=self.rule)

    def then(self, g: Context, f: dict, sid: str) -> None:
        """What follows the Police's removal in *sid* (Cyprus's Infiltrate: the Cell, the chit)."""


# -- Propagandize (Palestine 4.3.2, Cyprus 4.3.3) ------------------------------------------------------------

class Propagandize(CellActivity):
    """Propagandize: up to :meth:`most` spaces that qualify; in each, Activate a Cell if all there are
    Underground, then :meth:`effect`.

    With Travel, a space may hold Underground Cells that have already moved in this Travel and others that
    have not (and may still move if the space is selected as an origin later, 3.3.2): the Insurgent then
    choose which kind the Activated Cell is (4.1: the executing faction selects the pieces affected), and the
    Travel's record follows. Frame locals: ``cities`` (the spaces selected), ``pending`` (the space whose Cell
    is to be chosen), ``over``."""

    #: The most spaces it selects (:meth:`most`).
    most_spaces: ClassVar[int] = 1
    #: The procedure name of the game's Travel, whose moved Cells are told apart (:meth:`moved_underground`).
    travel_proc: ClassVar[str] = ""

    def most(self, g: Context, f: dict) -> int:
        """How many spaces it may select (a Capability that changes it, Cyprus C13 shaded, is the game's)."""
        return self.most_spaces

    def effect(self, g: Context, f: dict, sid: str) -> None:
        """What Propagandize does in *sid* once its Cell is Active (each game's: Political Will, or
        International Opinion)."""
        raise RulesBugError(f"{type(self).__name__} does not say what Propagandize does")

    def activated(self, g: Context, f: dict, sid: str) -> None:
        """Called once Propagandize has Activated a Cell in *sid*, before :meth:`effect` (a game's log line)."""

    def prompt(self, g, f):
        if f.get("pending"):
            return {"activate": ["moved", "unmoved"]}
        done = f.setdefault("cities", [])
        out: dict[str, list[str]] = {}
        if len(done) < self.most(g, f):
            c = [x for x in self.spaces(g, f) if x not in done]
            if c:
                out["space"] = c
        if done:
            out["done"] = []
        return out

    def space_refusal(self, g, f, sid):
        board = self.B.BOARD
        done = f.get("cities", [])
        if f.get("pending"):
            return (f"first choose which Cell in {board.name(f['pending'])} is Activated ({self.rule}: activate "
                    "moved or unmoved)")
        if sid in done:
            return f"{board.name(sid)} was already selected for {self.title} (4.1: a space once)"
        most = self.most(g, f)
        if len(done) >= most:
            return f"{self.title} takes place in up to {most} {self.places}: {self.W.names(done)} ({self.rule})"
        return self.where_refusal(g, sid, f)

    def explain(self, g, f, verb, arg):
        board = self.B.BOARD
        if verb == "activate":
            if not f.get("pending"):
                return (f"a Cell is Activated as a space is selected, when the {side_name(self.faction)} must "
                        f"choose which ({self.rule})")
            return (f"activate moved or activate unmoved: which Underground Cell in {board.name(f['pending'])} "
                    f"({self.rule})")
        if verb == "done" and f.get("pending"):
            return (f"first choose which Cell in {board.name(f['pending'])} is Activated ({self.rule}: activate "
                    "moved or unmoved)")
        return super().explain(g, f, verb, arg)

    def text(self, g, f):
        if f.get("pending"):
            return (f"{side_name(self.faction)} {self.title} in {self.B.BOARD.name(f['pending'])}: Activate a Cell "
                    "that has moved in this Travel (activate moved) or one that has not (activate unmoved)")
        return self.select_text(g, f, self.most(g, f))

    def act(self, g, f, verb, arg):
        board = self.B.BOARD
        if verb == "done":
            f["over"] = True
            return
        if verb == "activate":
            sid = f.pop("pending")
            board.activate(g, sid, 1, "cells")
            if arg == "moved":
                self.moved_cell_activated(g, sid)
            self.activated(g, f, sid)
            self.effect(g, f, sid)
            return
        f["cities"].append(arg)
        x = board.sp(g, arg)
        if x["cells_a"] or not x["cells_u"]:
            self.effect(g, f, arg)
            return
        moved = self.moved_underground(g, arg)
        if moved and x["cells_u"] > moved:
            f["pending"] = arg  # both kinds there: the Insurgent choose
            return
        board.activate(g, arg, 1, "cells")
        if moved:
            self.moved_cell_activated(g, arg)
        self.activated(g, f, arg)
        self.effect(g, f, arg)

    def step(self, g, f):
        if f.get("pending"):
            return False
        if f.get("over") or "space" not in self.prompt(g, f):
            g.end()
            return True
        return False

    def travel_frame(self, g: Context) -> dict | None:
        """The Travel this Special Activity accompanies, if it does (the frame below the top one)."""
        flow = g.s["flow"]
        if len(flow) >= 2 and flow[-2]["p"] == self.travel_proc:
            return flow[-2]
        return None

    def moved_underground(self, g: Context, sid: str) -> int:
        """Underground Cells in *sid* that have moved in the Travel being conducted and may not move again; 0
        if no Travel, or if *sid* was already an origin (3.1: it cannot be selected again)."""
        t = self.travel_frame(g)
        if t is None or sid in t["spaces"]:
            return 0
        return t.get("arrived", {}).get(sid, {}).get("underground", 0)

    def moved_cell_activated(self, g: Context, sid: str) -> None:
        """Records in the Travel that one of its moved Cells in *sid* is now Active."""
        arr = self.travel_frame(g)["arrived"][sid]
        arr["underground"] -= 1
        arr["active"] = arr.get("active", 0) + 1
