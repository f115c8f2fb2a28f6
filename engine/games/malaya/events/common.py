"""The choices many Malaya Event texts share: remove pieces, place pieces, shift or set the level of spaces,
and one choice among fixed options (rule 5.1: the executing faction decides, or the faction the text names,
ruling R-EVENT-FACTION).

- :func:`pick` (``my.ev.pick``, order ``remove SPACE PIECE``): up to ``max`` pieces of some keys removed
  from some spaces, at least ``min`` where the card demands them (5.1.3). A Base removed may raise Political
  Will by 1 where the card says so (``on_base="pw"``: 7.1, M16 unshaded).
- :func:`put` (``my.ev.put``, order ``place SPACE``): up to ``max`` of one piece placed in some spaces. A
  faction placing its own forces takes them from Available, else from the map where the umpire's reading of
  1.4.1 against 5.1.1 allows (ruling R-1.4.1-EVENT); the other faction's forces come from Available only
  (5.1.1). Never beyond stacking (1.4.2: two Bases, none in an Economic Center, no British piece in
  Thailand).
- :func:`shift_spaces` (``my.ev.shift``, order ``space SPACE``): up to ``count`` of some spaces shifted by
  ``steps`` levels or set to a level. Terror does not hinder an Event's shift, and Thailand and the Economic
  Centers never take one (ruling R-EVENT-SHIFT). Only spaces the shift changes are offered; the card's count
  must be met where it can be (5.1.3). The spaces chosen go back to the caller as ``ret``.
- :func:`choose` (``my.ev.choose``, the caller's verb): one of fixed options, back to the caller as ``ret``;
  a space refused there gets the card's own reason where the caller names one (``why``, :func:`choice_reason`).

``pick`` and ``put`` also take ``max_spaces``: the pieces come from (go to) at most that many different
spaces ("up to 2 Police each in 2 Jungle Provinces", M12).
"""

from __future__ import annotations

from ....coin import pickers, space_choice
from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W
from ..operation import OWN, may_take_from_map, place_own

notation.declare(__name__, {"remove", "place", "space", "choose", "done"})


# -- removing pieces ----------------------------------------------------------------------------------------

@procedure
class Pick(pickers.WordedPick):
    """An Event's removal of pieces (engine.coin.pickers.WordedPick): ``remove SPACE PIECE`` one at a time, then
    ``done`` once ``min`` are removed (or nothing is left to remove), the card's limits per space and on the
    spaces used. With ``on_base="pw"``, each Base removed raises Political Will by 1 (7.1; M16 unshaded says
    so)."""

    name = "my.ev.pick"
    words = W.WORDS

    def removed(self, g, f, key):
        if key == "bases" and f.get("on_base") == "pw":
            shift_will(g, 1, f"{f['label']}: an MCP Base was removed", rule=f["rule"])


def pick(g: Context, role: str, keys: list[str], *, spaces: list[str] | None = None, max: int, min: int = 0,
         per_space: int | None = None, max_spaces: int | None = None, dest: str = "available",
         on_base: str | None = None, rule: str, label: str) -> None:
    """*role* removes up to *max* pieces of *keys* (space keys: ``guerrillas_u``, ``bases``...) from *spaces*
    (``None``: anywhere), at least *min* where there are that many (5.1.3), at most *per_space* from one
    space and from at most *max_spaces* spaces. ``on_base="pw"``: +1 Political Will a Base (7.1)."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, spaces=spaces, max=max, min=min, per_space=per_space,
                                                 dest=dest, rule=rule, label=label, on_base=on_base,
                                                 max_spaces=max_spaces))


# -- placing pieces -----------------------------------------------------------------------------------------

def can_place(g: Context, role: str, piece: str, sid: str) -> bool:
    """Whether *role* could place one *piece* in *sid* by an Event's text: stacking allows it (1.4.2), and one
    is Available, or it is *role*'s own and the umpire's reading lets it come from the map (1.4.1 IMPORTANT,
    5.1.1, ruling R-1.4.1-EVENT)."""
    if B.BOARD.room(g, sid, piece) == 0:
        return False
    if g.s["available"][piece]:
        return True
    return may_take_from_map(g, role, piece, "event") and bool(OWN.sources(g, sid, piece))


def place_refusal(g: Context, role: str, piece: str, sid: str, rule: str) -> str:
    """Why *role* may not place *piece* in *sid* (:func:`can_place`): stacking, or nothing to place."""
    kind = B.BOARD.pieces[piece]
    name = B.name(sid)
    if B.BOARD.room(g, sid, piece) == 0:
        if B.KIND[sid] == "foreign":
            return W.because(f"{name} holds MCP forces only: no {kind.label} may go there", "1.3.3, 1.4.2")
        if B.KIND[sid] in kind.never_in:
            return W.because(f"{name} is {W.kind_of(sid)}: no {kind.label} may go there", "1.4.2")
        return W.because(f"{W.has(g, sid, piece)} already, the most one space holds", "1.4.2")
    if may_take_from_map(g, role, piece, "event"):
        return W.because(f"no {kind.label} is Available or on the map to take", "1.4.1")
    if kind.side == role:
        return W.because(f"no {kind.label} is Available (the umpire's reading of ruling R-1.4.1-EVENT: an Event "
                         "places only Available pieces)", "5.1.1")
    return W.because(f"no {kind.label} is Available: an Event places the other faction's pieces from Available "
                     "only", "5.1.1")


@procedure
class Put(pickers.WordedPut):
    """An Event's placement of pieces (engine.coin.pickers.WordedPut): ``place SPACE`` one at a time, then
    ``done`` once ``min`` are placed (or nothing more can be). Each piece comes from Available; a faction's own
    forces, with none Available, from the map where ruling R-1.4.1-EVENT reads so (the owner is then asked
    which, ``take SPACE PIECE``, and may take none)."""

    name = "my.ev.put"
    words = W.WORDS

    def fits(self, g, f, sid):
        return can_place(g, f["role"], f["piece"], sid)

    def take(self, g, f, arg):
        place_own(g, f["role"], arg, f["piece"], rule=f["rule"], label=f["label"], by="event")

    def space_refusal(self, g, f, sid):
        """The card's limits on *sid*, stacking (1.4.2), a piece to place (1.4.1, 5.1.1)."""
        return super().space_refusal(g, f, sid) or place_refusal(g, f["role"], f["piece"], sid, f["rule"])


def put(g: Context, role: str, piece: str, *, spaces: list[str], max: int, min: int = 0,
        per_space: int | None = None, max_spaces: int | None = None, rule: str, label: str) -> None:
    """*role* places up to *max* of *piece* (``troops``, ``police``, ``guerrillas``, ``bases``) in *spaces*, at
    least *min* where it can (5.1.3), at most *per_space* in one space and in at most *max_spaces* spaces."""
    frame = pickers.put_frame(piece, spaces=list(spaces), max=max, per_space=per_space, min=min, rule=rule,
                              label=label)
    g.call(Put.name, role, max_spaces=max_spaces, **frame)


# -- shifting and setting levels ------------------------------------------------------------------------------

def shift_changes(g: Context, sid: str, steps: int, set_to: int | None) -> bool:
    """Whether shifting *sid* by *steps* (or setting it to *set_to*) changes its level: a space that takes a
    level (1.6 NOTE; ruling R-EVENT-SHIFT), not at that level or the end of the track already."""
    return B.SUPPORT.takes(sid) and space_choice.level_changes(B.level(g, sid), steps, set_to)


@procedure
class Shift(space_choice.LevelShift):
    """An Event's shift (or setting) of levels (engine.coin.space_choice.LevelShift): ``space SPACE`` for each space
    chosen, up to ``count``; the card must shift as many as it can up to ``min`` (default ``count``, 5.1.3), and
    only spaces whose level the shift changes are offered. Terror does not hinder it; Thailand and the Economic
    Centers take no level (ruling R-EVENT-SHIFT). Ends with the spaces chosen as ``ret``."""

    name = "my.ev.shift"
    words = W.WORDS
    level_words = {-1: "Opposition", 0: "Neutral", 1: "Support"}
    toward = ("Opposition", "Support")
    changes = staticmethod(shift_changes)
    shift_level = staticmethod(B.shift)
    set_level = staticmethod(B.set_level)

    def space_refusal(self, g, f, sid):
        """A space that never takes a level (1.6 NOTE, ruling R-EVENT-SHIFT), one the card does not name, or
        one whose level the shift would not change."""
        rule = f["rule"]
        if not B.SUPPORT.takes(sid):
            return W.because(f"{B.name(sid)} is never at Support or Opposition (1.6 NOTE, ruling R-EVENT-SHIFT)",
                             rule)
        if sid not in f["spaces"]:
            named = [s for s in f["spaces"] if B.SUPPORT.takes(s)]
            return W.because(f"{B.name(sid)} is not among the spaces the card names ({W.names(named)})", rule)
        return W.because(f"{W.level_of(g, sid)} already: the card's shift would change nothing there", rule)


#: *role* chooses spaces of the card's and shifts (or sets) their levels; the spaces whose level would change
#: (engine.coin.space_choice.LevelShift.start, .shiftable).
shift_spaces, shiftable = Shift.start, Shift.shiftable


# -- one choice among fixed options ---------------------------------------------------------------------------

#: Each card's own reason why a space is not among a choice's options, by name (engine.coin.pickers.Reasons).
CHOICE_REASONS = pickers.Reasons()
choice_reason = CHOICE_REASONS.register


@procedure
class Choose(pickers.WordedChoice):
    """One choice an Event text asks for (engine.coin.pickers.WordedChoice): the option goes back as ``ret``. A
    space refused gets the card's own reason where the caller named one (``why``)."""

    name = "my.ev.choose"
    words = W.WORDS
    reasons = CHOICE_REASONS


def choose(g: Context, role: str, options: list[str], *, verb: str, ask: str, rule: str, label: str,
           why: str | None = None) -> None:
    """*role* picks one of *options* with the order ``VERB OPTION``; the answer comes back to the caller's frame
    as ``ret``. *why*: the name of the card's reason for a space left out (:func:`choice_reason`)."""
    g.call(Choose.name, role, verb=verb, options=list(options), ask=ask, rule=rule, label=label, why=why)
