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

from collections.abc import Callable

from ....coin import pickers
from ....coin.will import shift_will
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W
from ..operation import OWN, may_take_from_map, place_own

notation.declare(__name__, {"remove", "place", "space", "choose", "done"})

#: The piece words of orders, for a refusal's form (``remove SPACE guerrilla-u|guerrilla-a|base``).
_WORDS = {k: B.BOARD.word_of_key[k] for k in B.BOARD.word_of_key}


def _who(f: dict) -> str:
    return f"{side_name(f['role'])} ({f['label']})"


def _count_text(f: dict, doing: str) -> str:
    """``remove a piece (0 of 2 to remove)`` while the card still demands pieces (5.1.3: ``done`` is not
    offered then), else ``(1 of up to 3), or done``."""
    if f["taken"] < f["min"]:
        return f"{_who(f)}: {doing} a piece ({f['taken']} of {f['min']} to {doing})"
    return f"{_who(f)}: {doing} a piece ({f['taken']} of up to {f['max']}), or done"


def _space_room(f: dict, sid: str) -> bool:
    """Whether *sid* may still be used: its ``per_space`` count not reached and, with ``max_spaces``, a space
    already used or room for one more."""
    used = f["per"]
    if f["per_space"] is not None and used.get(sid, 0) >= f["per_space"]:
        return False
    return f.get("max_spaces") is None or sid in used or len(used) < f["max_spaces"]


def _space_limit_refusal(f: dict, sid: str) -> str | None:
    """The card's limits on one space (``per_space``) and on the number of spaces (``max_spaces``)."""
    rule, used = f["rule"], f["per"]
    if f["per_space"] is not None and used.get(sid, 0) >= f["per_space"]:
        return W.because(f"{used[sid]} piece(s) in {B.name(sid)} already, the most the card allows in one space",
                         rule)
    if f.get("max_spaces") is not None and sid not in used and len(used) >= f["max_spaces"]:
        return W.because(f"the card uses at most {f['max_spaces']} space(s), and has used {W.names(list(used))}",
                         rule)
    return None


# -- removing pieces ----------------------------------------------------------------------------------------

@procedure
class Pick(pickers.Pick):
    """An Event's removal of pieces (engine.coin.pickers.Pick): ``remove SPACE PIECE`` one at a time, then
    ``done`` once ``min`` are removed (or nothing is left to remove). With ``on_base="pw"``, each Base
    removed raises Political Will by 1 (7.1; M16 unshaded says so)."""

    name = "my.ev.pick"

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        out = []
        for sid in B.SPACES if f["spaces"] is None else f["spaces"]:
            if not _space_room(f, sid):
                continue
            x = B.sp(g, sid)
            out += [f"{sid} {_WORDS[k]}" for k in f["keys"] if x[k]]
        return out

    def removed(self, g, f, key):
        if key == "bases" and f.get("on_base") == "pw":
            shift_will(g, 1, f"{f['label']}: an MCP Base was removed", rule=f["rule"])

    def text(self, g, f):
        return _count_text(f, "remove")

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused (:meth:`options`): the card's count (at least ``min``, 5.1.3; up to
        ``max``), its spaces, its pieces, its limits per space and on the spaces used."""
        rule = f["rule"]
        opts = self.options(g, f)
        if verb == "done" and f["taken"] < f["min"] and opts:
            return W.because(f"the card removes {f['min']} piece(s) where it can, and {f['taken']} removed so far: "
                             "what an Event can do, it must", f"{rule}, 5.1.3")
        if verb != "remove" or arg is None or arg in opts:
            return None
        if f["taken"] >= f["max"]:
            return W.because(f"the card removes up to {f['max']} piece(s), and has removed them", rule)
        words = W.parts(arg, 2)
        shape = "|".join(_WORDS[k] for k in f["keys"])
        if words is None or W.piece_key(words[1]) is None:
            return W.form("remove", f"SPACE {shape}", arg, rule)
        sid, key = words[0], W.piece_key(words[1])
        if not W.is_space(sid):
            return W.not_a_space(sid)
        if f["spaces"] is not None and sid not in f["spaces"]:
            return W.because(f"{B.name(sid)} is not among the spaces the card removes from "
                             f"({W.names(f['spaces'])})", rule)
        if key not in f["keys"]:
            wanted = W.names(sorted({W.NOUNS[k][1] for k in f["keys"]}), plain=True, joint="or")
            return W.because(f"the card removes {wanted}, not {W.NOUNS[key][1]}", rule)
        return _space_limit_refusal(f, sid) or W.because(f"{W.has(g, sid, key)} to remove", rule)


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
class Put(pickers.Put):
    """An Event's placement of pieces: ``place SPACE`` one at a time, then ``done`` once ``min`` are placed (or
    nothing more can be). Each piece comes from Available; a faction's own forces, with none Available, from
    the map where ruling R-1.4.1-EVENT reads so (the owner is then asked which, ``take SPACE PIECE``, and may
    take none)."""

    name = "my.ev.put"

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        return [s for s in f["spaces"] if _space_room(f, s) and can_place(g, f["role"], f["piece"], s)]

    def take(self, g, f, arg):
        place_own(g, f["role"], arg, f["piece"], rule=f["rule"], label=f["label"], by="event")

    def text(self, g, f):
        return _count_text(f, "place")

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused (:meth:`options`): the card's count (5.1.3), its spaces and limits,
        stacking (1.4.2), a piece to place (1.4.1, 5.1.1)."""
        rule = f["rule"]
        opts = self.options(g, f)
        if verb == "done" and f["taken"] < f["min"] and opts:
            return W.because(f"the card places {f['min']} piece(s) where it can, and {f['taken']} placed so far: "
                             "what an Event can do, it must", f"{rule}, 5.1.3")
        if verb != "place" or arg is None or arg in opts:
            return None
        if f["taken"] >= f["max"]:
            return W.because(f"the card places up to {f['max']} piece(s), and has placed them", rule)
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg not in f["spaces"]:
            return W.because(f"{B.name(arg)} is not among the spaces the card places in ({W.names(f['spaces'])})",
                             rule)
        return _space_limit_refusal(f, arg) or place_refusal(g, f["role"], f["piece"], arg, rule)


def put(g: Context, role: str, piece: str, *, spaces: list[str], max: int, min: int = 0,
        per_space: int | None = None, max_spaces: int | None = None, rule: str, label: str) -> None:
    """*role* places up to *max* of *piece* (``troops``, ``police``, ``guerrillas``, ``bases``) in *spaces*, at
    least *min* where it can (5.1.3), at most *per_space* in one space and in at most *max_spaces* spaces."""
    frame = pickers.put_frame(piece, spaces=list(spaces), max=max, per_space=per_space, min=min, rule=rule,
                              label=label)
    g.call(Put.name, role, max_spaces=max_spaces, **frame)


# -- shifting and setting levels ------------------------------------------------------------------------------

_LEVEL_WORD = {-1: "Opposition", 0: "Neutral", 1: "Support"}


def shift_changes(g: Context, sid: str, steps: int, set_to: int | None) -> bool:
    """Whether shifting *sid* by *steps* (or setting it to *set_to*) changes its level: a space that takes a
    level (1.6 NOTE; ruling R-EVENT-SHIFT), not at that level or the end of the track already."""
    if not B.SUPPORT.takes(sid):
        return False
    lv = B.level(g, sid)
    if set_to is not None:
        return lv != set_to
    return (steps > 0 and lv < 1) or (steps < 0 and lv > -1)


def _doing(f: dict) -> str:
    if f["set_to"] is not None:
        return f"set to {_LEVEL_WORD[f['set_to']]}"
    toward = "Support" if f["steps"] > 0 else "Opposition"
    return f"shifted {abs(f['steps'])} level{'s' if abs(f['steps']) != 1 else ''} toward {toward}"


@procedure
class Shift(pickers.Chooser):
    """An Event's shift (or setting) of levels: ``space SPACE`` for each space chosen, up to ``count``; the card
    must shift as many as it can up to ``min`` (default ``count``, 5.1.3), and only spaces whose level the
    shift changes are offered. Terror does not hinder it; Thailand and the Economic Centers take no level
    (ruling R-EVENT-SHIFT). Ends with the spaces chosen as ``ret``."""

    name = "my.ev.shift"
    verb = "space"

    def options(self, g, f):
        if len(f["chosen"]) >= f["count"]:
            return []
        return [s for s in f["spaces"] if s not in f["chosen"] and shift_changes(g, s, f["steps"], f["set_to"])]

    def prompt(self, g, f):
        opts = self.options(g, f)
        out = {"space": opts} if opts else {}
        if len(f["chosen"]) >= f["min"] or not opts:
            out["done"] = []
        return out

    def text(self, g, f):
        n = len(f["chosen"])
        if n < f["min"]:
            return f"{_who(f)}: choose a space to be {_doing(f)} ({n} of {f['min']})"
        return f"{_who(f)}: choose a space to be {_doing(f)} ({n} of up to {f['count']}), or done"

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: the card's count (5.1.3), its spaces, a space whose level the shift would
        not change (1.6; ruling R-EVENT-SHIFT)."""
        rule = f["rule"]
        opts = self.options(g, f)
        if verb == "done" and len(f["chosen"]) < f["min"] and opts:
            return W.because(f"the card has {f['min']} space(s) {_doing(f)} where it can, and {len(f['chosen'])} "
                             "so far: what an Event can do, it must", f"{rule}, 5.1.3")
        if verb != "space" or arg is None or arg in opts:
            return None
        if len(f["chosen"]) >= f["count"]:
            return W.because(f"the card chooses up to {f['count']} space(s), and has chosen "
                             f"{W.names(f['chosen'])}", rule)
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg in f["chosen"]:
            return W.because(f"{B.name(arg)} was chosen already", rule)
        if not B.SUPPORT.takes(arg):
            return W.because(f"{B.name(arg)} is never at Support or Opposition (1.6 NOTE, ruling R-EVENT-SHIFT)",
                             rule)
        if arg not in f["spaces"]:
            named = [s for s in f["spaces"] if B.SUPPORT.takes(s)]
            return W.because(f"{B.name(arg)} is not among the spaces the card names ({W.names(named)})", rule)
        return W.because(f"{W.level_of(g, arg)} already: the card's shift would change nothing there", rule)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end(list(f["chosen"]))
            return
        f["chosen"].append(arg)
        why = f["label"]
        if f["set_to"] is not None:
            B.set_level(g, arg, f["set_to"], why, f["rule"])
        else:
            B.shift(g, arg, f["steps"], why, f["rule"])

    def step(self, g, f):
        if not self.options(g, f):
            g.end(list(f["chosen"]))
            return True
        return False


def shift_spaces(g: Context, role: str, spaces: list[str], *, count: int, steps: int = 0, rule: str, label: str,
                 set_to: int | None = None, min: int | None = None) -> None:
    """*role* chooses up to *count* of *spaces* (the spaces the card names; those whose level the shift would not
    change are not offered) and shifts each by *steps* levels (+ toward Support), or sets it to *set_to* (-1
    Opposition, 0 Neutral, 1 Support). At least *min* (default *count*: an Event's "Shift 2
    spaces" must, 5.1.3) where that many can change. The spaces chosen come back to the caller as ``ret``."""
    g.call(Shift.name, role, spaces=list(spaces), count=count, steps=steps, set_to=set_to,
           min=count if min is None else min, chosen=[], rule=rule, label=label)


def shiftable(g: Context, spaces, steps: int = 0, set_to: int | None = None) -> list[str]:
    """The spaces of *spaces* whose level the shift (or setting) would change (:func:`shift_changes`)."""
    return [s for s in spaces if shift_changes(g, s, steps, set_to)]


# -- one choice among fixed options ---------------------------------------------------------------------------

#: A card's own reason why a space is not among a choice's options, by name (``choose(..., why=NAME)``): a
#: function ``(g, f, sid) -> refusal or None`` that states the card's condition with the facts of the space.
#: Frames hold the name only, so that they stay plain data.
CHOICE_REASONS: dict[str, Callable[[Context, dict, str], str | None]] = {}


def choice_reason(name: str):
    """Registers a card's reason for :class:`Choose` refusals under *name* (see :data:`CHOICE_REASONS`)."""

    def deco(fn):
        CHOICE_REASONS[name] = fn
        return fn

    return deco


@procedure
class Choose(pickers.Choice):
    """One choice an Event text asks for (engine.coin.pickers.Choice): the option goes back as ``ret``. A
    space refused gets the card's own reason where the caller named one (``why``)."""

    name = "my.ev.choose"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"the card's text must be carried out: {f['ask']}", f"{f['rule']}, 5.1.3")
        if verb != f["verb"] or arg is None or arg in f["options"]:
            return None
        spaces = all(W.is_space(o) for o in f["options"])
        if spaces and not W.is_space(arg):
            return W.not_a_space(arg)
        own = CHOICE_REASONS[f["why"]](g, f, arg) if spaces and f.get("why") else None
        if own:
            return own
        named = W.names(f["options"]) if spaces else W.names(list(f["options"]), plain=True, joint="or")
        return W.because(f"{arg!r} is not a choice here: it is one of {named} ({f['ask']})", f["rule"])


def choose(g: Context, role: str, options: list[str], *, verb: str, ask: str, rule: str, label: str,
           why: str | None = None) -> None:
    """*role* picks one of *options* with the order ``VERB OPTION``; the answer comes back to the caller's frame
    as ``ret``. *why*: the name of the card's reason for a space left out (:func:`choice_reason`)."""
    g.call(Choose.name, role, verb=verb, options=list(options), ask=ask, rule=rule, label=label, why=why)
