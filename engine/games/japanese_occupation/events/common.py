"""The choices the Japanese Occupation Event texts share (rule 5; texts in 9.0, L1739-2121), and what several
texts ask of a space.

Who decides: the executing faction makes every choice a text leaves open, a faction the text names ("British may
place", "Japanese may remove") that part's choices whoever executes (ruling R-5.1). "May" and "up to" leave the
count to that faction (ruling R-EVENT-MAY, default ``each``); under its ``whole`` reading (:func:`whole`) the
faction may decline the whole action but, once it has begun, carries it out in full: a frame's ``whole``. A text
without "may" or "up to" is carried out as fully as it can be (5.1.3: the frame's ``min``).

- :func:`choose` (``jo.ev.choose``, the caller's verb): one of fixed options, back to the caller as ``ret``; a
  space refused gets the card's own reason where the caller names one (``why``, registered with :func:`reason`);
  :func:`choose_one` asks only where there is a choice.
- :func:`pick` (``jo.ev.pick``, ``remove SPACE PIECE``): up to ``max`` forces removed to Available, or to a box
  (J17's card, ``burma``), at least ``min``, at most ``per_space`` from one space.
- :func:`put` (``jo.ev.put``, ``place SPACE``): up to ``max`` of one piece placed in the card's spaces, which the
  prompt names (``where``): from Available, or a faction's own forces from the map when none is Available (1.4.1
  IMPORTANT; ruling R-EVENT-FROM-MAP, own_pieces); the other faction's forces from Available only (5.1.1). It
  ends with the pieces placed per space as ``ret``.
- :func:`rails` (``jo.ev.rails``, ``sabotage RAILWAY`` or ``repair RAILWAY``): different Railways chosen one at a
  time, each given or relieved of one Sabotage marker (ruling R-SABOTAGE-EVENTS); the card's Railways and its
  reason for one left out are registered with :func:`rail_test`.
- :class:`Reveal` and :class:`Conceal` (``jo.ev.reveal``, ``jo.ev.conceal``, ``reveal SPACE``, ``conceal
  SPACE``): Intel chits flipped one space at a time (1.11), frame :func:`intel_frame`.
"""

from __future__ import annotations

from collections.abc import Callable

from ....coin import pickers, space_choice
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import intel_chits as chits
from .. import why as W
from ..data import CARDS
from ..own_pieces import OWN, may_take_from_map, place_own

notation.declare(__name__, {"remove", "place", "sabotage", "repair", "reveal", "conceal", "done"})

#: How the log names each card's effects: its title.
TITLE = {cid: card["title"] for cid, card in CARDS.items()}


# -- ruling R-EVENT-MAY ---------------------------------------------------------------------------------------

def whole(g: Context) -> bool:
    """The umpire's ``whole`` reading of ruling R-EVENT-MAY: "may" declines the whole action, or acts in full."""
    return chosen(g.s, "R-EVENT-MAY", "each") == "whole"


def bound_refusal(f: dict, what: str) -> str:
    """The refusal of ``done`` once a frame with ``whole`` has begun and can go on: *what* the card demands and
    has done so far (ruling R-EVENT-MAY ``whole``, 5.1.3)."""
    return W.because(f"{what}: the umpire's reading 'whole' of ruling R-EVENT-MAY carries a begun text out in "
                     "full, and what an Event can do, it must", f"{f['rule']}, ruling R-EVENT-MAY, 5.1.3")


class Binding:
    """A counting chooser (engine.coin.pickers.Chooser) whose first piece binds the faction to the card's ``max``
    where the frame's ``whole`` says so (ruling R-EVENT-MAY ``whole``)."""

    doing: str

    def act(self, g, f, verb, arg):
        super().act(g, f, verb, arg)
        if verb != "done" and f.get("whole"):
            f["min"] = f["max"]

    def explain(self, g, f, verb, arg):
        if verb == "done" and f.get("whole") and 0 < f["taken"] < f["min"] and self.options(g, f):
            return bound_refusal(f, f"the card {self.doing}s up to {f['max']} piece(s), and {f['taken']} "
                                    f"{self.doing}d so far")
        return super().explain(g, f, verb, arg)


# -- one choice among fixed options -------------------------------------------------------------------------

#: Each card's own reason why a space is not among a choice's options, by name (engine.coin.pickers.Reasons).
REASONS = pickers.Reasons()
reason = REASONS.register


@procedure
class Choose(pickers.WordedChoice):
    """One choice a text asks for (engine.coin.pickers.WordedChoice): the option goes back to the card's frame as
    ``ret``; a space refused gets the card's own reason (``why``, :data:`REASONS`); with ``optional`` (a text's
    "may") ``done`` comes back as ``None``."""

    name = "jo.ev.choose"
    words = W.WORDS
    reasons = REASONS


def choose(g: Context, role: str, options: list[str], *, verb: str, ask: str, rule: str, label: str,
           why: str | None = None, optional: bool = False, proc: str = Choose.name, **extra) -> None:
    """*role* picks one of *options* with the order ``VERB OPTION``; the answer comes back as ``ret``. *why*: the
    name of the card's reason for a space left out (:func:`reason`); *proc*: a :class:`Choose` of the card's own
    refusals, *extra* its frame's locals."""
    g.call(proc, role, verb=verb, options=list(options), ask=ask, rule=rule, label=label, why=why,
           optional=optional, **extra)


def choose_one(g: Context, f: dict, role: str, options: list[str], **how) -> None:
    """The one of *options* a text takes: none leaves no ``ret`` in the card's frame *f*; a single one goes there
    without asking (a single possible outcome); among several *role* chooses (:func:`choose` with *how*)."""
    if len(options) == 1:
        f["ret"] = options[0]
    elif options:
        choose(g, role, options, **how)


# -- removing forces ------------------------------------------------------------------------------------------

@procedure
class Pick(Binding, pickers.WordedPick):
    """An Event's removal of forces (engine.coin.pickers.WordedPick): ``remove SPACE PIECE`` one at a time, at most
    ``per_space`` from a space, ``done`` once ``min`` are removed, to Available or to J17's card (``burma``); with
    ``whole`` the first removal binds the faction to the card's count (:class:`Binding`). ``what`` names the piece
    in the prompt."""

    name = "jo.ev.pick"
    words = W.WORDS
    dest_names = {**pickers.DEST_NAME, "burma": "the Burma Theater card (J17)"}

    def text(self, g, f):
        return pickers.count_text(f, "remove", f["what"])


def pick(g: Context, role: str, keys, *, spaces: list[str] | None, max: int, min: int = 0,
         per_space: int | None = None, what: str, dest: str = "available", rule: str, label: str,
         bind: bool = False) -> None:
    """*role* removes up to *max* forces of *keys* from *spaces* (``None``: anywhere) to *dest*, at least *min*
    (5.1.3), at most *per_space* from a space; *bind*: the first removal binds it to *max* (ruling R-EVENT-MAY
    ``whole``)."""
    g.call(Pick.name, role, **pickers.pick_frame(list(keys), spaces=spaces, max=max, min=min, per_space=per_space,
                                                 dest=dest, rule=rule, label=label, what=what, whole=bind))


# -- placing forces (1.4.1 IMPORTANT, 1.4.2, 5.1.1; ruling R-EVENT-FROM-MAP) ------------------------------------

def can_place(g: Context, role: str, piece: str, sid: str) -> bool:
    """Whether *role* could place one *piece* in *sid* by an Event's text: stacking allows it (1.4.2), and one is
    Available, or it is *role*'s own and ruling R-EVENT-FROM-MAP lets it come from the map (1.4.1 IMPORTANT over
    5.1.1)."""
    if B.BOARD.room(g, sid, piece) == 0:
        return False
    if g.s["available"][piece]:
        return True
    return may_take_from_map(g, role, piece, "event") and bool(OWN.sources(g, sid, piece))


def any_placeable(g: Context, role: str, piece: str, spaces) -> bool:
    """Whether *role* could place one *piece* now in a space of *spaces* (:func:`can_place`), stopping at the
    first such space."""
    for s in spaces:
        if can_place(g, role, piece, s):
            return True
    return False


def place_refusal(g: Context, role: str, piece: str, sid: str, rule: str) -> str:
    """Why *role* may not place *piece* in *sid* by card *rule* (:func:`can_place`): stacking, or nothing to
    place."""
    kind = B.BOARD.pieces[piece]
    if B.BOARD.room(g, sid, piece) == 0:
        return W.because(f"{W.has(g, sid, piece)} already, the most one space holds", f"{rule}, 1.4.2, 5.1.1")
    if may_take_from_map(g, role, piece, "event"):
        return W.because(f"no {kind.label} is Available or on the map to take", f"{rule}, 1.4.1")
    if kind.side == role:
        return W.because(f"no {kind.label} is Available (the umpire's reading of ruling {OWN.event_ruling}: an "
                         "Event places only Available pieces)", f"{rule}, 5.1.1")
    return W.because(f"no {kind.label} is Available: an Event places the other faction's forces from Available "
                     "only", f"{rule}, 5.1.1")


@procedure
class Put(Binding, pickers.WordedPut):
    """An Event's placement (engine.coin.pickers.WordedPut): ``place SPACE`` one at a time among the card's spaces
    (the prompt names them: ``where``), at most ``per_space`` in one, ``done`` once ``min`` are placed (or the
    frame ends by itself when no more can be). Each comes from Available, Guerrillas Underground (1.4.3); a
    faction's own forces, with none Available, from the map (ruling R-EVENT-FROM-MAP: the owner is asked which,
    ``take SPACE PIECE``, and may take none). With ``whole`` the first piece binds the faction to the card's count
    (:class:`Binding`). It ends with the pieces placed per space as ``ret``."""

    name = "jo.ev.put"
    words = W.WORDS

    def fits(self, g, f, sid):
        return can_place(g, f["role"], f["piece"], sid)

    def take(self, g, f, arg):
        place_own(g, f["role"], arg, f["piece"], rule=f["rule"], label=f["label"], by="event")

    def text(self, g, f):
        what = B.BOARD.pieces[f["piece"]].named()
        return pickers.count_text(f, "place", f"{what} in {f['where']} (place SPACE)")

    def space_refusal(self, g, f, sid):
        """The card's limits on *sid*, stacking (1.4.2), a piece to place (1.4.1, 5.1.1)."""
        return super().space_refusal(g, f, sid) or place_refusal(g, f["role"], f["piece"], sid, f["rule"])

    def step(self, g, f):
        if f.get("over") or not self.options(g, f):
            g.end(dict(f["per"]))
            return True
        return False


def put(g: Context, role: str, piece: str, *, spaces: list[str], where: str, max: int, min: int = 0,
        per_space: int | None = None, rule: str, label: str, bind: bool = False) -> None:
    """*role* places up to *max* of *piece* (``mpaja``, ``non_mpaja``, ``police``...) in *spaces* (*where* says
    them in the prompt), at least *min* where it can (5.1.3), at most *per_space* in one space; *bind*: the first
    placed binds the faction to *max* (ruling R-EVENT-MAY ``whole``)."""
    g.call(Put.name, role, max_spaces=None, quota=None, where=where, whole=bind,
           **pickers.put_frame(piece, spaces=list(spaces), max=max, per_space=per_space, min=min, rule=rule,
                               label=label))


# -- Railways chosen one at a time (J2, J23) --------------------------------------------------------------------

#: A card's Railways, by name (frames hold the name): ``(candidates(g), reason(g, rid, rule))``, the Railways it
#: may take now and why another is not among them.
RAIL_TESTS: dict[str, tuple[Callable[[Context], list[str]], Callable[[Context, str, str], str]]] = {}


def rail_test(name: str, why_not: Callable[[Context, str, str], str]):
    """Registers a card's Railways under *name*, with its reason for one left out."""

    def deco(fn):
        RAIL_TESTS[name] = (fn, why_not)
        return fn

    return deco


@procedure
class Rails(Procedure):
    """Different Railways chosen one at a time (``sabotage RAILWAY`` or ``repair RAILWAY``: ``verb``), each given or
    relieved of one Sabotage marker as it is chosen (ruling R-SABOTAGE-EVENTS: one marker a Railway, an Event
    stacking it on one already there, 1.4.2; its alternative ``all`` clears a repaired Railway), up to ``count``,
    at least ``min`` where that many can be (5.1.3), then ``done``; with ``whole`` the first binds the faction to
    ``count`` (ruling R-EVENT-MAY). The Railways on offer are the card's (``test``, :data:`RAIL_TESTS`), asked
    again at each step; the frame ends by itself when none is left."""

    name = "jo.ev.rails"

    def options(self, g: Context, f: dict) -> list[str]:
        if len(f["chosen"]) >= f["count"]:
            return []
        return [r for r in RAIL_TESTS[f["test"]][0](g) if r not in f["chosen"]]

    def prompt(self, g, f):
        return pickers.counted_prompt(f["verb"], self.options(g, f), len(f["chosen"]), f["min"])

    def text(self, g, f):
        return pickers.tally(f"{pickers.who(f)}: {f['ask']} ({f['verb']} RAILWAY)", len(f["chosen"]), f["min"],
                             f["count"])

    def rule_for(self, g, f):
        return f["rule"]

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: ``done`` while the card's count can still be met (5.1.3, ruling R-EVENT-MAY
        ``whole``), a word naming no Railway (1.3.6), the card's count reached, a Railway chosen already, then the
        card's own reason (no marker left, the Railway's neighbours)."""
        rule, n, opts = f["rule"], len(f["chosen"]), self.options(g, f)
        if verb == "done":
            if n >= f["min"] or not opts:
                return None
            what = f"the card takes {f['min']} Railways where it can, and has taken {n}"
            return bound_refusal(f, what) if f.get("whole") and n else pickers.owed(W.WORDS, f, what)
        if verb != f["verb"] or arg is None or arg in opts:
            return None
        rid = W.rail_of(arg)
        if rid is None:
            return W.not_a_railway(arg, f"{rule}, 1.3.6")
        if n >= f["count"]:
            return W.because(f"the card takes up to {f['count']} Railways and has taken "
                             f"{W.names([W.rail_name(r) for r in f['chosen']], plain=True)}", rule)
        if rid in f["chosen"]:
            return W.because(f"the {W.rail_name(rid)} was chosen already: one marker a Railway",
                             f"{rule}, ruling R-SABOTAGE-EVENTS")
        if rid in opts:
            return W.because(f"{arg!r} is written '{f['verb']} {rid}'", rule)
        return RAIL_TESTS[f["test"]][1](g, rid, rule)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        f["chosen"].append(arg)
        if f.get("whole"):
            f["min"] = f["count"]
        if f["verb"] == "sabotage":
            B.sabotage(g, arg, f["label"], f["rule"], stack=True)
            return
        for _ in range(g.s["railways"][arg] if chosen(g.s, "R-SABOTAGE-EVENTS", "one") == "all" else 1):
            B.repair(g, arg, f["label"], f["rule"])

    def step(self, g, f):
        if not self.options(g, f):
            g.end()
            return True
        return False


def rails(g: Context, role: str, verb: str, test: str, *, count: int, ask: str, rule: str, label: str,
          min: int = 0, bind: bool = False) -> None:
    """*role* chooses up to *count* different Railways of the card's *test* (at least *min*) and, for each,
    ``sabotage`` places a Sabotage marker on it or ``repair`` removes one; *bind*: the first binds it to *count*
    (ruling R-EVENT-MAY ``whole``)."""
    g.call(Rails.name, role, verb=verb, test=test, count=count, min=min, whole=bind, ask=ask, chosen=[], rule=rule,
           label=label)


# -- Intel chits revealed or concealed one space at a time (1.11; engine.coin.space_choice.Spaces) ---------------

def intel_fact(g: Context, sid: str) -> str:
    """What *sid* holds of an Intel chit, never a concealed value (1.11)."""
    name = B.name(sid)
    if sid not in B.INTEL_SPACES:
        return f"{name} is {W.kind_of(sid)}, which has no Intel chit (1.3.5 NOTE)"
    if g.s["intel"][sid] is None:
        return f"the Intel chit of {name} is set aside until the Reset"
    return f"the Intel chit in {name} is {'revealed' if chits.revealed(g, sid) else 'concealed'}"


#: Each Intel chooser's verb: the chits it takes (their state) and its flip (1.11).
FLIPS = {"reveal": ("concealed", chits.concealed_spaces, chits.reveal_intel),
         "conceal": ("revealed", chits.revealed_spaces, chits.conceal_intel)}


class IntelSpaces(space_choice.Spaces):
    """Intel chits chosen one space at a time (``count``, at least ``min``), each flipped as it is chosen
    (:data:`FLIPS` of the class's ``verb``)."""

    words = W.WORDS

    def head(self, g, f):
        state = FLIPS[self.verb][0]
        return f"{pickers.who(f)}: choose {'an' if state[0] in 'aeiou' else 'a'} {state} Intel chit to {self.verb} " \
               f"({self.verb} SPACE)"

    def candidates(self, g, f):
        return FLIPS[self.verb][1](g)

    def chose(self, g, f, sid):
        FLIPS[self.verb][2](g, sid, f["label"], f["rule"])

    def space_refusal(self, g, f, sid):
        return W.because(f"{intel_fact(g, sid)}: the card {self.verb}s a {FLIPS[self.verb][0]} one", f["rule"])


@procedure
class Reveal(IntelSpaces):
    """``reveal SPACE``: each concealed chit chosen is flipped face up, its value drawn if nobody has seen it
    (1.11; J20 unshaded)."""

    name = "jo.ev.reveal"
    verb = "reveal"


@procedure
class Conceal(IntelSpaces):
    """``conceal SPACE``: each revealed chit chosen is flipped face down, its value known (1.11; J16 and J29
    shaded)."""

    name = "jo.ev.conceal"
    verb = "conceal"


def intel_frame(*, count: int, min: int, rule: str, label: str) -> dict:
    """Locals of a :class:`Reveal` or :class:`Conceal` frame: up to *count* chits, at least *min*."""
    return dict(count=count, min=min, chosen=[], rule=rule, label=label)


# -- what several texts ask of a space ----------------------------------------------------------------------------

#: The Provinces next to Thailand (1.3.3; ruling R-MAP-1): J11's and J18's spaces.
THAI = B.NEXT_TO_THAILAND


def camps(g: Context) -> list[str]:
    """The spaces with a Jungle Camp (1.10), in board order."""
    return B.spaces_with(g, "jungle_camp")


def agents_in_camps(g: Context) -> list[str]:
    """The spaces with Force 136 and a Jungle Camp (J4, J16 shaded, J24 shaded)."""
    return [s for s in camps(g) if B.sp(g, s)["force_136"]]


def troops_and_opposition(g: Context) -> list[str]:
    """The spaces with Troops and Opposition (J1 shaded, J31 unshaded)."""
    return [s for s in B.spaces_with(g, "troops") if B.opposed(g, s)]


def next_to_sabotage(g: Context) -> list[str]:
    """The Provinces adjacent to a Railway with a Sabotage marker (1.3.6; J23 shaded, J32 shaded)."""
    near = {s for r in B.sabotaged_rails(g) for s in B.RAIL_ADJ[r]}
    return [s for s in B.PROVINCES if s in near]
