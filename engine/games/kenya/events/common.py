"""The choices many Kenya Event texts share: remove pieces, place pieces (from Available, the map where 1.4.1
allows, or "from anywhere (even Out of Play)"), shift or set the level of spaces, and one choice among fixed
options (rule 5.1: the executing faction decides, or the faction the text names, ruling R-EVENT-FACTION).

- :func:`pick` (``ke.ev.pick``, order ``remove SPACE PIECE``): up to ``max`` pieces of some keys removed from
  some spaces, at least ``min`` where the card demands them (5.1.3). A Base removed raises Political Will by 1
  where the card says so (``on_base="pw"``, K1 unshaded and its Tip).
- :func:`put` (``ke.ev.put``, order ``place SPACE``): up to ``max`` of one piece placed in some spaces. A
  faction placing its own forces takes them from Available, else from the map where ruling R-1.4.1 reads 1.4.1
  IMPORTANT over 5.1.1 (its default); the other faction's forces come from Available only (5.1.1). Never
  beyond stacking (1.4.2: two Bases a space).
- :func:`put_police_anywhere` (``ke.ev.police``, order ``place SPACE FROM``): Police "from anywhere (even Out
  of Play)" (K6, K17, K29 unshaded; ruling R-1.4.1): ``FROM`` is ``available``, ``out-of-play`` or the map
  space the cube leaves.
- :func:`shift_spaces` (``ke.ev.shift``, order ``space SPACE``): up to ``count`` spaces shifted by ``steps``
  levels or set to a level. Terror does not hinder an Event's shift; a Mountain Jungle or an Unpopulated
  Province never takes a level (1.6 NOTE; ruling R-EVENT-LEVEL). Only spaces the shift changes are offered;
  the card's count must be met where it can be (5.1.3). The spaces chosen go back to the caller as ``ret``.
- :func:`choose` (``ke.ev.choose``, the caller's verb): one of fixed options, back to the caller as ``ret``; a
  space refused there gets the card's own reason where the caller names one (``why``, :func:`choice_reason`).

``pick`` and ``put`` also take ``per_space`` and ``max_spaces`` (the pieces come from, or go to, at most that
many different spaces).
"""

from __future__ import annotations

from collections.abc import Callable

from ....coin import pickers, space_choice
from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W
from ..own_pieces import OWN, may_take_from_map, place_own

notation.declare(__name__, {"remove", "place", "space", "choose", "done"})

#: Where K6's Police may come from besides a map space (``place SPACE FROM``).
FROM_AVAILABLE, FROM_OUT_OF_PLAY = "available", "out-of-play"


# -- removing pieces ----------------------------------------------------------------------------------------

@procedure
class Pick(pickers.WordedPick):
    """An Event's removal of pieces (engine.coin.pickers.WordedPick): ``remove SPACE PIECE`` one at a time, then
    ``done`` once ``min`` are removed (or nothing is left to remove), the card's limits per space and on the
    spaces used. With ``on_base="pw"``, each Base removed raises Political Will by 1 (K1 unshaded and its
    Tip)."""

    name = "ke.ev.pick"
    words = W.WORDS

    def removed(self, g, f, key):
        if key == "bases" and f.get("on_base") == "pw":
            shift_will(g, 1, f"{f['label']}: a Mau Mau Base was removed", rule=f["rule"])


def pick(g: Context, role: str, keys: list[str], *, spaces: list[str] | None = None, max: int, min: int = 0,
         per_space: int | None = None, max_spaces: int | None = None, dest: str = "available",
         on_base: str | None = None, rule: str, label: str) -> None:
    """*role* removes up to *max* pieces of *keys* (space keys: ``guerrillas_u``, ``bases``, ``police``...)
    from *spaces* (``None``: anywhere), at least *min* where there are that many (5.1.3), at most *per_space*
    from one space and from at most *max_spaces* spaces. ``on_base="pw"``: +1 Political Will a Base (K1)."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, spaces=spaces, max=max, min=min, per_space=per_space,
                                                 dest=dest, rule=rule, label=label, on_base=on_base,
                                                 max_spaces=max_spaces))


def removable(g: Context, keys: list[str], spaces) -> int:
    """How many pieces of *keys* stand in *spaces*: what a "remove all" or "remove N" text can take (5.1.3)."""
    return sum(B.sp(g, s)[k] for s in spaces for k in keys)


# -- placing pieces -----------------------------------------------------------------------------------------

def can_place(g: Context, role: str, piece: str, sid: str) -> bool:
    """Whether *role* could place one *piece* in *sid* by an Event's text: stacking allows it (1.4.2), and one
    is Available, or it is *role*'s own and ruling R-1.4.1 lets it come from the map (1.4.1 IMPORTANT, 5.1.1)."""
    if B.BOARD.room(g, sid, piece) == 0:
        return False
    if g.s["available"][piece]:
        return True
    return may_take_from_map(g, role, piece, "event") and bool(OWN.sources(g, sid, piece))


def place_refusal(g: Context, role: str, piece: str, sid: str, rule: str) -> str:
    """Why *role* may not place *piece* in *sid* (:func:`can_place`): stacking, or nothing to place."""
    kind = B.BOARD.pieces[piece]
    if B.BOARD.room(g, sid, piece) == 0:
        return W.because(f"{W.has(g, sid, piece)} already, the most one space holds", "1.4.2, 5.1.1")
    if may_take_from_map(g, role, piece, "event"):
        return W.because(f"no {kind.label} is Available or on the map to take", "1.4.1")
    if kind.side == role:
        return W.because(f"no {kind.label} is Available (the umpire's reading of ruling R-1.4.1: an Event places "
                         "only Available pieces)", "5.1.1")
    return W.because(f"no {kind.label} is Available: an Event places the other faction's pieces from Available "
                     "only", "5.1.1")


@procedure
class Put(pickers.WordedPut):
    """An Event's placement of pieces (engine.coin.pickers.WordedPut): ``place SPACE`` one at a time, then
    ``done`` once ``min`` are placed (or nothing more can be). Each piece comes from Available; a faction's own
    forces, with none Available, from the map where ruling R-1.4.1 reads so (the owner is then asked which,
    ``take SPACE PIECE``, and may take none)."""

    name = "ke.ev.put"
    words = W.WORDS

    def fits(self, g, f, sid):
        return can_place(g, f["role"], f["piece"], sid)

    def take(self, g, f, arg):
        place_own(g, f["role"], arg, f["piece"], rule=f["rule"], label=f["label"], by="event")

    def space_refusal(self, g, f, sid):
        """The card's limits on *sid*, stacking (1.4.2), a piece to place (1.4.1, 5.1.1)."""
        return super().space_refusal(g, f, sid) or place_refusal(g, f["role"], f["piece"], sid, f["rule"])


def put(g: Context, role: str, piece: str, *, spaces: list[str], max: int, min: int = 0,
        per_space: int | None = None, max_spaces: int | None = None, quota: dict[str, int] | None = None,
        rule: str, label: str) -> None:
    """*role* places up to *max* of *piece* (``troops``, ``police``, ``guerrillas``, ``bases``) in *spaces*, at
    least *min* where it can (5.1.3), at most *per_space* in one space (or ``quota[space]``, K6 shaded's one a
    Terror marker) and in at most *max_spaces* spaces."""
    frame = pickers.put_frame(piece, spaces=list(spaces), max=max, per_space=per_space, min=min, rule=rule,
                              label=label)
    g.call(Put.name, role, max_spaces=max_spaces, quota=dict(quota) if quota else None, **frame)


def placeable(g: Context, role: str, piece: str, spaces) -> list[str]:
    """The spaces of *spaces* where *role* could place one *piece* now (:func:`can_place`)."""
    return [s for s in spaces if can_place(g, role, piece, s)]


# -- Police from anywhere (K6, K17, K29 unshaded; ruling) ---------------------------------------------

#: The spaces a Police placement "from anywhere" may go to, by name (frames hold the name, plain data): a
#: function ``g -> spaces`` evaluated at each placement (K6: the Reserve Provinces British Controlled now).
TARGETS: dict[str, Callable[[Context], list[str]]] = {}
#: The card's own reason why a space is not a target, by the same name: ``(g, sid) -> refusal``.
TARGET_REASONS: dict[str, Callable[[Context, str], str]] = {}


def police_targets(name: str, reason: Callable[[Context, str], str]):
    """Registers the targets of a "from anywhere" placement under *name*, with the card's reason for a space
    left out (:data:`TARGETS`, :data:`TARGET_REASONS`)."""

    def deco(fn):
        TARGETS[name] = fn
        TARGET_REASONS[name] = reason
        return fn

    return deco


def police_sources(g: Context, sid: str) -> list[str]:
    """Where one Police cube for *sid* may come from: ``available``, ``out-of-play``, or any other map space
    holding Police (ruling R-1.4.1: "from anywhere (even Out of Play)")."""
    out = []
    if g.s["available"]["police"]:
        out.append(FROM_AVAILABLE)
    if B.out_of_play(g):
        out.append(FROM_OUT_OF_PLAY)
    return out + [s for s in B.SPACES if s != sid and B.sp(g, s)["police"]]


@procedure
class PoliceAnywhere(pickers.Chooser):
    """Police placed "from anywhere (even Out of Play)" (K6, K17, K29 unshaded; ruling R-1.4.1): ``place SPACE
    FROM`` one cube at a time, ``FROM`` being ``available``, ``out-of-play`` or the map space it leaves (Control
    follows in both spaces at once, 1.7); ``done`` once ``min`` are placed or none can be
    (engine.coin.pickers.Chooser). The targets are the card's (``targets``, a name in :data:`TARGETS`), tested
    at each placement."""

    name = "ke.ev.police"
    verb = "place"

    def options(self, g: Context, f: dict) -> list[str]:
        if f["taken"] >= f["max"]:
            return []
        return [f"{sid} {src}" for sid in TARGETS[f["targets"]](g) if pickers.space_room(f, sid)
                for src in police_sources(g, sid)]

    def text(self, g, f):
        return pickers.count_text(f, "place") + " (place SPACE available|out-of-play|FROM-SPACE)"

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: the card's count (5.1.3), the form, the card's spaces (its own reason), a
        source holding no Police cube."""
        rule = f["rule"]
        opts = self.options(g, f)
        if verb == "done":
            return pickers.done_refusal(W.WORDS, f, "place", opts)
        if verb != "place" or arg is None or arg in opts:
            return None
        if f["taken"] >= f["max"]:
            return W.because(f"the card places up to {f['max']} Police, and has placed them", rule)
        words = W.parts(arg, 2)
        if words is None:
            return W.form("place", "SPACE available|out-of-play|FROM-SPACE", arg, rule)
        sid, src = words
        if not W.is_space(sid):
            return W.not_a_space(sid)
        if sid not in TARGETS[f["targets"]](g):
            return TARGET_REASONS[f["targets"]](g, sid)
        if (limit := pickers.space_limit_refusal(W.WORDS, f, sid)) is not None:
            return limit
        if src == FROM_AVAILABLE:
            return W.because("no Police cube is Available", f"{rule}, 1.4.1")
        if src == FROM_OUT_OF_PLAY:
            return W.because(W.out_of_play(g), f"{rule}, 1.3.5")
        if not W.is_space(src):
            return W.because(f"{src!r} is no source: the Police come from available, out-of-play or a map space",
                             rule)
        if src == sid:
            return W.because(f"a Police cube of {B.name(sid)} placed in {B.name(sid)} would change nothing", rule)
        return W.because(f"{W.has(g, src, 'police')} to take", f"{rule}, ruling R-1.4.1")

    def take(self, g, f, arg):
        sid, src = arg.split(" ")
        if src == FROM_OUT_OF_PLAY:
            B.police_from_out_of_play(g, sid, 1, f["label"], f["rule"])
        elif src == FROM_AVAILABLE:
            B.place(g, sid, "police", 1)
            g.say(f"{f['label']}: placed a Police cube from Available in {B.name(sid)}.", faction=f["role"],
                  rule=f["rule"])
        else:
            g.say(f"{f['label']}: moved a Police cube from {B.name(src)} to place it in {B.name(sid)}.",
                  faction=f["role"], rule=f"{f['rule']}, ruling R-1.4.1")
            B.move(g, src, sid, "police")


def put_police_anywhere(g: Context, role: str, targets: str, *, max: int, min: int = 0,
                        per_space: int | None = None, rule: str, label: str) -> None:
    """*role* places up to *max* Police (at least *min* where it can, 5.1.3) "from anywhere (even Out of Play)"
    in the spaces :data:`TARGETS` ``[targets]`` gives at each placement."""
    g.call(PoliceAnywhere.name, role, targets=targets, max=max, min=min, per_space=per_space, max_spaces=None,
           rule=rule, label=label, taken=0, per={})


def police_anywhere_possible(g: Context, targets: str) -> bool:
    """Whether one Police cube could be placed "from anywhere" in a target of *targets* now."""
    return any(police_sources(g, sid) for sid in TARGETS[targets](g))


# -- shifting and setting levels ------------------------------------------------------------------------------

def shift_changes(g: Context, sid: str, steps: int, set_to: int | None) -> bool:
    """Whether shifting *sid* by *steps* (or setting it to *set_to*) changes its level: Nairobi or a Populated
    Province (1.6 and its NOTE; ruling R-EVENT-LEVEL), not at that level or the end of the track already.
    Terror never hinders it."""
    return B.takes_level(g, sid) and space_choice.level_changes(B.level(g, sid), steps, set_to)


@procedure
class Shift(space_choice.LevelShift):
    """An Event's shift (or setting) of levels (engine.coin.space_choice.LevelShift): ``space SPACE`` for each space
    chosen, up to ``count``; the card must shift as many as it can up to ``min`` (default ``count``, 5.1.3), and
    only spaces whose level the shift changes are offered (ruling R-EVENT-LEVEL). Ends with the spaces chosen as
    ``ret``."""

    name = "ke.ev.shift"
    words = W.WORDS
    level_words = {-1: "Resistance", 0: "Neutral", 1: "Loyal"}
    toward = ("Resistance", "Loyalty")
    changes = staticmethod(shift_changes)
    shift_level = staticmethod(B.shift)
    set_level = staticmethod(B.set_level)

    def space_refusal(self, g, f, sid):
        """A space the card does not name, or one whose level the shift would not change (1.6; ruling
        R-EVENT-LEVEL)."""
        rule = f["rule"]
        if sid not in f["spaces"]:
            return W.because(f"{B.name(sid)} is not among the spaces the card names ({W.names(f['spaces'])})", rule)
        if not B.takes_level(g, sid):
            return W.because(W.level_of(g, sid), f"{rule}, ruling R-EVENT-LEVEL")
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
    space refused gets the card's own reason where the caller named one (``why``). With ``optional`` the
    player may answer ``done`` (a text's "may"), which comes back as ``None``."""

    name = "ke.ev.choose"
    words = W.WORDS
    reasons = CHOICE_REASONS


def choose(g: Context, role: str, options: list[str], *, verb: str, ask: str, rule: str, label: str,
           why: str | None = None, optional: bool = False) -> None:
    """*role* picks one of *options* with the order ``VERB OPTION`` (or ``done`` if *optional*: ``None``); the
    answer comes back to the caller's frame as ``ret``. *why*: the name of the card's reason for a space left
    out (:func:`choice_reason`)."""
    g.call(Choose.name, role, verb=verb, options=list(options), ask=ask, rule=rule, label=label, why=why,
           optional=optional)


# -- Terror markers -----------------------------------------------------------------------------------------

def event_terror(g: Context, sid: str, role: str, rule: str, label: str) -> bool:
    """An Event places a Terror marker in *sid*, even where one is (1.4.2), if one of the 15 is left (1.9;
    markers never come from the map, ruling R-1.4.1); says so when none is. Returns whether one was placed."""
    if B.place_terror(g, sid, rule, by_event=True):
        return True
    g.say(f"{label}: no Terror marker was placed in {B.name(sid)}: all {B.TERROR_MARKERS} are on the map.",
          faction=role, rule=f"{rule}, 1.9, 5.1.1")
    return False


# -- what several cards ask of a space --------------------------------------------------------------------------

GUERRILLA_KEYS = ["guerrillas_u", "guerrillas_a"]


def guerrilla_spaces(g: Context, spaces) -> list[str]:
    """Those of *spaces* that hold a Guerrilla."""
    return [s for s in spaces if B.guerrillas(B.sp(g, s))]


def whole_or_part(g: Context, spaces: list[str]) -> list[str]:
    """Of *spaces*, those that take a level (Nairobi or a Populated Province, 1.6 NOTE), where a text that sets
    one can be carried out whole; all of *spaces* if none does (5.1.3, ruling R-EVENT-LEVEL)."""
    whole = [s for s in spaces if B.takes_level(g, s)]
    return whole or list(spaces)
