"""British Special Activities of Cyprus (rule 4.2, L3430-3444): Restore, Diplomacy, Interrogate.

- Restore (4.2.1, with Deploy only): one space with Troops, Police and no EOKA piece loses every Curfew and
  Sabotage marker. C1 unshaded grants a Restore of its own (L3645): up to two spaces with British cubes and no
  EOKA piece, with no Deploy, which the British may decline (frame flags ``rule="C1"``, ``max=2``,
  ``cubes=True``, ``optional=True``; ruling R-FREE-OPS).
- Diplomacy (4.2.2, with Deploy, Patrol or Search; no space): with three or fewer Towns holding a Sabotage or
  Curfew marker International Opinion shifts one step left; otherwise a die roll above its current value
  shifts it. Possible while International Opinion is above Ignored (a shift left is all it does).
- Interrogate (4.2.3, with Search or Assault; no space): one Intel Chit drawn at random for every two Cells in
  Prison, rounded down (1.6.1). C10 unshaded: one for every Cell in Prison; C10 shaded: Political Will also
  falls by 1; C17 unshaded: the British may instead draw one for each space with Police and Cells, and choose
  which count each time (Tip L3807) where the two would draw differently; with C10 both apply (ruling
  R-CAPABILITY-CONFLICT). Draws stop when the bag is empty (ruling R-INTEL-BAG). Possible while a chit could
  be drawn or C10 shaded is in play (it then costs Political Will, whatever it draws); C27 unshaded grants
  one (``rule="C27"``).
"""

from __future__ import annotations

from ...coin import cell_special
from ...coin.capabilities import cap
from ...coin.wording import count as counted
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .special import SpecialActivity, card_of

notation.declare(__name__, {"space", "done", "count"})


# -- Restore (4.2.1) -----------------------------------------------------------------------------------------

@procedure
class Restore(cell_special.Restore, SpecialActivity):
    """Restore (4.2.1, L3434-3436): in the space selected, every Curfew and Sabotage marker is removed. With
    Deploy: one space with Troops, Police and no EOKA piece (the Cell games' test). C1 unshaded's (frame
    ``cubes``): up to ``max`` spaces with British cubes and no EOKA piece, optional. Frame locals: ``chosen``,
    ``over``."""

    name = "cy.sa.restore"
    sa = "restore"
    faction = "british"
    rule = "4.2.1"
    accompanies = ("deploy",)
    need = needs = "Troops, Police and no EOKA pieces"
    #: C1 unshaded's spaces (L3645).
    cubes_need = "British cubes and no EOKA pieces"

    def fits(self, g, f, x):
        if f and f.get("cubes"):
            return bool(B.cubes(x) and not B.eoka_pieces(x))
        return self.qualifies(x)

    def plainly(self, g, f):
        return not (f and f.get("cubes"))

    def need_of(self, g, f):
        return self.cubes_need if f and f.get("cubes") else self.need

    def most(self, f: dict) -> int:
        return f.get("max", 1)

    def prompt(self, g, f):
        done = f.get("chosen", [])
        out: dict[str, list[str]] = {}
        if not f.get("over") and len(done) < self.most(f):
            c = [s for s in self.spaces(g, f) if s not in done]
            if c:
                out["space"] = c
        if done or f.get("optional"):
            out["done"] = []
        return out

    def text(self, g, f):
        most, done = self.most(f), f.get("chosen", [])
        which = f"up to {most} spaces" if most > 1 else "one space"
        head = f"British {self.titled(f)}: select {which} with {self.need_of(g, f)}"
        if done:
            return f"{head} ({W.names(done)} restored), or done"
        return f"{head}{', or done' if f.get('optional') else ''}"

    def space_refusal(self, g, f, sid):
        done = f.get("chosen", [])
        if sid in done:
            return W.because(f"{B.name(sid)} was already restored by this Restore: a space once", self.cite(f, "4.1"))
        if len(done) >= self.most(f):
            return W.because(f"this {self.title} takes place in {self.most(f)} space(s): {W.names(done)}",
                             self.cite(f))
        return self.where_refusal(g, sid, f)

    def explain(self, g, f, verb, arg):
        if verb == "done" and not f.get("chosen") and not f.get("optional"):
            return W.because(f"{self.title}, once chosen, takes place in a valid space: select one", f"{self.rule}, 4.1")
        return super().explain(g, f, verb, arg)

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            if not f.get("chosen"):
                self.say(g, f, f"British chose not to {self.title} ({card_of(f) or self.rule}).")
            return
        f.setdefault("chosen", []).append(arg)
        self.restore_space(g, f, arg)

    def restore_space(self, g: Context, f: dict, sid: str) -> None:
        """Removes every Curfew and Sabotage marker from *sid* (4.2.1), saying what went."""
        x = B.sp(g, sid)
        bare = "" if x["sabotage"] or x["curfew"] else ": it had no Curfew or Sabotage marker"
        self.say(g, f, f"British Restored {B.name(sid)}{bare}.")
        rule = self.cite(f)
        B.remove_sabotage(g, sid, self.title, rule)
        B.remove_curfew(g, sid, self.title, rule)

    def step(self, g, f):
        if f.get("over") or "space" not in self.prompt(g, f):
            if not f.get("over") and not f.get("chosen"):
                self.say(g, f, f"{self.titled(f)} found no space with {self.need_of(g, f)}.")
            g.end()
            return True
        return False


# -- Diplomacy (4.2.2) ---------------------------------------------------------------------------------------

@procedure
class Diplomacy(SpecialActivity):
    """Diplomacy (4.2.2, L3438-3440): International Opinion one step left if three or fewer Towns have a
    Sabotage or Curfew marker; otherwise a die, and the step only if it rolls above the track's value. No
    space; nothing to choose."""

    name = "cy.sa.diplomacy"
    sa = "diplomacy"
    faction = "british"
    rule = "4.2.2"
    accompanies = ("deploy", "patrol", "search")
    #: The most Towns with markers for the shift to need no roll (L3440).
    towns_most = 3

    def possible(self, g, f=None):
        """While International Opinion is above Ignored: the shift left is all Diplomacy does."""
        return B.io(g) > B.IO_MIN

    def no_space(self, g, f=None):
        return W.because(f"Diplomacy shifts International Opinion one step left and {W.io_of(g)}, its last box",
                         self.cite(f))

    def step(self, g, f):
        g.end()
        self.diplomacy(g, f)
        return True

    def diplomacy(self, g: Context, f: dict) -> None:
        marked = B.towns_marked(g)
        where = f" ({W.names(marked)})" if marked else ""
        towns = f"{counted(len(marked), 'Town', 'Towns')} with a Sabotage or Curfew marker{where}"
        why = f"{self.title}{' (' + card_of(f) + ')' if card_of(f) else ''}"
        if len(marked) <= self.towns_most:
            self.say(g, f, f"British Diplomacy: {towns}, three or fewer: International Opinion shifts one step "
                           "left.")
            self.shift(g, f, why)
            return
        die = g.roll("Diplomacy")
        now = B.io(g)
        if die > now:
            self.say(g, f, f"British Diplomacy: {towns}, more than three; rolled {die}, greater than "
                           f"International Opinion at {B.io_label(now)}: it shifts one step left.")
            self.shift(g, f, why)
        else:
            self.say(g, f, f"British Diplomacy: {towns}, more than three; rolled {die}, not greater than "
                           f"International Opinion at {B.io_label(now)}: no shift.")

    def shift(self, g: Context, f: dict, why: str) -> None:
        if not B.shift_io(g, -1, why, self.cite(f)):
            self.say(g, f, f"International Opinion is already at {B.io_label(B.IO_MIN)}: no further shift.")

    def explain(self, g, f, verb, arg):
        return W.elsewhere(verb) or W.turn_order(verb)


# -- Interrogate (4.2.3) -------------------------------------------------------------------------------------

#: The counts Interrogate may draw by: the Cells in Prison (4.2.3, C10 unshaded), or the spaces with Police
#: and Cells (C17 unshaded).
COUNTS = ("prison", "spaces")


def police_and_cells(g: Context) -> list[str]:
    """The spaces holding both Police and Cells (C17 unshaded, L3803)."""
    return [s for s in B.SPACES if B.sp(g, s)["police"] and B.cells(B.sp(g, s))]


@procedure
class Interrogate(SpecialActivity):
    """Interrogate (4.2.3, L3442-3444): Intel Chits drawn at random, one for every two Cells in Prison (C10
    unshaded: every Cell), or where C17 unshaded is in play one for each space with Police and Cells if the
    British choose (``count prison|spaces``, asked only where the two would draw differently); C10 shaded costs
    1 Political Will. No space."""

    name = "cy.sa.interrogate"
    sa = "interrogate"
    faction = "british"
    rule = "4.2.3"
    accompanies = ("search", "assault")

    def counts(self, g: Context) -> dict[str, int]:
        """The chits each count the British may use would draw before the bag's limit: ``prison`` always,
        ``spaces`` with C17 unshaded."""
        prison = B.prison(g)
        out = {"prison": prison if cap(g, "C10") == "unshaded" else prison // 2}
        if cap(g, "C17") == "unshaded":
            out["spaces"] = len(police_and_cells(g))
        return out

    def draws(self, g: Context) -> dict[str, int]:
        """The chits each count would actually draw: no more than the bag holds (ruling R-INTEL-BAG)."""
        bag = B.bag_size(g)
        return {k: min(n, bag) for k, n in self.counts(g).items()}

    def possible(self, g, f=None):
        """While it would do something: a chit to draw (a count above zero and a chit in the bag), or, with
        Rough Handling shaded (C10), the Political Will it costs (C27 unshaded's "then Interrogate" then runs
        even with nothing to draw, 5.1.3)."""
        if cap(g, "C10") == "shaded":
            return True
        return bool(B.bag_size(g)) and any(self.counts(g).values())  # a count drawing something: :meth:`draws`

    def no_space(self, g, f=None):
        if not B.bag_size(g):
            return W.because(f"Interrogate draws Intel Chits from the bag, and it is empty ({W.chits_of(g)})",
                             f"{self.cite(f)}, ruling R-INTEL-BAG")
        what = "for every Cell in Prison (C10)" if cap(g, "C10") == "unshaded" else "for every two Cells in Prison"
        also = ""
        if "spaces" in self.counts(g):
            both = police_and_cells(g)
            have = f"{W.names(both)} have both" if both else "no space has both"
            also = f", or one for each space with Police and Cells (C17), and {have}"
        return W.because(f"Interrogate draws one Intel Chit {what}{also}, and {W.prison_of(g)}", self.cite(f))

    def choice(self, g: Context) -> bool:
        """Whether the British must choose the count: C17 unshaded, and the two would draw differently."""
        d = self.draws(g)
        return "spaces" in d and d["spaces"] != d["prison"]

    def prompt(self, g, f):
        return {"count": list(COUNTS)} if self.choice(g) else {}

    def text(self, g, f):
        d = self.counts(g)
        per = "every Cell" if cap(g, "C10") == "unshaded" else "every two Cells"
        return (f"British {self.titled(f)}: count prison, {counted(d['prison'], 'Intel Chit', 'Intel Chits')} (one "
                f"for {per} in Prison), or count spaces, {counted(d['spaces'], 'Intel Chit', 'Intel Chits')} (one "
                "for each space with Police and Cells, C17)")

    def explain(self, g, f, verb, arg):
        if verb == "count":
            if not self.choice(g):
                return W.because("the count is the British choice only with Special Branch (C17) unshaded in play, "
                                 "where the two counts draw differently", self.cite(f, "C17"))
            return W.because(f"count prison or count spaces, not {arg!r}", "C17")
        return W.elsewhere(verb) or W.turn_order(verb)

    def step(self, g, f):
        if self.choice(g):
            return False
        g.end()
        self.interrogate(g, f, "prison")
        return True

    def act(self, g, f, verb, arg):
        g.end()
        self.interrogate(g, f, arg)

    def interrogate(self, g: Context, f: dict, by: str) -> None:
        """Draws the chits of count *by* (``prison`` or ``spaces``), as many as the bag holds; then C10 shaded's
        Political Will."""
        n = self.counts(g)[by]
        if by == "spaces":
            where = police_and_cells(g)
            why = (f"one for each space with Police and Cells (C17): {W.names(where)}" if where
                   else "no space has both Police and Cells (C17)")
        elif cap(g, "C10") == "unshaded":
            why = f"one for every Cell in Prison (C10): {W.prison_of(g)}"
        else:
            why = f"one for every two Cells in Prison: {W.prison_of(g)}"
        self.say(g, f, f"British Interrogated: {counted(n, 'Intel Chit', 'Intel Chits')} to draw, {why}.")
        label = f"Interrogate{' (' + card_of(f) + ')' if card_of(f) else ''}"
        for drawn in range(n):
            if not B.bag_size(g):
                self.say(g, f, f"The bag is empty: {drawn} of the {n} Intel Chits were drawn (ruling R-INTEL-BAG).")
                break
            B.draw_chit(g, label, rule=self.cite(f))
        if cap(g, "C10") == "shaded":
            B.shift_will(g, -1, "Interrogate, Rough Handling (C10)", rule="C10")
