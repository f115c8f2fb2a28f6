"""The choices many Cyprus Event texts share (rule 5.1: the executing faction decides, or the faction the text
names, ruling R-EVENT-FACTION): remove pieces, place Cells, mark spaces, and one choice among fixed options.

- :func:`pick` (``cy.ev.pick``, order ``remove SPACE PIECE``, PIECE ``troops``, ``police``, ``underground``,
  ``active`` or ``cache``): up to ``max`` pieces of some keys removed from some spaces to Available, Prison or
  card C4 (``suez``), at least ``min`` where there are that many (5.1.3), at most ``per_space`` from one space
  and at most ``most[key]`` of one key in all (C16: one Arms Cache). ``on_cache="pw"``: +1 Political Will an
  Arms Cache (C16's parenthesis); ``then="sabotage"``: a Sabotage marker where each piece left (C26).
- :func:`put` (``cy.ev.put``, order ``place SPACE``): up to ``max`` Cells placed, Underground (1.4.3), from
  Available (1.4.1, 5.1.1: Events place only Available pieces) or from Prison where the card says so (C7
  shaded), at most ``per_space`` in one space.
- :func:`mark` (``cy.ev.mark``, order ``space SPACE``): up to ``count`` different spaces each given a Sabotage
  marker (one of the fifteen, ruling R-SABOTAGE-POOL) or a Curfew (one a Town, 1.4.2; with none left in the
  pool the British move one from another Town, 1.10 L3293, ruling R-CURFEW-POOL: ``cy.ev.curfew-from``).
  Which spaces qualify is the card's test, named in :data:`MARK_TESTS` and asked again at each step.
- :func:`choose` (``cy.ev.choose``, the caller's verb): one of fixed options, back to the caller as ``ret``.

A count the card demands (``min``) is met where it can be: ``done`` is refused while something is left to do
(5.1.3: "An executed Event's text that can be implemented must be"); "up to" lets the faction stop sooner.
"""

from __future__ import annotations

from collections.abc import Callable

from ....coin import pickers, space_choice
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W

notation.declare(__name__, {"remove", "place", "space", "choose", "done"})

#: Cells, Underground and Active (1.4.3): the keys of a text that removes "Cells".
CELL_KEYS = ["cells_u", "cells_a"]
#: EOKA's forces (1.4): Cells and Arms Caches.
EOKA_KEYS = ["cells_u", "cells_a", "caches"]
#: Where a removed piece goes, as the log says it.
DEST = {"available": "Available", "prison": "Prison", "suez": "the Suez Crisis card (C4)"}
#: Where a placed Cell comes from.
SOURCE = {"available": "Available", "prison": "Prison"}


def cells_on_map(g: Context) -> int:
    """The Cells on the map (not those in Prison or Available)."""
    return sum(B.cells(B.sp(g, s)) for s in B.SPACES)


def with_cells(g: Context, spaces=None) -> list[str]:
    return [s for s in (B.SPACES if spaces is None else spaces) if B.cells(B.sp(g, s))]


# -- removing pieces ----------------------------------------------------------------------------------------

@procedure
class Pick(pickers.WordedPick):
    """An Event's removal of pieces (see the module; engine.coin.pickers.WordedPick): ``remove SPACE PIECE`` one
    at a time, then ``done`` once ``min`` are removed (or when nothing is left to remove, the frame ends by
    itself)."""

    name = "cy.ev.pick"
    words = W.WORDS
    dest_names = DEST

    def keys_now(self, f: dict) -> list[str]:
        """The keys still removable: those whose total limit (``most``, C16's one Arms Cache) is not reached."""
        most, of = f.get("most") or {}, f["of"]
        return [k for k in f["keys"] if k not in most or of.get(k, 0) < most[k]]

    def take(self, g, f, arg):
        super().take(g, f, arg)
        if f.get("then") == "sabotage":
            B.place_sabotage(g, arg.split(" ")[0], f["rule"])

    def removed(self, g, f, key):
        f["of"][key] = f["of"].get(key, 0) + 1
        if key == "caches" and f.get("on_cache") == "pw":
            B.shift_will(g, 1, f"{f['label']}: an Arms Cache was removed", rule=f["rule"])

    def piece_refusal(self, g, f, sid, key):
        """A piece of the card's keys in one of its spaces, refused: the card's limit in all (``most``), its
        limit per space, or none there."""
        rule = f["rule"]
        if key not in self.keys_now(f):
            return W.because(f"the card removes at most {W.count(f['most'][key], key)} in all, and has removed "
                             f"{'it' if f['most'][key] == 1 else 'them'}", rule)
        if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
            return W.because(f"{f['per'][sid]} piece(s) removed from {B.name(sid)} already, the most the card "
                             "takes from one space", rule)
        return W.because(f"{W.has(g, sid, key)} to remove", rule)


def pick(g: Context, role: str, keys: list[str], *, spaces: list[str] | None = None, max: int, min: int = 0,
         per_space: int | None = None, most: dict[str, int] | None = None, dest: str = "available",
         on_cache: str | None = None, then: str | None = None, rule: str, label: str) -> None:
    """*role* removes up to *max* pieces of *keys* (``cells_u``, ``cells_a``, ``caches``, ``troops``,
    ``police``) from *spaces* (``None``: anywhere on the map) to *dest*, at least *min* where there are that
    many (5.1.3), at most *per_space* from one space and ``most[key]`` of a key in all. ``on_cache="pw"``: +1
    Political Will an Arms Cache; ``then="sabotage"``: a Sabotage marker where each piece left."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, spaces=spaces, max=max, min=min, per_space=per_space,
                                                 dest=dest, rule=rule, label=label, most=most or {}, of={},
                                                 on_cache=on_cache, then=then))


def removable(g: Context, keys: list[str], spaces=None) -> int:
    """How many pieces of *keys* stand in *spaces* (``None``: the map): what "remove N" can take (5.1.3)."""
    return sum(B.sp(g, s)[k] for s in (B.SPACES if spaces is None else spaces) for k in keys)


# -- placing Cells ------------------------------------------------------------------------------------------

def supply(g: Context, f: dict) -> int:
    """The Cells the frame's source holds: Available, or Prison (C7 shaded)."""
    return g.s["prison"] if f["source"] == "prison" else g.s["available"][f["piece"]]


@procedure
class Put(pickers.WordedPut):
    """An Event's placement of pieces (see the module; engine.coin.pickers.WordedPut): ``place SPACE`` one at a
    time, then ``done`` once ``min`` are placed (or when no more can be, the frame ends by itself). Cells go in
    Underground (1.4.3)."""

    name = "cy.ev.put"
    words = W.WORDS

    def fits(self, g, f, sid):
        return bool(supply(g, f)) and B.may_place(g, sid, f["piece"])

    def take(self, g, f, arg):
        if f["source"] == "prison":
            B.place_from_prison(g, arg, 1, f["label"], f["rule"])
            return
        B.place(g, arg, f["piece"], 1)
        what = B.BOARD.pieces[f["piece"]].named()
        g.say(f"{f['label']}: placed {what}{' (Underground)' if f['piece'] == 'cells' else ''} in {B.name(arg)}.",
              faction=f["role"], rule=f["rule"])

    def text(self, g, f):
        what = "a Cell" if f["piece"] == "cells" else B.BOARD.pieces[f["piece"]].named()
        return pickers.count_text(f, "place", f"{what} from {SOURCE[f['source']]}")

    def space_refusal(self, g, f, sid):
        """A space the card names, refused: no piece left to place (1.4.1, 5.1.1), the card's limit per space,
        stacking (1.4.2)."""
        rule = f["rule"]
        if not supply(g, f):
            if f["source"] == "prison":
                return W.because(W.prison_of(g), f"{rule}, 5.1.3")
            return W.because(f"no {B.BOARD.pieces[f['piece']].label} is Available: an Event places only Available "
                             "pieces", f"{rule}, 5.1.1")
        if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
            return W.because(f"{f['per'][sid]} placed in {B.name(sid)} already, the most the card places in one "
                             "space", rule)
        return W.because(f"{W.has(g, sid, f['piece'])} already, the most one space holds", "1.4.2, 5.1.1")


def put(g: Context, role: str, piece: str = "cells", *, spaces: list[str], max: int, min: int = 0,
        per_space: int | None = None, source: str = "available", rule: str, label: str) -> None:
    """*role* places up to *max* of *piece* from *source* (``available``; ``prison`` for Cells, C7 shaded) in
    *spaces*, at least *min* where it can (5.1.3), at most *per_space* in one space."""
    g.call(Put.name, role, source=source, **pickers.put_frame(piece, spaces=list(spaces), max=max,
                                                              per_space=per_space, min=min, rule=rule,
                                                              label=label))


def placeable(g: Context, piece: str, spaces) -> list[str]:
    """The spaces of *spaces* where one *piece* from Available could go now (1.4.1, 1.4.2, 5.1.1)."""
    if not g.s["available"][piece]:
        return []
    return [s for s in spaces if B.may_place(g, s, piece)]


# -- marking spaces: Sabotage markers and Curfews -------------------------------------------------------------

#: A card's test of the spaces it marks, by name (frames hold plain data): ``(g, sid) -> bool`` asked at each
#: step, and the card's words for it (what a space must have).
MARK_TESTS: dict[str, tuple[Callable[[Context, str], bool], str]] = {}


def mark_test(name: str, need: str):
    """Registers a card's test of the spaces it marks under *name*, with its words *need* (``a Town with
    Troops``)."""

    def deco(fn):
        MARK_TESTS[name] = (fn, need)
        return fn

    return deco


def marker_left(g: Context, marker: str) -> bool:
    """Whether a marker may still be placed: one of the fifteen Sabotage markers off the map (ruling
    R-SABOTAGE-POOL; always where the umpire chose them unlimited), or for a Curfew one in the pool or on the
    map to move (1.10 L3293)."""
    if marker == "sabotage":
        return B.sabotage_left(g) != 0
    return B.curfew_pool(g) > 0 or B.curfews_on_map(g) > 0


def markable(g: Context, marker: str, test: str, sid: str) -> bool:
    """Whether *sid* passes the card's test and can take the marker (a Curfew: a Town without one, 1.4.2)."""
    if not MARK_TESTS[test][0](g, sid):
        return False
    return marker == "sabotage" or (B.is_town(sid) and not B.sp(g, sid)["curfew"])


def mark_spaces(g: Context, marker: str, test: str) -> list[str]:
    """The spaces the card could mark now (:func:`markable`), if a marker is left (:func:`marker_left`)."""
    if not marker_left(g, marker):
        return []
    return [s for s in B.SPACES if markable(g, marker, test, s)]


_MARKER = {"sabotage": "a Sabotage marker", "curfew": "a Curfew"}


@procedure
class Mark(space_choice.Spaces):
    """An Event's markers (see the module; engine.coin.space_choice.Spaces): ``space SPACE`` for each space chosen,
    up to ``count`` different spaces, at least ``min`` where it can (5.1.3); ``done`` ends it. Only spaces
    passing the card's test now, not chosen yet, and able to take the marker are offered."""

    name = "cy.ev.mark"
    words = W.WORDS
    does = ("marks", "marked")

    def candidates(self, g, f):
        return mark_spaces(g, f["marker"], f["test"])

    def head(self, g, f):
        return f"{pickers.who(f)}: choose {MARK_TESTS[f['test']][1]} for {_MARKER[f['marker']]}"

    def result(self, f):
        return None

    def owing(self, f):
        return f"the card places {f['min']} marker(s) where it can, and {len(f['chosen'])} so far"

    def space_refusal(self, g, f, sid):
        """A space refused by the marker's limits (1.4.2, 1.10; ruling R-SABOTAGE-POOL) or the card's test."""
        rule = f["rule"]
        if f["marker"] == "sabotage" and not marker_left(g, "sabotage"):
            return W.because(f"all {B.SABOTAGE_MARKERS} Sabotage markers are on the map", f"{rule}, 1.2, ruling "
                             "R-SABOTAGE-POOL")
        need = MARK_TESTS[f["test"]][1]
        if f["marker"] == "curfew" and B.sp(g, sid)["curfew"]:
            return W.because(f"{B.name(sid)} has a Curfew already: one a Town", f"{rule}, 1.4.2, 5.1.1")
        shown = ("troops", "curfew") if f["marker"] == "curfew" else ("troops", "police", "eoka")
        return W.because(f"the card marks {need}, and {W.has(g, sid, *shown)}", rule)

    def chose(self, g, f, sid):
        if f["marker"] == "sabotage":
            B.place_sabotage(g, sid, f["rule"])
        else:
            event_curfew(g, sid, f["chosen"], rule=f["rule"], label=f["label"])


def event_curfew(g: Context, town: str, placed: list[str], *, rule: str, label: str) -> None:
    """An Event's Curfew in *town*: from the pool, or with none left there the British move one from another
    Town, not one of *placed* (those this Event has placed, *town* among them: 1.10 L3293, ruling
    R-CURFEW-POOL, :class:`CurfewFrom`)."""
    if B.curfew_pool(g):
        B.place_curfew(g, town, rule)
        return
    sources = [s for s in B.curfew_spaces(g) if s not in placed]
    g.call(CurfewFrom.name, "british", to=town, options=sources, rule=rule, label=label)


@procedure
class CurfewFrom(Procedure):
    """No Curfew left in the pool when an Event places one: the British, whoever executes, choose the Curfew of
    another Town to move there (1.10 L3293; ruling R-CURFEW-POOL: never one this action has just placed);
    ``space SPACE`` names the Town it leaves."""

    name = "cy.ev.curfew-from"

    def prompt(self, g, f):
        return {"space": list(f["options"])}

    def text(self, g, f):
        return (f"British ({f['label']}): no Curfew is left in the pool; choose the Town whose Curfew moves to "
                f"{B.name(f['to'])}")

    def rule_for(self, g, f):
        return f["rule"]

    def explain(self, g, f, verb, arg):
        if verb != "space" or arg is None or arg in f["options"]:
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg == f["to"]:
            return W.because(f"the Curfew goes to {B.name(arg)}: it comes from another Town", "1.10")
        if B.sp(g, arg)["curfew"]:
            return W.because(f"the Curfew in {B.name(arg)} was placed by this Event: it is not moved again",
                             f"{f['rule']}, ruling R-CURFEW-POOL")
        return W.because(f"{B.name(arg)} has no Curfew to move ({W.curfews_of(g)})", "1.10")

    def act(self, g, f, verb, arg):
        B.move_curfew(g, arg, f["to"], f"{f['rule']}, 1.10")
        g.end()


def mark(g: Context, role: str, marker: str, test: str, *, count: int, min: int = 0, rule: str,
         label: str) -> None:
    """*role* chooses up to *count* different spaces passing the card's test *test* (:func:`mark_test`) and
    places *marker* (``sabotage`` or ``curfew``) in each, at least *min* where it can (5.1.3)."""
    g.call(Mark.name, role, marker=marker, test=test, count=count, min=min, chosen=[], rule=rule, label=label)


# -- one choice among fixed options ---------------------------------------------------------------------------

@procedure
class Choose(pickers.WordedChoice):
    """One choice an Event text asks for (engine.coin.pickers.WordedChoice): the option goes back as ``ret``.
    With ``optional`` the player may answer ``done``, which comes back as ``None``."""

    name = "cy.ev.choose"
    words = W.WORDS


def choose(g: Context, role: str, options: list[str], *, verb: str = "choose", ask: str, rule: str, label: str,
           optional: bool = False) -> None:
    """*role* picks one of *options* with the order ``VERB OPTION`` (or ``done`` if *optional*: ``None``); the
    answer comes back to the caller's frame as ``ret``."""
    g.call(Choose.name, role, verb=verb, options=list(options), ask=ask, rule=rule, label=label,
           optional=optional)
